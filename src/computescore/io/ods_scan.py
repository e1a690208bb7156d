"""A bounded look at an OpenDocument spreadsheet before calamine reads it.

OpenDocument compresses runs of identical rows and cells with
``number-rows-repeated`` / ``number-columns-repeated``; a few bytes can therefore
describe billions of cells. LibreOffice itself writes huge repeats of *empty* rows
and cells at the end of every sheet, which readers skip, so only repeats that carry
a value count towards the area. This pass walks the row and cell tags of
``content.xml`` with byte-level searches (no XML parser) and refuses the file when
the area holding values is beyond the limits.
"""

from __future__ import annotations

import re
import zipfile
import zlib
from pathlib import Path

from computescore.io.preflight import ReadLimits
from computescore.io.refusal import FileRefused, RefusalCode

TABLE_NS = b"urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE_NS = b"urn:oasis:names:tc:opendocument:xmlns:office:1.0"


def _prefix(data: bytes, namespace: bytes, default: bytes) -> bytes:
    match = re.search(
        rb"xmlns:([\w.-]+)\s*=\s*[\"']" + re.escape(namespace) + rb"[\"']", data[:8192]
    )
    return match.group(1) if match else default


def scan_ods(path: str | Path, limits: ReadLimits | None = None) -> None:
    """Raise :class:`FileRefused` when an .ods file's valued cells span too large an area.

    Args:
        path: the spreadsheet (already through preflight).
        limits: row, column and cell limits.
    """
    limits = limits or ReadLimits()
    file_path = Path(path)
    try:
        with zipfile.ZipFile(file_path) as archive:
            data = archive.read("content.xml")
    except KeyError as exc:
        raise FileRefused(
            file_path, RefusalCode.NO_WORKSHEETS, "the spreadsheet has no readable worksheets"
        ) from exc
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as exc:
        raise FileRefused(
            file_path, RefusalCode.DAMAGED, "the file is damaged or incomplete"
        ) from exc
    table = re.escape(_prefix(data, TABLE_NS, b"table"))
    office = re.escape(_prefix(data, OFFICE_NS, b"office"))
    token = re.compile(
        rb"<(/?)"
        + table
        + rb":(table-row|table-cell|covered-table-cell|table)(?=[\s/>])([^>]*?)(/?)>"
    )
    rows_repeat = re.compile(table + rb":number-rows-repeated\s*=\s*[\"']([0-9]{1,12})")
    cols_repeat = re.compile(table + rb":number-columns-repeated\s*=\s*[\"']([0-9]{1,12})")
    valued = re.compile(office + rb":value-type|" + table + rb":formula")

    row = col = 0
    row_repeat = 1
    row_has_value = False
    max_row = max_col = 0
    name = ""
    for match in token.finditer(data):
        closing, element, attrs, empty = match.groups()
        if element == b"table":
            if not closing:
                row = max_row = max_col = 0
                found = re.search(table + rb":name\s*=\s*[\"']([^\"']*)", attrs)
                name = found.group(1).decode("utf-8", "replace") if found else ""
            continue
        if element == b"table-row":
            if closing:
                if row_has_value:
                    max_row = max(max_row, row + row_repeat)
                row += row_repeat
                continue
            repeat = rows_repeat.search(attrs)
            row_repeat = int(repeat.group(1)) if repeat else 1
            col = 0
            row_has_value = False
            if empty:
                row += row_repeat
            continue
        if closing:
            continue
        repeat = cols_repeat.search(attrs)
        span = int(repeat.group(1)) if repeat else 1
        col += span
        if valued.search(attrs):
            row_has_value = True
            max_col = max(max_col, col)
            if max_col > limits.max_columns:
                raise _refuse(file_path, name, f"a value in column {max_col:,}")
        if row_has_value and row + row_repeat > limits.max_rows:
            raise FileRefused(
                file_path,
                RefusalCode.TOO_MANY_ROWS,
                f"sheet '{name}' has values in more than {limits.max_rows:,} rows, more than a "
                "quote may have",
            )
        if row_has_value and (row + row_repeat) * max(max_col, 1) > limits.max_cells:
            raise _refuse(file_path, name, f"more than {limits.max_cells:,} cells")


def _refuse(path: Path, sheet: str, what: str) -> FileRefused:
    return FileRefused(
        path,
        RefusalCode.OUTSIDE_AREA,
        f"sheet '{sheet}' has {what}, outside the area a quote can use "
        "(cells outside the supported area)",
    )
