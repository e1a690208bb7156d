"""Opening the database: engine, connection settings, migrations, backups and checks.

Every connection runs with foreign keys on, a WAL journal, ``synchronous=FULL``
(a committed board decision survives a power cut) and a busy timeout, so a second
instance of the app on the same file waits for the other's write instead of failing.
Before a migration changes an existing file it is copied with SQLite's online
backup API, which, unlike a file copy, includes what is still in the WAL.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.exc import DatabaseError as SqlDatabaseError
from sqlalchemy.exc import OperationalError

from computescore.errors import DatabaseError

log = logging.getLogger("computescore.store")
notice = logging.getLogger("computescore.notice")
"""Messages the user should see (the CLI prints them on stderr, the app in its status bar)."""

BUSY_TIMEOUT_MS = 5000
SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass(frozen=True, slots=True)
class OpenReport:
    """What happened when a database was opened: migrations applied and the backup taken.

    ``path`` is the file (None for a database on a server); ``location`` is what to
    show: the file's path, or the server URL without its password.
    """

    path: Path | None
    created: bool
    from_revision: str | None
    to_revision: str
    backup: Path | None
    location: str = ""


def _set_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # The driver's own implicit transactions are switched off so that _begin below
    # decides how each transaction starts.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
    finally:
        cursor.close()


def _begin(conn: Connection) -> None:
    # Writers take the write lock at BEGIN (IMMEDIATE), so two app instances never
    # both read the same state and then both write on top of it; readers do not.
    if conn.get_execution_options().get("immediate"):
        conn.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        conn.exec_driver_sql("BEGIN")


def make_engine(path: Path) -> Engine:
    """An engine on ``path`` whose every connection has the app's pragmas set.

    Use ``engine.execution_options(immediate=True)`` for connections that write.
    """
    engine = create_engine(
        f"sqlite:///{path}",
        connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False},
    )
    event.listen(engine, "connect", _set_pragmas)
    event.listen(engine, "begin", _begin)
    return engine


def migrations_dir() -> Path:
    """The folder holding the Alembic environment (shipped inside the package)."""
    return Path(str(resources.files("computescore.store.migrations")))


def alembic_config(engine: Engine | None = None) -> Config:
    """An Alembic configuration pointing at the shipped migrations."""
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    if engine is not None:
        cfg.set_main_option("sqlalchemy.url", str(engine.url))
    return cfg


def head_revision() -> str:
    """The newest migration's revision id."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at, or None for a new database."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def check_is_database(path: Path) -> None:
    """Refuse a file that exists but is not an SQLite database, before SQLite touches it."""
    if not path.exists() or path.stat().st_size == 0:
        return
    with path.open("rb") as handle:
        head = handle.read(len(SQLITE_MAGIC))
    if head != SQLITE_MAGIC:
        raise DatabaseError(f"{path} is not a ComputeScore database (not an SQLite file).")


def backup_database(source: Path, target: Path) -> Path:
    """Copy a live database with SQLite's online backup API and verify the copy.

    Returns ``target``. Raises :class:`DatabaseError` when the copy fails its
    integrity check.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(str(source), timeout=BUSY_TIMEOUT_MS / 1000)
    dst = sqlite3.connect(str(target))
    try:
        src.backup(dst, pages=256)
        verdict = dst.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        dst.close()
        src.close()
    if verdict != "ok":
        raise DatabaseError(f"The backup {target} failed its integrity check: {verdict}.")
    return target


def integrity_problems(engine: Engine, *, quick: bool = True) -> list[str]:
    """What SQLite's integrity and foreign-key checks report; empty when all is well.

    A server database checks its foreign keys on every write and its pages itself, so
    nothing is reported there.
    """
    problems: list[str] = []
    if engine.dialect.name != "sqlite":
        return problems
    with engine.connect() as conn:
        pragma = "quick_check" if quick else "integrity_check"
        rows = [row[0] for row in conn.exec_driver_sql(f"PRAGMA {pragma}")]
        if rows != ["ok"]:
            problems.extend(rows)
        for row in conn.exec_driver_sql("PRAGMA foreign_key_check"):
            problems.append(f"row {row[1]} of table {row[0]} points to a missing {row[2]}")
    return problems


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Apply migrations up to ``revision`` on ``engine``'s database."""
    cfg = alembic_config(engine)
    if engine.dialect.name != "sqlite":
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
        return
    with engine.execution_options(immediate=True).connect() as conn:
        raw = conn.connection.dbapi_connection
        assert raw is not None
        # Batch migrations rebuild tables; the pragma only works outside a transaction.
        raw.execute("PRAGMA foreign_keys=OFF")
        try:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
            if conn.in_transaction():
                conn.commit()
        finally:
            raw.execute("PRAGMA foreign_keys=ON")


