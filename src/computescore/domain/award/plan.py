"""Solve an award plan, then explain it: layers, binding rules and their cost, shortfalls.

:func:`plan_award` is the entry point. It refuses nothing silently: an option left out
is listed with its reason, a plan that cannot keep the rules names the rule and the
workload, and every rule that bound is re-solved without it to say what it costs.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from computescore.domain.award.dominance import dominated_columns, dominated_lines
from computescore.domain.award.model import (
    Allocation,
    AwardPlan,
    Binding,
    Exclusion,
    Layer,
    LayerDecision,
    Objective,
    PlanOption,
    PlanPolicy,
    PlanWorkload,
    Shortfall,
    VendorSpend,
)
from computescore.domain.award.programme import (
    MIP_GAP,
    TIME_LIMIT_S,
    Column,
    Solution,
    columns,
    score_floors,
    solve,
)
from computescore.domain.figures import format_money, format_stated_share
from computescore.domain.quotes import Deployment
from computescore.wording import plural

MAX_RELAXATIONS = 12
"""At most this many capacity and minimum-commitment rules are re-solved to price them."""

_TOLERANCE_USD = 0.5

MIN_SOLVE_S = 0.1
"""The solver always gets at least this long, however long the preparation took."""

INFEASIBLE = 2
"""The solver's status when it proves that no plan keeps the rules."""


def plan_award(
    workloads: Sequence[PlanWorkload],
    options: Sequence[PlanOption],
    policy: PlanPolicy | None = None,
    *,
    measure_binding: bool = True,
    time_limit_s: float = TIME_LIMIT_S,
) -> AwardPlan:
    """The plan that supplies every workload from the options under ``policy``.

    Args:
        workloads: each workload's demand (baseline and peak).
        options: every option priced for each workload, eligible or not.
        policy: the award rules and the objective (default: lowest cost).
        measure_binding: re-solve without each rule that bound, to price it.
        time_limit_s: the time the plan may take, preparing the programme included;
            past it the best plan found is kept and its status says how close to the
            optimum it is proven to be.
    """
    started = time.perf_counter()
    rules = policy or PlanPolicy()
    options = token_apis_as_allowed(options, rules)
    by_name = {w.name: w for w in workloads}
    exclusions = tuple(
        Exclusion(o.workload, o.quote_label, o.label, o.reason)
        for o in options
        if not o.eligible and o.workload in by_name
    )
    grouped = _by_workload(options)
    shortfalls = _precheck(by_name, grouped, options, rules)
    if shortfalls:
        return AwardPlan(rules, False, shortfalls=shortfalls, exclusions=exclusions, status="")
    cols = columns(by_name, options, dominated_lines(options, rules))
    set_aside = dominated_columns(cols, options, rules)
    cols = [c for j, c in enumerate(cols) if j not in set_aside]
    left_s = max(time_limit_s - (time.perf_counter() - started), MIN_SOLVE_S)
    solution = solve(by_name, options, rules, cols, time_limit_s=left_s)
    if not solution.units:
        shortfalls = (
            _diagnose(by_name, options, rules, cols, time_limit_s)
            if solution.status == INFEASIBLE
            else (
                Shortfall(
                    "time limit",
                    "",
                    f"the solver found no plan within {time_limit_s:g} s ({solution.message})",
                ),
            )
        )
        return AwardPlan(
            rules,
            False,
            shortfalls=shortfalls,
            exclusions=exclusions,
            status=solution.message,
        )
    allocations = _allocations(by_name, options, cols, solution)
    total = math.fsum(a.usd for a in allocations)
    workload_scores = tuple((w.name, _average_score(allocations, w)) for w in workloads)
    binding = (
        _binding(by_name, options, rules, cols, solution, allocations, time_limit_s)
        if measure_binding
        else ()
    )
    peaked = {a.workload for a in allocations if a.layer is Layer.PEAK}
    layers = tuple(
        decision
        for w in workloads
        if w.peak > 0
        for decision in [_layer_decision(w, grouped.get(w.name, []), w.name not in peaked)]
        if decision is not None
    )
    return AwardPlan(
        policy=rules,
        feasible=True,
        allocations=_explained(allocations, by_name, grouped, layers),
        total_usd=total,
        objective_usd=solution.objective,
        score=_plan_score(allocations, by_name),
        workload_scores=workload_scores,
        vendors=_vendors(allocations, total),
        binding=binding,
        exclusions=exclusions,
        layers=layers,
        risks=_risks(allocations, by_name, options),
        status=_status(solution),
    )


