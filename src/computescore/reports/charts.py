"""Charts of a board pack, built on matplotlib ``Figure`` objects (never ``pyplot`` state).

The same builders draw the charts in the PDF (as images) and in the desktop app
(through ``FigureCanvasQTAgg``): each takes the pack's frozen records and an
optional ``figure`` to draw into, and returns the figure.

Importing this module sets, once, ``rcParams["text.parse_math"] = False`` so a ``$``
in a vendor name never starts mathtext (``Acme $5 off, now $10`` would lose its
dollars, ``$\\foo$`` would abort the export), and the shared type family with its
CJK fallback. ``text.usetex`` is never enabled.
"""

from __future__ import annotations

import contextlib
import io
import math
from collections.abc import Collection, Sequence
from importlib.resources import as_file
from typing import Literal, cast

import matplotlib
import numpy as np
from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.projections.polar import PolarAxes
from matplotlib.ticker import Formatter
from PIL import Image

from computescore.domain.figures import format_money, format_share
from computescore.domain.presentation import currency_code, current
from computescore.domain.screening import display_name
from computescore.reports import theme
from computescore.reports.model import (
    AXES,
    AXIS_TITLES,
    BreakEven,
    MonteCarlo,
    QuoteTco,
    Ranking,
    Tornado,
    by_median,
)
from computescore.reports.safe import chart_label

DEFAULT_WIDTH_IN = 6.8
"""Chart width in inches: the text width of an A4 or Letter page with our margins."""

RADAR_MAX_QUOTES = 5
"""The radar shows at most this many quotes (the best ranked); more would be unreadable."""

_font_files = contextlib.ExitStack()


def _configure() -> None:
    """Set the process-wide chart settings: no mathtext, the shared fonts."""
    matplotlib.rcParams["text.parse_math"] = False
    matplotlib.rcParams["text.usetex"] = False
    known = {entry.name for entry in font_manager.fontManager.ttflist}
    for role in ("regular", "bold", "italic", "bold_italic", "cjk"):
        path = _font_files.enter_context(as_file(theme.font_resource(role)))
        family = theme.CJK_FONT_FAMILY if role == "cjk" else theme.FONT_FAMILY
        if family not in known or role == "cjk":
            font_manager.fontManager.addfont(str(path))
    matplotlib.rcParams["font.family"] = [theme.FONT_FAMILY, theme.CJK_FONT_FAMILY]
    matplotlib.rcParams["svg.hashsalt"] = "computescore"


_configure()


# --- helpers -----------------------------------------------------------------------


def _new_figure(figure: Figure | None, height_in: float, width_in: float) -> Figure:
    if figure is None:
        figure = Figure(figsize=(width_in, height_in), layout="constrained")
    else:
        figure.clear()
    figure.set_facecolor("white")
    return figure


def _style(ax: Axes, *, grid_axis: Literal["both", "x", "y"] = "x") -> None:
    ax.spines["top"].set_visible(False)
    ax.spines["right"].set_visible(False)
    ax.spines["left"].set_color(theme.RULE)
    ax.spines["bottom"].set_color(theme.RULE)
    ax.tick_params(colors=theme.INK, labelsize=7.5, length=2)
    ax.grid(axis=grid_axis, color=theme.RULE, linewidth=0.6)
    ax.set_axisbelow(True)


def _title(ax: Axes, title: str, subtitle: str = "") -> None:
    """Figure title at the top left, an optional muted subtitle above the axes."""
    figure = ax.get_figure()
    assert figure is not None
    figure.suptitle(
        title,
        x=0.01,
        ha="left",
        fontsize=10,
        fontweight="bold",
        color=theme.INK,
        fontfamily=[theme.FONT_FAMILY],
    )
    if subtitle:
        ax.set_title(subtitle, loc="left", fontsize=7.5, color=theme.MUTED, pad=4)


def _legend_below(ax: Axes, columns: int) -> None:
    """The legend under the plot, in one or more rows."""
    figure = ax.get_figure()
    assert figure is not None
    handles, labels = ax.get_legend_handles_labels()
    if not handles:
        return
    figure.legend(
        handles,
        labels,
        loc="outside lower left",
        ncol=columns,
        fontsize=7,
        frameon=False,
        handlelength=1.2,
        columnspacing=1.0,
    )


