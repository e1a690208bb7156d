"""The board pack as a PDF (reportlab platypus), A4 or Letter.

:func:`render_pdf` turns a frozen :class:`~computescore.reports.model.BoardPack`
into bytes. Identical packs give identical bytes (reportlab's invariant mode fixes
the document id, the creation date is the day the pack was generated, and charts are
rendered deterministically), and
every page carries the pack's fingerprint.

Every piece of text that did not come from this module reaches a ``Paragraph``
through :func:`computescore.reports.safe.pdf_text`, which escapes markup and
switches to the CJK face for characters the body face lacks.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepInFrame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from computescore.domain.figures import Input, format_number, format_usd
from computescore.domain.findings import Finding, FindingSeverity
from computescore.domain.weights import weights_origin
from computescore.errors import UsageError
from computescore.reports import charts, theme
from computescore.reports.model import (
    AXES,
    AXIS_TITLES,
    BoardPack,
    QuoteExit,
    QuoteTco,
    Ranking,
    canonical_json,
    fingerprint,
)
from computescore.reports.safe import clean_text, clip, pdf_text
from computescore.vocabulary import ABSENT, GLOSSARY
from computescore.wording import plural

PAPER_SIZES = {"a4": A4, "letter": LETTER}

CHART_DPI = 150
"""Resolution of chart images; 150 dpi prints cleanly at the chart sizes used."""

NAME_LIMIT = 300
"""Characters of a vendor name shown in a PDF table cell; the workbook has the full text."""

TEXT_LIMIT = 900
"""Characters of a description or note shown in a PDF table cell."""

# Untrusted content must never make reportlab fetch anything.
rl_config.trustedHosts = []
# Binary streams: ASCII85 would make chart images 25 % larger and is slow in pure Python.
rl_config.useA85 = 0

_REGULAR = "CS-Sans"
_BOLD = "CS-Sans-Bold"
_ITALIC = "CS-Sans-Italic"
_BOLD_ITALIC = "CS-Sans-BoldItalic"
_CJK = "CS-CJK"


def prepare_fonts() -> None:
    """Parse and register the embedded fonts now (once per process).

    The desktop app calls this on its own thread before rendering in the background,
    so the fonts are never parsed while the GUI thread is drawing.
    """
    _register_fonts()


@cache
def _register_fonts() -> frozenset[int]:
    """Register the embedded faces once; returns the code points the body face covers."""
    faces = {
        _REGULAR: "regular",
        _BOLD: "bold",
        _ITALIC: "italic",
        _BOLD_ITALIC: "bold_italic",
        _CJK: "cjk",
    }
    for name, role in faces.items():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(theme.font_bytes(role))))
    pdfmetrics.registerFontFamily(
        _REGULAR, normal=_REGULAR, bold=_BOLD, italic=_ITALIC, boldItalic=_BOLD_ITALIC
    )
    pdfmetrics.registerFontFamily(_CJK, normal=_CJK, bold=_CJK, italic=_CJK, boldItalic=_CJK)
    return frozenset(pdfmetrics.getFont(_REGULAR).face.charToGlyph)


def _covered(char: str) -> bool:
    return ord(char) in _register_fonts()


def t(value: object, limit: int | None = None) -> str:
    """Untrusted text as safe paragraph markup (optionally clipped to ``limit`` characters)."""
    text = clip(value, limit) if limit is not None else value
    return pdf_text(text, _covered, _CJK)


# --- styles ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Styles:
    body: ParagraphStyle
    small: ParagraphStyle
    muted: ParagraphStyle
    absent: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    cell_num: ParagraphStyle
    cell_num_bold: ParagraphStyle
    head: ParagraphStyle
    head_num: ParagraphStyle
    head_small: ParagraphStyle
    head_small_num: ParagraphStyle
    tiny: ParagraphStyle
    cover_kicker: ParagraphStyle
    cover_title: ParagraphStyle
    cover_sub: ParagraphStyle
    callout: ParagraphStyle
    tile_label: ParagraphStyle
    tile_value: ParagraphStyle
    tile_note: ParagraphStyle
    caption: ParagraphStyle


@cache
def _styles() -> _Styles:
    _register_fonts()
    ink = colors.HexColor(theme.INK)
    muted = colors.HexColor(theme.MUTED)
    base = ParagraphStyle(
        "body", fontName=_REGULAR, fontSize=theme.BASE_FONT_SIZE, leading=12.5, textColor=ink
    )

    def derive(name: str, **kw: Any) -> ParagraphStyle:
        return ParagraphStyle(name, parent=base, **kw)

    cell = derive("cell", fontSize=7.5, leading=9.4)
    return _Styles(
        body=derive("body2", spaceAfter=5),
        small=derive("small", fontSize=8, leading=10.5),
        muted=derive("muted", fontSize=8, leading=10.5, textColor=muted),
        absent=derive(
            "absent", fontName=_ITALIC, fontSize=9, textColor=muted, spaceBefore=2, spaceAfter=6
        ),
        h1=derive(
            "h1",
            fontName=_BOLD,
            fontSize=17,
            leading=21,
            spaceAfter=4,
            textColor=colors.HexColor(theme.HEADER_FILL),
            keepWithNext=1,
        ),
        h2=derive(
            "h2",
            fontName=_BOLD,
            fontSize=11.5,
            leading=15,
            spaceBefore=10,
            spaceAfter=4,
            keepWithNext=1,
        ),
        h3=derive(
            "h3",
            fontName=_BOLD,
            fontSize=9.5,
            leading=12.5,
            spaceBefore=6,
            spaceAfter=3,
            keepWithNext=1,
            textColor=colors.HexColor(theme.ACCENT),
        ),
        cell=cell,
        cell_bold=ParagraphStyle("cell_bold", parent=cell, fontName=_BOLD),
        cell_num=ParagraphStyle("cell_num", parent=cell, alignment=TA_RIGHT),
        cell_num_bold=ParagraphStyle(
            "cell_num_bold", parent=cell, alignment=TA_RIGHT, fontName=_BOLD
        ),
        head=ParagraphStyle("head", parent=cell, fontName=_BOLD, textColor=colors.white),
        head_num=ParagraphStyle(
            "head_num", parent=cell, fontName=_BOLD, textColor=colors.white, alignment=TA_RIGHT
        ),
        head_small=ParagraphStyle(
            "head_small",
            parent=cell,
            fontName=_BOLD,
            fontSize=6.4,
            leading=8.2,
            textColor=colors.white,
        ),
        head_small_num=ParagraphStyle(
            "head_small_num",
            parent=cell,
            fontName=_BOLD,
            fontSize=6.4,
            leading=8.2,
            textColor=colors.white,
            alignment=TA_RIGHT,
        ),
        tiny=derive("tiny", fontSize=6.6, leading=8.2),
        cover_kicker=derive(
            "cover_kicker",
            fontName=_BOLD,
            fontSize=9,
            leading=12,
            textColor=colors.HexColor("#A9C6E0"),
        ),
        cover_title=derive(
            "cover_title",
            fontName=_BOLD,
            fontSize=28,
            leading=33,
            textColor=colors.white,
            spaceBefore=8,
            spaceAfter=10,
        ),
        cover_sub=derive(
            "cover_sub", fontSize=11, leading=15, textColor=colors.HexColor("#DDE7F0")
        ),
        callout=derive("callout", fontName=_BOLD, fontSize=12, leading=16.5, textColor=ink),
        tile_label=derive("tile_label", fontSize=7, leading=9, textColor=muted),
        tile_value=derive(
            "tile_value",
            fontName=_BOLD,
            fontSize=15,
            leading=18,
            textColor=colors.HexColor(theme.ACCENT),
        ),
        tile_note=derive("tile_note", fontSize=7, leading=9, textColor=muted),
        caption=derive("caption", fontSize=7.5, leading=10, textColor=muted, spaceAfter=10),
    )


# --- page furniture --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Furniture:
    evaluation: str
    marking: str
    generated: str
    fingerprint: str
    page_width: float
    page_height: float
    margin_x: float


def _canvas_class(furniture: _Furniture) -> type[Canvas]:
    """A canvas that draws "Page n of N" once the page count is known."""

    class NumberedCanvas(Canvas):  # type: ignore[misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._page_states: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._page_states.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._page_states)
            for state in self._page_states:
                self.__dict__.update(state)
                self._draw_number(total)
                super().showPage()
            super().save()

        def _draw_number(self, total: int) -> None:
            self.saveState()
            self.setFont(_REGULAR, 7)
            self.setFillColor(colors.HexColor(theme.MUTED))
            self.drawRightString(
                furniture.page_width - furniture.margin_x,
                11 * mm,
                f"Page {self._pageNumber} of {total}",
            )
            self.restoreState()

    return NumberedCanvas


def _draw_text_fitting(
    canvas: Canvas, text: str, x: float, y: float, width: float, right: bool = False
) -> None:
    """Draw one line of user text, shortened to ``width`` points, in the right face per run."""
    text = " ".join(clean_text(text).split())
    size = 7.0
    while text and _text_width(text, size) > width:
        text = text[: max(len(text) - 4, 0)] + "…" if len(text) > 4 else ""
        text = text.replace("……", "…")
    total = _text_width(text, size)
    cursor = x - total if right else x
    for run, face in _runs(text):
        canvas.setFont(face, size)
        canvas.drawString(cursor, y, run)
        cursor += pdfmetrics.stringWidth(run, face, size)


def _runs(text: str) -> Iterable[tuple[str, str]]:
    current = ""
    face = _REGULAR
    for char in text:
        want = _REGULAR if char.isascii() or _covered(char) else _CJK
        if want != face and current:
            yield current, face
            current = ""
        face = want
        current += char
    if current:
        yield current, face


def _text_width(text: str, size: float) -> float:
    return sum(pdfmetrics.stringWidth(run, face, size) for run, face in _runs(text))


def _body_page(furniture: _Furniture) -> Callable[[Canvas, BaseDocTemplate], None]:
    def draw(canvas: Canvas, _doc: BaseDocTemplate) -> None:
        w, h, mx = furniture.page_width, furniture.page_height, furniture.margin_x
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(theme.MUTED))
        half = (w - 2 * mx) / 2 - 6
        _draw_text_fitting(canvas, furniture.evaluation, mx, h - 12 * mm, half)
        canvas.setFillColor(colors.HexColor(theme.KNOCKOUT))
        _draw_text_fitting(canvas, furniture.marking.upper(), w - mx, h - 12 * mm, half, True)
        canvas.setStrokeColor(colors.HexColor(theme.RULE))
        canvas.setLineWidth(0.5)
        canvas.line(mx, h - 13.8 * mm, w - mx, h - 13.8 * mm)
        canvas.line(mx, 14.5 * mm, w - mx, 14.5 * mm)
        canvas.setFillColor(colors.HexColor(theme.MUTED))
        canvas.setFont(_REGULAR, 7)
        canvas.drawString(
            mx,
            11 * mm,
            f"Generated {furniture.generated}  ·  "
            f"Fingerprint SHA-256 {furniture.fingerprint[:16]}…",
        )
        canvas.restoreState()

    return draw


def _cover_page(furniture: _Furniture) -> Callable[[Canvas, BaseDocTemplate], None]:
    stamp = "D:" + furniture.generated.replace("-", "") + "000000+00'00'"

    def draw(canvas: Canvas, _doc: BaseDocTemplate) -> None:
        # The document's creation and modification dates are the day the pack was
        # generated (invariant mode would write 2000-01-01), so identical packs still
        # give identical bytes.
        canvas.setDateFormatter(lambda *_: stamp)
        w, h = furniture.page_width, furniture.page_height
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(theme.HEADER_FILL))
        canvas.rect(0, h * 0.46, w, h * 0.54, stroke=0, fill=1)
        canvas.setFillColor(colors.HexColor(theme.ACCENT))
        canvas.rect(0, h * 0.46 - 5, w, 5, stroke=0, fill=1)
        canvas.setFillColor(colors.HexColor(theme.MUTED))
        canvas.setFont(_REGULAR, 7)
        canvas.drawString(
            furniture.margin_x,
            11 * mm,
            f"Generated {furniture.generated}",
        )
        canvas.restoreState()

    return draw


# --- building blocks ---------------------------------------------------------------------


def _table_style(commands: Sequence[tuple[Any, ...]]) -> TableStyle:
    """A table style whose cells use the embedded face (reportlab defaults to Helvetica)."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), _REGULAR), *commands])


