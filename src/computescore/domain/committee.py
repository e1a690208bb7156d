"""The evaluation committee: qualitative criteria, each evaluator's scores, and consensus.

Besides the five computed axes, an evaluation may define qualitative criteria
("reference calls", "support interview", "roadmap fit"), each scored per vendor on
its own scale (0–10 by default), with a weight and the axis it feeds. Each evaluator
scores alone; only submitted scores count. The lead compares the scores side by side,
with their spread, and records a consensus score with a reason.

The value a criterion gives a vendor is the consensus when there is one, else the
mean of the submitted scores; as a share of the scale it is an absolute figure, so
no other quote can move it. :func:`criterion_values` lists them for one vendor;
``without`` leaves one evaluator out (the consensus, a judgement made with every
evaluator's scores in view, is then set aside too), which is how the
leave-one-evaluator-out check asks whether the winner rests on one person.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from computescore.domain.figures import format_number
from computescore.domain.weights import Axis

DEFAULT_SCALE_MAX = 10.0
"""The top of a criterion's scale when none is given."""

DEFAULT_DISAGREEMENT_POINTS = 3.0
"""Scores further apart than this (in points of the criterion's scale) are flagged."""


@dataclass(frozen=True, slots=True)
class Criterion:
    """A qualitative criterion.

    Attributes:
        name: what is judged ("reference calls").
        axis: the computed axis it feeds.
        weight: its share of that axis (0–1); the computed score keeps the rest.
        scale_max: the top of its scale (0 is the bottom).
        description: what a high score means, shown to evaluators.
    """

    name: str
    axis: Axis
    weight: float
    scale_max: float = DEFAULT_SCALE_MAX
    description: str = ""


@dataclass(frozen=True, slots=True)
class EvaluatorScore:
    """One evaluator's score of one vendor on one criterion (counted once submitted)."""

    criterion: str
    vendor: str
    evaluator: str
    score: float
    note: str = ""
    submitted: bool = False


@dataclass(frozen=True, slots=True)
class Consensus:
    """The score the lead recorded for a vendor on a criterion, and why."""

    criterion: str
    vendor: str
    score: float
    reason: str
    decided_by: str = ""


@dataclass(frozen=True, slots=True)
class Committee:
    """An evaluation's criteria, every evaluator's scores and the consensus recorded.

    ``blind``: evaluators do not see each other's scores until they have submitted.
    """

    criteria: tuple[Criterion, ...] = ()
    scores: tuple[EvaluatorScore, ...] = ()
    consensus: tuple[Consensus, ...] = ()
    blind: bool = False
    disagreement_points: float = DEFAULT_DISAGREEMENT_POINTS

    @property
    def evaluators(self) -> tuple[str, ...]:
        """Everyone who submitted a score, in name order."""
        return tuple(sorted({s.evaluator for s in self.scores if s.submitted}))

    def criterion(self, name: str) -> Criterion | None:
        """The criterion called ``name`` (case-insensitive), if any."""
        wanted = name.strip().casefold()
        return next((c for c in self.criteria if c.name.casefold() == wanted), None)


@dataclass(frozen=True, slots=True)
class CriterionValue:
    """What one criterion gives one vendor: its share of the axis and the value (0–100).

    ``value`` is None when no one has scored the vendor yet (and no consensus exists).
    """

    criterion: str
    axis: Axis
    weight: float
    value: float | None
    basis: str


@dataclass(frozen=True, slots=True)
class Disagreement:
    """The submitted scores of one vendor on one criterion, side by side."""

    criterion: str
    vendor: str
    scores: tuple[tuple[str, float], ...]
    spread: float
    flagged: bool
    consensus: Consensus | None = None


@dataclass(frozen=True, slots=True)
class CommitteeCheck:
    """The leave-one-evaluator-out check: the winner without each evaluator."""

    winner: str | None
    without: tuple[tuple[str, str | None], ...] = field(default_factory=tuple)

    @property
    def changes(self) -> tuple[tuple[str, str | None], ...]:
        """The evaluators without whom another quote would win."""
        return tuple(item for item in self.without if item[1] != self.winner)

    def sentence(self) -> str:
        """The check in one plain sentence."""
        if not self.without:
            return "No evaluator has submitted scores: there is no one to leave out."
        if not self.changes:
            return (
                f"The winner stays {self.winner or 'none'} without any one of the "
                f"{len(self.without)} evaluators."
            )
        parts = "; ".join(
            f"without {who}, {winner or 'no quote'} wins" for who, winner in self.changes
        )
        return f"The winner rests on one evaluator: {parts}."


def _scale_text(value: float, scale_max: float) -> str:
    return f"{format_number(round(value, 2))}/{format_number(scale_max)}"


def check_criteria(criteria: Iterable[Criterion]) -> tuple[str, ...]:
    """What is wrong with a set of criteria: bad weights or scales, repeated names, an axis
    whose criteria take more than all of it."""
    problems: list[str] = []
    by_axis: dict[Axis, float] = {}
    seen: set[str] = set()
    for item in criteria:
        if not item.name.strip():
            problems.append("A criterion needs a name.")
        key = item.name.strip().casefold()
        if key in seen:
            problems.append(f"The criterion {item.name!r} is defined twice.")
        seen.add(key)
        if not (0.0 < item.weight <= 1.0) or not math.isfinite(item.weight):
            problems.append(
                f"The weight of {item.name!r} is {item.weight:g}: expected a share of its "
                "axis above 0 and at most 1 (0.25 = a quarter of the axis)."
            )
        if not (item.scale_max > 0.0) or not math.isfinite(item.scale_max):
            problems.append(f"The scale of {item.name!r} must run from 0 to a positive number.")
        by_axis[item.axis] = by_axis.get(item.axis, 0.0) + item.weight
    for axis, total in by_axis.items():
        if total > 1.0 + 1e-9:
            problems.append(
                f"The criteria feeding {axis.value} take {total:.0%} of it: together they "
                "may take at most 100 %."
            )
    return tuple(problems)


