"""The board pack's PDF and workbook use the same words: absent sections, axes, glossary."""

from __future__ import annotations

import io

from openpyxl import load_workbook

from computescore.reports.excel import render_xlsx
from computescore.reports.model import BoardPack
from computescore.reports.pdf import render_pdf
from tests.reports.conftest import pdf_text

# Written out here, not read from the vocabulary: the test fails if a renderer drifts.
BOTH = [
    "The scorecard has not been computed for this evaluation.",
    "Total cost of ownership not computed for this evaluation.",
    "Compliance checks not run for this evaluation.",
    "Monte Carlo not run for this evaluation.",
    "Sensitivity analysis not run for this evaluation.",
    "Break-even curve not computed for this evaluation (no owned and rented option to compare).",
    "No quote lines were recorded for this evaluation.",
    "No exit terms were recorded for this evaluation's quotes.",
]


def test_pdf_and_workbook_say_the_same_where_a_section_is_absent(bare_pack: BoardPack) -> None:
    text = pdf_text(render_pdf(bare_pack))
    book = load_workbook(io.BytesIO(render_xlsx(bare_pack)))
    cells = {
        str(cell.value)
        for sheet in book.worksheets
        for row in sheet.iter_rows()
        for cell in row
        if cell.value is not None
    }
    for sentence in BOTH:
        assert sentence in text, sentence
        assert sentence in cells, sentence
