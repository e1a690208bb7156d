"""A lease quotation's schedule of equipment: the costs a lease rate factor turns into rentals.

A lessor quotes the equipment at its cost and then the lease's terms beside or under it:

``8 | Supermicro SYS-A22GA-NBRT, NVIDIA HGX B200 8-GPU | 372,000 | 2,976,000``
``Term: 48 months`` · ``Lease rate factor: 2.315% per month`` · ``Arrangement fee: EUR 750``

Read as a purchase quote, the equipment was bought for its cost, with a resale value,
and the 48 monthly rentals were lost (a lease of €3.47m read as a purchase of €3.12m,
with €0.97m of resale credited). Here, when the sheet states a lease rate factor and a
term, each one-off line of the schedule is leased: its cost × the factor is its rent a
month (a node's, or the line's), for the term; an arrangement or documentation fee is a
one-off line of its own. One warning shows the sum, and compares it with the monthly
rental the quotation states, when it states one.

A lessor's proposal may instead offer its terms as a table of options under the
equipment ("Option | Lease Type | Term | Lease Rate Factor | Monthly Payment":
A, fair market value, 36 months, 0.02985; B, $1 buyout, 48 months, 0.02614). Each option
is then a quote of its own, the same equipment leased on its terms
(:func:`lease_options`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from computescore.domain.quotes import CostCategory, Deployment, LineKind, PriceUnit, QuoteLine
from computescore.io.key_values import KeyValue, key_values
from computescore.io.reader.lines import _amount, _LineBuilder
from computescore.io.totals import close_enough
from computescore.io.values import parse_money, parse_terms
from computescore.io.workbook import SheetData, cell_name
from computescore.wording import clipped

_FACTOR_KEY = re.compile(r"lease rate factor|\brate factor\b|\blrf\b|leasingfaktor|mietfaktor")
_TERM_KEY = re.compile(
    r"^(lease )?(term|duration|laufzeit|durée|plazo)\b|number of (rentals|payments)"
)
_RENTAL_KEY = re.compile(r"monthly (rental|payment|lease payment)|monatliche (rate|miete)")
_FEE_KEY = re.compile(
    r"(arrangement|documentation|doc|set-?up|administration|origination) fee|bearbeitungsgebühr"
)
_FACTOR = re.compile(r"(\d+(?:[.,]\d+)?)\s*(%)?")
_AFTER_AMOUNT = re.compile(r"\s+\(|;|,\s+(?=[^\d\s])")
_ONE_OFF = frozenset({PriceUnit.PER_UNIT, PriceUnit.TOTAL})


@dataclass(frozen=True, slots=True)
class LeaseTerms:
    """What a lease quotation states about its rentals."""

    factor: Decimal
    """The share of the equipment's cost paid each month (0.02315 for 2.315 %)."""
    term_months: int
    rental: Decimal | None = None
    """The monthly rental the quotation states for all the equipment, if it does."""
    fee: tuple[str, Decimal, str] | None = None
    """An arrangement or documentation fee: (its words, amount, where)."""


@dataclass(frozen=True, slots=True)
class LeaseOption:
    """One row of a proposal's table of lease options: its name and its terms."""

    label: str
    """"Option A - Fair Market Value (FMV), 36 months": the quote's name among the options."""
    terms: LeaseTerms
    rows: range
    """The sheet rows of the options table (its header and options)."""


def rate_factor(text: str) -> Decimal | None:
    """A lease rate factor as a share a month: "2.315% per month" → 0.02315, "0.02985" →
    0.02985; None when the text states none (or an implausible one).

    >>> rate_factor("2.315% per month"), rate_factor("0.02985")
    (Decimal('0.02315'), Decimal('0.02985'))
    """
    found = _FACTOR.search(text)
    if found is None:
        return None
    number = Decimal(found.group(1).replace(",", "."))
    share = number / 100 if found.group(2) else number
    return share if Decimal("0.001") <= share <= Decimal("0.2") else None


def lease_terms(pairs: Sequence[KeyValue], currency: str | None) -> LeaseTerms | None:
    """The lease's factor, term, rental and fee from a sheet's key–value pairs; None when
    it states no factor or no term."""
    factor = term = rental = None
    for pair in pairs:
        key = pair.key.casefold()
        text = "" if pair.value is None else str(pair.value)
        if factor is None and _FACTOR_KEY.search(key):
            factor = rate_factor(text)
        elif term is None and _TERM_KEY.search(key):
            reading, _ = parse_terms(pair.value)
            term = reading.term_months if reading is not None else None
        elif rental is None and _RENTAL_KEY.search(key):
            money, _ = parse_money(pair.value, currency=currency)
            rental = money.amount if money is not None else None
    if factor is None or not term:
        return None
    return LeaseTerms(factor, term, rental, _fee(pairs, currency))


