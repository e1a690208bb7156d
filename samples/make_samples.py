"""Write the sample vendor quotes, the demo vendors and the expected import results.

Run ``python samples/make_samples.py`` (or ``python -m computescore.samples.make_samples``)
to regenerate every file in this folder. Output is byte-for-byte deterministic: the
workbooks carry fixed timestamps, so a re-run changes nothing unless this script did.

Each sample is built from one description below, which both renders the file (the
layout a vendor would really send) and writes ``expected/<file>.json`` (the canonical
quote lines and terms an importer must produce, DOMAIN.md §6). Vendors and figures are
fictional and illustrative.
"""

# The sample tables below keep one quote line per source line, which is wider than
# the project's 100 columns; they are data, so line length is not enforced here.
# ruff: noqa: E501

from __future__ import annotations

import csv
import io
import json
import re
import sys
import zipfile
from collections.abc import Sequence
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from openpyxl import Workbook, load_workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.worksheet.worksheet import Worksheet

HERE = Path(__file__).resolve().parent
FIXED_TIME = datetime(2026, 11, 22, 9, 0, 0)
HOURS_PER_MONTH = Decimal(730)

# The demo's illustrative FX table (services/demo.py, DEMO_FX): USD per unit, 2026-11-20.
FX_USD_PER_UNIT = {"USD": Decimal(1), "EUR": Decimal("1.0850"), "CNY": Decimal("0.1385")}
FX_AS_OF = "2026-11-20"

BANNER_FONT = Font(name="Calibri", size=20, bold=True, color="FFFFFF")
TITLE_FONT = Font(name="Calibri", size=12, italic=True)
BOLD = Font(bold=True)
HEADER_FILL = PatternFill("solid", fgColor="D9E1F2")
TOP_BORDER = Border(top=Side(style="thin"), bottom=Side(style="double"))

# --------------------------------------------------------------------------- helpers


def eur_text(value: Decimal) -> str:
    """``Decimal("1234.56")`` → ``"€ 1.234,56"`` (German number format)."""
    whole, _, cents = f"{value:,.2f}".partition(".")
    return f"€ {whole.replace(',', '.')},{cents}"


def dec_comma(value: Decimal) -> str:
    """``Decimal("1.45")`` → ``"1,45"``; ``Decimal("20000")`` → ``"20.000"``."""
    text = f"{value:,}" if value == value.to_integral_value() else f"{value:,f}"
    return text.replace(",", "_").replace(".", ",").replace("_", ".")


def price_format(price: str) -> str:
    """Excel number format showing a price with its own decimals (at least two)."""
    places = max(2, -int(Decimal(price).as_tuple().exponent))
    return "#,##0." + "0" * places


def usd_per_gpu_hour(
    price: Decimal, unit: str, currency: str, per_node: int | None
) -> float | None:
    """Recurring compute price in USD per GPU-hour (730 h per month), rounded to 4 places."""
    fx = FX_USD_PER_UNIT[currency]
    hours_by_unit: dict[str, Decimal] = {"per_gpu_hour": Decimal(1), "per_node_hour": Decimal(1),
                                         "per_gpu_month": HOURS_PER_MONTH, "per_node_month": HOURS_PER_MONTH}  # fmt: skip
    hours = hours_by_unit.get(unit)
    if hours is None:
        return None
    gpus = per_node if unit in ("per_node_hour", "per_node_month") else 1
    if gpus is None:
        return None
    value = price * fx / (hours * gpus)
    return float(value.quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP))


class Quote:
    """One quote's header and the canonical lines and terms expected from it."""

    def __init__(self, vendor: str, ref: str, quote_date: str, valid_until: str | None) -> None:
        self.vendor = vendor
        self.ref = ref
        self.quote_date = quote_date
        self.valid_until = valid_until
        self.lines: list[dict[str, Any]] = []
        self.not_lines: list[dict[str, str]] = []
        self.terms: dict[str, Any] = empty_terms()

    def _base(self, kind: str, description: str, source: str) -> dict[str, Any]:
        return {
            "vendor": self.vendor,
            "quote_ref": self.ref,
            "quote_date": self.quote_date,
            "valid_until": self.valid_until,
            "kind": kind,
            "category": None,
            "description": description,
            "accelerator": None,
            "accelerators_per_node": None,
            "nodes": None,
            "accelerator_count": None,
            "quantity": None,
            "deployment": None,
            "term_months": None,
            "price": None,
            "price_unit": None,
            "currency": None,
            "usd_per_gpu_hour": None,
            "region": None,
            "country": None,
            "source": source,
        }

    def compute(
        self,
        source: str,
        description: str,
        accelerator: str,
        *,
        price: Decimal,
        unit: str,
        currency: str,
        deployment: str,
        per_node: int | None = None,
        nodes: int | None = None,
        count: int | None = None,
        term_months: int | None = None,
        region: str | None = None,
        country: str | None = None,
        written: Decimal | None = None,
    ) -> None:
        """``written``: the price as the file shows it, when the line's is not (a price
        that includes VAT is brought to its net figure)."""
        line = self._base("compute", description, source)
        if count is None and per_node is not None and nodes is not None:
            count = per_node * nodes
        line.update(
            accelerator=accelerator,
            accelerators_per_node=per_node,
            nodes=nodes,
            accelerator_count=count,
            deployment=deployment,
            term_months=term_months,
            price=str(price),
            price_unit=unit,
            currency=currency,
            usd_per_gpu_hour=usd_per_gpu_hour(price, unit, currency, per_node),
            region=region,
            country=country,
        )
        if written is not None:
            line["price_as_written"] = str(written)
        self.lines.append(line)

    def cost(
        self,
        source: str,
        description: str,
        category: str,
        *,
        price: Decimal,
        unit: str,
        currency: str,
        quantity: Decimal | None = None,
        region: str | None = None,
        country: str | None = None,
        term_months: int | None = None,
        written: Decimal | None = None,
    ) -> None:
        line = self._base("cost", description, source)
        line.update(
            category=category,
            quantity=None if quantity is None else str(quantity),
            price=str(price),
            price_unit=unit,
            currency=currency,
            region=region,
            country=country,
            term_months=term_months,
        )
        if written is not None:
            line["price_as_written"] = str(written)
        self.lines.append(line)

    def skip(self, source: str, why: str) -> None:
        self.not_lines.append({"source": source, "why": why})

    def expected(self) -> dict[str, Any]:
        return {
            "vendor": self.vendor,
            "quote_ref": self.ref,
            "quote_date": self.quote_date,
            "valid_until": self.valid_until,
            "lines": self.lines,
            "not_lines": self.not_lines,
            "terms": self.terms,
        }


def empty_terms() -> dict[str, Any]:
    return {
        "source": None,
        "sla": {"uptime_pct": None, "credits": []},
        "support": {"response_minutes": {}, "expert_hours_per_month": None, "coverage": None},
        "reliability": {"annual_failure_rate": None, "mttr_hours": None},
        "performance": {"mfu": None, "tokens_per_second": None, "method": None,
                        "measured_on": None},
        "exit": {"notice_days": None, "termination_fee_pct": None, "data_return": None,
                 "data_deletion": None, "egress_price_per_gb": None, "egress_currency": None,
                 "egress_usd_per_gb": None, "auto_renewal": None},
        "certifications": [],
    }  # fmt: skip


def credits(*pairs: tuple[str, str]) -> list[dict[str, float]]:
    return [{"below_uptime_pct": float(b), "credit_pct": float(c)} for b, c in pairs]


def egress(terms: dict[str, Any], price: Decimal, currency: str) -> None:
    terms["exit"]["egress_price_per_gb"] = str(price)
    terms["exit"]["egress_currency"] = currency
    usd = price * FX_USD_PER_UNIT[currency]
    terms["exit"]["egress_usd_per_gb"] = str(usd.quantize(Decimal("0.0001")).normalize())


def banner(ws: Worksheet, text: str, last_col: str, fill: str) -> None:
    """A logo-like merged banner across row 1."""
    ws.merge_cells(f"A1:{last_col}1")
    cell = ws["A1"]
    cell.value = text
    cell.font = BANNER_FONT
    cell.fill = PatternFill("solid", fgColor=fill)
    cell.alignment = Alignment(horizontal="center", vertical="center")
    ws.row_dimensions[1].height = 34


def merged_text(
    ws: Worksheet, row: int, last_col: str, text: str, font: Font | None = None
) -> None:
    ws.merge_cells(f"A{row}:{last_col}{row}")
    ws[f"A{row}"] = text
    ws[f"A{row}"].alignment = Alignment(wrap_text=True, vertical="top")
    if font is not None:
        ws[f"A{row}"].font = font


def header(ws: Worksheet, row: int, names: Sequence[str | None], start_col: int = 1) -> None:
    for offset, name in enumerate(names):
        cell = ws.cell(row=row, column=start_col + offset, value=name)
        cell.font = BOLD
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="center")


def widths(ws: Worksheet, values: dict[str, float]) -> None:
    for col, width in values.items():
        ws.column_dimensions[col].width = width


def key_value_rows(ws: Worksheet, first_row: int, rows: Sequence[tuple[str, str]]) -> int:
    for offset, (key, value) in enumerate(rows):
        ws.cell(row=first_row + offset, column=1, value=key)
        ws.cell(row=first_row + offset, column=2, value=value)
    return first_row + len(rows)


