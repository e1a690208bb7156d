"""Thin table models over plain rows (dicts or frozen records).

A model is a list of rows and a list of :class:`Column` s; it formats cells, gives a
sort key (:data:`SORT_ROLE`) and the row itself (:data:`ROW_ROLE`), and never runs a
query. Small tables sort and filter through a ``QSortFilterProxyModel``.

The quote-lines table can hold 100,000 rows. A ``QSortFilterProxyModel`` would call
back into Python for every comparison (about 26 s to sort 100,000 rows here), so
:class:`FastTableModel` keeps a permutation of row indices and sorts and filters it
with Python's own ``sorted`` over precomputed keys (tens of milliseconds) while the
view asks only for the cells it paints.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont

from computescore.gui import format as fmt

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Role giving a cell's sort key (a number or lower-case text, never mixed in a column)."""

ROW_ROLE = Qt.ItemDataRole.UserRole + 2
"""Role giving the whole row object."""

ELIDE_ROLE = Qt.ItemDataRole.UserRole + 3
"""Role giving how a cell's text is shortened when it does not fit (``Qt.TextElideMode``)."""

Index = QModelIndex | QPersistentModelIndex
_INVALID = QModelIndex()


@dataclass(frozen=True, slots=True)
class Column:
    """One column: how to get, show, sort and colour its value.

    Attributes:
        title: header text, with the unit ("Price (USD/GPU-h)").
        value: the raw value from a row.
        text: how the raw value is shown (default ``str``, a dash for None).
        numeric: sort as numbers and align right.
        tooltip: optional tooltip from the row.
        foreground: optional text colour from the row.
        background: optional background colour from the row.
        strike: optional "draw struck through" from the row (knock-outs).
        bold: optional "draw bold" from the row.
        width: preferred width in characters (0: automatic).
        elide: where text that does not fit is shortened; ``ElideMiddle`` for labels whose
            end tells rows apart ("Kessler Systemhaus GmbH — KS-AN-2026-0419-L").
    """

    title: str
    value: Callable[[Any], Any]
    text: Callable[[Any], str] | None = None
    numeric: bool = False
    tooltip: Callable[[Any], str | None] | None = None
    foreground: Callable[[Any], QColor | None] | None = None
    background: Callable[[Any], QColor | None] | None = None
    strike: Callable[[Any], bool] | None = None
    bold: Callable[[Any], bool] | None = None
    width: int = 0
    align_right: bool | None = None
    """Right-align the cells; default: numeric columns do."""
    elide: Qt.TextElideMode = Qt.TextElideMode.ElideRight
    description: str = ""
    """What the column holds, shown when the pointer rests on its title."""
    decoration: Callable[[Any], QColor | None] | None = None
    """Optional colour swatch before the text (a chart series' colour)."""
    sort_value: Callable[[Any], Any] | None = None
    """Optional sort value from the row, when the shown value does not sort well."""
    keep: int = 1
    """How long the column keeps its width when the table is narrow (higher: longer)."""

    def display(self, row: Any) -> str:
        """The cell text for ``row``."""
        raw = self.value(row)
        if self.text is not None:
            return self.text(raw)
        return fmt.DASH if fmt.missing(raw) else str(raw)

    def sort_key(self, row: Any) -> Any:
        """The cell's sort key: a float for numeric columns, lower-case text otherwise."""
        raw = self.value(row) if self.sort_value is None else self.sort_value(row)
        if self.numeric:
            if raw is None:
                return -math.inf
            try:
                value = float(raw)
            except (TypeError, ValueError):
                return -math.inf
            return -math.inf if math.isnan(value) else value
        return "" if raw is None else str(raw).casefold()


def key(name: str) -> Callable[[Any], Any]:
    """A value getter for dict rows (``row[name]``) or records (``row.name``)."""

    def get(row: Any) -> Any:
        if isinstance(row, dict):
            return row.get(name)
        return getattr(row, name, None)

    return get


