"""The words users read, defined once: the app, the command line, the PDF and the workbook.

* the five scoring axes and their titles;
* every TCO assumption: its label in a sentence, its caption on a form, its unit, the
  range the app accepts and how its one-line summary reads;
* deployment models and cost categories as a reader says them;
* the glossary the board pack prints;
* the sentences shown where a section was not computed.

Pure data and small functions, no imports from the rest of the app, so every layer
(the domain included) may use it. Change a word here and every screen, page and
sheet says the new word.
"""

from __future__ import annotations

from dataclasses import dataclass

# --------------------------------------------------------------------------- axes

AXES = ("performance", "reliability", "cost", "service", "compliance")
"""The five scoring axes, in the order every table and chart shows them."""

AXIS_TITLES = {
    "performance": "Performance",
    "reliability": "Reliability",
    "cost": "Cost",
    "service": "Service",
    "compliance": "Compliance",
}

AXIS_HINTS = {
    "performance": "Measured MFU or tokens/s on your workload; datasheet figures are flagged",
    "reliability": "Expected downtime cost from failure rate and repair time, less SLA credits",
    "cost": "Total cost of ownership per useful unit of work",
    "service": "Response times by severity, expert hours, coverage",
    "compliance": "Certifications, data sovereignty, exit terms, export control, screening",
}
"""What each axis measures, in one line (the scorecard's hints)."""


# --------------------------------------------------------------------------- assumptions


@dataclass(frozen=True, slots=True)
class Assumption:
    """How one TCO assumption is named and shown.

    Attributes:
        key: the assumption's field name (``energy_usd_per_kwh``).
        label: the assumption in a sentence (``energy price``).
        unit: its unit after a number (``USD/kWh``), "" when it has none.
        caption: its caption on the app's form, when the form edits it.
        form_unit: the unit beside the form's field (``% of price``).
        minimum: the smallest value the form accepts, as shown.
        maximum: the largest value the form accepts, as shown.
        scale: stored value = shown value × scale (a percentage is stored as a fraction).
        summary: how the one-line summary reads it; ``{}`` is the value as shown.
    """

    key: str
    label: str
    unit: str = ""
    caption: str = ""
    form_unit: str = ""
    minimum: float = 0.0
    maximum: float = 0.0
    scale: float = 1.0
    summary: str = ""


ASSUMPTIONS: tuple[Assumption, ...] = (
    Assumption(
        "hours_per_day",
        "hours of use per day",
        "h/day",
        "Utilisation",
        "h / day",
        0.0,
        24.0,
        1.0,
        "{} h/day of use",
    ),
    Assumption(
        "energy_usd_per_kwh",
        "energy price",
        "USD/kWh",
        "Energy price",
        "USD / kWh",
        0.0,
        5.0,
        1.0,
        "energy ${}/kWh",
    ),
    Assumption(
        "pue", "PUE (facility power ÷ IT power)", "", "PUE", "× IT load", 1.0, 3.0, 1.0, "PUE {}"
    ),
    Assumption(
        "ops_usd_per_gpu_hour",
        "operations cost",
        "USD/GPU-h",
        "Operations",
        "USD / GPU-h",
        0.0,
        50.0,
        1.0,
        "operations ${}/GPU-h",
    ),
    Assumption(
        "residual_fraction",
        "residual value, share of the hardware price",
        "",
        "Residual value",
        "% of price",
        0.0,
        100.0,
        0.01,
        "residual value {} %",
    ),
    Assumption(
        "discount_rate",
        "discount rate",
        "per year",
        "Discount rate",
        "% / year",
        0.0,
        50.0,
        0.01,
        "discount {} %/year",
    ),
    Assumption(
        "spot_interruptions_per_hour",
        "spot interruptions where the quote states none",
        "per hour",
        "Spot interruptions",
        "per day",
        0.0,
        240.0,
        1 / 24,
        "spot interrupted {} times a day",
    ),
    Assumption("spot_overhead", "flat share of spot compute lost, replacing the model"),
    Assumption("checkpoint_interval_hours", "hours between checkpoints on spot", "h"),
    Assumption("checkpoint_write_hours", "hours to write a checkpoint", "h"),
    Assumption("spot_restart_hours", "hours to restart after a spot interruption", "h"),
    Assumption(
        "depreciation_years",
        "depreciation period",
        "years",
        "Depreciation",
        "years",
        1.0,
        15.0,
        1.0,
        "depreciation {} years",
    ),
    Assumption("generation_life_cut", "economic life lost per newer generation, share"),
    Assumption("server_overhead_factor", "server power ÷ accelerator power", "×"),
    Assumption("idle_power_fraction", "idle power, share of full power"),
    Assumption(
        "maintenance_fraction_per_year", "maintenance, share of the hardware price", "per year"
    ),
    Assumption("facility_usd_per_kw_month", "facility cost", "USD/kW-month"),
    Assumption("engineer_usd_per_month", "engineer cost", "USD/month"),
    Assumption("adaptation_months", "software adaptation for a non-CUDA stack", "months"),
    Assumption("renew_short_terms", "renew commitments shorter than the horizon"),
    Assumption("owe_terms_past_horizon", "owe commitment months past the horizon"),
    Assumption("egress_gb_per_month", "egress volume where a line states none", "GB/month"),
    Assumption("downtime_usd_per_gpu_hour", "business loss per GPU-hour of outage", "USD/GPU-h"),
    Assumption("restart_hours", "job stopped per failure (checkpoint and restart)", "h"),
    Assumption("spot_for_steady", "spot allowed for a steady workload"),
    Assumption("house_in_facility_quotes", "owned hardware housed in a facility quote"),
    Assumption("power_budget_kw", "power budget for owned and on-site hardware", "kW"),
    Assumption(
        "token_output_share",
        "output tokens, share of all tokens",
        "",
        "Output tokens",
        "% of tokens",
        0.0,
        100.0,
        0.01,
        "output tokens {} %",
    ),
    Assumption(
        "token_cached_share",
        "cached input tokens, share of all tokens",
        "",
        "Cached input tokens",
        "% of tokens",
        0.0,
        100.0,
        0.01,
        "cached input {} %",
    ),
    Assumption("mfu_factor", "MFU, × its base value"),
    Assumption("fx_factor", "exchange rates, × the rate used", "×"),
    Assumption("downtime_factor", "expected downtime loss, × the stated one", "×"),
)
_BY_KEY = {a.key: a for a in ASSUMPTIONS}

