"""The evaluation's score scales: the anchors of cost and performance, stored and shown.

The scales of each workload are kept in the evaluation's assumptions under
``score_scales`` (a mapping from the workload's name to its anchors), and the axes on
which missing data counts as the worst score under ``missing_as_worst``. Without a
stored entry a workload uses the default anchors derived from the workload and the
catalogue (:func:`computescore.domain.scoring.scales.default_scales`), which no quote
can move. Every change goes through :meth:`UnitOfWork.set_evaluation_field`, so it is
audited.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Any

from computescore.domain.figures import format_number
from computescore.domain.problems import Problem, Severity
from computescore.domain.scoring import ScoringRules
from computescore.domain.scoring.scales import (
    ScoreScales,
    check_anchors,
    default_scales,
    scales_from_mapping,
    scales_to_mapping,
)
from computescore.domain.tco.assumptions import assumptions_from_mapping
from computescore.domain.weights import Axis
from computescore.errors import NotFound, UsageError
from computescore.wording import unknown_name

if TYPE_CHECKING:
    from computescore.domain.workload import Workload
    from computescore.services.workspace import EvaluationData
    from computescore.store.repository import Store

OUTPUT_SHARE_KEY = "token_output_share"
"""The assumption that holds the token mix (the share of serving tokens generated)."""

SCALES_KEY = "score_scales"
"""Key of the evaluation's assumptions that holds the scales, by workload name."""

WORST_KEY = "missing_as_worst"
"""Key of the evaluation's assumptions that lists the axes where missing counts as worst."""

WEIGHTING_KEY = "weighting"
"""Key of the evaluation's assumptions that says how the weights were reached and whether
they and the scales are frozen (see :mod:`computescore.services.weighting`)."""

Anchors = tuple[float, float] | str | None


def weighting_of(assumptions: Mapping[str, Any]) -> dict[str, Any]:
    """The stored weighting record ({} when none)."""
    stored = assumptions.get(WEIGHTING_KEY)
    return dict(stored) if isinstance(stored, Mapping) else {}


def frozen_note(assumptions: Mapping[str, Any]) -> str:
    """``Frozen on 2026-11-25 14:03, when no quote had been imported.`` or ""."""
    record = weighting_of(assumptions)
    when = record.get("frozen_at")
    if not isinstance(when, str) or not when:
        return ""
    count = record.get("quotes_at_freeze")
    held = (
        "when no quote had been imported"
        if count == 0
        else f"when {count} quote{'s' if count != 1 else ''} had been imported"
        if isinstance(count, int)
        else ""
    )
    return f"Weights and scales frozen on {when.replace('T', ' ')[:16]}" + (
        f", {held}." if held else "."
    )


def refuse_if_frozen(assumptions: Mapping[str, Any]) -> None:
    """Raise when the weights and scales are frozen (the message says how to unfreeze)."""
    note = frozen_note(assumptions)
    if note:
        raise UsageError(
            f"{note} Unfreeze them first (computescore weights --unfreeze); the change is "
            "recorded in the audit log."
        )


def output_share_of(*stored: Mapping[str, Any] | None) -> float:
    """The token mix (the share of serving tokens generated) of the stored assumptions
    given, the later winning: the workspace's, then the evaluation's."""
    found: dict[str, Any] = {}
    for item in stored:
        if isinstance(item, Mapping) and OUTPUT_SHARE_KEY in item:
            found[OUTPUT_SHARE_KEY] = item[OUTPUT_SHARE_KEY]
    used, _ = assumptions_from_mapping(found)
    return used.token_output_share


def scales_for(
    data: EvaluationData, workload: Workload, output_share: float | None = None
) -> tuple[ScoreScales, tuple[Problem, ...]]:
    """The scales in force for ``workload``: stored for this evaluation, else the default.

    ``output_share`` is the token mix the TCO used (None: the stored one).
    """
    if output_share is None:
        output_share = output_share_of(data.settings.get("tco_assumptions"), data.assumptions)
    fallback = default_scales(workload, data.catalogue.accelerators, output_share)
    stored = data.assumptions.get(SCALES_KEY)
    item = stored.get(workload.name) if isinstance(stored, Mapping) else None
    scales, messages = scales_from_mapping(item, fallback)
    problems = [
        Problem(f"evaluation:{SCALES_KEY}", message, Severity.WARNING) for message in messages
    ]
    stale = _stale_default(scales, fallback)
    if stale:
        problems.append(Problem(f"evaluation:{SCALES_KEY}", stale, Severity.WARNING))
    return scales, tuple(problems)


def _stale_default(kept: ScoreScales, now: ScoreScales) -> str:
    """Why scales kept from an earlier default no longer match how throughput is counted.

    Serving throughput became bound by the decode step, and then counted over the token
    mix (prompt tokens read at the prefill's rate). Default anchors stored (frozen) before
    either rest on another useful throughput than the quotes' now, and put every serving
    quote near one end of the cost axis.
    """
    if kept is now or not kept.origin.startswith("default for"):
        return ""
    if "decode step" not in now.origin or kept.cost is None or now.cost is None:
        return ""
    redo = "Re-derive them: computescore weights --unfreeze, then computescore scales --reset"
    if "decode step" not in kept.origin:
        return (
            "the scales kept for this serving workload were derived when its useful throughput "
            "was counted as peak × MFU; serving is now bound by the decode step, so every quote "
            f"scores low on cost against them. {redo}"
        )
    kept_share, now_share = _token_mix(kept.origin), _token_mix(now.origin)
    if abs(kept_share - now_share) > 1e-6:
        return (
            "the scales kept for this serving workload were derived for another token mix "
            f"({format_number(kept_share)} % of the tokens generated; now "
            f"{format_number(now_share)} %), so the quotes' useful throughput and the anchors "
            f"are counted differently. {redo}"
        )
    return ""


