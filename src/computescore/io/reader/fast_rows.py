"""The fast path of the line reader: rows that yield lines with no problem.

A price list is mostly such rows. :func:`plain_row_reader` takes the same small,
cached steps as :meth:`_LineBuilder.row` on cells prepared column by column, and
hands a row back (None) as soon as anything would need a problem reported. What a
row's cells other than its prices say (the accelerator, the counts, the terms, the
currency, the place) is worked out once per distinct set of those cells: a price
list of 100,000 lines repeats a few hundred of them. A description is part of that set
only where it is read for more than the line's own words (to name the accelerator or
the terms), so a list that describes every line in its own words still repeats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from operator import attrgetter
from typing import Any

from computescore.domain.catalog import AliasMatch
from computescore.domain.problems import Problem
from computescore.domain.quotes import Deployment, LineKind, PriceUnit, QuoteLine
from computescore.io.accelerators import sized_by_details
from computescore.io.cell_kinds import DASHES as _DASHES
from computescore.io.cell_kinds import says_nought
from computescore.io.mapping import Field
from computescore.io.places import country_of
from computescore.io.reader.identity import resolve_column_value, sized_by_memory
from computescore.io.reader.lines import _UNSEEN, _LineBuilder
from computescore.io.reader.order_context import counts_accelerators
from computescore.io.reader.plan_terms import plan_doubts, plan_reading, with_plan_words
from computescore.io.reader.pricing import (
    _MOST_PER_PERIOD,
    _NEAR_PAR,
    decide,
    scaled_amount,
    sized_by_count,
)
from computescore.io.table_finder import TableRow
from computescore.io.values import (
    AMBIGUOUS_MARKS,
    currency_in_text,
    looks_like_accelerator,
    names_cpu_instance,
    names_spot,
    parse_count,
    parse_decimal,
    parse_kind,
    parse_terms,
    parse_unit_text,
)
from computescore.io.workbook import CellValue

HEADS_KEPT = 50_000
"""At most this many distinct sets of cells are remembered; rows past it whose set is new
are worked out on their own. Remembering one costs far less than working it out, so
every set is kept up to this bound on memory (about 15 MB), even in a list whose sets
repeat only a few times each (7 accelerators × 4 billings × 5 regions × 64 node
counts)."""


_LINE_FIELDS = (
    "kind",
    "description",
    "price",
    "price_unit",
    "currency",
    "category",
    "accelerator",
    "accelerators_per_node",
    "nodes",
    "accelerator_count",
    "quantity",
    "deployment",
    "term_months",
    "region",
    "country",
    "source",
    "lead_time_days",
)


def _line_maker() -> Callable[..., QuoteLine]:
    """A function taking QuoteLine's fields in order and returning the line.

    A frozen dataclass's constructor sets each field through ``object.__setattr__``
    by name, which is a fifth of reading a problem-free row. QuoteLine is a frozen,
    slotted dataclass with nothing to run after its fields are set, so storing the
    values through its slots gives an equal object for less. Should its fields change,
    or should it ever check its values (``__post_init__``), the constructor is used.
    """
    if (
        tuple(QuoteLine.__dataclass_fields__) != _LINE_FIELDS
        or getattr(QuoteLine, "__slots__", ()) != _LINE_FIELDS
        or hasattr(QuoteLine, "__post_init__")
    ):
        return QuoteLine
    (s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16) = (
        getattr(QuoteLine, name).__set__ for name in _LINE_FIELDS
    )
    create = object.__new__

    def make(  # noqa: PLR0913 - QuoteLine's seventeen fields, in order
        v0: Any, v1: Any, v2: Any, v3: Any, v4: Any, v5: Any, v6: Any, v7: Any,
        v8: Any, v9: Any, v10: Any, v11: Any, v12: Any, v13: Any, v14: Any, v15: Any,
        v16: Any,
    ) -> QuoteLine:  # fmt: skip
        line: QuoteLine = create(QuoteLine)
        s0(line, v0)
        s1(line, v1)
        s2(line, v2)
        s3(line, v3)
        s4(line, v4)
        s5(line, v5)
        s6(line, v6)
        s7(line, v7)
        s8(line, v8)
        s9(line, v9)
        s10(line, v10)
        s11(line, v11)
        s12(line, v12)
        s13(line, v13)
        s14(line, v14)
        s15(line, v15)
        s16(line, v16)
        return line

    return make


_STORED = frozenset({PriceUnit.PER_GB, PriceUnit.PER_GB_MONTH})

_Head = tuple[Any, ...]
"""What a problem-free row's cells other than its prices say, shared by the rows that
repeat those cells: (description, the lines' description, kind, compute?, accelerator,
per node, nodes, count, quantity, deployment, term, the terms' price unit, the line's
currency, the price unit stated in its own column, region, country, uncounted?, and the
price decisions of these cells per price column and price unit)."""


_DESCRIBED: Any = object()
"""A head that depends on the row's description: it is kept by the description too."""

