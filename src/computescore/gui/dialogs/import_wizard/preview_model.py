"""The import preview: a sheet as read, with the table and problem cells marked."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from computescore.gui import format as fmt
from computescore.gui import theme
from computescore.gui.models.table import Column, key


class PreviewModel(QAbstractTableModel):
    """The first rows of a sheet, with the header and table rows and a chosen cell marked."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: tuple[tuple[str, ...], ...] = ()
        self.header_rows: set[int] = set()
        self.table_rows: list[tuple[int, int]] = []
        self.hidden_rows: set[int] = set()
        self.marked: tuple[int, int] | None = None
        self.width = 0

    def set_sheet(self, sheet: Any, marked: tuple[int, int] | None = None) -> None:
        """Show ``sheet`` (a ``SheetPreview``); ``marked`` is a 0-based (row, column)."""
        self.beginResetModel()
        self.rows = tuple(sheet.first_rows) if sheet is not None else ()
        self.header_rows = set(sheet.header_rows) if sheet is not None else set()
        self.table_rows = list(sheet.table_rows) if sheet is not None else []
        self.hidden_rows = set(sheet.hidden_rows) if sheet is not None else set()
        self.width = max((len(r) for r in self.rows), default=0)
        self.marked = marked
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Preview rows."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        """Columns of the widest preview row."""
        return 0 if parent.isValid() else self.width

    def _in_table(self, excel_row: int) -> bool:
        return any(start <= excel_row <= end for start, end in self.table_rows)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        """Cell text and the marks."""
        if not index.isValid():
            return None
        row, col = index.row(), index.column()
        cells = self.rows[row]
        excel_row = row + 1
        t = theme.current()
        if role == Qt.ItemDataRole.DisplayRole:
            return cells[col] if col < len(cells) else ""
        if role == Qt.ItemDataRole.BackgroundRole:
            if self.marked == (row, col):
                return QBrush(theme.severity_colors("error")[1])
            if excel_row in self.header_rows:
                return QBrush(t.color("info_bg"))
            return None
        if role == Qt.ItemDataRole.ForegroundRole:
            if self.marked == (row, col):
                return QBrush(theme.severity_colors("error")[0])
            if excel_row in self.hidden_rows or not (
                self._in_table(excel_row) or excel_row in self.header_rows
            ):
                return QBrush(t.color("muted"))
            return None
        if role == Qt.ItemDataRole.FontRole:
            font = QFont()
            if excel_row in self.header_rows:
                font.setBold(True)
            if excel_row in self.hidden_rows:
                font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            if excel_row in self.header_rows:
                return "Detected header row"
            if excel_row in self.hidden_rows:
                return "Hidden row in the workbook"
            if not self._in_table(excel_row):
                return "Outside the quote table (titles, notes or totals): not imported"
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        """Spreadsheet column letters and row numbers."""
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            from computescore.services.import_read import column_letters

            return column_letters(section + 1)
        return section + 1


PROBLEM_COLUMNS = [
    Column(
        "Severity",
        lambda p: p.severity.value,
        text=fmt.words,
        width=8,
        foreground=lambda p: theme.severity_colors(p.severity.value)[0],
    ),
    Column("Where", lambda p: p.source, width=30, elide=Qt.TextElideMode.ElideMiddle, keep=2),
    Column("Problem", lambda p: p.message, width=48, tooltip=lambda p: str(p), keep=2),
    Column("Found", key("found"), width=14),
    Column("Expected", key("expected"), width=22),
]