FORM_ASSUMPTIONS: tuple[Assumption, ...] = tuple(a for a in ASSUMPTIONS if a.caption)
"""The assumptions the app's TCO form edits, in the form's order."""


def assumption(key: str) -> Assumption:
    """How an assumption is named; an unknown key reads as its words (``new_thing``)."""
    return _BY_KEY.get(key) or Assumption(key, key.replace("_", " "))


def assumption_label(key: str) -> str:
    """``energy_usd_per_kwh`` → ``energy price``."""
    return assumption(key).label


def assumption_unit(key: str) -> str:
    """``energy_usd_per_kwh`` → ``USD/kWh``."""
    return assumption(key).unit


def assumption_summary(key: str, shown: str) -> str:
    """``energy_usd_per_kwh``, ``0.16`` → ``energy $0.16/kWh``."""
    found = assumption(key)
    return (found.summary or found.key + " {}").format(shown)


UNIT_WORDS = {
    "per_gpu_hour": "GPU-hour",
    "per_node_hour": "node-hour",
    "per_gpu_month": "GPU-month",
    "per_node_month": "node-month",
    "per_unit": "unit (one-off)",
    "total": "line total (one-off)",
    "per_month": "month",
    "per_year": "year",
    "per_gb": "GB",
    "per_gb_month": "GB-month",
    "per_kw_month": "kW-month",
    "per_million_tokens": "million tokens",
    "per_million_input_tokens": "million input tokens",
    "per_million_output_tokens": "million output tokens",
    "per_million_cached_tokens": "million cached tokens",
}
"""What one unit of a quoted price buys, in words (``per_gpu_hour`` → ``GPU-hour``)."""


def unit_text(unit: str | None) -> str:
    """A price unit as a person writes it after a price: ``/ GPU-hour``, ``one-off``."""
    if not unit:
        return ""
    words = UNIT_WORDS.get(unit, unit.replace("_", " "))
    return f"per {words}" if unit.startswith("per_") else words


LINE_FIELD_TITLES = {
    "vendor": "Vendor",
    "quote_ref": "Quote",
    "quote_date": "Quote date",
    "valid_until": "Valid until",
    "kind": "Line",
    "category": "Cost category",
    "description": "Description",
    "accelerator": "Accelerator",
    "accelerators_per_node": "Accelerators per node",
    "nodes": "Nodes",
    "accelerator_count": "Accelerators",
    "quantity": "Quantity",
    "deployment": "Deployment",
    "term_months": "Term (months)",
    "lead_time_days": "Lead time (days)",
    "price": "Price",
    "price_unit": "Price per",
    "currency": "Currency",
    "usd_per_gpu_hour": "USD per GPU-hour",
    "region": "Region",
    "country": "Country",
    "source": "Source (file!sheet!row)",
}
"""Column titles for the canonical quote-line fields where people read them (the workbook)."""


# --------------------------------------------------------------------------- vendor kinds

VENDOR_KIND_WORDS = {
    "hyperscale_cloud": "Hyperscale cloud",
    "gpu_cloud": "GPU cloud",
    "server_maker": "Server maker / reseller",
    "colocation": "Colocation",
    "pooled_compute": "Pooled compute",
    "domestic_accelerator": "Domestic accelerator",
    "token_api": "Token API (per million tokens)",
}
"""Each kind of vendor as a person says it (``gpu_cloud`` → ``GPU cloud``)."""


