"""Why a vendor file was refused, as one plain sentence naming the file.

Every failure to read a file (cheap checks, the isolated parser, the CSV reader)
ends as a :class:`FileRefused`, which is a :class:`~computescore.errors.InputRefused`
and so makes the command line exit with code 3 and the GUI show the sentence.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

from computescore.errors import InputRefused


class RefusalCode(StrEnum):
    """A stable code for each reason a file is refused (logs, tests, the GUI's help links)."""

    MISSING = "missing"
    EMPTY = "empty"
    TOO_BIG = "too_big"
    ENCRYPTED = "encrypted"
    LEGACY_XLS = "legacy_xls"
    BINARY_WORKBOOK = "binary_workbook"
    NOT_SPREADSHEET = "not_spreadsheet"
    DAMAGED = "damaged"
    TOO_MANY_PARTS = "too_many_parts"
    TOO_BIG_UNCOMPRESSED = "too_big_uncompressed"
    ZIP_BOMB = "zip_bomb"
    UNSUPPORTED_COMPRESSION = "unsupported_compression"
    XML_ENTITIES = "xml_entities"
    NO_WORKSHEETS = "no_worksheets"
    OUTSIDE_AREA = "outside_area"
    TOO_MANY_ROWS = "too_many_rows"
    TOO_MANY_COLUMNS = "too_many_columns"
    TIMEOUT = "timeout"
    MEMORY = "memory"
    CRASHED = "crashed"
    ENCODING = "encoding"
    CSV_ROW_TOO_WIDE = "csv_row_too_wide"
    CSV_NUL = "csv_nul"
    CSV_FIELD_TOO_LONG = "csv_field_too_long"
    NO_TABLE = "no_table"
    NO_SHEET = "no_sheet"
    CANCELLED = "cancelled"
    UNREADABLE = "unreadable"
    ACTIVE_CONTENT = "active_content"
    NESTED_TOO_DEEP = "nested_too_deep"
    TOO_MANY_PAGES = "too_many_pages"
    SCANNED_PDF = "scanned_pdf"


class FileRefused(InputRefused):
    """A vendor file that cannot be imported; nothing from it was kept.

    Attributes:
        code: why, as a stable :class:`RefusalCode`.
        path: the file.
        reason: the reason alone, without the file name (for dialogs that show the name
            elsewhere).
    """

    def __init__(self, path: str | Path, code: RefusalCode, reason: str) -> None:
        self.path = Path(path)
        self.code = code
        self.reason = reason.rstrip(".")
        end = "" if self.reason.endswith(("?", "!")) else "."
        super().__init__(f"Cannot import {self.path.name}: {self.reason}{end}")


class ReadCancelled(Exception):
    """The user cancelled while a file was being read; nothing was kept."""


def format_mib(size_bytes: int) -> str:
    """A byte count as MiB with one decimal place, for messages (``"7.0 MiB"``)."""
    return f"{size_bytes / (1 << 20):.1f} MiB"
