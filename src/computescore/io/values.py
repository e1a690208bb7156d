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

import re
import unicodedata
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal, InvalidOperation
from enum import StrEnum

from computescore.domain.catalog import AliasMatch, Catalogue
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import CostCategory, Deployment, PriceUnit

# --------------------------------------------------------------------------- helpers


class DecimalMark(StrEnum):
    """Which character separates the fraction in a number as the vendor writes it."""

    POINT = "point"
    COMMA = "comma"


def normalise_text(value: object) -> str:
    """Cell text folded for parsing: NFKC (full-width and no-break spaces become plain), trimmed."""
    text = unicodedata.normalize("NFKC", str(value))
    return " ".join(text.replace("\u2212", "-").split())


_FOOTNOTE_MARK = re.compile(
    r"^(?P<body>.*[0-9A-Za-z%])\s*(?P<mark>\*{1,3}|[†‡§#]{1,3}|[¹²³⁴⁵⁶⁷⁸⁹⁰]{1,2}|"
    r"\((?:[a-z]|\d{1,2}|[ivx]{1,4})\)|\[(?:[a-z]|\d{1,2})\])$"
)


def split_footnote(text: str) -> tuple[str, str | None]:
    """A value and the footnote mark after it: ``"2.10¹"`` → ``("2.10", "¹")``.

    Read before any Unicode folding, which would turn ``¹`` into a digit and ``2.10¹``
    into ``2.101``.
    """
    found = _FOOTNOTE_MARK.match(text.strip())
    if found is None:
        return text, None
    return found["body"].strip(), found["mark"]


def _problem(
    source: str,
    message: str,
    found: object = None,
    expected: str | None = None,
    severity: Severity = Severity.ERROR,
) -> Problem:
    return Problem(
        source=source,
        message=message,
        severity=severity,
        found=None if found is None else str(found),
        expected=expected,
    )


def is_blank(value: object) -> bool:
    """True for an empty cell or one holding only spaces or a dash placeholder."""
    if value is None:
        return True
    if isinstance(value, str):
        stripped = value.strip()
        return stripped in ("", "-", "–", "—")
    return False


# --------------------------------------------------------------------------- currencies

ISO_CURRENCIES = frozenset(
    [
        "USD",
        "EUR",
        "GBP",
        "CNY",
        "JPY",
        "KRW",
        "INR",
        "HKD",
        "SGD",
        "TWD",
        "AUD",
        "NZD",
        "CAD",
        "CHF",
        "SEK",
        "NOK",
        "DKK",
        "PLN",
        "CZK",
        "HUF",
        "RON",
        "BGN",
        "BRL",
        "MXN",
        "ARS",
        "CLP",
        "COP",
        "PEN",
        "ZAR",
        "AED",
        "SAR",
        "QAR",
        "KWD",
        "BHD",
        "OMR",
        "ILS",
        "TRY",
        "RUB",
        "UAH",
        "THB",
        "MYR",
        "IDR",
        "PHP",
        "VND",
        "EGP",
        "NGN",
        "KES",
        "MAD",
        "PKR",
        "BDT",
        "LKR",
        "ISK",
    ]
)
"""ISO 4217 codes recognised in quote cells and headers."""

ZERO_DECIMAL_CURRENCIES = frozenset({"JPY", "KRW", "VND", "CLP", "ISK", "IDR"})
POINT_DECIMAL_CURRENCIES = frozenset({"CNY", "JPY", "KRW", "TWD"})
"""Currencies whose amounts are never written with a decimal comma: ``¥12,600`` is twelve
thousand six hundred."""
_POINT_DECIMAL_SIGNS = frozenset({"¥", "元", "円", "₩", "NT$"})
"""Currencies written without a minor unit: a lone separator before three digits groups."""

_CODE_ALIASES = {
    "RMB": "CNY",
    "YUAN": "CNY",
    "EURO": "EUR",
    "EUROS": "EUR",
    "YEN": "JPY",
    "DOLLAR": "USD",
    "DOLLARS": "USD",
    "NTD": "TWD",
}

_SYMBOLS: tuple[tuple[str, str], ...] = (
    ("US$", "USD"),
    ("U$S", "USD"),
    ("USD$", "USD"),
    ("AU$", "AUD"),
    ("A$", "AUD"),
    ("CA$", "CAD"),
    ("C$", "CAD"),
    ("SG$", "SGD"),
    ("S$", "SGD"),
    ("HK$", "HKD"),
    ("NT$", "TWD"),
    ("NZ$", "NZD"),
    ("R$", "BRL"),
    ("MX$", "MXN"),
    ("CN¥", "CNY"),
    ("JP¥", "JPY"),
    ("人民币", "CNY"),
    ("元", "CNY"),
    ("円", "JPY"),
    ("€", "EUR"),
    ("£", "GBP"),
    ("₹", "INR"),
    ("₩", "KRW"),
    ("₪", "ILS"),
    ("₺", "TRY"),
    ("₽", "RUB"),
    ("₫", "VND"),
    ("฿", "THB"),
    ("zł", "PLN"),
    ("Kč", "CZK"),
    ("$", "$"),
    ("¥", "¥"),
)
_DOLLAR_CURRENCIES = frozenset({"USD", "AUD", "CAD", "SGD", "HKD", "TWD", "NZD", "MXN"})
_KRONA_CURRENCIES = frozenset({"SEK", "NOK", "DKK", "ISK"})
AMBIGUOUS_MARKS = frozenset({"$", "¥", "kr"})
"""Currency marks that need the column's or file's currency to name one."""
_KRONA = re.compile(r"(?<![A-Za-z])kr\.?(?![A-Za-z])", re.IGNORECASE)
_CODE_PATTERN = re.compile(r"(?<![A-Za-z])([A-Za-z]{3,7})(?![A-Za-z])")


