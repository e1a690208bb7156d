"""A PDF page's words laid out as rows of cells, so a PDF quote reads like a sheet.

A text PDF holds positioned words, not cells. Ruled tables are cut into cells by
pdfplumber (:mod:`computescore.io.pdf_reader`); everything else on the page — tables
aligned by white space alone, key–value blocks, titles and notes — is laid out here:

1. words on the same baseline form a line;
2. a line splits into chunks where the space between two words is wider than a
   word space (``gap_ratio`` × the font size): "NVIDIA H100 SXM5 80GB" stays one
   chunk, the gap before "$2.49" starts the next;
3. lines without a blank line between them form a block, and the block's columns are
   the chunk spans of its fullest lines; every chunk goes to the column it overlaps
   most, so a row with an empty cell keeps its other cells under their headers.

Lines repeated at the same height in the bottom margin of several pages (a running
footer, "Page 2 of 3") are dropped — at the top, a line repeated on every page is as
likely a table's header repeated and is kept — and a blank line on the page
becomes a blank row, as it would be in a spreadsheet.

The functions are pure: they take word boxes and return rows of text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

GAP_RATIO = 0.6
"""A gap wider than this × the font size separates two cells."""

BLOCK_GAP_RATIO = 1.5
"""A vertical gap wider than this × the font size (a blank line) ends a block."""

FOOTER_SHARE = 0.12
"""Running footers are looked for in this share of the page's bottom."""


@dataclass(frozen=True, slots=True)
class Word:
    """One word on a page, in PDF points from the page's top left."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float

    @property
    def size(self) -> float:
        """The word's height, taken as its font size."""
        return max(self.bottom - self.top, 1.0)


@dataclass(frozen=True, slots=True)
class Chunk:
    """Words of one line close enough to be one cell."""

    text: str
    x0: float
    x1: float
    words: tuple[Word, ...] = ()


@dataclass(frozen=True, slots=True)
class TextLine:
    """A line of the page: its vertical extent and its chunks from left to right."""

    top: float
    bottom: float
    size: float
    chunks: tuple[Chunk, ...]


@dataclass(frozen=True, slots=True)
class PlacedRow:
    """A row of cells and where it sits on the page (for ordering with ruled tables)."""

    top: float
    bottom: float
    cells: tuple[str | None, ...]


def text_lines(words: Sequence[Word], *, gap_ratio: float = GAP_RATIO) -> list[TextLine]:
    """Group words into lines (same baseline) and each line into chunks (cells)."""
    lines: list[list[Word]] = []
    for word in sorted(words, key=lambda w: (w.top, w.x0)):
        current = lines[-1] if lines else None
        if current is not None and abs(word.top - current[0].top) <= 0.5 * current[0].size:
            current.append(word)
        else:
            lines.append([word])
    result = []
    for members in lines:
        members.sort(key=lambda w: w.x0)
        size = median(w.size for w in members)
        chunks: list[Chunk] = []
        held: list[Word] = []
        start = members[0].x0
        end = members[0].x1
        for word in members:
            if held and word.x0 - end > gap_ratio * size:
                chunks.append(Chunk(" ".join(w.text for w in held), start, end, tuple(held)))
                held, start = [], word.x0
            held.append(word)
            end = max(end, word.x1)
        chunks.append(Chunk(" ".join(w.text for w in held), start, end, tuple(held)))
        result.append(
            TextLine(
                min(w.top for w in members),
                max(w.bottom for w in members),
                size,
                tuple(chunks),
            )
        )
    return result


def blocks(
    lines: Sequence[TextLine], *, gap_ratio: float = BLOCK_GAP_RATIO
) -> list[list[TextLine]]:
    """Runs of lines with no blank line between them."""
    result: list[list[TextLine]] = []
    for line in lines:
        if result and line.top - result[-1][-1].bottom <= gap_ratio * line.size:
            result[-1].append(line)
        else:
            result.append([line])
    return result


def column_spans(block: Sequence[TextLine]) -> list[tuple[float, float]]:
    """The block's columns: the k-th chunk spans of its fullest lines, merged."""
    widest = max(len(line.chunks) for line in block)
    spans: list[tuple[float, float]] = []
    for line in block:
        if len(line.chunks) != widest:
            continue
        for index, chunk in enumerate(line.chunks):
            if index < len(spans):
                low, high = spans[index]
                spans[index] = (min(low, chunk.x0), max(high, chunk.x1))
            else:
                spans.append((chunk.x0, chunk.x1))
    return spans


def column_of(chunk: Chunk, spans: Sequence[tuple[float, float]]) -> int:
    """The column a chunk overlaps most; the nearest one when it overlaps none."""
    best, best_overlap = 0, 0.0
    for index, (low, high) in enumerate(spans):
        overlap = min(high, chunk.x1) - max(low, chunk.x0)
        if overlap > best_overlap:
            best, best_overlap = index, overlap
    if best_overlap > 0:
        return best
    return min(
        range(len(spans)),
        key=lambda i: max(spans[i][0] - chunk.x1, chunk.x0 - spans[i][1], 0.0),
    )


