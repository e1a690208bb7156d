"""The audited session every part of the unit of work writes through."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from computescore.errors import InputRefused
from computescore.store.repository.base import AUDIT_GENESIS, _audit_hash, _now, _text, os_user
from computescore.store.tables import AuditRow


class AuditedSession:
    """A session and the one way to append to the audit log within it."""

    def __init__(self, session: Session, *, overwrite: bool = False) -> None:
        self.session = session
        self.overwrite = overwrite
        """True when the user chose to overwrite a value someone else changed."""

    # -- audit -----------------------------------------------------------------------
    def audit(
        self,
        action: str,
        entity: str,
        entity_id: Any = "",
        field: str = "",
        old: Any = None,
        new: Any = None,
    ) -> None:
        """Append one audit row, chained to the previous row's hash."""
        last = self.session.exec(
            select(AuditRow.hash).order_by(col(AuditRow.id).desc()).limit(1)
        ).first()
        prev = last[0] if last else AUDIT_GENESIS
        values = {
            "at": _now().isoformat(),
            "os_user": os_user(),
            "action": action,
            "entity": entity,
            "entity_id": str(entity_id),
            "field_name": field,
            "old": _text(old),
            "new": _text(new),
        }
        row = AuditRow(
            at=datetime.fromisoformat(values["at"]),
            os_user=values["os_user"],
            action=action,
            entity=entity,
            entity_id=values["entity_id"],
            field_name=field,
            old=values["old"],
            new=values["new"],
            prev_hash=prev,
            hash=_audit_hash(prev, values),
        )
        self.session.add(row)
        self.session.flush()

    def last_change(self, entity: str, entity_id: Any, field: str | None = None) -> tuple[str, str]:
        """Who changed an entity (a field of it) last and when, from the audit log."""
        query = select(AuditRow.os_user, AuditRow.at).where(
            AuditRow.entity == entity, AuditRow.entity_id == str(entity_id)
        )
        if field is not None:
            query = query.where(AuditRow.field_name == field)
        found = self.session.exec(query.order_by(col(AuditRow.id).desc()).limit(1)).first()
        if found is None:
            return "", ""
        who, at = found
        return str(who or ""), at.strftime("%Y-%m-%d %H:%M") if at is not None else ""

    # -- helpers ---------------------------------------------------------------------
    def _flush(self, conflict_message: str) -> None:
        try:
            self.session.flush()
        except IntegrityError as exc:
            raise InputRefused(conflict_message) from exc
