"""A lease quotation's schedule: costs × the lease rate factor are the monthly rentals."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Catalogue
from computescore.domain.quotes import Deployment, LineKind, PriceUnit, QuoteLine
from computescore.io.reader import read_quote_file
from computescore.io.reader.lease_schedule import LeaseTerms, lease_terms, leased, rate_factor
from computescore.io.reader.pricing import scaled_amount
from computescore.io.terms import KeyValue
from tests.fixtures.xlsx_builder import Sheet, build_xlsx


@pytest.mark.parametrize(
    ("text", "factor"),
    [
        ("2.315% per month", Decimal("0.02315")),
        ("0.02985", Decimal("0.02985")),
        ("2,315 %", Decimal("0.02315")),
        ("35%", None),  # no lease costs a third of the equipment a month
        ("none", None),
    ],
)
def test_rate_factor(text: str, factor: Decimal | None) -> None:
    assert rate_factor(text) == factor


def _pair(key: str, value: object) -> KeyValue:
    return KeyValue(key, value, f"lease.xlsx!A1 {key}", 0)  # type: ignore[arg-type]


def test_lease_terms_need_a_factor_and_a_term() -> None:
    pairs = [
        _pair("Term:", "48 months"),
        _pair("Lease rate factor:", "2.315% per month"),
        _pair("Monthly rental (EUR, excl. VAT):", 72320.6),
        _pair("Arrangement fee:", "EUR 750.00"),
    ]
    terms = lease_terms(pairs, "EUR")
    assert terms is not None
    assert (terms.factor, terms.term_months, terms.rental) == (
        Decimal("0.02315"),
        48,
        Decimal("72320.6"),
    )
    assert terms.fee is not None and terms.fee[:2] == ("Arrangement fee", Decimal("750.00"))
    assert lease_terms(pairs[1:], "EUR") is None  # no term
    assert lease_terms([pairs[0]], "EUR") is None  # no factor


def test_the_schedule_leased_adds_up_to_the_monthly_rental() -> None:
    # 8 × 372,000 × 2.315 % + 148,000 × 2.315 % = 68,894.40 + 3,426.20 = 72,320.60
    terms = LeaseTerms(Decimal("0.02315"), 48)
    nodes = leased(
        QuoteLine(
            LineKind.COMPUTE,
            "HGX B200",
            Decimal(372000),
            PriceUnit.PER_UNIT,
            "EUR",
            accelerator="nvidia-b200",
            accelerators_per_node=8,
            nodes=8,
            deployment=Deployment.PURCHASE,
        ),
        terms,
    )
    fabric = leased(
        QuoteLine(LineKind.COST, "Fabric", Decimal(148000), PriceUnit.TOTAL, "EUR"), terms
    )
    assert (nodes.price_unit, nodes.deployment, nodes.term_months) == (
        PriceUnit.PER_NODE_MONTH,
        Deployment.LEASE,
        48,
    )
    assert fabric.price_unit is PriceUnit.PER_MONTH
    assert nodes.price * 8 + fabric.price == Decimal("72320.60")


def test_a_quarter_is_a_third_of_a_month_without_the_digits_a_third_leaves() -> None:
    assert scaled_amount(Decimal("34260.00"), Decimal(1) / 3) == Decimal("11420.00")
    assert str(scaled_amount(Decimal("34260.00"), Decimal(1) / 3)) == "11420.00"
    assert scaled_amount(Decimal("45.00"), Decimal("0.001")) == Decimal("0.045")


@given(cents=st.integers(min_value=1, max_value=10**10))
def test_scaled_amounts_stay_within_a_ten_billionth(cents: int) -> None:
    amount = Decimal(cents) / 100
    for scale in (Decimal(1) / 3, Decimal("0.001"), Decimal("0.000001")):
        assert abs(scaled_amount(amount, scale) - amount * scale) <= Decimal("1e-10")


def test_a_lease_quotation_without_factor_or_term_is_read_as_bought_and_told(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows: list[list[object]] = [
        ["Dell Financial Services"],
        ["Lease Proposal No.: DFS-LP-558201"],
        [],
        ["Description", "Qty", "Unit Price", "Extended Price"],
        ["Dell PowerEdge XE9680, 8x NVIDIA H100 SXM5 80GB", 4, "$287,000.00", "$1,148,000.00"],
    ]
    path = build_xlsx(tmp_path / "dfs.xlsx", [Sheet("Proposal", rows)])
    draft = read_quote_file(path, catalogue)
    (line,) = draft.quotes[0].lines
    assert line.deployment is Deployment.PURCHASE
    assert any("speaks of a lease or financing" in p.message for p in draft.quotes[0].problems)
    # with its factor and term beside the schedule, the same lines are leased
    rows += [[], ["Term:", "36 months"], ["Lease rate factor:", "0.02985"]]
    path = build_xlsx(tmp_path / "dfs2.xlsx", [Sheet("Proposal", rows)])
    (leased_line,) = read_quote_file(path, catalogue).quotes[0].lines
    assert (leased_line.deployment, leased_line.term_months, leased_line.price) == (
        Deployment.LEASE,
        36,
        Decimal("8566.95"),  # 287,000 × 0.02985
    )
