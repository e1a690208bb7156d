"""The Committee page: criteria, scores side by side with flags, scoring and consensus."""

from __future__ import annotations

from typing import Any

from computescore.domain.committee import Criterion
from computescore.domain.weights import Axis
from computescore.services.committee import committee_view, record_score, save_criterion
from tests.gui.conftest import wait_idle, when_modal


def _cells(table: Any, row: int) -> list[str]:
    return [table.item(row, c).text() for c in range(table.columnCount())]


def test_the_page_shows_scores_side_by_side_and_the_lead_records_consensus(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    store = window.workspace.store
    vendors = sorted(v.name for v in window.workspace.snapshot.vendors)
    first = vendors[0]
    save_criterion(store, Criterion("Reference calls", Axis.SERVICE, 0.3, description="refs"))
    record_score(store, "Reference calls", first, 9, evaluator="ada", submit=True)
    record_score(store, "Reference calls", first, 4, evaluator="ben", submit=True)
    window.workspace.reload(wait=True)
    page = window.show_view("committee")
    wait_idle(qtbot)
    assert page.criteria.rowCount() == 1
    assert _cells(page.criteria, 0)[:4] == ["Reference calls", "Service", "30%", "0–10"]
    headers = [page.scores.horizontalHeaderItem(c).text() for c in range(page.scores.columnCount())]
    assert headers == ["Criterion", "Vendor", "ada", "ben", "Spread", "Consensus", "Reason"]
    assert page.scores.rowCount() == len(vendors)
    assert _cells(page.scores, 0)[:6] == ["Reference calls", first, "9", "4", "5  ⚑ discuss", "—"]
    assert "1 score far apart and not yet agreed" in page.banner.text()

    page.scores.selectRow(0)

    def agree(dialog: Any) -> None:
        dialog.scored.setChecked(False)  # the lead only records the consensus
        dialog.consensus.setValue(6.5)
        dialog.reason.setPlainText("References confirmed one late delivery")
        dialog._accept()

    when_modal(agree)
    page.score_selected()
    wait_idle(qtbot)
    view = committee_view(store)
    (agreed,) = view.committee.consensus
    assert (agreed.vendor, agreed.score, agreed.reason) == (
        first,
        6.5,
        "References confirmed one late delivery",
    )
    assert _cells(page.scores, 0)[5:] == ["6.5", "References confirmed one late delivery"]
    assert not page.banner.isVisible()


def test_an_evaluator_scores_as_a_draft_and_then_submits(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    store = window.workspace.store
    save_criterion(store, Criterion("Roadmap fit", Axis.PERFORMANCE, 0.2, 5))
    window.workspace.reload(wait=True)
    page = window.show_view("committee")
    wait_idle(qtbot)
    page.scores.selectRow(1)
    vendor = page.scores.item(1, 1).text()

    def score(dialog: Any) -> None:
        dialog.evaluator.setText("cy")
        dialog.score.setValue(3.5)
        dialog.note.setText("no roadmap shared")
        dialog._accept()

    when_modal(score)
    page.score_selected()
    wait_idle(qtbot)
    (mine,) = committee_view(store).committee.scores
    assert (mine.evaluator, mine.vendor, mine.score, mine.submitted) == ("cy", vendor, 3.5, False)
    assert "(your draft" not in page.scores.item(1, 1).text()  # the page scores as the OS user
    assert "Drafts: cy." in page.summary.text()
