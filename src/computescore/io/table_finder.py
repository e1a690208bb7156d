"""Finding the quote table in a sheet laid out however the vendor liked.

The header row is the row (or pair of rows, when a merged banner such as "Pricing"
sits above sub-headers) whose cells name the most distinct canonical fields; title
rows, logos, blank rows and notes above it are skipped. Data rows run from below the
header to a totals or notes row; blank rows, repeated header rows (page breaks in
exported files), subtotals and section headings inside the table are skipped and
recorded. Hidden rows are kept and marked so the user can be told.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from computescore.io.cell_kinds import is_amount
from computescore.io.header_finder import (
    HeaderGuess,
    Known,
    Names,
    field_of,
    find_header,
    header_fields,
    header_score,
    is_header_like,
    named_accelerators,
)
from computescore.io.mapping import Field, normalise_header
from computescore.io.values import currency_in_text, is_blank, normalise_text, parse_unit_text
from computescore.io.workbook import CellValue, SheetData, Visibility

_SUBTOTAL = re.compile(
    r"^(sub-?\s?total|subtotal|section total|zwischensumme|sous-total|subtotale|"
    r"tussentotaal|subtotaal|totaal excl|net amount|net total|net price|nettobetrag|"
    r"nettosumme|netto|totale imponibile|"
    r"montant ht|total ht|importe neto|base imponible|imponibile|nettobedrag)\b"
    r"|\bsub-?\s?total$|^(小计|小計|소계|공급가액)"
)
_NOTES = re.compile(
    r"^(notes?|remarks?|comments?|footnotes?|terms( and conditions| & conditions)?|"
    r"conditions|disclaimer|assumptions|exclusions|important|please note|nb)\b[:.]?"
)
_FOOTNOTE = re.compile(r"^(\*|†|‡|\(\d\)|\[\d\]|note:|nb:)")


class SkipReason(StrEnum):
    """Why a row inside the table was not read as a line."""

    BLANK = "blank"
    REPEATED_HEADER = "repeated header"
    SUBTOTAL = "subtotal"
    SECTION = "section heading"
    CLOSING = "closing row"
    """A row of the quote's closing block whose label stands in a price column
    ("Unit price: Discount | Extended price: −329,770.80"), read by the totals check."""
    RULE = "rule"
    """A line drawn with characters ("-------"), as a printout draws its table's rules."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """A data row of the table (0-based sheet row) and the section heading above it."""

    index: int
    values: Sequence[CellValue]
    hidden: bool = False
    section: str | None = None
    section_unit: str | None = None
    """The unit its section heading states in a price column ("Storage | … | Price per
    GB per month"): the unit of the prices under it."""


@dataclass(frozen=True, slots=True)
class Table:
    """A quote table found in a sheet.

    Attributes:
        sheet: the sheet it is in.
        header_row: the 0-based row of the (last) header row.
        header_rows: every row that makes up the header (one, or a banner and its sub-row).
        headers: the header text per column (a merged banner's text spread over the
            columns it covers when a sub-row names them).
        rows: the data rows.
        end_row: the 0-based row where the table stopped (exclusive).
        stop_reason: what stopped it (a totals or notes row), or None at the sheet's end.
        skipped: rows inside the table that were skipped, with why.
        fields: the canonical fields the headers name.
        continues: for a table carried over from the page before without its header
            (a PDF quote), the table it continues; its headers are that table's, and
            ``header_rows`` is empty.
    """

    sheet: SheetData
    header_row: int
    header_rows: tuple[int, ...]
    headers: tuple[CellValue, ...]
    rows: tuple[TableRow, ...]
    end_row: int
    stop_reason: str | None
    skipped: tuple[tuple[int, SkipReason], ...]
    fields: frozenset[Field]
    continues: Table | None = None

    @property
    def first_row(self) -> int:
        """The table's first row: its header's, or its first line's when it carries on
        from the page before."""
        if self.header_rows:
            return self.header_rows[0]
        return self.rows[0].index if self.rows else self.header_row + 1

    @property
    def hidden_rows(self) -> tuple[int, ...]:
        """The data rows hidden in the workbook (0-based)."""
        return tuple(row.index for row in self.rows if row.hidden)


def _text(value: CellValue) -> str:
    return "" if is_blank(value) else normalise_text(value)


