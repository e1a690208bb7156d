"""Restricted-party screening: name normalisation, similarity scores and outcomes.

Names are compared after normalising case, width, accents, punctuation, "&", and the
legal-form words companies add (Ltd, GmbH, S.A., 有限公司 …), which are kept aside for
display. Two similarity measures are computed and the higher is used, as OFAC's own
search tool does: Jaro-Winkler on the whole name, and a token-set ratio that ignores
word order and repeated words. Both are symmetric and lie in [0, 1].

Outcomes are ``NO_LIST_MATCH``, ``REVIEW`` and ``POTENTIAL_MATCH``. A name check never
establishes that a party is unrestricted: ownership (50 % rules), addresses and lists not
loaded are outside it, and the wording says so.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum

DEFAULT_THRESHOLD = 0.88
"""Score at or above which a full-name match is a potential match."""

DEFAULT_REVIEW_THRESHOLD = 0.80
"""Score at or above which a name is sent for human review."""

ALGORITHM = "normalised name; max(Jaro-Winkler p=0.1, token-set ratio), v1"
"""Named in every result so a reviewer knows how scores were computed."""

_JOINERS = frozenset("'’‘`´ʼ.")
"""Characters removed without a space, so "S.A." → "sa" and "O'Neil" → "oneil"."""

_LEGAL_FORMS = (
    "ltd",
    "limited",
    "llc",
    "inc",
    "incorporated",
    "corp",
    "corporation",
    "co",
    "company",
    "gmbh",
    "mbh",
    "ag",
    "kg",
    "ohg",
    "ug",
    "se",
    "sa",
    "sas",
    "sarl",
    "srl",
    "spa",
    "sl",
    "bv",
    "nv",
    "plc",
    "dac",
    "llp",
    "lp",
    "pte",
    "pty",
    "pvt",
    "kk",
    "oy",
    "oyj",
    "ab",
    "as",
    "asa",
    "aps",
    "sro",
    "zrt",
    "kft",
    "doo",
    "ltda",
    "cia",
    "jsc",
    "pjsc",
    "ojsc",
    "cjsc",
    "ooo",
    "oao",
    "zao",
    "pao",
    "tov",
    "sp z oo",
    "s a",
    "s a s",
    "s r l",
    "s p a",
    "l l c",
    "b v",
    "n v",
    "co ltd",
    "pte ltd",
    "pvt ltd",
    "pty ltd",
    "sdn bhd",
    "bhd",
    "株式会社",
    "有限会社",
    "股份有限公司",
    "有限责任公司",
    "有限責任公司",
    "有限公司",
    "公司",
)
LEGAL_FORM_SEQUENCES: frozenset[tuple[str, ...]] = frozenset(
    tuple(form.split()) for form in _LEGAL_FORMS
)
"""Legal-form words (as normalised word sequences) stripped from the ends of names."""

_LEADING_FORMS: frozenset[tuple[str, ...]] = frozenset(
    {
        ("ooo",),
        ("oao",),
        ("zao",),
        ("pao",),
        ("jsc",),
        ("pjsc",),
        ("ojsc",),
        ("cjsc",),
        ("pt",),
        ("tov",),
        ("株式会社",),
    }
)
"""Legal forms written before the name (OOO Romashka, PT Telkom, 株式会社 …)."""

_CJK_SUFFIXES = (
    "股份有限公司",
    "有限责任公司",
    "有限責任公司",
    "有限公司",
    "株式会社",
    "有限会社",
    "公司",
)
"""Legal forms written without a space after a CJK name; longest first."""

_MAX_FORM_WORDS = max(len(seq) for seq in LEGAL_FORM_SEQUENCES)


class ScreeningOutcome(StrEnum):
    """The result of screening one name. Never a clearance."""

    NO_LIST_MATCH = "NO_LIST_MATCH"
    REVIEW = "REVIEW"
    POTENTIAL_MATCH = "POTENTIAL_MATCH"

    @property
    def rank(self) -> int:
        """Higher is more serious."""
        return {"NO_LIST_MATCH": 0, "REVIEW": 1, "POTENTIAL_MATCH": 2}[self.value]


@dataclass(frozen=True, slots=True)
class NormalisedName:
    """A name reduced for matching.

    ``core`` is the words joined by single spaces; ``legal_forms`` the legal-form words
    that were taken off its ends (kept so a reviewer can still compare them).
    """

    original: str
    core: str
    tokens: tuple[str, ...]
    legal_forms: tuple[str, ...] = ()


def _clean(text: str) -> str:
    """Fold width, case and accents; '&' → 'and'; punctuation → spaces."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    decomposed = unicodedata.normalize("NFKD", folded)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    folded = unicodedata.normalize("NFKC", stripped).casefold()
    out = []
    for ch in folded:
        if ch in _JOINERS:
            continue
        if ch == "&":
            out.append(" and ")
        elif ch.isalnum():
            out.append(ch)
        else:
            out.append(" ")
    return "".join(out)


