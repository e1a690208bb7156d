"""Run the decision engine on an evaluation: sizing, TCO, scores, buy-vs-rent and robustness.

Every front end (the desktop app, the command line, the reports) reaches
:func:`evaluate` through :func:`computescore.services.analysis.analyse` (loads the
evaluation, runs the compliance checks, then evaluates); :func:`evaluate_workspace`
opens a database for it. The
result is one frozen :class:`EvaluationResult`; :func:`result_to_dict` turns it into
plain JSON values.

Which inputs are used:

* **Workload.** Quotes are not tied to a workload, so one workload profile is
  evaluated at a time: the one named in :class:`EvaluateOptions`, else the
  evaluation's first (the result says which and why).
* **Assumptions.** Defaults, overridden by the workspace setting ``tco_assumptions``,
  overridden by the evaluation's own ``assumptions``. Problems with stored values
  are reported, never fatal. The keys ``tornado_pct`` and ``monte_carlo`` (``samples``,
  ``spread``, ``seed``) of the evaluation's assumptions set the robustness runs.
* **Weights.** Explicit weights in the options, else the evaluation's stored weights,
  else the preset of the workload's class from ``resources/presets/weights.json``.
* **Options.** Every quote is costed for the chosen workload's accelerators: each
  compute line is an option priced for them and the cheapest is chosen
  (:func:`~computescore.domain.tco.compute_tco`), so totals of different quotes cover
  the same capacity. Sizing and fit use the chosen option (capped at a maximum the
  vendor states); buy versus rent compares every priced option.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from computescore import resources_access
from computescore.domain.ahp import AHP_SOURCE
from computescore.domain.buy_vs_rent import (
    AffineCost,
    BreakEven,
    CurvePoint,
    Recommendation,
    affine_from_coefficients,
    break_even,
    cost_curve,
    recommend,
    workload_traits,
)
from computescore.domain.catalog import Accelerator, Catalogue
from computescore.domain.committee import CommitteeCheck
from computescore.domain.figures import Figure
from computescore.domain.findings import Finding, FindingSeverity
from computescore.domain.measurement import (
    option_performance,
    usable_mfu,
    usable_tokens_per_second,
)
from computescore.domain.montecarlo import (
    DEFAULT_SEED,
    MonteCarloResult,
    default_ranges,
    run_monte_carlo,
)
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import Deployment, Quote
from computescore.domain.scoring import (
    Downtime,
    Scorecard,
    ScoreInput,
    excluded_lines,
    leave_one_out,
    prepare_input,
    score_quotes,
    with_committee,
)
from computescore.domain.scoring.independence import IndependenceCheck, independence_check
from computescore.domain.sensitivity import (
    FlipWeight,
    Tornado,
    flip_weights,
    smallest_flip,
    tornado,
    winner_margin,
)
from computescore.domain.sizing import (
    Sizing,
    detect_fabric,
    fit_findings,
    load_findings,
    max_per_node,
    size_workload,
)
from computescore.domain.swing import SWING_SOURCE
from computescore.domain.tco import (
    Assumptions,
    Tco,
    TcoOption,
    assumptions_from_mapping,
    compute_tco,
)
from computescore.domain.tco.compute_lines import installed_on_site
from computescore.domain.tco.housing import is_facility_quote
from computescore.domain.tco.scope import ScopeCell, scope_of
from computescore.domain.tco.throughput import within_serving_ceiling
from computescore.domain.weights import Weights, normalise_weights, preset_for, presets_from_data
from computescore.domain.workload import Workload
from computescore.errors import NotFound, UsageError
from computescore.services.json_contract import plain as plain
from computescore.services.progress import NullProgress, Progress, check_cancel
from computescore.services.scales import (
    SCALES_KEY,
    WORST_KEY,
    frozen_note,
    rules_for,
    weighting_of,
)
from computescore.services.workspace import EvaluationData
from computescore.wording import unknown_name

ROBUSTNESS_KEYS = frozenset({"tornado_pct", "monte_carlo"})
"""Keys of an evaluation's assumptions that set the robustness runs, not the TCO."""

