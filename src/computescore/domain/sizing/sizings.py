"""Whole sizings of a workload on an accelerator: training, inference, memory only."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from computescore.domain.catalog import Accelerator, Precision, peak_with_fallback
from computescore.domain.figures import UNMEASURED, Figure, Input, format_number
from computescore.domain.problems import Problem, Severity
from computescore.domain.sizing.compute import (
    FULL_FINE_TUNE_BYTES_PER_PARAM,
    INFERENCE_FLOP_PER_PARAM_TOKEN,
    KV_BYTES_DEFAULT,
    gpu_hours,
    inference_flops,
    mfu_used,
    training_flops,
    wall_clock_days,
)
from computescore.domain.sizing.memory import (
    inference_memory_gb,
    min_accelerators,
    training_memory_gb,
    weights_gb,
)
from computescore.domain.sizing.serving import (
    BANDWIDTH_EFFICIENCY_DEFAULT,
    OUTPUT_SHARE_DEFAULT,
    Attention,
    Chip,
    DecodeRate,
    LatencyCheck,
    decode_rate,
    kv_cache_per_sequence_gb,
    latency_check,
    mixed_throughput,
    prefill_time,
    prompt_tokens_of,
    serving_ceiling_tokens,
)
from computescore.domain.units import SECONDS_PER_HOUR, TERA
from computescore.domain.workload import Purpose, Workload

if TYPE_CHECKING:
    from computescore.domain.sizing.memory import ModelShape


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
    time_to_first_token: Figure | None = None
    time_per_output_token: Figure | None = None
    latency: str = ""
    """Time to first token and per output token against the workload's target, in words."""
    latency_met: bool | None = None
    """False when the workload's latency target is missed; None when it has none, or the
    times were not worked out (a measured token rate)."""


def _beyond_ceiling(
    tokens_per_second: float, replica: _Replica, accelerator: Accelerator, source: str
) -> list[Problem]:
    """A warning when a measured tokens/s is more than ``accelerator`` can generate at this
    context at any batch (:func:`~computescore.domain.sizing.serving.serving_ceiling_tokens`):
    it was taken under a lighter load, and the sizing takes it as given."""
    found = peak_with_fallback(accelerator, replica.precision)
    if found is None or accelerator.memory_bandwidth_gbps <= 0:
        return []
    weights = weights_gb(replica.params, replica.precision).value
    kv = max(0.0, replica.memory.value - weights) / max(1, replica.batch)
    chip = Chip(accelerator.display_name, found[0], accelerator.memory_bandwidth_gbps)
    ceiling = serving_ceiling_tokens(kv, replica.params, chip)
    if tokens_per_second <= ceiling.value:
        return []
    return [
        Problem(
            source,
            f"the measured {format_number(tokens_per_second)} tokens/s is more than "
            f"{accelerator.display_name} can generate at {replica.context:,} tokens of "
            "context at any batch (at most "
            f"{format_number(ceiling.value)} tokens/s, reading each sequence's KV cache at the "
            "full datasheet bandwidth): it was measured under a lighter load, and these figures "
            "take it as given",
            Severity.WARNING,
        )
    ]


def _peak_for(
    accelerator: Accelerator, precision: Precision, problems: list[Problem], source: str
) -> tuple[Precision, float] | None:
    """The dense peak to use: the precision's, else the next wider one the chip has
    (``catalog.PRECISION_FALLBACK``: an FP8 model on a chip without FP8 units runs in BF16)."""
    found = peak_with_fallback(accelerator, precision)
    if found is not None:
        peak, used = found
        if used is not precision:
            half_swap = {used, precision} <= {Precision.BF16, Precision.FP16}
            problems.append(
                Problem(
                    source,
                    f"{accelerator.display_name} has no {precision.value} peak; the "
                    f"{used.value} peak is used instead"
                    if half_swap
                    else f"{accelerator.display_name} has no {precision.value} peak in the "
                    f"catalogue; its {used.value} peak is used (a {precision.value} model is "
                    f"computed in {used.value} on it)",
                    Severity.WARNING,
                )
            )
        return used, peak
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
    serving: ServingSetup | None = None,
    output_share: float = OUTPUT_SHARE_DEFAULT,
) -> Sizing:
    """Size serving ``tokens_per_day`` of a model on ``accelerator``.

    Gives compute per day (FLOP), memory (weights + KV cache, GB), minimum
    accelerators to hold one replica, the token rate per accelerator (measured, else
    the decode rate of a replica spread over that minimum by tensor parallelism — the
    slower of its memory-bandwidth and compute bounds — divided among its
    accelerators), time to first token and per output token against a latency
    target, GPU-hours per day, accelerators needed to serve the load within
    ``hours_per_day``, and with a price the cost per day in USD.

    ``output_share`` of the tokens are generated at that token rate; the rest are prompt
    tokens, read in the prefill at peak × MFU (compute-bound), so the GPU-hours are those
    of the mix (:func:`~computescore.domain.sizing.serving.mixed_throughput`).
    """
    serving = serving or ServingSetup()
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
    memory = _serving_memory(
        params, precision, context_length, batch_size, shape, kv_bytes, serving
    )
    minimum = min_accelerators(memory.value, accelerator.memory_gb)
    rate: Figure | None = None
    ttft = tpot = None
    latency = None
    if measured_tokens_per_second is not None and measured_tokens_per_second > 0:
        rate = Figure(
            "Token rate",
            measured_tokens_per_second,
            "tokens/s",
            "measured on the buyer's workload, per accelerator",
            (Input("tokens/s", measured_tokens_per_second, "tokens/s", "measured"),),
        )
        problems.extend(
            _beyond_ceiling(
                measured_tokens_per_second,
                _Replica(params, precision, memory, batch_size, context_length),
                accelerator,
                source,
            )
        )
    else:
        peak = _peak_for(accelerator, precision, problems, source)
        if peak is not None:
            rate, ttft, tpot, latency = _serving_rate(
                _Replica(params, precision, memory, batch_size, context_length),
                accelerator,
                peak[1],
                mfu,
                serving,
                output_share,
            )
            if latency.meets is False:
                problems.append(
                    Problem(
                        source,
                        f"on {accelerator.display_name}, {latency.sentence}",
                        Severity.WARNING,
                    )
                )
    hours = load = cost = None
    if rate is not None:
        hours = _serving_hours(
            tokens_per_day,
            rate,
            _prefill_rate(params, peak_with_fallback(accelerator, precision), mfu.value),
            output_share,
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
        time_to_first_token=ttft,
        time_per_output_token=tpot,
        latency=latency.sentence if latency is not None else "",
        latency_met=latency.meets if latency is not None else None,
    )


