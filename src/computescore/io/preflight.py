"""Cheap checks on a vendor file before any parser sees it.

Decides what the file really is from its content (not its extension) and refuses,
in milliseconds, the files a parser must never be given: empty, too large, damaged
zips, archives that would inflate past a limit (declared sizes and per-part
compression ratios from the zip central directory, which both zipfile and calamine
enforce), encrypted parts, XML with a DTD or entity declarations, password-protected
or legacy binary Office files. It also notes what the user should know but need not
stop for: macros (never run) and links to other workbooks (cached values are used).

Nothing here decompresses more than a small, fixed amount of any part.
"""

from __future__ import annotations

import codecs
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from computescore.io.refusal import FileRefused, RefusalCode, format_mib

OLE_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
PROLOG_BYTES = 64 * 1024
"""How much of each XML part is inflated to check its prolog for a DTD."""


class FileKind(StrEnum):
    """What a vendor file turned out to be."""

    XLSX = "xlsx"
    XLSM = "xlsm"
    ODS = "ods"
    TEXT = "text"
    PDF = "pdf"

    @property
    def is_workbook(self) -> bool:
        """True for zip-based workbooks."""
        return self in (FileKind.XLSX, FileKind.XLSM, FileKind.ODS)


@dataclass(frozen=True, slots=True)
class ReadLimits:
    """Limits that keep a hostile file from exhausting time or memory.

    Attributes:
        max_file_bytes: size on disk.
        max_uncompressed_bytes: sum of the declared sizes of the zip's parts.
        max_ratio: compression ratio allowed for a part larger than ``ratio_floor_bytes``.
        ratio_floor_bytes: parts smaller than this are not ratio-checked.
        max_parts: number of entries in the zip.
        max_rows: rows in one sheet (or lines in a text file).
        max_columns: columns in one sheet.
        max_cells: rows × columns of the area a sheet's cells span.
        max_field_chars: characters in one CSV field.
        max_pages: pages in a PDF.
        timeout_s: wall-clock limit for parsing a workbook, in seconds.
        max_rss_mb: resident memory limit of the parsing process, in MiB.
    """

    max_file_bytes: int = 50 << 20
    max_uncompressed_bytes: int = 300 << 20
    max_ratio: int = 100
    ratio_floor_bytes: int = 1 << 20
    max_parts: int = 5000
    max_rows: int = 200_000
    max_columns: int = 256
    max_cells: int = 12_000_000
    max_field_chars: int = 32_767
    max_pages: int = 300
    timeout_s: float = 60.0
    max_rss_mb: int = 1536


@dataclass(frozen=True, slots=True)
class PreflightResult:
    """What the cheap checks found.

    Attributes:
        path: the file.
        kind: its real format.
        size_bytes: size on disk.
        uncompressed_bytes: declared total of a zip's parts (0 for text).
        encoding: for text files, the encoding to read it with.
        notes: facts the user should see that do not stop the import (macros, links,
            a name that does not match the content).
    """

    path: Path
    kind: FileKind
    size_bytes: int
    uncompressed_bytes: int = 0
    encoding: str | None = None
    notes: tuple[str, ...] = ()


def preflight(path: str | Path, limits: ReadLimits | None = None) -> PreflightResult:
    """Check a vendor file before parsing it; raise :class:`FileRefused` if it must not be parsed.

    Args:
        path: the file to check.
        limits: the limits to apply (defaults when None).

    Returns:
        What the file is and what the user should be told about it.
    """
    limits = limits or ReadLimits()
    file_path = Path(path)
    if not file_path.is_file():
        raise FileRefused(file_path, RefusalCode.MISSING, "the file does not exist")
    size = file_path.stat().st_size
    if size == 0:
        raise FileRefused(file_path, RefusalCode.EMPTY, "the file is empty")
    if size > limits.max_file_bytes:
        raise FileRefused(
            file_path,
            RefusalCode.TOO_BIG,
            f"the file is {format_mib(size)}; the limit is {format_mib(limits.max_file_bytes)}",
        )
    with file_path.open("rb") as handle:
        head = handle.read(PROLOG_BYTES)
    if head.startswith(OLE_MAGIC):
        _refuse_ole(file_path)
    if head.startswith(ZIP_MAGICS):
        return _check_zip(file_path, size, limits)
    if head.lstrip()[:5] == b"%PDF-":
        return PreflightResult(file_path, FileKind.PDF, size)
    return _check_text(file_path, size, head)


