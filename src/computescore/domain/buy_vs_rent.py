"""Buy versus rent: break-even hours per day, the cost curve, and an explained recommendation.

Every TCO is affine in the hours of use per day ``h`` (rented hours, energy in use,
operations grow with ``h``; hardware, commitments and fees do not), so an option
is described by ``cost(h) = fixed + slope × h`` and two options break even at
``h* = (fixed_owned − fixed_rented) / (slope_rented − slope_owned)``.

Seed 002's decision matrix (rent below ~4 h/day; buy at 4–6 h/day sustained for
more than 18 months; rent multi-GPU or high-VRAM bursts; hybrid for a baseline plus
bursts; on premises when data must stay local) is used as a *prior* beside the
break-even computed from the user's own numbers. The seed's own figures do not
reconcile (a US$2,200 card with US$770/yr of power never beats US$0.18/h rent at
4–6 h/day), so no cost figure of the seed is used here; only its thresholds, which
the user can change in :class:`DecisionPrior`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from computescore.domain.figures import Figure, Input, format_money
from computescore.domain.tco import Coefficients, Tco, headline_at
from computescore.domain.workload import DataClassification, Workload, WorkloadClass

HOURS_IN_DAY = 24.0


@dataclass(frozen=True, slots=True)
class AffineCost:
    """Cost of an option over the horizon as ``fixed_usd + usd_per_daily_hour × h`` (USD).

    ``usd_per_daily_hour`` is the extra cost over the whole horizon of one more hour
    of use every day.
    """

    label: str
    fixed_usd: float
    usd_per_daily_hour: float

    def at(self, hours_per_day: float) -> float:
        """Cost in USD at ``hours_per_day`` of use."""
        return self.fixed_usd + self.usd_per_daily_hour * hours_per_day

    def per_accelerator(self, count: int) -> AffineCost:
        """The same cost divided among ``count`` accelerators."""
        return AffineCost(
            f"{self.label} (per accelerator)",
            self.fixed_usd / count,
            self.usd_per_daily_hour / count,
        )


def affine_cost(tco: Tco, energy_usd_per_kwh: float, residual_fraction: float) -> AffineCost:
    """Describe a quote's headline TCO as fixed + slope × hours per day (exact: TCO is affine)."""
    at_zero = headline_at(tco, 0.0, energy_usd_per_kwh, residual_fraction)
    at_full = headline_at(tco, HOURS_IN_DAY, energy_usd_per_kwh, residual_fraction)
    return AffineCost(tco.quote_label, at_zero, (at_full - at_zero) / HOURS_IN_DAY)


def affine_from_coefficients(
    label: str,
    coefficients: tuple[Coefficients, Coefficients],
    energy_usd_per_kwh: float,
    residual_fraction: float,
) -> AffineCost:
    """An option's headline TCO (USD) as fixed + slope × hours per day, from its coefficients.

    ``coefficients`` are (USD-priced, foreign-priced) sums of (k0, k_h, k_e, k_eh, k_r)
    as :func:`~computescore.domain.tco.headline_coefficients` gives (a
    :class:`~computescore.domain.tco.TcoOption` keeps them), at today's FX.
    """
    e, r = energy_usd_per_kwh, residual_fraction
    fixed = slope = 0.0
    for k0, k_h, k_e, k_eh, k_r in coefficients:
        fixed += k0 + k_e * e + k_r * r
        slope += k_h + k_eh * e
    return AffineCost(label, fixed, slope)


class BreakEvenKind(StrEnum):
    """How two cost lines relate over 0–24 h/day."""

    CROSSES = "crosses"
    OWNED_ALWAYS_CHEAPER = "owned_always_cheaper"
    RENTED_ALWAYS_CHEAPER = "rented_always_cheaper"


