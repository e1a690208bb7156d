"""The machine output's keys are pinned: a renamed or dropped key fails here, not in a script."""

from __future__ import annotations

import json
import math
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from computescore.cli import main
from computescore.domain.quotes import CANONICAL_LINE_FIELDS, LineKind, PriceUnit, QuoteLine
from computescore.services.json_contract import canonical_line, plain
from tests.services.engine_workspace import EVALUATION, build_workspace


@pytest.fixture
def workspace(db_path: Path) -> Path:
    return build_workspace(db_path)


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


SCORE_KEYS = {
    "evaluation",
    "workload",
    "decision_date",
    "weights",
    "weights_source",
    "cost_metric",
    "compliance_checked",
    "winner",
    "margin_points",
    "quotes",
    "notes",
    "problems",
}
SCORE_QUOTE_KEYS = {"quote", "label", "rank", "disqualified", "weighted_total", "axes"}
PROBLEM_KEYS = {"source", "severity", "message", "found", "expected"}


def test_score_json_keys(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys, "score", "--db", str(workspace), "--evaluation", EVALUATION, "--samples", "200"
    )
    assert set(out) >= SCORE_KEYS
    assert all(set(q) >= SCORE_QUOTE_KEYS for q in out["quotes"])
    assert all(set(p) == PROBLEM_KEYS for p in out["problems"])


def test_tco_json_keys(workspace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(capsys, "tco", "--db", str(workspace), "--evaluation", EVALUATION)
    assert {"evaluation", "assumptions", "quotes", "problems"} <= set(out)
    assert all({"quote", "total_usd"} <= set(q) for q in out["quotes"])


def test_a_canonical_line_has_exactly_the_canonical_fields_in_order() -> None:
    line = QuoteLine(
        LineKind.COMPUTE,
        "H100",
        Decimal("2.50"),
        PriceUnit.PER_GPU_HOUR,
        "USD",
        accelerator="nvidia-h100-sxm",
        accelerator_count=8,
    )
    item = canonical_line(
        line,
        vendor="V",
        quote_ref="R",
        quote_date=date(2026, 11, 1),
        valid_until=None,
        day=date(2026, 11, 22),
        rates=(),
    )
    assert tuple(item) == CANONICAL_LINE_FIELDS
    assert (item["price"], item["usd_per_gpu_hour"], item["quote_date"]) == (
        "2.50",
        2.5,
        "2026-11-01",
    )


def test_plain_values_are_json() -> None:
    value = {"a": (Decimal("1.10"), date(2026, 1, 2)), "b": math.nan, "c": LineKind.COST}
    assert plain(value) == {"a": ["1.10", "2026-01-02"], "b": None, "c": "cost"}
    json.dumps(plain(value), allow_nan=False)