# --------------------------------------------------------------------------- OLE2


def _refuse_ole(path: Path) -> None:
    """Name what a compound (OLE2) file is and refuse it: none of them can be imported."""
    names = ole_stream_names(path.read_bytes())
    if {"encryptioninfo", "encryptedpackage"} & names:
        raise FileRefused(
            path,
            RefusalCode.ENCRYPTED,
            "the workbook is password-protected; ask the vendor for a copy without a "
            "password, or open it in Excel and save it without one",
        )
    if {"workbook", "book"} & names:
        raise FileRefused(
            path,
            RefusalCode.LEGACY_XLS,
            "it is an old-format Excel .xls workbook; open it in Excel or LibreOffice and "
            "use Save As › Excel Workbook (.xlsx), then import the .xlsx",
        )
    if "worddocument" in names:
        raise FileRefused(path, RefusalCode.NOT_SPREADSHEET, "it is a Word document")
    raise FileRefused(
        path, RefusalCode.NOT_SPREADSHEET, "it is an Office file of a kind that holds no worksheet"
    )


_FREE_OR_END = 0xFFFFFFFA


def ole_stream_names(data: bytes) -> set[str]:
    """Lower-cased names of the streams and storages in an OLE2 compound file.

    Walks the header's FAT list, the DIFAT chain and the directory chain with every
    loop bounded by the file's own size. If the structure is damaged, falls back to
    looking for the UTF-16 names the callers care about anywhere in the bytes.
    """
    try:
        return _walk_ole_directory(data)
    except (struct.error, ValueError, IndexError):
        wanted = ("EncryptionInfo", "EncryptedPackage", "Workbook", "Book", "WordDocument")
        return {name.lower() for name in wanted if name.encode("utf-16-le") in data}


def _walk_ole_directory(data: bytes) -> set[str]:
    shift = struct.unpack_from("<H", data, 30)[0]
    if shift not in (9, 12):
        raise ValueError("unexpected sector size")
    sector = 1 << shift
    max_sectors = len(data) // sector + 1

    def sector_bytes(number: int) -> bytes:
        start = (number + 1) * sector
        if number > _FREE_OR_END or start + sector > len(data) + sector:
            raise ValueError("sector outside the file")
        return data[start : start + sector]

    fat_sectors = [n for n in struct.unpack_from("<109I", data, 76) if n <= _FREE_OR_END]
    difat = struct.unpack_from("<I", data, 68)[0]
    seen: set[int] = set()
    per_difat = sector // 4 - 1
    while difat <= _FREE_OR_END and difat not in seen and len(seen) < max_sectors:
        seen.add(difat)
        entries = struct.unpack(f"<{per_difat + 1}I", sector_bytes(difat))
        fat_sectors.extend(n for n in entries[:per_difat] if n <= _FREE_OR_END)
        difat = entries[per_difat]
    fat: list[int] = []
    for number in fat_sectors[:max_sectors]:
        fat.extend(struct.unpack(f"<{sector // 4}I", sector_bytes(number)))
    names: set[str] = set()
    current = struct.unpack_from("<I", data, 48)[0]
    visited: set[int] = set()
    while current <= _FREE_OR_END and current not in visited and len(visited) < max_sectors:
        visited.add(current)
        block = sector_bytes(current)
        for offset in range(0, len(block) - 127, 128):
            length = struct.unpack_from("<H", block, offset + 64)[0]
            kind = block[offset + 66]
            if kind in (1, 2, 5) and 2 <= length <= 64:
                raw = block[offset : offset + length - 2]
                names.add(raw.decode("utf-16-le", errors="replace").lower())
        current = fat[current] if current < len(fat) else 0xFFFFFFFE
    if not names:
        raise ValueError("no directory entries")
    return names


# --------------------------------------------------------------------------- ZIP