SCORING_KEYS = frozenset({SCALES_KEY, WORST_KEY, "token_api"})
"""Keys of an evaluation's assumptions that are not TCO assumptions: the scoring's (read
by services.scales) and the token API's prices (read by services.token_api)."""


@dataclass(frozen=True, slots=True)
class EvaluateOptions:
    """Choices for one run of the engine.

    Attributes:
        workload: name of the workload profile to evaluate; None = the first.
        weights: axis weights overriding the stored and preset ones.
        tornado_pct: the ± fraction each tornado input moves (None = stored, else 0.2).
        monte_carlo_samples: samples of the Monte Carlo (None = stored, else 10,000; 0 = off).
        monte_carlo_spread: ± fraction of the triangular ranges (None = stored, else 0.2).
        seed: the Monte Carlo's random seed (None = stored, else the default seed).
    """

    workload: str | None = None
    weights: Mapping[str, float] | None = None
    tornado_pct: float | None = None
    monte_carlo_samples: int | None = None
    monte_carlo_spread: float | None = None
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class QuoteResult:
    """The engine's results for one quote."""

    quote_key: str
    label: str
    vendor: str
    reference: str
    sizing: Sizing | None
    tco: Tco
    downtime: Downtime | None
    fit_findings: tuple[Finding, ...]
    compliance_findings: tuple[Finding, ...]
    tornado: Tornado
    scope: tuple[ScopeCell, ...] = ()


@dataclass(frozen=True, slots=True)
class BuyVsRentResult:
    """Owning against renting for this workload, from the cheapest quote of each kind.

    ``owned`` and ``rented`` are None when the evaluation lacks a purely owned or a
    purely rented quote; the recommendation then rests on the rule of thumb alone.
    An owned and a rented quote of the same accelerators are preferred (like for
    like, ``like_for_like`` True); otherwise the cheapest of each per accelerator.
    ``per_accelerator`` is True when the two quotes offer different accelerator
    counts and are compared per accelerator.

    Every priced, eligible option of a qualified quote takes part (a quote offering
    both a purchase and a lease gives one of each); ``owned_option`` and
    ``rented_option`` name the options compared. Options are priced for the same
    workload, so their totals compare directly.
    """

    owned_key: str | None
    rented_key: str | None
    owned: AffineCost | None
    rented: AffineCost | None
    per_accelerator: bool
    break_even: BreakEven | None
    curve: tuple[CurvePoint, ...]
    recommendation: Recommendation
    like_for_like: bool = False
    owned_option: str | None = None
    rented_option: str | None = None


@dataclass(frozen=True, slots=True)
class EvaluationResult:
    """Everything the engine computed for one evaluation and workload, frozen.

    ``quotes`` follow the scorecard's order (ranked, then disqualified), then the
    supporting quotes (no compute lines; ``scorecard.supporting``), which have a TCO
    but no scores.
    """

    evaluation: str
    decision_date: date
    workload: Workload
    workload_note: str
    catalogue: str
    assumptions: Assumptions
    weights: Weights
    compliance_checked: bool
    quotes: tuple[QuoteResult, ...]
    scorecard: Scorecard
    margin: Figure | None
    flips: tuple[FlipWeight, ...]
    smallest_flip: FlipWeight | None
    buy_vs_rent: BuyVsRentResult
    monte_carlo: MonteCarloResult | None
    problems: tuple[Problem, ...] = ()
    independence: IndependenceCheck | None = None
    committee: CommitteeCheck | None = None
    """The leave-one-evaluator-out check (None without criteria or submitted scores)."""
    housings: tuple[Quote, ...] = ()
    """The facility quotes owned hardware may be housed in (``domain.tco.housing``)."""

    def quote(self, quote_key: str) -> QuoteResult:
        """The results of one quote."""
        for item in self.quotes:
            if item.quote_key == quote_key:
                return item
        raise KeyError(quote_key)


# ----------------------------------------------------------------------------- inputs


