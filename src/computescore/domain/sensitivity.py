"""How robust the ranking and the costs are: margin, flip weights and a TCO tornado.

* **Margin** — the winner's weighted total minus the runner-up's, in points (0–100 scale).
* **Flip weight** — for each axis, the nearest weight of that axis (the others rescaled
  proportionally so the weights still sum to 1) at which another qualified quote
  ties the winner; just beyond it the winner changes. Each quote's total is linear
  in that weight, so the crossing is solved exactly.
* **Tornado** — each uncertain input moved ±x % on its own (hours of use per day,
  energy price, MFU — or the measured tokens/s when the useful work comes from it —,
  FX of foreign currencies, residual value), showing the headline TCO and the cost
  per useful PFLOP-hour at both ends. MFU changes the cost per useful unit, not the
  money spent. A quote with several options takes at each end the option it would
  choose there (fewer hours of use can make on-demand cheaper than a reservation).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from computescore.domain.figures import UNMEASURED, Figure, Input
from computescore.domain.scoring import QuoteScore, Scorecard
from computescore.domain.tco import (
    DAYS_PER_MONTH,
    Assumptions,
    Tco,
    UsefulBasis,
    choice_at,
)
from computescore.domain.tco.throughput import SERVED_FORMULA, throughput_factor
from computescore.domain.units import MONTHS_PER_YEAR
from computescore.domain.weights import AXES, Axis, Weights
from computescore.vocabulary import assumption_label, assumption_unit


def winner_margin(scorecard: Scorecard) -> Figure | None:
    """Winner's weighted total minus the runner-up's, in points; None with fewer than two."""
    ranked = scorecard.ranked
    if len(ranked) < 2:
        return None
    first, second = ranked[0], ranked[1]
    return Figure(
        "Winner's margin",
        first.weighted_total - second.weighted_total,
        "points",
        "winner's weighted total − runner-up's",
        (
            Input(first.label, first.weighted_total, "points"),
            Input(second.label, second.weighted_total, "points"),
        ),
    )


@dataclass(frozen=True, slots=True)
class FlipWeight:
    """The smallest change of one axis weight that changes the winner.

    ``flips_at`` is None when no weight of this axis (0–1) changes the winner.
    """

    axis: Axis
    current: float
    flips_at: float | None
    change: float | None
    new_winner_key: str | None
    new_winner_label: str
    explanation: str


def _rest(score: QuoteScore, weights: Weights, axis: Axis) -> float:
    """The other axes' contribution per unit of their combined weight."""
    others = [a for a in AXES if a is not axis]
    total = math.fsum(weights.weight(a) for a in others)
    if total <= 0:
        return math.fsum(score.axis(a).score for a in others) / len(others)
    return math.fsum(weights.weight(a) * score.axis(a).score for a in others) / total


def _flip_for_axis(ranked: Sequence[QuoteScore], weights: Weights, axis: Axis) -> FlipWeight:
    winner = ranked[0]
    current = weights.weight(axis)
    best: tuple[float, float, QuoteScore] | None = None
    rest_w = _rest(winner, weights, axis)
    for challenger in ranked[1:]:
        a = winner.axis(axis).score - challenger.axis(axis).score
        b = rest_w - _rest(challenger, weights, axis)
        # Difference of totals at weight x: a·x + b·(1 − x); zero at x = b / (b − a).
        if b == a:
            continue
        crossing = b / (b - a)
        if not 0.0 <= crossing <= 1.0:
            continue
        # At 0 % or 100 % there is no "beyond": a tie there changes the winner only when
        # the tie-break (quote key) favours the challenger.
        at_edge = (
            crossing in (0.0, 1.0)
            or math.isclose(crossing, 0.0, abs_tol=1e-12)
            or math.isclose(crossing, 1.0, abs_tol=1e-12)
        )
        if at_edge and challenger.quote_key > winner.quote_key:
            continue
        distance = abs(crossing - current)
        if (
            best is None
            or distance < best[0]
            or (distance == best[0] and challenger.quote_key < best[2].quote_key)
        ):
            best = (distance, crossing, challenger)
    if best is None:
        return FlipWeight(
            axis,
            current,
            None,
            None,
            None,
            "",
            f"no weight of {axis.value} from 0 to 100 % changes the winner ({winner.label})",
        )
    _, crossing, challenger = best
    change = crossing - current
    if change == 0:
        text = f"{winner.label} and {challenger.label} are tied at the current weights"
    else:
        direction = "raising" if change > 0 else "lowering"
        text = (
            f"{direction} the {axis.value} weight from {current:.1%} to {crossing:.1%} "
            f"({f'{change * 100:+.1f}'.replace('-', '−')} percentage points, the other weights "
            f"rescaled) makes "
            f"{challenger.label} tie {winner.label}; "
            + (
                f"{challenger.label} then wins on the tie-break"
                if crossing in (0.0, 1.0)
                else f"beyond it {challenger.label} wins"
            )
        )
    return FlipWeight(axis, current, crossing, change, challenger.quote_key, challenger.label, text)