def _prefill_rate(params: float, peak: tuple[float, Precision] | None, mfu: float) -> float:
    """Prompt tokens one accelerator reads per second: peak × MFU ÷ (2 × params); 0 when
    the catalogue has no peak for it."""
    if peak is None or params <= 0:
        return 0.0
    return peak[0] * TERA * mfu / (INFERENCE_FLOP_PER_PARAM_TOKEN * params)


def _serving_hours(
    tokens_per_day: float, rate: Figure, prefill: float, output_share: float
) -> Figure:
    """GPU-hours a day to serve ``tokens_per_day``: the generated share at the token
    rate, the prompt tokens at the prefill rate."""
    served = mixed_throughput(rate.value, prefill, output_share)
    if served == rate.value:
        return Figure(
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
    share = min(1.0, max(0.0, output_share))
    return Figure(
        "GPU-hours per day",
        tokens_per_day / (served * SECONDS_PER_HOUR),
        "GPU-h/day",
        "tokens per day / (served rate × 3600); served rate = 1 ÷ (output share ÷ token "
        "rate + (1 − output share) ÷ prefill rate)",
        (
            Input("tokens per day", tokens_per_day, "tokens"),
            Input("token rate", rate.value, "tokens/s", "generating"),
            Input("prefill rate", prefill, "tokens/s", "peak × MFU ÷ (2 × params)"),
            Input("output share", share, "", "token mix: the rest are prompt tokens"),
            Input("served rate", served, "tokens/s"),
        ),
        flags=rate.flags,
        note=f"{format_number(share * 100)} % of the tokens are generated; the prompt "
        "tokens are read in the prefill, compute-bound",
    )


@dataclass(frozen=True, slots=True)
class ServingSetup:
    """How a model is served, beyond its size: what the decode and latency figures need.

    Attributes:
        attention: the architecture (layers, KV heads, head dim, KV bytes); when None
            the shape is assumed from the parameter count (full multi-head attention).
        prompt_tokens: tokens of a typical prompt (None: the context's share of prompt
            tokens under the token mix, ``serving.prompt_tokens_of``).
        latency_ms: the target for time to first token and per output token.
        bandwidth_efficiency: share of the datasheet bandwidth reached.
    """

    attention: Attention | None = None
    prompt_tokens: int | None = None
    latency_ms: float | None = None
    bandwidth_efficiency: float = BANDWIDTH_EFFICIENCY_DEFAULT


def _serving_memory(
    params: float,
    precision: Precision,
    context_length: int,
    batch_size: int,
    shape: ModelShape | None,
    kv_bytes: float,
    serving: ServingSetup,
) -> Figure:
    if serving.attention is None:
        return inference_memory_gb(params, precision, context_length, batch_size, shape, kv_bytes)
    weights = weights_gb(params, precision)
    cache = kv_cache_per_sequence_gb(serving.attention, context_length)
    return Figure(
        "Inference memory",
        weights.value + batch_size * cache.value,
        "GB",
        "weights + batch × KV cache per sequence",
        (
            Input("weights", weights.value, "GB"),
            Input("batch", batch_size, "sequences"),
            Input("KV cache per sequence", cache.value, "GB", cache.formula),
        ),
        note="architecture as given; runtime workspace and activations excluded",
    )


@dataclass(frozen=True, slots=True)
class _Replica:
    """One model replica: its size, memory, batch and context."""

    params: float
    precision: Precision
    memory: Figure
    batch: int
    context: int


def replica_decode(
    params: float,
    precision: Precision,
    memory_gb: float,
    batch: int,
    accelerator: Accelerator,
    peak_tflops: float,
    mfu: float,
    bandwidth_efficiency: float = BANDWIDTH_EFFICIENCY_DEFAULT,
) -> tuple[DecodeRate, Chip]:
    """The decode rates of one replica (weights + KV cache = ``memory_gb``) spread over as
    many ``accelerator`` as hold it, by tensor parallelism; and the chip it ran on."""
    weights = weights_gb(params, precision).value
    chip = Chip(accelerator.display_name, peak_tflops, accelerator.memory_bandwidth_gbps)
    decode = decode_rate(
        params,
        weights,
        max(0.0, memory_gb - weights) / max(1, batch),
        chip,
        batch=max(1, batch),
        tensor_parallel=int(min_accelerators(memory_gb, accelerator.memory_gb).value),
        mfu=mfu,
        bandwidth_efficiency=bandwidth_efficiency,
    )
    return decode, chip


def _serving_rate(
    replica: _Replica,
    accelerator: Accelerator,
    peak_tflops: float,
    mfu: Figure,
    serving: ServingSetup,
    output_share: float,
) -> tuple[Figure, Figure, Figure, LatencyCheck]:
    """Decode rate per accelerator, prefill and decode times, and the latency verdict.

    The time to first token reads a typical prompt: the one given, else the context's
    prompt share under the token mix. The time per output token reads the whole
    context's KV cache, as the last token of a full context does.
    """
    decode, chip = replica_decode(
        replica.params,
        replica.precision,
        replica.memory.value,
        replica.batch,
        accelerator,
        peak_tflops,
        mfu.value,
        serving.bandwidth_efficiency,
    )
    prompt = (
        serving.prompt_tokens
        if serving.prompt_tokens is not None
        else prompt_tokens_of(replica.context, output_share)
    )
    prefill = prefill_time(
        replica.params, prompt, chip, tensor_parallel=decode.tensor_parallel, mfu=mfu.value
    )
    latency = latency_check(prefill, decode, serving.latency_ms)
    rate = Figure(
        "Token rate",
        decode.per_accelerator_tokens_per_s.value,
        "tokens/s",
        "decode rate per accelerator: replica rate ÷ accelerators it is spread over",
        decode.per_accelerator_tokens_per_s.inputs + decode.step_s.inputs,
        flags=(UNMEASURED,),
        note=f"decode step: {decode.step_s.note}",
    )
    return rate, prefill, decode.step_s, latency


def workload_attention(workload: Workload) -> Attention | None:
    """The workload's model architecture for its KV cache, when it states all of it."""
    if workload.layers is None or workload.kv_heads is None or workload.head_dim is None:
        return None
    return Attention(workload.layers, workload.kv_heads, workload.head_dim, workload.kv_bytes)


def workload_serving_memory(workload: Workload) -> Figure:
    """Memory to serve the workload's model: weights plus its batch's KV cache (GB).

    From the model's architecture when the workload states it (grouped-query attention
    makes the cache many times smaller), else assumed from the parameter count.
    """
    return _serving_memory(
        workload.params,
        workload.precision,
        workload.context_length,
        max(1, workload.batch_size),
        None,
        workload.kv_bytes,
        ServingSetup(attention=workload_attention(workload)),
    )


def size_workload(
    workload: Workload,
    accelerator: Accelerator,
    *,
    measured_mfu: float | None = None,
    measured_tokens_per_second: float | None = None,
    gpus: int | None = None,
    output_share: float = OUTPUT_SHARE_DEFAULT,
) -> Sizing:
    """Size a workload profile on ``accelerator`` (training and experimentation as training).

    A training workload without training tokens, or an inference workload without
    tokens per day, still gets its memory and minimum accelerators; the missing
    figure is reported as a problem. ``output_share`` is the token mix of serving
    (the share of the tokens generated).
    """
    source = f"workload:{workload.name}"
    if workload.purpose is Purpose.INFERENCE:
        if workload.tokens_per_day is None:
            return _memory_only(workload, accelerator, source, "tokens per day")
        return size_inference(
            workload.params,
            workload.tokens_per_day,
            accelerator,
            assumed_mfu=workload.mfu_at_precision,
            measured_mfu=measured_mfu,
            measured_tokens_per_second=measured_tokens_per_second,
            precision=workload.precision,
            context_length=workload.context_length,
            batch_size=workload.batch_size,
            hours_per_day=workload.hours_per_day or 24.0,
            source=source,
            serving=ServingSetup(
                attention=workload_attention(workload), latency_ms=workload.latency_ms
            ),
            output_share=output_share,
        )
    if workload.training_tokens is None:
        return _memory_only(workload, accelerator, source, "training tokens")
    sizing = size_training(
        workload.params,
        workload.training_tokens,
        accelerator,
        assumed_mfu=workload.mfu_at_precision,
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
        memory = workload_serving_memory(workload)
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
