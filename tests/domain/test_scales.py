"""Stated scales: anchors no other quote can move, incomplete costs, missing as worst."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from computescore.domain.catalog import Precision
from computescore.domain.figures import INCOMPLETE, MISSING, Figure
from computescore.domain.quotes import Deployment, PriceUnit, Quote, SupportTerms
from computescore.domain.scoring import (
    LinearScale,
    ScoreInput,
    ScoringRules,
    prepare_input,
    score_quotes,
)
from computescore.domain.scoring.missing import missing_sentence, missing_swings
from computescore.domain.scoring.scales import (
    ScoreScales,
    check_anchors,
    default_scales,
    scales_from_mapping,
    scales_to_mapping,
)
from computescore.domain.tco import Assumptions, compute_tco
from computescore.domain.weights import Axis, normalise_weights
from computescore.services.catalogue import load_catalogue
from tests.domain.engine_records import (
    CATALOGUE,
    DECISION_DATE,
    compute_line,
    quote,
    workload,
)

WORKLOAD = workload(hours_per_day=24, horizon_months=12)
HALF_AND_HALF, _ = normalise_weights({"cost": 0.5, "performance": 0.5})
assert HALF_AND_HALF is not None


def _entry(q: Quote) -> ScoreInput:
    a = Assumptions()
    tco = compute_tco(q, WORKLOAD, CATALOGUE, (), DECISION_DATE, a)
    return prepare_input(q, tco, WORKLOAD, a, (), True)


def _abstract(name: str, cost: float, performance: float) -> ScoreInput:
    """A real quote and TCO whose two metrics are set to the worked example's figures."""
    entry = _entry(
        quote(name, compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8))
    )
    assert entry.tco is not None
    unit = Figure("cost per useful PFLOP-hour", cost, "USD/PFLOP-h", "given")
    rate = Figure("useful throughput", performance, "TFLOP/s", "given")
    return replace(entry, tco=replace(entry.tco, usd_per_useful_pflop_hour=unit), performance=rate)


# The worked example: A (cost 100, performance 50), B (cost 150, performance 90),
# D (cost 1000, performance 180); weights cost 0.5, performance 0.5.
A = ("A", 100.0, 50.0)
B = ("B", 150.0, 90.0)
D = ("D", 1000.0, 180.0)
# Stated anchors: cost 100 → 100 and 500 → 0; performance 0 → 0 and 180 → 100.
STATED = ScoringRules(
    cost_scale=LinearScale(500.0, 100.0, "USD"),
    performance_scale=LinearScale(0.0, 180.0, "TFLOP/s"),
)


def _totals(rules: ScoringRules, *quotes: tuple[str, float, float]) -> dict[str, float]:
    card = score_quotes([_abstract(*q) for q in quotes], HALF_AND_HALF, rules)
    return {s.label.split(" — ")[0]: s.weighted_total for s in card.scores}


def test_the_relative_scales_let_a_quote_that_wins_nothing_flip_the_winner() -> None:
    # Relative: B = 0.5 × 100 × 100/150 + 0.5 × 100 = 83.33; A = 0.5 × 100 + 0.5 × 100 ×
    # 50/90 = 77.78. With D: A = 0.5 × 100 + 0.5 × 100 × 50/180 = 63.89; B = 0.5 × 100 ×
    # 100/150 + 0.5 × 100 × 90/180 = 58.33 — D, last, hands the award to A.
    relative = ScoringRules()
    two = _totals(relative, A, B)
    assert two["B"] == pytest.approx(83.333, abs=1e-3) and two["A"] == pytest.approx(
        77.778, abs=1e-3
    )
    three = _totals(relative, A, B, D)
    assert three["A"] == pytest.approx(63.889, abs=1e-3)
    assert three["B"] == pytest.approx(58.333, abs=1e-3)


