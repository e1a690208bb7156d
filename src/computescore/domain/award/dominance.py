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
"""

from __future__ import annotations

from collections.abc import Sequence

from computescore.domain.award.model import Objective, PlanOption, PlanPolicy

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
    for option in options:
        if option.eligible:
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


def _master(priced: dict[str, PlanOption]) -> bool:
    """A line that may dominate others: no capacity limit."""
    return all(o.capacity is None for o in priced.values())


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
