"""Decision-engine commands: sizing estimates, TCO per quote, and the five-axis scorecard.

* ``computescore estimate training --params 7e9 --tokens 1e12 --accelerator nvidia-h100-sxm
  --mfu 0.4 [--precision bf16] [--gpus N] [--usd-per-gpu-hour X] [--json]``
* ``computescore estimate inference --params 13e9 --tokens-per-day 2e9 --accelerator …``
* ``computescore tco --db PATH [--evaluation NAME] [--workload NAME] [--json]``
* ``computescore score --db PATH [--evaluation NAME] [--workload NAME] [--weights …] [--json]``

JSON keys are stable (new ones are added, none renamed); without ``--json`` a readable
table is printed. ``tco`` prices every compute line as an option for the workload's
accelerators and lists the options (``options``, ``chosen_option``, ``choice``) and the
quote's lines as quoted (``quote_lines``) beside the chosen option's TCO lines.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from typing import Any

from computescore.cli.common import add_db_argument, print_json, print_table
from computescore.domain.figures import format_number
from computescore.domain.weights import weights_origin
from computescore.errors import UsageError
from computescore.vocabulary import category_text

ESTIMATE_HELP = "size a training job or an inference load on a catalogue accelerator"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``estimate``, ``tco`` and ``score`` commands."""
    estimate = sub.add_parser("estimate", help=ESTIMATE_HELP, description=ESTIMATE_HELP)
    kinds = estimate.add_subparsers(
        dest="kind", metavar="KIND", required=True, parser_class=type(estimate)
    )

    training = kinds.add_parser("training", help="GPU-hours, memory and time of a training job")
    training.add_argument("--params", type=float, required=True, help="model parameters, e.g. 7e9")
    training.add_argument("--tokens", type=float, required=True, help="training tokens, e.g. 1e12")
    _accelerator_arguments(training)
    training.add_argument("--gpus", type=int, help="accelerators for the wall-clock time")
    training.add_argument("--usd-per-gpu-hour", type=float, help="price for the job's cost")
    training.add_argument("--json", action="store_true", help="print JSON")
    training.set_defaults(func=run_estimate_training)

    inference = kinds.add_parser("inference", help="memory, token rate and GPUs to serve a load")
    inference.add_argument("--params", type=float, required=True, help="model parameters")
    inference.add_argument(
        "--tokens-per-day", type=float, required=True, help="tokens served per day"
    )
    _accelerator_arguments(inference)
    inference.add_argument("--context", type=int, default=4096, help="context length (tokens)")
    inference.add_argument("--batch", type=int, default=1, help="concurrent sequences")
    inference.add_argument(
        "--hours-per-day", type=float, default=24.0, help="hours per day the load is served in"
    )
    inference.add_argument(
        "--tokens-per-second",
        type=float,
        help="measured tokens/s per accelerator (beats the estimate)",
    )
    inference.add_argument("--usd-per-gpu-hour", type=float, help="price for the daily cost")
    inference.add_argument("--json", action="store_true", help="print JSON")
    inference.set_defaults(func=run_estimate_inference)

    tco = sub.add_parser("tco", help="total cost of ownership of every quote, line by line")
    _evaluation_arguments(tco)
    tco.set_defaults(func=run_tco)

    score = sub.add_parser("score", help="five-axis scores, ranking, knock-outs and robustness")
    _evaluation_arguments(score)
    score.add_argument(
        "--weights",
        metavar="AXIS=W,…",
        help="axis weights, e.g. cost=0.4,reliability=0.3 (normalised to 1)",
    )
    score.add_argument(
        "--samples",
        type=int,
        default=None,
        help="Monte Carlo samples (default 10,000; 0 turns it off)",
    )
    score.add_argument("--seed", type=int, help="Monte Carlo random seed")
    score.add_argument(
        "--no-compliance",
        action="store_true",
        help="skip the compliance checks (the compliance axis is then neutral)",
    )
    score.set_defaults(func=run_score)


def _accelerator_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--accelerator",
        required=True,
        help="catalogue id or vendor name, e.g. nvidia-h100-sxm or 'H100'",
    )
    parser.add_argument("--precision", default="bf16", help="numeric precision (default bf16)")
    parser.add_argument(
        "--mfu", type=float, default=0.4, help="model FLOPs utilisation, 0–1 (default 0.4)"
    )
    parser.add_argument(
        "--db", metavar="PATH", help="also know the accelerators added to this workspace"
    )