@dataclass(frozen=True, slots=True)
class BreakEven:
    """Where owning becomes cheaper than renting, in hours of use per day.

    ``hours_per_day`` is set only when the lines cross between 0 and 24 h/day.
    """

    kind: BreakEvenKind
    hours_per_day: Figure | None
    owned: AffineCost
    rented: AffineCost
    explanation: str


def break_even(owned: AffineCost, rented: AffineCost) -> BreakEven:
    """Hours per day above which ``owned`` costs less than ``rented`` over the horizon.

    Solves ``owned.fixed + owned.slope × h = rented.fixed + rented.slope × h``; when
    the solution is outside 0–24 h/day, one option is cheaper at every use.
    """
    slope_gap = rented.usd_per_daily_hour - owned.usd_per_daily_hour
    fixed_gap = owned.fixed_usd - rented.fixed_usd
    if slope_gap != 0:
        crossing = fixed_gap / slope_gap
        if 0.0 < crossing < HOURS_IN_DAY:
            figure = Figure(
                "Break-even use",
                crossing,
                "h/day",
                "(owned fixed − rented fixed) / (rented per daily hour − owned per daily hour)",
                (
                    Input("owned fixed", owned.fixed_usd, "USD"),
                    Input("rented fixed", rented.fixed_usd, "USD"),
                    Input("owned per daily hour", owned.usd_per_daily_hour, "USD per h/day"),
                    Input("rented per daily hour", rented.usd_per_daily_hour, "USD per h/day"),
                ),
            )
            cheaper_above = "owning" if slope_gap > 0 else "renting"
            text = (
                f"owning ({owned.label}) and renting ({rented.label}) cost the same at "
                f"{crossing:.1f} h/day; {cheaper_above} is cheaper above it"
            )
            return BreakEven(BreakEvenKind.CROSSES, figure, owned, rented, text)
    owned_cheaper = owned.at(12.0) < rented.at(12.0)
    kind = (
        BreakEvenKind.OWNED_ALWAYS_CHEAPER if owned_cheaper else BreakEvenKind.RENTED_ALWAYS_CHEAPER
    )
    cheap, dear = (owned, rented) if owned_cheaper else (rented, owned)
    cheap_kind, dear_kind = ("owning", "renting") if owned_cheaper else ("renting", "owning")
    text = (
        f"{cheap_kind} ({cheap.label}) is cheaper than {dear_kind} ({dear.label}) at every "
        f"use from 0 to 24 h/day: {format_money(cheap.at(0))} against {format_money(dear.at(0))} "
        f"at 0 h/day, {format_money(cheap.at(24))} against {format_money(dear.at(24))} at 24 h/day"
    )
    return BreakEven(kind, None, owned, rented, text)


@dataclass(frozen=True, slots=True)
class CurvePoint:
    """One point of the cost-against-use curve."""

    hours_per_day: float
    owned_usd: float
    rented_usd: float


def cost_curve(
    owned: AffineCost, rented: AffineCost, step_hours: float = 1.0
) -> tuple[CurvePoint, ...]:
    """Both options' cost from 0 to 24 h/day every ``step_hours`` (USD)."""
    points: list[CurvePoint] = []
    steps = round(HOURS_IN_DAY / step_hours)
    for index in range(steps + 1):
        h = min(HOURS_IN_DAY, index * step_hours)
        points.append(CurvePoint(h, owned.at(h), rented.at(h)))
    return tuple(points)


# ----------------------------------------------------------------------------- recommendation


class DeploymentChoice(StrEnum):
    """What the recommendation says to do."""

    RENT = "rent"
    BUY = "buy"
    HYBRID = "hybrid"
    ON_PREMISES = "on_premises"


@dataclass(frozen=True, slots=True)
class DecisionPrior:
    """Seed 002's capex-vs-opex matrix as editable thresholds.

    Attributes:
        rent_below_hours_per_day: below this use, rent (seed: ~4 h/day).
        buy_from_hours_per_day: from this use, buying can pay (seed: 4–6 h/day).
        buy_min_months: the use must be sustained longer than this (seed: 18 months).
    """

    rent_below_hours_per_day: float = 4.0
    buy_from_hours_per_day: float = 4.0
    buy_min_months: int = 18


