"""The award plan: hand-worked optima, rules that bind and what they cost, shortfalls, laws."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from computescore.domain.award import (
    BUILT_IN,
    AwardPlan,
    Layer,
    Objective,
    PlanOption,
    PlanPolicy,
    PlanWorkload,
    compare,
    find,
    plan_award,
)
from computescore.domain.award.model import serving_equivalents
from computescore.domain.award.scenarios import token_caveat
from computescore.domain.figures import format_count, format_share, format_shares
from computescore.domain.quotes import Deployment

W1 = PlanWorkload("Inference", 8)
W2 = PlanWorkload("Fine-tuning", 4, peak=8, peak_share=0.25, workload_class="variable")


def option(
    supply: str,
    workload: str,
    usd: float,
    deployment: Deployment = Deployment.RESERVED,
    *,
    vendor: str | None = None,
    fixed: float = 0.0,
    unit: int = 1,
    capacity: int | None = None,
    minimum: int = 0,
    score: float | None = 70.0,
    eligible: bool = True,
    reason: str = "",
) -> PlanOption:
    who = vendor or supply
    return PlanOption(
        supply=supply,
        workload=workload,
        vendor=who,
        quote_key=f"q-{who}",
        quote_label=f"Quote {who}",
        label=f"option {supply}",
        deployment=deployment,
        usd_per_accelerator=usd,
        fixed_usd=fixed,
        unit=unit,
        capacity=capacity,
        minimum=minimum,
        score=score,
        eligible=eligible,
        reason=reason,
    )


def three_options() -> list[PlanOption]:
    """2 workloads × 3 options: reserved A, on-demand B, purchased 8-GPU nodes C."""
    out = []
    for w in (W1.name, W2.name):
        out.append(option("A", w, 1000.0, score=70.0))
        out.append(option("B", w, 1500.0, Deployment.ON_DEMAND, score=60.0))
        out.append(option("C", w, 900.0, Deployment.PURCHASE, fixed=2000.0, unit=8, score=80.0))
    return out


def test_two_workloads_three_options_known_optimum() -> None:
    # By hand: the baseline of both on A (8 + 4 = 12 × $1,000 = $12,000); the peak of 8
    # on B, paid a quarter of the time (8 × $1,500 × 0.25 = $3,000): $15,000. Buying C
    # for the inference baseline costs 8 × 900 + 2,000 = $9,200 against $8,000 on A.
    plan = plan_award([W1, W2], three_options())
    assert plan.feasible and plan.status == "optimal"
    assert plan.total_usd == pytest.approx(15_000.0)
    got = {(a.workload, a.layer, a.supply): a.accelerators for a in plan.allocations}
    assert got == {
        ("Inference", Layer.BASELINE, "A"): 8,
        ("Fine-tuning", Layer.BASELINE, "A"): 4,
        ("Fine-tuning", Layer.PEAK, "B"): 8,
    }
    assert [(v.vendor, v.usd, v.share) for v in plan.vendors] == [
        ("A", 12_000.0, 0.8),
        ("B", 3_000.0, 0.2),
    ]
    # Score by accelerator-months: (8 × 70 + 4 × 70 + 8 × 0.25 × 60) ÷ (8 + 4 + 2) = 68.57.
    assert plan.score == pytest.approx((8 * 70 + 4 * 70 + 2 * 60) / 14)
    assert dict(plan.workload_scores)["Inference"] == pytest.approx(70.0)
    peak = next(a for a in plan.allocations if a.layer is Layer.PEAK)
    assert peak.unit_usd == pytest.approx(375.0)
    assert "paid only while used" in peak.why


def test_break_even_decides_the_peak_layer() -> None:
    # Committed A at $1,000 (C's $900 carries its own $2,000 spread over the peak's 8
    # equivalents: $1,150) against on-demand B at $1,500 for the whole horizon: renting is
    # cheaper when the peak lasts less than 1,000 ÷ 1,500 = 67 % of the time.
    plan = plan_award([W1, W2], three_options())
    (decision,) = plan.layers
    assert decision.workload == "Fine-tuning"
    assert decision.committed == "Quote A: option A"
    assert decision.break_even_share == pytest.approx(2 / 3)
    assert "when the peak lasts less than 67% of the time" in decision.text
    assert "spread over the peak's 8 equivalents" in decision.text
    assert decision.text.endswith("so it is rented as used.")
    longer = PlanWorkload("Fine-tuning", 4, peak=8, peak_share=0.75)
    plan = plan_award([W1, longer], three_options())
    assert plan.layers[0].text.endswith("so it is committed.")
    assert all(a.supply != "B" for a in plan.allocations)


def bursty(baseline: int, peak: int, share: float) -> AwardPlan:
    """A workload with a peak, from reserved 8-accelerator nodes at $1,000 an accelerator
    or single accelerators rented as used at $3,000 (for the whole horizon)."""
    work = PlanWorkload("Bursty", baseline, peak=peak, peak_share=share)
    node = option("node", "Bursty", 1_000.0, unit=8)
    rented = option("rent", "Bursty", 3_000.0, Deployment.ON_DEMAND)
    return plan_award([work], [node, rented])


def flex_options(band: float = 0.25) -> list[PlanOption]:
    """Committed accelerators at $1,000, a flex band above them at the same rate paid as
    used, and accelerators rented as used at $3,000 (each for the whole horizon)."""
    flex = option("commit+flex", "Bursty", 1_000.0, Deployment.ON_DEMAND, vendor="commit")
    return [
        option("commit", "Bursty", 1_000.0),
        PlanOption(**{**_fields(flex), "flex_of": "commit", "flex_share": band}),
        option("rent", "Bursty", 3_000.0, Deployment.ON_DEMAND),
    ]


def _fields(item: PlanOption) -> dict[str, object]:
    return {name: getattr(item, name) for name in PlanOption.__slots__}


def test_a_flex_band_above_a_commitment_serves_part_of_the_peak() -> None:
    # Baseline 16, 8 more for a quarter of the time. Committed 16 × $1,000 = $16,000 open a
    # band of 25 % × 16 = 4 paid as used: 4 × $1,000 × 0.25 = $1,000; the other 4 of the peak
    # are rented: 4 × $3,000 × 0.25 = $3,000. $20,000, against $22,000 without the band
    # (all 8 rented). Committing 4 more to open 1 more flex costs $4,000 for what renting
    # does for $3,000.
    work = PlanWorkload("Bursty", 16, peak=8, peak_share=0.25)
    plan = plan_award([work], flex_options())
    assert plan.total_usd == pytest.approx(20_000.0)
    used = {(a.supply, a.layer): a.accelerators for a in plan.allocations}
    assert used == {
        ("commit", Layer.BASELINE): 16,
        ("commit+flex", Layer.PEAK): 4,
        ("rent", Layer.PEAK): 4,
    }
    without = [o for o in flex_options() if o.flex_of is None]
    assert plan_award([work], without).total_usd == pytest.approx(22_000.0)
    # The band says why it serves, is no way to rent the whole peak in the break-even, and
    # is a risk of its own: flex capacity is often only "subject to availability".
    (band,) = [a for a in plan.allocations if a.supply == "commit+flex"]
    assert band.flex_share == 0.25 and "at most 25% of what is committed there" in band.why
    (decision,) = plan.layers
    assert decision.rented == "Quote rent: option rent"
    assert decision.break_even_share == pytest.approx(1 / 3)
    assert any("4 accelerators of the flex band; confirm they are held" in r for r in plan.risks)


def test_a_flex_band_needs_its_commitment() -> None:
    # The committed line knocked out: its band opens nothing, so all 8 of the peak are rented.
    work = PlanWorkload("Bursty", 16, peak=8, peak_share=0.25)
    committed, band, rented = flex_options()
    out = PlanOption(**{**_fields(committed), "eligible": False, "reason": "knocked out"})
    plan = plan_award([work], [out, band, rented])
    assert all(a.supply == "rent" for a in plan.allocations)
    assert plan.total_usd == pytest.approx(16 * 3_000.0 + 8 * 3_000.0 * 0.25)


@settings(max_examples=30, deadline=None)
@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.integers(1, 20), st.integers(0, 20))
def test_a_wider_flex_band_never_raises_the_optimal_cost(
    band: float, wider: float, baseline: int, peak: int
) -> None:
    work = PlanWorkload("Bursty", baseline, peak=peak, peak_share=0.3)
    narrow = plan_award([work], flex_options(band), measure_binding=False)
    wide = plan_award([work], flex_options(min(band + wider, 1.0)), measure_binding=False)
    assert wide.total_usd <= narrow.total_usd + 1e-6


def test_a_cheaper_commitment_without_a_band_does_not_set_the_banded_one_aside() -> None:
    # "cheap" at $990 dominates "commit" line for line, but not with its band: 16 × $990 +
    # 8 rented × $750 = $21,840 against $20,000 with the band (see above).
    work = PlanWorkload("Bursty", 16, peak=8, peak_share=0.25)
    cheap = option("cheap", "Bursty", 990.0)
    plan = plan_award([work], [*flex_options(), cheap])
    assert plan.total_usd == pytest.approx(20_000.0)


def test_baseline_capacity_to_spare_serves_the_peak() -> None:
    """A node bought whole for the baseline serves the peak with what it has to spare.

    Baseline 4, peak 4 more for a quarter of the time. One reserved 8-accelerator node
    ($1,000 per accelerator: $8,000) covers both: not a second node ($16,000) nor
    renting the peak ($8,000 + 4 × $3,000 × 0.25 = $11,000).
    """
    plan = bursty(4, 4, 0.25)
    assert plan.total_usd == pytest.approx(8_000.0)
    assert [(a.layer, a.supply, a.accelerators) for a in plan.allocations] == [
        (Layer.BASELINE, "node", 8)
    ]
    assert "4.0 spare equivalents serve the whole peak" in plan.allocations[0].why
    (decision,) = plan.layers
    assert decision.text.endswith(
        "but the baseline's whole nodes leave enough to spare for the whole peak, so nothing "
        "more is bought for it."
    )


def test_part_of_the_peak_from_the_baseline_node_the_rest_rented() -> None:
    """Baseline 6, peak 4: the node's 2 spare accelerators serve half the peak and 2 are
    rented for a quarter of the time: $8,000 + 2 × $3,000 × 0.25 = $9,500."""
    plan = bursty(6, 4, 0.25)
    assert plan.total_usd == pytest.approx(9_500.0)
    assert [(a.layer, a.supply, a.accelerators) for a in plan.allocations] == [
        (Layer.BASELINE, "node", 8),
        (Layer.PEAK, "rent", 2),
    ]
    assert "serve 2.0 of the peak" in plan.allocations[0].why


def test_committed_capacity_beyond_the_baseline_is_shown_as_the_peak() -> None:
    """Baseline 16, peak 48 more for half the time: committing (break-even 33 %) buys 8
    nodes of 8; the 6 nodes the baseline does not need are the peak layer's."""
    plan = bursty(16, 48, 0.5)
    assert plan.total_usd == pytest.approx(64_000.0)
    assert [(a.layer, a.supply, a.accelerators, a.usd) for a in plan.allocations] == [
        (Layer.BASELINE, "node", 16, pytest.approx(16_000.0)),
        (Layer.PEAK, "node", 48, pytest.approx(48_000.0)),
    ]
    assert plan.allocations[1].why.startswith("peak for 50% of the time: committed")


