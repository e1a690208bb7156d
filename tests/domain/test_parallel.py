"""Fine-tuning memory, parallel layouts and all-reduce, hand-worked (DOMAIN §7)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.sizing.parallel import (
    CurvePoint,
    FineTune,
    allreduce_seconds,
    allreduce_share,
    efficiency_curve,
    efficient_size,
    fine_tune_memory_gb,
    parallel_layout,
)


def test_a_7b_lora_on_a_24_gb_card_is_feasible_and_full_fine_tuning_is_not() -> None:
    # QLoRA: 0.5 × 7e9 = 3.5 GB + 1 % × 7e9 × 16 B = 1.12 GB → 4.62 GB; with 6 GB of
    # activations 10.62 GB, under a 24 GB card's 21.6 GB usable.
    qlora = fine_tune_memory_gb(7e9, FineTune.QLORA, activations_gb=6.0)
    assert qlora.value == pytest.approx(10.62)
    assert parallel_layout(qlora.value, 24, 1, 1).fits
    lora = fine_tune_memory_gb(7e9, FineTune.LORA)
    assert lora.value == pytest.approx(14.0 + 1.12)
    assert "activations not included" in lora.note
    full = fine_tune_memory_gb(7e9, FineTune.FULL)
    assert full.value == pytest.approx(112.0)
    assert not parallel_layout(full.value, 24, 1, 1).fits


def test_the_smallest_layout_that_fits_and_the_links_it_needs() -> None:
    # 70 B fully fine-tuned = 1,120 GB; 80 GB × 0.9 = 72 GB usable; a node of 8 = 576 GB:
    # tensor 8 × pipeline 2 = 16 per replica; 64 accelerators → 4 replicas.
    layout = parallel_layout(1120, 80, 8, 64)
    assert (layout.tensor, layout.pipeline, layout.data, layout.fits) == (8, 2, 4, True)
    assert "InfiniBand or RoCE" in layout.interconnect and "NVLink" in layout.interconnect
    # 13 B fully fine-tuned = 208 GB → tensor 4 within one node (288 GB), no fabric needed.
    small = parallel_layout(208, 80, 8, 8)
    assert (small.tensor, small.pipeline, small.data) == (4, 1, 2)
    assert "InfiniBand" not in small.interconnect
    one = parallel_layout(40, 80, 8, 8)
    assert (one.tensor, one.pipeline, one.data) == (1, 1, 8)
    short = parallel_layout(1120, 80, 8, 8)
    assert not short.fits and "cannot hold one copy" in short.sentence


def test_all_reduce_time_and_its_share_of_the_step() -> None:
    # 7 B bf16 gradients = 14 GB over 8 accelerators: 2 × 7/8 × 14 ÷ 450 GB/s = 54.4 ms on
    # NVLink; over 50 GB/s (400 Gb/s InfiniBand) 490 ms.
    assert allreduce_seconds(14, 8, 450).value == pytest.approx(0.054444, rel=1e-4)
    slow = allreduce_seconds(14, 8, 50).value
    assert slow == pytest.approx(0.49)
    # Overlapped with a 1 s compute step both are hidden; with a 0.25 s step the slow fabric
    # exposes 0.49 − 0.25 = 0.24 s of a 0.49 s step (49 %), NVLink none.
    assert allreduce_share(1.0, slow) == 0.0
    assert allreduce_share(0.25, slow) == pytest.approx(0.24 / 0.49)
    assert allreduce_share(0.25, allreduce_seconds(14, 8, 450).value) == 0.0


def test_the_efficiency_curve_marks_the_economic_size() -> None:
    # 0.25 s of compute per step, 14 GB of gradients over 50 GB/s, US$2 per accelerator-
    # hour, 100 units per accelerator. N = 1: US$0.02 per unit. N = 2: all-reduce 0.28 s
    # > 0.25 s, efficiency 0.25 / 0.28 = 89.3 %, US$0.0224 (+12 %). N = 8: 0.49 s, 51.0 %,
    # US$0.0392 (+96 %). N = 64: 0.551 s, 45.4 %, US$0.0441 (+120 %).
    points = efficiency_curve([1, 2, 8, 64], 100.0, 0.25, 14, 50, 2.0)
    assert points[0].efficiency == 1.0 and points[0].cost_per_unit == pytest.approx(0.02)
    assert points[1].efficiency == pytest.approx(0.25 / 0.28)
    assert points[2].cost_per_unit == pytest.approx(0.02 * 0.49 / 0.25)
    tight = efficient_size(points, margin=0.15)
    assert tight is not None and tight.accelerators == 2
    loose = efficient_size(points, margin=1.0)
    assert loose is not None and loose.accelerators == 8


@given(
    small=st.integers(2, 512),
    more=st.integers(1, 512),
    compute=st.floats(0.01, 10),
    grads=st.floats(0.1, 500),
    bus=st.floats(1, 1000),
)
def test_more_accelerators_never_lower_total_throughput(
    small: int, more: int, compute: float, grads: float, bus: float
) -> None:
    # From two accelerators up (one has no all-reduce at all; see the module notes).
    a, b = efficiency_curve([small, small + more], 10.0, compute, grads, bus)
    assert b.useful_total >= a.useful_total * (1 - 1e-9)
    assert b.efficiency <= a.efficiency + 1e-12


def test_one_to_two_can_lose_when_the_gradients_outweigh_the_compute() -> None:
    # 1 s of compute, 2 GB of gradients over 1 GB/s: all-reduce 2 s between two, so the pair
    # makes 2 × 10 × 1/2 = 10 units, no more than one accelerator alone.
    one, two, three = efficiency_curve([1, 2, 3], 10.0, 1.0, 2.0, 1.0)
    assert (one.useful_total, two.useful_total) == (10.0, pytest.approx(10.0))
    assert three.useful_total == pytest.approx(3 * 10 * 1 / (2 * 2 / 3 * 2))


def test_a_training_curve_on_one_option() -> None:
    from computescore.domain.sizing.parallel import training_curve, training_curve_inputs

    # 70 B on H100 (80 GB, NVLink 900 GB/s both ways), 989 × 0.4 = 395.6 useful TFLOP/s,
    # 4,096 tokens per accelerator per step, plain Ethernet between nodes of 8.
    # State 1,120 GB; a node holds 8 × 72 = 576 GB → tensor 8 × pipeline 2 = 16 per
    # replica. Step: 6 × 70e9 × 4,096 ÷ 395.6e12 = 4.3486 s. Gradients per member: 140 ÷ 16
    # = 8.75 GB. Ethernet gives 3.125 GB/s each: 64 (4 replicas) all-reduce in 2 × 3/4 ×
    # 8.75 ÷ 3.125 = 4.2 s (hidden), 128 (8 replicas) in 4.9 s → 4.3486 ÷ 4.9 = 88.7 %.
    setup = training_curve_inputs(70e9, 4096, 395.6, 80, 900, "ethernet", 8, 128)
    assert (setup.layout.tensor, setup.layout.pipeline) == (8, 2)
    assert setup.step_compute_s == pytest.approx(4.3486, abs=1e-4)
    assert setup.gradient_gb == pytest.approx(8.75)
    assert (setup.inter_node_gbps, setup.within_node_gbps) == (3.125, 450)
    assert setup.sizes == (16, 32, 64, 128)
    points = training_curve(setup, 0.3956, 2.5)
    assert [p.efficiency for p in points[:3]] == [1.0, 1.0, 1.0]
    assert points[3].efficiency == pytest.approx(4.3486 / 4.9, abs=1e-4)
    # US$2.50 ÷ 0.3956 PFLOP/s = 6.32 per useful PFLOP-hour; at 128, 6.32 ÷ 0.887 = 7.12,
    # more than 10 % above: 64 is the efficient size.
    assert points[0].cost_per_unit == pytest.approx(6.3195, abs=1e-4)
    assert points[3].cost_per_unit == pytest.approx(7.12, abs=0.01)
    best = efficient_size(points)
    assert best is not None and best.accelerators == 64
    fast = training_curve(
        training_curve_inputs(70e9, 4096, 395.6, 80, 900, "infiniband", 8, 128), 0.3956, 2.5
    )
    assert all(p.efficiency == 1.0 for p in fast)  # 50 GB/s each hides the exchange


def test_within_a_node_the_chips_own_links_carry_the_exchange() -> None:
    from computescore.domain.sizing.parallel import training_curve, training_curve_inputs

    # 7 B: 112 GB of state → tensor 2; 7 GB of gradients per member; a step of 0.4349 s.
    # 8 accelerators (4 replicas, one node): 2 × 3/4 × 7 ÷ 450 = 0.023 s, hidden. 16 (two
    # nodes, 8 replicas) over Ethernet: 2 × 7/8 × 7 ÷ 3.125 = 3.92 s → 0.4349 ÷ 3.92 = 11 %.
    setup = training_curve_inputs(7e9, 4096, 395.6, 80, 900, "ethernet", 8, 16)
    eight, sixteen = (p for p in training_curve(setup, 0.3956, None) if p.accelerators >= 8)
    assert eight.efficiency == 1.0
    assert sixteen.efficiency == pytest.approx(0.43486 / 3.92, abs=1e-3)


def test_the_efficient_size_is_found_at_any_sign_of_cost() -> None:
    # 10 % of the cheapest's magnitude either way: a cost of −5 admits up to −4.5.
    points = [
        CurvePoint(8, 1.0, 8.0, -5.0),
        CurvePoint(16, 0.9, 14.4, -4.6),
        CurvePoint(32, 0.8, 25.6, -4.0),
    ]
    best = efficient_size(points)
    assert best is not None and best.accelerators == 16
    assert efficient_size([CurvePoint(8, 1.0, 8.0, 0.0)]) is not None
