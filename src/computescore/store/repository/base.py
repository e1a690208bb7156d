"""What every part of the store shares: the audit hash, name keys, the OS user, times."""

from __future__ import annotations

import getpass
import hashlib
import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

AUDIT_GENESIS = "0" * 64
LINES_PER_INSERT = 50
"""Quote lines written by one INSERT statement: 900 values, under the 999 parameters
the most limited SQLite builds allow a statement."""


def os_user() -> str:
    """The operating-system user recorded in the audit log."""
    try:
        return getpass.getuser()
    except Exception:
        return "unknown"


def name_key(name: str) -> str:
    """The key two vendor names share when they are "the same" to a reader.

    NFKC folds full-width letters, format characters (zero-width spaces, bidi
    controls) are dropped, white space collapsed and case folded.
    """
    folded = unicodedata.normalize("NFKC", name)
    kept = "".join(ch for ch in folded if unicodedata.category(ch) not in ("Cf", "Cc"))
    return " ".join(kept.split()).casefold()


def _now() -> datetime:
    return datetime.now(UTC)


def _audit_hash(prev_hash: str, values: Mapping[str, Any]) -> str:
    body = json.dumps(values, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256((prev_hash + body).encode("utf-8")).hexdigest()


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, Decimal | date | datetime):
        return str(value)
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


@dataclass(frozen=True, slots=True)
class QuoteSummary:
    """One quote revision as listed in tables: ids, vendor, reference, counts."""

    quote_id: int
    vendor: str
    reference: str
    revision: int
    quote_date: date | None
    source_file: str
    line_count: int
    latest: bool


def _iso(value: Any) -> str:
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.isoformat()
    return str(value)
