"""Lead times: how long after the order the capacity is delivered, in days.

A cell states one as "6 weeks", "4-6 weeks" (the later end, as a buyer must plan for it),
"6 Wochen", "immediately"; a bare number counts what its header names ("Lead time
(weeks)"). A quote's terms state one in a sentence: "Delivery: 12 weeks after order
confirmation, DAP Oslo", "8-12 weeks ARO". A date, a month or a quarter is no lead time
("2027-03-01", "Q2 2027"): the plan needs the time from the order.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from computescore.io.header_text import normalise_header, strip_accents
from computescore.io.workbook import CellValue

_NOW = re.compile(
    r"^(immediate(ly)?|now|available now|in stock|ready|ready now|same day|on demand|"
    r"sofort|ab sofort|sofort verfugbar|immediat|immediatement|inmediato|inmediata|"
    r"immediato|direct|direkt|onmiddellijk|即时|现货|即納|即日|即时交付)$",
    re.IGNORECASE,
)


_UNIT_DAYS = (
    (r"weeks?|wks?|wochen?|semaines?|semanas?|settimane?|weken|week|周|週間?|星期", 7),
    (r"days?|d|tage?n?|jours?|j|d[ií]as?|giorni|dagen?|天|日", 1),
    (r"months?|mo|monate?n?|mois|mes(?:es)?|mesi|maanden?|个月|ヶ月|か月|カ月", 30),
)
_DURATION = re.compile(
    r"^\s*(?:ca\.?|approx\.?|about|around|~|etwa|environ|aprox\.?|circa)?\s*"
    r"(?:(?P<low>\d+(?:[.,]\d+)?)\s*(?:-|–|—|to|bis|à|a|~|〜|～)\s*)?"
    r"(?P<n>\d+(?:[.,]\d+)?)\s*(?P<unit>[^\d\s.,]*)\.?\s*$",
)
_DATED = re.compile(
    r"\b(19|20)\d{2}\b|\bq[1-4]\b|\bkw\s*\d|\bcw\s*\d|\d{1,2}[./]\d{1,2}[./]\d{2,4}|年|月\d|"
    r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|"
    r"oktober|dezember|janvier|février|mars|avril|juin|juillet|août|septembre|octobre|"
    r"novembre|décembre)\w*\b",
)


def lead_time_days(value: CellValue, header: str = "") -> tuple[int | None, str]:
    """A lead time in days, or None and why not: "6 weeks" is 42, "6 Wochen" and "6
    semaines" too, "4-6 weeks" 42 (the later end), "immediate" 0; a bare number counts
    what the header names ("Lead time (weeks)", "交期（周）"), else days. A date, a month
    or a quarter is not a lead time ("2027-03-01", "Q2 2027", "KW 14/2027", "2027年6月").

    >>> lead_time_days("4-6 weeks")
    (42, '')
    """
    if isinstance(value, date | datetime):
        return None, _AS_DATE
    if isinstance(value, bool):
        return None, _NOT_A_TIME
    text = value if isinstance(value, str) else str(value)
    folded = strip_accents(text.strip().casefold())
    if _NOW.match(folded):
        return 0, ""
    match = _DURATION.match(folded)
    if match is None:
        return None, _AS_DATE if _DATED.search(folded) else _NOT_A_TIME
    unit = match.group("unit")
    stated = _factor(unit, whole=True) if unit else None
    if unit and stated is None:
        return None, _AS_DATE if _DATED.search(folded) else _NOT_A_TIME
    factor = stated or _factor(normalise_header(header)) or 1
    number = float(match.group("n").replace(",", "."))
    return round(number * factor), ""


_AS_DATE = (
    "The delivery is stated as a date; the plan needs the time from the order, so no lead "
    "time was set"
)
_NOT_A_TIME = "The lead time is not a number of days, weeks or months; it was left out"


def _factor(words: str, *, whole: bool = False) -> int | None:
    """Days in the unit the words name (a week is 7, a month 30)."""
    for pattern, days in _UNIT_DAYS:
        found = (
            re.fullmatch(pattern, words)
            if whole
            else re.search(rf"(?<![a-z])({pattern})(?![a-z])", words)
        )
        if found:
            return days
    return None


_IN_SENTENCE = re.compile(
    r"(?<![\d.,])(?:(?P<low>\d+(?:[.,]\d+)?)\s*(?:-|–|—|to|bis|à|a)\s*)?"
    r"(?P<n>\d+(?:[.,]\d+)?)\s*-?\s*(?P<unit>[^\W\d_]+)",
)


def stated_lead_time(text: str) -> int | None:
    """The lead time a sentence of a quote's terms states, in days, or None: the first
    number of days, weeks or months in it, unless the sentence dates the delivery.

    >>> stated_lead_time("12 weeks after order confirmation, DAP Oslo")
    84
    >>> stated_lead_time("8-12 weeks ARO") , stated_lead_time("ab sofort")
    (84, 0)
    >>> stated_lead_time("DAP Oslo") is None, stated_lead_time("by 15 March 2027") is None
    (True, True)
    """
    folded = strip_accents(text.strip().casefold())
    if _NOW.match(folded.rstrip(".")):
        return 0
    if _DATED.search(folded):
        return None
    for match in _IN_SENTENCE.finditer(folded):
        days = _factor(match.group("unit"), whole=True)
        if days is not None:
            return round(float(match.group("n").replace(",", ".")) * days)
    return None
