"""Columns set aside before the solver: by hand, and never changing the optimum."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from computescore.domain.award import PlanOption, PlanPolicy, PlanWorkload
from computescore.domain.award.dominance import dominated_columns
from computescore.domain.award.model import Objective
from computescore.domain.award.programme import columns, solve
from computescore.domain.quotes import Deployment
from tests.domain.test_award import option

WORK = PlanWorkload("Training", 10)


def set_aside(
    works: dict[str, PlanWorkload], options: list[PlanOption], policy: PlanPolicy | None = None
) -> set[str]:
    """The lines whose columns are set aside, by name."""
    cols = columns(works, options)
    return {
        options[cols[j].option].supply
        for j in dominated_columns(cols, options, policy or PlanPolicy())
    }


def test_a_rule_free_line_takes_over_a_dearer_node_of_another_kind() -> None:
    # By hand: A is one H100-equivalent a unit at $100. B's 8-accelerator node of 1.4
    # equivalents each supplies 11.2 for $8,000; 12 of A's units supply as much for
    # $1,200: B is set aside. C's node of 2.3 each supplies 18.4 for $480; A needs 19
    # units ($1,900): C stays. D is dearer than A and has a minimum commitment, which no
    # plan need meet once D's one column is taken over: it is set aside too. E has a
    # capacity, so it takes over nothing.
    options = [
        option("A", WORK.name, 100.0),
        replace(option("B", WORK.name, 1_000.0, unit=8), equivalents=1.4),
        replace(option("C", WORK.name, 60.0, unit=8), equivalents=2.3),
        option("D", WORK.name, 500.0, minimum=2),
        option("E", WORK.name, 10.0, capacity=4),
    ]
    assert set_aside({WORK.name: WORK}, options) == {"B", "D"}


def test_a_line_with_a_minimum_keeps_its_columns_unless_it_loses_them_all() -> None:
    # D is dearer than A for "Training" but the cheapest for "Inference": to reach its
    # minimum of 6 a plan may put D's units in "Training" too, so both columns stay.
    inference = PlanWorkload("Inference", 2)
    works = {WORK.name: WORK, inference.name: inference}
    options = [
        option("A", WORK.name, 100.0),
        option("D", WORK.name, 150.0, minimum=6),
        option("D", inference.name, 10.0, minimum=6),
    ]
    assert set_aside(works, options) == set()


def test_of_two_columns_alike_one_stays() -> None:
    options = [option("A", WORK.name, 100.0), option("B", WORK.name, 100.0)]
    assert set_aside({WORK.name: WORK}, options) == {"B"}


def test_only_the_same_layer_of_the_same_workload() -> None:
    # A serves "Inference" only: it takes over nothing of "Training".
    options = [option("A", "Inference", 1.0), option("B", WORK.name, 100.0)]
    works = {WORK.name: WORK, "Inference": PlanWorkload("Inference", 2)}
    assert set_aside(works, options) == set()


@pytest.mark.parametrize(
    "policy",
    [
        PlanPolicy("two", min_vendors=2),
        PlanPolicy("cap", vendor_cap=0.6),
        PlanPolicy("keep", keep_vendor="B"),
        PlanPolicy("floor", min_score=60.0),
        PlanPolicy("best", top_score_only=True),
    ],
)
def test_none_when_a_rule_may_need_the_dearer_column(policy: PlanPolicy) -> None:
    options = [option("A", WORK.name, 100.0), option("B", WORK.name, 300.0)]
    assert set_aside({WORK.name: WORK}, options, policy) == set()


def test_best_value_compares_score_adjusted_dollars() -> None:
    # $100 at score 40 is $250 of value-money; $200 at score 90 is $222: A no longer wins.
    options = [option("A", WORK.name, 100.0, score=40.0), option("B", WORK.name, 200.0, score=90.0)]
    value = PlanPolicy("value", objective=Objective.VALUE)
    assert set_aside({WORK.name: WORK}, options, value) == {"A"}
    assert set_aside({WORK.name: WORK}, options) == {"B"}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), need=st.integers(1, 30), peak=st.sampled_from([0, 0, 6, 17]))
def test_setting_dominated_columns_aside_never_changes_the_optimum(
    seed: int, need: int, peak: int
) -> None:
    rng = random.Random(seed)
    works = {
        "W1": PlanWorkload("W1", need, peak=peak, peak_share=0.25),
        "W2": PlanWorkload("W2", rng.randint(1, 20)),
    }
    options = []
    for line in range(rng.randint(2, 6)):
        unit = rng.choice([1, 1, 4, 8])
        shape = {
            "unit": unit,
            "fixed": rng.choice([0.0, 0.0, 300.0]),
            "capacity": rng.choice([None, None, unit * rng.randint(1, 5)]),
            "minimum": rng.choice([0, 0, unit * 2]),
        }
        deployment = rng.choice([Deployment.RESERVED, Deployment.ON_DEMAND])
        speed = rng.choice([0.37, 0.5, 1.0, 1.4, 2.3])
        for name in works:
            priced = option(f"L{line}", name, rng.uniform(50, 300), deployment, **shape)  # type: ignore[arg-type]
            options.append(replace(priced, equivalents=speed))
    policy = PlanPolicy()
    cols = columns(works, options)
    dominated = dominated_columns(cols, options, policy)
    kept = [c for j, c in enumerate(cols) if j not in dominated]
    whole = solve(works, options, policy, cols)
    pruned = solve(works, options, policy, kept)
    assert whole.optimal == pruned.optimal
    if whole.optimal:
        assert pruned.objective == pytest.approx(whole.objective, rel=1e-6)