def _money_axis(
    value: float, _pos: object = None, *, decimals: int = 0, top: float | None = None
) -> str:
    """``$2.3m``, ``$800k``, ``$12``, ``$4.50`` (``€`` and so on in another reporting currency:
    the value is already in it); ``decimals`` adds digits after the point.

    ``top`` (the largest amount on the axis) picks one unit for every label of an axis,
    so that ``$0.5m`` stands next to ``$1.0m`` rather than ``$500k``.
    """
    sign_of = current().symbol
    magnitude = abs(value)
    if magnitude == 0:
        return f"{sign_of}0"
    sign = "−" if value < 0 else ""
    size = magnitude if top is None else max(top, magnitude)
    if size >= 1e9:
        return f"{sign}{sign_of}{magnitude / 1e9:.{1 + decimals}f}bn"
    if size >= 1e6:
        return f"{sign}{sign_of}{magnitude / 1e6:.{1 + decimals}f}m"
    if size >= 1e3:
        return f"{sign}{sign_of}{magnitude / 1e3:.{decimals}f}k"
    if size >= 10:
        return f"{sign}{sign_of}{magnitude:.{decimals}f}"
    # Small unit costs (USD per useful PFLOP-hour) need their cents to be told apart.
    return f"{sign}{sign_of}{magnitude:.{2 + decimals}f}"


def _money_ticks(values: Sequence[float]) -> list[str]:
    """Money tick labels in one unit, with as many decimals as it takes to tell
    neighbours apart.

    ``$2.1m, $2.2m, $2.2m`` for ticks 50k apart become ``$2.10m, $2.15m, $2.20m``.
    """
    top = max((abs(value) for value in values), default=0.0)
    for extra in range(4):
        labels = [_money_axis(value, decimals=extra, top=top) for value in values]
        if len(set(labels)) == len(labels):
            return labels
    return labels


class MoneyFormatter(Formatter):
    """Axis formatter for money already in the reporting currency: ``$2.15m``, ``€800k``,
    ``$4.50``, no repeated labels."""

    def __init__(self) -> None:
        super().__init__()
        self._labels: dict[float, str] = {}

    def set_locs(self, locs: list[float]) -> None:
        """Choose the decimals once for all the ticks about to be drawn."""
        super().set_locs(locs)
        self._labels = dict(zip(locs, _money_ticks(list(locs)), strict=True))

    def __call__(self, x: float, pos: int | None = None) -> str:
        """The label of one tick."""
        return self._labels.get(x) or _money_axis(x)


def _shown() -> float:
    """What one US dollar is in the reporting currency: the factor plotted amounts take."""
    return current().convert(1.0)


def _bar_height(count: int) -> float:
    return max(2.2, 0.9 + 0.26 * count)


def _unique_labels(labels: Sequence[str], limit: int = 38) -> list[str]:
    """Short labels, numbered when shortening makes two equal (bars are positioned, not keyed)."""
    short = [chart_label(label, limit) for label in labels]
    seen: dict[str, int] = {}
    out = []
    for label in short:
        seen[label] = seen.get(label, 0) + 1
        out.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return out


def empty_figure(message: str, *, figure: Figure | None = None, title: str = "") -> Figure:
    """A small figure that states why a chart is not shown."""
    fig = _new_figure(figure, 1.2, DEFAULT_WIDTH_IN)
    ax = fig.add_subplot()
    ax.set_axis_off()
    if title:
        _title(ax, title)
    ax.text(0.5, 0.5, message, ha="center", va="center", color=theme.MUTED, fontsize=9)
    return fig


# --- charts --------------------------------------------------------------------------


