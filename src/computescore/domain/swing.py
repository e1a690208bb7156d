"""Swing weighting: weights the board can defend, asked on this evaluation's own ranges.

A weight means nothing without the range it moves across: "cost matters most" says
little; "moving cost from US$ 33.69 to US$ 6.74 per useful PFLOP-hour matters more than
moving reliability from 2 % to 0 % of the TCO lost to failures" says what the buyer
values. The method (Edwards & Barron's SWING, as used in public procurement):

1. show each axis's swing, from the worst to the best level quoted in this evaluation;
2. the buyer picks the swing they would most like to make and gives it 100 points;
3. every other swing gets 0–100 points for what it is worth compared with that one;
4. the weights are the points divided by their sum.

The answers are kept with the weights, so the pack can show how they were reached.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from computescore.domain.figures import MISSING, format_number
from computescore.domain.scoring.outputs import Scorecard
from computescore.domain.weights import AXES, Axis, Weights

SWING_SOURCE = "swing"
"""The ``Weights.source`` of weights derived by swing weighting."""


@dataclass(frozen=True, slots=True)
class Swing:
    """One axis's range in this evaluation: worst and best score, and what they stand for."""

    axis: Axis
    worst: float
    best: float
    worst_text: str
    best_text: str

    def span(self) -> str:
        """``from 29 (US$ 26.50 per useful PFLOP-hour) to 98 (US$ 7.34 …)``."""
        return f"from {self.worst:.0f} ({self.worst_text}) to {self.best:.0f} ({self.best_text})"

    def question(self) -> str:
        """``cost from 29 (US$ 26.50 per useful PFLOP-hour) to 98 (…)``."""
        return f"{self.axis.value} {self.span()}"


def _describe(axis: Axis, score: float, metric: float | None, unit: str) -> str:
    if metric is None:
        return f"score {score:.0f}"
    if axis is Axis.COST:
        return f"US$ {metric:,.2f} per useful PFLOP-hour"
    if axis is Axis.PERFORMANCE:
        return f"{format_number(metric)} useful TFLOP/s per accelerator"
    if axis is Axis.RELIABILITY:
        return f"US$ {metric:,.0f} expected net downtime loss"
    return f"{format_number(metric)} {unit}".strip()


def swings(card: Scorecard) -> tuple[Swing, ...]:
    """Each axis's worst and best score among the ranked quotes (missing figures left out)."""
    out = []
    for axis in AXES:
        points = []
        for score in card.ranked:
            item = score.axis(axis)
            if MISSING in item.flags:
                continue
            metric = item.metric.value if item.metric is not None else None
            unit = item.metric.unit if item.metric is not None else ""
            points.append((item.score, metric, unit))
        if not points:
            out.append(Swing(axis, 0.0, 100.0, "the worst level", "the best level"))
            continue
        worst = min(points, key=lambda p: p[0])
        best = max(points, key=lambda p: p[0])
        out.append(
            Swing(
                axis,
                worst[0],
                best[0],
                _describe(axis, *worst),
                _describe(axis, *best),
            )
        )
    return tuple(out)


def swing_weights(
    points: Mapping[Axis, float], ranges: tuple[Swing, ...] = ()
) -> tuple[Weights | None, str]:
    """Weights from swing points (the most wanted swing 100, the others 0–100).

    Returns:
        The weights (None when the points cannot be used) and a sentence: the reason they
        cannot, or how they were reached (for the pack).
    """
    values = {axis: float(points.get(axis, 0.0)) for axis in AXES}
    bad = [
        axis.value
        for axis, value in values.items()
        if not math.isfinite(value) or not 0.0 <= value <= 100.0
    ]
    if bad:
        return None, "swing points are 0–100; not: " + ", ".join(bad)
    if max(values.values()) != 100.0:
        return None, "give the swing you would most like to make 100 points"
    total = math.fsum(values.values())
    weights = {axis: value / total for axis, value in values.items()}
    by_axis = {swing.axis: swing for swing in ranges}
    parts = []
    for axis in sorted(AXES, key=lambda a: -values[a]):
        swing = by_axis.get(axis)
        what = f" ({swing.span()})" if swing is not None else ""
        parts.append(f"{axis.value} {values[axis]:g} points{what}")
    rationale = (
        "Swing weighting on this evaluation's ranges: " + "; ".join(parts) + ". Weight = "
        "points ÷ their sum."
    )
    return Weights(weights, SWING_SOURCE, rationale), rationale
