"""Write the PDF quotes the importer is tested against, and what each must yield.

Run ``python tests/io/pdf_quotes/make_pdf_quotes.py`` to regenerate ``files/`` and
``expected/``. Each PDF is laid out the way vendors really send quotes as PDF: ruled
grids, tables aligned by white space alone, only horizontal rules, a purchase quote
running over three pages with its header repeated and a totals block, terms as a
second table, a landscape price list with wrapped descriptions, a colocation offer, a
letter with prose around its table, a table that runs on to a page without its header. Each description states, by hand, the lines and
terms an importer must read. Vendors and figures are fictional.

Output is deterministic (reportlab's invariant mode: fixed dates and ids).
"""

# The tables below keep one source row per line; they are data.
# ruff: noqa: E501

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

HERE = Path(__file__).resolve().parent
FILES = HERE / "files"
EXPECTED = HERE / "expected"

STYLES = getSampleStyleSheet()
BODY = STYLES["Normal"]
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, leading=10)
TITLE = STYLES["Title"]
HEADING = STYLES["Heading2"]


@dataclass(frozen=True)
class PdfQuote:
    """One PDF of the corpus: how it is written and what it must yield."""

    name: str
    style: str
    write: Callable[[Path], None]
    lines: list[dict[str, Any]]
    terms: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


CORPUS: list[PdfQuote] = []


def line(description: str, **fields: Any) -> dict[str, Any]:
    """An expected line: its description and the other fields the file states."""
    return {"description": description, **fields}


def document(path: Path, story: list[Any], *, pagesize: Any = A4, footer: str = "") -> None:
    """A platypus document in invariant mode, with an optional footer on every page."""

    def on_page(canvas: Canvas, doc: Any) -> None:
        if footer:
            canvas.setFont("Helvetica", 7)
            canvas.drawString(20 * mm, 10 * mm, footer)
            canvas.drawRightString(pagesize[0] - 20 * mm, 10 * mm, f"Page {doc.page}")

    doc = SimpleDocTemplate(
        str(path),
        pagesize=pagesize,
        invariant=1,
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=18 * mm,
        bottomMargin=18 * mm,
        title=path.stem,
        author="Vendor",
    )
    doc.build(story, onFirstPage=on_page, onLaterPages=on_page)


def grid(
    rows: Sequence[Sequence[Any]],
    *,
    widths: Sequence[float] | None = None,
    repeat: int = 1,
    rules: str = "grid",
    extra: Sequence[Any] = (),
) -> Table:
    """A table with a bold header: a full grid, horizontal rules only, or no rules."""
    table = Table([list(r) for r in rows], colWidths=widths, repeatRows=repeat)
    style: list[Any] = [
        ("FONT", (0, 0), (-1, repeat - 1), "Helvetica-Bold", 8.5),
        ("FONT", (0, repeat), (-1, -1), "Helvetica", 8.5),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    if rules == "grid":
        style += [
            ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#DCE6F2")),
        ]
    elif rules == "horizontal":
        style += [
            ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.grey),
            ("LINEABOVE", (0, 0), (-1, 0), 0.8, colors.black),
        ]
    table.setStyle(TableStyle([*style, *extra]))
    return table


def paragraphs(*texts: str, style: ParagraphStyle = BODY) -> list[Any]:
    return [Paragraph(text, style) for text in texts]


# --------------------------------------------------------------------------- 1. ruled grid


def write_gpu_cloud_grid(path: Path) -> None:
    story = [
        Paragraph("Northcape GPU Cloud, Inc.", TITLE),
        *paragraphs(
            "Vendor: Northcape GPU Cloud, Inc.",
            "Quote no.: NC-2026-0412",
            "Quote date: 16 Nov 2026",
            "Valid until: 16 Dec 2026",
        ),
        Spacer(1, 10),
        grid(
            [
                ["Description", "GPU", "GPUs", "Region", "Term", "Price per GPU-hour (USD)"],
                ["On-demand H100 cluster", "H100 SXM", "64", "eu-north-1", "On-demand", "2.69"],
                ["Reserved H100 cluster", "H100 SXM", "64", "eu-north-1", "12 months", "2.19"],
                ["On-demand H200 cluster", "H200", "32", "eu-north-1", "On-demand", "3.49"],
            ],
            widths=[46 * mm, 20 * mm, 12 * mm, 22 * mm, 20 * mm, 54 * mm],
        ),
        Spacer(1, 12),
        *paragraphs(
            "Uptime commitment: 99.9%",
            "Termination notice: 30 days",
            "Certifications: ISO/IEC 27001:2022, SOC 2 Type II",
        ),
    ]
    document(path, story, footer="Northcape GPU Cloud, Inc. · 400 Harbor Way · Seattle WA")


add_gpu = [
    line(
        "On-demand H100 cluster",
        kind="compute",
        accelerator="nvidia-h100-sxm",
        accelerator_count=64,
        price="2.69",
        price_unit="per_gpu_hour",
        currency="USD",
        region="eu-north-1",
        deployment="on_demand",
    ),
    line(
        "Reserved H100 cluster",
        kind="compute",
        accelerator="nvidia-h100-sxm",
        accelerator_count=64,
        price="2.19",
        price_unit="per_gpu_hour",
        currency="USD",
        region="eu-north-1",
        deployment="reserved",
        term_months=12,
    ),
    line(
        "On-demand H200 cluster",
        kind="compute",
        accelerator="nvidia-h200-sxm",
        accelerator_count=32,
        price="3.49",
        price_unit="per_gpu_hour",
        currency="USD",
        region="eu-north-1",
        deployment="on_demand",
    ),
]
CORPUS.append(
    PdfQuote(
        "gpu_cloud_ruled_grid.pdf",
        "a GPU cloud quote: letterhead, 'Key: value' lines, a ruled grid, terms lines below, footer on the page",
        write_gpu_cloud_grid,
        add_gpu,
        {
            "vendor": "Northcape GPU Cloud, Inc.",
            "quote_ref": "NC-2026-0412",
            "quote_date": "2026-11-16",
            "valid_until": "2026-12-16",
            "sla.uptime_pct": 99.9,
            "exit_terms.notice_days": 30,
            "certifications": ["ISO/IEC 27001:2022", "SOC 2 Type II"],
        },
    )
)

# --------------------------------------------------------------------------- 2. three pages, repeated header, totals


def de(value: Decimal) -> str:
    """German money text: ``Decimal("1234.5")`` → ``"1.234,50 €"``."""
    whole, _, cents = f"{value:,.2f}".partition(".")
    return f"{whole.replace(',', '.')},{cents} €"


