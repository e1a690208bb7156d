"""Fine-tuning memory, the smallest parallel layout that fits, and the cost of all-reduce.

* Memory to fine-tune (DOMAIN §7): full fine-tuning with Adam in mixed precision takes
  16 bytes per parameter; LoRA keeps the frozen weights (2 bytes/param in bf16, 0.5 with
  4-bit QLoRA) and trains small adapters (a stated share of the parameters) at 16
  bytes each; activations come on top (given, or left out and said so).
* Layout: data parallel when one accelerator holds the model state; else tensor
  parallel within a node (NVLink/NVSwitch), pipeline parallel across nodes when one
  node is not enough, and data parallel on top. Splitting across nodes needs
  InfiniBand or RoCE.
* All-reduce of the gradients per step (ring): 2 × (N − 1)/N × gradient bytes ÷ bus
  bandwidth. Data-parallel training overlaps it with the backward pass, so a step takes
  max(compute, all-reduce): only the part that outlasts the compute is lost, and that
  exposed share is what the fabric changes.
* Efficiency curve: useful throughput(N) = N × rate per accelerator × compute ÷
  max(compute, all-reduce(N)); the economically efficient size is the largest N whose
  cost per useful unit stays within a stated margin of the best. From two accelerators
  up, adding one never lowers the total (the all-reduce grows by less than the count);
  going from one to two can, when exchanging the gradients takes more than twice the
  compute, and the curve then shows it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from computescore.domain.figures import Figure, Input, format_number
from computescore.domain.sizing.compute import FULL_FINE_TUNE_BYTES_PER_PARAM
from computescore.wording import plural

ADAPTER_SHARE_DEFAULT = 0.01
"""LoRA adapters as a share of the model's parameters (typically under 1 %: an upper bound)."""

HEADROOM = 0.9
"""Share of an accelerator's memory a layout may plan to fill (runtime buffers need the rest)."""


class FineTune(StrEnum):
    """How a model is trained."""

    FULL = "full"
    LORA = "lora"
    QLORA = "qlora"


_FROZEN_BYTES = {FineTune.LORA: 2.0, FineTune.QLORA: 0.5}


def fine_tune_memory_gb(
    params: float,
    method: FineTune,
    *,
    adapter_share: float = ADAPTER_SHARE_DEFAULT,
    activations_gb: float = 0.0,
) -> Figure:
    """Memory to train ``params`` by ``method``, in decimal GB.

    7 B with QLoRA: 0.5 × 7e9 = 3.5 GB frozen + 1 % × 7e9 × 16 B = 1.12 GB of adapters
    and their optimiser = 4.62 GB + activations: a 24 GB card is enough.
    """
    activations = [Input("activations", activations_gb, "GB", "given")] if activations_gb else []
    note = "" if activations_gb else "activations not included (they depend on batch and sequence)"
    if method is FineTune.FULL:
        value = params * FULL_FINE_TUNE_BYTES_PER_PARAM / 1e9 + activations_gb
        return Figure(
            "Training memory",
            value,
            "GB",
            "params × 16 B (weights, gradients, Adam state) + activations",
            (Input("params", params, "parameters"), *activations),
            note=note,
        )
    frozen = _FROZEN_BYTES[method]
    adapters = params * adapter_share * FULL_FINE_TUNE_BYTES_PER_PARAM / 1e9
    value = params * frozen / 1e9 + adapters + activations_gb
    return Figure(
        "Training memory",
        value,
        "GB",
        "params × frozen bytes + params × adapter share × 16 B + activations",
        (
            Input("params", params, "parameters"),
            Input("frozen bytes per parameter", frozen, "B", method.value),
            Input("adapter share", adapter_share, "", "assumed upper bound"),
            *activations,
        ),
        note=note,
    )


@dataclass(frozen=True, slots=True)
class Layout:
    """A parallel layout: tensor × pipeline per replica, replicas in data parallel."""

    tensor: int
    pipeline: int
    data: int
    fits: bool
    interconnect: str
    sentence: str

    @property
    def per_replica(self) -> int:
        """Accelerators holding one copy of the model state."""
        return self.tensor * self.pipeline


