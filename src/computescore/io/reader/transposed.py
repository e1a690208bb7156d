"""Options compared as columns, their attributes as rows: each option a sheet of its own.

A proposal may compare its options in a table turned on its side: "Option A | Option B"
across the top and, down the left, what each is: "Accelerator", "Cluster", "Commitment",
"Price per GPU-hour", "Managed Slurm", "Onboarding (one-time)", "Region". Read row by row,
no row is a quote line. Each option's column is turned into the usual shape: a header of
the attributes that name a field of a line (and the nodes and GPUs a "Cluster" states),
the option's values under it, its compute line; then, under "Item | Price", each priced
attribute that names no field ("Managed Slurm | $6,500.00 per month"), a cost line of
its own. An attribute that restates the price for another period ("Monthly fee (730 h)")
is no line. The rows above and below the comparison (letterhead, terms) are kept.

The rows of an option's sheet are not where its values stood, so the import says where
the comparison was read; each option is then a quote of its own, as alternatives side by
side are (:mod:`~computescore.io.reader.side_by_side`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from computescore.io.cell_kinds import is_amount, says_included
from computescore.io.header_finder import HEADER_SCAN_ROWS, Known, field_of, is_label
from computescore.io.mapping import Field
from computescore.io.values import currency_in_text, is_blank
from computescore.io.workbook import CellValue, SheetData

_MIN_ATTRIBUTES = 3
_MAX_ATTRIBUTES = 40
"""The most rows a comparison's attributes take: past them the rows are a list's lines."""
_LINE_FIELDS = frozenset({Field.ACCELERATOR, Field.DESCRIPTION})
_RESTATED = frozenset({Field.PRICE, Field.LINE_TOTAL})
_NODES = re.compile(r"(\d+)\s*(?:nodes?|servers?|instances?|vms?)\b", re.IGNORECASE)
_PER_NODE = re.compile(
    r"(?:nodes?|servers?|instances?|vms?)\s*[×x*]\s*(\d+)\s*(?:gpus?|accelerators?)\b"
    r"|(\d+)\s*(?:gpus?|accelerators?)\s*(?:per|/|each|a)\s*(?:node|server|instance|vm)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a comparison: its label ("Option A"), its sheet in the usual shape,
    and where each cell placed in that shape stands in the sheet, (row, column) to
    (row, column), so that what is told of a cell names the cell the vendor wrote."""

    label: str
    sheet: SheetData
    origin: Mapping[tuple[int, int], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Comparison:
    """A comparison found on a sheet: where it stands and what each option reads as."""

    heading_row: int
    last_row: int
    options: tuple[Option, ...]
    restated: tuple[str, ...] = ()
    """Attributes that restate the price and are no lines ("Monthly fee (730 h)")."""


def transposed_options(sheet: SheetData, known: Known | None = None) -> Comparison | None:
    """The options a sheet compares as columns (see the module's note), or None."""
    rows = sheet.rows
    for heading in range(min(len(rows), HEADER_SCAN_ROWS)):
        columns = _option_columns(rows[heading])
        if columns is None:
            continue
        last = heading
        while last + 1 < len(rows) and _attribute(rows[last + 1], columns):
            last += 1
            if last - heading > _MAX_ATTRIBUTES:
                break  # a list of lines, as a price list's rows of text are
        attributes = [rows[r] for r in range(heading + 1, last + 1)]
        if not _MIN_ATTRIBUTES <= len(attributes) <= _MAX_ATTRIBUTES:
            continue
        labels = [str(row[0]).strip() for row in attributes]
        fields = [field_of(label, known) for label in labels]
        if Field.PRICE not in fields or not _LINE_FIELDS.intersection(fields):
            continue
        price = fields.index(Field.PRICE)
        restated = tuple(
            label
            for index, (label, found) in enumerate(zip(labels, fields, strict=True))
            if found in _RESTATED and index != price
        )
        options = tuple(
            _option_sheet(sheet, (heading, last, col), labels, fields, price) for col in columns
        )
        return Comparison(heading, last, options, restated)
    return None


def _option_columns(cells: Sequence[CellValue]) -> list[int] | None:
    """The columns of a heading row of options: two or more short labels right of a blank
    (or short) first cell, none of them the name of a field ("Option A | Option B")."""
    if not cells or (not is_blank(cells[0]) and not is_label(cells[0])):
        return None
    columns = [col for col in range(1, len(cells)) if not is_blank(cells[col])]
    if len(columns) < 2 or not all(_names_option(cells[col]) for col in columns):
        return None
    if any(field_of(cells[col]) is not None for col in columns):
        return None
    return columns


def _names_option(cell: CellValue) -> bool:
    """A short label with a letter, no figure ("Option A", "Basic"; not "8" or "98.32")."""
    return is_label(cell) and any(ch.isalpha() for ch in str(cell)) and not is_amount(cell)


def _attribute(cells: Sequence[CellValue], columns: Sequence[int]) -> bool:
    """True for a row of the comparison: a short label first, a value under an option."""
    if not cells or not is_label(cells[0]):
        return False
    return any(col < len(cells) and not is_blank(cells[col]) for col in columns)


def _priced(value: CellValue) -> bool:
    """An amount with its currency ("$6,500.00 per month"): a count or a size is no price."""
    return is_amount(value) and currency_in_text(str(value))[0] is not None


def _option_sheet(
    sheet: SheetData,
    where: tuple[int, int, int],
    labels: Sequence[str],
    fields: Sequence[Field | None],
    price: int,
) -> Option:
    """The option's sheet: the rows above and below the comparison as they are, and in its
    place the option's line and its priced attributes in the usual shape. ``where`` is the
    heading row, the last attribute row and the option's column; ``price`` the attribute
    that is the line's price."""
    heading, last, col = where
    rows = sheet.rows
    name = str(rows[heading][col]).strip()
    fielded, costs, words = _attributes(rows, where, labels, fields, price)
    # (header, value, the header's cell, the value's cell): each placed cell's origin
    line: list[tuple[str, CellValue, tuple[int, int], tuple[int, int]]] = [
        ("Description", name, (heading, col), (heading, col))
    ]
    line += [(label, value, (row, 0), (row, col)) for row, label, value in fielded]
    stated = " ".join(words)
    for heading_words, pattern in (("Nodes", _NODES), ("GPUs per node", _PER_NODE)):
        found_count = pattern.search(stated)
        if found_count is not None:
            count = next(group for group in found_count.groups() if group)
            line.append((heading_words, count, (heading, col), (heading, col)))
    if words:
        line[0] = ("Description", f"{name} — {'; '.join(words)}", *line[0][2:])
    block: list[list[CellValue]] = [[c[0] for c in line], [c[1] for c in line]]
    origin: dict[tuple[int, int], tuple[int, int]] = {}
    for index, (_h, _v, header_cell, value_cell) in enumerate(line):
        origin[heading, index], origin[heading + 1, index] = header_cell, value_cell
    if costs:
        block += [[], ["Item", "Price"]]
        origin[heading + 3, 0], origin[heading + 3, 1] = (heading, 0), (heading, col)
        for row, label, value in costs:
            at = heading + len(block)
            origin[at, 0], origin[at, 1] = (row, 0), (row, col)
            block.append([label, value])
    block += [[] for _ in range(last + 1 - heading - len(block))]
    return Option(name, replace(sheet, rows=[*rows[:heading], *block, *rows[last + 1 :]]), origin)


def _attributes(
    rows: Sequence[Sequence[CellValue]],
    where: tuple[int, int, int],
    labels: Sequence[str],
    fields: Sequence[Field | None],
    price: int,
) -> tuple[list[tuple[int, str, CellValue]], list[tuple[int, str, CellValue]], list[str]]:
    """An option's attributes sorted: those naming a field (row, label, value), those
    priced apart (cost lines), and the words of the rest ("Region: us-central")."""
    heading, _last, col = where
    fielded: list[tuple[int, str, CellValue]] = []
    costs: list[tuple[int, str, CellValue]] = []
    words: list[str] = []
    for index, (label, found) in enumerate(zip(labels, fields, strict=True)):
        row = heading + 1 + index
        value = rows[row][col] if col < len(rows[row]) else None
        if is_blank(value) or (found in _RESTATED and index != price):
            continue  # "Monthly fee (730 h)": the price again, for another period
        if found is not None:
            fielded.append((row, label, value))
        elif says_included(value):
            continue
        elif isinstance(value, str) and _priced(value):
            costs.append((row, label, value))
        elif isinstance(value, str):
            words.append(f"{label}: {value.strip()}")
    return fielded, costs, words
