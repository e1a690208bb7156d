"""Write the vendor-file corpus the importer is tested against, and what each must yield.

Run ``python tests/io/vendor_files/make_vendor_files.py`` to regenerate ``files/`` and
``expected/``. Each file is laid out the way vendors really send quotes (price-list
exports, tiers as columns, purchase quotes with totals and VAT, local number styles,
headers in the vendor's language, banners and notes around the table …), and each
description states, by hand, the lines an importer must read from it. Only the fields
a description states are checked, each one exactly. Vendors and figures are fictional.

Output is deterministic: workbooks and ODS files carry fixed timestamps.
"""

# The tables below keep one source row per line; they are data.
# ruff: noqa: E501

from __future__ import annotations

import io
import json
import sys
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from openpyxl import Workbook

HERE = Path(__file__).resolve().parent
FILES = HERE / "files"
EXPECTED = HERE / "expected"
FIXED_TIME = datetime(2026, 11, 20, 9, 0, 0)

Rows = Sequence[Sequence[Any]]


@dataclass(frozen=True)
class VendorFile:
    """One file of the corpus: how it is written and what it must yield."""

    name: str
    style: str
    write: Callable[[Path], None]
    lines: list[dict[str, Any]]
    options: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    pending: str = ""
    """Non-empty while the importer cannot yet read this style: what is missing."""


# --------------------------------------------------------------------------- writers


def xlsx(*sheets: tuple[str, Rows], merged: Sequence[str] = ()) -> Callable[[Path], None]:
    """A workbook with one sheet per (title, rows); rows written from A1, and the cell
    ranges in ``merged`` ("A3:A4") merged on the first sheet."""

    def write(path: Path) -> None:
        wb = Workbook()
        wb.remove(wb.active)
        for number, (title, rows) in enumerate(sheets):
            ws = wb.create_sheet(title)
            for row in rows:
                ws.append(list(row))
            for cells in merged if number == 0 else ():
                ws.merge_cells(cells)
        save_workbook(wb, path)

    return write


def save_workbook(wb: Workbook, path: Path) -> None:
    """Save with fixed timestamps so the bytes do not change between runs."""
    wb.properties.creator = "Vendor"
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    buffer = io.BytesIO()
    wb.save(buffer)
    _fixed_zip(buffer.getvalue(), path)


def _fixed_zip(data: bytes, path: Path) -> None:
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(path, "w") as target:
        for info in source.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME.timetuple()[:6])
            fixed.compress_type = (
                zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED
            )
            fixed.external_attr = 0o644 << 16
            target.writestr(fixed, source.read(info.filename))


def delimited(
    rows: Rows, *, sep: str = ",", encoding: str = "utf-8", bom: bool = False, eol: str = "\r\n"
) -> Callable[[Path], None]:
    """A delimited text file exactly as given (fields needing quotes are quoted)."""

    def cell(value: Any) -> str:
        text = "" if value is None else str(value)
        if any(ch in text for ch in (sep, '"', "\n", "\r")):
            return '"' + text.replace('"', '""') + '"'
        return text

    def write(path: Path) -> None:
        text = eol.join(sep.join(cell(v) for v in row) for row in rows) + eol
        data = text.encode(encoding)
        if bom and encoding == "utf-8":
            data = b"\xef\xbb\xbf" + data
        path.write_bytes(data)

    return write


def ods(*sheets: tuple[str, Rows]) -> Callable[[Path], None]:
    """An OpenDocument spreadsheet as LibreOffice writes one (numbers as floats)."""

    def cell(value: Any) -> str:
        if value is None:
            return "<table:table-cell/>"
        if isinstance(value, int | float):
            return (
                f'<table:table-cell office:value-type="float" office:value="{value}" '
                f'calcext:value-type="float"><text:p>{value}</text:p></table:table-cell>'
            )
        return (
            '<table:table-cell office:value-type="string" calcext:value-type="string">'
            f"<text:p>{escape(str(value))}</text:p></table:table-cell>"
        )

    def write(path: Path) -> None:
        tables = "".join(
            f'<table:table table:name="{escape(title)}">'
            + "".join(
                "<table:table-row>" + "".join(cell(v) for v in row) + "</table:table-row>"
                for row in rows
            )
            + "</table:table>"
            for title, rows in sheets
        )
        ns = (
            'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
            'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
            'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"'
        )
        content = (
            f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ns} '
            'office:version="1.3"><office:body><office:spreadsheet>'
            f"{tables}</office:spreadsheet></office:body></office:document-content>"
        )
        manifest = (
            '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
            'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
            'manifest:version="1.3"><manifest:file-entry manifest:full-path="/" '
            'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
            '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
            "</manifest:manifest>"
        )
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as z:
            z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
            z.writestr("META-INF/manifest.xml", manifest)
            z.writestr("content.xml", content)
        _fixed_zip(buffer.getvalue(), path)

    return write


def line(description: str, **fields: Any) -> dict[str, Any]:
    """An expected line: its description and the other fields the file states."""
    return {"description": description, **fields}


def gpu_hour(
    description: str, accelerator: str, count: int, price: str, **more: Any
) -> dict[str, Any]:
    """An expected compute line priced per GPU-hour."""
    return line(
        description,
        kind="compute",
        accelerator=accelerator,
        accelerator_count=count,
        price=price,
        price_unit="per_gpu_hour",
        **more,
    )


# --------------------------------------------------------------------------- the corpus

CORPUS: list[VendorFile] = []


def add(item: VendorFile) -> None:
    CORPUS.append(item)


add(
    VendorFile(
        "instances_header_holds_names.csv",
        "a column headed 'Instances' that holds instance names, not a count",
        delimited(
            [
                ["Instances", "GPU", "GPUs per instance", "Region", "Price per hour (USD)"],
                ["hx2.8g", "H100 SXM", 8, "eu-west-1", "25.60"],
                ["hx2.4g", "H100 SXM", 4, "eu-west-1", "12.80"],
                ["lx1.8g", "L40S", 8, "us-east-1", "9.60"],
            ]
        ),
        [
            line(
                "hx2.8g",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="25.60",
                price_unit="per_node_hour",
                currency="USD",
                region="eu-west-1",
            ),
            line(
                "hx2.4g",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=4,
                price="12.80",
                price_unit="per_node_hour",
                currency="USD",
            ),
            line(
                "lx1.8g",
                kind="compute",
                accelerator="nvidia-l40s",
                accelerators_per_node=8,
                price="9.60",
                price_unit="per_node_hour",
                currency="USD",
                region="us-east-1",
            ),
        ],
    )
)

add(
    VendorFile(
        "german_oem_angebot.xlsx",
        "German headers (Pos., Bezeichnung, Menge, Einzelpreis, Gesamtpreis), euro prices as numbers, subtotal, VAT and total rows",
        xlsx(
            (
                "Angebot",
                [
                    ["Angebot Nr. A-2026-311", None, None, None, None],
                    ["Datum: 18.11.2026", None, None, None, None],
                    [None, None, None, None, None],
                    ["Pos.", "Bezeichnung", "Menge", "Einzelpreis (EUR)", "Gesamtpreis (EUR)"],
                    [10, "HGX H200 8-GPU Server, 2x Xeon 6960P, 2 TB RAM", 3, 289500, 868500],
                    [20, "Installation und Inbetriebnahme vor Ort", 3, 4200, 12600],
                    [30, "Support 36 Monate, Vor-Ort-Service NBD", 3, 18900, 56700],
                    [None, "Zwischensumme", None, None, 937800],
                    [None, "MwSt. 19 %", None, None, 178182],
                    [None, "Gesamtsumme", None, None, 1115982],
                ],
            )
        ),
        [
            line(
                "HGX H200 8-GPU Server, 2x Xeon 6960P, 2 TB RAM",
                kind="compute",
                accelerator="nvidia-h200-sxm",
                accelerators_per_node=8,
                nodes=3,
                accelerator_count=24,
                deployment="purchase",
                price="289500",
                price_unit="per_unit",
                currency="EUR",
            ),
            line(
                "Installation und Inbetriebnahme vor Ort",
                kind="cost",
                category="installation",
                quantity="3",
                price="4200",
                price_unit="per_unit",
                currency="EUR",
            ),
            line(
                "Support 36 Monate, Vor-Ort-Service NBD",
                kind="cost",
                category="support",
                quantity="3",
                price="18900",
                price_unit="per_unit",
                currency="EUR",
            ),
        ],
    )
)

add(
    VendorFile(
        "oem_quote_eur_text_numbers.xlsx",
        "purchase quote whose prices are text cells in the German style ('73.250,00 €'), with a discount line",
        xlsx(
            (
                "Quote",
                [
                    ["Item", "SKU", "Description", "Qty", "Unit price", "Extended price"],
                    [
                        1,
                        "SRV-B200-8",
                        "8-GPU B200 server, HGX B200 board",
                        2,
                        "412.800,00 €",
                        "825.600,00 €",
                    ],
                    [
                        2,
                        "NET-IB-64",
                        "InfiniBand NDR switch 64-port",
                        1,
                        "38.400,00 €",
                        "38.400,00 €",
                    ],
                    [
                        3,
                        "SUP-3Y",
                        "3-year support, next business day",
                        2,
                        "21.750,00 €",
                        "43.500,00 €",
                    ],
                    [None, None, "Subtotal", None, None, "907.500,00 €"],
                    [None, None, "Project discount 5 %", None, None, "-45.375,00 €"],
                    [None, None, "Total excl. VAT", None, None, "862.125,00 €"],
                ],
            )
        ),
        [
            line(
                "8-GPU B200 server, HGX B200 board",
                kind="compute",
                accelerator="nvidia-b200",
                accelerators_per_node=8,
                nodes=2,
                accelerator_count=16,
                deployment="purchase",
                price="412800.00",
                price_unit="per_unit",
                currency="EUR",
            ),
            line(
                "InfiniBand NDR switch 64-port",
                kind="cost",
                category="network",
                quantity="1",
                price="38400.00",
                price_unit="per_unit",
                currency="EUR",
            ),
            line(
                "3-year support, next business day",
                kind="cost",
                category="support",
                quantity="2",
                price="21750.00",
                price_unit="per_unit",
                currency="EUR",
            ),
            line(
                "Project discount 5 %",
                kind="cost",
                price="-45375.00",
                price_unit="total",
                currency="EUR",
            ),
        ],
    )
)

add(
    VendorFile(
        "neocloud_tiers_as_columns.xlsx",
        "commitment tiers as columns (On-demand | 6-month | 12-month | 36-month)",
        xlsx(
            (
                "Pricing",
                [
                    [
                        "GPU",
                        "GPUs",
                        "On-demand ($/GPU-hr)",
                        "6-month ($/GPU-hr)",
                        "12-month ($/GPU-hr)",
                        "36-month ($/GPU-hr)",
                    ],
                    ["H100 SXM", 64, 2.49, 2.19, 1.99, 1.69],
                    ["H200 SXM", 64, 3.29, 2.89, 2.59, 2.19],
                ],
            )
        ),
        [
            gpu_hour("H100 SXM", "nvidia-h100-sxm", 64, "2.49", deployment="on_demand"),
            gpu_hour(
                "H100 SXM", "nvidia-h100-sxm", 64, "2.19", deployment="reserved", term_months=6
            ),
            gpu_hour(
                "H100 SXM", "nvidia-h100-sxm", 64, "1.99", deployment="reserved", term_months=12
            ),
            gpu_hour(
                "H100 SXM", "nvidia-h100-sxm", 64, "1.69", deployment="reserved", term_months=36
            ),
            gpu_hour("H200 SXM", "nvidia-h200-sxm", 64, "3.29", deployment="on_demand"),
            gpu_hour(
                "H200 SXM", "nvidia-h200-sxm", 64, "2.89", deployment="reserved", term_months=6
            ),
            gpu_hour(
                "H200 SXM", "nvidia-h200-sxm", 64, "2.59", deployment="reserved", term_months=12
            ),
            gpu_hour(
                "H200 SXM", "nvidia-h200-sxm", 64, "2.19", deployment="reserved", term_months=36
            ),
        ],
        options={"currency": "USD"},
    )
)

