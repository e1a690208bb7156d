"""Pricing one line: its price cell read as money, its unit decided, the quote line made."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from computescore.domain.catalog import AliasMatch
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import CostCategory, Deployment, LineKind, PriceUnit, QuoteLine
from computescore.domain.units import HOURS_PER_MONTH
from computescore.io.cell_kinds import filled as _filled
from computescore.io.mapping import Field, MappedColumn
from computescore.io.places import country_of
from computescore.io.reader.lines import _LineBuilder, _Priced
from computescore.io.table_finder import TableRow
from computescore.io.values import (
    Basis,
    Period,
    UnitHint,
    names_a_cost,
    names_a_service,
    parse_decimal,
    parse_percent,
    parse_unit_text,
    price_unit_for,
    says_no_price,
    states_once,
)
from computescore.io.workbook import CellValue, FormulaCell

_STORED = frozenset({PriceUnit.PER_GB, PriceUnit.PER_GB_MONTH})
_STORED_IN = {Decimal("0.001"): "TB", Decimal("0.000001"): "PB"}


def _paid_up_front(
    builder: _LineBuilder, values: Sequence[CellValue], slot: MappedColumn, currency: str | None
) -> bool:
    """True when ``slot`` is a recurring price and the row pays a one-off amount beside it."""
    if slot.index in builder.fee_columns:
        return False
    for index in builder.fee_columns:
        cell = values[index] if index < len(values) else None
        if _filled(cell) is None:
            continue
        money, problem = builder.money(cell, currency)
        if money is not None and problem is None and money.amount > 0:
            return True
    return False


_PER_NODE = frozenset({PriceUnit.PER_NODE_HOUR, PriceUnit.PER_NODE_MONTH})


def scaled_amount(amount: Decimal, scale: Decimal) -> Decimal:
    """An amount brought to the price's unit (× 0.001 for a TB, ÷ 3 for a quarter), without
    the digits a third leaves: 34,260 a quarter is 11,420 a month, not 11,419.99….

    >>> scaled_amount(Decimal("34260.00"), Decimal(1) / 3)
    Decimal('11420.00')
    """
    if scale == 1:
        return amount
    exact = amount * scale
    tidy = exact.quantize(Decimal("1e-10"))
    if tidy == tidy.to_integral_value():
        return tidy.quantize(Decimal("0.01"))
    return tidy.normalize() if tidy.adjusted() > -7 else exact


_UNIT_WORDS = re.compile(
    r"(?:^|[,;–—-]\s*|\s)(?P<unit>(?:per|pro|par|por)\s+[^,;()]{2,30}|"
    r"\((?:one[- ]?off|one[- ]?time|monthly|per\s+[^)]{2,30})\))\s*$",
    re.IGNORECASE,
)
"""A unit a line's description ends with: "…, per GPU-hour", "… (one-off)"."""


def unit_in_words(description: str) -> UnitHint | None:
    """The unit a description states at its end ("NVIDIA H100 SXM 80GB GPU, per
    GPU-hour", "Installation and onboarding (one-off)"), or None."""
    found = _UNIT_WORDS.search(description) if description else None
    hint = parse_unit_text(found["unit"].strip("() ")) if found is not None else None
    if hint is None or (hint.period is None and hint.basis in (None, Basis.UNIT)):
        return None  # "per se", "per unit": no period, nothing it is per
    return hint


def sized_by_count(
    compute: bool,
    unit: PriceUnit,
    counts: tuple[int | None, int | None, int | None, Decimal | None],
) -> bool:
    """True when a price per instance (node) comes with a count of accelerators and
    nothing else: no instances counted and no size known, so the count is the size."""
    per_node, nodes, count, quantity = counts
    return (
        compute
        and unit in _PER_NODE
        and per_node is None
        and nodes is None
        and quantity is None
        and count is not None
        and count > 0
    )


