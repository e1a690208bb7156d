"""Key–value terms: the quote's header fields, SLA, support, exit terms, reliability,
measured performance and certifications.

Vendors write these as two-column tables ("Uptime commitment | 99.95%"), as one
``Key: value`` sentence per cell ("Severity-1 response: 30 minutes"), or as labelled
cells in the title block ("Quote reference | SC-2026-1147 | Valid until | 31/12/2026").
:func:`key_values` finds the pairs in a range of rows; :func:`read_terms` turns the
recognised ones into the domain's records and reports values it cannot read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal
from enum import StrEnum

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    ExitTerms,
    MeasuredPerformance,
    ReliabilityTerms,
    SlaCredit,
    SlaTerms,
    SupportTerms,
)
from computescore.io.service_words import stated_responses, stated_uptime
from computescore.io.values import (
    DecimalMark,
    Money,
    is_blank,
    normalise_text,
    parse_date,
    parse_days,
    parse_duration_minutes,
    parse_money,
    parse_percent,
    read_number_text,
    settle_month_first,
)
from computescore.io.workbook import CellValue, SheetData, cell_name


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


_SUPPORT_KEY = re.compile(
    r"^(support|service and support|technical support|support level|support plan|helpdesk|"
    r"kundendienst|support technique|assistance|soporte|assistenza|ondersteuning)\b"
)
"""A key whose value is a sentence about support, which may state response times."""


@dataclass(frozen=True, slots=True)
class KeyValue:
    """One key–value pair and the cell the value came from."""

    key: str
    value: CellValue
    source: str
    row: int
    in_sentence: bool = False
    """Read from a sentence under no key of its own: a pair with a key of its own wins."""


_SENTENCE = re.compile(r"^\s*([^:：]{2,120}?)\s*[:：]\s*(.+?)\s*$", re.DOTALL)


def key_values(sheet: SheetData, rows: Iterable[int], prefix: str) -> list[KeyValue]:
    """Key–value pairs in the given rows of a sheet.

    A pair is a recognised key cell (or any text cell ending in a colon) followed by
    the next filled cell of the row, or one cell holding ``Key: value``. A row can hold
    several pairs ("Quote date | 02/11/2026 | Valid until | 31/12/2026").

    Args:
        sheet: the sheet.
        rows: 0-based rows to look at.
        prefix: the source prefix for cells (``file!sheet`` or ``file`` for text files).
    """
    pairs: list[KeyValue] = []
    for row in rows:
        cells = sheet.rows[row] if row < len(sheet.rows) else ()
        filled = [(col, cell) for col, cell in enumerate(cells) if not is_blank(cell)]
        if not filled:
            continue
        index = 0
        while index < len(filled):
            col, cell = filled[index]
            if not isinstance(cell, str):
                index += 1
                continue
            text = cell.strip()
            following = filled[index + 1] if index + 1 < len(filled) else None
            joined = _several_pairs(text) or _key_then_value(text)
            if joined:
                # "見積番号：SRC-1 見積日：2026年11月14日", "Quote Date 2026-11-02": the cell
                # holds its pairs, each key with its own value
                where = f"{prefix}!{cell_name(row, col)}"
                pairs.extend(KeyValue(key, value, where, row) for key, value in joined)
                index += 1
                continue
            sentence = _SENTENCE.match(text)
            own = classify_key(sentence.group(1)) if sentence is not None else None
            in_cell = (
                KeyValue(
                    sentence.group(1).strip(),
                    sentence.group(2),
                    f"{prefix}!{cell_name(row, col)}",
                    row,
                )
                if sentence is not None
                and (own is not None or _SUPPORT_KEY.match(sentence.group(1).casefold()))
                else None
            )
            # "Quote ref: NB-2211 | Date: 2026-11-09", "有効期限：2026年12月6日 | <company>":
            # the cell holds its own value; the next cell is not it.
            own_first = in_cell is not None and (
                own in _OWN_VALUE_KEYS or following is None or _is_key_cell(following[1])
            )
            keyish = classify_key(text) is not None or text.endswith((":", "："))
            key_text = _key_split_before(filled, index) or text
            if (
                keyish
                and not own_first
                and following is not None
                and not (isinstance(following[1], str) and following[1].strip().endswith(":"))
                and not _column_heads(text, following[1])
                and not _title_before_key(text, filled[index + 1 :])
            ):
                pairs.append(
                    KeyValue(
                        key_text.rstrip(":：").strip(),
                        following[1],
                        f"{prefix}!{cell_name(row, following[0])}",
                        row,
                    )
                )
                index += 2
                continue
            if in_cell is not None:
                pairs.append(in_cell)
            else:
                pairs.extend(_service_stated(text, f"{prefix}!{cell_name(row, col)}", row))
            index += 1
    return pairs


def _key_split_before(filled: Sequence[tuple[int, CellValue]], index: int) -> str | None:
    """A key a page's word gaps split in two, joined again ("Quotation | no.:" →
    "Quotation no.:"), when the cell at ``index`` ends a key the terms do not know alone
    and the cell just before it makes one they know; else None."""
    col, cell = filled[index]
    if index == 0 or not isinstance(cell, str) or not cell.strip().endswith((":", "：")):
        return None
    before_col, before = filled[index - 1]
    if before_col != col - 1 or not isinstance(before, str) or ":" in before:
        return None
    if classify_key(cell) is not None:
        return None
    joined = f"{before.strip()} {cell.strip()}"
    return joined if classify_key(joined) is not None else None


def _service_stated(text: str, where: str, row: int) -> list[KeyValue]:
    """The service a sentence under no key states, as pairs the terms read: its uptime,
    and the sentence as support when it states a response time."""
    pairs = []
    uptime = stated_uptime(text)
    if uptime is not None:
        pairs.append(KeyValue("Availability", uptime, where, row, in_sentence=True))
    if stated_responses(text):
        pairs.append(KeyValue("Support", text, where, row, in_sentence=True))
    return pairs


_COLON = re.compile(r"\s*[:：]\s*")
_KEY_FIRST = re.compile(r"^(?P<key>[^\d#№:：]{2,60}?)\s*[#№]?\s*(?P<value>\d.*)$")
_NUMBERED_KEY = re.compile(
    r"^(?P<key>[^\d#№:：]{2,40}?(?:\b(?:nr|no|n°|nº|nummer|number)\.?|#|№))\s*"
    r"(?P<value>[A-Za-z][\w./-]*\d[\w./-]*)$",
    re.IGNORECASE,
)
"""A key that ends in its number word, then a reference that starts with letters:
"Angebot Nr. RW-2026-1187", "Quote No. SV-0912"."""


def _key_suffix(words: str) -> tuple[str, str] | None:
    """(what comes before, the key) for the last one to three words that name a term and
    hold no figure: ``"SRC-2026-0456 見積日"`` → (``"SRC-2026-0456"``, ``"見積日"``).

    A key never reaches back past the end of a sentence: in ``"99.95% platform
    availability. Prepayment"`` the key is "Prepayment", not "availability. Prepayment".
    """
    sentences = _SENTENCE_END.split(words.strip())
    earlier, tokens = " ".join(sentences[:-1]), sentences[-1].split()
    for size in (3, 2, 1):
        if len(tokens) < size:
            continue
        key = " ".join(tokens[-size:])
        if not any(ch.isdigit() for ch in key) and classify_key(key) is not None:
            return " ".join([earlier, *tokens[:-size]]).strip(), key
    return None


_SENTENCE_END = re.compile(r"(?<=[.;!?。])\s+")
"""Where one sentence of a cell ends and the next begins."""


def _several_pairs(text: str) -> list[tuple[str, str]] | None:
    """The pairs of a cell that holds several ``key: value`` (``見積番号：SRC-2026-0456
    見積日：2026年11月14日 有効期限：2026年12月14日``), or None when it holds fewer than two
    or a key is not one."""
    parts = _COLON.split(text)
    if len(parts) < 3 or classify_key(parts[0]) is None:
        return None
    pairs: list[tuple[str, str]] = []
    key = parts[0].strip()
    for part in parts[1:-1]:
        split = _key_suffix(part)
        if split is None or not split[0]:
            return None
        pairs.append((key, split[0]))
        key = split[1]
    if not parts[-1].strip():
        return None
    pairs.append((key, parts[-1].strip()))
    return pairs


def _key_then_value(text: str) -> list[tuple[str, str]] | None:
    """A cell that names a term and gives its figure without a colon: ``Quote Date
    2026-11-02``, ``Quote #3000184799001.1``, ``Valid Until 2026-12-02``."""
    if ":" in text or "：" in text:
        return None
    match = _NUMBERED_KEY.match(text) or _KEY_FIRST.match(text)
    if match is None:
        return None
    key, value = match.group("key").strip(), match.group("value").strip()
    kind = classify_key(key)
    if len(key.split()) > 4 or kind not in _OWN_VALUE_KEYS:
        return None
    if kind is TermKey.QUOTE_REF and (
        (value.isdigit() and not _NUMBER_WORD.search(text)) or _A_DATE.fullmatch(value)
    ):
        return None  # "Offer 2026", "Quotation 2026-11-02": a year or a date, no number
    return [(key, value)]


