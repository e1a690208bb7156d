"""Monte Carlo over the uncertain inputs: P10 / P50 / P90 TCO and the chance of ranking first.

Each uncertain input follows a triangular distribution given as (low, likely, high):

* hours of use per day, the energy price and the residual fraction are shared by all
  quotes in a sample (they describe the buyer's world);
* the FX factor multiplies the USD value of every foreign currency, shared by all quotes;
* the MFU factor multiplies each quote's MFU independently (each vendor's performance
  is its own uncertainty).

A quote's headline TCO is affine in these inputs (see
:func:`computescore.domain.tco.headline_coefficients`), so every sample of every
quote is one row of a matrix product. A quote with several options (compute lines
priced for the workload) takes in each sample the option it would choose at that
sample's inputs, as its TCO does at the planned ones: at fewer hours of use an
on-demand option can overtake a reservation. Given the scorecard, each sample is re-scored
on the two axes the inputs move (cost per useful unit and performance, on the
evaluation's stated scales, or relative to the best quote in that sample when the
relative scale was chosen); the other axes keep their scores. A quote whose TCO is
incomplete keeps its cost score of 0 and gets no TCO percentiles. The
MFU factor scales each quote's useful throughput, whether it comes from peak × MFU
or from measured tokens/s. Quotes without compute lines (supporting quotes) get
their TCO percentiles but compete neither for the lowest TCO nor for first place.
The random generator is seeded so a run can be repeated exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from computescore.domain.figures import MISSING
from computescore.domain.problems import Problem
from computescore.domain.scoring import Scorecard
from computescore.domain.scoring.rules import LinearScale
from computescore.domain.tco import (
    DAYS_PER_MONTH,
    Assumptions,
    Tco,
    comparable_options,
    headline_coefficients,
)
from computescore.domain.tco.throughput import throughput_factor
from computescore.domain.weights import AXES, Axis

FloatArray = npt.NDArray[np.float64]

DEFAULT_SEED = 20_260_101
"""Seed used when the caller gives none, so repeated runs agree."""


@dataclass(frozen=True, slots=True)
class Triangular:
    """A (low, likely, high) range; low = likely = high is a fixed value."""

    low: float
    likely: float
    high: float

    def valid(self) -> bool:
        """True when low ≤ likely ≤ high and all are finite."""
        values = (self.low, self.likely, self.high)
        return all(np.isfinite(values)) and self.low <= self.likely <= self.high

    def sample(self, uniform: FloatArray) -> FloatArray:
        """Inverse-CDF transform of uniform(0, 1) draws; exact for zero-width ranges."""
        low, mode, high = self.low, self.likely, self.high
        width = high - low
        if width <= 0:
            return np.full_like(uniform, low)
        split = (mode - low) / width
        left = low + np.sqrt(uniform * width * (mode - low))
        right = high - np.sqrt((1.0 - uniform) * width * (high - mode))
        return np.where(uniform < split, left, right)


@dataclass(frozen=True, slots=True)
class UncertainRanges:
    """The ranges of the uncertain inputs (see module notes for what each moves)."""

    hours_per_day: Triangular
    energy_usd_per_kwh: Triangular
    residual_fraction: Triangular
    mfu_factor: Triangular
    fx_factor: Triangular
    missing_uniform: bool = True
    """Draw each figure missing from a quote anywhere in 0–100 (False: keep the neutral)."""
    downtime_factor: Triangular = Triangular(1.0, 1.0, 1.0)
    """Multiplies each quote's expected net downtime loss (drawn per quote): vendors' failure
    rates and repair times are their own statements, more often too low than too high."""


def default_ranges(
    hours_per_day: float, assumptions: Assumptions, spread: float = 0.2
) -> UncertainRanges:
    """±``spread`` around the likely values (hours capped at 24, fractions at 1)."""

    def around(value: float, cap: float | None = None) -> Triangular:
        high = value * (1 + spread)
        return Triangular(value * (1 - spread), value, min(high, cap) if cap else high)

    return UncertainRanges(
        hours_per_day=around(hours_per_day, 24.0),
        energy_usd_per_kwh=around(assumptions.energy_usd_per_kwh),
        residual_fraction=around(assumptions.residual_fraction, 1.0),
        mfu_factor=around(1.0),
        fx_factor=around(1.0),
        missing_uniform=spread > 0,
        # ±20 % on the inputs → the downtime loss from half to twice the stated one.
        downtime_factor=Triangular(max(0.0, 1.0 - 2.5 * spread), 1.0, 1.0 + 5.0 * spread),
    )


def fixed_ranges(hours_per_day: float, assumptions: Assumptions) -> UncertainRanges:
    """Zero-width ranges at the deterministic values (the Monte Carlo then reproduces them)."""
    return default_ranges(hours_per_day, assumptions, spread=0.0)


@dataclass(frozen=True, slots=True)
class QuoteDistribution:
    """One quote's simulated results.

    Attributes:
        quote_key, label: the quote.
        p10_usd, p50_usd, p90_usd: percentiles of the headline TCO (USD); None when the
            TCO is incomplete (a line without a rate or price): its partial total is no
            cost to simulate.
        p10_unit_usd, p50_unit_usd, p90_unit_usd: percentiles of the cost per useful
            PFLOP-hour (None when the useful compute is unknown).
        probability_lowest_tco: share of samples in which it has the lowest headline TCO
            among the compute offers with a complete TCO (None for a quote without
            compute lines).
        probability_first: share of samples in which it ranks first on the weighted
            score (None without a scorecard, when disqualified or for a quote without
            compute lines).
    """

    quote_key: str
    label: str
    p10_usd: float | None
    p50_usd: float | None
    p90_usd: float | None
    p10_unit_usd: float | None
    p50_unit_usd: float | None
    p90_unit_usd: float | None
    probability_lowest_tco: float | None
    probability_first: float | None


@dataclass(frozen=True, slots=True)
class MonteCarloResult:
    """The simulation's inputs and per-quote results."""

    samples: int
    seed: int
    ranges: UncertainRanges
    quotes: tuple[QuoteDistribution, ...]
    problems: tuple[Problem, ...] = ()
    notes: tuple[str, ...] = ()


