"""computescore assumptions: every TCO assumption shown, set with the engine's checks, cleared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from computescore.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def demo(db_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert run(capsys, "demo", "--db", str(db_path))[0] == 0
    return str(db_path)


def _shown(capsys: pytest.CaptureFixture[str], db: str) -> dict:  # type: ignore[type-arg]
    code, out, _ = run(capsys, "assumptions", "show", "--db", db, "--json")
    assert code == 0
    shown: dict = json.loads(out)  # type: ignore[type-arg]
    return shown


def test_assumptions_are_shown_set_checked_and_cleared(
    demo: str, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _shown(capsys, demo)
    assert before["pue"] == 1.5 and before["power_budget_kw"] is None
    assert before["spot_interruptions_per_hour"] == 0.02
    code, out, _ = run(capsys, "assumptions", "set", "pue=1.3", "--db", demo)
    assert code == 0 and "pue: the default → 1.3" in out
    assert _shown(capsys, demo)["pue"] == 1.3
    # A value the engine would refuse changes nothing, not even the valid one beside it.
    code, _, err = run(
        capsys, "assumptions", "set", "energy_usd_per_kwh=0.2", "pue=0.9", "--db", demo
    )
    assert code != 0 and "pue: PUE cannot be below 1 (found 0.9); nothing was changed" in err
    after = _shown(capsys, demo)
    assert after["pue"] == 1.3 and after["energy_usd_per_kwh"] == 0.16
    code, _, err = run(capsys, "assumptions", "set", "pue_factor=2", "--db", demo)
    assert code != 0 and "'pue_factor' is not a TCO assumption" in err
    assert run(capsys, "assumptions", "clear", "pue", "--db", demo)[0] == 0
    assert _shown(capsys, demo)["pue"] == 1.5
    code, out, _ = run(capsys, "assumptions", "--db", demo)
    assert code == 0 and "power_budget_kw" in out and "default" in out


def test_a_power_budget_knocks_out_hardware_on_the_buyers_site(
    demo: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "assumptions", "set", "power_budget_kw=20", "--db", demo)[0] == 0
    code, out, _ = run(
        capsys, "score", "--db", demo, "--workload", "Quarterly fine-tuning (70B)", "--json"
    )
    assert code == 0
    quotes = {q["quote"]: q for q in json.loads(out)["quotes"]}
    kessler = next(q for key, q in quotes.items() if key.endswith("KS-AN-2026-0419/r1"))
    # 64 × B200 at 1,000 W × 1.8 server overhead = 115.2 kW of IT load > 20 kW.
    assert kessler["disqualified"]
    power = [k for k in kessler["knockouts"] if "power budget" in json.dumps(k)]
    assert power and "115.2 kW" in json.dumps(power)
    # Rented capacity draws on the vendor's power, not the buyer's.
    brightline = next(q for key, q in quotes.items() if "BGC-Q-88213" in key)
    assert not brightline["disqualified"]
