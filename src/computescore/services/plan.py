"""The award plan of an evaluation: every workload, every eligible option, named scenarios.

:func:`plan_inputs` prices each quote's compute lines for each workload (the same TCO
engine as the ranking, at the workload's need and at twice it, so each line's cost is
known for any count), scores the quotes for that workload with that workload's own
compliance findings (a sovereignty rule of one workload never knocks a quote out of
another), and says for every option whether the plan may use it and why not.

:func:`plan_evaluation` solves the built-in scenarios (and the user's own rules, when
given) with :mod:`computescore.domain.award` and returns them side by side.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from computescore.domain.award import (
    AwardPlan,
    Objective,
    PlanOption,
    PlanPolicy,
    PlanWorkload,
    ScenarioResult,
    built_in,
    compare,
    find,
)
from computescore.domain.award.model import serving_equivalents
from computescore.domain.award.robustness import PriceMargin, price_margins
from computescore.domain.figures import format_count, format_money, format_shares
from computescore.domain.presentation import USD, Presentation, presenting
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import sells_tokens
from computescore.domain.tco import (
    compute_tco,
    stated_flex,
)
from computescore.domain.workload import Purpose, Workload
from computescore.errors import NotFound, UsageError
from computescore.services.evaluate import (
    EvaluateOptions,
    evaluate,
)
from computescore.services.json_contract import plain
from computescore.services.plan_options import (
    flex_option,
    options_for,
    reference_rate,
    token_option,
)
from computescore.services.presentation import presentation_of
from computescore.services.progress import NullProgress, Progress, check_cancel
from computescore.services.workspace import EvaluationData, load_evaluation_data

if TYPE_CHECKING:
    from computescore.reports.model import PlanSummary
    from computescore.services.compliance import ComplianceSettings
    from computescore.store.repository import Store


@dataclass(frozen=True, slots=True)
class PlanOptions:
    """What the user asks of the plan.

    Attributes:
        scenario: the built-in scenario to recommend (None: the first, or the user's
            own rules when any rule below is given).
        keep_vendor: the incumbent to keep (adds a "Keep NAME" scenario).
        objective, vendor_cap, min_vendors, max_vendors, min_score, token_apis: the
            user's own rules; any of them makes a scenario "Your rules", recommended.
        run_compliance: run the compliance checks (False: nothing is knocked out).
    """

    scenario: str | None = None
    keep_vendor: str | None = None
    objective: Objective | None = None
    vendor_cap: float | None = None
    min_vendors: int | None = None
    max_vendors: int | None = None
    min_score: float | None = None
    token_apis: bool | None = None
    run_compliance: bool = True

    def own_policy(self) -> PlanPolicy | None:
        """The user's own rules as a scenario, None when no rule is given."""
        given = (self.objective, self.vendor_cap, self.min_vendors, self.max_vendors)
        if all(v is None for v in (*given, self.min_score, self.token_apis)):
            return None
        return PlanPolicy(
            "Your rules",
            objective=self.objective or Objective.COST,
            vendor_cap=self.vendor_cap,
            min_vendors=self.min_vendors or 1,
            max_vendors=self.max_vendors,
            min_score=self.min_score,
            keep_vendor=self.keep_vendor,
            token_apis=bool(self.token_apis),
        )


@dataclass(frozen=True, slots=True)
class PlanInputs:
    """The plan's workloads and options, and what was noticed building them."""

    workloads: tuple[PlanWorkload, ...]
    options: tuple[PlanOption, ...]
    problems: tuple[Problem, ...] = ()
    discount_rate: float = 0.0
    """The cost of capital the options' costs are discounted at (0: totals as paid)."""


@dataclass(frozen=True, slots=True)
class PlanReport:
    """The scenarios of one evaluation side by side, and the recommended plan.

    ``workloads`` describes each workload's demand in words; ``margins`` how far the
    prices of the recommended plan's lines (and the nearest others) may move before
    it changes; ``seconds`` is the time the whole plan took (pricing, scoring, solving).
    """

    evaluation: str
    decision_date: date
    scenarios: tuple[ScenarioResult, ...]
    inputs: PlanInputs
    workloads: tuple[tuple[str, str], ...] = ()
    margins: tuple[PriceMargin, ...] = ()
    seconds: float = 0.0
    problems: tuple[Problem, ...] = field(default_factory=tuple)
    presentation: Presentation = USD
    """The currency the plan's figures and sentences are shown in."""

    @property
    def recommended(self) -> ScenarioResult:
        """The recommended scenario (always one)."""
        return next(s for s in self.scenarios if s.recommended)

    @property
    def plan(self) -> AwardPlan:
        """The recommended plan."""
        return self.recommended.plan


