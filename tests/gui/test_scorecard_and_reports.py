"""Scorecard weights drive the ranking live and undoably; the TCO, compliance and report pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gui.conftest import wait_idle


@pytest.fixture
def analysed(window, qtbot):  # type: ignore[no-untyped-def]
    """The window with the engine's results computed."""
    qtbot.waitUntil(lambda: window.analysis.available and window.analysis.idle(), timeout=30_000)
    return window


def _leader(view) -> str:  # type: ignore[no-untyped-def]
    return view.ranking_model.row(0).label


def _stored_weights(path: Path) -> dict:
    from computescore.services.workspace import open_store

    with open_store(str(path)) as store, store.reading() as uow:
        return dict(uow.load_evaluation().weights)


def test_moving_a_weight_changes_the_ranking_and_undo_restores_it(
    analysed, qtbot, sample_db
) -> None:
    view = analysed.show_view("scorecard")
    assert view.showing_body
    first = _leader(view)
    assert f"Leader: {first}" in view.summary.text()
    # Axis scores do not depend on the weights: with all the weight on one axis, the
    # qualified quote with the best score on it must lead. Pick an axis whose best
    # quote is not the current leader.
    ranked = [r for r in view.ranking_model.rows() if r.rank is not None]
    axes = ("performance", "reliability", "cost", "service", "compliance")
    chosen, expected = next(
        (axis, best.label)
        for index, axis in enumerate(axes)
        for best in [max(ranked, key=lambda r, i=index: (r.axes[i].score, -r.rank))]
        if best.label != first
    )
    for axis, row in view.rows.items():
        row.type_value(100 if axis == chosen else 0)
    assert _leader(view) == expected  # live, before saving
    view.rows[chosen].entry.editingFinished.emit()
    assert _stored_weights(sample_db)[chosen] == pytest.approx(1.0)
    qtbot.waitUntil(lambda: analysed.analysis.idle() and analysis_settled(analysed), timeout=30_000)
    assert _leader(view) == expected
    assert view.preset.currentData() == "custom"
    analysed.act_undo.trigger()
    assert _stored_weights(sample_db) == {}
    wait_idle(qtbot)
    qtbot.waitUntil(lambda: analysed.analysis.idle(), timeout=30_000)
    assert _leader(view) == first
    assert view.rows["reliability"].value() == 30  # the steady preset is back


def analysis_settled(window) -> bool:  # type: ignore[no-untyped-def]
    """True once the stored weights' results replaced the live preview."""
    return window.analysis.preview is None


def test_knocked_out_quotes_are_struck_through_with_a_reason(analysed) -> None:
    from PySide6.QtCore import Qt

    view = analysed.show_view("scorecard")
    rows = view.ranking_model.rows()
    knocked = [i for i, r in enumerate(rows) if r.knockouts]
    assert knocked, "the sample has quotes whose data would leave the EU"
    index = view.ranking_model.index(knocked[0], 1)
    assert view.ranking_model.data(index, Qt.ItemDataRole.FontRole).strikeOut()
    reason = view.ranking_model.index(knocked[0], len(view.ranking_model.columns) - 1).data()
    assert reason  # the knock-out's title, e.g. "Data would leave EU …"


def test_tco_assumption_edit_recomputes_and_is_undoable(analysed, qtbot) -> None:
    view = analysed.show_view("tco")
    assert view.showing_body
    total_before = view.summary_model.row(0).total_usd
    field = view.form.fields["energy_usd_per_kwh"]
    field.editor.setText("0.40")
    field.editor.editingFinished.emit()
    assert analysed.workspace.snapshot.assumptions["energy_usd_per_kwh"] == pytest.approx(0.40)
    qtbot.waitUntil(lambda: analysed.analysis.idle(), timeout=30_000)
    assert analysed.analysis.result.assumptions.energy_usd_per_kwh == pytest.approx(0.40)
    analysed.act_undo.trigger()
    assert "energy_usd_per_kwh" not in analysed.workspace.snapshot.assumptions
    qtbot.waitUntil(lambda: analysed.analysis.idle(), timeout=30_000)
    assert view.summary_model.row(0).total_usd == pytest.approx(total_before)


