"""Building blocks: the story builder, tables, pictures, rules and bookmarks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import ImageReader
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    Table,
    TableStyle,
)

from computescore.reports import charts, theme
from computescore.reports.model import (
    BoardPack,
)
from computescore.reports.pdf.fonts import _REGULAR, CHART_DPI
from computescore.reports.pdf.styles import _styles
from computescore.reports.safe import clean_text

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