add(
    VendorFile(
        "regions_as_columns.csv",
        "regions as columns (us-east | eu-west | ap-south), price per GPU-hour",
        delimited(
            [
                [
                    "Accelerator",
                    "Number of GPUs",
                    "us-east (USD/GPU-h)",
                    "eu-west (USD/GPU-h)",
                    "ap-south (USD/GPU-h)",
                ],
                ["A100 80GB SXM", 32, "1.10", "1.25", "1.05"],
            ]
        ),
        [
            gpu_hour("A100 80GB SXM", "nvidia-a100-sxm-80gb", 32, "1.10", region="us-east"),
            gpu_hour("A100 80GB SXM", "nvidia-a100-sxm-80gb", 32, "1.25", region="eu-west"),
            gpu_hour("A100 80GB SXM", "nvidia-a100-sxm-80gb", 32, "1.05", region="ap-south"),
        ],
        options={"currency": "USD"},
    )
)

add(
    VendorFile(
        "semicolon_decimal_comma.csv",
        "semicolon CSV with decimal commas, as European Excel saves it",
        delimited(
            [
                [
                    "Beschreibung",
                    "GPU",
                    "Anzahl GPUs",
                    "Preis pro GPU-Stunde (EUR)",
                    "Laufzeit (Monate)",
                ],
                ["H100 Cluster reserviert", "H100 SXM", 128, "1,85", 12],
                ["H100 Cluster on demand", "H100 SXM", 16, "2,40", None],
            ],
            sep=";",
            encoding="cp1252",
        ),
        [
            gpu_hour(
                "H100 Cluster reserviert",
                "nvidia-h100-sxm",
                128,
                "1.85",
                currency="EUR",
                term_months=12,
            ),
            gpu_hour("H100 Cluster on demand", "nvidia-h100-sxm", 16, "2.40", currency="EUR"),
        ],
    )
)

add(
    VendorFile(
        "excel_unicode_text.txt",
        "UTF-16 tab-separated text, as Excel's 'Unicode Text' saves it",
        delimited(
            [
                ["Description", "GPU type", "GPU count", "Price (USD/GPU/hr)"],
                ["Spot pool — préemptible", "A100 80GB SXM", 8, "0.89"],
                ["Reserved pool", "A100 80GB SXM", 64, "1.19"],
            ],
            sep="\t",
            encoding="utf-16",
        ),
        [
            gpu_hour("Spot pool — préemptible", "nvidia-a100-sxm-80gb", 8, "0.89", currency="USD"),
            gpu_hour("Reserved pool", "nvidia-a100-sxm-80gb", 64, "1.19", currency="USD"),
        ],
    )
)

add(
    VendorFile(
        "libreoffice_offer.ods",
        "an .ods saved by LibreOffice: numbers as floats, text headers",
        ods(
            (
                "Offer",
                [
                    ["Description", "Accelerator", "Accelerators", "Price per GPU-hour (USD)"],
                    ["MI300X on-demand", "MI300X", 8, 2.15],
                    ["MI300X 12-month reserved", "MI300X", 64, 1.79],
                ],
            )
        ),
        [
            gpu_hour("MI300X on-demand", "amd-mi300x", 8, "2.15", currency="USD"),
            gpu_hour("MI300X 12-month reserved", "amd-mi300x", 64, "1.79", currency="USD"),
        ],
    )
)

add(
    VendorFile(
        "chinese_headers_cny.xlsx",
        "Chinese headers (型号, 数量, 单价(元), 合同期限) with yuan prices as text ('¥12,600')",
        xlsx(
            (
                "报价单",
                [
                    ["型号", "GPU型号", "数量", "单价(元/台/月)", "合同期限(月)"],
                    ["昇腾 Atlas 800T A2 训练服务器", "Ascend 910B", 4, "¥98,600", 24],
                ],
            )
        ),
        [
            line(
                "昇腾 Atlas 800T A2 训练服务器",
                kind="compute",
                accelerator="huawei-ascend-910b",
                nodes=4,
                price="98600",
                price_unit="per_node_month",
                currency="CNY",
                term_months=24,
            ),
        ],
    )
)

add(
    VendorFile(
        "japanese_headers_jpy.xlsx",
        "Japanese headers (品名, 数量, 単価, 金額) with yen prices as text",
        xlsx(
            (
                "見積書",
                [
                    ["品名", "GPU", "数量", "単価(円/GPU/時間)", "金額"],
                    ["H100 クラウド 月額プラン", "H100 SXM", 8, "¥520", "¥4,160"],
                ],
            )
        ),
        [
            gpu_hour("H100 クラウド 月額プラン", "nvidia-h100-sxm", 8, "520", currency="JPY"),
        ],
    )
)

add(
    VendorFile(
        "gbp_quote.csv",
        "pound sterling prices with the sign in the cell",
        delimited(
            [
                ["Service", "GPU model", "Qty GPUs", "Rate"],
                ["London H100 reserved 12 months", "H100 SXM", 32, "£1.95/GPU/hr"],
                ["London H100 on-demand", "H100 SXM", 8, "£2.60/GPU/hr"],
            ]
        ),
        [
            gpu_hour(
                "London H100 reserved 12 months", "nvidia-h100-sxm", 32, "1.95", currency="GBP"
            ),
            gpu_hour("London H100 on-demand", "nvidia-h100-sxm", 8, "2.60", currency="GBP"),
        ],
    )
)

add(
    VendorFile(
        "french_semicolon.csv",
        "French headers (Désignation; Quantité; Prix unitaire) with decimal commas",
        delimited(
            [
                ["Désignation", "Accélérateur", "Nombre de GPUs", "Prix unitaire (€/GPU/h)"],
                ["Grappe H100 engagement 12 mois", "H100 SXM", 64, "1,92"],
            ],
            sep=";",
        ),
        [
            gpu_hour(
                "Grappe H100 engagement 12 mois", "nvidia-h100-sxm", 64, "1.92", currency="EUR"
            ),
        ],
    )
)

add(
    VendorFile(
        "spanish_quote.xlsx",
        "Spanish headers (Descripción, Cantidad, Precio unitario)",
        xlsx(
            (
                "Oferta",
                [
                    ["Descripción", "Acelerador", "Cantidad", "Precio unitario (USD/GPU/h)"],
                    ["Clúster L40S bajo demanda", "L40S", 16, 0.95],
                ],
            )
        ),
        [
            line(
                "Clúster L40S bajo demanda",
                kind="compute",
                accelerator="nvidia-l40s",
                price="0.95",
                price_unit="per_gpu_hour",
                currency="USD",
            ),
        ],
    )
)

add(
    VendorFile(
        "italian_quote.xlsx",
        "Italian headers (Descrizione, Quantità, Prezzo unitario)",
        xlsx(
            (
                "Offerta",
                [
                    [
                        "Descrizione",
                        "Acceleratore",
                        "Numero di GPU",
                        "Prezzo unitario (EUR/GPU/ora)",
                    ],
                    ["H200 riservato 12 mesi", "H200 SXM", 32, 2.79],
                ],
            )
        ),
        [
            gpu_hour("H200 riservato 12 mesi", "nvidia-h200-sxm", 32, "2.79", currency="EUR"),
        ],
    )
)

add(
    VendorFile(
        "dutch_quote.csv",
        "Dutch headers (Omschrijving, Aantal, Stukprijs)",
        delimited(
            [
                ["Omschrijving", "GPU", "Aantal GPUs", "Stukprijs (EUR per GPU-uur)"],
                ["H100 gereserveerd, looptijd 12 maanden", "H100 SXM", 64, "1,89"],
            ],
            sep=";",
        ),
        [
            gpu_hour(
                "H100 gereserveerd, looptijd 12 maanden",
                "nvidia-h100-sxm",
                64,
                "1.89",
                currency="EUR",
            ),
        ],
    )
)

add(
    VendorFile(
        "mixed_language_headers.xlsx",
        "bilingual headers ('数量 Qty', '单价 Unit price (USD/GPU/hr)')",
        xlsx(
            (
                "Quote 报价",
                [
                    ["项目 Item", "GPU型号 GPU model", "数量 Qty", "单价 Unit price (USD/GPU/hr)"],
                    ["H20 inference pool", "H20", 64, 1.05],
                ],
            )
        ),
        [
            line(
                "H20 inference pool",
                kind="compute",
                accelerator="nvidia-h20",
                price="1.05",
                price_unit="per_gpu_hour",
                currency="USD",
            ),
        ],
    )
)

add(
    VendorFile(
        "banner_table_notes.xlsx",
        "a table under banner rows with notes below it",
        xlsx(
            (
                "Proposal",
                [
                    ["ACME GPU CLOUD — PROPOSAL", None, None, None],
                    ["Prepared for: Example Corp", None, None, None],
                    [None, None, None, None],
                    ["Description", "GPU", "GPU count", "USD per GPU-hour"],
                    ["Dedicated H100 cluster, 12-month term", "H100 SXM", 256, 1.79],
                    ["Burst H100, on-demand", "H100 SXM", 32, 2.39],
                    [None, None, None, None],
                    ["Notes: prices exclude VAT. Valid for 30 days.", None, None, None],
                    ["Egress is free up to 10 TB per month.", None, None, None],
                ],
            )
        ),
        [
            gpu_hour(
                "Dedicated H100 cluster, 12-month term",
                "nvidia-h100-sxm",
                256,
                "1.79",
                currency="USD",
                term_months=12,
            ),
            gpu_hour(
                "Burst H100, on-demand",
                "nvidia-h100-sxm",
                32,
                "2.39",
                currency="USD",
                deployment="on_demand",
            ),
        ],
    )
)

add(
    VendorFile(
        "cover_pricing_terms.xlsx",
        "a cover sheet, a pricing sheet and a terms sheet",
        xlsx(
            (
                "Cover",
                [["Quotation Q-8812"], ["Vendor: Borealis Compute"], ["Valid until 2026-12-31"]],
            ),
            (
                "Pricing",
                [
                    ["Description", "GPU", "GPUs", "Price per GPU-hour (USD)"],
                    ["B200 reserved 24 months", "B200", 128, 3.45],
                ],
            ),
            ("Terms", [["SLA uptime", "99.9 %"], ["Support", "24x7, 1-hour response"]]),
        ),
        [
            gpu_hour(
                "B200 reserved 24 months",
                "nvidia-b200",
                128,
                "3.45",
                currency="USD",
                term_months=24,
            ),
        ],
    )
)