def demand_text(
    workload: Workload, unit: str = "H100-equivalents", planned: PlanWorkload | None = None
) -> str:
    """A workload's demand in words: "16 H100-equivalents all year, 64 for 3 months of it".

    ``planned`` is the plan's view of it, when the plan supplies more than the workload
    states (a serving load that needs more): the words then say why.
    """
    hours = f"{workload.hours_per_day:g} h/day for {workload.horizon_months} months"
    baseline, total = workload.baseline, workload.accelerators
    raised = ""
    if planned is not None and planned.baseline + planned.peak > total:
        baseline, total = planned.baseline, planned.baseline + planned.peak
        tokens = format_count(workload.tokens_per_day or 0)
        raised = f" to serve {tokens} tokens a day (the workload states {workload.accelerators})"
    if workload.peak_share > 0:
        months = workload.peak_months_per_year or 0
        return f"{baseline} {unit} all year, {total} for {months:g} months of it{raised}; {hours}"
    return f"{total} {unit}{raised}; {hours}"


def plan_workload(workload: Workload, reference: float | None = None) -> PlanWorkload:
    """The plan's view of a workload: its baseline and its peak above it.

    A serving workload whose tokens a day need more reference accelerators (``reference``
    PFLOP/s each) than it states is planned for the load: a plan that buys 16 where the
    load needs 21 would serve three quarters of it.
    """
    baseline, total = workload.baseline, workload.accelerators
    load = serving_load(workload, reference)
    if load is not None and load > total:
        total = load
        if workload.peak_share <= 0:
            baseline = load
    return PlanWorkload(
        name=workload.name,
        baseline=baseline,
        peak=total - baseline,
        peak_share=workload.peak_share,
        horizon_months=workload.horizon_months,
        workload_class=workload.workload_class.value,
    )


def serving_load(workload: Workload, reference: float | None) -> int | None:
    """Reference accelerators a serving workload's tokens a day need (None: not serving)."""
    if workload.purpose is not Purpose.INFERENCE or reference is None:
        return None
    return serving_equivalents(
        workload.tokens_per_day or 0.0, workload.hours_per_day, workload.params, reference
    )


def plan_inputs(
    data: EvaluationData,
    settings: ComplianceSettings | None,
    *,
    progress: Progress | None = None,
) -> PlanInputs:
    """Every workload's demand and every option priced, scored and checked for it.

    Args:
        data: the evaluation as loaded.
        settings: the compliance settings (None: the checks are not run).
        progress: receives progress and may cancel.
    """
    from computescore.services.compliance import check_evaluation

    report = progress or NullProgress()
    workloads = data.evaluation.workloads
    if not workloads:
        raise NotFound(
            f"Evaluation {data.evaluation.name!r} has no workload profile; add one before "
            "planning the award."
        )
    options: list[PlanOption] = []
    problems: list[Problem] = []
    planned: list[PlanWorkload] = []
    rate = 0.0
    quotes = {q.key: q for q in data.quotes}
    for index, workload in enumerate(workloads):
        check_cancel(report)
        report.report(0.8 * index / len(workloads), f"Pricing for {workload.name}")
        alone = replace(data, evaluation=replace(data.evaluation, workloads=(workload,)))
        findings = check_evaluation(alone, settings) if settings is not None else None
        result = evaluate(
            alone,
            EvaluateOptions(workload=workload.name, monte_carlo_samples=0),
            compliance_findings=findings,
        )
        problems.extend(result.problems)
        rate = result.assumptions.discount_rate
        reference = reference_rate(data.catalogue, workload, result.assumptions.token_output_share)
        planned.append(plan_workload(workload, reference))
        load = serving_load(workload, reference)
        if load is not None and load > workload.accelerators:
            problems.append(
                Problem(
                    f"workload:{workload.name}",
                    f"serving {format_count(workload.tokens_per_day or 0)} tokens a day in "
                    f"{workload.hours_per_day:g} h/day needs {load} H100-equivalents at the "
                    f"reference's unmeasured rate; the workload states "
                    f"{workload.accelerators}, so the plan supplies {load}",
                    Severity.WARNING,
                )
            )
        if reference is None:
            problems.append(
                Problem(
                    f"workload:{workload.name}",
                    "the reference accelerator has no peak at this precision; the plan counts "
                    "accelerators one for one, whatever their speed",
                    Severity.WARNING,
                )
            )
        doubled_workload = replace(workload, accelerators=2 * max(workload.accelerators, 1))
        for item in result.quotes:
            quote = quotes.get(item.quote_key)
            if quote is not None and sells_tokens(quote.lines):
                demand = planned[-1].baseline + planned[-1].peak
                token = token_option(quote, item.tco, workload, result, findings or (), demand)
                options.extend(() if token is None else (token,))
                continue
            if quote is None or not item.tco.options:
                continue
            doubled = compute_tco(
                quote,
                doubled_workload,
                data.catalogue.accelerators,
                data.fx_rates,
                data.evaluation.decision_date,
                result.assumptions,
                housings=result.housings,
            )
            own = options_for(
                quote,
                item.tco,
                doubled,
                workload,
                result,
                findings or (),
                reference,
                data.catalogue,
            )
            options.extend(own)
            for parent, tco_option in zip(own, item.tco.options, strict=True):
                band = stated_flex(quote.lines[tco_option.line_index])
                if band:
                    options.append(
                        flex_option(
                            quote,
                            tco_option,
                            parent,
                            band,
                            (workload, doubled_workload),
                            data,
                            result,
                        )
                    )
    unique = tuple(dict.fromkeys(problems))
    return PlanInputs(tuple(planned), tuple(options), unique, rate)