@dataclass(frozen=True, slots=True)
class Recommendation:
    """An explained deployment recommendation.

    ``choice`` is what the computed economics and the hard constraints say;
    ``prior_choice`` is what the seed's rule of thumb alone would say, and
    ``agrees_with_prior`` tells the reader whether they differ.
    """

    choice: DeploymentChoice
    headline: str
    reasons: tuple[str, ...]
    prior_choice: DeploymentChoice
    agrees_with_prior: bool
    break_even: BreakEven | None


def prior_choice(
    hours_per_day: float,
    horizon_months: int,
    *,
    multi_gpu_bursts: bool,
    baseline_plus_bursts: bool,
    data_must_stay_local: bool,
    prior: DecisionPrior,
) -> tuple[DeploymentChoice, str]:
    """What seed 002's decision matrix alone says, with the rule that fired."""
    if data_must_stay_local:
        return DeploymentChoice.ON_PREMISES, "data must stay local: on premises"
    if baseline_plus_bursts:
        return DeploymentChoice.HYBRID, "baseline capacity plus bursts: hybrid"
    if multi_gpu_bursts:
        return DeploymentChoice.RENT, "multi-GPU or high-VRAM bursts: rent"
    if hours_per_day < prior.rent_below_hours_per_day:
        return DeploymentChoice.RENT, (f"use below {prior.rent_below_hours_per_day:g} h/day: rent")
    if hours_per_day >= prior.buy_from_hours_per_day and horizon_months > prior.buy_min_months:
        return DeploymentChoice.BUY, (
            f"{prior.buy_from_hours_per_day:g}+ h/day sustained for "
            f"more than {prior.buy_min_months} months: buy"
        )
    return DeploymentChoice.RENT, (f"use not sustained beyond {prior.buy_min_months} months: rent")