def test_stated_scales_keep_b_ahead_whatever_else_is_quoted() -> None:
    # A: cost 100 × (500 − 100)/400 = 100, performance 100 × 50/180 = 27.78 → 63.89.
    # B: cost 100 × (500 − 150)/400 = 87.5, performance 50 → 68.75.
    two = _totals(STATED, A, B)
    assert two["A"] == pytest.approx(63.889, abs=1e-3)
    assert two["B"] == pytest.approx(68.75)
    three = _totals(STATED, A, B, D)
    assert three["A"] == two["A"] and three["B"] == two["B"]
    # D: cost 0 (above the ceiling), performance 100 → 50, last.
    assert three["D"] == pytest.approx(50.0)


_metric = st.floats(min_value=1.0, max_value=1000.0, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(_metric, _metric), min_size=2, max_size=5),
    st.floats(min_value=1.0, max_value=3.0),
    st.floats(min_value=0.1, max_value=1.0),
)
def test_a_dominated_quote_never_changes_the_order_of_the_others(
    quotes: list[tuple[float, float]], dearer: float, slower: float
) -> None:
    named = [(f"Q{index}", cost, perf) for index, (cost, perf) in enumerate(quotes)]
    # The new quote is worse than the worst on both axes: dearer and slower.
    worst_cost = max(cost for _, cost, _ in named)
    worst_perf = min(perf for _, _, perf in named)
    extra = ("Z", worst_cost * dearer, worst_perf * slower)
    before = score_quotes([_abstract(*q) for q in named], HALF_AND_HALF, STATED)
    after = score_quotes([_abstract(*q) for q in (*named, extra)], HALF_AND_HALF, STATED)
    order = [s.quote_key for s in before.ranked]
    assert [s.quote_key for s in after.ranked if s.quote_key in order] == order
    for score in before.scores:
        assert after.score_of(score.quote_key).weighted_total == score.weighted_total


def test_default_scales_come_from_the_workload_and_the_catalogue_only() -> None:
    # fp8 training at an FP8 MFU of 0.15: the best fp8 dense peak in the catalogue is the
    # MI355X's 5,033 TFLOP/s → 754.95 useful TFLOP/s scores 100. An H100 SXM gives 1,978.9 ×
    # 0.15 = 296.835 TFLOP/s = 0.296835 PFLOP/s: US$2/h → 2 / 0.296835 = US$6.7377 per
    # useful PFLOP-hour scores 100, US$10/h → US$33.689 scores 0.
    serving = replace(WORKLOAD, precision=Precision.FP8, fp8_training_mfu=0.15)
    scales = default_scales(serving, load_catalogue(()).accelerators)
    assert scales.performance == LinearScale(0.0, 5033 * 0.15, "TFLOP/s per accelerator")
    assert scales.cost is not None
    assert scales.cost.ideal == pytest.approx(6.7377, abs=1e-4)
    assert scales.cost.floor == pytest.approx(33.689, abs=1e-3)
    assert "MI355X" in scales.origin.upper() and "US$2" not in scales.origin
    assert "$2.00 per GPU-hour" in scales.origin
    assert not scales.relative


def test_a_stored_scale_round_trips_and_a_bad_one_keeps_the_default() -> None:
    default = default_scales(WORKLOAD, CATALOGUE)
    chosen = ScoreScales(LinearScale(0.0, 400.0, "TFLOP/s per accelerator"), None, "set")
    back, problems = scales_from_mapping(scales_to_mapping(chosen), default)
    assert back == chosen and back.relative and not problems
    odd, problems = scales_from_mapping(
        {"performance": {"zero": 10, "hundred": 10}, "cost": "cheap"}, default
    )
    assert odd.performance == default.performance and odd.cost == default.cost
    assert len(problems) == 2 and "must differ" in problems[0]
    assert check_anchors("cost", 5.0, 20.0) is not None
    assert check_anchors("cost", 20.0, 5.0) is None
    assert check_anchors("performance", 0.0, 500.0) is None