def brute_force_layers(work: PlanWorkload, specs: list[tuple[int, int, bool]]) -> float:
    """The optimum of one workload with a peak, by trying every allocation: capacity in
    the baseline layer serves the peak too; capacity paid as used may be rented for the
    peak alone, at the peak's share of its price."""
    need = work.baseline + work.peak
    choices = []
    for _usd, unit, rented in specs:
        most = math.ceil(need / unit)
        peak_range = range(most + 1) if rented else range(1)
        choices.append(list(itertools.product(range(most + 1), peak_range)))
    best = math.inf
    for picked in itertools.product(*choices):
        base = sum(b * unit for (b, _), (_, unit, _) in zip(picked, specs, strict=True))
        peak = sum(p * unit for (_, p), (_, unit, _) in zip(picked, specs, strict=True))
        if base < work.baseline or base + peak < need:
            continue
        cost = sum(
            unit * usd * (b + p * work.peak_share)
            for (b, p), (usd, unit, _) in zip(picked, specs, strict=True)
        )
        best = min(best, cost)
    return best


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(50, 300), st.sampled_from([1, 2, 4, 8]), st.booleans()),
        min_size=1,
        max_size=3,
    ),
    st.integers(1, 9),
    st.integers(1, 9),
    st.sampled_from([0.1, 0.25, 0.5]),
)
def test_layers_match_brute_force(
    specs: list[tuple[int, int, bool]], baseline: int, peak: int, share: float
) -> None:
    work = PlanWorkload("W", baseline, peak=peak, peak_share=share)
    options = [
        option(
            f"L{i}",
            "W",
            float(usd),
            Deployment.ON_DEMAND if rented else Deployment.RESERVED,
            unit=unit,
        )
        for i, (usd, unit, rented) in enumerate(specs)
    ]
    plan = plan_award([work], options, measure_binding=False)
    assert plan.total_usd == pytest.approx(brute_force_layers(work, specs), rel=1e-6)


