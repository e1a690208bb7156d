"""Price units: the per GPU, per node, per hour … a price is for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from computescore.domain.quotes import PriceUnit
from computescore.io.values.money import Basis, Period

if TYPE_CHECKING:
    from computescore.io.values.money import UnitHint


_TOKEN_UNITS = {
    Basis.TOKENS: PriceUnit.PER_MILLION_TOKENS,
    Basis.INPUT_TOKENS: PriceUnit.PER_MILLION_INPUT_TOKENS,
    Basis.OUTPUT_TOKENS: PriceUnit.PER_MILLION_OUTPUT_TOKENS,
    Basis.CACHED_TOKENS: PriceUnit.PER_MILLION_CACHED_TOKENS,
}


def price_unit_for(hint: UnitHint, *, compute: bool, node_priced: bool) -> PriceUnit | None:
    """The canonical unit for a hint, given whether the line buys compute and is priced per node.

    ``node_priced`` is the line's context (a node or instance name, a per-node count): it
    decides whether a bare "per hour" is per node-hour or per GPU-hour on compute lines.
    One-off prices are per item when the text says so ("pc.", "per cabinet") and for the
    line otherwise ("one-off", "lump sum"). Cost lines use the generic recurring units.
    A price per million tokens is a token API's, whatever the line. Returns None when the
    hint does not determine a unit.
    """
    period, basis = hint.period, hint.basis
    if basis in _TOKEN_UNITS:
        return _TOKEN_UNITS[basis]
    if basis is Basis.GB:
        return (
            PriceUnit.PER_GB_MONTH
            if period is Period.MONTH
            else (PriceUnit.PER_GB if period in (None, Period.ONCE) else None)
        )
    if basis is Basis.KW:
        return PriceUnit.PER_KW_MONTH if period in (None, Period.MONTH) else None
    if period is Period.ONCE or (period is None and basis in (Basis.UNIT, Basis.TOTAL)):
        return PriceUnit.PER_UNIT if basis is Basis.UNIT else PriceUnit.TOTAL
    if period is Period.YEAR:
        return PriceUnit.PER_YEAR
    if period in (Period.HOUR, Period.MONTH):
        if not compute:
            return PriceUnit.PER_MONTH if period is Period.MONTH else None
        per_node = basis in (Basis.NODE, Basis.UNIT) or (basis is None and node_priced)
        if period is Period.HOUR:
            return PriceUnit.PER_NODE_HOUR if per_node else PriceUnit.PER_GPU_HOUR
        return PriceUnit.PER_NODE_MONTH if per_node else PriceUnit.PER_GPU_MONTH
    return None