def token_apis_as_allowed(
    options: Sequence[PlanOption], policy: PlanPolicy
) -> Sequence[PlanOption]:
    """The options with token APIs' offers kept out unless the policy allows them (and,
    having no weighted score, out of a best-value plan)."""
    if not any(o.tokens and o.eligible for o in options):
        return options
    if not policy.token_apis:
        why = (
            "a token API's offer: it serves its own models, so it is used only in a scenario "
            "that allows token APIs for serving"
        )
    elif policy.objective is Objective.VALUE:
        why = "a token API's offer has no weighted score, so a best-value plan cannot weigh it"
    else:
        return options
    return [
        replace(o, eligible=False, reason=why) if o.tokens and o.eligible else o for o in options
    ]


def _status(solution: Solution) -> str:
    """The solver's word in plain words: optimal, or how close to it."""
    if solution.optimal and solution.gap <= 1e-5:
        return "optimal"
    if solution.optimal:
        return f"within {solution.gap:.2%} of the optimum"
    return f"stopped at the time limit, within {solution.gap:.1%} of the optimum"


# ----------------------------------------------------------------------------- shortfalls


def _reasons(options: Sequence[PlanOption]) -> str:
    counts = Counter(o.reason or "not eligible" for o in options)
    parts = [
        f"{reason} ({plural(n, 'option')})" if n > 1 else reason
        for reason, n in counts.most_common(3)
    ]
    more = len(counts) - 3
    return "; ".join(parts) + (f"; and {plural(more, 'other reason')}" if more > 0 else "")


def _by_workload(options: Sequence[PlanOption]) -> dict[str, list[PlanOption]]:
    out: dict[str, list[PlanOption]] = {}
    for option in options:
        out.setdefault(option.workload, []).append(option)
    return out


def _precheck(
    workloads: dict[str, PlanWorkload],
    grouped: dict[str, list[PlanOption]],
    options: Sequence[PlanOption],
    policy: PlanPolicy,
) -> tuple[Shortfall, ...]:
    """Shortfalls that need no solver: a workload nothing can supply, or not enough of."""
    out: list[Shortfall] = []
    for name, workload in workloads.items():
        mine = grouped.get(name, [])
        usable = [o for o in mine if o.eligible]
        if not usable:
            why = _reasons(mine) if mine else "no quote offers compute for it"
            out.append(Shortfall("eligible options", name, f"no option can supply it: {why}"))
            continue
        caps: dict[str, float] = {}
        for o in usable:
            if o.capacity is None:
                break
            caps[o.supply] = max(caps.get(o.supply, 0.0), o.capacity * o.equivalents)
        else:
            need = workload.baseline + workload.peak
            most = sum(caps.values())
            if most + 1e-9 < need:
                out.append(
                    Shortfall(
                        "capacity",
                        name,
                        f"it needs {plural(need, 'accelerator-equivalent')} at peak; the "
                        f"eligible options state at most {most:,.1f} between them",
                    )
                )
    if policy.keep_vendor is not None and not any(
        o.eligible and o.vendor == policy.keep_vendor and o.workload in workloads for o in options
    ):
        out.append(
            Shortfall(
                "keep_vendor",
                "",
                f"{policy.keep_vendor} has no eligible option for any workload, so it cannot "
                "be kept",
            )
        )
    if policy.min_vendors > 1:
        vendors = {o.vendor for o in options if o.eligible and o.workload in workloads}
        if len(vendors) < policy.min_vendors:
            out.append(
                Shortfall(
                    "min_vendors",
                    "",
                    f"the plan must use at least {plural(policy.min_vendors, 'vendor')}; only "
                    f"{plural(len(vendors), 'vendor')} {'has' if len(vendors) == 1 else 'have'} "
                    "an eligible option",
                )
            )
    return tuple(out)