class _Bookmark(Flowable):  # type: ignore[misc]
    """An invisible flowable that adds a PDF outline entry where it lands."""

    def __init__(self, title: str, key: str, level: int = 0) -> None:
        super().__init__()
        self.title = " ".join(clean_text(title).split())[:120]
        self.key = key
        self.level = level
        self.width = self.height = 0

    def draw(self) -> None:
        self.canv.bookmarkPage(self.key)
        self.canv.addOutlineEntry(self.title, self.key, self.level, closed=True)


class _Builder:
    """Collects the flowables of one pack."""

    def __init__(self, pack: BoardPack, frame_width: float, frame_height: float) -> None:
        self.pack = pack
        self.width = frame_width
        self.height = frame_height
        self.s = _styles()
        self.story: list[Flowable] = []
        self._keys = 0

    # helpers
    def p(self, markup: str, style: ParagraphStyle | None = None) -> Paragraph:
        return Paragraph(markup, style or self.s.body)

    def section(self, title: str, *, new_page: bool = True) -> None:
        if new_page:
            self.story.append(PageBreak())
        self._keys += 1
        self.story.append(_Bookmark(title, f"s{self._keys}"))
        self.story.append(self.p(title, self.s.h1))
        self.story.append(_Rule(self.width, theme.ACCENT, 1.4, space_after=8))

    def sub(self, title_markup: str, bookmark: str | None = None) -> None:
        if bookmark is not None:
            self._keys += 1
            self.story.append(_Bookmark(bookmark, f"s{self._keys}", 1))
        self.story.append(self.p(title_markup, self.s.h2))

    def absent(self, sentence: str) -> None:
        self.story.append(self.p(sentence, self.s.absent))

    def table(
        self,
        header: Sequence[str],
        rows: Sequence[Sequence[Flowable | str]],
        fractions: Sequence[float],
        *,
        numeric: Sequence[int] = (),
        extra: Sequence[tuple[Any, ...]] = (),
        total_row: bool = False,
        compact_head: bool = False,
    ) -> Table:
        """A full-width table: header repeated on every page, banded rows, wrapped cells."""
        s = self.s
        plain, right = (s.head_small, s.head_small_num) if compact_head else (s.head, s.head_num)
        head = [
            self.p(text, right if index in numeric else plain) for index, text in enumerate(header)
        ]
        body = [
            [cell if isinstance(cell, Flowable) else self.p(cell, s.cell) for cell in row]
            for row in rows
        ]
        widths = [self.width * f / sum(fractions) for f in fractions]
        table = Table([head, *body], colWidths=widths, repeatRows=1, splitByRow=1)
        commands: list[tuple[Any, ...]] = [
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(theme.HEADER_FILL)),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.HexColor(theme.RULE)),
        ]
        if len(body) > 1:
            commands.append(
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor(theme.BAND)])
            )
        if total_row and body:
            commands.append(("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.HexColor(theme.INK)))
            commands.append(("BACKGROUND", (0, -1), (-1, -1), colors.white))
        commands.extend(extra)
        table.setStyle(_table_style(commands))
        return table

    def num(self, text: str, bold: bool = False) -> Paragraph:
        return self.p(text, self.s.cell_num_bold if bold else self.s.cell_num)

    def cell(self, markup: str, bold: bool = False) -> Paragraph:
        return self.p(markup, self.s.cell_bold if bold else self.s.cell)

    def chart(self, figure: Any, caption: str) -> None:
        image = charts.figure_image(figure, CHART_DPI)
        width = self.width
        height = width * image.height / image.width
        if height > self.height * 0.92:
            height = self.height * 0.92
            width = height * image.width / image.height
        self.story.append(
            KeepTogether(
                [
                    _Picture(ImageReader(image), width, height),
                    self.p(caption, self.s.caption),
                ]
            )
        )


class _Picture(Flowable):  # type: ignore[misc]
    """A raster image drawn at a fixed size (charts come from memory, not files)."""

    def __init__(self, image: ImageReader, width: float, height: float) -> None:
        super().__init__()
        self.image = image
        self.width = width
        self.height = height

    def draw(self) -> None:
        self.canv.drawImage(self.image, 0, 0, self.width, self.height)


class _Rule(Flowable):  # type: ignore[misc]
    """A horizontal coloured rule."""

    def __init__(self, width: float, colour: str, thickness: float, space_after: float) -> None:
        super().__init__()
        self.width = width
        self.colour = colour
        self.thickness = thickness
        self.space_after = space_after
        self.height = thickness + space_after

    def draw(self) -> None:
        self.canv.setStrokeColor(colors.HexColor(self.colour))
        self.canv.setLineWidth(self.thickness)
        self.canv.line(0, self.space_after, self.width, self.space_after)


# --- sections -----------------------------------------------------------------------------


def _cover(b: _Builder, fp: str, band_height: float) -> None:
    s, meta = b.s, b.pack.meta
    top: list[Flowable] = [b.p("VENDOR EVALUATION  ·  BOARD PACK", s.cover_kicker)]
    top.append(b.p(t(meta.evaluation, 160), s.cover_title))
    if meta.description:
        top.append(b.p(t(meta.description, 400), s.cover_sub))
    block = Table(
        [[KeepInFrame(b.width, band_height - 24, top, mode="shrink")]],
        colWidths=[b.width],
        rowHeights=[band_height],
    )
    block.setStyle(
        _table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 26),
            ]
        )
    )
    b.story.append(block)
    b.story.append(Spacer(1, 26))
    rows = [
        ("Decision date", meta.decision_date.isoformat()),
        ("Prepared by", meta.prepared_by or "—"),
        ("For", meta.end_user or "—"),
        ("Generated", meta.generated_on.isoformat()),
        ("Confidentiality", meta.confidentiality or "—"),
        ("Fingerprint (SHA-256 of the inputs)", fp),
    ]
    data = [[b.p(label, s.muted), b.p(t(value, 300), s.small)] for label, value in rows]
    table = Table(data, colWidths=[b.width * 0.3, b.width * 0.7])
    table.setStyle(
        _table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor(theme.RULE)),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    b.story.append(table)
    if meta.workloads:
        b.story.append(Spacer(1, 8))
        b.story.append(b.p("Workloads", s.muted))
        for line in meta.workloads:
            b.story.append(b.p("• " + t(line, 300), s.small))
    b.story.append(Spacer(1, 10))
    b.story.append(
        b.p(
            "Prices are as quoted; modelled figures (TCO, scores, simulations) are estimates "
            "rounded for presentation. Export-control findings are advisory: the final "
            "classification is the exporter's and legal review is required.",
            s.muted,
        )
    )


