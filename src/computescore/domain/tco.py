"""Total cost of ownership of one quote over the evaluation horizon (DOMAIN.md §3).

Every cost is a :class:`TcoLine` with its formula and inputs; the total is the sum
of the lines. Conventions:

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
    mfu_used,
    size_training,
)
from computescore.domain.units import HOURS_PER_MONTH, MONTHS_PER_YEAR, PETA, TERA
from computescore.domain.workload import Purpose, Workload

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


ASSUMPTION_NOTES: Mapping[str, str] = {
    "hours_per_day": "hours per day the capacity is really used; default: the workload's",
    "energy_usd_per_kwh": "seed 002 quotes US$0.16/kWh for its energy examples",
    "pue": "power usage effectiveness of the facility; typical data centres run 1.2–1.6",
    "server_overhead_factor": "node power ÷ GPU power: DGX H100 up to 10.2 kW for 8 × 700 W ≈ 1.8",
    "idle_power_fraction": "share of full power an idle server still draws (assumption; meter it)",
    "ops_usd_per_gpu_hour": "seed 002: operational overhead US$2–7 per GPU-hour",
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
    "adaptation_months": "seed 000: budget 1–3 engineering months for a non-CUDA software stack",
    "renew_short_terms": "a commitment shorter than the horizon is renewed at the quoted price",
    "egress_gb_per_month": "egress volume used when a per-GB egress line states no quantity",
    "downtime_usd_per_gpu_hour": "business loss per GPU-hour of outage on top of the capacity "
    "paid for (reliability axis)",
    "fx_override": "USD per unit of a currency, overriding the FX table",
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
        if key == "renew_short_terms":
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
    for line in lines:
        if line.timing is Timing.UPFRONT:
            flows[0] += line.amount_usd
        elif line.timing is Timing.END:
            flows[horizon_months] += line.amount_usd
        else:
            months = max(1, min(line.months, horizon_months))
            share = line.amount_usd / months
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


def _nodes(line: QuoteLine) -> tuple[float | None, float | None]:
    """(nodes, accelerators per node) of a compute line, derived where possible."""
    count = line.gpu_count
    per_node: float | None = (
        float(line.accelerators_per_node) if line.accelerators_per_node else None
    )
    if per_node is None and line.nodes:
        per_node = count / line.nodes
    nodes: float | None = float(line.nodes) if line.nodes is not None else None
    if nodes is None and per_node:
        nodes = float(math.ceil(count / per_node))
    return nodes, per_node


# ----------------------------------------------------------------------------- compute lines


def _rented(
    b: _Builder,
    index: int,
    line: QuoteLine,
    deployment: Deployment,
    accelerator: Accelerator | None,
    fx: FxUsed | None,
) -> None:
    source = _line_source(b.quote, index, line)
    count = line.gpu_count
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
    nodes, _ = _nodes(line)
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
        return
    units = float(count) if per_gpu else (nodes or 0.0)
    unit_word = "GPUs" if per_gpu else "nodes"
    inputs: tuple[Input, ...]
    base_inputs = (
        Input("price", price, price_unit_text(line.currency, unit), source),
        Input(unit_word, units),
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
        model = _model(fx, k0=price * months)
        formula, inputs, timing = (
            "price × months",
            (
                Input("price", price, f"{line.currency}/month", source),
                Input("months", months, "months"),
            ),
            Timing.MONTHLY,
        )
    elif unit is PriceUnit.PER_YEAR:
        model = _model(fx, k0=price * months / MONTHS_PER_YEAR)
        formula, inputs, timing = (
            "price × months / 12",
            (
                Input("price", price, f"{line.currency}/year", source),
                Input("months", months, "months"),
            ),
            Timing.MONTHLY,
        )
    elif unit is PriceUnit.TOTAL:
        model = _model(fx, k0=price)
        formula, inputs, timing = (
            "price for the line",
            (Input("price", price, line.currency, source),),
            Timing.UPFRONT,
        )
    elif unit is PriceUnit.PER_UNIT:
        qty = float(line.quantity) if line.quantity is not None else float(count)
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
        return
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


def _owned(
    b: _Builder, index: int, line: QuoteLine, accelerator: Accelerator | None, fx: FxUsed | None
) -> float:
    """Add the lines of owned capacity; returns its IT load in kW (0 when unknown)."""
    source = _line_source(b.quote, index, line)
    count = line.gpu_count
    price = float(line.price)
    unit = line.price_unit
    name = accelerator.display_name if accelerator else (line.accelerator or "accelerators")
    H = b.horizon
    if unit is PriceUnit.TOTAL:
        hardware = price
        formula = "price for the line"
        inputs: tuple[Input, ...] = (Input("price", price, line.currency, source),)
    elif unit is PriceUnit.PER_UNIT:
        if line.quantity is not None:
            qty, what = float(line.quantity), "units"
        elif line.nodes is not None:
            qty, what = float(line.nodes), "servers"
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
        return 0.0
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

    Args:
        quote: the vendor's quote with its lines.
        workload: hours per day, horizon, precision, assumed MFU, params and tokens.
        accelerators: catalogue records by id (only those the quote names are needed).
        fx_rates: the dated FX table.
        on: the evaluation date (FX rates dated after it are not used).
        assumptions: user-editable inputs; defaults when None.

    Returns:
        The :class:`Tco`: lines, total, present value, monthly cash flow, cost per used
        GPU-hour, per useful PFLOP-hour, per million tokens (when tokens/s is
        measured), the training job's GPU-hours, cost and days, and any problems.
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
    b = _Builder(quote, horizon, h, a, fx_rates, on)
    gpus = 0
    total_nodes = 0.0
    owned_kw = 0.0
    holds_capacity = False
    ecosystems: dict[Ecosystem, str] = {}
    committed_share_usd = 0.0
    peak_total: float | None = 0.0
    no_peak: list[tuple[str, str, bool]] = []  # (source, why, needs its own problem)
    main: tuple[int, Accelerator] | None = None
    for index, line in enumerate(quote.lines):
        if line.kind is not LineKind.COMPUTE:
            continue
        where = _line_source(quote, index, line)
        count = line.gpu_count
        if count <= 0:
            b.problems.append(
                Problem(
                    where,
                    "a compute line without an accelerator count is left out",
                    expected="accelerator_count or nodes × per node",
                )
            )
            b.complete = False
            continue
        deployment = line.deployment
        if deployment is None:
            b.problems.append(
                Problem(
                    where,
                    "deployment not stated; treated as on-demand",
                    Severity.WARNING,
                    expected="purchase, lease, reserved, on_demand or spot",
                )
            )
            deployment = Deployment.ON_DEMAND
        fx = b.fx(line.currency, where)
        if line.currency.upper() != "USD" and fx is None:
            continue
        accelerator = accelerators.get(line.accelerator or "")
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
            if accelerator.ecosystem is not Ecosystem.CUDA:
                ecosystems.setdefault(accelerator.ecosystem, accelerator.display_name)
            peak = accelerator.dense_tflops(workload.precision)
            if peak is None and workload.precision in (Precision.BF16, Precision.FP16):
                other = Precision.FP16 if workload.precision is Precision.BF16 else Precision.BF16
                peak = accelerator.dense_tflops(other)
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
            elif peak_total is not None:
                peak_total += peak * TERA / PETA * count
            if main is None or count > main[0]:
                main = (count, accelerator)
        gpus += count
        nodes, _ = _nodes(line)
        total_nodes += nodes if nodes is not None else count
        before = len(b.lines)
        if deployment.owned:
            holds_capacity = True
            owned_kw += _owned(b, index, line, accelerator, fx)
        else:
            holds_capacity = (
                holds_capacity
                or deployment.committed
                or line.price_unit in (PriceUnit.PER_GPU_MONTH, PriceUnit.PER_NODE_MONTH)
            )
            _rented(b, index, line, deployment, accelerator, fx)
            if deployment.committed and len(b.lines) > before:
                committed_share_usd += b.lines[before].amount_usd
    for index, line in enumerate(quote.lines):
        if line.kind is LineKind.COMPUTE:
            continue
        where = _line_source(quote, index, line)
        fx = b.fx(line.currency, where)
        if line.currency.upper() != "USD" and fx is None:
            continue
        _cost_line(b, index, line, fx, gpus, total_nodes, owned_kw, holds_capacity)
    if a.adaptation_months > 0 and a.engineer_usd_per_month > 0:
        for ecosystem, name in sorted(ecosystems.items()):
            b.add(
                f"Software-stack adaptation ({ecosystem.value.upper()}, {name})",
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
                note="seed 000: budget 1–3 engineering months for a non-CUDA stack",
            )
    return _finish(
        quote,
        workload,
        b,
        problems,
        gpus,
        h,
        horizon,
        a,
        peak_total,
        main,
        committed_share_usd,
        no_peak,
    )


def useful_throughput(
    quote: Quote,
    workload: Workload,
    peak_pflops_total: float | None,
    gpus: int,
    mfu: Figure,
    no_peak: Sequence[str] = (),
) -> tuple[Figure | None, UsefulBasis, str, str]:
    """Useful throughput of one accelerator on this workload, in TFLOP/s of the model's FLOP.

    Measured tokens/s per accelerator × FLOP per token (2 × params to serve, 6 × params
    to train) comes first; else the catalogue's mean dense peak at the workload's
    precision × MFU (measured, else the workload's assumption, flagged unmeasured).
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
    figure = Figure(
        "Useful throughput",
        peak_tflops * mfu.value,
        "TFLOP/s per accelerator",
        f"dense {workload.precision.value} peak × MFU",
        (
            Input("precision", workload.precision.value),
            Input("peak", peak_tflops, "TFLOP/s", "catalogue, mean over the accelerators quoted"),
            Input("MFU", mfu.value, "", "measured" if measured else "workload assumption"),
        ),
        flags=mfu.flags,
        note=aside,
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
        quote, workload, peak_total, gpus, mfu, [why for _, why, _ in no_peak]
    )
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

Coefficients = tuple[float, float, float, float, float]
"""Sums of (k0, k_h, k_e, k_eh, k_r) in USD, as in :class:`LineModel`."""


def headline_coefficients(tco: Tco) -> tuple[Coefficients, Coefficients]:
    """The headline TCO's coefficients, split into USD-priced and foreign-priced lines.

    headline(h, e, r, f) = Σ_USD (c0 + c_h·h + c_e·e + c_eh·e·h + c_r·r)
    + f × Σ_foreign (…), where ``f`` scales every foreign currency's USD value. Each
    coefficient is already converted to USD and discounted like its line.
    """
    domestic = [0.0] * 5
    foreign = [0.0] * 5
    for line in tco.lines:
        m = line.model
        factor = m.usd_per_unit * discount_factor(
            line.timing, line.months, tco.horizon_months, tco.discount_rate
        )
        target = foreign if m.foreign else domestic
        for index, value in enumerate((m.k0, m.k_h, m.k_e, m.k_eh, m.k_r)):
            target[index] += factor * value
    return (
        (domestic[0], domestic[1], domestic[2], domestic[3], domestic[4]),
        (foreign[0], foreign[1], foreign[2], foreign[3], foreign[4]),
    )


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
    domestic, foreign = headline_coefficients(tco)
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
