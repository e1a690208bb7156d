"""Charts and the total cost of ownership of each quote."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Spacer,
)

from computescore.domain.figures import Input, format_money, format_money_short, format_number
from computescore.domain.presentation import currency_code, current
from computescore.domain.tco.scope import ScopeCell, ScopeState
from computescore.reports import charts, theme
from computescore.reports.model import (
    QuoteTco,
    by_median,
)
from computescore.reports.pdf.fonts import NAME_LIMIT, TEXT_LIMIT, t
from computescore.reports.safe import clip
from computescore.vocabulary import ABSENT

if TYPE_CHECKING:
    from computescore.reports.pdf.blocks import _Builder


def _usd_or_incomplete(value: float | None) -> str:
    return "incomplete" if value is None else format_money(value)


def _charts(b: _Builder) -> None:
    pack = b.pack
    b.section("Charts")
    ranking = pack.ranking
    if ranking is not None and ranking.rows:
        b.chart(
            charts.ranking_figure(ranking),
            "Weighted total per quote, split into each axis's contribution (weight × score). "
            "Hatched bars are knocked out.",
        )
        b.chart(
            charts.radar_figure(ranking),
            "Axis scores of the best-ranked quotes, 0 (centre) to 100 (edge).",
        )
    else:
        b.absent(ABSENT["scorecard_charts"])
    if pack.tco:
        b.story.append(CondPageBreak(b.height * 0.45))
        b.chart(
            charts.tco_breakdown_figure(pack.tco),
            "Total cost of ownership per quote by cost category; residual values and credits "
            "lie left of zero. Every line is itemised in “TCO detail”.",
        )
        b.chart(
            charts.cost_per_pflop_figure(
                pack.tco,
                highlight_key=ranking.leader.quote_key if ranking and ranking.leader else None,
                knocked_out=[r.quote_key for r in ranking.rows if r.knocked_out] if ranking else (),
            ),
            "Cost per useful PFLOP-hour: TCO divided by the work actually delivered (useful "
            "throughput × hours used: measured where a measurement stands for the workload, "
            "else peak × MFU, or for serving the decode step's bound for generated tokens and "
            "peak × MFU for prompt tokens). The ranking's leader is "
            "highlighted; hatched bars are knocked out.",
        )
    else:
        b.absent("TCO charts: " + ABSENT["tco"][0].lower() + ABSENT["tco"][1:])
    if pack.break_even is not None:
        b.chart(
            charts.break_even_figure(pack.break_even),
            t(pack.break_even.note or "Owned against rented capacity.", TEXT_LIMIT),
        )
    else:
        b.absent(ABSENT["break_even"])
    if pack.tornado is not None and pack.tornado.bars:
        b.chart(
            charts.tornado_figure(pack.tornado),
            t(
                pack.tornado.note or "Each input moved alone between its low and high value.",
                TEXT_LIMIT,
            ),
        )
    else:
        b.absent(ABSENT["sensitivity"])
    if pack.monte_carlo is not None and pack.monte_carlo.rows:
        mc = pack.monte_carlo
        ranges = "; ".join(mc.ranges)
        b.chart(
            charts.monte_carlo_figure(mc),
            f"{mc.samples:,} samples"
            + (f", seed {mc.seed}" if mc.seed is not None else "")
            + (". Ranges (low / likely / high): " + t(ranges, TEXT_LIMIT) if ranges else "."),
        )
        rows = [
            [
                b.cell(t(row.label, NAME_LIMIT)),
                b.num(_usd_or_incomplete(row.p10_usd)),
                b.num(_usd_or_incomplete(row.p50_usd)),
                b.num(_usd_or_incomplete(row.p90_usd)),
                b.num("—" if row.probability_first is None else f"{row.probability_first:.0%}"),
            ]
            for row in sorted(mc.rows, key=by_median)
        ]
        b.story.append(
            b.table(
                ["Quote", "P10 TCO", "P50 TCO", "P90 TCO", "Ranks first"],
                rows,
                [0.44, 0.14, 0.14, 0.14, 0.14],
                numeric=(1, 2, 3, 4),
            )
        )
    else:
        b.sub("Monte Carlo")
        b.absent(ABSENT["monte_carlo"])


def _inputs_text(inputs: Sequence[Input]) -> str:
    parts = []
    for item in inputs:
        source = f" ({t(item.source, 80)})" if item.source else ""
        parts.append(t(item.text(), 160) + source)
    return "; ".join(parts)


def _tco(b: _Builder) -> None:
    pack, s = b.pack, b.s
    b.section("TCO detail")
    if not pack.tco:
        b.absent(ABSENT["tco"])
        return
    shortlisted = [item for item in pack.tco if item.shortlisted]
    others = [item for item in pack.tco if not item.shortlisted]
    b.story.append(
        b.p(
            f"Every cost line of the {len(shortlisted)} shortlisted "
            f"{'quote' if len(shortlisted) == 1 else 'quotes'}, with the formula "
            f"and the inputs it used. Amounts are in {currency_code()} over the horizon; "
            "negative amounts are residual values or credits.",
            s.body,
        )
    )
    _scope(b, pack.tco)
    for item in shortlisted:
        _tco_quote(b, item)
    if others:
        b.sub("Quotes not shortlisted")
        rows = [[b.cell(t(i.label, NAME_LIMIT)), b.num(format_money(i.total_usd))] for i in others]
        b.story.append(
            b.table(["Quote", f"Total ({currency_code()})"], rows, [0.75, 0.25], numeric=(1,))
        )
        for item in others:
            houses = next((n for n in item.notes if n.startswith("Houses ")), "")
            if houses:
                b.story.append(b.p(f"{t(item.label, NAME_LIMIT)}: {t(houses)}", s.small))


SCOPE_HEADERS = {
    "compute": "Compute",
    "energy": "Energy",
    "facility": "Facility",
    "operations": "Ops",
    "network": "Network",
    "storage": "Storage",
    "support": "Support",
    "installation": "Install",
    "egress": "Egress",
}


def _scope_text(cell: ScopeCell) -> str:
    if cell.state is ScopeState.QUOTED:
        return format_money_short(cell.amount_usd)
    if cell.state is ScopeState.ASSUMED:
        return f"<i>{format_money_short(cell.amount_usd)}</i>*"
    if cell.state is ScopeState.INCLUDED:
        return "in rent"
    return f'<font color="{theme.WARNING}">none</font>'


def _scope(b: _Builder, items: Sequence[QuoteTco]) -> None:
    """What each total covers, item by item, so totals are compared like for like."""
    rows_in = [item for item in items if item.scope]
    if not rows_in:
        return
    b.sub("What each total covers")
    b.story.append(
        b.p(
            "Each total is read against the same items. A figure is quoted by the vendor "
            "(a facility quote that houses owned hardware counts as quoted); "
            f"<i>{t(current().symbol.strip())}x</i>* is worked out from the evaluation's "
            "assumptions (energy and operations of hardware the buyer runs, a facility "
            f"assumed already paid for at {t(format_money(0))}); “in rent” is run, powered "
            "and housed by a cloud within its price; "
            "“none” is in neither the quote nor the assumptions — ask for it or add a "
            "cost before comparing totals.",
            b.s.small,
        )
    )
    header = ["Quote", *SCOPE_HEADERS.values()]
    rows = [
        [
            b.cell(t(item.label, NAME_LIMIT)),
            *(b.num(_scope_text(cell)) for cell in item.scope),
        ]
        for item in rows_in
    ]
    fraction = 0.74 / len(SCOPE_HEADERS)
    b.story.append(
        b.table(
            header,
            rows,
            [0.26, *([fraction] * len(SCOPE_HEADERS))],
            numeric=tuple(range(1, len(header))),
            compact_head=True,
        )
    )


def _tco_quote(b: _Builder, item: QuoteTco) -> None:
    s = b.s
    b.story.append(CondPageBreak(120))
    b.sub(t(item.label, NAME_LIMIT), bookmark=clip(item.label, 80))
    unit_parts = [f"<b>{format_money(item.total_usd)}</b> over {item.horizon_months} months"]
    if item.usd_per_used_gpu_hour is not None:
        unit_parts.append(f"{format_money(item.usd_per_used_gpu_hour)} per used GPU-hour")
    if item.usd_per_useful_pflop_hour is not None:
        unit_parts.append(f"{format_money(item.usd_per_useful_pflop_hour)} per useful PFLOP-hour")
    if item.usd_per_million_tokens is not None:
        unit_parts.append(f"{format_money(item.usd_per_million_tokens)} per million tokens")
    if item.used_gpu_hours is not None:
        unit_parts.append(f"{format_number(item.used_gpu_hours)} GPU-hours used")
    b.story.append(b.p(" · ".join(unit_parts), s.small))
    b.story.append(Spacer(1, 4))
    rows: list[list[Flowable | str]] = []
    for line in item.lines:
        formula = t(line.formula, 300) if line.formula else "as quoted"
        inputs = _inputs_text(line.inputs)
        flags = (
            f' <font color="{theme.WARNING}">[{t(", ".join(line.flags))}]</font>'
            if (line.flags)
            else ""
        )
        rows.append(
            [
                b.cell(t(line.label, 300)),
                b.cell(t(line.category)),
                b.p(f"{formula}{flags}" + (f"<br/>{inputs}" if inputs else ""), s.tiny),
                b.num(format_money(line.amount_usd)),
            ]
        )
    rows.append(
        [
            b.cell("Total", bold=True),
            b.cell(""),
            b.cell(""),
            b.num(format_money(item.total_usd), bold=True),
        ]
    )
    b.story.append(
        b.table(
            ["Line", "Category", "Formula and inputs", f"Amount ({currency_code()})"],
            rows,
            [0.27, 0.11, 0.45, 0.17],
            numeric=(3,),
            total_row=True,
        )
    )
    for note in item.notes:
        b.story.append(b.p(t(note, TEXT_LIMIT), s.caption))
