"""Monte Carlo: zero-width ranges reproduce the deterministic result; seeded, ordered, bounded."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.montecarlo import (
    Triangular,
    UncertainRanges,
    default_ranges,
    fixed_ranges,
    run_monte_carlo,
)
from computescore.domain.quotes import CostCategory, Deployment, MeasuredPerformance, PriceUnit
from computescore.domain.scoring import LinearScale, ScoringRules, prepare_input, score_quotes
from computescore.domain.tco import Assumptions, Tco, compute_tco
from computescore.domain.weights import equal_weights
from tests.domain.engine_records import (
    CATALOGUE,
    DECISION_DATE,
    compute_line,
    cost_line,
    quote,
    workload,
)

WORKLOAD = workload(hours_per_day=12, horizon_months=24)


def _quotes():  # type: ignore[no-untyped-def]
    return (
        quote("Cloud", compute_line("2.40", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8)),
        quote(
            "Reserve",
            compute_line("1.90", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=24),
            performance=MeasuredPerformance(mfu=0.45),
        ),
        quote(
            "Owner",
            compute_line("250000", PriceUnit.PER_UNIT, Deployment.PURCHASE, 8, nodes=1),
            cost_line("30000", PriceUnit.TOTAL, CostCategory.INSTALLATION),
        ),
        quote(
            "Euro",
            compute_line("2.10", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, currency="EUR"),
        ),
    )


def _tcos(a: Assumptions) -> list[Tco]:
    return [compute_tco(q, WORKLOAD, CATALOGUE, (), DECISION_DATE, a) for q in _quotes()]


ASSUMPTIONS = Assumptions(discount_rate=0.0, fx_override={"EUR": 1.10})


def test_zero_width_ranges_reproduce_the_deterministic_result() -> None:
    for a in (ASSUMPTIONS, Assumptions(fx_override={"EUR": 1.10}, discount_rate=0.07)):
        tcos = _tcos(a)
        entries = [prepare_input(q, t, WORKLOAD, a) for q, t in zip(_quotes(), tcos, strict=True)]
        card = score_quotes(entries, equal_weights())
        result = run_monte_carlo(tcos, fixed_ranges(12, a), samples=500, seed=7, scorecard=card)
        by_key = {item.quote_key: item for item in result.quotes}
        for tco in tcos:
            item = by_key[tco.quote_key]
            for value in (item.p10_usd, item.p50_usd, item.p90_usd):
                assert value == pytest.approx(tco.headline_usd, rel=1e-12)
            assert tco.usd_per_useful_pflop_hour is not None
            assert item.p50_unit_usd == pytest.approx(tco.usd_per_useful_pflop_hour.value)
        winner = card.winner
        assert winner is not None
        assert by_key[winner.quote_key].probability_first == 1.0
        cheapest = min(tcos, key=lambda t: t.headline_usd)
        assert by_key[cheapest.quote_key].probability_lowest_tco == 1.0


def test_runs_are_reproducible_from_the_seed_and_percentiles_are_ordered() -> None:
    tcos = _tcos(ASSUMPTIONS)
    ranges = default_ranges(12, ASSUMPTIONS, spread=0.3)
    first = run_monte_carlo(tcos, ranges, samples=2000, seed=11)
    again = run_monte_carlo(tcos, ranges, samples=2000, seed=11)
    other = run_monte_carlo(tcos, ranges, samples=2000, seed=12)
    assert first == again
    assert first.quotes != other.quotes
    for item in first.quotes:
        assert item.p10_usd <= item.p50_usd <= item.p90_usd
    assert sum(item.probability_lowest_tco or 0.0 for item in first.quotes) == pytest.approx(1.0)
    # The reservation's cost does not move with use; the on-demand quote's does.
    spread = {i.quote_key: i.p90_usd - i.p10_usd for i in first.quotes}
    assert spread["Reserve/Q1/r1"] == pytest.approx(0.0, abs=1e-6)
    assert spread["Cloud/Q1/r1"] > 0


def test_probability_of_ranking_first_sums_to_one_over_qualified_quotes() -> None:
    tcos = _tcos(ASSUMPTIONS)
    entries = [
        prepare_input(q, t, WORKLOAD, ASSUMPTIONS) for q, t in zip(_quotes(), tcos, strict=True)
    ]
    card = score_quotes(entries, equal_weights())
    result = run_monte_carlo(
        tcos, default_ranges(12, ASSUMPTIONS, 0.4), samples=4000, seed=3, scorecard=card
    )
    total = sum(item.probability_first or 0.0 for item in result.quotes)
    assert total == pytest.approx(1.0)
    assert result.notes


def test_invalid_ranges_are_problems() -> None:
    bad = UncertainRanges(
        Triangular(10, 8, 12),
        Triangular(0.1, 0.1, 0.1),
        Triangular(0, 0, 0),
        Triangular(1, 1, 1),
        Triangular(1, 1, 1),
    )
    result = run_monte_carlo(_tcos(ASSUMPTIONS), bad)
    assert result.quotes == ()
    assert result.problems[0].source == "monte_carlo:hours_per_day"


@given(low=st.floats(0, 10), mode_gap=st.floats(0, 10), high_gap=st.floats(0, 10))
def test_triangular_samples_stay_in_range(low: float, mode_gap: float, high_gap: float) -> None:
    tri = Triangular(low, low + mode_gap, low + mode_gap + high_gap)
    draws = tri.sample(np.random.default_rng(0).random(2000))
    assert draws.min() >= tri.low - 1e-9 and draws.max() <= tri.high + 1e-9


def test_triangular_mean_matches_the_formula() -> None:
    # Mean of a triangular distribution = (low + likely + high) / 3 = (2 + 3 + 7) / 3 = 4.
    draws = Triangular(2, 3, 7).sample(np.random.default_rng(1).random(200_000))
    assert draws.mean() == pytest.approx(4.0, abs=0.02)


def test_supporting_quotes_and_measured_throughput_in_the_simulation() -> None:
    # A colocation quote (US$5,000 a month × 24 = 120,000, cheaper than every compute
    # offer) is simulated for its own TCO range but never "lowest TCO" or "first".
    # A quote measured at 1,000 tokens/s (7 B training: 0.042 PFLOP/s per GPU) keeps its
    # deterministic cost per useful PFLOP-hour at zero-width ranges:
    # 8 × US$2.40 × 12 h × 24 × 730/24 = 168,192 over 8 × 12 × 730 = 70,080 GPU-h
    # → 168,192 / (0.042 × 70,080) = US$57.143 per PFLOP-h.
    colo = quote(
        "Colo", cost_line("5000", PriceUnit.PER_MONTH, CostCategory.FACILITY), reference="C"
    )
    measured = quote(
        "Tokens",
        compute_line("2.40", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8),
        performance=MeasuredPerformance(tokens_per_second=1000),
    )
    quotes = (*_quotes(), colo, measured)
    tcos = [compute_tco(q, WORKLOAD, CATALOGUE, (), DECISION_DATE, ASSUMPTIONS) for q in quotes]
    entries = [
        prepare_input(q, t, WORKLOAD, ASSUMPTIONS) for q, t in zip(quotes, tcos, strict=True)
    ]
    card = score_quotes(entries, equal_weights())
    assert [s.quote_key for s in card.supporting] == ["Colo/C/r1"]
    fixed = run_monte_carlo(tcos, fixed_ranges(12, ASSUMPTIONS), 300, 5, card)
    by_key = {item.quote_key: item for item in fixed.quotes}
    supporting = by_key["Colo/C/r1"]
    assert supporting.p50_usd == pytest.approx(120_000.0)
    assert supporting.probability_first is None and supporting.probability_lowest_tco is None
    assert by_key["Tokens/Q1/r1"].p50_unit_usd == pytest.approx(168_192 / (0.042 * 70_080))
    lowest = [i.probability_lowest_tco for i in fixed.quotes if i.probability_lowest_tco]
    assert sum(lowest) == pytest.approx(1.0)
    spread = run_monte_carlo(tcos, default_ranges(12, ASSUMPTIONS, 0.3), 3000, 5, card)
    first = [i.probability_first for i in spread.quotes if i.probability_first is not None]
    assert sum(first) == pytest.approx(1.0)
    assert {i.quote_key for i in spread.quotes if i.probability_first is not None} == {
        s.quote_key for s in card.ranked
    }


def test_each_sample_takes_the_option_the_quote_would_choose() -> None:
    # One quote, 8 H100 for 24 months: reserved 2.00 × 8 × 17,520 h = 280,320 at any use, or
    # on demand 3.00 × 8 × h × 730 = 17,520 per daily hour; they break even at 16 h/day.
    # At a planned 12 h/day on demand is chosen (210,240). With hours drawn from a triangle
    # 8 / 12 / 24, a sample takes on demand below 16 h/day and the reservation above, so no
    # sample costs more than 280,320 and the others follow the hours.
    both = quote(
        "Both",
        compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=24),
        compute_line("3.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8),
    )
    tco = compute_tco(both, WORKLOAD, CATALOGUE, (), DECISION_DATE, ASSUMPTIONS)
    assert tco.total_usd == pytest.approx(210_240.0)
    fixed = run_monte_carlo([tco], fixed_ranges(12, ASSUMPTIONS), samples=200, seed=1)
    assert fixed.quotes[0].p50_usd == pytest.approx(210_240.0)
    ranges = UncertainRanges(
        Triangular(8, 12, 24),
        Triangular(0.16, 0.16, 0.16),
        Triangular(0.1, 0.1, 0.1),
        Triangular(1, 1, 1),
        Triangular(1, 1, 1),
    )
    item = run_monte_carlo([tco], ranges, samples=20_000, seed=2).quotes[0]
    # P(h > 16) = (24 − 16)² / (16 × 12) = 1/3, so the 90th percentile is the cap.
    # Median: 1 − (24 − h)² / 192 = 0.5 → h = 24 − √96 = 14.202 → 14.202 × 17,520 = 248,819.
    # 10th percentile: (h − 8)² / 64 = 0.1 → h = 8 + √6.4 = 10.530 → 184,485.
    assert item.p90_usd == pytest.approx(280_320.0)
    assert item.p50_usd == pytest.approx((24 - 96**0.5) * 17_520, rel=0.01)
    assert item.p10_usd == pytest.approx((8 + 6.4**0.5) * 17_520, rel=0.01)


def test_an_incomplete_tco_is_not_simulated_and_withholds_the_chance_of_first() -> None:
    # Without the EUR rate the Euro quote's TCO leaves its compute out ($0.00): it gets no
    # percentiles, and while it is ranked no quote is given a chance of ranking first.
    a = Assumptions(discount_rate=0.0)
    tcos = _tcos(a)
    entries = [prepare_input(q, t, WORKLOAD, a) for q, t in zip(_quotes(), tcos, strict=True)]
    card = score_quotes(entries, equal_weights())
    result = run_monte_carlo(tcos, default_ranges(12, a), samples=400, seed=3, scorecard=card)
    euro = next(item for item in result.quotes if item.quote_key == "Euro/Q1/r1")
    assert euro.p10_usd is None and euro.p50_usd is None and euro.p90_usd is None
    assert euro.probability_lowest_tco == 0.0
    assert all(item.probability_first is None for item in result.quotes)
    assert any("Euro — Q1" in note and "incomplete" in note for note in result.notes)


def test_stated_scales_are_used_in_every_sample() -> None:
    # Zero-width ranges on stated scales reproduce the deterministic winner, and the note
    # names the scales.
    rules = ScoringRules(
        cost_scale=LinearScale(40.0, 4.0, "USD"), performance_scale=LinearScale(0.0, 600.0)
    )
    tcos = _tcos(ASSUMPTIONS)
    entries = [
        prepare_input(q, t, WORKLOAD, ASSUMPTIONS) for q, t in zip(_quotes(), tcos, strict=True)
    ]
    card = score_quotes(entries, equal_weights(), rules)
    result = run_monte_carlo(
        tcos, fixed_ranges(12, ASSUMPTIONS), samples=200, seed=5, scorecard=card
    )
    assert card.winner is not None
    by_key = {item.quote_key: item for item in result.quotes}
    assert by_key[card.winner.quote_key].probability_first == 1.0
    assert any("stated scales" in note for note in result.notes)


def test_a_missing_figure_is_drawn_from_its_whole_range() -> None:
    # Cloud and Owner state no failure rate, support or exit terms: their neutral 50s
    # are drawn from 0–100 in each sample, so the chances of ranking first spread out.
    from dataclasses import replace

    tcos = _tcos(ASSUMPTIONS)
    entries = [
        prepare_input(q, t, WORKLOAD, ASSUMPTIONS) for q, t in zip(_quotes(), tcos, strict=True)
    ]
    card = score_quotes(entries, equal_weights())
    ranges = default_ranges(12, ASSUMPTIONS, spread=0.2)
    drawn = run_monte_carlo(tcos, ranges, samples=3000, seed=9, scorecard=card)
    held = run_monte_carlo(
        tcos, replace(ranges, missing_uniform=False), samples=3000, seed=9, scorecard=card
    )
    first = {q.quote_key: q.probability_first or 0.0 for q in drawn.quotes}
    kept = {q.quote_key: q.probability_first or 0.0 for q in held.quotes}
    assert sum(first.values()) == pytest.approx(1.0)
    assert first != kept
    # The deterministic leader wins less often once the others' unknowns may be good.
    leader = card.winner
    assert leader is not None
    assert first[leader.quote_key] < kept[leader.quote_key]
    assert any("drawn anywhere from 0 to 100" in note for note in drawn.notes)
    assert not any("drawn anywhere" in note for note in held.notes)


def test_a_stated_failure_rate_is_uncertain_in_the_ranking() -> None:
    # Two reservations: "Steady" at 2.00/GPU-h states a 2 % failure rate and 4 h repair;
    # "Shaky" at 1.96 states 10 % and 24 h. Deterministically Shaky leads by 0.16 points
    # (79.75 to 79.59). With only the downtime loss drawn (half to twice the stated one,
    # every other input fixed), Shaky's reliability falls below Steady's often enough
    # for Steady to rank first in some samples; held at the stated figures, never.
    from dataclasses import replace

    from computescore.domain.quotes import ReliabilityTerms

    def reserved(price: str):  # type: ignore[no-untyped-def]
        return compute_line(price, PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=24)

    steady = quote("Steady", reserved("2.00"), reliability=ReliabilityTerms(0.02, 4))
    shaky = quote("Shaky", reserved("1.96"), reliability=ReliabilityTerms(0.10, 24))
    pair = (steady, shaky)
    tcos = [compute_tco(q, WORKLOAD, CATALOGUE, (), DECISION_DATE, ASSUMPTIONS) for q in pair]
    entries = [prepare_input(q, t, WORKLOAD, ASSUMPTIONS) for q, t in zip(pair, tcos, strict=True)]
    card = score_quotes(entries, equal_weights())
    assert card.winner is not None and card.winner.quote_key == shaky.key
    assert (default_ranges(12, ASSUMPTIONS).downtime_factor.low,) == (0.5,)
    only_downtime = replace(
        fixed_ranges(12, ASSUMPTIONS),
        downtime_factor=default_ranges(12, ASSUMPTIONS).downtime_factor,
    )
    moved = run_monte_carlo(tcos, only_downtime, samples=2000, seed=5, scorecard=card)
    held = run_monte_carlo(
        tcos, fixed_ranges(12, ASSUMPTIONS), samples=2000, seed=5, scorecard=card
    )
    first = {q.quote_key: q.probability_first or 0.0 for q in moved.quotes}
    kept = {q.quote_key: q.probability_first or 0.0 for q in held.quotes}
    assert kept[steady.key] == 0.0 and kept[shaky.key] == pytest.approx(1.0)
    assert 0.0 < first[steady.key] < 1.0
    assert sum(first.values()) == pytest.approx(1.0)
    assert any("from 0.5× to 2× the stated one" in note for note in moved.notes)
