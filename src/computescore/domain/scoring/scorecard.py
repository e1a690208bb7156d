"""Knock-outs, weighted totals and the ranked scorecard."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from computescore.domain.figures import (
    INCOMPLETE,
    MISSING,
    UNMEASURED,
)
from computescore.domain.findings import Finding
from computescore.domain.quotes import sells_tokens
from computescore.domain.scoring.axes import (
    _compliance_score,
    _cost_scores,
    _owned_option,
    _performance_scores,
    _reliability_score,
    _service_score,
    _unique,
)
from computescore.domain.scoring.knockouts import knockouts_of
from computescore.domain.scoring.outputs import (
    SUPPORTING_REASON,
    TOKEN_API_REASON,
    QuoteScore,
    Scorecard,
    SupportingQuote,
    weighted_total,
)
from computescore.domain.scoring.qualitative import with_criteria
from computescore.domain.scoring.rules import ScoringRules
from computescore.domain.weights import Weights

if TYPE_CHECKING:
    from computescore.domain.scoring.inputs import ScoreInput
    from computescore.domain.scoring.outputs import AxisScore, KnockoutRule


def score_quotes(
    entries: Sequence[ScoreInput],
    weights: Weights,
    rules: ScoringRules | None = None,
    knockout_rules: Sequence[KnockoutRule] = (),
) -> Scorecard:
    """Score every quote on the five axes, weight, rank, and apply knock-outs.

    Args:
        entries: one :class:`ScoreInput` per quote (from :func:`prepare_input`).
        weights: normalised axis weights.
        rules: scales and thresholds; defaults when None.
        knockout_rules: extra must-have checks beyond the knockout findings.

    Returns:
        The :class:`Scorecard`: qualified quotes ranked by weighted total (ties broken
        by quote key), then disqualified quotes with their reasons; quotes without
        compute lines are listed apart as supporting quotes, not ranked.
    """
    used_rules = rules or ScoringRules()
    everything = sorted(entries, key=lambda e: e.key)
    ordered = [e for e in everything if e.quote.compute_lines]
    knocked = {e.key: knockouts_of(e, knockout_rules) for e in everything}
    qualified = {e.key for e in ordered if not knocked[e.key]}
    cost, notes = _cost_scores(ordered, qualified, used_rules)
    performance = _performance_scores(ordered, qualified, used_rules)
    results: list[QuoteScore] = []
    for entry in ordered:
        axes: tuple[AxisScore, ...] = tuple(
            with_criteria(item, entry.qualitative)
            for item in (  # in AXES order
                performance[entry.key],
                _reliability_score(entry, used_rules),
                cost[entry.key],
                _service_score(entry, used_rules),
                _compliance_score(entry, used_rules),
            )
        )
        flags: list[str] = []
        missing_axes = [item.axis.value for item in axes if MISSING in item.flags]
        if missing_axes:
            flags.append("missing data on: " + ", ".join(missing_axes))
        if any(INCOMPLETE in item.flags for item in axes):
            flags.append("incomplete cost, counted as worst")
        if any(UNMEASURED in item.flags for item in axes):
            flags.append("performance unmeasured")
        results.append(
            QuoteScore(
                entry.key,
                entry.quote.label,
                axes,
                weighted_total(axes, weights),
                None,
                bool(knocked[entry.key]),
                knocked[entry.key],
                tuple(flags),
            )
        )
    ranked = sorted(
        (r for r in results if not r.disqualified),
        key=lambda r: (-round(r.weighted_total, 9), r.quote_key),
    )
    final = [
        QuoteScore(
            r.quote_key, r.label, r.axes, r.weighted_total, index + 1, False, r.knockouts, r.flags
        )
        for index, r in enumerate(ranked)
    ]
    final.extend(r for r in results if r.disqualified)
    by_key = {e.key: e for e in ordered}
    owners = tuple(
        r.label for r in final if r.rank is not None and _owned_option(by_key[r.quote_key])
    )
    supporting = tuple(
        _supporting(
            entry, knocked[entry.key], owners, used_rules, _housed_in(entry.key, final, by_key)
        )
        for entry in everything
        if not entry.quote.compute_lines
    )
    if supporting:
        count = len(supporting)
        notes = (
            *notes,
            f"{count} quote{'s' if count != 1 else ''} without compute lines "
            f"{'are' if count != 1 else 'is'} listed as supporting, not ranked: "
            + ", ".join(item.label for item in supporting),
        )
    return Scorecard(weights, tuple(final), "pflop", used_rules, notes, supporting)


def _housed_in(
    key: str, scores: Sequence[QuoteScore], entries: Mapping[str, ScoreInput]
) -> tuple[str, ...]:
    """The labels of the scored quotes whose owned option is housed in the quote ``key``."""
    return tuple(
        score.label
        for score in scores
        if (tco := entries[score.quote_key].tco) is not None and tco.housed_at == key
    )


def _supporting(
    entry: ScoreInput,
    knockouts: tuple[Finding, ...],
    owners: tuple[str, ...],
    rules: ScoringRules,
    houses: tuple[str, ...] = (),
) -> SupportingQuote:
    offers = _unique(
        (line.category.value if line.category is not None else "other")
        for line in entry.quote.lines
    )
    tco = entry.tco
    token_offer = sells_tokens(entry.quote.lines)
    return SupportingQuote(
        entry.key,
        entry.quote.label,
        TOKEN_API_REASON if token_offer else SUPPORTING_REASON,
        tuple(offers),
        tco.headline_usd if tco is not None and tco.complete else None,
        with_criteria(_service_score(entry, rules), entry.qualitative),
        with_criteria(_compliance_score(entry, rules), entry.qualitative),
        knockouts,
        () if token_offer else owners,
        houses,
    )
