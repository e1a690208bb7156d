"""An incomplete cost is flagged where the decision is made: the exchange-rates dialog, the
scorecard's warning and scales, and an export that warns before it writes."""

from __future__ import annotations

from datetime import date

import pytest

from tests.gui.conftest import wait_idle


@pytest.fixture
def analysed(window, qtbot):  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: window.analysis.available and window.analysis.idle(), timeout=30_000)
    return window


def _settle(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    wait_idle(qtbot)
    qtbot.waitUntil(lambda: window.analysis.available and window.analysis.idle(), timeout=30_000)


def _drop_euro_rate(window, qtbot):  # type: ignore[no-untyped-def]
    """Delete the EUR rate through the dialog; returns the dialog."""
    from computescore.gui.dialogs.rates import RatesDialog

    dialog = RatesDialog(window.workspace, window)
    qtbot.addWidget(dialog)
    codes = [dialog.table.item(row, 0).text() for row in range(dialog.table.rowCount())]
    dialog.table.selectRow(codes.index("EUR"))
    dialog.delete_selected()
    _settle(window, qtbot)
    dialog.refresh()
    return dialog


def test_a_missing_rate_is_named_warned_and_fixed_undoably(analysed, qtbot) -> None:
    view = analysed.show_view("scorecard")
    assert not view.caveat.isVisible()
    assert "Scales — performance: 0 TFLOP/s per accelerator → 0" in view.method.text()
    assert "No quote that does not win changes the winner" in view.method.text()
    dialog = _drop_euro_rate(analysed, qtbot)
    assert "for EUR" in dialog.banner.text()
    assert dialog.currency.currentText() == "EUR"
    view = analysed.show_view("scorecard")
    assert view.caveat.isVisible()
    assert "no EUR → USD exchange rate" in view.caveat.text()
    # A rate that is no number is refused with the reason; a good one is set.
    dialog.rate.setText("one")
    dialog.set_rate()
    assert "is not a number" in dialog.feedback.text()
    dialog.rate.setText("1.09")
    dialog.as_of.setDate(date(2026, 11, 1))
    dialog.set_rate()
    _settle(analysed, qtbot)
    assert not view.caveat.isVisible()
    # Undo takes the rate away again, and the warning comes back.
    analysed.act_undo.trigger()
    _settle(analysed, qtbot)
    assert view.caveat.isVisible()


def test_an_export_with_an_incomplete_award_warns_before_it_writes(
    analysed, qtbot, tmp_path
) -> None:
    _drop_euro_rate(analysed, qtbot)
    view = analysed.show_view("reports")
    pdf = tmp_path / "pack.pdf"
    view.pdf_path.setText(str(pdf))
    view.xlsx_on.setChecked(False)
    view.sections["monte_carlo"].setChecked(False)
    task = view.start_export()
    assert task is not None
    qtbot.waitUntil(lambda: task.done, timeout=120_000)
    assert not pdf.exists()
    assert view.banner.text().startswith("Nothing was written yet.")
    assert view.export_button.text() == "Export anyway"
    task = view.start_export()
    assert task is not None
    qtbot.waitUntil(lambda: task.done, timeout=120_000)
    assert task.error is None, task.error
    assert pdf.read_bytes().startswith(b"%PDF")
    assert view.export_button.text() == "Export"


def test_the_scales_dialog_refuses_bad_anchors_and_stores_good_ones(analysed, qtbot) -> None:
    from computescore.domain.scoring.scales import ScoreScales
    from computescore.gui import commands
    from computescore.gui.scale_form import ScalesDialog
    from computescore.services.scales import SCALES_KEY, with_scales

    result = analysed.analysis.result
    rules = result.scorecard.rules
    current = ScoreScales(rules.performance_scale, rules.cost_scale, rules.scales_origin)
    dialog = ScalesDialog(result.workload.name, current, current)
    qtbot.addWidget(dialog)
    dialog.cost.hundred.setValue(30.0)
    dialog.cost.zero.setValue(6.0)
    dialog.check_and_accept()
    assert dialog.answer is None
    assert "must be below the one that scores 0" in dialog.feedback.text()
    dialog.cost.hundred.setValue(4.0)
    dialog.cost.zero.setValue(40.0)
    dialog.performance.relative.setChecked(True)
    dialog.check_and_accept()
    answer = dialog.answer
    assert answer is not None and answer.performance == "relative"
    assert answer.cost == (40.0, 4.0)
    snap = analysed.workspace.snapshot
    new = with_scales(
        snap.assumptions, result.workload.name, current, performance="relative", cost=(40.0, 4.0)
    )
    commands.set_evaluation_field(analysed.workspace, "assumptions", new, "Score scales")
    _settle(analysed, qtbot)
    rules = analysed.analysis.result.scorecard.rules
    assert rules.performance_scale is None and rules.cost_scale is not None
    assert rules.cost_scale.ideal == 4.0 and rules.cost_scale.floor == 40.0
    view = analysed.show_view("scorecard")
    assert "relative to the best quote present" in view.method.text()
    analysed.act_undo.trigger()
    _settle(analysed, qtbot)
    assert SCALES_KEY not in analysed.workspace.snapshot.assumptions


def test_frozen_weights_cannot_be_moved_in_the_app(app, qtbot, sample_db) -> None:
    from computescore.services.weighting import freeze
    from computescore.services.workspace import open_store
    from tests.gui.conftest import open_window

    with open_store(str(sample_db)) as store:
        note = freeze(store, None)
    win = open_window(qtbot, sample_db)
    qtbot.waitUntil(lambda: win.analysis.available and win.analysis.idle(), timeout=30_000)
    view = win.show_view("scorecard")
    assert note.startswith("Weights and scales frozen on")
    qtbot.waitUntil(lambda: note in view.weights_note.text(), timeout=10_000)
    assert not view.rows["cost"].slider.isEnabled()
    assert not view.scales_button.isEnabled()
    win.close()


def test_swing_weighting_in_the_app_sets_the_weights_undoably(analysed, qtbot) -> None:
    from computescore.domain.swing import swings
    from computescore.domain.weights import Axis
    from computescore.gui import commands
    from computescore.gui.swing_form import SwingDialog

    before = dict(analysed.workspace.snapshot.evaluation.weights)
    dialog = SwingDialog(swings(analysed.analysis.result.scorecard))
    qtbot.addWidget(dialog)
    # Every move at 50 points: none is the most wanted, so nothing can be saved yet.
    assert not dialog.save_button.isEnabled() and "100 points" in dialog.banner.text()
    points = {Axis.COST: 100, Axis.RELIABILITY: 60}
    for axis, spin in dialog.spins.items():
        spin.setValue(points.get(axis, 20))
    # Hand-worked: 100 + 60 + 3 × 20 = 220 points → cost 100/220 = 45.5 %, reliability 27.3 %.
    assert dialog.shares[Axis.COST].text() == "45.5 %"
    assert dialog.shares[Axis.RELIABILITY].text() == "27.3 %"
    dialog._save()
    commands.set_swing_weights(analysed.workspace, dialog.result_weights, dialog.points)
    _settle(analysed, qtbot)
    weights = analysed.workspace.snapshot.evaluation.weights
    assert weights["cost"] == pytest.approx(100 / 220)
    method = analysed.workspace.snapshot.assumptions["weighting"]
    assert method["method"] == "swing" and method["points"]["reliability"] == 60.0
    analysed.workspace.undo_stack.undo()
    _settle(analysed, qtbot)
    assert dict(analysed.workspace.snapshot.evaluation.weights) == before


def test_pairwise_comparison_in_the_app_sets_the_weights_undoably(analysed, qtbot) -> None:
    from computescore.domain.weights import Axis
    from computescore.gui import commands
    from computescore.gui.ahp_form import CHOICES, AhpDialog

    before = dict(analysed.workspace.snapshot.evaluation.weights)
    dialog = AhpDialog(None)
    qtbot.addWidget(dialog)
    # Every pair "as important": equal weights, consistent, savable.
    assert dialog.save_button.isEnabled() and "20.0 %" in dialog.shares.text()
    three = next(i for i, (_text, value) in enumerate(CHOICES) if value == 3.0)
    for (first, _second), combo in dialog.combos.items():
        if first is Axis.COST:
            combo.setCurrentIndex(three)  # cost 3 × service and 3 × compliance
    # A contradiction disables Save and names the answer to revisit.
    far = next(i for i, (_text, value) in enumerate(CHOICES) if value == 9.0)
    dialog.combos[(Axis.SERVICE, Axis.COMPLIANCE)].setCurrentIndex(far)
    dialog.combos[(Axis.PERFORMANCE, Axis.COST)].setCurrentIndex(far)
    assert not dialog.save_button.isEnabled() and "revisit" in dialog.banner.text()
    equal = next(i for i, (_text, value) in enumerate(CHOICES) if value == 1.0)
    dialog.combos[(Axis.SERVICE, Axis.COMPLIANCE)].setCurrentIndex(equal)
    third = next(i for i, (_text, value) in enumerate(CHOICES) if value == 1 / 3)
    dialog.combos[(Axis.PERFORMANCE, Axis.COST)].setCurrentIndex(third)
    dialog.combos[(Axis.RELIABILITY, Axis.COST)].setCurrentIndex(third)
    assert dialog.save_button.isEnabled()
    assert "consistency ratio 0.000" in dialog.shares.text()
    dialog._save()
    commands.set_ahp_weights(analysed.workspace, dialog.result_weights, dialog.pairs)
    _settle(analysed, qtbot)
    weights = analysed.workspace.snapshot.evaluation.weights
    # Cost 3 × each of the others, which are equal among themselves: 3/7 and 1/7 each.
    assert weights["cost"] == pytest.approx(3 / 7)
    assert weights["service"] == pytest.approx(1 / 7)
    method = analysed.workspace.snapshot.assumptions["weighting"]
    assert method["method"] == "ahp" and method["pairs"]["cost/service"] == 3.0
    analysed.workspace.undo_stack.undo()
    _settle(analysed, qtbot)
    assert dict(analysed.workspace.snapshot.evaluation.weights) == before


def test_the_overview_counts_the_open_findings_the_board_pack_counts(analysed, qtbot) -> None:
    """The card and the pack's tile count the same findings: compliance and fit alike."""
    from computescore.domain.findings import FindingSeverity

    view = analysed.show_view("overview")
    outcome = analysed.analysis.outcome
    found = outcome.pack.open_findings()
    assert found, "the sample has open findings"
    knockouts = sum(1 for f in found if f.severity is FindingSeverity.KNOCKOUT)
    assert view.card_findings.value.text() == str(len(found))
    assert view.card_findings.detail.text() == (
        f"{knockouts} knock-outs · {len(found) - knockouts} warnings"
    )