_values = attrgetter("values")
_TEXT_OR_NONE = frozenset((str, type(None)))


def _keyed(column: list[CellValue]) -> list[Any]:
    """A column whose text is used as written, made safe to key by: equal numbers of
    other kinds (1, 1.0, True; 0.0 and -0.0) would share a key but not a text."""
    if set(map(type, column)) <= _TEXT_OR_NONE:
        return column
    return [
        value if value is None or value.__class__ is str else (value.__class__, repr(value))
        for value in column
    ]


def plain_row_reader(builder: _LineBuilder) -> Callable[[int, TableRow], list[QuoteLine] | None]:
    """A reader for rows that yield lines without any problem; None means "ask :meth:`row`".

    The steps are those of :meth:`row` (same caches, same order), with the cells
    taken from columns prepared once; anything :meth:`row` would report, and every
    rare case, returns None before a line is kept.
    """
    reader = builder.r
    rows = builder.table.rows
    columns = builder._columns(rows)
    empty: list[CellValue] = [None] * len(rows)
    c_desc = columns.get(Field.DESCRIPTION, empty)
    c_kind = columns.get(Field.KIND, empty)
    c_acc = columns.get(Field.ACCELERATOR, empty)
    c_per_node = columns.get(Field.ACCELERATORS_PER_NODE, empty)
    header_per_node = builder.header_per_node
    c_nodes = columns.get(Field.NODES, empty)
    c_count = columns.get(Field.ACCELERATOR_COUNT, empty)
    c_qty = columns.get(Field.QUANTITY, empty)
    c_deployment = columns.get(Field.DEPLOYMENT, empty)
    c_term = columns.get(Field.TERM_MONTHS, empty)
    c_tier = columns.get(Field.TIER, empty)
    c_currency = columns.get(Field.CURRENCY, empty)
    c_unit = columns.get(Field.PRICE_UNIT, empty)
    c_region = columns.get(Field.REGION, empty)
    c_country = columns.get(Field.COUNTRY, empty)
    c_category = columns.get(Field.CATEGORY, empty)
    c_total = columns.get(Field.LINE_TOTAL)
    has_accelerator_column = Field.ACCELERATOR in builder.columns
    details = builder.details
    slots = [(slot, slot.index) for slot in builder.prices]
    formulas = builder.formulas
    is_text = reader.is_text
    header_width = builder.header_width
    resolve = reader.resolver.resolve
    mark = reader.mark
    mapping_currency = builder.mapping.currency or reader.currency
    address_prefix = reader.prefix(builder.sheet)
    line_numbers = builder.sheet.line_numbers
    numbered = len(line_numbers)
    kinds, accelerators, counts, quantities = (
        builder.c_kind,
        builder.c_acc,
        builder.c_count,
        builder.c_qty,
    )
    terms_cache, currencies, units = builder.c_terms, builder.c_currency, builder.c_unit_text
    priced_cache, places, categories = builder.c_priced, builder.c_place, builder.c_category
    plain_money, looks, described_cache = (
        builder.c_plain_money,
        builder.c_looks,
        builder.c_described,
    )
    check_total = builder.check_total
    fee_columns = builder.fee_columns
    terms_of, money_of = builder._terms, builder.money
    new_line = _line_maker()
    plan_active = builder.plan_columns
    most_per_period, near_par = _MOST_PER_PERIOD, _NEAR_PAR
    compute_kind, cost_kind = LineKind.COMPUTE, LineKind.COST
    on_demand, spot = Deployment.ON_DEMAND, Deployment.SPOT
    per_node_field, nodes_field, count_field = (
        Field.ACCELERATORS_PER_NODE,
        Field.NODES,
        Field.ACCELERATOR_COUNT,
    )

    def count_of(fld: Field, value: CellValue, what: str) -> tuple[int | None, Problem | None]:
        found = counts[(fld, value)] = parse_count(value, what=what)
        return found

    assumed = builder.assumed
    counted = builder.counted
    heads: dict[tuple[Any, ...], _Head | None] = {}
    # Whether a row has a description at all is part of its key; the description itself
    # only where :func:`head_of` reads it (``reads_description``), in a second key.
    reads_description: list[bool] = []
    described_heads: dict[tuple[Any, ...], _Head | None] = {}
    keyed_desc = _keyed(c_desc)
    key_columns = [
        column
        for column in (
            [value is None or value == "" for value in c_desc],
            c_kind,
            c_acc,
            c_per_node,
            c_nodes,
            c_count,
            c_qty,
            c_deployment,
            c_term,
            c_tier,
            c_currency,
            c_unit,
            _keyed(c_region),
            c_country,
        )
        if column is not empty
    ]
    if not has_accelerator_column:  # the detail texts can name the accelerator
        key_columns += [
            [cells[i] if i < len(cells) else None for cells in map(_values, rows)] for i in details
        ]
    memory_index = builder.memory_column
    if memory_index is not None:  # the memory column picks the accelerator's variant
        key_columns.append(
            _keyed(
                [
                    cells[memory_index] if memory_index < len(cells) else None
                    for cells in map(_values, rows)
                ]
            )
        )
    keys: list[tuple[Any, ...]] = (
        list(zip(*key_columns, strict=True)) if key_columns else [()] * len(rows)
    )

    def head_of(number: int, values: Sequence[CellValue], width: int) -> _Head | None:
        """What a row's cells other than its prices say, or None to ask :meth:`row`."""
        description = c_desc[number]
        desc_text = "" if description is None else str(description)

        # identity, as identify()
        stated_kind = None
        kind_value = c_kind[number]
        if kind_value is not None:
            found_kind = kinds.get(kind_value)
            if found_kind is None:
                found_kind = kinds[kind_value] = parse_kind(kind_value)
            stated_kind, problem = found_kind
            if problem:
                return None
        match: AliasMatch | None = None
        if has_accelerator_column:
            value = c_acc[number]
            if value is not None:
                resolved = accelerators.get(value)
                if resolved is None:
                    resolved = accelerators[value] = resolve_column_value(builder, value)
                match, problem = resolved
                if problem:
                    return None
            if (
                match is not None
                and match.per_node is None
                and desc_text
                and c_per_node[number] is None
            ):
                reads_description.append(True)
                from_description = resolve(desc_text)
                if (
                    from_description is not None
                    and from_description.accelerator_id == match.accelerator_id
                ):
                    match = from_description
        elif stated_kind != "cost":
            if desc_text:
                reads_description.append(True)
            texts = [desc_text] + [
                str(values[i]) for i in details if i < width and isinstance(values[i], str)
            ]
            for text in texts:
                if text:
                    match = resolve(text)
                    if match is not None:
                        break
            match = sized_by_details(match, texts[1:], resolve)
            if match is None:
                if stated_kind == "compute":
                    return None
                sounds = looks.get(desc_text)
                if sounds is None:
                    sounds = looks[desc_text] = looks_like_accelerator(desc_text)
                if sounds:
                    return None
        if (
            match is None
            and c_qty[number] is None
            and c_nodes[number] is None
            and c_count[number] is None
            and any(
                names_cpu_instance(t)
                for t in (
                    desc_text,
                    c_acc[number],
                    *(() if has_accelerator_column else (values[i] for i in details if i < width)),
                )
            )
        ):
            return None  # an instance without accelerators: :meth:`row` leaves it out
        if match is None and (says_nought(c_per_node[number]) or says_nought(c_count[number])):
            return None  # "0 GPUs": a CPU instance, which :meth:`row` leaves out
        if stated_kind == "cost":
            match, kind = None, cost_kind
        else:
            if match is not None and memory_index is not None:
                match = sized_by_memory(builder, match, values)
            kind = compute_kind if match is not None else cost_kind
        compute = kind is compute_kind

        # counts, as counts()
        quantity_value = c_qty[number]
        quantity: Decimal | None = None
        if quantity_value is not None:
            found_qty = quantities.get(quantity_value)
            if found_qty is None:
                found_qty = quantities[quantity_value] = parse_decimal(
                    quantity_value, mark=mark, what="quantity"
                )
            quantity, problem = found_qty
            if problem:
                return None
        per_node = nodes = count = None
        value = c_per_node[number]
        if value is not None:
            found_count = counts.get((per_node_field, value))
            if found_count is None:
                found_count = count_of(per_node_field, value, "number of accelerators per node")
            per_node, problem = found_count
            if problem:
                return None
        value = c_nodes[number]
        if value is not None:
            found_count = counts.get((nodes_field, value))
            if found_count is None:
                found_count = count_of(nodes_field, value, "number of nodes")
            nodes, problem = found_count
            if problem:
                return None
        value = c_count[number]
        if value is not None:
            found_count = counts.get((count_field, value))
            if found_count is None:
                found_count = count_of(count_field, value, "number of accelerators")
            count, problem = found_count
            if problem:
                return None
        if not compute:
            if quantity is None and nodes is not None:
                quantity = Decimal(nodes)
            per_node = nodes = count = None
        else:
            if per_node is None and match is not None:
                per_node = match.per_node
            if per_node is None:
                per_node = header_per_node
            if nodes is None and match is not None and match.nodes is not None:
                nodes = match.nodes
            whole_quantity = None
            if quantity is not None:
                if quantity == quantity.to_integral_value() and quantity >= 0:
                    whole_quantity = int(quantity)
                else:
                    return None
            if whole_quantity is not None and count is None and counts_accelerators(c_unit[number]):
                count = whole_quantity
                if nodes is None and per_node and count % per_node == 0:
                    nodes = count // per_node
            elif nodes is None and per_node is not None and whole_quantity is not None:
                nodes = whole_quantity
            elif count is None and per_node is None and whole_quantity is not None:
                count = whole_quantity
            if nodes is not None and per_node is not None:
                product = nodes * per_node
                if count is None:
                    count = product
                elif count != product:
                    return None
            quantity = None

        # deployment and term, as terms()
        key: tuple[Any, ...] = (
            c_deployment[number],
            c_term[number],
            c_tier[number],
            compute,
        )
        found_terms = terms_cache.get(key)
        if found_terms is None:
            found_terms = terms_cache[key] = terms_of(key[:3], compute)
        deployment, term, terms_unit, undecided, failed = found_terms
        if failed:
            return None
        if undecided and desc_text:
            reads_description.append(True)
            if desc_text in described_cache:
                described = described_cache[desc_text]
            else:
                described = described_cache[desc_text] = parse_terms(desc_text)[0]
            if described is not None and described.deployment is not None:
                deployment = described.deployment
                if term is None:
                    term = described.term_months
        if (deployment is None or deployment is on_demand) and names_spot(c_acc[number]):
            deployment = spot

        # the line's currency, as line_currency()
        line_currency = None
        value = c_currency[number]
        if value is not None:
            if value not in currencies:
                code, _ = currency_in_text(str(value))
                currencies[value] = None if code is None or code in AMBIGUOUS_MARKS else code
            line_currency = currencies[value]
            if line_currency is None:
                return None

        # the price's unit stated in its own column, and the place, as price_line()
        column_hint = None
        unit_value = c_unit[number]
        if unit_value is not None:
            if unit_value not in units:
                units[unit_value] = parse_unit_text(unit_value)
            column_hint = units[unit_value]
            if column_hint is None:
                return None
        region_value = c_region[number]
        country_value = c_country[number]
        place_key = (region_value, country_value)
        country = places.get(place_key, _UNSEEN)
        if country is _UNSEEN:
            country = places[place_key] = country_of(
                country_value if country_value is not None else region_value
            )
        if country_value is not None and country is None:
            return None
        line_text = desc_text
        named = c_acc[number]
        if not desc_text and compute and named.__class__ is str:
            tier = c_tier[number]
            tier_text = "" if tier is None else str(tier).strip()
            line_text = f"{named}, {tier_text}" if tier_text else named
        return (
            desc_text,
            line_text,
            kind,
            compute,
            match.accelerator_id if match is not None and compute else None,
            per_node,
            nodes,
            count,
            quantity,
            deployment,
            term,
            terms_unit,
            line_currency,
            column_hint,
            None if region_value is None else str(region_value),
            country,
            compute and count is None and nodes is None,
            {},
        )

    def read(number: int, row: TableRow) -> list[QuoteLine] | None:
        values = row.values
        width = len(values)
        if (is_text and width > header_width) or row.section_unit is not None:
            return None
        # Everything but the prices depends only on these cells (and, with no
        # accelerator column, on the detail texts): price lists repeat them, so what
        # they say is worked out once per distinct set (up to HEADS_KEPT sets).
        key = keys[number]
        head = heads.get(key, _UNSEEN)
        if head is _UNSEEN:
            reads_description.clear()
            head = head_of(number, values, width)
            if len(heads) + len(described_heads) < HEADS_KEPT:
                if reads_description:
                    heads[key] = _DESCRIBED
                    described_heads[key, keyed_desc[number]] = head
                else:
                    heads[key] = head
        elif head is _DESCRIBED:
            full_key = (key, keyed_desc[number])
            head = described_heads.get(full_key, _UNSEEN)
            if head is _UNSEEN:
                head = head_of(number, values, width)
                if len(heads) + len(described_heads) < HEADS_KEPT:
                    described_heads[full_key] = head
        if head is None:
            return None
        (
            desc_text,
            line_text,
            kind,
            compute,
            accelerator,
            per_node,
            nodes,
            count,
            quantity,
            deployment,
            term,
            terms_unit,
            line_currency,
            column_hint,
            region,
            country,
            uncounted,
            decisions,
        ) = head
        if uncounted and counted:
            return None
        if desc_text:  # the head may be another row's: the words are this row's own
            desc_text = line_text = str(c_desc[number])
        plan = plan_reading(builder, values) if plan_active else None
        lead_days = plan.days if plan is not None else None
        text = line_text

        # every price, as price_line()
        made: list[QuoteLine] = []
        for slot, index in slots:
            cell = values[index] if index < width else None
            if formulas and (row.index, index) in formulas:
                return None
            if cell is None or (cell.__class__ is str and cell.strip() in _DASHES):
                continue
            hint_currency = line_currency or slot.currency or mapping_currency
            # Text and non-zero floats are kept per value (an int could stand for an
            # equal float, and 0.0 for -0.0, so those are read each time).
            kept = cell.__class__ is str or (cell.__class__ is float and cell)
            money_key = (cell, hint_currency)
            money = plain_money.get(money_key) if kept else None
            if money is None:
                money, problem = money_of(cell, hint_currency)
                if problem is not None or money is None:
                    return None
                if kept:
                    plain_money[money_key] = money
            if (
                line_currency
                and money.currency
                and money.currency != line_currency
                and (slot.currency is None or money.currency != slot.currency)
            ):
                return None
            currency = money.currency or hint_currency
            if currency is None:
                return None
            if not money.amount and fee_columns:
                if index in fee_columns:
                    continue  # no fee to set up: no line
                return None  # nil beside a fee may be a term paid up front: the full path
            decided = decisions.get((index, money.unit))
            if decided is None:
                decision_key = (
                    index,
                    money.unit,
                    column_hint,
                    terms_unit,
                    False,
                    compute,
                    per_node is not None,
                    deployment,
                    term,
                )
                decided = priced_cache.get(decision_key)
                if decided is None:
                    decided = priced_cache[decision_key] = decide(builder, slot, *decision_key[1:])
                decisions[(index, money.unit)] = decided
            unit = decided.unit
            if unit is None or (
                per_node is None
                and count is not None
                and sized_by_count(compute, unit, (per_node, nodes, count, quantity))
            ):
                return None  # sized by its count: the full path says so
            if decided.assumed:
                assumed.setdefault((index, decided.assumed), str(cell))
            category = None
            if not compute:
                category_value = c_category[number]
                texts_found = tuple(
                    values[i] for i in details if i < width and isinstance(values[i], str)
                )
                category_key = (desc_text, unit, category_value, row.section, texts_found)
                found_category = categories.get(category_key)
                if found_category is None:
                    found_category = categories[category_key] = builder._category(
                        desc_text, unit, category_value, row.section, texts_found
                    )
                category, problem = found_category
                if problem:
                    return None
            if decided.quantity_scale != 1 and quantity is not None and unit in _STORED:
                return None  # the quantity counts terabytes: the full path says so
            amount = scaled_amount(money.amount, decided.scale)
            if compute:
                if amount < 0:
                    return None  # the full path refuses it, with its reason
                most = most_per_period.get(unit)
                if most is not None and (
                    not amount or (amount > most and currency.upper() in near_par)
                ):
                    return None  # implausible_price has a word to say
            line_number = line_numbers[row.index] if row.index < numbered else row.index + 1
            if plan is not None and compute:
                text = with_plan_words(line_text, plan, decided.deployment)
            line = new_line(
                kind,
                text,
                amount,
                unit,
                currency,
                category,
                accelerator,
                per_node,
                nodes,
                count,
                quantity,
                decided.deployment,
                decided.term,
                region,
                country,
                f"{address_prefix}!{line_number}",
                lead_days,
            )
            if c_total is not None and index not in fee_columns:
                found_problems: list[Problem] = []
                check_total(row, c_total[number], line, found_problems)
                if found_problems:
                    return None
            made.append(line)
        if made and uncounted:
            builder.uncounted += len(made)
        if made and plan is not None and not plan.quiet:
            plan_doubts(builder, row, plan, made, builder.group.problems)
        return made or None

    return read
