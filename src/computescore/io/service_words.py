"""What a sentence states of service: response times by severity, and the uptime committed.

A quote's support terms are often one sentence after "Support:" rather than a key per
severity: "24x7; Severity 1 response within 30 minutes", "Microsoft Unified Support via
partner, Severity A response: 1 hour", "24/7, Reaktionszeit Priorität 1: 60 Minuten",
"24h/24 7j/7, délai de prise en charge P1 : 30 minutes",
"24x7 with a 15-minute Severity-1 response". Each statement names a severity (1 to 4, or
A to D as some clouds write it) and a time; a statement without the word for a response
("Priority 1 support, 2 hours a month") is none.

The uptime, too, may stand in a sentence under no key of its own ("Both options: 99.9%
monthly cluster availability SLA; service credits …"): a percentage from 90 to 100 next
to the word for availability or uptime.
"""

from __future__ import annotations

import re

_LEVEL = (
    r"\b(?:sev(?:erity)?|priority|priorit[äa]t|priorit[ée]|prioridad|priorit[àa]|prio|p)"
    r"\s*[-‐]?\s*(?P<level>[1-4]|[a-d](?![a-z]))"
)
_RESPONSE = (
    r"(?:response|reaction|reaktionszeit|reaktion|temps de r[ée]ponse|d[ée]lai de r[ée]ponse|"
    r"d[ée]lai de prise en charge|prise en charge|d[ée]lai d'intervention|"
    r"tiempo de respuesta|tempo di risposta|reactietijd)(?:\s*times?)?"
)
_TIME = (
    r"(?P<amount>\d+(?:[.,]\d+)?)\s*-?\s*"
    r"(?P<unit>minutes?|minuten|mins?|min|hours?|hrs?|stunden?|std|heures?|h)(?![a-z])"
)
_BEFORE_TIME = r"\s*(?:[:=]|within|in|of|under|<|≤|innerhalb von|en|dans)?\s*"

_STATEMENTS = (
    # "Severity 1 response within 30 minutes", "Severity A response: 1 hour"
    re.compile(_LEVEL + r"\s*" + _RESPONSE + _BEFORE_TIME + _TIME),
    # "Reaktionszeit Priorität 1: 60 Minuten", "response time for severity 1: 30 minutes"
    re.compile(_RESPONSE + r"\s*(?:for|bei|pour|para|per)?\s*" + _LEVEL + _BEFORE_TIME + _TIME),
    # "a 15-minute Severity-1 response"
    re.compile(_TIME + r"\s+" + _LEVEL + r"\s*" + _RESPONSE),
)


def stated_responses(text: str) -> dict[int, int]:
    """Minutes to respond by severity (1 the most severe) that ``text`` states.

    >>> stated_responses("24x7; Severity 1 response within 30 minutes")
    {1: 30}
    >>> stated_responses("Microsoft Unified Support via partner, Severity A response: 1 hour")
    {1: 60}
    """
    folded = text.casefold()
    found: dict[int, int] = {}
    for pattern in _STATEMENTS:
        for match in pattern.finditer(folded):
            level = match.group("level")
            number = int(level) if level.isdigit() else "abcd".index(level) + 1
            amount = float(match.group("amount").replace(",", "."))
            hours = match.group("unit")[0] in "hs"  # hours, heures, Stunden, Std
            found.setdefault(number, round(amount * (60 if hours else 1)))
    return found


_UPTIME_WORD = (
    r"(?:availability|uptime|verfügbarkeit|disponibilit[ée]|disponibilidad|beschikbaarheid)"
)
_PERCENT = r"(?P<pct>(?:9\d|100)(?:[.,]\d+)?)\s*%"
_UPTIMES = (
    # "99.9% monthly cluster availability SLA", "99,95 % Verfügbarkeit"
    re.compile(_PERCENT + r"\s+(?:[a-z-]+\s+){0,3}?" + _UPTIME_WORD + r"\b"),
    # "availability of 99.9%", "uptime commitment: 99.99%", "Verfügbarkeit von 99,9 %"
    re.compile(
        r"\b" + _UPTIME_WORD + r"(?:\s+(?:sla|commitment|guarantee|target|zusage|garantie))?"
        r"\s*(?:[:=]|of|at|is|von|de|du)?\s*" + _PERCENT
    ),
)


def stated_uptime(text: str) -> str | None:
    """The uptime a sentence commits to, as written ("99.9%"), or None.

    >>> stated_uptime("Both options: 99.9% monthly cluster availability SLA; credits of 5%")
    '99.9%'
    >>> stated_uptime("Verfügbarkeit von 99,95 % pro Monat")
    '99,95%'
    >>> stated_uptime("99.9% of invoices are paid within 30 days") is None
    True
    """
    folded = text.casefold()
    if "%" not in folded:
        return None
    for pattern in _UPTIMES:
        match = pattern.search(folded)
        if match is not None:
            return match.group("pct") + "%"
    return None
