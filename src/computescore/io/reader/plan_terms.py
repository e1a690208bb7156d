"""What a price list states for the award plan beside each line: the most accelerators
the vendor can supply ("Available capacity", "Max GPUs"), the fewest it accepts
("Minimum commitment (GPUs)") and how soon it delivers ("Lead time").

The capacity and the minimum join the line's description in the words the TCO and the
plan read there ("H100 SXM (max. 512 GPUs; min. 64 GPUs)",
:func:`~computescore.domain.tco.stated_maximum`), so the user sees and edits them where
a vendor writes them too. The lead time is the line's ``lead_time_days``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import LineKind
from computescore.io.mapping import Field, normalise_header
from computescore.io.values import parse_days
from computescore.io.workbook import CellValue

if TYPE_CHECKING:
    from computescore.io.reader.lines import _LineBuilder
    from computescore.io.table_finder import TableRow

PLAN_FIELDS = (Field.MAXIMUM, Field.MINIMUM, Field.LEAD_TIME)

_COUNT = re.compile(
    r"^\s*(?:max(?:imum)?\.?|min(?:imum)?\.?|up to|at least)?\s*(?P<n>\d[\d,'’ ]*)\s*(?:x\s*)?"
    r"(?P<noun>gpus?|accelerators?|cards?|nodes?|servers?|instances?|systems?)?\s*$",
    re.IGNORECASE,
)
_IN_NODES = re.compile(r"\b(nodes?|servers?|instances?|systems?)\b")
_NOUN = re.compile(r"\b(gpus?|accelerators?|cards?|nodes?|servers?|instances?|systems?)\b")
_NO_LIMIT = re.compile(r"^(unlimited|no limit|none|n/?a|on request|tbd|ask)$", re.IGNORECASE)
_NOW = re.compile(
    r"^(immediate(ly)?|now|available now|in stock|ready|ready now|same day|on demand|"
    r"sofort|ab sofort|sofort verfugbar|immediat|inmediato|immediato|direct|即时|现货|即納)$",
    re.IGNORECASE,
)


def plan_terms(builder: _LineBuilder, row: TableRow, first: int, problems: list[Problem]) -> None:
    """Give the row's lines (``builder.group.lines[first:]``) what the row states for the
    plan: the capacity and minimum in a compute line's description, the lead time in
    days. A value that is not a count or a time is reported, never guessed."""
    words = []
    for fld, written in ((Field.MAXIMUM, "max."), (Field.MINIMUM, "min.")):
        value = builder.get(fld)
        if value is None:
            continue
        column = builder.columns[fld]
        counted = _counted(value, column.header, need_noun=fld is Field.MINIMUM)
        if counted is None:
            if not (isinstance(value, str) and _NO_LIMIT.match(value.strip())):
                problems.append(
                    Problem(
                        builder.at(row, column),
                        f"The {_WHAT[fld]} is not a number of accelerators or nodes; it was "
                        "left out",
                        Severity.WARNING,
                        str(value),
                        "a count such as 512 or 64 nodes",
                    )
                )
            continue
        words.append(f"{written} {counted}")
    days = _lead_time(builder, row, problems)
    lines = builder.group.lines
    for index in range(first, len(lines)):
        line = lines[index]
        if words and line.kind is LineKind.COMPUTE:
            line = replace(line, description=f"{line.description} ({'; '.join(words)})")
            if line.accelerators_per_node is None and any(_IN_NODES.search(w) for w in words):
                problems.append(
                    Problem(
                        line.source or builder.source(row),
                        "The capacity or minimum is stated in nodes, but the line does not "
                        "say how many accelerators a node holds; the plan counts each node "
                        "as one accelerator until it does",
                        Severity.WARNING,
                        "; ".join(words),
                        "the accelerators per node",
                    )
                )
        if days is not None:
            line = replace(line, lead_time_days=days)
        lines[index] = line


_WHAT = {Field.MAXIMUM: "capacity offered", Field.MINIMUM: "minimum commitment"}


def _counted(value: CellValue, header: str, *, need_noun: bool) -> str | None:
    """ "512 GPUs", "64 nodes" or a bare "512" (what it counts from the header, else left
    to the price's basis); None when the value is no count."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        if value < 0 or not float(value).is_integer():
            return None
        number, noun = int(value), None
    elif isinstance(value, str):
        match = _COUNT.match(value.casefold())
        if match is None:
            return None
        number = int(re.sub(r"[,'’ ]", "", match.group("n")))
        noun = match.group("noun")
    else:
        return None
    if noun is None:
        found = _NOUN.search(normalise_header(header))
        noun = found.group(1) if found else ("gpu" if need_noun else None)
    if noun is None:
        return f"{number:,}"
    stem = noun.casefold().rstrip("s")
    word = "GPU" if stem == "gpu" else stem
    return f"{number:,} {word}" + ("" if number == 1 else "s")


def _lead_time(builder: _LineBuilder, row: TableRow, problems: list[Problem]) -> int | None:
    """The row's lead time in days: "6 weeks" is 42, "immediate" 0; a bare number counts
    what the header says ("Lead time (weeks)"), else days. A date is reported: the lead
    time is counted from the order, which the file does not date."""
    value = builder.get(Field.LEAD_TIME)
    if value is None:
        return None
    column = builder.columns[Field.LEAD_TIME]
    if isinstance(value, str) and _NOW.match(value.strip()):
        return 0
    if isinstance(value, date | datetime) or (
        isinstance(value, str) and re.search(r"\d{4}-\d{2}-\d{2}|\bq[1-4]\b", value.casefold())
    ):
        problems.append(
            Problem(
                builder.at(row, column),
                "The delivery is stated as a date; the plan needs the time from the order, "
                "so no lead time was set",
                Severity.WARNING,
                str(value),
                "a lead time such as 6 weeks",
            )
        )
        return None
    bare = isinstance(value, str) and re.fullmatch(r"\s*\d+(?:[.,]\d+)?\s*", value)
    if bare or (isinstance(value, int | float) and not isinstance(value, bool)):
        header = normalise_header(column.header)
        factor = 7 if "week" in header else 30 if "month" in header else 1
        return round(float(str(value).strip().replace(",", ".")) * factor)
    days, problem = parse_days(value, builder.at(row, column), what="lead time")
    if problem is not None:
        problems.append(replace(problem, severity=Severity.WARNING))
    return days
