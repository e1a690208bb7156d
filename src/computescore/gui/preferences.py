"""What the app remembers between runs: window geometry, last database, recent files.

Stored with ``QSettings``. When ``COMPUTESCORE_HOME`` is set (tests, portable
installs) the settings live in ``$COMPUTESCORE_HOME/settings.ini`` so the real
home is never touched; otherwise in the platform's usual place.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from computescore.settings import APP_AUTHOR, APP_NAME

MAX_RECENT = 8


def qsettings() -> QSettings:
    """The app's ``QSettings`` store."""
    home = os.environ.get("COMPUTESCORE_HOME")
    if home:
        return QSettings(str(Path(home) / "settings.ini"), QSettings.Format.IniFormat)
    return QSettings(APP_AUTHOR, APP_NAME)


class Preferences:
    """Typed access to the remembered values."""

    def __init__(self, store: QSettings | None = None) -> None:
        self._s = store or qsettings()

    # -- databases -------------------------------------------------------------------
    def last_database(self) -> str | None:
        """The database open when the app last closed, if it still exists."""
        value = self._s.value("workspace/last_database")
        if isinstance(value, str) and value and Path(value).exists():
            return value
        return None

    def set_last_database(self, path: str) -> None:
        """Remember ``path`` as the last and most recent database."""
        self._s.setValue("workspace/last_database", path)
        recent = [p for p in self.recent_databases() if p != path]
        self._s.setValue("workspace/recent", [path, *recent][:MAX_RECENT])

    def recent_databases(self) -> list[str]:
        """Recently opened databases, newest first."""
        value = self._s.value("workspace/recent", [])
        if isinstance(value, str):
            return [value] if value else []
        if isinstance(value, list | tuple):
            return [str(v) for v in value if v]
        return []

    def last_evaluation(self, database: str) -> str | None:
        """The evaluation last shown for ``database``."""
        value = self._s.value(f"evaluations/{_key(database)}")
        return value if isinstance(value, str) and value else None

    def set_last_evaluation(self, database: str, name: str) -> None:
        """Remember the evaluation shown for ``database``."""
        self._s.setValue(f"evaluations/{_key(database)}", name)

    # -- numbers ---------------------------------------------------------------------
    def number_style(self) -> str:
        """How the app writes numbers: a key of ``format.NUMBER_STYLES`` ("en" by default)."""
        value = self._s.value("display/number_style")
        return value if isinstance(value, str) and value else "en"

    def set_number_style(self, style: str) -> None:
        """Remember how the app writes numbers."""
        self._s.setValue("display/number_style", style)

    # -- window ----------------------------------------------------------------------
    def window_geometry(self) -> QByteArray | None:
        """The saved main-window geometry."""
        value = self._s.value("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def window_state(self) -> QByteArray | None:
        """The saved toolbar/dock state."""
        value = self._s.value("window/state")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def save_window(self, geometry: QByteArray, state: QByteArray) -> None:
        """Remember the main window's geometry and state."""
        self._s.setValue("window/geometry", geometry)
        self._s.setValue("window/state", state)

    def last_view(self) -> str | None:
        """The sidebar page shown when the app last closed."""
        value = self._s.value("window/view")
        return value if isinstance(value, str) and value else None

    def set_last_view(self, key: str) -> None:
        """Remember the sidebar page."""
        self._s.setValue("window/view", key)

    def value(self, key: str, default: object = None) -> object:
        """Any other remembered value."""
        return self._s.value(key, default)

    def set_value(self, key: str, value: object) -> None:
        """Remember any other value."""
        self._s.setValue(key, value)

    def sync(self) -> None:
        """Write to disk now."""
        self._s.sync()


def _key(path: str) -> str:
    # QSettings keys cannot hold slashes meaningfully; a stable hash keeps them short.
    import hashlib

    return hashlib.sha1(path.encode("utf-8"), usedforsecurity=False).hexdigest()[:16]


def start_folder(kind: str) -> str:
    """Where a file dialog for ``kind`` ("database", "quotes", "reports") opens.

    The folder last used for that kind while it still exists, else the user's
    Documents folder, never the folder the app happened to be started from.
    """
    from PySide6.QtCore import QStandardPaths

    remembered = qsettings().value(f"folders/{kind}")
    if isinstance(remembered, str) and remembered and Path(remembered).is_dir():
        return remembered
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return documents if documents and Path(documents).is_dir() else str(Path.home())


def remember_folder(kind: str, chosen: str) -> None:
    """Remember the folder of a file just chosen for ``kind``."""
    if chosen:
        qsettings().setValue(f"folders/{kind}", str(Path(chosen).parent))
