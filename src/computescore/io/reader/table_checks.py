"""A table's checks and what it states once for all its lines: the quote's own fields in
columns, totals rows, decisions told once per column."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import LineKind, PriceUnit, QuoteLine
from computescore.io.cell_kinds import filled as _filled
from computescore.io.mapping import Field
from computescore.io.places import country_of
from computescore.io.reader.lines import _amount, _distinct_texts, _LineBuilder
from computescore.io.table_finder import SkipReason, is_tax_label, is_total_label
from computescore.io.totals import ADJUSTMENT, TotalRow, close_enough
from computescore.io.totals import check_totals as lines_against_totals
from computescore.io.values.categories import categorise_cost
from computescore.io.values.text import normalise_text
from computescore.io.workbook import CellValue
from computescore.wording import clipped, plural


def column_notes(builder: _LineBuilder) -> None:
    """Decisions taken for a whole column or table, told once rather than on every row."""
    prefix = builder.r.prefix(builder.sheet)
    table = builder.table
    # A table carried over without its header is told by its first line's row.
    header_row = builder.r.row_number(
        builder.sheet, table.header_row if table.header_rows else table.first_row
    )
    columns = builder.mapping.columns_by_index()
    for (index, reason), example in builder.assumed.items():
        column = columns[index]
        builder.group.problems.append(
            Problem(
                f"{prefix}!{column.letter}{header_row}",
                f"The prices in column {column.letter} (“{column.header}”) were {reason}",
                Severity.WARNING,
                example,
                "a price per month" if "by the hour" in reason else "a unit that names GPU or node",
            )
        )
    if builder.discounted and builder.discount_column is not None:
        column = builder.discount_column
        builder.group.problems.append(
            Problem(
                f"{prefix}!{column.letter}{header_row}",
                f"{plural(len(builder.discounted), 'price')} "
                f"{'was' if len(builder.discounted) == 1 else 'were'} taken net of the discount "
                f"in column {column.letter} (“{column.header}”): "
                f"{builder.discounted[0]}",
                Severity.WARNING,
                None,
                "net prices, or the discount applied as the column says",
            )
        )
    if builder.order_term_used:
        builder.group.problems.append(
            Problem(
                f"{prefix}!{header_row}",
                f"Compute lines that state no term of their own were read as reserved for the "
                f"order's term above the table ({builder.order_term} months)",
                Severity.WARNING,
                None,
                "each line's deployment and term, where they differ from the order's",
            )
        )
    if builder.uncounted:
        builder.group.problems.append(
            Problem(
                f"{prefix}!{header_row}",
                f"The table states no quantities: {builder.uncounted:,} compute lines are "
                "offers priced per GPU or per instance, and the TCO sizes each for the "
                "workload",
                Severity.WARNING,
                None,
                "a count column if the quote is for a fixed amount",
            )
        )


def quote_fields(builder: _LineBuilder) -> None:
    """The quote's own fields a column states (vendor, reference, dates): the first value,
    with a warning when the column holds several."""
    for name in (Field.VENDOR, Field.QUOTE_REF, Field.QUOTE_DATE, Field.VALID_UNTIL):
        column = builder.columns.get(name)
        if column is None:
            continue
        cells = [
            row.values[column.index] if column.index < len(row.values) else None
            for row in builder.table.rows
        ]
        first = next((cell for cell in cells if _filled(cell) is not None), None)
        if first is not None:
            builder.group.column_fields.setdefault(name.value, str(first))
            distinct = sorted(_distinct_texts(cells))
            if len(distinct) > 1:
                builder.group.problems.append(
                    Problem(
                        f"{builder.r.prefix(builder.sheet)}!{column.letter}",
                        f"The {name.value.replace('_', ' ')} column holds several values; "
                        "the first was used",
                        Severity.WARNING,
                        ", ".join(distinct[:5]),
                    )
                )


_DISCOUNT = re.compile(
    r"discount|rebate|rabatt|nachlass|remise|rabais|descuento|sconto|korting|値引|割引|折扣"
)


@dataclass(slots=True)
class _Closing:
    """What the rows under a line-item table state: totals to check, adjustments to add."""

    builder: _LineBuilder
    lines_before: Sequence[tuple[int, int]]
    count: int
    currency: str | None
    totals: list[TotalRow] = field(default_factory=list)
    adjustments: list[tuple[int, QuoteLine]] = field(default_factory=list)

    def above(self, index: int) -> int:
        """The lines before sheet row ``index``: the table's, and the adjustments read."""
        own = next((n for row, n in self.lines_before if row > index), self.count)
        return own + sum(1 for row, _ in self.adjustments if row < index)

    def discount_without_amount(self, index: int, text: str, folded: str, where: str) -> bool:
        """A closing row with words and no amount: a discount of a share of the subtotal
        is applied; one of no share is told and left out. False for a note."""
        if not _DISCOUNT.search(folded) or not _label_like(text):
            return False  # a note about the prices ("* Price reflects 18 % discount")
        if self.discount_of_subtotal(index, text, where):
            return True
        self.builder.group.problems.append(
            Problem(
                where,
                f"The row “{text}” states a discount but no amount; it was not applied, "
                "and the lines keep the prices as quoted",
                Severity.WARNING,
                text,
                "the discount's amount on its row, or net prices on the lines",
            )
        )
        return True

    def discount_of_subtotal(self, index: int, text: str, where: str) -> bool:
        """A discount stated as a share of the subtotal above it ("Less: volume discount
        7%" under "Subtotal 1,676,400"): applied as a line of −7 % of it, with a warning
        that shows the sum. False when the row states no share or no subtotal stands
        above it."""
        share = _PERCENT.findall(text)
        subtotal = next((t for t in reversed(self.totals) if not t.tax), None)
        currency = self.currency
        if len(share) != 1 or subtotal is None or currency is None:
            return False
        pct = Decimal(share[0].replace(",", "."))
        if not 0 < pct < 100:
            return False
        amount = -(subtotal.amount * pct / 100).quantize(Decimal("0.01"))
        self.adjustments.append(
            (
                index,
                QuoteLine(
                    kind=LineKind.COST,
                    description=text,
                    price=amount,
                    price_unit=PriceUnit.TOTAL,
                    currency=currency,
                    category=categorise_cost(text),
                    source=where,
                ),
            )
        )
        self.builder.group.problems.append(
            Problem(
                where,
                f"The row “{text}” states its discount as a share only: {pct:g} % of the "
                f"row “{subtotal.label}” ({_amount(subtotal.amount)}) is {_amount(amount)}, "
                "applied as a line",
                Severity.WARNING,
                text,
                "the discount's amount on its row",
            )
        )
        return True

    def wrapped(self, index: int) -> tuple[list[CellValue], int] | None:
        """A label wrapped over up to three rows of a PDF with its amount on one of them
        ("Discount (special" / "-$111,120.00" set in the middle / "pricing 8%):", or
        "Discount" / "(special pricing -$105,040.00" / "8%):"), as one row's cells and how
        many rows it took; None when the rows are not that."""
        rows = self.builder.sheet.rows
        top = [c for c in rows[index] if _filled(c) is not None]
        if len(top) != 1 or not isinstance(top[0], str) or not _has_letters(top[0]):
            return None
        parts, amount, used = [top[0].strip()], None, 0
        for below in range(index + 1, min(index + 3, len(rows))):
            cells = [c for c in rows[below] if _filled(c) is not None]
            figures = [c for c in cells if self._is_amount(c)]
            texts = [c for c in cells if c not in figures]
            if not cells or len(texts) > 1 or len(figures) > 1 or (figures and amount):
                break
            if amount is not None and not _GOES_ON.match(str(texts[0]).strip()):
                break  # a label of its own ("Estimated Tax"), not this one's last line
            if figures:
                amount = figures[0]
            parts += [str(t).strip() for t in texts]
            used = below - index
        if amount is None:
            return None
        return [" ".join(parts), amount], used

    def _is_amount(self, cell: CellValue) -> bool:
        money, problem = self.builder.money(cell, self.currency)
        return money is not None and problem is None

    def read(self, index: int, *, outside: bool, cells: list[CellValue] | None = None) -> bool:
        """Read one closing row (or the ``cells`` given for it); False when it is none
        (under the table: the block ends).

        A subtotal, tax or total row is kept to be checked; a discount, shipping or fee
        row with an amount becomes a cost line (a discount a negative one); a discount
        without an amount, or another row with one, is told and left out.
        """
        builder = self.builder
        if cells is None:
            cells = [c for c in builder.sheet.rows[index] if _filled(c) is not None]
        label = next((c for c in cells if isinstance(c, str) and _has_letters(c)), None)
        amounts = []
        for cell in cells:
            if cell is label or isinstance(cell, bool):
                continue
            money, problem = builder.money(cell, self.currency)
            if money is None or problem is not None:
                if outside:
                    return False  # words or a figure that is no amount: not a closing row
                continue
            amounts.append(money)
        if label is None:
            return not outside  # a blank or figures alone: inside the table, nothing to read
        if outside and len(cells) > 4:
            return False  # a row of its own (another table's), not a label and its amount
        text = label.strip()
        folded = normalise_text(text).casefold()
        where = builder.r.line_source(builder.sheet, index)
        if is_tax_label(text) or is_total_label(text):
            if amounts and not _LIST_TOTAL.search(folded):  # a list price's total: not owed
                self.totals.append(
                    TotalRow(index, text, amounts[-1].amount, is_tax_label(text), self.above(index))
                )
            return True
        if not amounts:
            return self.discount_without_amount(index, text, folded, where)
        money = amounts[-1]
        currency = money.currency or self.currency
        if not ADJUSTMENT.search(folded) or currency is None:
            builder.group.problems.append(
                Problem(
                    where,
                    f"The row “{text}” under the table states {_amount(money.amount)} and was "
                    "not imported: it names no discount, shipping or fee",
                    Severity.WARNING,
                    f"{text}: {_amount(money.amount)}",
                    "a line of the table, if it is part of the price",
                )
            )
            return True
        line = QuoteLine(
            kind=LineKind.COST,
            description=text,
            price=money.amount,
            price_unit=PriceUnit.TOTAL,
            currency=currency,
            category=categorise_cost(text),
            source=where,
        )
        self.adjustments.append((index, line))
        return True