def load_weight_presets() -> tuple[dict[Any, Weights], tuple[Problem, ...]]:
    """The shipped weight presets per workload class, parsed."""
    return presets_from_data(resources_access.read_json("presets", "weights.json"))


def facility_quotes(
    quotes: Sequence[Quote], findings: Mapping[str, Sequence[Finding]]
) -> tuple[Quote, ...]:
    """The facility quotes that may house owned hardware: those not knocked out for the
    workload (``findings`` by quote key)."""
    return tuple(
        quote
        for quote in quotes
        if is_facility_quote(quote)
        and not any(f.severity is FindingSeverity.KNOCKOUT for f in findings.get(quote.key, ()))
    )


def choose_workload(data: EvaluationData, name: str | None) -> tuple[Workload, str]:
    """The workload to evaluate and a sentence saying why it was chosen.

    Raises:
        NotFound: the evaluation has no workload, or none of that name.
    """
    workloads = data.evaluation.workloads
    if not workloads:
        raise NotFound(
            f"Evaluation {data.evaluation.name!r} has no workload profile; add one before "
            "computing costs and scores."
        )
    if name is None:
        note = f"workload {workloads[0].name!r}"
        if len(workloads) > 1:
            others = ", ".join(repr(w.name) for w in workloads[1:])
            note += f" (the first of {len(workloads)} profiles; the others: {others})"
        return workloads[0], note
    for workload in workloads:
        if workload.name.casefold() == name.casefold():
            return workload, f"workload {workload.name!r}"
    known = [w.name for w in workloads]
    raise NotFound(unknown_name(f"workload in {data.evaluation.name!r}", name, known))


def assumptions_for(
    data: EvaluationData,
) -> tuple[Assumptions, dict[str, Any], tuple[Problem, ...]]:
    """Assumptions from the workspace setting and the evaluation, plus the robustness keys."""
    merged: dict[str, Any] = {}
    workspace = data.settings.get("tco_assumptions")
    problems: list[Problem] = []
    if isinstance(workspace, Mapping):
        merged.update(workspace)
    elif workspace is not None:
        problems.append(
            Problem(
                "settings:tco_assumptions",
                "not a set of named values; ignored",
                Severity.WARNING,
                repr(workspace),
            )
        )
    merged.update(data.assumptions)
    robustness = {key: merged.pop(key) for key in list(merged) if key in ROBUSTNESS_KEYS}
    for key in SCORING_KEYS:
        merged.pop(key, None)
    assumptions, found = assumptions_from_mapping(merged)
    return assumptions, robustness, (*problems, *found)


def _weights(
    data: EvaluationData, workload: Workload, override: Mapping[str, float] | None
) -> tuple[Weights, tuple[Problem, ...]]:
    presets, problems = load_weight_presets()
    if override:
        weights, found = normalise_weights(override, "command line")
        if weights is None:
            raise UsageError(
                "The weights given sum to zero or are not numbers: "
                + "; ".join(p.message for p in found)
            )
        return weights, (*problems, *found)
    if data.evaluation.weights:
        record = weighting_of(data.assumptions)
        method = record.get("method")
        swing = method in (SWING_SOURCE, AHP_SOURCE)
        rationale = " ".join(
            part
            for part in (
                str(record.get("rationale", "")) if swing else "",
                frozen_note(data.assumptions),
            )
            if part
        )
        weights, found = normalise_weights(
            data.evaluation.weights, str(method) if swing else "evaluation", rationale
        )
        if weights is not None:
            return weights, (*problems, *found)
        problems = (*problems, *found)
    preset = preset_for(presets, workload.workload_class)
    label = f"preset {workload.workload_class.value}"
    return Weights(preset.by_axis, label, preset.rationale), problems


def weights_for(data: EvaluationData, workload: Workload | None = None) -> Weights:
    """The weights in force for ``workload`` (default: the first): the evaluation's own,
    else the preset of the workload's demand pattern."""
    chosen = workload or (data.evaluation.workloads[0] if data.evaluation.workloads else None)
    if chosen is None:
        raise NotFound("The evaluation has no workload profile; add one first.")
    weights, _ = _weights(data, chosen, None)
    return weights