_TOTAL_WORD = re.compile(
    r"(?<![a-z])(total|totals|sum|subtotal|summe|gesamt\w*|totale|totaal|"
    r"endsumme|合计|总计|合計|総計|総額|합계|총계|총액)(?![a-z])"
    # what is owed in all: "Amount due", "Balance payable", "Montant TTC", "Zahlbetrag"
    r"|^(amount|balance|sum) (due|payable|to pay)|^(montant|prix) ttc|^net à payer"
    r"|^(zahlbetrag|rechnungsbetrag|endbetrag|bruttobetrag)|^importe a pagar"
    # an order form's sum of its recurring lines: "Monthly recurring", "MRC"
    r"|^(monthly |annual )?recurring( charges| fees)?$|^monthly recurring charges?$|^mrc$"
)
_TAX_WORDS = (
    r"(vat|tax|taxes|sales tax|gst|hst|mwst\.?|ust\.?|iva|tva|btw|moms|增值税|消費税|부가세|"
    r"부가가치세)"
)
_TAX = re.compile(
    rf"^(estimated |est\.? |sales |consumption )?{_TAX_WORDS}(?![a-z])"
    # "Plus VAT @ 20%", "zzgl. 19 % MwSt.", "+ TVA 20 %", "19% MwSt": a tax added on
    rf"|^(plus|add|zzgl\.?|zuzüglich|\+|incl\.?|inkl\.?|including)\s*"
    rf"(\d+([.,]\d+)?\s*%\s*)?{_TAX_WORDS}(?![a-z])"
    rf"|^\d+([.,]\d+)?\s*%\s*{_TAX_WORDS}(?![a-z])"
)


def is_tax_label(text: str) -> bool:
    """True for a tax row's label: ``VAT 19 %``, ``MwSt.``, ``TVA``, ``GST``, ``增值税``,
    and a tax added on: ``Plus VAT @ 20%``, ``zzgl. 19 % MwSt.``, ``19% MwSt``."""
    return bool(_TAX.match(text.strip().casefold()))


def is_total_label(text: str) -> bool:
    """True for a subtotal, net-amount or total row's label (``Net Subtotal``,
    ``Zwischensumme``, ``Grand Total``, ``合計``, ``Amount due``)."""
    folded = text.strip().casefold()
    return bool(_SUBTOTAL.search(folded) or _TOTAL_WORD.search(folded))


def _is_total(text: str, filled: int, numbers: int) -> bool:
    """A totals row: "total" (or "sum") in its first text, an amount beside it, and little
    else in the row. Words alone ("InfiniBand NDR, 128 GPUs total", a description wrapped
    onto a second line of a PDF) state no total."""
    return bool(_TOTAL_WORD.search(text)) and 2 <= filled <= 3 and numbers <= 2


_NUMBER_CLASSES = (int, float)
"""Cell classes that make a row a data row when its first cell has one of them."""

_NOTE_STARTS = frozenset("nrcftdaeip*†‡([")
"""Every first character :data:`_NOTES` and :data:`_FOOTNOTE` can match (text is folded)."""


def _solid(cell: CellValue) -> bool:
    return cell is not None and cell != "" and not (cell.__class__ is str and cell.isspace())


def plainly_data(cells: Sequence[CellValue], first_word: str) -> bool:
    """True for a row :func:`classify_row` certainly calls a data row, decided cheaply.

    Such a row starts with a number, or with digits written as text (a CSV line
    number) followed by three filled cells that make it more than a heading or a
    total; ``first_word`` is the first word of the header's first key, which a
    repeated header row would contain. False means "ask :func:`classify_row`".
    """
    if not cells:
        return False
    first = cells[0]
    if first.__class__ in _NUMBER_CLASSES:
        return True
    return (
        first.__class__ is str
        and first.isdigit()
        and len(cells) > 3
        and bool(first_word)
        and first_word not in first
        and _solid(cells[1])
        and _solid(cells[2])
        and _solid(cells[3])
    )


