"""What the scorecard page says: the leader, the margin, the flip and the quotes set apart.

Plain text built from the engine's records, testable without a window; the page shows
it in its banner and titles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from computescore.gui import format as fmt

SUPPORTING_TIP = (
    "A quote without compute lines buys no compute, so it cannot be compared on "
    "performance or cost per useful unit. Its TCO is on the TCO page; its service and "
    "compliance are scored for information. A token-API offer sells tokens: the board "
    "pack compares it with the capacity per million tokens."
)


def leader_summary(ranked: Any) -> tuple[str, str, str]:
    """The banner's sentence, its tone (ok, warning, error) and its tooltip.

    ``ranked`` is a re-ranked scorecard with its margin and flip weights
    (``gui.analysis.Ranked``).
    """
    card = ranked.scorecard
    winner = card.winner
    if winner is None:
        return "Every quote is knocked out: no quote meets the must-haves.", "error", ""
    parts = [f"Leader: {winner.label}"]
    if ranked.margin_points is not None:
        parts.append(f"ahead by {ranked.margin_points:.1f} points")
    text = ", ".join(parts) + "."
    flip = ranked.smallest
    if flip is not None and flip.flips_at is not None:
        way = "raising" if flip.flips_at > flip.current else "lowering"
        text += (
            f" Smallest change that flips the winner: {way} the {flip.axis.value} "
            f"weight from {fmt.pct(flip.current, 1)} to {fmt.pct(flip.flips_at, 1)} "
            f"({flip.new_winner_label} then leads)."
        )
    elif ranked.flips:
        text += " No change of a single weight flips the winner."
    knocked = [s for s in card.scores if s.knockouts]
    if knocked:
        text += f" {fmt.plural(len(knocked), 'quote')} knocked out (struck through)."
    tone = "ok" if (ranked.margin_points or 0) >= 5 else "warning"
    return text, tone, flip.explanation if flip is not None else ""


def method_text(card: Any, independence: Any) -> str:
    """How the scores are made, in a line under the ranking: the two stated scales (or
    "relative"), the missing-data rule and the independence check."""
    from computescore.domain.scoring.scales import describe_scale

    rules = card.rules
    text = (
        "Scales — performance: "
        + describe_scale(rules.performance_scale, "performance")
        + "; cost: "
        + describe_scale(rules.cost_scale, "cost")
        + "."
    )
    if rules.worst_when_missing:
        names = ", ".join(sorted(axis.value for axis in rules.worst_when_missing))
        text += f" Missing data counts as the worst score on {names}."
    if independence is not None and card is not None:
        text += " " + independence.sentence()
    return text


def supporting_title(items: Sequence[Any]) -> str:
    """``Not ranked — 1 supporting quote: no compute lines …``; with several reasons only
    their heads (``a token-API offer; no compute lines``), each row's tooltip saying why."""
    reasons = sorted({str(item.reason) for item in items})
    head = f"Not ranked — {fmt.plural(len(items), 'supporting quote')}: "
    if len(reasons) == 1:
        return head + reasons[0] + "."
    return head + "; ".join(r.partition(":")[0] for r in reasons) + " (hover a quote for why)."
