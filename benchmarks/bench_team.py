"""Opening an evaluation on a team database against opening it from a file.

Builds a sample evaluation of 10,000 quote lines in an SQLite file, copies it to a
throw-away PostgreSQL server on this machine (``tests/fixtures/postgres.py``), and
times, on each, what the app does to show an evaluation: open the database and read
the window's snapshot (evaluation, quotes with their lines and terms, the quotes
table's rows). Prints the medians side by side and the ratio against the goal (a
local server within 2× the file).

    python benchmarks/bench_team.py [--lines 10000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

GOAL = 2.0


def open_and_read(target: str | Path) -> int:
    """What the window does to show an evaluation; returns the lines read."""
    from computescore.gui.workspace import read_snapshot
    from computescore.store.repository import Store

    with Store.open(target) as store:
        snapshot = read_snapshot(store)
    return len(snapshot.lines)


def median_seconds(target: str | Path, repeat: int) -> tuple[float, int]:
    times = []
    lines = 0
    for _ in range(repeat):
        started = time.perf_counter()
        lines = open_and_read(target)
        times.append(time.perf_counter() - started)
    return statistics.median(times), lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    from tests.fixtures.postgres import start_server
    from tests.fixtures.sample_workspace import build_sample

    from computescore.store.repository import Store
    from computescore.store.transfer import copy_workspace

    server = start_server()
    try:
        folder = Path(tempfile.mkdtemp(prefix="bench-team-"))
        per_quote = 250
        file = build_sample(
            folder / "team.db", quotes=max(1, args.lines // per_quote), lines_per_quote=per_quote
        )
        url = server.new_database("bench")
        with Store.open(file) as source, Store.open(url) as target:
            copied = copy_workspace(source, target)
        print(f"sample: {copied.rows['quote_line']:,} quote lines, copied to a local server")
        open_and_read(file)  # warm: imports, catalogue
        file_s, lines = median_seconds(file, args.repeat)
        server_s, server_lines = median_seconds(url, args.repeat)
        assert lines == server_lines
        ratio = server_s / file_s
        print(f"open the evaluation and read its {lines:,} shown lines, median of {args.repeat}:")
        print(f"  {'SQLite file (baseline)':<34}{file_s:>8.3f} s")
        print(f"  {'PostgreSQL, local server':<34}{server_s:>8.3f} s  ({ratio:.2f}×)")
        verdict = "met" if ratio <= GOAL else "MISSED"
        print(f"  {verdict}  server within {GOAL:g}× the file")
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
