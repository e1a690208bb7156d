"""The vendor a quote's letterhead names: its own company, never the addressee."""

from __future__ import annotations

import re
from collections.abc import Sequence

from computescore.domain.screening import normalise_name
from computescore.io.values import is_blank
from computescore.io.workbook import CellValue, SheetData

_ADDRESSEE = re.compile(
    r"御中|様\s*$|\b(attn|attention|to|for|für|pour|para|per|customer|client|kunde|cliente|"
    r"bill to|ship to|sold to|prepared for|quoted for|buyer|purchaser|destinataire|"
    r"empfänger|auftraggeber|lessee|leasingnehmer|mieter|preneur|arrendatario)\b",
    re.IGNORECASE,
)
"""Words that make a name the addressee's, not the sender's ("… 御中", "Attn: …")."""


def letterhead_vendor(sheet: SheetData | None) -> str | None:
    """The company a quote's letterhead names, not the addressee's.

    In its first three filled rows, a row holding only a company's name with its legal
    form ("Supermicron Systems Inc.", "株式会社…"); in its first two, a server maker's
    brand alone ("Hewlett Packard Enterprise", "Lenovo Financial Services"). Failing
    that, in its first six, the one cell naming a company beside other title cells
    ("有効期限：… | 株式会社さくらコンピュート"); "Key: value" cells are terms, not names,
    and two such cells name no one.
    """
    if sheet is None:
        return None
    beside: list[str] = []
    seen = 0
    for cells in sheet.rows[:12]:
        filled = [cell for cell in cells if not is_blank(cell)]
        if not filled:
            continue
        seen += 1
        if seen > LETTERHEAD_ROWS:
            break
        if any(isinstance(c, str) and _ADDRESSEE.match(c.strip()) for c in filled):
            continue  # "Customer | ACME AI Research Ltd": the addressee's row
        # "DataSeine SAS — Proposition commerciale": the name is the part before the dash
        parts = [p for c in filled if isinstance(c, str) for p in _TITLE_DASH.split(c.strip())]
        names = [part for part in parts if _company_name(part)]
        if len(filled) == 1 and names and seen <= 3:
            return names[0]
        split = _name_split(filled)
        if split is not None and seen <= 2:
            return split
        if len(filled) == 1 and seen <= 2 and isinstance(filled[0], str):
            # "Hewlett Packard Enterprise" alone at the top of the page, or before a dash:
            # "HPE Financial Services - Financing Proposal"
            brand = _TITLE_DASH.split(filled[0].strip())[0]
            if _KNOWN_MAKER.fullmatch(brand.casefold()):
                return brand
        beside.extend(names)
    return beside[0] if len(beside) == 1 else None


_KNOWN_MAKER = re.compile(
    r"(hewlett packard enterprise|hpe|dell technologies|dell emc|dell|lenovo|supermicro|"
    r"super micro computer|gigabyte|giga computing|asus|inspur|cisco( systems)?|fujitsu|"
    r"quanta cloud technology|wiwynn|penguin computing|atos|eviden|bull)"
    r"( (financial services|global technology|data center group|enterprise|server))?"
)
"""Server makers whose letterhead is their brand alone, with no legal form."""

LETTERHEAD_ROWS = 6
"""How many filled rows at the top of a sheet are its letterhead."""


def _name_split(filled: Sequence[CellValue]) -> str | None:
    """A company's name a page's word gaps split over a few cells ("NORDVIK | HPC AS"),
    joined again: the legal form in the last cell, none before it; else None."""
    if not 2 <= len(filled) <= 3 or not all(isinstance(cell, str) for cell in filled):
        return None
    texts = [str(cell).strip() for cell in filled]
    if any(":" in text for text in texts) or not _company_name(texts[-1]):
        return None
    if any(normalise_name(text).legal_forms for text in texts[:-1]):
        return None
    joined = " ".join(texts)
    return joined if _company_name(joined) else None


