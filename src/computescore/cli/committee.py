"""``computescore committee``: qualitative criteria, independent scores and consensus."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    print_json,
    print_table,
)
from computescore.domain.figures import format_number
from computescore.domain.weights import Axis

if TYPE_CHECKING:
    from computescore.store.repository import Store

_ACTIONS_HELP = """\
actions:
  show                 the criteria and everyone's scores side by side (the default)
  add-criterion NAME   define a criterion: --axis AXIS --weight SHARE [--scale MAX]
  remove-criterion NAME
  rules                --blind / --open scoring, --threshold POINTS for flags
  score VENDOR CRITERION SCORE [--note TEXT] [--submit] [--as NAME]
  submit               submit your draft scores [--as NAME]
  consensus VENDOR CRITERION SCORE --reason TEXT
  check                would the winner change without any one evaluator?
  workbook --for NAME --out FILE.xlsx   an offline evaluator workbook (no prices)
  import FILE.xlsx     read a filled-in evaluator workbook back
"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``committee`` command."""
    parser = sub.add_parser(
        "committee",
        help="qualitative criteria scored by each evaluator, consensus, leave-one-out",
        description="Besides the computed axes, an evaluation may define qualitative "
        "criteria (reference calls, support interview, roadmap fit), each on a 0–10 scale "
        "with a weight and the axis it feeds. Each evaluator scores alone; only submitted "
        "scores count. The lead compares the scores with their spread and records a "
        "consensus with a reason; the audit trail keeps every original score.",
        epilog=_ACTIONS_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_db_argument(parser)
    parser.add_argument("action", nargs="?", default="show", metavar="ACTION")
    parser.add_argument("args", nargs="*", metavar="ARG")
    add_evaluation_argument(parser)
    parser.add_argument("--axis", choices=[a.value for a in Axis], help="the axis it feeds")
    parser.add_argument("--weight", type=float, help="its share of the axis, 0–1")
    parser.add_argument("--scale", type=float, default=10.0, help="top of the scale (10)")
    parser.add_argument("--description", default="", help="what a high score means")
    parser.add_argument("--note", default="", help="why this score")
    parser.add_argument("--reason", default="", help="why the committee agreed this score")
    parser.add_argument("--submit", action="store_true", help="submit the score at once")
    parser.add_argument("--as", dest="evaluator", metavar="NAME", help="score as NAME")
    parser.add_argument("--blind", action="store_true", help="hide scores until submitted")
    parser.add_argument("--open", action="store_true", help="show scores to everyone")
    parser.add_argument("--threshold", type=float, help="flag spreads of at least POINTS")
    parser.add_argument("--for", dest="for_name", metavar="NAME", help="the evaluator")
    parser.add_argument("--out", metavar="FILE", help="where to write the workbook")
    add_json_argument(parser)
    parser.set_defaults(func=run_committee)


def _need(args: argparse.Namespace, count: int, usage: str) -> list[str]:
    from computescore.errors import UsageError

    if len(args.args) != count:
        raise UsageError(f"usage: computescore committee {usage}")
    return list(args.args)


def _number(text: str, what: str) -> float:
    from computescore.errors import UsageError

    try:
        return float(text.replace(",", "."))
    except ValueError:
        raise UsageError(f"{what} must be a number, not {text!r}.") from None


def run_committee(args: argparse.Namespace) -> int:
    """Run one committee action."""
    from computescore.errors import UsageError
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        handler = _HANDLERS.get(args.action)
        if handler is None:
            raise UsageError(
                f"{args.action!r} is not a committee action; see computescore committee --help."
            )
        return handler(store, args)


def _show(store: Store, args: argparse.Namespace) -> int:
    from computescore.services.committee import committee_view

    view = committee_view(store, args.evaluation, viewer=args.evaluator)
    committee = view.committee
    if args.json:
        print_json(
            {
                "evaluation": view.evaluation,
                "me": view.me,
                "blind": committee.blind,
                "threshold": committee.disagreement_points,
                "criteria": [
                    {"name": c.name, "axis": c.axis.value, "weight": c.weight, "scale": c.scale_max}
                    for c in committee.criteria
                ],
                "scores": [
                    {
                        "criterion": row.criterion,
                        "vendor": row.vendor,
                        "scores": dict(row.scores),
                        "spread": row.spread,
                        "flagged": row.flagged,
                        "consensus": None if row.consensus is None else row.consensus.score,
                        "reason": "" if row.consensus is None else row.consensus.reason,
                    }
                    for row in view.rows
                ],
                "waiting": list(view.waiting),
            }
        )
        return 0
    if not committee.criteria:
        print(
            "No qualitative criteria yet: computescore committee add-criterion "
            '"Reference calls" --axis service --weight 0.3'
        )
        return 0
    print(
        f"Committee of {view.evaluation} (you are {view.me}; blind: "
        f"{'yes' if committee.blind else 'no'}; flag at a spread of "
        f"{format_number(committee.disagreement_points)} points)"
    )
    print_table(
        ["Criterion", "Axis", "Share", "Scale"],
        [
            [c.name, c.axis.value, f"{c.weight:.0%}", f"0–{format_number(c.scale_max)}"]
            for c in committee.criteria
        ],
    )
    evaluators = committee.evaluators
    if view.rows:
        print()
        print_table(
            ["Criterion", "Vendor", *evaluators, "Spread", "Consensus"],
            [
                [
                    row.criterion,
                    row.vendor,
                    *(
                        format_number(dict(row.scores)[e]) if e in dict(row.scores) else "—"
                        for e in evaluators
                    ),
                    format_number(row.spread) + ("  ⚑ discuss" if row.flagged else ""),
                    "—"
                    if row.consensus is None
                    else f"{format_number(row.consensus.score)} ({row.consensus.reason})",
                ]
                for row in view.rows
            ],
        )
    else:
        print("\nNo submitted scores yet.")
    if view.waiting:
        print("\nDrafts not yet submitted: " + ", ".join(view.waiting))
    return 0


def _add_criterion(store: Store, args: argparse.Namespace) -> int:
    from computescore.domain.committee import Criterion
    from computescore.errors import UsageError
    from computescore.services.committee import save_criterion

    (name,) = _need(args, 1, "add-criterion NAME --axis AXIS --weight SHARE")
    if args.axis is None or args.weight is None:
        raise UsageError("add-criterion needs --axis (the axis it feeds) and --weight (0–1).")
    criterion = Criterion(name, Axis(args.axis), args.weight, args.scale, args.description)
    save_criterion(store, criterion, args.evaluation)
    print(f"Criterion {name!r} feeds {args.axis} with {args.weight:.0%} of the axis.")
    return 0


def _remove_criterion(store: Store, args: argparse.Namespace) -> int:
    from computescore.services.committee import remove_criterion

    (name,) = _need(args, 1, "remove-criterion NAME")
    remove_criterion(store, name, args.evaluation)
    print(f"Criterion {name!r} removed (its scores stay in the audit trail).")
    return 0


def _rules(store: Store, args: argparse.Namespace) -> int:
    from computescore.errors import UsageError
    from computescore.services.committee import committee_view, set_rules

    if args.blind and args.open:
        raise UsageError("Choose --blind or --open, not both.")
    current = committee_view(store, args.evaluation).committee
    blind = True if args.blind else False if args.open else current.blind
    threshold = args.threshold if args.threshold is not None else current.disagreement_points
    set_rules(store, blind=blind, disagreement_points=threshold, evaluation=args.evaluation)
    print(
        f"Blind scoring {'on' if blind else 'off'}; spreads of {format_number(threshold)} "
        "points or more are flagged."
    )
    return 0


def _score(store: Store, args: argparse.Namespace) -> int:
    from computescore.services.committee import record_score

    vendor, criterion, value = _need(args, 3, "score VENDOR CRITERION SCORE")
    who = record_score(
        store,
        criterion,
        vendor,
        _number(value, "The score"),
        note=args.note,
        evaluator=args.evaluator,
        submit=args.submit,
        evaluation=args.evaluation,
    )
    state = "submitted" if args.submit else "saved as a draft (submit with: committee submit)"
    print(f"{who}'s score {value} for {vendor} on {criterion!r} {state}.")
    return 0


def _submit(store: Store, args: argparse.Namespace) -> int:
    from computescore.services.committee import submit_scores

    who, count = submit_scores(store, evaluator=args.evaluator, evaluation=args.evaluation)
    print(f"{who} submitted {count} score{'s' if count != 1 else ''}.")
    return 0


def _consensus(store: Store, args: argparse.Namespace) -> int:
    from computescore.services.committee import record_consensus

    vendor, criterion, value = _need(args, 3, "consensus VENDOR CRITERION SCORE --reason TEXT")
    record_consensus(
        store,
        criterion,
        vendor,
        _number(value, "The score"),
        args.reason,
        evaluation=args.evaluation,
    )
    print(f"Consensus for {vendor} on {criterion!r}: {value} ({args.reason}).")
    return 0


def _check(store: Store, args: argparse.Namespace) -> int:
    from computescore.services.analysis import AnalysisOptions, analyse
    from computescore.services.evaluate import EvaluateOptions

    options = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))
    result = analyse(store, args.evaluation, options).result
    check = result.committee
    if args.json:
        print_json(
            None
            if check is None
            else {
                "winner": check.winner,
                "without": [{"evaluator": who, "winner": w} for who, w in check.without],
                "changes": [who for who, _ in check.changes],
            }
        )
        return 0
    if check is None:
        print("No criteria with submitted scores: there is no evaluator to leave out.")
        return 0
    print(check.sentence())
    for who, winner in check.without:
        print(f"  without {who}: {winner or 'no quote'} wins")
    return 1 if check.changes else 0


