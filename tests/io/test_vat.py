"""Prices that include VAT: read, brought to net when the rate is stated, else reported."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Severity
from computescore.io.reader import read_quote_file
from computescore.io.values import parse_money
from computescore.io.values.vat import includes_vat, net_of_vat, vat_rates
from tests.fixtures.xlsx_builder import Sheet, build_xlsx


@pytest.mark.parametrize(
    "text",
    [
        "Unit price (EUR, incl. 19% VAT)",
        "2,38 € inkl. MwSt.",
        "All prices include VAT at 20%.",
        "Prices are inclusive of VAT",
        "Precio IVA incluido",
        "IVA incluida",
        "Prix TTC",
        "prix TVA comprise",
        "BTW inbegrepen",
        "VAT (20%) included",
        "Alle Preise inkl. 19 % MwSt.",
        "単価（税込）",
        "含税单价",
        "备注：以上价格含13%增值税",
        "消費税10%込み",
        "Alle Preise inkl. gesetzl. MwSt.",
        "Preise inkl. Mehrwertsteuer",
        "Precios con IVA",
    ],
)
def test_words_that_say_a_price_includes_vat(text: str) -> None:
    assert includes_vat(text)


@pytest.mark.parametrize(
    "text",
    [
        "Unit price (EUR, excl. VAT)",
        "2,38 € zzgl. 19 % MwSt.",
        "All prices exclude VAT",
        "VAT not included",
        "Prix HT",
        "plus VAT @ 20%",
        "不含税单价",
        "単価（税抜）",
        "Including support and onboarding",
        "All-inclusive managed service",
        "Price per GPU-hour (EUR)",
        "Prices do not include VAT at 20%.",
        "Rates are not inclusive of VAT (20%)",
        "Complies with tax rules",
    ],
)
def test_words_that_do_not(text: str) -> None:
    assert not includes_vat(text)


def test_the_rates_a_statement_gives() -> None:
    assert vat_rates("All prices include VAT at 20%.") == {Decimal(20)}
    assert vat_rates("inkl. 7,7 % MwSt.") == {Decimal("7.7")}
    assert vat_rates("incl. VAT") == set()
    # Only a rate beside the statement: a discount in the same sentence is no VAT rate.
    assert vat_rates("All prices include VAT and a 10% launch discount") == set()
    assert vat_rates("IVA incluida (21%)") == {Decimal(21)}
    assert vat_rates("以上价格含13%增值税") == {Decimal(13)}


def test_net_of_vat_by_hand() -> None:
    # 2.38 ÷ 1.19 = 2 exactly; 1,190 ÷ 1.19 = 1,000; 2.38 ÷ 1.2 = 1.98333…
    assert net_of_vat(Decimal("2.38"), Decimal(19)) == Decimal("2.00")
    assert net_of_vat(Decimal("1190"), Decimal(19)) == Decimal("1000.00")
    assert net_of_vat(Decimal("2.38"), Decimal(20)) == Decimal("1.983333")


@given(
    cents=st.integers(1, 10**9),
    rate=st.sampled_from([Decimal(r) for r in ("5", "7.7", "10", "19", "20", "21", "25")]),
)
def test_a_net_price_comes_back_exactly_from_its_gross(cents: int, rate: Decimal) -> None:
    net = Decimal(cents) / 100
    assert net_of_vat(net * (1 + rate / 100), rate) == net


def test_a_price_cell_with_tax_words_is_read() -> None:
    money, problem = parse_money("2,38 € inkl. 19 % MwSt.")
    assert problem is None and money is not None
    assert (money.amount, money.currency) == (Decimal("2.38"), "EUR")
    money, problem = parse_money("1.000,00 € zzgl. MwSt.")
    assert problem is None and money is not None and money.amount == Decimal("1000.00")


def quote(tmp_path: Path, header: list[str], rows: list[list[object]], notes: list[str]) -> Path:
    body: list[list[object]] = [["Nordlicht Rechenzentrum GmbH — Angebot NR-2026-114"], []]
    body += [header, *rows, [], *([n] for n in notes)]
    return build_xlsx(tmp_path / "quote.xlsx", [Sheet("Angebot", body)])


HEADER = ["Item", "GPU", "Quantity", "Price per GPU-hour (EUR)", "Term"]
ROWS: list[list[object]] = [
    ["Reserved", "H100 SXM", 8, 2.38, "12 months"],
    ["On demand", "H100 SXM", 8, 3.57, ""],
]


def warnings(draft) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.message for p in draft.all_problems if p.severity is Severity.WARNING]


def test_a_note_with_the_rate_brings_every_price_to_net(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = quote(tmp_path, HEADER, ROWS, ["Alle Preise inkl. 19 % MwSt."])
    draft = read_quote_file(path, catalogue)
    # By hand: 2.38 ÷ 1.19 = 2.00 and 3.57 ÷ 1.19 = 3.00.
    assert [line.price for line in draft.lines] == [Decimal("2.00"), Decimal("3.00")]
    (said,) = [p for p in draft.all_problems if "include VAT" in p.message]
    assert said.source == "quote.xlsx!Angebot!A7"
    assert "at 19 %: each of the table's 2 prices was divided by 1.19" in said.message


def test_the_price_header_states_it(tmp_path: Path, catalogue: Catalogue) -> None:
    header = [*HEADER[:3], "Price per GPU-hour (EUR, incl. 20 % VAT)", "Term"]
    draft = read_quote_file(quote(tmp_path, header, ROWS, []), catalogue)
    assert [line.price for line in draft.lines] == [Decimal("1.983333"), Decimal("2.975000")]


def test_without_a_rate_the_prices_stay_and_are_reported(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows: list[list[object]] = [["Reserved", "H100 SXM", 8, "2,38 € inkl. MwSt.", "12 months"]]
    draft = read_quote_file(quote(tmp_path, HEADER, rows, []), catalogue)
    assert [line.price for line in draft.lines] == [Decimal("2.38")]
    assert any("at a rate the file does not state" in w for w in warnings(draft))


def test_a_net_quote_with_its_tax_row_is_left_as_it_is(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # A purchase quote's lines are net; its tax and gross-total rows say nothing of them.
    header = ["Item", "Description", "Qty", "Unit price (EUR)", "Extended (EUR)"]
    rows: list[list[object]] = [
        [1, "HGX H100 8-GPU server", 2, 250_000, 500_000],
        ["", "Subtotal", "", "", 500_000],
        ["", "incl. 19 % VAT", "", "", 95_000],
        ["", "Total incl. VAT", "", "", 595_000],
    ]
    draft = read_quote_file(quote(tmp_path, header, rows, ["Total incl. VAT"]), catalogue)
    assert [line.price for line in draft.lines] == [Decimal(250_000)]
    assert not any("include VAT" in w for w in warnings(draft))


def test_of_a_price_with_and_without_vat_the_net_one_is_read(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows: list[list[object]] = [["Reserved", "H100 SXM", 8, 2.38, 2.00, "GPU-hour"]]
    for gross, net in (
        ("Price per GPU-hour incl. VAT (EUR)", "Price per GPU-hour excl. VAT (EUR)"),
        ("Preis pro GPU-Stunde brutto (EUR)", "Preis pro GPU-Stunde netto (EUR)"),
        ("Brutto (EUR)", "Netto (EUR)"),  # the basis from the unit column
        ("TTC (EUR)", "HT (EUR)"),
    ):
        header = [*HEADER[:3], gross, net, "Unit"]
        draft = read_quote_file(quote(tmp_path, header, rows, []), catalogue)
        assert [line.price for line in draft.lines] == [Decimal("2.00")], gross
        assert not any("include VAT" in w for w in warnings(draft))


def test_a_column_headed_net_stays_net_whatever_a_note_says(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # "Precio sin IVA" is read; the note about the final price with IVA is the other
    # column's, so the net prices are not taken net twice.
    header = [*HEADER[:3], "Precio por GPU-hora sin IVA (EUR)", "Precio con IVA (EUR)"]
    rows: list[list[object]] = [["Reserved", "H100 SXM", 8, 2.00, 2.42]]
    draft = read_quote_file(
        quote(tmp_path, header, rows, ["Precio final: IVA incluida (21%)"]), catalogue
    )
    assert [line.price for line in draft.lines] == [Decimal("2.00")]
    assert not any("include VAT" in w for w in warnings(draft))