def save_workbook(wb: Workbook, path: Path) -> None:
    """Save with fixed timestamps so the bytes do not change between runs."""
    wb.properties.creator = "ComputeScore sample generator"
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    buffer = io.BytesIO()
    wb.save(buffer)
    stamp = FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ")
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(path, "w") as target:
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            data = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(
                    rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                    rb"\g<1>" + stamp.encode() + rb"\g<2>",
                    data,
                )
            fixed = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME.timetuple()[:6])
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            target.writestr(fixed, data)


def write_csv(path: Path, rows: Sequence[Sequence[str]], *, sep: str, bom: bool, eol: str) -> None:
    """Write a CSV exactly as given (fields needing quotes are quoted)."""

    def field(text: str) -> str:
        if any(ch in text for ch in (sep, '"', "\n", "\r")):
            return '"' + text.replace('"', '""') + '"'
        return text

    text = eol.join(sep.join(field(f) for f in row) for row in rows) + eol
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))


# --------------------------------------------------------------------------- 1 hyperscale cloud

STRATUS = "Stratus Cloud, Inc."


def stratus(folder: Path) -> tuple[str, list[str], list[Quote]]:
    name = "stratus_cloud_quote.xlsx"
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Quote"
    banner(ws, "STRATUS CLOUD", "L", "1F3864")
    merged_text(ws, 2, "L", "GPU capacity proposal for Aldermoor Analytics — Illustrative figures",
                TITLE_FONT)  # fmt: skip
    ws["A3"], ws["B3"], ws["E3"], ws["F3"] = "Supplier", STRATUS, "Quote reference", "SC-2026-1147"
    ws["A4"], ws["E4"] = "Quote date", "Valid until"
    ws["B4"], ws["F4"] = datetime(2026, 11, 2), datetime(2026, 12, 31)
    for ref in ("B4", "F4"):
        ws[ref].number_format = "yyyy-mm-dd"
    header(ws, 6, ["Line", "Service", "Description", "Accelerator", "Instances",
                   "GPUs per instance", "Quantity", "Pricing model", "Term", "Region",
                   "Price (USD)", "Billing unit"])  # fmt: skip
    q = Quote(STRATUS, "SC-2026-1147", "2026-11-02", "2026-12-31")
    h100 = "sx5.48xlarge — 8x NVIDIA H100 80GB SXM, 3200 Gbps cluster networking"
    h200 = "sx6.48xlarge — 8x NVIDIA H200 141GB SXM, 3200 Gbps cluster networking"
    # A buyer in Germany is quoted the Frankfurt region; its list prices sit about 10-20 %
    # above the provider's US-East prices (H100 there: 4.10 / 2.95 / 2.25 per GPU-hour).
    frankfurt = "eu-central-1 (Frankfurt)"
    compute = [
        (h100, "H100 SXM", 8, "On-demand", "—", frankfurt, "DE", "4.60", "on_demand", None),
        (h100, "H100 SXM", 8, "Reserved 1 year", "12 months", frankfurt, "DE", "3.30", "reserved", 12),
        (h100, "H100 SXM", 8, "Reserved 3 years", "36 months", frankfurt, "DE", "2.50", "reserved", 36),
        (h200, "H200 SXM", 4, "On-demand", "—", frankfurt, "DE", "5.20", "on_demand", None),
        (h200, "H200 SXM", 4, "Reserved 1 year", "12 months", frankfurt, "DE", "3.80", "reserved", 12),
        (h200, "H200 SXM", 4, "Reserved 3 years", "36 months", frankfurt, "DE", "2.90", "reserved", 36),
    ]  # fmt: skip
    row = 7
    for number, item in enumerate(compute, start=1):
        text, acc, instances, model, term, region, country, price, dep, months = item
        values: list[Any] = [number, "GPU compute", text, acc, instances, 8, None, model, term, region,
                  float(price), "per GPU-hour"]  # fmt: skip
        for col, value in enumerate(values, start=1):
            ws.cell(row=row, column=col, value=value)
        ws.cell(row=row, column=11).number_format = "#,##0.00"
        accelerator = "nvidia-h100-sxm" if acc == "H100 SXM" else "nvidia-h200-sxm"
        q.compute(f"{name}!Quote!{row}", text, accelerator, price=Decimal(price),
                  unit="per_gpu_hour", currency="USD", deployment=dep, per_node=8,
                  nodes=instances, term_months=months, region=region, country=country)  # fmt: skip
        row += 1
    q.skip(f"{name}!Quote!13", "blank row")
    merged_text(ws, 14, "L", "Storage and network", BOLD)
    q.skip(f"{name}!Quote!14", "section heading")
    costs = [
        ("Block storage", "Provisioned SSD block storage (gp-ssd)", "storage", 100000, "Pay as you go",
         frankfurt, "DE", "0.095", "per GB-month", "per_gb_month"),
        ("File storage", "Managed Lustre file system, 250 MB/s per TiB", "storage", 200000,
         "Pay as you go", frankfurt, "DE", "0.165", "per GB-month", "per_gb_month"),
        ("Data transfer", "Internet data transfer out (first 10 TB per month tier)", "egress", None,
         "Pay as you go", frankfurt, "DE", "0.09", "per GB", "per_gb"),
        ("Networking", "Dedicated interconnect port, 10 Gbps", "network", 2, "Monthly", frankfurt,
         "DE", "1650.00", "per port-month", "per_month"),
    ]  # fmt: skip
    row = 15
    for number, cost_item in enumerate(costs, start=7):
        service, text, category, qty, model, region, country, price, shown, unit = cost_item
        values = [number, service, text, None, None, None, qty, model, "—", region, float(price),
                  shown]  # fmt: skip
        for col, value in enumerate(values, start=1):
            ws.cell(row=row, column=col, value=value)
        ws.cell(row=row, column=11).number_format = price_format(price)
        ws.cell(row=row, column=7).number_format = "#,##0"
        q.cost(f"{name}!Quote!{row}", text, category, price=Decimal(price), unit=unit,
               currency="USD", quantity=None if qty is None else Decimal(qty), region=region,
               country=country)  # fmt: skip
        row += 1
    merged_text(ws, 20, "L", "Notes: Reserved pricing requires a commitment for the full term and "
                "is billed monthly. Prices exclude taxes. Illustrative figures for evaluation only.")  # fmt: skip
    q.skip(f"{name}!Quote!20", "notes row")
    widths(ws, {"A": 6, "B": 14, "C": 58, "D": 12, "E": 10, "F": 10, "G": 11, "H": 16,
                "I": 11, "J": 24, "K": 11, "L": 15})  # fmt: skip

    terms = wb.create_sheet("Terms")
    terms["A1"] = "Stratus Cloud — commercial and service terms"
    terms["A1"].font = BOLD
    header(terms, 3, ["Term", "Value"])
    key_value_rows(terms, 4, [
        ("Uptime commitment", "99.9% monthly, per region"),
        ("Service credit: uptime below 99.9%", "10% of monthly charges"),
        ("Service credit: uptime below 99.0%", "25% of monthly charges"),
        ("Service credit: uptime below 95.0%", "100% of monthly charges"),
        ("Support plan", "Enterprise"),
        ("Severity-1 response", "15 minutes"),
        ("Severity-2 response", "1 hour"),
        ("Severity-3 response", "12 hours"),
        ("Severity-4 response", "24 hours"),
        ("Expert hours included", "20 hours per month (technical account manager)"),
        ("Support coverage", "24x7"),
        ("Annual failure rate", "Not disclosed"),
        ("Mean time to repair", "15 minutes (automatic instance replacement)"),
        ("Measured performance", "None provided"),
        ("Termination notice", "0 days"),
        ("Early termination fee", "100% of remaining reserved commitment"),
        ("Data egress", "$0.09/GB"),
        ("Data return", "Self-service export at standard data transfer rates"),
        ("Data deletion", "Within 30 days of account closure; deletion certificate on request"),
        ("Auto-renewal", "No"),
        ("Certifications", "ISO/IEC 27001:2022, SOC 2 Type II, PCI DSS 4.0"),
    ])  # fmt: skip
    widths(terms, {"A": 38, "B": 64})
    t = q.terms
    t["source"] = f"{name}!Terms"
    t["sla"] = {
        "uptime_pct": 99.9,
        "credits": credits(("99.9", "10"), ("99.0", "25"), ("95.0", "100")),
    }
    t["support"] = {"response_minutes": {"1": 15, "2": 60, "3": 720, "4": 1440},
                    "expert_hours_per_month": 20.0, "coverage": "24x7"}  # fmt: skip
    t["reliability"] = {"annual_failure_rate": None, "mttr_hours": 0.25}
    t["exit"].update(notice_days=0, termination_fee_pct=100.0, data_return=True,
                     data_deletion=True, auto_renewal=False)  # fmt: skip
    egress(t, Decimal("0.09"), "USD")
    t["certifications"] = ["ISO/IEC 27001:2022", "SOC 2 Type II", "PCI DSS 4.0"]
    save_workbook(wb, folder / name)
    features = [
        "logo-like merged banner and a title row above the header",
        "quote reference and dates in labelled cells above the table; dates are real date cells",
        "instances × GPUs per instance columns (count = nodes × per node)",
        "on-demand, 1-year and 3-year reserved H100 and H200 per GPU-hour, all in "
        "eu-central-1 (Frankfurt)",
        "blank row and a merged section heading splitting compute from storage/network",
        "cost lines per GB-month (prices to three decimals), per GB and per port-month",
        "notes row at the bottom",
        "separate 'Terms' sheet: two-column key/value table",
    ]
    return name, features, [q]


