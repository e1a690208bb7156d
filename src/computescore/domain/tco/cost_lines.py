"""Cost lines of a quote (support, network, facility …) as TCO lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from computescore.domain.figures import Input
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    CostCategory,
    PriceUnit,
    QuoteLine,
)
from computescore.domain.tco.assumptions import DAYS_PER_MONTH
from computescore.domain.tco.commitments import owed_past_horizon
from computescore.domain.tco.helpers import _line_source, _model, price_unit_text
from computescore.domain.tco.records import LineModel, TcoCategory, Timing
from computescore.domain.unit_economics import token_cost, token_share
from computescore.domain.units import HOURS_PER_MONTH, MONTHS_PER_YEAR

if TYPE_CHECKING:
    from computescore.domain.tco.helpers import _Builder
    from computescore.domain.tco.records import FxUsed


def _cost_line(
    b: _Builder,
    index: int,
    line: QuoteLine,
    fx: FxUsed | None,
    gpus: int,
    nodes: float,
    owned_kw: float,
    holds_capacity: bool,
) -> None:
    source = _line_source(b.quote, index, line)
    price = float(line.price)
    unit = line.price_unit
    H = b.horizon
    category = TcoCategory(line.category.value) if line.category else TcoCategory.OTHER
    if line.category is CostCategory.FACILITY:
        category = TcoCategory.FACILITY
    label = f"{(line.category or CostCategory.OTHER).value.capitalize()}: {line.description}"
    qty = float(line.quantity) if line.quantity is not None else None
    price_in = Input("price", price, price_unit_text(line.currency, unit), source)
    inputs: tuple[Input, ...]
    note = ""
    costed = True
    if unit is PriceUnit.TOTAL:
        model, formula, inputs, timing = _model(fx, k0=price), "price", (price_in,), Timing.UPFRONT
    elif unit is PriceUnit.PER_UNIT:
        n = qty if qty is not None else 1.0
        model, formula, timing = _model(fx, k0=price * n), "price × quantity", Timing.UPFRONT
        inputs = (price_in, Input("quantity", n))
    elif unit in (PriceUnit.PER_MONTH, PriceUnit.PER_YEAR):
        n = qty if qty is not None else 1.0
        per_month = price if unit is PriceUnit.PER_MONTH else price / MONTHS_PER_YEAR
        model = _model(fx, k0=per_month * n * H)
        formula = "price × quantity × months" + (" / 12" if unit is PriceUnit.PER_YEAR else "")
        inputs, timing = (
            (price_in, Input("quantity", n), Input("months", H, "months")),
            Timing.MONTHLY,
        )
    elif unit is PriceUnit.PER_GB:
        if qty is None and b.a.egress_gb_per_month is not None:
            gb = b.a.egress_gb_per_month * H
            inputs = (
                price_in,
                Input("volume", gb, "GB", f"assumption {b.a.egress_gb_per_month:,.0f} GB/month"),
            )
        elif qty is None and price == 0:
            gb = 0.0
            inputs = (price_in, Input("volume", 0.0, "GB", "not stated"))
            note = "free: no charge per GB"
        elif qty is None:
            gb = 0.0
            inputs = (price_in, Input("volume", 0.0, "GB", "not stated"))
            note = "volume not stated: not costed"
            costed = False
            b.problems.append(
                Problem(
                    source,
                    "a per-GB price without a volume is not costed; "
                    "set the quantity or the egress assumption",
                    Severity.WARNING,
                    expected="a volume in GB",
                )
            )
        else:
            gb = qty
            inputs = (price_in, Input("volume", gb, "GB"))
        model, formula, timing = _model(fx, k0=price * gb), "price × GB", Timing.MONTHLY
    elif unit is PriceUnit.PER_GB_MONTH:
        gb = qty or 0.0
        if qty is None and price == 0:
            note = "free: no charge per GB-month"
        elif qty is None:
            note = "volume not stated: not costed"
            costed = False
            b.problems.append(
                Problem(
                    source,
                    "a per-GB-month price without a volume is not costed",
                    Severity.WARNING,
                    expected="a volume in GB",
                )
            )
        model, formula, timing = (
            _model(fx, k0=price * gb * H),
            "price × GB × months",
            Timing.MONTHLY,
        )
        inputs = (price_in, Input("volume", gb, "GB"), Input("months", H, "months"))
    elif unit is PriceUnit.PER_KW_MONTH:
        kw = qty if qty is not None else owned_kw
        if kw <= 0 and price != 0:
            note = "load in kW not stated: not costed"
            costed = False
            b.problems.append(
                Problem(
                    source,
                    "a per-kW-month price needs the kW; none stated "
                    "and no owned capacity to derive it from",
                    Severity.WARNING,
                    expected="a load in kW",
                )
            )
        model, formula, timing = (
            _model(fx, k0=price * kw * H),
            "price × kW × months",
            Timing.MONTHLY,
        )
        inputs = (
            price_in,
            Input("load", kw, "kW", "quoted" if qty is not None else "owned capacity's IT load"),
            Input("months", H, "months"),
        )
    elif unit.per_tokens:
        model, formula, inputs, note, costed = _tokens(b, source, price_in, unit, qty, fx)
        timing = Timing.MONTHLY
        category = TcoCategory.TOKENS
    elif unit in (PriceUnit.PER_GPU_HOUR, PriceUnit.PER_NODE_HOUR):
        units = float(gpus) if unit is PriceUnit.PER_GPU_HOUR else nodes
        word = "GPUs" if unit is PriceUnit.PER_GPU_HOUR else "nodes"
        if holds_capacity:
            model = _model(fx, k0=price * units * H * HOURS_PER_MONTH)
            formula = f"price × {word} × months × 730 h"
            inputs = (price_in, Input(word, units), Input("months", H, "months"))
        else:
            model = _model(fx, k_h=price * units * H * DAYS_PER_MONTH)
            formula = f"price × {word} × hours per day × months × 730/24"
            inputs = (
                price_in,
                Input(word, units),
                Input("hours per day", b.h, "h"),
                Input("months", H, "months"),
            )
        timing = Timing.MONTHLY
    else:  # per GPU-month or per node-month
        units = float(gpus) if unit is PriceUnit.PER_GPU_MONTH else nodes
        word = "GPUs" if unit is PriceUnit.PER_GPU_MONTH else "nodes"
        model, formula, timing = (
            _model(fx, k0=price * units * H),
            f"price × {word} × months",
            Timing.MONTHLY,
        )
        inputs = (price_in, Input(word, units), Input("months", H, "months"))
    b.add(
        label, category, model, formula, inputs, timing, H, source, line.currency, fx, note, costed
    )
    if costed:
        owed_past_horizon(b, line, label, model, timing, source, fx, category)


_TOKEN_KIND = {
    PriceUnit.PER_MILLION_TOKENS: "all",
    PriceUnit.PER_MILLION_INPUT_TOKENS: "input",
    PriceUnit.PER_MILLION_OUTPUT_TOKENS: "output",
    PriceUnit.PER_MILLION_CACHED_TOKENS: "cached input",
}


def _tokens(
    b: _Builder,
    source: str,
    price_in: Input,
    unit: PriceUnit,
    millions_per_month: float | None,
    fx: FxUsed | None,
) -> tuple[LineModel, str, tuple[Input, ...], str, bool]:
    """A token API's price per million tokens over the horizon (model, formula, inputs, note,
    costed): the line's own volume (millions a month) when it states one, else the
    workload's tokens a day split by the assumed token mix."""
    H = b.horizon
    price = float(price_in.value)
    months = Input("months", H, "months")
    if millions_per_month is not None:
        model = _model(fx, k0=price * millions_per_month * H)
        volume = Input("volume", millions_per_month, "M tokens/month", "quoted")
        return model, "price × M tokens per month × months", (price_in, volume, months), "", True
    kind = _TOKEN_KIND[unit]
    share = token_share(unit, b.a.token_output_share, b.a.token_cached_share)
    days = H * DAYS_PER_MONTH
    per_day = b.tokens_per_day
    if per_day is None or per_day <= 0:
        b.complete = False
        b.problems.append(
            Problem(
                source,
                "a price per million tokens needs the tokens the workload serves; the workload "
                "states no tokens per day and the line no volume, so the offer is not costed",
                Severity.WARNING,
                expected="the workload's tokens_per_day, or a volume (million tokens a month)",
            )
        )
        unknown = (price_in, Input("tokens per day", 0.0, "tokens", "not stated"), months)
        return _model(fx, k0=0.0), "price × tokens", unknown, "tokens not stated: not costed", False
    figure = token_cost(price, per_day, share, days)
    inputs = (
        price_in,
        Input("tokens per day", per_day, "tokens", "workload"),
        Input(
            "share",
            share,
            "of tokens",
            f"{kind} tokens"
            + ("" if unit is PriceUnit.PER_MILLION_TOKENS else " (token mix assumption)"),
        ),
        Input("days", days, "days", f"{H} months × 730/24"),
    )
    return _model(fx, k0=figure.value), figure.formula, inputs, "", True
