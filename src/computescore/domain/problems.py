"""Problems found in user data: returned as values, never raised."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    """How much a problem matters: an error blocks the item, a warning does not."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong or doubtful in user-supplied data.

    Attributes:
        source: where it was found, e.g. ``quotes.xlsx!Pricing!D7`` or ``vendor:Northwind``.
        message: one plain sentence saying what is wrong.
        severity: error (blocks), warning (shown, does not block) or info.
        found: the value found, as text, when there is one.
        expected: what was expected instead, in plain words.
    """

    source: str
    message: str
    severity: Severity = Severity.ERROR
    found: str | None = None
    expected: str | None = None

    def __str__(self) -> str:
        text = f"{self.source}: {self.message}"
        if self.found is not None:
            text += f" (found {self.found!r}"
            text += f"; expected {self.expected})" if self.expected else ")"
        elif self.expected:
            text += f" (expected {self.expected})"
        return text
