"""Workspace commands: open the app, create the demo, list evaluations and quote lines, copy."""

from __future__ import annotations

import argparse
import os
import sys
from decimal import Decimal
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
from computescore.errors import UsageError
from computescore.wording import clipped


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the workspace commands."""
    gui = sub.add_parser("gui", help="open the desktop app (the default with no command)")
    add_db_argument(gui)
    creates_database(gui)
    gui.add_argument(
        "--demo",
        action="store_true",
        help="open the demo workspace (created on first use); with no display, write the "
        "demo board report instead",
    )
    gui.set_defaults(func=run_gui)

    demo = sub.add_parser("demo", help="create the illustrative demo evaluation")
    add_db_argument(demo)
    creates_database(demo)
    add_json_argument(demo)
    demo.set_defaults(func=run_demo)

    evaluations = sub.add_parser("evaluations", help="list the evaluations in a database")
    add_db_argument(evaluations)
    add_json_argument(evaluations)
    evaluations.set_defaults(func=run_evaluations)

    quotes = sub.add_parser("quotes", help="list every current quote line")
    add_db_argument(quotes)
    add_evaluation_argument(quotes)
    quotes.add_argument(
        "--json", action="store_true", help="print a JSON list with the canonical field names"
    )
    quotes.set_defaults(func=run_quotes)

    copy = sub.add_parser(
        "copy",
        help="copy a whole workspace to a new database (a file or a PostgreSQL server)",
        description="Copy every evaluation with its history (quotes, revisions, audit log, "
        "recently deleted records) from one database to a new, empty one: a file to a team "
        "server (postgresql://user@host/db) or back, for working offline. The copy is "
        "checked: row counts, and the audit log's hash chain.",
    )
    copy.add_argument("--from", dest="source", required=True, help="the database to copy")
    copy.add_argument("--to", dest="target", required=True, help="the new, empty database")
    copy.set_defaults(func=run_copy)


def has_display() -> bool:
    """True when a window can be shown (always on Windows and macOS)."""
    if sys.platform in ("win32", "darwin"):
        return True
    if os.environ.get("QT_QPA_PLATFORM", "").startswith(("offscreen", "minimal")):
        return False
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run_gui(args: argparse.Namespace) -> int:
    """Open the desktop app on the database (with ``--demo``, on the demo workspace)."""
    db = args.db
    if args.demo:
        db = ensure_demo_workspace(db)
        if not has_display():
            return write_demo_reports(db)
    if not has_display():
        from computescore.errors import UsageError

        raise UsageError(
            "No display was found, so the app cannot open (neither DISPLAY nor WAYLAND_DISPLAY "
            "is set). Run it from a desktop session, use the command line (computescore "
            "--help), or try 'computescore gui --demo' to write the demo board pack instead."
        )
    from computescore.app import run_app

    result: int = run_app(db)
    return result


def ensure_demo_workspace(db: str | None) -> str:
    """The demo database path, creating the demo evaluation in it on first use."""
    from computescore.services.demo import DEMO_EVALUATION, create_demo
    from computescore.services.workspace import open_store
    from computescore.settings import app_paths

    path = db or str(app_paths().data_dir / "demo.db")
    with open_store(path) as store:
        with store.reading() as uow:
            present = DEMO_EVALUATION in uow.evaluation_names()
        if not present:
            report = create_demo(store)
            print(
                f"Created the demo workspace {path}: {report.vendors} vendors, "
                f"{report.quotes} quotes, {report.lines} lines (illustrative figures)."
            )
    return path


def write_demo_reports(db: str) -> int:
    """With no display: write the demo board pack (PDF and Excel) and say where."""
    from computescore.services.demo import DEMO_EVALUATION
    from computescore.services.reporting import export_reports, gather_board_pack
    from computescore.settings import app_paths

    folder = app_paths().export_dir
    folder.mkdir(parents=True, exist_ok=True)
    pdf, xlsx = folder / "ComputeScore demo board pack.pdf", folder / "ComputeScore demo.xlsx"
    export_reports(gather_board_pack(db, DEMO_EVALUATION), pdf=pdf, xlsx=xlsx)
    print("No display found, so the app was not opened. The demo board pack was written to:")
    print(f"  {pdf}\n  {xlsx}")
    return 0


def run_demo(args: argparse.Namespace) -> int:
    """Create the demo evaluation."""
    from computescore.services.demo import create_demo
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        report = create_demo(store)
        path = store.path
    if args.json:
        print_json(report)
    else:
        print(
            f"Created {report.evaluation!r} in {path}: {report.vendors} vendors, "
            f"{report.quotes} quotes, {report.lines} lines (illustrative figures)."
        )
    return 0


def run_evaluations(args: argparse.Namespace) -> int:
    """List evaluations with their quote counts."""
    from computescore.services.workspace import open_store

    with open_store(args.db) as store, store.reading() as uow:
        rows = []
        for name in uow.evaluation_names():
            ev = uow.evaluation_row(name)
            assert ev.id is not None
            latest = [s for s in uow.quote_summaries(ev.id) if s.latest]
            rows.append(
                {
                    "name": name,
                    "decision_date": ev.decision_date.isoformat(),
                    "quotes": len(latest),
                    "lines": sum(s.line_count for s in latest),
                }
            )
    if args.json:
        print_json(rows)
    else:
        print_table(
            ["Evaluation", "Decision date", "Quotes", "Lines"],
            [[r["name"], r["decision_date"], r["quotes"], r["lines"]] for r in rows],
            [False, False, True, True],
        )
    return 0


def _amount(value: object) -> str:
    """A count or quantity without trailing zeros, with thousands separators."""
    from decimal import Decimal

    if value in (None, ""):
        return ""
    return f"{Decimal(str(value)).normalize():,f}"


def run_quotes(args: argparse.Namespace) -> int:
    """Print every current quote line."""
    from computescore.domain.presentation import USD, presenting
    from computescore.services.presentation import presentation_in
    from computescore.services.workspace import canonical_lines, open_store

    with open_store(args.db) as store:
        lines = canonical_lines(store, args.evaluation)
        shown = presentation_in(store, args.evaluation) if lines else USD
    if args.json:
        print_json(lines)
        return 0
    with presenting(shown):
        _print_lines(lines)
    return 0


def _print_lines(lines: list[dict[str, Any]]) -> None:
    """The quote lines as a table; prices as quoted, the GPU-hour in the reporting currency."""
    from computescore.domain.figures import format_money
    from computescore.vocabulary import category_text, deployment_text, unit_text

    rows = [
        [
            r["vendor"],
            r["quote_ref"],
            r["kind"].capitalize(),
            _short(r["description"]),
            r["accelerator"] or category_text(r["category"] or ""),
            _count(r),
            deployment_text(r["deployment"]) if r["deployment"] else "",
            f"{r['term_months']} months" if r["term_months"] else "",
            r["region"] or r["country"] or "",
            f"{_quoted(Decimal(str(r['price'])))} {r['currency']}",
            unit_text(r["price_unit"]),
            "" if r["usd_per_gpu_hour"] is None else format_money(r["usd_per_gpu_hour"]),
        ]
        for r in lines
    ]
    print_table(
        [
            "Vendor",
            "Quote",
            "Kind",
            "Description",
            "Accelerator / category",
            "Count",
            "Deployment",
            "Term",
            "Region",
            "Price",
            "Unit",
            "Per GPU-hour",
        ],
        rows,
        [False, False, False, False, False, True, False, True, False, True, False, True],
    )
    if sys.stdout.isatty() and not os.environ.get("CI"):
        print(f"\n{len(lines)} lines")
    if any(r["nodes"] and r["accelerators_per_node"] for r in lines):
        print("Count: nodes × accelerators per node where the quote counts nodes")


def _quoted(amount: Decimal) -> str:
    """A price as quoted, without the zeros a file's number format added: "98.3200000000"
    is 98.32 and "0.04500" 0.045; two decimals always show (1,569.50, and 268,500.00 for
    a spreadsheet's 268500.0)."""
    if _places(amount) != 2:
        trimmed = amount.normalize()
        amount = trimmed if _places(trimmed) > 2 else amount.quantize(Decimal("0.01"))
    return f"{amount:,f}"


def _places(amount: Decimal) -> int:
    exponent = amount.as_tuple().exponent
    return -exponent if isinstance(exponent, int) else 0


def _short(text: str | None, width: int = 40) -> str:
    """A description cut to ``width`` characters, with an ellipsis where it was cut."""
    return clipped(text, width)


def _count(line: dict[str, Any]) -> str:
    """How many: ``4 × 8`` for four 8-GPU servers, else the accelerators or the quantity."""
    if line["nodes"] and line["accelerators_per_node"]:
        return f"{line['nodes']:,} × {line['accelerators_per_node']:,}"
    return _amount(line["accelerator_count"] or line["quantity"])


def run_copy(args: argparse.Namespace) -> int:
    """Copy a workspace and report what was copied and checked."""
    from computescore.errors import NotFound
    from computescore.store.repository import Store
    from computescore.store.server import is_server_url
    from computescore.store.transfer import copy_workspace

    if not is_server_url(args.source) and not Path(args.source).expanduser().is_file():
        raise NotFound(f"There is no database file {args.source} to copy.")
    if not is_server_url(args.target) and Path(args.target).expanduser().exists():
        raise UsageError(f"{args.target} exists; copy into a new file (or a server database).")
    with Store.open(args.source) as source, Store.open(args.target) as target:
        report = copy_workspace(source, target)
        where = f"{source.location} to {target.location}"
    if report.problems:
        for problem in report.problems:
            print(f"problem: {problem}", file=sys.stderr)
        return 1

    def count(table: str, one: str, many: str) -> str:
        n = report.rows.get(table, 0)
        return f"{n:,} {one if n == 1 else many}"

    print(
        f"Copied {report.total:,} rows from {where}: "
        f"{count('evaluation', 'evaluation', 'evaluations')}, "
        f"{count('quote', 'quote', 'quotes')}, "
        f"{count('audit_log', 'audit entry', 'audit entries')}; row counts and the audit "
        "chain check out."
    )
    return 0