_PERCENT = re.compile(r"(\d+(?:[.,]\d+)?)\s*%")
_LIST_TOTAL = re.compile(r"\blist\b|listenpreis|prix (de )?catalogue|precio de lista|定価")
"""A total of list prices ("Total List Price"): what the prices were before discounts,
not what the lines add up to."""


def _discounts_in_words(builder: _LineBuilder, lines: Sequence[QuoteLine]) -> None:
    """Warn where words state a discount the prices may not carry: a line's description
    ("8x B200 (list price; 15% project discount applied on invoice)") or a note under the
    table ("a special bid discount of 15% will be applied on the invoice")."""
    own = f"{builder.r.prefix(builder.sheet)}!"
    for line in lines:
        if not (line.source or "").startswith(own):
            continue  # a line of the page before, told there
        said = _stated_discount(line.description)
        if said and line.price > 0:
            builder.group.problems.append(
                Problem(
                    line.source or builder.r.prefix(builder.sheet),
                    f"The description states a discount ({said}) the price may not carry; the "
                    "line keeps the price as quoted",
                    Severity.WARNING,
                    line.description,
                    "the net price, or the discount as a line of its own",
                )
            )
    table, rows = builder.table, builder.sheet.rows
    for index in range(table.end_row, min(len(rows), table.end_row + _CLOSING_ROWS)):
        texts = [c for c in rows[index] if isinstance(c, str) and c.strip()]
        if len(texts) != 1 or _label_like(texts[0]):
            continue
        said = _stated_discount(texts[0])
        if said:
            builder.group.problems.append(
                Problem(
                    builder.r.line_source(builder.sheet, index),
                    f"A note under the table states a discount ({said}); the lines keep the "
                    "prices as quoted: check whether they are net of it",
                    Severity.WARNING,
                    texts[0],
                    "net prices, or the discount as a line of its own",
                )
            )