def _split_cjk_suffixes(tokens: Iterable[str]) -> list[str]:
    out: list[str] = []
    for token in tokens:
        tail: list[str] = []
        while True:
            suffix = next(
                (s for s in _CJK_SUFFIXES if token.endswith(s) and len(token) > len(s)), None
            )
            if suffix is None:
                break
            tail.insert(0, suffix)
            token = token[: -len(suffix)]
        out.append(token)
        out.extend(tail)
    return out


def _strip_forms(tokens: list[str]) -> tuple[list[str], list[str]]:
    """Take legal-form words off the end (and known prefixes off the start), never all words."""
    removed_tail: list[str] = []
    removed_head: list[str] = []
    changed = True
    while changed:
        changed = False
        for size in range(min(_MAX_FORM_WORDS, len(tokens) - 1), 0, -1):
            if tuple(tokens[-size:]) in LEGAL_FORM_SEQUENCES:
                removed_tail[:0] = tokens[-size:]
                del tokens[-size:]
                changed = True
                break
        if len(tokens) > 1 and tuple(tokens[:1]) in _LEADING_FORMS:
            removed_head.append(tokens.pop(0))
            changed = True
    return tokens, removed_head + removed_tail


_FORM_JOINERS = frozenset({"&", "+", "and", "und", "et", "y"})
"""Words that join two legal forms ("GmbH & Co. KG")."""


def display_name(text: str) -> str:
    """A company's name as a chart or a narrow column shows it: its legal form left off.

    "Qingyun Zhisuan Technology Co., Ltd." → "Qingyun Zhisuan Technology"; "Nordhavn Data
    Centres A/S" → "Nordhavn Data Centres". The words kept are the name's own, as written;
    a name that is nothing but a legal form is returned whole.
    """
    words = text.split()
    if _is_legal_form(words):
        return text.strip()
    changed = True
    while changed and len(words) > 1:
        changed = False
        for size in range(min(_MAX_FORM_WORDS, len(words) - 1), 0, -1):
            if _is_legal_form(words[-size:]):
                del words[-size:]
                while len(words) > 1 and words[-1].casefold() in _FORM_JOINERS:
                    words.pop()  # "Acme AG & Co. KG": the "&" goes with "Co. KG"
                words[-1] = words[-1].rstrip(",;")
                changed = True
                break
    # A CJK name carries its form without a space: 北京青云智算科技有限公司 → 北京青云智算科技.
    if words:
        words[-1] = _split_cjk_suffixes(words[-1:])[0]
    # What is left of "Co., Ltd." or "GmbH & Co. KG" is a legal form too: no name to show.
    return text.strip() if _is_legal_form(words) else " ".join(words)


_DISPLAY_FORMS = frozenset({("ua",), ("wa",)})
"""Legal forms left off a displayed name only: the Dutch cooperatives' "U.A." and "W.A."
are too short to strip when names are screened."""


def _is_legal_form(words: Sequence[str]) -> bool:
    tokens = tuple(_clean(" ".join(words)).split())
    joined = ("".join(tokens),)
    return bool(tokens) and (
        tokens in LEGAL_FORM_SEQUENCES
        or joined in LEGAL_FORM_SEQUENCES
        or tokens in _DISPLAY_FORMS
        or joined in _DISPLAY_FORMS
    )


