"""A server maker's configured system: a priced base unit and its parts at no charge.

Dell, HPE and Lenovo quotes list a system as its base unit with a price ("PowerEdge
XE9680 Base", 4 × $268,912.00) and then its parts, numbered or indented under it ("1.1
NVIDIA HGX H200 8-GPU SXM5 141GB", 4 × $0.00). The parts are inside the base's price: on
their own they are no lines (an accelerator for nothing, a processor for nothing). The
base line takes the accelerator its parts name, so that the system is read as compute
(4 nodes of 8 H200 at $268,912 each), and the parts at no charge are left out.

The functions are pure: a table and its mapping in, the table without those rows and
what was done out, for the reader to tell.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from computescore.domain.catalog import AliasMatch, count_in_name
from computescore.io.cell_kinds import says_included
from computescore.io.mapping import ColumnMapping, Field
from computescore.io.table_finder import Table, TableRow
from computescore.io.values import DecimalMark, is_blank, parse_money
from computescore.io.workbook import CellValue

_INDENT = re.compile(r"^(\s+|[-–•·*>]\s*)")
"""How a part's description stands under its system's: indented, or a bullet."""


@dataclass(frozen=True, slots=True)
class System:
    """A system's line and the parts at no charge read into it."""

    base_row: int
    part_rows: tuple[int, ...]
    named_by: int | None
    """The part whose accelerator the system takes (None: the base names its own)."""


@dataclass(frozen=True, slots=True)
class Components:
    """The table without the parts at no charge, and the systems they were read into."""

    table: Table
    systems: tuple[System, ...] = ()


def fold_components(
    table: Table,
    mapping: ColumnMapping,
    mark: DecimalMark | None,
    resolve: Callable[[str], AliasMatch | None],
) -> Components:
    """The table with each system's parts at no charge read into its line.

    A part stands right under its system or under another of its parts, and is either
    priced at nothing ("0.00", "Included") and numbered under the system's number ("1.1"
    under "1") or indented under its description, or has no price at all. Only a
    purchase quote's table (quantities and line totals) lists a system so.
    """
    description = mapping.column_for(Field.DESCRIPTION)
    prices = mapping.price_columns()
    purchase = mapping.column_for(Field.QUANTITY) is not None and (
        mapping.column_for(Field.LINE_TOTAL) is not None
    )
    if not purchase or description is None or len(prices) != 1 or prices[0].option is not None:
        return Components(table)  # a system's parts stand in a purchase quote's table
    price = prices[0].index
    total = mapping.column_for(Field.LINE_TOTAL)
    quantity = mapping.column_for(Field.QUANTITY)
    parts: dict[int, list[TableRow]] = {}
    base: TableRow | None = None
    for row in table.rows:
        cell = _value(row.values, price)
        nothing = _at_no_charge(cell, mark)
        # HPE lists a system's options with no price at all ("S3K52A 0D1 | NVIDIA HGX
        # H200 8-GPU Kit"): under a priced system, a row without a price is a part too.
        # A row with an amount in its line total (a discount, shipping) is a line of its own.
        unpriced = (
            is_blank(cell)
            and (total is None or is_blank(_value(row.values, total)))
            and bool(_text(row.values, description))
        )
        # "Included" says the row is inside another's price: the system's above it.
        inside = (
            base is not None and nothing and (_under(base, row, description) or says_included(cell))
        )
        if base is not None and (unpriced or inside):
            parts.setdefault(base.index, []).append(row)
            continue
        base = None if nothing or unpriced else row
    if not parts:
        return Components(table)
    left_out = {part.index for group in parts.values() for part in group}
    rows: list[TableRow] = []
    systems: list[System] = []
    for row in table.rows:
        if row.index in left_out:
            continue
        group = parts.get(row.index)
        if group is not None:
            row, named_by = _named_by_part(row, group, description, resolve, quantity)
            systems.append(System(row.index, tuple(part.index for part in group), named_by))
        rows.append(row)
    return Components(replace(table, rows=tuple(rows)), tuple(systems))


def _named_by_part(
    base: TableRow,
    parts: Sequence[TableRow],
    description: int,
    resolve: Callable[[str], AliasMatch | None],
    quantity: int | None,
) -> tuple[TableRow, int | None]:
    """The base row, its description joined with the part that names its accelerator
    when it names none itself, and with the part's count per system when its name states
    none ("… — 8 × NVIDIA H200 SXM5 141GB GPU": 48 GPUs under 6 systems)."""
    text = _text(base.values, description)
    if resolve(text) is not None:
        return base, None
    for part in parts:
        named = _text(part.values, description)
        match = resolve(named) if named else None
        if match is not None:
            values = list(base.values)
            each = None
            if quantity is not None and count_in_name(named) is None:
                each = per_system(_value(base.values, quantity), _value(part.values, quantity))
            values[description] = f"{text} — {f'{each} × ' if each else ''}{named}"
            return replace(base, values=values), part.index
    return base, None


_BOARD_SIZES = (1, 2, 4, 8)
"""How many accelerators a server holds, as a part's quantity per system states them."""


def per_system(systems: CellValue, parts: CellValue) -> int | None:
    """How many accelerators each system holds when its part counts them: the part's
    quantity when it is a server's usual count (8 under 6 systems: 8 each), else the
    part's quantity shared out over the systems (48 under 6 systems: 8 each); None when
    neither reads.

    >>> per_system(6, 48), per_system(6, 8), per_system(2, 16), per_system(3, 7)
    (8, 8, 8, None)
    """
    whole = [_whole(systems), _whole(parts)]
    if None in whole or not all(whole):
        return None
    count, held = whole[0] or 0, whole[1] or 0
    if held in _BOARD_SIZES:
        return held
    if held % count == 0 and held // count in (*_BOARD_SIZES, 16):
        return held // count
    return None


def _whole(value: CellValue) -> int | None:
    """A cell's whole number (6, 6.0, "6"), or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) and float(value).is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _under(base: TableRow, row: TableRow, description: int) -> bool:
    """True when a row is numbered under the base's number or indented under it."""
    number, below = _item(_value(base.values, 0)), _item(_value(row.values, 0))
    if number and below and below.startswith(f"{number}."):
        return True
    own = _value(row.values, description)
    above = _value(base.values, description)
    return (
        isinstance(own, str)
        and isinstance(above, str)
        and _INDENT.match(own) is not None
        and _INDENT.match(above) is None
    )


def _at_no_charge(value: CellValue, mark: DecimalMark | None) -> bool:
    """True for a price of nothing: 0, "0.00", "$0.00", "Included". This runs on every
    row of a price list, so only text with no digit but 0 is parsed."""
    if value.__class__ in (int, float):
        return value == 0
    if not isinstance(value, str) or _PRICED.search(value):
        return False
    if says_included(value):
        return True
    money, _ = parse_money(value, currency="USD", mark=mark)
    return money is not None and money.amount == Decimal(0)


_PRICED = re.compile(r"[1-9]")
"""A digit that makes an amount more than nothing."""


def _item(value: CellValue) -> str:
    """An item number as written: ``1.0`` → "1", "1.1" → "1.1"."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, int | float | str) and not isinstance(value, bool):
        return str(value).strip()
    return ""


def _value(values: Sequence[CellValue], index: int) -> CellValue:
    return values[index] if index < len(values) else None


def _text(values: Sequence[CellValue], index: int) -> str:
    value = _value(values, index)
    return value.strip() if isinstance(value, str) else ""
