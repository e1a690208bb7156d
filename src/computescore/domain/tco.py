"""Total cost of ownership of one quote over the evaluation horizon (DOMAIN.md §3).

Every cost is a :class:`TcoLine` with its formula and inputs; the total is the sum
of the lines. The TCO is the cost of running *the workload* on the quote, not the
sum of everything the vendor listed. Conventions:

* **Options.** Each compute line of a quote is an alternative (an accelerator at a
  deployment, term and price): "4 nodes on-demand, 16 nodes 12-month reserved, 8
  nodes spot" are three ways to buy the same capacity, not 28 nodes. Each option is
  priced for the accelerators the workload needs at once (``Workload.accelerators``):
  per-GPU prices × the need; where the price is per node or the line states
  accelerators per node, the need is rounded up to whole nodes
  (:func:`scale_to_need`); prices for the whole line (one-off totals, per month, per
  unit) are scaled by accelerators priced ÷ accelerators quoted. The option with
  the lowest cost per useful PFLOP-hour is chosen (the lowest headline TCO when the
  useful compute of some option is unknown); every option's figures are kept on
  :attr:`Tco.options`, the choice and its reason on :attr:`Tco.choice`. Spot
  capacity is priced but not chosen for a steady workload unless
  ``Assumptions.spot_for_steady``. An option quoting fewer accelerators than needed
  is still priced for the need, with a note (a warning when the vendor states a
  maximum).
* **Cost lines and options.** A cost line is shared by every option and counted
  once, as quoted (a quantity stays the quantity quoted), except that prices per GPU
  or per node are multiplied by the chosen option's accelerators or nodes. A cost
  line that names an accelerator or a deployment belongs to the options with that
  accelerator and deployment and is counted only when one of them is chosen.

* **Hours.** 730 hours per month. A GPU used ``h`` hours a day for ``H`` months runs
  ``h × H × 730 / 24`` hours.
* **Rented capacity.** Reserved and leased capacity is paid whether used or not:
  ``count × months × 730`` hours. A term shorter than the horizon is assumed renewed
  at the quoted price (``Assumptions.renew_short_terms``); a term longer than the
  horizon is capped at the horizon and the months beyond are reported. On-demand
  and spot capacity is paid for the hours used. Spot adds a lost-work line
  (checkpoint and restart) of ``Assumptions.spot_overhead`` × the spot compute.
  A lease is treated as capacity the vendor operates (power and facility included).
* **Owned capacity** (``purchase``). The hardware is paid up front; its value at the
  horizon's end is credited back: straight-line depreciation over
  ``depreciation_years`` from the price down to ``residual_fraction`` × price, so
  hardware line + value line = depreciation over the horizon. Energy while in use =
  kW × PUE × hours used × $/kWh, energy while idle = kW × idle fraction × PUE × idle
  hours × $/kWh, where kW = TDP × count × ``server_overhead_factor`` / 1000 (CPUs,
  memory, fans and NICs: a DGX H100 draws up to 10.2 kW for 8 × 700 W of GPUs, ≈ 1.8×).
  Operations overhead is charged per GPU-hour used; maintenance as a yearly fraction
  of the hardware price; facility (colocation) per kW-month of IT load.
* **Cost lines** of the quote (network, storage, installation, support, power and
  cooling upgrades, software, egress, other) are priced by their unit.
* **Ecosystem adaptation.** Accelerators outside the CUDA ecosystem add
  ``adaptation_months`` × ``engineer_usd_per_month`` once per ecosystem (seed 000:
  budget 1–3 engineering months).
* **Currency.** Each line is converted with the newest FX rate on or before the
  evaluation date (or the user's override); the rate is kept on the line. A missing
  rate is a :class:`~computescore.domain.problems.Problem` and leaves the TCO
  incomplete.
* **Discounting.** With a discount rate, cash flows are discounted monthly at
  ``(1 + rate)^(month / 12)``: one-off payments at month 0, monthly costs at the start
  of each month, resale value at the horizon's end.

Each line also carries a :class:`LineModel`: its amount as an affine function of
the uncertain inputs (hours per day, energy price, residual fraction, FX), which
the tornado and the Monte Carlo evaluate without rebuilding the lines.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from typing import Any

from computescore.domain.catalog import Accelerator, Ecosystem, Precision
from computescore.domain.figures import UNMEASURED, Figure, Input, format_number, format_usd
from computescore.domain.money import rate_on
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    FxRate,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
)
from computescore.domain.sizing import (
    INFERENCE_FLOP_PER_PARAM_TOKEN,
    TRAINING_FLOP_PER_PARAM_TOKEN,
    measurement_precision,
    mfu_used,
    size_training,
)
from computescore.domain.units import HOURS_PER_MONTH, MONTHS_PER_YEAR, PETA, TERA
from computescore.domain.workload import Purpose, Workload, WorkloadClass
from computescore.wording import plural, sentence

DAYS_PER_MONTH = HOURS_PER_MONTH / 24
"""30.42 days: the day count consistent with 730 hours per month."""


# ----------------------------------------------------------------------------- assumptions


@dataclass(frozen=True, slots=True)
class Assumptions:
    """Every user-editable input of the TCO, with defaults documented in :data:`ASSUMPTION_NOTES`.

    Fractions are 0–1 (0.1 = 10 %). ``hours_per_day`` None means "the workload's".
    ``fx_override`` maps a currency code to USD per unit and wins over the FX table.
    """

    hours_per_day: float | None = None
    energy_usd_per_kwh: float = 0.16
    pue: float = 1.5
    server_overhead_factor: float = 1.8
    idle_power_fraction: float = 0.3
    ops_usd_per_gpu_hour: float = 2.0
    maintenance_fraction_per_year: float = 0.0
    facility_usd_per_kw_month: float = 0.0
    depreciation_years: float = 4.0
    residual_fraction: float = 0.1
    discount_rate: float = 0.0
    spot_overhead: float = 0.1
    engineer_usd_per_month: float = 15_000.0
    adaptation_months: float = 2.0
    renew_short_terms: bool = True
    egress_gb_per_month: float | None = None
    downtime_usd_per_gpu_hour: float = 0.0
    fx_override: Mapping[str, float] = field(default_factory=dict)
    spot_for_steady: bool = False


ASSUMPTION_NOTES: Mapping[str, str] = {
    "hours_per_day": "hours per day the capacity is really used; default: the workload's",
    "energy_usd_per_kwh": "the GPU scale-economics guide (2026) uses US$0.16/kWh in its energy "
    "examples",
    "pue": "power usage effectiveness of the facility; typical data centres run 1.2–1.6",
    "server_overhead_factor": "node power ÷ GPU power: DGX H100 up to 10.2 kW for 8 × 700 W ≈ 1.8",
    "idle_power_fraction": "share of full power an idle server still draws (assumption; meter it)",
    "ops_usd_per_gpu_hour": "the GPU scale-economics guide (2026): operational overhead US$2–7 "
    "per GPU-hour",
    "maintenance_fraction_per_year": "hardware maintenance per year as a share of the price; 0 "
    "when the quote carries support as a cost line",
    "facility_usd_per_kw_month": "colocation or facility cost per kW of IT load per month; 0 on "
    "premises already paid for",
    "depreciation_years": "DOMAIN.md §3: hardware is depreciated over 4–5 years",
    "residual_fraction": "value left at the end of the depreciation life, share of the price",
    "discount_rate": "annual cost of capital for the present value; 0 = no discounting",
    "spot_overhead": "work lost to spot interruptions (checkpoint and restart), share of spot "
    "compute",
    "engineer_usd_per_month": "loaded cost of one engineer-month (assumption; use your own)",
    "adaptation_months": "practitioner's guide to AI compute selection: budget 1–3 engineering "
    "months for a non-CUDA software stack",
    "renew_short_terms": "a commitment shorter than the horizon is renewed at the quoted price",
    "egress_gb_per_month": "egress volume used when a per-GB egress line states no quantity",
    "downtime_usd_per_gpu_hour": "business loss per GPU-hour of outage on top of the capacity "
    "paid for (reliability axis)",
    "fx_override": "USD per unit of a currency, overriding the FX table",
    "spot_for_steady": "spot (interruptible) options may be chosen for a steady workload; off by "
    "default: production serving cannot be pre-empted, so spot is priced and shown but not chosen",
}
"""Where each default comes from, shown next to the assumption in the app."""


def assumptions_from_mapping(
    data: Mapping[str, Any] | None, source: str = "assumptions"
) -> tuple[Assumptions, tuple[Problem, ...]]:
    """Build :class:`Assumptions` from stored settings, ignoring bad values with a problem each.

    Unknown keys are reported as warnings; values of the wrong type or out of range
    (negative amounts, fractions above 1, PUE below 1, hours above 24) keep the default.
    """
    problems: list[Problem] = []
    base = Assumptions()
    if not data:
        return base, ()
    changes: dict[str, Any] = {}
    fields = set(Assumptions.__dataclass_fields__)
    fractions = {
        "idle_power_fraction",
        "maintenance_fraction_per_year",
        "residual_fraction",
        "spot_overhead",
    }
    for key, raw in data.items():
        where = f"{source}:{key}"
        if key not in fields:
            problems.append(Problem(where, "unknown assumption; ignored", Severity.WARNING))
            continue
        if key in ("renew_short_terms", "spot_for_steady"):
            if isinstance(raw, bool):
                changes[key] = raw
            else:
                problems.append(Problem(where, "must be true or false", found=repr(raw)))
            continue
        if key == "fx_override":
            if not isinstance(raw, Mapping):
                problems.append(
                    Problem(where, "must map currency codes to USD per unit", found=repr(raw))
                )
                continue
            rates: dict[str, float] = {}
            for currency, value in raw.items():
                number = _as_number(value)
                if number is None or number <= 0:
                    problems.append(
                        Problem(f"{where}:{currency}", "rate must be above zero", found=repr(value))
                    )
                else:
                    rates[str(currency).upper()] = number
            changes[key] = rates
            continue
        if raw is None and key in ("hours_per_day", "egress_gb_per_month"):
            changes[key] = None
            continue
        number = _as_number(raw)
        if number is None or number < 0:
            problems.append(Problem(where, "must be a number of zero or more", found=repr(raw)))
            continue
        if key in fractions and number > 1:
            problems.append(Problem(where, "is a fraction between 0 and 1", found=repr(raw)))
            continue
        if key == "pue" and number < 1:
            problems.append(Problem(where, "PUE cannot be below 1", found=repr(raw)))
            continue
        if key == "hours_per_day" and number > 24:
            problems.append(Problem(where, "hours per day cannot exceed 24", found=repr(raw)))
            continue
        if key == "depreciation_years" and number == 0:
            problems.append(
                Problem(where, "the depreciation life must be above zero", found=repr(raw))
            )
            continue
        changes[key] = number
    return replace(base, **changes), tuple(problems)


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return None
        return number if math.isfinite(number) else None
    return None


# ----------------------------------------------------------------------------- records


class TcoCategory(StrEnum):
    """What a TCO line pays for."""

    RENTED_COMPUTE = "rented_compute"
    SPOT_OVERHEAD = "spot_overhead"
    HARDWARE = "hardware"
    RESIDUAL_VALUE = "residual_value"
    ENERGY = "energy"
    FACILITY = "facility"
    OPERATIONS = "operations"
    MAINTENANCE = "maintenance"
    ADAPTATION = "adaptation"
    NETWORK = "network"
    STORAGE = "storage"
    INSTALLATION = "installation"
    SUPPORT = "support"
    POWER = "power"
    SOFTWARE = "software"
    EGRESS = "egress"
    OTHER = "other"


class Timing(StrEnum):
    """When a line's money moves: at the start, evenly each month, or at the horizon's end."""

    UPFRONT = "upfront"
    MONTHLY = "monthly"
    END = "end"


@dataclass(frozen=True, slots=True)
class FxUsed:
    """The FX rate a line was converted with (USD per unit of ``currency``)."""

    currency: str
    usd_per_unit: float
    as_of: date | None
    source: str

    def text(self) -> str:
        """``1 EUR = 1.0850 USD (ECB, 2026-03-31)``."""
        when = f", {self.as_of.isoformat()}" if self.as_of else ""
        source = self.source or "FX table"
        return f"1 {self.currency} = {self.usd_per_unit:.4f} USD ({source}{when})"


@dataclass(frozen=True, slots=True)
class LineModel:
    """A line's amount as an affine function of the uncertain inputs.

    ``amount_usd = fx × (k0 + k_h·h + k_e·e + k_eh·e·h + k_r·r)`` where ``h`` is hours
    used per day, ``e`` the energy price (USD/kWh), ``r`` the residual fraction and
    ``fx`` the USD value of one unit of the line's currency (1 for USD). The ``k``
    are in the line's own currency.
    """

    usd_per_unit: float = 1.0
    foreign: bool = False
    k0: float = 0.0
    k_h: float = 0.0
    k_e: float = 0.0
    k_eh: float = 0.0
    k_r: float = 0.0

    def usd(
        self,
        hours_per_day: float,
        energy_usd_per_kwh: float,
        residual_fraction: float,
        fx_factor: float = 1.0,
    ) -> float:
        """The amount in USD at these inputs; ``fx_factor`` scales a foreign currency's rate."""
        native = (
            self.k0
            + self.k_h * hours_per_day
            + self.k_e * energy_usd_per_kwh
            + self.k_eh * energy_usd_per_kwh * hours_per_day
            + self.k_r * residual_fraction
        )
        factor = fx_factor if self.foreign else 1.0
        return self.usd_per_unit * factor * native

    def scaled(self, factor: float) -> LineModel:
        """The same model with every coefficient multiplied by ``factor``."""
        return replace(
            self,
            k0=self.k0 * factor,
            k_h=self.k_h * factor,
            k_e=self.k_e * factor,
            k_eh=self.k_eh * factor,
            k_r=self.k_r * factor,
        )


