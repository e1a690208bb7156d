"""The import wizard, driven like a user: files, preview, columns, check, import, undo."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from computescore.services.demo import samples_dir
from tests.gui.conftest import wait_idle

SAMPLE = "brightline_gpu_cloud.xlsx"


def _quote_count(workspace) -> int:  # type: ignore[no-untyped-def]
    return len(workspace.snapshot.latest_summaries)


def _wizard(window, files):  # type: ignore[no-untyped-def]
    from computescore.gui.dialogs.import_wizard import ImportWizard

    return ImportWizard(window.workspace, window, files=[str(f) for f in files])


@pytest.fixture
def sample_file(tmp_path: Path) -> Path:
    target = tmp_path / SAMPLE
    shutil.copy(samples_dir() / SAMPLE, target)
    return target


def test_guess_vendor_from_the_file_name() -> None:
    from computescore.gui.dialogs.import_wizard import guess_vendor

    names = ["Brightline GPU Cloud", "Kessler Systemhaus", "Aurora Colocation"]
    assert guess_vendor("brightline_gpu_cloud.xlsx", names) == "Brightline GPU Cloud"
    assert guess_vendor("kessler_systemhaus_angebot.xlsx", names) == "Kessler Systemhaus"
    assert guess_vendor("quote.xlsx", names) == ""
    # A shared common word is not enough: "cloud" alone names no vendor.
    assert guess_vendor("brightline_gpu_cloud.xlsx", ["Cascade AI Cloud"]) == ""


def test_import_a_sample_through_every_step_then_undo(window, qtbot, sample_file) -> None:
    before = _quote_count(window.workspace)
    wizard = _wizard(window, [sample_file])
    qtbot.addWidget(wizard)
    wizard.show()
    assert wizard.current_step() == "files"
    wizard.vendor.setCurrentText("Brightline GPU Cloud")
    wizard.go_next()  # reads the file in the background
    qtbot.waitUntil(lambda: wizard.current_step() == "preview", timeout=30_000)
    # The preview marks the detected header row (row 6 of the Pricing sheet).
    assert 6 in wizard.preview_model.header_rows
    assert "Header detected on row 6" in wizard.preview_note.text()
    wizard.go_next()
    assert wizard.current_step() == "mapping"
    headers = [wizard.mapping.item(r, 1).text() for r in range(wizard.mapping.rowCount())]
    assert "USD per node-hour" in headers
    price_row = headers.index("USD per node-hour")
    assert wizard.mapping.cellWidget(price_row, 2).currentData() == "price"
    wizard.go_next()
    assert wizard.current_step() == "check"
    assert "7 lines ready to import" in wizard.check_summary.text()
    # Nothing has been written so far.
    window.workspace.reload(wait=True)
    assert _quote_count(window.workspace) == before
    wizard.go_next()
    assert wizard.current_step() == "import"
    assert wizard.quote_model.row(0)["revision"] == "new quote"
    with qtbot.waitSignal(window.workspace.snapshot_changed, timeout=20_000):
        wizard.go_next()  # Import
    assert wizard.stored.startswith("Imported 1 quote with 7 lines")
    wait_idle(qtbot)
    assert _quote_count(window.workspace) == before + 1
    assert "Brightline GPU Cloud" in {s.vendor for s in window.workspace.snapshot.latest_summaries}
    # Undo removes exactly that import; redo brings it back.
    with qtbot.waitSignal(window.workspace.snapshot_changed, timeout=20_000):
        window.act_undo.trigger()
    assert _quote_count(window.workspace) == before
    with qtbot.waitSignal(window.workspace.snapshot_changed, timeout=20_000):
        window.act_redo.trigger()
    assert _quote_count(window.workspace) == before + 1


def test_a_bad_file_is_explained_and_nothing_is_written(window, qtbot, tmp_path) -> None:
    from computescore.services.workspace import open_store
    from computescore.store.db import table_counts

    bad = tmp_path / "quote.xlsx"
    bad.write_text("vendor,price\nAcme,3.10\n" * 0 + "this is not a spreadsheet at all")
    with open_store(str(window.workspace.path)) as store:
        before = table_counts(store.engine)
    wizard = _wizard(window, [bad])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.vendor.setCurrentText("Acme")
    wizard.go_next()
    qtbot.waitUntil(lambda: wizard.idle() and wizard.banner.isVisible(), timeout=30_000)
    assert wizard.current_step() == "files"
    assert "quote.xlsx" in wizard.banner.text()
    assert not wizard.next.isEnabled() or wizard.read_result.drafts == {}
    with open_store(str(window.workspace.path)) as store:
        assert table_counts(store.engine) == before


def test_problem_jumps_to_its_cell(window, qtbot, tmp_path) -> None:
    from computescore.domain.problems import Problem, Severity

    target = tmp_path / "kessler_systemhaus_angebot.xlsx"
    shutil.copy(samples_dir() / target.name, target)
    wizard = _wizard(window, [target])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.vendor.setCurrentText("Kessler Systemhaus")
    wizard.go_to("check")
    qtbot.waitUntil(lambda: wizard.current_step() == "check", timeout=30_000)
    problems = wizard.all_problems()
    assert any("hidden" in p.message for p in problems)
    # A problem addressed to a cell selects that cell in the preview.
    wizard.problem_model.set_rows(
        [Problem(f"{target.name}!Angebot!E10", "price not readable", Severity.ERROR, "n/a")]
    )
    wizard.problems.selectRow(0)
    wizard.show_selected_cell()
    assert wizard.current_step() == "preview"
    assert wizard.preview_model.marked == (9, 4)


def test_import_into_an_empty_workspace_creates_the_evaluation(
    app, qtbot, tmp_path, sample_file
) -> None:
    from computescore.gui.main_window import MainWindow
    from computescore.services.workspace import open_store

    empty = tmp_path / "new.db"
    with open_store(str(empty)):
        pass  # a new, empty workspace
    win = MainWindow(remember=False)
    qtbot.addWidget(win)
    win.workspace.open_now(empty)
    assert win.workspace.snapshot.evaluation is None
    win.import_quotes(files=[str(sample_file)])
    wizard = win.import_wizard
    wizard.vendor.setCurrentText("Brightline GPU Cloud")
    wizard.go_to("import")
    qtbot.waitUntil(lambda: wizard.current_step() == "import", timeout=30_000)
    with qtbot.waitSignal(win.workspace.snapshot_changed, timeout=20_000):
        wizard.go_next()  # Import
    assert wizard.stored is not None
    assert "into the new evaluation “Quotes from Brightline GPU Cloud”" in wizard.stored
    wait_idle(qtbot)
    assert win.workspace.snapshot.evaluation.name == "Quotes from Brightline GPU Cloud"
    assert _quote_count(win.workspace) == 1


def test_the_mapping_step_says_why_a_column_was_read_as_it_was(window, qtbot, tmp_path) -> None:
    path = tmp_path / "hx_prices.csv"
    path.write_text(
        "Instances,GPU,GPUs per instance,Price per hour (USD)\n"
        "hx2.8g,H100 SXM,8,25.60\nhx2.4g,H100 SXM,4,12.80\n",
        encoding="utf-8",
    )
    wizard = _wizard(window, [path])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.vendor.setCurrentText("Hx Cloud")
    wizard.go_next()
    qtbot.waitUntil(lambda: wizard.current_step() == "preview", timeout=30_000)
    wizard.go_next()
    assert wizard.current_step() == "mapping"
    headers = [wizard.mapping.item(r, 1).text() for r in range(wizard.mapping.rowCount())]
    row = headers.index("Instances")
    assert wizard.mapping.cellWidget(row, 2).currentData() == "description"
    why = wizard.mapping.item(row, 3).text()
    assert "reads as nodes, but its values are names" in why
    assert "Numbers: read with a decimal point" in wizard.mapping_note.text()


def test_alternatives_side_by_side_each_list_their_own_columns(window, qtbot, tmp_path) -> None:
    from tests.fixtures.xlsx_builder import Sheet, build_xlsx
    from tests.io.test_side_by_side import proposal_rows

    path = build_xlsx(tmp_path / "proposal.xlsx", [Sheet("Proposal", proposal_rows())])
    wizard = _wizard(window, [path])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.vendor.setCurrentText("Helios Compute Inc.")
    wizard.go_to("mapping")
    qtbot.waitUntil(lambda: wizard.current_step() == "mapping", timeout=30_000)
    places = [wizard.table_list.item(r).text() for r in range(wizard.table_list.count())]
    assert len(places) == 2 and "from column G (Option B" in places[1]
    for row, letters in ((0, "ABCDE"), (1, "GHIJK")):
        wizard.table_list.setCurrentRow(row)
        shown = [wizard.mapping.item(r, 0).text() for r in range(wizard.mapping.rowCount())]
        assert "".join(shown) == letters  # not the other alternative's columns


def test_options_compared_as_columns_show_their_rows_and_their_own_values(
    window, qtbot, tmp_path
) -> None:
    from tests.fixtures.xlsx_builder import Sheet, build_xlsx
    from tests.io.test_transposed import COMPARISON, LETTERHEAD

    path = build_xlsx(tmp_path / "proposal.xlsx", [Sheet("Proposal", [*LETTERHEAD, *COMPARISON])])
    wizard = _wizard(window, [path])
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.go_to("preview")
    qtbot.waitUntil(lambda: wizard.current_step() == "preview" and wizard.idle(), timeout=30_000)
    note = wizard.preview_note.text()
    assert "Header detected on row 4" in note and "quote lines on rows 5–13" in note
    wizard.go_to("mapping")
    qtbot.waitUntil(lambda: wizard.current_step() == "mapping", timeout=30_000)
    # each option lists its line's table, then its cost lines
    for row, accelerator in ((0, "NVIDIA H100 SXM 80GB"), (2, "NVIDIA B200 SXM 180GB")):
        wizard.table_list.setCurrentRow(row)
        headers = [wizard.mapping.item(r, 1).text() for r in range(wizard.mapping.rowCount())]
        sample = wizard.mapping.item(headers.index("Accelerator"), 4).text()
        assert sample == accelerator  # the option's own value, not the sheet's cell there
