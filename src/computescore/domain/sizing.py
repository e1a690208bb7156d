"""Sizing: compute, GPU-hours, wall-clock time and memory of a workload (DOMAIN.md §2).

Formulas:

* training compute = 6 × parameters × tokens (FLOP);
* inference compute = 2 × parameters FLOP per token;
* GPU-hours = FLOP / (dense peak FLOP/s at the precision × MFU × 3600);
* wall-clock days = GPU-hours / (accelerators × 24);
* full fine-tuning memory = 16 bytes per parameter (bf16 weights 2 + bf16 gradients 2
  + fp32 master weights 4 + Adam first and second moments 4 + 4); activations excluded;
* inference memory = weights (bytes per parameter at the precision) + KV cache.

KV cache. For a dense decoder-only transformer the cache holds, per token of context
and per sequence of the batch, one key and one value vector per layer:

    KV bytes = 2 × layers × kv_dim × context × batch × bytes per cached value

where ``kv_dim = d_model × kv_heads / attention heads`` (1 for full multi-head
attention, 1/8 for grouped-query attention with 8 query heads per key head).
When the user gives no architecture, :func:`assumed_shape` derives one from the
parameter count with ``params ≈ 12 × layers × d_model²`` and ``d_model = 128 ×
layers`` (the proportions of the common 7 B / 13 B decoders: 32 × 4096, 40 × 5120),
with full multi-head attention and a 2-byte (fp16/bf16) cache. That is deliberately
conservative: grouped-query models need several times less cache.

Fit checks turn the sizing into :class:`~computescore.domain.findings.Finding`
records in the ``fit`` category, using seed 000's accelerator quadrant: a training
pool wants NVLink-class links inside a node and InfiniBand between nodes, an
inference pool is fine on PCIe and RoCE, an experiment pool on consumer cards and
plain Ethernet.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from computescore.domain.catalog import BYTES_PER_PARAM, Accelerator, Precision
from computescore.domain.figures import ASSUMED, UNMEASURED, Figure, Input
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.problems import Problem, Severity
from computescore.domain.units import BYTES_PER_GB, SECONDS_PER_HOUR, TERA
from computescore.domain.workload import Purpose, Workload

TRAINING_FLOP_PER_PARAM_TOKEN = 6.0
"""Forward (2) plus backward (4) FLOP per parameter per training token."""

INFERENCE_FLOP_PER_PARAM_TOKEN = 2.0
"""One multiply and one add per parameter per generated token."""

FULL_FINE_TUNE_BYTES_PER_PARAM = 16.0
"""Mixed-precision Adam: 2 (bf16 weights) + 2 (grads) + 4 (fp32 master) + 8 (two moments)."""

ASPECT_RATIO = 128.0
"""d_model / layers assumed when no architecture is given (Llama-class 7 B: 4096 / 32)."""

KV_BYTES_DEFAULT = 2.0
"""Bytes per cached key or value element (fp16 / bf16 cache), whatever the weight precision."""

NODE_SIZE_DEFAULT = 8
"""Accelerators per node assumed when a quote does not say (HGX / DGX boards hold 8)."""

KILO_GPU = 1000
"""Scale at which seed 000 warns that all-reduce can take ~30 % of wall time."""

SEED_000 = "practitioner's guide to AI compute selection, accelerator quadrant"

RULE_STATUS = "engine rule"


# ----------------------------------------------------------------------------- compute


def training_flops(params: float, tokens: float) -> Figure:
    """Training compute in FLOP: 6 × parameters × tokens.

    Args:
        params: model parameters (count).
        tokens: training tokens (count).
    """
    value = TRAINING_FLOP_PER_PARAM_TOKEN * params * tokens
    return Figure(
        "Training compute",
        value,
        "FLOP",
        "6 × params × tokens",
        (Input("params", params, "parameters"), Input("tokens", tokens, "tokens")),
    )


def inference_flops(params: float, tokens: float) -> Figure:
    """Inference compute in FLOP for ``tokens`` generated tokens: 2 × parameters × tokens.

    Args:
        params: model parameters (count).
        tokens: tokens processed (count), e.g. tokens per day.
    """
    value = INFERENCE_FLOP_PER_PARAM_TOKEN * params * tokens
    return Figure(
        "Inference compute",
        value,
        "FLOP",
        "2 × params × tokens",
        (Input("params", params, "parameters"), Input("tokens", tokens, "tokens")),
    )


def mfu_used(measured: float | None, assumed: float) -> Figure:
    """The model-FLOPs utilisation to use (fraction 0–1): measured if present, else assumed.

    An assumed MFU is flagged :data:`~computescore.domain.figures.UNMEASURED`.
    """
    if measured is not None:
        return Figure(
            "MFU",
            measured,
            "",
            "measured on the buyer's workload",
            (Input("MFU", measured, "", "measured"),),
        )
    return Figure(
        "MFU",
        assumed,
        "",
        "workload assumption (no measurement for this quote)",
        (Input("MFU", assumed, "", "assumption"),),
        flags=(UNMEASURED, ASSUMED),
    )


_PRECISION_WORDS = {
    "bfloat16": "bf16",
    "float16": "fp16",
    "half precision": "fp16",
    "float32": "fp32",
    "float8": "fp8",
}
_PRECISION_NAMES = re.compile(
    r"(?<![a-z0-9])(fp64|fp32|tf32|bf16|fp16|fp8|int8|fp6|fp4|int4|"
    + "|".join(_PRECISION_WORDS)
    + r")(?![a-z0-9])"
)


def measurement_precision(method: str) -> Precision | None:
    """The numeric precision a performance measurement names ("… 64 × H100, BF16" → bf16).

    An MFU is a fraction of the peak at the precision the measurement ran at, so it is
    applied to that precision's peak. None when the description names no precision, or
    names several.
    """
    found = {
        Precision(_PRECISION_WORDS.get(word, word))
        for word in _PRECISION_NAMES.findall(method.casefold())
    }
    return found.pop() if len(found) == 1 else None


def gpu_hours(flops: float, peak_tflops: float, mfu: float) -> Figure:
    """Accelerator-hours needed for ``flops``: FLOP / (peak × 1e12 × MFU × 3600).

    Args:
        flops: work in FLOP.
        peak_tflops: dense peak of one accelerator at the precision used, in TFLOP/s.
        mfu: model-FLOPs utilisation, fraction 0–1 (must be > 0).
    """
    value = flops / (peak_tflops * TERA * mfu * SECONDS_PER_HOUR)
    return Figure(
        "GPU-hours",
        value,
        "GPU-h",
        "FLOPs / (peak × MFU × 3600)",
        (
            Input("FLOPs", flops, "FLOP"),
            Input("peak", peak_tflops, "TFLOP/s"),
            Input("MFU", mfu),
        ),
    )


def wall_clock_days(gpu_hours_needed: float, accelerators: int) -> Figure:
    """Calendar days to finish ``gpu_hours_needed`` on ``accelerators`` running around the clock.

    MFU already absorbs communication overhead, so no further scaling loss is applied.
    """
    value = gpu_hours_needed / (accelerators * 24.0)
    return Figure(
        "Wall-clock time",
        value,
        "days",
        "GPU-hours / (accelerators × 24)",
        (Input("GPU-hours", gpu_hours_needed, "GPU-h"), Input("accelerators", accelerators)),
    )


# ----------------------------------------------------------------------------- memory


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


# ----------------------------------------------------------------------------- whole sizings


@dataclass(frozen=True, slots=True)
class Sizing:
    """The sizing of one workload on one accelerator model.

    Figures that could not be computed are None and the reason is in ``problems``.
    For training, ``flops`` and ``gpu_hours`` are for the whole job; for inference
    they are per day of serving.
    """

    purpose: Purpose
    accelerator_id: str
    precision: Precision
    flops: Figure | None = None
    mfu: Figure | None = None
    gpu_hours: Figure | None = None
    wall_clock_days: Figure | None = None
    memory_gb: Figure | None = None
    min_accelerators: Figure | None = None
    tokens_per_second: Figure | None = None
    accelerators_for_load: Figure | None = None
    cost_usd: Figure | None = None
    problems: tuple[Problem, ...] = ()


def _peak_for(
    accelerator: Accelerator, precision: Precision, problems: list[Problem], source: str
) -> tuple[Precision, float] | None:
    """The dense peak to use, falling back between bf16 and fp16 when one is missing."""
    peak = accelerator.dense_tflops(precision)
    if peak is not None and peak > 0:
        return precision, peak
    fallbacks = {Precision.BF16: Precision.FP16, Precision.FP16: Precision.BF16}
    alternative = fallbacks.get(precision)
    if alternative is not None:
        alt_peak = accelerator.dense_tflops(alternative)
        if alt_peak is not None and alt_peak > 0:
            problems.append(
                Problem(
                    source,
                    f"{accelerator.display_name} has no {precision.value} peak; "
                    f"the {alternative.value} peak is used instead",
                    Severity.WARNING,
                )
            )
            return alternative, alt_peak
    problems.append(
        Problem(
            source,
            f"{accelerator.display_name} has no dense {precision.value} peak in the catalogue",
            Severity.ERROR,
            expected="a precision the accelerator supports",
        )
    )
    return None


def _check_positive(problems: list[Problem], source: str, **values: float | None) -> bool:
    ok = True
    for name, value in values.items():
        if value is None or not math.isfinite(value) or value <= 0:
            problems.append(
                Problem(
                    source,
                    f"{name} must be a positive number",
                    found=str(value),
                    expected="a number above zero",
                )
            )
            ok = False
    return ok


def size_training(
    params: float,
    tokens: float,
    accelerator: Accelerator,
    *,
    assumed_mfu: float,
    measured_mfu: float | None = None,
    precision: Precision = Precision.BF16,
    gpus: int | None = None,
    usd_per_gpu_hour: float | None = None,
    bytes_per_param: float = FULL_FINE_TUNE_BYTES_PER_PARAM,
    source: str = "workload",
) -> Sizing:
    """Size a training (or full fine-tuning) job on ``accelerator``.

    Gives compute (FLOP), MFU used, GPU-hours, memory (GB, 16 B/param), minimum
    accelerators; with ``gpus`` the wall-clock days; with ``usd_per_gpu_hour`` the
    job's cost in USD (GPU-hours × price).
    """
    problems: list[Problem] = []
    ok = _check_positive(problems, source, params=params, tokens=tokens, assumed_mfu=assumed_mfu)
    if measured_mfu is not None:
        ok = _check_positive(problems, source, measured_mfu=measured_mfu) and ok
    for name, value in (("assumed_mfu", assumed_mfu), ("measured_mfu", measured_mfu)):
        if value is not None and value > 1:
            problems.append(
                Problem(
                    source,
                    f"{name} is a fraction of peak and cannot exceed 1",
                    found=str(value),
                    expected="a fraction between 0 and 1",
                )
            )
            ok = False
    if gpus is not None and gpus <= 0:
        problems.append(
            Problem(source, "the accelerator count must be at least 1", found=str(gpus))
        )
        ok = False
    if not ok:
        return Sizing(Purpose.TRAINING, accelerator.id, precision, problems=tuple(problems))
    flops = training_flops(params, tokens)
    mfu = mfu_used(measured_mfu, assumed_mfu)
    memory = training_memory_gb(params, bytes_per_param)
    minimum = min_accelerators(memory.value, accelerator.memory_gb)
    peak = _peak_for(accelerator, precision, problems, source)
    hours = days = cost = None
    used_precision = precision
    if peak is not None:
        used_precision, peak_tflops = peak
        base = gpu_hours(flops.value, peak_tflops, mfu.value)
        hours = Figure(
            base.label,
            base.value,
            base.unit,
            base.formula,
            (*base.inputs, Input("accelerator", accelerator.id, "", "catalogue")),
            flags=mfu.flags,
        )
        if gpus is not None:
            days = wall_clock_days(hours.value, gpus)
        if usd_per_gpu_hour is not None:
            cost = Figure(
                "Job cost",
                hours.value * usd_per_gpu_hour,
                "USD",
                "GPU-hours × price per GPU-hour",
                (
                    Input("GPU-hours", hours.value, "GPU-h"),
                    Input("price", usd_per_gpu_hour, "USD/GPU-h"),
                ),
                flags=mfu.flags,
            )
    return Sizing(
        Purpose.TRAINING,
        accelerator.id,
        used_precision,
        flops=flops,
        mfu=mfu,
        gpu_hours=hours,
        wall_clock_days=days,
        memory_gb=memory,
        min_accelerators=minimum,
        cost_usd=cost,
        problems=tuple(problems),
    )


def size_inference(
    params: float,
    tokens_per_day: float,
    accelerator: Accelerator,
    *,
    assumed_mfu: float,
    measured_mfu: float | None = None,
    measured_tokens_per_second: float | None = None,
    precision: Precision = Precision.BF16,
    context_length: int = 4096,
    batch_size: int = 1,
    hours_per_day: float = 24.0,
    shape: ModelShape | None = None,
    kv_bytes: float = KV_BYTES_DEFAULT,
    usd_per_gpu_hour: float | None = None,
    source: str = "workload",
) -> Sizing:
    """Size serving ``tokens_per_day`` of a model on ``accelerator``.

    Gives compute per day (FLOP), memory (weights + KV cache, GB), minimum
    accelerators to hold one replica, the token rate per accelerator (measured, else
    the lower of the compute-bound and the memory-bandwidth-bound estimates),
    GPU-hours per day, accelerators needed to serve the load within
    ``hours_per_day``, and with a price the cost per day in USD.
    """
    problems: list[Problem] = []
    ok = _check_positive(
        problems,
        source,
        params=params,
        tokens_per_day=tokens_per_day,
        assumed_mfu=assumed_mfu,
        hours_per_day=hours_per_day,
        context_length=float(context_length),
        batch_size=float(batch_size),
    )
    if hours_per_day > 24:
        problems.append(Problem(source, "hours per day cannot exceed 24", found=str(hours_per_day)))
        ok = False
    if not ok:
        return Sizing(Purpose.INFERENCE, accelerator.id, precision, problems=tuple(problems))
    flops = inference_flops(params, tokens_per_day)
    mfu = mfu_used(measured_mfu, assumed_mfu)
    memory = inference_memory_gb(params, precision, context_length, batch_size, shape, kv_bytes)
    minimum = min_accelerators(memory.value, accelerator.memory_gb)
    rate: Figure | None = None
    if measured_tokens_per_second is not None and measured_tokens_per_second > 0:
        rate = Figure(
            "Token rate",
            measured_tokens_per_second,
            "tokens/s",
            "measured on the buyer's workload, per accelerator",
            (Input("tokens/s", measured_tokens_per_second, "tokens/s", "measured"),),
        )
    else:
        peak = _peak_for(accelerator, precision, problems, source)
        bound = bandwidth_bound_tokens_per_second(
            accelerator.memory_bandwidth_gbps, memory.value / minimum.value, batch_size
        )
        if peak is not None:
            compute = compute_bound_tokens_per_second(peak[1], mfu.value, params)
            binding = bound if bound.value <= compute.value else compute
            rate = Figure(
                "Token rate",
                binding.value,
                "tokens/s",
                "min(compute-bound, bandwidth-bound) per accelerator",
                (
                    Input("compute-bound", compute.value, "tokens/s"),
                    Input("bandwidth-bound", bound.value, "tokens/s"),
                ),
                flags=(UNMEASURED,),
                note=f"{binding.label.lower()} limits ({binding.formula})",
            )
    hours = load = cost = None
    if rate is not None:
        hours = Figure(
            "GPU-hours per day",
            tokens_per_day / (rate.value * SECONDS_PER_HOUR),
            "GPU-h/day",
            "tokens per day / (token rate × 3600)",
            (
                Input("tokens per day", tokens_per_day, "tokens"),
                Input("token rate", rate.value, "tokens/s"),
            ),
            flags=rate.flags,
        )
        needed = max(math.ceil(hours.value / hours_per_day - 1e-9), int(minimum.value))
        load = Figure(
            "Accelerators for the load",
            float(needed),
            "accelerators",
            "max(ceil(GPU-hours per day / hours per day), minimum to hold the model)",
            (
                Input("GPU-hours per day", hours.value, "GPU-h"),
                Input("hours per day", hours_per_day, "h"),
                Input("minimum accelerators", minimum.value),
            ),
            flags=rate.flags,
        )
        if usd_per_gpu_hour is not None:
            cost = Figure(
                "Cost per day",
                hours.value * usd_per_gpu_hour,
                "USD",
                "GPU-hours per day × price per GPU-hour",
                (
                    Input("GPU-hours per day", hours.value, "GPU-h"),
                    Input("price", usd_per_gpu_hour, "USD/GPU-h"),
                ),
                flags=rate.flags,
            )
    return Sizing(
        Purpose.INFERENCE,
        accelerator.id,
        precision,
        flops=flops,
        mfu=mfu,
        gpu_hours=hours,
        memory_gb=memory,
        min_accelerators=minimum,
        tokens_per_second=rate,
        accelerators_for_load=load,
        cost_usd=cost,
        problems=tuple(problems),
    )


def size_workload(
    workload: Workload,
    accelerator: Accelerator,
    *,
    measured_mfu: float | None = None,
    measured_tokens_per_second: float | None = None,
    gpus: int | None = None,
) -> Sizing:
    """Size a workload profile on ``accelerator`` (training and experimentation as training).

    A training workload without training tokens, or an inference workload without
    tokens per day, still gets its memory and minimum accelerators; the missing
    figure is reported as a problem.
    """
    source = f"workload:{workload.name}"
    if workload.purpose is Purpose.INFERENCE:
        if workload.tokens_per_day is None:
            return _memory_only(workload, accelerator, source, "tokens per day")
        return size_inference(
            workload.params,
            workload.tokens_per_day,
            accelerator,
            assumed_mfu=workload.assumed_mfu,
            measured_mfu=measured_mfu,
            measured_tokens_per_second=measured_tokens_per_second,
            precision=workload.precision,
            context_length=workload.context_length,
            batch_size=workload.batch_size,
            hours_per_day=workload.hours_per_day or 24.0,
            source=source,
        )
    if workload.training_tokens is None:
        return _memory_only(workload, accelerator, source, "training tokens")
    sizing = size_training(
        workload.params,
        workload.training_tokens,
        accelerator,
        assumed_mfu=workload.assumed_mfu,
        measured_mfu=measured_mfu,
        precision=workload.precision,
        gpus=gpus or workload.accelerators,
        source=source,
    )
    if workload.purpose is Purpose.EXPERIMENTATION:
        return Sizing(
            Purpose.EXPERIMENTATION,
            sizing.accelerator_id,
            sizing.precision,
            sizing.flops,
            sizing.mfu,
            sizing.gpu_hours,
            sizing.wall_clock_days,
            sizing.memory_gb,
            sizing.min_accelerators,
            problems=sizing.problems,
        )
    return sizing


def _memory_only(workload: Workload, accelerator: Accelerator, source: str, missing: str) -> Sizing:
    if workload.purpose is Purpose.INFERENCE:
        memory = inference_memory_gb(
            workload.params, workload.precision, workload.context_length, workload.batch_size
        )
    else:
        memory = training_memory_gb(workload.params)
    problem = Problem(
        source,
        f"the workload has no {missing}; compute and GPU-hours are not sized",
        Severity.WARNING,
        expected=f"{missing} for the workload",
    )
    return Sizing(
        workload.purpose,
        accelerator.id,
        workload.precision,
        memory_gb=memory,
        min_accelerators=min_accelerators(memory.value, accelerator.memory_gb),
        problems=(problem,),
    )


# ----------------------------------------------------------------------------- fit


class Fabric(StrEnum):
    """The network between nodes, as far as the quote's text tells."""

    INFINIBAND = "infiniband"
    ROCE = "roce"
    NVLINK_SWITCH = "nvlink_switch"
    OTHER_RDMA = "other_rdma"
    ETHERNET = "ethernet"
    UNKNOWN = "unknown"

    @property
    def rdma(self) -> bool:
        """True for fabrics fit for multi-node training (InfiniBand, RoCE, NVLink Switch …)."""
        return self in (Fabric.INFINIBAND, Fabric.ROCE, Fabric.NVLINK_SWITCH, Fabric.OTHER_RDMA)


