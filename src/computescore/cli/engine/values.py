"""JSON values shared by the decision-engine commands: rounding, figures, problems."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def round_value(value: float | None, digits: int = 6) -> float | None:
    """``value`` rounded to ``digits`` decimals (money keeps its cents at any size)."""
    if value is None:
        return None
    return round(value, digits)


def figure_value(figure: Any) -> float | None:
    """A figure's value, rounded (None stays None)."""
    return None if figure is None else round_value(figure.value)


def explanations(**figures: Any) -> dict[str, str]:
    """Each figure's explanation by its name (missing figures left out)."""
    return {key: figure.explain() for key, figure in figures.items() if figure is not None}


def problem_dicts(problems: Iterable[Any]) -> list[dict[str, Any]]:
    """Problems with stable keys (source, severity, message, found, expected)."""
    return [
        {
            "source": p.source,
            "severity": p.severity.value,
            "message": p.message,
            "found": p.found,
            "expected": p.expected,
        }
        for p in problems
    ]


def result_header(result: Any) -> dict[str, Any]:
    """The evaluation, decision date, workload and catalogue every result starts with."""
    return {
        "evaluation": result.evaluation,
        "decision_date": result.decision_date.isoformat(),
        "workload": result.workload.name,
        "workload_note": result.workload_note,
        "catalogue": result.catalogue,
    }