def _hours(assumptions: Assumptions, workload: Workload) -> float:
    return (
        workload.hours_per_day if assumptions.hours_per_day is None else assumptions.hours_per_day
    )


def _number(robustness: Mapping[str, Any], key: str, default: float) -> float:
    value = robustness.get(key)
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return default


# ----------------------------------------------------------------------------- per quote


def _site_power(
    quote: Quote,
    option: TcoOption,
    gpus: int,
    accelerator: Accelerator,
    assumptions: Assumptions | None,
) -> tuple[float, float] | None:
    """The IT load (kW) of hardware on the buyer's site and the budget, when one is set."""
    if assumptions is None or assumptions.power_budget_kw is None:
        return None
    if not (option.deployment.owned or installed_on_site(quote, option.deployment)):
        return None
    load = accelerator.tdp_w * gpus * assumptions.server_overhead_factor / 1000
    return load, assumptions.power_budget_kw


def _quote_sizing(
    quote: Quote,
    tco: Tco,
    workload: Workload,
    catalogue: Catalogue,
    assumptions: Assumptions | None = None,
) -> tuple[Sizing | None, tuple[Finding, ...]]:
    """Size the workload on the quote's chosen option and check that it fits.

    The accelerators available are those the TCO pays for (the need rounded up to
    whole nodes), capped at a maximum the vendor states for the option.
    """
    option = tco.chosen
    if option is None:
        return None, ()
    return size_option(
        quote, option, tco.accelerators_priced or tco.gpu_count, workload, catalogue, assumptions
    )


def size_option(
    quote: Quote,
    option: TcoOption,
    gpus: int,
    workload: Workload,
    catalogue: Catalogue,
    assumptions: Assumptions | None = None,
) -> tuple[Sizing | None, tuple[Finding, ...]]:
    """Size the workload on one option of a quote with ``gpus`` accelerators, and check
    that it fits (memory, node size, the quote's inter-node fabric, the load and the job
    cadence, and for hardware on the buyer's site the power budget of ``assumptions``).

    ``gpus`` is capped at a maximum the vendor states for the option.
    """
    accelerator = catalogue.get(option.accelerator)
    if accelerator is None:
        return None, ()
    if option.stated_maximum is not None:
        gpus = min(gpus, option.stated_maximum)
    performance, _ = option_performance(quote, option.accelerator, catalogue.accelerators)
    sizing = size_workload(
        workload,
        accelerator,
        measured_mfu=usable_mfu(performance.mfu, performance.method, workload),
        measured_tokens_per_second=within_serving_ceiling(
            usable_tokens_per_second(performance.tokens_per_second, performance.method, workload),
            workload,
            accelerator,
        ),
        gpus=gpus or None,
        output_share=(assumptions or Assumptions()).token_output_share,
    )
    if sizing.memory_gb is None:
        return sizing, ()
    # The accelerator's own scale-out links count too (Gaudi 3 has RoCE on the die).
    fabric = detect_fabric([*(line.description for line in quote.lines), accelerator.interconnect])
    per_node = option.accelerators_per_node
    findings = fit_findings(
        quote_key=quote.key,
        purpose=workload.purpose,
        memory_gb=sizing.memory_gb.value,
        accelerator=accelerator,
        accelerators_quoted=gpus,
        accelerators_per_node=max_per_node(
            [int(per_node) if per_node is not None and float(per_node).is_integer() else None]
        ),
        fabric=fabric,
    )
    load = load_findings(
        quote_key=quote.key,
        workload=workload,
        accelerator=accelerator,
        accelerators_priced=gpus,
        stated_maximum=option.stated_maximum,
        accelerators_for_load=(
            sizing.accelerators_for_load.value if sizing.accelerators_for_load else None
        ),
        job_days=sizing.wall_clock_days.value if sizing.wall_clock_days else None,
        power=_site_power(quote, option, gpus, accelerator, assumptions),
    )
    return sizing, (*findings, *load)


@dataclass(frozen=True, slots=True)
class _Candidate:
    """One priced option of a qualified quote, for buy versus rent."""

    quote_key: str
    label: str
    option: TcoOption
    gpus: int
    owned: bool