def _evaluation_arguments(parser: argparse.ArgumentParser) -> None:
    add_db_argument(parser)
    parser.add_argument("--evaluation", metavar="NAME", help="evaluation (default: most recent)")
    parser.add_argument("--workload", metavar="NAME", help="workload profile (default: first)")
    parser.add_argument("--json", action="store_true", help="print JSON")


# ----------------------------------------------------------------------------- helpers


def _round(value: float | None, digits: int = 6) -> float | None:
    if value is None:
        return None
    return float(f"{value:.{digits}g}") if abs(value) >= 1e6 else round(value, digits)


def _figure_value(figure: Any) -> float | None:
    return None if figure is None else _round(figure.value)


def _explain(**figures: Any) -> dict[str, str]:
    return {key: figure.explain() for key, figure in figures.items() if figure is not None}


def _problems(problems: Iterable[Any]) -> list[dict[str, Any]]:
    return [
        {
            "source": p.source,
            "severity": p.severity.value,
            "message": p.message,
            "found": p.found,
            "expected": p.expected,
        }
        for p in problems
    ]


def _refuse_bad_input(sizing: Any) -> None:
    errors = [p for p in sizing.problems if p.severity.value == "error"]
    if errors and sizing.flops is None:
        raise UsageError("; ".join(p.message for p in errors) + ".")


def _catalogue(db: str | None) -> Any:
    from computescore.services.catalogue import load_catalogue

    if db is None:
        return load_catalogue()
    from computescore.services.workspace import load_catalogue_for, open_store

    with open_store(db) as store:
        return load_catalogue_for(store)


def _figure_rows(figures: Sequence[tuple[str, Any]]) -> list[list[str]]:
    rows = []
    for name, figure in figures:
        if figure is None:
            continue
        flags = f" [{', '.join(figure.flags)}]" if figure.flags else ""
        rows.append([name, f"{figure.value:,.6g}", figure.unit, figure.formula + flags])
    return rows


def _print_sizing(title: str, figures: Sequence[tuple[str, Any]], problems: Sequence[Any]) -> None:
    print(title)
    print_table(
        ["Figure", "Value", "Unit", "Formula"], _figure_rows(figures), [False, True, False, False]
    )
    for problem in problems:
        print(f"note: {problem}")


# ----------------------------------------------------------------------------- estimate


def run_estimate_training(args: argparse.Namespace) -> int:
    """Print the sizing of a training job."""
    from computescore.services.evaluate import estimate_training

    sizing = estimate_training(
        _catalogue(args.db),
        params=args.params,
        tokens=args.tokens,
        accelerator=args.accelerator,
        mfu=args.mfu,
        precision=args.precision,
        gpus=args.gpus,
        usd_per_gpu_hour=args.usd_per_gpu_hour,
    )
    _refuse_bad_input(sizing)
    figures = {
        "flops": sizing.flops,
        "gpu_hours": sizing.gpu_hours,
        "memory_gb": sizing.memory_gb,
        "min_accelerators": sizing.min_accelerators,
        "wall_clock_days": sizing.wall_clock_days,
        "cost_usd": sizing.cost_usd,
    }
    if args.json:
        out: dict[str, Any] = {
            "purpose": "training",
            "accelerator": sizing.accelerator_id,
            "precision": sizing.precision.value,
            "params": args.params,
            "tokens": args.tokens,
            "mfu": args.mfu,
            "flops": _figure_value(sizing.flops),
            "gpu_hours": _figure_value(sizing.gpu_hours),
            "memory_gb": _figure_value(sizing.memory_gb),
            "min_accelerators": None
            if sizing.min_accelerators is None
            else int(sizing.min_accelerators.value),
        }
        if args.gpus is not None:
            out["gpus"] = args.gpus
            out["wall_clock_days"] = _figure_value(sizing.wall_clock_days)
        if args.usd_per_gpu_hour is not None:
            out["usd_per_gpu_hour"] = args.usd_per_gpu_hour
            out["cost_usd"] = _figure_value(sizing.cost_usd)
        out["flags"] = sorted({flag for f in figures.values() if f for flag in f.flags})
        out["explanations"] = _explain(**figures)
        out["problems"] = _problems(sizing.problems)
        print_json(out)
        return 0
    _print_sizing(
        f"Training {args.params:.3g} parameters on {args.tokens:.3g} tokens, "
        f"{sizing.accelerator_id} at {sizing.precision.value}",
        [
            ("Compute", sizing.flops),
            ("GPU-hours", sizing.gpu_hours),
            ("Memory (full fine-tune)", sizing.memory_gb),
            ("Minimum accelerators", sizing.min_accelerators),
            ("Wall-clock time", sizing.wall_clock_days),
            ("Job cost", sizing.cost_usd),
        ],
        sizing.problems,
    )
    return 0


