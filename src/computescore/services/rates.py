"""Exchange rates: list, set and delete the dated rates that convert quotes to US dollars.

A rate is "how many US dollars one unit of the currency buys" on a date; the TCO of a
quote uses, for each currency, the latest rate dated on or before the evaluation's
decision date. Every change is audited by the store.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING

from computescore.domain.quotes import FxRate
from computescore.errors import UsageError

if TYPE_CHECKING:
    from computescore.store.repository import Store

_CURRENCY = re.compile(r"[A-Z]{3}")


def parse_rate(
    currency: str, usd_per_unit: str | float | Decimal, as_of: date, source: str = ""
) -> FxRate:
    """A checked rate.

    Raises:
        UsageError: the currency is not a three-letter code other than USD, or the rate is
            not a positive number.
    """
    code = currency.strip().upper()
    if not _CURRENCY.fullmatch(code) or code == "USD":
        raise UsageError(
            f"{currency!r} is not a currency to convert: expected a three-letter ISO code "
            "other than USD (EUR, GBP, JPY …)."
        )
    try:
        value = Decimal(str(usd_per_unit).strip().replace(",", "."))
    except InvalidOperation:
        raise UsageError(
            f"The rate {usd_per_unit!r} is not a number: expected US dollars per {code}, "
            "e.g. 1.085."
        ) from None
    if not value.is_finite() or value <= 0 or not math.isfinite(float(value)):
        raise UsageError(f"The rate for {code} must be a positive number of US dollars per {code}.")
    return FxRate(code, value, as_of, source.strip())


def list_rates(store: Store) -> tuple[FxRate, ...]:
    """Every stored rate, by currency then date."""
    with store.reading() as uow:
        return uow.fx_rates()


def set_rate(store: Store, rate: FxRate) -> FxRate | None:
    """Store ``rate`` (replacing the one of that currency and date); returns the old one."""
    with store.transaction() as uow:
        old = next(
            (r for r in uow.fx_rates() if r.currency == rate.currency and r.as_of == rate.as_of),
            None,
        )
        uow.set_fx_rate(rate)
    return old


def delete_rate(store: Store, currency: str, as_of: date) -> FxRate:
    """Delete the rate of ``currency`` on ``as_of``; returns it.

    Raises:
        UsageError: there is no such rate (the message lists the dates there are).
    """
    code = currency.strip().upper()
    with store.transaction() as uow:
        rates = [r for r in uow.fx_rates() if r.currency == code]
        found = next((r for r in rates if r.as_of == as_of), None)
        if found is None:
            dates = ", ".join(r.as_of.isoformat() for r in rates) or "none"
            raise UsageError(f"No {code} rate dated {as_of.isoformat()}; its rates: {dates}.")
        uow.delete_fx_rate(code, as_of)
    return found


def rates_from_file(
    path: Path, *, currencies: Sequence[str] = (), all_dates: bool = False
) -> tuple[FxRate, ...]:
    """The checked rates of an ECB or plain rates file (``io.rates_file``), not yet stored.

    By default only the newest date of the file is taken (the ECB history file goes
    back to 1999); ``all_dates`` takes every date, ``currencies`` limits the codes.
    """
    from computescore.io.rates_file import read_rates_file

    rows = read_rates_file(path)
    wanted = {c.strip().upper() for c in currencies if c.strip()}
    if wanted:
        missing = wanted - {r.currency for r in rows}
        if missing:
            raise UsageError(
                f"{path.name} has no rate for {', '.join(sorted(missing))}; it has "
                + ", ".join(sorted({r.currency for r in rows}))
                + "."
            )
        rows = [r for r in rows if r.currency in wanted]
    if not all_dates and rows:
        newest = max(r.as_of for r in rows)
        rows = [r for r in rows if r.as_of == newest]
    return tuple(parse_rate(r.currency, r.usd_per_unit, r.as_of, r.source) for r in rows)


def import_rates(
    store: Store,
    path: Path,
    *,
    currencies: Sequence[str] = (),
    all_dates: bool = False,
) -> tuple[FxRate, ...]:
    """Store the rates of a rates file (see :func:`rates_from_file`) in one transaction."""
    rates = rates_from_file(path, currencies=currencies, all_dates=all_dates)
    with store.transaction() as uow:
        for rate in rates:
            uow.set_fx_rate(rate)
    return rates
