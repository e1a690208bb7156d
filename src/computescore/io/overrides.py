"""What the user says of a file's columns, beside what its headers say: an override given
with the import (``--map "Our price=price"``, or a choice in the wizard), and the mapping,
decimal mark and currency saved in the vendor's profile from an earlier import.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from computescore.errors import UsageError
from computescore.io.fields import FIELD_NAMES, Field
from computescore.io.header_text import normalise_header
from computescore.io.values import DecimalMark


@dataclass(frozen=True, slots=True)
class Override:
    """A user's instruction that a column (by header text or letters) feeds a field."""

    column: str
    field: Field


def parse_override(spec: str) -> Override:
    """Parse ``"Our price=price"`` or ``"D=ignore"`` into an :class:`Override`.

    Raises:
        UsageError: the text has no ``=`` or names no known field.
    """
    column, sep, name = spec.rpartition("=")
    name = name.strip().lower().replace("-", "_").replace(" ", "_")
    if not sep or not column.strip():
        raise UsageError(f'--map needs HEADER=field, for example "Our price=price" (got {spec!r})')
    if name not in FIELD_NAMES:
        raise UsageError(
            f"--map {spec!r}: unknown field {name!r}; use one of " + ", ".join(sorted(FIELD_NAMES))
        )
    return Override(column.strip(), Field(name))


def profile_fields(profile: Mapping[str, Any] | None) -> dict[str, Field]:
    """The columns a saved profile maps, by normalised header."""
    if not profile:
        return {}
    columns = profile.get("columns", {})
    if not isinstance(columns, Mapping):
        return {}
    found: dict[str, Field] = {}
    for header, name in columns.items():
        if isinstance(name, str) and name in FIELD_NAMES:
            found[normalise_header(header)] = Field(name)
    return found


def profile_decimal_mark(profile: Mapping[str, Any] | None) -> DecimalMark | None:
    """The decimal mark a saved profile records, if any."""
    if not profile:
        return None
    value = profile.get("decimal_mark")
    return DecimalMark(value) if value in ("point", "comma") else None


def profile_currency(profile: Mapping[str, Any] | None) -> str | None:
    """The currency a saved profile records, if any."""
    if not profile:
        return None
    value = profile.get("currency")
    return value if isinstance(value, str) and len(value) == 3 else None
