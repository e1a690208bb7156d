"""The reader façade on generated layouts: lines, problems with cell addresses, refusals."""

from __future__ import annotations

import gc
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from computescore.collector import collector_paused
from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Severity
from computescore.domain.quotes import CostCategory, Deployment, LineKind, PriceUnit
from computescore.errors import UsageError
from computescore.io.reader import preview_text, read_quote_file
from computescore.io.reader.order_context import order_term
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.values import DecimalMark
from computescore.io.workbook import SheetData
from tests.fixtures import hostile
from tests.fixtures.xlsx_builder import DateSerial, Sheet, build_xlsx


def write_csv(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def messages(draft) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(p) for p in draft.all_problems]


def test_cloud_price_list(tmp_path: Path, catalogue: Catalogue) -> None:
    path = write_csv(
        tmp_path,
        "acme.csv",
        "Description,GPU SKU,Instances,GPUs per instance,Billing,Price per GPU-hour,"
        "Region\n"
        "Training cluster,H100 SXM,2,8,36-month commitment,$2.10,us-east-1\n"
        "Burst,H100 SXM,1,8,On-demand,$3.90,eu-central-1\n",
    )
    draft = read_quote_file(path, catalogue, vendor="Acme")
    first, second = draft.lines
    # 2 instances × 8 GPUs per instance = 16 accelerators
    assert (
        first.accelerator,
        first.nodes,
        first.accelerators_per_node,
        first.accelerator_count,
    ) == ("nvidia-h100-sxm", 2, 8, 16)
    assert (first.deployment, first.term_months) == (Deployment.RESERVED, 36)
    assert (first.price, first.price_unit, first.currency) == (
        Decimal("2.10"),
        PriceUnit.PER_GPU_HOUR,
        "USD",
    )
    assert (first.region, first.country, first.source) == ("us-east-1", "US", "acme.csv!2")
    assert (second.deployment, second.country) == (Deployment.ON_DEMAND, "DE")
    assert draft.quotes[0].vendor == "Acme"


def test_count_implied_by_the_name(tmp_path: Path, catalogue: Catalogue) -> None:
    path = write_csv(
        tmp_path, "dgx.csv", 'Item,Qty,Unit,Unit price\nDGX H100 (8 GPUs),2,each,"$310,000.00"\n'
    )
    line = read_quote_file(path, catalogue).lines[0]
    # "(8 GPUs)" per node × 2 nodes = 16 accelerators, bought outright per unit
    assert (line.accelerators_per_node, line.nodes, line.accelerator_count) == (8, 2, 16)
    assert (line.deployment, line.price_unit, line.price) == (
        Deployment.PURCHASE,
        PriceUnit.PER_UNIT,
        Decimal("310000.00"),
    )


# 27
@pytest.mark.parametrize("make", [hostile.csv_every_row_wider, hostile.csv_one_row_wider])
def test_csv_rows_wider_than_the_header_are_refused_with_the_line(
    tmp_path: Path,
    catalogue: Catalogue,
    make,  # type: ignore[no-untyped-def]
) -> None:
    path = make(tmp_path)
    with pytest.raises(FileRefused) as caught:
        read_quote_file(path, catalogue)
    assert caught.value.code is RefusalCode.CSV_ROW_TOO_WIDE
    expected_line = 2 if "every" in make.__name__ else 3
    assert f"line {expected_line} " in str(caught.value)


