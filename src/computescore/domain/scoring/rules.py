"""Scoring rules: linear scales and the settings of the five axes."""

from __future__ import annotations

from dataclasses import dataclass, field

from computescore.domain.figures import (
    format_number,
)
from computescore.domain.weights import Axis


@dataclass(frozen=True, slots=True)
class LinearScale:
    """Linear map from a metric to 0–100: ``floor`` scores 0, ``ideal`` scores 100, clamped.

    ``ideal`` may be below ``floor`` when lower is better (response times, losses).
    """

    floor: float
    ideal: float
    unit: str = ""

    def score(self, value: float) -> float:
        """The 0–100 score of ``value``."""
        span = self.ideal - self.floor
        if span == 0:
            return 100.0 if value == self.ideal else 0.0
        return min(100.0, max(0.0, 100.0 * (value - self.floor) / span))

    def text(self) -> str:
        """``linear: 480 min → 0, 15 min → 100``."""
        unit = f" {self.unit}" if self.unit else ""
        return (
            f"linear: {format_number(self.floor)}{unit} → 0, "
            f"{format_number(self.ideal)}{unit} → 100"
        )


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The scales and thresholds behind the scores; every one is a user setting.

    ``performance_scale`` and ``cost_scale`` are the stated anchors of those two axes
    (see :mod:`computescore.domain.scoring.scales`); None scores the axis relative to
    the best quote present. ``worst_when_missing`` lists the axes on which a missing
    figure scores 0 instead of the neutral ``missing_score``.
    """

    missing_score: float = 50.0
    reliability_loss_pct: LinearScale = field(
        default_factory=lambda: LinearScale(5.0, 0.0, "% of TCO")
    )
    sev1_minutes: LinearScale = field(default_factory=lambda: LinearScale(480.0, 15.0, "min"))
    sev2_minutes: LinearScale = field(default_factory=lambda: LinearScale(1440.0, 60.0, "min"))
    expert_hours: LinearScale = field(default_factory=lambda: LinearScale(0.0, 40.0, "h/month"))
    coverage_24x7_score: float = 100.0
    coverage_business_score: float = 40.0
    warning_penalty: float = 15.0
    performance_scale: LinearScale | None = None
    cost_scale: LinearScale | None = None
    scales_origin: str = ""
    worst_when_missing: frozenset[Axis] = frozenset()

    def missing_value(self, axis: Axis) -> float:
        """The score of ``axis`` when its figure is missing: neutral, or 0 when chosen."""
        return 0.0 if axis in self.worst_when_missing else self.missing_score
