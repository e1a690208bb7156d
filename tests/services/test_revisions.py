"""One comparison of revisions, told as the import report's sentences and as history rows."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

from computescore.domain.quotes import (
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    SlaTerms,
    Vendor,
    VendorKind,
)
from computescore.services.revisions import describe_differences, line_label, quote_differences

H100 = QuoteLine(
    LineKind.COMPUTE,
    "H100 cluster",
    Decimal("2.50"),
    PriceUnit.PER_GPU_HOUR,
    "USD",
    accelerator="nvidia-h100-sxm",
    accelerator_count=16,
)
EGRESS = QuoteLine(LineKind.COST, "Egress", Decimal("0.05"), PriceUnit.PER_GB, "USD")
VENDOR = Vendor("V", VendorKind.GPU_CLOUD)


def test_the_report_and_the_history_tell_the_same_changes() -> None:
    old = Quote(VENDOR, "R", (H100, EGRESS), valid_until=date(2026, 12, 1), sla=SlaTerms(99.9))
    new = Quote(
        VENDOR,
        "R",
        (replace(H100, price=Decimal("2.35"), accelerator_count=32),),
        valid_until=date(2026, 12, 31),
        sla=SlaTerms(99.9),
        revision=2,
    )
    rows = quote_differences(old, new)
    assert [(d.change, d.line, d.field, d.before, d.after) for d in rows] == [
        ("changed", "H100 cluster", "price", "2.50", "2.35"),
        ("changed", "H100 cluster", "accelerators", "16", "32"),
        ("removed", "Egress", "", "0.05", ""),
        ("changed", "terms", "valid until", "2026-12-01", "2026-12-31"),
    ]
    assert describe_differences(old, new) == (
        "price of H100 cluster: 2.50 USD → 2.35 USD",
        "accelerators in H100 cluster: 16 → 32",
        "line removed: Egress",
        "valid until: 2026-12-01 → 2026-12-31",
    )
    assert describe_differences(old, old) == ("no differences from revision 1",)


def test_a_line_is_labelled_by_what_sets_it_apart() -> None:
    from computescore.domain.quotes import Deployment

    reserved = replace(H100, deployment=Deployment.RESERVED, term_months=12, region="eu-west")
    assert line_label(reserved) == "H100 cluster (reserved, 12 months, eu-west)"
    assert line_label(EGRESS) == "Egress"