def price_line(
    builder: _LineBuilder,
    row: TableRow,
    values: Sequence[CellValue],
    slot: MappedColumn,
    cell: CellValue,
    desc_text: str,
    match: AliasMatch | None,
    kind: LineKind,
    counts: tuple[int | None, int | None, int | None, Decimal | None],
    reading: tuple[Deployment | None, int | None, UnitHint | None],
    line_currency: str | None,
    problems: list[Problem],
    as_total: bool = False,
) -> None:
    compute = kind is LineKind.COMPUTE
    option = slot.option
    if option is not None and option.accelerator is not None:
        # An accelerator laid out as a column: the row names the terms, unless the
        # column's header does too ("H100 (1-year)").
        reading = (
            option.deployment or reading[0],
            option.term_months if option.term_months is not None else reading[1],
            reading[2],
        )
    elif option is not None:
        # A tier laid out as a column: the column's deployment and term are the line's.
        reading = (option.deployment, option.term_months, reading[2])
    banner = builder.mapping.option_terms
    if banner is not None and reading[0] is None and reading[1] is None:
        # One alternative of several side by side: its banner states the terms
        # ("Option A — H100 SXM, 12-month term").
        reading = (banner[0], banner[1], reading[2])
    hint_currency = line_currency or slot.currency or builder.mapping.currency or builder.r.currency
    money, problem = builder.money(cell, hint_currency)
    if problem is not None and money is None and says_no_price(cell):
        # "Optional storage tier | TBD": the vendor has not priced it yet; the rest of
        # the quote stands
        problem = replace(
            problem,
            message="The vendor gave no price; the row was left out",
            severity=Severity.WARNING,
            expected="its price from the vendor, then import the quote again",
        )
    if problem is not None:
        problems.append(replace(problem, source=builder.at(row, slot)))
        if problem.severity is Severity.ERROR or money is None:
            return
    if money is None:
        return
    if (
        line_currency
        and money.currency
        and money.currency != line_currency
        and (slot.currency is None or money.currency != slot.currency)
    ):
        problems.append(
            Problem(
                builder.at(row, slot),
                f"The price is in {money.currency} but the currency column says {line_currency}",
                Severity.ERROR,
                str(cell),
                "one currency",
            )
        )
        return
    if slot.index in builder.fee_columns and not money.amount:
        return  # no fee to set up: no line
    if not money.amount and _paid_up_front(builder, values, slot, hint_currency):
        # "Monthly $0.00 | Upfront $475,188.00" (a cloud calculator's all-upfront term):
        # the upfront price is the line; a rent of nothing beside it is no offer.
        problems.append(
            Problem(
                builder.at(row, slot),
                "The recurring price is nil beside an upfront payment: the term is paid "
                "up front, so the line was read from its upfront price alone",
                Severity.INFO,
                str(cell),
            )
        )
        return
    currency = money.currency or hint_currency
    if currency is None:
        problems.append(
            Problem(
                builder.at(row, slot),
                "The price states no currency and neither does the file; set the currency",
                Severity.ERROR,
                str(cell),
                "e.g. USD or EUR",
            )
        )
        return
    per_node, nodes, count, quantity = counts
    deployment, term, terms_unit = reading
    stated = None
    if builder.line_item_table and (terms_unit is None or terms_unit.period is None):
        stated = stated_period(builder, values, desc_text)
        if stated is not None:
            terms_unit = (terms_unit or UnitHint()).merged(UnitHint(stated, None))
    unit_value = None
    if builder.unit_column is not None and builder.unit_column.index < len(values):
        unit_value = _filled(values[builder.unit_column.index])
    if unit_value is None and row.section_unit is not None:
        unit_value = row.section_unit  # "Storage | … | Price per GB per month" above
    column_hint = None
    if unit_value is not None:
        if unit_value not in builder.c_unit_text:
            builder.c_unit_text[unit_value] = parse_unit_text(unit_value)
        column_hint = builder.c_unit_text[unit_value]
        if (
            stated in (Period.MONTH, Period.YEAR)
            and not compute
            and column_hint == _LUMP_SUM
            and not states_once(str(unit_value))
        ):
            # "forfait" under "Total mensuel": a flat fee each month, not a one-off.
            column_hint = UnitHint(stated, Basis.TOTAL)
        if column_hint is None and builder.unit_column is not None:
            problems.append(
                Problem(
                    builder.at(row, builder.unit_column),
                    "The unit is not recognised",
                    Severity.ERROR,
                    str(unit_value),
                    "per GPU-hour, per node-month, per GB, one-off …",
                )
            )
            return

    def decided_with(hint: UnitHint | None) -> _Priced:
        key = (
            slot.index,
            money.unit,
            hint,
            terms_unit,
            as_total,
            compute,
            per_node is not None,
            deployment,
            term,
        )
        found = builder.c_priced.get(key)
        if found is None:
            found = builder.c_priced[key] = decide(builder, slot, *key[1:])
        return found

    decided = decided_with(column_hint)
    if decided.unit is None and (described := unit_in_words(desc_text)) is not None:
        # "NVIDIA H100 SXM 80GB GPU, per GPU-hour": the unit stated in the line's own words
        decided = decided_with(described)
    unit = decided.unit
    if unit is None:
        problems.append(
            Problem(
                builder.at(row, slot),
                "The price's unit is not stated or not supported for this kind of line",
                Severity.ERROR,
                str(cell),
                "per GPU-hour, per node-hour, per GPU-month, per node-month, one-off per "
                "item or for the line" + ("" if compute else ", per month, per GB, per kW-month"),
            )
        )
        return
    if decided.assumed:
        builder.assumed.setdefault((slot.index, decided.assumed), str(cell))
    if sized_by_count(compute, unit, counts):
        # "Instanz | GPUs: 8 | Preis pro Instanz: 19,92 €/h" and no count of instances:
        # the accelerators counted are the instance's, the one its price is for.
        per_node = count
    if as_total and unit is PriceUnit.PER_MONTH:
        quantity = Decimal(1)  # the month's total of the whole line
    region_value = builder.get(Field.REGION)
    if slot.option is not None and slot.option.region is not None:
        region_value = slot.option.region
    country_value = builder.get(Field.COUNTRY)
    place_key = (region_value, country_value)
    if place_key not in builder.c_place:
        builder.c_place[place_key] = country_of(
            country_value if country_value is not None else region_value
        )
    country = builder.c_place[place_key]
    if country_value is not None and country is None:
        problems.append(
            Problem(
                builder.at(row, builder.columns[Field.COUNTRY]),
                "The country is not recognised",
                Severity.WARNING,
                str(country_value),
                "an ISO country code or name",
            )
        )
    named = builder.get(Field.ACCELERATOR)
    if not compute and not desc_text and (names_a_service(named) or names_a_cost(named)):
        desc_text = str(named).strip()  # a service in the accelerator's column
    category: CostCategory | None = None
    if not compute:
        category = builder.category(row, values, desc_text, unit, problems)
    price = scaled_amount(money.amount, decided.scale)
    if decided.quantity_scale != 1 and quantity is not None and unit in _STORED:
        # "2,000 | TB-month | 28.00" or "500 | TB | $45.00 / TB-month": the price is brought
        # to a GB, and so is the quantity it was stated against (500 TB is 500,000 GB).
        quantity = quantity / decided.quantity_scale
        if quantity == quantity.to_integral_value():
            quantity = quantity.quantize(Decimal(1))
        counted = builder.columns.get(Field.QUANTITY)
        stated_in = _STORED_IN.get(decided.quantity_scale, "unit stated")
        problems.append(
            Problem(
                builder.at(row, counted if counted is not None else slot),
                f"The price is per {stated_in} and the quantity counts {stated_in}: both were "
                f"brought to GB (× {1 / decided.quantity_scale:,.0f})",
                Severity.WARNING,
                str(cell),
                "the quantity in the unit of the price",
            )
        )
    if compute and unit in (PriceUnit.PER_GPU_HOUR, PriceUnit.PER_NODE_HOUR):
        in_name = (
            match.nodes * match.per_node
            if match is not None and match.nodes is not None and match.per_node is not None
            else None
        )
        hours = hours_of_use(builder, price, in_name)
        if hours is not None:
            # "11 520 | 1,95 € per GPU-hour | 22 464 €": the quantity is what is bought
            # of the price's unit, not accelerators; the name says how many.
            per_node = match.per_node if match is not None else None
            nodes = match.nodes if match is not None else None
            count = nodes * per_node if nodes is not None and per_node is not None else None
            problems.append(
                Problem(
                    builder.at(row, builder.columns[Field.QUANTITY]),
                    f"The quantity is {'GPU' if unit is PriceUnit.PER_GPU_HOUR else 'node'}"
                    "-hours (the price × the quantity is the line total), not a count of "
                    + (
                        f"accelerators; the line is {count} accelerators, as its name says"
                        if count is not None
                        else "accelerators; the name does not say how many"
                    ),
                    Severity.WARNING,
                    str(hours),
                    "the number of accelerators in a count column",
                )
            )
    if option is not None and option.accelerator is not None and compute:
        # Accelerators as columns: the line is called by its column's accelerator and
        # by what its row says (the description, else its tier or terms).
        label = desc_text or next(
            (
                str(value).strip()
                for value in map(builder.get, (Field.TIER, Field.DEPLOYMENT, Field.TERM_MONTHS))
                if value is not None and str(value).strip()
            ),
            "",
        )
        desc_text = f"{option.accelerator}, {label}" if label else option.accelerator
    elif not desc_text and compute and isinstance(named, str):
        # A table with no description column: the line is called by its accelerator,
        # and by its tier when a tier column tells its lines apart.
        tier = builder.get(Field.TIER)
        tier_text = "" if tier is None else str(tier).strip()
        desc_text = f"{named}, {tier_text}" if tier_text else named
    line = QuoteLine(
        kind=kind,
        description=desc_text,
        price=price,
        price_unit=unit,
        currency=currency,
        category=category,
        accelerator=match.accelerator_id if match is not None and compute else None,
        accelerators_per_node=per_node if compute else None,
        nodes=nodes if compute else None,
        accelerator_count=count if compute else None,
        quantity=None if compute else quantity,
        deployment=decided.deployment,
        term_months=decided.term,
        region=None if region_value is None else str(region_value),
        country=country,
        source=builder.source(row),
    )
    line = net_of_discount(builder, row, values, line, slot)
    line = counted_in_gpus(builder, row, line, problems)
    if Field.LINE_TOTAL in builder.index and slot.index not in builder.fee_columns:
        builder.check_total(row, builder.get(Field.LINE_TOTAL), line, problems)
    spread = whole_term_rate(line)
    if spread is not None:
        problems.append(
            Problem(
                builder.at(row, slot),
                f"The price is the whole {line.term_months}-month term's, as a cloud's "
                f"price list states a reservation: read as {line.price:,} over "
                f"{_spread_over(line):,} {_PERIOD_WORDS[line.price_unit]} = "
                f"{spread.price:,} {line.price_unit.value.replace('_', ' ')}",
                Severity.WARNING,
                str(cell),
                _PLAUSIBLE,
            )
        )
        line = spread
    if compute and line.price < 0:
        problems.append(
            Problem(
                builder.at(row, slot),
                NEGATIVE_PRICE,
                Severity.ERROR,
                str(cell),
                "a price of 0 or more",
            )
        )
    doubt = implausible_price(line)
    if doubt:
        problems.append(
            Problem(builder.at(row, slot), doubt, Severity.WARNING, str(cell), _PLAUSIBLE)
        )
    if compute and count is None and nodes is None:
        if builder.counted:
            problems.append(
                Problem(
                    line.source or "",
                    "The line does not say how many accelerators it provides",
                    Severity.WARNING,
                    desc_text,
                    "a count, or nodes and accelerators per node",
                )
            )
        else:
            builder.uncounted += 1
    if problems and any(p.severity is Severity.ERROR for p in problems):
        return
    builder.group.lines.append(line)


