"""Edits are saved at once, audited, and undoable; bad values are explained and not saved."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from computescore.store.repository import Store


def _audit_count(path) -> int:
    from computescore.services.workspace import open_store

    with open_store(str(path)) as store:
        from computescore.store.db import table_counts

        return table_counts(store.engine)["audit_log"]


def _stored_hours(path) -> float:
    from computescore.services.workspace import open_store

    with open_store(str(path)) as store, store.reading() as uow:
        return uow.load_evaluation().workloads[0].hours_per_day


def test_workload_edit_is_saved_audited_and_undone(window, qtbot, sample_db) -> None:
    view = window.show_view("workloads")
    field = view.form.fields["hours_per_day"]
    before = _audit_count(sample_db)
    field.editor.selectAll()
    qtbot.keyClicks(field.editor, "16")
    field.editor.editingFinished.emit()
    assert _stored_hours(sample_db) == 16.0
    assert _audit_count(sample_db) == before + 1
    assert window.workspace.undo_stack.count() == 1
    assert window.act_undo.text().startswith("Undo Edit Production inference")
    window.act_undo.trigger()
    assert _stored_hours(sample_db) == 20.0
    window.act_redo.trigger()
    assert _stored_hours(sample_db) == 16.0
    assert Store.open(sample_db).verify_audit_chain() == []


def test_bad_value_is_explained_inline_and_not_saved(window, qtbot, sample_db) -> None:
    view = window.show_view("workloads")
    field = view.form.fields["hours_per_day"]
    field.editor.selectAll()
    qtbot.keyClicks(field.editor, "30")
    field.editor.editingFinished.emit()
    assert field.feedback.text() == "Hours per day must be at most 24 (found 30)"
    assert field.editor.property("invalid") is True
    assert view.banner.text() == "Not saved: Hours per day must be at most 24 (found 30)."
    assert _stored_hours(sample_db) == 20.0
    assert window.workspace.undo_stack.count() == 0
    # What the user typed stays in the field to be corrected.
    assert field.editor.text() == "30"


def test_a_need_by_date_is_saved_and_a_bad_one_explained(window, qtbot, sample_db) -> None:
    from computescore.services.workspace import open_store

    view = window.show_view("workloads")
    field = view.form.fields["needed_by"]
    field.editor.selectAll()
    qtbot.keyClicks(field.editor, "1 March")
    field.editor.editingFinished.emit()
    assert field.feedback.text() == "Needed by must be a date such as 2027-03-01 (found '1 March')"
    field.editor.selectAll()
    qtbot.keyClicks(field.editor, "2027-03-01")
    field.editor.editingFinished.emit()
    with open_store(str(sample_db)) as store, store.reading() as uow:
        assert uow.load_evaluation().workloads[0].needed_by == date(2027, 3, 1)


def test_expired_certification_is_highlighted_and_a_new_one_can_be_undone(
    window, qtbot, sample_db
) -> None:
    from computescore.domain.quotes import Certification

    view = window.show_view("vendors")
    names = [view.proxy.index(r, 0).data() for r in range(view.proxy.rowCount())]
    view.vendors.selectRow(names.index("Aurora Colocation"))
    # Its ISO/IEC 27001 ended on 2026-06-30, before the decision date 2026-12-01.
    assert view.banner.isVisible()
    assert "ISO/IEC 27001" in view.banner.text()
    status = view.cert_model.index(0, 4).data()
    assert status == "Expired 2026-06-30"
    renewed = Certification("ISO/IEC 27001", "BSI", date(2026, 7, 1), date(2029, 6, 30))
    view._save(replace(view._vendor, certifications=(renewed,)))
    qtbot.waitUntil(lambda: not view.banner.isVisible(), timeout=10_000)
    window.act_undo.trigger()
    qtbot.waitUntil(lambda: view.banner.isVisible(), timeout=10_000)