def _summary(b: _Builder) -> None:
    pack, s = b.pack, b.s
    ranking = pack.ranking
    leader = ranking.leader if ranking else None
    runner = ranking.runner_up if ranking else None
    lead_tco = pack.tco_for(leader.quote_key) if leader else None
    parts: list[Flowable] = []

    recommendation = pack.recommendation or (
        "No recommendation: the scorecard has not been computed for this evaluation."
    )
    callout = Table(
        [[b.p(t(recommendation, 700), s.callout)]],
        colWidths=[b.width],
    )
    callout.setStyle(
        _table_style(
            [
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(theme.BAND)),
                ("LINEBEFORE", (0, 0), (0, -1), 4, colors.HexColor(theme.ACCENT)),
                ("LEFTPADDING", (0, 0), (-1, -1), 12),
                ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                ("TOPPADDING", (0, 0), (-1, -1), 9),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 10),
            ]
        )
    )
    parts += [b.p("Recommendation", s.h2), callout, Spacer(1, 10)]

    open_findings = pack.open_findings()
    knockouts = [f for f in open_findings if f.severity is FindingSeverity.KNOCKOUT]
    tiles = [
        (
            "Leader",
            t(leader.vendor, 60) if leader else "—",
            t(leader.quote_ref, 60) if leader else "no quote survived the knock-outs",
        ),
        (
            "Margin over runner-up",
            f"{ranking.margin_points:.1f} pts"
            if ranking and ranking.margin_points is not None
            else "—",
            ("ahead of " + t(runner.vendor, 50)) if runner else "no runner-up",
        ),
        (
            "Total cost of the recommended option",
            format_usd(lead_tco.total_usd) if lead_tco else "—",
            f"over {lead_tco.horizon_months} months" if lead_tco else "TCO not computed",
        ),
        (
            "Open compliance findings",
            str(len(open_findings)) if pack.findings is not None else "—",
            plural(len(knockouts), "knock-out") if pack.findings is not None else "checks not run",
        ),
    ]
    tile_cells = [
        [b.p(label, s.tile_label), b.p(value, s.tile_value), b.p(note, s.tile_note)]
        for label, value, note in tiles
    ]
    tile_table = Table([tile_cells], colWidths=[b.width / 4] * 4)
    tile_table.setStyle(
        _table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEABOVE", (0, 0), (-1, 0), 2, colors.HexColor(theme.HEADER_FILL)),
                ("LINEAFTER", (0, 0), (-2, -1), 0.4, colors.HexColor(theme.RULE)),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    parts += [tile_table, Spacer(1, 12)]

    parts.append(b.p("How robust is the ranking?", s.h2))
    if ranking is None:
        parts.append(b.p(ABSENT["scorecard"], s.absent))
    else:
        parts.append(b.p(t(ranking.robustness or _robustness_sentence(ranking), 600), s.body))

    parts.append(b.p("Top risks", s.h2))
    if pack.risks:
        for number, risk in enumerate(pack.risks[:3], start=1):
            parts.append(b.p(f"<b>{number}.</b> {t(risk, 500)}", s.body))
    else:
        parts.append(b.p(ABSENT["risks"], s.absent))

    parts.append(b.p("Open compliance findings", s.h2))
    if pack.findings is None:
        parts.append(b.p(ABSENT["compliance"], s.absent))
    elif not open_findings:
        parts.append(b.p(ABSENT["open_findings"], s.absent))
    else:
        shown = open_findings[:8]
        rows = [
            [
                b.cell(t(pack.quote_label(f.quote_key), 120)),
                _severity_cell(b, f.severity),
                b.cell(t(f.title, 240)),
            ]
            for f in shown
        ]
        parts.append(b.table(["Quote", "Severity", "Finding"], rows, [0.38, 0.12, 0.5]))
        if len(open_findings) > len(shown):
            parts.append(
                b.p(
                    f"… and {len(open_findings) - len(shown)} more in "
                    "“Compliance and export-control findings”.",
                    s.muted,
                )
            )
    b.section("Executive summary")
    b.story.append(KeepInFrame(b.width, b.height - 40, parts, mode="shrink"))


def _robustness_sentence(ranking: Ranking) -> str:
    if not ranking.flips:
        return "No change of a single weight between 0 % and 100 % changes the leader."
    flip = ranking.flips[0]
    return (
        f"The smallest single-weight change that changes the leader moves {flip.axis} from "
        f"{flip.weight_from:.0%} to {flip.weight_to:.0%}, favouring {flip.new_leader}."
    )


def _severity_cell(b: _Builder, severity: FindingSeverity) -> Paragraph:
    colour = theme.SEVERITY_COLOURS.get(severity.value, theme.MUTED)
    label = {"knockout": "Knock-out", "warning": "Warning", "info": "Info"}[severity.value]
    return b.p(f'<font color="{colour}"><b>{label}</b></font>', b.s.cell)


def _ranking(b: _Builder) -> None:
    s, ranking = b.s, b.pack.ranking
    b.section("Ranking")
    if ranking is None:
        b.absent(ABSENT["scorecard"])
        return
    b.story.append(
        b.p(
            "Each quote is scored 0–100 on five axes; the weighted total is Σ weight × score "
            f"with the weights below ({t(ranking.preset or 'custom weights')}). How each "
            "metric maps to 0–100 is set out under “Methodology and assumptions”.",
            s.body,
        )
    )
    header = (
        ["Rank", "Quote"]
        + [f"{AXIS_TITLES[a]}<br/>{ranking.weight(a):.0%}" for a in AXES]
        + ["Weighted<br/>total"]
    )
    rows: list[list[Flowable | str]] = []
    extra: list[tuple[Any, ...]] = []
    flagged = False
    for index, row in enumerate(ranking.rows, start=1):
        cells: list[Flowable | str] = [
            b.num("KO" if row.knocked_out else str(row.rank or "—"), bold=True),
            b.cell(t(row.label, NAME_LIMIT), bold=row.rank == 1),
        ]
        for axis in AXES:
            score = next(item for item in row.scores if item.axis == axis)
            mark = "*" if score.flags else ""
            flagged = flagged or bool(score.flags)
            cells.append(b.num(f"{score.score:.1f}{mark}"))
        cells.append(b.num(f"{row.weighted_total:.1f}", bold=True))
        rows.append(cells)
        if row.knocked_out:
            extra.append(("BACKGROUND", (0, index), (-1, index), colors.HexColor("#FBEAEA")))
        elif row.rank == 1:
            extra.append(("BACKGROUND", (0, index), (-1, index), colors.HexColor("#E3F0F7")))
    b.story.append(
        b.table(
            header,
            rows,
            [0.06, 0.265, 0.115, 0.115, 0.115, 0.115, 0.115, 0.1],
            numeric=(0, 2, 3, 4, 5, 6, 7),
            extra=extra,
            compact_head=True,
        )
    )
    notes = []
    if flagged:
        notes.append("* score rests on unmeasured, missing or partial data (see explanations).")
    notes.append("KO: knocked out by a must-have; not ranked.")
    b.story.append(b.p(" ".join(notes), s.caption))

    b.sub("Margin and robustness")
    margin = (
        f"The leader is ahead by <b>{ranking.margin_points:.1f} points</b>. "
        if ranking.margin_points is not None
        else ""
    )
    b.story.append(b.p(margin + t(ranking.robustness or _robustness_sentence(ranking)), s.body))
    if ranking.flips:
        flip_rows = [
            [
                b.cell(AXIS_TITLES.get(f.axis, t(f.axis))),
                b.num(f"{f.weight_from:.0%}"),
                b.num(f"{f.weight_to:.0%}"),
                b.num(f"{f.change_points:+.0f} pts"),
                b.cell(t(f.new_leader, NAME_LIMIT)),
            ]
            for f in ranking.flips
        ]
        b.story.append(
            b.table(
                ["Weight", "Now", "Flips at", "Change", "New leader"],
                flip_rows,
                [0.16, 0.1, 0.1, 0.12, 0.52],
                numeric=(1, 2, 3),
            )
        )

    b.sub("Knock-outs")
    knocked = [row for row in ranking.rows if row.knocked_out]
    if not knocked:
        b.absent(ABSENT["knockouts"])
    else:
        rows = [
            [
                b.cell(t(row.label, NAME_LIMIT), bold=True),
                b.cell(
                    "<br/>".join("• " + t(reason, TEXT_LIMIT) for reason in row.knockout_reasons)
                ),
            ]
            for row in knocked
        ]
        b.story.append(b.table(["Quote", "Reason"], rows, [0.35, 0.65]))

    b.sub("How the leading quotes were scored")
    top = [row for row in ranking.rows if row.rank is not None][:3]
    for row in top:
        rows = [
            [
                b.cell(AXIS_TITLES[item.axis]),
                b.num(f"{item.score:.1f}"),
                b.cell(t(item.explanation, TEXT_LIMIT) or "—"),
                b.cell(t(", ".join(item.flags)) or "—"),
            ]
            for item in row.scores
        ]
        b.story.append(b.p(f"{row.rank}. " + t(row.label, NAME_LIMIT), s.h3))
        b.story.append(
            b.table(
                ["Axis", "Score", "Explanation", "Flags"],
                rows,
                [0.15, 0.09, 0.6, 0.16],
                numeric=(1,),
            )
        )


def _charts(b: _Builder) -> None:
    pack = b.pack
    b.section("Charts")
    ranking = pack.ranking
    if ranking is not None and ranking.rows:
        b.chart(
            charts.ranking_figure(ranking),
            "Weighted total per quote, split into each axis's contribution (weight × score). "
            "Hatched bars are knocked out.",
        )
        b.chart(
            charts.radar_figure(ranking),
            "Axis scores of the best-ranked quotes, 0 (centre) to 100 (edge).",
        )
    else:
        b.absent(ABSENT["scorecard_charts"])
    if pack.tco:
        b.story.append(CondPageBreak(b.height * 0.45))
        b.chart(
            charts.tco_breakdown_figure(pack.tco),
            "Total cost of ownership per quote by cost category; residual values and credits "
            "lie left of zero. Every line is itemised in “TCO detail”.",
        )
        b.chart(
            charts.cost_per_pflop_figure(
                pack.tco,
                highlight_key=ranking.leader.quote_key if ranking and ranking.leader else None,
                knocked_out=[r.quote_key for r in ranking.rows if r.knocked_out] if ranking else (),
            ),
            "Cost per useful PFLOP-hour: TCO divided by the work actually delivered "
            "(peak × MFU × hours used). The recommended option is highlighted; hatched bars "
            "are knocked out.",
        )
    else:
        b.absent("TCO charts: " + ABSENT["tco"][0].lower() + ABSENT["tco"][1:])
    if pack.break_even is not None:
        b.chart(
            charts.break_even_figure(pack.break_even),
            t(pack.break_even.note or "Owned against rented capacity.", TEXT_LIMIT),
        )
    else:
        b.absent(ABSENT["break_even"])
    if pack.tornado is not None and pack.tornado.bars:
        b.chart(
            charts.tornado_figure(pack.tornado),
            t(
                pack.tornado.note or "Each input moved alone between its low and high value.",
                TEXT_LIMIT,
            ),
        )
    else:
        b.absent(ABSENT["sensitivity"])
    if pack.monte_carlo is not None and pack.monte_carlo.rows:
        mc = pack.monte_carlo
        ranges = "; ".join(mc.ranges)
        b.chart(
            charts.monte_carlo_figure(mc),
            f"{mc.samples:,} samples"
            + (f", seed {mc.seed}" if mc.seed is not None else "")
            + (". Ranges (low / likely / high): " + t(ranges, TEXT_LIMIT) if ranges else "."),
        )
        rows = [
            [
                b.cell(t(row.label, NAME_LIMIT)),
                b.num(format_usd(row.p10_usd)),
                b.num(format_usd(row.p50_usd)),
                b.num(format_usd(row.p90_usd)),
                b.num("—" if row.probability_first is None else f"{row.probability_first:.0%}"),
            ]
            for row in sorted(mc.rows, key=lambda r: r.p50_usd)
        ]
        b.story.append(
            b.table(
                ["Quote", "P10 TCO", "P50 TCO", "P90 TCO", "Ranks first"],
                rows,
                [0.44, 0.14, 0.14, 0.14, 0.14],
                numeric=(1, 2, 3, 4),
            )
        )
    else:
        b.sub("Monte Carlo")
        b.absent(ABSENT["monte_carlo"])


def _inputs_text(inputs: Sequence[Input]) -> str:
    parts = []
    for item in inputs:
        source = f" ({t(item.source, 80)})" if item.source else ""
        parts.append(t(item.text(), 160) + source)
    return "; ".join(parts)


def _tco(b: _Builder) -> None:
    pack, s = b.pack, b.s
    b.section("TCO detail")
    if not pack.tco:
        b.absent(ABSENT["tco"])
        return
    shortlisted = [item for item in pack.tco if item.shortlisted]
    others = [item for item in pack.tco if not item.shortlisted]
    b.story.append(
        b.p(
            f"Every cost line of the {len(shortlisted)} shortlisted "
            f"{'quote' if len(shortlisted) == 1 else 'quotes'}, with the formula "
            "and the inputs it used. Amounts are US dollars over the horizon; negative "
            "amounts are residual values or credits.",
            s.body,
        )
    )
    for item in shortlisted:
        _tco_quote(b, item)
    if others:
        b.sub("Quotes not shortlisted")
        rows = [[b.cell(t(i.label, NAME_LIMIT)), b.num(format_usd(i.total_usd))] for i in others]
        b.story.append(b.table(["Quote", "Total (USD)"], rows, [0.75, 0.25], numeric=(1,)))


def _tco_quote(b: _Builder, item: QuoteTco) -> None:
    s = b.s
    b.story.append(CondPageBreak(120))
    b.sub(t(item.label, NAME_LIMIT), bookmark=clip(item.label, 80))
    unit_parts = [f"<b>{format_usd(item.total_usd)}</b> over {item.horizon_months} months"]
    if item.usd_per_used_gpu_hour is not None:
        unit_parts.append(f"{format_usd(item.usd_per_used_gpu_hour)} per used GPU-hour")
    if item.usd_per_useful_pflop_hour is not None:
        unit_parts.append(f"{format_usd(item.usd_per_useful_pflop_hour)} per useful PFLOP-hour")
    if item.usd_per_million_tokens is not None:
        unit_parts.append(f"{format_usd(item.usd_per_million_tokens)} per million tokens")
    if item.used_gpu_hours is not None:
        unit_parts.append(f"{format_number(item.used_gpu_hours)} GPU-hours used")
    b.story.append(b.p(" · ".join(unit_parts), s.small))
    b.story.append(Spacer(1, 4))
    rows: list[list[Flowable | str]] = []
    for line in item.lines:
        formula = t(line.formula, 300) if line.formula else "as quoted"
        inputs = _inputs_text(line.inputs)
        flags = (
            f' <font color="{theme.WARNING}">[{t(", ".join(line.flags))}]</font>'
            if (line.flags)
            else ""
        )
        rows.append(
            [
                b.cell(t(line.label, 300)),
                b.cell(t(line.category)),
                b.p(f"{formula}{flags}" + (f"<br/>{inputs}" if inputs else ""), s.tiny),
                b.num(format_usd(line.amount_usd)),
            ]
        )
    rows.append(
        [
            b.cell("Total", bold=True),
            b.cell(""),
            b.cell(""),
            b.num(format_usd(item.total_usd), bold=True),
        ]
    )
    b.story.append(
        b.table(
            ["Line", "Category", "Formula and inputs", "Amount (USD)"],
            rows,
            [0.27, 0.11, 0.45, 0.17],
            numeric=(3,),
            total_row=True,
        )
    )
    for note in item.notes:
        b.story.append(b.p(t(note, TEXT_LIMIT), s.caption))


def _findings(b: _Builder) -> None:
    pack, s = b.pack, b.s
    b.section("Compliance and export-control findings")
    if pack.findings is None:
        b.absent(ABSENT["compliance"])
        return
    b.story.append(
        b.p(
            "Each finding names the rule applied, the date it took effect and its status, and "
            "the source. Export-control findings are advisory: the final classification is the "
            "exporter's and legal review is required. Screening never clears a party; it "
            "reports matches above a threshold on a dated list.",
            s.body,
        )
    )
    if not pack.findings:
        b.absent("The checks ran and found nothing to report.")
        return
    order = {FindingSeverity.KNOCKOUT: 0, FindingSeverity.WARNING: 1, FindingSeverity.INFO: 2}
    items = sorted(pack.findings, key=lambda f: order.get(f.severity, 3))
    rows = [_finding_row(b, f) for f in items]
    b.story.append(
        b.table(
            ["Quote", "Severity", "Finding", "Rule · date · status", "Source"],
            rows,
            # "Knock-out" in bold needs about 0.12 of the page's width not to break.
            [0.18, 0.12, 0.34, 0.19, 0.17],
        )
    )


def _finding_row(b: _Builder, f: Finding) -> list[Flowable | str]:
    s = b.s
    rule = [t(f.rule_id, 120)]
    rule.append(t(f.rule_date) if f.rule_date else "no date (user threshold)")
    if f.rule_status:
        rule.append(t(f.rule_status, 80))
    return [
        b.cell(t(b.pack.quote_label(f.quote_key), 200)),
        _severity_cell(b, f.severity),
        b.p(f"<b>{t(f.title, 300)}</b><br/>{t(f.reason, TEXT_LIMIT)}", s.cell),
        b.p("<br/>".join(rule), s.tiny),
        b.p(t(f.source, 300) or "—", s.tiny),
    ]


def _yes_no(value: bool | None) -> str:
    return "—" if value is None else ("Yes" if value else "No")


def _exit_terms(b: _Builder) -> None:
    pack = b.pack
    b.section("Exit terms compared")
    if not pack.exit_terms:
        b.absent(ABSENT["exit_terms"])
        return
    b.story.append(
        b.p(
            "What it takes to leave each supplier. A dash means the quote does not say; "
            "ask before signing.",
            b.s.body,
        )
    )
    per_table = 4
    for start in range(0, len(pack.exit_terms), per_table):
        group = pack.exit_terms[start : start + per_table]
        b.story.append(_exit_table(b, group, per_table))
        b.story.append(Spacer(1, 8))


def _exit_table(b: _Builder, group: Sequence[QuoteExit], per_table: int) -> Table:
    def fee(v: float | None) -> str:
        return "—" if v is None else f"{v:g} %"

    def notice(v: int | None) -> str:
        return "—" if v is None else f"{v} days"

    def egress(v: object) -> str:
        return "—" if v is None else f"${v}/GB"

    terms = [
        ("Notice period", [notice(q.terms.notice_days) for q in group]),
        ("Termination fee", [fee(q.terms.termination_fee_pct) for q in group]),
        ("Data returned", [_yes_no(q.terms.data_return) for q in group]),
        ("Data deleted", [_yes_no(q.terms.data_deletion) for q in group]),
        ("Egress price", [egress(q.terms.egress_usd_per_gb) for q in group]),
        ("Auto-renewal", [_yes_no(q.terms.auto_renewal) for q in group]),
        ("Lock-in", [t(q.terms.lock_in_notes, 400) or "—" for q in group]),
    ]
    header = ["Term", *[t(q.label, 160) for q in group]]
    header += [""] * (per_table + 1 - len(header))
    rows = [
        [b.cell(name, bold=True), *values, *[""] * (per_table - len(values))]
        for name, values in terms
    ]
    return b.table(header, rows, [0.16] + [0.84 / per_table] * per_table)


def _methodology(b: _Builder, fp: str) -> None:
    pack, s = b.pack, b.s
    m = pack.methodology
    b.section("Methodology and assumptions")
    b.sub("Fingerprint of the inputs")
    b.story.append(
        b.p(
            f"SHA-256 of the canonical JSON of every input shown in this pack: <b>{fp}</b>. "
            "Two packs with the same fingerprint were built from identical inputs.",
            s.small,
        )
    )
    b.sub("Formulas")
    if m.formulas:
        rows = [
            [b.cell(t(name), bold=True), b.cell(t(formula, TEXT_LIMIT))]
            for name, formula in m.formulas
        ]
        b.story.append(b.table(["Figure", "Formula"], rows, [0.3, 0.7]))
    else:
        b.absent("No formulas recorded.")
    b.sub("Weights")
    if pack.ranking is not None:
        rows = [
            [b.cell(AXIS_TITLES.get(a, t(a))), b.num(f"{w:.1%}")] for a, w in pack.ranking.weights
        ]
        b.story.append(b.table(["Axis", "Weight"], rows, [0.7, 0.3], numeric=(1,)))
        b.story.append(
            b.p(
                f"The weights start from {t(weights_origin(pack.ranking.preset or 'user'))} "
                "and are normalised to sum to 100 %. " + t(pack.ranking.scale_note),
                s.caption,
            )
        )
    else:
        b.absent(ABSENT["scorecard"])
    b.sub("Assumptions")
    if m.assumptions:
        rows = [
            [
                b.cell(t(a.name)),
                b.num(t(a.value if isinstance(a.value, str) else format_number(a.value))),
                b.cell(t(a.unit) or "—"),
                b.cell(t(a.source) or "—"),
            ]
            for a in m.assumptions
        ]
        b.story.append(
            b.table(
                ["Assumption", "Value", "Unit", "Source"],
                rows,
                [0.38, 0.16, 0.16, 0.3],
                numeric=(1,),
            )
        )
    else:
        b.absent("No assumptions recorded.")
    b.sub("Currency conversion")
    if m.fx_rates:
        rows = [
            [
                b.cell(t(r.currency)),
                b.num(f"{r.usd_per_unit}"),
                b.cell(r.as_of.isoformat()),
                b.cell(t(r.source) or "—"),
            ]
            for r in m.fx_rates
        ]
        b.story.append(
            b.table(
                ["Currency", "USD per unit", "As of", "Source"],
                rows,
                [0.16, 0.2, 0.18, 0.46],
                numeric=(1,),
            )
        )
    else:
        b.absent("All quotes were in US dollars; no conversion was needed.")
    b.sub("Rules and catalogue")
    rules = (
        f"Export-control rules: <b>{t(m.rules_version)}</b>"
        + (f", dated {t(m.rules_date)}" if m.rules_date else "")
        + "."
        if m.rules_version
        else "Export-control rules: not applied for this evaluation."
    )
    catalogue = (
        f"Accelerator catalogue: <b>{t(m.catalogue_version)}</b>."
        if m.catalogue_version
        else "Accelerator catalogue: version not recorded."
    )
    b.story.append(b.p(rules + " " + catalogue, s.body))
    if m.catalogue_sources:
        for source in m.catalogue_sources:
            b.story.append(b.p("• " + t(source, 400), s.small))
    b.sub("Measured and assumed")
    measured = "<br/>".join("• " + t(x, 400) for x in m.measured) or "Nothing was measured."
    assumed = "<br/>".join("• " + t(x, 400) for x in m.assumed) or "Nothing was assumed."
    b.story.append(
        b.table(
            ["Measured on the buyer's workload", "Assumed or from datasheets"],
            [[b.cell(measured), b.cell(assumed)]],
            [0.5, 0.5],
        )
    )
    if m.notes:
        b.sub("Notes")
        for note in m.notes:
            b.story.append(b.p("• " + t(note, TEXT_LIMIT), s.body))
    b.sub("Terms used")
    rows = [[b.cell(term, bold=True), b.cell(meaning)] for term, meaning in GLOSSARY]
    b.story.append(b.table(["Term", "Meaning"], rows, [0.24, 0.76]))


def _appendix(b: _Builder) -> None:
    pack = b.pack
    b.section("Appendix: every quote line and its source")
    if not pack.lines:
        b.absent(ABSENT["lines"])
        return
    b.story.append(
        b.p(
            f"{len(pack.lines)} lines as the vendors quoted them; the source names the file, "
            "sheet and row each came from.",
            b.s.body,
        )
    )
    tiny = b.s.tiny
    tiny_num = ParagraphStyle("tiny_num", parent=tiny, alignment=TA_RIGHT)
    rows = []
    for line in pack.lines:
        what = line.accelerator or line.category or ""
        count = ""
        if line.accelerator_count is not None:
            count = f"{line.accelerator_count} ×"
        elif line.quantity is not None:
            count = f"{line.quantity} ×"
        deploy = " ".join(
            x
            for x in (line.deployment or "", f"{line.term_months} mo" if line.term_months else "")
            if x
        )
        per_hour = (
            "" if line.usd_per_gpu_hour is None else f"<br/>= ${line.usd_per_gpu_hour:,.2f}/GPU-h"
        )
        what_text = " · ".join(x for x in (t(line.kind), t(what, 60)) if x)
        amount = t(f"{count} {deploy}".strip())
        rows.append(
            [
                b.p(f"{t(line.vendor, 160)}<br/>{t(line.quote_ref, 60)}", tiny),
                b.p(t(line.description, 500), tiny),
                b.p(what_text + (f"<br/>{amount}" if amount else ""), tiny),
                b.p(
                    f"{t(line.price)} {t(line.currency)}<br/>{t(line.price_unit)}{per_hour}",
                    tiny_num,
                ),
                b.p(t(line.source or "—", 200), tiny),
            ]
        )
    b.story.append(
        b.table(
            ["Vendor / quote", "Description", "What, count, term", "Quoted price", "Source"],
            rows,
            [0.18, 0.28, 0.18, 0.16, 0.2],
            numeric=(3,),
        )
    )


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
    _methodology(builder, fp)
    _appendix(builder)
    doc.build(builder.story, canvasmaker=_canvas_class(furniture))
    return buffer.getvalue()


__all__ = ["PAPER_SIZES", "render_pdf", "t"]
