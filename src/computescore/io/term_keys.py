"""The keys of a quote's terms: what a key cell is about ("Severity-1 response" → a
response time), in the languages vendors write them.
"""

from __future__ import annotations

import re
from enum import StrEnum

from computescore.io.values import is_blank, normalise_text


class TermKey(StrEnum):
    """What a key–value pair is about."""

    VENDOR = "vendor"
    QUOTE_REF = "quote_ref"
    QUOTE_DATE = "quote_date"
    VALID_UNTIL = "valid_until"
    CURRENCY = "currency"
    UPTIME = "uptime"
    CREDIT = "credit"
    RESPONSE = "response"
    EXPERT_HOURS = "expert_hours"
    COVERAGE = "coverage"
    AFR = "annual_failure_rate"
    MTTR = "mttr"
    SPOT_INTERRUPTIONS = "spot_interruptions"
    MFU = "mfu"
    TOKENS = "tokens_per_second"
    MEASURED = "measured_performance"
    NOTICE = "notice"
    TERMINATION_FEE = "termination_fee"
    DATA_RETURN = "data_return"
    DATA_DELETION = "data_deletion"
    EGRESS = "egress"
    AUTO_RENEWAL = "auto_renewal"
    LOCK_IN = "lock_in"
    CERTIFICATIONS = "certifications"
    LEAD_TIME = "lead_time"


