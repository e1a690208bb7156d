"""A cloud pricing calculator's estimate: how many instances, for how many hours.

A calculator's estimate prices a configuration, not one instance:

* Azure writes "2 ND96isr H100 v5 (96 vCPUs, 1900 GB RAM) x 730 Hours (Pay as you go)"
  beside "$143,547.20" a month: two instances all month, $98.32 an instance-hour;
* AWS writes "Number of instances: 4" and "Utilization: 100 %Utilized/Month" in the
  row's configuration summary, and a reservation's term ("Savings Plans 1yr All
  Upfront") there too;
* an all-upfront term is a whole term's price in the upfront column, with nothing a month.

Read as a price list, such a month's total stood as one instance's rent (two or four times
over) and a prepaid term as a one-off price of unknown length. Here each compute line of a
row that states its instances is priced per instance: a month's amount divided by the
instances (and by the hours, when stated, so the TCO pays for the hours a workload uses),
and a reserved term's upfront price spread over the term's hours and marked all upfront
(the TCO then counts it paid before service starts). A line whose own columns count nodes
or accelerators is left as it is, and one warning says what was done.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from computescore.domain.quotes import Deployment, LineKind, PriceUnit, QuoteLine
from computescore.domain.units import HOURS_PER_MONTH
from computescore.io.reader.lines import _amount, _LineBuilder, rows_of_lines
from computescore.io.values import parse_terms
from computescore.io.workbook import CellValue
from computescore.wording import clipped

MOST_ROWS = 2_000
"""Estimates are short; a longer table is a price list, and is not searched."""

MOST_TERM_MONTHS = 120
"""The longest term a row's words may state (a longer one is an amount misread)."""

_LEADING_INSTANCES = re.compile(
    r"^\s*(?P<count>\d{1,4})\s+[^|]*?[x×]\s*(?P<hours>\d[\d,]*(?:\.\d+)?)\s*"
    r"(?:hours?|hrs?)\b",
    re.IGNORECASE,
)
"""Azure's "2 ND96isr H100 v5 (…) x 730 Hours": the instances, then the hours a month."""

_NUMBER_OF_INSTANCES = re.compile(
    r"\b(?:number of instances|instances?|instance count|anzahl (?:der )?instanzen)\s*[:=]\s*"
    r"(?P<count>\d{1,5})\b",
    re.IGNORECASE,
)
"""AWS's "Number of instances: 4" in a configuration summary."""

_UTILISATION = re.compile(
    r"utili[sz]ation\s*:?\s*(?P<share>\d{1,3}(?:\.\d+)?)\s*%\s*utili[sz]ed\s*/\s*month",
    re.IGNORECASE,
)
"""AWS's "Utilization: 100 %Utilized/Month": the share of the month's hours running."""

_RENT = frozenset({PriceUnit.PER_NODE_MONTH, PriceUnit.PER_NODE_HOUR})


def instances_and_hours(texts: Sequence[str]) -> tuple[int, Decimal | None] | None:
    """The instances a calculator's row prices and the hours a month each runs, or None.

    >>> instances_and_hours(["2 ND96isr H100 v5 (96 vCPUs) x 730 Hours (Pay as you go)"])
    (2, Decimal('730'))
    >>> instances_and_hours(["Workload (Consistent, Number of instances: 4), "
    ...                      "Pricing strategy (On-Demand Utilization: 50 %Utilized/Month)"])
    (4, Decimal('365.0'))
    >>> instances_and_hours(["8x H100 SXM node"]) is None
    True
    """
    count: int | None = None
    hours: Decimal | None = None
    for text in texts:
        leading = _LEADING_INSTANCES.search(text)
        if leading is not None and count is None:
            count = int(leading["count"])
            hours = Decimal(leading["hours"].replace(",", ""))
        stated = _NUMBER_OF_INSTANCES.search(text)
        if stated is not None and count is None:
            count = int(stated["count"])
        used = _UTILISATION.search(text)
        if used is not None and hours is None:
            hours = HOURS_PER_MONTH * Decimal(used["share"]) / 100
    if count is None or count <= 0:
        return None
    return count, hours if hours is not None and 0 < hours <= 744 else None


def _term(text: str) -> int | None:
    """The term in months a text states ("Savings Plans 1yr All Upfront": 12), or None.

    Only words are read: a bare number in a calculator's row is an amount.
    """
    if not any(c.isalpha() for c in text):
        return None
    reading = parse_terms(text)[0]
    months = reading.term_months if reading is not None else None
    return months if months is not None and 0 < months <= MOST_TERM_MONTHS else None


