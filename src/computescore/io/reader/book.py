"""Reading a book: finding tables and terms, grouping them into quotes, deciding the file."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import partial
from typing import Any

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    ExitTerms,
    MeasuredPerformance,
    QuoteLine,
    ReliabilityTerms,
    SlaTerms,
    SupportTerms,
)
from computescore.errors import UsageError
from computescore.io.accelerators import AcceleratorResolver
from computescore.io.header_finder import find_header, join_split_words, split_heading_columns
from computescore.io.isolated import Progress
from computescore.io.key_values import KeyValue, key_values
from computescore.io.mapping import (
    ColumnMapping,
    Field,
    build_mapping,
    headers_in_english,
    normalise_header,
)
from computescore.io.overrides import Override, profile_currency, profile_decimal_mark
from computescore.io.places import country_of
from computescore.io.reader.lease_schedule import LeaseOption, lease_options
from computescore.io.reader.letterhead import letterhead_reference, letterhead_vendor
from computescore.io.reader.lines import _LineBuilder
from computescore.io.reader.plan_terms import with_terms_lead_time
from computescore.io.reader.records import (
    EVIDENCE_ROWS,
    FileDraft,
    QuoteDraft,
)
from computescore.io.reader.settled import settle_rows
from computescore.io.reader.shown import Placed, book_preview
from computescore.io.reader.side_by_side import side_by_side, stacked_alternatives
from computescore.io.reader.titles import currency_in_notes, net_of_vat_lines, with_title_terms
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.table_finder import (
    SkipReason,
    Table,
    TableRow,
    carried_over,
    find_tables,
    looks_like_line,
)
from computescore.io.terms import TermsDraft, read_terms
from computescore.io.values import (
    AMBIGUOUS_MARKS,
    DecimalMark,
    currency_in_text,
    is_blank,
    number_mark_evidence,
    parse_date,
    parse_terms,
    read_number_text,
    yen_or_yuan,
)
from computescore.io.workbook import (
    SheetData,
    Visibility,
    WorkbookData,
    cell_name,
    column_number,
)
from computescore.wording import plural


@dataclass
class _QuoteGroup:
    key: str | None
    tables: list[Table] = field(default_factory=list)
    terms: list[TermsDraft] = field(default_factory=list)
    lines: list[QuoteLine] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    mappings: list[ColumnMapping] = field(default_factory=list)
    column_fields: dict[str, str] = field(default_factory=dict)
    vendor: str | None = None
    """The vendor its rows name, when a table naming several vendors was split by them."""
    option: str | None = None
    """The alternative it is, when alternatives stand side by side on a sheet."""
    lease: LeaseOption | None = None
    """The lease option it is, when a lessor's proposal offers a table of them."""
    running: tuple[tuple[str, ...], int, list[QuoteLine]] | None = None
    """A PDF table that may go on over the next page: its headers, page and lines so far."""

    def continued_lines(self, table: Table) -> list[QuoteLine]:
        """The lines of this table read on earlier pages (a PDF table over several pages).

        A table continues one on the page before when it has the same headers (the
        header repeated on each page) and that table did not end with its totals.
        """
        if self.running is None:
            return []
        headers, page, lines = self.running
        return lines if headers == _header_key(table) and page == table.sheet.index - 1 else []

    def continue_table(self, table: Table, lines: list[QuoteLine]) -> None:
        """Remember a PDF table's lines so far, or forget them when its totals ended it."""
        ended = (table.stop_reason or "").startswith("total") or any(
            why is SkipReason.SUBTOTAL for _, why in table.skipped
        )
        self.running = None if ended else (_header_key(table), table.sheet.index, lines)


