"""Paths and settings: one typed object, from platformdirs, overridable for tests.

The database path is, in order: ``--db PATH``, the ``COMPUTESCORE_DB`` environment
variable, then ``<user data folder>/computescore.db``. ``COMPUTESCORE_HOME`` moves
every folder at once (tests and portable installs use it).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "ComputeScore"
APP_AUTHOR = "ComputeScore"


@dataclass(frozen=True, slots=True)
class Paths:
    """Where the app keeps its files."""

    data_dir: Path
    log_dir: Path
    backup_dir: Path
    export_dir: Path

    @property
    def default_db(self) -> Path:
        """The database used when none is named."""
        return self.data_dir / "computescore.db"

    @property
    def log_file(self) -> Path:
        """The app's log file."""
        return self.log_dir / "computescore.log"


def app_paths() -> Paths:
    """The folders for this user, honouring ``COMPUTESCORE_HOME``."""
    home = os.environ.get("COMPUTESCORE_HOME")
    if home:
        root = Path(home)
        return Paths(root / "data", root / "logs", root / "backups", root / "exports")
    data = Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))
    return Paths(
        data_dir=data,
        log_dir=Path(platformdirs.user_log_dir(APP_NAME, APP_AUTHOR)),
        backup_dir=data / "backups",
        export_dir=Path(platformdirs.user_documents_dir()) / APP_NAME,
    )


def resolve_db_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The database file to use: ``explicit``, else ``COMPUTESCORE_DB``, else the default."""
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get("COMPUTESCORE_DB")
    if env:
        return Path(env).expanduser()
    return app_paths().default_db


def resolve_db_target(explicit: str | os.PathLike[str] | None = None) -> Path | str:
    """The database to use: a ``postgresql://`` URL as given, else the file
    :func:`resolve_db_path` names."""
    from computescore.store.server import is_server_url

    named = os.fspath(explicit) if explicit else os.environ.get("COMPUTESCORE_DB")
    if named and is_server_url(named):
        return named.strip()
    return resolve_db_path(explicit)
