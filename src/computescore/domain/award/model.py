"""The award plan's records: what it is asked, under which rules, and what it answers.

A plan supplies every workload of an evaluation from the eligible options of its
quotes. A workload needs ``baseline`` accelerators all the time and, when its demand
varies, ``peak`` more for ``peak_share`` of its horizon. Demand is counted in
*equivalents* of a reference accelerator (the service uses an H100 SXM at the
workload's precision and assumed MFU): an option whose accelerator does half the
reference's useful work supplies half an equivalent per accelerator. An option is one compute
line of a quote priced for one workload: its cost is affine in the accelerators it
supplies (``fixed_usd`` once the line is used at all, plus ``usd_per_accelerator``
for each), and a line may supply several workloads up to the capacity it states.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from computescore.domain.quotes import Deployment
from computescore.domain.sizing import INFERENCE_FLOP_PER_PARAM_TOKEN
from computescore.domain.units import PETA, SECONDS_PER_HOUR

PAID_AS_USED = frozenset({Deployment.ON_DEMAND, Deployment.SPOT})
"""The deployments paid only while used."""


def serving_equivalents(
    tokens_per_day: float, hours_per_day: float, params: float, reference_pflops: float
) -> int | None:
    """Reference accelerators that serve a load of ``tokens_per_day`` within the hours of use.

    The load's useful work (2 × params per token, DOMAIN §7) in PFLOP/s over the hours it
    runs, divided by one reference accelerator's, rounded up: 2e9 tokens a day of a 13 B
    model in 20 h is 0.722 PFLOP/s, or 73 references of 0.01 PFLOP/s. None when a figure
    is missing.
    """
    if min(tokens_per_day, hours_per_day, params, reference_pflops) <= 0:
        return None
    load = tokens_per_day * INFERENCE_FLOP_PER_PARAM_TOKEN * params
    pflops = load / (hours_per_day * SECONDS_PER_HOUR) / PETA
    return math.ceil(pflops / reference_pflops - 1e-9)


class Objective(StrEnum):
    """What the plan optimises."""

    COST = "cost"
    """The lowest total cost of ownership over each workload's horizon."""
    VALUE = "value"
    """The lowest score-adjusted cost: each dollar divided by the quote's score ÷ 100."""


class Layer(StrEnum):
    """Which part of a workload's demand an allocation supplies."""

    BASELINE = "baseline"
    PEAK = "peak"


@dataclass(frozen=True, slots=True)
class PlanWorkload:
    """A workload's demand, as the plan sees it.

    Attributes:
        name: the workload's name (its key in the plan).
        baseline: accelerator-equivalents needed all the time.
        peak: accelerator-equivalents needed on top of the baseline at peak (0: flat).
        peak_share: the share of the horizon at peak (0–1).
        horizon_months: months the workload runs.
        workload_class: steady, variable or exploratory.
    """

    name: str
    baseline: int
    peak: int = 0
    peak_share: float = 0.0
    horizon_months: int = 36
    workload_class: str = "steady"

    @property
    def layers(self) -> tuple[Layer, ...]:
        """The layers this workload's demand has."""
        return (Layer.BASELINE, Layer.PEAK) if self.peak > 0 else (Layer.BASELINE,)


@dataclass(frozen=True, slots=True)
class PlanOption:
    """One compute line of a quote, priced for one workload.

    Attributes:
        supply: the line's key (quote key and option number), shared by every
            workload it is priced for; capacity and minimum commitment apply to it.
        workload: the workload this pricing is for.
        vendor: the vendor's name.
        quote_key: the quote's key.
        quote_label: the quote as a reader knows it.
        label: the option in words ("12-month reserved NVIDIA H100 SXM5 nodes").
        deployment: how the capacity is obtained.
        usd_per_accelerator: what one more accelerator costs over the workload's
            horizon at its hours per day, with everything that scales with it.
        fixed_usd: what using the line costs at all (shared cost lines, adaptation).
        unit: accelerators per whole unit priced (a node when priced per node).
        capacity: the most accelerators the line can supply, None when unstated.
        quoted: the accelerators the line is quoted for (its count), None when it states
            none; not a limit, but what the vendor has been asked to supply so far.
        minimum: the fewest accelerators the vendor accepts (0: no minimum).
        score: the quote's weighted score for this workload (0–100), None unknown.
        equivalents: reference accelerators' worth of useful work one accelerator of
            this option does for the workload (1: as much as the reference).
        eligible: False when a rule keeps the option out (``reason`` says which).
        reason: why the option is not eligible.
        risks: what a board should know when the plan uses this option.
        tokens: a token API's offer: it serves a serving workload's tokens, one unit per
            reference accelerator's worth of the demand, and is used only where the policy
            allows token APIs (:attr:`PlanPolicy.token_apis`).
        flex_of: the committed line (its ``supply``) this option flexes above: capacity
            paid as used at the committed rate, at most ``flex_share`` of the
            accelerators committed on that line (None: an option of its own).
        flex_share: the flex band, a share of the commitment (0.25: 25 % above it).
    """

    supply: str
    workload: str
    vendor: str
    quote_key: str
    quote_label: str
    label: str
    deployment: Deployment
    usd_per_accelerator: float
    fixed_usd: float = 0.0
    unit: int = 1
    capacity: int | None = None
    quoted: int | None = None
    minimum: int = 0
    score: float | None = None
    eligible: bool = True
    reason: str = ""
    risks: tuple[str, ...] = ()
    equivalents: float = 1.0
    tokens: bool = False
    flex_of: str | None = None
    flex_share: float = 0.0

    @property
    def pay_as_used(self) -> bool:
        """True when the capacity is paid only while used (on-demand and spot)."""
        return self.deployment in PAID_AS_USED

    def layer_usd(self, layer: Layer, peak_share: float) -> float:
        """What one accelerator of this option costs in ``layer``.

        Committed and owned capacity is paid for the whole horizon whichever layer
        it supplies; capacity paid as used costs only the peak's share in the peak.
        """
        if layer is Layer.PEAK and self.pay_as_used:
            return self.usd_per_accelerator * peak_share
        return self.usd_per_accelerator