def _validate(ranges: UncertainRanges) -> list[Problem]:
    problems = []
    for name in (
        "hours_per_day",
        "energy_usd_per_kwh",
        "residual_fraction",
        "mfu_factor",
        "fx_factor",
        "downtime_factor",
    ):
        item: Triangular = getattr(ranges, name)
        if not item.valid() or item.low < 0:
            problems.append(
                Problem(
                    f"monte_carlo:{name}",
                    "the range must satisfy 0 ≤ low ≤ likely ≤ high",
                    found=f"({item.low}, {item.likely}, {item.high})",
                )
            )
    if ranges.hours_per_day.high > 24:
        problems.append(
            Problem(
                "monte_carlo:hours_per_day",
                "hours per day cannot exceed 24",
                found=str(ranges.hours_per_day.high),
            )
        )
    return problems


def run_monte_carlo(
    tcos: Sequence[Tco],
    ranges: UncertainRanges,
    samples: int = 10_000,
    seed: int = DEFAULT_SEED,
    scorecard: Scorecard | None = None,
) -> MonteCarloResult:
    """Simulate the quotes' headline TCO under the ranges; optionally the ranking too.

    Args:
        tcos: one TCO per quote.
        ranges: the uncertain inputs' triangular ranges.
        samples: number of joint samples.
        seed: seed of the random generator.
        scorecard: the deterministic scorecard; when given, each sample is re-scored
            and the probability of ranking first is reported.

    Returns:
        Percentiles per quote and the probabilities; invalid ranges return no quotes
        and the problems.
    """
    problems = _validate(ranges)
    if problems or not tcos or samples <= 0:
        return MonteCarloResult(samples, seed, ranges, (), tuple(problems))
    ordered = sorted(tcos, key=lambda t: t.quote_key)
    n = len(ordered)
    rng = np.random.default_rng(seed)
    shared = rng.random((4, samples))
    h = ranges.hours_per_day.sample(shared[0])
    e = ranges.energy_usd_per_kwh.sample(shared[1])
    r = ranges.residual_fraction.sample(shared[2])
    f = ranges.fx_factor.sample(shared[3])
    # The MFU's factor, turned into each quote's throughput factor: over a serving token
    # mix, or at the decode step's bound, the useful throughput moves less than the MFU.
    mfu_factor = ranges.mfu_factor.sample(rng.random((n, samples)))
    mfu_factor = np.stack(
        [throughput_factor(t.useful_rate, mfu_factor[i]) for i, t in enumerate(ordered)]
    )
    loss_factor = ranges.downtime_factor.sample(rng.random((n, samples)))
    basis = np.stack([np.ones(samples), h, e, e * h, r])
    totals, rate = _chosen_totals(ordered, basis, f)
    months = np.array([t.horizon_months for t in ordered], dtype=np.float64)
    useful = rate * (months * DAYS_PER_MONTH)[:, None] * mfu_factor * h[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        unit = np.where(useful > 0, totals / useful, np.nan)
    total_pct = np.percentile(totals, [10, 50, 90], axis=1)
    unit_pct = np.full((3, n), np.nan)
    known: npt.NDArray[np.bool_] = np.all(rate > 0, axis=1)
    if known.any():
        unit_pct[:, known] = np.percentile(unit[known], [10, 50, 90], axis=1)
    complete = np.array([t.complete and t.compute_offer for t in ordered])
    lowest = np.zeros(n)
    if complete.any():
        masked = np.where(complete[:, None], totals, np.inf)
        winners = np.argmin(masked, axis=0)
        lowest = np.bincount(winners, minlength=n) / samples
    first: FloatArray | None = None
    notes: list[str] = []
    ranked_incomplete = [
        t.quote_label
        for t in ordered
        if scorecard is not None
        and not t.complete
        and any(s.quote_key == t.quote_key for s in scorecard.ranked)
    ]
    if scorecard is not None and ranked_incomplete:
        notes.append(
            "the chance of ranking first is not given while a ranked quote's cost is "
            "incomplete: its true cost could change the order"
        )
    elif scorecard is not None:
        unknown = rng if ranges.missing_uniform else None
        first = _probability_first(
            ordered, scorecard, totals, rate, (mfu_factor, loss_factor), h, samples, unknown
        )
        rules = scorecard.rules
        how = (
            "on the evaluation's stated scales"
            if rules.cost_scale is not None and rules.performance_scale is not None
            else "relative to the best quote in that sample where the scale is relative"
        )
        drawn_note = (
            ", except that a figure scored at the neutral value because it is missing is "
            "drawn anywhere from 0 to 100 in each sample"
            if unknown is not None
            else ""
        )
        notes.append(
            f"each sample re-scores cost and performance {how}, and reliability with the "
            "expected downtime loss drawn from "
            f"{ranges.downtime_factor.low:g}× to {ranges.downtime_factor.high:g}× the stated "
            f"one; service and compliance keep their scores{drawn_note}"
        )
    incomplete = [t.quote_label for t in ordered if not t.complete]
    if incomplete:
        notes.append(
            "TCO percentiles are not given for an incomplete TCO (a line without a rate or "
            "price), and such a compute offer keeps its cost score of 0: " + ", ".join(incomplete)
        )
    qualified = {s.quote_key for s in scorecard.ranked} if scorecard is not None else set()
    results = []
    for index, tco in enumerate(ordered):
        whole = tco.complete
        has_unit = bool(known[index]) and whole
        results.append(
            QuoteDistribution(
                tco.quote_key,
                tco.quote_label,
                float(total_pct[0, index]) if whole else None,
                float(total_pct[1, index]) if whole else None,
                float(total_pct[2, index]) if whole else None,
                float(unit_pct[0, index]) if has_unit else None,
                float(unit_pct[1, index]) if has_unit else None,
                float(unit_pct[2, index]) if has_unit else None,
                float(lowest[index]) if tco.compute_offer else None,
                float(first[index]) if first is not None and tco.quote_key in qualified else None,
            )
        )
    return MonteCarloResult(samples, seed, ranges, tuple(results), (), tuple(notes))


def _chosen_totals(
    ordered: Sequence[Tco], basis: FloatArray, fx: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """Each quote's headline TCO and useful PFLOP/s per sample, on the option it would choose.

    A quote with several comparable options takes, in each sample, the option with
    the lowest headline ÷ useful PFLOP/s (the lowest headline when some option's
    useful compute is unknown), as :func:`computescore.domain.tco.choice_at` does.

    Returns:
        (headline TCO in USD, useful PFLOP/s), both quotes × samples.
    """
    n, samples = len(ordered), basis.shape[1]
    totals = np.empty((n, samples))
    rate = np.empty((n, samples))
    columns = np.arange(samples)
    for index, tco in enumerate(ordered):
        pool = comparable_options(tco)
        if len(pool) <= 1:
            domestic, foreign = (np.array(c, dtype=np.float64) for c in headline_coefficients(tco))
            totals[index] = domestic @ basis + (foreign @ basis) * fx
            rate[index] = tco.useful_pflops_total or 0.0
            continue
        domestic_k = np.array([o.coefficients[0] for o in pool], dtype=np.float64)
        foreign_k = np.array([o.coefficients[1] for o in pool], dtype=np.float64)
        option_totals = domestic_k @ basis + (foreign_k @ basis) * fx[None, :]
        rates = np.array([o.useful_pflops_total or 0.0 for o in pool], dtype=np.float64)
        key = option_totals / rates[:, None] if (rates > 0).all() else option_totals
        pick = np.argmin(key, axis=0)
        totals[index] = option_totals[pick, columns]
        rate[index] = rates[pick]
    return totals, rate


def _linear(values: FloatArray, scale: LinearScale) -> FloatArray:
    """:meth:`LinearScale.score` over an array."""
    span = scale.ideal - scale.floor
    result: FloatArray = np.clip(100.0 * (values - scale.floor) / span, 0.0, 100.0)
    return result


def _cost_points(
    unit: FloatArray, benchmark: npt.NDArray[np.bool_], scale: LinearScale | None
) -> FloatArray:
    """Cost scores (rows × samples) of the cost per useful unit: stated scale or relative."""
    if scale is not None:
        finite = np.where(np.isfinite(unit), unit, np.inf)
        return _linear(finite, scale)
    if not benchmark.any():
        return np.zeros_like(unit)
    best = np.min(unit[benchmark], axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        relative = np.where(unit > 0, 100.0 * best[None, :] / unit, 0.0)
    result: FloatArray = np.minimum(relative, 100.0)
    return result


def _performance_points(
    values: FloatArray, benchmark: npt.NDArray[np.bool_], scale: LinearScale | None
) -> FloatArray:
    """Performance scores (rows × samples): stated scale or relative to the best."""
    if scale is not None:
        return _linear(values, scale)
    if not benchmark.any():
        return np.zeros_like(values)
    best = np.max(values[benchmark], axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        relative = np.where(best > 0, 100.0 * values / best[None, :], 0.0)
    result: FloatArray = np.minimum(relative, 100.0)
    return result


def _sampled_axes(
    keys: Sequence[str],
    scores: Mapping[str, Any],
    scorecard: Scorecard,
    *,
    drawing: bool,
) -> tuple[FloatArray, FloatArray, npt.NDArray[np.bool_], FloatArray, list[tuple[int, float]]]:
    """Which axis of each quote moves with the samples, and the weighted part that does not.

    Returns the performance metric (NaN where not sampled), the net downtime loss (NaN
    likewise), whether the cost is re-scored, the constant part of each total, and the
    (quote, weight) of each missing figure drawn at random when ``drawing``.
    """
    n = len(keys)
    weights = scorecard.weights
    perf_value = np.full(n, np.nan)
    loss_value = np.full(n, np.nan)
    cost_known = np.zeros(n, dtype=bool)
    constant = np.zeros(n)
    drawn: list[tuple[int, float]] = []
    worst = scorecard.rules.worst_when_missing
    for index, key in enumerate(keys):
        score = scores.get(key)
        if score is None:
            continue
        for axis in AXES:
            item = score.axis(axis)
            weight = weights.weight(axis)
            missing = MISSING in item.flags
            known = not missing and item.metric is not None
            if missing and drawing and axis not in worst:
                drawn.append((index, weight))
            elif known and axis is Axis.PERFORMANCE:
                perf_value[index] = item.metric.value
            elif known and axis is Axis.COST:
                cost_known[index] = True
            elif known and axis is Axis.RELIABILITY:
                loss_value[index] = item.metric.value
            else:
                constant[index] += weight * item.score
    return perf_value, loss_value, cost_known, constant, drawn


def _probability_first(
    ordered: Sequence[Tco],
    scorecard: Scorecard,
    totals: FloatArray,
    rate: FloatArray,
    factors: tuple[FloatArray, FloatArray],
    h: FloatArray,
    samples: int,
    unknown: np.random.Generator | None = None,
) -> FloatArray:
    """Share of samples in which each quote has the highest weighted total.

    With ``unknown``, each figure scored at the neutral value because it is missing is
    drawn uniformly from 0–100 in each sample (only for those figures, to keep memory
    low); without it the neutral value is kept.
    """
    n = len(ordered)
    mfu_factor, loss_factor = factors
    weights = scorecard.weights
    keys = [t.quote_key for t in ordered]
    scores = {s.quote_key: s for s in scorecard.scores}
    qualified = np.array([k in scores and scores[k].rank is not None for k in keys])
    if not qualified.any():
        return np.zeros(n)
    parts = _sampled_axes(keys, scores, scorecard, drawing=unknown is not None)
    perf_value, loss_value, cost_known, constant, drawn = parts
    months = np.array([t.horizon_months for t in ordered], dtype=np.float64)
    w_cost = weights.weight(Axis.COST)
    w_perf = weights.weight(Axis.PERFORMANCE)
    # Accumulate the weighted total in one (quotes × samples) array to keep memory low.
    total = np.empty((n, samples))
    total[:] = constant[:, None]
    if unknown is not None:
        for index, weight in drawn:
            total[index] += weight * 100.0 * unknown.random(samples)
    rows = np.flatnonzero(cost_known)
    if rows.size:
        denominator = (
            rate[rows] * (months[rows] * DAYS_PER_MONTH)[:, None] * mfu_factor[rows] * h[None, :]
        )
        with np.errstate(divide="ignore", invalid="ignore"):
            unit = np.where(denominator > 0, totals[rows] / denominator, np.inf)
        del denominator
        total[rows] += w_cost * _cost_points(unit, qualified[rows], scorecard.rules.cost_scale)
    loss_rows = np.flatnonzero(~np.isnan(loss_value))
    if loss_rows.size:
        with np.errstate(divide="ignore", invalid="ignore"):
            share = np.where(
                totals[loss_rows] > 0,
                100.0 * loss_value[loss_rows][:, None] * loss_factor[loss_rows] / totals[loss_rows],
                0.0,
            )
        total[loss_rows] += weights.weight(Axis.RELIABILITY) * _linear(
            share, scorecard.rules.reliability_loss_pct
        )
    perf_rows = np.flatnonzero(~np.isnan(perf_value))
    if perf_rows.size:
        values = perf_value[perf_rows][:, None] * mfu_factor[perf_rows]
        total[perf_rows] += w_perf * _performance_points(
            values, qualified[perf_rows], scorecard.rules.performance_scale
        )
    total[~qualified] = -np.inf
    # Ties go to the first quote in key order, as in the deterministic ranking.
    winners = np.argmax(np.round(total, 9, out=total), axis=0)
    result: FloatArray = np.bincount(winners, minlength=n) / samples
    return result
