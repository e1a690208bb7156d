"""Page furniture: cover and body page frames, headers, footers, marking."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
)

from computescore.reports import theme
from computescore.reports.pdf.fonts import _CJK, _REGULAR, _covered
from computescore.reports.safe import clean_text

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
