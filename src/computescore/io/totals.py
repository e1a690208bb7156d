"""A purchase quote's subtotal and total rows, checked against its lines.

Server makers' quotes end with subtotal, discount, VAT/tax, shipping and grand-total
rows. They are never imported as lines; each is checked instead: a subtotal or total
must equal the lines above it (discounts included, as the lines they are), or those
lines plus the taxes listed above it. A mismatch is a warning naming both figures, so a
line the importer missed, or an arithmetic slip in the quote, does not pass unseen.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from computescore.domain.quotes import LineKind, PriceUnit, QuoteLine

TOLERANCE = Decimal("0.0001")
"""Relative difference accepted between a stated total and the lines: 0.01 %, $100 on a
$1 million quote, room for taxes and discounts rounded line by line, not for a line
missed (a €1,000 slip on a €950,000 total is told)."""

ROUNDING = Decimal(1)
"""Absolute difference always accepted (one unit of the currency: cents rounded on each
of a hundred lines)."""


ADJUSTMENT = re.compile(
    r"discount|rebate|\bcredit\b|promotion|special (bid|pric)|"
    r"shipping|freight|handling|delivery|carriage|postage|logistics|surcharge|\bfees?\b|"
    r"rounding|"
    # de, fr, es, it, nl, ja, zh
    r"rabatt|nachlass|versand|fracht|lieferung|zuschlag|remise|rabais|frais de port|"
    r"livraison|descuento|bonificaci|env[ií]o|sconto|spedizione|trasporto|korting|"
    r"verzend|vracht|値引|割引|送料|運賃|配送|折扣|优惠|运费"
)
"""Words of a closing row that changes what is paid (a discount, shipping, a fee):
imported as a line of its own."""


@dataclass(frozen=True, slots=True)
class TotalRow:
    """A totals row of the table.

    Attributes:
        row: the 0-based sheet row.
        label: its words ("Zwischensumme", "VAT 19 %", "Grand total").
        amount: the amount it states.
        tax: True for a tax row (VAT, MwSt., GST …), which adds to the totals below it.
        lines_above: how many of the table's lines come before it.
    """

    row: int
    label: str
    amount: Decimal
    tax: bool
    lines_above: int


@dataclass(frozen=True, slots=True)
class TotalMismatch:
    """A totals row whose amount is not what the lines add up to."""

    total: TotalRow
    expected: Decimal


def extended_amount(line: QuoteLine) -> Decimal | None:
    """What a one-off line costs in all: unit price × units, or None for a recurring price.

    ``8-GPU server`` × 3 nodes at 289,500 → 868,500; a cost line without a quantity is
    one unit; a line-total price is itself.
    """
    if line.price_unit is PriceUnit.TOTAL:
        return line.price
    if line.price_unit is not PriceUnit.PER_UNIT:
        return None
    if line.kind is LineKind.COST:
        return line.price * (line.quantity if line.quantity is not None else Decimal(1))
    units = line.nodes or line.accelerator_count or 1
    return line.price * units


def close_enough(stated: Decimal, expected: Decimal) -> bool:
    """True when a stated total is the expected one, within :data:`TOLERANCE` and
    :data:`ROUNDING`."""
    allowed = max(max(abs(stated), abs(expected)) * TOLERANCE, ROUNDING)
    return abs(stated - expected) <= allowed


def check_totals(lines: Sequence[QuoteLine], totals: Sequence[TotalRow]) -> list[TotalMismatch]:
    """Totals rows that equal neither the lines above them nor those lines plus the taxes.

    Returns nothing when any line is priced per period (a rental table has no grand
    total to check) or when there are no totals rows.
    """
    amounts = [extended_amount(line) for line in lines]
    if not totals or not lines or any(a is None for a in amounts):
        return []
    mismatches = []
    taxes = Decimal(0)
    for total in totals:
        above = sum((a for a in amounts[: total.lines_above] if a is not None), Decimal(0))
        if total.tax:
            taxes += total.amount
            continue
        if not (close_enough(total.amount, above) or close_enough(total.amount, above + taxes)):
            mismatches.append(TotalMismatch(total, above + taxes))
    return mismatches
