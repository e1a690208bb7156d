"""Worksheet styling shared by the workbook's sheets: fonts, fills and a measured sheet.

Vendor text reaches a cell only through :meth:`Sheet.put` (which calls
:func:`computescore.reports.safe.write_text`), so it is always a string; our own
formulas go through :meth:`Sheet.formula`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from computescore.domain.presentation import to_reporting
from computescore.reports import theme
from computescore.reports.safe import write_text
from computescore.reports.theme import excel_money

FONT = theme.EXCEL_FONT
HEADER_FONT = Font(name=FONT, bold=True, color="FFFFFF", size=10)
HEADER_FILL = PatternFill("solid", fgColor=theme.excel_colour(theme.HEADER_FILL))
INPUT_FILL = PatternFill("solid", fgColor="FFF4CC")
BAND_FILL = PatternFill("solid", fgColor=theme.excel_colour(theme.BAND))
KO_FILL = PatternFill("solid", fgColor="FBEAEA")
TITLE_FONT = Font(name=FONT, bold=True, size=16, color=theme.excel_colour(theme.HEADER_FILL))
SUB_FONT = Font(name=FONT, bold=True, size=11, color=theme.excel_colour(theme.INK))
BODY_FONT = Font(name=FONT, size=10, color=theme.excel_colour(theme.INK))
BOLD_FONT = Font(name=FONT, size=10, bold=True, color=theme.excel_colour(theme.INK))
MUTED_FONT = Font(name=FONT, size=9, italic=True, color=theme.excel_colour(theme.MUTED))
WARNING_FONT = Font(name=FONT, size=10, bold=True, color=theme.excel_colour(theme.WARNING))
KEY_FONT = Font(name=FONT, size=14, bold=True, color=theme.excel_colour(theme.ACCENT))
RULE = Side(style="thin", color=theme.excel_colour(theme.RULE))
LOCKED_FILL = PatternFill("solid", fgColor="F2F2F2")
"""Cells of a form the reader may not change (grey)."""
ANSWER_BORDER = Border(left=RULE, right=RULE, top=RULE, bottom=RULE)
"""The box around each cell of a form."""
WRAP = Alignment(wrap_text=True, vertical="top")
TOP = Alignment(vertical="top")


@dataclass
class Sheet:
    """A worksheet with the column widths its content asks for."""

    ws: Worksheet
    widths: dict[int, float] = field(default_factory=dict)
    max_width: float = 60.0

    def put(
        self,
        row: int,
        col: int,
        value: Any,
        *,
        fmt: str | None = None,
        font: Font | None = None,
        wrap: bool = False,
        measure: bool = True,
    ) -> Any:
        """Write a value: text through the safe helper, numbers and dates with a format."""
        cell = self.ws.cell(row=row, column=col)
        if isinstance(value, str):
            write_text(cell, value)
        elif isinstance(value, bool):
            write_text(cell, "Yes" if value else "No")
        elif isinstance(value, float) and not math.isfinite(value):  # Excel cannot store it
            write_text(cell, "n/a")
        elif isinstance(value, int | float | Decimal | date | datetime) or value is None:
            cell.value = value
        else:
            write_text(cell, str(value))
        if fmt is not None:
            cell.number_format = fmt
        elif isinstance(value, date):
            cell.number_format = theme.EXCEL_DATE
        cell.font = font or BODY_FONT
        cell.alignment = WRAP if wrap else TOP
        if measure and value is not None:
            shown = len(str(value)) if not isinstance(value, float) else 12
            if isinstance(value, date):
                shown = 11
            self.widths[col] = max(self.widths.get(col, 8.0), min(shown + 2, self.max_width))
        return cell

    def money(self, row: int, col: int, usd: Any, *, cents: bool = False, **kw: Any) -> Any:
        """Write a US-dollar amount in the reporting currency, with its currency format
        (text such as "incomplete" and missing values are written as they are)."""
        value = to_reporting(float(usd)) if isinstance(usd, int | float | Decimal) else usd
        return self.put(row, col, value, fmt=excel_money(cents=cents), **kw)

    def formula(self, row: int, col: int, formula: str, fmt: str | None = None) -> Any:
        """Write one of our own formulas (never vendor text)."""
        cell = self.ws.cell(row=row, column=col)
        cell.value = formula
        if fmt is not None:
            cell.number_format = fmt
        cell.font = BOLD_FONT
        cell.alignment = TOP
        self.widths[col] = max(self.widths.get(col, 8.0), 12.0)
        return cell

    def header(self, row: int, titles: Sequence[str], start_col: int = 1) -> None:
        for offset, title in enumerate(titles):
            cell = self.put(row, start_col + offset, title, font=HEADER_FONT, wrap=True)
            cell.fill = HEADER_FILL
            cell.alignment = Alignment(wrap_text=True, vertical="center")
        self.ws.row_dimensions[row].height = 28

    def finish(self, *, landscape: bool = True, title_rows: str | None = None) -> None:
        for col, width in self.widths.items():
            self.ws.column_dimensions[get_column_letter(col)].width = width
        self.ws.sheet_view.showGridLines = False
        setup = self.ws.page_setup
        setup.orientation = "landscape" if landscape else "portrait"
        setup.paperSize = self.ws.PAPERSIZE_A4
        setup.fitToWidth = 1
        setup.fitToHeight = 0
        if self.ws.sheet_properties.pageSetUpPr is not None:
            self.ws.sheet_properties.pageSetUpPr.fitToPage = True
        self.ws.print_options.horizontalCentered = True
        if title_rows:
            self.ws.print_title_rows = title_rows
        footer: Any = self.ws.oddFooter
        footer.left.text = "&A"
        footer.right.text = "Page &P of &N"


def band(sheet: Sheet, row: int, first_col: int, last_col: int, fill: PatternFill) -> None:
    for col in range(first_col, last_col + 1):
        sheet.ws.cell(row=row, column=col).fill = fill


def absent(sheet: Sheet, row: int, sentence: str) -> None:
    sheet.put(row, 1, sentence, font=MUTED_FONT, measure=False)
