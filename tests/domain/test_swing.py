"""Swing weighting: points on this evaluation's ranges become weights that sum to one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.swing import SWING_SOURCE, Swing, swing_weights
from computescore.domain.weights import AXES, Axis


def test_points_become_weights_with_the_answers_kept() -> None:
    # cost 100, compliance 80, reliability 60, service 30, performance 20: sum 290.
    ranges = (Swing(Axis.COST, 29.0, 100.0, "US$ 25.96", "US$ 5.07"),)
    points = {
        Axis.COST: 100,
        Axis.COMPLIANCE: 80,
        Axis.RELIABILITY: 60,
        Axis.SERVICE: 30,
        Axis.PERFORMANCE: 20,
    }
    weights, rationale = swing_weights(points, ranges)
    assert weights is not None and weights.source == SWING_SOURCE
    assert weights.weight(Axis.COST) == pytest.approx(100 / 290)
    assert weights.weight(Axis.PERFORMANCE) == pytest.approx(20 / 290)
    assert rationale.startswith(
        "Swing weighting on this evaluation's ranges: cost 100 points (from 29 (US$ 25.96) to "
        "100 (US$ 5.07)); compliance 80 points"
    )


def test_points_that_cannot_be_used_say_why() -> None:
    assert swing_weights({Axis.COST: 90, Axis.SERVICE: 50})[1] == (
        "give the swing you would most like to make 100 points"
    )
    assert "not: service" in swing_weights({Axis.COST: 100, Axis.SERVICE: 150})[1]


@given(
    # Points are what a person gives: whole numbers or tenths from 0 to 100.
    st.lists(st.integers(0, 1000).map(lambda n: n / 10), min_size=5, max_size=5),
    st.sampled_from(AXES),
)
def test_swing_weights_sum_to_one_and_follow_the_points(points: list[float], top: Axis) -> None:
    given_points = dict(zip(AXES, points, strict=True))
    given_points[top] = 100.0
    weights, _ = swing_weights(given_points)
    assert weights is not None
    assert sum(weights.by_axis.values()) == pytest.approx(1.0)
    assert weights.weight(top) == max(weights.by_axis.values())
    for a in AXES:
        for b in AXES:
            if given_points[a] > given_points[b]:
                assert weights.weight(a) > weights.weight(b)
