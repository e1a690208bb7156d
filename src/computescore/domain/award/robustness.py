"""How far a price may move before the plan changes, like the ranking's flip weights.

For each line the plan uses, the price rise at which the plan stops using it as it
does (its accelerators move elsewhere); for each line it could use but does not, the
price cut at which it enters. Found by re-solving at scaled prices, so capacities,
commitments and rules are all kept: the answer is the solver's own.

When the plan's cost is what it minimises and no vendor cap applies, the rules do not
depend on prices, and each plan's cost is a straight line in the scaled line's price
factor (its other costs, plus the factor times what it spends on the line). The plan
changes where the first other plan's line crosses this plan's: the solve at the end of
the range searched finds a cheaper plan, the crossing of the two lines is computed, and
a solve just before that crossing either finds a plan that crosses sooner (and the step
repeats) or proves that none does up to there. Two or three solves instead of eight, and
the move is found to within 2 % of itself (a rise of 20 % is between 19.6 and 20 %);
closer to the crossing, the two plans' costs are so near that proving which is cheaper
took the solver several times as long. Otherwise (a vendor cap, whose allowances move
with the prices, or the best-value objective) the change is found by bisection, to about
1 % of the range.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from computescore.domain.award.model import (
    AwardPlan,
    Objective,
    PlanOption,
    PlanPolicy,
    PlanWorkload,
)
from computescore.domain.award.plan import plan_award
from computescore.domain.award.programme import MIP_GAP

MAX_RISE = 1.0
"""Rises are searched up to +100 %; past that the plan is said to hold."""

MAX_CUT = 0.5
"""Cuts are searched down to −50 %."""

STEPS = 7
"""Bisection steps: the change is found to within about 1 % of the searched range."""

BEFORE_CROSSING = 0.02
"""How far before a crossing (a share of its distance from today's prices) the solve
that proves it the first is made."""

_TOLERANCE_USD = 0.5

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


def _split(plan: AwardPlan, supply: str, factor: float) -> tuple[float, float]:
    """A plan's cost at today's prices as (its other costs, what it spends on the line),
    the plan having been solved with the line's prices × ``factor``."""
    own = math.fsum(a.usd for a in plan.allocations if a.supply == supply)
    return plan.total_usd - own, own / factor


def _search(
    workloads: Sequence[PlanWorkload],
    options: Sequence[PlanOption],
    policy: PlanPolicy,
    supply: str,
    plan: AwardPlan,
    limit: float,
) -> tuple[float, AwardPlan] | None:
    """The smallest move towards ``limit`` (a factor) that changes the plan, with the plan
    it changes to; None if none."""
    base = _signature(plan)
    changed = _changed(workloads, options, policy, supply, limit, base)
    if changed is None:
        return None
    if policy.objective is not Objective.COST or policy.vendor_cap is not None:
        return _bisect(workloads, options, policy, supply, base, limit, changed)
    mine = _split(plan, supply, 1.0)
    other, solved_at = changed, limit
    for _ in range(STEPS):
        theirs = _split(other, supply, solved_at)
        slope = mine[1] - theirs[1]
        if not other.feasible or abs(slope) < 1e-9:
            return _bisect(workloads, options, policy, supply, base, limit, changed)
        crossing = (theirs[0] - mine[0]) / slope
        if abs(crossing - 1.0) < 1e-6:
            crossing = 1.0  # tied at today's prices, but for rounding
        if not min(1.0, limit) <= crossing <= max(1.0, limit):
            return _bisect(workloads, options, policy, supply, base, limit, changed)
        probe = 1.0 + (crossing - 1.0) * (1.0 - BEFORE_CROSSING)
        sooner = plan_award(
            workloads, _scaled(options, supply, probe), policy, measure_binding=False
        )
        ours = mine[0] + probe * mine[1]
        if not sooner.feasible or sooner.total_usd >= ours - max(
            _TOLERANCE_USD, MIP_GAP * abs(ours)
        ):
            return crossing - 1.0, other  # nothing crosses sooner
        other, solved_at = sooner, probe
    return _bisect(workloads, options, policy, supply, base, limit, changed)


def _bisect(
    workloads: Sequence[PlanWorkload],
    options: Sequence[PlanOption],
    policy: PlanPolicy,
    supply: str,
    base: frozenset[tuple[str, str, str, int]],
    limit: float,
    changed: AwardPlan,
) -> tuple[float, AwardPlan]:
    """The move towards ``limit`` that changes the plan, by bisection (``changed``: the
    plan at ``limit``)."""
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
        found = _search(workloads, options, policy, supply, plan, limit)
        change = None if found is None else found[0]
        then = "" if found is None else replacement(plan, found[1], labels, supply)
        out.append(_margin(first[supply], used_now, change, then))
    return tuple(out)


def _percent(change: float) -> str:
    """``18%``; below one per cent with its tenth (``0.1%``), so no move reads as none."""
    return f"{abs(change):.0%}" if abs(change) >= 0.01 else f"{abs(change):.1%}"


def _margin(option: PlanOption, used: bool, change: float | None, then: str = "") -> PriceMargin:
    label = f"{option.quote_label}: {option.label}"
    after = f" ({then})" if then else ""
    if change is not None and abs(change) < 0.0005:
        # Tied with what the plan would use instead: any move decides.
        text = (
            f"the plan changes with any rise in its prices{after}"
            if used
            else f"it enters the plan with any cut in its prices{after}"
        )
    elif used:
        text = (
            "the plan holds even if its prices double"
            if change is None
            else f"the plan changes if its prices rise {_percent(change)}{after}"
        )
    else:
        text = (
            "it stays out even at half its prices"
            if change is None
            else f"it enters the plan if its prices fall {_percent(change)}{after}"
        )
    return PriceMargin(option.supply, label, option.vendor, used, change, text)
