"""A quote's compute lines as the award plan's options, workload by workload.

:func:`options_for` turns each option the TCO engine priced for a workload into a
:class:`~computescore.domain.award.PlanOption`: its cost for any count (priced at the
workload's need and at twice it), its whole unit, its capacity and minimum, whether the
plan may use it and why not, and the risks a plan using it carries. A committed line
with a flex band above it gets a second option for the band (:func:`flex_option`); a
token API's offer is an option of its own (:func:`token_option`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from computescore.domain.award import PlanOption
from computescore.domain.award.options import (
    affine_cost,
    delivery,
    residency,
    whole_unit,
)
from computescore.domain.catalog import Catalogue
from computescore.domain.figures import format_stated_share
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import Deployment, Quote, QuoteLine
from computescore.domain.sizing.serving import OUTPUT_SHARE_DEFAULT
from computescore.domain.tco import (
    Assumptions,
    Tco,
    TcoOption,
    compute_tco,
    stated_minimum,
    stated_prepayment,
)
from computescore.domain.tco.housing import housed_in
from computescore.domain.tco.records import TcoCategory, TcoLine
from computescore.domain.tco.throughput import dense_peak, unmeasured_useful
from computescore.domain.token_offer import choose_model
from computescore.domain.units import PETA, TERA
from computescore.domain.workload import Purpose, Workload
from computescore.services.evaluate import EvaluationResult, size_option
from computescore.services.workspace import EvaluationData
from computescore.wording import plural

REFERENCE_ACCELERATOR = "nvidia-h100-sxm"
"""Demand is counted in equivalents of this accelerator's useful work."""

_RISK_CATEGORIES = (
    FindingCategory.EXPORT_CONTROL,
    FindingCategory.SCREENING,
    FindingCategory.CERTIFICATION,
    FindingCategory.DATA_SOVEREIGNTY,
    FindingCategory.EXIT_TERMS,
)
"""The warnings a plan carries as risks, the weightiest first."""

RISKS_PER_QUOTE = 4
"""At most this many of a quote's warnings are carried as the plan's risks."""


def _knockouts(result: EvaluationResult, quote_key: str) -> tuple[Finding, ...]:
    try:
        score = result.scorecard.score_of(quote_key)
    except KeyError:
        return ()
    return tuple(
        f
        for f in score.knockouts
        # Knock-outs of single lines are applied option by option (``excluded_by``).
        if not f.lines and f.category is not FindingCategory.FIT
    )


LOAD_RULE = "fit.load"
"""The fit check of a serving load against the accelerators priced."""


def option_fit(
    quote: Quote,
    option: TcoOption,
    workload: Workload,
    catalogue: Catalogue,
    assumptions: Assumptions | None = None,
) -> tuple[str, tuple[str, ...]]:
    """Why this option's accelerators cannot run the workload ("" when they can), and
    the fit warnings a plan using it carries ("multi-node training over plain Ethernet").

    The fit checks of the ranking look at a quote's chosen option only; the plan may
    use any option, so each is checked on its own accelerator, count and node size. The
    load check (``fit.load``) is left to the plan itself: it sizes each workload for its
    load and holds each line to the capacity it states, across vendors.
    """
    if option.count is None:
        return "", ()
    sizing, sized = size_option(
        quote, option, option.count.accelerators, workload, catalogue, assumptions
    )
    findings = [f for f in sized if f.rule_id != LOAD_RULE]
    knockouts = [f.title for f in findings if f.severity is FindingSeverity.KNOCKOUT]
    warnings = tuple(
        f"{option.label}: {f.title}" for f in findings if f.severity is FindingSeverity.WARNING
    )
    if sizing is not None and sizing.latency_met is False:
        warnings += (f"{option.label}: {sizing.latency}",)
    if knockouts:
        return "does not fit: " + "; ".join(dict.fromkeys(knockouts)), warnings
    return "", warnings


def _housing_risks(
    option: TcoOption, housings: Sequence[Quote], findings: Sequence[Finding], day: date
) -> tuple[str, ...]:
    """Hardware housed in a facility quote carries that contract's risks too."""
    housing = housed_in(option.lines, housings)
    if housing is None:
        return ()
    return tuple(
        f"housed at {housing.label}: {risk}" for risk in _quote_risks(housing, findings, day)
    )


def renewal_risk(
    label: str,
    deployment: Deployment,
    term_months: int | None,
    workload: Workload,
    assumptions: Assumptions,
) -> tuple[str, ...]:
    """The risk of a commitment shorter than the workload's horizon that the TCO costs as
    renewed at the quoted price: nothing in the quote holds the vendor to that price."""
    horizon = workload.horizon_months
    if (
        not deployment.committed
        or term_months is None
        or term_months <= 0
        or term_months >= horizon
        or not assumptions.renew_short_terms
    ):
        return ()
    renewals = math.ceil(horizon / term_months) - 1
    return (
        f"{label}: the {term_months}-month term is costed as renewed "
        f"{plural(renewals, 'time')} at the quoted price to cover {horizon} months; ask "
        "for the renewals' price to be capped at it",
    )


