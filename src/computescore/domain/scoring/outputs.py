"""Scoring outputs: axis scores, quote scores, supporting quotes and the scorecard."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from computescore.domain.figures import (
    Figure,
)
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.scoring.inputs import ScoreInput
from computescore.domain.weights import Axis, Weights

if TYPE_CHECKING:
    from computescore.domain.scoring.rules import ScoringRules


@dataclass(frozen=True, slots=True)
class AxisScore:
    """One axis of one quote: the 0–100 score, why, on which scale, with which flags."""

    axis: Axis
    score: float
    explanation: str
    scale: str
    flags: tuple[str, ...] = ()
    metric: Figure | None = None


@dataclass(frozen=True, slots=True)
class QuoteScore:
    """A quote's five axis scores, weighted total, rank and knock-outs.

    ``rank`` is None for a disqualified quote; its total is still shown for context.
    """

    quote_key: str
    label: str
    axes: tuple[AxisScore, ...]
    weighted_total: float
    rank: int | None
    disqualified: bool
    knockouts: tuple[Finding, ...]
    flags: tuple[str, ...] = ()

    def axis(self, axis: Axis) -> AxisScore:
        """The score of ``axis``."""
        for item in self.axes:
            if item.axis is axis:
                return item
        raise KeyError(axis)


SUPPORTING_REASON = "no compute lines: a facility/services quote to combine with an owned option"
"""Why a quote without compute lines is listed apart instead of ranked."""

TOKEN_API_REASON = (
    "a token-API offer: it sells tokens, not capacity, so it is compared per million tokens "  # noqa: S105
    "with the capacity offers (TCO → Against a token API, and the board pack) rather than ranked"
)
"""Why a token-API offer is listed apart instead of ranked."""


@dataclass(frozen=True, slots=True)
class SupportingQuote:
    """A quote without compute lines, listed beside the ranking and never ranked.

    A facility or services quote (colocation per kW-month, cross-connects, remote
    hands) buys no compute, so it cannot be compared with compute offers on
    performance or cost per useful unit, and it takes no part in the relative
    scales, the margin, the flip weights or the Monte Carlo. It keeps its own TCO
    (in the evaluation's results), service and compliance results and knock-outs.

    Attributes:
        quote_key, label: the quote.
        reason: why it is not ranked (:data:`SUPPORTING_REASON`, or
            :data:`TOKEN_API_REASON` for a token-API offer).
        offers: the cost categories it prices, in quote order ("facility", "network").
        headline_usd: its own headline TCO (None without one).
        service: its service score (response times, coverage), for information.
        compliance: its compliance score, for information.
        knockouts: must-haves it fails; a knocked-out supporting quote cannot be used.
        combine_with: labels of the qualified compute offers with owned capacity that
            it could house (empty when the evaluation has none).
        houses: those of them whose TCO is housed in it (its facility lines priced for
            their load, ``domain.tco.housing``).
    """

    quote_key: str
    label: str
    reason: str
    offers: tuple[str, ...]
    headline_usd: float | None
    service: AxisScore
    compliance: AxisScore
    knockouts: tuple[Finding, ...] = ()
    combine_with: tuple[str, ...] = ()
    houses: tuple[str, ...] = ()

    @property
    def disqualified(self) -> bool:
        """True when a must-have knocks it out."""
        return bool(self.knockouts)

    def housing_text(self) -> str:
        """Which owned options it houses (costed in their TCO) or could house; "" for none."""
        could = [label for label in self.combine_with if label not in self.houses]
        parts = []
        if self.houses:
            parts.append(
                f"Houses {'; '.join(self.houses)}: its facility is priced for "
                + (
                    "that option's load in its TCO."
                    if len(self.houses) == 1
                    else "those options' load in their TCO."
                )
            )
        if could:
            parts.append(f"Could house {'; '.join(could)}.")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class Scorecard:
    """Every compute offer's scores, ranked, with the weights and rules used.

    ``scores`` lists qualified quotes by rank, then disqualified quotes by key.
    ``supporting`` lists the quotes without compute lines, by key; they are not in
    ``scores``. ``cost_metric`` is ``"pflop"``: cost is compared per useful
    PFLOP-hour.
    """

    weights: Weights
    scores: tuple[QuoteScore, ...]
    cost_metric: str
    rules: ScoringRules
    notes: tuple[str, ...] = ()
    supporting: tuple[SupportingQuote, ...] = ()

    @property
    def ranked(self) -> tuple[QuoteScore, ...]:
        """Qualified quotes, best first."""
        return tuple(score for score in self.scores if score.rank is not None)

    @property
    def winner(self) -> QuoteScore | None:
        """The best qualified quote, or None when every quote is disqualified."""
        ranked = self.ranked
        return ranked[0] if ranked else None

    def score_of(self, quote_key: str) -> QuoteScore:
        """The scores of one quote."""
        for score in self.scores:
            if score.quote_key == quote_key:
                return score
        raise KeyError(quote_key)


KnockoutRule = Callable[[ScoreInput], Iterable[Finding]]
"""A must-have check: returns knockout findings for a quote that fails it."""


def minimum_uptime_rule(min_uptime_pct: float) -> KnockoutRule:
    """A knock-out rule: the SLA must commit to at least ``min_uptime_pct`` uptime."""

    def rule(entry: ScoreInput) -> Iterable[Finding]:
        uptime = entry.quote.sla.uptime_pct
        if uptime is None or uptime < min_uptime_pct:
            stated = "no uptime commitment" if uptime is None else f"{uptime:g} % committed"
            yield Finding(
                entry.key,
                FindingSeverity.KNOCKOUT,
                FindingCategory.OTHER,
                "SLA uptime below the must-have",
                f"{stated}; the evaluation requires at least {min_uptime_pct:g} %",
                "must_have.sla_uptime",
                "",
                "user threshold",
                "evaluation must-haves",
            )

    return rule


def weighted_total(axes: Iterable[AxisScore], weights: Weights) -> float:
    """Σ weight × score over the axes (0–100)."""
    return math.fsum(weights.weight(item.axis) * item.score for item in axes)
