"""One evaluation analysed: load → check compliance → evaluate → report records.

This is the one use case the app, the command line and the reports share. The app's
background analysis, ``computescore score`` / ``tco`` / ``report`` and the board pack
all call :func:`analyse` (or :func:`analyse_workspace`, which opens and closes the
workspace), so they agree on the findings, the problems and the ranking: there is one
place where the compliance settings' problems join the engine's, and one place where
engine results become report records.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from computescore.domain.problems import Problem
from computescore.services.evaluate import EvaluateOptions, EvaluationResult, evaluate
from computescore.services.progress import NullProgress, Progress, check_cancel

if TYPE_CHECKING:
    from computescore.domain.findings import Finding
    from computescore.domain.scoring import ScoreInput
    from computescore.reports.model import BoardPack
    from computescore.services.reporting import RulesInfo
    from computescore.services.workspace import EvaluationData
    from computescore.store.repository import Store


@dataclass(frozen=True, slots=True)
class AnalysisOptions:
    """What to compute.

    Attributes:
        evaluate: the engine's options (weights, workload, Monte Carlo samples …).
        run_compliance: run the compliance and export-control checks (knock-outs).
        board_pack: also build the board pack's report records.
        generated_on: the day printed on the pack (default: today).
        prepared_by: the person or team named on the pack's cover.
        confidentiality: the marking printed on every page of the pack.
    """

    evaluate: EvaluateOptions | None = None
    run_compliance: bool = True
    board_pack: bool = True
    generated_on: date | None = None
    prepared_by: str | None = None
    confidentiality: str = "Confidential"


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything one analysis of an evaluation produced (plain records only).

    Attributes:
        data: the evaluation as loaded.
        result: the engine's result; its problems include those of the compliance
            settings (an unreadable rules file, a missing screening list).
        findings: the compliance findings, or None when the checks were not run.
        rules: which export-control rules the checks used.
        classifications: (accelerator name, export-control verdict) for each
            accelerator quoted, where the evaluation's first workload runs.
        entries: the scoring inputs, for re-ranking at once when a weight moves.
        pack: the board pack's records, when asked for.
        seconds: how long the analysis took.
    """

    data: EvaluationData
    result: EvaluationResult
    findings: tuple[Finding, ...] | None
    rules: RulesInfo | None
    classifications: tuple[tuple[str, Any], ...] = ()
    entries: tuple[ScoreInput, ...] = ()
    pack: BoardPack | None = field(default=None, repr=False)
    seconds: float = 0.0

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Every problem the user should see: the settings', then the engine's."""
        return self.result.problems

    @property
    def rules_label(self) -> str:
        """``Export-control rules 2026.11 (2026-11-01)``, or "" when no checks ran."""
        if self.rules is None:
            return ""
        return f"{self.rules.title or 'rules'} {self.rules.version} ({self.rules.as_of})".strip()


def analyse(
    store: Store,
    evaluation: str | None = None,
    options: AnalysisOptions | None = None,
    *,
    progress: Progress | None = None,
) -> Analysis:
    """Analyse one evaluation of an open workspace.

    Args:
        store: the open workspace.
        evaluation: the evaluation's name (default: the most recent one).
        options: what to compute (default: everything, with the saved weights).
        progress: receives progress; cancelling stops between steps.

    Raises:
        NotFound: no such evaluation or workload.
        Cancelled: the user cancelled.
    """
    from computescore.services.workspace import load_evaluation_data

    options = options or AnalysisOptions()
    report = progress or NullProgress()
    started = time.perf_counter()
    report.report(0.0, "Loading the evaluation")
    data = load_evaluation_data(store, evaluation)
    findings: tuple[Finding, ...] | None = None
    rules: RulesInfo | None = None
    classifications: tuple[tuple[str, Any], ...] = ()
    settings_problems: tuple[Problem, ...] = ()
    if options.run_compliance:
        from computescore.services.compliance import check_evaluation, settings_for
        from computescore.services.reporting import RulesInfo

        check_cancel(report)
        report.report(0.1, "Checking compliance")
        settings = settings_for(data, store=store)
        findings = tuple(check_evaluation(data, settings))
        settings_problems = tuple(settings.problems)
        rules = RulesInfo(
            version=settings.rules.version,
            as_of=settings.rules.as_of.isoformat(),
            title=settings.rules.title,
            disclaimer=settings.rules.disclaimer,
        )
        classifications = classify_quoted(data, settings)
    return _finish(
        data, findings, rules, classifications, settings_problems, options, report, started
    )


def _finish(
    data: EvaluationData,
    findings: tuple[Finding, ...] | None,
    rules: RulesInfo | None,
    classifications: tuple[tuple[str, Any], ...],
    settings_problems: tuple[Problem, ...],
    options: AnalysisOptions,
    report: Progress,
    started: float,
) -> Analysis:
    result = evaluate(
        data,
        options.evaluate,
        compliance_findings=list(findings) if findings is not None else None,
        progress=report,
    )
    if settings_problems:
        result = _with_problems(result, settings_problems)
    pack = None
    if options.board_pack:
        from computescore.services.reporting import build_board_pack

        pack = build_board_pack(
            data,
            result,
            rules=rules,
            generated_on=options.generated_on or date.today(),
            prepared_by=options.prepared_by,
            confidentiality=options.confidentiality,
        )
    return Analysis(
        data=data,
        result=result,
        findings=findings,
        rules=rules,
        classifications=classifications,
        entries=score_inputs(data, result),
        pack=pack,
        seconds=time.perf_counter() - started,
    )


def analyse_workspace(
    db: str | Path | None,
    evaluation: str | None = None,
    options: AnalysisOptions | None = None,
    *,
    progress: Progress | None = None,
) -> Analysis:
    """Open a workspace, :func:`analyse` one evaluation, and close the workspace.

    Raises:
        NotFound: no such evaluation or workload.
        DatabaseError: the database cannot be used.
        Cancelled: the user cancelled.
    """
    from computescore.services.workspace import open_store

    store = open_store(db)
    try:
        return analyse(store, evaluation, options, progress=progress)
    finally:
        store.close()


def _with_problems(result: EvaluationResult, extra: Sequence[Problem]) -> EvaluationResult:
    values = {f.name: getattr(result, f.name) for f in fields(result)}
    values["problems"] = (*extra, *result.problems)
    return EvaluationResult(**values)


def score_inputs(data: EvaluationData, result: EvaluationResult) -> tuple[ScoreInput, ...]:
    """The scoring inputs of every quote evaluated, for re-ranking without the engine."""
    from computescore.domain.scoring import prepare_input

    quotes = {q.key: q for q in data.quotes}
    return tuple(
        prepare_input(
            quotes[item.quote_key],
            item.tco,
            result.workload,
            result.assumptions,
            (*item.fit_findings, *item.compliance_findings),
            result.compliance_checked,
        )
        for item in result.quotes
        if item.quote_key in quotes
    )


def classify_quoted(data: EvaluationData, settings: Any) -> tuple[tuple[str, Any], ...]:
    """Export-control classification of every accelerator quoted, for where it will run.

    The destination is the first workload's country, the end user's headquarters the
    evaluation's, and the date the decision date.
    """
    from computescore.services.compliance import classify_accelerator

    evaluation = data.evaluation
    destination = evaluation.workloads[0].country if evaluation.workloads else "US"
    ids = sorted(
        {line.accelerator for q in data.quotes for line in q.compute_lines if line.accelerator}
    )
    out = []
    for accelerator_id in ids:
        accelerator = data.catalogue.get(accelerator_id)
        if accelerator is None:
            continue
        verdict = classify_accelerator(
            accelerator,
            destination,
            evaluation.end_user_hq or None,
            evaluation.decision_date,
            settings.rules,
            settings.posture,
            export_from_us=settings.export_from_us,
        )
        out.append((accelerator.display_name, verdict))
    return tuple(out)