_MONTHLY = re.compile(
    r"\b(monthly|per month|p\.\s?m\.|monatlich|pro monat|mtl\.|mensuel(le)?|"
    r"par mois|mensual|al mes|mensile|al mese|maandelijks|per maand)(?![a-z])|"
    r"月額|月费|月租|月付|每月|按月|月払い|元/月|円/月|월 ?단가|월 ?요금|월정액|매월|/월|"
    r"(?<![가-힣0-9])월(?![가-힣])"  # "월" alone, not a date's "1월"
)
_YEARLY = re.compile(
    r"\b(yearly|annually|per year|per annum|p\.\s?a\.|jährlich|pro jahr|annuel(le)?|"
    r"par an|anual|al año|annuale|jaarlijks|per jaar)(?![a-z])|年額|年费|年付|每年|按年"
)


def counted_in_gpus(
    builder: _LineBuilder, row: TableRow, line: QuoteLine, problems: list[Problem]
) -> QuoteLine:
    """The line counted in GPUs when its monthly total says its quantity counts them.

    A quantity beside a name that sizes a node ("H100 SXM 80GB (8 GPUs/node)") is read
    as nodes; priced per GPU-hour over a monthly total of price × quantity × 730 hours,
    it is GPUs (256 GPUs at $2.10 is $392,448 a month; 256 nodes would be 2,048 GPUs).
    """
    total = builder.columns.get(Field.LINE_TOTAL)
    per_node = line.accelerators_per_node or 0
    if (
        line.price_unit is not PriceUnit.PER_GPU_HOUR
        or not builder.monthly_total
        or total is None
        or not line.nodes
        or per_node < 2
        or builder.get(Field.QUANTITY) is None
    ):
        return line
    value = builder.get(Field.LINE_TOTAL)
    money, problem = builder.money(value, line.currency)
    if money is None or problem is not None or not money.amount:
        return line
    tolerance = abs(money.amount) * Decimal("0.005")
    month = line.price * HOURS_PER_MONTH
    if abs(month * line.nodes - money.amount) > tolerance:
        return line
    count = line.nodes
    problems.append(
        Problem(
            builder.at(row, total),
            f"The monthly total is the price × {count:,} × {HOURS_PER_MONTH} hours: the "
            f"quantity counts GPUs, not nodes of {per_node}; the line is {count:,} GPUs",
            Severity.WARNING,
            str(value),
            "a count of nodes or of GPUs said in the header",
        )
    )
    nodes = count // per_node if count % per_node == 0 else None
    return replace(line, nodes=nodes, accelerator_count=count)


