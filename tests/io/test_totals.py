"""Subtotal, discount, VAT and total rows of a purchase quote, checked against its lines."""

from __future__ import annotations

from decimal import Decimal

from computescore.domain.quotes import LineKind, PriceUnit, QuoteLine
from computescore.io.totals import TotalRow, check_totals, extended_amount


def server(price: str, nodes: int) -> QuoteLine:
    return QuoteLine(
        LineKind.COMPUTE, "HGX H200", Decimal(price), PriceUnit.PER_UNIT, "EUR", nodes=nodes
    )


def cost(
    price: str, quantity: str | None = None, unit: PriceUnit = PriceUnit.PER_UNIT
) -> QuoteLine:
    qty = Decimal(quantity) if quantity else None
    return QuoteLine(LineKind.COST, "x", Decimal(price), unit, "EUR", quantity=qty)


# Hand-worked: 3 × 289,500 + 3 × 4,200 + 3 × 18,900 = 868,500 + 12,600 + 56,700 = 937,800;
# VAT 19 % = 178,182; total 1,115,982.
LINES = [server("289500", 3), cost("4200", "3"), cost("18900", "3")]


def row(row: int, amount: str, lines_above: int, tax: bool = False) -> TotalRow:
    return TotalRow(row, "total", Decimal(amount), tax, lines_above)


def test_extended_amounts() -> None:
    assert [extended_amount(line) for line in LINES] == [
        Decimal(868500),
        Decimal(12600),
        Decimal(56700),
    ]
    assert extended_amount(cost("1200")) == Decimal(1200)
    assert extended_amount(cost("500", unit=PriceUnit.TOTAL)) == Decimal(500)
    assert extended_amount(cost("500", unit=PriceUnit.PER_MONTH)) is None


def test_a_quote_that_adds_up_has_no_mismatch() -> None:
    totals = [row(8, "937800", 3), row(9, "178182", 3, tax=True), row(10, "1115982", 3)]
    assert check_totals(LINES, totals) == []


def test_a_wrong_total_names_both_figures() -> None:
    totals = [row(8, "937800", 3), row(9, "178182", 3, tax=True), row(10, "1125982", 3)]
    (mismatch,) = check_totals(LINES, totals)
    assert mismatch.total.row == 10
    assert mismatch.expected == Decimal(1115982)


def test_a_subtotal_above_a_discount_line_counts_only_the_lines_above_it() -> None:
    # 825,600 + 38,400 + 43,500 = 907,500; discount −45,375 → 862,125.
    lines = [server("412800", 2), cost("38400", "1"), cost("21750", "2"), cost("-45375")]
    totals = [row(5, "907500", 3), row(7, "862125", 4)]
    assert check_totals(lines, totals) == []


def test_a_missed_line_shows_as_a_mismatch() -> None:
    (mismatch,) = check_totals(LINES[:2], [row(8, "937800", 2)])
    assert mismatch.expected == Decimal(881100)


def test_rental_tables_are_not_checked() -> None:
    lines = [*LINES, cost("99", unit=PriceUnit.PER_MONTH)]
    assert check_totals(lines, [row(8, "1", 4)]) == []