add(
    VendorFile(
        "two_tables_one_sheet.xlsx",
        "compute prices and services as two tables on one sheet",
        xlsx(
            (
                "Offer",
                [
                    ["Compute", None, None, None],
                    ["Description", "GPU", "GPU count", "USD per GPU-hour"],
                    ["H100 reserved 12 months", "H100 SXM", 64, 1.89],
                    [None, None, None, None],
                    ["Services", None, None, None],
                    ["Description", "Category", "Quantity", "Monthly fee (USD)"],
                    ["Premium support", "Support", 1, 4500],
                    ["Private interconnect 10G", "Network", 1, 1200],
                ],
            )
        ),
        [
            gpu_hour("H100 reserved 12 months", "nvidia-h100-sxm", 64, "1.89", currency="USD"),
            line(
                "Premium support",
                kind="cost",
                category="support",
                price="4500",
                price_unit="per_month",
                currency="USD",
            ),
            line(
                "Private interconnect 10G",
                kind="cost",
                category="network",
                price="1200",
                price_unit="per_month",
                currency="USD",
            ),
        ],
    )
)

add(
    VendorFile(
        "hyperscaler_price_list.csv",
        "a hyperscaler's price-list export: instance names, vCPU, memory, GPUs, region, pricing model",
        delimited(
            [
                [
                    "Instance Type",
                    "vCPU",
                    "Memory (GiB)",
                    "GPU Model",
                    "GPUs",
                    "Region",
                    "Pricing Model",
                    "Price per Hour (USD)",
                ],
                ["p5.48xlarge", 192, 2048, "H100 SXM", 8, "us-east-1", "On-Demand", "98.32"],
                ["p5.48xlarge", 192, 2048, "H100 SXM", 8, "us-east-1", "1 yr Reserved", "57.63"],
                ["p4d.24xlarge", 96, 1152, "A100 40GB SXM", 8, "us-west-2", "On-Demand", "32.77"],
            ]
        ),
        [
            line(
                "p5.48xlarge",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="98.32",
                price_unit="per_node_hour",
                currency="USD",
                region="us-east-1",
                deployment="on_demand",
            ),
            line(
                "p5.48xlarge",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="57.63",
                price_unit="per_node_hour",
                currency="USD",
                deployment="reserved",
                term_months=12,
            ),
            line(
                "p4d.24xlarge",
                kind="compute",
                accelerator="nvidia-a100-sxm-40gb",
                accelerators_per_node=8,
                price="32.77",
                price_unit="per_node_hour",
                currency="USD",
                region="us-west-2",
                deployment="on_demand",
            ),
        ],
    )
)

add(
    VendorFile(
        "marketplace_spot.csv",
        "a marketplace's spot offers, one per host",
        delimited(
            [
                ["Offer", "GPU", "GPU count", "Pricing", "USD/GPU/hr", "Location"],
                ["m-1021", "RTX 4090", 8, "spot", "0.34", "Oslo, NO"],
                ["m-1022", "A100 80GB SXM", 8, "interruptible", "0.79", "Helsinki, FI"],
            ]
        ),
        [
            gpu_hour("m-1021", "nvidia-rtx-4090", 8, "0.34", currency="USD", deployment="spot"),
            gpu_hour(
                "m-1022", "nvidia-a100-sxm-80gb", 8, "0.79", currency="USD", deployment="spot"
            ),
        ],
    )
)

add(
    VendorFile(
        "colocation_kw_rack.xlsx",
        "colocation offer priced per kW-month and per rack",
        xlsx(
            (
                "Colocation",
                [
                    ["Description", "Category", "Quantity", "Unit", "Price (EUR)"],
                    ["Power, committed", "Power", 400, "per kW-month", 185],
                    ["Rack space, 52U", "Facility", 10, "per month", 1450],
                    ["Cross-connect", "Network", 4, "per month", 250],
                    ["Setup", "Installation", 1, "one-time", 12000],
                ],
            )
        ),
        [
            line(
                "Power, committed",
                kind="cost",
                category="power",
                quantity="400",
                price="185",
                price_unit="per_kw_month",
                currency="EUR",
            ),
            line(
                "Rack space, 52U",
                kind="cost",
                category="facility",
                quantity="10",
                price="1450",
                price_unit="per_month",
                currency="EUR",
            ),
            line(
                "Cross-connect",
                kind="cost",
                category="network",
                quantity="4",
                price="250",
                price_unit="per_month",
                currency="EUR",
            ),
            line(
                "Setup",
                kind="cost",
                category="installation",
                quantity="1",
                price="12000",
                currency="EUR",
            ),
        ],
    )
)

add(
    VendorFile(
        "lease_quote.xlsx",
        "a 36-month lease of DGX nodes priced per node-month",
        xlsx(
            (
                "Lease",
                [
                    [
                        "Description",
                        "Nodes",
                        "GPUs per node",
                        "Lease term (months)",
                        "Monthly rate per node (USD)",
                    ],
                    ["DGX H200 (8x H200 141GB)", 4, 8, 36, 21450],
                ],
            )
        ),
        [
            line(
                "DGX H200 (8x H200 141GB)",
                kind="compute",
                accelerator="nvidia-h200-sxm",
                nodes=4,
                accelerators_per_node=8,
                term_months=36,
                price="21450",
                price_unit="per_node_month",
                currency="USD",
            ),
        ],
    )
)

add(
    VendorFile(
        "swiss_apostrophes.csv",
        "Swiss francs with apostrophe thousands separators",
        delimited(
            [
                ["Description", "GPU", "Nodes", "GPUs per node", "Price per node-month (CHF)"],
                ["H100 node, 12 months", "H100 SXM", 2, 8, "14'850.00"],
            ]
        ),
        [
            line(
                "H100 node, 12 months",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                nodes=2,
                accelerators_per_node=8,
                price="14850.00",
                price_unit="per_node_month",
                currency="CHF",
            ),
        ],
    )
)

add(
    VendorFile(
        "usd_text_numbers.xlsx",
        "US-style prices written as text with thousands commas ('$21,450.00')",
        xlsx(
            (
                "Quote",
                [
                    ["Description", "GPU", "Nodes", "GPUs per node", "Monthly price per node"],
                    ["HGX H100 node, 24-month lease", "H100 SXM", 6, 8, "$19,250.00"],
                ],
            )
        ),
        [
            line(
                "HGX H100 node, 24-month lease",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                nodes=6,
                accelerators_per_node=8,
                price="19250.00",
                price_unit="per_node_month",
                currency="USD",
            ),
        ],
    )
)

add(
    VendorFile(
        "footnote_marks.csv",
        "prices with footnote marks ('2.10*', '2.10¹', '2.10 (a)')",
        delimited(
            [
                ["Description", "GPU", "GPU count", "USD per GPU-hour"],
                ["H100 on-demand", "H100 SXM", 8, "2.10*"],
                ["H100 reserved 12 months", "H100 SXM", 64, "1.85¹"],
                ["H100 reserved 36 months", "H100 SXM", 64, "1.55 (a)"],
                ["* excludes storage; ¹ paid monthly; (a) prepaid", None, None, None],
            ]
        ),
        [
            gpu_hour("H100 on-demand", "nvidia-h100-sxm", 8, "2.10", currency="USD"),
            gpu_hour("H100 reserved 12 months", "nvidia-h100-sxm", 64, "1.85", currency="USD"),
            gpu_hour("H100 reserved 36 months", "nvidia-h100-sxm", 64, "1.55", currency="USD"),
        ],
    )
)

add(
    VendorFile(
        "azure_style_export.csv",
        "an Azure-style export with VM size names",
        delimited(
            [
                ["VM size", "GPU", "GPUs", "Region", "Pay as you go (USD/hour)"],
                ["Standard_ND96isr_H100_v5", "H100 SXM", 8, "westeurope", "98.32"],
            ]
        ),
        [
            line(
                "Standard_ND96isr_H100_v5",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="98.32",
                price_unit="per_node_hour",
                currency="USD",
                region="westeurope",
            ),
        ],
    )
)

add(
    VendorFile(
        "gcp_style_export.csv",
        "a GCP-style export with machine types and no GPU column",
        delimited(
            [
                ["Machine type", "Region", "On-demand price (USD/hour)"],
                ["a3-highgpu-8g", "europe-west4", "88.25"],
            ]
        ),
        [
            line(
                "a3-highgpu-8g",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="88.25",
                price_unit="per_node_hour",
                currency="USD",
            ),
        ],
    )
)

add(
    VendorFile(
        "oci_instance_names.xlsx",
        "bare-metal shape names only",
        xlsx(
            (
                "Shapes",
                [
                    ["Shape", "Price per hour (USD)"],
                    ["BM.GPU.H100.8", 80.00],
                ],
            )
        ),
        [
            line(
                "BM.GPU.H100.8",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="80.00",
                price_unit="per_node_hour",
                currency="USD",
            ),
        ],
    )
)

add(
    VendorFile(
        "term_in_description.csv",
        "terms and billing stated only in the description",
        delimited(
            [
                ["Product", "GPU type", "Number of GPUs", "Price/hr"],
                ["H100 3-year reserved", "H100 SXM", 128, "$1.49"],
                ["H100 spot", "H100 SXM", 16, "$1.05"],
            ]
        ),
        [
            gpu_hour(
                "H100 3-year reserved",
                "nvidia-h100-sxm",
                128,
                "1.49",
                currency="USD",
                deployment="reserved",
                term_months=36,
            ),
            gpu_hour("H100 spot", "nvidia-h100-sxm", 16, "1.05", currency="USD", deployment="spot"),
        ],
    )
)

add(
    VendorFile(
        "german_text_numbers_proving_value.csv",
        "a column whose only proving value (2.930.000,00) decides the style of the others",
        delimited(
            [
                ["Beschreibung", "GPU", "Anzahl GPUs", "Gesamtpreis (EUR)"],
                ["B200 Kauf, 4 Server", "B200", 32, "2.930.000,00"],
                ["Wartung 3 Jahre", None, None, "120.000"],
            ],
            sep=";",
        ),
        [
            line(
                "B200 Kauf, 4 Server",
                kind="compute",
                accelerator="nvidia-b200",
                accelerator_count=32,
                price="2930000.00",
                currency="EUR",
            ),
            line("Wartung 3 Jahre", kind="cost", price="120000", currency="EUR"),
        ],
        # Only totals are stated: each line says its total stands as its price.
        warnings=["its total was imported as the price"],
    )
)

add(
    VendorFile(
        "per_node_month_tsv.tsv",
        "tab-separated node-month prices from a server maker's leasing arm",
        delimited(
            [
                [
                    "Description",
                    "Accelerator",
                    "Nodes",
                    "GPUs per node",
                    "Term",
                    "USD per node-month",
                ],
                ["MI300X platform lease", "MI300X", 2, 8, "36 months", "17800"],
            ],
            sep="\t",
        ),
        [
            line(
                "MI300X platform lease",
                kind="compute",
                accelerator="amd-mi300x",
                nodes=2,
                accelerators_per_node=8,
                term_months=36,
                price="17800",
                price_unit="per_node_month",
                currency="USD",
            ),
        ],
    )
)

add(
    VendorFile(
        "units_header_holds_models.xlsx",
        "a column headed 'Units' that holds server models",
        xlsx(
            (
                "Quote",
                [
                    [
                        "Units",
                        "Accelerator",
                        "Servers",
                        "GPUs per server",
                        "Price per server-month (USD)",
                    ],
                    ["XE9680", "H100 SXM", 2, 8, 18200],
                    ["XE9680L", "H200 SXM", 1, 8, 22400],
                ],
            )
        ),
        [
            line(
                "XE9680",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                nodes=2,
                accelerators_per_node=8,
                price="18200",
                price_unit="per_node_month",
                currency="USD",
            ),
            line(
                "XE9680L",
                kind="compute",
                accelerator="nvidia-h200-sxm",
                nodes=1,
                accelerators_per_node=8,
                price="22400",
                price_unit="per_node_month",
                currency="USD",
            ),
        ],
    )
)


