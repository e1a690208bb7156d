"""The evaluation's token mix reaches every serving figure: the TCO, the scales, the load."""

from __future__ import annotations

from pathlib import Path

import pytest

from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.assumption_edits import set_assumptions
from computescore.services.demo import create_demo
from computescore.services.evaluate import EvaluateOptions
from computescore.store.repository import Store

FAST = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))
STRATUS = "Stratus Cloud, Inc. — SC-2026-1147"


def _stratus_rate_and_origin(store: Store) -> tuple[float, str]:
    result = analyse(store, None, FAST).result
    tco = next(q.tco for q in result.quotes if q.tco.quote_label == STRATUS)
    assert tco.useful_rate is not None
    return tco.useful_rate.value, result.scorecard.rules.scales_origin


def test_the_evaluations_token_mix_sets_serving_throughput_and_anchors(tmp_path: Path) -> None:
    # Stratus's chosen option is its H200, quoted without a measurement: on the demo's
    # serving workload (13 B, FP8, batch 32, 8,192 tokens) it generates as its 4.8 TB/s
    # allow, 368.9 × 4.8 ÷ 3.35 = 528.6 tokens/s = 13.743 TFLOP/s, and reads prompts at
    # 1,979 × 0.15 = 296.85 TFLOP/s. With the demo's mix (a quarter generated) it serves
    # 1 ÷ (0.25 ÷ 13.743 + 0.75 ÷ 296.85) = 48.27 TFLOP/s; with every token generated, 13.743.
    with Store.open(tmp_path / "mix.db") as store:
        create_demo(store)
        mixed, origin = _stratus_rate_and_origin(store)
        assert mixed == pytest.approx(48.27, rel=1e-3)
        assert "25 % of the tokens generated" in origin
        set_assumptions(store, {"token_output_share": 1.0})
        generated, origin = _stratus_rate_and_origin(store)
        assert generated == pytest.approx(368.9 * 4.8 / 3.35 * 26e9 / 1e12, rel=1e-3)
        assert "100 % of the tokens generated" in origin