def _check_zip(path: Path, size: int, limits: ReadLimits) -> PreflightResult:
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
        raise _damaged(path) from exc
    with archive:
        try:
            infos = archive.infolist()
        except (zipfile.BadZipFile, ValueError) as exc:  # pragma: no cover - defensive
            raise _damaged(path) from exc
        names = {info.filename for info in infos}
        lowered = {name.lower() for name in names}
        if len(infos) > limits.max_parts:
            raise FileRefused(
                path,
                RefusalCode.TOO_MANY_PARTS,
                f"it has an unusual number of internal parts ({len(infos):,}; "
                f"the limit is {limits.max_parts:,})",
            )
        kind = _zip_kind(path, archive, lowered)
        total = 0
        for info in infos:
            if info.flag_bits & 0x1:
                raise FileRefused(
                    path,
                    RefusalCode.ENCRYPTED,
                    "the workbook contains encrypted parts; ask the vendor for an unprotected copy",
                )
            if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
                raise FileRefused(
                    path,
                    RefusalCode.UNSUPPORTED_COMPRESSION,
                    f"part {info.filename} uses a compression method spreadsheets do not use",
                )
            total += info.file_size
            if info.file_size > limits.ratio_floor_bytes:
                ratio = info.file_size / max(info.compress_size, 1)
                if ratio > limits.max_ratio:
                    raise FileRefused(
                        path,
                        RefusalCode.ZIP_BOMB,
                        f"part {info.filename} would inflate {ratio:,.0f}:1 to "
                        f"{format_mib(info.file_size)}, which looks like a decompression bomb",
                    )
        if total > limits.max_uncompressed_bytes:
            raise FileRefused(
                path,
                RefusalCode.TOO_BIG_UNCOMPRESSED,
                f"the workbook expands to {format_mib(total)}; the limit is "
                f"{format_mib(limits.max_uncompressed_bytes)}",
            )
        for info in infos:
            if info.filename.lower().endswith((".xml", ".rels")) and info.file_size:
                _check_prolog(path, archive, info)
        notes = _zip_notes(path, lowered, kind)
    return PreflightResult(path, kind, size, uncompressed_bytes=total, notes=notes)


def _damaged(path: Path) -> FileRefused:
    return FileRefused(
        path,
        RefusalCode.DAMAGED,
        "the file is damaged or incomplete (an interrupted download?); ask the vendor to "
        "send it again",
    )


def _zip_kind(path: Path, archive: zipfile.ZipFile, lowered: set[str]) -> FileKind:
    if "mimetype" in lowered:
        try:
            with archive.open("mimetype") as member:
                mimetype = member.read(200).strip()
        except (KeyError, zipfile.BadZipFile, zlib.error, OSError, NotImplementedError):
            mimetype = b""
        if mimetype == ODS_MIMETYPE:
            if "content.xml" not in lowered:
                raise FileRefused(
                    path, RefusalCode.NO_WORKSHEETS, "the spreadsheet has no readable worksheets"
                )
            return FileKind.ODS
        if mimetype.startswith(b"application/vnd.oasis.opendocument"):
            raise FileRefused(
                path,
                RefusalCode.NOT_SPREADSHEET,
                "it is an OpenDocument file but not a spreadsheet",
            )
    if "xl/workbook.bin" in lowered:
        raise FileRefused(
            path,
            RefusalCode.BINARY_WORKBOOK,
            "it is an Excel binary workbook (.xlsb); open it in Excel and use Save As › "
            "Excel Workbook (.xlsx), then import the .xlsx",
        )
    if "[content_types].xml" in lowered and "xl/workbook.xml" in lowered:
        return FileKind.XLSM if "xl/vbaproject.bin" in lowered else FileKind.XLSX
    if "word/document.xml" in lowered:
        raise FileRefused(
            path, RefusalCode.NOT_SPREADSHEET, "it is a Word document, not a workbook"
        )
    if "ppt/presentation.xml" in lowered:
        raise FileRefused(
            path, RefusalCode.NOT_SPREADSHEET, "it is a PowerPoint file, not a workbook"
        )
    raise FileRefused(
        path, RefusalCode.NOT_SPREADSHEET, "it is a ZIP archive but not an Excel workbook"
    )


def _zip_notes(path: Path, lowered: set[str], kind: FileKind) -> tuple[str, ...]:
    notes: list[str] = []
    if kind is FileKind.XLSM or "xl/vbaproject.bin" in lowered:
        notes.append("the workbook contains macros; they are never run and only values are read")
    if any(name.startswith("xl/externallinks/") for name in lowered):
        notes.append(
            "the workbook links to other workbooks; the values last saved in this file are used"
        )
    if any(name.startswith("xl/embeddings/") for name in lowered):
        notes.append("the workbook contains embedded objects; they are ignored")
    suffix = path.suffix.lower()
    if kind.is_workbook and suffix in (".csv", ".tsv", ".txt"):
        notes.append(f"the file is named {suffix} but is a workbook; it was read as a workbook")
    return tuple(notes)


_PROLOG_SKIP = re.compile(rb"\s+|<\?.*?\?>|<!--.*?-->", re.DOTALL)
_START_TAG = re.compile(rb"<[A-Za-z_]")


