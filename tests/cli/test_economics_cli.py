"""computescore estimate energy | api | spot | layout, with their figures read back as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from computescore.cli import main


def words(text: str) -> list[str]:
    """A command line's words."""
    return text.split(" ")


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:  # type: ignore[type-arg]
    capsys.readouterr()
    assert main([*args, "--json"]) == 0
    out: dict = json.loads(capsys.readouterr().out)  # type: ignore[type-arg]
    return out


def test_energy_and_carbon_of_eight_h100_for_a_month(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        *words("estimate energy --accelerator nvidia-h100-sxm --count 8 --hours 730 --country DE"),
        *words("--tokens-per-second 12000"),
    )
    # 8 × 0.7 kW × 1.3 × 730 h = 5,314.4 kWh; × 0.381 kg/kWh (DE, 2023) = 2,024.8 kg.
    assert out["energy"] == pytest.approx(5314.4)
    assert out["emissions"] == pytest.approx(2024.7864)
    # 12,000 tokens/s × 3,600 × 730 = 31.536 bn tokens → 0.0642 kg per million.
    assert out["kg_co2e_per_million_tokens"] == pytest.approx(2024.7864 / 31536, rel=1e-4)
    assert out["grid_source"] == "grid intensity of DE, 2023" and not out["assumed"]
    assumed = run_json(
        capsys, *words("estimate energy --accelerator nvidia-h100-sxm --count 1 --hours 1")
    )
    assert assumed["assumed"] and assumed["grid_intensity"] == pytest.approx(0.481)


def test_a_workspace_s_own_grid_intensity_wins(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from computescore.store.repository import Store

    db = tmp_path / "w.db"
    with Store.open(db) as store, store.transaction() as uow:
        uow.set_setting("grid_intensity", {"us": 0.2})
    out = run_json(
        capsys,
        *words("estimate energy --accelerator nvidia-h100-sxm --count 1 --hours 1000 --country US"),
        "--db",
        str(db),
    )
    assert out["grid_intensity"] == pytest.approx(0.2)
    assert out["emissions"] == pytest.approx(0.7 * 1.3 * 1000 * 0.2)


def test_the_api_comparison_and_the_spot_loss(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        *words("estimate api --usd-per-hour 16 --tokens-per-second 12000 --input 3 --output 15"),
        *words("--cached 0.3 --mix 0.7,0.2,0.1"),
    )
    assert out["api_usd_per_million_tokens"] == pytest.approx(5.13)
    assert out["break_even_utilisation"] == pytest.approx(16 / 221.616)
    spot = run_json(
        capsys,
        *words("estimate spot --interruptions-per-hour 0.05 --checkpoint-hours 2"),
        *words("--restart-hours 0.25 --write-hours 0.05"),
    )
    assert spot["lost_share"] == pytest.approx(0.0875)
    assert (
        main(
            [
                "estimate",
                "api",
                *words("--usd-per-hour 1 --tokens-per-second 1"),
                *words("--input 1 --output 1 --mix x"),
            ]
        )
        == 2
    )


def test_the_layout_of_a_fine_tune(capsys: pytest.CaptureFixture[str]) -> None:
    small = run_json(
        capsys,
        *words("estimate layout --params 7e9 --method qlora --accelerator nvidia-rtx-4090"),
        *words("--count 1 --activations-gb 6"),
    )
    assert small["fits"] and small["memory_gb"] == pytest.approx(10.62)
    big = run_json(
        capsys,
        *words("estimate layout --params 70e9 --accelerator nvidia-h100-sxm --count 64"),
        *words("--bus-gbps 50 --step-seconds 4"),
    )
    assert (big["tensor"], big["pipeline"], big["data"]) == (8, 2, 4)
    # Each of the 16 accelerators of a replica all-reduces 140 GB ÷ 16 = 8.75 GB over 4
    # replicas: 2 × 3/4 × 8.75 ÷ 50 = 0.2625 s, hidden behind a 4 s step; behind a 0.2 s
    # step, 0.0625 s of the 0.2625 s step is exposed (23.8 %).
    assert big["allreduce_share"] == 0.0
    tight = run_json(
        capsys,
        *words("estimate layout --params 70e9 --accelerator nvidia-h100-sxm --count 64"),
        *words("--bus-gbps 50 --step-seconds 0.2"),
    )
    assert tight["allreduce_share"] == pytest.approx(0.0625 / 0.2625)
    capsys.readouterr()
    assert (
        main(
            [
                "estimate",
                "layout",
                *words("--params 70e9 --accelerator nvidia-h100-sxm"),
                "--count",
                "8",
            ]
        )
        == 1
    )
    assert "cannot hold one copy" in capsys.readouterr().out


def test_the_efficiency_curve_of_a_training_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    # 70 B on H100 SXM (989.4 × 0.4 = 395.76 TFLOP/s): a 4,096-token step is 4.3468 s;
    # over Ethernet 128 accelerators (8 replicas of 16) exchange for 4.9 s → 88.7 %.
    curve = run_json(
        capsys,
        *words("estimate curve --params 70e9 --accelerator nvidia-h100-sxm --fabric ethernet"),
        *words("--usd-per-gpu-hour 2.5 --up-to 128"),
    )
    assert (curve["tensor"], curve["pipeline"]) == (8, 2)
    assert curve["step_seconds"] == pytest.approx(4.3468, abs=1e-4)
    efficiencies = {p["accelerators"]: p["efficiency"] for p in curve["points"]}
    assert efficiencies[64] == 1.0
    assert efficiencies[128] == pytest.approx(4.3468 / 4.9, abs=1e-4)
    assert curve["efficient_size"] == 64
    assert main([*words("estimate curve --params 70e9 --accelerator nvidia-h100-sxm")]) == 0
    shown = capsys.readouterr().out
    assert "tensor 8 × pipeline 2" in shown and "Give --usd-per-gpu-hour" in shown
