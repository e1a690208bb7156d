"""Scoring inputs: useful throughput, expected downtime and the prepared quote."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from computescore.domain.committee import CriterionValue
from computescore.domain.figures import (
    UNMEASURED,
    Figure,
    Input,
    format_number,
)
from computescore.domain.findings import Finding
from computescore.domain.measurement import usable_mfu
from computescore.domain.quotes import Quote
from computescore.domain.sizing import mfu_used
from computescore.domain.tco import Assumptions, Tco, TcoCategory, useful_throughput
from computescore.domain.units import HOURS_PER_MONTH, MONTHS_PER_YEAR
from computescore.domain.workload import Purpose, Workload


@dataclass(frozen=True, slots=True)
class Downtime:
    """Expected downtime money over the horizon for one quote (all USD except hours)."""

    lost_gpu_hours: Figure
    downtime_usd: Figure
    credits_usd: Figure
    net_usd: Figure
    share_of_tco_pct: Figure
    credits_counted_usd: float = 0.0


@dataclass(frozen=True, slots=True)
class ScoreInput:
    """What scoring needs about one quote. Build it with :func:`prepare_input`."""

    quote: Quote
    tco: Tco | None
    performance: Figure | None = None
    downtime: Downtime | None = None
    findings: tuple[Finding, ...] = ()
    compliance_checked: bool = False
    qualitative: tuple[CriterionValue, ...] = ()
    """The committee's criteria for this quote's vendor (blended into their axes)."""

    @property
    def key(self) -> str:
        """The quote's key."""
        return self.quote.key


def useful_tflops_per_accelerator(
    quote: Quote, tco: Tco | None, workload: Workload
) -> Figure | None:
    """Useful throughput of one accelerator on this workload, in TFLOP/s.

    The TCO's figure when there is one (so the performance and cost axes count the
    same useful work): measured tokens/s per accelerator × FLOP per token (2 × params
    for inference, 6 × params for training), else dense peak × MFU (measured MFU, or
    the workload's assumption flagged unmeasured). Without a TCO only a measured
    tokens/s counts. None when neither is available.
    """
    if tco is not None:
        return tco.useful_rate
    gpus = sum(line.gpu_count for line in quote.compute_lines)
    mfu = mfu_used(
        usable_mfu(quote.performance.mfu, quote.performance.method, workload),
        workload.mfu_at_precision,
        workload.mfu_note,
    )
    figure, _, _, _ = useful_throughput(quote, workload, None, gpus, mfu)
    return figure


def _parameters(value: float) -> str:
    if value >= 1e9:
        return f"{value / 1e9:,.4g} B"
    if value >= 1e6:
        return f"{value / 1e6:,.4g} M"
    return format_number(value)


def describe_useful(figure: Figure) -> str:
    """Where a useful-throughput figure comes from, with its numbers and units.

    ``measured 1,850.5 tokens/s per accelerator × 2 FLOP per parameter × 13 B
    parameters = 48.11 TFLOP/s per accelerator`` or ``fp8 dense peak 4,500 TFLOP/s ×
    assumed MFU 0.15 = 675 TFLOP/s per accelerator (unmeasured)``.
    """
    inputs = {item.name: item for item in figure.inputs}
    result = f"{format_number(figure.value)} TFLOP/s per accelerator"
    mixed = _describe_mix(figure, inputs)
    if mixed:
        return mixed
    tokens = inputs.get("tokens/s")
    if tokens is not None and isinstance(tokens.value, float | int):
        per_token = inputs.get("FLOP per parameter and token")
        params = inputs.get("parameters")
        k = per_token.value if per_token is not None else "?"
        n = (
            _parameters(float(params.value))
            if params is not None and isinstance(params.value, float | int)
            else "?"
        )
        return (
            f"measured {format_number(float(tokens.value))} tokens/s per accelerator × {k:g} "
            f"FLOP per parameter × {n} parameters = {result}"
            if isinstance(k, float | int)
            else f"measured {format_number(float(tokens.value))} tokens/s = {result}"
        )
    peak = inputs.get("peak")
    mfu = inputs.get("MFU")
    if peak is None or mfu is None:
        return f"{figure.formula} = {result}"
    precision = inputs.get("precision")
    what = f"{precision.value} dense peak" if precision is not None else "dense peak"
    measured = UNMEASURED not in figure.flags
    text = (
        f"{what} {format_number(float(peak.value))} TFLOP/s × "
        f"{'measured' if measured else 'assumed'} MFU {format_number(float(mfu.value))} = {result}"
    )
    if not measured:
        text += " (unmeasured)"
    return f"{text}; {figure.note}" if figure.note else text


