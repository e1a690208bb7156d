"""Finding a table's header: the row, or the rows, whose cells name the most fields.

A header may be one row, a banner over sub-headers (merged cells say which columns a
banner spans; a banner naming an option spans the sub-headers beside it where nothing
says so, as in a PDF), a header wrapped over two lines, or, in a PDF, labels centred
between two header rows on a line of their own. Each candidate is scored by the fields
its cells name (:func:`find_header`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from computescore.io.column_options import ColumnOption, accelerator_named, column_option
from computescore.io.mapping import ROW_TERMS, Field, match_header, normalise_header
from computescore.io.values import is_blank
from computescore.io.workbook import CellValue, SheetData

HEADER_SCAN_ROWS = 60
"""How far down a sheet the header row is looked for."""

MIN_HEADER_FIELDS = 2

Known = Mapping[str, Field]
"""Header texts (normalised) the user or a saved profile has mapped to fields."""


def field_of(cell: CellValue, known: Known | None = None) -> Field | None:
    """The field a header cell names, from the user's mapping first, then the synonyms."""
    if not isinstance(cell, str):
        return None
    if known:
        chosen = known.get(normalise_header(cell))
        if chosen is not None:
            return chosen
    match = match_header(cell)
    return None if match is None else match.field


Names = Callable[[str], bool]
"""Whether a header's text names an accelerator the catalogue knows."""


def named_accelerators(
    cells: Sequence[CellValue], known: Known | None = None, names: Names | None = None
) -> list[int]:
    """The columns whose headers name accelerators (``Term | H100 SXM | H200 SXM``): none
    unless two or more name different ones, a column names the terms of each row, and no
    column is the accelerator's own (a table of specifications across accelerators is
    not a price list)."""
    if names is None:
        return []
    return _by_name(cells, [field_of(cell, known) for cell in cells], names)


def _by_name(cells: Sequence[CellValue], fields: Sequence[Field | None], names: Names) -> list[int]:
    """:func:`named_accelerators` on the fields the cells' headers name already."""
    if Field.ACCELERATOR in fields or not ROW_TERMS.intersection(fields):
        return []
    found: dict[int, str] = {}
    for index, (cell, field) in enumerate(zip(cells, fields, strict=True)):
        if isinstance(cell, str) and field in (None, Field.PRICE):
            name = accelerator_named(cell, names)
            if name is not None:
                found[index] = name
    return list(found) if len(set(found.values())) >= 2 else []


def header_fields(
    cells: Sequence[CellValue], known: Known | None = None, names: Names | None = None
) -> set[Field]:
    found: set[Field] = set()
    options: set[ColumnOption] = set()
    fields = [field_of(cell, known) for cell in cells]
    for cell, field in zip(cells, fields, strict=True):
        if field is not None and field is not Field.IGNORE:
            found.add(field)
        elif field is None and isinstance(cell, str):
            option = column_option(cell)
            if option is not None:
                options.add(option)
    # Tiers or regions as columns ("On-demand | 6-month | 12-month"): their prices. The
    # mapping keeps them as prices only where their values are amounts.
    if len(options) >= 2:
        found.add(Field.PRICE)
    # Accelerators as columns: each column is the price of its accelerator.
    if names is not None and _by_name(cells, fields, names):
        found |= {Field.PRICE, Field.ACCELERATOR}
    return found


def is_header_like(cells: Sequence[CellValue]) -> bool:
    non_blank = [cell for cell in cells if not is_blank(cell)]
    return bool(non_blank) and all(isinstance(cell, str) for cell in non_blank)


def header_score(fields: set[Field]) -> int:
    """How table-like a set of header fields is: distinct fields, and a price is required."""
    if not fields & {Field.PRICE, Field.LINE_TOTAL}:
        return 0
    if not fields & {
        Field.DESCRIPTION,
        Field.ACCELERATOR,
        Field.CATEGORY,
        Field.QUANTITY,
        Field.ACCELERATOR_COUNT,
        Field.DEPLOYMENT,
        Field.REGION,
    }:
        return 0
    return len(fields)


