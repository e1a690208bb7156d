"""The request-for-quotation workbook a vendor fills in and sends back.

Sheets: **Cover** (who asks whom, the reference, the reply date, instructions, and the
vendor's own quote reference and dates), **Workloads** (what capacity is wanted, where
it must run, for how long), **Pricing** (one row per requested option and spare rows,
with the columns the scorecard needs) and **Terms** (service level, support,
reliability, measured performance, certifications, data location, exit). Two hidden
sheets hold the choice lists and the keys.

Answer cells are unlocked, yellow and validated (lists for units, currencies,
deployments, accelerators and yes/no; whole numbers, decimals and dates); everything
else is locked. Sheets are protected without a password, so a vendor can fill in the
answers but not break the structure by accident, and can still add rows to the
pricing table. Every key sits in a hidden row or column that moves with what it
labels, so the returned file is read without guessing
(:mod:`computescore.io.rfq_reader`). Vendor text passes through
:func:`~computescore.reports.safe.write_text` and can never become a formula.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, Protection
from openpyxl.workbook.protection import WorkbookProtection
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from computescore.domain.rfq import (
    ANSWER_HEADER,
    CURRENCIES,
    DEPLOYMENT_LABELS,
    EXTRA_ROWS,
    FORMAT_MARK,
    FORMAT_VERSION,
    KEYS_SHEET,
    LISTS_SHEET,
    PRICE_UNIT_LABELS,
    PRICING_COLUMNS,
    QUESTION_HEADER,
    QUESTIONS,
    QUOTE,
    YES_NO,
    AnswerKind,
    Question,
    Rfq,
)
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
    SUB_FONT,
    TITLE_FONT,
    WRAP,
)
from computescore.reports.safe import write_text

KEY_FONT = Font(color="808080", size=8)

_FORMATS: dict[AnswerKind, str] = {
    AnswerKind.NUMBER: "#,##0.0##",
    AnswerKind.WHOLE: "0",
    AnswerKind.PERCENT: "0.00##%",
    AnswerKind.MINUTES: "0",
    AnswerKind.HOURS: "0.0#",
    AnswerKind.DAYS: "0",
    AnswerKind.DATE: "yyyy-mm-dd",
    AnswerKind.MONEY: "#,##0.00##",
}


def render_rfq(rfq: Rfq, accelerators: Sequence[str]) -> bytes:
    """The RFQ workbook as ``.xlsx`` bytes (identical bytes for identical requests).

    Args:
        rfq: what is asked, of whom, and what is already known.
        accelerators: accelerator names for the model list, as the catalogue shows them.
    """
    wb = Workbook()
    for default in list(wb.worksheets):
        wb.remove(default)
    wb.properties.creator = "ComputeScore"
    wb.properties.title = f"Request for quotation {rfq.reference}"
    wb.properties.created = datetime(rfq.issued.year, rfq.issued.month, rfq.issued.day)
    lists = _lists(wb, accelerators)
    cover = _cover(wb, rfq)
    _workloads(wb, rfq)
    _pricing(wb, rfq, lists)
    _terms(wb, rfq, lists)
    _questions(cover, rfq, [q for q in QUESTIONS if q.section == QUOTE], 17, lists)
    _keys(wb, rfq)
    for sheet in wb.worksheets:
        if sheet.sheet_state == "visible":
            _protect(sheet)
            _print_setup(sheet)
    wb.security = WorkbookProtection(lockStructure=True)
    # The hidden lists go last: a program that takes the first sheet (LibreOffice's
    # conversion to .csv, a viewer's preview) then finds the cover, not the lists.
    hidden = wb[LISTS_SHEET]
    wb.move_sheet(hidden, offset=len(wb.worksheets) - 1 - wb.worksheets.index(hidden))
    wb.active = wb.sheetnames.index(cover.title)
    buffer = io.BytesIO()
    wb.save(buffer)
    return reproducible_zip(buffer.getvalue(), rfq.issued)


# --------------------------------------------------------------------------- sheets


def _cover(wb: Workbook, rfq: Rfq) -> Worksheet:
    sheet = wb.create_sheet("Cover")
    _widths(sheet, {"A": 3, "B": 44, "C": 40, "D": 34, "E": 50})
    sheet.column_dimensions["A"].hidden = True
    sheet["B1"] = "Request for quotation"
    sheet["B1"].font = TITLE_FONT
    facts = [
        ("From (buyer)", rfq.buyer),
        ("Evaluation", rfq.evaluation),
        ("RFQ reference", rfq.reference),
        ("To (vendor)", rfq.vendor),
        ("Issued", rfq.issued),
        ("Please reply by", rfq.due),
        ("Questions to", rfq.contact),
    ]
    for row, (label, value) in enumerate(facts, start=3):
        sheet.cell(row, 2, label).font = BOLD_FONT
        cell = sheet.cell(row, 3)
        if isinstance(value, date):
            cell.value = value
            cell.number_format = "yyyy-mm-dd"
            cell.alignment = Alignment(horizontal="left")
        else:
            write_text(cell, value)
        cell.font = BODY_FONT
    sheet.cell(11, 2, "How to fill this in").font = SUB_FONT
    steps = [
        "Fill in the yellow cells only; grey cells are ours and are locked (no password "
        "is needed to fill in the rest).",
        "Pricing: one row per option we ask for. Offer more options in the empty rows "
        "below them. Leave an option you do not offer empty, or write n/a.",
        "Terms: answer every question you can; 'best effort', 'none' and n/a are "
        "understood. Percentages are percentages (99.95 % uptime).",
        f"Keep the reference {rfq.reference}, the sheets and their order; save as .xlsx "
        "and send the file back. It is read back exactly, cell by cell.",
    ]
    for offset, text in enumerate(steps):
        cell = sheet.cell(12 + offset, 2, f"{offset + 1}. {text}")
        sheet.merge_cells(start_row=12 + offset, start_column=2, end_row=12 + offset, end_column=5)
        cell.font = BODY_FONT
        cell.alignment = WRAP
        sheet.row_dimensions[12 + offset].height = 28
    return sheet


def _workloads(wb: Workbook, rfq: Rfq) -> None:
    sheet = wb.create_sheet("Workloads")
    _widths(sheet, {"A": 34, "B": 70})
    sheet["A1"] = "What we need"
    sheet["A1"].font = TITLE_FONT
    sheet["A2"] = "Each workload, as we size it. Price the options on the Pricing sheet."
    sheet["A2"].font = MUTED_FONT
    row = 4
    for brief in rfq.workloads:
        write_text(sheet.cell(row, 1), brief.name).font = SUB_FONT
        row += 1
        for label, value in brief.facts:
            sheet.cell(row, 1, label).font = BOLD_FONT
            write_text(sheet.cell(row, 2), value).font = BODY_FONT
            sheet.cell(row, 2).alignment = WRAP
            row += 1
        row += 1
    if not rfq.workloads:
        sheet.cell(row, 1, "No workload is described yet.").font = MUTED_FONT


def _pricing(wb: Workbook, rfq: Rfq, lists: dict[AnswerKind, str]) -> None:
    sheet = wb.create_sheet("Pricing")
    header_row = 5
    for index, column in enumerate(PRICING_COLUMNS, start=1):
        letter = sheet.cell(1, index).column_letter
        sheet.column_dimensions[letter].width = column.width
        sheet.cell(1, index, column.key).font = KEY_FONT
        cell = sheet.cell(header_row, index, column.header)
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(wrap_text=True, vertical="center")
    sheet.row_dimensions[1].hidden = True
    sheet.row_dimensions[header_row].height = 30
    sheet["A2"] = "Pricing"
    sheet["A2"].font = TITLE_FONT
    sheet["A3"] = (
        "One row per option we ask for (grey); your answers in the yellow cells. Add "
        "options you want to offer in the empty rows below."
    )
    sheet["A3"].font = MUTED_FONT
    first = header_row + 1
    last = first + len(rfq.options) + EXTRA_ROWS - 1
    for offset, option in enumerate(rfq.options):
        row = first + offset
        mine = {
            "option": option.option,
            "workload": option.workload,
            "request": option.request,
        }
        defaults: dict[str, object] = {
            "deployment": DEPLOYMENT_LABELS.get(option.deployment) if option.deployment else None,
            "term_months": option.term_months,
            "price_unit": PRICE_UNIT_LABELS.get(option.price_unit) if option.price_unit else None,
        }
        for index, column in enumerate(PRICING_COLUMNS, start=1):
            cell = sheet.cell(row, index)
            if not column.answer:
                write_text(cell, mine[column.key])
                _locked(cell)
                continue
            known = rfq.known.get(f"pricing.{option.option}.{column.key}")
            _answer(cell, column.kind, known if known is not None else defaults.get(column.key))
    for row in range(first + len(rfq.options), last + 1):
        for index, column in enumerate(PRICING_COLUMNS, start=1):
            cell = sheet.cell(row, index)
            if column.answer:
                _answer(cell, column.kind, None)
            else:
                _locked(cell)
    for index, column in enumerate(PRICING_COLUMNS, start=1):
        letter = sheet.cell(1, index).column_letter
        if column.answer:
            _validate(sheet, column.kind, f"{letter}{first}:{letter}{last}", lists, column.header)
    sheet.freeze_panes = sheet.cell(first, 4)
    sheet.print_title_rows = f"{header_row}:{header_row}"


def _terms(wb: Workbook, rfq: Rfq, lists: dict[AnswerKind, str]) -> None:
    sheet = wb.create_sheet("Terms")
    _widths(sheet, {"A": 3, "B": 50, "C": 30, "D": 40, "E": 60})
    sheet.column_dimensions["A"].hidden = True
    sheet["B1"] = "Terms"
    sheet["B1"].font = TITLE_FONT
    sheet["B2"] = "Answer in the yellow column; the hint says how to write the answer."
    sheet["B2"].font = MUTED_FONT
    _questions(sheet, rfq, [q for q in QUESTIONS if q.section != QUOTE], 4, lists)


def _questions(
    sheet: Worksheet,
    rfq: Rfq,
    questions: Sequence[Question],
    top: int,
    lists: dict[AnswerKind, str],
) -> None:
    """A header row, then each section's questions: key (hidden), question, answer, hint, why."""
    heads = (QUESTION_HEADER, ANSWER_HEADER, "How to write it", "Why we ask")
    for index, text in enumerate(heads, 2):
        cell = sheet.cell(top, index, text)
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
    row = top + 1
    section = None
    for question in questions:
        if question.section != section:
            section = question.section
            sheet.cell(row, 2, section).font = SUB_FONT
            row += 1
        sheet.cell(row, 1, question.key).font = KEY_FONT
        sheet.cell(row, 2, question.label).font = BODY_FONT
        _answer(sheet.cell(row, 3), question.kind, rfq.known.get(question.key))
        _validate(sheet, question.kind, f"C{row}", lists, question.label)
        sheet.cell(row, 4, question.hint).font = MUTED_FONT
        why = sheet.cell(row, 5, question.why)
        why.font = MUTED_FONT
        why.alignment = WRAP
        row += 1


