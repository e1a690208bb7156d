"""Plain records for what was read from a vendor file: sheets of rows of cell values.

These cross the process boundary from the isolated reader, so they hold only plain
Python values. Positions are 0-based; :func:`cell_name` turns them into the ``C7``
style a user sees.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from pathlib import Path

CellValue = str | int | float | bool | date | datetime | time | timedelta | None
"""A cell as the readers return it; None is an empty cell."""

Row = Sequence[CellValue]

_REF = re.compile(r"^\$?([A-Za-z]{1,3})\$?0*([0-9]{1,7})$")


class Visibility(StrEnum):
    """Whether a sheet is shown in Excel."""

    VISIBLE = "visible"
    HIDDEN = "hidden"
    VERY_HIDDEN = "very_hidden"


@dataclass(frozen=True, slots=True)
class FormulaCell:
    """A cell holding a formula (0-based row and column).

    ``cached`` is the value Excel saved with the formula, as text, or None when the
    file carries no cached value (the reader then sees an empty cell).
    """

    row: int
    col: int
    formula: str
    cached: str | None


@dataclass(frozen=True, slots=True)
class SheetData:
    """One sheet's cells and what is known about how it is displayed.

    Attributes:
        name: the sheet's name (the file name for CSV).
        index: position in the workbook, from 0.
        visibility: shown, hidden or very hidden.
        rows: cell values; ``rows[r][c]`` is the cell at 0-based row r, column c.
            Rows may be shorter than others; missing cells are empty.
        hidden_rows: 0-based rows hidden in the workbook.
        hidden_cols: 0-based columns hidden in the workbook.
        merged: merged ranges as (first row, first column, last row, last column).
        formulas: cells holding formulas, keyed by (row, column).
        line_numbers: for text files, the line on which each row starts (1-based);
            empty for workbooks.
    """

    name: str
    index: int
    rows: Sequence[Row]
    visibility: Visibility = Visibility.VISIBLE
    hidden_rows: frozenset[int] = frozenset()
    hidden_cols: frozenset[int] = frozenset()
    merged: tuple[tuple[int, int, int, int], ...] = ()
    formulas: Mapping[tuple[int, int], FormulaCell] = field(default_factory=dict)
    line_numbers: Sequence[int] = ()

    def cell(self, row: int, col: int) -> CellValue:
        """The value at a 0-based position, None when outside the data."""
        if 0 <= row < len(self.rows):
            values = self.rows[row]
            if 0 <= col < len(values):
                return values[col]
        return None

    @property
    def width(self) -> int:
        """Cells in the widest row."""
        return max((len(row) for row in self.rows), default=0)


@dataclass(frozen=True, slots=True)
class WorkbookData:
    """Everything read from one file.

    Attributes:
        path: the file.
        kind: ``xlsx``, ``xlsm``, ``ods`` or ``text``.
        sheets: the worksheets in workbook order.
        date1904: True when the workbook counts dates from 1904 (old Mac Excel).
        notes: facts for the user that do not block the import (macros, links, the
            encoding a text file was read with, sheets that could not be read).
        encoding: the text encoding used (text files only).
        delimiter: the field separator used (text files only).
        engine: which library read the cells.
    """

    path: Path
    kind: str
    sheets: tuple[SheetData, ...]
    date1904: bool = False
    notes: tuple[str, ...] = ()
    encoding: str | None = None
    delimiter: str | None = None
    engine: str = ""

    def sheet(self, name: str) -> SheetData | None:
        """The sheet with this name (case-insensitive), or None."""
        wanted = name.strip().casefold()
        for sheet in self.sheets:
            if sheet.name.strip().casefold() == wanted:
                return sheet
        return None


def column_letters(number: int) -> str:
    """Spreadsheet letters of a 1-based column number (1 → ``A``, 27 → ``AA``)."""
    letters = ""
    while number > 0:
        number, remainder = divmod(number - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


def column_number(letters: str) -> int:
    """1-based column number of spreadsheet letters (``A`` → 1, ``xfd`` → 16384)."""
    number = 0
    for char in letters.upper():
        number = number * 26 + (ord(char) - 64)
    return number


def cell_name(row: int, col: int) -> str:
    """A1-style name of a 0-based (row, column) position: (6, 2) → ``C7``."""
    return f"{column_letters(col + 1)}{row + 1}"


def parse_ref(ref: str) -> tuple[int, int] | None:
    """0-based (row, column) of an A1-style reference, or None when it is not one."""
    match = _REF.match(ref.strip())
    if not match:
        return None
    return int(match.group(2)) - 1, column_number(match.group(1)) - 1