_A_DATE = re.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{1,4}")


_NUMBER_WORD = re.compile(r"(?i)#|№|\b(no|nr|n°|nº|number|nummer|numéro|num)\b\.?|番号|编号")


_OWN_VALUE_KEYS = frozenset(
    (TermKey.QUOTE_REF, TermKey.QUOTE_DATE, TermKey.VALID_UNTIL, TermKey.VENDOR, TermKey.CURRENCY)
)
"""Keys whose ``Key: value`` cell is the whole pair: words after them are their value, never
a qualifier of the next cell's (as "Service credit: below 99.9% | 10 %" is)."""


def _column_heads(key: str, value: CellValue) -> bool:
    """True for two headings side by side ("Monthly Uptime Percentage | Service Credit", a
    terms table's header): the second names another term in a few words, no figure."""
    if not isinstance(value, str) or any(ch.isdigit() for ch in value) or len(value.split()) > 4:
        return False
    other = classify_key(value)
    return other is not None and other is not classify_key(key)


def _title_before_key(key: str, rest: Sequence[tuple[int, CellValue]]) -> bool:
    """True for a title beside the key it heads ("QUOTATION | Quote No. | SV-0912"): the
    next cell names the same term in a few words, no figure, and has a value of its own,
    beside it or in it ("QUOTATION | Quote No.: MGC-26-11-0457")."""
    label = rest[0][1] if rest else None
    sentence = _SENTENCE.match(label) if isinstance(label, str) else None
    if sentence is not None and classify_key(key) is not None:
        return classify_key(sentence.group(1)) is classify_key(key)
    if len(rest) < 2:
        return False
    if not isinstance(label, str) or any(ch.isdigit() for ch in label) or len(label.split()) > 4:
        return False
    return classify_key(label) is not None and classify_key(label) is classify_key(key)


