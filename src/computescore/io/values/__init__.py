"""Parsers for the values vendors write in quote cells.

Each parser takes a cell value (text, number, date or None) and returns
``(value, problem)``: the parsed value, or None, and a :class:`~computescore.domain.
problems.Problem` when something is wrong or doubtful. ``source`` names the cell in
problems (``quote.xlsx!Pricing!D7``); the parsers are otherwise pure, so callers may
cache results per distinct cell text.

Money is parsed strictly into ``Decimal``. A number whose only separator is followed by
exactly three digits (``1.234``, ``1,234``) means a thousand-and-something in one
convention and one-and-a-bit in the other; it is resolved only by a stated decimal
mark (a per-vendor profile, a flag, or other cells of the same file written
unambiguously) or a currency that has no minor unit (yen, won), and otherwise
reported as ambiguous, never guessed.
"""

from __future__ import annotations

from computescore.io.values.accelerators import decimal_or_none as decimal_or_none
from computescore.io.values.accelerators import looks_like_accelerator as looks_like_accelerator
from computescore.io.values.accelerators import (
    money_problem_is_ambiguity as money_problem_is_ambiguity,
)
from computescore.io.values.accelerators import names_a_cost as names_a_cost
from computescore.io.values.accelerators import names_a_service as names_a_service
from computescore.io.values.accelerators import names_cpu_instance as names_cpu_instance
from computescore.io.values.accelerators import resolve_accelerator as resolve_accelerator
from computescore.io.values.categories import categorise_cost as categorise_cost
from computescore.io.values.categories import parse_category as parse_category
from computescore.io.values.categories import parse_kind as parse_kind
from computescore.io.values.currencies import AMBIGUOUS_MARKS as AMBIGUOUS_MARKS
from computescore.io.values.currencies import ISO_CURRENCIES as ISO_CURRENCIES
from computescore.io.values.currencies import POINT_DECIMAL_CURRENCIES as POINT_DECIMAL_CURRENCIES
from computescore.io.values.currencies import ZERO_DECIMAL_CURRENCIES as ZERO_DECIMAL_CURRENCIES
from computescore.io.values.currencies import currency_in_text as currency_in_text
from computescore.io.values.currencies import resolve_symbol as resolve_symbol
from computescore.io.values.currencies import yen_or_yuan as yen_or_yuan
from computescore.io.values.dates import excel_serial_to_date as excel_serial_to_date
from computescore.io.values.dates import month_first_pair as month_first_pair
from computescore.io.values.dates import parse_date as parse_date
from computescore.io.values.dates import settle_month_first as settle_month_first
from computescore.io.values.dates import spelled_date as spelled_date
from computescore.io.values.durations import parse_days as parse_days
from computescore.io.values.durations import parse_duration_minutes as parse_duration_minutes
from computescore.io.values.durations import parse_percent as parse_percent
from computescore.io.values.money import Basis as Basis
from computescore.io.values.money import Money as Money
from computescore.io.values.money import Period as Period
from computescore.io.values.money import UnitHint as UnitHint
from computescore.io.values.money import parse_count as parse_count
from computescore.io.values.money import parse_decimal as parse_decimal
from computescore.io.values.money import parse_money as parse_money
from computescore.io.values.money import parse_unit_text as parse_unit_text
from computescore.io.values.money import says_no_price as says_no_price
from computescore.io.values.money import states_once as states_once
from computescore.io.values.numbers import NumberReading as NumberReading
from computescore.io.values.numbers import number_mark_evidence as number_mark_evidence
from computescore.io.values.numbers import read_number_text as read_number_text
from computescore.io.values.terms import TermsReading as TermsReading
from computescore.io.values.terms import names_spot as names_spot
from computescore.io.values.terms import parse_terms as parse_terms
from computescore.io.values.text import DecimalMark as DecimalMark
from computescore.io.values.text import is_blank as is_blank
from computescore.io.values.text import normalise_text as normalise_text
from computescore.io.values.text import split_footnote as split_footnote
from computescore.io.values.units import price_unit_for as price_unit_for
