"""What the words around a table state for its prices: its title above, its notes under.

A price list titled "GPU Pricing (USD per GPU per hour)" gives its bare prices that
currency and unit (:func:`with_title_terms`); a note "All prices in USD, excluding
taxes" gives a file that states its currency nowhere else that currency
(:func:`currency_in_notes`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from computescore.io.mapping import ColumnMapping, Field
from computescore.io.table_finder import Table
from computescore.io.values import (
    AMBIGUOUS_MARKS,
    UnitHint,
    currency_in_text,
    is_blank,
    parse_unit_text,
)
from computescore.io.workbook import SheetData

TITLE_ROWS = 6
"""How many rows above a table's header are read as its title."""


_PER_PERIOD = re.compile(r"(per|/)\s*(hour|hr|h|month|mo|year|yr)\b|\b(hourly|monthly)\b")


def with_title_terms(table: Table, mapping: ColumnMapping) -> ColumnMapping:
    """The mapping with what the table's title states for prices that state nothing.

    A price list titled "GPU Pricing (USD per GPU per hour)" over ``GPU | On-demand |
    6-month | 12-month`` gives its prices that currency and unit, only to price columns
    without one: a whole unit (a basis and a period) stated in one sentence, else a period
    stated as one ("Prices in USD per hour."), never a term ("12-month offer").
    """
    first = table.header_rows[0]
    currency: str | None = None
    unit: UnitHint | None = None
    per_period: UnitHint | None = None
    for index in range(max(0, first - TITLE_ROWS), first):
        cells = [c for c in table.sheet.rows[index] if not is_blank(c)]
        if not cells or len(cells) > 2 or not all(isinstance(c, str) for c in cells):
            continue
        for text in cells:
            assert isinstance(text, str)
            code, _ = currency_in_text(text)
            if code and code not in AMBIGUOUS_MARKS:
                currency = currency or code
            # Sentence by sentence: "Prices in USD per hour. Price includes the attached
            # GPUs" states a period, and names GPUs, but no price per GPU.
            for sentence in re.split(r"(?<=[.;])\s+", text):
                hint = parse_unit_text(sentence)
                if hint is None or hint.period is None:
                    continue
                if hint.basis is not None:
                    unit = unit or hint
                elif _PER_PERIOD.search(sentence.casefold()):
                    per_period = per_period or hint  # "Prices in USD per hour."
    unit = unit or per_period
    if currency is None and unit is None:
        return mapping
    columns = tuple(
        replace(
            column,
            unit=column.unit or unit,
            reason=column.reason or "its unit is stated in the table's title",
        )
        if column.field is Field.PRICE and column.unit is None and unit is not None
        else column
        for column in mapping.columns
    )
    return replace(mapping, columns=columns, currency=mapping.currency or currency)


NOTE_ROWS = 15
"""How many rows under a table are read as its notes."""

_PRICES_ARE = re.compile(
    r"\b(all )?(prices?|rates?|amounts?|figures|preise|betr[äa]ge|prix|montants|precios|"
    r"importes|prezzi|importi|prijzen|bedragen)\b.{0,20}\b(in|en|im|quoted in|stated in)\b"
)
"""A sentence that says what currency the prices are in ("All prices in USD")."""


def currency_in_notes(tables: Sequence[Table]) -> tuple[str, SheetData, int] | None:
    """The currency a sentence about the prices states above or under the tables ("All
    prices in USD, excluding taxes", "Preise in EUR"), with the sheet and row that say
    it, when one currency alone is stated."""
    found: dict[str, tuple[SheetData, int]] = {}
    for table in tables:
        rows = table.sheet.rows
        after = range(table.end_row, min(len(rows), table.end_row + NOTE_ROWS))
        for index in [*range(table.first_row), *after]:
            for cell in rows[index]:
                if isinstance(cell, str) and _PRICES_ARE.search(cell.casefold()):
                    code, _ = currency_in_text(cell)
                    if code and code not in AMBIGUOUS_MARKS:
                        found.setdefault(code, (table.sheet, index))
    if len(found) != 1:
        return None
    ((code, (sheet, row)),) = found.items()
    return code, sheet, row
