"""A workspace copied to a server and back: every row, the audit chain, the same ranking."""

from __future__ import annotations

from pathlib import Path

import pytest

from computescore.cli import main
from computescore.errors import DatabaseError, InputRefused
from computescore.services.demo import create_demo
from computescore.store.repository import Store
from computescore.store.server import masked
from computescore.store.transfer import copy_workspace
from tests.fixtures.dump import dump_store
from tests.store.factories import evaluation


@pytest.fixture
def demo_file(tmp_path: Path) -> Path:
    path = tmp_path / "demo.db"
    with Store.open(path) as store:
        create_demo(store)
        with store.transaction() as uow:
            eid = uow.evaluation_row().id
            assert eid is not None
            uow.deleted.delete_quote(uow.quote_summaries(eid)[0].quote_id)
    return path


def test_a_workspace_goes_to_the_server_and_back_unchanged(
    demo_file: Path, pg_url: str, tmp_path: Path
) -> None:
    back = tmp_path / "back.db"
    with Store.open(demo_file) as source, Store.open(pg_url) as server:
        there = copy_workspace(source, server)
        assert there.problems == ()
        assert there.rows["quote_line"] > 40 and there.rows["deleted_record"] == 1
        with Store.open(back) as home:
            again = copy_workspace(server, home)
            assert again.problems == () and again.rows == there.rows
            assert dump_store(home) == dump_store(source)
        # New rows on the server take new ids after the copied ones.
        with server.reading() as uow:
            copied_id = uow.evaluation_row().id
        with server.transaction() as uow:
            new_id = uow.add_evaluation(evaluation("After the copy"))
        assert copied_id is not None and new_id > copied_id
        with server.reading() as uow:
            assert sorted(uow.evaluation_names()) == ["2027 AI capacity (demo)", "After the copy"]
        assert server.verify_audit_chain() == []


def test_the_same_evaluation_scores_the_same_on_both_engines(
    demo_file: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    assert main(["copy", "--from", str(demo_file), "--to", pg_url]) == 0
    assert "row counts and the audit chain check out" in capsys.readouterr().out
    scores = []
    for db in (str(demo_file), pg_url):
        assert main(["score", "--db", db, "--json"]) == 0
        result = json.loads(capsys.readouterr().out)
        scores.append((result["winner"], result["quotes"], result["monte_carlo"]))
    assert scores[0] == scores[1] and scores[0][1]


def test_copying_into_a_database_that_holds_data_is_refused(demo_file: Path, pg_url: str) -> None:
    with Store.open(pg_url) as server, server.transaction() as uow:
        uow.add_evaluation(evaluation())
    with Store.open(demo_file) as source, Store.open(pg_url) as server:
        before = dump_store(server)
        with pytest.raises(InputRefused, match="is not empty"):
            copy_workspace(source, server)
        assert dump_store(server) == before


def test_a_server_url_is_shown_without_its_password() -> None:
    assert masked("postgresql://ada:s3cret@db.example:5432/pool") == (
        "postgresql://ada:***@db.example:5432/pool"
    )
    assert masked("postgresql://ada@db.example/pool") == "postgresql://ada@db.example/pool"


def test_an_unreachable_server_is_one_sentence_without_the_password() -> None:
    with pytest.raises(DatabaseError) as refused:
        Store.open("postgresql://ada:s3cret@127.0.0.1:9/pool")
    message = str(refused.value)
    assert message.startswith("Cannot reach the database server postgresql://ada:***@127.0.0.1:9")
    assert "s3cret" not in message
    assert "PGPASSWORD or ~/.pgpass" in message


def test_a_decision_date_survives_the_trip(pg_url: str, tmp_path: Path) -> None:
    with Store.open(tmp_path / "a.db") as source:
        with source.transaction() as uow:
            uow.add_evaluation(evaluation())
        with Store.open(pg_url) as server:
            copy_workspace(source, server)
            with server.reading() as uow:
                assert uow.load_evaluation().decision_date == evaluation().decision_date
