"""``computescore scales`` and ``computescore fx``: the anchors and the rates, set and audited."""

from __future__ import annotations

import json
import sqlite3
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from computescore.cli import main
from tests.services.engine_workspace import build_workspace

HELIOS = "Helios Cloud/HC-1/r1"


@pytest.fixture
def workspace(db_path: Path) -> Path:
    return build_workspace(db_path)


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_buyer_sets_a_budget_and_the_score_follows_it(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(workspace)
    (default,) = _json(capsys, "scales", "--db", db)
    # bf16, MFU 0.4: H100 SXM 989.4 × 0.4 = 0.39576 PFLOP/s → $2/h = $5.0535, $10/h = $25.268.
    assert default["cost"]["hundred"] == pytest.approx(5.0535, abs=1e-4)
    assert default["cost"]["zero"] == pytest.approx(25.268, abs=1e-3)
    assert default["origin"].startswith("default for '7B fine-tune'")
    # A budget: $8 per useful PFLOP-hour scores 100, $12 scores 0. Helios costs $10.11.
    (stored,) = _json(capsys, "scales", "--db", db, "--cost", "8,12")
    assert stored["cost"] == {"zero": 12.0, "hundred": 8.0}
    score = _json(capsys, "score", "--db", db, "--samples", "0")
    helios = next(q for q in score["quotes"] if q["quote"] == HELIOS)
    # 100 × (12 − 10.11) / (12 − 8) = 47.2 (the unrounded cost is $10.1072).
    assert helios["axes"]["cost"]["score"] == pytest.approx(100 * (12 - 10.1072) / 4, abs=0.05)
    assert score["scales"]["cost"] == {"zero": 12.0, "hundred": 8.0}
    assert score["independence"]["holds"] is True
    # Relative, explicitly: labelled as such wherever it is shown.
    assert main(["scales", "--db", db, "--performance", "relative"]) == 0
    assert "chosen explicitly" in capsys.readouterr().out
    # Back to the defaults; every change is in the audit log.
    assert main(["scales", "--db", db, "--reset"]) == 0
    capsys.readouterr()
    (again,) = _json(capsys, "scales", "--db", db)
    assert again["cost"] == default["cost"] and again["performance"] == default["performance"]
    raw = sqlite3.connect(workspace)
    changes = raw.execute(
        "SELECT COUNT(*) FROM audit_log WHERE entity='evaluation' AND field_name='assumptions'"
    ).fetchone()[0]
    raw.close()
    assert changes == 1 + 3  # the workspace's own assumptions, then the three changes


def test_bad_anchors_are_refused_with_the_reason(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scales", "--db", str(workspace), "--cost", "30,6"]) == 2
    assert "must be below the one that scores 0" in capsys.readouterr().err
    assert main(["scales", "--db", str(workspace), "--cost", "cheap"]) == 2
    assert "expected two numbers" in capsys.readouterr().err
    assert main(["scales", "--db", str(workspace), "--missing-as-worst", "price"]) == 2
    assert "'price' is not an axis" in capsys.readouterr().err


def test_missing_counts_as_worst_where_the_buyer_says_so(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(workspace)
    assert main(["scales", "--db", db, "--missing-as-worst", "reliability"]) == 0
    capsys.readouterr()
    score = _json(capsys, "score", "--db", db, "--samples", "0")
    kessler = next(q for q in score["quotes"] if q["quote"].startswith("Kessler"))
    reliability = kessler["axes"]["reliability"]
    assert reliability["score"] == 0.0 and "counted as worst" in reliability["explanation"]
    assert score["scales"]["missing_as_worst"] == ["reliability"]


def test_exchange_rates_are_listed_set_and_deleted(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(workspace)
    assert _json(capsys, "fx", "--db", db) == [
        {
            "currency": "EUR",
            "usd_per_unit": "1.10",
            "as_of": "2026-06-01",
            "source": "ECB reference rate",
        }
    ]
    assert main(["fx", "--db", db, "set", "gbp", "1.27", "--as-of", "2026-06-15"]) == 0
    assert "Set GBP = 1.27 USD as of 2026-06-15." in capsys.readouterr().out
    assert main(["fx", "--db", db, "set", "EUR", "1.12", "--as-of", "2026-06-01"]) == 0
    assert "(was 1.10)" in capsys.readouterr().out
    assert main(["fx", "--db", db, "set", "EUR", "-1"]) == 2
    assert "must be a positive number" in capsys.readouterr().err
    assert main(["fx", "--db", db, "delete", "EUR", "--as-of", "2026-01-01"]) == 2
    assert "its rates: 2026-06-01" in capsys.readouterr().err
    assert main(["fx", "--db", db, "delete", "GBP", "--as-of", "2026-06-15"]) == 0
    capsys.readouterr()
    rates = _json(capsys, "fx", "--db", db)
    assert [(r["currency"], r["usd_per_unit"]) for r in rates] == [("EUR", "1.12")]
    assert date.fromisoformat(rates[0]["as_of"]) == date(2026, 6, 1)


def test_swing_weights_are_stored_shown_and_frozen(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(workspace)
    shown = _json(capsys, "weights", "--db", db)
    assert {s["axis"] for s in shown["swings"]} == {
        "performance",
        "reliability",
        "cost",
        "service",
        "compliance",
    }
    args = ["weights", "--db", db, "--swing", "cost=100,reliability=50,compliance=50"]
    assert main(args) == 0
    capsys.readouterr()
    score = _json(capsys, "score", "--db", db, "--samples", "0")
    assert score["weights_source"] == "swing"
    assert score["weights"]["cost"] == pytest.approx(0.5)
    assert score["weights"]["performance"] == 0.0
    assert main(["weights", "--db", db, "--freeze"]) == 0
    assert "frozen on" in capsys.readouterr().out
    # Frozen: neither the weights nor the scales move until an audited unfreeze.
    assert main(["weights", "--db", db, "--swing", "cost=100"]) == 2
    assert "Unfreeze them first" in capsys.readouterr().err
    assert main(["scales", "--db", db, "--cost", "5,20"]) == 2
    assert "Weights and scales frozen on" in capsys.readouterr().err
    pack_rationale = _json(capsys, "weights", "--db", db)["rationale"]
    assert "when 4 quotes had been imported" in pack_rationale
    assert main(["weights", "--db", db, "--unfreeze"]) == 0
    assert main(["weights", "--db", db, "--swing", "cost=100"]) == 0
    raw = sqlite3.connect(workspace)
    changes = raw.execute(
        "SELECT COUNT(*) FROM audit_log WHERE entity='evaluation' AND field_name='assumptions'"
    ).fetchone()[0]
    raw.close()
    assert changes == 1 + 4  # the workspace's assumptions; swing, freeze, unfreeze, swing


def test_pairwise_weights_are_stored_and_contradictions_refused(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(workspace)
    # Cost 3 × service and 3 × performance, the rest equal: a consistent matrix only when
    # the other pairs agree, so give them all. Weights: cost 3/7, the four others 1/7.
    pairs = ",".join(
        [
            "cost/performance=3",
            "cost/reliability=3",
            "cost/service=3",
            "cost/compliance=3",
        ]
    )
    assert main(["weights", "--db", db, "--ahp", pairs]) == 0
    out = capsys.readouterr().out
    assert "pairwise comparison of the axes (AHP)" in out and "consistency ratio 0.000" in out
    score = _json(capsys, "score", "--db", db, "--samples", "0")
    assert score["weights_source"] == "ahp"
    assert score["weights"]["cost"] == pytest.approx(3 / 7)
    assert score["weights"]["service"] == pytest.approx(1 / 7)
    # A circle of preferences is refused, naming the answer to revisit; nothing changes.
    circle = "cost/service=3,service/compliance=2,compliance/cost=7"
    assert main(["weights", "--db", db, "--ahp", circle]) == 2
    assert "revisit compliance against cost: answered 7" in capsys.readouterr().err
    assert main(["weights", "--db", db, "--ahp", "cost/price=3"]) == 2
    assert "write AXIS/AXIS=RATIO" in capsys.readouterr().err
    again = _json(capsys, "score", "--db", db, "--samples", "0")
    assert again["weights"]["cost"] == pytest.approx(3 / 7)