@dataclass(frozen=True, slots=True)
class TcoLine:
    """One itemised cost of a quote's TCO.

    Attributes:
        label: what it is ("Reserved compute: 64 × NVIDIA H100 SXM").
        category: the kind of cost.
        amount_usd: the amount over the horizon (negative for a credit such as resale value).
        formula: how the amount was computed.
        inputs: the values the formula used.
        timing: when the money moves.
        months: months over which a monthly line is paid.
        present_value_usd: the amount discounted to month 0 (equal to the amount at rate 0).
        source: the quote line or assumption the line comes from.
        currency: the currency the price was quoted in.
        fx: the FX rate used, None for USD.
        model: the amount as a function of the uncertain inputs.
        note: a caveat ("quantity not stated").
        costed: False when the quote gives too little to price the line (a per-GB
            price without a volume): the amount is then 0 and the TCO misses it.
    """

    label: str
    category: TcoCategory
    amount_usd: float
    formula: str
    inputs: tuple[Input, ...]
    timing: Timing
    months: int
    present_value_usd: float
    source: str
    currency: str
    fx: FxUsed | None
    model: LineModel
    note: str = ""
    costed: bool = True


class UsefulBasis(StrEnum):
    """Where a quote's useful throughput (the cost axis's unit of work) comes from."""

    MEASURED_TOKENS = "measured_tokens"
    """Measured tokens/s × FLOP per token (2 × params serving, 6 × params training)."""
    MEASURED_MFU = "measured_mfu"
    """Catalogue dense peak × MFU measured on the buyer's workload."""
    DATASHEET = "datasheet"
    """Catalogue dense peak × the workload's assumed MFU (unmeasured)."""
    UNKNOWN = "unknown"
    """No measurement and no catalogue peak: cost per useful unit cannot be computed."""


Coefficients = tuple[float, float, float, float, float]
"""Sums of (k0, k_h, k_e, k_eh, k_r) in USD, as in :class:`LineModel`."""


@dataclass(frozen=True, slots=True)
class ScaledCount:
    """How many accelerators and nodes one compute line is priced for.

    Attributes:
        accelerators: accelerators paid for: the workload's need, rounded up to whole
            nodes when the node size is known.
        nodes: whole nodes paid for, None when the line gives no node size.
        per_node: accelerators per node, None when unknown.
        quoted_accelerators: the line's own accelerator count.
        quoted_nodes: the line's own node count, None when unknown.
        factor: accelerators paid for ÷ accelerators quoted; scales prices quoted for
            the whole line (one-off totals, per month, per unit).
        how: how the count was found, in words.
    """

    accelerators: int
    nodes: int | None
    per_node: float | None
    quoted_accelerators: int
    quoted_nodes: int | None
    factor: float
    how: str


@dataclass(frozen=True, slots=True)
class TcoOption:
    """One compute line of a quote as an option, priced for the workload.

    The totals are the whole quote's TCO with this option: its own lines plus the
    cost lines that go with it, so options of one quote compare directly.

    Attributes:
        number: 1-based position among the quote's compute lines.
        line_index: 0-based index of the line in ``Quote.lines``.
        label: the option in words ("12-month reserved NVIDIA H100 SXM5 80GB nodes").
        source: the quote line it comes from.
        accelerator: the catalogue id as quoted ("" when none).
        deployment: how the capacity is obtained.
        term_months: the commitment, None when none is stated.
        quoted: what the vendor quoted, in words ("4 nodes × 8 = 32 accelerators at
            25.2 USD/node-h").
        count: accelerators and nodes priced, and the line's own counts.
        accelerators_needed: the workload's accelerators (None when it states none).
        stated_maximum: the most accelerators the vendor states it can supply, None
            when the quote states no maximum.
        lines: the option's own TCO lines (compute, spot overhead, hardware, energy …).
        total_usd: the quote's TCO with this option (USD, undiscounted).
        headline_usd: present value when discounting, else the total (USD).
        usd_per_used_gpu_hour: headline ÷ GPU-hours used, None without use.
        usd_per_useful_pflop_hour: headline ÷ useful PFLOP-hours, None when unknown.
        useful_pflops_total: useful PFLOP/s of the accelerators used, None when unknown.
        coefficients: the headline as (USD-priced, foreign-priced) affine coefficients
            in (1, h, e, e·h, r), as :func:`headline_coefficients` gives.
        priced: False when the line could not be priced (see the TCO's problems).
        complete: False when some line of this option's TCO could not be costed.
        eligible: False when a rule keeps the option from being chosen (``note`` says).
        chosen: True for the option the TCO is built on.
        note: why the option is not eligible, or falls short of the need.
    """

    number: int
    line_index: int
    label: str
    source: str
    accelerator: str
    deployment: Deployment
    term_months: int | None
    quoted: str
    count: ScaledCount | None
    accelerators_needed: int | None
    stated_maximum: int | None
    lines: tuple[TcoLine, ...]
    total_usd: float
    headline_usd: float
    usd_per_used_gpu_hour: float | None
    usd_per_useful_pflop_hour: float | None
    useful_pflops_total: float | None
    coefficients: tuple[Coefficients, Coefficients]
    priced: bool
    complete: bool
    eligible: bool
    chosen: bool = False
    note: str = ""

    @property
    def accelerators_per_node(self) -> float | None:
        """Accelerators per node as quoted or derived, None when unknown."""
        return self.count.per_node if self.count is not None else None


@dataclass(frozen=True, slots=True)
class QuotedLine:
    """A quote line exactly as the vendor wrote it, and what the TCO made of it.

    ``role`` is ``option`` (a compute line), ``shared`` (a cost line counted with
    every option) or ``tied`` (a cost line naming an accelerator or deployment,
    counted only with its options); ``counted`` says whether it is in the TCO.
    """

    line: QuoteLine
    role: str
    counted: bool
    option: int | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Tco:
    """The TCO of one quote over the horizon, with its lines and unit results.

    ``total_usd`` is exactly the sum of ``lines``' amounts. ``headline_usd`` is the
    present value when a discount rate is set, else the total; scores and rankings
    use it. ``complete`` is False when some line could not be costed (see
    ``problems``); lines priced at 0 for want of a quantity are in :attr:`not_costed`.

    The useful throughput (``useful_rate``: TFLOP/s per accelerator of the model's
    own FLOP) comes from measured tokens/s when the quote has it, else from the
    catalogue's dense peak × MFU (measured, else assumed); ``useful_basis`` says
    which and ``useful_missing`` why it is unknown. ``compute_offer`` is False for a
    quote without compute lines (a facility or services quote).

    Options: ``lines`` are the chosen option's lines and the cost lines that go with
    it; ``options`` lists every compute line priced for the workload (with its own
    totals), ``chosen_option`` the chosen one's ``number`` and ``choice`` why.
    ``gpu_count`` is the accelerators the workload uses (its need; the quoted count
    when the workload states none), ``accelerators_priced`` those paid for (the need
    rounded up to whole nodes). ``quote_lines`` keeps every line as quoted.
    """

    quote_key: str
    quote_label: str
    horizon_months: int
    hours_per_day: float
    lines: tuple[TcoLine, ...]
    total_usd: float
    present_value_usd: float
    discount_rate: float
    monthly_cash_flow_usd: tuple[float, ...]
    gpu_count: int
    used_gpu_hours: Figure
    mfu: Figure
    usd_per_used_gpu_hour: Figure | None
    useful_pflop_hours: Figure | None
    usd_per_useful_pflop_hour: Figure | None
    usd_per_million_tokens: Figure | None
    training_job_gpu_hours: Figure | None
    training_job_usd: Figure | None
    training_job_days: Figure | None
    idle_committed_usd: Figure | None
    fx_used: tuple[FxUsed, ...]
    problems: tuple[Problem, ...]
    complete: bool
    peak_pflops_total: float | None
    tokens_per_second: float | None
    useful_rate: Figure | None = None
    useful_basis: UsefulBasis = UsefulBasis.UNKNOWN
    useful_missing: str = ""
    compute_offer: bool = True
    accelerators_needed: int | None = None
    accelerators_priced: int = 0
    options: tuple[TcoOption, ...] = ()
    chosen_option: int | None = None
    choice: str = ""
    quote_lines: tuple[QuotedLine, ...] = ()

    @property
    def chosen(self) -> TcoOption | None:
        """The option the TCO is built on, None for a quote without compute lines."""
        for option in self.options:
            if option.chosen:
                return option
        return None

    @property
    def useful_pflops_total(self) -> float | None:
        """Useful PFLOP/s of all the quote's accelerators while in use, None when unknown."""
        if self.useful_rate is None or self.gpu_count <= 0:
            return None
        return self.useful_rate.value * TERA / PETA * self.gpu_count

    @property
    def not_costed(self) -> tuple[TcoLine, ...]:
        """Lines the quote gives too little to price (counted as 0 USD)."""
        return tuple(line for line in self.lines if not line.costed)

    @property
    def headline_usd(self) -> float:
        """Present value when discounting, else the undiscounted total (USD)."""
        return self.present_value_usd if self.discount_rate > 0 else self.total_usd

    @property
    def used_hours_per_daily_hour(self) -> float:
        """GPU-hours used over the horizon per hour of daily use (so used = this × h)."""
        return self.gpu_count * self.horizon_months * DAYS_PER_MONTH

    def total_by_category(self) -> dict[TcoCategory, float]:
        """Sum of line amounts per category (USD)."""
        sums: dict[TcoCategory, float] = {}
        for line in self.lines:
            sums[line.category] = sums.get(line.category, 0.0) + line.amount_usd
        return sums