# --------------------------------------------------------------------------- 2 GPU cloud

BRIGHTLINE = "Brightline GPU Cloud, Inc."


def brightline(folder: Path) -> tuple[str, list[str], list[Quote]]:
    name = "brightline_gpu_cloud.xlsx"
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Pricing"
    banner(ws, "BRIGHTLINE GPU CLOUD", "G", "7030A0")
    merged_text(ws, 2, "G", "Dedicated GPU clusters — Illustrative figures", TITLE_FONT)
    ws["A3"], ws["B3"], ws["C3"], ws["D3"] = "Quote no.:", "BGC-Q-88213", "Date:", "09 Nov 2026"
    ws["E3"], ws["F3"] = "Valid until:", "09 Dec 2026"
    q = Quote(BRIGHTLINE, "BGC-Q-88213", "2026-11-09", "2026-12-09")
    q.skip(f"{name}!Pricing!4", "blank row")
    ws.merge_cells("A5:C5")
    ws.merge_cells("D5:G5")
    ws["A5"], ws["D5"] = "Configuration", "Commercials"
    for ref in ("A5", "D5"):
        ws[ref].font = BOLD
        ws[ref].alignment = Alignment(horizontal="center")
        ws[ref].fill = HEADER_FILL
    header(ws, 6, ["Node type", "GPUs / node", "Fabric", "Commitment", "Nodes",
                   "USD per node-hour", "Region"])  # fmt: skip
    fabric = "InfiniBand NDR, 3.2 Tb/s per node"
    # EU capacity for a buyer in Germany, priced about 6-8 % above the same nodes in the
    # provider's US regions (there: 23.60 / 18.80 / 9.60 / 26.00 per node-hour).
    stockholm, amsterdam = "EU-North (Stockholm)", "EU-West (Amsterdam)"
    nodes = [
        ("HGX H100 SXM5 80GB node", "nvidia-h100-sxm", "On-demand", 4, "25.20", stockholm, "SE", "on_demand", None),
        ("HGX H100 SXM5 80GB node", "nvidia-h100-sxm", "12-month reserved", 16, "20.00", stockholm, "SE", "reserved", 12),
        ("HGX H100 SXM5 80GB node", "nvidia-h100-sxm", "Spot (preemptible)", 8, "10.40", amsterdam, "NL", "spot", None),
        ("HGX H200 SXM 141GB node", "nvidia-h200-sxm", "12-month reserved", 8, "27.60", stockholm, "SE", "reserved", 12),
    ]  # fmt: skip
    row = 7
    for text, acc, commitment, count, price, region, country, dep, months in nodes:
        cells: list[Any] = [text, 8, fabric, commitment, count, float(price), region]
        for col, value in enumerate(cells, 1):
            ws.cell(row=row, column=col, value=value)
        ws.cell(row=row, column=6).number_format = "#,##0.00"
        q.compute(f"{name}!Pricing!{row}", text, acc, price=Decimal(price), unit="per_node_hour",
                  currency="USD", deployment=dep, per_node=8, nodes=count, term_months=months,
                  region=region, country=country)  # fmt: skip
        row += 1
    q.skip(f"{name}!Pricing!11", "blank row")
    merged_text(ws, 12, "G", "Additional services", BOLD)
    q.skip(f"{name}!Pricing!12", "section heading")
    ws.merge_cells("A13:C13")
    header(ws, 13, ["Item"])
    header(ws, 13, ["Billing", "Quantity", "Price (USD)", "Region"], start_col=4)
    q.skip(f"{name}!Pricing!13", "second header row for the services table")
    services = [
        ("Shared NVMe file storage, parallel file system", "per GB-month", 500000, "0.065",
         "storage", "per_gb_month"),
        ("Cluster onboarding and burn-in testing (one-off)", "one-off", 1, "4500.00",
         "installation", "total"),
        ("Dedicated 100 Gbps internet uplink", "per month", 1, "2400.00", "network", "per_month"),
    ]  # fmt: skip
    row = 14
    for text, billing, qty, price, category, unit in services:
        ws.merge_cells(f"A{row}:C{row}")
        ws.cell(row=row, column=1, value=text)
        service_cells: list[Any] = [billing, qty, float(price), stockholm]
        for col, value in enumerate(service_cells, start=4):
            ws.cell(row=row, column=col, value=value)
        ws.cell(row=row, column=6).number_format = price_format(price)
        q.cost(f"{name}!Pricing!{row}", text, category, price=Decimal(price), unit=unit,
               currency="USD", quantity=Decimal(qty), region=stockholm, country="SE")  # fmt: skip
        row += 1
    # 16 × 20.00 × 730 + 8 × 27.60 × 730 + 500,000 × 0.065 + 2,400
    #   = 233,600 + 161,184 + 32,500 + 2,400 = 429,684.00
    node_hours = 16 * Decimal("20.00") + 8 * Decimal("27.60")
    monthly = node_hours * HOURS_PER_MONTH + 500000 * Decimal("0.065") + Decimal("2400.00")
    assert monthly == Decimal("429684.00")
    ws["A18"] = "Estimated monthly total (730 h, reserved capacity and services)"
    ws["F18"] = float(monthly)
    ws["F18"].number_format = "#,##0.00"
    for letter in "ABCDEFG":
        ws[f"{letter}18"].font = BOLD
        ws[f"{letter}18"].border = TOP_BORDER
    q.skip(f"{name}!Pricing!18", "subtotal row")
    merged_text(ws, 20, "G", "Notes: Spot capacity may be reclaimed with 2 minutes' notice. The "
                "InfiniBand fabric is included in the node price. Illustrative figures.")  # fmt: skip
    q.skip(f"{name}!Pricing!20", "notes row")
    widths(ws, {"A": 30, "B": 11, "C": 30, "D": 20, "E": 10, "F": 16, "G": 24})

    terms = wb.create_sheet("Terms")
    lines = [
        "Brightline GPU Cloud — service terms (summary)",
        "",
        "Uptime commitment: 99.95%",
        "Service credit below 99.95%: 10% of monthly fee",
        "Service credit below 99.5%: 25% of monthly fee",
        "Service credit below 99.0%: 50% of monthly fee",
        "Severity-1 response: 30 minutes",
        "Severity-2 response: 2 hours",
        "Severity-3 response: 8 business hours",
        "Severity-4 response: best effort",
        "Expert hours included: 10 hours per month",
        "Support coverage: 24x7 for Severity 1, business hours otherwise",
        "Annual GPU failure rate: 2.1% (2025 fleet average)",
        "Mean time to repair: 4 hours (node swap)",
        "Measured MFU: 41% (Llama 3 70B pre-training, 64 × H100 SXM, BF16, measured 2026-10-14)",
        "Termination notice: 90 days",
        "Early termination fee: 25% of remaining contract value",
        "Data egress: $0.05/GB",
        "Data return: full export via S3-compatible endpoint within 30 days of termination",
        "Data deletion: NIST SP 800-88 purge within 30 days, certificate provided",
        "Auto-renewal: yes, for 12 months unless notice is given",
        "Certifications: ISO/IEC 27001:2022, SOC 2 Type II",
    ]
    for number, text in enumerate(lines, start=1):
        terms.cell(row=number, column=1, value=text or None)
    terms["A1"].font = BOLD
    widths(terms, {"A": 96})
    t = q.terms
    t["source"] = f"{name}!Terms"
    t["sla"] = {"uptime_pct": 99.95,
                "credits": credits(("99.95", "10"), ("99.5", "25"), ("99.0", "50"))}  # fmt: skip
    t["support"] = {"response_minutes": {"1": 30, "2": 120, "3": 480, "4": None},
                    "expert_hours_per_month": 10.0,
                    "coverage": "24x7 for Severity 1, business hours otherwise"}  # fmt: skip
    t["reliability"] = {"annual_failure_rate": 0.021, "mttr_hours": 4.0}
    t["performance"] = {"mfu": 0.41, "tokens_per_second": None,
                        "method": "Llama 3 70B pre-training, 64 × H100 SXM, BF16",
                        "measured_on": "2026-10-14"}  # fmt: skip
    t["exit"].update(notice_days=90, termination_fee_pct=25.0, data_return=True,
                     data_deletion=True, auto_renewal=True)  # fmt: skip
    egress(t, Decimal("0.05"), "USD")
    t["certifications"] = ["ISO/IEC 27001:2022", "SOC 2 Type II"]
    save_workbook(wb, folder / name)
    features = [
        "logo-like merged banner and title row",
        "quote number and dates as 'label:' cells; dates written as text '09 Nov 2026'",
        "two-row header: merged group cells ('Configuration', 'Commercials') above column names",
        "per node-hour prices for 8-GPU nodes: on-demand, 12-month reserved and spot, in two "
        "EU regions (Stockholm, Amsterdam)",
        "a second table with its own header row (merged 'Item' cell) for services",
        "merged description cells in the services table",
        "subtotal row (bold, bordered) that is not a quote line",
        "notes row at the bottom",
        "separate 'Terms' sheet: one 'Key: value' sentence per row",
        "measured MFU in the terms",
    ]
    return name, features, [q]


# --------------------------------------------------------------------------- 3 server maker (EUR)

KESSLER = "Kessler Systemhaus GmbH"