def currency_in_text(text: str) -> tuple[str | None, str | None]:
    """The currency a piece of text states, and an ambiguity message if it cannot tell.

    Looks for ISO codes (``USD``, ``RMB`` as CNY) and symbols (``US$``, ``€``, ``￥``).
    Returns ``(code, None)``, ``(None, None)`` when no currency is stated, or
    ``(None, message)`` when the text states two different currencies.
    """
    folded = normalise_text(text)
    found: set[str] = set()
    remaining = folded
    for symbol, code in _SYMBOLS:
        if symbol in remaining:
            found.add(code)
            remaining = remaining.replace(symbol, " ")
    if _KRONA.search(remaining):
        found.add("kr")
        remaining = _KRONA.sub(" ", remaining)
    for match in _CODE_PATTERN.finditer(remaining):
        word = match.group(1).upper()
        code = _CODE_ALIASES.get(word, word)
        if code in ISO_CURRENCIES:
            found.add(code)
    if "$" in found and found & _DOLLAR_CURRENCIES:
        found.discard("$")
    if "¥" in found and found & {"CNY", "JPY"}:
        found.discard("¥")
    if "kr" in found and found & _KRONA_CURRENCIES:
        found.discard("kr")
    if len(found) > 1:
        return None, "states more than one currency (" + ", ".join(sorted(found)) + ")"
    return (next(iter(found)) if found else None), None


def resolve_symbol(code: str | None, hint: str | None) -> tuple[str | None, str | None]:
    """Turn the bare ``$``, ``¥`` and ``kr`` marks into ISO codes using the column or file currency.

    ``$`` is US dollars unless the hint is another dollar; ``¥`` is yuan or yen, and
    ``kr`` a Swedish, Norwegian, Danish or Icelandic crown, only with a hint saying
    which. Returns ``(code, None)`` or ``(None, message)``.
    """
    if code == "$":
        return (hint if hint in _DOLLAR_CURRENCIES else "USD"), None
    if code == "¥":
        if hint in ("CNY", "JPY"):
            return hint, None
        return None, "¥ is used for both Chinese yuan (CNY) and Japanese yen (JPY)"
    if code == "kr":
        if hint in _KRONA_CURRENCIES:
            return hint, None
        return None, "kr is used for Swedish, Norwegian, Danish and Icelandic crowns"
    return code, None


# --------------------------------------------------------------------------- numbers

_NUMBER_CHARS = re.compile(r"^[0-9.,' ’]+$")
_SCIENTIFIC = re.compile(r"^[0-9]+(\.[0-9]+)?[eE][+-]?[0-9]+$")


@dataclass(frozen=True, slots=True)
class NumberReading:
    """The result of reading a number's digits and separators."""

    value: Decimal | None
    mark: DecimalMark | None = None
    """The decimal mark the text proves, when it proves one."""
    ambiguous: tuple[Decimal, Decimal] | None = None
    """Both readings when the text alone cannot tell."""
    error: str | None = None


def _groups_ok(groups: list[str]) -> bool:
    """Digits grouped in threes after a first group of one to three digits."""
    if not groups or not groups[0] or len(groups[0]) > 3:
        return False
    return all(len(group) == 3 and group.isdigit() for group in groups[1:])


def read_number_text(
    text: str, mark: DecimalMark | None = None, zero_decimal: bool = False
) -> NumberReading:
    """Read unsigned digits with grouping and decimal separators into a Decimal.

    Spaces and apostrophes only ever group thousands. With both ``.`` and ``,`` the
    last one is the decimal mark. A lone separator followed by exactly three digits is
    ambiguous unless ``mark`` says which it is or ``zero_decimal`` (a currency without
    minor units) makes it a thousands separator.
    """
    text = text.strip()
    if _SCIENTIFIC.match(text):
        return NumberReading(Decimal(text))
    if not text or not _NUMBER_CHARS.match(text) or not text[0].isdigit():
        return NumberReading(None, error="is not a number")
    compact = text
    if any(sep in compact for sep in " '’"):
        parts = re.split(r"[ '’]", compact)
        head, tail = parts[0], parts[-1]
        tail_digits = re.match(r"[0-9]+", tail)
        middle = parts[1:-1]
        if not (
            head.isdigit()
            and len(head) <= 3
            and all(len(part) == 3 and part.isdigit() for part in middle)
            and tail_digits
            and len(tail_digits.group(0)) == 3
        ):
            return NumberReading(None, error="has spaces that do not group thousands")
        compact = "".join(parts)
    dots, commas = compact.count("."), compact.count(",")
    if dots and commas:
        decimal_char = "." if compact.rfind(".") > compact.rfind(",") else ","
        group_char = "," if decimal_char == "." else "."
        whole, _, fraction = compact.rpartition(decimal_char)
        if group_char in fraction or decimal_char in whole or not fraction.isdigit():
            return NumberReading(None, error="mixes separators in a way no convention uses")
        if not _groups_ok(whole.split(group_char)):
            return NumberReading(None, error="has thousands separators in the wrong places")
        value = Decimal(whole.replace(group_char, "") + "." + fraction)
        return NumberReading(value, DecimalMark.POINT if decimal_char == "." else DecimalMark.COMMA)
    if not dots and not commas:
        return NumberReading(Decimal(compact))
    sep = "." if dots else ","
    sep_mark = DecimalMark.POINT if sep == "." else DecimalMark.COMMA
    other_mark = DecimalMark.COMMA if sep == "." else DecimalMark.POINT
    pieces = compact.split(sep)
    if len(pieces) > 2:
        if not _groups_ok(pieces):
            return NumberReading(None, error="has thousands separators in the wrong places")
        return NumberReading(Decimal("".join(pieces)), other_mark)
    whole, fraction = pieces
    if not fraction:
        return NumberReading(None, error="ends with a separator")
    as_decimal = Decimal(whole + "." + fraction) if whole else Decimal("0." + fraction)
    could_group = len(fraction) == 3 and 1 <= len(whole) <= 3 and whole != "0"
    if not could_group:
        return NumberReading(as_decimal, sep_mark)
    as_grouped = Decimal(whole + fraction)
    if zero_decimal:
        return NumberReading(as_grouped, other_mark)
    if mark is sep_mark:
        return NumberReading(as_decimal)
    if mark is other_mark:
        return NumberReading(as_grouped)
    return NumberReading(None, ambiguous=(as_grouped, as_decimal))


