"""Noticing what others save to a team database, so the window shows it without a reload.

On a PostgreSQL server every committed write is announced (NOTIFY); a background thread
listens on its own connection and the watcher's :attr:`ChangeWatcher.changed` signal
reaches the GUI thread, which reads the database again. A database file has no such
announcements and is not watched.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QTimer, Signal

from computescore.services.workspace import listen_for_changes

SETTLE_MS = 400
"""Announcements arriving this close together cause one refresh."""


class ChangeWatcher(QObject):
    """Listens for other people's writes; emits :attr:`changed` (who) once they settle."""

    changed = Signal(str)
    _heard = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._stop: threading.Event | None = None
        self._thread: threading.Thread | None = None
        self._users: list[str] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SETTLE_MS)
        self._timer.timeout.connect(self._settled)
        self._heard.connect(self._note)

    @property
    def watching(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, url: str) -> None:
        """Listen on the server database at ``url`` (stopping any earlier listener)."""
        self.stop()
        stop = threading.Event()
        self._stop = stop
        self._thread = threading.Thread(
            target=listen_for_changes,
            args=(url, self._heard.emit, stop),
            name="computescore-changes",
            daemon=True,
        )
        self._thread.start()

    def stop(self) -> None:
        """Stop listening (returns at once; the thread ends within its poll interval)."""
        if self._stop is not None:
            self._stop.set()
        self._stop = None
        self._thread = None
        self._timer.stop()
        self._users.clear()

    def _note(self, user: str) -> None:
        if self._stop is None:
            return
        self._users.append(user)
        self._timer.start()

    def _settled(self) -> None:
        users = sorted({u for u in self._users if u})
        self._users.clear()
        self.changed.emit(", ".join(users))
