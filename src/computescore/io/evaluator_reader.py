"""Reading back an offline evaluator workbook (:mod:`computescore.reports.evaluator_workbook`).

The workbook is recognised by its hidden key sheet. The score table is found by its
header row, so an evaluator who sorted or moved rows is still read right; every
score that is not a number on the criterion's scale is reported with its cell, and
nothing is stored unless every score reads.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from computescore.domain.committee import (
    WORKBOOK_HEADERS,
    WORKBOOK_KEYS_SHEET,
    WORKBOOK_MARK,
    WORKBOOK_SCORES_SHEET,
    WORKBOOK_SUBMIT_LABEL,
)
from computescore.domain.problems import Problem
from computescore.io.workbook import SheetData, WorkbookData, column_letters


@dataclass(frozen=True, slots=True)
class ReadScore:
    """One score read from the workbook, with the cell it came from."""

    criterion: str
    vendor: str
    score: float
    note: str
    cell: str


@dataclass(frozen=True, slots=True)
class EvaluatorAnswers:
    """What an evaluator sent back: who, for which evaluation, the scores, and problems."""

    evaluation: str
    evaluator: str
    submit: bool
    scores: tuple[ReadScore, ...]
    problems: tuple[Problem, ...]


def is_evaluator_book(book: WorkbookData) -> bool:
    """True when ``book`` is an evaluator workbook written by this app."""
    keys = book.sheet(WORKBOOK_KEYS_SHEET)
    return keys is not None and keys.cell(0, 0) == WORKBOOK_MARK


def _text(value: object) -> str:
    return "" if value is None else str(value).strip()


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if math.isfinite(float(value)) else None
    text = _text(value).replace(",", ".")
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _keys(keys: SheetData) -> dict[str, str]:
    return {_text(row[0]): _text(row[1]) for row in keys.rows if len(row) >= 2 and row[0]}


def read_evaluator_book(book: WorkbookData) -> EvaluatorAnswers:
    """The evaluator, evaluation, scores and submit choice of a returned workbook.

    Empty score cells are skipped (not scored yet); a score that is not a number is a
    problem naming its cell. Whether a score fits its criterion's scale is checked when
    it is stored, against the criterion as it stands then.
    """
    name = book.path.name
    keys_sheet = book.sheet(WORKBOOK_KEYS_SHEET)
    assert keys_sheet is not None
    keys = _keys(keys_sheet)
    sheet = book.sheet(WORKBOOK_SCORES_SHEET)
    problems: list[Problem] = []
    if sheet is None:
        problems.append(
            Problem(name, f"the sheet {WORKBOOK_SCORES_SHEET!r} is missing; it holds the scores")
        )
        return EvaluatorAnswers(
            keys.get("evaluation", ""), keys.get("evaluator", ""), False, (), tuple(problems)
        )
    header_row = next(
        (
            index
            for index, row in enumerate(sheet.rows)
            if tuple(_text(v) for v in row[: len(WORKBOOK_HEADERS)]) == WORKBOOK_HEADERS
        ),
        None,
    )
    submit = False
    for row in sheet.rows:
        if row and _text(row[0]) == WORKBOOK_SUBMIT_LABEL:
            answer = _text(row[1] if len(row) > 1 else None).casefold()
            submit = answer in ("yes", "y", "ja", "oui", "sí", "si", "true", "1")
            break
    if header_row is None:
        problems.append(
            Problem(
                f"{name}!{sheet.name}",
                "the score table's header row is gone",
                expected=" | ".join(WORKBOOK_HEADERS),
            )
        )
        return EvaluatorAnswers(
            keys.get("evaluation", ""), keys.get("evaluator", ""), submit, (), tuple(problems)
        )
    scores: list[ReadScore] = []
    for index in range(header_row + 1, len(sheet.rows)):
        criterion, vendor = _text(sheet.cell(index, 0)), _text(sheet.cell(index, 1))
        if not criterion and not vendor:
            break  # the table ends at the first empty row
        raw = sheet.cell(index, 3)
        cell = f"{name}!{sheet.name}!{column_letters(4)}{index + 1}"
        if raw is None or _text(raw) == "":
            continue
        value = _number(raw)
        if value is None:
            problems.append(
                Problem(
                    cell,
                    f"the score of {vendor} on {criterion!r} is not a number",
                    found=_text(raw),
                    expected="a number such as 7 or 7.5",
                )
            )
            continue
        scores.append(ReadScore(criterion, vendor, value, _text(sheet.cell(index, 4)), cell))
    return EvaluatorAnswers(
        keys.get("evaluation", ""),
        keys.get("evaluator", ""),
        submit,
        tuple(scores),
        tuple(problems),
    )
