"""Alternatives laid out side by side on one sheet: each is a quote of its own.

A proposal may set its options next to each other: "Option A — H100 SXM, 12-month
term" over ``Item | Qty | Unit | Unit price | Monthly total`` in columns A–E, and
"Option B — B200, 24-month term" over the same headers in columns G–K, each with its
own total row. Read as one table, the two options' lines would add up to a plan that
buys both. So when a sheet's header row holds the same headers two or more times,
apart by empty columns, each block is read as a sheet of its own: the block's columns,
and above its header the rows the sheet shares (the letterhead, the reference, the
validity) together with the block's own banner. The block keeps the sheet's name and
its cells keep their columns, so every problem still names the cell it is about.
Blocks without banners are one list printed in several column sets: read block by
block, they stay one quote.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from computescore.io.header_finder import HEADER_SCAN_ROWS, Known, Names, find_header
from computescore.io.mapping import normalise_header
from computescore.io.reader.transposed import Comparison, transposed_options
from computescore.io.table_finder import Table
from computescore.io.values import is_blank
from computescore.io.workbook import CellValue, SheetData

BANNER_ROWS = 3
"""How many rows above a block's header are searched for its banner ("Option A — …")."""


@dataclass(frozen=True, slots=True)
class Block:
    """One alternative of a sheet: the sheet as it reads for that block, and its banner."""

    sheet: SheetData
    label: str | None
    """The block's banner ("Option A — H100 SXM, 12-month term"); None without one (a
    list printed in two column sets is one quote read block by block)."""
    note: str | None = None
    """What the import should say of how the sheet was split (told once per sheet)."""
    read_rows: tuple[int, int] | None = None
    """The sheet's first and last row (0-based) the block is read from, when its own rows
    are not the sheet's (an option of a comparison, its line put in the usual shape)."""
    origin: Mapping[tuple[int, int], tuple[int, int]] | None = None
    """Then where each of its cells stands in the sheet, (row, column) to (row, column)."""


def side_by_side(
    sheet: SheetData, known: Known | None = None, names: Names | None = None
) -> list[Block]:
    """The sheet's alternatives, each as a sheet of its own; the sheet alone when its
    header does not repeat and it compares no options as columns
    (:mod:`~computescore.io.reader.transposed`)."""
    compared = transposed_options(sheet, known)
    if compared is not None:
        return _compared(compared)
    if not _repeats(sheet):
        return [Block(sheet, None)]
    header = find_header(sheet, known=known, names=names)
    if header is None:
        return [Block(sheet, None)]
    spans = _spans(header.cells)
    keys = {
        tuple(normalise_header(str(cell)) for cell in header.cells[start:end])
        for start, end in spans
    }
    if len(spans) < 2 or len(keys) != 1:
        return [Block(sheet, None)]
    first = header.rows[0]
    banner = _banner_row(sheet, first, spans)
    own_from = first if banner is None else banner
    blocks = []
    for start, end in spans:
        rows = [
            _row_of_block(row, index >= own_from, start, end)
            for index, row in enumerate(sheet.rows)
        ]
        label = None if banner is None else " ".join(_texts(sheet.rows[banner], start, end))
        blocks.append(Block(replace(sheet, rows=rows), label or None))
    return blocks


def _compared(compared: Comparison) -> list[Block]:
    """Each option of a comparison as a block; the first says how the sheet was read."""
    labels = ", ".join(f"“{option.label}”" for option in compared.options)
    note = (
        f"The options are compared as columns ({labels}) with what each is as rows "
        f"{compared.heading_row + 2}–{compared.last_row + 1}: each option was read as a quote "
        "of its own, its line from the rows that name a field and a cost line for each other "
        "priced row"
        + (
            f"; {', '.join(f'“{label}”' for label in compared.restated)} "
            + (
                "restates the price and is no line"
                if len(compared.restated) == 1
                else "restate the price and are no lines"
            )
            if compared.restated
            else ""
        )
    )
    return [
        Block(
            option.sheet,
            option.label,
            note if number == 0 else None,
            (compared.heading_row, compared.last_row),
            option.origin,
        )
        for number, option in enumerate(compared.options)
    ]


