"""Monthly and one-time charge columns beside a unit price (a colocation quote's MRC and NRC).

A colocation or network quote prices each row once and then says what it costs a month
and once:

``Item | Qty | Unit | Unit price | Monthly (MRC) | One-time (NRC)``
``Cross-connect | 4 | each | $350.00 | $1,400.00 | $2,000.00``

The unit price alone states no period, and read as a purchase quote's it is a one-off
price per unit: the cross-connects would cost $1,400 once instead of $1,400 a month, and
their $2,000 set-up would be lost. Here the charge columns settle it: a line whose monthly
charge is its price × quantity is priced per month, and a one-time charge that is not the
line's own price becomes a line of its own ("Cross-connect (one-time charge)", $2,000).
One warning says what the columns did.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from computescore.domain.quotes import CostCategory, LineKind, PriceUnit, QuoteLine
from computescore.io.cell_kinds import filled as _filled
from computescore.io.mapping import Field, normalise_header
from computescore.io.reader.lines import _LineBuilder, rows_of_lines
from computescore.io.totals import close_enough
from computescore.io.workbook import CellValue
from computescore.wording import clipped

_MONTHLY = re.compile(r"^(monthly|recurring|mrc)\b|\bmrc\b|\bmonthly recurring\b")
_ONCE = re.compile(r"^(one ?time|one ?off|nrc|non ?recurring|setup|set up)\b|\bnrc\b")
_ONE_OFF = frozenset({PriceUnit.PER_UNIT, PriceUnit.TOTAL})


def charge_columns(builder: _LineBuilder) -> tuple[int | None, int | None]:
    """The columns of monthly and of one-time charges left unread beside the one price
    column read, as (monthly, one-time); (None, None) when the table has neither."""
    if len(builder.prices) != 1:
        return None, None
    monthly = once = None
    for column in builder.mapping.columns:
        if column.field not in (None, Field.IGNORE):
            continue
        header = normalise_header(column.header)
        if monthly is None and _MONTHLY.search(header):
            monthly = column.index
        elif once is None and _ONCE.search(header):
            once = column.index
    return monthly, once


def with_charges(
    builder: _LineBuilder, own: Sequence[QuoteLine], lines_before: Sequence[tuple[int, int]]
) -> list[QuoteLine]:
    """The table's cost lines with the period their monthly charge proves, and their
    one-time charges as lines of their own (see the module's note)."""
    monthly, once = charge_columns(builder)
    if not own or (monthly is None and once is None):
        return list(own)
    cells = {row.index: row.values for row in builder.table.rows}
    out: list[QuoteLine] = []
    unbilled: list[QuoteLine] = []
    made_monthly = made_once = added = 0
    rows = rows_of_lines(lines_before, len(own))
    for number, line in enumerate(own):
        row = rows[number]
        values = cells.get(row, ())
        if line.kind is not LineKind.COST:
            out.append(line)
            continue
        extended = line.price * (line.quantity if line.quantity is not None else 1)
        month = cell_amount(builder, values, monthly, line.currency)
        one_time = cell_amount(builder, values, once, line.currency)
        if monthly is not None and once is not None and not month and not one_time:
            # "Remote hands | 1 | hour | $175.00 / hour | — | —": charged neither a month
            # nor once, so billed as used; its rate is no cost to count.
            unbilled.append(line)
            continue
        if month and line.price_unit in _ONE_OFF and close_enough(month, extended):
            line = replace(line, price_unit=PriceUnit.PER_MONTH)
            made_monthly += 1
        elif (
            one_time
            and not month
            and line.price_unit is not PriceUnit.PER_UNIT
            and line.quantity not in (None, 1)
            and close_enough(one_time, extended)
        ):
            # "Cabinet installation | 4 | $2,500.00 | One-time (NRC) $10,000.00": the rate
            # is the one-time charge's, per unit, whatever period or total was assumed
            line = replace(line, price_unit=PriceUnit.PER_UNIT)
            made_once += 1
        out.append(line)
        if one_time and not (line.price_unit in _ONE_OFF and close_enough(one_time, extended)):
            out.append(
                replace(
                    line,
                    description=f"{line.description} (one-time charge)",
                    price=one_time,
                    price_unit=PriceUnit.TOTAL,
                    category=CostCategory.INSTALLATION,
                    quantity=Decimal(1),
                )
            )
            added += 1
    if made_monthly or made_once or added:
        headers = [c.header for c in builder.mapping.columns if c.index in (monthly, once)]
        _tell(builder, (made_monthly, made_once, added), " | ".join(headers))
    if unbilled:
        _tell_unbilled(builder, unbilled)
    return out


def cell_amount(
    builder: _LineBuilder, values: Sequence[CellValue], index: int | None, currency: str
) -> Decimal | None:
    """The amount in a row's cell at ``index`` (None when empty, a dash, not money or
    not above nought)."""
    cell = values[index] if index is not None and index < len(values) else None
    if _filled(cell) is None:
        return None
    money, problem = builder.money(cell, currency)
    if money is None or problem is not None or money.amount <= 0:
        return None
    return money.amount


def _tell(builder: _LineBuilder, counts: tuple[int, int, int], headers: str) -> None:
    """One warning: how many lines the charge columns made monthly, made one-time, and
    added as one-time charges of their own."""
    from computescore.io.reader.table_checks import _tell_table

    made_monthly, made_once, added = counts
    parts = []
    if made_monthly:
        parts.append(
            f"{made_monthly} {'line is' if made_monthly == 1 else 'lines are'} priced per "
            "month, as its monthly charge (price × quantity) says"
        )
    if made_once:
        parts.append(
            f"{made_once} {'line is' if made_once == 1 else 'lines are'} charged once, as "
            f"{'its' if made_once == 1 else 'their'} one-time charge (price × quantity) says"
        )
    if added:
        parts.append(
            f"{added} one-time {'charge was' if added == 1 else 'charges were'} added as "
            f"{'a line' if added == 1 else 'lines'} of {'its' if added == 1 else 'their'} own"
        )
    _tell_table(
        builder,
        "The table's monthly and one-time charge columns set each line's period: "
        + "; ".join(parts),
        headers,
        "a unit that states the period",
    )


def _tell_unbilled(builder: _LineBuilder, unbilled: Sequence[QuoteLine]) -> None:
    from computescore.io.reader.table_checks import _tell_table

    first = unbilled[0]
    _tell_table(
        builder,
        f"{len(unbilled)} {'line has' if len(unbilled) == 1 else 'lines have'} neither a "
        f"monthly nor a one-time charge (“{clipped(first.description, 60)}”): billed as used, with "
        "no amount of use stated, so left out; add the expected use as a cost line of its "
        "own",
        clipped(first.description, 60),
        "a monthly or one-time charge",
    )