def display_label(label: str) -> str:
    """A quote's label (``vendor — reference``) with the vendor's legal form left off:
    "Kessler Systemhaus GmbH — KS-AN-2026-0419" → "Kessler Systemhaus — KS-AN-2026-0419".
    Text without a reference is returned as it is (it may not be a name)."""
    head, separator, tail = label.rpartition(" — ")
    if not separator:
        return label
    return display_name(head) + separator + tail


def normalise_name(text: str) -> NormalisedName:
    """Normalise a company or person name for matching.

    Folds case (casefold), width and compatibility forms (NFKC), strips accents, turns
    "&" into "and", removes apostrophes and full stops, turns other punctuation into
    spaces, splits CJK legal suffixes off (华为技术有限公司 → 华为技术 + 有限公司) and takes
    legal-form words off the ends of the name ("Acme Robotics Co., Ltd." → "acme robotics").
    Normalising a core again gives the same core.
    """
    tokens = _split_cjk_suffixes(_clean(text).split())
    tokens, forms = _strip_forms(tokens)
    return NormalisedName(text, " ".join(tokens), tuple(tokens), tuple(forms))


# --------------------------------------------------------------------------- Chinese script

HAN_WORDS: Mapping[str, str] = {
    "技术": "technology",
    "技術": "technology",
    "科技": "technology",
    "集团": "group",
    "集團": "group",
    "国际": "international",
    "國際": "international",
    "电子": "electronics",
    "電子": "electronics",
    "半导体": "semiconductor",
    "半導體": "semiconductor",
    "通信": "communications",
    "控股": "holdings",
    "信息": "information",
    "資訊": "information",
    "网络": "network",
    "網絡": "network",
    "網路": "network",
    "智能": "intelligence",
    "软件": "software",
    "軟體": "software",
    "计算": "computing",
    "計算": "computing",
    "研究所": "institute",
    "研究院": "institute",
    "大学": "university",
    "大學": "university",
    "数据": "data",
    "數據": "data",
}
"""Words of Chinese company names with their usual English rendering in list entries."""

_HAN_WORD_LENGTHS = sorted({len(word) for word in HAN_WORDS}, reverse=True)


