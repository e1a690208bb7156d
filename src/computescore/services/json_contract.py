"""Machine output: the JSON the command line prints and the exports carry, built in one place.

Two things live here so their keys cannot drift apart:

* :func:`plain` turns records, enums, decimals, dates and tuples into JSON values
  (NaN and infinities become null); every ``--json`` output goes through it;
* :func:`canonical_line` writes one quote line with exactly the canonical field names
  (DOMAIN.md §6), in order, for the import report and the workspace's line export.

Tests pin each output's key set, so a renamed or dropped key fails a test instead of a
user's script.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import fields, is_dataclass
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Any

from computescore.domain.money import usd_per_gpu_hour
from computescore.domain.quotes import CANONICAL_LINE_FIELDS, FxRate, QuoteLine


def plain(value: Any) -> Any:
    """Records, enums, dates, decimals and tuples as plain JSON values (NaN and ∞ → None)."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Mapping):
        return {str(plain(key)): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(item) for item in value]
    return value


def _iso(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


def canonical_line(
    line: QuoteLine,
    *,
    vendor: str,
    quote_ref: str,
    quote_date: date | None,
    valid_until: date | None,
    day: date,
    rates: Sequence[FxRate],
) -> dict[str, Any]:
    """One quote line with exactly the canonical field names, in their order.

    ``usd_per_gpu_hour`` uses 730 h/month and the newest FX rate on or before ``day``;
    null for one-off prices and cost lines. Prices keep the exact text quoted.
    """
    usd = usd_per_gpu_hour(line, day, rates)
    item: dict[str, Any] = {
        "vendor": vendor,
        "quote_ref": quote_ref,
        "quote_date": _iso(quote_date),
        "valid_until": _iso(valid_until),
        **line_fields(line),
        "usd_per_gpu_hour": None if usd is None else round(usd, 6),
    }
    return {name: item[name] for name in CANONICAL_LINE_FIELDS}


def line_fields(line: QuoteLine) -> dict[str, Any]:
    """A quote line's own fields as the vendor wrote them, in the canonical order."""
    return {
        "kind": line.kind.value,
        "category": line.category.value if line.category else None,
        "description": line.description,
        "accelerator": line.accelerator,
        "accelerators_per_node": line.accelerators_per_node,
        "nodes": line.nodes,
        "accelerator_count": line.accelerator_count,
        "quantity": None if line.quantity is None else str(line.quantity),
        "deployment": line.deployment.value if line.deployment else None,
        "term_months": line.term_months,
        "price": str(line.price),
        "price_unit": line.price_unit.value,
        "currency": line.currency,
        "region": line.region,
        "country": line.country,
        "source": line.source,
    }