# ----------------------------------------------------------------------------- helpers


def discount_factor(timing: Timing, months: int, horizon_months: int, annual_rate: float) -> float:
    """Present value of one USD spread per ``timing`` at ``annual_rate`` (monthly compounding).

    Up front: 1; at the horizon's end: v^H; monthly over ``months`` months starting at
    month 0: the mean of v^k for k = 0 … months − 1, where v = (1 + rate)^(−1/12).
    """
    if annual_rate <= 0:
        return 1.0
    v = (1.0 + annual_rate) ** (-1.0 / MONTHS_PER_YEAR)
    if timing is Timing.UPFRONT:
        return 1.0
    if timing is Timing.END:
        return float(v**horizon_months)
    if months <= 0:
        return 1.0
    return float((1.0 - v**months) / (1.0 - v) / months)


def cash_flow(lines: Sequence[TcoLine], horizon_months: int) -> tuple[float, ...]:
    """Monthly cash flow in USD, months 0 … H (one-offs at 0, resale value at H)."""
    flows = [0.0] * (horizon_months + 1)
    per_month: dict[int, float] = {}
    for line in lines:
        if line.timing is Timing.UPFRONT:
            flows[0] += line.amount_usd
        elif line.timing is Timing.END:
            flows[horizon_months] += line.amount_usd
        else:
            months = max(1, min(line.months, horizon_months))
            per_month[months] = per_month.get(months, 0.0) + line.amount_usd / months
    for months, share in per_month.items():
        for month in range(months):
            flows[month] += share
    return tuple(flows)


class _Builder:
    """Collects the lines of one quote's TCO with shared context."""

    def __init__(
        self,
        quote: Quote,
        horizon: int,
        hours_per_day: float,
        assumptions: Assumptions,
        fx_rates: Sequence[FxRate],
        on: date,
    ) -> None:
        self.quote = quote
        self.horizon = horizon
        self.h = hours_per_day
        self.a = assumptions
        self.fx_rates = fx_rates
        self.on = on
        self.lines: list[TcoLine] = []
        self.problems: list[Problem] = []
        self.fx_cache: dict[str, FxUsed | None] = {}
        self.complete = True

    def fx(self, currency: str, source: str) -> FxUsed | None:
        code = currency.upper()
        if code == "USD":
            return None
        if code not in self.fx_cache:
            override = self.a.fx_override.get(code)
            if override is not None:
                self.fx_cache[code] = FxUsed(code, float(override), None, "user override")
            else:
                rate = rate_on(code, self.on, self.fx_rates)
                self.fx_cache[code] = (
                    None
                    if rate is None
                    else FxUsed(code, float(rate.usd_per_unit), rate.as_of, rate.source)
                )
        used = self.fx_cache[code]
        if used is None:
            self.problems.append(
                Problem(
                    source,
                    f"no {code} → USD rate dated on or before {self.on.isoformat()}; "
                    "the line is left out of the TCO",
                    expected=f"an FX rate for {code} in the FX table",
                )
            )
            self.complete = False
        return used

    def add(
        self,
        label: str,
        category: TcoCategory,
        model: LineModel,
        formula: str,
        inputs: tuple[Input, ...],
        timing: Timing,
        months: int,
        source: str,
        currency: str,
        fx: FxUsed | None,
        note: str = "",
        costed: bool = True,
    ) -> None:
        amount = model.usd(self.h, self.a.energy_usd_per_kwh, self.a.residual_fraction)
        pv = amount * discount_factor(timing, months, self.horizon, self.a.discount_rate)
        inputs_with_fx = (
            inputs
            if fx is None
            else (*inputs, Input("FX", fx.usd_per_unit, f"USD/{fx.currency}", fx.text()))
        )
        self.lines.append(
            TcoLine(
                label,
                category,
                amount,
                formula,
                inputs_with_fx,
                timing,
                months,
                pv,
                source,
                currency.upper(),
                fx,
                model,
                note,
                costed,
            )
        )


_PRICE_UNIT_WORDS: Mapping[PriceUnit, str] = {
    PriceUnit.PER_GPU_HOUR: "GPU-h",
    PriceUnit.PER_NODE_HOUR: "node-h",
    PriceUnit.PER_GPU_MONTH: "GPU-month",
    PriceUnit.PER_NODE_MONTH: "node-month",
    PriceUnit.PER_UNIT: "unit",
    PriceUnit.PER_MONTH: "month",
    PriceUnit.PER_YEAR: "year",
    PriceUnit.PER_GB: "GB",
    PriceUnit.PER_GB_MONTH: "GB-month",
    PriceUnit.PER_KW_MONTH: "kW-month",
}


def price_unit_text(currency: str, unit: PriceUnit) -> str:
    """The unit of a quoted price as people write it: ``EUR/node-month``, ``USD`` (one-off)."""
    word = _PRICE_UNIT_WORDS.get(unit)
    return f"{currency.upper()}/{word}" if word else currency.upper()


def _line_source(quote: Quote, index: int, line: QuoteLine) -> str:
    return line.source or f"quote:{quote.key}#line{index + 1}"


def _model(fx: FxUsed | None, **coefficients: float) -> LineModel:
    return LineModel(
        usd_per_unit=1.0 if fx is None else fx.usd_per_unit, foreign=fx is not None, **coefficients
    )


def scale_to_need(line: QuoteLine, needed: int | None) -> ScaledCount:
    """The accelerators and whole nodes a compute line is priced for, given the need.

    Accelerators per node are the line's ``accelerators_per_node``, else its count ÷
    its nodes. With a node size, the need is rounded up to whole nodes (12 needed at
    8 per node → 2 nodes, 16 accelerators paid for); without one, the need itself is
    priced. ``needed`` None (or below 1) prices the line as quoted.

    Args:
        line: a compute line with a positive accelerator count.
        needed: accelerators the workload needs at once.

    Returns:
        The :class:`ScaledCount` (counts are accelerators and nodes; ``factor`` is a
        ratio).
    """
    quoted = line.gpu_count
    per_node: float | None = (
        float(line.accelerators_per_node)
        if line.accelerators_per_node
        else (quoted / line.nodes if line.nodes else None)
    )
    quoted_nodes: int | None = line.nodes
    if quoted_nodes is None and per_node:
        quoted_nodes = math.ceil(quoted / per_node - 1e-9)
    quoted_text = (
        f"{quoted_nodes} nodes × {format_number(per_node)} = {quoted} accelerators"
        if quoted_nodes is not None and per_node
        else f"{quoted} accelerators"
    )
    if needed is None or needed < 1:
        return ScaledCount(
            quoted,
            quoted_nodes,
            per_node,
            quoted,
            quoted_nodes,
            1.0,
            f"as quoted: {quoted_text} (the workload states no accelerator count)",
        )
    if per_node:
        nodes: int | None = math.ceil(needed / per_node - 1e-9)
        assert nodes is not None
        whole = float(per_node).is_integer()
        accelerators = nodes * int(per_node) if whole else needed
        if accelerators == needed:
            how = f"{needed} needed = {nodes} nodes × {format_number(per_node)}"
        else:
            how = (
                f"{needed} needed ÷ {format_number(per_node)} per node, rounded up to "
                f"{nodes} whole nodes = {accelerators} accelerators"
            )
    else:
        nodes, accelerators = None, needed
        how = f"{needed} needed"
    return ScaledCount(
        accelerators,
        nodes,
        per_node,
        quoted,
        quoted_nodes,
        accelerators / quoted,
        f"{how}; quoted {quoted_text}",
    )


def _scale_note(scaled: ScaledCount) -> str:
    if scaled.accelerators == scaled.quoted_accelerators:
        return ""
    return f"priced for the workload: {scaled.how}"


def _join(*notes: str) -> str:
    return "; ".join(note for note in notes if note)


# ----------------------------------------------------------------------------- compute lines


