"""A storage line's volume stated in its description, not in a quantity column.

An order form prices storage per TB-month and names the volume in the line's words:

``Shared storage (VAST), 200 TB | — | 12 months | $25.00 | per TB-month | $5,000.00``

With no quantity the line was a price per GB-month for no volume, which the TCO cannot
cost (it says so, but the quote stated the volume). Here a per-GB-month cost line
without a quantity takes the one volume its description states (200 TB: 200,000 GB),
with a warning; when the row's line total disagrees with price × volume the volume is not
taken, and the warning says so. A volume after words of a tier ("first 10 TB per month",
"up to 50 TB") bounds a tier and is no volume bought; so is any volume of a price per GB
moved (egress).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from computescore.domain.quotes import LineKind, PriceUnit, QuoteLine
from computescore.io.mapping import Field
from computescore.io.reader.charges import cell_amount
from computescore.io.reader.lines import _amount, _LineBuilder, rows_of_lines
from computescore.io.totals import close_enough
from computescore.io.values import Basis, parse_unit_text, read_number_text
from computescore.io.values.text import DecimalMark

_VOLUME = re.compile(
    r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s*(gb|gib|go|tb|tib|to|pb)(?![a-z])", re.IGNORECASE
)
_PER_VOLUME = frozenset({PriceUnit.PER_GB_MONTH})
"""Storage held a month. A price per GB moved (egress) names tiers, not a volume bought."""
_TIER = re.compile(
    r"(?i)\b(first|next|up to|over|beyond|above|below|from|after|per|each|tier|included|"
    r"free|bis|ab|jusqu'à|au-delà|premiers?|hasta|desde)\b[^,;()]*$"
)
"""Words before a volume that make it a tier's bound ("first 10 TB per month")."""


def described_volume(text: str) -> Decimal | None:
    """The one volume a description states, in GB ("…, 200 TB" → 200,000); None when it
    states none or several.

    >>> described_volume("Shared storage (VAST), 200 TB"), described_volume("NVMe 2x 3.84 TB")
    (Decimal('200000'), Decimal('3840.00'))
    """
    found = list(_VOLUME.finditer(text))
    if len(found) != 1 or _TIER.search(text[: found[0].start()]):
        return None
    number, unit = found[0].groups()
    mark = DecimalMark.COMMA if "," in number else DecimalMark.POINT
    value = read_number_text(number, mark).value
    size = parse_unit_text(unit)  # the storage units prices are read in: TB is 1/1000 GB
    if value is None or value <= 0 or size is None or size.basis is not Basis.GB:
        return None
    return Decimal(value) / size.scale


def with_stated_volumes(
    builder: _LineBuilder, own: Sequence[QuoteLine], lines_before: Sequence[tuple[int, int]]
) -> list[QuoteLine]:
    """The table's lines, each storage line without a quantity given the volume its
    description states (see the module's note)."""
    if not any(
        line.kind is LineKind.COST and line.price_unit in _PER_VOLUME and line.quantity is None
        for line in own
    ):
        return list(own)
    total_at = builder.index.get(Field.LINE_TOTAL)
    cells = {row.index: row.values for row in builder.table.rows}
    rows = rows_of_lines(lines_before, len(own))
    out = []
    for number, line in enumerate(own):
        volume = (
            described_volume(line.description)
            if line.kind is LineKind.COST
            and line.price_unit in _PER_VOLUME
            and line.quantity is None
            else None
        )
        if volume is None:
            out.append(line)
            continue
        total = cell_amount(builder, cells.get(rows[number], ()), total_at, line.currency)
        agrees = total is None or close_enough(total, line.price * volume)
        if agrees:
            line = replace(line, quantity=volume)
        _tell(builder, line, volume, total, agrees)
        out.append(line)
    return out


def _tell(
    builder: _LineBuilder, line: QuoteLine, volume: Decimal, total: Decimal | None, agrees: bool
) -> None:
    from computescore.io.reader.table_checks import _tell_table

    amount = f"{volume:,.0f} GB"
    if agrees:
        check = "" if total is None else f", as its total {_amount(total)} says"
        message = (
            f"The volume of “{line.description}” was read from its description: {amount}{check}"
        )
    else:
        message = (
            f"“{line.description}” names {amount}, but price × volume is "
            f"{_amount(line.price * volume)} and its total {_amount(total or Decimal(0))}: the "
            "volume was not taken"
        )
    _tell_table(builder, message, line.description, "a quantity column for the volume")
