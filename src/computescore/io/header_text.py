"""A header's text folded for matching: accents, case, punctuation and identifiers."""

from __future__ import annotations

import re
import unicodedata


def strip_accents(text: str) -> str:
    """``Quantité`` → ``Quantite``; kana and CJK characters are kept as they are."""
    decomposed = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize(
        "NFC", "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    )


_CAMEL_HUMP = re.compile(r"(?<=[a-z])(?=[A-Z][a-z])")
"""Where a header written as one identifier starts its next word: ``PricePerUnit``,
``unitOfMeasure``, ``LeaseContractLength`` (price-list exports)."""
_CAMEL_LEAST = 6
"""Identifiers shorter than this stay whole: "MwSt", "UStId"; so do "vCPU" and "GiB"."""
_NOT_HEADER_CHARACTER = re.compile(r"[^0-9a-z$€£¥₩\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3]+")
NOT_LATIN = re.compile(r"[^0-9a-z$€£¥ ]+")
"""What is not a Latin header word."""
NOT_CJK = re.compile(r"[^\u3040-\u30ff\u3400-\u9fff\uac00-\ud7a3 ]+")
"""What is not a kana, CJK or Hangul header word."""


_NODE_SIZE = re.compile(r"(\d+)\s*[x×-]?\s*(gpus?|accelerators?|cards?)\b", re.IGNORECASE)


def per_node_in_header(header: str | None) -> int | None:
    """The node size a count of nodes states in its header: "Nodes (8 GPU each)" → 8."""
    found = _NODE_SIZE.search(header or "")
    return int(found.group(1)) if found and 0 < int(found.group(1)) <= 64 else None


def normalise_header(text: object) -> str:
    """A header folded for matching.

    NFKC, accents removed, case-folded, ``#`` and ``%`` spelt out, anything but
    letters, digits, currency signs, kana and CJK characters turned into single
    spaces: ``"Prix unitaire (€)"`` → ``"prix unitaire €"``, ``"单价(元)"`` → ``"单价 元"``;
    an identifier's words apart: ``"PricePerUnit"`` → ``"price per unit"``.
    """
    text = str(text)
    if len(text) >= _CAMEL_LEAST and not any(ch.isspace() for ch in text):
        text = _CAMEL_HUMP.sub(" ", text)
    folded = strip_accents(unicodedata.normalize("NFKC", text))
    folded = folded.casefold().replace("œ", "oe").replace("æ", "ae")  # "nœuds": noeuds
    folded = folded.replace("#", " number ").replace("%", " percent ")
    return " ".join(_NOT_HEADER_CHARACTER.sub(" ", folded).split())
