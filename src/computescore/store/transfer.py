"""Copying a whole workspace between databases (a file and a server, either way).

Every table is copied row for row with its ids, parents before children, in one
transaction on the target, so the audit log arrives exactly as written and its hash
chain still verifies. The target must be empty (just created): copying into a
database that already holds evaluations would mix two histories. On a server the id
sequences are moved past the copied ids afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, insert, select, text
from sqlmodel import SQLModel

import computescore.store.tables  # noqa: F401  (registers the tables on the metadata)
from computescore.errors import InputRefused
from computescore.store.db import table_counts
from computescore.store.repository import Store

CHUNK = 5_000
"""Rows read and written at a time."""


@dataclass(frozen=True, slots=True)
class TransferReport:
    """What was copied: rows per table, and what the checks on the target found."""

    rows: dict[str, int]
    problems: tuple[str, ...]

    @property
    def total(self) -> int:
        return sum(self.rows.values())


def copy_workspace(source: Store, target: Store) -> TransferReport:
    """Copy every row of ``source`` into the empty ``target`` and check the copy.

    Raises:
        InputRefused: the target already holds data.
    """
    before = {k: v for k, v in table_counts(target.engine).items() if k != "alembic_version"}
    if any(before.values()):
        held = ", ".join(f"{name} ({count})" for name, count in before.items() if count)
        raise InputRefused(
            f"{target.location} is not empty ({held}); copy into a new, empty database."
        )
    copied: dict[str, int] = {}
    tables = SQLModel.metadata.sorted_tables
    with source.engine.connect() as reading, target.engine.begin() as writing:
        for table in tables:
            count = 0
            result = reading.execution_options(stream_results=True).execute(
                select(table).order_by(*table.primary_key.columns)
            )
            while rows := result.mappings().fetchmany(CHUNK):
                writing.execute(insert(table), [dict(row) for row in rows])
                count += len(rows)
            copied[table.name] = count
        if target.engine.dialect.name == "postgresql":
            for table in tables:
                if "id" not in table.columns or not copied.get(table.name):
                    continue
                top = writing.execute(select(func.max(table.c.id))).scalar_one()
                writing.execute(
                    text("SELECT setval(pg_get_serial_sequence(:table, 'id'), :top)"),
                    {"table": table.name, "top": top},
                )
    after = table_counts(target.engine)
    problems = [
        f"{name}: {copied[name]} rows copied but {after.get(name, 0)} found"
        for name in copied
        if after.get(name, 0) != copied[name]
    ]
    problems += target.verify_audit_chain()
    return TransferReport(copied, tuple(problems))
