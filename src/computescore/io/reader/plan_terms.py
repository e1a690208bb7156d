"""What a price list states for the award plan beside each line: the most accelerators
the vendor can supply ("Available capacity", "Max GPUs"), the fewest it accepts
("Minimum commitment (GPUs)"), how soon it delivers ("Lead time"), and, for a
commitment, the flex band above it ("Flex band") and the share paid in advance
("Prepayment").

The capacity and the minimum join the line's description in the words the TCO and the
plan read there ("H100 SXM (max. 512 GPUs; min. 64 GPUs)",
:func:`~computescore.domain.tco.stated_maximum`), so the user sees and edits them where
a vendor writes them too; so do a commitment's flex band and prepayment ("flex +25%;
prepaid 50%", :func:`~computescore.domain.tco.stated_flex`). The lead time is the
line's ``lead_time_days``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from computescore.domain.figures import format_stated_share
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import Deployment, LineKind, QuoteLine
from computescore.domain.tco import flex_words, prepaid_words, stated_flex, stated_prepayment
from computescore.io.cell_kinds import GPU_WORDS, NODE_WORDS, filled, stated_share
from computescore.io.mapping import Field, normalise_header
from computescore.io.values.lead_times import lead_time_days
from computescore.io.workbook import CellValue

if TYPE_CHECKING:
    from computescore.io.reader.lines import _LineBuilder
    from computescore.io.table_finder import TableRow
    from computescore.io.terms import StatedLeadTime

PLAN_FIELDS = (Field.MAXIMUM, Field.MINIMUM, Field.LEAD_TIME, Field.FLEX, Field.PREPAYMENT)

_COUNT = re.compile(
    r"^\s*(?:max(?:imum)?\.?|min(?:imum)?\.?|up to|at least|bis zu|jusqu'à|hasta)?\s*"
    rf"(?P<n>\d[\d,'’ ]*)\s*(?:x\s*)?(?P<noun>{GPU_WORDS}|{NODE_WORDS})?\s*$",
    re.IGNORECASE,
)
_IN_NODES = re.compile(r"\b(nodes?|servers?|instances?)\b")
_NOUN = re.compile(rf"(?<![a-z])({GPU_WORDS}|{NODE_WORDS})(?![a-z])")
_NO_LIMIT = re.compile(r"^(unlimited|no limit|none|n/?a|on request|tbd|ask)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Reading:
    """What one combination of plan cells says, worked out once per distinct cells."""

    words: tuple[str, ...]
    """"max. 512 GPUs", "min. 64 GPUs"."""
    days: int | None
    doubts: tuple[tuple[Field, str, str, str], ...]
    """(field, message, found, expected) of each cell that says no count or time."""
    in_nodes: bool = False
    """The words count nodes: a line must say how many accelerators a node holds."""
    committing: tuple[str, ...] = ()
    """"flex +25%", "prepaid 50%": what a commitment's description gains (the words of
    ``shares``, made once per distinct cells, not once per row)."""
    shares: tuple[tuple[Field, float], ...] = ()
    """The shares those words state, by column (0 for "no flex", "no prepayment")."""

    @property
    def quiet(self) -> bool:
        """Nothing to report, whatever the lines."""
        return not self.doubts and not self.in_nodes and not self.committing


def plan_reading(builder: _LineBuilder, values: Sequence[CellValue]) -> _Reading:
    """What the row's plan cells say, read once per distinct cells (a price list repeats
    them)."""
    width = len(values)
    raw = tuple(values[i] if i is not None and i < width else None for i in builder.plan_indexes)
    reading = builder.c_plan.get(raw)
    if reading is None:
        cells = tuple(filled(cell) for cell in raw)  # "—" says nothing
        reading = builder.c_plan.get(cells)
        if reading is None:
            reading = builder.c_plan[cells] = _read(builder, cells)
        builder.c_plan[raw] = reading
    return reading


def with_plan_words(
    description: str, reading: _Reading, deployment: Deployment | None = None
) -> str:
    """A compute line's description with the capacity and minimum its row states, and for
    a commitment its flex band and prepayment."""
    words = reading.words
    if reading.committing and deployment is not None and deployment.committed:
        words = (*words, *reading.committing)
    return f"{description} ({'; '.join(words)})" if words else description


def plan_doubts(
    builder: _LineBuilder,
    row: TableRow,
    reading: _Reading,
    lines: Sequence[QuoteLine],
    problems: list[Problem],
) -> None:
    """Report the row's plan cells that say no count, time or share; a flex band or
    prepayment on a line that is no commitment; a description that states another share
    than its column; and nodes counted on a line that does not say how many accelerators
    a node holds."""
    for fld, message, found, expected in reading.doubts:
        where = builder.at(row, builder.columns[fld])
        problems.append(Problem(where, message, Severity.WARNING, found, expected))
    paid_as_used = [
        line
        for line in lines
        if line.kind is LineKind.COMPUTE
        and not (line.deployment is not None and line.deployment.committed)
    ]
    if reading.committing and paid_as_used and any(share for _, share in reading.shares):
        problems.append(
            Problem(
                paid_as_used[0].source or builder.source(row),
                "A flex band or prepayment is stated on a line that is no reserved or leased "
                "commitment; only a commitment has one, so it was left out",
                Severity.WARNING,
                "; ".join(reading.committing),
                "a reserved or leased line",
            )
        )
    _own_words_differ(builder, row, reading, lines, problems)
    if not reading.in_nodes:
        return
    for line in lines:
        if line.kind is LineKind.COMPUTE and line.accelerators_per_node is None:
            problems.append(
                Problem(
                    line.source or builder.source(row),
                    "The capacity or minimum is stated in nodes, but the line does not say "
                    "how many accelerators a node holds; the plan counts each node as one "
                    "accelerator until it does",
                    Severity.WARNING,
                    "; ".join(reading.words),
                    "the accelerators per node",
                )
            )


def _own_words_differ(
    builder: _LineBuilder,
    row: TableRow,
    reading: _Reading,
    lines: Sequence[QuoteLine],
    problems: list[Problem],
) -> None:
    """Report a commitment whose description already states a flex band or prepayment
    other than its column's: the description's first words are the ones read."""
    for fld, share in reading.shares:
        for line in lines:
            if line.kind is not LineKind.COMPUTE:
                continue
            read = stated_flex(line) if fld is Field.FLEX else stated_prepayment(line)
            if read is not None and abs(read - share) > 1e-9:
                what = "flex band" if fld is Field.FLEX else "prepayment"
                problems.append(
                    Problem(
                        builder.at(row, builder.columns[fld]),
                        f"The line's description states a {what} of "
                        f"{format_stated_share(read)}, its column "
                        f"{format_stated_share(share)}; the description's is read: correct "
                        "the one that is wrong",
                        Severity.WARNING,
                        line.description,
                        f"one {what}",
                    )
                )


def plan_terms(builder: _LineBuilder, row: TableRow, first: int, problems: list[Problem]) -> None:
    """Give the row's lines (``builder.group.lines[first:]``) what the row states for the
    plan: the capacity and minimum in a compute line's description, the lead time in
    days; report what is no count or time, never guessed. (The short path of a price
    list's rows makes its lines with them: see ``fast_rows``.)"""
    reading = plan_reading(builder, row.values)
    lines = builder.group.lines
    for index in range(first, len(lines)):
        line = lines[index]
        if (reading.words or reading.committing) and line.kind is LineKind.COMPUTE:
            described = with_plan_words(line.description, reading, line.deployment)
            line = replace(line, description=described)
        if reading.days is not None:
            line = replace(line, lead_time_days=reading.days)
        lines[index] = line
    plan_doubts(builder, row, reading, lines[first:], problems)


def _read(builder: _LineBuilder, cells: tuple[CellValue, ...]) -> _Reading:
    maximum, minimum, lead, flex, prepaid = cells
    words: list[str] = []
    doubts: list[tuple[Field, str, str, str]] = []
    for fld, written, value in ((Field.MAXIMUM, "max.", maximum), (Field.MINIMUM, "min.", minimum)):
        if value is None:
            continue
        counted = _counted(value, builder.columns[fld].header, need_noun=fld is Field.MINIMUM)
        if counted is not None:
            words.append(f"{written} {counted}")
        elif not (isinstance(value, str) and _NO_LIMIT.match(value.strip())):
            doubts.append(
                (
                    fld,
                    f"The {_WHAT[fld]} is not a number of accelerators or nodes; it was left out",
                    str(value),
                    "a count such as 512 or 64 nodes",
                )
            )
    days = None
    if lead is not None:
        days, why = lead_time_days(lead, builder.columns[Field.LEAD_TIME].header)
        if why:
            doubts.append(
                (
                    Field.LEAD_TIME,
                    why,
                    str(lead),
                    "a lead time such as 6 weeks, 30 days or immediate",
                )
            )
    committing: list[str] = []
    shares: list[tuple[Field, float]] = []
    for fld, value in ((Field.FLEX, flex), (Field.PREPAYMENT, prepaid)):
        if value is None:
            continue
        share = stated_share(value, normalise_header(builder.columns[fld].header))
        if share is None:
            doubts.append((fld, *_NO_SHARE[fld], str(value), "a share such as 25 %, or none"))
            continue
        shares.append((fld, share))
        committing.append(flex_words(share) if fld is Field.FLEX else prepaid_words(share))
    in_nodes = any(_IN_NODES.search(w) for w in words)
    return _Reading(tuple(words), days, tuple(doubts), in_nodes, tuple(committing), tuple(shares))


_NO_SHARE = {
    Field.FLEX: ("The flex band is not a share of the commitment; it was left out",),
    Field.PREPAYMENT: (
        "The prepayment does not say what share of the commitment is paid in advance; it "
        "was left out (the plan counts the commitment paid monthly)",
    ),
}


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
    if re.fullmatch(GPU_WORDS, noun.casefold()):
        word = "GPU"
    else:
        stem = noun.casefold().rstrip("s")
        word = stem if stem in ("server", "instance") else "node"
    return f"{number:,} {word}" + ("" if number == 1 else "s")


def with_terms_lead_time(
    lines: Sequence[QuoteLine], stated: StatedLeadTime | None
) -> tuple[list[QuoteLine], list[Problem]]:
    """The lines with the delivery the quote's terms state as the lead time of each compute
    line that states none of its own ("Delivery: 12 weeks after order confirmation" → 84
    days), told once; a line's own lead time wins."""
    if stated is None:
        return list(lines), []
    out, given = [], 0
    for line in lines:
        if line.kind is LineKind.COMPUTE and line.lead_time_days is None:
            line = replace(line, lead_time_days=stated.days)
            given += 1
        out.append(line)
    if not given:
        return out, []
    told = Problem(
        stated.source,
        f"The terms' delivery (“{stated.text}”) is the lead time of "
        f"{'the compute line' if given == 1 else f'the {given} compute lines'} stating none: "
        f"{stated.days} days from the order",
        Severity.INFO,
    )
    return out, [told]