def _rented(
    b: _Builder,
    index: int,
    line: QuoteLine,
    deployment: Deployment,
    accelerator: Accelerator | None,
    fx: FxUsed | None,
    scaled: ScaledCount,
) -> bool:
    """Add the lines of rented capacity; returns False when the line cannot be priced."""
    source = _line_source(b.quote, index, line)
    count = scaled.accelerators
    price = float(line.price)
    unit = line.price_unit
    name = accelerator.display_name if accelerator else (line.accelerator or "accelerators")
    what = f"{deployment.value.replace('_', '-').capitalize()} compute: {count} × {name}"
    H = b.horizon
    committed = deployment.committed
    note = ""
    months = H
    if committed:
        term = line.term_months
        if term is None:
            note = "no term stated: committed for the whole horizon"
        elif term > H:
            b.problems.append(
                Problem(
                    source,
                    f"the {term}-month commitment runs {term - H} months past the "
                    f"{H}-month horizon; those months are outside this TCO",
                    Severity.INFO,
                )
            )
            note = f"{term}-month term capped at the {H}-month horizon"
        elif term < H:
            if b.a.renew_short_terms:
                note = f"{term}-month term assumed renewed at the quoted price to cover {H} months"
            else:
                months = term
                note = f"{term}-month term not renewed: capacity lapses after month {term}"
                b.problems.append(
                    Problem(
                        source,
                        f"the {term}-month term ends before the {H}-month horizon and is not "
                        "renewed; later months have no capacity from this line",
                        Severity.WARNING,
                    )
                )
    note = _join(note, _scale_note(scaled))
    nodes = scaled.nodes
    per_gpu = unit in (PriceUnit.PER_GPU_HOUR, PriceUnit.PER_GPU_MONTH)
    per_node = unit in (PriceUnit.PER_NODE_HOUR, PriceUnit.PER_NODE_MONTH)
    if per_node and nodes is None:
        b.problems.append(
            Problem(
                source,
                "a per-node price needs the node count or "
                "accelerators per node; the line is left out",
                expected="nodes or accelerators_per_node",
            )
        )
        b.complete = False
        return False
    units = float(count) if per_gpu else float(nodes or 0)
    unit_word = "GPUs" if per_gpu else "nodes"
    factor = scaled.factor
    inputs: tuple[Input, ...]
    base_inputs = (
        Input("price", price, price_unit_text(line.currency, unit), source),
        Input(unit_word, units),
    )
    scale_in = Input(
        "scale",
        factor,
        "",
        f"{count} accelerators priced ÷ {scaled.quoted_accelerators} quoted",
    )
    if unit in (PriceUnit.PER_GPU_HOUR, PriceUnit.PER_NODE_HOUR):
        if committed:
            model = _model(fx, k0=price * units * months * HOURS_PER_MONTH)
            formula = f"price × {unit_word} × months × 730 h (committed, paid whether used or not)"
            inputs = (*base_inputs, Input("months", months, "months"))
        else:
            model = _model(fx, k_h=price * units * H * DAYS_PER_MONTH)
            formula = f"price × {unit_word} × hours per day × months × 730/24 (hours used)"
            inputs = (*base_inputs, Input("hours per day", b.h, "h"), Input("months", H, "months"))
        timing = Timing.MONTHLY
    elif unit in (PriceUnit.PER_GPU_MONTH, PriceUnit.PER_NODE_MONTH):
        model = _model(fx, k0=price * units * months)
        formula = f"price × {unit_word} × months"
        inputs = (*base_inputs, Input("months", months, "months"))
        timing = Timing.MONTHLY
    elif unit is PriceUnit.PER_MONTH:
        model = _model(fx, k0=price * factor * months)
        formula, inputs, timing = (
            "price × scale × months",
            (
                Input("price", price, f"{line.currency}/month", source),
                scale_in,
                Input("months", months, "months"),
            ),
            Timing.MONTHLY,
        )
    elif unit is PriceUnit.PER_YEAR:
        model = _model(fx, k0=price * factor * months / MONTHS_PER_YEAR)
        formula, inputs, timing = (
            "price × scale × months / 12",
            (
                Input("price", price, f"{line.currency}/year", source),
                scale_in,
                Input("months", months, "months"),
            ),
            Timing.MONTHLY,
        )
    elif unit is PriceUnit.TOTAL:
        model = _model(fx, k0=price * factor)
        formula, inputs, timing = (
            "price for the line × scale",
            (Input("price", price, line.currency, source), scale_in),
            Timing.UPFRONT,
        )
    elif unit is PriceUnit.PER_UNIT:
        quoted_qty = float(line.quantity) if line.quantity is not None else float(line.gpu_count)
        qty = float(math.ceil(quoted_qty * factor - 1e-9))
        model = _model(fx, k0=price * qty)
        formula, inputs, timing = (
            "price × units",
            (Input("price", price, f"{line.currency}/unit", source), Input("units", qty)),
            Timing.UPFRONT,
        )
    else:
        b.problems.append(
            Problem(
                source,
                f"a compute line cannot be priced {unit.value}; the line is left out",
                found=unit.value,
                expected="per GPU/node hour or month, per unit or total",
            )
        )
        b.complete = False
        return False
    b.add(
        what,
        TcoCategory.RENTED_COMPUTE,
        model,
        formula,
        inputs,
        timing,
        months,
        source,
        line.currency,
        fx,
        note,
    )
    if deployment is Deployment.SPOT and b.a.spot_overhead > 0:
        overhead = model.scaled(b.a.spot_overhead)
        b.add(
            f"Spot lost work (checkpoint and restart): {count} × {name}",
            TcoCategory.SPOT_OVERHEAD,
            overhead,
            "spot compute × lost-work fraction",
            (Input("lost-work fraction", b.a.spot_overhead, "", "assumption"),),
            timing,
            months,
            source,
            line.currency,
            fx,
        )
    return True


def _owned(
    b: _Builder,
    index: int,
    line: QuoteLine,
    accelerator: Accelerator | None,
    fx: FxUsed | None,
    scaled: ScaledCount,
) -> float | None:
    """Add the lines of owned capacity; returns its IT load in kW (0 when unknown).

    Returns None when the line cannot be priced.
    """
    source = _line_source(b.quote, index, line)
    count = scaled.accelerators
    price = float(line.price)
    unit = line.price_unit
    name = accelerator.display_name if accelerator else (line.accelerator or "accelerators")
    H = b.horizon
    if unit is PriceUnit.TOTAL:
        hardware = price * scaled.factor
        formula = "price for the line × scale"
        inputs: tuple[Input, ...] = (
            Input("price", price, line.currency, source),
            Input(
                "scale",
                scaled.factor,
                "",
                f"{count} accelerators priced ÷ {scaled.quoted_accelerators} quoted",
            ),
        )
    elif unit is PriceUnit.PER_UNIT:
        if line.quantity is not None:
            quoted_qty = float(line.quantity)
            qty, what = float(math.ceil(quoted_qty * scaled.factor - 1e-9)), "units"
        elif scaled.nodes is not None and line.nodes is not None:
            qty, what = float(scaled.nodes), "servers"
        else:
            qty, what = float(count), "accelerators"
        hardware = price * qty
        formula = f"price × {what}"
        inputs = (Input("price", price, f"{line.currency}/unit", source), Input(what, qty))
    else:
        b.problems.append(
            Problem(
                source,
                f"a purchase cannot be priced {unit.value}; the line is left out",
                found=unit.value,
                expected="per unit or total",
            )
        )
        b.complete = False
        return None
    b.add(
        f"Hardware purchase: {count} × {name}",
        TcoCategory.HARDWARE,
        _model(fx, k0=hardware),
        formula,
        inputs,
        Timing.UPFRONT,
        0,
        source,
        line.currency,
        fx,
        note=_scale_note(scaled),
    )
    life_months = b.a.depreciation_years * MONTHS_PER_YEAR
    d = min(1.0, H / life_months)
    value_now = hardware * (1 - d * (1 - b.a.residual_fraction))
    depreciation_usd = (hardware - value_now) * (fx.usd_per_unit if fx else 1.0)
    b.add(
        f"Value remaining at horizon end: {count} × {name}",
        TcoCategory.RESIDUAL_VALUE,
        _model(fx, k0=-hardware * (1 - d), k_r=-hardware * d),
        "−hardware × (1 − d × (1 − residual)), d = min(1, horizon / depreciation life)",
        (
            Input("hardware", hardware, line.currency),
            Input("horizon", H, "months"),
            Input("depreciation life", life_months, "months", "assumption"),
            Input("residual", b.a.residual_fraction, "of price", "assumption"),
            Input("d", d),
        ),
        Timing.END,
        0,
        source,
        line.currency,
        fx,
        note=f"depreciation over the horizon = {format_usd(depreciation_usd)}",
    )
    if b.a.maintenance_fraction_per_year > 0:
        b.add(
            f"Maintenance: {count} × {name}",
            TcoCategory.MAINTENANCE,
            _model(fx, k0=hardware * b.a.maintenance_fraction_per_year * H / MONTHS_PER_YEAR),
            "hardware × maintenance per year × months / 12",
            (
                Input("hardware", hardware, line.currency),
                Input(
                    "maintenance", b.a.maintenance_fraction_per_year, "of price/year", "assumption"
                ),
                Input("months", H, "months"),
            ),
            Timing.MONTHLY,
            H,
            source,
            line.currency,
            fx,
        )
    if b.a.ops_usd_per_gpu_hour > 0:
        b.add(
            f"Operations: {count} × {name}",
            TcoCategory.OPERATIONS,
            _model(None, k_h=b.a.ops_usd_per_gpu_hour * count * H * DAYS_PER_MONTH),
            "ops cost per GPU-hour × GPUs × hours per day × months × 730/24",
            (
                Input("ops", b.a.ops_usd_per_gpu_hour, "USD/GPU-h", "assumption"),
                Input("GPUs", count),
                Input("hours per day", b.h, "h"),
                Input("months", H, "months"),
            ),
            Timing.MONTHLY,
            H,
            source,
            "USD",
            None,
        )
    if accelerator is None:
        b.problems.append(
            Problem(
                source,
                f"accelerator {line.accelerator!r} is not in the "
                "catalogue; its energy and facility costs are not counted",
                Severity.WARNING,
            )
        )
        return 0.0
    kw = accelerator.tdp_w * count * b.a.server_overhead_factor / 1000.0
    power_inputs = (
        Input(
            "power",
            kw,
            "kW",
            f"TDP {accelerator.tdp_w:,.0f} W × {count} × "
            f"server overhead {b.a.server_overhead_factor}",
        ),
        Input("PUE", b.a.pue, "", "assumption"),
        Input("energy price", b.a.energy_usd_per_kwh, "USD/kWh", "assumption"),
    )
    b.add(
        f"Energy in use: {count} × {name}",
        TcoCategory.ENERGY,
        _model(None, k_eh=kw * b.a.pue * H * DAYS_PER_MONTH),
        "kW × PUE × hours per day × months × 730/24 × USD/kWh",
        (*power_inputs, Input("hours per day", b.h, "h"), Input("months", H, "months")),
        Timing.MONTHLY,
        H,
        source,
        "USD",
        None,
    )
    if b.a.idle_power_fraction > 0:
        idle = kw * b.a.idle_power_fraction * b.a.pue * H * DAYS_PER_MONTH
        b.add(
            f"Energy idle: {count} × {name}",
            TcoCategory.ENERGY,
            _model(None, k_e=idle * 24, k_eh=-idle),
            "kW × idle fraction × PUE × (24 − hours per day) × months × 730/24 × USD/kWh",
            (
                *power_inputs,
                Input("idle fraction", b.a.idle_power_fraction, "", "assumption"),
                Input("hours per day", b.h, "h"),
                Input("months", H, "months"),
            ),
            Timing.MONTHLY,
            H,
            source,
            "USD",
            None,
        )
    if b.a.facility_usd_per_kw_month > 0:
        b.add(
            f"Facility: {count} × {name}",
            TcoCategory.FACILITY,
            _model(None, k0=b.a.facility_usd_per_kw_month * kw * H),
            "USD per kW-month × kW × months",
            (
                Input("facility", b.a.facility_usd_per_kw_month, "USD/kW-month", "assumption"),
                Input("power", kw, "kW"),
                Input("months", H, "months"),
            ),
            Timing.MONTHLY,
            H,
            source,
            "USD",
            None,
        )
    elif not any(item.category is CostCategory.FACILITY for item in b.quote.lines):
        # Shown at 0 so the reader sees that rack space, power feed and cooling of the
        # facility are assumed paid for, not forgotten.
        b.add(
            f"Facility: {count} × {name}",
            TcoCategory.FACILITY,
            _model(None),
            "USD per kW-month × kW × months",
            (
                Input("facility", 0.0, "USD/kW-month", "assumption"),
                Input("power", kw, "kW"),
                Input("months", H, "months"),
            ),
            Timing.MONTHLY,
            H,
            source,
            "USD",
            None,
            note="assumed 0 USD per kW-month: premises already paid for; set the facility "
            "assumption or add a colocation quote's cost",
        )
    return kw


# ----------------------------------------------------------------------------- cost lines