def parallel_layout(state_gb: float, memory_gb: float, per_node: int, accelerators: int) -> Layout:
    """The smallest layout that holds ``state_gb`` on accelerators of ``memory_gb`` each.

    70 B fully fine-tuned (1,120 GB) on 80 GB H100 in nodes of 8: 72 GB usable each, a
    node holds 576 GB, so tensor 8 × pipeline 2 = 16 per replica; 64 accelerators give
    4 replicas in data parallel.
    """
    usable = memory_gb * HEADROOM
    node = max(1, per_node)
    if state_gb <= usable:
        tensor, pipeline = 1, 1
    elif state_gb <= usable * node:
        tensor = next(t for t in _powers_of_two(node) if state_gb <= usable * t)
        pipeline = 1
    else:
        tensor, pipeline = node, math.ceil(state_gb / (usable * node))
    replica = tensor * pipeline
    fits = accelerators >= replica
    data = max(accelerators // replica, 0)
    links = []
    if tensor > 1:
        links.append("NVLink/NVSwitch within a node for the tensor-parallel split")
    if pipeline > 1 or (data > 1 and accelerators > node):
        links.append("InfiniBand or RoCE between nodes")
    interconnect = "; ".join(links) or "no fast link needed: each accelerator holds the model"
    layout_text = f"tensor {tensor} × pipeline {pipeline} = {replica} per replica"
    if fits:
        sentence = (
            f"{layout_text}, {plural(data, 'replica')} in data parallel on "
            f"{plural(accelerators, 'accelerator')}"
        )
    else:
        sentence = (
            f"{layout_text}: {accelerators} accelerators cannot hold one copy of "
            f"{format_number(state_gb)} GB"
        )
    return Layout(tensor, pipeline, data, fits, interconnect, sentence)


def _powers_of_two(limit: int) -> list[int]:
    values, value = [], 1
    while value < limit:
        value *= 2
        values.append(min(value, limit))
    return values or [limit]


def allreduce_seconds(gradient_gb: float, accelerators: int, bus_gbps: float) -> Figure:
    """Ring all-reduce of the gradients: 2 × (N − 1)/N × gradient bytes ÷ bus bandwidth."""
    n = max(1, accelerators)
    value = 2.0 * (n - 1) / n * gradient_gb / bus_gbps if bus_gbps > 0 else float("inf")
    return Figure(
        "All-reduce per step",
        value,
        "s",
        "2 × (N − 1)/N × gradient bytes ÷ bus bandwidth",
        (
            Input("gradients", gradient_gb, "GB"),
            Input("N", n, "accelerators"),
            Input("bus bandwidth", bus_gbps, "GB/s"),
        ),
    )


def allreduce_share(compute_s: float, allreduce_s: float) -> float:
    """Share of a step lost to all-reduce: the part that outlasts the overlapped compute."""
    step = max(compute_s, allreduce_s)
    return (allreduce_s - compute_s) / step if allreduce_s > compute_s and step > 0 else 0.0


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """One cluster size on the efficiency curve."""

    accelerators: int
    efficiency: float
    useful_total: float
    cost_per_unit: float | None


def _curve(
    sizes: Sequence[int],
    rate_per_accelerator: float,
    step_compute_s: float,
    usd_per_accelerator_hour: float | None,
    exchange_s: Callable[[int], float],
) -> list[CurvePoint]:
    """The curve, given the all-reduce seconds of each size (overlapped with the compute)."""
    points = []
    for n in sorted(set(sizes)):
        ar = exchange_s(n)
        efficiency = step_compute_s / max(step_compute_s, ar) if step_compute_s > 0 else 0.0
        total = n * rate_per_accelerator * efficiency
        cost = (
            usd_per_accelerator_hour * n / total
            if usd_per_accelerator_hour is not None and total > 0
            else None
        )
        points.append(CurvePoint(n, efficiency, total, cost))
    return points


def efficiency_curve(
    sizes: list[int],
    rate_per_accelerator: float,
    step_compute_s: float,
    gradient_gb: float,
    bus_gbps: float,
    usd_per_accelerator_hour: float | None = None,
) -> list[CurvePoint]:
    """Useful throughput and cost per useful unit (per hour of one unit of rate) by size,
    every accelerator a data-parallel replica exchanging ``gradient_gb`` over ``bus_gbps``."""
    return _curve(
        sizes,
        rate_per_accelerator,
        step_compute_s,
        usd_per_accelerator_hour,
        lambda n: allreduce_seconds(gradient_gb, n, bus_gbps).value,
    )


FABRIC_GBPS_PER_ACCELERATOR = {
    "infiniband": 50.0,
    "roce": 50.0,
    "nvlink_switch": 450.0,
    "other_rdma": 50.0,
    "ethernet": 3.125,
    "unknown": 3.125,
}
"""Bus bandwidth each accelerator gets between nodes, in GB/s, by fabric.

An RDMA fabric gives each GPU its own 400 Gb/s port (50 GB/s: the HGX reference design);
an NVLink Switch domain keeps the chip's NVLink speed; plain Ethernet is two 100 GbE ports
shared by a node of eight (3.125 GB/s each), and an unstated fabric is taken as that."""


@dataclass(frozen=True, slots=True)
class TrainingCurve:
    """What the efficiency curve of a training workload on one accelerator rests on."""

    layout: Layout
    step_compute_s: float
    gradient_gb: float
    inter_node_gbps: float
    within_node_gbps: float
    sizes: tuple[int, ...]
    per_node: int


def training_curve(
    setup: TrainingCurve, rate_per_accelerator: float, usd_per_accelerator_hour: float | None
) -> list[CurvePoint]:
    """The efficiency curve of :func:`training_curve_inputs`: each size runs size ÷ replica
    replicas in data parallel, all-reducing within a node while the cluster fits one, else
    over the fabric."""

    def exchange(n: int) -> float:
        bus = setup.within_node_gbps if n <= setup.per_node else setup.inter_node_gbps
        data = max(1, n // setup.layout.per_replica)
        return allreduce_seconds(setup.gradient_gb, data, bus).value

    return _curve(
        setup.sizes,
        rate_per_accelerator,
        setup.step_compute_s,
        usd_per_accelerator_hour,
        exchange,
    )


def training_curve_inputs(
    params: float,
    tokens_per_step: float,
    useful_tflops: float,
    accelerator_memory_gb: float,
    scale_up_gbps: float,
    fabric: str,
    per_node: int,
    largest: int,
) -> TrainingCurve:
    """The layout, step time, gradient shard and links of full training on one accelerator.

    A step of ``tokens_per_step`` per accelerator (context × batch) takes 6 × params ×
    tokens ÷ useful FLOP/s; each replica member holds its share of the bf16 gradients
    (2 bytes per parameter ÷ tensor × pipeline); replicas all-reduce within a node over
    half the chip's bidirectional scale-up bandwidth, and between nodes over the fabric's
    per-accelerator share (:data:`FABRIC_GBPS_PER_ACCELERATOR`). Sizes run in powers of
    two from one replica up to ``largest``.
    """
    state = params * FULL_FINE_TUNE_BYTES_PER_PARAM / 1e9
    layout = parallel_layout(state, accelerator_memory_gb, per_node, largest)
    step = 6.0 * params * tokens_per_step / (useful_tflops * 1e12) if useful_tflops > 0 else 0.0
    sizes = []
    n = layout.per_replica
    while n <= max(largest, layout.per_replica):
        sizes.append(n)
        n *= 2
    return TrainingCurve(
        layout,
        step,
        params * 2 / 1e9 / layout.per_replica,
        FABRIC_GBPS_PER_ACCELERATOR.get(fabric, FABRIC_GBPS_PER_ACCELERATOR["unknown"]),
        scale_up_gbps / 2,
        tuple(sizes),
        max(1, per_node),
    )


def efficient_size(points: list[CurvePoint], margin: float = 0.1) -> CurvePoint | None:
    """The largest size whose cost per useful unit is within ``margin`` of the cheapest."""
    priced = [p for p in points if p.cost_per_unit is not None]
    if not priced:
        return None
    best = min(p.cost_per_unit or 0.0 for p in priced)
    within = [p for p in priced if (p.cost_per_unit or 0.0) <= best + abs(best) * margin]
    return max(within, key=lambda p: p.accelerators)
