"""One exception hook for the app; background work with progress, Cancel and errors."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from computescore.errors import InputRefused
from computescore.gui import tasks
from computescore.gui.errors import guarded, install_exception_hooks, reporter
from computescore.services.progress import check_cancel


@pytest.fixture
def hooks(app, tmp_path):  # type: ignore[no-untyped-def]
    import faulthandler
    import logging

    log_file = tmp_path / "logs" / "computescore.log"
    log_file.parent.mkdir(parents=True)
    handler = logging.FileHandler(log_file)
    logger = logging.getLogger("computescore")
    logger.addHandler(handler)
    old_hook, old_thread_hook = sys.excepthook, threading.excepthook
    install_exception_hooks(log_file)
    yield log_file
    sys.excepthook, threading.excepthook = old_hook, old_thread_hook
    faulthandler.enable(file=sys.__stderr__)
    logger.removeHandler(handler)
    handler.close()


def test_user_error_in_a_slot_is_a_plain_message(hooks, qtbot) -> None:
    @guarded
    def slot() -> None:
        raise InputRefused("quotes.xlsx is password-protected; remove the password and retry.")

    assert slot() is None
    qtbot.waitUntil(lambda: bool(reporter().shown))
    assert reporter().shown[-1] == (
        "quotes.xlsx is password-protected; remove the password and retry."
    )
    assert "Traceback" not in hooks.read_text()


def test_a_bug_in_a_slot_is_logged_with_its_traceback(hooks, qtbot) -> None:
    @guarded
    def slot() -> None:
        {}["missing"]

    slot()
    qtbot.waitUntil(lambda: bool(reporter().shown))
    assert reporter().shown[-1].startswith("Something went wrong")
    text = hooks.read_text()
    assert "Traceback" in text and "KeyError: 'missing'" in text


def test_a_bug_in_another_thread_reaches_the_same_hook(hooks, qtbot) -> None:
    thread = threading.Thread(target=lambda: 1 / 0)
    thread.start()
    thread.join()
    qtbot.waitUntil(lambda: bool(reporter().shown))
    assert "ZeroDivisionError" in hooks.read_text()


def test_task_returns_its_result_with_progress(app, qtbot) -> None:
    seen: list[tuple[float, str]] = []

    def work(progress):  # type: ignore[no-untyped-def]
        for step in range(4):
            progress.report(step / 4, f"step {step}")
        return 42

    task = tasks.run_task(work)
    task.progressed.connect(lambda f, m: seen.append((f, m)))
    qtbot.waitUntil(lambda: task.done, timeout=5000)
    assert task.result == 42
    assert task.error is None


def test_cancel_stops_the_work(app, qtbot) -> None:
    started = threading.Event()

    def work(progress):  # type: ignore[no-untyped-def]
        started.set()
        for _ in range(500):
            check_cancel(progress)
            time.sleep(0.01)
        return "finished"

    task = tasks.run_task(work)
    started.wait(5)
    task.cancel()
    qtbot.waitUntil(lambda: task.done, timeout=5000)
    assert task.was_cancelled
    assert task.result is None


def test_task_errors_go_to_the_error_callback(app, qtbot) -> None:
    errors: list[BaseException] = []

    def work(_progress):  # type: ignore[no-untyped-def]
        raise InputRefused("the file is empty")

    task = tasks.run_task(work, on_error=lambda info: errors.append(info[1]))
    qtbot.waitUntil(lambda: task.done, timeout=5000)
    assert [str(e) for e in errors] == ["the file is empty"]


def test_callbacks_run_on_the_gui_thread_before_the_task_is_done(app, qtbot) -> None:
    seen: list[tuple[bool, bool]] = []

    def on_success(_result: object) -> None:
        seen.append((task.done, threading.current_thread() is threading.main_thread()))

    task = tasks.run_task(lambda _progress: 42, on_success=on_success)
    qtbot.waitUntil(lambda: task.done, timeout=10_000)
    # Whoever waits for ``done`` sees what the callback did.
    assert seen == [(False, True)]
    assert task.result == 42


def test_no_automatic_cycle_collection_while_tasks_run(app, qtbot) -> None:
    # Collected on a worker thread, a cycle holding a widget would be freed off the
    # GUI thread; so the collector waits while tasks run and resumes afterwards.
    import gc

    assert gc.isenabled()
    release = threading.Event()
    seen: list[bool] = []

    def work(progress: tasks.TaskProgress) -> str:
        seen.append(gc.isenabled())
        release.wait(5)
        return "done"

    first = tasks.run_task(work, name="first")
    second = tasks.run_task(lambda progress: gc.isenabled(), name="second")
    qtbot.waitUntil(lambda: second.done, timeout=5_000)
    assert second.result is False and not gc.isenabled()  # the first still runs
    release.set()
    qtbot.waitUntil(lambda: first.done, timeout=5_000)
    qtbot.waitUntil(tasks.collection_resumed, timeout=5_000)
    assert seen == [False] and gc.isenabled()


def test_a_finished_task_is_deleted_by_qt_on_the_gui_thread(app, qtbot) -> None:
    # Left to the cycle collector, a task's Qt object was destroyed wherever and
    # whenever a collection ran, once while Qt held its signal lock (a deadlock).
    import shiboken6

    task = tasks.run_task(lambda progress: progress.report(0.5, "half") or 7, name="short")
    qtbot.waitUntil(lambda: task.done, timeout=5_000)
    qtbot.waitUntil(lambda: not shiboken6.isValid(task), timeout=5_000)
    assert task.result == 7 and task.error is None  # its outcome stays readable
    task.progress.report(1.0, "late")  # a late report from the work goes nowhere