_FABRIC_PATTERNS: tuple[tuple[Fabric, re.Pattern[str]], ...] = (
    (Fabric.NVLINK_SWITCH, re.compile(r"nvlink\s*switch|nvl\s*72|nvl72|nvl36", re.IGNORECASE)),
    (
        Fabric.INFINIBAND,
        re.compile(r"infiniband|\bib\b|\b(?:ndr|hdr|xdr)\b|quantum-?2|connectx", re.IGNORECASE),
    ),
    (Fabric.ROCE, re.compile(r"\broce(?:v2)?\b|rdma over converged|spectrum-?x", re.IGNORECASE)),
    (
        Fabric.OTHER_RDMA,
        re.compile(r"\befa\b|elastic fabric|\brdma\b|\bici\b|tpu pod", re.IGNORECASE),
    ),
    (Fabric.ETHERNET, re.compile(r"ethernet|\b\d+\s*g(?:b|be|bps)?\b|\bgbe\b", re.IGNORECASE)),
)


def detect_fabric(texts: Iterable[str]) -> Fabric:
    """The best inter-node fabric named in a quote's descriptions, or ``UNKNOWN``.

    The vendor's text is only matched against fixed patterns; it is never evaluated.
    """
    found: set[Fabric] = set()
    for text in texts:
        for fabric, pattern in _FABRIC_PATTERNS:
            if pattern.search(text):
                found.add(fabric)
    for fabric, _ in _FABRIC_PATTERNS:
        if fabric in found:
            return fabric
    return Fabric.UNKNOWN


