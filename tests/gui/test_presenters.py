"""The pages' presenters: plain text from real engine records, no window needed."""

from __future__ import annotations

from pathlib import Path

from computescore.gui.analysis import rank
from computescore.gui.presenters.scorecard import leader_summary, supporting_title
from computescore.services.analysis import AnalysisOptions, analyse_db
from computescore.services.evaluate import EvaluateOptions
from tests.services.engine_workspace import EVALUATION, build_workspace
from tests.services.test_evaluate import add_colocation


def test_the_banner_names_the_leader_its_margin_and_the_flip(db_path: Path) -> None:
    build_workspace(db_path)
    analysis = analyse_db(
        db_path,
        EVALUATION,
        AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=200)),
    )
    weights = analysis.result.scorecard.weights.as_dict()
    ranked = rank(analysis.entries, weights)
    text, tone, tip = leader_summary(ranked)
    winner = ranked.scorecard.winner
    assert winner is not None
    assert text.startswith(f"Leader: {winner.label}, ahead by {ranked.margin_points:.1f} points.")
    assert tone == ("ok" if ranked.margin_points >= 5 else "warning")
    knocked = [s for s in ranked.scorecard.scores if s.knockouts]
    assert (f"{len(knocked)} quote" in text) == bool(knocked)
    if ranked.smallest is not None:
        assert tip == ranked.smallest.explanation


def test_supporting_quotes_are_titled_with_their_reasons(db_path: Path) -> None:
    build_workspace(db_path)
    add_colocation(db_path)
    analysis = analyse_db(
        db_path,
        EVALUATION,
        AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=200)),
    )
    items = analysis.result.scorecard.supporting
    assert items
    title = supporting_title(items)
    assert title.startswith("Not ranked — 1 supporting quote: ")
    assert items[0].reason in title


def test_several_kinds_of_supporting_quote_are_titled_by_their_heads(tmp_path: Path) -> None:
    from computescore.domain.scoring import SUPPORTING_REASON, TOKEN_API_REASON
    from computescore.services.demo import create_demo
    from computescore.store.repository import Store

    db = tmp_path / "demo.db"
    with Store.open(db) as store:
        create_demo(store)
    options = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))
    items = analyse_db(db, None, options).result.scorecard.supporting
    assert {item.reason for item in items} == {SUPPORTING_REASON, TOKEN_API_REASON}
    # The demo's colocation quote and token-API offer: one line, each row's tooltip says why.
    assert supporting_title(items) == (
        "Not ranked — 2 supporting quotes: a token-API offer; no compute lines "
        "(hover a quote for why)."
    )
