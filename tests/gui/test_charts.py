"""Charts on screen: drawn whatever room the window leaves them."""

from __future__ import annotations

from typing import Any

from pytestqt.qtbot import QtBot

from computescore.gui.charts import ChartView


def crowded(figure: Any) -> None:
    """A chart whose labels need more room than the smallest canvas has."""
    axes = figure.add_subplot()
    axes.plot([1, 2, 3], [1, 4, 9], label="a long legend entry " * 3)
    axes.set_title("A title\nover\nseveral\nlines\nthat\nneeds\nroom")
    axes.set_xlabel("x\nx\nx\nx")
    axes.set_ylabel("a long label of the vertical axis")
    figure.legend(loc="outside lower center", ncols=1)


def test_a_chart_squeezed_below_its_labels_is_drawn_without_a_warning(qtbot: QtBot) -> None:
    """matplotlib gives up laying out so small a figure and warns; the tests turn every
    warning into an error, so the chart is drawn only if the warning is not raised."""
    view = ChartView(min_height=10)
    qtbot.addWidget(view)
    view.resize(40, 40)
    view.set_builder(crowded, now=True)
    view.figure.canvas.draw()
    assert view.draws == 1
    assert view.figure.axes