def _plain_named_row(cells: Sequence[CellValue], first_key: str, known: dict[str, bool]) -> bool:
    """True for a row of four or more filled cells whose first text can start no notes,
    footnote or repeated header row: :func:`classify_row` would call it a data row.

    Past three filled cells only those three kinds remain, and each is decided by the
    first text alone (a repeated header also needs the first text to be the header's
    first key), so the answer is kept per first text in ``known``.
    """
    if len(cells) < 4:
        return False
    first = cells[0]
    if first.__class__ is not str:
        return False
    assert isinstance(first, str)
    plain = known.get(first)
    if plain is False:
        return False
    for cell in (cells[1], cells[2], cells[3]):
        # As _solid, inline: this runs for every row of a price list.
        if cell is None or cell == "" or (cell.__class__ is str and cell.isspace()):
            return False
    if plain is None:
        if not first or first.isspace():
            known[first] = False
            return False
        folded = first.strip().lower() if first.isascii() else normalise_text(first).casefold()
        plain = known[first] = not (
            _NOTES.match(folded) or _FOOTNOTE.match(folded) or normalise_header(first) == first_key
        )
    return plain


_RULE = re.compile(r"\s*[-–—_=*.·]{3,}\s*")
"""A row drawn as a line: dashes, underscores, equals signs."""


def classify_row(
    cells: Sequence[CellValue], header_keys: Sequence[str], first_key: str | None = None
) -> str | None:
    """What a row inside a table is when it is not a line: total, subtotal, notes, header …

    Returns ``"total"``, ``"notes"``, ``"subtotal"``, ``"header"``, ``"blank"``,
    ``"rule"``, ``"section"`` or None for an ordinary data row. Called for every row of a price
    list, so the common case (a data row) is decided with few operations: a row whose
    first filled cell is a number is a data row, the notes patterns are only tried on
    text that starts as they do, and cells are only counted as far as a decision needs
    them; ``first_key`` is the header's first non-empty key, when the caller has it.
    """
    first: CellValue = None
    filled = numbers = 0
    remaining = iter(cells)
    for cell in remaining:
        if cell is None:
            continue
        if cell.__class__ is str:
            if not cell or cell.isspace():
                continue
        elif cell == "":
            continue
        else:
            if not isinstance(cell, str):
                return None
            numbers += 1
        first, filled = cell, 1
        break
    if first is None:
        return "blank"
    assert isinstance(first, str)
    folded = first.strip().lower() if first.isascii() else normalise_text(first).casefold()
    # Past four filled cells only the notes patterns still need the count of numbers.
    counted = folded[:1] in _NOTE_STARTS
    for cell in remaining:
        if cell is None:
            continue
        if cell.__class__ is str:
            if not cell or cell.isspace():
                continue
        elif cell == "":
            continue
        else:
            numbers += 1
        filled += 1
        if filled > 3 and not counted:
            break
    if filled <= 3:
        if (_SUBTOTAL.search(folded) or _TAX.match(folded)) and filled <= 3:
            return "subtotal"
        if _is_total(folded, filled, numbers):
            return "total"
    if counted and (_NOTES.match(folded) or (numbers == 0 and _FOOTNOTE.match(folded))):
        return "notes"
    if filled == 1 and numbers == 0:
        if _RULE.fullmatch(folded):
            return "rule"
        if len(folded) > 60 or folded.endswith(".") or ":" in folded:
            return "notes"
        return "section"
    if first_key is None:
        first_key = next((key for key in header_keys if key), "")
    if (
        first_key
        and filled >= 2
        and first_key.split(" ")[0] in folded
        and normalise_header(first) == first_key
    ):
        keys = [normalise_header(cell) if isinstance(cell, str) else "" for cell in cells]
        width = len(header_keys)
        keys = (keys + [""] * width)[:width]
        if keys == list(header_keys):
            return "header"
    return None


def _price_columns(header: HeaderGuess, known: Known | None, names: Names | None) -> list[int]:
    named = named_accelerators(header.cells, known, names)
    return [
        index
        for index, cell in enumerate(header.cells)
        if index in named or field_of(cell, known) in (Field.PRICE, Field.LINE_TOTAL)
    ]


def _label_under_price(cells: Sequence[CellValue], price_columns: Sequence[int]) -> bool:
    """True for a closing row whose words stand in a price column, the amount beside them
    and nothing before: ``| | | | Discount | -329,770.80``. A line has its description
    before its prices."""
    solid = [(col, cell) for col, cell in enumerate(cells) if _solid(cell)]
    if not 2 <= len(solid) <= 3:
        return False
    col, first = solid[0]
    return (
        col in price_columns
        and isinstance(first, str)
        and any(ch.isalpha() for ch in first)
        and all(col in price_columns for col, _ in solid[1:])
    )