def _is_key_cell(cell: CellValue) -> bool:
    """True for a cell that starts a pair of its own: a key, or ``Key: value``."""
    if not isinstance(cell, str):
        return False
    sentence = _SENTENCE.match(cell)
    return classify_key(cell) is not None or (
        sentence is not None and classify_key(sentence.group(1)) is not None
    )


@dataclass(frozen=True, slots=True)
class TermsDraft:
    """The terms read from key–value pairs, with problems for values that could not be read.

    ``egress`` is the egress price as quoted (amount and currency, per GB); the exit
    terms carry it in USD only when it was quoted in USD.
    """

    vendor: str | None = None
    quote_ref: str | None = None
    quote_date: date | None = None
    valid_until: date | None = None
    currency: str | None = None
    sla: SlaTerms = field(default_factory=SlaTerms)
    support: SupportTerms = field(default_factory=SupportTerms)
    reliability: ReliabilityTerms = field(default_factory=ReliabilityTerms)
    performance: MeasuredPerformance = field(default_factory=MeasuredPerformance)
    exit_terms: ExitTerms = field(default_factory=ExitTerms)
    egress: Money | None = None
    certifications: tuple[str, ...] = ()
    problems: tuple[Problem, ...] = ()
    keys_found: frozenset[TermKey] = frozenset()
    source: str | None = None

    @property
    def has_terms(self) -> bool:
        """True when any SLA, support, exit, reliability, performance or certification was read."""
        return bool(
            self.keys_found
            - {
                TermKey.VENDOR,
                TermKey.QUOTE_REF,
                TermKey.QUOTE_DATE,
                TermKey.VALID_UNTIL,
                TermKey.CURRENCY,
            }
        )


