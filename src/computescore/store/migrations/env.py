"""Alembic environment: migrations run on the connection the app hands over.

Batch mode ("move and copy") is used because SQLite cannot ALTER most things.
``store.db.upgrade`` switches foreign keys off around the run (tables are rebuilt)
and checks them afterwards.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection
from sqlmodel import SQLModel

import computescore.store.tables  # noqa: F401  (registers the tables on the metadata)

target_metadata = SQLModel.metadata


def run_migrations_online() -> None:
    """Run migrations on ``config.attributes['connection']``."""
    connection: Connection | None = context.config.attributes.get("connection")
    if connection is None:  # pragma: no cover - the app always passes a connection
        raise RuntimeError("migrations are run by the app, which passes a connection")
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


run_migrations_online()