def _is_new_header(
    sheet: SheetData,
    index: int,
    header: HeaderGuess,
    known: Known | None = None,
    names: Names | None = None,
) -> bool:
    """True when a row inside a table is the header of another table."""
    cells = sheet.rows[index]
    if not is_header_like(cells):
        return False
    fields = header_fields(cells, known, names)
    return len(fields) >= 3 and header_score(fields) > 0 and tuple(cells) != header.cells


def _next_filled(sheet: SheetData, index: int) -> int | None:
    for following in range(index + 1, min(index + 6, len(sheet.rows))):
        if any(cell is not None and cell != "" for cell in sheet.rows[following]):
            return following
    return None


def _unit_heading(cells: Sequence[CellValue], price_columns: Sequence[int]) -> str | None:
    """The unit a section heading states in a price column, or None when the row is not
    such a heading: a label, then only words of a unit in price columns and no figure
    ("Storage | | | | | Price per GB per month")."""
    filled: list[tuple[int, str]] = []
    for col, cell in enumerate(cells):
        if cell is None or cell == "":
            continue
        if not isinstance(cell, str) or len(filled) > 3:
            return None  # a figure, or more than a heading holds: a line
        if not cell.isspace():
            filled.append((col, cell))
    if len(filled) < 2 or filled[0][0] in price_columns:
        return None
    units = filled[1:]
    if not all(
        col in price_columns
        and isinstance(cell, str)
        and not any(ch.isdigit() for ch in cell)
        and _UNIT_WORDS.search(cell)
        and parse_unit_text(cell) is not None
        for col, cell in units
    ):
        return None
    return str(units[0][1]).strip()


_UNIT_WORDS = re.compile(r"\bper\b|/|\bpro\b|\bpar\b|\bpor\b|\bal\b|\bje\b", re.IGNORECASE)
"""Words that make a text in a price column a unit ("per GB per month", "€/GB")."""


def read_table(
    sheet: SheetData, header: HeaderGuess, known: Known | None = None, names: Names | None = None
) -> Table:
    """Collect the data rows under a header, stopping at a totals or notes row.

    A section heading inside the table is skipped when lines follow it; when what
    follows is not a line (no price) the table ends there, and when another header
    follows (after a heading, a blank or a subtotal row), the table ends so that the
    next table can be read with its own header.
    """
    header_keys = [normalise_header(_text(cell)) if _text(cell) else "" for cell in header.cells]
    price_columns = _price_columns(header, known, names)
    item_table = Field.LINE_TOTAL in header.fields
    first_key = next((key for key in header_keys if key), "")
    rows: list[TableRow] = []
    skipped: list[tuple[int, SkipReason]] = []
    section: str | None = None
    section_unit: str | None = None
    stop_reason: str | None = None
    start = header.rows[-1] + 1
    end = len(sheet.rows)

    def priced(index: int) -> bool:
        cells = sheet.rows[index]
        return any(
            col < len(cells) and cells[col] is not None and cells[col] != ""
            for col in price_columns
        )

    after_gap = False
    sheet_rows, hidden = sheet.rows, sheet.hidden_rows
    first_word = first_key.split(" ")[0]
    plain_firsts: dict[str, bool] = {}
    for index in range(start, len(sheet_rows)):
        cells = sheet_rows[index]
        # Price lists are mostly rows that start with a line number, or with one of a
        # few names repeated (an instance type): such a row is a data row, as
        # classify_row would say, and is taken without asking it.
        if plainly_data(cells, first_word) or _plain_named_row(cells, first_key, plain_firsts):
            if not after_gap:
                rows.append(TableRow(index, cells, index in hidden, section, section_unit))
                continue
            kind = None
        else:
            kind = classify_row(cells, header_keys, first_key)
        if kind == "blank":
            skipped.append((index, SkipReason.BLANK))
            after_gap = True
            continue
        if kind in ("total", "notes"):
            end = index
            stop_reason = f"{kind} row {index + 1}"
            break
        if kind == "header":
            skipped.append((index, SkipReason.REPEATED_HEADER))
            continue
        if kind == "rule":  # a printout's rule under its header or above its totals
            skipped.append((index, SkipReason.RULE))
            continue
        if kind == "subtotal":
            skipped.append((index, SkipReason.SUBTOTAL))
            after_gap = True
            continue
        if kind is None and item_table and _label_under_price(cells, price_columns):
            skipped.append((index, SkipReason.CLOSING))
            after_gap = True
            continue
        if after_gap and _is_new_header(sheet, index, header, known, names):
            end = index
            stop_reason = f"another table's header at row {index + 1}"
            break
        if (
            kind is None
            and after_gap
            and not priced(index)
            and sum(1 for cell in cells if _solid(cell)) <= 2
        ):
            # A summary under the lines ("Estimated monthly recurring | $300,036.00"):
            # a line would have a price in a price column.
            end = index
            stop_reason = f"end of table before row {index + 1}"
            break
        heading_unit = _unit_heading(cells, price_columns) if kind is None else None
        if heading_unit is not None:
            kind = "section"
        if kind == "section":
            following = _next_filled(sheet, index)
            if following is None or (
                not priced(following) and not _is_new_header(sheet, following, header, known, names)
            ):
                end = index
                stop_reason = f"end of table before row {index + 1}"
                break
            if _is_new_header(sheet, following, header, known, names):
                end = index
                stop_reason = f"another table after row {index + 1}"
                break
            skipped.append((index, SkipReason.SECTION))
            # A heading that is only a dash names no section.
            section = _text(next((cell for cell in cells if not is_blank(cell)), None))
            section_unit = heading_unit
            continue
        after_gap = False
        rows.append(TableRow(index, cells, index in hidden, section, section_unit))
    last = rows[-1].index if rows else start
    skipped = [(index, reason) for index, reason in skipped if index < last]
    return Table(
        sheet=sheet,
        header_row=header.rows[-1],
        header_rows=header.rows,
        headers=header.cells,
        rows=tuple(rows),
        end_row=end,
        stop_reason=stop_reason,
        skipped=tuple(skipped),
        fields=header.fields,
    )


