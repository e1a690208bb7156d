"""The frozen data a board pack shows: everything the PDF and the workbook render.

A report module never queries anything: the reporting service gathers a
:class:`BoardPack` from the store and the engines, and :mod:`~computescore.reports.pdf`
and :mod:`~computescore.reports.excel` turn it into bytes. A section whose data was
not computed is ``None`` (or empty) and the reports say so in words.

Money is in US dollars (float, modelled) unless a field says otherwise; scores are
0–100; weights are fractions that sum to 1.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, fields, is_dataclass
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any

from computescore.domain.figures import Input, format_money, format_number
from computescore.domain.findings import Finding, FindingSeverity
from computescore.domain.presentation import USD, Presentation
from computescore.domain.quotes import ExitTerms, FxRate
from computescore.domain.tco.scope import ScopeCell
from computescore.vocabulary import AXES as AXES
from computescore.vocabulary import AXIS_TITLES as AXIS_TITLES


@dataclass(frozen=True, slots=True)
class PackMeta:
    """Who the pack is for and when it was made.

    Attributes:
        evaluation: the evaluation's name ("2027 inference pool").
        decision_date: the date the decision is taken; certifications and rules are
            judged on it.
        prepared_by: the person or team named on the cover.
        confidentiality: the marking printed on every page ("Confidential").
        generated_on: the day the pack was rendered. It is printed but not part of
            the fingerprint, so the same inputs rendered on two days are recognisable.
        end_user: the organisation the compute is for.
        description: a sentence on the purpose of the evaluation.
        workloads: one line per workload profile ("Llama-70B fine-tune: 16 GPUs, 12 months").
        app_version: the version of the software that built the pack.
        approval: where the pack stands with its approvers (a sentence). Not part of
            the fingerprint: an approval is of the inputs, which it must not change.
    """

    evaluation: str
    decision_date: date
    prepared_by: str
    confidentiality: str
    generated_on: date
    end_user: str = ""
    description: str = ""
    workloads: tuple[str, ...] = ()
    app_version: str = ""
    approval: str = ""


@dataclass(frozen=True, slots=True)
class AxisScore:
    """One axis score of one quote, 0–100, with its explanation and flags."""

    axis: str
    score: float
    explanation: str = ""
    flags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RankingRow:
    """One quote in the ranking.

    Attributes:
        quote_key: the quote's ``Quote.key`` (``vendor/reference/rN``).
        vendor: the vendor's name as supplied.
        quote_ref: the vendor's quote reference.
        scores: one :class:`AxisScore` per axis, in :data:`AXES` order.
        weighted_total: Σ weight × score, 0–100.
        rank: 1 for the leader; None for a knocked-out quote.
        knockout_reasons: why the quote is disqualified; empty when it is not.
    """

    quote_key: str
    vendor: str
    quote_ref: str
    scores: tuple[AxisScore, ...]
    weighted_total: float
    rank: int | None
    knockout_reasons: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """``Vendor — reference`` as shown in tables."""
        return f"{self.vendor} — {self.quote_ref}" if self.quote_ref else self.vendor

    @property
    def knocked_out(self) -> bool:
        """True when a must-have failed."""
        return bool(self.knockout_reasons)

    def score(self, axis: str) -> float:
        """The score on ``axis`` (0–100)."""
        for item in self.scores:
            if item.axis == axis:
                return item.score
        raise KeyError(axis)


@dataclass(frozen=True, slots=True)
class WeightFlip:
    """The smallest change of one weight that hands the lead to another quote.

    Weights are fractions; ``weight_to`` is the value (the others rescaled to keep
    the sum at 1) at which ``new_leader`` overtakes.
    """

    axis: str
    weight_from: float
    weight_to: float
    new_leader: str

    @property
    def change_points(self) -> float:
        """The change in percentage points (signed)."""
        return (self.weight_to - self.weight_from) * 100


@dataclass(frozen=True, slots=True)
class Ranking:
    """The scorecard: weights, rows in rank order, margin and robustness.

    Attributes:
        weights: axis → weight (fractions summing to 1), in :data:`AXES` order.
        rows: ranked quotes first (rank 1, 2 …), then knocked-out ones.
        preset: the weight preset the weights started from ("steady").
        scale_note: how metrics map to 0–100 ("linear between floor and ideal").
        margin_points: the leader's lead over the runner-up in weighted-total points.
        flips: per axis, the smallest single-weight change that changes the leader,
            smallest first; empty when no change within 0–100 % flips it.
        robustness: one sentence on how robust the ranking is.
        method: how the scores are made, as (topic, sentence) pairs: each axis's scale
            with its anchors, where the anchors come from, the weights' origin, how
            missing data counts and the independence check's result.
    """

    weights: tuple[tuple[str, float], ...]
    rows: tuple[RankingRow, ...]
    preset: str = ""
    scale_note: str = ""
    margin_points: float | None = None
    flips: tuple[WeightFlip, ...] = ()
    robustness: str = ""
    method: tuple[tuple[str, str], ...] = ()

    @property
    def leader(self) -> RankingRow | None:
        """The rank-1 quote, if any quote survived the knock-outs."""
        ranked = [row for row in self.rows if row.rank is not None]
        return min(ranked, key=lambda row: row.rank or 0) if ranked else None

    @property
    def runner_up(self) -> RankingRow | None:
        """The rank-2 quote, if there is one."""
        ranked = sorted(
            (row for row in self.rows if row.rank is not None), key=lambda r: r.rank or 0
        )
        return ranked[1] if len(ranked) > 1 else None

    def weight(self, axis: str) -> float:
        """The weight of ``axis`` (fraction)."""
        return dict(self.weights)[axis]


@dataclass(frozen=True, slots=True)
class TcoLine:
    """One line of a quote's total cost of ownership over the horizon.

    Attributes:
        label: what the line pays for ("H100 SXM reserved capacity").
        category: compute, network, storage, energy, support … (chart colour and grouping).
        amount_usd: the line's cost over the horizon in USD (negative for a credit
            or a residual value).
        formula: how it was computed ("count × term × 730 h × price").
        inputs: the values the formula used, with units and sources.
        flags: markers such as "assumed" or "unmeasured".
    """

    label: str
    category: str
    amount_usd: float
    formula: str = ""
    inputs: tuple[Input, ...] = ()
    flags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class QuoteTco:
    """A quote's total cost of ownership with every line and its unit costs.

    Attributes:
        quote_key: the quote's key.
        label: ``Vendor — reference``.
        horizon_months: the horizon the total covers.
        lines: every cost line; ``total_usd`` is their sum.
        total_usd: total cost over the horizon, USD.
        used_gpu_hours: GPU-hours actually used over the horizon.
        usd_per_used_gpu_hour: total ÷ used GPU-hours.
        usd_per_useful_pflop_hour: total ÷ (useful throughput × hours used), USD per
            PFLOP-hour.
        usd_per_million_tokens: when tokens/s was measured.
        shortlisted: True when the quote is shown in the TCO detail section.
        notes: caveats (spot interruption overhead assumed, FX rate used …).
        complete: False when a line could not be costed (no exchange rate, no price):
            ``total_usd`` then leaves it out and must not be shown as the cost.
        scope: where each scope item's figure comes from (quoted, assumed, in the
            rent, not costed), so totals are compared like for like.
        present_value_usd: the total discounted to today (None when not discounted).
        discount_rate: the annual cost of capital it is discounted at (0: none).
    """

    quote_key: str
    label: str
    horizon_months: int
    lines: tuple[TcoLine, ...]
    total_usd: float
    used_gpu_hours: float | None = None
    usd_per_used_gpu_hour: float | None = None
    usd_per_useful_pflop_hour: float | None = None
    usd_per_million_tokens: float | None = None
    shortlisted: bool = True
    notes: tuple[str, ...] = ()
    complete: bool = True
    scope: tuple[ScopeCell, ...] = ()
    present_value_usd: float | None = None
    discount_rate: float = 0.0

    def present_value_text(self) -> str:
        """``$1,912,334 at present value, discounted at 8% a year``; "" when not discounted."""
        if self.present_value_usd is None or not self.complete:
            return ""
        return (
            f"{format_money(self.present_value_usd)} at present value, discounted at "
            f"{self.discount_rate:.0%} a year"
        )


@dataclass(frozen=True, slots=True)
class BreakEven:
    """Cost of an owned and a rented option against hours of use per day.

    ``owned_usd`` and ``rented_usd`` are totals over the horizon at each point of
    ``hours_per_day``; ``break_even_hours_per_day`` is where they cross (None when
    they do not within 0–24 h).
    """

    owned_label: str
    rented_label: str
    hours_per_day: tuple[float, ...]
    owned_usd: tuple[float, ...]
    rented_usd: tuple[float, ...]
    break_even_hours_per_day: float | None
    horizon_months: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class TornadoBar:
    """How one uncertain input moves a quote's TCO between its low and high values."""

    input_name: str
    low_text: str
    high_text: str
    tco_at_low_usd: float
    tco_at_high_usd: float

    @property
    def swing_usd(self) -> float:
        """Width of the bar: |high − low| in USD."""
        return abs(self.tco_at_high_usd - self.tco_at_low_usd)