def net_of_discount(
    builder: _LineBuilder,
    row: TableRow,
    values: Sequence[CellValue],
    line: QuoteLine,
    slot: MappedColumn,
) -> QuoteLine:
    """The line priced net of the discount its row states in percent (a "Korting %"
    column): 312,450.00 less 12.5 % is 273,393.75.

    A price headed as net ("Unit Net") is net already. Beside a line total, the discount
    is taken only when the total says so: the net price times the quantity is the total,
    the price as it stands is not.
    """
    column = builder.discount_column
    if column is None or column.index >= len(values) or not line.price:
        return line
    if _NET.search((slot.header or "").casefold()):
        return line
    percent, problem = parse_percent(values[column.index])
    if percent is None or problem is not None or not 0 < percent < 100:
        return line
    off = Decimal(str(round(percent, 6)))
    net = replace(line, price=(line.price * (100 - off) / 100).quantize(Decimal("0.01")))
    total = builder.get(Field.LINE_TOTAL)
    if total is not None:
        as_is: list[Problem] = []
        discounted: list[Problem] = []
        builder.check_total(row, total, line, as_is)
        builder.check_total(row, total, net, discounted)
        if not as_is or discounted:
            return line
    builder.discounted.append(f"{line.price:,.2f} less {off.normalize():f} % = {net.price:,.2f}")
    return net