def _token_mix(origin: str) -> float:
    """The percentage of tokens generated that a default scale's words state ("25 % of the
    tokens generated"); 100 for words from before the mix counted (every token was then
    counted at the decode step's rate)."""
    found = re.search(r"([\d.,]+) % of the tokens generated", origin)
    if found is None:
        return 100.0
    try:
        return float(found.group(1).replace(",", ""))
    except ValueError:
        return 100.0


def worst_axes(assumptions: Mapping[str, Any]) -> frozenset[Axis]:
    """The axes on which missing data counts as worst (unknown names are ignored)."""
    stored = assumptions.get(WORST_KEY)
    if not isinstance(stored, list | tuple):
        return frozenset()
    names = {axis.value: axis for axis in Axis}
    return frozenset(names[item] for item in stored if isinstance(item, str) and item in names)


def rules_for(
    data: EvaluationData, workload: Workload, output_share: float | None = None
) -> tuple[ScoringRules, tuple[Problem, ...]]:
    """The scoring rules of this evaluation and workload: its scales and missing-data choice
    (``output_share``: the token mix the TCO used; None: the stored one)."""
    scales, problems = scales_for(data, workload, output_share)
    base = ScoringRules(worst_when_missing=worst_axes(data.assumptions))
    return scales.applied_to(base), problems


def _anchors(axis: str, value: Anchors, current: Any) -> Any:
    if value is None:
        return current
    if isinstance(value, str):
        if value != "relative":
            raise UsageError(f"The {axis} scale is 'relative' or two numbers, not {value!r}.")
        return "relative"
    zero, hundred = value
    why = check_anchors(axis, zero, hundred)
    if why is not None:
        raise UsageError(why[0].upper() + why[1:] + ".")
    return {"zero": zero, "hundred": hundred}


def set_scales(
    store: Store,
    evaluation: str | None,
    workload: str | None,
    *,
    performance: Anchors = None,
    cost: Anchors = None,
    reset: bool = False,
) -> ScoreScales:
    """Store the anchors of one workload's scales (audited); returns the scales now in force.

    Args:
        store: the workspace.
        evaluation: the evaluation's name (None: the most recent).
        workload: the workload's name (None: the evaluation's first workload).
        performance, cost: (value scoring 0, value scoring 100), "relative", or None to
            keep what is stored.
        reset: drop the stored anchors, back to the defaults.

    Raises:
        NotFound: no such evaluation or workload.
        UsageError: anchors that cannot be used (the message says why).
    """
    from computescore.services.workspace import load_catalogue_for

    catalogue = load_catalogue_for(store)
    with store.transaction() as uow:
        row = uow.evaluation_row(evaluation)
        record = uow.load_evaluation(row.name)
        target = _workload(record.workloads, workload)
        refuse_if_frozen(row.assumptions or {})
        share = output_share_of(uow.get_setting("tco_assumptions"), row.assumptions)
        default = default_scales(target, catalogue.accelerators, share)
        assumptions = with_scales(
            row.assumptions or {},
            target.name,
            default,
            performance=performance,
            cost=cost,
            reset=reset,
        )
        assert row.id is not None
        uow.set_evaluation_field(row.id, "assumptions", assumptions)
    scales, _ = scales_from_mapping(assumptions[SCALES_KEY].get(target.name), default)
    return scales


def with_scales(
    assumptions: Mapping[str, Any],
    workload: str,
    default: ScoreScales,
    *,
    performance: Anchors = None,
    cost: Anchors = None,
    reset: bool = False,
) -> dict[str, Any]:
    """The evaluation's assumptions with one workload's scales changed (nothing written).

    Raises:
        UsageError: anchors that cannot be used (the message says why).
    """
    out = dict(assumptions)
    stored = dict(out.get(SCALES_KEY) or {})
    if reset:
        stored.pop(workload, None)
    else:
        current = stored.get(workload) or scales_to_mapping(default)
        stored[workload] = {
            "performance": _anchors("performance", performance, current.get("performance")),
            "cost": _anchors("cost", cost, current.get("cost")),
            "origin": f"set for this evaluation on {date.today().isoformat()}",
        }
    out[SCALES_KEY] = stored
    return out


def set_missing_as_worst(store: Store, evaluation: str | None, axes: frozenset[Axis]) -> None:
    """Store the axes on which missing data counts as the worst score (audited)."""
    with store.transaction() as uow:
        row = uow.evaluation_row(evaluation)
        assumptions = dict(row.assumptions or {})
        refuse_if_frozen(assumptions)
        if axes:
            assumptions[WORST_KEY] = sorted(axis.value for axis in axes)
        else:
            assumptions.pop(WORST_KEY, None)
        assert row.id is not None
        uow.set_evaluation_field(row.id, "assumptions", assumptions)


def _workload(workloads: tuple[Workload, ...], name: str | None) -> Workload:
    if not workloads:
        raise NotFound("The evaluation has no workload profile; add one first.")
    if name is None:
        return workloads[0]
    for item in workloads:
        if item.name.casefold() == name.casefold():
            return item
    raise NotFound(unknown_name("workload", name, [w.name for w in workloads]))
