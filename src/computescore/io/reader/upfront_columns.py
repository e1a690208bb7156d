"""A reservation's payment up front, in a column beside its rate, folded into the rate.

A cloud partner's quote for reserved capacity paid partly up front puts each term under
a banner with two columns: "1-year reservation" over "Upfront per VM | Monthly per VM".
Neither column is an offer on its own: read apart, the upfront payment becomes a monthly
price (a quarter of a million dollars a VM-month) and the rate a term for a fraction of
its cost. The payment is spread over the term's months (its hours, where the rate is
hourly) and added to the rate, the effective rate the cloud itself quotes, so that each
term is one line at what it costs. The upfront column then feeds no line.

The function is pure: a table and its mapping in; the table with the rates folded, the
mapping without the upfront columns, and what was done, out, for the reader to tell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal

from computescore.domain.units import HOURS_PER_MONTH
from computescore.io.column_options import ColumnOption
from computescore.io.mapping import ColumnMapping, MappedColumn
from computescore.io.table_finder import Table
from computescore.io.values import DecimalMark, Period, is_blank, parse_money
from computescore.io.workbook import CellValue

_NUMBER = re.compile(r"\d(?:[\d.,'\u00a0\u202f ]*\d)?")
"""The amount in a price cell's text ("$20,000.00", "20.000,00 €")."""


@dataclass(frozen=True, slots=True)
class Folded:
    """One row's upfront payment spread over its term and added to its rate."""

    row: int
    """The row (0-based, in the table's sheet)."""
    option: ColumnOption
    """The option, without the upfront mark (``reserved, 12 months``)."""
    upfront: Decimal
    rate: Decimal
    """The rate the row stated."""
    spread: int
    """The months (or hours) the payment is spread over."""
    hourly: bool
    effective: Decimal
    """The rate with the payment spread over the term added."""


@dataclass(frozen=True, slots=True)
class Unfolded:
    """An upfront payment no rate could take (the rate is blank or not a price)."""

    row: int
    column: MappedColumn
    upfront: Decimal


@dataclass(frozen=True, slots=True)
class UpfrontColumns:
    """What was done to a table with upfront columns beside their rates."""

    table: Table
    mapping: ColumnMapping
    columns: tuple[tuple[MappedColumn, MappedColumn], ...] = ()
    """Each (upfront column, rate column) folded."""
    folded: tuple[Folded, ...] = ()
    unfolded: tuple[Unfolded, ...] = ()


def upfront_pairs(mapping: ColumnMapping) -> list[tuple[MappedColumn, MappedColumn]]:
    """Each upfront column of a wide layout with the rate column of the same option, when
    the option states its term and the rate is charged by the hour or the month."""
    prices = mapping.price_columns()
    rates = {
        column.option: column
        for column in prices
        if column.option is not None and not column.option.upfront
    }
    pairs = []
    for column in prices:
        option = column.option
        if option is None or not option.upfront or option.term_months is None:
            continue
        rate = rates.get(replace(option, upfront=False))
        if rate is not None and rate.unit is not None and _hourly(rate) is not None:
            pairs.append((column, rate))
    return pairs


def fold_upfront_columns(
    table: Table, mapping: ColumnMapping, mark: DecimalMark | None, currency: str | None
) -> UpfrontColumns:
    """The table with each row's upfront payments added to its rates (see the module's
    note), and the mapping without the upfront columns."""
    pairs = upfront_pairs(mapping)
    if not pairs:
        return UpfrontColumns(table, mapping)
    folded: list[Folded] = []
    unfolded: list[Unfolded] = []
    rows = []
    for row in table.rows:
        values = list(row.values)
        for upfront_column, rate_column in pairs:
            up_cell = _value(values, upfront_column.index)
            upfront, _ = parse_money(up_cell, currency=currency, mark=mark)
            if upfront is None or upfront.amount == 0:
                continue
            rate_cell = _value(values, rate_column.index)
            rate, _ = parse_money(rate_cell, currency=currency, mark=mark)
            if rate is None:
                unfolded.append(Unfolded(row.index, upfront_column, upfront.amount))
                continue
            hourly = bool(_hourly(rate_column))
            option = replace(upfront_column.option or ColumnOption(), upfront=False)
            spread = (option.term_months or 1) * (HOURS_PER_MONTH if hourly else 1)
            effective = (rate.amount + upfront.amount / spread).quantize(Decimal("0.0001"))
            values[rate_column.index] = _written(rate_cell, effective, mark)
            values[upfront_column.index] = None
            folded.append(
                Folded(row.index, option, upfront.amount, rate.amount, spread, hourly, effective)
            )
        rows.append(replace(row, values=values))
    upfront_indexes = {upfront.index: rate for upfront, rate in pairs}
    columns = tuple(
        replace(
            column,
            field=None,
            reason=f"paid up front: spread over the term and added to column "
            f"{upfront_indexes[column.index].letter}'s rate",
        )
        if column.index in upfront_indexes
        else column
        for column in mapping.columns
    )
    return UpfrontColumns(
        replace(table, rows=tuple(rows)),
        replace(mapping, columns=columns),
        tuple(pairs),
        tuple(folded),
        tuple(unfolded),
    )


def _hourly(rate: MappedColumn) -> bool | None:
    """True for a rate by the hour, False by the month, None for any other period."""
    period = None if rate.unit is None else rate.unit.period
    if period is Period.HOUR:
        return True
    return False if period is Period.MONTH else None


def _value(values: list[CellValue], index: int) -> CellValue:
    return values[index] if index < len(values) else None


def _written(original: CellValue, amount: Decimal, mark: DecimalMark | None) -> CellValue:
    """The folded rate written as the cell was: its words and currency kept, the amount
    in four places (never three, which could read as thousands)."""
    if not isinstance(original, str) or is_blank(original):
        return float(amount)
    text = f"{amount:.4f}"
    if mark is DecimalMark.COMMA:
        text = text.replace(".", ",")
    return _NUMBER.sub(lambda _: text, original, count=1)
