"""The evaluate service on a real workspace: costs, knock-outs, buy vs rent, weights, JSON."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from computescore.domain.buy_vs_rent import BreakEvenKind, DeploymentChoice
from computescore.domain.figures import MISSING
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    SupportTerms,
    Vendor,
    VendorKind,
)
from computescore.domain.weights import Axis
from computescore.errors import NotFound, UsageError
from computescore.services.catalogue import load_catalogue
from computescore.services.estimates import estimate_training
from computescore.services.evaluate import (
    EvaluateOptions,
    EvaluationResult,
    evaluate,
    evaluate_workspace,
    result_to_dict,
)
from computescore.services.progress import Cancelled
from computescore.services.workspace import EvaluationData, load_evaluation_data, open_store
from computescore.store.repository import Store
from tests.fixtures.progress import Recorder
from tests.services.engine_workspace import EVALUATION, build_workspace

HELIOS = "Helios Cloud/HC-1/r1"
KESSLER = "Kessler Systemhaus/KS-7/r1"
EURO = "Euro Compute/EC-22/r1"
TINY = "Tiny GPU/T-1/r1"
FAST = EvaluateOptions(monte_carlo_samples=500)


@pytest.fixture
def workspace(db_target: Path | str) -> Path | str:
    return build_workspace(db_target)


def _data(path: Path) -> EvaluationData:
    store = open_store(path)
    try:
        return load_evaluation_data(store, EVALUATION)
    finally:
        store.close()


def _run(path: Path, **kwargs: object) -> EvaluationResult:
    return evaluate(_data(path), FAST, **kwargs)  # type: ignore[arg-type]


def test_every_quote_is_costed_from_its_lines(workspace: Path | str) -> None:
    result = _run(workspace)
    totals = {item.quote_key: item.tco.total_usd for item in result.quotes}
    # Helios: 8 × US$2.00 × 12 × 730 = 140,160.
    assert totals[HELIOS] == pytest.approx(140_160.0)
    # Kessler (12 months, 12 h/day = 4,380 h): 250,000 − 137,500 value left (d = 12 ÷ 24
    # months: B200 and GB200 are on sale, so the H100's economic life is 4 × (1 − 2 × 0.25)
    # = 2 years, and 1 − 0.5 × 0.9 = 0.55 of the price is left)
    # + energy 10.08 kW × 1.5 × 4,380 × 0.16 = 10,596.10 + idle 10.08 × 0.3 × 1.5 × 4,380
    # × 0.16 = 3,178.83 + operations, every hour the server exists, 2 × 8 × 730 × 12
    # = 140,160 + installation 20,000.
    assert totals[KESSLER] == pytest.approx(286_434.9248)
    # Euro Compute quotes 16 but is priced for the workload's 8 (one node of 8):
    # 8 × €4.00 × 4,380 h × 1.10 USD/EUR = 154,176 (the 16 quoted would be 308,352).
    assert totals[EURO] == pytest.approx(154_176.0)
    # Tiny GPU quotes one L40S at US$1.00/GPU-h; priced for 8: 8 × 1.00 × 4,380 = 35,040.
    assert totals[TINY] == pytest.approx(35_040.0)
    # Every compute offer covers the same 8 accelerators, so the totals compare.
    assert {item.tco.accelerators_priced for item in result.quotes} == {8}
    euro = result.quote(EURO)
    assert [fx.text() for fx in euro.tco.fx_used] == [
        "1 EUR = 1.1000 USD (ECB reference rate, 2026-06-01)"
    ]
    assert result.workload.name == "7B fine-tune"
    assert result.catalogue.startswith("catalogue ")


def test_sizing_findings_knock_out_a_quote_that_cannot_hold_the_model(
    workspace: Path | str,
) -> None:
    result = _run(workspace)
    tiny = result.scorecard.score_of(TINY)
    # Priced for 8 L40S, but the vendor states a maximum of 1 GPU, and
    # 7e9 × 16 B = 112 GB > one 48 GB L40S.
    assert tiny.disqualified and tiny.rank is None
    assert tiny.knockouts[0].rule_id == "fit.capacity"
    assert "1 × 48 GB = 48 GB < 112 GB needed" in tiny.knockouts[0].reason
    (short,) = [p for p in result.quote(TINY).tco.problems if "maximum of 1" in p.message]
    assert "the workload needs 8" in short.message
    # Euro Compute priced for the workload's 8 accelerators is one node: its plain
    # Ethernet between nodes does not matter.
    euro_rules = {f.rule_id: f.severity for f in result.quote(EURO).fit_findings}
    assert "fit.multinode_fabric" not in euro_rules
    # A workload of 16 accelerators spans two of its 8-GPU nodes over 100 GbE: a warning.
    data = _data(workspace)
    wide = dataclasses.replace(
        data,
        evaluation=dataclasses.replace(
            data.evaluation,
            workloads=(dataclasses.replace(data.evaluation.workloads[0], accelerators=16),),
        ),
    )
    wide_rules = {f.rule_id: f.severity for f in evaluate(wide, FAST).quote(EURO).fit_findings}
    assert wide_rules["fit.multinode_fabric"] is FindingSeverity.WARNING
    assert result.quotes[-1].quote_key == TINY  # disqualified quotes come last
    sizing = result.quote(HELIOS).sizing
    # 4.2e22 / (989.4e12 × 0.4 × 3600) = 29,479.15 GPU-h on the catalogue's H100 figure.
    assert sizing is not None and sizing.gpu_hours is not None
    assert sizing.gpu_hours.value == pytest.approx(29_479.15, abs=0.01)


def test_buy_vs_rent_uses_the_cheapest_owned_and_rented_quotes(workspace: Path | str) -> None:
    advice = _run(workspace).buy_vs_rent
    assert (advice.owned_key, advice.rented_key) == (KESSLER, HELIOS)
    assert advice.break_even is not None
    assert advice.break_even.kind is BreakEvenKind.RENTED_ALWAYS_CHEAPER
    # Owned: fixed 250,000 − 137,500 (a 2-year economic life, see above) + idle energy at
    # 0 h 6,357.66 + operations (every hour the server exists) 140,160 + 20,000 = 279,017.66,
    # plus 618.11 of energy per daily hour (883.01 in use − 264.90 less idle); reserved:
    # 140,160 at any use. Owning never catches up within 12 months: 279,018 at 0 h/day,
    # 279,017.66 + 24 × 618.11 = 293,852 at 24.
    assert advice.break_even.hours_per_day is None
    assert "$140,160 against $279,018 at 0 h/day" in advice.break_even.explanation
    assert "$140,160 against $293,852 at 24 h/day" in advice.break_even.explanation
    assert advice.recommendation.choice is DeploymentChoice.RENT
    assert len(advice.curve) == 25
    # With no discount rate the comparison says money was treated as free.
    assert any("no cost of capital" in reason for reason in advice.recommendation.reasons)


def test_compliance_findings_feed_the_axis_and_the_knockouts(workspace: Path | str) -> None:
    unchecked = _run(workspace)
    axis = unchecked.scorecard.score_of(HELIOS).axis(Axis.COMPLIANCE)
    assert MISSING in axis.flags and not unchecked.compliance_checked
    knockout = Finding(
        HELIOS,
        FindingSeverity.KNOCKOUT,
        FindingCategory.SCREENING,
        "Potential restricted-party match",
        "name score 0.97 on list X dated 2026-11-01",
        "screening.match",
    )
    checked = _run(workspace, compliance_findings=[knockout])
    assert checked.compliance_checked
    assert checked.scorecard.score_of(HELIOS).disqualified
    assert checked.scorecard.winner is not None
    assert checked.scorecard.winner.quote_key != HELIOS
    assert checked.quote(HELIOS).compliance_findings == (knockout,)


def test_weights_come_from_the_preset_the_evaluation_or_the_caller(workspace: Path | str) -> None:
    preset = _run(workspace)
    assert preset.weights.source == "preset variable"
    assert preset.weights.weight(Axis.COST) == pytest.approx(0.4)
    with Store.open(workspace) as store, store.transaction() as uow:
        row = uow.evaluation_row(EVALUATION)
        assert row.id is not None
        uow.set_evaluation_field(row.id, "weights", {"cost": 1, "service": 1})
    stored = _run(workspace)
    assert stored.weights.source == "evaluation"
    assert stored.weights.weight(Axis.SERVICE) == pytest.approx(0.5)
    explicit = evaluate(
        _data(workspace), EvaluateOptions(weights={"performance": 1}, monte_carlo_samples=0)
    )
    assert explicit.weights.weight(Axis.PERFORMANCE) == 1.0
    assert explicit.monte_carlo is None
    with pytest.raises(UsageError):
        evaluate(_data(workspace), EvaluateOptions(weights={"cost": 0}))


def test_stored_assumptions_apply_and_bad_ones_are_problems(workspace: Path | str) -> None:
    with Store.open(workspace) as store, store.transaction() as uow:
        row = uow.evaluation_row(EVALUATION)
        assert row.id is not None
        uow.set_evaluation_field(
            row.id,
            "assumptions",
            {"hours_per_day": 24, "pue": 0.5, "tornado_pct": 0.1, "monte_carlo": {"seed": 5}},
        )
    result = _run(workspace)
    assert result.assumptions.hours_per_day == 24
    assert result.assumptions.pue == 1.5  # the default is kept
    assert any(p.source == "assumptions:pue" for p in result.problems)
    assert result.quote(HELIOS).tornado.pct == 0.1
    assert result.monte_carlo is not None and result.monte_carlo.seed == 5


def test_robustness_and_monte_carlo_are_part_of_the_result(workspace: Path | str) -> None:
    result = _run(workspace)
    assert result.margin is not None and result.margin.value > 0
    assert len(result.flips) == 5
    assert result.monte_carlo is not None and result.monte_carlo.samples == 500
    first = sum(q.probability_first or 0 for q in result.monte_carlo.quotes)
    assert first == pytest.approx(1.0)


def test_the_result_is_frozen_and_plain_json(workspace: Path | str) -> None:
    result = _run(workspace)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.evaluation = "other"  # type: ignore[misc]
    data = json.loads(json.dumps(result_to_dict(result), allow_nan=False))
    assert data["evaluation"] == EVALUATION
    assert data["decision_date"] == "2026-06-30"
    assert data["scorecard"]["scores"][0]["quote_key"] == result.scorecard.scores[0].quote_key
    assert data["quotes"][0]["tco"]["lines"][0]["category"] in {"rented_compute", "hardware"}


def test_workload_choice_is_explicit(workspace: Path | str) -> None:
    assert "workload '7B fine-tune'" in _run(workspace).workload_note
    with pytest.raises(NotFound, match=r"There is no workload in '.*' named 'inference'"):
        evaluate(_data(workspace), EvaluateOptions(workload="inference"))


def test_progress_is_reported_and_cancel_stops_the_run(workspace: Path | str) -> None:
    recorder = Recorder()
    _run(workspace, progress=recorder)
    assert recorder.messages[-1] == "Done" and "Scoring" in recorder.messages
    with pytest.raises(Cancelled):
        _run(workspace, progress=Recorder(lambda messages: len(messages) >= 1))


def test_evaluate_workspace_opens_loads_and_evaluates(workspace: Path | str) -> None:
    result = evaluate_workspace(workspace, EVALUATION, FAST, run_compliance=False)
    assert {item.quote_key for item in result.quotes} == {HELIOS, KESSLER, EURO, TINY}
    with pytest.raises(NotFound):
        evaluate_workspace(workspace, "No such evaluation", FAST, run_compliance=False)


def test_evaluate_workspace_runs_the_compliance_checks(workspace: Path | str) -> None:
    result = evaluate_workspace(workspace, EVALUATION, FAST)
    assert result.compliance_checked
    helios = result.quote(HELIOS)
    assert helios.compliance_findings
    assert all(f.quote_key == HELIOS for f in helios.compliance_findings)
    axis = result.scorecard.score_of(HELIOS).axis(Axis.COMPLIANCE)
    assert MISSING not in axis.flags


def test_training_estimate_through_the_catalogue() -> None:
    sizing = estimate_training(
        load_catalogue(), params=7e9, tokens=1e12, accelerator="H100", mfu=0.4, gpus=8
    )
    assert sizing.accelerator_id == "nvidia-h100-sxm"
    assert sizing.gpu_hours is not None
    assert sizing.gpu_hours.value == pytest.approx(29_479.15, abs=0.01)
    with pytest.raises(NotFound, match="Closest"):
        estimate_training(load_catalogue(), params=7e9, tokens=1e12, accelerator="H1OO-X", mfu=0.4)


COLO = "Nordlicht Colocation/NC-5/r1"
DECISION_DAY = date(2026, 6, 30)


def add_colocation(path: Path) -> None:
    """A colocation quote: 40 kW at US$200 per kW-month and remote hands at US$1,000 a month."""
    colo = Quote(
        Vendor("Nordlicht Colocation", VendorKind.COLOCATION, "DE"),
        "NC-5",
        (
            QuoteLine(
                kind=LineKind.COST,
                description="Cabinet power, 40 kW",
                price=Decimal("200"),
                price_unit=PriceUnit.PER_KW_MONTH,
                currency="USD",
                category=CostCategory.FACILITY,
                quantity=Decimal("40"),
            ),
            QuoteLine(
                kind=LineKind.COST,
                description="Remote hands",
                price=Decimal("1000"),
                price_unit=PriceUnit.PER_MONTH,
                currency="USD",
                category=CostCategory.SUPPORT,
            ),
        ),
        support=SupportTerms({1: 15, 2: 60}, None, "24x7"),
    )
    with Store.open(path) as store, store.transaction() as uow:
        row = uow.evaluation_row(EVALUATION)
        assert row.id is not None
        uow.add_quote(row.id, colo)


def test_a_colocation_quote_houses_the_owned_option_and_is_not_ranked(
    workspace: Path | str,
) -> None:
    before = _run(workspace)
    add_colocation(workspace)
    after = _run(workspace)
    card = after.scorecard
    # Kessler's 8 H100 draw 10.08 kW: housed at Nordlicht for 12 months, US$200 × 10.08 ×
    # 12 = 24,192 of cabinet power (priced for that load, not the 40 kW quoted) + remote
    # hands 1,000 × 12 = 12,000 (no quantity stated: as quoted) = 36,192, in place of the
    # facility assumption of US$0.
    costs = {q.quote_key: q.tco.total_usd for q in before.quotes}
    for item in after.quotes:
        extra = 36_192.0 if item.quote_key == KESSLER else 0.0
        if item.quote_key != COLO:
            assert item.tco.total_usd == pytest.approx(costs[item.quote_key] + extra)
    kessler = after.quote(KESSLER).tco
    assert kessler.housed_at == COLO
    housed = [line for line in kessler.lines if line.label.endswith("(at Nordlicht Colocation)")]
    assert [round(line.amount_usd, 2) for line in housed] == [24_192.0, 12_000.0]
    assert not any(line.label.startswith("Facility: 8 ×") for line in kessler.lines)
    # With housing turned off, the colocation quote changes nothing: every compute offer
    # keeps its scores and rank.
    data = _data(workspace)
    off = dataclasses.replace(
        data, assumptions={**data.assumptions, "house_in_facility_quotes": False}
    )
    apart = evaluate(off, FAST)
    assert [(s.quote_key, s.rank, s.axes) for s in apart.scorecard.scores] == [
        (s.quote_key, s.rank, s.axes) for s in before.scorecard.scores
    ]
    assert apart.margin == before.margin and apart.flips == before.flips
    assert apart.scorecard.supporting[0].houses == ()
    (item,) = card.supporting
    assert item.quote_key == COLO
    assert item.reason == (
        "no compute lines: a facility/services quote to combine with an owned option"
    )
    # 40 kW × US$200 × 12 months + US$1,000 × 12 = 96,000 + 12,000 = 108,000.
    assert item.headline_usd == pytest.approx(108_000.0)
    assert item.combine_with == item.houses == ("Kessler Systemhaus — KS-7",)
    assert item.housing_text().startswith("Houses Kessler Systemhaus — KS-7: its facility")
    # Its own TCO lines are still in the result, after the scored quotes.
    assert after.quotes[-1].quote_key == COLO
    assert after.quote(COLO).tco.total_usd == pytest.approx(108_000.0)
    # Monte Carlo: a TCO range, but neither "lowest TCO" nor "first".
    assert after.monte_carlo is not None
    colo_mc = next(q for q in after.monte_carlo.quotes if q.quote_key == COLO)
    assert colo_mc.probability_first is None and colo_mc.probability_lowest_tco is None
    first = sum(q.probability_first or 0.0 for q in after.monte_carlo.quotes)
    assert first == pytest.approx(1.0)
    assert after.buy_vs_rent.owned_key == KESSLER
    # The board pack keeps the supporting quote's TCO, not shortlisted.
    from computescore.services.reporting import build_board_pack

    pack = build_board_pack(_data(workspace), after, generated_on=DECISION_DAY)
    colo_tco = pack.tco_for(COLO)
    assert colo_tco is not None and colo_tco.total_usd == pytest.approx(108_000.0)
    assert not colo_tco.shortlisted
    assert colo_tco.notes[0].startswith("Houses Kessler Systemhaus — KS-7: its facility")
    assert pack.ranking is not None
    assert COLO not in {row.quote_key for row in pack.ranking.rows}


def test_buy_vs_rent_prefers_a_like_for_like_pair(workspace: Path | str) -> None:
    # Kessler owns 8 × H100; Helios reserves 8 × H100: the same accelerators.
    advice = _run(workspace).buy_vs_rent
    assert advice.like_for_like
    assert advice.recommendation.reasons[0] == (
        "compared like for like: 8 × NVIDIA H100 SXM5 80GB owned against "
        "8 × NVIDIA H100 SXM5 80GB rented"
    )


NIMBUS = "Nimbus GPU/NB-3/r1"


def _node_line(description: str, price: str, deployment: Deployment, nodes: int) -> QuoteLine:
    return QuoteLine(
        kind=LineKind.COMPUTE,
        description=description,
        price=Decimal(price),
        price_unit=PriceUnit.PER_NODE_HOUR,
        currency="USD",
        accelerator="nvidia-h100-sxm",
        accelerators_per_node=8,
        nodes=nodes,
        accelerator_count=8 * nodes,
        deployment=deployment,
        term_months=12 if deployment is Deployment.RESERVED else None,
        country="DE",
    )


def test_a_quote_of_alternatives_is_costed_for_the_workload(workspace: Path | str) -> None:
    # Nimbus lists three ways to buy H100 nodes of 8: 4 on demand at US$30/node-h, 16
    # reserved for 12 months at US$14 and 8 spot at US$8 — 224 accelerators if summed. The
    # workload needs 8 (one node), 12 h/day for 12 months (4,380 h of use):
    # on demand 30 × 4,380 = 131,400; reserved 14 × 8,760 = 122,640; spot 8 × 4,380 = 35,040
    # + 5 % lost work (0.02/h × (1 h + 0.25 h) + 0.05 h ÷ 2 h) = 36,792. Variable demand may run
    # on spot: the spot option is chosen.
    nimbus = Quote(
        Vendor("Nimbus GPU", VendorKind.GPU_CLOUD, "DE"),
        "NB-3",
        (
            _node_line("HGX H100 node, on demand", "30", Deployment.ON_DEMAND, 4),
            _node_line("HGX H100 node, 12-month reservation", "14", Deployment.RESERVED, 16),
            _node_line("HGX H100 node, spot", "8", Deployment.SPOT, 8),
        ),
    )
    with Store.open(workspace) as store, store.transaction() as uow:
        row = uow.evaluation_row(EVALUATION)
        assert row.id is not None
        uow.add_quote(row.id, nimbus)
    result = _run(workspace)
    tco = result.quote(NIMBUS).tco
    assert [o.total_usd for o in tco.options] == pytest.approx([131_400.0, 122_640.0, 36_792.0])
    assert tco.total_usd == pytest.approx(36_792.0) and tco.chosen_option == 3
    assert tco.choice.startswith(
        "cheapest per useful PFLOP-hour of 3 options for 8 accelerators at 12 h/day: "
        "Spot NVIDIA H100 SXM5 80GB nodes"
    )
    assert {item.tco.accelerators_priced for item in result.quotes} == {8}
    # Buy vs rent compares options: the spot nodes are the cheapest rented H100 (like for
    # like with Kessler's server). Per daily hour spot costs 8 × 1.05 × 365 = 3,066, owning
    # 6,458.11 on top of 82,607.66 fixed: renting is cheaper at every use.
    advice = result.buy_vs_rent
    assert (advice.owned_key, advice.rented_key) == (KESSLER, NIMBUS)
    assert advice.rented_option == "Spot NVIDIA H100 SXM5 80GB nodes"
    assert advice.rented is not None
    assert advice.rented.usd_per_daily_hour == pytest.approx(3_066.0)
    assert advice.break_even is not None
    assert advice.break_even.kind is BreakEvenKind.RENTED_ALWAYS_CHEAPER
    # The cost axis says which option the quote is scored on.
    cost = result.scorecard.score_of(NIMBUS).axis(Axis.COST)
    assert "priced on spot NVIDIA H100 SXM5 80GB nodes, the cheapest of 3 options" in (
        cost.explanation
    )
    # The board pack's TCO notes say which option was priced and list the others.
    from computescore.services.reporting import build_board_pack

    pack = build_board_pack(_data(workspace), result, generated_on=DECISION_DAY)
    notes = pack.tco_for(NIMBUS).notes if pack.tco_for(NIMBUS) is not None else ()
    assert notes[0] == f"Priced for the workload: {tco.choice}."
    assert notes[1] == (
        "Option 1: On-demand NVIDIA H100 SXM5 80GB nodes, quoted 4 nodes × 8 = 32 "
        "accelerators at 30 USD/node-h; $131,400 for the workload."
    )
    assert notes[3].endswith("$36,792 for the workload (chosen).")
