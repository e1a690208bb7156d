"""What the importer reads a file into: previews, quote drafts, file drafts."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Certification,
    ExitTerms,
    MeasuredPerformance,
    Quote,
    QuoteLine,
    ReliabilityTerms,
    SlaTerms,
    SupportTerms,
    Vendor,
)
from computescore.io.mapping import (
    ColumnMapping,
)
from computescore.io.values import (
    DecimalMark,
    Money,
)
from computescore.io.workbook import (
    CellValue,
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
        certificates: the certifications with their validity, when the file states it
            (a returned RFQ asks for each certificate's expiry).
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
    certificates: tuple[Certification, ...] = ()
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
        """The certifications as records (with their expiry when the file states it)."""
        if self.certificates:
            return self.certificates
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
        """File problems followed by each quote's, each told once (alternatives of one
        file share their letterhead's "vendor was taken from the letterhead")."""
        found = (*self.problems, *(p for quote in self.quotes for p in quote.problems))
        return tuple(dict.fromkeys(found))

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
