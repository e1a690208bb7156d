"""The pack's methodology: formulas, assumptions, the currencies converted and the rates used,
rules and catalogue versions, what was measured and what assumed, and the notes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from computescore.domain.figures import Input
from computescore.domain.money import rate_on
from computescore.domain.problems import Severity
from computescore.domain.quotes import FxRate
from computescore.domain.tco import Tco, UsefulBasis
from computescore.domain.tco.throughput import decode_rated
from computescore.domain.workload import Workload
from computescore.reports.model import Methodology
from computescore.services.evaluate import EvaluationResult
from computescore.services.presentation import presentation_of
from computescore.services.problem_groups import group_problems
from computescore.services.workspace import EvaluationData
from computescore.vocabulary import assumption_label, assumption_unit
from computescore.wording import plural, sentence

FORMULAS = (
    ("Training compute", "6 × parameters × training tokens (FLOP)"),
    ("Inference compute", "2 × parameters FLOP per token served"),
    ("GPU-hours", "FLOP ÷ (peak dense FLOP/s at the precision used × MFU × 3,600)"),
    ("Reserved or leased capacity", "price × GPUs × term months × 730 h (paid whether used)"),
    ("On-demand or spot capacity", "price × GPUs × hours used (spot adds a lost-work overhead)"),
    ("Energy (owned)", "power kW × PUE × hours × USD per kWh"),
    ("Cost per used GPU-hour", "TCO ÷ GPU-hours actually used"),
    (
        "Cost per useful PFLOP-hour",
        "TCO ÷ useful PFLOP-hours: measured tokens/s × FLOP per token (2 × parameters "
        "served, 6 × parameters trained) × hours used, else peak PFLOP/s × MFU × hours used",
    ),
    (
        "Cost and performance scores",
        "linear between stated anchors: 100 at the target, 0 at the ceiling (cost) or the "
        "floor (performance), clamped; an incomplete cost scores 0",
    ),
    (
        "Expected downtime loss",
        "failures × (MTTR × GPUs per failure + restart hours × GPUs waiting) × (capacity "
        "paid for + work redone + business loss) − SLA credits, which refund at most the "
        "capacity paid for while out",
    ),
    ("Weighted total", "Σ weight × axis score, weights normalised to sum to 1"),
    ("Winner's margin", "winner's weighted total − runner-up's"),
    ("Weight flip", "the weight of one axis (others rescaled) at which another quote ties"),
)


@dataclass(frozen=True, slots=True)
class RulesInfo:
    """Which export-control rules file the compliance checks used."""

    version: str
    as_of: str
    title: str = ""
    disclaimer: str = ""


PACK_PROBLEMS = 10
"""How many of the evaluation's problems the pack's notes list (the weightiest first)."""

PLACES_SHOWN = 3
"""How many runs of rows a note names before it counts the rest."""


def _place(source: str, labels: Mapping[str, str]) -> str:
    """A problem's place as a reader knows it: the quote's label for ``quote:<key>``, the
    workload's name for ``workload:<name>``; cell addresses stay as they are."""
    kind, _, rest = source.partition(":")
    key, _, line = rest.partition("#line")
    if kind == "quote" and key in labels:
        return f"{labels[key]}, line {line}" if line else labels[key]
    if kind == "workload" and rest:
        return f"Workload ‘{rest}’"
    if kind == "vendor" and rest:
        return rest
    return source


def methodology_record(
    data: EvaluationData, result: EvaluationResult, rules: RulesInfo | None
) -> Methodology:
    """How the pack's numbers were made, from the data and the engine's result."""
    quoted = sorted(
        {line.currency.upper() for q in data.quotes for line in q.lines if line.currency} - {"USD"}
    )
    measured, assumed = _measured_and_assumed(data, result)
    return Methodology(
        formulas=FORMULAS,
        assumptions=_assumptions_used(result),
        fx_rates=_rates_used(data, result),
        currencies=tuple(quoted),
        missing_rates=tuple(
            code for code in quoted if rate_on(code, result.decision_date, data.fx_rates) is None
        ),
        rules_version=(f"{rules.title} {rules.version}".strip() if rules else ""),
        rules_date=rules.as_of if rules else "",
        catalogue_version=result.catalogue,
        catalogue_sources=_catalogue_sources(data),
        measured=measured,
        assumed=assumed,
        notes=_notes(data, result, rules),
        presentation=presentation_of(data),
    )


def _assumptions_used(result: EvaluationResult) -> tuple[Input, ...]:
    assumptions = []
    for item in fields(result.assumptions):
        value = getattr(result.assumptions, item.name)
        if item.name == "hours_per_day" and value is None:
            value = result.workload.hours_per_day
            source = f"workload {result.workload.name}"
        else:
            source = "assumption"
        if isinstance(value, bool):
            assumptions.append(
                Input(assumption_label(item.name), "yes" if value else "no", "", source)
            )
        elif isinstance(value, int | float):
            assumptions.append(
                Input(
                    assumption_label(item.name),
                    float(value),
                    assumption_unit(item.name),
                    source,
                )
            )
    assumptions.append(
        Input(
            "MFU where not measured",
            result.workload.mfu_at_precision,
            "",
            result.workload.mfu_note or "workload",
        )
    )
    return tuple(assumptions)


