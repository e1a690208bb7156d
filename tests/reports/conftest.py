"""Board packs shared by the report tests; rendering is slow, so each is rendered once."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from computescore.reports.excel import render_xlsx
from computescore.reports.model import BoardPack
from computescore.reports.pdf import render_pdf
from tests.fixtures.sample_pack import sample_pack, with_sections_missing


def pdf_text(data: bytes) -> str:
    """All text of a PDF with whitespace collapsed to single spaces."""
    reader = PdfReader(io.BytesIO(data))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages)


def squash(text: str) -> str:
    """Whitespace collapsed to single spaces, as :func:`pdf_text` returns it."""
    return " ".join(text.split())


@pytest.fixture(scope="session")
def pack() -> BoardPack:
    return sample_pack(6, 8)


@pytest.fixture(scope="session")
def hostile_pack() -> BoardPack:
    return sample_pack(12, 6, hostile=True)


@pytest.fixture(scope="session")
def bare_pack(pack: BoardPack) -> BoardPack:
    return with_sections_missing(pack)


@pytest.fixture(scope="session")
def pack_pdf(pack: BoardPack) -> bytes:
    return render_pdf(pack)


@pytest.fixture(scope="session")
def hostile_pdf(hostile_pack: BoardPack) -> bytes:
    return render_pdf(hostile_pack, "letter")


@pytest.fixture(scope="session")
def pack_xlsx(pack: BoardPack) -> bytes:
    return render_xlsx(pack)


@pytest.fixture(scope="session")
def hostile_xlsx(hostile_pack: BoardPack) -> bytes:
    return render_xlsx(hostile_pack)
