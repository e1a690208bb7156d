"""How a sheet's cells travel from the reader process: in blocks of flat rows, with
repeated text sent once."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import os
import pickle
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import python_calamine

from computescore.io import isolated
from computescore.io.isolated import (
    _calamine_rows,
    _plain_cells,
    _Received,
    _row_blocks,
    _RowBlock,
    _SheetHead,
    read_file,
)
from computescore.io.preflight import ReadLimits
from computescore.io.refusal import ReadCancelled
from computescore.io.workbook import CellValue, FormulaCell, SheetData, Visibility
from computescore.io.xlsx_scan import SheetScan
from tests.fixtures import hostile
from tests.fixtures.progress import Recorder

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


def _through_the_pipe(raw: Iterable[list[Any]], limits: ReadLimits | None = None) -> SheetData:
    """A sheet sent as the reader sends it (each message pickled) and received again."""
    received = _Received()
    messages: list[Any] = [_SheetHead.of(4, SCAN), *_row_blocks(raw, limits or ReadLimits())]
    for message in messages:
        message = pickle.loads(pickle.dumps(message))
        if isinstance(message, _SheetHead):
            received.head(message)
        else:
            received.block(message)
    received.close()
    (sheet,) = received.sheets
    return sheet


def test_empty_text_becomes_none_and_repeated_text_is_one_object() -> None:
    first, second = "USD", "".join(["U", "S", "D"])
    assert first is not second
    cells = _plain_cells(["", first, 1.5, second, True, dt.date(2024, 3, 1), 0])
    assert cells == [None, "USD", 1.5, "USD", True, dt.date(2024, 3, 1), 0]
    assert cells[1] is cells[3]
    assert cells[4] is True and cells[6] == 0 and type(cells[6]) is int


def test_rows_arrive_as_they_were_read_with_the_sheet_details() -> None:
    raw = [["Title", "", ""], ["H100", 8, 3.1], ["", "", ""]]
    assert _through_the_pipe(raw) == SheetData(
        name="Quote",
        index=4,
        rows=[["Title", None, None], ["H100", 8, 3.1], [None, None, None]],
        visibility=Visibility.HIDDEN,
        hidden_rows=frozenset({2}),
        hidden_cols=frozenset({1}),
        merged=((0, 0, 0, 2),),
        formulas={(1, 2): FormulaCell(1, 2, "A2*2", "2")},
    )


def test_a_long_sheet_travels_in_several_blocks_and_arrives_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(isolated, "BLOCK_CELLS", 10)
    raw = [[f"line {n}", n, "USD" if n % 2 else ""] for n in range(25)]
    blocks = list(_row_blocks(raw, ReadLimits()))
    assert [block.count for block in blocks] == [3] * 8 + [1]
    expected: list[list[CellValue]] = [[text or None, n, usd or None] for text, n, usd in raw]
    assert _through_the_pipe(raw).rows == expected


def test_rows_beyond_the_limit_are_not_sent() -> None:
    assert _through_the_pipe([["a"], ["b"], ["c"]], ReadLimits(max_rows=2)).rows == [["a"], ["b"]]


def test_uneven_and_empty_sheets() -> None:
    (uneven,) = _row_blocks([["a", "b"], ["c"]], ReadLimits())
    assert uneven.ragged == [["a", "b"], ["c"]]
    assert _through_the_pipe([["a", ""], ["c"]]).rows == [["a", None], ["c"]]
    assert _through_the_pipe([]).rows == []
    assert _through_the_pipe([[], []]).rows == [[], []]


def test_a_restart_voids_what_arrived_before() -> None:
    received = _Received()
    received.head(_SheetHead.of(0, SCAN))
    received.block(_RowBlock(1, 1, ["calamine"]))
    received.restart()
    received.whole(SheetData(name="Quote", index=0, rows=[["openpyxl"]]))
    received.close()
    assert [sheet.rows for sheet in received.sheets] == [[["openpyxl"]]]


@pytest.mark.parametrize("first_cell", ["A1", "C5"])
def test_calamine_rows_start_at_a1_wherever_the_used_area_starts(
    tmp_path: Path, first_cell: str
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet[first_cell] = "Quote"
    sheet["D7"] = 3.5
    sheet["E9"] = "H100"
    path = tmp_path / "offset.xlsx"
    book.save(path)
    with python_calamine.CalamineWorkbook.from_path(str(path)) as workbook:
        parsed = workbook.get_sheet_by_index(0)
        assert list(_calamine_rows(parsed)) == parsed.to_python(skip_empty_area=False)
        assert len(parsed.to_python(skip_empty_area=False)[0]) == 5


def _long_price_list(folder: Path) -> tuple[Path, list[list[Any]]]:
    """A 45,000-line price list: more cells than one block carries."""
    rows = [
        [f"Option {n}", "H100 SXM", n % 64 + 1, round(n * 0.01, 2), "USD"] for n in range(45_000)
    ]
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Price list")
    sheet.append(["Line", "GPU", "Nodes", "Price", "Currency"])
    for row in rows:
        sheet.append(row)
    path = folder / "long.xlsx"
    book.save(path)
    assert len(rows) * 5 > isolated.BLOCK_CELLS  # two blocks at least
    return path, rows


def test_a_sheet_of_several_blocks_is_read_whole_from_the_reader(tmp_path: Path) -> None:
    path, rows = _long_price_list(tmp_path)
    read = read_file(path)
    assert read.engine == "calamine"
    (received,) = read.sheets
    assert received.rows[0] == ["Line", "GPU", "Nodes", "Price", "Currency"]
    assert received.rows[1:] == rows


def test_sheets_read_before_calamine_gives_up_are_not_kept_twice(tmp_path: Path) -> None:
    notes = hostile.Sheet("Notes", [["Prices valid for 30 days"]])
    rejected = hostile.Sheet(
        "Quote",
        [hostile.QUOTE_HEADER, *hostile.QUOTE_ROWS],
        extra_rows_xml='<row r="9"><c r="F9" t="b"><v>7</v></c></row>',
    )
    read = read_file(hostile.build_xlsx(tmp_path / "second_odd.xlsx", [notes, rejected]))
    assert read.engine == "openpyxl"
    assert [sheet.name for sheet in read.sheets] == ["Notes", "Quote"]
    (note_row,) = read.sheets[0].rows
    assert note_row[0] == "Prices valid for 30 days"
    assert set(note_row[1:]) <= {None}


def test_cancelling_while_rows_stream_in_stops_the_reader(tmp_path: Path) -> None:
    path, _rows = _long_price_list(tmp_path)
    progress = Recorder(lambda messages: any("rows" in m for m in messages))
    with pytest.raises(ReadCancelled):
        read_file(path, progress=progress)
    arrived = [m for m in progress.messages if "rows" in m]
    assert arrived[0] == "Reading sheet 'Price list': 40,000 of 45,001 rows"
    assert len(arrived) == 1  # stopped after the first block
    assert multiprocessing.active_children() == []


def test_the_reader_process_does_not_run_the_programs_main_module_again(tmp_path: Path) -> None:
    """A spawned child imports its parent's main module before its target unless told not
    to; the reader is started without it, so a program's start-up work runs once."""
    book = openpyxl.Workbook()
    book.active.append(["Item", "Price"])
    book.active.append(["H100 node", 10.5])
    workbook = tmp_path / "quote.xlsx"
    book.save(workbook)
    marks = tmp_path / "marks.txt"
    program = tmp_path / "program.py"
    program.write_text(
        "from pathlib import Path\n"
        f"with open({str(marks)!r}, 'a') as out:\n"
        "    out.write('started\\n')\n"
        "if __name__ == '__main__':\n"
        "    from computescore.io.isolated import read_file\n"
        f"    data = read_file(Path({str(workbook)!r}))\n"
        "    print(data.sheets[0].rows[1])\n",
        encoding="utf-8",
    )
    source = Path(isolated.__file__).parents[2]
    done = subprocess.run(
        [sys.executable, str(program)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(source)},
    )
    assert done.returncode == 0, done.stderr
    assert "H100 node" in done.stdout
    assert marks.read_text(encoding="utf-8").splitlines() == ["started"]
