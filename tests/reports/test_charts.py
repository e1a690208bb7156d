"""Chart builders: every chart renders, vendor `$` signs never become mathtext."""

from __future__ import annotations

import io
from dataclasses import replace

import matplotlib
from matplotlib.figure import Figure

from computescore.reports import charts
from computescore.reports.model import BoardPack
from computescore.reports.sample import sample_pack


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
    assert "Acme $5 off, now $10 $\\foo$" in svg.getvalue().decode()


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


def test_usd_axis_keeps_cents_for_small_unit_costs() -> None:
    from computescore.reports.charts import _usd_axis

    assert [_usd_axis(v) for v in (0, 0.5, 1.25, 7.0, 12, 2500, 3.2e6)] == [
        "$0",
        "$0.50",
        "$1.25",
        "$7.00",
        "$12",
        "$2k",
        "$3.2m",
    ]
    assert _usd_axis(-0.75) == "-$0.75"
