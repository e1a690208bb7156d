"""Import speed and memory: a generated 100,000-line price list through the whole import.

Two shapes of the same price list are measured:

* the *wide* list, 20 columns (line, SKU, description, GPU, the node's specification,
  counts, billing, term, price, currency, region, zone, validity, commitment, notes),
  the shape of a cloud vendor's price list and of the 100,000 × 20 sheet the import
  goals were set against;
* the *narrow* list, the same lines in 11 columns (no specification columns).

For each shape it prints, side by side in one run:

* reading the .xlsx with python-calamine alone (open, build the sheet, rows to Python);
* our full import of the same file (checks, isolated parse, table finding, mapping,
  value parsing, validation and storing in a fresh workspace), and its parts;
* the full import of the same price list as .csv;
* peak memory of this process and of the reader process;
* how long the hostile files take to be refused.

The import's modules are loaded once before timing (the app loads them at start-up)
and the time that takes is printed on its own. Every step is measured ``--repeat``
times, back to back within each round so that calamine alone and the import see the
same machine load; medians are printed, and each .xlsx ratio is the median of the
per-round ratios.

It also imports a 1,000,000-line .csv (the instances list's lines repeated, 81 MB), which
a stated limit refuses (``ReadLimits``: the file's size, else its rows), and times it.

Goals: .xlsx import within 2× calamine alone, under 1 GB; a 1,000,000-line .csv imported,
or refused by a stated limit, in under 15 s. The 100,000-line .csv import is printed
beside them, and told when it is slower than the .xlsx import of the same lines.

Run: ``python benchmarks/bench_import.py [--lines N] [--repeat N] [--shape wide|narrow]``
"""

from __future__ import annotations

import argparse
import csv
import gc
import multiprocessing
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import psutil

ACCELERATORS = ["H100 SXM", "H200 SXM", "A100 80GB", "L40S", "MI300X", "Gaudi 3", "B200"]
BILLING = [("On-demand", ""), ("Reserved", "12 months"), ("Reserved", "36 months"), ("Spot", "")]
REGIONS = ["us-east-1", "us-west-2", "eu-central-1", "eu-west-1", "ap-northeast-1"]
WIDE = [
    "Line",
    "SKU",
    "Description",
    "GPU SKU",
    "GPU memory (GB)",
    "vCPUs",
    "System RAM (GB)",
    "Local NVMe (TB)",
    "Network (Gbps)",
    "GPUs per node",
    "Nodes",
    "Billing",
    "Term",
    "Price per GPU-hour",
    "Currency",
    "Region",
    "Availability zone",
    "Valid until",
    "Minimum commitment",
    "Notes",
]
SPECIFICATION = {
    "SKU",
    "GPU memory (GB)",
    "vCPUs",
    "System RAM (GB)",
    "Local NVMe (TB)",
    "Network (Gbps)",
    "Availability zone",
    "Valid until",
    "Minimum commitment",
}
NARROW = [name for name in WIDE if name not in SPECIFICATION]
INSTANCES = [
    "Instance type",
    "GPU",
    "GPUs per instance",
    "vCPUs",
    "Memory (GiB)",
    "Region",
    "Pricing model",
    "Price per hour (USD)",
    "Network (Gbps)",
    "Local storage",
]
"""A hyperscaler's price-list export: instance names, repeated specifications, ten columns."""
SHAPES = {"wide": WIDE, "narrow": NARROW, "instances": INSTANCES}
INSTANCE_TYPES = [
    ("p5.48xlarge", "H100 SXM", 8, 192, 2048),
    ("p5e.48xlarge", "H200 SXM", 8, 192, 2048),
    ("p4d.24xlarge", "A100 40GB", 8, 96, 1152),
    ("g6e.12xlarge", "L40S", 4, 48, 384),
    ("g6e.48xlarge", "L40S", 8, 192, 1536),
]
PRICING = ["On-Demand", "1yr Reserved", "3yr Reserved", "Spot"]
MEMORY_GB = {
    "H100 SXM": 80,
    "H200 SXM": 141,
    "A100 80GB": 80,
    "L40S": 48,
    "MI300X": 192,
    "Gaudi 3": 128,
    "B200": 192,
}


