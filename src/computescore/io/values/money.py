"""Prices: amounts, currencies, units and footnote marks in one cell."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from computescore.domain.problems import Problem, Severity
from computescore.io.values.currencies import (
    _CODE_ALIASES,
    _POINT_DECIMAL_SIGNS,
    _SYMBOLS,
    ISO_CURRENCIES,
    POINT_DECIMAL_CURRENCIES,
    ZERO_DECIMAL_CURRENCIES,
    currency_in_text,
    resolve_symbol,
)
from computescore.io.values.numbers import read_number_text
from computescore.io.values.text import (
    DecimalMark,
    _problem,
    is_blank,
    normalise_text,
    split_footnote,
)
from computescore.io.values.vat import without_tax_words


class Period(StrEnum):
    """The time a price is for, as far as the text says."""

    HOUR = "hour"
    MONTH = "month"
    YEAR = "year"
    ONCE = "once"


class Basis(StrEnum):
    """What one unit of a price is: an accelerator, a node, an item, the line, a GB, a kW,
    or a million tokens (all of them, or the input, output or cached input ones)."""

    GPU = "gpu"
    NODE = "node"
    UNIT = "unit"
    TOTAL = "total"
    GB = "gb"
    KW = "kw"
    TOKENS = "tokens"
    INPUT_TOKENS = "input_tokens"
    OUTPUT_TOKENS = "output_tokens"
    CACHED_TOKENS = "cached_tokens"


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


_TOKEN_WORD = re.compile(r"(?<![a-z])(?:tokens?|[mk]?toks?)(?![a-z])")
_WHICH_TOKENS = r"(?:(?:input|output|cached(?: input)?|prompt|completion)\s)?"
_THOUSAND_TOKENS = re.compile(
    r"(?<![a-z0-9])(?:1\s?k|k|thousand|1[,.]?000)\s?" + _WHICH_TOKENS + r"(?:tokens?|toks?)|"
    r"(?<![a-z])ktoks?|(?:per|/)\s?(?:1\s?k|thousand|1[,.]?000)(?![a-z0-9])"
)
_MILLION_TOKENS = re.compile(
    r"(?<![a-z0-9])(?:1\s?m|m|mio|mn|million|1[,.]?000[,.]?000)\s?"
    + _WHICH_TOKENS
    + r"(?:tokens?|toks?)|(?<![a-z])mtoks?|(?:per|/)\s?(?:1\s?m|m|mio|mn|million)(?![a-z0-9])"
)


def _token_unit(folded: str) -> tuple[Basis, Decimal] | None:
    """Which tokens a price is for and the factor to a price per million of them."""
    if not _TOKEN_WORD.search(folded):
        return None
    if re.search(r"cach", folded):
        basis = Basis.CACHED_TOKENS
    elif re.search(r"output|completion|generat", folded):
        basis = Basis.OUTPUT_TOKENS
    elif re.search(r"input|prompt", folded):
        basis = Basis.INPUT_TOKENS
    else:
        basis = Basis.TOKENS
    if _MILLION_TOKENS.search(folded):
        return basis, Decimal(1)
    if _THOUSAND_TOKENS.search(folded):
        return basis, Decimal(1000)
    return basis, Decimal(1_000_000)


# Unit words in English, German, French, Spanish, Italian, Dutch, Chinese and Japanese.
_GPU_WORDS = r"(?:gpus?|accelerators?|cards?|devices?|chips?|xpus?|npus?|karten?|卡|枚)"
_NODE_WORDS = (
    r"(?:nodes?|instances?|servers?|systems?|machines?|hosts?|vms?|boxes|box|pods?|"
    r"knoten|instanz(?:en)?|noeuds?|nœuds?|serveurs?|nodos?|servidor(?:es)?|nodi|台|ノード)"
)
_COUNTED_GPUS = re.compile(
    r"(?<![\d.])(?:[2-9]|[1-9]\d+)\s*(?:x|×|-)?\s*" + _GPU_WORDS + r"(?![a-z0-9])"
)
"""GPUs counted ("8-GPU", "8x GPU"): the size of a node, not a price per GPU."""
_HOUR_WORDS = r"(?:hours?|hrs?|hourly|h|stunden?|std|heures?|horas?|ora|ore|uur|小时|時間|时)"
_MONTH_WORDS = (
    r"(?:months?|mos?|mths?|monthly|pcm|mrc|mo\.|monat(?:e|lich)?|mois|mensuel(?:le)?|"
    r"mes(?:es)?(?![a-z])|mensual|mese|mesi|mensile|maand(?:en)?|maandelijks|月|월)"
)
_YEAR_WORDS = (
    r"(?:years?|yrs?|yearly|annual(?:ly)?|annum|p\.?a\.?|yr\.|jahr(?:e|lich)?|annuel(?:le)?|"
    r"años?|anual|anno|anni|annuale|jaar|jaarlijks|年)"
)
_QUARTER_WORDS = (
    r"(?:quarterly|per quarter|/ ?quarter|per qtr|/ ?qtr|vierteljährlich|quartalsweise|"
    r"pro quartal|trimestriel(?:le)?|par trimestre|trimestral|trimestrale|per kwartaal|"
    r"四半期|季度)"
)
"""A price per quarter ("Quarterly payment", "$1,200 / quarter"); not a quarter rack."""
_ONCE = re.compile(
    r"(one[- ]?off|one[- ]?time|\bonce\b|non[- ]?recurring|\bupfront\b|up-front|\bnrc\b|"
    r"setup fee|einmalig|une fois|pago unico|pago único|una tantum|eenmalig|一次性|初期費用|"
    r"mise en service|frais d'acc[eè]s|frais d'installation|frais de raccordement|"
    r"einrichtung|bereitstellung|cuota de alta|de instalaci[oó]n|attivazione|"
    r"installatiekosten|aansluitkosten|opstartkosten|开通费|安装费|設置費)"
)


def states_once(text: str) -> bool:
    """True when a unit's words say the price is paid once ("one-off", "einmalig", NRC),
    not merely that it is a lump sum ("forfait")."""
    return _ONCE.search(normalise_text(text).casefold()) is not None


_TOTAL_UNIT = re.compile(
    r"\b(line total|total|lump[- ]?sum|fixed fee|fixed price|flat fee|"
    r"pauschal|psch|pau|forfait|totaal)\b"
)
_ITEM = re.compile(
    r"\b(each|ea|per unit|per item|apiece|pcs?|pieces?|stk|stück|stuks?|pièces?|pieza|pezzo|"
    r"units?)\b\.?"
)
_ITEM_NOUN = re.compile(
    r"(racks?|cabinets?|cages?|ports?|cross-?connects?|licen[cs]es?|seats?|sets?|lots?|kits?|"
    r"\b(?:baies?|armoires?|liens?|unit[eé]s?|lizenzen|posten|post)\b|"
    # counter words: 条 项 个 件 套 (zh), 式 一式 本 枚 点 口 台 (machines) 回線 (ja)
    r"^[一1]?[条项個个件套式本枚点口台張基組]$|回線|^[1]?[대식개]$|"
    # SAP's units of measure: ST (Stück), PCE, PC, AU (activity unit), LE
    r"^(st|stck|pce|pc|au|le)\.?$)"
)
"""A unit cell that names the item counted ("rack", "port", "baie", 套, 一式): a price per
item."""
_PER_WORD = re.compile(r"\b(?:per|pro|par|por) ([a-z][a-z-]*)")


_STORAGE_WORDS = {
    "gigabyte": "gb",
    "gigabytes": "gb",
    "gibibyte": "gib",
    "gibibytes": "gib",
    "terabyte": "tb",
    "terabytes": "tb",
    "tebibyte": "tib",
    "tebibytes": "tib",
    "gigaoctet": "gb",
    "gigaoctets": "gb",
    "teraoctet": "tb",
    "teraoctets": "tb",
    "téraoctet": "tb",
    "téraoctets": "tb",
    "go": "gb",
    "to": "tb",
}
"""Storage units written out (Oracle's "Gigabyte Storage Capacity Per Month")."""


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
    storage = re.search(
        r"(?<![a-z0-9])(gb|gib|tb|tib|pb|gigabytes?|gibibytes?|terabytes?|tebibytes?|"
        r"gigaoctets?|t[ée]raoctets?)(?![a-z0-9])"
        # French octets: "€/Go/mois", "par To" (never the "go" of "pay-as-you-go")
        r"|(?:/|\bpar )\s*(go|to)(?![a-z0-9])|^(go|to)(?=$|/|-)",
        folded,
    )
    if re.search(r"\bkwh\b", folded):
        return None
    tokens = _token_unit(folded)
    if tokens is not None:
        return UnitHint(None, tokens[0], tokens[1])
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
        }[_STORAGE_WORDS.get(word := next(w for w in storage.groups() if w), word)]
    elif re.search(r"(?<![a-z])" + _GPU_WORDS + r"(?![a-z0-9])", _COUNTED_GPUS.sub(" ", folded)):
        basis = Basis.GPU
    elif re.search(r"(?<![a-z])" + _NODE_WORDS + r"(?![a-z0-9])", folded):
        basis = Basis.NODE
    if (
        re.search(r"(?<![^\W\d_])" + _HOUR_WORDS + r"(?![a-z0-9])", folded)
        or re.search(r"\d\s*h\b", folded)
        or re.search(r"小时|時間", folded)  # "GPU時間", "卡·小时": no space before them
    ):
        period = Period.HOUR
    elif re.search(r"(?<![a-z])" + _MONTH_WORDS + r"(?![a-z])|(?<=[a-z])月", folded):
        period = Period.MONTH  # "/mo", "per month"; not "Model" or "Monitoring"
    elif re.search(r"(?<![a-z])" + _YEAR_WORDS + r"(?![a-z])", folded):
        period = Period.YEAR  # "p.a.", "per annum"; not "Pay-as-you-go" or "Pacific"
    elif re.search(r"(?<![a-z])" + _QUARTER_WORDS + r"(?![a-z])", folded):
        period, scale = Period.MONTH, scale / 3  # a lease's quarterly payment: a third a month
    elif _ONCE.search(folded):
        period = Period.ONCE
    if basis is None:
        if _TOTAL_UNIT.search(folded):
            basis = Basis.TOTAL
            period = period or Period.ONCE
        elif _ITEM.search(folded) or _ITEM_NOUN.fullmatch(folded.strip()):
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


def says_no_price(value: object) -> bool:
    """True for a price cell in which the vendor says it gives none yet ("TBD", "POA")."""
    return isinstance(value, str) and bool(
        _NO_PRICE_WORDS.match(normalise_text(split_footnote(value)[0]).casefold())
    )


_LETTERS = re.compile(r"[^\W\d_]")

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
    if _LETTERS.search(text):
        # "2,38 € inkl. 19 % MwSt.": the table's reader brings such prices to net.
        text = without_tax_words(text)

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


_NOT_APPLICABLE = re.compile(r"(?i)^\s*(n/?a|n\.a\.|k\.a\.|s\.o\.|not applicable)\s*$")


def parse_count(
    value: object, source: str = "", *, what: str = "count"
) -> tuple[int | None, Problem | None]:
    """A whole, positive number of things (GPUs, nodes): ``8``, ``"8 GPUs"``, ``"x 2"``, ``2.0``."""
    if is_blank(value) or (isinstance(value, str) and _NOT_APPLICABLE.match(value)):
        return None, None  # "N/A" beside a service line: it counts no GPUs
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
