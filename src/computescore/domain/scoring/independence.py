"""The independence check: can a quote that does not win change who wins?

A defensible scorecard gives the award to the same quote whichever losing quotes are
present. The check re-scores the evaluation without a ranked quote that does not win,
and with a dominated copy of each ranked quote added (dearer by
:data:`DOMINATED_COST_FACTOR` and slower by :data:`DOMINATED_PERFORMANCE_FACTOR`, the
same on every other axis), and reports every case in which the winner changes. On the
relative scales every losing quote is removed in turn: a quote that wins nothing can
move the best value an axis is measured against, and the check names it. On the stated
scales a score rests on its own quote's figures alone, so the nearest
:data:`NEAREST_RIVALS` rivals are removed to show it and each dominated copy is scored
on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from computescore.domain.figures import Figure
from computescore.domain.scoring.inputs import ScoreInput
from computescore.domain.scoring.outputs import KnockoutRule, Scorecard
from computescore.domain.scoring.rules import ScoringRules
from computescore.domain.scoring.scorecard import score_quotes
from computescore.domain.weights import Weights

DOMINATED_COST_FACTOR = 1.25
"""The dominated copy's cost per useful unit, as a multiple of the original's."""

DOMINATED_PERFORMANCE_FACTOR = 0.8
"""The dominated copy's useful throughput, as a multiple of the original's."""

NEAREST_RIVALS = 12
"""On stated scales, how many of the closest rivals are removed one by one and re-scored."""


@dataclass(frozen=True, slots=True)
class IndependenceCase:
    """One re-scoring in which the winner changed.

    Attributes:
        change: ``"without"`` (the quote was removed) or ``"with a dominated copy of"``.
        quote: the label of the quote removed or copied.
        winner: the label of the winner after the change (None: no quote qualifies).
        lead_points: the new winner's lead over the old winner, in points.
    """

    change: str
    quote: str
    winner: str | None
    lead_points: float


@dataclass(frozen=True, slots=True)
class IndependenceCheck:
    """The result of :func:`independence_check`."""

    winner: str | None
    checks: int
    flips: tuple[IndependenceCase, ...] = ()

    @property
    def holds(self) -> bool:
        """True when no re-scoring changed the winner."""
        return not self.flips

    def sentence(self) -> str:
        """The result in one sentence, for the scorecard and the board pack."""
        if self.winner is None:
            return "No quote qualifies, so there is no winner to check."
        if self.checks == 0:
            return "Only one quote is ranked, so no other quote can change the winner."
        if self.holds:
            return (
                f"No quote that does not win changes the winner: {self.checks} re-scorings "
                "(each losing quote removed, and a dominated copy of each quote added) all "
                f"keep {self.winner} first."
            )
        first = self.flips[0]
        more = f" ({len(self.flips) - 1} more such cases)" if len(self.flips) > 1 else ""
        return (
            f"A quote that does not win changes the winner: {first.change} {first.quote}, "
            f"{first.winner or 'no quote'} wins by {first.lead_points:.1f} points instead of "
            f"{self.winner}{more}. The relative scales let it; state the scales' anchors."
        )


def _dominated(entry: ScoreInput) -> ScoreInput:
    """A copy of ``entry`` that is dearer and slower and the same on every other axis."""
    quote = replace(entry.quote, reference=f"{entry.quote.reference} (dominated copy)")
    tco = entry.tco
    if tco is not None and tco.usd_per_useful_pflop_hour is not None:
        unit = tco.usd_per_useful_pflop_hour
        tco = replace(
            tco,
            usd_per_useful_pflop_hour=replace(unit, value=unit.value * DOMINATED_COST_FACTOR),
        )
    performance: Figure | None = entry.performance
    if performance is not None:
        performance = replace(performance, value=performance.value * DOMINATED_PERFORMANCE_FACTOR)
    findings = tuple(
        replace(f, quote_key=quote.key) if f.quote_key == entry.quote.key else f
        for f in entry.findings
    )
    return replace(entry, quote=quote, tco=tco, performance=performance, findings=findings)


def independence_check(
    entries: Sequence[ScoreInput],
    weights: Weights,
    rules: ScoringRules,
    card: Scorecard,
    knockout_rules: Sequence[KnockoutRule] = (),
) -> IndependenceCheck:
    """Re-score without each losing quote and with a dominated copy of each ranked quote.

    Args:
        entries: the scoring inputs ``card`` was made from.
        weights, rules, knockout_rules: as given to :func:`score_quotes` for ``card``.
        card: the scorecard to check.

    Returns:
        The number of re-scorings and every one that changed the winner.
    """
    winner = card.winner
    if winner is None:
        return IndependenceCheck(None, 0)
    flips: list[IndependenceCase] = []
    checks = 0

    def rescore(change: str, label: str, trial: Sequence[ScoreInput]) -> None:
        nonlocal checks
        checks += 1
        again = score_quotes(trial, weights, rules, knockout_rules)
        new = again.winner
        if new is not None and new.quote_key == winner.quote_key:
            return
        old = next((s for s in again.scores if s.quote_key == winner.quote_key), None)
        lead = new.weighted_total - old.weighted_total if new is not None and old else 0.0
        flips.append(IndependenceCase(change, label, new.label if new else None, lead))

    stated = rules.cost_scale is not None and rules.performance_scale is not None
    rivals = [s.quote_key for s in card.ranked if s.quote_key != winner.quote_key]
    # On stated scales a quote's score rests on its own figures only, so removing a
    # quote cannot move another's: the nearest rivals are re-scored to show it, and
    # each dominated copy is scored on its own. On relative scales every case is run in
    # full, because any quote may hold the best value an axis is measured against.
    removed = set(rivals[:NEAREST_RIVALS]) if stated else set(rivals)
    by_key = {entry.key: entry for entry in entries}
    for key in rivals:
        if key in removed:
            rest = [other for other in entries if other.key != key]
            rescore("without", by_key[key].quote.label, rest)
    for score in card.ranked:
        entry = by_key[score.quote_key]
        copy = _dominated(entry)
        if stated:
            checks += 1
            alone = score_quotes([copy], weights, rules, knockout_rules)
            total = alone.scores[0].weighted_total if alone.scores else 0.0
            if alone.ranked and round(total, 9) > round(winner.weighted_total, 9):
                flips.append(
                    IndependenceCase(
                        "with a dominated copy of",
                        entry.quote.label,
                        copy.quote.label,
                        total - winner.weighted_total,
                    )
                )
        else:
            rescore("with a dominated copy of", entry.quote.label, [*entries, copy])
    return IndependenceCheck(winner.label, checks, tuple(flips))
