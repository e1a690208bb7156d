"""Chart builders: every chart renders, vendor `$` signs never become mathtext."""

from __future__ import annotations

import io
from dataclasses import replace

import matplotlib
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from computescore.reports import charts
from computescore.reports.model import BoardPack
from tests.fixtures.sample_pack import sample_pack


def test_importing_charts_switches_mathtext_off() -> None:
    assert matplotlib.rcParams["text.parse_math"] is False
    assert matplotlib.rcParams["text.usetex"] is False


def test_every_chart_renders_for_the_sample(pack: BoardPack) -> None:
    assert pack.ranking and pack.break_even and pack.tornado and pack.monte_carlo
    figures = [
        charts.ranking_figure(pack.ranking),
        charts.radar_figure(pack.ranking),
        charts.tco_breakdown_figure(pack.tco),
        charts.cost_per_pflop_figure(pack.tco),
        charts.break_even_figure(pack.break_even),
        charts.tornado_figure(pack.tornado),
        charts.monte_carlo_figure(pack.monte_carlo),
        charts.empty_figure("Monte Carlo not run for this evaluation"),
    ]
    for figure in figures:
        png = charts.figure_png(figure, dpi=60)
        assert png.startswith(b"\x89PNG")


def test_dollar_signs_and_tex_commands_render_literally() -> None:
    pack = sample_pack(6, 2, hostile=True)
    assert pack.ranking is not None
    figure = charts.ranking_figure(pack.ranking)
    svg = io.BytesIO()
    # SVG keeps text as text, so the dollars can be looked for after rendering.
    matplotlib.rcParams["svg.fonttype"] = "none"
    try:
        figure.savefig(svg, format="svg")
    finally:
        matplotlib.rcParams["svg.fonttype"] = "path"
    # The vendor's name is shortened to keep the quote reference; its two dollar
    # signs would start mathtext if it were on.
    assert "Acme $5 off, now $10… — Q-2026-121" in svg.getvalue().decode()


def test_deeply_nested_mathtext_does_not_recurse() -> None:
    nested = "$" + "\\sqrt{" * 200 + "x" + "}" * 200 + "$"
    pack = sample_pack(3, 2)
    assert pack.tornado is not None
    tornado = replace(pack.tornado, quote_label=nested)
    figure = charts.tornado_figure(tornado)
    assert charts.figure_png(figure, dpi=50).startswith(b"\x89PNG")


def test_equal_short_labels_stay_distinct() -> None:
    pack = sample_pack(3, 2)
    assert pack.ranking is not None
    rows = tuple(
        replace(row, vendor="Same very long vendor name that will be shortened", quote_ref="R")
        for row in pack.ranking.rows
    )
    figure = charts.ranking_figure(replace(pack.ranking, rows=rows))
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert len(set(labels)) == 3


def test_same_figure_gives_same_png(pack: BoardPack) -> None:
    assert pack.break_even is not None
    first = charts.figure_png(charts.break_even_figure(pack.break_even), dpi=60)
    second = charts.figure_png(charts.break_even_figure(pack.break_even), dpi=60)
    assert first == second


def test_builders_draw_into_a_given_figure(pack: BoardPack) -> None:
    assert pack.ranking is not None
    figure = Figure()
    assert charts.radar_figure(pack.ranking, figure=figure) is figure
    assert charts.ranking_figure(pack.ranking, figure=figure) is figure
    assert len(figure.axes) == 1


def test_money_axis_keeps_cents_for_small_unit_costs() -> None:
    from computescore.reports.charts import _money_axis

    assert [_money_axis(v) for v in (0, 0.5, 1.25, 7.0, 12, 2500, 3.2e6)] == [
        "$0",
        "$0.50",
        "$1.25",
        "$7.00",
        "$12",
        "$2k",
        "$3.2m",
    ]
    assert _money_axis(-0.75) == "−$0.75"


