"""Desktop-app speed: start-up to the main window, and sorting/filtering 100,000 quote lines.

Run: ``python benchmarks/bench_gui.py`` (offscreen; about a minute). Prints:

* start-up, from process start to the main window painted, on a 10,000-line
  database (goal < 1.0 s), and to the first data shown;
* reading the 10,000-line snapshot on a worker thread;
* sorting and filtering 100,000 lines in the quotes table (goal < 200 ms each),
  next to what a ``QSortFilterProxyModel`` costs for the same sort on 10,000 lines.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

CHILD = r"""
import json, sys, time
started = float(sys.argv[2])
from computescore.app import create_application
app = create_application()
from PySide6.QtCore import QCoreApplication
from computescore.gui.main_window import MainWindow
window = MainWindow(remember=False)
window.show()
QCoreApplication.processEvents()
window.repaint()
shown = time.time()
marks = {"window_shown_s": shown - started}
def on_snapshot():
    if "data_shown_s" in marks:
        return
    window.current_view().refresh()
    QCoreApplication.processEvents()
    marks["data_shown_s"] = time.time() - started
    print(json.dumps(marks))
    app.quit()
window.workspace.snapshot_changed.connect(on_snapshot)
window.open_path(sys.argv[1])
app.exec()
"""


def build_database(folder: Path, quotes: int, lines_per_quote: int) -> Path:
    """A sample database with ``quotes × lines_per_quote`` lines."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.fixtures.sample_workspace import build_sample

    return build_sample(
        folder / f"bench-{quotes * lines_per_quote}.db",
        quotes=quotes,
        lines_per_quote=lines_per_quote,
        revisions=False,
    )


def startup(db: Path, runs: int = 5) -> dict[str, float]:
    """Median seconds from process start to the window painted and to the data shown."""
    shown, data = [], []
    env = {**os.environ, "COMPUTESCORE_HOME": tempfile.mkdtemp(prefix="cs-bench-home-")}
    for _ in range(runs):
        started = time.time()
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(db), repr(started)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        marks = json.loads(out.stdout.strip().splitlines()[-1])
        shown.append(marks["window_shown_s"])
        data.append(marks["data_shown_s"])
    return {"window_shown_s": statistics.median(shown), "data_shown_s": statistics.median(data)}


def synthetic_lines(count: int) -> list[dict]:
    """``count`` quote-line rows shaped like ``Store.line_rows`` output."""
    rng = random.Random(7)
    vendors = [f"Vendor {i:03d}" for i in range(200)]
    accelerators = [
        "nvidia-h100-sxm",
        "nvidia-h200-sxm",
        "amd-mi300x",
        "nvidia-l40s",
        "intel-gaudi3",
    ]
    deployments = ["reserved", "on_demand", "spot", "lease", "purchase"]
    rows = []
    for i in range(count):
        compute = i % 3 != 2
        rows.append(
            {
                "id": i,
                "quote_id": i // 50,
                "vendor": vendors[i % 200],
                "quote_ref": f"Q-{i // 50:05d}",
                "revision": 1,
                "kind": "compute" if compute else "cost",
                "accelerator": accelerators[i % 5] if compute else None,
                "category": None if compute else "network",
                "accelerator_count": 8 * (1 + i % 8),
                "nodes": 1 + i % 8,
                "accelerators_per_node": 8,
                "quantity": None,
                "deployment": deployments[i % 5] if compute else None,
                "term_months": 36,
                "price": Decimal(f"{rng.uniform(0.5, 5):.4f}"),
                "price_unit": "per_gpu_hour",
                "currency": "USD",
                "usd_per_gpu_hour": rng.uniform(0.5, 5) if compute else None,
                "region": "eu-west",
                "description": f"line {i} of a quote",
                "source": f"q{i // 50}.xlsx!A{i % 50}",
            }
        )
    return rows


def timed(action) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def sort_filter(count: int = 100_000) -> dict[str, float]:
    """Seconds to load, sort and filter ``count`` lines in the quotes table model."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QTableView

    from computescore.gui.models.lines import LINE_COLUMNS, LinesModel

    app = QApplication.instance() or QApplication([])
    rows = synthetic_lines(count)
    model = LinesModel()
    view = QTableView()
    view.setModel(model)
    view.resize(1200, 700)
    view.show()
    titles = [c.title for c in LINE_COLUMNS]
    figures = {"load 100,000 rows into the model": timed(lambda: model.set_rows(rows))}
    for title in ("Vendor", "Price (as quoted)", "USD / GPU-hour"):
        column = titles.index(title)
        figures[f"sort {title} (first)"] = timed(lambda c=column: model.sort(c))
        figures[f"sort {title} (again, descending)"] = timed(
            lambda c=column: model.sort(c, Qt.SortOrder.DescendingOrder)
        )
    figures["filter text 'vendor 01'"] = timed(lambda: model.set_filter("vendor 01"))
    figures["filter text + kind"] = timed(
        lambda: model.set_filter("h100", lambda r: r["kind"] == "compute")
    )
    figures["clear filter"] = timed(lambda: model.set_filter(""))
    figures["paint after sort"] = timed(
        lambda: (model.sort(0), view.viewport().repaint(), app.processEvents())
    )
    return figures


def proxy_sort(count: int = 10_000) -> float:
    """Seconds for a QSortFilterProxyModel to sort ``count`` rows of the same model."""
    from computescore.gui.models.lines import LinesModel
    from computescore.gui.models.table import SortFilterProxy

    model = LinesModel(synthetic_lines(count))
    proxy = SortFilterProxy()
    proxy.setSourceModel(model)
    return timed(lambda: proxy.sort(8))


def snapshot_read(db: Path) -> float:
    """Seconds to read the workspace snapshot (done on a worker thread in the app)."""
    from computescore.gui.workspace import read_snapshot
    from computescore.services.workspace import open_store

    with open_store(str(db)) as store:
        read_snapshot(store)
        return timed(lambda: read_snapshot(store))


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="cs-bench-"))
    os.environ["COMPUTESCORE_HOME"] = str(folder / "home")
    print("Building a 10,000-line database…", flush=True)
    db = build_database(folder, quotes=200, lines_per_quote=50)
    times = startup(db)
    print(
        f"start-up, process start → main window painted: {times['window_shown_s']:.3f} s "
        "(goal < 1.0 s)"
    )
    print(f"start-up, process start → 10,000 lines loaded and shown: {times['data_shown_s']:.3f} s")
    print(f"reading the 10,000-line snapshot (worker thread): {snapshot_read(db):.3f} s")
    print("quotes table with 100,000 lines (goal < 0.200 s each):")
    for name, seconds in sort_filter().items():
        print(f"  {name:<40} {seconds * 1000:8.1f} ms")
    print(f"for comparison, QSortFilterProxyModel sorting 10,000 lines: {proxy_sort():.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