def _score(result: EvaluationResult, quote_key: str) -> float | None:
    try:
        return result.scorecard.score_of(quote_key).weighted_total
    except KeyError:
        return None


def reference_rate(
    catalogue: Catalogue, workload: Workload, output_share: float = OUTPUT_SHARE_DEFAULT
) -> float | None:
    """Useful PFLOP/s of one reference accelerator on this workload (None: no peak known).

    Worked out as for a quote without measured performance: peak × the workload's MFU,
    or for serving the decode step's bound over the token mix (``output_share``
    generated) when lower, so that the reference itself, quoted unmeasured, counts as
    one equivalent.
    """
    accelerator = catalogue.get(REFERENCE_ACCELERATOR)
    if accelerator is None:
        return None
    peak = dense_peak(accelerator, workload.precision)
    if peak is None or peak <= 0:
        return None
    useful = unmeasured_useful(
        peak * workload.mfu_at_precision, accelerator, workload, output_share
    )
    return useful * TERA / PETA


def _equivalents(option: TcoOption, reference: float | None) -> float | None:
    """Reference accelerators' worth of useful work per accelerator; None when unknown."""
    if reference is None:
        return 1.0
    gpus = option.accelerators_needed or (option.count.accelerators if option.count else 0)
    if option.useful_pflops_total is None or gpus <= 0:
        return None
    return option.useful_pflops_total / gpus / reference


def _reason(
    option: TcoOption, quote: Quote, workload: Workload, knockouts: Sequence[Finding]
) -> str:
    if knockouts:
        return "knocked out: " + "; ".join(dict.fromkeys(f.title for f in knockouts))
    if option.excluded_by:
        return residency(quote.lines[option.line_index], workload) or option.excluded_by
    if not option.priced or option.count is None:
        return "could not be priced (see the quote's problems)"
    if not option.complete:
        return "its cost is incomplete (a line could not be costed)"
    if not option.eligible:
        return option.note or "not eligible"
    return residency(quote.lines[option.line_index], workload)


def options_for(
    quote: Quote,
    tco: Tco,
    doubled: Tco,
    workload: Workload,
    result: EvaluationResult,
    findings: Sequence[Finding],
    reference: float | None,
    catalogue: Catalogue,
) -> list[PlanOption]:
    knockouts = _knockouts(result, quote.key)
    score = _score(result, quote.key)
    risks = _quote_risks(quote, findings, result.decision_date)
    more = {o.number: o for o in doubled.options}
    out = []
    for option in tco.options:
        line = quote.lines[option.line_index]
        fit, fit_risks = option_fit(quote, option, workload, catalogue, result.assumptions)
        fit_risks += renewal_risk(
            option.label, option.deployment, line.term_months, workload, result.assumptions
        )
        fit_risks += _housing_risks(option, result.housings, findings, result.decision_date)
        late, unstated = delivery(line, workload, result.decision_date)
        fit_risks += (unstated,) if unstated else ()
        fit_risks += prepayment_risk(option.label, quote.vendor.name, line)
        reason = _reason(option, quote, workload, knockouts) or fit or late
        equivalents = _equivalents(option, reference)
        if equivalents is None and not reason:
            reason = "its useful throughput is unknown, so it cannot be counted toward the demand"
        count = option.count.accelerators if option.count is not None else 0
        other = more.get(option.number)
        fixed, per = affine_cost(
            count,
            option.headline_usd,
            other.count.accelerators if other is not None and other.count is not None else count,
            other.headline_usd if other is not None else option.headline_usd,
        )
        out.append(
            PlanOption(
                supply=f"{quote.key}#{option.number}",
                workload=workload.name,
                vendor=quote.vendor.name,
                quote_key=quote.key,
                quote_label=quote.label,
                label=option.label,
                deployment=option.deployment,
                usd_per_accelerator=per,
                fixed_usd=fixed,
                unit=whole_unit(line, option.accelerators_per_node),
                capacity=option.stated_maximum,
                quoted=option.count.quoted_accelerators if option.count is not None else None,
                minimum=stated_minimum(line),
                score=score,
                eligible=not reason,
                reason=reason,
                risks=(*risks, *fit_risks),
                equivalents=equivalents or 0.0,
            )
        )
    return out


