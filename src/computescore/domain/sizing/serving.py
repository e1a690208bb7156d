"""Serving a model: prefill and decode rates, tensor parallelism and latency (DOMAIN §7).

Prefill (reading the prompt) is compute-bound; decode (one token per sequence per
step) is bound by memory bandwidth at small batches, because every step reads the
weights once and each sequence's KV cache: step time is the longer of the memory time
and the compute time. Tensor parallelism over N accelerators splits the weights and
the bandwidth N ways, so one replica runs up to N times faster but the rate **per
accelerator** does not rise: it is the replica's rate ÷ N, never the single-chip rate
× N.

The figures are for one model replica at a stated batch and context; the buyer's
measured tokens/s always beats them (see :mod:`computescore.domain.tco.throughput`).
"""

from __future__ import annotations

from dataclasses import dataclass

from computescore.domain.figures import ASSUMED, Figure, Input, format_number
from computescore.domain.sizing.compute import INFERENCE_FLOP_PER_PARAM_TOKEN
from computescore.domain.units import BYTES_PER_GB, TERA

BANDWIDTH_EFFICIENCY_DEFAULT = 0.8
"""Share of the datasheet memory bandwidth a serving engine reaches (assumed, stated)."""

OUTPUT_SHARE_DEFAULT = 0.25
"""Share of a serving workload's tokens that are generated: a chat mix of three prompt
tokens to one answer token (the ``token_output_share`` assumption's default)."""


@dataclass(frozen=True, slots=True)
class Attention:
    """The architecture figures the KV cache depends on.

    Attributes:
        layers: transformer layers.
        kv_heads: key/value heads (= attention heads for multi-head attention; fewer
            with grouped-query attention, 1 with multi-query attention).
        head_dim: dimension of one head.
        kv_bytes: bytes per cached element (2 for bf16/fp16, 1 for an fp8/int8 cache).
    """

    layers: int
    kv_heads: int
    head_dim: int
    kv_bytes: float = 2.0


def kv_bytes_per_token(attention: Attention) -> float:
    """Bytes of KV cache one token of context takes: 2 × layers × KV heads × head dim × bytes."""
    a = attention
    return 2.0 * a.layers * a.kv_heads * a.head_dim * a.kv_bytes


def kv_cache_per_sequence_gb(attention: Attention, context_tokens: int) -> Figure:
    """KV cache of one sequence at ``context_tokens``, in decimal GB.

    Llama-3-70B (80 layers, 8 KV heads, head dim 128, 2-byte cache) at 131,072 tokens:
    2 × 80 × 8 × 128 × 2 × 131,072 = 42.9 GB.
    """
    a = attention
    value = kv_bytes_per_token(a) * context_tokens / BYTES_PER_GB
    return Figure(
        "KV cache per sequence",
        value,
        "GB",
        "2 × layers × KV heads × head dim × bytes per element × context / 1e9",
        (
            Input("layers", a.layers),
            Input("KV heads", a.kv_heads),
            Input("head dim", a.head_dim),
            Input("bytes per element", a.kv_bytes, "B"),
            Input("context", context_tokens, "tokens"),
        ),
    )


@dataclass(frozen=True, slots=True)
class Chip:
    """What the serving arithmetic needs of one accelerator."""

    name: str
    peak_tflops: float
    """Dense peak at the serving precision, TFLOP/s."""
    bandwidth_gbps: float
    """Memory bandwidth, GB/s."""


@dataclass(frozen=True, slots=True)
class DecodeRate:
    """One replica's decode step and token rates."""

    step_s: Figure
    replica_tokens_per_s: Figure
    per_accelerator_tokens_per_s: Figure
    bound: str
    """``memory bandwidth`` or ``compute``: what sets the step time."""
    tensor_parallel: int = 1
    """Accelerators the replica is spread over."""