OEM_ITEMS: list[tuple[str, int, Decimal]] = [
    ("DGX B200 Server, 8x B200 SXM 180GB, 2 TB RAM", 4, Decimal("438900")),
    ("Installation und Inbetriebnahme vor Ort", 4, Decimal("4200")),
    ("Support 36 Monate, Vor-Ort-Service NBD", 4, Decimal("18900")),
]
OEM_ITEMS += [(f"InfiniBand NDR Kabel 3 m, Los {n}", 8, Decimal("410")) for n in range(1, 61)]
OEM_ITEMS += [(f"OSFP Transceiver 400G, Los {n}", 16, Decimal("1180")) for n in range(1, 25)]


def write_oem_multipage(path: Path) -> None:
    rows: list[list[Any]] = [["Pos.", "Bezeichnung", "Menge", "Einzelpreis", "Gesamtpreis"]]
    subtotal = Decimal(0)
    for number, (text, quantity, price) in enumerate(OEM_ITEMS, start=1):
        total = price * quantity
        subtotal += total
        rows.append([str(number * 10), text, str(quantity), de(price), de(total)])
    vat = (subtotal * Decimal("0.19")).quantize(Decimal("0.01"))
    story = [
        Paragraph("Kessler Systemhaus GmbH — Angebot", TITLE),
        *paragraphs(
            "Lieferant: Kessler Systemhaus GmbH",
            "Angebot Nr.: KS-A-2026-0921",
            "Datum: 18.11.2026",
            "Gültig bis: 31.12.2026",
            "Alle Preise in EUR zzgl. MwSt.",
        ),
        Spacer(1, 8),
        grid(
            rows,
            widths=[14 * mm, 92 * mm, 16 * mm, 26 * mm, 28 * mm],
            extra=[("ALIGN", (2, 1), (-1, -1), "RIGHT")],
        ),
        Spacer(1, 8),
        grid(
            [
                ["", "Zwischensumme", de(subtotal)],
                ["", "MwSt. 19 %", de(vat)],
                ["", "Gesamtsumme", de(subtotal + vat)],
            ],
            widths=[106 * mm, 42 * mm, 28 * mm],
            repeat=0,
            rules="none",
            extra=[
                ("ALIGN", (2, 0), (2, -1), "RIGHT"),
                ("FONT", (1, 2), (2, 2), "Helvetica-Bold", 8.5),
            ],
        ),
        Spacer(1, 10),
        *paragraphs(
            "Zahlungsbedingungen: 30 Tage netto",
            "Annual failure rate: 1.6%",
            "Mean time to repair: 24 hours",
        ),
    ]
    document(path, story, footer="Kessler Systemhaus GmbH · Industriestraße 12 · 70565 Stuttgart")


def _oem_lines() -> list[dict[str, Any]]:
    out = []
    for text, quantity, price in OEM_ITEMS:
        fields: dict[str, Any] = {
            "quantity": str(quantity),
            "price": str(price),
            "price_unit": "per_unit",
            "currency": "EUR",
        }
        if text.startswith("DGX"):
            fields = {
                "kind": "compute",
                "accelerator": "nvidia-b200",
                "accelerators_per_node": 8,
                "nodes": quantity,
                "price": str(price),
                "price_unit": "per_unit",
                "deployment": "purchase",
                "currency": "EUR",
            }
        else:
            fields["kind"] = "cost"
        out.append(line(text, **fields))
    return out


CORPUS.append(
    PdfQuote(
        "oem_purchase_three_pages.pdf",
        "a German server maker's purchase quote over three pages: header repeated on each page, European money text '438.900,00 €', subtotal, VAT and total block, conditions after",
        write_oem_multipage,
        _oem_lines(),
        {
            "vendor": "Kessler Systemhaus GmbH",
            "quote_ref": "KS-A-2026-0921",
            "quote_date": "2026-11-18",
            "valid_until": "2026-12-31",
            "reliability.annual_failure_rate": 0.016,
            "reliability.mttr_hours": 24.0,
        },
    )
)

# --------------------------------------------------------------------------- 3. white space only


def write_whitespace_price_list(path: Path) -> None:
    canvas = Canvas(str(path), pagesize=A4, invariant=1)
    height = A4[1]
    y = height - 25 * mm

    def text(
        x: float, value: str, *, right: bool = False, bold: bool = False, size: float = 9
    ) -> None:
        canvas.setFont("Helvetica-Bold" if bold else "Helvetica", size)
        (canvas.drawRightString if right else canvas.drawString)(x, y, value)

    text(20 * mm, "MERIDIAN COMPUTE LLC  —  PRICE LIST EXPORT", bold=True, size=12)
    y -= 8 * mm
    text(20 * mm, "Supplier: Meridian Compute LLC")
    y -= 5 * mm
    text(20 * mm, "Reference: MC-PL-2026-11")
    y -= 5 * mm
    text(20 * mm, "Issued: 2026-11-10")
    y -= 10 * mm
    columns = [
        (20 * mm, False),
        (72 * mm, False),
        (122 * mm, True),
        (132 * mm, False),
        (192 * mm, True),
    ]
    header = ["SKU / Description", "Accelerator", "GPUs/node", "Region", "USD per node-hour"]
    for (x, right), value in zip(columns, header, strict=True):
        text(x, value, right=right, bold=True)
    y -= 6 * mm
    rows = [
        ["mc.h100x8 Dedicated node", "H100 SXM", "8", "us-east", "21.52"],
        ["mc.h100x8 Spot node", "H100 SXM", "8", "us-east", "12.40"],
        ["mc.mi300x8 Dedicated node", "MI300X", "8", "eu-west", "19.60"],
        ["mc.l40sx4 Dedicated node", "L40S", "4", "", "6.36"],
    ]
    for row in rows:
        for (x, right), value in zip(columns, row, strict=True):
            if value:
                text(x, value, right=right)
        y -= 5.5 * mm
    y -= 6 * mm
    text(
        20 * mm,
        "Prices exclude taxes. Spot nodes may be reclaimed with two minutes' notice.",
        size=8,
    )
    canvas.showPage()
    canvas.save()


CORPUS.append(
    PdfQuote(
        "price_list_whitespace.pdf",
        "a price-list export drawn as text only: columns aligned by white space, numbers right-aligned, an empty region cell, a notes line",
        write_whitespace_price_list,
        [
            line(
                "mc.h100x8 Dedicated node",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="21.52",
                price_unit="per_node_hour",
                currency="USD",
                region="us-east",
            ),
            line(
                "mc.h100x8 Spot node",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="12.40",
                price_unit="per_node_hour",
                currency="USD",
                region="us-east",
                deployment="spot",
            ),
            line(
                "mc.mi300x8 Dedicated node",
                kind="compute",
                accelerator="amd-mi300x",
                accelerators_per_node=8,
                price="19.60",
                price_unit="per_node_hour",
                currency="USD",
                region="eu-west",
            ),
            line(
                "mc.l40sx4 Dedicated node",
                kind="compute",
                accelerator="nvidia-l40s",
                accelerators_per_node=4,
                price="6.36",
                price_unit="per_node_hour",
                currency="USD",
                region=None,
            ),
        ],
        {
            "vendor": "Meridian Compute LLC",
            "quote_ref": "MC-PL-2026-11",
            "quote_date": "2026-11-10",
        },
    )
)