def _candidates(tcos: Sequence[Tco], qualified: set[str]) -> list[_Candidate]:
    out = []
    for tco in tcos:
        if not (tco.complete and tco.gpu_count > 0 and tco.quote_key in qualified):
            continue
        several = len(tco.options) > 1
        for option in tco.options:
            if not (option.priced and option.complete and option.eligible):
                continue
            label = f"{tco.quote_label}: {option.label}" if several else tco.quote_label
            out.append(
                _Candidate(
                    tco.quote_key,
                    label,
                    option,
                    tco.gpu_count,
                    option.deployment is Deployment.PURCHASE,
                )
            )
    return out


def _pair(
    owned: Sequence[_Candidate], rented: Sequence[_Candidate]
) -> tuple[_Candidate | None, _Candidate | None, bool]:
    """The owned and rented options to compare: like for like when possible, else the cheapest.

    Returns (owned, rented, like for like).
    """

    def cheapest(items: Sequence[_Candidate]) -> _Candidate | None:
        return min(
            items,
            key=lambda c: (c.option.headline_usd / c.gpus, c.quote_key, c.option.number),
            default=None,
        )

    matched = [
        o for o in owned if any(r.option.accelerator == o.option.accelerator for r in rented)
    ]
    if matched:
        own = cheapest(matched)
        assert own is not None
        rent = cheapest([r for r in rented if r.option.accelerator == own.option.accelerator])
        return own, rent, True
    return cheapest(owned), cheapest(rented), False


def _option_fleet(option: TcoOption, catalogue: Catalogue) -> str:
    accelerator = catalogue.get(option.accelerator)
    name = accelerator.display_name if accelerator else (option.accelerator or "unnamed")
    count = option.count.accelerators if option.count is not None else 0
    return f"{count} × {name}"


def _buy_vs_rent(
    tcos: Sequence[Tco],
    workload: Workload,
    others: Sequence[Workload],
    assumptions: Assumptions,
    min_accelerators: int,
    qualified: set[str],
    catalogue: Catalogue,
) -> BuyVsRentResult:
    candidates = _candidates(tcos, qualified)
    owned, rented, like_for_like = _pair(
        [c for c in candidates if c.owned], [c for c in candidates if not c.owned]
    )
    traits = workload_traits(workload, min_accelerators, others)
    if owned is None or rented is None:
        advice = recommend(
            _hours(assumptions, workload),
            workload.horizon_months,
            None,
            multi_gpu_bursts=traits.multi_gpu_bursts,
            baseline_plus_bursts=traits.baseline_plus_bursts,
            data_must_stay_local=traits.data_must_stay_local,
        )
        return BuyVsRentResult(
            owned.quote_key if owned else None,
            rented.quote_key if rented else None,
            None,
            None,
            False,
            None,
            (),
            advice,
            owned_option=owned.option.label if owned else None,
            rented_option=rented.option.label if rented else None,
        )
    e, r = assumptions.energy_usd_per_kwh, assumptions.residual_fraction
    own_cost = affine_from_coefficients(owned.label, owned.option.coefficients, e, r)
    rent_cost = affine_from_coefficients(rented.label, rented.option.coefficients, e, r)
    per_accelerator = owned.gpus != rented.gpus
    if per_accelerator:
        own_cost = own_cost.per_accelerator(owned.gpus)
        rent_cost = rent_cost.per_accelerator(rented.gpus)
    crossing = break_even(own_cost, rent_cost)
    advice = recommend(
        hours_per_day=_hours(assumptions, workload),
        horizon_months=workload.horizon_months,
        computed=crossing,
        multi_gpu_bursts=traits.multi_gpu_bursts,
        baseline_plus_bursts=traits.baseline_plus_bursts,
        data_must_stay_local=traits.data_must_stay_local,
    )
    own_fleet = _option_fleet(owned.option, catalogue)
    rent_fleet = _option_fleet(rented.option, catalogue)
    if like_for_like:
        basis = f"compared like for like: {own_fleet} owned against {rent_fleet} rented"
    else:
        basis = (
            f"no rented option offers the owned accelerators: {own_fleet} owned against "
            f"{rent_fleet} rented; read it with the cost per useful PFLOP-hour, which "
            "allows for their speed"
        )
    if per_accelerator:
        basis += " (different counts: compared per accelerator)"
    extra: tuple[str, ...] = (basis,)
    if assumptions.discount_rate <= 0:
        extra += (
            "no cost of capital is charged (discount rate 0 %): the purchase paid up front "
            "is compared with rent paid monthly as if money cost nothing; set a discount "
            "rate under the TCO assumptions to compare present values",
        )
    advice = replace(advice, reasons=(*extra, *advice.reasons))
    return BuyVsRentResult(
        owned.quote_key,
        rented.quote_key,
        own_cost,
        rent_cost,
        per_accelerator,
        crossing,
        cost_curve(own_cost, rent_cost),
        advice,
        like_for_like,
        owned.option.label,
        rented.option.label,
    )


