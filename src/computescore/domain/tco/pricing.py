"""Pricing one option for the workload: its compute, cost and energy lines."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from computescore.domain.catalog import Accelerator, Ecosystem, Precision
from computescore.domain.figures import Input
from computescore.domain.measurement import option_performance, usable_mfu
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Deployment,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
)
from computescore.domain.resale import economic_life, newer_generations
from computescore.domain.sizing import (
    mfu_used,
)
from computescore.domain.tco.assumptions import DAYS_PER_MONTH
from computescore.domain.tco.compute_lines import (
    _leased_on_site,
    _owned,
    _rented,
    installed_on_site,
)
from computescore.domain.tco.cost_lines import _cost_line
from computescore.domain.tco.finish import _finish
from computescore.domain.tco.helpers import _Builder, _line_source, scale_to_need, sized_offer
from computescore.domain.tco.options import (
    _belongs,
    _cost_dependency,
    _quoted_text,
    attachment_warnings,
    option_label,
)
from computescore.domain.tco.records import (
    LineModel,
    TcoCategory,
    TcoOption,
    Timing,
    stated_maximum,
)
from computescore.domain.tco.reevaluation import _coefficients
from computescore.domain.tco.throughput import (
    MEASURED_ON_WORKLOAD,
    PeakContext,
    _measured_precision,
    decode_bound,
    dense_peak,
    fallback_note,
    main_peak_precision,
    serving_ceiling,
    stated_peak,
    useful_throughput,
)
from computescore.domain.units import PETA, TERA
from computescore.domain.workload import WorkloadClass
from computescore.wording import plural, sentence

if TYPE_CHECKING:
    from computescore.domain.tco.context import _Context
    from computescore.domain.tco.records import ScaledCount, Tco, TcoLine


def _measured_for(c: _Context, option: tuple[int, QuoteLine] | None) -> tuple[Quote, str]:
    """The quote as this option sees it: without its measurement when that names another
    accelerator than the option's (:func:`option_performance`), and the sentence saying so."""
    if option is None:
        return c.quote, ""
    performance, why = option_performance(c.quote, option[1].accelerator or "", c.accelerators)
    if not why:
        return c.quote, ""
    return replace(c.quote, performance=performance), why


