"""What the words around a table state for its prices: its title above, its notes under.

A price list titled "GPU Pricing (USD per GPU per hour)" gives its bare prices that
currency and unit (:func:`with_title_terms`); a note "All prices in USD, excluding
taxes" gives a file that states its currency nowhere else that currency
(:func:`currency_in_notes`); "Alle Preise inkl. 19 % MwSt." above or under a table, in
its price column's header or in its price cells says its prices include VAT
(:func:`vat_statement`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import QuoteLine
from computescore.io.mapping import ColumnMapping, Field
from computescore.io.table_finder import Table, is_total_label
from computescore.io.values import (
    AMBIGUOUS_MARKS,
    UnitHint,
    currency_in_text,
    is_blank,
    parse_unit_text,
)
from computescore.io.values.vat import includes_vat, net_of_vat, states_net, vat_rates
from computescore.io.workbook import SheetData

TITLE_ROWS = 6
"""How many rows above a table's header are read as its title."""


_PER_PERIOD = re.compile(r"(per|/)\s*(hour|hr|h|month|mo|year|yr)\b|\b(hourly|monthly)\b")


def with_title_terms(table: Table, mapping: ColumnMapping) -> ColumnMapping:
    """The mapping with what the table's title states for prices that state nothing.

    A price list titled "GPU Pricing (USD per GPU per hour)" over ``GPU | On-demand |
    6-month | 12-month`` gives its prices that currency and unit, only to price columns
    without one: a whole unit (a basis and a period) stated in one sentence, else a period
    stated as one ("Prices in USD per hour."), never a term ("12-month offer"). A note
    about the prices under the table states their unit too ("All prices are per
    GPU-hour."); its currency is :func:`currency_in_notes`'s.
    """
    first = table.header_rows[0]
    currency: str | None = None
    unit: UnitHint | None = None
    per_period: UnitHint | None = None
    rows = table.sheet.rows
    notes = range(table.end_row, min(len(rows), table.end_row + NOTE_ROWS))
    for index in [*range(max(0, first - TITLE_ROWS), first), *notes]:
        cells = [c for c in rows[index] if not is_blank(c)]
        if not cells or len(cells) > 2 or not all(isinstance(c, str) for c in cells):
            continue
        for text in cells:
            assert isinstance(text, str)
            code, _ = currency_in_text(text)
            if code and code not in AMBIGUOUS_MARKS and index < first:
                currency = currency or code
            # Sentence by sentence: "Prices in USD per hour. Price includes the attached
            # GPUs" states a period, and names GPUs, but no price per GPU. Under the
            # table only a sentence about the prices counts ("All prices are per GPU-hour").
            for sentence in re.split(r"(?<=[.;])\s+", text):
                if index >= first and not _PRICES_PER.match(sentence.casefold()):
                    continue
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
            reason=column.reason or "its unit is stated in the table's title or notes",
        )
        if column.field is Field.PRICE and column.unit is None and unit is not None
        else column
        for column in mapping.columns
    )
    return replace(mapping, columns=columns, currency=mapping.currency or currency)


NOTE_ROWS = 15
"""How many rows under a table are read as its notes."""

_PRICES_PER = re.compile(
    r"^\W*(?:(?:all|alle|tous les|todos los|tutti i|our|unsere|nos|nuestros|i nostri)\s+)*"
    r"(?:prices?|rates?|preise|prix|precios|prezzi|prijzen|tarifs?)"
    r"(?:\s+(?:are|is|verstehen sich|sind|gelten|sont|son|sono|zijn|shown|stated|quoted|"
    r"given|listed|exclude\w*|include\w*|net|netto|in|en|im|[$€£¥]|usd|eur|gbp|chf|jpy|"
    r"cny|rmb|sek|nok|dkk|aud|cad|sgd|inr|krw|twd|hkd)|,)*"
    r"\s*(?:per|pro|par|por|/)\s"
)
"""A sentence under a table that states the unit of *all* its prices ("All prices are per
GPU-hour", "Alle Preise verstehen sich pro GPU-Stunde"); not one about some of them
("prices for reserved capacity are per GPU-month") or about something else ("GPU-hours
used beyond the commitment are billed at the on-demand rate")."""

_PRICE_WORDS = (
    r"prices?|rates?|amounts?|figures|preise?|betr[äa]ge|prix|montants|precios?|importes|"
    r"prezzi|importi|prijzen|bedragen|tarif\w*"
)
"""Words that name a table's prices in a sentence about them."""

_PRICES_ARE = re.compile(rf"\b(all )?({_PRICE_WORDS})\b.{{0,20}}\b(in|en|im|quoted in|stated in)\b")
"""A sentence that says what currency the prices are in ("All prices in USD")."""


