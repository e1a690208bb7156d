"""Desktop-app tools for the command line: ``computescore screenshots``."""

from __future__ import annotations

import argparse
import os
import re

from computescore.errors import UsageError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``screenshots`` command."""
    shots = sub.add_parser(
        "screenshots",
        help="render each page of the desktop app to PNG (offscreen)",
        description="Open the database in the desktop app without showing it and save one "
        "PNG per page (Overview, Workloads, Vendors, Quotes, Scorecard, TCO, Compliance, "
        "Reports) plus the import wizard's steps.",
    )
    shots.add_argument("--db", metavar="PATH", required=True, help="database to show")
    shots.add_argument("--out", metavar="DIR", required=True, help="folder for the PNG files")
    shots.add_argument(
        "--size", metavar="WxH", default="1440x900", help="window size in pixels (1440x900)"
    )
    shots.add_argument(
        "--theme", choices=("light", "dark"), default="light", help="colour scheme (light)"
    )
    shots.add_argument(
        "--import-file", metavar="FILE", help="quote file for the import wizard's screens"
    )
    shots.set_defaults(func=run_screenshots)


def parse_size(text: str) -> tuple[int, int]:
    """``1440x900`` → (1440, 900); a usage error otherwise."""
    match = re.fullmatch(r"\s*(\d{3,5})\s*[x×]\s*(\d{3,5})\s*", text)
    if not match:
        raise UsageError(f"--size must look like 1440x900, not {text!r}.")
    width, height = int(match.group(1)), int(match.group(2))
    if not (640 <= width <= 7680 and 480 <= height <= 4320):
        raise UsageError("--size must be between 640x480 and 7680x4320.")
    return width, height


def run_screenshots(args: argparse.Namespace) -> int:
    """Render the screenshots and list the files written."""
    from pathlib import Path

    width, height = parse_size(args.size)
    if not Path(args.db).exists():
        raise UsageError(f"{args.db} does not exist.")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["COMPUTESCORE_THEME"] = args.theme

    from PySide6.QtCore import QSize

    from computescore.app import create_application
    from computescore.gui.errors import reporter
    from computescore.gui.screenshots import render_screenshots

    app = create_application()
    reporter().enabled_dialogs = False
    written = render_screenshots(
        args.db, args.out, size=QSize(width, height), import_file=args.import_file
    )
    for path in written:
        print(path)
    shown = reporter().shown
    if shown:
        print(f"Messages raised while rendering: {len(shown)}; first: {shown[0]}")
    app.processEvents()
    return 0