def price_rows(count: int, header: list[str], seed: int = 7) -> list[list[Any]]:
    """A vendor price list: one line per configuration, region and billing model.

    The narrow list holds the same lines as the wide one, without its specification
    columns.
    """
    rng = random.Random(seed)
    rows = []
    for number in range(1, count + 1):
        accelerator = rng.choice(ACCELERATORS)
        billing, term = rng.choice(BILLING)
        region = rng.choice(REGIONS)
        line = {
            "Line": number,
            "SKU": f"SKU-{number:06d}",
            "Description": f"{accelerator} cluster option {number}",
            "GPU SKU": accelerator,
            "GPU memory (GB)": MEMORY_GB[accelerator],
            "vCPUs": rng.choice([96, 128, 192, 224]),
            "System RAM (GB)": rng.choice([1024, 2048]),
            "Local NVMe (TB)": rng.choice([15.36, 30.72]),
            "Network (Gbps)": rng.choice([400, 800, 3200]),
            "GPUs per node": 8,
            "Nodes": rng.randint(1, 64),
            "Billing": billing,
            "Term": term,
            "Price per GPU-hour": round(rng.uniform(0.5, 6.0), 2),
            "Currency": "USD",
            "Region": region,
            "Availability zone": region + rng.choice("abc"),
            "Valid until": "2027-03-31",
            "Minimum commitment": "1 node",
            "Notes": "",
        }
        instance, gpu, per_instance, vcpus, memory = INSTANCE_TYPES[number % len(INSTANCE_TYPES)]
        line |= {
            "Instance type": instance,
            "GPU": gpu,
            "GPUs per instance": per_instance,
            "vCPUs": vcpus,
            "Memory (GiB)": memory,
            "Pricing model": rng.choice(PRICING),
            "Price per hour (USD)": round(rng.uniform(5.0, 100.0), 2),
            "Local storage": "8 x 3.84 TB NVMe SSD",
        }
        rows.append([line[name] for name in header])
    return rows


def write_xlsx(path: Path, header: list[str], rows: list[list[Any]]) -> None:
    import openpyxl

    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet("Price list")
    sheet.append(["Acme GPU Cloud — price list (generated)"])
    sheet.append([])
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    book.save(path)


