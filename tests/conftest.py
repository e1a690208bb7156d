"""Test set-up shared by every test: offscreen Qt, isolated user folders, hypothesis profiles."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Qt needs a platform plugin; with no display pytest-qt would abort without this.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("MPLBACKEND", "Agg")

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Every test gets its own user data, log and backup folders; the real home is never used."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("COMPUTESCORE_HOME", str(home))
    monkeypatch.delenv("COMPUTESCORE_DB", raising=False)
    yield home


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A path for a new database file."""
    return tmp_path / "workspace.db"
