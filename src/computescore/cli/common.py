"""Shared plumbing for CLI commands: error handling, logging, JSON and table output."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from datetime import date
from typing import Any

from computescore.errors import NotFound, UsageError, UserError
from computescore.logging_setup import configure_logging

Handler = Callable[[argparse.Namespace], int]


def add_evaluation_argument(parser: argparse.ArgumentParser, what: str = "the evaluation") -> None:
    """Add ``--evaluation NAME``, in the same words on every command."""
    parser.add_argument(
        "--evaluation", metavar="NAME", help=f"{what} (default: the one changed last)"
    )


def add_workload_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--workload NAME``, in the same words on every command."""
    parser.add_argument(
        "--workload", metavar="NAME", help="the workload profile (default: the first)"
    )


def add_json_argument(parser: argparse.ArgumentParser, what: str = "the result") -> None:
    """Add ``--json``: print ``what`` as JSON instead of a table or sentences."""
    parser.add_argument("--json", action="store_true", help=f"print {what} as JSON")


def add_db_argument(parser: argparse.ArgumentParser, *, inherited: bool = False) -> None:
    """Add the common ``--db PATH`` and ``--create`` options.

    ``inherited`` is for an action under a command that has them too
    (``fx set … --db PATH``): an option left out there keeps the command's value.
    """
    keep: dict[str, Any] = {"default": argparse.SUPPRESS} if inherited else {}
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="database file (default: $COMPUTESCORE_DB, else the user data folder)",
        **keep,
    )
    parser.add_argument(
        "--create",
        action="store_true",
        help="create the database file named by --db if it does not exist",
        **keep,
    )


def creates_database(parser: argparse.ArgumentParser) -> None:
    """Mark a command that makes a new database when ``--db`` names none (demo, create …)."""
    parser.set_defaults(creates_database=True)


def check_database_exists(args: argparse.Namespace) -> None:
    """Refuse a ``--db`` (or ``COMPUTESCORE_DB``) file that does not exist, unless asked to create.

    A mistyped path would otherwise become a new, empty database and the command
    would report "no evaluation" about a file the user never meant.
    """
    from pathlib import Path

    if not hasattr(args, "db"):
        return  # the command does not open a database (classify, estimate …)
    named = args.db or os.environ.get("COMPUTESCORE_DB")
    asked = ("create", "creates_database", "create_evaluation")
    if not named or any(getattr(args, flag, False) for flag in asked):
        return
    from computescore.store.server import is_server_url

    if is_server_url(named):
        return  # a server database is checked when it is opened
    path = Path(named).expanduser()
    if not path.exists():
        origin = "" if args.db else " (named by COMPUTESCORE_DB)"
        raise NotFound(
            f"There is no database file {path}{origin}. Check the path, or add --create to "
            "start a "
            "new one (computescore evaluation create NAME --db PATH creates one with its "
            "first evaluation)."
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
        check_database_exists(args)
        try:
            return handler(args)
        except UserError as exc:
            from computescore.services.workspace import PasswordNeeded

            if not isinstance(exc, PasswordNeeded) or not _ask_password(args):
                raise
            return handler(args)  # once more, with the password typed
    except BrokenPipeError:
        # The reader (``| head``) stopped early: end quietly, as command-line tools do.
        _silence_stdout()
        return 0
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


def _ask_password(args: argparse.Namespace) -> bool:
    """Ask for the team database's password at the terminal (kept in memory only)."""
    import getpass

    from computescore.services.workspace import masked, remember_password
    from computescore.settings import resolve_db_target

    if not sys.stdin.isatty():
        return False
    target = str(resolve_db_target(getattr(args, "db", None)))

    password = getpass.getpass(f"Password for {masked(target)}: ")
    if not password:
        return False
    remember_password(target, password)
    return True


def _silence_stdout() -> None:
    """Point stdout at the null device so the interpreter's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


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


def option_date(option: str, text: str) -> date:
    """An option's ``YYYY-MM-DD`` value as a date; a usage error naming the option otherwise."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"{option} {text!r} is not a date: expected YYYY-MM-DD.") from None
