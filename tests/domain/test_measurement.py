"""What a measurement's method text says about the model and task it was taken on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from computescore.domain.measurement import (
    accelerator_fit,
    named_accelerators,
    named_params,
    named_purpose,
    tokens_fit,
    usable_mfu,
    usable_tokens_per_second,
)
from computescore.domain.quotes import Deployment, MeasuredPerformance, PriceUnit
from computescore.domain.tco import compute_tco
from computescore.domain.workload import Purpose
from tests.domain.engine_records import (
    CATALOGUE,
    DECISION_DATE,
    H100,
    MI300X,
    compute_line,
    quote,
    workload,
)


@pytest.mark.parametrize(
    ("method", "params", "purpose"),
    [
        ("13B chat serving, FP8, vLLM", 13e9, Purpose.INFERENCE),
        ("Llama 3 70B pre-training, 64 × H100 SXM, BF16", 70e9, Purpose.TRAINING),
        ("Llama-3.1-8B, 4k context", 8e9, None),
        ("Mistral 7.3 B fine-tuning with LoRA", 7.3e9, Purpose.TRAINING),
        ("350M proof of concept", 3.5e8, None),
        ("proof of concept on the buyer's model, FP8, H100", None, None),
        ("8B and 70B served side by side", None, Purpose.INFERENCE),
    ],
)
def test_the_method_names_the_model_and_the_task(
    method: str, params: float | None, purpose: Purpose | None
) -> None:
    assert named_params(method) == (pytest.approx(params) if params else None)
    assert named_purpose(method) is purpose


def test_what_carries_over_to_a_13b_serving_workload() -> None:
    serving = replace(workload(purpose=Purpose.INFERENCE, params=13e9), training_tokens=None)
    assert tokens_fit("13B serving", serving).scale == 1.0
    assert tokens_fit("12.5B serving", serving).scale == 1.0  # within 10 %: the same model
    half = tokens_fit("8B serving", serving)
    assert half.usable and half.scale == pytest.approx(8 / 13)
    assert not tokens_fit("70B serving", serving).usable
    assert not tokens_fit("13B fine-tuning", serving).usable
    assert usable_mfu(0.4, "70B pre-training", serving) is None
    assert usable_mfu(0.4, "70B serving", serving) == 0.4  # an MFU carries across sizes
    # The rate the load is sized with: 1,850 tokens/s on an 8 B model is 1,138.5 on 13 B.
    assert usable_tokens_per_second(1_850.0, "8B serving", serving) == pytest.approx(1_138.46, 1e-4)
    assert usable_tokens_per_second(1_850.0, "13B serving", serving) == 1_850.0
    assert usable_tokens_per_second(1_850.0, "70B serving", serving) is None
    assert usable_tokens_per_second(None, "8B serving", serving) is None
    training = workload(purpose=Purpose.TRAINING)
    assert usable_mfu(0.4, "chat serving, vLLM", training) is None
    assert usable_mfu(0.4, "", training) == 0.4


@pytest.mark.parametrize(
    ("method", "named"),
    [
        ("13B serving on 8 × H100 SXM, vLLM", ("nvidia-h100-sxm",)),
        ("Llama 3 8B on MI300X, FP8", ("amd-mi300x",)),
        ("LoRA on an RTX 4090 (spot)", ("nvidia-rtx-4090",)),
        ("proof of concept on the buyer's model", ()),
        ("H100 against L40S, side by side", ("nvidia-h100-sxm", "nvidia-l40s")),
    ],
)
def test_the_method_names_the_accelerator(method: str, named: tuple[str, ...]) -> None:
    assert named_accelerators(method, CATALOGUE.values()) == named


def test_a_measurement_on_one_accelerator_does_not_price_another() -> None:
    known = CATALOGUE.values()
    on_h100 = accelerator_fit("13B serving on H100 SXM", H100, known)
    assert on_h100.usable
    on_mi300x = accelerator_fit("13B serving on H100 SXM", MI300X, known)
    assert not on_mi300x.usable
    assert "taken on NVIDIA H100 SXM" in on_mi300x.note
    assert "not on AMD Instinct MI300X" in on_mi300x.note
    assert accelerator_fit("13B serving", MI300X, known).usable  # names no chip


def test_the_tco_treats_the_other_accelerators_option_as_unmeasured() -> None:
    serving = replace(
        workload(purpose=Purpose.INFERENCE, params=13e9),
        training_tokens=None,
        tokens_per_day=1e9,
    )
    both = quote(
        "Cloud",
        compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND),
        compute_line(
            "2.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, accelerator="amd-mi300x"
        ),
        performance=MeasuredPerformance(tokens_per_second=900.0, method="13B serving, H100"),
    )
    tco = compute_tco(both, serving, CATALOGUE, (), DECISION_DATE)
    h100, mi300x = tco.options
    # 900 tokens/s × 2 FLOP × 13e9 parameters = 23.4 TFLOP/s per accelerator generating;
    # the prompt tokens (three in four) are read at 989 × 0.4 = 395.6 TFLOP/s, so it serves
    # 1 ÷ (0.25 ÷ 23.4 + 0.75 ÷ 395.6) = 79.494 TFLOP/s per accelerator, × 8.
    assert h100.useful_pflops_total == pytest.approx(79.494 * 8 / 1000, rel=1e-4)
    assert mi300x.useful_pflops_total != pytest.approx(h100.useful_pflops_total)
    warned = [p.message for p in tco.problems if "treated as unmeasured" in p.message]
    assert len(warned) == 1 and "AMD Instinct MI300X" in warned[0]