def _cost_line(
    b: _Builder,
    index: int,
    line: QuoteLine,
    fx: FxUsed | None,
    gpus: int,
    nodes: float,
    owned_kw: float,
    holds_capacity: bool,
) -> None:
    source = _line_source(b.quote, index, line)
    price = float(line.price)
    unit = line.price_unit
    H = b.horizon
    category = TcoCategory(line.category.value) if line.category else TcoCategory.OTHER
    if line.category is CostCategory.FACILITY:
        category = TcoCategory.FACILITY
    label = f"{(line.category or CostCategory.OTHER).value.capitalize()}: {line.description}"
    qty = float(line.quantity) if line.quantity is not None else None
    price_in = Input("price", price, price_unit_text(line.currency, unit), source)
    inputs: tuple[Input, ...]
    note = ""
    costed = True
    if unit is PriceUnit.TOTAL:
        model, formula, inputs, timing = _model(fx, k0=price), "price", (price_in,), Timing.UPFRONT
    elif unit is PriceUnit.PER_UNIT:
        n = qty if qty is not None else 1.0
        model, formula, timing = _model(fx, k0=price * n), "price × quantity", Timing.UPFRONT
        inputs = (price_in, Input("quantity", n))
    elif unit in (PriceUnit.PER_MONTH, PriceUnit.PER_YEAR):
        n = qty if qty is not None else 1.0
        per_month = price if unit is PriceUnit.PER_MONTH else price / MONTHS_PER_YEAR
        model = _model(fx, k0=per_month * n * H)
        formula = "price × quantity × months" + (" / 12" if unit is PriceUnit.PER_YEAR else "")
        inputs, timing = (
            (price_in, Input("quantity", n), Input("months", H, "months")),
            Timing.MONTHLY,
        )
    elif unit is PriceUnit.PER_GB:
        if qty is None and b.a.egress_gb_per_month is not None:
            gb = b.a.egress_gb_per_month * H
            inputs = (
                price_in,
                Input("volume", gb, "GB", f"assumption {b.a.egress_gb_per_month:,.0f} GB/month"),
            )
        elif qty is None and price == 0:
            gb = 0.0
            inputs = (price_in, Input("volume", 0.0, "GB", "not stated"))
            note = "free: no charge per GB"
        elif qty is None:
            gb = 0.0
            inputs = (price_in, Input("volume", 0.0, "GB", "not stated"))
            note = "volume not stated: not costed"
            costed = False
            b.problems.append(
                Problem(
                    source,
                    "a per-GB price without a volume is not costed; "
                    "set the quantity or the egress assumption",
                    Severity.WARNING,
                    expected="a volume in GB",
                )
            )
        else:
            gb = qty
            inputs = (price_in, Input("volume", gb, "GB"))
        model, formula, timing = _model(fx, k0=price * gb), "price × GB", Timing.MONTHLY
    elif unit is PriceUnit.PER_GB_MONTH:
        gb = qty or 0.0
        if qty is None and price == 0:
            note = "free: no charge per GB-month"
        elif qty is None:
            note = "volume not stated: not costed"
            costed = False
            b.problems.append(
                Problem(
                    source,
                    "a per-GB-month price without a volume is not costed",
                    Severity.WARNING,
                    expected="a volume in GB",
                )
            )
        model, formula, timing = (
            _model(fx, k0=price * gb * H),
            "price × GB × months",
            Timing.MONTHLY,
        )
        inputs = (price_in, Input("volume", gb, "GB"), Input("months", H, "months"))
    elif unit is PriceUnit.PER_KW_MONTH:
        kw = qty if qty is not None else owned_kw
        if kw <= 0 and price != 0:
            note = "load in kW not stated: not costed"
            costed = False
            b.problems.append(
                Problem(
                    source,
                    "a per-kW-month price needs the kW; none stated "
                    "and no owned capacity to derive it from",
                    Severity.WARNING,
                    expected="a load in kW",
                )
            )
        model, formula, timing = (
            _model(fx, k0=price * kw * H),
            "price × kW × months",
            Timing.MONTHLY,
        )
        inputs = (
            price_in,
            Input("load", kw, "kW", "quoted" if qty is not None else "owned capacity's IT load"),
            Input("months", H, "months"),
        )
    elif unit in (PriceUnit.PER_GPU_HOUR, PriceUnit.PER_NODE_HOUR):
        units = float(gpus) if unit is PriceUnit.PER_GPU_HOUR else nodes
        word = "GPUs" if unit is PriceUnit.PER_GPU_HOUR else "nodes"
        if holds_capacity:
            model = _model(fx, k0=price * units * H * HOURS_PER_MONTH)
            formula = f"price × {word} × months × 730 h"
            inputs = (price_in, Input(word, units), Input("months", H, "months"))
        else:
            model = _model(fx, k_h=price * units * H * DAYS_PER_MONTH)
            formula = f"price × {word} × hours per day × months × 730/24"
            inputs = (
                price_in,
                Input(word, units),
                Input("hours per day", b.h, "h"),
                Input("months", H, "months"),
            )
        timing = Timing.MONTHLY
    else:  # per GPU-month or per node-month
        units = float(gpus) if unit is PriceUnit.PER_GPU_MONTH else nodes
        word = "GPUs" if unit is PriceUnit.PER_GPU_MONTH else "nodes"
        model, formula, timing = (
            _model(fx, k0=price * units * H),
            f"price × {word} × months",
            Timing.MONTHLY,
        )
        inputs = (price_in, Input(word, units), Input("months", H, "months"))
    b.add(
        label, category, model, formula, inputs, timing, H, source, line.currency, fx, note, costed
    )


# ----------------------------------------------------------------------------- entry point


def compute_tco(
    quote: Quote,
    workload: Workload,
    accelerators: Mapping[str, Accelerator],
    fx_rates: Sequence[FxRate],
    on: date,
    assumptions: Assumptions | None = None,
) -> Tco:
    """Itemised TCO of ``quote`` for ``workload`` over its horizon, in USD.

    Each compute line is an option priced for the workload's accelerators (see the
    module notes); the TCO is built on the option with the lowest cost per useful
    PFLOP-hour (the lowest headline when some option's useful compute is unknown),
    and every option's figures are kept.

    Args:
        quote: the vendor's quote with its lines.
        workload: accelerators needed, hours per day, horizon, precision, assumed MFU,
            params and tokens.
        accelerators: catalogue records by id (only those the quote names are needed).
        fx_rates: the dated FX table.
        on: the evaluation date (FX rates dated after it are not used).
        assumptions: user-editable inputs; defaults when None.

    Returns:
        The :class:`Tco`: lines, total, present value, monthly cash flow, cost per used
        GPU-hour, per useful PFLOP-hour, per million tokens (when tokens/s is
        measured), the training job's GPU-hours, cost and days, the options and the
        choice, and any problems.
    """
    a = assumptions or Assumptions()
    problems: list[Problem] = []
    source = f"quote:{quote.key}"
    h = a.hours_per_day if a.hours_per_day is not None else workload.hours_per_day
    if not (0 <= h <= 24):
        problems.append(Problem(source, "hours per day must be between 0 and 24", found=str(h)))
        h = min(max(h, 0.0), 24.0)
    horizon = workload.horizon_months
    if horizon <= 0:
        problems.append(
            Problem(
                f"workload:{workload.name}",
                "the horizon must be at least one month; one month is used",
                found=str(horizon),
            )
        )
        horizon = 1
    needed: int | None = workload.accelerators
    if needed is None or needed < 1:
        problems.append(
            Problem(
                f"workload:{workload.name}",
                "the workload states no accelerator count; each option is priced as quoted, "
                "so totals of different quotes may cover different capacity",
                Severity.WARNING,
                found=str(workload.accelerators),
                expected="accelerators needed at once (1 or more)",
            )
        )
        needed = None
    context = _Context(quote, workload, accelerators, fx_rates, on, a, h, horizon, needed)
    compute = [(i, line) for i, line in enumerate(quote.lines) if line.kind is LineKind.COMPUTE]
    if not compute:
        tco = _price(context, None, 0).tco(context)
        return replace(
            tco,
            problems=(*problems, *tco.problems),
            accelerators_needed=needed,
            quote_lines=_quoted_lines(quote, None, ()),
        )
    drafts = [_price(context, option, number) for number, option in enumerate(compute, 1)]
    options = [draft.option for draft in drafts if draft.option is not None]
    best, reason = choose_option(options, workload, needed, h)
    chosen_tco = drafts[best.number - 1].tco(context)
    merged: list[Problem] = [*problems, *chosen_tco.problems]
    seen = {(p.source, p.message) for p in merged}
    for draft in drafts:
        option = draft.option
        if option is None or option.number == best.number:
            continue
        for problem in draft.b.problems:
            key = (problem.source, problem.message)
            if problem.source == option.source and key not in seen:
                seen.add(key)
                merged.append(problem)
    for option in options:
        if not option.priced and option.number != best.number:
            merged.append(
                Problem(
                    option.source,
                    f"option {option.number} ({option.label}) could not be priced and is "
                    "not compared with the others",
                    Severity.WARNING,
                )
            )
        short = _short_of_need(option)
        if short is not None:
            merged.append(short)
    requote = _quantities_as_quoted(quote, best)
    if requote is not None:
        merged.append(requote)
    final = tuple(replace(option, chosen=option.number == best.number) for option in options)
    chosen_line = quote.lines[best.line_index]
    return replace(
        chosen_tco,
        problems=tuple(merged),
        accelerators_needed=needed,
        accelerators_priced=best.count.accelerators if best.count is not None else 0,
        options=final,
        chosen_option=best.number,
        choice=reason,
        quote_lines=_quoted_lines(quote, chosen_line, final),
    )


@dataclass(frozen=True, slots=True)
class _Context:
    """What every option of one quote is priced with.

    ``cost_lines`` keeps each cost line's TCO lines and problems by the inputs they
    depend on, so options that share them do not price them again.
    """

    quote: Quote
    workload: Workload
    accelerators: Mapping[str, Accelerator]
    fx_rates: Sequence[FxRate]
    on: date
    a: Assumptions
    h: float
    horizon: int
    needed: int | None
    cost_lines: dict[
        tuple[int, tuple[float | bool, ...]],
        tuple[tuple[TcoLine, ...], tuple[Problem, ...], bool, str],
    ] = field(default_factory=dict)


_PER_ACCELERATOR_OR_NODE = frozenset(
    {
        PriceUnit.PER_GPU_HOUR,
        PriceUnit.PER_NODE_HOUR,
        PriceUnit.PER_GPU_MONTH,
        PriceUnit.PER_NODE_MONTH,
    }
)


def _cost_dependency(
    cost: QuoteLine, gpus: int, nodes: float, owned_kw: float, holds_capacity: bool
) -> tuple[float | bool, ...]:
    """The option's figures a cost line's price depends on (empty for most lines)."""
    unit = cost.price_unit
    if unit in _PER_ACCELERATOR_OR_NODE:
        return (float(gpus), nodes, holds_capacity)
    if unit is PriceUnit.PER_KW_MONTH and cost.quantity is None:
        return (owned_kw,)
    return ()


def _belongs(cost: QuoteLine, option: QuoteLine | None) -> bool:
    """True when a cost line is counted with this option (see the module notes)."""
    if option is None:
        return True
    if cost.accelerator and cost.accelerator != option.accelerator:
        return False
    option_deployment = option.deployment or Deployment.ON_DEMAND
    return cost.deployment is None or cost.deployment is option_deployment


def _quoted_lines(
    quote: Quote, chosen: QuoteLine | None, options: Sequence[TcoOption]
) -> tuple[QuotedLine, ...]:
    numbers = {option.line_index: option for option in options}
    out: list[QuotedLine] = []
    for index, line in enumerate(quote.lines):
        if line.kind is LineKind.COMPUTE:
            option = numbers.get(index)
            counted = option is not None and option.chosen
            out.append(
                QuotedLine(
                    line,
                    "option",
                    counted,
                    option.number if option is not None else None,
                    "chosen option" if counted else "alternative, not in the total",
                )
            )
            continue
        tied = bool(line.accelerator) or line.deployment is not None
        counted = _belongs(line, chosen)
        out.append(
            QuotedLine(
                line,
                "tied" if tied else "shared",
                counted,
                None,
                ("goes with the chosen option" if counted else "goes with another option")
                if tied
                else "counted once, whichever option is chosen",
            )
        )
    return tuple(out)


