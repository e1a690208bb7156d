"""Requests for quotation: written from the evaluation, filled in, read back field by field.

The workbook is a real .xlsx written by the app, filled in with openpyxl the way a
vendor's spreadsheet program would (and once saved again by LibreOffice), then imported
through the same reader and store as any quote.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from computescore.domain.catalog import Catalogue
from computescore.domain.quotes import Deployment, LineKind, PriceUnit
from computescore.domain.rfq import FORMAT_MARK, PRICING_COLUMNS, QUESTIONS
from computescore.domain.tco import stated_flex, stated_minimum, stated_prepayment
from computescore.io.reader import read_quote_file
from computescore.io.reader.records import QuoteDraft
from computescore.io.values import DecimalMark
from computescore.services.catalogue import load_catalogue
from computescore.services.demo import create_demo
from computescore.services.importing import import_files
from computescore.services.rfq import RfqOptions, write_rfq
from computescore.store.repository import Store

VENDOR = "Brightline GPU Cloud, Inc."
ISSUED = date(2026, 11, 26)


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


@pytest.fixture
def demo_db(db_target: Path | str) -> Path | str:
    """The demo on each engine (a file, then a database on the PostgreSQL server)."""
    path = db_target
    with Store.open(path) as store:
        create_demo(store)
    return path


def rfq_file(db: Path | str, folder: Path, catalogue: Catalogue, **options: Any) -> Path:
    out = folder / "rfq.xlsx"
    with Store.open(db) as store:
        vendor = options.pop("vendor", VENDOR)
        write_rfq(store, out, vendor, catalogue, RfqOptions(issued=ISSUED, **options))
    return out


TERMS: dict[str, Any] = {
    "quote_ref": "BL-RFQ-0042",
    "quote_date": datetime(2026, 12, 1),
    "valid_until": datetime(2027, 2, 28),
    "sla.uptime_pct": 0.9995,  # typed as 99.95 % in a percent cell
    "sla.credits.1.below": 0.9995,
    "sla.credits.1.credit": 0.10,
    "sla.credits.2.below": "99.5 %",
    "sla.credits.2.credit": "25%",
    "support.response_minutes.1": 15,
    "support.response_minutes.2": "2 hours",
    "support.response_minutes.3": 480,
    "support.response_minutes.4": "best effort",
    "support.expert_hours_per_month": 12,
    "support.coverage": "24x7 for severity 1",
    "reliability.annual_failure_rate": 0.018,
    "reliability.mttr_hours": 6,
    "performance.mfu": 0.43,
    "performance.tokens_per_second": 2450.5,
    "performance.method": "Llama 3 70B pre-training, 64 x H100 SXM, BF16",
    "performance.measured_on": datetime(2026, 10, 20),
    "certifications.1.name": "ISO/IEC 27001:2022",
    "certifications.1.valid_to": datetime(2028, 6, 30),
    "certifications.2.name": "SOC 2 Type II",
    "data.country": "se",
    "exit_terms.notice_days": 60,
    "exit_terms.termination_fee_pct": 0.2,
    "exit_terms.data_return": "yes",
    "exit_terms.data_deletion": "Yes",
    "exit_terms.egress": 0.04,
    "exit_terms.egress_currency": "USD",
    "exit_terms.auto_renewal": "no",
    "exit_terms.lock_in_notes": "none",
}

PRICES: dict[str, dict[str, Any]] = {
    "W1-OD": {
        "description": "8x H100 SXM node, on-demand",
        "accelerator": "NVIDIA H100 SXM",
        "accelerators_per_node": 8,
        "accelerator_count": 64,
        "price": 2.65,
        "price_unit": "per GPU-hour",
        "currency": "USD",
        "region": "EU-North (Stockholm)",
        "lead_time_days": 14,
    },
    "W1-R12": {
        "description": "8x H100 SXM node, reserved",
        "accelerator": "NVIDIA H100 SXM",
        "accelerators_per_node": 8,
        "accelerator_count": 128,
        "price": "2,05",  # a decimal comma typed as text
        "currency": "EUR",
        "region": "EU-North (Stockholm)",
        "country": "se",
        "minimum": 64,
        "flex": 0.25,  # typed as 25 % in the percent-formatted cell
        "prepayment": "50%",
    },
    "W1-R36": {"price": "n/a"},
}


@dataclass
class Filled:
    path: Path
    extra_row: int


def fill(path: Path, *, move_price_first: bool = False) -> Filled:
    """Answer the RFQ as a vendor would, in the yellow cells."""
    wb = load_workbook(path)
    for sheet in wb.worksheets:
        if sheet.title in ("Cover", "Terms"):
            for row in sheet.iter_rows(min_col=1, max_col=3):
                key = row[0].value
                if key in TERMS:
                    row[2].value = TERMS[key]
    pricing, columns, rows = pricing_of(wb)
    for option, answers in PRICES.items():
        for key, value in answers.items():
            pricing.cell(rows[option], columns[key]).value = value
    extra = next(r for r in range(6, pricing.max_row + 1) if pricing.cell(r, 1).value is None)
    for key, value in {
        "description": "Spot H100 node",
        "accelerator": "NVIDIA H100 SXM",
        "accelerators_per_node": 8,
        "accelerator_count": 32,
        "deployment": "Spot (interruptible)",
        "price": 1.10,
        "price_unit": "per GPU-hour",
        "currency": "USD",
    }.items():
        pricing.cell(extra, columns[key]).value = value
    if move_price_first:
        # The vendor drags the Price column to the far right (its hidden key moves with it).
        price = columns["price"]
        last = pricing.max_column + 1
        for row in range(1, pricing.max_row + 1):
            pricing.cell(row, last).value = pricing.cell(row, price).value
            pricing.cell(row, price).value = None
    out = path.with_name("answered.xlsx")
    wb.save(out)
    return Filled(out, extra)


def pricing_of(wb: Any) -> tuple[Any, dict[Any, int], dict[Any, int]]:
    """The Pricing sheet, its columns by hidden key (row 1) and its rows by option (column A)."""
    pricing = wb["Pricing"]
    columns = {pricing.cell(1, c).value: c for c in range(1, pricing.max_column + 1)}
    rows = {pricing.cell(r, 1).value: r for r in range(1, pricing.max_row + 1)}
    return pricing, columns, rows


def check(draft: QuoteDraft) -> None:
    """Every answer landed in its field."""
    assert draft.vendor == VENDOR
    assert draft.quote_ref == "BL-RFQ-0042"
    assert draft.quote_date == date(2026, 12, 1)
    assert draft.valid_until == date(2027, 2, 28)
    assert draft.sla.uptime_pct == pytest.approx(99.95)
    assert [(c.below_uptime_pct, c.credit_pct) for c in draft.sla.credits] == [
        pytest.approx((99.95, 10.0)),
        pytest.approx((99.5, 25.0)),
    ]
    assert dict(draft.support.response_minutes) == {1: 15, 2: 120, 3: 480, 4: None}
    assert draft.support.expert_hours_per_month == 12
    assert draft.support.coverage == "24x7 for severity 1"
    assert draft.reliability.annual_failure_rate == pytest.approx(0.018)
    assert draft.reliability.mttr_hours == 6
    assert draft.performance.mfu == pytest.approx(0.43)
    assert draft.performance.tokens_per_second == pytest.approx(2450.5)
    assert draft.performance.method == "Llama 3 70B pre-training, 64 x H100 SXM, BF16"
    assert draft.performance.measured_on == date(2026, 10, 20)
    assert [(c.name, c.valid_to) for c in draft.certification_records()] == [
        ("ISO/IEC 27001:2022", date(2028, 6, 30)),
        ("SOC 2 Type II", None),
    ]
    exit_terms = draft.exit_terms
    assert exit_terms.notice_days == 60
    assert exit_terms.termination_fee_pct == pytest.approx(20.0)
    assert (exit_terms.data_return, exit_terms.data_deletion, exit_terms.auto_renewal) == (
        True,
        True,
        False,
    )
    assert exit_terms.egress_usd_per_gb == Decimal("0.04")
    assert exit_terms.lock_in_notes == "none"
    lines = {line.description: line for line in draft.lines}
    assert set(lines) == {
        "8x H100 SXM node, on-demand",
        "8x H100 SXM node, reserved (min. 64 GPUs; flex +25%; prepaid 50%)",
        "Spot H100 node",
    }
    od = lines["8x H100 SXM node, on-demand"]
    assert (od.kind, od.accelerator, od.accelerators_per_node, od.accelerator_count) == (
        LineKind.COMPUTE,
        "nvidia-h100-sxm",
        8,
        64,
    )
    assert (od.price, od.price_unit, od.currency, od.deployment) == (
        Decimal("2.65"),
        PriceUnit.PER_GPU_HOUR,
        "USD",
        Deployment.ON_DEMAND,
    )
    assert (od.region, od.country, od.nodes) == ("EU-North (Stockholm)", "SE", 8)
    reserved = lines["8x H100 SXM node, reserved (min. 64 GPUs; flex +25%; prepaid 50%)"]
    assert (stated_minimum(reserved), stated_flex(reserved), stated_prepayment(reserved)) == (
        64,
        0.25,
        0.5,
    )
    assert (reserved.price, reserved.currency, reserved.deployment, reserved.term_months) == (
        Decimal("2.05"),
        "EUR",
        Deployment.RESERVED,
        12,
    )
    assert reserved.price_unit is PriceUnit.PER_GPU_HOUR  # pre-filled by the request
    spot = lines["Spot H100 node"]
    assert (spot.deployment, spot.accelerator_count, spot.price) == (
        Deployment.SPOT,
        32,
        Decimal("1.1"),
    )
    messages = [str(p) for p in draft.problems]
    assert any("Option W1-R36 is not offered (n/a)" in m for m in messages), messages
    assert od.lead_time_days == 14 and reserved.lead_time_days is None
    assert not draft.errors, [str(p) for p in draft.errors]


def test_the_workbook_asks_what_the_scorecard_needs(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    path = rfq_file(demo_db, tmp_path, catalogue, due=date(2026, 12, 10), contact="Ada Roe")
    wb = load_workbook(path)
    assert [ws.title for ws in wb.worksheets if ws.sheet_state == "visible"] == [
        "Cover",
        "Workloads",
        "Pricing",
        "Terms",
    ]
    assert wb["Keys"]["A1"].value == FORMAT_MARK
    assert wb["Keys"].sheet_state == "hidden" and wb["Lists"].sheet_state == "hidden"
    # The cover comes first and is the sheet the workbook opens on: a program that takes
    # the first sheet (a preview, a conversion to .csv) shows it, not the hidden lists.
    assert wb.worksheets[0].title == wb.active.title == "Cover"
    cover = {row[1].value: row[2].value for row in wb["Cover"].iter_rows(max_col=3)}
    assert cover["RFQ reference"] == "RFQ-0001-BRIGHTLINEGP-20261126"
    assert cover["To (vendor)"] == VENDOR
    assert cover["Please reply by"].date() == date(2026, 12, 10)
    # Workloads in words and figures.
    texts = [c.value for row in wb["Workloads"].iter_rows() for c in row if c.value]
    assert "Production inference (13B chat model)" in texts
    assert "13 billion parameters" in texts
    # One row per requested option: on-demand, reserved 12 and 36 months, and spot for
    # the training workloads of a GPU cloud.
    pricing = wb["Pricing"]
    options = [pricing.cell(r, 1).value for r in range(6, pricing.max_row + 1)]
    assert options[:4] == ["W1-OD", "W1-R12", "W1-R36", "W2-OD"]
    assert "W2-SPOT" in options and "W1-SPOT" not in options
    assert [pricing.cell(1, c).value for c in range(1, len(PRICING_COLUMNS) + 1)] == [
        c.key for c in PRICING_COLUMNS
    ]
    terms = {row[0].value for row in wb["Terms"].iter_rows(max_col=1)}
    assert {q.key for q in QUESTIONS if q.section != "Your quote"} <= terms
    # Protected without a password; answer cells unlocked, labels locked.
    assert pricing.protection.sheet and not pricing.protection.password
    assert wb.security is not None and wb.security.lockStructure
    assert pricing.cell(6, 10).protection.locked is False  # Price
    assert pricing.cell(6, 1).protection.locked is True  # Option
    # Validation lists for units, currencies, deployments, accelerators and yes/no.
    lists = {dv.formula1 for dv in pricing.data_validations.dataValidation}
    assert any("Lists!$C$2" in f for f in lists if f)  # price units
    assert any("Lists!$D$2" in f for f in lists if f)  # currencies
    units = [wb["Lists"].cell(r, 3).value for r in range(2, 20)]
    assert "per GPU-hour" in units and "per kW-month" in units
    # Capacity is asked for; a price per million tokens is a token API's, not an answer here.
    assert not any(unit and "tokens" in unit for unit in units)
    yes_no = {dv.formula1 for dv in wb["Terms"].data_validations.dataValidation}
    assert any("Lists!$E$2" in f for f in yes_no if f)


def test_a_filled_in_rfq_reads_back_every_field(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    check(read_quote_file(filled.path, catalogue).quotes[0])


def test_a_vendor_who_moves_columns_is_still_read_by_key(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    filled = fill(rfq_file(demo_db, tmp_path, catalogue), move_price_first=True)
    check(read_quote_file(filled.path, catalogue).quotes[0])


def test_an_rfq_answer_is_stored_like_any_quote(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    with Store.open(demo_db) as store:
        report = import_files(store, [filled.path])
        assert report.quotes[0].vendor == VENDOR
        with store.reading() as uow:
            evaluation = uow.evaluation_row()
            assert evaluation.id is not None
            quote = next(q for q in uow.load_quotes(evaluation.id) if q.reference == "BL-RFQ-0042")
            vendor = next(v for v in uow.vendors() if v.name == VENDOR)
    assert quote.sla.uptime_pct == pytest.approx(99.95)
    assert quote.performance.mfu == pytest.approx(0.43)
    assert quote.exit_terms.notice_days == 60
    assert len(quote.lines) == 3
    assert sorted(line.lead_time_days or 0 for line in quote.lines) == [0, 0, 14]
    assert ("ISO/IEC 27001:2022", date(2028, 6, 30)) in [
        (c.name, c.valid_to) for c in vendor.certifications
    ]


def test_a_prefilled_rfq_returned_untouched_says_what_the_quote_said(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    with Store.open(demo_db) as store, store.reading() as uow:
        evaluation = uow.evaluation_row()
        assert evaluation.id is not None
        stored = next(q for q in uow.load_quotes(evaluation.id) if q.vendor.name == VENDOR)
    path = rfq_file(demo_db, tmp_path, catalogue, prefill=True)
    wb = load_workbook(path)
    pricing, columns, _ = pricing_of(wb)
    for key, value in PRICES["W1-OD"].items():
        pricing.cell(6, columns[key]).value = value
    wb.save(path)
    draft = read_quote_file(path, catalogue).quotes[0]
    assert draft.quote_ref == stored.reference
    assert draft.sla == stored.sla
    assert dict(draft.support.response_minutes) == dict(stored.support.response_minutes)
    assert draft.reliability.annual_failure_rate == pytest.approx(
        stored.reliability.annual_failure_rate
    )
    assert draft.performance.mfu == pytest.approx(stored.performance.mfu)
    assert draft.exit_terms.notice_days == stored.exit_terms.notice_days


def soffice() -> str:
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("LibreOffice (soffice) is missing: installers/setup-debian.sh --test")
        pytest.skip("LibreOffice is not installed")
    return found


def libreoffice_convert(source: Path, target_format: str, out: Path) -> Path:
    out.mkdir(exist_ok=True)
    result = subprocess.run(
        [
            soffice(),
            f"-env:UserInstallation=file://{out / 'profile'}",
            "--headless",
            "--convert-to",
            target_format,
            "--outdir",
            str(out),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    converted = out / f"{source.stem}.{target_format.split(':')[0]}"
    assert result.returncode == 0 and converted.exists(), result.stderr
    return converted


def test_libreoffice_opens_the_rfq_and_its_answers_survive_its_save(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    path = rfq_file(demo_db, tmp_path, catalogue)
    # LibreOffice opens the workbook as written and prints it (no repair, no error).
    pdf = libreoffice_convert(path, "pdf", tmp_path / "printed")
    assert pdf.stat().st_size > 5000
    # A vendor fills it in and LibreOffice saves it again as .xlsx.
    filled = fill(path)
    resaved = libreoffice_convert(filled.path, "xlsx:Calc MS Excel 2007 XML", tmp_path / "lo")
    wb = load_workbook(resaved)
    assert wb["Keys"]["A1"].value == FORMAT_MARK
    assert wb["Pricing"].data_validations.dataValidation  # validation kept
    check(read_quote_file(resaved, catalogue).quotes[0])


def test_invalid_and_missing_answers_are_reported_by_cell(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    wb = load_workbook(filled.path)
    terms = wb["Terms"]
    rows = {row[0].value: row[0].row for row in terms.iter_rows(max_col=1)}
    terms.cell(rows["exit_terms.data_return"], 3).value = "maybe"
    terms.cell(rows["reliability.mttr_hours"], 3).value = None
    pricing, columns, _ = pricing_of(wb)
    pricing.cell(filled.extra_row, columns["currency"]).value = None
    od_row = next(r for r in range(1, pricing.max_row + 1) if pricing.cell(r, 1).value == "W1-OD")
    pricing.cell(od_row, columns["flex"]).value = 0.2  # on demand: no commitment to flex above
    r12_row = next(r for r in range(1, pricing.max_row + 1) if pricing.cell(r, 1).value == "W1-R12")
    pricing.cell(r12_row, columns["prepayment"]).value = "-10%"
    wb.save(filled.path)
    draft = read_quote_file(filled.path, catalogue).quotes[0]
    messages = [str(p) for p in draft.problems]
    data_return = f"answered.xlsx!Terms!C{rows['exit_terms.data_return']}"
    assert f"{data_return}: 'Data returned on exit' is not yes or no" in "\n".join(messages)
    mttr = f"answered.xlsx!Terms!C{rows['reliability.mttr_hours']}"
    assert any(m.startswith(f"{mttr}: Not answered") for m in messages), messages
    currency = (
        f"answered.xlsx!Pricing!{pricing.cell(filled.extra_row, columns['currency']).coordinate}"
    )
    assert [str(p) for p in draft.errors] == [
        f"{currency}: Option row {filled.extra_row} states no currency (expected e.g. USD)"
    ]
    assert draft.exit_terms.data_return is None
    assert len(draft.lines) == 2
    flex = pricing.cell(od_row, columns["flex"]).coordinate
    prepaid = pricing.cell(r12_row, columns["prepayment"]).coordinate
    text = "\n".join(messages)
    assert f"answered.xlsx!Pricing!{flex}: A flex band is stated on an option that is no" in text
    assert f"answered.xlsx!Pricing!{prepaid}: The prepayment is negative" in text
    assert all("prepaid" not in line.description for line in draft.lines)


def test_what_a_vendor_types_beyond_the_format_is_read_or_told(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    """Units and currencies typed into the price cell, counts with their words, ranges,
    hidden rows, merged cells and out-of-range percentages: each read as the vendor meant
    it and told, or left out and told; none is stored silently as something else."""
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    wb = load_workbook(filled.path)
    pricing, columns, rows = pricing_of(wb)
    od, r12 = rows["W1-OD"], rows["W1-R12"]

    def at(row: int, key: str) -> str:
        return f"answered.xlsx!Pricing!{pricing.cell(row, columns[key]).coordinate}"

    # $19.92 per node-hour is 2.49 a GPU-hour: the unit column's "per GPU-hour" is stale.
    pricing.cell(od, columns["price"]).value = "$19.92 per node-hour"
    pricing.cell(od, columns["accelerator_count"]).value = "64 GPUs"
    pricing.cell(od, columns["lead_time_days"]).value = "4-6 weeks"
    pricing.cell(r12, columns["price"]).value = "€2,30"
    pricing.cell(r12, columns["currency"]).value = "USD"
    pricing.cell(r12, columns["term_months"]).value = "1 year"
    pricing.cell(r12, columns["accelerator_count"]).value = "about a hundred"
    pricing.cell(r12, columns["country"]).value = "Sweden"
    pricing.cell(od, columns["country"]).value = "Narnia"
    pricing.row_dimensions[filled.extra_row].hidden = True  # the spot offer, withdrawn
    terms = wb["Terms"]
    keys = {row[0].value: row[0].row for row in terms.iter_rows(max_col=1)}
    terms.cell(keys["sla.uptime_pct"], 3).value = 9995
    terms.cell(keys["exit_terms.egress_currency"], 3).value = "EUR"
    wb.save(filled.path)

    draft = read_quote_file(filled.path, catalogue).quotes[0]
    text = "\n".join(str(p) for p in draft.problems)
    assert not draft.errors, text
    od_line, r12_line = draft.lines
    assert (od_line.price, od_line.price_unit) == (Decimal("19.92"), PriceUnit.PER_NODE_HOUR)
    assert f"{at(od, 'price')}: The price cell states its unit (per node hour)" in text
    assert od_line.accelerator_count == 64
    assert od_line.lead_time_days == 42
    assert f"{at(od, 'lead_time_days')}: The lead time is a range; its longer end" in text
    assert (r12_line.price, r12_line.currency) == (Decimal("2.30"), "EUR")
    assert f"{at(r12, 'price')}: The price cell states EUR, the currency column USD" in text
    assert r12_line.term_months == 12
    assert r12_line.accelerator_count is None
    assert f"{at(r12, 'accelerator_count')}: The number of accelerators is not a" in text
    assert r12_line.country == "SE"  # the country it names, not "SWEDEN"
    assert od_line.country == "SE"  # Narnia is none: the quote's own country stands
    assert f"{at(od, 'country')}: The country is neither a two-letter ISO code" in text
    assert at(r12, "country") not in text
    assert f"Pricing!{filled.extra_row}: Option row {filled.extra_row} is on a hidden row" in text
    assert draft.sla.uptime_pct is None
    assert "'Monthly uptime commitment' is outside 0–100 %" in text
    assert draft.exit_terms.egress_usd_per_gb is None
    assert "The egress price is quoted in EUR; the exit terms keep egress in USD" in text


def test_a_negative_price_refuses_the_returned_rfq(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    wb = load_workbook(filled.path)
    pricing, columns, _ = pricing_of(wb)
    # A second spot offer under the first, at a negative price, its currency typed once in
    # cells merged over both rows (the merged value is each row's: no "states no currency").
    top, below = filled.extra_row, filled.extra_row + 1
    for column in range(1, pricing.max_column + 1):
        pricing.cell(below, column).value = pricing.cell(top, column).value
    pricing.cell(below, columns["price"]).value = -0.8
    pricing.cell(below, columns["currency"]).value = None
    letter = pricing.cell(top, columns["currency"]).column_letter
    pricing.merge_cells(f"{letter}{top}:{letter}{below}")
    wb.save(filled.path)
    draft = read_quote_file(filled.path, catalogue).quotes[0]
    assert [p.message for p in draft.errors] == [
        "The price is negative: accelerators are not rented or sold for less than nothing "
        "(a discount is a line of its own)"
    ]


def test_prices_to_follow_notes_and_the_users_number_format(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    """ "TBD" and "on request" are prices to follow (told, the file still reads); a note in
    brackets after a price is left aside and told; "14.250" is refused as ambiguous until
    the user says the vendor writes a decimal comma, and a price with no currency takes
    the one the user states."""
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    wb = load_workbook(filled.path)
    pricing, columns, rows = pricing_of(wb)
    pricing.cell(rows["W1-R36"], columns["price"]).value = "TBD"
    pricing.cell(rows["W1-OD"], columns["price"]).value = "2.65 (see note 3)"
    pricing.cell(filled.extra_row, columns["price"]).value = "1.100"
    pricing.cell(filled.extra_row, columns["currency"]).value = None
    wb.save(filled.path)

    draft = read_quote_file(filled.path, catalogue).quotes[0]
    (error,) = draft.errors
    assert "has no price: the price is ambiguous" in error.message
    draft = read_quote_file(
        filled.path, catalogue, decimal_mark=DecimalMark.COMMA, currency="USD"
    ).quotes[0]
    text = "\n".join(str(p) for p in draft.problems)
    assert not draft.errors, text
    assert "Option W1-R36 has no price yet and was not imported (found 'TBD';" in text
    assert "The price's note “see note 3” was left aside; read as 2.65" in text
    spot = draft.lines[-1]
    assert (spot.price, spot.currency) == (Decimal("1100"), "USD")


def test_renamed_headings_do_not_lose_the_answers(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    """A vendor renames "Your answer" and "Price": the answers are still the answers, and
    the rows above the pricing table are not read as options."""
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    expected = read_quote_file(filled.path, catalogue).quotes[0]
    wb = load_workbook(filled.path)
    for sheet in wb.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if cell.value == "Your answer":
                    cell.value = "Answer from Blue Lake"
                elif cell.value == "Price" and sheet.title == "Pricing":
                    cell.value = "Price (USD per GPU-hour)"
    wb.save(filled.path)
    draft = read_quote_file(filled.path, catalogue).quotes[0]
    assert not draft.errors, [str(p) for p in draft.errors]
    assert draft.sla == expected.sla and draft.exit_terms == expected.exit_terms
    assert draft.lines == expected.lines


def test_a_price_formula_without_its_saved_result_says_how_to_save_it(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    wb = load_workbook(filled.path)
    pricing, columns, _ = pricing_of(wb)
    pricing.cell(filled.extra_row, columns["price"]).value = "=2.5*0.9"  # no result saved
    wb.save(filled.path)
    (error,) = read_quote_file(filled.path, catalogue).quotes[0].errors
    assert "is a formula whose result is not saved in the file" in error.message
    assert error.found == "=2.5*0.9"


def test_a_returned_rfq_without_its_keys_sheet_is_still_read_by_its_keys(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    expected = read_quote_file(filled.path, catalogue).quotes[0]
    wb = load_workbook(filled.path)
    del wb["Keys"]
    wb.save(filled.path)
    draft = read_quote_file(filled.path, catalogue, vendor=VENDOR)
    quote = draft.quotes[0]
    assert not quote.errors, [str(p) for p in quote.errors]
    assert (quote.lines, quote.sla, quote.quote_ref) == (
        expected.lines,
        expected.sla,
        expected.quote_ref,
    )
    assert any("hidden Keys sheet is gone" in p.message for p in draft.problems)


def test_support_answers_in_words_are_read_as_meant_or_told(
    demo_db: Path | str, tmp_path: Path, catalogue: Catalogue
) -> None:
    filled = fill(rfq_file(demo_db, tmp_path, catalogue))
    wb = load_workbook(filled.path)
    terms = wb["Terms"]
    rows = {row[0].value: row[0].row for row in terms.iter_rows(max_col=1)}
    terms.cell(rows["support.expert_hours_per_month"], 3).value = "2 days per month"
    terms.cell(rows["exit_terms.data_deletion"], 3).value = "Not without a fee"
    terms.cell(rows["support.response_minutes.3"], 3).value = "NBD"
    wb.save(filled.path)
    draft = read_quote_file(filled.path, catalogue).quotes[0]
    text = "\n".join(str(p) for p in draft.problems)
    # two working days of 8 hours, not 48 hours
    assert draft.support.expert_hours_per_month == 16
    assert "was read as 16 hours: 2 days of 8 working hours" in text
    assert draft.exit_terms.data_deletion is None  # "not without a fee" is no "no"
    assert "'Data deleted on exit, with a certificate' is not yes or no" in text
    assert draft.support.response_minutes[3] == 1440
