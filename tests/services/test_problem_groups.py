"""Identical problems on many rows are grouped, with their rows folded into ranges."""

from __future__ import annotations

from computescore.domain.problems import Problem, Severity
from computescore.services.problem_groups import group_problems, row_ranges


def warning(source: str, message: str = "The unit was assumed", found: str = "1") -> Problem:
    return Problem(source, message, Severity.WARNING, found, "a unit")


def test_rows_fold_into_ranges() -> None:
    assert row_ranges([2, 3, 4, 7, 9, 10]) == [(2, 4), (7, 7), (9, 10)]
    assert row_ranges([5, 3, 4, 4]) == [(3, 5)]
    assert row_ranges([]) == []


def test_a_warning_on_100000_rows_is_one_group() -> None:
    problems = [warning(f"list.csv!E{row}", found=str(row)) for row in range(2, 100_002)]
    problems.append(warning("list.csv!F7"))
    groups = group_problems(problems)
    assert [group.count for group in groups] == [100_000, 1]
    first = groups[0]
    assert first.where() == "list.csv!E2–E100001"
    assert first.describe() == (
        "list.csv!E2–E100001 (100,000 rows): The unit was assumed "
        "(found '2' in the first); expected a unit"
    )
    assert groups[1].describe() == "list.csv!F7: The unit was assumed (found '1'); expected a unit"


def test_different_messages_sheets_and_severities_stay_apart() -> None:
    problems = [
        warning("q.xlsx!Prices!E2"),
        warning("q.xlsx!Prices!E3"),
        warning("q.xlsx!Other!E2"),
        warning("q.xlsx!Prices!E4", message="Another thing"),
        Problem("q.xlsx!Prices!E5", "The unit was assumed", Severity.ERROR, "1", "a unit"),
        warning("vendor:Hx"),
    ]
    groups = group_problems(problems)
    assert [(g.where(), g.count) for g in groups] == [
        ("q.xlsx!Prices!E2–E3", 2),
        ("q.xlsx!Other!E2", 1),
        ("q.xlsx!Prices!E4", 1),
        ("q.xlsx!Prices!E5", 1),
        ("vendor:Hx", 1),
    ]
    assert sum(g.count for g in groups) == len(problems)


def test_the_packs_notes_cut_a_long_list_of_places_and_count_the_rows() -> None:
    every_other = [Problem(f"list.csv!E{row}", "not a number") for row in range(2, 2002, 2)]
    (group,) = group_problems(every_other)
    assert group.where(most=3) == "list.csv!E2, E4, E6, … (1,000 rows)"
    (few,) = group_problems([Problem(f"offer.csv!{row}", "set aside") for row in (6, 7, 8)])
    assert few.where(most=3) == few.where() == "offer.csv!6–8"