add(
    VendorFile(
        "oem_quote_wrong_total.xlsx",
        "a purchase quote whose grand total does not equal its lines plus VAT",
        xlsx(
            (
                "Quote",
                [
                    ["Item", "Description", "Qty", "Unit price (EUR)", "Extended (EUR)"],
                    [1, "HGX H100 8-GPU server", 2, 245000, 490000],
                    [2, "Rack integration and installation", 2, 3500, 7000],
                    [None, "Subtotal", None, None, 497000],
                    [None, "VAT 20 %", None, None, 99400],
                    [None, "Grand total", None, None, 606400],
                ],
            )
        ),
        [
            line(
                "HGX H100 8-GPU server",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                nodes=2,
                accelerators_per_node=8,
                deployment="purchase",
                price="245000",
                price_unit="per_unit",
                currency="EUR",
            ),
            line(
                "Rack integration and installation",
                kind="cost",
                category="installation",
                quantity="2",
                price="3500",
                price_unit="per_unit",
                currency="EUR",
            ),
        ],
        # 490,000 + 7,000 = 497,000; + VAT 99,400 = 596,400, not the 606,400 stated.
        warnings=["states 606,400, but the lines above it add up to 596,400 with the taxes listed"],
    )
)


add(
    VendorFile(
        "oem_quote_with_shipping.csv",
        "a purchase quote whose shipping row has only an amount, above a correct total",
        delimited(
            [
                ["Item", "Description", "Qty", "Unit price (USD)", "Extended (USD)"],
                ["1", "HGX H200 8-GPU server", "1", "301000", "301000"],
                ["", "Shipping and insurance", "", "", "2400"],
                ["", "Total", "", "", "303400"],
            ]
        ),
        [
            line(
                "HGX H200 8-GPU server",
                kind="compute",
                accelerator="nvidia-h200-sxm",
                nodes=1,
                accelerators_per_node=8,
                deployment="purchase",
                price="301000",
                price_unit="per_unit",
                currency="USD",
            ),
            line(
                "Shipping and insurance",
                kind="cost",
                price="2400",
                price_unit="total",
                currency="USD",
            ),
        ],
        # 301,000 + 2,400 = 303,400: the total is right, so no mismatch is reported; a
        # shipping row states only its amount, so its price is no cause for a warning.
    )
)


add(
    VendorFile(
        "oem_totals_under_prices.xlsx",
        "a reseller's purchase quote whose closing rows put their words under the price "
        "columns: discount and shipping imported as lines, a wrong grand total told",
        xlsx(
            (
                "Quote",
                [
                    ["Bayview Compute Solutions, Inc.", None, None, None, None, None],
                    [None, None, None, None, "Quote No.", "BCS-26-0912"],
                    [None, None, None, None, "Currency", "USD"],
                    ["Item", "SKU", "Description", "Qty", "Unit Price", "Extended Price"],
                    [1, "SYS-821GE", "SYS-821GE-TNHR 8x H100 SXM5 80GB", 2, 276800, 553600],
                    [2, "SUP-3Y", "3-year 24x7 4-hour onsite support", 2, 12600, 25200],
                    [None, None, None, None, "Subtotal", 578800],
                    [None, None, None, None, "Discount", -57880],
                    [None, None, None, None, "Sales Tax (resale cert.)", 0],
                    [None, None, None, None, "Shipping (FOB Origin)", 2500],
                    [None, None, None, None, "Grand Total", 533420],
                    ["All prices in USD. Payment: Net 30.", None, None, None, None, None],
                ],
            )
        ),
        [
            line(
                "SYS-821GE-TNHR 8x H100 SXM5 80GB",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                nodes=2,
                accelerators_per_node=8,
                deployment="purchase",
                price="276800",
                price_unit="per_unit",
                currency="USD",
            ),
            line(
                "3-year 24x7 4-hour onsite support",
                kind="cost",
                category="support",
                quantity="2",
                price="12600",
                price_unit="per_unit",
                currency="USD",
            ),
            line(
                "Discount",
                kind="cost",
                category="other",
                price="-57880",
                price_unit="total",
                currency="USD",
                source="oem_totals_under_prices.xlsx!Quote!8",
            ),
            line(
                "Shipping (FOB Origin)",
                kind="cost",
                price="2500",
                price_unit="total",
                currency="USD",
                source="oem_totals_under_prices.xlsx!Quote!10",
            ),
        ],
        # 553,600 + 25,200 = 578,800; − 57,880 + 0 tax + 2,500 = 523,420, not 533,420.
        warnings=["“Grand Total” states 533,420, but the lines above it add up to 523,420"],
    )
)


add(
    VendorFile(
        "oem_discount_percent_only.xlsx",
        "a purchase quote whose discount row states a percentage and no amount: 12 % of the "
        "subtotal is applied, and the total after it agrees",
        xlsx(
            (
                "Quote",
                [
                    ["Item", "Description", "Qty", "Unit price (USD)", "Extended (USD)"],
                    [1, "HGX H200 8-GPU server", 4, 301000, 1204000],
                    [None, "Subtotal", None, None, 1204000],
                    [None, "Discount 12% (volume)", None, None, None],
                    [None, "Total after discount", None, None, 1059520],
                ],
            )
        ),
        [
            line(
                "HGX H200 8-GPU server",
                kind="compute",
                accelerator="nvidia-h200-sxm",
                nodes=4,
                price="301000",
                price_unit="per_unit",
                currency="USD",
            ),
            line("Discount 12% (volume)", kind="cost", price="-144480.00", price_unit="total"),
        ],
        warnings=["“Discount 12% (volume)” states its discount as a share only: 12 % of the row"],
    )
)


add(
    VendorFile(
        "neocloud_memory_column.xlsx",
        "a GPU cloud's on-demand page whose names leave the memory to a column of its own: "
        "'8x NVIDIA A100 SXM' with 80 GB is the 80 GB A100, with 40 GB the 40 GB one",
        xlsx(
            (
                "On-demand",
                [
                    ["On-demand cloud pricing", None, None, None],
                    [None, None, None, None],
                    ["GPUs", "VRAM / GPU", "vCPUs", "Price / GPU / hr"],
                    ["8x NVIDIA H100 SXM", "80 GB", 208, "$2.99"],
                    ["8x NVIDIA A100 SXM", "80 GB", 240, "$1.79"],
                    ["8x NVIDIA A100 SXM", "40 GB", 124, "$1.29"],
                ],
            )
        ),
        [
            line("8x NVIDIA H100 SXM", accelerator="nvidia-h100-sxm", price="2.99"),
            line("8x NVIDIA A100 SXM", accelerator="nvidia-a100-sxm-80gb", price="1.79"),
            line("8x NVIDIA A100 SXM", accelerator="nvidia-a100-sxm-40gb", price="1.29"),
        ],
    )
)


add(
    VendorFile(
        "order_form_storage_in_tb.xlsx",
        "a GPU cloud's order form whose storage rate states its own unit ('$45.00 / "
        "TB-month') beside a quantity counted in TB, and another counted in GB",
        xlsx(
            (
                "Order form",
                [
                    ["Service", "Quantity", "Unit", "Rate"],
                    ["HGX H100 nodes (8x H100 SXM5 80GB)", 32, "nodes", "$2.23 / GPU-hour"],
                    ["Dedicated storage (all-flash NVMe)", 500, "TB", "$45.00 / TB-month"],
                    ["Object storage", 20000, "GB", "$40.00 / TB-month"],
                    ["Data transfer (ingress and egress)", None, None, "Included"],
                ],
            )
        ),
        [
            line(
                "HGX H100 nodes (8x H100 SXM5 80GB)",
                accelerator="nvidia-h100-sxm",
                price="2.23",
                price_unit="per_gpu_hour",
            ),
            # 500 TB at $45 a TB-month is 500,000 GB at $0.045 a GB-month.
            line(
                "Dedicated storage (all-flash NVMe)",
                kind="cost",
                quantity="500000",
                price="0.045",
                price_unit="per_gb_month",
            ),
            # Counted in GB already: only the price is brought to a GB.
            line(
                "Object storage",
                kind="cost",
                quantity="20000",
                price="0.04",
                price_unit="per_gb_month",
            ),
        ],
        warnings=[
            "the quantity counts TB: both were brought to GB",
            "The price says the item is included: it costs nothing apart",
        ],
    )
)


add(
    VendorFile(
        "order_form_term_above.xlsx",
        "a GPU cloud's reserved-capacity order form that states its term once, above the "
        "table ('Initial Term: 24 months'), not on its lines",
        xlsx(
            (
                "Order form",
                [
                    ["RESERVED CAPACITY ORDER FORM", None, None, None],
                    [None, None, "Order Number:", "TC-OF-2026-0412"],
                    [None, None, "Initial Term:", "24 months"],
                    [None, None, "Payment terms:", "Net 30 days"],
                    [None, None, "Region:", "eu-north1 (Finland)"],
                    [None, None, None, None],
                    ["Service", "Quantity", "Unit", "Rate"],
                    ["HGX H100 nodes (8x H100 SXM5 80GB)", 32, "nodes", "$2.23 / GPU-hour"],
                    ["HGX H200 nodes (8x H200 141GB), reserved", 4, "nodes", "$3.10 / GPU-hour"],
                    ["H100 burst capacity, on-demand", 8, "GPUs", "$2.99 / GPU-hour"],
                    ["H100 VMs (8 GPUs per VM), reserved", 128, "GPUs", "$1,569.50 / GPU-month"],
                ],
            )
        ),
        [
            line(
                "HGX H100 nodes (8x H100 SXM5 80GB)",
                accelerator="nvidia-h100-sxm",
                deployment="reserved",
                term_months=24,
                # placed where the order says: the residency checks see Finland
                region="eu-north1 (Finland)",
                country="FI",
            ),
            line(
                "HGX H200 nodes (8x H200 141GB), reserved",
                accelerator="nvidia-h200-sxm",
                deployment="reserved",
                term_months=24,
            ),
            # A line that states its own deployment keeps it.
            line(
                "H100 burst capacity, on-demand",
                accelerator="nvidia-h100-sxm",
                accelerator_count=8,
                deployment="on_demand",
                term_months=None,
            ),
            # "128 | GPUs" counts accelerators: 16 VMs of 8, not 128 VMs.
            line(
                "H100 VMs (8 GPUs per VM), reserved",
                accelerator="nvidia-h100-sxm",
                accelerator_count=128,
                nodes=16,
                accelerators_per_node=8,
                deployment="reserved",
                term_months=24,
            ),
        ],
        warnings=[
            "read as reserved for the order's term above the table (24 months)",
            "placed where the order says above the table: eu-north1 (Finland) (FI)",
        ],
    )
)