@pytest.mark.parametrize(
    ("box", "key", "default", "said"),
    [
        ("spot_for_steady", "spot_for_steady", False, "spot chosen for steady workloads"),
        (
            "house_owned",
            "house_in_facility_quotes",
            True,
            "owned hardware not housed in facility quotes",
        ),
        (
            "owe_past_horizon",
            "owe_terms_past_horizon",
            True,
            "commitment months past the horizon not owed",
        ),
    ],
)
def test_an_on_off_assumption_is_an_undoable_switch(
    analysed, qtbot, box: str, key: str, default: bool, said: str
) -> None:
    view = analysed.show_view("tco")
    view.edit_assumptions.setChecked(True)
    switch = getattr(view, box)
    assert switch.isVisible() and switch.isChecked() is default
    switch.setChecked(not default)
    assert analysed.workspace.snapshot.assumptions[key] is (not default)
    qtbot.waitUntil(lambda: analysed.analysis.idle(), timeout=30_000)
    assert getattr(analysed.analysis.result.assumptions, key) is (not default)
    assert said in view.assumption_summary.full_text()
    analysed.act_undo.trigger()
    assert key not in analysed.workspace.snapshot.assumptions
    qtbot.waitUntil(lambda: analysed.analysis.idle(), timeout=30_000)
    assert switch.isChecked() is default


def test_compliance_page_lists_findings_with_rule_and_source(analysed) -> None:
    view = analysed.show_view("compliance")
    assert view.showing_body
    assert view.model.rowCount() > 0
    finding = view.model.row(0)
    assert finding.severity.value == "knockout"  # most severe first
    assert finding.rule_id and finding.source
    assert "Rule:" in view.detail.toPlainText()
    assert view.class_model.rowCount() >= 1


