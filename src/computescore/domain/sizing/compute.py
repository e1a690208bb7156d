"""Compute needed: training and inference FLOP, MFU used, GPU-hours and days."""

from __future__ import annotations

import re

from computescore.domain.catalog import Precision
from computescore.domain.figures import ASSUMED, UNMEASURED, Figure, Input
from computescore.domain.units import SECONDS_PER_HOUR, TERA

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


def mfu_used(measured: float | None, assumed: float, note: str = "") -> Figure:
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
        note=note,
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