add(
    VendorFile(
        "order_form_rate_per_gpu.xlsx",
        "an order form whose unit column names what the quantity counts ('nodes') while the "
        "rate's header says per GPU, and whose 'Monthly recurring' row sums the lines",
        xlsx(
            (
                "Order form",
                [
                    ["ORDER FORM", None, None, None, None],
                    ["Order #", "ARC-2026-5512", None, None, None],
                    ["Service", "Quantity", "Unit", "Rate per GPU", "Monthly total"],
                    ["HGX H100 node, 8x H100 SXM5 80GB", 8, "nodes", "$2.49/hr", "$116,332.80"],
                    ["Block storage (NVMe)", 100000, "GB", "$0.08/GB-mo", "$8,000.00"],
                    [None, None, None, None, None],
                    [None, None, None, "Monthly recurring", "$124,332.80"],
                ],
            )
        ),
        [
            line(
                "HGX H100 node, 8x H100 SXM5 80GB",
                accelerator="nvidia-h100-sxm",
                nodes=8,
                accelerators_per_node=8,
                price="2.49",
                price_unit="per_gpu_hour",
            ),
            line("Block storage (NVMe)", kind="cost", price="0.08", price_unit="per_gb_month"),
        ],
    )
)


add(
    VendorFile(
        "price_list_with_cpu_instances.csv",
        "a cloud's price-list export with CPU instances among the GPU ones: offers of their "
        "own, left out and told, not monthly costs added to every GPU offer",
        delimited(
            [
                ["Instance type", "Description", "Region", "Pricing model", "Price per hour (USD)"],
                ["p5.48xlarge", "8x H100 80GB", "us-east-1", "On-Demand", "98.32"],
                ["m7i.48xlarge", "192 vCPU, 768 GiB", "us-east-1", "On-Demand", "9.6768"],
                ["Standard_D4s_v5", "4 vCPU, 16 GiB", "eastus", "Consumption", "0.192"],
                ["g6e.12xlarge", "4x L40S 48GB", "us-east-1", "On-Demand", "10.49"],
            ]
        ),
        [
            line("8x H100 80GB", accelerator="nvidia-h100-sxm", accelerators_per_node=8),
            line("4x L40S 48GB", accelerator="nvidia-l40s", accelerators_per_node=4),
        ],
        warnings=["The row offers an instance without accelerators and orders none of it"],
    )
)


add(
    VendorFile(
        "order_form_monthly_fees.xlsx",
        "an order form whose one money column is each line's monthly fee for its quantity, "
        "as its 'Monthly recurring total' proves (the fees added as written)",
        xlsx(
            (
                "Order form",
                [
                    ["Service", "Qty", "Monthly fee (USD)"],
                    ["B200 nodes, 8x NVIDIA B200 180GB, reserved 36 months", 8, "$214,912.00"],
                    ["Managed Kubernetes control plane", 1, "$2,500.00"],
                    ["Persistent storage, 250 TB, NVMe", 1, "$8,750.00"],
                    ["Monthly recurring total", None, "$226,162.00"],
                ],
            )
        ),
        [
            # $214,912 a month for eight nodes: $26,864 a node ($4.60 a GPU-hour).
            line(
                "B200 nodes, 8x NVIDIA B200 180GB, reserved 36 months",
                accelerator="nvidia-b200",
                nodes=8,
                price="26864",
                price_unit="per_node_month",
            ),
            line("Managed Kubernetes control plane", kind="cost", price="2500"),
            line("Persistent storage, 250 TB, NVMe", kind="cost", price="8750"),
        ],
        warnings=["The amounts are each line's total for its quantity"],
    )
)


add(
    VendorFile(
        "order_form_monthly_fee_per_unit.xlsx",
        "an order form whose monthly fee is per unit, as its total proves (each fee times its "
        "quantity): the prices stay as written",
        xlsx(
            (
                "Order form",
                [
                    ["Service", "Qty", "Monthly fee (USD)"],
                    ["H100 nodes, 8x H100 SXM 80GB, reserved 12 months", 4, "$12,000.00"],
                    ["Cross-connect, single-mode fibre", 2, "$350.00"],
                    ["Monthly recurring total", None, "$48,700.00"],
                ],
            )
        ),
        [
            line(
                "H100 nodes, 8x H100 SXM 80GB, reserved 12 months",
                accelerator="nvidia-h100-sxm",
                nodes=4,
                price="12000",
                price_unit="per_node_month",
            ),
            line("Cross-connect, single-mode fibre", kind="cost", price="350"),
        ],
    )
)


add(
    VendorFile(
        "instance_and_gpu_prices.xlsx",
        "a GPU cloud's price page with a price per instance and a price per GPU: their ratio "
        "is the instance's size ('GB200 NVL72' at $42.00 and $10.50 is an instance of 4)",
        xlsx(
            (
                "GPU Pricing",
                [
                    ["GPU Model", "VRAM (GB)", "Instance price per hour", "GPU price per hour"],
                    ["NVIDIA GB200 NVL72", 186, "$42.00", "$10.50"],
                    ["NVIDIA HGX H100", 80, "$49.24", "$6.155"],
                    ["NVIDIA L40S", 48, "$18.00", "$2.25"],
                ],
            )
        ),
        [
            line("NVIDIA GB200 NVL72", accelerator="nvidia-gb200", accelerators_per_node=4),
            line("NVIDIA HGX H100", accelerator="nvidia-h100-sxm", accelerators_per_node=8),
            line("NVIDIA L40S", accelerator="nvidia-l40s", accelerators_per_node=8),
        ],
        warnings=["The instance holds 4 accelerators by its two prices"],
    )
)


add(
    VendorFile(
        "oem_discount_in_words.xlsx",
        "a purchase quote whose discount is stated only in words, in a line's description and "
        "in a note under the total, and whose totals state the currency",
        xlsx(
            (
                "Quote",
                [
                    ["Lenovo Global Technology (United States) Inc.", None, None, None, None],
                    ["Quote Number: LQ-2026-558812", None, None, "Expiration Date: 2026-12-31"],
                    ["Part Number", "Description", "Qty", "Unit Price", "Extended Price"],
                    [
                        "7DHECTO1WW",
                        "ThinkSystem SR680a V3 8x B200 (list price; 15% project discount "
                        "applied on invoice)",
                        4,
                        455000,
                        1820000,
                    ],
                    ["5WS7B07611", "Lenovo Premier Support 3Y, 24x7 4hr", 4, 21300, 85200],
                    [None, "Total (USD)", None, None, 1905200],
                    [None, None, None, None, None],
                    [
                        "* A special bid discount of 15% on hardware will be applied on the "
                        "invoice.",
                        None,
                        None,
                        None,
                        None,
                    ],
                ],
            )
        ),
        [
            line(
                "ThinkSystem SR680a V3 8x B200 (list price; 15% project discount applied on "
                "invoice)",
                kind="compute",
                accelerator="nvidia-b200",
                nodes=4,
                accelerators_per_node=8,
                price="455000",
                currency="USD",
            ),
            line(
                "Lenovo Premier Support 3Y, 24x7 4hr",
                kind="cost",
                category="support",
                price="21300",
                currency="USD",
            ),
        ],
        # USD comes from the total's label "Total (USD)": no price states a currency.
        warnings=[
            "The description states a discount (15%) the price may not carry",
            "A note under the table states a discount (15%)",
        ],
    )
)


add(
    VendorFile(
        "azure_calculator_estimate.xlsx",
        "Azure's pricing calculator export: each row prices several instances for a month's "
        "hours ('2 ND96isr H100 v5 … x 730 Hours'), and a 3-year reservation is paid up front "
        "with nothing a month",
        xlsx(
            (
                "Estimate",
                [
                    ["Microsoft Azure Estimate"],
                    ["Your Estimate"],
                    [
                        "Service category",
                        "Service type",
                        "Custom name",
                        "Region",
                        "Description",
                        "Estimated monthly cost",
                        "Estimated upfront cost",
                    ],
                    [
                        "Compute",
                        "Virtual Machines",
                        None,
                        "East US",
                        "2 ND96isr H100 v5 (96 vCPUs, 1900 GB RAM) x 730 Hours (Pay as you go), "
                        "Linux, (License included), OS Only; 0 managed disks – S4",
                        "$143,547.20",
                        "$0.00",
                    ],
                    [
                        "Compute",
                        "Virtual Machines",
                        None,
                        "West Europe",
                        "1 ND96isr H100 v5 (96 vCPUs, 1900 GB RAM) x 730 Hours (3 year reserved), "
                        "Linux, OS Only",
                        "$0.00",
                        "$1,325,722.00",
                    ],
                    [
                        "Compute",
                        "Virtual Machines",
                        None,
                        "East US",
                        "4 NC24ads A100 v4 (24 vCPUs, 220 GB RAM) x 730 Hours (Pay as you go), "
                        "Windows (License included), OS Only",
                        "$13,948.84",
                        "$0.00",
                    ],
                    [
                        "Support",
                        None,
                        None,
                        None,
                        "Support",
                        "$1,000.00",
                        "$0.00",
                    ],
                    [None, None, None, None, "Total", "$158,496.04", "$1,325,722.00"],
                    ["Disclaimer", "All prices shown are in United States – Dollar ($) USD."],
                ],
            )
        ),
        [
            line(
                "2 ND96isr H100 v5 (96 vCPUs, 1900 GB RAM) x 730 Hours (Pay as you go), Linux, "
                "(License included), OS Only; 0 managed disks – S4",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                nodes=2,
                price="98.32",
                price_unit="per_node_hour",
                deployment="on_demand",
                region="East US",
                country="US",
            ),
            line(
                "1 ND96isr H100 v5 (96 vCPUs, 1900 GB RAM) x 730 Hours (3 year reserved), "
                "Linux, OS Only (all upfront: 1,325,722 for 1 × 36 months)",
                kind="compute",
                accelerator="nvidia-h100-sxm",
                nodes=1,
                price="50.4460",
                price_unit="per_node_hour",
                deployment="reserved",
                term_months=36,
                country="NL",
            ),
            line(
                "4 NC24ads A100 v4 (24 vCPUs, 220 GB RAM) x 730 Hours (Pay as you go), "
                "Windows (License included), OS Only",
                accelerator="nvidia-a100-pcie-80gb",
                accelerators_per_node=1,
                nodes=4,
                price="4.777",
                price_unit="per_node_hour",
            ),
            line("Support", kind="cost", category="support", price="1000.00"),
        ],
        options={"currency": "USD"},
        warnings=[
            "The table is a pricing calculator's estimate",
            "nil beside an upfront",
            "1 compute line names a licensed system (Windows",
        ],
    )
)


