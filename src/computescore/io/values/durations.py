"""Percentages and durations (terms in months, response times)."""

from __future__ import annotations

import re
from datetime import timedelta

from computescore.domain.problems import Problem
from computescore.io.values.numbers import NumberReading, read_number_text
from computescore.io.values.text import _problem, is_blank, normalise_text


def parse_percent(
    value: object, source: str = "", *, what: str = "percentage"
) -> tuple[float | None, Problem | None]:
    """A percentage in percent: ``"99.95%"`` → 99.95, ``"12,5 %"`` → 12.5, 0.9995 → 99.95.

    Bare numbers of at most 1 are fractions (Excel stores ``99.95%`` as 0.9995).
    """
    if is_blank(value):
        return None, None
    if isinstance(value, bool):
        return None, _problem(source, f"The {what} is TRUE/FALSE", value, "e.g. 99.9%")
    if isinstance(value, int | float):
        number = float(value)
        return (number * 100 if 0 <= number <= 1 else number), None
    text = normalise_text(value)
    match = re.search(r"(-?[0-9][0-9.,]*)\s*(%|percent|per cent|pct)?", text, re.IGNORECASE)
    if not match:
        return None, _problem(source, f"The {what} is not a number", value, "e.g. 99.9%")
    reading = read_number_text(match.group(1).lstrip("-"), None)
    if reading.ambiguous is not None and reading.ambiguous[0] > 100:
        # 99.999 % cannot be ninety-nine thousand per cent
        reading = NumberReading(reading.ambiguous[1])
    if reading.value is None:
        if reading.ambiguous is not None:
            return None, _problem(source, f"The {what} is ambiguous", value, "e.g. 99.9%")
        return None, _problem(source, f"The {what} is not a number", value, "e.g. 99.9%")
    number = float(reading.value) * (-1 if match.group(1).startswith("-") else 1)
    if match.group(2) is None and 0 <= number <= 1:
        number *= 100
    if not -100 <= number <= 100:
        return None, _problem(source, f"The {what} is outside 0–100 %", value, "e.g. 99.9%")
    return number, None


# --------------------------------------------------------------------------- durations

_BEST_EFFORT = re.compile(
    r"\b(best[- ]effort|no (?:commitment|sla|guarantee)|not committed|none|n/?a|"
    r"reasonable efforts?|commercially reasonable)\b"
)
_DURATION = re.compile(
    r"([0-9]+(?:[.,][0-9]+)?)\s*-?\s*(business|working)?\s*"
    r"(minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|wks?|months?|mos?)\b"
)
_NUMBER_WORDS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "twelve": "12",
    "a": "1",
    "an": "1",
    "twenty-four": "24",
    "thirty": "30",
    "sixty": "60",
    "ninety": "90",
    "next": "1",
}


_NEXT_BUSINESS_DAY = re.compile(r"\b(nbd|next business day|next working day|nbd on-?site)\b")
"""The support world's shorthand for a response by the next business day."""


def parse_duration_minutes(
    value: object, source: str = "", *, what: str = "response time"
) -> tuple[int | None, bool, Problem | None]:
    """A duration in minutes: ``"1 hour"`` → 60, ``"30 min"`` → 30, ``"next business day"`` → 1440.

    Returns ``(minutes, best_effort, problem)``; ``best_effort`` is True for "best effort",
    "none" and similar (no committed time). A bare number is read as minutes for
    response times and as hours when ``what`` mentions hours.
    """
    if is_blank(value):
        return None, False, None
    if isinstance(value, int | float) and not isinstance(value, bool):
        factor = 60 if "hour" in what else 1
        return round(float(value) * factor), False, None
    if isinstance(value, timedelta):
        return round(value.total_seconds() / 60), False, None
    text = normalise_text(value).casefold()
    if _BEST_EFFORT.search(text):
        return None, True, None
    for word, digit in _NUMBER_WORDS.items():
        text = re.sub(rf"\b{word}\b", digit, text)
    text = _NEXT_BUSINESS_DAY.sub("1 business day", text)
    match = _DURATION.search(text)
    if not match:
        return (
            None,
            False,
            _problem(
                source,
                f"The {what} is not a duration",
                value,
                "e.g. 30 minutes, 4 hours, best effort",
            ),
        )
    amount = float(match.group(1).replace(",", "."))
    unit = match.group(3)
    if unit.startswith(("min", "m")) and not unit.startswith("mo"):
        minutes = amount
    elif unit.startswith("h"):
        minutes = amount * 60
    elif unit.startswith("d"):
        minutes = amount * 1440
    elif unit.startswith("w"):
        minutes = amount * 7 * 1440
    else:
        minutes = amount * 30 * 1440
    return round(minutes), False, None


_RANGE = re.compile(r"([0-9]+(?:[.,][0-9]+)?)\s*(?:-|–|—|to|bis|à|a)\s*([0-9]+(?:[.,][0-9]+)?)")
"""A range of two figures ("4-6", "4 to 6", "4–6"): its second figure is kept."""


def parse_days(
    value: object, source: str = "", *, what: str = "notice period"
) -> tuple[int | None, Problem | None]:
    """A period in days: ``"90 days"`` → 90, ``"3 months"`` → 90 (30-day months), ``12`` → 12.

    A range gives its longer end, ``"4-6 weeks"`` → 42: the later delivery, the longer
    notice, as a buyer must plan for them.
    """
    if is_blank(value):
        return None, None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return round(float(value)), None
    text = normalise_text(value).casefold()
    text = _RANGE.sub(r"\2", text)
    match = re.search(
        r"([0-9]+(?:[.,][0-9]+)?)\s*-?\s*(days?|d|weeks?|months?|mos?|years?|yrs?)?", text
    )
    if not match:
        return None, _problem(source, f"The {what} is not a number of days", value, "e.g. 90 days")
    amount = float(match.group(1).replace(",", "."))
    unit = match.group(2) or "day"
    factor = (
        1
        if unit.startswith("d")
        else 7
        if unit.startswith("w")
        else (30 if unit.startswith("mo") else 365)
    )
    return round(amount * factor), None
