"""Composition root of the desktop app: paths, logging, exception hooks, QApplication, window.

The window is shown before the database layer (SQLAlchemy, SQLModel, Alembic) and
the heavy libraries (pandas, matplotlib, reportlab) are imported: the database is
opened on a worker thread once the window is on screen, and charts, imports and
reports import their libraries when first used.
"""

from __future__ import annotations

import logging
import os
import sys
import time

_STARTED = time.perf_counter()

log = logging.getLogger("computescore.gui")


def _startup_database(db: str | None) -> str:
    """The database to open: ``--db``, ``COMPUTESCORE_DB``, the last one used, or the default."""
    from computescore.gui.preferences import Preferences
    from computescore.settings import resolve_db_path, resolve_db_target

    if db or os.environ.get("COMPUTESCORE_DB"):
        return str(resolve_db_target(db))
    last = Preferences().last_database()
    return last or str(resolve_db_path(None))


def create_application(argv: list[str] | None = None):  # type: ignore[no-untyped-def]
    """The ``QApplication`` with the app's names, icon, palette and style."""
    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from computescore import __version__
    from computescore.gui import icons, theme
    from computescore.settings import APP_AUTHOR, APP_NAME

    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(
            Qt.HighDpiScaleFactorRoundingPolicy.PassThrough
        )
        app = QApplication(argv if argv is not None else sys.argv[:1])
    QCoreApplication.setOrganizationName(APP_AUTHOR)
    QCoreApplication.setApplicationName(APP_NAME)
    QCoreApplication.setApplicationVersion(__version__)
    QGuiApplication.setApplicationDisplayName(APP_NAME)
    QGuiApplication.setDesktopFileName("computescore")
    app.setFont(theme.base_font())
    theme.apply(app)
    app.setWindowIcon(icons.app_icon())

    def follow_os(_scheme: object) -> None:
        # The OS switched between light and dark: rebuild the palette and style sheet.
        theme.apply(app)

    QGuiApplication.styleHints().colorSchemeChanged.connect(follow_os)
    return app


def run_app(db: str | None, *, view: str | None = None) -> int:
    """Open the desktop app on ``db`` (or the remembered or default database).

    Returns the process exit code.
    """
    from computescore.gui.errors import install_exception_hooks
    from computescore.logging_setup import configure_logging

    log_file = configure_logging()
    install_exception_hooks(log_file)
    app = create_application()

    from computescore.gui.main_window import MainWindow

    window = MainWindow()
    if view:
        window.show_view(view)
    window.show()
    log.info("main window shown %.3f s after start", time.perf_counter() - _STARTED)
    path = _startup_database(db)
    window.open_path(path)
    from PySide6.QtCore import QTimer

    from computescore.gui import theme

    QTimer.singleShot(0, theme.register_fallback_fonts)
    code = app.exec()
    return int(code)


def started_at() -> float:
    """``time.perf_counter()`` when this module was imported (start-up measurements)."""
    return _STARTED