add(
    VendorFile(
        "aws_calculator_estimate.csv",
        "AWS Pricing Calculator's CSV: the instances, the hours and a savings plan's term are "
        "in each row's configuration summary; the all-upfront plan has nothing a month",
        delimited(
            [
                ["Estimate summary"],
                ["Upfront cost", "Monthly cost", "Total 12 months cost", "Currency"],
                ["475188", "102412.11", "1704133.32", "USD"],
                [],
                ["Detailed Estimate"],
                [
                    "Group hierarchy",
                    "Region",
                    "Description",
                    "Service",
                    "Upfront",
                    "Monthly",
                    "First 12 months total",
                    "Currency",
                    "Status",
                    "Configuration summary",
                ],
                [
                    "My Estimate",
                    "US East (N. Virginia)",
                    "Training cluster on-demand",
                    "Amazon EC2",
                    "0",
                    "71773.60",
                    "861283.20",
                    "USD",
                    "",
                    "Tenancy (Shared Instances), Operating system (Linux), Workload (Consistent, "
                    "Number of instances: 1), Advance EC2 instance (p5.48xlarge), Pricing "
                    "strategy (On-Demand Utilization: 100 %Utilized/Month)",
                ],
                [
                    "My Estimate",
                    "US East (N. Virginia)",
                    "Training cluster reserved",
                    "Amazon EC2",
                    "475188",
                    "0",
                    "475188",
                    "USD",
                    "",
                    "Tenancy (Shared Instances), Operating system (Linux), Workload (Consistent, "
                    "Number of instances: 1), Advance EC2 instance (p5.48xlarge), Pricing "
                    "strategy (EC2 Instance Savings Plans 1yr All Upfront)",
                ],
                [
                    "My Estimate",
                    "US West (Oregon)",
                    "Inference fleet",
                    "Amazon EC2",
                    "0",
                    "30638.51",
                    "367662.12",
                    "USD",
                    "",
                    "Tenancy (Shared Instances), Operating system (Linux), Workload (Consistent, "
                    "Number of instances: 4), Advance EC2 instance (g6e.12xlarge), Pricing "
                    "strategy (On-Demand Utilization: 100 %Utilized/Month)",
                ],
            ]
        ),
        [
            line(
                "Training cluster on-demand",
                accelerator="nvidia-h100-sxm",
                nodes=1,
                price="98.32",
                price_unit="per_node_hour",
                deployment="on_demand",
            ),
            line(
                "Training cluster reserved (all upfront: 475,188 for 1 × 12 months)",
                accelerator="nvidia-h100-sxm",
                nodes=1,
                price="54.2452",
                price_unit="per_node_hour",
                deployment="reserved",
                term_months=12,
            ),
            line(
                "Inference fleet",
                accelerator="nvidia-l40s",
                accelerators_per_node=4,
                nodes=4,
                price="10.4926",
                price_unit="per_node_hour",
                region="US West (Oregon)",
            ),
        ],
        warnings=["The table is a pricing calculator's estimate"],
    )
)


add(
    VendorFile(
        "neocloud_preise_cpu_row.csv",
        "a German neocloud's price list whose last row is a CPU instance: no GPU named ('–') "
        "and 0 GPUs; the row is left out with a word, not the whole file refused",
        delimited(
            [
                ["Instanz", "GPU", "GPUs", "vCPU", "RAM", "Preis pro Instanz", "Abrechnung"],
                [
                    "H100-SXM-8-80G",
                    "NVIDIA H100 SXM 80GB",
                    8,
                    128,
                    "960 GB",
                    "19,92 €/h",
                    "On-Demand",
                ],
                ["L40S-1-48G", "NVIDIA L40S 48GB", 1, 8, "96 GB", "1,49 €/h", "On-Demand"],
                ["POP2-HC-32C-64G", "–", 0, 32, "64 GB", "1,05 €/h", "On-Demand"],
            ],
            sep=";",
        ),
        [
            line(
                "NVIDIA H100 SXM 80GB",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="19.92",
                price_unit="per_node_hour",
                currency="EUR",
            ),
            line(
                "NVIDIA L40S 48GB",
                accelerator="nvidia-l40s",
                accelerators_per_node=1,
                price="1.49",
                currency="EUR",
            ),
        ],
        warnings=["The row offers an instance without accelerators"],
    )
)


add(
    VendorFile(
        "oracle_price_list_cpu_rows.xlsx",
        "Oracle's cloud price list: GPU shapes per GPU-hour among a standard shape's OCPU and "
        "memory rows ('Gigabyte Per Hour'), which are left out, and storage per GB-month",
        xlsx(
            (
                "Compute",
                [
                    ["Oracle PaaS and IaaS Universal Credits - Cloud Price List"],
                    ["Prices in USD."],
                    ["Product", "Part Number", "Pay as You Go (Unit Price)", "Metric"],
                    ["Compute - GPU - BM.GPU.H100.8", "B98415", "$10.00", "GPU Per Hour"],
                    ["Compute - GPU - VM.GPU.A10.1", "B95906", "$2.00", "GPU Per Hour"],
                    ["Compute - Standard - E5 - OCPU", "B97384", "$0.03", "OCPU Per Hour"],
                    ["Compute - Standard - E5 - Memory", "B97385", "$0.002", "Gigabyte Per Hour"],
                    [
                        "Storage - Block Volume - Storage",
                        "B91961",
                        "$0.0255",
                        "Gigabyte Storage Capacity Per Month",
                    ],
                ],
            )
        ),
        [
            line(
                "Compute - GPU - BM.GPU.H100.8",
                accelerator="nvidia-h100-sxm",
                price="10.00",
                price_unit="per_gpu_hour",
            ),
            line(
                "Compute - GPU - VM.GPU.A10.1",
                accelerator="nvidia-a10",
                price="2.00",
                price_unit="per_gpu_hour",
            ),
            line(
                "Storage - Block Volume - Storage",
                kind="cost",
                category="storage",
                price="0.0255",
                price_unit="per_gb_month",
            ),
        ],
        options={"currency": "USD"},
        warnings=["The row offers an instance without accelerators"],
    )
)


add(
    VendorFile(
        "gpu_cloud_storage_section.xlsx",
        "a GPU cloud's price page whose storage section restates the price column's unit in "
        "its heading ('Storage | … | Price per GB per month') over prices with no unit",
        xlsx(
            (
                "GPU Pricing",
                [
                    ["GPU Model", "VRAM (GB)", "vCPUs", "Instance price per hour"],
                    ["NVIDIA HGX H100", 80, 128, "$49.24"],
                    ["NVIDIA L40S", 48, 128, "$18.00"],
                    ["Storage", None, None, "Price per GB per month"],
                    ["Distributed File Storage", None, None, "$0.07"],
                    ["AI Object Storage", None, None, "$0.11"],
                ],
            )
        ),
        [
            line(
                "NVIDIA HGX H100",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                price="49.24",
                price_unit="per_node_hour",
            ),
            line("NVIDIA L40S", accelerator="nvidia-l40s", price="18.00"),
            line(
                "Distributed File Storage",
                kind="cost",
                category="storage",
                price="0.07",
                price_unit="per_gb_month",
            ),
            line(
                "AI Object Storage",
                kind="cost",
                category="storage",
                price="0.11",
                price_unit="per_gb_month",
            ),
        ],
    )
)


add(
    VendorFile(
        "order_form_two_row_header.xlsx",
        "an order form whose header is two rows: 'Service', 'Quantity' and 'Unit' merged down "
        "over both, and a 'Pricing' banner merged across 'Rate per GPU' and 'Billing'",
        xlsx(
            (
                "Order Form",
                [
                    ["ORDER FORM"],
                    ["Order #", "ARC-2026-5512"],
                    [],
                    ["Service", "Quantity", "Unit", "Pricing", None, "Commitment"],
                    [None, None, None, "Rate per GPU", "Billing", None],
                    [
                        "HGX H100 node — 8× H100 SXM5 80GB",
                        8,
                        "nodes",
                        "$2.49/hr",
                        "per GPU-hour",
                        "12-month reserved",
                    ],
                    [
                        "L40S inference node — 8× L40S 48GB",
                        4,
                        "nodes",
                        "$0.99/hr",
                        "per GPU-hour",
                        "On-demand",
                    ],
                    ["Enterprise support", 1, "month", "$2,000.00/mo", "per month", "Monthly"],
                ],
            ),
            merged=["A4:A5", "B4:B5", "C4:C5", "D4:E4", "F4:F5"],
        ),
        [
            line(
                "HGX H100 node — 8× H100 SXM5 80GB",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                nodes=8,
                price="2.49",
                price_unit="per_gpu_hour",
                deployment="reserved",
                term_months=12,
            ),
            line(
                "L40S inference node — 8× L40S 48GB",
                accelerator="nvidia-l40s",
                nodes=4,
                price="0.99",
                price_unit="per_gpu_hour",
                deployment="on_demand",
            ),
            line("Enterprise support", kind="cost", category="support", price="2000.00"),
        ],
        options={"currency": "USD"},
    )
)


add(
    VendorFile(
        "quotation_currency_in_banner.xlsx",
        "a quotation whose prices are in pounds only by their banner: 'Price (GBP)' merged "
        "over 'Unit price' and 'Unit'",
        xlsx(
            (
                "Quotation",
                [
                    ["Thameside Compute Ltd"],
                    ["Quotation No.", "TSC-Q-2611-042"],
                    [],
                    ["Description", "Commitment", "Qty", "Price (GBP)", None],
                    [None, None, None, "Unit price", "Unit"],
                    ["NVIDIA H100 SXM 80GB GPU", "36-month reserved", 64, 1.95, "per GPU-hour"],
                    ["Dedicated 100G internet port", "Monthly", 1, 1200, "per month"],
                ],
            ),
            merged=["A4:A5", "B4:B5", "C4:C5", "D4:E4"],
        ),
        [
            line(
                "NVIDIA H100 SXM 80GB GPU",
                accelerator="nvidia-h100-sxm",
                accelerator_count=64,
                price="1.95",
                price_unit="per_gpu_hour",
                currency="GBP",
                deployment="reserved",
                term_months=36,
            ),
            line(
                "Dedicated 100G internet port",
                kind="cost",
                category="network",
                price="1200",
                currency="GBP",
            ),
        ],
    )
)


add(
    VendorFile(
        "quotation_unit_in_description.xlsx",
        "a UK quotation that states each line's unit only at the end of its description "
        "('NVIDIA H100 SXM 80GB GPU, per GPU-hour', 'Installation (one-off)')",
        xlsx(
            (
                "Quotation",
                [
                    ["Thameside Compute Ltd"],
                    ["Quotation No.", "TSC-Q-2611-042"],
                    [],
                    ["Description", "Commitment", "Qty", "Unit price (GBP)", "Per month (GBP)"],
                    [
                        "NVIDIA H100 SXM 80GB GPU, per GPU-hour",
                        "36-month reserved",
                        64,
                        1.95,
                        91104,
                    ],
                    ["NVIDIA A100 80GB SXM GPU, per GPU-hour", "Pay-as-you-go", 16, 1.1, 12848],
                    ["Dedicated 100G internet port, per month", "Monthly", 1, 1200, 1200],
                    ["Installation and onboarding (one-off)", "One-off", 1, 7500, None],
                ],
            )
        ),
        [
            line(
                "NVIDIA H100 SXM 80GB GPU, per GPU-hour",
                accelerator="nvidia-h100-sxm",
                accelerator_count=64,
                price="1.95",
                price_unit="per_gpu_hour",
                currency="GBP",
                deployment="reserved",
                term_months=36,
            ),
            line(
                "NVIDIA A100 80GB SXM GPU, per GPU-hour",
                accelerator="nvidia-a100-sxm-80gb",
                accelerator_count=16,
                price="1.1",
                price_unit="per_gpu_hour",
                deployment="on_demand",
            ),
            line(
                "Dedicated 100G internet port, per month",
                kind="cost",
                price="1200",
                price_unit="per_month",
            ),
            line(
                "Installation and onboarding (one-off)",
                kind="cost",
                category="installation",
                price="7500",
                price_unit="total",
            ),
        ],
    )
)