def _combined(sheet: SheetData, top: int, below: int) -> list[CellValue]:
    """Header cells of a banner row and its sub-row: the sub-row's text, else the banner's.

    A merged banner cell's text is spread over the columns it covers first, so a column
    under "Pricing" without its own sub-header is still named. A sub-header that names
    nothing on its own ("per GPU-hr" under "Price (GBP)") is read with its banner:
    "Price (GBP) per GPU-hr".
    """
    upper = list(sheet.rows[top]) if top < len(sheet.rows) else []
    lower = list(sheet.rows[below]) if below < len(sheet.rows) else []
    width = max(len(upper), len(lower))
    upper += [None] * (width - len(upper))
    lower += [None] * (width - len(lower))
    for first_row, first_col, last_row, last_col in sheet.merged:
        if first_row <= top <= last_row and first_col < width:
            for col in range(first_col + 1, min(last_col, width - 1) + 1):
                if is_blank(upper[col]):
                    upper[col] = upper[first_col]
    for first_col, last_col in _option_banners(upper, lower):
        for col in range(first_col + 1, last_col + 1):
            upper[col] = upper[first_col]
    return [_under_banner(up, low) for up, low in zip(upper, lower, strict=True)]


def _option_banners(
    upper: Sequence[CellValue], lower: Sequence[CellValue]
) -> list[tuple[int, int]]:
    """The columns (first, last) a banner naming an option spans where no merged cell
    says so (a PDF): "1-year reservation" over "Upfront per VM" and, with nothing above
    it, "Monthly per VM". The banner stands over a sub-header of its own and spans the
    blanks to its right that have one, when they name prices."""
    spans = []
    for col, cell in enumerate(upper):
        if not isinstance(cell, str) or is_blank(cell) or col >= len(lower):
            continue
        if is_blank(lower[col]) or column_option(cell) is None:
            continue
        last = col
        while (
            last + 1 < min(len(upper), len(lower))
            and is_blank(upper[last + 1])
            and isinstance(lower[last + 1], str)
            and not is_blank(lower[last + 1])
        ):
            last += 1
        if last > col and all(_price_like(lower[c]) for c in range(col, last + 1)):
            spans.append((col, last))
    return spans


def _price_like(sub: CellValue) -> bool:
    """True for a sub-header under an option's banner that names a price or nothing
    ("Upfront per VM", "USD per VM-hour"); "Item" or "Qty" under "Option A — H100 SXM"
    make that banner an alternative's, over a table of its own."""
    if not isinstance(sub, str):
        return False
    match = match_header(sub)
    return match is None or match.field is Field.PRICE


def _merged_over_both(sheet: SheetData, top: int, below: int) -> bool:
    """True when the sheet's merged cells make two rows one header: a cell merged down
    over both ("Service" in A12:A13), or a banner merged across columns whose sub-row
    names them ("Pricing" over "Rate per GPU | Billing")."""
    lower = sheet.rows[below] if below < len(sheet.rows) else []
    if not sheet.merged and _option_banners(sheet.rows[top], lower):
        return True
    for first_row, first_col, last_row, last_col in sheet.merged:
        if first_row <= top and last_row >= below:
            return True
        if first_row == top == last_row and last_col > first_col:
            under = lower[first_col : last_col + 1]
            if any(isinstance(cell, str) and not is_blank(cell) for cell in under):
                return True
    return False


def _wrapped_header(sheet: SheetData, top: int, below: int) -> bool:
    """True when ``top`` holds the first lines of header cells wrapped over two lines (a
    PDF's "Public On-Demand" over "(USD/hr)", "Private rate" over "(USD per
    instance-hour)"): fewer cells than the row below, only text, each over a cell that
    goes on with a bracket or a lower-case word."""
    if below >= len(sheet.rows):
        return False
    upper, lower = sheet.rows[top], sheet.rows[below]
    filled = [(col, cell) for col, cell in enumerate(upper) if not is_blank(cell)]
    if not filled or len(filled) >= sum(1 for cell in lower if not is_blank(cell)):
        return False
    for col, cell in filled:
        under = lower[col] if col < len(lower) else None
        if not isinstance(cell, str) or not isinstance(under, str) or is_blank(under):
            return False
        first = under.lstrip()[:1]
        if not (first in ("(", "[") or first.islower()):
            return False
    return True


