"""What changed between two revisions of a quote: one comparison, two ways of telling it.

The import report ("price of B: 3 USD → 3.50 USD") and the revision history in the app
(a table of changed fields) both come from :func:`quote_differences`, so they always
agree on what changed.

Lines are matched first by position (a line equal to the one at its place in the other
revision is unchanged, which also keeps a 100,000-line price list quick), then by what
they are: kind, accelerator or cost category, description, deployment, term, region,
unit and category. Matched lines are compared field by field; the rest were added or
removed. The quote's dates and terms are compared too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from computescore.domain.quotes import Quote, QuoteLine

MAX_DIFFERENCES = 40
"""Sentences listed in an import report before "… and N more differences"."""


@dataclass(frozen=True, slots=True)
class Difference:
    """One change between revisions.

    Attributes:
        change: ``added``, ``removed`` or ``changed``.
        line: the line's label (description with deployment, term and region), or the
            term's name for a change in the quote's terms.
        field: the field that changed (``price``, ``count`` …); "" for a whole line.
        before: the value in the earlier revision, as text.
        after: the value in the later revision, as text.
        sentence: the change as the import report says it.
    """

    change: str
    line: str
    field: str = ""
    before: str = ""
    after: str = ""
    sentence: str = ""


def _text(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, Decimal):
        return amount_text(value)
    return str(getattr(value, "value", None) or value)


def amount_text(value: Decimal) -> str:
    """``Decimal("3.00")`` → ``3``; ``Decimal("3.50")`` → ``3.50``."""
    return format(value.normalize(), "f") if value == value.to_integral() else str(value)


def _key(line: QuoteLine) -> tuple[Any, ...]:
    return (
        line.kind,
        line.description,
        line.accelerator,
        line.deployment,
        line.term_months,
        line.region,
        line.price_unit,
        line.category,
    )


def line_label(line: QuoteLine) -> str:
    """``H100 (reserved, 12 months, eu-west)``: the description and what sets it apart."""
    parts = [line.description or line.accelerator or line.kind.value]
    details = [
        part
        for part in (
            line.deployment.value.replace("_", "-") if line.deployment else None,
            f"{line.term_months} months" if line.term_months else None,
            line.region,
        )
        if part
    ]
    if details:
        parts.append("(" + ", ".join(details) + ")")
    return " ".join(parts)


def _changed(old: QuoteLine, new: QuoteLine) -> list[Difference]:
    """Differences of two matched lines: price (with currency), accelerators, quantity."""
    label = line_label(new)
    out = []
    if (old.price, old.currency) != (new.price, new.currency):
        same = old.currency == new.currency
        before = amount_text(old.price) + ("" if same else f" {old.currency}")
        after = amount_text(new.price) + ("" if same else f" {new.currency}")
        sentence = (
            f"price of {label}: {amount_text(old.price)} {old.currency} → "
            f"{amount_text(new.price)} {new.currency}"
        )
        out.append(Difference("changed", label, "price", before, after, sentence))
    if old.gpu_count != new.gpu_count:
        sentence = f"accelerators in {label}: {old.gpu_count} → {new.gpu_count}"
        out.append(
            Difference(
                "changed",
                label,
                "accelerators",
                _text(old.gpu_count),
                _text(new.gpu_count),
                sentence,
            )
        )
    if old.quantity != new.quantity:
        sentence = f"quantity of {label}: {old.quantity} → {new.quantity}"
        out.append(
            Difference(
                "changed", label, "quantity", _text(old.quantity), _text(new.quantity), sentence
            )
        )
    return out


def line_differences(old: Sequence[QuoteLine], new: Sequence[QuoteLine]) -> list[Difference]:
    """What changed from ``old`` to ``new`` lines (see the module's description)."""
    unchanged = {
        position
        for position, (before, after) in enumerate(zip(old, new, strict=False))
        if before is after or before == after
    }
    remaining: dict[tuple[Any, ...], list[QuoteLine]] = {}
    for position, line in enumerate(old):
        if position not in unchanged:
            remaining.setdefault(_key(line), []).append(line)
    out: list[Difference] = []
    for position, line in enumerate(new):
        if position in unchanged:
            continue
        candidates = remaining.get(_key(line))
        if not candidates:
            label = line_label(line)
            sentence = (
                f"new line: {label} at {line.price} {line.currency} "
                f"{line.price_unit.value.replace('_', ' ')}"
            )
            out.append(Difference("added", label, after=_text(line.price), sentence=sentence))
            continue
        out.extend(_changed(candidates.pop(0), line))
    for lines in remaining.values():
        for line in lines:
            label = line_label(line)
            out.append(
                Difference(
                    "removed", label, before=_text(line.price), sentence=f"line removed: {label}"
                )
            )
    return out


def term_differences(previous: Quote, current: Quote) -> list[Difference]:
    """Changes in the quote's dates and terms (SLA, support, reliability, exit)."""
    out = []
    for label, before, after in (
        ("quote date", previous.quote_date, current.quote_date),
        ("valid until", previous.valid_until, current.valid_until),
        ("uptime commitment", previous.sla.uptime_pct, current.sla.uptime_pct),
        ("service credits", previous.sla.credits, current.sla.credits),
        (
            "support response times",
            dict(previous.support.response_minutes),
            dict(current.support.response_minutes),
        ),
        (
            "expert hours per month",
            previous.support.expert_hours_per_month,
            current.support.expert_hours_per_month,
        ),
        (
            "annual failure rate",
            previous.reliability.annual_failure_rate,
            current.reliability.annual_failure_rate,
        ),
        ("time to repair (hours)", previous.reliability.mttr_hours, current.reliability.mttr_hours),
        (
            "spot interruptions per hour",
            previous.reliability.spot_interruptions_per_hour,
            current.reliability.spot_interruptions_per_hour,
        ),
        ("measured MFU", previous.performance.mfu, current.performance.mfu),
        (
            "termination notice (days)",
            previous.exit_terms.notice_days,
            current.exit_terms.notice_days,
        ),
        (
            "termination fee (%)",
            previous.exit_terms.termination_fee_pct,
            current.exit_terms.termination_fee_pct,
        ),
        ("auto-renewal", previous.exit_terms.auto_renewal, current.exit_terms.auto_renewal),
    ):
        if before != after:
            out.append(
                Difference(
                    "changed",
                    "terms",
                    label,
                    _text(before),
                    _text(after),
                    f"{label}: {before} → {after}",
                )
            )
    return out


def quote_differences(previous: Quote, current: Quote) -> list[Difference]:
    """Every change from one revision to the next: lines first, then dates and terms."""
    return [*line_differences(previous.lines, current.lines), *term_differences(previous, current)]


def describe_differences(previous: Quote, current: Quote) -> tuple[str, ...]:
    """What changed from the stored revision to the new one, in plain sentences."""
    changes = [d.sentence for d in quote_differences(previous, current)]
    if not changes:
        return (f"no differences from revision {previous.revision}",)
    if len(changes) > MAX_DIFFERENCES:
        extra = len(changes) - MAX_DIFFERENCES
        changes = [*changes[:MAX_DIFFERENCES], f"… and {extra} more differences"]
    return tuple(changes)
