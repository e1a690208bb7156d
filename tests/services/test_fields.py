"""Typed fields from text: the one parser behind --set, JSON files and the editors."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Precision
from computescore.domain.quotes import Deployment, ExitTerms
from computescore.errors import InputRefused
from computescore.services.fields import apply_changes, nearest, parse_value
from computescore.services.records import NEW_WORKLOAD


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        (int, "36", 36),
        (int, "1_000", 1000),
        (float, "0.35", 0.35),
        (Decimal, "2.8700", Decimal("2.8700")),
        (date, "2026-11-20", date(2026, 11, 20)),
        (bool | None, "yes", True),
        (bool | None, "none", None),
        (Deployment | None, "on demand", Deployment.ON_DEMAND),
        (Deployment, "RESERVED", Deployment.RESERVED),
        (tuple[str, ...], "ISO/IEC 27001, SOC 2", ("ISO/IEC 27001", "SOC 2")),
    ],
)
def test_text_becomes_the_fields_type(kind: object, text: str, value: object) -> None:
    assert parse_value(kind, text) == value


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        (int, "2.5", "a whole number"),
        (float, "many", "a number"),
        (date, "20/11/2026", "a date (YYYY-MM-DD)"),
        (Deployment, "rent", "one of purchase, lease, reserved, on_demand, spot"),
        (bool | None, "perhaps", "yes or no (or 'none')"),
        (Decimal, "NaN", "a number"),
    ],
)
def test_a_wrong_value_says_what_was_expected(kind: object, text: str, expected: str) -> None:
    with pytest.raises(ValueError, match=expected.replace("(", r"\(").replace(")", r"\)")):
        parse_value(kind, text)


def test_changes_apply_to_a_record_and_name_the_nearest_field() -> None:
    changed = apply_changes(
        NEW_WORKLOAD, {"precision": "fp8", "country": "de", "hours_per_day": 20}, what="workload"
    )
    assert (changed.precision, changed.country, changed.hours_per_day) == (
        Precision.FP8,
        "DE",
        20.0,
    )
    with pytest.raises(InputRefused, match="did you mean 'notice_days'"):
        apply_changes(ExitTerms(), {"notice_day": "90"}, what="exit term")


@given(st.integers(min_value=-(10**12), max_value=10**12))
def test_any_whole_number_round_trips(number: int) -> None:
    assert parse_value(int, str(number)) == number


def test_nearest_names_ignore_case() -> None:
    assert nearest("kessler", ["Kessler Systemhaus", "Brightline"]) == ["Kessler Systemhaus"]
    assert nearest("zebra", ["Kessler Systemhaus", "Brightline"]) == []
    assert nearest("brightlne", ["Kessler Systemhaus", "Brightline"]) == ["Brightline"]