def block_rows(block: Sequence[TextLine]) -> list[PlacedRow]:
    """A block's lines as rows of cells aligned to the block's columns; a cell's words
    wrapped on to the next line are joined back to it (:func:`continues`)."""
    spans = column_spans(block)
    rows: list[PlacedRow] = []
    for line in block:
        cells: list[str | None] = [None] * len(spans)
        for chunk in [part for whole in line.chunks for part in _headings_apart(whole, spans)]:
            column = column_of(chunk, spans)
            held = cells[column]
            cells[column] = chunk.text if held is None else f"{held} {chunk.text}"
        if rows and continues(rows[-1].cells, cells):
            above = rows[-1]
            column = next(i for i, cell in enumerate(cells) if cell)
            joined = list(above.cells)
            joined[column] = f"{joined[column]} {cells[column]}"
            rows[-1] = PlacedRow(above.top, line.bottom, tuple(joined))
            continue
        rows.append(PlacedRow(line.top, line.bottom, tuple(cells)))
    return rows


HEADINGS_APART_WORDS = 6
"""At most this many words in a chunk read as two headings set close together."""

ALIGNED_PT = 1.5
"""How near a heading's edge must stand to its column's edge to be aligned with it."""


def _headings_apart(chunk: Chunk, spans: Sequence[tuple[float, float]]) -> list[Chunk]:
    """A chunk split into two when it reads as the headings of two neighbouring columns
    set close together ("Nodes GPUs / node" over the columns of 12 and 8): a few words
    that part where each part lines up with its own column (their right edges over
    right-aligned figures, or their left edges), each part starting with a capital
    letter or a figure. Any other chunk (a title, a sentence, a total's label) is kept
    whole."""
    words = chunk.words
    if len(words) < 2 or len(words) > HEADINGS_APART_WORDS:
        return [chunk]
    for cut in range(1, len(words)):
        parts = (words[:cut], words[cut:])
        if not all(part[0].text[:1].isupper() or part[0].text[:1].isdigit() for part in parts):
            continue
        columns = [_aligned(part[0].x0, max(w.x1 for w in part), spans) for part in parts]
        if None not in columns and columns[0] < columns[1]:  # type: ignore[operator]
            return [
                Chunk(" ".join(w.text for w in part), part[0].x0, max(w.x1 for w in part), part)
                for part in parts
            ]
    return [chunk]


def _aligned(x0: float, x1: float, spans: Sequence[tuple[float, float]]) -> int | None:
    """The column whose left or right edge the text's own lines up with, if one does."""
    for index, (low, high) in enumerate(spans):
        if abs(x1 - high) <= ALIGNED_PT or abs(x0 - low) <= ALIGNED_PT:
            return index
    return None


_OPEN_END = re.compile(r"(,|;|\(|-|–|/|\+|&|\b(and|or|per|with|for|of|incl\.?|und|et|y))$")


def continues(above: Sequence[str | None], cells: Sequence[str | None]) -> bool:
    """True when a line holding one cell is the rest of that cell in the line above: a
    description wrapped in a table set without rules ("… 8 GPUs per node," / "InfiniBand
    NDR, 128 GPUs in all"). The line above must be a row of the table (three cells or
    more), and the text must read on: the line above ends open (a comma, "and", an
    unclosed bracket) or this one starts in lower case. A heading ("Storage") does not.
    """
    filled = [i for i, cell in enumerate(cells) if cell]
    if len(filled) != 1 or sum(1 for cell in above if cell) < 3:
        return False
    column = filled[0]
    held = above[column] if column < len(above) else None
    text = cells[column] or ""
    if not held or not text:
        return False
    held = held.rstrip()
    return (
        _OPEN_END.search(held.casefold()) is not None
        or held.count("(") > held.count(")")
        or text[0].islower()
    )


def page_rows(
    words: Sequence[Word], table_rows: Sequence[PlacedRow] = ()
) -> list[tuple[str | None, ...]]:
    """A page as rows: its text laid out in blocks, and its ruled tables' rows, top to bottom.

    A blank line between two rows becomes an empty row.

    Args:
        words: the page's words outside its ruled tables.
        table_rows: the ruled tables' rows, each placed at its top.
    """
    placed = [row for block in blocks(text_lines(words)) for row in block_rows(block)]
    placed.extend(table_rows)
    placed.sort(key=lambda row: row.top)
    blank = BLOCK_GAP_RATIO * (median(w.size for w in words) if words else 10.0)
    rows: list[tuple[str | None, ...]] = []
    for index, row in enumerate(placed):
        if index and row.top - placed[index - 1].bottom > blank:
            rows.append(())
        rows.append(_trimmed(row.cells))
    return rows


def without_running_footers(
    pages: Sequence[Sequence[Word]], heights: Sequence[float]
) -> list[list[Word]]:
    """Each page's words less its running footer lines.

    A line is a running footer when it sits in the page's bottom band and a line with
    the same text (digits aside: "Page 1", "Page 2") sits at the same height on another
    page.
    """
    keyed: list[list[tuple[str, float, TextLine]]] = []
    for words, height in zip(pages, heights, strict=True):
        keyed.append(
            [
                (_shape(line), line.top, line)
                for line in text_lines(words)
                if line.top > height * (1 - FOOTER_SHARE)
            ]
        )
    result = []
    for number, words in enumerate(pages):
        running = [
            line
            for shape, top, line in keyed[number]
            if any(
                other_shape == shape and abs(other_top - top) <= 3.0
                for other, entries in enumerate(keyed)
                if other != number
                for other_shape, other_top, _ in entries
            )
        ]
        result.append(
            [w for w in words if not any(line.top <= w.top <= line.bottom for line in running)]
        )
    return result


def _shape(line: TextLine) -> str:
    return re.sub(r"\d+", "#", " ".join(chunk.text for chunk in line.chunks))


def _trimmed(cells: tuple[str | None, ...]) -> tuple[str | None, ...]:
    end = len(cells)
    while end and not cells[end - 1]:
        end -= 1
    return cells[:end]