def _stated_discount(text: str) -> str | None:
    """The percentage a text gives a discount ("15%"), or None."""
    folded = normalise_text(text).casefold()
    match = _PERCENT.search(folded)
    return match.group(0).replace(" ", "") if match and _DISCOUNT.search(folded) else None


def _label_like(text: str) -> bool:
    """A row's label, not a note: a few words, no footnote mark, no sentence."""
    return len(text.split()) <= 6 and not text.rstrip().endswith(".") and text[:1].isalnum()


def _final_total(text: str) -> bool:
    """A grand total's label ("Grand Total", "Total (USD)", "Total TTC"): nothing of the
    quote's price comes after it."""
    return is_total_label(text) and not is_tax_label(text) and not _SUB.search(text.casefold())


_SUB = re.compile(r"sub|zwischen|sous|net|ht\b|neto|imponibile|小计|小計")


def _has_letters(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def read_closing_block(
    builder: _LineBuilder,
    lines: Sequence[QuoteLine],
    lines_before: Sequence[tuple[int, int]],
    count: int,
) -> list[QuoteLine]:
    """Read the rows that close a line-item table and check its totals.

    The block is the rows after the table's last line: its subtotal and closing rows, the
    totals row that ended it, and the label-and-amount rows that follow (a PDF's totals
    stand apart from the item columns: "Discount (Premier Contract) | -$363,176.88"),
    up to the first row that is none. A discount, shipping or fee row becomes a cost line
    (returned, in the order of the rows); each subtotal or total is then checked against
    the lines above it (plus the taxes listed), and a mismatch is a warning naming both
    figures.
    """
    table = builder.table
    sheet_rows = builder.sheet.rows
    first = lines[0].currency if lines else None
    closing = _Closing(
        builder, lines_before, count, builder.mapping.currency or builder.r.currency or first
    )
    last = table.rows[-1].index if table.rows else table.header_row
    stop = table.stop_reason or ""
    inside = sorted(
        {index for index, why in table.skipped if why in _CLOSING_SKIPS}
        | set(range(last + 1, min(table.end_row, len(sheet_rows))))
    )
    for index in inside:
        closing.read(index, outside=False)
    if stop.startswith(("total", "end of table", "notes")):
        blanks = 0
        wrapped_rows: set[int] = set()
        for index in range(table.end_row, min(table.end_row + _CLOSING_ROWS, len(sheet_rows))):
            if index in wrapped_rows:
                continue  # the amount and the label's second line of a wrapped row
            if not any(_filled(cell) is not None for cell in sheet_rows[index]):
                blanks += 1
                if blanks > 1:
                    break
                continue
            blanks = 0
            wrapped = closing.wrapped(index) if builder.r.is_pdf else None
            cells = None
            if wrapped is not None:
                cells, used = wrapped
                wrapped_rows.update(range(index + 1, index + 1 + used))
            if not closing.read(index, outside=True, cells=cells):
                break
            last_total = closing.totals[-1] if closing.totals else None
            if (
                last_total is not None
                and last_total.row == index
                and _final_total(last_total.label)
            ):
                break  # the grand total closes the quote's prices
    _discounts_in_words(builder, lines)
    ordered = list(lines)
    for index, line in closing.adjustments:
        ordered.insert(closing.above(index), line)
    for mismatch in lines_against_totals(ordered, closing.totals):
        total = mismatch.total
        builder.group.problems.append(
            Problem(
                builder.r.line_source(builder.sheet, total.row),
                f"The row “{total.label}” states {_amount(total.amount)}, but the lines "
                f"above it add up to {_amount(mismatch.expected)}"
                + (" with the taxes listed" if any(t.tax for t in closing.totals) else ""),
                Severity.WARNING,
                _amount(total.amount),
                _amount(mismatch.expected),
            )
        )
    return [line for _, line in closing.adjustments]


_GOES_ON = re.compile(r"^[\W\d]|^[a-zäöüéèàç]")
"""The last line of a wrapped label: it goes on with a bracket, a figure or a lower-case
word ("pricing 8%):", "(7.25%):"), where a new label starts with a capital."""

_CLOSING_SKIPS = (SkipReason.SUBTOTAL, SkipReason.CLOSING)
_CLOSING_ROWS = 16
"""How many rows under a table its closing block may span."""


_MONTHLY = frozenset({PriceUnit.PER_NODE_MONTH, PriceUnit.PER_GPU_MONTH, PriceUnit.PER_MONTH})


def _units(line: QuoteLine) -> int:
    """How many units a monthly price of the line is for, were it per unit."""
    if line.price_unit is PriceUnit.PER_NODE_MONTH:
        return line.nodes or 1
    if line.price_unit is PriceUnit.PER_GPU_MONTH:
        return line.accelerator_count or 1
    quantity = line.quantity
    return int(quantity) if quantity is not None and quantity == int(quantity) else 1


def recurring_line_totals(builder: _LineBuilder, own: Sequence[QuoteLine]) -> list[QuoteLine]:
    """The lines of a monthly table whose sum row proves its amounts are each line's total.

    "8 | B200 nodes | Monthly fee $214,912.00" under "Monthly recurring total $226,162.00":
    the total is the amounts added as written, not each times its quantity, so $214,912 is
    what the eight nodes cost a month together, $26,864 a node. The prices are divided by
    their quantities, with a warning naming the total that proves it. Lines are returned
    unchanged when no sum row follows, or when it adds up the other way.
    """
    if not own or any(line.price_unit not in _MONTHLY for line in own):
        return list(own)
    units = [_units(line) for line in own]
    if all(u == 1 for u in units):
        return list(own)
    stated = _recurring_total(builder, own[0].currency)
    if stated is None:
        return list(own)
    label, amount = stated
    as_written = sum((line.price for line in own), Decimal(0))
    extended = sum((line.price * u for line, u in zip(own, units, strict=True)), Decimal(0))
    if not close_enough(amount, as_written) or close_enough(amount, extended):
        return list(own)
    out = [
        replace(line, price=line.price / u) if u > 1 else line
        for line, u in zip(own, units, strict=True)
    ]
    first = next(i for i, u in enumerate(units) if u > 1)
    _tell_table(
        builder,
        f"The amounts are each line's total for its quantity: the row “{label}” "
        f"({_amount(amount)}) adds them up as written, so each was divided by its "
        f"quantity ({_amount(own[first].price)} ÷ {units[first]} = "
        f"{_amount(out[first].price)})",
        _amount(own[first].price),
        "a price per unit, or a column of each line's total",
    )
    return out


def _recurring_total(builder: _LineBuilder, currency: str) -> tuple[str, Decimal] | None:
    """The first total row (label, amount) within a few rows after the table, if any."""
    table = builder.table
    rows = builder.sheet.rows
    skipped = sorted(index for index, why in table.skipped if why in _CLOSING_SKIPS)
    after = range(table.end_row, min(table.end_row + 4, len(rows)))
    for index in [*skipped, *after]:
        cells = [c for c in rows[index] if _filled(c) is not None]
        label = next((c for c in cells if isinstance(c, str) and _has_letters(c)), None)
        if label is None or not is_total_label(label) or is_tax_label(label):
            continue
        amounts = [
            money.amount
            for cell in cells
            if cell is not label and not isinstance(cell, bool)
            for money, problem in [builder.money(cell, currency)]
            if money is not None and problem is None
        ]
        if amounts:
            return label.strip(), amounts[-1]
    return None


_PLACE_KEY = re.compile(
    r"^(region|location|site|facility|data ?cent(er|re)|hosting location|availability zone|"
    r"standort|rechenzentrum|localisation|emplacement|(site d')?h[ée]bergement|ubicaci[oó]n|"
    r"sede|regione|locatie|地域|リージョン|所在地|区域|地区|机房)\s*[:：]?$"
)
"""A key above an order form's table that says where its capacity runs ("Region:")."""


def order_place(builder: _LineBuilder) -> tuple[str, str, str] | None:
    """Where an order form says its capacity runs: (the place as written, its country,
    where it says so), or None when it says nowhere or names no known country.

    Above its table ("Region: eu-north1 (Finland)"), else in its sheet's name: a
    workbook of one sheet per region ("us-east-1", "Frankfurt") places each sheet's lines.
    """
    origin = builder.table.continues or builder.table
    for r in range(origin.header_rows[0] if origin.header_rows else origin.first_row):
        cells = [c for c in origin.sheet.rows[r] if _filled(c) is not None]
        for i, cell in enumerate(cells):
            if not isinstance(cell, str):
                continue
            # "Region: | eu-north1 (Finland)", or in one cell "Hébergement : Paris (France)"
            key, colon, said = normalise_text(cell).replace("：", ":").partition(":")
            value: CellValue = said
            if not colon or not said.strip():
                key = normalise_text(cell)
                value = cells[i + 1] if i + 1 < len(cells) else None
            if _PLACE_KEY.match(key.strip().rstrip(":").casefold()) and isinstance(value, str):
                country = country_of(value)
                if country is not None:
                    return value.strip(), country, "the order says above the table"
    if builder.r.is_text or builder.r.is_pdf:
        return None  # a text file's or a PDF page's name is no sheet's
    name = origin.sheet.name.strip()
    country = country_of(name)
    return (name, country, "the sheet's name says") if country is not None else None


def with_order_place(builder: _LineBuilder, own: Sequence[QuoteLine]) -> list[QuoteLine]:
    """The compute lines that state no place of their own, placed where the order form
    says ("Region: eu-north1 (Finland)"), with a warning; the others as they are."""
    place = order_place(builder)
    if place is None:
        return list(own)
    region, country, said = place
    out = [
        replace(line, region=region, country=country)
        if line.kind is LineKind.COMPUTE and line.region is None and line.country is None
        else line
        for line in own
    ]
    placed = sum(1 for a, b in zip(own, out, strict=True) if a is not b)
    if placed:
        _tell_table(
            builder,
            f"{plural(placed, 'compute line')} without a region of "
            f"{'its' if placed == 1 else 'their'} own {'was' if placed == 1 else 'were'} "
            f"placed where {said}: {region}"
            + ("" if f"({country})" in region else f" ({country})"),
            region,
            "each line's region, where it differs",
        )
    return out


def _tell_table(builder: _LineBuilder, message: str, found: str, expected: str) -> None:
    """A warning about the whole table, at its header row."""
    builder.group.problems.append(
        Problem(
            builder.r.line_source(builder.sheet, builder.table.header_row),
            message,
            Severity.WARNING,
            found,
            expected,
        )
    )


_LICENSED_SYSTEM = re.compile(
    r"\b(windows(?: server)?|rhel|red hat(?: enterprise linux)?|suse|sles|ubuntu pro|"
    r"sql server)\b",
    re.IGNORECASE,
)
"""An operating system or database whose licence a cloud adds to an instance's rate."""
_LICENSED_WORDS = ("windows", "rhel", "red hat", "suse", "sles", "ubuntu pro", "sql server")


def licensed_systems(builder: _LineBuilder, own: Sequence[QuoteLine]) -> None:
    """Warn once when compute lines name a licensed system (Windows, RHEL, SUSE, SQL
    Server): their rate includes the licence, so they cost more than the same capacity
    the workload would run on Linux, and are compared as quoted."""
    compute = [line for line in own if line.kind is LineKind.COMPUTE]
    together = "\n".join(line.description for line in compute).casefold()
    if not any(word in together for word in _LICENSED_WORDS):
        return  # a price list's 100,000 descriptions: a few scans for plain words
    named = [
        (line, found)
        for line in compute
        if (found := _LICENSED_SYSTEM.search(line.description)) is not None
    ]
    line, found = named[0]
    text = clipped(line.description, 70)
    _tell_table(
        builder,
        f"{plural(len(named), 'compute line')} {'names' if len(named) == 1 else 'name'} a "
        f"licensed system ({found.group(0)}, in “{text}”): the rate includes its licence, so "
        f"{'it costs' if len(named) == 1 else 'they cost'} more than the same capacity "
        "on Linux; compared as quoted",
        found.group(0),
        "the Linux price, unless the workload needs that system",
    )
