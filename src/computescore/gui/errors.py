"""One place where errors reach the user.

* A :class:`~computescore.errors.UserError` (bad file, missing rate, busy database)
  is the world's fault: it is shown as a plain message, nothing more.
* Anything else is a bug: the traceback goes to the log file and the user sees a
  calm dialog naming the log file, with the details one click away.

:func:`install_exception_hooks` routes ``sys.excepthook`` and
``threading.excepthook`` here; :func:`guarded` wraps slots, because an exception
escaping a slot does not always reach ``sys.excepthook`` under PySide6.
"""

from __future__ import annotations

import faulthandler
import functools
import logging
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any, ParamSpec, TypeVar

from PySide6.QtCore import QMetaObject, QObject, Qt, QThread, QUrl, Signal, Slot
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from computescore.errors import UserError

log = logging.getLogger("computescore.gui")

P = ParamSpec("P")
R = TypeVar("R")

BUG_SUMMARY = (
    "Something went wrong and the last action was not completed. "
    "Everything saved before it is safe."
)


class _Reporter(QObject):
    """Lives on the GUI thread; shows dialogs for errors raised on any thread."""

    show_bug = Signal(str, str)
    show_user_error = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.log_file: Path | None = None
        self.enabled_dialogs = True
        self.shown: list[str] = []
        """Messages shown so far (newest last); tests and the status bar read it."""
        self.show_bug.connect(self._on_bug, Qt.ConnectionType.QueuedConnection)
        self.show_user_error.connect(self._on_user_error, Qt.ConnectionType.QueuedConnection)

    @Slot(str, str)
    def _on_bug(self, summary: str, details: str) -> None:
        self.shown.append(summary)
        if self.enabled_dialogs:
            show_bug_dialog(_active_window(), summary, details, self.log_file)

    @Slot(str)
    def _on_user_error(self, message: str) -> None:
        self.shown.append(message)
        if self.enabled_dialogs:
            show_message(_active_window(), message)


_reporter: _Reporter | None = None


def reporter() -> _Reporter:
    """The process-wide reporter (created on first use, on the GUI thread)."""
    global _reporter
    if _reporter is None:
        _reporter = _Reporter()
    return _reporter


def _active_window() -> QWidget | None:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return None
    return app.activeWindow()


def show_message(parent: QWidget | None, message: str, title: str = "ComputeScore") -> None:
    """Show a plain message about something the user can fix."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(title)
    box.setText(message)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()


def show_bug_dialog(
    parent: QWidget | None, summary: str, details: str, log_file: Path | None
) -> None:
    """Show the "something went wrong" dialog with the log path and the details."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle("ComputeScore: unexpected error")
    box.setText(summary)
    where = f"The details were written to:\n{log_file}" if log_file else ""
    box.setInformativeText(where)
    box.setDetailedText(details)
    copy = box.addButton("Copy details", QMessageBox.ButtonRole.ActionRole)
    open_folder = None
    if log_file is not None and log_file.parent.exists():
        open_folder = box.addButton("Open log folder", QMessageBox.ButtonRole.ActionRole)
    box.addButton(QMessageBox.StandardButton.Close)
    box.exec()
    clicked = box.clickedButton()
    if clicked is copy:
        QGuiApplication.clipboard().setText(details)
    elif open_folder is not None and clicked is open_folder and log_file is not None:
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(log_file.parent)))


def report_exception(
    exc_type: type[BaseException],
    exc: BaseException,
    tb: TracebackType | None,
) -> None:
    """Log and show one exception: a plain message for ``UserError``, else the bug dialog.

    Safe to call from any thread: the dialog is always shown on the GUI thread.
    """
    if isinstance(exc, UserError):
        log.info("refused: %s", exc.message)
        reporter().show_user_error.emit(exc.message)
        return
    if isinstance(exc, KeyboardInterrupt):
        app = QApplication.instance()
        if app is not None:
            QMetaObject.invokeMethod(app, "quit", Qt.ConnectionType.QueuedConnection)
        return
    details = "".join(traceback.format_exception(exc_type, exc, tb))
    log.error("unexpected error\n%s", details)
    reporter().show_bug.emit(BUG_SUMMARY, details)


def install_exception_hooks(log_file: Path) -> None:
    """Route uncaught exceptions (main thread, other threads, native crashes) to the log.

    Native crashes (segfaults, aborts) go to ``native-crash.log`` next to the log file.
    """
    rep = reporter()
    rep.log_file = log_file
    sys.excepthook = report_exception

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None:
            report_exception(args.exc_type, args.exc_value, args.exc_traceback)

    threading.excepthook = thread_hook
    try:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        crash = (log_file.parent / "native-crash.log").open("a", encoding="utf-8")
        faulthandler.enable(crash)
        _keep_open.append(crash)
    except OSError:
        log.warning("native crash log unavailable in %s", log_file.parent)


_keep_open: list[Any] = []


def guarded(func: Callable[P, R]) -> Callable[P, R | None]:
    """Wrap a slot so that any exception is reported instead of escaping into Qt.

    The wrapped slot returns None when it failed. ``UserError`` becomes a plain
    message; anything else is logged and shown with the log path.
    """

    @functools.wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | None:
        try:
            return func(*args, **kwargs)
        except Exception:
            report_exception(*sys.exc_info())
            return None

    return wrapper


def on_gui_thread() -> bool:
    """True when called on the application's main (GUI) thread."""
    app = QApplication.instance()
    return app is not None and QThread.currentThread() is app.thread()
