"""Words where a figure would stand: a quantity billed as used, a unit in a description."""

from __future__ import annotations

from decimal import Decimal

import pytest

from computescore.io.cell_kinds import says_as_used
from computescore.io.reader.pricing import unit_in_words
from computescore.io.values import Basis, Period


@pytest.mark.parametrize("text", ["as used", "As Used", " metered ", "nach Aufwand", "従量"])
def test_a_quantity_billed_as_used(text: str) -> None:
    assert says_as_used(text)


@pytest.mark.parametrize("value", ["4", 4, "used 4 times", None, "", "as used by 3 teams"])
def test_a_quantity_is_not_billed_as_used(value: object) -> None:
    assert not says_as_used(value)  # type: ignore[arg-type]


def test_the_unit_a_description_ends_with() -> None:
    gpu_hour = unit_in_words("NVIDIA H100 SXM 80GB GPU, per GPU-hour")
    assert gpu_hour is not None
    assert (gpu_hour.period, gpu_hour.basis) == (Period.HOUR, Basis.GPU)
    tb_month = unit_in_words("Parallel file storage, per TB-month")
    assert tb_month is not None
    assert (tb_month.period, tb_month.basis, tb_month.scale) == (
        Period.MONTH,
        Basis.GB,
        Decimal("0.001"),
    )
    once = unit_in_words("Installation and onboarding (one-off)")
    assert once is not None and once.period is Period.ONCE


@pytest.mark.parametrize(
    "text", ["HGX H100 node — 8× H100 SXM5", "", "Support, 24x7 coverage", "per se excellent"]
)
def test_a_description_without_a_unit(text: str) -> None:
    assert unit_in_words(text) is None


@pytest.mark.parametrize(
    ("value", "nought"),
    [
        (0, True),
        (0.0, True),
        ("0", True),
        (8, False),
        ("8", False),
        (None, False),
        (False, False),
        ("–", False),
    ],
)
def test_a_count_that_says_nought(value: object, nought: bool) -> None:
    from computescore.io.cell_kinds import says_nought

    assert says_nought(value) is nought  # type: ignore[arg-type]


def test_each_line_finds_the_row_it_was_read_from() -> None:
    from computescore.io.reader.lines import rows_of_lines

    # row 5 made no line, row 6 two, row 7 one
    assert rows_of_lines([(4, 0), (5, 1), (6, 1), (7, 3)], 4) == [4, 6, 6, 7]
    assert rows_of_lines([], 0) == []


def test_a_text_clipped_to_its_width() -> None:
    from computescore.wording import clipped

    assert clipped("  two   words ", 20) == "two words"
    assert clipped("abcdefghij", 5) == "abcd…"
    assert clipped(None, 5) == ""