_KEY_RULES: tuple[tuple[TermKey, re.Pattern[str]], ...] = tuple(
    (key, re.compile(pattern))
    for key, pattern in (
        (
            TermKey.CREDIT,
            # a credit table's row: "Less than 99.9% but at least 99.0%" | "10%"
            r"\bcredits?\b|服务赔偿|赔偿|^(less than|below|under|<)\s*\d+([.,]\d+)?\s*%",
        ),
        (
            TermKey.RESPONSE,
            r"\b(response|respond|reaction)\b.*\b(sev(erity)?|priority|p)\s*-?\s*"
            r"[1-4]\b|\b(sev(erity)?|priority|p)\s*-?\s*[1-4]\b.*\b(response|"
            r"respond|reaction)|故障响应",
        ),
        (
            TermKey.EXPERT_HOURS,
            r"expert hours|engineering hours|included hours|hours included|"
            r"tam hours|consulting hours|专家服务",
        ),
        (
            TermKey.COVERAGE,
            r"support coverage|\bcoverage\b|support hours|service hours|"
            r"support window|服务时间",
        ),
        (TermKey.AFR, r"failure rate|\bafr\b|年故障率"),
        (
            TermKey.MTTR,
            r"mean time to (repair|restore|recover)|\bmttr\b|time to repair|"
            r"平均修复时间",
        ),
        (
            TermKey.SPOT_INTERRUPTIONS,
            r"interruption rate|interruption frequency|pre-?emption rate|"
            r"spot interruptions?|中断率",
        ),
        (TermKey.MFU, r"\bmfu\b|model flops utili[sz]ation"),
        (TermKey.TOKENS, r"tokens? ?(/|per) ?s|throughput"),
        (TermKey.MEASURED, r"measured performance|benchmark result"),
        (
            TermKey.TERMINATION_FEE,
            r"termination fee|exit fee|cancellation fee|break fee|"
            r"early termination|解约费",
        ),
        (
            TermKey.NOTICE,
            r"termination notice|notice period|notice of termination|"
            r"cancellation notice|^notice$|提前通知|^kündigungsfrist|pr[ée]avis|"
            r"^plazo de preaviso|^preavviso|^opzegtermijn",
        ),
        (TermKey.DATA_RETURN, r"data return|return of data|data export|数据返还"),
        (
            TermKey.DATA_DELETION,
            r"data deletion|deletion of data|data destruction|data erasure|"
            r"数据删除",
        ),
        (TermKey.EGRESS, r"\begress\b|data transfer out|outbound (data|transfer)|数据迁出"),
        (TermKey.AUTO_RENEWAL, r"auto-?\s?renew|automatic renewal|renewal|自动续约"),
        (TermKey.LOCK_IN, r"lock-?in|exclusivity|minimum commitment"),
        (
            # "Delivery: 12 weeks after order confirmation", "Lieferzeit: 6 Wochen"
            TermKey.LEAD_TIME,
            r"^(estimated |expected |standard |typical )?(delivery|lead)( time| lead time|"
            r" period| schedule)?$|^lead ?times?$|^lieferzeit|^lieferung$|^liefertermin$|"
            r"^d[eé]lai de livraison|^livraison$|^plazo de entrega|^entrega$|"
            r"^tempi? di consegna|^consegna$|^levertijd|^levering$|^交期|^交货期|^納期",
        ),
        (
            TermKey.CERTIFICATIONS,
            r"certifications?|certificates?|accreditations?|attestations?|"
            r"资质认证|^zertifizierungen|^zertifikate|^certificaciones|^certificazioni|"
            r"^certificeringen",
        ),
        (
            TermKey.UPTIME,
            r"\b(uptime|availability|service level|sla)\b|可用性|^verfügbarkeit|"
            # not a bare "Disponibilité" / "Disponibilidad": that may be the delivery's
            r"^disponibilit[eéaà] (garantie|garantita|de service|du service|del servizio)|"
            r"^disponibilidad (garantizada|del servicio)|^beschikbaarheid",
        ),
        (
            TermKey.VALID_UNTIL,
            r"\bvalid(ity)?\b|\bexpir(y|es|ation)\b|有效期|gültig|^validit[eé]\b|"
            r"^valable|^validez\b|^validit[aà]\b|^geldig|有効期限|^유효 ?기간$",
        ),
        (
            TermKey.QUOTE_DATE,
            r"^(quote |quotation |offer |proposal |order |issue )?date\b|^issued|^quoted on\b|"
            r"date of "
            r"(quote|offer|issue)|报价日期|^datum$|^angebotsdatum$|^date du devis$|"
            r"^fecha$|^見積日$|^견적 ?일자$|^견적일$",
        ),
        (
            TermKey.QUOTE_REF,
            r"\b(quote|quotation|offer|proposal|angebot|order|order form|ref|reference|"
            r"devis|offerte|presupuesto|preventivo)\b"
            r"\s*(ref(erence)?|no|nr|number|nummer|numero|n°|nº|n\.º|id|#)?\.?$|"
            r"^(ref|reference|quote no|offer no)\b|^offer$|^angebots-?(nummer|nr)\b|"
            r"^r[eé]f\.?$|^r[eé]f[eé]rence( de l offre| du devis)?$|"
            r"^(numero|n°) (de |du )?devis$|报价编号|报价单号|見積(書)?番号|^견적 ?번호$",
        ),
        (
            TermKey.VENDOR,
            r"^(supplier|vendor|provider|company|prepared by|seller|bidder|lieferant|"
            r"anbieter|fournisseur|proveedor|fornitore|leverancier)( name)?$|^(공급자|공급업체)$",
        ),
        (TermKey.CURRENCY, r"^(currency|prices? in|all prices in|billing currency)$"),
    )
)


_TOTALS = re.compile(r"\b(total|totals|subtotal|sum)\b|合计|总计")


def classify_key(text: object) -> TermKey | None:
    """What a key cell is about (``"Severity-1 response"`` → response), or None."""
    if not isinstance(text, str) or is_blank(text):
        return None
    folded = normalise_text(text).casefold().rstrip(":：").strip()
    if len(folded) > 120 or _TOTALS.search(folded):
        return None
    for key, pattern in _KEY_RULES:
        if pattern.search(folded):
            return key
    return None


SUPPORT_KEY = re.compile(
    r"^(support|service and support|technical support|support level|support plan|helpdesk|"
    r"kundendienst|support technique|assistance|soporte|assistenza|ondersteuning)\b"
)
"""A key whose value is a sentence about support, which may state response times."""
