"""The columns of the TCO page's tables: options, the quotes' summary, lines, Monte Carlo."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from computescore.domain.presentation import currency_code
from computescore.gui import format as fmt
from computescore.gui import theme
from computescore.gui.models.table import Column
from computescore.gui.presenters.tco import (
    QuoteCost,
    line_tip,
    line_when,
    option_note,
    option_tip,
    priced_for_text,
)
from computescore.vocabulary import deployment_text


def option_columns(accelerator_name: Any) -> list[Column]:
    """Columns of the selected quote's options table; the chosen option is bold and ticked."""

    def chosen(option: Any) -> bool:
        return bool(option.chosen)

    def muted(option: Any) -> Any:
        return theme.current().color("muted") if not option.eligible else None

    def caution(option: Any) -> Any:
        return (
            theme.severity_colors("warning")[0] if not (option.priced and option.eligible) else None
        )

    return [
        Column(
            "",
            lambda o: "✓" if o.chosen else "",
            text=str,
            bold=chosen,
            tooltip=lambda o: "The option this quote is costed with" if o.chosen else None,
            description="✓ marks the option the quote is costed with",
        ),
        Column(
            "Accelerator",
            lambda o: accelerator_name(o.accelerator),
            keep=3,
            bold=chosen,
            foreground=muted,
            tooltip=option_tip,
        ),
        Column(
            "Deployment",
            lambda o: deployment_text(o.deployment, o.term_months),
            keep=3,
            bold=chosen,
            foreground=muted,
        ),
        Column(
            "Accelerators\npriced",
            priced_for_text,
            bold=chosen,
            align_right=True,
            tooltip=lambda o: (
                (
                    f"The workload needs {o.accelerators_needed:,} at once"
                    if o.accelerators_needed
                    else "The workload states no count; priced as quoted"
                )
                + f"; quoted: {o.quoted}"
            ),
            description="the workload's accelerators, rounded up to whole nodes",
        ),
        Column(
            "Total",
            lambda o: o.total_usd if o.priced else None,
            text=fmt.money,
            numeric=True,
            bold=chosen,
            description="the quote's TCO over the horizon with this option",
        ),
        Column(
            "Per useful\nPFLOP-h",
            lambda o: o.usd_per_useful_pflop_hour,
            text=lambda v: fmt.money(v, 2),
            numeric=True,
            bold=chosen,
            description="TCO ÷ (useful PFLOP/s × hours used); the lowest eligible is chosen",
        ),
        Column(
            "Note",
            option_note,
            text=str,
            bold=chosen,
            foreground=caution,
            tooltip=option_tip,
        ),
    ]


INCOMPLETE = 1e15
"""Added to the sort key of a quote with lines left out, so that it sorts after every
complete quote (no TCO comes near a thousand trillion dollars)."""


def summary_columns() -> list[Column]:
    """Columns of the quote lists on the TCO page (compute offers and supporting quotes)."""
    muted = theme.current().color("muted")

    def tip(row: QuoteCost) -> str | None:
        if row.supporting:
            return f"Supporting quote, not ranked: {row.reason}"
        if row.knocked_out:
            return f"Knocked out: {row.reason}"
        return None

    return [
        Column(
            "Quote",
            lambda r: r.label,
            width=30,
            elide=Qt.TextElideMode.ElideMiddle,
            foreground=lambda r: muted if r.knocked_out else None,
            tooltip=tip,
        ),
        Column(
            "Total",
            # nothing priced is no total of 0: "—", and the tip says why
            lambda r: r.headline_usd if r.tco.complete or r.headline_usd > 0 else None,
            text=fmt.money,
            numeric=True,
            # a quote with lines left out is no cheaper for it: after every complete one
            sort_value=lambda r: r.headline_usd + (0.0 if r.tco.complete else INCOMPLETE),
            tooltip=lambda r: (
                "Lines of this quote could not be priced (see its notes): the total counts "
                "only those that could"
                if not r.tco.complete
                else f"Present value at {r.discount_rate:.0%} a year of {fmt.money(r.total_usd)} "
                f"paid over {r.horizon_months} months"
                if r.discount_rate > 0
                else f"TCO over {r.horizon_months} months, in {currency_code()}"
            ),
        ),
        Column(
            "Per useful\nPFLOP-h",
            lambda r: r.usd_per_useful_pflop_hour if r.tco.complete else None,
            text=lambda v: fmt.money(v, 2),
            numeric=True,
            description="TCO ÷ (useful PFLOP/s × hours used): the unit the cost axis compares",
        ),
    ]


LINE_COLUMNS = [
    Column(
        "Cost line",
        lambda ln: ln.label,
        width=34,
        keep=2,
        tooltip=line_tip,
        foreground=lambda ln: None if ln.costed else theme.severity_colors("warning")[0],
    ),
    Column("Category", lambda ln: ln.category.value, text=fmt.words, width=12, keep=2),
    Column("Amount", lambda ln: ln.amount_usd, text=fmt.money, numeric=True, width=12),
    Column("Paid", line_when, width=10, keep=2, description="when the money moves"),
    Column(
        "How it was computed",
        lambda ln: ln.formula + (f" ({ln.note})" if ln.note else ""),
        width=40,
        tooltip=line_tip,
    ),
]

MC_COLUMNS = [
    Column("Quote", lambda r: r.label, width=28, elide=Qt.TextElideMode.ElideMiddle),
    Column("P10", lambda r: r.p10_usd, text=fmt.money, numeric=True, width=12),
    Column("P50", lambda r: r.p50_usd, text=fmt.money, numeric=True, width=12),
    Column("P90", lambda r: r.p90_usd, text=fmt.money, numeric=True, width=12),
    Column(
        "Chance of\nranking first",
        lambda r: r.probability_first,
        text=lambda v: fmt.pct(v, 0),
        numeric=True,
        width=14,
    ),
]
