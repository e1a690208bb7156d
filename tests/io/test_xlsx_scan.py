"""The byte-level bounds used before calamine: the regexes must agree with integer comparison."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from computescore.io.workbook import cell_name, column_letters, column_number, parse_ref
from computescore.io.xlsx_scan import digits_greater_than, letters_greater_than


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