def _workbook(store: Store, args: argparse.Namespace) -> int:
    from pathlib import Path

    from computescore.errors import UsageError
    from computescore.services.committee_workbook import write_evaluator_workbook

    if not args.for_name or not args.out:
        raise UsageError("workbook needs --for NAME (the evaluator) and --out FILE.xlsx.")
    written = write_evaluator_workbook(store, args.for_name, Path(args.out), args.evaluation)
    print(f"Wrote {written} for {args.for_name}: their criteria and vendors, no prices.")
    return 0


def _import(store: Store, args: argparse.Namespace) -> int:
    from pathlib import Path

    from computescore.services.committee_workbook import import_evaluator_workbook

    (path,) = _need(args, 1, "import FILE.xlsx")
    result = import_evaluator_workbook(store, Path(path), args.evaluation)
    print(
        f"Read {result.count} score{'s' if result.count != 1 else ''} of {result.evaluator} "
        f"from {Path(path).name}" + (" (submitted)." if result.submitted else " (drafts).")
    )
    return 0


_HANDLERS = {
    "show": _show,
    "add-criterion": _add_criterion,
    "remove-criterion": _remove_criterion,
    "rules": _rules,
    "score": _score,
    "submit": _submit,
    "consensus": _consensus,
    "check": _check,
    "workbook": _workbook,
    "import": _import,
}
