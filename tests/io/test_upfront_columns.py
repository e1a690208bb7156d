"""A reservation paid partly up front, in a column beside its rate (io/reader/upfront_columns):
the payment is spread over the term and added to the rate; each term is one line."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Severity
from computescore.domain.quotes import Deployment, PriceUnit
from computescore.io.column_options import column_option
from computescore.io.reader import read_quote_file
from tests.fixtures.xlsx_builder import Sheet, build_xlsx

BANNERS = ["VM size", "Region", "VMs", "1-year reservation", None, "3-year reservation", None]
MONTHLY = [None, None, None, "Upfront per VM", "Monthly per VM", "Upfront per VM", "Monthly per VM"]
"""Each term's payment up front and its rate a month."""


def _quote(path: Path, sub: list[Any], rows: list[list[Any]], catalogue: Catalogue) -> Any:
    build_xlsx(
        path,
        [
            Sheet(
                "Quote",
                [
                    ["Northwind Cloud Partners B.V."],
                    [],
                    BANNERS,
                    sub,
                    *rows,
                    [],
                    ["All prices in USD, excluding VAT."],
                ],
                merged=["A3:A4", "B3:B4", "C3:C4", "D3:E3", "F3:G3"],
            )
        ],
    )
    return read_quote_file(path, catalogue, vendor="Northwind")


def test_a_header_names_a_payment_up_front_apart_from_the_kinds_of_offer() -> None:
    upfront = column_option("1-year reservation Upfront per VM")
    assert upfront is not None and upfront.upfront and upfront.term_months == 12
    rate = column_option("1-year reservation Monthly per VM")
    assert rate is not None and not rate.upfront and rate.term_months == 12
    assert column_option("3-year one-time fee").upfront  # type: ignore[union-attr]
    # AWS's kinds of offer price a whole column each: none is a payment beside a rate
    for header in ("1yr All Upfront", "1yr No Upfront", "1yr Partial Upfront"):
        option = column_option(header)
        assert option is not None and not option.upfront, header


def test_each_terms_payment_up_front_is_spread_over_its_months(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    draft = _quote(
        tmp_path / "q.xlsx",
        MONTHLY,
        [["ND96isr H100 v5", "Sweden Central", 4, 250000, 20000, 450000, 15000]],
        catalogue,
    )
    lines = sorted(draft.lines, key=lambda line: line.term_months or 0)
    # 20,000 + 250,000 / 12 = 40,833.3333; 15,000 + 450,000 / 36 = 27,500
    assert [(line.term_months, line.price) for line in lines] == [
        (12, Decimal("40833.3333")),
        (36, Decimal("27500.0000")),
    ]
    assert all(line.price_unit is PriceUnit.PER_NODE_MONTH for line in lines)
    assert all(line.deployment is Deployment.RESERVED and line.nodes == 4 for line in lines)
    told = [p for p in draft.all_problems if "up front" in p.message]
    assert len(told) == 1 and told[0].severity is Severity.WARNING
    assert "20,000.00 a month + 250,000.00 ÷ 12 months = 40,833.3333 a month" in told[0].message


def test_an_hourly_rate_takes_the_payment_spread_over_the_terms_hours(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    sub = [None, None, None, "Upfront (USD)", "USD per VM-hour", "Upfront (USD)", "USD per VM-hour"]
    draft = _quote(
        tmp_path / "q.xlsx",
        sub,
        [["ND96isr H100 v5", "Sweden Central", 2, 87600, "$40.00", 0, "$30.00"]],
        catalogue,
    )
    lines = sorted(draft.lines, key=lambda line: line.term_months or 0)
    # 87,600 over 12 × 730 hours is 10.00 an hour; nothing up front adds nothing
    assert [(line.term_months, line.price, line.price_unit) for line in lines] == [
        (12, Decimal("50.0000"), PriceUnit.PER_NODE_HOUR),
        (36, Decimal("30.00"), PriceUnit.PER_NODE_HOUR),
    ]


def test_a_payment_up_front_without_its_rate_is_told_not_dropped(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    draft = _quote(
        tmp_path / "q.xlsx",
        MONTHLY,
        [
            ["ND96isr H100 v5", "Sweden Central", 4, 250000, 20000, 450000, 15000],
            ["ND96amsr A100 v4", "West Europe", 2, 120000, None, 200000, 7500],
        ],
        catalogue,
    )
    offered = [(line.description[:9], line.term_months) for line in draft.lines]
    assert offered == [("ND96isr H", 12), ("ND96isr H", 36), ("ND96amsr ", 36)]
    missed = [p for p in draft.all_problems if "no rate beside it" in p.message]
    assert len(missed) == 1
    assert missed[0].source.endswith("!D6") and missed[0].found == "120,000.00"
