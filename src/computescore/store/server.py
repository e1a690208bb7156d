"""A shared database on a PostgreSQL server: recognising its URL, connecting, migrating.

A team that outgrows one laptop points ``--db`` (File ▸ Open, ``COMPUTESCORE_DB``) at
``postgresql://user@host:5432/dbname`` instead of a file. The password is never part
of what we store or show: libpq finds it in ``PGPASSWORD`` or ``~/.pgpass`` (psycopg
uses libpq), and :func:`masked` hides one written into the URL. When neither holds it,
the app asks for it (:class:`PasswordNeeded`) and keeps the answer in this process's
memory only (:func:`remember_password`), never on disk. The same Alembic
migrations create and upgrade the schema on both engines; nothing is backed up by us
before a migration, since the server's own backups are the team's to run.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from collections.abc import Callable
from urllib.parse import urlsplit, urlunsplit

from sqlalchemy import Engine, create_engine
from sqlalchemy.exc import DatabaseError as SqlDatabaseError
from sqlalchemy.exc import OperationalError

from computescore.errors import DatabaseError

log = logging.getLogger("computescore.store")

SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")
"""How a server URL starts (anything else is a file path)."""

CHANGES_CHANNEL = "computescore_changes"
"""The channel every committed write is announced on (PostgreSQL NOTIFY)."""

INSTANCE = uuid.uuid4().hex
"""This process, so that it can tell its own announcements from others'."""


def is_server_url(target: object) -> bool:
    """True when ``target`` names a PostgreSQL database rather than a file."""
    return isinstance(target, str) and target.strip().lower().startswith(SCHEMES)


def masked(url: str) -> str:
    """The URL as shown to people and written to logs: a password becomes ``***``."""
    parts = urlsplit(url.strip())
    if parts.password is None:
        return url.strip()
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}{port}"))


def driver_url(url: str) -> str:
    """The SQLAlchemy URL for psycopg 3 (``postgresql+psycopg://…``)."""
    text = url.strip()
    for scheme in SCHEMES:
        if text.lower().startswith(scheme):
            return "postgresql+psycopg://" + text[len(scheme) :]
    raise DatabaseError(f"{masked(url)} is not a PostgreSQL URL (postgresql://user@host/db).")


class PasswordNeeded(DatabaseError):
    """The server asks for a password that PGPASSWORD and ~/.pgpass did not give (or a
    wrong one was typed): ask the person, :func:`remember_password`, and open again."""


_PASSWORDS: dict[str, str] = {}
"""Passwords typed in this session, by database (memory only, never written)."""


def _key(url: str) -> str:
    parts = urlsplit(url.strip())
    return f"{parts.username or ''}@{parts.hostname or ''}:{parts.port or 5432}{parts.path}"


def remember_password(url: str, password: str) -> None:
    """Use ``password`` for the database at ``url`` for the rest of this session."""
    _PASSWORDS[_key(url)] = password


def forget_password(url: str) -> None:
    """Drop a password typed for ``url`` (it was wrong)."""
    _PASSWORDS.pop(_key(url), None)


def _connect_args(url: str) -> dict[str, object]:
    args: dict[str, object] = {"connect_timeout": 10, "application_name": "ComputeScore"}
    typed = _PASSWORDS.get(_key(url))
    if typed is not None:
        args["password"] = typed
    return args


def make_server_engine(url: str) -> Engine:
    """An engine on the server database at ``url`` (connections checked before use)."""
    return create_engine(driver_url(url), pool_pre_ping=True, connect_args=_connect_args(url))


def plain_server_error(url: str, exc: SqlDatabaseError) -> DatabaseError:
    """A server error as one sentence that names the database (never its password)."""
    where = masked(url)
    message = str(exc.orig) if exc.orig is not None else str(exc)
    first = message.strip().splitlines()[0] if message.strip() else type(exc).__name__
    lowered = message.lower()
    if "no password supplied" in lowered or "password authentication failed" in lowered:
        forget_password(url)
        return PasswordNeeded(
            f"{where} asks for a password: type it when asked (it is kept only while the "
            "app runs), or put it in PGPASSWORD or ~/.pgpass."
            + (" The password given was not accepted." if "failed" in lowered else "")
        )
    if isinstance(exc, OperationalError) and (
        "connection" in message.lower() or "could not" in message.lower()
    ):
        return DatabaseError(
            f"Cannot reach the database server {where}: {first}. Check the host, port and "
            "database name, and that PGPASSWORD or ~/.pgpass holds the password."
        )
    if "permission denied" in message.lower():
        return DatabaseError(f"{where}: your database role may not do this ({first}).")
    if "row-level security" in message.lower():
        return DatabaseError(
            f"{where}: the database lets you change only your own scores, and only until "
            f"you submit them ({first})."
        )
    return DatabaseError(f"Cannot use {where}: {first}.")


def announcement(user: str) -> str:
    """The payload of a write's announcement: which app instance, which user."""
    return json.dumps({"instance": INSTANCE, "user": user})


def listen_for_changes(
    url: str, on_change: Callable[[str], None], stop: threading.Event, *, poll_s: float = 0.5
) -> None:
    """Call ``on_change(user)`` for every write another app instance commits, until ``stop``.

    Runs on its own connection (LISTEN needs one that stays open); meant for a
    background thread. Connection failures end the loop quietly (the app still works;
    it only stops noticing others' changes), and are logged.
    """
    import psycopg

    try:
        from psycopg.conninfo import make_conninfo

        typed = _PASSWORDS.get(_key(url))
        conninfo = make_conninfo(_libpq_url(url), password=typed) if typed else _libpq_url(url)
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f"LISTEN {CHANGES_CHANNEL}")
            while not stop.is_set():
                for note in conn.notifies(timeout=poll_s, stop_after=1):
                    try:
                        payload = json.loads(note.payload)
                    except ValueError:
                        continue
                    if payload.get("instance") != INSTANCE:
                        on_change(str(payload.get("user") or ""))
    except psycopg.Error as exc:
        log.warning("stopped listening for changes on %s: %s", masked(url), exc)


def _libpq_url(url: str) -> str:
    """The URL as libpq takes it (``postgresql://…``, without SQLAlchemy's driver name)."""
    return "postgresql://" + driver_url(url)[len("postgresql+psycopg://") :]
