"""Typed fields from text: what ``--set FIELD=VALUE`` and a JSON file give an editor.

A record's fields and their types are read from the record itself (its dataclass
type hints), so a new field is editable the day it is added. Every refusal names
the field, what was given and what was expected; an unknown field name is answered
with the nearest valid ones.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal, InvalidOperation
from enum import Enum
from typing import Any

from computescore.errors import InputRefused, UsageError
from computescore.wording import nearest as nearest
from computescore.wording import unknown_name as unknown_name

YES = ("yes", "y", "true", "1", "ja", "oui", "si")
NO = ("no", "n", "false", "0", "nein", "non")
EMPTY = ("", "none", "null", "-")
CODE_FIELDS = frozenset({"country", "hq_country", "end_user_hq", "currency", "reporting_currency"})
"""Fields holding ISO codes, written in capitals whatever was typed."""


def field_types(record: type) -> dict[str, Any]:
    """Field name → type of a dataclass record, in declaration order."""
    hints = typing.get_type_hints(record)
    return {f.name: hints[f.name] for f in dataclasses.fields(record)}


def optional_type(kind: Any) -> tuple[Any, bool]:
    """(the type without None, whether None is allowed)."""
    args = typing.get_args(kind)
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return rest[0], True
    return kind, False


def expected(kind: Any) -> str:
    """A few words saying what a value of this type looks like."""
    base, optional = optional_type(kind)
    if isinstance(base, type) and issubclass(base, Enum):
        words = "one of " + ", ".join(m.value for m in base)
    elif base is bool:
        words = "yes or no"
    elif base is int:
        words = "a whole number"
    elif base in (float, Decimal):
        words = "a number"
    elif base is date:
        words = "a date (YYYY-MM-DD)"
    elif typing.get_origin(base) is tuple:
        words = "a comma-separated list"
    else:
        words = "text"
    return words + (" (or 'none')" if optional else "")


def _enum(base: type[Enum], raw: str) -> Enum:
    wanted = raw.casefold().replace(" ", "_").replace("-", "_")
    for member in base:
        if wanted in (str(member.value).casefold(), member.name.casefold()):
            return member
    raise ValueError


def _bool(raw: str) -> bool:
    if raw.casefold() in YES:
        return True
    if raw.casefold() in NO:
        return False
    raise ValueError


def _int(raw: str) -> int:
    number = float(raw.replace("_", ""))
    if not number.is_integer():
        raise ValueError
    return int(number)


def _decimal(raw: str) -> Decimal:
    try:
        amount = Decimal(raw.replace("_", ""))
    except InvalidOperation:
        raise ValueError from None
    if not amount.is_finite():
        raise ValueError
    return amount


_PARSERS: dict[Any, Any] = {
    bool: _bool,
    int: _int,
    float: lambda raw: float(raw.replace("_", "")),
    Decimal: _decimal,
    date: date.fromisoformat,
}


def parse_value(kind: Any, text: str) -> Any:
    """``text`` as a value of ``kind``; raises ``ValueError`` saying what was expected."""
    base, optional = optional_type(kind)
    raw = text.strip()
    if optional and raw.casefold() in EMPTY:
        return None
    try:
        if isinstance(base, type) and issubclass(base, Enum):
            return _enum(base, raw)
        if typing.get_origin(base) is tuple:
            return tuple(part.strip() for part in raw.split(",") if part.strip())
        parser = _PARSERS.get(base)
        return raw if parser is None else parser(raw)
    except ValueError:
        raise ValueError(expected(kind)) from None


def value_text(value: Any) -> str:
    """A value as the text :func:`parse_value` reads back (the editors' starting text)."""
    if value is None:
        return ""
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return format(value, ".12g")
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def label_of(name: str) -> str:
    """A field name in words: ``uptime_pct`` → "Uptime (%)", ``mttr_hours`` → "MTTR (hours)"."""
    words = name
    for suffix, unit in (
        ("_pct", " (%)"),
        ("_usd_per_gb", " (USD per GB)"),
        ("_hours", " (hours)"),
    ):
        if words.endswith(suffix):
            words = words.removesuffix(suffix) + unit
    words = words.replace("_", " ")
    for short in ("mfu", "mttr", "sla"):
        words = words.replace(short, short.upper())
    return words[:1].upper() + words[1:]


def parse_assignments(items: Sequence[str]) -> dict[str, str]:
    """``["a=1", "b=x y"]`` as ``{"a": "1", "b": "x y"}``; a missing ``=`` is a usage error."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--set {item!r} is not FIELD=VALUE (e.g. --set country=DE).")
        out[name.strip()] = value
    return out


def apply_changes(
    record: Any, changes: Mapping[str, Any], *, what: str, skip: Sequence[str] = ()
) -> Any:
    """``record`` with ``changes`` (text or JSON values) applied, each checked against its type.

    Raises ``InputRefused`` naming the field, the value and what was expected, and
    the nearest field names for a name that is not a field.
    """
    kinds = {k: v for k, v in field_types(type(record)).items() if k not in skip}
    values: dict[str, Any] = {}
    for name, value in changes.items():
        key = name.strip().replace("-", "_")
        if key not in kinds:
            raise InputRefused(unknown_name(f"{what} field", name, list(kinds)))
        if isinstance(value, str) or value is None:
            text = "" if value is None else value
        elif isinstance(value, list | tuple):
            text = ",".join(str(v) for v in value)
        else:
            text = str(value)
        if key in CODE_FIELDS:
            text = text.strip().upper()
        try:
            values[key] = parse_value(kinds[key], text)
        except ValueError as exc:
            raise InputRefused(
                f"The {what} field {key!r} cannot be {text!r}: expected {exc}."
            ) from None
    return dataclasses.replace(record, **values)