def _rule_text(rule: str, policy: PlanPolicy, options: Sequence[PlanOption]) -> str:
    kind, _, target = rule.partition(":")
    label = next((f"{o.quote_label}: {o.label}" for o in options if o.supply == target), target)
    if kind == "vendor_cap":
        return f"no vendor above {policy.vendor_cap or 0:.0%} of the spend"
    if kind == "min_vendors":
        return f"at least {plural(policy.min_vendors, 'vendor')}"
    if kind == "max_vendors":
        return f"at most {plural(policy.max_vendors or 0, 'vendor')}"
    if kind == "keep_vendor":
        return f"keep {policy.keep_vendor}"
    if kind == "min_score":
        if policy.top_score_only:
            return f"only the best-scoring quotes for {target!r}"
        return f"an average score of at least {policy.min_score or 0:.1f} for {target!r}"
    if kind == "capacity":
        capacity = next((o.capacity for o in options if o.supply == target), None)
        return f"{label} supplies at most {plural(capacity or 0, 'accelerator')}"
    if kind == "minimum":
        least = next((o.minimum for o in options if o.supply == target), 0)
        return f"{label} is taken for at least {plural(least, 'accelerator')} if used"
    return rule


def _policy_rules(
    workloads: dict[str, PlanWorkload], options: Sequence[PlanOption], policy: PlanPolicy
) -> list[str]:
    rules = []
    if policy.vendor_cap is not None:
        rules.append("vendor_cap")
    if policy.min_vendors > 1:
        rules.append("min_vendors")
    if policy.max_vendors is not None:
        rules.append("max_vendors")
    if policy.keep_vendor is not None:
        rules.append("keep_vendor")
    rules.extend(f"min_score:{name}" for name in score_floors(workloads, options, policy))
    return rules


def _diagnose(
    workloads: dict[str, PlanWorkload],
    options: Sequence[PlanOption],
    policy: PlanPolicy,
    cols: Sequence[Column],
    time_limit_s: float,
) -> tuple[Shortfall, ...]:
    """Which rule, dropped alone, makes the plan feasible: that rule is the one to name."""
    used = {options[c.option].supply for c in cols}
    line_rules = sorted(
        {f"minimum:{o.supply}" for o in options if o.supply in used and o.minimum > 0}
        | {f"capacity:{o.supply}" for o in options if o.supply in used and o.capacity is not None}
    )
    candidates = [*_policy_rules(workloads, options, policy), *line_rules]
    found = []
    for rule in candidates[: MAX_RELAXATIONS * 2]:
        if solve(workloads, options, policy, cols, frozenset({rule}), time_limit_s).units:
            workload = rule.partition(":")[2] if rule.startswith("min_score") else ""
            found.append(
                Shortfall(
                    rule.partition(":")[0],
                    workload,
                    f"no plan keeps the rule “{_rule_text(rule, policy, options)}”; "
                    "without it a plan exists",
                )
            )
    if found:
        return tuple(found)
    names = "; ".join(_rule_text(rule, policy, options) for rule in candidates) or "none"
    return (
        Shortfall(
            "rules together",
            "",
            "no plan keeps the rules together, and no single rule is to blame: the "
            f"eligible options' capacities and commitments do not fit the demand (rules: {names})",
        ),
    )


# ----------------------------------------------------------------------------- the answer


def _allocations(
    workloads: dict[str, PlanWorkload],
    options: Sequence[PlanOption],
    cols: Sequence[Column],
    solution: Solution,
) -> list[Allocation]:
    """Allocations with their costs; a line's fixed costs shared by its accelerators."""
    chosen = [(c, n) for c, n in zip(cols, solution.units, strict=True) if n > 0]
    # A line's fixed cost as the programme counted it (the largest over every workload it
    # could supply), so the allocations add up to the total the rules were checked on.
    fixed: dict[str, float] = {}
    for c in cols:
        option = options[c.option]
        fixed[option.supply] = max(fixed.get(option.supply, 0.0), option.fixed_usd)
    accelerators: dict[str, int] = {}
    for c, n in chosen:
        option = options[c.option]
        accelerators[option.supply] = accelerators.get(option.supply, 0) + n * option.unit
    out = []
    for c, n in chosen:
        option = options[c.option]
        count = n * option.unit
        share = fixed[option.supply] * count / accelerators[option.supply]
        out.append(
            Allocation(
                workload=option.workload,
                layer=c.layer,
                supply=option.supply,
                vendor=option.vendor,
                quote_label=option.quote_label,
                option_label=option.label,
                deployment=option.deployment,
                accelerators=count,
                usd=n * c.usd_per_unit + share,
                unit_usd=c.usd_per_unit / option.unit,
                score=option.score,
                equivalents=count * option.equivalents,
                tokens=option.tokens,
                flex_share=option.flex_share if option.flex_of is not None else 0.0,
            )
        )
    units = {options[c.option].supply: options[c.option].unit for c, _ in chosen}
    out = _committed_for_the_peak(out, workloads, units)
    order = {name: i for i, name in enumerate(workloads)}
    out.sort(key=lambda a: (order[a.workload], a.layer is Layer.PEAK, -a.accelerators, a.supply))
    return out


