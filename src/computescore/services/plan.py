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

import math
import time
from collections.abc import Sequence
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
from computescore.domain.award.options import (
    affine_cost,
    delivery,
    residency,
    whole_unit,
)
from computescore.domain.award.robustness import PriceMargin, price_margins
from computescore.domain.catalog import Catalogue
from computescore.domain.figures import format_count, format_money, format_shares
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.presentation import USD, Presentation, presenting
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import Deployment, Quote, sells_tokens
from computescore.domain.sizing.serving import OUTPUT_SHARE_DEFAULT
from computescore.domain.tco import Assumptions, Tco, TcoOption, compute_tco, stated_minimum
from computescore.domain.tco.housing import housed_in
from computescore.domain.tco.records import TcoCategory, TcoLine
from computescore.domain.tco.throughput import dense_peak, unmeasured_useful
from computescore.domain.token_offer import choose_model
from computescore.domain.units import PETA, TERA
from computescore.domain.workload import Purpose, Workload
from computescore.errors import NotFound, UsageError
from computescore.services.evaluate import (
    EvaluateOptions,
    EvaluationResult,
    evaluate,
    size_option,
)
from computescore.services.json_contract import plain
from computescore.services.presentation import presentation_of
from computescore.services.progress import NullProgress, Progress, check_cancel
from computescore.services.workspace import EvaluationData, load_evaluation_data
from computescore.wording import plural

if TYPE_CHECKING:
    from computescore.reports.model import PlanSummary
    from computescore.services.compliance import ComplianceSettings
    from computescore.store.repository import Store

REFERENCE_ACCELERATOR = "nvidia-h100-sxm"
"""Demand is counted in equivalents of this accelerator's useful work."""

_RISK_CATEGORIES = (
    FindingCategory.EXPORT_CONTROL,
    FindingCategory.SCREENING,
    FindingCategory.CERTIFICATION,
    FindingCategory.DATA_SOVEREIGNTY,
    FindingCategory.EXIT_TERMS,
)
"""The warnings a plan carries as risks, the weightiest first."""

RISKS_PER_QUOTE = 4
"""At most this many of a quote's warnings are carried as the plan's risks."""


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


def _knockouts(result: EvaluationResult, quote_key: str) -> tuple[Finding, ...]:
    try:
        score = result.scorecard.score_of(quote_key)
    except KeyError:
        return ()
    return tuple(
        f
        for f in score.knockouts
        # Knock-outs of single lines are applied option by option (``excluded_by``).
        if not f.lines and f.category is not FindingCategory.FIT
    )


LOAD_RULE = "fit.load"
"""The fit check of a serving load against the accelerators priced."""


def option_fit(
    quote: Quote,
    option: TcoOption,
    workload: Workload,
    catalogue: Catalogue,
    assumptions: Assumptions | None = None,
) -> tuple[str, tuple[str, ...]]:
    """Why this option's accelerators cannot run the workload ("" when they can), and
    the fit warnings a plan using it carries ("multi-node training over plain Ethernet").

    The fit checks of the ranking look at a quote's chosen option only; the plan may
    use any option, so each is checked on its own accelerator, count and node size. The
    load check (``fit.load``) is left to the plan itself: it sizes each workload for its
    load and holds each line to the capacity it states, across vendors.
    """
    if option.count is None:
        return "", ()
    sizing, sized = size_option(
        quote, option, option.count.accelerators, workload, catalogue, assumptions
    )
    findings = [f for f in sized if f.rule_id != LOAD_RULE]
    knockouts = [f.title for f in findings if f.severity is FindingSeverity.KNOCKOUT]
    warnings = tuple(
        f"{option.label}: {f.title}" for f in findings if f.severity is FindingSeverity.WARNING
    )
    if sizing is not None and sizing.latency_met is False:
        warnings += (f"{option.label}: {sizing.latency}",)
    if knockouts:
        return "does not fit: " + "; ".join(dict.fromkeys(knockouts)), warnings
    return "", warnings


