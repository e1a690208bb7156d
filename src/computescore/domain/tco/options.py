"""A quote's options: which lines they are, their labels, limits and the choice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from computescore.domain.catalog import Accelerator
from computescore.domain.figures import format_money, format_number
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Deployment,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
)
from computescore.domain.tco.helpers import price_unit_text
from computescore.domain.tco.records import QuotedLine
from computescore.domain.workload import Workload
from computescore.wording import plural

if TYPE_CHECKING:
    from computescore.domain.tco.records import Tco, TcoOption


_PER_ACCELERATOR_OR_NODE = frozenset(
    {
        PriceUnit.PER_GPU_HOUR,
        PriceUnit.PER_NODE_HOUR,
        PriceUnit.PER_GPU_MONTH,
        PriceUnit.PER_NODE_MONTH,
    }
)


TOKENS_BESIDE_COMPUTE = (
    "a token-API price beside the capacity: an alternative to it, not in the total; import "
    "it as a quote of its own to compare it"
)
"""Why a price per million tokens in a quote with compute lines is not counted."""

ANOTHER_MODEL = "another model of the token API's offer: an alternative, not in the total"
"""Why a token line of a model the workload does not use is not counted."""


def _place(line: QuoteLine) -> str:
    return " ".join((line.region or line.country or "").casefold().split())


def attachment_warnings(
    where: str, cost: QuoteLine, option: QuoteLine, priced: int, nodes: float
) -> list[Problem]:
    """Warnings for a cost line counted with an option it may not belong to.

    A cost line quoted for another region than the option's, or whose quantity is the
    quote's node or accelerator count when the option is priced for another count
    (support for the 2 servers quoted, when 1 is priced for the workload), is still
    counted as quoted; the reader is told, so the total is checked, not trusted.
    """
    out = []
    cost_place, option_place = _place(cost), _place(option)
    if cost_place and option_place and cost_place != option_place:
        what = cost.category.value if cost.category else "cost"
        out.append(
            Problem(
                where,
                f"this {what} line is quoted for {cost.region or cost.country}, but the chosen "
                f"option runs in {option.region or option.country}; it is counted with it — "
                "check that it belongs there",
                Severity.WARNING,
            )
        )
    quoted_gpus = option.gpu_count
    if cost.price < 0 and quoted_gpus and priced != quoted_gpus:
        # "Special bid discount (15%) −137,130" on the 16 GPUs quoted, 64 priced
        out.append(
            Problem(
                where,
                f"this discount or credit was quoted with {quoted_gpus:g} accelerators, but "
                f"{priced:g} are priced for the workload; it is counted as quoted — the "
                "vendor's discount for the quantity bought may differ",
                Severity.WARNING,
            )
        )
    quantity = float(cost.quantity) if cost.quantity is not None else None
    scaled_by_count = cost.price_unit in (
        PriceUnit.PER_GPU_HOUR,
        PriceUnit.PER_GPU_MONTH,
        PriceUnit.PER_NODE_HOUR,
        PriceUnit.PER_NODE_MONTH,
    )
    if quantity is None or quantity <= 1 or scaled_by_count:
        return out
    for what, quoted, now in (
        ("servers", float(option.nodes or 0), nodes),
        ("accelerators", float(option.gpu_count), float(priced)),
    ):
        if quoted and quantity == quoted and now != quoted:
            out.append(
                Problem(
                    where,
                    f"the quantity {quantity:g} is the {quoted:g} {what} quoted, but {now:g} "
                    f"are priced for the workload; the line is counted as quoted — scale it "
                    f"if it is per {what[:-1]}",
                    Severity.WARNING,
                )
            )
            break
    return out


def _cost_dependency(
    cost: QuoteLine, gpus: int, nodes: float, owned_kw: float, holds_capacity: bool
) -> tuple[float | bool, ...]:
    """The option's figures a cost line's price depends on (empty for most lines)."""
    unit = cost.price_unit
    if unit in _PER_ACCELERATOR_OR_NODE:
        return (float(gpus), nodes, holds_capacity)
    if unit is PriceUnit.PER_KW_MONTH and cost.quantity is None:
        return (owned_kw,)
    return ()


def _belongs(cost: QuoteLine, option: QuoteLine | None) -> bool:
    """True when a cost line is counted with this option (see the module notes).

    A price per million tokens beside compute lines is an alternative to the capacity
    (the vendor's hosted API), never a cost on top of it.
    """
    if option is None:
        return True
    if cost.price_unit.per_tokens:
        return False
    if cost.accelerator and cost.accelerator != option.accelerator:
        return False
    option_deployment = option.deployment or Deployment.ON_DEMAND
    return cost.deployment is None or cost.deployment is option_deployment


def _quoted_lines(
    quote: Quote,
    chosen: QuoteLine | None,
    options: Sequence[TcoOption],
    left_out: frozenset[int] = frozenset(),
) -> tuple[QuotedLine, ...]:
    numbers = {option.line_index: option for option in options}
    out: list[QuotedLine] = []
    for index, line in enumerate(quote.lines):
        if index in left_out:
            out.append(QuotedLine(line, "shared", False, None, ANOTHER_MODEL))
            continue
        if line.kind is LineKind.COMPUTE:
            option = numbers.get(index)
            counted = option is not None and option.chosen
            out.append(
                QuotedLine(
                    line,
                    "option",
                    counted,
                    option.number if option is not None else None,
                    "chosen option" if counted else "alternative, not in the total",
                )
            )
            continue
        if chosen is not None and line.price_unit.per_tokens:
            out.append(QuotedLine(line, "shared", False, None, TOKENS_BESIDE_COMPUTE))
            continue
        tied = bool(line.accelerator) or line.deployment is not None
        counted = _belongs(line, chosen)
        out.append(
            QuotedLine(
                line,
                "tied" if tied else "shared",
                counted,
                None,
                ("goes with the chosen option" if counted else "goes with another option")
                if tied
                else "counted once, whichever option is chosen",
            )
        )
    return tuple(out)


def option_label(line: QuoteLine, accelerator: Accelerator | None) -> str:
    """An option in words: ``12-month reserved NVIDIA H100 SXM5 80GB nodes``."""
    name = accelerator.display_name if accelerator else (line.accelerator or "unnamed accelerator")
    deployment = line.deployment or Deployment.ON_DEMAND
    term = line.term_months
    how = {
        Deployment.RESERVED: f"{term}-month reserved" if term else "reserved",
        Deployment.LEASE: f"{term}-month lease of" if term else "lease of",
        Deployment.PURCHASE: "purchase of",
        Deployment.ON_DEMAND: "on-demand",
        Deployment.SPOT: "spot",
    }[deployment]
    nodes = line.accelerators_per_node or line.nodes
    text = f"{how} {name}{' nodes' if nodes else ''}"
    return text[0].upper() + text[1:]


def _quoted_text(line: QuoteLine) -> str:
    count = line.gpu_count
    if line.nodes is not None and line.accelerators_per_node:
        amount = f"{line.nodes} nodes × {line.accelerators_per_node} = {count} accelerators"
    elif line.nodes is not None:
        amount = f"{line.nodes} nodes, {count} accelerators"
    else:
        amount = f"{count} accelerators"
    price = f"{format_number(float(line.price))} {price_unit_text(line.currency, line.price_unit)}"
    if line.quantity is not None:
        price += f" × {format_number(float(line.quantity))}"
    return f"{amount} at {price}"


def _quantities_as_quoted(quote: Quote, chosen: TcoOption) -> Problem | None:
    """A note when the chosen option is resized but cost lines keep their quoted quantities."""
    count = chosen.count
    if count is None or count.accelerators == count.quoted_accelerators:
        return None
    counted = [
        line
        for line in quote.cost_lines
        if line.quantity is not None
        and line.quantity > 1
        and line.price_unit in (PriceUnit.PER_UNIT, PriceUnit.PER_MONTH, PriceUnit.PER_YEAR)
        and _belongs(line, quote.lines[chosen.line_index])
    ]
    if not counted:
        return None
    names = "; ".join(
        f"{line.description} × {format_number(float(line.quantity or 0))}" for line in counted
    )
    return Problem(
        f"quote:{quote.key}",
        f"the chosen option is priced for {count.accelerators} accelerators, not the "
        f"{count.quoted_accelerators} quoted; cost lines with quantities are counted as "
        f"quoted ({names}) — if they go per server or per node, ask the vendor to requote "
        "them for the workload",
        Severity.INFO,
    )


def _short_of_need(option: TcoOption) -> Problem | None:
    needed = option.accelerators_needed
    count = option.count
    if needed is None or count is None:
        return None
    limit = option.stated_maximum
    if limit is not None and limit < needed:
        return Problem(
            option.source,
            f"option {option.number} ({option.label}): the vendor states a maximum of "
            f"{plural(limit, 'accelerator')}; the workload needs {needed}. It is priced for "
            f"{count.accelerators} at the quoted rate — confirm the vendor can supply them",
            Severity.WARNING,
            found=f"at most {limit}",
            expected=f"{needed} accelerators",
        )
    if count.quoted_accelerators < needed:
        return Problem(
            option.source,
            f"option {option.number} ({option.label}) is quoted for "
            f"{count.quoted_accelerators} accelerators; the workload needs {needed}. It is "
            f"priced for {count.accelerators} at the quoted rate — the vendor's price for "
            "the larger quantity may differ",
            Severity.INFO,
        )
    return None


def exclude_options(options: Sequence[TcoOption], excluded: Mapping[int, str]) -> list[TcoOption]:
    """``options`` with those of the excluded lines marked: not eligible, and why."""
    return [
        replace(o, eligible=False, excluded_by=excluded[o.line_index])
        if o.line_index in excluded
        else o
        for o in options
    ]


def _pool(options: Sequence[TcoOption]) -> list[TcoOption]:
    allowed = [o for o in options if not o.excluded_by] or list(options)
    candidates = [o for o in allowed if o.priced] or allowed
    return (
        [o for o in candidates if o.eligible and o.complete]
        or [o for o in candidates if o.eligible]
        or [o for o in candidates if o.complete]
        or candidates
    )


def comparable_options(tco: Tco) -> tuple[TcoOption, ...]:
    """The options a quote's choice is made among (see :func:`choose_option`).

    Priced options; eligible and complete ones when there are any. Empty for a quote
    without compute lines.
    """
    return tuple(_pool(tco.options)) if tco.options else ()


def choose_option(
    options: Sequence[TcoOption], workload: Workload, needed: int | None, hours_per_day: float
) -> tuple[TcoOption, str]:
    """The option a quote's TCO is built on, and why, in one sentence.

    Among the options that could be priced, eligible ones first (spot is not eligible
    for a steady workload unless assumed so) and complete ones first: the lowest cost
    per useful PFLOP-hour when every such option has one, else the lowest headline
    TCO; ties go to the lower headline, then to the earlier line.

    Args:
        options: the quote's options (at least one).
        workload: the workload (its name and class, for the sentence).
        needed: accelerators needed, None when the workload states none.
        hours_per_day: hours of use per day the options were priced at.
    """
    pool = _pool(options)
    by_unit = all(o.usd_per_useful_pflop_hour is not None for o in pool)
    if by_unit:
        best = min(pool, key=lambda o: (o.usd_per_useful_pflop_hour, o.headline_usd, o.number))
        basis = "per useful PFLOP-hour"
    else:
        best = min(pool, key=lambda o: (o.headline_usd, o.number))
        basis = "by total cost"
    for_what = (
        f"{needed} accelerators" if needed is not None else "the accelerators quoted"
    ) + f" at {format_number(hours_per_day)} h/day"
    if len(options) == 1:
        reason = f"the quote's only option, priced for {for_what}: {best.label}"
    else:
        reason = f"cheapest {basis} of {len(options)} options for {for_what}: {best.label}"
    figure = (
        f"{format_money(best.usd_per_useful_pflop_hour)} per useful PFLOP-hour"
        if best.usd_per_useful_pflop_hour is not None
        else f"{format_money(best.headline_usd)} in all"
    )
    reason += f" ({figure})"
    excluded = [o for o in options if o.excluded_by]
    if excluded and not best.excluded_by:
        reason += "; " + "; ".join(
            f"option {o.number} ({o.label}) excluded: {o.excluded_by}" for o in excluded
        )
    spot = [o for o in options if o.priced and not o.eligible and not o.excluded_by]
    if spot and best.eligible:
        reason += (
            f"; {len(spot)} spot option{'s' if len(spot) != 1 else ''} priced but not chosen: a "
            f"{workload.workload_class.value} workload is not run on interruptible capacity"
        )
    elif not best.eligible and not best.excluded_by:
        reason += (
            "; only spot (interruptible) capacity is offered, chosen for want of another "
            f"option for a {workload.workload_class.value} workload"
        )
    unpriced = [o for o in options if not o.priced]
    if unpriced:
        reason += f"; {len(unpriced)} option{'s' if len(unpriced) != 1 else ''} could not be priced"
    return best, reason
