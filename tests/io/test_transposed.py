"""Options compared as columns with their attributes as rows (io/reader/transposed): each
option is a quote of its own, its line from the rows that name a field."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from reportlab.platypus import Paragraph

from computescore.domain.catalog import Catalogue
from computescore.domain.quotes import CostCategory, Deployment, LineKind, PriceUnit
from computescore.io.reader import read_quote_file
from computescore.io.reader.transposed import transposed_options
from computescore.io.workbook import SheetData
from tests.fixtures.xlsx_builder import Sheet, build_xlsx
from tests.io.pdf_quotes.make_pdf_quotes import TITLE, document, grid, paragraphs

COMPARISON: list[list[Any]] = [
    [None, "Option A", "Option B"],
    ["Accelerator", "NVIDIA H100 SXM 80GB", "NVIDIA B200 SXM 180GB"],
    ["Cluster", "32 nodes × 8 GPUs (256 GPUs)", "16 nodes × 8 GPUs (128 GPUs)"],
    ["Commitment", "Reserved, 12 months", "Reserved, 36 months"],
    ["Price per GPU-hour", "$2.29", "$3.15"],
    ["Monthly fee (730 h)", "$427,955.20", "$294,336.00"],
    ["Interconnect", "3.2 Tb/s InfiniBand NDR — Included", "3.2 Tb/s InfiniBand NDR — Included"],
    ["Managed Slurm", "$6,500.00 per month", "Included"],
    ["Onboarding (one-time)", "$15,000.00", "$15,000.00"],
    ["Region", "us-central (Dallas, TX)", "us-central (Dallas, TX)"],
]
"""A GPU cloud's two alternatives, compared as columns."""

LETTERHEAD: list[list[Any]] = [
    ["Stratus Forge Cloud, Ltd."],
    ["Proposal SF-2026-0931 · November 22, 2026 · Valid until: December 22, 2026"],
    [],
]


def _check(draft: Any, rows: str) -> None:
    assert [q.quote_ref for q in draft.quotes] == ["SF-2026-0931 Option A", "SF-2026-0931 Option B"]
    option_a, option_b = draft.quotes
    compute, slurm, onboarding = option_a.lines
    assert compute.kind is LineKind.COMPUTE and compute.accelerator == "nvidia-h100-sxm"
    assert (compute.nodes, compute.accelerators_per_node) == (32, 8)
    assert (compute.deployment, compute.term_months) == (Deployment.RESERVED, 12)
    assert (compute.price, compute.price_unit) == (Decimal("2.29"), PriceUnit.PER_GPU_HOUR)
    assert compute.description.startswith("Option A — Cluster: 32 nodes")
    # the monthly fee restates 256 GPUs × $2.29 × 730 h: no line of its own
    assert (slurm.description, slurm.price, slurm.price_unit) == (
        "Managed Slurm",
        Decimal("6500.00"),
        PriceUnit.PER_MONTH,
    )
    assert onboarding.price == Decimal("15000.00") and not onboarding.price_unit.recurring
    assert onboarding.category is CostCategory.INSTALLATION
    # option B's Slurm is included: nothing to pay apart
    b_compute, b_onboarding = option_b.lines
    assert (b_compute.accelerator, b_compute.nodes, b_compute.term_months) == (
        "nvidia-b200",
        16,
        36,
    )
    assert b_onboarding.description == "Onboarding (one-time)"
    told = [p.message for p in draft.problems if "compared as columns" in p.message]
    assert len(told) == 1
    # both options name the vendor from the letterhead: the file tells it once
    assert sum("letterhead" in p.message for p in draft.all_problems) == 1
    assert f"rows {rows}" in told[0] and "“Monthly fee (730 h)” restates the price" in told[0]