def kessler(folder: Path) -> tuple[str, list[str], list[Quote]]:
    name = "kessler_systemhaus_angebot.xlsx"
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Angebot"
    banner(ws, "KESSLER SYSTEMHAUS", "G", "C00000")
    merged_text(
        ws, 2, "G", "Kessler Systemhaus GmbH · Hanauer Landstraße 300 · 60314 Frankfurt am Main"
    )
    merged_text(ws, 3, "G", "Angebot / Quotation — Illustrative figures", TITLE_FONT)
    ws["A4"], ws["B4"] = "Quotation no.:", "KS-AN-2026-0419"
    ws["A5"], ws["B5"] = "Date:", "12.11.2026"
    ws["A6"], ws["B6"] = "Valid until:", "11.12.2026"
    q = Quote(KESSLER, "KS-AN-2026-0419", "2026-11-12", "2026-12-11")
    header(ws, 8, ["Pos.", "Description", "Qty", "Unit", "Unit price", "Cost basis (internal)",
                   "Total price"])  # fmt: skip
    ws.column_dimensions["F"].hidden = True
    dgx = "NVIDIA DGX B200 (8x B200 180GB, 2x Xeon Platinum 8570, 2 TB RAM, 8x 400G InfiniBand)"
    items = [
        (10, dgx, 2, "pc.", "438900.00", "401200.00", None),
        (20, "InfiniBand NDR switch, 64 ports, incl. cables and transceivers", 1, "pc.", "38900.00",
         "33100.00", ("network", "per_unit")),
        (30, "Installation, rack integration and commissioning on site", 2, "pc.", "6800.00",
         "4100.00", ("installation", "per_unit")),
        (40, "Power distribution upgrade: 2x 63 A three-phase feeds, metered PDUs", 1, "lump sum",
         "28750.00", "24300.00", ("power", "total")),
        (50, "Cooling upgrade: rear-door heat exchanger, 40 kW per rack", 2, "pc.", "24600.00",
         "21000.00", ("power", "per_unit")),
        (60, "3-year support: NVIDIA Enterprise Support and Kessler on-site service, next business day",
         2, "pc.", "41300.00", "36900.00", ("support", "per_unit")),
    ]  # fmt: skip
    row = 9
    subtotal = Decimal(0)
    for pos, text, qty, unit_text, price, basis, cost in items:
        total = Decimal(price) * qty
        subtotal += total
        values: list[Any] = [pos, text, qty, unit_text, eur_text(Decimal(price)), eur_text(Decimal(basis)),
                  eur_text(total)]  # fmt: skip
        for col, value in enumerate(values, start=1):
            ws.cell(row=row, column=col, value=value)
            if col >= 5:
                ws.cell(row=row, column=col).alignment = Alignment(horizontal="right")
        source = f"{name}!Angebot!{row}"
        if cost is None:
            q.compute(source, text, "nvidia-b200", price=Decimal(price), unit="per_unit",
                      currency="EUR", deployment="purchase", per_node=8, nodes=qty)  # fmt: skip
        else:
            q.cost(source, text, cost[0], price=Decimal(price), unit=cost[1], currency="EUR",
                   quantity=Decimal(qty))  # fmt: skip
        row += 1
    q.skip(f"{name}!Angebot!15", "blank row")
    vat = (subtotal * Decimal("0.19")).quantize(Decimal("0.01"))
    for r, label, value in ((16, "Subtotal (net)", subtotal), (17, "VAT 19 %", vat),
                            (18, "Total (gross)", subtotal + vat)):  # fmt: skip
        ws[f"B{r}"] = label
        ws[f"G{r}"] = eur_text(value)
        ws[f"G{r}"].alignment = Alignment(horizontal="right")
        ws[f"B{r}"].font = ws[f"G{r}"].font = BOLD
        q.skip(f"{name}!Angebot!{r}", "total row")
    ws["G16"].border = TOP_BORDER
    merged_text(ws, 20, "G", "Terms of delivery: 10–12 weeks after order. Prices in EUR, excluding "
                "VAT. Illustrative figures.")  # fmt: skip
    q.skip(f"{name}!Angebot!20", "notes row")
    ws["A21"] = "Conditions"
    ws["A21"].font = BOLD
    conditions = [
        "Severity-1 response: 4 hours (on site, Frankfurt metro area)",
        "Severity-2 response: 8 business hours",
        "Support coverage: Mon–Fri 08:00–18:00 CET, Severity 1 24x7",
        "Annual failure rate (DGX/HGX field data 2025): 1.6%",
        "Mean time to repair: 24 hours (next-business-day parts)",
        "Certifications: ISO 9001:2015, ISO/IEC 27001:2022",
    ]
    for offset, text in enumerate(conditions):
        merged_text(ws, 22 + offset, "G", text)
    widths(ws, {"A": 14, "B": 70, "C": 6, "D": 10, "E": 16, "F": 16, "G": 18})
    t = q.terms
    t["source"] = f"{name}!Angebot!A21:G27"
    t["support"] = {"response_minutes": {"1": 240, "2": 480}, "expert_hours_per_month": None,
                    "coverage": "Mon–Fri 08:00–18:00 CET, Severity 1 24x7"}  # fmt: skip
    t["reliability"] = {"annual_failure_rate": 0.016, "mttr_hours": 24.0}
    t["certifications"] = ["ISO 9001:2015", "ISO/IEC 27001:2022"]

    lease_ws = wb.create_sheet("Leasing")
    banner(lease_ws, "KESSLER SYSTEMHAUS", "F", "C00000")
    merged_text(lease_ws, 2, "F", "Leasing option to quotation KS-AN-2026-0419 (financing by "
                "Kessler Finance) — Illustrative figures", TITLE_FONT)  # fmt: skip
    lease_ws["A3"], lease_ws["B3"] = "Quotation no.:", "KS-AN-2026-0419-L"
    lease_ws["A4"], lease_ws["B4"] = "Date:", "12.11.2026"
    lease_ws["A5"], lease_ws["B5"] = "Valid until:", "11.12.2026"
    lease = Quote(KESSLER, "KS-AN-2026-0419-L", "2026-11-12", "2026-12-11")
    header(lease_ws, 7, ["Pos.", "Description", "Qty", "Term", "Monthly rate per node",
                         "Monthly total"])  # fmt: skip
    lease_text = "NVIDIA DGX B200 (8x B200 180GB) incl. installation and 3-year on-site support"
    upgrades = "Power and cooling upgrades (as quotation pos. 40 and 50), financed"
    rows = [
        (10, lease_text, 2, "36 months", Decimal("14250.00")),
        (20, upgrades, 1, "36 months", Decimal("2190.00")),
    ]
    for offset, (pos, text, qty, term, rate) in enumerate(rows):
        r = 8 + offset
        for col, value in enumerate(
            [pos, text, qty, term, eur_text(rate), eur_text(rate * qty)], 1
        ):
            lease_ws.cell(row=r, column=col, value=value)
    lease.compute(f"{name}!Leasing!8", lease_text, "nvidia-b200", price=Decimal("14250.00"),
                  unit="per_node_month", currency="EUR", deployment="lease", per_node=8, nodes=2,
                  term_months=36)  # fmt: skip
    lease.cost(f"{name}!Leasing!9", upgrades, "power", price=Decimal("2190.00"),
               unit="per_month", currency="EUR", quantity=Decimal(1), term_months=36)  # fmt: skip
    lease.skip(f"{name}!Leasing!10", "blank row")
    lease_ws["B11"], lease_ws["F11"] = "Total monthly rate (net)", eur_text(Decimal("30690.00"))
    lease_ws["B11"].font = lease_ws["F11"].font = BOLD
    lease.skip(f"{name}!Leasing!11", "total row")
    lease_ws["A13"] = "Lease conditions"
    lease_ws["A13"].font = BOLD
    for offset, text in enumerate([
        "Termination notice: 180 days before end of term",
        "Early termination fee: 35% of remaining lease payments",
        "Auto-renewal: no; equipment is returned or bought at 8% residual value",
        "Data deletion: drives erased to NIST SP 800-88 on return, certificate provided",
    ]):  # fmt: skip
        merged_text(lease_ws, 14 + offset, "F", text)
    widths(lease_ws, {"A": 14, "B": 72, "C": 6, "D": 11, "E": 20, "F": 16})
    lt = lease.terms
    lt["source"] = f"{name}!Leasing!A13:F17"
    lt["exit"].update(notice_days=180, termination_fee_pct=35.0, data_deletion=True,
                      auto_renewal=False)  # fmt: skip
    save_workbook(wb, folder / name)
    features = [
        "logo-like merged banner, address line and title row",
        "German dates as text ('12.11.2026')",
        "prices as text in European format ('€ 438.900,00')",
        "hidden helper column F ('Cost basis (internal)') that must not be read",
        "purchase price per unit for DGX B200 nodes (count from the name: 8 × 2 nodes)",
        "installation, power-distribution and cooling upgrades, 3-year support, network",
        "subtotal, VAT and gross total rows",
        "notes row, then a 'Conditions' block of 'Key: value' rows below the table",
        "second sheet 'Leasing' is a separate quote: lease per node-month for 36 months",
    ]
    return name, features, [q, lease]


# --------------------------------------------------------------------------- 4 colocation

NORDHAVN = "Nordhavn Data Centres A/S"