def _fee(pairs: Sequence[KeyValue], currency: str | None) -> tuple[str, Decimal, str] | None:
    """An arrangement or documentation fee among the pairs: (its words, amount, where)."""
    for pair in pairs:
        if _FEE_KEY.search(pair.key.casefold()):
            money, _ = parse_money(pair.value, currency=currency)
            if money is None and isinstance(pair.value, str):
                # "$395.00 (one-time, payable with first payment)": the amount before its words
                money, _ = parse_money(_AFTER_AMOUNT.split(pair.value, 1)[0], currency=currency)
            if money is not None and money.amount > 0:
                return (pair.key.strip().rstrip(":："), money.amount, pair.source)
    return None


def _fee_cells(sheet: SheetData, rows: Iterable[int], prefix: str) -> list[KeyValue]:
    """Fees written in one cell with their key ("Documentation fee: $395.00 (one-time, …)"),
    which the terms' keys do not name."""
    out = []
    for row in rows:
        for col, cell in enumerate(sheet.rows[row]):
            if isinstance(cell, str) and _FEE_KEY.search(cell.casefold()):
                key, colon, value = cell.partition(":")
                if colon and value.strip():
                    where = f"{prefix}!{cell_name(row, col)}"
                    out.append(KeyValue(key.strip(), value.strip(), where, row))
    return out


def _options_header(cells: Sequence[object]) -> dict[str, int] | None:
    """The columns of a lease options table's header (factor, term, and when stated the
    monthly payment and the option's name); None when the row is not one."""
    texts = [str(cell).strip().casefold() if isinstance(cell, str) else "" for cell in cells]
    found: dict[str, int] = {}
    for col, text in enumerate(texts):
        if not text:
            continue
        if "factor" not in found and _FACTOR_KEY.search(text):
            found["factor"] = col
        elif "term" not in found and _TERM_KEY.search(text):
            found["term"] = col
        elif "rental" not in found and _RENTAL_KEY.search(text):
            found["rental"] = col
        elif "name" not in found and text.startswith(("option", "variante", "offre")):
            found["name"] = col
    return found if "factor" in found and "term" in found else None


def _option(cells: Sequence[object], columns: dict[str, int]) -> LeaseOption | None:
    """One option row read with the header's columns; None when it states no factor or
    no term."""

    def cell(name: str) -> object:
        col = columns.get(name, -1)
        return cells[col] if 0 <= col < len(cells) else None

    factor = rate_factor(str(cell("factor") or ""))
    reading, _ = parse_terms(cell("term"))
    term = reading.term_months if reading is not None else None
    if factor is None or not term:
        return None
    money, _ = parse_money(cell("rental"), currency=None)
    rental = money.amount if money is not None and money.amount > 0 else None
    used = set(columns.values())
    words = [
        str(value).strip()
        for col, value in enumerate(cells)
        if col not in used and isinstance(value, str) and value.strip()
    ]
    name = cell("name")
    head = f"Option {str(name).strip()}" if name not in (None, "") else "Option"
    label = f"{head} - {', '.join([*words[:1], f'{term} months'])}"
    return LeaseOption(label, LeaseTerms(factor, term, rental), range(0))


def lease_options(sheet: SheetData, rows: Iterable[int]) -> tuple[LeaseOption, ...]:
    """The options of a lessor's table of lease terms among the given rows of a sheet (see
    the module's note); empty when there is none."""
    ordered = sorted(rows)
    for at, row in enumerate(ordered):
        columns = _options_header(sheet.rows[row])
        if columns is None:
            continue
        found: list[LeaseOption] = []
        last = row
        for below in ordered[at + 1 :]:
            if below != last + 1:
                break
            option = _option(sheet.rows[below], columns)
            if option is None:
                break
            found.append(option)
            last = below
        if found:
            span = range(row, last + 1)
            return tuple(replace(option, rows=span) for option in found)
    return ()


