"""A team database's members and roles (see :mod:`computescore.store.roles`)."""

from __future__ import annotations

from computescore.store import roles as team_roles
from computescore.store.db import database_errors
from computescore.store.repository import Store
from computescore.store.roles import WHAT_EACH_MAY_DO, Member, Role, effective


def add_member(store: Store, name: str, role: str) -> bool:
    """Give a person a role; True when their login was created."""
    # The grant and its audit row commit together, or neither does.
    with store.transaction() as uow:
        created = team_roles.add_member(uow.session.connection(), name, Role(role))
        uow.audit("grant", "team", name, "role", None, role)
    return created


def remove_member(store: Store, name: str, role: str) -> None:
    """Take a role away from a person."""
    with store.transaction() as uow:
        team_roles.remove_member(uow.session.connection(), name, Role(role))
        uow.audit("revoke", "team", name, "role", role, None)


def reveal_prices(store: Store, name: str) -> None:
    """Open the prices to a technical evaluator (they become an evaluator), on the record."""
    with store.transaction() as uow:
        team_roles.reveal_prices(uow.session.connection(), name)
        uow.audit("reveal prices", "team", name, "role", Role.TECHNICAL.value, Role.EVALUATOR.value)


def list_members(store: Store) -> list[Member]:
    """Everyone with a team role."""
    with database_errors(store.path, store.url), store.engine.connect() as conn:
        return team_roles.members(conn)


def my_rights(store: Store) -> str:
    """What the connected person may do, in a sentence."""
    held = store.roles()
    if held is None:
        return f"You own {store.location}: you may do everything, and manage the team."
    if not held:
        return f"You have no team role on {store.location}: ask a lead to give you one."
    rights = "; ".join(f"as {r.value}, {WHAT_EACH_MAY_DO[r]}" for r in effective(held))
    return f"On {store.location} you may: {rights}."
