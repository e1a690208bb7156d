"""What a cell holds, as a column's values are judged against its header: a small whole
number (a count), an amount of money in any style, words where a price would stand, a
way of buying, or a name."""

from __future__ import annotations

import re
from collections.abc import Sequence

from computescore.io.values import parse_money, parse_terms, parse_unit_text
from computescore.io.workbook import CellValue

_COUNT_TEXT = re.compile(
    r"^\s*\d{1,7}(?:[.,]0+)?\s*(?:x|×|pcs?|units?|nodes?|gpus?|servers?|instances?|"
    r"st|stk|stück|台|枚|个|件)?\.?\s*$",
    re.IGNORECASE,
)
_AMOUNT_TEXT = re.compile(r"^[\s\d.,'’()+\-−]*\d[\s\d.,'’()+\-−]*$")
_MONEY_WORDS = re.compile(
    r"(?i)\b(?:[a-z]{3}|us\$|kr|per|hr|h|hour|month|mo|year|yr|node|gpu|net|incl|excl|vat|ht|"
    r"ttc|mwst|monat|stunde|mois|heure)\b|[$€£¥₩₹元円/]"
)


_PRICED_PER = re.compile(
    r"^\s*[^\w\s]{0,2}\s*\d[\d.,'’ ]*\s*(?:[a-z]{3}|元|円)?\s*(?:/|per\s)", re.IGNORECASE
)
"""An amount with its unit after a slash: "¥15.50/卡小时", "15,50 €/GPU-h", "2.10 USD/hr"."""


