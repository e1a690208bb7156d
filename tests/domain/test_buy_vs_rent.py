"""Buy versus rent: break-even from the user's numbers, the curve, and the recommendation."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.buy_vs_rent import (
    AffineCost,
    BreakEvenKind,
    DeploymentChoice,
    WorkloadTraits,
    affine_cost,
    break_even,
    cost_curve,
    recommend,
    workload_traits,
)
from computescore.domain.quotes import Deployment, PriceUnit
from computescore.domain.tco import Assumptions, compute_tco
from computescore.domain.workload import DataClassification, WorkloadClass
from tests.domain.engine_records import CATALOGUE, DECISION_DATE, compute_line, quote, workload

DAYS_IN_24_MONTHS = 24 * 730 / 24  # 730 days

NO_DISCOUNT = Assumptions(discount_rate=0.0)
"""Assumptions of the figures worked by hand here: no cost of capital."""


def _card(rent_usd_per_hour: float) -> tuple[AffineCost, AffineCost]:
    # One card over 24 months (730 days). Owned: US$2,200 up front, 0.45 kW at US$0.16/kWh
    # while in use → 0.45 × 0.16 × 730 = US$52.56 per daily hour. Rented: rate × 730 per
    # daily hour.
    owned = AffineCost("own a card", 2_200.0, 0.45 * 0.16 * DAYS_IN_24_MONTHS)
    rented = AffineCost("rent a card", 0.0, rent_usd_per_hour * DAYS_IN_24_MONTHS)
    return owned, rented


def test_break_even_hours_per_day_from_the_users_numbers() -> None:
    # At US$0.50/h: rented slope 365; h* = 2,200 / (365 − 52.56) = 7.041 h/day.
    owned, rented = _card(0.50)
    result = break_even(owned, rented)
    assert result.kind is BreakEvenKind.CROSSES
    assert result.hours_per_day is not None
    assert result.hours_per_day.value == pytest.approx(2_200 / (365 - 52.56))
    assert "owning is cheaper above it" in result.explanation


def test_the_seeds_own_card_figures_never_break_even() -> None:
    # At US$0.18/h: rented slope 131.4; h* = 2,200 / (131.4 − 52.56) = 27.9 h/day > 24,
    # so renting is cheaper at any use — the seed's "4–6 h/day" does not follow from its
    # own figures.
    owned, rented = _card(0.18)
    result = break_even(owned, rented)
    assert result.kind is BreakEvenKind.RENTED_ALWAYS_CHEAPER
    assert result.hours_per_day is None
    recommendation = recommend(5.0, 24, result)
    assert recommendation.choice is DeploymentChoice.RENT
    assert recommendation.prior_choice is DeploymentChoice.BUY
    assert not recommendation.agrees_with_prior
    assert "disagrees" in recommendation.reasons[-1]
    # Both options are named: rented 131.4 × 24 = 3,153.60 against owned 2,200 + 52.56 × 24
    # = 3,461.44 at 24 h/day.
    assert result.explanation == (
        "renting (rent a card) is cheaper than owning (own a card) at every use from 0 to "
        "24 h/day: $0.00 against $2,200 at 0 h/day, $3,154 against $3,461 at 24 h/day"
    )
    # A steady baseline with bursts would suggest owning the baseline; with renting
    # cheaper even at 24 h/day there is nothing worth owning.
    paired = recommend(5.0, 24, result, baseline_plus_bursts=True)
    assert paired.choice is DeploymentChoice.RENT
    assert paired.prior_choice is DeploymentChoice.HYBRID and not paired.agrees_with_prior
    assert "no baseline is worth owning" in paired.headline


def test_reserved_and_on_demand_break_even_from_real_tcos() -> None:
    # Reserved 8 × US$2.00 × 8,760 h = 140,160 fixed; on-demand 8 × US$3.00 × 365 = 8,760 per
    # daily hour → they meet at 140,160 / 8,760 = 16 h/day.
    wl = workload(hours_per_day=8, horizon_months=12)
    reserved = compute_tco(
        quote("A", compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=12)),
        wl,
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    on_demand = compute_tco(
        quote("B", compute_line("3.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8)),
        wl,
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    a = Assumptions(discount_rate=0.0)
    committed = affine_cost(reserved, a.energy_usd_per_kwh, a.residual_fraction)
    hourly = affine_cost(on_demand, a.energy_usd_per_kwh, a.residual_fraction)
    assert committed.fixed_usd == pytest.approx(140_160.0)
    assert committed.usd_per_daily_hour == pytest.approx(0.0, abs=1e-9)
    assert hourly.usd_per_daily_hour == pytest.approx(8_760.0)
    result = break_even(committed, hourly)
    assert result.hours_per_day is not None
    assert result.hours_per_day.value == pytest.approx(16.0)
    curve = cost_curve(committed, hourly, step_hours=4.0)
    assert [point.hours_per_day for point in curve] == [0, 4, 8, 12, 16, 20, 24]
    assert curve[4].owned_usd == pytest.approx(curve[4].rented_usd)


def test_recommendation_puts_constraints_before_economics() -> None:
    owned, rented = _card(0.50)
    result = break_even(owned, rented)
    local = recommend(2.0, 36, result, data_must_stay_local=True)
    assert local.choice is DeploymentChoice.ON_PREMISES
    assert any("rules it out" in reason for reason in local.reasons)
    hybrid = recommend(10.0, 36, result, baseline_plus_bursts=True)
    assert hybrid.choice is DeploymentChoice.HYBRID
    assert any("7.0 h/day" in reason for reason in hybrid.reasons)
    # 10 h/day is above the 7.04 h/day break-even: buy, and the prior agrees.
    economics = recommend(10.0, 36, result)
    assert economics.choice is DeploymentChoice.BUY and economics.agrees_with_prior
    # No quotes to compare: the rule of thumb alone, said to be so.
    alone = recommend(2.0, 36, None)
    assert alone.choice is DeploymentChoice.RENT
    assert "rule of thumb only" in alone.headline


def test_a_flat_lease_keeps_the_busy_baseline_rented() -> None:
    # Owned: US$100,000 fixed + US$10,000 per daily hour (operations, energy); a flat
    # lease: US$200,000 at any use. Equal at (100,000 − 200,000) / (0 − 10,000) = 10 h/day;
    # above it the lease is cheaper. At the planned 20 h/day: owned 300,000 against
    # 200,000, so a "baseline plus bursts" evaluation still rents its busy baseline.
    owned = AffineCost("own", 100_000.0, 10_000.0)
    lease = AffineCost("lease", 200_000.0, 0.0)
    result = break_even(owned, lease)
    assert result.hours_per_day is not None and result.hours_per_day.value == pytest.approx(10.0)
    assert result.explanation.endswith("renting is cheaper above it")
    advice = recommend(20.0, 36, result, baseline_plus_bursts=True)
    assert advice.choice is DeploymentChoice.RENT
    assert advice.headline == "Rent: renting is cheaper at the planned use"
    assert "at the planned 20 h/day owning costs $300,000 and renting $200,000" in advice.reasons
    assert any("busy more than 10.0 h/day" in reason for reason in advice.reasons)
    # With owning cheaper for busy capacity the hybrid stands (see the test above).
    assert recommend(20.0, 36, break_even(lease, owned), baseline_plus_bursts=True).choice is (
        DeploymentChoice.HYBRID
    )


def test_workload_traits_read_the_profile() -> None:
    variable = workload()
    restricted = replace(
        workload(workload_class=WorkloadClass.STEADY),
        data_classification=DataClassification.RESTRICTED,
    )
    traits = workload_traits(variable, min_accelerators=2, others=(restricted,))
    assert traits == WorkloadTraits(
        multi_gpu_bursts=True, baseline_plus_bursts=True, data_must_stay_local=False
    )
    assert workload_traits(restricted, 1).data_must_stay_local


@given(
    fixed=st.floats(0, 1e7),
    owned_slope=st.floats(0, 1e5),
    rented_slope=st.floats(0, 1e5),
)
def test_at_the_break_even_both_options_cost_the_same(
    fixed: float, owned_slope: float, rented_slope: float
) -> None:
    owned = AffineCost("owned", fixed, owned_slope)
    rented = AffineCost("rented", 0.0, rented_slope)
    result = break_even(owned, rented)
    if result.hours_per_day is not None:
        h = result.hours_per_day.value
        assert 0 < h < 24
        assert owned.at(h) == pytest.approx(rented.at(h), rel=1e-9, abs=1e-6)
    else:
        cheaper = owned if result.kind is BreakEvenKind.OWNED_ALWAYS_CHEAPER else rented
        dearer = rented if cheaper is owned else owned
        assert cheaper.at(0) <= dearer.at(0) + 1e-6 and cheaper.at(24) <= dearer.at(24) + 1e-6