def ranking_figure(
    ranking: Ranking, *, figure: Figure | None = None, width_in: float = DEFAULT_WIDTH_IN
) -> Figure:
    """Weighted total per quote as stacked contributions (weight × axis score), rank order.

    Knocked-out quotes are drawn hatched and labelled "knocked out".
    """
    rows = list(ranking.rows)
    fig = _new_figure(figure, _bar_height(len(rows)) + 0.4, width_in)
    ax = fig.add_subplot()
    _style(ax)
    positions = np.arange(len(rows))[::-1]
    left = np.zeros(len(rows))
    for axis in AXES:
        weight = ranking.weight(axis)
        values = np.array([weight * row.score(axis) for row in rows])
        ax.barh(
            positions,
            values,
            left=left,
            color=theme.AXIS_COLOURS[axis],
            height=0.68,
            label=f"{AXIS_TITLES[axis]} ({weight:.0%})",
            edgecolor="white",
            linewidth=0.4,
        )
        left += values
    for pos, row, total in zip(positions, rows, left, strict=True):
        text = f"{row.weighted_total:.1f}"
        if row.knocked_out:
            ax.barh(pos, total, height=0.68, fill=False, hatch="////", edgecolor=theme.KNOCKOUT)
            text += "  knocked out"
        ax.text(total + 0.8, pos, text, va="center", fontsize=7.5, color=theme.INK)
    ax.set_yticks(positions, _unique_labels([row.label for row in rows]))
    ax.set_xlim(0, 112)
    ax.set_xlabel("Weighted total (0–100 points)", fontsize=7.5, color=theme.MUTED)
    _title(ax, "Ranking: contribution of each axis to the weighted total")
    _legend_below(ax, 5)
    return fig


def radar_figure(
    ranking: Ranking,
    *,
    figure: Figure | None = None,
    width_in: float = DEFAULT_WIDTH_IN,
    max_quotes: int = RADAR_MAX_QUOTES,
) -> Figure:
    """Five-axis radar of the best-ranked quotes (at most ``max_quotes``), scores 0–100."""
    ranked = sorted((r for r in ranking.rows if r.rank is not None), key=lambda r: r.rank or 0)
    shown = ranked[:max_quotes] or list(ranking.rows[:max_quotes])
    fig = _new_figure(figure, 3.6, width_in)
    ax = cast(PolarAxes, fig.add_subplot(projection="polar"))
    angles = np.linspace(0, 2 * math.pi, len(AXES), endpoint=False)
    closed = np.concatenate([angles, angles[:1]])
    labels = _unique_labels([row.label for row in shown], 38)
    for index, (row, label) in enumerate(zip(shown, labels, strict=True)):
        values = [row.score(axis) for axis in AXES]
        colour = theme.series_colour(index)
        ax.plot(closed, [*values, values[0]], color=colour, linewidth=1.6, label=label)
        ax.fill(closed, [*values, values[0]], color=colour, alpha=0.08)
    ax.set_xticks(angles, [AXIS_TITLES[a] for a in AXES], fontsize=8, color=theme.INK)
    ax.set_ylim(0, 100)
    # The edge is 100 (the caption says so); a "100" on the rim would sit on the lines.
    ax.set_yticks([25, 50, 75, 100], ["25", "50", "75", ""], fontsize=6.5, color=theme.MUTED)
    ax.grid(color=theme.RULE, linewidth=0.6)
    ax.spines["polar"].set_color(theme.RULE)
    ax.tick_params(axis="x", pad=4)
    # Each axis title starts at the rim and runs away from the plot, so a score of 100
    # never runs into it.
    for angle, tick in zip(angles, ax.get_xticklabels(), strict=True):
        tick.set_horizontalalignment(_ALIGN_ACROSS[_away(math.cos(angle))])
        tick.set_verticalalignment(_ALIGN_UP[_away(math.sin(angle))])
    ax.set_rlabel_position(36)
    # The circle keeps its shape inside a wider box; kept at the box's left, the room
    # left over lies between the axis titles and the legend.
    ax.set_anchor("W")
    note = f"top {len(shown)} ranked quotes" if len(ranking.rows) > len(shown) else "all quotes"
    _title(ax, f"Five-axis scores (0–100), {note}")
    handles, legend_labels = ax.get_legend_handles_labels()
    fig.legend(handles, legend_labels, loc="outside right center", fontsize=7.5, frameon=False)
    return fig


_ALIGN_ACROSS: dict[int, Literal["left", "center", "right"]] = {
    1: "left",
    0: "center",
    -1: "right",
}
_ALIGN_UP: dict[int, Literal["bottom", "center", "top"]] = {1: "bottom", 0: "center", -1: "top"}


def _away(component: float) -> int:
    """Which way a label leaves its anchor along one axis: 1, -1, or 0 (centred on it)."""
    return 1 if component > 0.1 else -1 if component < -0.1 else 0


