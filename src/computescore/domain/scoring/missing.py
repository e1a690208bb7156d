"""What the missing figures could do: would the winner change if one were at either end?

A quote scored at the neutral value on an axis because a figure is missing might
score anywhere from 0 to 100 once the figure is known. For every ranked quote and
every axis it is missing, the weighted totals are worked out again with that axis at
0 (the worst end) and at 100 (the best end), the other scores unchanged (on stated
scales no other score depends on it), and each case that hands the award to another
quote is reported.
"""

from __future__ import annotations

from dataclasses import dataclass

from computescore.domain.figures import MISSING
from computescore.domain.scoring.outputs import QuoteScore, Scorecard
from computescore.domain.weights import Axis


@dataclass(frozen=True, slots=True)
class MissingSwing:
    """One missing figure that decides the award.

    Attributes:
        quote: the label of the quote whose figure is missing.
        axis: the axis it is missing on.
        end: ``"worst"`` (scored 0) or ``"best"`` (scored 100).
        winner: the label of the winner in that case.
    """

    quote: str
    axis: Axis
    end: str
    winner: str

    def sentence(self) -> str:
        """``If X's missing reliability figure were at its worst, Y would win.``"""
        return (
            f"If {self.quote}'s missing {self.axis.value} figure were at its {self.end}, "
            f"{self.winner} would win."
        )


def _total(score: QuoteScore, weights: dict[Axis, float], axis: Axis, value: float) -> float:
    return sum(
        weights.get(item.axis, 0.0) * (value if item.axis is axis else item.score)
        for item in score.axes
    )


def missing_swings(card: Scorecard) -> tuple[MissingSwing, ...]:
    """Every missing figure of a ranked quote that changes the winner at 0 or at 100."""
    winner = card.winner
    if winner is None:
        return ()
    weights = dict(card.weights.by_axis)
    ranked = card.ranked
    out: list[MissingSwing] = []
    for score in ranked:
        for item in score.axes:
            if MISSING not in item.flags:
                continue
            for end, value in (("worst", 0.0), ("best", 100.0)):
                totals = {
                    other.quote_key: (
                        _total(other, weights, item.axis, value)
                        if other.quote_key == score.quote_key
                        else other.weighted_total
                    )
                    for other in ranked
                }
                # Ties go to the lower quote key, as in the ranking.
                order = sorted((-round(t, 9), key) for key, t in totals.items())
                best = next(s for s in ranked if s.quote_key == order[0][1])
                if best.quote_key != winner.quote_key:
                    out.append(MissingSwing(score.label, item.axis, end, best.label))
    return tuple(out)


def missing_sentence(card: Scorecard) -> str:
    """The result in one sentence (or a few), for the scorecard and the pack."""
    if card.winner is None:
        return ""
    if not any(MISSING in item.flags for score in card.ranked for item in score.axes):
        return "No ranked quote is scored on a missing figure."
    swings = missing_swings(card)
    if not swings:
        return (
            "No missing figure changes the winner, whether it turns out at the worst or the "
            "best end of its scale."
        )
    return " ".join(swing.sentence() for swing in swings[:4]) + (
        f" ({len(swings) - 4} more such cases.)" if len(swings) > 4 else ""
    )
