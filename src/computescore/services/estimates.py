"""Sizing one job or one serving load on a catalogue accelerator, outside any evaluation.

What ``computescore estimate`` and the compliance commands use to find an accelerator
by its id or a vendor's spelling and size a training run or an inference load on it.
"""

from __future__ import annotations

from computescore.domain.catalog import Accelerator, Catalogue, Precision
from computescore.domain.sizing import Sizing, size_inference, size_training
from computescore.domain.sizing.sizings import ServingSetup
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
) -> Sizing:
    """Size serving a model on a catalogue accelerator (see :func:`size_inference`).

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
    )
