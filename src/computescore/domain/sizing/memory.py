"""Memory needed: weights, optimiser state, KV cache; accelerators to hold them."""

from __future__ import annotations

import math
from dataclasses import dataclass

from computescore.domain.catalog import BYTES_PER_PARAM, Precision
from computescore.domain.figures import ASSUMED, Figure, Input
from computescore.domain.sizing.compute import (
    ASPECT_RATIO,
    FULL_FINE_TUNE_BYTES_PER_PARAM,
    INFERENCE_FLOP_PER_PARAM_TOKEN,
    KV_BYTES_DEFAULT,
)
from computescore.domain.units import BYTES_PER_GB, TERA


def training_memory_gb(
    params: float, bytes_per_param: float = FULL_FINE_TUNE_BYTES_PER_PARAM
) -> Figure:
    """Memory for full fine-tuning with Adam in mixed precision, in decimal GB.

    16 bytes per parameter by default; activations (which depend on batch and
    sequence length and can be traded for recomputation) are not included.
    """
    value = params * bytes_per_param / BYTES_PER_GB
    return Figure(
        "Training memory",
        value,
        "GB",
        "params × bytes per parameter / 1e9",
        (Input("params", params, "parameters"), Input("bytes per parameter", bytes_per_param, "B")),
        note="weights, gradients, fp32 master weights and Adam moments; activations excluded",
    )


@dataclass(frozen=True, slots=True)
class ModelShape:
    """The architecture figures the KV-cache formula needs.

    Attributes:
        layers: transformer layers.
        d_model: hidden size.
        kv_fraction: key/value heads ÷ attention heads (1 = multi-head, 0.125 = GQA-8).
        assumed: True when derived from the parameter count rather than given.
    """

    layers: float
    d_model: float
    kv_fraction: float = 1.0
    assumed: bool = False


def assumed_shape(params: float) -> ModelShape:
    """A dense decoder's shape from its parameter count.

    Solves ``params = 12 × layers × d_model²`` with ``d_model = 128 × layers``:
    ``layers = (params / (12 × 128²))^(1/3)``. 7e9 gives 32.9 layers of width 4,211
    (the real Llama-2 7B has 32 × 4096). Full multi-head attention is assumed.
    """
    layers = (params / (12.0 * ASPECT_RATIO**2)) ** (1.0 / 3.0)
    return ModelShape(layers=layers, d_model=ASPECT_RATIO * layers, kv_fraction=1.0, assumed=True)


def kv_cache_gb(
    params: float,
    context_length: int,
    batch_size: int,
    shape: ModelShape | None = None,
    kv_bytes: float = KV_BYTES_DEFAULT,
) -> Figure:
    """KV-cache memory in decimal GB: 2 × layers × kv_dim × context × batch × bytes / 1e9.

    Args:
        params: model parameters, used for the shape when ``shape`` is None.
        context_length: tokens of context per sequence.
        batch_size: concurrent sequences.
        shape: the model's architecture; :func:`assumed_shape` when None.
        kv_bytes: bytes per cached element (2 for an fp16/bf16 cache).
    """
    used = shape or assumed_shape(params)
    kv_dim = used.d_model * used.kv_fraction
    value = 2.0 * used.layers * kv_dim * context_length * batch_size * kv_bytes / BYTES_PER_GB
    note = (
        "architecture assumed from the parameter count (d_model = 128 × layers, "
        "params = 12 × layers × d_model², full multi-head attention)"
        if used.assumed
        else "architecture as given"
    )
    return Figure(
        "KV cache",
        value,
        "GB",
        "2 × layers × kv_dim × context × batch × bytes per value / 1e9",
        (
            Input("layers", used.layers),
            Input("kv_dim", kv_dim),
            Input("context", context_length, "tokens"),
            Input("batch", batch_size, "sequences"),
            Input("bytes per value", kv_bytes, "B"),
        ),
        flags=(ASSUMED,) if used.assumed else (),
        note=note,
    )


def weights_gb(params: float, precision: Precision) -> Figure:
    """Memory for the model weights alone at ``precision``, in decimal GB."""
    per_param = BYTES_PER_PARAM[precision]
    return Figure(
        "Weights",
        params * per_param / BYTES_PER_GB,
        "GB",
        "params × bytes per parameter / 1e9",
        (
            Input("params", params, "parameters"),
            Input("bytes per parameter", per_param, "B", f"{precision.value}"),
        ),
    )


def inference_memory_gb(
    params: float,
    precision: Precision,
    context_length: int,
    batch_size: int,
    shape: ModelShape | None = None,
    kv_bytes: float = KV_BYTES_DEFAULT,
) -> Figure:
    """Memory to serve a model: weights at ``precision`` plus KV cache, in decimal GB."""
    weights = weights_gb(params, precision)
    cache = kv_cache_gb(params, context_length, batch_size, shape, kv_bytes)
    return Figure(
        "Inference memory",
        weights.value + cache.value,
        "GB",
        "weights + KV cache",
        (Input("weights", weights.value, "GB"), Input("KV cache", cache.value, "GB")),
        flags=cache.flags,
        note=cache.note + "; runtime workspace and activations excluded",
    )


def min_accelerators(memory_gb: float, accelerator_memory_gb: float) -> Figure:
    """Smallest number of accelerators whose combined memory holds ``memory_gb``."""
    value = max(1, math.ceil(memory_gb / accelerator_memory_gb - 1e-9))
    return Figure(
        "Minimum accelerators",
        float(value),
        "accelerators",
        "ceil(memory needed / memory per accelerator)",
        (
            Input("memory needed", memory_gb, "GB"),
            Input("memory per accelerator", accelerator_memory_gb, "GB"),
        ),
    )


def bandwidth_bound_tokens_per_second(
    memory_bandwidth_gbps: float, bytes_per_step_gb: float, batch_size: int
) -> Figure:
    """Decode throughput per accelerator when memory bandwidth limits it, in tokens/s.

    Each decoding step reads every weight and the whole KV cache once and yields one
    token per sequence: tokens/s = batch × bandwidth / bytes read per step.
    """
    value = batch_size * memory_bandwidth_gbps / bytes_per_step_gb
    return Figure(
        "Bandwidth-bound decode rate",
        value,
        "tokens/s",
        "batch × memory bandwidth / (weights + KV cache)",
        (
            Input("batch", batch_size, "sequences"),
            Input("memory bandwidth", memory_bandwidth_gbps, "GB/s"),
            Input("bytes per step", bytes_per_step_gb, "GB"),
        ),
    )


def compute_bound_tokens_per_second(peak_tflops: float, mfu: float, params: float) -> Figure:
    """Throughput per accelerator when compute limits it, in tokens/s: peak × MFU / (2 × params)."""
    value = peak_tflops * TERA * mfu / (INFERENCE_FLOP_PER_PARAM_TOKEN * params)
    return Figure(
        "Compute-bound token rate",
        value,
        "tokens/s",
        "peak × MFU / (2 × params)",
        (
            Input("peak", peak_tflops, "TFLOP/s"),
            Input("MFU", mfu),
            Input("params", params, "parameters"),
        ),
    )