def _joined(sheet: SheetData, top: int, below: int) -> list[CellValue]:
    """A wrapped header's cells: each cell's two lines as one text."""
    upper, lower = list(sheet.rows[top]), list(sheet.rows[below])
    width = max(len(upper), len(lower))
    upper += [None] * (width - len(upper))
    lower += [None] * (width - len(lower))
    return [
        low if not isinstance(up, str) or is_blank(up) else f"{up.strip()} {str(low).strip()}"
        for up, low in zip(upper, lower, strict=True)
    ]


def _under_banner(banner: CellValue, sub: CellValue) -> CellValue:
    if is_blank(sub):
        return banner
    if is_blank(banner) or not isinstance(banner, str) or not isinstance(sub, str):
        return sub
    alone, together = match_header(sub), match_header(f"{banner} {sub}")
    if (alone is None or alone.field is Field.PRICE) and _names_option(banner, sub):
        return f"{banner} {sub}"  # "Upfront per VM" under "1-year reservation"
    if together is None:
        return sub
    if alone is None:
        return f"{banner} {sub}"
    if together.field is alone.field and (
        (together.currency and not alone.currency) or (together.unit and not alone.unit)
    ):
        return f"{banner} {sub}"  # "Unit price" under "Price (GBP)": in pounds
    return sub


def _with_centred_labels(sheet: SheetData, top: int) -> SheetData | None:
    """The sheet with a PDF's labels centred between two header rows moved up into the
    upper one, or None when the row below ``top`` is no such row.

    "VM size | Region | VMs", set in cells spanning both header rows, stand on a line of
    their own between the banners ("1-year reservation") and the sub-headers ("Upfront per
    VM"): every label of that line stands where the rows above and below are blank.
    """
    if sheet.merged or top + 2 >= len(sheet.rows):
        return None
    upper, middle, lower = sheet.rows[top], sheet.rows[top + 1], sheet.rows[top + 2]
    filled = [col for col, cell in enumerate(middle) if not is_blank(cell)]
    if not filled or not is_header_like(lower) or not _labels(upper) or not _labels(middle):
        return None
    for col in filled:
        if (col < len(upper) and not is_blank(upper[col])) or (
            col < len(lower) and not is_blank(lower[col])
        ):
            return None
    width = max(len(upper), len(middle))
    joined = [
        middle[col] if col in filled else (upper[col] if col < len(upper) else None)
        for col in range(width)
    ]
    rows = list(sheet.rows)
    rows[top], rows[top + 1] = joined, []
    return replace(sheet, rows=rows)


def split_heading_columns(sheet: SheetData, top: int) -> list[int]:
    """The columns of a header row whose word belongs to the heading on its right.

    A printout's columns are found from the gaps between words, and a heading of two words
    may fall in two: "Unit | price", "Net | value", the first over a column that holds no
    value in the lines below (rows filling at least half as many cells as the header:
    no rule, blank line, totals or note). Such a word joins the heading to its right,
    whose column holds the values, when the two words make one heading of the field the
    right one names, if any.
    """
    cells = sheet.rows[top]
    half = sum(1 for cell in cells if not is_blank(cell)) / 2
    below = [
        row
        for row in sheet.rows[top + 1 : top + 1 + _DATA_ROWS_SEEN]
        if sum(1 for cell in row if not is_blank(cell)) >= half
    ]

    def empty(col: int) -> bool:
        return all(col >= len(row) or is_blank(row[col]) for row in below)

    def one_heading(col: int) -> bool:
        # "Unit price" and "price" are both a price, "Net value" a total and "value"
        # nothing: one heading. "Remarks Qty" is none, and "Qty" stays a heading of its own.
        joined = field_of(f"{str(cells[col]).strip()} {str(cells[col + 1]).strip()}")
        right = field_of(cells[col + 1])
        return joined is not None and right in (None, joined)

    return [
        col
        for col in range(len(cells) - 1)
        if below
        and is_label(cells[col])
        and is_label(cells[col + 1])
        and empty(col)
        and not empty(col + 1)
        and one_heading(col)
    ]


