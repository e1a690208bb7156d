"""What makes a quote line unusable, and what does not."""

from __future__ import annotations

from decimal import Decimal

from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    LineKind,
    PriceUnit,
    QuoteLine,
    line_problems,
)
from computescore.services.records import corrected_line


def test_a_discount_is_a_negative_cost_line_and_a_negative_rent_is_refused() -> None:
    discount = QuoteLine(
        LineKind.COST,
        "Discount (Premier contract)",
        Decimal("-105358.50"),
        PriceUnit.TOTAL,
        "USD",
        category=CostCategory.OTHER,
    )
    assert line_problems(discount) == []
    # a discount imported from a quote can be corrected like any line
    edited = corrected_line(discount, {"description": "Premier discount"}, where="line 4")
    assert edited.description == "Premier discount" and edited.price == discount.price
    rent = QuoteLine(
        LineKind.COMPUTE,
        "H100",
        Decimal("-2.10"),
        PriceUnit.PER_GPU_HOUR,
        "USD",
        accelerator="nvidia-h100-sxm",
        deployment=Deployment.ON_DEMAND,
    )
    assert line_problems(rent) == ["the price of a compute line cannot be negative"]