_NET = re.compile(r"\b(net|nett|neto)\b|\bnetto")
"""A price headed as net: "Net price", "Prix net", "Precio neto", and German and Dutch
compounds ("Nettopreis", "Nettoprijs")."""


_LUMP_SUM = UnitHint(Period.ONCE, Basis.TOTAL)


def stated_period(
    builder: _LineBuilder, values: Sequence[CellValue], desc_text: str
) -> Period | None:
    """The period a purchase quote's line states in its own words, when its price column
    states none: "Colocation rack 40 kW, 36 months, monatlich", a specification cell
    "契約期間12ヶ月、月額" (imported or not), or a line-total column headed "Total
    mensuel HT"."""
    total = builder.mapping.mapped(Field.LINE_TOTAL)
    texts = [desc_text, *(value for value in values if isinstance(value, str))]
    if total is not None:
        texts.append(total.header)
    words = " ".join(texts).casefold()
    if _MONTHLY.search(words):
        return Period.MONTH
    if _YEARLY.search(words):
        return Period.YEAR
    return None


_MOST_PER_PERIOD = {
    PriceUnit.PER_GPU_HOUR: Decimal(100),
    PriceUnit.PER_NODE_HOUR: Decimal(1_000),
    PriceUnit.PER_GPU_MONTH: Decimal(75_000),
    PriceUnit.PER_NODE_MONTH: Decimal(750_000),
}
"""Rental prices past these (in a currency near the dollar: :data:`_NEAR_PAR`) are no
accelerator's rent: about 30× the dearest list price of a GPU-hour. A whole term's price
entered as the hourly rate, or the wrong column, is the usual cause."""

_NEAR_PAR = frozenset(("USD", "EUR", "GBP", "CHF", "CAD", "AUD", "SGD"))

_PLAUSIBLE = "a rent per hour or month, not a whole term's price"


