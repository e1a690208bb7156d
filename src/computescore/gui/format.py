"""How figures are shown: every number with its unit, rounded only here."""

from __future__ import annotations

import math
from datetime import date, datetime
from decimal import Decimal

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


def number(value: float | int | Decimal | None, decimals: int = 0) -> str:
    """``12,345`` or ``12,345.67``; a dash when missing."""
    if missing(value):
        return DASH
    assert value is not None
    return f"{float(value):,.{decimals}f}"


def usd(value: float | Decimal | None, decimals: int | None = None) -> str:
    """US dollars: ``$1,234,567`` for large amounts, ``$3.41`` for small ones."""
    if missing(value):
        return DASH
    assert value is not None
    amount = float(value)
    if decimals is None:
        decimals = 0 if abs(amount) >= 1000 else 2
    sign = "−" if amount < 0 else ""
    return f"{sign}${abs(amount):,.{decimals}f}"


def usd_compact(value: float | None) -> str:
    """US dollars in thousands or millions: ``$1.24 M``, ``$830 k``."""
    if missing(value):
        return DASH
    assert value is not None
    amount = abs(float(value))
    sign = "−" if float(value) < 0 else ""
    if amount >= 1e9:
        return f"{sign}${amount / 1e9:,.2f} B"
    if amount >= 1e6:
        return f"{sign}${amount / 1e6:,.2f} M"
    if amount >= 1e4:
        return f"{sign}${amount / 1e3:,.0f} k"
    return f"{sign}${amount:,.2f}" if amount < 100 else f"{sign}${amount:,.0f}"


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
    return f"{fraction * 100:.{decimals}f} %"


def pct_value(percent: float | None, decimals: int = 2) -> str:
    """A value already in percent (99.95) as ``99.95 %``."""
    if missing(percent):
        return DASH
    assert percent is not None
    return f"{percent:.{decimals}f} %"


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
