"""Identical problems on many rows, told once: ``inst.csv!E2–E100001 (100,000 rows): …``.

A price list of 100,000 lines with the same warning on every line must not print it
100,000 times. Problems are grouped by where they are (file, sheet, column), what they
say and what was expected; each group keeps the rows it covers, so the machine output
can still list every row while people read one line per group.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from computescore.domain.problems import Problem, Severity
from computescore.wording import plural

_CELL = re.compile(r"^(?P<column>[A-Z]{0,3})(?P<row>\d+)$")


@dataclass(frozen=True, slots=True)
class ProblemGroup:
    """Problems that differ only in their row.

    Attributes:
        severity: error or warning.
        message: what is wrong, as each problem says it.
        expected: what was expected, if said.
        place: the file and sheet (``quote.xlsx!Prices``), without the cell.
        column: the column letters (``E``), or "" for a whole line.
        rows: the 1-based rows, in the order found; empty when the source names no row.
        example: what was found in the first problem of the group.
        problems: the problems themselves.
    """

    severity: Severity
    message: str
    expected: str | None
    place: str
    column: str
    rows: tuple[int, ...]
    example: str | None
    problems: tuple[Problem, ...]

    @property
    def count(self) -> int:
        """How many problems the group stands for."""
        return len(self.problems)

    def where(self, most: int | None = None) -> str:
        """``quote.csv!E2–E9, E12`` or ``quote.csv!2–9`` or ``quote.csv``; with ``most``,
        at most that many runs of rows, then their count: ``list.csv!E2, E4, E6, … (1,000
        rows)``."""
        if not self.rows:
            return self.place
        ranges = row_ranges(self.rows)
        shown = ", ".join(
            f"{self.column}{first}"
            if first == last
            else f"{self.column}{first}–{self.column}{last}"
            for first, last in ranges[:most]
        )
        if most is not None and len(ranges) > most:
            shown += f", … ({plural(len(self.rows), 'row')})"
        return f"{self.place}!{shown}"

    def describe(self) -> str:
        """One line for people: where, how many, what, and one example of what was found."""
        count = f" ({plural(len(self.rows), 'row')})" if len(self.rows) > 1 else ""
        found = f" (found {self.example!r}" if self.example is not None else ""
        if found and self.count > 1:
            found += " in the first"
        if found:
            found += ")"
        expected = f"; expected {self.expected}" if self.expected else ""
        return f"{self.where()}{count}: {self.message}{found}{expected}"


def row_ranges(rows: Iterable[int]) -> list[tuple[int, int]]:
    """Consecutive rows folded into ranges: 2, 3, 4, 7 → (2, 4), (7, 7)."""
    ranges: list[tuple[int, int]] = []
    for row in sorted(set(rows)):
        if ranges and row == ranges[-1][1] + 1:
            ranges[-1] = (ranges[-1][0], row)
        else:
            ranges.append((row, row))
    return ranges


def _split(source: str) -> tuple[str, str, int | None]:
    place, sep, last = source.rpartition("!")
    match = _CELL.match(last) if sep else None
    if match is None:
        return source, "", None
    return place, match["column"], int(match["row"])


def group_problems(problems: Sequence[Problem]) -> list[ProblemGroup]:
    """Problems grouped by place, column, severity, message and expectation, first seen first."""
    groups: dict[tuple[str, str, Severity, str, str | None], list[tuple[Problem, int | None]]] = {}
    for problem in problems:
        place, column, row = _split(problem.source)
        key = (place, column, problem.severity, problem.message, problem.expected)
        groups.setdefault(key, []).append((problem, row))
    out = []
    for (place, column, severity, message, expected), members in groups.items():
        rows = tuple(row for _, row in members if row is not None)
        out.append(
            ProblemGroup(
                severity,
                message,
                expected,
                place,
                column,
                rows,
                members[0][0].found,
                tuple(problem for problem, _ in members),
            )
        )
    return out
