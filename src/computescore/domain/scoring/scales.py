"""The stated scales of the cost and performance axes, anchored by the buyer.

A scale maps a quote's metric to 0–100 by fixed anchors, so a quote's score depends
on its own figures and the anchors alone: adding or removing another quote cannot
move it. (The old relative scales, ``100 × value / best`` and ``100 × best / value``,
rescale both axes whenever the best quote changes; they stay available as an explicit
choice, labelled as such.)

The default anchors are derived once from the workload and the catalogue, never from
the quotes:

* **performance** (useful TFLOP/s per accelerator): 0 → 0 and the best data-centre
  accelerator in the catalogue at the workload's precision × the workload's assumed
  MFU → 100, so the score says how much of the best available chip a quote delivers;
* **cost** (USD per useful PFLOP-hour): an H100 SXM rented at the low end of the
  market range of the source documents (US$ 2 per GPU-hour) → 100, and at the high
  end (US$ 10 per GPU-hour) → 0, each divided by that H100's useful PFLOP/s on this
  workload (dense peak at the workload's precision × its assumed MFU).

For serving, an accelerator's useful throughput is what the decode step allows when
that is less than peak × MFU, over the workload's token mix (generated tokens at the
decode step's rate, prompt tokens at peak × MFU; as in the TCO), so the anchors and the
quotes are measured by the same rule.

The buyer can replace either pair of anchors (a budget, a target); the evaluation
then keeps them, and they are shown wherever the scores are.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from computescore.domain.catalog import Accelerator, Precision
from computescore.domain.figures import format_money, format_number
from computescore.domain.scoring.rules import LinearScale, ScoringRules
from computescore.domain.sizing.serving import OUTPUT_SHARE_DEFAULT
from computescore.domain.workload import Workload

REFERENCE_ACCELERATOR = "nvidia-h100-sxm"
"""The accelerator the default cost anchors are priced on."""

TARGET_USD_PER_GPU_HOUR = 2.0
"""Low end of the rental range for a high-end GPU in the source documents (US$ 2–10/h)."""

CEILING_USD_PER_GPU_HOUR = 10.0
"""High end of the same range: a quote costing this much per H100-equivalent scores 0."""

PERFORMANCE_UNIT = "TFLOP/s per accelerator"
COST_UNIT = "USD per useful PFLOP-hour"


@dataclass(frozen=True, slots=True)
class ScoreScales:
    """The anchors of the cost and performance axes, and where they come from.

    ``None`` for an axis means the relative scale (100 for the best quote present),
    chosen explicitly. ``origin`` says in words how the anchors were set.
    """

    performance: LinearScale | None
    cost: LinearScale | None
    origin: str = ""

    @property
    def relative(self) -> bool:
        """True when either axis is scored relative to the best quote present."""
        return self.performance is None or self.cost is None

    def applied_to(self, rules: ScoringRules) -> ScoringRules:
        """``rules`` with these scales."""
        return replace(
            rules,
            performance_scale=self.performance,
            cost_scale=self.cost,
            scales_origin=self.origin,
        )


def describe_scale(scale: LinearScale | None, axis: str) -> str:
    """``US$ 33.69 per useful PFLOP-hour → 0, US$ 6.74 → 100`` or the relative formula."""
    if scale is None:
        return (
            "relative to the best quote present (100 × best / value)"
            if axis == "cost"
            else "relative to the best quote present (100 × value / best)"
        ) + " — chosen explicitly; a quote's score then depends on the others"
    if axis == "cost":
        return (
            f"{format_money(scale.floor)} per useful PFLOP-hour → 0, "
            f"{format_money(scale.ideal)} → 100, linear, clamped"
        )
    return (
        f"{format_number(scale.floor)} {PERFORMANCE_UNIT} → 0, "
        f"{format_number(scale.ideal)} → 100, linear, clamped"
    )


def _peak(
    accelerators: Mapping[str, Accelerator], accelerator_id: str, precision: Precision
) -> float | None:
    accelerator = accelerators.get(accelerator_id)
    if accelerator is None:
        return None
    return accelerator.dense_tflops(precision) or accelerator.dense_tflops(Precision.BF16)


def _useful(
    peak_times_mfu: float, accelerator: Accelerator, workload: Workload, output_share: float
) -> float:
    """An accelerator's useful TFLOP/s on the workload (the TCO's rule, unmeasured)."""
    from computescore.domain.tco.throughput import unmeasured_useful

    return unmeasured_useful(peak_times_mfu, accelerator, workload, output_share)


def default_scales(
    workload: Workload,
    accelerators: Mapping[str, Accelerator],
    output_share: float = OUTPUT_SHARE_DEFAULT,
) -> ScoreScales:
    """The default anchors for ``workload`` (see the module notes); no quote is read.

    ``output_share`` is the evaluation's token mix (the share of a serving workload's
    tokens that are generated), which the TCO applies to every serving quote too.

    Falls back to the relative scale for an axis whose anchor cannot be derived (a
    catalogue without the reference accelerator or any peak at the precision, or a
    workload without a positive assumed MFU), and says so in ``origin``.
    """
    mfu = workload.mfu_at_precision
    precision = workload.precision
    peaks = [
        (_useful(tflops * mfu, accelerator, workload, output_share), tflops, accelerator.id)
        for accelerator in accelerators.values()
        if accelerator.datacenter
        and (tflops := accelerator.dense_tflops(precision)) is not None
        and tflops > 0
    ]
    notes: list[str] = []
    performance: LinearScale | None = None
    if peaks and mfu > 0:
        useful, best, best_id = max(peaks)
        performance = LinearScale(0.0, useful, PERFORMANCE_UNIT)
        if useful < best * mfu:
            notes.append(
                f"performance 100 = the most useful throughput in the catalogue "
                f"({format_number(useful)} TFLOP/s, {best_id}), where serving is bound by "
                f"the decode step rather than peak × MFU ({_mix(output_share)})"
            )
        else:
            notes.append(
                f"performance 100 = the best {precision.value} dense peak in the catalogue "
                f"({format_number(best)} TFLOP/s, {best_id}) × the workload's assumed MFU "
                f"{format_number(mfu)}"
            )
    else:
        notes.append("performance: no catalogue peak at this precision, so relative")
    cost: LinearScale | None = None
    reference = _peak(accelerators, REFERENCE_ACCELERATOR, precision)
    if reference is not None and mfu > 0:
        h100 = accelerators[REFERENCE_ACCELERATOR]
        useful_tflops = _useful(reference * mfu, h100, workload, output_share)
        useful_pflops = useful_tflops / 1000.0
        cost = LinearScale(
            CEILING_USD_PER_GPU_HOUR / useful_pflops,
            TARGET_USD_PER_GPU_HOUR / useful_pflops,
            COST_UNIT,
        )
        basis = (
            f"{format_number(useful_tflops)} useful TFLOP/s over the same token mix"
            if useful_tflops < reference * mfu
            else f"{format_number(reference)} TFLOP/s × MFU {format_number(mfu)}"
        )
        notes.append(
            f"cost 100 = an H100 SXM ({basis}) at {format_money(TARGET_USD_PER_GPU_HOUR)} per "
            f"GPU-hour, cost 0 = the same at {format_money(CEILING_USD_PER_GPU_HOUR)} per "
            "GPU-hour, the rental range of the source documents"
        )
    else:
        notes.append("cost: no reference accelerator in the catalogue, so relative")
    origin = f"default for '{workload.name}', derived from the workload and the catalogue: " + (
        "; ".join(notes)
    )
    return ScoreScales(performance, cost, origin)


def _mix(output_share: float) -> str:
    """How the token mix enters the serving anchors, in words."""
    share = min(1.0, max(0.0, output_share))
    if share >= 1.0:
        return "100 % of the tokens generated"
    return (
        f"{format_number(share * 100)} % of the tokens generated; prompt tokens read at peak × MFU"
    )


def scales_to_mapping(scales: ScoreScales) -> dict[str, Any]:
    """A JSON-ready form for the evaluation's settings."""

    def one(scale: LinearScale | None) -> Any:
        return "relative" if scale is None else {"zero": scale.floor, "hundred": scale.ideal}

    return {
        "performance": one(scales.performance),
        "cost": one(scales.cost),
        "origin": scales.origin,
    }


