"""Who may do what on a team database, enforced by PostgreSQL itself.

Four group roles hold the rights; a person's login role is a member of one or more:

- **viewer** reads everything;
- **evaluator** also imports and corrects quotes, vendors, terms and exchange rates;
- **lead** also changes the evaluation itself — workloads, weights, knock-outs,
  scales, scenarios, settings — and manages the team (gives existing logins the
  viewer, evaluator or lead role; creating a login needs the server's CREATEROLE);
- **approver** reads everything and records approvals;
- **technical** (a technical evaluator) scores the committee's criteria *sealed from
  prices*: column privileges hide every price, total and money figure (quote lines'
  prices, exit fees, the import's totals, the recently deleted copies, the audit
  trail's old and new values), so the database itself keeps them from the person. A
  lead reveals the prices (:func:`reveal_prices`), which the audit trail records.

Scores of the committee's criteria are row-level secured: an evaluator writes only
rows in their own name, may change them only until they submit, and with blind
scoring reads others' scores only once they have submitted their own; a lead enters
and reads everyone's (an offline evaluator's workbook) and alone records consensus.

The rights are table and column privileges granted by the database, so a person with
only a database client (psql) can do no more than the app lets them. Everyone may
append to the audit log (every write appends a row) and no one may change or delete
it (a trigger refuses both, whoever asks). A file database has no roles: whoever can
open the file may do everything.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy import Connection, text

from computescore.errors import UsageError

log = logging.getLogger("computescore.store")


class Role(StrEnum):
    """A member's role on the team."""

    VIEWER = "viewer"
    EVALUATOR = "evaluator"
    LEAD = "lead"
    APPROVER = "approver"
    TECHNICAL = "technical"

    @property
    def group(self) -> str:
        """The PostgreSQL group role that holds this role's rights."""
        return f"computescore_{self.value}"


EVALUATOR_TABLES = (
    "vendor",
    "vendor_certification",
    "quote",
    "quote_line",
    "sla_terms",
    "sla_credit",
    "support_terms",
    "support_response",
    "reliability",
    "measured_performance",
    "exit_terms",
    "import_batch",
    "mapping_profile",
    "deleted_record",
    "fx_rate",
)
"""Tables an evaluator writes: the quotes and what hangs from them."""

COMMITTEE_POLICIES = (
    # A SECURITY DEFINER function reads the scores whatever the caller's policies say
    # (a policy that queried its own table would recurse).
    """CREATE OR REPLACE FUNCTION computescore_may_read_scores(criterion_of_row integer)
    RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $f$
        SELECT NOT e.blind_scoring OR EXISTS (
            SELECT 1 FROM criterion_score s JOIN criterion c2 ON c2.id = s.criterion_id
            WHERE c2.evaluation_id = e.id AND s.evaluator = session_user
              AND s.submitted_at IS NOT NULL)
        FROM criterion c JOIN evaluation e ON e.id = c.evaluation_id
        WHERE c.id = criterion_of_row
    $f$""",
    "ALTER TABLE criterion_score ENABLE ROW LEVEL SECURITY",
    "DROP POLICY IF EXISTS lead_all ON criterion_score",
    "CREATE POLICY lead_all ON criterion_score TO computescore_lead USING (true) WITH CHECK (true)",
    "DROP POLICY IF EXISTS approver_reads ON criterion_score",
    "CREATE POLICY approver_reads ON criterion_score FOR SELECT TO computescore_approver "
    "USING (true)",
    "DROP POLICY IF EXISTS read_scores ON criterion_score",
    "CREATE POLICY read_scores ON criterion_score FOR SELECT "
    "USING (evaluator = session_user OR computescore_may_read_scores(criterion_id))",
    "DROP POLICY IF EXISTS own_insert ON criterion_score",
    "CREATE POLICY own_insert ON criterion_score FOR INSERT "
    "TO computescore_evaluator, computescore_technical "
    "WITH CHECK (evaluator = session_user)",
    "DROP POLICY IF EXISTS own_draft ON criterion_score",
    "CREATE POLICY own_draft ON criterion_score FOR UPDATE "
    "TO computescore_evaluator, computescore_technical "
    "USING (evaluator = session_user AND submitted_at IS NULL) "
    "WITH CHECK (evaluator = session_user)",
)
"""Row-level security on the committee's scores (run by the owner, idempotent)."""

SEALED_COLUMNS = {
    "quote_line": ("price",),
    "quote": ("import_warnings",),
    "exit_terms": ("egress_usd_per_gb", "termination_fee_pct"),
    "audit_log": ("old", "new", "prev_hash"),
}
"""Columns a technical evaluator may not read: prices, and what would tell them."""

