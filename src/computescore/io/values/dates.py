"""Dates in ISO, day-first and Excel serial form."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from computescore.domain.problems import Problem, Severity
from computescore.io.values.text import _problem, is_blank, normalise_text
from computescore.wording import plural

_EXCEL_1900 = date(1899, 12, 30)
_EXCEL_1904 = date(1904, 1, 1)
_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}


def excel_serial_to_date(serial: float, *, date1904: bool = False) -> date:
    """The calendar day of an Excel serial number in the workbook's date system.

    1900 system: day 1 is 1900-01-01 and Excel's phantom 1900-02-29 (serial 60) is
    shown as 1900-02-28; from serial 61 on, days count from 1899-12-30. 1904 system:
    days count from 1904-01-01. 45352 → 2024-03-01 (1900) and 43890 → 2024-03-01 (1904).
    """
    days = int(serial)
    if date1904:
        return _EXCEL_1904 + timedelta(days=days)
    if days < 61:
        return date(1899, 12, 31) + timedelta(days=max(days, 1) - (1 if days == 60 else 0))
    return _EXCEL_1900 + timedelta(days=days)


def parse_date(
    value: object,
    source: str = "",
    *,
    date1904: bool = False,
    what: str = "date",
    month_first: bool = True,
) -> tuple[date | None, Problem | None]:
    """A date from a date cell, an Excel serial, ISO text, day-first text or month names.

    ``01/03/2026`` is 1 March (day first), with a warning that month first it is 3 January
    unless ``month_first`` is False (the quote is not one that could write dates so);
    ``03/15/2026`` can only be month-first and is read so. Dates outside 2000–2100 come
    with a warning.
    """
    if is_blank(value):
        return None, None
    result: date | None = None
    if isinstance(value, datetime):
        result = value.date()
    elif isinstance(value, date):
        result = value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if not 1 <= value < 2_958_466:
            return None, _problem(source, f"The {what} is not a date", value, "e.g. 2026-03-01")
        result = excel_serial_to_date(float(value), date1904=date1904)
    elif isinstance(value, str):
        result = _date_from_text(normalise_text(value))
        if result is None:
            return None, _problem(
                source, f"The {what} is not a date", value, "e.g. 2026-03-01 or 01/03/2026"
            )
        if (
            month_first
            and _day_or_month_first(normalise_text(value))
            and date(2000, 1, 1) <= result
        ):
            other = _safe_date(result.year, result.day, result.month)
            return result, _problem(
                source,
                f"The {what} was read day first, as {_spelled(result)}; written month "
                f"first (as in the United States) it is {_spelled(other)}",
                value,
                "an unambiguous date such as 2026-03-05; check the quote's country",
                Severity.WARNING,
            )
    else:
        return None, _problem(source, f"The {what} is not a date", value, "e.g. 2026-03-01")
    if not date(2000, 1, 1) <= result <= date(2100, 12, 31):
        return result, _problem(
            source,
            f"The {what} {result.isoformat()} looks implausible",
            value,
            "a date between 2000 and 2100",
            Severity.WARNING,
        )
    return result, None


def _date_from_text(text: str) -> date | None:
    folded = text.casefold().replace(",", " ")
    match = re.fullmatch(r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?", folded)
    if match:
        return _safe_date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    match = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[t ].*)?", folded)
    if match:
        return _safe_date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    match = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?: .*)?", folded)
    if match:
        first, second, year = int(match.group(1)), int(match.group(2)), int(match.group(3))
        year += 2000 if year < 100 else 0
        if second > 12 >= first:
            return _safe_date(year, first, second)
        return _safe_date(year, second, first)
    match = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?[ -]([a-z]+)\.?[ -](\d{4})", folded)
    if match and match.group(2) in _MONTHS:
        return _safe_date(int(match.group(3)), _MONTHS[match.group(2)], int(match.group(1)))
    match = re.fullmatch(r"([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? +(\d{4})", folded)
    if match and match.group(1) in _MONTHS:
        return _safe_date(int(match.group(3)), _MONTHS[match.group(1)], int(match.group(2)))
    return None


_MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def _spelled(day: date | None) -> str:
    """``3 May 2026``, whatever the machine's locale."""
    return "" if day is None else f"{day.day} {_MONTH_NAMES[day.month - 1]} {day.year}"


def _day_or_month_first(text: str) -> bool:
    """True for a date written with slashes whose day and month could change places
    (``03/05/2026``); dots and dashes are not written month first."""
    match = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{2}|\d{4})(?: .*)?", text.strip())
    return (
        match is not None
        and match.group(1) != match.group(2)
        and (int(match.group(1)) <= 12 and int(match.group(2)) <= 12)
    )


VALIDITY_DAYS = range(7, 401)
"""How long quotes are valid for, in days: a week to about a year (30, 60, 90 days …)."""


def month_first_pair(
    quote: date, valid: date, *, quote_swaps: bool, valid_swaps: bool
) -> tuple[date, date] | None:
    """The quote date and validity read month first, when only that reading gives the
    quote a usual validity (:data:`VALIDITY_DAYS`); None when day first is as good.

    ``quote_swaps``/``valid_swaps``: the date was read day first from text whose day and
    month could change places. A file writes its dates one way: both change together.
    ``11/02/2026`` to ``12/02/2026`` is one day day first, a month month first.

    >>> month_first_pair(date(2026, 2, 11), date(2026, 2, 12), quote_swaps=True, valid_swaps=True)
    (datetime.date(2026, 11, 2), datetime.date(2026, 12, 2))
    """
    if not (quote_swaps or valid_swaps):
        return None
    other_quote = _safe_date(quote.year, quote.day, quote.month) if quote_swaps else quote
    other_valid = _safe_date(valid.year, valid.day, valid.month) if valid_swaps else valid
    if other_quote is None or other_valid is None:
        return None
    if (valid - quote).days in VALIDITY_DAYS:
        return None
    if (other_valid - other_quote).days not in VALIDITY_DAYS:
        return None
    return other_quote, other_valid


def spelled_date(day: date) -> str:
    """``2 November 2026``."""
    return _spelled(day)


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def settle_month_first(
    quote: date, valid: date, doubts: dict[str, Problem]
) -> tuple[date, date, Problem] | None:
    """The quote's dates read month first, with the warning that says so, when only that
    reading gives the quote a usual validity (a US quote: 11/02/2026 to 12/02/2026).

    ``doubts``: the warnings of the dates read day first, under "quote" and "valid"; the
    caller drops them when the dates are settled.
    """
    quote_doubt, valid_doubt = doubts.get("quote"), doubts.get("valid")
    pair = month_first_pair(
        quote,
        valid,
        quote_swaps=quote_doubt is not None and "read day first" in quote_doubt.message,
        valid_swaps=valid_doubt is not None and "read day first" in valid_doubt.message,
    )
    if pair is None:
        return None
    first = quote_doubt or valid_doubt
    assert first is not None
    days = (valid - quote).days
    found = ", ".join(d.found for d in (quote_doubt, valid_doubt) if d is not None and d.found)
    return (
        *pair,
        Problem(
            first.source,
            f"The quote's dates were read month first (as in the United States): quote date "
            f"{spelled_date(pair[0])}, valid until {spelled_date(pair[1])}; read day first "
            + (
                f"the quote would be valid for {plural(days, 'day')}"
                if days >= 0
                else f"it would expire {plural(-days, 'day')} before its own date"
            ),
            Severity.WARNING,
            found or None,
            "unambiguous dates such as 2026-03-05; check the quote's country",
        ),
    )