def _committed_for_the_peak(
    allocations: list[Allocation], workloads: dict[str, PlanWorkload], units: dict[str, int]
) -> list[Allocation]:
    """Committed capacity beyond a workload's baseline shown as its peak layer.

    The programme gives committed capacity one column, which serves the baseline and the
    peak; whole units the baseline does not need are reported in the peak layer (costs
    shared in proportion), so the table says what the capacity is for.
    """
    spare = _spare_baseline(allocations, workloads)
    out = []
    for a in allocations:
        left = spare.get(a.workload, 0.0)
        unit = units.get(a.supply, 1)
        if a.layer is not Layer.BASELINE or a.pay_as_used or left <= 0 or a.accelerators == 0:
            out.append(a)
            continue
        per_unit = a.equivalents * unit / a.accelerators
        moved = min(a.accelerators // unit, math.floor(left / per_unit + 1e-9)) * unit
        if moved == 0:
            out.append(a)
            continue
        spare[a.workload] = left - moved * a.equivalents / a.accelerators
        share = moved / a.accelerators
        kept = a.accelerators - moved
        if kept:
            out.append(
                replace(
                    a,
                    accelerators=kept,
                    usd=a.usd * (1 - share),
                    equivalents=a.equivalents * (1 - share),
                )
            )
        out.append(
            replace(
                a,
                layer=Layer.PEAK,
                accelerators=moved,
                usd=a.usd * share,
                equivalents=a.equivalents * share,
            )
        )
    return out


def _weight(allocation: Allocation, workload: PlanWorkload) -> float:
    """Equivalent-months' share: the peak layer counts for the share of time it runs."""
    share = 1.0 if allocation.layer is Layer.BASELINE else workload.peak_share
    return allocation.equivalents * share * workload.horizon_months


def _average_score(allocations: Sequence[Allocation], workload: PlanWorkload) -> float | None:
    mine = [a for a in allocations if a.workload == workload.name]
    if not mine or any(a.score is None for a in mine):
        return None
    weights = [_weight(a, workload) for a in mine]
    total = math.fsum(weights)
    if total <= 0:
        return None
    return math.fsum((a.score or 0.0) * w for a, w in zip(mine, weights, strict=True)) / total


def _plan_score(
    allocations: Sequence[Allocation], workloads: dict[str, PlanWorkload]
) -> float | None:
    if not allocations or any(a.score is None for a in allocations):
        return None
    weights = [_weight(a, workloads[a.workload]) for a in allocations]
    total = math.fsum(weights)
    if total <= 0:
        return None
    return (
        math.fsum((a.score or 0.0) * w for a, w in zip(allocations, weights, strict=True)) / total
    )


def _vendors(allocations: Sequence[Allocation], total: float) -> tuple[VendorSpend, ...]:
    spend: dict[str, float] = {}
    for a in allocations:
        spend[a.vendor] = spend.get(a.vendor, 0.0) + a.usd
    return tuple(
        VendorSpend(vendor, usd, usd / total if total > 0 else 0.0)
        for vendor, usd in sorted(spend.items(), key=lambda item: (-item[1], item[0]))
    )


def _binding(
    workloads: dict[str, PlanWorkload],
    options: Sequence[PlanOption],
    policy: PlanPolicy,
    cols: Sequence[Column],
    solution: Solution,
    allocations: Sequence[Allocation],
    time_limit_s: float,
) -> tuple[Binding, ...]:
    """Each rule that may have bound, re-solved without it: what keeping it costs."""
    supplied: dict[str, int] = {}
    for a in allocations:
        supplied[a.supply] = supplied.get(a.supply, 0) + a.accelerators
    line_rules = []
    for supply, count in sorted(supplied.items(), key=lambda item: -item[1]):
        option = next(o for o in options if o.supply == supply)
        if option.capacity is not None and count + option.unit > option.capacity:
            line_rules.append(f"capacity:{supply}")
        if option.minimum > 0 and count <= option.minimum:
            line_rules.append(f"minimum:{supply}")
    out = []
    for rule in [*_policy_rules(workloads, options, policy), *line_rules[:MAX_RELAXATIONS]]:
        relaxed = solve(workloads, options, policy, cols, frozenset({rule}), time_limit_s)
        if not relaxed.units:
            continue
        saving = solution.objective - relaxed.objective
        # Each solve stops within its gap of the optimum: a smaller saving is the solver's.
        gap = max(MIP_GAP, solution.gap, relaxed.gap)
        if saving > max(_TOLERANCE_USD, gap * abs(solution.objective)):
            text = _rule_text(rule, policy, options)
            out.append(Binding(rule.partition(":")[0], text, saving))
    return tuple(out)


def _per_equivalent(option: PlanOption, layer: Layer = Layer.BASELINE, share: float = 1.0) -> float:
    """What one reference accelerator's worth of this option's work costs in a layer."""
    if option.equivalents <= 0:
        return math.inf
    return option.layer_usd(layer, share) / option.equivalents


def _cheapest(
    options: Sequence[PlanOption], *, rented: bool, demand: int = 1
) -> tuple[PlanOption, float] | None:
    """The eligible option (committed or rented) whose reference accelerator's worth of work
    costs least for the whole horizon, with that cost: its fixed costs (shared lines,
    adaptation) spread over ``demand`` equivalents, so that a line whose own costs are
    large does not read as the cheapest."""
    # A flex band serves only its share of a commitment: no way to rent a whole peak.
    mine = [o for o in options if o.eligible and o.pay_as_used is rented and o.flex_of is None]
    costed = [(o, _per_equivalent(o) + o.fixed_usd / max(demand, 1)) for o in mine]
    return min(costed, key=lambda pair: (pair[1], pair[0].supply), default=None)


def _layer_decision(
    workload: PlanWorkload, options: Sequence[PlanOption], spare_covers: bool = False
) -> LayerDecision | None:
    """The break-even between committing to the peak and renting it as used.

    Costs are per reference accelerator's worth of work, for the whole horizon.
    ``spare_covers``: the baseline's whole units leave enough to spare for the whole
    peak, so the plan buys nothing for it, whatever the break-even says.
    """
    cheapest_committed = _cheapest(options, rented=False, demand=workload.peak)
    cheapest_rented = _cheapest(options, rented=True, demand=workload.peak)
    if cheapest_committed is None or cheapest_rented is None:
        return None
    (committed, c_cost), (rented, r_cost) = cheapest_committed, cheapest_rented
    if not (math.isfinite(c_cost) and math.isfinite(r_cost)) or r_cost <= 0:
        return None
    share = c_cost / r_cost
    peak = f"{workload.peak_share:.0%}"
    if spare_covers:
        verdict = (
            "but the baseline's whole nodes leave enough to spare for the whole peak, so "
            "nothing more is bought for it"
        )
    elif workload.peak_share < share:
        verdict = f"the peak lasts {peak} of the time, so it is rented as used"
    else:
        verdict = f"the peak lasts {peak} of the time, so it is committed"
    if share >= 1:
        cheaper = "renting is cheaper however long the peak lasts"
    else:
        cheaper = f"renting is cheaper when the peak lasts less than {share:.0%} of the time"
    text = (
        f"A reference accelerator's worth of work, each line's own costs spread over the "
        f"peak's {workload.peak} equivalents, costs {format_money(c_cost)} committed "
        f"({committed.quote_label}: {committed.label}) or {format_money(r_cost)} rented for the "
        f"whole horizon ({rented.quote_label}: {rented.label}): {cheaper}; {verdict}."
    )
    return LayerDecision(
        workload.name,
        f"{committed.quote_label}: {committed.label}",
        c_cost,
        f"{rented.quote_label}: {rented.label}",
        r_cost,
        share,
        workload.peak_share,
        text,
    )


def _explained(
    allocations: Sequence[Allocation],
    workloads: dict[str, PlanWorkload],
    grouped: dict[str, list[PlanOption]],
    layers: Sequence[LayerDecision],
) -> tuple[Allocation, ...]:
    """Each allocation with a sentence saying why it supplies its layer."""
    decisions = {d.workload: d for d in layers}
    spare = _spare_baseline(allocations, workloads)
    out = []
    for a in allocations:
        workload = workloads[a.workload]
        rented = a.pay_as_used
        own = a.unit_usd * a.accelerators / a.equivalents if a.equivalents > 0 else math.inf
        cheaper = [
            o
            for o in grouped.get(a.workload, [])
            if o.eligible
            and o.supply != a.supply
            and _per_equivalent(o, a.layer, workload.peak_share) * (1 + 1e-9) < own
        ]
        if a.layer is Layer.PEAK:
            decision = decisions.get(a.workload)
            why = f"peak for {workload.peak_share:.0%} of the time: " + (
                "paid only while used" if rented else "committed for the whole horizon"
            )
            if decision is not None:
                why += f" (break-even {min(decision.break_even_share, 1.0):.0%})"
        else:
            why = "baseline, used all the time: " + (
                "rented as used" if rented else "committed capacity"
            )
            extra = spare.get(a.workload, 0.0)
            if extra > 1e-9:
                served = min(extra, workload.peak)
                why += f"; the baseline's {extra:,.1f} spare equivalents serve " + (
                    "the whole peak" if served >= workload.peak else f"{served:,.1f} of the peak"
                )
        if a.flex_share > 0:
            why += (
                "; the flex band above the commitment on the same line, at most "
                f"{format_stated_share(a.flex_share)} of what is committed there, paid as "
                "used at its rate"
            )
        elif cheaper:
            why += (
                f"; {plural(len(cheaper), 'option')} cost less for the same work, but a "
                "capacity, a commitment, a flex band's share, a rule, whole nodes or fixed "
                "costs keep them out"
            )
        else:
            why += (
                f"; the cheapest eligible option for the work, {format_money(own)} per equivalent"
            )
        out.append(replace(a, why=why))
    return tuple(out)


def _spare_baseline(
    allocations: Sequence[Allocation], workloads: dict[str, PlanWorkload]
) -> dict[str, float]:
    """Per workload with a peak, what its baseline layer supplies beyond the baseline
    (whole nodes round up): capacity that serves the peak as well."""
    supplied: dict[str, float] = {}
    for a in allocations:
        if a.layer is Layer.BASELINE and workloads[a.workload].peak > 0:
            supplied[a.workload] = supplied.get(a.workload, 0.0) + a.equivalents
    return {
        name: total - workloads[name].baseline
        for name, total in supplied.items()
        if total > workloads[name].baseline
    }


def _risks(
    allocations: Sequence[Allocation],
    workloads: dict[str, PlanWorkload],
    options: Sequence[PlanOption],
) -> tuple[str, ...]:
    out: list[str] = []
    vendors = {a.vendor for a in allocations}
    if len(vendors) == 1:
        out.append(f"single-vendor dependency: {next(iter(vendors))} supplies the whole plan")
    for a in allocations:
        if a.deployment is Deployment.SPOT and workloads[a.workload].workload_class == "steady":
            out.append(
                f"spot exposure: {a.quote_label} supplies steady workload {a.workload!r} with "
                "interruptible capacity"
            )
        if a.tokens:
            out.append(
                f"a token API serves {a.workload!r}: {a.quote_label} runs a model of its own "
                "(named in the option), not the workload's — check its quality and latency, and "
                "that the workload need not run your own weights"
            )
    used = {(a.supply, a.workload) for a in allocations}
    for o in options:
        if (o.supply, o.workload) in used:
            out.extend(f"{o.quote_label}: {risk}" for risk in o.risks)
    out.extend(_unstated_capacity(allocations, options))
    return tuple(dict.fromkeys(out))


def _unstated_capacity(
    allocations: Sequence[Allocation], options: Sequence[PlanOption]
) -> list[str]:
    """Lines the plan takes capacity from although their quote states none: the plan
    assumes the vendor can supply what it takes, which the buyer confirms before signing."""
    taken: dict[str, int] = {}
    for a in allocations:
        if not a.tokens:
            taken[a.supply] = taken.get(a.supply, 0) + a.accelerators
    stated = {o.supply: o for o in options if o.supply in taken}
    return [
        f"{o.quote_label}: {o.label}: the plan takes {taken[supply]} accelerators "
        + (
            "of the flex band; confirm they are held for you, not subject to availability"
            if o.flex_of is not None
            else "and the "
            + (
                f"quote prices {o.quoted} with no maximum stated; confirm the vendor can "
                f"supply {taken[supply]}"
                if o.quoted and o.quoted < taken[supply]
                else "quote states no capacity; confirm the vendor can supply them"
            )
        )
        for supply, o in stated.items()
        if o.capacity is None
    ]