def open_database(path: Path, *, backup_dir: Path | None = None) -> tuple[Engine, OpenReport]:
    """Open (creating if needed) the database at ``path`` and bring its schema up to date.

    An existing database that needs migrating is first backed up next to it (or in
    ``backup_dir``) with the online backup API. A damaged file or one that is not a
    database raises :class:`DatabaseError` with a plain message.
    """
    path = path.expanduser()
    check_is_database(path)
    created = not path.exists() or path.stat().st_size == 0
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"Cannot create the folder for {path}: {exc.strerror}.") from exc
    engine = make_engine(path)
    try:
        before = None if created else current_revision(engine)
        head = head_revision()
        backup: Path | None = None
        if before != head:
            if not created and before is not None:
                stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
                folder = backup_dir or path.parent
                backup = backup_database(path, folder / f"{path.stem}.{before}.{stamp}.bak")
                log.info("backed up %s to %s before migrating", path, backup)
                notice.warning(
                    "Upgraded %s to the current schema (%s → %s); the previous file was "
                    "backed up to %s.",
                    path,
                    before,
                    head,
                    backup,
                )
            upgrade(engine)
            problems = integrity_problems(engine, quick=True)
            if problems:
                raise DatabaseError(
                    f"{path} failed its checks after migrating: {problems[0]}."
                    + (f" The backup is {backup}." if backup else "")
                )
    except SqlDatabaseError as exc:
        engine.dispose()
        raise _plain_database_error(path, exc) from exc
    except Exception:
        engine.dispose()
        raise
    return engine, OpenReport(path, created, before, head, backup, str(path))


def open_server_database(url: str) -> tuple[Engine, OpenReport]:
    """Connect to the PostgreSQL database at ``url`` and bring its schema up to date.

    The database itself must exist (a server's administrator creates it); its tables
    are created by the first open. Unreachable servers, missing databases and roles
    without rights raise :class:`DatabaseError` with one sentence naming the URL
    without its password.
    """
    from computescore.store.server import make_server_engine, masked, plain_server_error

    engine = make_server_engine(url)
    try:
        before = current_revision(engine)
        head = head_revision()
        if before != head:
            if before is not None:
                notice.warning(
                    "Upgraded %s to the current schema (%s → %s).", masked(url), before, head
                )
            upgrade(engine)
        from computescore.store.roles import ensure_roles, roles_granted

        with engine.begin() as conn:
            # After a migration (new tables) or on a database whose rights were never
            # granted; not on every open.
            if before != head or not roles_granted(conn):
                ensure_roles(conn)
    except SqlDatabaseError as exc:
        engine.dispose()
        raise plain_server_error(url, exc) from exc
    except Exception:
        engine.dispose()
        raise
    return engine, OpenReport(None, before is None, before, head, None, masked(url))


def _plain_database_error(path: Path, exc: SqlDatabaseError) -> DatabaseError:
    message = str(exc.orig) if exc.orig is not None else str(exc)
    if "not a database" in message or "malformed" in message:
        return DatabaseError(f"{path} is damaged or is not a ComputeScore database ({message}).")
    if isinstance(exc, OperationalError) and "locked" in message:
        return DatabaseError(
            f"{path} is busy: another ComputeScore window or program is saving. Try again."
        )
    if isinstance(exc, OperationalError) and "unable to open" in message:
        return DatabaseError(f"Cannot open {path}: check the folder exists and is writable.")
    return DatabaseError(f"Cannot use {path}: {message}.")


@contextmanager
def database_errors(path: Path | None, url: str | None = None) -> Iterator[None]:
    """Turn database errors raised inside the block into plain :class:`DatabaseError` messages."""
    try:
        yield
    except SqlDatabaseError as exc:
        if url is not None:
            from computescore.store.server import plain_server_error

            raise plain_server_error(url, exc) from exc
        raise _plain_database_error(path or Path("database"), exc) from exc


def table_counts(engine: Engine) -> dict[str, int]:
    """Row count of every table (used to show an import changed nothing)."""
    if engine.dialect.name != "sqlite":
        from sqlalchemy import inspect

        with engine.connect() as conn:
            return {
                name: conn.execute(text(f'SELECT count(*) FROM "{name}"')).scalar_one()
                for name in sorted(inspect(conn).get_table_names())
            }
    with engine.connect() as conn:
        names = [
            row[0]
            for row in conn.execute(
                text(
                    "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
                )
            )
        ]
        return {
            name: conn.execute(text(f'SELECT count(*) FROM "{name}"')).scalar_one()
            for name in sorted(names)
        }