def _housing_risks(
    option: TcoOption, housings: Sequence[Quote], findings: Sequence[Finding], day: date
) -> tuple[str, ...]:
    """Hardware housed in a facility quote carries that contract's risks too."""
    housing = housed_in(option.lines, housings)
    if housing is None:
        return ()
    return tuple(
        f"housed at {housing.label}: {risk}" for risk in _quote_risks(housing, findings, day)
    )


def renewal_risk(
    label: str,
    deployment: Deployment,
    term_months: int | None,
    workload: Workload,
    assumptions: Assumptions,
) -> tuple[str, ...]:
    """The risk of a commitment shorter than the workload's horizon that the TCO costs as
    renewed at the quoted price: nothing in the quote holds the vendor to that price."""
    horizon = workload.horizon_months
    if (
        not deployment.committed
        or term_months is None
        or term_months <= 0
        or term_months >= horizon
        or not assumptions.renew_short_terms
    ):
        return ()
    renewals = math.ceil(horizon / term_months) - 1
    return (
        f"{label}: the {term_months}-month term is costed as renewed "
        f"{plural(renewals, 'time')} at the quoted price to cover {horizon} months; ask "
        "for the renewals' price to be capped at it",
    )


def _score(result: EvaluationResult, quote_key: str) -> float | None:
    try:
        return result.scorecard.score_of(quote_key).weighted_total
    except KeyError:
        return None


def reference_rate(
    catalogue: Catalogue, workload: Workload, output_share: float = OUTPUT_SHARE_DEFAULT
) -> float | None:
    """Useful PFLOP/s of one reference accelerator on this workload (None: no peak known).

    Worked out as for a quote without measured performance: peak × the workload's MFU,
    or for serving the decode step's bound over the token mix (``output_share``
    generated) when lower, so that the reference itself, quoted unmeasured, counts as
    one equivalent.
    """
    accelerator = catalogue.get(REFERENCE_ACCELERATOR)
    if accelerator is None:
        return None
    peak = dense_peak(accelerator, workload.precision)
    if peak is None or peak <= 0:
        return None
    useful = unmeasured_useful(
        peak * workload.mfu_at_precision, accelerator, workload, output_share
    )
    return useful * TERA / PETA


def _equivalents(option: TcoOption, reference: float | None) -> float | None:
    """Reference accelerators' worth of useful work per accelerator; None when unknown."""
    if reference is None:
        return 1.0
    gpus = option.accelerators_needed or (option.count.accelerators if option.count else 0)
    if option.useful_pflops_total is None or gpus <= 0:
        return None
    return option.useful_pflops_total / gpus / reference


def _reason(
    option: TcoOption, quote: Quote, workload: Workload, knockouts: Sequence[Finding]
) -> str:
    if knockouts:
        return "knocked out: " + "; ".join(dict.fromkeys(f.title for f in knockouts))
    if option.excluded_by:
        return residency(quote.lines[option.line_index], workload) or option.excluded_by
    if not option.priced or option.count is None:
        return "could not be priced (see the quote's problems)"
    if not option.complete:
        return "its cost is incomplete (a line could not be costed)"
    if not option.eligible:
        return option.note or "not eligible"
    return residency(quote.lines[option.line_index], workload)


def _options_for(
    quote: Quote,
    tco: Tco,
    doubled: Tco,
    workload: Workload,
    result: EvaluationResult,
    findings: Sequence[Finding],
    reference: float | None,
    catalogue: Catalogue,
) -> list[PlanOption]:
    knockouts = _knockouts(result, quote.key)
    score = _score(result, quote.key)
    risks = _quote_risks(quote, findings, result.decision_date)
    more = {o.number: o for o in doubled.options}
    out = []
    for option in tco.options:
        line = quote.lines[option.line_index]
        fit, fit_risks = option_fit(quote, option, workload, catalogue, result.assumptions)
        fit_risks += renewal_risk(
            option.label, option.deployment, line.term_months, workload, result.assumptions
        )
        fit_risks += _housing_risks(option, result.housings, findings, result.decision_date)
        late, unstated = delivery(line, workload, result.decision_date)
        fit_risks += (unstated,) if unstated else ()
        reason = _reason(option, quote, workload, knockouts) or fit or late
        equivalents = _equivalents(option, reference)
        if equivalents is None and not reason:
            reason = "its useful throughput is unknown, so it cannot be counted toward the demand"
        count = option.count.accelerators if option.count is not None else 0
        other = more.get(option.number)
        fixed, per = affine_cost(
            count,
            option.headline_usd,
            other.count.accelerators if other is not None and other.count is not None else count,
            other.headline_usd if other is not None else option.headline_usd,
        )
        out.append(
            PlanOption(
                supply=f"{quote.key}#{option.number}",
                workload=workload.name,
                vendor=quote.vendor.name,
                quote_key=quote.key,
                quote_label=quote.label,
                label=option.label,
                deployment=option.deployment,
                usd_per_accelerator=per,
                fixed_usd=fixed,
                unit=whole_unit(line, option.accelerators_per_node),
                capacity=option.stated_maximum,
                quoted=option.count.quoted_accelerators if option.count is not None else None,
                minimum=stated_minimum(line),
                score=score,
                eligible=not reason,
                reason=reason,
                risks=(*risks, *fit_risks),
                equivalents=equivalents or 0.0,
            )
        )
    return out


