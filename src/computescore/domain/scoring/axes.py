"""The five axes scored: performance, reliability, cost, service, compliance."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from computescore.domain.figures import (
    INCOMPLETE,
    MISSING,
    PARTIAL,
    UNMEASURED,
    Figure,
    format_money,
    format_number,
)
from computescore.domain.findings import FindingCategory, FindingSeverity
from computescore.domain.quotes import Deployment
from computescore.domain.scoring.inputs import describe_useful, useful_unit
from computescore.domain.scoring.knockouts import line_knockouts
from computescore.domain.scoring.outputs import AxisScore
from computescore.domain.scoring.scales import describe_scale
from computescore.domain.weights import Axis
from computescore.wording import plural

if TYPE_CHECKING:
    from computescore.domain.scoring.inputs import ScoreInput
    from computescore.domain.scoring.rules import ScoringRules


def _missing(axis: Axis, rules: ScoringRules, why: str, scale: str) -> AxisScore:
    value = rules.missing_value(axis)
    if axis in rules.worst_when_missing:
        return AxisScore(
            axis,
            value,
            f"{axis.value} 0 (missing, counted as worst): {why}; the evaluation counts "
            f"missing {axis.value} data as the worst score",
            scale,
            (MISSING,),
        )
    return AxisScore(
        axis,
        value,
        f"{axis.value} {value:.0f} (neutral): {why}; missing data "
        f"is scored at the stated neutral value {value:g}",
        scale,
        (MISSING,),
    )


def _incomplete_cost(entry: ScoreInput, scale: str) -> AxisScore:
    """An incomplete TCO is never cheaper than a complete one: it scores 0 on cost."""
    tco = entry.tco
    what = "; ".join(_unique(p.message for p in tco.problems)) if tco is not None else ""
    text = (
        "cost 0 (incomplete, counted as worst): the TCO leaves out part of the quote"
        + (f" — {_shorten(what)}" if what else "")
        + "; complete it before comparing its cost"
    )
    return AxisScore(Axis.COST, 0.0, text, scale, (INCOMPLETE,))


def _shorten(text: str, limit: int = 240) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut + " …"


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
            f" ({format_money(tco.usd_per_used_gpu_hour.value)} per GPU-hour used, shown for "
            "reference, not scored)"
        )
    return text


def _cost_scores(
    entries: Sequence[ScoreInput], qualified: set[str], rules: ScoringRules
) -> tuple[dict[str, AxisScore], tuple[str, ...]]:
    figures = {e.key: figure for e in entries if (figure := _cost_figure(e)) is not None}
    anchored = rules.cost_scale
    pool = [e for e in entries if e.key in figures and e.key in qualified] or [
        e for e in entries if e.key in figures
    ]
    best_entry = min(pool, key=lambda e: (figures[e.key].value, e.key), default=None)
    best = figures[best_entry.key].value if best_entry is not None else 0.0
    scale = (
        f"stated scale: {describe_scale(anchored, 'cost')}"
        if anchored is not None
        else "relative to the best qualified quote: 100 × best / value (USD per useful "
        "PFLOP-hour), at most 100 — chosen explicitly"
    )
    out: dict[str, AxisScore] = {}
    neutral: list[str] = []
    for entry in entries:
        figure = figures.get(entry.key)
        if entry.tco is not None and not entry.tco.complete:
            out[entry.key] = _incomplete_cost(entry, scale)
            continue
        if figure is None or (anchored is None and (best <= 0 or best_entry is None)):
            out[entry.key] = _missing(Axis.COST, rules, _cost_missing_reason(entry), scale)
            neutral.append(entry.quote.label)
            continue
        flags = tuple(flag for flag in figure.flags if flag == UNMEASURED)
        if anchored is not None:
            score = anchored.score(figure.value)
            text = (
                f"cost {score:.0f}: {format_money(figure.value)} per useful PFLOP-hour on the "
                f"stated scale ({format_money(anchored.ideal)} → 100, "
                f"{format_money(anchored.floor)} → 0)"
            )
        else:
            assert best_entry is not None
            score = min(100.0, _relative_lower(figure.value, best))
            best_text = (
                "this is the best"
                if best_entry.key == entry.key
                else f"best is {format_money(best)} ({best_entry.quote.label})"
            )
            text = (
                f"cost {score:.0f}: {format_money(figure.value)} per useful PFLOP-hour, {best_text}"
            )
        rate = entry.tco.useful_rate if entry.tco is not None else None
        if rate is not None:
            if any(item.name == "tokens/s" for item in rate.inputs):
                text += f"; useful unit: {useful_unit(rate)} — {describe_useful(rate)}"
            else:
                text += f"; useful compute: {describe_useful(rate)}"
        per_mtok = entry.tco.usd_per_million_tokens if entry.tco is not None else None
        if per_mtok is not None:
            text += f"; {format_money(per_mtok.value)} per million tokens"
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
            f"throughput against {len(datasheet)} rated from the datasheet (peak × the "
            "workload's assumed MFU, or for serving the decode step the memory bandwidth "
            "allows, with prompt tokens at peak × MFU); those assumptions decide how the two "
            "groups compare, so ask the "
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
    anchored = rules.performance_scale
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
        f"stated scale: {describe_scale(anchored, 'performance')}"
        if anchored is not None
        else "relative to the best qualified quote: 100 × value / best (useful TFLOP/s per "
        "accelerator), at most 100 — chosen explicitly"
    )
    out: dict[str, AxisScore] = {}
    for entry in entries:
        figure = entry.performance
        if figure is None or (anchored is None and best <= 0):
            why = (
                entry.tco.useful_missing
                if entry.tco is not None and entry.tco.useful_missing
                else "no measurement and no catalogue peak for the quoted accelerators"
            )
            out[entry.key] = _missing(Axis.PERFORMANCE, rules, why, scale)
            continue
        if anchored is not None:
            score = anchored.score(figure.value)
            text = (
                f"performance {score:.0f}: {describe_useful(figure)}; stated scale "
                f"{format_number(anchored.ideal)} TFLOP/s → 100, "
                f"{format_number(anchored.floor)} → 0"
            )
        else:
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
    if entry.tco is not None and not entry.tco.complete:
        return _missing(
            Axis.RELIABILITY,
            rules,
            "the TCO is incomplete, so the money lost to downtime cannot be valued",
            scale,
        )
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
    credits = downtime.credits_usd.value
    counted = downtime.credits_counted_usd
    less = (
        f"less {format_money(counted)} of the {format_money(credits)} expected SLA credits "
        "(credits refund only the capacity paid for while out)"
        if credits > counted + 0.005
        else f"less {format_money(credits)} expected SLA credits"
    )
    text = (
        f"reliability {score:.0f}: {format_number(downtime.lost_gpu_hours.value)} GPU-h expected "
        f"lost over {months} months cost {format_money(downtime.downtime_usd.value)} (capacity "
        f"paid for, work redone, business loss), {less} = "
        f"{format_money(downtime.net_usd.value)} net, {share:.2f} % of the TCO"
    )
    flags: tuple[str, ...] = ()
    if not entry.quote.sla.credits:
        owned = _owned_option(entry)
        text += "; owned hardware: no SLA credits" if owned else "; no SLA credit schedule"
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
    of_lines, all_lines = line_knockouts(entry)
    knockouts = [
        f for f in counted if f.severity is FindingSeverity.KNOCKOUT and (not f.lines or all_lines)
    ]
    if knockouts:
        titles = "; ".join(_unique(f.title for f in knockouts))
        return AxisScore(Axis.COMPLIANCE, 0.0, f"compliance 0: knocked out — {titles}", scale)
    score = max(0.0, 100.0 - rules.warning_penalty * len(warnings))
    excluded = ""
    if of_lines:
        options = len({i for f in of_lines for i in f.lines})
        excluded = (
            f"; {plural(options, 'option')} excluded by a knock-out (not priced or scored): "
            + "; ".join(_unique(f.title for f in of_lines))
        )
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
    return AxisScore(Axis.COMPLIANCE, score, text + excluded, scale)