def _lists(wb: Workbook, accelerators: Sequence[str]) -> dict[AnswerKind, str]:
    sheet = wb.create_sheet(LISTS_SHEET)
    columns = {
        AnswerKind.ACCELERATOR: ("Accelerator", list(accelerators)),
        AnswerKind.DEPLOYMENT: ("Deployment", list(DEPLOYMENT_LABELS.values())),
        AnswerKind.PRICE_UNIT: (
            "Price unit",
            [label for unit, label in PRICE_UNIT_LABELS.items() if not unit.per_tokens],
        ),
        AnswerKind.CURRENCY: ("Currency", list(CURRENCIES)),
        AnswerKind.YES_NO: ("Yes or no", list(YES_NO)),
    }
    ranges = {}
    for index, (kind, (title, values)) in enumerate(columns.items(), start=1):
        sheet.cell(1, index, title)
        for row, value in enumerate(values, start=2):
            write_text(sheet.cell(row, index), value)
        letter = sheet.cell(1, index).column_letter
        ranges[kind] = f"{LISTS_SHEET}!${letter}$2:${letter}${len(values) + 1}"
    sheet.sheet_state = "hidden"
    return ranges


def _keys(wb: Workbook, rfq: Rfq) -> None:
    sheet = wb.create_sheet(KEYS_SHEET)
    rows: list[tuple[str, Any]] = [
        (FORMAT_MARK, None),
        ("version", FORMAT_VERSION),
        ("reference", rfq.reference),
        ("evaluation", rfq.evaluation),
        ("vendor", rfq.vendor),
        ("vendor_kind", rfq.vendor_kind.value if rfq.vendor_kind else ""),
        ("issued", rfq.issued.isoformat()),
        ("due", rfq.due.isoformat()),
    ]
    for row, (key, value) in enumerate(rows, start=1):
        sheet.cell(row, 1, key)
        if isinstance(value, str):
            write_text(sheet.cell(row, 2), value)
        elif value is not None:
            sheet.cell(row, 2, value)
    sheet.sheet_state = "hidden"