def _quote_risks(quote: Quote, findings: Sequence[Finding], day: date) -> tuple[str, ...]:
    """The warnings a plan using this quote carries, the weightiest first: a quote that
    expires before the decision date ``day`` (it cannot be awarded as it stands), then its
    findings (export control, screening, a required certification not on record, data
    location, exit terms)."""
    expired = (
        (
            f"the quote expires on {quote.valid_until.isoformat()}, before the decision date "
            f"{day.isoformat()}: ask for its validity to be extended before awarding it",
        )
        if quote.valid_until is not None and quote.valid_until < day
        else ()
    )
    mine = sorted(
        (
            f
            for f in findings
            if f.quote_key == quote.key
            and f.severity is FindingSeverity.WARNING
            and f.category in _RISK_CATEGORIES
        ),
        key=lambda f: _RISK_CATEGORIES.index(f.category),
    )
    return (*expired, *tuple(dict.fromkeys(f.title for f in mine))[:RISKS_PER_QUOTE])


def token_option(
    quote: Quote,
    tco: Tco,
    workload: Workload,
    result: EvaluationResult,
    findings: Sequence[Finding],
    demand: int | None = None,
) -> PlanOption | None:
    """A token API's offer as a plan option for a serving workload (None for the others).

    One unit is one reference accelerator's worth of the workload's demand (``demand``
    equivalents as planned, else the accelerators it states): the offer's cost of the
    workload's tokens ÷ the demand, paid as used; lines that are not priced per token
    (support) are its fixed cost.
    """
    if workload.purpose is not Purpose.INFERENCE or not workload.tokens_per_day:
        return None
    support = next((s for s in result.scorecard.supporting if s.quote_key == quote.key), None)
    reason = ""
    if support is not None and support.knockouts:
        reason = "knocked out: " + "; ".join(dict.fromkeys(f.title for f in support.knockouts))
    elif not tco.complete:
        reason = "its cost is incomplete (a line could not be costed)"

    def usd(line: TcoLine) -> float:
        return line.present_value_usd if tco.discount_rate > 0 else line.amount_usd

    tokens_usd = math.fsum(usd(line) for line in tco.lines if line.category is TcoCategory.TOKENS)
    fixed = math.fsum(usd(line) for line in tco.lines) - tokens_usd
    model = choose_model(quote.lines, workload.params).model
    return PlanOption(
        supply=f"{quote.key}#tokens",
        workload=workload.name,
        vendor=quote.vendor.name,
        quote_key=quote.key,
        quote_label=quote.label,
        label=f"token API{f' ({model})' if model else ''} for the workload's tokens",
        deployment=Deployment.ON_DEMAND,
        usd_per_accelerator=tokens_usd / max(demand or workload.accelerators, 1),
        fixed_usd=fixed,
        score=None,
        eligible=not reason,
        reason=reason,
        risks=_quote_risks(quote, findings, result.decision_date),
        equivalents=1.0,
        tokens=True,
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
            options.extend(
                _options_for(
                    quote,
                    item.tco,
                    doubled,
                    workload,
                    result,
                    findings or (),
                    reference,
                    data.catalogue,
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