def join_split_words(row: Sequence[CellValue], columns: Sequence[int]) -> list[CellValue]:
    """The row with the text of each of ``columns`` joined to the cell on its right
    (:func:`split_heading_columns`): "Unit | price" → "Unit price", "VAT | 25%" → "VAT 25%"."""
    cells = list(row)
    for col in columns:
        if col >= len(cells) or is_blank(cells[col]):
            continue
        word = str(cells[col]).strip()
        right = cells[col + 1] if col + 1 < len(cells) else None
        if col + 1 >= len(cells):
            cells.append(None)
        cells[col], cells[col + 1] = None, word if is_blank(right) else f"{word} {right}"
    return cells


_DATA_ROWS_SEEN = 200
"""How many rows under a header tell which of its columns hold values: a page's lines,
so that a column of notes filled on one line of the page is a column of its own."""


LABEL_CHARS = 40
"""The longest header label; a longer text is a sentence above the table."""


def is_label(cell: CellValue) -> bool:
    """True for a short text, as a header's or an attribute's label is."""
    return isinstance(cell, str) and 0 < len(cell.strip()) <= LABEL_CHARS


def _labels(cells: Sequence[CellValue]) -> bool:
    """True when a row's filled cells are all labels."""
    filled = [cell for cell in cells if not is_blank(cell)]
    return bool(filled) and all(is_label(cell) for cell in filled)


def _names_option(banner: str, sub: str) -> bool:
    """True when a banner names an option of the line (a term, a deployment, a region)
    that its sub-header does not: the column is that option's."""
    return column_option(banner) is not None and column_option(sub) is None


@dataclass(frozen=True, slots=True)
class HeaderGuess:
    """A candidate header: its rows, cells and how many fields it names."""

    rows: tuple[int, ...]
    cells: tuple[CellValue, ...]
    fields: frozenset[Field]
    score: int


def find_header(
    sheet: SheetData,
    scan_rows: int = HEADER_SCAN_ROWS,
    start: int = 0,
    known: Known | None = None,
    names: Names | None = None,
) -> HeaderGuess | None:
    """The most likely header row (or banner + sub-row) in ``scan_rows`` rows from ``start``.

    Returns None when no row names at least two fields including a price.
    """
    best: HeaderGuess | None = None
    limit = min(len(sheet.rows), start + scan_rows)
    for index in range(start, limit):
        cells = sheet.rows[index]
        if not is_header_like(cells):
            continue
        fields = header_fields(cells, known, names)
        candidates = [HeaderGuess((index,), tuple(cells), frozenset(fields), header_score(fields))]
        view, below = sheet, index + 1
        centred = _with_centred_labels(sheet, index)
        if centred is not None:
            view, below = centred, index + 2  # the labels between are the banner's
        wrapped = _wrapped_header(view, index, below)
        if below < len(view.rows) and is_header_like(view.rows[below]):
            merged_cells = _joined(view, index, below) if wrapped else _combined(view, index, below)
            merged_fields = header_fields(merged_cells, known, names)
            candidates.append(
                HeaderGuess(
                    tuple(range(index, below + 1)),
                    tuple(merged_cells),
                    frozenset(merged_fields),
                    header_score(merged_fields),
                )
            )
        if len(candidates) == 2:
            lower_fields = header_fields(view.rows[below], known, names)
            alone = max(candidates[0].score, header_score(lower_fields))
            if candidates[1].score < alone or (
                candidates[1].score == alone
                and not wrapped
                and not _merged_over_both(view, index, below)
            ):
                candidates.pop()
            else:
                candidates.pop(0)  # the two rows are one header: the top one is no header
        for candidate in candidates:
            if len(candidate.fields) < MIN_HEADER_FIELDS or candidate.score == 0:
                continue
            if best is None or candidate.score > best.score:
                best = candidate
    return best