def flip_weights(scorecard: Scorecard) -> tuple[FlipWeight, ...]:
    """For each axis, the nearest weight at which the winner changes (see module notes)."""
    ranked = scorecard.ranked
    if len(ranked) < 2:
        return ()
    return tuple(_flip_for_axis(ranked, scorecard.weights, axis) for axis in AXES)


def smallest_flip(flips: Sequence[FlipWeight]) -> FlipWeight | None:
    """The flip needing the smallest absolute weight change, or None when no axis flips."""
    usable = [flip for flip in flips if flip.change is not None]
    if not usable:
        return None
    return min(usable, key=lambda flip: (abs(flip.change or 0.0), AXES.index(flip.axis)))


# ----------------------------------------------------------------------------- tornado


@dataclass(frozen=True, slots=True)
class TornadoBar:
    """One uncertain input moved down and up by the tornado's percentage.

    Attributes:
        name: the input ("hours of use per day").
        unit: the input's unit.
        base_value, low_value, high_value: the input's values.
        low_usd, high_usd: headline TCO at the low and high input value.
        low_unit_usd, high_unit_usd: cost per useful PFLOP-hour at each end (None when unknown).
        swing_usd: |high_usd − low_usd|.
        note: what the input does and does not move.
    """

    name: str
    unit: str
    base_value: float
    low_value: float
    high_value: float
    low_usd: float
    high_usd: float
    low_unit_usd: float | None
    high_unit_usd: float | None
    swing_usd: float
    note: str = ""


@dataclass(frozen=True, slots=True)
class Tornado:
    """The tornado of one quote: bars sorted by swing (largest first)."""

    quote_key: str
    label: str
    pct: float
    base_usd: float
    base_unit_usd: float | None
    bars: tuple[TornadoBar, ...]


ASSUMED_MFU_SPREAD = 2.5
"""How much wider an assumed MFU's range is than the other inputs' (±50 % at ±20 %)."""


def unit_cost(
    tco: Tco,
    headline_usd: float,
    hours_per_day: float,
    throughput_factor: float = 1.0,
    useful_pflops: float | None = None,
) -> float | None:
    """Headline ÷ useful PFLOP-hours at these inputs (USD/PFLOP-h), None when unknown.

    ``throughput_factor`` scales the quote's useful throughput (0.8 = MFU or measured
    tokens/s 20 % lower). ``useful_pflops`` is the useful PFLOP/s of the option in use
    when it is not the TCO's chosen one.
    """
    rate = useful_pflops if useful_pflops is not None else tco.useful_pflops_total
    if not rate:
        return None
    useful = rate * throughput_factor * hours_per_day * tco.horizon_months * DAYS_PER_MONTH
    return headline_usd / useful if useful > 0 else None


