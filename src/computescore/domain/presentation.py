"""The reporting currency: which currency money is shown in, and the rate that converts to it.

Every cost is computed in US dollars and converted only when it is shown, the way a
locale changes how a number is written but not the number. The currency in force is
held in a context variable that the entry points set for the evaluation at hand
(:func:`presenting`): the analysis, the report writers, the command line's printing
and the app's pages. Code that formats money (:func:`computescore.domain.figures.format_money`
and the front ends' formatters) reads it through :func:`current` and :func:`to_reporting`.

A currency with no rate on or before the decision date is never shown with a guessed
rate: the figures stay in US dollars and :attr:`Presentation.problem` says why.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from computescore.domain.quotes import FxRate

if TYPE_CHECKING:
    from computescore.domain.workload import Evaluation

SYMBOLS = {
    "USD": "$",
    "EUR": "€",
    "GBP": "£",
    "JPY": "¥",
    "CNY": "CN¥",
    "INR": "₹",
    "KRW": "₩",
}
"""Currency signs written before an amount; other currencies are written with their code."""

REPORTING_CURRENCIES = ("USD", "EUR", "GBP", "CHF", "CNY", "JPY", "CAD", "AUD", "SGD", "INR")
"""The currencies offered first for reporting (any ISO code with a rate may be used)."""


@dataclass(frozen=True, slots=True)
class Presentation:
    """The currency figures are shown in and how a US-dollar amount converts to it.

    Attributes:
        currency: ISO code of the reporting currency.
        usd_per_unit: US dollars one unit of the currency buys (1 for USD).
        as_of: the date of the rate used (None for USD).
        source: where the rate came from ("ECB reference rate").
        problem: why the evaluation's currency could not be used ("" when it was).
    """

    currency: str = "USD"
    usd_per_unit: float = 1.0
    as_of: date | None = None
    source: str = ""
    problem: str = ""

    @property
    def symbol(self) -> str:
        """``€`` for EUR, ``CHF `` (code and a space) for a currency without a sign."""
        return SYMBOLS.get(self.currency, f"{self.currency} ")

    @property
    def converted(self) -> bool:
        """True when figures are shown in a currency other than US dollars."""
        return self.currency != "USD"

    def convert(self, usd: float) -> float:
        """A US-dollar amount in the reporting currency."""
        return usd / self.usd_per_unit

    def sentence(self) -> str:
        """How the figures were converted, for the pack's method notes."""
        if self.problem:
            return self.problem
        if not self.converted:
            return "Figures are shown in US dollars."
        when = f" of {self.as_of.isoformat()}" if self.as_of else ""
        source = f" ({self.source})" if self.source else ""
        return (
            f"Figures are shown in {self.currency}, converted from US dollars at "
            f"{self.usd_per_unit:.6g} USD per {self.currency}, the rate{when}{source}."
        )


USD = Presentation()
"""Figures in US dollars, unconverted."""


def presentation_for(currency: str, day: date, rates: Iterable[FxRate]) -> Presentation:
    """The presentation in ``currency`` at its newest rate on or before ``day``.

    With no such rate the figures stay in US dollars and the result's ``problem``
    names the missing rate and the command that sets it.
    """
    code = (currency or "USD").strip().upper()
    if code == "USD":
        return USD
    known = [r for r in rates if r.currency.upper() == code and r.as_of <= day]
    if not known:
        return Presentation(
            problem=(
                f"Figures are shown in US dollars: there is no {code} rate on or before "
                f"{day.isoformat()} to report in {code}. Set one with 'computescore fx set "
                f"{code} RATE --date {day.isoformat()}' or on the Exchange rates page."
            )
        )
    rate = max(known, key=lambda r: r.as_of)
    return Presentation(code, float(rate.usd_per_unit), rate.as_of, rate.source)


def reporting_in(evaluation: Evaluation, rates: Iterable[FxRate]) -> Presentation:
    """The evaluation's reporting currency at the newest rate on or before its decision date."""
    return presentation_for(evaluation.reporting_currency, evaluation.decision_date, rates)


_CURRENT: ContextVar[Presentation] = ContextVar("computescore_presentation", default=USD)


def current() -> Presentation:
    """The presentation in force here (US dollars unless an entry point set another)."""
    return _CURRENT.get()


def to_reporting(usd: float) -> float:
    """A US-dollar amount in the reporting currency in force."""
    return _CURRENT.get().convert(usd)


def currency_code() -> str:
    """The ISO code of the reporting currency in force, for column headings ("TCO (EUR)")."""
    return _CURRENT.get().currency


@contextmanager
def presenting(presentation: Presentation) -> Iterator[Presentation]:
    """Show money in ``presentation`` inside the ``with`` block, then restore the previous one."""
    token = _CURRENT.set(presentation)
    try:
        yield presentation
    finally:
        _CURRENT.reset(token)


def use(presentation: Presentation) -> None:
    """Show money in ``presentation`` from now on in this thread (the app's pages)."""
    _CURRENT.set(presentation)
