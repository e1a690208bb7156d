"""The TCO assumptions: the defaults and how the user overrides them."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from computescore.domain.problems import Problem, Severity
from computescore.domain.units import HOURS_PER_MONTH

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
    generation_life_cut: float = 0.25
    residual_fraction: float = 0.1
    discount_rate: float = 0.08
    spot_overhead: float | None = None
    spot_interruptions_per_hour: float = 0.02
    checkpoint_interval_hours: float = 2.0
    checkpoint_write_hours: float = 0.05
    spot_restart_hours: float = 0.25
    engineer_usd_per_month: float = 15_000.0
    adaptation_months: float = 2.0
    renew_short_terms: bool = True
    owe_terms_past_horizon: bool = True
    egress_gb_per_month: float | None = None
    downtime_usd_per_gpu_hour: float = 0.0
    restart_hours: float = 1.0
    fx_override: Mapping[str, float] = field(default_factory=dict)
    spot_for_steady: bool = False
    power_budget_kw: float | None = None
    token_output_share: float = 0.25
    token_cached_share: float = 0.0
    house_in_facility_quotes: bool = True


BOOLEAN_ASSUMPTIONS = frozenset(
    f.name for f in dataclasses.fields(Assumptions) if f.type in (bool, "bool")
)
"""The assumptions that are yes or no."""


ASSUMPTION_NOTES: Mapping[str, str] = {
    "hours_per_day": "hours per day the capacity is really used; default: the workload's",
    "energy_usd_per_kwh": "the GPU scale-economics guide (2026) uses US$0.16/kWh in its energy "
    "examples",
    "pue": "power usage effectiveness of the facility; typical data centres run 1.2–1.6",
    "server_overhead_factor": "node power ÷ GPU power: DGX H100 up to 10.2 kW for 8 × 700 W ≈ 1.8",
    "idle_power_fraction": "share of full power an idle server still draws (assumption; meter it)",
    "ops_usd_per_gpu_hour": "the GPU scale-economics guide (2026): operational overhead US$2–7 "
    "per GPU-hour, charged for every hour owned or on-site leased hardware exists",
    "maintenance_fraction_per_year": "hardware maintenance per year as a share of the price; 0 "
    "when the quote carries support as a cost line",
    "facility_usd_per_kw_month": "colocation or facility cost per kW of IT load per month; 0 on "
    "premises already paid for",
    "depreciation_years": "DOMAIN.md §3: hardware is depreciated over 4–5 years",
    "residual_fraction": "value left at the end of the economic life, share of the price",
    "generation_life_cut": "share of the economic life lost for each newer, faster generation "
    "of the part already on sale (at most three; never below one year): seed 002, new "
    "generations shrink the economic lifetime of older cards",
    "discount_rate": "annual cost of capital for the present value; 8 % by default, a common "
    "corporate cost of capital, so that paying for hardware up front is not compared with "
    "monthly rent as if money cost nothing (assumption; use your finance team's rate, 0 = no "
    "discounting)",
    "spot_overhead": "a flat share of spot compute lost to interruptions, replacing the "
    "interruption model below; empty by default",
    "spot_interruptions_per_hour": "how often spot capacity is taken back where the quote does "
    "not state it: 0.02 per hour is about one interruption every two days (assumption; a "
    "vendor's stated rate wins)",
    "checkpoint_interval_hours": "hours between checkpoints of a job on spot capacity; an "
    "interruption loses half an interval on average",
    "checkpoint_write_hours": "hours a checkpoint takes to write, lost at every interval",
    "spot_restart_hours": "hours to get capacity back and reload the last checkpoint after an "
    "interruption",
    "engineer_usd_per_month": "loaded cost of one engineer-month (assumption; use your own)",
    "adaptation_months": "practitioner's guide to AI compute selection: budget 1–3 engineering "
    "months for a non-CUDA software stack",
    "renew_short_terms": "a commitment shorter than the horizon is renewed at the quoted price",
    "owe_terms_past_horizon": "a commitment longer than the horizon is owed in full (or the "
    "quote's early-termination fee on the months left) when the workload ends; off: the "
    "capacity is taken to serve other work after it, and those months are left out",
    "egress_gb_per_month": "egress volume used when a per-GB egress line states no quantity",
    "downtime_usd_per_gpu_hour": "business loss per GPU-hour of outage on top of the capacity "
    "paid for (reliability axis)",
    "restart_hours": "hours a multi-node training job stands still after a failure (work since "
    "the last checkpoint plus the restart); the rest of the job's accelerators wait meanwhile",
    "fx_override": "USD per unit of a currency, overriding the FX table",
    "power_budget_kw": "IT power the buyer's site or colocation can feed (kW); owned and "
    "on-site hardware that draws more is knocked out; empty: no budget",
    "token_output_share": "share of a serving workload's tokens that are generated (output); "
    "the rest are prompt tokens, read in the prefill at peak × MFU, so it sets the capacity a "
    "load needs and each option's useful throughput, and a token API's prices per million "
    "input, output and cached tokens are blended with it. 0.25 is a chat mix of three prompt "
    "tokens to one answer token (assumption; use your logs)",
    "token_cached_share": "share of the tokens that are input served from the API's prompt "
    "cache, priced per million cached tokens; the rest of the input is plain input",
    "house_in_facility_quotes": "owned hardware is housed in the evaluation's facility "
    "(colocation) quote that houses its load most cheaply, priced for its kW; off: the "
    "facility assumption houses it (0 when your premises are already paid for)",
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
        "generation_life_cut",
        "token_output_share",
        "token_cached_share",
    }
    for key, raw in data.items():
        where = f"{source}:{key}"
        if key not in fields:
            problems.append(Problem(where, "unknown assumption; ignored", Severity.WARNING))
            continue
        if key in BOOLEAN_ASSUMPTIONS:
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
        if raw is None and key in (
            "hours_per_day",
            "egress_gb_per_month",
            "spot_overhead",
            "power_budget_kw",
        ):
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
        if key in ("depreciation_years", "checkpoint_interval_hours") and number == 0:
            problems.append(Problem(where, "must be above zero", found=repr(raw)))
            continue
        changes[key] = number
    _check_token_mix(changes, base, source, problems)
    return replace(base, **changes), tuple(problems)


def _check_token_mix(
    changes: dict[str, Any], base: Assumptions, source: str, problems: list[Problem]
) -> None:
    """Keep the default token mix when the output and cached shares add up to more than 1."""
    output = changes.get("token_output_share", base.token_output_share)
    cached = changes.get("token_cached_share", base.token_cached_share)
    if output + cached <= 1:
        return
    problems.append(
        Problem(
            f"{source}:token_cached_share",
            "output and cached tokens cannot be more than all tokens; the defaults are used",
            found=f"{output:g} + {cached:g}",
            expected="two shares that add up to 1 or less",
        )
    )
    changes.pop("token_output_share", None)
    changes.pop("token_cached_share", None)


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