def run_estimate_inference(args: argparse.Namespace) -> int:
    """Print the sizing of an inference load."""
    from computescore.services.evaluate import estimate_inference

    sizing = estimate_inference(
        _catalogue(args.db),
        params=args.params,
        tokens_per_day=args.tokens_per_day,
        accelerator=args.accelerator,
        mfu=args.mfu,
        precision=args.precision,
        context_length=args.context,
        batch_size=args.batch,
        hours_per_day=args.hours_per_day,
        tokens_per_second=args.tokens_per_second,
        usd_per_gpu_hour=args.usd_per_gpu_hour,
    )
    _refuse_bad_input(sizing)
    figures = {
        "flops_per_day": sizing.flops,
        "memory_gb": sizing.memory_gb,
        "min_accelerators": sizing.min_accelerators,
        "tokens_per_second": sizing.tokens_per_second,
        "gpu_hours_per_day": sizing.gpu_hours,
        "accelerators_needed": sizing.accelerators_for_load,
        "cost_usd_per_day": sizing.cost_usd,
    }
    if args.json:
        out: dict[str, Any] = {
            "purpose": "inference",
            "accelerator": sizing.accelerator_id,
            "precision": sizing.precision.value,
            "params": args.params,
            "tokens_per_day": args.tokens_per_day,
            "context_length": args.context,
            "batch_size": args.batch,
            "hours_per_day": args.hours_per_day,
            "mfu": args.mfu,
            "flops_per_day": _figure_value(sizing.flops),
            "memory_gb": _figure_value(sizing.memory_gb),
            "min_accelerators": None
            if sizing.min_accelerators is None
            else int(sizing.min_accelerators.value),
            "tokens_per_second": _figure_value(sizing.tokens_per_second),
            "gpu_hours_per_day": _figure_value(sizing.gpu_hours),
            "accelerators_needed": None
            if sizing.accelerators_for_load is None
            else int(sizing.accelerators_for_load.value),
        }
        if args.usd_per_gpu_hour is not None:
            out["usd_per_gpu_hour"] = args.usd_per_gpu_hour
            out["cost_usd_per_day"] = _figure_value(sizing.cost_usd)
        out["flags"] = sorted({flag for f in figures.values() if f for flag in f.flags})
        out["explanations"] = _explain(**figures)
        out["problems"] = _problems(sizing.problems)
        print_json(out)
        return 0
    _print_sizing(
        f"Serving {args.params:.3g} parameters, {args.tokens_per_day:.3g} tokens/day, "
        f"{sizing.accelerator_id} at {sizing.precision.value}",
        [
            ("Compute per day", sizing.flops),
            ("Memory (weights + KV cache)", sizing.memory_gb),
            ("Minimum accelerators", sizing.min_accelerators),
            ("Token rate per accelerator", sizing.tokens_per_second),
            ("GPU-hours per day", sizing.gpu_hours),
            ("Accelerators for the load", sizing.accelerators_for_load),
            ("Cost per day", sizing.cost_usd),
        ],
        sizing.problems,
    )
    return 0


# ----------------------------------------------------------------------------- tco


def _fx(fx: Any) -> dict[str, Any] | None:
    if fx is None:
        return None
    return {
        "currency": fx.currency,
        "usd_per_unit": fx.usd_per_unit,
        "as_of": fx.as_of.isoformat() if fx.as_of else None,
        "source": fx.source,
        "text": fx.text(),
    }