def scenarios_for(
    options: PlanOptions, saved: tuple[PlanPolicy, ...] = ()
) -> tuple[tuple[PlanPolicy, ...], str | None]:
    """The scenarios to solve (built-in, then the evaluation's own) and the one to recommend.

    Raises:
        UsageError: the scenario asked for does not exist.
    """
    policies = (*built_in(options.keep_vendor), *saved)
    own = options.own_policy()
    if own is not None:
        return (own, *policies), own.name
    if options.scenario is None:
        return policies, None
    chosen = find(policies, options.scenario)
    if chosen is None:
        names = ", ".join(repr(p.name) for p in policies)
        raise UsageError(f"No scenario {options.scenario!r}; the scenarios are {names}.")
    return policies, chosen.name


def plan_evaluation(
    store: Store,
    evaluation_id: str | None,
    options: PlanOptions | None = None,
    *,
    progress: Progress | None = None,
) -> PlanReport:
    """Price, score and solve the award plan of an evaluation under every scenario.

    Raises:
        NotFound: no such evaluation, or it has no workload.
        UsageError: an unknown scenario.
        Cancelled: the user cancelled.
    """
    started = time.perf_counter()
    data = load_evaluation_data(store, evaluation_id)
    shown = presentation_of(data)
    with presenting(shown):
        report = plan_for(data, store, options, progress=progress)
    return replace(report, seconds=time.perf_counter() - started, presentation=shown)


def plan_for(
    data: EvaluationData,
    store: Store,
    options: PlanOptions | None = None,
    *,
    settings: ComplianceSettings | None = None,
    progress: Progress | None = None,
) -> PlanReport:
    """The plan report of an evaluation already loaded (the board pack's path too).

    ``settings`` are the compliance settings when the caller has them already (the
    analysis does); else they are assembled here. ``seconds`` is left to the caller.

    Raises:
        UsageError: an unknown scenario.
        Cancelled: the user cancelled.
    """
    from computescore.services.compliance import settings_for
    from computescore.services.scenarios import saved_scenarios

    opts = options or PlanOptions()
    report = progress or NullProgress()
    saved, saved_problems = (
        saved_scenarios(store, data.evaluation.id) if data.evaluation.id is not None else ((), ())
    )
    policies, recommended = scenarios_for(opts, saved)
    if not opts.run_compliance:
        settings = None
    elif settings is None:
        settings = settings_for(data, store=store)
    inputs = plan_inputs(data, settings, progress=report)
    check_cancel(report)
    report.report(0.85, "Solving the plan")
    scenarios = compare(inputs.workloads, inputs.options, policies, recommended)
    chosen = next(s.plan for s in scenarios if s.recommended)
    report.report(0.92, "Testing how far prices may move")
    margins = price_margins(inputs.workloads, inputs.options, chosen)
    report.report(1.0, "Done")
    extra = (*saved_problems, *(settings.problems if settings is not None else ()))
    return PlanReport(
        evaluation=data.evaluation.name,
        decision_date=data.evaluation.decision_date,
        scenarios=scenarios,
        inputs=inputs,
        workloads=tuple(
            (w.name, demand_text(w, planned=p))
            for w, p in zip(data.evaluation.workloads, inputs.workloads, strict=True)
        ),
        margins=margins,
        problems=(*extra, *inputs.problems),
    )


