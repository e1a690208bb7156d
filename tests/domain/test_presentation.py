"""The reporting currency: figures computed in US dollars, shown converted at a dated rate."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from computescore.domain import presentation
from computescore.domain.figures import (
    format_money,
    format_money_change,
    format_money_short,
    format_quantity,
)
from computescore.domain.presentation import USD, Presentation, presentation_for, presenting
from computescore.domain.quotes import FxRate

RATES = (
    FxRate("EUR", Decimal("1.10"), date(2026, 11, 1), "ECB"),
    FxRate("EUR", Decimal("1.085"), date(2026, 11, 20), "ECB"),
    FxRate("EUR", Decimal("1.20"), date(2026, 12, 1), "ECB"),
    FxRate("JPY", Decimal("0.0066"), date(2026, 11, 20)),
)


def test_the_newest_rate_on_or_before_the_decision_date_converts() -> None:
    shown = presentation_for("eur", date(2026, 11, 25), RATES)
    assert (shown.currency, shown.usd_per_unit, shown.as_of) == ("EUR", 1.085, date(2026, 11, 20))
    # $1,085,000 at 1.085 USD per EUR is €1,000,000 (worked by hand).
    assert shown.convert(1_085_000) == 1_000_000
    assert "1.085 USD per EUR" in shown.sentence() and "2026-11-20" in shown.sentence()


def test_money_is_written_in_the_currency_in_force_and_restored_after() -> None:
    eur = presentation_for("EUR", date(2026, 11, 25), RATES)
    assert format_money(1_085_000) == "$1,085,000"
    with presenting(eur):
        assert format_money(1_085_000) == "€1,000,000"
        assert format_money(2.17) == "€2.00"
        assert format_money_short(2_170_000) == "€2.0 M"
        assert format_money_change(-108.5) == "−€100.00"
        assert format_money_change(0.5) == "same"  # €0.46: under half a euro
        assert format_quantity(3.255, "USD/GPU-h") == "€3.00/GPU-h"
        assert presentation.currency_code() == "EUR"
    assert format_money(1_085_000) == "$1,085,000"
    assert presentation.current() is USD


def test_a_currency_without_a_sign_is_written_with_its_code() -> None:
    chf = Presentation("CHF", 1.25, date(2026, 11, 20))
    with presenting(chf):
        assert format_money(2500) == "CHF 2,000"


def test_no_rate_keeps_us_dollars_and_says_how_to_set_one() -> None:
    shown = presentation_for("GBP", date(2026, 11, 25), RATES)
    assert shown.currency == "USD" and shown.usd_per_unit == 1.0
    assert "no GBP rate on or before 2026-11-25" in shown.problem
    assert "computescore fx set GBP" in shown.problem
    # A rate dated after the decision date is not used either.
    later = presentation_for("EUR", date(2026, 10, 31), RATES)
    assert later.currency == "USD" and "no EUR rate" in later.problem


@given(
    st.floats(min_value=1e-4, max_value=1e4),
    st.floats(min_value=-1e9, max_value=1e9),
    st.floats(min_value=-1e9, max_value=1e9),
)
def test_converting_keeps_the_order_of_any_two_amounts(rate: float, a: float, b: float) -> None:
    """The reporting currency is a relabelling: it never changes which option is cheaper."""
    shown = Presentation("EUR", rate)
    if a < b:
        assert shown.convert(a) <= shown.convert(b)
    assert abs(shown.convert(a) * rate - a) <= 1e-9 * max(1.0, abs(a))
