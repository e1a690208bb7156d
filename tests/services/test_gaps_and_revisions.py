"""The Overview's "what is missing" sentences and the revision differences."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

from computescore.domain.quotes import (
    Certification,
    Deployment,
    ExitTerms,
    FxRate,
    LineKind,
    MeasuredPerformance,
    PriceUnit,
    Quote,
    QuoteLine,
    ReliabilityTerms,
    SlaTerms,
    SupportTerms,
    Vendor,
    VendorKind,
)
from computescore.domain.workload import Evaluation, Purpose, Workload, WorkloadClass
from computescore.services.gaps import find_gaps
from computescore.services.revisions import line_differences
from tests.domain.engine_records import CATALOGUE

DAY = date(2026, 12, 1)
LINE = QuoteLine(
    LineKind.COMPUTE,
    "16x H100",
    Decimal("2.50"),
    PriceUnit.PER_GPU_HOUR,
    "EUR",
    accelerator="nvidia-h100-sxm",
    accelerator_count=16,
)


def _quote(
    name: str, *, mfu: float | None, uptime: float | None = 99.9, valid_until: date | None = None
) -> Quote:
    return Quote(
        Vendor(
            name,
            VendorKind.GPU_CLOUD,
            certifications=(
                Certification("ISO/IEC 27001", valid_to=date(2026, 6, 30))
                if name == "Old"
                else Certification("ISO/IEC 27001", valid_to=date(2028, 1, 1)),
            ),
        ),
        "Q1",
        (LINE,),
        valid_until=valid_until,
        sla=SlaTerms(uptime),
        support=SupportTerms({1: 30}),
        reliability=ReliabilityTerms(0.02, 24),
        performance=MeasuredPerformance(mfu),
        exit_terms=ExitTerms(notice_days=30),
    )


def _evaluation() -> Evaluation:
    return Evaluation(
        "E",
        DAY,
        (
            Workload(
                "W",
                Purpose.INFERENCE,
                WorkloadClass.STEADY,
                7e9,
                10,
                12,
                tokens_per_day=1e9,
                required_certifications=("ISO/IEC 27001",),
            ),
        ),
    )


def test_counts_quotes_without_measured_mfu() -> None:
    quotes = [
        _quote("A", mfu=None),
        _quote("B", mfu=None),
        _quote("C", mfu=None),
        _quote("D", mfu=0.4),
    ]
    gaps = find_gaps(_evaluation(), quotes, [q.vendor for q in quotes], (), ["USD"])
    assert gaps[0].text == "3 quotes have no measured MFU or throughput (A, B, C)"
    # A vendor with several such quotes is named once, with their number.
    quotes.append(_quote("B", mfu=None))
    gaps = find_gaps(_evaluation(), quotes, [q.vendor for q in quotes], (), ["USD"])
    assert gaps[0].text == "4 quotes have no measured MFU or throughput (A, B (2 quotes), C)"
    assert gaps[0].view == "quotes"


def test_expired_certification_missing_fx_and_expiring_quote() -> None:
    quotes = [
        _quote("Old", mfu=0.4, valid_until=date(2026, 11, 30)),
        _quote("New", mfu=0.4, uptime=None),
    ]
    rates = (FxRate("GBP", Decimal("1.27"), date(2026, 11, 20)),)
    texts = [
        g.text
        for g in find_gaps(
            _evaluation(), quotes, [q.vendor for q in quotes], rates, ["EUR", "GBP", "USD"]
        )
    ]
    assert "1 quote states no SLA uptime (New)" in texts
    assert "1 quote expires before the decision date 2026-12-01 (Old)" in texts
    assert "Old’s ISO/IEC 27001 is not valid on the decision date (valid until 2026-06-30)" in texts
    # EUR has no rate on or before the decision date; GBP does; USD needs none.
    assert [t for t in texts if t.startswith("No FX rate")] == [
        "No FX rate for EUR on or before 2026-12-01: its prices cannot be converted, so "
        "those quotes' costs are incomplete"
    ]


def test_no_quotes_and_no_workloads() -> None:
    texts = [g.text for g in find_gaps(Evaluation("E", DAY), [], [], (), [])]
    assert texts == ["No workload profile yet: sizing and TCO need one", "No quotes imported yet"]


def test_revision_differences_name_the_field_and_both_values() -> None:
    cheaper = replace(LINE, price=Decimal("2.35"))
    extra = QuoteLine(LineKind.COST, "Egress", Decimal("0.05"), PriceUnit.PER_GB, "EUR")
    changes = line_differences([LINE], [cheaper, extra])
    assert [(c.change, c.field, c.before, c.after) for c in changes] == [
        ("changed", "price", "2.50", "2.35"),
        ("added", "", "", "0.05"),
    ]
    removed = line_differences([LINE, extra], [LINE])
    assert [(c.change, c.line) for c in removed] == [("removed", "Egress")]
    assert line_differences([LINE], [LINE]) == []


def test_missing_certifications_are_grouped_by_certificate() -> None:
    bare = [replace(_quote(n, mfu=0.4), vendor=Vendor(n, VendorKind.GPU_CLOUD)) for n in "ABCD"]
    found = find_gaps(_evaluation(), bare, [q.vendor for q in bare], (), [])
    texts = [g.text for g in found if g.severity == "warning"]
    assert texts == ["4 vendors have no ISO/IEC 27001 on record (A, B, C…)"]


def test_a_dated_certificate_name_meets_the_requirement() -> None:
    # "ISO/IEC 27001:2022" on record is the required "ISO/IEC 27001", as in the
    # compliance checks; an expired one is still reported as not valid.
    current = _quote("Current", mfu=0.4)
    current = replace(
        current,
        vendor=replace(
            current.vendor,
            certifications=(Certification("ISO/IEC 27001:2022", valid_to=date(2028, 6, 9)),),
        ),
    )
    lapsed = replace(
        current,
        vendor=Vendor(
            "Lapsed",
            VendorKind.GPU_CLOUD,
            certifications=(Certification("ISO/IEC 27001:2013", valid_to=date(2025, 10, 31)),),
        ),
    )
    texts = [
        g.text
        for g in find_gaps(
            _evaluation(), [current, lapsed], [current.vendor, lapsed.vendor], (), []
        )
        if g.severity == "warning"
    ]
    assert texts == [
        "Lapsed’s ISO/IEC 27001 is not valid on the decision date (valid until 2025-10-31)"
    ]


def test_a_quote_without_compute_lines_needs_no_measured_performance() -> None:
    # A colocation quote buys no compute: no MFU or hardware failure rate to ask for.
    colocation = replace(
        _quote("Colo", mfu=None),
        lines=(QuoteLine(LineKind.COST, "Cabinet", Decimal("900"), PriceUnit.PER_MONTH, "EUR"),),
        reliability=ReliabilityTerms(None, None),
    )
    compute = replace(_quote("Cloud", mfu=None), reliability=ReliabilityTerms(None, None))
    quotes = [colocation, compute]
    found = find_gaps(_evaluation(), quotes, [q.vendor for q in quotes], (), [])
    texts = [g.text for g in found if g.severity == "warning"]
    assert texts == [
        "1 quote has no measured MFU or throughput (Cloud)",
        "1 quote gives no failure rate or repair time (Cloud)",
    ]


def test_quotes_without_a_stated_capacity_are_named_for_the_plan() -> None:
    capped = replace(
        _quote("Capped", mfu=0.4), lines=(replace(LINE, description="H100, max. 4 nodes"),)
    )
    quotes = [_quote("A", mfu=0.4), capped]
    gaps = find_gaps(_evaluation(), quotes, [q.vendor for q in quotes], (), ["USD", "EUR"])
    (gap,) = [g for g in gaps if "capacity" in g.text]
    assert gap.severity == "info" and gap.view == "plan"
    assert gap.text.startswith("1 quote states no capacity on its compute lines")
    assert gap.text.endswith("(A)")


def test_quotes_without_a_lead_time_are_named_once_a_workload_has_a_date() -> None:
    dated = replace(_quote("Dated", mfu=0.4), lines=(replace(LINE, lead_time_days=30),))
    quotes = [_quote("A", mfu=0.4), dated]
    vendors = [q.vendor for q in quotes]
    assert not [g for g in find_gaps(_evaluation(), quotes, vendors, (), []) if "lead" in g.text]
    evaluation = _evaluation()
    needed = replace(evaluation.workloads[0], needed_by=date(2027, 3, 1))
    later = replace(needed, name="Later", needed_by=date(2027, 9, 1))
    evaluation = replace(evaluation, workloads=(later, needed))  # the earliest date is named
    (gap,) = [g for g in find_gaps(evaluation, quotes, vendors, (), []) if "lead" in g.text]
    assert gap.view == "plan"
    assert gap.text == (
        "1 quote states no lead time on its compute lines, and 'W' is needed by 2027-03-01: "
        "the award plan cannot tell whether they arrive in time (A)"
    )


def test_commitments_without_a_flex_band_or_prepayment_terms_are_named_for_the_plan() -> None:
    reserved = replace(LINE, deployment=Deployment.RESERVED, term_months=12)
    plain = replace(_quote("Plain", mfu=0.4), lines=(reserved,))
    stated = replace(
        _quote("Stated", mfu=0.4),
        lines=(replace(reserved, description="16x H100 (flex +20%; no prepayment)"),),
    )
    rented = _quote("Rented", mfu=0.4)  # on demand: neither applies
    quotes = [plain, stated, rented]
    vendors = [q.vendor for q in quotes]
    texts = [g.text for g in find_gaps(_evaluation(), quotes, vendors, (), []) if g.view == "plan"]
    # "W" is steady: a flex band changes nothing, so it is not asked for.
    assert not [t for t in texts if "flex" in t]
    (prepaid,) = [t for t in texts if "paid in advance" in t]
    assert prepaid == (
        "1 quote does not say whether its commitments are paid in advance: the award plan "
        "counts them paid monthly and carries no prepayment risk; ask (“prepaid 50%”, “no "
        "prepayment”) (Plain)"
    )
    evaluation = _evaluation()
    peaked = replace(evaluation.workloads[0], baseline_accelerators=4, peak_months_per_year=3)
    evaluation = replace(evaluation, workloads=(peaked,))
    texts = [g.text for g in find_gaps(evaluation, quotes, vendors, (), []) if g.view == "plan"]
    (flex,) = [t for t in texts if "flex" in t]
    assert flex.startswith("1 quote states no flex band above its commitments, and 'W' has peaks")
    assert flex.endswith("(Plain)")


def test_a_measured_rate_beyond_the_workloads_context_is_a_gap() -> None:
    # "W" serves a 7 B model at 4,096 tokens of context: each sequence's KV cache (2 × 32
    # layers × 4,096 × 2 B × 4,096 tokens = 2.147 GB, shape assumed from 7 B) is read for
    # every token, so an H100 gives at most 3,350 ÷ 2.147 = 1,560 tokens/s at any batch.
    fast = replace(_quote("Fast", mfu=None), performance=MeasuredPerformance(None, 3000.0))
    fair = replace(_quote("Fair", mfu=None), performance=MeasuredPerformance(None, 1000.0))
    quotes = [fast, fair]
    vendors = [q.vendor for q in quotes]
    gaps = find_gaps(_evaluation(), quotes, vendors, (), ["EUR"], CATALOGUE)
    (gap,) = [g for g in gaps if "tokens of context" in g.text]
    assert gap.severity == "warning" and gap.view == "quotes"
    assert gap.text == (
        "1 quote’s measured tokens/s is more than its accelerators can give at the 4,096 "
        "tokens of context of “W”, so set aside (Fast); ask for tokens/s measured at this "
        "context"
    )
    # Without the catalogue the check is not made.
    assert not [g for g in find_gaps(_evaluation(), quotes, vendors, (), []) if "context" in g.text]
