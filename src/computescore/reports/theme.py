"""One visual language for the board pack, the workbook and the on-screen charts.

Colours are hex strings (``#RRGGBB``) so reportlab, openpyxl and matplotlib can all
use them. The type family is DejaVu Sans with Droid Sans Fallback for CJK text; both
ship in ``resources/fonts`` and are embedded in the PDF. A workbook cannot carry a
font, so it names the closest face every office machine has (:data:`EXCEL_FONT`).
"""

from __future__ import annotations

from importlib.resources.abc import Traversable

from computescore.domain import presentation
from computescore.resources_access import read_bytes, resource

# --- colours -----------------------------------------------------------------------

INK = "#1B2333"
"""Body text and headings."""

MUTED = "#5B6475"
"""Captions, footers, secondary figures."""

RULE = "#CDD3DC"
"""Table rules and chart grid lines."""

BAND = "#F2F4F7"
"""Alternate table rows and panels."""

HEADER_FILL = "#1F3A5F"
"""Table header background (white text on it)."""

ACCENT = "#0B6E99"
"""The recommended option and key figures."""

POSITIVE = "#2E8540"
WARNING = "#C77700"
KNOCKOUT = "#B3261E"

SERIES = (
    "#0B6E99",
    "#E07B39",
    "#2E8540",
    "#8E44AD",
    "#C0392B",
    "#16A085",
    "#D4A017",
    "#5D6D7E",
    "#1ABC9C",
    "#A04000",
    "#2471A3",
    "#7D3C98",
)
"""Colours for quotes in charts, in rank order; repeated when there are more quotes."""

AXIS_COLOURS = {
    "performance": "#0B6E99",
    "reliability": "#2E8540",
    "cost": "#E07B39",
    "service": "#8E44AD",
    "compliance": "#C0392B",
}
"""One colour per scoring axis."""

CATEGORY_COLOURS = {
    # Synonyms share a colour (compute / rented compute, residual / residual value);
    # every other category has its own.
    "compute": "#1F3A5F",
    "rented compute": "#1F3A5F",
    "hardware": "#4A78A8",
    "spot overhead": "#9DB8DB",
    "network": "#0B6E99",
    "software": "#5DADE2",
    "storage": "#16A085",
    "installation": "#7D3C98",
    "maintenance": "#B07CC6",
    "support": "#D98CB3",
    "facility": "#5D6D7E",
    "energy": "#D4A017",
    "power": "#8D6E00",
    "egress": "#E07B39",
    "tokens": "#2C5F8A",
    "operations": "#A04000",
    "adaptation": "#C0392B",
    "residual value": "#2E8540",
    "residual": "#2E8540",
    "other": "#95A5A6",
}
"""Colours for TCO line categories; unknown categories use :data:`CATEGORY_FALLBACK`."""

CATEGORY_FALLBACK = "#95A5A6"

SEVERITY_COLOURS = {"info": MUTED, "warning": WARNING, "knockout": KNOCKOUT}


def series_colour(index: int) -> str:
    """The chart colour of the quote at position ``index`` (0-based, cycling)."""
    return SERIES[index % len(SERIES)]


def category_colour(category: str) -> str:
    """The chart colour of a TCO line category."""
    return CATEGORY_COLOURS.get(category.lower(), CATEGORY_FALLBACK)


def hex_to_rgb(colour: str) -> tuple[float, float, float]:
    """``#RRGGBB`` as three floats in 0–1 (for reportlab and matplotlib)."""
    value = colour.lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def excel_colour(colour: str) -> str:
    """``#RRGGBB`` as openpyxl's ``RRGGBB``."""
    return colour.lstrip("#").upper()


# --- type ----------------------------------------------------------------------------

FONT_FAMILY = "DejaVu Sans"
"""The family name matplotlib knows the body face by."""

CJK_FONT_FAMILY = "Droid Sans Fallback"
"""The family name of the face used for characters DejaVu Sans lacks."""

FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "bold_italic": "DejaVuSans-BoldOblique.ttf",
    "cjk": "DroidSansFallbackFull.ttf",
}
"""Font files in ``resources/fonts`` by role."""

EXCEL_FONT = "Arial"
"""Workbooks cannot embed fonts; Arial is installed wherever Excel is."""

BASE_FONT_SIZE = 9.0
"""Body text size in points for the PDF."""


def font_resource(role: str) -> Traversable:
    """The shipped font file for ``role`` (a key of :data:`FONT_FILES`)."""
    return resource("fonts", FONT_FILES[role])


def font_bytes(role: str) -> bytes:
    """The bytes of the shipped font file for ``role``."""
    return read_bytes("fonts", FONT_FILES[role])


# --- number formats ----------------------------------------------------------------


def excel_money(*, cents: bool = False) -> str:
    """The number format of money in the reporting currency: ``"€"#,##0`` (``.00`` with cents)."""
    sign = presentation.current().symbol.replace('"', "")
    return f'"{sign}"#,##0' + (".00" if cents else "")


EXCEL_SCORE = "0.0"
EXCEL_WEIGHT = "0.000"
EXCEL_PERCENT = "0.0%"
EXCEL_DATE = "yyyy-mm-dd"
