"""GUI test set-up: offscreen Qt, settings and user folders in temporary places, no modal dialogs.

Every test gets its own ``COMPUTESCORE_HOME`` (from the root conftest) and its own
``QSettings`` location, so nothing is read from or written to the real home.
Error dialogs are recorded instead of shown (a modal dialog would block a test).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("COMPUTESCORE_THEME", "light")

from PySide6.QtCore import QSettings


@pytest.fixture(autouse=True)
def _isolated_qsettings(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """QSettings in a temporary folder for this test."""
    folder = tmp_path_factory.mktemp("qsettings")
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
        QSettings.setPath(QSettings.Format.IniFormat, scope, str(folder))
    yield folder


@pytest.fixture(autouse=True)
def _tasks_settled(qapp, qtbot):  # type: ignore[no-untyped-def]
    """After each test: background tasks finished and cycle collection back on."""
    yield
    from computescore.gui import tasks

    tasks.pool().waitForDone(10_000)
    qtbot.waitUntil(lambda: tasks.running_tasks() == 0, timeout=10_000)
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)


@pytest.fixture
def app(qapp):  # type: ignore[no-untyped-def]
    """The QApplication set up as the app sets it up (palette, style, icon)."""
    from computescore.app import create_application
    from computescore.gui.errors import reporter

    create_application()
    rep = reporter()
    rep.enabled_dialogs = False
    rep.shown.clear()
    yield qapp
    rep.shown.clear()


@pytest.fixture
def sample_db(tmp_path: Path) -> Path:
    """A database with the sample evaluation: 8 quotes of 6 lines, one with two revisions."""
    from tests.fixtures.sample_workspace import build_sample

    return build_sample(tmp_path / "sample.db")


def open_window(qtbot, db: Path):  # type: ignore[no-untyped-def]
    """A main window on ``db`` at 1366 × 768, opened synchronously, shown and exposed."""
    from computescore.gui.main_window import MainWindow

    win = MainWindow(remember=False)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.workspace.open_now(db)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def window(app, qtbot, sample_db: Path):  # type: ignore[no-untyped-def]
    """The main window on the sample database, opened synchronously and shown."""
    win = open_window(qtbot, sample_db)
    yield win
    import shiboken6

    from computescore.gui import tasks

    tasks.pool().waitForDone(5000)
    # pytest-qt has closed the window and asked Qt to delete it by now; the wait below
    # lets Qt do so.
    if shiboken6.isValid(win):
        win.close()
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)


def wait_idle(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Wait until background tasks are finished and their results delivered."""
    from computescore.gui import tasks

    qtbot.waitUntil(lambda: tasks.running_tasks() == 0, timeout=20_000)
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)


def when_modal(action: Callable[[Any], None]) -> None:
    """Run ``action`` on the next modal dialog or message box once it is shown."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def attempt() -> None:
        widget = QApplication.activeModalWidget()
        if widget is None:
            QTimer.singleShot(20, attempt)
            return
        action(widget)

    QTimer.singleShot(20, attempt)