# --------------------------------------------------------------------------- 4. horizontal rules, lease


def write_lease_rules(path: Path) -> None:
    story = [
        Paragraph("Lease proposal", TITLE),
        *paragraphs(
            "Vendor: Halvard Server Leasing AB",
            "Proposal no.: HSL-0087",
            "Date: 2026-11-12",
            "Validity: 2027-01-31",
        ),
        Spacer(1, 10),
        grid(
            [
                [
                    "Item",
                    "Accelerator",
                    "GPUs per node",
                    "Nodes",
                    "Term",
                    "Price per node-month (EUR)",
                ],
                ["HGX H200 8-GPU server, leased", "H200 SXM", "8", "6", "36 months", "21 450,00"],
                ["Rack installation and cabling", "", "", "", "", "3 900,00"],
            ],
            widths=[50 * mm, 22 * mm, 26 * mm, 14 * mm, 20 * mm, 42 * mm],
            rules="horizontal",
        ),
        Spacer(1, 10),
        *paragraphs("Service level: 99.5%", "Notice period: 90 days"),
    ]
    document(path, story)


CORPUS.append(
    PdfQuote(
        "lease_horizontal_rules.pdf",
        "a lease proposal whose table has horizontal rules only (no cell grid), Swedish-style '21 450,00' numbers, per node-month over 36 months",
        write_lease_rules,
        [
            line(
                "HGX H200 8-GPU server, leased",
                kind="compute",
                accelerator="nvidia-h200-sxm",
                accelerators_per_node=8,
                nodes=6,
                price="21450.00",
                price_unit="per_node_month",
                deployment="lease",
                currency="EUR",
                term_months=36,
            ),
            line("Rack installation and cabling", kind="cost", price="3900.00", currency="EUR"),
        ],
        {
            "vendor": "Halvard Server Leasing AB",
            "quote_ref": "HSL-0087",
            "quote_date": "2026-11-12",
            "valid_until": "2027-01-31",
            "sla.uptime_pct": 99.5,
            "exit_terms.notice_days": 90,
        },
    )
)

# --------------------------------------------------------------------------- 5. terms as a second table


def write_terms_table(path: Path) -> None:
    story = [
        Paragraph("Brightline GPU Cloud — proposal", TITLE),
        *paragraphs(
            "Vendor: Brightline GPU Cloud, Inc.",
            "Quotation number: BL-7731",
            "Quote date: 09 Nov 2026",
        ),
        Spacer(1, 8),
        grid(
            [
                ["Configuration", "Accelerator", "GPUs/node", "Nodes", "Region", "Price/node-hour"],
                [
                    "8x H100 SXM, IB NDR, on-demand",
                    "NVIDIA H100 SXM5",
                    "8",
                    "4",
                    "EU-North (Stockholm)",
                    "$23.60",
                ],
                [
                    "8x H100 SXM, 12-month reserved",
                    "NVIDIA H100 SXM5",
                    "8",
                    "4",
                    "EU-North (Stockholm)",
                    "$18.40",
                ],
            ],
            widths=[58 * mm, 29 * mm, 22 * mm, 11 * mm, 31 * mm, 30 * mm],
        ),
        Spacer(1, 14),
        Paragraph("Service terms", HEADING),
        grid(
            [
                ["Metric", "Commitment"],
                ["Uptime commitment", "99.95%"],
                ["Service credit below 99.95%", "10% of monthly fee"],
                ["Service credit below 99.5%", "25% of monthly fee"],
                ["Severity-1 response", "30 minutes"],
                ["Severity-2 response", "2 hours"],
                ["Annual GPU failure rate", "2.1%"],
                [
                    "Measured MFU",
                    "41% (Llama 3 70B pre-training, 64 x H100 SXM, BF16, measured 2026-10-14)",
                ],
                ["Termination notice", "90 days"],
                ["Certifications", "ISO/IEC 27001:2022, SOC 2 Type II"],
            ],
            widths=[60 * mm, 117 * mm],
        ),
    ]
    document(path, story)


CORPUS.append(
    PdfQuote(
        "terms_second_table.pdf",
        "a proposal with a ruled pricing table, '$23.60' money text, and its service terms as a second two-column ruled table (Metric | Commitment) on the same page",
        write_terms_table,
        [
            line(
                "8x H100 SXM, IB NDR, on-demand",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                nodes=4,
                price="23.60",
                price_unit="per_node_hour",
                currency="USD",
                region="EU-North (Stockholm)",
            ),
            line(
                "8x H100 SXM, 12-month reserved",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                nodes=4,
                price="18.40",
                price_unit="per_node_hour",
                currency="USD",
                deployment="reserved",
                term_months=12,
            ),
        ],
        {
            "vendor": "Brightline GPU Cloud, Inc.",
            "quote_ref": "BL-7731",
            "quote_date": "2026-11-09",
            "sla.uptime_pct": 99.95,
            "support.response_minutes.1": 30,
            "support.response_minutes.2": 120,
            "reliability.annual_failure_rate": 0.021,
            "performance.mfu": 0.41,
            "exit_terms.notice_days": 90,
            "certifications": ["ISO/IEC 27001:2022", "SOC 2 Type II"],
        },
    )
)

# --------------------------------------------------------------------------- 6. landscape, wrapped cells, GBP


def write_landscape_wrapped(path: Path) -> None:
    cell = ParagraphStyle("cell", parent=BODY, fontSize=8.5, leading=10)

    def p(text: str) -> Paragraph:
        return Paragraph(text, cell)

    story = [
        Paragraph("Thamesgate Compute Ltd — GPU capacity offer", TITLE),
        *paragraphs(
            "Supplier: Thamesgate Compute Ltd",
            "Offer no.: TG-2611-04",
            "Date of offer: 20/11/2026",
            "Expires: 20/12/2026",
        ),
        Spacer(1, 8),
        grid(
            [
                [
                    "Service",
                    "Accelerator",
                    "Quantity (GPUs)",
                    "Location",
                    "Commitment",
                    "Price per GPU-hour (GBP)",
                ],
                [
                    p(
                        "Dedicated bare-metal H100 cluster with 3.2 Tb/s InfiniBand fabric and 30 TB local NVMe per node"
                    ),
                    "H100 SXM",
                    "128",
                    "London (LON1)",
                    "24 months",
                    "£1.95",
                ],
                [
                    p(
                        "Burst capacity on shared H100 nodes, billed per second, no minimum commitment"
                    ),
                    "H100 SXM",
                    "32",
                    "London (LON1)",
                    "On-demand",
                    "£2.60",
                ],
                [
                    p("Inference pool of L40S cards behind a managed load balancer"),
                    "L40S",
                    "48",
                    "Manchester (MAN2)",
                    "On-demand",
                    "£0.98",
                ],
            ],
            widths=[92 * mm, 24 * mm, 26 * mm, 34 * mm, 26 * mm, 50 * mm],
        ),
    ]
    document(path, story, pagesize=landscape(A4))


