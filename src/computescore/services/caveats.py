"""Warnings a recommendation must carry: quotes whose cost is incomplete, and how to fix it.

A quote whose TCO leaves out a line (no exchange rate, a line without a price, unit
or count) is scored 0 on cost and is never presented as cheap; these sentences say so
wherever the ranking or the award is shown — the scorecard, the app's banner, the
board pack — and name the command or menu entry that fixes each gap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from computescore.domain.problems import Severity
from computescore.domain.tco import fx_expected
from computescore.wording import plural

if TYPE_CHECKING:
    from computescore.domain.scoring import Scorecard
    from computescore.services.evaluate import EvaluationResult

FX_FIX_CLI = "computescore fx set {currency} RATE --as-of DATE"
"""The command that sets an exchange rate (RATE = US dollars per unit)."""

FX_FIX_APP = "Edit ▸ Exchange rates… in the app"
"""Where the app sets an exchange rate."""

LINE_FIX = "correct the line on the Quotes page or re-import the vendor's file"
"""How a line without a price, unit or count is completed."""


@dataclass(frozen=True, slots=True)
class IncompleteCost:
    """A compute offer whose TCO could not be completed.

    Attributes:
        quote_key, label: the quote.
        missing_rates: currencies it is quoted in that have no rate on the decision date.
        other: the other reasons a line was left out (one sentence each).
    """

    quote_key: str
    label: str
    missing_rates: tuple[str, ...]
    other: tuple[str, ...]

    def what(self) -> str:
        """What is missing, in words."""
        parts = [f"no {code} → USD exchange rate" for code in self.missing_rates]
        if self.other:
            parts.append(plural(len(self.other), "line") + " that cannot be costed")
        return " and ".join(parts) or "a line that cannot be costed"

    def fix(self) -> str:
        """How to complete it: the command or the menu entry."""
        steps = [
            f"set the rate ({FX_FIX_CLI.format(currency=code)}, or {FX_FIX_APP})"
            for code in self.missing_rates
        ]
        if self.other:
            steps.append(LINE_FIX)
        return "; ".join(steps) or LINE_FIX


def incomplete_costs(result: EvaluationResult) -> tuple[IncompleteCost, ...]:
    """The compute offers of ``result`` whose TCO is incomplete, in scorecard order."""
    found: list[IncompleteCost] = []
    for item in result.quotes:
        tco = item.tco
        if tco.complete or not tco.compute_offer:
            continue
        rates = {fx_expected(code) for code in tco.fx_missing}
        other = tuple(
            dict.fromkeys(
                p.message
                for p in tco.problems
                if p.severity is Severity.ERROR and p.expected not in rates
            )
        )
        found.append(IncompleteCost(item.quote_key, item.label, tco.fx_missing, other))
    return tuple(found)


def award_caveat(result: EvaluationResult, card: Scorecard | None = None) -> str | None:
    """The warning the award must carry, or None when every ranked cost is complete.

    When the winner's cost is incomplete the award must not be made on it; when another
    ranked quote's is, that quote scores 0 on cost and the ranking may change once it is
    complete. ``card`` is a scorecard re-ranked with other weights (the app's preview);
    None means the result's own.
    """
    gaps = {gap.quote_key: gap for gap in incomplete_costs(result)}
    card = card or result.scorecard
    winner = card.winner
    if winner is not None and winner.quote_key in gaps:
        gap = gaps[winner.quote_key]
        return (
            f"Do not award yet: the cost of {winner.label} is incomplete ({gap.what()}), so "
            f"its total is not known and its cost is scored 0. To complete it, {gap.fix()}."
        )
    ranked = [gaps[s.quote_key] for s in card.ranked if s.quote_key in gaps]
    if not ranked:
        return None
    names = ", ".join(f"{gap.label} ({gap.what()})" for gap in ranked)
    fixes = "; ".join(dict.fromkeys(gap.fix() for gap in ranked))
    return (
        f"The ranking may change: {plural(len(ranked), 'quote')} with an incomplete cost "
        f"{'is' if len(ranked) == 1 else 'are'} scored 0 on cost — {names}. To complete "
        f"{'it' if len(ranked) == 1 else 'them'}, {fixes}."
    )