def leased(line: QuoteLine, terms: LeaseTerms) -> QuoteLine:
    """A one-off line of the schedule as its lease: cost × factor a month, for the term.

    >>> from decimal import Decimal as D
    >>> node = QuoteLine(LineKind.COMPUTE, "HGX B200 8-GPU", D(372000), PriceUnit.PER_UNIT,
    ...                  "EUR", accelerator="nvidia-b200", accelerators_per_node=8, nodes=8,
    ...                  deployment=Deployment.PURCHASE)
    >>> rent = leased(node, LeaseTerms(D("0.02315"), 48))
    >>> rent.price, rent.price_unit.value, rent.deployment.value, rent.term_months
    (Decimal('8611.80'), 'per_node_month', 'lease', 48)
    """
    price = (line.price * terms.factor).quantize(Decimal("0.01"))
    if line.kind is LineKind.COMPUTE:
        total = line.price_unit is PriceUnit.TOTAL or not line.nodes
        unit = PriceUnit.PER_MONTH if total else PriceUnit.PER_NODE_MONTH
        return replace(
            line,
            price=price,
            price_unit=unit,
            deployment=Deployment.LEASE,
            term_months=terms.term_months,
        )
    return replace(line, price=price, price_unit=PriceUnit.PER_MONTH, term_months=terms.term_months)


def lease_schedule(builder: _LineBuilder, own: Sequence[QuoteLine]) -> list[QuoteLine]:
    """The table's one-off lines leased, when its sheet is a lease quotation that states a
    lease rate factor and a term (see the module's note)."""
    if not own or not (builder.lease_context or builder.group.lease is not None):
        return list(own)
    sheet = builder.sheet
    lines_rows = {row.index for row in builder.table.rows}
    rows = [i for i in range(len(sheet.rows)) if i not in lines_rows]
    currency = own[0].currency
    pairs = key_values(sheet, rows, builder.r.prefix(sheet))
    pairs += _fee_cells(sheet, rows, builder.r.prefix(sheet))
    chosen = builder.group.lease
    terms = (
        lease_terms(pairs, currency)
        if chosen is None
        else replace(chosen.terms, fee=_fee(pairs, currency))
    )
    if terms is None:
        _tell_bought(builder, own)
        return list(own)
    out = [leased(line, terms) if line.price_unit in _ONE_OFF else line for line in own]
    if terms.fee is not None:
        words, amount, where = terms.fee
        out.append(
            QuoteLine(
                LineKind.COST,
                words,
                amount,
                PriceUnit.TOTAL,
                currency,
                category=CostCategory.OTHER,
                quantity=Decimal(1),
                source=where,
            )
        )
    _tell(builder, own, out, terms)
    return out


def _monthly(line: QuoteLine) -> Decimal:
    if line.price_unit is PriceUnit.PER_NODE_MONTH:
        return line.price * (line.nodes or 1)
    if line.price_unit is PriceUnit.PER_MONTH:
        return line.price * (line.quantity if line.quantity is not None else 1)
    return Decimal(0)


def _tell(
    builder: _LineBuilder, own: Sequence[QuoteLine], out: Sequence[QuoteLine], terms: LeaseTerms
) -> None:
    from computescore.io.reader.table_checks import _tell_table

    a_month = sum((_monthly(line) for line in out), Decimal(0))
    stated = ""
    if terms.rental is not None:
        stated = (
            ", as the quotation's monthly rental states"
            if close_enough(terms.rental, a_month)
            else f"; the quotation states {_amount(terms.rental)} a month: check which is right"
        )
    factor = f"{(terms.factor * 100).normalize():f} %"
    option = builder.group.lease
    _tell_table(
        builder,
        (f"{option.label}: the" if option is not None else "The")
        + f" equipment is leased: each line's cost × the lease rate factor ({factor} a "
        f"month) is its rental, for {terms.term_months} months ({_amount(a_month)} a month "
        f"in all{stated})",
        factor,
        "rentals per month in the table",
    )


def _tell_bought(builder: _LineBuilder, own: Sequence[QuoteLine]) -> None:
    """Warn when a file that speaks of a lease prices its compute once: read as bought."""
    from computescore.io.reader.table_checks import _tell_table

    bought = [
        line
        for line in own
        if line.kind is LineKind.COMPUTE
        and line.deployment is Deployment.PURCHASE
        and line.price_unit in _ONE_OFF
    ]
    if bought:
        _tell_table(
            builder,
            "The file speaks of a lease or financing, but its compute lines are priced once "
            "and no lease rate factor and term were found beside them: they were read as "
            "bought; enter the lease's monthly payment and term if it is a lease",
            clipped(bought[0].description, 60),
            "a lease rate factor and a term, or the monthly payment per unit",
        )