class RowTableModel(QAbstractTableModel):
    """A read-only table over a list of rows."""

    def __init__(self, columns: Sequence[Column], rows: Sequence[Any] = ()) -> None:
        super().__init__()
        self.columns = list(columns)
        self._rows: list[Any] = list(rows)

    # -- data ------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[Any]) -> None:
        """Replace every row."""
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def rows(self) -> list[Any]:
        """The rows, in model order."""
        return list(self._rows)

    def row(self, index: int) -> Any:
        """The row at ``index`` (model order)."""
        return self._rows[index]

    def _row_at(self, index: Index) -> Any:
        return self._rows[index.row()]

    # -- Qt --------------------------------------------------------------------------
    def rowCount(self, parent: Index = _INVALID) -> int:
        """Rows under ``parent`` (a table has none under a valid index)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = _INVALID) -> int:
        """Columns under ``parent``."""
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A cell's text, sort key, colours or the row itself, by role."""
        if not index.isValid() or not (0 <= index.row() < self.rowCount()):
            return None
        if not (0 <= index.column() < len(self.columns)):
            return None
        row = self._row_at(index)
        column = self.columns[index.column()]
        return cell_data(column, row, role)

    def retitle(self, section: int, title: str) -> None:
        """Change one column's header text (a unit or basis that follows the data)."""
        column = self.columns[section]
        if column.title != title:
            self.columns[section] = replace(column, title=title)
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, section, section)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        """Column titles (horizontal) and row numbers (vertical)."""
        if orientation == Qt.Orientation.Horizontal:
            if not (0 <= section < len(self.columns)):
                return None
            column = self.columns[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return column.title
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(_alignment(column))
            if role == Qt.ItemDataRole.ToolTipRole:
                title = column.title.replace("\n", " ")
                return f"{title}: {column.description}" if column.description else title
            return None
        if role == Qt.ItemDataRole.DisplayRole and 0 <= section < self.rowCount():
            return section + 1
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        """Cells are selectable, not editable."""
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


def _alignment(column: Column) -> Qt.AlignmentFlag:
    right = column.numeric if column.align_right is None else column.align_right
    horizontal = Qt.AlignmentFlag.AlignRight if right else Qt.AlignmentFlag.AlignLeft
    return horizontal | Qt.AlignmentFlag.AlignVCenter


def cell_data(column: Column, row: Any, role: int) -> Any:
    """The value of ``column`` for ``row`` in ``role`` (shared by both models)."""
    if role == Qt.ItemDataRole.DisplayRole:
        return column.display(row)
    if role == SORT_ROLE:
        return column.sort_key(row)
    if role == ROW_ROLE:
        return row
    if role == Qt.ItemDataRole.TextAlignmentRole:
        return int(_alignment(column))
    if role == ELIDE_ROLE:
        return column.elide
    if role == Qt.ItemDataRole.ToolTipRole and column.tooltip is not None:
        return column.tooltip(row)
    if role == Qt.ItemDataRole.ForegroundRole and column.foreground is not None:
        color = column.foreground(row)
        return None if color is None else QBrush(color)
    if role == Qt.ItemDataRole.DecorationRole and column.decoration is not None:
        return column.decoration(row)
    if role == Qt.ItemDataRole.BackgroundRole and column.background is not None:
        color = column.background(row)
        return None if color is None else QBrush(color)
    if role == Qt.ItemDataRole.FontRole and (column.strike or column.bold):
        strike = bool(column.strike and column.strike(row))
        bold = bool(column.bold and column.bold(row))
        if strike or bold:
            font = QFont()
            font.setStrikeOut(strike)
            font.setBold(bold)
            return font
    return None


class SortFilterProxy(QSortFilterProxyModel):
    """The proxy for small tables: sorts by :data:`SORT_ROLE`, filters on any column's text."""

    def __init__(self) -> None:
        super().__init__()
        self.setSortRole(SORT_ROLE)
        self.setFilterKeyColumn(-1)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setDynamicSortFilter(True)


class FastTableModel(RowTableModel):
    """A table over many rows that sorts and filters itself (see the module notes).

    ``sort`` (called by the view when a header is clicked) and :meth:`set_filter`
    rebuild a permutation of row indices; the rows themselves never move.
    """

    def __init__(
        self,
        columns: Sequence[Column],
        rows: Sequence[Any] = (),
        *,
        search_columns: Sequence[int] | None = None,
        search_text: Callable[[Any], str] | None = None,
    ) -> None:
        self._order: list[int] = []
        self._all: list[Any] = []
        self._keys: dict[int, list[Any]] = {}
        self._haystack: list[str] | None = None
        self._search_columns = list(search_columns) if search_columns is not None else None
        self._search_text_of = search_text
        self._query = ""
        self._predicate: Callable[[Any], bool] | None = None
        self._sort: tuple[int, Qt.SortOrder] | None = None
        super().__init__(columns, ())
        self.set_rows(rows)

    # -- rows ------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[Any]) -> None:
        """Replace every row; the current sort and filter are kept."""
        self.beginResetModel()
        self._all = list(rows)
        self._keys = {}
        self._haystack = None
        self._order = self._compute_order()
        self.endResetModel()

    def rows(self) -> list[Any]:
        """The visible rows in display order."""
        return [self._all[i] for i in self._order]

    def all_rows(self) -> list[Any]:
        """Every row, filtered or not."""
        return list(self._all)

    def row(self, index: int) -> Any:
        """The visible row at ``index``."""
        return self._all[self._order[index]]

    def _row_at(self, index: Index) -> Any:
        return self._all[self._order[index.row()]]

    def rowCount(self, parent: Index = _INVALID) -> int:
        """Visible rows."""
        return 0 if parent.isValid() else len(self._order)

    @property
    def total(self) -> int:
        """Rows before filtering."""
        return len(self._all)

    # -- sorting and filtering -------------------------------------------------------
    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort the visible rows by ``column``."""
        if not (0 <= column < len(self.columns)):
            return
        self._sort = (column, order)
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        old_rows = [self._order[p.row()] if p.isValid() else -1 for p in persistent]
        self._order = self._sorted(self._order)
        self._remap_persistent(persistent, old_rows)
        self.layoutChanged.emit()

    def set_filter(self, query: str = "", predicate: Callable[[Any], bool] | None = None) -> None:
        """Show only rows containing every word of ``query`` and passing ``predicate``."""
        self._query = query.strip().casefold()
        self._predicate = predicate
        self.beginResetModel()
        self._order = self._compute_order()
        self.endResetModel()

    def _compute_order(self) -> list[int]:
        indices: list[int] | range = range(len(self._all))
        words = self._query.split()
        if words:
            haystack = self._search_text()
            indices = [i for i in indices if all(w in haystack[i] for w in words)]
        if self._predicate is not None:
            predicate = self._predicate
            rows = self._all
            indices = [i for i in indices if predicate(rows[i])]
        result = list(indices)
        return self._sorted(result) if self._sort is not None else result

    def _sorted(self, indices: list[int]) -> list[int]:
        if self._sort is None:
            return indices
        column, order = self._sort
        keys = self._keys.get(column)
        if keys is None:
            col = self.columns[column]
            keys = [col.sort_key(row) for row in self._all]
            self._keys[column] = keys
        return sorted(indices, key=keys.__getitem__, reverse=order == Qt.SortOrder.DescendingOrder)

    def _search_text(self) -> list[str]:
        if self._haystack is None and self._search_text_of is not None:
            text_of = self._search_text_of
            self._haystack = [text_of(row).casefold() for row in self._all]
        if self._haystack is None:
            cols = [
                self.columns[i]
                for i in (self._search_columns or range(len(self.columns)))
                if 0 <= i < len(self.columns)
            ]
            self._haystack = [
                "\x1f".join(c.display(row) for c in cols).casefold() for row in self._all
            ]
        return self._haystack

    def _remap_persistent(self, persistent: list[QModelIndex], old_rows: list[int]) -> None:
        where = {source: position for position, source in enumerate(self._order)}
        new = []
        for index, source in zip(persistent, old_rows, strict=True):
            position = where.get(source, -1)
            new.append(
                self.index(position, index.column())
                if position >= 0 and source >= 0
                else QModelIndex()
            )
        self.changePersistentIndexList(persistent, new)
