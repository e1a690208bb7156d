"""Billing terms: deployment model and commitment from words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from computescore.domain.problems import Problem
from computescore.domain.quotes import Deployment
from computescore.io.values.money import Period, UnitHint
from computescore.io.values.text import _problem, is_blank, normalise_text


@dataclass(frozen=True, slots=True)
class TermsReading:
    """What a billing or term text says: how the compute is obtained and for how long."""

    deployment: Deployment | None = None
    term_months: int | None = None
    unit: UnitHint | None = None


_SPOT = re.compile(
    r"\b(spot|pre-?emptible|interruptible|low[- ]priority|evictable|"
    r"preemptable|surplus)\b|スポット|抢占式|竞价"
)
_ON_DEMAND = re.compile(
    r"(on[- ]?demand|pay[- ]?as[- ]?you[- ]?go|\bpayg\b|no[- ]commit|"
    r"\bflexible\b|\bad[- ]hoc\b|month[- ]to[- ]month|rolling|"
    r"pay[- ]per[- ]use|usage[- ]based|\bmetered\b|按需|按量|オンデマンド|従量|"
    # no commitment in the vendor's words: fr, de, es, it, nl
    r"sans engagement|à la demande|ohne (mindest)?laufzeit|monatlich kündbar|"
    r"sin (compromiso|permanencia)|bajo demanda|senza impegno|zonder (verplichting|"
    r"looptijd)|maandelijks opzegbaar|"
    # a cloud price list's price type (Azure's "Consumption", "DevTestConsumption")
    r"^(dev ?test ?)?consumption$)"
)
_RESERVED = re.compile(
    r"(\breserved?\b|\breservations?\b|\breserviert\b|\br[eé]serv[eé]e?s?\b|\breservad[oa]\b|"
    r"\briservat[oa]\b|\bgereserveerd\b|\bcommit|\bri\b|savings plan|\bterm\b|contract|"
    r"\bdedicated\b|\bprepaid\b|pre-paid|"
    # a commitment in the vendor's words: fr, de, es, it, nl, zh, ja
    r"\bengagement\b|laufzeit|\bcompromiso\b|\bimpegno\b|\bverbintenis\b|合同期|承诺|"
    r"契約期間|予約|リザーブド|预留|"
    # 租赁 / 租用 is renting dedicated servers ("GPU服务器租赁", monthly); a finance lease
    # says 融资租赁
    r"租赁|租用|包月|包年|임대|계약 ?기간|약정|"
    # Oracle's "Annual Flex": a year's commitment
    r"\bannual flex\b)"
)
_LEASE = re.compile(
    r"\b(lease[ds]?|leasing|financ\w*|noleggio|locazione|alquiler|arrendamiento)\b|融资租赁|融资"
    # a lease's end-of-term options: "FMV purchase, return or extend", "$1 buyout"
    r"|\bfmv\b|fair market value|\$?\b1 buy-?out\b|\bbuy-?out option\b|\bpurchase option\b|"
    r"return or (extend|renew)"
)
_PURCHASE = re.compile(r"\b(purchase[ds]?|buy|outright|capex|sale|owned|hardware sale|kauf)\b|购买")
_TERM_MONTHS = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*-?\s*(?:months?|mos?|mths?|m\b|个月|monate?|[ヶかカケ箇]月|mois|mes(?:es)?\b|mesi\b|maand(?:en)?\b|개월)"
)
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


def names_spot(value: object) -> bool:
    """True for a name that says its capacity can be taken back: "ND96isr H100 v5 Spot",
    "Low Priority", "preemptible"."""
    return isinstance(value, str) and _SPOT.search(normalise_text(value).casefold()) is not None


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