def check_score(criterion: Criterion, score: float) -> str | None:
    """Why ``score`` is not a score on the criterion's scale (None when it is)."""
    if not math.isfinite(score) or not (0.0 <= score <= criterion.scale_max):
        return (
            f"{format_number(score)} is not a score of {criterion.name!r}: expected a "
            f"number from 0 to {format_number(criterion.scale_max)}."
        )
    return None


def _submitted(
    committee: Committee, criterion: str, vendor: str, without: str | None
) -> list[EvaluatorScore]:
    return [
        s
        for s in committee.scores
        if s.submitted
        and s.criterion == criterion
        and s.vendor == vendor
        and (without is None or s.evaluator != without)
    ]


def _consensus(committee: Committee, criterion: str, vendor: str) -> Consensus | None:
    return next(
        (c for c in committee.consensus if c.criterion == criterion and c.vendor == vendor),
        None,
    )


def criterion_value(
    committee: Committee, criterion: Criterion, vendor: str, *, without: str | None = None
) -> CriterionValue:
    """The value ``criterion`` gives ``vendor``: the consensus, else the mean of the
    submitted scores, as a share of the scale × 100. ``without`` leaves an evaluator out
    (and the consensus with them)."""
    agreed = _consensus(committee, criterion.name, vendor) if without is None else None
    if agreed is not None:
        basis = f"consensus {_scale_text(agreed.score, criterion.scale_max)}"
        if agreed.reason:
            basis += f" ({agreed.reason})"
        return CriterionValue(
            criterion.name,
            criterion.axis,
            criterion.weight,
            100.0 * agreed.score / criterion.scale_max,
            basis,
        )
    scores = _submitted(committee, criterion.name, vendor, without)
    if not scores:
        return CriterionValue(criterion.name, criterion.axis, criterion.weight, None, "not scored")
    mean = math.fsum(s.score for s in scores) / len(scores)
    count = len(scores)
    who = f"{count} evaluator{'s' if count != 1 else ''}"
    basis = f"mean of {who} {_scale_text(mean, criterion.scale_max)}"
    return CriterionValue(
        criterion.name, criterion.axis, criterion.weight, 100.0 * mean / criterion.scale_max, basis
    )


def criterion_values(
    committee: Committee, vendor: str, *, without: str | None = None
) -> tuple[CriterionValue, ...]:
    """Every criterion's value for ``vendor`` (see :func:`criterion_value`)."""
    return tuple(criterion_value(committee, c, vendor, without=without) for c in committee.criteria)


def blended(computed: float, values: Sequence[CriterionValue]) -> float:
    """An axis score with its criteria: (1 − Σ w) × computed + Σ w × value.

    Only scored criteria count; an unscored criterion's share stays with the computed
    score, so a vendor no one has judged yet is neither helped nor harmed.
    """
    scored = [v for v in values if v.value is not None]
    share = math.fsum(v.weight for v in scored)
    return (1.0 - share) * computed + math.fsum(v.weight * (v.value or 0.0) for v in scored)


def disagreements(committee: Committee, vendors: Sequence[str]) -> tuple[Disagreement, ...]:
    """Every criterion × vendor with submitted scores: the scores, their spread, and a flag
    when the spread reaches the committee's threshold."""
    found: list[Disagreement] = []
    for criterion in committee.criteria:
        for vendor in vendors:
            scores = _submitted(committee, criterion.name, vendor, None)
            if not scores:
                continue
            values = tuple(sorted((s.evaluator, s.score) for s in scores))
            spread = max(v for _, v in values) - min(v for _, v in values)
            found.append(
                Disagreement(
                    criterion.name,
                    vendor,
                    values,
                    spread,
                    len(values) > 1 and spread >= committee.disagreement_points,
                    _consensus(committee, criterion.name, vendor),
                )
            )
    return tuple(found)


def visible_scores(committee: Committee, viewer: str, *, sees_all: bool) -> Committee:
    """The committee as ``viewer`` may see it: with blind scoring, an evaluator who has
    not submitted sees only their own scores (a lead, ``sees_all``, sees everything)."""
    if sees_all or not committee.blind:
        return committee
    if any(s.evaluator == viewer and s.submitted for s in committee.scores):
        return committee
    own = tuple(s for s in committee.scores if s.evaluator == viewer)
    return Committee(committee.criteria, own, (), committee.blind, committee.disagreement_points)


# -- the offline evaluator workbook --------------------------------------------------

WORKBOOK_MARK = "computescore-evaluator-workbook"
"""First cell of the hidden key sheet of an offline evaluator workbook."""

WORKBOOK_KEYS_SHEET = "_keys"
WORKBOOK_SCORES_SHEET = "Scores"
WORKBOOK_HEADERS = ("Criterion", "Vendor", "Scale", "Your score", "Your note")
"""The score table's header row, in this order."""

WORKBOOK_SUBMIT_LABEL = "Submit these scores (yes/no)"
