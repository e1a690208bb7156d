"""The committee's qualitative criteria in the score, and the leave-one-evaluator-out check."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from computescore.domain.committee import (
    Committee,
    CommitteeCheck,
    CriterionValue,
    blended,
    criterion_values,
)
from computescore.domain.figures import format_number
from computescore.domain.scoring.outputs import AxisScore

if TYPE_CHECKING:
    from computescore.domain.scoring.inputs import ScoreInput
    from computescore.domain.scoring.outputs import KnockoutRule, Scorecard
    from computescore.domain.scoring.rules import ScoringRules
    from computescore.domain.weights import Weights


def with_criteria(item: AxisScore, values: Sequence[CriterionValue]) -> AxisScore:
    """``item`` with the criteria that feed its axis blended in (unchanged when none do)."""
    mine = [v for v in values if v.axis is item.axis]
    if not mine:
        return item
    score = blended(item.score, mine)
    parts = []
    for value in mine:
        share = f"{value.weight:.0%} of the axis"
        if value.value is None:
            parts.append(f"{value.criterion}: not scored yet ({share} left to the computed score)")
        else:
            shown = format_number(round(value.value, 1))
            parts.append(f"{value.criterion} {shown} — {value.basis} ({share})")
    text = f"{item.explanation}; with the committee's criteria {score:.0f}: " + "; ".join(parts)
    scale = (
        f"{item.scale}; then (1 − Σ weight) × computed + Σ weight × criterion score "
        "(a criterion's score is its consensus, else the mean of the submitted scores, "
        "as a share of its scale)"
    )
    return replace(item, score=score, explanation=text, scale=scale)


def with_committee(
    entries: Sequence[ScoreInput], committee: Committee, *, without: str | None = None
) -> list[ScoreInput]:
    """The inputs with each vendor's criterion values (``without``: one evaluator left out)."""
    if not committee.criteria:
        return list(entries)
    return [
        replace(
            entry, qualitative=criterion_values(committee, entry.quote.vendor.name, without=without)
        )
        for entry in entries
    ]


def leave_one_out(
    entries: Sequence[ScoreInput],
    weights: Weights,
    rules: ScoringRules | None,
    committee: Committee,
    card: Scorecard,
    knockout_rules: Sequence[KnockoutRule] = (),
) -> CommitteeCheck:
    """Score again without each evaluator in turn; name the winner each time.

    ``entries`` are the inputs without criterion values (they are added here).
    """
    from computescore.domain.scoring.scorecard import score_quotes

    winner = card.ranked[0].label if card.ranked else None
    results: list[tuple[str, str | None]] = []
    for evaluator in committee.evaluators:
        trial = score_quotes(
            with_committee(entries, committee, without=evaluator), weights, rules, knockout_rules
        )
        results.append((evaluator, trial.ranked[0].label if trial.ranked else None))
    return CommitteeCheck(winner, tuple(results))
