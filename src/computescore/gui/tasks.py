"""Long work off the GUI thread: a service function on the thread pool, with progress and Cancel.

A task is any callable ``work(progress) -> result`` where ``progress`` follows the
services' :class:`~computescore.services.progress.Progress` protocol. It runs on
``QThreadPool``; its progress, result and errors come back to the GUI thread
through a signals object. Nothing Qt-specific and no ORM object crosses the
thread boundary: the work returns plain records.

``run_task(..., title="Importing")`` also shows a progress dialog with Cancel,
after a short delay so that quick work does not flash a dialog.

While any task runs, Python's cycle collector does not run by itself. It runs in
whichever thread happens to allocate, and run on a worker thread it can free Qt
objects that belong to the GUI thread (a widget caught in a reference cycle, say),
which crashes the app. Cycles wait until the pool's threads are idle again; then
automatic collection resumes, on the GUI thread.
"""

from __future__ import annotations

import contextvars
import gc
import sys
import threading
import weakref
from collections.abc import Callable
from types import TracebackType
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QRunnable,
    Qt,
    QThreadPool,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtWidgets import QProgressDialog, QWidget

from computescore.gui.errors import report_exception
from computescore.services.progress import Cancelled

ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]

DIALOG_DELAY_MS = 400
"""Work shorter than this shows no progress dialog."""


class TaskProgress:
    """The ``Progress`` a task's work receives: thread-safe cancel flag, progress signal.

    It refers to its task weakly, so that a task and its progress form no reference
    cycle (cycles are freed by the cycle collector, at a moment nobody chooses).
    """

    def __init__(self, task: Task) -> None:
        self._task = weakref.ref(task)
        self._cancel = threading.Event()

    def report(self, fraction: float, message: str) -> None:
        """Forward progress to the GUI thread."""
        task = self._task()
        if task is None:
            return
        try:
            task.progressed.emit(max(0.0, min(1.0, float(fraction))), message)
        except RuntimeError:  # the task has finished and Qt has deleted it
            return

    def cancelled(self) -> bool:
        """True once Cancel was pressed."""
        return self._cancel.is_set()

    def cancel(self) -> None:
        """Ask the work to stop at its next check."""
        self._cancel.set()


class Task(QObject):
    """A handle on one piece of background work; its signals arrive on the GUI thread.

    Signals:
        progressed(fraction, message): the work reported progress.
        succeeded(result): the work returned ``result``.
        failed(exc_info): the work raised (``(type, value, traceback)``).
        cancelled(): the work stopped because Cancel was pressed.
        finished(): after any of the three above.
    """

    progressed = Signal(float, str)
    succeeded = Signal(object)
    failed = Signal(object)
    cancelled = Signal()
    finished = Signal()

    def __init__(self, name: str) -> None:
        # Owned by the application object and deleted with deleteLater once finished,
        # so the Qt object always ends on the GUI thread, at a quiet moment, whichever
        # thread drops the last Python reference to it.
        super().__init__(QCoreApplication.instance())
        self.name = name
        self.progress = TaskProgress(self)
        self.done = False
        self.result: Any = None
        self.error: ExcInfo | None = None
        self.was_cancelled = False
        self.on_success: Callable[[Any], None] | None = None
        self.on_error: Callable[[ExcInfo], None] | None = None
        self.on_cancel: Callable[[], None] | None = None
        self.succeeded.connect(self._on_succeeded)
        self.failed.connect(self._on_failed)
        self.cancelled.connect(self._on_cancelled)

    def cancel(self) -> None:
        """Ask the work to stop."""
        self.progress.cancel()

    # The callbacks run here, on the GUI thread, before the task counts as done, so
    # whoever waits for ``done`` sees their effects.
    @Slot(object)
    def _on_succeeded(self, result: Any) -> None:
        self.result = result
        try:
            if self.on_success is not None:
                self.on_success(result)
        finally:
            self._finish()

    @Slot(object)
    def _on_failed(self, exc_info: ExcInfo) -> None:
        self.error = exc_info
        try:
            if self.on_error is not None:
                self.on_error(exc_info)
            else:
                report_exception(*exc_info)
        finally:
            self._finish()

    @Slot()
    def _on_cancelled(self) -> None:
        self.was_cancelled = True
        try:
            if self.on_cancel is not None:
                self.on_cancel()
        finally:
            self._finish()

    def _finish(self) -> None:
        self.done = True
        _running.discard(self)
        _collector.release()
        self.finished.emit()
        self.deleteLater()