def tco_breakdown_figure(
    tco: Sequence[QuoteTco], *, figure: Figure | None = None, width_in: float = DEFAULT_WIDTH_IN
) -> Figure:
    """Total cost of ownership per quote as horizontal bars stacked by line category (USD).

    Negative lines (residual value, credits) are drawn to the left of zero.
    """
    items = list(tco)
    fig = _new_figure(figure, _bar_height(len(items)) + 0.5, width_in)
    ax = fig.add_subplot()
    _style(ax)
    categories: list[str] = []
    for item in items:
        for line in item.lines:
            if line.category not in categories:
                categories.append(line.category)
    positions = np.arange(len(items))[::-1]
    positive = np.zeros(len(items))
    negative = np.zeros(len(items))
    for category in categories:
        values = (
            np.array(
                [sum(x.amount_usd for x in item.lines if x.category == category) for item in items]
            )
            * _shown()
        )
        pos_values = np.where(values > 0, values, 0.0)
        neg_values = np.where(values < 0, values, 0.0)
        colour = theme.category_colour(category)
        ax.barh(
            positions,
            pos_values,
            left=positive,
            color=colour,
            height=0.68,
            label=category.capitalize(),
            edgecolor="white",
            linewidth=0.4,
        )
        if neg_values.any():
            ax.barh(positions, neg_values, left=negative, color=colour, height=0.68, alpha=0.6)
        positive += pos_values
        negative += neg_values
    for pos, item, right in zip(positions, items, positive, strict=True):
        ax.text(
            right,
            pos,
            "  " + (format_money(item.total_usd) if item.complete else "incomplete"),
            va="center",
            fontsize=7,
            color=theme.INK,
        )
    ax.set_yticks(positions, _unique_labels([item.label for item in items]))
    ax.xaxis.set_major_formatter(MoneyFormatter())
    ax.set_xlim(
        min(0.0, float(negative.min(initial=0.0)) * 1.1), float(positive.max(initial=1.0)) * 1.22
    )
    horizon = {item.horizon_months for item in items}
    span = f"over {horizon.pop()} months" if len(horizon) == 1 else "over each quote's horizon"
    _title(ax, f"Total cost of ownership by cost category ({span}, {currency_code()})")
    _legend_below(ax, min(len(categories), 7))
    return fig


def cost_per_pflop_figure(
    tco: Sequence[QuoteTco],
    *,
    figure: Figure | None = None,
    width_in: float = DEFAULT_WIDTH_IN,
    highlight_key: str | None = None,
    knocked_out: Collection[str] = (),
) -> Figure:
    """Cost per useful PFLOP-hour per quote (USD), cheapest at the top.

    Quotes without the figure are left out and counted in the subtitle; quotes whose
    keys are in ``knocked_out`` are drawn hatched and labelled "knocked out", as in the
    ranking chart, so that a cheap but disqualified offer is not read as a contender.
    """
    known = [item for item in tco if item.usd_per_useful_pflop_hour is not None]
    missing = len(tco) - len(known)
    known.sort(key=lambda item: item.usd_per_useful_pflop_hour or 0.0)
    fig = _new_figure(figure, _bar_height(len(known)), width_in)
    ax = fig.add_subplot()
    _style(ax)
    positions = np.arange(len(known))[::-1]
    values = [(item.usd_per_useful_pflop_hour or 0.0) * _shown() for item in known]
    out = set(knocked_out)
    for pos, value, item in zip(positions, values, known, strict=True):
        label = f"  {format_money(item.usd_per_useful_pflop_hour or 0.0)}"
        if item.quote_key in out:
            ax.barh(pos, value, height=0.62, fill=False, hatch="////", edgecolor=theme.KNOCKOUT)
            label += "  knocked out"
        else:
            colour = theme.ACCENT if item.quote_key == highlight_key else "#8FA8C0"
            ax.barh(pos, value, color=colour, height=0.62)
        ax.text(value, pos, label, va="center", fontsize=7, color=theme.INK)
    ax.set_yticks(positions, _unique_labels([item.label for item in known]))
    ax.xaxis.set_major_formatter(MoneyFormatter())
    ax.set_xlim(0, max(values, default=1.0) * (1.35 if out else 1.2))
    ax.set_xlabel(
        f"{currency_code()} per useful PFLOP-hour = TCO ÷ (useful throughput × hours used)",
        fontsize=7.5,
        color=theme.MUTED,
    )
    _title(
        ax,
        "Cost per useful PFLOP-hour (lower is better)",
        (
            f"{missing} {'quote' if missing == 1 else 'quotes'} without a figure "
            f"{'is' if missing == 1 else 'are'} not shown"
        )
        if missing
        else "",
    )
    return fig


