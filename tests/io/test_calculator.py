"""A cloud pricing calculator's rows: instances and hours read, amounts priced per instance."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.quotes import Deployment, LineKind, PriceUnit, QuoteLine
from computescore.io.reader.calculator import instances_and_hours, per_instance

AZURE = "2 ND96isr H100 v5 (96 vCPUs, 1900 GB RAM) x 730 Hours (Pay as you go), Linux"
AWS = (
    "Tenancy (Shared Instances), Workload (Consistent, Number of instances: 4), Advance EC2 "
    "instance (g6e.12xlarge), Pricing strategy (On-Demand Utilization: 100 %Utilized/Month)"
)


def _line(price: str, unit: PriceUnit, **more: object) -> QuoteLine:
    return QuoteLine(
        LineKind.COMPUTE,
        "ND96isr H100 v5",
        Decimal(price),
        unit,
        "USD",
        accelerator="nvidia-h100-sxm",
        accelerators_per_node=8,
        **more,  # type: ignore[arg-type]
    )


def test_azure_states_instances_then_hours() -> None:
    assert instances_and_hours([AZURE]) == (2, Decimal(730))
    assert instances_and_hours(["1 ND96isr H100 v5 x 8,760 Hours (3 year reserved)"]) == (
        1,
        None,  # a year's hours are not a month's: the amount is not spread over them
    )


def test_aws_states_them_in_its_configuration_summary() -> None:
    assert instances_and_hours(["Inference fleet", AWS]) == (4, Decimal(730))
    half = AWS.replace("100 %", "50 %")
    assert instances_and_hours([half]) == (4, Decimal("365.0"))


def test_rows_of_a_price_list_are_not_estimates() -> None:
    assert instances_and_hours(["8x H100 SXM node", "p5.48xlarge", "On-demand"]) is None
    assert instances_and_hours(["H100 x8", "730 hours"]) is None
    assert instances_and_hours(["0 ND96isr H100 v5 x 730 Hours"]) is None


def test_a_months_total_of_two_instances_is_98_32_an_instance_hour() -> None:
    # 143,547.20 ÷ (2 instances × 730 h) = 98.32
    line = per_instance(_line("143547.20", PriceUnit.PER_NODE_MONTH), 2, Decimal(730), [])
    assert (line.price, line.price_unit, line.nodes) == (
        Decimal("98.3200"),
        PriceUnit.PER_NODE_HOUR,
        2,
    )


def test_without_hours_a_months_total_is_divided_by_the_instances() -> None:
    line = per_instance(_line("30638.52", PriceUnit.PER_NODE_MONTH), 4, None, [])
    assert (line.price, line.price_unit, line.nodes) == (
        Decimal("7659.63"),
        PriceUnit.PER_NODE_MONTH,
        4,
    )


def test_an_all_upfront_term_is_spread_over_its_hours_and_marked_prepaid() -> None:
    # 475,188 ÷ (1 × 12 months × 730 h) = 54.2452; the term comes from the row's words
    upfront = _line("475188", PriceUnit.TOTAL, deployment=Deployment.RESERVED)
    line = per_instance(upfront, 1, Decimal(730), ["Savings Plans 1yr All Upfront", "475188"])
    assert (line.price, line.price_unit, line.term_months, line.nodes) == (
        Decimal("54.2452"),
        PriceUnit.PER_NODE_HOUR,
        12,
        1,
    )
    assert "all upfront: 475,188 for 1 × 12 months" in line.description


def test_a_bare_amount_is_not_read_as_a_term() -> None:
    upfront = _line("475188", PriceUnit.TOTAL, deployment=Deployment.RESERVED)
    line = per_instance(upfront, 1, None, ["475188", "0"])
    assert (line.price, line.price_unit, line.term_months) == (
        Decimal("475188"),
        PriceUnit.TOTAL,
        None,
    )


@given(
    cents=st.integers(min_value=1, max_value=10**9),
    count=st.integers(min_value=1, max_value=64),
    hours=st.integers(min_value=1, max_value=744),
)
def test_per_instance_hours_add_back_up_to_the_month(cents: int, count: int, hours: int) -> None:
    month = Decimal(cents) / 100
    line = per_instance(_line(str(month), PriceUnit.PER_NODE_MONTH), count, Decimal(hours), [])
    assert abs(line.price * count * hours - month) <= Decimal("0.00005") * count * hours