def test_an_incomplete_cost_scores_zero_and_never_ranks_above_a_complete_one() -> None:
    # A EUR quote with no EUR rate cannot be costed: its partial TCO is $0.00, which
    # the relative scale used to make the cheapest. It scores 0 on cost, flagged, and
    # its reliability is not valued on a TCO that leaves out the compute.
    euro = quote(
        "Euro",
        compute_line("1.50", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, currency="EUR"),
    )
    dollar = quote("Dollar", compute_line("3.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8))
    for rules in (ScoringRules(), STATED):
        card = score_quotes([_entry(euro), _entry(dollar)], HALF_AND_HALF, rules)
        cost = card.score_of(euro.key).axis(Axis.COST)
        assert cost.score == 0.0 and INCOMPLETE in cost.flags
        assert cost.explanation.startswith("cost 0 (incomplete, counted as worst)")
        assert "EUR" in cost.explanation
        assert card.score_of(dollar.key).axis(Axis.COST).score > 0
        assert "incomplete cost, counted as worst" in card.score_of(euro.key).flags
        assert card.winner is not None and card.winner.quote_key == dollar.key
        reliability = card.score_of(euro.key).axis(Axis.RELIABILITY)
        assert MISSING in reliability.flags


def test_missing_data_can_count_as_worst_per_axis() -> None:
    plain = _entry(
        quote("Plain", compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8))
    )
    neutral = score_quotes([plain], HALF_AND_HALF, ScoringRules())
    worst = score_quotes(
        [plain], HALF_AND_HALF, ScoringRules(worst_when_missing=frozenset({Axis.SERVICE}))
    )
    assert neutral.scores[0].axis(Axis.SERVICE).score == 50.0
    service = worst.scores[0].axis(Axis.SERVICE)
    assert service.score == 0.0 and MISSING in service.flags
    assert "counted as worst" in service.explanation
    # Reliability is missing too (no failure rate), but stays neutral: only the chosen axis.
    assert worst.scores[0].axis(Axis.RELIABILITY).score == 50.0


def test_a_missing_figure_that_decides_the_award_is_named() -> None:
    # Weights cost 0.5, service 0.5 on the stated scales. A: cost 100 → 100, no support
    # terms → service neutral 50 → total 75. B: cost 150 → 87.5, full support → 100 →
    # total 93.75, B wins. Were A's missing service at its best (100), A would total 100
    # and win; at its worst (0) B still wins.
    weights, _ = normalise_weights({"cost": 0.5, "service": 0.5})
    assert weights is not None
    a = _abstract("A", 100.0, 50.0)
    b = _abstract("B", 150.0, 90.0)
    b = replace(b, quote=replace(b.quote, support=SupportTerms({1: 15, 2: 60}, 40.0, "24x7")))
    card = score_quotes([a, b], weights, STATED)
    assert card.winner is not None and card.winner.label.startswith("B")
    assert card.score_of(a.key).weighted_total == pytest.approx(75.0)
    assert card.score_of(b.key).weighted_total == pytest.approx(93.75)
    swings = missing_swings(card)
    assert [(s.quote, s.axis, s.end) for s in swings] == [("A — Q1", Axis.SERVICE, "best")]
    assert swings[0].sentence() == (
        "If A — Q1's missing service figure were at its best, A — Q1 would win."
    )
    # B's reliability is missing too, but at either end it changes nothing.
    assert "A — Q1's missing service" in missing_sentence(card)


def test_the_independence_check_names_the_quote_that_flips_a_relative_winner() -> None:
    from computescore.domain.scoring.independence import independence_check

    entries = [_abstract(*q) for q in (A, B, D)]
    relative = ScoringRules()
    card = score_quotes(entries, HALF_AND_HALF, relative)
    assert card.winner is not None and card.winner.label.startswith("A")
    check = independence_check(entries, HALF_AND_HALF, relative, card)
    assert not check.holds
    without_d = next(case for case in check.flips if case.change == "without")
    # Without D, B wins 83.33 to 77.78: a lead of 5.56 points.
    assert without_d.quote.startswith("D") and without_d.winner is not None
    assert without_d.winner.startswith("B")
    assert without_d.lead_points == pytest.approx(83.333 - 77.778, abs=1e-2)
    assert check.sentence().startswith("A quote that does not win changes the winner: without D")
    # On the stated scales the same three quotes pass.
    stated_card = score_quotes(entries, HALF_AND_HALF, STATED)
    assert independence_check(entries, HALF_AND_HALF, STATED, stated_card).holds