def break_even_figure(
    curve: BreakEven, *, figure: Figure | None = None, width_in: float = DEFAULT_WIDTH_IN
) -> Figure:
    """Total cost of an owned and a rented option against hours of use per day (USD)."""
    fig = _new_figure(figure, 2.9, width_in)
    ax = fig.add_subplot()
    _style(ax, grid_axis="both")
    owned = np.asarray(curve.owned_usd, dtype=float) * _shown()
    ax.plot(
        curve.hours_per_day,
        owned,
        color=theme.HEADER_FILL,
        linewidth=1.8,
        label=chart_label(curve.owned_label, 48),
    )
    ax.plot(
        curve.hours_per_day,
        np.asarray(curve.rented_usd, dtype=float) * _shown(),
        color=theme.SERIES[1],
        linewidth=1.8,
        label=chart_label(curve.rented_label, 48),
    )
    if curve.break_even_hours_per_day is not None:
        x = curve.break_even_hours_per_day
        y = float(np.interp(x, curve.hours_per_day, owned))
        ax.axvline(x, color=theme.MUTED, linewidth=0.8, linestyle="--")
        ax.annotate(
            f"break-even {x:.1f} h/day",
            (x, y),
            xytext=(6, -14),
            textcoords="offset points",
            fontsize=7.5,
            color=theme.INK,
        )
    ax.set_xlim(0, 24)
    ax.set_xticks(range(0, 25, 4))
    ax.yaxis.set_major_formatter(MoneyFormatter())
    ax.set_xlabel("Hours of use per day", fontsize=7.5, color=theme.MUTED)
    ax.set_ylabel(f"Total cost over {curve.horizon_months} months", fontsize=7.5, color=theme.MUTED)
    _title(ax, "Buy or rent: cost against hours of use per day")
    _legend_below(ax, 2)
    return fig


def tornado_figure(
    tornado: Tornado, *, figure: Figure | None = None, width_in: float = DEFAULT_WIDTH_IN
) -> Figure:
    """TCO of one quote at each uncertain input's low and high value, widest swing on top."""
    bars = sorted(tornado.bars, key=lambda bar: bar.swing_usd, reverse=True)
    fig = _new_figure(figure, _bar_height(len(bars)) + 0.3, width_in)
    ax = fig.add_subplot()
    _style(ax)
    k = _shown()
    base = tornado.base_usd * k
    positions = np.arange(len(bars))[::-1]
    for pos, bar in zip(positions, bars, strict=True):
        ends = [
            (bar.tco_at_low_usd * k, theme.SERIES[0], bar.low_text),
            (bar.tco_at_high_usd * k, theme.SERIES[1], bar.high_text),
        ]
        for value, colour, _text in ends:
            ax.barh(pos, value - base, left=base, color=colour, height=0.6)
        # The lower TCO is labelled on the left, the higher on the right, so the two
        # labels never sit on top of each other, even when an input moves nothing.
        ends.sort(key=lambda end: end[0])
        for (value, _colour, text), side in zip(ends, ("right", "left"), strict=True):
            x = min(value, base) if side == "right" else max(value, base)
            ax.text(
                x,
                pos,
                f" {chart_label(text, 18)} ",
                va="center",
                ha=side,
                fontsize=7,
                color=theme.INK,
            )
    ax.axvline(base, color=theme.INK, linewidth=0.9)
    ax.set_yticks(positions, _unique_labels([bar.input_name for bar in bars], 30))
    ax.xaxis.set_major_formatter(MoneyFormatter())
    # Room on both sides for the value labels next to the bars' ends.
    extent = [base, *(v * k for bar in bars for v in (bar.tco_at_low_usd, bar.tco_at_high_usd))]
    low, high = min(extent), max(extent)
    span = (high - low) or abs(base) * 0.1 or 1.0
    ax.set_xlim(low - span * 0.4, high + span * 0.4)
    ax.set_xlabel(
        f"TCO ({currency_code()}); base case {format_money(tornado.base_usd)}",
        fontsize=7.5,
        color=theme.MUTED,
    )
    _title(
        ax,
        "Sensitivity of TCO to uncertain inputs",
        f"{chart_label(tornado.quote_label, 60)}; blue = low value, orange = high value",
    )
    return fig


