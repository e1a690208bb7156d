"""What an order form states once for all its lines, and what a line's unit cell says of
its quantity: the term above the table ("Initial Term: 24 months"), a quantity counted in
GPUs.
"""

from __future__ import annotations

import re
from functools import cache

from computescore.io.values import Basis, parse_unit_text
from computescore.io.workbook import CellValue

_ORDER_TERM = re.compile(
    r"(?:(?:^|\s)(?:(?:initial|committed|commitment|contract|subscription|service|minimum|"
    r"reservation)\s+)?term|(?:commitment|contract|subscription|reservation|minimum)\s+period)"
    r"\s*[:：]?\s*(\d{1,3})\s*(months?|mos?\b|years?|yrs?\b)|"
    r"(?:vertrags|mindest)?laufzeit\s*[:：]?\s*(\d{1,3})\s*(monate?n?|jahre?n?)|"
    r"dur[ée]e(?: du contrat| d'engagement| d’engagement)?\s*[:：]?\s*(\d{1,3})\s*(mois|ans?)\b|"
    r"契約期間\s*[:：]?\s*(\d{1,3})\s*(ヶ月|か月|カ月|年)|"
    r"(?<!\bno )(?<!\bnon-)(?<!\bwithout )(?<!\bwithout a )(?<!\bno minimum )"
    r"\bcommit\w*[^.;]{0,80}?\b(?:over|for)\s+(?:(?:a|an|the)\s+)?(?:(?:initial|minimum)\s+)?"
    r"(?:term|period)\s+of\s+(\d{1,3})\s*(months?|years?)\b"
)
"""An order form's term as its key and value above the table: "Initial Term: 24 months",
"Laufzeit: 36 Monate", "Durée d'engagement : 12 mois", "契約期間：12ヶ月"; or a letter's
commitment in a sentence: "a committed spend of USD 18,000,000 over a term of 36 months"."""


def order_term(context: str) -> int | None:
    """The term in months an order form states above its table, or None."""
    found = _ORDER_TERM.search(context.casefold())
    if found is None:
        return None
    number, unit = next(
        (n, u) for n, u in zip(found.groups()[::2], found.groups()[1::2], strict=True) if n
    )
    months = int(number) * (12 if unit[0] in "yjaå年" else 1)
    return months if 0 < months <= 240 else None


@cache
def _counts_accelerators(text: str) -> bool:
    hint = parse_unit_text(text)
    return hint is not None and hint.basis is Basis.GPU and hint.period is None


def counts_accelerators(unit_cell: CellValue) -> bool:
    """True when a line's unit cell says its quantity counts accelerators ("GPUs")."""
    return isinstance(unit_cell, str) and _counts_accelerators(unit_cell.strip().casefold())
