"""Robustness: winner's margin, flip weights and the TCO tornado."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.quotes import Deployment, MeasuredPerformance, PriceUnit
from computescore.domain.scoring import (
    AxisScore,
    QuoteScore,
    Scorecard,
    ScoringRules,
    weighted_total,
)
from computescore.domain.sensitivity import (
    flip_weights,
    smallest_flip,
    tornado,
    winner_margin,
)
from computescore.domain.tco import Assumptions, compute_tco
from computescore.domain.weights import AXES, Axis, Weights, equal_weights, with_weight
from tests.domain.engine_records import CATALOGUE, DECISION_DATE, compute_line, quote, workload


def _card(rows: dict[str, list[float]], weights: Weights) -> Scorecard:
    """A scorecard built by hand from axis scores in AXES order (all quotes qualified)."""
    scores = []
    for key, values in rows.items():
        axes = tuple(
            AxisScore(axis, value, "", "") for axis, value in zip(AXES, values, strict=True)
        )
        scores.append(QuoteScore(key, key, axes, weighted_total(axes, weights), None, False, ()))
    ranked = sorted(scores, key=lambda s: (-round(s.weighted_total, 9), s.quote_key))
    final = tuple(
        QuoteScore(s.quote_key, s.label, s.axes, s.weighted_total, i + 1, False, ())
        for i, s in enumerate(ranked)
    )
    return Scorecard(weights, final, "pflop", ScoringRules())


# Axis order: performance, reliability, cost, service, compliance.
A = [100.0, 50.0, 60.0, 50.0, 100.0]  # equal weights: 360 / 5 = 72
B = [50.0, 50.0, 100.0, 50.0, 100.0]  # 350 / 5 = 70


def test_margin_and_flip_weights_by_hand() -> None:
    card = _card({"A": A, "B": B}, equal_weights())
    margin = winner_margin(card)
    assert margin is not None and margin.value == pytest.approx(2.0)
    flips = {flip.axis: flip for flip in flip_weights(card)}
    # Cost at weight x, the other four rescaled: A = 60x + 75(1 − x), B = 100x + 62.5(1 − x),
    # where 75 and 62.5 are the means of the other axes. Equal at x = 12.5 / 52.5 = 0.238095.
    cost = flips[Axis.COST]
    assert cost.flips_at == pytest.approx(12.5 / 52.5)
    assert cost.change == pytest.approx(12.5 / 52.5 - 0.2)
    assert cost.new_winner_key == "B"
    # Performance: A = 100x + 65(1 − x), B = 50x + 75(1 − x): equal at x = 10 / 60 = 0.1667.
    performance = flips[Axis.PERFORMANCE]
    assert performance.flips_at == pytest.approx(1 / 6)
    assert performance.explanation == (
        "lowering the performance weight from 20.0% to 16.7% (−3.3 percentage points, the "
        "other weights rescaled) makes B tie A; beyond it B wins"
    )
    # Service and compliance are the same for both; A only ties B at 100 % and wins the tie.
    assert flips[Axis.SERVICE].flips_at is None
    assert flips[Axis.COMPLIANCE].flips_at is None
    smallest = smallest_flip(list(flips.values()))
    assert smallest is not None and smallest.axis is Axis.PERFORMANCE


def test_a_single_qualified_quote_has_no_margin_or_flips() -> None:
    card = _card({"A": A}, equal_weights())
    assert winner_margin(card) is None
    assert flip_weights(card) == ()


score = st.floats(0, 100)


@given(
    rows=st.lists(st.lists(score, min_size=5, max_size=5), min_size=2, max_size=4),
    raw=st.lists(st.floats(0.01, 1), min_size=5, max_size=5),
)
def test_the_winner_changes_just_beyond_each_flip_weight_and_not_before(
    rows: list[list[float]], raw: list[float]
) -> None:
    total = sum(raw)
    weights = Weights({axis: value / total for axis, value in zip(AXES, raw, strict=True)})
    card = _card({f"Q{i}": row for i, row in enumerate(rows)}, weights)
    winner = card.ranked[0].quote_key

    def best_at(axis: Axis, value: float) -> str:
        changed = with_weight(weights, axis, value)
        return min(
            card.scores,
            key=lambda s: (-round(weighted_total(s.axes, changed), 9), s.quote_key),
        ).quote_key

    for flip in flip_weights(card):
        if flip.flips_at is None or flip.change is None or abs(flip.change) < 1e-6:
            continue
        step = 1e-6 if flip.change > 0 else -1e-6
        beyond = min(1.0, max(0.0, flip.flips_at + step))
        halfway = flip.current + flip.change / 2
        assert best_at(flip.axis, halfway) == winner
        if 0.0 < flip.flips_at < 1.0:
            assert best_at(flip.axis, beyond) != winner


SERVER = compute_line("250000", PriceUnit.PER_UNIT, Deployment.PURCHASE, 8, nodes=1, per_node=8)


def test_tornado_of_an_owned_server() -> None:
    # 24 months, 12 h/day, defaults. Per hour of daily use the TCO moves by
    # energy in use 10.08 kW × 1.5 × 730 days × 0.16 = 1,766.016 and idle energy
    # −529.805: 1,236.211 (operations run the fleet whether busy or not, so they do not
    # move). ±20 % of 12 h = ±2.4 h → swing 4.8 × 1,236.211 = 5,933.81.
    # Energy lines 27,549.85 × ±20 % → swing 11,019.94.
    # Resale at the end: d = 24 / 48 = 0.5, so the server is worth 250,000 × (1 − 0.5 +
    # 0.5 × 0.1) = 137,500; that price ± 20 % → swing 0.4 × 137,500 = 55,000 (moving the
    # end-of-life fraction instead would swing only 5,000).
    a = Assumptions(discount_rate=0.0)
    tco = compute_tco(quote("Own", SERVER), workload(12, 24), CATALOGUE, (), DECISION_DATE, a)
    result = tornado(tco, a, pct=0.2)
    bars = {bar.name: bar for bar in result.bars}
    assert bars["hours of use per day"].swing_usd == pytest.approx(5_933.81, abs=0.01)
    assert bars["energy price"].swing_usd == pytest.approx(11_019.94, abs=0.01)
    resale = bars["resale value at the end"]
    assert resale.swing_usd == pytest.approx(55_000.0)
    assert (resale.base_value, resale.low_value, resale.high_value) == pytest.approx(
        (0.55, 0.44, 0.66)
    )
    assert bars["exchange rates"].swing_usd == 0.0
    assert [bar.name for bar in result.bars][:3] == [
        "resale value at the end",
        "energy price",
        "hours of use per day",
    ]
    mfu = bars["MFU"]
    assert mfu.swing_usd == 0.0
    assert result.base_unit_usd is not None and mfu.low_unit_usd is not None
    # The MFU is assumed, not measured, so it moves ±50 %: 0.4 → 0.2 doubles the cost
    # per useful unit.
    assert mfu.low_value == pytest.approx(0.2)
    assert mfu.low_unit_usd == pytest.approx(result.base_unit_usd * 2.0)
    assert result.base_usd == pytest.approx(tco.total_usd)


def test_tornado_moves_foreign_currency_lines() -> None:
    # A €140,160 reservation at 1.10 = US$154,176; FX ± 20 % → swing 0.4 × 154,176 = 61,670.4.
    eur = compute_line(
        "2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=12, currency="EUR"
    )
    a = Assumptions(discount_rate=0.0, fx_override={"EUR": 1.10})
    tco = compute_tco(quote("E", eur), workload(8, 12), CATALOGUE, (), DECISION_DATE, a)
    bars = {bar.name: bar for bar in tornado(tco, a, 0.2).bars}
    assert bars["exchange rates"].swing_usd == pytest.approx(61_670.4)
    assert bars["hours of use per day"].swing_usd == pytest.approx(0.0, abs=1e-6)


def test_tornado_moves_the_measured_throughput_when_the_useful_work_comes_from_it() -> None:
    # 8 H100 reserved at US$2.00 for 12 months = 140,160; 8 h/day → 23,360 GPU-h used.
    # Measured 1,000 tokens/s training a 7 B model: 1,000 × 6 × 7e9 = 0.042 PFLOP/s per GPU,
    # 981.12 useful PFLOP-h → US$142.857 per PFLOP-h. Throughput −20 % (800 tokens/s)
    # → 140,160 / 784.896 = US$178.571 (× 1.25); the money spent does not move.
    reserved = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=12)
    q = quote("T", reserved, performance=MeasuredPerformance(tokens_per_second=1000))
    a = Assumptions(discount_rate=0.0)
    tco = compute_tco(q, workload(8, 12), CATALOGUE, (), DECISION_DATE, a)
    result = tornado(tco, a, pct=0.2)
    bars = {bar.name: bar for bar in result.bars}
    assert "MFU" not in bars
    throughput = bars["measured throughput"]
    assert (throughput.unit, throughput.base_value) == ("tokens/s", 1000.0)
    assert (throughput.low_value, throughput.high_value) == pytest.approx((800.0, 1200.0))
    assert throughput.swing_usd == 0.0
    assert result.base_unit_usd == pytest.approx(140_160 / 981.12)
    assert throughput.low_unit_usd == pytest.approx(140_160 / 784.896)


def test_tornado_takes_the_option_the_quote_would_choose_at_each_end() -> None:
    # 8 H100 for 12 months at 20 h/day: reserved 2.00 × 8 × 8,760 = 140,160 (chosen) or on
    # demand 3.00 × 8 × h × 365. Hours ± 30 %: at 14 h/day on demand costs 122,640 and is
    # taken; at 24 h/day (26 capped) on demand would cost 210,240, so the reservation stays.
    reserved = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=12)
    on_demand = compute_line("3.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8)
    a = Assumptions(discount_rate=0.0)
    tco = compute_tco(
        quote("Both", reserved, on_demand), workload(20, 12), CATALOGUE, (), DECISION_DATE, a
    )
    assert tco.total_usd == pytest.approx(140_160.0)
    hours = {bar.name: bar for bar in tornado(tco, a, pct=0.3).bars}["hours of use per day"]
    assert (hours.low_value, hours.high_value) == pytest.approx((14.0, 24.0))
    assert hours.low_usd == pytest.approx(122_640.0)
    assert hours.high_usd == pytest.approx(140_160.0)
    # Per useful PFLOP-hour at 14 h/day: 122,640 / (8 × 0.989 × 0.4 × 14 × 365) = 7.5834.
    assert hours.low_unit_usd == pytest.approx(122_640 / (8 * 0.3956 * 14 * 365))