CORPUS.append(
    PdfQuote(
        "landscape_wrapped_gbp.pdf",
        "a landscape offer whose description cells wrap over two or three lines inside a ruled grid, GBP money text '£1.95', UK dates",
        write_landscape_wrapped,
        [
            line(
                "Dedicated bare-metal H100 cluster with 3.2 Tb/s InfiniBand fabric and 30 TB local NVMe per node",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerator_count=128,
                price="1.95",
                price_unit="per_gpu_hour",
                currency="GBP",
                region="London (LON1)",
                term_months=24,
            ),
            line(
                "Burst capacity on shared H100 nodes, billed per second, no minimum commitment",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerator_count=32,
                price="2.60",
                price_unit="per_gpu_hour",
                currency="GBP",
                deployment="on_demand",
            ),
            line(
                "Inference pool of L40S cards behind a managed load balancer",
                kind="compute",
                accelerator="nvidia-l40s",
                accelerator_count=48,
                price="0.98",
                price_unit="per_gpu_hour",
                currency="GBP",
                region="Manchester (MAN2)",
            ),
        ],
        {
            "vendor": "Thamesgate Compute Ltd",
            "quote_ref": "TG-2611-04",
            "quote_date": "2026-11-20",
            "valid_until": "2026-12-20",
        },
    )
)

# --------------------------------------------------------------------------- 7. colocation


def write_colocation(path: Path) -> None:
    story = [
        Paragraph("Colocation offer", TITLE),
        *paragraphs(
            "Provider: Nordhavn Data Centres A/S",
            "Offer: NDC-2026-118",
            "Date: 15/11/2026",
            "Currency: EUR",
        ),
        Spacer(1, 8),
        grid(
            [
                ["Service", "Quantity", "Unit", "Monthly (EUR)", "One-time (EUR)"],
                ["Power, committed", "400", "kW", "185.00", ""],
                ["Rack space, 52U", "10", "rack", "1,450.00", ""],
                ["Cross-connect, single-mode fibre", "4", "port", "250.00", "500.00"],
                ["Cage build-out", "1", "", "", "12,000.00"],
            ],
            widths=[70 * mm, 20 * mm, 18 * mm, 32 * mm, 32 * mm],
            extra=[("ALIGN", (1, 1), (-1, -1), "RIGHT")],
        ),
        Spacer(1, 10),
        *paragraphs(
            "Availability: 99.99% power and cooling",
            "Certifications: ISO/IEC 27001:2022, EN 50600 Class 3",
        ),
    ]
    document(path, story)


CORPUS.append(
    PdfQuote(
        "colocation_two_price_columns.pdf",
        "a colocation offer: power per kW, racks and cross-connects per month, one-time build-out, monthly and one-time price columns",
        write_colocation,
        [
            line(
                "Power, committed",
                kind="cost",
                category="facility",
                quantity="400",
                price="185.00",
                price_unit="per_kw_month",
                currency="EUR",
            ),
            line(
                "Rack space, 52U",
                kind="cost",
                quantity="10",
                price="1450.00",
                price_unit="per_month",
                currency="EUR",
            ),
            line(
                "Cross-connect, single-mode fibre",
                kind="cost",
                quantity="4",
                price="250.00",
                price_unit="per_month",
                currency="EUR",
            ),
            line(
                "Cross-connect, single-mode fibre",
                kind="cost",
                quantity="4",
                price="500.00",
                price_unit="per_unit",
                currency="EUR",
            ),
            line(
                "Cage build-out",
                kind="cost",
                quantity="1",
                price="12000.00",
                price_unit="total",
                currency="EUR",
            ),
        ],
        {
            "vendor": "Nordhavn Data Centres A/S",
            "quote_ref": "NDC-2026-118",
            "quote_date": "2026-11-15",
            "sla.uptime_pct": 99.99,
            "certifications": ["ISO/IEC 27001:2022", "EN 50600 Class 3"],
        },
    )
)

# --------------------------------------------------------------------------- 8. a letter


def write_letter(path: Path) -> None:
    story = [
        *paragraphs(
            "PoolGrid Coöperatie U.A.<br/>Keizersgracht 210<br/>1016 DZ Amsterdam",
            "Aldermoor Analytics GmbH<br/>Procurement<br/>Berlin",
            style=SMALL,
        ),
        Spacer(1, 14),
        *paragraphs(
            "Our reference: PG-2026-3310",
            "Date: 2026-11-18",
            "Dear procurement team,",
            "Thank you for your request of 4 November. We are pleased to offer pooled GPU capacity "
            "from our members' sites in the Netherlands, as follows. Capacity of up to 64 GPUs can be "
            "made available within two weeks of signature.",
        ),
        Spacer(1, 8),
        grid(
            [
                ["Tier", "GPU model", "GPUs", "Price per GPU-hour"],
                ["Guaranteed", "A100 80GB", "64", "€ 1,15"],
                ["Interruptible (spot)", "A100 80GB", "64", "€ 0,62"],
            ],
            widths=[50 * mm, 40 * mm, 20 * mm, 40 * mm],
        ),
        Spacer(1, 10),
        *paragraphs(
            "Uptime commitment: 99,5 %",
            "Measured throughput: 1.850,5 tokens/s (Llama 3 8B inference, A100 80GB, FP16, measured 2026-10-02)",
            "Termination notice: 30 days",
            "We look forward to working with you.",
            "Kind regards,<br/>Marieke de Vries, Account Manager",
        ),
        Spacer(1, 200),
        *paragraphs(
            "Annex: general terms of supply (summary)",
            "Data return: export via S3-compatible API",
            "Certifications: ISO/IEC 27001:2022",
        ),
    ]
    document(path, story, footer="PoolGrid Coöperatie U.A. · KvK 81234567 · Amsterdam")


CORPUS.append(
    PdfQuote(
        "letter_with_table.pdf",
        "a two-page letter: address blocks and prose around a small ruled table, Dutch decimal commas ('€ 1,15', '99,5 %'), conditions on page 2",
        write_letter,
        [
            line(
                "A100 80GB, Guaranteed",
                kind="compute",
                accelerator="nvidia-a100-sxm-80gb",
                accelerator_count=64,
                price="1.15",
                price_unit="per_gpu_hour",
                currency="EUR",
            ),
            line(
                "A100 80GB, Interruptible (spot)",
                kind="compute",
                accelerator="nvidia-a100-sxm-80gb",
                accelerator_count=64,
                price="0.62",
                price_unit="per_gpu_hour",
                currency="EUR",
                deployment="spot",
            ),
        ],
        {
            "quote_ref": "PG-2026-3310",
            "quote_date": "2026-11-18",
            "sla.uptime_pct": 99.5,
            "performance.tokens_per_second": 1850.5,
            "exit_terms.notice_days": 30,
            "exit_terms.data_return": True,
            "certifications": ["ISO/IEC 27001:2022"],
        },
    )
)


