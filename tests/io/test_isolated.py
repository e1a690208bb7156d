"""How a sheet's cells travel from the reader process: flat, with repeated text sent once."""

from __future__ import annotations

import datetime as dt
import pickle

from computescore.io.isolated import _plain_cells, _sheet_cells, _SheetCells
from computescore.io.preflight import ReadLimits
from computescore.io.workbook import FormulaCell, SheetData, Visibility
from computescore.io.xlsx_scan import SheetScan

SCAN = SheetScan(
    "Quote",
    "xl/worksheets/sheet1.xml",
    Visibility.HIDDEN,
    3,
    3,
    hidden_rows=frozenset({2}),
    hidden_cols=frozenset({1}),
    merged=((0, 0, 0, 2),),
    formulas=(FormulaCell(1, 2, "A2*2", "2"),),
)


def test_empty_text_becomes_none_and_repeated_text_is_one_object() -> None:
    first, second = "USD", "".join(["U", "S", "D"])
    assert first is not second
    cells = _plain_cells(["", first, 1.5, second, True, dt.date(2024, 3, 1), 0])
    assert cells == [None, "USD", 1.5, "USD", True, dt.date(2024, 3, 1), 0]
    assert cells[1] is cells[3]
    assert cells[4] is True and cells[6] == 0 and type(cells[6]) is int


def test_rows_arrive_as_they_were_read_with_the_sheet_details() -> None:
    raw = [["Title", "", ""], ["H100", 8, 3.1], ["", "", ""]]
    sent = _sheet_cells(4, SCAN, raw, ReadLimits())
    assert isinstance(sent, _SheetCells)
    sheet = pickle.loads(pickle.dumps(sent)).sheet()
    assert sheet == SheetData(
        name="Quote",
        index=4,
        rows=[["Title", None, None], ["H100", 8, 3.1], [None, None, None]],
        visibility=Visibility.HIDDEN,
        hidden_rows=frozenset({2}),
        hidden_cols=frozenset({1}),
        merged=((0, 0, 0, 2),),
        formulas={(1, 2): FormulaCell(1, 2, "A2*2", "2")},
    )


def test_rows_beyond_the_limit_are_not_sent() -> None:
    raw = [["a"], ["b"], ["c"]]
    sent = _sheet_cells(0, SCAN, raw, ReadLimits(max_rows=2))
    assert isinstance(sent, _SheetCells)
    assert sent.sheet().rows == [["a"], ["b"]]


def test_uneven_and_empty_sheets() -> None:
    uneven = _sheet_cells(0, SCAN, [["a", "b"], ["c"]], ReadLimits())
    assert isinstance(uneven, SheetData)
    assert uneven.rows == [["a", "b"], ["c"]]
    empty = _sheet_cells(0, SCAN, [], ReadLimits())
    assert isinstance(empty, _SheetCells)
    assert empty.sheet().rows == []
    no_columns = _sheet_cells(0, SCAN, [[], []], ReadLimits())
    assert isinstance(no_columns, _SheetCells)
    assert no_columns.sheet().rows == [[], []]