_MAXIMUM = re.compile(
    r"\b(?:max(?:imum)?\.?|up\s+to|at\s+most|limited\s+to|no\s+more\s+than)\s*"
    r"(?P<n>\d[\d,]*)(?:\s*(?:x\s*)?(?P<noun>nodes?|servers?|instances?|gpus?|cards?|"
    r"accelerators?|units?)\b|(?=\s*(?:[)\];,]|$)))",
    re.IGNORECASE,
)


def stated_maximum(line: QuoteLine) -> int | None:
    """The most accelerators a compute line's description says the vendor can supply.

    Reads "max. 4 nodes", "up to 32 GPUs", "maximum 1 GPU per customer", "limited to
    2 servers": a count of nodes, servers or instances is multiplied by the
    accelerators per node; a bare number counts nodes when the price is per node,
    else accelerators. None when the description states no maximum.
    """
    match = _MAXIMUM.search(line.description)
    if match is None:
        return None
    number = int(match.group("n").replace(",", ""))
    noun = (match.group("noun") or "").lower()
    per_node = line.accelerators_per_node or (
        line.gpu_count // line.nodes if line.nodes and line.gpu_count % line.nodes == 0 else None
    )
    by_node = noun.startswith(("node", "server", "instance")) or (
        not noun and line.price_unit in (PriceUnit.PER_NODE_HOUR, PriceUnit.PER_NODE_MONTH)
    )
    return number * per_node if by_node and per_node else number


def option_label(line: QuoteLine, accelerator: Accelerator | None) -> str:
    """An option in words: ``12-month reserved NVIDIA H100 SXM5 80GB nodes``."""
    name = accelerator.display_name if accelerator else (line.accelerator or "unnamed accelerator")
    deployment = line.deployment or Deployment.ON_DEMAND
    term = line.term_months
    how = {
        Deployment.RESERVED: f"{term}-month reserved" if term else "reserved",
        Deployment.LEASE: f"{term}-month lease of" if term else "lease of",
        Deployment.PURCHASE: "purchase of",
        Deployment.ON_DEMAND: "on-demand",
        Deployment.SPOT: "spot",
    }[deployment]
    nodes = line.accelerators_per_node or line.nodes
    text = f"{how} {name}{' nodes' if nodes else ''}"
    return text[0].upper() + text[1:]


def _quoted_text(line: QuoteLine) -> str:
    count = line.gpu_count
    if line.nodes is not None and line.accelerators_per_node:
        amount = f"{line.nodes} nodes × {line.accelerators_per_node} = {count} accelerators"
    elif line.nodes is not None:
        amount = f"{line.nodes} nodes, {count} accelerators"
    else:
        amount = f"{count} accelerators"
    price = f"{format_number(float(line.price))} {price_unit_text(line.currency, line.price_unit)}"
    if line.quantity is not None:
        price += f" × {format_number(float(line.quantity))}"
    return f"{amount} at {price}"


def _quantities_as_quoted(quote: Quote, chosen: TcoOption) -> Problem | None:
    """A note when the chosen option is resized but cost lines keep their quoted quantities."""
    count = chosen.count
    if count is None or count.accelerators == count.quoted_accelerators:
        return None
    counted = [
        line
        for line in quote.cost_lines
        if line.quantity is not None
        and line.quantity > 1
        and line.price_unit in (PriceUnit.PER_UNIT, PriceUnit.PER_MONTH, PriceUnit.PER_YEAR)
        and _belongs(line, quote.lines[chosen.line_index])
    ]
    if not counted:
        return None
    names = "; ".join(
        f"{line.description} × {format_number(float(line.quantity or 0))}" for line in counted
    )
    return Problem(
        f"quote:{quote.key}",
        f"the chosen option is priced for {count.accelerators} accelerators, not the "
        f"{count.quoted_accelerators} quoted; cost lines with quantities are counted as "
        f"quoted ({names}) — if they go per server or per node, ask the vendor to requote "
        "them for the workload",
        Severity.INFO,
    )


def _short_of_need(option: TcoOption) -> Problem | None:
    needed = option.accelerators_needed
    count = option.count
    if needed is None or count is None:
        return None
    limit = option.stated_maximum
    if limit is not None and limit < needed:
        return Problem(
            option.source,
            f"option {option.number} ({option.label}): the vendor states a maximum of "
            f"{plural(limit, 'accelerator')}; the workload needs {needed}. It is priced for "
            f"{count.accelerators} at the quoted rate — confirm the vendor can supply them",
            Severity.WARNING,
            found=f"at most {limit}",
            expected=f"{needed} accelerators",
        )
    if count.quoted_accelerators < needed:
        return Problem(
            option.source,
            f"option {option.number} ({option.label}) is quoted for "
            f"{count.quoted_accelerators} accelerators; the workload needs {needed}. It is "
            f"priced for {count.accelerators} at the quoted rate — the vendor's price for "
            "the larger quantity may differ",
            Severity.INFO,
        )
    return None


def _pool(options: Sequence[TcoOption]) -> list[TcoOption]:
    candidates = [o for o in options if o.priced] or list(options)
    return (
        [o for o in candidates if o.eligible and o.complete]
        or [o for o in candidates if o.eligible]
        or [o for o in candidates if o.complete]
        or candidates
    )


def comparable_options(tco: Tco) -> tuple[TcoOption, ...]:
    """The options a quote's choice is made among (see :func:`choose_option`).

    Priced options; eligible and complete ones when there are any. Empty for a quote
    without compute lines.
    """
    return tuple(_pool(tco.options)) if tco.options else ()


def choose_option(
    options: Sequence[TcoOption], workload: Workload, needed: int | None, hours_per_day: float
) -> tuple[TcoOption, str]:
    """The option a quote's TCO is built on, and why, in one sentence.

    Among the options that could be priced, eligible ones first (spot is not eligible
    for a steady workload unless assumed so) and complete ones first: the lowest cost
    per useful PFLOP-hour when every such option has one, else the lowest headline
    TCO; ties go to the lower headline, then to the earlier line.

    Args:
        options: the quote's options (at least one).
        workload: the workload (its name and class, for the sentence).
        needed: accelerators needed, None when the workload states none.
        hours_per_day: hours of use per day the options were priced at.
    """
    pool = _pool(options)
    by_unit = all(o.usd_per_useful_pflop_hour is not None for o in pool)
    if by_unit:
        best = min(pool, key=lambda o: (o.usd_per_useful_pflop_hour, o.headline_usd, o.number))
        basis = "per useful PFLOP-hour"
    else:
        best = min(pool, key=lambda o: (o.headline_usd, o.number))
        basis = "by total cost"
    for_what = (
        f"{needed} accelerators" if needed is not None else "the accelerators quoted"
    ) + f" at {format_number(hours_per_day)} h/day"
    if len(options) == 1:
        reason = f"the quote's only option, priced for {for_what}: {best.label}"
    else:
        reason = f"cheapest {basis} of {len(options)} options for {for_what}: {best.label}"
    figure = (
        f"{format_usd(best.usd_per_useful_pflop_hour)} per useful PFLOP-hour"
        if best.usd_per_useful_pflop_hour is not None
        else f"{format_usd(best.headline_usd)} in all"
    )
    reason += f" ({figure})"
    spot = [o for o in options if o.priced and not o.eligible]
    if spot and best.eligible:
        reason += (
            f"; {len(spot)} spot option{'s' if len(spot) != 1 else ''} priced but not chosen: a "
            f"{workload.workload_class.value} workload is not run on interruptible capacity"
        )
    elif not best.eligible:
        reason += (
            "; only spot (interruptible) capacity is offered, chosen for want of another "
            f"option for a {workload.workload_class.value} workload"
        )
    unpriced = [o for o in options if not o.priced]
    if unpriced:
        reason += f"; {len(unpriced)} option{'s' if len(unpriced) != 1 else ''} could not be priced"
    return best, reason