def number_mark_evidence(value: object) -> DecimalMark | None:
    """The decimal mark a cell's text proves (``"1.234,56"`` → comma), or None if it proves none."""
    if not isinstance(value, str):
        return None
    core = re.sub(r"[^0-9.,' ’]", " ", normalise_text(value)).strip()
    match = re.search(r"[0-9][0-9.,' ’]*[0-9]", core)
    if not match:
        return None
    reading = read_number_text(match.group(0))
    return reading.mark if reading.value is not None else None


# --------------------------------------------------------------------------- money


class Period(StrEnum):
    """The time a price is for, as far as the text says."""

    HOUR = "hour"
    MONTH = "month"
    YEAR = "year"
    ONCE = "once"


class Basis(StrEnum):
    """What one unit of a price is: an accelerator, a node, an item, the line, a GB, a kW."""

    GPU = "gpu"
    NODE = "node"
    UNIT = "unit"
    TOTAL = "total"
    GB = "gb"
    KW = "kw"


@dataclass(frozen=True, slots=True)
class UnitHint:
    """What some text says about a price's unit; either part may be unknown."""

    period: Period | None = None
    basis: Basis | None = None
    scale: Decimal = Decimal(1)
    """Factor to bring the price to the unit (per TB → per GB is 1/1000)."""

    def merged(self, other: UnitHint | None) -> UnitHint:
        """This hint with gaps filled from ``other`` (this one wins where both speak)."""
        if other is None:
            return self
        return UnitHint(
            self.period or other.period,
            self.basis or other.basis,
            self.scale if self.scale != 1 else other.scale,
        )

    @property
    def empty(self) -> bool:
        """True when the hint says nothing."""
        return self.period is None and self.basis is None


# Unit words in English, German, French, Spanish, Italian, Dutch, Chinese and Japanese.
_GPU_WORDS = r"(?:gpus?|accelerators?|cards?|devices?|chips?|xpus?|npus?|karten?|卡|枚)"
_NODE_WORDS = (
    r"(?:nodes?|instances?|servers?|systems?|machines?|hosts?|vms?|boxes|box|pods?|"
    r"knoten|instanz(?:en)?|noeuds?|nœuds?|serveurs?|nodos?|servidor(?:es)?|nodi|台|ノード)"
)
_HOUR_WORDS = r"(?:hours?|hrs?|hourly|h|stunden?|std|heures?|horas?|ora|ore|uur|小时|時間|时)"
_MONTH_WORDS = (
    r"(?:months?|mos?|mths?|monthly|pcm|mo\.|monat(?:e|lich)?|mois|mensuel(?:le)?|"
    r"mes(?:es)?(?![a-z])|mensual|mese|mesi|mensile|maand(?:en)?|maandelijks|月)"
)
_YEAR_WORDS = (
    r"(?:years?|yrs?|yearly|annual(?:ly)?|annum|p\.?a\.?|yr\.|jahr(?:e|lich)?|annuel(?:le)?|"
    r"años?|anual|anno|anni|annuale|jaar|jaarlijks|年)"
)
_ONCE = re.compile(
    r"(one[- ]?off|one[- ]?time|\bonce\b|non[- ]?recurring|\bupfront\b|up-front|\bnrc\b|"
    r"setup fee|einmalig|une fois|pago unico|pago único|una tantum|eenmalig|一次性|初期費用)"
)
_TOTAL_UNIT = re.compile(
    r"\b(line total|total|lump[- ]?sum|fixed fee|fixed price|flat fee|"
    r"pauschal|psch|forfait|totaal)\b"
)
_ITEM = re.compile(
    r"\b(each|ea|per unit|per item|apiece|pcs?|pieces?|stk|stück|stuks?|pièces?|pieza|pezzo|"
    r"units?)\b\.?"
)
_PER_WORD = re.compile(r"\b(?:per|pro|par|por) ([a-z][a-z-]*)")


def parse_unit_text(text: object) -> UnitHint | None:
    """What a unit text says: ``"per GPU-hour"``, ``"node/month"``, ``"one-off"``, ``"GB"``.

    The basis (GPU, node, item, line total, GB, kW) and the period (hour, month, year,
    once) are read independently, so ``"per kW"`` in a column headed "Monthly" can
    combine into per kW-month. Returns None when the text says nothing about a unit.
    """
    if is_blank(text):
        return None
    folded = normalise_text(text).casefold().replace("_", " ")
    period: Period | None = None
    basis: Basis | None = None
    scale = Decimal(1)
    storage = re.search(r"(?<![a-z0-9])(gb|gib|tb|tib|pb)(?![a-z0-9])", folded)
    if re.search(r"\bkwh\b", folded):
        return None
    if re.search(r"(?<![a-z0-9])k\s?w(?![a-z0-9])|kilowatt", folded):
        basis = Basis.KW
    elif storage:
        basis = Basis.GB
        scale = {
            "gb": Decimal(1),
            "gib": Decimal(1),
            "tb": Decimal("0.001"),
            "tib": Decimal("0.001"),
            "pb": Decimal("0.000001"),
        }[storage.group(1)]
    elif re.search(r"(?<![a-z])" + _GPU_WORDS + r"(?![a-z0-9])", folded):
        basis = Basis.GPU
    elif re.search(r"(?<![a-z])" + _NODE_WORDS + r"(?![a-z0-9])", folded):
        basis = Basis.NODE
    if re.search(r"(?<![a-z])" + _HOUR_WORDS + r"(?![a-z0-9])", folded) or re.search(
        r"\d\s*h\b", folded
    ):
        period = Period.HOUR
    elif re.search(r"(?<![a-z])" + _MONTH_WORDS, folded):
        period = Period.MONTH
    elif re.search(r"(?<![a-z])" + _YEAR_WORDS, folded):
        period = Period.YEAR
    elif _ONCE.search(folded):
        period = Period.ONCE
    if basis is None:
        if _TOTAL_UNIT.search(folded):
            basis = Basis.TOTAL
            period = period or Period.ONCE
        elif _ITEM.search(folded):
            basis = Basis.UNIT
        else:
            per = _PER_WORD.search(folded)
            if per and not re.fullmatch(
                _HOUR_WORDS + "|" + _MONTH_WORDS + "|" + _YEAR_WORDS, per.group(1)
            ):
                basis = Basis.UNIT
    if period is None and basis is None:
        return None
    return UnitHint(period, basis, scale)


