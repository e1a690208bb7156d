"""Key–value pairs in a sheet's rows: a key cell and the value beside it ("Uptime commitment
| 99.95%"), one ``Key: value`` sentence per cell ("Severity-1 response: 30 minutes"),
labelled cells in a title block ("Quote reference | SC-2026-1147 | Valid until |
31/12/2026"), a key a PDF page's word gaps split ("Quotation | no.:"), and the service a
sentence states under no key. :func:`~computescore.io.terms.read_terms` reads them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from computescore.io.service_words import stated_responses, stated_uptime
from computescore.io.term_keys import SUPPORT_KEY, TermKey, classify_key
from computescore.io.values import is_blank
from computescore.io.workbook import CellValue, SheetData, cell_name


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
                and (own is not None or SUPPORT_KEY.match(sentence.group(1).casefold()))
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
                # "Delivery: 12 | weeks after order confirmation,": a page's word gaps
                # split the sentence; the words that carry on belong to its value
                carried = _carried_on(filled, index)
                if carried:
                    in_cell = replace(in_cell, value=" ".join([str(in_cell.value), *carried]))
                    index += len(carried)
                pairs.append(in_cell)
            else:
                pairs.extend(_service_stated(text, f"{prefix}!{cell_name(row, col)}", row))
            index += 1
    return pairs


def _carried_on(filled: Sequence[tuple[int, CellValue]], index: int) -> list[str]:
    """The texts of the cells after ``index`` that carry its sentence on: each starts with
    a small letter and holds no key ("weeks after order confirmation,")."""
    carried: list[str] = []
    for _col, cell in filled[index + 1 :]:
        text = cell.strip() if isinstance(cell, str) else ""
        if not text or not text[0].islower() or ":" in text or "：" in text:
            break
        carried.append(text)
    return carried


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
