"""Team roles are enforced by PostgreSQL itself: a database client can do no more than the app."""

from __future__ import annotations

import uuid

import psycopg
import pytest

from computescore.cli import main
from computescore.errors import DatabaseError
from computescore.services.demo import create_demo
from computescore.services.team import add_member, list_members, my_rights
from computescore.store.repository import Store
from computescore.store.roles import Role


def login(url: str, user: str) -> str:
    """The same database, connected as another user (the test server trusts local logins)."""
    rest = url.split("@", 1)[1]
    return f"postgresql://{user}@{rest}"


@pytest.fixture
def team_db(pg_url: str) -> str:
    with Store.open(pg_url) as store:  # the owner: creates the roles and their rights
        create_demo(store)
    return pg_url


def person(prefix: str) -> str:
    return f"{prefix}_{uuid.uuid4().hex[:8]}"


def test_an_evaluator_with_only_a_database_client_cannot_change_the_evaluation(
    team_db: str,
) -> None:
    eva = person("eva")
    with Store.open(team_db) as owner:
        assert owner.roles() is None  # the owner may do everything
        assert add_member(owner, eva, "evaluator") is True
    with psycopg.connect(login(team_db, eva), autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM quote").fetchone() == (9,)
        conn.execute(
            "INSERT INTO fx_rate (currency, usd_per_unit, as_of, source) "
            "VALUES ('GBP', '1.27', '2026-11-21', 'test')"
        )
        for statement in (
            "UPDATE evaluation SET weights = NULL",
            "DELETE FROM workload_profile",
            "INSERT INTO setting (key, value) VALUES ('x', '1')",
            "DELETE FROM audit_log",
            "UPDATE audit_log SET old = 'x'",
            "DROP TABLE quote",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)


def test_a_viewer_may_read_but_not_write(team_db: str) -> None:
    viewer = person("vic")
    with Store.open(team_db) as owner:
        add_member(owner, viewer, "viewer")
    with psycopg.connect(login(team_db, viewer), autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM vendor").fetchone() == (8,)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("DELETE FROM quote_line")


def test_a_lead_changes_the_evaluation_and_gives_roles(team_db: str) -> None:
    lead, newcomer = person("lee"), person("new")
    with Store.open(team_db) as owner:
        add_member(owner, lead, "lead")
        add_member(owner, newcomer, "viewer")
    with Store.open(login(team_db, lead)) as store:
        assert set(store.roles() or ()) >= {Role.LEAD}
        with store.transaction() as uow:
            row = uow.evaluation_row()
            assert row.id is not None
            uow.set_evaluation_field(row.id, "prepared_by", "The lead")
        assert add_member(store, newcomer, "evaluator") is False  # an existing login
        held = {m.name: m.roles for m in list_members(store)}
    assert Role.EVALUATOR in held[newcomer]
    assert held[lead] and Role.LEAD in held[lead]


def test_the_app_refuses_in_a_sentence_what_the_role_may_not_do(
    team_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    eva = person("eva")
    with Store.open(team_db) as owner:
        add_member(owner, eva, "evaluator")
    as_eva = login(team_db, eva)
    with Store.open(as_eva) as store:
        assert store.roles() == (Role.EVALUATOR,)
        assert my_rights(store).endswith(
            "you may: as evaluator, import and correct quotes, vendors, terms and exchange rates, "
            "and score the committee's criteria in their own name."
        )
        with (
            pytest.raises(DatabaseError, match="your database role may not do this"),
            store.transaction() as uow,
        ):
            row = uow.evaluation_row()
            assert row.id is not None
            uow.set_evaluation_field(row.id, "prepared_by", "Eva")
    assert main(["evaluation", "edit", "--set", "prepared_by=Eva", "--db", as_eva]) == 3
    assert "your database role may not do this" in capsys.readouterr().err
    assert main(["team", "add-user", person("x"), "--role", "lead", "--db", as_eva]) == 3


def test_rights_lost_on_a_database_are_granted_again_when_its_owner_opens_it(
    team_db: str,
) -> None:
    from computescore.store.roles import roles_granted

    with Store.open(team_db) as owner, owner.engine.begin() as conn:
        assert roles_granted(conn)
        conn.exec_driver_sql(f"REVOKE ALL ON evaluation FROM {Role.LEAD.group}")
        assert not roles_granted(conn)
    with Store.open(team_db) as owner, owner.engine.connect() as conn:
        assert roles_granted(conn)


def test_the_database_keeps_each_evaluator_to_their_own_scores_and_hides_blind_ones(
    team_db: str,
) -> None:
    from computescore.domain.committee import Criterion
    from computescore.domain.weights import Axis
    from computescore.services.committee import record_score, save_criterion, set_rules

    eva, bo = person("eva"), person("bo")
    with Store.open(team_db) as owner:
        add_member(owner, eva, "evaluator")
        add_member(owner, bo, "evaluator")
        save_criterion(owner, Criterion("Reference calls", Axis.SERVICE, 0.3))
        set_rules(owner, blind=True, disagreement_points=3)
        with owner.engine.connect() as conn:
            criterion, vendor = conn.exec_driver_sql(
                "SELECT c.id, v.id FROM criterion c, vendor v ORDER BY v.id LIMIT 1"
            ).one()
    with Store.open(login(team_db, bo)) as store:  # bo scores and submits through the app
        record_score(store, "Reference calls", "Brightline GPU Cloud, Inc.", 9, submit=True)
    insert = (
        "INSERT INTO criterion_score (criterion_id, vendor_id, evaluator, score, note, scored_at) "
        "VALUES (%s, %s, %s, %s, '', now()) RETURNING id"
    )
    with psycopg.connect(login(team_db, eva), autocommit=True) as conn:
        # Blind: bo's submitted score is hidden until eva submits her own.
        assert conn.execute("SELECT count(*) FROM criterion_score").fetchone() == (0,)
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            conn.execute(insert, (criterion, vendor, bo, 1.0))  # in someone else's name
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                "INSERT INTO consensus_score (criterion_id, vendor_id, score, reason, decided_by,"
                " decided_at) VALUES (%s, %s, 5, 'x', 'eva', now())",
                (criterion, vendor),
            )
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute(
                "INSERT INTO approval (evaluation_id, approver, approved_at, "
                "fingerprint, workload, note) VALUES (1, 'eva', now(), 'x', '', '')"
            )
        (mine,) = conn.execute(insert, (criterion, vendor, eva, 6.0)).fetchone() or (None,)
        assert conn.execute("SELECT count(*) FROM criterion_score").fetchone() == (1,)
        conn.execute("UPDATE criterion_score SET submitted_at = now() WHERE id = %s", (mine,))
        assert conn.execute("SELECT count(*) FROM criterion_score").fetchone() == (2,)
        # A submitted score stays as it was: the update finds no row it may change.
        changed = conn.execute("UPDATE criterion_score SET score = 10 WHERE id = %s", (mine,))
        assert changed.rowcount == 0
        assert (
            conn.execute(
                "UPDATE criterion_score SET score = 0 WHERE evaluator = %s", (bo,)
            ).rowcount
            == 0
        )


def test_only_an_approver_records_an_approval_not_the_lead_who_prepared_it(
    team_db: str,
) -> None:
    from computescore.services.analysis import AnalysisOptions
    from computescore.services.evaluate import EvaluateOptions
    from computescore.services.signoff import approve

    fast = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))
    lead, approver = person("lee"), person("amy")
    with Store.open(team_db) as owner:
        add_member(owner, lead, "lead")
        add_member(owner, approver, "approver")
    with (
        Store.open(login(team_db, lead)) as store,
        pytest.raises(DatabaseError, match="your database role may not do this"),
    ):
        approve(store, options=fast)
    with Store.open(login(team_db, approver)) as store:
        done = approve(store, note="board", options=fast)
    assert done.approver == approver
    # An approver reads every committee score, blind or not.
    from computescore.domain.committee import Criterion
    from computescore.domain.weights import Axis
    from computescore.services.committee import record_score, save_criterion, set_rules

    with Store.open(team_db) as owner:
        save_criterion(owner, Criterion("Roadmap fit", Axis.SERVICE, 0.2))
        set_rules(owner, blind=True, disagreement_points=3)
        record_score(
            owner, "Roadmap fit", "Brightline GPU Cloud, Inc.", 6, evaluator="x", submit=True
        )
    with psycopg.connect(login(team_db, approver), autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM criterion_score").fetchone() == (1,)
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE approval SET fingerprint = 'x'")
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            conn.execute("UPDATE evaluation SET weights = NULL")


def test_a_technical_evaluator_is_sealed_from_prices_until_a_lead_reveals_them(
    team_db: str,
) -> None:
    from computescore.domain.committee import Criterion
    from computescore.domain.weights import Axis
    from computescore.services.analysis import AnalysisOptions, analyse
    from computescore.services.committee import committee_view, record_score, save_criterion
    from computescore.services.evaluate import EvaluateOptions
    from computescore.services.team import reveal_prices

    tec, lead = person("tec"), person("lee")
    with Store.open(team_db) as owner:
        add_member(owner, tec, "technical")
        add_member(owner, lead, "lead")
        save_criterion(owner, Criterion("Support interview", Axis.SERVICE, 0.25))
    with psycopg.connect(login(team_db, tec), autocommit=True) as conn:
        assert conn.execute("SELECT count(description) FROM quote_line").fetchone() == (58,)
        for statement in (
            "SELECT price FROM quote_line",
            "SELECT * FROM quote_line",
            "SELECT import_warnings FROM quote",
            "SELECT termination_fee_pct FROM exit_terms",
            "SELECT payload FROM deleted_record",
            "SELECT new FROM audit_log",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                conn.execute(statement)
    as_tec = login(team_db, tec)
    with Store.open(as_tec) as store:
        assert my_rights(store).endswith("sealed from prices until a lead reveals them.")
        view = committee_view(store)
        assert len(view.vendors) == 8 and view.me == tec
        record_score(store, "Support interview", view.vendors[0], 6, submit=True)
        with pytest.raises(DatabaseError, match="your database role may not do this"):
            analyse(store, None, AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0)))
    with Store.open(login(team_db, lead)) as store:
        reveal_prices(store, tec)
    with Store.open(as_tec) as store:
        assert Role.EVALUATOR in (store.roles() or ())
        result = analyse(
            store, None, AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))
        )
        assert result.result.scorecard.ranked
    with psycopg.connect(team_db, autocommit=True) as conn:
        trail = conn.execute(
            "SELECT os_user, action, entity_id FROM audit_log WHERE action = 'reveal prices'"
        ).fetchall()
    assert [(action, who) for _, action, who in trail] == [("reveal prices", tec)]
