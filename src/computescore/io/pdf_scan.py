"""Checks on a PDF's raw bytes before any PDF parser sees them.

Run in the isolated reader process (so its own time and memory limits hold), before
pdfplumber opens the file. It refuses what a vendor quote never needs and a parser
must never be given:

- active content: JavaScript and launch actions (``/JavaScript``, ``/JS``, ``/Launch``,
  also spelt with ``#xx`` escapes or hidden in compressed object streams);
- compression bombs: every Flate stream is inflated in bounded steps and the file is
  refused when one stream or all of them together would inflate past the limits, or
  a large stream inflates more than ``max_ratio`` times;
- objects nested deeper than any real document nests them (parsers recurse on them).

Nothing is inflated beyond the limits: the inflater is asked for at most the bytes
still allowed.
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from pathlib import Path

from computescore.io.preflight import ReadLimits
from computescore.io.refusal import FileRefused, RefusalCode, format_mib

MAX_NESTING = 64
"""Arrays and dictionaries nested deeper than this are refused (real quotes nest < 10)."""

_STREAM = re.compile(rb"(?<!end)stream\r?\n")
_ENDSTREAM = re.compile(rb"endstream")
_NAME = re.compile(rb"/[^\s/<>\[\]()%{}]+")
_ACTIVE = {b"JavaScript": "JavaScript", b"JS": "JavaScript", b"Launch": "a launch action"}
_STEP = 1 << 20
_BRACKET = re.compile(rb"\(|\[|\]|<<|>>")


@dataclass(frozen=True, slots=True)
class PdfScan:
    """What the byte checks found: streams inflated and their total size."""

    streams: int
    inflated_bytes: int


def scan_pdf(path: Path, limits: ReadLimits) -> PdfScan:
    """Refuse a PDF with active content, a compression bomb or absurd nesting.

    Raises:
        FileRefused: naming the file and what was found.
    """
    data = path.read_bytes()
    if b"%PDF-" not in data[:1024]:
        raise FileRefused(path, RefusalCode.DAMAGED, "it does not start like a PDF document")
    _refuse_active(path, data)
    streams = 0
    total = 0
    outside: list[bytes] = []
    position = 0
    for match in _STREAM.finditer(data):
        start = match.end()
        if match.start() < position:  # the word "stream" inside a stream already read
            continue
        outside.append(data[position : match.start()])
        inflated, used = _inflate(path, data, start, limits, limits.max_uncompressed_bytes - total)
        end = _ENDSTREAM.search(data, start + used)
        position = end.end() if end else len(data)
        if inflated is None:
            continue
        streams += 1
        total += len(inflated)
        _refuse_active(path, inflated)
    outside.append(data[position:])
    _refuse_nesting(path, b"".join(outside))
    return PdfScan(streams, total)


def _inflate(
    path: Path, data: bytes, start: int, limits: ReadLimits, allowed: int
) -> tuple[bytes | None, int]:
    """A Flate stream's content (None when it is not Flate) and the bytes it used."""
    inflater = zlib.decompressobj()
    pieces: list[bytes] = []
    size = 0
    used = 0
    cap = min(allowed, limits.max_uncompressed_bytes)
    pending = data[start : start + _STEP]
    offset = start + len(pending)
    try:
        while True:
            piece = inflater.decompress(pending, max(1, min(_STEP, cap - size + 1)))
            used = offset - start - len(inflater.unused_data) - len(inflater.unconsumed_tail)
            size += len(piece)
            pieces.append(piece)
            if size > cap:
                raise FileRefused(
                    path,
                    RefusalCode.ZIP_BOMB,
                    "the PDF's compressed content would inflate past "
                    f"{format_mib(limits.max_uncompressed_bytes)} (a compression bomb)",
                )
            if inflater.eof:
                break
            if inflater.unconsumed_tail:
                pending = inflater.unconsumed_tail
            elif offset < len(data):
                pending = data[offset : offset + _STEP]
                offset += len(pending)
            else:
                break
    except zlib.error:
        return (None, 0) if size == 0 else (b"".join(pieces), used)
    if size > limits.ratio_floor_bytes and size > limits.max_ratio * max(used, 1):
        raise FileRefused(
            path,
            RefusalCode.ZIP_BOMB,
            f"one of the PDF's streams inflates {size // max(used, 1):,} times "
            "(a compression bomb)",
        )
    return b"".join(pieces), used


def _refuse_active(path: Path, data: bytes) -> None:
    for needle, what in _ACTIVE.items():
        if re.search(rb"/" + needle + rb"(?=[\s/<>\[\]()%{}]|$)", data):
            _refuse_active_content(path, what)
    if b"#" in data:
        for match in _NAME.finditer(data):
            name = match.group()[1:]
            if b"#" in name and _unescape(name) in _ACTIVE:
                _refuse_active_content(path, _ACTIVE[_unescape(name)])


def _refuse_active_content(path: Path, what: str) -> None:
    raise FileRefused(
        path,
        RefusalCode.ACTIVE_CONTENT,
        f"the PDF contains {what}, which a quote never needs; ask the vendor for a plain "
        "PDF or the spreadsheet",
    )


def _unescape(name: bytes) -> bytes:
    return re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), name)


def _refuse_nesting(path: Path, data: bytes) -> None:
    """Refuse arrays or dictionaries nested deeper than :data:`MAX_NESTING`.

    Literal strings are skipped (brackets inside them are text); hex strings and
    dictionaries both start with ``<``, told apart by the second character.
    """
    depth = 0
    index = 0
    while (match := _BRACKET.search(data, index)) is not None:
        token = match.group()
        if token == b"(":  # a literal string, with nesting and escapes
            index = _string_end(data, match.start())
            continue
        index = match.end()
        if token in (b"[", b"<<"):
            depth += 1
            if depth > MAX_NESTING:
                raise FileRefused(
                    path,
                    RefusalCode.NESTED_TOO_DEEP,
                    f"the PDF nests objects more than {MAX_NESTING} deep, which real "
                    "documents never do",
                )
        else:
            depth = max(depth - 1, 0)


def _string_end(data: bytes, start: int) -> int:
    depth = 0
    index = start
    while index < len(data):
        byte = data[index]
        if byte == 0x5C:  # backslash escapes the next byte
            index += 2
            continue
        if byte == 0x28:
            depth += 1
        elif byte == 0x29:
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return index
