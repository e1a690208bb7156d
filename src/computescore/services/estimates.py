"""Sizing one job or one serving load on a catalogue accelerator, outside any evaluation.

What ``computescore estimate`` and the compliance commands use to find an accelerator
by its id or a vendor's spelling and size a training run or an inference load on it.
"""

from __future__ import annotations

from computescore.domain.catalog import Accelerator, Catalogue, Precision
from computescore.domain.sizing import Sizing, size_inference, size_training
from computescore.domain.sizing.serving import OUTPUT_SHARE_DEFAULT
from computescore.domain.sizing.sizings import ServingSetup
from computescore.domain.workload import Workload
from computescore.errors import NotFound, UsageError


def find_accelerator(catalogue: Catalogue, text: str) -> Accelerator:
    """The catalogue accelerator named by an id or a vendor spelling.

    Raises:
        NotFound: nothing matches; the message suggests the closest ids.
    """
    accelerator = catalogue.get(text.strip().lower())
    if accelerator is None:
        match = catalogue.resolve(text)
        accelerator = catalogue.get(match.accelerator_id) if match else None
    if accelerator is None:
        close = catalogue.closest(text)
        hint = f" Closest: {', '.join(close)}." if close else ""
        raise NotFound(f"No accelerator {text!r} in the catalogue.{hint}")
    return accelerator


def _precision(text: str | None) -> Precision:
    try:
        return Precision((text or "bf16").strip().lower())
    except ValueError:
        known = ", ".join(p.value for p in Precision)
        raise UsageError(f"Unknown precision {text!r}; use one of {known}.") from None


def estimate_training(
    catalogue: Catalogue,
    *,
    params: float,
    tokens: float,
    accelerator: str,
    mfu: float,
    precision: str | None = None,
    gpus: int | None = None,
    usd_per_gpu_hour: float | None = None,
) -> Sizing:
    """Size a training job on a catalogue accelerator (see :func:`size_training`).

    Raises:
        NotFound: unknown accelerator.
        UsageError: unknown precision.
    """
    return size_training(
        params,
        tokens,
        find_accelerator(catalogue, accelerator),
        assumed_mfu=mfu,
        precision=_precision(precision),
        gpus=gpus,
        usd_per_gpu_hour=usd_per_gpu_hour,
        source="command line",
    )


def estimate_inference(
    catalogue: Catalogue,
    *,
    params: float,
    tokens_per_day: float,
    accelerator: str,
    mfu: float,
    precision: str | None = None,
    context_length: int = 4096,
    batch_size: int = 1,
    hours_per_day: float = 24.0,
    tokens_per_second: float | None = None,
    usd_per_gpu_hour: float | None = None,
    serving: ServingSetup | None = None,
    output_share: float = OUTPUT_SHARE_DEFAULT,
) -> Sizing:
    """Size serving a model on a catalogue accelerator (see :func:`size_inference`);
    ``output_share`` of the tokens are generated, the rest are prompt tokens.

    Raises:
        NotFound: unknown accelerator.
        UsageError: unknown precision.
    """
    return size_inference(
        params,
        tokens_per_day,
        find_accelerator(catalogue, accelerator),
        assumed_mfu=mfu,
        measured_tokens_per_second=tokens_per_second,
        precision=_precision(precision),
        context_length=context_length,
        batch_size=batch_size,
        hours_per_day=hours_per_day,
        usd_per_gpu_hour=usd_per_gpu_hour,
        source="command line",
        serving=serving,
        output_share=output_share,
    )


REFERENCE_ACCELERATOR = "nvidia-h100-sxm"
"""The accelerator a workload is sized on for its page (quotes are sized on their own)."""


def workload_brief(
    workload: Workload, catalogue: Catalogue, output_share: float = OUTPUT_SHARE_DEFAULT
) -> str:
    """What the workload needs on the reference accelerator, in two sentences.

    Serving: memory (weights + KV cache), accelerators per replica, the decode rate per
    accelerator, the accelerators for the load over the token mix (``output_share`` of
    the tokens generated) and the latency against the target. Training: memory to train
    fully, the smallest parallel layout on nodes of 8, and GPU-hours.
    """
    from computescore.domain.figures import format_number
    from computescore.domain.sizing import size_workload
    from computescore.domain.sizing.parallel import FineTune, fine_tune_memory_gb, parallel_layout
    from computescore.domain.sizing.sizings import workload_attention
    from computescore.domain.workload import Purpose

    accelerator = catalogue.accelerators.get(REFERENCE_ACCELERATOR)
    if accelerator is None:
        return ""
    sizing = size_workload(workload, accelerator, output_share=output_share)
    name = accelerator.display_name
    if workload.purpose is Purpose.INFERENCE:
        parts = []
        if sizing.memory_gb is not None and sizing.min_accelerators is not None:
            parts.append(
                f"On {name}: {format_number(sizing.memory_gb.value)} GB of weights and KV cache, "
                f"{format_number(sizing.min_accelerators.value)} per replica"
            )
        if sizing.tokens_per_second is not None:
            parts.append(
                f"decode ≈ {format_number(sizing.tokens_per_second.value)} tokens/s per "
                f"accelerator at {workload.batch_size} concurrent sequences, "
                f"{sizing.tokens_per_second.note}"
            )
        if sizing.accelerators_for_load is not None:
            share = min(1.0, max(0.0, output_share))
            mix = (
                "every token counted as generated"
                if share >= 1.0
                else f"{format_number(share * 100)} % of its tokens generated, the prompt tokens "
                "read at peak × MFU"
            )
            parts.append(
                f"{format_number(sizing.accelerators_for_load.value)} accelerators for the load "
                f"({mix})"
            )
        text = "; ".join(parts) + "."
        if sizing.latency:
            text += " Latency: " + sizing.latency + "."
        text += (
            " The KV cache is sized from the model's shape."
            if workload_attention(workload) is not None
            else " The KV cache assumes full multi-head attention: give layers, KV heads and "
            "head dimension for grouped-query attention."
        )
        return text
    memory = fine_tune_memory_gb(workload.params, FineTune.FULL)
    layout = parallel_layout(memory.value, accelerator.memory_gb, 8, workload.accelerators)
    text = (
        f"On {name}: {format_number(memory.value)} GB to train fully (16 B per parameter, "
        f"activations aside); {layout.sentence}; needs {layout.interconnect}."
    )
    if sizing.gpu_hours is not None:
        text += (
            f" {format_number(sizing.gpu_hours.value)} GPU-hours at an MFU of "
            f"{workload.mfu_at_precision:.0%}"
            + (f" ({workload.mfu_note})" if workload.mfu_note else "")
            + "."
        )
    days, cadence = sizing.wall_clock_days, workload.job_every_days
    if days is not None and cadence is not None:
        verdict = "within" if days.value <= cadence else "longer than"
        text += (
            f" One run takes {format_number(days.value)} days on {workload.accelerators}, "
            f"{verdict} its {format_number(cadence)}-day cadence."
        )
    return text
