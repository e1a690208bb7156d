"""The default cost of capital: figures are compared at present value, and the pack says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.assumption_edits import set_assumptions
from computescore.services.demo import create_demo
from computescore.services.evaluate import EvaluateOptions
from computescore.store.repository import Store

FAST = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0), plan=True)


def test_the_pack_compares_present_values_at_the_default_rate_and_says_so(db_path: Path) -> None:
    with Store.open(db_path) as store:
        create_demo(store)
        discounted = analyse(store, None, FAST)
        set_assumptions(store, {"discount_rate": 0.0})
        as_paid = analyse(store, None, FAST)
    assert discounted.result.assumptions.discount_rate == pytest.approx(0.08)
    leader = discounted.pack.tco[0]
    tco = discounted.result.quote(leader.quote_key).tco
    # The present value is the lines' present values, below the total as paid: the
    # purchase is paid at month 0, the running costs month by month after it.
    assert leader.present_value_usd == pytest.approx(sum(x.present_value_usd for x in tco.lines))
    assert leader.present_value_usd < leader.total_usd
    assert tco.headline_usd == pytest.approx(leader.present_value_usd)
    assert "at present value, discounted at 8% a year" in discounted.pack.recommendation
    plan = discounted.pack.plan
    assert plan is not None and "at present value (8% a year)" in plan.sentence
    # With no cost of capital the pack speaks of totals as paid, and says nothing more.
    assert as_paid.pack.tco[0].present_value_usd is None
    assert "present value" not in as_paid.pack.recommendation
    assert as_paid.pack.plan is not None and "present value" not in as_paid.pack.plan.sentence