@dataclass(frozen=True, slots=True)
class Money:
    """A price as written: an exact amount, its currency when stated, and unit words found."""

    amount: Decimal
    currency: str | None = None
    unit: UnitHint | None = None


_FREE_WORDS = re.compile(
    r"^(included|incl\.?|inclusive|free|free of charge|no charge|n/c|nil|waived|complimentary)"
    r"(\b|$)(?!\s*[0-9$€£¥])"
)
_NO_PRICE_WORDS = re.compile(
    r"^(tbd|tba|tbc|poa|p\.o\.a\.|on request|upon request|price on application|n/?a|"
    r"call|contact us|quote|ask|varies)$"
)


_HARMLESS_WORDS = r"net|excl\.?|excluding|ex|vat|tax|taxes|plus|\+\s*vat"
_REMOVABLE = re.compile(
    "|".join(re.escape(symbol) for symbol, _ in _SYMBOLS)
    + r"|(?<![A-Za-z])(?:"
    + "|".join(sorted(ISO_CURRENCIES | set(_CODE_ALIASES), key=len, reverse=True))
    + r"|kr\.?|"
    + _HARMLESS_WORDS
    + r")(?![A-Za-z])",
    re.IGNORECASE,
)


def _strip_currency_words(text: str) -> str:
    """The text without currency symbols, codes and the words "net"/"excl. VAT"."""
    return " ".join(_REMOVABLE.sub(" ", text).split())


def parse_money(
    value: object,
    source: str = "",
    *,
    currency: str | None = None,
    mark: DecimalMark | None = None,
) -> tuple[Money | None, Problem | None]:
    """Parse a price cell: ``$3.10/hr``, ``US$ 2,85``, ``€ 1.234,56``, ``(1,200.00)`` and the like.

    Args:
        value: the cell (text or number).
        source: the cell's address, for problems.
        currency: the currency the column or file states, used when the cell states
            none and to tell what ``$`` and ``¥`` mean.
        mark: the decimal mark the vendor uses, when known; resolves ``1,234``.

    Returns:
        The amount with the currency and unit words the cell itself states (or the
        hint's currency), or None with a problem saying why. Empty cells give
        ``(None, None)``. "Included" or "free" give an amount of 0 with a warning.
    """
    if is_blank(value):
        return None, None
    if isinstance(value, bool):
        return None, _problem(source, "A price cell holds TRUE/FALSE", value, "an amount")
    if isinstance(value, int):
        return Money(Decimal(value), currency), None
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return None, _problem(source, "The price is not a finite number", value, "an amount")
        return Money(Decimal(repr(value)), currency), None
    if isinstance(value, Decimal):
        return Money(value, currency), None
    if not isinstance(value, str):
        return None, _problem(source, "The price cell holds a date or time", value, "an amount")
    body, mark_found = split_footnote(value)
    if mark_found is not None:
        money, problem = parse_money(body, source, currency=currency, mark=mark)
        if money is None or problem is not None:
            return money, problem
        return money, _problem(
            source,
            f"The price carries the footnote mark {mark_found}; it was read without the mark, "
            "and the vendor's note applies to it",
            value,
            "the number without the mark",
            severity=Severity.WARNING,
        )
    text = normalise_text(value)
    lowered = text.casefold()
    if _FREE_WORDS.match(lowered):
        return Money(Decimal(0), currency), _problem(
            source,
            "Read as a price of 0 (the vendor wrote that it is included)",
            value,
            severity=Severity.WARNING,
        )
    if _NO_PRICE_WORDS.match(lowered):
        return None, _problem(source, "The vendor gave no price", value, "an amount")

    unit: UnitHint | None = None
    split = re.search(
        r"\s*(?:/|\bper\b|\ba\b(?=\s+(?:gpu|node|month|hour|year)))\s*", text, re.IGNORECASE
    )
    body = text
    if split:
        unit = parse_unit_text(text[split.end() :])
        body = text[: split.start()]
        if unit is None:
            unit_words = text[split.end() :]
            return None, _problem(
                source,
                f"The unit after the price ('{unit_words}') is not recognised",
                value,
                "per GPU-hour, per node-month, one-off …",
            )
    body = body.strip()
    negative = False
    if body.startswith("(") and body.endswith(")"):
        negative, body = True, body[1:-1].strip()
    if body.endswith("-") and not body.startswith("-"):
        negative, body = True, body[:-1].strip()
    if body.startswith(("-", "+")):
        negative, body = body.startswith("-"), body[1:].strip()

    stated, clash = currency_in_text(body)
    if clash:
        return None, _problem(source, f"The price {clash}", value, "one currency")
    code, unclear = resolve_symbol(stated, currency)
    if unclear:
        return None, _problem(
            source,
            unclear + "; say which (a currency column, header or the --currency option)",
            value,
            "SEK, NOK, DKK or ISK" if stated == "kr" else "CNY or JPY",
        )
    digits = _strip_currency_words(body)
    if re.search(r"[^\d.,'’ ()+-]", digits):
        return None, _problem(
            source,
            "The price holds words or signs other than a currency",
            value,
            "an amount with at most a currency and a unit, such as $3.10/hr",
        )
    if digits.startswith(("-", "(")) or digits.endswith((")", "-")):
        inner = digits.strip("()- ").strip()
        if digits != inner:
            negative = True
            digits = inner
    final_currency = code or currency
    if mark is None and (
        final_currency in POINT_DECIMAL_CURRENCIES or stated in _POINT_DECIMAL_SIGNS
    ):
        mark = DecimalMark.POINT
    reading = read_number_text(digits, mark, zero_decimal=final_currency in ZERO_DECIMAL_CURRENCIES)
    if reading.ambiguous is not None:
        grouped, decimal = reading.ambiguous
        return None, _problem(
            source,
            f"The price is ambiguous: {grouped:,} with a thousands separator or {decimal} with "
            "a decimal mark; set the vendor's number format (decimal point or comma)",
            value,
            "a number in a stated format",
        )
    if reading.value is None:
        return None, _problem(
            source, f"The price {reading.error}", value, "an amount such as 3.10 or 1.234,56"
        )
    amount = -reading.value if negative else reading.value
    if unit is not None and unit.scale != 1:
        amount = amount * unit.scale
    return Money(amount, final_currency, unit), None


