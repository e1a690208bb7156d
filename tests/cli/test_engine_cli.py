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
from tests.services.test_evaluate import COLO, add_colocation

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
    # A quarter of the tokens generated at 2,500 tokens/s; the prompt tokens read at
    # 989 TFLOP/s × 0.4 ÷ 14 GFLOP = 28,257.1 tokens/s: 1 ÷ (0.25 ÷ 2,500 + 0.75 ÷ 28,257.1)
    # = 7,902.5 tokens/s served. 3.6e9 / (7,902.5 × 3,600) = 126.54 GPU-h per day → 6
    # accelerators around the clock; US$253.08 a day.
    assert out["output_share"] == 0.25
    assert out["gpu_hours_per_day"] == pytest.approx(126.542, rel=1e-4)
    assert out["accelerators_needed"] == 6
    assert out["cost_usd_per_day"] == pytest.approx(253.084, rel=1e-4)
    assert out["flops_per_day"] == pytest.approx(2 * 7e9 * 3.6e9)
    assert out["memory_gb"] > 14.0 and out["min_accelerators"] == 1
    assert set(out) >= {"tokens_per_second", "explanations", "problems", "flags"}


def test_estimate_inference_with_every_token_generated(capsys: pytest.CaptureFixture[str]) -> None:
    args = "--params 7e9 --tokens-per-day 3.6e9 --accelerator nvidia-h100-sxm"
    out = run_json(
        capsys,
        "estimate",
        "inference",
        *args.split(),
        *["--tokens-per-second", "2500", "--usd-per-gpu-hour", "2", "--output-share", "1"],
    )
    # 3.6e9 / (2,500 × 3,600) = 400 GPU-h per day → 17 accelerators around the clock; US$800/day.
    assert out["gpu_hours_per_day"] == pytest.approx(400.0)
    assert out["accelerators_needed"] == 17
    assert out["cost_usd_per_day"] == pytest.approx(800.0)


def test_estimate_inference_refuses_a_share_outside_zero_to_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = "--params 7e9 --tokens-per-day 3.6e9 --accelerator nvidia-h100-sxm --output-share 1.5"
    assert main(["estimate", "inference", *args.split()]) != 0
    assert "--output-share is the share of the tokens that are generated" in capsys.readouterr().err


