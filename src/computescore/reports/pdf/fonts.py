"""Fonts of the board pack, and text made safe for the PDF."""

from __future__ import annotations

import io
import re
from functools import cache

from reportlab import rl_config
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from computescore.reports import theme
from computescore.reports.safe import clip, pdf_text

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


def identifier_lines(identifier: str, size: float, width: float) -> list[str]:
    """A rule's identifier (``exit.termination_fee_pct``) in lines no wider than ``width``
    points, broken after a dot or an underscore, never inside a word.

    A paragraph breaks only at spaces: a long identifier in a narrow column would be cut
    mid-word ("sovereignty.locatio" / "n"). A part wider than ``width`` by itself stays
    whole on its own line.
    """
    _register_fonts()
    lines: list[str] = []
    current = ""
    for part in re.split(r"(?<=[._])", identifier):
        if current and pdfmetrics.stringWidth(current + part, _REGULAR, size) > width:
            lines.append(current)
            current = part
        else:
            current += part
    return [*lines, current]
