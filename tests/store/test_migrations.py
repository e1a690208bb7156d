"""Migrations agree with the models, upgrade old files after a backup, refuse bad files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlmodel import SQLModel

import computescore.store.tables  # noqa: F401
from computescore.errors import DatabaseError
from computescore.store.db import (
    alembic_config,
    backup_database,
    current_revision,
    head_revision,
    integrity_problems,
    make_engine,
    upgrade,
)
from computescore.store.repository import Store
from tests.store.factories import evaluation, quote


def test_models_and_migrations_agree(db_target: Path | str) -> None:
    with Store.open(db_target) as store, store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, SQLModel.metadata) == []


def test_the_audit_log_is_append_only_on_both_engines(db_target: Path | str) -> None:
    with Store.open(db_target) as store:
        with store.transaction() as uow:
            uow.add_evaluation(evaluation())
        for statement in ("UPDATE audit_log SET old = 'x'", "DELETE FROM audit_log"):
            with pytest.raises(DatabaseError) as refused, store.transaction() as uow:
                uow.session.connection().exec_driver_sql(statement)
            assert "the audit log is append-only" in str(refused.value)
        assert store.verify_audit_chain() == []


def test_every_migration_goes_down_and_up_again(db_target: Path | str) -> None:
    with Store.open(db_target) as store:
        cfg = alembic_config(store.engine)
        with store.engine.begin() as conn:
            if store.engine.dialect.name == "sqlite":
                conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "base")
        assert current_revision(store.engine) is None
        upgrade(store.engine)
        assert current_revision(store.engine) == head_revision()


def test_new_database_is_at_head_with_foreign_keys_clean(db_path: Path) -> None:
    with Store.open(db_path) as store:
        assert store.report.created
        assert current_revision(store.engine) == head_revision()
        assert integrity_problems(store.engine, quick=False) == []


def test_database_from_the_first_release_is_backed_up_and_migrated(
    db_path: Path, tmp_path: Path
) -> None:
    # A file made by the first schema (revision 0001), with data in it.
    engine = make_engine(db_path)
    upgrade(engine, "0001")
    raw = sqlite3.connect(db_path)
    raw.execute(
        "INSERT INTO evaluation (name, description, decision_date, prepared_by, end_user,"
        " end_user_hq, created_at, updated_at) VALUES ('Legacy', '', '2026-01-05', '',"
        " '', '', '2026-01-05 10:00:00', '2026-01-05 10:00:00')"
    )
    raw.commit()
    raw.close()
    engine.dispose()

    backups = tmp_path / "backups"
    with Store.open(db_path, backup_dir=backups) as store:
        assert store.report.from_revision == "0001"
        assert store.report.to_revision == head_revision()
        assert store.report.backup is not None and store.report.backup.parent == backups
        with store.reading() as uow:
            assert uow.evaluation_names() == ["Legacy"]
        tables = set(store.engine.dialect.get_table_names(store.engine.connect()))
        assert {"screening_list", "screening_entry"} <= tables
    old = sqlite3.connect(store.report.backup)
    assert old.execute("SELECT version_num FROM alembic_version").fetchone() == ("0001",)
    assert old.execute("SELECT name FROM evaluation").fetchall() == [("Legacy",)]
    old.close()


def test_backup_includes_what_is_still_in_the_wal(db_path: Path, tmp_path: Path) -> None:
    store = Store.open(db_path)
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote())
    # The store is still open, so the commit sits in the -wal file, not yet in the .db.
    assert Path(f"{db_path}-wal").exists()
    target = backup_database(db_path, tmp_path / "copy.db")
    copy = sqlite3.connect(target)
    assert copy.execute("SELECT count(*) FROM quote_line").fetchone() == (2,)
    copy.close()
    store.close()


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database")
    with pytest.raises(DatabaseError, match="not a ComputeScore database"):
        Store.open(path)
    assert path.read_text() == "these are my notes, not a database"


def test_a_damaged_database_is_reported_plainly(db_path: Path) -> None:
    with Store.open(db_path) as store, store.transaction() as uow:
        uow.add_evaluation(evaluation())
    data = bytearray(db_path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # wreck the schema page, keep the header
    db_path.write_bytes(bytes(data))
    for suffix in ("-wal", "-shm"):
        Path(f"{db_path}{suffix}").unlink(missing_ok=True)
    with pytest.raises(DatabaseError, match="damaged"):
        Store.open(db_path)
