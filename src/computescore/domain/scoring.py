"""Five-axis vendor scores, knock-outs and ranking (DOMAIN.md §4, seed 000).

Each axis maps its metric to 0–100 on a stated scale:

* **performance** — useful TFLOP/s per accelerator, *relative to the best quote*
  (score = 100 × value / best). Measured tokens/s (× 2 × params FLOP per token for
  inference, × 6 × params for training) or measured MFU × dense peak beat the
  datasheet peak × assumed MFU, which is flagged "unmeasured".
* **reliability** — money: expected cost of downtime over the horizon (failures =
  accelerators × annual failure rate; each takes its node out for the MTTR; the
  lost hours that fall in the hours of use are valued at the quote's cost per used
  GPU-hour plus the user's business loss) less the expected SLA credits (a node's
  failures per month are Poisson; each node-month's uptime meets the credit schedule).
  The net loss as a share of the TCO is scored *linearly* between 0 % (100) and 5 %
  (0) by default.
* **cost** — TCO per useful PFLOP-hour, *relative to the best quote*: score = 100 ×
  best / value. The useful work is the model's own FLOP: measured tokens/s × FLOP
  per token when the quote has it (for serving, the unit is then tokens served),
  else catalogue peak × MFU. A quote whose useful compute is unknown (no measurement
  and no catalogue peak at the workload's precision) gets the neutral score, with
  the reason; it never moves the other quotes to another metric.
* **service** — mean of linear sub-scores: severity-1 response (15 min → 100, 8 h → 0),
  severity-2 response (1 h → 100, 24 h → 0), expert hours included (40 h/month → 100,
  0 → 0) and coverage (24×7 → 100, business hours → 40). "Best effort" scores 0.
* **compliance** — 100 less a penalty per warning finding (15 by default); info
  findings cost nothing; a knockout finding disqualifies the quote. Fit findings
  (sizing) do not count here; their knock-outs still disqualify.

Missing data: an axis whose data is missing gets a stated neutral score (50 by
default), flagged "missing", and its explanation says so; it is never silently 0 or
100. Relative scales compare qualified quotes only (a disqualified quote cannot set
the benchmark), and ties in the weighted total are broken by quote key, so the
ranking does not depend on the order quotes are given in.

Supporting quotes: a quote without compute lines (colocation per kW-month,
cross-connects, remote hands) is not a compute offer. It is not ranked and takes no
part in the relative scales; the scorecard lists it apart with the reason, its own
service and compliance results and the owned options it could be combined with.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from computescore.domain.figures import (
    MISSING,
    PARTIAL,
    UNMEASURED,
    Figure,
    Input,
    format_number,
    format_usd,
)
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import Deployment, Quote
from computescore.domain.sizing import mfu_used
from computescore.domain.tco import Assumptions, Tco, TcoCategory, useful_throughput
from computescore.domain.units import HOURS_PER_MONTH, MONTHS_PER_YEAR
from computescore.domain.weights import Axis, Weights
from computescore.domain.workload import Workload
from computescore.wording import plural


@dataclass(frozen=True, slots=True)
class LinearScale:
    """Linear map from a metric to 0–100: ``floor`` scores 0, ``ideal`` scores 100, clamped.

    ``ideal`` may be below ``floor`` when lower is better (response times, losses).
    """

    floor: float
    ideal: float
    unit: str = ""

    def score(self, value: float) -> float:
        """The 0–100 score of ``value``."""
        span = self.ideal - self.floor
        if span == 0:
            return 100.0 if value == self.ideal else 0.0
        return min(100.0, max(0.0, 100.0 * (value - self.floor) / span))

    def text(self) -> str:
        """``linear: 480 min → 0, 15 min → 100``."""
        unit = f" {self.unit}" if self.unit else ""
        return (
            f"linear: {format_number(self.floor)}{unit} → 0, "
            f"{format_number(self.ideal)}{unit} → 100"
        )


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The scales and thresholds behind the scores; every one is a user setting."""

    missing_score: float = 50.0
    reliability_loss_pct: LinearScale = field(
        default_factory=lambda: LinearScale(5.0, 0.0, "% of TCO")
    )
    sev1_minutes: LinearScale = field(default_factory=lambda: LinearScale(480.0, 15.0, "min"))
    sev2_minutes: LinearScale = field(default_factory=lambda: LinearScale(1440.0, 60.0, "min"))
    expert_hours: LinearScale = field(default_factory=lambda: LinearScale(0.0, 40.0, "h/month"))
    coverage_24x7_score: float = 100.0
    coverage_business_score: float = 40.0
    warning_penalty: float = 15.0


