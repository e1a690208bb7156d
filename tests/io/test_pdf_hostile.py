"""PDFs that must not be read: scans, active content, bombs, absurd nesting, too many pages.

Each is built here as real bytes (reportlab, or written by hand where a generator would
refuse to produce it) and goes through :func:`read_file` like any vendor file: the
refusal is one sentence naming the file, and the parsing process is gone.
"""

from __future__ import annotations

import time
import zlib
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from computescore.io.isolated import read_file
from computescore.io.pdf_scan import MAX_NESTING, scan_pdf
from computescore.io.preflight import FileKind, ReadLimits, preflight
from computescore.io.refusal import FileRefused, RefusalCode
from tests.fixtures import hostile_pdf
from tests.fixtures.hostile_pdf import PAGE_TREE, handmade_pdf

SMALL = ReadLimits(timeout_s=20.0)


def refused(path: Path, limits: ReadLimits = SMALL) -> FileRefused:
    started = time.monotonic()
    with pytest.raises(FileRefused) as caught:
        read_file(path, limits)
    assert time.monotonic() - started < limits.timeout_s
    error = caught.value
    assert path.name in str(error)
    assert error.exit_code == 3
    return error


def test_a_hand_made_pdf_is_a_pdf(tmp_path: Path) -> None:
    path = hostile_pdf.blank_scan_pdf(tmp_path)
    assert preflight(path).kind is FileKind.PDF
    # No text at all: refused as a scan, not as damaged.
    assert refused(path).code is RefusalCode.SCANNED_PDF


def test_a_scanned_quote_is_refused_with_what_to_ask_for(tmp_path: Path) -> None:
    image = Image.new("RGB", (400, 300), "white")
    for x in range(40, 360):
        image.putpixel((x, 150), (0, 0, 0))
    path = tmp_path / "scanned quote.pdf"
    canvas = Canvas(str(path), pagesize=A4, invariant=1)
    canvas.drawImage(ImageReader(image), 50, 400, width=400, height=300)
    canvas.showPage()
    canvas.save()
    error = refused(path)
    assert error.code is RefusalCode.SCANNED_PDF
    assert "this PDF is a scan" in str(error)
    assert "ask the vendor for the spreadsheet or a text PDF" in str(error)
    assert "only images" in str(error)


@pytest.mark.parametrize(
    "action",
    [
        b"<< /S /JavaScript /JS (app.alert\\(1\\)) >>",
        b"<< /S /Java#53cript /J#53 (app.alert\\(1\\)) >>",
        b"<< /S /Launch /F (calc.exe) >>",
    ],
    ids=["javascript", "escaped-name", "launch"],
)
def test_active_content_is_refused(tmp_path: Path, action: bytes) -> None:
    catalog = b"<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>"
    path = tmp_path / "quote.pdf"
    path.write_bytes(handmade_pdf(catalog, *PAGE_TREE[1:], action))
    error = refused(path)
    assert error.code is RefusalCode.ACTIVE_CONTENT
    assert "which a quote never needs" in str(error)


def test_javascript_hidden_in_a_compressed_object_stream_is_refused(tmp_path: Path) -> None:
    hidden = zlib.compress(b"4 0 << /S /JavaScript /JS (app.alert\\(1\\)) >>")
    stream = b"<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length %d >>\nstream\n" % len(
        hidden
    )
    path = tmp_path / "quote.pdf"
    path.write_bytes(handmade_pdf(*PAGE_TREE, stream + hidden + b"\nendstream"))
    assert refused(path).code is RefusalCode.ACTIVE_CONTENT


def test_a_compression_bomb_is_refused_before_the_parser_inflates_it(tmp_path: Path) -> None:
    error = refused(hostile_pdf.flate_bomb_pdf(tmp_path))  # 64 MiB of zeros in about 64 KiB
    assert error.code is RefusalCode.ZIP_BOMB
    assert "compression bomb" in str(error)


def test_streams_that_together_inflate_past_the_limit_are_refused(tmp_path: Path) -> None:
    # Each stream compresses modestly (random-looking text), but together they pass
    # the limit set for this test.
    chunk = bytes((n * 7919) % 251 for n in range(300_000))
    packed = zlib.compress(chunk)
    streams = [
        b"<< /Filter /FlateDecode /Length %d >>\nstream\n" % len(packed) + packed + b"\nendstream"
        for _ in range(4)
    ]
    path = tmp_path / "quote.pdf"
    path.write_bytes(handmade_pdf(*PAGE_TREE, *streams))
    limits = ReadLimits(timeout_s=20.0, max_uncompressed_bytes=1 << 20)
    assert refused(path, limits).code is RefusalCode.ZIP_BOMB


def test_objects_nested_absurdly_deep_are_refused(tmp_path: Path) -> None:
    error = refused(hostile_pdf.deep_nesting_pdf(tmp_path))
    assert error.code is RefusalCode.NESTED_TOO_DEEP
    assert str(MAX_NESTING) in str(error)


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    text = b"(" + b"[" * 500 + b"\\) << (" + b")" * 1 + b")"
    path = tmp_path / "strings.pdf"
    path.write_bytes(handmade_pdf(*PAGE_TREE, text))
    scan = scan_pdf(path, SMALL)
    assert scan.streams == 0


def test_a_page_tree_that_claims_a_million_pages_is_refused(tmp_path: Path) -> None:
    error = refused(hostile_pdf.million_pages_pdf(tmp_path))
    assert error.code is RefusalCode.TOO_MANY_PAGES
    assert "1,000,000 pages" in str(error)


def test_more_pages_than_the_limit_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.pdf"
    canvas = Canvas(str(path), pagesize=A4, invariant=1)
    for number in range(7):
        canvas.drawString(72, 720, f"Page {number + 1}")
        canvas.showPage()
    canvas.save()
    error = refused(path, ReadLimits(timeout_s=20.0, max_pages=6))
    assert error.code is RefusalCode.TOO_MANY_PAGES
    assert "7 pages" in str(error)


def test_a_password_protected_pdf_is_refused(tmp_path: Path) -> None:
    from reportlab.lib.pdfencrypt import StandardEncryption

    path = tmp_path / "locked.pdf"
    canvas = Canvas(
        str(path), pagesize=A4, encrypt=StandardEncryption("secret", "owner-secret"), invariant=1
    )
    canvas.drawString(72, 720, "Price per GPU-hour 2.49")
    canvas.showPage()
    canvas.save()
    error = refused(path)
    assert error.code is RefusalCode.ENCRYPTED
    assert "password-protected" in str(error)


def test_a_truncated_pdf_is_refused_as_damaged(tmp_path: Path) -> None:
    source = Path(__file__).parent / "pdf_quotes" / "files" / "gpu_cloud_ruled_grid.pdf"
    path = tmp_path / "cut.pdf"
    path.write_bytes(source.read_bytes()[:600])
    error = refused(path)
    assert error.code is RefusalCode.DAMAGED
    assert "damaged or incomplete" in str(error)