def _header_key(table: Table) -> tuple[str, ...]:
    return tuple(normalise_header(h) for h in table.headers)


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
        self.is_pdf = book.kind == "pdf"
        self.problems: list[Problem] = [
            Problem(self.file_name, note[0].upper() + note[1:], Severity.WARNING)
            for note in book.notes
        ]
        self.options: dict[int, str] = {}
        """Each alternative's banner, by its sheet (alternatives side by side)."""
        self.placed = Placed()
        """The options of a comparison, whose cells were placed from the sheet's."""
        self.leases: tuple[LeaseOption, ...] = ()
        """A lessor's table of lease options: each a quote of its own when there are two."""

    # -- addresses

    def prefix(self, sheet: SheetData) -> str:
        return self.file_name if self.is_text else f"{self.file_name}!{sheet.name}"

    def row_number(self, sheet: SheetData, row: int) -> int:
        if sheet.line_numbers and row < len(sheet.line_numbers):
            return sheet.line_numbers[row]
        return row + 1

    def cell(self, sheet: SheetData, row: int, col: int) -> str:
        row, col = self.placed.origin(sheet, row, col)
        return f"{self.prefix(sheet)}!{cell_name(self.row_number(sheet, row) - 1, col)}"

    def line_source(self, sheet: SheetData, row: int) -> str:
        """The row a line is read from; for an option of a comparison, a cell of the
        option's column (its first value; a priced row's price)."""
        if sheet in self.placed:
            return self.cell(sheet, row, self.placed.line_column(sheet, row))
        return f"{self.prefix(sheet)}!{self.row_number(sheet, row)}"

    # -- run

    def run(self) -> FileDraft:
        sheets = [
            s
            for s in self.book.sheets
            if self.sheet_name is None or s.name.casefold() == self.sheet_name.casefold()
        ]
        sheets = self._alternatives(sheets)
        tables = self._tables(sheets)
        spans: dict[int, list[range]] = {}
        for t in tables:
            spans.setdefault(id(t.sheet), []).append(range(t.first_row, _last_row(t)))
        self.leases = self._lease_options(sheets, spans)

        self._warn_unread_lines(sheets, spans)
        self._check_overrides(tables)
        mappings = {id(t): with_title_terms(t.continues or t, self._mapping(t)) for t in tables}
        self.currency = self._file_currency(tables, mappings)
        self.mark = self._decimal_mark(tables, mappings)
        tables, mappings = settle_rows(self, tables, mappings)

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

        # A file whose terms name its vendor is that vendor's, whatever a column lists
        # (a reseller's "Vendor" column of hardware brands).
        named = self.vendor is not None or any(t.vendor for t in [*sheet_terms.values(), *shared])
        by_vendor = [(t, None) for t in tables] if named else self._by_vendor(tables, mappings)
        groups = self._group(by_vendor, sheet_terms)
        for number, group in enumerate(groups):
            for table in group.tables:
                if self.progress is not None:
                    self.progress.report(
                        0.65 + 0.3 * number / len(groups), f"Reading lines of '{table.sheet.name}'"
                    )
                mapping = mappings[id(table)]
                group.mappings.append(self.placed.shown(table, mapping))
                first = len(group.lines)
                _LineBuilder(self, table, mapping, group).build()
                group.lines[first:], vat = net_of_vat_lines(
                    table, mapping, group.lines[first:], partial(self.cell, table.sheet)
                )
                group.problems.extend(vat)
        quotes = tuple(self._draft(group, shared) for group in groups)
        preview = book_preview(self.book, tables, self.placed, self.mark, self.currency)
        return FileDraft(
            self.book.path,
            self.book.kind,
            quotes,
            tuple(self.problems),
            preview,
            self.mark,
            self.currency,
        )

    def _names_accelerator(self, text: str) -> bool:
        """Whether a header names an accelerator the catalogue knows (accelerators as columns)."""
        return self.resolver.resolve(text) is not None

    def _known(self) -> dict[str, Field]:
        """The headers the user or the vendor's profile mapped, by normalised text."""
        known = {normalise_header(o.column): o.field for o in self.overrides}
        saved = (self.profile or {}).get("columns", {})
        if isinstance(saved, Mapping):
            for header, name in saved.items():
                if isinstance(name, str) and name in {f.value for f in Field}:
                    known.setdefault(normalise_header(header), Field(name))
        return known

    def _alternatives(self, sheets: Sequence[SheetData]) -> list[SheetData]:
        """The sheets, each shown sheet with alternatives side by side split into one per
        alternative (:mod:`~computescore.io.reader.side_by_side`), its banner kept."""
        out: list[SheetData] = []
        known = self._known()
        for sheet in sheets:
            if sheet.visibility is not Visibility.VISIBLE:
                out.append(sheet)
                continue
            if self.is_pdf:
                sheet = self._rejoined(sheet, known)
            for block in side_by_side(sheet, known, self._names_accelerator):
                if block.label is not None:
                    self.options[id(block.sheet)] = block.label
                if block.read_rows is not None:
                    self.placed.read_rows[id(block.sheet)] = block.read_rows
                if block.origin is not None:
                    self.placed.origins[id(block.sheet)] = block.origin
                if block.note is not None:
                    self.problems.append(Problem(self.prefix(sheet), block.note, Severity.WARNING))
                out.append(block.sheet)
        return out

    def _rejoined(self, sheet: SheetData, known: Mapping[str, Field]) -> SheetData:
        """A PDF page with the words its table's headings were split into joined again,
        in the header and every row below it ("Unit | price", "Total | amount NOK"):
        :func:`~computescore.io.header_finder.split_heading_columns`."""
        header = find_header(sheet, known=known, names=self._names_accelerator)
        if header is None:
            return sheet
        top = header.rows[-1]
        columns = split_heading_columns(sheet, top)
        if not columns:
            return sheet
        rows = [*sheet.rows[:top], *(join_split_words(row, columns) for row in sheet.rows[top:])]
        return replace(sheet, rows=rows)

    def _tables(self, sheets: Sequence[SheetData]) -> list[Table]:
        """The quote tables of the sheets read, with the columns the user or the vendor's
        profile mapped; hidden sheets told; refused when there is none."""
        known = self._known()
        tables = find_tables(sheets, known=known, names=self._names_accelerator)
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
            looked = ", ".join(f"'{s.name}'" for s in sheets[:6]) + (
                f" and {len(sheets) - 6} more" if len(sheets) > 6 else ""
            )
            raise FileRefused(
                self.book.path,
                RefusalCode.NO_TABLE,
                f"no table of quote lines was found in {plural(len(sheets), 'sheet')} "
                f"({looked}): no row names a price and a description or accelerator; map "
                'the columns by hand (in the import wizard, or --map "Our price=price"), or '
                "check the sheet",
            )
        if self.book.kind == "pdf":
            tables = carried_over(sheets, tables, known, self._names_accelerator)
            self._tell_carried(tables)
        return tables

    def _tell_carried(self, tables: Sequence[Table]) -> None:
        """Say where a table was read on a page that does not repeat its header."""
        for table in tables:
            origin = table.continues
            if origin is None or not table.rows:
                continue
            first, last = (
                self.row_number(table.sheet, row.index) for row in (table.rows[0], table.rows[-1])
            )
            where = f"{first}" if first == last else f"{first}–{last}"
            self.problems.append(
                Problem(
                    f"{self.prefix(table.sheet)}!{where}",
                    f"{plural(len(table.rows), 'row')} continue the table of "
                    f"{origin.sheet.name} without its header, and were read under its "
                    "columns",
                    Severity.WARNING,
                    None,
                    "the header repeated on every page; check these lines against the "
                    "vendor's page",
                )
            )

    def _lease_options(
        self, sheets: Sequence[SheetData], spans: dict[int, list[range]]
    ) -> tuple[LeaseOption, ...]:
        """A lessor's table of lease options outside the quote tables (its rows then count as
        read): the first sheet's that has one."""
        for sheet in sheets:
            if id(sheet) in spans and sheet.visibility is Visibility.VISIBLE:
                found = lease_options(sheet, _rows_outside(len(sheet.rows), spans[id(sheet)]))
                if found:
                    spans[id(sheet)].append(found[0].rows)
                    return found
        return ()

    def _warn_unread_lines(
        self, sheets: Sequence[SheetData], spans: dict[int, list[range]]
    ) -> None:
        """Say where rows that read like quote lines stand under no table: nothing a vendor
        quoted is left out unseen (a PDF table continued on a page without its header)."""
        for sheet in sheets:
            if sheet.visibility is not Visibility.VISIBLE and not self.include_hidden:
                continue
            outside = _rows_outside(len(sheet.rows), spans.get(id(sheet), []))
            unread = [row for row in outside if looks_like_line(sheet.rows[row])]
            if not unread:
                continue
            first, last = (self.row_number(sheet, row) for row in (unread[0], unread[-1]))
            where = f"{first}" if first == last else f"{first}–{last}"
            carried = (
                " (a table carried over from the page before without its header?)"
                if self.book.kind == "pdf" and not spans.get(id(sheet))
                else ""
            )
            self.problems.append(
                Problem(
                    f"{self.prefix(sheet)}!{where}",
                    f"{plural(len(unread), 'row')} read like quote lines but stand under no "
                    f"table header{carried}, and were not imported",
                    Severity.WARNING,
                    None,
                    "a header row over them: ask for the file with the table's header "
                    "repeated, or import those rows from a copy that has it",
                )
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
            mapping = replace(mapping, columns=tuple(columns))
        if table.continues is not None:
            mapping = replace(mapping, continues=table.continues.sheet.name)
        option = self.options.get(id(table.sheet))
        if option is not None:
            stated, _ = parse_terms(option)
            terms = None if stated is None else (stated.deployment, stated.term_months)
            mapping = replace(mapping, option=option, option_terms=terms)
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
        ambiguous: list[tuple[str, tuple[Decimal, Decimal]]] = []
        for table in tables:
            columns = [c.index for c in mappings[id(table)].columns if c.field in numeric]
            for row in table.rows[:EVIDENCE_ROWS]:
                for index in columns:
                    value = row.values[index] if index < len(row.values) else None
                    if isinstance(value, str):
                        mark = number_mark_evidence(value)
                        if mark is not None:
                            seen[mark] += 1
                        elif not ambiguous and "," in value:
                            # "1,200": English writes a thousands comma; "1.234" stays
                            # undecided, three decimals being as likely as thousands.
                            both = read_number_text(value.strip()).ambiguous
                            if both is not None:
                                ambiguous.append((value.strip(), both))
        if not seen and ambiguous and self._written_in_english(tables, mappings):
            # "1,200" kW in an English quote priced in dollars or pounds: a thousands comma.
            example, (point, comma) = ambiguous[0]
            self.problems.append(
                Problem(
                    self.file_name,
                    f"Numbers such as {example} were read with a decimal point ({point:f}, "
                    f"not {comma.normalize():f}): the file is written in English and priced "
                    "in dollars or pounds",
                    Severity.WARNING,
                    example,
                    "the --decimal-comma option (or “Numbers written as”) if it is not",
                )
            )
            return DecimalMark.POINT
        return next(iter(seen)) if len(seen) == 1 else None

    def _written_in_english(
        self, tables: Sequence[Table], mappings: Mapping[int, ColumnMapping]
    ) -> bool:
        """True for a file whose headers are English words and whose prices are in
        dollars or pounds: its numbers are written 1,234.56."""
        headers = [h for t in tables for h in t.headers if isinstance(h, str) and h.strip()]
        pound_or_dollar = self.currency in _POINT_ENGLISH or any(
            c.currency in _POINT_ENGLISH for m in mappings.values() for c in m.columns
        )
        return pound_or_dollar and headers_in_english(headers)

    def _file_currency(
        self, tables: Sequence[Table], mappings: Mapping[int, ColumnMapping]
    ) -> str | None:
        if self.explicit_currency:
            return self.explicit_currency
        saved = profile_currency(self.profile)
        if saved:
            return saved
        found: set[str] = set()
        yen = False
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
                        yen = yen or code == "¥"
        if not found and yen:
            return self._yen_by_language(tables)
        if not found:
            return self._currency_in_notes(tables)
        return found.pop() if len(found) == 1 else None

    def _currency_in_notes(self, tables: Sequence[Table]) -> str | None:
        """The currency a note about the prices states (:func:`currency_in_notes`)."""
        found = currency_in_notes(tables)
        if found is None:
            return None
        code, sheet, row = found
        self.problems.append(
            Problem(
                f"{self.prefix(sheet)}!{row + 1}",
                f"The prices are in {code}, as the file says under or above them",
                Severity.INFO,
                code,
            )
        )
        return code

    def _yen_by_language(self, tables: Sequence[Table]) -> str | None:
        """What a bare ¥ means in a file that states no currency: the language the file is
        written in decides (yen in Japanese, yuan in Chinese), else, in English, the
        country of its addresses (Tokyo, Japan); and the import says so."""
        sheets = list({id(t.sheet): t.sheet for t in tables}.values())
        texts = [
            c for s in sheets for row in s.rows[:EVIDENCE_ROWS] for c in row if isinstance(c, str)
        ]
        code = yen_or_yuan(texts)
        why = {"JPY": "is written in Japanese", "CNY": "is written in Chinese"}.get(code or "")
        places = set() if code else {country_of(text) for text in texts} & {"JP", "CN"}
        if len(places) == 1:
            code, why = ("JPY", "is from Japan") if "JP" in places else ("CNY", "is from China")
        if code is not None:
            name = "Japanese yen (JPY)" if code == "JPY" else "Chinese yuan (CNY)"
            self.problems.append(
                Problem(
                    self.file_name,
                    f"Prices in ¥ were read as {name}: the file {why}",
                    Severity.WARNING,
                    "¥",
                    "the --currency option (or a currency column) if they are not",
                )
            )
        return code

    # -- terms and grouping

    def _terms_source(self, sheet: SheetData, pairs: Sequence[KeyValue]) -> str:
        first = min(p.row for p in pairs)
        last = max(p.row for p in pairs)
        if self.is_text:
            return (
                f"{self.file_name}!{self.row_number(sheet, first)}-{self.row_number(sheet, last)}"
            )
        return f"{self.prefix(sheet)}!A{first + 1}:{last + 1}"

    def _by_vendor(
        self, tables: Sequence[Table], mappings: dict[int, ColumnMapping]
    ) -> list[tuple[Table, str | None]]:
        """Each table with the vendor its rows name: a price list whose vendor column names
        several (AWS, Azure and Google in one list) gives one table per vendor, each a quote
        of its own, in the order the vendors first appear. A row without a vendor goes with
        the rows above it."""
        out: list[tuple[Table, str | None]] = []
        for table in tables:
            column = mappings[id(table)].mapped(Field.VENDOR)
            if column is None:
                out.append((table, None))
                continue
            parts: dict[str, list[TableRow]] = {}
            name = ""
            for row in table.rows:
                value = row.values[column.index] if column.index < len(row.values) else None
                if not is_blank(value) and str(value).strip():
                    name = str(value).strip()
                parts.setdefault(name, []).append(row)
            if len([n for n in parts if n]) < 2:
                out.append((table, None))
                continue
            for name, rows in parts.items():
                part = replace(table, rows=tuple(rows))
                mappings[id(part)] = mappings[id(table)]
                out.append((part, name or None))
        return out

    def _group(
        self,
        tables: Sequence[tuple[Table, str | None]],
        sheet_terms: Mapping[int, TermsDraft],
    ) -> list[_QuoteGroup]:
        groups: list[_QuoteGroup] = []
        by_key: dict[str | None, _QuoteGroup] = {}
        stacked = stacked_alternatives([table for table, _ in tables])
        several = len(self.leases) > 1  # each lease option a quote of its own
        for table, vendor, lease in [(t, v, o) for t, v in tables for o in self.leases or [None]]:
            terms = sheet_terms.get(id(table.sheet))
            key = terms.quote_ref if terms else None
            if vendor is not None:
                key = f"{vendor}\n{key or ''}"
            option = self.options.get(id(table.sheet)) or stacked.get(id(table))
            option = option or (lease.label if lease is not None and several else None)
            if option is not None:
                key = f"{key or ''}\n{option}"
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
            group.vendor = group.vendor or vendor
            group.option = group.option or option
            group.lease = group.lease or lease
            if terms is not None and terms not in group.terms:
                group.terms.append(terms)
        return groups

    def _draft(self, group: _QuoteGroup, shared: Sequence[TermsDraft]) -> QuoteDraft:
        terms = _merge_terms([*group.terms, *shared])
        problems = [*terms.problems, *group.problems]
        vendor = self.vendor or group.vendor or terms.vendor or group.column_fields.get("vendor")
        if vendor is None:
            vendor = letterhead_vendor(group.tables[0].sheet if group.tables else None)
            if vendor is not None:
                problems.append(
                    Problem(
                        self.file_name,
                        f"The vendor was taken from the letterhead: {vendor}",
                        Severity.WARNING,
                        vendor,
                        "the vendor's name (--vendor) if that is not it",
                    )
                )
        quote_ref = (
            terms.quote_ref
            or group.column_fields.get("quote_ref")
            or letterhead_reference(group.tables[0].sheet if group.tables else None)
        )
        if group.option is not None:
            # One alternative of several side by side: a quote of its own, named by it.
            name = _TITLE_PART.split(group.option, maxsplit=1)[0].strip()
            quote_ref = f"{quote_ref} {name}" if quote_ref else name
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
        lines, told = with_terms_lead_time(group.lines, terms.lead_time)
        problems += told
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
            lines=tuple(lines),
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


_POINT_ENGLISH = frozenset({"USD", "GBP", "AUD", "CAD", "NZD", "SGD", "HKD"})
"""Currencies of English-speaking markets, whose quotes write 1,234.56."""


_TITLE_PART = re.compile(r"\s+[—–:|]\s+|\s+-\s+|,\s")
"""What sets an alternative's name ("Option A") apart from the rest of its banner."""


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
        lead_time=first(lambda d: d.lead_time),
        problems=tuple(p for d in drafts for p in d.problems),
        keys_found=frozenset().union(*(d.keys_found for d in drafts)),
        source=sources[0] if sources else None,
    )
