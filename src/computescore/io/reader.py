"""Reading a vendor quote file into drafts: the one entry point of the importer's io layer.

:func:`read_quote_file` checks and reads the file at arm's length
(:mod:`~computescore.io.isolated`), finds the quote tables
(:mod:`~computescore.io.table_finder`), maps their columns
(:mod:`~computescore.io.mapping`), parses every cell (:mod:`~computescore.io.values`)
and the key–value terms (:mod:`~computescore.io.terms`), and returns a
:class:`FileDraft`: one :class:`QuoteDraft` per quote in the file (a workbook may hold
a purchase offer and a leasing option with their own references), each with its
lines, terms and cell-addressed problems, plus a preview for the import wizard.

Nothing is stored here; an error problem blocks its line, a warning does not.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from operator import itemgetter
from pathlib import Path
from typing import Any, ClassVar

from computescore.collector import collector_paused
from computescore.domain.catalog import AliasMatch, Catalogue
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Certification,
    CostCategory,
    Deployment,
    ExitTerms,
    LineKind,
    MeasuredPerformance,
    PriceUnit,
    Quote,
    QuoteLine,
    ReliabilityTerms,
    SlaTerms,
    SupportTerms,
    Vendor,
)
from computescore.errors import UsageError
from computescore.io.accelerators import AcceleratorResolver
from computescore.io.isolated import Progress, read_file
from computescore.io.mapping import (
    ColumnMapping,
    Field,
    MappedColumn,
    Override,
    build_mapping,
    normalise_header,
    parse_override,
    profile_currency,
    profile_decimal_mark,
)
from computescore.io.places import country_of
from computescore.io.preflight import ReadLimits
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.table_finder import (
    SkipReason,
    Table,
    TableRow,
    find_tables,
    is_tax_label,
)
from computescore.io.terms import KeyValue, TermsDraft, key_values, read_terms
from computescore.io.totals import TotalRow, check_totals
from computescore.io.values import (
    AMBIGUOUS_MARKS,
    Basis,
    DecimalMark,
    Money,
    Period,
    TermsReading,
    UnitHint,
    categorise_cost,
    currency_in_text,
    is_blank,
    looks_like_accelerator,
    normalise_text,
    number_mark_evidence,
    parse_category,
    parse_count,
    parse_date,
    parse_decimal,
    parse_kind,
    parse_money,
    parse_terms,
    parse_unit_text,
    price_unit_for,
    resolve_accelerator,
)
from computescore.io.workbook import (
    CellValue,
    SheetData,
    Visibility,
    WorkbookData,
    cell_name,
    column_number,
)

PREVIEW_ROWS = 15
EVIDENCE_ROWS = 1000


# --------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class SheetPreview:
    """What the import wizard shows of one sheet (rows and columns 1-based as Excel shows them)."""

    name: str
    visibility: str
    first_rows: tuple[tuple[str, ...], ...]
    header_rows: tuple[int, ...] = ()
    table_rows: tuple[tuple[int, int], ...] = ()
    """Each table's first and last line (rows between them may be skipped)."""
    hidden_rows: tuple[int, ...] = ()
    hidden_columns: tuple[str, ...] = ()
    formulas: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Preview:
    """A first look at a file for the wizard: its sheets, detected headers and first rows."""

    kind: str
    sheets: tuple[SheetPreview, ...]
    encoding: str | None = None
    delimiter: str | None = None
    decimal_mark: str | None = None
    currency: str | None = None


