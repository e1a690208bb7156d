"""The store: one database file, its transactions, bulk line reads and the audit check."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, select, text
from sqlmodel import Session

from computescore.store.db import (
    OpenReport,
    database_errors,
    open_database,
    open_server_database,
)
from computescore.store.repository.base import AUDIT_GENESIS, _audit_hash, _iso, os_user
from computescore.store.repository.unit_of_work import UnitOfWork
from computescore.store.roles import Role, my_roles
from computescore.store.server import CHANGES_CHANNEL, announcement, is_server_url
from computescore.store.tables import (
    AuditRow,
    QuoteLineRow,
    QuoteRow,
    VendorRow,
)

WRITER_LOCK = 7_262_027
"""The advisory lock a writer holds on a server for the length of its transaction."""


class Store:
    """A ComputeScore database (a file, or a database on a PostgreSQL server), opened and migrated.

    ``path`` is the file (None on a server); ``location`` is what to show people.
    """

    def __init__(self, engine: Engine, report: OpenReport, url: str | None = None) -> None:
        self.engine = engine
        self.report = report
        self.path = report.path
        self.location = report.location or str(report.path)
        self.url = url
        on_sqlite = engine.dialect.name == "sqlite"
        self._writer = engine.execution_options(immediate=True) if on_sqlite else engine
        # A read on a server sees one snapshot however many queries it takes, as on SQLite.
        self._reader = (
            engine if on_sqlite else engine.execution_options(isolation_level="REPEATABLE READ")
        )

    def roles(self) -> tuple[Role, ...] | None:
        """The connected person's team roles; None when they may do everything (a file,
        or the server database's owner)."""
        if not self.on_server:
            return None
        with database_errors(self.path, self.url), self.engine.connect() as conn:
            return my_roles(conn)

    @property
    def on_server(self) -> bool:
        """True for a shared database on a PostgreSQL server."""
        return self.url is not None

    @classmethod
    def open(cls, target: Path | str, *, backup_dir: Path | None = None) -> Store:
        """Open (and if needed create and migrate) the database at ``target``.

        ``target`` is a file path, or a ``postgresql://`` URL of a database on a server.
        """
        if is_server_url(target):
            assert isinstance(target, str)
            engine, report = open_server_database(target)
            return cls(engine, report, target)
        engine, report = open_database(Path(target), backup_dir=backup_dir)
        return cls(engine, report)

    def close(self) -> None:
        """Release the file."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self, *, overwrite: bool = False) -> Iterator[UnitOfWork]:
        """A write transaction: everything inside commits together, or nothing does.

        An edit of a value someone else changed since it was read is refused
        (:class:`~computescore.errors.StaleEdit`) unless ``overwrite`` is set: the user
        saw both values and chose theirs.

        Writers take turns, on both engines: SQLite's ``BEGIN IMMEDIATE`` takes the
        file's write lock, and on a server a transaction-scoped advisory lock does the
        same, so that two people saving at once both land and the audit log's hash
        chain never forks.
        """
        with (
            database_errors(self.path, self.url),
            Session(self._writer, expire_on_commit=False) as s,
            s.begin(),
        ):
            if self.on_server:
                s.connection().exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITER_LOCK})")
            yield UnitOfWork(s, overwrite=overwrite)
            if self.on_server:
                # Delivered to the other app instances when this transaction commits.
                s.connection().execute(
                    text("SELECT pg_notify(:channel, :payload)"),
                    {"channel": CHANGES_CHANNEL, "payload": announcement(os_user())},
                )

    @contextmanager
    def reading(self) -> Iterator[UnitOfWork]:
        """A read-only view (a snapshot for the duration of the block)."""
        # Closing the session ends its read transaction; loaded objects stay readable.
        with (
            database_errors(self.path, self.url),
            Session(self._reader, expire_on_commit=False) as s,
        ):
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
        with database_errors(self.path, self.url), self.engine.connect() as conn:
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