def tco_to_dict(item: Any, supporting: bool = False) -> dict[str, Any]:
    """One quote's TCO with stable keys (``quote``, ``total_usd``, ``lines`` …).

    ``supporting`` is True for a quote without compute lines (listed, not ranked).
    """
    from computescore.domain.scoring import describe_useful

    tco = item.tco
    rate = tco.useful_rate
    return {
        "quote": item.quote_key,
        "label": item.label,
        "vendor": item.vendor,
        "reference": item.reference,
        "total_usd": _round(tco.total_usd, 2),
        "present_value_usd": _round(tco.present_value_usd, 2),
        "headline_usd": _round(tco.headline_usd, 2),
        "discount_rate": tco.discount_rate,
        "complete": tco.complete,
        "horizon_months": tco.horizon_months,
        "hours_per_day": tco.hours_per_day,
        "gpu_count": tco.gpu_count,
        "used_gpu_hours": _figure_value(tco.used_gpu_hours),
        "usd_per_used_gpu_hour": _figure_value(tco.usd_per_used_gpu_hour),
        "usd_per_useful_pflop_hour": _figure_value(tco.usd_per_useful_pflop_hour),
        "usd_per_million_tokens": _figure_value(tco.usd_per_million_tokens),
        "training_job_gpu_hours": _figure_value(tco.training_job_gpu_hours),
        "training_job_usd": _figure_value(tco.training_job_usd),
        "training_job_days": _figure_value(tco.training_job_days),
        "idle_committed_usd": _figure_value(tco.idle_committed_usd),
        "mfu": tco.mfu.value,
        "mfu_measured": "unmeasured" not in tco.mfu.flags,
        "supporting": supporting,
        "compute_offer": tco.compute_offer,
        "useful_basis": tco.useful_basis.value,
        "useful_tflops_per_accelerator": _figure_value(rate),
        "useful_explanation": describe_useful(rate) if rate is not None else None,
        "useful_missing": tco.useful_missing or None,
        "lines_not_costed": len(tco.not_costed),
        "fx_used": [_fx(fx) for fx in tco.fx_used],
        "monthly_cash_flow_usd": [round(v, 2) for v in tco.monthly_cash_flow_usd],
        "lines": [_tco_line(line) for line in tco.lines],
        "problems": _problems(tco.problems),
        "accelerators_needed": tco.accelerators_needed,
        "accelerators_priced": tco.accelerators_priced,
        "chosen_option": tco.chosen_option,
        "choice": tco.choice or None,
        "options": [_option(option) for option in tco.options],
        "quote_lines": [_quoted_line(item) for item in tco.quote_lines],
    }


def _tco_line(line: Any) -> dict[str, Any]:
    return {
        "label": line.label,
        "category": line.category.value,
        "amount_usd": round(line.amount_usd, 2),
        "present_value_usd": round(line.present_value_usd, 2),
        "timing": line.timing.value,
        "months": line.months,
        "formula": line.formula,
        "inputs": [
            {"name": i.name, "value": i.value, "unit": i.unit, "source": i.source}
            for i in line.inputs
        ],
        "currency": line.currency,
        "fx": _fx(line.fx),
        "source": line.source,
        "note": line.note,
        "costed": line.costed,
    }


def _option(option: Any) -> dict[str, Any]:
    """One option of a quote priced for the workload, with stable keys."""
    count = option.count
    return {
        "number": option.number,
        "label": option.label,
        "source": option.source,
        "accelerator": option.accelerator or None,
        "deployment": option.deployment.value,
        "term_months": option.term_months,
        "quoted": option.quoted,
        "accelerators_quoted": None if count is None else count.quoted_accelerators,
        "nodes_quoted": None if count is None else count.quoted_nodes,
        "accelerators_per_node": None if count is None else count.per_node,
        "accelerators_needed": option.accelerators_needed,
        "accelerators_priced": None if count is None else count.accelerators,
        "nodes_priced": None if count is None else count.nodes,
        "priced_as": None if count is None else count.how,
        "stated_maximum": option.stated_maximum,
        "total_usd": _round(option.total_usd, 2),
        "headline_usd": _round(option.headline_usd, 2),
        "usd_per_used_gpu_hour": _round(option.usd_per_used_gpu_hour),
        "usd_per_useful_pflop_hour": _round(option.usd_per_useful_pflop_hour),
        "priced": option.priced,
        "complete": option.complete,
        "eligible": option.eligible,
        "chosen": option.chosen,
        "note": option.note or None,
        "lines": [_tco_line(line) for line in option.lines],
    }


def _quoted_line(item: Any) -> dict[str, Any]:
    """A quote line as the vendor wrote it (canonical fields) and its part in the TCO."""
    line = item.line
    return {
        "kind": line.kind.value,
        "category": None if line.category is None else line.category.value,
        "description": line.description,
        "accelerator": line.accelerator,
        "accelerators_per_node": line.accelerators_per_node,
        "nodes": line.nodes,
        "accelerator_count": line.accelerator_count,
        "quantity": None if line.quantity is None else str(line.quantity),
        "deployment": None if line.deployment is None else line.deployment.value,
        "term_months": line.term_months,
        "price": str(line.price),
        "price_unit": line.price_unit.value,
        "currency": line.currency,
        "source": line.source,
        "role": item.role,
        "counted": item.counted,
        "option": item.option,
        "note": item.note,
    }


