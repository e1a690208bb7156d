"""The composition root: ``computescore gui`` opens the window on the database and exits cleanly.

It runs in a child process, as it does for a user: ``run_app`` installs process-wide
hooks and runs the application's own event loop.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from computescore.app import run_app
from computescore.gui.main_window import MainWindow

seen = {}

def poll():
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    ready = [w for w in windows if w.workspace.is_open and w.workspace.snapshot is not None]
    if ready:
        window = ready[0]
        seen["title"] = window.windowTitle()
        seen["lines"] = len(window.workspace.snapshot.lines)
        seen["view"] = window.current_view().key
        window.close()
        QApplication.instance().quit()
    else:
        QTimer.singleShot(50, poll)

QTimer.singleShot(0, poll)
seen["code"] = run_app(sys.argv[1])
print(json.dumps(seen))
"""


def _run(db: Path, home: Path) -> dict[str, object]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "COMPUTESCORE_HOME": str(home)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(db)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_run_app_opens_the_database_and_returns_zero(sample_db: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    seen = _run(sample_db, home)
    assert seen == {"title": "sample.db — ComputeScore", "lines": 48, "view": "overview", "code": 0}
    # The database is remembered for the next start, and nothing went to the real home.
    assert str(sample_db) in (home / "settings.ini").read_text()
