"""The ``report`` command: write the board pack as PDF and/or Excel workbook."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    add_workload_argument,
    print_json,
)
from computescore.errors import UsageError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``report`` command."""
    report = sub.add_parser(
        "report",
        help="write the board pack (PDF) and the workbook (Excel) for an evaluation",
        description="Write the board pack as a PDF and/or an Excel workbook. Each file is "
        "written to a temporary file and renamed, so a failed run leaves any previous "
        "report untouched.",
    )
    add_db_argument(report)
    add_evaluation_argument(report)
    add_workload_argument(report)
    report.add_argument("--pdf", metavar="FILE", type=Path, help="write the PDF board pack here")
    report.add_argument("--xlsx", metavar="FILE", type=Path, help="write the workbook here")
    report.add_argument(
        "--paper", choices=("a4", "letter"), default="a4", help="PDF paper size (default a4)"
    )
    report.add_argument("--prepared-by", metavar="TEXT", help="name on the cover")
    report.add_argument(
        "--marking",
        metavar="TEXT",
        default="Confidential",
        help="confidentiality marking on every page (default: Confidential)",
    )
    report.add_argument(
        "--no-compliance",
        action="store_true",
        help="skip the compliance checks (the pack then says they were not run)",
    )
    add_json_argument(report, "what was written")
    report.set_defaults(func=run_report)


def run_report(args: argparse.Namespace) -> int:
    """Gather the pack, render the requested files and write them atomically."""
    from computescore.services.analysis import AnalysisOptions, analyse_db
    from computescore.services.evaluate import EvaluateOptions
    from computescore.services.reporting import check_writable, export_reports

    if args.pdf is None and args.xlsx is None:
        raise UsageError("Say where to write the report: --pdf FILE, --xlsx FILE or both.")
    for target in (args.pdf, args.xlsx):
        if target is not None:
            check_writable(target)
    options = AnalysisOptions(
        engine=EvaluateOptions(workload=args.workload),
        run_compliance=not args.no_compliance,
        prepared_by=args.prepared_by,
        confidentiality=args.marking,
        plan=True,
    )
    pack = analyse_db(args.db, args.evaluation, options).pack
    if pack.caveat:
        # Before writing: the pack carries the same warning on its first page.
        print(f"warning: {pack.caveat}", file=sys.stderr)
    written = export_reports(pack, pdf=args.pdf, xlsx=args.xlsx, paper=args.paper)
    if args.json:
        print_json(
            [
                {
                    "path": str(item.path),
                    "kind": item.kind,
                    "size_bytes": item.size_bytes,
                    "fingerprint": item.fingerprint,
                }
                for item in written
            ]
        )
        return 0
    for item in written:
        print(f"Wrote {item.path} ({item.size_bytes:,} bytes).")
    if written:
        print(f"Fingerprint of the inputs (SHA-256): {written[0].fingerprint}")
    return 0