def nordhavn(folder: Path) -> tuple[str, list[str], list[Quote]]:
    name = "nordhavn_colocation.xlsx"
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Offer"
    banner(ws, "NORDHAVN DATA CENTRES", "F", "005F73")
    merged_text(ws, 2, "F", "Colocation offer · Copenhagen CPH2 · Illustrative figures", TITLE_FONT)
    ws["A3"], ws["B3"], ws["C3"] = "Offer reference", "NDC-2026-311", "Offer date"
    ws["D3"] = datetime(2026, 11, 5)
    ws["E3"], ws["F3"] = "Valid until", datetime(2027, 1, 4)
    ws["D3"].number_format = ws["F3"].number_format = "dd/mm/yyyy"
    ws["A4"], ws["B4"] = "Initial term", "36 months"
    q = Quote(NORDHAVN, "NDC-2026-311", "2026-11-05", "2027-01-04")
    q.skip(f"{name}!Offer!5", "blank row")
    header(ws, 6, ["Service", "Quantity", "Unit", "Monthly recurring (EUR)", "One-time (EUR)",
                   "Notes"])  # fmt: skip
    power = "High-density cabinet power, 40 kW per cabinet, liquid-cooling ready"
    cabinet = "Cabinet, 48U, 800 × 1200 mm, in secure cage"
    xconnect = "Cross-connect, single-mode fibre to carrier meet-me room"
    hands = "Remote hands, 10 hours per month included"
    build = "Cage build-out and rack installation"
    table = {
        7: (power, 160, "per kW", 185.00, None, "billed on committed kW"),
        8: ("helper: 4 cabinets × 40 kW = 160 kW", 4, "cabinets", 40, 160, None),
        9: (cabinet, 4, "per cabinet", 1150.00, None, None),
        10: (xconnect, 4, "per cross-connect", 250.00, 500.00, None),
        11: (hands, 1, "per month", 950.00, None, "additional hours € 115 each"),
        12: (build, 1, "one-time", None, 12500.00, None),
    }
    for r, values in table.items():
        for col, value in enumerate(values, start=1):
            ws.cell(row=r, column=col, value=value)
        for col in (4, 5):
            ws.cell(row=r, column=col).number_format = "#,##0.00"
    ws.row_dimensions[8].hidden = True
    src = f"{name}!Offer!"
    q.cost(src + "7", power, "facility", price=Decimal("185.00"), unit="per_kw_month",
           currency="EUR", quantity=Decimal(160))  # fmt: skip
    q.skip(src + "8", "hidden helper row")
    q.cost(src + "9", cabinet, "facility", price=Decimal("1150.00"), unit="per_month",
           currency="EUR", quantity=Decimal(4))  # fmt: skip
    q.cost(src + "10", xconnect, "network", price=Decimal("250.00"), unit="per_month",
           currency="EUR", quantity=Decimal(4))  # fmt: skip
    q.cost(src + "10", xconnect, "network", price=Decimal("500.00"), unit="per_unit",
           currency="EUR", quantity=Decimal(4))  # fmt: skip
    q.cost(src + "11", hands, "support", price=Decimal("950.00"), unit="per_month",
           currency="EUR", quantity=Decimal(1))  # fmt: skip
    q.cost(src + "12", build, "installation", price=Decimal("12500.00"), unit="total",
           currency="EUR", quantity=Decimal(1))  # fmt: skip
    q.skip(src + "13", "blank row")
    # Monthly: 160 × 185 + 4 × 1,150 + 4 × 250 + 950 = 36,150; one-time: 4 × 500 + 12,500 = 14,500.
    ws["A14"], ws["D14"], ws["E14"] = "Totals", 36150.00, 14500.00
    for letter in "ABCDEF":
        ws[f"{letter}14"].font = BOLD
        ws[f"{letter}14"].border = TOP_BORDER
    ws["D14"].number_format = ws["E14"].number_format = "#,##0.00"
    q.skip(src + "14", "totals row")
    merged_text(ws, 16, "F", "Notes: Energy is metered and passed through at cost (estimate € 0.21 "
                "per kWh at PUE 1.25). Additional remote hands € 115 per hour. Prices in EUR "
                "excluding VAT. Illustrative figures.")  # fmt: skip
    ws.row_dimensions[16].height = 45
    q.skip(src + "16", "notes row")
    widths(ws, {"A": 58, "B": 10, "C": 18, "D": 16, "E": 14, "F": 28})

    sla = wb.create_sheet("SLA")
    header(sla, 1, ["Metric", "Commitment"])
    key_value_rows(sla, 2, [
        ("Power availability", "99.999%"),
        ("Service credit — availability below 99.999%", "5% of monthly recurring charges"),
        ("Service credit — availability below 99.99%", "15% of monthly recurring charges"),
        ("Service credit — availability below 99.9%", "50% of monthly recurring charges"),
        ("Remote hands response — Severity 1", "15 minutes"),
        ("Remote hands response — Severity 2", "2 hours"),
        ("Remote hands response — Severity 3", "8 hours"),
        ("Support coverage", "24x7 on-site staff"),
        ("Termination notice", "180 days before the end of the initial 36-month term"),
        ("Early termination fee", "100% of remaining monthly recurring charges"),
        ("Auto-renewal", "Yes, 12 months"),
        ("Certifications", "ISO/IEC 27001:2022, ISO 14001:2015, EN 50600 Class 3"),
    ])  # fmt: skip
    widths(sla, {"A": 46, "B": 56})
    t = q.terms
    t["source"] = f"{name}!SLA"
    t["sla"] = {"uptime_pct": 99.999,
                "credits": credits(("99.999", "5"), ("99.99", "15"), ("99.9", "50"))}  # fmt: skip
    t["support"] = {"response_minutes": {"1": 15, "2": 120, "3": 480},
                    "expert_hours_per_month": None, "coverage": "24x7 on-site staff"}  # fmt: skip
    t["exit"].update(notice_days=180, termination_fee_pct=100.0, auto_renewal=True)
    t["certifications"] = ["ISO/IEC 27001:2022", "ISO 14001:2015", "EN 50600 Class 3"]
    save_workbook(wb, folder / name)
    features = [
        "logo-like merged banner and title row",
        "dates as date cells shown dd/mm/yyyy",
        "cost lines only (no accelerators): per kW-month, per month, one-time",
        "two price columns on one row (monthly recurring and one-time): the cross-connect "
        "row gives two lines",
        "hidden helper row 8 with numbers that must not be read",
        "totals row and a long notes row",
        "separate 'SLA' sheet: 'Metric' / 'Commitment' table",
    ]
    return name, features, [q]


# --------------------------------------------------------------------------- 5 pooled compute CSV

POOLGRID = "PoolGrid Coöperatie U.A."


