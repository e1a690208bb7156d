"""The committee on both engines: criteria, independent scores, consensus, the workbook."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from computescore.domain.committee import Criterion
from computescore.domain.weights import Axis
from computescore.errors import InputRefused
from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.committee import (
    committee_view,
    record_consensus,
    record_score,
    save_criterion,
    set_rules,
    submit_scores,
)
from computescore.services.committee_workbook import (
    import_evaluator_workbook,
    write_evaluator_workbook,
)
from computescore.services.demo import create_demo
from computescore.services.evaluate import EvaluateOptions
from computescore.store.repository import Store

BRIGHT = "Brightline GPU Cloud, Inc."
MERIDIAN = "Meridian Compute LLC"
CALLS = "Reference calls"
QUICK = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))


@pytest.fixture
def store(db_target: Path | str) -> Iterator[Store]:
    with Store.open(db_target) as opened:
        create_demo(opened)
        yield opened


def _service(store: Store, vendor: str) -> float:
    result = analyse(store, None, QUICK).result
    score = next(s for s in result.scorecard.scores if s.label.startswith(vendor))
    return next(a.score for a in score.axes if a.axis is Axis.SERVICE)


def test_scores_count_once_submitted_and_the_consensus_overrides_the_mean(store: Store) -> None:
    computed = _service(store, BRIGHT)
    save_criterion(store, Criterion(CALLS, Axis.SERVICE, 0.3, description="references"))
    record_score(store, CALLS, BRIGHT, 8, evaluator="ada", submit=True)
    record_score(store, CALLS, BRIGHT, 3, evaluator="bo", note="two late deliveries")
    # bo's draft does not count: ada's 8 alone → 0.7 × computed + 0.3 × 80.
    assert _service(store, BRIGHT) == pytest.approx(0.7 * computed + 24.0)
    assert submit_scores(store, evaluator="bo") == ("bo", 1)
    assert _service(store, BRIGHT) == pytest.approx(0.7 * computed + 0.3 * 55.0)
    view = committee_view(store)
    (row,) = view.rows
    assert row.scores == (("ada", 8.0), ("bo", 3.0)) and row.spread == 5 and row.flagged
    record_consensus(store, CALLS, BRIGHT, 5, "references mixed")
    assert _service(store, BRIGHT) == pytest.approx(0.7 * computed + 15.0)
    with pytest.raises(InputRefused, match="bo already submitted 3 for"):
        record_score(store, CALLS, BRIGHT, 9, evaluator="bo")
    with pytest.raises(InputRefused, match="needs its reason"):
        record_consensus(store, CALLS, BRIGHT, 5, " ")
    with pytest.raises(InputRefused, match="expected a number from 0 to 10"):
        record_score(store, CALLS, MERIDIAN, 12, evaluator="ada")
    # The audit trail keeps every evaluator's original score and the consensus reason.
    with store.engine.connect() as conn:
        trail = [
            tuple(r) for r in conn.exec_driver_sql("SELECT action, entity_id, new FROM audit_log")
        ]
    assert ("score", f"{CALLS} / {BRIGHT} / bo", "3") in trail
    assert ("consensus", f"{CALLS} / {BRIGHT}", "5: references mixed") in trail
    check = analyse(store, None, QUICK).result.committee
    assert check is not None and [who for who, _ in check.without] == ["ada", "bo"]


def test_blind_scoring_hides_others_scores_from_an_evaluator_who_has_not_submitted(
    store: Store,
) -> None:
    save_criterion(store, Criterion(CALLS, Axis.SERVICE, 0.3))
    set_rules(store, blind=True, disagreement_points=2)
    record_score(store, CALLS, BRIGHT, 8, evaluator="ada", submit=True)
    record_score(store, CALLS, BRIGHT, 4, evaluator="cy")
    seen = committee_view(store, viewer="cy")
    shown = [(s.evaluator, s.score) for s in seen.committee.scores]
    if store.on_server:
        # Connected as the database's owner, who leads: the database shows everything
        # (tests/store/test_roles.py connects as an evaluator and is refused).
        assert shown == [("ada", 8.0), ("cy", 4.0)]
    else:
        assert shown == [("cy", 4.0)]
    assert seen.mine(CALLS, BRIGHT) == (4.0, "", False)
    # Someone with no scores of their own (the lead) sees everyone's.
    assert len(committee_view(store, viewer="lena").committee.scores) == 2
    submit_scores(store, evaluator="cy")
    assert len(committee_view(store, viewer="cy").committee.scores) == 2


def test_the_offline_workbook_holds_no_price_and_comes_back_with_the_scores(
    store: Store, tmp_path: Path
) -> None:
    save_criterion(
        store, Criterion(CALLS, Axis.SERVICE, 0.3, description="How references rate them")
    )
    save_criterion(store, Criterion("Roadmap fit", Axis.PERFORMANCE, 0.2, 5))
    out = write_evaluator_workbook(store, "dee", tmp_path / "dee.xlsx")
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Scores", "_keys"]
    cells = [str(c.value) for ws in book for row in ws.iter_rows() for c in row if c.value]
    assert not any("$" in text or "USD" in text or "EUR" in text for text in cells)
    sheet = book["Scores"]
    assert [c.value for c in sheet[8]] == [
        "Criterion",
        "Vendor",
        "Scale",
        "Your score",
        "Your note",
    ]
    rows = {(sheet.cell(r, 1).value, sheet.cell(r, 2).value): r for r in range(9, 23)}
    assert len(rows) == 14  # 2 criteria × 7 vendors
    sheet.cell(rows[(CALLS, BRIGHT)], 4).value = 6
    note = sheet.cell(rows[(CALLS, BRIGHT)], 5)
    note.value, note.data_type = "=cmd|' /C calc'!A0", "s"  # typed as text, as Excel keeps it
    sheet.cell(rows[("Roadmap fit", MERIDIAN)], 4).value = "4,5"
    sheet["B6"] = "yes"
    filled = tmp_path / "dee back.xlsx"
    book.save(filled)
    imported = import_evaluator_workbook(store, filled)
    assert (imported.evaluator, imported.count, imported.submitted) == ("dee", 2, True)
    view = committee_view(store)
    got = {(s.criterion, s.vendor): (s.score, s.note, s.submitted) for s in view.committee.scores}
    assert got[(CALLS, BRIGHT)] == (6.0, "=cmd|' /C calc'!A0", True)
    assert got[("Roadmap fit", MERIDIAN)] == (4.5, "", True)


def test_a_workbook_with_a_bad_score_stores_nothing_and_names_the_cell(
    store: Store, tmp_path: Path
) -> None:
    save_criterion(store, Criterion("Roadmap fit", Axis.PERFORMANCE, 0.2, 5))
    out = write_evaluator_workbook(store, "dee", tmp_path / "dee.xlsx")
    book = openpyxl.load_workbook(out)
    sheet = book["Scores"]
    sheet.cell(9, 4).value = 4
    sheet.cell(10, 4).value = "good"
    sheet.cell(11, 4).value = 7  # above the scale's 5
    book.save(out)
    with pytest.raises(InputRefused) as refused:
        import_evaluator_workbook(store, out)
    message = str(refused.value)
    assert message.startswith("Nothing was stored from dee.xlsx")
    assert "dee.xlsx!Scores!D10: the score of" in message and "found 'good'" in message
    assert "dee.xlsx!Scores!D11: 7 is not a score of 'Roadmap fit'" in message
    assert committee_view(store).committee.scores == ()
