"""Owned hardware housed in a facility (colocation) quote: priced for its load, the cheapest."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    FxRate,
    PriceUnit,
    VendorKind,
)
from computescore.domain.tco import Assumptions, TcoCategory, compute_tco
from computescore.domain.tco.housing import for_load, housed_in, is_facility_quote, load_share
from tests.domain.engine_records import (
    CATALOGUE,
    DECISION_DATE,
    compute_line,
    cost_line,
    quote,
    workload,
)

SERVER = compute_line("250000", PriceUnit.PER_UNIT, Deployment.PURCHASE, 8, nodes=1, per_node=8)
RENTED = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=12)


def colocation(name: str, per_kw: str, cabinet: str, currency: str = "USD"):  # type: ignore[no-untyped-def]
    """40 kW in two cabinets, two cross-connects, a build-out."""
    return quote(
        name,
        cost_line(
            per_kw, PriceUnit.PER_KW_MONTH, CostCategory.FACILITY, quantity="40", currency=currency
        ),
        cost_line(
            cabinet, PriceUnit.PER_MONTH, CostCategory.FACILITY, quantity="2", currency=currency
        ),
        cost_line(
            "100", PriceUnit.PER_MONTH, CostCategory.NETWORK, quantity="2", currency=currency
        ),
        cost_line("5000", PriceUnit.TOTAL, CostCategory.INSTALLATION, currency=currency),
        reference=name[:3].upper(),
        kind=VendorKind.COLOCATION,
    )


def _tco(q, *housings, **assumptions):  # type: ignore[no-untyped-def]
    return compute_tco(
        q,
        workload(hours_per_day=12, horizon_months=12),
        CATALOGUE,
        (FxRate("EUR", Decimal("1.10"), DECISION_DATE),),
        DECISION_DATE,
        Assumptions(**assumptions),  # type: ignore[arg-type]
        housings=housings,
    )


def test_a_server_is_housed_for_its_own_load_in_the_cheapest_facility() -> None:
    owned = quote("Maker", SERVER, kind=VendorKind.SERVER_MAKER)
    cheap = colocation("Alpha Colo", "150", "800")
    dear = colocation("Beta Colo", "180", "500")
    tco = _tco(owned, dear, cheap)
    # 8 × H100 at 700 W × 1.8 = 10.08 kW, a quarter (0.252) of the 40 kW quoted.
    # Alpha: 150 × 10.08 × 12 = 18,144 + 1 cabinet (2 × 0.252 → 1) × 800 × 12 = 9,600
    #        + 1 cross-connect × 100 × 12 = 1,200 + build-out 5,000 = 33,944.
    # Beta:  180 × 10.08 × 12 = 21,772.8 + 500 × 12 + 1,200 + 5,000 = 33,972.8.
    assert tco.housed_at == cheap.key
    housed = [line for line in tco.lines if "(at Alpha Colo)" in line.label]
    assert [round(line.amount_usd, 2) for line in housed] == [18_144.0, 9_600.0, 1_200.0, 5_000.0]
    assert not any(line.label.startswith("Facility: 8 ×") for line in tco.lines)
    assert any("the cheapest of 2 facility quotes" in p.message for p in tco.problems)
    alone = _tco(owned)
    assert tco.total_usd == pytest.approx(alone.total_usd + 33_944.0)


def test_a_facility_in_another_currency_is_converted_and_listed() -> None:
    owned = quote("Maker", SERVER, kind=VendorKind.SERVER_MAKER)
    tco = _tco(owned, colocation("Euro Colo", "150", "800", currency="EUR"))
    # The same items as Alpha above, in EUR at 1.10: 33,944 × 1.10 = 37,338.4.
    housed = sum(line.amount_usd for line in tco.lines if "(at Euro Colo)" in line.label)
    assert housed == pytest.approx(37_338.4)
    assert [fx.currency for fx in tco.fx_used] == ["EUR"]


def test_what_is_not_housed() -> None:
    owned = quote("Maker", SERVER, kind=VendorKind.SERVER_MAKER)
    no_rate = colocation("Yen Colo", "150", "800", currency="JPY")
    # A facility that cannot be costed is never the cheapest: the assumption houses it.
    tco = _tco(owned, no_rate, facility_usd_per_kw_month=100.0)
    assert tco.housed_at == "" and tco.complete
    facility = [line for line in tco.lines if line.category is TcoCategory.FACILITY]
    assert [round(line.amount_usd, 2) for line in facility] == [12_096.0]  # 100 × 10.08 × 12
    # Rented capacity is housed by its cloud: no facility quote is added to it.
    rented = _tco(quote("Cloud", RENTED), colocation("Alpha Colo", "150", "800"))
    assert rented.housed_at == "" and not any("(at " in line.label for line in rented.lines)
    # A quote with facility lines of its own keeps them.
    own = quote(
        "Maker",
        SERVER,
        cost_line("90", PriceUnit.PER_KW_MONTH, CostCategory.FACILITY),
        kind=VendorKind.SERVER_MAKER,
    )
    assert _tco(own, colocation("Alpha Colo", "150", "800")).housed_at == ""


def test_which_quotes_can_house_hardware() -> None:
    assert is_facility_quote(colocation("Alpha Colo", "150", "800"))
    assert not is_facility_quote(quote("Maker", SERVER))
    support_only = quote("Help", cost_line("900", PriceUnit.PER_MONTH, CostCategory.SUPPORT))
    assert not is_facility_quote(support_only)


@given(st.floats(min_value=0.1, max_value=400.0), st.integers(min_value=1, max_value=20))
def test_counted_items_cover_the_load_and_never_drop_to_zero(kw: float, cabinets: int) -> None:
    facility = colocation("Alpha Colo", "150", "800")
    line = cost_line("800", PriceUnit.PER_MONTH, CostCategory.FACILITY, quantity=str(cabinets))
    share = load_share(facility, kw)
    assert share == pytest.approx(kw / 40)
    scaled = for_load(line, share)
    assert scaled.quantity is not None
    items = int(scaled.quantity)
    # At least one item, and as many as the quoted ratio of items to kW needs, no more.
    assert items >= 1
    assert items >= cabinets * kw / 40 - 1e-6
    assert items - 1 < max(cabinets * kw / 40, 1) + 1e-6
    # Per-kW lines take the owned load; a total is as quoted.
    per_kw = cost_line("150", PriceUnit.PER_KW_MONTH, CostCategory.FACILITY, quantity="40")
    assert for_load(per_kw, share).quantity is None
    build = cost_line("5000", PriceUnit.TOTAL, CostCategory.INSTALLATION)
    assert for_load(build, share) == build


def test_each_option_says_where_its_hardware_is_housed() -> None:
    """A quote that sells servers and rents capacity: only the bought option is housed,
    whichever option the TCO chooses."""
    both = quote("Maker", SERVER, RENTED, kind=VendorKind.SERVER_MAKER)
    colo = colocation("Alpha Colo", "150", "800")
    tco = _tco(both, colo)
    by_deployment = {o.deployment: o for o in tco.options}
    assert housed_in(by_deployment[Deployment.PURCHASE].lines, (colo,)) == colo
    assert housed_in(by_deployment[Deployment.RESERVED].lines, (colo,)) is None
    assert housed_in(by_deployment[Deployment.PURCHASE].lines, ()) is None
