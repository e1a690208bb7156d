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
* **Accelerator.** A method that names an accelerator the catalogue knows ("on H100
  SXM") belongs to that accelerator: the quote's options on other accelerators are
  treated as unmeasured (a chip's measurement says nothing about another chip's).
* A method that names neither task nor size is taken as measured on this workload (the
  quote's measurement is, by definition, the buyer's proof of concept).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise

from computescore.domain.catalog import Accelerator, alias_key
from computescore.domain.figures import format_number
from computescore.domain.quotes import MeasuredPerformance, Quote
from computescore.domain.workload import Purpose, Workload

AS_MEASURED_RATIO = 1.1
"""Model sizes this close count as the same model."""

SCALED_RATIO = 2.0
"""Model sizes further apart than this are not carried over at all."""

_BRACKETS = re.compile(r"\([^)]*\)")
_MEMORY_SIZE = re.compile(r"\d+[gt]b")
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


def usable_tokens_per_second(
    tokens_per_second: float | None, method: str, workload: Workload
) -> float | None:
    """A measured tokens/s as it stands for this workload: scaled per parameter when it was
    measured on another size of model, None when it may not stand for it at all.

    1,850 tokens/s measured on an 8 B model stands for 1,850 × 8 ÷ 13 = 1,138.5 tokens/s on
    a 13 B one (:func:`tokens_fit`).
    """
    if tokens_per_second is None:
        return None
    fit = tokens_fit(method, workload)
    return tokens_per_second * fit.scale if fit.usable else None


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


def _model_words(accelerator: Accelerator) -> tuple[frozenset[str], str]:
    """The words of an accelerator's name, and its model token ("h100", "910b", "gaudi 3")."""
    words = [
        word
        for word in alias_key(_BRACKETS.sub(" ", accelerator.model)).split()
        if not _MEMORY_SIZE.fullmatch(word)
    ]
    token = next(
        (w for w in words if any(c.isdigit() for c in w) and any(c.isalpha() for c in w)), ""
    )
    if not token:
        for before, word in pairwise(words):
            if word.isdigit():
                token = f"{before} {word}"
                break
    return frozenset(words), token


def named_accelerators(method: str, accelerators: Iterable[Accelerator]) -> tuple[str, ...]:
    """The ids of ``accelerators`` that a measurement's method names, in the order given.

    An accelerator is named when its model token appears in the method ("measured on
    8 × H100"); where the method spells out every word of one variant's model ("H100
    SXM"), that variant is named and not the model's others.
    """
    key = f" {alias_key(method)} "
    words = set(key.split())
    chips = list({chip.id: chip for chip in accelerators}.values())
    hits = {
        chip.id: (model <= words, token)
        for chip in chips
        for model, token in (_model_words(chip),)
        if token and f" {token} " in key
    }
    spelled = {token for whole, token in hits.values() if whole}
    return tuple(
        chip.id
        for chip in chips
        if chip.id in hits and (hits[chip.id][0] or hits[chip.id][1] not in spelled)
    )


def accelerator_fit(
    method: str, option: Accelerator | None, known: Iterable[Accelerator]
) -> MeasurementFit:
    """Whether a quote's measurement may stand for its option on ``option``.

    ``known`` are the accelerators the method may name (the catalogue). A method that
    names some of them but not the option's does not stand for the option; one that
    names none is taken as measured on it.
    """
    if option is None:
        return MeasurementFit(True)
    chips = {chip.id: chip for chip in known}
    chips.setdefault(option.id, option)
    named = named_accelerators(method, chips.values())
    if not named or option.id in named:
        return MeasurementFit(True)
    others = " and ".join(chips[item].display_name for item in named)
    return MeasurementFit(
        False,
        note=f"the measurement was taken on {others} ({method.strip()}), not on "
        f"{option.display_name}; this option is treated as unmeasured",
    )


def option_performance(
    quote: Quote, accelerator_id: str, accelerators: Mapping[str, Accelerator]
) -> tuple[MeasuredPerformance, str]:
    """The measurement that stands for the quote's option on ``accelerator_id``.

    The quote's own, unless its method names another accelerator of ``accelerators``
    (:func:`accelerator_fit`): then none, and the sentence saying why.
    """
    performance = quote.performance
    if performance.mfu is None and performance.tokens_per_second is None:
        return performance, ""
    fit = accelerator_fit(
        performance.method, accelerators.get(accelerator_id), accelerators.values()
    )
    return (performance, "") if fit.usable else (MeasuredPerformance(), fit.note)
