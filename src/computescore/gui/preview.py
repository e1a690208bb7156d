"""Previews: one page of the app, alone, on the demo workspace.

``python -m computescore.gui.preview quotes`` opens the main window on a demo
workspace (built once in the temporary folder) and shows the page named. This is the
one preview entry point; the pages themselves have none.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any


def preview_database(folder: str | Path) -> Path:
    """The demo workspace for previews, built once in ``folder``."""
    path = Path(folder) / "preview.db"
    if path.exists():
        return path
    from computescore.services.demo import create_demo
    from computescore.services.workspace import open_store

    with open_store(str(path)) as store:
        create_demo(store)
    return path


def open_preview(view_key: str, folder: str | Path | None = None) -> Any:
    """The main window on the preview workspace, showing one page (not yet in its loop)."""
    import tempfile

    from PySide6.QtWidgets import QApplication

    from computescore.gui import theme
    from computescore.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    theme.apply(app)  # type: ignore[arg-type]
    place = Path(folder) if folder else Path(tempfile.gettempdir()) / "computescore-preview"
    place.mkdir(parents=True, exist_ok=True)
    window = MainWindow(remember=False)
    window.workspace.open_now(preview_database(place))
    window.show_view(view_key)
    window.show()
    return window


def run_preview(view_key: str, folder: str | Path | None = None) -> int:
    """Open one page of the app on the preview workspace and run until it is closed."""
    from PySide6.QtWidgets import QApplication

    window = open_preview(view_key, folder)
    app = QApplication.instance()
    assert app is not None and window is not None
    return int(app.exec())


VIEWS = (
    "overview",
    "workloads",
    "vendors",
    "quotes",
    "tco",
    "scorecard",
    "compliance",
    "reports",
)


def main(argv: list[str] | None = None) -> int:
    """``python -m computescore.gui.preview VIEW``: one page of the app on the demo."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m computescore.gui.preview",
        description="Open the app on a demo workspace, showing one page.",
    )
    parser.add_argument("view", choices=VIEWS, help="the page to show")
    parser.add_argument("--folder", help="where the demo workspace is kept (default: temp)")
    args = parser.parse_args(argv)
    return run_preview(args.view, args.folder)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