def currency_in_notes(tables: Sequence[Table]) -> tuple[str, SheetData, int] | None:
    """The currency a sentence about the prices states above or under the tables ("All
    prices in USD, excluding taxes", "Preise in EUR"), or a totals row's label under them
    ("Subtotal (USD)", "Gesamtsumme EUR"), with the sheet and row that say it, when one
    currency alone is stated."""
    found: dict[str, tuple[SheetData, int]] = {}
    for table in tables:
        rows = table.sheet.rows
        after = range(table.end_row, min(len(rows), table.end_row + NOTE_ROWS))
        for index in [*range(table.first_row), *after]:
            for cell in rows[index]:
                if not isinstance(cell, str):
                    continue
                folded = cell.casefold()
                if _PRICES_ARE.search(folded) or (index >= table.end_row and is_total_label(cell)):
                    code, _ = currency_in_text(cell)
                    if code and code not in AMBIGUOUS_MARKS:
                        found.setdefault(code, (table.sheet, index))
    if len(found) != 1:
        return None
    ((code, (sheet, row)),) = found.items()
    return code, sheet, row


_ABOUT_PRICES = re.compile(rf"\b(all|alle|tous|todos|tutti|{_PRICE_WORDS})\b|价格|価格|金額")
"""A note about the prices, not a total ("Total incl. VAT" is the sum's own words)."""


@dataclass(frozen=True, slots=True)
class VatStatement:
    """Where a table says its prices include VAT, and the rates it gives for it."""

    rates: frozenset[Decimal]
    row: int
    """The sheet row (0-based) of the first words that say it."""
    column: int
    found: str


def vat_statement(table: Table, mapping: ColumnMapping) -> VatStatement | None:
    """Whether the table's prices include VAT: its price columns' headers say so ("Unit
    price incl. 19 % VAT"), or its price cells ("2,38 € inkl. MwSt."), or a note above or
    under it about the prices ("All prices include VAT at 20%", "Prix TTC"). The rates are
    every percentage those words give. A price column whose header says it is net ("Precio
    sin IVA", "Netto") is net, whatever a note says of another.
    """
    prices = [c for c in mapping.columns if c.field is Field.PRICE]
    if any(states_net(c.header) and not includes_vat(c.header) for c in prices):
        return None  # "Precio sin IVA", "Netto": a note about gross prices is another column's
    found: list[tuple[int, int, str]] = []
    header_row = table.header_rows[-1] if table.header_rows else table.first_row
    found.extend((header_row, c.index, c.header) for c in prices if includes_vat(c.header))
    for column in prices:
        at = column.index
        cells = {row.values[at] for row in table.rows if at < len(row.values)}
        said = [c for c in cells if isinstance(c, str) and includes_vat(c)]
        if said:
            row = next(r for r in table.rows if at < len(r.values) and r.values[at] in said)
            found.append((row.index, at, str(row.values[at])))
    rows = table.sheet.rows
    first = table.first_row
    notes = [*range(max(0, first - TITLE_ROWS), first)]
    notes += range(table.end_row, min(len(rows), table.end_row + NOTE_ROWS))
    for index in notes:
        filled = [(i, c) for i, c in enumerate(rows[index]) if not is_blank(c)]
        if len(filled) != 1:
            continue  # a note is one sentence; a tax row ("incl. 19 % VAT | 380.00") is not
        ((at, note),) = filled
        if isinstance(note, str) and includes_vat(note) and _ABOUT_PRICES.search(note.casefold()):
            found.append((index, at, note))
    if not found:
        return None
    rates = frozenset(rate for _, _, text in found for rate in vat_rates(text) if 0 < rate < 50)
    return VatStatement(rates, *found[0])


def net_of_vat_lines(
    table: Table,
    mapping: ColumnMapping,
    lines: Sequence[QuoteLine],
    cell: Callable[[int, int], str],
) -> tuple[list[QuoteLine], list[Problem]]:
    """The table's lines with prices net of VAT when the table says they include it at
    one rate (:func:`vat_statement`), and what was done; with no rate, or several, the
    lines as they are and a warning. ``cell`` names a cell by its row and column."""
    statement = vat_statement(table, mapping) if lines else None
    if statement is None:
        return list(lines), []
    source = cell(statement.row, statement.column)
    if len(statement.rates) != 1:
        rates = ", ".join(f"{r.normalize():f} %" for r in sorted(statement.rates))
        stated = f"at several rates ({rates})" if rates else "at a rate the file does not state"
        return list(lines), [
            Problem(
                source,
                f"The prices include VAT {stated}; they were kept as written, so this quote "
                "reads dearer by the tax than quotes net of it",
                Severity.WARNING,
                found=statement.found,
                expected="prices net of VAT, or the one rate they include",
            )
        ]
    (rate,) = statement.rates
    count = len(lines)
    which = "the price was" if count == 1 else f"each of the table's {count:,} prices was"
    return [replace(line, price=net_of_vat(line.price, rate)) for line in lines], [
        Problem(
            source,
            f"The prices include VAT at {rate.normalize():f} %: {which} divided by "
            f"{1 + rate / 100:f} to compare it net of tax, as every quote is",
            Severity.WARNING,
            found=statement.found,
            expected="prices net of VAT",
        )
    ]
