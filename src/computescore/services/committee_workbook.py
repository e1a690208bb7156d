"""The offline evaluator workbook: written for one evaluator, read back with their scores.

For an evaluator without access to the team server (or on a plane): the workbook holds
their criteria and the vendors to score, never a price. Reading it back goes through
the same isolated reader as any vendor file, and stores every score in one
transaction, or none when any score is wrong (each problem names its cell).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from computescore.errors import InputRefused, NotFound
from computescore.io.evaluator_reader import is_evaluator_book, read_evaluator_book
from computescore.io.isolated import read_file
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.reports.evaluator_workbook import EvaluatorSheet, render_evaluator_workbook
from computescore.services.reporting import write_atomic

if TYPE_CHECKING:
    from computescore.store.repository import Store


@dataclass(frozen=True, slots=True)
class ImportedScores:
    """What a returned workbook stored: whose scores, how many, submitted or drafts."""

    evaluator: str
    evaluation: str
    count: int
    submitted: bool


def write_evaluator_workbook(
    store: Store,
    evaluator: str,
    out: Path,
    evaluation: str | None = None,
    *,
    issued: date | None = None,
) -> Path:
    """Write ``evaluator``'s workbook to ``out`` (replaced atomically); returns the path."""
    if not evaluator.strip():
        raise InputRefused("The workbook needs the evaluator's name.")
    with store.reading() as uow:
        row = uow.evaluation_row(evaluation)
        assert row.id is not None
        committee = uow.committee.load(row.id)
        vendors = uow.committee.vendor_names(row.id)
        name = row.name
    if not committee.criteria:
        raise InputRefused(
            f"{name} has no qualitative criteria to score yet: add one first "
            '(computescore committee add-criterion "Reference calls" --axis service --weight 0.3).'
        )
    if not vendors:
        raise InputRefused(f"{name} has no quotes, so there is no vendor to score yet.")
    own = {
        (s.criterion, s.vendor): (s.score, s.note)
        for s in committee.scores
        if s.evaluator == evaluator.strip()
    }
    data = EvaluatorSheet(
        name, evaluator.strip(), issued or date.today(), committee.criteria, vendors, own
    )
    write_atomic(out, render_evaluator_workbook(data))
    return out


def import_evaluator_workbook(
    store: Store, path: Path, evaluation: str | None = None
) -> ImportedScores:
    """Store the scores of a returned evaluator workbook (all of them, or none)."""
    book = read_file(path)
    if not is_evaluator_book(book):
        raise FileRefused(
            path,
            RefusalCode.NO_TABLE,
            "it is not an evaluator workbook written by ComputeScore (its hidden "
            "'_keys' sheet is missing); write one with computescore committee workbook",
        )
    answers = read_evaluator_book(book)
    problems = [str(p) for p in answers.problems]
    with store.transaction() as uow:
        row = uow.evaluation_row(evaluation or answers.evaluation)
        if answers.evaluation and row.name != answers.evaluation:
            raise InputRefused(
                f"{path.name} holds scores for {answers.evaluation!r}, not {row.name!r}."
            )
        assert row.id is not None
        for score in answers.scores:
            try:
                uow.committee.record_score(
                    row.id,
                    score.criterion,
                    score.vendor,
                    answers.evaluator,
                    score.score,
                    score.note,
                    submit=answers.submit,
                )
            except (InputRefused, NotFound) as exc:
                problems.append(f"{score.cell}: {exc}")
        if problems:
            raise InputRefused(
                f"Nothing was stored from {path.name}: "
                + "; ".join(problems[:10])
                + (f"; and {len(problems) - 10} more" if len(problems) > 10 else "")
            )
    return ImportedScores(answers.evaluator, row.name, len(answers.scores), answers.submit)
