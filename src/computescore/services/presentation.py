"""The currency an evaluation's figures are shown in, read from the evaluation and its rates.

Costs are computed in US dollars; an evaluation's reporting currency converts them when
they are shown, at the newest rate on or before the decision date. Every front end asks
here, so the app, the command line and the reports convert at the same rate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from computescore.domain.presentation import Presentation, reporting_in
from computescore.domain.problems import Problem, Severity

if TYPE_CHECKING:
    from computescore.services.workspace import EvaluationData
    from computescore.store.repository import Store


def presentation_of(data: EvaluationData) -> Presentation:
    """The evaluation's reporting currency at the rate on its decision date."""
    return reporting_in(data.evaluation, data.fx_rates)


def currency_problems(shown: Presentation) -> tuple[Problem, ...]:
    """A warning when the reporting currency has no rate and figures stay in US dollars."""
    if not shown.problem:
        return ()
    return (Problem("evaluation:reporting currency", shown.problem, Severity.WARNING),)


def presentation_in(store: Store, evaluation: str | None) -> Presentation:
    """The reporting currency of the evaluation named ``evaluation`` (None: the latest)."""
    with store.reading() as uow:
        loaded = uow.load_evaluation(evaluation)
        rates = tuple(uow.fx_rates())
    return reporting_in(loaded, rates)