def tornado(tco: Tco, assumptions: Assumptions, pct: float = 0.2) -> Tornado:
    """Headline TCO and cost per useful PFLOP-hour with each uncertain input moved ±``pct``.

    Hours per day are kept within 0–24 and MFU within 0–1; an assumed (unmeasured) MFU
    moves ±:data:`ASSUMED_MFU_SPREAD` × ``pct``. The resale bar moves what owned
    hardware is worth at the horizon's end by ±``pct`` (not the end-of-life fraction,
    which moves it far less). The FX bar moves every foreign currency's USD value
    together.
    """
    h0 = tco.hours_per_day
    e0 = assumptions.energy_usd_per_kwh
    r0 = assumptions.residual_fraction
    m0 = tco.mfu.value

    def at(h: float, e: float, r: float, fx: float) -> tuple[float, float | None]:
        value, rate, _ = choice_at(tco, h, e, r, fx)
        return value, rate

    base, base_rate = at(h0, e0, r0, 1.0)
    base_unit = unit_cost(tco, base, h0, useful_pflops=base_rate)

    def factor(mfu: float) -> float:
        moved = mfu / m0 if m0 > 0 else 1.0
        return float(throughput_factor(tco.useful_rate, moved))

    def bar(
        name: str,
        unit: str,
        base_value: float,
        low: float,
        high: float,
        low_at: tuple[float, float, float, float, float],
        high_at: tuple[float, float, float, float, float],
        note: str,
    ) -> TornadoBar:
        low_usd, low_rate = at(low_at[0], low_at[1], low_at[2], low_at[4])
        high_usd, high_rate = at(high_at[0], high_at[1], high_at[2], high_at[4])
        return TornadoBar(
            name,
            unit,
            base_value,
            low,
            high,
            low_usd,
            high_usd,
            unit_cost(tco, low_usd, low_at[0], factor(low_at[3]), low_rate),
            unit_cost(tco, high_usd, high_at[0], factor(high_at[3]), high_rate),
            abs(high_usd - low_usd),
            note,
        )

    down, up = 1.0 - pct, 1.0 + pct
    h_lo, h_hi = max(0.0, h0 * down), min(24.0, h0 * up)
    # An assumed MFU is far less certain than a measured one: it moves ±2.5 × pct.
    spread = pct * (ASSUMED_MFU_SPREAD if UNMEASURED in tco.mfu.flags else 1.0)
    m_lo, m_hi = max(0.0, m0 * (1 - spread)), min(1.0, m0 * (1 + spread))
    # The resale price at the horizon's end moves ±pct: value = price × (1 − d + d × r),
    # d = min(1, horizon / depreciation life), so r moves by pct × (1 − d + d × r) / d.
    d = min(1.0, tco.horizon_months / (assumptions.depreciation_years * MONTHS_PER_YEAR))
    resale = 1.0 - d + d * r0
    step = pct * resale / d if d > 0 else 0.0
    r_lo, r_hi = r0 - step, r0 + step
    has_foreign = any(line.model.foreign for line in tco.lines)
    tokens = tco.useful_basis is UsefulBasis.MEASURED_TOKENS and tco.tokens_per_second
    if tokens:
        # The useful work comes from the measured tokens/s: that is what moves.
        t0 = float(tco.tokens_per_second or 0.0)
        served = tco.useful_rate is not None and tco.useful_rate.formula == SERVED_FORMULA
        # Served over the token mix, the measured rate is the generating one: only that moves.
        name = "measured generated tokens" if served else "measured throughput"
        throughput = (name, "tokens/s", t0, t0 * down, t0 * up)
        m_lo, m_hi = m0 * down, m0 * up
    else:
        throughput = ("MFU", "", m0, m_lo, m_hi)
    bars = [
        bar(
            assumption_label("hours_per_day"),
            assumption_unit("hours_per_day"),
            h0,
            h_lo,
            h_hi,
            (h_lo, e0, r0, m0, 1.0),
            (h_hi, e0, r0, m0, 1.0),
            "moves rented hours, energy in use and operations",
        ),
        bar(
            assumption_label("energy_usd_per_kwh"),
            assumption_unit("energy_usd_per_kwh"),
            e0,
            e0 * down,
            e0 * up,
            (h0, e0 * down, r0, m0, 1.0),
            (h0, e0 * up, r0, m0, 1.0),
            "moves the energy lines of owned capacity",
        ),
        bar(
            *throughput,
            (h0, e0, r0, m_lo, 1.0),
            (h0, e0, r0, m_hi, 1.0),
            "moves the cost per useful unit, not the money spent",
        ),
        bar(
            "exchange rates",
            assumption_unit("fx_factor"),
            1.0,
            down,
            up,
            (h0, e0, r0, m0, down),
            (h0, e0, r0, m0, up),
            "the USD value of lines quoted in other currencies"
            if has_foreign
            else "every line is in USD",
        ),
        bar(
            "resale value at the end",
            "of price",
            resale,
            resale * down,
            resale * up,
            (h0, e0, r_lo, m0, 1.0),
            (h0, e0, r_hi, m0, 1.0),
            "moves what owned hardware sells for at the horizon's end",
        ),
    ]
    bars.sort(key=lambda item: (-item.swing_usd, item.name))
    return Tornado(tco.quote_key, tco.quote_label, pct, base, base_unit, tuple(bars))
