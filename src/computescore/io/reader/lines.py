"""Reading a table's rows into quote lines: identity, counts, terms, prices, checks."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from computescore.domain.catalog import AliasMatch
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    LineKind,
    PriceUnit,
    QuoteLine,
)
from computescore.domain.units import HOURS_PER_MONTH
from computescore.io.accelerators import MEMORY_HEADER
from computescore.io.cell_kinds import DASHES as _DASHES
from computescore.io.cell_kinds import (
    counted_quantity,
    is_amount,
    says_as_used,
    says_included,
    unpriced,
)
from computescore.io.cell_kinds import filled as _filled
from computescore.io.mapping import ColumnMapping, Field, MappedColumn
from computescore.io.reader.order_context import counts_accelerators, order_term
from computescore.io.reader.plan_terms import PLAN_FIELDS, plan_terms
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.table_finder import (
    Table,
    TableRow,
)
from computescore.io.totals import ADJUSTMENT
from computescore.io.values import (
    AMBIGUOUS_MARKS,
    Money,
    Period,
    TermsReading,
    UnitHint,
    categorise_cost,
    currency_in_text,
    is_blank,
    names_spot,
    parse_category,
    parse_count,
    parse_decimal,
    parse_money,
    parse_terms,
    parse_unit_text,
)
from computescore.io.workbook import (
    CellValue,
)

if TYPE_CHECKING:
    from computescore.io.reader.book import _QuoteGroup, _Reader


_PRECEDENCE = (
    Deployment.SPOT,
    Deployment.LEASE,
    Deployment.PURCHASE,
    Deployment.RESERVED,
    Deployment.ON_DEMAND,
)
_LEASE_CONTEXT = re.compile(r"\b(leas(e|ing)|financ\w*|rental|miete)\b|租赁")


_PAY_AS_USED = (None, Deployment.ON_DEMAND)


def _distinct_texts(cells: Sequence[CellValue]) -> set[str]:
    """The distinct texts of a column's filled cells, each distinct cell written once.

    Cells are told apart by kind as well as value (1 and 1.0 are written differently);
    floats are written one by one, as 0.0 and -0.0 are equal but written apart.
    """
    typed = set(zip(map(type, cells), cells, strict=True))
    texts = {
        str(value) for kind, value in typed if kind is not float and _filled(value) is not None
    }
    if any(kind is float for kind, _ in typed):
        texts.update(str(cell) for cell in cells if cell.__class__ is float)
    return texts


_UNSEEN: Any = object()
"""A cache miss, where None is a cached answer."""


_PLAIN_AMOUNT = re.compile(r"[0-9]{1,3}|[0-9]+\.[0-9]{1,2}|[0-9]+\.[0-9]{4,}|[0-9]{4,}")


@dataclass(frozen=True, slots=True)
class _Priced:
    """How one price cell of a row is to be read (cached per distinct combination)."""

    unit: PriceUnit | None
    deployment: Deployment | None
    term: int | None
    assumed: str | None
    """Why the basis (per GPU or per node) was assumed, when it was."""
    scale: Decimal = Decimal(1)
    """Brings the price to its unit when a header or unit column says "per 1K tokens"."""
    quantity_scale: Decimal = Decimal(1)
    """What the price was brought to its unit by, wherever the unit was stated (the
    header, the unit column or the price cell's own "/ TB-month"): a stored quantity was
    stated in the same unit, and is brought to it too (500 TB is 500,000 GB)."""


class _LineBuilder:
    """Turns the rows of one table into quote lines.

    A price list repeats the same accelerator names, billing words, units and regions
    on thousands of rows, so every parse is cached per distinct cell value (and per
    distinct combination where several cells decide together); addresses and problems
    are only built for rows that have a problem.

    Most rows of a price list have no problem at all. :meth:`_plain_row_reader` reads
    such a row with the same caches and rules as :meth:`row`, from columns taken out
    of the table once, and gives up on the first sign of anything to report (or of a
    rare layout: hidden rows, formulas, a line total used as the price); :meth:`row`
    then reads that row and reports it. Both give the same lines (a test reads files
    both ways).
    """

    fast_rows: ClassVar[bool] = True
    """Read problem-free rows with :meth:`_plain_row_reader` (off only to compare)."""

    def __init__(
        self, reader: _Reader, table: Table, mapping: ColumnMapping, group: _QuoteGroup
    ) -> None:
        self.r = reader
        self.table = table
        self.sheet = table.sheet
        self.mapping = mapping
        self.group = group
        self.columns: dict[Field, MappedColumn] = {
            c.field: c
            for c in mapping.columns
            if c.field is not None and c.field not in (Field.IGNORE, Field.DETAILS, Field.PRICE)
        }
        self.index: dict[Field, int] = {f: c.index for f, c in self.columns.items()}
        self.fields = list(self.index.items())
        self.cells: dict[Field, CellValue] = {}
        self.prices = mapping.price_columns()
        self.fee_columns = mapping.fee_columns()
        total = self.columns.get(Field.LINE_TOTAL)
        self.monthly_total = (
            total is not None and total.unit is not None and total.unit.period is Period.MONTH
        )
        """The line total column says it is a month's ("Monthly total")."""
        self.details = [c.index for c in mapping.detail_columns()]
        self.memory_column = next(
            (
                c.index
                for c in mapping.columns
                if c.field in (None, Field.IGNORE, Field.DETAILS) and MEMORY_HEADER.search(c.header)
            ),
            None,
        )
        """A column stating each accelerator's memory: it picks the variant a name means."""
        self.c_memory: dict[tuple[AliasMatch, CellValue], AliasMatch] = {}
        from computescore.io.reader.identity import gpu_price_column

        self.gpu_price_column = gpu_price_column(self, mapping)
        """A price per GPU beside the price per instance that is read ("Instance price
        per hour" and "GPU price per hour"): their ratio is the instance's size."""
        self.unit_column = self.columns.get(Field.PRICE_UNIT)
        self.header_per_node = mapping.header_per_node()
        self.header_width = max(
            (i + 1 for i, h in enumerate(table.headers) if not is_blank(h)), default=0
        )
        # What stands above the table (on the page it starts on, when it carries over).
        origin = table.continues or table
        context = " ".join(
            [
                origin.sheet.name,
                *(
                    str(v)
                    for r in range(origin.header_rows[0])
                    for v in origin.sheet.rows[r]
                    if isinstance(v, str)
                ),
            ]
        )
        self.lease_context = bool(_LEASE_CONTEXT.search(context.casefold()))
        self.order_term = order_term(context)
        """The term an order form states above its table ("Initial Term: 24 months")."""
        self.order_term_used = False
        """A compute line that stated no term of its own was given the order's."""
        # A purchase quote's table: quantity × unit price = extended price. A price
        # whose header and cell state no period is then one-off, per item.
        # A table with a count column: a line without a count is worth a warning. A price
        # list without one offers each line per instance or GPU, and says so once.
        self.counted = any(
            f in self.index for f in (Field.NODES, Field.ACCELERATOR_COUNT, Field.QUANTITY)
        )
        self.uncounted = 0
        self.plan_indexes = [self.index.get(f) for f in PLAN_FIELDS]
        self.plan_columns = any(i is not None for i in self.plan_indexes)
        """The table states capacity, minimums or lead times (see ``plan_terms``)."""
        self.discount_column = mapping.discount_column()
        self.discounted: list[str] = []
        """How each price was taken net of its discount (the first is told)."""
        self.assumed: dict[tuple[int, str], str] = {}
        """Units read by assumption, per price column: told once for the column."""
        self.line_item_table = Field.LINE_TOTAL in self.index and (
            Field.QUANTITY in self.index or Field.NODES in self.index
        )
        self.formulas = self.sheet.formulas
        self.c_kind: dict[CellValue, tuple[str | None, Problem | None]] = {}
        self.c_acc: dict[CellValue, tuple[AliasMatch | None, Problem | None]] = {}
        self.c_count: dict[tuple[Field, CellValue], tuple[int | None, Problem | None]] = {}
        self.c_qty: dict[CellValue, tuple[Decimal | None, Problem | None]] = {}
        self.c_terms: dict[tuple[CellValue, ...], tuple[Any, ...]] = {}
        self.c_currency: dict[CellValue, str | None] = {}
        self.c_money: dict[tuple[CellValue, str | None], tuple[Money | None, Problem | None]] = {}
        self.c_unit_text: dict[CellValue, UnitHint | None] = {}
        self.c_priced: dict[tuple[Any, ...], _Priced] = {}
        self.c_place: dict[tuple[CellValue, CellValue], str | None] = {}
        self.c_category: dict[tuple[Any, ...], tuple[CostCategory, Problem | None]] = {}
        self.c_plain_money: dict[tuple[Any, str | None], Money] = {}
        self.c_looks: dict[str, bool] = {}
        self.c_described: dict[str, TermsReading | None] = {}
        self.c_plan: dict[tuple[CellValue, ...], Any] = {}

    # -- helpers

    def fetch(self, values: Sequence[CellValue]) -> None:
        """Take the mapped cells of the row being read (empty cells and dashes left out)."""
        width = len(values)
        cells: dict[Field, CellValue] = {}
        for fld, index in self.fields:
            if index < width:
                value = values[index]
                if value is not None and (
                    value.__class__ is not str or (value.strip() not in _DASHES)
                ):
                    cells[fld] = value
        self.cells = cells

    def get(self, fld: Field) -> CellValue:
        """The current row's value of a field, None when empty."""
        return self.cells.get(fld)

    def at(self, row: TableRow, column: MappedColumn | int) -> str:
        index = column if isinstance(column, int) else column.index
        return self.r.cell(self.sheet, row.index, index)

    def source(self, row: TableRow) -> str:
        return self.r.line_source(self.sheet, row.index)

    # -- rows without problems

    def _columns(self, rows: Sequence[TableRow]) -> dict[Field, list[CellValue]]:
        """Each mapped field's cells down the table, None where empty or a dash."""
        values = [row.values for row in rows]
        narrowest = min(map(len, values), default=0)
        columns: dict[Field, list[CellValue]] = {}
        for fld, index in self.fields:
            if index < narrowest:
                column = list(map(itemgetter(index), values))
            else:
                column = [cells[index] if index < len(cells) else None for cells in values]
            dashes = {
                value
                for value in set(column)
                if value.__class__ is str and value.strip() in _DASHES
            }
            if dashes:
                column = [
                    None if value.__class__ is str and value in dashes else value
                    for value in column
                ]
            columns[fld] = column
        return columns

    def _plain_row_reader(self) -> Callable[[int, TableRow], list[QuoteLine] | None]:
        """A reader for rows that yield lines without any problem (see :mod:`.fast_rows`)."""
        from computescore.io.reader.fast_rows import plain_row_reader

        return plain_row_reader(self)

    # -- build

    def build(self) -> None:
        from computescore.io.reader.table_checks import (
            column_notes,
            quote_fields,
            read_closing_block,
            recurring_line_totals,
        )
        from computescore.io.reader.whole_table import as_the_table_says

        quote_fields(self)
        include_hidden = self.r.include_hidden
        wide = any(slot.option is not None for slot in self.prices)
        # A purchase quote's lines are few and may state their period in their own words
        # (see :func:`~computescore.io.reader.pricing.stated_period`): read each in full.
        short = (
            self.fast_rows
            and not wide
            and not self.line_item_table
            and self.discount_column is None
            and self.mapping.option_terms is None
            and self.gpu_price_column is None
            and self.sheet not in self.r.placed  # its addresses are the comparison's
        )
        plain = self._plain_row_reader() if short else None
        lines = self.group.lines
        first = len(lines)
        lines_before: list[tuple[int, int]] = []  # (sheet row, lines of this table so far)
        for number, row in enumerate(self.table.rows):
            lines_before.append((row.index, len(lines) - first))
            if row.hidden and not include_hidden:
                self.group.problems.append(
                    Problem(
                        self.source(row),
                        f"Row {self.r.row_number(self.sheet, row.index)} is hidden in the "
                        "workbook and was not imported; import hidden content explicitly to "
                        "include it",
                        Severity.WARNING,
                        found=_row_text(row.values),
                    )
                )
                continue
            read = None if plain is None or row.hidden else plain(number, row)
            if read is None:
                self.row(row)
            else:
                lines.extend(read)
        own = lines[first:]
        carried = self.group.continued_lines(self.table) if self.r.is_pdf else []
        if not self.line_item_table and self.counted and not carried:
            lines[first:] = own = recurring_line_totals(self, own)
        if own and not carried:
            lines[first:] = own = as_the_table_says(self, own, lines_before)
        if self.line_item_table:
            lines.extend(
                read_closing_block(
                    self,
                    [*carried, *own],
                    [(row, count + len(carried)) for row, count in lines_before],
                    len(carried) + len(own),
                )
            )
            own = lines[first:]
        if self.r.is_pdf:
            self.group.continue_table(self.table, [*carried, *own])
        column_notes(self)

    def row(self, row: TableRow) -> None:
        from computescore.io.reader.identity import counts_no_accelerators, cpu_instance, identify
        from computescore.io.reader.pricing import price_line

        values = row.values
        problems: list[Problem] = []
        first = len(self.group.lines)
        if self.r.is_text and len(values) > self.header_width:
            extra = [i for i in range(self.header_width, len(values)) if not is_blank(values[i])]
            if extra:
                line = self.r.row_number(self.sheet, row.index)
                raise FileRefused(
                    self.r.book.path,
                    RefusalCode.CSV_ROW_TOO_WIDE,
                    f"line {line:,} has {len(values)} fields but the header has "
                    f"{self.header_width}; values would land in the wrong columns",
                )
        if row.hidden:
            problems.append(
                Problem(
                    self.source(row),
                    "The row is hidden in the workbook; it was imported as asked",
                    Severity.WARNING,
                )
            )
        self.fetch(values)
        description = self.get(Field.DESCRIPTION)
        desc_text = "" if description is None else str(description)
        if not desc_text and self.line_item_table:
            # "Discount | | | | | -$94,386.00": the words stand in another column
            desc_text = next(
                (
                    c.strip()
                    for c in values
                    if isinstance(c, str) and any(ch.isalpha() for ch in c) and not is_amount(c)
                ),
                "",
            )
        match, kind = identify(self, row, values, desc_text, problems)
        compute = kind is LineKind.COMPUTE
        if not compute and (
            not any(
                self.get(f) is not None
                for f in (Field.QUANTITY, Field.NODES, Field.ACCELERATOR_COUNT)
            )
            or counts_no_accelerators(self)
        ):
            instance = cpu_instance(self, values, desc_text)
            if instance is not None:
                problems.append(
                    Problem(
                        self.source(row),
                        "The row offers an instance without accelerators and orders none of "
                        "it; a price list's other instances are offers of their own, not costs "
                        "of its GPU offers, so it was left out",
                        Severity.WARNING,
                        instance,
                        "GPU instances, or the costs that come with them",
                    )
                )
                self.group.problems.extend(problems)
                return
        if not compute and says_as_used(self.get(Field.QUANTITY)):
            problems.append(
                Problem(
                    self.at(row, self.columns[Field.QUANTITY]),
                    "The service is billed as used and the quote states no amount of use, "
                    "so it has no cost to count and was left out; add the expected use as a "
                    "cost line of its own",
                    Severity.WARNING,
                    str(self.get(Field.QUANTITY)),
                    "a quantity, or the expected amount a month",
                )
            )
            self.group.problems.extend(problems)
            return
        counts = self.counts(row, values, match, compute, problems)
        reading = self.terms(row, values, desc_text, compute, problems)
        line_currency = self.line_currency(row, values, problems)
        priced = unoffered = False
        for slot in self.prices:
            cell = values[slot.index] if slot.index < len(values) else None
            if self.formulas and self.formula_blocks(row, slot, problems):
                priced = True
                continue
            if _filled(cell) is None:
                continue
            if not compute and cell.__class__ is str and says_included(cell):
                # "Data transfer | Included | $0.00": nothing to pay apart, so no line.
                unoffered = True
                problems.append(
                    Problem(
                        self.at(row, slot),
                        "The price says the item is included: it costs nothing apart and "
                        "was not imported as a line",
                        Severity.INFO,
                        str(cell),
                    )
                )
                continue
            if slot.option is not None and unpriced(cell):
                # "Contact sales" under one tier of a wide price list: that option has no
                # price; the line's other options stand.
                unoffered = True
                problems.append(
                    Problem(
                        self.at(row, slot),
                        f"No price is stated for {slot.option.words()}; that option was left out",
                        Severity.WARNING,
                        str(cell),
                        "an amount, or a dash where the option is not offered",
                    )
                )
                continue
            priced = True
            if slot.option is not None and slot.option.accelerator is not None:
                # Accelerators as columns: the column names the line's accelerator.
                named = self.r.resolver.resolve(slot.option.accelerator)
                if named is not None and named != match:
                    match, kind = named, LineKind.COMPUTE
                    counts = self.counts(row, values, match, True, problems)
            price_line(
                self,
                row,
                values,
                slot,
                cell,
                desc_text,
                match,
                kind,
                counts,
                reading,
                line_currency,
                problems,
            )
        if not priced and not unoffered:
            total_value = self.get(Field.LINE_TOTAL)
            if total_value is not None:
                total = self.columns[Field.LINE_TOTAL]
                # A discount, shipping or fee row states only its amount: that is its price.
                if kind is LineKind.COMPUTE or not ADJUSTMENT.search(desc_text.casefold()):
                    problems.append(
                        Problem(
                            self.at(row, total),
                            "The line has no unit price; its total was imported as the price",
                            Severity.WARNING,
                        )
                    )
                price_line(
                    self,
                    row,
                    values,
                    total,
                    total_value,
                    desc_text,
                    match,
                    kind,
                    counts,
                    reading,
                    line_currency,
                    problems,
                    as_total=True,
                )
            else:
                where = self.at(row, self.prices[0]) if self.prices else self.source(row)
                problems.append(
                    Problem(
                        where, "The line has no price", Severity.ERROR, _row_text(values), "a price"
                    )
                )
        if self.plan_columns:
            plan_terms(self, row, first, problems)
        if problems:
            self.group.problems.extend(problems)

    def counts(
        self,
        row: TableRow,
        values: Sequence[CellValue],
        match: AliasMatch | None,
        compute: bool,
        problems: list[Problem],
    ) -> tuple[int | None, int | None, int | None, Decimal | None]:
        def count_of(fld: Field, what: str) -> int | None:
            value = self.get(fld)
            if value is None:
                return None
            key = (fld, value)
            found = self.c_count.get(key)
            if found is None:
                found = self.c_count[key] = parse_count(value, what=what)
            number, problem = found
            if problem:
                problems.append(replace(problem, source=self.at(row, self.columns[fld])))
            return number

        quantity_value = self.get(Field.QUANTITY)
        quantity: Decimal | None = None
        if says_as_used(quantity_value):
            problems.append(
                Problem(
                    self.at(row, self.columns[Field.QUANTITY]),
                    "The quantity says the service is billed as used: the line is a rate, "
                    "with no quantity",
                    Severity.INFO,
                    str(quantity_value),
                )
            )
            quantity_value = None
        quantity_value = counted_quantity(quantity_value)  # "2 St.", "1 psch."
        if quantity_value is not None:
            found_qty = self.c_qty.get(quantity_value)
            if found_qty is None:
                found_qty = self.c_qty[quantity_value] = parse_decimal(
                    quantity_value, mark=self.r.mark, what="quantity"
                )
            quantity, problem = found_qty
            if problem:
                problems.append(replace(problem, source=self.at(row, self.columns[Field.QUANTITY])))
        per_node = count_of(Field.ACCELERATORS_PER_NODE, "number of accelerators per node")
        nodes = count_of(Field.NODES, "number of nodes")
        count = count_of(Field.ACCELERATOR_COUNT, "number of accelerators")
        if not compute:
            if quantity is None and nodes is not None:
                quantity = Decimal(nodes)
            return None, None, None, quantity
        if per_node is None and match is not None:
            per_node = match.per_node
        if per_node is None:
            per_node = self.header_per_node
        if nodes is None and match is not None and match.nodes is not None:
            nodes = match.nodes
        whole_quantity = None
        if quantity is not None:
            if quantity == quantity.to_integral_value() and quantity >= 0:
                whole_quantity = int(quantity)
            else:
                problems.append(
                    Problem(
                        self.at(row, self.columns[Field.QUANTITY]),
                        "The quantity of a compute line is not a whole number",
                        Severity.ERROR,
                        str(quantity_value),
                        "e.g. 8",
                    )
                )
        if (
            whole_quantity is not None
            and count is None
            and counts_accelerators(self.get(Field.PRICE_UNIT))
        ):
            # "128 | GPUs": the quantity counts accelerators, not nodes of them.
            count = whole_quantity
            if nodes is None and per_node and count % per_node == 0:
                nodes = count // per_node
        elif nodes is None and per_node is not None and whole_quantity is not None:
            nodes = whole_quantity
        elif count is None and per_node is None and whole_quantity is not None:
            count = whole_quantity
        if nodes is not None and per_node is not None:
            product = nodes * per_node
            if count is not None and count != product:
                problems.append(
                    Problem(
                        self.source(row),
                        f"The accelerator count {count} is not nodes × per node "
                        f"({nodes} × {per_node} = {product}); the stated count was kept",
                        Severity.WARNING,
                    )
                )
            elif count is None:
                count = product
        return per_node, nodes, count, None

    # -- deployment and term

    def terms(
        self,
        row: TableRow,
        values: Sequence[CellValue],
        desc_text: str,
        compute: bool,
        problems: list[Problem],
    ) -> tuple[Deployment | None, int | None, UnitHint | None]:
        cells = (
            self.get(Field.DEPLOYMENT),
            self.get(Field.TERM_MONTHS),
            self.get(Field.TIER),
        )
        key = (*cells, compute)
        found = self.c_terms.get(key)
        if found is None:
            found = self.c_terms[key] = self._terms(cells, compute)
        deployment, term, unit_hint, undecided, failed = found
        for fld, problem in failed:
            problems.append(replace(problem, source=self.at(row, self.columns[fld])))
        # A purchase quote's line may state its commitment in its specification
        # ("契約期間12ヶ月、月額"); a price list's term stands in its own column (and its
        # rows take the short path, which reads the description alone).
        texts = [desc_text, *self._detail_texts(values)] if self.line_item_table else [desc_text]
        for text in texts if undecided else ():
            described, _ = parse_terms(text) if text else (None, None)
            if described is None or (described.deployment is None and deployment is None):
                continue
            deployment = deployment or described.deployment
            term = term or described.term_months
            if term is not None:
                break
        # A price list's "Consumption" (pay as you go), or nothing, for a machine named
        # "… Spot".
        if deployment in _PAY_AS_USED and names_spot(self.get(Field.ACCELERATOR)):
            deployment = Deployment.SPOT
        return deployment, term, unit_hint

    def _detail_texts(self, values: Sequence[CellValue]) -> list[str]:
        return [
            str(values[i]) for i in self.details if i < len(values) and isinstance(values[i], str)
        ]

    def _terms(self, cells: tuple[CellValue, ...], compute: bool) -> tuple[Any, ...]:
        readings: list[TermsReading] = []
        unit_hint: UnitHint | None = None
        failed: list[tuple[Field, Problem]] = []
        for fld, strict, value in zip(
            (Field.DEPLOYMENT, Field.TERM_MONTHS, Field.TIER),
            (True, True, False),
            cells,
            strict=True,
        ):
            if value is None:
                continue
            reading, problem = parse_terms(value)
            if reading is not None:
                readings.append(reading)
                unit_hint = unit_hint or reading.unit
            elif strict:
                hint = parse_unit_text(value)
                if hint is not None:
                    unit_hint = unit_hint or hint
                elif compute and problem is not None:
                    failed.append((fld, replace(problem, severity=Severity.WARNING)))
        term = next((r.term_months for r in readings if r.term_months is not None), None)
        if not compute:
            # A cost line keeps a stated term ("financed, 36 months"), not a deployment.
            return None, term, unit_hint, False, tuple(failed)
        deployments = {r.deployment for r in readings if r.deployment is not None}
        deployment = next((d for d in _PRECEDENCE if d in deployments), None)
        return deployment, term, unit_hint, deployment is None, tuple(failed)

    def line_currency(
        self, row: TableRow, values: Sequence[CellValue], problems: list[Problem]
    ) -> str | None:
        value = self.get(Field.CURRENCY)
        if value is None:
            return None
        if value not in self.c_currency:
            code, _ = currency_in_text(str(value))
            self.c_currency[value] = None if code is None or code in AMBIGUOUS_MARKS else code
        code = self.c_currency[value]
        if code is None:
            problems.append(
                Problem(
                    self.at(row, self.columns[Field.CURRENCY]),
                    "The currency is not an ISO code",
                    Severity.WARNING,
                    str(value),
                    "e.g. USD, EUR, CNY",
                )
            )
        return code

    def formula_blocks(self, row: TableRow, slot: MappedColumn, problems: list[Problem]) -> bool:
        formula = self.formulas.get((row.index, slot.index))
        if formula is None:
            return False
        where = self.at(row, slot)
        if not formula.cached:  # none saved, or an empty one (a file written by a library)
            from computescore.io.reader.pricing import unsaved_formula

            problems.append(unsaved_formula(where, formula))
            return True
        problems.append(
            Problem(
                where,
                f"The price comes from the formula ={formula.formula}; the value saved with "
                f"the file ({formula.cached}) was used, which Excel would recalculate; check it",
                Severity.WARNING,
                f"={formula.formula} → {formula.cached}",
            )
        )
        return False

    # -- one priced line

    def money(self, cell: CellValue, hint: str | None) -> tuple[Money | None, Problem | None]:
        if cell.__class__ is float:
            return Money(Decimal(repr(cell)), hint), None
        if cell.__class__ is str and _PLAIN_AMOUNT.fullmatch(cell):
            return Money(Decimal(cell), hint), None
        key = (cell, hint)
        found = self.c_money.get(key)
        if found is None:
            found = self.c_money[key] = parse_money(cell, currency=hint, mark=self.r.mark)
        return found

    def category(
        self,
        row: TableRow,
        values: Sequence[CellValue],
        desc_text: str,
        unit: PriceUnit,
        problems: list[Problem],
    ) -> CostCategory:
        value = self.get(Field.CATEGORY)
        details = tuple(self._detail_texts(values))
        key = (desc_text, unit, value, row.section, details)
        found = self.c_category.get(key)
        if found is None:
            found = self.c_category[key] = self._category(
                desc_text, unit, value, row.section, details
            )
        category, problem = found
        if problem:
            problems.append(replace(problem, source=self.at(row, self.columns[Field.CATEGORY])))
        return category

    @staticmethod
    def _category(
        desc_text: str,
        unit: PriceUnit,
        value: CellValue,
        section: str | None,
        details: tuple[CellValue, ...],
    ) -> tuple[CostCategory, Problem | None]:
        if value is not None:
            category, problem = parse_category(value)
            if category is not None:
                return category, problem
        if unit is PriceUnit.PER_KW_MONTH:
            return CostCategory.FACILITY, None
        if unit.per_tokens:
            return CostCategory.TOKENS, None
        category = categorise_cost(desc_text)
        if category is not CostCategory.OTHER:
            return category, None
        for text in details:
            found = categorise_cost(text)
            if found is not CostCategory.OTHER:
                return found, None
        if section:
            return categorise_cost(section), None
        return CostCategory.OTHER, None

    def check_total(
        self,
        row: TableRow,
        value: CellValue,
        line: QuoteLine,
        problems: list[Problem],
    ) -> None:
        # A price per hour is checked only against a monthly total: × 730 hours.
        hours = (
            Decimal(HOURS_PER_MONTH)
            if line.price_unit in (PriceUnit.PER_GPU_HOUR, PriceUnit.PER_NODE_HOUR)
            and self.monthly_total
            else None
        )
        if hours is None and line.price_unit not in (
            PriceUnit.PER_UNIT,
            PriceUnit.PER_MONTH,
            PriceUnit.PER_NODE_MONTH,
            PriceUnit.PER_GPU_MONTH,
        ):
            return
        if value is None:
            return
        money, problem = self.money(value, line.currency)
        if money is None or problem is not None:
            return
        stated_unit = self.columns[Field.LINE_TOTAL].unit
        if stated_unit is not None and stated_unit.period is Period.MONTH:
            money = replace(money, amount=money.amount * stated_unit.scale)  # a quarter's: ÷ 3
        if line.kind is LineKind.COST:
            units = line.quantity
        elif (
            line.price_unit
            in (PriceUnit.PER_NODE_MONTH, PriceUnit.PER_UNIT, PriceUnit.PER_NODE_HOUR)
            and line.nodes
        ):
            units = Decimal(line.nodes)
        else:
            units = Decimal(line.accelerator_count) if line.accelerator_count else None
        if units is None:
            return
        expected = line.price * units * (hours or 1)
        # A monthly price's line total may be for its whole term (¥68,000 × 4 × 12 months).
        term = line.term_months if line.price_unit is not PriceUnit.PER_UNIT else None
        matches = [expected, *([expected * term] if term else [])]
        tolerance = abs(money.amount) * Decimal("0.005")
        if money.amount and all(abs(m - money.amount) > tolerance for m in matches):
            over_term = f", or × {term} months = {expected * term}" if term else ""
            in_hours = f" × {hours} hours" if hours else ""
            problems.append(
                Problem(
                    self.at(row, self.columns[Field.LINE_TOTAL]),
                    f"The line total does not equal price × quantity{in_hours} ({line.price} × "
                    f"{units}{in_hours} = {expected}{over_term})",
                    Severity.WARNING,
                    str(value),
                    str(expected),
                )
            )


def rows_of_lines(lines_before: Sequence[tuple[int, int]], count: int) -> list[int]:
    """The sheet row each of a table's ``count`` lines was read from, given each row with
    the count of lines made before it (rows that made none are passed over).

    >>> rows_of_lines([(4, 0), (5, 1), (6, 1), (7, 3)], 4)
    [4, 6, 6, 7]
    """
    out: list[int] = []
    for number, (row, before) in enumerate(lines_before):
        after = lines_before[number + 1][1] if number + 1 < len(lines_before) else count
        out.extend([row] * (after - before))
    return out[:count]


def _amount(value: Decimal) -> str:
    """``606400.0`` → ``606,400``; ``1234.5`` → ``1,234.50``."""
    return f"{value:,.0f}" if value == value.to_integral_value() else f"{value:,.2f}"


def _row_text(values: Sequence[CellValue]) -> str:
    return " | ".join(str(v) for v in values if not is_blank(v))[:200]


def describe_problem(problem: Problem) -> str:
    """One line for a problem, as the command line prints it."""
    return f"{problem.severity.value}: {problem}"