def _header(result: Any) -> dict[str, Any]:
    return {
        "evaluation": result.evaluation,
        "decision_date": result.decision_date.isoformat(),
        "workload": result.workload.name,
        "workload_note": result.workload_note,
        "catalogue": result.catalogue,
    }


def run_tco(args: argparse.Namespace) -> int:
    """Print every quote's TCO, line by line."""
    from computescore.services.evaluate import EvaluateOptions, evaluate_workspace, plain

    result = evaluate_workspace(
        args.db,
        args.evaluation,
        EvaluateOptions(workload=args.workload, monte_carlo_samples=0),
        run_compliance=False,
    )
    supporting = {item.quote_key for item in result.scorecard.supporting}
    items = sorted(
        result.quotes,
        key=lambda q: (q.quote_key in supporting, q.tco.headline_usd, q.quote_key),
    )
    if args.json:
        print_json(
            {
                **_header(result),
                "assumptions": plain(result.assumptions),
                "quotes": [tco_to_dict(item, item.quote_key in supporting) for item in items],
                "problems": _problems(result.problems),
            }
        )
        return 0
    _print_tco(result, items, supporting)
    return 0


def input_text(item: Any) -> str:
    """One input of a formula: ``price = 14,250 EUR/node-month``; FX rates to 4 decimals."""
    if item.name == "FX" and isinstance(item.value, float | int):
        return f"FX = {item.value:.4f} {item.unit}"
    if item.unit and item.unit == item.name and isinstance(item.value, float | int):
        return f"{format_number(item.value)} {item.unit}"  # "36 months", not "months = 36 months"
    return str(item.text())


def _completeness(tco: Any) -> str:
    if not tco.complete:
        return "NO (see notes)"
    missing = len(tco.not_costed)
    if missing:
        return f"{missing} line{'s' if missing != 1 else ''} not costed"
    return "yes"


def _print_tco(result: Any, items: Sequence[Any], supporting: set[str]) -> None:
    from computescore.domain.scoring import describe_useful

    print(
        f"TCO — {result.evaluation}, {result.workload_note}, decided "
        f"{result.decision_date.isoformat()}"
    )
    if items:
        first = items[0].tco
        print(
            f"Amounts in USD over the {first.horizon_months}-month horizon at "
            f"{format_number(first.hours_per_day)} h/day of use; "
            + ("present values" if first.discount_rate > 0 else "not discounted")
            + "."
        )
        needed = first.accelerators_needed
        if needed is not None:
            print(
                f"Each compute line is an option priced for the workload's {needed:,} "
                "accelerators (rounded up to whole nodes); each quote's total is its cheapest "
                "option with the cost lines that go with it. Options are listed per quote below."
            )
    print_table(
        [
            "Quote",
            "Offer",
            "GPUs",
            "Total USD",
            "USD per GPU-h used",
            "USD per useful PFLOP-h",
            "USD per M tokens",
            "Complete",
        ],
        [
            [
                item.label,
                "supporting" if item.quote_key in supporting else "compute",
                f"{item.tco.accelerators_priced:,}" if item.tco.options else "—",
                f"{item.tco.total_usd:,.0f}",
                _money(item.tco.usd_per_used_gpu_hour),
                _money(item.tco.usd_per_useful_pflop_hour),
                _money(item.tco.usd_per_million_tokens),
                _completeness(item.tco),
            ]
            for item in items
        ],
        [False, False, True, True, True, True, True, False],
    )
    print(
        "GPUs = accelerators paid for; — = cannot be computed (see the quote below); "
        "supporting = no compute lines, not ranked (a facility or services quote to combine "
        "with an owned option)"
    )
    for item in items:
        tco = item.tco
        print()
        kind = " (supporting quote: no compute lines)" if item.quote_key in supporting else ""
        print(f"{item.label}: {tco.total_usd:,.2f} USD over {tco.horizon_months} months{kind}")
        if tco.options:
            _print_options(tco)
        print_table(
            ["Line", "Category", "USD", "How it is computed"],
            [
                [
                    line.label,
                    category_text(line.category.value),
                    f"{line.amount_usd:,.2f}",
                    line.formula
                    + (": " + ", ".join(input_text(i) for i in line.inputs) if line.inputs else "")
                    + (f" ({line.note})" if line.note else ""),
                ]
                for line in tco.lines
            ],
            [False, False, True, False],
        )
        left_out = [q for q in tco.quote_lines if q.role == "tied" and not q.counted]
        for quoted in left_out:
            print(f"  not counted: {quoted.line.description} ({quoted.note})")
        for fx in tco.fx_used:
            print(f"  FX: {fx.text()}")
        if tco.compute_offer and tco.gpu_count > 0:
            used = tco.used_gpu_hours
            print(
                f"  GPU-hours used: {used.value:,.0f} GPU-h = {tco.gpu_count:,} GPUs × "
                f"{format_number(tco.hours_per_day)} h/day × {tco.horizon_months} months × 730/24"
            )
            if tco.useful_rate is not None:
                print(f"  Useful throughput: {describe_useful(tco.useful_rate)}")
            else:
                print(f"  Useful throughput unknown: {tco.useful_missing}")
        for problem in tco.problems:
            print(f"  note: {problem}")