_MIX_INPUTS = ("generating", "prefill", "output share")
"""The inputs of a serving throughput worked out over the token mix."""


def _describe_mix(figure: Figure, inputs: dict[str, Input]) -> str:
    """A serving throughput over the token mix, in words: how fast it generates (described
    as any useful throughput is), how fast it reads prompts, and the mix ("" otherwise)."""
    generating, prefill, share = (inputs.get(name) for name in _MIX_INPUTS)
    if generating is None or prefill is None or share is None:
        return ""
    inner = Figure(
        figure.label,
        float(generating.value),
        figure.unit,
        generating.source,
        tuple(item for item in figure.inputs if item.name not in _MIX_INPUTS),
        flags=figure.flags,
    )
    return (
        f"{describe_useful(inner)} generating; the prompt tokens read at "
        f"{format_number(float(prefill.value))} TFLOP/s (peak × MFU) and "
        f"{format_number(float(share.value) * 100)} % of the tokens generated: "
        f"{format_number(figure.value)} TFLOP/s per accelerator served"
    )


def useful_unit(figure: Figure) -> str:
    """The unit of useful work in words: tokens served or trained, else model FLOP."""
    inputs = {item.name: item for item in figure.inputs}
    per_token = inputs.get("FLOP per parameter and token")
    if "tokens/s" in inputs and per_token is not None:
        verb = "served" if per_token.source == "serving" else "trained"
        return f"tokens {verb} (each counted as {per_token.value:g} × parameters FLOP)"
    return "model FLOP (catalogue peak × MFU)"


def _poisson_log_pmf(k: int, lam: float) -> float:
    return (
        -lam + k * math.log(lam) - math.lgamma(k + 1) if lam > 0 else (0.0 if k == 0 else -math.inf)
    )


