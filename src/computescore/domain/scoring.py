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
* **cost** — TCO per useful PFLOP-hour (per used GPU-hour when the peak of some
  accelerator is unknown), *relative to the best quote*: score = 100 × best / value.
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
from computescore.domain.quotes import Quote
from computescore.domain.sizing import INFERENCE_FLOP_PER_PARAM_TOKEN, TRAINING_FLOP_PER_PARAM_TOKEN
from computescore.domain.tco import Assumptions, Tco, TcoCategory
from computescore.domain.units import HOURS_PER_MONTH, MONTHS_PER_YEAR, TERA
from computescore.domain.weights import Axis, Weights
from computescore.domain.workload import Purpose, Workload


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

    Measured tokens/s per accelerator × FLOP per token (2 × params for inference,
    6 × params for training), else dense peak × MFU (measured MFU, or the workload's
    assumption flagged unmeasured). None when neither is available.
    """
    tokens = quote.performance.tokens_per_second
    if tokens is not None and tokens > 0 and workload.params > 0:
        per_token = (
            INFERENCE_FLOP_PER_PARAM_TOKEN
            if workload.purpose is Purpose.INFERENCE
            else TRAINING_FLOP_PER_PARAM_TOKEN
        )
        value = tokens * per_token * workload.params / TERA
        return Figure(
            "Useful throughput",
            value,
            "TFLOP/s per accelerator",
            f"measured tokens/s × {per_token:g} × params",
            (
                Input("tokens/s", tokens, "tokens/s", "measured"),
                Input("params", workload.params, "parameters"),
            ),
        )
    if tco is None or not tco.peak_pflops_total or tco.gpu_count <= 0:
        return None
    peak_tflops = tco.peak_pflops_total * 1000.0 / tco.gpu_count
    return Figure(
        "Useful throughput",
        peak_tflops * tco.mfu.value,
        "TFLOP/s per accelerator",
        "dense peak × MFU",
        (
            Input("peak", peak_tflops, "TFLOP/s", "catalogue"),
            Input(
                "MFU",
                tco.mfu.value,
                "",
                "assumption" if UNMEASURED in tco.mfu.flags else "measured",
            ),
        ),
        flags=tco.mfu.flags,
    )


def _poisson_log_pmf(k: int, lam: float) -> float:
    return (
        -lam + k * math.log(lam) - math.lgamma(k + 1) if lam > 0 else (0.0 if k == 0 else -math.inf)
    )


def expected_downtime(quote: Quote, tco: Tco, assumptions: Assumptions) -> Downtime | None:
    """Expected downtime cost, SLA credits and net loss over the horizon (USD).

    Returns None when the quote states no annual failure rate or no MTTR.
    Failures over the horizon: accelerators × AFR × months / 12. A failure
    takes out its node (accelerators per node as quoted, else one accelerator) for
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
    per_node = max((line.accelerators_per_node or 1 for line in quote.compute_lines), default=1)
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


@dataclass(frozen=True, slots=True)
class Scorecard:
    """Every quote's scores, ranked, with the weights and rules used.

    ``scores`` lists qualified quotes by rank, then disqualified quotes by key.
    """

    weights: Weights
    scores: tuple[QuoteScore, ...]
    cost_metric: str
    rules: ScoringRules
    notes: tuple[str, ...] = ()

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


def _cost_metric(entry: ScoreInput, metric: str) -> Figure | None:
    tco = entry.tco
    if tco is None or not tco.complete or tco.headline_usd <= 0:
        return None
    return tco.usd_per_useful_pflop_hour if metric == "pflop" else tco.usd_per_used_gpu_hour


def _cost_scores(
    entries: Sequence[ScoreInput], qualified: set[str], rules: ScoringRules
) -> tuple[dict[str, AxisScore], str, tuple[str, ...]]:
    notes: list[str] = []
    usable = [e for e in entries if e.tco is not None and e.tco.complete and e.tco.headline_usd > 0]
    pool = [e for e in usable if e.key in qualified] or usable
    metric = (
        "pflop"
        if all(e.tco is not None and e.tco.usd_per_useful_pflop_hour is not None for e in pool)
        else "gpu_hour"
    )
    unit = "useful PFLOP-hour" if metric == "pflop" else "GPU-hour used"
    if metric == "gpu_hour" and pool:
        notes.append(
            "cost is compared per GPU-hour used because the useful compute of some "
            "quote is unknown (accelerator or precision not in the catalogue)"
        )
    values = {e.key: fig.value for e in pool if (fig := _cost_metric(e, metric)) is not None}
    best = min(values.values()) if values else 0.0
    scale = (
        f"relative to the best qualified quote: 100 × best / value (USD per {unit}), at most 100"
    )
    out: dict[str, AxisScore] = {}
    for entry in entries:
        figure = _cost_metric(entry, metric)
        if figure is None:
            why = (
                "no TCO"
                if entry.tco is None
                else "TCO incomplete (see its problems)"
                if not entry.tco.complete
                else "no cost computed"
            )
            if entry.tco is not None and entry.tco.complete and metric == "pflop":
                why = "useful compute unknown"
            out[entry.key] = _missing(Axis.COST, rules, why, scale)
            continue
        score = min(100.0, _relative_lower(figure.value, best)) if best > 0 else rules.missing_score
        flags = tuple(flag for flag in figure.flags if flag == UNMEASURED)
        text = (
            f"cost {score:.0f}: {format_usd(figure.value)} per {unit}, best is {format_usd(best)}"
        )
        if flags:
            text += " (useful compute from datasheet peak × assumed MFU: unmeasured)"
        out[entry.key] = AxisScore(Axis.COST, score, text, scale, flags, figure)
    return out, metric, tuple(notes)


