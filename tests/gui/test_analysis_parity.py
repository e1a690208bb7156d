"""The app, ``computescore score --json`` and the board pack tell the same story.

All three call ``services.analysis.analyse``; this test holds them to it on a real
workspace whose settings have a problem (a screening threshold that is not a number).
That problem once reached ``score`` only: the app's analysis and the board pack lost it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from computescore.cli import main
from computescore.services.evaluate import EvaluateOptions
from computescore.services.reporting import gather_board_pack
from computescore.services.workspace import open_store
from computescore.store.repository import Store
from tests.services.engine_workspace import EVALUATION, build_workspace

SETTING_PROBLEM = "must be a number between 0 and 1; the default is kept"


@pytest.fixture
def workspace(db_path: Path) -> Path:
    path = build_workspace(db_path)
    with Store.open(path) as store, store.transaction() as uow:
        uow.set_setting("screening_threshold", "high")
    return path


def test_app_cli_and_pack_agree_on_problems_and_ranking(
    app, workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from computescore.gui.analysis import compute

    store = open_store(str(workspace))
    try:
        outcome = compute(store, EVALUATION, monte_carlo_samples=200)
    finally:
        store.close()
    app_problems = {p.message for p in outcome.result.problems}
    app_ranking = [(s.quote_key, s.rank) for s in outcome.result.scorecard.scores]

    code = main(
        ["score", "--db", str(workspace), "--evaluation", EVALUATION, "--json", "--samples", "200"]
    )
    assert code == 0
    scored = json.loads(capsys.readouterr().out)
    cli_problems = {p["message"] for p in scored["problems"]}
    cli_ranking = [(q["quote"], q["rank"]) for q in scored["quotes"]]

    pack = gather_board_pack(
        workspace, EVALUATION, options=EvaluateOptions(monte_carlo_samples=200)
    )
    assert pack.ranking is not None
    pack_ranking = [(row.quote_key, row.rank) for row in pack.ranking.rows]

    assert SETTING_PROBLEM in app_problems
    assert app_problems == cli_problems
    assert any(SETTING_PROBLEM in note.lower() for note in pack.methodology.notes)
    assert app_ranking == cli_ranking
    assert sorted(app_ranking, key=str) == sorted(pack_ranking, key=str)
    assert outcome.pack is not None and outcome.pack.ranking == pack.ranking
