"""The evaluation committee: criteria, independent scores, consensus, leave-one-out.

Who is scoring: on a team database, the database user (row-level security lets each
evaluator write only their own scores, and a lead enter an offline evaluator's); on
a file, the name given (``--as``), else the operating-system user.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from computescore.domain.committee import (
    Committee,
    Criterion,
    Disagreement,
    disagreements,
    visible_scores,
)
from computescore.store.repository import os_user
from computescore.store.roles import Role

if TYPE_CHECKING:
    from computescore.store.repository import Store


@dataclass(frozen=True, slots=True)
class CommitteeView:
    """The committee as one person sees it.

    Attributes:
        evaluation: the evaluation's name.
        me: who is scoring (see the module's note).
        committee: the criteria and the scores this person may see.
        vendors: the vendors with quotes in the evaluation, in name order.
        rows: every criterion × vendor with submitted scores, side by side, with the
            spread and a flag where it reaches the threshold.
        waiting: evaluators whose scores are drafts (not yet submitted).
    """

    evaluation: str
    me: str
    committee: Committee
    vendors: tuple[str, ...]
    rows: tuple[Disagreement, ...]
    waiting: tuple[str, ...]

    def mine(self, criterion: str, vendor: str) -> tuple[float, str, bool] | None:
        """My score of ``vendor`` on ``criterion``: (score, note, submitted), if any."""
        for item in self.committee.scores:
            if (item.evaluator, item.criterion, item.vendor) == (self.me, criterion, vendor):
                return item.score, item.note, item.submitted
        return None


def scorer(store: Store, requested: str | None = None) -> str:
    """Who is scoring: ``requested`` if given, else the database user or the OS user."""
    if requested and requested.strip():
        return requested.strip()
    with store.reading() as uow:
        return uow.committee.database_user() or os_user()


def _evaluation_id(uow: object, evaluation: str | None) -> tuple[int, str]:
    row = uow.evaluation_row(evaluation)  # type: ignore[attr-defined]
    assert row.id is not None
    return row.id, row.name


def committee_view(
    store: Store, evaluation: str | None = None, *, viewer: str | None = None
) -> CommitteeView:
    """The criteria, scores, spread and flags as ``viewer`` may see them."""
    me = scorer(store, viewer)
    roles = store.roles()
    sees_all = roles is None or Role.LEAD in roles or Role.APPROVER in roles
    with store.reading() as uow:
        evaluation_id, name = _evaluation_id(uow, evaluation)
        committee = uow.committee.load(evaluation_id)
        vendors = uow.committee.vendor_names(evaluation_id)
    if not store.on_server:
        # A file has no roles: with blind scoring, whoever has scores of their own is an
        # evaluator and sees only those until they submit; whoever has none (the lead on
        # the shared laptop) sees every score.
        sees_all = not any(s.evaluator == me for s in committee.scores)
    shown = visible_scores(committee, me, sees_all=sees_all)
    waiting = tuple(sorted({s.evaluator for s in committee.scores if not s.submitted}))
    return CommitteeView(name, me, shown, vendors, disagreements(shown, vendors), waiting)


def save_criterion(
    store: Store, criterion: Criterion, evaluation: str | None = None, *, old_name: str = ""
) -> None:
    """Add a criterion, or change the one called ``old_name`` (a lead's task)."""
    with store.transaction() as uow:
        evaluation_id, _ = _evaluation_id(uow, evaluation)
        uow.committee.save_criterion(evaluation_id, criterion, old_name=old_name)


def remove_criterion(store: Store, name: str, evaluation: str | None = None) -> None:
    """Delete a criterion with its scores and consensus (the audit trail keeps them)."""
    with store.transaction() as uow:
        evaluation_id, _ = _evaluation_id(uow, evaluation)
        uow.committee.remove_criterion(evaluation_id, name)


def set_rules(
    store: Store, *, blind: bool, disagreement_points: float, evaluation: str | None = None
) -> None:
    """Blind scoring on or off, and the spread at which scores are flagged."""
    with store.transaction() as uow:
        evaluation_id, _ = _evaluation_id(uow, evaluation)
        uow.committee.set_rules(evaluation_id, blind=blind, disagreement_points=disagreement_points)


def record_score(
    store: Store,
    criterion: str,
    vendor: str,
    score: float,
    *,
    note: str = "",
    evaluator: str | None = None,
    submit: bool = False,
    evaluation: str | None = None,
) -> str:
    """Record a score (a draft unless ``submit``); returns who it was recorded for."""
    who = scorer(store, evaluator)
    with store.transaction() as uow:
        evaluation_id, _ = _evaluation_id(uow, evaluation)
        uow.committee.record_score(
            evaluation_id, criterion, vendor, who, score, note, submit=submit
        )
    return who


def submit_scores(
    store: Store, *, evaluator: str | None = None, evaluation: str | None = None
) -> tuple[str, int]:
    """Submit the evaluator's draft scores; returns who and how many."""
    who = scorer(store, evaluator)
    with store.transaction() as uow:
        evaluation_id, _ = _evaluation_id(uow, evaluation)
        return who, uow.committee.submit(evaluation_id, who)


def record_consensus(
    store: Store,
    criterion: str,
    vendor: str,
    score: float,
    reason: str,
    *,
    evaluation: str | None = None,
) -> None:
    """Record the consensus score of a vendor on a criterion, with the reason (the lead)."""
    who = scorer(store)
    with store.transaction() as uow:
        evaluation_id, _ = _evaluation_id(uow, evaluation)
        uow.committee.record_consensus(evaluation_id, criterion, vendor, score, reason, who)