def write_csv(path: Path, header: list[str], rows: list[list[Any]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


def children_cpu_s() -> float:
    """CPU seconds used by finished child processes (0 where the OS does not say)."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(action: Callable[[], Any], cpu: list[float] | None = None) -> tuple[float, Any]:
    """Wall seconds of one call and its result; appends CPU seconds (this process and
    its reader process) to ``cpu`` when given."""
    gc.collect()
    start, cpu_start, children_start = time.perf_counter(), time.process_time(), children_cpu_s()
    result = action()
    seconds = time.perf_counter() - start
    if cpu is not None:
        cpu.append(time.process_time() - cpu_start + children_cpu_s() - children_start)
    return seconds, result


def calamine_alone(path: Path) -> int:
    import python_calamine

    with python_calamine.CalamineWorkbook.from_path(str(path)) as book:
        rows = book.get_sheet_by_name("Price list").to_python(skip_empty_area=False)
    return len(rows)


def import_into(store: Any, path: Path) -> int:
    """The import the app runs on its open workspace: read, map, parse, validate, store."""
    from computescore.services.importing import import_files

    report = import_files(
        store,
        [path],
        evaluation="Benchmark",
        create_evaluation=True,
        vendor="Acme GPU Cloud",
        today=date(2026, 11, 22),
    )
    return report.line_count


def full_import(
    path: Path, db: Path, cpu: list[float], workspace: list[float]
) -> tuple[float, int]:
    """Seconds and lines of one import into a new workspace.

    Creating the workspace file and closing it (which folds SQLite's write-ahead log
    into the file) are not part of the import and are timed apart, in ``workspace``.
    """
    from computescore.store.repository import Store

    start = time.perf_counter()
    store = Store.open(db)
    opened = time.perf_counter() - start
    try:
        seconds, count = timed(lambda: import_into(store, path), cpu)
    finally:
        start = time.perf_counter()
        store.close()
        workspace.append(opened + time.perf_counter() - start)
    return seconds, count


def read_only(path: Path) -> int:
    from computescore.io.reader import read_quote_file
    from computescore.services.catalogue import load_catalogue

    draft = read_quote_file(path, load_catalogue(), vendor="Acme GPU Cloud")
    return len(draft.lines)


class ReaderPeak:
    """Largest resident memory of this process's child processes while active (a thread polls).

    ``RUSAGE_CHILDREN`` cannot be used: a spawned child starts as a fork of this
    process, so its recorded peak includes this process's memory at that moment.
    """

    def __init__(self, interval_s: float = 0.02) -> None:
        self.interval_s = interval_s
        self.peak_bytes = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._poll, daemon=True)

    def _poll(self) -> None:
        watched: dict[int, psutil.Process] = {}
        while not self._stop.wait(self.interval_s):
            # active_children() knows the reader processes without scanning every process
            # on the machine, so polling costs the measured import next to nothing.
            for child in multiprocessing.active_children():
                if child.pid is None:
                    continue
                try:
                    process = watched.setdefault(child.pid, psutil.Process(child.pid))
                    self.peak_bytes = max(self.peak_bytes, process.memory_info().rss)
                except psutil.Error:
                    continue

    def __enter__(self) -> ReaderPeak:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    @property
    def peak_mb(self) -> float:
        return self.peak_bytes / (1 << 20)


def self_peak_mb() -> float:
    try:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 1024 if sys.platform != "darwin" else peak / (1 << 20)
    except ImportError:
        return psutil.Process().memory_info().peak_wset / (1 << 20)  # type: ignore[attr-defined]


PDF_QUOTE = (
    Path(__file__).resolve().parents[1]
    / "tests"
    / "io"
    / "pdf_quotes"
    / "files"
    / "oem_purchase_three_pages.pdf"
)
"""A benign PDF quote, read in the same run as the hostile ones for comparison."""


def hostile_timings(folder: Path) -> list[tuple[str, float, str]]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.fixtures import hostile, hostile_pdf

    from computescore.io.isolated import read_file
    from computescore.io.refusal import FileRefused

    cases = [
        ("7 MB zip bomb", hostile.big_bomb(folder)),
        ("0.5 MB / 500 MiB ratio bomb", hostile.ratio_bomb(folder)),
        ("billion laughs (sheet)", hostile.billion_laughs_sheet(folder)),
        ("far-corner cell", hostile.far_corner(folder)),
        ("1,048,576-row sheet", hostile.million_rows(folder)),
        ("PDF: 64 MiB Flate bomb", hostile_pdf.flate_bomb_pdf(folder)),
        ("PDF: JavaScript on open", hostile_pdf.javascript_pdf(folder)),
        ("PDF: arrays 50,000 deep", hostile_pdf.deep_nesting_pdf(folder)),
        ("PDF: page tree of 1,000,000", hostile_pdf.million_pages_pdf(folder)),
        ("PDF: scan without text", hostile_pdf.blank_scan_pdf(folder)),
        ("baseline: 3-page PDF quote", PDF_QUOTE),
    ]
    results = []
    for name, path in cases:
        start = time.perf_counter()
        try:
            book = read_file(path)
            outcome = f"read: {len(book.sheets)} pages" if path == PDF_QUOTE else "read (!)"
        except FileRefused as exc:
            outcome = exc.code.value
        results.append((name, time.perf_counter() - start, outcome))
    return results


def load_modules() -> float:
    """Import the import path's modules once, as the app does at start-up; returns seconds."""
    start = time.perf_counter()
    import python_calamine  # noqa: F401

    import computescore.io.reader
    import computescore.services.catalogue
    import computescore.services.importing
    import computescore.store.repository  # noqa: F401

    return time.perf_counter() - start


@dataclass
class Measured:
    """One shape's files and what was measured on them (seconds per round, by step)."""

    shape: str
    xlsx: Path
    text: Path
    steps: dict[str, list[float]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)


def run_rounds(repeat: int, shapes: list[Measured], folder: Path) -> None:
    """Measure every step ``repeat`` times, back to back within each round."""
    for round_number in range(repeat):
        for m in shapes:
            measured: dict[str, Callable[[], Any]] = {
                "calamine": lambda m=m: calamine_alone(m.xlsx),
                "xlsx_read": lambda m=m: read_only(m.xlsx),
                "xlsx_full": lambda m=m, n=round_number: m.xlsx,
                "csv_read": lambda m=m: read_only(m.text),
                "csv_full": lambda m=m, n=round_number: m.text,
            }
            for name, action in measured.items():
                cpu = m.cpu.setdefault(name, [])
                if name.endswith("_full"):
                    seconds, count = full_import(
                        action(),
                        folder / f"{m.shape}-{name}{round_number}.db",
                        cpu,
                        m.steps.setdefault("workspace", []),
                    )
                else:
                    seconds, count = timed(action, cpu)
                m.steps.setdefault(name, []).append(seconds)
                m.counts[name] = count
            print(
                f"  round {round_number + 1}, {m.shape} list: "
                f"calamine {m.steps['calamine'][-1]:.2f} s, "
                f".xlsx import {m.steps['xlsx_full'][-1]:.2f} s, "
                f".csv import {m.steps['csv_full'][-1]:.2f} s",
                flush=True,
            )


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def report(m: Measured, lines: int) -> list[tuple[str, bool]]:
    """Print one shape's medians; returns its verdicts."""
    steps = m.steps
    pairs = zip(steps["xlsx_full"], steps["calamine"], strict=True)
    ratios = [full / alone for full, alone in pairs]
    calamine_s, read_s, import_s = (
        median(steps[name]) for name in ("calamine", "xlsx_read", "xlsx_full")
    )
    csv_read_s, csv_s = median(steps["csv_read"]), median(steps["csv_full"])
    ratio = median(ratios)
    width = len(SHAPES[m.shape])
    count, imported = m.counts["calamine"], m.counts["xlsx_full"]
    cpu_s = {name: median(values) for name, values in m.cpu.items()}

    print()
    print(f"{m.shape} list ({width} columns), medians of {len(ratios)} round(s)")
    print(f"{'step':<44}{'seconds':>9}{'ratio':>8}{'CPU s':>8}")

    def line(label: str, seconds: float, ratio: float | None, name: str | None) -> None:
        shown_ratio = "" if ratio is None else f"{ratio:.2f}"
        shown_cpu = "" if name is None else f"{cpu_s[name]:.2f}"
        print(f"{label:<44}{seconds:>9.2f}{shown_ratio:>8}{shown_cpu:>8}")

    line(f"python-calamine alone (.xlsx, {count:,} rows)", calamine_s, 1.0, "calamine")
    line("read + map + parse (.xlsx, no store)", read_s, read_s / calamine_s, "xlsx_read")
    line(f"full import (.xlsx, {imported:,} lines)", import_s, ratio, "xlsx_full")
    line("  of which storing (quote lines to SQLite)", import_s - read_s, None, None)
    line("read + map + parse (.csv, no store)", csv_read_s, None, "csv_read")
    line(f"full import (.csv, {m.counts['csv_full']:,} lines)", csv_s, None, "csv_full")
    line("  of which storing (quote lines to SQLite)", csv_s - csv_read_s, None, None)
    line("new workspace file, and closing it (apart)", median(steps["workspace"]), None, None)
    every = {m.counts["xlsx_full"], m.counts["xlsx_read"], m.counts["csv_full"]}
    return [
        (f"{m.shape} list: .xlsx import within 2× calamine alone ({ratio:.2f}×)", ratio <= 2),
        (f"{m.shape} list: every line imported", every == {lines}),
        # a text file needs no spreadsheet reader: its import is the cheaper of the two
        (
            f"{m.shape} list: .csv import no slower than the .xlsx import "
            f"({csv_s:.2f} s against {import_s:.2f} s)",
            csv_s <= import_s,
        ),
    ]


def million_line_csv(folder: Path) -> tuple[float, str]:
    """Seconds to import (or refuse) a 1,000,000-line .csv, and what happened."""
    from computescore.errors import UserError
    from computescore.store.repository import Store

    path = folder / "million.csv"
    sample = price_rows(1_000, INSTANCES)
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(INSTANCES)
        for _ in range(1_000_000 // len(sample)):
            writer.writerows(sample)
    store = Store.open(folder / "million.db")
    try:
        seconds, outcome = timed(lambda: _import_or_refusal(store, path, UserError))
    finally:
        store.close()
    return seconds, outcome


def _import_or_refusal(store: Any, path: Path, refused: type[Exception]) -> str:
    try:
        return f"imported {import_into(store, path):,} lines"
    except refused as exc:
        return f"refused: {exc}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument(
        "--repeat", type=int, default=3, help="rounds of measurements; medians are printed"
    )
    parser.add_argument(
        "--shape",
        choices=[*SHAPES, "all"],
        default="all",
        help="which price list to measure (default: all three)",
    )
    parser.add_argument("--skip-hostile", action="store_true")
    args = parser.parse_args()
    names = list(SHAPES) if args.shape == "all" else [args.shape]
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        shapes = []
        for name in names:
            header = SHAPES[name]
            rows = price_rows(args.lines, header)
            measured = Measured(name, folder / f"{name}.xlsx", folder / f"{name}.csv")
            print(f"Generating the {name} list: {args.lines:,} lines × {len(header)} columns …")
            write_xlsx(measured.xlsx, header, rows)
            write_csv(measured.text, header, rows)
            del rows
            print(
                f"  .xlsx {measured.xlsx.stat().st_size / 1e6:.1f} MB, "
                f".csv {measured.text.stat().st_size / 1e6:.1f} MB",
                flush=True,
            )
            shapes.append(measured)
        print(f"  loading the import modules (once per app start): {load_modules():.2f} s")

        reader = ReaderPeak()
        with reader:
            run_rounds(args.repeat, shapes, folder)
        verdicts = [verdict for m in shapes for verdict in report(m, args.lines)]
        print(
            "(CPU s: this process and the reader process together; wall time exceeds it when "
            "other programs compete for the processor)"
        )
        print()
        child = reader.peak_mb
        print(f"peak memory: this process {self_peak_mb():,.0f} MB; reader process {child:,.0f} MB")
        verdicts.append(
            (".xlsx import under 1 GB", self_peak_mb() < 1024 and child < 1024),
        )
        million_s, outcome = million_line_csv(folder)
        print(f"1,000,000-line .csv: {million_s:.2f} s, {outcome}")
        verdicts.append(
            (
                f"1,000,000-line .csv imported or refused in under 15 s ({million_s:.2f} s)",
                million_s < 15,
            ),
        )
        for label, ok in verdicts:
            print(f"  {'met ' if ok else 'MISSED'}  {label}")
        if not args.skip_hostile:
            print()
            print("hostile files (time to refusal):")
            for name, seconds, outcome in hostile_timings(folder):
                print(f"  {name:<32}{seconds:>7.2f} s  {outcome}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