def flex_option(
    quote: Quote,
    committed: TcoOption,
    parent: PlanOption,
    band: float,
    workloads: tuple[Workload, Workload],
    data: EvaluationData,
    result: EvaluationResult,
) -> PlanOption:
    """The flex band above a committed line: its accelerators paid as used at the committed
    rate, up to ``band`` of those committed (the programme's ``flex`` rule).

    Priced by the same TCO engine as a line of its own (the committed line as on-demand),
    at the workload's need and twice it; the line's shared costs are the commitment's.
    """
    line = quote.lines[committed.line_index]
    flexed = replace(line, deployment=Deployment.ON_DEMAND, term_months=None)
    alone = replace(quote, lines=(flexed,))
    usd = [
        compute_tco(
            alone,
            workload,
            data.catalogue.accelerators,
            data.fx_rates,
            data.evaluation.decision_date,
            result.assumptions,
        ).options
        for workload in workloads
    ]
    priced = [o[0] for o in usd if o and o[0].priced and o[0].count is not None]
    band_option = replace(
        parent,
        supply=f"{parent.supply}+flex",
        label=f"{parent.label}, flex above the commitment (up to {format_stated_share(band)})",
        deployment=Deployment.ON_DEMAND,
        fixed_usd=0.0,
        capacity=None,
        quoted=None,
        minimum=0,
        flex_of=parent.supply,
        flex_share=band,
    )
    if len(priced) < len(workloads):
        return replace(band_option, eligible=False, reason="its flex band could not be priced")
    once, twice = priced
    _, per = affine_cost(
        once.count.accelerators if once.count else 0,
        once.headline_usd,
        twice.count.accelerators if twice.count else 0,
        twice.headline_usd,
    )
    return replace(band_option, usd_per_accelerator=per)


def prepayment_risk(label: str, vendor: str, line: QuoteLine) -> tuple[str, ...]:
    """The risk of a commitment paid before service starts (none when nothing is prepaid)."""
    prepaid = stated_prepayment(line)
    if not prepaid:
        return ()
    return (
        f"{label}: {format_stated_share(prepaid)} of the commitment is paid before service "
        f"starts, money at risk if {vendor} fails to deliver; ask for a bank guarantee or escrow",
    )


def _quote_risks(quote: Quote, findings: Sequence[Finding], day: date) -> tuple[str, ...]:
    """The warnings a plan using this quote carries, the weightiest first: a quote that
    expires before the decision date ``day`` (it cannot be awarded as it stands), then its
    findings (export control, screening, a required certification not on record, data
    location, exit terms)."""
    expired = (
        (
            f"the quote expires on {quote.valid_until.isoformat()}, before the decision date "
            f"{day.isoformat()}: ask for its validity to be extended before awarding it",
        )
        if quote.valid_until is not None and quote.valid_until < day
        else ()
    )
    mine = sorted(
        (
            f
            for f in findings
            if f.quote_key == quote.key
            and f.severity is FindingSeverity.WARNING
            and f.category in _RISK_CATEGORIES
        ),
        key=lambda f: _RISK_CATEGORIES.index(f.category),
    )
    return (*expired, *tuple(dict.fromkeys(f.title for f in mine))[:RISKS_PER_QUOTE])


def token_option(
    quote: Quote,
    tco: Tco,
    workload: Workload,
    result: EvaluationResult,
    findings: Sequence[Finding],
    demand: int | None = None,
) -> PlanOption | None:
    """A token API's offer as a plan option for a serving workload (None for the others).

    One unit is one reference accelerator's worth of the workload's demand (``demand``
    equivalents as planned, else the accelerators it states): the offer's cost of the
    workload's tokens ÷ the demand, paid as used; lines that are not priced per token
    (support) are its fixed cost.
    """
    if workload.purpose is not Purpose.INFERENCE or not workload.tokens_per_day:
        return None
    support = next((s for s in result.scorecard.supporting if s.quote_key == quote.key), None)
    reason = ""
    if support is not None and support.knockouts:
        reason = "knocked out: " + "; ".join(dict.fromkeys(f.title for f in support.knockouts))
    elif not tco.complete:
        reason = "its cost is incomplete (a line could not be costed)"

    def usd(line: TcoLine) -> float:
        return line.present_value_usd if tco.discount_rate > 0 else line.amount_usd

    tokens_usd = math.fsum(usd(line) for line in tco.lines if line.category is TcoCategory.TOKENS)
    fixed = math.fsum(usd(line) for line in tco.lines) - tokens_usd
    model = choose_model(quote.lines, workload.params).model
    return PlanOption(
        supply=f"{quote.key}#tokens",
        workload=workload.name,
        vendor=quote.vendor.name,
        quote_key=quote.key,
        quote_label=quote.label,
        label=f"token API{f' ({model})' if model else ''} for the workload's tokens",
        deployment=Deployment.ON_DEMAND,
        usd_per_accelerator=tokens_usd / max(demand or workload.accelerators, 1),
        fixed_usd=fixed,
        score=None,
        eligible=not reason,
        reason=reason,
        risks=_quote_risks(quote, findings, result.decision_date),
        equivalents=1.0,
        tokens=True,
    )