class _Runnable(QRunnable):
    def __init__(self, task: Task, work: Callable[[TaskProgress], Any]) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._task = task
        self._work = work
        # The work sees what the GUI thread had set when it was started (the
        # reporting currency its figures are shown in).
        self._context = contextvars.copy_context()

    def run(self) -> None:
        task = self._task
        try:
            result = self._context.run(self._work, task.progress)
        except Cancelled:
            task.cancelled.emit()
        except BaseException:
            exc_type, exc, tb = sys.exc_info()
            assert exc_type is not None and exc is not None
            task.failed.emit((exc_type, exc, tb))
        else:
            if task.progress.cancelled():
                task.cancelled.emit()
            else:
                task.succeeded.emit(result)


_running: set[Task] = set()


class _CollectorHold:
    """Keeps automatic cycle collection off while tasks run (used on the GUI thread only)."""

    RETRY_MS = 50

    def __init__(self) -> None:
        self.holds = 0
        self.was_enabled = False
        self.waiting = False

    def hold(self) -> None:
        """A task is about to start: stop automatic collection if it is on."""
        if self.holds == 0 and not self.waiting:
            self.was_enabled = gc.isenabled()
        gc.disable()
        self.holds += 1

    def release(self) -> None:
        """A task has finished: resume collection once the pool's threads are idle."""
        self.holds = max(0, self.holds - 1)
        if self.holds == 0 and not self.waiting:
            self.waiting = True
            self._resume_when_idle()

    def _resume_when_idle(self) -> None:
        if self.holds:
            self.waiting = False
            return
        if pool().activeThreadCount():
            # A worker is still leaving its run(); its last steps may still allocate.
            QTimer.singleShot(self.RETRY_MS, self._resume_when_idle)
            return
        self.waiting = False
        if self.was_enabled:
            gc.enable()


_collector = _CollectorHold()


def pool() -> QThreadPool:
    """The thread pool tasks run on (at most two threads: the machine has other work too)."""
    shared = QThreadPool.globalInstance()
    if shared.maxThreadCount() > 2:
        shared.setMaxThreadCount(2)
    return shared


def run_task(
    work: Callable[[TaskProgress], Any],
    *,
    name: str = "",
    on_success: Callable[[Any], None] | None = None,
    on_error: Callable[[ExcInfo], None] | None = None,
    on_cancel: Callable[[], None] | None = None,
    parent: QWidget | None = None,
    title: str | None = None,
    cancellable: bool = True,
) -> Task:
    """Run ``work(progress)`` on the thread pool and return its :class:`Task`.

    Callbacks run on the GUI thread. Errors go to ``on_error``, else to the app's
    error reporting (a ``UserError`` as a plain message, a bug with the log path).
    With ``title``, a progress dialog with Cancel appears if the work takes more
    than :data:`DIALOG_DELAY_MS`.
    """
    task = Task(name or (title or "task"))
    _running.add(task)
    _collector.hold()
    task.on_success = on_success
    task.on_error = on_error
    task.on_cancel = on_cancel
    if title is not None:
        _attach_dialog(task, parent, title, cancellable)
    pool().start(_runnable(task, work))
    return task


def _runnable(task: Task, work: Callable[[TaskProgress], Any]) -> QRunnable:
    return _Runnable(task, work)


def _attach_dialog(task: Task, parent: QWidget | None, title: str, cancellable: bool) -> None:
    dialog = QProgressDialog(title, "Cancel" if cancellable else "", 0, 1000, parent)
    dialog.setWindowTitle(title)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(DIALOG_DELAY_MS)
    dialog.setAutoClose(False)
    dialog.setAutoReset(False)
    dialog.setMinimumWidth(380)
    if not cancellable:
        dialog.setCancelButton(None)
    dialog.setValue(0)
    task.setProperty("dialog", dialog)

    def on_progress(fraction: float, message: str) -> None:
        dialog.setValue(round(fraction * 1000))
        if message:
            dialog.setLabelText(message)

    def on_cancel_pressed() -> None:
        dialog.setLabelText("Stopping…")
        task.cancel()

    task.progressed.connect(on_progress)
    dialog.canceled.connect(on_cancel_pressed)
    task.finished.connect(dialog.reset)
    task.finished.connect(dialog.deleteLater)
    # QProgressDialog only pops up on setValue; make sure it appears for silent work too.
    QTimer.singleShot(DIALOG_DELAY_MS, lambda: None if task.done else dialog.setValue(1))


def collection_resumed() -> bool:
    """True when no task holds the cycle collector off (tests wait for this)."""
    return _collector.holds == 0 and not _collector.waiting


def running_tasks() -> int:
    """How many tasks have not finished (the window asks before closing)."""
    return len(_running)
