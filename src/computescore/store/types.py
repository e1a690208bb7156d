"""Column types: exact money as text, JSON as text."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.types import String, Text, TypeDecorator


def amount_text(value: Decimal) -> str:
    """The exact text an amount is stored as (no exponent, every digit kept)."""
    if not value.is_finite():
        raise ValueError(f"not a finite amount: {value}")
    return format(value, "f")


class DecimalText(TypeDecorator[Decimal]):
    """A ``Decimal`` stored as its exact text (SQLite has no decimal type; REAL would round)."""

    impl = String(64)
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        if not isinstance(value, Decimal):
            value = Decimal(str(value))
        return amount_text(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> Decimal | None:
        return None if value is None else Decimal(value)


class JsonText(TypeDecorator[Any]):
    """A JSON document stored as text (lists of regions, mapping profiles, settings)."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> str | None:
        return None if value is None else json.dumps(value, ensure_ascii=False, sort_keys=True)

    def process_result_value(self, value: str | None, dialect: Dialect) -> Any:
        return None if value is None else json.loads(value)