def poolgrid(folder: Path) -> tuple[str, list[str], list[Quote]]:
    name = "poolgrid_offer.csv"
    q = Quote(POOLGRID, "PG-2026-0077", "2026-11-18", "2026-12-18")
    width = 9

    def pad(*fields: str) -> list[str]:
        return [*fields, *([""] * (width - len(fields)))]

    rows: list[list[str]] = [
        pad(f"{POOLGRID} — offerte pooled GPU capacity"),
        pad("Illustrative figures"),
        pad("Offer", "PG-2026-0077", "", "Date", "18-11-2026", "", "Valid until", "18-12-2026"),
        pad(),
        ["Item", "Accelerator", "Qty", "Tier", "Commitment", "Price", "Currency", "Unit", "Region"],
    ]
    q.skip(f"{name}!4", "blank row")
    gpu_lines = [
        ("GPU capacity, guaranteed tier", "A100 80GB SXM", 32, "Guaranteed", "Pay per use", "1.45",
         "NL-AMS", "NL", "on_demand", None, "nvidia-a100-sxm-80gb"),
        ("GPU capacity, interruptible tier", "A100 80GB SXM", 32, "Interruptible", "Pay per use",
         "0.62", "NL-AMS", "NL", "spot", None, "nvidia-a100-sxm-80gb"),
        ("GPU capacity, reserved 6 months", "A100 80GB SXM", 16, "Guaranteed", "6 months", "1.12",
         "NL-AMS", "NL", "reserved", 6, "nvidia-a100-sxm-80gb"),
        ("GPU capacity, guaranteed tier", "L40S 48GB", 48, "Guaranteed", "Pay per use", "0.98",
         "DE-FRA", "DE", "on_demand", None, "nvidia-l40s"),
        ("GPU capacity, interruptible tier", "L40S 48GB", 48, "Interruptible", "Pay per use", "0.41",
         "DE-FRA", "DE", "spot", None, "nvidia-l40s"),
    ]  # fmt: skip
    for item, acc, qty, tier, commitment, price, region, country, dep, months, acc_id in gpu_lines:
        rows.append([item, acc, str(qty), tier, commitment, dec_comma(Decimal(price)), "EUR",
                     "per GPU-hour", region])  # fmt: skip
        q.compute(f"{name}!{len(rows)}", item, acc_id, price=Decimal(price), unit="per_gpu_hour",
                  currency="EUR", deployment=dep, count=qty, term_months=months, region=region,
                  country=country)  # fmt: skip
    rows.append(["Pooled object storage", "", dec_comma(Decimal(20000)), "", "Pay per use",
                 dec_comma(Decimal("0.018")), "EUR", "per GB-month", "NL-AMS"])  # fmt: skip
    q.cost(f"{name}!{len(rows)}", "Pooled object storage", "storage", price=Decimal("0.018"),
           unit="per_gb_month", currency="EUR", quantity=Decimal(20000), region="NL-AMS",
           country="NL")  # fmt: skip
    rows.append(["Data egress", "", "", "", "Pay per use", dec_comma(Decimal("0.00")), "EUR",
                 "per GB", "NL-AMS"])  # fmt: skip
    q.cost(f"{name}!{len(rows)}", "Data egress", "egress", price=Decimal("0.00"), unit="per_gb",
           currency="EUR", region="NL-AMS", country="NL")  # fmt: skip
    rows.append(pad())
    q.skip(f"{name}!{len(rows)}", "blank row")
    terms_start = len(rows) + 1
    for key, value in [
        ("Terms", ""),
        ("Uptime commitment", "99,5 %"),
        ("Service credit below 99,5 %", "10 %"),
        ("Service credit below 98,0 %", "30 %"),
        ("Severity-1 response", "60 minutes"),
        ("Severity-2 response", "4 hours"),
        ("Support coverage", "business hours (Mon–Fri 09:00–17:00 CET)"),
        ("Expert hours included", "0"),
        ("Interruptible tier notice", "2 minutes before pre-emption"),
        ("Measured throughput", "1.850,5 tokens/s (Llama 3.1 8B, vLLM, 1 × L40S, batch 32, "
         "measured 2026-09-30)"),
        ("Termination notice", "30 days"),
        ("Early termination fee", "0 %"),
        ("Data egress", "free (fair use up to 50 TB per month)"),
        ("Data return", "export via S3-compatible API"),
        ("Data deletion", "on request, within 14 days"),
        ("Auto-renewal", "monthly, cancel any time"),
        ("Certifications", "ISO/IEC 27001:2022"),
        ("Note: prices excl. VAT; the 6-month reservation is billed monthly.", ""),
    ]:  # fmt: skip
        rows.append(pad(key, value))
    q.skip(f"{name}!{len(rows)}", "notes row")
    write_csv(folder / name, rows, sep=";", bom=True, eol="\r\n")
    t = q.terms
    t["source"] = f"{name}!{terms_start}-{len(rows)}"
    t["sla"] = {"uptime_pct": 99.5, "credits": credits(("99.5", "10"), ("98.0", "30"))}
    t["support"] = {"response_minutes": {"1": 60, "2": 240}, "expert_hours_per_month": 0.0,
                    "coverage": "business hours (Mon–Fri 09:00–17:00 CET)"}  # fmt: skip
    t["performance"] = {"mfu": None, "tokens_per_second": 1850.5,
                        "method": "Llama 3.1 8B, vLLM, 1 × L40S, batch 32",
                        "measured_on": "2026-09-30"}  # fmt: skip
    t["exit"].update(notice_days=30, termination_fee_pct=0.0, data_return=True,
                     data_deletion=True, auto_renewal=True)  # fmt: skip
    egress(t, Decimal("0.00"), "EUR")
    t["certifications"] = ["ISO/IEC 27001:2022"]
    features = [
        "CSV with ';' separators, decimal commas and '.' thousands ('20.000' = 20000), UTF-8 "
        "with byte-order mark, CRLF line ends",
        "title and 'Illustrative figures' rows above the header; Dutch dates '18-11-2026'",
        "every row padded to 9 fields",
        "per GPU-hour prices: guaranteed (on-demand), interruptible (spot) and 6-month "
        "reserved tiers, A100 80GB and L40S",
        "egress line priced at 0,00",
        "terms as 'key;value' rows after a blank row in the same file, with decimal commas "
        "('99,5 %', '1.850,5 tokens/s')",
    ]
    return name, features, [q]


# --------------------------------------------------------------------------- 6 domestic accelerators

QINGYUN = "Qingyun Zhisuan Technology Co., Ltd."


def qingyun(folder: Path) -> tuple[str, list[str], list[Quote]]:
    name = "qingyun_ascend_quote.xlsx"
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "报价单 Quotation"
    sheet = ws.title
    banner(ws, "青云智算 QINGYUN ZHISUAN", "I", "0B6E4F")
    merged_text(ws, 2, "I", "青云智算科技有限公司 Qingyun Zhisuan Technology Co., Ltd. — 算力服务报价单 "
                "Compute service quotation — Illustrative figures", TITLE_FONT)  # fmt: skip
    ws["A3"], ws["B3"] = "报价编号 Quote No.", "QY-2026-1108"
    ws["D3"], ws["E3"] = "报价日期 Date", "2026年11月8日"
    ws["G3"], ws["H3"] = "有效期至 Valid until", "2026年12月8日"
    q = Quote(QINGYUN, "QY-2026-1108", "2026-11-08", "2026-12-08")
    q.skip(f"{name}!{sheet}!4", "blank row")
    header(ws, 5, ["序号 No.", "项目 Item", "配置 Configuration", "数量 Qty", "单价 Unit price",
                   "计价单位 Unit", "租期 Term", "部署地 Location", "金额 Amount (CNY)"])  # fmt: skip
    guian, hangzhou = "贵州贵安 Gui'an, Guizhou", "浙江杭州 Hangzhou, Zhejiang"
    lease_item = "Atlas 800T A2 整机租赁 (dedicated server lease)"
    cards_item = "Ascend 910B 按需算力 (on-demand cards)"
    rows = [
        (1, lease_item, "Atlas 800T A2 (8× Ascend 910B 64GB), 4× 200G RoCE", 8, "￥56,000",
         "每台每月 per node-month", "12个月 12 months", guian, "￥448,000/月"),
        (2, cards_item, "Ascend 910B 64GB", 16, "CNY 9.80", "每卡每小时 per card-hour",
         "按需 on demand", hangzhou, "—"),
        (3, "CANN / MindSpore 迁移适配服务 (migration support)", "2 engineer-months", 1,
         "CNY 120,000", "一次性 one-off", "—", "—", "￥120,000"),
        (4, "RoCE 200G 网络接入 (network access)", "per node", 8, "￥3,500",
         "每台每月 per node-month", "12个月 12 months", guian, "￥28,000/月"),
        (5, "并行文件存储 (parallel file storage)", "100,000 GB", 100000, "CNY 0.12",
         "每GB每月 per GB-month", "12个月 12 months", guian, "￥12,000/月"),
        (6, "公网数据迁出 (internet egress)", "—", None, "CNY 0.50", "每GB per GB", "—", guian,
         "—"),
    ]  # fmt: skip
    for offset, values in enumerate(rows):
        for col, value in enumerate(values, start=1):
            ws.cell(row=6 + offset, column=col, value=value)
    src = f"{name}!{sheet}!"
    # The note under the table says the prices include 6 % VAT: each price is net, the
    # written one ÷ 1.06 to the millionth (9.80 ÷ 1.06 = 9.245283).
    q.compute(src + "6", lease_item, "huawei-ascend-910b", price=Decimal("52830.188679"), written=Decimal("56000"),
              unit="per_node_month", currency="CNY", deployment="lease", per_node=8, nodes=8,
              term_months=12, region=guian, country="CN")  # fmt: skip
    q.compute(src + "7", cards_item, "huawei-ascend-910b", price=Decimal("9.245283"), written=Decimal("9.80"),
              unit="per_gpu_hour", currency="CNY", deployment="on_demand", count=16,
              region=hangzhou, country="CN")  # fmt: skip
    q.cost(src + "8", "CANN / MindSpore 迁移适配服务 (migration support)", "support",
           price=Decimal("113207.547170"), written=Decimal("120000"), unit="total", currency="CNY", quantity=Decimal(1))  # fmt: skip
    q.cost(src + "9", "RoCE 200G 网络接入 (network access)", "network", price=Decimal("3301.886792"), written=Decimal("3500"),
           unit="per_month", currency="CNY", quantity=Decimal(8), region=guian, country="CN",
           term_months=12)  # fmt: skip
    q.cost(src + "10", "并行文件存储 (parallel file storage)", "storage", price=Decimal("0.113208"), written=Decimal("0.12"),
           unit="per_gb_month", currency="CNY", quantity=Decimal(100000), region=guian,
           country="CN", term_months=12)  # fmt: skip
    q.cost(src + "11", "公网数据迁出 (internet egress)", "egress", price=Decimal("0.471698"), written=Decimal("0.50"),
           unit="per_gb", currency="CNY", region=guian, country="CN")  # fmt: skip
    q.skip(src + "12", "blank row")
    # 448,000 + 28,000 + 12,000 = 488,000 per month
    ws["B13"], ws["I13"] = "月度合计 Monthly total (excl. on-demand and egress)", "￥488,000/月"
    ws["B13"].font = ws["I13"].font = BOLD
    q.skip(src + "13", "total row")
    merged_text(ws, 15, "I", "备注 Notes: 价格含 6% 增值税 Prices include 6% VAT. 昇腾算力需 CANN 8.0 及以上 "
                "Requires CANN 8.0 or later. Illustrative figures.")  # fmt: skip
    q.skip(src + "15", "notes row")
    widths(ws, {"A": 9, "B": 40, "C": 44, "D": 9, "E": 13, "F": 22, "G": 16, "H": 26, "I": 16})

    terms = wb.create_sheet("合同条款 Terms")
    header(terms, 1, ["条款 Term", "内容 Value"])
    key_value_rows(terms, 2, [
        ("可用性承诺 Uptime commitment", "99.9%"),
        ("服务赔偿 Service credit: below 99.9%", "10%"),
        ("服务赔偿 Service credit: below 99.5%", "30%"),
        ("一级故障响应 Severity-1 response", "30 分钟 (30 minutes)"),
        ("二级故障响应 Severity-2 response", "2 小时 (2 hours)"),
        ("三级故障响应 Severity-3 response", "24 小时 (24 hours)"),
        ("专家服务 Expert hours included", "每月 40 小时 (40 hours per month)"),
        ("服务时间 Support coverage", "7×24"),
        ("年故障率 Annual failure rate", "3.5%"),
        ("平均修复时间 Mean time to repair", "8 小时 (8 hours)"),
        ("实测 MFU Measured MFU", "33% (Llama 2 70B 预训练 pre-training, MindSpeed, "
         "64 × Ascend 910B, 2026-08-21)"),
        ("提前通知期 Termination notice", "30 天 (30 days)"),
        ("提前解约费 Early termination fee", "剩余合同金额的 20% (20% of remaining contract value)"),
        ("数据返还 Data return", "是 Yes — 终止后 15 日内 within 15 days"),
        ("数据删除 Data deletion", "是 Yes — 出具销毁证明 with deletion certificate"),
        ("数据迁出费 Data egress", "CNY 0.50/GB"),
        ("自动续约 Auto-renewal", "是 Yes, 12 个月 12 months"),
        ("资质认证 Certifications", "网络安全等级保护三级 (MLPS Level 3); ISO/IEC 27001:2013"),
        ("出口管制 Export control", "昇腾 910B 为国产芯片 domestic accelerator, not US-origin"),
    ])  # fmt: skip
    widths(terms, {"A": 40, "B": 72})
    t = q.terms
    t["source"] = f"{name}!合同条款 Terms"
    t["sla"] = {"uptime_pct": 99.9, "credits": credits(("99.9", "10"), ("99.5", "30"))}
    t["support"] = {"response_minutes": {"1": 30, "2": 120, "3": 1440},
                    "expert_hours_per_month": 40.0, "coverage": "7×24"}  # fmt: skip
    t["reliability"] = {"annual_failure_rate": 0.035, "mttr_hours": 8.0}
    t["performance"] = {"mfu": 0.33, "tokens_per_second": None,
                        "method": "Llama 2 70B 预训练 pre-training, MindSpeed, 64 × Ascend 910B",
                        "measured_on": "2026-08-21"}  # fmt: skip
    t["exit"].update(notice_days=30, termination_fee_pct=20.0, data_return=True,
                     data_deletion=True, auto_renewal=True)  # fmt: skip
    egress(t, Decimal("0.50"), "CNY")
    t["certifications"] = ["网络安全等级保护三级 (MLPS Level 3)", "ISO/IEC 27001:2013"]
    save_workbook(wb, folder / name)
    features = [
        "bilingual (Chinese/English) sheet names, headers and item text",
        "logo-like merged banner and title row; Chinese dates '2026年11月8日'",
        "prices as text with '￥56,000' and 'CNY 9.80'",
        "Atlas 800T A2 lease per node-month (8 × Ascend 910B per node) and on-demand per card-hour",
        "a cost line with no quantity and amounts written '￥448,000/月'",
        "total row and notes row",
        "the note says the prices include 6 % VAT: every line's price is its net figure "
        "(56,000 ÷ 1.06 = 52,830.188679), read with a warning",
        "separate bilingual 'Terms' sheet; measured MFU; an ISO/IEC 27001:2013 certificate "
        "(the 2013 edition's transition ended 2025-10-31)",
    ]
    return name, features, [q]


