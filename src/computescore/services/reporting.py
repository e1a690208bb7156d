"""Board packs: gather an evaluation's results into a frozen pack, render and write it.

* :func:`build_board_pack` maps data already loaded and results already computed
  to a :class:`~computescore.reports.model.BoardPack`; the ``*_record`` functions
  map one part each (the desktop app's charts use them too). This is the one place
  engine results become report records.
* :func:`gather_board_pack` opens a workspace and returns the pack of its analysis
  (:func:`computescore.services.analysis.analyse`).
* :func:`export_reports` renders the PDF and/or the workbook and writes each file
  atomically: the bytes are rendered in full first, written to a temporary file in
  the target folder, flushed, then renamed over the target, so a failed run never
  leaves a half-written file where the previous report was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import date
from pathlib import Path

from computescore import __version__
from computescore.domain.buy_vs_rent import BreakEvenKind
from computescore.domain.committee import CommitteeCheck
from computescore.domain.figures import MISSING, UNMEASURED, format_money
from computescore.domain.findings import Finding, FindingSeverity
from computescore.domain.money import usd_per_gpu_hour
from computescore.domain.montecarlo import MonteCarloResult, Triangular
from computescore.domain.presentation import currency_code
from computescore.domain.scoring import Scorecard
from computescore.domain.scoring.independence import IndependenceCheck
from computescore.domain.scoring.missing import missing_sentence
from computescore.domain.scoring.scales import describe_scale
from computescore.domain.sensitivity import FlipWeight
from computescore.domain.tco import TcoLine as CostLine
from computescore.domain.weights import Axis, weights_origin
from computescore.domain.workload import Evaluation
from computescore.errors import InputRefused
from computescore.reports.model import (
    AXES,
    ApiComparison,
    AxisScore,
    BoardPack,
    BreakEven,
    MonteCarlo,
    MonteCarloRow,
    PackMeta,
    QuoteExit,
    QuoteLineRow,
    QuoteTco,
    Ranking,
    RankingRow,
    TcoLine,
    Tornado,
    TornadoBar,
    WeightFlip,
)
from computescore.services.caveats import award_caveat, incomplete_costs
from computescore.services.evaluate import EvaluateOptions, EvaluationResult
from computescore.services.methodology import FORMULAS as FORMULAS
from computescore.services.methodology import RulesInfo as RulesInfo
from computescore.services.methodology import methodology_record
from computescore.services.progress import NullProgress, Progress, check_cancel
from computescore.services.workspace import EvaluationData
from computescore.vocabulary import assumption_label
from computescore.wording import plural, sentence

DEFAULT_MARKING = "Confidential"
"""The confidentiality marking printed on every page unless the user gives another."""

# ----------------------------------------------------------------------------- mapping


def _workload_line(evaluation: Evaluation) -> tuple[str, ...]:
    out = []
    for w in evaluation.workloads:
        out.append(
            f"{w.name} ({w.purpose.value}, {w.workload_class.value}): {w.accelerators} "
            f"accelerators, {w.hours_per_day:g} h/day, {w.horizon_months} months, "
            f"{w.data_classification.value} data, runs in {w.country or 'unstated country'}"
        )
    return tuple(out)


def ranking_record(
    result: EvaluationResult,
    card: Scorecard | None = None,
    flip_weights: Sequence[FlipWeight] | None = None,
    smallest: FlipWeight | None = None,
    margin_points: float | None = None,
) -> Ranking:
    """The scorecard as the report model's :class:`Ranking` (the pack, the app's charts).

    Args:
        result: the engine's result (vendors, references of the quotes).
        card: a scorecard ranked with other weights (the app's live preview); None
            means the result's own scorecard, flips, smallest flip and margin.
        flip_weights: the flip weights of ``card``.
        smallest: the smallest flip of ``card``.
        margin_points: the winner's margin in ``card``, in points.
    """
    if card is None:
        card = result.scorecard
        flip_weights = result.flips
        smallest = result.smallest_flip
        margin_points = result.margin.value if result.margin is not None else None
    weights = tuple((axis, float(card.weights.by_axis.get(Axis(axis), 0.0))) for axis in AXES)
    rows = []
    for score in card.scores:
        quote = result.quote(score.quote_key)
        reasons = tuple(f"{k.title}: {k.reason}" if k.reason else k.title for k in score.knockouts)
        if score.disqualified and not reasons:
            reasons = ("disqualified by a must-have",)
        axis_scores = {a.axis.value: a for a in score.axes}
        rows.append(
            RankingRow(
                quote_key=score.quote_key,
                vendor=quote.vendor,
                quote_ref=quote.reference,
                scores=tuple(
                    AxisScore(
                        axis,
                        axis_scores[axis].score,
                        axis_scores[axis].explanation,
                        axis_scores[axis].flags,
                    )
                    for axis in AXES
                ),
                weighted_total=score.weighted_total,
                rank=None if score.disqualified else score.rank,
                knockout_reasons=reasons,
            )
        )
    flips = [
        WeightFlip(f.axis.value, f.current, f.flips_at, f.new_winner_label)
        for f in flip_weights or ()
        if f.flips_at is not None
    ]
    flips.sort(key=lambda f: abs(f.weight_to - f.weight_from))
    if smallest is not None and smallest.flips_at is not None:
        robustness = smallest.explanation
        robustness = robustness[0].upper() + robustness[1:] + "."
    elif card.winner is not None:
        robustness = "No change of a single weight between 0 % and 100 % changes the winner."
    else:
        robustness = "No quote survived the knock-outs, so there is no ranking to test."
    scales = []
    if card.scores:
        for axis_score in card.scores[0].axes:
            scales.append(f"{axis_score.axis.value}: {axis_score.scale}")
    independence = result.independence if card is result.scorecard else None
    committee = result.committee if card is result.scorecard else None
    return Ranking(
        weights=weights,
        rows=tuple(rows),
        preset=card.weights.source,
        scale_note="Scales — " + "; ".join(scales) + "." if scales else "",
        margin_points=margin_points,
        flips=tuple(flips),
        robustness=robustness,
        method=score_method(card, independence, committee),
    )


def score_method(
    card: Scorecard,
    independence: IndependenceCheck | None,
    committee: CommitteeCheck | None = None,
) -> tuple[tuple[str, str], ...]:
    """How the scores are made, topic by topic (the pack's box on the ranking page)."""
    rules = card.rules
    method: list[tuple[str, str]] = [
        ("Performance", sentence(describe_scale(rules.performance_scale, "performance"))),
        ("Cost", sentence(describe_scale(rules.cost_scale, "cost"))),
    ]
    if rules.scales_origin:
        method.append(("Anchors", sentence(rules.scales_origin)))
    if card.scores:
        for item in card.scores[0].axes:
            if item.axis in (Axis.RELIABILITY, Axis.SERVICE, Axis.COMPLIANCE):
                method.append((item.axis.value.capitalize(), sentence(item.scale)))
    rationale = f" {sentence(card.weights.rationale)}" if card.weights.rationale else ""
    method.append(("Weights", sentence(f"from {weights_origin(card.weights.source)}") + rationale))
    worst = sorted(axis.value for axis in rules.worst_when_missing)
    missing = (
        f"A missing figure scores the neutral {rules.missing_score:g}"
        + (f", except on {', '.join(worst)}, where it counts as the worst (0)" if worst else "")
        + ", and is marked ?; an incomplete cost always scores 0 and is marked !. "
        + missing_sentence(card)
    )
    method.append(("Missing data", missing.strip()))
    if independence is not None:
        method.append(("Independence", independence.sentence()))
    if committee is not None:
        method.append(("Committee", committee.sentence()))
    return tuple(method)


def tco_records(result: EvaluationResult) -> tuple[QuoteTco, ...]:
    """Every quote's TCO as the report model's :class:`QuoteTco` (ranked order, then
    the supporting quotes), with the options, FX rates and problems as notes, and the
    scope each total covers."""
    out = []
    # Supporting quotes (no compute lines) are not ranked but keep their TCO in the pack.
    listed = [(score.quote_key, not score.disqualified) for score in result.scorecard.scores]
    listed += [(item.quote_key, False) for item in result.scorecard.supporting]
    housing = {item.quote_key: item.housing_text() for item in result.scorecard.supporting}
    for quote_key, shortlisted in listed:
        quote = result.quote(quote_key)
        tco = quote.tco
        whole = tco.complete
        notes: list[str] = [housing[quote_key]] if housing.get(quote_key) else []
        if not whole:
            notes.append(
                "Incomplete: a line could not be costed, so the total below leaves it out "
                "and is not a cost to compare."
            )
        if tco.choice:
            notes.append(f"Priced for the workload: {tco.choice}.")
            notes.extend(
                f"Option {o.number}: {o.label}, quoted {o.quoted}; "
                + (f"{format_money(o.total_usd)} for the workload" if o.priced else "not priced")
                + (" (chosen)" if o.chosen else f"; {o.note}" if o.note else "")
                + "."
                for o in tco.options
                if len(tco.options) > 1
            )
        for fx in tco.fx_used:
            when = f" on {fx.as_of.isoformat()}" if fx.as_of else ""
            source = f" ({fx.source})" if fx.source else ""
            notes.append(
                f"Converted from {fx.currency} at {fx.usd_per_unit:g} USD per {fx.currency}"
                f"{when}{source}."
            )
        lines = []
        for line in tco.lines:
            if line.note:
                notes.append(f"{line.label}: {line.note}")
            lines.append(
                TcoLine(
                    label=line.label,
                    category=line.category.value.replace("_", " "),
                    amount_usd=line.amount_usd,
                    formula=line.formula,
                    inputs=line.inputs,
                    flags=(line.timing.value,) if line.timing.value != "recurring" else (),
                )
            )
        notes.extend(p.message for p in tco.problems)
        out.append(
            QuoteTco(
                quote_key=quote.quote_key,
                label=quote.label,
                horizon_months=tco.horizon_months,
                lines=tuple(lines),
                total_usd=tco.total_usd,
                used_gpu_hours=tco.used_gpu_hours.value,
                # Unit costs of a TCO that leaves a line out would understate it.
                usd_per_used_gpu_hour=_value(tco.usd_per_used_gpu_hour) if whole else None,
                usd_per_useful_pflop_hour=(
                    _value(tco.usd_per_useful_pflop_hour) if whole else None
                ),
                usd_per_million_tokens=_value(tco.usd_per_million_tokens) if whole else None,
                shortlisted=shortlisted,
                notes=tuple(notes),
                complete=tco.complete,
                scope=quote.scope,
                present_value_usd=tco.present_value_usd if tco.discount_rate > 0 else None,
                discount_rate=tco.discount_rate,
            )
        )
    return tuple(out)


def _value(figure: object) -> float | None:
    value = getattr(figure, "value", None)
    return float(value) if value is not None else None


def break_even_record(result: EvaluationResult) -> BreakEven | None:
    """The buy-or-rent curve, when there is an owned and a rented quote to compare."""
    advice = result.buy_vs_rent
    if advice.owned is None or advice.rented is None or not advice.curve:
        return None
    crossing = None
    if (
        advice.break_even is not None
        and advice.break_even.kind is BreakEvenKind.CROSSES
        and advice.break_even.hours_per_day is not None
    ):
        crossing = advice.break_even.hours_per_day.value
    per = " (per accelerator)" if advice.per_accelerator else ""
    note = " ".join(
        sentence(part) for part in (advice.recommendation.headline, *advice.recommendation.reasons)
    )
    return BreakEven(
        owned_label=f"Owned: {advice.owned.label}{per}",
        rented_label=f"Rented: {advice.rented.label}{per}",
        hours_per_day=tuple(p.hours_per_day for p in advice.curve),
        owned_usd=tuple(p.owned_usd for p in advice.curve),
        rented_usd=tuple(p.rented_usd for p in advice.curve),
        break_even_hours_per_day=crossing,
        horizon_months=result.workload.horizon_months,
        note=note,
    )


def tornado_record(result: EvaluationResult, quote_key: str | None = None) -> Tornado | None:
    """The tornado of one quote: ``quote_key``, else the leader, else the first quote."""
    winner = result.scorecard.winner
    key = quote_key or (winner.quote_key if winner is not None else None)
    if key is None and result.quotes:
        key = result.quotes[0].quote_key
    if key is None:
        return None
    source = result.quote(key).tornado
    bars = []
    notes = []
    for bar in source.bars:
        unit = f" {bar.unit}" if bar.unit else ""
        bars.append(
            TornadoBar(
                input_name=bar.name,
                low_text=f"{bar.low_value:.3g}{unit}",
                high_text=f"{bar.high_value:.3g}{unit}",
                tco_at_low_usd=bar.low_usd,
                tco_at_high_usd=bar.high_usd,
            )
        )
        if bar.note:
            notes.append(f"{bar.name}: {bar.note}")
    note = f"Each input moved ±{source.pct:.0%} alone, the others at their base value."
    if notes:
        note += " " + "; ".join(notes) + "."
    return Tornado(quote_label=source.label, base_usd=source.base_usd, bars=tuple(bars), note=note)


def monte_carlo_record(mc: MonteCarloResult | None) -> MonteCarlo | None:
    """A Monte Carlo result as the report model's :class:`MonteCarlo` (ranges in words)."""
    if mc is None:
        return None
    ranges = []
    for item in fields(mc.ranges):
        tri = getattr(mc.ranges, item.name)
        if not isinstance(tri, Triangular):
            continue
        ranges.append(
            f"{assumption_label(item.name)}: {tri.low:.3g} / {tri.likely:.3g} / {tri.high:.3g}"
        )
    return MonteCarlo(
        samples=mc.samples,
        seed=mc.seed,
        rows=tuple(
            MonteCarloRow(
                q.quote_key, q.label, q.p10_usd, q.p50_usd, q.p90_usd, q.probability_first
            )
            for q in mc.quotes
        ),
        ranges=tuple(ranges),
    )


def _findings(result: EvaluationResult) -> tuple[Finding, ...] | None:
    if not result.compliance_checked:
        return None
    out: list[Finding] = []
    for quote in result.quotes:
        out.extend(quote.compliance_findings)
        out.extend(quote.fit_findings)
    return tuple(out)


def exchange_exposure(lines: Sequence[CostLine], reporting: str) -> list[str]:
    """The currencies other than the reporting currency that costed lines are priced in."""
    return sorted(
        {line.currency.upper() for line in lines if line.costed and line.amount_usd}
        - {reporting.upper(), ""}
    )


def _risks(result: EvaluationResult, ranking: Ranking) -> tuple[str, ...]:
    """Up to three risks in plain words, most important first."""
    candidates: list[tuple[int, str]] = []
    winner = result.scorecard.winner
    if winner is None:
        candidates.append((0, "Every quote was knocked out: there is no compliant option."))
    else:
        label = winner.label
        quote = result.quote(winner.quote_key)
        warnings = [
            f
            for f in (*quote.compliance_findings, *quote.fit_findings)
            if f.severity is FindingSeverity.WARNING
        ]
        if warnings:
            titles = "; ".join(f.title for f in warnings[:3])
            more = f" and {len(warnings) - 3} more" if len(warnings) > 3 else ""
            candidates.append(
                (
                    1,
                    "The scorecard's leader has "
                    f"{plural(len(warnings), 'open compliance warning')}: {titles}{more}.",
                )
            )
        flip = result.smallest_flip
        if flip is not None and flip.change is not None and abs(flip.change) < 0.15:
            candidates.append((0, f"The ranking is fragile: {flip.explanation}."))
        elif ranking.margin_points is not None and ranking.margin_points < 3:
            candidates.append(
                (1, f"The lead of {label} is only {ranking.margin_points:.1f} points.")
            )
        if result.monte_carlo is not None:
            for dist in result.monte_carlo.quotes:
                first = dist.probability_first
                if dist.quote_key == winner.quote_key and first is not None and first < 0.8:
                    candidates.append(
                        (
                            2,
                            f"Under uncertain inputs {label} ranks first in only {first:.0%} "
                            f"of {result.monte_carlo.samples:,} simulated cases.",
                        )
                    )
        missing = [a.axis.value for a in winner.axes if MISSING in a.flags]
        if missing:
            candidates.append(
                (
                    2,
                    f"The scorecard leader's {', '.join(missing)} "
                    f"{'score rests' if len(missing) == 1 else 'scores rest'} on missing "
                    "data scored at a neutral value; ask the vendor before signing.",
                )
            )
        moving = exchange_exposure(quote.tco.lines, currency_code())
        if moving:
            candidates.append(
                (
                    3,
                    f"Part of the scorecard leader's cost is priced in {', '.join(moving)}; "
                    f"its cost in {currency_code()} moves with the exchange rate.",
                )
            )
    unmeasured = [
        s.label
        for s in result.scorecard.scores
        if any(UNMEASURED in a.flags for a in s.axes if a.axis is Axis.PERFORMANCE)
    ]
    if unmeasured:
        candidates.append(
            (
                3,
                f"Performance of {len(unmeasured)} of "
                f"{plural(len(result.scorecard.scores), 'quote')} "
                "rests on datasheet peaks, not a proof of concept on the buyer's workload.",
            )
        )
    candidates.sort(key=lambda item: item[0])
    return tuple(text for _, text in candidates[:3])


def _recommendation(
    result: EvaluationResult, tcos: Sequence[QuoteTco], *, award: bool = True
) -> str:
    """The scorecard's leader in one sentence: the award (``award``), or, where the award
    is the plan for every workload, what the ranking of this one workload says."""
    winner = result.scorecard.winner
    if winner is None:
        return (
            "No quote can be recommended: every quote was knocked out by a must-have; see "
            "the knock-outs."
        )
    total = next((t for t in tcos if t.quote_key == winner.quote_key), None)
    margin = f" by {result.margin.value:.1f} points" if result.margin is not None else ""
    if any(gap.quote_key == winner.quote_key for gap in incomplete_costs(result)):
        return (
            f"{winner.label} leads the weighted scorecard{margin} for the workload "
            f"‘{result.workload.name}’, but its cost is incomplete: no award can be made "
            "on it until its total is known (see the warning)."
        )
    discounted = total.present_value_text() if total is not None else ""
    cost = (
        f" at a total cost of {format_money(total.total_usd)} over {total.horizon_months} months"
        + (f" ({discounted})" if discounted else "")
        if total is not None
        else ""
    )
    if not award:
        return (
            f"{winner.label} leads the weighted scorecard{margin}{cost} for the workload "
            f"‘{result.workload.name}’ alone; the award is the plan for every workload."
        )
    return (
        f"Award the capacity to {winner.label}, which leads the weighted scorecard{margin}"
        f"{cost}, for the workload ‘{result.workload.name}’."
    )


def _lines(data: EvaluationData) -> tuple[QuoteLineRow, ...]:
    out = []
    day = data.evaluation.decision_date
    for quote in sorted(data.quotes, key=lambda q: q.key):
        for line in quote.lines:
            out.append(
                QuoteLineRow(
                    vendor=quote.vendor.name,
                    quote_ref=quote.reference,
                    kind=line.kind.value,
                    description=line.description,
                    price=line.price,
                    price_unit=line.price_unit.value,
                    currency=line.currency,
                    quote_date=quote.quote_date,
                    valid_until=quote.valid_until,
                    category=line.category.value if line.category else None,
                    accelerator=line.accelerator,
                    accelerators_per_node=line.accelerators_per_node,
                    nodes=line.nodes,
                    accelerator_count=line.accelerator_count,
                    quantity=line.quantity,
                    deployment=line.deployment.value if line.deployment else None,
                    term_months=line.term_months,
                    usd_per_gpu_hour=usd_per_gpu_hour(line, day, data.fx_rates),
                    region=line.region,
                    country=line.country,
                    source=line.source or quote.source_file or None,
                )
            )
    return tuple(out)


def build_board_pack(
    data: EvaluationData,
    result: EvaluationResult,
    *,
    rules: RulesInfo | None = None,
    generated_on: date,
    prepared_by: str | None = None,
    confidentiality: str = DEFAULT_MARKING,
) -> BoardPack:
    """Map loaded data and engine results to the frozen pack the reports render.

    Args:
        data: the evaluation's data as loaded.
        result: the engine's result for it (with compliance findings if checked).
        rules: the export-control rules the checks used (None: not run).
        generated_on: the render date printed in the pack.
        prepared_by: overrides the evaluation's "prepared by".
        confidentiality: the marking printed on every page.
    """
    evaluation = data.evaluation
    ranking = ranking_record(result)
    tcos = tco_records(result)
    order = {score.quote_key: i for i, score in enumerate(result.scorecard.scores)}
    exits = tuple(
        QuoteExit(q.label, q.exit_terms)
        for q in sorted(data.quotes, key=lambda q: order.get(q.key, len(order)))
    )
    meta = PackMeta(
        evaluation=evaluation.name,
        decision_date=evaluation.decision_date,
        prepared_by=prepared_by if prepared_by is not None else evaluation.prepared_by,
        confidentiality=confidentiality,
        generated_on=generated_on,
        end_user=evaluation.end_user,
        description=evaluation.description,
        workloads=_workload_line(evaluation),
        app_version=__version__,
    )
    from computescore.services.efficiency import scaling_rows
    from computescore.services.energy import energy_rows

    energy, energy_source = energy_rows(data, result)
    return BoardPack(
        meta=meta,
        recommendation=_recommendation(result, tcos),
        ranking_sentence=_recommendation(result, tcos, award=False),
        caveat=award_caveat(result) or "",
        ranking=ranking,
        tco=tcos,
        break_even=break_even_record(result),
        tornado=tornado_record(result),
        monte_carlo=monte_carlo_record(result.monte_carlo),
        findings=_findings(result),
        risks=_risks(result, ranking),
        exit_terms=exits,
        methodology=methodology_record(data, result, rules),
        lines=_lines(data),
        energy=energy,
        energy_source=energy_source,
        scaling=scaling_rows(data, result),
        api=_api_comparison(data, result),
    )


def _api_comparison(data: EvaluationData, result: EvaluationResult) -> ApiComparison | None:
    from computescore.services.token_api import api_view

    view = api_view(data, result)
    if view is None or (not view.rows and not view.offers):
        return None
    return ApiComparison(
        view.yardstick,
        view.blended_usd,
        view.prices,
        tuple(
            (
                r.label,
                r.usd_per_hour,
                r.tokens_per_second,
                r.usd_per_million_tokens,
                r.break_even,
                r.verdict,
            )
            for r in view.rows
        ),
        tuple((o.label, o.total_usd, o.usd_per_million_tokens, o.status) for o in view.offers),
    )


def gather_board_pack(
    db: str | Path | None,
    evaluation: str | None = None,
    *,
    options: EvaluateOptions | None = None,
    generated_on: date | None = None,
    prepared_by: str | None = None,
    confidentiality: str = DEFAULT_MARKING,
    run_compliance: bool = True,
    progress: Progress | None = None,
) -> BoardPack:
    """Open a workspace and return the board pack of its analysis.

    The analysis (:func:`~computescore.services.analysis.analyse`) runs the compliance
    checks and the engine and builds the pack with :func:`build_board_pack`.

    Raises:
        NotFound: no such evaluation or workload.
        DatabaseError: the database cannot be used.
        Cancelled: the user cancelled.
    """
    from computescore.services.analysis import AnalysisOptions, analyse_db

    analysis = analyse_db(
        db,
        evaluation,
        AnalysisOptions(
            engine=options or EvaluateOptions(),
            run_compliance=run_compliance,
            generated_on=generated_on,
            prepared_by=prepared_by,
            confidentiality=confidentiality,
            plan=True,
        ),
        progress=progress,
    )
    return analysis.pack


# ----------------------------------------------------------------------------- writing


def check_writable(path: Path) -> None:
    """Refuse, before any work, an output path that cannot be written.

    Raises:
        InputRefused: the folder is missing or read-only, or the path is a folder.
    """
    folder = path.parent if str(path.parent) else Path(".")
    try:
        is_folder = path.is_dir()
        folder_exists = folder.is_dir()
        read_only = path.exists() and not os.access(path, os.W_OK)
    except OSError as exc:
        raise InputRefused(f"Cannot write the report to {path}: {exc.strerror or exc}.") from exc
    if is_folder:
        raise InputRefused(f"Cannot write the report to {path}: that is a folder, not a file.")
    if not folder_exists:
        raise InputRefused(
            f"Cannot write the report to {path}: the folder {folder} does not exist."
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputRefused(
            f"Cannot write the report to {path}: the folder {folder} is not writable."
        )
    if read_only:
        raise InputRefused(f"Cannot write the report to {path}: the file is read-only.")


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so readers see the old file or the new one, never a part.

    The bytes go to a temporary file in the same folder, are flushed to disk, and the
    file is renamed over ``path``. On any failure the temporary file is removed and the
    previous file is left byte-identical.

    Raises:
        InputRefused: the file could not be written (disk full, permissions, …).
    """
    check_writable(path)
    temp: Path | None = None
    try:
        fd, temp_name = tempfile.mkstemp(
            prefix=f".{path.name[:40]}.", suffix=".part", dir=path.parent
        )
        temp = Path(temp_name)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)
        os.replace(temp, path)
    except OSError as exc:
        if temp is not None:
            with contextlib.suppress(OSError):
                temp.unlink()
        raise InputRefused(
            f"Cannot write the report to {path}: {exc.strerror or exc}; the previous file, "
            "if any, is unchanged."
        ) from exc
    except BaseException:
        if temp is not None:
            with contextlib.suppress(OSError):
                temp.unlink()
        raise


@dataclass(frozen=True, slots=True)
class WrittenReport:
    """A report file that was written, its size and the pack's fingerprint."""

    path: Path
    kind: str
    size_bytes: int
    fingerprint: str


def export_reports(
    pack: BoardPack,
    *,
    pdf: Path | None = None,
    xlsx: Path | None = None,
    paper: str = "a4",
    progress: Progress | None = None,
) -> list[WrittenReport]:
    """Render the requested reports in full, then write each atomically.

    Both outputs are checked for writability before rendering starts, and both are
    rendered before either is written, so a rendering error writes nothing.

    Raises:
        InputRefused: an output cannot be written, or the pack cannot be rendered
            (a text too long for an Excel cell).
        UsageError: an unknown paper size.
    """
    from computescore.reports.excel import render_xlsx
    from computescore.reports.model import fingerprint
    from computescore.reports.pdf import render_pdf

    report = progress or NullProgress()
    targets = [p for p in (pdf, xlsx) if p is not None]
    for target in targets:
        check_writable(target)
    rendered: list[tuple[Path, str, bytes]] = []
    if pdf is not None:
        check_cancel(report)
        report.report(0.1, "Rendering the PDF")
        rendered.append((pdf, "pdf", render_pdf(pack, paper)))
    if xlsx is not None:
        check_cancel(report)
        report.report(0.6, "Rendering the workbook")
        rendered.append((xlsx, "xlsx", render_xlsx(pack)))
    check_cancel(report)
    fp = fingerprint(pack)
    written = []
    for path, kind, data in rendered:
        report.report(0.9, f"Writing {path.name}")
        write_atomic(path, data)
        written.append(WrittenReport(path, kind, len(data), fp))
    report.report(1.0, "Done")
    return written
