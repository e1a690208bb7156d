"""The ``plan`` command: the award plan for every workload, and the scenarios side by side.

``computescore plan --db PATH [--evaluation NAME] [--scenario NAME] [--keep VENDOR]
[--vendor-cap 0.6] [--min-vendors N] [--max-vendors N] [--min-score S]
[--objective cost|value] [--token-apis] [--save NAME | --delete NAME] [--no-compliance] [--json]``

Rules given on the command line make a scenario "Your rules", recommended; with
``--save NAME`` they are kept in the evaluation under that name (audited) and solved
with the built-in scenarios every time after.
"""

from __future__ import annotations

import argparse
from typing import Any

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    print_json,
    print_table,
)
from computescore.domain.figures import format_money, format_shares
from computescore.domain.presentation import presenting
from computescore.errors import UsageError

PLAN_HELP = "the award plan: every workload supplied, capacity layered across vendors"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``plan`` command."""
    plan = sub.add_parser("plan", help=PLAN_HELP, description=PLAN_HELP)
    add_db_argument(plan)
    add_evaluation_argument(plan)
    plan.add_argument(
        "--scenario",
        metavar="NAME",
        help="the scenario to recommend, e.g. 'At most two vendors' (default: lowest cost)",
    )
    plan.add_argument("--keep", metavar="VENDOR", help="keep this vendor (the incumbent)")
    plan.add_argument(
        "--vendor-cap", type=float, metavar="SHARE", help="no vendor above this share, 0–1"
    )
    plan.add_argument("--min-vendors", type=int, metavar="N", help="at least N vendors")
    plan.add_argument("--max-vendors", type=int, metavar="N", help="at most N vendors")
    plan.add_argument(
        "--min-score", type=float, metavar="S", help="each workload's average score at least S"
    )
    plan.add_argument(
        "--objective", choices=("cost", "value"), help="lowest cost or best value per dollar"
    )
    plan.add_argument(
        "--token-apis",
        action="store_true",
        help="let serving workloads be bought from a token API's offer where cheaper",
    )
    plan.add_argument("--no-compliance", action="store_true", help="skip the compliance checks")
    plan.add_argument(
        "--save",
        metavar="NAME",
        help="save the rules given (--vendor-cap, --min-vendors …) as a scenario of the evaluation",
    )
    plan.add_argument("--delete", metavar="NAME", help="delete a saved scenario")
    plan.add_argument(
        "--compare",
        metavar="NAME",
        help="also say what the scenario NAME does differently from the recommended one",
    )
    add_json_argument(plan)
    plan.set_defaults(func=run_plan)


def _options(args: argparse.Namespace) -> object:
    from computescore.domain.award import Objective
    from computescore.services.plan import PlanOptions

    if args.vendor_cap is not None and not 0 < args.vendor_cap <= 1:
        raise UsageError(f"--vendor-cap must be a share between 0 and 1, not {args.vendor_cap}")
    for name in ("min_vendors", "max_vendors"):
        value = getattr(args, name)
        if value is not None and value < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be 1 or more, not {value}")
    if args.min_score is not None and not 0 <= args.min_score <= 100:
        raise UsageError(f"--min-score must be between 0 and 100, not {args.min_score}")
    return PlanOptions(
        scenario=args.scenario,
        keep_vendor=args.keep,
        objective=Objective(args.objective) if args.objective else None,
        vendor_cap=args.vendor_cap,
        min_vendors=args.min_vendors,
        max_vendors=args.max_vendors,
        min_score=args.min_score,
        token_apis=True if args.token_apis else None,
        run_compliance=not args.no_compliance,
    )


def run_plan(args: argparse.Namespace) -> int:
    """Print the recommended plan and the scenarios; exit 0 even when a scenario is infeasible."""
    from dataclasses import replace

    from computescore.services.plan import PlanOptions, plan_db, plan_to_dict
    from computescore.services.scenarios import change_saved

    options = _options(args)
    assert isinstance(options, PlanOptions)
    if args.delete:
        print(change_saved(args.db, args.evaluation, delete=args.delete))
        return 0
    if args.save:
        own = options.own_policy()
        if own is None:
            raise UsageError(
                "--save needs the rules to save: --vendor-cap, --min-vendors, --max-vendors, "
                "--min-score, --objective or --token-apis."
            )
        print(change_saved(args.db, args.evaluation, save=replace(own, name=args.save.strip())))
        options = PlanOptions(
            scenario=args.save.strip(),
            keep_vendor=args.keep,
            run_compliance=not args.no_compliance,
        )
    report = plan_db(args.db, args.evaluation, options)
    if args.json:
        print_json(plan_to_dict(report))
        return 0
    with presenting(report.presentation):
        _print(report)
    if args.compare:
        _print_difference(report, args.compare)
    return 0


def _print_difference(report: Any, name: str) -> None:
    from computescore.domain.award import difference, find

    chosen = find([s.plan.policy for s in report.scenarios], name)
    if chosen is None:
        names = ", ".join(repr(s.plan.policy.name) for s in report.scenarios)
        raise UsageError(f"--compare: no scenario {name!r}; the scenarios are {names}.")
    plan = next(s.plan for s in report.scenarios if s.plan.policy is chosen)
    print(f"\n{plan.policy.name} against {report.plan.policy.name}")
    lines = difference(plan, report.plan)
    if not plan.feasible:
        lines = tuple(short.text for short in plan.shortfalls)
    for line in lines or ("No difference.",):
        print(f"  {line}")


def _print(report: Any) -> None:
    """The recommended plan, why, its rules, risks and price margins, then the scenarios."""
    chosen = report.recommended
    plan = chosen.plan
    print(f"Award plan — {report.evaluation}, decided {report.decision_date.isoformat()}")
    print(f"Scenario: {plan.policy.name} (recommended)")
    for name, demand in report.workloads:
        print(f"  {name}: {demand}")
    print()
    if not plan.feasible:
        print("No plan keeps these rules:")
        for short in plan.shortfalls:
            where = f" ({short.workload})" if short.workload else ""
            print(f"  - {short.text}{where}")
    else:
        print_table(
            ["Workload", "Layer", "Accelerators", "Equiv.", "Option", "Cost"],
            [
                (
                    a.workload,
                    a.layer.value,
                    "tokens" if a.tokens else a.accelerators,
                    f"{a.equivalents:,.1f}",
                    f"{a.quote_label}: {a.option_label}",
                    format_money(a.usd),
                )
                for a in plan.allocations
            ],
            [False, False, True, True, False, True],
        )
        score = "—" if plan.score is None else f"{plan.score:.1f}"
        if plan.score is None and any(a.tokens for a in plan.allocations):
            score += " (a token API's offer has no weighted score)"
        print(f"\nTotal {format_money(plan.total_usd)}; weighted score {score}")
        shares = format_shares([v.share for v in plan.vendors])
        for vendor, share in zip(plan.vendors, shares, strict=True):
            print(f"  {vendor.vendor}: {format_money(vendor.usd)} ({share})")
        for layer in plan.layers:
            print(f"Why this layer ({layer.workload}): {layer.text}")
        for bound in plan.binding:
            cost = "" if bound.cost_usd is None else f" — costs {format_money(bound.cost_usd)}"
            print(f"Rule that bound: {bound.text}{cost}")
        for risk in plan.risks:
            print(f"Risk: {risk}")
        if report.margins:
            print("\nHow far prices may move before the plan changes")
            for margin in report.margins:
                print(f"  {margin.label}: {margin.text}")
    print("\nScenarios")
    for item in report.scenarios:
        print(f"  - {item.text}")