NEGATIVE_PRICE = (
    "The price is negative: accelerators are not rented or sold for less than nothing (a "
    "discount is a line of its own)"
)


def unsaved_formula(source: str, formula: FormulaCell) -> Problem:
    """The error for a price whose formula has no result saved in the file (none, or the
    empty one a file written by a library saves): nothing to read until it is saved."""
    return Problem(
        source,
        "The price is a formula whose result is not saved in the file (formula results "
        "missing); open the file in Excel or LibreOffice, save it and import it again",
        Severity.ERROR,
        f"={formula.formula}",
        "a saved value",
    )


def implausible_price(line: QuoteLine) -> str:
    """Why a compute line's price cannot be what it says it is ("" when it can be): a
    rent of nothing, or far more than any accelerator rents for ($560,432 a node-hour)."""
    if line.kind is not LineKind.COMPUTE:
        return ""
    most = _MOST_PER_PERIOD.get(line.price_unit)
    if most is None:
        return ""
    if line.price == 0:
        return "The price is zero: no accelerator rents for nothing (a prepaid term?)"
    if line.currency.upper() in _NEAR_PAR and line.price > most:
        return (
            f"The price is more than any accelerator rents for "
            f"({most:,} {line.currency} {line.price_unit.value.replace('_', ' ')} at most)"
        )
    return ""


_PERIOD_WORDS = {PriceUnit.PER_NODE_HOUR: "hours", PriceUnit.PER_NODE_MONTH: "months"}
"""The rents a whole term's price is spread over: an instance's, as clouds list them. A
price per GPU above any rent may be the term's for one GPU or for the whole line, so it
is told and left as it is."""


def _spread_over(line: QuoteLine) -> Decimal:
    """The hours (or months) of a line's term, in its price's period."""
    months = Decimal(line.term_months or 0)
    return months * HOURS_PER_MONTH if _PERIOD_WORDS[line.price_unit] == "hours" else months


def whole_term_rate(line: QuoteLine) -> QuoteLine | None:
    """The line priced per node-hour (or node-month) when its price is a node's whole
    reserved term's: more than any node rents for in that period, and a rent once spread
    over the term's hours (Azure's price list states a reservation so: $560,432 "per
    hour" for a year of an instance is $63.9763 an hour). None otherwise."""
    if (
        line.kind is not LineKind.COMPUTE
        or line.deployment not in (Deployment.RESERVED, Deployment.LEASE)
        or not line.term_months
        or line.price_unit not in _PERIOD_WORDS
        or line.currency.upper() not in _NEAR_PAR
        or line.price <= _MOST_PER_PERIOD[line.price_unit]
    ):
        return None
    rate = (line.price / _spread_over(line)).quantize(Decimal("0.0001"))
    if rate > _MOST_PER_PERIOD[line.price_unit]:
        return None
    return replace(line, price=rate)


HOURS_QUANTITY = 1_000
"""A quantity past this, bought at a price per hour, is hours: no quote line is that many
accelerators (a month of 16 GPUs is 11,520 GPU-hours)."""


def hours_of_use(builder: _LineBuilder, price: Decimal, named: int | None = None) -> Decimal | None:
    """The row's quantity when it is hours of use, not units: the price per hour times
    the quantity is the row's line total (within rounding), and the quantity is past
    :data:`HOURS_QUANTITY` or not the count the line's name states. 128 at $3.15 a
    GPU-hour beside $403.20 is 128 GPUs for an hour, not 128 GPU-hours."""
    if Field.QUANTITY not in builder.index or Field.LINE_TOTAL not in builder.index:
        return None
    quantity_value = builder.get(Field.QUANTITY)
    total_value = builder.get(Field.LINE_TOTAL)
    if quantity_value is None or total_value is None:
        return None
    parsed = builder.c_qty.get(quantity_value)  # read once already, as the line's counts
    if parsed is None:
        parsed = builder.c_qty[quantity_value] = parse_decimal(
            quantity_value, mark=builder.r.mark, what="quantity"
        )
    quantity, problem = parsed
    total, total_problem = builder.money(total_value, None)
    if quantity is None or problem or total is None or total_problem or quantity <= 0:
        return None
    hours = quantity > HOURS_QUANTITY or (named is not None and quantity != named)
    if not hours or quantity < 100 or not total.amount:
        return None
    expected = price * quantity
    if abs(expected - total.amount) > abs(total.amount) * Decimal("0.005"):
        return None
    return quantity


