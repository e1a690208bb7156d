"""What a vendor is asked: each gap of its quotes as a numbered question with its reason."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from computescore.domain.clarify import clarifications
from computescore.domain.quotes import (
    Certification,
    CostCategory,
    Deployment,
    ExitTerms,
    MeasuredPerformance,
    PriceUnit,
    ReliabilityTerms,
    SupportTerms,
    Vendor,
    VendorKind,
)
from computescore.domain.workload import Evaluation, Purpose
from tests.domain.engine_records import (
    CATALOGUE,
    STANDARD_SLA,
    compute_line,
    cost_line,
    quote,
    workload,
)

DAY = date(2026, 12, 1)


def evaluation(*required: str) -> Evaluation:
    load = replace(workload(), name="fine-tune", required_certifications=tuple(required))
    return Evaluation("Pool", DAY, (load,))


def complete_quote():  # type: ignore[no-untyped-def]
    line = replace(
        compute_line("2.49", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 64),
        description="H100 on-demand, up to 64 GPUs",
        region="eu-north-1",
        country="SE",
    )
    return replace(
        quote("Northcape", line, reference="NC-1"),
        valid_until=date(2027, 1, 31),
        sla=STANDARD_SLA,
        support=SupportTerms({1: 30, 2: 120, 3: 480, 4: None}),
        reliability=ReliabilityTerms(0.02, 6.0),
        performance=MeasuredPerformance(0.41, None, "Llama 3 70B, 64 x H100, BF16"),
        exit_terms=ExitTerms(
            notice_days=30, data_return=True, data_deletion=True, egress_usd_per_gb=None
        ),
    )


VENDOR = Vendor(
    "Northcape",
    VendorKind.GPU_CLOUD,
    certifications=(Certification("ISO/IEC 27001:2022", valid_to=date(2028, 6, 30)),),
)


def test_a_quote_that_states_everything_is_asked_only_for_its_egress_price() -> None:
    asked = clarifications(VENDOR, [complete_quote()], evaluation("ISO/IEC 27001"))
    assert [(a.topic, a.rfq_key) for a in asked] == [("Exit terms", "exit_terms.egress")]
    # An egress cost line answers it too.
    with_egress = replace(
        complete_quote(),
        lines=(
            *complete_quote().lines,
            cost_line("0.05", PriceUnit.PER_GB, CostCategory.EGRESS, quantity="1000"),
        ),
    )
    assert clarifications(VENDOR, [with_egress], evaluation("ISO/IEC 27001")) == []


def test_each_gap_is_one_question_with_why_it_matters_and_the_quote_it_concerns() -> None:
    bare = replace(
        quote(
            "Northcape",
            compute_line("2.49", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 64),
            reference="NC-2",
        ),
        valid_until=date(2026, 11, 30),  # a day before the decision date
    )
    asked = clarifications(VENDOR, [bare], evaluation())
    assert [a.rfq_key for a in asked] == [
        "valid_until",
        "sla.uptime_pct",
        "support.response_minutes.1",
        "reliability.annual_failure_rate",
        "reliability.mttr_hours",
        "performance.mfu",
        "data.country",
        "",  # capacity: no stated maximum
        "exit_terms.notice_days",
        "exit_terms.data_return",
        "exit_terms.egress",
    ]
    assert all(a.quotes == ("NC-2",) for a in asked)
    afr = next(a for a in asked if a.rfq_key == "reliability.annual_failure_rate")
    assert afr.why == "Your reliability score is computed from an assumed failure rate."
    validity = asked[0]
    assert "expires before our decision date (2026-12-01)" in validity.question


def test_an_uptime_without_credits_asks_for_the_credit_schedule() -> None:
    no_credits = replace(complete_quote(), sla=replace(STANDARD_SLA, credits=()))
    keys = [a.rfq_key for a in clarifications(VENDOR, [no_credits], evaluation())]
    assert "sla.credits.1.below" in keys and "sla.uptime_pct" not in keys


def test_a_measurement_without_its_benchmark_asks_for_the_benchmark() -> None:
    unnamed = replace(complete_quote(), performance=MeasuredPerformance(0.41))
    asked = clarifications(VENDOR, [unnamed], evaluation())
    assert "performance.method" in [a.rfq_key for a in asked]
    assert "performance.mfu" not in [a.rfq_key for a in asked]


def test_required_certificates_missing_expired_or_undated_are_asked_for() -> None:
    expired = replace(
        VENDOR,
        certifications=(
            Certification("ISO/IEC 27001:2013", valid_to=date(2025, 9, 30)),
            Certification("SOC 2 Type II"),
        ),
    )
    asked = [
        a
        for a in clarifications(expired, [complete_quote()], evaluation("ISO/IEC 27001", "C5"))
        if a.topic == "Certifications"
    ]
    assert [a.question for a in asked] == [
        "Send your C5 certificate with its scope and expiry date, or say that you do not hold it.",
        "Your ISO/IEC 27001 certificate on record expired on 2025-09-30. Send the current "
        "certificate.",
        "State until when each of these certificates is valid: SOC 2 Type II.",
    ]


def test_a_colocation_offer_is_not_asked_for_accelerator_figures() -> None:
    site = replace(
        quote(
            "Nordhavn",
            cost_line("185", PriceUnit.PER_KW_MONTH, CostCategory.FACILITY, quantity="400"),
            reference="ND-1",
            kind=VendorKind.COLOCATION,
        ),
        sla=STANDARD_SLA,
        support=SupportTerms({1: 15}),
        exit_terms=ExitTerms(notice_days=180, data_return=True, data_deletion=True),
    )
    vendor = Vendor("Nordhavn", VendorKind.COLOCATION, certifications=VENDOR.certifications)
    assert clarifications(vendor, [site], evaluation()) == []


def test_a_total_that_does_not_add_up_is_asked_about() -> None:
    from computescore.domain.problems import Problem, Severity

    mismatch = Problem(
        "angebot.xlsx!Angebot!12",
        "The row “Gesamtsumme” states 606,400, but the lines above it add up to 596,400 "
        "with the taxes listed",
        Severity.WARNING,
    )
    other = Problem("angebot.xlsx!Angebot!3", "The date is ambiguous", Severity.WARNING)
    asked = clarifications(VENDOR, [complete_quote()], evaluation(), {"NC-1": [other, mismatch]})
    totals = [a for a in asked if a.topic == "Totals"]
    assert [a.question for a in totals] == [
        "In your quote NC-1, the row “Gesamtsumme” states 606,400, but the lines above it add "
        "up to 596,400 with the taxes listed (angebot.xlsx!Angebot!12). Please confirm the "
        "total or correct the lines."
    ]
    assert totals[0].quotes == ("NC-1",)


def test_a_serving_rate_measured_under_a_lighter_load_is_asked_again() -> None:
    # Serving a 13 B model at 8,192 tokens of context: an H100 gives at most 3,350 GB/s ÷
    # 6.86 GB of KV cache per sequence = 488 tokens/s at any batch. A measured 2,000 tokens/s
    # was taken at a shorter context: the vendor is asked for one at ours.
    serving = replace(
        workload(purpose=Purpose.INFERENCE, params=13e9, training_tokens=None),
        name="chat",
        context_length=8192,
        batch_size=32,
    )
    fast = replace(complete_quote(), performance=MeasuredPerformance(None, 2000.0, "13B, vLLM"))
    asked = clarifications(VENDOR, [fast], Evaluation("Pool", DAY, (serving,)), None, CATALOGUE)
    (question,) = [a for a in asked if a.rfq_key == "performance.tokens_per_second"]
    assert question.question == (
        "Your measured tokens/s is more than the accelerators' memory bandwidth allows at the "
        "8,192 tokens of context of our workload “chat”: send tokens/s per accelerator "
        "measured at that context, with a batch of 32 and a model of 13 B parameters, and "
        "the method."
    )
    assert question.quotes == ("NC-1",)
    # Within the ceiling, or without the catalogue, nothing is asked.
    fair = replace(complete_quote(), performance=MeasuredPerformance(None, 400.0, "13B, vLLM"))
    assert all(
        a.rfq_key != "performance.tokens_per_second"
        for a in clarifications(
            VENDOR, [fair], Evaluation("Pool", DAY, (serving,)), None, CATALOGUE
        )
    )
    assert all(
        a.rfq_key != "performance.tokens_per_second"
        for a in clarifications(VENDOR, [fast], Evaluation("Pool", DAY, (serving,)))
    )


def test_a_need_by_date_asks_for_the_lead_time_until_it_is_stated() -> None:
    needed = evaluation("ISO/IEC 27001")
    needed = replace(needed, workloads=(replace(needed.workloads[0], needed_by=date(2027, 2, 1)),))
    asked = clarifications(VENDOR, [complete_quote()], needed)
    (lead,) = [a for a in asked if a.topic == "Lead time"]
    assert lead.why.startswith("Capacity is needed from 2027-02-01")
    stated = replace(
        complete_quote(), lines=(replace(complete_quote().lines[0], lead_time_days=21),)
    )
    assert not [a for a in clarifications(VENDOR, [stated], needed) if a.topic == "Lead time"]
