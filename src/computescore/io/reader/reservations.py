"""Rows of a cloud price list that are no offers on their own.

A reserved term bought with money up front is two rows of a hyperscaler's price list
(AWS's price-list export): the fee ("Upfront Fee", unit "Quantity") and the hourly rate
of the same offer ("USD 0.0 per … reserved instance applied" when all of it is paid up
front). On its own the fee is no line and the rate is a wrong one: an accelerator that
rents for nothing. The fee is spread over the term's hours and added to the rate, the
effective rate the cloud itself quotes, so that the offer is one line priced at what it
costs. Rows that bill capacity already reserved ("$0.00 per Reservation …", "$98.32 per
Unused Reservation …") offer nothing and are left out.

The functions are pure: a table and its mapping in, the table without those rows and
what was done out, for the reader to tell.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from computescore.domain.units import HOURS_PER_MONTH
from computescore.io.mapping import ColumnMapping, Field, normalise_header
from computescore.io.table_finder import Table, TableRow
from computescore.io.values import (
    DecimalMark,
    Period,
    is_blank,
    parse_decimal,
    parse_terms,
    parse_unit_text,
)
from computescore.io.workbook import CellValue

_UPFRONT = re.compile(r"^\s*(upfront|up-front|up front)\s+(fee|payment|charge|cost)\b", re.I)
_UPFRONT_LINE = re.compile(_UPFRONT.pattern, re.I | re.M)
_RESERVATION_BILLING = re.compile(r"\bper (unused )?reservation\b", re.I)
_PER_PRICE_HEADERS = frozenset(
    {"rate code", "ratecode", "starting range", "startingrange", "ending range", "endingrange"}
)
"""Columns that differ between an offer's fee and its rate: the price's own code and
the usage range it applies to (AWS writes 0 to Inf for the rate, nothing for the fee)."""


@dataclass(frozen=True, slots=True)
class Folded:
    """An upfront fee spread over its term and added to its offer's rate."""

    fee_row: int
    """The fee's row (0-based, in the table's sheet)."""
    rate_row: int
    """The offer's row, which now carries the effective rate."""
    fee: Decimal
    term_months: int
    rate: Decimal
    """The rate the row stated."""
    added: Decimal
    """The fee per hour (or month) of the term."""
    period: Period


@dataclass(frozen=True, slots=True)
class Reservations:
    """What was done to a table's rows."""

    table: Table
    folded: tuple[Folded, ...] = ()
    billing_rows: tuple[int, ...] = ()
    """Rows that bill reserved capacity, left out (0-based)."""


def fold_reservations(
    table: Table, mapping: ColumnMapping, mark: DecimalMark | None
) -> Reservations:
    """The table with each upfront fee folded into its offer's rate, and the rows that
    bill reserved capacity left out.

    A fee's offer is the one other row that states the same in every column but the
    description, price, unit, line total and rate code; a fee without exactly one such
    row is left as it is (its unit is then told as not understood).
    """
    description = mapping.column_for(Field.DESCRIPTION)
    prices = mapping.price_columns()
    term = mapping.column_for(Field.TERM_MONTHS)
    if description is None or len(prices) != 1 or prices[0].option is not None:
        return Reservations(table)
    price = prices[0].index
    cells = (
        row.values[description] if description < len(row.values) else None for row in table.rows
    )
    texts = [cell if cell.__class__ is str else "" for cell in cells]
    # One search over all the descriptions first: most price lists have neither.
    together = "\n".join(texts)
    if not (_UPFRONT_LINE.search(together) or _RESERVATION_BILLING.search(together)):
        return Reservations(table)
    fees = [row for row, text in zip(table.rows, texts, strict=True) if _UPFRONT.match(text)]
    billing = [
        row.index
        for row, text in zip(table.rows, texts, strict=True)
        if _RESERVATION_BILLING.search(text)
    ]
    unit = mapping.column_for(Field.PRICE_UNIT)
    apart = {description, price, unit, mapping.column_for(Field.LINE_TOTAL)} | {
        column.index
        for column in mapping.columns
        if normalise_header(column.header) in _PER_PRICE_HEADERS
    }
    width = max((len(row.values) for row in table.rows), default=0)

    def key(row: TableRow) -> tuple[CellValue, ...]:
        return tuple(
            None if is_blank(value := _value(row.values, i)) else value
            for i in range(width)
            if i not in apart
        )

    offers: dict[tuple[CellValue, ...], list[TableRow]] = {}
    left_out = set(billing) | {row.index for row in fees}
    for row in table.rows:
        if row.index not in left_out:
            offers.setdefault(key(row), []).append(row)
    folded: list[Folded] = []
    changed: dict[int, TableRow] = {}
    for fee in fees:
        partners = offers.get(key(fee), [])
        columns = (description, price, unit, term)
        found = _fold(fee, partners, columns, mark) if len(partners) == 1 else None
        if found is None:
            left_out.discard(fee.index)
            continue
        fold, rate_row = found
        folded.append(fold)
        changed[rate_row.index] = rate_row
    rows = tuple(changed.get(row.index, row) for row in table.rows if row.index not in left_out)
    return Reservations(replace(table, rows=rows), tuple(folded), tuple(billing))


def _fold(
    fee: TableRow,
    partners: Sequence[TableRow],
    columns: tuple[int, int, int | None, int | None],
    mark: DecimalMark | None,
) -> tuple[Folded, TableRow] | None:
    """The fee spread over its term's hours (or months) and added to the offer's rate;
    the offer's description says so, so that two offers of one term (no upfront, all
    upfront) are told apart."""
    description, price, unit, term = columns
    offer = partners[0]
    months = parse_terms(_value(fee.values, term))[0] if term is not None else None
    amount, _ = parse_decimal(_value(fee.values, price), mark=mark)
    rate, _ = parse_decimal(_value(offer.values, price), mark=mark)
    hint = parse_unit_text(_cell(offer.values, unit)) if unit is not None else None
    if months is None or not months.term_months or amount is None or rate is None:
        return None
    if hint is None or hint.period not in (Period.HOUR, Period.MONTH):
        return None
    spread = months.term_months * (HOURS_PER_MONTH if hint.period is Period.HOUR else 1)
    added = amount / spread
    effective = (rate + added).quantize(Decimal("0.0001"))
    values = list(offer.values)
    values[price] = float(effective)
    values[description] = (
        f"{_cell(values, description)} (upfront fee {amount:,.2f} spread over "
        f"{months.term_months} months)"
    )
    fold = Folded(fee.index, offer.index, amount, months.term_months, rate, added, hint.period)
    return fold, replace(offer, values=values)


def _value(values: Sequence[CellValue], index: int | None) -> CellValue:
    return values[index] if index is not None and index < len(values) else None


def _cell(values: Sequence[CellValue], index: int | None) -> str:
    value = _value(values, index)
    return value if isinstance(value, str) else ""
