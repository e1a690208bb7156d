"""Reading a text PDF quote into sheets of cells, one sheet per page (isolated child side).

Runs in the reader process of :mod:`computescore.io.isolated`, under its time and
memory limits, after :func:`~computescore.io.pdf_scan.scan_pdf` has refused active
content, compression bombs and absurd nesting. Each page becomes a sheet named
``page N`` so that every problem found later names the file, the page and the row
(``quote.pdf!page 2!D7``); from there a PDF goes through the same table finder, column
mapping, value parsing and terms reading as a spreadsheet.

pdfplumber finds ruled tables and cuts them into cells; the rest of the page's words
are laid out by :mod:`computescore.io.pdf_layout`. A PDF without a text layer is a
scan and is refused with a sentence that says what to ask the vendor for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from computescore.io.pdf_layout import PlacedRow, Word, page_rows, without_running_footers
from computescore.io.pdf_scan import scan_pdf
from computescore.io.preflight import ReadLimits
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.workbook import CellValue, SheetData

ENGINE = "pdfplumber"

WORD_GAP = 1.5
"""Letters further apart than this (points) are two words: columns set tight stay apart."""


def read_pdf(send: Callable[[Any], None], path: Path, limits: ReadLimits, notes: list[str]) -> None:
    """Send one :class:`SheetData` per page of a text PDF.

    Raises:
        FileRefused: active content, a bomb, too many pages, a password or a scan.
    """
    import pdfplumber
    from pdfminer.pdftypes import resolve1

    send(("progress", 0.05, "Checking the PDF's structure"))
    scan_pdf(path, limits)
    try:
        document = pdfplumber.open(path)
    except Exception as exc:
        causes = [exc, *exc.args, exc.__context__]
        if any(type(cause).__name__.startswith("PDFPassword") for cause in causes):
            raise FileRefused(
                path,
                RefusalCode.ENCRYPTED,
                "the PDF is password-protected; ask the vendor for an unprotected copy",
            ) from exc
        raise
    with document as pdf:
        declared = _declared_pages(pdf, resolve1)
        if declared > limits.max_pages:
            _too_many(path, declared, limits)
        pages = pdf.pages
        if len(pages) > limits.max_pages:
            _too_many(path, len(pages), limits)
        characters = sum(len(page.chars) for page in pages)
        images = sum(len(page.images) for page in pages)
        if characters == 0:
            _refuse_scan(path, images)
        laid_out = []
        for number, page in enumerate(pages):
            send(("progress", 0.1 + 0.85 * number / len(pages), f"Reading page {number + 1}"))
            laid_out.append(_page_parts(page))
        words = without_running_footers(
            [words for words, _ in laid_out], [page.height for page in pages]
        )
        for number, (page_words, (_, table_rows)) in enumerate(zip(words, laid_out, strict=True)):
            rows: list[list[CellValue]] = [list(row) for row in page_rows(page_words, table_rows)]
            _check_rows(path, number, rows, limits)
            send(SheetData(name=f"page {number + 1}", index=number, rows=rows))
        attached = pdf_embeds_files(pdf)
    if attached:
        notes.append("the PDF carries attached files; they were not opened")


def _refuse_scan(path: Path, images: int) -> None:
    raise FileRefused(
        path,
        RefusalCode.SCANNED_PDF,
        "this PDF is a scan (it has no text to read"
        + (", only images)" if images else ")")
        + "; ask the vendor for the spreadsheet or a text PDF",
    )


def _declared_pages(pdf: Any, resolve1: Callable[[Any], Any]) -> int:
    """The page count the document's page tree declares (0 when it declares none)."""
    try:
        tree = resolve1(pdf.doc.catalog.get("Pages"))
        count = resolve1(tree.get("Count")) if isinstance(tree, dict) else 0
    except Exception:  # a damaged tree is left to the page walk
        return 0
    return count if isinstance(count, int) else 0


def _too_many(path: Path, count: int, limits: ReadLimits) -> None:
    raise FileRefused(
        path,
        RefusalCode.TOO_MANY_PAGES,
        f"the PDF has {count:,} pages; a quote is read only up to {limits.max_pages:,} pages",
    )


def _check_rows(
    path: Path, number: int, rows: Sequence[Sequence[CellValue]], limits: ReadLimits
) -> None:
    widest = max((len(row) for row in rows), default=0)
    if len(rows) > limits.max_rows or widest > limits.max_columns:
        raise FileRefused(
            path,
            RefusalCode.TOO_MANY_COLUMNS,
            f"page {number + 1} lays out as {len(rows):,} rows × {widest:,} columns, more "
            "than a quote can hold",
        )


def pdf_embeds_files(pdf: Any) -> bool:
    """True when the document's catalogue names embedded files."""
    try:
        names = pdf.doc.catalog.get("Names")
        from pdfminer.pdftypes import resolve1

        resolved = resolve1(names)
        return isinstance(resolved, dict) and "EmbeddedFiles" in resolved
    except Exception:
        return False


def _page_parts(page: Any) -> tuple[list[Word], list[PlacedRow]]:
    """A page's words outside its ruled tables, and the ruled tables' rows."""
    tables = page.find_tables()
    boxes = [table.bbox for table in tables]
    table_rows: list[PlacedRow] = []
    for table in tables:
        for row, cells in zip(table.rows, table.extract(), strict=False):
            table_rows.append(
                PlacedRow(row.bbox[1], row.bbox[3], tuple(_cell_text(c) for c in cells))
            )
    words = [
        Word(w["text"], w["x0"], w["x1"], w["top"], w["bottom"])
        for w in page.extract_words(
            x_tolerance=WORD_GAP, keep_blank_chars=False, use_text_flow=False
        )
        if not any(_inside(w, box) for box in boxes)
    ]
    return words, table_rows


def _cell_text(cell: str | None) -> str | None:
    if cell is None:
        return None
    text = " ".join(cell.split())
    return text or None


def _inside(word: dict[str, Any], box: tuple[float, float, float, float]) -> bool:
    middle_x = (word["x0"] + word["x1"]) / 2
    middle_y = (word["top"] + word["bottom"]) / 2
    return box[0] <= middle_x <= box[2] and box[1] <= middle_y <= box[3]
