"""The ``import`` command: vendor quote files into a workspace, all or nothing.

Exit 0 when imported (warnings are printed), 3 when refused: one sentence naming the
file and the reason on stderr, the problems listed, and the database exactly as it
was.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    print_json,
)
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import VendorKind


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``import`` command."""
    parser = sub.add_parser(
        "import",
        help="import vendor quote files (.xlsx, .xlsm, .ods, .csv, .tsv, text .pdf)",
        description="Read vendor quote spreadsheets, check every value, and store all their "
        "quotes in one step. A file that cannot be read safely, or any line with an error, "
        "refuses the whole import and leaves the database unchanged.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="quote files to import")
    add_db_argument(parser)
    add_evaluation_argument(parser, "the evaluation to add the quotes to")
    parser.add_argument(
        "--create-evaluation",
        action="store_true",
        help="create the evaluation named by --evaluation if it does not exist",
    )
    parser.add_argument(
        "--vendor",
        metavar="NAME",
        help="the vendor's name (default: the supplier named in the file)",
    )
    parser.add_argument(
        "--vendor-kind",
        choices=[k.value for k in VendorKind],
        help="kind of a vendor that is not in the workspace yet",
    )
    parser.add_argument("--sheet", metavar="NAME", help="read only this sheet")
    parser.add_argument(
        "--map",
        action="append",
        default=[],
        metavar="HEADER=field",
        help='map a column to a field, e.g. --map "Our price=price" '
        "(repeatable; field 'ignore' leaves a column out)",
    )
    marks = parser.add_mutually_exclusive_group()
    marks.add_argument(
        "--decimal-comma",
        action="store_const",
        const="comma",
        dest="mark",
        help="numbers are written 1.234,56",
    )
    marks.add_argument(
        "--decimal-point",
        action="store_const",
        const="point",
        dest="mark",
        help="numbers are written 1,234.56",
    )
    parser.add_argument(
        "--currency", metavar="CODE", help="currency of prices that state none (ISO code, e.g. EUR)"
    )
    parser.add_argument(
        "--encoding",
        metavar="NAME",
        help="text encoding of CSV files (e.g. cp1252) when not detected",
    )
    parser.add_argument(
        "--include-hidden",
        action="store_true",
        help="also import hidden rows and sheets (they are always reported)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="check the files and show what would be imported; write nothing",
    )
    add_json_argument(parser)
    parser.set_defaults(func=run_import)


@contextlib.contextmanager
def _scratch_if_new(args: argparse.Namespace) -> Iterator[str | None]:
    """The database to import into: a dry run into a file that does not exist yet runs
    against a scratch copy of an empty workspace, so that it writes nothing at all."""
    named = args.db or os.environ.get("COMPUTESCORE_DB")
    if not (args.dry_run and named and "://" not in str(named) and not Path(named).exists()):
        yield args.db
        return
    with tempfile.TemporaryDirectory(prefix="computescore-dry-run-") as folder:
        yield str(Path(folder) / Path(named).name)


def run_import(args: argparse.Namespace) -> int:
    """Import the files; returns the exit code (errors raise and become exit 3)."""
    from computescore.errors import InputRefused
    from computescore.services.import_read import DecimalMark
    from computescore.services.importing import import_files
    from computescore.services.problem_groups import group_problems
    from computescore.services.workspace import open_store
    from computescore.wording import plural

    with _scratch_if_new(args) as db, open_store(db) as store:
        try:
            report = import_files(
                store,
                args.files,
                evaluation=args.evaluation,
                create_evaluation=args.create_evaluation,
                vendor=args.vendor,
                vendor_kind=VendorKind(args.vendor_kind) if args.vendor_kind else None,
                sheet=args.sheet,
                overrides=args.map,
                dry_run=args.dry_run,
                include_hidden=args.include_hidden,
                decimal_mark=DecimalMark(args.mark) if args.mark else None,
                currency=args.currency,
                encoding=args.encoding,
            )
        except InputRefused as exc:  # problems in the files, or a file unreadable whole
            _tell_refusal(exc, as_json=args.json)
            raise
    if args.json:
        print_json(_report_json(report))
        return 0
    verb = "Would import" if report.dry_run else "Imported"
    if report.created_evaluation:
        made = "Would create" if report.dry_run else "Created"
        print(f"{made} the evaluation '{report.evaluation}' (the workspace had none).")
    for quote in report.quotes:
        revision = "" if quote.revision == 1 else f", revision {quote.revision}"
        print(
            f"{verb} {quote.source_file}: {quote.vendor} — {quote.reference}{revision}, "
            f"{len(quote.lines)} lines into '{report.evaluation}'."
        )
        for difference in quote.differences:
            print(f"  changed: {difference}")
    warnings = [p for p in report.problems if p.severity is not Severity.INFO]
    if warnings:
        groups = group_problems(warnings)
        shown = "" if len(groups) == len(warnings) else f" ({len(groups)} kinds)"
        print(f"{plural(len(warnings), 'warning')}{shown}:")
        for group in groups:
            print(f"  warning: {group.describe()}")
    for group in group_problems([p for p in report.problems if p.severity is Severity.INFO]):
        print(f"note: {group.describe()}")
    if report.dry_run:
        for line in decision_lines(report.drafts):
            print(line)
        print("Dry run: nothing was written.")
    return 0


_SOURCE_WORDS = {
    "header": "from its header",
    "content": "from its values",
    "profile": "from the vendor's saved mapping",
    "override": "as you mapped it",
}


def decision_lines(drafts: Any) -> list[str]:
    """How each file was read: the number style and what each column became, and why."""
    out: list[str] = []
    for draft in drafts:
        mark = draft.decimal_mark.value if draft.decimal_mark else "decided per cell"
        out.append(f"How {draft.path.name} was read: decimal mark {mark}.")
        for quote in draft.quotes:
            for mapping in quote.mappings:
                out.append(f"  Sheet '{mapping.sheet}', {mapping.header_place}:")
                for column in mapping.columns:
                    if column.field is None and not column.header:
                        continue
                    target = (
                        column.field.value.replace("_", " ") if column.field else "not imported"
                    )
                    why = column.reason or _SOURCE_WORDS.get(column.source.value, "")
                    header = f" '{column.header}'" if column.header else ""
                    out.append(f"    {mapping.column_place(column)}{header} → {target} ({why})")
    return out


def _problem(problem: Problem) -> dict[str, Any]:
    return {
        "source": problem.source,
        "severity": problem.severity.value,
        "message": problem.message,
        "found": problem.found,
        "expected": problem.expected,
    }


def _tell_refusal(exc: Exception, *, as_json: bool) -> None:
    """What a refused import prints before its error: the problems found (grouped, on
    stderr), or with --json the reason and every problem on stdout."""
    from computescore.services.importing import ImportRefused
    from computescore.services.problem_groups import group_problems

    problems = exc.problems if isinstance(exc, ImportRefused) else ()
    if as_json:
        reason = exc.message if isinstance(exc, ImportRefused) else str(exc)
        print_json(
            {"imported": False, "reason": reason, "problems": [_problem(p) for p in problems]}
        )
        return
    for group in group_problems(problems):
        sys.stderr.write(f"  {group.severity.value}: {group.describe()}\n")


def _report_json(report: Any) -> dict[str, Any]:
    lines = report.canonical_lines()
    quotes = []
    for quote in report.quotes:
        quotes.append(
            {
                "file": quote.source_file,
                "vendor": quote.vendor,
                "quote_ref": quote.reference,
                "revision": quote.revision,
                "quote_id": quote.quote_id,
                "new_vendor": quote.new_vendor,
                "differences": list(quote.differences),
                "lines": [
                    line
                    for line in lines
                    if line["vendor"] == quote.vendor
                    and line["quote_ref"] == quote.reference
                    and (line["source"] or "").startswith(quote.source_file)
                ],
            }
        )
    return {
        "imported": not report.dry_run,
        "columns": [
            {
                "file": draft.path.name,
                "sheet": mapping.sheet,
                "column": mapping.column_place(column),
                "header": column.header,
                "field": column.field.value if column.field else None,
                "decided_by": column.source.value,
                "reason": column.reason,
            }
            for draft in report.drafts
            for quote in draft.quotes
            for mapping in quote.mappings
            for column in mapping.columns
        ],
        "dry_run": report.dry_run,
        "evaluation": report.evaluation,
        "created_evaluation": report.created_evaluation,
        "files": list(report.files),
        "batch_id": report.batch_id,
        "quotes": quotes,
        "problems": [_problem(p) for p in report.problems],
    }
