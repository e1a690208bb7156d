"""How figures are shown: every number with its unit, rounded only here."""

from __future__ import annotations

import math
from datetime import date, datetime
from decimal import Decimal

from computescore.domain import presentation
from computescore.domain.figures import format_money
from computescore.vocabulary import UNIT_WORDS
from computescore.wording import plural as plural  # the GUI's counts read the same

DASH = "—"


def missing(value: object) -> bool:
    """True for None, NaN and empty text."""
    if value is None:
        return True
    if isinstance(value, float) and math.isnan(value):
        return True
    return isinstance(value, str) and not value.strip()


NUMBER_STYLES = {
    "en": ("1,234.56", ",", "."),
    "de": ("1.234,56", ".", ","),
    "fr": ("1 234,56", "\u202f", ","),
    "ch": ("1'234.56", "'", "."),
}
"""Ways of writing numbers a person may choose for the app: (example, grouping, decimal mark)."""

_style = {"name": "en", "grouping": ",", "decimal": "."}


def set_number_style(name: str) -> None:
    """Write numbers in the app in the style ``name`` (a key of :data:`NUMBER_STYLES`)."""
    key = name if name in NUMBER_STYLES else "en"
    _, grouping, decimal = NUMBER_STYLES[key]
    _style.update(name=key, grouping=grouping, decimal=decimal)


def number_style() -> str:
    """The key of the number style in use ("en", "de", "fr" or "ch")."""
    return _style["name"]


def styled(text: str) -> str:
    """``12,345.67`` written in the chosen number style (``12.345,67`` in German)."""
    if _style["grouping"] == "," and _style["decimal"] == ".":
        return text
    return text.translate({ord(","): "\x00", ord("."): _style["decimal"]}).replace(
        "\x00", _style["grouping"]
    )


def number(value: float | int | Decimal | None, decimals: int = 0) -> str:
    """``12,345`` or ``12,345.67``; a dash when missing."""
    if missing(value):
        return DASH
    assert value is not None
    return styled(f"{float(value):,.{decimals}f}")


def money(value: float | Decimal | None, decimals: int | None = None) -> str:
    """A US-dollar amount in the reporting currency: ``$1,234,567`` for large amounts,
    ``€3.14`` for small ones."""
    if missing(value):
        return DASH
    assert value is not None
    return styled(format_money(float(value), decimals))


def money_compact(value: float | None) -> str:
    """A US-dollar amount in the reporting currency in thousands or millions: ``$1.24 M``."""
    if missing(value):
        return DASH
    assert value is not None
    shown = presentation.current()
    converted = shown.convert(float(value))
    amount = abs(converted)
    sign = "−" if converted < 0 else ""
    if amount >= 1e9:
        text = f"{amount / 1e9:,.2f} B"
    elif amount >= 1e6:
        text = f"{amount / 1e6:,.2f} M"
    elif amount >= 1e4:
        text = f"{amount / 1e3:,.0f} k"
    else:
        text = f"{amount:,.2f}" if amount < 100 else f"{amount:,.0f}"
    return sign + shown.symbol + styled(text)


def price(value: Decimal | str | None, currency: str | None, unit: str | None = None) -> str:
    """A quoted price as the vendor wrote it: ``2.87 EUR / GPU-hour``."""
    if missing(value):
        return DASH
    text = f"{Decimal(str(value)):,f} {currency or ''}".strip()
    return f"{text} / {unit_label(unit)}" if unit else text


UNIT_LABELS = UNIT_WORDS


def unit_label(unit: str | None) -> str:
    """Readable words for a canonical price unit."""
    if not unit:
        return ""
    return UNIT_LABELS.get(unit, unit.replace("_", " "))


def pct(fraction: float | None, decimals: int = 0) -> str:
    """A fraction (0.41) as ``41 %``."""
    if missing(fraction):
        return DASH
    assert fraction is not None
    return styled(f"{fraction * 100:.{decimals}f}") + " %"


def pct_value(percent: float | None, decimals: int = 2) -> str:
    """A value already in percent (99.95) as ``99.95 %``."""
    if missing(percent):
        return DASH
    assert percent is not None
    return styled(f"{percent:.{decimals}f}") + " %"


def day(value: date | datetime | str | None) -> str:
    """ISO date ``2026-12-01``; a dash when missing."""
    if missing(value):
        return DASH
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def words(identifier: str | None) -> str:
    """``on_demand`` → ``On demand``."""
    if not identifier:
        return DASH
    text = identifier.replace("_", " ").replace("-", " ")
    return text[:1].upper() + text[1:]


def minutes(value: int | None) -> str:
    """Response time: ``30 min``, ``2 h``, ``best effort``."""
    if value is None:
        return "best effort"
    if value >= 60 and value % 60 == 0:
        return f"{value // 60} h"
    return f"{value} min"


def yes_no(value: bool | None) -> str:
    """Yes / No / not stated."""
    if value is None:
        return "not stated"
    return "Yes" if value else "No"


def score(value: float | None) -> str:
    """A 0–100 score with one decimal."""
    return number(value, 1)


def format_number(value: float | None, decimals: int = 6) -> str:
    """A number as a field shows it: no exponent, no trailing zeros."""
    if value is None:
        return ""
    text = f"{value:,.{decimals}f}".rstrip("0").rstrip(".")
    return text or "0"