def per_instance(
    line: QuoteLine, count: int, hours: Decimal | None, texts: Sequence[str]
) -> QuoteLine:
    """The line priced for one of the ``count`` instances its row prices.

    A month's amount is divided by the instances, and by the hours when stated (per
    instance-hour); a reserved term's upfront price is spread over the term's hours and
    marked all upfront. Other lines get their count of instances only.

    >>> from decimal import Decimal as D
    >>> line = QuoteLine(LineKind.COMPUTE, "2 ND96isr H100 v5", D("143547.20"),
    ...                  PriceUnit.PER_NODE_MONTH, "USD", accelerator="nvidia-h100-sxm",
    ...                  accelerators_per_node=8)
    >>> hourly = per_instance(line, 2, D(730), [])
    >>> hourly.price, hourly.price_unit.value, hourly.nodes
    (Decimal('98.3200'), 'per_node_hour', 2)
    """
    term = line.term_months
    if line.deployment is Deployment.RESERVED and term is None:
        term = next((months for text in texts if (months := _term(text))), None)
    if line.price_unit is PriceUnit.PER_NODE_MONTH and hours is not None:
        price = (line.price / (count * hours)).quantize(Decimal("0.0001"))
        return replace(
            line, price=price, price_unit=PriceUnit.PER_NODE_HOUR, nodes=count, term_months=term
        )
    if line.price_unit is PriceUnit.PER_NODE_MONTH:
        price = (line.price / count).quantize(Decimal("0.01"))
        return replace(line, price=price, nodes=count, term_months=term)
    if line.price_unit is PriceUnit.TOTAL and line.deployment is Deployment.RESERVED and term:
        spread = (line.price / (count * term * HOURS_PER_MONTH)).quantize(Decimal("0.0001"))
        return replace(
            line,
            description=(
                f"{line.description} (all upfront: {_amount(line.price)} for "
                f"{count} × {term} months)"
            ),
            price=spread,
            price_unit=PriceUnit.PER_NODE_HOUR,
            nodes=count,
            term_months=term,
        )
    return replace(line, nodes=count, term_months=term)


def calculator_estimates(
    builder: _LineBuilder, own: Sequence[QuoteLine], lines_before: Sequence[tuple[int, int]]
) -> list[QuoteLine]:
    """The table's compute lines priced per instance where their rows are a calculator's
    estimate of several instances or hours (see the module's note); one warning says so.

    ``lines_before`` pairs each table row (its sheet row) with the count of the table's
    lines made before it, so each line finds its row.
    """
    if not own or len(builder.table.rows) > MOST_ROWS:
        return list(own)
    cells: dict[int, Sequence[CellValue]] = {row.index: row.values for row in builder.table.rows}
    out = list(own)
    changed: list[tuple[QuoteLine, QuoteLine]] = []
    rows = rows_of_lines(lines_before, len(own))
    for number, line in enumerate(own):
        if (
            line.kind is not LineKind.COMPUTE
            or line.nodes is not None
            or line.accelerator_count is not None
            or line.quantity is not None
            or not (line.price_unit in _RENT or line.price_unit is PriceUnit.TOTAL)
        ):
            continue
        row = rows[number]
        texts = [c for c in cells.get(row, ()) if isinstance(c, str)]
        found = instances_and_hours(texts)
        if found is None:
            continue
        count, hours = found
        out[number] = per_instance(line, count, hours, texts)
        if builder.uncounted:
            builder.uncounted -= 1  # its row states how many instances it prices
        if out[number].price != line.price or count > 1:
            changed.append((line, out[number]))
    if changed:
        _tell(builder, changed)
    return out


def _tell(builder: _LineBuilder, changed: Sequence[tuple[QuoteLine, QuoteLine]]) -> None:
    from computescore.io.reader.table_checks import _tell_table

    before, after = changed[0]
    text = clipped(before.description, 60)
    unit = after.price_unit.value.replace("_", " ")
    _tell_table(
        builder,
        f"The table is a pricing calculator's estimate: each amount is for the instances "
        f"(and hours) its row states, so {len(changed)} compute "
        f"{'line was' if len(changed) == 1 else 'lines were'} priced per instance "
        f"(“{text}”: {_amount(before.price)} → "
        f"{after.nodes} × {_amount(after.price)} {unit})",
        _amount(before.price),
        "a price per instance, or a count column",
    )
