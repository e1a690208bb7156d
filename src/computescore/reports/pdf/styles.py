"""Paragraph and table styles of the board pack."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from computescore.reports import theme
from computescore.reports.pdf.fonts import _BOLD, _ITALIC, _REGULAR, _register_fonts

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