# --------------------------------------------------------------------------- 9. header not repeated

RESELLER_ITEMS: list[tuple[str, int, Decimal]] = [
    ("HGX H200 8-GPU server, 2x Xeon 8568Y+, 2 TB DDR5", 4, Decimal("312500")),
    ("ConnectX-7 400G NIC", 32, Decimal("1650")),
]
RESELLER_ITEMS += [(f"NDR 400G DAC cable 2 m, bundle {n}", 8, Decimal("295")) for n in range(1, 41)]
RESELLER_ITEMS += [
    ("On-site installation and burn-in", 1, Decimal("9800")),
    ("ProSupport 36 months, 4-hour on-site", 4, Decimal("21400")),
]


def usd(value: Decimal) -> str:
    return f"${value:,.2f}"


def write_reseller_not_repeated(path: Path) -> None:
    rows: list[list[Any]] = [["Item", "Description", "Qty", "Unit price", "Extended"]]
    subtotal = Decimal(0)
    for number, (text, quantity, price) in enumerate(RESELLER_ITEMS, start=1):
        subtotal += price * quantity
        rows.append([str(number), text, str(quantity), usd(price), usd(price * quantity)])
    rows += [
        ["", "Subtotal", "", "", usd(subtotal)],
        ["", "Total", "", "", usd(subtotal)],
    ]
    # repeatRows=0: the header stands on the first page only, as many quoting tools print.
    table = Table(rows, colWidths=[12 * mm, 98 * mm, 12 * mm, 26 * mm, 28 * mm], repeatRows=0)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8.5),
                ("FONT", (0, 1), (-1, -1), "Helvetica", 8.5),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                ("ALIGN", (2, 1), (-1, -1), "RIGHT"),
            ]
        )
    )
    story = [
        Paragraph("Bayline Systems LLC", TITLE),
        *paragraphs(
            "Vendor: Bayline Systems LLC",
            "Quote no.: BSQ-118204",
            "Quote date: Nov 12, 2026",
            "Valid until: Dec 12, 2026",
            "All prices in USD; freight and sales tax not included.",
        ),
        Spacer(1, 8),
        table,
        Spacer(1, 10),
        *paragraphs("Payment terms: net 30"),
    ]
    document(path, story, footer="Bayline Systems LLC · 2200 Mission College Blvd · Santa Clara CA")


def _reseller_lines() -> list[dict[str, Any]]:
    out = [
        line(
            RESELLER_ITEMS[0][0],
            kind="compute",
            accelerator="nvidia-h200-sxm",
            accelerators_per_node=8,
            nodes=4,
            price="312500",
            price_unit="per_unit",
            deployment="purchase",
            currency="USD",
        )
    ]
    for text, quantity, price in RESELLER_ITEMS[1:]:
        out.append(
            line(
                text,
                kind="cost",
                quantity=str(quantity),
                price=str(price),
                price_unit="per_unit",
                currency="USD",
            )
        )
    return out


CORPUS.append(
    PdfQuote(
        "reseller_header_not_repeated.pdf",
        "a reseller's purchase quote whose ruled table runs on to page 2 without its header, subtotal and total at its end",
        write_reseller_not_repeated,
        _reseller_lines(),
        {
            "vendor": "Bayline Systems LLC",
            "quote_ref": "BSQ-118204",
            "quote_date": "2026-11-12",
            "valid_until": "2026-12-12",
        },
        warnings=["continue the table of page 1 without its header"],
    )
)

# --------------------------------------------------------------------------- 10. totals apart

TOTALS_APART_ITEMS: list[tuple[str, int, Decimal]] = [
    ("PowerEdge XE9680 with 8x NVIDIA H200 SXM5 141GB", 2, Decimal("312400")),
    ("ProSupport Plus 3 years, 4-hour mission critical", 2, Decimal("21300")),
    ("NVIDIA Quantum-2 QM9700 NDR InfiniBand switch", 1, Decimal("34990")),
]
# Hand-worked: 624,800 + 42,600 + 34,990 = 702,390; discount 15 % = −105,358.50 → net
# 597,031.50; shipping 2,850 → grand total 599,881.50.
TOTALS_APART = [
    ("Subtotal", Decimal("702390")),
    ("Discount (Premier contract)", Decimal("-105358.50")),
    ("Net Subtotal", Decimal("597031.50")),
    ("Estimated Tax (exempt, cert. on file)", Decimal("0")),
    ("Shipping & Handling", Decimal("2850")),
    ("Grand Total", Decimal("599881.50")),
]


def write_totals_apart(path: Path, *, next_page: bool = False) -> None:
    rows: list[list[Any]] = [["Item", "SKU", "Description", "Qty", "Unit Price", "Extended Price"]]
    for number, (text, quantity, price) in enumerate(TOTALS_APART_ITEMS, start=1):
        rows.append(
            [
                str(number),
                f"SKU-{number:03}",
                text,
                str(quantity),
                usd(price),
                usd(price * quantity),
            ]
        )
    items = grid(rows, widths=[10 * mm, 18 * mm, 84 * mm, 10 * mm, 24 * mm, 26 * mm])
    sums = Table(
        [[label, usd(amount).replace("$-", "-$")] for label, amount in TOTALS_APART],
        colWidths=[62 * mm, 30 * mm],
        hAlign="RIGHT",
    )
    sums.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "Helvetica", 8.5),
                ("FONT", (0, -1), (-1, -1), "Helvetica-Bold", 8.5),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                ("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.black),
            ]
        )
    )
    story = [
        Paragraph("Northgate Systems Inc.", TITLE),
        *paragraphs("Quote #: NGS-2026-77104", "Quote Date: 2026-11-02", "Currency: USD"),
        Spacer(1, 8),
        items,
        PageBreak() if next_page else Spacer(1, 6),
        sums,
        Spacer(1, 10),
        *paragraphs("Terms: Net 30. Lead time 8-10 weeks ARO."),
    ]
    document(path, story, footer="Northgate Systems Inc. · Confidential")