@dataclass(frozen=True, slots=True)
class QuoteDraft:
    """One quote read from a file, ready to validate and store.

    Attributes:
        source_file: the file's name.
        vendor: the vendor's name as given to the import or found in the file.
        quote_ref, quote_date, valid_until: as the vendor wrote them, when found.
        lines: the lines that could be read (a line with an error problem is left out).
        sla, support, reliability, performance, exit_terms: the quote's terms.
        egress: the egress price per GB as quoted (the exit terms carry it in USD only
            when it was quoted in USD).
        certifications: certification names as the quote states them.
        mappings: the column mapping used for each table.
        problems: every problem found for this quote, addressed ``file!sheet!cell``.
        sheets: the sheets the quote's lines came from.
        terms_source: where the terms were read.
    """

    source_file: str
    vendor: str | None
    quote_ref: str | None
    quote_date: date | None
    valid_until: date | None
    lines: tuple[QuoteLine, ...]
    sla: SlaTerms = field(default_factory=SlaTerms)
    support: SupportTerms = field(default_factory=SupportTerms)
    reliability: ReliabilityTerms = field(default_factory=ReliabilityTerms)
    performance: MeasuredPerformance = field(default_factory=MeasuredPerformance)
    exit_terms: ExitTerms = field(default_factory=ExitTerms)
    egress: Money | None = None
    certifications: tuple[str, ...] = ()
    mappings: tuple[ColumnMapping, ...] = ()
    problems: tuple[Problem, ...] = ()
    sheets: tuple[str, ...] = ()
    terms_source: str | None = None

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that blocked a line or the quote."""
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """The problems that did not block anything."""
        return tuple(p for p in self.problems if p.severity is not Severity.ERROR)

    def to_quote(self, vendor: Vendor, *, reference: str | None = None, revision: int = 1) -> Quote:
        """The draft as a domain :class:`~computescore.domain.quotes.Quote` for ``vendor``."""
        return Quote(
            vendor=vendor,
            reference=reference or self.quote_ref or Path(self.source_file).stem,
            lines=self.lines,
            quote_date=self.quote_date,
            valid_until=self.valid_until,
            revision=revision,
            source_file=self.source_file,
            sla=self.sla,
            support=self.support,
            reliability=self.reliability,
            performance=self.performance,
            exit_terms=self.exit_terms,
        )

    def certification_records(self) -> tuple[Certification, ...]:
        """The certifications as records (names only; issuers and dates are the vendor's)."""
        return tuple(
            Certification(name=name, evidence=self.source_file) for name in self.certifications
        )


@dataclass(frozen=True, slots=True)
class FileDraft:
    """Everything read from one vendor file.

    Attributes:
        path: the file.
        kind: ``xlsx``, ``xlsm``, ``ods`` or ``text``.
        quotes: the quotes found, in file order.
        problems: problems about the file as a whole (macros, hidden sheets, encoding).
        preview: what the import wizard shows.
        decimal_mark: the decimal mark used to read ambiguous numbers, when known.
        currency: the file's currency, when the file or the user states one.
    """

    path: Path
    kind: str
    quotes: tuple[QuoteDraft, ...]
    problems: tuple[Problem, ...]
    preview: Preview
    decimal_mark: DecimalMark | None = None
    currency: str | None = None

    @property
    def all_problems(self) -> tuple[Problem, ...]:
        """File problems followed by each quote's."""
        return self.problems + tuple(p for quote in self.quotes for p in quote.problems)

    @property
    def lines(self) -> tuple[QuoteLine, ...]:
        """Every line of every quote."""
        return tuple(line for quote in self.quotes for line in quote.lines)

    def profile(self) -> dict[str, Any]:
        """A mapping profile for this vendor: the headers seen and the number format used."""
        columns: dict[str, str] = {}
        for quote in self.quotes:
            for mapping in quote.mappings:
                columns.update(mapping.to_profile()["columns"])
        return {
            "version": 1,
            "columns": columns,
            "decimal_mark": self.decimal_mark.value if self.decimal_mark else None,
            "currency": self.currency,
        }


# --------------------------------------------------------------------------- entry point


def preview_text(value: CellValue) -> str:
    """A cell as the import preview shows it: whole numbers without ".0", empty as ""."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value)


def read_quote_file(
    path: str | Path,
    catalogue: Catalogue,
    *,
    vendor: str | None = None,
    sheet: str | None = None,
    overrides: Sequence[str | Override] | None = None,
    profile: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    limits: ReadLimits | None = None,
    include_hidden: bool = False,
    decimal_mark: DecimalMark | None = None,
    currency: str | None = None,
    encoding: str | None = None,
) -> FileDraft:
    """Read a vendor quote file into drafts with cell-addressed problems.

    Args:
        path: the .xlsx/.xlsm/.ods/.csv/.tsv file.
        catalogue: accelerator names and aliases.
        vendor: the vendor's name (overrides a supplier named in the file).
        sheet: read only this sheet.
        overrides: column mappings chosen by the user (``"Our price=price"``).
        profile: the vendor's saved mapping profile (from a previous import).
        progress: receives progress; cancelling stops the reading.
        limits: file, time and memory limits.
        include_hidden: import hidden rows and sheets too (they are always reported).
        decimal_mark: the vendor's decimal mark, when the user states it.
        currency: the currency of prices that state none.
        encoding: for text files, the encoding to use.

    Returns:
        The file's quotes, problems and preview.

    Raises:
        FileRefused: the file cannot be read or holds no quote table.
        UsageError: an override names a column the file does not have.
        ReadCancelled: the user cancelled.
    """
    parsed_overrides = [
        o if isinstance(o, Override) else parse_override(o) for o in (overrides or ())
    ]
    with collector_paused():
        book = read_file(path, limits, progress=progress, encoding=encoding)
        return read_quote_book(
            book,
            catalogue,
            vendor=vendor,
            sheet=sheet,
            overrides=parsed_overrides,
            profile=profile,
            progress=progress,
            include_hidden=include_hidden,
            decimal_mark=decimal_mark,
            currency=currency,
        )


def read_quote_book(
    book: WorkbookData,
    catalogue: Catalogue,
    *,
    vendor: str | None = None,
    sheet: str | None = None,
    overrides: Sequence[str | Override] | None = None,
    profile: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    include_hidden: bool = False,
    decimal_mark: DecimalMark | None = None,
    currency: str | None = None,
) -> FileDraft:
    """Drafts from a file's cells already read with :func:`~computescore.io.isolated.read_file`.

    :func:`read_quote_file` is this after reading the file; calling it directly reads
    the same cells again with another mapping (a vendor's saved profile, once the
    file has named the vendor) without opening the file again. The arguments are
    those of :func:`read_quote_file`.
    """
    parsed_overrides = [
        o if isinstance(o, Override) else parse_override(o) for o in (overrides or ())
    ]
    if progress is not None:
        progress.report(0.6, "Finding the quote table")
    if sheet is not None and book.sheet(sheet) is None:
        raise FileRefused(
            book.path,
            RefusalCode.NO_SHEET,
            f"it has no sheet named '{sheet}'; its sheets are: "
            + ", ".join(f"'{s.name}'" for s in book.sheets),
        )
    with collector_paused():
        return _Reader(
            book,
            catalogue,
            vendor=vendor,
            sheet=sheet,
            overrides=parsed_overrides,
            profile=profile,
            include_hidden=include_hidden,
            decimal_mark=decimal_mark,
            currency=currency,
            progress=progress,
        ).run()


# --------------------------------------------------------------------------- reader


@dataclass
class _QuoteGroup:
    key: str | None
    tables: list[Table] = field(default_factory=list)
    terms: list[TermsDraft] = field(default_factory=list)
    lines: list[QuoteLine] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    mappings: list[ColumnMapping] = field(default_factory=list)
    column_fields: dict[str, str] = field(default_factory=dict)


class _Reader:
    def __init__(
        self,
        book: WorkbookData,
        catalogue: Catalogue,
        *,
        vendor: str | None,
        sheet: str | None,
        overrides: Sequence[Override],
        profile: Mapping[str, Any] | None,
        include_hidden: bool,
        decimal_mark: DecimalMark | None,
        currency: str | None,
        progress: Progress | None,
    ) -> None:
        self.book = book
        self.catalogue = catalogue
        self.vendor = vendor
        self.sheet_name = sheet
        self.overrides = overrides
        self.profile = profile
        self.include_hidden = include_hidden
        self.explicit_mark = decimal_mark
        self.explicit_currency = currency.upper() if currency else None
        self.progress = progress
        self.file_name = book.path.name
        self.resolver = AcceleratorResolver(catalogue)
        self.is_text = book.kind == "text"
        self.problems: list[Problem] = [
            Problem(self.file_name, note[0].upper() + note[1:], Severity.WARNING)
            for note in book.notes
        ]

    # -- addresses

    def prefix(self, sheet: SheetData) -> str:
        return self.file_name if self.is_text else f"{self.file_name}!{sheet.name}"

    def row_number(self, sheet: SheetData, row: int) -> int:
        if sheet.line_numbers and row < len(sheet.line_numbers):
            return sheet.line_numbers[row]
        return row + 1

    def cell(self, sheet: SheetData, row: int, col: int) -> str:
        return f"{self.prefix(sheet)}!{cell_name(self.row_number(sheet, row) - 1, col)}"

    def line_source(self, sheet: SheetData, row: int) -> str:
        return f"{self.prefix(sheet)}!{self.row_number(sheet, row)}"

    # -- run

    def run(self) -> FileDraft:
        sheets = [
            s
            for s in self.book.sheets
            if self.sheet_name is None or s.name.casefold() == self.sheet_name.casefold()
        ]
        known = {normalise_header(o.column): o.field for o in self.overrides}
        saved = (self.profile or {}).get("columns", {})
        if isinstance(saved, Mapping):
            for header, name in saved.items():
                if isinstance(name, str) and name in {f.value for f in Field}:
                    known.setdefault(normalise_header(header), Field(name))
        tables = find_tables(sheets, known=known)
        hidden_sheets = [s for s in sheets if s.visibility is not Visibility.VISIBLE]
        for hidden in hidden_sheets:
            has_table = any(t.sheet is hidden for t in tables)
            verb = "was read" if self.include_hidden else "was not imported"
            self.problems.append(
                Problem(
                    self.prefix(hidden),
                    f"Sheet '{hidden.name}' is {hidden.visibility.value.replace('_', ' ')} in the "
                    f"workbook and {verb}"
                    + (
                        ""
                        if self.include_hidden or not has_table
                        else "; import hidden content explicitly to include it"
                    ),
                    Severity.WARNING,
                )
            )
        if not self.include_hidden:
            tables = [t for t in tables if t.sheet.visibility is Visibility.VISIBLE]
        if not tables:
            raise FileRefused(
                self.book.path,
                RefusalCode.NO_TABLE,
                "no table of quote lines was found (a header row naming at least a price and "
                "a description or accelerator); map the columns by hand or check the sheet",
            )
        spans: dict[int, list[range]] = {}
        for t in tables:
            spans.setdefault(id(t.sheet), []).append(range(t.header_rows[0], _last_row(t)))

        self._check_overrides(tables)
        mappings = {id(t): self._mapping(t) for t in tables}
        self.mark = self._decimal_mark(tables, mappings)
        self.currency = self._file_currency(tables, mappings)

        sheet_terms: dict[int, TermsDraft] = {}
        shared: list[TermsDraft] = []
        table_sheets = {id(t.sheet) for t in tables}
        for sheet in sheets:
            if sheet.visibility is not Visibility.VISIBLE and not self.include_hidden:
                continue
            rows = _rows_outside(len(sheet.rows), spans.get(id(sheet), []))
            pairs = key_values(sheet, rows, self.prefix(sheet))
            if not pairs:
                continue
            terms = read_terms(
                pairs,
                date1904=self.book.date1904,
                mark=self.mark,
                currency=self.currency,
                source=self._terms_source(sheet, pairs),
            )
            if id(sheet) in table_sheets:
                sheet_terms[id(sheet)] = terms
            else:
                shared.append(terms)
        if self.currency is None:
            self.currency = next(
                (t.currency for t in [*sheet_terms.values(), *shared] if t.currency), None
            )

        groups = self._group(tables, sheet_terms)
        for number, group in enumerate(groups):
            for table in group.tables:
                if self.progress is not None:
                    self.progress.report(
                        0.65 + 0.3 * number / len(groups), f"Reading lines of '{table.sheet.name}'"
                    )
                mapping = mappings[id(table)]
                group.mappings.append(mapping)
                _LineBuilder(self, table, mapping, group).build()
        quotes = tuple(self._draft(group, shared) for group in groups)
        preview = self._preview(tables, mappings)
        return FileDraft(
            self.book.path,
            self.book.kind,
            quotes,
            tuple(self.problems),
            preview,
            self.mark,
            self.currency,
        )

    # -- overrides and mapping

    def _check_overrides(self, tables: Sequence[Table]) -> None:
        for override in self.overrides:
            if not any(self._override_column(t, override) is not None for t in tables):
                headers = sorted({str(h) for t in tables for h in t.headers if not is_blank(h)})
                raise UsageError(
                    f"--map {override.column}={override.field.value}: no table in "
                    f"{self.file_name} has a column headed {override.column!r}; the headers "
                    "are: " + ", ".join(repr(h) for h in headers)
                )

    @staticmethod
    def _override_column(table: Table, override: Override) -> int | None:
        key = normalise_header(override.column)
        for index, header in enumerate(table.headers):
            if not is_blank(header) and normalise_header(header) == key:
                return index
        if re.fullmatch(r"[A-Za-z]{1,3}", override.column.strip()):
            index = column_number(override.column.strip()) - 1
            return index if index < len(table.headers) else None
        return None

    def _mapping(self, table: Table) -> ColumnMapping:
        applicable = [o for o in self.overrides if self._override_column(table, o) is not None]
        samples = [row.values for row in table.rows[:50]]
        mapping = build_mapping(
            table.sheet.name,
            table.header_row,
            table.headers,
            samples,
            self.catalogue,
            overrides=applicable,
            profile=self.profile,
        )
        hidden = table.sheet.hidden_cols
        if hidden:
            columns = []
            for column in mapping.columns:
                if column.index in hidden and column.source.value != "override":
                    if column.field not in (None, Field.IGNORE) or column.header:
                        self.problems.append(
                            Problem(
                                f"{self.prefix(table.sheet)}!{column.letter}",
                                f"Column {column.letter}"
                                + (f" ('{column.header}')" if column.header else "")
                                + " is hidden in the workbook and was not imported",
                                Severity.WARNING,
                            )
                        )
                    column = replace(column, field=None)
                columns.append(column)
            mapping = ColumnMapping(
                mapping.sheet,
                mapping.header_row,
                tuple(columns),
                mapping.decimal_mark,
                mapping.currency,
            )
        return mapping

    # -- number format and currency

    def _decimal_mark(
        self, tables: Sequence[Table], mappings: Mapping[int, ColumnMapping]
    ) -> DecimalMark | None:
        """The decimal mark: the user's, the vendor profile's, or the one the file proves.

        Numbers written unambiguously in the money and quantity columns (``1.234,56``,
        ``2,85``, ``1,234.50``) prove a mark; when they prove both, none is used and
        ambiguous numbers stay ambiguous.
        """
        if self.explicit_mark is not None:
            return self.explicit_mark
        saved = profile_decimal_mark(self.profile)
        if saved is not None:
            return saved
        numeric = (
            Field.PRICE,
            Field.LINE_TOTAL,
            Field.QUANTITY,
            Field.NODES,
            Field.ACCELERATOR_COUNT,
        )
        seen: Counter[DecimalMark] = Counter()
        for table in tables:
            columns = [c.index for c in mappings[id(table)].columns if c.field in numeric]
            for row in table.rows[:EVIDENCE_ROWS]:
                for index in columns:
                    value = row.values[index] if index < len(row.values) else None
                    if isinstance(value, str):
                        mark = number_mark_evidence(value)
                        if mark is not None:
                            seen[mark] += 1
        return next(iter(seen)) if len(seen) == 1 else None

    def _file_currency(
        self, tables: Sequence[Table], mappings: Mapping[int, ColumnMapping]
    ) -> str | None:
        if self.explicit_currency:
            return self.explicit_currency
        saved = profile_currency(self.profile)
        if saved:
            return saved
        found: set[str] = set()
        for table in tables:
            mapping = mappings[id(table)]
            for column in mapping.columns:
                if column.field in (Field.PRICE, Field.LINE_TOTAL) and column.currency:
                    found.add(column.currency)
            money_columns = [
                c.index
                for c in mapping.columns
                if c.field in (Field.PRICE, Field.LINE_TOTAL, Field.CURRENCY)
            ]
            for row in table.rows[:200]:
                for index in money_columns:
                    value = row.values[index] if index < len(row.values) else None
                    if isinstance(value, str):
                        code, _ = currency_in_text(value)
                        if code and code not in AMBIGUOUS_MARKS:
                            found.add(code)
        return found.pop() if len(found) == 1 else None

    # -- terms and grouping

    def _terms_source(self, sheet: SheetData, pairs: Sequence[KeyValue]) -> str:
        first = min(p.row for p in pairs)
        last = max(p.row for p in pairs)
        if self.is_text:
            return (
                f"{self.file_name}!{self.row_number(sheet, first)}-{self.row_number(sheet, last)}"
            )
        return f"{self.prefix(sheet)}!A{first + 1}:{last + 1}"

    def _group(
        self, tables: Sequence[Table], sheet_terms: Mapping[int, TermsDraft]
    ) -> list[_QuoteGroup]:
        groups: list[_QuoteGroup] = []
        by_key: dict[str | None, _QuoteGroup] = {}
        for table in tables:
            terms = sheet_terms.get(id(table.sheet))
            key = terms.quote_ref if terms else None
            if key is None and groups:
                group = groups[0]
            elif key in by_key:
                group = by_key[key]
            else:
                if key is not None and groups and groups[0].key is None:
                    group = groups[0]
                    group.key = key
                else:
                    group = _QuoteGroup(key)
                    groups.append(group)
                by_key[key] = group
            group.tables.append(table)
            if terms is not None and terms not in group.terms:
                group.terms.append(terms)
        return groups

    def _draft(self, group: _QuoteGroup, shared: Sequence[TermsDraft]) -> QuoteDraft:
        terms = _merge_terms([*group.terms, *shared])
        problems = [*terms.problems, *group.problems]
        vendor = self.vendor or terms.vendor or group.column_fields.get("vendor")
        quote_ref = terms.quote_ref or group.column_fields.get("quote_ref")
        quote_date = terms.quote_date
        valid_until = terms.valid_until
        if quote_date is None and group.column_fields.get("quote_date"):
            quote_date, _ = parse_date(
                group.column_fields["quote_date"], self.file_name, date1904=self.book.date1904
            )
        if valid_until is None and group.column_fields.get("valid_until"):
            valid_until, _ = parse_date(
                group.column_fields["valid_until"], self.file_name, date1904=self.book.date1904
            )
        if vendor is None:
            problems.append(
                Problem(
                    self.file_name,
                    "The file does not name the vendor",
                    Severity.WARNING,
                    expected="a vendor name (--vendor)",
                )
            )
        if quote_ref is None:
            problems.append(
                Problem(
                    self.file_name,
                    "The file does not state a quote reference",
                    Severity.WARNING,
                    expected="a quote reference",
                )
            )
        if valid_until is not None and quote_date is not None and valid_until < quote_date:
            problems.append(
                Problem(
                    self.file_name,
                    "The quote is valid until a date before it was issued",
                    Severity.WARNING,
                    f"{quote_date} → {valid_until}",
                )
            )
        if not group.lines:
            problems.append(
                Problem(
                    self.file_name,
                    "No line of this quote could be read",
                    Severity.ERROR,
                    expected="at least one priced line",
                )
            )
        return QuoteDraft(
            source_file=self.file_name,
            vendor=vendor,
            quote_ref=quote_ref,
            quote_date=quote_date,
            valid_until=valid_until,
            lines=tuple(group.lines),
            sla=terms.sla,
            support=terms.support,
            reliability=terms.reliability,
            performance=terms.performance,
            exit_terms=terms.exit_terms,
            egress=terms.egress,
            certifications=terms.certifications,
            mappings=tuple(group.mappings),
            problems=tuple(problems),
            sheets=tuple(dict.fromkeys(t.sheet.name for t in group.tables)),
            terms_source=terms.source,
        )

    # -- preview

    def _preview(self, tables: Sequence[Table], mappings: Mapping[int, ColumnMapping]) -> Preview:
        previews = []
        for sheet in self.book.sheets:
            mine = [t for t in tables if t.sheet is sheet]
            first_rows = tuple(tuple(map(preview_text, row)) for row in sheet.rows[:PREVIEW_ROWS])
            formulas = tuple(
                f"{cell_name(f.row, f.col)}: ={f.formula} → "
                + ("no saved value" if f.cached is None else f"saved value {f.cached}")
                for f in list(sheet.formulas.values())[:200]
            )
            previews.append(
                SheetPreview(
                    name=sheet.name,
                    visibility=sheet.visibility.value,
                    first_rows=first_rows,
                    header_rows=tuple(t.header_row + 1 for t in mine),
                    table_rows=tuple(
                        (t.rows[0].index + 1, t.rows[-1].index + 1) for t in mine if t.rows
                    ),
                    hidden_rows=tuple(sorted(r + 1 for r in sheet.hidden_rows)),
                    hidden_columns=tuple(cell_name(0, c)[:-1] for c in sorted(sheet.hidden_cols)),
                    formulas=formulas,
                )
            )
        return Preview(
            self.book.kind,
            tuple(previews),
            self.book.encoding,
            self.book.delimiter,
            self.mark.value if self.mark else None,
            self.currency,
        )


def _rows_outside(count: int, spans: Sequence[range]) -> list[int]:
    """Row numbers below ``count`` that fall in none of the spans."""
    rows: list[int] = []
    position = 0
    for span in sorted(spans, key=lambda s: s.start):
        rows.extend(range(position, min(span.start, count)))
        position = max(position, span.stop)
    rows.extend(range(position, count))
    return rows


def _last_row(table: Table) -> int:
    """The row after a table, counting its closing totals row as part of it."""
    closed = table.stop_reason is not None and table.stop_reason.startswith("total")
    return table.end_row + 1 if closed else table.end_row


def _merge_terms(drafts: Sequence[TermsDraft]) -> TermsDraft:
    """Terms from several places; the first that states a value wins, field by field."""
    if not drafts:
        return TermsDraft()

    def first(getter: Any, empty: Any = None) -> Any:
        for draft in drafts:
            value = getter(draft)
            if value is not None and value != empty and value != () and value != {}:
                return value
        return empty

    sla = SlaTerms(
        first(lambda d: d.sla.uptime_pct),
        first(lambda d: d.sla.credits, ()),
        first(lambda d: d.sla.notes, ""),
    )
    responses: dict[int, int | None] = {}
    for draft in reversed(drafts):
        responses.update(draft.support.response_minutes)
    support = SupportTerms(
        dict(sorted(responses.items())),
        first(lambda d: d.support.expert_hours_per_month),
        first(lambda d: d.support.coverage, ""),
    )
    reliability = ReliabilityTerms(
        first(lambda d: d.reliability.annual_failure_rate),
        first(lambda d: d.reliability.mttr_hours),
    )
    performance = MeasuredPerformance(
        first(lambda d: d.performance.mfu),
        first(lambda d: d.performance.tokens_per_second),
        first(lambda d: d.performance.method, ""),
        first(lambda d: d.performance.measured_on),
    )
    exit_terms = ExitTerms(
        first(lambda d: d.exit_terms.notice_days),
        first(lambda d: d.exit_terms.termination_fee_pct),
        first(lambda d: d.exit_terms.data_return),
        first(lambda d: d.exit_terms.data_deletion),
        first(lambda d: d.exit_terms.egress_usd_per_gb),
        first(lambda d: d.exit_terms.auto_renewal),
        first(lambda d: d.exit_terms.lock_in_notes, ""),
    )
    sources = [d.source for d in drafts if d.source and d.has_terms]
    return TermsDraft(
        vendor=first(lambda d: d.vendor),
        quote_ref=first(lambda d: d.quote_ref),
        quote_date=first(lambda d: d.quote_date),
        valid_until=first(lambda d: d.valid_until),
        currency=first(lambda d: d.currency),
        sla=sla,
        support=support,
        reliability=reliability,
        performance=performance,
        exit_terms=exit_terms,
        egress=first(lambda d: d.egress),
        certifications=first(lambda d: d.certifications, ()),
        problems=tuple(p for d in drafts for p in d.problems),
        keys_found=frozenset().union(*(d.keys_found for d in drafts)),
        source=sources[0] if sources else None,
    )


# --------------------------------------------------------------------------- lines

_PRECEDENCE = (
    Deployment.SPOT,
    Deployment.LEASE,
    Deployment.PURCHASE,
    Deployment.RESERVED,
    Deployment.ON_DEMAND,
)
_LEASE_CONTEXT = re.compile(r"\b(leas(e|ing)|financ\w*|rental|miete)\b|租赁")


_DASHES = frozenset(("", "-", "–", "—"))


def _filled(value: CellValue) -> CellValue:
    """The value, or None for an empty cell or a dash placeholder."""
    if value is None:
        return None
    if value.__class__ is str and value.strip() in _DASHES:
        return None
    return value


_UNSEEN: Any = object()
"""A cache miss, where None is a cached answer."""


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
    (s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15) = (
        getattr(QuoteLine, name).__set__ for name in _LINE_FIELDS
    )
    create = object.__new__

    def make(
        v0: Any, v1: Any, v2: Any, v3: Any, v4: Any, v5: Any, v6: Any, v7: Any,
        v8: Any, v9: Any, v10: Any, v11: Any, v12: Any, v13: Any, v14: Any, v15: Any,
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
        return line

    return make


_PLAIN_AMOUNT = re.compile(r"[0-9]{1,3}|[0-9]+\.[0-9]{1,2}|[0-9]+\.[0-9]{4,}|[0-9]{4,}")


@dataclass(frozen=True, slots=True)
class _Priced:
    """How one price cell of a row is to be read (cached per distinct combination)."""

    unit: PriceUnit | None
    deployment: Deployment | None
    term: int | None
    assumed: str | None
    """Why the basis (per GPU or per node) was assumed, when it was."""


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
        self.details = [c.index for c in mapping.detail_columns()]
        self.unit_column = self.columns.get(Field.PRICE_UNIT)
        self.header_width = max(
            (i + 1 for i, h in enumerate(table.headers) if not is_blank(h)), default=0
        )
        context = " ".join(
            [
                self.sheet.name,
                *(
                    str(v)
                    for r in range(table.header_rows[0])
                    for v in self.sheet.rows[r]
                    if isinstance(v, str)
                ),
            ]
        )
        self.lease_context = bool(_LEASE_CONTEXT.search(context.casefold()))
        # A purchase quote's table: quantity × unit price = extended price. A price
        # whose header and cell state no period is then one-off, per item.
        # A table with a count column: a line without a count is worth a warning. A price
        # list without one offers each line per instance or GPU, and says so once.
        self.counted = any(
            f in self.index for f in (Field.NODES, Field.ACCELERATOR_COUNT, Field.QUANTITY)
        )
        self.uncounted = 0
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

    def _plain_row_reader(
        self,
    ) -> Callable[[int, TableRow], list[QuoteLine] | None]:
        """A reader for rows that yield lines without any problem; None means "ask :meth:`row`".

        The steps are those of :meth:`row` (same caches, same order), with the cells
        taken from columns prepared once; anything :meth:`row` would report, and every
        rare case, returns None before a line is kept.
        """
        reader = self.r
        rows = self.table.rows
        columns = self._columns(rows)
        empty: list[CellValue] = [None] * len(rows)
        c_desc = columns.get(Field.DESCRIPTION, empty)
        c_kind = columns.get(Field.KIND, empty)
        c_acc = columns.get(Field.ACCELERATOR, empty)
        c_per_node = columns.get(Field.ACCELERATORS_PER_NODE, empty)
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
        has_accelerator_column = Field.ACCELERATOR in self.columns
        details = self.details
        slots = [(slot, slot.index) for slot in self.prices]
        formulas = self.formulas
        is_text = reader.is_text
        header_width = self.header_width
        resolve = reader.resolver.resolve
        mark = reader.mark
        mapping_currency = self.mapping.currency or reader.currency
        address_prefix = reader.prefix(self.sheet)
        line_numbers = self.sheet.line_numbers
        numbered = len(line_numbers)
        kinds, accelerators, counts, quantities = self.c_kind, self.c_acc, self.c_count, self.c_qty
        terms_cache, currencies, units = self.c_terms, self.c_currency, self.c_unit_text
        priced_cache, places, categories = self.c_priced, self.c_place, self.c_category
        plain_money, looks, described_cache = self.c_plain_money, self.c_looks, self.c_described
        check_total = self.check_total
        decide, terms_of, money_of = self._decide, self._terms, self.money
        new_line = _line_maker()
        compute_kind, cost_kind = LineKind.COMPUTE, LineKind.COST
        per_node_field, nodes_field, count_field = (
            Field.ACCELERATORS_PER_NODE,
            Field.NODES,
            Field.ACCELERATOR_COUNT,
        )

        def count_of(fld: Field, value: CellValue, what: str) -> tuple[int | None, Problem | None]:
            found = counts[(fld, value)] = parse_count(value, what=what)
            return found

        assumed = self.assumed
        counted = self.counted

        def read(number: int, row: TableRow) -> list[QuoteLine] | None:
            uncounted = 0
            values = row.values
            width = len(values)
            if is_text and width > header_width:
                return None
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
                        resolved = accelerators[value] = self._resolve_column_value(value)
                    match, problem = resolved
                    if problem:
                        return None
                if (
                    match is not None
                    and match.per_node is None
                    and desc_text
                    and c_per_node[number] is None
                ):
                    from_description = resolve(desc_text)
                    if (
                        from_description is not None
                        and from_description.accelerator_id == match.accelerator_id
                    ):
                        match = from_description
            elif stated_kind != "cost":
                texts = [desc_text] + [
                    str(values[i]) for i in details if i < width and isinstance(values[i], str)
                ]
                for text in texts:
                    if text:
                        match = resolve(text)
                        if match is not None:
                            break
                if match is None:
                    if stated_kind == "compute":
                        return None
                    sounds = looks.get(desc_text)
                    if sounds is None:
                        sounds = looks[desc_text] = looks_like_accelerator(desc_text)
                    if sounds:
                        return None
            if stated_kind == "cost":
                match, kind = None, cost_kind
            else:
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
                if nodes is None and match is not None and match.nodes is not None:
                    nodes = match.nodes
                whole_quantity = None
                if quantity is not None:
                    if quantity == quantity.to_integral_value() and quantity >= 0:
                        whole_quantity = int(quantity)
                    else:
                        return None
                if nodes is None and per_node is not None and whole_quantity is not None:
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
                if desc_text in described_cache:
                    described = described_cache[desc_text]
                else:
                    described = described_cache[desc_text] = parse_terms(desc_text)[0]
                if described is not None and described.deployment is not None:
                    deployment = described.deployment
                    if term is None:
                        term = described.term_months

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
                unit_value = c_unit[number]
                column_hint = None
                if unit_value is not None:
                    if unit_value not in units:
                        units[unit_value] = parse_unit_text(unit_value)
                    column_hint = units[unit_value]
                    if column_hint is None:
                        return None
                has_per_node = per_node is not None
                decision_key = (
                    index,
                    money.unit,
                    column_hint,
                    terms_unit,
                    False,
                    compute,
                    has_per_node,
                    deployment,
                    term,
                )
                decided = priced_cache.get(decision_key)
                if decided is None:
                    decided = priced_cache[decision_key] = decide(
                        slot,
                        money.unit,
                        column_hint,
                        terms_unit,
                        False,
                        compute,
                        has_per_node,
                        deployment,
                        term,
                    )
                unit = decided.unit
                if unit is None:
                    return None
                if decided.assumed:
                    assumed.setdefault((index, decided.assumed), str(cell))
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
                category = None
                if not compute:
                    category_value = c_category[number]
                    texts_found = tuple(
                        values[i] for i in details if i < width and isinstance(values[i], str)
                    )
                    category_key = (desc_text, unit, category_value, row.section, texts_found)
                    found_category = categories.get(category_key)
                    if found_category is None:
                        found_category = categories[category_key] = self._category(
                            desc_text, unit, category_value, row.section, texts_found
                        )
                    category, problem = found_category
                    if problem:
                        return None
                line_number = line_numbers[row.index] if row.index < numbered else row.index + 1
                named = c_acc[number]
                line = new_line(
                    kind,
                    desc_text or (named if compute and named.__class__ is str else ""),
                    money.amount,
                    unit,
                    currency,
                    category,
                    match.accelerator_id if match is not None and compute else None,
                    per_node,
                    nodes,
                    count,
                    quantity,
                    decided.deployment,
                    decided.term,
                    None if region_value is None else str(region_value),
                    country,
                    f"{address_prefix}!{line_number}",
                )
                if c_total is not None:
                    found_problems: list[Problem] = []
                    check_total(row, c_total[number], line, found_problems)
                    if found_problems:
                        return None
                if compute and count is None and nodes is None:
                    if counted:
                        return None
                    uncounted += 1
                made.append(line)
            if uncounted:
                self.uncounted += uncounted
            return made or None

        return read

    # -- build

    def build(self) -> None:
        for name in (Field.VENDOR, Field.QUOTE_REF, Field.QUOTE_DATE, Field.VALID_UNTIL):
            column = self.columns.get(name)
            if column is None:
                continue
            values = [
                str(row.values[column.index])
                for row in self.table.rows
                if column.index < len(row.values) and _filled(row.values[column.index]) is not None
            ]
            if values:
                self.group.column_fields.setdefault(name.value, values[0])
                distinct = sorted(set(values))
                if len(distinct) > 1:
                    self.group.problems.append(
                        Problem(
                            f"{self.r.prefix(self.sheet)}!{column.letter}",
                            f"The {name.value.replace('_', ' ')} column holds several values; "
                            "the first was used",
                            Severity.WARNING,
                            ", ".join(distinct[:5]),
                        )
                    )
        include_hidden = self.r.include_hidden
        wide = any(slot.option is not None for slot in self.prices)
        plain = self._plain_row_reader() if self.fast_rows and not wide else None
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
        if self.line_item_table:
            self.check_totals(lines[first:], lines_before, len(lines) - first)
        self.column_notes()

    def column_notes(self) -> None:
        """Decisions taken for a whole column or table, told once rather than on every row."""
        prefix = self.r.prefix(self.sheet)
        header_row = self.r.row_number(self.sheet, self.table.header_row)
        columns = self.mapping.columns_by_index()
        for (index, reason), example in self.assumed.items():
            column = columns[index]
            self.group.problems.append(
                Problem(
                    f"{prefix}!{column.letter}{header_row}",
                    f"The prices in column {column.letter} (“{column.header}”) were {reason}",
                    Severity.WARNING,
                    example,
                    "a unit that names GPU or node",
                )
            )
        if self.uncounted:
            self.group.problems.append(
                Problem(
                    f"{prefix}!{header_row}",
                    f"The table states no quantities: {self.uncounted:,} compute lines are "
                    "offers priced per GPU or per instance, and the TCO sizes each for the "
                    "workload",
                    Severity.WARNING,
                    None,
                    "a count column if the quote is for a fixed amount",
                )
            )

    def check_totals(
        self, lines: Sequence[QuoteLine], lines_before: Sequence[tuple[int, int]], count: int
    ) -> None:
        """Warn when a subtotal or total row is not what the table's lines add up to."""
        rows = [index for index, why in self.table.skipped if why is SkipReason.SUBTOTAL]
        # Rows after the last line up to the totals row that ended the table (subtotal,
        # discount, VAT, shipping): the table does not keep them, the check reads them.
        last = self.table.rows[-1].index if self.table.rows else self.table.header_row
        end = self.table.end_row
        if (self.table.stop_reason or "").startswith("total"):
            end += 1
        rows.extend(range(last + 1, min(end, len(self.sheet.rows))))
        totals = []
        for index in sorted(rows):
            found = self._total_row(index, lines_before, count)
            if found is not None:
                totals.append(found)
        for mismatch in check_totals(lines, totals):
            total = mismatch.total
            self.group.problems.append(
                Problem(
                    f"{self.r.prefix(self.sheet)}!{self.r.row_number(self.sheet, total.row)}",
                    f"The row “{total.label}” states {_amount(total.amount)}, but the lines "
                    f"above it add up to {_amount(mismatch.expected)}"
                    + (" with the taxes listed" if any(t.tax for t in totals) else ""),
                    Severity.WARNING,
                    _amount(total.amount),
                    _amount(mismatch.expected),
                )
            )

    def _total_row(
        self, index: int, lines_before: Sequence[tuple[int, int]], count: int
    ) -> TotalRow | None:
        if index >= len(self.sheet.rows):
            return None
        cells = self.sheet.rows[index]
        label = next((c for c in cells if isinstance(c, str) and c.strip()), None)
        amount = None
        for cell in reversed(cells):
            if _filled(cell) is None or isinstance(cell, bool):
                continue
            if cell is label:
                break
            money, problem = self.money(cell, self.mapping.currency or self.r.currency)
            if money is not None and problem is None:
                amount = money.amount
                break
        if label is None or amount is None:
            return None
        # Lines of the rows above it: as many as there were before the first row below it.
        above = next((n for row, n in lines_before if row > index), count)
        return TotalRow(index, label.strip(), amount, is_tax_label(label), above)

    def row(self, row: TableRow) -> None:
        values = row.values
        problems: list[Problem] = []
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
        match, kind = self.identify(row, values, desc_text, problems)
        compute = kind is LineKind.COMPUTE
        counts = self.counts(row, values, match, compute, problems)
        reading = self.terms(row, values, desc_text, compute, problems)
        line_currency = self.line_currency(row, values, problems)
        priced = False
        for slot in self.prices:
            cell = values[slot.index] if slot.index < len(values) else None
            if self.formulas and self.formula_blocks(row, slot, problems):
                priced = True
                continue
            if _filled(cell) is None:
                continue
            priced = True
            self.price_line(
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
        if not priced:
            total_value = self.get(Field.LINE_TOTAL)
            if total_value is not None:
                total = self.columns[Field.LINE_TOTAL]
                problems.append(
                    Problem(
                        self.at(row, total),
                        "The line has no unit price; its total was imported as the price",
                        Severity.WARNING,
                    )
                )
                self.price_line(
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
        if problems:
            self.group.problems.extend(problems)

    # -- identity

    def identify(
        self,
        row: TableRow,
        values: Sequence[CellValue],
        desc_text: str,
        problems: list[Problem],
    ) -> tuple[AliasMatch | None, LineKind]:
        stated_kind = None
        kind_value = self.get(Field.KIND)
        if kind_value is not None:
            found = self.c_kind.get(kind_value)
            if found is None:
                found = self.c_kind[kind_value] = parse_kind(kind_value)
            stated_kind, problem = found
            if problem:
                problems.append(replace(problem, source=self.at(row, self.columns[Field.KIND])))
        match: AliasMatch | None = None
        accelerator_column = self.columns.get(Field.ACCELERATOR)
        if accelerator_column is not None:
            value = self.get(Field.ACCELERATOR)
            if value is not None:
                resolved = self.c_acc.get(value)
                if resolved is None:
                    resolved = self.c_acc[value] = self._resolve_column_value(value)
                match, problem = resolved
                if problem:
                    problems.append(replace(problem, source=self.at(row, accelerator_column)))
                    return None, LineKind.COMPUTE
            if (
                match is not None
                and match.per_node is None
                and desc_text
                and self.get(Field.ACCELERATORS_PER_NODE) is None
            ):
                from_description = self.r.resolver.resolve(desc_text)
                if (
                    from_description is not None
                    and from_description.accelerator_id == match.accelerator_id
                ):
                    match = from_description
        elif stated_kind != "cost":
            texts = [desc_text] + [
                str(values[i])
                for i in self.details
                if i < len(values) and isinstance(values[i], str)
            ]
            for text in texts:
                if text:
                    match = self.r.resolver.resolve(text)
                    if match is not None:
                        break
            if match is None and stated_kind == "compute":
                problems.append(
                    Problem(
                        self.source(row),
                        "The line is marked as compute but names no accelerator the catalogue "
                        "knows",
                        Severity.ERROR,
                        desc_text,
                        "an accelerator name",
                    )
                )
            elif match is None and looks_like_accelerator(desc_text):
                closest = self.r.catalogue.closest(desc_text)
                problems.append(
                    Problem(
                        self.source(row),
                        "The description sounds like an accelerator the catalogue does not "
                        "know; the line was imported as a cost line"
                        + (
                            f" (closest catalogue entries: {', '.join(closest)})" if closest else ""
                        ),
                        Severity.WARNING,
                        desc_text,
                        "an accelerator in the catalogue",
                    )
                )
        if stated_kind == "cost":
            return None, LineKind.COST
        return match, (LineKind.COMPUTE if match is not None else LineKind.COST)

    def _resolve_column_value(self, value: CellValue) -> tuple[AliasMatch | None, Problem | None]:
        match = self.r.resolver.resolve(normalise_text(value))
        if match is not None:
            return match, None
        return resolve_accelerator(value, self.r.catalogue)

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
        if nodes is None and per_node is not None and whole_quantity is not None:
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
        if undecided and desc_text:
            described, _ = parse_terms(desc_text)
            if described is not None and described.deployment is not None:
                deployment = described.deployment
                if term is None:
                    term = described.term_months
        return deployment, term, unit_hint

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
        if not compute:
            return None, None, unit_hint, False, tuple(failed)
        deployments = {r.deployment for r in readings if r.deployment is not None}
        deployment = next((d for d in _PRECEDENCE if d in deployments), None)
        term = next((r.term_months for r in readings if r.term_months is not None), None)
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
        if formula.cached is None:
            problems.append(
                Problem(
                    where,
                    "The price is a formula whose result is not saved in the file (formula "
                    "results missing); open the file in Excel, save it and import it again",
                    Severity.ERROR,
                    f"={formula.formula}",
                    "a saved value",
                )
            )
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

    def price_line(
        self,
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
        if slot.option is not None:
            # A tier laid out as a column: the column's deployment and term are the line's.
            reading = (slot.option.deployment, slot.option.term_months, reading[2])
        hint_currency = line_currency or slot.currency or self.mapping.currency or self.r.currency
        money, problem = self.money(cell, hint_currency)
        if problem is not None:
            problems.append(replace(problem, source=self.at(row, slot)))
            if problem.severity is Severity.ERROR:
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
                    self.at(row, slot),
                    f"The price is in {money.currency} but the currency column says "
                    f"{line_currency}",
                    Severity.ERROR,
                    str(cell),
                    "one currency",
                )
            )
            return
        currency = money.currency or hint_currency
        if currency is None:
            problems.append(
                Problem(
                    self.at(row, slot),
                    "The price states no currency and neither does the file; set the currency",
                    Severity.ERROR,
                    str(cell),
                    "e.g. USD or EUR",
                )
            )
            return
        per_node, nodes, count, quantity = counts
        deployment, term, terms_unit = reading
        unit_value = None
        if self.unit_column is not None and self.unit_column.index < len(values):
            unit_value = _filled(values[self.unit_column.index])
        column_hint = None
        if unit_value is not None:
            if unit_value not in self.c_unit_text:
                self.c_unit_text[unit_value] = parse_unit_text(unit_value)
            column_hint = self.c_unit_text[unit_value]
            if column_hint is None and self.unit_column is not None:
                problems.append(
                    Problem(
                        self.at(row, self.unit_column),
                        "The unit is not recognised",
                        Severity.ERROR,
                        str(unit_value),
                        "per GPU-hour, per node-month, per GB, one-off …",
                    )
                )
                return
        key = (
            slot.index,
            money.unit,
            column_hint,
            terms_unit,
            as_total,
            compute,
            per_node is not None,
            deployment,
            term,
        )
        decided = self.c_priced.get(key)
        if decided is None:
            decided = self.c_priced[key] = self._decide(
                slot,
                money.unit,
                column_hint,
                terms_unit,
                as_total,
                compute,
                per_node is not None,
                deployment,
                term,
            )
        unit = decided.unit
        if unit is None:
            problems.append(
                Problem(
                    self.at(row, slot),
                    "The price's unit is not stated or not supported for this kind of line",
                    Severity.ERROR,
                    str(cell),
                    "per GPU-hour, per node-hour, per GPU-month, per node-month, one-off per "
                    "item or for the line"
                    + ("" if compute else ", per month, per GB, per kW-month"),
                )
            )
            return
        if decided.assumed:
            self.assumed.setdefault((slot.index, decided.assumed), str(cell))
        region_value = self.get(Field.REGION)
        if slot.option is not None and slot.option.region is not None:
            region_value = slot.option.region
        country_value = self.get(Field.COUNTRY)
        place_key = (region_value, country_value)
        if place_key not in self.c_place:
            self.c_place[place_key] = country_of(
                country_value if country_value is not None else region_value
            )
        country = self.c_place[place_key]
        if country_value is not None and country is None:
            problems.append(
                Problem(
                    self.at(row, self.columns[Field.COUNTRY]),
                    "The country is not recognised",
                    Severity.WARNING,
                    str(country_value),
                    "an ISO country code or name",
                )
            )
        category: CostCategory | None = None
        if not compute:
            category = self.category(row, values, desc_text, unit, problems)
        named = self.get(Field.ACCELERATOR)
        line = QuoteLine(
            kind=kind,
            # A table with no description column: the line is called by its accelerator.
            description=desc_text or (named if compute and isinstance(named, str) else ""),
            price=money.amount,
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
            source=self.source(row),
        )
        if Field.LINE_TOTAL in self.index:
            self.check_total(row, self.get(Field.LINE_TOTAL), line, problems)
        if compute and count is None and nodes is None:
            if self.counted:
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
                self.uncounted += 1
        if problems and any(p.severity is Severity.ERROR for p in problems):
            return
        self.group.lines.append(line)

    def _decide(
        self,
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
        hint = UnitHint()
        for candidate in (
            cell_unit,
            column_hint,
            UnitHint(Period.ONCE, Basis.TOTAL) if as_total else slot.unit,
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
            hint.period is None
            and hint.basis in (None, Basis.UNIT)
            and self.line_item_table
            and not as_total
            and deployment in (None, Deployment.PURCHASE)
        ):
            hint = hint.merged(UnitHint(Period.ONCE, Basis.UNIT))
        node_priced = has_per_node and hint.basis is None
        unit = price_unit_for(hint, compute=compute, node_priced=node_priced)
        if unit is None:
            return _Priced(None, None, None, None)
        assumed = None
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
                elif self.lease_context:
                    deployment = Deployment.LEASE
                elif term is not None:
                    deployment = Deployment.RESERVED
                else:
                    deployment = Deployment.ON_DEMAND
        else:
            deployment, term = None, None
        return _Priced(unit, deployment, term, assumed)

    def category(
        self,
        row: TableRow,
        values: Sequence[CellValue],
        desc_text: str,
        unit: PriceUnit,
        problems: list[Problem],
    ) -> CostCategory:
        value = self.get(Field.CATEGORY)
        details = tuple(
            values[i] for i in self.details if i < len(values) and isinstance(values[i], str)
        )
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
        if line.price_unit is PriceUnit.TOTAL or line.price_unit not in (
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
        if line.kind is LineKind.COST:
            units = line.quantity
        elif line.price_unit in (PriceUnit.PER_NODE_MONTH, PriceUnit.PER_UNIT) and line.nodes:
            units = Decimal(line.nodes)
        else:
            units = Decimal(line.accelerator_count) if line.accelerator_count else None
        if units is None:
            return
        expected = line.price * units
        if money.amount and abs(expected - money.amount) > abs(money.amount) * Decimal("0.005"):
            problems.append(
                Problem(
                    self.at(row, self.columns[Field.LINE_TOTAL]),
                    f"The line total does not equal price × quantity ({line.price} × {units} "
                    f"= {expected})",
                    Severity.WARNING,
                    str(value),
                    str(expected),
                )
            )


def _amount(value: Decimal) -> str:
    """``606400.0`` → ``606,400``; ``1234.5`` → ``1,234.50``."""
    return f"{value:,.0f}" if value == value.to_integral_value() else f"{value:,.2f}"


def _row_text(values: Sequence[CellValue]) -> str:
    return " | ".join(str(v) for v in values if not is_blank(v))[:200]


def describe_problem(problem: Problem) -> str:
    """One line for a problem, as the command line prints it."""
    return f"{problem.severity.value}: {problem}"