def find_tables(
    sheets: Sequence[SheetData],
    sheet_name: str | None = None,
    known: Known | None = None,
    names: Names | None = None,
) -> list[Table]:
    """The quote tables of a workbook, several per sheet when a sheet holds several.

    Args:
        sheets: the workbook's sheets.
        sheet_name: only look in this sheet (case-insensitive).
        known: headers the user or the vendor's profile mapped, by normalised text.
        names: whether a header names an accelerator (accelerators as columns).

    Returns:
        Tables in workbook order; hidden sheets are included (their visibility is on
        the sheet record, for the caller to report or leave out).
    """
    tables: list[Table] = []
    for sheet in sheets:
        if (
            sheet_name is not None
            and sheet.name.strip().casefold() != sheet_name.strip().casefold()
        ):
            continue
        start = 0
        while start < len(sheet.rows):
            header = find_header(sheet, start=start, known=known, names=names)
            if header is None:
                break
            table = read_table(sheet, header, known, names)
            if table.rows:
                tables.append(table)
            start = max(table.end_row, header.rows[-1] + 1)
    return tables


_MONEY_TEXT = re.compile(r"[$€£¥₩]|\d[.,]\d\d(?!\d)")
"""Text that is money: a currency sign, or two decimals ("34,200.00", "1,95"); or a
currency's code (:func:`_is_money_text`), which "877 665 MVA" (a Norwegian company
number) does not state."""


def _is_money_text(text: str) -> bool:
    return _MONEY_TEXT.search(text) is not None or currency_in_text(text) != (None, None)