def parse_decimal(
    value: object, source: str = "", *, mark: DecimalMark | None = None, what: str = "number"
) -> tuple[Decimal | None, Problem | None]:
    """A plain quantity (count, GB, kW) into a Decimal, with the same strictness as money."""
    if is_blank(value):
        return None, None
    if isinstance(value, bool):
        return None, _problem(source, f"The {what} is TRUE/FALSE", value, "a number")
    if isinstance(value, int):
        return Decimal(value), None
    if isinstance(value, float):
        return Decimal(repr(value)), None
    if not isinstance(value, str):
        return None, _problem(source, f"The {what} is not a number", value, "a number")
    text = normalise_text(value)
    text = re.sub(r"^(?:x|×)\s*|\s*(?:x|×)$", "", text, flags=re.IGNORECASE)
    negative = text.startswith("-")
    reading = read_number_text(text.lstrip("+-").strip(), mark)
    if reading.ambiguous is not None:
        return None, _problem(
            source,
            f"The {what} is ambiguous ({reading.ambiguous[0]:,} or {reading.ambiguous[1]})",
            value,
            "a number in a stated format",
        )
    if reading.value is None:
        return None, _problem(source, f"The {what} {reading.error}", value, "a number")
    return (-reading.value if negative else reading.value), None


def parse_count(
    value: object, source: str = "", *, what: str = "count"
) -> tuple[int | None, Problem | None]:
    """A whole, positive number of things (GPUs, nodes): ``8``, ``"8 GPUs"``, ``"x 2"``, ``2.0``."""
    if is_blank(value):
        return None, None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str):
        match = re.fullmatch(
            r"\s*(?:x|×)?\s*([0-9][0-9,. '’]*)\s*(?:x|×)?\s*([A-Za-z -]*)", normalise_text(value)
        )
        if not match:
            return None, _problem(source, f"The {what} is not a whole number", value, "e.g. 8")
        value = match.group(1).strip()
    number, problem = parse_decimal(value, source, what=what, mark=DecimalMark.POINT)
    if problem is not None or number is None:
        return None, problem
    if number != number.to_integral_value() or number < 0:
        return None, _problem(source, f"The {what} is not a whole number", value, "e.g. 8")
    return int(number), None


# --------------------------------------------------------------------------- percentages


def parse_percent(
    value: object, source: str = "", *, what: str = "percentage"
) -> tuple[float | None, Problem | None]:
    """A percentage in percent: ``"99.95%"`` → 99.95, ``"12,5 %"`` → 12.5, 0.9995 → 99.95.

    Bare numbers of at most 1 are fractions (Excel stores ``99.95%`` as 0.9995).
    """
    if is_blank(value):
        return None, None
    if isinstance(value, bool):
        return None, _problem(source, f"The {what} is TRUE/FALSE", value, "e.g. 99.9%")
    if isinstance(value, int | float):
        number = float(value)
        return (number * 100 if 0 <= number <= 1 else number), None
    text = normalise_text(value)
    match = re.search(r"(-?[0-9][0-9.,]*)\s*(%|percent|per cent|pct)?", text, re.IGNORECASE)
    if not match:
        return None, _problem(source, f"The {what} is not a number", value, "e.g. 99.9%")
    reading = read_number_text(match.group(1).lstrip("-"), None)
    if reading.ambiguous is not None and reading.ambiguous[0] > 100:
        # 99.999 % cannot be ninety-nine thousand per cent
        reading = NumberReading(reading.ambiguous[1])
    if reading.value is None:
        if reading.ambiguous is not None:
            return None, _problem(source, f"The {what} is ambiguous", value, "e.g. 99.9%")
        return None, _problem(source, f"The {what} is not a number", value, "e.g. 99.9%")
    number = float(reading.value) * (-1 if match.group(1).startswith("-") else 1)
    if match.group(2) is None and 0 <= number <= 1:
        number *= 100
    if not -100 <= number <= 100:
        return None, _problem(source, f"The {what} is outside 0–100 %", value, "e.g. 99.9%")
    return number, None


# --------------------------------------------------------------------------- durations

_BEST_EFFORT = re.compile(
    r"\b(best[- ]effort|no (?:commitment|sla|guarantee)|not committed|none|n/?a|"
    r"reasonable efforts?|commercially reasonable)\b"
)
_DURATION = re.compile(
    r"([0-9]+(?:[.,][0-9]+)?)\s*-?\s*(business|working)?\s*"
    r"(minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|wks?|months?|mos?)\b"
)
_NUMBER_WORDS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "twelve": "12",
    "a": "1",
    "an": "1",
    "twenty-four": "24",
    "thirty": "30",
    "sixty": "60",
    "ninety": "90",
    "next": "1",
}


