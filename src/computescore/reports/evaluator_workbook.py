"""The offline evaluator workbook: one evaluator's criteria and vendors, and nothing else.

An evaluator without access to the team server scores in this workbook and sends it
back; :mod:`computescore.io.evaluator_reader` reads it. It holds no price, no
quote line and no other evaluator's score: only the criteria with their scales and
descriptions, the vendors to score, and the evaluator's own scores so far. Yellow
cells are the answers; everything else is locked. Names from vendors are written as
text that cannot become a formula.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from openpyxl import Workbook
from openpyxl.styles import Alignment, Protection
from openpyxl.workbook.protection import WorkbookProtection
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from computescore.domain.committee import (
    WORKBOOK_HEADERS,
    WORKBOOK_KEYS_SHEET,
    WORKBOOK_MARK,
    WORKBOOK_SCORES_SHEET,
    WORKBOOK_SUBMIT_LABEL,
    Criterion,
)
from computescore.domain.figures import format_number
from computescore.reports.excel import reproducible_zip
from computescore.reports.excel_sheet import (
    ANSWER_BORDER,
    BODY_FONT,
    BOLD_FONT,
    HEADER_FILL,
    HEADER_FONT,
    INPUT_FILL,
    LOCKED_FILL,
    MUTED_FONT,
    TITLE_FONT,
    WRAP,
)
from computescore.reports.safe import write_text

FIRST_SCORE_ROW = 8
"""The header row of the score table (1-based); the criteria are described below it."""


@dataclass(frozen=True, slots=True)
class EvaluatorSheet:
    """What goes into one evaluator's workbook.

    ``scores`` holds the evaluator's own scores so far, by (criterion, vendor).
    """

    evaluation: str
    evaluator: str
    issued: date
    criteria: tuple[Criterion, ...]
    vendors: tuple[str, ...]
    scores: dict[tuple[str, str], tuple[float, str]]


def render_evaluator_workbook(sheet_data: EvaluatorSheet) -> bytes:
    """The workbook as ``.xlsx`` bytes (identical bytes for identical contents)."""
    wb = Workbook()
    sheet = wb.active
    assert sheet is not None
    sheet.title = WORKBOOK_SCORES_SHEET
    wb.properties.creator = "ComputeScore"
    wb.properties.title = f"Scores of {sheet_data.evaluator} — {sheet_data.evaluation}"
    issued = sheet_data.issued
    wb.properties.created = datetime(issued.year, issued.month, issued.day)
    _heading(sheet, sheet_data)
    row = _table(sheet, sheet_data)
    _legend(sheet, sheet_data, row + 1)
    sheet.freeze_panes = f"A{FIRST_SCORE_ROW + 1}"
    sheet.protection.sheet = True
    sheet.protection.formatColumns = False
    sheet.protection.formatRows = False
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    _keys(wb, sheet_data)
    wb.security = WorkbookProtection(lockStructure=True)
    buffer = io.BytesIO()
    wb.save(buffer)
    return reproducible_zip(buffer.getvalue(), issued)


def _heading(sheet: Worksheet, sheet_data: EvaluatorSheet) -> None:
    for letter, width in {"A": 30, "B": 30, "C": 9, "D": 13, "E": 60}.items():
        sheet.column_dimensions[letter].width = width
    sheet["A1"] = "Evaluator workbook"
    sheet["A1"].font = TITLE_FONT
    facts = [("Evaluation", sheet_data.evaluation), ("Evaluator", sheet_data.evaluator)]
    for row, (label, value) in enumerate(facts, start=2):
        sheet.cell(row, 1, label).font = BOLD_FONT
        write_text(sheet.cell(row, 2), value).font = BODY_FONT
    how = (
        "Score each vendor on each criterion in the yellow cells, from 0 to the top of its "
        "scale, on your own judgement (the criteria are described below the table). A note "
        "helps the lead. Write yes in the submit cell when you are done; keep the sheets "
        "as they are and send the file back."
    )
    sheet.merge_cells("A4:E4")
    sheet["A4"] = how
    sheet["A4"].font = BODY_FONT
    sheet["A4"].alignment = WRAP
    sheet.row_dimensions[4].height = 44
    sheet.cell(6, 1, WORKBOOK_SUBMIT_LABEL).font = BOLD_FONT
    submit = sheet.cell(6, 2, "no")
    _answer(submit)
    choice = DataValidation(type="list", formula1='"yes,no"', allow_blank=False)
    sheet.add_data_validation(choice)
    choice.add(submit.coordinate)


def _table(sheet: Worksheet, sheet_data: EvaluatorSheet) -> int:
    """The score table: one row per criterion × vendor; returns the row after it."""
    for column, title in enumerate(WORKBOOK_HEADERS, start=1):
        cell = sheet.cell(FIRST_SCORE_ROW, column, title)
        cell.font, cell.fill, cell.border = HEADER_FONT, HEADER_FILL, ANSWER_BORDER
    row = FIRST_SCORE_ROW + 1
    for criterion in sheet_data.criteria:
        validation = DataValidation(
            type="decimal",
            operator="between",
            formula1="0",
            formula2=format_number(criterion.scale_max).replace(",", ""),
            allow_blank=True,
        )
        validation.error = f"A score from 0 to {format_number(criterion.scale_max)}."
        validation.showErrorMessage = True
        sheet.add_data_validation(validation)
        for vendor in sheet_data.vendors:
            score, note = sheet_data.scores.get((criterion.name, vendor), (None, ""))
            for column, value in ((1, criterion.name), (2, vendor)):
                _locked(write_text(sheet.cell(row, column), value))
            scale = sheet.cell(row, 3, f"0–{format_number(criterion.scale_max)}")
            _locked(scale)
            given = sheet.cell(row, 4, score)
            _answer(given)
            given.number_format = "0.0#"
            validation.add(given.coordinate)
            _answer(write_text(sheet.cell(row, 5), note or None))
            sheet.cell(row, 5).alignment = WRAP
            row += 1
    return row


def _legend(sheet: Worksheet, sheet_data: EvaluatorSheet, row: int) -> None:
    sheet.cell(row, 1, "The criteria").font = BOLD_FONT
    for criterion in sheet_data.criteria:
        row += 1
        write_text(sheet.cell(row, 1), criterion.name).font = BODY_FONT
        text = criterion.description or "(no description given)"
        sheet.merge_cells(start_row=row, start_column=2, end_row=row, end_column=5)
        write_text(sheet.cell(row, 2), f"{text} — scale 0–{format_number(criterion.scale_max)}")
        sheet.cell(row, 2).font = MUTED_FONT
        sheet.cell(row, 2).alignment = WRAP


def _keys(wb: Workbook, data: EvaluatorSheet) -> None:
    keys = wb.create_sheet(WORKBOOK_KEYS_SHEET)
    rows: Sequence[tuple[str, str]] = (
        (WORKBOOK_MARK, "1"),
        ("evaluation", data.evaluation),
        ("evaluator", data.evaluator),
        ("issued", data.issued.isoformat()),
    )
    for number, (key, value) in enumerate(rows, start=1):
        keys.cell(number, 1, key)
        write_text(keys.cell(number, 2), value)
    keys.sheet_state = "hidden"


def _answer(cell: object) -> None:
    cell.fill = INPUT_FILL  # type: ignore[attr-defined]
    cell.border = ANSWER_BORDER  # type: ignore[attr-defined]
    cell.font = BODY_FONT  # type: ignore[attr-defined]
    cell.protection = Protection(locked=False)  # type: ignore[attr-defined]


def _locked(cell: object) -> None:
    cell.fill = LOCKED_FILL  # type: ignore[attr-defined]
    cell.border = ANSWER_BORDER  # type: ignore[attr-defined]
    cell.font = BODY_FONT  # type: ignore[attr-defined]
    cell.alignment = Alignment(vertical="top", wrap_text=True)  # type: ignore[attr-defined]
