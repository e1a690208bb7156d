"""Prices stated with value-added tax: "inkl. 19 % MwSt.", "VAT included", "TTC", "税込".

Every quote is compared net of tax: a purchase quote's VAT row is never a line, and a
business reclaims the tax. A price that includes it is therefore brought to its net
figure when the file states the rate, and reported when it does not
(:mod:`computescore.io.reader.titles` decides which prices a statement covers).
"""

from __future__ import annotations

import re
from decimal import Decimal

_TAX = r"(?:vat|mwst\.?|ust\.?|gst|iva|tva|btw|moms|sales tax|tax|taxes|消費税|增值税)"
_RATE = r"(?:\d{1,2}(?:[.,]\d{1,2})?\s*%\s*)?"
_INCLUDING = (
    r"(?:incl\.?|inc\.?|includes?|included|including|inclusive(?:\s+of)?|inkl\.?|inklusive|"
    r"einschl\.?|einschließlich|incluye|incluido|incluida|inclus|incluse|inclusa|incluso|"
    r"compris|comprise|inclusief|incl)"
)
_INCLUDED = (
    r"(?:incl\.?|included|inclusive|inbegriffen|inklusive|inkl\.?|incluido|incluida|inclus|"
    r"incluse|comprise?|inclusa|incluso|inbegrepen)"
)

_GROSS = re.compile(
    # "incl. 19 % VAT", "inkl. MwSt.", "include VAT at 20%", "inclusive of VAT", "IVA incluida"
    rf"(?<![a-z]){_INCLUDING}\s*(?:of\s+|de\s+(?:la\s+)?|del?\s+)?(?:the\s+)?{_RATE}{_TAX}(?![a-z])"
    rf"|(?<![a-z]){_TAX}[\s(@%\d.,)]*(?:at\s+[\d.,]+\s*%\)?\s*)?{_INCLUDED}(?![a-z])"
    r"|(?<![a-z])ttc(?![a-z])|税込|(?<!不)含税"
)
"""Words that say a price includes the tax (casefolded text)."""

_NET = re.compile(
    rf"(?<![a-z])(?:excl\.?|excluding|exclusive(?:\s+of)?|exkl\.?|exklusive|zzgl\.?|"
    rf"zuzüglich|plus|\+|hors|sin|senza|exclusief|ex\.?|net of|netto|before)\s*"
    rf"(?:of\s+|de\s+(?:la\s+)?|del?\s+)?{_RATE}{_TAX}(?![a-z])"
    r"|(?<![a-z])ht(?![a-z])|税抜|税別|不含税"
)
"""Words that say a price is before the tax ("excl. VAT", "zzgl. 19 % MwSt.", "HT")."""

_PERCENT = re.compile(r"(\d{1,2}(?:[.,]\d{1,2})?)\s*%")


def includes_vat(text: str) -> bool:
    """True when the text says the price includes VAT or another sales tax."""
    return bool(_GROSS.search(text.casefold()))


def vat_rates(text: str) -> set[Decimal]:
    """The percentages a statement about VAT gives ("VAT at 20 %" → {20})."""
    return {Decimal(m.group(1).replace(",", ".")) for m in _PERCENT.finditer(text)}


def without_tax_words(text: str) -> str:
    """The text without what it says of the tax ("2,38 € inkl. 19 % MwSt." → "2,38 € "),
    so that the amount beside such words can be read."""
    lowered = text.casefold()
    if len(lowered) != len(text):  # casefolding changed the length ("ß"): leave the text
        return text
    spans = [m.span() for m in _GROSS.finditer(lowered)] + [
        m.span() for m in _NET.finditer(lowered)
    ]
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + " " + text[end:]
    return text


def net_of_vat(price: Decimal, rate_percent: Decimal) -> Decimal:
    """The price without VAT at the rate: 2.38 at 19 % is 2.00 (to the cent when it comes
    out whole, else to a millionth)."""
    net = price / (1 + rate_percent / 100)
    cents = net.quantize(Decimal("0.01"))
    return cents if abs(net - cents) < Decimal("1e-9") else net.quantize(Decimal("0.000001"))
