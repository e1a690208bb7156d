"""A returned RFQ's Pricing sheet: one quote line per option the vendor priced.

Every option row is read by its columns' hidden keys (a vendor may move columns or add
rows). What the vendor typed beyond a cell's format is read by :mod:`~computescore.io.
rfq_cells` and told; options not offered, to be priced later, or on hidden rows are told
and left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import Deployment, LineKind, PriceUnit, QuoteLine
from computescore.domain.rfq import (
    DEPLOYMENT_LABELS,
    KEYS_SHEET,
    LISTS_SHEET,
    PRICE_UNIT_LABELS,
    PRICING_COLUMNS,
)
from computescore.domain.tco import flex_words, prepaid_words
from computescore.io.accelerators import AcceleratorResolver
from computescore.io.places import country_of
from computescore.io.reader.pricing import (
    NEGATIVE_PRICE,
    implausible_price,
    unsaved_formula,
)
from computescore.io.reader.records import preview_text
from computescore.io.rfq_cells import (
    NOT_ANSWERED,
    NOTED,
    TO_FOLLOW,
    currency_of,
    days_answer,
    has_text,
    merged_filled,
    replace_severity,
    stated_currency,
    term_answer,
    unit_in_cell,
    whole_answer,
)
from computescore.io.values import (
    DecimalMark,
    Money,
    categorise_cost,
    is_blank,
    normalise_text,
    parse_decimal,
    parse_money,
    parse_percent,
    parse_terms,
    parse_unit_text,
    price_unit_for,
)
from computescore.io.workbook import CellValue, SheetData, WorkbookData, cell_name


@dataclass(frozen=True, slots=True)
class RfqReadOptions:
    """What the user says of a returned RFQ, as of any quote file.

    Attributes:
        mark: the decimal mark of prices typed as text (``14.250`` is then decided).
        currency: the currency of prices that state none.
        include_hidden: read the options on hidden rows too (else told and left out).
    """

    mark: DecimalMark | None = None
    currency: str | None = None
    include_hidden: bool = False


_OFFER_KEYS = tuple(
    c.key
    for c in PRICING_COLUMNS
    if c.answer and c.key not in ("deployment", "term_months", "price_unit")
)
"""Answer columns that show a row was filled in (the others may be pre-filled by us)."""


@dataclass(frozen=True, slots=True)
class _RowCells:
    """A pricing row's cells by column key."""

    row: Sequence[CellValue]
    columns: Mapping[str, int]

    def __call__(self, key: str) -> CellValue:
        index = self.columns.get(key)
        return self.row[index] if index is not None and index < len(self.row) else None


