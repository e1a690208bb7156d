"""The store: one database file, its transactions, bulk line reads and the audit check."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, select
from sqlmodel import Session

from computescore.store.db import OpenReport, database_errors, open_database
from computescore.store.repository.base import AUDIT_GENESIS, _audit_hash, _iso
from computescore.store.repository.unit_of_work import UnitOfWork
from computescore.store.tables import (
    AuditRow,
    QuoteLineRow,
    QuoteRow,
    VendorRow,
)


class Store:
    """A ComputeScore database file, opened and migrated."""

    def __init__(self, engine: Engine, report: OpenReport) -> None:
        self.engine = engine
        self.report = report
        self.path = report.path
        self._writer = engine.execution_options(immediate=True)

    @classmethod
    def open(cls, path: Path, *, backup_dir: Path | None = None) -> Store:
        """Open (and if needed create and migrate) the database at ``path``."""
        engine, report = open_database(path, backup_dir=backup_dir)
        return cls(engine, report)

    def close(self) -> None:
        """Release the file."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self) -> Iterator[UnitOfWork]:
        """A write transaction: everything inside commits together, or nothing does."""
        with (
            database_errors(self.path),
            Session(self._writer, expire_on_commit=False) as s,
            s.begin(),
        ):
            yield UnitOfWork(s)

    @contextmanager
    def reading(self) -> Iterator[UnitOfWork]:
        """A read-only view (a snapshot for the duration of the block)."""
        # Closing the session ends its read transaction; loaded objects stay readable.
        with database_errors(self.path), Session(self.engine, expire_on_commit=False) as s:
            yield UnitOfWork(s)

    def line_rows(
        self, evaluation_id: int | None = None, *, latest_only: bool = True
    ) -> list[dict[str, Any]]:
        """Every quote line with its quote and vendor, as plain dicts (fast, for tables)."""
        lines = QuoteLineRow.__table__
        quotes = QuoteRow.__table__
        vendors = VendorRow.__table__
        query = (
            select(
                lines,
                vendors.c.name.label("vendor"),
                quotes.c.reference.label("quote_ref"),
                quotes.c.quote_date,
                quotes.c.valid_until,
                quotes.c.revision,
                quotes.c.evaluation_id,
                quotes.c.vendor_id,
                quotes.c.source_file,
            )
            .join(quotes, quotes.c.id == lines.c.quote_id)
            .join(vendors, vendors.c.id == quotes.c.vendor_id)
            .order_by(vendors.c.name, quotes.c.reference, quotes.c.revision, lines.c.line_no)
        )
        if evaluation_id is not None:
            query = query.where(quotes.c.evaluation_id == evaluation_id)
        if latest_only:
            latest = (
                select(
                    quotes.c.evaluation_id,
                    quotes.c.vendor_id,
                    quotes.c.reference,
                    func.max(quotes.c.revision).label("rev"),
                )
                .group_by(quotes.c.evaluation_id, quotes.c.vendor_id, quotes.c.reference)
                .subquery()
            )
            query = query.join(
                latest,
                (latest.c.evaluation_id == quotes.c.evaluation_id)
                & (latest.c.vendor_id == quotes.c.vendor_id)
                & (latest.c.reference == quotes.c.reference)
                & (latest.c.rev == quotes.c.revision),
            )
        with database_errors(self.path), self.engine.connect() as conn:
            return [dict(row) for row in conn.execute(query).mappings()]

    def verify_audit_chain(self) -> list[str]:
        """Check every audit row's hash against its content and predecessor.

        Returns plain descriptions of rows that were changed, inserted or removed
        outside the app; empty when the chain is intact.
        """
        problems: list[str] = []
        prev = AUDIT_GENESIS
        with self.engine.connect() as conn:
            for row in conn.execute(
                select(AuditRow.__table__).order_by(AuditRow.__table__.c.id)
            ).mappings():
                values = {
                    "at": _iso(row["at"]),
                    "os_user": row["os_user"],
                    "action": row["action"],
                    "entity": row["entity"],
                    "entity_id": row["entity_id"],
                    "field_name": row["field_name"],
                    "old": row["old"],
                    "new": row["new"],
                }
                if row["prev_hash"] != prev:
                    problems.append(f"audit row {row['id']} does not follow the row before it")
                if _audit_hash(row["prev_hash"], values) != row["hash"]:
                    problems.append(f"audit row {row['id']} was changed after it was written")
                prev = row["hash"]
        return problems