def mixed_throughput(decode: float, prefill: float, output_share: float) -> float:
    """The rate one accelerator serves a workload's tokens at, over its mix of prompt and
    generated tokens.

    Each generated token takes a decode step (``decode``, memory-bound); each prompt token
    is read in the prefill (``prefill``, compute-bound: peak × MFU). Both in the same unit
    (tokens/s, or TFLOP/s at 2 × params per token). The time per token served is the
    mix's average of the two times, so the rate is their weighted harmonic mean:
    1 ÷ (output share ÷ decode + (1 − output share) ÷ prefill). 25 % generated at 369
    tokens/s and 75 % prompt at 30,446 tokens/s: 1 ÷ (0.25 ÷ 369 + 0.75 ÷ 30,446) =
    1,424.2 tokens/s. All generated (share 1), or no prefill rate known: the decode rate.
    A prompt is never read slower than tokens are generated (the prefill does at least
    the decode step's work per pass), so a prefill rate below ``decode`` counts as it.
    """
    share = min(1.0, max(0.0, output_share))
    if decode <= 0 or prefill <= 0 or share >= 1.0:
        return decode
    prefill = max(prefill, decode)
    return 1.0 / (share / decode + (1.0 - share) / prefill)


def prompt_tokens_of(context_length: int, output_share: float) -> int:
    """A typical prompt's tokens, when only the context and the token mix are known.

    A request fills its context with its prompt and then its output, in the mix's
    proportions: 8,192 tokens of context with 25 % of the tokens generated leave
    8,192 × 0.75 = 6,144 prompt tokens. At least one token; all of the context when
    nothing is generated (an embedding model).
    """
    share = min(1.0, max(0.0, output_share))
    return max(1, round(context_length * (1.0 - share)))


def serving_ceiling_tokens(kv_per_sequence_gb: float, params: float, chip: Chip) -> Figure:
    """The most tokens/s one accelerator can generate for a model at a context, at any batch.

    Each decode step reads every sequence's KV cache once, so however many sequences share
    the weights' read, one accelerator cannot generate more than bandwidth ÷ KV per
    sequence tokens/s; nor more than its peak ÷ (2 × params) (compute). At the full
    datasheet figures: no measurement at this context can beat it.
    """
    compute = chip.peak_tflops * TERA / (INFERENCE_FLOP_PER_PARAM_TOKEN * params)
    memory = chip.bandwidth_gbps / kv_per_sequence_gb if kv_per_sequence_gb > 0 else compute
    bound = "memory bandwidth" if memory <= compute else "compute"
    return Figure(
        "Most tokens/s at any batch",
        min(memory, compute),
        "tokens/s per accelerator",
        "min(bandwidth ÷ KV per sequence, peak ÷ (2 × params))",
        (
            Input("bandwidth", chip.bandwidth_gbps, "GB/s", chip.name),
            Input("KV per sequence", kv_per_sequence_gb, "GB"),
            Input("peak", chip.peak_tflops, "TFLOP/s", chip.name),
            Input("parameters", params),
        ),
        note=f"{bound} limits it",
    )


