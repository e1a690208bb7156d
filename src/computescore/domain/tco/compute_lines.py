"""Compute lines: rented capacity (reserved, on-demand, spot) and owned hardware."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from computescore.domain.catalog import Accelerator
from computescore.domain.figures import Figure, Input, format_money, format_number
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    PriceUnit,
    Quote,
    QuoteLine,
    VendorKind,
)
from computescore.domain.resale import value_share
from computescore.domain.tco.assumptions import DAYS_PER_MONTH
from computescore.domain.tco.commitments import owed_past_horizon
from computescore.domain.tco.helpers import (
    _join,
    _line_source,
    _model,
    _scale_note,
    price_unit_text,
)
from computescore.domain.tco.housing import house
from computescore.domain.tco.records import TcoCategory, Timing, stated_prepayment
from computescore.domain.unit_economics import spot_lost_work
from computescore.domain.units import HOURS_PER_MONTH, MONTHS_PER_YEAR

if TYPE_CHECKING:
    from computescore.domain.tco.assumptions import Assumptions
    from computescore.domain.tco.helpers import _Builder
    from computescore.domain.tco.records import FxUsed, ScaledCount


def prepaid_share(prepaid: float, term_months: int | None, months: int) -> float:
    """The share of a commitment's payments within the horizon that is paid up front.

    The vendor takes ``prepaid`` of the first term before service starts; the first term
    is the whole of the ``months`` paid unless the term is shorter (renewed after it).
    50 % of a 12-month term over 36 months is 1/6 of the line.

    >>> round(prepaid_share(0.5, 12, 36), 4)
    0.1667
    """
    first = months if term_months is None or term_months <= 0 else min(term_months, months)
    return max(0.0, min(prepaid, 1.0)) * first / months if months > 0 else 0.0


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
            if not b.a.owe_terms_past_horizon:
                b.problems.append(
                    Problem(
                        source,
                        f"the {term}-month commitment runs {term - H} months past the "
                        f"{H}-month horizon; those months are outside this TCO (as assumed)",
                        Severity.INFO,
                    )
                )
            note = f"{term}-month term: {H} months in the horizon"
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
    elif unit in (PriceUnit.PER_MONTH, PriceUnit.PER_YEAR):
        yearly = unit is PriceUnit.PER_YEAR
        model = _model(fx, k0=price * factor * months / (MONTHS_PER_YEAR if yearly else 1))
        formula, inputs, timing = (
            "price × scale × months" + (" / 12" if yearly else ""),
            (
                Input("price", price, f"{line.currency}/{'year' if yearly else 'month'}", source),
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
    paid = model
    prepaid = stated_prepayment(line) if timing is Timing.MONTHLY else None
    if prepaid:
        share = prepaid_share(prepaid, line.term_months, months)
        paid = model.scaled(1 - share)
        b.add(
            f"Prepaid: {what.split(': ', 1)[-1]}",
            TcoCategory.RENTED_COMPUTE,
            model.scaled(share),
            f"{formula} × {format_number(round(share, 4))} (the share prepaid)",
            (
                *inputs,
                Input("prepaid", prepaid * 100, "% of the first term", source),
                Input("share of the line prepaid", share),
            ),
            Timing.UPFRONT,
            months,
            source,
            line.currency,
            fx,
            "paid before service starts; a renewal's own prepayment is counted monthly",
        )
    b.add(
        what + (" (the rest, monthly)" if prepaid else ""),
        TcoCategory.RENTED_COMPUTE,
        paid,
        f"{formula} × (1 − the share prepaid)" if prepaid else formula,
        inputs,
        timing,
        months,
        source,
        line.currency,
        fx,
        note,
    )
    if committed and line.term_months is not None and line.term_months > H:
        owed_past_horizon(b, line, what, model, timing, source, fx)
    lost = spot_lost_share(b.quote, b.a) if deployment is Deployment.SPOT else None
    if lost is not None and lost.value > 0:
        b.add(
            f"Spot lost work (checkpoint and restart): {count} × {name}",
            TcoCategory.SPOT_OVERHEAD,
            model.scaled(lost.value),
            f"spot compute × lost-work share ({lost.formula})",
            (*lost.inputs, Input("lost-work share", lost.value, "of spot hours")),
            timing,
            months,
            source,
            line.currency,
            fx,
            note=lost.note,
        )
    return True


def spot_lost_share(quote: Quote, a: Assumptions) -> Figure:
    """The share of spot hours lost to interruptions and checkpoints (DOMAIN §8).

    Interruptions per hour × (checkpoint interval ÷ 2 + restart) + write time ÷
    interval, with the quote's stated interruption rate where it gives one, else the
    assumed rate, labelled as such; a flat share set in the assumptions replaces it.
    """
    if a.spot_overhead is not None:
        return Figure(
            "Spot lost work",
            a.spot_overhead,
            "share of hours",
            "flat share set in the assumptions",
            (Input("lost-work share", a.spot_overhead, "", "assumption"),),
        )
    stated = quote.reliability.spot_interruptions_per_hour
    return spot_lost_work(
        a.spot_interruptions_per_hour if stated is None else stated,
        a.checkpoint_interval_hours,
        a.spot_restart_hours,
        a.checkpoint_write_hours,
        stated=stated is not None,
    )


def _owned(
    b: _Builder,
    index: int,
    line: QuoteLine,
    accelerator: Accelerator | None,
    fx: FxUsed | None,
    scaled: ScaledCount,
    life: Figure | None = None,
) -> float | None:
    """Add the lines of owned capacity; returns its IT load in kW (0 when unknown).

    ``life`` is the part's economic life (:func:`~computescore.domain.resale.economic_life`);
    None: the depreciation life. Returns None when the line cannot be priced.
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
    life_years = life.value if life is not None else b.a.depreciation_years
    life_months = life_years * MONTHS_PER_YEAR
    d = min(1.0, H / life_months)
    value_now = hardware * value_share(H, life_years, b.a.residual_fraction)
    depreciation_usd = (hardware - value_now) * (fx.usd_per_unit if fx else 1.0)
    b.add(
        f"Value remaining at horizon end: {count} × {name}",
        TcoCategory.RESIDUAL_VALUE,
        _model(fx, k0=-hardware * (1 - d), k_r=-hardware * d),
        "−hardware × (1 − d × (1 − residual)), d = min(1, horizon / economic life)",
        (
            Input("hardware", hardware, line.currency),
            Input("horizon", H, "months"),
            Input(
                "economic life",
                life_months,
                "months",
                life.formula if life is not None and life.note else "depreciation life",
            ),
            Input("residual", b.a.residual_fraction, "of price", "assumption"),
            Input("d", d),
        ),
        Timing.END,
        0,
        source,
        line.currency,
        fx,
        note="; ".join(
            part
            for part in (
                f"depreciation over the horizon = {format_money(depreciation_usd)}",
                life.note if life is not None else "",
            )
            if part
        ),
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
    return _on_site(b, source, count, name, accelerator, line.accelerator)


ON_SITE_LESSORS = frozenset({VendorKind.SERVER_MAKER, VendorKind.DOMESTIC_ACCELERATOR})
"""Vendors whose leases are servers delivered to the buyer's site (clouds lease capacity)."""


def installed_on_site(quote: Quote, deployment: Deployment) -> bool:
    """True for a lease of servers the buyer runs on its own premises (a server maker's)."""
    return deployment is Deployment.LEASE and quote.vendor.kind in ON_SITE_LESSORS


def _leased_on_site(
    b: _Builder,
    index: int,
    line: QuoteLine,
    accelerator: Accelerator | None,
    scaled: ScaledCount,
) -> float:
    """The running costs of leased servers at the buyer's site; returns their IT load in kW."""
    name = accelerator.display_name if accelerator else (line.accelerator or "accelerators")
    source = _line_source(b.quote, index, line)
    return _on_site(b, source, scaled.accelerators, name, accelerator, line.accelerator)


def _on_site(
    b: _Builder,
    source: str,
    count: int,
    name: str,
    accelerator: Accelerator | None,
    accelerator_id: str | None,
) -> float:
    """Add the running costs of hardware at the buyer's site; returns its IT load in kW.

    Owned hardware and a server maker's lease installed on the buyer's premises cost
    the same to run: operations (staff, tooling, spares) for every hour the fleet
    exists, not only the hours it is busy; energy in use and idle; and the facility.
    """
    H = b.horizon
    if b.a.ops_usd_per_gpu_hour > 0:
        b.add_assumed(
            f"Operations: {count} × {name}",
            TcoCategory.OPERATIONS,
            _model(None, k0=b.a.ops_usd_per_gpu_hour * count * H * HOURS_PER_MONTH),
            "ops cost per GPU-hour × GPUs × 730 h × months (the fleet is run whether busy or idle)",
            (
                Input("ops", b.a.ops_usd_per_gpu_hour, "USD/GPU-h", "assumption"),
                Input("GPUs", count),
                Input("hours per month", HOURS_PER_MONTH, "h"),
                Input("months", H, "months"),
            ),
            source,
        )
    if accelerator is None:
        b.problems.append(
            Problem(
                source,
                f"accelerator {accelerator_id!r} is not in the "
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
    b.add_assumed(
        f"Energy in use: {count} × {name}",
        TcoCategory.ENERGY,
        _model(None, k_eh=kw * b.a.pue * H * DAYS_PER_MONTH),
        "kW × PUE × hours per day × months × 730/24 × USD/kWh",
        (*power_inputs, Input("hours per day", b.h, "h"), Input("months", H, "months")),
        source,
    )
    if b.a.idle_power_fraction > 0:
        idle = kw * b.a.idle_power_fraction * b.a.pue * H * DAYS_PER_MONTH
        b.add_assumed(
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
            source,
        )
    has_own_facility = any(item.category is CostCategory.FACILITY for item in b.quote.lines)
    if not has_own_facility and b.housings and house(b, source, kw):
        return kw
    if b.a.facility_usd_per_kw_month > 0:
        b.add_assumed(
            f"Facility: {count} × {name}",
            TcoCategory.FACILITY,
            _model(None, k0=b.a.facility_usd_per_kw_month * kw * H),
            "USD per kW-month × kW × months",
            (
                Input("facility", b.a.facility_usd_per_kw_month, "USD/kW-month", "assumption"),
                Input("power", kw, "kW"),
                Input("months", H, "months"),
            ),
            source,
        )
    elif not has_own_facility:
        # Shown at 0 so the reader sees that rack space, power feed and cooling of the
        # facility are assumed paid for, not forgotten.
        b.add_assumed(
            f"Facility: {count} × {name}",
            TcoCategory.FACILITY,
            _model(None),
            "USD per kW-month × kW × months",
            (
                Input("facility", 0.0, "USD/kW-month", "assumption"),
                Input("power", kw, "kW"),
                Input("months", H, "months"),
            ),
            source,
            note="assumed 0 USD per kW-month: premises already paid for; set the facility "
            "assumption or add a colocation quote's cost",
        )
    return kw
