"""Re-evaluating a TCO quickly with other assumptions (sensitivity, simulation)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from computescore.domain.tco.helpers import discount_factor
from computescore.domain.tco.options import comparable_options

if TYPE_CHECKING:
    from computescore.domain.tco.records import Coefficients, Tco, TcoLine, TcoOption


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