def _company_name(cell: str) -> bool:
    """True for a cell that is a company's name with its legal form, not the addressee's
    and not a "Key: value" pair."""
    text = cell.strip()
    return (
        3 <= len(text) <= 80
        and ":" not in text
        and "：" not in text
        and _ADDRESSEE.search(text) is None
        and (bool(normalise_name(text).legal_forms) or _CJK_LEGAL_FORM.search(text) is not None)
    )


_TITLE_DASH = re.compile(r"\s+[—–|]\s+|\s+-\s+")
"""What sets a company's name apart from the rest of a title line."""

_CJK_LEGAL_FORM = re.compile(
    r"^(株式会社|有限会社|合同会社)|(株式会社|有限会社|合同会社|有限公司|有限责任公司|股份有限公司)$"
)
"""Legal forms written without a space before or after the name: 株式会社さくら…, …有限公司."""


_REF_IN_TITLE = re.compile(
    r"(?:(?<![\w])(?:angebot|angebots|quotation|quote|offer|proposal|devis|offerte|offre|"
    r"presupuesto|cotizaci[oó]n|preventivo|offerta|order form|auftragsbest[aä]tigung)|"
    r"見積書?|报价单?|報價單?)"
    r"(?:\s*-?\s*(?P<no>(?:nr|no|nummer|number|num[eé]ro|ref(?:erence)?|id)(?!\w)|"
    r"n°|nº|n\.º|#|番号|编号|號))?"
    r"\.?\s*[:：]?\s*(?P<ref>[a-z0-9][a-z0-9/_.-]{1,40}[a-z0-9])(?![\w/-])",
    re.IGNORECASE,
)
"""A quote's reference in a title line: "Angebot Nr. RW-2026-1187", "Devis n° DV-42"."""
_ANOTHER = re.compile(
    r"\b(to|for|of|on|re|see|under|per|zu|zum|zur|laut|gem[aä]ss|à|au|de|du|del|al|"
    r"van|bij|referring to|as per)\s*[:.]?\s*$",
    re.IGNORECASE,
)
"""Words that make the quote a title names another one ("option to quotation …")."""
_DATE_LIKE = re.compile(r"^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$")
_SUBJECT = re.compile(
    r"^\s*(re|subject|subj|betreff|betr|objet|oggetto|asunto|onderwerp)\s*[:.]\s*", re.IGNORECASE
)
"""A letter's subject line ("Re: Private Pricing Offer PPO-2026-EU-4471"), which may stand
below the addresses, past the letterhead."""


def letterhead_reference(sheet: SheetData | None) -> str | None:
    """The quote reference a title line above the table states, None when none does.

    "Angebot Nr. RW-2026-1187", "Quotation No. Q-7781", "Nordlicht GmbH — Angebot
    NR-2026-114", "Devis n° DV-2026-0042": the word for a quote, a number word if any, then
    a code with a digit in it; below the addresses, a letter's subject line ("Re: Private
    Pricing Offer PPO-2026-EU-4471"). A bare number counts only after a number word ("Angebot Nr.
    4711"); a date never does ("Angebot vom 12.11.2026", "Offer 12.11.2026"), nor a quote
    the title refers to ("Leasing option to quotation KS-AN-2026-0419").

    >>> letterhead_reference(SheetData("Q", 0, (("Angebot Nr. RW-2026-1187",),)))
    'RW-2026-1187'
    """
    if sheet is None:
        return None
    seen = 0
    for cells in sheet.rows[:12]:
        filled = [cell for cell in cells if isinstance(cell, str) and cell.strip()]
        if not filled:
            continue
        seen += 1
        for cell in filled:
            subject = _SUBJECT.match(cell)
            if seen > LETTERHEAD_ROWS and subject is None:
                continue  # past the letterhead only a letter's subject line names it
            text = cell if subject is None else cell[subject.end() :]
            for match in _REF_IN_TITLE.finditer(text):
                if _ANOTHER.search(text[: match.start()]):
                    continue  # "Leasing option to quotation KS-AN-2026-0419": another's
                ref = match.group("ref")
                if not any(ch.isdigit() for ch in ref) or _DATE_LIKE.match(ref):
                    continue
                if match.group("no") is None and ref.isdigit():
                    continue
                return ref
    return None
