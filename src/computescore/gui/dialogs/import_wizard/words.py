"""What the import wizard says: its steps, field choices, vendor guesses, notes, and the
columns a table's step lists."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from computescore.domain.problems import Problem

log = logging.getLogger("computescore.gui")

QUOTE_FILTER = "Quote files (*.xlsx *.xlsm *.ods *.csv *.tsv *.txt *.pdf);;All files (*)"

STEPS = (
    ("files", "Files"),
    ("preview", "Preview"),
    ("mapping", "Columns"),
    ("check", "Check"),
    ("import", "Import"),
)

FIELD_CHOICES = (
    ("", "— not imported —"),
    ("description", "Description"),
    ("accelerator", "Accelerator"),
    ("accelerators_per_node", "Accelerators per node"),
    ("nodes", "Nodes"),
    ("accelerator_count", "Accelerator count"),
    ("quantity", "Quantity"),
    ("deployment", "Deployment"),
    ("tier", "Service tier"),
    ("term_months", "Term (months)"),
    ("price", "Price"),
    ("price_unit", "Price unit"),
    ("line_total", "Line total"),
    ("currency", "Currency"),
    ("kind", "Kind (compute/cost)"),
    ("category", "Cost category"),
    ("region", "Region"),
    ("country", "Country"),
    ("vendor", "Vendor"),
    ("quote_ref", "Quote reference"),
    ("quote_date", "Quote date"),
    ("valid_until", "Valid until"),
    ("maximum", "Most accelerators offered"),
    ("minimum", "Fewest accelerators accepted"),
    ("lead_time_days", "Lead time"),
    ("details", "Details (used for recognition)"),
    ("ignore", "Ignore"),
)

_SOURCE_WORDS = {
    "header": "from the header",
    "content": "from the cells",
    "profile": "from this vendor's last import",
    "override": "chosen by you",
}


@dataclass(frozen=True, slots=True)
class ReadResult:
    """What reading the chosen files produced."""

    drafts: dict[str, Any]
    failures: dict[str, str]


_COMMON_WORDS = frozenset(
    {
        "cloud",
        "clouds",
        "compute",
        "computing",
        "systems",
        "system",
        "data",
        "center",
        "centre",
        "colocation",
        "hosting",
        "services",
        "service",
        "quote",
        "quotation",
        "price",
        "prices",
        "pricing",
        "list",
        "offer",
        "angebot",
        "final",
        "draft",
        "revised",
        "gmbh",
        "corp",
        "limited",
        "inc",
        "pool",
        "cluster",
        "capacity",
    }
)


def _name_words(text: str) -> set[str]:
    return {
        w
        for w in re.split(r"[^0-9a-z]+", text.casefold())
        if len(w) >= 4 and w not in _COMMON_WORDS
    }


_MAPPING_NOTE = (
    "Each column, what it is imported as and why. Amber: not imported; red: cells in the "
    "column have problems. Change a choice and the file is read again."
)


def numbers_sentence(draft: Any) -> str:
    """How the file's numbers were read, and how to change it."""
    mark = getattr(draft, "decimal_mark", None)
    if mark is None:
        return (
            "Numbers: nothing in the file proves its decimal mark, so each number is read "
            "only where it reads one way; choose “Numbers written as” on the first step "
            "if cells are reported as ambiguous."
        )
    example = "1.234,56" if mark.value == "comma" else "1,234.56"
    return (
        f"Numbers: read with a decimal {mark.value} ({example}); change it with "
        "“Numbers written as” on the first step."
    )


def guess_vendor(file_name: str, vendors: list[str]) -> str:
    """The known vendor whose name shares the most distinctive words with a file name.

    ``brightline_gpu_cloud.xlsx`` → ``Brightline GPU Cloud``; words every vendor uses
    ("cloud", "compute", "quote") do not count. "" when nothing matches.
    """
    words = _name_words(Path(file_name).stem)
    best, score = "", 0
    for vendor in vendors:
        theirs = _name_words(vendor)
        common = len(words & theirs)
        if common > score:
            best, score = vendor, common
    return best


def where_of(problem: Problem) -> tuple[str, str, str]:
    """(file, sheet, cell or column) from a problem source ``file!sheet!D7``."""
    parts = problem.source.split("!")
    file_name = parts[0] if parts else ""
    sheet = parts[1] if len(parts) > 1 else ""
    cell = parts[2] if len(parts) > 2 else ""
    return file_name, sheet, cell


def columns_shown(mapping: Any) -> list[Any]:
    """The columns a table's step lists: for one of several alternatives side by side,
    only those from its first header to its last (the others are the other
    alternatives'), else every column."""
    columns = list(mapping.columns)
    if getattr(mapping, "option", None) is None:
        return columns
    headed = [i for i, column in enumerate(columns) if column.header]
    return columns[headed[0] : headed[-1] + 1] if headed else columns


def _marks_column(problem: Any, place: re.Match[str], sheet: Any, mapping: Any) -> bool:
    """Whether a problem marks a column of the table: a warning or an error in its lines,
    not a note about the terms below it ("The terms' delivery …" at A23)."""
    if problem.severity.value == "info":
        return False
    if mapping.header_cells or not place.group(2):
        return True  # an option of a comparison is told by rows; a whole column
    at, header = int(place.group(2)), mapping.header_row + 1
    spans = [(a, b) for a, b in (sheet.table_rows if sheet is not None else ()) if a > header]
    return at > header and (not spans or any(a <= at <= b for a, b in spans[:1]))


def column_problems(problems: Any, sheet: Any, mapping: Any) -> dict[str, list[str]]:
    """The messages of the problems that mark a table's columns, by :func:`flag_key`."""
    flagged: dict[str, list[str]] = {}
    for problem in problems:
        _file, sheet_name, cell = where_of(problem)
        place = re.match(r"([A-Z]+)(\d*)", cell or "")
        if sheet_name == mapping.sheet and place and _marks_column(problem, place, sheet, mapping):
            # an option of a comparison reads each column from a row of the sheet
            key = place.group(2) if mapping.header_cells else place.group(1)
            flagged.setdefault(key, []).append(problem.message)
    return flagged


def flag_key(mapping: Any, column: Any) -> str:
    """What marks a column's problems: its letters, or for an option of a comparison the
    row its heading stands on."""
    if mapping.header_cells:
        return re.sub(r"[A-Z]+", "", mapping.column_place(column))
    return str(column.letter)
