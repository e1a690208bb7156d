"""Recently deleted: what is deleted is kept whole and comes back whole, across restarts."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from computescore.errors import InputRefused
from computescore.store.repository import Store
from tests.store.factories import evaluation, quote, vendor


@pytest.fixture
def store(db_target: Path | str) -> Store:
    s = Store.open(db_target)
    yield s
    s.close()


def test_a_deleted_quote_comes_back_whole_after_a_restart(
    store: Store, db_target: Path | str
) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        qid, _ = uow.add_quote(eid, quote())
        uow.add_quote(eid, quote(reference="HC-2", price="3.10"))
    with store.transaction() as uow:
        entry = uow.deleted.delete_quote(qid)
        assert [q.reference for q in uow.load_quotes(eid)] == ["HC-2"]
    store.close()

    reopened = Store.open(db_target)
    try:
        with reopened.reading() as uow:
            (listed,) = uow.deleted.entries()
        assert (listed.id, listed.kind, listed.evaluation) == (entry, "quote", "Pool 2027")
        assert listed.label == "Helios Cloud — HC-1 (revision 1)"
        with reopened.transaction() as uow:
            kind, new_id = uow.deleted.restore(entry)
        assert kind == "quote"
        with reopened.reading() as uow:
            restored = {q.reference: q for q in uow.load_quotes(eid)}
            assert uow.deleted.entries() == []
        # Every line and term is back, under a new id.
        assert restored["HC-1"] == replace(quote(), id=new_id)
        assert reopened.verify_audit_chain() == []
    finally:
        reopened.close()


def test_an_evaluation_comes_back_with_its_workloads_and_quotes(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote())
        uow.add_quote(eid, quote(vendor_name="Borealis", reference="B-7"))
        before = (uow.load_evaluation("Pool 2027"), uow.load_quotes(eid))
    with store.transaction() as uow:
        entry = uow.deleted.delete_evaluation("Pool 2027")
        assert uow.evaluation_names() == []
        (listed,) = uow.deleted.entries()
        assert listed.label == "Pool 2027 (2 quotes)"
    with store.transaction() as uow:
        _, new_eid = uow.deleted.restore(entry)
        after = (uow.load_evaluation("Pool 2027"), uow.load_quotes(new_eid))
    assert after[0] == replace(before[0], id=new_eid)
    assert [replace(q, id=None) for q in after[1]] == [replace(q, id=None) for q in before[1]]


def test_a_workload_and_a_vendor_come_back(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.upsert_vendor(vendor("Spare Vendor"))
        (workload_id,) = uow.workload_ids(eid)
    with store.transaction() as uow:
        w_entry = uow.deleted.delete_workload(workload_id)
        v_entry = uow.deleted.delete_vendor("Spare Vendor")
        assert uow.workload_ids(eid) == [] and [v.name for v in uow.vendors()] == []
    with store.transaction() as uow:
        uow.deleted.restore(w_entry)
        uow.deleted.restore(v_entry)
        assert uow.load_evaluation("Pool 2027").workloads == evaluation().workloads
        assert uow.vendors() == [vendor("Spare Vendor")]


def test_restoring_refuses_clearly_and_writes_nothing(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        qid, _ = uow.add_quote(eid, quote())
    with store.transaction() as uow:
        quote_entry = uow.deleted.delete_quote(qid)
        eval_entry = uow.deleted.delete_evaluation("Pool 2027")
    # The quote's evaluation is gone: it cannot be restored before it.
    with (
        pytest.raises(InputRefused, match="restore that evaluation first"),
        store.transaction() as uow,
    ):
        uow.deleted.restore(quote_entry)
    # A new evaluation of the same name blocks the old one's return.
    with store.transaction() as uow:
        uow.add_evaluation(evaluation())
    with pytest.raises(InputRefused, match="exists again"), store.transaction() as uow:
        uow.deleted.restore(eval_entry)
    with store.reading() as uow:
        assert len(uow.deleted.entries()) == 2


def test_emptying_the_list_forgets_for_good(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        qid, _ = uow.add_quote(eid, quote())
        uow.deleted.delete_quote(qid)
    with store.transaction() as uow:
        assert uow.deleted.empty() == 1
        assert uow.deleted.entries() == []


def test_a_workload_returns_to_its_evaluation_even_after_a_rename(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        (workload_id,) = uow.workload_ids(eid)
        entry = uow.deleted.delete_workload(workload_id)
        uow.set_evaluation_field(eid, "name", "Pool 2028")
    with store.transaction() as uow:
        uow.deleted.restore(entry)
        assert len(uow.workload_ids(eid)) == 1


def test_an_evaluation_made_after_a_deletion_is_not_taken_for_the_old_one(store: Store) -> None:
    with store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        qid, _ = uow.add_quote(eid, quote())
    with store.transaction() as uow:
        quote_entry = uow.deleted.delete_quote(qid)
        uow.deleted.delete_evaluation("Pool 2027")
    with store.transaction() as uow:
        new_id = uow.add_evaluation(evaluation("Another pool"))
    # SQLite hands the freed id out again; a server's sequence never does, and the
    # quote must be refused there too.
    assert new_id == eid or store.on_server
    with (
        pytest.raises(InputRefused, match="restore that evaluation first"),
        store.transaction() as uow,
    ):
        uow.deleted.restore(quote_entry)
