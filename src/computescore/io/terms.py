"""Key–value terms: the quote's header fields, SLA, support, exit terms, reliability,
measured performance and certifications.

Vendors write these as two-column tables ("Uptime commitment | 99.95%"), as one
``Key: value`` sentence per cell ("Severity-1 response: 30 minutes"), or as labelled
cells in the title block ("Quote reference | SC-2026-1147 | Valid until | 31/12/2026").
:func:`~computescore.io.key_values.key_values` finds the pairs in a range of rows;
:func:`read_terms` turns the recognised ones into the domain's records and reports
values it cannot read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    ExitTerms,
    MeasuredPerformance,
    ReliabilityTerms,
    SlaCredit,
    SlaTerms,
    SupportTerms,
)
from computescore.io.key_values import KeyValue
from computescore.io.service_words import stated_responses
from computescore.io.term_keys import SUPPORT_KEY, TermKey, classify_key
from computescore.io.values import (
    DecimalMark,
    Money,
    is_blank,
    normalise_text,
    parse_date,
    parse_days,
    parse_duration_minutes,
    parse_money,
    parse_percent,
    read_number_text,
    settle_month_first,
)
from computescore.io.values.lead_times import stated_lead_time
from computescore.io.workbook import CellValue


@dataclass(frozen=True, slots=True)
class StatedLeadTime:
    """The delivery a quote's terms state for all its lines: days after the order, as
    the vendor wrote it and where."""

    days: int
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class TermsDraft:
    """The terms read from key–value pairs, with problems for values that could not be read.

    ``egress`` is the egress price as quoted (amount and currency, per GB); the exit
    terms carry it in USD only when it was quoted in USD.
    """

    vendor: str | None = None
    quote_ref: str | None = None
    quote_date: date | None = None
    valid_until: date | None = None
    currency: str | None = None
    sla: SlaTerms = field(default_factory=SlaTerms)
    support: SupportTerms = field(default_factory=SupportTerms)
    reliability: ReliabilityTerms = field(default_factory=ReliabilityTerms)
    performance: MeasuredPerformance = field(default_factory=MeasuredPerformance)
    exit_terms: ExitTerms = field(default_factory=ExitTerms)
    egress: Money | None = None
    certifications: tuple[str, ...] = ()
    lead_time: StatedLeadTime | None = None
    problems: tuple[Problem, ...] = ()
    keys_found: frozenset[TermKey] = frozenset()
    source: str | None = None

    @property
    def has_terms(self) -> bool:
        """True when any SLA, support, exit, reliability, performance or certification was read."""
        return bool(
            self.keys_found
            - {
                TermKey.VENDOR,
                TermKey.QUOTE_REF,
                TermKey.QUOTE_DATE,
                TermKey.VALID_UNTIL,
                TermKey.CURRENCY,
            }
        )


_NOT_GIVEN = re.compile(
    r"^(not disclosed|not provided|none provided|none|n/?a|not available|"
    r"not applicable|tbd|tba|unknown|-|—|–|no data)\b"
)
_UNKNOWN = re.compile(
    r"^(not disclosed|n/?a|unknown|tbd|tba|tbc|not applicable|no data|"
    r"not stated|-|—|–)(\b|$)"
)
_NEGATIVE = re.compile(
    r"^(no|none|not|never|false|n|nein|否|无)\b|\bnot (provided|included|"
    r"offered|available|supported)\b"
)
_POSITIVE = re.compile(r"^(yes|y|true|included|provided|available|supported|ja|是)\b")


_PAGE_NUMBER = re.compile(
    r"(?i)^(page|seite|página|pagina|pag\.|p\.)\s*\d+(\s*(of|/|von|de|sur|di)\s*\d+)?$"
)
_TO_FILL_IN = re.compile(r"^(?:_{2,}|\.{3,}|…+|\[[^\]]*\])\s*$")
"""A blank to fill in on a form ("Date: __________", "[date]"): nothing stated yet."""


def _not_given(value: CellValue) -> bool:
    if not isinstance(value, str):
        return is_blank(value)
    text = normalise_text(value).casefold()
    return is_blank(value) or bool(_NOT_GIVEN.match(text) or _TO_FILL_IN.match(text))


def parse_bool(value: CellValue, *, default_true: bool = True) -> bool | None:
    """Yes/no terms: "No" → False; "Yes, …", "within 30 days", "export via API" → True.

    Text that is neither clearly negative nor a "not given" placeholder counts as a
    yes when ``default_true`` (a described service is a provided one).
    """
    if isinstance(value, bool):
        return value
    if is_blank(value):
        return None
    folded = normalise_text(value).casefold()
    if _UNKNOWN.match(folded):
        return None
    if _NEGATIVE.search(folded):
        return False
    if _POSITIVE.search(folded) or default_true:
        return True
    return None


def _first_number(text: str, mark: DecimalMark | None) -> Decimal | None:
    match = re.search(r"[0-9][0-9.,' ]*", text)
    if not match:
        return None
    candidate = match.group(0).strip().rstrip(".,")
    reading = read_number_text(candidate, mark)
    return reading.value


_PER_PERIOD_HOURS = (
    (re.compile(r"\b(per|/|a|an|every|each)\s*(hour|hr|h)\b|hourly|每小时"), 1.0),
    (re.compile(r"\b(per|/|a|an|every|each)\s*(day|d)\b|daily|每天"), 24.0),
    (re.compile(r"\b(per|/|a|an|every|each)\s*(week|wk)\b|weekly|每周"), 168.0),
    (re.compile(r"\b(per|/|a|an|every|each)\s*(month|mo)\b|monthly|每月"), 730.0),
)


def _rate_per_hour(
    key: str, text: str, source: str, mark: DecimalMark | None = None
) -> tuple[float | None, Problem | None]:
    """A stated interruption rate as interruptions per hour ("2 % per hour", "0.5/day").

    The period comes from the value, else from its label ("Interruptions per day");
    a rate with no period is refused rather than guessed.
    """
    number = _first_number(text, mark)
    if number is None:
        return None, Problem(
            source,
            "the spot interruption rate is not a number",
            Severity.WARNING,
            text,
            "interruptions per hour, day, week or month, e.g. 0.5 per day",
        )
    rate = float(number) / (100 if "%" in text else 1)
    for words in (text.casefold(), key.casefold()):
        for pattern, hours in _PER_PERIOD_HOURS:
            if pattern.search(words):
                return rate / hours, None
    return None, Problem(
        source,
        "the spot interruption rate does not say per what period",
        Severity.WARNING,
        text,
        "interruptions per hour, day, week or month, e.g. 0.5 per day",
    )


_ISO_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")


def _measurement(text: str) -> tuple[str, date | None]:
    """The method (the parenthesised description) and the date a measurement was taken."""
    inner = re.search(r"\((.*)\)", text, re.DOTALL)
    method = inner.group(1) if inner else ""
    day: date | None = None
    found = _ISO_DATE.search(text)
    if found:
        day = date.fromisoformat(found.group(1))
        method = re.sub(r",?\s*(measured( on)?\s*)?" + re.escape(found.group(1)), "", method)
    return method.strip(" ,;"), day


_CREDIT_THRESHOLD = re.compile(r"(?:below|under|less than|<|低于)\s*([0-9]+(?:[.,][0-9]+)?)\s*%")


def split_certifications(text: str) -> tuple[str, ...]:
    """Certification names from a list: commas and semicolons separate, brackets do not."""
    names: list[str] = []
    depth = 0
    current = ""
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(depth - 1, 0)
        if char in ",;，；" and depth == 0:
            names.append(current)
            current = ""
            continue
        current += char
    names.append(current)
    return tuple(name.strip() for name in names if name.strip())


def read_terms(
    pairs: Sequence[KeyValue],
    *,
    date1904: bool = False,
    mark: DecimalMark | None = None,
    currency: str | None = None,
    source: str | None = None,
) -> TermsDraft:
    """Turn key–value pairs into terms records.

    Args:
        pairs: the pairs (from :func:`key_values`).
        date1904: the workbook's date system, for date serials.
        mark: the vendor's decimal mark, when known.
        currency: the quote's currency, for egress prices without one.
        source: where the terms were found (for display).
    """
    # Day and month may have changed places only in a quote in US dollars (or of no
    # stated currency): elsewhere 03/05/2026 is 3 May.
    us_dates = currency in (None, "USD")
    problems: list[Problem] = []
    found: set[TermKey] = set()
    vendor = quote_ref = coverage = None
    quote_date = valid_until = None
    valid_days: int | None = None
    stated_currency: str | None = None
    uptime: float | None = None
    credits: list[SlaCredit] = []
    responses: dict[int, int | None] = {}
    unread_uptime: list[Problem] = []
    expert_hours = afr = mttr_hours = mfu = tokens = interruptions = None
    method = ""
    measured_on: date | None = None
    notice = fee = None
    data_return = data_deletion = auto_renewal = None
    egress: Money | None = None
    egress_at: KeyValue | None = None
    doubts: dict[str, Problem] = {}  # dates read day first that month first could be
    lock_in = ""
    certifications: tuple[str, ...] = ()
    lead_time: StatedLeadTime | None = None

    def warn(pair: KeyValue, message: str, expected: str) -> None:
        problems.append(Problem(pair.source, message, Severity.WARNING, str(pair.value), expected))

    for pair in pairs:
        kind = classify_key(pair.key)
        if kind is None and SUPPORT_KEY.match(normalise_text(pair.key).casefold()):
            # "Support: 24x7; Severity 1 response within 30 minutes": one sentence
            stated = stated_responses(normalise_text(pair.value or ""))
            responses.update((k, v) for k, v in stated.items() if k not in responses)
        if kind is None:
            continue
        value = pair.value
        text = "" if value is None else normalise_text(value)
        if kind in (
            TermKey.VENDOR,
            TermKey.QUOTE_REF,
            TermKey.QUOTE_DATE,
            TermKey.VALID_UNTIL,
            TermKey.CURRENCY,
            TermKey.COVERAGE,
            TermKey.LOCK_IN,
            TermKey.CERTIFICATIONS,
        ) and _not_given(value):
            continue
        found.add(kind)
        if kind is TermKey.VENDOR:
            vendor = vendor or text
        elif kind is TermKey.QUOTE_REF and _PAGE_NUMBER.match(text):
            continue  # a footer's "Confidential proposal | Page 1": no reference
        elif kind is TermKey.QUOTE_REF:
            quote_ref = quote_ref or (
                _reference(text) if isinstance(value, str) else _plain_number(value)
            )
        elif kind is TermKey.QUOTE_DATE:
            day, problem = parse_date(
                value, pair.source, date1904=date1904, what="quote date", month_first=us_dates
            )
            quote_date = quote_date or day
            if problem:
                problems.append(problem)
                doubts.setdefault("quote", problem)
        elif kind is TermKey.VALID_UNTIL:
            # "60 days", "30 days from the quote date", "견적일로부터 30일"
            relative = re.fullmatch(
                r"\D*?(\d+)\s*(days?|tage?|jours?|d[ií]as|giorni|dagen|天|日間?|일)(?![a-z])\D*",
                text.casefold(),
            )
            if relative:
                valid_days = int(relative.group(1))
            else:
                day, problem = parse_date(
                    value,
                    pair.source,
                    date1904=date1904,
                    what="validity date",
                    month_first=us_dates,
                )
                valid_until = valid_until or day
                if problem:
                    problems.append(problem)
                    doubts.setdefault("valid", problem)
        elif kind is TermKey.CURRENCY:
            code = re.search(r"\b([A-Z]{3})\b", text.upper())
            stated_currency = code.group(1) if code else stated_currency
        elif kind is TermKey.UPTIME:
            if _not_given(value):
                continue
            number, problem = parse_percent(value, pair.source, what="uptime commitment")
            if problem:
                unread_uptime.append(problem)  # told unless another pair states it
            elif number is not None and (uptime is None or not pair.in_sentence):
                uptime = number
        elif kind is TermKey.CREDIT:
            threshold = _CREDIT_THRESHOLD.search(normalise_text(pair.key).casefold())
            credit, problem = parse_percent(value, pair.source, what="service credit")
            if threshold and credit is not None and problem is None:
                below = float(
                    read_number_text(threshold.group(1).replace(",", "."), DecimalMark.POINT).value
                    or 0
                )
                credits.append(SlaCredit(below, credit))
            else:
                warn(
                    pair,
                    "The service credit row was not understood",
                    "a key like 'credit below 99.9%' and a percentage",
                )
        elif kind is TermKey.RESPONSE:
            severity = re.search(
                r"(?:sev(?:erity)?|priority|p)\s*-?\s*([1-4])|([一二三四])级",
                normalise_text(pair.key).casefold(),
            )
            if not severity:
                continue
            level = (
                int(severity.group(1))
                if severity.group(1)
                else "一二三四".index(severity.group(2)) + 1
            )
            minutes, best_effort, problem = parse_duration_minutes(value, pair.source)
            if problem:
                problems.append(problem)
            else:
                responses[level] = None if best_effort else minutes
        elif kind is TermKey.EXPERT_HOURS:
            hours = _first_number(text, mark)
            if hours is None:
                warn(pair, "The included expert hours are not a number", "e.g. 20 hours per month")
                continue
            per_year = re.search(r"\b(year|annual|yr|p\.?a\.?)\b", text.casefold())
            expert_hours = float(hours) / (12 if per_year else 1)
        elif kind is TermKey.COVERAGE:
            coverage = text
        elif kind is TermKey.AFR:
            if _not_given(value):
                continue
            number, problem = parse_percent(value, pair.source, what="annual failure rate")
            if problem:
                problems.append(problem)
            elif number is not None:
                afr = number / 100
        elif kind is TermKey.MTTR:
            if _not_given(value):
                continue
            minutes, _, problem = parse_duration_minutes(
                value, pair.source, what="time to repair in hours"
            )
            if problem:
                problems.append(problem)
            elif minutes is not None:
                mttr_hours = minutes / 60
        elif kind is TermKey.SPOT_INTERRUPTIONS:
            if _not_given(value):
                continue
            interruptions, problem = _rate_per_hour(normalise_text(pair.key), text, pair.source)
            if problem:
                problems.append(problem)
        elif kind is TermKey.MFU:
            if _not_given(value):
                continue
            number, problem = parse_percent(value, pair.source, what="MFU")
            if problem:
                problems.append(problem)
            elif number is not None:
                mfu = number / 100
                method, measured_on = _measurement(text)
        elif kind is TermKey.TOKENS:
            if _not_given(value):
                continue
            rate = _first_number(text, mark)
            if rate is None:
                warn(pair, "The measured throughput is not a number", "e.g. 1,850 tokens/s")
                continue
            tokens = float(rate)
            method, measured_on = _measurement(text)
        elif kind is TermKey.NOTICE:
            if _not_given(value):
                continue
            days, problem = parse_days(value, pair.source)
            if problem:
                problems.append(problem)
            else:
                notice = days
        elif kind is TermKey.TERMINATION_FEE:
            if _not_given(value):
                continue
            number, problem = parse_percent(value, pair.source, what="termination fee")
            if problem:
                problems.append(problem)
            else:
                fee = number
        elif kind is TermKey.DATA_RETURN:
            data_return = parse_bool(value)
        elif kind is TermKey.DATA_DELETION:
            data_deletion = parse_bool(value)
        elif kind is TermKey.AUTO_RENEWAL:
            auto_renewal = parse_bool(value)
        elif kind is TermKey.EGRESS:
            if _not_given(value):
                continue
            money, problem = parse_money(
                value, pair.source, currency=stated_currency or currency, mark=mark
            )
            if problem and money is None:
                problems.append(problem)
            elif money is not None:
                egress, egress_at = money, pair
        elif kind is TermKey.LOCK_IN:
            lock_in = text
        elif kind is TermKey.CERTIFICATIONS:
            certifications = split_certifications(text)
        elif kind is TermKey.LEAD_TIME and lead_time is None:
            days = stated_lead_time(text)
            if days is not None:  # "Delivery: DAP Oslo" states a place, not a time
                lead_time = StatedLeadTime(days, text, pair.source)

    if quote_date is not None and valid_until is not None:
        settled = settle_month_first(quote_date, valid_until, doubts)
        if settled is not None:
            quote_date, valid_until, note = settled
            problems = [p for p in problems if p not in doubts.values()]
            problems.append(note)
    if valid_until is None and valid_days is not None and quote_date is not None:
        valid_until = quote_date + timedelta(days=valid_days)
    egress_usd = None
    if egress is not None and (egress.currency or stated_currency or currency) == "USD":
        egress_usd = egress.amount
    elif egress is not None and egress_at is not None:
        problems.append(unkept_egress(egress, egress_at.source, stated_currency or currency))
    problems += unread_uptime if uptime is None else []
    return TermsDraft(
        vendor=vendor,
        quote_ref=quote_ref,
        quote_date=quote_date,
        valid_until=valid_until,
        currency=stated_currency,
        sla=SlaTerms(uptime, tuple(sorted(credits, key=lambda c: -c.below_uptime_pct))),
        support=SupportTerms(dict(sorted(responses.items())), expert_hours, coverage or ""),
        reliability=ReliabilityTerms(afr, mttr_hours, spot_interruptions_per_hour=interruptions),
        performance=MeasuredPerformance(mfu, tokens, method, measured_on),
        exit_terms=ExitTerms(
            notice, fee, data_return, data_deletion, egress_usd, auto_renewal, lock_in
        ),
        egress=egress
        if egress is None or egress.currency
        else Money(egress.amount, stated_currency or currency, egress.unit),
        certifications=certifications,
        lead_time=lead_time,
        problems=tuple(map(_unstored, problems)),
        keys_found=frozenset(found),
        source=source,
    )


def _unstored(problem: Problem) -> Problem:
    """A term whose value cannot be read is told and not stored; it does not refuse the
    quote's lines ("Service level: the Amazon Compute Service Level Agreement applies …")."""
    if problem.severity is not Severity.ERROR:
        return problem
    return replace(
        problem, message=f"{problem.message}; it was not stored", severity=Severity.WARNING
    )


def unkept_egress(egress: Money, source: str, currency: str | None) -> Problem:
    """The warning for an egress price the exit terms cannot keep: they hold it in USD."""
    quoted = egress.currency or currency
    return Problem(
        source,
        (
            f"The egress price is quoted in {quoted}; the exit terms keep egress in USD, so "
            "it was left out"
            if quoted
            else "The egress price states no currency; the exit terms keep egress in USD, "
            "so it was left out"
        ),
        Severity.WARNING,
        f"{egress.amount} {quoted or ''}".strip(),
        "the egress price per GB in USD, set in the quote's exit terms",
    )


def _plain_number(value: CellValue) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_REFERENCE_ENDS = re.compile(r"\s+[–—-]\s+|\s*[,;]\s+|\s+\(|\s+(?:vom|du|del|van|dated|of)\s")
"""Where a reference stops and words about it start: "Q-7781 – valid until 30 Nov 2026",
"RW-2026-1187 vom 16.11.2026", "DV-42 (supersedes DV-41)"."""


def _reference(text: str) -> str:
    """A quote reference without the words written after it on the same line."""
    head = _REFERENCE_ENDS.split(text.strip(), maxsplit=1)[0].strip()
    return head or text.strip()
