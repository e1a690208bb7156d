"""Axis weights: the shipped presets, normalisation and single-axis edits."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.weights import (
    AXES,
    Axis,
    equal_weights,
    normalise_weights,
    presets_from_data,
    weights_origin,
    with_weight,
)
from computescore.domain.workload import WorkloadClass
from computescore.resources_access import read_json


def test_shipped_presets_weigh_what_each_workload_class_needs() -> None:
    presets, problems = presets_from_data(read_json("presets", "weights.json"))
    assert problems == ()
    steady = presets[WorkloadClass.STEADY]
    top_two = sorted(AXES, key=steady.weight, reverse=True)[:2]
    assert set(top_two) == {Axis.RELIABILITY, Axis.COMPLIANCE}
    for workload_class in (WorkloadClass.VARIABLE, WorkloadClass.EXPLORATORY):
        weights = presets[workload_class]
        assert max(AXES, key=weights.weight) is Axis.COST
    for weights in presets.values():
        assert math.fsum(weights.by_axis.values()) == pytest.approx(1.0)
        assert weights.rationale


def test_normalising_scales_to_one_and_reports_bad_entries() -> None:
    weights, problems = normalise_weights({"cost": 3, "performance": 1, "colour": 2})
    assert weights is not None
    assert weights.weight(Axis.COST) == pytest.approx(0.75)
    assert weights.weight(Axis.PERFORMANCE) == pytest.approx(0.25)
    assert weights.weight(Axis.SERVICE) == 0.0
    assert [p.source for p in problems] == ["weights:user:colour"]
    none, zero_problems = normalise_weights({"cost": 0})
    assert none is None and "sum to zero" in zero_problems[-1].message
    _, negative = normalise_weights({"cost": -1, "service": 1})
    assert any("negative" in p.message for p in negative)


def test_a_missing_preset_falls_back_to_equal_weights_with_a_problem() -> None:
    presets, problems = presets_from_data({"presets": {"steady": {"weights": {"cost": 1}}}})
    assert presets[WorkloadClass.VARIABLE] == equal_weights()
    assert len(problems) == 2


def test_setting_one_weight_rescales_the_others_proportionally() -> None:
    # Equal weights 0.2 each; cost to 0.4 leaves 0.6 for four axes: 0.15 each.
    changed = with_weight(equal_weights(), Axis.COST, 0.4)
    assert changed.weight(Axis.COST) == pytest.approx(0.4)
    assert changed.weight(Axis.SERVICE) == pytest.approx(0.15)


@given(raw=st.dictionaries(st.sampled_from(list(Axis)), st.floats(0, 1e6), min_size=1))
def test_weights_are_always_normalised(raw: dict[Axis, float]) -> None:
    weights, _ = normalise_weights(raw)
    if sum(raw.values()) > 0:
        assert weights is not None
        assert math.fsum(weights.by_axis.values()) == pytest.approx(1.0)
        assert all(0 <= value <= 1 for value in weights.by_axis.values())
        edited = with_weight(weights, Axis.SERVICE, 0.3)
        assert math.fsum(edited.by_axis.values()) == pytest.approx(1.0)


def test_where_weights_came_from_reads_as_words() -> None:
    assert weights_origin("preset steady") == "the steady preset"
    assert weights_origin("evaluation") == "the weights set for this evaluation"
    changed = with_weight(equal_weights(), Axis.COST, 0.3)
    assert weights_origin(changed.source) == "equal weights (cost set to 0.300)"