def test_vendor_cap_forces_a_split() -> None:
    # One workload of 10; A at $100, B at $120, no vendor above 60 %. A's share of spend
    # 100a ÷ (100a + 120b) ≤ 0.6 with a + b = 10 gives a ≤ 6.43: a = 6, b = 4, $1,080.
    work = PlanWorkload("Inference", 10)
    options = [option("A", "Inference", 100.0), option("B", "Inference", 120.0)]
    free = plan_award([work], options)
    assert free.total_usd == pytest.approx(1000.0)
    capped = plan_award([work], options, PlanPolicy("cap", vendor_cap=0.6))
    assert {a.supply: a.accelerators for a in capped.allocations} == {"A": 6, "B": 4}
    assert capped.total_usd == pytest.approx(1080.0)
    assert max(v.share for v in capped.vendors) <= 0.6
    (bound,) = capped.binding
    assert bound.rule == "vendor_cap" and bound.cost_usd == pytest.approx(80.0)


def test_capacity_and_whole_nodes() -> None:
    # 10 needed; A offers at most 6 at $100; C sells 4-GPU nodes at $110 an accelerator.
    # 6 on A + one node of C = 600 + 440 = $1,040 (2 on A + two nodes = $1,080).
    work = PlanWorkload("Inference", 10)
    options = [
        option("A", "Inference", 100.0, capacity=6),
        option("C", "Inference", 110.0, unit=4),
    ]
    plan = plan_award([work], options)
    assert {a.supply: a.accelerators for a in plan.allocations} == {"A": 6, "C": 4}
    assert plan.total_usd == pytest.approx(1040.0)
    (bound,) = plan.binding
    # Without A's capacity all 10 go to A for $1,000: the capacity costs $40.
    assert bound.rule == "capacity" and bound.cost_usd == pytest.approx(40.0)
    assert "supplies at most 6 accelerators" in bound.text