def test_estimate_inference_knows_grouped_query_attention_and_the_latency_target(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = "--params 70e9 --tokens-per-day 1e8 --accelerator nvidia-h200-sxm --precision fp8"
    shape = "--layers 80 --kv-heads 8 --head-dim 128 --context 131072 --prompt-tokens 2000"
    out = run_json(
        capsys, "estimate", "inference", *args.split(), *shape.split(), "--latency-ms", "200"
    )
    # 70 GB of fp8 weights + 42.9 GB of cache (2 × 80 × 8 × 128 × 2 B × 131,072) = 112.9 GB:
    # one H200 (141 GB), where multi-head attention would need three.
    assert out["memory_gb"] == pytest.approx(70 + 42.94967296)
    assert out["min_accelerators"] == 1
    # Decode reads 112.9 GB per step at 80 % of 4,800 GB/s: 29.4 ms, 34 tokens/s.
    assert out["time_per_output_token_s"] == pytest.approx(112.94967296 / (4800 * 0.8), rel=1e-3)
    assert out["tokens_per_second"] == pytest.approx(4800 * 0.8 / 112.94967296, rel=1e-3)
    assert "misses the 200 ms target" in out["latency"]


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
    # Quoted 16 × H100 at €4.00/GPU-h; priced for the workload's 8 (one 8-GPU node):
    # 8 × 4.00 × 12 h × 12 months × 730/24 × 1.10 = 154,176.
    assert euro["total_usd"] == pytest.approx(154_176.0)
    assert euro["fx_used"][0]["usd_per_unit"] == pytest.approx(1.10)
    assert (euro["accelerators_needed"], euro["accelerators_priced"]) == (8, 8)
    assert euro["chosen_option"] == 1
    assert euro["choice"].startswith("the quote's only option, priced for 8 accelerators")
    (option,) = euro["options"]
    assert option["quoted"] == "16 accelerators at 4 EUR/GPU-h"
    assert (option["accelerators_quoted"], option["nodes_priced"]) == (16, 1)
    assert option["chosen"] and option["total_usd"] == pytest.approx(154_176.0)
    # The quote's own lines stay visible as quoted.
    (quoted,) = euro["quote_lines"]
    assert quoted["price"] == "4.00" and quoted["accelerator_count"] == 16
    assert quoted["role"] == "option" and quoted["counted"]
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
    assert "priced for the workload's 8 accelerators" in table
    assert "Choice: the quote's only option, priced for 8 accelerators at 12 h/day" in table


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
    # bf16, MFU 0.4: an H100 SXM gives 989.4 × 0.4 = 395.76 TFLOP/s, so the stated scale
    # is $2 / 0.39576 = $5.05 → 100 and $10 / 0.39576 = $25.27 → 0 per useful PFLOP-hour;
    # $10.11 scores 100 × (25.27 − 10.11) / (25.27 − 5.05) = 75.
    assert helios["axes"]["cost"]["explanation"].startswith(
        "cost 75: $10.11 per useful PFLOP-hour on the stated scale ($5.05 → 100, $25.27 → 0)"
    )
    assert out["margin_points"] > 0
    assert len(out["flip_weights"]) == 5
    assert out["monte_carlo"]["samples"] == 300 and out["monte_carlo"]["seed"] == 4
    # Owning costs more than the 12-month reservation at any use (see the evaluate tests).
    assert out["buy_vs_rent"]["break_even_hours_per_day"] is None
    assert out["buy_vs_rent"]["rented_option"] == "12-month reserved NVIDIA H100 SXM5 80GB nodes"
    assert helios["chosen_option"] == "12-month reserved NVIDIA H100 SXM5 80GB nodes"
    assert helios["choice"].startswith("the quote's only option, priced for 8 accelerators")


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
    assert "Rank" in table and "points ahead of" in table and "DISQUALIFIED" in table
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


def test_supporting_quotes_in_score_and_tco(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    add_colocation(workspace)
    out = run_json(capsys, "score", "--db", str(workspace), "--samples", "200")
    assert COLO not in {q["quote"] for q in out["quotes"]}
    (colo,) = out["supporting_quotes"]
    assert colo["quote"] == COLO and colo["offers"] == ["facility", "support"]
    assert colo["reason"].startswith("no compute lines: a facility/services quote")
    # 40 kW × US$200 × 12 + US$1,000 × 12 = 108,000.
    assert colo["headline_usd"] == pytest.approx(108_000.0)
    assert colo["combine_with"] == colo["houses"] == ["Kessler Systemhaus — KS-7"]
    assert set(colo["axes"]) == {"service", "compliance"}
    mc = {q["quote"]: q for q in out["monte_carlo"]["quotes"]}
    assert mc[COLO]["supporting"] and mc[COLO]["probability_first"] is None
    helios = next(q for q in out["quotes"] if q["quote"] == HELIOS)
    assert helios["axes"]["cost"]["unit"] == "USD/PFLOP-h"
    # Helios: 8 GPUs × 12 h × 365 days = 35,040 GPU-h used; useful 0.9894 PFLOP/s × 0.4 ×
    # 35,040 = 13,867.4 PFLOP-h; 140,160 / 13,867.4 = US$10.107 per useful PFLOP-hour.
    assert helios["axes"]["cost"]["value"] == pytest.approx(10.1071, abs=1e-4)

    tco = run_json(capsys, "tco", "--db", str(workspace))
    assert tco["quotes"][-1]["quote"] == COLO and tco["quotes"][-1]["supporting"]
    assert tco["quotes"][-1]["total_usd"] == pytest.approx(108_000.0)
    assert tco["quotes"][-1]["useful_missing"] == "no accelerators are quoted"
    helios_tco = next(q for q in tco["quotes"] if q["quote"] == HELIOS)
    assert helios_tco["useful_basis"] == "datasheet"
    assert helios_tco["useful_explanation"].startswith("bf16 dense peak 989.4 TFLOP/s")

    assert main(["score", "--db", str(workspace), "--samples", "200"]) == 0
    text = capsys.readouterr().out
    assert "Supporting quotes — no compute lines, so not ranked" in text
    assert (
        "Nordlicht Colocation — NC-5: no compute lines: a facility/services quote to combine "
        "with an owned option" in text
    )
    assert "Houses Kessler Systemhaus — KS-7: its facility is priced for" in text
    assert "supporting" in text.split("Monte Carlo")[1]
    assert main(["tco", "--db", str(workspace)]) == 0
    text = capsys.readouterr().out
    assert "USD per useful PFLOP-h" in text and "USD per GPU-h used" in text
    assert (
        "Nordlicht Colocation — NC-5: 108,000.00 USD over 12 months (supporting quote: no "
        "compute lines)" in text
    )
    assert "price × kW × months: price = 200 USD/kW-month, load = 40 kW, 12 months" in text
    assert "rented compute" in text and "rented_compute" not in text


def test_knockouts_print_one_line_each() -> None:
    from computescore.cli.engine import knockout_text
    from computescore.domain.findings import Finding, FindingCategory, FindingSeverity

    long = Finding(
        "Q/1/r1",
        FindingSeverity.KNOCKOUT,
        FindingCategory.EXPORT_CONTROL,
        "Licence needed and unlikely",
        "3A090.a.1 to CN on 2026-12-01.\nTPP = 5,120\nRule text …",
        "us.rs.3A090.v2023",
    )
    assert knockout_text(long) == (
        "knock-out: Licence needed and unlikely: 3A090.a.1 to CN on 2026-12-01. "
        "(full reasoning: computescore check --verbose) [us.rs.3A090.v2023]"
    )


def test_money_keeps_its_cents_at_any_size(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from computescore.cli.engine.values import round_value

    # A total above a million is not cut to two significant figures (1,700,000).
    assert round_value(1_735_293.194, 2) == 1_735_293.19
    out = run_json(capsys, "tco", "--db", str(workspace))
    for quote in out["quotes"]:
        assert quote["total_usd"] == round(quote["total_usd"], 2)
        assert abs(quote["total_usd"] - sum(line["amount_usd"] for line in quote["lines"])) < 0.05


def test_a_quote_that_cannot_be_priced_is_listed_last_not_cheapest(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A quote in pounds with no GBP rate costs nothing the TCO can count: it is listed after
    every complete quote with "—", not first at 0."""
    from decimal import Decimal

    from computescore.domain.quotes import (
        Deployment,
        LineKind,
        PriceUnit,
        Quote,
        QuoteLine,
        Vendor,
        VendorKind,
    )
    from computescore.store.repository import Store

    pounds = QuoteLine(
        kind=LineKind.COMPUTE,
        description="8x H100 node",
        price=Decimal("3.10"),
        price_unit=PriceUnit.PER_GPU_HOUR,
        currency="GBP",
        accelerator="nvidia-h100-sxm",
        accelerator_count=8,
        deployment=Deployment.ON_DEMAND,
    )
    with Store.open(workspace) as store, store.transaction() as uow:
        evaluation_id = uow.evaluation_row(EVALUATION).id
        assert evaluation_id is not None
        uow.add_quote(
            evaluation_id,
            Quote(Vendor("Albion GPU", VendorKind.GPU_CLOUD, "GB"), "AG-1", (pounds,)),
        )
    out = run_json(capsys, "tco", "--db", str(workspace), "--evaluation", EVALUATION)
    order = [q["quote"] for q in out["quotes"]]
    assert order[-1] == "Albion GPU/AG-1/r1" and not out["quotes"][-1]["complete"]
    assert main(["tco", "--db", str(workspace), "--evaluation", EVALUATION]) == 0
    table = capsys.readouterr().out.split("\n\n")[0]
    (row,) = [line for line in table.splitlines() if line.startswith("Albion GPU")]
    # present value and the three rates: nothing could be priced
    assert row.split()[-7:] == ["—", "—", "—", "—", "NO", "(see", "notes)"]
    assert table.index("Albion GPU") > table.index("Tiny GPU")


def test_the_quote_lines_listing_names_each_line_and_counts_servers(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["quotes", "--db", str(workspace)]) == 0
    out = capsys.readouterr().out
    header = out.splitlines()[0]
    assert header.split()[:4] == ["Vendor", "Quote", "Kind", "Description"]
    (server,) = [line for line in out.splitlines() if "HGX H100 8-GPU server" in line]
    assert " 1 × 8 " in server  # one 8-GPU server, not "8"
    assert "Count: nodes × accelerators per node" in out
