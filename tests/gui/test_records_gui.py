"""Correcting and deleting in the app: line and terms editors, delete with undo, and the
recently deleted list that survives a restart."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from computescore.domain.presentation import currency_code
from computescore.gui import commands
from computescore.services.workspace import open_store
from tests.gui.conftest import wait_idle, when_modal


def _answer(choice: str) -> None:
    def click(box: QMessageBox) -> None:
        (chosen,) = [b for b in box.buttons() if b.text().replace("&", "") == choice]
        chosen.click()

    when_modal(click)


def _stored_quotes(window) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    with open_store(str(window.workspace.path)) as store, store.reading() as uow:
        evaluation = uow.evaluation_row()
        return {q.label: q for q in uow.load_quotes(evaluation.id)}


def _select_first_line(window, qtbot):  # type: ignore[no-untyped-def]
    view = window.show_view("quotes")
    wait_idle(qtbot)
    view.table.selectRow(0)
    quote, line_no = view.selected_line()
    return view, quote, line_no


def test_a_line_is_corrected_in_its_dialog_and_undone(window, qtbot) -> None:
    view, quote, line_no = _select_first_line(window, qtbot)
    assert view.edit_line_button.isEnabled()
    before = quote.lines[line_no - 1]

    def fill(dialog: Any) -> None:
        dialog.fields.editors["country"].setText("fr")
        dialog.fields.editors["price"].setText("2.5")
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()

    when_modal(fill)
    view.edit_line()
    wait_idle(qtbot)
    after = _stored_quotes(window)[quote.label].lines[line_no - 1]
    assert (after.country, str(after.price)) == ("FR", "2.5")
    assert window.workspace.undo_stack.undoText() == "Edit line 1: 2 fields"
    window.workspace.undo_stack.undo()
    wait_idle(qtbot)
    assert _stored_quotes(window)[quote.label].lines[line_no - 1] == before


def test_a_wrong_value_keeps_the_line_dialog_open_and_writes_nothing(window, qtbot) -> None:
    from computescore.gui.record_form import LineDialog

    _, quote, line_no = _select_first_line(window, qtbot)
    dialog = LineDialog(quote.lines[line_no - 1], "line 1")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.fields.editors["price"].setText("abc")
    dialog.fields.editors["currency"].setText("EUR")
    dialog._save()
    assert dialog.result_line is None and dialog.isVisible()
    assert "'price' cannot be 'abc': expected a number" in dialog.banner.text()
    assert _stored_quotes(window)[quote.label] == quote


def test_terms_are_corrected_group_by_group(window, qtbot) -> None:
    from computescore.gui.record_form import TermsDialog

    _, quote, _ = _select_first_line(window, qtbot)
    dialog = TermsDialog(quote)
    qtbot.addWidget(dialog)
    assert [dialog.tabs.tabText(i) for i in range(dialog.tabs.count())] == [
        "SLA",
        "Support",
        "Reliability",
        "Measured performance",
        "Exit terms",
    ]
    dialog.groups["sla"].editors["uptime_pct"].setText("99.5")
    dialog.groups["sla"].editors["credits"].setText("99.5:10, 99:30")
    exit_editors = dialog.groups["exit"].editors
    exit_editors["auto_renewal"].setCurrentIndex(exit_editors["auto_renewal"].findData("no"))
    dialog._save()
    assert dialog.result_quote is not None
    commands.replace_terms(window.workspace, quote.id, quote, dialog.result_quote)
    wait_idle(qtbot)
    stored = _stored_quotes(window)[quote.label]
    assert stored.sla.uptime_pct == 99.5
    assert [(c.below_uptime_pct, c.credit_pct) for c in stored.sla.credits] == [
        (99.5, 10.0),
        (99.0, 30.0),
    ]
    assert stored.exit_terms.auto_renewal is False


def test_a_deleted_quote_is_undone_and_restored_after_a_restart(window, qtbot) -> None:
    from computescore.gui.dialogs.deleted import DeletedDialog

    view, quote, _ = _select_first_line(window, qtbot)
    count = len(_stored_quotes(window))
    _answer("Cancel")
    view.delete_quote()
    assert len(_stored_quotes(window)) == count  # asked once; cancelled, nothing happened
    _answer("Delete")
    view.delete_quote()
    wait_idle(qtbot)
    assert quote.label not in _stored_quotes(window)
    window.workspace.undo_stack.undo()
    wait_idle(qtbot)
    assert quote.label in _stored_quotes(window)
    window.workspace.undo_stack.redo()
    wait_idle(qtbot)
    assert quote.label not in _stored_quotes(window)

    # A restart: the undo stack is gone, the recently deleted list is not.
    path = window.workspace.path
    window.workspace.close()
    window.workspace.open_now(path)
    assert window.workspace.undo_stack.count() == 0
    dialog = DeletedDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 1
    assert dialog.table.item(0, 1).text() == f"{quote.label} (revision {quote.revision})"
    dialog.restore_selected()
    wait_idle(qtbot)
    restored = _stored_quotes(window)[quote.label]
    assert restored.lines == quote.lines and restored.sla == quote.sla
    assert dialog.table.rowCount() == 0 and "Restored quote" in dialog.banner.text()


def test_workloads_are_duplicated_and_removed_undoably(window, qtbot) -> None:
    view = window.show_view("workloads")
    wait_idle(qtbot)
    names = [w.name for w in window.workspace.snapshot.evaluation.workloads]
    view.list.setCurrentRow(0)
    view.duplicate_workload()
    wait_idle(qtbot)
    after = [w.name for w in window.workspace.snapshot.evaluation.workloads]
    assert after == [*names, f"{names[0]} (2)"]
    view.list.setCurrentRow(len(after) - 1)
    _answer("Remove")
    view.remove_workload()
    wait_idle(qtbot)
    assert [w.name for w in window.workspace.snapshot.evaluation.workloads] == names
    window.workspace.undo_stack.undo()
    wait_idle(qtbot)
    assert [w.name for w in window.workspace.snapshot.evaluation.workloads] == after


def test_a_vendor_with_quotes_is_not_deleted_and_the_reason_is_shown(window, qtbot) -> None:
    from computescore.gui.errors import reporter

    view = window.show_view("vendors")
    wait_idle(qtbot)
    view.vendors.selectRow(0)
    name = view._vendor.name
    _answer("Delete")
    view.delete_vendor()
    wait_idle(qtbot)
    assert name in [v.name for v in window.workspace.snapshot.vendors]
    # The refusal reaches the reporter by a queued signal: wait for the event loop to run it.
    qtbot.waitUntil(
        lambda: any("delete them first" in str(shown) for shown in reporter().shown),
        timeout=10_000,
    )


def test_an_evaluation_is_deleted_and_comes_back_with_undo(window, qtbot) -> None:
    name = window.workspace.snapshot.evaluation.name
    _answer("Delete")
    window.delete_evaluation()
    wait_idle(qtbot)
    assert window.workspace.snapshot.evaluation is None
    assert not window.act_delete_eval.isEnabled()
    window.workspace.undo_stack.undo()
    wait_idle(qtbot)
    assert window.workspace.snapshot.evaluation.name == name
    assert len(_stored_quotes(window)) == len(window.workspace.snapshot.latest_summaries)


def test_first_start_offers_the_ways_in_and_the_demo_opens(app, qtbot, tmp_path) -> None:
    from computescore.gui.main_window import MainWindow
    from computescore.store.repository import Store

    empty = tmp_path / "empty.db"
    Store.open(empty).close()
    window = MainWindow(remember=False)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.workspace.open_now(empty)
    window.show()
    view = window.show_view("overview")
    wait_idle(qtbot)
    assert not view.showing_body
    texts = [b.text() for b in view.empty.findChildren(type(view.empty.button))]
    assert {"Create an evaluation…", "Open the demo", "Import quotes…"} <= set(texts)
    # The sentence is shown whole, not cut to one line.
    sentence = view.empty.text
    assert sentence.height() >= sentence.heightForWidth(sentence.width())
    assert window.act_import.isEnabled()  # an import into an empty workspace makes one
    view.empty.findChild(type(view.empty.button), "empty-open_demo").click()
    wait_idle(qtbot)
    assert window.workspace.snapshot.evaluation is not None
    assert window.workspace.path.name == "demo.db"


def test_help_ships_the_guide_the_format_and_the_shortcuts(window, qtbot) -> None:
    window.act_guide.trigger()
    assert window.help_dialog.windowTitle() == "User guide"
    assert "user guide" in window.help_dialog.browser.toPlainText().lower()
    window.act_format.trigger()
    assert "Quote" in window.help_dialog.browser.toPlainText()
    window.act_shortcuts.trigger()
    shortcuts = window.help_dialog.browser.toPlainText()
    assert "Import quotes" in shortcuts and "Ctrl+I" in shortcuts


def test_a_long_undo_text_keeps_the_toolbar_label_short(window, qtbot) -> None:
    _, quote, line_no = _select_first_line(window, qtbot)
    old = quote.lines[line_no - 1]
    commands.update_line(
        window.workspace,
        quote.id,
        line_no,
        old,
        old.__class__(
            **{**{name: getattr(old, name) for name in old.__slots__}, "region": "x" * 80}
        ),
    )
    wait_idle(qtbot)
    assert window.tool_undo.text() == "Undo" and window.tool_undo.isEnabled()
    assert window.tool_undo.toolTip() == "Undo: Edit line 1: region"
    assert window.evaluation_box.geometry().right() <= window.toolbar.width()


def test_file_dialogs_start_in_the_last_folder_or_documents(app, tmp_path) -> None:
    from pathlib import Path

    from computescore.gui.preferences import remember_folder, start_folder

    first = start_folder("quotes")
    assert first != str(Path.cwd()) or first == str(Path.home())
    folder = tmp_path / "vendor files"
    folder.mkdir()
    remember_folder("quotes", str(folder / "quote.xlsx"))
    assert start_folder("quotes") == str(folder)
    folder.rmdir()
    assert start_folder("quotes") == first  # a folder that is gone is not offered


def test_the_evaluation_is_renamed_and_redated_undoably(window, qtbot) -> None:
    from computescore.gui.record_form import EvaluationDialog

    old = window.workspace.snapshot.evaluation
    dialog = EvaluationDialog(old)
    qtbot.addWidget(dialog)
    dialog.fields.editors["end_user_hq"].setText("France")
    dialog._save()
    assert dialog.result_evaluation is None
    assert "not a two-letter ISO country code" in dialog.banner.text()
    dialog.fields.editors["end_user_hq"].setText("fr")
    dialog.fields.editors["name"].setText("Pool 2028")
    dialog.fields.editors["decision_date"].setText("2027-03-01")
    dialog._save()
    commands.edit_evaluation(window.workspace, old, dialog.result_evaluation)
    wait_idle(qtbot)
    shown = window.workspace.snapshot.evaluation
    assert (shown.name, shown.end_user_hq, shown.decision_date.isoformat()) == (
        "Pool 2028",
        "FR",
        "2027-03-01",
    )
    window.workspace.undo_stack.undo()
    wait_idle(qtbot)
    assert window.workspace.snapshot.evaluation.name == old.name


def test_an_ecb_rates_file_is_imported_in_the_dialog_and_undone(window, qtbot, tmp_path) -> None:
    from computescore.gui.dialogs.rates import RatesDialog

    ecb = tmp_path / "eurofxref.csv"
    ecb.write_text("Date, USD, GBP, \n25 November 2026, 1.1000, 0.8500, \n")
    dialog = RatesDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    before = window.workspace.snapshot.fx_rates
    dialog.import_file(str(ecb))
    wait_idle(qtbot)
    added = set(window.workspace.snapshot.fx_rates) - set(before)
    assert {(r.currency, str(r.usd_per_unit), r.as_of.isoformat()) for r in added} == {
        ("EUR", "1.1000", "2026-11-25"),
        ("GBP", "1.2941176", "2026-11-25"),  # 1.1000 / 0.8500
    }
    assert "Imported 2 rates dated 2026-11-25 from eurofxref.csv" in dialog.banner.text()
    bad = tmp_path / "rates.csv"
    bad.write_text("currency,date,rate\nEUR,2026-11-25,lots\n")
    dialog.import_file(str(bad))
    assert "rates.csv, row 2, column C" in dialog.feedback.text()
    window.workspace.undo_stack.undo()
    wait_idle(qtbot)
    assert window.workspace.snapshot.fx_rates == before


def test_the_window_size_is_remembered(app, qtbot) -> None:
    from computescore.gui.main_window import MainWindow

    first = MainWindow(remember=True)
    qtbot.addWidget(first)
    first.show()
    width = first.width()  # the offscreen screen is narrow: keep the width, change the height
    first.resize(width, 680)
    qtbot.waitUntil(lambda: first.height() == 680)
    first.close()
    second = MainWindow(remember=True)
    qtbot.addWidget(second)
    second.show()
    assert (second.width(), second.height()) == (width, 680)
    second.close()


def test_the_reporting_currency_and_number_format_change_every_figure(window, qtbot) -> None:
    from PySide6.QtCore import Qt

    from computescore.gui.record_form import EvaluationDialog

    def settled() -> bool:
        return bool(window.analysis.available and window.analysis.idle())

    def total_text() -> str:
        view = window.show_view("tco")
        qtbot.waitUntil(settled, timeout=30_000)
        index = view.summary_model.index(0, 1)
        return str(view.summary_model.data(index, Qt.ItemDataRole.DisplayRole))

    qtbot.waitUntil(settled, timeout=30_000)
    model = window.show_view("tco").summary_model
    total_usd = model.row(0).headline_usd
    assert total_text() == f"${total_usd:,.0f}"
    # Costs are compared at present value (8 % a year by default), and the column says so.
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Present\nvalue"
    assert total_usd < model.row(0).total_usd
    old = window.workspace.snapshot.evaluation
    dialog = EvaluationDialog(old)
    qtbot.addWidget(dialog)
    dialog.fields.editors["reporting_currency"].setText("euro")
    dialog._save()
    assert "not a three-letter ISO currency code" in dialog.banner.text()
    dialog.fields.editors["reporting_currency"].setText("eur")
    dialog._save()
    commands.edit_evaluation(window.workspace, old, dialog.result_evaluation)
    wait_idle(qtbot)
    # The sample's EUR rate of 2026-11-20 is 1.0850 USD per EUR.
    assert total_text() == f"€{total_usd / 1.085:,.0f}"
    window.set_number_style("de")
    try:
        wait_idle(qtbot)
        german = f"€{total_usd / 1.085:,.0f}".replace(",", ".")
        assert total_text() == german
    finally:
        window.set_number_style("en")
    window.workspace.undo_stack.undo()
    wait_idle(qtbot)
    assert total_text() == f"${total_usd:,.0f}"
    assert currency_code() == "USD"
