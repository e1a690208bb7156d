"""Shared plumbing for CLI commands: error handling, logging, JSON and table output."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from computescore.errors import UserError
from computescore.logging_setup import configure_logging

Handler = Callable[[argparse.Namespace], int]


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    """Add the common ``--db PATH`` option."""
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="database file (default: $COMPUTESCORE_DB, else the user data folder)",
    )


def run_command(args: argparse.Namespace) -> int:
    """Run the handler behind ``args.func`` and turn failures into exit codes."""
    log_file = configure_logging()
    notices = logging.getLogger("computescore.notice")
    if not any(getattr(h, "_cli_notice", False) for h in notices.handlers):
        stream = logging.StreamHandler(sys.stderr)
        stream.setFormatter(logging.Formatter("computescore: %(message)s"))
        stream._cli_notice = True  # type: ignore[attr-defined]
        notices.addHandler(stream)
    handler: Handler = args.func
    try:
        return handler(args)
    except UserError as exc:
        sys.stderr.write(f"computescore: {exc.message}\n")
        return exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("computescore: interrupted; nothing more was written.\n")
        return 130
    except Exception:
        logging.getLogger("computescore").exception("unexpected error in %s", args.command)
        sys.stderr.write(f"computescore: unexpected error; details were written to {log_file}.\n")
        return 1


def to_jsonable(value: Any) -> Any:
    """Records, decimals, dates and enums as plain JSON values (the one JSON contract)."""
    from computescore.services.json_contract import plain

    return plain(value)


def print_json(value: Any) -> None:
    """Print ``value`` as indented JSON on stdout."""
    json.dump(to_jsonable(value), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def print_table(
    headers: Sequence[str], rows: Iterable[Sequence[Any]], align_right: Sequence[bool] | None = None
) -> None:
    """Print a plain-text table with aligned columns."""
    text_rows = [["" if cell is None else str(cell) for cell in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in text_rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], len(cell))
    right = list(align_right or [False] * len(headers))

    def fmt(row: Sequence[str]) -> str:
        cells = [
            cell.rjust(widths[i]) if right[i] else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        ]
        return "  ".join(cells).rstrip()

    print(fmt(list(headers)))
    print("  ".join("-" * w for w in widths))
    for row in text_rows:
        print(fmt(row))