def test_money_ticks_never_repeat_a_label() -> None:
    # Ticks 50k apart around $2.2m read $2.1m, $2.2m, $2.2m with one decimal.
    assert charts._money_ticks([2.10e6, 2.15e6, 2.20e6]) == ["$2.10m", "$2.15m", "$2.20m"]
    # One unit for the whole axis: $0.5m next to $1.0m, not $500k; $5 next to $10.
    assert charts._money_ticks([0, 5e5, 1e6]) == ["$0", "$0.5m", "$1.0m"]
    assert charts._money_ticks([0, 5, 10, 15]) == ["$0", "$5", "$10", "$15"]
    assert charts._money_ticks([-3e5, 0, 3e5]) == ["−$300k", "$0", "$300k"]


@given(
    st.floats(min_value=0, max_value=1e10),
    st.sampled_from([1, 2, 2.5, 5]),
    st.integers(min_value=-1, max_value=8),
    st.integers(min_value=2, max_value=9),
)
def test_evenly_spaced_ticks_get_distinct_labels(
    start: float, mantissa: float, exponent: int, count: int
) -> None:
    step = mantissa * 10.0**exponent
    assume(step >= start * 1e-3)  # axis ticks are never a thousandth of their value apart
    ticks = [start + i * step for i in range(count)]
    labels = charts._money_ticks(ticks)
    assert len(set(labels)) == count


def test_tornado_value_labels_stay_inside_the_plot(pack: BoardPack) -> None:
    assert pack.tornado is not None
    base = pack.tornado.base_usd
    # The widest input moves the TCO one way only (its high value is already the
    # planned one), so its bar ends at the edge of the swing with its label beyond it.
    first, *rest = pack.tornado.bars
    swing = max(bar.swing_usd for bar in pack.tornado.bars) * 3
    one_sided = replace(first, tco_at_low_usd=base - swing, tco_at_high_usd=base)
    figure = charts.tornado_figure(replace(pack.tornado, bars=(one_sided, *rest)))
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    ax = figure.axes[0]
    plot = ax.get_window_extent()
    renderer = canvas.get_renderer()
    for text in ax.texts:
        box = text.get_window_extent(renderer)
        assert plot.x0 - 1 <= box.x0 and box.x1 <= plot.x1 + 1, text.get_text()


def test_every_cost_category_has_its_own_colour() -> None:
    from computescore.reports import theme

    synonyms = {"rented compute": "compute", "residual value": "residual"}
    colours = {
        category: colour
        for category, colour in theme.CATEGORY_COLOURS.items()
        if category not in synonyms
    }
    assert len(set(colours.values())) == len(colours)
    for alias, category in synonyms.items():
        assert theme.category_colour(alias) == theme.category_colour(category)


def test_radar_axis_titles_stay_clear_of_the_plot_and_the_legend(pack: BoardPack) -> None:
    assert pack.ranking is not None
    figure = charts.radar_figure(pack.ranking)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    ax = figure.axes[0]
    (legend,) = figure.legends
    legend_box = legend.get_window_extent(renderer)
    centre_x, centre_y = ax.transData.transform((0, 0))
    rim_x, rim_y = ax.transData.transform((0, 100))
    radius = ((rim_x - centre_x) ** 2 + (rim_y - centre_y) ** 2) ** 0.5
    for tick in ax.get_xticklabels():
        box = tick.get_window_extent(renderer)
        # The point of the title's box nearest the centre lies outside the rim.
        nearest_x = min(max(centre_x, box.x0), box.x1)
        nearest_y = min(max(centre_y, box.y0), box.y1)
        distance = ((nearest_x - centre_x) ** 2 + (nearest_y - centre_y) ** 2) ** 0.5
        assert distance >= radius, tick.get_text()
        assert not box.overlaps(legend_box), tick.get_text()


def test_knocked_out_quotes_are_hatched_in_the_cost_per_pflop_chart(pack: BoardPack) -> None:
    priced = [item for item in pack.tco if item.usd_per_useful_pflop_hour is not None]
    out = priced[0].quote_key
    figure = charts.cost_per_pflop_figure(pack.tco, knocked_out=[out])
    ax = figure.axes[0]
    hatched = [bar for bar in ax.patches if bar.get_hatch()]
    assert len(hatched) == 1
    assert hatched[0].get_width() == pytest.approx(priced[0].usd_per_useful_pflop_hour)
    assert sum("knocked out" in text.get_text() for text in ax.texts) == 1
    plain = charts.cost_per_pflop_figure(pack.tco)
    assert not [bar for bar in plain.axes[0].patches if bar.get_hatch()]
