"""The store: round trips, exact money, constraints, audit trail, revisions."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.quotes import FxRate
from computescore.errors import InputRefused, NotFound
from computescore.store.repository import LINES_PER_INSERT, Store, name_key
from tests.fixtures.dump import dump_store
from tests.store.factories import evaluation, quote, vendor


@pytest.fixture
def store(db_target: Path | str) -> Store:
    """A new database on each engine."""
    s = Store.open(db_target)
    yield s
    s.close()


@pytest.fixture
def sqlite_store(db_path: Path) -> Store:
    """A new database file, for what only a file shows (storage classes, pragmas)."""
    s = Store.open(db_path)
    yield s
    s.close()


def test_every_table_round_trips(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.set_fx_rate(FxRate("EUR", Decimal("1.0850"), date(2026, 11, 20), "ECB"))
        qid, rev = uow.add_quote(eid, quote())
        uow.save_mapping_profile(uow.ensure_vendor(vendor()), {"Price/hr": "price"})
        uow.add_custom_accelerator("acme-x1", {"id": "acme-x1", "memory_gb": 96})
        uow.set_setting("export_control_posture", "enforced")
        uow.add_screening_list(
            "Synthetic list",
            date(2026, 11, 1),
            "list.csv",
            [{"name": "Fictional Trading Ltd", "alt_names": ["FT Ltd"], "country": "XX"}],
        )
    assert rev == 1
    with store.reading() as uow:
        loaded_eval = uow.load_evaluation("Pool 2027")
        assert loaded_eval == replace(evaluation(), id=loaded_eval.id)
        (loaded,) = uow.load_quotes(eid)
        assert loaded == replace(quote(), id=qid)
        assert uow.vendors() == [vendor()]
        assert uow.fx_rates() == (FxRate("EUR", Decimal("1.0850"), date(2026, 11, 20), "ECB"),)
        assert uow.mapping_profile("Helios Cloud") == {"Price/hr": "price"}
        assert uow.custom_accelerators() == [{"id": "acme-x1", "memory_gb": 96}]
        assert uow.get_setting("export_control_posture") == "enforced"
        [(lst, entries)] = uow.screening_lists()
        assert lst.name == "Synthetic list" and entries[0]["alt_names"] == ["FT Ltd"]


def test_money_is_stored_exactly_as_text(sqlite_store: Store, db_path: Path) -> None:
    store = sqlite_store
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote(price="2.1000000000000000888"))
    raw = sqlite3.connect(db_path)
    stored, kind = raw.execute(
        "SELECT price, typeof(price) FROM quote_line WHERE kind='compute'"
    ).fetchone()
    raw.close()
    assert (stored, kind) == ("2.1000000000000000888", "text")
    with store.reading() as uow:
        assert uow.load_quotes(eid)[0].lines[0].price == Decimal("2.1000000000000000888")


def test_line_columns_hold_plain_text_and_numbers(sqlite_store: Store, db_path: Path) -> None:
    store = sqlite_store
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote())
    raw = sqlite3.connect(db_path)
    rows = raw.execute(
        "SELECT kind, typeof(kind), category, price_unit, deployment, quantity, nodes, "
        "typeof(nodes) FROM quote_line ORDER BY line_no"
    ).fetchall()
    raw.close()
    expected = [
        (line.kind.value, line.category, line.price_unit.value, line.deployment, line.quantity)
        for line in quote().lines
    ]
    assert [(r[0], r[2], r[3], r[4], r[5]) for r in rows] == [
        (
            kind,
            None if category is None else category.value,
            unit,
            None if deployment is None else deployment.value,
            None if quantity is None else format(quantity, "f"),
        )
        for kind, category, unit, deployment, quantity in expected
    ]
    assert {r[1] for r in rows} == {"text"}
    assert {r[7] for r in rows} <= {"integer", "null"}


@pytest.mark.parametrize(
    "count", [LINES_PER_INSERT - 1, LINES_PER_INSERT, 2 * LINES_PER_INSERT + 7]
)
def test_many_lines_are_stored_in_order_whatever_their_number(store: Store, count: int) -> None:
    template = quote()
    lines = tuple(
        replace(template.lines[number % len(template.lines)], description=f"Line {number}")
        for number in range(count)
    )
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        qid, _ = uow.add_quote(eid, replace(template, lines=lines))
    with store.reading() as uow:
        (loaded,) = uow.load_quotes(eid)
    assert loaded == replace(template, id=qid, lines=lines)


def test_an_infinite_amount_is_refused_and_nothing_is_written(store: Store) -> None:
    with pytest.raises(ValueError, match="not a finite amount"), store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote(price="Infinity"))
    with store.reading() as uow:
        assert uow.evaluation_names() == []


@given(
    st.decimals(
        allow_nan=False,
        allow_infinity=False,
        places=6,
        min_value=Decimal("-1e12"),
        max_value=Decimal("1e12"),
    )
)
def test_any_price_round_trips_exactly(
    tmp_path_factory: pytest.TempPathFactory, price: Decimal
) -> None:
    path = tmp_path_factory.mktemp("money") / "m.db"
    with Store.open(path) as s:
        with s.transaction() as uow:
            eid = uow.add_evaluation(evaluation())
            uow.add_quote(eid, quote(price=str(price)))
        with s.reading() as uow:
            assert uow.load_quotes(eid)[0].lines[0].price == price


def test_foreign_keys_are_enforced(sqlite_store: Store, db_path: Path) -> None:
    store = sqlite_store
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    raw = sqlite3.connect(db_path)
    raw.execute("PRAGMA foreign_keys=ON")
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        raw.execute(
            "INSERT INTO quote (evaluation_id, vendor_id, reference, revision, "
            "source_file, created_at) VALUES (999, 999, 'x', 1, '', '2026-01-01')"
        )
    raw.close()


def test_deleting_a_quote_removes_its_lines_and_terms(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        qid, _ = uow.add_quote(eid, quote())
    with store.transaction() as uow:
        uow.delete_quote(qid)
    counts = {}
    with store.engine.connect() as conn:
        for table in (
            "quote_line",
            "sla_terms",
            "sla_credit",
            "support_terms",
            "support_response",
            "exit_terms",
            "reliability",
            "measured_performance",
        ):
            counts[table] = conn.exec_driver_sql(f"SELECT count(*) FROM {table}").scalar()
    assert set(counts.values()) == {0}


def test_reimport_becomes_a_new_revision_with_history(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote(price="2.87"))
    with store.transaction() as uow:
        _, rev = uow.add_quote(eid, quote(price="2.61"))
    assert rev == 2
    with store.reading() as uow:
        summaries = uow.quote_summaries(eid)
        assert [(s.revision, s.latest) for s in summaries] == [(1, False), (2, True)]
        (current,) = uow.load_quotes(eid)
        assert current.lines[0].price == Decimal("2.61")
        assert len(uow.load_quotes(eid, all_revisions=True)) == 2
    assert [r["price"] for r in store.line_rows(eid) if r["kind"] == "compute"] == [Decimal("2.61")]


def test_a_failed_transaction_writes_nothing(store: Store) -> None:
    with store.transaction() as uow:
        uow.add_evaluation(evaluation())
    before = _dump(store)
    with pytest.raises(InputRefused), store.transaction() as uow:
        eid = uow.evaluation_row("Pool 2027").id
        assert eid is not None
        uow.add_quote(eid, quote())
        uow.add_evaluation(evaluation())  # duplicate name: refused, everything rolls back
    assert _dump(store) == before


def test_audit_log_is_append_only_and_chained(sqlite_store: Store, db_path: Path) -> None:
    store = sqlite_store
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote())
        uow.set_evaluation_field(eid, "prepared_by", "Finance")
    assert store.verify_audit_chain() == []
    raw = sqlite3.connect(db_path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("UPDATE audit_log SET new='tampered' WHERE id=1")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("DELETE FROM audit_log")
    # Someone who drops the trigger can edit, but the hash chain shows it.
    raw.execute("DROP TRIGGER audit_log_no_update")
    raw.execute("UPDATE audit_log SET new='Finance & friends' WHERE field_name='prepared_by'")
    raw.commit()
    raw.close()
    problems = store.verify_audit_chain()
    assert any("was changed after it was written" in p for p in problems)


def test_audit_records_old_and_new_values_and_user(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.set_evaluation_field(eid, "prepared_by", "Finance")
    with store.engine.connect() as conn:
        row = conn.exec_driver_sql(
            "SELECT os_user, old, new FROM audit_log WHERE field_name='prepared_by'"
        ).one()
    assert row[1:] == ("Procurement", "Finance") and row[0]


def test_unknown_evaluation_names_the_known_ones(store: Store) -> None:
    with store.transaction() as uow:
        uow.add_evaluation(evaluation())
    with pytest.raises(NotFound, match="known: 'Pool 2027'"), store.reading() as uow:
        uow.load_evaluation("nope")
    with pytest.raises(NotFound, match="did you mean 'Pool 2027'"), store.reading() as uow:
        uow.load_evaluation("Pool 2072")


def test_lookalike_vendor_names_share_a_key() -> None:
    assert name_key("ＡＣＭＥ Ltd") == name_key("Acme Ltd")
    assert name_key("Acme\u200b Ltd\u00a0") == name_key("Acme Ltd")
    assert name_key("Acme\u202eLtd") == name_key("AcmeLtd")


def test_similar_vendor_is_reported(store: Store) -> None:
    with store.transaction() as uow:
        uow.upsert_vendor(vendor("Acme Ltd"))
        assert uow.similar_vendor("ＡＣＭＥ  ltd") == "Acme Ltd"
        assert uow.similar_vendor("Acme Ltd") is None


def _dump(store: Store) -> list[str]:
    return dump_store(store)


def test_deletes_are_audited_and_guarded(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote())
        uow.set_fx_rate(FxRate("EUR", Decimal("1.08"), date(2026, 11, 20)))
        uow.upsert_vendor(vendor("Spare Vendor"))
    with store.transaction() as uow:
        (workload_id,) = uow.workload_ids(eid)
        uow.delete_workload(workload_id)
        uow.delete_fx_rate("EUR", date(2026, 11, 20))
        uow.delete_vendor("Spare Vendor")
        assert uow.workload_ids(eid) == [] and uow.fx_rates() == ()
        assert [v.name for v in uow.vendors()] == ["Helios Cloud"]
    with pytest.raises(InputRefused, match="has 1 quote"), store.transaction() as uow:
        uow.delete_vendor("Helios Cloud")
    with store.engine.connect() as conn:
        actions = [
            r[0]
            for r in conn.exec_driver_sql(
                "SELECT entity FROM audit_log WHERE action='delete' ORDER BY id"
            )
        ]
    assert actions == ["workload_profile", "fx_rate", "vendor"]
    assert store.verify_audit_chain() == []