# --------------------------------------------------------------------------- 7 flat CSV price list

MERIDIAN = "Meridian Compute LLC"


def meridian(folder: Path) -> tuple[str, list[str], list[Quote]]:
    name = "meridian_price_list.csv"
    q = Quote(MERIDIAN, "MC-1187", "2026-11-16", "2026-11-30")
    head = ["vendor", "quote_ref", "quote_date", "valid_until", "description", "accelerator",
            "gpus", "deployment", "term", "price", "unit", "region"]  # fmt: skip
    rows: list[list[str]] = [head]
    oregon = "US West (Hillsboro, OR)"
    items = [
        ("MI300X 192GB, on-demand", "AMD Instinct MI300X", "8", "on-demand", "", "$2.45/hr",
         "GPU-hour", "2.45", "amd-mi300x", "on_demand", None),
        ("MI300X 192GB, 12-month commitment", "MI300X", "64", "reserved", "12 months", "$1.89/hr",
         "GPU-hour", "1.89", "amd-mi300x", "reserved", 12),
        ("Gaudi 3 128GB, on-demand", "Intel Gaudi 3", "8", "on-demand", "", "US$ 2,85", "GPU-hour",
         "2.85", "intel-gaudi3", "on_demand", None),
        ("H100 NVL 94GB, on-demand", "H100 NVL", "4", "on-demand", "", "$2.10/hr", "GPU-hour",
         "2.10", "nvidia-h100-nvl", "on_demand", None),
    ]  # fmt: skip
    for desc, acc, gpus, dep_text, term, shown, unit, price, acc_id, dep, months in items:
        rows.append([MERIDIAN, "MC-1187", "2026-11-16", "2026-11-30", desc, acc, gpus, dep_text,
                     term, shown, unit, oregon])  # fmt: skip
        q.compute(f"{name}!{len(rows)}", desc, acc_id, price=Decimal(price), unit="per_gpu_hour",
                  currency="USD", deployment=dep, count=int(gpus), term_months=months,
                  region=oregon, country="US")  # fmt: skip
    rows.append([MERIDIAN, "MC-1187", "2026-11-16", "2026-11-30", "Object storage", "", "",
                 "on-demand", "", "$0.02/GB-month", "GB-month", oregon])  # fmt: skip
    q.cost(f"{name}!{len(rows)}", "Object storage", "storage", price=Decimal("0.02"),
           unit="per_gb_month", currency="USD", region=oregon, country="US")  # fmt: skip
    rows.append(["Note: Illustrative figures. Prices per GPU-hour, billed per second."]
                + [""] * (len(head) - 1))  # fmt: skip
    q.skip(f"{name}!{len(rows)}", "notes row")
    write_csv(folder / name, rows, sep=",", bom=False, eol="\n")
    features = [
        "flat comma-separated price list, one header row, quote fields repeated on every row",
        "prices as text with unit suffixes ('$2.45/hr', '$0.02/GB-month') and one decimal-comma "
        "price in quotes ('US$ 2,85')",
        "accelerator spellings with maker names ('AMD Instinct MI300X', 'Intel Gaudi 3')",
        "per GPU-hour on-demand and 12-month reserved; a storage line without a quantity",
        "a notes row at the end; no terms at all",
    ]
    return name, features, [q]


# --------------------------------------------------------------------------- 8 token API

LUMEN = "Lumen Inférence SAS"


def lumen(folder: Path) -> tuple[str, list[str], list[Quote]]:
    name = "lumen_token_prices.csv"
    q = Quote(LUMEN, "LI-2026-0412", "2026-11-19", "2026-12-31")
    width = 5

    def pad(*fields: str) -> list[str]:
        return [*fields, *([""] * (width - len(fields)))]

    rows: list[list[str]] = [
        pad(f"{LUMEN} — serverless inference, price list for Aldermoor Analytics GmbH"),
        pad("Illustrative figures. Prices excl. VAT."),
        pad("Offer", "LI-2026-0412", "Date", "2026-11-19"),
        pad("Valid until", "2026-12-31"),
        pad(),
        ["Model", "Input (€/1M tokens)", "Output (€/1M tokens)", "Cached input (€/1M tokens)",
         "Region"],
    ]  # fmt: skip
    q.skip(f"{name}!5", "blank row")
    models = [
        ("Llama 3.1 8B Instruct", "0.10", "0.30", "0.03"),
        ("Qwen 2.5 14B Instruct", "0.20", "0.60", "0.05"),
        ("Llama 3.3 70B Instruct", "0.70", "2.10", "0.18"),
    ]
    units = ("per_million_input_tokens", "per_million_output_tokens", "per_million_cached_tokens")
    for model, *prices in models:
        rows.append([model, *prices, "FR-PAR"])
        for price, unit in zip(prices, units, strict=True):
            q.cost(f"{name}!{len(rows)}", model, "tokens", price=Decimal(price), unit=unit,
                   currency="EUR", region="FR-PAR", country="FR")  # fmt: skip
    rows.append(pad())
    q.skip(f"{name}!{len(rows)}", "blank row")
    terms_start = len(rows) + 1
    for key, value in [
        ("Terms", ""),
        ("Uptime commitment", "99.9 %"),
        ("Service credit below 99.9 %", "10 %"),
        ("Service credit below 99.0 %", "25 %"),
        ("Severity-1 response", "30 minutes"),
        ("Severity-2 response", "4 hours"),
        ("Support coverage", "24/7"),
        ("Data processing", "Paris region only; prompts and outputs are not kept"),
        ("Termination notice", "30 days"),
        ("Early termination fee", "0 %"),
        ("Data deletion", "immediately after each request"),
        ("Auto-renewal", "monthly, cancel any time"),
        ("Certifications", "ISO/IEC 27001:2022"),
    ]:
        rows.append(pad(key, value))
    write_csv(folder / name, rows, sep=",", bom=False, eol="\n")
    t = q.terms
    t["source"] = f"{name}!{terms_start}-{len(rows)}"
    t["sla"] = {"uptime_pct": 99.9, "credits": credits(("99.9", "10"), ("99.0", "25"))}
    t["support"] = {"response_minutes": {"1": 30, "2": 240}, "expert_hours_per_month": None,
                    "coverage": "24/7"}  # fmt: skip
    t["exit"].update(notice_days=30, termination_fee_pct=0.0, data_deletion=True,
                     auto_renewal=True)  # fmt: skip
    t["certifications"] = ["ISO/IEC 27001:2022"]
    features = [
        "a token API's price list: one row per model, input, output and cached-input prices "
        "per million tokens as columns ('Input (€/1M tokens)')",
        "three models of different sizes, so the one that serves the workload is costed",
        "title, offer and validity rows above the header; terms as key/value rows after a "
        "blank row",
    ]
    return name, features, [q]


