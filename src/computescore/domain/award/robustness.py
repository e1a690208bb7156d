"""How far a price may move before the plan changes, like the ranking's flip weights.

For each line the plan uses, the price rise at which the plan stops using it as it
does (its accelerators move elsewhere); for each line it could use but does not, the
price cut at which it enters. Found by re-solving at scaled prices (bisection), so
capacities, commitments and rules are all kept: the answer is the solver's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from computescore.domain.award.model import AwardPlan, PlanOption, PlanPolicy, PlanWorkload
from computescore.domain.award.plan import plan_award

MAX_RISE = 1.0
"""Rises are searched up to +100 %; past that the plan is said to hold."""

MAX_CUT = 0.5
"""Cuts are searched down to −50 %."""

STEPS = 7
"""Bisection steps: the change is found to within about 1 % of the searched range."""

MOST_LINES = 6
"""At most this many lines are tested each way (the plan's largest, the closest others)."""


@dataclass(frozen=True, slots=True)
class PriceMargin:
    """How much one line's prices may move before the plan changes.

    ``change`` is the fractional move (+0.18: a rise of 18 %, −0.12: a cut of 12 %)
    at which the plan first changes, None when it holds over the whole range searched.
    """

    supply: str
    label: str
    vendor: str
    used: bool
    change: float | None
    text: str


def _signature(plan: AwardPlan) -> frozenset[tuple[str, str, str, int]]:
    return frozenset(
        (a.workload, a.layer.value, a.supply, a.accelerators) for a in plan.allocations
    )


def _scaled(options: Sequence[PlanOption], supply: str, factor: float) -> list[PlanOption]:
    return [
        replace(
            o, usd_per_accelerator=o.usd_per_accelerator * factor, fixed_usd=o.fixed_usd * factor
        )
        if o.supply == supply
        else o
        for o in options
    ]


def _changed(
    workloads: Sequence[PlanWorkload],
    options: Sequence[PlanOption],
    policy: PlanPolicy,
    supply: str,
    factor: float,
    base: frozenset[tuple[str, str, str, int]],
) -> AwardPlan | None:
    """The plan at the line's prices × ``factor`` when it differs from ``base``, else None."""
    plan = plan_award(workloads, _scaled(options, supply, factor), policy, measure_binding=False)
    return plan if not plan.feasible or _signature(plan) != base else None


def _search(
    workloads: Sequence[PlanWorkload],
    options: Sequence[PlanOption],
    policy: PlanPolicy,
    supply: str,
    base: frozenset[tuple[str, str, str, int]],
    limit: float,
) -> tuple[float, AwardPlan] | None:
    """The smallest move towards ``limit`` (a factor) that changes the plan, with the plan
    it changes to; None if none."""
    changed = _changed(workloads, options, policy, supply, limit, base)
    if changed is None:
        return None
    near, far = 1.0, limit
    for _ in range(STEPS):
        middle = (near + far) / 2
        found = _changed(workloads, options, policy, supply, middle, base)
        if found is not None:
            far, changed = middle, found
        else:
            near = middle
    return far - 1.0, changed


def replacement(plan: AwardPlan, changed: AwardPlan, labels: dict[str, str], supply: str) -> str:
    """What the changed plan does differently, in a few words: the lines that come in and
    go out ("then … comes in"), or that the same lines are used in other amounts."""
    if not changed.feasible:
        return "no plan keeps the rules"
    before = {a.supply for a in plan.allocations}
    after = {a.supply for a in changed.allocations}
    coming = [labels.get(s, s) for s in sorted(after - before) if s != supply]
    going = [labels.get(s, s) for s in sorted(before - after) if s != supply]
    parts = []
    if coming:
        parts.append("then " + "; ".join(coming) + (" come in" if len(coming) > 1 else " comes in"))
    if going:
        parts.append("; ".join(going) + (" go out" if len(going) > 1 else " goes out"))
    return ", ".join(parts) if parts else "the same lines are used in other amounts"


def price_margins(
    workloads: Sequence[PlanWorkload],
    options: Sequence[PlanOption],
    plan: AwardPlan,
) -> tuple[PriceMargin, ...]:
    """How far each used line may rise, and the nearest unused lines must fall."""
    if not plan.feasible:
        return ()
    base = _signature(plan)
    policy = plan.policy
    spend: dict[str, float] = {}
    for a in plan.allocations:
        spend[a.supply] = spend.get(a.supply, 0.0) + a.usd
    used = sorted(spend, key=lambda s: -spend[s])[:MOST_LINES]
    first = {o.supply: o for o in options if o.eligible}
    cheapest: dict[str, float] = {}
    for o in options:
        if o.eligible and o.supply not in spend and o.equivalents > 0:
            per = o.usd_per_accelerator / o.equivalents
            cheapest[o.supply] = min(cheapest.get(o.supply, per), per)
    others = sorted(cheapest, key=lambda s: cheapest[s])[:MOST_LINES]
    labels = {o.supply: f"{o.quote_label}: {o.label}" for o in options}
    out = []
    for supply, used_now, limit in (
        *((s, True, 1.0 + MAX_RISE) for s in used),
        *((s, False, 1.0 - MAX_CUT) for s in others),
    ):
        found = _search(workloads, options, policy, supply, base, limit)
        change = None if found is None else found[0]
        then = "" if found is None else replacement(plan, found[1], labels, supply)
        out.append(_margin(first[supply], used_now, change, then))
    return tuple(out)


def _margin(option: PlanOption, used: bool, change: float | None, then: str = "") -> PriceMargin:
    label = f"{option.quote_label}: {option.label}"
    after = f" ({then})" if then else ""
    if used:
        text = (
            "the plan holds even if its prices double"
            if change is None
            else f"the plan changes if its prices rise {change:.0%}{after}"
        )
    else:
        text = (
            "it stays out even at half its prices"
            if change is None
            else f"it enters the plan if its prices fall {-change:.0%}{after}"
        )
    return PriceMargin(option.supply, label, option.vendor, used, change, text)
