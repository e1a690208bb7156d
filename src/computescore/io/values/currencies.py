"""Currencies in cell text: ISO codes, symbols, and which ones need a hint."""

from __future__ import annotations

import re
from collections.abc import Iterable

from computescore.io.values.text import normalise_text

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


_KANA = re.compile(r"[\u3040-\u30ff]")
_JAPANESE_FORMS = re.compile(r"[単価円込抜営経]")
"""Kanji as Japan writes them where China writes another form (単 单, 価 价, 経 经)."""
_SIMPLIFIED_FORMS = re.compile(r"[单价报总费务设备规个为这业货运维]")
"""Simplified Chinese forms Japanese writes otherwise (单 単, 价 価, 报 報, 费 費)."""


def yen_or_yuan(texts: Iterable[str]) -> str | None:
    """Which currency a bare ``¥`` means in a file written in these texts: JPY when it is
    written in Japanese (kana, or kanji in Japan's forms), CNY in simplified Chinese, and
    None when the texts say neither or both."""
    japanese = chinese = False
    for text in texts:
        japanese = japanese or bool(_KANA.search(text) or _JAPANESE_FORMS.search(text))
        chinese = chinese or bool(_SIMPLIFIED_FORMS.search(text))
    if japanese == chinese:
        return None
    return "JPY" if japanese else "CNY"


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
