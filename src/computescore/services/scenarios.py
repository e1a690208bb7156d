"""The user's own award scenarios, saved with the evaluation (an audited workspace setting).

A scenario is a name and the award rules (objective, vendor cap, number of vendors,
score floor, a vendor to keep). They are kept under the setting
``plan_scenarios:<evaluation id>`` as plain JSON, so every save and delete is in the
audit log; the plan solves them beside the built-in scenarios.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from computescore.domain.award import BUILT_IN, Objective, PlanPolicy, find
from computescore.domain.problems import Problem, Severity
from computescore.errors import NotFound, UsageError

if TYPE_CHECKING:
    from computescore.store.repository import Store


def setting_key(evaluation_id: int) -> str:
    """The workspace setting that holds one evaluation's scenarios."""
    return f"plan_scenarios:{evaluation_id}"


def policy_to_dict(policy: PlanPolicy) -> dict[str, Any]:
    """A scenario as plain JSON values."""
    return {
        "name": policy.name,
        "objective": policy.objective.value,
        "vendor_cap": policy.vendor_cap,
        "min_vendors": policy.min_vendors,
        "max_vendors": policy.max_vendors,
        "min_score": policy.min_score,
        "top_score_only": policy.top_score_only,
        "keep_vendor": policy.keep_vendor,
        "token_apis": policy.token_apis,
    }


def _number(item: Mapping[str, Any], key: str, low: float, high: float) -> float | None:
    value = item.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{key} is not a number")
    if not low <= value <= high:
        raise ValueError(f"{key} {value} is outside {low:g}–{high:g}")
    return float(value)


def policy_from_dict(item: Any) -> PlanPolicy:
    """A stored scenario, checked.

    Raises:
        ValueError: the item is not a scenario (the message says what is wrong).
    """
    if not isinstance(item, Mapping) or not str(item.get("name", "")).strip():
        raise ValueError("not a named scenario")
    cap = _number(item, "vendor_cap", 0.01, 1.0)
    least = _number(item, "min_vendors", 1, 1000)
    most = _number(item, "max_vendors", 1, 1000)
    floor = _number(item, "min_score", 0, 100)
    keep = item.get("keep_vendor")
    return PlanPolicy(
        name=str(item["name"]).strip(),
        objective=Objective(str(item.get("objective", "cost"))),
        vendor_cap=cap,
        min_vendors=int(least or 1),
        max_vendors=None if most is None else int(most),
        min_score=floor,
        top_score_only=bool(item.get("top_score_only", False)),
        keep_vendor=str(keep) if keep else None,
        token_apis=bool(item.get("token_apis", False)),
    )


def saved_scenarios(
    store: Store, evaluation_id: int
) -> tuple[tuple[PlanPolicy, ...], tuple[Problem, ...]]:
    """The evaluation's own scenarios, and a problem for each stored one that is unusable."""
    with store.reading() as uow:
        stored = uow.get_setting(setting_key(evaluation_id), [])
    out: list[PlanPolicy] = []
    problems: list[Problem] = []
    for index, item in enumerate(stored if isinstance(stored, list) else []):
        try:
            out.append(policy_from_dict(item))
        except ValueError as exc:
            problems.append(
                Problem(
                    f"settings:{setting_key(evaluation_id)}[{index}]",
                    f"a saved scenario is unusable and was left out: {exc}",
                    Severity.WARNING,
                )
            )
    return tuple(out), tuple(problems)


def with_saved(stored: Any, policy: PlanPolicy) -> list[dict[str, Any]]:
    """The stored list with ``policy`` saved (replacing a scenario of the same name).

    Raises:
        UsageError: the name is a built-in scenario's.
    """
    if find(BUILT_IN, policy.name) is not None:
        raise UsageError(f"{policy.name!r} is a built-in scenario; choose another name.")
    kept = [
        dict(item)
        for item in (stored if isinstance(stored, list) else [])
        if isinstance(item, Mapping) and not _same(item.get("name"), policy.name)
    ]
    return [*kept, policy_to_dict(policy)]


def save_scenario(store: Store, evaluation_id: int, policy: PlanPolicy) -> None:
    """Save (or replace, by name) one of the evaluation's own scenarios, audited.

    Raises:
        UsageError: the name is a built-in scenario's.
    """
    key = setting_key(evaluation_id)
    with store.transaction() as uow:
        uow.set_setting(key, with_saved(uow.get_setting(key, []), policy))


def delete_scenario(store: Store, evaluation_id: int, name: str) -> None:
    """Delete one of the evaluation's own scenarios, audited.

    Raises:
        NotFound: no saved scenario of that name.
    """
    key = setting_key(evaluation_id)
    with store.transaction() as uow:
        stored = uow.get_setting(key, [])
        items = stored if isinstance(stored, list) else []
        kept = [i for i in items if not (isinstance(i, Mapping) and _same(i.get("name"), name))]
        if len(kept) == len(items):
            raise NotFound(f"No saved scenario {name!r} in this evaluation.")
        uow.set_setting(key, kept)


def _same(a: Any, b: str) -> bool:
    return " ".join(str(a or "").split()).casefold() == " ".join(b.split()).casefold()


def change_saved(
    db: Any, evaluation: str | None, *, save: PlanPolicy | None = None, delete: str | None = None
) -> str:
    """Save or delete one of an evaluation's own scenarios in a workspace; a sentence says which.

    Raises:
        NotFound: no such evaluation, or no saved scenario to delete.
        UsageError: a built-in scenario's name.
    """
    from computescore.services.workspace import load_evaluation_data, open_store

    store = open_store(db)
    try:
        data = load_evaluation_data(store, evaluation)
        evaluation_id = data.evaluation.id
        if evaluation_id is None:
            raise NotFound(f"Evaluation {data.evaluation.name!r} is not stored.")
        if save is not None:
            save_scenario(store, evaluation_id, save)
            return f"Saved the scenario {save.name!r} in {data.evaluation.name!r}."
        if delete is not None:
            delete_scenario(store, evaluation_id, delete)
            return f"Deleted the scenario {delete!r} from {data.evaluation.name!r}."
        return ""
    finally:
        store.close()