class PricingReader:
    """What the terms reader and the pricing rows share: the book, the options the user
    chose, where each cell is and the problems found; and the pricing rows themselves."""

    def __init__(
        self,
        book: WorkbookData,
        catalogue: Catalogue,
        vendor: str | None,
        options: RfqReadOptions,
    ) -> None:
        self.book = book
        self.options = options
        self.file = book.path.name
        self.resolver = AcceleratorResolver(catalogue)
        self.names = {a.display_name.casefold(): a.id for a in catalogue.accelerators.values()}
        self.vendor = vendor
        self.problems: list[Problem] = []
        self.file_problems: list[Problem] = []

    # -- addresses

    def at(self, sheet: SheetData, row: int, col: int) -> str:
        return f"{self.file}!{sheet.name}!{cell_name(row, col)}"

    def problem(
        self,
        source: str,
        message: str,
        severity: Severity = Severity.WARNING,
        found: object = None,
        expected: str | None = None,
    ) -> None:
        self.problems.append(
            Problem(source, message, severity, None if found is None else str(found), expected)
        )

    def _sheets(self) -> list[SheetData]:
        skip = {KEYS_SHEET.casefold(), LISTS_SHEET.casefold()}
        return [s for s in self.book.sheets if s.name.casefold() not in skip]

    # -- the Pricing sheet

    def _pricing(self) -> list[QuoteLine]:
        located = self._pricing_sheet()
        if located is None:
            self.problem(self.file, "The Pricing sheet or its columns are missing", Severity.ERROR)
            return []
        sheet, columns, first = located
        lines: list[QuoteLine] = []
        rows = merged_filled(sheet)
        for index in range(first, len(rows)):
            cells = _RowCells(rows[index], columns)
            option = preview_text(cells("option")) or f"row {index + 1}"
            if (
                index in sheet.hidden_rows
                and not self.options.include_hidden
                and any(not is_blank(cells(k)) for k in _OFFER_KEYS)
            ):
                self.problem(
                    f"{self.file}!{sheet.name}!{index + 1}",
                    f"Option {option} is on a hidden row and was not imported",
                    found=preview_text(cells("price")),
                    expected="the row shown, if the option is offered",
                )
                continue
            price_raw = cells("price")
            if isinstance(price_raw, str) and TO_FOLLOW.match(price_raw):
                self.problem(
                    self.at(sheet, index, columns["price"]),
                    f"Option {option} has no price yet and was not imported",
                    Severity.WARNING,
                    price_raw,
                    "a price, from the vendor (ask for it)",
                )
                continue
            if isinstance(price_raw, str) and NOT_ANSWERED.match(price_raw):
                self.problem(
                    self.at(sheet, index, columns["price"]),
                    f"Option {option} is not offered (n/a)",
                    Severity.INFO,
                    price_raw,
                )
                continue
            if not any(not is_blank(cells(key)) for key in _OFFER_KEYS):
                if not is_blank(cells("option")):
                    self.problem(
                        self.at(sheet, index, columns.get("price", 0)),
                        f"Option {option} was not priced",
                        Severity.INFO,
                    )
                continue
            line = self._line(sheet, index, columns, cells, option)
            if line is not None:
                lines.append(line)
        return lines

    def _pricing_sheet(self) -> tuple[SheetData, dict[str, int], int] | None:
        wanted = {c.key for c in PRICING_COLUMNS}
        headers = {c.header.casefold(): c.key for c in PRICING_COLUMNS}
        for sheet in self._sheets():
            for index, row in enumerate(sheet.rows[:30]):
                keys = {
                    str(v): col for col, v in enumerate(row) if isinstance(v, str) and v in wanted
                }
                if len(keys) >= 5:
                    # The visible header row under the keys: most of its headings as
                    # written, whichever the vendor renamed ("Price (USD per GPU-hour)").
                    header = next(
                        (
                            i
                            for i in range(index + 1, min(index + 10, len(sheet.rows)))
                            if sum(
                                isinstance(v, str) and v.strip().casefold() in headers
                                for v in sheet.rows[i]
                            )
                            >= 3
                            or has_text(sheet.rows[i], "price")
                        ),
                        index,
                    )
                    return sheet, keys, header + 1
                by_header = {
                    headers[v.strip().casefold()]: col
                    for col, v in enumerate(row)
                    if isinstance(v, str) and v.strip().casefold() in headers
                }
                if len(by_header) >= 5:
                    self.problem(
                        f"{self.file}!{sheet.name}",
                        "The pricing columns' hidden keys are gone; the columns were found by "
                        "their headers",
                    )
                    return sheet, by_header, index + 1
        return None

    def _line(
        self,
        sheet: SheetData,
        index: int,
        columns: Mapping[str, int],
        cell: _RowCells,
        option: str,
    ) -> QuoteLine | None:
        def where(key: str) -> str:
            return self.at(sheet, index, columns.get(key, 0))

        formula = sheet.formulas.get((index, columns.get("price", -1)))
        if formula is not None and not formula.cached:
            self.problems.append(unsaved_formula(where("price"), formula))
            return None
        priced = self._price(cell, where, option)
        if priced is None:
            return None
        amount, currency, money = priced
        accelerator = self._accelerator(cell("accelerator"), where("accelerator"))
        compute = accelerator is not None
        if compute and amount < 0:
            self.problem(where("price"), NEGATIVE_PRICE, Severity.ERROR, cell("price"), "a price")
            return None
        deployment = _deployment(cell("deployment"))
        if not is_blank(cell("deployment")) and deployment is None:
            self.problem(
                where("deployment"),
                "The deployment is not one of the list",
                found=cell("deployment"),
                expected="a deployment from the list",
            )
        unit = self._unit(cell, where, money, compute=compute)
        if unit is None:
            self.problem(
                where("price_unit"),
                f"Option {option} states no price unit",
                Severity.ERROR,
                cell("price_unit"),
                "a unit from the list",
            )
            return None
        per_node = self._whole(cell, where, "accelerators_per_node", "accelerators per node")
        count = self._whole(cell, where, "accelerator_count", "number of accelerators")
        quantity, _ = parse_decimal(cell("quantity"), where("quantity"))
        request = preview_text(cell("request"))
        description = preview_text(cell("description")) or request or option
        if compute:
            description = self._with_commitment(description, deployment, cell, where)
        nodes = count // per_node if count and per_node and count % per_node == 0 else None
        term, note = term_answer(cell("term_months"))
        if note is not None:
            self.problem(where("term_months"), note, found=cell("term_months"), expected="months")
        lead, note = days_answer(cell("lead_time_days"))
        if note is not None:
            self.problem(
                where("lead_time_days"), note, found=cell("lead_time_days"), expected="days"
            )
        country = self._country(cell, where)
        line = QuoteLine(
            kind=LineKind.COMPUTE if compute else LineKind.COST,
            description=description,
            price=amount,
            price_unit=unit,
            currency=currency,
            category=None if compute else categorise_cost(f"{description} {request}"),
            accelerator=accelerator,
            accelerators_per_node=per_node if compute else None,
            nodes=nodes if compute else None,
            accelerator_count=count if compute else None,
            quantity=None if compute else (quantity if quantity is not None else Decimal(1)),
            deployment=deployment,
            term_months=term,
            region=_text(cell("region")),
            country=country,
            source=f"{self.file}!{sheet.name}!{index + 1}",
            lead_time_days=lead,
        )
        doubt = implausible_price(line)
        if doubt:
            self.problem(
                where("price"), doubt, found=cell("price"), expected="a rent per hour or month"
            )
        return line

    def _whole(
        self, cell: _RowCells, where: Callable[[str], str], key: str, what: str
    ) -> int | None:
        value, note = whole_answer(cell(key), what)
        if note is not None:
            self.problem(where(key), note, found=cell(key), expected="a whole number")
        return value

    def _country(self, cell: _RowCells, where: Callable[[str], str]) -> str | None:
        """The two-letter code of the country cell: its code, or the code of the country
        it names ("Germany", "Deutschland" → DE, as in price lists); anything else is
        told and left out."""
        text = _text(cell("country"))
        if text is None:
            return None
        code = country_of(text)
        if code is not None:
            return code
        self.problem(
            where("country"),
            "The country is neither a two-letter ISO code nor a country's name; it was left out",
            found=text,
            expected="e.g. DE",
        )
        return None

    def _unit(
        self, cell: _RowCells, where: Callable[[str], str], money: Money, *, compute: bool
    ) -> PriceUnit | None:
        """The price unit: the one the price cell states in its words, else the unit
        column's; when the two differ the cell's is taken, and that is told."""
        column = _price_unit(cell("price_unit"), compute=compute)
        stated = unit_in_cell(money, column, compute=compute)
        if stated is not None and column is not None and stated is not column:
            self.problem(
                where("price"),
                f"The price cell states its unit ({stated.value.replace('_', ' ')}), not the "
                f"unit column's ({column.value.replace('_', ' ')}); the cell's was taken",
                found=cell("price"),
                expected="the unit in the unit column",
            )
        return stated or column

    def _with_commitment(
        self,
        description: str,
        deployment: Deployment | None,
        cell: _RowCells,
        where: Callable[[str], str],
    ) -> str:
        """The description with the minimum commitment, and for a commitment its flex band
        and prepaid share, in the words the TCO and the plan read ("min. 64 GPUs; flex
        +25%; prepaid 50%")."""
        words = []
        least = self._whole(cell, where, "minimum", "minimum commitment")
        if least:
            words.append(f"min. {least:,} GPU{'' if least == 1 else 's'}")
        committed = deployment is not None and deployment.committed
        for key in ("flex", "prepayment"):
            percent, problem = parse_percent(cell(key), where(key), what=key)
            if problem is not None:
                self.problems.append(replace_severity(problem, Severity.WARNING))
            if percent is None:
                continue
            what = "flex band" if key == "flex" else "prepayment"
            if percent < 0:
                self.problem(
                    where(key),
                    f"The {what} is negative; it was left out",
                    found=str(cell(key)),
                    expected="a share from 0 to 100 %",
                )
            elif not committed:
                self.problem(
                    where(key),
                    f"A {what} is stated on an option that is no reserved or leased "
                    "commitment; only a commitment has one, so it was left out",
                    found=str(cell(key)),
                    expected="a reserved or leased option",
                )
            else:
                words.append((flex_words if key == "flex" else prepaid_words)(percent / 100))
        return f"{description} ({'; '.join(words)})" if words else description

    def _price(
        self, cell: _RowCells, where: Callable[[str], str], option: str
    ) -> tuple[Decimal, str, Money] | None:
        """The row's price and currency, or None (reported as an error) when either is missing."""
        mark, raw = self.options.mark, cell("price")
        money, problem = parse_money(raw, where("price"), mark=mark)
        noted = NOTED.match(raw) if isinstance(raw, str) else None
        if money is None and noted is not None:
            # "2.10 (see note 3)": the figure, and its note told
            money, problem = parse_money(noted.group(1), where("price"), mark=mark)
            if money is not None:
                self.problem(
                    where("price"),
                    f"The price's note “{noted.group(2)}” was left aside; read as {money.amount}",
                    found=cell("price"),
                    expected="the note in the description or the terms",
                )
        if money is None:
            why = f": {problem.message[0].lower()}{problem.message[1:]}" if problem else ""
            self.problem(
                where("price"),
                f"Option {option} has no price{why}",
                Severity.ERROR,
                cell("price"),
                problem.expected if problem and problem.expected else "a price",
            )
            return None
        if problem is not None:
            self.problems.append(replace_severity(problem, Severity.WARNING))
        column = currency_of(cell("currency"))
        stated = stated_currency(cell("price"))
        if column is not None and stated is not None and stated != column:
            self.problem(
                where("price"),
                f"The price cell states {stated}, the currency column {column}; the cell's "
                "was taken",
                found=cell("price"),
                expected=f"the price in {column}, or {stated} in the currency column",
            )
        currency = stated or column or money.currency or self.options.currency
        if currency is None:
            self.problem(
                where("currency"),
                f"Option {option} states no currency",
                Severity.ERROR,
                cell("currency"),
                "e.g. USD",
            )
            return None
        return money.amount, currency, money

    def _accelerator(self, named: CellValue, source: str) -> str | None:
        """The catalogue id of a model chosen from the list (or typed another way)."""
        if is_blank(named):
            return None
        text = normalise_text(named)
        found = self.names.get(text.casefold())
        if found is None:
            match = self.resolver.resolve(text)
            found = match.accelerator_id if match is not None else None
        if found is None:
            self.problem(
                source,
                "The accelerator is not in the catalogue",
                found=named,
                expected="a model from the list",
            )
        return found


# --------------------------------------------------------------------------- cells


def _text(value: CellValue) -> str | None:
    return None if is_blank(value) else normalise_text(value)


def _deployment(value: CellValue) -> Deployment | None:
    if is_blank(value):
        return None
    text = normalise_text(value).casefold()
    for deployment, label in DEPLOYMENT_LABELS.items():
        if text == label.casefold() or text == deployment.value:
            return deployment
    reading, _ = parse_terms(value)
    return None if reading is None else reading.deployment


def _price_unit(value: CellValue, *, compute: bool) -> PriceUnit | None:
    if is_blank(value):
        return None
    text = normalise_text(value).casefold()
    for unit, label in PRICE_UNIT_LABELS.items():
        if text == label.casefold() or text == unit.value:
            return unit
    hint = parse_unit_text(value)
    return None if hint is None else price_unit_for(hint, compute=compute, node_priced=False)
