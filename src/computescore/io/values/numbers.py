"""Numbers written as text in any style, and the decimal mark a value proves."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from computescore.io.values.text import DecimalMark, normalise_text

_NUMBER_CHARS = re.compile(r"^[0-9.,' ’]+$")
_SCIENTIFIC = re.compile(r"^[0-9]+(\.[0-9]+)?[eE][+-]?[0-9]+$")


@dataclass(frozen=True, slots=True)
class NumberReading:
    """The result of reading a number's digits and separators."""

    value: Decimal | None
    mark: DecimalMark | None = None
    """The decimal mark the text proves, when it proves one."""
    ambiguous: tuple[Decimal, Decimal] | None = None
    """Both readings when the text alone cannot tell."""
    error: str | None = None


def _groups_ok(groups: list[str]) -> bool:
    """Digits grouped in threes after a first group of one to three digits."""
    if not groups or not groups[0] or len(groups[0]) > 3:
        return False
    return all(len(group) == 3 and group.isdigit() for group in groups[1:])


def read_number_text(
    text: str, mark: DecimalMark | None = None, zero_decimal: bool = False
) -> NumberReading:
    """Read unsigned digits with grouping and decimal separators into a Decimal.

    Spaces and apostrophes only ever group thousands. With both ``.`` and ``,`` the
    last one is the decimal mark. A lone separator followed by exactly three digits is
    ambiguous unless ``mark`` says which it is or ``zero_decimal`` (a currency without
    minor units) makes it a thousands separator.
    """
    text = text.strip()
    if _SCIENTIFIC.match(text):
        return NumberReading(Decimal(text))
    if not text or not _NUMBER_CHARS.match(text) or not text[0].isdigit():
        return NumberReading(None, error="is not a number")
    compact = text
    if any(sep in compact for sep in " '’"):
        parts = re.split(r"[ '’]", compact)
        head, tail = parts[0], parts[-1]
        tail_digits = re.match(r"[0-9]+", tail)
        middle = parts[1:-1]
        if not (
            head.isdigit()
            and len(head) <= 3
            and all(len(part) == 3 and part.isdigit() for part in middle)
            and tail_digits
            and len(tail_digits.group(0)) == 3
        ):
            return NumberReading(None, error="has spaces that do not group thousands")
        compact = "".join(parts)
    dots, commas = compact.count("."), compact.count(",")
    if dots and commas:
        decimal_char = "." if compact.rfind(".") > compact.rfind(",") else ","
        group_char = "," if decimal_char == "." else "."
        whole, _, fraction = compact.rpartition(decimal_char)
        if group_char in fraction or decimal_char in whole or not fraction.isdigit():
            return NumberReading(None, error="mixes separators in a way no convention uses")
        if not _groups_ok(whole.split(group_char)):
            return NumberReading(None, error="has thousands separators in the wrong places")
        value = Decimal(whole.replace(group_char, "") + "." + fraction)
        return NumberReading(value, DecimalMark.POINT if decimal_char == "." else DecimalMark.COMMA)
    if not dots and not commas:
        return NumberReading(Decimal(compact))
    sep = "." if dots else ","
    sep_mark = DecimalMark.POINT if sep == "." else DecimalMark.COMMA
    other_mark = DecimalMark.COMMA if sep == "." else DecimalMark.POINT
    pieces = compact.split(sep)
    if len(pieces) > 2:
        if not _groups_ok(pieces):
            return NumberReading(None, error="has thousands separators in the wrong places")
        return NumberReading(Decimal("".join(pieces)), other_mark)
    whole, fraction = pieces
    if not fraction:
        return NumberReading(None, error="ends with a separator")
    as_decimal = Decimal(whole + "." + fraction) if whole else Decimal("0." + fraction)
    could_group = len(fraction) == 3 and 1 <= len(whole) <= 3 and whole != "0"
    if not could_group:
        return NumberReading(as_decimal, sep_mark)
    as_grouped = Decimal(whole + fraction)
    if zero_decimal:
        return NumberReading(as_grouped, other_mark)
    if mark is sep_mark:
        return NumberReading(as_decimal)
    if mark is other_mark:
        return NumberReading(as_grouped)
    return NumberReading(None, ambiguous=(as_grouped, as_decimal))


def number_mark_evidence(value: object) -> DecimalMark | None:
    """The decimal mark a cell's text proves (``"1.234,56"`` → comma), or None if it proves none."""
    if not isinstance(value, str):
        return None
    core = re.sub(r"[^0-9.,' ’]", " ", normalise_text(value)).strip()
    match = re.search(r"[0-9][0-9.,' ’]*[0-9]", core)
    if not match:
        return None
    reading = read_number_text(match.group(0))
    return reading.mark if reading.value is not None else None
