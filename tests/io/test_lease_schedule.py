"""A lease quotation's schedule: costs × the lease rate factor are the monthly rentals."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Catalogue
from computescore.domain.quotes import Deployment, LineKind, PriceUnit, QuoteLine
from computescore.io.key_values import KeyValue
from computescore.io.reader import read_quote_file
from computescore.io.reader.lease_schedule import LeaseTerms, lease_terms, leased, rate_factor
from computescore.io.reader.pricing import scaled_amount
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


def _dfs_proposal(path: Path, options: list[list[str]]) -> Path:
    """A lessor's proposal as a real PDF: the equipment, then a table of lease options."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table

    body = getSampleStyleSheet()["Normal"]
    story = [
        Paragraph("Dell Financial Services", body),
        Paragraph("Proposal No.: DFS-LP-558201", body),
        Paragraph("Lessee: Northwind Research Inc.", body),
        Spacer(1, 10),
        Table(
            [
                ["Description", "Qty", "Unit Price", "Extended Price"],
                [
                    "Dell PowerEdge XE9680, 8x NVIDIA H100 SXM5 80GB",
                    "4",
                    "$287,000.00",
                    "$1,148,000.00",
                ],
            ],
            colWidths=[250, 40, 80, 90],
            style=[("GRID", (0, 0), (-1, -1), 0.5, "black")],
        ),
        Paragraph("Total Equipment Cost: $1,148,000.00", body),
        Spacer(1, 10),
        Paragraph("Financing Options", body),
        Table(
            [["Option", "Lease Type", "Term", "Lease Rate Factor", "Monthly Payment"], *options],
            colWidths=[50, 130, 70, 100, 100],
        ),
        Spacer(1, 10),
        Paragraph("Documentation fee: $395.00 (one-time, payable with first payment)", body),
    ]
    SimpleDocTemplate(str(path), pagesize=A4, invariant=True).build(story)
    return path


def test_a_table_of_lease_options_is_one_quote_per_option(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = _dfs_proposal(
        tmp_path / "dfs.pdf",
        [
            ["A", "Fair Market Value (FMV)", "36 months", "0.02985", "$34,267.80"],
            ["B", "$1 Buyout", "48 months", "0.02614", "$30,008.72"],
        ],
    )
    draft = read_quote_file(path, catalogue)
    assert [q.quote_ref for q in draft.quotes] == [
        "DFS-LP-558201 Option A",
        "DFS-LP-558201 Option B",
    ]
    # 287,000 × 0.02985 = 8,566.95 and 287,000 × 0.02614 = 7,502.18 a node-month; 4 nodes
    # make the monthly payments the proposal states (34,267.80 and 30,008.72)
    for quote, (price, term) in zip(
        draft.quotes, [(Decimal("8566.95"), 36), (Decimal("7502.18"), 48)], strict=True
    ):
        server, fee = quote.lines
        assert (server.deployment, server.price_unit, server.price, server.term_months) == (
            Deployment.LEASE,
            PriceUnit.PER_NODE_MONTH,
            price,
            term,
        )
        assert (server.nodes, server.accelerators_per_node) == (4, 8)
        assert (fee.kind, fee.price, fee.price_unit) == (
            LineKind.COST,
            Decimal("395.00"),
            PriceUnit.TOTAL,
        )
    messages = [p.message for p in draft.all_problems]
    assert any(
        m.startswith("Option B - $1 Buyout, 48 months: the equipment is leased")
        and "as the quotation's monthly rental states" in m
        for m in messages
    ), messages
    assert not any("stand under no table header" in m for m in messages), messages


def test_one_lease_option_leases_the_quote_without_splitting_it(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = _dfs_proposal(
        tmp_path / "dfs.pdf", [["A", "Fair Market Value (FMV)", "36 months", "2.985%", ""]]
    )
    (quote,) = read_quote_file(path, catalogue).quotes
    assert quote.quote_ref == "DFS-LP-558201"
    assert (quote.lines[0].deployment, quote.lines[0].price) == (
        Deployment.LEASE,
        Decimal("8566.95"),
    )