def _price(c: _Context, option: tuple[int, QuoteLine] | None, number: int) -> _Draft:
    """The quote's lines with one option (or none, for a quote without compute lines)."""
    quote, workload, a = c.quote, c.workload, c.a
    b = _Builder(quote, c.horizon, c.h, a, c.fx_rates, c.on)
    gpus = 0
    priced_count = 0
    total_nodes = 0.0
    owned_kw = 0.0
    holds_capacity = False
    committed_usd = 0.0
    peak_total: float | None = 0.0
    measured_at = _measured_precision(quote, workload)
    measured_peak_total: float | None = None
    no_peak: list[tuple[str, str, bool]] = []  # (source, why, needs its own problem)
    main: tuple[int, Accelerator] | None = None
    own_lines: tuple[TcoLine, ...] = ()
    ok = False
    scaled: ScaledCount | None = None
    accelerator: Accelerator | None = None
    deployment = Deployment.ON_DEMAND
    option_line: QuoteLine | None = None
    where = ""
    if option is not None:
        index, option_line = option
        line = option_line
        where = _line_source(quote, index, line)
        count = line.gpu_count
        accelerator = c.accelerators.get(line.accelerator or "")
        if line.deployment is None:
            b.problems.append(
                Problem(
                    where,
                    "deployment not stated; treated as on-demand",
                    Severity.WARNING,
                    expected="purchase, lease, reserved, on_demand or spot",
                )
            )
        else:
            deployment = line.deployment
        gpus = c.needed if c.needed is not None else max(count, 0)
        if count <= 0:
            b.problems.append(
                Problem(
                    where,
                    "a compute line without an accelerator count is left out",
                    expected="accelerator_count or nodes × per node",
                )
            )
            b.complete = False
        else:
            scaled = scale_to_need(line, c.needed)
            fx = b.fx(line.currency, where)
            if line.currency.upper() == "USD" or fx is not None:
                before = len(b.lines)
                if deployment.owned:
                    holds_capacity = True
                    kw = _owned(b, index, line, accelerator, fx, scaled)
                    ok = kw is not None
                    owned_kw = kw or 0.0
                else:
                    holds_capacity = deployment.committed or line.price_unit in (
                        PriceUnit.PER_GPU_MONTH,
                        PriceUnit.PER_NODE_MONTH,
                    )
                    ok = _rented(b, index, line, deployment, accelerator, fx, scaled)
                    if ok and deployment.committed:
                        committed_usd = b.lines[before].amount_usd
                own_lines = tuple(b.lines[before:])
            if ok:
                priced_count = scaled.accelerators
                total_nodes = float(
                    scaled.nodes if scaled.nodes is not None else scaled.accelerators
                )
        if accelerator is None:
            b.problems.append(
                Problem(
                    where,
                    f"accelerator {line.accelerator!r} is not in the "
                    "catalogue; peak and power are unknown",
                    Severity.WARNING,
                )
            )
            no_peak.append(
                (where, f"accelerator {line.accelerator!r} is not in the catalogue", False)
            )
            peak_total = None
        else:
            peak = _dense_peak(accelerator, workload.precision)
            if measured_at is not None:
                at_measured = _dense_peak(accelerator, measured_at)
                if at_measured is not None:
                    measured_peak_total = at_measured * TERA / PETA * gpus
            if peak is None:
                no_peak.append(
                    (
                        where,
                        f"{accelerator.display_name} has no {workload.precision.value} "
                        "peak in the catalogue",
                        True,
                    )
                )
                peak_total = None
            else:
                peak_total = peak * TERA / PETA * gpus
            if gpus > 0:
                main = (gpus, accelerator)
    for cost_index, cost in enumerate(quote.lines):
        if cost.kind is LineKind.COMPUTE or not _belongs(cost, option_line):
            continue
        key = (
            cost_index,
            _cost_dependency(cost, priced_count, total_nodes, owned_kw, holds_capacity),
        )
        cached = c.cost_lines.get(key)
        if cached is not None:
            if cached[2]:
                b.fx(cost.currency, cached[3])
            b.lines.extend(cached[0])
            b.problems.extend(cached[1])
            continue
        cost_where = _line_source(quote, cost_index, cost)
        fx = b.fx(cost.currency, cost_where)
        foreign = cost.currency.upper() != "USD"
        if foreign and fx is None:
            continue
        lines_before, problems_before = len(b.lines), len(b.problems)
        _cost_line(b, cost_index, cost, fx, priced_count, total_nodes, owned_kw, holds_capacity)
        c.cost_lines[key] = (
            tuple(b.lines[lines_before:]),
            tuple(b.problems[problems_before:]),
            foreign,
            cost_where,
        )
    if (
        accelerator is not None
        and accelerator.ecosystem is not Ecosystem.CUDA
        and a.adaptation_months > 0
        and a.engineer_usd_per_month > 0
    ):
        ecosystem = accelerator.ecosystem
        b.add(
            f"Software-stack adaptation ({ecosystem.value.upper()}, {accelerator.display_name})",
            TcoCategory.ADAPTATION,
            LineModel(k0=a.adaptation_months * a.engineer_usd_per_month),
            "engineering months × cost per engineer-month",
            (
                Input("months", a.adaptation_months, "engineer-months", "assumption"),
                Input("engineer", a.engineer_usd_per_month, "USD/month", "assumption"),
            ),
            Timing.UPFRONT,
            0,
            f"accelerator ecosystem {ecosystem.value}",
            "USD",
            None,
            note="practitioner's guide to AI compute selection: budget 1–3 engineering months "
            "for a non-CUDA stack",
        )
    draft = _Draft(
        b,
        gpus,
        peak_total if option is not None else 0.0,
        main,
        committed_usd,
        no_peak,
        None if measured_at is None else (measured_at, measured_peak_total),
    )
    if option is None or option_line is None:
        return draft
    index, line = option
    spot_barred = (
        deployment is Deployment.SPOT
        and workload.workload_class is WorkloadClass.STEADY
        and not a.spot_for_steady
    )
    # The option's figures by the same formulas as _finish, without building the whole
    # TCO record: only the chosen option's is built.
    lines = b.lines
    total = math.fsum(item.amount_usd for item in lines)
    headline = math.fsum(item.present_value_usd for item in lines) if a.discount_rate > 0 else total
    used = gpus * c.h * c.horizon * DAYS_PER_MONTH
    rate, _, _, _ = useful_throughput(
        quote,
        workload,
        draft.peak_total,
        gpus,
        mfu_used(quote.performance.mfu, workload.assumed_mfu),
        [why for _, why, _ in no_peak],
        draft.measured_peak,
    )
    per_accelerator = rate.value * TERA / PETA if rate is not None and rate.value > 0 else None
    draft.option = TcoOption(
        number=number,
        line_index=index,
        label=option_label(line, accelerator),
        source=where,
        accelerator=line.accelerator or "",
        deployment=deployment,
        term_months=line.term_months,
        quoted=_quoted_text(line),
        count=scaled,
        accelerators_needed=c.needed,
        stated_maximum=stated_maximum(line),
        lines=own_lines,
        total_usd=total,
        headline_usd=headline,
        usd_per_used_gpu_hour=headline / used if used > 0 else None,
        usd_per_useful_pflop_hour=(
            headline / (per_accelerator * used)
            if per_accelerator is not None and used > 0
            else None
        ),
        useful_pflops_total=(
            per_accelerator * gpus if per_accelerator is not None and gpus > 0 else None
        ),
        coefficients=_coefficients(lines, c.horizon, a.discount_rate),
        priced=ok,
        complete=b.complete,
        eligible=not spot_barred,
        note=(
            "spot (interruptible) capacity is not chosen for a steady workload; allow "
            "spot for steady workloads in the assumptions to choose it"
            if spot_barred
            else ""
        ),
    )
    return draft


@dataclass(slots=True)
class _Draft:
    """One option's lines, before the TCO record is built (only the chosen one's is)."""

    b: _Builder
    gpus: int
    peak_total: float | None
    main: tuple[int, Accelerator] | None
    committed_usd: float
    no_peak: list[tuple[str, str, bool]]
    measured_peak: tuple[Precision, float | None] | None = None
    option: TcoOption | None = None

    def tco(self, c: _Context) -> Tco:
        """The TCO record of the quote with this option."""
        return _finish(
            c.quote,
            c.workload,
            self.b,
            [],
            self.gpus,
            c.h,
            c.horizon,
            c.a,
            self.peak_total,
            self.main,
            self.committed_usd,
            self.no_peak,
            self.measured_peak,
        )


def _dense_peak(accelerator: Accelerator, precision: Precision) -> float | None:
    """Dense peak TFLOP/s at a precision; bf16 and fp16 stand in for each other."""
    peak = accelerator.dense_tflops(precision)
    if peak is None and precision in _HALF:
        peak = accelerator.dense_tflops(
            Precision.FP16 if precision is Precision.BF16 else Precision.BF16
        )
    return peak


_HALF = frozenset({Precision.BF16, Precision.FP16})
"""Half precisions whose peaks are the same on the accelerators that have both."""


def _measured_precision(quote: Quote, workload: Workload) -> Precision | None:
    """The precision the quote's measured MFU was taken at, where it names one that is
    not the workload's (bf16 and fp16 count as one)."""
    if quote.performance.mfu is None:
        return None
    at = measurement_precision(quote.performance.method)
    if at is None or at is workload.precision or {at, workload.precision} <= _HALF:
        return None
    return at


def precision_shift(
    workload: Workload, measured_peak: tuple[Precision, float | None] | None
) -> str:
    """What a measured MFU's own precision changes in the useful compute ("" for nothing)."""
    if measured_peak is None:
        return ""
    at, total = measured_peak[0].value, workload.precision.value
    if measured_peak[1]:
        return (
            f"the MFU was measured at {at}, so it is applied to the {at} peak, not to the "
            f"{total} peak the workload assumes"
        )
    return (
        f"the MFU was measured at {at}, for which the catalogue has no peak; it is applied "
        f"to the {total} peak, which may overstate the useful compute"
    )


def useful_throughput(
    quote: Quote,
    workload: Workload,
    peak_pflops_total: float | None,
    gpus: int,
    mfu: Figure,
    no_peak: Sequence[str] = (),
    measured_peak: tuple[Precision, float | None] | None = None,
) -> tuple[Figure | None, UsefulBasis, str, str]:
    """Useful throughput of one accelerator on this workload, in TFLOP/s of the model's FLOP.

    Measured tokens/s per accelerator × FLOP per token (2 × params to serve, 6 × params
    to train) comes first; else the catalogue's mean dense peak at the workload's
    precision × MFU (measured, else the workload's assumption, flagged unmeasured).
    A measured MFU is a fraction of the peak at the precision it was measured at: when
    the measurement names another precision than the workload's, that precision's peak
    is used (where the catalogue has it), and the figure's note says so.
    A measurement that implies more useful work than the accelerators' dense peak
    (a utilisation above 100 %) cannot have been taken on this workload — typically
    serving tokens/s of a smaller model applied to a training job — and is set aside
    with a warning.

    Args:
        quote: the quote (its measured performance).
        workload: purpose, parameters and precision.
        peak_pflops_total: dense peak of all the quote's accelerators (PFLOP/s), None
            when some accelerator has no peak at the precision.
        gpus: accelerators quoted.
        mfu: the MFU used (:func:`~computescore.domain.sizing.mfu_used`).
        no_peak: why a peak is missing ("X has no fp8 peak in the catalogue").
        measured_peak: the precision a measured MFU was taken at, when it differs from
            the workload's, and the dense peak of all the accelerators at it (PFLOP/s;
            None when the catalogue has none).

    Returns:
        (figure or None, where it comes from, why it is unknown — "" when known, a
        warning about a measurement set aside — "" when none).
    """
    if gpus <= 0:
        return None, UsefulBasis.UNKNOWN, "no accelerators are quoted", ""
    peak_tflops = (
        peak_pflops_total * PETA / TERA / gpus
        if peak_pflops_total is not None and peak_pflops_total > 0
        else None
    )
    tokens = quote.performance.tokens_per_second
    rejected = aside = ""
    if tokens is not None and tokens > 0 and workload.params > 0:
        per_token = (
            INFERENCE_FLOP_PER_PARAM_TOKEN
            if workload.purpose is Purpose.INFERENCE
            else TRAINING_FLOP_PER_PARAM_TOKEN
        )
        method = quote.performance.method.strip()
        figure = Figure(
            "Useful throughput",
            tokens * per_token * workload.params / TERA,
            "TFLOP/s per accelerator",
            f"measured tokens/s × {per_token:g} FLOP per parameter and token × parameters",
            (
                Input(
                    "tokens/s",
                    tokens,
                    "tokens/s per accelerator",
                    f"measured: {method}" if method else "measured",
                ),
                Input(
                    "FLOP per parameter and token",
                    per_token,
                    "",
                    "serving" if workload.purpose is Purpose.INFERENCE else "training",
                ),
                Input("parameters", workload.params, "", f"workload {workload.name}"),
            ),
        )
        if peak_tflops is None or figure.value <= peak_tflops:
            return figure, UsefulBasis.MEASURED_TOKENS, "", ""
        shown, useful, peak = (
            format_number(tokens),
            format_number(figure.value),
            format_number(peak_tflops),
        )
        rejected = (
            f"the measured {shown} tokens/s would mean {useful} useful TFLOP/s per accelerator "
            f"for this {workload.purpose.value} workload, more than the {peak} TFLOP/s "
            f"{workload.precision.value} dense peak: it cannot have been measured on this "
            "workload and is set aside (peak × MFU is used)"
        )
        aside = (
            f"measured {shown} tokens/s set aside: it implies {useful} TFLOP/s per "
            f"accelerator, above the {peak} TFLOP/s peak"
        )
    if peak_tflops is None:
        reasons = sorted(set(no_peak)) or ["no catalogue peak"]
        return (
            None,
            UsefulBasis.UNKNOWN,
            "; ".join(reasons) + ", and the quote has no measured tokens/s",
            rejected,
        )
    measured = UNMEASURED not in mfu.flags
    precision_at, peak_at = workload.precision, peak_tflops
    peak_where = "catalogue, mean over the accelerators quoted"
    shift = precision_shift(workload, measured_peak) if measured else ""
    if measured and measured_peak is not None and measured_peak[1]:
        precision_at = measured_peak[0]
        peak_at = measured_peak[1] * PETA / TERA / gpus
        peak_where += ", at the precision the MFU was measured at"
    figure = Figure(
        "Useful throughput",
        peak_at * mfu.value,
        "TFLOP/s per accelerator",
        f"dense {precision_at.value} peak × MFU",
        (
            Input("precision", precision_at.value),
            Input("peak", peak_at, "TFLOP/s", peak_where),
            Input("MFU", mfu.value, "", "measured" if measured else "workload assumption"),
        ),
        flags=mfu.flags,
        note="; ".join(part for part in (aside, shift) if part),
    )
    basis = UsefulBasis.MEASURED_MFU if measured else UsefulBasis.DATASHEET
    return figure, basis, "", rejected


