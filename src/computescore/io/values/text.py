"""Cell text folded for reading, and the problems the value readers report."""

from __future__ import annotations

import re
import unicodedata
from enum import StrEnum

from computescore.domain.problems import Problem, Severity


class DecimalMark(StrEnum):
    """Which character separates the fraction in a number as the vendor writes it."""

    POINT = "point"
    COMMA = "comma"


def normalise_text(value: object) -> str:
    """Cell text folded for parsing: NFKC (full-width and no-break spaces become plain), trimmed."""
    text = unicodedata.normalize("NFKC", str(value))
    return " ".join(text.replace("\u2212", "-").split())


_FOOTNOTE_MARK = re.compile(
    r"^(?P<body>.*[0-9A-Za-z%])\s*(?P<mark>\*{1,3}|[†‡§#]{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}|"
    r"\((?:[a-z]|\d{1,2}|[ivx]{1,4})\)|\[(?:[a-z]|\d{1,2})\])$"
)


def split_footnote(text: str) -> tuple[str, str | None]:
    """A value and the footnote mark after it: ``"2.10¹"`` → ``("2.10", "¹")``.

    Read before any Unicode folding, which would turn ``¹`` into a digit and ``2.10¹``
    into ``2.101``.
    """
    found = _FOOTNOTE_MARK.match(text.strip())
    if found is None:
        return text, None
    return found["body"].strip(), found["mark"]


def _problem(
    source: str,
    message: str,
    found: object = None,
    expected: str | None = None,
    severity: Severity = Severity.ERROR,
) -> Problem:
    return Problem(
        source=source,
        message=message,
        severity=severity,
        found=None if found is None else str(found),
        expected=expected,
    )


def is_blank(value: object) -> bool:
    """True for an empty cell or one holding only spaces or a dash placeholder."""
    if value is None:
        return True
    if isinstance(value, str):
        stripped = value.strip()
        return stripped in ("", "-", "–", "—")
    return False