_NOT_GIVEN = re.compile(
    r"^(not disclosed|not provided|none provided|none|n/?a|not available|"
    r"not applicable|tbd|tba|unknown|-|—|–|no data)\b"
)
_UNKNOWN = re.compile(
    r"^(not disclosed|n/?a|unknown|tbd|tba|tbc|not applicable|no data|"
    r"not stated|-|—|–)(\b|$)"
)
_NEGATIVE = re.compile(
    r"^(no|none|not|never|false|n|nein|否|无)\b|\bnot (provided|included|"
    r"offered|available|supported)\b"
)
_POSITIVE = re.compile(r"^(yes|y|true|included|provided|available|supported|ja|是)\b")


_PAGE_NUMBER = re.compile(
    r"(?i)^(page|seite|página|pagina|pag\.|p\.)\s*\d+(\s*(of|/|von|de|sur|di)\s*\d+)?$"
)
_TO_FILL_IN = re.compile(r"^(?:_{2,}|\.{3,}|…+|\[[^\]]*\])\s*$")
"""A blank to fill in on a form ("Date: __________", "[date]"): nothing stated yet."""


def _not_given(value: CellValue) -> bool:
    if not isinstance(value, str):
        return is_blank(value)
    text = normalise_text(value).casefold()
    return is_blank(value) or bool(_NOT_GIVEN.match(text) or _TO_FILL_IN.match(text))


def parse_bool(value: CellValue, *, default_true: bool = True) -> bool | None:
    """Yes/no terms: "No" → False; "Yes, …", "within 30 days", "export via API" → True.

    Text that is neither clearly negative nor a "not given" placeholder counts as a
    yes when ``default_true`` (a described service is a provided one).
    """
    if isinstance(value, bool):
        return value
    if is_blank(value):
        return None
    folded = normalise_text(value).casefold()
    if _UNKNOWN.match(folded):
        return None
    if _NEGATIVE.search(folded):
        return False
    if _POSITIVE.search(folded) or default_true:
        return True
    return None


def _first_number(text: str, mark: DecimalMark | None) -> Decimal | None:
    match = re.search(r"[0-9][0-9.,' ]*", text)
    if not match:
        return None
    candidate = match.group(0).strip().rstrip(".,")
    reading = read_number_text(candidate, mark)
    return reading.value


_PER_PERIOD_HOURS = (
    (re.compile(r"\b(per|/|a|an|every|each)\s*(hour|hr|h)\b|hourly|每小时"), 1.0),
    (re.compile(r"\b(per|/|a|an|every|each)\s*(day|d)\b|daily|每天"), 24.0),
    (re.compile(r"\b(per|/|a|an|every|each)\s*(week|wk)\b|weekly|每周"), 168.0),
    (re.compile(r"\b(per|/|a|an|every|each)\s*(month|mo)\b|monthly|每月"), 730.0),
)


def _rate_per_hour(
    key: str, text: str, source: str, mark: DecimalMark | None = None
) -> tuple[float | None, Problem | None]:
    """A stated interruption rate as interruptions per hour ("2 % per hour", "0.5/day").

    The period comes from the value, else from its label ("Interruptions per day");
    a rate with no period is refused rather than guessed.
    """
    number = _first_number(text, mark)
    if number is None:
        return None, Problem(
            source,
            "the spot interruption rate is not a number",
            Severity.WARNING,
            text,
            "interruptions per hour, day, week or month, e.g. 0.5 per day",
        )
    rate = float(number) / (100 if "%" in text else 1)
    for words in (text.casefold(), key.casefold()):
        for pattern, hours in _PER_PERIOD_HOURS:
            if pattern.search(words):
                return rate / hours, None
    return None, Problem(
        source,
        "the spot interruption rate does not say per what period",
        Severity.WARNING,
        text,
        "interruptions per hour, day, week or month, e.g. 0.5 per day",
    )


_ISO_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")