def decode_rate(
    params: float,
    weight_gb: float,
    kv_per_sequence_gb: float,
    chip: Chip,
    *,
    batch: int,
    tensor_parallel: int = 1,
    mfu: float = 0.4,
    bandwidth_efficiency: float = BANDWIDTH_EFFICIENCY_DEFAULT,
) -> DecodeRate:
    """Decode rates of one replica spread over ``tensor_parallel`` accelerators.

    step = max((weights + batch × KV per sequence) ÷ (N × bandwidth × efficiency),
    2 × params × batch ÷ (N × peak × MFU)); replica tokens/s = batch ÷ step;
    per accelerator = replica ÷ N.
    """
    n = max(1, tensor_parallel)
    read_gb = weight_gb + batch * kv_per_sequence_gb
    memory_s = read_gb / (n * chip.bandwidth_gbps * bandwidth_efficiency)
    compute_s = (
        INFERENCE_FLOP_PER_PARAM_TOKEN * params * batch / (n * chip.peak_tflops * TERA * mfu)
    )
    bound = "memory bandwidth" if memory_s >= compute_s else "compute"
    step = Figure(
        "Decode step",
        max(memory_s, compute_s),
        "s",
        "max((weights + batch × KV) ÷ (N × bandwidth × efficiency), "
        "2 × params × batch ÷ (N × peak × MFU))",
        (
            Input("weights", weight_gb, "GB"),
            Input("KV per sequence", kv_per_sequence_gb, "GB"),
            Input("batch", batch, "sequences"),
            Input("N (tensor parallel)", n, "accelerators"),
            Input("bandwidth", chip.bandwidth_gbps, "GB/s", chip.name),
            Input("bandwidth efficiency", bandwidth_efficiency, "", "assumed"),
            Input("peak", chip.peak_tflops, "TFLOP/s", chip.name),
            Input("MFU", mfu),
        ),
        flags=(ASSUMED,),
        note=f"{bound} limits it: {format_number(memory_s * 1000)} ms to read memory "
        f"against {format_number(compute_s * 1000)} ms of compute per step",
    )
    replica = Figure(
        "Decode rate per replica",
        batch / step.value,
        "tokens/s",
        "batch ÷ decode step",
        (Input("batch", batch, "sequences"), Input("decode step", step.value, "s")),
        flags=step.flags,
    )
    per_chip = Figure(
        "Decode rate per accelerator",
        replica.value / n,
        "tokens/s per accelerator",
        "replica rate ÷ N (tensor parallelism splits the work, it does not multiply it)",
        (Input("replica rate", replica.value, "tokens/s"), Input("N", n, "accelerators")),
        flags=step.flags,
    )
    return DecodeRate(step, replica, per_chip, bound, n)


def prefill_time(
    params: float,
    prompt_tokens: int,
    chip: Chip,
    *,
    tensor_parallel: int = 1,
    mfu: float = 0.4,
    layers: int | None = None,
    d_model: int | None = None,
) -> Figure:
    """Seconds to read a prompt: (2 × params × prompt + 2 × layers × prompt² × d_model)
    ÷ (N × peak × MFU); the attention term is left out when the shape is not given."""
    n = max(1, tensor_parallel)
    attention = (
        2.0 * layers * prompt_tokens**2 * d_model
        if layers is not None and d_model is not None
        else 0.0
    )
    flops = INFERENCE_FLOP_PER_PARAM_TOKEN * params * prompt_tokens + attention
    inputs = [
        Input("params", params, "parameters"),
        Input("prompt", prompt_tokens, "tokens"),
        Input("N (tensor parallel)", n, "accelerators"),
        Input("peak", chip.peak_tflops, "TFLOP/s", chip.name),
        Input("MFU", mfu),
    ]
    if attention:
        inputs += [Input("layers", layers or 0), Input("d_model", d_model or 0)]
    return Figure(
        "Prefill time",
        flops / (n * chip.peak_tflops * TERA * mfu),
        "s",
        "(2 × params × prompt + 2 × layers × prompt² × d_model) ÷ (N × peak × MFU)",
        tuple(inputs),
        flags=(ASSUMED,),
        note="" if attention else "attention term left out (model shape not given)",
    )


@dataclass(frozen=True, slots=True)
class LatencyCheck:
    """Time to first token and time per output token against the workload's target."""

    ttft_ms: float
    tpot_ms: float
    target_ms: float | None
    meets: bool | None
    sentence: str


def latency_check(prefill: Figure, decode: DecodeRate, target_ms: float | None) -> LatencyCheck:
    """Whether time to first token (≈ prefill) and time per output token (the decode step)
    meet ``target_ms``; a target states the slower of the two a user may wait."""
    ttft, tpot = prefill.value * 1000, decode.step_s.value * 1000
    shown = (
        f"time to first token {format_number(ttft)} ms, per output token {format_number(tpot)} ms"
    )
    if target_ms is None:
        return LatencyCheck(ttft, tpot, None, None, shown + " (no latency target set)")
    meets = ttft <= target_ms and tpot <= target_ms
    verdict = "meets" if meets else "misses"
    return LatencyCheck(
        ttft, tpot, target_ms, meets, f"{shown}: {verdict} the {format_number(target_ms)} ms target"
    )
