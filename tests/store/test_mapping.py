"""A quote line survives the trip to a table row and back, field for field."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.quotes import CostCategory, Deployment, LineKind, PriceUnit, QuoteLine
from computescore.store.mapping import LINE_FIELDS, line_from_row, line_to_row

amounts = st.decimals(allow_nan=False, allow_infinity=False, places=4, max_value=10**9)
texts = st.none() | st.text(max_size=20)
counts = st.none() | st.integers(min_value=0, max_value=10_000)

lines = st.builds(
    QuoteLine,
    kind=st.sampled_from(LineKind),
    description=st.text(max_size=40),
    price=amounts,
    price_unit=st.sampled_from(PriceUnit),
    currency=st.sampled_from(["USD", "EUR", "CNY"]),
    category=st.none() | st.sampled_from(CostCategory),
    accelerator=texts,
    accelerators_per_node=counts,
    nodes=counts,
    accelerator_count=counts,
    quantity=st.none() | amounts,
    deployment=st.none() | st.sampled_from(Deployment),
    term_months=counts,
    region=texts,
    country=st.none() | st.sampled_from(["US", "DE", "CN"]),
    source=texts,
)


@given(lines)
def test_a_line_round_trips_through_its_row(line: QuoteLine) -> None:
    row = line_to_row(line)
    assert len(row) == len(LINE_FIELDS)
    assert line_from_row(row) == line


def test_row_values_are_plain_text_and_numbers() -> None:
    line = QuoteLine(
        LineKind.COMPUTE,
        "8x H100",
        Decimal("2.8700"),
        PriceUnit.PER_GPU_HOUR,
        "USD",
        deployment=Deployment.RESERVED,
        quantity=Decimal("1E+2"),
    )
    row = dict(zip(LINE_FIELDS, line_to_row(line), strict=True))
    assert type(row["kind"]) is str and row["kind"] == "compute"
    assert type(row["deployment"]) is str and row["deployment"] == "reserved"
    assert row["price"] == "2.8700" and row["quantity"] == "100"


def test_an_unknown_stored_kind_names_the_value() -> None:
    row = list(line_to_row(QuoteLine(LineKind.COST, "x", Decimal(1), PriceUnit.PER_UNIT, "USD")))
    row[0] = "rental"
    with pytest.raises(ValueError, match="rental"):
        line_from_row(row)
