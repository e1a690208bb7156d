"""The main window: pages, shortcuts, status bar, remembered settings, opening databases."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QKeySequence

from tests.gui.conftest import wait_idle


def test_every_page_opens_and_shows_the_database(window, qtbot) -> None:
    titles = []
    for key, view in window.views.items():
        shown = window.show_view(key)
        assert shown is view and window.current_view() is view
        titles.append(view.title)
    assert titles == [
        "Overview",
        "Workloads",
        "Vendors",
        "Quotes",
        "Scorecard",
        "Committee",
        "Award plan",
        "TCO",
        "Compliance",
        "Reports",
    ]
    assert window.db_label.text().endswith("sample.db")
    assert window.save_label.text() == "✓ All changes saved"


def test_standard_shortcuts(window) -> None:
    assert window.act_undo.shortcut() == QKeySequence("Ctrl+Z")
    assert QKeySequence("Ctrl+Shift+Z") in window.act_redo.shortcuts()
    assert window.act_open.shortcut() == QKeySequence(QKeySequence.StandardKey.Open)
    assert window.act_quit.shortcut() == QKeySequence(QKeySequence.StandardKey.Quit)
    assert window.act_import.shortcut() == QKeySequence("Ctrl+I")


def test_quotes_page_lists_every_current_line_and_shows_terms(window, qtbot) -> None:
    view = window.show_view("quotes")
    # 8 quotes × 6 lines; the revised quote counts once (its newest revision).
    assert view.model.total == 48
    assert view.count.text() == "48 lines"
    qtbot.keyClicks(view.search, "helios")
    qtbot.waitUntil(lambda: view.count.text() == "6 of 48 lines")
    view.table.selectRow(0)
    assert view.detail.title.text().startswith("Helios Cloud")
    assert "Revision 2" in view.detail.meta.text()
    view.detail.tabs.setCurrentIndex(1)
    assert view.detail.revisions.count() == 2
    # The second revision lowered the first line's price by 6 % and is dated later: the
    # history lists both, as the import report did.
    assert "2 differences" in view.detail.diff_title.text()
    assert [view.detail.diff_model.row(r).field for r in range(2)] == ["price", "quote date"]


def test_window_geometry_and_last_database_are_remembered(
    app, qtbot, sample_db: Path, _isolated_home: Path
) -> None:
    from computescore.gui.main_window import MainWindow

    first = MainWindow(remember=True)
    qtbot.addWidget(first)
    first.resize(1200, 700)
    first.workspace.open_now(sample_db)
    first.show_view("vendors")
    first.close()
    stored = QSettings(str(_isolated_home / "settings.ini"), QSettings.Format.IniFormat)
    assert stored.value("workspace/last_database") == str(sample_db)
    assert stored.value("window/view") == "vendors"
    second = MainWindow(remember=True)
    qtbot.addWidget(second)
    # The offscreen screen is small, so Qt fits the width to it; the height is restored.
    assert not stored.value("window/geometry").isEmpty()
    assert second.size().height() == 700
    assert second.current_view().key == "vendors"
    assert second.preferences.last_database() == str(sample_db)
    second.close()


def test_opening_a_file_that_is_not_a_database_says_so(window, qtbot, tmp_path: Path) -> None:
    from computescore.gui.errors import reporter

    bogus = tmp_path / "notes.db"
    bogus.write_text("these are meeting notes, not a database")
    with qtbot.waitSignal(window.workspace.open_failed, timeout=10_000) as blocker:
        window.open_path(str(bogus))
    assert "not a ComputeScore database" in blocker.args[0]
    qtbot.waitUntil(lambda: bool(reporter().shown))
    assert "not a ComputeScore database" in reporter().shown[-1]
    # The database that was open stays open and usable.
    assert window.workspace.path is not None and window.workspace.path.name == "sample.db"


def test_background_open_loads_the_snapshot(app, qtbot, sample_db: Path) -> None:
    from computescore.gui.main_window import MainWindow

    win = MainWindow(remember=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.workspace.opened, timeout=20_000):
        win.open_path(str(sample_db))
    wait_idle(qtbot)
    assert win.evaluation_box.currentText() == "2027 inference pool (sample)"
    assert win.windowTitle() == "sample.db — ComputeScore"
    assert win.act_import.isEnabled()


def test_new_evaluation_is_created_and_shown(window, qtbot) -> None:
    from computescore.gui.dialogs.new_evaluation import NewEvaluationDialog

    dialog = NewEvaluationDialog(window.workspace, window)
    dialog.create_evaluation()
    assert dialog.feedback.text() == "Give the evaluation a name."
    qtbot.keyClicks(dialog.name, "Q3 fine-tuning capacity")
    qtbot.keyClicks(dialog.end_user_hq, "fr")
    dialog.create_evaluation()
    assert dialog.result() == 1
    assert window.workspace.snapshot.evaluation.name == "Q3 fine-tuning capacity"
    assert window.workspace.snapshot.evaluation.end_user_hq == "FR"
    assert window.evaluation_box.count() == 2
    assert window.evaluation_box.currentText() == "Q3 fine-tuning capacity"


def test_the_workloads_page_says_what_each_workload_needs(window) -> None:  # type: ignore[no-untyped-def]
    from computescore.services.catalogue import load_catalogue
    from computescore.services.estimates import workload_brief

    view = window.show_view("workloads")
    view.list.setCurrentRow(0)
    workload = view._workloads[0]
    assert view.note.text() == workload_brief(workload, load_catalogue())
    assert view.note.text().startswith("On NVIDIA H100 SXM5 80GB: ")
    # The demo's 2 billion tokens a day: 21 H100s with three prompt tokens to one generated
    # (the evaluation's token mix; its MFU 0.15 reads prompts at 296.85 TFLOP/s), 76 if every
    # token were generated.
    assert (
        "21 accelerators for the load (25 % of its tokens generated, the prompt tokens read "
        "at peak × MFU)" in workload_brief(workload, load_catalogue())
    )
    generated = workload_brief(workload, load_catalogue(), output_share=1.0)
    assert "76 accelerators for the load (every token counted as generated)" in generated
