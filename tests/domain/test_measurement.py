"""What a measurement's method text says about the model and task it was taken on."""

from __future__ import annotations

from dataclasses import replace

import pytest

from computescore.domain.measurement import named_params, named_purpose, tokens_fit, usable_mfu
from computescore.domain.workload import Purpose
from tests.domain.engine_records import workload


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
    training = workload(purpose=Purpose.TRAINING)
    assert usable_mfu(0.4, "chat serving, vLLM", training) is None
    assert usable_mfu(0.4, "", training) == 0.4