# --------------------------------------------------------------------------- vendors

VENDORS: list[dict[str, Any]] = [
    {
        "name": STRATUS, "kind": "hyperscale_cloud", "hq_country": "US",
        "regions": ["US", "DE", "JP"],
        "certifications": [
            {"name": "ISO/IEC 27001:2022", "issuer": "Harbor Assurance Registrar Ltd.",
             "valid_from": "2025-03-01", "valid_to": "2028-02-29"},
            {"name": "SOC 2 Type II", "issuer": "Whitcombe & Rowe LLP",
             "valid_from": "2026-04-01", "valid_to": "2027-03-31"},
            {"name": "PCI DSS 4.0", "issuer": "Harbor Assurance Registrar Ltd.",
             "valid_from": "2026-01-15", "valid_to": "2027-01-14"},
        ],
        "website": "https://stratus-cloud.example", "files": ["stratus_cloud_quote.xlsx"],
    },
    {
        "name": BRIGHTLINE, "kind": "gpu_cloud", "hq_country": "US", "regions": ["US", "SE", "NL"],
        "certifications": [
            {"name": "ISO/IEC 27001:2022", "issuer": "Harbor Assurance Registrar Ltd.",
             "valid_from": "2025-06-10", "valid_to": "2028-06-09"},
            {"name": "SOC 2 Type II", "issuer": "Whitcombe & Rowe LLP",
             "valid_from": "2026-02-01", "valid_to": "2027-01-31"},
        ],
        "website": "https://brightline-gpu.example", "files": ["brightline_gpu_cloud.xlsx"],
    },
    {
        "name": KESSLER, "kind": "server_maker", "hq_country": "DE", "regions": ["DE", "AT"],
        "certifications": [
            {"name": "ISO 9001:2015", "issuer": "Rheinland Zertifizierung GmbH",
             "valid_from": "2024-09-01", "valid_to": "2027-08-31"},
            {"name": "ISO/IEC 27001:2022", "issuer": "Rheinland Zertifizierung GmbH",
             "valid_from": "2025-02-01", "valid_to": "2028-01-31"},
        ],
        "website": "https://kessler-systemhaus.example", "files": ["kessler_systemhaus_angebot.xlsx"],
    },
    {
        "name": NORDHAVN, "kind": "colocation", "hq_country": "DK", "regions": ["DK"],
        "certifications": [
            {"name": "ISO/IEC 27001:2022", "issuer": "Nordic Certification A/S",
             "valid_from": "2024-11-01", "valid_to": "2027-10-31"},
            {"name": "ISO 14001:2015", "issuer": "Nordic Certification A/S",
             "valid_from": "2024-11-01", "valid_to": "2027-10-31"},
            {"name": "EN 50600 Class 3", "issuer": "Nordic Certification A/S",
             "valid_from": "2025-05-20", "valid_to": "2028-05-19"},
        ],
        "website": "https://nordhavn-dc.example", "files": ["nordhavn_colocation.xlsx"],
    },
    {
        "name": POOLGRID, "kind": "pooled_compute", "hq_country": "NL", "regions": ["NL", "DE"],
        "certifications": [
            {"name": "ISO/IEC 27001:2022", "issuer": "Delta Certificering B.V.",
             "valid_from": "2025-10-01", "valid_to": "2028-09-30"},
        ],
        "website": "https://poolgrid.example", "files": ["poolgrid_offer.csv"],
    },
    {
        "name": QINGYUN, "kind": "domestic_accelerator", "hq_country": "CN", "regions": ["CN"],
        "certifications": [
            {"name": "网络安全等级保护三级 (MLPS Level 3)", "issuer": "贵州省公安厅 (filing record)",
             "valid_from": "2025-06-30", "valid_to": "2027-06-29",
             "evidence": "Annual MLPS assessment filing"},
            {"name": "ISO/IEC 27001:2013", "issuer": "Huaxia Certification Center Co., Ltd.",
             "valid_from": "2022-11-01", "valid_to": "2025-10-31",
             "evidence": "2013 edition; the transition to ISO/IEC 27001:2022 ended 2025-10-31"},
        ],
        "website": "https://qingyun-zhisuan.example", "files": ["qingyun_ascend_quote.xlsx"],
    },
    {
        "name": MERIDIAN, "kind": "gpu_cloud", "hq_country": "US", "regions": ["US"],
        "certifications": [
            {"name": "SOC 2 Type II", "issuer": "Whitcombe & Rowe LLP",
             "valid_from": "2026-07-01", "valid_to": "2027-06-30"},
        ],
        "website": "https://meridian-compute.example", "files": ["meridian_price_list.csv"],
    },
    {
        "name": LUMEN, "kind": "token_api", "hq_country": "FR", "regions": ["FR"],
        "certifications": [
            {"name": "ISO/IEC 27001:2022", "issuer": "Bureau Alpin de Certification",
             "valid_from": "2025-09-15", "valid_to": "2028-09-14"},
        ],
        "website": "https://lumen-inference.example", "files": ["lumen_token_prices.csv"],
    },
]  # fmt: skip


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _row_cells(folder: Path, source: str) -> tuple[list[Any], bool]:
    """The cell values of the row a ``file!sheet!row`` (or ``file!row``) source names,
    and whether that row is hidden."""
    parts = source.split("!")
    path = folder / parts[0]
    row = int(parts[-1])
    if path.suffix == ".csv":
        text = path.read_bytes().decode("utf-8-sig")
        sep = ";" if text.count(";") > text.count(",") else ","
        records = list(csv.reader(io.StringIO(text, newline=""), delimiter=sep))
        return list(records[row - 1]), False
    wb = load_workbook(path)
    ws = wb[parts[1]]
    values = [cell.value for cell in ws[row]]
    return values, bool(ws.row_dimensions[row].hidden)


def verify(folder: Path) -> list[str]:
    """Read the written files back and check each expected line against its row.

    Checks that the row exists and is visible, holds the line's description, and shows
    its price (as a number cell or as text in the file's own notation). Returns the
    disagreements found; an empty list means the expected files match the samples.
    """
    problems: list[str] = []
    for expected_file in sorted((folder / "expected").glob("*.json")):
        data = json.loads(expected_file.read_text(encoding="utf-8"))
        for quote in data["quotes"]:
            for line in quote["lines"]:
                cells, hidden = _row_cells(folder, line["source"])
                texts = [str(c) for c in cells if c is not None]
                price = Decimal(line.get("price_as_written", line["price"]))
                shown = {eur_text(price), dec_comma(price), f"{price:,}", str(price)}
                if hidden:
                    problems.append(f"{line['source']}: the row is hidden")
                if not any(line["description"] == t for t in texts):
                    problems.append(f"{line['source']}: description not found")
                numeric = any(
                    isinstance(c, int | float) and Decimal(str(c)) == price for c in cells
                )
                if not numeric and not any(s in t for s in shown for t in texts):
                    problems.append(f"{line['source']}: price {price} not shown")
    kessler_book = load_workbook(folder / "kessler_systemhaus_angebot.xlsx")
    if not kessler_book["Angebot"].column_dimensions["F"].hidden:
        problems.append("kessler_systemhaus_angebot.xlsx: helper column F is not hidden")
    if not load_workbook(folder / "nordhavn_colocation.xlsx")["Offer"].row_dimensions[8].hidden:
        problems.append("nordhavn_colocation.xlsx: helper row 8 is not hidden")
    return problems


def main(argv: Sequence[str] = ()) -> int:
    """Write every sample, ``vendors.json`` and ``expected/*.json`` into this folder."""
    folder = Path(argv[0]) if argv else HERE
    expected_dir = folder / "expected"
    expected_dir.mkdir(parents=True, exist_ok=True)
    index = []
    for build in (stratus, brightline, kessler, nordhavn, poolgrid, qingyun, meridian, lumen):
        name, features, quotes = build(folder)
        currencies = sorted({line["currency"] for q in quotes for line in q.lines} - {"USD"})
        write_json(expected_dir / f"{name}.json", {
            "file": name,
            "illustrative": True,
            "layout_features": features,
            "fx_used": {c: {"usd_per_unit": str(FX_USD_PER_UNIT[c]), "as_of": FX_AS_OF}
                        for c in currencies},
            "quotes": [q.expected() for q in quotes],
        })  # fmt: skip
        index.append((name, sum(len(q.lines) for q in quotes)))
    write_json(folder / "vendors.json", {
        "note": "Fictional vendors for the demo workspace and the import tests. "
                "Illustrative figures. Certification validity is judged on 2026-11-22.",
        "vendors": VENDORS,
    })  # fmt: skip
    for name, count in index:
        print(f"{name}: {count} lines")
    problems = verify(folder)
    for problem in problems:
        print(f"disagreement: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
