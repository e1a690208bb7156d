"""The decision-engine commands: estimate, tco and score — JSON keys, figures, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from computescore.cli import main
from tests.services.engine_workspace import EVALUATION, build_workspace

HELIOS = "Helios Cloud/HC-1/r1"
TINY = "Tiny GPU/T-1/r1"


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def workspace(db_path: Path) -> Path:
    return build_workspace(db_path)


def test_estimate_training_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        "estimate",
        "training",
        "--params",
        "7e9",
        "--tokens",
        "1e12",
        "--accelerator",
        "nvidia-h100-sxm",
        "--mfu",
        "0.4",
        "--gpus",
        "64",
        "--usd-per-gpu-hour",
        "2.5",
    )
    # 6 × 7e9 × 1e12 = 4.2e22 FLOP; / (989.4e12 × 0.4 × 3600) = 29,479.15 GPU-h;
    # / (64 × 24) = 19.19 days; × US$2.50 = US$73,697.86; 112 GB → 2 × 80 GB.
    assert out["flops"] == pytest.approx(4.2e22)
    assert out["gpu_hours"] == pytest.approx(29_479.15, abs=0.01)
    assert out["memory_gb"] == pytest.approx(112.0)
    assert out["min_accelerators"] == 2
    assert out["wall_clock_days"] == pytest.approx(19.1922, abs=1e-4)
    assert out["cost_usd"] == pytest.approx(73_697.86, abs=0.01)
    assert out["precision"] == "bf16" and "unmeasured" in out["flags"]
    assert "peak = 989.4 TFLOP/s" in out["explanations"]["gpu_hours"]


def test_estimate_training_keys_depend_on_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        "estimate",
        "training",
        "--params",
        "13e9",
        "--tokens",
        "2e11",
        "--accelerator",
        "H100",
    )
    assert "wall_clock_days" not in out and "cost_usd" not in out
    # 13e9 × 16 B = 208 GB → 3 × 80 GB.
    assert out["memory_gb"] == pytest.approx(208.0) and out["min_accelerators"] == 3
    assert (
        main(
            [
                "estimate",
                "training",
                "--params",
                "13e9",
                "--tokens",
                "2e11",
                "--accelerator",
                "H100",
            ]
        )
        == 0
    )
    table = capsys.readouterr().out
    assert "GPU-hours" in table and "FLOPs / (peak × MFU × 3600)" in table


def test_estimate_inference_json(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        "estimate",
        "inference",
        "--params",
        "7e9",
        "--tokens-per-day",
        "3.6e9",
        "--accelerator",
        "nvidia-h100-sxm",
        "--tokens-per-second",
        "2500",
        "--usd-per-gpu-hour",
        "2",
    )
    # 3.6e9 / (2,500 × 3,600) = 400 GPU-h per day → 17 accelerators around the clock; US$800/day.
    assert out["gpu_hours_per_day"] == pytest.approx(400.0)
    assert out["accelerators_needed"] == 17
    assert out["cost_usd_per_day"] == pytest.approx(800.0)
    assert out["flops_per_day"] == pytest.approx(2 * 7e9 * 3.6e9)
    assert out["memory_gb"] > 14.0 and out["min_accelerators"] == 1
    assert set(out) >= {"tokens_per_second", "explanations", "problems", "flags"}


def test_bad_estimate_inputs_exit_with_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "estimate",
            "training",
            "--params",
            "-1",
            "--tokens",
            "1e12",
            "--accelerator",
            "nvidia-h100-sxm",
        ]
    )
    assert code == 2
    assert "params must be a positive number" in capsys.readouterr().err
    code = main(
        [
            "estimate",
            "training",
            "--params",
            "7e9",
            "--tokens",
            "1e12",
            "--accelerator",
            "nvidia-h1OO-sxm",
        ]
    )
    assert code == 3
    assert "Closest: nvidia-h100-sxm" in capsys.readouterr().err


def test_tco_lists_every_quote_and_line(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run_json(capsys, "tco", "--db", str(workspace), "--evaluation", EVALUATION)
    assert out["evaluation"] == EVALUATION and out["workload"] == "7B fine-tune"
    quotes = {q["quote"]: q for q in out["quotes"]}
    assert out["quotes"][0]["quote"] == TINY  # cheapest first
    helios = quotes[HELIOS]
    assert helios["total_usd"] == pytest.approx(140_160.0)
    assert helios["lines"][0]["category"] == "rented_compute"
    assert "committed" in helios["lines"][0]["formula"]
    euro = quotes["Euro Compute/EC-22/r1"]
    assert euro["total_usd"] == pytest.approx(308_352.0)
    assert euro["fx_used"][0]["usd_per_unit"] == pytest.approx(1.10)
    kessler = quotes["Kessler Systemhaus/KS-7/r1"]
    assert sum(line["amount_usd"] for line in kessler["lines"]) == pytest.approx(
        kessler["total_usd"], abs=0.05
    )
    assert {line["category"] for line in kessler["lines"]} >= {
        "hardware",
        "residual_value",
        "energy",
        "operations",
        "installation",
    }
    assert main(["tco", "--db", str(workspace)]) == 0
    table = capsys.readouterr().out
    assert "Helios Cloud — HC-1: 140,160.00 USD over 12 months" in table


def test_score_json_has_ranks_knockouts_margin_and_flips(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run_json(capsys, "score", "--db", str(workspace), "--samples", "300", "--seed", "4")
    assert out["winner"] == HELIOS
    assert out["weights_source"] == "preset variable"
    assert out["compliance_checked"] is True
    ranks = {q["quote"]: q["rank"] for q in out["quotes"]}
    assert ranks[HELIOS] == 1 and ranks[TINY] is None
    tiny = next(q for q in out["quotes"] if q["quote"] == TINY)
    assert tiny["disqualified"] and tiny["knockouts"][0]["rule_id"] == "fit.capacity"
    helios = next(q for q in out["quotes"] if q["quote"] == HELIOS)
    assert set(helios["axes"]) == {"performance", "reliability", "cost", "service", "compliance"}
    assert helios["axes"]["cost"]["explanation"].startswith("cost 100: $")
    assert out["margin_points"] > 0
    assert len(out["flip_weights"]) == 5
    assert out["monte_carlo"]["samples"] == 300 and out["monte_carlo"]["seed"] == 4
    assert out["buy_vs_rent"]["break_even_hours_per_day"] == pytest.approx(8.9116, abs=1e-4)


def test_score_with_weights_and_the_readable_table(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = run_json(
        capsys,
        "score",
        "--db",
        str(workspace),
        "--weights",
        "cost=3,service=1",
        "--samples",
        "0",
        "--no-compliance",
    )
    assert out["weights"]["cost"] == pytest.approx(0.75)
    assert out["monte_carlo"] is None and out["compliance_checked"] is False
    assert main(["score", "--db", str(workspace), "--samples", "0"]) == 0
    table = capsys.readouterr().out
    assert "Rank" in table and "Winner's margin" in table and "DISQUALIFIED" in table
    assert main(["score", "--db", str(workspace), "--weights", "cost"]) == 2
    assert "is not AXIS=NUMBER" in capsys.readouterr().err


def test_the_real_entry_point_runs_estimate() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "computescore",
            "estimate",
            "training",
            "--params",
            "7e9",
            "--tokens",
            "1e12",
            "--accelerator",
            "nvidia-h100-sxm",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ},
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["gpu_hours"] == pytest.approx(29_479.15, abs=0.01)
