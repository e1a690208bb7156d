"""Five-axis scores: hand-worked axes, missing data, knock-outs, ranking laws."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Precision
from computescore.domain.figures import MISSING, PARTIAL, UNMEASURED
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    MeasuredPerformance,
    PriceUnit,
    Quote,
    ReliabilityTerms,
    SupportTerms,
    VendorKind,
)
from computescore.domain.scoring import (
    LinearScale,
    ScoreInput,
    minimum_uptime_rule,
    prepare_input,
    score_quotes,
)
from computescore.domain.tco import Assumptions, compute_tco
from computescore.domain.weights import Axis, equal_weights
from computescore.domain.workload import Purpose
from tests.domain.engine_records import (
    CATALOGUE,
    DECISION_DATE,
    STANDARD_SLA,
    compute_line,
    cost_line,
    quote,
    workload,
)

WORKLOAD = workload(hours_per_day=24, horizon_months=12)

NO_DISCOUNT = Assumptions(discount_rate=0.0)
"""Assumptions of the figures worked by hand here: no cost of capital."""


def _on_demand(vendor: str, price: str, **terms: object) -> Quote:
    line = compute_line(price, PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, per_node=8)
    return quote(vendor, line, **terms)  # type: ignore[arg-type]


def _entry(
    q: Quote,
    findings: tuple[Finding, ...] = (),
    checked: bool = True,
    assumptions: Assumptions | None = None,
) -> ScoreInput:
    a = assumptions or Assumptions(discount_rate=0.0)
    tco = compute_tco(q, WORKLOAD, CATALOGUE, (), DECISION_DATE, a)
    return prepare_input(q, tco, WORKLOAD, a, findings, checked)


def _finding(key: str, severity: FindingSeverity, category=FindingCategory.CERTIFICATION):  # type: ignore[no-untyped-def]
    return Finding(key, severity, category, f"{severity.value} finding", "reason", "rule.x")


def test_linear_scales_clamp_and_run_both_ways() -> None:
    response = LinearScale(480, 15, "min")
    assert response.score(15) == 100 and response.score(480) == 0
    assert response.score(247.5) == pytest.approx(50.0)
    assert response.score(5) == 100 and response.score(900) == 0
    assert "480 min → 0" in response.text()


def test_cost_is_scored_relative_to_the_best_useful_compute_price() -> None:
    # Per useful PFLOP-hour: US$2.00 / (0.989 × 0.4) = 5.0556; US$3.00 / 0.3956 = 7.5834.
    # Score of the dearer quote = 100 × 5.0556 / 7.5834 = 66.67.
    card = score_quotes(
        [_entry(_on_demand("Cheap", "2.00")), _entry(_on_demand("Dear", "3.00"))],
        equal_weights(),
    )
    dear = card.score_of("Dear/Q1/r1").axis(Axis.COST)
    assert dear.score == pytest.approx(200 / 3)
    assert dear.explanation == (
        "cost 67: $7.58 per useful PFLOP-hour, best is $5.06 (Cheap — Q1); useful compute: "
        "bf16 dense peak 989 TFLOP/s × assumed MFU 0.4 = 395.6 TFLOP/s per accelerator "
        "(unmeasured)"
    )
    assert "relative to the best qualified quote" in dear.scale
    assert UNMEASURED in dear.flags
    assert card.score_of("Cheap/Q1/r1").axis(Axis.COST).score == pytest.approx(100.0)
    assert card.cost_metric == "pflop"


def test_one_quote_without_useful_compute_does_not_move_the_others_to_another_metric() -> None:
    # Per useful PFLOP-hour (bf16, assumed MFU 0.4, 24 h/day):
    #   H100 at US$2.00/GPU-h: 2.00 / (0.989 × 0.4) = US$5.0556 → best, 100;
    #   L40S at US$1.00/GPU-h: 1.00 / (0.36205 × 0.4) = US$6.9051 → 100 × 5.0556 / 6.9051
    #   = 73.216.
    # (Per GPU-hour the L40S would win, 100 against 50: the wrong unit of work.)
    # The third quote's accelerator is not in the catalogue and nothing was measured:
    # it alone gets the neutral 50, flagged, with the reason and its GPU-hour price.
    h100 = _on_demand("H", "2.00")
    l40s = quote(
        "L",
        compute_line(
            "1.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, accelerator="nvidia-l40s"
        ),
    )
    odd = quote(
        "X",
        compute_line(
            "0.50", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, accelerator="acme-x1"
        ),
    )
    card = score_quotes([_entry(h100), _entry(l40s), _entry(odd)], equal_weights())
    assert card.cost_metric == "pflop"
    assert card.score_of(h100.key).axis(Axis.COST).score == pytest.approx(100.0)
    assert card.score_of(l40s.key).axis(Axis.COST).score == pytest.approx(
        100 * (2.00 / (0.989 * 0.4)) / (1.00 / (0.36205 * 0.4))
    )
    assert card.score_of(l40s.key).axis(Axis.COST).score == pytest.approx(73.216, abs=1e-3)
    unknown = card.score_of(odd.key).axis(Axis.COST)
    assert unknown.score == 50.0 and MISSING in unknown.flags
    assert unknown.explanation == (
        "cost 50 (neutral): cost per useful PFLOP-hour unknown: accelerator 'acme-x1' is not "
        "in the catalogue, and the quote has no measured tokens/s ($0.50 per GPU-hour used, "
        "shown for reference, not scored); missing data is scored at the stated neutral value 50"
    )
    assert any("X — Q1 has no known useful compute" in note for note in card.notes)


def test_serving_cost_is_per_token_served_when_tokens_per_second_are_measured() -> None:
    # 13 B model served in fp8 at 20 h/day for 12 months on 8 GPUs at US$2.00/GPU-h.
    # Measured 900 tokens/s per H100 generating → 900 × 2 × 13e9 = 23.4 TFLOP/s; the prompt
    # tokens (three in four) are read at fp8 peak 1,979 × MFU 0.15 = 296.85 TFLOP/s, so it
    # serves 1 ÷ (0.25 ÷ 23.4 + 0.75 ÷ 296.85) = 75.699 TFLOP/s: US$2.00 / 0.075699 PFLOP/s
    # = US$26.42 per useful PFLOP-hour, and 75.699e12 ÷ 26e9 = 2,911.5 tokens/s served,
    # US$2.00 / (2,911.5 × 3,600 / 1e6) = US$0.19 per million tokens. (Within the H100's
    # serving ceiling at 4,096 tokens of context: 3,350 GB/s ÷ 3.429 GB of KV cache per
    # sequence = 976.9 tokens/s at any batch.)
    # The other quote (datasheet) generates as the decode step allows, not at 296.85
    # TFLOP/s: 13 GB of weights + 3.429 GB of KV cache per token at 80 % of 3,350 GB/s =
    # 163.12 tokens/s × 26e9 = 4.2412 TFLOP/s; over the mix 1 ÷ (0.25 ÷ 4.2412 + 0.75 ÷
    # 296.85) = 16.268 TFLOP/s, US$2.50 / 0.016268 = US$153.68.
    # So the measured quote is best (100) and the datasheet one 100 × 26.42 / 153.68 = 17.2.
    serving = replace(
        workload(hours_per_day=20, purpose=Purpose.INFERENCE, params=13e9, mfu=0.15),
        precision=Precision.FP8,
    )
    measured = _on_demand("M", "2.00", performance=MeasuredPerformance(tokens_per_second=900))
    datasheet = _on_demand("D", "2.50")
    entries = [
        prepare_input(
            q,
            compute_tco(q, serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT),
            serving,
            Assumptions(discount_rate=0.0),
        )
        for q in (measured, datasheet)
    ]
    card = score_quotes(entries, equal_weights())
    cost = card.score_of(measured.key).axis(Axis.COST)
    prefill = 1979 * 0.15
    served = 1 / (0.25 / 23.4 + 0.75 / prefill)
    assert served == pytest.approx(75.699, rel=1e-4)
    assert cost.metric is not None and cost.metric.value == pytest.approx(2.00 / (served / 1000))
    assert cost.score == pytest.approx(100.0)
    assert cost.explanation == (
        "cost 100: $26.42 per useful PFLOP-hour, this is the best; useful unit: tokens "
        "served (each counted as 2 × parameters FLOP) — measured 900 tokens/s per "
        "accelerator × 2 FLOP per parameter × 13 B parameters = 23.4 TFLOP/s per accelerator "
        "generating; the prompt tokens read at 296.8 TFLOP/s (peak × MFU) and 25 % of the "
        "tokens generated: 75.7 TFLOP/s per accelerator served; $0.19 per million tokens"
    )
    assert UNMEASURED not in cost.flags
    decode = 3350 * 0.8 / (13 + 3.429188460) * 26e9 / 1e12
    mixed = 1 / (0.25 / decode + 0.75 / prefill)
    assert mixed == pytest.approx(16.268, rel=1e-4)
    other = card.score_of(datasheet.key).axis(Axis.COST)
    assert other.score == pytest.approx(100 * (2.00 / served) / (2.50 / mixed))
    assert "decode rate per accelerator × 2 × params = 4.24 TFLOP/s" in other.explanation
    assert "16.27 TFLOP/s per accelerator served" in other.explanation
    # Measured against datasheet-rated: the reader is told the assumptions decide.
    assert any(
        "compares 1 quote with measured throughput against 1 rated from the datasheet" in note
        for note in card.notes
    )
    performance = card.score_of(datasheet.key).axis(Axis.PERFORMANCE)
    # 16.268 / 75.699 = 21.49 % of the best useful throughput.
    assert performance.score == pytest.approx(100 * mixed / served)


def test_a_quote_without_compute_lines_is_listed_apart_not_ranked() -> None:
    # Two compute offers and a colocation quote (40 kW at US$200/kW-month, remote hands
    # with a 15-minute severity-1 response). The colocation quote is not ranked, sets no
    # benchmark and leaves the compute offers' scores exactly as they are without it.
    owned = quote(
        "Owner",
        compute_line("250000", PriceUnit.PER_UNIT, Deployment.PURCHASE, 8, nodes=1, per_node=8),
    )
    rented = _on_demand("Cloud", "2.00")
    colo = quote(
        "Colo",
        cost_line("200", PriceUnit.PER_KW_MONTH, CostCategory.FACILITY, quantity="40"),
        cost_line("1000", PriceUnit.PER_MONTH, CostCategory.SUPPORT),
        kind=VendorKind.COLOCATION,
        support=SupportTerms({1: 15, 2: 60}, None, "24x7"),
    )
    warning = _finding(colo.key, FindingSeverity.WARNING)
    with_colo = score_quotes(
        [_entry(owned), _entry(rented), _entry(colo, (warning,))], equal_weights()
    )
    without = score_quotes([_entry(owned), _entry(rented)], equal_weights())
    assert [s.quote_key for s in with_colo.scores] == [s.quote_key for s in without.scores]
    assert [s.axes for s in with_colo.scores] == [s.axes for s in without.scores]
    with pytest.raises(KeyError):
        with_colo.score_of(colo.key)
    (item,) = with_colo.supporting
    assert item.quote_key == colo.key and not item.disqualified
    assert item.reason == (
        "no compute lines: a facility/services quote to combine with an owned option"
    )
    assert item.offers == ("facility", "support")
    # 40 kW × 200 × 12 + 1,000 × 12 = 108,000.
    assert item.headline_usd == pytest.approx(108_000.0)
    assert item.combine_with == ("Owner — Q1",)
    # Severity 1 in 15 min → 100, severity 2 in 60 min → 100, 24×7 → 100.
    assert item.service.score == pytest.approx(100.0)
    # One warning: 100 − 15 = 85.
    assert item.compliance.score == pytest.approx(85.0)
    assert any("listed as supporting, not ranked: Colo — Q1" in note for note in with_colo.notes)
    knocked = score_quotes(
        [_entry(rented), _entry(colo, (_finding(colo.key, FindingSeverity.KNOCKOUT),))],
        equal_weights(),
    )
    assert knocked.supporting[0].disqualified and knocked.supporting[0].combine_with == ()


def test_the_same_knockout_on_two_lines_is_one_reason() -> None:
    a, b = _on_demand("A", "2.00"), _on_demand("B", "2.00")
    twice = (
        _finding(a.key, FindingSeverity.KNOCKOUT, FindingCategory.DATA_SOVEREIGNTY),
        _finding(a.key, FindingSeverity.KNOCKOUT, FindingCategory.DATA_SOVEREIGNTY),
    )
    card = score_quotes([_entry(a, twice), _entry(b)], equal_weights())
    assert len(card.score_of(a.key).knockouts) == 1
    assert card.score_of(a.key).axis(Axis.COMPLIANCE).explanation == (
        "compliance 0: knocked out — knockout finding"
    )


def test_performance_prefers_measurement_and_marks_datasheet_figures() -> None:
    # Measured MFU 0.5 × 989 = 494.5 TFLOP/s; assumed 0.4 × 989 = 395.6 → 80.
    measured = _on_demand("M", "2.00", performance=MeasuredPerformance(mfu=0.5))
    card = score_quotes([_entry(measured), _entry(_on_demand("D", "2.00"))], equal_weights())
    assert card.score_of("M/Q1/r1").axis(Axis.PERFORMANCE).score == pytest.approx(100.0)
    datasheet = card.score_of("D/Q1/r1").axis(Axis.PERFORMANCE)
    assert datasheet.score == pytest.approx(80.0)
    assert UNMEASURED in datasheet.flags and "unmeasured" in datasheet.explanation


def test_reliability_is_expected_money_lost_net_of_sla_credits() -> None:
    # 8 GPUs × AFR 0.05 × 12/12 = 0.4 failures; each takes the 8-GPU node out for 24 h:
    # 0.4 × 24 × 8 = 76.8 GPU-h lost. The buyer loses the capacity paid for (US$2.00),
    # the work done again (US$2.00) and US$50 of business: 76.8 × 54 = US$4,147.20.
    # Credits: a node fails 8 × 0.05 / 12 = 0.03333 times a month; one failure leaves
    # 1 − 24/730 = 96.7 % uptime → 25 % credit. E[credit] = 25 % × (1 − e^−0.03333)
    # = 0.81960 % of the monthly fee 140,160 / 12 = 11,680, for 12 months = US$1,148.75.
    # Credits refund rent only: at most the US$153.60 paid for the capacity while out.
    # Net 4,147.20 − 153.60 = US$3,993.60 = 2.8493 % of the US$140,160 TCO
    # → 100 × (5 − 2.8493) / 5 = 43.014.
    q = _on_demand(
        "R", "2.00", sla=STANDARD_SLA, reliability=ReliabilityTerms(0.05, 24.0, "vendor")
    )
    entry = _entry(q, assumptions=Assumptions(discount_rate=0.0, downtime_usd_per_gpu_hour=50.0))
    assert entry.downtime is not None
    assert entry.downtime.lost_gpu_hours.value == pytest.approx(76.8)
    assert entry.downtime.downtime_usd.value == pytest.approx(4_147.2)
    assert entry.downtime.credits_usd.value == pytest.approx(1_148.748, abs=1e-3)
    assert entry.downtime.credits_counted_usd == pytest.approx(153.6)
    assert entry.downtime.net_usd.value == pytest.approx(3_993.6)
    score = score_quotes([entry], equal_weights()).scores[0].axis(Axis.RELIABILITY)
    assert score.score == pytest.approx(100 * (5 - 100 * 3_993.6 / 140_160) / 5)
    assert score.explanation == (
        "reliability 43: 76.8 GPU-h expected lost over 12 months cost $4,147 (capacity paid "
        "for, work redone, business loss), less $153.60 of the $1,149 expected SLA credits "
        "(credits refund only the capacity paid for while out) = $3,994 net, 2.85 % of the TCO"
    )


def test_credits_never_make_failures_free_and_real_failure_rates_separate() -> None:
    # 30 %/year with 72 h repair used to score 100 when credits cancelled the loss.
    # Now only the rent is refunded: 8 × 0.3 = 2.4 failures × 72 h × 8 GPUs = 1,382.4
    # GPU-h out; the work redone alone is 1,382.4 × US$2 = US$2,764.80 = 1.97 % of the
    # TCO, so the score is at most 100 × (5 − 1.97) / 5 ≈ 60.5.
    def reliability(afr: float, mttr: float) -> float:
        q = _on_demand("R", "2.00", sla=STANDARD_SLA, reliability=ReliabilityTerms(afr, mttr))
        card = score_quotes([_entry(q)], equal_weights())
        return card.scores[0].axis(Axis.RELIABILITY).score

    poor = reliability(0.30, 72.0)
    good = reliability(0.05, 24.0)
    assert poor == pytest.approx(100 * (5 - 100 * 2_764.8 / 140_160) / 5)
    assert good > 95.0 and good - poor > 30.0


def test_a_multi_node_training_job_waits_for_the_restart() -> None:
    # 16 GPUs in two 8-GPU nodes, training: each failure also stops the other 8 GPUs for
    # the 1 h restart. 16 × 0.05 = 0.8 failures → 0.8 × (24 × 8 + 1 × 8) = 160 GPU-h.
    line = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 16, per_node=8)
    q = quote("Big", line, reliability=ReliabilityTerms(0.05, 24.0))
    big = workload(hours_per_day=24, horizon_months=12, accelerators=16)
    a = Assumptions(discount_rate=0.0)
    tco = compute_tco(q, big, CATALOGUE, (), DECISION_DATE, a)
    entry = prepare_input(q, tco, big, a, (), True)
    assert entry.downtime is not None
    assert entry.downtime.lost_gpu_hours.value == pytest.approx(160.0)


def test_service_averages_its_sub_scores_and_says_what_is_missing() -> None:
    # Severity 1 in 15 min → 100; severity 2 best effort → 0; 20 expert h/month → 50;
    # 24x7 → 100. Mean = 62.5.
    support = SupportTerms({1: 15, 2: None}, 20.0, "24x7 follow-the-sun")
    card = score_quotes([_entry(_on_demand("S", "2.00", support=support))], equal_weights())
    assert card.scores[0].axis(Axis.SERVICE).score == pytest.approx(62.5)
    partial = SupportTerms({1: 15}, None, "")
    card = score_quotes([_entry(_on_demand("P", "2.00", support=partial))], equal_weights())
    service = card.scores[0].axis(Axis.SERVICE)
    assert service.score == pytest.approx(100.0) and PARTIAL in service.flags
    assert "not stated: severity-2 response, expert hours, coverage" in service.explanation
    # "7×24" is how many vendors write round-the-clock cover.
    for text in ("7×24", "7x24 hotline", "24 hours, 7 days", "24/7"):
        covered = SupportTerms({1: 15}, None, text)
        card = score_quotes([_entry(_on_demand("C", "2.00", support=covered))], equal_weights())
        assert "24×7 coverage (100)" in card.scores[0].axis(Axis.SERVICE).explanation


def test_missing_data_gets_a_stated_neutral_score_never_zero_or_hundred() -> None:
    card = score_quotes([_entry(_on_demand("N", "2.00"), checked=False)], equal_weights())
    quote_score = card.scores[0]
    for axis in (Axis.RELIABILITY, Axis.SERVICE, Axis.COMPLIANCE):
        item = quote_score.axis(axis)
        assert item.score == 50.0 and MISSING in item.flags
        assert "neutral" in item.explanation
    assert "no annual failure rate and no MTTR" in quote_score.axis(Axis.RELIABILITY).explanation
    assert quote_score.flags[0] == "missing data on: reliability, service, compliance"


def test_compliance_counts_warnings_and_knockouts_disqualify() -> None:
    a, b = _on_demand("A", "2.00"), _on_demand("B", "1.00")
    warnings = (
        _finding(a.key, FindingSeverity.WARNING),
        _finding(a.key, FindingSeverity.WARNING),
        _finding(a.key, FindingSeverity.INFO),
        _finding(a.key, FindingSeverity.WARNING, FindingCategory.FIT),  # not a compliance matter
    )
    knockout = (_finding(b.key, FindingSeverity.KNOCKOUT, FindingCategory.SCREENING),)
    card = score_quotes([_entry(a, warnings), _entry(b, knockout)], equal_weights())
    # 100 − 2 × 15 = 70.
    assert card.score_of(a.key).axis(Axis.COMPLIANCE).score == pytest.approx(70.0)
    loser = card.score_of(b.key)
    assert loser.disqualified and loser.rank is None
    assert loser.knockouts[0].title == "knockout finding"
    # The cheaper quote is knocked out, so the remaining quote sets the cost benchmark,
    # and the knocked-out quote's cost score stops at 100 (it is half the price).
    assert card.winner is not None and card.winner.quote_key == a.key
    assert card.score_of(a.key).axis(Axis.COST).score == pytest.approx(100.0)
    assert loser.axis(Axis.COST).score == 100.0
    assert loser.axis(Axis.COST).explanation.startswith("cost 100:")


def test_extra_knockout_rules_are_applied() -> None:
    weak = _on_demand("W", "2.00")
    strong = _on_demand("S", "2.10", sla=STANDARD_SLA)
    card = score_quotes(
        [_entry(weak), _entry(strong)], equal_weights(), knockout_rules=[minimum_uptime_rule(99.5)]
    )
    assert card.score_of(weak.key).disqualified
    assert "no uptime commitment" in card.score_of(weak.key).knockouts[0].reason
    assert not card.score_of(strong.key).disqualified


# ----------------------------------------------------------------------------- laws

price = st.decimals(min_value=1, max_value=20, places=2)


@given(prices=st.lists(price, min_size=2, max_size=5, unique=True), seed=st.randoms())
def test_ranking_does_not_depend_on_input_order(prices: list, seed) -> None:  # type: ignore[no-untyped-def]
    entries = [
        _entry(_on_demand(f"V{index}", str(p), support=SupportTerms({1: 30 * index}, 10.0)))
        for index, p in enumerate(prices)
    ]
    shuffled = list(entries)
    seed.shuffle(shuffled)
    first = {s.quote_key: s.rank for s in score_quotes(entries, equal_weights()).scores}
    second = {s.quote_key: s.rank for s in score_quotes(shuffled, equal_weights()).scores}
    assert first == second


@given(base=price, cut=st.decimals(min_value=0, max_value=1, places=2), other=price)
def test_a_lower_price_never_lowers_the_cost_score(base, cut, other) -> None:  # type: ignore[no-untyped-def]
    cheaper = max(base - cut, 1)
    rival = _entry(_on_demand("Rival", str(other)))
    before = score_quotes([_entry(_on_demand("Me", str(base))), rival], equal_weights())
    after = score_quotes([_entry(_on_demand("Me", str(cheaper))), rival], equal_weights())
    key = "Me/Q1/r1"
    assert (
        after.score_of(key).axis(Axis.COST).score
        >= before.score_of(key).axis(Axis.COST).score - 1e-9
    )


@given(
    minutes=st.integers(1, 2000),
    faster=st.integers(0, 2000),
    afr=st.floats(0.001, 0.5),
    better=st.floats(0, 1),
    mfu=st.floats(0.1, 0.9),
    gain=st.floats(0, 0.1),
    business_loss=st.floats(0, 500),
)
def test_a_better_metric_never_lowers_its_axis_score(
    minutes: int,
    faster: int,
    afr: float,
    better: float,
    mfu: float,
    gain: float,
    business_loss: float,
) -> None:
    rival = _entry(_on_demand("Rival", "2.00", performance=MeasuredPerformance(mfu=0.5)))

    def scores(response: int, rate: float, measured: float):  # type: ignore[no-untyped-def]
        q = _on_demand(
            "Me",
            "2.00",
            support=SupportTerms({1: response}),
            reliability=ReliabilityTerms(rate, 12.0),
            sla=STANDARD_SLA,
            performance=MeasuredPerformance(mfu=measured),
        )
        entry = _entry(
            q, assumptions=Assumptions(discount_rate=0.0, downtime_usd_per_gpu_hour=business_loss)
        )
        return score_quotes([entry, rival], equal_weights()).score_of(q.key)

    before = scores(minutes, afr, mfu)
    after = scores(max(1, minutes - faster), afr * better, min(1.0, mfu + gain))
    for axis in (Axis.SERVICE, Axis.RELIABILITY, Axis.PERFORMANCE):
        assert after.axis(axis).score >= before.axis(axis).score - 1e-9


@given(
    prices=st.lists(price, min_size=1, max_size=4, unique=True),
    kw=st.integers(1, 500),
    usd_per_kw_month=st.decimals(min_value=0, max_value=500, places=2),
)
def test_a_supporting_quote_never_changes_the_compute_offers_scores(  # type: ignore[no-untyped-def]
    prices, kw, usd_per_kw_month
) -> None:
    offers = [_entry(_on_demand(f"V{index}", str(p))) for index, p in enumerate(prices)]
    colo = quote(
        "Colo",
        cost_line(
            str(usd_per_kw_month), PriceUnit.PER_KW_MONTH, CostCategory.FACILITY, quantity=str(kw)
        ),
    )
    alone = score_quotes(offers, equal_weights())
    beside = score_quotes([*offers, _entry(colo)], equal_weights())
    assert beside.scores == alone.scores
    assert [item.quote_key for item in beside.supporting] == [colo.key]
