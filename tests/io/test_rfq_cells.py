"""What a returned RFQ's pricing cells state beyond their format, read one cell at a time."""

from __future__ import annotations

from decimal import Decimal

import pytest

from computescore.domain.quotes import PriceUnit
from computescore.io.rfq_cells import (
    currency_of,
    days_answer,
    merged_filled,
    stated_currency,
    term_answer,
    unit_in_cell,
    whole_answer,
)
from computescore.io.values import parse_days, parse_money
from computescore.io.workbook import SheetData


@pytest.mark.parametrize(
    ("cell", "value", "told"),
    [
        (64, 64, False),
        (64.0, 64, False),
        ("1,024", 1024, False),
        ("1 024", 1024, False),
        ("64 GPUs", 64, False),
        ("32 (4 nodes)", 32, False),
        ("8x", 8, False),
        ("64 in Frankfurt", 64, True),
        ("about a hundred", None, True),
        ("1,5", None, True),
        (2.5, None, True),
        (-4, None, True),
        (None, None, False),
    ],
)
def test_a_count_is_its_number_or_told(cell: object, value: int | None, told: bool) -> None:
    got, note = whole_answer(cell, "number of accelerators")  # type: ignore[arg-type]
    assert got == value
    assert (note is not None) == told


def test_terms_and_lead_times_in_words() -> None:
    assert term_answer("1 year") == (12, None)
    assert term_answer(36) == (36, None)
    assert term_answer(None) == (None, None)
    assert term_answer("rolling")[0] is None
    assert days_answer(30) == (30, None)
    assert days_answer("6 weeks") == (42, None)
    days, note = days_answer("4-6 weeks")
    assert days == 42 and note is not None and "longer end" in note
    assert days_answer("ASAP")[0] is None


def test_a_range_of_days_is_its_longer_end() -> None:
    # 4–6 weeks is not 4 days: the later delivery, the longer notice.
    assert parse_days("4-6 weeks")[0] == 42
    assert parse_days("8 to 10 weeks ARO")[0] == 70
    assert parse_days("30–60 days")[0] == 60
    assert parse_days("3 months")[0] == 90


def test_currencies_a_cell_names() -> None:
    assert [currency_of(v) for v in ("EUR", "€", "Euro", "eur", "$", "¥", "", None)] == [
        "EUR",
        "EUR",
        "EUR",
        "EUR",
        None,
        None,
        None,
        None,
    ]
    assert stated_currency("€2,30") == "EUR"
    assert stated_currency("2.30 GBP") == "GBP"
    assert stated_currency("$2.30") is None  # dollars of several countries
    assert stated_currency("2.30 EUR or £2.00") is None  # two currencies: none decided
    assert stated_currency(2.3) is None


def test_a_unit_in_the_price_cell() -> None:
    def unit(text: str, column: PriceUnit | None) -> PriceUnit | None:
        money, _ = parse_money(text)
        assert money is not None
        return unit_in_cell(money, column, compute=True)

    assert unit("$19.92 per node-hour", PriceUnit.PER_GPU_HOUR) is PriceUnit.PER_NODE_HOUR
    assert unit("1500 USD per GPU-month", PriceUnit.PER_GPU_HOUR) is PriceUnit.PER_GPU_MONTH
    # a period alone keeps the column's basis
    assert unit("$19.92/hr", PriceUnit.PER_NODE_HOUR) is PriceUnit.PER_NODE_HOUR
    assert unit("2.49", PriceUnit.PER_GPU_HOUR) is None
    assert parse_money("2.49")[0] == parse_money("2.49")[0]
    assert Decimal("19.92") == parse_money("$19.92 per node-hour")[0].amount  # type: ignore[union-attr]


def test_merged_cells_give_every_row_their_value() -> None:
    sheet = SheetData(
        "Pricing",
        0,
        [["a", "USD"], ["b", None], ["c", None], ["d", "EUR"]],  # type: ignore[arg-type]
        merged=((0, 1, 2, 1),),
    )
    assert [row[1] for row in merged_filled(sheet)] == ["USD", "USD", "USD", "EUR"]
    assert sheet.rows[1][1] is None  # the sheet itself is left as read
