"""The ``tco`` command: every quote's total cost of ownership, as JSON or line by line."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from computescore.cli.common import print_json, print_table
from computescore.cli.engine.values import figure_value, problem_dicts, result_header, round_value
from computescore.domain.figures import format_number
from computescore.domain.presentation import currency_code, presenting, to_reporting
from computescore.vocabulary import category_text

# ----------------------------------------------------------------------------- JSON


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
        "total_usd": round_value(tco.total_usd, 2),
        "present_value_usd": round_value(tco.present_value_usd, 2),
        "headline_usd": round_value(tco.headline_usd, 2),
        "discount_rate": tco.discount_rate,
        "complete": tco.complete,
        "horizon_months": tco.horizon_months,
        "hours_per_day": tco.hours_per_day,
        "gpu_count": tco.gpu_count,
        "used_gpu_hours": figure_value(tco.used_gpu_hours),
        "usd_per_used_gpu_hour": figure_value(tco.usd_per_used_gpu_hour),
        "usd_per_useful_pflop_hour": figure_value(tco.usd_per_useful_pflop_hour),
        "usd_per_million_tokens": figure_value(tco.usd_per_million_tokens),
        "training_job_gpu_hours": figure_value(tco.training_job_gpu_hours),
        "training_job_usd": figure_value(tco.training_job_usd),
        "training_job_days": figure_value(tco.training_job_days),
        "idle_committed_usd": figure_value(tco.idle_committed_usd),
        "mfu": tco.mfu.value,
        "mfu_measured": "unmeasured" not in tco.mfu.flags,
        "supporting": supporting,
        "compute_offer": tco.compute_offer,
        "useful_basis": tco.useful_basis.value,
        "useful_tflops_per_accelerator": figure_value(rate),
        "useful_explanation": describe_useful(rate) if rate is not None else None,
        "useful_missing": tco.useful_missing or None,
        "lines_not_costed": len(tco.not_costed),
        "fx_used": [_fx(fx) for fx in tco.fx_used],
        "monthly_cash_flow_usd": [round(v, 2) for v in tco.monthly_cash_flow_usd],
        "lines": [_tco_line(line) for line in tco.lines],
        "problems": problem_dicts(tco.problems),
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
        "total_usd": round_value(option.total_usd, 2),
        "headline_usd": round_value(option.headline_usd, 2),
        "usd_per_used_gpu_hour": round_value(option.usd_per_used_gpu_hour),
        "usd_per_useful_pflop_hour": round_value(option.usd_per_useful_pflop_hour),
        "priced": option.priced,
        "complete": option.complete,
        "eligible": option.eligible,
        "chosen": option.chosen,
        "note": option.note or None,
        "lines": [_tco_line(line) for line in option.lines],
    }


def _quoted_line(item: Any) -> dict[str, Any]:
    """A quote line as the vendor wrote it (canonical fields) and its part in the TCO."""
    from computescore.services.json_contract import line_fields

    fields = line_fields(item.line)
    del fields["region"], fields["country"]  # not part of the TCO output's quoted lines
    return {
        **fields,
        "role": item.role,
        "counted": item.counted,
        "option": item.option,
        "note": item.note,
    }


def run_tco(args: argparse.Namespace) -> int:
    """Print every quote's TCO, line by line."""
    from computescore.services.analysis import AnalysisOptions, analyse_db
    from computescore.services.evaluate import EvaluateOptions, plain

    engine = EvaluateOptions(workload=args.workload, monte_carlo_samples=0)
    analysis = analyse_db(
        args.db, args.evaluation, AnalysisOptions(engine=engine, run_compliance=False)
    )
    result = analysis.result
    supporting = {item.quote_key for item in result.scorecard.supporting}
    items = sorted(
        result.quotes,
        # A quote with lines left out is no cheaper for it: complete quotes come first.
        key=lambda q: (
            q.quote_key in supporting,
            not q.tco.complete,
            q.tco.headline_usd,
            q.quote_key,
        ),
    )
    if args.json:
        print_json(
            {
                **result_header(result),
                "assumptions": plain(result.assumptions),
                "quotes": [tco_to_dict(item, item.quote_key in supporting) for item in items],
                "problems": problem_dicts(result.problems),
            }
        )
        return 0
    with presenting(analysis.presentation):
        _print_tco(result, items, supporting)
    if analysis.presentation.problem:
        print(f"note: {analysis.presentation.problem}")
    return 0


# ----------------------------------------------------------------------------- text


def input_text(item: Any) -> str:
    """One input of a formula: ``price = 14,250 EUR/node-month``; FX rates to 4 decimals."""
    if item.name == "FX" and isinstance(item.value, float | int):
        return f"FX = {item.value:.4f} {item.unit}"
    if item.unit and item.unit == item.name and isinstance(item.value, float | int):
        return f"{format_number(item.value)} {item.unit}"  # "36 months", not "months = 36 months"
    return str(item.text())