def _rates_used(data: EvaluationData, result: EvaluationResult) -> tuple[FxRate, ...]:
    """For each currency converted, the latest rate dated on or before the decision date."""
    used = {fx.currency for q in result.quotes for fx in q.tco.fx_used}
    rates: list[FxRate] = []
    for currency in sorted(used):
        dated = [
            r for r in data.fx_rates if r.currency == currency and r.as_of <= result.decision_date
        ]
        if dated:
            rates.append(max(dated, key=lambda r: r.as_of))
    return tuple(rates)


def _catalogue_sources(data: EvaluationData) -> tuple[str, ...]:
    accelerators = {line.accelerator for q in data.quotes for line in q.lines if line.accelerator}
    sources: set[str] = set()
    for accelerator_id in accelerators:
        accelerator = data.catalogue.get(accelerator_id)
        if accelerator is None:
            continue
        for cited in accelerator.sources.values():
            sources.add(f"{cited.document} ({cited.date})" if cited.date else cited.document)
    return tuple(sorted(sources))


def _measured_and_assumed(
    data: EvaluationData, result: EvaluationResult
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What each compute quote's useful throughput rests on for the workload scored: its
    measurement where the TCO used it, else what stood in (a measurement taken on other
    work or under a lighter load is set aside, and says so)."""
    measured = []
    assumed = []
    for quote in data.quotes:
        perf = quote.performance
        tco = _tco_of(result, quote.key)
        used = tco is not None and tco.useful_basis in MEASURED_BASES
        if perf.mfu is not None or perf.tokens_per_second is not None:
            what = (
                f"MFU {perf.mfu:.0%}"
                if perf.mfu is not None
                else (f"{perf.tokens_per_second:,.0f} tokens/s")
            )
            when = f" on {perf.measured_on.isoformat()}" if perf.measured_on else ""
            how = f" ({perf.method})" if perf.method else ""
            if used or tco is None or not quote.compute_lines:
                measured.append(f"{quote.label}: {what}{how}{when}")
                continue
            assumed.append(
                f"{quote.label}: its measured {what}{how} is set aside for this workload "
                f"({_stand_in(tco, result.workload)})"
            )
        elif quote.compute_lines:
            assumed.append(f"{quote.label}: " + _stand_in(tco, result.workload))
    if result.assumptions.hours_per_day is None:
        assumed.append(f"Use of {result.workload.hours_per_day:g} h/day from the workload profile")
    return tuple(measured), tuple(assumed)


MEASURED_BASES = (UsefulBasis.MEASURED_TOKENS, UsefulBasis.MEASURED_MFU)
"""The useful-throughput bases that rest on a measurement."""


def _tco_of(result: EvaluationResult, quote_key: str) -> Tco | None:
    try:
        return result.quote(quote_key).tco
    except KeyError:
        return None


def _stand_in(tco: Tco | None, workload: Workload) -> str:
    """What an unmeasured quote's useful throughput is worked out from, in a few words."""
    rate = tco.useful_rate if tco is not None else None
    if decode_rated(rate):
        return (
            "rated by the decode step's memory-bandwidth bound at the workload's context and "
            "batch, the prompt tokens at peak × MFU"
        )
    return f"MFU {workload.mfu_at_precision:.0%} assumed, datasheet peak"


def _notes(
    data: EvaluationData, result: EvaluationResult, rules: RulesInfo | None
) -> tuple[str, ...]:
    notes = [f"Evaluated for {result.workload_note}."]
    if rules is not None and rules.disclaimer:
        notes.append(rules.disclaimer)
    notes.extend(map(sentence, result.scorecard.notes))
    if result.monte_carlo is not None:
        notes.extend(map(sentence, result.monte_carlo.notes))
    labels = {quote.key: quote.label for quote in data.quotes}
    # The pack has room for ten: a problem met on several rows is told once, and errors
    # come first, then warnings, then the rest, each in the order found.
    weight = {Severity.ERROR: 0, Severity.WARNING: 1}
    groups = sorted(group_problems(result.problems), key=lambda g: weight.get(g.severity, 2))
    shown = groups[:PACK_PROBLEMS]
    notes.extend(
        f"{_place(g.where(most=PLACES_SHOWN), labels)}: {sentence(g.message)}" for g in shown
    )
    left = sum(g.count for g in groups[PACK_PROBLEMS:])
    if left:
        notes.append(f"… and {plural(left, 'more problem')}; see the app.")
    return tuple(notes)
