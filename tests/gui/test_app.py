"""The composition root: ``computescore gui`` opens the window on the database and exits cleanly."""

from __future__ import annotations

import sys
import threading

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication


def test_run_app_opens_the_database_and_returns_zero(app, sample_db, _isolated_home) -> None:
    from computescore.app import run_app
    from computescore.gui.main_window import MainWindow

    seen: dict[str, object] = {}

    def poll() -> None:
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
        ready = [w for w in windows if w.workspace.is_open and w.workspace.snapshot is not None]
        if ready:
            window = ready[0]
            seen["title"] = window.windowTitle()
            seen["lines"] = len(window.workspace.snapshot.lines)
            window.close()
            QApplication.instance().quit()
        else:
            QTimer.singleShot(50, poll)

    hooks = sys.excepthook, threading.excepthook
    try:
        QTimer.singleShot(0, poll)
        assert run_app(str(sample_db)) == 0
    finally:
        import faulthandler

        sys.excepthook, threading.excepthook = hooks
        faulthandler.enable(file=sys.__stderr__)
    assert seen == {"title": "sample.db — ComputeScore", "lines": 48}
    # The database is remembered for the next start.
    assert (_isolated_home / "settings.ini").read_text().count("sample.db") >= 1
