"""Form parsing: what a user types becomes a value or a plain explanation."""

from __future__ import annotations

import pytest

from computescore.gui.forms import country_parser, format_number, number_parser, parse_number


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("13", 13.0),
        ("1,234.5", 1234.5),
        ("7e9", 7e9),
        ("70 B", 70e9),  # billions suffix
        ("2.5k", 2500.0),
        ("40 %", 40.0),  # the percent sign is dropped; the field knows its unit
        (" 0.4 ", 0.4),
    ],
)
def test_parse_number_reads_common_forms(text: str, expected: float) -> None:
    assert parse_number(text) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["", "abc", "1,23", "12 apples", "nan", "1.2.3"])
def test_parse_number_refuses_what_is_not_a_number(text: str) -> None:
    assert parse_number(text) is None


def test_number_parser_explains_range_errors_with_the_value_found() -> None:
    parse = number_parser("Hours per day", minimum=0.1, maximum=24)
    assert parse("20") == (20.0, None)
    value, error = parse("30")
    assert value is None
    assert error == "Hours per day must be at most 24 (found 30)"
    assert parse("twenty")[1] == "Hours per day must be a number (found 'twenty')"


def test_number_parser_scales_units_to_storage() -> None:
    # MFU is shown in percent and stored as a fraction: 38 % → 0.38.
    assert number_parser("MFU", minimum=1, maximum=100, scale=0.01)("38")[0] == pytest.approx(0.38)
    # Model size is shown in billions: 13 → 1.3e10 parameters.
    assert number_parser("Model size", scale=1e9)("13")[0] == pytest.approx(13e9)


def test_whole_numbers_and_optional_fields() -> None:
    parse = number_parser("Horizon", minimum=1, integer=True)
    assert parse("36") == (36, None)
    assert parse("36.5")[1] == "Horizon must be a whole number (found 36.5)"
    assert parse("")[1] == "Horizon is required"
    assert number_parser("Latency", optional=True)("") == (None, None)


def test_country_codes_are_upper_cased_and_checked() -> None:
    parse = country_parser("Country")
    assert parse("de") == ("DE", None)
    assert parse("Germany")[1] == "Country: use the two-letter ISO code, e.g. DE (found 'Germany')"


def test_format_number_has_no_exponent_or_trailing_zeros() -> None:
    assert format_number(13.0) == "13"
    assert format_number(0.38) == "0.38"
    assert format_number(200.0) == "200"
    assert format_number(None) == ""