# --------------------------------------------------------------------------- cells


def _answer(cell: Any, kind: AnswerKind, value: object) -> None:
    cell.fill = INPUT_FILL
    cell.border = ANSWER_BORDER
    cell.font = BODY_FONT
    cell.protection = Protection(locked=False)
    cell.number_format = _FORMATS.get(kind, "@")
    if value is None:
        return
    if kind is AnswerKind.PERCENT and isinstance(value, int | float):
        cell.value = float(value) / 100
    elif isinstance(value, str):
        write_text(cell, value)
    elif isinstance(value, bool):
        write_text(cell, "yes" if value else "no")
    else:
        cell.value = value


def _locked(cell: Any) -> None:
    cell.fill = LOCKED_FILL
    cell.border = ANSWER_BORDER
    cell.font = BODY_FONT


def _validate(
    sheet: Worksheet, kind: AnswerKind, ref: str, lists: dict[AnswerKind, str], title: str
) -> None:
    """Data validation for answer cells; a warning, not a refusal, so 'n/a' can be typed."""
    prompt = {
        AnswerKind.WHOLE: "A whole number.",
        AnswerKind.NUMBER: "A number.",
        AnswerKind.MONEY: "The price as a number; the currency goes in its own column.",
        AnswerKind.PERCENT: "A percentage, e.g. 99.95 %.",
        AnswerKind.MINUTES: "Minutes, or 'best effort'.",
        AnswerKind.HOURS: "Hours.",
        AnswerKind.DAYS: "Days.",
        AnswerKind.DATE: "A date (yyyy-mm-dd).",
    }
    if kind in lists:
        validation = DataValidation(type="list", formula1=f"={lists[kind]}", allow_blank=True)
        validation.error = "Choose from the list, or type n/a."
    elif kind in (AnswerKind.WHOLE, AnswerKind.MINUTES, AnswerKind.DAYS):
        validation = DataValidation(
            type="whole", operator="greaterThanOrEqual", formula1="0", allow_blank=True
        )
    elif kind in (AnswerKind.NUMBER, AnswerKind.MONEY, AnswerKind.HOURS):
        validation = DataValidation(
            type="decimal", operator="greaterThanOrEqual", formula1="0", allow_blank=True
        )
    elif kind is AnswerKind.PERCENT:
        validation = DataValidation(
            type="decimal", operator="between", formula1="0", formula2="1", allow_blank=True
        )
    elif kind is AnswerKind.DATE:
        validation = DataValidation(
            type="date", operator="greaterThan", formula1="36526", allow_blank=True
        )
    else:
        return
    validation.errorStyle = "warning"
    validation.showErrorMessage = True
    validation.showInputMessage = kind in prompt
    validation.promptTitle = title[:32]
    validation.prompt = prompt.get(kind)
    validation.errorTitle = "Please check"
    if validation.error is None:
        validation.error = (prompt.get(kind) or "Please check the value.") + " Or type n/a."
    sheet.add_data_validation(validation)
    validation.add(ref)


def _print_setup(sheet: Worksheet) -> None:
    """Printed landscape, one page wide, as a vendor's reviewer would print it."""
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    sheet.print_options.gridLines = False
    sheet.page_margins.left = sheet.page_margins.right = 0.4


def _protect(sheet: Worksheet) -> None:
    """Locked cells stay as they are; answers can be typed, rows added, columns widened."""
    sheet.protection.sheet = True
    sheet.protection.formatColumns = False
    sheet.protection.formatRows = False
    sheet.protection.insertRows = False
    sheet.protection.sort = False
    sheet.protection.autoFilter = False


def _widths(sheet: Worksheet, widths: dict[str, float]) -> None:
    for letter, width in widths.items():
        sheet.column_dimensions[letter].width = width
