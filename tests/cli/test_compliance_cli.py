"""The classify, check and import-list commands, run through the real CLI entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from computescore import resources_access
from computescore.cli import main
from tests.services.test_compliance import _workspace


def _json(capsys: pytest.CaptureFixture[str]) -> object:
    return json.loads(capsys.readouterr().out)


def test_classify_catalogue_accelerator_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "classify",
            "--accelerator",
            "nvidia-h100-sxm",
            "--destination",
            "FR",
            "--end-user-hq",
            "CN",
            "--date",
            "2026-06-01",
            "--json",
        ]
    )
    assert code == 0
    data = _json(capsys)
    assert isinstance(data, dict)
    # FP8 1,978.9 × 8 = 15,831.2; PD 15,831.2 / 814 = 19.45.
    assert data["tpp"] == pytest.approx(15831.2)
    assert data["pd"] == pytest.approx(19.449, abs=1e-3)
    assert data["eccn"] == "3A090.a.1"
    assert data["licence_required"] is True
    assert data["rules"] == ["us.3A090.a.1.v2023", "us.hq.d5mo.v2023"]
    assert "FP8: 1,978.9 × 8 = 15,831.2" in data["explanation"]
    assert "legal review is required" in data["explanation"]
    assert data["review_policy"] == "presumption_of_denial"
    assert data["posture"] == "enforced"


def test_classify_raw_figures_without_die_area(capsys: pytest.CaptureFixture[str]) -> None:
    # 296 TOPS × 8 = 2,368 and no die area: .b.2 or outside cannot be told → indeterminate.
    code = main(
        [
            "classify",
            "--tops",
            "296",
            "--bits",
            "8",
            "--datacenter",
            "yes",
            "--destination",
            "CN",
            "--date",
            "2026-06-01",
            "--json",
        ]
    )
    assert code == 0
    data = _json(capsys)
    assert isinstance(data, dict)
    assert (data["tpp"], data["pd"], data["eccn"]) == (2368.0, None, "indeterminate")
    assert data["licence_required"] is None


def test_classify_before_2023_uses_the_interconnect_test(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            "classify",
            "--tops",
            "624",
            "--bits",
            "8",
            "--interconnect-gbps",
            "400",
            "--die-area",
            "826",
            "--datacenter",
            "yes",
            "--destination",
            "CN",
            "--date",
            "2023-06-01",
            "--json",
        ]
    )
    assert code == 0
    data = _json(capsys)
    assert isinstance(data, dict)
    assert (data["eccn"], data["licence_required"]) == ("not-3A090", False)


def test_classify_text_form_and_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "classify",
                "--accelerator",
                "nvidia-l4",
                "--destination",
                "SA",
                "--date",
                "2026-06-01",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("ECCN: 3A090.a.2    TPP: 1,940.0    PD: 6.59\n")
    assert "Licence required: yes (presumption of approval)" in out
    assert main(["classify", "--tops", "100", "--destination", "CN"]) == 2
    assert "--tops needs --bits" in capsys.readouterr().err
    assert main(["classify", "--accelerator", "nvidia-h9000", "--destination", "CN"]) == 3
    assert "No accelerator 'nvidia-h9000'" in capsys.readouterr().err


def test_check_json_lists_every_finding_with_rule_date_status_source(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _workspace(db_path)
    assert main(["check", "--db", str(db_path), "--json"]) == 0
    findings = _json(capsys)
    assert isinstance(findings, list) and findings
    for finding in findings:
        assert {
            "quote_key",
            "severity",
            "category",
            "title",
            "reason",
            "rule_id",
            "rule_date",
            "rule_status",
            "source",
        } <= set(finding)
        assert finding["rule_id"] and finding["rule_status"] and finding["source"]
    knockouts = {f["rule_id"] for f in findings if f["severity"] == "knockout"}
    assert knockouts == {"screening.vendor", "cert.required", "sovereignty.location"}


def test_check_text_form(db_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _workspace(db_path)
    assert main(["check", "--db", str(db_path), "--evaluation", "Q3 capacity"]) == 0
    out = capsys.readouterr().out
    assert "Compliance check: Q3 capacity (decision date 2026-06-01)" in out
    assert "Screening list: Synthetic list dated 2026-11-01 (7 entries)" in out
    assert "[KNOCKOUT] Dragonfly Shenzhen Technology Co Ltd/DF-7/r1 — " in out
    assert (
        "    rule us.3A090.a.1.v2023 · in force from 2023-11-17 · codified · source: 15 CFR" in out
    )
    assert "legal review is required" in out


def test_import_list_then_check(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _workspace(db_path, synthetic_list=False)
    path = tmp_path / "list.csv"
    path.write_text(
        resources_access.read_text("rules", "screening", "synthetic-list.csv"), encoding="utf-8"
    )
    assert (
        main(
            [
                "import-list",
                "--db",
                str(db_path),
                str(path),
                "--name",
                "Demo list",
                "--list-date",
                "2026-10-30",
                "--json",
            ]
        )
        == 0
    )
    imported = _json(capsys)
    assert isinstance(imported, dict)
    assert (imported["name"], imported["list_date"], imported["entries"]) == (
        "Demo list",
        "2026-10-30",
        7,
    )
    assert main(["check", "--db", str(db_path), "--json"]) == 0
    findings = _json(capsys)
    assert isinstance(findings, list)
    vendor = next(
        f
        for f in findings
        if f["rule_id"] == "screening.vendor" and f["quote_key"].startswith("Dragonfly")
    )
    assert vendor["severity"] == "knockout" and vendor["rule_date"] == "2026-10-30"
