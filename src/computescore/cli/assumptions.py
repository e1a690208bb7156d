"""``computescore assumptions``: every TCO assumption of an evaluation, shown and set."""

from __future__ import annotations

import argparse

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    print_json,
    print_table,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``assumptions`` command with its ``show``, ``set`` and ``clear`` actions."""
    parser = sub.add_parser(
        "assumptions",
        help="show or set the evaluation's TCO assumptions (energy price, PUE, spot …)",
        description="Show every TCO assumption as the engine uses it, or set some: "
        "'computescore assumptions set pue=1.3 power_budget_kw=120'. 'clear KEY …' puts "
        "the defaults back. Values the engine would refuse change nothing.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    show = actions.add_parser("show", help="every assumption as the engine uses it")
    change = actions.add_parser("set", help="set assumptions: KEY=VALUE …")
    change.add_argument("values", nargs="+", metavar="KEY=VALUE")
    clear = actions.add_parser("clear", help="put assumptions back to their defaults: KEY …")
    clear.add_argument("values", nargs="+", metavar="KEY")
    for each in (parser, show, change, clear):
        add_db_argument(each)
        add_evaluation_argument(each)
        add_json_argument(each)
        each.set_defaults(func=run_assumptions)
    parser.set_defaults(action="show", values=[])


def run_assumptions(args: argparse.Namespace) -> int:
    """Show, set or clear assumptions."""
    from computescore.errors import UsageError
    from computescore.services.assumption_edits import (
        assumption_rows,
        parse_value,
        set_assumptions,
    )
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        if args.action in ("set", "clear"):
            if not args.values:
                raise UsageError(f"assumptions {args.action} needs at least one KEY.")
            if args.action == "set":
                pairs = {}
                for item in args.values:
                    key, sep, text = item.partition("=")
                    if not sep:
                        raise UsageError(f"{item!r}: write KEY=VALUE, e.g. pue=1.3.")
                    pairs[key.strip()] = parse_value(key.strip(), text)
                changes = set_assumptions(store, pairs, args.evaluation)
            else:
                changes = set_assumptions(
                    store, dict.fromkeys(args.values), args.evaluation, clear=True
                )
            if args.json:
                print_json([{"key": k, "old": old, "new": new} for k, old, new in changes])
                return 0
            for key, old, new in changes:
                shown = "the default" if new is None and args.action == "clear" else new
                print(f"{key}: {'the default' if old is None else old} → {shown}")
            if not changes:
                print("Nothing changed.")
            return 0
        rows = assumption_rows(store, args.evaluation)
    if args.json:
        print_json({row.key: row.value for row in rows})
        return 0
    print_table(
        ["Assumption", "Value", "Unit", "", "Meaning"],
        [
            [
                row.key,
                "—"
                if row.value is None
                else f"{row.value:g}"
                if isinstance(row.value, float)
                else str(row.value),
                row.unit,
                "set" if row.set_here else "default",
                row.label,
            ]
            for row in rows
        ],
        [False, True, False, False, False],
    )
    return 0