@dataclass(frozen=True, slots=True)
class Tornado:
    """Sensitivity of one quote's TCO (usually the leader's) to each uncertain input."""

    quote_label: str
    base_usd: float
    bars: tuple[TornadoBar, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class MonteCarloRow:
    """TCO percentiles of one quote over the simulated input ranges, USD (None: incomplete)."""

    quote_key: str
    label: str
    p10_usd: float | None
    p50_usd: float | None
    p90_usd: float | None
    probability_first: float | None = None


def by_median(row: MonteCarloRow) -> tuple[bool, float]:
    """Sort key of Monte Carlo rows: lowest P50 first, incomplete TCOs last."""
    return (row.p50_usd is None, row.p50_usd or 0.0)


@dataclass(frozen=True, slots=True)
class MonteCarlo:
    """The Monte Carlo result: samples, seed, ranges used, percentiles per quote."""

    samples: int
    rows: tuple[MonteCarloRow, ...]
    seed: int | None = None
    ranges: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class EnergyRow:
    """Energy and carbon of one quote's chosen option over the horizon (DOMAIN §8).

    ``intensity_assumed`` is True when the country is not in the grid table and the
    world average stands in; ``renewable`` is a vendor-stated share, None when unstated.
    ``tokens_per_watt`` (serving only) is tokens/s per watt of board power.
    """

    label: str
    accelerator: str
    accelerators: int
    hours: float
    power_kw: float
    pue: float
    kwh: float
    country: str
    intensity: float
    intensity_assumed: bool
    kg_co2e: float
    kg_per_million_tokens: float | None = None
    tokens_per_watt: float | None = None


ENERGY_HEADERS = (
    "Quote",
    "Accelerators",
    "Hours each",
    "MWh",
    "Where",
    "kg CO2e/kWh",
    "t CO2e",
    "Tokens/s per W",
    "kg CO2e per M tokens",
)
"""The columns of the energy-and-carbon table, in the app and in the pack."""


def energy_cells(row: EnergyRow) -> tuple[str, ...]:
    """One row of the energy-and-carbon table as text (* marks an assumed intensity)."""
    return (
        row.label,
        f"{row.accelerators} × {row.accelerator}",
        format_number(round(row.hours)),
        format_number(round(row.kwh / 1000, 1)),
        row.country + ("*" if row.intensity_assumed else ""),
        format_number(row.intensity),
        format_number(round(row.kg_co2e / 1000, 1)),
        "—" if row.tokens_per_watt is None else format_number(round(row.tokens_per_watt, 3)),
        "—"
        if row.kg_per_million_tokens is None
        else format_number(round(row.kg_per_million_tokens, 4)),
    )


@dataclass(frozen=True, slots=True)
class ScalingPoint:
    """One cluster size of an option's efficiency curve."""

    accelerators: int
    efficiency: float
    useful_pflops: float
    usd_per_useful_pflop_hour: float | None


@dataclass(frozen=True, slots=True)
class ScalingRow:
    """How one quote's chosen option scales for a training workload (seed 002).

    ``workload`` names the training workload it is drawn for.

    ``efficient`` is the economically efficient size: the largest whose cost per useful
    PFLOP-hour is within 10 % of the cheapest; ``needed`` the workload's accelerators.
    """

    label: str
    accelerator: str
    layout: str
    fabric: str
    points: tuple[ScalingPoint, ...]
    efficient: int | None
    needed: int
    workload: str = ""


SCALING_HEADERS = (
    "Workload",
    "Quote",
    "Accelerator",
    "Layout per replica",
    "Fabric",
    "At the need",
    "Efficient size",
    "Per useful PFLOP-h there",
)
"""The columns of the scaling table, in the app and in the pack."""


def scaling_cells(row: ScalingRow) -> tuple[str, ...]:
    """One option's scaling as text: its efficiency at the workload's size and the efficient
    size ("N or more" when the cost does not rise within the sizes drawn) with its cost."""
    at_need = min(row.points, key=lambda p: abs(p.accelerators - row.needed), default=None)
    best = next((p for p in row.points if p.accelerators == row.efficient), None)
    return (
        row.workload,
        row.label,
        row.accelerator,
        row.layout,
        row.fabric,
        "—" if at_need is None else f"{at_need.efficiency:.0%} at {at_need.accelerators}",
        "—"
        if best is None
        else f"{best.accelerators} or more"
        if best is row.points[-1]
        else f"{best.accelerators}",
        "—"
        if best is None or best.usd_per_useful_pflop_hour is None
        else format_money(best.usd_per_useful_pflop_hour),
    )


@dataclass(frozen=True, slots=True)
class ApiComparison:
    """The quotes' capacity against buying the same tokens from a token API.

    Attributes:
        api: the yardstick's name: the API the user stated, else the cheapest qualified
            token-API offer ("" when no offer qualifies and none is stated).
        blended_usd: its price per million tokens, blended by the workload's token mix.
        prices: how the blend is made, in words.
        rows: (quote, cost per hour, tokens/s at full load, USD per million tokens at full
            load, break-even utilisation, verdict) for each costed quote.
        offers: (offer, cost of the workload's tokens over the horizon, USD per million
            tokens, status) for each token-API offer imported as a quote, cheapest
            qualified first; status is "qualified", the must-haves it fails, or why it is
            not costed.
    """

    api: str
    blended_usd: float
    prices: str
    rows: tuple[tuple[str, float, float, float, float, str], ...] = ()
    offers: tuple[tuple[str, float | None, float | None, str], ...] = ()


API_HEADERS = (
    "Quote",
    "Cost per hour",
    "Tokens/s at full load",
    "Per M tokens at full load",
    "Break-even utilisation",
)
"""The columns of the capacity-against-a-token-API table, in the app and in the pack."""

OFFER_HEADERS = ("Offer", "Cost of the workload's tokens", "Per M tokens", "Compliance")
"""The columns of the token-API offers table, in the app and in the pack."""


def api_sentence(api: ApiComparison) -> str:
    """What the yardstick costs and how the table reads, in one paragraph (plain text)."""
    return (
        f"Buying the same tokens from {api.api} costs {format_money(api.blended_usd)} per million "
        f"({api.prices}). Each quote's capacity costs its TCO spread over the horizon's hours; "
        "at full load it makes the tokens shown. It is cheaper than the API when busy more "
        "than its break-even share of the hours."
    )


def api_cells(row: tuple[str, float, float, float, float, str]) -> tuple[str, ...]:
    """One quote's capacity against the token API, as text."""
    label, per_hour, tokens, per_million, even, _verdict = row
    return (
        label,
        format_money(per_hour),
        format_number(round(tokens)),
        format_money(per_million),
        "never" if even > 1 else f"{even:.1%}",
    )


def offer_cells(row: tuple[str, float | None, float | None, str]) -> tuple[str, ...]:
    """One token-API offer as text ("—" where it is not costed)."""
    label, total, per_million, status = row
    return (
        label,
        "—" if total is None else format_money(total),
        "—" if per_million is None else format_money(per_million),
        status,
    )


@dataclass(frozen=True, slots=True)
class QuoteExit:
    """A quote's exit terms, for the side-by-side comparison."""

    label: str
    terms: ExitTerms


@dataclass(frozen=True, slots=True)
class QuoteLineRow:
    """One quote line with the canonical fields of the import contract (DOMAIN.md §6).

    ``price`` is exactly what the vendor quoted; ``source`` is ``file!sheet!row``.
    """

    vendor: str
    quote_ref: str
    kind: str
    description: str
    price: Decimal
    price_unit: str
    currency: str
    quote_date: date | None = None
    valid_until: date | None = None
    category: str | None = None
    accelerator: str | None = None
    accelerators_per_node: int | None = None
    nodes: int | None = None
    accelerator_count: int | None = None
    quantity: Decimal | None = None
    deployment: str | None = None
    term_months: int | None = None
    usd_per_gpu_hour: float | None = None
    region: str | None = None
    country: str | None = None
    source: str | None = None


@dataclass(frozen=True, slots=True)
class Methodology:
    """How the numbers were made: formulas, weights, FX, rules and catalogue versions.

    Attributes:
        formulas: (name, formula) pairs, e.g. ("Training compute", "6 × params × tokens").
        assumptions: the user's assumptions used (energy price, PUE, MFU …).
        fx_rates: the dated rates used to convert quoted currencies.
        currencies: every currency other than USD that a quote line is priced in.
        missing_rates: those of them without a rate on the decision date (their lines
            are left out, so those quotes' costs are incomplete).
        rules_version: the export-control rules file version ("" when not run).
        rules_date: the date of that rules file.
        catalogue_version: the accelerator catalogue's version.
        catalogue_sources: the documents the catalogue's figures come from.
        measured: what was measured on the buyer's workload.
        assumed: what was assumed or taken from datasheets.
        notes: other caveats (legal review required …).
        presentation: the currency the pack's figures are shown in, with its rate.
    """

    formulas: tuple[tuple[str, str], ...] = ()
    assumptions: tuple[Input, ...] = ()
    fx_rates: tuple[FxRate, ...] = ()
    currencies: tuple[str, ...] = ()
    missing_rates: tuple[str, ...] = ()
    rules_version: str = ""
    rules_date: str = ""
    catalogue_version: str = ""
    catalogue_sources: tuple[str, ...] = ()
    measured: tuple[str, ...] = ()
    assumed: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    presentation: Presentation = USD

    def currency_note(self) -> str:
        """What was converted, at which rates — derived from the quotes and the rates used."""
        if not self.currencies:
            return "All quotes were in US dollars; no conversion was needed."
        if not self.fx_rates:
            return (
                f"Quotes were priced in {', '.join(self.currencies)}, and no rate was "
                "available to convert them."
            )
        used = "; ".join(
            f"{r.currency} at {r.usd_per_unit} USD per unit (as of {r.as_of.isoformat()})"
            for r in self.fx_rates
        )
        return f"Prices in other currencies were converted to US dollars: {used}."

    def reporting_note(self) -> str:
        """The currency the figures are shown in and the rate that converts them."""
        return self.presentation.sentence()

    def missing_rate_note(self) -> str:
        """The currencies quoted without a rate and what that means; empty when none."""
        if not self.missing_rates:
            return ""
        codes = ", ".join(self.missing_rates)
        return (
            f"No exchange rate dated on or before the decision date for {codes}: the lines "
            "priced in it are left out, so those quotes' costs are incomplete and they score "
            "0 on cost until a rate is set."
        )


@dataclass(frozen=True, slots=True)
class PlanRow:
    """One allocation of the award plan: which option supplies which layer of a workload.

    ``usd`` = ``accelerators`` × ``unit_usd`` (one accelerator in this layer) plus
    ``fixed_usd`` (its share of the line's fixed costs). ``tokens``: a token API's offer,
    whose ``accelerators`` count H100-equivalents of the workload's tokens.
    """

    workload: str
    layer: str
    option: str
    accelerators: int
    equivalents: float
    usd: float
    vendor: str = ""
    unit_usd: float = 0.0
    fixed_usd: float = 0.0
    tokens: bool = False


@dataclass(frozen=True, slots=True)
class ScenarioRow:
    """One scenario beside the recommended one (None figures: no plan keeps its rules)."""

    name: str
    total_usd: float | None
    delta_usd: float | None
    score: float | None
    vendors: str
    recommended: bool
    text: str


@dataclass(frozen=True, slots=True)
class PlanSummary:
    """The award plan for every workload, and the scenarios side by side.

    ``sentence`` is the plan in one sentence covering every workload; ``layers``,
    ``binding``, ``risks`` and ``margins`` are sentences (why each layer, what each
    rule costs, how far a line's prices may move before the plan changes).
    """

    scenario: str
    sentence: str
    total_usd: float | None
    rows: tuple[PlanRow, ...] = ()
    scenarios: tuple[ScenarioRow, ...] = ()
    layers: tuple[str, ...] = ()
    binding: tuple[str, ...] = ()
    risks: tuple[str, ...] = ()
    demand: tuple[str, ...] = ()
    margins: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardPack:
    """Everything a board pack shows, frozen at one moment.

    ``None`` for a section means it was not computed for this evaluation; the PDF
    and workbook then print a sentence saying so.

    Attributes:
        meta: evaluation name, dates, author, marking.
        recommendation: the recommendation in one sentence.
        ranking_sentence: what the ranking of its one workload says, for a pack whose
            award is the plan for every workload (:attr:`headline`).
        caveat: a warning the recommendation must carry (a quote whose cost is
            incomplete), with how to fix it; empty when there is none.
        ranking: the scorecard, margin and robustness.
        tco: one record per quote (shortlisted first).
        break_even: the buy-vs-rent curve.
        tornado: TCO sensitivity of the leader.
        monte_carlo: P10/P50/P90 TCO per quote.
        findings: compliance and export-control findings (None: checks not run).
        risks: the top risks in plain sentences, most important first.
        exit_terms: each quote's exit terms.
        methodology: formulas, assumptions, FX, rules and catalogue.
        lines: every quote line with its source.
        plan: the award plan for every workload (None: not planned).
        energy: energy and carbon of each quote's chosen option.
        energy_source: where the grid intensities come from, and their year.
        scaling: for each training workload, how each quote's chosen option scales.
        api: the quotes against a token API, when the evaluation states one's prices.
    """

    meta: PackMeta
    recommendation: str = ""
    ranking_sentence: str = ""
    caveat: str = ""
    ranking: Ranking | None = None
    tco: tuple[QuoteTco, ...] = ()
    break_even: BreakEven | None = None
    tornado: Tornado | None = None
    monte_carlo: MonteCarlo | None = None
    findings: tuple[Finding, ...] | None = None
    risks: tuple[str, ...] = ()
    exit_terms: tuple[QuoteExit, ...] = ()
    methodology: Methodology = Methodology()
    lines: tuple[QuoteLineRow, ...] = ()
    plan: PlanSummary | None = None
    energy: tuple[EnergyRow, ...] = ()
    energy_source: str = ""
    scaling: tuple[ScalingRow, ...] = ()
    api: ApiComparison | None = None

    @property
    def presentation(self) -> Presentation:
        """The currency the pack's figures are shown in, with the rate that converts them."""
        return self.methodology.presentation

    @property
    def headline(self) -> str:
        """The recommendation the pack leads with: the plan's when there is one."""
        if self.plan is not None:
            return self.plan.sentence
        return self.recommendation or (
            "No recommendation: the scorecard has not been computed for this evaluation."
        )

    @property
    def lead_cost_label(self) -> str:
        """What the key figure of the ranking's leader is called."""
        if self.plan is not None:
            return "Total cost of the ranking's leader"
        return "Total cost of the recommended option"

    def tco_for(self, quote_key: str) -> QuoteTco | None:
        """The TCO record of a quote, if computed."""
        for item in self.tco:
            if item.quote_key == quote_key:
                return item
        return None

    def quote_label(self, quote_key: str) -> str:
        """The display label of a quote key (the key itself when unknown)."""
        if self.ranking is not None:
            for row in self.ranking.rows:
                if row.quote_key == quote_key:
                    return row.label
        for item in self.tco:
            if item.quote_key == quote_key:
                return item.label
        return quote_key

    def open_findings(self) -> tuple[Finding, ...]:
        """Knock-out and warning findings, most severe first (knock-outs, then warnings)."""
        if not self.findings:
            return ()
        order = {FindingSeverity.KNOCKOUT: 0, FindingSeverity.WARNING: 1}
        chosen = [f for f in self.findings if f.severity in order]
        return tuple(sorted(chosen, key=lambda f: order[f.severity]))


def _canonical(value: Any) -> Any:
    """A JSON-ready, order-stable form of a pack value."""
    if is_dataclass(value) and not isinstance(value, type):
        return {item.name: _canonical(getattr(value, item.name)) for item in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, float):
        return repr(value) if not math.isfinite(value) else value
    if isinstance(value, dict):
        return {str(key): _canonical(item) for key, item in sorted(value.items())}
    if isinstance(value, list | tuple):
        return [_canonical(item) for item in value]
    return value


def canonical_json(pack: BoardPack) -> str:
    """The pack's inputs as canonical JSON (sorted keys, no spaces), without the render date."""
    data = _canonical(pack)
    data["meta"].pop("generated_on", None)
    data["meta"].pop("approval", None)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint(pack: BoardPack) -> str:
    """SHA-256 (hex) of :func:`canonical_json`: equal for packs built from equal inputs."""
    return hashlib.sha256(canonical_json(pack).encode("utf-8")).hexdigest()
