"""Scorecard axes and their weights: presets per workload class, edits, normalisation.

The presets ship in ``resources/presets/weights.json``; the service layer reads the
file and hands the parsed mapping to :func:`presets_from_data`. Weights are always
normalised to sum to 1 before use.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from computescore.domain.problems import Problem, Severity
from computescore.domain.workload import WorkloadClass


class Axis(StrEnum):
    """The five axes of seed 000's vendor scorecard."""

    PERFORMANCE = "performance"
    RELIABILITY = "reliability"
    COST = "cost"
    SERVICE = "service"
    COMPLIANCE = "compliance"


AXES: tuple[Axis, ...] = tuple(Axis)
"""The axes in display order."""


@dataclass(frozen=True, slots=True)
class Weights:
    """Normalised axis weights (each 0–1, summing to 1) and where they came from.

    Build them with :func:`normalise_weights`, never directly from raw numbers.
    """

    by_axis: Mapping[Axis, float]
    source: str = ""
    rationale: str = ""

    def weight(self, axis: Axis) -> float:
        """The weight of ``axis`` (0 when absent)."""
        return self.by_axis.get(axis, 0.0)

    def as_dict(self) -> dict[str, float]:
        """``{"performance": 0.2, …}`` in axis order."""
        return {axis.value: self.weight(axis) for axis in AXES}


def normalise_weights(
    raw: Mapping[str, float] | Mapping[Axis, float], source: str = "user", rationale: str = ""
) -> tuple[Weights | None, tuple[Problem, ...]]:
    """Scale non-negative raw weights so they sum to 1.

    Missing axes weigh 0. Unknown axis names, negative or non-numeric values are
    problems; weights that sum to zero give no :class:`Weights` at all.

    Returns:
        The normalised weights (None when unusable) and the problems found.
    """
    problems: list[Problem] = []
    values: dict[Axis, float] = dict.fromkeys(AXES, 0.0)
    for key, value in raw.items():
        name = key.value if isinstance(key, Axis) else str(key).strip().lower()
        where = f"weights:{source}:{name}"
        try:
            axis = Axis(name)
        except ValueError:
            problems.append(
                Problem(
                    where,
                    "unknown axis; ignored",
                    Severity.WARNING,
                    expected=", ".join(a.value for a in AXES),
                )
            )
            continue
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not math.isfinite(value)
        ):
            problems.append(Problem(where, "a weight must be a number", found=repr(value)))
            continue
        if value < 0:
            problems.append(Problem(where, "a weight cannot be negative", found=repr(value)))
            continue
        values[axis] = float(value)
    total = math.fsum(values.values())
    if total <= 0:
        problems.append(
            Problem(
                f"weights:{source}",
                "the weights sum to zero",
                expected="at least one positive weight",
            )
        )
        return None, tuple(problems)
    normalised = {axis: value / total for axis, value in values.items()}
    return Weights(normalised, source, rationale), tuple(problems)


_ORIGINS = {
    "evaluation": "the weights set for this evaluation",
    "command line": "the weights given on the command line",
    "user": "weights set by hand",
    "equal": "equal weights",
    "swing": "swing weighting on this evaluation's ranges",
    "ahp": "pairwise comparison of the axes (AHP)",
}


def weights_origin(source: str) -> str:
    """Where a set of weights came from, in words, from its ``source`` tag.

    ``"preset steady"`` → ``"the steady preset"``; a change made since is kept in
    brackets: ``"preset steady, cost set to 0.300"`` → ``"the steady preset (cost set to
    0.300)"``.
    """
    base, _, changes = source.partition(", ")
    if base.startswith("preset "):
        text = f"the {base.removeprefix('preset ')} preset"
    else:
        text = _ORIGINS.get(base, base)
    return f"{text} ({changes})" if changes else text


def equal_weights() -> Weights:
    """Every axis weighted 1/5."""
    return Weights({axis: 1.0 / len(AXES) for axis in AXES}, "equal")


def with_weight(weights: Weights, axis: Axis, value: float) -> Weights:
    """Set one axis to ``value`` (0–1) and rescale the others proportionally to keep the sum 1.

    When every other axis weighs 0, the remainder is shared equally among them.
    """
    value = min(max(value, 0.0), 1.0)
    others = [other for other in AXES if other is not axis]
    rest = math.fsum(weights.weight(other) for other in others)
    result: dict[Axis, float] = {axis: value}
    for other in others:
        share = weights.weight(other) / rest if rest > 0 else 1.0 / len(others)
        result[other] = (1.0 - value) * share
    return Weights(result, f"{weights.source}, {axis.value} set to {value:.3f}", weights.rationale)


def presets_from_data(data: Any) -> tuple[dict[WorkloadClass, Weights], tuple[Problem, ...]]:
    """Parse the weight presets file's content (``{"presets": {class: {"weights": …}}}``).

    Every workload class must have a preset; a missing or unusable one is a problem
    and falls back to equal weights, so scoring can still run.
    """
    problems: list[Problem] = []
    presets: dict[WorkloadClass, Weights] = {}
    entries = data.get("presets") if isinstance(data, Mapping) else None
    if not isinstance(entries, Mapping):
        problems.append(Problem("presets:weights", "the presets file has no 'presets' object"))
        entries = {}
    for workload_class in WorkloadClass:
        entry = entries.get(workload_class.value)
        raw = entry.get("weights") if isinstance(entry, Mapping) else None
        if not isinstance(raw, Mapping):
            problems.append(
                Problem(
                    f"presets:weights:{workload_class.value}",
                    "no weights for this workload class; equal weights used",
                    Severity.WARNING,
                )
            )
            presets[workload_class] = equal_weights()
            continue
        rationale = str(entry.get("rationale", "")) if isinstance(entry, Mapping) else ""
        weights, found = normalise_weights(raw, f"preset {workload_class.value}", rationale)
        problems.extend(found)
        presets[workload_class] = weights or equal_weights()
    return presets, tuple(problems)


def preset_for(presets: Mapping[WorkloadClass, Weights], workload_class: WorkloadClass) -> Weights:
    """The preset for ``workload_class``, or equal weights when there is none."""
    return presets.get(workload_class) or equal_weights()
