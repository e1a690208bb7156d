"""What each TCO covers: the same scope items for every quote, and where each figure comes from.

Quotes are compared like for like only when every total covers the same things. For
each scope item (compute, energy, facility, operations, network, storage, support,
installation, egress) a TCO either prices it from the quote (``QUOTED``), prices it
from the evaluation's assumptions (``ASSUMED``: the energy and operations of owned
hardware), has it inside the rent (``INCLUDED``: a cloud runs, powers and houses its
capacity), or leaves it out (``NOT_COSTED``) — which the reader must see before
comparing totals.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from computescore.domain.quotes import Deployment, Vendor
from computescore.domain.tco.compute_lines import ON_SITE_LESSORS
from computescore.domain.tco.records import Tco, TcoCategory, TcoLine


class ScopeState(StrEnum):
    """Where a scope item's figure comes from."""

    QUOTED = "quoted"
    ASSUMED = "assumed"
    INCLUDED = "included"
    NOT_COSTED = "not_costed"


SCOPE_ITEMS: Mapping[str, tuple[TcoCategory, ...]] = {
    "compute": (
        TcoCategory.RENTED_COMPUTE,
        TcoCategory.SPOT_OVERHEAD,
        TcoCategory.HARDWARE,
        TcoCategory.RESIDUAL_VALUE,
        TcoCategory.MAINTENANCE,
        TcoCategory.TOKENS,
    ),
    "energy": (TcoCategory.ENERGY, TcoCategory.POWER),
    "facility": (TcoCategory.FACILITY,),
    "operations": (TcoCategory.OPERATIONS,),
    "network": (TcoCategory.NETWORK,),
    "storage": (TcoCategory.STORAGE,),
    "support": (TcoCategory.SUPPORT,),
    "installation": (TcoCategory.INSTALLATION,),
    "egress": (TcoCategory.EGRESS,),
}
"""The scope items every TCO is read against, with the TCO categories that price each."""

RUN_BY_THE_VENDOR = frozenset({"energy", "facility", "operations"})
"""What a cloud's rent pays for: power, the building and the people who run it."""


@dataclass(frozen=True, slots=True)
class ScopeCell:
    """One scope item of one TCO: where its figure comes from and the amount (USD)."""

    item: str
    state: ScopeState
    amount_usd: float = 0.0


def _assumed(line: TcoLine) -> bool:
    return any(item.source == "assumption" for item in line.inputs)


def scope_of(tco: Tco, vendor: Vendor) -> tuple[ScopeCell, ...]:
    """Each scope item of ``tco`` (see the module's note), in :data:`SCOPE_ITEMS` order."""
    chosen = tco.chosen
    vendor_runs_it = (
        chosen is not None
        and not chosen.deployment.owned
        and not (chosen.deployment is Deployment.LEASE and vendor.kind in ON_SITE_LESSORS)
    ) or any(line.category is TcoCategory.TOKENS for line in tco.lines)
    cells = []
    for item, categories in SCOPE_ITEMS.items():
        lines = [line for line in tco.lines if line.category in categories]
        amount = math.fsum(line.amount_usd for line in lines)
        if any(not _assumed(line) for line in lines):
            state = ScopeState.QUOTED
        elif lines:
            state = ScopeState.ASSUMED
        elif vendor_runs_it and item in RUN_BY_THE_VENDOR:
            state = ScopeState.INCLUDED
        else:
            state = ScopeState.NOT_COSTED
        cells.append(ScopeCell(item, state, amount))
    return tuple(cells)