def parse_duration_minutes(
    value: object, source: str = "", *, what: str = "response time"
) -> tuple[int | None, bool, Problem | None]:
    """A duration in minutes: ``"1 hour"`` → 60, ``"30 min"`` → 30, ``"next business day"`` → 1440.

    Returns ``(minutes, best_effort, problem)``; ``best_effort`` is True for "best effort",
    "none" and similar (no committed time). A bare number is read as minutes for
    response times and as hours when ``what`` mentions hours.
    """
    if is_blank(value):
        return None, False, None
    if isinstance(value, int | float) and not isinstance(value, bool):
        factor = 60 if "hour" in what else 1
        return round(float(value) * factor), False, None
    if isinstance(value, timedelta):
        return round(value.total_seconds() / 60), False, None
    text = normalise_text(value).casefold()
    if _BEST_EFFORT.search(text):
        return None, True, None
    for word, digit in _NUMBER_WORDS.items():
        text = re.sub(rf"\b{word}\b", digit, text)
    match = _DURATION.search(text)
    if not match:
        return (
            None,
            False,
            _problem(
                source,
                f"The {what} is not a duration",
                value,
                "e.g. 30 minutes, 4 hours, best effort",
            ),
        )
    amount = float(match.group(1).replace(",", "."))
    unit = match.group(3)
    if unit.startswith(("min", "m")) and not unit.startswith("mo"):
        minutes = amount
    elif unit.startswith("h"):
        minutes = amount * 60
    elif unit.startswith("d"):
        minutes = amount * 1440
    elif unit.startswith("w"):
        minutes = amount * 7 * 1440
    else:
        minutes = amount * 30 * 1440
    return round(minutes), False, None


def parse_days(
    value: object, source: str = "", *, what: str = "notice period"
) -> tuple[int | None, Problem | None]:
    """A period in days: ``"90 days"`` → 90, ``"3 months"`` → 90 (30-day months), ``12`` → 12."""
    if is_blank(value):
        return None, None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return round(float(value)), None
    text = normalise_text(value).casefold()
    match = re.search(
        r"([0-9]+(?:[.,][0-9]+)?)\s*-?\s*(days?|d|weeks?|months?|mos?|years?|yrs?)?", text
    )
    if not match:
        return None, _problem(source, f"The {what} is not a number of days", value, "e.g. 90 days")
    amount = float(match.group(1).replace(",", "."))
    unit = match.group(2) or "day"
    factor = (
        1
        if unit.startswith("d")
        else 7
        if unit.startswith("w")
        else (30 if unit.startswith("mo") else 365)
    )
    return round(amount * factor), None


# --------------------------------------------------------------------------- dates

_EXCEL_1900 = date(1899, 12, 30)
_EXCEL_1904 = date(1904, 1, 1)
_MONTHS = {
    name: number
    for number, names in enumerate(
        [
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ],
        start=1,
    )
    for name in names
}


def excel_serial_to_date(serial: float, *, date1904: bool = False) -> date:
    """The calendar day of an Excel serial number in the workbook's date system.

    1900 system: day 1 is 1900-01-01 and Excel's phantom 1900-02-29 (serial 60) is
    shown as 1900-02-28; from serial 61 on, days count from 1899-12-30. 1904 system:
    days count from 1904-01-01. 45352 → 2024-03-01 (1900) and 43890 → 2024-03-01 (1904).
    """
    days = int(serial)
    if date1904:
        return _EXCEL_1904 + timedelta(days=days)
    if days < 61:
        return date(1899, 12, 31) + timedelta(days=max(days, 1) - (1 if days == 60 else 0))
    return _EXCEL_1900 + timedelta(days=days)


def parse_date(
    value: object, source: str = "", *, date1904: bool = False, what: str = "date"
) -> tuple[date | None, Problem | None]:
    """A date from a date cell, an Excel serial, ISO text, day-first text or month names.

    ``01/03/2026`` is 1 March (day first); ``03/15/2026`` can only be month-first and is
    read so. Dates outside 2000–2100 come with a warning.
    """
    if is_blank(value):
        return None, None
    result: date | None = None
    if isinstance(value, datetime):
        result = value.date()
    elif isinstance(value, date):
        result = value
    elif isinstance(value, int | float) and not isinstance(value, bool):
        if not 1 <= value < 2_958_466:
            return None, _problem(source, f"The {what} is not a date", value, "e.g. 2026-03-01")
        result = excel_serial_to_date(float(value), date1904=date1904)
    elif isinstance(value, str):
        result = _date_from_text(normalise_text(value))
        if result is None:
            return None, _problem(
                source, f"The {what} is not a date", value, "e.g. 2026-03-01 or 01/03/2026"
            )
    else:
        return None, _problem(source, f"The {what} is not a date", value, "e.g. 2026-03-01")
    if not date(2000, 1, 1) <= result <= date(2100, 12, 31):
        return result, _problem(
            source,
            f"The {what} {result.isoformat()} looks implausible",
            value,
            "a date between 2000 and 2100",
            Severity.WARNING,
        )
    return result, None


def _date_from_text(text: str) -> date | None:
    folded = text.casefold().replace(",", " ")
    match = re.fullmatch(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日?", folded)
    if match:
        return _safe_date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    match = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[t ].*)?", folded)
    if match:
        return _safe_date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    match = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?: .*)?", folded)
    if match:
        first, second, year = int(match.group(1)), int(match.group(2)), int(match.group(3))
        year += 2000 if year < 100 else 0
        if second > 12 >= first:
            return _safe_date(year, first, second)
        return _safe_date(year, second, first)
    match = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?[ -]([a-z]+)\.?[ -](\d{4})", folded)
    if match and match.group(2) in _MONTHS:
        return _safe_date(int(match.group(3)), _MONTHS[match.group(2)], int(match.group(1)))
    match = re.fullmatch(r"([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? +(\d{4})", folded)
    if match and match.group(1) in _MONTHS:
        return _safe_date(int(match.group(3)), _MONTHS[match.group(1)], int(match.group(2)))
    return None


def _safe_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


# --------------------------------------------------------------------------- terms


@dataclass(frozen=True, slots=True)
class TermsReading:
    """What a billing or term text says: how the compute is obtained and for how long."""

    deployment: Deployment | None = None
    term_months: int | None = None
    unit: UnitHint | None = None


