"""Whether a vendor's measurement belongs to this workload, and how far it may be carried.

A measured tokens/s or MFU belongs to the model, task and precision it was measured
on. The method text says so ("13B chat serving, FP8, vLLM"; "Llama 3 70B pre-training,
64 × H100"). The rules, stated in every figure that uses them:

* **Task.** A measurement named as training (pre-training, fine-tuning) is not used
  for serving, and one named as serving (inference, chat, vLLM …) is not used for
  training: the two load an accelerator differently.
* **Model size.** Tokens/s named for a model within 10 % of the workload's size is used
  as measured; within 2× it is scaled per parameter (tokens/s × measured size ÷
  workload size, since the FLOP and the bytes per token scale with the parameters);
  further apart it is not used. An MFU is a share of the peak and carries across sizes.
* A method that names neither task nor size is taken as measured on this workload (the
  quote's measurement is, by definition, the buyer's proof of concept).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from computescore.domain.figures import format_number
from computescore.domain.workload import Purpose, Workload

AS_MEASURED_RATIO = 1.1
"""Model sizes this close count as the same model."""

SCALED_RATIO = 2.0
"""Model sizes further apart than this are not carried over at all."""

_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?([bm])\b", re.IGNORECASE)
_TRAINING = re.compile(r"pre-?train|training|fine-?tun|\bsft\b|\blora\b", re.IGNORECASE)
_SERVING = re.compile(
    r"serv(?:e|ing)|inference|\bchat\b|decode|vllm|tensorrt|\btgi\b|tokens?/s", re.IGNORECASE
)


def named_params(method: str) -> float | None:
    """The model size a method names ("13B" → 1.3e10), None when it names none or several."""
    sizes = {
        float(number) * (1e9 if unit.lower() == "b" else 1e6)
        for number, unit in _SIZE.findall(method)
    }
    return sizes.pop() if len(sizes) == 1 else None


def named_purpose(method: str) -> Purpose | None:
    """Training or serving, when the method says which (and not both)."""
    training, serving = bool(_TRAINING.search(method)), bool(_SERVING.search(method))
    if training == serving:
        return None
    return Purpose.TRAINING if training else Purpose.INFERENCE


@dataclass(frozen=True, slots=True)
class MeasurementFit:
    """Whether a measurement may be used for a workload, scaled by how much, and why."""

    usable: bool
    scale: float = 1.0
    note: str = ""


def _task_of(purpose: Purpose) -> Purpose:
    return Purpose.INFERENCE if purpose is Purpose.INFERENCE else Purpose.TRAINING


def mfu_fit(method: str, workload: Workload) -> MeasurementFit:
    """Whether a measured MFU may stand for this workload (the task must match)."""
    named = named_purpose(method)
    if named is not None and named is not _task_of(workload.purpose):
        return MeasurementFit(
            False,
            note=f"the measured MFU was taken on {_words(named)} ({method.strip()}), not "
            f"{_words(_task_of(workload.purpose))}; the workload's assumed MFU is used",
        )
    return MeasurementFit(True)


def tokens_fit(method: str, workload: Workload) -> MeasurementFit:
    """Whether a measured tokens/s may stand for this workload, and its per-parameter scale."""
    task = mfu_fit(method, workload)
    if not task.usable:
        return MeasurementFit(False, note=task.note.replace("MFU", "tokens/s"))
    size = named_params(method)
    if size is None or workload.params <= 0:
        return MeasurementFit(True)
    ratio = size / workload.params
    shown = f"{format_number(size / 1e9)} B"
    wanted = f"{format_number(workload.params / 1e9)} B"
    if 1 / AS_MEASURED_RATIO <= ratio <= AS_MEASURED_RATIO:
        return MeasurementFit(True)
    if 1 / SCALED_RATIO <= ratio <= SCALED_RATIO:
        return MeasurementFit(
            True,
            ratio,
            f"measured on a {shown} model, scaled per parameter to {wanted} "
            f"(× {round(ratio, 3):g})",
        )
    return MeasurementFit(
        False,
        note=f"the measured tokens/s is for a {shown} model, more than "
        f"{format_number(SCALED_RATIO)}× from this workload's {wanted}; it is not carried over",
    )


def _words(purpose: Purpose) -> str:
    return "serving" if purpose is Purpose.INFERENCE else "training"


def usable_mfu(mfu: float | None, method: str, workload: Workload) -> float | None:
    """The measured MFU when it may stand for this workload (:func:`mfu_fit`), else None."""
    if mfu is None or not mfu_fit(method, workload).usable:
        return None
    return mfu