def test_a_line_supplies_several_workloads_within_its_capacity() -> None:
    options = [
        option("A", "Inference", 100.0, capacity=10),
        option("A", "Fine-tuning", 100.0, capacity=10),
        option("B", "Inference", 200.0),
        option("B", "Fine-tuning", 200.0),
    ]
    plan = plan_award([W1, PlanWorkload("Fine-tuning", 4)], options)
    on_a = sum(a.accelerators for a in plan.allocations if a.supply == "A")
    assert on_a == 10
    assert plan.total_usd == pytest.approx(10 * 100 + 2 * 200)


def test_minimum_commitment_and_fixed_costs() -> None:
    # B is cheaper per accelerator but must be taken for 16: 16 × 80 = 1,280 > 8 × 100.
    options = [
        option("A", "Inference", 100.0),
        option("B", "Inference", 80.0, minimum=16),
    ]
    plan = plan_award([W1], options)
    assert {a.supply for a in plan.allocations} == {"A"}
    # A fixed cost is paid once and shared by the line's accelerators in the table.
    options = [option("A", "Inference", 100.0, fixed=400.0)]
    plan = plan_award([W1], options)
    assert plan.total_usd == pytest.approx(1200.0)
    assert plan.allocations[0].usd == pytest.approx(1200.0)


def test_infeasible_residency_is_explained() -> None:
    options = [
        option("A", "Inference", 100.0, eligible=False, reason="runs in US; data must stay in EU"),
        option("B", "Inference", 90.0, eligible=False, reason="runs in US; data must stay in EU"),
    ]
    plan = plan_award([W1], options)
    assert not plan.feasible and not plan.allocations
    (short,) = plan.shortfalls
    assert short.workload == "Inference"
    assert "runs in US; data must stay in EU (2 options)" in short.text
    assert len(plan.exclusions) == 2


def test_infeasible_rule_is_named() -> None:
    options = [option("A", "Inference", 100.0), option("B", "Inference", 120.0)]
    plan = plan_award([W1], options, PlanPolicy("one", vendor_cap=0.3))
    assert not plan.feasible
    assert [s.rule for s in plan.shortfalls] == ["vendor_cap"]
    assert "no vendor above 30% of the spend" in plan.shortfalls[0].text
    plan = plan_award([W1], options, PlanPolicy("three", min_vendors=3))
    assert plan.shortfalls[0].rule == "min_vendors"
    assert "only 2 vendors have an eligible option" in plan.shortfalls[0].text


def test_keep_vendor_min_vendors_and_score_floor() -> None:
    options = [
        option("A", "Inference", 100.0, score=60.0),
        option("B", "Inference", 150.0, score=90.0),
    ]
    kept = plan_award([W1], options, PlanPolicy("keep", keep_vendor="B"))
    assert "B" in {a.vendor for a in kept.allocations}
    assert kept.binding[0].rule == "keep_vendor"
    two = plan_award([W1], options, PlanPolicy("two", min_vendors=2))
    assert {a.vendor for a in two.allocations} == {"A", "B"}
    assert two.total_usd == pytest.approx(7 * 100 + 150)
    # An average of at least 75: (60a + 90b) ÷ 8 ≥ 75 → b ≥ 4; 4 × 100 + 4 × 150 = 1,000.
    floor = plan_award([W1], options, PlanPolicy("floor", min_score=75.0))
    assert floor.total_usd == pytest.approx(1000.0)
    assert dict(floor.workload_scores)["Inference"] == pytest.approx(75.0)
    best = plan_award([W1], options, PlanPolicy("best", top_score_only=True))
    assert {a.vendor for a in best.allocations} == {"B"}


def test_best_value_divides_cost_by_score() -> None:
    # Value: A 100 ÷ 0.5 = 200 per accelerator, B 150 ÷ 0.9 = 166.7: B wins on value.
    options = [
        option("A", "Inference", 100.0, score=50.0),
        option("B", "Inference", 150.0, score=90.0),
    ]
    plan = plan_award([W1], options, PlanPolicy("value", objective=Objective.VALUE))
    assert {a.vendor for a in plan.allocations} == {"B"}
    assert plan.objective_usd == pytest.approx(8 * 150 / 0.9)
    assert plan.total_usd == pytest.approx(1200.0)


def test_scenarios_side_by_side() -> None:
    results = compare([W1, W2], three_options(), BUILT_IN)
    assert [r.plan.policy.name for r in results] == [p.name for p in BUILT_IN]
    assert results[0].recommended and results[0].delta_usd is None
    capped = next(r for r in results if r.plan.policy.vendor_cap == 0.6)
    assert capped.plan.feasible
    assert capped.delta_usd is not None and capped.delta_usd > 0
    assert capped.text.startswith("No vendor above 60 % costs $")
    assert "more over 36 months than lowest cost, compliant" in capped.text
    # Workloads of several horizons: their costs are each over its own, and it says so.
    short = PlanWorkload("Fine-tuning", 4, peak=8, peak_share=0.25, horizon_months=12)
    mixed = next(
        r for r in compare([W1, short], three_options(), BUILT_IN) if r.plan.policy.vendor_cap
    )
    assert "more over the workloads' horizons than lowest cost" in mixed.text
    best = find(BUILT_IN, "best  SCORE per workload")
    assert best is not None and best.top_score_only


