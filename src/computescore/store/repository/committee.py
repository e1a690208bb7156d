"""The committee's rows: criteria, each evaluator's scores, consensus and approvals.

Every write is audited, so the audit trail keeps every evaluator's original score
and every consensus with its reason, whoever changes them later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import select, text
from sqlmodel import col

from computescore.domain.committee import (
    Committee,
    Consensus,
    Criterion,
    EvaluatorScore,
    check_criteria,
    check_score,
)
from computescore.domain.signoff import ApprovalRecord
from computescore.domain.weights import Axis
from computescore.errors import InputRefused, NotFound
from computescore.store.repository.base import _now
from computescore.store.tables import (
    ApprovalRow,
    ConsensusRow,
    CriterionRow,
    CriterionScoreRow,
    EvaluationRow,
    QuoteRow,
    VendorRow,
)
from computescore.wording import unknown_name

if TYPE_CHECKING:
    from computescore.store.repository.unit_of_work import UnitOfWork


@dataclass(frozen=True, slots=True)
class Approval(ApprovalRecord):
    """An approval as stored: who approved which pack (by fingerprint), when."""

    id: int = 0
    workload: str = ""


def _criterion(row: CriterionRow) -> Criterion:
    return Criterion(row.name, Axis(row.axis), row.weight, row.scale_max, row.description)


class CommitteeRows:
    """Reads and writes of one evaluation's committee, inside one transaction."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow
        self.session = uow.session

    # -- reading ---------------------------------------------------------------------
    def database_user(self) -> str | None:
        """The user connected to a server (who row-level security sees); None on a file."""
        if self.session.get_bind().dialect.name != "postgresql":
            return None
        return str(self.session.execute(text("SELECT session_user")).scalar())

    def load(self, evaluation_id: int) -> Committee:
        """The evaluation's criteria, scores and consensus (what this user may read)."""
        evaluation = self.session.get(EvaluationRow, evaluation_id)
        if evaluation is None:
            raise NotFound(f"Evaluation {evaluation_id} no longer exists.")
        rows = self._criterion_rows(evaluation_id)
        names = {row.id: row.name for row in rows}
        query = select(VendorRow.id, VendorRow.name)
        vendors: dict[int | None, str] = {row[0]: row[1] for row in self.session.execute(query)}
        scores = [
            EvaluatorScore(
                names[r.criterion_id],
                vendors[r.vendor_id],
                r.evaluator,
                r.score,
                r.note,
                r.submitted_at is not None,
            )
            for r in self.session.execute(
                select(CriterionScoreRow)
                .where(col(CriterionScoreRow.criterion_id).in_(names))
                .order_by(CriterionScoreRow.id)
            ).scalars()
        ]
        agreed = [
            Consensus(names[r.criterion_id], vendors[r.vendor_id], r.score, r.reason, r.decided_by)
            for r in self.session.execute(
                select(ConsensusRow)
                .where(col(ConsensusRow.criterion_id).in_(names))
                .order_by(ConsensusRow.id)
            ).scalars()
        ]
        return Committee(
            tuple(_criterion(row) for row in rows),
            tuple(scores),
            tuple(agreed),
            bool(evaluation.blind_scoring),
            float(evaluation.disagreement_points),
        )

    def vendor_names(self, evaluation_id: int) -> tuple[str, ...]:
        """The vendors with quotes in the evaluation, in name order (no price is read)."""
        query = (
            select(VendorRow.name)
            .join(QuoteRow, QuoteRow.vendor_id == VendorRow.id)
            .where(QuoteRow.evaluation_id == evaluation_id)
            .distinct()
        )
        return tuple(sorted(self.session.execute(query).scalars()))

    def _criterion_rows(self, evaluation_id: int) -> list[CriterionRow]:
        return list(
            self.session.execute(
                select(CriterionRow)
                .where(CriterionRow.evaluation_id == evaluation_id)
                .order_by(CriterionRow.position, CriterionRow.id)
            ).scalars()
        )

    def _criterion_row(self, evaluation_id: int, name: str) -> CriterionRow:
        rows = self._criterion_rows(evaluation_id)
        wanted = name.strip().casefold()
        for row in rows:
            if row.name.casefold() == wanted:
                return row
        raise NotFound(unknown_name("criterion", name, [row.name for row in rows]))

    def _vendor_id(self, name: str) -> int:
        row = self.uow.vendor_row(name)
        if row is None or row.id is None:
            names = self.session.execute(select(VendorRow.name)).scalars().all()
            raise NotFound(unknown_name("vendor", name, sorted(names)))
        return row.id

    # -- criteria and settings (the lead) --------------------------------------------
    def set_rules(self, evaluation_id: int, *, blind: bool, disagreement_points: float) -> None:
        """Blind scoring on or off, and the spread at which scores are flagged."""
        if not (disagreement_points > 0):
            raise InputRefused("The disagreement threshold must be a positive number of points.")
        row = self.session.get(EvaluationRow, evaluation_id)
        if row is None:
            raise NotFound(f"Evaluation {evaluation_id} no longer exists.")
        for field, value in (
            ("blind_scoring", blind),
            ("disagreement_points", disagreement_points),
        ):
            old = getattr(row, field)
            if old != value:
                setattr(row, field, value)
                self.uow.audit("update", "evaluation", evaluation_id, field, old, value)
        self.session.add(row)
        self.session.flush()

    def save_criterion(
        self, evaluation_id: int, criterion: Criterion, *, old_name: str = ""
    ) -> None:
        """Add a criterion, or change the one called ``old_name``; the set is checked whole."""
        rows = self._criterion_rows(evaluation_id)
        target = next(
            (r for r in rows if old_name and r.name.casefold() == old_name.strip().casefold()),
            None,
        )
        if old_name and target is None:
            raise NotFound(unknown_name("criterion", old_name, [r.name for r in rows]))
        others = [_criterion(r) for r in rows if r is not target]
        problems = check_criteria([*others, criterion])
        if problems:
            raise InputRefused(" ".join(problems))
        values = {
            "name": criterion.name.strip(),
            "axis": criterion.axis.value,
            "weight": criterion.weight,
            "scale_max": criterion.scale_max,
            "description": criterion.description,
        }
        if target is None:
            row = CriterionRow(
                evaluation_id=evaluation_id,
                position=len(rows),
                **values,
            )
            self.session.add(row)
            self.session.flush()
            self.uow.audit("create", "criterion", row.id, new=values)
            return
        for field, value in values.items():
            old = getattr(target, field)
            if old != value:
                setattr(target, field, value)
                self.uow.audit("update", "criterion", target.id, field, old, value)
        self.session.add(target)
        self.session.flush()

    def remove_criterion(self, evaluation_id: int, name: str) -> None:
        """Delete a criterion with its scores and consensus (the audit keeps them)."""
        row = self._criterion_row(evaluation_id, name)
        self.session.delete(row)
        self.session.flush()
        self.uow.audit("delete", "criterion", row.id, old=row.name)

    # -- scores (each evaluator) -----------------------------------------------------
    def record_score(
        self,
        evaluation_id: int,
        criterion: str,
        vendor: str,
        evaluator: str,
        score: float,
        note: str = "",
        *,
        submit: bool = False,
    ) -> None:
        """Record (or change, until submitted) ``evaluator``'s score; ``submit`` submits it."""
        row = self._criterion_row(evaluation_id, criterion)
        problem = check_score(_criterion(row), score)
        if problem:
            raise InputRefused(problem)
        if not evaluator.strip():
            raise InputRefused("A score needs the evaluator's name.")
        vendor_id = self._vendor_id(vendor)
        existing = self.session.execute(
            select(CriterionScoreRow).where(
                CriterionScoreRow.criterion_id == row.id,
                CriterionScoreRow.vendor_id == vendor_id,
                CriterionScoreRow.evaluator == evaluator,
            )
        ).scalar_one_or_none()
        now = _now()
        entity = f"{row.name} / {vendor} / {evaluator}"
        if existing is None:
            self.session.add(
                CriterionScoreRow(
                    criterion_id=row.id,
                    vendor_id=vendor_id,
                    evaluator=evaluator,
                    score=score,
                    note=note,
                    scored_at=now,
                    submitted_at=now if submit else None,
                )
            )
            self.session.flush()
            self.uow.audit("score", "criterion_score", entity, "score", None, score)
            return
        if existing.submitted_at is not None:
            if existing.score == score and existing.note == note:
                return
            raise InputRefused(
                f"{evaluator} already submitted {existing.score:g} for {vendor} on "
                f"{row.name!r}; a submitted score stays as it is (the lead records a "
                "consensus score instead)."
            )
        old = existing.score
        existing.score, existing.note, existing.scored_at = score, note, now
        if submit:
            existing.submitted_at = now
        self.session.add(existing)
        self.session.flush()
        self.uow.audit("score", "criterion_score", entity, "score", old, score)

    def submit(self, evaluation_id: int, evaluator: str) -> int:
        """Submit every draft score of ``evaluator``; returns how many were submitted."""
        ids = [row.id for row in self._criterion_rows(evaluation_id)]
        drafts = (
            self.session.execute(
                select(CriterionScoreRow).where(
                    col(CriterionScoreRow.criterion_id).in_(ids),
                    CriterionScoreRow.evaluator == evaluator,
                    col(CriterionScoreRow.submitted_at).is_(None),
                )
            )
            .scalars()
            .all()
        )
        now = _now()
        for row in drafts:
            row.submitted_at = now
            self.session.add(row)
        self.session.flush()
        if drafts:
            self.uow.audit("submit", "criterion_score", evaluator, new=f"{len(drafts)} scores")
        return len(drafts)

    # -- consensus (the lead) --------------------------------------------------------
    def record_consensus(
        self,
        evaluation_id: int,
        criterion: str,
        vendor: str,
        score: float,
        reason: str,
        decided_by: str,
    ) -> None:
        """Record (or replace) the consensus score of a vendor on a criterion, with a reason."""
        row = self._criterion_row(evaluation_id, criterion)
        problem = check_score(_criterion(row), score)
        if problem:
            raise InputRefused(problem)
        if not reason.strip():
            raise InputRefused("A consensus score needs its reason (what the committee agreed).")
        vendor_id = self._vendor_id(vendor)
        existing = self.session.execute(
            select(ConsensusRow).where(
                ConsensusRow.criterion_id == row.id, ConsensusRow.vendor_id == vendor_id
            )
        ).scalar_one_or_none()
        entity = f"{row.name} / {vendor}"
        now = _now()
        if existing is None:
            self.session.add(
                ConsensusRow(
                    criterion_id=row.id,
                    vendor_id=vendor_id,
                    score=score,
                    reason=reason,
                    decided_by=decided_by,
                    decided_at=now,
                )
            )
            old = None
        else:
            old = existing.score
            existing.score, existing.reason = score, reason
            existing.decided_by, existing.decided_at = decided_by, now
            self.session.add(existing)
        self.session.flush()
        self.uow.audit("consensus", "consensus_score", entity, "score", old, f"{score:g}: {reason}")

    # -- approvals (the approver) ----------------------------------------------------
    def approve(
        self, evaluation_id: int, approver: str, fingerprint: str, workload: str, note: str
    ) -> Approval:
        """Record an approval of the pack with ``fingerprint``."""
        row = ApprovalRow(
            evaluation_id=evaluation_id,
            approver=approver,
            approved_at=_now(),
            fingerprint=fingerprint,
            workload=workload,
            note=note,
        )
        self.session.add(row)
        self.session.flush()
        self.uow.audit("approve", "approval", row.id, "fingerprint", None, fingerprint)
        assert row.id is not None
        return Approval(approver, row.approved_at, fingerprint, note, row.id, workload)

    def approvals(self, evaluation_id: int) -> list[Approval]:
        """Every approval of the evaluation, newest first."""
        rows = self.session.execute(
            select(ApprovalRow)
            .where(ApprovalRow.evaluation_id == evaluation_id)
            .order_by(col(ApprovalRow.id).desc())
        ).scalars()
        return [
            Approval(r.approver, r.approved_at, r.fingerprint, r.note, r.id or 0, r.workload)
            for r in rows
        ]
