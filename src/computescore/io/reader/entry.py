"""The importer's entry points: a quote file or a book of cells read into drafts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from computescore.collector import collector_paused
from computescore.domain.catalog import Catalogue
from computescore.io.isolated import Progress, read_file
from computescore.io.overrides import Override, parse_override
from computescore.io.preflight import ReadLimits
from computescore.io.reader.book import _Reader
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.rfq_pricing import RfqReadOptions
from computescore.io.rfq_reader import is_rfq_book, read_rfq_book
from computescore.io.values import (
    DecimalMark,
)
from computescore.io.workbook import (
    WorkbookData,
)

if TYPE_CHECKING:
    from computescore.io.reader.records import FileDraft


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
    if is_rfq_book(book):
        return read_rfq_book(
            book,
            catalogue,
            vendor=vendor,
            options=RfqReadOptions(decimal_mark, currency, include_hidden),
        )
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