def _repeats(sheet: SheetData) -> bool:
    """True when a row near the top holds the same words two or more times, apart by
    empty cells: the only sheets worth the header search again."""
    for row in sheet.rows[:HEADER_SCAN_ROWS]:
        spans = _spans(tuple(row))
        if len(spans) < 2:
            continue
        blocks = {tuple(str(cell).strip().casefold() for cell in row[s:e]) for s, e in spans}
        if len(blocks) == 1:
            return True
    return False


def _spans(cells: tuple[CellValue, ...]) -> list[tuple[int, int]]:
    """The runs of filled header cells, as (first column, past the last)."""
    spans: list[tuple[int, int]] = []
    start: int | None = None
    for index, cell in enumerate((*cells, None)):
        if is_blank(cell):
            if start is not None:
                spans.append((start, index))
                start = None
        elif start is None:
            start = index
    return spans


def _row_of_block(row: Sequence[CellValue], own: bool, start: int, end: int) -> list[CellValue]:
    """The row as the block reads it: only its own columns from its banner down, the
    whole row above (the letterhead, the reference and the dates the blocks share)."""
    cells = list(row)
    if not own:
        return cells
    return [cell if start <= col < end else None for col, cell in enumerate(cells)]


def _banner_row(sheet: SheetData, header_row: int, spans: list[tuple[int, int]]) -> int | None:
    """The banners' row: the nearest filled row above the header, when every block fills
    it with its own text. Rows above it belong to the whole sheet ("Quote ref: …" on the
    left and "Quote date: …" on the right)."""
    for index in range(header_row - 1, max(-1, header_row - 1 - BANNER_ROWS), -1):
        cells = list(sheet.rows[index])
        if all(is_blank(cell) for cell in cells):
            continue
        filled = [any(not is_blank(cell) for cell in cells[s:e]) for s, e in spans]
        return index if all(filled) else None
    return None


def _texts(row: Sequence[CellValue], start: int, end: int) -> list[str]:
    return [
        str(cell).strip() for cell in list(row)[start:end] if isinstance(cell, str) and cell.strip()
    ]


_OPTION_BANNER = re.compile(
    r"^\s*(option|alternative|variant|variante|choix|opci[oó]n|opzione|optie|オプション|方案)"
    r"\s*[-–#:]?\s*[A-Za-z0-9]{1,3}\b",
    re.IGNORECASE,
)
"""A banner that names one alternative of several: "Option 1 - HGX H200 configuration"."""


def stacked_alternatives(tables: Sequence[Table]) -> dict[int, str]:
    """Banners of alternatives stacked one under another on a sheet: each table whose
    nearest filled row above its header is one cell naming an option ("Option 1 - HGX
    H200 configuration", "Option 2 - …"), by ``id`` of the table; only where two or more
    tables of a sheet have one, so that each is read as a quote of its own."""
    found: dict[int, str] = {}
    by_sheet: dict[int, list[tuple[Table, str]]] = {}
    for table in tables:
        banner = _banner_above(table)
        if banner is not None:
            by_sheet.setdefault(id(table.sheet), []).append((table, banner))
    for stacked in by_sheet.values():
        if len({banner for _, banner in stacked}) >= 2:
            found.update((id(table), banner) for table, banner in stacked)
    return found


def _banner_above(table: Table) -> str | None:
    rows = table.sheet.rows
    first = table.header_rows[0] if table.header_rows else table.header_row
    for index in range(first - 1, max(-1, first - 1 - BANNER_ROWS), -1):
        filled = [cell for cell in rows[index] if not is_blank(cell)]
        if not filled:
            continue
        if len(filled) == 1 and isinstance(filled[0], str) and _OPTION_BANNER.match(filled[0]):
            return filled[0].strip()
        return None
    return None