# --------------------------------------------------------------------------- deployments

DEPLOYMENT_WORDS = {
    "purchase": "Purchase",
    "lease": "Lease",
    "reserved": "Reserved",
    "on_demand": "On-demand",
    "spot": "Spot",
}
"""Each deployment model as a title (``on_demand`` → ``On-demand``)."""


def deployment_text(value: object, term_months: int | None = None) -> str:
    """``12-month reserved``, ``36-month lease``, ``On-demand``, ``Purchase``."""
    key = str(getattr(value, "value", value) or "")
    words = DEPLOYMENT_WORDS.get(key, key.replace("_", " ").capitalize())
    if term_months and key in ("reserved", "lease"):
        return f"{term_months}-month {words.lower()}"
    return words


# --------------------------------------------------------------------------- cost categories

COST_CATEGORY_WORDS = {
    "rented_compute": "rented compute",
    "spot_overhead": "spot lost work",
    "residual_value": "resale value",
    "hardware": "hardware",
    "adaptation": "software adaptation",
}
"""TCO categories whose name is not already their word."""


def category_text(category: str) -> str:
    """A TCO category as a reader says it (``rented_compute`` → ``rented compute``)."""
    return COST_CATEGORY_WORDS.get(category, category.replace("_", " "))


# --------------------------------------------------------------------------- glossary

GLOSSARY: tuple[tuple[str, str], ...] = (
    (
        "TCO",
        "Total cost of ownership: every cost of the capacity over the horizon (compute or "
        "hardware, energy, facility, support, network, storage, leaving), less what the "
        "hardware is worth at the end.",
    ),
    (
        "MFU",
        "Model FLOPs utilisation: the share of an accelerator's peak arithmetic a model "
        "really uses, typically 30–50 % when training large models. Measured on the "
        "buyer's workload it beats any assumption.",
    ),
    (
        "Dense peak",
        "The accelerator's datasheet arithmetic rate without sparsity, at one precision "
        "(BF16, FP8 …); an MFU applies to the peak at the precision it was measured at.",
    ),
    (
        "Useful PFLOP-hour",
        "An hour of 10¹⁵ operations per second of the model's own work: measured, or peak "
        "× MFU, or for serving the workload's mix of tokens: generated ones at the rate "
        "memory bandwidth allows, prompt tokens at peak × MFU. The cost per useful "
        "PFLOP-hour compares offers by the work they deliver, not by their hourly price.",
    ),
    ("PUE", "Power usage effectiveness: facility power ÷ IT power, 1.2–1.6 in most data centres."),
    (
        "SLA",
        "Service-level agreement: the uptime a vendor commits to and the credits it pays "
        "when it falls short.",
    ),
    ("AFR, MTTR", "Annual failure rate of the hardware; mean time to repair a failure."),
    (
        "Knock-out",
        "A must-have a quote fails (data leaving the required region, a licence unlikely to "
        "be granted, a required certification not valid); a knocked-out quote is not ranked.",
    ),
    (
        "ECCN, TPP, PD",
        "Export control classification number (US Commerce Control List); total processing "
        "performance (dense peak × bit length) and performance density (TPP ÷ die area), "
        "which decide whether an accelerator needs a licence.",
    ),
    (
        "P10, P50, P90",
        "In the simulation, the TCO that 10 %, 50 % and 90 % of the simulated outcomes stay below.",
    ),
    ("Break-even", "The hours of use per day at which owning and renting cost the same."),
)
"""Terms the board pack uses, explained for readers outside procurement and IT."""


# --------------------------------------------------------------------------- absent sections

ABSENT = {
    "scorecard": "The scorecard has not been computed for this evaluation.",
    "scorecard_charts": (
        "Scorecard charts: the scorecard has not been computed for this evaluation."
    ),
    "tco": "Total cost of ownership not computed for this evaluation.",
    "lines": "No quote lines were recorded for this evaluation.",
    "compliance": "Compliance checks not run for this evaluation.",
    "compliance_clean": "The checks ran and found nothing to report.",
    "open_findings": "No open compliance findings (warnings or knock-outs).",
    "knockouts": "No quote was knocked out.",
    "risks": "No risks were recorded for this evaluation.",
    "exit_terms": "No exit terms were recorded for this evaluation's quotes.",
    "sensitivity": "Sensitivity analysis not run for this evaluation.",
    "monte_carlo": "Monte Carlo not run for this evaluation.",
    "break_even": (
        "Break-even curve not computed for this evaluation (no owned and rented option to compare)."
    ),
}
"""What the PDF and the workbook say where a section was not computed or is empty."""