def _measurement(text: str) -> tuple[str, date | None]:
    """The method (the parenthesised description) and the date a measurement was taken."""
    inner = re.search(r"\((.*)\)", text, re.DOTALL)
    method = inner.group(1) if inner else ""
    day: date | None = None
    found = _ISO_DATE.search(text)
    if found:
        day = date.fromisoformat(found.group(1))
        method = re.sub(r",?\s*(measured( on)?\s*)?" + re.escape(found.group(1)), "", method)
    return method.strip(" ,;"), day


_CREDIT_THRESHOLD = re.compile(r"(?:below|under|less than|<|低于)\s*([0-9]+(?:[.,][0-9]+)?)\s*%")


def split_certifications(text: str) -> tuple[str, ...]:
    """Certification names from a list: commas and semicolons separate, brackets do not."""
    names: list[str] = []
    depth = 0
    current = ""
    for char in text:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(depth - 1, 0)
        if char in ",;，；" and depth == 0:
            names.append(current)
            current = ""
            continue
        current += char
    names.append(current)
    return tuple(name.strip() for name in names if name.strip())


def read_terms(
    pairs: Sequence[KeyValue],
    *,
    date1904: bool = False,
    mark: DecimalMark | None = None,
    currency: str | None = None,
    source: str | None = None,
) -> TermsDraft:
    """Turn key–value pairs into terms records.

    Args:
        pairs: the pairs (from :func:`key_values`).
        date1904: the workbook's date system, for date serials.
        mark: the vendor's decimal mark, when known.
        currency: the quote's currency, for egress prices without one.
        source: where the terms were found (for display).
    """
    # Day and month may have changed places only in a quote in US dollars (or of no
    # stated currency): elsewhere 03/05/2026 is 3 May.
    us_dates = currency in (None, "USD")
    problems: list[Problem] = []
    found: set[TermKey] = set()
    vendor = quote_ref = coverage = None
    quote_date = valid_until = None
    valid_days: int | None = None
    stated_currency: str | None = None
    uptime: float | None = None
    credits: list[SlaCredit] = []
    responses: dict[int, int | None] = {}
    unread_uptime: list[Problem] = []
    expert_hours = afr = mttr_hours = mfu = tokens = interruptions = None
    method = ""
    measured_on: date | None = None
    notice = fee = None
    data_return = data_deletion = auto_renewal = None
    egress: Money | None = None
    egress_at: KeyValue | None = None
    doubts: dict[str, Problem] = {}  # dates read day first that month first could be
    lock_in = ""
    certifications: tuple[str, ...] = ()

    def warn(pair: KeyValue, message: str, expected: str) -> None:
        problems.append(Problem(pair.source, message, Severity.WARNING, str(pair.value), expected))

    for pair in pairs:
        kind = classify_key(pair.key)
        if kind is None and _SUPPORT_KEY.match(normalise_text(pair.key).casefold()):
            # "Support: 24x7; Severity 1 response within 30 minutes": one sentence
            stated = stated_responses(normalise_text(pair.value or ""))
            responses.update((k, v) for k, v in stated.items() if k not in responses)
        if kind is None:
            continue
        value = pair.value
        text = "" if value is None else normalise_text(value)
        if kind in (
            TermKey.VENDOR,
            TermKey.QUOTE_REF,
            TermKey.QUOTE_DATE,
            TermKey.VALID_UNTIL,
            TermKey.CURRENCY,
            TermKey.COVERAGE,
            TermKey.LOCK_IN,
            TermKey.CERTIFICATIONS,
        ) and _not_given(value):
            continue
        found.add(kind)
        if kind is TermKey.VENDOR:
            vendor = vendor or text
        elif kind is TermKey.QUOTE_REF and _PAGE_NUMBER.match(text):
            continue  # a footer's "Confidential proposal | Page 1": no reference
        elif kind is TermKey.QUOTE_REF:
            quote_ref = quote_ref or (
                _reference(text) if isinstance(value, str) else _plain_number(value)
            )
        elif kind is TermKey.QUOTE_DATE:
            day, problem = parse_date(
                value, pair.source, date1904=date1904, what="quote date", month_first=us_dates
            )
            quote_date = quote_date or day
            if problem:
                problems.append(problem)
                doubts.setdefault("quote", problem)
        elif kind is TermKey.VALID_UNTIL:
            # "60 days", "30 days from the quote date", "견적일로부터 30일"
            relative = re.fullmatch(
                r"\D*?(\d+)\s*(days?|tage?|jours?|d[ií]as|giorni|dagen|天|日間?|일)(?![a-z])\D*",
                text.casefold(),
            )
            if relative:
                valid_days = int(relative.group(1))
            else:
                day, problem = parse_date(
                    value,
                    pair.source,
                    date1904=date1904,
                    what="validity date",
                    month_first=us_dates,
                )
                valid_until = valid_until or day
                if problem:
                    problems.append(problem)
                    doubts.setdefault("valid", problem)
        elif kind is TermKey.CURRENCY:
            code = re.search(r"\b([A-Z]{3})\b", text.upper())
            stated_currency = code.group(1) if code else stated_currency
        elif kind is TermKey.UPTIME:
            if _not_given(value):
                continue
            number, problem = parse_percent(value, pair.source, what="uptime commitment")
            if problem:
                unread_uptime.append(problem)  # told unless another pair states it
            elif number is not None and (uptime is None or not pair.in_sentence):
                uptime = number
        elif kind is TermKey.CREDIT:
            threshold = _CREDIT_THRESHOLD.search(normalise_text(pair.key).casefold())
            credit, problem = parse_percent(value, pair.source, what="service credit")
            if threshold and credit is not None and problem is None:
                below = float(
                    read_number_text(threshold.group(1).replace(",", "."), DecimalMark.POINT).value
                    or 0
                )
                credits.append(SlaCredit(below, credit))
            else:
                warn(
                    pair,
                    "The service credit row was not understood",
                    "a key like 'credit below 99.9%' and a percentage",
                )
        elif kind is TermKey.RESPONSE:
            severity = re.search(
                r"(?:sev(?:erity)?|priority|p)\s*-?\s*([1-4])|([一二三四])级",
                normalise_text(pair.key).casefold(),
            )
            if not severity:
                continue
            level = (
                int(severity.group(1))
                if severity.group(1)
                else "一二三四".index(severity.group(2)) + 1
            )
            minutes, best_effort, problem = parse_duration_minutes(value, pair.source)
            if problem:
                problems.append(problem)
            else:
                responses[level] = None if best_effort else minutes
        elif kind is TermKey.EXPERT_HOURS:
            hours = _first_number(text, mark)
            if hours is None:
                warn(pair, "The included expert hours are not a number", "e.g. 20 hours per month")
                continue
            per_year = re.search(r"\b(year|annual|yr|p\.?a\.?)\b", text.casefold())
            expert_hours = float(hours) / (12 if per_year else 1)
        elif kind is TermKey.COVERAGE:
            coverage = text
        elif kind is TermKey.AFR:
            if _not_given(value):
                continue
            number, problem = parse_percent(value, pair.source, what="annual failure rate")
            if problem:
                problems.append(problem)
            elif number is not None:
                afr = number / 100
        elif kind is TermKey.MTTR:
            if _not_given(value):
                continue
            minutes, _, problem = parse_duration_minutes(
                value, pair.source, what="time to repair in hours"
            )
            if problem:
                problems.append(problem)
            elif minutes is not None:
                mttr_hours = minutes / 60
        elif kind is TermKey.SPOT_INTERRUPTIONS:
            if _not_given(value):
                continue
            interruptions, problem = _rate_per_hour(normalise_text(pair.key), text, pair.source)
            if problem:
                problems.append(problem)
        elif kind is TermKey.MFU:
            if _not_given(value):
                continue
            number, problem = parse_percent(value, pair.source, what="MFU")
            if problem:
                problems.append(problem)
            elif number is not None:
                mfu = number / 100
                method, measured_on = _measurement(text)
        elif kind is TermKey.TOKENS:
            if _not_given(value):
                continue
            rate = _first_number(text, mark)
            if rate is None:
                warn(pair, "The measured throughput is not a number", "e.g. 1,850 tokens/s")
                continue
            tokens = float(rate)
            method, measured_on = _measurement(text)
        elif kind is TermKey.NOTICE:
            if _not_given(value):
                continue
            days, problem = parse_days(value, pair.source)
            if problem:
                problems.append(problem)
            else:
                notice = days
        elif kind is TermKey.TERMINATION_FEE:
            if _not_given(value):
                continue
            number, problem = parse_percent(value, pair.source, what="termination fee")
            if problem:
                problems.append(problem)
            else:
                fee = number
        elif kind is TermKey.DATA_RETURN:
            data_return = parse_bool(value)
        elif kind is TermKey.DATA_DELETION:
            data_deletion = parse_bool(value)
        elif kind is TermKey.AUTO_RENEWAL:
            auto_renewal = parse_bool(value)
        elif kind is TermKey.EGRESS:
            if _not_given(value):
                continue
            money, problem = parse_money(
                value, pair.source, currency=stated_currency or currency, mark=mark
            )
            if problem and money is None:
                problems.append(problem)
            elif money is not None:
                egress, egress_at = money, pair
        elif kind is TermKey.LOCK_IN:
            lock_in = text
        elif kind is TermKey.CERTIFICATIONS:
            certifications = split_certifications(text)

    if quote_date is not None and valid_until is not None:
        settled = settle_month_first(quote_date, valid_until, doubts)
        if settled is not None:
            quote_date, valid_until, note = settled
            problems = [p for p in problems if p not in doubts.values()]
            problems.append(note)
    if valid_until is None and valid_days is not None and quote_date is not None:
        valid_until = quote_date + timedelta(days=valid_days)
    egress_usd = None
    if egress is not None and (egress.currency or stated_currency or currency) == "USD":
        egress_usd = egress.amount
    elif egress is not None and egress_at is not None:
        problems.append(unkept_egress(egress, egress_at.source, stated_currency or currency))
    problems += unread_uptime if uptime is None else []
    return TermsDraft(
        vendor=vendor,
        quote_ref=quote_ref,
        quote_date=quote_date,
        valid_until=valid_until,
        currency=stated_currency,
        sla=SlaTerms(uptime, tuple(sorted(credits, key=lambda c: -c.below_uptime_pct))),
        support=SupportTerms(dict(sorted(responses.items())), expert_hours, coverage or ""),
        reliability=ReliabilityTerms(afr, mttr_hours, spot_interruptions_per_hour=interruptions),
        performance=MeasuredPerformance(mfu, tokens, method, measured_on),
        exit_terms=ExitTerms(
            notice, fee, data_return, data_deletion, egress_usd, auto_renewal, lock_in
        ),
        egress=egress
        if egress is None or egress.currency
        else Money(egress.amount, stated_currency or currency, egress.unit),
        certifications=certifications,
        problems=tuple(map(_unstored, problems)),
        keys_found=frozenset(found),
        source=source,
    )


