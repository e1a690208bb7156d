"""Name normalisation, similarity and screening outcomes (fictional names only)."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.screening import (
    ScreeningEntry,
    ScreeningList,
    ScreeningOutcome,
    display_label,
    display_name,
    indel_ratio,
    jaro_winkler,
    lcs_length,
    normalise_name,
    prepare,
    score_bound,
    score_names,
    screen,
    similarity,
    token_set_ratio,
)

LIST_DATE = date(2026, 11, 1)
LISTED = ScreeningList(
    "Test list",
    LIST_DATE,
    (
        ScreeningEntry(
            "Dragonfly Shenzhen Technology Co., Ltd.",
            alt_names=("Dragonfly (Shenzhen) Tech",),
            countries=("CN",),
            source="Entity List (EL) - test",
        ),
        ScreeningEntry("Northwind Quantum Devices Limited", ("Northwind QD",), ("HK",)),
        ScreeningEntry("Helios Müller & Söhne GmbH", countries=("DE",)),
        ScreeningEntry("星河算力科技有限公司", ("Xinghe Compute Technology Co. Ltd.",), ("CN",)),
        ScreeningEntry("Borealis Compute Holdings LLC", countries=("RU",)),
    ),
)
INDEX = prepare([LISTED])


# --------------------------------------------------------------------------- normalisation


@pytest.mark.parametrize(
    ("raw", "core", "forms"),
    [
        ("Dragonfly Shenzhen Technology Co., Ltd.", "dragonfly shenzhen technology", ("co", "ltd")),
        ("Helios Müller & Söhne GmbH", "helios muller and sohne", ("gmbh",)),
        ("ＡＣＭＥ　ＲＯＢＯＴＩＣＳ Ｓ．Ａ．", "acme robotics", ("sa",)),  # full-width forms
        ("Acme Robotics S. A.", "acme robotics", ("s", "a")),
        ("OOO Vesna Systems", "vesna systems", ("ooo",)),
        ("星河算力科技有限公司", "星河算力科技", ("有限公司",)),
        ("O'Neil-Stark Labs, Inc.", "oneil stark labs", ("inc",)),
        ("Ltd", "ltd", ()),  # never strips a name to nothing
        ("Acme Co Holdings", "acme co holdings", ()),  # "Co" inside a name stays
    ],
)
def test_normalise_name(raw: str, core: str, forms: tuple[str, ...]) -> None:
    result = normalise_name(raw)
    assert result.core == core
    assert result.legal_forms == forms
    assert result.original == raw


@given(st.text(max_size=40))
def test_normalisation_is_idempotent(text: str) -> None:
    once = normalise_name(text).core
    assert normalise_name(once).core == once


# --------------------------------------------------------------------------- similarity


def test_jaro_winkler_textbook_values() -> None:
    # MARTHA/MARHTA: m = 6, t = 1 → Jaro (1 + 1 + 5/6)/3 = 0.9444; prefix 3 → +0.3 × 0.0556.
    assert jaro_winkler("martha", "marhta") == pytest.approx(0.9611, abs=1e-4)
    # DWAYNE/DUANE: m = 4, t = 0 → Jaro (4/6 + 4/5 + 1)/3 = 0.8222; prefix 1 → 0.84.
    assert jaro_winkler("dwayne", "duane") == pytest.approx(0.84, abs=1e-4)
    # DIXON/DICKSONX: m = 4, t = 0 → Jaro (4/5 + 4/8 + 1)/3 = 0.7667; prefix 2 → 0.8133.
    assert jaro_winkler("dixon", "dicksonx") == pytest.approx(0.8133, abs=1e-4)
    assert jaro_winkler("abc", "abc") == 1.0
    assert jaro_winkler("abc", "xyz") == 0.0
    assert jaro_winkler("", "") == 0.0


def test_token_set_ratio() -> None:
    assert token_set_ratio("shenzhen dragonfly", "dragonfly shenzhen") == 1.0
    assert token_set_ratio("dragonfly", "dragonfly shenzhen technology") == 1.0  # subset
    # One shared generic word is not enough: "holdings nqd" vs "holdings borealis" share
    # only "holdings " (9 characters) → 2 × 9 / (12 + 17) = 0.62.
    assert token_set_ratio("nqd holdings", "borealis holdings") == pytest.approx(18 / 29)


def test_indel_ratio_by_hand() -> None:
    # LCS("kitten", "sitting") = "ittn" (4) → 2 × 4 / (6 + 7) = 0.615.
    assert lcs_length("kitten", "sitting") == 4
    assert indel_ratio("kitten", "sitting") == pytest.approx(8 / 13)


def _lcs_table(a: str, b: str) -> int:
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            table[i + 1][j + 1] = (
                table[i][j] + 1 if x == y else max(table[i][j + 1], table[i + 1][j])
            )
    return table[-1][-1]


@given(st.text(alphabet="abcde ", max_size=20), st.text(alphabet="abcde ", max_size=20))
def test_bit_parallel_lcs_equals_the_table(a: str, b: str) -> None:
    assert lcs_length(a, b) == _lcs_table(a, b)


names = st.lists(
    st.sampled_from([*"abcdefghij &.,'-ÄöÉ有限公司", "Ltd", "GmbH", " Co.", " S.A."]),
    max_size=15,
).map("".join)


@given(names, names)
def test_similarity_is_symmetric_and_bounded(a: str, b: str) -> None:
    forward = similarity(a, b)
    assert forward == similarity(b, a)
    assert 0.0 <= forward <= 1.0


@given(st.text(max_size=25), st.text(max_size=25))
def test_jaro_winkler_is_symmetric_and_bounded(a: str, b: str) -> None:
    assert jaro_winkler(a, b) == jaro_winkler(b, a)
    assert 0.0 <= jaro_winkler(a, b) <= 1.0


# --------------------------------------------------------------------------- screening


def test_exact_name_with_another_legal_form_is_a_potential_match() -> None:
    result = screen("Dragonfly (Shenzhen) Technology Co Ltd", INDEX, country="CN", role="vendor")
    assert result.outcome is ScreeningOutcome.POTENTIAL_MATCH
    best = result.best
    assert best is not None and best.matched_name == "Dragonfly Shenzhen Technology Co., Ltd."
    assert "on list Test list dated 2026-11-01" in result.wording


def test_misspelling_of_an_alias_is_a_potential_match() -> None:
    # "dragonflie shenzhen tech" vs alias "dragonfly shenzhen tech": both measures ≥ 0.9.
    result = screen("DRAGONFLIE SHENZHEN TECH", INDEX, country="CN")
    assert result.outcome is ScreeningOutcome.POTENTIAL_MATCH
    assert result.best is not None and result.best.is_alias


def test_accents_and_ampersand_do_not_hide_a_listed_name() -> None:
    result = screen("Helios Muller and Sohne", INDEX)
    assert result.outcome is ScreeningOutcome.POTENTIAL_MATCH


def test_cjk_name_and_romanised_alias() -> None:
    assert screen("星河算力科技", INDEX).outcome is ScreeningOutcome.POTENTIAL_MATCH
    assert screen("Xinghe Compute Technology", INDEX).outcome is ScreeningOutcome.POTENTIAL_MATCH


CHINESE = prepare(
    [
        ScreeningList(
            "Chinese names",
            LIST_DATE,
            (
                ScreeningEntry("华为技术有限公司", countries=("CN",)),
                ScreeningEntry("Zhongke Sugon Information Industry Co., Ltd.", countries=("CN",)),
            ),
        )
    ]
)


def test_traditional_and_simplified_characters_are_the_same_name() -> None:
    # 華為技術 (traditional) and 华为技术 (simplified) both read "huawei technology".
    result = screen("華為技術有限公司", CHINESE, country="CN")
    assert result.outcome is ScreeningOutcome.POTENTIAL_MATCH
    assert result.best is not None and result.best.score.score == pytest.approx(1.0)
    assert "read as “huawei technology”" in result.best.matched_name


def test_a_chinese_name_and_its_english_listing_go_to_review() -> None:
    english = prepare(
        [ScreeningList("L", LIST_DATE, (ScreeningEntry("Huawei Technologies Co., Ltd."),))]
    )
    # 华为技术 reads "huawei technology": Jaro-Winkler 0.96 against "huawei technologies",
    # but a reading is not a translation, so a reviewer confirms it (never a silent pass).
    from_chinese = screen("华为技术有限公司", english)
    assert from_chinese.outcome is ScreeningOutcome.REVIEW
    best = from_chinese.best
    assert best is not None and best.score.score == pytest.approx(0.9567, abs=1e-4)
    assert "read in Latin letters" in best.score.basis
    # The other way round too: an English vendor name against a Chinese listing.
    from_english = screen("Huawei Technologies Co Ltd", CHINESE)
    assert from_english.outcome is ScreeningOutcome.REVIEW
    # A Latin name with no Chinese reading is screened as before.
    assert screen("Contoso Compute", CHINESE).outcome is ScreeningOutcome.NO_LIST_MATCH


def test_short_name_inside_a_listed_name_goes_to_review() -> None:
    result = screen("Dragonfly Ltd", INDEX)
    assert result.outcome is ScreeningOutcome.REVIEW
    assert result.best is not None and result.best.score.partial


def test_shared_prefix_alone_goes_to_review() -> None:
    # Jaro-Winkler 0.91 on the shared "northwind " prefix, token set only 0.76.
    result = screen("Northwind Traders", INDEX)
    assert result.outcome is ScreeningOutcome.REVIEW


def test_country_disagreement_sends_a_near_match_to_review() -> None:
    near = screen("Borealis Compute Holding", INDEX, country="US")
    assert near.outcome is ScreeningOutcome.REVIEW
    assert "country differs" in near.matches[0].reason
    same = screen("Borealis Compute Holding", INDEX, country="RU")
    assert same.outcome is ScreeningOutcome.POTENTIAL_MATCH


def test_unrelated_names_do_not_match_and_wording_is_never_a_clearance() -> None:
    result = screen("Contoso Cloud Inc.", INDEX, role="vendor")
    assert result.outcome is ScreeningOutcome.NO_LIST_MATCH
    assert result.matches == ()
    assert result.wording.startswith(
        "Vendor 'Contoso Cloud Inc.': no match at or above 0.80 on list Test list dated 2026-11-01."
    )
    assert "clear" not in result.wording.lower()


def test_user_threshold_changes_the_outcome() -> None:
    # The misspelling scores about 0.94: a potential match at 0.88, review at 0.97.
    strict = screen("DRAGONFLIE SHENZHEN TECH", INDEX, threshold=0.97, review_threshold=0.9)
    assert strict.outcome is ScreeningOutcome.REVIEW
    assert strict.threshold == 0.97


def test_no_lists_loaded_says_not_screened() -> None:
    result = screen("Contoso Cloud", prepare([]), role="end user")
    assert result.outcome is ScreeningOutcome.NO_LIST_MATCH
    assert (
        result.wording == "End user 'Contoso Cloud' was not screened: no screening list is loaded."
    )


@given(names, names)
def test_score_bound_never_cuts_a_real_score(a: str, b: str) -> None:
    first, second = normalise_name(a), normalise_name(b)
    assert score_bound(first, second) >= score_names(first, second).score - 1e-12


def test_common_words_do_not_flood_the_candidates() -> None:
    # 200 names share "trading"; only names sharing a rarer word or the initial are scored.
    entries = tuple(ScreeningEntry(f"{chr(97 + i % 20)}lpha{i} Trading") for i in range(200))
    index = prepare([ScreeningList("Generated", LIST_DATE, entries)])
    assert "trading" not in index.by_token
    assert len(index.candidates(normalise_name("Zulu Trading"))) == 0
    hit = screen("Hlpha7 Trading Ltd", index)  # entry 7: chr(97 + 7) = "h"
    assert hit.outcome is ScreeningOutcome.POTENTIAL_MATCH
    assert hit.best is not None and hit.best.matched_name == "hlpha7 Trading"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Qingyun Zhisuan Technology Co., Ltd.", "Qingyun Zhisuan Technology"),
        ("Nordhavn Data Centres A/S", "Nordhavn Data Centres"),
        ("PoolGrid Coöperatie U.A.", "PoolGrid Coöperatie"),
        ("Brightline GPU Cloud, Inc.", "Brightline GPU Cloud"),
        ("Müller GmbH & Co. KG", "Müller"),
        ("Smith and Sons Ltd", "Smith and Sons"),
        ("GmbH", "GmbH"),
        ("Co., Ltd.", "Co., Ltd."),
        ("GmbH & Co. KG", "GmbH & Co. KG"),
        ("S. A. S.", "S. A. S."),
        ("", ""),
        ("北京青云智算科技有限公司", "北京青云智算科技"),
        ("株式会社", "株式会社"),
        ("有限公司", "有限公司"),
    ],
)
def test_display_name_leaves_off_the_legal_form(name: str, shown: str) -> None:
    assert display_name(name) == shown


def test_display_label_shortens_the_vendor_of_a_quote_label_only() -> None:
    assert display_label("Kessler Systemhaus GmbH — KS-AN-2026-0419-L") == (
        "Kessler Systemhaus — KS-AN-2026-0419-L"
    )
    # Not a quote's label: left alone ("Acme Cloud Ltd" may be a tornado's input name).
    assert display_label("Acme Cloud Ltd") == "Acme Cloud Ltd"


def test_the_dutch_cooperative_form_is_left_off_a_displayed_name_only() -> None:
    assert display_name("PoolGrid Coöperatie U.A.") == "PoolGrid Coöperatie"
    # Screening keeps "UA": too short a word to take off the names it compares.
    assert normalise_name("Ukraine Air UA").tokens == ("ukraine", "air", "ua")
