"""The resale value of owned hardware: age, generation and economic life."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Peak, Precision
from computescore.domain.quotes import Deployment, PriceUnit
from computescore.domain.resale import economic_life, newer_generations, value_share
from computescore.domain.tco import Assumptions, TcoCategory, compute_tco
from tests.domain.engine_records import (
    CATALOGUE,
    DECISION_DATE,
    H100,
    L40S,
    RTX4090,
    compute_line,
    quote,
    workload,
)

# A faster successor two years on, a same-speed refresh, and a later, faster one.
B200 = replace(
    H100,
    id="nvidia-b200",
    model="B200",
    release_year=2024,
    peaks=(Peak(Precision.BF16, 2250.0),),
)
H200 = replace(H100, id="nvidia-h200-sxm", model="H200 SXM", release_year=2024)
GB200 = replace(
    H100, id="nvidia-gb200", model="GB200", release_year=2025, peaks=(Peak(Precision.BF16, 2500.0),)
)
LINEUP = (H100, H200, B200, GB200, L40S, RTX4090)


def test_a_newer_generation_is_a_faster_part_of_the_same_maker_and_market() -> None:
    # H100 (989 TFLOP/s bf16): B200 2,250 ≥ 1.25 × 989 in 2024 and GB200 2,500 in 2025 are
    # newer generations; H200 (same peak) is a refresh; consumer cards do not count.
    assert newer_generations(H100, LINEUP, date(2026, 6, 30)) == (
        (2024, "NVIDIA B200"),
        (2025, "NVIDIA GB200"),
    )
    assert newer_generations(H100, LINEUP, date(2024, 12, 31)) == ((2024, "NVIDIA B200"),)
    assert newer_generations(H100, LINEUP, date(2023, 12, 31)) == ()
    assert newer_generations(B200, LINEUP, date(2026, 6, 30)) == ()  # GB200 is < 1.25×


def test_each_newer_generation_cuts_the_economic_life() -> None:
    # 4 years × (1 − 2 × 0.25) = 2 years.
    two = economic_life(4.0, 0.25, ((2024, "B200"), (2025, "GB200")))
    assert two.value == 2.0 and "2 newer generations" in two.note
    assert economic_life(4.0, 0.25, ()).value == 4.0
    # At most three cuts, and never below a year.
    many = tuple((2020 + i, f"X{i}") for i in range(5))
    assert economic_life(4.0, 0.25, many).value == 1.0
    assert economic_life(4.0, 0.4, many).value == 1.0


def test_value_at_the_horizon_end() -> None:
    # 36 months of a 4-year life, 10 % residual: 1 − 0.75 × 0.9 = 0.325.
    assert value_share(36, 4.0, 0.1) == pytest.approx(0.325)
    # Seed 002: a US$1,200 RTX 4090 resells for US$600 after two years; the line gives 0.55.
    assert 1_200 * value_share(24, 4.0, 0.1) == pytest.approx(660)
    assert value_share(36, 2.0, 0.1) == pytest.approx(0.1)  # past its life: the residual


@given(
    st.floats(min_value=1, max_value=120),
    st.floats(min_value=1, max_value=10),
    st.floats(min_value=0, max_value=1),
)
def test_value_never_rises_with_age_nor_falls_below_the_residual(
    months: float, life: float, residual: float
) -> None:
    assert value_share(months + 6, life, residual) <= value_share(months, life, residual) + 1e-12
    assert value_share(months, life, residual) >= residual - 1e-12


def test_the_tco_credits_less_back_for_a_superseded_part() -> None:
    # 8 × H100 bought for US$240,000, 36 months. Alone in its catalogue: 4-year life →
    # 240,000 × 0.325 = 78,000 back. With B200 and GB200 on sale: 2-year life → 24,000.
    server = compute_line("240000", PriceUnit.TOTAL, Deployment.PURCHASE)
    owned = quote("Maker", server)
    needs = workload(horizon_months=36)

    def credit(catalogue: dict[str, object]) -> float:
        tco = compute_tco(owned, needs, catalogue, (), DECISION_DATE, Assumptions())  # type: ignore[arg-type]
        line = next(item for item in tco.lines if item.category is TcoCategory.RESIDUAL_VALUE)
        return -line.amount_usd

    assert credit(CATALOGUE) == pytest.approx(78_000)
    superseded = {**CATALOGUE, **{acc.id: acc for acc in (H200, B200, GB200)}}
    assert credit(superseded) == pytest.approx(24_000)