def _line_total_unit(slot: MappedColumn, compute: bool) -> UnitHint:
    """A line total taken as the price: once, or for a cost line a month's when its
    column says so ("Monthly estimate": the line costs that much a month)."""
    monthly = not compute and slot.unit is not None and slot.unit.period is Period.MONTH
    return UnitHint(Period.MONTH if monthly else Period.ONCE, Basis.TOTAL)


def decide(
    builder: _LineBuilder,
    slot: MappedColumn,
    cell_unit: UnitHint | None,
    column_hint: UnitHint | None,
    terms_unit: UnitHint | None,
    as_total: bool,
    compute: bool,
    has_per_node: bool,
    deployment: Deployment | None,
    term: int | None,
) -> _Priced:
    header = _line_total_unit(slot, compute) if as_total else slot.unit
    if (
        column_hint is not None
        and column_hint.period is None
        and column_hint.basis in (Basis.NODE, Basis.GPU, Basis.UNIT)
        and header is not None
        and header.basis is not None
    ):
        # "8 | nodes | Rate per GPU: $2.49/hr": the unit column names what the quantity
        # counts, the price's header what the price is per.
        column_hint = None
    hint = UnitHint()
    for candidate in (
        cell_unit,
        column_hint,
        header,
        terms_unit,
    ):
        if candidate is not None:
            hint = hint.merged(candidate)
    if (
        compute
        and hint.period is None
        and hint.basis in (None, Basis.GPU, Basis.NODE)
        and deployment is Deployment.PURCHASE
    ) or (
        # a purchase quote's "2 | 台 (machines) | ¥68,500,000": a price per unit, once
        hint.period is None
        and hint.basis in (None, Basis.UNIT, Basis.NODE)
        and builder.line_item_table
        and not as_total
        and deployment in (None, Deployment.PURCHASE)
    ):
        hint = UnitHint(Period.ONCE, Basis.UNIT, hint.scale) if hint.basis is Basis.NODE else hint
        hint = hint.merged(UnitHint(Period.ONCE, Basis.UNIT))
    # A cost billed by the hour (a port-hour) runs all month: its price per month.
    hourly = not compute and hint.period is Period.HOUR and hint.basis in (None, Basis.UNIT)
    if hourly:
        hint = UnitHint(Period.MONTH, hint.basis, hint.scale * HOURS_PER_MONTH)
    node_priced = has_per_node and hint.basis is None
    unit = price_unit_for(hint, compute=compute, node_priced=node_priced)
    if unit is None:
        return _Priced(None, None, None, None)
    assumed = (
        f"billed by the hour and read as a month of {HOURS_PER_MONTH} hours" if hourly else None
    )
    if compute and hint.basis is None and hint.period in (Period.HOUR, Period.MONTH):
        assumed = f"read as {unit.value.replace('_', ' ')} because " + (
            "the lines name a node of accelerators"
            if node_priced
            else "nothing says they are per node"
        )
    if compute:
        if deployment is None:
            if unit in (PriceUnit.PER_UNIT, PriceUnit.TOTAL):
                deployment = Deployment.PURCHASE
            elif builder.lease_context:
                deployment = Deployment.LEASE
            elif term is not None:
                deployment = Deployment.RESERVED
            elif builder.order_term is not None:
                # An order form's "Initial Term: 24 months" commits every line it prices.
                deployment = Deployment.RESERVED
            else:
                deployment = Deployment.ON_DEMAND
        if (
            term is None
            and builder.order_term is not None
            and deployment in (Deployment.RESERVED, Deployment.LEASE)
        ):
            term = builder.order_term
            builder.order_term_used = True
    else:
        # A cost line has no deployment, but may run for a term ("financed, 36 months"):
        # its months past the horizon are owed as a commitment's are.
        deployment = None
    own_scale = cell_unit is not None and cell_unit.scale != 1
    if own_scale and cell_unit is not None:
        # "500 | TB | $45.00 / TB-month": the quantity counts what the unit column says,
        # else what the price is per.
        stated = column_hint is not None and column_hint.basis is Basis.GB
        counted = column_hint.scale if stated and column_hint is not None else cell_unit.scale
        return _Priced(unit, deployment, term, assumed, Decimal(1), counted)
    return _Priced(unit, deployment, term, assumed, hint.scale, hint.scale)