def _totals_apart_lines() -> list[dict[str, Any]]:
    first, *rest = TOTALS_APART_ITEMS
    out = [
        line(
            first[0],
            kind="compute",
            accelerator="nvidia-h200-sxm",
            accelerators_per_node=8,
            nodes=2,
            price="312400",
            price_unit="per_unit",
            deployment="purchase",
            currency="USD",
        )
    ]
    out += [
        line(text, kind="cost", quantity=str(quantity), price=str(price), currency="USD")
        for text, quantity, price in rest
    ]
    out += [
        line(
            "Discount (Premier contract)",
            kind="cost",
            category="other",
            price="-105358.50",
            price_unit="total",
            currency="USD",
        ),
        line("Shipping & Handling", kind="cost", price="2850", price_unit="total", currency="USD"),
    ]
    return out


CORPUS.append(
    PdfQuote(
        "server_maker_totals_apart.pdf",
        "a server maker's quote whose subtotal, discount, tax, shipping and grand total stand "
        "in a small table of their own under the items",
        write_totals_apart,
        _totals_apart_lines(),
        {"vendor": "Northgate Systems Inc.", "quote_ref": "NGS-2026-77104"},
    )
)
CORPUS.append(
    PdfQuote(
        "server_maker_totals_next_page.pdf",
        "the same quote with its totals alone at the top of the next page",
        functools.partial(write_totals_apart, next_page=True),
        _totals_apart_lines(),
        {"vendor": "Northgate Systems Inc.", "quote_ref": "NGS-2026-77104"},
    )
)


# --------------------------------------------------------------------------- 12. wrapped headers


def write_private_offer(path: Path) -> None:
    story = [
        *paragraphs(
            "Stratosphere Cloud EMEA SARL<br/>1 Rue du Fort, L-2419 Luxembourg",
            "Helix Biologics Ltd.<br/>Cambridge, MA 02140",
            style=SMALL,
        ),
        Spacer(1, 10),
        *paragraphs(
            "Private Pricing Offer SPO-2026-4471",
            "Dear Dr. Raman,",
            "In consideration of a committed spend of USD 18,000,000 over 36 months, we offer the "
            "following private rates per instance-hour; the public rates are shown for reference.",
        ),
        Spacer(1, 6),
        grid(
            [
                [
                    "Instance type",
                    "Region",
                    "Instances",
                    "Public On-Demand\n(USD/hr)",
                    "Discount",
                    "Private rate\n(USD per instance-hour)",
                ],
                ["p5.48xlarge", "eu-west-1 (Ireland)", "16", "$55.04", "32%", "$37.43"],
                ["p4de.24xlarge", "us-east-1 (N. Virginia)", "4", "$40.97", "25%", "$30.73"],
            ],
            widths=[28 * mm, 38 * mm, 18 * mm, 30 * mm, 16 * mm, 40 * mm],
            rules="none",
        ),
        Spacer(1, 8),
        *paragraphs(
            "Service level: the Stratosphere Compute Service Level Agreement applies (Region-level "
            "monthly uptime commitment: 99.99%).",
            "Accepted by customer: ____________________ Date: __________",
        ),
    ]
    document(path, story, footer="Stratosphere Cloud EMEA SARL · Confidential")


CORPUS.append(
    PdfQuote(
        "private_offer_wrapped_headers.pdf",
        "a cloud's private pricing letter: no rules, header cells wrapped over two lines ('Public On-Demand' over '(USD/hr)', 'Private rate' over '(USD per instance-hour)'), a prose service-level sentence and a blank signature date",
        write_private_offer,
        [
            # the private rate, not the public one shown for reference (32 % and 25 % off)
            line(
                "p5.48xlarge",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                nodes=16,
                accelerators_per_node=8,
                price="37.43",
                price_unit="per_node_hour",
                currency="USD",
                region="eu-west-1 (Ireland)",
                country="IE",
            ),
            line(
                "p4de.24xlarge",
                kind="compute",
                accelerator="nvidia-a100-sxm-80gb",
                nodes=4,
                price="30.73",
                price_unit="per_node_hour",
                country="US",
            ),
        ],
        {"quote_ref": "SPO-2026-4471", "quote_date": None},
        # the service level is prose: told, not stored, and the lines are imported
        warnings=["The uptime commitment is not a number; it was not stored"],
    )
)


# --------------------------------------------------------------------------- 13. NRC section


def write_colocation_sections(path: Path) -> None:
    def section(title: str, charge: str, rows: list[list[str]], total: str) -> list[Any]:
        return [
            Paragraph(title, HEADING),
            grid(
                [["Service", "Qty", "Unit", "Rate", charge], *rows, ["Total", "", "", "", total]],
                widths=[70 * mm, 14 * mm, 20 * mm, 26 * mm, 32 * mm],
            ),
            Spacer(1, 8),
        ]

    story = [
        Paragraph("Cascade Data Centers LLC", TITLE),
        *paragraphs(
            "Colocation Proposal CDC-P-26-0077",
            "Site: IAD3, Ashburn, Virginia (US)",
        ),
        Spacer(1, 6),
        *section(
            "1. Monthly Recurring Charges",
            "Monthly (MRC)",
            [
                [
                    "High-density cabinet 52U, liquid-ready",
                    "4",
                    "cabinet",
                    "$1,200.00",
                    "$4,800.00",
                ],
                ["Single-mode fiber cross-connect", "6", "each", "$300.00", "$1,800.00"],
            ],
            "$6,600.00",
        ),
        *section(
            "2. Non-Recurring Charges",
            "One-time (NRC)",
            [
                [
                    "Cabinet installation and cage build-out",
                    "4",
                    "cabinet",
                    "$2,500.00",
                    "$10,000.00",
                ],
                ["Cross-connect installation", "6", "each", "$500.00", "$3,000.00"],
            ],
            "$13,000.00",
        ),
    ]

    def on_page(canvas: Canvas, doc: Any) -> None:
        canvas.setFont("Helvetica", 7)
        canvas.drawString(20 * mm, 10 * mm, "Cascade Data Centers LLC · Confidential proposal")
        canvas.drawRightString(190 * mm, 10 * mm, f"Page {doc.page}")

    SimpleDocTemplate(str(path), pagesize=A4, invariant=True).build(
        story, onFirstPage=on_page, onLaterPages=on_page
    )


CORPUS.append(
    PdfQuote(
        "colocation_nrc_section.pdf",
        "a colocation proposal in two sections, monthly charges ('Rate | Monthly (MRC)') then one-time charges ('Rate | One-time (NRC)'), with 'Page 1' in its footer",
        write_colocation_sections,
        [
            line(
                "High-density cabinet 52U, liquid-ready",
                kind="cost",
                price="1200.00",
                price_unit="per_month",
                quantity="4",
            ),
            line(
                "Single-mode fiber cross-connect",
                kind="cost",
                price="300.00",
                price_unit="per_month",
                quantity="6",
            ),
            # the NRC section's rates are each charged once: 4 × $2,500, not $2,500 a month
            line(
                "Cabinet installation and cage build-out",
                kind="cost",
                price="2500.00",
                price_unit="per_unit",
                quantity="4",
            ),
            line(
                "Cross-connect installation",
                kind="cost",
                price="500.00",
                price_unit="per_unit",
                quantity="6",
            ),
        ],
        # the reference is the title's, not the footer's "Page 1"
        {"quote_ref": "CDC-P-26-0077"},
    )
)