def _price(c: _Context, option: tuple[int, QuoteLine] | None, number: int) -> _Draft:
    """The quote's lines with one option (or none, for a quote without compute lines)."""
    workload, a = c.workload, c.a
    quote, unmeasured = _measured_for(c, option)
    b = _Builder(quote, c.horizon, c.h, a, c.fx_rates, c.on)
    b.tokens_per_day = workload.tokens_per_day
    b.housings = c.housings
    if unmeasured and option is not None:
        b.problems.append(
            Problem(_line_source(quote, *option), sentence(unmeasured), Severity.WARNING)
        )
    gpus = 0
    priced_count = 0
    total_nodes = 0.0
    owned_kw = 0.0
    holds_capacity = False
    committed_usd = 0.0
    peak_total: float | None = 0.0
    measured_at = _measured_precision(quote, workload)
    measured_peak_total: float | None = None
    no_peak: list[tuple[str, str, bool]] = []  # (source, why, needs its own problem)
    main: tuple[int, Accelerator] | None = None
    own_lines: tuple[TcoLine, ...] = ()
    ok = False
    scaled: ScaledCount | None = None
    accelerator: Accelerator | None = None
    deployment = Deployment.ON_DEMAND
    option_line: QuoteLine | None = None
    where = ""
    if option is not None:
        index, option_line = option
        line = option_line
        where = _line_source(quote, index, line)
        offered = sized_offer(line, c.needed)
        if offered is not None:
            line = option_line = offered
            b.problems.append(
                Problem(
                    where,
                    "the line states no quantity: an offer, priced for the workload's "
                    f"{plural(line.gpu_count, 'accelerator')}",
                    Severity.INFO,
                )
            )
        count = line.gpu_count
        accelerator = c.accelerators.get(line.accelerator or "")
        if line.deployment is None:
            b.problems.append(
                Problem(
                    where,
                    "deployment not stated; treated as on-demand",
                    Severity.WARNING,
                    expected="purchase, lease, reserved, on_demand or spot",
                )
            )
        else:
            deployment = line.deployment
        gpus = c.needed if c.needed is not None else max(count, 0)
        if count <= 0:
            b.problems.append(
                Problem(
                    where,
                    "a compute line without an accelerator count is left out",
                    expected="accelerator_count or nodes × per node",
                )
            )
            b.complete = False
        else:
            scaled = scale_to_need(line, c.needed)
            fx = b.fx(line.currency, where)
            if line.currency.upper() == "USD" or fx is not None:
                before = len(b.lines)
                if deployment.owned:
                    holds_capacity = True
                    life = (
                        economic_life(
                            a.depreciation_years,
                            a.generation_life_cut,
                            newer_generations(accelerator, c.accelerators.values(), c.on),
                        )
                        if accelerator is not None
                        else None
                    )
                    kw = _owned(b, index, line, accelerator, fx, scaled, life)
                    ok = kw is not None
                    owned_kw = kw or 0.0
                else:
                    holds_capacity = deployment.committed or line.price_unit in (
                        PriceUnit.PER_GPU_MONTH,
                        PriceUnit.PER_NODE_MONTH,
                    )
                    ok = _rented(b, index, line, deployment, accelerator, fx, scaled)
                    if ok and deployment.committed:
                        committed_usd = b.lines[before].amount_usd
                    if ok and installed_on_site(b.quote, deployment):
                        owned_kw = _leased_on_site(b, index, line, accelerator, scaled)
                own_lines = tuple(b.lines[before:])
            if ok:
                priced_count = scaled.accelerators
                total_nodes = float(
                    scaled.nodes if scaled.nodes is not None else scaled.accelerators
                )
        if accelerator is None:
            b.problems.append(
                Problem(
                    where,
                    f"accelerator {line.accelerator!r} is not in the "
                    "catalogue; peak and power are unknown",
                    Severity.WARNING,
                )
            )
            no_peak.append(
                (where, f"accelerator {line.accelerator!r} is not in the catalogue", False)
            )
            peak_total = None
        else:
            peak = dense_peak(accelerator, workload.precision)
            wider = fallback_note(accelerator, workload.precision)
            if wider:
                b.problems.append(Problem(where, wider, Severity.WARNING))
            if measured_at is not None:
                at_measured = stated_peak(accelerator, measured_at)
                if at_measured is not None:
                    measured_peak_total = at_measured * TERA / PETA * gpus
            if peak is None:
                no_peak.append(
                    (
                        where,
                        f"{accelerator.display_name} has no {workload.precision.value} "
                        "peak in the catalogue",
                        True,
                    )
                )
                peak_total = None
            else:
                peak_total = peak * TERA / PETA * gpus
            if gpus > 0:
                main = (gpus, accelerator)
    for cost_index, cost in enumerate(quote.lines):
        if (
            cost.kind is LineKind.COMPUTE
            or cost_index in c.left_out
            or not _belongs(cost, option_line)
        ):
            continue
        if option_line is not None:
            b.problems.extend(
                attachment_warnings(
                    _line_source(quote, cost_index, cost),
                    cost,
                    option_line,
                    priced_count,
                    total_nodes,
                )
            )
        key = (
            cost_index,
            _cost_dependency(cost, priced_count, total_nodes, owned_kw, holds_capacity),
        )
        cached = c.cost_lines.get(key)
        if cached is not None:
            if cached[2]:
                b.fx(cost.currency, cached[3])
            b.lines.extend(cached[0])
            b.problems.extend(cached[1])
            continue
        cost_where = _line_source(quote, cost_index, cost)
        fx = b.fx(cost.currency, cost_where)
        foreign = cost.currency.upper() != "USD"
        if foreign and fx is None:
            continue
        lines_before, problems_before = len(b.lines), len(b.problems)
        _cost_line(b, cost_index, cost, fx, priced_count, total_nodes, owned_kw, holds_capacity)
        c.cost_lines[key] = (
            tuple(b.lines[lines_before:]),
            tuple(b.problems[problems_before:]),
            foreign,
            cost_where,
        )
    if (
        accelerator is not None
        and accelerator.ecosystem is not Ecosystem.CUDA
        and a.adaptation_months > 0
        and a.engineer_usd_per_month > 0
    ):
        ecosystem = accelerator.ecosystem
        b.add(
            f"Software-stack adaptation ({ecosystem.value.upper()}, {accelerator.display_name})",
            TcoCategory.ADAPTATION,
            LineModel(k0=a.adaptation_months * a.engineer_usd_per_month),
            "engineering months × cost per engineer-month",
            (
                Input("months", a.adaptation_months, "engineer-months", "assumption"),
                Input("engineer", a.engineer_usd_per_month, "USD/month", "assumption"),
            ),
            Timing.UPFRONT,
            0,
            f"accelerator ecosystem {ecosystem.value}",
            "USD",
            None,
            note="practitioner's guide to AI compute selection: budget 1–3 engineering months "
            "for a non-CUDA stack",
        )
    draft = _Draft(
        quote,
        b,
        gpus,
        peak_total if option is not None else 0.0,
        main,
        committed_usd,
        no_peak,
        None if measured_at is None else (measured_at, measured_peak_total),
    )
    if option is None or option_line is None:
        return draft
    index, line = option
    spot_barred = (
        deployment is Deployment.SPOT
        and workload.workload_class is WorkloadClass.STEADY
        and not a.spot_for_steady
    )
    # The option's figures by the same formulas as _finish, without building the whole
    # TCO record: only the chosen option's is built.
    lines = b.lines
    total = math.fsum(item.amount_usd for item in lines)
    headline = math.fsum(item.present_value_usd for item in lines) if a.discount_rate > 0 else total
    used = gpus * c.h * c.horizon * DAYS_PER_MONTH
    rate, _, _, rejected = useful_throughput(
        quote,
        workload,
        draft.peak_total,
        gpus,
        mfu_used(
            usable_mfu(quote.performance.mfu, quote.performance.method, workload),
            workload.mfu_at_precision,
        ),
        PeakContext(
            [why for _, why, _ in no_peak],
            draft.measured_peak,
            main_peak_precision(draft.main, workload.precision),
            decode_bound(workload, draft.main),
            serving_ceiling(workload, draft.main),
            output_share=a.token_output_share,
        ),
    )
    if rejected:
        b.problems.append(Problem(where, rejected, Severity.WARNING, expected=MEASURED_ON_WORKLOAD))
    per_accelerator = rate.value * TERA / PETA if rate is not None and rate.value > 0 else None
    draft.option = TcoOption(
        number=number,
        line_index=index,
        label=option_label(line, accelerator),
        source=where,
        accelerator=line.accelerator or "",
        deployment=deployment,
        term_months=line.term_months,
        quoted=_quoted_text(line),
        count=scaled,
        accelerators_needed=c.needed,
        stated_maximum=stated_maximum(line),
        lines=own_lines,
        total_usd=total,
        headline_usd=headline,
        usd_per_used_gpu_hour=headline / used if used > 0 else None,
        usd_per_useful_pflop_hour=(
            headline / (per_accelerator * used)
            if per_accelerator is not None and used > 0
            else None
        ),
        useful_pflops_total=(
            per_accelerator * gpus if per_accelerator is not None and gpus > 0 else None
        ),
        coefficients=_coefficients(lines, c.horizon, a.discount_rate),
        priced=ok,
        complete=b.complete,
        eligible=not spot_barred,
        note=(
            "spot (interruptible) capacity is not chosen for a steady workload; allow "
            "spot for steady workloads in the assumptions to choose it"
            if spot_barred
            else ""
        ),
    )
    return draft


@dataclass(slots=True)
class _Draft:
    """One option's lines, before the TCO record is built (only the chosen one's is)."""

    quote: Quote
    b: _Builder
    gpus: int
    peak_total: float | None
    main: tuple[int, Accelerator] | None
    committed_usd: float
    no_peak: list[tuple[str, str, bool]]
    measured_peak: tuple[Precision, float | None] | None = None
    option: TcoOption | None = None

    def tco(self, c: _Context) -> Tco:
        """The TCO record of the quote with this option."""
        return _finish(
            self.quote,
            c.workload,
            self.b,
            [],
            self.gpus,
            c.h,
            c.horizon,
            c.a,
            self.peak_total,
            self.main,
            self.committed_usd,
            self.no_peak,
            self.measured_peak,
        )
