"""The entry point: the TCO of one quote for one workload, from its options."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from computescore.domain.catalog import Accelerator
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    FxRate,
    LineKind,
    Quote,
)
from computescore.domain.tco.assumptions import Assumptions
from computescore.domain.tco.context import _Context
from computescore.domain.tco.helpers import _line_source
from computescore.domain.tco.options import (
    TOKENS_BESIDE_COMPUTE,
    _quantities_as_quoted,
    _quoted_lines,
    _short_of_need,
    choose_option,
    exclude_options,
)
from computescore.domain.tco.pricing import _price
from computescore.domain.token_offer import ModelChoice, choose_model
from computescore.domain.workload import Workload
from computescore.wording import sentence

if TYPE_CHECKING:
    from computescore.domain.tco.records import Tco


def compute_tco(
    quote: Quote,
    workload: Workload,
    accelerators: Mapping[str, Accelerator],
    fx_rates: Sequence[FxRate],
    on: date,
    assumptions: Assumptions | None = None,
    *,
    excluded: Mapping[int, str] | None = None,
    housings: Sequence[Quote] = (),
) -> Tco:
    """Itemised TCO of ``quote`` for ``workload`` over its horizon, in USD.

    Each compute line is an option priced for the workload's accelerators (see the
    module notes); the TCO is built on the option with the lowest cost per useful
    PFLOP-hour (the lowest headline when some option's useful compute is unknown),
    and every option's figures are kept.

    Args:
        quote: the vendor's quote with its lines.
        workload: accelerators needed, hours per day, horizon, precision, assumed MFU,
            params and tokens.
        accelerators: catalogue records by id (only those the quote names are needed).
        fx_rates: the dated FX table.
        on: the evaluation date (FX rates dated after it are not used).
        assumptions: user-editable inputs; defaults when None.
        excluded: line index → the knock-out that excludes that line's option; such an
            option is priced and shown but never chosen while another remains.
        housings: facility quotes owned hardware may be housed in (``tco.housing``);
            none: the facility assumption houses it.

    Returns:
        The :class:`Tco`: lines, total, present value, monthly cash flow, cost per used
        GPU-hour, per useful PFLOP-hour, per million tokens (when tokens/s is
        measured), the training job's GPU-hours, cost and days, the options and the
        choice, and any problems.
    """
    a = assumptions or Assumptions()
    problems: list[Problem] = []
    source = f"quote:{quote.key}"
    h = a.hours_per_day if a.hours_per_day is not None else workload.hours_per_day
    if not (0 <= h <= 24):
        problems.append(Problem(source, "hours per day must be between 0 and 24", found=str(h)))
        h = min(max(h, 0.0), 24.0)
    horizon = workload.horizon_months
    if horizon <= 0:
        problems.append(
            Problem(
                f"workload:{workload.name}",
                "the horizon must be at least one month; one month is used",
                found=str(horizon),
            )
        )
        horizon = 1
    needed: int | None = workload.accelerators
    if needed is None or needed < 1:
        problems.append(
            Problem(
                f"workload:{workload.name}",
                "the workload states no accelerator count; each option is priced as quoted, "
                "so totals of different quotes may cover different capacity",
                Severity.WARNING,
                found=str(workload.accelerators),
                expected="accelerators needed at once (1 or more)",
            )
        )
        needed = None
    compute = [(i, line) for i, line in enumerate(quote.lines) if line.kind is LineKind.COMPUTE]
    if not compute:
        choice = _token_model(quote, workload, problems)
        context = _Context(
            quote, workload, accelerators, fx_rates, on, a, h, horizon, needed, choice.left_out
        )
        tco = _price(context, None, 0).tco(context)
        return replace(
            tco,
            problems=(*problems, *tco.problems),
            accelerators_needed=needed,
            choice=choice.note,
            quote_lines=_quoted_lines(quote, None, (), choice.left_out),
        )
    context = _Context(
        quote, workload, accelerators, fx_rates, on, a, h, horizon, needed, housings=tuple(housings)
    )
    drafts = [_price(context, option, number) for number, option in enumerate(compute, 1)]
    options = [draft.option for draft in drafts if draft.option is not None]
    options = exclude_options(options, excluded or {})
    best, reason = choose_option(options, workload, needed, h)
    chosen_tco = drafts[best.number - 1].tco(context)
    merged: list[Problem] = [*problems, *chosen_tco.problems]
    seen = {(p.source, p.message) for p in merged}
    for draft in drafts:
        option = draft.option
        if option is None or option.number == best.number:
            continue
        for problem in draft.b.problems:
            key = (problem.source, problem.message)
            if problem.source == option.source and key not in seen:
                seen.add(key)
                merged.append(problem)
    for option in options:
        if not option.priced and option.number != best.number:
            merged.append(
                Problem(
                    option.source,
                    f"option {option.number} ({option.label}) could not be priced and is "
                    "not compared with the others",
                    Severity.WARNING,
                )
            )
        short = _short_of_need(option)
        if short is not None:
            merged.append(short)
    merged.extend(
        Problem(_line_source(quote, index, line), sentence(TOKENS_BESIDE_COMPUTE), Severity.WARNING)
        for index, line in enumerate(quote.lines)
        if line.price_unit.per_tokens
    )
    requote = _quantities_as_quoted(quote, best)
    if requote is not None:
        merged.append(requote)
    final = tuple(replace(option, chosen=option.number == best.number) for option in options)
    chosen_line = quote.lines[best.line_index]
    return replace(
        chosen_tco,
        problems=tuple(merged),
        accelerators_needed=needed,
        accelerators_priced=best.count.accelerators if best.count is not None else 0,
        options=final,
        chosen_option=best.number,
        choice=reason,
        quote_lines=_quoted_lines(quote, chosen_line, final),
    )


def _token_model(quote: Quote, workload: Workload, problems: list[Problem]) -> ModelChoice:
    """Which model of a token API's offer is costed (:func:`choose_model`), said once."""
    choice = choose_model(quote.lines, workload.params)
    if choice.note:
        problems.append(
            Problem(
                f"quote:{quote.key}",
                sentence(choice.note) + (f" Costed: {choice.model}." if choice.model else ""),
                Severity.WARNING if choice.warning else Severity.INFO,
            )
        )
    return choice