def _headline(tco: Any) -> str:
    """The quote's total; for an incomplete quote what is known of it: at least the lines
    priced ("≥ 30,000"), or "—" when nothing could be priced."""
    amount = to_reporting(tco.headline_usd)
    if tco.complete:
        return f"{amount:,.0f}"
    return f"≥ {amount:,.0f}" if amount > 0 else "—"


def _completeness(tco: Any) -> str:
    if not tco.complete:
        return "NO (see notes)"
    missing = len(tco.not_costed)
    if missing:
        return f"{missing} line{'s' if missing != 1 else ''} not costed"
    return "yes"


def _print_tco(result: Any, items: Sequence[Any], supporting: set[str]) -> None:
    from computescore.domain.scoring import TOKEN_API_REASON

    tokens = {s.quote_key for s in result.scorecard.supporting if s.reason == TOKEN_API_REASON}
    from computescore.domain.scoring import describe_useful

    print(
        f"TCO — {result.evaluation}, {result.workload_note}, decided "
        f"{result.decision_date.isoformat()}"
    )
    if items:
        first = items[0].tco
        print(
            f"Amounts in {currency_code()} over the {first.horizon_months}-month horizon at "
            f"{format_number(first.hours_per_day)} h/day of use; "
            + (
                f"discounted at {first.discount_rate:.1%} a year: the first column is the "
                "present value, the line amounts below are as paid"
                if first.discount_rate > 0
                else "not discounted"
            )
            + "."
        )
        needed = first.accelerators_needed
        if needed is not None:
            print(
                f"Each compute line is an option priced for the workload's {needed:,} "
                "accelerators (rounded up to whole nodes); each quote's total is its cheapest "
                "option with the cost lines that go with it. Options are listed per quote below."
            )
    discounted = bool(items) and items[0].tco.discount_rate > 0
    print_table(
        [
            "Quote",
            "Offer",
            "GPUs",
            f"Present value {currency_code()}" if discounted else f"Total {currency_code()}",
            f"{currency_code()} per GPU-h used",
            f"{currency_code()} per useful PFLOP-h",
            f"{currency_code()} per M tokens",
            "Complete",
        ],
        [
            [
                item.label,
                "token API"
                if item.quote_key in tokens
                else "supporting"
                if item.quote_key in supporting
                else "compute",
                f"{item.tco.accelerators_priced:,}" if item.tco.options else "—",
                _headline(item.tco),
                *(
                    _money(value) if item.tco.complete else "—"
                    for value in (
                        item.tco.usd_per_used_gpu_hour,
                        item.tco.usd_per_useful_pflop_hour,
                        item.tco.usd_per_million_tokens,
                    )
                ),
                _completeness(item.tco),
            ]
            for item in items
        ],
        [False, False, True, True, True, True, True, False],
    )
    print(
        "GPUs = accelerators paid for; — = cannot be computed (see the quote below); "
        "≥ = the lines that could be priced, a quote with lines left out (listed last); "
        "supporting = no compute lines, not ranked (a facility or services quote to combine "
        "with an owned option); token API = priced per million tokens, compared with the "
        "capacity offers per million tokens, not ranked"
    )
    for item in items:
        tco = item.tco
        print()
        kind = (
            " (token-API offer, priced per million tokens)"
            if item.quote_key in tokens
            else " (supporting quote: no compute lines)"
            if item.quote_key in supporting
            else ""
        )
        print(
            f"{item.label}: {to_reporting(tco.total_usd):,.2f} {currency_code()} over "
            f"{tco.horizon_months} months{kind}"
        )
        if tco.options:
            _print_options(tco)
        print_table(
            ["Line", "Category", "USD", "How it is computed"],
            [
                [
                    line.label,
                    category_text(line.category.value),
                    f"{to_reporting(line.amount_usd):,.2f}",
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
    return "—" if figure is None else f"{to_reporting(figure.value):,.2f}"


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
                f"{to_reporting(option.total_usd):,.0f}" if option.priced else "—",
                "—"
                if option.usd_per_useful_pflop_hour is None or not option.priced
                else f"{to_reporting(option.usd_per_useful_pflop_hour):,.2f}",
                state,
            ]
        )
    print_table(
        [
            "#",
            "Option",
            "Quoted (as the vendor wrote it)",
            "Priced for",
            f"Total {currency_code()}",
            f"{currency_code()} per useful PFLOP-h",
            "",
        ],
        rows,
        [True, False, False, True, True, True, False],
    )
