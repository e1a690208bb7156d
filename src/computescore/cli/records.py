"""Entering, correcting and deleting records from the command line.

``evaluation create|edit|delete``, ``workload list|add|edit|remove``, ``vendor
list|edit|delete``, ``quote edit|delete`` and ``deleted list|restore|empty``: the
whole job can be done headless. Fields are given as ``--set FIELD=VALUE`` (or a
JSON file); a misspelt field or name is refused with the nearest valid ones.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    creates_database,
    print_json,
    print_table,
)


def _fields(parser: argparse.ArgumentParser, example: str) -> None:
    parser.add_argument(
        "--set",
        dest="assignments",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help=f"a field to set; repeat for more (e.g. --set {example})",
    )
    parser.add_argument(
        "--from-file",
        "--from-json",
        dest="from_file",
        type=Path,
        metavar="FILE",
        help="read the fields from a JSON object or a YAML mapping (.json, .yaml); the --set "
        "values override it",
    )


def _values(args: argparse.Namespace) -> dict[str, Any]:
    from computescore.services.fields import parse_assignments
    from computescore.services.records import read_values_file

    values: dict[str, Any] = {}
    if args.from_file is not None:
        values.update(read_values_file(args.from_file))
    values.update(parse_assignments(args.assignments))
    return values


def _finish(
    parsers: tuple[argparse.ArgumentParser, ...], handler: Any, *, evaluation: bool = True
) -> None:
    """The options every action of a record command shares, and its handler."""
    for parser in parsers:
        add_db_argument(parser)
        if evaluation:
            add_evaluation_argument(parser)
        add_json_argument(parser)
        parser.set_defaults(func=handler)


def _commands(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help_text: str
) -> argparse._SubParsersAction[argparse.ArgumentParser]:
    parser = sub.add_parser(name, help=help_text, description=help_text)
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    return actions


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the record commands."""
    _register_evaluation(sub)
    _register_workload(sub)
    _register_vendor(sub)
    _register_quote(sub)
    _register_deleted(sub)


