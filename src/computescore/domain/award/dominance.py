"""Lines no optimal plan needs: set aside before the solver, exactly.

Line *A* dominates line *B* when A can take over all of B's work at no greater cost
under every rule: the same unit and the same work per accelerator (equivalents), the
same way of paying (as used, or for the whole horizon), no capacity limit, a minimum
commitment and fixed costs no larger than B's, and, for every workload B is priced
for, a price no higher and a score no lower. Moving B's accelerators to A then never
costs more and never breaks a rule, so some optimal plan leaves B out. When a rule
counts vendors (a number of vendors, a vendor to keep), only a line of the same vendor
may dominate. Under a vendor cap no line is set aside: a cheaper line lowers the plan's
total spend, and with it every other vendor's allowance, so a cap may need the dearer
line (one of V's at 1.5 and one of W's at 2 give W 57 %; V's line at 2 keeps both at 50 %).

Real evaluations have many lines of few kinds (a cloud's on-demand and reserved H100
nodes, a reseller's list), so this leaves the solver a small programme.

A line's use *for one workload* may be dominated too, by a line of another kind. A unit
of column *B* (a line's nodes in one layer of one workload) supplies ``s_B`` equivalents
at ``c_B``; a line *A* free of every rule (no capacity, no minimum, no fixed costs) can
supply the same with ``⌈s_B ÷ s_A⌉`` of its units, in the same layer of the same
workload. When those cost no more than ``c_B`` (in the objective's money, so score-
adjusted under the best-value objective), moving B's units to A never costs more and
breaks no rule but one: B's line may have a minimum commitment that B's units are needed
to reach. So B's column is set aside when its line has no minimum, or when every column
of its line is taken over (then the line need never be used at all). ``⌈n·x⌉ ≤ n·⌈x⌉``
makes one unit's test hold for any number of units.
This is done only when no rule counts vendors, caps them or sets a score floor, since
each of those may need the dearer column.

A committed line with a flex band above it (:attr:`PlanOption.flex_of`) is never set
aside, nor any of its columns: its units open the band. The band itself, capped by
them, never dominates, but may be dominated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from computescore.domain.award.model import Layer, Objective, PlanOption, PlanPolicy
from computescore.domain.award.programme import Column, value_factor

_EPS = 1e-9


def _counts_vendors(policy: PlanPolicy) -> bool:
    return (
        policy.vendor_cap is not None
        or policy.min_vendors > 1
        or policy.max_vendors is not None
        or policy.keep_vendor is not None
    )


def dominated_lines(options: Sequence[PlanOption], policy: PlanPolicy) -> frozenset[str]:
    """The lines (``supply`` keys) some other line dominates (see the module notes)."""
    lines: dict[str, dict[str, PlanOption]] = {}
    opening = _flexed(options)
    for option in options:
        if option.eligible and option.supply not in opening:
            lines.setdefault(option.supply, {})[option.workload] = option
    if policy.vendor_cap is not None:
        return frozenset()
    by_vendor = _counts_vendors(policy)
    scores_matter = (
        policy.min_score is not None
        or policy.top_score_only
        or policy.objective is not Objective.COST
    )
    groups: dict[tuple[object, ...], list[str]] = {}
    for supply, priced in lines.items():
        first = next(iter(priced.values()))
        key = (
            first.unit,
            round(first.equivalents, 9),
            first.pay_as_used,
            first.vendor if by_vendor else "",
        )
        groups.setdefault(key, []).append(supply)
    out: set[str] = set()
    for members in groups.values():
        masters = [s for s in members if _master(lines[s])]
        if not masters:
            continue
        for supply in members:
            if any(
                m != supply and m not in out and _dominates(lines[m], lines[supply], scores_matter)
                for m in masters
            ):
                out.add(supply)
    return frozenset(out)


def _flexed(options: Sequence[PlanOption]) -> frozenset[str]:
    """The committed lines a flex band stands above."""
    return frozenset(o.flex_of for o in options if o.flex_of is not None)


def _master(priced: dict[str, PlanOption]) -> bool:
    """A line that may dominate others: no capacity limit (a flex band has one)."""
    return all(o.capacity is None and o.flex_of is None for o in priced.values())


def _dominates(a: dict[str, PlanOption], b: dict[str, PlanOption], scores_matter: bool) -> bool:
    first_a, first_b = next(iter(a.values())), next(iter(b.values()))
    if max(o.fixed_usd for o in a.values()) > min(o.fixed_usd for o in b.values()) + _EPS:
        return False
    if first_a.minimum > first_b.minimum:
        return False
    for workload, option_b in b.items():
        option_a = a.get(workload)
        if option_a is None:
            return False
        if option_a.usd_per_accelerator > option_b.usd_per_accelerator + _EPS:
            return False
        if scores_matter and (option_a.score if option_a.score is not None else -1.0) < (
            option_b.score if option_b.score is not None else -1.0
        ):
            return False
    return True


def dominated_columns(
    cols: Sequence[Column], options: Sequence[PlanOption], policy: PlanPolicy
) -> frozenset[int]:
    """The columns (indices into ``cols``) a rule-free line's column dominates.

    See the module notes. Of two columns that do each other's work at the same cost, the
    later one is set aside, so one always stays.
    """
    if _counts_vendors(policy) or policy.min_score is not None or policy.top_score_only or not cols:
        return frozenset()
    fixed: dict[str, float] = {}
    least: dict[str, int] = {}
    capped: set[str] = set()
    groups: dict[tuple[str, Layer], list[int]] = {}
    opening = _flexed(options)
    for j, col in enumerate(cols):
        option = options[col.option]
        fixed[option.supply] = max(fixed.get(option.supply, 0.0), option.fixed_usd)
        least[option.supply] = max(least.get(option.supply, 0), option.minimum)
        if option.capacity is not None or option.flex_of is not None:
            capped.add(option.supply)
        groups.setdefault((option.workload, col.layer), []).append(j)
    by_value = policy.objective is Objective.VALUE
    used = Counter(options[col.option].supply for col in cols)
    taken: dict[str, set[int]] = {supply: set() for supply in used}
    out: set[int] = set()
    for members in groups.values():
        chosen = [options[cols[j].option] for j in members]
        cost = np.array(
            [
                cols[j].usd_per_unit * (value_factor(o.score) if by_value else 1.0)
                for j, o in zip(members, chosen, strict=True)
            ]
        )
        supplied = np.array([o.unit * o.equivalents for o in chosen])
        free = np.array(
            [
                fixed[o.supply] <= 0 and least[o.supply] == 0 and o.supply not in capped
                for o in chosen
            ]
        )
        dominators = np.nonzero(free & np.isfinite(cost) & (supplied > 0))[0]
        if len(dominators) == 0:
            continue
        # What one unit of each column costs when the dominator's units do its work.
        instead = (
            np.ceil(supplied[:, None] / supplied[None, dominators] - _EPS) * cost[None, dominators]
        )
        slack = _EPS * np.maximum(np.abs(cost), 1.0)[:, None]
        earlier = dominators[None, :] < np.arange(len(members))[:, None]
        cheaper = (instead < cost[:, None] - slack) | ((instead <= cost[:, None] + slack) & earlier)
        for i in np.nonzero(cheaper.any(axis=1))[0]:
            taken[chosen[i].supply].add(members[i])
    for supply, taken_over in taken.items():
        # A line with a minimum commitment keeps every column unless it loses them all:
        # its units may be needed to reach the minimum wherever they serve.
        if supply in opening:
            continue
        if least[supply] == 0 or len(taken_over) == used[supply]:
            out.update(taken_over)
    return frozenset(out)