def scales_from_mapping(item: Any, fallback: ScoreScales) -> tuple[ScoreScales, tuple[str, ...]]:
    """Stored scales, axis by axis; an axis that is absent or unreadable keeps ``fallback``.

    Returns:
        The scales and one message per unreadable entry (for the problems list).
    """
    if not isinstance(item, Mapping):
        return fallback, (() if item is None else ("the stored scales are not a mapping",))
    problems: list[str] = []

    def one(name: str, unit: str, default: LinearScale | None) -> LinearScale | None:
        value = item.get(name)
        if value is None:
            return default
        if value == "relative":
            return None
        if isinstance(value, Mapping):
            zero, hundred = value.get("zero"), value.get("hundred")
            if (
                isinstance(zero, int | float)
                and isinstance(hundred, int | float)
                and not isinstance(zero, bool)
                and not isinstance(hundred, bool)
                and math.isfinite(zero)
                and math.isfinite(hundred)
            ):
                why = check_anchors(name, float(zero), float(hundred))
                if why is None:
                    return LinearScale(float(zero), float(hundred), unit)
                problems.append(f"{why}; the default is used")
                return default
        problems.append(
            f"the stored {name} scale {value!r} is not 'relative' or two numbers "
            "(zero, hundred); the default is used"
        )
        return default

    origin = item.get("origin")
    return (
        ScoreScales(
            one("performance", PERFORMANCE_UNIT, fallback.performance),
            one("cost", COST_UNIT, fallback.cost),
            origin if isinstance(origin, str) and origin else "set for this evaluation",
        ),
        tuple(problems),
    )


def check_anchors(axis: str, zero: float, hundred: float) -> str | None:
    """Why a pair of anchors cannot be used, or None when it can."""
    if not (math.isfinite(zero) and math.isfinite(hundred)) or zero < 0 or hundred < 0:
        return f"the {axis} anchors must be non-negative numbers"
    if zero == hundred:
        return (
            f"the {axis} anchors must differ (the value that scores 0 and the one that scores 100)"
        )
    if axis == "cost" and hundred > zero:
        return (
            "the cost that scores 100 (the target) must be below the one that scores 0 "
            "(the ceiling)"
        )
    if axis == "performance" and hundred < zero:
        return (
            "the performance that scores 100 (the target) must be above the one that "
            "scores 0 (the floor)"
        )
    return None