def recommend(
    hours_per_day: float,
    horizon_months: int,
    computed: BreakEven | None,
    *,
    multi_gpu_bursts: bool = False,
    baseline_plus_bursts: bool = False,
    data_must_stay_local: bool = False,
    prior: DecisionPrior | None = None,
) -> Recommendation:
    """Recommend rent, buy, hybrid or on-premises, from the user's numbers first.

    Hard constraints come first (data that must stay local → on premises). A
    baseline with bursts → hybrid (own the capacity busy beyond the break-even use,
    rent the rest) — but only when owning is what the busy capacity favours: when
    renting is cheaper at every use, or cheaper above the break-even (a flat lease
    against owned hardware with costs per hour of use), the computed economics
    decide instead and the reason says so. Otherwise the computed break-even
    decides; the seed's matrix is reported as a prior and any disagreement is stated.
    """
    rules = prior or DecisionPrior()
    prior_result, prior_reason = prior_choice(
        hours_per_day,
        horizon_months,
        multi_gpu_bursts=multi_gpu_bursts,
        baseline_plus_bursts=baseline_plus_bursts,
        data_must_stay_local=data_must_stay_local,
        prior=rules,
    )
    reasons: list[str] = []
    economic: DeploymentChoice | None = None
    if computed is not None:
        reasons.append(computed.explanation)
        if computed.kind is BreakEvenKind.OWNED_ALWAYS_CHEAPER:
            economic = DeploymentChoice.BUY
        elif computed.kind is BreakEvenKind.RENTED_ALWAYS_CHEAPER:
            economic = DeploymentChoice.RENT
        else:
            owned_cost = computed.owned.at(hours_per_day)
            rented_cost = computed.rented.at(hours_per_day)
            economic = DeploymentChoice.BUY if owned_cost < rented_cost else DeploymentChoice.RENT
            reasons.append(
                f"at the planned {hours_per_day:g} h/day owning costs "
                f"{format_money(owned_cost)} and renting {format_money(rented_cost)}"
            )
    if data_must_stay_local:
        choice = DeploymentChoice.ON_PREMISES
        headline = "Keep the workload on premises: its data must stay local"
        if economic is DeploymentChoice.RENT:
            reasons.append(
                "renting would be cheaper, but the data-locality constraint rules it out"
            )
    elif (
        baseline_plus_bursts
        and computed is not None
        and computed.kind is BreakEvenKind.RENTED_ALWAYS_CHEAPER
    ):
        # Renting is cheaper at every use: there is no baseline worth owning.
        choice = DeploymentChoice.RENT
        headline = "Rent: renting is cheaper at every use, so no baseline is worth owning"
        reasons.append(
            "the evaluation pairs a steady baseline with bursts, which would suggest owning "
            "the baseline, but the quoted prices make renting cheaper even at full use"
        )
    elif (
        baseline_plus_bursts
        and computed is not None
        and economic is not None
        and computed.kind is BreakEvenKind.CROSSES
        and computed.rented.usd_per_daily_hour <= computed.owned.usd_per_daily_hour
    ):
        # Renting wins for busy capacity: the steady baseline is the part to rent.
        choice = economic
        headline = (
            "Buy: owning is cheaper at the planned use"
            if economic is DeploymentChoice.BUY
            else "Rent: renting is cheaper at the planned use"
        )
        crossing = computed.hours_per_day.value if computed.hours_per_day else 0.0
        reasons.append(
            "the evaluation pairs a steady baseline with bursts, which would suggest owning "
            f"the baseline, but renting is cheaper for capacity busy more than {crossing:.1f} "
            "h/day, so the baseline is not worth owning"
        )
    elif baseline_plus_bursts:
        choice = DeploymentChoice.HYBRID
        headline = "Hybrid: own the steady baseline, rent the bursts"
        if computed is not None and computed.hours_per_day is not None:
            reasons.append(
                f"own capacity that is busy more than "
                f"{computed.hours_per_day.value:.1f} h/day; rent the rest"
            )
    elif economic is not None:
        choice = economic
        headline = (
            "Buy: owning is cheaper at the planned use"
            if economic is DeploymentChoice.BUY
            else "Rent: renting is cheaper at the planned use"
        )
    else:
        choice = prior_result
        headline = (
            f"{prior_result.value.replace('_', ' ').capitalize()} (rule of thumb only: "
            "no owned and rented quote to compare)"
        )
    agrees = choice is prior_result
    reasons.append(
        f"The GPU scale-economics guide's rule of thumb: {prior_reason}"
        + ("" if agrees else " — it disagrees with the computed result, which uses your own prices")
    )
    return Recommendation(choice, headline, tuple(reasons), prior_result, agrees, computed)


@dataclass(frozen=True, slots=True)
class WorkloadTraits:
    """The decision-matrix traits a workload profile implies (see :func:`workload_traits`)."""

    multi_gpu_bursts: bool
    baseline_plus_bursts: bool
    data_must_stay_local: bool


def workload_traits(
    workload: Workload, min_accelerators: int, others: Sequence[Workload] = ()
) -> WorkloadTraits:
    """The decision-matrix traits a workload profile implies.

    multi_gpu_bursts: variable demand needing more than one accelerator at once;
    baseline_plus_bursts: the evaluation pairs a steady workload with a variable one;
    data_must_stay_local: the workload's data is classified restricted.
    """
    classes = {workload.workload_class, *(other.workload_class for other in others)}
    variable = workload.workload_class is WorkloadClass.VARIABLE
    return WorkloadTraits(
        multi_gpu_bursts=variable and max(min_accelerators, workload.accelerators) > 1,
        baseline_plus_bursts={WorkloadClass.STEADY, WorkloadClass.VARIABLE} <= classes,
        data_must_stay_local=workload.data_classification is DataClassification.RESTRICTED,
    )