# 18
def test_price_formula_with_stale_cache_is_flagged_with_both_values(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    draft = read_quote_file(hostile.cached_value_lie(tmp_path), catalogue)
    flagged = [p for p in draft.all_problems if p.source.endswith("!D3") and "formula" in p.message]
    assert len(flagged) == 1 and flagged[0].severity is Severity.WARNING
    assert flagged[0].found == "=D2*2 → 1.0"
    assert any("D3: =D2*2 → saved value 1.0" in f for f in draft.preview.sheets[0].formulas)


# 19
def test_price_formula_without_cache_blocks_its_line(tmp_path: Path, catalogue: Catalogue) -> None:
    draft = read_quote_file(hostile.formula_without_cache(tmp_path), catalogue)
    assert [line.source for line in draft.lines] == ["no_cache.xlsx!Quote!2"]
    error = next(p for p in draft.all_problems if p.severity is Severity.ERROR)
    assert error.source == "no_cache.xlsx!Quote!D3"
    assert "formula results missing" in error.message and "save" in error.message
    assert all(line.price != 0 for line in draft.lines)


# 20
def test_hidden_rows_and_sheets_are_listed_and_left_out(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = hostile.hidden_content(tmp_path)
    draft = read_quote_file(path, catalogue)
    descriptions = [line.description for line in draft.lines]
    assert "Price valid only until Friday" not in descriptions
    assert "Hidden line" not in descriptions
    text = "\n".join(messages(draft))
    assert "Row 5 is hidden" in text
    assert "Sheet 'Secret' is hidden" in text and "Sheet 'VeryHidden' is very hidden" in text
    assert draft.preview.sheets[0].hidden_rows == (5,)

    included = read_quote_file(path, catalogue, include_hidden=True)
    descriptions = [line.description for line in included.lines]
    assert "Price valid only until Friday" in descriptions and "Hidden line" in descriptions


# 21
def test_merged_header_cells_keep_columns_in_place(tmp_path: Path, catalogue: Catalogue) -> None:
    draft = read_quote_file(hostile.merged_header(tmp_path), catalogue)
    first = draft.lines[0]
    assert (
        first.description,
        first.accelerator,
        first.accelerator_count,
        first.price,
        first.currency,
    ) == ("H100 on-demand", "nvidia-h100-sxm", 8, Decimal("3.1"), "USD")


# 22
@pytest.mark.parametrize("date1904", [False, True])
def test_date_serials_use_the_workbook_epoch(
    tmp_path: Path, catalogue: Catalogue, date1904: bool
) -> None:
    serial = 43890 if date1904 else 45352  # both are 2024-03-01 in their own date system
    rows = [
        ["Quote date", DateSerial(serial)],
        ["Valid until", serial + 30],
        [],
        hostile.QUOTE_HEADER,
        *hostile.QUOTE_ROWS,
    ]
    path = build_xlsx(tmp_path / "dated.xlsx", [Sheet("Quote", rows)], date1904=date1904)
    quote = read_quote_file(path, catalogue).quotes[0]
    assert (quote.quote_date, quote.valid_until) == (date(2024, 3, 1), date(2024, 3, 31))


# 23
def test_prices_in_several_formats_in_one_file(tmp_path: Path, catalogue: Catalogue) -> None:
    path = write_csv(
        tmp_path,
        "formats.csv",
        "Description,Price,Unit\n"
        'A,"US$2,85",per month\n'
        'B,"1.234,56 €",per month\n'
        'C,"(1,234.00)",per month\n'
        "D,€ 2.85-,per month\n"
        'E,"12,5%",per month\n',
    )
    draft = read_quote_file(path, catalogue)
    amounts = {line.description: (line.price, line.currency) for line in draft.lines}
    # C states no currency; the file states two, so it has none to fall back on.
    assert amounts == {
        "A": (Decimal("2.85"), "USD"),
        "B": (Decimal("1234.56"), "EUR"),
        "D": (Decimal("-2.85"), "EUR"),
    }
    assert any(p.source == "formats.csv!B4" and "currency" in p.message for p in draft.all_problems)
    error = next(p for p in draft.all_problems if p.source == "formats.csv!B6")
    assert error.severity is Severity.ERROR and error.found == "12,5%"


# 24
def test_ambiguous_number_without_a_format_is_reported_never_guessed(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = write_csv(tmp_path, "amb.csv", "Description,Price (USD),Unit\nSupport,1.234,per month\n")
    draft = read_quote_file(path, catalogue)
    assert draft.lines == ()
    problem = next(p for p in draft.all_problems if p.source == "amb.csv!B2")
    assert "ambiguous" in problem.message and problem.severity is Severity.ERROR

    point = read_quote_file(path, catalogue, decimal_mark=DecimalMark.POINT)
    assert point.lines[0].price == Decimal("1.234")
    comma = read_quote_file(path, catalogue, decimal_mark=DecimalMark.COMMA)
    assert comma.lines[0].price == Decimal("1234")


def test_other_cells_of_the_file_settle_the_number_format(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = write_csv(
        tmp_path,
        "eu.csv",
        "Description;Qty;Price (EUR);Unit\nStorage;20.000;0,018;per GB-month\n"
        "Support;1;1.250,00;per month\n",
    )
    draft = read_quote_file(path, catalogue)
    storage = draft.lines[0]
    assert (storage.quantity, storage.price) == (Decimal("20000"), Decimal("0.018"))
    assert draft.decimal_mark is DecimalMark.COMMA


def test_unknown_accelerator_names_the_closest_matches(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = write_csv(
        tmp_path,
        "typo.csv",
        "Description,Accelerator,GPUs,Price/GPU-hr\nCluster,H1OO SXM,8,$2.00\n",
    )
    draft = read_quote_file(path, catalogue)
    assert draft.lines == ()
    problem = next(p for p in draft.all_problems if p.source == "typo.csv!B2")
    assert "nvidia-h100-sxm" in problem.message


def test_user_override_and_saved_profile(tmp_path: Path, catalogue: Catalogue) -> None:
    path = write_csv(tmp_path, "odd.csv", 'Description,Zorg,Per\nSupport,"1,250.00",per month\n')
    with pytest.raises(FileRefused):  # no recognisable price column
        read_quote_file(path, catalogue)
    draft = read_quote_file(
        path, catalogue, overrides=["Zorg=price", "Per=price_unit"], currency="USD"
    )
    assert draft.lines[0].price == Decimal("1250.00")
    profile = draft.profile()
    assert profile["columns"]["zorg"] == "price"
    again = read_quote_file(path, catalogue, profile=profile)
    assert again.lines[0].price == Decimal("1250.00")
    assert again.lines[0].currency == "USD"


def test_override_for_a_missing_column_is_a_usage_error(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = hostile.simple_quote(tmp_path)
    with pytest.raises(UsageError, match="Our price"):
        read_quote_file(path, catalogue, overrides=["Our price=price"])


def test_two_quotes_in_one_workbook(tmp_path: Path, catalogue: Catalogue) -> None:
    purchase = Sheet(
        "Offer",
        [
            ["Quotation no.:", "Q-1"],
            [],
            ["Description", "Qty", "Unit", "Unit price"],
            ["DGX B200", 2, "pc.", "€ 438.900,00"],
        ],
    )
    lease = Sheet(
        "Leasing",
        [
            ["Quotation no.:", "Q-1-L"],
            ["Leasing option"],
            [],
            ["Description", "Qty", "Term", "Monthly rate per node"],
            ["DGX B200", 2, "36 months", "€ 14.250,00"],
        ],
    )
    path = build_xlsx(tmp_path / "two.xlsx", [purchase, lease])
    draft = read_quote_file(path, catalogue)
    assert [q.quote_ref for q in draft.quotes] == ["Q-1", "Q-1-L"]
    bought, leased = draft.quotes[0].lines[0], draft.quotes[1].lines[0]
    assert (bought.deployment, bought.price_unit, bought.accelerator_count) == (
        Deployment.PURCHASE,
        PriceUnit.PER_UNIT,
        16,
    )
    assert (leased.deployment, leased.term_months, leased.price_unit) == (
        Deployment.LEASE,
        36,
        PriceUnit.PER_NODE_MONTH,
    )


def test_monthly_and_one_time_prices_give_two_lines(tmp_path: Path, catalogue: Catalogue) -> None:
    path = write_csv(
        tmp_path,
        "colo.csv",
        "Service,Quantity,Unit,Monthly recurring (EUR),One-time (EUR)\n"
        "Cross-connect,4,per cross-connect,250,500\n"
        "Power,160,per kW,185,\n",
    )
    lines = read_quote_file(path, catalogue).lines
    assert [(line.price, line.price_unit, line.category) for line in lines] == [
        (Decimal(250), PriceUnit.PER_MONTH, CostCategory.NETWORK),
        (Decimal(500), PriceUnit.PER_UNIT, CostCategory.NETWORK),
        (Decimal(185), PriceUnit.PER_KW_MONTH, CostCategory.FACILITY),
    ]
    assert all(line.kind is LineKind.COST and line.currency == "EUR" for line in lines)


def test_hidden_column_is_never_read(tmp_path: Path, catalogue: Catalogue) -> None:
    rows = [
        ["Description", "Qty", "Unit", "Unit price", "Cost basis (internal)"],
        ["Installation", 1, "lump sum", "€ 6.800,00", "€ 4.100,00"],
    ]
    path = build_xlsx(tmp_path / "internal.xlsx", [Sheet("Q", rows, hidden_cols={5})])
    draft = read_quote_file(path, catalogue)
    assert [line.price for line in draft.lines] == [Decimal("6800.00")]
    assert any("Column E" in p.message and "hidden" in p.message for p in draft.all_problems)


def test_vendor_text_is_kept_as_plain_text(tmp_path: Path, catalogue: Catalogue) -> None:
    text = '=HYPERLINK("http://evil.example","Click") <b>x</b> $5'
    path = write_csv(
        tmp_path,
        "text.csv",
        f'Description,Price,Unit\n"{text.replace(chr(34), chr(34) * 2)}",$5,one-off\n',
    )
    assert read_quote_file(path, catalogue).lines[0].description == text


def test_quote_fields_repeated_in_columns(tmp_path: Path, catalogue: Catalogue) -> None:
    path = write_csv(
        tmp_path,
        "flat.csv",
        "vendor,quote_ref,quote_date,valid_until,description,accelerator,gpus,"
        "price,unit\n"
        "Meridian,MC-1,2026-11-16,2026-11-30,x,MI300X,8,$2.45/hr,GPU-hour\n",
    )
    quote = read_quote_file(path, catalogue).quotes[0]
    assert (quote.vendor, quote.quote_ref, quote.quote_date, quote.valid_until) == (
        "Meridian",
        "MC-1",
        date(2026, 11, 16),
        date(2026, 11, 30),
    )


def test_file_without_a_quote_table_is_refused(tmp_path: Path, catalogue: Catalogue) -> None:
    path = hostile.date_serials(tmp_path, date1904=False)
    with pytest.raises(FileRefused) as caught:
        read_quote_file(path, catalogue)
    assert caught.value.code is RefusalCode.NO_TABLE


def test_unknown_sheet_is_refused_with_the_sheet_names(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    with pytest.raises(FileRefused) as caught:
        read_quote_file(hostile.simple_quote(tmp_path), catalogue, sheet="Nope")
    assert caught.value.code is RefusalCode.NO_SHEET and "'Quote'" in str(caught.value)


def test_preview_shows_sheets_and_the_detected_header(tmp_path: Path, catalogue: Catalogue) -> None:
    draft = read_quote_file(hostile.merged_header(tmp_path), catalogue)
    sheet = draft.preview.sheets[0]
    assert sheet.name == "Quote" and sheet.header_rows == (4,)
    assert sheet.table_rows == ((5, 6),)  # the lines themselves, not the header
    assert sheet.first_rows[2][:3] == ("Description", "GPU", "Pricing")


def test_preview_shows_whole_numbers_without_a_decimal_point(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    draft = read_quote_file(hostile.simple_quote(tmp_path), catalogue)
    rows = draft.preview.sheets[0].first_rows
    # The quantities 8 and 16 are read as 8.0 and 16.0; prices keep their decimals.
    assert [row[2:4] for row in rows[1:]] == [("8", "3.1"), ("16", "1.8")]
    assert preview_text(10.0) == "10" and preview_text(2.85) == "2.85"
    assert preview_text(None) == "" and preview_text(-3.0) == "-3"
    assert preview_text(1e20) == "1e+20" and preview_text("10.0") == "10.0"


def test_the_cycle_collector_is_paused_while_reading_and_restored_after(tmp_path: Path) -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(FileRefused), collector_paused():
        read_quote_file(hostile.empty_file(tmp_path), Catalogue({}))
    assert gc.isenabled()
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_tiers_as_bare_columns_take_their_unit_and_currency_from_the_title(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A GPU cloud's wide list: tiers head the price columns with no unit; the title says
    # "USD per GPU per hour"; one tier is "Contact sales", another not offered.
    rows = [
        ["Corvex Cloud — GPU Pricing (USD per GPU per hour)"],
        [],
        ["GPU", "VRAM", "On-demand", "6-month", "12-month", "36-month"],
        ["NVIDIA H100 SXM", "80 GB", "2.99", "2.49*", "2.10*", "1.85**"],
        ["NVIDIA B200", "180 GB", "Contact sales", "4.95*", "4.49*", "3.99**"],
        ["NVIDIA L40S", "48 GB", "1.15", "0.99", "0.89", "N/A"],
    ]
    path = build_xlsx(tmp_path / "corvex.xlsx", [Sheet("Pricing", rows)])
    draft = read_quote_file(path, catalogue, vendor="Corvex Cloud")
    lines = draft.quotes[0].lines
    assert len(lines) == 10  # 12 tiers, less one "Contact sales" and one "N/A"
    assert {(line.price_unit, line.currency) for line in lines} == {(PriceUnit.PER_GPU_HOUR, "USD")}
    h100 = [(line.deployment, line.term_months, line.price) for line in lines[:4]]
    assert h100 == [
        (Deployment.ON_DEMAND, None, Decimal("2.99")),
        (Deployment.RESERVED, 6, Decimal("2.49")),
        (Deployment.RESERVED, 12, Decimal("2.10")),
        (Deployment.RESERVED, 36, Decimal("1.85")),
    ]
    skipped = [p for p in draft.quotes[0].problems if "No price is stated" in p.message]
    assert [(p.source, p.found) for p in skipped] == [
        ("corvex.xlsx!Pricing!C5", "Contact sales"),
        ("corvex.xlsx!Pricing!F6", "N/A"),
    ]
    assert all(p.severity is Severity.WARNING for p in skipped)


def test_a_note_about_the_prices_under_the_table_states_their_unit(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows: list[list[object]] = [
        ["GPU", "Term", "Price (USD)"],
        ["H100 SXM", "12 months", 2.10],
        ["H200 SXM", "On-demand", 3.50],
        [],
        ["All prices are per GPU-hour."],
    ]
    path = build_xlsx(tmp_path / "list.xlsx", [Sheet("Prices", rows)])
    lines = read_quote_file(path, catalogue, vendor="Nimbus").lines
    assert [(line.price, line.price_unit) for line in lines] == [
        (Decimal("2.10"), PriceUnit.PER_GPU_HOUR),
        (Decimal("3.50"), PriceUnit.PER_GPU_HOUR),
    ]
    # A note about something else, or about some of the prices, states nothing of them all.
    for note in (
        "Support is billed per month.",
        "GPU-hours used beyond the commitment are billed at the on-demand rate.",
        "Storage is billed per GB-month; prices for reserved capacity are per GPU-month.",
    ):
        other = [*rows[:4], [note]]
        path = build_xlsx(tmp_path / "other.xlsx", [Sheet("Prices", other)])
        assert read_quote_file(path, catalogue, vendor="Nimbus").lines == (), note


def test_accelerators_as_columns_give_a_line_per_accelerator_on_the_terms_of_each_row(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A GPU cloud's reserved-capacity sheet: commitments down, accelerators across, the
    # unit in the title; one accelerator is not offered on the longer terms.
    rows = [
        ["Nimbus Compute — reserved capacity, USD per GPU-hour"],
        [],
        ["Commitment", "H100 SXM", "H200 SXM", "B200", "GH200"],
        ["On-demand", 2.99, 3.79, 5.49, 1.99],
        ["1 month", 2.79, 3.49, 5.19, 1.89],
        ["12 months", 2.19, 2.89, 4.39, "Contact us"],
        ["36 months", 1.89, 2.49, 3.89, "Contact us"],
    ]
    path = build_xlsx(tmp_path / "nimbus.xlsx", [Sheet("Reserved", rows)])
    draft = read_quote_file(path, catalogue, vendor="Nimbus Compute")
    lines = draft.quotes[0].lines
    assert len(lines) == 14  # 4 × 4, less GH200 on two terms
    assert {(line.price_unit, line.currency) for line in lines} == {(PriceUnit.PER_GPU_HOUR, "USD")}
    read = [
        (line.description, line.accelerator, line.deployment, line.term_months, line.price)
        for line in lines
    ]
    assert read[:5] == [
        ("H100 SXM, On-demand", "nvidia-h100-sxm", Deployment.ON_DEMAND, None, Decimal("2.99")),
        ("H200 SXM, On-demand", "nvidia-h200-sxm", Deployment.ON_DEMAND, None, Decimal("3.79")),
        ("B200, On-demand", "nvidia-b200", Deployment.ON_DEMAND, None, Decimal("5.49")),
        ("GH200, On-demand", "nvidia-gh200", Deployment.ON_DEMAND, None, Decimal("1.99")),
        ("H100 SXM, 1 month", "nvidia-h100-sxm", Deployment.RESERVED, 1, Decimal("2.79")),
    ]
    assert read[-1] == (
        "B200, 36 months",
        "nvidia-b200",
        Deployment.RESERVED,
        36,
        Decimal("3.89"),
    )
    skipped = [p for p in draft.quotes[0].problems if "No price is stated for GH200" in p.message]
    assert [p.source for p in skipped] == ["nimbus.xlsx!Reserved!E6", "nimbus.xlsx!Reserved!E7"]


def test_accelerator_columns_priced_per_node_take_the_node_from_the_name(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    text = (
        "Plan,HGX H100 8-GPU (USD per node-hour),HGX B200 8-GPU (USD per node-hour)\n"
        "Pay as you go,23.92,43.92\n"
        "Reserved 12 months,17.52,35.12\n"
    )
    draft = read_quote_file(write_csv(tmp_path, "nodes.csv", text), catalogue, vendor="V")
    read = [
        (line.accelerator, line.accelerators_per_node, line.price_unit, line.deployment)
        for line in draft.quotes[0].lines
    ]
    assert read == [
        ("nvidia-h100-sxm", 8, PriceUnit.PER_NODE_HOUR, Deployment.ON_DEMAND),
        ("nvidia-b200", 8, PriceUnit.PER_NODE_HOUR, Deployment.ON_DEMAND),
        ("nvidia-h100-sxm", 8, PriceUnit.PER_NODE_HOUR, Deployment.RESERVED),
        ("nvidia-b200", 8, PriceUnit.PER_NODE_HOUR, Deployment.RESERVED),
    ]


def test_a_purchase_quote_line_that_says_it_is_monthly_is_priced_per_month(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # Unit price × quantity = line price, as purchase quotes are laid out; the colocation
    # rack says "monatlich" in its own words and is a monthly charge, not a one-off.
    rows = [
        ["Pos.", "Bezeichnung", "Menge", "Einzelpreis", "Gesamtpreis"],
        ["1", "GPU-Server HGX H200 8-GPU", "4", "298.750,00 €", "1.195.000,00 €"],
        ["2", "Installation und Inbetriebnahme", "1", "14.500,00 €", "14.500,00 €"],
        [
            "3",
            "Colocation-Rack 40 kW, Laufzeit 36 Monate, monatlich",
            "2",
            "6.850,00 €",
            "13.700,00 €",
        ],
    ]
    path = build_xlsx(tmp_path / "angebot.xlsx", [Sheet("Angebot", rows)])
    lines = read_quote_file(path, catalogue, vendor="Rheinland").quotes[0].lines
    assert [line.price_unit for line in lines] == [
        PriceUnit.PER_UNIT,
        PriceUnit.PER_UNIT,
        PriceUnit.PER_MONTH,
    ]
    assert lines[2].price == Decimal("6850.00") and lines[2].quantity == 2


def test_a_monthly_line_total_for_the_whole_term_is_not_a_mismatch(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A Chinese rental quote: ¥68,000 per 8-card server a month, 4 servers, 12 months:
    # its total ¥3,264,000 is 68,000 × 4 × 12; a wrong total is still told.
    rows = [
        ["型号", "数量", "单位", "单价（元/月）", "合同期限", "总价（元）"],
        ["H20 8卡服务器", 4, "台", "¥68,000", "12个月", "¥3,264,000"],
        ["昇腾 Atlas 800T A2", 2, "台", "¥52,000", "12个月", "¥1,000,000"],
    ]
    path = build_xlsx(tmp_path / "baojia.xlsx", [Sheet("报价单", rows)])
    draft = read_quote_file(path, catalogue, vendor="Yunsuan")
    quote = draft.quotes[0]
    h20 = quote.lines[0]
    assert (h20.nodes, h20.accelerators_per_node, h20.accelerator_count) == (4, 8, 32)
    assert (h20.price_unit, h20.term_months) == (PriceUnit.PER_NODE_MONTH, 12)
    told = [p for p in quote.problems if "line total" in p.message]
    assert [p.source for p in told] == ["baojia.xlsx!报价单!F3"]
    assert "or × 12 months = 1248000" in told[0].message


def test_a_quantity_of_gpu_hours_is_not_a_count_of_accelerators(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A French rental quote: 11 520 GPU-hours × 1,95 € = 22 464 €. The quantity is what is
    # bought of the price's unit; read as nodes it made 92,160 GPUs.
    rows = [
        ["Désignation", "Quantité", "Prix unitaire HT", "Unité", "Montant HT"],
        ["2 × DGX H100, engagement 24 mois", "11 520", "1,95 €", "GPU-heure", "22 464,00 €"],
    ]
    path = build_xlsx(tmp_path / "devis.xlsx", [Sheet("Devis", rows)])
    quote = read_quote_file(path, catalogue, vendor="Hexacloud").quotes[0]
    line = quote.lines[0]
    assert (line.nodes, line.accelerators_per_node, line.accelerator_count) == (2, 8, 16)
    assert (line.price_unit, line.deployment, line.term_months) == (
        PriceUnit.PER_GPU_HOUR,
        Deployment.RESERVED,
        24,
    )
    told = [p for p in quote.problems if p.message.startswith("The quantity is GPU-hours")]
    assert [(p.source, p.found) for p in told] == [("devis.xlsx!Devis!B2", "11520")]
    assert "the line is 16 accelerators, as its name says" in told[0].message


def test_a_rent_of_nothing_or_of_a_whole_term_is_doubted(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A reservation's whole-term price entered as its hourly rate, and an all-upfront
    # reservation's $0.00 hourly rate: both imported, both told. A price per GPU may be
    # the term's for one GPU or for the line's eight, so it is not spread over the term
    # (a node's is: tests/io/test_reservations.py).
    rows = [
        ["Description", "GPU", "GPUs", "Price per GPU-hour (USD)"],
        ["H100 on-demand", "H100 SXM", 8, 2.99],
        ["H100 1-year reserved", "H100 SXM", 8, 70_052.0],
        ["H100 1-year all upfront", "H100 SXM", 8, 0.0],
    ]
    path = build_xlsx(tmp_path / "list.xlsx", [Sheet("List", rows)])
    quote = read_quote_file(path, catalogue, vendor="Cloud").quotes[0]
    assert len(quote.lines) == 3
    doubts = {p.source: p.message for p in quote.problems if p.severity is Severity.WARNING}
    assert doubts["list.xlsx!List!D3"].startswith("The price is more than any accelerator rents")
    assert quote.lines[1].price == Decimal(70_052)
    assert doubts["list.xlsx!List!D4"].startswith("The price is zero")
    assert "list.xlsx!List!D2" not in doubts


def test_the_vendor_is_taken_from_the_letterhead_and_told(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [
        ["Supermicron Systems Inc."],
        ["2100 Technology Drive, San Jose, CA 95131"],
        ["Quote number:", "SQ-2026-04417"],
        [],
        ["Description", "GPU", "GPUs", "Price per GPU-hour (USD)"],
        ["H100 on-demand", "H100 SXM", 8, 2.99],
    ]
    path = build_xlsx(tmp_path / "quote.xlsx", [Sheet("Quote", rows)])
    quote = read_quote_file(path, catalogue).quotes[0]
    assert quote.vendor == "Supermicron Systems Inc."
    told = [p for p in quote.problems if "letterhead" in p.message]
    assert [p.severity for p in told] == [Severity.WARNING]
    # The addressee is not the vendor: "… 御中" is to whom the quote is written.
    addressed = [["御見積書"], ["株式会社アルダームーア・アナリティクス 御中"], [], *rows[4:]]
    path = build_xlsx(tmp_path / "mitsumori.xlsx", [Sheet("見積", addressed)])
    assert read_quote_file(path, catalogue).quotes[0].vendor is None
    # A server maker's brand alone at the top of the page names it, without a legal form;
    # another brand-less company does not.
    for top, vendor in (
        ("Hewlett Packard Enterprise", "Hewlett Packard Enterprise"),
        ("Lenovo Financial Services", "Lenovo Financial Services"),
        ("Northwind Compute", None),
    ):
        path = build_xlsx(tmp_path / "brand.xlsx", [Sheet("Quote", [[top], *rows[1:]])])
        assert read_quote_file(path, catalogue).quotes[0].vendor == vendor, top
    # A name a PDF page's word gaps split over cells is joined again; a name beside an
    # address is not the address
    from computescore.io.reader.letterhead import letterhead_vendor

    for top, vendor in (
        (["NORDVIK", None, "HPC AS"], "NORDVIK HPC AS"),
        (["Acme Cloud GmbH", "Musterstraße 1"], "Acme Cloud GmbH"),  # beside its address
        (["Quote", "for ACME AI Ltd."], None),  # the addressee
    ):
        page = SheetData(name="page 1", index=0, rows=[top, *rows[1:]])
        assert letterhead_vendor(page) == vendor, top


@pytest.mark.parametrize(
    ("title", "reference"),
    [
        ("Angebot Nr. RW-2026-1187", "RW-2026-1187"),
        ("Nordlicht Rechenzentrum GmbH — Angebot NR-2026-114", "NR-2026-114"),
        ("Devis n° DV-2026-0042", "DV-2026-0042"),
        ("Quotation No. Q-7781", "Q-7781"),
        ("Offerte nr. OF-2026-33 van 12-11-2026", "OF-2026-33"),
        ("Presupuesto nº P-2026/77", "P-2026/77"),
        ("Angebot Nr. 4711", "4711"),
        ("Devis n°DV-2026-0042", "DV-2026-0042"),
        ("お見積書 No. SK-2026-77", "SK-2026-77"),
        # No code: a date, a year, a sentence about the quote.
        ("Angebot vom 12.11.2026", None),
        ("Offer 2026", None),
        ("Quote valid for 30 days", None),
        ("Leasing option to quotation KS-AN-2026-0419", None),  # another quote's
        ("Nachtrag zum Angebot RW-2026-1187", None),
    ],
)
def test_a_quote_reference_in_a_title_line(
    tmp_path: Path, catalogue: Catalogue, title: str, reference: str | None
) -> None:
    rows = [
        [title],
        [],
        ["GPU", "Term", "Price per GPU-hour (EUR)"],
        ["H100 SXM", "12 months", 2.1],
    ]
    path = build_xlsx(tmp_path / "quote.xlsx", [Sheet("Quote", rows)])
    quote = read_quote_file(path, catalogue, vendor="Nordlicht").quotes[0]
    assert quote.quote_ref == reference
    unstated = [p for p in quote.problems if "quote reference" in p.message]
    assert len(unstated) == (reference is None)


def test_a_letter_names_its_offer_in_the_subject_line_and_its_commitment_in_prose(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A cloud's private pricing letter: its reference only in the "Re:" line under the
    # addresses, the commitment only in a sentence above the rates.
    rows = [
        ["Amazon Web Services EMEA SARL"],
        ["38 Avenue John F. Kennedy, L-1855 Luxembourg"],
        ["Helix Biologics Ltd."],
        ["Attn: Dr. Priya Raman, VP Research Computing"],
        ["45 Cambridge Park Drive"],
        ["Cambridge, MA 02140"],
        ["November 21, 2026"],
        ["Re: Private Pricing Offer PPO-2026-EU-4471 — Amazon EC2 accelerated computing"],
        ["In consideration of a committed spend of USD 18,000,000 over a term of 36 months"],
        ["(the Commitment), AWS offers the following private rates."],
        [],
        ["Instance type", "Region", "Instances", "Private rate (USD per instance-hour)"],
        ["p5.48xlarge", "eu-west-1", 16, 37.43],
    ]
    path = build_xlsx(tmp_path / "letter.xlsx", [Sheet("Letter", rows)])
    quote = read_quote_file(path, catalogue).quotes[0]
    assert quote.quote_ref == "PPO-2026-EU-4471"
    (line,) = quote.lines
    assert (line.deployment, line.term_months, line.nodes) == (Deployment.RESERVED, 36, 16)
    assert any("order's term above the table (36 months)" in p.message for p in quote.problems)


def test_a_commitment_in_a_sentence_is_a_term_and_no_commitment_is_none() -> None:
    said = "In consideration of a committed spend of USD 18,000,000 over a term of 36 months"
    assert order_term(said) == 36
    assert order_term("a commitment for the period of 2 years") == 24
    for none in (
        "No minimum commitment, billed for a period of 1 month",
        "without commitment for a period of 3 months",
        "We commit. Prices hold for a term of 12 months",  # another sentence
    ):
        assert order_term(none) is None, none


def test_a_subject_line_past_the_letterhead_is_the_only_line_there_that_names_the_quote(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [
        ["Nordlicht GmbH"],
        ["Hafenstraße 1"],
        ["20457 Hamburg"],
        ["An: Helix Biologics Ltd."],
        ["Cambridge"],
        ["12.11.2026"],
        ["Wie besprochen, unser Angebot AB-2026-99 vom Oktober gilt nicht mehr."],
        [],
        ["GPU", "Term", "Price per GPU-hour (EUR)"],
        ["H100 SXM", "12 months", 2.1],
    ]
    path = build_xlsx(tmp_path / "quote.xlsx", [Sheet("Quote", rows)])
    quote = read_quote_file(path, catalogue, vendor="Nordlicht").quotes[0]
    assert quote.quote_ref is None


def test_a_japanese_quote_reads_its_letterhead_yen_and_specification(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # 御見積書: the sender stands beside the validity in the title block, prices are
    # "¥4,580,000" and the node size and commitment stand in the 仕様 (specification)
    # column, not in the name: 2 servers of 8 H100 for 12 months at ¥4,580,000 a month each.
    rows = [
        ["御見積書"],
        ["株式会社アルダームーア・アナリティクス 御中"],
        ["見積番号：Q-2026-0871", None, None, "見積日：2026年11月7日"],
        ["有効期限：2026年12月6日", None, None, "株式会社さくらコンピュート"],
        [],
        ["No.", "品名", "仕様", "数量", "単位", "単価", "金額"],
        [
            1,
            "GPUサーバー専有プラン H100",
            "NVIDIA H100 SXM 80GB ×8、契約期間12ヶ月、月額",
            2,
            "台",
            "¥4,580,000",
            "¥9,160,000",
        ],
        [2, "閉域網接続", "10Gbps、月額", 1, "式", "¥120,000", "¥120,000"],
        ["小計", None, None, None, None, None, "¥9,280,000"],
    ]
    path = build_xlsx(tmp_path / "mitsumori.xlsx", [Sheet("御見積書", rows)])
    draft = read_quote_file(path, catalogue)
    quote = draft.quotes[0]
    assert quote.vendor == "株式会社さくらコンピュート"
    server, network = quote.lines
    assert (server.accelerator, server.accelerators_per_node, server.nodes) == (
        "nvidia-h100-sxm",
        8,
        2,
    )
    assert (server.deployment, server.term_months) == (Deployment.RESERVED, 12)
    assert (server.price, server.price_unit, server.currency) == (
        Decimal(4_580_000),
        PriceUnit.PER_NODE_MONTH,
        "JPY",
    )
    assert (network.price_unit, network.currency) == (PriceUnit.PER_MONTH, "JPY")
    told = [p.message for p in draft.all_problems]
    assert any("¥ were read as Japanese yen (JPY)" in m for m in told), told
    assert not [p for p in draft.all_problems if p.severity is Severity.ERROR]
    # The same quote in Chinese is in yuan.
    chinese = [
        ["报价单"],
        ["报价编号：BJ-88", None, None, "北京云算智联科技有限公司"],
        [],
        ["序号", "名称", "规格", "数量", "单价", "金额"],
        [1, "GPU服务器租赁 H100", "H100 SXM ×8，月付", 2, "¥68,000", "¥136,000"],
    ]
    path = build_xlsx(tmp_path / "baojia.xlsx", [Sheet("报价", chinese)])
    quote = read_quote_file(path, catalogue).quotes[0]
    assert quote.vendor == "北京云算智联科技有限公司"
    assert quote.lines[0].currency == "CNY" and quote.lines[0].accelerators_per_node == 8
    assert quote.lines[0].deployment is Deployment.RESERVED  # 租赁: rented, not financed


def test_a_banner_over_unit_sub_headers_and_a_node_size_beside_the_count(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # "Price (GBP)" merged over "per GPU-hr | per month (cluster)": the sub-headers name
    # nothing alone and are read with their banner; "Nodes (8 GPU each)" is a count of
    # nodes of eight. 16 nodes of 8 H100 at £1.95 a GPU-hour, reserved 12 months.
    rows = [
        ["NIMBUS GPU CLOUD LTD"],
        ["Ref: NGC-4471 rev B", None, None, None, "Date: 2026-11-09"],
        [],
        ["Configuration", None, "Commitment", None, "Price (GBP)", None, "Notes"],
        ["GPU model", "Nodes (8 GPU each)", "Term", "Billing", "per GPU-hr",
         "per month (cluster)", None],
        ["H100 SXM5 80GB", 16, "12 months", "Monthly", 1.95, 182208, "InfiniBand 3.2Tb/s"],
        ["H200 SXM 141GB", 8, "12 months", "Monthly", 2.49, 116332.8, None],
    ]  # fmt: skip
    sheet = Sheet("Offer", rows, merged=("A4:B4", "C4:D4", "E4:F4"))
    quote = read_quote_file(build_xlsx(tmp_path / "nimbus.xlsx", [sheet]), catalogue).quotes[0]
    headers = {c.letter: c.header for m in quote.mappings for c in m.columns}
    assert headers["E"] == "Price (GBP) per GPU-hr"
    assert [
        (line.accelerator, line.accelerators_per_node, line.nodes, line.accelerator_count)
        for line in quote.lines
    ] == [("nvidia-h100-sxm", 8, 16, 128), ("nvidia-h200-sxm", 8, 8, 64)]
    first = quote.lines[0]
    assert (first.price, first.price_unit, first.currency) == (
        Decimal("1.95"),
        PriceUnit.PER_GPU_HOUR,
        "GBP",
    )
    assert (first.deployment, first.term_months) == (Deployment.RESERVED, 12)


def test_a_colocation_offer_with_monthly_prices_and_a_setup_fee_column(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A French colocation offer: prices per month (the line total is "Total mensuel"),
    # a flat monthly fee written "forfait", and the setup fees in a column of their own.
    rows = [
        ["DataSeine SAS — Proposition commerciale colocation"],
        ["Site : PA3 Saint-Denis (93)", None, None, "Réf. : DS-PC-2026-0412"],
        ["Date : 10/11/2026", None, None, "Validité : 60 jours"],
        [],
        ["Désignation", "Quantité", "Unité", "Prix unitaire HT", "Total mensuel HT",
         "Frais de mise en service HT"],
        ["Baie 42U haute densité", 4, "baie", "1 850,00 €", "7 400,00 €", "2 500,00 €"],
        ["Mains distantes (forfait 10 h/mois)", 1, "forfait", "950,00 €", "950,00 €", None],
        ["Transit IP 10 Gbit/s", 1, "lien", "1 200,00 €", "1 200,00 €", "0,00 €"],
        ["Total HT", None, None, None, "9 550,00 €", "10 000,00 €"],
    ]  # fmt: skip
    path = build_xlsx(tmp_path / "offre.xlsx", [Sheet("Offre", rows)])
    draft = read_quote_file(path, catalogue)
    quote = draft.quotes[0]
    assert (quote.vendor, quote.quote_ref) == ("DataSeine SAS", "DS-PC-2026-0412")
    assert [(line.description, line.price, line.price_unit) for line in quote.lines] == [
        ("Baie 42U haute densité", Decimal(1850), PriceUnit.PER_MONTH),
        ("Baie 42U haute densité", Decimal(2500), PriceUnit.PER_UNIT),  # 4 × setup
        ("Mains distantes (forfait 10 h/mois)", Decimal(950), PriceUnit.PER_MONTH),
        ("Transit IP 10 Gbit/s", Decimal(1200), PriceUnit.PER_MONTH),  # no setup fee
    ]
    # The monthly total is checked against the monthly price only.
    assert not [p for p in draft.all_problems if "line total" in p.message], draft.all_problems


def test_a_customer_row_is_not_the_letterhead_and_an_estimated_tax_is_no_line(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [
        ["Quote No.", "3000184726512.1"],
        ["Customer", "ACME AI Research Ltd"],
        [],
        ["Item", "Description", "Qty", "Unit Price", "Extended Price"],
        ["1", "Shipping & Handling", 1, 2400.00, 2400.00],
        ["", "Estimated Tax", "", "", 0],
        ["", "Total (USD)", "", "", 2400.00],
    ]
    path = build_xlsx(tmp_path / "quote.xlsx", [Sheet("Quote", rows)])
    quote = read_quote_file(path, catalogue, currency="USD").quotes[0]
    assert quote.vendor is None  # the customer is the addressee, not the vendor
    assert [line.description for line in quote.lines] == ["Shipping & Handling"]


def test_a_title_that_names_gpus_as_included_prices_the_machine(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # "Prices in USD per hour. Price includes the attached GPUs": an hour of the machine
    # (8 GPUs), not of a GPU. $88.2522 a node-hour, not 8 × that.
    rows = [
        ["Accelerator-optimized machine types — us-central1 (Iowa)"],
        ["Prices in USD per hour. Price includes the attached GPUs, vCPUs, memory and local SSD."],
        [],
        ["Machine type", "GPUs", "vCPUs", "On-demand", "Spot", "1-year CUD"],
        ["a3-highgpu-8g", 8, 208, 88.2522, 20.2779, 61.7766],
        ["a3-highgpu-1g", 1, 26, 11.0315, 2.5347, 7.7221],
    ]
    path = build_xlsx(tmp_path / "gcp.xlsx", [Sheet("A3 pricing", rows)])
    lines = read_quote_file(path, catalogue, vendor="Google").quotes[0].lines
    assert [(line.description, line.price, line.price_unit) for line in lines[:2]] == [
        ("a3-highgpu-8g", Decimal("88.2522"), PriceUnit.PER_NODE_HOUR),
        ("a3-highgpu-8g", Decimal("20.2779"), PriceUnit.PER_NODE_HOUR),
    ]
    assert {line.currency for line in lines} == {"USD"}


def test_prices_net_of_a_discount_column_and_a_dutch_subtotal(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # "Stukprijs | Korting % | Netto bedrag": 3 servers at 312.450,00 less 12,5 % are
    # 820.181,25; the subtotal adds the net amounts.
    rows = [
        ["Regel", "Omschrijving", "Aantal", "Eenheid", "Stukprijs (EUR)", "Korting %",
         "Netto bedrag (EUR)"],
        ["1", "Gigabyte G593-SD1 HGX H200 8-GPU server", "3", "stuk", "312.450,00", "12,5",
         "820.181,25"],
        ["2", "Installatie en configuratie in datacenter", "1", "post", "4.750,00", "0",
         "4.750,00"],
        [None, "Subtotaal excl. BTW", None, None, None, None, "824.931,25"],
    ]  # fmt: skip
    path = build_xlsx(tmp_path / "offerte.xlsx", [Sheet("Offerte", rows)])
    draft = read_quote_file(path, catalogue, vendor="Van Dijk")
    server, install = draft.quotes[0].lines
    assert (server.price, server.nodes, server.accelerators_per_node) == (
        Decimal("273393.75"),
        3,
        8,
    )
    assert (install.price, install.price_unit) == (Decimal(4750), PriceUnit.PER_UNIT)
    told = [p.message for p in draft.all_problems]
    assert any("1 price was taken net of the discount in column F" in m for m in told), told
    assert not [m for m in told if "add up to" in m or "line total" in m], told


def test_an_italian_rental_quote_and_a_colocation_offer_in_mrc_and_nrc(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [
        ["Pos.", "Descrizione", "Q.tà", "Prezzo unitario", "Importo"],
        ["10", "Server 8x NVIDIA H200 SXM 141GB — noleggio operativo 36 mesi, canone mensile",
         "2", "€ 14.850,00", "€ 29.700,00"],
    ]  # fmt: skip
    path = build_xlsx(tmp_path / "offerta.xlsx", [Sheet("Offerta", rows)])
    line = read_quote_file(path, catalogue, vendor="Rossi").quotes[0].lines[0]
    assert (line.nodes, line.accelerators_per_node, line.price_unit) == (
        2,
        8,
        PriceUnit.PER_NODE_MONTH,
    )
    assert (line.deployment, line.term_months) == (Deployment.LEASE, 36)
    rows = [
        ["Line", "Description", "Qty", "UoM", "MRC (USD)", "NRC (USD)", "Total MRC"],
        [1, "52U cabinet, secure cage", 40, "ea", 1450.0, 750.0, 58000.0],
        [2, "IP transit 10 Gbps", 1, "ea", 1800.0, 0.0, 1800.0],
    ]
    path = build_xlsx(tmp_path / "colo.xlsx", [Sheet("Pricing", rows)])
    draft = read_quote_file(path, catalogue, vendor="NorthPeak")
    assert [(line.price, line.price_unit) for line in draft.quotes[0].lines] == [
        (Decimal(1450), PriceUnit.PER_MONTH),
        (Decimal(750), PriceUnit.PER_UNIT),
        (Decimal(1800), PriceUnit.PER_MONTH),  # no line for a nil one-off fee
    ]
    assert not [p for p in draft.all_problems if "line total" in p.message]


def test_a_korean_rental_quote(tmp_path: Path, catalogue: Catalogue) -> None:
    # 견적서: Hangul headers, monthly rents of 8-GPU servers for 12 months (임대, 계약기간
    # 12개월 in the 규격 column), "월" or "1회" in the 비고 column, counters 대 and 식, and
    # the 공급가액 / 부가세 / 합계 rows under the lines.
    rows = [
        ["견 적 서"],
        ["견적번호: KC-2026-0113", None, None, "견적일자: 2026년 1월 13일"],
        ["수신: ㈜에이씨엠이 AI연구소 귀하", None, None, "공급자: ㈜케이클라우드"],
        ["유효기간: 견적일로부터 30일"],
        [],
        ["No", "품명", "규격", "수량", "단위", "단가", "금액", "비고"],
        [1, "GPU 서버 임대 (H100)", "NVIDIA H100 SXM 80GB x8, 계약기간 12개월", 4, "대",
         45000000, 180000000, "월 단가"],
        [2, "InfiniBand 400G 네트워크", "NDR 400Gb/s", 6, "식", 1200000, 7200000, "월"],
        [3, "초기 구축비", "설치 및 클러스터 구성", 1, "식", 15000000, 15000000, "1회"],
        [None, "공급가액", None, None, None, None, 202200000],
        [None, "부가세 (10%)", None, None, None, None, 20220000],
        [None, "합계", None, None, None, None, 222420000],
    ]  # fmt: skip
    path = build_xlsx(tmp_path / "견적서.xlsx", [Sheet("견적서", rows)])
    draft = read_quote_file(path, catalogue, currency="KRW")
    quote = draft.quotes[0]
    assert (quote.vendor, quote.quote_ref) == ("(주)케이클라우드", "KC-2026-0113")
    assert (quote.quote_date, quote.valid_until) == (date(2026, 1, 13), date(2026, 2, 12))
    server, network, build = quote.lines
    assert (server.nodes, server.accelerators_per_node, server.price_unit) == (
        4,
        8,
        PriceUnit.PER_NODE_MONTH,
    )
    assert (server.deployment, server.term_months, server.currency) == (
        Deployment.RESERVED,
        12,
        "KRW",
    )
    assert (network.price_unit, build.price_unit) == (PriceUnit.PER_MONTH, PriceUnit.PER_UNIT)
    assert not [p for p in draft.all_problems if p.severity is Severity.ERROR]


def test_an_english_dollar_quote_writes_thousands_with_a_comma(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # "1,200" kW is 1,200 or 1.2: nothing in the cells tells, but an English quote priced
    # in US dollars writes 1,234.56. The same figure in a German quote stays undecided.
    rows = [
        ["Line", "Description", "Qty", "UoM", "MRC (USD)"],
        [1, "Committed power, liquid-cooled", "1,200", "kW", 165.0],
        [2, "52U cabinet", "40", "ea", 1450.0],
    ]
    path = build_xlsx(tmp_path / "colo.xlsx", [Sheet("Pricing", rows)])
    draft = read_quote_file(path, catalogue, vendor="NorthPeak")
    assert draft.quotes[0].lines[0].quantity == Decimal(1200)
    told = [p for p in draft.all_problems if "were read with a decimal point" in p.message]
    assert [p.found for p in told] == ["1,200"]
    german = [
        ["Pos.", "Bezeichnung", "Menge", "Einheit", "Preis (USD)"],
        [1, "Strom, reserviert", "1,200", "kW", 165.0],
    ]
    path = build_xlsx(tmp_path / "angebot.xlsx", [Sheet("Angebot", german)])
    draft = read_quote_file(path, catalogue, vendor="Rheinland")
    assert any("ambiguous" in p.message for p in draft.all_problems)


def test_a_count_priced_per_gpu_hour_beside_its_hourly_total_stays_a_count(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # 128 H100 at $3.15 a GPU-hour, $403.20 an hour for the line: 128 is a count.
    rows = [
        ["Description", "Qty", "Price per GPU-hour (USD)", "Hourly total (USD)"],
        ["H100 SXM reserved 12 months", 128, 3.15, 403.20],
    ]
    path = build_xlsx(tmp_path / "hourly.xlsx", [Sheet("Quote", rows)])
    quote = read_quote_file(path, catalogue, vendor="Cloud").quotes[0]
    assert quote.lines[0].accelerator_count == 128
    assert not [p for p in quote.problems if "GPU-hours" in p.message]


def test_a_purchase_delivered_within_a_month_is_still_a_one_off(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [
        ["Pos.", "Description", "Qty", "Unit price", "Total"],
        ["1", "HGX H200 8-GPU server, delivery within a month", "2", "$289,500.00", "$579,000.00"],
    ]
    path = build_xlsx(tmp_path / "purchase.xlsx", [Sheet("Quote", rows)])
    line = read_quote_file(path, catalogue, vendor="Maker").quotes[0].lines[0]
    assert (line.price_unit, line.deployment) == (PriceUnit.PER_UNIT, Deployment.PURCHASE)


def test_a_service_in_the_accelerator_column_is_a_cost_line_under_its_monthly_estimate(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A GPU cloud's capacity quote: one row of its GPU table is a service, priced only
    # by its monthly estimate. The GPU rows' estimates are price × GPUs × 730 hours.
    rows = [
        ["GPU Model", "GPUs per Node", "Number of Nodes", "Commit Term",
         "Price per GPU-hour (EUR)", "Monthly Estimate (EUR)"],
        ["NVIDIA H200 SXM 141GB", 8, 16, "12 months", 2.45, 228928.00],
        ["Managed Kubernetes control plane", None, 1, "12 months", None, 450.00],
    ]  # fmt: skip
    path = build_xlsx(tmp_path / "vantage.xlsx", [Sheet("Quote", rows)])
    quote = read_quote_file(path, catalogue, vendor="Vantage").quotes[0]
    gpu, service = quote.lines
    assert (gpu.accelerator_count, gpu.price_unit) == (128, PriceUnit.PER_GPU_HOUR)
    assert (service.kind, service.description) == (
        LineKind.COST,
        "Managed Kubernetes control plane",
    )
    assert (service.price, service.price_unit, service.quantity) == (
        Decimal("450"),
        PriceUnit.PER_MONTH,
        Decimal(1),
    )
    told = {p.source: p.severity for p in quote.problems}
    assert told["vantage.xlsx!Quote!A3"] is Severity.WARNING  # a service, not an accelerator
    assert not any("line total does not equal" in p.message for p in quote.problems)


def test_an_unknown_accelerator_in_its_column_is_still_an_error(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [["GPU", "Price per GPU-hour (USD)"], ["NVIDIA X900", 4.0], ["H100 SXM", 2.0]]
    path = build_xlsx(tmp_path / "x.xlsx", [Sheet("Q", rows)])
    draft = read_quote_file(path, catalogue, vendor="V")
    errors = [p for p in draft.quotes[0].problems if p.severity is Severity.ERROR]
    assert [p.source for p in errors] == ["x.xlsx!Q!A2"]
    assert "Unknown accelerator 'NVIDIA X900'" in errors[0].message


def test_a_negative_price_on_a_compute_line_is_an_error(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    """No accelerator rents for less than nothing: a negative rent is refused with its cell
    (a discount is a cost line of its own, negative as it is)."""
    path = write_csv(
        tmp_path,
        "neg.csv",
        "Description,GPU,GPUs,Price per GPU-hour,Currency\n"
        "H100 on demand,H100 SXM,8,-2.10,USD\n"
        "H100 reserved,H100 SXM,8,2.10,USD\n",
    )
    draft = read_quote_file(path, catalogue, vendor="Acme")
    assert [str(p) for p in draft.quotes[0].errors] == [
        "neg.csv!D2: The price is negative: accelerators are not rented or sold for less "
        "than nothing (a discount is a line of its own) (found '-2.10'; expected a price of "
        "0 or more)"
    ]


def test_a_closing_row_whose_words_stand_in_the_item_column_keeps_them(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = write_csv(
        tmp_path,
        "oem.csv",
        "Item,SKU,Description,Qty,Unit price (USD),Extended price (USD)\n"
        "1,SYS-1,HGX H100 8-GPU server,1,250000,250000\n"
        "Discount,,,,,-25000\n"
        "Total,,,,,225000\n",
    )
    draft = read_quote_file(path, catalogue, vendor="Acme")
    _server, discount = draft.lines
    assert (discount.description, discount.price, discount.price_unit) == (
        "Discount",
        Decimal(-25000),
        PriceUnit.TOTAL,
    )
    assert not [m for m in messages(draft) if "add up to" in m]  # 250,000 − 25,000


def test_a_spreadsheets_empty_column_keeps_its_own_heading(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A heading over a column with no value in the first lines is a column of its own in a
    # spreadsheet (a PDF's split headings are joined, spreadsheet cells never).
    path = tmp_path / "retail.csv"
    path.write_text(
        "currencyCode,retailPrice,availabilityId,productName,skuName,unitOfMeasure,serviceName\n"
        "USD,98.32,,Virtual Machines NDsr H100 v5 Series,ND96isr H100 v5,1 Hour,Virtual Machines\n"
        "USD,27.197,,Virtual Machines NCads H100 v5 Series,NC40ads H100 v5,1 Hour,"
        "Virtual Machines\n",
        encoding="utf-8",
    )
    quote = read_quote_file(path, catalogue, vendor="Azure").quotes[0]
    headers = [column.header for column in quote.mappings[0].columns]
    assert headers[2:4] == ["availabilityId", "productName"]
    assert quote.lines[0].description.startswith("Virtual Machines NDsr H100 v5")


def test_a_net_price_beside_its_list_price_and_discount_is_not_discounted_again(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # An SAP export: list price, discount %, net price and net value ("Nettowert": the
    # line's total, 4 × 260,750.00), so the net price is what is paid.
    path = tmp_path / "angebot.csv"
    path.write_text(
        "Angebot;0020004711\nLieferant;Hansa IT-Systeme GmbH\n\n"
        "Pos;Material;Bezeichnung;Menge;ME;Listenpreis;Rabatt %;Nettopreis;Nettowert;Währung\n"
        "10;ESC-A8A-E12U;ASUS ESC A8A-E12U, 8x AMD Instinct MI325X 256GB;4;ST;298.000,00;"
        "12,50;260.750,00;1.043.000,00;EUR\n"
        "20;SUP-5Y-NBD;ASUS Premium Support 5 Jahre, Vor-Ort NBD;4;ST;19.800,00;0;19.800,00;"
        "79.200,00;EUR\n"
        "Summe Nettowert;;;;;;;;1.122.200,00;EUR\n",
        encoding="utf-8",
    )
    draft = read_quote_file(path, catalogue)
    server, support = draft.quotes[0].lines
    assert (server.price, server.nodes, server.accelerator_count) == (Decimal("260750.00"), 4, 32)
    assert support.price == Decimal("19800.00")
    assert not [p for p in draft.all_problems if "net of the discount" in p.message]
    # without the net value, "Nettopreis" says the price is net already
    text = path.read_text("utf-8").replace(";Nettowert", "").replace(";1.043.000,00", "")
    path.write_text(text.replace(";79.200,00", ""), encoding="utf-8")
    server = read_quote_file(path, catalogue).quotes[0].lines[0]
    assert server.price == Decimal("260750.00")
