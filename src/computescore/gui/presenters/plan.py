"""What the Plan page shows, as plain text and rows (no Qt): scenarios, allocations, why."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from computescore.domain.award import Allocation, AwardPlan, ScenarioResult
from computescore.domain.figures import (
    format_money,
    format_money_change,
    format_share,
    format_shares,
)
from computescore.services.plan import money_basis


def headline(plan: AwardPlan, discount_rate: float = 0.0) -> tuple[str, str]:
    """(sentence, severity) for the banner over the allocation table."""
    if not plan.feasible:
        reasons = "; ".join(
            f"{s.text}" + (f" ({s.workload})" if s.workload else "") for s in plan.shortfalls
        )
        return f"No plan keeps the rules of “{plan.policy.name}”: {reasons}.", "error"
    score = "no weighted score" if plan.score is None else f"a weighted score of {plan.score:.1f}"
    vendors = len(plan.vendors)
    largest = plan.vendors[0] if plan.vendors else None
    share = (
        f"; the largest, {largest.vendor}, takes {format_share(largest.share)}" if largest else ""
    )
    text = (
        f"“{plan.policy.name}”: {format_money(plan.total_usd)}"
        + money_basis(discount_rate)
        + " over the workloads' horizons, "
        + f"{score}, {vendors} {'vendor' if vendors == 1 else 'vendors'}{share} "
        f"({plan.status})."
    )
    return text, "warning" if plan.risks else "ok"


def scenario_row(item: ScenarioResult) -> tuple[str, str, str, str, str]:
    """(scenario, total, difference, score, vendors) for the scenarios table."""
    plan = item.plan
    if not plan.feasible:
        return (plan.policy.name, "no plan", "—", "—", "—")
    delta = "recommended" if item.recommended else format_money_change(item.delta_usd)
    score = "—" if plan.score is None else f"{plan.score:.1f}"
    shares = format_shares([v.share for v in plan.vendors])
    vendors = ", ".join(
        f"{v.vendor.split(',')[0]} {share}"
        for v, share in list(zip(plan.vendors, shares, strict=True))[:3]
    )
    if len(plan.vendors) > 3:
        vendors += f" +{len(plan.vendors) - 3}"
    return (plan.policy.name, format_money(plan.total_usd), delta, score, vendors)


def allocation_detail(allocation: Allocation, plan: AwardPlan) -> str:
    """Why this allocation: its layer, its cost, the break-even, and the plan's rules."""
    lines = [
        f"{allocation.quote_label}: {allocation.option_label}",
        (
            f"Supplies the {allocation.layer.value} of {allocation.workload!r} from a token "
            f"API: the tokens of {allocation.equivalents:,.1f} H100-equivalents, for "
            f"{format_money(allocation.usd)}."
        )
        if allocation.tokens
        else f"Supplies the {allocation.layer.value} of {allocation.workload!r} with "
        f"{allocation.accelerators:,} accelerators ({allocation.equivalents:,.1f} "
        f"H100-equivalents) for {format_money(allocation.usd)}.",
        "",
        f"Why: {allocation.why}.",
    ]
    for layer in plan.layers:
        if layer.workload == allocation.workload:
            lines += ["", f"Layers: {layer.text}"]
    lines += _rules(plan)
    return "\n".join(lines)


def _rules(plan: AwardPlan) -> list[str]:
    out: list[str] = []
    if plan.binding:
        out += ["", "Rules that bound, and what each costs (re-solved without it):"]
        out += [
            f"  • {b.text}: {'—' if b.cost_usd is None else format_money(b.cost_usd)}"
            for b in plan.binding
        ]
    if plan.risks:
        out += ["", "Risks the plan carries:"]
        out += [f"  • {risk}" for risk in plan.risks]
    return out


def plan_summary(
    plan: AwardPlan,
    workloads: Sequence[tuple[str, str]],
    margins: Sequence[Any] = (),
    against: Sequence[str] = (),
) -> str:
    """The plan in words, for the detail pane when nothing is selected.

    ``against`` says what this scenario does differently from the recommended one.
    """
    lines: list[str] = []
    if against:
        lines += ["Against the recommended scenario:"]
        lines += [f"  • {text}" for text in against]
        lines += [""]
    lines += ["Demand (counted in H100-equivalents of useful work):"]
    lines += [f"  • {name}: {demand}" for name, demand in workloads]
    lines += [""] + [f"Layers: {layer.text}" for layer in plan.layers]
    lines += _rules(plan)
    if margins:
        lines += ["", "How far prices may move before the recommended plan changes:"]
        lines += [f"  • {m.label}: {m.text}" for m in margins]
    if plan.exclusions:
        lines += ["", f"{len(plan.exclusions)} options could not be used; for example:"]
        seen: set[str] = set()
        for item in plan.exclusions:
            if item.reason in seen:
                continue
            seen.add(item.reason)
            lines.append(f"  • {item.quote_label}: {item.option_label} — {item.reason}")
            if len(seen) >= 6:
                break
    return "\n".join(lines)
