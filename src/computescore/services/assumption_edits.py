"""Reading and changing an evaluation's TCO assumptions from the command line.

The app's TCO page edits the common ones; this is every assumption, each checked by
the same rules the engine applies (:func:`~computescore.domain.tco.assumptions_from_mapping`)
before anything is stored, and audited like every change to the evaluation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from computescore.domain.tco import Assumptions
from computescore.domain.tco.assumptions import (
    ASSUMPTION_NOTES,
    BOOLEAN_ASSUMPTIONS,
    assumptions_from_mapping,
)
from computescore.errors import InputRefused
from computescore.vocabulary import assumption_label, assumption_unit

if TYPE_CHECKING:
    from computescore.store.repository import Store

EDITABLE = tuple(f.name for f in dataclasses.fields(Assumptions) if f.name != "fx_override")
"""The assumptions set here (exchange rates have their own command, ``fx``)."""

_NULLABLE = frozenset({"hours_per_day", "egress_gb_per_month", "spot_overhead", "power_budget_kw"})
_BOOLEAN = BOOLEAN_ASSUMPTIONS


@dataclass(frozen=True, slots=True)
class AssumptionRow:
    """One assumption as used: its value, whether the evaluation sets it, and why the default."""

    key: str
    label: str
    unit: str
    value: Any
    set_here: bool
    note: str


def assumption_rows(store: Store, evaluation: str | None = None) -> list[AssumptionRow]:
    """Every editable assumption of the evaluation, as the engine will use it."""
    stored = _stored(store, evaluation)
    used, _ = assumptions_from_mapping({k: v for k, v in stored.items() if k in EDITABLE})
    return [
        AssumptionRow(
            key,
            assumption_label(key),
            assumption_unit(key),
            getattr(used, key),
            key in stored,
            ASSUMPTION_NOTES.get(key, ""),
        )
        for key in EDITABLE
    ]


def parse_value(key: str, text: str) -> Any:
    """A value typed on the command line for ``key``: a number, true/false, or none."""
    if key not in EDITABLE:
        raise InputRefused(f"{key!r} is not a TCO assumption. Known: {', '.join(EDITABLE)}.")
    word = text.strip().lower()
    if key in _BOOLEAN:
        if word in ("true", "yes", "on", "1"):
            return True
        if word in ("false", "no", "off", "0"):
            return False
        raise InputRefused(f"{key} is true or false, not {text!r}.")
    if word in ("none", ""):
        if key not in _NULLABLE:
            raise InputRefused(f"{key} needs a number; 'clear' puts back its default.")
        return None
    try:
        return float(word)
    except ValueError:
        raise InputRefused(f"{key} is a number, not {text!r}.") from None


def set_assumptions(
    store: Store, values: Mapping[str, Any], evaluation: str | None = None, *, clear: bool = False
) -> list[tuple[str, Any, Any]]:
    """Set (or with ``clear``, drop back to their defaults) assumptions; returns what changed.

    Every value is checked before any is stored: one that the engine would refuse (a
    negative price, a fraction above 1, a PUE below 1 …) refuses the whole change.
    """
    unknown = [key for key in values if key not in EDITABLE]
    if unknown:
        raise InputRefused(
            f"{', '.join(map(repr, unknown))} is not a TCO assumption. Known: "
            f"{', '.join(EDITABLE)}."
        )
    with store.transaction() as uow:
        row = uow.evaluation_row(evaluation)
        assert row.id is not None
        current = dict(row.assumptions or {})
        new = dict(current)
        for key, value in values.items():
            if clear:
                new.pop(key, None)
            else:
                new[key] = value
        checked = {k: v for k, v in new.items() if k in values and not clear}
        _, problems = assumptions_from_mapping(checked)
        if problems:
            first = problems[0]
            key = first.source.rsplit(":", 1)[-1]
            raise InputRefused(
                f"{key}: {first.message} (found {first.found}); nothing was changed."
            )
        changes = [
            (key, current.get(key), new.get(key))
            for key in values
            if current.get(key) != new.get(key) or (key in current) != (key in new)
        ]
        if changes:
            uow.set_evaluation_field(row.id, "assumptions", new)
    return changes


def _stored(store: Store, evaluation: str | None) -> dict[str, Any]:
    with store.reading() as uow:
        row = uow.evaluation_row(evaluation)
        return dict(row.assumptions or {})