def has_fast_scale_up(accelerator: Accelerator) -> bool:
    """True when the accelerator's chip-to-chip link is NVLink-class (not plain PCIe).

    NVLink-class means a dedicated link of at least 200 GB/s (NVLink, Infinity
    Fabric, ICI, HCCS); PCIe 5.0 x16 gives 128 GB/s both ways.
    """
    return "pcie" not in accelerator.interconnect.lower() and accelerator.interconnect_gbps >= 200


def fit_findings(
    *,
    quote_key: str,
    purpose: Purpose,
    memory_gb: float,
    accelerator: Accelerator,
    accelerators_quoted: int,
    accelerators_per_node: int | None,
    fabric: Fabric,
) -> tuple[Finding, ...]:
    """Check that a quote's accelerators and network suit the workload.

    Rules (ids in parentheses):

    * the model does not fit one card: parallelism needed (``fit.parallelism``, info);
    * the quoted accelerators cannot hold the model at all (``fit.capacity``, knockout);
    * multi-node training without an RDMA fabric (``fit.multinode_fabric``): a knockout
      when the model does not even fit one node, a warning when it does (data
      parallelism over plain Ethernet is slow), a warning when the fabric is not stated;
    * kilo-GPU training: all-reduce can take ~30 % of wall time (``fit.kilo_gpu``, info);
    * pool fit from seed 000's quadrant (``fit.pool``): multi-accelerator training on
      PCIe-only or consumer cards is a warning; training-grade parts for inference or
      experiments are an info note (cost, not function).

    Args:
        quote_key: the quote's key (``Quote.key``), or "" for a stand-alone estimate.
        purpose: training, inference or experimentation.
        memory_gb: memory the workload needs (GB).
        accelerator: the quoted accelerator model.
        accelerators_quoted: accelerators the quote provides.
        accelerators_per_node: accelerators per node as quoted, None when not stated.
        fabric: the inter-node fabric named in the quote.
    """
    findings: list[Finding] = []
    per_card = accelerator.memory_gb
    needed = max(1, math.ceil(memory_gb / per_card - 1e-9))
    per_node = accelerators_per_node or NODE_SIZE_DEFAULT
    name = accelerator.display_name

    def add(severity: FindingSeverity, rule: str, title: str, reason: str) -> None:
        findings.append(
            Finding(
                quote_key,
                severity,
                FindingCategory.FIT,
                title,
                reason,
                f"fit.{rule}",
                "",
                RULE_STATUS,
                SEED_000,
            )
        )

    if needed > 1:
        add(
            FindingSeverity.INFO,
            "parallelism",
            "Model does not fit one card",
            f"{memory_gb:,.0f} GB needed / {per_card:,.0f} GB per {name} = at least {needed} "
            "cards; model or pipeline parallelism is required and the interconnect matters",
        )
    if accelerators_quoted < needed:
        add(
            FindingSeverity.KNOCKOUT,
            "capacity",
            "Quoted accelerators cannot hold the model",
            f"{accelerators_quoted} × {per_card:,.0f} GB = "
            f"{accelerators_quoted * per_card:,.0f} GB < {memory_gb:,.0f} GB needed",
        )
    training = purpose is Purpose.TRAINING
    multi_node = accelerators_quoted > per_node
    if training and multi_node and not fabric.rdma:
        model_spans_nodes = needed > per_node
        if fabric is Fabric.UNKNOWN:
            severity = FindingSeverity.WARNING
            title = "Inter-node fabric not stated"
            reason = (
                f"{accelerators_quoted} accelerators at {per_node} per node span "
                f"{math.ceil(accelerators_quoted / per_node)} nodes; the quote names no "
                "InfiniBand, RoCE or NVLink Switch fabric — ask the vendor"
            )
        elif model_spans_nodes:
            severity = FindingSeverity.KNOCKOUT
            title = "Model does not fit one node and no multi-node interconnect"
            reason = (
                f"the model needs {needed} cards, more than the {per_node} in a node, and the "
                "quote offers only plain Ethernet between nodes; model parallelism across "
                "nodes needs InfiniBand, RoCE or NVLink Switch"
            )
        else:
            severity = FindingSeverity.WARNING
            title = "Multi-node training over plain Ethernet"
            reason = (
                f"{accelerators_quoted} accelerators span several nodes joined by Ethernet "
                "only; gradient all-reduce will slow training (training pool: NVLink + IB)"
            )
        add(severity, "multinode_fabric", title, reason)
    if training and accelerators_quoted >= KILO_GPU:
        add(
            FindingSeverity.INFO,
            "kilo_gpu",
            "Kilo-GPU training",
            f"{accelerators_quoted} accelerators: in kilo-GPU training all-reduce often takes "
            "~30 % of wall time; topology and RDMA flavour decide MFU",
        )
    if training and accelerators_quoted > 1:
        if not accelerator.datacenter:
            add(
                FindingSeverity.WARNING,
                "pool",
                "Consumer cards for multi-GPU training",
                f"{name} is not a data-centre part; the training pool wants NVLink + InfiniBand "
                "(consumer cards suit the experiment pool)",
            )
        elif not has_fast_scale_up(accelerator):
            add(
                FindingSeverity.WARNING,
                "pool",
                "PCIe-only accelerators for training",
                f"{name} links over {accelerator.interconnect or 'PCIe'} "
                f"({accelerator.interconnect_gbps:,.0f} GB/s); the training pool wants "
                "NVLink-class links within a node",
            )
    if (
        purpose is not Purpose.TRAINING
        and accelerator.datacenter
        and has_fast_scale_up(accelerator)
        and needed <= 1
    ):
        pool = "inference" if purpose is Purpose.INFERENCE else "experiment"
        add(
            FindingSeverity.INFO,
            "pool",
            f"Training-grade parts for the {pool} pool",
            f"the model fits one {name}; the {pool} pool runs well on PCIe cards"
            f"{' and RoCE' if pool == 'inference' else ' or consumer cards'} — "
            "provisioning everything at training-grade specs is the commonest waste",
        )
    return tuple(findings)


def max_per_node(values: Sequence[int | None]) -> int | None:
    """The largest stated accelerators-per-node among compute lines, or None."""
    stated = [value for value in values if value]
    return max(stated) if stated else None
