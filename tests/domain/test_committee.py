"""The committee's criteria: hand-worked values, blending, spread, blind view, leave-one-out."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.committee import (
    Committee,
    Consensus,
    Criterion,
    CriterionValue,
    EvaluatorScore,
    blended,
    check_criteria,
    check_score,
    criterion_value,
    disagreements,
    visible_scores,
)
from computescore.domain.quotes import Deployment, PriceUnit, SupportTerms
from computescore.domain.scoring import leave_one_out, prepare_input, score_quotes, with_committee
from computescore.domain.tco import Assumptions, compute_tco
from computescore.domain.weights import Axis, equal_weights
from tests.domain.engine_records import CATALOGUE, DECISION_DATE, compute_line, quote, workload

CALLS = Criterion("Reference calls", Axis.SERVICE, 0.4)
WORKLOAD = workload(hours_per_day=24, horizon_months=12)


def _scores(vendor: str, **by_evaluator: float) -> list[EvaluatorScore]:
    return [
        EvaluatorScore(CALLS.name, vendor, who, score, submitted=True)
        for who, score in by_evaluator.items()
    ]


def test_a_criterion_is_worth_its_consensus_else_the_mean_of_submitted_scores() -> None:
    draft = EvaluatorScore(CALLS.name, "A", "dee", 0.0, submitted=False)
    committee = Committee((CALLS,), (*_scores("A", ada=8, bo=3), draft))
    mean = criterion_value(committee, CALLS, "A")
    assert mean.value == pytest.approx(55.0)  # (8 + 3) / 2 = 5.5 of 10; the draft does not count
    assert mean.basis == "mean of 2 evaluators 5.5/10"
    agreed = Committee(
        committee.criteria, committee.scores, (Consensus(CALLS.name, "A", 5, "late"),)
    )
    value = criterion_value(agreed, CALLS, "A")
    assert value.value == pytest.approx(50.0) and value.basis == "consensus 5/10 (late)"
    # Leaving one evaluator out sets the consensus aside (it was made with them in view).
    assert criterion_value(agreed, CALLS, "A", without="ada").value == pytest.approx(30.0)
    assert criterion_value(committee, CALLS, "B").value is None


def test_an_axis_blends_its_criteria_by_their_share_and_leaves_unscored_shares_alone() -> None:
    # 0.6 × 62.5 + 0.4 × 50 = 37.5 + 20 = 57.5
    scored = CriterionValue("calls", Axis.SERVICE, 0.4, 50.0, "")
    assert blended(62.5, [scored]) == pytest.approx(57.5)
    unscored = CriterionValue("roadmap", Axis.SERVICE, 0.3, None, "not scored")
    assert blended(62.5, [scored, unscored]) == pytest.approx(57.5)
    assert blended(62.5, [unscored]) == pytest.approx(62.5)


@given(
    computed=st.floats(0, 100),
    parts=st.lists(st.tuples(st.floats(0.01, 0.25), st.floats(0, 100)), max_size=4),
)
def test_a_blended_axis_stays_between_its_lowest_and_highest_input(
    computed: float, parts: list[tuple[float, float]]
) -> None:
    values = [CriterionValue(f"c{i}", Axis.SERVICE, w, v, "") for i, (w, v) in enumerate(parts)]
    result = blended(computed, values)
    inputs = [computed, *(v for _, v in parts)]
    assert min(inputs) - 1e-9 <= result <= max(inputs) + 1e-9


def test_criteria_are_checked_as_a_set() -> None:
    fine = (CALLS, Criterion("Roadmap fit", Axis.SERVICE, 0.6))
    assert check_criteria(fine) == ()
    problems = check_criteria((*fine, Criterion("reference CALLS", Axis.COST, 1.5, 0)))
    assert any("defined twice" in p for p in problems)
    assert any("expected a share of its axis above 0 and at most 1" in p for p in problems)
    assert any("scale" in p for p in problems)
    over = check_criteria((CALLS, Criterion("Roadmap fit", Axis.SERVICE, 0.7)))
    assert over == (
        "The criteria feeding service take 110% of it: together they may take at most 100 %.",
    )
    assert check_score(CALLS, 10) is None
    assert check_score(CALLS, 11) == (
        "11 is not a score of 'Reference calls': expected a number from 0 to 10."
    )


def test_scores_side_by_side_flag_a_spread_at_the_threshold() -> None:
    committee = Committee(
        (CALLS,), (*_scores("A", ada=8, bo=5), *_scores("B", ada=6, bo=7), *_scores("C", ada=4))
    )
    rows = {row.vendor: row for row in disagreements(committee, ["A", "B", "C", "D"])}
    assert rows["A"].spread == 3 and rows["A"].flagged  # 3 points is the default threshold
    assert rows["B"].spread == 1 and not rows["B"].flagged
    assert not rows["C"].flagged  # one score has no spread
    assert "D" not in rows
    assert rows["A"].scores == (("ada", 8), ("bo", 5))


def test_blind_scoring_shows_an_evaluator_only_their_own_until_they_submit() -> None:
    draft = EvaluatorScore(CALLS.name, "A", "cy", 2.0, submitted=False)
    committee = Committee(
        (CALLS,), (*_scores("A", ada=8), draft), (Consensus(CALLS.name, "A", 7, "x"),), blind=True
    )
    seen = visible_scores(committee, "cy", sees_all=False)
    assert seen.scores == (draft,) and seen.consensus == ()
    assert visible_scores(committee, "ada", sees_all=False) == committee  # ada submitted
    assert visible_scores(committee, "cy", sees_all=True) == committee  # a lead
    assert (
        visible_scores(Committee((CALLS,), committee.scores), "cy", sees_all=False).scores
        == committee.scores
    )


def _entries() -> list:  # type: ignore[type-arg]
    support = SupportTerms({1: 15, 2: None}, 20.0, "24x7")  # service 62.5 for both
    entries = []
    for vendor in ("A", "B"):
        line = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, per_node=8)
        q = quote(vendor, line, support=support)
        a = Assumptions()
        tco = compute_tco(q, WORKLOAD, CATALOGUE, (), DECISION_DATE, a)
        entries.append(prepare_input(q, tco, WORKLOAD, a, (), True))
    return entries


def test_the_winner_without_each_evaluator_is_named() -> None:
    # A: 9, 5, 5 → mean 6.33; B: 3, 7, 7 → mean 5.67. Service A = 0.6 × 62.5 + 0.4 × 63.33
    # = 62.83; B = 37.5 + 22.67 = 60.17: A wins. Without ada, A 5.0 against B 7.0: B wins.
    committee = Committee(
        (CALLS,), (*_scores("A", ada=9, bo=5, cy=5), *_scores("B", ada=3, bo=7, cy=7))
    )
    plain = _entries()
    card = score_quotes(with_committee(plain, committee), equal_weights())
    a = next(s for s in card.scores if s.label.startswith("A"))
    assert a.axis(Axis.SERVICE).score == pytest.approx(62.8333, abs=1e-3)
    assert (
        "Reference calls 63.3 — mean of 3 evaluators 6.33/10 (40% of the axis)"
        in a.axis(Axis.SERVICE).explanation
    )
    assert card.ranked[0].label == a.label
    check = leave_one_out(plain, equal_weights(), None, committee, card)
    assert [who for who, _ in check.without] == ["ada", "bo", "cy"]
    assert [who for who, _ in check.changes] == ["ada"]
    assert check.changes[0][1] is not None and check.changes[0][1].startswith("B")
    assert check.sentence().startswith("The winner rests on one evaluator: without ada, B")


def test_a_quote_from_another_vendor_never_moves_a_vendor_s_criterion_score() -> None:
    committee = Committee((CALLS,), tuple(_scores("A", ada=9)))
    one = with_committee(_entries()[:1], committee)
    both = with_committee(_entries(), committee)
    assert one[0].qualitative == both[0].qualitative
