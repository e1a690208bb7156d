"""Command-line front: the same services the desktop app uses, for scripting and headless work.

Exit codes: 0 success, 2 usage error, 3 input refused (nothing written),
1 unexpected error (the message names the log file). Errors go to stderr as one
plain sentence.

Each area of the app adds its commands in its own module under
``computescore.cli``; a module exposes ``register(subparsers)`` and is listed
in :data:`COMMAND_MODULES`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from computescore import __version__
from computescore.cli.common import run_command

COMMAND_MODULES = (
    "computescore.cli.workspace",
    "computescore.cli.records",
    "computescore.cli.rates",
    "computescore.cli.importing",
    "computescore.cli.catalogue",
    "computescore.cli.gui_tools",
    "computescore.cli.compliance",
    "computescore.cli.engine",
    "computescore.cli.reporting",
    "computescore.cli.vendor_documents",
    "computescore.cli.team",
    "computescore.cli.committee",
    "computescore.cli.signoff",
    "computescore.cli.token_api",
    "computescore.cli.assumptions",
)


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors as one sentence and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        sys.stderr.write(f"computescore: {message}.\n")
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every command registered."""
    parser = _Parser(
        prog="computescore",
        description="Compare AI compute vendors on total cost, performance, reliability, "
        "service and compliance.",
    )
    parser.add_argument("--version", action="version", version=f"ComputeScore {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def _is_workspace_file(arg: str) -> bool:
    """True for an existing ``.computescore`` or ``.db`` file named on its own."""
    from pathlib import Path

    return (
        not arg.startswith("-")
        and Path(arg).suffix.lower() in (".computescore", ".db")
        and Path(arg).is_file()
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if len(args_list) == 1 and _is_workspace_file(args_list[0]):
        # Double-clicking a workspace file (file association) opens it in the app.
        args_list = ["gui", "--db", args_list[0]]
    parser = build_parser()
    args = parser.parse_args(args_list)
    if getattr(args, "func", None) is None:
        # No command: open the desktop app, as a double-click would.
        args = parser.parse_args(["gui", *args_list])
    return run_command(args)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
