"""The app, ``computescore score --json`` and the board pack agree: one analysis behind all three.

The workspace is the demo built from the shipped sample quotes, in a real SQLite
database. Each test below that names a difference pins a place where the three
front ends used to compute or present their results differently.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from computescore.cli import main
from computescore.domain.problems import Problem, Severity
from computescore.gui import analysis as app
from computescore.reports.model import BoardPack
from computescore.services.analysis import NOT_CHECKED, AnalysisOptions, analyse
from computescore.services.compliance import POSTURE_SETTING
from computescore.services.demo import DEMO_EVALUATION, create_demo
from computescore.services.evaluate import EvaluateOptions, evaluate_workspace
from computescore.services.reporting import (
    break_even_record,
    gather_board_pack,
    ranking_record,
    tco_records,
    tornado_record,
)
from computescore.services.workspace import open_store
from computescore.wording import sentence

DAY = date(2026, 12, 1)
NO_MC = EvaluateOptions(monte_carlo_samples=0)


@dataclass(frozen=True, slots=True)
class Views:
    """The same evaluation as the app and the board pack see it."""

    outcome: Any
    pack: BoardPack


@pytest.fixture(scope="module")
def demo_db(module_db_target: Path | str) -> Path | str:
    """The demo on each engine (a file, then a database on the PostgreSQL server)."""
    path = module_db_target
    with open_store(path) as store:
        create_demo(store)
        # An unusable stored posture: the compliance settings report a problem.
        with store.transaction() as uow:
            uow.set_setting(POSTURE_SETTING, "lenient")
    return path


def _cli_score(db: Path | str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    capsys.readouterr()
    code = main(
        ["score", "--db", str(db), "--evaluation", DEMO_EVALUATION, "--samples", "0", "--json"]
    )
    assert code == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


@pytest.fixture(scope="module")
def views(demo_db: Path | str) -> Iterator[Views]:
    with open_store(demo_db) as store:
        outcome = app.compute(store, DEMO_EVALUATION)
    pack = gather_board_pack(demo_db, DEMO_EVALUATION, options=NO_MC, generated_on=DAY)
    yield Views(outcome, pack)


@pytest.fixture
def cli(demo_db: Path | str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    return _cli_score(demo_db, capsys)


def _ranking_of_app(outcome: Any) -> list[tuple[str, int | None, float]]:
    return [
        (s.quote_key, s.rank or None, round(s.weighted_total, 6))
        for s in outcome.result.scorecard.scores
    ]


def test_the_three_front_ends_rank_the_quotes_alike(views: Views, cli: dict[str, Any]) -> None:
    expected = _ranking_of_app(views.outcome)
    assert len(expected) >= 3
    from_cli = [(q["quote"], q["rank"] or None, q["weighted_total"]) for q in cli["quotes"]]
    assert views.pack.ranking is not None
    from_pack = [
        (row.quote_key, row.rank, round(row.weighted_total, 6)) for row in views.pack.ranking.rows
    ]
    assert from_cli == expected
    assert from_pack == expected
    assert cli["winner"] == (
        views.outcome.result.scorecard.winner.quote_key
        if views.outcome.result.scorecard.winner
        else None
    )


def test_the_live_re_rank_reproduces_the_computed_ranking(views: Views) -> None:
    result = views.outcome.result
    ranked = app.rank(views.outcome.entries, result.weights.as_dict(), result.scorecard.rules)
    assert [(s.quote_key, s.rank) for s in ranked.scorecard.scores] == [
        (s.quote_key, s.rank) for s in result.scorecard.scores
    ]


def test_the_three_front_ends_report_the_same_problems(views: Views, cli: dict[str, Any]) -> None:
    problems = views.outcome.result.problems
    assert problems == views.outcome.problems
    assert [(p["source"], p["message"]) for p in cli["problems"]] == [
        (p.source, p.message) for p in problems
    ]
    notes = views.pack.methodology.notes

    def told(problem: Problem) -> bool:
        return any(note.endswith(": " + sentence(problem.message)) for note in notes)

    shown = [p for p in problems if told(p)]
    left = [p for p in problems if not told(p)]
    assert shown, "the pack lists the evaluation's problems"
    # Every problem is either told (once for all the rows it was met on) or counted; the
    # count may also hold problems whose words are told for another place.
    more = [note for note in notes if note.startswith("… and ")]
    counted = int(more[0].split()[2].replace(",", "")) if more else 0
    assert len(left) <= counted <= len(problems) - len({p.message for p in shown})
    # The weightiest are told first: no warning is left out while a note of less weight is told.
    rank = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    if left and shown:
        assert min(rank[p.severity] for p in left) >= max(rank[p.severity] for p in shown)


def test_compliance_settings_problems_reach_the_app_and_the_pack(
    views: Views, cli: dict[str, Any]
) -> None:
    # Formerly only evaluate_workspace (the command line) added them; the app and the
    # board pack dropped them, so an ignored posture setting went unseen there.
    def posture(sources: list[str]) -> bool:
        return f"settings:{POSTURE_SETTING}" in sources

    assert posture([p.source for p in views.outcome.result.problems])
    assert posture([p["source"] for p in cli["problems"]])
    assert any("unknown export-control posture" in n.lower() for n in views.pack.methodology.notes)


def test_app_and_pack_agree_on_findings(views: Views) -> None:
    assert views.outcome.findings is not None
    assert views.pack.findings is not None
    pack_keys = {(f.quote_key, f.rule_id, f.title) for f in views.pack.findings}
    for finding in views.outcome.findings:
        assert (finding.quote_key, finding.rule_id, finding.title) in pack_keys


def test_the_app_charts_use_the_pack_s_ranking_record(views: Views) -> None:
    # Formerly the app built its own Ranking: knock-out reasons "title: " with an empty
    # reason, the raw flip sentence as robustness, no scale note.
    result = views.outcome.result
    ranked = app.Ranked(
        result.scorecard,
        result.flips,
        result.smallest_flip,
        None if result.margin is None else result.margin.value,
    )
    assert app.to_ranking(result, ranked) == views.outcome.pack.ranking
    assert ranking_record(result) == views.outcome.pack.ranking
    assert views.outcome.pack.ranking.scale_note


def test_the_app_s_cost_records_are_the_pack_s(views: Views) -> None:
    # Formerly the app's fallbacks differed: TCO line notes as flags and every quote
    # shortlisted; tornado values with thousands separators and no leader fallback;
    # a break-even crossing even where the curves do not cross, labels without
    # "Owned:"/"Rented:".
    result = views.outcome.result
    pack = views.outcome.pack
    assert app.to_tco(result) == tco_records(result) == pack.tco
    assert app.to_tornado(result) == tornado_record(result) == pack.tornado
    assert app.to_break_even(result) == break_even_record(result) == pack.break_even


def test_the_app_s_monte_carlo_record_lists_the_ranges_not_the_notes(demo_db: Path | str) -> None:
    # Formerly the app passed the simulation's notes where the record holds its ranges.
    with open_store(demo_db) as store:
        outcome = app.compute(store, DEMO_EVALUATION, monte_carlo_samples=200)
    monte = outcome.result.monte_carlo
    assert monte is not None
    record = app.to_monte_carlo(monte)
    assert record is not None
    assert record == outcome.pack.monte_carlo
    assert record.seed == monte.seed
    assert any(text.startswith("hours of use per day:") for text in record.ranges)


def test_without_compliance_checks_every_front_end_says_so(demo_db: Path | str) -> None:
    with open_store(demo_db) as store:
        analysis = analyse(
            store, DEMO_EVALUATION, AnalysisOptions(engine=NO_MC, run_compliance=False)
        )
    assert analysis.findings is None and analysis.rules is None
    assert analysis.compliance_note == NOT_CHECKED
    assert analysis.pack.findings is None
    assert not analysis.result.compliance_checked
    result = evaluate_workspace(demo_db, DEMO_EVALUATION, NO_MC, run_compliance=False)
    assert [s.quote_key for s in result.scorecard.scores] == [
        s.quote_key for s in analysis.result.scorecard.scores
    ]
