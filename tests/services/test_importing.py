"""The import service: all-or-nothing storing, revisions with differences, vendor profiles."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from computescore.domain.problems import Severity
from computescore.domain.quotes import LineKind, PriceUnit, QuoteLine, Vendor, VendorKind
from computescore.domain.workload import Evaluation
from computescore.io.refusal import FileRefused
from computescore.services.importing import (
    ImportRefused,
    confusable_key,
    describe_differences,
    import_files,
)
from computescore.services.workspace import canonical_lines
from computescore.store.repository import Store
from tests.fixtures import hostile
from tests.fixtures.dump import dump_store
from tests.fixtures.progress import Recorder

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
EVALUATION = "Q3 capacity"


@pytest.fixture
def store(db_target: Path | str) -> Iterator[Store]:
    with Store.open(db_target) as opened:
        with opened.transaction() as uow:
            uow.add_evaluation(Evaluation(EVALUATION, date(2026, 11, 22)))
        yield opened


def write_csv(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def test_sample_is_stored_with_its_canonical_values(store: Store) -> None:
    report = import_files(store, [SAMPLES / "stratus_cloud_quote.xlsx"])
    assert [(q.vendor, q.reference, q.revision) for q in report.quotes] == [
        ("Stratus Cloud, Inc.", "SC-2026-1147", 1)
    ]
    expected = json.loads(
        (SAMPLES / "expected" / "stratus_cloud_quote.xlsx.json").read_text(encoding="utf-8")
    )["quotes"][0]["lines"]
    stored = canonical_lines(store, EVALUATION)
    assert len(stored) == len(expected) == 10
    for got, want in zip(
        sorted(stored, key=lambda x: x["source"]),
        sorted(expected, key=lambda x: x["source"]),
        strict=True,
    ):
        for name in (
            "description",
            "accelerator",
            "accelerator_count",
            "deployment",
            "term_months",
            "price_unit",
            "currency",
            "country",
            "source",
        ):
            assert got[name] == want[name], name
        assert Decimal(got["price"]) == Decimal(want["price"])
    with store.reading() as uow:
        assert uow.vendor_row("Stratus Cloud, Inc.") is not None
        assert uow.mapping_profile("Stratus Cloud, Inc.")["columns"]["pricing model"] == (
            "deployment"
        )


def test_importing_again_makes_a_revision_and_lists_differences(
    store: Store, tmp_path: Path
) -> None:
    text = (
        "Description,GPU,GPUs,Billing,Price per GPU-hour\n"
        "Cluster,H100 SXM,16,On-demand,$3.10\nSmall,L40S,4,On-demand,$1.10\n"
    )
    first = write_csv(tmp_path, "acme.csv", "Quote ref,Q-9\n\n" + text)
    import_files(store, [first], vendor="Acme", vendor_kind=VendorKind.GPU_CLOUD)
    again = import_files(store, [first], vendor="Acme")
    assert again.quotes[0].revision == 2
    assert again.quotes[0].differences == ("no differences from revision 1",)
    changed = write_csv(
        tmp_path,
        "acme2.csv",
        "Quote ref,Q-9\n\n"
        + text.replace("$3.10", "$2.90").replace("Small,L40S,4,On-demand,$1.10\n", ""),
    )
    third = import_files(store, [changed], vendor="Acme")
    assert third.quotes[0].revision == 3
    assert third.quotes[0].differences == (
        "price of Cluster (on-demand): 3.10 USD → 2.90 USD",
        "line removed: Small (on-demand)",
    )
    with store.reading() as uow:
        summaries = uow.quote_summaries(uow.evaluation_row(EVALUATION).id)
    assert [s.revision for s in summaries] == [1, 2, 3]


def test_saved_profile_is_reused_for_the_vendors_next_file(store: Store, tmp_path: Path) -> None:
    path = write_csv(tmp_path, "odd.csv", 'Item,Zorg,Per\nSupport,"1,250.00",per month\n')
    with pytest.raises(FileRefused):
        import_files(store, [path], vendor="Odd Co")
    import_files(
        store,
        [path],
        vendor="Odd Co",
        overrides=["Zorg=price", "Per=price_unit"],
        currency="USD",
        vendor_kind=VendorKind.GPU_CLOUD,
    )
    later = write_csv(tmp_path, "odd2.csv", 'Item,Zorg,Per\nSupport,"1,300.00",per month\n')
    report = import_files(store, [later], vendor="Odd Co")
    assert report.quotes[0].lines[0].price == Decimal("1300.00")
    assert report.quotes[0].lines[0].currency == "USD"


def test_profile_of_a_vendor_the_file_names_is_applied_without_reading_the_file_again(
    store: Store, tmp_path: Path
) -> None:
    first = write_csv(tmp_path, "a.csv", "Vendor,Odd Co\n\nDescription,Monthly fee\nSupport,1250\n")
    import_files(store, [first], currency="EUR", vendor_kind=VendorKind.GPU_CLOUD)
    with store.reading() as uow:
        assert uow.mapping_profile("Odd Co")["currency"] == "EUR"
    # The next file states no currency: only the saved profile supplies it.
    later = write_csv(tmp_path, "b.csv", "Vendor,Odd Co\n\nDescription,Monthly fee\nSupport,1300\n")
    progress = Recorder()
    report = import_files(store, [later], progress=progress)
    assert [(line.price, line.currency) for line in report.quotes[0].lines] == [
        (Decimal("1300"), "EUR")
    ]
    assert progress.messages.count("Checked the file") == 1
    assert progress.messages.count("Finding the quote table") == 2


# 29
def test_an_error_on_row_1000_of_1001_stores_nothing(store: Store, tmp_path: Path) -> None:
    rows = [f"Line {n},H100 SXM,8,On-demand,$2.{n % 100:02d}" for n in range(1, 1002)]
    rows[999] = "Line 1000,H100 SXM,8,On-demand,see notes"
    path = write_csv(
        tmp_path,
        "long.csv",
        "Description,GPU,GPUs,Billing,Price per GPU-hour\n" + "\n".join(rows) + "\n",
    )
    before = dump_store(store)
    with pytest.raises(ImportRefused) as caught:
        import_files(store, [path], vendor="Acme")
    assert "long.csv!E1001" in str(caught.value) and "nothing was imported" in str(caught.value)
    assert any(p.source == "long.csv!E1001" for p in caught.value.problems)
    assert dump_store(store) == before


def test_one_refused_file_refuses_the_whole_import(store: Store, tmp_path: Path) -> None:
    good = SAMPLES / "meridian_price_list.csv"
    bad = hostile.far_corner(tmp_path)
    before = dump_store(store)
    with pytest.raises(FileRefused, match=r"far_corner\.xlsx"):
        import_files(store, [good, bad])
    assert dump_store(store) == before


def test_dry_run_writes_nothing_but_reports_the_revision(store: Store) -> None:
    import_files(store, [SAMPLES / "meridian_price_list.csv"])
    before = dump_store(store)
    report = import_files(store, [SAMPLES / "meridian_price_list.csv"], dry_run=True)
    assert report.dry_run and report.batch_id is None
    assert [(q.revision, q.quote_id) for q in report.quotes] == [(2, None)]
    assert report.line_count == 5
    assert dump_store(store) == before


def test_file_without_a_vendor_name_needs_one(store: Store, tmp_path: Path) -> None:
    path = write_csv(tmp_path, "anon.csv", "Description,Price (USD),Unit\nSupport,100,per month\n")
    with pytest.raises(ImportRefused, match="does not name the vendor"):
        import_files(store, [path])


# 25
@pytest.mark.parametrize(
    "lookalike",
    ["Асме Ltd", "Acme\u200bLtd", "ＡＣＭＥ Ltd", "Acme Ltd\u00a0", "acme  ltd"],
)
def test_lookalike_vendor_names_are_flagged_as_possible_duplicates(
    store: Store, tmp_path: Path, lookalike: str
) -> None:
    with store.transaction() as uow:
        uow.upsert_vendor(Vendor("Acme Ltd", VendorKind.GPU_CLOUD))
    path = write_csv(tmp_path, "q.csv", "Description,Price (USD),Unit\nSupport,100,per month\n")
    report = import_files(store, [path], vendor=lookalike, vendor_kind=VendorKind.GPU_CLOUD)
    flagged = [p for p in report.problems if "Possible duplicate of ‘Acme Ltd’" in p.message]
    assert len(flagged) == 1 and flagged[0].severity is Severity.WARNING


def test_vendor_name_with_direction_controls_is_refused(store: Store, tmp_path: Path) -> None:
    path = write_csv(tmp_path, "q.csv", "Description,Price (USD),Unit\nSupport,100,per month\n")
    with pytest.raises(ImportRefused, match="invisible"):
        import_files(store, [path], vendor="Acme\u202eDTL")


def test_confusable_key() -> None:
    assert confusable_key("Асме Ltd") == confusable_key("Acme Ltd") == "acmeltd"
    assert confusable_key("Acme Ltd") != confusable_key("Acne Ltd")


def test_an_empty_workspace_gets_an_evaluation_named_after_the_file(db_target: Path | str) -> None:
    path = SAMPLES / "meridian_price_list.csv"
    with Store.open(db_target) as store:
        dry = import_files(store, [path], dry_run=True, today=date(2026, 11, 22))
        assert (dry.evaluation, dry.created_evaluation) == ("Quotes from meridian price list", True)
        with store.reading() as uow:
            assert uow.evaluation_names() == []
        report = import_files(store, [path], today=date(2026, 11, 22))
        assert (report.evaluation, report.created_evaluation) == (
            "Quotes from meridian price list",
            True,
        )
        with store.reading() as uow:
            assert uow.evaluation_names() == ["Quotes from meridian price list"]
            assert uow.evaluation_row().decision_date == date(2026, 11, 22)


def test_another_evaluation_is_created_only_when_asked(db_target: Path | str) -> None:
    path = SAMPLES / "meridian_price_list.csv"
    with Store.open(db_target) as store:
        with store.transaction() as uow:
            uow.add_evaluation(Evaluation("Pool", date(2026, 11, 22)))
        with pytest.raises(Exception, match="no evaluation named 'New pool'"):
            import_files(store, [path], evaluation="New pool")
        report = import_files(
            store, [path], evaluation="New pool", create_evaluation=True, today=date(2026, 11, 22)
        )
        assert (report.evaluation, report.created_evaluation) == ("New pool", True)
        again = import_files(store, [path], evaluation="New pool", create_evaluation=True)
        assert again.created_evaluation is False
        with store.reading() as uow:
            assert uow.evaluation_names() == ["New pool", "Pool"]


def test_differences_cover_terms_and_dates() -> None:
    from computescore.domain.quotes import Quote, SlaTerms

    vendor = Vendor("V", VendorKind.GPU_CLOUD)
    old = Quote(vendor, "R", (), valid_until=date(2026, 12, 1), sla=SlaTerms(99.9))
    new = Quote(vendor, "R", (), valid_until=date(2026, 12, 31), sla=SlaTerms(99.95))
    assert describe_differences(old, new) == (
        "valid until: 2026-12-01 → 2026-12-31",
        "uptime commitment: 99.9 → 99.95",
    )


def test_overrides_can_be_given_per_file(store: Store, tmp_path: Path) -> None:
    first = write_csv(tmp_path, "a.csv", 'Item,Zorg,Per\nSupport,"1,250.00",per month\n')
    second = write_csv(tmp_path, "b.csv", 'Item,Cost,Per\nSupport,"900.00",per month\n')
    report = import_files(
        store,
        [str(first), str(second)],
        vendor="Odd Co",
        vendor_kind=VendorKind.GPU_CLOUD,
        currency="USD",
        overrides={str(first): ["Zorg=price", "Per=price_unit"], str(second): ["Per=price_unit"]},
    )
    assert [q.lines[0].price for q in report.quotes] == [Decimal("1250.00"), Decimal("900.00")]


def test_cancel_during_an_import_leaves_the_database_unchanged(store: Store) -> None:
    from computescore.services.progress import Cancelled

    before = dump_store(store)
    with pytest.raises(Cancelled):
        import_files(
            store,
            [SAMPLES / "stratus_cloud_quote.xlsx"],
            progress=Recorder(lambda messages: any("Reading lines" in m for m in messages)),
        )
    assert dump_store(store) == before


def _priced(description: str, price: str) -> QuoteLine:
    return QuoteLine(
        LineKind.COMPUTE,
        description,
        Decimal(price),
        PriceUnit.PER_GPU_HOUR,
        "USD",
        accelerator="nvidia-h100-sxm",
        accelerator_count=8,
    )


def test_line_differences_whether_lines_stay_in_place_or_move() -> None:
    from dataclasses import replace

    from computescore.domain.quotes import Quote

    vendor = Vendor("V", VendorKind.GPU_CLOUD)
    a, b, c = _priced("A", "2.00"), _priced("B", "3.00"), _priced("C", "4.00")
    old = Quote(vendor, "R", (a, b, c))
    assert describe_differences(old, replace(old, lines=(c, a, b))) == (
        "no differences from revision 1",
    )
    changed = replace(old, lines=(a, _priced("B", "3.50"), _priced("D", "5.00")))
    assert describe_differences(old, changed) == (
        "price of B: 3 USD → 3.50 USD",
        "new line: D at 5.00 USD per gpu hour",
        "line removed: C",
    )


def test_a_new_revision_is_compared_without_rebuilding_its_unchanged_lines(
    store: Store,
) -> None:
    from dataclasses import replace

    from computescore.domain.quotes import Quote

    vendor = Vendor("V", VendorKind.GPU_CLOUD)
    lines = tuple(_priced(f"Option {n}", f"{2 + n / 100:.2f}") for n in range(120))
    first = Quote(vendor, "R", lines)
    with store.transaction() as uow:
        evaluation_id = uow.add_evaluation(Evaluation("Pool", date(2026, 11, 22)))
        quote_id, _ = uow.add_quote(evaluation_id, first)
    second = replace(first, lines=(*lines[:60], _priced("Option 60", "9.99"), *lines[61:]))
    with store.reading() as uow:
        (plain,) = uow.load_quotes(evaluation_id)
        (reused,) = uow.load_quotes(
            evaluation_id, quote_ids=[quote_id], like={quote_id: second.lines}
        )
    assert reused == plain == replace(first, id=quote_id)
    kept = [old is new for old, new in zip(reused.lines, second.lines, strict=True)]
    assert kept == [True] * 60 + [False] + [True] * 59
    assert describe_differences(reused, second) == ("price of Option 60: 2.60 USD → 9.99 USD",)


def test_a_price_list_of_several_clouds_is_one_quote_per_cloud(
    store: Store, tmp_path: Path
) -> None:
    # A reseller's list of three providers' GPU instances: each provider's rows are its
    # own quote, under its own vendor, and a hyperscaler is recorded as one.
    path = write_csv(
        tmp_path,
        "multicloud.csv",
        "Provider,Instance type,Region,Price per hour (USD)\n"
        "AWS,p5.48xlarge,us-east-1,55.04\n"
        "AWS,p4d.24xlarge,us-east-1,32.77\n"
        "Azure,ND96isr H100 v5,eastus,98.32\n"
        ",ND96asr A100 v4,westeurope,27.20\n"
        "Google Cloud,a3-highgpu-8g,us-central1,88.25\n",
    )
    report = import_files(store, [path])
    assert [(q.vendor, len(q.lines)) for q in report.quotes] == [
        ("AWS", 2),
        ("Azure", 2),  # the row without a provider goes with the rows above it
        ("Google Cloud", 1),
    ]
    with store.transaction() as uow:
        kinds = {v.name: v.kind for v in uow.vendors()}
    assert {kinds[name] for name in ("AWS", "Azure", "Google Cloud")} == {
        VendorKind.HYPERSCALE_CLOUD
    }


def test_a_file_that_names_its_vendor_is_that_vendor_s_whatever_a_column_lists(
    store: Store, tmp_path: Path
) -> None:
    # A reseller's quote: its "Vendor" column lists hardware brands; the file names the
    # reseller, so it is one quote.
    path = write_csv(
        tmp_path,
        "reseller.csv",
        "Supplier: Northwind Systems\n"
        "\n"
        "Vendor,Description,Quantity,Unit price (USD),Deployment\n"
        "Dell,PowerEdge XE9680 8x H100 SXM,2,289500,purchase\n"
        "HPE,Cray XD670 8x H100 SXM,1,295000,purchase\n",
    )
    report = import_files(store, [path])
    assert [(q.vendor, len(q.lines)) for q in report.quotes] == [("Northwind Systems", 2)]