def plan_db(
    db: str | Path | None,
    evaluation_id: str | None,
    options: PlanOptions | None = None,
    *,
    progress: Progress | None = None,
) -> PlanReport:
    """Open a workspace, :func:`plan_evaluation` one evaluation, and close it."""
    from computescore.services.workspace import open_store

    store = open_store(db)
    try:
        return plan_evaluation(store, evaluation_id, options, progress=progress)
    finally:
        store.close()


def plan_to_dict(report: PlanReport) -> dict[str, Any]:
    """The plan report as plain JSON values (every record field by its name)."""
    out: dict[str, Any] = {
        "evaluation": report.evaluation,
        "decision_date": report.decision_date.isoformat(),
        "workloads": [{"name": n, "demand": d} for n, d in report.workloads],
        "recommended": report.recommended.plan.policy.name,
        "scenarios": plain(report.scenarios),
        "price_margins": plain(report.margins),
        "problems": plain(report.problems),
    }
    return out


def plan_summary(report: PlanReport) -> PlanSummary:
    """The recommended plan and the scenarios as the board pack's report record."""
    from computescore.reports.model import PlanRow, PlanSummary, ScenarioRow

    plan = report.plan
    rows = tuple(
        PlanRow(
            a.workload,
            a.layer.value,
            f"{a.quote_label}: {a.option_label}",
            a.accelerators,
            a.equivalents,
            a.usd,
            a.vendor,
            a.unit_usd,
            a.usd - a.accelerators * a.unit_usd,
            a.tokens,
        )
        for a in plan.allocations
    )
    scenarios = tuple(
        ScenarioRow(
            s.plan.policy.name,
            s.plan.total_usd if s.plan.feasible else None,
            s.delta_usd,
            s.plan.score,
            vendor_shares(s.plan, "{vendor} {share}"),
            s.recommended,
            s.text,
        )
        for s in report.scenarios
    )
    return PlanSummary(
        scenario=plan.policy.name,
        sentence=plan_sentence(plan, len(report.workloads), report.inputs.discount_rate),
        total_usd=plan.total_usd if plan.feasible else None,
        rows=rows,
        scenarios=scenarios,
        layers=tuple(layer.text for layer in plan.layers),
        binding=tuple(
            f"{b.text}: costs {format_money(b.cost_usd)}" for b in plan.binding if b.cost_usd
        ),
        risks=plan.risks,
        demand=tuple(f"{name}: {demand}" for name, demand in report.workloads),
        margins=tuple(f"{m.label}: {m.text}" for m in report.margins),
    )


def vendor_shares(plan: AwardPlan, pattern: str, most: int | None = None) -> str:
    """The plan's vendors with their shares of the spend, the shares adding up to 100 %:
    ``pattern`` places ``{vendor}`` and ``{share}``; ``most`` vendors at the most."""
    shares = format_shares([v.share for v in plan.vendors])
    return ", ".join(
        pattern.format(vendor=v.vendor, share=share)
        for v, share in list(zip(plan.vendors, shares, strict=True))[:most]
    )


def money_basis(discount_rate: float) -> str:
    """How a plan's money is counted: `` at present value (8% a year)`` or ""."""
    return f" at present value ({discount_rate:.0%} a year)" if discount_rate > 0 else ""


def plan_sentence(plan: AwardPlan, workloads: int, discount_rate: float = 0.0) -> str:
    """The plan in one sentence that covers every workload."""
    if not plan.feasible:
        why = "; ".join(s.text for s in plan.shortfalls[:2])
        return f"No award plan keeps the rules of “{plan.policy.name}”: {why}."
    every = "both workloads" if workloads == 2 else f"all {workloads} workloads"
    if workloads == 1:
        every = "the workload"
    vendors = vendor_shares(plan, "{vendor} ({share})")
    return (
        f"Supply {every} under “{plan.policy.name}” for {format_money(plan.total_usd)}"
        f"{money_basis(discount_rate)} over their horizons, from {vendors}."
    )