def expected_downtime(
    quote: Quote, tco: Tco, assumptions: Assumptions, *, job_wide: bool = False
) -> Downtime | None:
    """Expected money lost to failures over the horizon, and the SLA credits (USD).

    Returns None when the quote states no annual failure rate or no MTTR.
    Failures over the horizon: accelerators × AFR × months / 12, for the accelerators
    the workload uses on the TCO's chosen option. A failure takes out its node (the
    option's accelerators per node, else one accelerator) for the MTTR; with
    ``job_wide`` (a training job across several nodes) the rest of the job waits
    ``assumptions.restart_hours`` for the restart from its last checkpoint. Only hours
    within the daily use count.

    What the buyer loses per GPU-hour out: the capacity paid for and idle, the work done
    again (both at the cost per used GPU-hour) and ``downtime_usd_per_gpu_hour`` of
    business loss; per GPU-hour waiting for a restart: the capacity paid for. SLA
    credits are assessed per node (a node's failures in a month are Poisson with mean
    GPUs per node × AFR / 12, its uptime with k failures 1 − k × MTTR / 730, and the
    expected credit % of the schedule is paid on the rented compute's monthly fee), and
    they refund at most the capacity paid for while it was out: the work redone, the
    waiting and the business loss are never refunded, so no credit schedule makes
    failures free. Owned capacity has no credits.
    """
    afr = quote.reliability.annual_failure_rate
    mttr = quote.reliability.mttr_hours
    fleet = tco.gpu_count
    if afr is None or mttr is None or fleet <= 0:
        return None
    chosen = tco.chosen
    node = chosen.accelerators_per_node if chosen is not None else None
    per_node = max(1, int(node)) if node else 1
    blast = min(per_node, fleet)
    months = tco.horizon_months
    failures = fleet * afr * months / MONTHS_PER_YEAR
    use_share = tco.hours_per_day / 24.0
    lost = failures * mttr * blast * use_share
    waiting_gpus = fleet - blast if job_wide else 0
    waiting = failures * assumptions.restart_hours * waiting_gpus * use_share
    lost_fig = Figure(
        "Expected GPU-hours lost",
        lost + waiting,
        "GPU-h",
        "accelerators × AFR × months / 12 × (MTTR × GPUs per failure + restart hours × "
        "GPUs waiting) × use share",
        (
            Input("accelerators", fleet),
            Input("AFR", afr, "per year", "quote"),
            Input("months", months, "months"),
            Input("MTTR", mttr, "h", "quote"),
            Input("GPUs per failure", blast, "", "node size"),
            Input("restart hours", assumptions.restart_hours if waiting_gpus else 0.0, "h"),
            Input("GPUs waiting", waiting_gpus, "", "rest of a multi-node training job"),
            Input("use share", use_share, "", "hours per day / 24"),
        ),
    )
    per_gpu_hour = tco.usd_per_used_gpu_hour.value if tco.usd_per_used_gpu_hour else 0.0
    business = assumptions.downtime_usd_per_gpu_hour
    paid = (lost + waiting) * per_gpu_hour
    redone = lost * per_gpu_hour
    total = paid + redone + lost * business
    downtime = Figure(
        "Expected downtime cost",
        total,
        "USD",
        "GPU-hours out × (capacity paid for + work redone + business loss) + GPU-hours "
        "waiting × capacity paid for",
        (
            Input("GPU-hours out", lost, "GPU-h"),
            Input("GPU-hours waiting", waiting, "GPU-h"),
            Input("cost per used GPU-hour", per_gpu_hour, "USD/GPU-h"),
            Input("business loss per GPU-hour", business, "USD/GPU-h", "assumption"),
        ),
    )
    fee = (
        sum(
            line.present_value_usd if tco.discount_rate > 0 else line.amount_usd
            for line in tco.lines
            if line.category is TcoCategory.RENTED_COMPUTE
        )
        / months
    )
    lam = blast * afr / MONTHS_PER_YEAR
    expected_credit_pct = 0.0
    schedule = sorted(quote.sla.credits, key=lambda row: row.below_uptime_pct)
    if schedule and fee > 0:
        top = int(lam + 12 * math.sqrt(lam) + 30)
        for k in range(top + 1):
            probability = math.exp(_poisson_log_pmf(k, lam))
            uptime = 100.0 * max(0.0, 1.0 - k * mttr / HOURS_PER_MONTH)
            credit = max(
                (row.credit_pct for row in schedule if uptime < row.below_uptime_pct), default=0.0
            )
            expected_credit_pct += probability * credit
    credits_value = expected_credit_pct / 100.0 * fee * months
    credits = Figure(
        "Expected SLA credits",
        credits_value,
        "USD",
        "Σ over a node's failures in a month k: P(k) × credit % at uptime 1 − k × MTTR / 730 × "
        "monthly fee × months",
        (
            Input("failures per node-month", lam, "", "Poisson mean"),
            Input("monthly fee", fee, "USD", "rented compute"),
            Input("months", months, "months"),
            Input("credit rows", len(schedule)),
        ),
        note="" if schedule else "no credit schedule: nothing is refunded",
    )
    # Credits refund rent, not work: they offset at most the capacity paid for while out.
    refunded = min(credits_value, lost * per_gpu_hour)
    net = total - refunded
    net_fig = Figure(
        "Expected net downtime loss",
        net,
        "USD",
        "downtime cost − min(SLA credits, capacity paid for while out)",
        (
            Input("downtime cost", total, "USD"),
            Input("SLA credits", credits_value, "USD"),
            Input("credits counted", refunded, "USD"),
        ),
        note="credits refund at most the capacity paid for while it was out"
        if credits_value > refunded
        else "",
    )
    headline = tco.headline_usd
    share = 100.0 * net / headline if headline > 0 else 0.0
    share_fig = Figure(
        "Net downtime loss share",
        share,
        "% of TCO",
        "net loss / TCO × 100",
        (Input("net loss", net, "USD"), Input("TCO", headline, "USD")),
    )
    return Downtime(lost_fig, downtime, credits, net_fig, share_fig, refunded)


def prepare_input(
    quote: Quote,
    tco: Tco | None,
    workload: Workload,
    assumptions: Assumptions,
    findings: Iterable[Finding] = (),
    compliance_checked: bool = False,
) -> ScoreInput:
    """Gather the metrics of one quote for :func:`score_quotes`."""
    performance = useful_tflops_per_accelerator(quote, tco, workload)
    job_wide = workload.purpose is Purpose.TRAINING
    downtime = (
        expected_downtime(quote, tco, assumptions, job_wide=job_wide) if tco is not None else None
    )
    relevant = tuple(f for f in findings if f.quote_key in ("", quote.key))
    return ScoreInput(quote, tco, performance, downtime, relevant, compliance_checked)