def _money(figure: Any) -> str:
    return "—" if figure is None else f"{figure.value:,.2f}"


def _print_options(tco: Any) -> None:
    """Print the compute options as quoted and as priced for the workload; mark the chosen."""
    print(f"  Choice: {tco.choice}")
    rows = []
    for option in tco.options:
        count = option.count
        priced = (
            "—"
            if count is None
            else (
                f"{count.nodes} nodes = {count.accelerators}"
                if count.nodes is not None
                else f"{count.accelerators}"
            )
        )
        if not option.priced:
            state = "not priced (see notes)"
        elif option.chosen:
            state = "chosen"
        elif not option.eligible:
            state = "not eligible: spot"
        else:
            state = ""
        rows.append(
            [
                f"{option.number}{'*' if option.chosen else ''}",
                option.label,
                option.quoted,
                priced,
                f"{option.total_usd:,.0f}" if option.priced else "—",
                "—"
                if option.usd_per_useful_pflop_hour is None or not option.priced
                else f"{option.usd_per_useful_pflop_hour:,.2f}",
                state,
            ]
        )
    print_table(
        [
            "#",
            "Option",
            "Quoted (as the vendor wrote it)",
            "Priced for",
            "Total USD",
            "USD per useful PFLOP-h",
            "",
        ],
        rows,
        [True, False, False, True, True, True, False],
    )


# ----------------------------------------------------------------------------- score


def parse_weights(text: str | None) -> dict[str, float] | None:
    """``cost=0.4,reliability=0.3`` → ``{"cost": 0.4, "reliability": 0.3}``.

    Raises:
        UsageError: an item is not ``axis=number``.
    """
    if not text:
        return None
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
        **_header(result),
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
                        "value": _figure_value(a.metric),
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
                    "p10_usd": round(q.p10_usd, 2),
                    "p50_usd": round(q.p50_usd, 2),
                    "p90_usd": round(q.p90_usd, 2),
                    "probability_first": q.probability_first,
                    "probability_lowest_tco": q.probability_lowest_tco,
                    "supporting": q.quote_key in supporting,
                }
                for q in monte.quotes
            ],
        },
        "notes": list(card.notes),
        "problems": _problems(result.problems),
    }


def run_score(args: argparse.Namespace) -> int:
    """Print the scorecard, knock-outs, margin and flip weights."""
    from computescore.services.evaluate import EvaluateOptions, evaluate_workspace

    options = EvaluateOptions(
        workload=args.workload,
        weights=parse_weights(args.weights),
        monte_carlo_samples=args.samples,
        seed=args.seed,
    )
    result = evaluate_workspace(
        args.db, args.evaluation, options, run_compliance=not args.no_compliance
    )
    if args.json:
        print_json(score_to_dict(result))
        return 0
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
    rows = []
    for s in card.scores:
        marks = {a.axis.value: f"{a.score:.0f}{'*' if a.flags else ''}" for a in s.axes}
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
    print("* computed from less data, unmeasured or neutral — see the explanations below")
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
            if item.headline_usd is not None:
                print(
                    f"  prices {', '.join(item.offers)}; its own TCO is "
                    f"{item.headline_usd:,.0f} USD (lines: computescore tco)"
                )
            if item.combine_with:
                houses = "owned option" if len(item.combine_with) == 1 else "owned options"
                print(f"  {houses} it could house: {'; '.join(item.combine_with)}")
            else:
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
        ["Quote", "P10 TCO USD", "P50 TCO USD", "P90 TCO USD", "P(ranks first)"],
        [
            [
                q.label,
                f"{q.p10_usd:,.0f}",
                f"{q.p50_usd:,.0f}",
                f"{q.p90_usd:,.0f}",
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