def _is_han(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3400" <= ch <= "\u4dbf" or "\uf900" <= ch <= "\ufaff"


def _romanise_han(run: str) -> list[str]:
    """A run of Chinese characters as words: known company words in English, the rest in
    pinyin without tones, each stretch between them one word (华为技术 → huawei technology)."""
    from pypinyin import lazy_pinyin

    words: list[str] = []
    pending = ""
    i = 0
    while i < len(run):
        for size in _HAN_WORD_LENGTHS:
            english = HAN_WORDS.get(run[i : i + size])
            if english is not None:
                if pending:
                    words.append("".join(lazy_pinyin(pending)))
                    pending = ""
                words.append(english)
                i += size
                break
        else:
            pending += run[i]
            i += 1
    if pending:
        words.append("".join(lazy_pinyin(pending)))
    return words


def romanised(name: NormalisedName) -> NormalisedName | None:
    """The name read in the Latin alphabet when it has Chinese characters, else None.

    Traditional and simplified characters read the same (華為 and 华为 are both
    "huawei"), and a Chinese name can be compared with the English names of a list;
    a match found this way is never stronger than a reviewer's check.
    """
    if not any(_is_han(ch) for ch in name.core):
        return None
    words: list[str] = []
    for token in name.tokens:
        for is_han, run in itertools.groupby(token, key=_is_han):
            text = "".join(run)
            words.extend(_romanise_han(text) if is_han else [text])
    read = normalise_name(" ".join(words))
    return NormalisedName(name.original, read.core, read.tokens, name.legal_forms)


# --------------------------------------------------------------------------- similarity


def jaro_winkler(a: str, b: str, prefix_scale: float = 0.1) -> float:
    """Jaro-Winkler similarity of two strings, in [0, 1] (1 = identical).

    Standard Jaro with a match window of max(len)/2 − 1, plus the Winkler bonus of
    ``prefix_scale`` per common leading character (at most four). Symmetric: the inputs
    are put in a fixed order first. Two empty strings score 0 (nothing to compare).
    """
    if a > b:
        a, b = b, a
    if not a or not b:
        return 0.0
    if a == b:
        return 1.0
    window = max(0, max(len(a), len(b)) // 2 - 1)
    a_matched = [False] * len(a)
    b_matched = [False] * len(b)
    matches = 0
    for i, ch in enumerate(a):
        lo, hi = max(0, i - window), min(len(b), i + window + 1)
        for j in range(lo, hi):
            if not b_matched[j] and b[j] == ch:
                a_matched[i] = b_matched[j] = True
                matches += 1
                break
    if matches == 0:
        return 0.0
    a_seq = [ch for ch, hit in zip(a, a_matched, strict=True) if hit]
    b_seq = [ch for ch, hit in zip(b, b_matched, strict=True) if hit]
    transpositions = sum(x != y for x, y in zip(a_seq, b_seq, strict=True)) / 2
    jaro = (matches / len(a) + matches / len(b) + (matches - transpositions) / matches) / 3
    prefix = 0
    for x, y in zip(a[:4], b[:4], strict=False):
        if x != y:
            break
        prefix += 1
    return min(1.0, jaro + prefix * prefix_scale * (1 - jaro))


def lcs_length(a: str, b: str) -> int:
    """Length of the longest common subsequence of two strings (bit-parallel algorithm)."""
    if not a or not b:
        return 0
    masks: dict[str, int] = {}
    for index, ch in enumerate(a):
        masks[ch] = masks.get(ch, 0) | (1 << index)
    full = (1 << len(a)) - 1
    row = full
    for ch in b:
        hit = row & masks.get(ch, 0)
        row = ((row + hit) | (row - hit)) & full
    return len(a) - row.bit_count()


def indel_ratio(a: str, b: str) -> float:
    """2 × LCS ÷ (len a + len b): 1 for equal strings, 0 when nothing is shared."""
    total = len(a) + len(b)
    if total == 0:
        return 0.0
    return 2 * lcs_length(a, b) / total


def token_set_ratio(a: str, b: str) -> float:
    """Similarity of two word sets, ignoring word order and repeated words, in [0, 1].

    With I the sorted common words and A', B' the sorted words only in a or only in b,
    the score is the indel ratio of I+A' and I+B'; when one name's words are all in the
    other it is 1. (Unlike some token-set ratios, one shared word does not by itself give
    a high score: "NQD Holdings" and "Borealis Holdings" stay apart.)
    """
    words_a, words_b = set(a.split()), set(b.split())
    if not words_a or not words_b:
        return 0.0
    if words_a <= words_b or words_b <= words_a:
        return 1.0
    common = " ".join(sorted(words_a & words_b))
    with_a = f"{common} {' '.join(sorted(words_a - words_b))}".strip()
    with_b = f"{common} {' '.join(sorted(words_b - words_a))}".strip()
    return indel_ratio(with_a, with_b)


@dataclass(frozen=True, slots=True)
class NameScore:
    """How similar two normalised names are, and on what basis.

    ``partial`` is true when the score rests on one name's words all appearing in the
    other ("Dragonfly" within "Dragonfly Shenzhen Technology"), which needs a human eye.
    """

    score: float
    jaro_winkler: float
    token_set: float
    basis: str
    partial: bool


def score_names(a: NormalisedName, b: NormalisedName) -> NameScore:
    """Score two normalised names: the higher of Jaro-Winkler and the token-set ratio."""
    jw = jaro_winkler(a.core, b.core)
    ts = token_set_ratio(a.core, b.core)
    set_a, set_b = set(a.tokens), set(b.tokens)
    partial = False
    if jw >= ts:
        basis = "whole name (Jaro-Winkler)"
    elif set_a == set_b:
        basis = "same words in another order (token set)"
    elif set_a < set_b or set_b < set_a:
        basis = "every word of the shorter name appears in the other (token set)"
        partial = True
    else:
        basis = "most words in common (token set)"
    return NameScore(max(jw, ts), jw, ts, basis, partial)


def similarity(a: str, b: str) -> float:
    """Similarity of two raw names after normalisation, in [0, 1]; symmetric."""
    return score_names(normalise_name(a), normalise_name(b)).score


# --------------------------------------------------------------------------- lists


@dataclass(frozen=True, slots=True)
class ScreeningEntry:
    """One listed party.

    Attributes:
        name: the listed name.
        alt_names: aliases the list gives.
        countries: ISO codes from the entry's addresses or nationalities.
        source: the sub-list it comes from (e.g. "Entity List (EL) - Bureau of …").
        entity_type: Entity, Individual, Vessel … as the list states it.
        programs: sanctions programmes or regulations.
        entry_id: the list's own id, for the audit trail.
        start_date: listing date as the list writes it.
        remarks: the list's remarks, untouched.
        source_url: where the list says more is found.
    """

    name: str
    alt_names: tuple[str, ...] = ()
    countries: tuple[str, ...] = ()
    source: str = ""
    entity_type: str = ""
    programs: tuple[str, ...] = ()
    entry_id: str = ""
    start_date: str = ""
    remarks: str = ""
    source_url: str = ""


@dataclass(frozen=True, slots=True)
class ScreeningList:
    """A screening list as imported: its name, its date (version) and its entries."""

    name: str
    list_date: date
    entries: tuple[ScreeningEntry, ...]
    source_file: str = ""
    note: str = ""

    @property
    def label(self) -> str:
        """Name and date, as results cite the list."""
        return f"{self.name} dated {self.list_date.isoformat()} ({len(self.entries):,} entries)"


@dataclass(frozen=True, slots=True)
class _IndexedName:
    list_index: int
    entry: ScreeningEntry
    text: str
    is_alias: bool
    norm: NormalisedName
    read_from_han: bool = False


@dataclass(frozen=True, slots=True)
class ScreeningIndex:
    """Lists prepared for fast screening: every name and alias normalised once.

    Candidate names share a word with the query or start with the same character;
    only those are scored (the approach OFAC's search tool describes as a prefilter).
    """

    lists: tuple[ScreeningList, ...]
    names: tuple[_IndexedName, ...]
    by_token: Mapping[str, tuple[int, ...]]
    by_initial: Mapping[str, tuple[int, ...]]

    def candidates(self, query: NormalisedName) -> list[int]:
        """Indices of the names worth scoring against ``query``."""
        found: set[int] = set()
        for token in query.tokens:
            found.update(self.by_token.get(token, ()))
        if query.core:
            found.update(self.by_initial.get(query.core[0], ()))
        return sorted(found)


def prepare(lists: Sequence[ScreeningList]) -> ScreeningIndex:
    """Normalise every name and alias of ``lists`` and index them by word and initial."""
    names: list[_IndexedName] = []
    by_token: dict[str, list[int]] = {}
    by_initial: dict[str, list[int]] = {}
    for list_index, screening_list in enumerate(lists):
        for entry in screening_list.entries:
            for text, alias in [(entry.name, False), *((n, True) for n in entry.alt_names)]:
                norm = normalise_name(text)
                if not norm.core:
                    continue
                read = romanised(norm)
                forms = [(text, alias, norm, False)]
                if read is not None and read.core:
                    forms.append((f"{text} (read as “{read.core}”)", True, read, True))
                for shown, is_alias, form, from_han in forms:
                    position = len(names)
                    names.append(_IndexedName(list_index, entry, shown, is_alias, form, from_han))
                    for token in set(form.tokens):
                        by_token.setdefault(token, []).append(position)
                    by_initial.setdefault(form.core[0], []).append(position)
    # Words on more than 1 % of names ("trading", "technology") find nothing specific;
    # names that share only such words are still reached through their initial.
    common = max(50, len(names) // 100)
    return ScreeningIndex(
        lists=tuple(lists),
        names=tuple(names),
        by_token={k: tuple(v) for k, v in by_token.items() if len(v) <= common},
        by_initial={k: tuple(v) for k, v in by_initial.items()},
    )


def _unique_words_length(tokens: Sequence[str]) -> int:
    words = set(tokens)
    return sum(len(w) for w in words) + max(0, len(words) - 1)


def score_bound(a: NormalisedName, b: NormalisedName) -> float:
    """An upper bound of :func:`score_names` from lengths alone (0–1), to skip hopeless pairs.

    Jaro ≤ (1 + short/long + 1) / 3 on the whole names, plus at most 0.4 of the rest for
    the Winkler bonus. The token-set ratio is 1 when one name's words are all in the
    other, else at most 2 × short / (short + long) on the names' distinct words.
    """
    words_a, words_b = set(a.tokens), set(b.tokens)
    if words_a and words_b and (words_a <= words_b or words_b <= words_a):
        return 1.0
    bounds = [0.0]
    short, long = sorted((len(a.core), len(b.core)))
    if long:
        jaro = (2 + short / long) / 3
        bounds.append(jaro + 0.4 * (1 - jaro))
    short, long = sorted((_unique_words_length(a.tokens), _unique_words_length(b.tokens)))
    if long:
        bounds.append(2 * short / (short + long))
    return min(1.0, max(bounds))


@dataclass(frozen=True, slots=True)
class ScreeningMatch:
    """One listed name that came close to the screened name."""

    list_name: str
    list_date: date
    entry: ScreeningEntry
    matched_name: str
    is_alias: bool
    score: NameScore
    country_agrees: bool | None
    outcome: ScreeningOutcome
    reason: str


@dataclass(frozen=True, slots=True)
class ScreeningResult:
    """The outcome of screening one party against the loaded lists, with its wording."""

    party: str
    role: str
    country: str
    normalised: NormalisedName
    lists: tuple[tuple[str, date, int], ...]
    threshold: float
    review_threshold: float
    outcome: ScreeningOutcome
    matches: tuple[ScreeningMatch, ...]
    wording: str
    algorithm: str = ALGORITHM

    @property
    def best(self) -> ScreeningMatch | None:
        """The highest-scoring match, if any."""
        return self.matches[0] if self.matches else None


def _lists_text(lists: Sequence[tuple[str, date, int]]) -> str:
    return "; ".join(f"list {name} dated {day.isoformat()}" for name, day, _ in lists)


_LIMITS = (
    "A name check alone does not establish that a party is unrestricted: ownership "
    "(50 % rules), addresses and lists not loaded are not covered."
)


def _judge(
    score: NameScore, country_agrees: bool | None, threshold: float, review: float
) -> tuple[ScreeningOutcome, str]:
    if score.score >= threshold:
        low = min(score.jaro_winkler, score.token_set)
        if score.partial:
            return ScreeningOutcome.REVIEW, (
                f"score {score.score:.2f} ≥ {threshold:.2f}, but only because every word of "
                "one name appears in the other"
            )
        if low < review:
            return ScreeningOutcome.REVIEW, (
                f"score {score.score:.2f} ≥ {threshold:.2f}, but the other measure gives only "
                f"{low:.2f}"
            )
        if country_agrees is False:
            if score.jaro_winkler >= 1.0:
                return ScreeningOutcome.POTENTIAL_MATCH, (
                    "the same name after normalisation, although the listed country differs"
                )
            return ScreeningOutcome.REVIEW, (
                f"score {score.score:.2f} ≥ {threshold:.2f}, but the listed country differs"
            )
        where = " and the country agrees" if country_agrees else ""
        return ScreeningOutcome.POTENTIAL_MATCH, f"score {score.score:.2f} ≥ {threshold:.2f}{where}"
    if score.score >= review:
        return ScreeningOutcome.REVIEW, (
            f"score {score.score:.2f} between the review level {review:.2f} and the match "
            f"threshold {threshold:.2f}"
        )
    return ScreeningOutcome.NO_LIST_MATCH, f"score {score.score:.2f} < {review:.2f}"


def _matches(
    query: NormalisedName,
    query_from_han: bool,
    index: ScreeningIndex,
    wanted: str,
    threshold: float,
    review_threshold: float,
) -> list[ScreeningMatch]:
    """The listed names close to one form of the query (as written, or read from Chinese).

    A name matched only by reading Chinese characters on one side in Latin letters
    (华为 against "Huawei", either way round) goes to review at most: the reading is not
    a translation. Both sides in Chinese script match through their readings,
    traditional or simplified alike.
    """
    found = []
    for position in index.candidates(query):
        item = index.names[position]
        if score_bound(query, item.norm) < review_threshold:
            continue
        score = score_names(query, item.norm)
        if score.score < review_threshold:
            continue
        agrees = (wanted in item.entry.countries) if wanted and item.entry.countries else None
        outcome, reason = _judge(score, agrees, threshold, review_threshold)
        if query_from_han != item.read_from_han:
            score = replace(score, basis=score.basis + ", the Chinese name read in Latin letters")
            if outcome is ScreeningOutcome.POTENTIAL_MATCH:
                outcome = ScreeningOutcome.REVIEW
                reason += "; read from Chinese characters, so a reviewer must confirm it"
        listed = index.lists[item.list_index]
        found.append(
            ScreeningMatch(
                listed.name,
                listed.list_date,
                item.entry,
                item.text,
                item.is_alias,
                score,
                agrees,
                outcome,
                reason,
            )
        )
    return found


def screen(
    name: str,
    index: ScreeningIndex,
    *,
    country: str | None = None,
    role: str = "party",
    threshold: float = DEFAULT_THRESHOLD,
    review_threshold: float = DEFAULT_REVIEW_THRESHOLD,
    limit: int = 5,
) -> ScreeningResult:
    """Screen one name against prepared lists.

    Args:
        name: the party's name as written.
        index: the lists, prepared by :func:`prepare`.
        country: the party's ISO country code, used to tell near-matches apart.
        role: what the party is ("vendor", "end user"), for the wording.
        threshold: score at or above which a full-name match is ``POTENTIAL_MATCH``.
        review_threshold: score at or above which a name goes to ``REVIEW``.
        limit: how many of the closest listed names to keep.

    Returns:
        The overall outcome (the most serious over all matches), the closest listed names
        with their scores and reasons, and wording that names each list and its date.
    """
    review_threshold = min(review_threshold, threshold)
    query = normalise_name(name)
    wanted = country.strip().upper() if country else ""
    scored: list[ScreeningMatch] = []
    read = romanised(query)
    for form, from_han in [(query, False), *([(read, True)] if read is not None else [])]:
        if form.core:
            scored.extend(_matches(form, from_han, index, wanted, threshold, review_threshold))
    scored.sort(
        key=lambda m: (
            -m.outcome.rank,
            -m.score.score,
            m.score.partial,
            m.is_alias,
            m.matched_name,
        )
    )
    best_per_entry: dict[tuple[str, ScreeningEntry], ScreeningMatch] = {}
    for match in scored:
        best_per_entry.setdefault((match.list_name, match.entry), match)
    matches = tuple(list(best_per_entry.values())[:limit])
    outcome = matches[0].outcome if matches else ScreeningOutcome.NO_LIST_MATCH
    lists = tuple((lst.name, lst.list_date, len(lst.entries)) for lst in index.lists)
    who = f"{role.capitalize()} '{name}'"
    if not lists:
        wording = f"{who} was not screened: no screening list is loaded."
    elif outcome is ScreeningOutcome.NO_LIST_MATCH:
        wording = (
            f"{who}: no match at or above {review_threshold:.2f} on {_lists_text(lists)}. "
            + _LIMITS
        )
    else:
        top = matches[0]
        alias = " (alias)" if top.is_alias else ""
        wording = (
            f"{who}: {outcome.value} — '{top.matched_name}'{alias} on list {top.list_name} "
            f"dated {top.list_date.isoformat()}"
            + (f" ({top.entry.source})" if top.entry.source else "")
            + f": {top.reason}; {top.score.basis}. Human review required. "
            f"Screened against {_lists_text(lists)}."
        )
    return ScreeningResult(
        party=name,
        role=role,
        country=wanted,
        normalised=query,
        lists=lists,
        threshold=threshold,
        review_threshold=review_threshold,
        outcome=outcome,
        matches=matches,
        wording=wording,
    )
