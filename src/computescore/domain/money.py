"""Currency conversion through a dated FX table, and unit prices in USD per GPU-hour."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from computescore.domain.quotes import FxRate, PriceUnit, QuoteLine
from computescore.domain.units import HOURS_PER_MONTH


@dataclass(frozen=True, slots=True)
class Conversion:
    """An amount converted to USD, with the rate that was used."""

    usd: float
    rate: FxRate | None
    """None when the amount was already in USD."""


def rate_on(currency: str, day: date, rates: Iterable[FxRate]) -> FxRate | None:
    """The newest rate for ``currency`` dated on or before ``day``; None if there is none.

    USD needs no rate: callers treat it as 1 without a table entry.
    """
    best: FxRate | None = None
    for rate in rates:
        if rate.currency != currency.upper() or rate.as_of > day:
            continue
        if best is None or rate.as_of > best.as_of:
            best = rate
    return best


def to_usd(
    amount: Decimal | float, currency: str, day: date, rates: Iterable[FxRate]
) -> Conversion | None:
    """Convert ``amount`` of ``currency`` to USD at the rate in force on ``day``.

    Returns None when no rate for the currency is dated on or before ``day``.
    """
    if currency.upper() == "USD":
        return Conversion(float(amount), None)
    rate = rate_on(currency, day, rates)
    if rate is None:
        return None
    return Conversion(float(Decimal(str(amount)) * rate.usd_per_unit), rate)


def gpu_hours_per_price_unit(line: QuoteLine) -> float | None:
    """How many GPU-hours one unit of the line's price buys (recurring compute prices only).

    per GPU-hour → 1; per node-hour → GPUs per node; per GPU-month → 730;
    per node-month → 730 × GPUs per node. None for one-off prices or when a node
    price has no per-node count.
    """
    unit = line.price_unit
    if unit is PriceUnit.PER_GPU_HOUR:
        return 1.0
    if unit is PriceUnit.PER_GPU_MONTH:
        return float(HOURS_PER_MONTH)
    per_node = line.accelerators_per_node
    if per_node is None and line.nodes and line.accelerator_count:
        per_node = line.accelerator_count // line.nodes if line.nodes else None
    if unit is PriceUnit.PER_NODE_HOUR and per_node:
        return float(per_node)
    if unit is PriceUnit.PER_NODE_MONTH and per_node:
        return float(HOURS_PER_MONTH * per_node)
    return None


def usd_per_gpu_hour(line: QuoteLine, day: date, rates: Iterable[FxRate]) -> float | None:
    """The line's recurring price in USD per GPU-hour (730 h/month), or None.

    None for cost lines, one-off prices, node prices without a per-node count, or a
    currency with no rate on or before ``day``.
    """
    if line.accelerator is None:
        return None
    hours = gpu_hours_per_price_unit(line)
    if hours is None:
        return None
    converted = to_usd(line.price, line.currency, day, rates)
    if converted is None:
        return None
    return converted.usd / hours
