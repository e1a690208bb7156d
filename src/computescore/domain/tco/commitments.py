"""A commitment's months past the horizon: owed when the workload ends.

Shared by compute lines (a 36-month lease for a 12-month need) and cost lines (power
upgrades financed over 36 months).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from computescore.domain.figures import Input, format_number
from computescore.domain.quotes import QuoteLine
from computescore.domain.tco.records import TcoCategory, Timing

if TYPE_CHECKING:
    from computescore.domain.tco.helpers import _Builder
    from computescore.domain.tco.records import FxUsed, LineModel


def owed_share(remaining_months: int, horizon_months: int, fee_pct: float | None) -> float:
    """What a commitment's months past the horizon add, as a share of its cost within it.

    The remaining months are owed in full (a commitment cannot be handed back), unless
    the quote states an early-termination fee: then that share of the remaining contract
    value ends it. 24 months past a 12-month horizon: 2.0; with a 25 % fee: 0.5.
    """
    remaining = remaining_months / horizon_months
    if fee_pct is None:
        return remaining
    return remaining * min(max(fee_pct, 0.0), 100.0) / 100.0


def owed_past_horizon(
    b: _Builder,
    line: QuoteLine,
    what: str,
    model: LineModel,
    timing: Timing,
    source: str,
    fx: FxUsed | None,
    category: TcoCategory = TcoCategory.RENTED_COMPUTE,
) -> None:
    """The months of a commitment past the horizon, owed when the workload ends.

    Counted unless the buyer assumes otherwise (``Assumptions.owe_terms_past_horizon``):
    a 36-month lease for a 12-month need costs the 24 months after it too, or the
    quote's early-termination fee on them. Owed as one sum at the horizon's end, in
    ``category`` (a financed cost line's months are owed as its own category's).
    """
    H = b.horizon
    term = line.term_months
    if timing is not Timing.MONTHLY or term is None or term <= H or not b.a.owe_terms_past_horizon:
        return
    past = term - H
    fee = b.quote.exit_terms.termination_fee_pct
    share = owed_share(past, H, fee)
    if fee is None:
        formula = (
            f"the line's cost over {H} months × {past} ÷ {H} (the {term}-month commitment runs "
            f"{past} months past the horizon; owed whether used or not)"
        )
        label = f"Commitment past the horizon: {past} months owed, {what.split(': ', 1)[-1]}"
    else:
        formula = (
            f"the line's cost over {H} months × {past} ÷ {H} × {format_number(fee)} % (the "
            f"quote's early-termination fee on the {past} months past the horizon)"
        )
        label = f"Early termination: {past} months left, {what.split(': ', 1)[-1]}"
    b.add(
        label,
        category,
        model.scaled(share),
        formula,
        (
            Input("months past the horizon", past, "months"),
            Input("horizon", H, "months"),
            *(() if fee is None else (Input("early-termination fee", fee, "%", "exit terms"),)),
        ),
        Timing.END,
        H,
        source,
        line.currency,
        fx,
        "owed at the horizon's end; assume otherwise under Assumptions",
    )