def _finish(
    quote: Quote,
    workload: Workload,
    b: _Builder,
    problems: list[Problem],
    gpus: int,
    h: float,
    horizon: int,
    a: Assumptions,
    peak_total: float | None,
    main: tuple[int, Accelerator] | None,
    committed_usd: float,
    no_peak: Sequence[tuple[str, str, bool]] = (),
    measured_peak: tuple[Precision, float | None] | None = None,
) -> Tco:
    lines = tuple(b.lines)
    total = math.fsum(line.amount_usd for line in lines)
    pv = math.fsum(line.present_value_usd for line in lines)
    used_value = gpus * h * horizon * DAYS_PER_MONTH
    used = Figure(
        "GPU-hours used",
        used_value,
        "GPU-h",
        "GPUs × hours per day × months × 730/24",
        (Input("GPUs", gpus), Input("hours per day", h, "h"), Input("months", horizon, "months")),
    )
    headline = pv if a.discount_rate > 0 else total
    kind = "present value" if a.discount_rate > 0 else "TCO"
    mfu = mfu_used(quote.performance.mfu, workload.assumed_mfu)
    per_used = None
    if used_value > 0:
        per_used = Figure(
            "Cost per GPU-hour used",
            headline / used_value,
            "USD/GPU-h",
            f"{kind} / GPU-hours used",
            (Input(kind, headline, "USD"), Input("GPU-hours used", used_value, "GPU-h")),
        )
    rate, basis, missing, rejected = useful_throughput(
        quote, workload, peak_total, gpus, mfu, [why for _, why, _ in no_peak], measured_peak
    )
    shift = precision_shift(workload, measured_peak)
    if basis is UsefulBasis.MEASURED_MFU and shift:
        b.problems.append(Problem(f"quote:{quote.key}", sentence(shift), Severity.INFO))
    if rejected:
        b.problems.append(
            Problem(
                f"quote:{quote.key}",
                rejected,
                Severity.WARNING,
                expected="tokens/s measured on this workload's model and task",
            )
        )
    for where, why, own_problem in no_peak:
        if not own_problem:
            continue
        if basis is UsefulBasis.MEASURED_TOKENS:
            b.problems.append(
                Problem(
                    where,
                    f"{why}; the useful compute comes from the measured tokens/s",
                    Severity.INFO,
                )
            )
        else:
            b.problems.append(
                Problem(
                    where,
                    f"{why} and the quote has no measured tokens/s; the cost per useful "
                    "PFLOP-hour cannot be computed",
                    Severity.WARNING,
                    expected="a peak at the workload's precision, or a measured tokens/s",
                )
            )
    useful = per_useful = None
    if rate is not None and rate.value > 0 and used_value > 0:
        useful_value = rate.value * TERA / PETA * used_value
        useful = Figure(
            "Useful PFLOP-hours",
            useful_value,
            "PFLOP-h",
            "useful throughput per accelerator × GPU-hours used",
            (
                Input("useful throughput", rate.value * TERA / PETA, "PFLOP/s", rate.formula),
                Input("GPU-hours used", used_value, "GPU-h"),
            ),
            flags=rate.flags,
        )
        per_useful = Figure(
            "Cost per useful PFLOP-hour",
            headline / useful_value,
            "USD/PFLOP-h",
            f"{kind} / useful PFLOP-hours",
            (
                Input(kind, headline, "USD"),
                Input("useful PFLOP-hours", useful_value, "PFLOP-h"),
            ),
            flags=rate.flags,
        )
    tokens = quote.performance.tokens_per_second
    per_mtok = None
    if tokens is not None and tokens > 0 and used_value > 0 and not rejected:
        million = tokens * 3600 * used_value / 1e6
        per_mtok = Figure(
            "Cost per million tokens",
            headline / million,
            "USD/Mtok",
            f"{kind} / (tokens per second per GPU × 3600 × GPU-hours used / 1e6)",
            (
                Input(kind, headline, "USD"),
                Input("tokens/s per GPU", tokens, "tokens/s", "measured"),
                Input("GPU-hours used", used_value, "GPU-h"),
            ),
        )
    job_hours = job_usd = job_days = None
    if workload.purpose is not Purpose.INFERENCE and workload.training_tokens and main and gpus > 0:
        sizing = size_training(
            workload.params,
            workload.training_tokens,
            main[1],
            assumed_mfu=workload.assumed_mfu,
            measured_mfu=quote.performance.mfu,
            precision=workload.precision,
            gpus=gpus,
            usd_per_gpu_hour=per_used.value if per_used else None,
            source=f"quote:{quote.key}",
        )
        job_hours, job_days, job_usd = sizing.gpu_hours, sizing.wall_clock_days, sizing.cost_usd
        if job_usd is not None:
            job_usd = replace(
                job_usd, label="Training job cost", formula="job GPU-hours × cost per GPU-hour used"
            )
        b.problems.extend(sizing.problems)
    idle = None
    if committed_usd > 0:
        idle = Figure(
            "Committed capacity paid but idle",
            committed_usd * (1 - h / 24),
            "USD",
            "committed compute × (1 − hours per day / 24)",
            (Input("committed compute", committed_usd, "USD"), Input("hours per day", h, "h")),
        )
    fx_used = tuple(
        sorted(
            (used_fx for used_fx in b.fx_cache.values() if used_fx is not None),
            key=lambda item: item.currency,
        )
    )
    if not quote.compute_lines:
        b.problems.append(
            Problem(
                f"quote:{quote.key}",
                "the quote has no compute lines: it is costed, and listed beside the compute "
                "offers as a supporting quote rather than ranked against them",
                Severity.INFO,
            )
        )
    return Tco(
        quote_key=quote.key,
        quote_label=quote.label,
        horizon_months=horizon,
        hours_per_day=h,
        lines=lines,
        total_usd=total,
        present_value_usd=pv,
        discount_rate=a.discount_rate,
        monthly_cash_flow_usd=cash_flow(lines, horizon),
        gpu_count=gpus,
        used_gpu_hours=used,
        mfu=mfu,
        usd_per_used_gpu_hour=per_used,
        useful_pflop_hours=useful,
        usd_per_useful_pflop_hour=per_useful,
        usd_per_million_tokens=per_mtok,
        training_job_gpu_hours=job_hours,
        training_job_usd=job_usd,
        training_job_days=job_days,
        idle_committed_usd=idle,
        fx_used=fx_used,
        problems=(*problems, *b.problems),
        complete=b.complete,
        peak_pflops_total=peak_total if peak_total else None,
        tokens_per_second=tokens,
        useful_rate=rate,
        useful_basis=basis,
        useful_missing=missing,
        compute_offer=bool(quote.compute_lines),
    )


# ----------------------------------------------------------------------------- re-evaluation


def headline_coefficients(tco: Tco) -> tuple[Coefficients, Coefficients]:
    """The headline TCO's coefficients, split into USD-priced and foreign-priced lines.

    headline(h, e, r, f) = Σ_USD (c0 + c_h·h + c_e·e + c_eh·e·h + c_r·r)
    + f × Σ_foreign (…), where ``f`` scales every foreign currency's USD value. Each
    coefficient is already converted to USD and discounted like its line.
    """
    return _coefficients(tco.lines, tco.horizon_months, tco.discount_rate)


def _coefficients(
    lines: Sequence[TcoLine], horizon_months: int, discount_rate: float
) -> tuple[Coefficients, Coefficients]:
    domestic = [0.0] * 5
    foreign = [0.0] * 5
    for line in lines:
        m = line.model
        factor = m.usd_per_unit * discount_factor(
            line.timing, line.months, horizon_months, discount_rate
        )
        target = foreign if m.foreign else domestic
        for index, value in enumerate((m.k0, m.k_h, m.k_e, m.k_eh, m.k_r)):
            target[index] += factor * value
    return (
        (domestic[0], domestic[1], domestic[2], domestic[3], domestic[4]),
        (foreign[0], foreign[1], foreign[2], foreign[3], foreign[4]),
    )


def headline_from(
    coefficients: tuple[Coefficients, Coefficients],
    hours_per_day: float,
    energy_usd_per_kwh: float,
    residual_fraction: float,
    fx_factor: float = 1.0,
) -> float:
    """A headline TCO (USD) from its (USD-priced, foreign-priced) coefficients at these inputs."""
    domestic, foreign = coefficients
    basis = (
        1.0,
        hours_per_day,
        energy_usd_per_kwh,
        energy_usd_per_kwh * hours_per_day,
        residual_fraction,
    )
    own = math.fsum(c * x for c, x in zip(domestic, basis, strict=True))
    other = math.fsum(c * x for c, x in zip(foreign, basis, strict=True))
    return own + fx_factor * other


def choice_at(
    tco: Tco,
    hours_per_day: float,
    energy_usd_per_kwh: float,
    residual_fraction: float,
    fx_factor: float = 1.0,
) -> tuple[float, float | None, TcoOption | None]:
    """The option the quote would choose with other values of the uncertain inputs.

    The same rule as :func:`choose_option` among :func:`comparable_options`: lowest
    headline ÷ useful PFLOP/s when every option's useful compute is known and there
    is use, else lowest headline; ties to the lower headline, then the earlier line.

    Returns:
        (headline in USD, useful PFLOP/s of the accelerators used or None, the option
        or None for a quote without options).
    """
    pool = comparable_options(tco)
    if not pool:
        value = headline_at(tco, hours_per_day, energy_usd_per_kwh, residual_fraction, fx_factor)
        return value, tco.useful_pflops_total, None
    by_unit = hours_per_day > 0 and all(o.useful_pflops_total for o in pool)
    best: tuple[tuple[float, float, int], float, TcoOption] | None = None
    for option in pool:
        value = headline_from(
            option.coefficients, hours_per_day, energy_usd_per_kwh, residual_fraction, fx_factor
        )
        rate = option.useful_pflops_total or 0.0
        key = (value / rate if by_unit else value, value, option.number)
        if best is None or key < best[0]:
            best = (key, value, option)
    assert best is not None
    return best[1], best[2].useful_pflops_total, best[2]


def headline_at(
    tco: Tco,
    hours_per_day: float,
    energy_usd_per_kwh: float,
    residual_fraction: float,
    fx_factor: float = 1.0,
) -> float:
    """The quote's headline TCO (USD) with other values of the uncertain inputs.

    ``fx_factor`` multiplies the USD value of every foreign currency (1.1 = foreign
    currencies 10 % dearer). Lines keep their structure; only their inputs change.
    """
    return headline_from(
        headline_coefficients(tco), hours_per_day, energy_usd_per_kwh, residual_fraction, fx_factor
    )
