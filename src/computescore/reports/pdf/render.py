"""The entry point: a board pack rendered to PDF bytes."""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    NextPageTemplate,
    PageTemplate,
)

from computescore.domain.presentation import presenting
from computescore.errors import UsageError
from computescore.reports.model import (
    BoardPack,
    canonical_json,
    fingerprint,
)
from computescore.reports.pdf.blocks import _Builder
from computescore.reports.pdf.costs import _charts, _tco
from computescore.reports.pdf.energy import _energy, _scaling, _token_api
from computescore.reports.pdf.fonts import _REGULAR, PAPER_SIZES, _register_fonts
from computescore.reports.pdf.front import _cover, _summary
from computescore.reports.pdf.furniture import _body_page, _canvas_class, _cover_page, _Furniture
from computescore.reports.pdf.methodology import _appendix, _methodology
from computescore.reports.pdf.ranking import _ranking
from computescore.reports.pdf.terms import _exit_terms, _findings, _reasoning_appendix
from computescore.reports.safe import clean_text

# --- entry point --------------------------------------------------------------------------


def render_pdf(pack: BoardPack, paper: str = "a4") -> bytes:
    """Render the board pack as PDF bytes.

    Args:
        pack: the frozen data to show.
        paper: ``"a4"`` or ``"letter"``.

    Returns:
        The PDF; identical packs and paper give identical bytes.

    Raises:
        UsageError: ``paper`` is not a known size.
    """
    with presenting(pack.presentation):
        return _render_pdf(pack, paper)


def _render_pdf(pack: BoardPack, paper: str = "a4") -> bytes:
    try:
        page_width, page_height = PAPER_SIZES[paper.lower()]
    except KeyError:
        raise UsageError(f"Unknown paper size {paper!r}: use a4 or letter.") from None
    _register_fonts()
    canonical_json(pack)  # fail early on values that cannot be fingerprinted
    fp = fingerprint(pack)
    margin_x = 18 * mm
    furniture = _Furniture(
        evaluation=pack.meta.evaluation,
        marking=pack.meta.confidentiality,
        generated=pack.meta.generated_on.isoformat(),
        fingerprint=fp,
        page_width=page_width,
        page_height=page_height,
        margin_x=margin_x,
    )
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=(page_width, page_height),
        leftMargin=margin_x,
        rightMargin=margin_x,
        topMargin=20 * mm,
        bottomMargin=19 * mm,
        title=clean_text(f"Board pack: {pack.meta.evaluation}")[:200],
        author=clean_text(pack.meta.prepared_by)[:200],
        subject="Vendor evaluation board pack",
        keywords=f"computescore-fingerprint:{fp}",
        creator="ComputeScore",
        producer="ComputeScore",
        invariant=1,
        pageCompression=1,
        initialFontName=_REGULAR,
        lang="en",
    )
    frame = Frame(
        doc.leftMargin,
        doc.bottomMargin,
        doc.width,
        doc.height,
        id="body",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    cover_frame = Frame(
        doc.leftMargin,
        doc.bottomMargin,
        doc.width,
        page_height - doc.bottomMargin - 14 * mm,
        id="cover",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    doc.addPageTemplates(
        [
            PageTemplate("cover", [cover_frame], onPage=_cover_page(furniture)),
            PageTemplate("body", [frame], onPage=_body_page(furniture)),
        ]
    )
    builder = _Builder(pack, doc.width, doc.height)
    builder.height = doc.height
    cover_builder = _Builder(pack, doc.width, cover_frame._height)
    band_height = page_height * 0.54 - 14 * mm
    _cover(cover_builder, fp, band_height)
    builder.story.extend(cover_builder.story)
    builder.story.append(NextPageTemplate("body"))
    _summary(builder)
    _ranking(builder)
    _charts(builder)
    _tco(builder)
    _findings(builder)
    _exit_terms(builder)
    _energy(builder)
    _scaling(builder)
    _token_api(builder)
    _methodology(builder, fp)
    _reasoning_appendix(builder)
    _appendix(builder)
    doc.build(builder.story, canvasmaker=_canvas_class(furniture))
    return buffer.getvalue()
