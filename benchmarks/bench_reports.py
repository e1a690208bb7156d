"""Board-pack rendering speed: PDF and workbook for a 20-vendor, 400-line evaluation.

Goal on a 2-core machine: PDF under 2 s, workbook under 1.5 s (warm process: fonts
registered and matplotlib imported, as in the desktop app after its first report).

Run: ``python benchmarks/bench_reports.py``
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc
from pathlib import Path

PDF_GOAL_S = 2.0
XLSX_GOAL_S = 1.5


def main() -> None:
    started = time.perf_counter()
    from computescore.reports.excel import render_xlsx
    from computescore.reports.pdf import render_pdf

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.fixtures.sample_pack import sample_pack

    imported = time.perf_counter() - started
    pack = sample_pack(vendors=20, lines_per_quote=20)
    assert len(pack.lines) == 400 and pack.ranking is not None
    print(
        f"pack: {len(pack.ranking.rows)} quotes, {len(pack.lines)} quote lines, "
        f"{sum(len(t.lines) for t in pack.tco)} TCO lines, "
        f"{len(pack.findings or ())} findings, all seven charts"
    )
    print(f"import of the report modules: {imported:.2f} s")

    first = time.perf_counter()
    pdf = render_pdf(pack)
    first_pdf = time.perf_counter() - first
    print(f"first PDF (registers fonts): {first_pdf:.2f} s")

    pdf_times = []
    for _ in range(3):
        t0 = time.perf_counter()
        again = render_pdf(pack)
        pdf_times.append(time.perf_counter() - t0)
        assert again == pdf
    xlsx_times = []
    for _ in range(3):
        t0 = time.perf_counter()
        workbook = render_xlsx(pack)
        xlsx_times.append(time.perf_counter() - t0)

    tracemalloc.start()
    render_pdf(pack)
    _, pdf_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    tracemalloc.start()
    render_xlsx(pack)
    _, xlsx_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    pdf_s = statistics.median(pdf_times)
    xlsx_s = statistics.median(xlsx_times)
    print(
        f"PDF:      median {pdf_s:.2f} s of 3 (goal < {PDF_GOAL_S} s) "
        f"{'OK' if pdf_s < PDF_GOAL_S else 'SLOW'}; {len(pdf) / 1e6:.2f} MB; "
        f"peak Python memory {pdf_peak / 1e6:.0f} MB; identical bytes on every run"
    )
    print(
        f"workbook: median {xlsx_s:.2f} s of 3 (goal < {XLSX_GOAL_S} s) "
        f"{'OK' if xlsx_s < XLSX_GOAL_S else 'SLOW'}; {len(workbook) / 1e3:.0f} kB; "
        f"peak Python memory {xlsx_peak / 1e6:.0f} MB"
    )


if __name__ == "__main__":
    main()
