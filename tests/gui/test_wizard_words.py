"""The import wizard's column marks, worked out without a window."""

from __future__ import annotations

from pathlib import Path

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Problem, Severity
from computescore.gui.dialogs.import_wizard.words import column_problems, flag_key
from computescore.io.reader import read_quote_file
from computescore.services.catalogue import load_catalogue
from tests.fixtures.xlsx_builder import Sheet, build_xlsx


def _draft(tmp_path: Path, catalogue: Catalogue):  # type: ignore[no-untyped-def]
    rows = [
        ["Quote ref:", "Q-1"],
        [],
        ["Description", "GPU", "GPUs", "Price per GPU-hour (USD)"],
        ["H100 on-demand", "H100 SXM", 8, 2.99],
        ["A100 on-demand", "A100 80GB", 8, 1.50],
        [],
        ["Delivery:", "6 weeks"],
    ]
    path = build_xlsx(tmp_path / "q.xlsx", [Sheet("Quote", rows)])
    return read_quote_file(path, catalogue, vendor="Acme")


def test_only_problems_in_a_tables_lines_mark_its_columns(tmp_path: Path) -> None:
    draft = _draft(tmp_path, load_catalogue())
    (mapping,) = draft.quotes[0].mappings
    (sheet,) = draft.preview.sheets
    price = next(c for c in mapping.columns if c.header.startswith("Price"))
    problems = [
        Problem("q.xlsx!Quote!D4", "The price is doubtful", Severity.WARNING),
        Problem("q.xlsx!Quote!B7", "The delivery is read as the lead time", Severity.INFO),
        Problem("q.xlsx!Quote!B1", "The reference is odd", Severity.WARNING),  # above it
        Problem("q.xlsx!Quote!B9", "A note under the table", Severity.WARNING),
    ]
    flagged = column_problems(problems, sheet, mapping)
    assert flagged == {"D": ["The price is doubtful"]}
    assert flag_key(mapping, price) == "D"
