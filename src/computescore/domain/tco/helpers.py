"""Small shared steps of the TCO: scaling to the need, cash flows, line building."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from computescore.domain.figures import Input, format_number
from computescore.domain.money import rate_on
from computescore.domain.problems import Problem
from computescore.domain.quotes import (
    FxRate,
    PriceUnit,
    Quote,
    QuoteLine,
)
from computescore.domain.tco.records import FxUsed, LineModel, ScaledCount, TcoLine, Timing
from computescore.domain.units import MONTHS_PER_YEAR

if TYPE_CHECKING:
    from computescore.domain.tco.assumptions import Assumptions
    from computescore.domain.tco.records import TcoCategory


def discount_factor(timing: Timing, months: int, horizon_months: int, annual_rate: float) -> float:
    """Present value of one USD spread per ``timing`` at ``annual_rate`` (monthly compounding).

    Up front: 1; at the horizon's end: v^H; monthly over ``months`` months starting at
    month 0: the mean of v^k for k = 0 … months − 1, where v = (1 + rate)^(−1/12).
    """
    if annual_rate <= 0:
        return 1.0
    v = (1.0 + annual_rate) ** (-1.0 / MONTHS_PER_YEAR)
    if timing is Timing.UPFRONT:
        return 1.0
    if timing is Timing.END:
        return float(v**horizon_months)
    if months <= 0:
        return 1.0
    return float((1.0 - v**months) / (1.0 - v) / months)


def cash_flow(lines: Sequence[TcoLine], horizon_months: int) -> tuple[float, ...]:
    """Monthly cash flow in USD, months 0 … H (one-offs at 0, resale value at H)."""
    flows = [0.0] * (horizon_months + 1)
    per_month: dict[int, float] = {}
    for line in lines:
        if line.timing is Timing.UPFRONT:
            flows[0] += line.amount_usd
        elif line.timing is Timing.END:
            flows[horizon_months] += line.amount_usd
        else:
            months = max(1, min(line.months, horizon_months))
            per_month[months] = per_month.get(months, 0.0) + line.amount_usd / months
    for months, share in per_month.items():
        for month in range(months):
            flows[month] += share
    return tuple(flows)


def fx_expected(code: str) -> str:
    """What a line priced in ``code`` needed and did not find (the problem's ``expected``)."""
    return f"an FX rate for {code} in the FX table"


class _Builder:
    """Collects the lines of one quote's TCO with shared context."""

    def __init__(
        self,
        quote: Quote,
        horizon: int,
        hours_per_day: float,
        assumptions: Assumptions,
        fx_rates: Sequence[FxRate],
        on: date,
    ) -> None:
        self.quote = quote
        self.horizon = horizon
        self.h = hours_per_day
        self.a = assumptions
        self.fx_rates = fx_rates
        self.on = on
        self.lines: list[TcoLine] = []
        self.problems: list[Problem] = []
        self.fx_cache: dict[str, FxUsed | None] = {}
        self.complete = True
        self.tokens_per_day: float | None = None
        """The workload's tokens a day, for lines priced per million tokens."""
        self.housings: tuple[Quote, ...] = ()
        """Facility quotes that may house owned hardware (see ``tco.housing``)."""
        self.housed_at = ""
        """The key of the facility quote the owned option is housed in ("" for none)."""

    def fx(self, currency: str, source: str) -> FxUsed | None:
        code = currency.upper()
        if code == "USD":
            return None
        if code not in self.fx_cache:
            override = self.a.fx_override.get(code)
            if override is not None:
                self.fx_cache[code] = FxUsed(code, float(override), None, "user override")
            else:
                rate = rate_on(code, self.on, self.fx_rates)
                self.fx_cache[code] = (
                    None
                    if rate is None
                    else FxUsed(code, float(rate.usd_per_unit), rate.as_of, rate.source)
                )
        used = self.fx_cache[code]
        if used is None:
            self.problems.append(
                Problem(
                    source,
                    f"no {code} → USD rate dated on or before {self.on.isoformat()}; "
                    "the line is left out of the TCO",
                    expected=fx_expected(code),
                )
            )
            self.complete = False
        return used

    def add(
        self,
        label: str,
        category: TcoCategory,
        model: LineModel,
        formula: str,
        inputs: tuple[Input, ...],
        timing: Timing,
        months: int,
        source: str,
        currency: str,
        fx: FxUsed | None,
        note: str = "",
        costed: bool = True,
    ) -> None:
        amount = model.usd(self.h, self.a.energy_usd_per_kwh, self.a.residual_fraction)
        pv = amount * discount_factor(timing, months, self.horizon, self.a.discount_rate)
        inputs_with_fx = (
            inputs
            if fx is None
            else (*inputs, Input("FX", fx.usd_per_unit, f"USD/{fx.currency}", fx.text()))
        )
        self.lines.append(
            TcoLine(
                label,
                category,
                amount,
                formula,
                inputs_with_fx,
                timing,
                months,
                pv,
                source,
                currency.upper(),
                fx,
                model,
                note,
                costed,
            )
        )

    def add_assumed(
        self,
        label: str,
        category: TcoCategory,
        model: LineModel,
        formula: str,
        inputs: tuple[Input, ...],
        source: str,
        note: str = "",
    ) -> None:
        """Add a cost the evaluation's assumptions price in USD, paid monthly over the
        horizon (operations, energy, facility): no quoted currency, no FX."""
        self.add(
            label,
            category,
            model,
            formula,
            inputs,
            Timing.MONTHLY,
            self.horizon,
            source,
            "USD",
            None,
            note,
        )


_PRICE_UNIT_WORDS: Mapping[PriceUnit, str] = {
    PriceUnit.PER_GPU_HOUR: "GPU-h",
    PriceUnit.PER_NODE_HOUR: "node-h",
    PriceUnit.PER_GPU_MONTH: "GPU-month",
    PriceUnit.PER_NODE_MONTH: "node-month",
    PriceUnit.PER_UNIT: "unit",
    PriceUnit.PER_MONTH: "month",
    PriceUnit.PER_YEAR: "year",
    PriceUnit.PER_GB: "GB",
    PriceUnit.PER_GB_MONTH: "GB-month",
    PriceUnit.PER_KW_MONTH: "kW-month",
    PriceUnit.PER_MILLION_TOKENS: "M tokens",
    PriceUnit.PER_MILLION_INPUT_TOKENS: "M input tokens",
    PriceUnit.PER_MILLION_OUTPUT_TOKENS: "M output tokens",
    PriceUnit.PER_MILLION_CACHED_TOKENS: "M cached tokens",
}


def price_unit_text(currency: str, unit: PriceUnit) -> str:
    """The unit of a quoted price as people write it: ``EUR/node-month``, ``USD`` (one-off)."""
    word = _PRICE_UNIT_WORDS.get(unit)
    return f"{currency.upper()}/{word}" if word else currency.upper()


def _line_source(quote: Quote, index: int, line: QuoteLine) -> str:
    return line.source or f"quote:{quote.key}#line{index + 1}"


def _model(fx: FxUsed | None, **coefficients: float) -> LineModel:
    return LineModel(
        usd_per_unit=1.0 if fx is None else fx.usd_per_unit, foreign=fx is not None, **coefficients
    )


_PER_ACCELERATOR = frozenset((PriceUnit.PER_GPU_HOUR, PriceUnit.PER_GPU_MONTH))


def sized_offer(line: QuoteLine, needed: int | None) -> QuoteLine | None:
    """A compute line that states no quantity (a price list's offer), sized for the need.

    With a node size the need is rounded up to whole nodes (12 needed at 8 per node →
    2 nodes of 8); a price per accelerator-hour or -month without one is priced for the
    need itself. None when the line states a quantity, the need is unknown, or the
    line is priced per node of unknown size (its accelerators cannot be counted).
    """
    if line.gpu_count > 0 or needed is None or needed < 1:
        return None
    per_node = line.accelerators_per_node
    if per_node:
        nodes = math.ceil(needed / per_node)
        return replace(line, nodes=nodes, accelerator_count=nodes * per_node)
    if line.price_unit in _PER_ACCELERATOR:
        return replace(line, accelerator_count=needed)
    return None


def scale_to_need(line: QuoteLine, needed: int | None) -> ScaledCount:
    """The accelerators and whole nodes a compute line is priced for, given the need.

    Accelerators per node are the line's ``accelerators_per_node``, else its count ÷
    its nodes. With a node size, the need is rounded up to whole nodes (12 needed at
    8 per node → 2 nodes, 16 accelerators paid for); without one, the need itself is
    priced. ``needed`` None (or below 1) prices the line as quoted.

    Args:
        line: a compute line with a positive accelerator count.
        needed: accelerators the workload needs at once.

    Returns:
        The :class:`ScaledCount` (counts are accelerators and nodes; ``factor`` is a
        ratio).
    """
    quoted = line.gpu_count
    per_node: float | None = (
        float(line.accelerators_per_node)
        if line.accelerators_per_node
        else (quoted / line.nodes if line.nodes else None)
    )
    quoted_nodes: int | None = line.nodes
    if quoted_nodes is None and per_node:
        quoted_nodes = math.ceil(quoted / per_node - 1e-9)
    quoted_text = (
        f"{quoted_nodes} nodes × {format_number(per_node)} = {quoted} accelerators"
        if quoted_nodes is not None and per_node
        else f"{quoted} accelerators"
    )
    if needed is None or needed < 1:
        return ScaledCount(
            quoted,
            quoted_nodes,
            per_node,
            quoted,
            quoted_nodes,
            1.0,
            f"as quoted: {quoted_text} (the workload states no accelerator count)",
        )
    if per_node:
        nodes: int | None = math.ceil(needed / per_node - 1e-9)
        assert nodes is not None
        whole = float(per_node).is_integer()
        accelerators = nodes * int(per_node) if whole else needed
        if accelerators == needed:
            how = f"{needed} needed = {nodes} nodes × {format_number(per_node)}"
        else:
            how = (
                f"{needed} needed ÷ {format_number(per_node)} per node, rounded up to "
                f"{nodes} whole nodes = {accelerators} accelerators"
            )
    else:
        nodes, accelerators = None, needed
        how = f"{needed} needed"
    return ScaledCount(
        accelerators,
        nodes,
        per_node,
        quoted,
        quoted_nodes,
        accelerators / quoted,
        f"{how}; quoted {quoted_text}",
    )


def _scale_note(scaled: ScaledCount) -> str:
    if scaled.accelerators == scaled.quoted_accelerators:
        return ""
    return f"priced for the workload: {scaled.how}"


def _join(*notes: str) -> str:
    return "; ".join(note for note in notes if note)