# ----------------------------------------------------------------------------- entry points


def evaluate(
    data: EvaluationData,
    options: EvaluateOptions | None = None,
    *,
    compliance_findings: Sequence[Finding] | None = None,
    progress: Progress | None = None,
) -> EvaluationResult:
    """Size, cost, score and stress-test every quote of an evaluation for one workload.

    Args:
        data: the evaluation's data (:func:`~computescore.services.workspace.load_evaluation_data`).
        options: workload, weights and robustness settings.
        compliance_findings: findings of the compliance checks; None means the checks
            were not run, and the compliance axis says so.
        progress: receives progress and may cancel.

    Raises:
        NotFound: the evaluation has no such workload.
        Cancelled: the user cancelled.
    """
    opts = options or EvaluateOptions()
    report = progress or NullProgress()
    workload, note = choose_workload(data, opts.workload)
    assumptions, robustness, problems = assumptions_for(data)
    weights, weight_problems = _weights(data, workload, opts.weights)
    accelerators = data.catalogue.accelerators
    day = data.evaluation.decision_date
    checked = compliance_findings is not None
    by_quote: dict[str, list[Finding]] = {}
    for finding in compliance_findings or ():
        # A requirement of another workload (its region, its certifications) is not this
        # scorecard's business.
        if finding.concerns(workload.name):
            by_quote.setdefault(finding.quote_key, []).append(finding)
    tornado_pct = (
        opts.tornado_pct
        if opts.tornado_pct is not None
        else _number(robustness, "tornado_pct", 0.2)
    )
    entries: list[ScoreInput] = []
    partial: list[tuple[Quote, Sizing | None, Tco, tuple[Finding, ...]]] = []
    all_problems: list[Problem] = [*problems, *weight_problems]
    count = max(1, len(data.quotes))
    min_acc = 1
    housings = (
        facility_quotes(data.quotes, by_quote) if assumptions.house_in_facility_quotes else ()
    )
    for index, quote in enumerate(sorted(data.quotes, key=lambda q: q.key)):
        check_cancel(report)
        report.report(0.7 * index / count, f"Costing {quote.label}")
        excluded = excluded_lines(quote, by_quote.get(quote.key, ()))
        tco = compute_tco(
            quote,
            workload,
            accelerators,
            data.fx_rates,
            day,
            assumptions,
            excluded=excluded,
            housings=housings,
        )
        sizing, fit = _quote_sizing(quote, tco, workload, data.catalogue, assumptions)
        if sizing is not None:
            all_problems.extend(sizing.problems)
            if sizing.min_accelerators is not None:
                min_acc = max(min_acc, int(sizing.min_accelerators.value))
        all_problems.extend(tco.problems)
        findings = tuple(by_quote.get(quote.key, ()))
        entries.append(prepare_input(quote, tco, workload, assumptions, (*fit, *findings), checked))
        partial.append((quote, sizing, tco, fit))
    check_cancel(report)
    report.report(0.75, "Scoring")
    rules, rule_problems = rules_for(data, workload, assumptions.token_output_share)
    all_problems.extend(rule_problems)
    plain = entries
    entries = with_committee(entries, data.committee)
    card = score_quotes(entries, weights, rules)
    committee = (
        leave_one_out(plain, weights, rules, data.committee, card)
        if data.committee.criteria and data.committee.evaluators
        else None
    )
    independence = independence_check(entries, weights, rules, card)
    flips = flip_weights(card)
    qualified = {score.quote_key for score in card.ranked}
    tcos = [item[2] for item in partial]
    advice = _buy_vs_rent(
        tcos,
        workload,
        [w for w in data.evaluation.workloads if w is not workload],
        assumptions,
        min_acc,
        qualified,
        data.catalogue,
    )
    monte: MonteCarloResult | None = None
    mc = robustness.get("monte_carlo")
    stored_mc: Mapping[str, Any] = mc if isinstance(mc, Mapping) else {}
    samples = (
        opts.monte_carlo_samples
        if opts.monte_carlo_samples is not None
        else int(_number(stored_mc, "samples", 10_000))
    )
    if samples > 0 and tcos:
        check_cancel(report)
        report.report(0.85, "Monte Carlo")
        spread = (
            opts.monte_carlo_spread
            if opts.monte_carlo_spread is not None
            else _number(stored_mc, "spread", 0.2)
        )
        seed = opts.seed if opts.seed is not None else int(_number(stored_mc, "seed", DEFAULT_SEED))
        hours = _hours(assumptions, workload)
        ranges = default_ranges(hours, assumptions, spread)
        monte = run_monte_carlo(tcos, ranges, samples, seed, card)
        all_problems.extend(monte.problems)
    entry_by_key = {entry.key: entry for entry in entries}
    results = {
        quote.key: QuoteResult(
            quote.key,
            quote.label,
            quote.vendor.name,
            quote.reference,
            sizing,
            tco,
            entry_by_key[quote.key].downtime,
            fit,
            tuple(by_quote.get(quote.key, ())),
            tornado(tco, assumptions, tornado_pct),
            scope_of(tco, quote.vendor),
        )
        for quote, sizing, tco, fit in partial
    }
    report.report(1.0, "Done")
    catalogue = f"catalogue {data.catalogue.version} as of {data.catalogue.as_of}".strip()
    return EvaluationResult(
        evaluation=data.evaluation.name,
        decision_date=day,
        workload=workload,
        workload_note=note,
        catalogue=catalogue,
        assumptions=assumptions,
        weights=weights,
        compliance_checked=checked,
        quotes=tuple(
            results[key]
            for key in (
                *(score.quote_key for score in card.scores),
                *(item.quote_key for item in card.supporting),
            )
        ),
        scorecard=card,
        margin=winner_margin(card),
        flips=flips,
        smallest_flip=smallest_flip(flips),
        buy_vs_rent=advice,
        monte_carlo=monte,
        problems=tuple(all_problems),
        housings=housings,
        independence=independence,
        committee=committee,
    )


def evaluate_workspace(
    db: str | Path | None,
    evaluation: str | None = None,
    options: EvaluateOptions | None = None,
    *,
    run_compliance: bool = True,
    progress: Progress | None = None,
) -> EvaluationResult:
    """Open a workspace and return the engine's result of its analysis.

    The analysis (:func:`~computescore.services.analysis.analyse`) loads the
    evaluation, runs the compliance checks, then :func:`evaluate`; its problems include
    those of the compliance settings.

    Raises:
        NotFound: no such evaluation or workload.
        DatabaseError: the database cannot be used.
    """
    from computescore.services.analysis import AnalysisOptions, analyse_db

    analysis = analyse_db(
        db,
        evaluation,
        AnalysisOptions(engine=options or EvaluateOptions(), run_compliance=run_compliance),
        progress=progress,
    )
    return analysis.result


# ----------------------------------------------------------------------------- JSON


def result_to_dict(result: EvaluationResult) -> dict[str, Any]:
    """The whole result as plain JSON values (every record field, by its name)."""
    converted: dict[str, Any] = plain(result)
    return converted
