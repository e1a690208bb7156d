"""Reading back a request-for-quotation workbook the vendor filled in.

A returned RFQ is recognised by its hidden key sheet (first cell
:data:`~computescore.domain.rfq.FORMAT_MARK`). Every answer is then found by its key,
not by guessing: terms questions by the key in their row's hidden first column, pricing
answers by the key above their column in the hidden first row (both move with what
they label when a vendor reorders rows or columns). Only when those keys are gone is a
pricing column found by its exact header. Values go through the same parsers as any
quote, and every answer that is missing, "n/a" or not what was asked for is reported
with its cell; rows a vendor added under the requested options are read as more
options.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Certification,
    Deployment,
    ExitTerms,
    LineKind,
    MeasuredPerformance,
    PriceUnit,
    QuoteLine,
    ReliabilityTerms,
    SlaCredit,
    SlaTerms,
    SupportTerms,
)
from computescore.domain.rfq import (
    ANSWER_HEADER,
    CERTIFICATE_ROWS,
    CREDIT_TIERS,
    DEPLOYMENT_LABELS,
    FORMAT_MARK,
    KEYS_SHEET,
    LISTS_SHEET,
    PRICE_UNIT_LABELS,
    PRICING_COLUMNS,
    QUESTION_BY_KEY,
    AnswerKind,
)
from computescore.domain.tco import flex_words, prepaid_words
from computescore.io.accelerators import AcceleratorResolver
from computescore.io.reader.pricing import NEGATIVE_PRICE, implausible_price
from computescore.io.reader.records import (
    FileDraft,
    Preview,
    QuoteDraft,
    SheetPreview,
    preview_text,
)
from computescore.io.rfq_cells import (
    currency_of,
    days_answer,
    merged_filled,
    stated_currency,
    term_answer,
    unit_in_cell,
    whole_answer,
)
from computescore.io.terms import unkept_egress
from computescore.io.values import (
    Money,
    categorise_cost,
    is_blank,
    normalise_text,
    parse_date,
    parse_days,
    parse_decimal,
    parse_duration_minutes,
    parse_money,
    parse_percent,
    parse_terms,
    parse_unit_text,
    price_unit_for,
)
from computescore.io.workbook import CellValue, SheetData, WorkbookData, cell_name

_NOT_ANSWERED = re.compile(
    r"^\s*(n\s*/?\s*a|not applicable|not available|tbd|tba|-+|—|–)\s*$", re.I
)
_YES = {"yes", "y", "true", "ja", "oui", "si", "sí", "1", "x"}
_NO = {"no", "n", "false", "nein", "non", "0"}


def is_rfq_book(book: WorkbookData) -> bool:
    """True when the book is a request for quotation written by this app."""
    keys = book.sheet(KEYS_SHEET)
    return keys is not None and keys.cell(0, 0) == FORMAT_MARK


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


@dataclass
class _Answers:
    """Raw answers by key, with the cell each came from."""

    values: dict[str, CellValue] = field(default_factory=dict)
    cells: dict[str, str] = field(default_factory=dict)


class _RfqReader:
    def __init__(self, book: WorkbookData, catalogue: Catalogue, vendor: str | None) -> None:
        self.book = book
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

    # -- run

    def run(self) -> FileDraft:
        keys = self._keys()
        answers = self._questions()
        lines = self._pricing()
        draft = self._draft(keys, answers, lines)
        return FileDraft(
            self.book.path,
            self.book.kind,
            (draft,),
            tuple(self.file_problems),
            _preview(self.book),
            None,
            next((line.currency for line in lines), None),
        )

    def _keys(self) -> dict[str, str]:
        sheet = self.book.sheet(KEYS_SHEET)
        assert sheet is not None
        found = {}
        for row in sheet.rows:
            if len(row) >= 2 and isinstance(row[0], str) and not is_blank(row[1]):
                found[row[0]] = preview_text(row[1])
        self.file_problems.append(
            Problem(
                self.file,
                f"Read as the answer to request for quotation {found.get('reference', '?')} "
                f"(evaluation '{found.get('evaluation', '?')}'): every answer by its key",
                Severity.INFO,
            )
        )
        return found

    def _sheets(self) -> list[SheetData]:
        skip = {KEYS_SHEET.casefold(), LISTS_SHEET.casefold()}
        return [s for s in self.book.sheets if s.name.casefold() not in skip]

    def _questions(self) -> _Answers:
        answers = _Answers()
        for sheet in self._sheets():
            answer_col = _answer_column(sheet)
            if answer_col is None:
                continue
            for index, row in enumerate(sheet.rows):
                key = row[0] if row else None
                if not isinstance(key, str) or key not in QUESTION_BY_KEY:
                    continue
                answers.values[key] = row[answer_col] if answer_col < len(row) else None
                answers.cells[key] = self.at(sheet, index, answer_col)
        return answers

    # -- terms

    def _value(self, answers: _Answers, key: str) -> Any:
        """One answer parsed by its kind; None when unanswered (reported) or invalid."""
        question = QUESTION_BY_KEY[key]
        raw = answers.values.get(key)
        source = answers.cells.get(key, self.file)
        if is_blank(raw):
            return None
        if isinstance(raw, str) and _NOT_ANSWERED.match(raw):
            self.problem(source, f"'{question.label}' was answered n/a", Severity.INFO, raw)
            return None
        parse = _PARSERS.get(question.kind)
        if parse is None:
            # A text answer typed as a number (a quote reference 12345) reads as written.
            return preview_text(raw) if isinstance(raw, int | float) else normalise_text(raw)
        value, problem = parse(raw, source, question.label, self.book.date1904)
        if problem is not None:
            self.problems.append(replace_severity(problem, Severity.WARNING))
        return value

    def _draft(
        self, keys: Mapping[str, str], answers: _Answers, lines: list[QuoteLine]
    ) -> QuoteDraft:
        def get(key: str) -> Any:
            return self._value(answers, key)

        certificates = self._certificates(get)
        egress: Money | None = get("exit_terms.egress")
        egress_currency = get("exit_terms.egress_currency")
        if egress is not None and egress_currency:
            egress = Money(egress.amount, egress_currency, egress.unit)
        if egress is not None and egress.currency != "USD":
            source = answers.cells.get("exit_terms.egress", self.file)
            self.problems.append(unkept_egress(egress, source, None))
        country = get("data.country")
        if country:
            lines = [
                line if line.country else replace(line, country=str(country).upper())
                for line in lines
            ]
        if not lines:
            self.problem(
                self.file,
                "No option was priced on the Pricing sheet",
                Severity.ERROR,
                expected="at least one priced option",
            )
        self._unanswered(answers)
        stated_afr = not is_blank(answers.values.get("reliability.annual_failure_rate"))
        return QuoteDraft(
            source_file=self.file,
            vendor=self.vendor or keys.get("vendor"),
            quote_ref=get("quote_ref") or keys.get("reference"),
            quote_date=get("quote_date"),
            valid_until=get("valid_until"),
            lines=tuple(lines),
            sla=SlaTerms(get("sla.uptime_pct"), self._credits(get, answers)),
            support=SupportTerms(
                self._responses(get),
                get("support.expert_hours_per_month"),
                get("support.coverage") or "",
            ),
            reliability=ReliabilityTerms(
                _fraction(get("reliability.annual_failure_rate")),
                get("reliability.mttr_hours"),
                "stated in the RFQ response" if stated_afr else "",
                get("reliability.spot_interruptions_per_hour"),
            ),
            performance=MeasuredPerformance(
                _fraction(get("performance.mfu")),
                get("performance.tokens_per_second"),
                get("performance.method") or "",
                get("performance.measured_on"),
            ),
            exit_terms=ExitTerms(
                notice_days=get("exit_terms.notice_days"),
                termination_fee_pct=get("exit_terms.termination_fee_pct"),
                data_return=get("exit_terms.data_return"),
                data_deletion=get("exit_terms.data_deletion"),
                egress_usd_per_gb=egress.amount if egress and egress.currency == "USD" else None,
                auto_renewal=get("exit_terms.auto_renewal"),
                lock_in_notes=get("exit_terms.lock_in_notes") or "",
            ),
            egress=egress,
            certifications=tuple(c.name for c in certificates),
            certificates=certificates,
            problems=tuple(self.problems),
            sheets=("Pricing",),
            terms_source=f"{self.file}!Terms",
        )

    def _credits(self, get: Callable[[str], Any], answers: _Answers) -> tuple[SlaCredit, ...]:
        credits = []
        for tier in range(1, CREDIT_TIERS + 1):
            below, credit = get(f"sla.credits.{tier}.below"), get(f"sla.credits.{tier}.credit")
            if below is not None and credit is not None:
                credits.append(SlaCredit(below, credit))
            elif (below is None) != (credit is None):
                self.problem(
                    answers.cells.get(f"sla.credits.{tier}.below", self.file),
                    f"Service credit tier {tier} states only one of its two figures; it was "
                    "left out",
                )
        return tuple(credits)

    @staticmethod
    def _responses(get: Callable[[str], Any]) -> dict[int, int | None]:
        response: dict[int, int | None] = {}
        for severity in range(1, 5):
            value = get(f"support.response_minutes.{severity}")
            if value == "best effort":
                response[severity] = None
            elif value is not None:
                response[severity] = int(value)
        return response

    def _certificates(self, get: Callable[[str], Any]) -> tuple[Certification, ...]:
        found = []
        for row in range(1, CERTIFICATE_ROWS + 1):
            name = get(f"certifications.{row}.name")
            if name:
                valid_to = get(f"certifications.{row}.valid_to")
                found.append(Certification(name, valid_to=valid_to, evidence=self.file))
        return tuple(found)

    def _unanswered(self, answers: _Answers) -> None:
        for key, question in QUESTION_BY_KEY.items():
            if not question.optional and is_blank(answers.values.get(key)):
                self.problem(
                    answers.cells.get(key, self.file),
                    f"Not answered: '{question.label}'",
                    Severity.INFO,
                    expected=question.hint,
                )

    # -- pricing

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
            if index in sheet.hidden_rows and any(not is_blank(cells(k)) for k in _OFFER_KEYS):
                self.problem(
                    f"{self.file}!{sheet.name}!{index + 1}",
                    f"Option {option} is on a hidden row and was not imported",
                    found=preview_text(cells("price")),
                    expected="the row shown, if the option is offered",
                )
                continue
            price_raw = cells("price")
            if isinstance(price_raw, str) and _NOT_ANSWERED.match(price_raw):
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
                    header = next(
                        (
                            i
                            for i in range(index + 1, min(index + 10, len(sheet.rows)))
                            if _has(sheet.rows[i], "price")
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
        """The two-letter code the country cell holds; a name or another code is told."""
        text = _text(cell("country"))
        if text is None:
            return None
        code = text.upper()
        if len(code) == 2 and code.isalpha():
            return code
        self.problem(
            where("country"),
            "The country is not a two-letter ISO code; it was left out",
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
        money, problem = parse_money(cell("price"), where("price"))
        if money is None:
            self.problem(
                where("price"),
                f"Option {option} has no price",
                Severity.ERROR,
                cell("price"),
                "a price",
            )
            return None
        if problem is not None:
            self.problems.append(replace_severity(problem, Severity.WARNING))
        column = _currency(cell("currency"))
        stated = stated_currency(cell("price"))
        if column is not None and stated is not None and stated != column:
            self.problem(
                where("price"),
                f"The price cell states {stated}, the currency column {column}; the cell's "
                "was taken",
                found=cell("price"),
                expected=f"the price in {column}, or {stated} in the currency column",
            )
        currency = stated or column or money.currency
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


def read_rfq_book(
    book: WorkbookData, catalogue: Catalogue, *, vendor: str | None = None
) -> FileDraft:
    """The quote in a returned RFQ workbook, every answer read by its key.

    Args:
        book: the workbook's cells (read by the isolated reader).
        catalogue: accelerator names.
        vendor: the vendor's name when the user states it (else the one the RFQ was sent to).
    """
    return _RfqReader(book, catalogue, vendor).run()


# --------------------------------------------------------------------------- answer parsers

_Parsed = tuple[Any, Problem | None]


def _percent(raw: CellValue, source: str, label: str, _: bool) -> _Parsed:
    """A percentage answer: 0–100 %; a bare fraction typed as words (``"0.5"``) is read as
    the share it is in a percent-formatted cell (50 %), and that is told."""
    value, problem = parse_percent(raw, source, what=label.lower())
    if value is not None and not 0 <= value <= 100:
        return None, Problem(
            source,
            f"'{label}' is outside 0–100 %; it was left out",
            Severity.WARNING,
            str(raw),
            "e.g. 99.95 %",
        )
    if value is not None and isinstance(raw, str) and _BARE_FRACTION.fullmatch(raw):
        return value, Problem(
            source,
            f"'{label}' was read as {value:g} % (a share of 1); write '{raw.strip()} %' if "
            "that was meant",
            Severity.WARNING,
            raw,
            "a percentage with its % sign",
        )
    return value, problem


_BARE_FRACTION = re.compile(r"\s*(0?[.,]\d+|1)\s*")


def _minutes(raw: CellValue, source: str, _label: str, _: bool) -> _Parsed:
    minutes, best_effort, problem = parse_duration_minutes(raw, source)
    return ("best effort" if best_effort else minutes), problem


def _hours(raw: CellValue, source: str, label: str, _: bool) -> _Parsed:
    number, problem = parse_decimal(raw, source, what=label.lower())
    if number is not None or problem is None:
        return (None if number is None else float(number)), problem
    minutes, _best_effort, problem = parse_duration_minutes(raw, source, what="hours")
    return (None if minutes is None else minutes / 60), problem


def _days(raw: CellValue, source: str, _label: str, _: bool) -> _Parsed:
    return parse_days(raw, source)


def _date(raw: CellValue, source: str, _label: str, date1904: bool) -> _Parsed:
    return parse_date(raw, source, date1904=date1904)


def _number(raw: CellValue, source: str, label: str, _: bool) -> _Parsed:
    number, problem = parse_decimal(raw, source, what=label.lower())
    return (None if number is None else float(number)), problem


def _money(raw: CellValue, source: str, _label: str, _: bool) -> _Parsed:
    return parse_money(raw, source)


def _yes_or_no(raw: CellValue, source: str, label: str, _: bool) -> _Parsed:
    value = _yes_no(raw)
    if value is not None:
        return value, None
    return None, Problem(
        source, f"'{label}' is not yes or no", Severity.WARNING, str(raw), "yes or no"
    )


def _iso_currency(raw: CellValue, source: str, _label: str, _: bool) -> _Parsed:
    value = _currency(raw)
    if value is not None:
        return value, None
    return None, Problem(
        source, "The currency is not an ISO code", Severity.WARNING, str(raw), "e.g. USD"
    )


_PARSERS: dict[AnswerKind, Callable[[CellValue, str, str, bool], _Parsed]] = {
    AnswerKind.PERCENT: _percent,
    AnswerKind.MINUTES: _minutes,
    AnswerKind.HOURS: _hours,
    AnswerKind.DAYS: _days,
    AnswerKind.DATE: _date,
    AnswerKind.NUMBER: _number,
    AnswerKind.MONEY: _money,
    AnswerKind.YES_NO: _yes_or_no,
    AnswerKind.CURRENCY: _iso_currency,
}
"""How each kind of answer is read; text answers are kept as written."""


# --------------------------------------------------------------------------- helpers


def replace_severity(problem: Problem, severity: Severity) -> Problem:
    return Problem(problem.source, problem.message, severity, problem.found, problem.expected)


def _answer_column(sheet: SheetData) -> int | None:
    for row in sheet.rows[:40]:
        for col, value in enumerate(row):
            if isinstance(value, str) and value.strip() == ANSWER_HEADER:
                return col
    return None


def _has(row: Any, text: str) -> bool:
    return any(isinstance(v, str) and v.strip().casefold() == text for v in row)


def _text(value: CellValue) -> str | None:
    return None if is_blank(value) else normalise_text(value)


def _yes_no(value: CellValue) -> bool | None:
    if isinstance(value, bool):
        return value
    text = normalise_text(value).casefold().rstrip(".")
    if text in _YES or text.startswith("yes"):
        return True
    if text in _NO or text.startswith("no"):
        return False
    return None


def _currency(value: CellValue) -> str | None:
    return currency_of(value)


def _whole(value: CellValue) -> int | None:
    if is_blank(value) or isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return int(value) if float(value).is_integer() else None
    number, _ = parse_decimal(value)
    return int(number) if number is not None and number == number.to_integral_value() else None


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


def _fraction(percent: float | None) -> float | None:
    return None if percent is None else percent / 100


def _preview(book: WorkbookData) -> Preview:
    return Preview(
        book.kind,
        tuple(
            SheetPreview(
                sheet.name,
                sheet.visibility.value,
                tuple(tuple(map(preview_text, row)) for row in sheet.rows[:15]),
            )
            for sheet in book.sheets
        ),
    )
