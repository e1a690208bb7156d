"""Rows settled before any line is built, each kind told once per table.

A server maker's system is its priced base and its parts at no charge
(:mod:`~computescore.io.reader.components`); a cloud's reserved term paid up front is a
fee and a rate, and some rows bill capacity already reserved
(:mod:`~computescore.io.reader.reservations`); a reservation's payment up front may
stand in a column beside its rate (:mod:`~computescore.io.reader.upfront_columns`).
Both line paths then see the same rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from computescore.domain.problems import Problem, Severity
from computescore.domain.units import HOURS_PER_MONTH
from computescore.io.mapping import ColumnMapping
from computescore.io.reader.components import Components, fold_components
from computescore.io.reader.reservations import Reservations, fold_reservations
from computescore.io.reader.upfront_columns import UpfrontColumns, fold_upfront_columns
from computescore.io.table_finder import Table
from computescore.io.values import Period
from computescore.wording import plural

if TYPE_CHECKING:
    from computescore.io.reader.book import _Reader


def settle_rows(
    reader: _Reader, tables: Sequence[Table], mappings: Mapping[int, ColumnMapping]
) -> tuple[list[Table], dict[int, ColumnMapping]]:
    """The tables with systems' parts read into their lines, upfront fees (rows or
    columns) folded into their offers' rates and reserved-capacity billing left out; the
    mappings keyed anew."""
    out: list[Table] = []
    by_table: dict[int, ColumnMapping] = {}
    for table in tables:
        mapping = mappings[id(table)]
        systems = fold_components(table, mapping, reader.mark, reader.resolver.resolve)
        _tell_systems(reader, systems)
        reservations = fold_reservations(systems.table, mapping, reader.mark)
        _tell_reservations(reader, reservations)
        upfront = fold_upfront_columns(reservations.table, mapping, reader.mark, mapping.currency)
        _tell_upfront(reader, upfront)
        out.append(upfront.table)
        by_table[id(upfront.table)] = upfront.mapping
    return out, by_table


def _tell_systems(reader: _Reader, done: Components) -> None:
    if not done.systems:
        return
    sheet = done.table.sheet
    parts = [row for system in done.systems for row in system.part_rows]
    first = done.systems[0]
    rows = [reader.row_number(sheet, row) for row in first.part_rows]
    where = f"{rows[0]}" + (f"–{rows[-1]}" if len(rows) > 1 else "")
    named = (
        f"; its accelerators are row {reader.row_number(sheet, first.named_by)}'s"
        if first.named_by is not None
        else ""
    )
    reader.problems.append(
        Problem(
            reader.prefix(sheet),
            f"{plural(len(parts), 'part')} at no charge under a system's line "
            f"{'is' if len(parts) == 1 else 'are'} inside its price and "
            f"{'was' if len(parts) == 1 else 'were'} not imported as lines: rows {where} "
            f"under row {reader.row_number(sheet, first.base_row)}{named}",
            Severity.WARNING,
            None,
            "one line per system at its price",
        )
    )


def _tell_reservations(reader: _Reader, done: Reservations) -> None:
    sheet = done.table.sheet
    if done.folded:
        first = done.folded[0]
        hours = "hours" if first.period is Period.HOUR else "months"
        spread = first.term_months * (HOURS_PER_MONTH if hours == "hours" else 1)
        count = len(done.folded)
        reader.problems.append(
            Problem(
                reader.prefix(sheet),
                f"{plural(count, 'upfront fee')} of a reserved term "
                f"{'was' if count == 1 else 'were'} spread over the term and added "
                f"to the offer's rate: row {reader.row_number(sheet, first.fee_row)}'s "
                f"{first.fee:,.2f} over {spread:,} {hours} adds {first.added:,.4f} to "
                f"row {reader.row_number(sheet, first.rate_row)}'s {first.rate:,.2f}",
                Severity.WARNING,
                None,
                "one line per offer at what it costs an hour (or a month)",
            )
        )
    if done.billing_rows:
        rows = [reader.row_number(sheet, row) for row in done.billing_rows]
        many = len(rows) > 1
        reader.problems.append(
            Problem(
                f"{reader.prefix(sheet)}!{rows[0]}" + (f"–{rows[-1]}" if many else ""),
                f"{plural(len(rows), 'row')} {'bill' if many else 'bills'} capacity "
                "already reserved (“per Reservation”, “per Unused Reservation”), "
                f"{'offer' if many else 'offers'} nothing and "
                f"{'were' if many else 'was'} left out",
                Severity.WARNING,
            )
        )


def _tell_upfront(reader: _Reader, done: UpfrontColumns) -> None:
    sheet = done.table.sheet
    if done.folded:
        first = done.folded[0]
        count = len(done.folded)
        per = "hour" if first.hourly else "month"
        columns = ", ".join(
            f"{upfront.letter} into {rate.letter}" for upfront, rate in done.columns
        )
        reader.problems.append(
            Problem(
                reader.prefix(sheet),
                f"{plural(count, 'payment')} up front (columns {columns}) "
                f"{'was' if count == 1 else 'were'} spread over the reservation's term and "
                f"added to its rate: row {reader.row_number(sheet, first.row)}, "
                f"{first.option.words()}: {first.rate:,.2f} a {per} + {first.upfront:,.2f} "
                f"÷ {first.spread:,} {per}s = {first.effective:,.4f} a {per}",
                Severity.WARNING,
                None,
                "one line per option at what it costs a month (or an hour)",
            )
        )
    for missed in done.unfolded:
        reader.problems.append(
            Problem(
                reader.cell(sheet, missed.row, missed.column.index),
                "The payment up front has no rate beside it to be spread over, so it was "
                "not imported",
                Severity.WARNING,
                f"{missed.upfront:,.2f}",
                f"the option's rate in the column beside it ({missed.column.header})",
            )
        )