@dataclass(frozen=True, slots=True)
class PlanPolicy:
    """The business rules a plan must keep (a scenario's award rules).

    Attributes:
        name: the scenario's name.
        objective: lowest cost or best value.
        vendor_cap: no vendor above this share of the spend (0–1), None: no cap.
        min_vendors: at least this many vendors (resilience).
        max_vendors: at most this many vendors, None: no limit.
        min_score: every workload's average weighted score at least this (0–100).
        top_score_only: supply each workload only from its best-scoring quotes.
        keep_vendor: a vendor (the incumbent) the plan must keep.
        token_apis: serving workloads may be bought from a token API's offer instead of
            capacity. Off by default: an API serves its own models, so the board must
            accept that the workload runs on one of them.
    """

    name: str = "Lowest cost, compliant"
    objective: Objective = Objective.COST
    vendor_cap: float | None = None
    min_vendors: int = 1
    max_vendors: int | None = None
    min_score: float | None = None
    top_score_only: bool = False
    keep_vendor: str | None = None
    token_apis: bool = False


@dataclass(frozen=True, slots=True)
class Allocation:
    """Accelerators of one option supplying one layer of one workload.

    ``usd`` is what they cost over the workload's horizon, with their share of the
    line's fixed costs; ``unit_usd`` what one accelerator costs in this layer, without.
    """

    workload: str
    layer: Layer
    supply: str
    vendor: str
    quote_label: str
    option_label: str
    deployment: Deployment
    accelerators: int
    usd: float
    unit_usd: float
    score: float | None
    why: str = ""
    equivalents: float = 0.0
    """Reference accelerators' worth of useful work these accelerators supply."""
    tokens: bool = False
    """A token API's offer: ``accelerators`` counts reference accelerators' worth of the
    workload's tokens, not accelerators."""
    flex_share: float = 0.0
    """A flex band above a commitment: at most this share of what is committed on its line
    (0: not a flex band)."""

    @property
    def pay_as_used(self) -> bool:
        """True when the capacity is paid only while used (on-demand and spot)."""
        return self.deployment in PAID_AS_USED


@dataclass(frozen=True, slots=True)
class VendorSpend:
    """What the plan spends with one vendor."""

    vendor: str
    usd: float
    share: float


@dataclass(frozen=True, slots=True)
class Binding:
    """A rule that shaped the plan, and what it costs.

    ``cost_usd`` is the objective's change when the rule is relaxed (re-solved
    without it); None when it was not measured.
    """

    rule: str
    text: str
    cost_usd: float | None


@dataclass(frozen=True, slots=True)
class Shortfall:
    """Why no plan keeps the rules: which rule, for which workload."""

    rule: str
    workload: str
    text: str


@dataclass(frozen=True, slots=True)
class LayerDecision:
    """Why a workload's peak is committed or rented: the break-even that decided it.

    ``committed_usd`` and ``rented_usd`` are the cheapest committed and pay-as-used
    costs of one reference accelerator's worth of work for the whole horizon, each line's
    own fixed costs spread over the peak's equivalents;
    ``break_even_share`` is their ratio: renting the peak is cheaper when the peak
    lasts less than this share of the horizon.
    """

    workload: str
    committed: str
    committed_usd: float
    rented: str
    rented_usd: float
    break_even_share: float
    peak_share: float
    text: str


@dataclass(frozen=True, slots=True)
class Exclusion:
    """An option the plan could not use for a workload, and why."""

    workload: str
    quote_label: str
    option_label: str
    reason: str


@dataclass(frozen=True, slots=True)
class AwardPlan:
    """The plan for every workload under one policy.

    Attributes:
        policy: the rules it keeps.
        feasible: False when no plan keeps the rules (``shortfalls`` say why).
        allocations: which options supply which layer of which workload.
        total_usd: the plan's cost over the workloads' horizons (USD).
        objective_usd: the optimised figure (the total, or the score-adjusted cost).
        score: the plan's average weighted score (by accelerator-months), None unknown.
        workload_scores: (workload, average weighted score) per workload.
        vendors: spend per vendor, largest first.
        binding: rules that bound, with what each costs.
        shortfalls: why the plan is infeasible.
        exclusions: options left out, with the reason.
        layers: the break-even behind each variable workload's peak.
        risks: what the plan carries (single-vendor dependency, spot for steady work,
            findings of the quotes it uses).
        status: the solver's word on the solution.
    """

    policy: PlanPolicy
    feasible: bool
    allocations: tuple[Allocation, ...] = ()
    total_usd: float = 0.0
    objective_usd: float = 0.0
    score: float | None = None
    workload_scores: tuple[tuple[str, float | None], ...] = ()
    vendors: tuple[VendorSpend, ...] = ()
    binding: tuple[Binding, ...] = ()
    shortfalls: tuple[Shortfall, ...] = ()
    exclusions: tuple[Exclusion, ...] = ()
    layers: tuple[LayerDecision, ...] = ()
    risks: tuple[str, ...] = ()
    status: str = ""

    def for_workload(self, name: str) -> tuple[Allocation, ...]:
        """The allocations supplying one workload."""
        return tuple(item for item in self.allocations if item.workload == name)