def monte_carlo_figure(
    result: MonteCarlo, *, figure: Figure | None = None, width_in: float = DEFAULT_WIDTH_IN
) -> Figure:
    """P10–P90 range of TCO per quote with the P50 marked (USD), lowest P50 on top."""
    k = _shown()
    rows = [
        (row, row.p10_usd * k, row.p50_usd * k, row.p90_usd * k)
        for row in sorted(result.rows, key=by_median)
        if row.p10_usd is not None and row.p50_usd is not None and row.p90_usd is not None
    ]
    fig = _new_figure(figure, _bar_height(len(rows)), width_in)
    ax = fig.add_subplot()
    _style(ax)
    positions = np.arange(len(rows))[::-1]
    for index, (pos, (row, p10, p50, p90)) in enumerate(zip(positions, rows, strict=True)):
        colour = theme.series_colour(index)
        ax.plot([p10, p90], [pos, pos], color=colour, linewidth=5, alpha=0.45)
        ax.plot([p50], [pos], "o", color=colour, markersize=5)
        text = f"  P50 {format_money(row.p50_usd or 0.0)}"
        if row.probability_first is not None:
            text += f", first in {row.probability_first:.0%}"
        ax.text(p90, pos, text, va="center", fontsize=7, color=theme.INK)
    ax.set_yticks(positions, _unique_labels([item[0].label for item in rows]))
    ax.xaxis.set_major_formatter(MoneyFormatter())
    low = min((item[1] for item in rows), default=0.0)
    high = max((item[3] for item in rows), default=1.0)
    ax.set_xlim(low - (high - low) * 0.05, high + (high - low) * 0.45 + 1)
    ax.set_xlabel(f"TCO ({currency_code()}): bar P10–P90, dot P50", fontsize=7.5, color=theme.MUTED)
    _title(ax, f"Monte Carlo: TCO range over {result.samples:,} samples")
    return fig


def vendor_spend_figure(
    vendors: Sequence[tuple[str, float, float]],
    *,
    figure: Figure | None = None,
    width_in: float = DEFAULT_WIDTH_IN,
    cap: float | None = None,
    title: str = "Spend per vendor in the plan",
) -> Figure:
    """The plan's spend per vendor (vendor, USD, share), largest at the top.

    With ``cap`` (a share), the most any vendor may take is drawn as a dashed line.
    """
    fig = _new_figure(figure, _bar_height(len(vendors)), width_in)
    ax = fig.add_subplot()
    _style(ax)
    positions = np.arange(len(vendors))[::-1]
    k = _shown()
    values = [usd * k for _, usd, _ in vendors]
    for pos, (_, usd, share) in zip(positions, vendors, strict=True):
        ax.barh(pos, usd * k, color=theme.ACCENT, height=0.62)
        ax.text(
            usd * k, pos, f"  {format_money(usd)} · {format_share(share)}", va="center", fontsize=7
        )
    ax.set_yticks(positions, _unique_labels([display_name(name) for name, _, _ in vendors]))
    ax.xaxis.set_major_formatter(MoneyFormatter())
    total = sum(values)
    right = max(values, default=1.0)
    if cap is not None and total > 0:
        ax.axvline(cap * total, color=theme.KNOCKOUT, linestyle="--", linewidth=1)
        right = max(right, cap * total)
    ax.set_xlim(0, right * 1.45)
    ax.set_xlabel(
        f"{currency_code()} over the workloads' horizons", fontsize=7.5, color=theme.MUTED
    )
    subtitle = f"dashed: the {cap:.0%} cap" if cap is not None else ""
    _title(ax, title, subtitle)
    return fig


def figure_png(figure: Figure, dpi: int = 200) -> bytes:
    """The figure as PNG bytes; identical figures give identical bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()


def figure_image(figure: Figure, dpi: int = 150) -> Image.Image:
    """The figure rendered with Agg as an RGB Pillow image (no PNG round trip)."""
    figure.set_dpi(dpi)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    width, height = canvas.get_width_height(physical=True)
    return Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba()).convert("RGB")
