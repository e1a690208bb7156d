"""Sign-off: approve the board pack of the current inputs, and sign its PDF (PAdES).

An approval records who, when and the pack's fingerprint. Any later change to the
inputs changes the fingerprint, so every pack built afterwards says the approval is
superseded. On a team database only an approver may record one (the database
refuses everyone else, the lead included: whoever prepares the recommendation does
not approve it). The approver may then sign the PDF with their own certificate;
a pack whose fingerprint has no approval is not signed.
"""

from __future__ import annotations

import getpass
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from computescore.domain.signoff import ApprovalRecord, ApprovalState, approval_state
from computescore.errors import InputRefused
from computescore.services.reporting import write_atomic

if TYPE_CHECKING:
    from computescore.reports.model import BoardPack
    from computescore.services.analysis import AnalysisOptions
    from computescore.store.repository import Store
    from computescore.store.repository.committee import Approval


@dataclass(frozen=True, slots=True)
class PackStatus:
    """Where the current pack stands: its fingerprint, state, sentence and approvals."""

    evaluation: str
    fingerprint: str
    state: ApprovalState
    sentence: str
    approvals: tuple[ApprovalRecord, ...]


def _approver(store: Store) -> str:
    with store.reading() as uow:
        return uow.committee.database_user() or getpass.getuser()


def pack_status(
    store: Store, evaluation: str | None = None, options: AnalysisOptions | None = None
) -> PackStatus:
    """Build the pack as the reports do and say whether it is approved."""
    from computescore.reports.model import fingerprint
    from computescore.services.analysis import AnalysisOptions, analyse

    analysis = analyse(store, evaluation, options or AnalysisOptions(plan=True))
    fp = fingerprint(analysis.pack)
    evaluation_id = analysis.data.evaluation.id
    assert evaluation_id is not None
    with store.reading() as uow:
        approvals = tuple(uow.committee.approvals(evaluation_id))
    state, sentence = approval_state(approvals, fp)
    return PackStatus(analysis.data.evaluation.name, fp, state, sentence, approvals)


def approve(
    store: Store,
    evaluation: str | None = None,
    *,
    note: str = "",
    options: AnalysisOptions | None = None,
) -> Approval:
    """Record an approval of the pack the current inputs make."""
    status = pack_status(store, evaluation, options)
    return _record(store, status.evaluation, status.fingerprint, note)


def approve_pack(store: Store, pack: BoardPack, *, note: str = "") -> Approval:
    """Record an approval of ``pack`` exactly as built (the sections the app exports)."""
    from computescore.reports.model import fingerprint

    return _record(store, pack.meta.evaluation, fingerprint(pack), note)


def _record(store: Store, evaluation: str, fp: str, note: str) -> Approval:
    with store.transaction() as uow:
        row = uow.evaluation_row(evaluation)
        assert row.id is not None
        workloads = ", ".join(w.name for w in uow.load_evaluation(row.name).workloads)
        return uow.committee.approve(row.id, _approver(store), fp, workloads, note)


def sign_pack(
    store: Store,
    pdf: Path,
    certificate: Path,
    password: str | None,
    out: Path,
    *,
    evaluation: str | None = None,
) -> Approval:
    """Sign ``pdf`` (a board pack with an approval) with the approver's certificate.

    Raises:
        InputRefused: the PDF is not a ComputeScore pack, its inputs were never
            approved, or the certificate cannot be opened.
    """
    from computescore.reports.signature import pack_fingerprint, sign_pdf

    data = pdf.read_bytes()
    fp = pack_fingerprint(data)
    if fp is None:
        raise InputRefused(
            f"{pdf.name} is not a board pack written by ComputeScore (it carries no "
            "fingerprint); write it with computescore report --pdf."
        )
    with store.reading() as uow:
        row = uow.evaluation_row(evaluation)
        assert row.id is not None
        matching = [a for a in uow.committee.approvals(row.id) if a.fingerprint == fp]
    if not matching:
        raise InputRefused(
            f"{pdf.name} (fingerprint {fp[:12]}…) has no approval in {store.location}: "
            "approve the pack first (computescore approve), then sign it."
        )
    approval = matching[0]
    signed = sign_pdf(
        data,
        certificate.read_bytes(),
        password,
        reason=f"Approved by {approval.approver} on {approval.approved_at:%Y-%m-%d}",
    )
    write_atomic(out, signed)
    return approval
