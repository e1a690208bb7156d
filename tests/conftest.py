"""Test set-up shared by every test: offscreen Qt, isolated user folders, hypothesis profiles."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


ENGINES = ("sqlite", "postgresql")
"""The database engines the store and service tests run on."""


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """A throw-away PostgreSQL server for the session.

    Skipped only where the server binaries are missing, and never in CI (``CI`` set):
    there ``installers/setup-debian.sh --test`` installs them and a missing server is a
    failure, so the tests on PostgreSQL cannot be skipped unnoticed.
    """
    from tests.fixtures.postgres import start_server

    try:
        server = start_server()
    except FileNotFoundError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc}: installers/setup-debian.sh --test installs PostgreSQL")
        pytest.skip(str(exc))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: Any) -> str:
    """A new, empty database on the test server."""
    return str(pg_server.new_database())


@pytest.fixture(params=ENGINES)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """A new database on each engine: a file, then a database on the PostgreSQL server."""
    if request.param == "sqlite":
        return tmp_path / "workspace.db"
    return str(request.getfixturevalue("pg_url"))


@pytest.fixture(scope="module", params=ENGINES)
def module_db_target(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Path | str:
    """:func:`db_target` shared by a module's tests (for workspaces slow to build)."""
    if request.param == "sqlite":
        return tmp_path_factory.mktemp("db") / "workspace.db"
    return str(request.getfixturevalue("pg_server").new_database())