# --------------------------------------------------------------------------- 14. wrapped totals


def write_wrapped_totals(path: Path) -> None:
    items = grid(
        [
            ["Item", "SKU", "Description", "Qty", "Unit Price", "Extended Price"],
            ["1", "210-BHTK", "PowerEdge XE9680, 8x HGX H200 141GB", "4",
             "$289,500.00", "$1,158,000.00"],
            ["2", "805-7745", "ProSupport Plus, Mission Critical 4-hour, 36 months", "4",
             "$38,750.00", "$155,000.00"],
        ],
        widths=[10 * mm, 20 * mm, 78 * mm, 10 * mm, 25 * mm, 27 * mm],
    )  # fmt: skip
    label = ParagraphStyle("label", parent=BODY, fontSize=8.5, leading=10)
    sums = Table(
        [
            [Paragraph(text, label), amount]
            for text, amount in [
                ("Subtotal:", "$1,313,000.00"),
                ("Discount (special pricing 8%):", "-$105,040.00"),
                ("Shipping:", "$2,850.00"),
                ("Estimated Tax (7.25%):", "$87,784.03"),
                ("Grand Total:", "$1,298,594.03"),
            ]
        ],
        colWidths=[26 * mm, 32 * mm],
        hAlign="RIGHT",
    )
    sums.setStyle(
        TableStyle(
            [
                ("FONT", (1, 0), (1, -1), "Helvetica", 8.5),
                ("ALIGN", (1, 0), (1, -1), "RIGHT"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    story = [
        Paragraph("Dell Technologies", TITLE),
        *paragraphs("Quote #: 3000187745112.1", "Quoted On: 2026-11-18", "Pricing: USD"),
        Spacer(1, 8),
        items,
        Spacer(1, 6),
        sums,
    ]
    document(path, story, footer="Dell Technologies · Confidential")


CORPUS.append(
    PdfQuote(
        "server_maker_totals_wrapped.pdf",
        "a server maker's quote whose narrow totals block wraps its labels over two lines, each amount set in the middle between them ('Discount (special' / -$105,040.00 / 'pricing 8%):')",
        write_wrapped_totals,
        [
            line(
                "PowerEdge XE9680, 8x HGX H200 141GB",
                kind="compute",
                accelerator="nvidia-h200-sxm",
                nodes=4,
                price="289500.00",
                price_unit="per_unit",
                deployment="purchase",
            ),
            line(
                "ProSupport Plus, Mission Critical 4-hour, 36 months",
                kind="cost",
                price="38750.00",
                category="support",
            ),
            # the discount and shipping are applied, and the totals add up (no warning):
            # 1,313,000 − 105,040 + 2,850 + 87,784.03 = 1,298,594.03
            line("Discount (special pricing 8%):", kind="cost", price="-105040.00"),
            line("Shipping:", kind="cost", price="2850.00"),
        ],
        {"quote_ref": "3000187745112.1"},
    )
)


# --------------------------------------------------------------------------- 15. headings close


def write_headings_close(path: Path) -> None:
    table = grid(
        [
            ["Ref", "Configuration", "Nodes", "GPUs / node", "Term", "Price per node-month"],
            ["1", "Dedicated HGX H200 node", "12", "8", "36 months", "£38,400.00"],
            ["2", "Dedicated HGX B200 node", "4", "8", "36 months", "£52,900.00"],
            ["3", "Managed Slurm and 24x7 operations", "1", "N/A", "36 months", "£4,250.00"],
        ],
        widths=[12 * mm, 62 * mm, 16 * mm, 18.9 * mm, 24 * mm, 36 * mm],
        rules="none",
        extra=[("ALIGN", (2, 0), (3, -1), "RIGHT"), ("ALIGN", (5, 0), (5, -1), "RIGHT")],
    )
    story = [
        Paragraph("Thameside GPU Ltd", TITLE),
        *paragraphs("Quotation TGL-Q-2026-0088", "Date: 22/11/2026"),
        Spacer(1, 8),
        table,
    ]
    document(path, story, footer="Thameside GPU Ltd · Registered in England & Wales")


CORPUS.append(
    PdfQuote(
        "node_month_headings_close.pdf",
        "a UK quotation without rules whose right-aligned 'Nodes' and 'GPUs / node' headings stand so close they read as one, over figures in two columns, and 'N/A' GPUs beside a service",
        write_headings_close,
        [
            # the two headings are two columns: 12 nodes of 8 GPUs, not a price per GPU
            line(
                "Dedicated HGX H200 node",
                kind="compute",
                accelerator="nvidia-h200-sxm",
                nodes=12,
                accelerators_per_node=8,
                price="38400.00",
                price_unit="per_node_month",
                currency="GBP",
                term_months=36,
            ),
            line(
                "Dedicated HGX B200 node",
                kind="compute",
                accelerator="nvidia-b200",
                nodes=4,
                accelerators_per_node=8,
                price="52900.00",
            ),
            line("Managed Slurm and 24x7 operations", kind="cost", price="4250.00"),
        ],
        {"quote_ref": "TGL-Q-2026-0088"},
    )
)


# --------------------------------------------------------------------------- 16. upfront + monthly


def write_upfront_and_monthly(path: Path) -> None:
    table = grid(
        [
            [
                "VM size",
                "Region",
                "VMs",
                "Pay-as-you-go",
                "1-year reservation",
                "",
                "3-year reservation",
                "",
            ],
            [
                "",
                "",
                "",
                "USD per VM-hour",
                "Upfront per VM",
                "Monthly per VM",
                "Upfront per VM",
                "Monthly per VM",
            ],
            [
                "ND96isr H100 v5",
                "Sweden Central",
                "4",
                "$98.32",
                "$250,000.00",
                "$20,000.00",
                "$450,000.00",
                "$15,000.00",
            ],
            [
                "ND96amsr A100 v4",
                "West Europe",
                "2",
                "$32.77",
                "$120,000.00",
                "$10,000.00",
                "$200,000.00",
                "$7,500.00",
            ],
        ],
        widths=[34 * mm, 30 * mm, 12 * mm, 30 * mm, 30 * mm, 30 * mm, 30 * mm, 30 * mm],
        repeat=2,
        rules="none",
        extra=[
            ("SPAN", (0, 0), (0, 1)),
            ("SPAN", (1, 0), (1, 1)),
            ("SPAN", (2, 0), (2, 1)),
            ("SPAN", (4, 0), (5, 0)),
            ("SPAN", (6, 0), (7, 0)),
            ("VALIGN", (0, 0), (2, 1), "MIDDLE"),
            ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
            ("ALIGN", (4, 0), (-1, 0), "CENTER"),
        ],
    )
    story = [
        Paragraph("Northwind Cloud Partners B.V.", TITLE),
        *paragraphs(
            "Azure Reserved VM Instances — Quote NCP-AZ-26-0412",
            "Quote date: 2026-11-18 &nbsp; Valid until: 2026-12-18",
            "Each ND96isr H100 v5 VM has 8 NVIDIA H100 80GB GPUs. Reservations are paid partly "
            "up front (at purchase) and partly monthly over the reservation term.",
        ),
        Spacer(1, 8),
        table,
        Spacer(1, 6),
        *paragraphs("All prices in USD, excluding VAT."),
    ]
    document(path, story, pagesize=landscape(A4), footer="Northwind Cloud Partners B.V.")


def _upfront_line(name: str, accelerator: str, vms: int, **fields: Any) -> dict[str, Any]:
    return line(name, kind="compute", accelerator=accelerator, nodes=vms, **fields)


CORPUS.append(
    PdfQuote(
        "reservation_upfront_and_monthly.pdf",
        "a cloud partner's reservation quote without rules: term banners over 'Upfront per VM | Monthly per VM', no merged cells to say which columns a banner spans, and 'VM size', 'Region' and 'VMs' centred between the two header rows",
        write_upfront_and_monthly,
        [
            _upfront_line(
                "ND96isr H100 v5",
                "nvidia-h100-sxm",
                4,
                deployment="on_demand",
                price="98.32",
                price_unit="per_node_hour",
                currency="USD",
            ),
            # 20,000 a month + 250,000 up front over 12 months; 15,000 + 450,000 over 36
            _upfront_line(
                "ND96isr H100 v5",
                "nvidia-h100-sxm",
                4,
                deployment="reserved",
                term_months=12,
                price="40833.3333",
                price_unit="per_node_month",
            ),
            _upfront_line(
                "ND96isr H100 v5",
                "nvidia-h100-sxm",
                4,
                deployment="reserved",
                term_months=36,
                price="27500.0000",
                price_unit="per_node_month",
            ),
            _upfront_line(
                "ND96amsr A100 v4",
                "nvidia-a100-sxm-80gb",
                2,
                deployment="on_demand",
                price="32.77",
            ),
            _upfront_line(
                "ND96amsr A100 v4",
                "nvidia-a100-sxm-80gb",
                2,
                deployment="reserved",
                term_months=12,
                price="20000.0000",
            ),
            _upfront_line(
                "ND96amsr A100 v4",
                "nvidia-a100-sxm-80gb",
                2,
                deployment="reserved",
                term_months=36,
                price="13055.5556",
            ),
        ],
        {"quote_ref": "NCP-AZ-26-0412"},
        warnings=["were spread over the reservation's term and added to its rate"],
    )
)


# --------------------------------------------------------------------------- 17. ERP printout

ERP_PRINTOUT = """\
Org.nr. 998 877 665 MVA   Sandakerveien 24   0473 Oslo   Norway

QUOTATION                                   Quotation no.:  40012877
                                            Date:           20.11.2026
Helix Biologics Ltd.                        Valid to:       20.12.2026
45 Cambridge Park Drive                     Customer no.:   100482
Cambridge, MA 02140, USA                    Currency:       NOK

------------------------------------------------------------------------------------------------
Item  Material      Description                            Qty  UoM    Unit price      Net value
------------------------------------------------------------------------------------------------
  10  SRV-HGX-B200  HGX B200 8-GPU server, 2x EPYC 9655      2  PC   4,350,000.00   8,700,000.00
  20  SVC-INST      Installation and burn-in                 1  AU      98,000.00      98,000.00
  30  SUP-3Y-NBD    Support 3 years, next business day       2  PC     245,000.00     490,000.00
  40  NET-IB-NDR    InfiniBand NDR cabling kit               2  PC      61,500.00     123,000.00
------------------------------------------------------------------------------------------------
                                                                     Net total      9,411,000.00
                                                                       VAT 25%      2,352,750.00
                                                              Total amount NOK     11,763,750.00

Terms of payment: 30 days net
Delivery: 12 weeks after order confirmation, DAP Oslo
Warranty: 36 months, next business day on-site (item 30)"""
"""A quotation printed from an ERP system: one monospaced text, its columns aligned by
spaces, its rules drawn with dashes."""


def write_erp_printout(path: Path) -> None:
    from reportlab.platypus import Preformatted

    title = ParagraphStyle("erp-title", fontName="Courier-Bold", fontSize=12, leading=16)
    body = ParagraphStyle("erp", fontName="Courier", fontSize=8.5, leading=12)
    story = [Preformatted("NORDVIK HPC AS", title), Preformatted(ERP_PRINTOUT, body)]
    document(path, story, footer="Nordvik HPC AS - general terms of sale apply - page 1/1")


CORPUS.append(
    PdfQuote(
        "erp_printout_courier.pdf",
        "a quotation printed from an ERP system in Courier: columns aligned by spaces alone, two-word headings ('Unit price', 'Net value') the page's word gaps split in two, rules drawn with dashes, and the totals below",
        write_erp_printout,
        [
            line(
                "HGX B200 8-GPU server, 2x EPYC 9655",
                kind="compute",
                accelerator="nvidia-b200",
                nodes=2,
                accelerator_count=16,
                deployment="purchase",
                price="4350000.00",
                price_unit="per_unit",
                currency="NOK",
                lead_time_days=84,  # "Delivery: 12 weeks after order confirmation"
            ),
            line(
                "Installation and burn-in", kind="cost", category="installation", price="98000.00"
            ),
            line(
                "Support 3 years, next business day",
                kind="cost",
                category="support",
                price="245000.00",
                quantity="2",
            ),
            line(
                "InfiniBand NDR cabling kit",
                kind="cost",
                category="network",
                price="61500.00",
                quantity="2",
            ),
        ],
        {"vendor": "NORDVIK HPC AS", "quote_ref": "40012877"},
        warnings=["is the lead time of the compute line stating none: 84 days"],
    )
)


# --------------------------------------------------------------------------- output


def main(argv: Sequence[str] = ()) -> int:
    """Write every PDF and its expected lines and terms; print what was written."""
    FILES.mkdir(exist_ok=True)
    EXPECTED.mkdir(exist_ok=True)
    for item in CORPUS:
        item.write(FILES / item.name)
        expected = {
            "file": item.name,
            "style": item.style,
            "options": item.options,
            "warnings": item.warnings,
            "lines": item.lines,
            "terms": item.terms,
        }
        (EXPECTED / f"{item.name}.json").write_text(
            json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    print(f"wrote {len(CORPUS)} PDF quotes to {FILES}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
