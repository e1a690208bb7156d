"""The byte-level bounds used before calamine: the searches must agree with plain definitions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.workbook import cell_name, column_letters, column_number, parse_ref
from computescore.io.xlsx_scan import (
    _beyond_columns,
    _beyond_rows,
    _unusual,
    digits_greater_than,
    letters_greater_than,
    scan_workbook,
    sheet_details,
)
from tests.fixtures import hostile
from tests.fixtures.xlsx_builder import Sheet, build_xlsx


@given(
    st.integers(min_value=1, max_value=10**7),
    st.integers(min_value=0, max_value=10**8),
    st.integers(min_value=0, max_value=3),
)
def test_digits_greater_than_matches_exactly_the_larger_numbers(
    limit: int, value: int, zeros: int
) -> None:
    pattern = re.compile(b"^" + digits_greater_than(limit) + b"$")
    text = ("0" * zeros + str(value)).encode()
    assert bool(pattern.match(text)) is (value > limit)


@given(
    st.integers(min_value=1, max_value=16_384),
    st.integers(min_value=1, max_value=20_000),
    st.booleans(),
)
def test_letters_greater_than_matches_exactly_the_later_columns(
    limit: int, column: int, lower: bool
) -> None:
    pattern = re.compile(b"^" + letters_greater_than(limit) + b"$")
    letters = column_letters(column)
    text = (letters.lower() if lower else letters).encode()
    assert bool(pattern.match(text)) is (column > limit)


@given(st.integers(min_value=1, max_value=16_384))
def test_column_letters_round_trip(number: int) -> None:
    assert column_number(column_letters(number)) == number


def test_cell_names() -> None:
    # 0-based (6, 2) is the seventh row, third column.
    assert cell_name(6, 2) == "C7"
    assert column_letters(16_384) == "XFD"
    assert parse_ref("$XFD$1048576") == (1_048_575, 16_383)
    assert parse_ref("A0005") == (4, 0)
    assert parse_ref("not a ref") is None


# --------------------------------------------------------------------------- fast searches

_FRAGMENTS = [
    b' r="A1"',
    b"r",
    b"=",
    b" ",
    b"'",
    b'"',
    b"\n",
    b"\t",
    b"\r",
    b"x",
    b"<c",
    b"r='",
    b"r =",
    b"r= ",
    b"\nr=",
]


def _unusual_by_plain_search(data: bytes) -> bool:
    """The definition: any spelling of an ``r`` attribute other than `` r="``."""
    return bool(re.search(rb"r='|r\s+=|r=\s", data)) or any(
        space + b"r=" in data for space in (b"\n", b"\t", b"\r")
    )


@given(
    st.lists(st.sampled_from(_FRAGMENTS), max_size=12),
    st.lists(st.sampled_from(_FRAGMENTS), max_size=30),
)
def test_unusual_spellings_are_found_as_a_plain_search_finds_them(
    prolog: list[bytes], body: list[bytes]
) -> None:
    head = b"".join(prolog)
    data = head + b"<worksheet>" + b"".join(body)
    assert _unusual(data, len(head)) is _unusual_by_plain_search(data)


@given(
    st.integers(min_value=1, max_value=2_000_000),
    st.integers(min_value=1, max_value=10**8),
    st.integers(min_value=1, max_value=16_384),
    st.integers(min_value=0, max_value=3),
    st.booleans(),
    st.booleans(),
)
def test_reference_searches_agree_with_comparing_numbers(
    limit: int, row: int, column: int, zeros: int, lower: bool, dollar: bool
) -> None:
    letters = column_letters(column)
    letters = letters.lower() if lower else letters
    ref = f'<c r="{letters}{"$" if dollar else ""}{"0" * zeros}{row}">'.encode()
    beyond_rows = _beyond_rows(b' r="', rb"[A-Za-z]{0,3}", limit)
    assert bool(beyond_rows.search(ref)) is (row > limit)
    beyond_columns = _beyond_columns(b' r="', min(limit, 16_384))
    assert bool(beyond_columns.search(ref)) is (column > min(limit, 16_384))


def test_details_collected_later_are_those_of_the_full_scan(tmp_path: Path) -> None:
    for path in (
        hostile.hidden_content(tmp_path),
        hostile.merged_header(tmp_path),
        hostile.cached_value_lie(tmp_path),
        hostile.formula_without_cache(tmp_path),
    ):
        full = scan_workbook(path)
        bounded = scan_workbook(path, details=False)
        assert all(not sheet.formulas and not sheet.merged for sheet in bounded.sheets)
        later = tuple(sheet_details(path, sheet) for sheet in bounded.sheets)
        assert later == full.sheets, path.name


def test_ampersands_in_text_are_harmless_but_not_in_references(tmp_path: Path) -> None:
    text = Sheet("Quote", [["R&D cluster", "H100 SXM", 8, 3.1, "it's USD"]])
    assert scan_workbook(build_xlsx(tmp_path / "text.xlsx", [text])).sheets[0].max_row == 1
    coded = Sheet(
        "Quote", [["H100", 1]], extra_rows_xml='<row r="2"><c r="XF&#68;2"><v>1</v></c></row>'
    )
    with pytest.raises(FileRefused) as caught:
        scan_workbook(build_xlsx(tmp_path / "coded.xlsx", [coded]))
    assert caught.value.code is RefusalCode.OUTSIDE_AREA
    assert "character codes" in str(caught.value)


def test_line_breaks_in_the_declaration_keep_the_fast_spelling(tmp_path: Path) -> None:
    # Excel writes "\r\n" after the XML declaration; a far cell is still found.
    sheet = Sheet(
        "Quote",
        [["H100", 1]],
        prolog='<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n',
        extra_rows_xml='<row r="2"><c r="XFD2"><v>1</v></c></row>',
    )
    with pytest.raises(FileRefused) as caught:
        scan_workbook(build_xlsx(tmp_path / "far.xlsx", [sheet]))
    assert "XFD2" in str(caught.value)
