"""Pairwise comparison of the axes (AHP): weights, consistency, and refusals, hand-worked."""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from computescore.domain.ahp import (
    SCALE,
    ahp_matrix,
    ahp_to_weights,
    ahp_weights,
    consistency_ratio,
    ratio_text,
)
from computescore.domain.weights import AXES, Axis

P, R, C, S, K = Axis.PERFORMANCE, Axis.RELIABILITY, Axis.COST, Axis.SERVICE, Axis.COMPLIANCE


def consistent(weights: dict[Axis, float]) -> dict[tuple[Axis, Axis], float]:
    """Every pair answered exactly as the weights say: a_ij = w_i ÷ w_j."""
    return {(a, b): weights[a] / weights[b] for a, b in combinations(AXES, 2)}


def test_consistent_answers_give_back_their_weights() -> None:
    # Cost and reliability 3 × performance and service, compliance 2 × them: the weights
    # 0.1 / 0.3 / 0.3 / 0.1 / 0.2, with λmax = 5 and a consistency ratio of 0.
    target = {P: 0.1, R: 0.3, C: 0.3, S: 0.1, K: 0.2}
    result = ahp_weights(consistent(target))
    for axis, weight in target.items():
        assert result.weights[axis] == pytest.approx(weight)
    assert result.lambda_max == pytest.approx(5.0)
    assert result.consistency_ratio == pytest.approx(0.0, abs=1e-9)
    assert result.worst is None and result.consistent


def test_the_consistency_ratio_by_hand() -> None:
    # λmax 5.448 on five criteria: CI = 0.448 ÷ 4 = 0.112; CR = 0.112 ÷ 1.12 = 0.100.
    assert consistency_ratio(5.448, 5) == pytest.approx(0.1)
    assert consistency_ratio(5.0, 5) == 0.0
    assert consistency_ratio(3.1, 3) == pytest.approx(0.05 / 0.58)
    assert consistency_ratio(2.0, 2) == 0.0  # two criteria are always consistent


def test_answers_not_given_count_as_equally_important() -> None:
    result = ahp_weights({})
    assert all(w == pytest.approx(0.2) for w in result.weights.values())
    weights, why, _ = ahp_to_weights({})
    assert weights is not None and "every pair equally important" in why


def test_a_circle_of_preferences_is_refused_naming_the_answer_to_revisit() -> None:
    # Cost 3 × service and service 2 × compliance, yet compliance 7 × cost: a circle.
    answers = {(C, S): 3.0, (S, K): 2.0, (K, C): 7.0}
    weights, why, result = ahp_to_weights(answers)
    assert weights is None and result is not None and not result.consistent
    assert result.consistency_ratio > 0.1
    # The answer furthest from what the weights imply is named as the buyer wrote it
    # ("compliance against cost", not flipped).
    assert "revisit compliance against cost: answered 7" in why


def test_bad_answers_are_refused() -> None:
    with pytest.raises(ValueError, match="compared with itself"):
        ahp_matrix({(C, C): 2.0})
    with pytest.raises(ValueError, match="not a positive ratio"):
        ahp_matrix({(C, S): 0.0})
    with pytest.raises(ValueError, match="compared twice"):
        ahp_matrix({(C, S): 3.0, (S, C): 3.0})
    # The same answer from both sides is one answer.
    assert ahp_matrix({(C, S): 3.0, (S, C): 1 / 3})[2, 3] == pytest.approx(3.0)
    weights, why, _ = ahp_to_weights({(C, S): -1.0})
    assert weights is None and "not a positive ratio" in why


def test_ratios_as_people_write_them() -> None:
    assert [ratio_text(v) for v in (3.0, 1 / 3, 1.5, 0.4)] == ["3", "1/3", "1.5", "0.4"]


@given(st.lists(st.floats(min_value=0.01, max_value=1.0), min_size=5, max_size=5))
@settings(max_examples=60, deadline=None)
def test_any_consistent_answers_are_recovered_exactly(raw: list[float]) -> None:
    target = {axis: value / math.fsum(raw) for axis, value in zip(AXES, raw, strict=True)}
    result = ahp_weights(consistent(target))
    assert math.fsum(result.weights.values()) == pytest.approx(1.0)
    for axis in AXES:
        assert result.weights[axis] == pytest.approx(target[axis], rel=1e-6)
    assert result.consistency_ratio == pytest.approx(0.0, abs=1e-6)


@given(st.lists(st.sampled_from(SCALE), min_size=10, max_size=10))
@settings(max_examples=60, deadline=None)
def test_any_answers_give_positive_weights_summing_to_one(answers: list[float]) -> None:
    pairs = dict(zip(combinations(AXES, 2), answers, strict=True))
    result = ahp_weights(pairs)
    assert math.fsum(result.weights.values()) == pytest.approx(1.0)
    assert all(w > 0 for w in result.weights.values())
    assert result.lambda_max >= 5 - 1e-9  # λmax ≥ n for a positive reciprocal matrix
    # Answering each pair from the other side gives the same weights.
    flipped = ahp_weights({(b, a): 1 / v for (a, b), v in pairs.items()})
    for axis in AXES:
        assert flipped.weights[axis] == pytest.approx(result.weights[axis])
