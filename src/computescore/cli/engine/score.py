"""The ``score`` command: five-axis scores, ranking, knock-outs, buy versus rent and robustness."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from computescore.cli.common import print_json, print_table
from computescore.cli.engine.values import figure_value, problem_dicts, result_header
from computescore.domain.figures import FLAG_LEGEND, flag_mark, format_number
from computescore.domain.presentation import currency_code, presenting, to_reporting
from computescore.domain.scoring import TOKEN_API_REASON
from computescore.domain.scoring.missing import missing_sentence, missing_swings
from computescore.domain.scoring.scales import describe_scale
from computescore.domain.weights import weights_origin
from computescore.errors import UsageError
from computescore.services.caveats import award_caveat


def parse_weights(text: str | None) -> dict[str, float] | None:
    """``cost=0.4,reliability=0.3`` → ``{"cost": 0.4, "reliability": 0.3}``.

    Raises:
        UsageError: an item is not ``axis=number``, or names no axis (the nearest are named).
    """
    from computescore.domain.weights import Axis
    from computescore.services.fields import unknown_name

    if not text:
        return None
    axes = [axis.value for axis in Axis]
    weights: dict[str, float] = {}
    for item in text.split(","):
        name, sep, value = item.partition("=")
        try:
            if not sep:
                raise ValueError
            weights[name.strip().lower()] = float(value)
        except ValueError:
            raise UsageError(
                f"--weights: {item.strip()!r} is not AXIS=NUMBER (e.g. cost=0.4,reliability=0.3)"
            ) from None
        if name.strip().lower() not in axes:
            raise UsageError(f"--weights: {unknown_name('axis', name.strip(), axes)}")
    return weights


def _flip(flip: Any) -> dict[str, Any] | None:
    if flip is None:
        return None
    return {
        "axis": flip.axis.value,
        "current": round(flip.current, 6),
        "flips_at": None if flip.flips_at is None else round(flip.flips_at, 6),
        "change": None if flip.change is None else round(flip.change, 6),
        "new_winner": flip.new_winner_key,
        "explanation": flip.explanation,
    }


def _finding(f: Any) -> dict[str, Any]:
    return {
        "title": f.title,
        "reason": f.reason,
        "severity": f.severity.value,
        "category": f.category.value,
        "rule_id": f.rule_id,
        "rule_date": f.rule_date,
        "rule_status": f.rule_status,
        "source": f.source,
    }


def _chosen_label(tco: Any) -> str | None:
    chosen = tco.chosen
    return None if chosen is None else str(chosen.label)


def score_to_dict(result: Any) -> dict[str, Any]:
    """The scorecard and its robustness with stable keys."""
    card = result.scorecard
    winner = card.winner
    by_key = {item.quote_key: item for item in result.quotes}
    advice = result.buy_vs_rent
    crossing = advice.break_even.hours_per_day if advice.break_even else None
    monte = result.monte_carlo
    supporting = {item.quote_key for item in card.supporting}
    return {
        **result_header(result),
        "weights": card.weights.as_dict(),
        "weights_source": card.weights.source,
        "cost_metric": card.cost_metric,
        "compliance_checked": result.compliance_checked,
        "winner": winner.quote_key if winner else None,
        "margin_points": None if result.margin is None else round(result.margin.value, 6),
        "quotes": [
            {
                "quote": s.quote_key,
                "label": s.label,
                "rank": s.rank,
                "disqualified": s.disqualified,
                "weighted_total": round(s.weighted_total, 6),
                "axes": {
                    a.axis.value: {
                        "score": round(a.score, 6),
                        "explanation": a.explanation,
                        "scale": a.scale,
                        "flags": list(a.flags),
                        "value": figure_value(a.metric),
                        "unit": None if a.metric is None else a.metric.unit,
                    }
                    for a in s.axes
                },
                "knockouts": [_finding(f) for f in s.knockouts],
                "flags": list(s.flags),
                "headline_usd": round(by_key[s.quote_key].tco.headline_usd, 2),
                "chosen_option": _chosen_label(by_key[s.quote_key].tco),
                "choice": by_key[s.quote_key].tco.choice or None,
            }
            for s in card.scores
        ],
        "supporting_quotes": [
            {
                "quote": item.quote_key,
                "label": item.label,
                "reason": item.reason,
                "offers": list(item.offers),
                "headline_usd": None if item.headline_usd is None else round(item.headline_usd, 2),
                "disqualified": item.disqualified,
                "knockouts": [_finding(f) for f in item.knockouts],
                "combine_with": list(item.combine_with),
                "houses": list(item.houses),
                "axes": {
                    a.axis.value: {
                        "score": round(a.score, 6),
                        "explanation": a.explanation,
                        "scale": a.scale,
                        "flags": list(a.flags),
                    }
                    for a in (item.service, item.compliance)
                },
            }
            for item in card.supporting
        ],
        "flip_weights": [_flip(f) for f in result.flips],
        "smallest_flip": _flip(result.smallest_flip),
        "buy_vs_rent": {
            "choice": advice.recommendation.choice.value,
            "headline": advice.recommendation.headline,
            "reasons": list(advice.recommendation.reasons),
            "agrees_with_rule_of_thumb": advice.recommendation.agrees_with_prior,
            "owned_quote": advice.owned_key,
            "rented_quote": advice.rented_key,
            "like_for_like": advice.like_for_like,
            "break_even_hours_per_day": None if crossing is None else round(crossing.value, 6),
            "owned_option": advice.owned_option,
            "rented_option": advice.rented_option,
        },
        "monte_carlo": None
        if monte is None
        else {
            "samples": monte.samples,
            "seed": monte.seed,
            "notes": list(monte.notes),
            "quotes": [
                {
                    "quote": q.quote_key,
                    "p10_usd": None if q.p10_usd is None else round(q.p10_usd, 2),
                    "p50_usd": None if q.p50_usd is None else round(q.p50_usd, 2),
                    "p90_usd": None if q.p90_usd is None else round(q.p90_usd, 2),
                    "probability_first": q.probability_first,
                    "probability_lowest_tco": q.probability_lowest_tco,
                    "supporting": q.quote_key in supporting,
                }
                for q in monte.quotes
            ],
        },
        "scales": {
            "performance": _scale(card.rules.performance_scale),
            "cost": _scale(card.rules.cost_scale),
            "origin": card.rules.scales_origin,
            "missing_as_worst": sorted(axis.value for axis in card.rules.worst_when_missing),
        },
        "independence": _independence(result.independence),
        "committee": None
        if result.committee is None
        else {
            "winner": result.committee.winner,
            "sentence": result.committee.sentence(),
            "without": [{"evaluator": who, "winner": w} for who, w in result.committee.without],
        },
        "missing_swings": [
            {"quote": s.quote, "axis": s.axis.value, "end": s.end, "winner": s.winner}
            for s in missing_swings(card)
        ],
        "caveat": award_caveat(result),
        "notes": list(card.notes),
        "problems": problem_dicts(result.problems),
    }


def _scale(scale: Any) -> dict[str, float] | str:
    return "relative" if scale is None else {"zero": scale.floor, "hundred": scale.ideal}


def _independence(check: Any) -> dict[str, Any] | None:
    if check is None:
        return None
    return {
        "holds": check.holds,
        "checks": check.checks,
        "sentence": check.sentence(),
        "flips": [
            {
                "change": case.change,
                "quote": case.quote,
                "winner": case.winner,
                "lead_points": round(case.lead_points, 6),
            }
            for case in check.flips
        ],
    }


def scale_lines(rules: Any) -> list[str]:
    """The scales of the cost and performance axes, and where they come from, as lines."""
    lines = [
        "Scales: performance "
        + describe_scale(rules.performance_scale, "performance")
        + "; cost "
        + describe_scale(rules.cost_scale, "cost"),
    ]
    if rules.scales_origin:
        lines.append(f"  ({rules.scales_origin}; change them with computescore scales)")
    if rules.worst_when_missing:
        names = ", ".join(sorted(axis.value for axis in rules.worst_when_missing))
        lines.append(f"Missing data counts as the worst score on: {names}")
    return lines


def run_score(args: argparse.Namespace) -> int:
    """Print the scorecard, knock-outs, margin and flip weights."""
    from computescore.services.analysis import AnalysisOptions, analyse_db
    from computescore.services.evaluate import EvaluateOptions

    engine = EvaluateOptions(
        workload=args.workload,
        weights=parse_weights(args.weights),
        monte_carlo_samples=args.samples,
        seed=args.seed,
    )
    options = AnalysisOptions(engine=engine, run_compliance=not args.no_compliance)
    analysis = analyse_db(args.db, args.evaluation, options)
    result = analysis.result
    if args.json:
        print_json(score_to_dict(result))
        return 0
    with presenting(analysis.presentation):
        _print_score(result)
    return 0


def knockout_text(finding: Any) -> str:
    """One knock-out on one line: title, the first line of its reason and the rule.

    Long reasons (an export-control classification with its arithmetic) are cut to
    their first line; ``computescore check --verbose`` prints them in full.
    """
    lines = [line for line in finding.reason.splitlines() if line.strip()]
    reason = lines[0].strip() if lines else ""
    more = " (full reasoning: computescore check --verbose)" if len(lines) > 1 else ""
    text = f"knock-out: {finding.title}"
    if reason and reason != finding.title:
        text += f": {reason}"
    return f"{text}{more} [{finding.rule_id}]"


def _print_score(result: Any) -> None:
    card = result.scorecard
    weights = card.weights.as_dict()
    print(
        f"Scorecard — {result.evaluation}, {result.workload_note}, decided "
        f"{result.decision_date.isoformat()}"
    )
    if "the others:" in result.workload_note:
        print("Choose another workload profile with --workload NAME.")
    print(
        "Weights (from "
        + weights_origin(card.weights.source)
        + "): "
        + ", ".join(f"{axis} {value:.0%}" for axis, value in weights.items())
    )
    for line in scale_lines(card.rules):
        print(line)
    rows = []
    for s in card.scores:
        marks = {a.axis.value: f"{a.score:.0f}{flag_mark(a.flags)}" for a in s.axes}
        rows.append(
            [str(s.rank) if s.rank else "out", s.label, *marks.values(), f"{s.weighted_total:.1f}"]
        )
    print_table(
        ["Rank", "Quote", "Perf", "Reliab", "Cost", "Service", "Compl", "Total"],
        rows,
        [True, False, True, True, True, True, True, True],
    )
    print(
        "Each axis is scored 0–100; Total = the weighted sum (0–100). Perf = performance, "
        "Reliab = reliability, Compl = compliance."
    )
    print(f"Marks: {FLAG_LEGEND} — see the explanations below")
    if any(s.disqualified for s in card.scores):
        print("out = disqualified by a knock-out (a must-have it fails); the reasons are below")
    winner = card.winner
    if winner is None:
        print("No quote survives the knock-outs: there is no winner.")
    elif result.margin is not None:
        runner_up = card.ranked[1]
        print(
            f"Winner: {winner.label}, {winner.weighted_total:.1f} points, "
            f"{result.margin.value:.1f} points ahead of {runner_up.label} "
            f"({runner_up.weighted_total:.1f})"
        )
    else:
        print(
            f"Winner: {winner.label}, {winner.weighted_total:.1f} points (no other qualified quote)"
        )
    caveat = award_caveat(result)
    if caveat:
        print(f"WARNING: {caveat}")
    if result.independence is not None:
        print(f"Independence: {result.independence.sentence()}")
    if result.committee is not None:
        print(f"Committee: {result.committee.sentence()}")
    swings = missing_sentence(card)
    if swings:
        print(f"Missing data: {swings}")
    if result.smallest_flip is not None:
        print(f"Smallest flip: {result.smallest_flip.explanation}")
    elif result.flips:
        print("No change of a single weight between 0 % and 100 % changes the winner.")
    for note in card.notes:
        print(f"Note: {note}")
    if card.supporting:
        print()
        print("Supporting quotes — no compute lines, so not ranked against the compute offers")
        for item in card.supporting:
            print()
            state = " — KNOCKED OUT" if item.disqualified else ""
            print(f"{item.label}{state}: {item.reason}")
            total = (
                f"{to_reporting(item.headline_usd):,.0f} {currency_code()}"
                if item.headline_usd is not None
                else "incomplete (a line could not be costed)"
            )
            print(
                f"  prices {', '.join(item.offers)}; its own TCO is {total} "
                "(lines: computescore tco)"
            )
            if item.combine_with or item.houses:
                print(f"  {item.housing_text()}")
            elif item.reason != TOKEN_API_REASON:
                print("  no qualified owned option in this evaluation to combine it with")
            for f in item.knockouts:
                print(f"  {knockout_text(f)}")
            print(f"  {item.service.explanation}")
            print(f"  {item.compliance.explanation}")
    for s in card.scores:
        print()
        print(
            f"{s.label}"
            + (" — DISQUALIFIED by a knock-out" if s.disqualified else f" — rank {s.rank}")
            + f", total {s.weighted_total:.1f}"
        )
        for f in s.knockouts:
            print(f"  {knockout_text(f)}")
        for a in s.axes:
            print(f"  {a.explanation}")
    advice = result.buy_vs_rent.recommendation
    print()
    print(f"Buy vs rent: {advice.headline}")
    for reason in advice.reasons:
        print(f"  {reason}")
    if result.monte_carlo is not None and result.monte_carlo.quotes:
        _print_monte_carlo(result)
    _print_problems(result.problems)


def _print_monte_carlo(result: Any) -> None:
    monte = result.monte_carlo
    card = result.scorecard
    supporting = {item.quote_key for item in card.supporting}
    out = {s.quote_key for s in card.scores if s.disqualified}

    def first(q: Any) -> str:
        if q.quote_key in supporting:
            return "supporting"
        if q.quote_key in out:
            return "out"
        return "" if q.probability_first is None else f"{q.probability_first:.1%}"

    order = {key: index for index, key in enumerate(item.quote_key for item in result.quotes)}
    print()
    print(f"Monte Carlo ({monte.samples:,} samples, seed {monte.seed})")
    print_table(
        [
            "Quote",
            *(f"{p} TCO {currency_code()}" for p in ("P10", "P50", "P90")),
            "P(ranks first)",
        ],
        [
            [
                q.label,
                *(
                    "incomplete" if value is None else f"{to_reporting(value):,.0f}"
                    for value in (q.p10_usd, q.p50_usd, q.p90_usd)
                ),
                first(q),
            ]
            for q in sorted(monte.quotes, key=lambda q: order.get(q.quote_key, len(order)))
        ],
        [False, True, True, True, True],
    )
    ranges = monte.ranges
    print(
        "Inputs drawn from triangular ranges (low / likely / high): hours of use "
        f"{_triple(ranges.hours_per_day)} h/day, energy {_triple(ranges.energy_usd_per_kwh)} "
        f"USD/kWh, residual value {_triple(ranges.residual_fraction)} of price, MFU × "
        f"{_triple(ranges.mfu_factor)}, foreign-currency rates × {_triple(ranges.fx_factor)}"
    )
    for note in monte.notes:
        print(f"Note: {note}")


def _triple(item: Any) -> str:
    return " / ".join(format_number(v) for v in (item.low, item.likely, item.high))


def _print_problems(problems: Sequence[Any]) -> None:
    texts = list(dict.fromkeys(str(problem) for problem in problems))
    if texts:
        print()
        print("Notes on the data (source: message):")
        for text in texts:
            print(f"  {text}")
