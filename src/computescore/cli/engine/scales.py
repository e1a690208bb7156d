"""The ``scales`` command: show and set how cost and performance map to 0–100.

* ``computescore scales --db PATH [--evaluation NAME] [--workload NAME]`` shows the scales
  in force, with where their anchors come from;
* ``--cost TARGET,CEILING`` (USD per useful PFLOP-hour scoring 100 and 0),
  ``--performance TARGET,FLOOR`` (useful TFLOP/s per accelerator scoring 100 and 0),
  either ``relative`` to score against the best quote present, ``--reset`` for the
  defaults, and ``--missing-as-worst AXIS,…`` (or ``none``) store them in the evaluation.
"""

from __future__ import annotations

import argparse
from typing import Any

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    add_workload_argument,
    print_json,
)
from computescore.errors import UsageError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``scales`` command."""
    scales = sub.add_parser(
        "scales",
        help="show or set the anchors of the cost and performance scores",
        description="Each axis maps its metric to 0–100 on a stated scale, so no other quote "
        "can move a quote's score. The defaults come from the workload and the catalogue; set "
        "your own target and ceiling (a budget) here. They are kept in the evaluation.",
    )
    add_db_argument(scales)
    add_evaluation_argument(scales)
    add_workload_argument(scales)
    scales.add_argument(
        "--cost",
        metavar="TARGET,CEILING",
        help="USD per useful PFLOP-hour scoring 100 and 0 (e.g. 6,30), or 'relative'",
    )
    scales.add_argument(
        "--performance",
        metavar="TARGET,FLOOR",
        help="useful TFLOP/s per accelerator scoring 100 and 0 (e.g. 700,0), or 'relative'",
    )
    scales.add_argument("--reset", action="store_true", help="back to the default anchors")
    scales.add_argument(
        "--missing-as-worst",
        metavar="AXES",
        help="axes on which a missing figure scores 0, e.g. 'performance,reliability' (or 'none')",
    )
    add_json_argument(scales, "the scales")
    scales.set_defaults(func=run_scales)


def _pair(option: str, text: str | None) -> tuple[float, float] | str | None:
    """``"6,30"`` → (30.0, 6.0) as (value scoring 0, value scoring 100); ``relative`` as is."""
    if text is None:
        return None
    if text.strip().lower() == "relative":
        return "relative"
    parts = [item.strip() for item in text.split(",")]
    try:
        if len(parts) != 2:
            raise ValueError
        hundred, zero = float(parts[0]), float(parts[1])
    except ValueError:
        raise UsageError(
            f"{option} {text!r}: expected two numbers, the value scoring 100 then the one "
            "scoring 0 (e.g. 6,30), or 'relative'."
        ) from None
    return zero, hundred


def _axes(text: str) -> Any:
    from computescore.domain.weights import Axis

    if text.strip().lower() == "none":
        return frozenset()
    names = {axis.value: axis for axis in Axis}
    chosen = set()
    for item in text.split(","):
        name = item.strip().lower()
        if name not in names:
            raise UsageError(
                f"--missing-as-worst: {item.strip()!r} is not an axis; expected some of "
                + ", ".join(names)
                + " or 'none'."
            )
        chosen.add(names[name])
    return frozenset(chosen)


def run_scales(args: argparse.Namespace) -> int:
    """Store what was asked, then print the scales in force."""
    from computescore.cli.engine.score import scale_lines
    from computescore.domain.scoring.scales import scales_to_mapping
    from computescore.services.scales import rules_for, set_missing_as_worst, set_scales
    from computescore.services.workspace import load_evaluation_data, open_store

    cost = _pair("--cost", args.cost)
    performance = _pair("--performance", args.performance)
    with open_store(args.db) as store:
        changed = args.reset or cost is not None or performance is not None
        if changed:
            set_scales(
                store,
                args.evaluation,
                args.workload,
                performance=performance,
                cost=cost,
                reset=args.reset,
            )
        if args.missing_as_worst is not None:
            set_missing_as_worst(store, args.evaluation, _axes(args.missing_as_worst))
        data = load_evaluation_data(store, args.evaluation)
    workloads = data.evaluation.workloads
    if not workloads:
        raise UsageError("The evaluation has no workload profile; add one first.")
    names = [w.name for w in workloads]
    chosen = [
        w
        for w in workloads
        if args.workload is None or w.name.casefold() == args.workload.casefold()
    ]
    if not chosen:
        raise UsageError(
            f"No workload named {args.workload!r}; the evaluation has: {', '.join(names)}."
        )
    out = []
    for workload in chosen:
        rules, problems = rules_for(data, workload)
        out.append((workload.name, rules, problems))
    if args.json:
        from computescore.domain.scoring.scales import ScoreScales

        print_json(
            [
                {
                    "workload": name,
                    **scales_to_mapping(
                        ScoreScales(rules.performance_scale, rules.cost_scale, rules.scales_origin)
                    ),
                    "missing_as_worst": sorted(a.value for a in rules.worst_when_missing),
                    "problems": [p.message for p in problems],
                }
                for name, rules, problems in out
            ]
        )
        return 0
    for name, rules, problems in out:
        print(f"Workload '{name}':")
        for line in scale_lines(rules):
            print(f"  {line.strip()}")
        for problem in problems:
            print(f"  warning: {problem.message}")
    return 0