def _unstored(problem: Problem) -> Problem:
    """A term whose value cannot be read is told and not stored; it does not refuse the
    quote's lines ("Service level: the Amazon Compute Service Level Agreement applies …")."""
    if problem.severity is not Severity.ERROR:
        return problem
    return replace(
        problem, message=f"{problem.message}; it was not stored", severity=Severity.WARNING
    )


def unkept_egress(egress: Money, source: str, currency: str | None) -> Problem:
    """The warning for an egress price the exit terms cannot keep: they hold it in USD."""
    quoted = egress.currency or currency
    return Problem(
        source,
        (
            f"The egress price is quoted in {quoted}; the exit terms keep egress in USD, so "
            "it was left out"
            if quoted
            else "The egress price states no currency; the exit terms keep egress in USD, "
            "so it was left out"
        ),
        Severity.WARNING,
        f"{egress.amount} {quoted or ''}".strip(),
        "the egress price per GB in USD, set in the quote's exit terms",
    )


def _plain_number(value: CellValue) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_REFERENCE_ENDS = re.compile(r"\s+[–—-]\s+|\s*[,;]\s+|\s+\(|\s+(?:vom|du|del|van|dated|of)\s")
"""Where a reference stops and words about it start: "Q-7781 – valid until 30 Nov 2026",
"RW-2026-1187 vom 16.11.2026", "DV-42 (supersedes DV-41)"."""


def _reference(text: str) -> str:
    """A quote reference without the words written after it on the same line."""
    head = _REFERENCE_ENDS.split(text.strip(), maxsplit=1)[0].strip()
    return head or text.strip()