def _check_prolog(path: Path, archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """Refuse an XML part whose prolog declares a DTD or entities, or is implausibly long."""
    try:
        with archive.open(info) as member:
            head = member.read(PROLOG_BYTES)
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as exc:
        raise _damaged(path) from exc
    except NotImplementedError as exc:
        raise FileRefused(
            path,
            RefusalCode.UNSUPPORTED_COMPRESSION,
            f"part {info.filename} uses a zip feature spreadsheets do not use",
        ) from exc
    if head.startswith((b"\xff\xfe", b"\xfe\xff", b"<\x00", b"\x00<")):
        head = head.decode("utf-16", errors="replace").encode("utf-8", errors="replace")
    elif head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    position = 0
    while position < len(head):
        skipped = _PROLOG_SKIP.match(head, position)
        if skipped:
            position = skipped.end()
            continue
        opening = head[position : position + 9].upper()
        if opening.startswith((b"<!DOCTYPE", b"<!ENTITY")):
            raise FileRefused(
                path,
                RefusalCode.XML_ENTITIES,
                f"part {info.filename} declares XML entities or a DTD, which spreadsheets never "
                "need and which can be used to attack the reader",
            )
        if _START_TAG.match(head, position):
            return
        break
    if len(head) < PROLOG_BYTES and position >= len(head):
        return  # an empty or whitespace-only part: the parser will say what is wrong
    raise FileRefused(
        path,
        RefusalCode.DAMAGED,
        f"part {info.filename} does not start like a spreadsheet part; the file is damaged or "
        "was made to attack the reader",
    )


# --------------------------------------------------------------------------- text

_BINARY_MAGICS: tuple[tuple[bytes, str], ...] = (
    (b"\x89PNG", "it is an image, not a spreadsheet"),
    (b"\xff\xd8\xff", "it is an image, not a spreadsheet"),
    (b"GIF8", "it is an image, not a spreadsheet"),
    (b"\x1f\x8b", "it is a compressed (gzip) file, not a spreadsheet"),
    (b"7z\xbc\xaf", "it is a 7-Zip archive, not a spreadsheet"),
    (b"Rar!", "it is a RAR archive, not a spreadsheet"),
    (b"{\\rtf", "it is a Rich Text document, not a spreadsheet"),
)
_CONTROL = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")


def _check_text(path: Path, size: int, head: bytes) -> PreflightResult:
    for magic, reason in _BINARY_MAGICS:
        if head.startswith(magic):
            raise FileRefused(path, RefusalCode.NOT_SPREADSHEET, reason)
    encoding = sniff_encoding(head, complete=size <= len(head))
    if encoding is None:
        raise FileRefused(
            path,
            RefusalCode.NOT_SPREADSHEET,
            "it is neither an Excel workbook nor a CSV or text file",
        )
    notes: list[str] = []
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm", ".xls", ".ods"):
        notes.append(f"the file is named {suffix} but contains text; it was read as CSV")
    return PreflightResult(path, FileKind.TEXT, size, encoding=encoding, notes=tuple(notes))


def sniff_encoding(head: bytes, *, complete: bool = False) -> str | None:
    """Guess the encoding of a text file from its first bytes.

    Recognises byte-order marks (UTF-8, UTF-16, UTF-32), BOM-less UTF-16 (NUL bytes
    alternating with ASCII), UTF-8, and otherwise Windows-1252. Returns None when the
    bytes look binary.

    Args:
        head: the first bytes of the file.
        complete: True when ``head`` is the whole file (a cut multi-byte character at
            the end is then an error rather than an artefact of cutting).
    """
    if head.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    if head.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "utf-32"
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    sample = head[:4096]
    if len(sample) >= 4:
        even_nuls = sample[0::2].count(0)
        odd_nuls = sample[1::2].count(0)
        half = len(sample) // 2
        if odd_nuls > half * 0.3 and even_nuls < half * 0.05:
            return "utf-16-le"
        if even_nuls > half * 0.3 and odd_nuls < half * 0.05:
            return "utf-16-be"
    controls = len(_CONTROL.findall(sample))
    if controls > max(2, len(sample) // 100):
        return None
    decoder = codecs.getincrementaldecoder("utf-8")()
    try:
        decoder.decode(head, final=complete)
        return "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        head.decode("cp1252")
    except UnicodeDecodeError:
        return None
    return "cp1252"