def carried_over(
    sheets: Sequence[SheetData],
    tables: Sequence[Table],
    known: Known | None = None,
    names: Names | None = None,
) -> list[Table]:
    """The tables, with each PDF table that runs on to the next page without its header
    read there as well (:attr:`Table.continues`).

    A page carries a table over when the table on the page before ran to that page's
    end (no totals or notes row ended it), and the first rows of this page that read like
    quote lines (:func:`looks_like_line`) stand above every header of the page, in the
    table's columns: each filled cell where the table's rows hold the same kind of value
    (a figure, or words).
    """
    out = list(tables)
    for before, sheet in itertools.pairwise(sheets):
        previous = next((t for t in reversed(out) if t.sheet is before), None)
        if previous is None or not previous.rows or not _ran_to_end(previous):
            continue
        own = [t.first_row for t in out if t.sheet is sheet]
        limit = min(own, default=len(sheet.rows))
        start = next((i for i in range(limit) if looks_like_line(sheet.rows[i])), None)
        if start is None or not _same_columns(previous, sheet.rows[start]):
            closing = _closing_on_top(sheet, limit)
            if closing is not None and Field.LINE_TOTAL in previous.fields:
                # Only the table's closing block stands on this page (its subtotal,
                # discount, shipping and total): a table of no lines that carries it.
                ends = replace(
                    previous,
                    sheet=sheet,
                    header_row=closing - 1,
                    header_rows=(),
                    rows=(),
                    end_row=closing,
                    stop_reason=f"end of table before row {closing + 1}",
                    skipped=(),
                    continues=previous.continues or previous,
                )
                out.insert(next(i for i, t in enumerate(out) if t is previous) + 1, ends)
            continue
        header = HeaderGuess((start - 1,), tuple(previous.headers), previous.fields, 1)
        table = read_table(sheet, header, known, names)
        rows = tuple(row for row in table.rows if row.index < limit)
        if not rows:
            continue
        carried = replace(
            table,
            header_rows=(),
            rows=rows,
            end_row=min(table.end_row, limit),
            skipped=tuple((i, why) for i, why in table.skipped if i < limit),
            continues=previous.continues or previous,
        )
        out.insert(next(i for i, t in enumerate(out) if t is previous) + 1, carried)
    return out


def _closing_on_top(sheet: SheetData, limit: int) -> int | None:
    """The row a page starts with when it is a closing row of the table before: a subtotal,
    tax or total label and an amount beside it, and nothing else ("Subtotal | $1,655,242.00"),
    above every header of the page."""
    for index in range(limit):
        filled = [cell for cell in sheet.rows[index] if _solid(cell)]
        if not filled:
            continue
        label, *rest = filled
        amounts = [
            c for c in rest if isinstance(c, int | float) or (isinstance(c, str) and is_amount(c))
        ]
        shown = isinstance(label, str) and (is_total_label(label) or is_tax_label(label))
        return index if shown and rest and len(amounts) == len(rest) <= 2 else None
    return None


def _ran_to_end(table: Table) -> bool:
    """True when nothing but the page's end (or a line of words) ended the table."""
    return table.stop_reason is None or table.stop_reason.startswith("end of table")


def _same_columns(table: Table, cells: Sequence[CellValue]) -> bool:
    """True when a row's filled cells stand in the table's columns and hold the kind of
    value the table's rows hold there (a figure, or words); one cell in four may differ."""
    filled = [i for i, cell in enumerate(cells) if _solid(cell)]
    if not filled or filled[-1] >= len(table.headers):
        return False
    differ = 0
    for column in filled:
        kinds = [
            is_amount(row.values[column])
            for row in table.rows
            if column < len(row.values) and _solid(row.values[column])
        ]
        if not kinds or (2 * sum(kinds) > len(kinds)) != is_amount(cells[column]):
            differ += 1
    return differ <= len(filled) // 4


def looks_like_line(cells: Sequence[CellValue]) -> bool:
    """True for a row outside every table that reads like a quote line: at least four
    filled cells, two of them numbers or amounts and one of those money (a currency, two
    decimals, or a figure of four digits and more), and words (a table continued on a page
    without its header, or under a header not recognised). A support table's row ("Sev 1 |
    15 min | 4 h | 10%") is not money."""
    filled = [cell for cell in cells if _solid(cell)]
    if len(filled) < 4:
        return False
    numbers = money = 0
    for cell in filled:
        if isinstance(cell, int | float) and not isinstance(cell, bool):
            numbers += 1
            money += abs(cell) >= 1000 or not float(cell).is_integer()
        elif isinstance(cell, str) and is_amount(cell):
            numbers += 1
            money += _is_money_text(cell)
    words = [c for c in filled if isinstance(c, str) and re.search(r"[^\W\d_]{3}", c)]
    return numbers >= 2 and money >= 1 and bool(words)


def is_hidden_sheet(sheet: SheetData) -> bool:
    """True for sheets hidden or very hidden in the workbook."""
    return sheet.visibility is not Visibility.VISIBLE
