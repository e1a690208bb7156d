"""Sign-off: whether the board pack in hand is the one an approver approved.

An approval records who approved, when, and the pack's fingerprint (the SHA-256 of
its inputs). A pack built later from the same inputs has the same fingerprint and
carries the approval; once any input changes, the fingerprint changes and the
approval is shown as superseded, never as current.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum


class ApprovalState(StrEnum):
    """Where a pack stands."""

    APPROVED = "approved"
    SUPERSEDED = "superseded"
    NOT_APPROVED = "not approved"


@dataclass(frozen=True, slots=True)
class ApprovalRecord:
    """One approval as recorded."""

    approver: str
    approved_at: datetime
    fingerprint: str
    note: str = ""


def approval_state(
    approvals: Sequence[ApprovalRecord], fingerprint: str
) -> tuple[ApprovalState, str]:
    """The pack's state and the sentence the pack prints about it.

    ``approvals`` may come in any order; the newest approval of these exact inputs
    wins, else the newest approval of earlier inputs makes the pack superseded.
    """
    if not approvals:
        return ApprovalState.NOT_APPROVED, "Not approved yet."
    newest = sorted(approvals, key=lambda a: a.approved_at, reverse=True)
    for item in newest:
        if item.fingerprint == fingerprint:
            when = item.approved_at.strftime("%Y-%m-%d %H:%M UTC")
            text = f"Approved by {item.approver} on {when} for exactly these inputs"
            if item.note:
                text += f" ({item.note})"
            return ApprovalState.APPROVED, text + "."
    last = newest[0]
    return (
        ApprovalState.SUPERSEDED,
        f"Superseded: {last.approver} approved the pack of {last.approved_at:%Y-%m-%d} "
        f"(fingerprint {last.fingerprint[:12]}…), but the inputs have changed since; "
        "it needs approving again.",
    )
