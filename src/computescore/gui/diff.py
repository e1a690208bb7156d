"""Differences between two revisions of a quote, as shown in the revision history."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from computescore.domain.quotes import QuoteLine

COMPARED = (
    ("price", "price"),
    ("currency", "currency"),
    ("price_unit", "unit"),
    ("accelerator_count", "count"),
    ("nodes", "nodes"),
    ("quantity", "quantity"),
    ("deployment", "deployment"),
    ("term_months", "term (months)"),
    ("region", "region"),
)


@dataclass(frozen=True, slots=True)
class Difference:
    """One change between revisions: ``added``, ``removed`` or ``changed``."""

    change: str
    line: str
    field: str = ""
    before: str = ""
    after: str = ""


def _identity(line: QuoteLine) -> tuple[str, str, str]:
    what = line.accelerator or (line.category.value if line.category else "")
    return (line.kind.value, what, " ".join(line.description.split()).casefold())


def _text(value: object) -> str:
    if value is None:
        return "—"
    return getattr(value, "value", None) or str(value)


def line_differences(old: Sequence[QuoteLine], new: Sequence[QuoteLine]) -> list[Difference]:
    """What changed from ``old`` to ``new`` lines, matched by kind, item and description.

    Lines that match are compared field by field (price, currency, unit, counts,
    deployment, term, region); unmatched lines are added or removed.
    """
    remaining: dict[tuple[str, str, str], list[QuoteLine]] = {}
    for line in old:
        remaining.setdefault(_identity(line), []).append(line)
    out: list[Difference] = []
    for line in new:
        bucket = remaining.get(_identity(line))
        if not bucket:
            out.append(Difference("added", line.description, after=_text(line.price)))
            continue
        before = bucket.pop(0)
        for attribute, title in COMPARED:
            a, b = getattr(before, attribute), getattr(line, attribute)
            if a != b:
                out.append(Difference("changed", line.description, title, _text(a), _text(b)))
    for bucket in remaining.values():
        for line in bucket:
            out.append(Difference("removed", line.description, before=_text(line.price)))
    return out
