"""Owned hardware housed in a facility (colocation) quote of the same evaluation.

A purchase, or a server maker's lease installed at the buyer's site, needs rack space,
power feed and cooling. Without a facility quote they come from the facility
assumption (USD per kW-month, 0 when the buyer's premises are already paid for). With
one or more facility quotes in the evaluation, the owned option is costed in the one
that houses its IT load most cheaply: each facility line priced per kW-month is priced
for the owned option's load (not the load the facility was quoted for), every other line
(cabinets, cross-connects, remote hands, build-out) as quoted, in the facility's own
currency at its rate, and the items it counts (cabinets, cross-connects, remote-hands
contracts) scaled by the owned load over the load it was quoted for, rounded up to whole
items and at least one. The lines join the owned option's TCO under the facility's name,
so the owned option is compared with the clouds like for like, and the facility quote
names the owned options it houses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    CostCategory,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    sells_tokens,
)
from computescore.domain.tco.cost_lines import _cost_line
from computescore.domain.tco.helpers import _Builder, _line_source

if TYPE_CHECKING:
    from computescore.domain.tco.records import TcoLine


def is_facility_quote(quote: Quote) -> bool:
    """True for a quote that can house hardware: no compute lines, not a token API, and at
    least one facility line (rack space, power, cooling)."""
    return (
        not quote.compute_lines
        and not sells_tokens(quote.lines)
        and any(line.category is CostCategory.FACILITY for line in quote.lines)
    )


@dataclass(frozen=True, slots=True)
class Housed:
    """A facility quote priced for one owned option's IT load."""

    quote: Quote
    lines: tuple[TcoLine, ...]

    @property
    def total_usd(self) -> float:
        """What housing the load there costs over the horizon."""
        return sum(line.amount_usd for line in self.lines)


def price_housing(b: _Builder, facility: Quote, kw: float) -> Housed | None:
    """``facility``'s lines priced for an IT load of ``kw`` over ``b``'s horizon.

    None when a line cannot be costed (no rate for its currency, no volume for a
    per-GB price): an incomplete facility cost is never offered as the cheapest.
    """
    priced = _Builder(facility, b.horizon, b.h, b.a, b.fx_rates, b.on)
    share = load_share(facility, kw)
    for index, line in enumerate(facility.lines):
        if line.kind is not LineKind.COST:
            continue
        fx = priced.fx(line.currency, _line_source(facility, index, line))
        if line.currency.upper() != "USD" and fx is None:
            return None
        _cost_line(priced, index, for_load(line, share), fx, 0, 0.0, kw, True)
    if not priced.complete or any(not line.costed for line in priced.lines):
        return None
    name = facility.vendor.name
    return Housed(
        facility, tuple(replace(line, label=f"{line.label} (at {name})") for line in priced.lines)
    )


COUNTED_UNITS = frozenset({PriceUnit.PER_MONTH, PriceUnit.PER_YEAR, PriceUnit.PER_UNIT})
"""Units of the facility lines whose quantity counts items sized to the load (cabinets)."""


def housed_in(lines: Sequence[TcoLine], facilities: Sequence[Quote]) -> Quote | None:
    """The facility quote whose lines a TCO option's ``lines`` include: where the option's
    hardware is housed (None: nowhere, or its own site)."""
    sources = {line.source for line in lines}
    for facility in facilities:
        own = {_line_source(facility, i, line) for i, line in enumerate(facility.lines)}
        if own & sources:
            return facility
    return None


def quoted_load_kw(facility: Quote) -> float:
    """The IT load the facility quote was sized for: its per-kW-month lines' kW (0: unstated)."""
    return sum(
        float(line.quantity)
        for line in facility.lines
        if line.price_unit is PriceUnit.PER_KW_MONTH and line.quantity is not None
    )


def load_share(facility: Quote, kw: float) -> float | None:
    """The owned load over the quoted load (None when the quote states no load)."""
    quoted = quoted_load_kw(facility)
    return kw / quoted if quoted > 0 else None


def for_load(line: QuoteLine, share: float | None) -> QuoteLine:
    """A facility line as it applies to the owned load: per kW-month for that load (no
    quantity: the owned kW is used); counted items scaled by ``share``, rounded up, at
    least one; anything else as quoted."""
    if line.price_unit is PriceUnit.PER_KW_MONTH:
        return replace(line, quantity=None)
    if share is None or line.quantity is None or line.price_unit not in COUNTED_UNITS:
        return line
    items = max(1, math.ceil(float(line.quantity) * share - 1e-9))
    return replace(line, quantity=Decimal(items))


def cheapest_housing(b: _Builder, facilities: Sequence[Quote], kw: float) -> Housed | None:
    """The facility quote that houses ``kw`` most cheaply (ties: the first by key)."""
    costed = [
        housed
        for facility in sorted(facilities, key=lambda q: q.key)
        if (housed := price_housing(b, facility, kw)) is not None
    ]
    return min(costed, key=lambda housed: housed.total_usd, default=None)


def house(b: _Builder, source: str, kw: float) -> bool:
    """Add the cheapest facility's lines for ``kw`` to ``b``; False when none can house it.

    The facility's currencies are recorded as used, so the TCO lists their rates.
    """
    housed = cheapest_housing(b, b.housings, kw) if kw > 0 else None
    if housed is None:
        return False
    for line in housed.lines:
        if line.fx is not None:
            b.fx(line.currency, line.source)
    b.lines.extend(housed.lines)
    b.housed_at = housed.quote.key
    of = f" (the cheapest of {len(b.housings)} facility quotes)" if len(b.housings) > 1 else ""
    share = load_share(housed.quote, kw)
    counted = (
        f"; the items it counts are scaled to {share:.0%} of the "
        f"{quoted_load_kw(housed.quote):,.0f} kW it was quoted for, rounded up"
        if share is not None
        else ""
    )
    b.problems.append(
        Problem(
            source,
            f"Housed at {housed.quote.label}{of}: its facility is priced for this option's "
            f"{kw:,.1f} kW of IT load, in place of the facility assumption{counted}",
            Severity.INFO,
        )
    )
    return True
