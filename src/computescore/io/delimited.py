"""Reading CSV and other delimited text with the standard library, strictly.

The encoding comes from :func:`~computescore.io.preflight.sniff_encoding` (UTF-8 with
or without a byte-order mark, UTF-16, Windows-1252); the delimiter is chosen by
trying comma, semicolon, tab and bar on the first lines and keeping the one that
gives the most rows of one consistent width (Excel's ``sep=;`` first line wins when
present). NUL bytes, over-long fields and files with too many rows are refused with
the line number. Every row remembers the line it started on, so problems found later
can name it.

Text files are read in the calling process: the standard library's csv module is
linear in the input and bounded by the file-size, row and field limits, and there is
no native parser that could abort.
"""

from __future__ import annotations

import csv
import io
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from computescore.io.preflight import PreflightResult, ReadLimits
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.workbook import CellValue, SheetData, WorkbookData

CANDIDATE_DELIMITERS = (",", ";", "\t", "|")
SNIFF_LINES = 60
ENCODING_NAMES = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8",
    "utf-16": "UTF-16",
    "utf-16-le": "UTF-16",
    "utf-16-be": "UTF-16",
    "utf-32": "UTF-32",
    "cp1252": "Windows-1252 (Western European)",
}


def decode_text(
    path: Path, raw: bytes, encoding: str, *, forced: bool = False
) -> tuple[str, str, list[str]]:
    """Decode a text file's bytes; returns (text, encoding used, notes).

    Plain UTF-8 that turns out invalid further into the file is read as Windows-1252
    with a note naming the first bad line. Any other failure is refused with the line.
    """
    notes: list[str] = []
    try:
        return raw.decode(encoding), encoding, notes
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        if encoding == "utf-8" and not forced:
            try:
                text = raw.decode("cp1252")
            except UnicodeDecodeError:
                pass
            else:
                notes.append(
                    f"the file is not valid UTF-8 (line {line:,}), so it was read as "
                    "Windows-1252 (Western European); if names look wrong, choose its encoding"
                )
                return text, "cp1252", notes
        label = ENCODING_NAMES.get(encoding, encoding)
        raise FileRefused(
            path,
            RefusalCode.ENCODING,
            f"line {line:,} is not valid {label} text; choose the file's encoding "
            "(for example Windows-1252) or save it again as UTF-8 CSV",
        ) from exc


def sniff_delimiter(lines: list[str], preferred: str | None = None) -> str:
    """Pick the delimiter that splits the sample lines into the most rows of one width.

    Args:
        lines: the first lines of the file.
        preferred: the delimiter to favour on a tie (tab for ``.tsv``).
    """
    best = preferred or ","
    best_score = (-1, -1)
    order = list(CANDIDATE_DELIMITERS)
    if preferred in order:
        order.remove(preferred)
        order.insert(0, preferred)
    sample = "\n".join(lines)
    for delimiter in order:
        try:
            widths = [
                len(row)
                for row in csv.reader(io.StringIO(sample), delimiter=delimiter)
                if any(cell.strip() for cell in row)
            ]
        except csv.Error:
            continue
        if not widths:
            continue
        width, count = Counter(widths).most_common(1)[0]
        if width < 2:
            continue
        score = (count, width)
        if score > best_score:
            best, best_score = delimiter, score
    return best


def _cells(records: Iterable[list[str]]) -> list[list[CellValue]]:
    """Rows of cells: empty fields become None; repeated text shares one object."""
    memo: dict[str, str | None] = {"": None}
    keep = memo.setdefault
    return [list(map(keep, record, record)) for record in records]


def _line_numbers(text: str, start: int, delimiter: str) -> list[int]:
    """The line each row starts on, reading the rows again (for quoted line breaks)."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    if start:
        next(reader, None)
    numbers: list[int] = []
    line = reader.line_num + 1
    for _ in reader:
        numbers.append(line)
        line = reader.line_num + 1
    return numbers


def read_delimited(
    preflight_result: PreflightResult,
    limits: ReadLimits | None = None,
    *,
    encoding: str | None = None,
    delimiter: str | None = None,
) -> WorkbookData:
    """Read a CSV/TSV file into a one-sheet :class:`WorkbookData` of text cells.

    Args:
        preflight_result: the file's preflight result (gives the sniffed encoding).
        limits: row and field-size limits.
        encoding: an encoding chosen by the user, overriding the sniffed one.
        delimiter: a delimiter chosen by the user, overriding the sniffed one.

    Raises:
        FileRefused: undecodable text, a NUL byte, an over-long field or too many rows,
            each naming the line.
    """
    limits = limits or ReadLimits()
    path = preflight_result.path
    raw = path.read_bytes()
    text, used, notes = decode_text(
        path, raw, encoding or preflight_result.encoding or "utf-8", forced=encoding is not None
    )
    del raw
    if text.startswith("\ufeff"):
        text = text[1:]
    nul = text.find("\x00")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        raise FileRefused(
            path,
            RefusalCode.CSV_NUL,
            f"line {line:,} contains a NUL character, which text files never hold; the file is "
            "damaged or not really a CSV file",
        )
    start = 0
    first_line_end = text.find("\n")
    first_line = text[: first_line_end if first_line_end >= 0 else len(text)].strip()
    if first_line.lower().startswith("sep=") and len(first_line) == 5:
        delimiter = delimiter or first_line[4]
        start = first_line_end + 1 if first_line_end >= 0 else len(text)
    if delimiter is None:
        sample = text[start : start + 256 * 1024].splitlines()[:SNIFF_LINES]
        preferred = "\t" if path.suffix.lower() == ".tsv" else None
        delimiter = sniff_delimiter(sample, preferred)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    previous_limit = csv.field_size_limit()
    csv.field_size_limit(limits.max_field_chars)
    try:
        if start:
            next(reader, None)
        first_number = reader.line_num + 1
        rows = _cells(itertools.islice(reader, limits.max_rows + 1))
        if len(rows) > limits.max_rows:
            raise FileRefused(
                path,
                RefusalCode.TOO_MANY_ROWS,
                f"it has more than {limits.max_rows:,} rows, more than a quote may have; "
                "is this really a quote?",
            )
        if reader.line_num - first_number + 1 == len(rows):
            # Every row took one line (each takes at least one), so row i is on line
            # first + i; only quoted line breaks need the rows read again one by one.
            line_numbers: Sequence[int] = range(first_number, first_number + len(rows))
        else:
            line_numbers = _line_numbers(text, start, delimiter)
    except csv.Error as exc:
        where = reader.line_num
        if "field larger than field limit" in str(exc):
            raise FileRefused(
                path,
                RefusalCode.CSV_FIELD_TOO_LONG,
                f"line {where:,} has a field longer than {limits.max_field_chars:,} characters",
            ) from exc
        raise FileRefused(
            path,
            RefusalCode.DAMAGED,
            f"line {where:,} cannot be read as CSV ({exc})",
        ) from exc
    finally:
        csv.field_size_limit(previous_limit)
    if used == "cp1252" and not notes and encoding is None:
        notes.append(
            "the file was read as Windows-1252 (Western European) text; if names look wrong, "
            "choose its encoding"
        )
    sheet = SheetData(name=path.stem, index=0, rows=rows, line_numbers=list(line_numbers))
    return WorkbookData(
        path=path,
        kind="text",
        sheets=(sheet,),
        notes=(*preflight_result.notes, *notes),
        encoding=used,
        delimiter=delimiter,
        engine="csv",
    )
