"""The ``weights`` command: the weights in force, swing weighting, and the freeze.

* ``computescore weights --db PATH`` shows the weights, how they were reached, and each
  axis's swing in this evaluation (its worst and best level), the question swing
  weighting asks;
* ``--swing cost=100,reliability=60,…`` derives the weights from the points given to
  each swing (the most wanted 100, the others 0–100) and stores both;
* ``--ahp cost/service=3,reliability/cost=1/2,…`` derives them by pairwise comparison
  (AHP): each answer says how many times as important the first axis is as the second;
  answers that contradict each other (consistency ratio above 0.10) are refused, naming
  the one to revisit;
* ``--freeze`` fixes the weights and the score scales before prices are seen (audited);
  ``--unfreeze`` lifts it (audited too).
"""

from __future__ import annotations

import argparse

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    print_json,
    print_table,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``weights`` command."""
    weights = sub.add_parser(
        "weights",
        help="show the weights, derive them by swing weighting or pairwise comparison, or "
        "freeze them",
        description="Swing weighting asks, on this evaluation's own ranges, which axis you "
        "would most like to move from its worst to its best level (100 points) and what "
        "each other move is worth against it (0–100); the weights are the points over "
        "their sum. Freeze them before prices are revealed; the freeze is audited.",
    )
    add_db_argument(weights)
    add_evaluation_argument(weights)
    weights.add_argument(
        "--swing",
        metavar="AXIS=POINTS,…",
        help="points per swing, the most wanted 100: e.g. cost=100,reliability=60,compliance=80",
    )
    weights.add_argument(
        "--ahp",
        metavar="A/B=RATIO,…",
        help="pairwise comparison: e.g. cost/service=3,reliability/performance=1/2 (a pair "
        "not given counts as equally important)",
    )
    weights.add_argument("--freeze", action="store_true", help="freeze the weights and scales")
    weights.add_argument("--unfreeze", action="store_true", help="lift the freeze")
    add_json_argument(weights)
    weights.set_defaults(func=run_weights)


def run_weights(args: argparse.Namespace) -> int:
    """Apply what was asked, then show the weights and the swings."""
    from computescore.cli.engine.score import parse_weights
    from computescore.domain.weights import weights_origin
    from computescore.services.evaluate import weights_for
    from computescore.services.weighting import (
        freeze,
        parse_pairs,
        set_ahp_weights,
        set_swing_weights,
        swing_ranges,
        unfreeze,
    )
    from computescore.services.workspace import load_evaluation_data, open_store

    points = parse_weights(args.swing)
    pairs = parse_pairs(args.ahp) if args.ahp else None
    with open_store(args.db) as store:
        if args.unfreeze:
            unfreeze(store, args.evaluation)
            print("Unfrozen: the weights and scales can be changed again (audited).")
        if points is not None:
            set_swing_weights(store, args.evaluation, points)
        if pairs is not None:
            set_ahp_weights(store, args.evaluation, pairs)
        if args.freeze:
            print(freeze(store, args.evaluation))
        data = load_evaluation_data(store, args.evaluation)
        weights = weights_for(data)
        ranges = swing_ranges(store, args.evaluation) if data.quotes else ()
    if args.json:
        print_json(
            {
                "weights": weights.as_dict(),
                "source": weights.source,
                "rationale": weights.rationale,
                "swings": [
                    {
                        "axis": s.axis.value,
                        "worst": s.worst,
                        "best": s.best,
                        "worst_text": s.worst_text,
                        "best_text": s.best_text,
                    }
                    for s in ranges
                ],
            }
        )
        return 0
    print(f"Weights (from {weights_origin(weights.source)}):")
    print_table(
        ["Axis", "Weight"],
        [[axis, f"{value:.1%}"] for axis, value in weights.as_dict().items()],
        [False, True],
    )
    if weights.rationale:
        print(weights.rationale)
    if ranges:
        print()
        print(
            "Swing weighting: which of these moves would you most like to make? Give it 100 "
            "points, and each other 0–100 for what it is worth against it "
            "(weights --swing cost=100,…):"
        )
        for swing in ranges:
            print(f"  {swing.question()}")
    return 0