_SPOT = re.compile(
    r"\b(spot|pre-?emptible|interruptible|low[- ]priority|evictable|"
    r"preemptable|surplus)\b"
)
_ON_DEMAND = re.compile(
    r"(on[- ]?demand|pay[- ]?as[- ]?you[- ]?go|\bpayg\b|no[- ]commit|"
    r"\bflexible\b|\bad[- ]hoc\b|month[- ]to[- ]month|rolling|"
    r"pay[- ]per[- ]use|usage[- ]based|\bmetered\b|按需)"
)
_RESERVED = re.compile(
    r"(\breserved?\b|\bcommit|\bri\b|savings plan|\bterm\b|contract|"
    r"\bdedicated\b|\bprepaid\b|pre-paid)"
)
_LEASE = re.compile(r"\b(lease[ds]?|leasing|financ\w*)\b|租赁")
_PURCHASE = re.compile(r"\b(purchase[ds]?|buy|outright|capex|sale|owned|hardware sale|kauf)\b|购买")
_TERM_MONTHS = re.compile(r"(\d+(?:[.,]\d+)?)\s*-?\s*(?:months?|mos?|mths?|m\b|个月|monate?)")
_TERM_YEARS = re.compile(r"(\d+(?:[.,]\d+)?)\s*-?\s*(?:years?|yrs?|y\b|年|jahre?)")
_WORD_YEARS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "annual": 1,
    "1yr": 1,
    "3yr": 3,
}


def parse_terms(value: object, source: str = "") -> tuple[TermsReading | None, Problem | None]:
    """Deployment and term from billing text.

    ``"36-month commitment"`` → reserved, 36; ``"3 yrs"`` → term 36 (deployment left to
    the line); ``"RI 1 year"`` → reserved, 12; ``"pay-as-you-go"`` → on demand;
    ``"preemptible"`` / ``"interruptible"`` → spot; ``"lease 36 months"`` → lease, 36;
    ``"purchase"`` → purchase. A bare number is a term in months. Words about the
    billing period ("hourly", "monthly") come back as a unit hint.
    """
    if is_blank(value):
        return None, None
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
        if number <= 0 or number != int(number) or number > 240:
            return None, _problem(
                source, "The term is not a whole number of months", value, "e.g. 36 months"
            )
        return TermsReading(term_months=int(number)), None
    text = normalise_text(value).casefold()
    deployment: Deployment | None = None
    if _SPOT.search(text):
        deployment = Deployment.SPOT
    elif _LEASE.search(text):
        deployment = Deployment.LEASE
    elif _PURCHASE.search(text):
        deployment = Deployment.PURCHASE
    elif _ON_DEMAND.search(text):
        deployment = Deployment.ON_DEMAND
    elif _RESERVED.search(text):
        deployment = Deployment.RESERVED
    term: int | None = None
    months = _TERM_MONTHS.search(text)
    years = _TERM_YEARS.search(text)
    if months:
        term = round(float(months.group(1).replace(",", ".")))
    elif years:
        term = round(float(years.group(1).replace(",", ".")) * 12)
    else:
        compact = re.search(r"\b(\d)\s*-?\s*(?:yr|year)", text)
        if compact:
            term = int(compact.group(1)) * 12
        else:
            for word, count in _WORD_YEARS.items():
                if re.search(rf"\b{word}[- ]?(?:year|yr)", text) or (
                    word == "annual" and "annual" in text and deployment is Deployment.RESERVED
                ):
                    term = count * 12
                    break
    if term is not None and term <= 0:
        term = None
    unit = None
    if re.search(r"\b(hourly|per hour|/hr|/h)\b", text):
        unit = UnitHint(Period.HOUR)
    elif re.search(r"\b(monthly|per month|/mo)\b", text) and deployment is not Deployment.ON_DEMAND:
        unit = UnitHint(Period.MONTH)
    if term is not None and deployment is Deployment.ON_DEMAND and "month-to-month" not in text:
        deployment = None if not re.search(r"on[- ]?demand|payg|pay[- ]as", text) else deployment
    if deployment is None and term is None and unit is None:
        if re.fullmatch(r"\d+", text):
            return TermsReading(term_months=int(text)), None
        return None, _problem(
            source,
            "The billing terms are not recognised",
            value,
            "on-demand, spot, reserved 12 months, lease 36 months, purchase …",
        )
    return TermsReading(deployment, term, unit), None


# --------------------------------------------------------------------------- units


def price_unit_for(hint: UnitHint, *, compute: bool, node_priced: bool) -> PriceUnit | None:
    """The canonical unit for a hint, given whether the line buys compute and is priced per node.

    ``node_priced`` is the line's context (a node or instance name, a per-node count): it
    decides whether a bare "per hour" is per node-hour or per GPU-hour on compute lines.
    One-off prices are per item when the text says so ("pc.", "per cabinet") and for the
    line otherwise ("one-off", "lump sum"). Cost lines use the generic recurring units.
    Returns None when the hint does not determine a unit.
    """
    period, basis = hint.period, hint.basis
    if basis is Basis.GB:
        return (
            PriceUnit.PER_GB_MONTH
            if period is Period.MONTH
            else (PriceUnit.PER_GB if period in (None, Period.ONCE) else None)
        )
    if basis is Basis.KW:
        return PriceUnit.PER_KW_MONTH if period in (None, Period.MONTH) else None
    if period is Period.ONCE or (period is None and basis in (Basis.UNIT, Basis.TOTAL)):
        return PriceUnit.PER_UNIT if basis is Basis.UNIT else PriceUnit.TOTAL
    if period is Period.YEAR:
        return PriceUnit.PER_YEAR
    if period in (Period.HOUR, Period.MONTH):
        if not compute:
            return PriceUnit.PER_MONTH if period is Period.MONTH else None
        per_node = basis in (Basis.NODE, Basis.UNIT) or (basis is None and node_priced)
        if period is Period.HOUR:
            return PriceUnit.PER_NODE_HOUR if per_node else PriceUnit.PER_GPU_HOUR
        return PriceUnit.PER_NODE_MONTH if per_node else PriceUnit.PER_GPU_MONTH
    return None