SEALED_TABLES = ("deleted_record",)
"""Tables a technical evaluator may not read at all (copies of deleted quotes)."""

PRICE_READERS = (Role.VIEWER, Role.EVALUATOR, Role.LEAD, Role.APPROVER)
"""The roles that see prices (every role but the sealed technical evaluator)."""

WHAT_EACH_MAY_DO = {
    Role.VIEWER: "read everything",
    Role.EVALUATOR: "import and correct quotes, vendors, terms and exchange rates, and "
    "score the committee's criteria in their own name",
    Role.LEAD: "everything an evaluator may, and change workloads, weights, knock-outs, "
    "scales, scenarios, settings and criteria, record consensus, and manage the team",
    Role.APPROVER: "read everything and approve the board pack",
    Role.TECHNICAL: "score the committee's criteria in their own name, sealed from prices "
    "until a lead reveals them",
}

_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


def effective(roles: tuple[Role, ...]) -> tuple[Role, ...]:
    """The roles worth naming: a lead is also an evaluator and a viewer, an evaluator a
    viewer; and whoever sees prices is not sealed (a lead holds the technical role only
    to give it to others)."""
    implied = set()
    if Role.LEAD in roles:
        implied |= {Role.EVALUATOR, Role.VIEWER}
    if Role.EVALUATOR in roles or Role.APPROVER in roles:
        implied.add(Role.VIEWER)
    if set(roles) & set(PRICE_READERS):
        implied.add(Role.TECHNICAL)
    return tuple(role for role in roles if role not in implied)


@dataclass(frozen=True, slots=True)
class Member:
    """A login role of the team and the roles it holds."""

    name: str
    roles: tuple[Role, ...]


def check_name(name: str) -> str:
    """A login name safe to write into SQL (lower-case letters, digits, underscores)."""
    if not _NAME.match(name):
        raise UsageError(
            f"{name!r} is not a usable database user name: lower-case letters, digits and "
            "underscores, starting with a letter, at most 63 characters."
        )
    return name


def roles_granted(conn: Connection) -> bool:
    """True when the team's group roles exist and hold their rights on this database."""
    groups = [role.group for role in Role]
    found = conn.execute(
        text("SELECT count(*) FROM pg_roles WHERE rolname = ANY(:groups)"), {"groups": groups}
    ).scalar()
    if found != len(groups):
        return False
    return bool(
        conn.execute(
            # Only the lead's own grant gives this (not its evaluator membership).
            text("SELECT has_table_privilege(:lead, 'evaluation', 'UPDATE')"),
            {"lead": Role.LEAD.group},
        ).scalar()
    )


