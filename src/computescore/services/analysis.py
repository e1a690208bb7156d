"""One analysis of an evaluation: load it, check compliance, run the engine, build the records.

Every front end asks for its results here, so the desktop app, the command line
(``score``, ``tco``, ``report``) and the board pack see the same problems, findings
and ranking: :func:`analyse` loads the evaluation from an open store, runs the
compliance checks (unless told not to), runs the decision engine
(:func:`~computescore.services.evaluate.evaluate`), and maps the engine's result to
the report records once (:func:`~computescore.services.reporting.build_board_pack`).

The problems found assembling the compliance settings (an unreadable posture, a bad
threshold) are part of the result's problems, like the engine's own, so every front
end shows them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, fields, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from computescore.domain.export_control import ExportControlResult
from computescore.domain.findings import Finding
from computescore.domain.presentation import Presentation, presenting
from computescore.domain.problems import Problem
from computescore.domain.scoring import ScoreInput, prepare_input
from computescore.reports.model import BoardPack, PlanSummary
from computescore.services.evaluate import EvaluateOptions, EvaluationResult, evaluate
from computescore.services.presentation import currency_problems, presentation_of
from computescore.services.progress import NullProgress, Progress, check_cancel
from computescore.services.reporting import DEFAULT_MARKING, RulesInfo, build_board_pack
from computescore.services.workspace import EvaluationData, load_evaluation_data

if TYPE_CHECKING:
    from computescore.services.compliance import ComplianceSettings
    from computescore.store.repository import Store

NOT_CHECKED = "The compliance checks were not run."
"""What the app says about compliance when the checks were skipped."""


@dataclass(frozen=True, slots=True)
class AnalysisOptions:
    """Choices for one analysis.

    Attributes:
        engine: workload, weights and robustness settings of the engine run.
        run_compliance: run the compliance checks (False: the compliance axis is neutral).
        generated_on: the date printed in the board pack (None: today).
        prepared_by: overrides the evaluation's "prepared by" in the pack.
        confidentiality: the marking printed on every page of the pack.
        plan: add the award plan for every workload to the pack (the reports ask
            for it; the app's pages and the scorecard do not need it).
    """

    engine: EvaluateOptions = field(default_factory=EvaluateOptions)
    run_compliance: bool = True
    generated_on: date | None = None
    prepared_by: str | None = None
    confidentiality: str = DEFAULT_MARKING
    plan: bool = False


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything one analysis produced, as plain frozen records.

    Attributes:
        data: the evaluation's data as loaded.
        result: the engine's result; its ``problems`` include the compliance settings'.
        findings: the compliance findings; None when the checks were not run.
        rules: the export-control rules the checks used; None when not run.
        rules_label: the rules in words (title, version, date); "" when not run.
        classifications: (accelerator display name, export-control verdict) for each
            accelerator quoted.
        entries: the scoring inputs of the ranked quotes, to re-rank with other weights.
        pack: the report records built from the same result.
        seconds: wall-clock time of the analysis, in seconds.
        compliance_note: why there are no findings ("" when the checks ran).
    """

    data: EvaluationData
    result: EvaluationResult
    findings: tuple[Finding, ...] | None
    rules: RulesInfo | None
    rules_label: str
    classifications: tuple[tuple[str, ExportControlResult], ...]
    entries: tuple[ScoreInput, ...]
    pack: BoardPack
    seconds: float
    compliance_note: str = ""

    @property
    def problems(self) -> tuple[Problem, ...]:
        """Every problem the user should see: the compliance settings' and the engine's."""
        return self.result.problems

    @property
    def presentation(self) -> Presentation:
        """The currency the analysis's figures are shown in, with its rate."""
        return self.pack.presentation


@dataclass(frozen=True, slots=True)
class _Compliance:
    """What the compliance checks gave: findings, rules and problems."""

    findings: tuple[Finding, ...] | None = None
    rules: RulesInfo | None = None
    label: str = ""
    classifications: tuple[tuple[str, ExportControlResult], ...] = ()
    problems: tuple[Problem, ...] = ()
    settings: ComplianceSettings | None = None


def analyse(
    store: Store,
    evaluation_id: str | None,
    options: AnalysisOptions | None = None,
    *,
    progress: Progress | None = None,
) -> Analysis:
    """Load an evaluation, check compliance, run the engine and build the report records.

    Args:
        store: an open workspace (left open).
        evaluation_id: the evaluation's name; None means the most recent.
        options: engine, compliance and pack choices.
        progress: receives progress and may cancel.

    Raises:
        NotFound: no such evaluation or workload.
        Cancelled: the user cancelled.
    """
    opts = options or AnalysisOptions()
    report = progress or NullProgress()
    started = time.perf_counter()
    report.report(0.0, "Loading the evaluation")
    data = load_evaluation_data(store, evaluation_id)
    shown = presentation_of(data)
    with presenting(shown):
        compliance = _Compliance()
        if opts.run_compliance:
            check_cancel(report)
            report.report(0.1, "Checking compliance")
            compliance = _check(data, store)
        result = evaluate(
            data, opts.engine, compliance_findings=compliance.findings, progress=report
        )
        extra = compliance.problems + currency_problems(shown)
        if extra:
            result = _with_problems(result, extra)
        pack = build_board_pack(
            data,
            result,
            rules=compliance.rules,
            generated_on=opts.generated_on or date.today(),
            prepared_by=opts.prepared_by,
            confidentiality=opts.confidentiality,
        )
        if opts.plan and data.evaluation.workloads:
            pack = replace(
                pack, plan=_plan(data, store, opts.run_compliance, compliance.settings, report)
            )
        pack = with_approval(store, pack, data.evaluation.id)
    return Analysis(
        data=data,
        result=result,
        findings=compliance.findings,
        rules=compliance.rules,
        rules_label=compliance.label,
        classifications=compliance.classifications,
        entries=score_inputs(data, result),
        pack=pack,
        seconds=time.perf_counter() - started,
        compliance_note="" if opts.run_compliance else NOT_CHECKED,
    )


def with_approval(store: Store, pack: BoardPack, evaluation_id: int | None) -> BoardPack:
    """The pack with the sentence on its approval: current, superseded, or none yet."""
    from computescore.domain.signoff import approval_state
    from computescore.reports.model import fingerprint

    if evaluation_id is None:
        return pack
    with store.reading() as uow:
        approvals = uow.committee.approvals(evaluation_id)
    _state, sentence = approval_state(approvals, fingerprint(pack))
    return replace(pack, meta=replace(pack.meta, approval=sentence))


def analyse_db(
    db: str | Path | None,
    evaluation_id: str | None,
    options: AnalysisOptions | None = None,
    *,
    progress: Progress | None = None,
) -> Analysis:
    """Open a workspace database, :func:`analyse` one evaluation, and close it.

    Args:
        db: the database file; None means ``$COMPUTESCORE_DB``, else the user data folder.
        evaluation_id: the evaluation's name; None means the most recent.
        options: engine, compliance and pack choices.
        progress: receives progress and may cancel.

    Raises:
        NotFound: no such evaluation or workload.
        DatabaseError: the database cannot be used.
        Cancelled: the user cancelled.
    """
    from computescore.services.workspace import open_store

    store = open_store(db)
    try:
        return analyse(store, evaluation_id, options, progress=progress)
    finally:
        store.close()


def _check(data: EvaluationData, store: Store) -> _Compliance:
    from computescore.services.compliance import check_evaluation, settings_for

    settings = settings_for(data, store=store)
    rules = settings.rules
    label = f"{rules.title or 'rules'} {rules.version} ({rules.as_of})".strip()
    return _Compliance(
        settings=settings,
        findings=tuple(check_evaluation(data, settings)),
        rules=RulesInfo(
            version=rules.version,
            as_of=rules.as_of.isoformat(),
            title=rules.title,
            disclaimer=rules.disclaimer,
        ),
        label=label,
        classifications=classify_quoted(data, settings),
        problems=settings.problems,
    )


def _plan(
    data: EvaluationData,
    store: Store,
    checked: bool,
    settings: ComplianceSettings | None,
    report: Progress,
) -> PlanSummary | None:
    """The award plan of every workload, for the pack (the compliance settings reused)."""
    from computescore.services.plan import PlanOptions, plan_for, plan_summary

    options = PlanOptions(run_compliance=checked)
    return plan_summary(plan_for(data, store, options, settings=settings, progress=report))


def _with_problems(result: EvaluationResult, extra: tuple[Problem, ...]) -> EvaluationResult:
    values = {f.name: getattr(result, f.name) for f in fields(result)}
    values["problems"] = (*extra, *result.problems)
    return EvaluationResult(**values)


def score_inputs(data: EvaluationData, result: EvaluationResult) -> tuple[ScoreInput, ...]:
    """The scoring inputs of every quote of ``result``, in its order (to re-rank)."""
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


def classify_quoted(
    data: EvaluationData, settings: ComplianceSettings
) -> tuple[tuple[str, ExportControlResult], ...]:
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