# --------------------------------------------------------------------------- categories

_CATEGORY_WORDS: tuple[tuple[CostCategory, str], ...] = (
    (
        CostCategory.EGRESS,
        r"egress|data transfer out|outbound (?:data|traffic|transfer)|"
        r"internet transfer|bandwidth overage",
    ),
    (
        CostCategory.INSTALLATION,
        r"install|set-?up|onboarding|commission|rack(?:ing)? (?:and|&) "
        r"stack|integration|deployment fee|configuration|provisioning fee|"
        r"burn-?in|shipping|delivery|freight|build-?out",
    ),
    (
        CostCategory.SUPPORT,
        r"support|maintenance|warranty|\btam\b|technical account|remote hands|"
        r"smart hands|migration|"
        r"managed service|care\b|service desk|helpdesk|expert hours|"
        r"professional services|\bsla\b",
    ),
    (
        CostCategory.SOFTWARE,
        r"software|licen[cs]e|subscription|ai enterprise|\bos\b|"
        r"operating system|run:?ai|slurm|kubernetes|vmware|platform fee",
    ),
    (
        CostCategory.STORAGE,
        r"storage|nvme|\bssd\b|\bhdd\b|object store|file ?system|lustre|weka|"
        r"vast|\bs3\b|backup|snapshot|\btb\b|\bpb\b|block volume|disk",
    ),
    (
        CostCategory.POWER,
        r"power|electric|energy|\bkwh?\b|cooling|\bpdu\b|\bups\b|"
        r"liquid cool|\bcdu\b|busway",
    ),
    (
        CostCategory.FACILITY,
        r"colocation|colo\b|rack space|\brack\b|cabinet|cage|data ?cent(?:er|re)|"
        r"hosting|floor space|space\b|facility|facilities",
    ),
    (
        CostCategory.NETWORK,
        r"network|infiniband|\bib\b|switch|ethernet|roce|bandwidth|uplink|"
        r"internet|\d\s?gbps|"
        r"cross-?connect|\bport\b|transit|\bip\b|vpn|interconnect|"
        r"direct connect|express ?route|fib(?:re|er)|optic|transceiver|cabl",
    ),
)


def categorise_cost(text: object) -> CostCategory:
    """The category of a cost line from its description (``"InfiniBand fabric"`` → network).

    The first matching category in a fixed order wins (egress before network,
    installation before facility), else ``other``.
    """
    if is_blank(text):
        return CostCategory.OTHER
    folded = normalise_text(text).casefold()
    for category, pattern in _CATEGORY_WORDS:
        if re.search(pattern, folded):
            return category
    return CostCategory.OTHER


def parse_category(value: object, source: str = "") -> tuple[CostCategory | None, Problem | None]:
    """A category cell: a canonical name (``network``) or words that imply one."""
    if is_blank(value):
        return None, None
    folded = normalise_text(value).casefold().strip()
    for category in CostCategory:
        if folded == category.value:
            return category, None
    category = categorise_cost(folded)
    if category is CostCategory.OTHER and folded not in ("other", "misc", "miscellaneous"):
        return CostCategory.OTHER, _problem(
            source,
            "The cost category is not recognised; filed as other",
            value,
            ", ".join(c.value for c in CostCategory),
            Severity.WARNING,
        )
    return category, None


def parse_kind(value: object, source: str = "") -> tuple[str | None, Problem | None]:
    """A line-kind cell: ``compute`` or ``cost`` (``hardware``/``gpu`` count as compute)."""
    if is_blank(value):
        return None, None
    folded = normalise_text(value).casefold()
    if re.search(r"\b(compute|gpu|accelerator|hardware|instance|capacity|server)s?\b", folded):
        return "compute", None
    if re.search(r"\b(cost|service|fee|other|support|network|storage|charge)s?\b", folded):
        return "cost", None
    return None, _problem(
        source, "The line type is not recognised", value, "compute or cost", Severity.WARNING
    )


# --------------------------------------------------------------------------- accelerators

_LOOKS_LIKE_ACCELERATOR = re.compile(
    r"\b(gpu|[ahlbv]\d{2,3}[a-z]?|h[12]00|gb\d{3}|mi\d{3}x?|gaudi|tpu|ascend|rtx|tesla|"
    r"instinct|dgx|hgx)\b",
    re.IGNORECASE,
)


def looks_like_accelerator(text: object) -> bool:
    """True when text mentions something that sounds like an accelerator (for error reports)."""
    return bool(not is_blank(text) and _LOOKS_LIKE_ACCELERATOR.search(normalise_text(text)))


def resolve_accelerator(
    value: object, catalogue: Catalogue, source: str = ""
) -> tuple[AliasMatch | None, Problem | None]:
    """Resolve an accelerator name through the catalogue's aliases.

    An unknown name gives an error listing the closest catalogue ids.
    """
    if is_blank(value):
        return None, None
    text = normalise_text(value)
    match = catalogue.resolve(text)
    if match is not None:
        return match, None
    closest = catalogue.closest(text)
    hint = (
        ("closest catalogue matches: " + ", ".join(closest))
        if closest
        else ("no catalogue entry looks similar")
    )
    return None, _problem(
        source,
        f"Unknown accelerator '{text}'; {hint}. Add it to the catalogue or correct the name",
        value,
        "an accelerator in the catalogue",
    )


def money_problem_is_ambiguity(problem: Problem | None) -> bool:
    """True when a money problem is the ``1,234`` ambiguity (so a decimal mark would fix it)."""
    return problem is not None and "ambiguous" in problem.message


def decimal_or_none(text: str) -> Decimal | None:
    """``Decimal(text)`` or None when the text is not a plain decimal literal."""
    try:
        return Decimal(text)
    except InvalidOperation:
        return None
