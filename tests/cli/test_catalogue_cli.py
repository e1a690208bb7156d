"""Catalogue commands: listing, and adding a user's own accelerator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from computescore.cli import main
from computescore.services.workspace import load_catalogue_for, open_store

ENTRY = {
    "id": "acme-x1",
    "maker": "Acme",
    "model": "X1",
    "form_factor": "pcie",
    "memory_gb": 96,
    "memory_bandwidth_gbps": 2000,
    "peaks": [{"precision": "bf16", "dense_tflops": 400}],
    "tdp_w": 500,
    "die_area_mm2": None,
    "interconnect_gbps": 64,
    "interconnect": "PCIe 5.0",
    "datacenter": True,
    "release_year": 2026,
    "ecosystem": "other",
}


def test_user_accelerator_is_stored_and_resolves(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "x1.json"
    spec.write_text(json.dumps(ENTRY))
    assert main(["add-accelerator", str(spec), "--db", str(db_path), "--create"]) == 0
    with open_store(db_path) as store:
        catalogue = load_catalogue_for(store)
    acc = catalogue.get("acme-x1")
    assert acc is not None and acc.user_defined and acc.dense_tflops("bf16") == 400
    assert catalogue.get("nvidia-h100-sxm") is not None
    capsys.readouterr()
    assert main(["accelerators", "--db", str(db_path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert "acme-x1" in [a["id"] for a in listed["accelerators"]]


def test_bad_entry_is_refused_naming_the_field(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "bad.json"
    spec.write_text(json.dumps({**ENTRY, "memory_gb": "lots"}))
    assert main(["add-accelerator", str(spec), "--db", str(db_path), "--create"]) == 3
    assert "memory_gb" in capsys.readouterr().err


def test_shipped_ids_cannot_be_shadowed(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "h100.json"
    spec.write_text(json.dumps({**ENTRY, "id": "nvidia-h100-sxm"}))
    assert main(["add-accelerator", str(spec), "--db", str(db_path), "--create"]) == 3
    assert "already in the shipped catalogue" in capsys.readouterr().err
