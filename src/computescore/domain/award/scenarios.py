"""Named scenarios side by side: each one's plan, and what its policy costs.

A scenario is a :class:`~computescore.domain.award.model.PlanPolicy` with a name. The
built-in ones are the questions boards ask; :func:`compare` solves each and states
its difference to the recommended one in money and score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from computescore.domain.award.model import (
    AwardPlan,
    Objective,
    PlanOption,
    PlanPolicy,
    PlanWorkload,
)
from computescore.domain.award.plan import plan_award
from computescore.domain.award.programme import MIP_GAP
from computescore.domain.figures import format_money

LOWEST_COST = PlanPolicy("Lowest cost, compliant")
BUILT_IN: tuple[PlanPolicy, ...] = (
    LOWEST_COST,
    PlanPolicy("Best score per workload", top_score_only=True),
    PlanPolicy("Best value (score-adjusted cost)", objective=Objective.VALUE),
    PlanPolicy("At most two vendors", max_vendors=2),
    PlanPolicy("No vendor above 60 %", vendor_cap=0.6),
    PlanPolicy("Serving on a token API where cheaper", token_apis=True),
)
"""The scenarios every evaluation is shown; the first is the recommended one by default."""


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    """One scenario's plan and how it differs from the recommended scenario.

    ``delta_usd`` and ``delta_score`` are this plan's total and score minus the
    recommended plan's (None when either plan is infeasible or unscored); ``text``
    says it in a sentence ("keeping at most two vendors costs $1.2m more …").
    """

    plan: AwardPlan
    recommended: bool
    delta_usd: float | None
    delta_score: float | None
    text: str


def built_in(keep_vendor: str | None = None) -> tuple[PlanPolicy, ...]:
    """The built-in scenarios, with "Keep NAME" when an incumbent is named."""
    if not keep_vendor:
        return BUILT_IN
    return (*BUILT_IN, PlanPolicy(f"Keep {keep_vendor}", keep_vendor=keep_vendor))


def find(policies: Sequence[PlanPolicy], name: str) -> PlanPolicy | None:
    """The scenario of that name (case and spacing ignored), None when there is none."""
    key = " ".join(name.split()).casefold()
    return next((p for p in policies if " ".join(p.name.split()).casefold() == key), None)


def _sentence(plan: AwardPlan, base: AwardPlan, delta_usd: float | None, months: int) -> str:
    if not plan.feasible:
        why = plan.shortfalls[0].text if plan.shortfalls else "no plan keeps its rules"
        return f"{plan.policy.name}: no plan — {why}."
    if delta_usd is None:
        return f"{plan.policy.name}: {format_money(plan.total_usd)} in all."
    if abs(delta_usd) < max(0.5, MIP_GAP * abs(base.total_usd)):  # within the solver's gap
        return f"{plan.policy.name} costs the same as {base.policy.name.lower()}."
    more = "more" if delta_usd > 0 else "less"
    over = f" over {months} months" if months else " over the workloads' horizons"
    return (
        f"{plan.policy.name} costs {format_money(abs(delta_usd))} {more}{over} than "
        f"{base.policy.name.lower()}." + (token_caveat(plan) if delta_usd < 0 else "")
    )


def token_caveat(plan: AwardPlan) -> str:
    """Why a plan that buys tokens is not simply the cheaper answer ("" when it buys none).

    A token API serves with the vendor's own model, not the one the workload names.
    """
    bought = [a for a in plan.allocations if a.tokens]
    if not bought:
        return ""
    workloads = " and ".join(f"“{name}”" for name in dict.fromkeys(a.workload for a in bought))
    vendors = " and ".join(dict.fromkeys(a.vendor for a in bought))
    return (
        f" It buys the tokens of {workloads} from {vendors}, whose own model serves them: "
        "choose it once that model is judged fit for the work."
    )


def compare(
    workloads: Sequence[PlanWorkload],
    options: Sequence[PlanOption],
    policies: Sequence[PlanPolicy],
    recommended: str | None = None,
    *,
    measure_binding: bool = True,
) -> tuple[ScenarioResult, ...]:
    """Solve every scenario and compare each with the recommended one (default: the first)."""
    if not policies:
        return ()
    plans = [plan_award(workloads, options, p, measure_binding=measure_binding) for p in policies]
    chosen = find(policies, recommended) if recommended else None
    base = plans[policies.index(chosen)] if chosen is not None else plans[0]
    # One horizon is named; workloads of several horizons are summed over their own.
    horizons = {w.horizon_months for w in workloads}
    months = next(iter(horizons)) if len(horizons) == 1 else 0
    out = []
    for plan in plans:
        both = plan.feasible and base.feasible
        delta_usd = plan.total_usd - base.total_usd if both else None
        delta_score = (
            plan.score - base.score
            if both and plan.score is not None and base.score is not None
            else None
        )
        is_base = plan is base
        out.append(
            ScenarioResult(
                plan,
                is_base,
                None if is_base else delta_usd,
                None if is_base else delta_score,
                _sentence(plan, base, None if is_base else delta_usd, months),
            )
        )
    return tuple(out)


def difference(plan: AwardPlan, base: AwardPlan) -> tuple[str, ...]:
    """What ``plan`` does differently from ``base``, in sentences a board reads.

    The totals and scores, each vendor whose share of the spend moves by a point or
    more, and each workload whose supply changes (option by option).
    """
    if not (plan.feasible and base.feasible):
        return ()
    out = []
    delta = plan.total_usd - base.total_usd
    if abs(delta) >= 0.5:
        more = "more" if delta > 0 else "less"
        out.append(f"It costs {format_money(abs(delta))} {more} than {base.policy.name.lower()}.")
    if plan.score is not None and base.score is not None and abs(plan.score - base.score) >= 0.05:
        out.append(f"Its weighted score is {plan.score:.1f} against {base.score:.1f}.")
    shares = {v.vendor: v.share for v in base.vendors}
    for vendor in dict.fromkeys([*(v.vendor for v in plan.vendors), *shares]):
        now = next((v.share for v in plan.vendors if v.vendor == vendor), 0.0)
        before = shares.get(vendor, 0.0)
        if abs(now - before) >= 0.01:
            out.append(f"{vendor}: {before:.0%} of the spend → {now:.0%}.")
    for workload in dict.fromkeys(a.workload for a in (*base.allocations, *plan.allocations)):
        mine = {
            (a.layer.value, a.option_label, a.quote_label): a.accelerators
            for a in plan.for_workload(workload)
        }
        theirs = {
            (a.layer.value, a.option_label, a.quote_label): a.accelerators
            for a in base.for_workload(workload)
        }
        if mine == theirs:
            continue
        supply = "; ".join(
            f"{count} × {option} from {quote} ({layer})"
            for (layer, option, quote), count in mine.items()
        )
        out.append(f"{workload}: {supply or 'not supplied'}.")
    return tuple(out)