def test_a_spreadsheets_options_compared_as_columns_are_quotes_of_their_own(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = build_xlsx(tmp_path / "proposal.xlsx", [Sheet("Proposal", [*LETTERHEAD, *COMPARISON])])
    _check(read_quote_file(path, catalogue), "5–13")


def test_a_pdfs_options_compared_as_columns_are_quotes_of_their_own(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = tmp_path / "proposal.pdf"
    story = [
        Paragraph("Stratus Forge Cloud, Ltd.", TITLE),
        *paragraphs("Proposal SF-2026-0931 · November 22, 2026 · Valid until: December 22, 2026"),
        grid([["" if cell is None else cell for cell in row] for row in COMPARISON], rules="none"),
    ]
    document(path, story, footer="Stratus Forge Cloud, Ltd.")
    _check(read_quote_file(path, catalogue), "4–12")  # no blank line above the table


def test_tables_that_compare_nothing_are_left_to_the_table_finder() -> None:
    def sheet(rows: list[list[Any]]) -> SheetData:
        return SheetData(name="S", index=0, rows=rows)

    # a price list: its header names fields, so it is no row of options
    assert transposed_options(sheet([["GPU", "Price per GPU-hour"], ["H100 SXM", 2.1]])) is None
    # options without a price: a specification sheet
    specs = [[None, "Option A", "Option B"], *(row for row in COMPARISON[1:] if "$" not in row[1])]
    assert transposed_options(sheet(specs)) is None
    # one option is no comparison
    single = [[row[0], row[1]] for row in COMPARISON]
    assert transposed_options(sheet(single)) is None


def test_the_preview_shows_the_rows_each_option_is_read_from(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = build_xlsx(tmp_path / "proposal.xlsx", [Sheet("Proposal", [*LETTERHEAD, *COMPARISON])])
    draft = read_quote_file(path, catalogue)
    (sheet,) = draft.preview.sheets
    assert sheet.header_rows == (4,)  # "Option A | Option B"
    assert sheet.table_rows == ((5, 13),)  # the comparison, once for both options
    option_a, option_b = draft.quotes
    a_mapping, b_mapping = option_a.mappings[0], option_b.mappings[0]  # then its cost lines
    accelerator = next(c.index for c in a_mapping.columns if c.header == "Accelerator")
    # each option's own values beside its columns, not the sheet's cells at those places
    assert a_mapping.samples[0][accelerator] == "NVIDIA H100 SXM 80GB"
    assert b_mapping.samples[0][accelerator] == "NVIDIA B200 SXM 180GB"
    # where each stands, in the sheet's own cells: the option's column, each heading's row
    assert b_mapping.header_place == "Option B's line: the column under C4, rows 5–13"
    assert b_mapping.column_place(b_mapping.columns[accelerator]) == "A5"
    assert option_b.mappings[1].header_place.startswith("Option B's priced rows")
    sources = [line.source for quote in draft.quotes for line in quote.lines]
    assert sources == [
        f"proposal.xlsx!Proposal!{cell}" for cell in ("B5", "B11", "B12", "C5", "C12")
    ]


def test_a_bad_value_of_an_option_is_told_at_its_own_cell(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [*LETTERHEAD, *(list(row) for row in COMPARISON)]
    rows[4][2] = "Acme Quasar X9"  # option B's accelerator, on the "Accelerator" row
    path = build_xlsx(tmp_path / "proposal.xlsx", [Sheet("Proposal", rows)])
    draft = read_quote_file(path, catalogue)
    (unknown,) = [p for p in draft.all_problems if "Unknown accelerator" in p.message]
    assert unknown.source == "proposal.xlsx!Proposal!C5"  # not the line's place in its shape


def test_a_long_run_of_rows_of_text_is_a_list_not_a_comparison() -> None:
    # A price list exported as text: every row a short name first and words beside it.
    listed = [["Instance", "GPU", "Region"]] + [
        [f"p5.{n}xlarge", "H100 SXM", "us-east-1"] for n in range(2000)
    ]
    assert transposed_options(SheetData("list", 0, listed)) is None
    # a comparison has a few dozen attributes at most: past them the rows are lines
    specs = [row for row in COMPARISON[1:] if row[0] != "Monthly fee (730 h)"]
    many = [COMPARISON[0], *specs, *([["Note", "see terms", "see terms"]] * 40)]
    assert transposed_options(SheetData("S", 0, many)) is None
    assert transposed_options(SheetData("S", 0, [COMPARISON[0], *specs])) is not None
