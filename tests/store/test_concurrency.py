"""Two app instances on one database (a file, or a server): both writers' work survives,
nothing is corrupted, and the audit chain stays one chain."""

from __future__ import annotations

import multiprocessing as mp
from pathlib import Path

from computescore.store.db import integrity_problems
from computescore.store.repository import Store
from tests.store.factories import evaluation, quote


def _writer(path: str, prefix: str, count: int) -> None:
    with Store.open(path) as store:
        for index in range(count):
            with store.transaction() as uow:
                eid = uow.evaluation_row("Pool 2027").id
                assert eid is not None
                uow.add_quote(
                    eid, quote(vendor_name=f"{prefix} vendor", reference=f"{prefix}-{index}")
                )


def test_two_instances_writing_at_once_lose_nothing(db_target: Path | str) -> None:
    with Store.open(db_target) as store, store.transaction() as uow:
        uow.add_evaluation(evaluation())
    ctx = mp.get_context("spawn")
    workers = [ctx.Process(target=_writer, args=(str(db_target), name, 15)) for name in "AB"]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    with Store.open(db_target) as store:
        with store.reading() as uow:
            eid = uow.evaluation_row().id
            assert eid is not None
            refs = sorted(s.reference for s in uow.quote_summaries(eid))
        assert refs == sorted([f"A-{i}" for i in range(15)] + [f"B-{i}" for i in range(15)])
        assert integrity_problems(store.engine, quick=False) == []
        assert store.verify_audit_chain() == []


def test_a_reader_sees_a_consistent_snapshot_while_another_writes(db_target: Path | str) -> None:
    with Store.open(db_target) as first, first.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote(reference="R-1"))
    reader = Store.open(db_target)
    writer = Store.open(db_target)
    with reader.reading() as view:
        before = len(view.quote_summaries(eid))
        with writer.transaction() as uow:
            uow.add_quote(eid, quote(reference="R-2"))
        assert len(view.quote_summaries(eid)) == before  # snapshot unchanged mid-read
    with reader.reading() as view:
        assert len(view.quote_summaries(eid)) == before + 1
    reader.close()
    writer.close()