def is_count(value: CellValue) -> bool:
    """A small whole number, as a number or as text (``8``, ``8 x``, ``3 Stk``)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return 0 <= value < 10_000_000 and float(value).is_integer()
    return isinstance(value, str) and bool(_COUNT_TEXT.match(value))


_INCLUDED = re.compile(
    r"(included|incl\.?|inclusive|no charge|free( of charge)?|at no (extra )?cost|"
    r"inklusive|inkl\.?|inbegriffen|kostenlos|gratuit|inclus|incluido|incluso|inbegrepen|"
    r"含む|込み|无偿|免费|包含)"
)


def says_included(value: CellValue) -> bool:
    """True for words where a price would stand that say the item costs nothing apart:
    "Included", "incl.", "no charge", "inklusive", "inclus", "含む"."""
    return value.__class__ is str and bool(_INCLUDED.fullmatch(str(value).strip().casefold()))


_AS_USED = re.compile(
    r"(as used|as needed|as required|on demand|metered|usage[- ]based|per use|variable|"
    r"nach (verbrauch|aufwand|bedarf)|selon (usage|consommation|besoin)|au réel|"
    r"según (uso|consumo)|従量|按量|按需)"
)


def says_as_used(value: CellValue) -> bool:
    """True for words where a quantity would stand that say it is billed as used ("as
    used", "metered", "nach Aufwand", "従量"): the line is a rate with no quantity."""
    return value.__class__ is str and bool(_AS_USED.fullmatch(str(value).strip().casefold()))


_WITH_COUNTER = re.compile(
    r"\s*(\d[\d.,\s]*?)\s*(st|stk|stck|stück|pcs?|pieces?|ea|each|units?|psch|pauschal|"
    r"lots?|sets?|nodes?|servers?|systems?|台|個|式|件|套|本|枚|基|組)\.?\s*"
)


def counted_quantity(value: CellValue) -> CellValue:
    """A quantity written with its counter word, without it: "2 St." → "2", "1 psch." →
    "1", "4 pcs" → "4"; any other value as it is."""
    if value.__class__ is not str:
        return value
    found = _WITH_COUNTER.fullmatch(str(value).casefold())
    return found.group(1).strip() if found is not None else value


def says_nought(value: CellValue) -> bool:
    """True for a count cell that says 0 (0, 0.0, "0", "0,0"): no accelerators."""
    if value is None or isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return value == 0
    return isinstance(value, str) and value.strip() in ("0", "0.0", "0,0")


def unpriced(value: CellValue) -> bool:
    """True for words where a price would stand: "Contact sales", "N/A", "on request"."""
    return value.__class__ is str and not any(ch.isdigit() for ch in str(value))


def is_amount(value: CellValue) -> bool:
    """An amount of money, as a number or as text in any style (``73.250,00 €``, ``¥12,600``)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    if not isinstance(value, str):
        return False
    stripped = _MONEY_WORDS.sub(" ", value)
    return (
        bool(_AMOUNT_TEXT.match(stripped))
        or bool(_PRICED_PER.match(value))
        or parse_money(value)[0] is not None
    )


def is_name(value: CellValue) -> bool:
    """Text that is not a number: a name, a model, a description."""
    return isinstance(value, str) and not is_count(value) and not is_amount(value)


def is_term(value: CellValue) -> bool:
    """Words that name a way of buying or a term, not a billing period alone ("12-month
    reserved", "On-demand"; not "per node-hour")."""
    reading = parse_terms(value)[0] if isinstance(value, str) else None
    return reading is not None and (reading.deployment, reading.term_months) != (None, None)


def is_unit(value: CellValue) -> bool:
    """Words that name what a price is per, with its basis, and no way of buying
    ("hourly, per node", "per GPU per hour"; not "hourly", nor "12-month reserved")."""
    if not isinstance(value, str):
        return False
    hint = parse_unit_text(value)
    return hint is not None and hint.basis is not None and not is_term(value)


def is_billing(value: CellValue) -> bool:
    """Words that name a way of buying or a term ("On-demand", "36-month commitment")."""
    return isinstance(value, str) and parse_terms(value)[0] is not None


def example(values: Sequence[CellValue]) -> str:
    """The first names among the values, for a sentence about them."""
    names = list(dict.fromkeys(value for value in values if is_name(value)))
    shown = ", ".join(f"“{str(value)[:24]}”" for value in names[:2])
    return shown or "text"


DASHES = frozenset(("", "-", "–", "—"))
"""What a cell holds where a vendor writes nothing."""


def filled(value: CellValue) -> CellValue:
    """The value, or None for an empty cell or a dash placeholder."""
    if value is None:
        return None
    if value.__class__ is str and value.strip() in DASHES:
        return None
    return value


GPU_WORDS = (
    r"gpus?|accelerators?|cards?|karten|cartes?|tarjetas?|schede|kaarten|beschleuniger|卡|张|枚"
)
"""Words that count accelerators, in the vendors' languages."""
NODE_WORDS = (
    r"nodes?|servers?|instances?|systems?|knoten|n(?:oe|œ)uds?|nodos?|nodi|servidores?|"
    r"serveurs?|systeme|台|节点|ノード|サーバー?"
)
"""Words that count nodes (servers, instances), in the vendors' languages."""
_COUNTED = re.compile(rf"(?<![a-z])({GPU_WORDS}|{NODE_WORDS})(?![a-z])")
"""Words that say what a count counts."""
_TERM_LIKE = re.compile(r"commit|laufzeit|engagement|compromiso|impegno")


def term_like(header: str) -> bool:
    """A minimum named as a commitment, with nothing it counts ("Minimum commitment"): its
    values may be its term ("12", "12 months") as well as a count ("64 GPUs")."""
    return bool(_TERM_LIKE.search(header)) and not _COUNTED.search(header)


def counted_in_words(values: Sequence[CellValue], share: float) -> bool:
    """At least ``share`` of the values are counts that say what they count ("64 GPUs")."""
    counted = [v for v in values if isinstance(v, str) and _COUNTED.search(v.casefold())]
    return len(counted) >= share * len(values) and all(is_count(v) for v in counted)


def refuting_words(field: str, values: Sequence[CellValue]) -> str:
    """What a column's values are when they refute its header's ``field``: "are not counts
    that say what they count (“12 months”)" for a minimum (which may be a term),
    "are numbers (“1”, “2”)" for a description, "are names (“hx2.8g”)" else."""
    shown = ", ".join(
        dict.fromkeys(
            f"“{int(v) if isinstance(v, float) and v.is_integer() else str(v)[:24]}”"
            for v in values[:8]
        )
    )
    if field == "minimum":
        return f"are not counts that say what they count ({shown})"
    if field == "description":
        return f"are numbers ({shown})"
    if field in ("flex", "prepayment"):
        return f"are not shares such as 25 % ({shown})"
    if field == "deployment" and any(map(is_unit, values)):
        return f"are price units ({shown})"
    return f"are names ({example(values)})"


_SHARE_TEXT = re.compile(r"^\s*\+?\s*(?P<n>\d{1,3}(?:[.,]\d+)?)\s*%")
_ANY_PERCENT = re.compile(r"(?<![\d.,\-−])(?P<n>\d{1,3}(?:[.,]\d+)?)\s*%")
_NO_SHARE = re.compile(
    r"^(none|no|nein|non|nee|ninguno|nessuno|keine?|aucune?|0|n/?a|n\.a\.|"
    r"no (?:upfront|prepayment|flex|burst)|not prepaid|无|なし|없음)$"
)
_WHOLE_SHARE = re.compile(
    r"\b(all upfront|full|in full|fully (?:pre-?paid|in advance|up-?front)|entire|voll|"
    r"vollstandig|"
    r"integral|integrale?|total|totale)\b|全额|全款|全額|全部"
)
_FRACTION = re.compile(
    r"\s*(?P<a>\d)\s*/\s*(?P<b>\d{1,2})\s*(?:up-?front|pre-?paid|in advance|of the commitment|"
    r"im voraus|d'avance|por adelantado|预付|前払い?)?\s*"
)
_PART = re.compile(r"\b(partial|partly|part|teil\w*|partiel\w*|parcial|parziale)\b|部分")


def stated_share(value: CellValue, header: str = "") -> float | None:
    """A share (0–1) a cell states: "25%", "+25 %", 0.25 (a percent-formatted cell), a
    whole 25 (or 1) under a header that says % ("Prepayment (%)"), "none" (0), "all
    upfront" (1); None when the cell states no share ("Partial Upfront", "yes", "on
    request").

    >>> stated_share("+25 % at the committed rate"), stated_share(0.5), stated_share("none")
    (0.25, 0.5, 0.0)
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        percent = "%" in header or "percent" in header or "pct" in header
        if percent and float(value).is_integer() and 1 <= value <= 100:
            return float(value) / 100  # "Prepayment (%)" over 1, 25, 100
        return float(value) if 0 <= value <= 1 else None
    if not isinstance(value, str):
        return None
    text = value.strip().casefold()
    match = _SHARE_TEXT.match(text)
    percents = _ANY_PERCENT.findall(text)
    if match is None and len(percents) == 1 and not text.startswith(("-", "−")):
        match = _ANY_PERCENT.search(text)  # "Flex: 20%", "上浮20%", "±20%"
    if match is not None:
        share = float(match.group("n").replace(",", ".")) / 100
        return share if share <= 1 and len(percents) <= 1 else None
    folded = text.translate(_PLAIN)
    if _NO_SHARE.match(folded):
        return 0.0
    fraction = _FRACTION.fullmatch(folded)
    if fraction is not None and 0 < int(fraction["a"]) < int(fraction["b"]):
        return int(fraction["a"]) / int(fraction["b"])  # "1/3 upfront"
    if percents or _PART.search(folded):
        return None  # "25 % + 10 %", "Partial upfront": no one share
    return 1.0 if _WHOLE_SHARE.search(folded) else None


_PLAIN = str.maketrans("äöüéèàâç", "aoueeaac")