# ----------------------------------------------------------------------------- inputs


@dataclass(frozen=True, slots=True)
class Downtime:
    """Expected downtime money over the horizon for one quote (all USD except hours)."""

    lost_gpu_hours: Figure
    downtime_usd: Figure
    credits_usd: Figure
    net_usd: Figure
    share_of_tco_pct: Figure


@dataclass(frozen=True, slots=True)
class ScoreInput:
    """What scoring needs about one quote. Build it with :func:`prepare_input`."""

    quote: Quote
    tco: Tco | None
    performance: Figure | None = None
    downtime: Downtime | None = None
    findings: tuple[Finding, ...] = ()
    compliance_checked: bool = False

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
    mfu = mfu_used(quote.performance.mfu, workload.assumed_mfu)
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


def expected_downtime(quote: Quote, tco: Tco, assumptions: Assumptions) -> Downtime | None:
    """Expected downtime cost, SLA credits and net loss over the horizon (USD).

    Returns None when the quote states no annual failure rate or no MTTR.
    Failures over the horizon: accelerators × AFR × months / 12, for the
    accelerators the workload uses on the TCO's chosen option. A failure
    takes out its node (the option's accelerators per node, else one accelerator) for
    the MTTR; the lost GPU-hours that fall within the daily hours of use are valued
    at the quote's cost per used GPU-hour plus ``assumptions.downtime_usd_per_gpu_hour``.
    SLA credits are assessed per node, the unit a failure takes out: a node's failures
    in a month are Poisson with mean GPUs per node × AFR / 12, its uptime in a month
    with k failures is 1 − k × MTTR / 730, and the expected credit % of the schedule
    is paid on the rented compute's monthly fee. Owned capacity has no credits. The
    net loss is floored at zero. Credits step up at the schedule's thresholds, so a
    longer MTTR can add more credit than loss; the net figure then follows the money.
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
    lost_fig = Figure(
        "Expected GPU-hours lost",
        lost,
        "GPU-h",
        "accelerators × AFR × months / 12 × MTTR × GPUs per failure × use share",
        (
            Input("accelerators", fleet),
            Input("AFR", afr, "per year", "quote"),
            Input("months", months, "months"),
            Input("MTTR", mttr, "h", "quote"),
            Input("GPUs per failure", blast, "", "node size"),
            Input("use share", use_share, "", "hours per day / 24"),
        ),
    )
    per_hour = (
        tco.usd_per_used_gpu_hour.value if tco.usd_per_used_gpu_hour else 0.0
    ) + assumptions.downtime_usd_per_gpu_hour
    downtime = Figure(
        "Expected downtime cost",
        lost * per_hour,
        "USD",
        "GPU-hours lost × (cost per used GPU-hour + business loss per GPU-hour)",
        (
            Input("GPU-hours lost", lost, "GPU-h"),
            Input("value per GPU-hour", per_hour, "USD/GPU-h"),
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
    # Credits beyond the loss are not counted as a gain: a vendor must not score better
    # for failing more often. With this floor the loss never falls as the AFR rises.
    net = max(0.0, downtime.value - credits_value)
    net_fig = Figure(
        "Expected net downtime loss",
        net,
        "USD",
        "max(0, downtime cost − SLA credits)",
        (Input("downtime cost", downtime.value, "USD"), Input("SLA credits", credits_value, "USD")),
        note="credits exceed the expected loss; the excess is not counted"
        if credits_value > downtime.value
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
    return Downtime(lost_fig, downtime, credits, net_fig, share_fig)


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
    downtime = expected_downtime(quote, tco, assumptions) if tco is not None else None
    relevant = tuple(f for f in findings if f.quote_key in ("", quote.key))
    return ScoreInput(quote, tco, performance, downtime, relevant, compliance_checked)


# ----------------------------------------------------------------------------- outputs


@dataclass(frozen=True, slots=True)
class AxisScore:
    """One axis of one quote: the 0–100 score, why, on which scale, with which flags."""

    axis: Axis
    score: float
    explanation: str
    scale: str
    flags: tuple[str, ...] = ()
    metric: Figure | None = None


@dataclass(frozen=True, slots=True)
class QuoteScore:
    """A quote's five axis scores, weighted total, rank and knock-outs.

    ``rank`` is None for a disqualified quote; its total is still shown for context.
    """

    quote_key: str
    label: str
    axes: tuple[AxisScore, ...]
    weighted_total: float
    rank: int | None
    disqualified: bool
    knockouts: tuple[Finding, ...]
    flags: tuple[str, ...] = ()

    def axis(self, axis: Axis) -> AxisScore:
        """The score of ``axis``."""
        for item in self.axes:
            if item.axis is axis:
                return item
        raise KeyError(axis)


SUPPORTING_REASON = "no compute lines: a facility/services quote to combine with an owned option"
"""Why a quote without compute lines is listed apart instead of ranked."""


@dataclass(frozen=True, slots=True)
class SupportingQuote:
    """A quote without compute lines, listed beside the ranking and never ranked.

    A facility or services quote (colocation per kW-month, cross-connects, remote
    hands) buys no compute, so it cannot be compared with compute offers on
    performance or cost per useful unit, and it takes no part in the relative
    scales, the margin, the flip weights or the Monte Carlo. It keeps its own TCO
    (in the evaluation's results), service and compliance results and knock-outs.

    Attributes:
        quote_key, label: the quote.
        reason: why it is not ranked (:data:`SUPPORTING_REASON`).
        offers: the cost categories it prices, in quote order ("facility", "network").
        headline_usd: its own headline TCO (None without one).
        service: its service score (response times, coverage), for information.
        compliance: its compliance score, for information.
        knockouts: must-haves it fails; a knocked-out supporting quote cannot be used.
        combine_with: labels of the qualified compute offers with owned capacity that
            it could house (empty when the evaluation has none).
    """

    quote_key: str
    label: str
    reason: str
    offers: tuple[str, ...]
    headline_usd: float | None
    service: AxisScore
    compliance: AxisScore
    knockouts: tuple[Finding, ...] = ()
    combine_with: tuple[str, ...] = ()

    @property
    def disqualified(self) -> bool:
        """True when a must-have knocks it out."""
        return bool(self.knockouts)


@dataclass(frozen=True, slots=True)
class Scorecard:
    """Every compute offer's scores, ranked, with the weights and rules used.

    ``scores`` lists qualified quotes by rank, then disqualified quotes by key.
    ``supporting`` lists the quotes without compute lines, by key; they are not in
    ``scores``. ``cost_metric`` is ``"pflop"``: cost is compared per useful
    PFLOP-hour.
    """

    weights: Weights
    scores: tuple[QuoteScore, ...]
    cost_metric: str
    rules: ScoringRules
    notes: tuple[str, ...] = ()
    supporting: tuple[SupportingQuote, ...] = ()

    @property
    def ranked(self) -> tuple[QuoteScore, ...]:
        """Qualified quotes, best first."""
        return tuple(score for score in self.scores if score.rank is not None)

    @property
    def winner(self) -> QuoteScore | None:
        """The best qualified quote, or None when every quote is disqualified."""
        ranked = self.ranked
        return ranked[0] if ranked else None

    def score_of(self, quote_key: str) -> QuoteScore:
        """The scores of one quote."""
        for score in self.scores:
            if score.quote_key == quote_key:
                return score
        raise KeyError(quote_key)


KnockoutRule = Callable[[ScoreInput], Iterable[Finding]]
"""A must-have check: returns knockout findings for a quote that fails it."""


def minimum_uptime_rule(min_uptime_pct: float) -> KnockoutRule:
    """A knock-out rule: the SLA must commit to at least ``min_uptime_pct`` uptime."""

    def rule(entry: ScoreInput) -> Iterable[Finding]:
        uptime = entry.quote.sla.uptime_pct
        if uptime is None or uptime < min_uptime_pct:
            stated = "no uptime commitment" if uptime is None else f"{uptime:g} % committed"
            yield Finding(
                entry.key,
                FindingSeverity.KNOCKOUT,
                FindingCategory.OTHER,
                "SLA uptime below the must-have",
                f"{stated}; the evaluation requires at least {min_uptime_pct:g} %",
                "must_have.sla_uptime",
                "",
                "user threshold",
                "evaluation must-haves",
            )

    return rule


# ----------------------------------------------------------------------------- axes


def _missing(axis: Axis, rules: ScoringRules, why: str, scale: str) -> AxisScore:
    neutral = rules.missing_score
    return AxisScore(
        axis,
        neutral,
        f"{axis.value} {neutral:.0f} (neutral): {why}; missing data "
        f"is scored at the stated neutral value {neutral:g}",
        scale,
        (MISSING,),
    )


def _relative_higher(value: float, best: float) -> float:
    return 100.0 * value / best if best > 0 else 0.0


def _relative_lower(value: float, best: float) -> float:
    return 100.0 * best / value if value > 0 else 0.0


def _cost_figure(entry: ScoreInput) -> Figure | None:
    tco = entry.tco
    if tco is None or not tco.complete or tco.headline_usd <= 0:
        return None
    return tco.usd_per_useful_pflop_hour


def _cost_missing_reason(entry: ScoreInput) -> str:
    tco = entry.tco
    if tco is None:
        return "no TCO"
    if not tco.complete:
        return "the TCO is incomplete (see its problems), so its cost is not compared"
    if tco.headline_usd <= 0:
        return "no cost computed"
    why = tco.useful_missing or "the useful compute is unknown"
    text = f"cost per useful PFLOP-hour unknown: {why}"
    if tco.usd_per_used_gpu_hour is not None:
        text += (
            f" ({format_usd(tco.usd_per_used_gpu_hour.value)} per GPU-hour used, shown for "
            "reference, not scored)"
        )
    return text


def _cost_scores(
    entries: Sequence[ScoreInput], qualified: set[str], rules: ScoringRules
) -> tuple[dict[str, AxisScore], tuple[str, ...]]:
    figures = {e.key: figure for e in entries if (figure := _cost_figure(e)) is not None}
    pool = [e for e in entries if e.key in figures and e.key in qualified] or [
        e for e in entries if e.key in figures
    ]
    best_entry = min(pool, key=lambda e: (figures[e.key].value, e.key), default=None)
    best = figures[best_entry.key].value if best_entry is not None else 0.0
    scale = (
        "relative to the best qualified quote: 100 × best / value (USD per useful "
        "PFLOP-hour), at most 100"
    )
    out: dict[str, AxisScore] = {}
    neutral: list[str] = []
    for entry in entries:
        figure = figures.get(entry.key)
        if figure is None or best <= 0 or best_entry is None:
            out[entry.key] = _missing(Axis.COST, rules, _cost_missing_reason(entry), scale)
            neutral.append(entry.quote.label)
            continue
        score = min(100.0, _relative_lower(figure.value, best))
        flags = tuple(flag for flag in figure.flags if flag == UNMEASURED)
        best_text = (
            "this is the best"
            if best_entry.key == entry.key
            else f"best is {format_usd(best)} ({best_entry.quote.label})"
        )
        text = f"cost {score:.0f}: {format_usd(figure.value)} per useful PFLOP-hour, {best_text}"
        rate = entry.tco.useful_rate if entry.tco is not None else None
        if rate is not None:
            if any(item.name == "tokens/s" for item in rate.inputs):
                text += f"; useful unit: {useful_unit(rate)} — {describe_useful(rate)}"
            else:
                text += f"; useful compute: {describe_useful(rate)}"
        per_mtok = entry.tco.usd_per_million_tokens if entry.tco is not None else None
        if per_mtok is not None:
            text += f"; {format_usd(per_mtok.value)} per million tokens"
        chosen = entry.tco.chosen if entry.tco is not None else None
        if chosen is not None and entry.tco is not None and len(entry.tco.options) > 1:
            text += (
                f"; priced on {_lower_first(chosen.label)}, the cheapest of "
                f"{len(entry.tco.options)} options "
                "for the workload"
            )
        out[entry.key] = AxisScore(Axis.COST, score, text, scale, flags, figure)
    notes: list[str] = []
    measured = [e for e in entries if e.key in figures and UNMEASURED not in figures[e.key].flags]
    datasheet = [e for e in entries if e.key in figures and UNMEASURED in figures[e.key].flags]
    if measured and datasheet:
        notes.append(
            f"cost per useful PFLOP-hour compares {plural(len(measured), 'quote')} with measured "
            f"throughput against {len(datasheet)} rated on datasheet peak × the workload's "
            "assumed MFU; that assumption decides how the two groups compare, so ask the "
            "unmeasured vendors for a measurement on the workload"
        )
    if neutral and len(neutral) < len(entries):
        notes.append(
            "cost is compared per useful PFLOP-hour; "
            + ", ".join(neutral)
            + (" has" if len(neutral) == 1 else " have")
            + " no known useful compute or complete TCO and "
            + ("is" if len(neutral) == 1 else "are")
            + f" scored at the neutral value {rules.missing_score:g} on cost"
        )
    return out, tuple(notes)


def _performance_scores(
    entries: Sequence[ScoreInput], qualified: set[str], rules: ScoringRules
) -> dict[str, AxisScore]:
    pool = [e for e in entries if e.performance is not None and e.key in qualified] or [
        e for e in entries if e.performance is not None
    ]
    best_entry = max(
        (e for e in pool if e.performance is not None),
        key=lambda e: (e.performance.value if e.performance is not None else 0.0, e.key),
        default=None,
    )
    best = (
        best_entry.performance.value
        if best_entry is not None and best_entry.performance is not None
        else 0.0
    )
    scale = (
        "relative to the best qualified quote: 100 × value / best (useful TFLOP/s per "
        "accelerator), at most 100"
    )
    out: dict[str, AxisScore] = {}
    for entry in entries:
        figure = entry.performance
        if figure is None or best <= 0:
            why = (
                entry.tco.useful_missing
                if entry.tco is not None and entry.tco.useful_missing
                else "no measurement and no catalogue peak for the quoted accelerators"
            )
            out[entry.key] = _missing(Axis.PERFORMANCE, rules, why, scale)
            continue
        score = min(100.0, _relative_higher(figure.value, best))
        best_text = (
            "this is the best"
            if best_entry is not None and best_entry.key == entry.key
            else f"best is {format_number(best)} TFLOP/s"
            + (f" ({best_entry.quote.label})" if best_entry is not None else "")
        )
        text = f"performance {score:.0f}: {describe_useful(figure)}; {best_text}"
        out[entry.key] = AxisScore(
            Axis.PERFORMANCE,
            score,
            text,
            scale,
            tuple(f for f in figure.flags if f == UNMEASURED),
            figure,
        )
    return out


def _reliability_score(entry: ScoreInput, rules: ScoringRules) -> AxisScore:
    scale = rules.reliability_loss_pct.text() + " (expected net downtime loss)"
    downtime = entry.downtime
    if downtime is None:
        missing = [
            name
            for name, value in (
                ("annual failure rate", entry.quote.reliability.annual_failure_rate),
                ("MTTR", entry.quote.reliability.mttr_hours),
            )
            if value is None
        ]
        why = "no " + " and no ".join(missing) if missing else "no accelerators to fail"
        return _missing(Axis.RELIABILITY, rules, why, scale)
    share = downtime.share_of_tco_pct.value
    score = rules.reliability_loss_pct.score(share)
    months = entry.tco.horizon_months if entry.tco is not None else 0
    text = (
        f"reliability {score:.0f}: {format_number(downtime.lost_gpu_hours.value)} GPU-h expected "
        f"lost over {months} months cost {format_usd(downtime.downtime_usd.value)}, less "
        f"{format_usd(downtime.credits_usd.value)} expected SLA credits = "
        f"{format_usd(downtime.net_usd.value)} net, {share:.2f} % of the TCO"
    )
    flags: tuple[str, ...] = ()
    if not entry.quote.sla.credits:
        owned = _owned_option(entry)
        text += "; owned hardware: no SLA credits" if owned else "; no SLA credit schedule"
    elif downtime.credits_usd.value > downtime.downtime_usd.value:
        text += " (the credits exceed the loss; the excess is not counted)"
    return AxisScore(Axis.RELIABILITY, score, text, scale, flags, downtime.net_usd)


_COVERAGE_24X7 = re.compile(
    r"24\s*[x×/*]\s*7|7\s*[x×/*]\s*24|around the clock|round.the.clock|24h|"
    r"24\s*hours?,?\s*7\s*days",
    re.IGNORECASE,
)
_COVERAGE_BUSINESS = re.compile(
    r"business|office|[589]\s*[x×]\s*5|working hours|weekdays", re.IGNORECASE
)


def _lower_first(text: str) -> str:
    """``On-demand NVIDIA L4`` → ``on-demand NVIDIA L4`` inside a sentence; acronyms stay."""
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        return text[0].lower() + text[1:]
    return text


def _owned_option(entry: ScoreInput) -> bool:
    """True when the quote's TCO rests on bought hardware (without a TCO: every line bought)."""
    chosen = entry.tco.chosen if entry.tco is not None else None
    if chosen is not None:
        return chosen.deployment is Deployment.PURCHASE
    lines = entry.quote.compute_lines
    return bool(lines) and all(line.deployment is Deployment.PURCHASE for line in lines)


def _service_score(entry: ScoreInput, rules: ScoringRules) -> AxisScore:
    support = entry.quote.support
    parts: list[tuple[str, float]] = []
    missing: list[str] = []
    for severity, minutes_scale in ((1, rules.sev1_minutes), (2, rules.sev2_minutes)):
        if severity not in support.response_minutes:
            missing.append(f"severity-{severity} response")
            continue
        minutes = support.response_minutes[severity]
        if minutes is None:
            parts.append((f"severity {severity} best effort", 0.0))
        else:
            parts.append(
                (
                    f"severity {severity} in {format_number(minutes)} min",
                    minutes_scale.score(minutes),
                )
            )
    if support.expert_hours_per_month is None:
        missing.append("expert hours")
    else:
        parts.append(
            (
                f"{format_number(support.expert_hours_per_month)} expert h/month",
                rules.expert_hours.score(support.expert_hours_per_month),
            )
        )
    coverage = support.coverage.strip()
    if _COVERAGE_24X7.search(coverage):
        parts.append(("24×7 coverage", rules.coverage_24x7_score))
    elif _COVERAGE_BUSINESS.search(coverage):
        parts.append(("business-hours coverage", rules.coverage_business_score))
    else:
        missing.append("coverage" if not coverage else f"coverage ({coverage!r} not recognised)")
    scale = (
        f"mean of: severity 1 {rules.sev1_minutes.text()}; severity 2 "
        f"{rules.sev2_minutes.text()}; expert hours {rules.expert_hours.text()}; coverage "
        f"24×7 → {rules.coverage_24x7_score:g}, business hours → "
        f"{rules.coverage_business_score:g}; best effort → 0"
    )
    if not parts:
        return _missing(Axis.SERVICE, rules, "no support terms stated", scale)
    score = math.fsum(value for _, value in parts) / len(parts)
    text = f"service {score:.0f}: " + ", ".join(f"{name} ({value:.0f})" for name, value in parts)
    flags: tuple[str, ...] = ()
    if missing:
        flags = (PARTIAL,)
        text += "; not stated: " + ", ".join(missing) + " (scored from the rest)"
    return AxisScore(Axis.SERVICE, score, text, scale, flags)


def _unique(texts: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(texts))


def _compliance_score(entry: ScoreInput, rules: ScoringRules) -> AxisScore:
    scale = f"100 − {rules.warning_penalty:g} per warning finding; info 0; a knockout disqualifies"
    if not entry.compliance_checked:
        return _missing(Axis.COMPLIANCE, rules, "compliance checks have not been run", scale)
    counted = [f for f in entry.findings if f.category is not FindingCategory.FIT]
    warnings = [f for f in counted if f.severity is FindingSeverity.WARNING]
    knockouts = [f for f in counted if f.severity is FindingSeverity.KNOCKOUT]
    if knockouts:
        titles = "; ".join(_unique(f.title for f in knockouts))
        return AxisScore(Axis.COMPLIANCE, 0.0, f"compliance 0: knocked out — {titles}", scale)
    score = max(0.0, 100.0 - rules.warning_penalty * len(warnings))
    if warnings:
        count = len(warnings)
        text = (
            f"compliance {score:.0f}: {count} warning{'s' if count != 1 else ''} at "
            f"−{rules.warning_penalty:g} each — " + "; ".join(_unique(f.title for f in warnings))
        )
    else:
        infos = sum(1 for f in counted if f.severity is FindingSeverity.INFO)
        text = f"compliance {score:.0f}: no warnings" + (
            f" ({plural(infos, 'info note')})" if infos else ""
        )
    return AxisScore(Axis.COMPLIANCE, score, text, scale)


# ----------------------------------------------------------------------------- scorecard


def knockouts_of(entry: ScoreInput, rules: Sequence[KnockoutRule] = ()) -> tuple[Finding, ...]:
    """The knock-out findings of a quote: from its findings and from each extra rule."""
    found = [f for f in entry.findings if f.severity is FindingSeverity.KNOCKOUT]
    for rule in rules:
        found.extend(f for f in rule(entry) if f.severity is FindingSeverity.KNOCKOUT)
    # The same finding raised for two lines of one quote is one reason, shown once.
    seen: set[tuple[str, str, str]] = set()
    unique: list[Finding] = []
    for finding in found:
        key = (finding.title, finding.reason, finding.rule_id)
        if key not in seen:
            seen.add(key)
            unique.append(finding)
    return tuple(unique)


def weighted_total(axes: Iterable[AxisScore], weights: Weights) -> float:
    """Σ weight × score over the axes (0–100)."""
    return math.fsum(weights.weight(item.axis) * item.score for item in axes)


def score_quotes(
    entries: Sequence[ScoreInput],
    weights: Weights,
    rules: ScoringRules | None = None,
    knockout_rules: Sequence[KnockoutRule] = (),
) -> Scorecard:
    """Score every quote on the five axes, weight, rank, and apply knock-outs.

    Args:
        entries: one :class:`ScoreInput` per quote (from :func:`prepare_input`).
        weights: normalised axis weights.
        rules: scales and thresholds; defaults when None.
        knockout_rules: extra must-have checks beyond the knockout findings.

    Returns:
        The :class:`Scorecard`: qualified quotes ranked by weighted total (ties broken
        by quote key), then disqualified quotes with their reasons; quotes without
        compute lines are listed apart as supporting quotes, not ranked.
    """
    used_rules = rules or ScoringRules()
    everything = sorted(entries, key=lambda e: e.key)
    ordered = [e for e in everything if e.quote.compute_lines]
    knocked = {e.key: knockouts_of(e, knockout_rules) for e in everything}
    qualified = {e.key for e in ordered if not knocked[e.key]}
    cost, notes = _cost_scores(ordered, qualified, used_rules)
    performance = _performance_scores(ordered, qualified, used_rules)
    results: list[QuoteScore] = []
    for entry in ordered:
        axes: tuple[AxisScore, ...] = (  # in AXES order
            performance[entry.key],
            _reliability_score(entry, used_rules),
            cost[entry.key],
            _service_score(entry, used_rules),
            _compliance_score(entry, used_rules),
        )
        flags: list[str] = []
        missing_axes = [item.axis.value for item in axes if MISSING in item.flags]
        if missing_axes:
            flags.append("missing data on: " + ", ".join(missing_axes))
        if any(UNMEASURED in item.flags for item in axes):
            flags.append("performance unmeasured")
        results.append(
            QuoteScore(
                entry.key,
                entry.quote.label,
                axes,
                weighted_total(axes, weights),
                None,
                bool(knocked[entry.key]),
                knocked[entry.key],
                tuple(flags),
            )
        )
    ranked = sorted(
        (r for r in results if not r.disqualified),
        key=lambda r: (-round(r.weighted_total, 9), r.quote_key),
    )
    final = [
        QuoteScore(
            r.quote_key, r.label, r.axes, r.weighted_total, index + 1, False, r.knockouts, r.flags
        )
        for index, r in enumerate(ranked)
    ]
    final.extend(r for r in results if r.disqualified)
    by_key = {e.key: e for e in ordered}
    owners = tuple(
        r.label for r in final if r.rank is not None and _owned_option(by_key[r.quote_key])
    )
    supporting = tuple(
        _supporting(entry, knocked[entry.key], owners, used_rules)
        for entry in everything
        if not entry.quote.compute_lines
    )
    if supporting:
        count = len(supporting)
        notes = (
            *notes,
            f"{count} quote{'s' if count != 1 else ''} without compute lines "
            f"{'are' if count != 1 else 'is'} listed as supporting, not ranked: "
            + ", ".join(item.label for item in supporting),
        )
    return Scorecard(weights, tuple(final), "pflop", used_rules, notes, supporting)


def _supporting(
    entry: ScoreInput,
    knockouts: tuple[Finding, ...],
    owners: tuple[str, ...],
    rules: ScoringRules,
) -> SupportingQuote:
    offers = _unique(
        (line.category.value if line.category is not None else "other")
        for line in entry.quote.lines
    )
    tco = entry.tco
    return SupportingQuote(
        entry.key,
        entry.quote.label,
        SUPPORTING_REASON,
        tuple(offers),
        tco.headline_usd if tco is not None else None,
        _service_score(entry, rules),
        _compliance_score(entry, rules),
        knockouts,
        owners,
    )
