"""A table's lines settled by what the table says as a whole, once its rows are read.

Each row is read on its own (:mod:`~computescore.io.reader.lines`); some things only the
whole table tells: the place an order states above it, a calculator's configurations,
monthly and one-time charge columns, a storage volume stated in a description, a lease
schedule's rate factor, and licensed systems among its instances. Each step is a module
of its own; this one runs them in order.
"""

from __future__ import annotations

from collections.abc import Sequence

from computescore.domain.quotes import QuoteLine
from computescore.io.reader.calculator import calculator_estimates
from computescore.io.reader.charges import with_charges
from computescore.io.reader.lease_schedule import lease_schedule
from computescore.io.reader.lines import _LineBuilder
from computescore.io.reader.stated_volumes import with_stated_volumes
from computescore.io.reader.table_checks import licensed_systems, with_order_place


def as_the_table_says(
    builder: _LineBuilder, own: Sequence[QuoteLine], lines_before: Sequence[tuple[int, int]]
) -> list[QuoteLine]:
    """The table's lines (``own``, read from the rows in ``lines_before``) settled by what
    the table says as a whole (see the module's note)."""
    lines = with_order_place(builder, own)
    lines = calculator_estimates(builder, lines, lines_before)
    lines = with_charges(builder, lines, lines_before)
    lines = with_stated_volumes(builder, lines, lines_before)
    lines = lease_schedule(builder, lines)
    licensed_systems(builder, lines)
    return lines