def ensure_roles(conn: Connection) -> bool:
    """Create the group roles if missing and grant their rights on this database's tables.

    Idempotent; run by the database's owner after a migration, or when the rights were
    never granted on this database (:func:`roles_granted`). Returns False when
    the connected user may not do it (not the owner, no CREATEROLE): the rights stay
    as the owner last set them.
    """
    savepoint = conn.begin_nested()
    try:
        for role in Role:
            conn.execute(
                text(
                    "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = "
                    f"'{role.group}') THEN CREATE ROLE {role.group} NOLOGIN; END IF; END $$"
                )
            )
        tables = [
            row[0]
            for row in conn.execute(
                text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
            )
        ]
        readers = ", ".join(role.group for role in PRICE_READERS)
        for table in tables:
            conn.execute(text(f'GRANT SELECT ON "{table}" TO {readers}'))
            conn.execute(text(f'GRANT ALL ON "{table}" TO {Role.LEAD.group}'))
            _grant_sealed(conn, table)
        writers = ", ".join(
            r.group for r in (Role.EVALUATOR, Role.LEAD, Role.APPROVER, Role.TECHNICAL)
        )
        conn.execute(text(f"GRANT INSERT ON audit_log TO {writers}"))
        for table in EVALUATOR_TABLES:
            if table in tables:
                conn.execute(
                    text(f'GRANT INSERT, UPDATE, DELETE ON "{table}" TO {Role.EVALUATOR.group}')
                )
        if "criterion_score" in tables:
            scorers = f"{Role.EVALUATOR.group}, {Role.TECHNICAL.group}"
            conn.execute(text(f"GRANT INSERT, UPDATE ON criterion_score TO {scorers}"))
            conn.execute(text(f"GRANT INSERT ON approval TO {Role.APPROVER.group}"))
            # Whoever prepares the recommendation does not approve it.
            conn.execute(text(f"REVOKE INSERT, UPDATE, DELETE ON approval FROM {Role.LEAD.group}"))
            for statement in COMMITTEE_POLICIES:
                conn.execute(text(statement))
        conn.execute(text(f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {writers}"))
        conn.execute(text(f"GRANT {Role.EVALUATOR.group} TO {Role.LEAD.group}"))
    except Exception as exc:  # permission denied: not the owner
        savepoint.rollback()
        log.info("team roles were not updated (%s)", str(exc).splitlines()[0])
        return False
    savepoint.commit()
    return True


def _grant_sealed(conn: Connection, table: str) -> None:
    """What a technical evaluator may read of ``table``: all of it, some columns, or none."""
    group = Role.TECHNICAL.group
    # Revoking the table's privilege revokes its column privileges too: idempotent.
    conn.execute(text(f'REVOKE SELECT ON "{table}" FROM {group}'))
    if table in SEALED_TABLES:
        return
    hidden = SEALED_COLUMNS.get(table)
    if not hidden:
        conn.execute(text(f'GRANT SELECT ON "{table}" TO {group}'))
        return
    columns = [
        row[0]
        for row in conn.execute(
            text(
                "SELECT column_name FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name = :t ORDER BY 1"
            ),
            {"t": table},
        )
        if row[0] not in hidden
    ]
    listed = ", ".join(f'"{column}"' for column in columns)
    conn.execute(text(f'GRANT SELECT ({listed}) ON "{table}" TO {group}'))


def add_member(conn: Connection, name: str, role: Role) -> bool:
    """Give ``name`` the ``role`` (creating its login role, without a password, if new).

    Returns True when the login role was created. The password is set by the server's
    administrator or by the person (``\\password`` in psql), never by this app.
    """
    check_name(name)
    exists = conn.execute(text("SELECT 1 FROM pg_roles WHERE rolname = :n"), {"n": name}).first()
    if exists is None:
        conn.execute(text(f'CREATE ROLE "{name}" LOGIN'))
    if role is Role.LEAD:
        # A lead manages the team: it may give the viewer, evaluator and lead roles to
        # existing logins (creating a login also needs the server's CREATEROLE right).
        for group in (Role.VIEWER, Role.EVALUATOR, Role.LEAD, Role.TECHNICAL):
            conn.execute(text(f'GRANT {group.group} TO "{name}" WITH ADMIN OPTION'))
    else:
        conn.execute(text(f'GRANT {role.group} TO "{name}"'))
    return exists is None


def remove_member(conn: Connection, name: str, role: Role) -> None:
    """Take ``role`` away from ``name`` (the login role itself stays)."""
    check_name(name)
    conn.execute(text(f'REVOKE {role.group} FROM "{name}"'))


def sealed(roles: tuple[Role, ...] | None) -> bool:
    """True when the person holds only the technical role: prices are hidden from them."""
    return roles is not None and Role.TECHNICAL in roles and not set(roles) & set(PRICE_READERS)


def reveal_prices(conn: Connection, name: str) -> None:
    """Open the prices to a technical evaluator: they become an evaluator (the lead's act)."""
    check_name(name)
    conn.execute(text(f'GRANT {Role.EVALUATOR.group} TO "{name}"'))
    conn.execute(text(f'REVOKE {Role.TECHNICAL.group} FROM "{name}"'))


def members(conn: Connection) -> list[Member]:
    """Every login role holding one of the team's roles, with the roles it holds."""
    rows = conn.execute(
        text(
            "SELECT m.rolname, g.rolname FROM pg_auth_members a "
            "JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member "
            "WHERE g.rolname LIKE 'computescore\\_%' AND m.rolcanlogin ORDER BY 1, 2"
        )
    ).all()
    by_name: dict[str, list[Role]] = {}
    groups = {role.group: role for role in Role}
    for member, group in rows:
        if group in groups:
            by_name.setdefault(member, []).append(groups[group])
    return [Member(name, effective(tuple(roles))) for name, roles in by_name.items()]


def my_roles(conn: Connection) -> tuple[Role, ...] | None:
    """The roles of the connected user; None when it may do everything (owner, superuser)."""
    owner = conn.execute(
        text(
            "SELECT r.rolsuper OR d.datdba = r.oid FROM pg_roles r, pg_database d "
            "WHERE r.rolname = current_user AND d.datname = current_database()"
        )
    ).scalar()
    if owner:
        return None
    rows = conn.execute(
        text(
            "SELECT rolname FROM pg_roles WHERE rolname LIKE 'computescore\\_%' "
            "AND pg_has_role(current_user, oid, 'member')"
        )
    ).all()
    return tuple(role for role in Role if role.group in {row[0] for row in rows})