def _performance_scores(
    entries: Sequence[ScoreInput], qualified: set[str], rules: ScoringRules
) -> dict[str, AxisScore]:
    pool = [e for e in entries if e.performance is not None and e.key in qualified] or [
        e for e in entries if e.performance is not None
    ]
    best = max((e.performance.value for e in pool if e.performance is not None), default=0.0)
    scale = (
        "relative to the best qualified quote: 100 × value / best (useful TFLOP/s per "
        "accelerator), at most 100"
    )
    out: dict[str, AxisScore] = {}
    for entry in entries:
        figure = entry.performance
        if figure is None or best <= 0:
            out[entry.key] = _missing(
                Axis.PERFORMANCE,
                rules,
                "no measurement and no catalogue peak for the quoted accelerators",
                scale,
            )
            continue
        score = min(100.0, _relative_higher(figure.value, best))
        text = (
            f"performance {score:.0f}: {figure.value:,.0f} useful TFLOP/s per accelerator "
            f"({figure.formula}), best is {best:,.0f}"
        )
        if UNMEASURED in figure.flags:
            text += "; unmeasured: datasheet peak × assumed MFU"
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
    text = (
        f"reliability {score:.0f}: expected downtime loss {format_usd(downtime.downtime_usd.value)}"
        f" net of {format_usd(downtime.credits_usd.value)} SLA credits = "
        f"{format_usd(downtime.net_usd.value)}, {share:.2f} % of TCO"
    )
    flags: tuple[str, ...] = ()
    if not entry.quote.sla.credits:
        text += "; no SLA credit schedule"
    elif downtime.credits_usd.value > downtime.downtime_usd.value:
        text += " (the credits exceed the loss; the excess is not counted)"
    return AxisScore(Axis.RELIABILITY, score, text, scale, flags, downtime.net_usd)


_COVERAGE_24X7 = re.compile(
    r"24\s*[x×/*]\s*7|around the clock|round.the.clock|24/7|24h", re.IGNORECASE
)
_COVERAGE_BUSINESS = re.compile(
    r"business|office|[589]\s*[x×]\s*5|working hours|weekdays", re.IGNORECASE
)


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


def _compliance_score(entry: ScoreInput, rules: ScoringRules) -> AxisScore:
    scale = f"100 − {rules.warning_penalty:g} per warning finding; info 0; a knockout disqualifies"
    if not entry.compliance_checked:
        return _missing(Axis.COMPLIANCE, rules, "compliance checks have not been run", scale)
    counted = [f for f in entry.findings if f.category is not FindingCategory.FIT]
    warnings = [f for f in counted if f.severity is FindingSeverity.WARNING]
    knockouts = [f for f in counted if f.severity is FindingSeverity.KNOCKOUT]
    if knockouts:
        titles = "; ".join(f.title for f in knockouts)
        return AxisScore(Axis.COMPLIANCE, 0.0, f"compliance 0: knocked out — {titles}", scale)
    score = max(0.0, 100.0 - rules.warning_penalty * len(warnings))
    if warnings:
        text = f"compliance {score:.0f}: {len(warnings)} warning(s) — " + "; ".join(
            f.title for f in warnings
        )
    else:
        infos = sum(1 for f in counted if f.severity is FindingSeverity.INFO)
        text = f"compliance {score:.0f}: no warnings" + (
            f" ({infos} info note(s))" if infos else ""
        )
    return AxisScore(Axis.COMPLIANCE, score, text, scale)


# ----------------------------------------------------------------------------- scorecard


def knockouts_of(entry: ScoreInput, rules: Sequence[KnockoutRule] = ()) -> tuple[Finding, ...]:
    """The knock-out findings of a quote: from its findings and from each extra rule."""
    found = [f for f in entry.findings if f.severity is FindingSeverity.KNOCKOUT]
    for rule in rules:
        found.extend(f for f in rule(entry) if f.severity is FindingSeverity.KNOCKOUT)
    return tuple(found)


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
        by quote key), then disqualified quotes with their reasons.
    """
    used_rules = rules or ScoringRules()
    ordered = sorted(entries, key=lambda e: e.key)
    knocked = {e.key: knockouts_of(e, knockout_rules) for e in ordered}
    qualified = {key for key, found in knocked.items() if not found}
    cost, metric, notes = _cost_scores(ordered, qualified, used_rules)
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
    return Scorecard(weights, tuple(final), metric, used_rules, notes)
