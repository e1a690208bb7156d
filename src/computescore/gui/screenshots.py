"""Render each main page of the app to PNG, offscreen, for the README and the user guide."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, QSize
from PySide6.QtWidgets import QApplication, QWidget

from computescore.gui import tasks
from computescore.gui.main_window import MainWindow

log = logging.getLogger("computescore.gui")

DEFAULT_VIEWS = (
    "overview",
    "workloads",
    "vendors",
    "quotes",
    "scorecard",
    "committee",
    "plan",
    "tco",
    "compliance",
    "reports",
)


def settle(timeout_s: float = 20.0, until: Callable[[], bool] | None = None) -> None:
    """Process events until background work is done (and ``until()`` holds) or time runs out."""
    deadline = time.monotonic() + timeout_s
    quiet_since: float | None = None
    while time.monotonic() < deadline:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        tasks.pool().waitForDone(20)
        busy = tasks.running_tasks() > 0 or (until is not None and not until())
        if busy:
            quiet_since = None
            continue
        quiet_since = quiet_since or time.monotonic()
        if time.monotonic() - quiet_since > 0.15:
            return


def grab(widget: QWidget, path: Path) -> Path:
    """Save ``widget`` as a PNG at ``path``."""
    settle(5.0)
    pixmap = widget.grab()
    path.parent.mkdir(parents=True, exist_ok=True)
    if not pixmap.save(str(path), "PNG"):
        raise OSError(f"Could not write {path}")
    return path


def render_screenshots(
    db: str | Path,
    out_dir: str | Path,
    *,
    size: QSize | None = None,
    views: Sequence[str] = DEFAULT_VIEWS,
    import_file: str | Path | None = None,
    prefix: str = "",
) -> list[Path]:
    """Open ``db`` in a main window of ``size`` and save one PNG per page to ``out_dir``.

    Also saves the import wizard's column-mapping step, on ``import_file`` (default:
    a shipped sample quote) when one is available. Returns the files written.
    """
    app = QApplication.instance()
    assert app is not None, "create the QApplication first"
    size = size or QSize(1440, 900)
    out = Path(out_dir)
    from computescore.gui import theme

    theme.register_fallback_fonts()
    window = MainWindow(remember=False)
    window.resize(size)
    window.workspace.open_now(db)
    window.show()
    settle()
    written: list[Path] = []
    for number, key in enumerate(views, start=1):
        view = window.show_view(key)
        view.refresh()
        ready = getattr(view, "ready", None)
        settle(until=ready if callable(ready) else None)
        written.append(grab(window, out / f"{prefix}{number:02d}-{key}.png"))
        extra = getattr(view, "extra_screens", None)
        for suffix, show in extra() if callable(extra) else []:
            show()
            settle(until=ready if callable(ready) else None)
            written.append(grab(window, out / f"{prefix}{number:02d}-{key}-{suffix}.png"))
    sample = Path(import_file) if import_file else _sample_quote()
    if sample is not None and sample.exists() and _wizard_available():
        written.extend(_import_screens(window, sample, out, size, prefix))
    written.extend(_dialog_screens(window, out, prefix))
    window.close()
    settle(2.0)
    written.append(_first_start(out, size, prefix))
    return written


def _dialog_screens(window: MainWindow, out: Path, prefix: str) -> list[Path]:
    """The editors and lists opened from the menus and pages, each on the data shown."""
    from computescore.gui.dialogs.deleted import DeletedDialog
    from computescore.gui.dialogs.rates import RatesDialog
    from computescore.gui.dialogs.rfq import RfqDialog
    from computescore.gui.record_form import EvaluationDialog, LineDialog, TermsDialog

    snapshot = window.workspace.snapshot
    if snapshot is None or snapshot.evaluation is None:
        return []
    dialogs: list[tuple[str, QWidget]] = [
        ("evaluation", EvaluationDialog(snapshot.evaluation, window)),
        ("fx", RatesDialog(window.workspace, window)),
        ("deleted", DeletedDialog(window.workspace, window)),
        ("rfq", RfqDialog(window.workspace, window)),
    ]
    from computescore.gui.views.quotes import QuotesView

    quotes = window.show_view("quotes")
    assert isinstance(quotes, QuotesView)
    quotes.refresh()
    settle()
    if quotes.model.rowCount():
        quotes.table.selectRow(0)
        found = quotes.selected_line()
        if found is not None:
            quote, line_no = found
            where = f"{quote.label}, line {line_no}"
            dialogs.insert(1, ("edit-line", LineDialog(quote.lines[line_no - 1], where, window)))
            dialogs.insert(2, ("edit-terms", TermsDialog(quote, window)))
    result = window.analysis.result if window.analysis is not None else None
    if result is not None:
        from computescore.domain.swing import swings
        from computescore.gui.swing_form import SwingDialog

        dialogs.append(("swing", SwingDialog(swings(result.scorecard), None, window)))
        from computescore.gui.ahp_form import AhpDialog

        dialogs.append(("ahp", AhpDialog(None, window)))
    written = []
    for name, dialog in dialogs:
        dialog.show()
        settle(2.0)
        written.append(grab(dialog, out / f"{prefix}dialog-{name}.png"))
        dialog.close()
    return written


def _first_start(out: Path, size: QSize, prefix: str) -> Path:
    """The window on a new, empty workspace: what a first-time user sees."""
    import tempfile

    from computescore.store.repository import Store

    with tempfile.TemporaryDirectory(prefix="computescore-first-") as folder:
        empty = Path(folder) / "evaluation.db"
        Store.open(empty).close()
        window = MainWindow(remember=False)
        window.resize(size)
        window.workspace.open_now(empty)
        window.show()
        window.show_view("overview").refresh()
        settle()
        path = grab(window, out / f"{prefix}first-start.png")
        window.close()
        settle(2.0)
    return path


def _wizard_available() -> bool:
    try:
        import computescore.gui.dialogs.import_wizard  # noqa: F401
    except ImportError:
        return False
    return True


def _sample_quote() -> Path | None:
    try:
        from computescore.services.demo import samples_dir

        folder = samples_dir()
    except Exception:
        return None
    # A German quote with a hidden column and two tables shows the most of the wizard.
    preferred = folder / "kessler_systemhaus_angebot.xlsx"
    if preferred.exists():
        return preferred
    for pattern in ("*.xlsx", "*.csv"):
        found = sorted(folder.glob(pattern))
        if found:
            return found[0]
    return None


def _import_screens(
    window: MainWindow, sample: Path, out: Path, size: QSize, prefix: str
) -> list[Path]:
    from computescore.gui.dialogs.import_wizard import ImportWizard

    wizard = ImportWizard(window.workspace, window, files=[str(sample)])
    try:
        from computescore.services.demo import demo_vendors

        for vendor, files in demo_vendors():
            if sample.name in files:
                wizard.vendor.setCurrentText(vendor.name)
    except Exception:  # the demo's vendor list is optional for screenshots
        log.info("no demo vendor list; the import screens show no vendor")
    wizard.resize(QSize(min(1200, size.width() - 80), min(780, size.height() - 60)))
    wizard.show()
    settle()
    written = []
    for page_name in wizard.screenshot_pages():
        wizard.go_to(page_name)
        settle(until=wizard.idle)
        written.append(grab(wizard, out / f"{prefix}import-{page_name}.png"))
    wizard.reject()
    return written
