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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Certification,
    ExitTerms,
    MeasuredPerformance,
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
    FORMAT_MARK,
    KEYS_SHEET,
    QUESTION_BY_KEY,
    QUESTION_HEADER,
    AnswerKind,
)
from computescore.io.reader.records import (
    FileDraft,
    Preview,
    QuoteDraft,
    SheetPreview,
    preview_text,
)
from computescore.io.rfq_cells import (
    NOT_ANSWERED,
    TO_FOLLOW,
    currency_of,
    replace_severity,
)
from computescore.io.rfq_pricing import PricingReader, RfqReadOptions
from computescore.io.terms import unkept_egress
from computescore.io.values import (
    Money,
    is_blank,
    normalise_text,
    parse_date,
    parse_days,
    parse_decimal,
    parse_duration_minutes,
    parse_money,
    parse_percent,
    settle_month_first,
)
from computescore.io.workbook import CellValue, SheetData, WorkbookData

_YES = {"yes", "y", "true", "ja", "oui", "si", "sí", "1", "x"}
_NO = {"no", "n", "false", "nein", "non", "0"}


def is_rfq_book(book: WorkbookData) -> bool:
    """True when the book is a request for quotation written by this app: by its hidden
    Keys sheet, or, when the vendor deleted that sheet, by the questions' keys beside the
    answers (at least :data:`KEYED_QUESTIONS` of them)."""
    keys = book.sheet(KEYS_SHEET)
    if keys is not None:
        return keys.cell(0, 0) == FORMAT_MARK
    return _keyed_questions(book) >= KEYED_QUESTIONS


KEYED_QUESTIONS = 10
"""How many question keys in column A make a workbook a returned RFQ without its Keys sheet."""


def _keyed_questions(book: WorkbookData) -> int:
    return sum(
        1
        for sheet in book.sheets
        for row in sheet.rows[:120]
        if row and isinstance(row[0], str) and row[0] in QUESTION_BY_KEY
    )


@dataclass
class _Answers:
    """Raw answers by key, with the cell each came from."""

    values: dict[str, CellValue] = field(default_factory=dict)
    cells: dict[str, str] = field(default_factory=dict)


class _RfqReader(PricingReader):
    """A returned RFQ: its keys, its answers to the questions and its pricing rows."""

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
        found: dict[str, str] = {}
        if sheet is None:
            self.file_problems.append(
                Problem(
                    self.file,
                    "Read as the answer to a request for quotation whose hidden Keys sheet is "
                    "gone: every answer by the key beside it; the RFQ's reference and vendor "
                    "are not known from it",
                    Severity.WARNING,
                    expected="the workbook as sent, with its hidden sheets",
                )
            )
            return found
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
        if isinstance(raw, str) and TO_FOLLOW.match(raw):
            self.problem(source, f"'{question.label}' is not answered yet", found=raw)
            return None
        if isinstance(raw, str) and NOT_ANSWERED.match(raw):
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
        quote_date, valid_until = self._dates(answers, get("quote_date"), get("valid_until"))
        stated_afr = not is_blank(answers.values.get("reliability.annual_failure_rate"))
        return QuoteDraft(
            source_file=self.file,
            vendor=self.vendor or keys.get("vendor"),
            quote_ref=get("quote_ref") or keys.get("reference"),
            quote_date=quote_date,
            valid_until=valid_until,
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

    def _dates(self, answers: _Answers, quote: Any, valid: Any) -> tuple[Any, Any]:
        """The quote's date and validity, read month first when only that gives the quote
        a usual validity (as the price-list reader does)."""
        if quote is None or valid is None:
            return quote, valid
        cells = {
            "quote": answers.cells.get("quote_date"),
            "valid": answers.cells.get("valid_until"),
        }
        doubts = {
            name: p
            for p in self.problems
            for name, cell in cells.items()
            if p.source == cell and "was read day first" in p.message
        }
        settled = settle_month_first(quote, valid, doubts)
        if settled is None:
            return quote, valid
        quote, valid, note = settled
        self.problems = [p for p in self.problems if p not in doubts.values()]
        self.problems.append(note)
        return quote, valid

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


def read_rfq_book(
    book: WorkbookData,
    catalogue: Catalogue,
    *,
    vendor: str | None = None,
    options: RfqReadOptions | None = None,
) -> FileDraft:
    """The quote in a returned RFQ workbook, every answer read by its key.

    Args:
        book: the workbook's cells (read by the isolated reader).
        catalogue: accelerator names.
        vendor: the vendor's name when the user states it (else the one the RFQ was sent to).
        options: the decimal mark, default currency and hidden rows the user chose.
    """
    return _RfqReader(book, catalogue, vendor, options or RfqReadOptions()).run()


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
    days = _PERSON_DAYS.search(normalise_text(raw).casefold())
    if days and "expert" in label.lower():
        # Expert time is counted in working days: "2 days per month" is 16 hours.
        hours = float(days.group(1).replace(",", ".")) * HOURS_PER_WORKING_DAY
        return hours, Problem(
            source,
            f"'{label}' was read as {hours:g} hours: {days.group(0)} of "
            f"{HOURS_PER_WORKING_DAY} working hours",
            Severity.WARNING,
            str(raw),
            "hours",
        )
    minutes, _best_effort, problem = parse_duration_minutes(raw, source, what="hours")
    return (None if minutes is None else minutes / 60), problem


_PERSON_DAYS = re.compile(r"(\d+(?:[.,]\d+)?)\s*(?:person[- ]|man[- ]|working |work )?days?\b")
HOURS_PER_WORKING_DAY = 8
"""The hours of a working day, for expert time stated in days."""


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
    value = currency_of(raw)
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


def _answer_column(sheet: SheetData) -> int | None:
    """The column of a questions sheet that holds the answers: the one headed "Your
    answer", else (the vendor renamed it) the one right after "Question"."""
    heads = [row for row in sheet.rows[:40] if any(isinstance(v, str) for v in row)]
    for row in heads:
        for col, value in enumerate(row):
            if isinstance(value, str) and value.strip() == ANSWER_HEADER:
                return col
    for row in heads:
        for col, value in enumerate(row):
            if isinstance(value, str) and value.strip() == QUESTION_HEADER:
                return col + 1
    return None


def _yes_no(value: CellValue) -> bool | None:
    if isinstance(value, bool):
        return value
    text = normalise_text(value).casefold().rstrip(".")
    if text in _YES or text.startswith("yes"):
        return True
    if text in _NO or re.match(r"no\b(?![- ]?t\b)", text):
        return False  # "no", "no, …"; not "not without a fee", "none", "nothing"
    return None


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
