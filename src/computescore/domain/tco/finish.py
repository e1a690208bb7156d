"""Finishing an option: totals, useful PFLOP-hours and cost per useful unit."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from computescore.domain.catalog import Accelerator, Precision
from computescore.domain.figures import Figure, Input, format_number
from computescore.domain.measurement import mfu_fit, tokens_fit, usable_mfu
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Quote,
    sells_tokens,
)
from computescore.domain.sizing import (
    INFERENCE_FLOP_PER_PARAM_TOKEN,
    mfu_used,
    size_training,
)
from computescore.domain.tco.assumptions import DAYS_PER_MONTH
from computescore.domain.tco.helpers import cash_flow
from computescore.domain.tco.records import Tco, UsefulBasis
from computescore.domain.tco.throughput import (
    MEASURED_ON_WORKLOAD,
    PeakContext,
    decode_bound,
    main_peak_precision,
    precision_shift,
    serving_ceiling,
    useful_throughput,
)
from computescore.domain.units import PETA, TERA
from computescore.domain.workload import Purpose, Workload
from computescore.wording import sentence

if TYPE_CHECKING:
    from computescore.domain.tco.assumptions import Assumptions
    from computescore.domain.tco.helpers import _Builder
    from computescore.domain.tco.records import TcoLine


def _finish(
    quote: Quote,
    workload: Workload,
    b: _Builder,
    problems: list[Problem],
    gpus: int,
    h: float,
    horizon: int,
    a: Assumptions,
    peak_total: float | None,
    main: tuple[int, Accelerator] | None,
    committed_usd: float,
    no_peak: Sequence[tuple[str, str, bool]] = (),
    measured_peak: tuple[Precision, float | None] | None = None,
) -> Tco:
    lines = tuple(b.lines)
    total = math.fsum(line.amount_usd for line in lines)
    pv = math.fsum(line.present_value_usd for line in lines)
    used_value = gpus * h * horizon * DAYS_PER_MONTH
    used = Figure(
        "GPU-hours used",
        used_value,
        "GPU-h",
        "GPUs × hours per day × months × 730/24",
        (Input("GPUs", gpus), Input("hours per day", h, "h"), Input("months", horizon, "months")),
    )
    headline = pv if a.discount_rate > 0 else total
    kind = "present value" if a.discount_rate > 0 else "TCO"
    mfu = mfu_used(
        usable_mfu(quote.performance.mfu, quote.performance.method, workload),
        workload.mfu_at_precision,
        workload.mfu_note,
    )
    per_used = None
    if used_value > 0:
        per_used = Figure(
            "Cost per GPU-hour used",
            headline / used_value,
            "USD/GPU-h",
            f"{kind} / GPU-hours used",
            (Input(kind, headline, "USD"), Input("GPU-hours used", used_value, "GPU-h")),
        )
    rate, basis, missing, rejected = useful_throughput(
        quote,
        workload,
        peak_total,
        gpus,
        mfu,
        PeakContext(
            [why for _, why, _ in no_peak],
            measured_peak,
            main_peak_precision(main, workload.precision),
            decode_bound(workload, main),
            serving_ceiling(workload, main),
            output_share=a.token_output_share,
        ),
    )
    task = mfu_fit(quote.performance.method, workload)
    if quote.performance.mfu is not None and not task.usable:
        b.problems.append(
            Problem(
                f"quote:{quote.key}",
                sentence(task.note),
                Severity.WARNING,
                expected="an MFU measured on this workload's task",
            )
        )
    shift = precision_shift(workload, measured_peak)
    if basis is UsefulBasis.MEASURED_MFU and shift:
        b.problems.append(Problem(f"quote:{quote.key}", sentence(shift), Severity.INFO))
    if rejected and all(problem.message != rejected for problem in b.problems):
        b.problems.append(
            Problem(f"quote:{quote.key}", rejected, Severity.WARNING, expected=MEASURED_ON_WORKLOAD)
        )
    for where, why, own_problem in no_peak:
        if not own_problem:
            continue
        if basis is UsefulBasis.MEASURED_TOKENS:
            b.problems.append(
                Problem(
                    where,
                    f"{why}; the useful compute comes from the measured tokens/s",
                    Severity.INFO,
                )
            )
        else:
            b.problems.append(
                Problem(
                    where,
                    f"{why} and the quote has no measured tokens/s; the cost per useful "
                    "PFLOP-hour cannot be computed",
                    Severity.WARNING,
                    expected="a peak at the workload's precision, or a measured tokens/s",
                )
            )
    useful = per_useful = None
    if rate is not None and rate.value > 0 and used_value > 0:
        useful_value = rate.value * TERA / PETA * used_value
        useful = Figure(
            "Useful PFLOP-hours",
            useful_value,
            "PFLOP-h",
            "useful throughput per accelerator × GPU-hours used",
            (
                Input("useful throughput", rate.value * TERA / PETA, "PFLOP/s", rate.formula),
                Input("GPU-hours used", used_value, "GPU-h"),
            ),
            flags=rate.flags,
        )
        per_useful = Figure(
            "Cost per useful PFLOP-hour",
            headline / useful_value,
            "USD/PFLOP-h",
            f"{kind} / useful PFLOP-hours",
            (
                Input(kind, headline, "USD"),
                Input("useful PFLOP-hours", useful_value, "PFLOP-h"),
            ),
            flags=rate.flags,
        )
    per_mtok = (
        None
        if rejected
        else _per_million_measured(quote, workload, headline, kind, used_value, rate)
    )
    job_hours = job_usd = job_days = None
    if workload.purpose is not Purpose.INFERENCE and workload.training_tokens and main and gpus > 0:
        sizing = size_training(
            workload.params,
            workload.training_tokens,
            main[1],
            assumed_mfu=workload.mfu_at_precision,
            measured_mfu=usable_mfu(quote.performance.mfu, quote.performance.method, workload),
            precision=workload.precision,
            gpus=gpus,
            usd_per_gpu_hour=per_used.value if per_used else None,
            source=f"quote:{quote.key}",
        )
        job_hours, job_days, job_usd = sizing.gpu_hours, sizing.wall_clock_days, sizing.cost_usd
        if job_usd is not None:
            job_usd = replace(
                job_usd, label="Training job cost", formula="job GPU-hours × cost per GPU-hour used"
            )
        b.problems.extend(sizing.problems)
    idle = None
    if committed_usd > 0:
        idle = Figure(
            "Committed capacity paid but idle",
            committed_usd * (1 - h / 24),
            "USD",
            "committed compute × (1 − hours per day / 24)",
            (Input("committed compute", committed_usd, "USD"), Input("hours per day", h, "h")),
        )
    fx_used = tuple(
        sorted(
            (used_fx for used_fx in b.fx_cache.values() if used_fx is not None),
            key=lambda item: item.currency,
        )
    )
    if sells_tokens(quote.lines):
        served = _per_million_served(lines, workload, horizon, b.complete, a.discount_rate > 0)
        per_mtok = served or per_mtok
    b.problems.extend(_offer_note(quote))
    return Tco(
        quote_key=quote.key,
        quote_label=quote.label,
        horizon_months=horizon,
        hours_per_day=h,
        lines=lines,
        total_usd=total,
        present_value_usd=pv,
        discount_rate=a.discount_rate,
        monthly_cash_flow_usd=cash_flow(lines, horizon),
        gpu_count=gpus,
        used_gpu_hours=used,
        mfu=mfu,
        usd_per_used_gpu_hour=per_used,
        useful_pflop_hours=useful,
        usd_per_useful_pflop_hour=per_useful,
        usd_per_million_tokens=per_mtok,
        training_job_gpu_hours=job_hours,
        training_job_usd=job_usd,
        training_job_days=job_days,
        idle_committed_usd=idle,
        fx_used=fx_used,
        fx_missing=tuple(sorted(code for code, rate in b.fx_cache.items() if rate is None)),
        problems=(*problems, *b.problems),
        complete=b.complete,
        peak_pflops_total=peak_total if peak_total else None,
        tokens_per_second=quote.performance.tokens_per_second,
        useful_rate=rate,
        useful_basis=basis,
        useful_missing=missing,
        compute_offer=bool(quote.compute_lines),
        housed_at=b.housed_at,
    )


def _offer_note(quote: Quote) -> tuple[Problem, ...]:
    """Why a quote without compute lines is costed but not ranked (empty for the others)."""
    if sells_tokens(quote.lines):
        why = (
            "a token-API offer: it is costed for the tokens the workload serves and "
            "compared per million tokens with the capacity offers, not ranked against them"
        )
    elif not quote.compute_lines:
        why = (
            "the quote has no compute lines: it is costed, and listed beside the compute "
            "offers as a supporting quote rather than ranked against them"
        )
    else:
        return ()
    return (Problem(f"quote:{quote.key}", why, Severity.INFO),)


def _per_million_measured(
    quote: Quote,
    workload: Workload,
    headline: float,
    kind: str,
    used_value: float,
    rate: Figure | None = None,
) -> Figure | None:
    """A capacity offer's cost per million tokens at its measured rate, taken as the useful
    throughput takes it: scaled to the workload's model when measured on another size of
    the same kind, not at all when measured on other work, and for serving over the
    token mix (the ``rate`` of useful throughput: prompt tokens are read in the prefill)."""
    tokens = quote.performance.tokens_per_second
    fit = tokens_fit(quote.performance.method, workload)
    if tokens is None or tokens <= 0 or used_value <= 0 or not fit.usable:
        return None
    tokens *= fit.scale
    scaled = f", scaled × {fit.scale:.3g} per parameter" if fit.scale != 1 else ""
    if workload.purpose is Purpose.INFERENCE and rate is not None and workload.params > 0:
        # The useful rate is the measured one over the token mix (never below it).
        served = rate.value * TERA / (INFERENCE_FLOP_PER_PARAM_TOKEN * workload.params)
        if abs(served - tokens) > 1e-9 * tokens:
            scaled += f"; {format_number(served)} tokens/s served over the token mix"
        tokens = served
    return Figure(
        "Cost per million tokens",
        headline / (tokens * 3600 * used_value / 1e6),
        "USD/Mtok",
        f"{kind} / (tokens per second per GPU × 3600 × GPU-hours used / 1e6)",
        (
            Input(kind, headline, "USD"),
            Input("tokens/s per GPU", tokens, "tokens/s", "measured" + scaled),
            Input("GPU-hours used", used_value, "GPU-h"),
        ),
    )


def _per_million_served(
    lines: Sequence[TcoLine],
    workload: Workload,
    horizon: int,
    complete: bool,
    discounted: bool = False,
) -> Figure | None:
    """A token-API offer's cost per million of the workload's tokens: its total over the
    horizon (at present value when costs are ``discounted``, as the capacity offers' is)
    ÷ the tokens served in it (None when the workload states no tokens)."""
    per_day = workload.tokens_per_day
    if not complete or per_day is None or per_day <= 0:
        return None
    kind = "present value" if discounted else "total"
    total = math.fsum(line.present_value_usd if discounted else line.amount_usd for line in lines)
    millions = per_day * horizon * DAYS_PER_MONTH / 1e6
    return Figure(
        "Cost per million tokens",
        total / millions,
        "USD/Mtok",
        f"{kind} / (tokens per day × days / 1e6)",
        (
            Input(kind, total, "USD"),
            Input("tokens per day", per_day, "tokens", "workload"),
            Input("days", horizon * DAYS_PER_MONTH, "days"),
        ),
        note="the token API's prices blended by the token mix",
    )