add(
    VendorFile(
        "colocation_mrc_nrc.xlsx",
        "a colocation quote whose unit price states no period, beside its monthly (MRC) and "
        "one-time (NRC) charges; remote hands billed as used",
        xlsx(
            (
                "Quote",
                [
                    ["Granite Peak Data Centers, LLC"],
                    ["Quote No.:", "GPDC-Q-26-1184"],
                    [],
                    ["Item", "Qty", "Unit", "Unit price", "Monthly (MRC)", "One-time (NRC)"],
                    ["High-density cabinet, 48U", 8, "cabinet", "$1,450.00", "$11,600.00", "—"],
                    [
                        "Committed power, 400 kW",
                        400,
                        "kW",
                        "$165.00 / kW-month",
                        "$66,000.00",
                        "—",
                    ],
                    [
                        "Cross-connect, single-mode fibre",
                        4,
                        "each",
                        "$350.00",
                        "$1,400.00",
                        "$2,000.00",
                    ],
                    ["Remote hands", "as used", "hour", "$175.00 / hour", "—", "—"],
                    [
                        "Cage build-out and installation",
                        1,
                        "one-time",
                        "$18,000.00",
                        "—",
                        "$18,000.00",
                    ],
                    ["Totals", None, None, None, "$79,000.00", "$20,000.00"],
                ],
            )
        ),
        [
            line("High-density cabinet, 48U", kind="cost", price="1450", price_unit="per_month"),
            line("Committed power, 400 kW", kind="cost", price="165", price_unit="per_kw_month"),
            line(
                "Cross-connect, single-mode fibre",
                kind="cost",
                category="network",
                price="350",
                price_unit="per_month",
                quantity="4",
            ),
            line(
                "Cross-connect, single-mode fibre (one-time charge)",
                kind="cost",
                category="installation",
                price="2000",
                price_unit="total",
            ),
            line(
                "Cage build-out and installation",
                kind="cost",
                category="installation",
                price="18000",
                price_unit="total",
            ),
        ],
        options={"currency": "USD"},
        warnings=[
            "The table's monthly and one-time charge columns set each line's period: 2 lines",
            "The service is billed as used",
        ],
    )
)


add(
    VendorFile(
        "distributor_parts_in_total_and_discount_share.xlsx",
        "a distributor's quotation: a GPU server whose accelerators are its part '48 × H200 "
        "included' under 6 servers (8 each), and a volume discount stated as 7 % only",
        xlsx(
            (
                "Quotation",
                [
                    ["Gigacomp Distribution B.V."],
                    ["Quotation No.:", "GCD-Q-2026-0931"],
                    ["Currency:", "USD"],
                    [],
                    ["No.", "Description", "Qty", "Unit Price (USD)", "Amount (USD)"],
                    ["1", "GIGABYTE G593-SD1 5U GPU server, complete system", 6, 268500, 1611000],
                    ["1.1", "NVIDIA H200 SXM5 141GB GPU", 48, "included", "included"],
                    ["1.2", "Intel Xeon 6 6960P 72C", 12, "included", "included"],
                    ["2", "Installation & rack integration at customer site", 1, 9600, 9600],
                    [None, None, None, "Subtotal", 1620600],
                    [None, None, None, "Less: volume discount 7%", None],
                    [None, None, None, "Net total (excl. tax)", 1507158],
                ],
            )
        ),
        [
            line(
                "GIGABYTE G593-SD1 5U GPU server, complete system — 8 × NVIDIA H200 SXM5 141GB GPU",
                accelerator="nvidia-h200-sxm",
                accelerators_per_node=8,
                nodes=6,
                price="268500",
                deployment="purchase",
            ),
            line("Installation & rack integration at customer site", kind="cost", price="9600"),
            line("Less: volume discount 7%", kind="cost", price="-113442.00", price_unit="total"),
        ],
        warnings=["states its discount as a share only: 7 % of the row “Subtotal”"],
    )
)


add(
    VendorFile(
        "oem_board_included_by_part_number.xlsx",
        "a server maker's quote whose GPU board is a part under the system, known by its part "
        "number and priced 'Included' (not numbered or indented under it)",
        xlsx(
            (
                "Quote",
                [
                    ["Lenovo"],
                    ["Quote #:", "LNV-4471920"],
                    [],
                    ["Part Number", "Description", "Qty", "Unit Price", "Total Price"],
                    [
                        "7DHECTO1WW",
                        "ThinkSystem SR680a V3 (8x NVIDIA HGX B200 180GB 1000W)",
                        2,
                        "$415,800.00",
                        "$831,600.00",
                    ],
                    ["BX3L", "NVIDIA HGX B200 180GB 1000W 8-GPU Board", 2, "Included", "Included"],
                    ["BYX9", "Intel Xeon Platinum 8580 60C", 4, "Included", "Included"],
                    [
                        "5PS7B09912",
                        "Premier Support Plus 5Yr 24x7 4Hr Resp",
                        2,
                        "$38,400.00",
                        "$76,800.00",
                    ],
                    [None, None, None, "Subtotal", "$908,400.00"],
                ],
            )
        ),
        [
            line(
                "ThinkSystem SR680a V3 (8x NVIDIA HGX B200 180GB 1000W)",
                accelerator="nvidia-b200",
                accelerators_per_node=8,
                nodes=2,
                price="415800.00",
            ),
            line("Premier Support Plus 5Yr 24x7 4Hr Resp", kind="cost", category="support"),
        ],
    )
)


add(
    VendorFile(
        "de_angebot_quantities_in_stueck.xlsx",
        "a German Angebot whose quantities carry their counter word ('2 St.', '1 psch.') and "
        "whose reference starts with letters after 'Angebot Nr.'",
        xlsx(
            (
                "Angebot",
                [
                    ["Rechenwerk Systemhaus GmbH"],
                    ["Angebot Nr. RW-2026-1187"],
                    [],
                    ["Pos.", "Bezeichnung", "Menge", "Einzelpreis", "Gesamtpreis"],
                    [
                        "1",
                        "Supermicro SYS-A22GA-NBRT, NVIDIA HGX B200 8-GPU",
                        "2 St.",
                        "389.500,00 €",
                        "779.000,00 €",
                    ],
                    ["2", "Installation und Inbetriebnahme", "1 psch.", "4.800,00 €", "4.800,00 €"],
                    [None, "Summe netto", None, None, "783.800,00 €"],
                ],
            )
        ),
        [
            line(
                "Supermicro SYS-A22GA-NBRT, NVIDIA HGX B200 8-GPU",
                accelerator="nvidia-b200",
                accelerators_per_node=8,
                nodes=2,
                price="389500.00",
                currency="EUR",
                deployment="purchase",
            ),
            line(
                "Installation und Inbetriebnahme",
                kind="cost",
                category="installation",
                price="4800.00",
                quantity="1",
            ),
        ],
    )
)


add(
    VendorFile(
        "jp_mitsumori_machine_counter.xlsx",
        "a Japanese 御見積書 whose unit column counts machines with 台 and work with 式",
        xlsx(
            (
                "御見積書",
                [
                    ["御見積書"],
                    ["見積番号：MT-2026-1105"],
                    [],
                    ["No.", "品名", "数量", "単位", "単価", "金額"],
                    [
                        1,
                        "GPUサーバー（NVIDIA HGX H100 8GPU 80GB搭載）",
                        2,
                        "台",
                        68500000,
                        137000000,
                    ],
                    [2, "設置・ラッキング作業", 1, "式", 450000, 450000],
                    [3, "保守サービス（3年間・オンサイト）", 2, "台", 2880000, 5760000],
                    [None, "小計（税抜）", None, None, None, 143210000],
                ],
            )
        ),
        [
            line(
                "GPUサーバー（NVIDIA HGX H100 8GPU 80GB搭載）",
                accelerator="nvidia-h100-sxm",
                accelerators_per_node=8,
                nodes=2,
                price="68500000",
                price_unit="per_unit",
                currency="JPY",
            ),
            line("設置・ラッキング作業", kind="cost", price="450000", price_unit="per_unit"),
            line(
                "保守サービス（3年間・オンサイト）",
                kind="cost",
                category="support",
                price="2880000",
                price_unit="per_unit",
                quantity="2",
            ),
        ],
        options={"currency": "JPY"},
    )
)


add(
    VendorFile(
        "lease_schedule_rate_factor.xlsx",
        "a lessor's lease quotation: a schedule of equipment at cost, then the lease's terms "
        "under it (48 months, a lease rate factor of 2.315 % a month, the monthly rental, an "
        "arrangement fee); the lessee's name is not the vendor",
        xlsx(
            (
                "Lease Quotation",
                [
                    ["Celtic Asset Finance DAC"],
                    ["Lease Quotation Ref:", "CAF-LQ-2026-0077"],
                    ["Lessee:", "Muster Forschung AG"],
                    [],
                    ["Qty", "Description", "Unit cost (EUR)", "Total cost (EUR)"],
                    [8, "Supermicro SYS-A22GA-NBRT, NVIDIA HGX B200 8-GPU 180GB", 372000, 2976000],
                    [1, "NVIDIA Quantum-2 InfiniBand fabric", 148000, 148000],
                    [None, "Total equipment cost (excl. VAT)", None, 3124000],
                    [],
                    ["Lease Terms"],
                    ["Term:", "48 months"],
                    ["Lease rate factor:", "2.315% per month"],
                    ["Monthly rental (EUR, excl. VAT):", 72320.6],
                    ["Arrangement fee:", "EUR 750.00"],
                ],
            )
        ),
        [
            line(
                "Supermicro SYS-A22GA-NBRT, NVIDIA HGX B200 8-GPU 180GB",
                accelerator="nvidia-b200",
                nodes=8,
                price="8611.80",
                price_unit="per_node_month",
                currency="EUR",
                deployment="lease",
                term_months=48,
            ),
            line(
                "NVIDIA Quantum-2 InfiniBand fabric",
                kind="cost",
                price="3426.20",
                price_unit="per_month",
                term_months=48,
            ),
            line("Arrangement fee", kind="cost", price="750.00", price_unit="total"),
        ],
        warnings=["(72,320.60 a month in all, as the quotation's monthly rental states)"],
    )
)


add(
    VendorFile(
        "financing_quarterly_payments.csv",
        "a server maker's financing proposal: a payment per unit each quarter for 36 months, "
        "and an end-of-term column ('FMV purchase, return or extend') that makes it a lease",
        delimited(
            [
                ["HPE Financial Services - Financing Proposal"],
                ["Proposal ID", "HPEFS-2026-33918"],
                ["Currency", "USD"],
                [],
                [
                    "Item",
                    "Description",
                    "Qty",
                    "Term (months)",
                    "Quarterly Payment per Unit (USD)",
                    "Total Quarterly Payment (USD)",
                    "End of Term",
                ],
                [
                    "1",
                    "HPE ProLiant Compute XD685, 8x AMD Instinct MI355X 288GB",
                    "6",
                    "36",
                    "34,260.00",
                    "205,560.00",
                    "FMV purchase, return or extend",
                ],
            ]
        ),
        [
            line(
                "HPE ProLiant Compute XD685, 8x AMD Instinct MI355X 288GB",
                accelerator="amd-mi355x",
                accelerators_per_node=8,
                nodes=6,
                price="11420.00",
                price_unit="per_node_month",
                currency="USD",
                deployment="lease",
                term_months=36,
            ),
        ],
    )
)


