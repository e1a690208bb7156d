"""``computescore team``: who is on a team database and what each may do."""

from __future__ import annotations

import argparse

from computescore.cli.common import add_db_argument, add_json_argument, print_json, print_table
from computescore.errors import UsageError

ROLE_NAMES = ["viewer", "evaluator", "lead", "approver", "technical"]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``team`` command and its actions."""
    team = sub.add_parser(
        "team",
        help="a team database's members and their roles (viewer, evaluator, lead, approver)",
        description="On a team database (postgresql://…), list who may do what, or give a "
        "person a role. The database enforces the roles: a viewer reads, an evaluator also "
        "imports and corrects quotes, a lead also changes workloads, weights, knock-outs and "
        "scenarios and manages the team, an approver approves the board pack, and a "
        "technical evaluator scores the committee's criteria sealed from prices until a lead "
        "reveals them. Passwords are "
        "set on the server (psql's \\password), never through this app.",
    )
    add_db_argument(team)
    add_json_argument(team)
    actions = team.add_subparsers(dest="action", metavar="ACTION")
    add = actions.add_parser("add-user", help="give a person a role (creating their login)")
    add.add_argument("name", help="the person's database user name, e.g. ada_roe")
    add.add_argument("--role", required=True, choices=ROLE_NAMES)
    remove = actions.add_parser("remove-user", help="take a role away from a person")
    remove.add_argument("name")
    remove.add_argument("--role", required=True, choices=ROLE_NAMES)
    reveal = actions.add_parser(
        "reveal",
        help="open the prices to a technical evaluator (recorded in the audit trail)",
    )
    reveal.add_argument("name", help="the technical evaluator's database user name")
    listing = actions.add_parser("list", help="list the members (the same as team with no action)")
    whoami = actions.add_parser("whoami", help="say what you may do on this database")
    for action in (add, remove, reveal, listing, whoami):
        add_db_argument(action, inherited=True)
    team.set_defaults(func=run_team)


def run_team(args: argparse.Namespace) -> int:
    """Change or list the team."""
    from computescore.services.team import (
        add_member,
        list_members,
        my_rights,
        remove_member,
        reveal_prices,
    )
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        if not store.on_server:
            raise UsageError(
                "Teams live on a PostgreSQL server: open one with --db postgresql://…; a "
                "database file has no roles (whoever opens it may do everything)."
            )
        if args.action == "add-user":
            created = add_member(store, args.name, args.role)
            made = " (a new login, without a password yet)" if created else ""
            print(f"{args.name}{made} is now {args.role} on {store.location}.")
        elif args.action == "reveal":
            reveal_prices(store, args.name)
            print(f"{args.name} now sees the prices (recorded in the audit trail).")
        elif args.action == "remove-user":
            remove_member(store, args.name, args.role)
            print(f"{args.name} is no longer {args.role} on {store.location}.")
        elif args.action == "whoami":
            print(my_rights(store))
            return 0
        members = list_members(store)
    if args.json:
        print_json([{"name": m.name, "roles": [r.value for r in m.roles]} for m in members])
        return 0
    if not members:
        print("No one has a team role yet: computescore team add-user NAME --role evaluator.")
        return 0
    print_table(
        ["Member", "Roles"],
        [[m.name, ", ".join(r.value for r in m.roles)] for m in members],
    )
    return 0