def test_export_a_report_writes_the_pdf_and_workbook(analysed, qtbot, tmp_path) -> None:
    view = analysed.show_view("reports")
    view.pdf_path.setText(str(tmp_path / "pack.pdf"))
    view.xlsx_path.setText(str(tmp_path / "pack.xlsx"))
    view.sections["monte_carlo"].setChecked(False)
    task = view.start_export()
    assert task is not None
    qtbot.waitUntil(lambda: task.done, timeout=120_000)
    assert task.error is None, task.error
    assert (tmp_path / "pack.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "pack.xlsx").read_bytes().startswith(b"PK")
    assert "Written: pack.pdf, pack.xlsx" in view.banner.text()


def test_export_to_a_missing_folder_says_so_and_writes_nothing(analysed, qtbot, tmp_path) -> None:
    view = analysed.show_view("reports")
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a folder should be")
    view.pdf_path.setText(str(blocked / "pack.pdf"))
    view.xlsx_on.setChecked(False)
    task = view.start_export()
    if task is not None:
        qtbot.waitUntil(lambda: task.done, timeout=60_000)
    assert view.banner.text().startswith("Nothing was written: cannot create the folder")
    assert blocked.read_text() == "a file where a folder should be"


def test_monte_carlo_runs_in_the_background_and_fills_the_table(analysed, qtbot) -> None:
    view = analysed.show_view("tco")
    task = analysed.analysis.run_monte_carlo(samples=400)
    assert task is not None
    qtbot.waitUntil(lambda: task.done, timeout=60_000)
    assert task.error is None, task.error
    rows = view.mc_model.rows()
    assert rows and all(r.p10_usd <= r.p50_usd <= r.p90_usd for r in rows)
    assert "400 samples" in view.mc_note.text()


def test_plan_page_shows_the_plan_its_scenarios_and_why(analysed, qtbot) -> None:
    view = analysed.show_view("plan")
    view.refresh()
    qtbot.waitUntil(lambda: view.report is not None and view.showing_body, timeout=30_000)
    plan = view.report.plan
    assert plan.feasible
    assert view.model.rowCount() == len(plan.allocations) > 0
    assert view.scenario.count() == len(view.report.scenarios)
    assert "(recommended)" in view.scenario.currentText()
    assert view.scenarios.rowCount() == len(view.report.scenarios)
    assert "Demand (counted in H100-equivalents" in view.detail.toPlainText()
    view.table.selectRow(0)
    assert "Why:" in view.detail.toPlainText()
    # Another scenario: the table and the banner follow it.
    last = view.scenario.count() - 1
    view.scenario.setCurrentIndex(last)
    other = view.report.scenarios[last].plan
    assert view.model.rowCount() == len(other.allocations)
    assert view.detail.toPlainText().startswith("Against the recommended scenario:")


def test_plan_page_tries_and_saves_the_users_rules(analysed, qtbot) -> None:
    view = analysed.show_view("plan")
    view.refresh()
    qtbot.waitUntil(lambda: view.report is not None and view.showing_body, timeout=30_000)
    built_in = len(view.report.scenarios)
    view.max_vendors.setValue(1)
    view.try_rules()
    qtbot.waitUntil(lambda: view.report is not None and view.showing_body, timeout=30_000)
    assert view.report.recommended.plan.policy.name == "Your rules"
    assert len(view.report.plan.vendors) == 1
    assert view.scenario.currentText() == "Your rules (recommended)"
    view.save_rules("One vendor only")
    qtbot.waitUntil(lambda: view.report is not None and view.showing_body, timeout=30_000)
    names = [s.plan.policy.name for s in view.report.scenarios]
    assert names.count("One vendor only") == 1 and len(names) == built_in + 1
    assert view.scenario.currentText() == "One vendor only (recommended)"
    # Undo removes the saved scenario again.
    analysed.workspace.undo_stack.undo()
    qtbot.waitUntil(lambda: view.report is not None and view.showing_body, timeout=30_000)
    assert "One vendor only" not in [s.plan.policy.name for s in view.report.scenarios]


def test_an_approver_approves_the_exported_pack_and_signs_its_pdf(
    analysed, qtbot, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    from computescore.reports.signature import read_signatures
    from tests.fixtures.certificates import make_certificate

    view = analysed.show_view("reports")
    view.sections["monte_carlo"].setChecked(False)
    view.pdf_path.setText(str(tmp_path / "pack.pdf"))
    view.xlsx_on.setChecked(False)
    assert view.signoff.approve_button.isEnabled()  # a file: whoever opens it may approve
    task = view.signoff.approve(note="Board of 1 December")
    qtbot.waitUntil(lambda: task.done, timeout=120_000)
    assert task.error is None, task.error
    assert "for exactly these inputs" in view.signoff.status.text()
    export = view.start_export()
    qtbot.waitUntil(lambda: export.done, timeout=120_000)
    assert view.signoff.status.text().startswith("Approved by ")
    assert "(Board of 1 December)" in view.signoff.status.text()
    cert = make_certificate(tmp_path)
    signed = view.signoff.sign(
        pdf=tmp_path / "pack.pdf", certificate=cert.p12, password=cert.password
    )
    assert signed == tmp_path / "pack-signed.pdf"
    (signature,) = read_signatures(signed.read_bytes(), [cert.pem.read_bytes()])
    assert signature.intact and signature.trusted and signature.pades


def test_the_tco_page_shows_energy_and_carbon_for_each_option(analysed) -> None:  # type: ignore[no-untyped-def]
    view = analysed.show_view("tco")
    pack = analysed.analysis.outcome.pack
    assert pack is not None and pack.energy
    table = view.energy.table
    assert table.rowCount() == len(pack.energy)
    first = pack.energy[0]
    assert table.item(0, 0).text() == first.label
    from computescore.domain.figures import format_number

    assert table.item(0, 3).text() == format_number(round(first.kwh / 1000, 1))
    assert "Energy = accelerators × board power × PUE × hours used" in view.energy.note.text()


def test_the_tco_page_shows_how_each_option_scales(analysed) -> None:  # type: ignore[no-untyped-def]
    view = analysed.show_view("tco")
    pack = analysed.analysis.outcome.pack
    assert pack is not None and pack.scaling
    tab = view.scaling
    names = [tab.workload.itemText(i) for i in range(tab.workload.count())]
    assert names == list(dict.fromkeys(row.workload for row in pack.scaling))
    for name in names:
        tab.workload.setCurrentText(name)
        rows = [row for row in pack.scaling if row.workload == name]
        assert tab.summary.rowCount() == len(rows)
        assert tab.summary.item(0, 0).text() == rows[0].label
        points = sum(len(row.points) for row in rows)
        assert tab.curve.rowCount() == points
        marked = [
            tab.curve.item(index, 1).text()
            for index in range(points)
            if "efficient" in tab.curve.item(index, 1).text()
        ]
        assert len(marked) == sum(1 for row in rows if row.efficient is not None)
    assert "economically efficient size" in tab.note.text()


def test_the_tco_page_compares_the_capacity_with_the_token_api_offer(
    app, qtbot, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from computescore.services.demo import create_demo
    from computescore.store.repository import Store
    from tests.gui.conftest import open_window

    db = tmp_path / "demo.db"
    with Store.open(db) as store:
        create_demo(store)
    window = open_window(qtbot, db)
    qtbot.waitUntil(lambda: window.analysis.available and window.analysis.idle(), timeout=60_000)
    view = window.show_view("tco")
    view.refresh()
    qtbot.waitUntil(lambda: bool(view.token_api.summary.text()), timeout=30_000)
    pack = window.analysis.outcome.pack
    assert pack is not None and pack.api is not None
    tab = view.token_api
    # The demo states no API: its token-API offer is the yardstick, listed below the
    # capacity, and the summary names it and its price per million tokens, at present value
    # as the capacity's is (its list price blends to $0.33).
    assert pack.api.api == "Lumen Inférence SAS — LI-2026-0412"
    assert pack.api.api in tab.summary.text() and "$0.29 per million" in tab.summary.text()
    assert "all its lines at present value" in tab.summary.text()
    assert tab.table.rowCount() == len(pack.api.rows) > 0
    assert tab.table.item(0, 0).text() == pack.api.rows[0][0]
    assert tab.offers.rowCount() == 1 and tab.offers.item(0, 3).text() == "qualified"
    # 2e9 tokens a day × 1,095 days at EUR 0.30 per million × 1.0850, discounted month by
    # month at the default 8 % a year: the offer's present value, as its TCO says.
    offer = next(q.tco for q in window.analysis.result.quotes if q.label == pack.api.api)
    assert offer.total_usd == pytest.approx(712_845.0)
    # The demo has three workloads: the Overview's leader is the first one's, and says so.
    overview = window.show_view("overview")
    workload = window.analysis.result.workload.name
    assert workload == "Production inference (13B chat model)"
    assert f"points for “{workload}”" in overview.card_leader.detail.text()
    assert tab.offers.item(0, 1).text() == f"${offer.headline_usd:,.0f}"
    assert offer.headline_usd < offer.total_usd
    window.close()


def test_the_token_mix_is_edited_with_the_tco_assumptions(analysed, qtbot) -> None:  # type: ignore[no-untyped-def]
    view = analysed.show_view("tco")
    field = view.form.fields["token_output_share"]
    assert field.editor.text() in ("25", "25.0")  # shown in percent: the default 0.25
    field.editor.setText("40")
    field.editor.editingFinished.emit()
    assert analysed.workspace.snapshot.assumptions["token_output_share"] == pytest.approx(0.40)
    qtbot.waitUntil(lambda: analysed.analysis.idle(), timeout=30_000)
    assert analysed.analysis.result.assumptions.token_output_share == pytest.approx(0.40)
    assert (
        "output tokens 40 %" in view.assumption_summary.toolTip() + view.assumption_summary.text()
    )