def _register_evaluation(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    actions = _commands(sub, "evaluation", "create, edit or delete an evaluation")
    create = actions.add_parser("create", help="create an evaluation (and the database)")
    create.add_argument("name", help="the evaluation's name")
    create.add_argument("--decision-date", metavar="YYYY-MM-DD", help="default: today")
    create.add_argument("--end-user", default="", help="who the compute is for")
    create.add_argument("--end-user-hq", default="", metavar="CC", help="their headquarters")
    create.add_argument("--prepared-by", default="", help="who prepares the evaluation")
    create.add_argument("--description", default="")
    create.add_argument(
        "--currency",
        default="USD",
        metavar="CODE",
        help="the reporting currency every figure is shown in (default: USD)",
    )
    edit = actions.add_parser(
        "edit", help="change an evaluation's name, date, end user or reporting currency"
    )
    edit.add_argument("name", nargs="?", help="the evaluation (default: latest)")
    _fields(edit, "reporting_currency=EUR")
    drop = actions.add_parser("delete", help="move an evaluation to the recently deleted list")
    drop.add_argument("name", help="the evaluation")
    creates_database(create)
    _finish((create, edit, drop), run_evaluation, evaluation=False)


def _register_workload(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    actions = _commands(sub, "workload", "list, add, edit or remove an evaluation's workloads")
    listing = actions.add_parser("list", help="the evaluation's workloads")
    add = actions.add_parser("add", help="add a workload (--set name=… and its figures)")
    _fields(add, "name='Chat serving' --set tokens_per_day=2B")
    edit = actions.add_parser("edit", help="change a workload's fields")
    edit.add_argument("name", help="the workload")
    _fields(edit, "hours_per_day=20")
    remove = actions.add_parser("remove", help="move a workload to the recently deleted list")
    remove.add_argument("name", help="the workload")
    fields = actions.add_parser("fields", help="every workload field and what it expects")
    _finish((listing, add, edit, remove, fields), run_workload)


def _register_vendor(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    actions = _commands(sub, "vendor", "list, edit or delete vendors")
    listing = actions.add_parser("list", help="every vendor with its certifications")
    edit = actions.add_parser("edit", help="change a vendor's kind, headquarters or certificates")
    edit.add_argument("name", help="the vendor")
    _fields(edit, "hq_country=DE")
    edit.add_argument(
        "--add-cert",
        action="append",
        default=[],
        metavar="NAME[@TO|@FROM..TO]",
        help="add or replace a certification, e.g. 'ISO/IEC 27001@2027-12-31'",
    )
    edit.add_argument(
        "--remove-cert", action="append", default=[], metavar="NAME", help="remove one"
    )
    drop = actions.add_parser("delete", help="move a vendor with no quotes to recently deleted")
    drop.add_argument("name", help="the vendor")
    _finish((listing, edit, drop), run_vendor, evaluation=False)


def _register_quote(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    actions = _commands(sub, "quote", "correct a quote's lines or terms, or delete it")
    edit = actions.add_parser(
        "edit",
        help="correct one line (--line N --set country=DE) or the terms "
        "(--set sla.uptime_pct=99.9)",
        description="Correct a quote's latest revision. With --line N the fields are the "
        "line's (price, currency, price_unit, deployment, term_months, country, region, "
        "accelerator, nodes …); without it they are terms written GROUP.FIELD, e.g. "
        "sla.uptime_pct, sla.credits=99.9:10,99:25, support.response_minutes=1:30,2:120, "
        "reliability.annual_failure_rate, performance.mfu, exit.notice_days.",
    )
    edit.add_argument("reference", help="the quote's reference")
    edit.add_argument("--line", type=int, metavar="N", help="the line number (1 = first)")
    _fields(edit, "price=2.10")
    drop = actions.add_parser("delete", help="move a quote to the recently deleted list")
    drop.add_argument("reference", help="the quote's reference")
    drop.add_argument("--revision", type=int, help="one revision (default: the latest)")
    for parser in (edit, drop):
        parser.add_argument("--vendor", metavar="NAME", help="when several vendors share it")
    _finish((edit, drop), run_quote)


def _register_deleted(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    actions = _commands(sub, "deleted", "the recently deleted list: list, restore or empty it")
    listing = actions.add_parser("list", help="what was deleted, newest first")
    back = actions.add_parser("restore", help="put a deleted record back")
    back.add_argument("number", type=int, help="its number in the list")
    empty = actions.add_parser("empty", help="forget every deleted record for good")
    empty.add_argument("--yes", action="store_true", help="confirm (required)")
    _finish((listing, back, empty), run_deleted, evaluation=False)


# -- handlers ---------------------------------------------------------------------------------
def _say_changes(what: str, changes: list[Any], as_json: bool) -> None:
    if as_json:
        print_json({"changed": [{"field": c.field, "old": c.old, "new": c.new} for c in changes]})
    elif not changes:
        print(f"{what}: nothing changed.")
    else:
        print(f"{what}:")
        for change in changes:
            print(f"  {change.field}: {_show(change.old)} → {_show(change.new)}")


def _show(value: Any) -> str:
    """A changed value as a person writes it (credits as 99.9:10, responses as 1:30)."""
    import dataclasses

    if value is None or value == "":
        return "(none)"
    if hasattr(value, "value") and not isinstance(value, int | float):
        return str(value.value)
    if dataclasses.is_dataclass(value):
        return ":".join(_show(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, dict):
        return ", ".join(f"{k}:{_show(v)}" for k, v in value.items()) or "(none)"
    if isinstance(value, tuple):
        return ", ".join(str(getattr(v, "name", None) or _show(v)) for v in value) or "(none)"
    return str(value)


def _say_deleted(entry: Any, as_json: bool) -> None:
    if as_json:
        print_json(entry)
        return
    print(
        f"Deleted {entry.kind} {entry.label}. It is number {entry.id} in the recently deleted "
        f"list: 'computescore deleted restore {entry.id}' puts it back."
    )


def run_evaluation(args: argparse.Namespace) -> int:
    """Create, edit or delete an evaluation."""
    from computescore.services import records
    from computescore.services.workspace import open_store

    if args.action == "create":
        values = {
            "name": args.name,
            "end_user": args.end_user,
            "end_user_hq": args.end_user_hq.upper(),
            "prepared_by": args.prepared_by,
            "description": args.description,
            "reporting_currency": args.currency.upper(),
        }
        if args.decision_date:
            values["decision_date"] = args.decision_date
        with open_store(args.db) as store:
            evaluation = records.create_evaluation(store, values)
            path = store.path
        if args.json:
            print_json(evaluation)
        else:
            print(
                f"Created the evaluation {evaluation.name!r} (decision date "
                f"{evaluation.decision_date.isoformat()}) in {path}. Next: add a workload "
                "(computescore workload add --set name=…) and import quotes."
            )
        return 0
    with open_store(args.db) as store:
        if args.action == "edit":
            new, changes = records.edit_evaluation(store, args.name, _values(args))
            _say_changes(f"Evaluation {new.name!r}", changes, args.json)
        else:
            _say_deleted(records.delete_evaluation(store, args.name), args.json)
    return 0


def run_workload(args: argparse.Namespace) -> int:
    """List, add, edit or remove workloads."""
    from computescore.services import records
    from computescore.services.fields import expected, field_types
    from computescore.services.workspace import open_store

    if args.action == "fields":
        kinds = field_types(type(records.NEW_WORKLOAD))
        rows = [[name, expected(kind)] for name, kind in kinds.items()]
        if args.json:
            print_json(dict(rows))
        else:
            print_table(["Field", "Expected"], rows)
        return 0
    with open_store(args.db) as store:
        if args.action == "list":
            with store.reading() as uow:
                evaluation = uow.load_evaluation(
                    records.evaluation_named(uow, args.evaluation).name
                )
            _list_workloads(evaluation, args.json)
        elif args.action == "add":
            workload = records.add_workload(store, args.evaluation, _values(args))
            if args.json:
                print_json(workload)
            else:
                print(f"Added the workload {workload.name!r}.")
        elif args.action == "edit":
            new, changes = records.edit_workload(store, args.evaluation, args.name, _values(args))
            _say_changes(f"Workload {new.name!r}", changes, args.json)
        else:
            _say_deleted(records.remove_workload(store, args.evaluation, args.name), args.json)
    return 0


def _list_workloads(evaluation: Any, as_json: bool) -> None:
    if as_json:
        print_json(list(evaluation.workloads))
        return
    if not evaluation.workloads:
        print(
            f"{evaluation.name!r} has no workload yet: "
            "computescore workload add --set name=… adds one."
        )
        return
    print_table(
        ["Workload", "Purpose", "Class", "Accelerators", "Hours/day", "Months", "Country"],
        [
            [
                w.name,
                w.purpose.value,
                w.workload_class.value,
                w.accelerators,
                f"{w.hours_per_day:g}",
                w.horizon_months,
                w.country,
            ]
            for w in evaluation.workloads
        ],
        [False, False, False, True, True, True, False],
    )


def run_vendor(args: argparse.Namespace) -> int:
    """List, edit or delete vendors."""
    from computescore.services import records
    from computescore.services.workspace import open_store
    from computescore.vocabulary import VENDOR_KIND_WORDS

    with open_store(args.db) as store:
        if args.action == "list":
            with store.reading() as uow:
                vendors = uow.vendors()
            if args.json:
                print_json(vendors)
            else:
                print_table(
                    ["Vendor", "Kind", "HQ", "Certifications"],
                    [
                        [
                            v.name,
                            VENDOR_KIND_WORDS.get(v.kind.value, v.kind.value),
                            v.hq_country or "",
                            ", ".join(c.name for c in v.certifications),
                        ]
                        for v in vendors
                    ],
                )
        elif args.action == "edit":
            certs = [records.parse_certification(text) for text in args.add_cert]
            new, changes = records.edit_vendor(
                store,
                args.name,
                _values(args),
                add_certifications=certs,
                remove_certifications=args.remove_cert,
            )
            _say_changes(f"Vendor {new.name!r}", changes, args.json)
        else:
            _say_deleted(records.delete_vendor(store, args.name), args.json)
    return 0


def run_quote(args: argparse.Namespace) -> int:
    """Correct a quote's line or terms, or delete it."""
    from computescore.errors import UsageError
    from computescore.services import records
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        if args.action == "delete":
            entry = records.delete_quote(
                store, args.evaluation, args.reference, vendor=args.vendor, revision=args.revision
            )
            _say_deleted(entry, args.json)
            return 0
        values = _values(args)
        if not values:
            raise UsageError("quote edit needs at least one --set FIELD=VALUE.")
        if args.line is not None:
            _, changes = records.edit_line(
                store, args.evaluation, args.reference, args.line, values, vendor=args.vendor
            )
            _say_changes(f"Quote {args.reference!r}, line {args.line}", changes, args.json)
        else:
            _, changes = records.edit_terms(
                store, args.evaluation, args.reference, values, vendor=args.vendor
            )
            _say_changes(f"Quote {args.reference!r}, terms", changes, args.json)
    return 0


def run_deleted(args: argparse.Namespace) -> int:
    """List, restore or empty the recently deleted list."""
    from computescore.errors import UsageError
    from computescore.services import records
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        if args.action == "restore":
            entry = records.restore(store, args.number)
            print(f"Restored {entry.kind} {entry.label}.")
            return 0
        if args.action == "empty":
            if not args.yes:
                raise UsageError(
                    "emptying the recently deleted list cannot be undone; add --yes to confirm."
                )
            count = records.empty_deleted(store)
            print(f"Forgot {count} deleted record{'s' if count != 1 else ''} for good.")
            return 0
        entries = records.deleted_records(store)
    if args.json:
        print_json(entries)
    elif not entries:
        print("Nothing has been deleted (or the list was emptied).")
    else:
        print_table(
            ["No.", "What", "Record", "Evaluation", "Deleted", "By"],
            [
                [
                    e.id,
                    e.kind,
                    e.label,
                    e.evaluation,
                    e.deleted_at.astimezone().strftime("%Y-%m-%d %H:%M"),
                    e.deleted_by,
                ]
                for e in entries
            ],
            [True, False, False, False, False, False],
        )
    return 0