def test_spot_for_steady_work_is_a_risk() -> None:
    options = [option("S", "Inference", 10.0, Deployment.SPOT)]
    plan = plan_award([W1], options)
    assert any("spot exposure" in risk for risk in plan.risks)
    assert any("single-vendor dependency" in risk for risk in plan.risks)


# ----------------------------------------------------------------------------- laws


def brute_force(workload: PlanWorkload, options: list[PlanOption], cap: float | None) -> float:
    """The optimum of one flat workload, by trying every allocation.

    As in the programme, no option supplies more than the need (or its minimum
    commitment) rounded up to whole units: capacity is never bought only to dilute a
    vendor's share.
    """
    best = math.inf
    ranges = [
        range(
            0,
            min(
                math.ceil(max(workload.baseline, o.minimum) / o.unit),
                (o.capacity // o.unit) if o.capacity is not None else 99,
            )
            + 1,
        )
        for o in options
    ]
    for units in itertools.product(*ranges):
        counts = [n * o.unit for n, o in zip(units, options, strict=True)]
        if sum(counts) < workload.baseline:
            continue
        if any(0 < c < o.minimum for c, o in zip(counts, options, strict=True)):
            continue
        cost = {
            o.vendor: c * o.usd_per_accelerator + (o.fixed_usd if c else 0.0)
            for c, o in zip(counts, options, strict=True)
        }
        total = sum(cost.values())
        if cap is not None and any(v > cap * total + 1e-6 for v in cost.values()):
            continue
        best = min(best, total)
    return best


option_strategy = st.builds(
    lambda usd, fixed, unit, capacity, minimum: (usd, fixed, unit, capacity, minimum),
    st.integers(50, 300),
    st.sampled_from([0, 0, 200]),
    st.sampled_from([1, 1, 2, 4]),
    st.one_of(st.none(), st.integers(2, 12)),
    st.sampled_from([0, 0, 4]),
)


def build(specs: list[tuple[int, int, int, int | None, int]]) -> list[PlanOption]:
    return [
        option(
            f"S{i}",
            "Inference",
            float(usd),
            fixed=float(fixed),
            unit=unit,
            capacity=capacity,
            minimum=minimum,
        )
        for i, (usd, fixed, unit, capacity, minimum) in enumerate(specs)
    ]


@settings(max_examples=40, deadline=None)
@given(st.lists(option_strategy, min_size=1, max_size=3), st.integers(1, 9))
def test_matches_brute_force(specs: list[tuple[int, int, int, int | None, int]], need: int) -> None:
    work = PlanWorkload("Inference", need)
    options = build(specs)
    plan = plan_award([work], options, measure_binding=False)
    expected = brute_force(work, options, None)
    if math.isinf(expected):
        assert not plan.feasible
    else:
        assert plan.feasible and plan.total_usd == pytest.approx(expected)


@settings(max_examples=40, deadline=None)
@given(st.lists(option_strategy, min_size=1, max_size=3), option_strategy, st.integers(1, 9))
def test_adding_an_option_never_raises_the_optimal_cost(
    specs: list[tuple[int, int, int, int | None, int]],
    extra: tuple[int, int, int, int | None, int],
    need: int,
) -> None:
    work = PlanWorkload("Inference", need)
    before = plan_award([work], build(specs), measure_binding=False)
    after = plan_award([work], build([*specs, extra]), measure_binding=False)
    if before.feasible:
        assert after.feasible
        assert after.total_usd <= before.total_usd + 1e-6


@settings(max_examples=30, deadline=None)
@given(
    st.lists(option_strategy, min_size=2, max_size=3),
    st.integers(1, 9),
    st.floats(0.3, 1.0),
    st.floats(0.0, 0.3),
)
def test_tightening_the_cap_never_lowers_the_cost(
    specs: list[tuple[int, int, int, int | None, int]], need: int, cap: float, tighter: float
) -> None:
    work = PlanWorkload("Inference", need)
    options = build(specs)
    loose = plan_award([work], options, PlanPolicy("loose", vendor_cap=cap), measure_binding=False)
    tight = plan_award(
        [work],
        options,
        PlanPolicy("tight", vendor_cap=max(cap - tighter, 0.05)),
        measure_binding=False,
    )
    if tight.feasible:
        assert loose.feasible
        assert tight.total_usd >= loose.total_usd - 1e-6
    expected = brute_force(work, options, max(cap - tighter, 0.05))
    assert tight.feasible is not math.isinf(expected)
    if tight.feasible:
        assert tight.total_usd == pytest.approx(expected)


def test_price_margins_found_by_re_solving() -> None:
    # A at $100 supplies all 10; B at $120 waits. A's price may rise 20 % before B takes
    # over; B enters when its price falls 1 − 100/120 = 16.7 %.
    from computescore.domain.award.robustness import price_margins

    work = PlanWorkload("Inference", 10)
    options = [option("A", "Inference", 100.0), option("B", "Inference", 120.0)]
    plan = plan_award([work], options)
    margins = {m.supply: m for m in price_margins([work], options, plan)}
    assert margins["A"].used and margins["A"].change == pytest.approx(0.2, abs=0.01)
    assert "rise 20%" in margins["A"].text or "rise 21%" in margins["A"].text
    assert not margins["B"].used
    assert margins["B"].change == pytest.approx(-1 / 6, abs=0.01)
    # Each says what would replace what, so a reader can check it.
    assert margins["A"].text.endswith("(then Quote B: option B comes in)")
    assert margins["B"].text.endswith("(Quote A: option A goes out)")
    # A line that nothing moves: the plan holds over the whole range searched.
    alone = [option("A", "Inference", 100.0)]
    (only,) = price_margins([work], alone, plan_award([work], alone))
    assert only.change is None and "holds even if its prices double" in only.text


def test_a_price_margin_is_the_first_crossing_not_the_one_the_range_ends_on() -> None:
    # 10 accelerators from A at $100. B at $110 can supply 4, C at $115 any number. At
    # twice A's price the plan is B 4 + C 6 ($1,130), which crosses A's $1,000 × f at
    # +13 %; but B 4 + A 6 ($440 + $600 × f) crosses sooner, at +10 %: hand-worked.
    from computescore.domain.award.robustness import price_margins

    work = PlanWorkload("Inference", 10)
    options = [
        option("A", "Inference", 100.0),
        option("B", "Inference", 110.0, capacity=4),
        option("C", "Inference", 115.0),
    ]
    plan = plan_award([work], options)
    margins = {m.supply: m for m in price_margins([work], options, plan)}
    assert margins["A"].change == pytest.approx(0.10, abs=0.002)
    assert margins["A"].text == (
        "the plan changes if its prices rise 10% (then Quote B: option B comes in)"
    )
    # C enters when it is cheaper than A for the 6 that B cannot supply: at $100, −13 %.
    assert margins["C"].change == pytest.approx(100 / 115 - 1, abs=0.003)


@settings(max_examples=25, deadline=None)
@given(st.lists(option_strategy, min_size=2, max_size=4), st.integers(2, 9))
def test_a_price_margin_holds_before_it_and_not_after_it(
    specs: list[tuple[int, int, int, int | None, int]], need: int
) -> None:
    # The law of the search: short of the reported move the plan costs what it did
    # (scaled), and past it a cheaper plan exists.
    from computescore.domain.award.robustness import _scaled, price_margins

    work = PlanWorkload("Inference", need)
    options = build(specs)
    plan = plan_award([work], options, measure_binding=False)
    if not plan.feasible:
        return
    for margin in price_margins([work], options, plan):
        if margin.change is None:
            continue
        own = sum(a.usd for a in plan.allocations if a.supply == margin.supply)

        def best(factor: float, supply: str = margin.supply) -> float:
            moved = plan_award([work], _scaled(options, supply, factor), measure_binding=False)
            return moved.total_usd

        def kept(factor: float, own: float = own) -> float:
            return plan.total_usd + (factor - 1.0) * own

        short = 1.0 + margin.change * 0.95
        past = 1.0 + margin.change * 1.05 + (1e-3 if margin.used else -1e-3)
        assert best(short) == pytest.approx(kept(short), rel=1e-4, abs=0.5)
        assert best(past) < kept(past) - 1e-6


def test_dominated_lines_are_set_aside_only_when_safe() -> None:
    from computescore.domain.award.dominance import dominated_lines

    cheap = option("A", "Inference", 100.0)
    dear = option("B", "Inference", 120.0)
    capped = option("C", "Inference", 90.0, capacity=4)
    assert dominated_lines([cheap, dear, capped], PlanPolicy()) == {"B"}
    # A capacity never dominates; a fixed cost or a minimum above the other's does not.
    assert dominated_lines([capped, dear], PlanPolicy()) == frozenset()
    assert dominated_lines([option("A", "Inference", 100.0, fixed=50.0), dear], PlanPolicy()) == (
        frozenset()
    )
    # When rules count vendors, only the same vendor's line may stand in.
    assert dominated_lines([cheap, dear], PlanPolicy("cap", vendor_cap=0.6)) == frozenset()
    # Under a vendor cap not even the same vendor's cheaper line may stand in (below).
    same = option("B", "Inference", 120.0, vendor="A")
    assert dominated_lines([cheap, same], PlanPolicy("cap", vendor_cap=0.6)) == frozenset()
    assert dominated_lines([cheap, same], PlanPolicy("two", min_vendors=2)) == {"B"}
    # When scores weigh in, a dearer line with a better score stays.
    better = option("B", "Inference", 120.0, score=95.0)
    floor = PlanPolicy("floor", min_score=80.0)
    assert dominated_lines([cheap, better], floor) == frozenset()
    assert dominated_lines([cheap, better], PlanPolicy()) == {"B"}


def test_a_cap_may_need_the_dearer_line_of_a_vendor() -> None:
    """2 accelerators, no vendor above 50 % of the spend. V sells at 1.5 (line A) or 2
    (line B), W at 2 (line C). One A and one C spend 1.5 and 2: W holds 57 %; two A and
    one C, 3 and 2: V holds 60 %. B and C (2 and 2) keep both at 50 %, for 4; without B the
    cheapest balanced plan is 4 A and 3 C, for 12. Taking the cheaper A for B lowers the
    total spend, and with it W's allowance."""
    work = PlanWorkload("Inference", 2)
    options = [
        option("A", "Inference", 1.5, vendor="V"),
        option("B", "Inference", 2.0, vendor="V"),
        option("C", "Inference", 2.0, vendor="W"),
    ]
    plan = plan_award([work], options, PlanPolicy("cap", vendor_cap=0.5))
    assert plan.feasible
    assert plan.total_usd == pytest.approx(4.0)
    assert sorted((a.supply, a.accelerators) for a in plan.allocations) == [("B", 1), ("C", 1)]


def test_a_workload_demand_profile() -> None:
    from dataclasses import replace

    from computescore.domain.workload import Purpose, Workload, WorkloadClass

    tuning = Workload(
        "Fine-tuning",
        Purpose.TRAINING,
        WorkloadClass.VARIABLE,
        70e9,
        10,
        36,
        training_tokens=2e11,
        accelerators=64,
        baseline_accelerators=16,
        peak_months_per_year=3,
    )
    assert (tuning.baseline, tuning.peak_share) == (16, 0.25)
    # Without peak months, or with a baseline at the peak, demand is flat.
    assert replace(tuning, peak_months_per_year=None).peak_share == 0.0
    assert replace(tuning, peak_months_per_year=None).baseline == 64
    assert replace(tuning, baseline_accelerators=64).peak_share == 0.0
    assert replace(tuning, peak_months_per_year=18).peak_share == 1.0


def test_difference_between_two_scenarios() -> None:
    from computescore.domain.award import difference

    work = PlanWorkload("Inference", 10)
    options = [option("A", "Inference", 100.0, score=60.0), option("B", "Inference", 120.0)]
    cheapest = plan_award([work], options)
    capped = plan_award([work], options, PlanPolicy("Cap", vendor_cap=0.6))
    lines = difference(capped, cheapest)
    assert lines[0] == "It costs $80.00 more than lowest cost, compliant."
    # (6 × 60 + 4 × 70) ÷ 10 = 64.0 against 60.0.
    assert "Its weighted score is 64.0 against 60.0." in lines
    assert "A: 100% of the spend → 56%." in lines and "B: 0% of the spend → 44%." in lines
    assert lines[-1] == (
        "Inference: 6 × option A from Quote A (baseline); 4 × option B from Quote B (baseline)."
    )
    assert difference(cheapest, cheapest) == ()


def test_a_token_api_serves_a_workload_only_where_the_policy_allows_it() -> None:
    from dataclasses import replace

    # The API: $600 per reference accelerator's worth of the tokens, paid as used, and a
    # $500 support fee; capacity A costs $1,000 per accelerator.
    api = replace(
        option("API", "Inference", 600.0, Deployment.ON_DEMAND, fixed=500.0, score=None),
        tokens=True,
    )
    options = [option("A", "Inference", 1000.0), api]
    plain = plan_award([W1], options)
    assert {a.vendor for a in plain.allocations} == {"A"}
    assert plain.total_usd == pytest.approx(8_000)
    assert any("token API" in e.reason for e in plain.exclusions)
    allowed = plan_award([W1], options, PlanPolicy("APIs", token_apis=True))
    # 8 × $600 + $500 = $5,300: cheaper than 8 × $1,000.
    (only,) = allowed.allocations
    assert only.tokens and only.vendor == "API" and only.usd == pytest.approx(5_300)
    assert allowed.score is None  # an API has no weighted score
    # Unscored, it cannot be weighed in a best-value plan.
    value = plan_award([W1], options, PlanPolicy("v", Objective.VALUE, token_apis=True))
    assert {a.vendor for a in value.allocations} == {"A"}
    # The API's plan is $2,700 cheaper, and says what the saving rests on: the vendor's
    # own model does the work.
    results = compare([W1], options, [PlanPolicy("Capacity"), PlanPolicy("APIs", token_apis=True)])
    assert results[1].text == (
        f"APIs costs $2,700 less over {W1.horizon_months} months than capacity. It buys the "
        f"tokens of “{W1.name}” from API, whose own model serves them: choose it once that "
        "model is judged fit for the work."
    )
    assert token_caveat(plain) == ""


@given(price=st.floats(min_value=1.0, max_value=5_000.0), fixed=st.floats(0.0, 10_000.0))
@settings(max_examples=30, deadline=None)
def test_allowing_a_token_api_never_raises_the_optimal_cost(price: float, fixed: float) -> None:
    from dataclasses import replace

    api = replace(
        option("API", "Inference", price, Deployment.ON_DEMAND, fixed=fixed, score=None),
        tokens=True,
    )
    options = [*three_options(), api]
    without = plan_award([W1, W2], options, measure_binding=False)
    with_api = plan_award(
        [W1, W2], options, PlanPolicy("APIs", token_apis=True), measure_binding=False
    )
    assert with_api.total_usd <= without.total_usd + 1e-6


@given(factor=st.sampled_from([1e-3, 1.0, 1e3, 1e6]))
@settings(max_examples=4, deadline=None)
def test_the_plan_does_not_depend_on_the_unit_of_money(factor: float) -> None:
    from dataclasses import replace

    base = plan_award([W1, W2], three_options(), measure_binding=False)
    scaled_options = [
        replace(
            o, usd_per_accelerator=o.usd_per_accelerator * factor, fixed_usd=o.fixed_usd * factor
        )
        for o in three_options()
    ]
    scaled = plan_award([W1, W2], scaled_options, measure_binding=False)
    shape = [(a.workload, a.layer, a.supply, a.accelerators) for a in base.allocations]
    assert [(a.workload, a.layer, a.supply, a.accelerators) for a in scaled.allocations] == shape
    assert scaled.total_usd == pytest.approx(base.total_usd * factor)
    assert scaled.objective_usd == pytest.approx(base.objective_usd * factor)


@pytest.mark.parametrize(
    ("share", "text"),
    [
        (0.0, "0%"),
        (0.004, "<1%"),
        (0.005, "<1%"),
        (0.006, "1%"),
        (0.25, "25%"),
        (0.994, "99%"),
        (0.996, ">99%"),
        (1.0, "100%"),
    ],
)
def test_a_vendor_share_never_reads_none_or_all_when_it_is_not(share: float, text: str) -> None:
    assert format_share(share) == text


def test_vendor_shares_add_up_to_a_hundred() -> None:
    # Three thirds rounded each on its own read 33 % three times; 33.5 %, 33.5 %, 33 % read
    # 34 % twice (101 %). The largest remainders round up, the others down.
    assert format_shares([1 / 3, 1 / 3, 1 / 3]) == ["34%", "33%", "33%"]
    assert format_shares([0.335, 0.335, 0.33]) == ["34%", "33%", "33%"]
    assert format_shares([0.571, 0.412, 0.017]) == ["57%", "41%", "2%"]
    # The ends keep their marks; shares of no one whole are each rounded on their own.
    assert format_shares([0.996, 0.004]) == [">99%", "<1%"]
    assert format_shares([0.5, 0.2]) == ["50%", "20%"]
    assert format_shares([]) == []


@given(st.lists(st.floats(min_value=0.001, max_value=1.0), min_size=1, max_size=8))
def test_shares_of_one_whole_always_read_a_hundred_percent(weights: list[float]) -> None:
    total = math.fsum(weights)
    shares = [w / total for w in weights]
    shown = format_shares(shares)
    if all(text[0].isdigit() for text in shown):
        assert sum(int(text.rstrip("%")) for text in shown) == 100
    # Each reads within a point of its share.
    for share, text in zip(shares, shown, strict=True):
        if text[0].isdigit():
            assert abs(int(text.rstrip("%")) - share * 100) < 1


def test_the_reference_accelerators_a_serving_load_needs() -> None:
    # 2e9 tokens × 2 × 13e9 FLOP = 5.2e19 FLOP a day; in 20 h: 7.222e14 FLOP/s = 0.7222
    # PFLOP/s; at 0.01 PFLOP/s per reference: 72.2, so 73.
    assert serving_equivalents(2e9, 20, 13e9, 0.01) == 73
    # Exactly 72 references' worth needs 72, not 73.
    assert serving_equivalents(72 * 0.01e15 * 72_000 / 26e9, 20, 13e9, 0.01) == 72
    assert serving_equivalents(0, 20, 13e9, 0.01) is None
    assert serving_equivalents(2e9, 20, 13e9, 0) is None


def test_large_counts_in_words() -> None:
    assert format_count(2e9) == "2 billion"
    assert format_count(3.5e8) == "350 million"
    assert format_count(1.25e12) == "1.25 trillion"
    assert format_count(12_000) == "12,000"


def test_a_plan_that_takes_capacity_no_quote_states_says_so() -> None:
    work = PlanWorkload("Inference", 12)
    plan = plan_award([work], [option("A", "Inference", 1000.0)])
    assert (
        "Quote A: option A: the plan takes 12 accelerators and the quote states no capacity; "
        "confirm the vendor can supply them"
    ) in plan.risks
    stated = plan_award([work], [option("A", "Inference", 1000.0, capacity=16)])
    assert not any("states no capacity" in risk for risk in stated.risks)
    # A line quoted for 8 with no maximum: the plan's 12 are more than it was asked for.
    from dataclasses import replace

    quoted = plan_award([work], [replace(option("A", "Inference", 1000.0), quoted=8)])
    assert (
        "Quote A: option A: the plan takes 12 accelerators and the quote prices 8 with no "
        "maximum stated; confirm the vendor can supply 12"
    ) in quoted.risks
