"""What a returned RFQ's pricing cells state beyond their column's format.

A vendor answering the RFQ types into cells the workbook formats for a number, and often
types more than the number: a unit in the price cell (``$19.92 per node-hour``), a
currency sign that is not the currency column's (``€2,30`` beside ``USD``), a count with
its word (``64 GPUs``), a lead time in weeks. Each helper reads what the cell says and
says, as a problem, what it decided; nothing the vendor wrote is dropped unseen.
"""

from __future__ import annotations

import re
from typing import Any

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import PriceUnit
from computescore.io.values import (
    AMBIGUOUS_MARKS,
    ISO_CURRENCIES,
    Money,
    currency_in_text,
    is_blank,
    normalise_text,
    parse_days,
    parse_terms,
    price_unit_for,
)
from computescore.io.workbook import CellValue, SheetData

NOT_ANSWERED = re.compile(r"^\s*(n\s*/?\s*a|not applicable|not available|-+|—|–)\s*$", re.I)
"""An answer that says the question does not apply, or the option is not offered."""
TO_FOLLOW = re.compile(
    r"^\s*(tbd|tba|tbc|to follow|on request|upon request|price on (request|application)|"
    r"poa|p\.o\.a\.?|contact us|call|see notes?|see remarks?|see comments?|ask|"
    r"auf anfrage|sur demande|bajo pedido|su richiesta|op aanvraag|要相談|面议|待定)\s*\.?\s*$",
    re.I,
)
"""A price the vendor has not given yet: the option is offered, its price is to be asked."""

NOTED = re.compile(r"^\s*(.*?\d.*?)\s*\(([^()]*)\)\s*$")
"""A price with a note in brackets after it: ``2.10 (see note 3)``."""


def currency_of(value: CellValue) -> str | None:
    """The currency a currency cell names: an ISO code, or a sign or word of one currency
    (``€``, ``Euro``, ``US$``); ``$`` and ``¥`` name several and decide nothing."""
    if is_blank(value):
        return None
    return stated_currency(normalise_text(value))


def stated_currency(raw: CellValue) -> str | None:
    """The one currency a price cell's own text names (``€2,30``, ``2.30 EUR``), or None
    when it names none, several, or a sign of several (``$``, ``¥``)."""
    if not isinstance(raw, str):
        return None
    code, problem = currency_in_text(raw)
    if problem is not None or code is None or code in AMBIGUOUS_MARKS:
        return None
    return code if code in ISO_CURRENCIES else None


def unit_in_cell(money: Money, column: PriceUnit | None, *, compute: bool) -> PriceUnit | None:
    """The price unit a price cell states in its own words (``per node-hour``,
    ``USD/GPU-month``), read with the unit column's basis where the cell names only a
    period (``$2.10/hr``); None when the cell states none."""
    hint = money.unit
    if hint is None or (hint.period is None and hint.basis is None):
        return None
    if hint.basis is None and column is not None:
        node = column in (PriceUnit.PER_NODE_HOUR, PriceUnit.PER_NODE_MONTH)
        return price_unit_for(hint, compute=compute, node_priced=node)
    return price_unit_for(hint, compute=compute, node_priced=False)


_LEADING = re.compile(r"^\s*([0-9][0-9 ,.'’]*)(.*)$", re.DOTALL)
_COUNT_WORDS = re.compile(
    r"^\s*(gpus?|accelerators?|cards?|nodes?|servers?|instances?|units?|x)?\s*"
    r"(\(.*\))?\s*\.?\s*$",
    re.IGNORECASE,
)


def whole_answer(raw: CellValue, what: str) -> tuple[int | None, str | None]:
    """A whole number a count cell states, and what was decided about it (None: nothing
    to say). ``64``, ``"1,024"``, ``"64 GPUs"``, ``"32 (4 nodes)"`` → the number; a
    fraction or words with no number are no count (the reason says which)."""
    if is_blank(raw) or isinstance(raw, bool):
        return None, None
    if isinstance(raw, int | float):
        value = float(raw)
        if value.is_integer() and value >= 0:
            return int(value), None
        return None, f"The {what} is not a whole number of 0 or more; it was left out"
    match = _LEADING.match(normalise_text(raw))
    if match is None:
        return None, f"The {what} is not a number; it was left out"
    digits = re.sub(r"[ ,.'’]", "", match.group(1))
    separators = re.findall(r"[,.'’]", match.group(1).strip())
    grouped = all(len(part) == 3 for part in re.split(r"[ ,.'’]", match.group(1).strip())[1:])
    if not digits.isdigit() or (separators and not grouped):
        return None, f"The {what} is not a whole number; it was left out"
    value = int(digits)
    if _COUNT_WORDS.match(match.group(2)):
        return value, None
    return value, f"The {what} was read as {value:,}, the number the cell starts with"


def term_answer(raw: CellValue) -> tuple[int | None, str | None]:
    """A term in months (``12``, ``"1 year"``, ``"36 months"``) and what was decided."""
    if is_blank(raw):
        return None, None
    value, note = whole_answer(raw, "term")
    if value is not None and note is None:
        return value, None
    reading, _ = parse_terms(raw)
    if reading is not None and reading.term_months is not None:
        return reading.term_months, None
    return None, "The term is not a number of months; it was left out"


def days_answer(raw: CellValue) -> tuple[int | None, str | None]:
    """A lead time in days (``42``, ``"6 weeks"``, ``"4-6 weeks"`` → 42) and what was decided."""
    days, problem = parse_days(raw, what="lead time")
    if days is None and problem is not None:
        return None, "The lead time is not a number of days or weeks; it was left out"
    if isinstance(raw, str) and days is not None and re.search(r"\d\s*(-|–|to)\s*\d", raw):
        return days, f"The lead time is a range; its longer end was taken ({days} days)"
    return days, None


def merged_filled(sheet: SheetData) -> list[list[CellValue]]:
    """The sheet's rows with each merged range's value in every cell of the range (a
    vendor merges a column's cells to type a currency once)."""
    rows = [list(row) for row in sheet.rows]
    for top, left, bottom, right in sheet.merged:
        if top >= len(rows) or left >= len(rows[top]):
            continue
        value = rows[top][left]
        for r in range(top, min(bottom, len(rows) - 1) + 1):
            row = rows[r]
            if len(row) <= right:
                row.extend([None] * (right + 1 - len(row)))
            for c in range(left, right + 1):
                if is_blank(row[c]):
                    row[c] = value
    return rows


def replace_severity(problem: Problem, severity: Severity) -> Problem:
    return Problem(problem.source, problem.message, severity, problem.found, problem.expected)


def has_text(row: Any, text: str) -> bool:
    return any(isinstance(v, str) and v.strip().casefold() == text for v in row)