add(
    VendorFile(
        "oem_two_options_stacked.xlsx",
        "a server maker's quote with two alternatives stacked one under another, each under "
        "its own 'Option N - …' banner and with its own total: two quotes, not one order",
        xlsx(
            (
                "Quote",
                [
                    ["Super Micro Computer, Inc."],
                    ["Quote #: SMC-Q-26-11873"],
                    [],
                    ["Option 1 - HGX H200 configuration"],
                    ["Line", "Description", "Qty", "Unit Price", "Extended Price"],
                    ["1", "SuperServer SYS-821GE-TNHR, NVIDIA HGX H200 8-GPU", 4, 265000, 1060000],
                    ["2", "3-year onsite NBD warranty", 4, 9500, 38000],
                    [None, None, None, "Option Total", 1098000],
                    [],
                    ["Option 2 - HGX B200 configuration"],
                    ["Line", "Description", "Qty", "Unit Price", "Extended Price"],
                    ["1", "SuperServer SYS-A22GA-NBRT, NVIDIA HGX B200 8-GPU", 4, 358000, 1432000],
                    ["2", "3-year onsite NBD warranty", 4, 12000, 48000],
                    [None, None, None, "Option Total", 1480000],
                    [],
                    ["Customer to select ONE option. Prices in USD."],
                ],
            )
        ),
        [
            line(
                "SuperServer SYS-821GE-TNHR, NVIDIA HGX H200 8-GPU",
                accelerator="nvidia-h200-sxm",
                nodes=4,
                price="265000",
            ),
            line("3-year onsite NBD warranty", kind="cost", price="9500"),
            line(
                "SuperServer SYS-A22GA-NBRT, NVIDIA HGX B200 8-GPU",
                accelerator="nvidia-b200",
                nodes=4,
                price="358000",
            ),
            line("3-year onsite NBD warranty", kind="cost", price="12000"),
        ],
    )
)


def _regional_rates(rate: str, reserved: str) -> Rows:
    return [
        ["Helio GPU Cloud - GPU rates (USD)"],
        [],
        ["GPU", "Pricing", "Price per GPU-hour"],
        ["H100 SXM 80GB", "On-demand", rate],
        ["H100 SXM 80GB", "1-year reserved", reserved],
    ]


add(
    VendorFile(
        "price_list_sheet_per_region.xlsx",
        "a GPU cloud's price list with one sheet per region ('us-east-1', 'Frankfurt'), the "
        "same table on each and the region nowhere else",
        xlsx(
            ("us-east-1", _regional_rates("$2.49", "$1.74")),
            ("Frankfurt", _regional_rates("$2.89", "$2.02")),
        ),
        [
            # each sheet's lines are placed where its name says: the residency checks see
            # Frankfurt's prices in Germany, not four lines of nowhere
            line(
                "H100 SXM 80GB",
                price="2.49",
                deployment="on_demand",
                region="us-east-1",
                country="US",
            ),
            line(
                "H100 SXM 80GB",
                price="1.74",
                deployment="reserved",
                term_months=12,
                region="us-east-1",
                country="US",
            ),
            line("H100 SXM 80GB", price="2.89", region="Frankfurt", country="DE"),
            line("H100 SXM 80GB", price="2.02", region="Frankfurt", country="DE"),
        ],
        warnings=["placed where the sheet's name says: Frankfurt (DE)"],
    )
)


add(
    VendorFile(
        "quotation_optional_row_tbd.xlsx",
        "a UK quotation whose optional storage row is not priced yet ('TBD'), under two priced "
        "node lines",
        xlsx(
            (
                "Quotation",
                [
                    ["Thameside GPU Ltd", None, None, None, None],
                    ["Quotation TGL-Q-2026-0091", None, None, None, None],
                    [None, None, None, None, None],
                    ["Ref", "Configuration", "Nodes", "Term", "Price per node-month"],
                    [
                        "1",
                        "Dedicated HGX H200 node (8x H200 SXM 141GB)",
                        12,
                        "36 months",
                        "£38,400.00",
                    ],
                    ["2", "Optional: 1 PB VAST storage tier", 1, "36 months", "TBD"],
                    ["3", "Managed Slurm and 24x7 operations", 1, "36 months", "£4,250.00"],
                ],
            )
        ),
        [
            line(
                "Dedicated HGX H200 node (8x H200 SXM 141GB)",
                accelerator="nvidia-h200-sxm",
                nodes=12,
                price="38400.00",
                price_unit="per_node_month",
                currency="GBP",
            ),
            # the TBD row is left out, with a warning; the quote is not refused for it
            line("Managed Slurm and 24x7 operations", price="4250.00", price_unit="per_month"),
        ],
        warnings=["The vendor gave no price; the row was left out"],
    )
)


add(
    VendorFile(
        "order_form_storage_volume_in_description.xlsx",
        "a GPU cloud's order form whose storage line names its volume only in its words "
        "('Shared storage (VAST), 200 TB' at $25.00 per TB-month, $5,000.00 a month)",
        xlsx(
            (
                "Order form",
                [
                    ["ORDER FORM", None, None, None, None, None],
                    ["Quote #:", "AUR-OF-2026-0318", None, None, None, None],
                    [None, None, None, None, None, None],
                    ["Item", "Service", "GPUs", "Unit price (USD)", "Unit", "Est. monthly total"],
                    [
                        "1",
                        "NVIDIA H100 SXM5 80GB, reserved 12 months",
                        256,
                        2.35,
                        "per GPU-hour",
                        439168.0,
                    ],
                    ["2", "Shared storage (VAST), 200 TB", None, 25.0, "per TB-month", 5000.0],
                    ["3", "Scratch storage, 50 TB", None, 20.0, "per TB-month", 2000.0],
                ],
            )
        ),
        [
            line(
                "NVIDIA H100 SXM5 80GB, reserved 12 months",
                accelerator="nvidia-h100-sxm",
                accelerator_count=256,
                price="2.35",
            ),
            # 200 TB from the words, checked by the total: 200,000 GB × $0.025 = $5,000
            line(
                "Shared storage (VAST), 200 TB",
                price="0.025",
                price_unit="per_gb_month",
                quantity="200000",
            ),
            # 50 TB × $20 is $1,000, not the $2,000 the row states: no volume is taken
            line("Scratch storage, 50 TB", price="0.02", price_unit="per_gb_month", quantity=None),
        ],
        warnings=[
            "The volume of “Shared storage (VAST), 200 TB” was read from its description: "
            "200,000 GB, as its total 5,000 says",
            "the volume was not taken",
        ],
    )
)


add(
    VendorFile(
        "jp_quotation_in_english_yen.xlsx",
        "a Tokyo GPU cloud's quotation in English with prices in bare ¥ and a consumption tax "
        "row: the addresses, not the language, say which yen",
        xlsx(
            (
                "Quotation",
                [
                    ["Minato GPU Cloud K.K."],
                    ["Toranomon Hills 21F, 1-17-1 Toranomon, Minato-ku, Tokyo 105-6421, Japan"],
                    ["Quote No.:", "MGC-26-11-0457"],
                    [],
                    ["No.", "Description", "Qty", "Unit", "Unit price (¥)", "Amount (¥)"],
                    [
                        "1",
                        "GPU bare-metal server, 8x NVIDIA H100 SXM 80GB, 12-month term",
                        4,
                        "server-month",
                        "¥2,950,000",
                        "¥11,800,000",
                    ],
                    [
                        "2",
                        "Initial setup and onboarding (one-time)",
                        1,
                        "lot",
                        "¥450,000",
                        "¥450,000",
                    ],
                    [None, "Subtotal", None, None, None, "¥12,250,000"],
                    [None, "Consumption tax (10%)", None, None, None, "¥1,225,000"],
                    [None, "Total", None, None, None, "¥13,475,000"],
                ],
            )
        ),
        [
            line(
                "GPU bare-metal server, 8x NVIDIA H100 SXM 80GB, 12-month term",
                accelerator="nvidia-h100-sxm",
                nodes=4,
                price="2950000",
                currency="JPY",
                term_months=12,
            ),
            line("Initial setup and onboarding (one-time)", price="450000", currency="JPY"),
        ],
        # yen, as the addresses say (the file says so); the tax row is a tax, checked with
        # the total and never a line
    )
)


add(
    VendorFile(
        "azure_partner_reserved_upfront_and_monthly.xlsx",
        "a cloud partner's reservation quote: 'Pay-as-you-go', '1-year reservation' and "
        "'3-year reservation' banners merged over 'USD per VM-hour', and 'Upfront per VM | "
        "Monthly per VM' under each term",
        xlsx(
            (
                "Quote",
                [
                    ["Northwind Cloud Partners B.V."],
                    ["Azure Reserved VM Instances — Quote NCP-AZ-26-0412"],
                    ["Quote date:", "2026-11-18"],
                    [],
                    [
                        "VM size",
                        "Region",
                        "VMs",
                        "Pay-as-you-go",
                        "1-year reservation",
                        None,
                        "3-year reservation",
                        None,
                    ],
                    [
                        None,
                        None,
                        None,
                        "USD per VM-hour",
                        "Upfront per VM",
                        "Monthly per VM",
                        "Upfront per VM",
                        "Monthly per VM",
                    ],
                    ["ND96isr H100 v5", "Sweden Central", 4, 98.32, 250000, 20000, 450000, 15000],
                    ["ND96amsr A100 v4", "West Europe", 2, 32.77, 120000, 10000, 200000, 7500],
                    [],
                    ["All prices in USD, excluding VAT."],
                ],
            ),
            merged=["A5:A6", "B5:B6", "C5:C6", "E5:F5", "G5:H5"],
        ),
        [
            line(
                "ND96isr H100 v5",
                accelerator="nvidia-h100-sxm",
                nodes=4,
                deployment="on_demand",
                price="98.32",
                price_unit="per_node_hour",
                region="Sweden Central",
            ),
            # each term's payment up front spread over its months and added to its rate:
            # 20,000 + 250,000 / 12 and 15,000 + 450,000 / 36
            line(
                "ND96isr H100 v5",
                accelerator="nvidia-h100-sxm",
                nodes=4,
                deployment="reserved",
                term_months=12,
                price="40833.3333",
                price_unit="per_node_month",
                region="Sweden Central",
            ),
            line(
                "ND96isr H100 v5",
                accelerator="nvidia-h100-sxm",
                nodes=4,
                deployment="reserved",
                term_months=36,
                price="27500.0000",
                price_unit="per_node_month",
                region="Sweden Central",
            ),
            line(
                "ND96amsr A100 v4",
                accelerator="nvidia-a100-sxm-80gb",
                nodes=2,
                deployment="on_demand",
                price="32.77",
                price_unit="per_node_hour",
                region="West Europe",
            ),
            line(
                "ND96amsr A100 v4",
                accelerator="nvidia-a100-sxm-80gb",
                nodes=2,
                deployment="reserved",
                term_months=12,
                price="20000.0000",
                price_unit="per_node_month",
                region="West Europe",
            ),
            line(
                "ND96amsr A100 v4",
                accelerator="nvidia-a100-sxm-80gb",
                nodes=2,
                deployment="reserved",
                term_months=36,
                price="13055.5556",
                price_unit="per_node_month",
                region="West Europe",
            ),
        ],
    )
)


# --------------------------------------------------------------------------- output


def main(argv: Sequence[str] = ()) -> int:
    """Write every file and its expected lines; print what was written."""
    FILES.mkdir(exist_ok=True)
    EXPECTED.mkdir(exist_ok=True)
    for item in CORPUS:
        item.write(FILES / item.name)
        expected = {
            "file": item.name,
            "style": item.style,
            "options": item.options,
            "pending": item.pending,
            "warnings": item.warnings,
            "lines": item.lines,
        }
        (EXPECTED / f"{item.name}.json").write_text(
            json.dumps(expected, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    print(f"wrote {len(CORPUS)} vendor files to {FILES}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
