"""Smoke test of the Linux bundle: build it, then use it as a user would, headless.

Slow (about two minutes): run with ``pytest -m slow tests/installers``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bundle() -> Path:
    if shutil.which("tar") is None:
        pytest.fail("tar is needed to package the bundle")
    env = {**os.environ, "PYTHON_ENV": sys.prefix}
    result = subprocess.run(
        ["bash", str(ROOT / "installers" / "build-linux.sh")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    print(result.stdout[-400:])
    exe = ROOT / "dist" / "ComputeScore" / "computescore"
    assert exe.is_file()
    return exe


def _run(exe: Path, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPUTESCORE_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    env.pop("COMPUTESCORE_DB", None)
    return subprocess.run(
        [str(exe), *args], capture_output=True, text=True, timeout=600, env=env, cwd=home
    )


@pytest.mark.slow
def test_bundle_runs_version_demo_and_report(bundle: Path, tmp_path: Path) -> None:
    version = _run(bundle, "--version", home=tmp_path)
    assert version.returncode == 0 and version.stdout.startswith("ComputeScore ")

    db = tmp_path / "smoke.db"
    demo = _run(bundle, "demo", "--db", str(db), home=tmp_path)
    assert demo.returncode == 0, demo.stderr
    pdf = tmp_path / "board.pdf"
    report = _run(bundle, "report", "--db", str(db), "--pdf", str(pdf), home=tmp_path)
    assert report.returncode == 0, report.stderr
    assert pdf.read_bytes().startswith(b"%PDF-") and pdf.stat().st_size > 20_000
    # The app wrote nothing inside its install folder.
    assert not list(bundle.parent.glob("*.db"))
