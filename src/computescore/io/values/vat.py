"""Prices stated with value-added tax: "inkl. 19 % MwSt.", "VAT included", "TTC", "税込".

Every quote is compared net of tax: a purchase quote's VAT row is never a line, and a
business reclaims the tax. A price that includes it is therefore brought to its net
figure when the file states the rate, and reported when it does not
(:mod:`computescore.io.reader.titles` decides which prices a statement covers).
"""

from __future__ import annotations

import re
from decimal import Decimal

_TAX = (
    r"(?:vat|mwst\.?|ust\.?|mehrwertsteuer|umsatzsteuer|gst|iva|tva|btw|moms|sales tax|"
    r"tax|taxes|消費税|增值税)"
)
_VAT_ONLY = r"(?:vat|mwst\.?|mehrwertsteuer|umsatzsteuer|iva|tva|btw)"
_RATE = r"(?:\d{1,2}(?:[.,]\d{1,2})?\s*%\s*)?"
_FILLER = (
    r"(?:(?:of|the|de|la|del|gesetzl\.?|gesetzlicher|gesetzlichen|gesetzliche|statutory|"
    r"applicable|current|local)\s+)*"
)
_INCLUDING = (
    r"(?:incl\.?|inc\.?|includes?|included|including|inclusive(?:\s+of)?|inkl\.?|inklusive|"
    r"einschl\.?|einschließlich|incluye|incluyen|incluido|incluida|incluidos|incluidas|"
    r"inclus|incluse|inclusa|incluso|compris|comprise|inclusief)"
)
_INCLUDED = (
    r"(?:incl\.?|included|inclusive|inbegriffen|inklusive|inkl\.?|incluido|incluida|inclus|"
    r"incluse|comprise?|inclusa|incluso|inbegrepen)"
)

_GROSS = re.compile(
    # "incl. 19 % VAT", "inkl. gesetzl. MwSt.", "include VAT at 20%", "inclusive of VAT"
    rf"(?<![a-z]){_INCLUDING}\s*{_FILLER}{_RATE}{_FILLER}{_TAX}(?![a-z])"
    # "VAT (20%) included", "IVA incluida", "MwSt. inklusive", "TVA comprise"
    rf"|(?<![a-z]){_TAX}[\s(@%\d.,)]*(?:at\s+[\d.,]+\s*%\)?\s*)?{_INCLUDED}(?![a-z])"
    # "mit MwSt.", "con IVA", "avec TVA", "with VAT" (not "with tax rules")
    rf"|(?<![a-z])(?:with|mit|con|avec)\s+{_VAT_ONLY}(?![a-z])"
    r"|(?<![a-z])ttc(?![a-z])|税込|消費税[\d.%\s]*込|(?<!不)含\s*(?:\d+(?:\.\d+)?\s*%\s*)?(?:增值税|税)"
)
"""Words that say a price includes the tax (casefolded text)."""

_NEGATED = re.compile(
    r"(?:\bnot|\bno|n't|\bnicht|\bkeine?|\bpas|\bnon|\bniet|\bohne|\bwithout|\bnever)"
    r"[\s,]+(?:[a-zäöüéè]+[\s,]+)?$"
)
"""Words before a statement that turn it round: "do not include VAT", "not inclusive of VAT"."""

_NET = re.compile(
    rf"(?<![a-z])(?:excl\.?|excluding|exclusive(?:\s+of)?|exkl\.?|exklusive|zzgl\.?|"
    rf"zuzüglich|plus|\+|hors|sin|senza|ohne|exclusief|excl|ex\.?|net of|before|pre)\s*"
    rf"(?:of\s+|de\s+(?:la\s+)?|del?\s+)?{_RATE}{_TAX}(?![a-z])"
    r"|(?<![a-z])(?:ht|net|netto|nett)(?![a-z])|税抜|税別|不含税|未税"
)
"""Words that say a price is before the tax ("excl. VAT", "zzgl. 19 % MwSt.", "HT", "netto")."""

_RATE_AFTER = re.compile(
    r"^\s*(?:at|@|of|zu|à|a|al|del|de|:)?\s*\(?\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*%"
)
_RATE_BEFORE = re.compile(r"(\d{1,2}(?:[.,]\d{1,2})?)\s*%\s*\)?\s*$")
_PERCENT = re.compile(r"(\d{1,2}(?:[.,]\d{1,2})?)\s*%")


def _statements(text: str) -> list[re.Match[str]]:
    lowered = text.casefold()
    return [
        m
        for m in _GROSS.finditer(lowered)
        if not _NEGATED.search(lowered[max(0, m.start() - 24) : m.start()])
    ]


def includes_vat(text: str) -> bool:
    """True when the text says the price includes VAT or another sales tax."""
    return bool(_statements(text))


def states_net(text: str) -> bool:
    """True when the text says the price is before the tax ("excl. VAT", "Netto", "HT")."""
    return bool(_NET.search(text.casefold()))


def vat_rates(text: str) -> set[Decimal]:
    """The rates its statements about VAT give: "VAT at 20 %" → {20}. Only a percentage in
    the statement or right beside it counts ("includes VAT and a 10 % discount" gives
    none)."""
    lowered = text.casefold()
    rates: set[Decimal] = set()
    for match in _statements(text):
        found = [m.group(1) for m in _PERCENT.finditer(match.group(0))]
        after = _RATE_AFTER.match(lowered[match.end() :])
        before = _RATE_BEFORE.search(lowered[max(0, match.start() - 12) : match.start()])
        found += [m.group(1) for m in (after, before) if m is not None]
        rates.update(Decimal(rate.replace(",", ".")) for rate in found)
    return rates


def without_tax_words(text: str) -> str:
    """The text without what it says of the tax ("2,38 € inkl. 19 % MwSt." → "2,38 € "),
    so that the amount beside such words can be read."""
    lowered = text.casefold()
    if len(lowered) != len(text):  # casefolding changed the length ("ß"): leave the text
        return text
    spans = [m.span() for m in _GROSS.finditer(lowered)]
    spans += [m.span() for m in _NET.finditer(lowered) if m.group(0) not in ("net", "nett")]
    for start, end in sorted(spans, reverse=True):
        text = text[:start] + " " + text[end:]
    return text


def net_of_vat(price: Decimal, rate_percent: Decimal) -> Decimal:
    """The price without VAT at the rate: 2.38 at 19 % is 2.00 (to the cent when it comes
    out whole, else to a millionth)."""
    net = price / (1 + rate_percent / 100)
    cents = net.quantize(Decimal("0.01"))
    return cents if abs(net - cents) < Decimal("1e-9") else net.quantize(Decimal("0.000001"))
