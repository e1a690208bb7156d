"""Charts on screen: the report's matplotlib figures in a ``FigureCanvasQTAgg``.

matplotlib (about half a second to import) is loaded the first time a chart is
shown, never at start-up (nor on a worker thread, where the import would compete
with the threads that load data and compute results). Redraws are coalesced:
many changes in a row (a weight slider being dragged) cause one redraw after a
short pause, and the canvas paints with ``draw_idle`` so the event loop keeps
running.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize, QTimer
from PySide6.QtWidgets import QFrame, QSizePolicy, QStackedLayout, QVBoxLayout, QWidget

from computescore.gui.widgets import label

log = logging.getLogger("computescore.gui")

Builder = Callable[[Any], Any]
"""Draws into the matplotlib ``Figure`` it is given (a ``reports.charts`` builder)."""

SCREEN_DPI = 100


class ChartView(QFrame):
    """A framed chart that redraws itself from a builder function when asked."""

    def __init__(self, min_height: int = 260, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("Card")
        self.setMinimumHeight(min_height)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        self._stack = QStackedLayout()
        outer.addLayout(self._stack)
        self._message = label("", "Muted", wrap=True)
        self._message.setContentsMargins(12, 12, 12, 12)
        self._stack.addWidget(self._message)
        self._canvas: Any = None
        self._figure: Any = None
        self._builder: Builder | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(90)
        self._timer.timeout.connect(self._draw)
        self.draws = 0
        """How many times the chart was drawn (tests read it)."""

    def sizeHint(self) -> QSize:
        """A comfortable default size."""
        return QSize(560, 320)

    def show_message(self, text: str) -> None:
        """Show a sentence instead of the chart."""
        self._builder = None
        self._timer.stop()
        self._message.setText(text)
        self._stack.setCurrentWidget(self._message)

    def set_builder(self, builder: Builder, *, now: bool = False) -> None:
        """Draw with ``builder`` (after a short pause, or ``now``)."""
        self._builder = builder
        if now:
            self._draw()
        else:
            self._timer.start()

    def resizeEvent(self, event: Any) -> None:
        """Rebuild after a resize so legends and labels fit the new width."""
        super().resizeEvent(event)
        if self._builder is not None:
            self._timer.start()

    def pending(self) -> bool:
        """True while a redraw is scheduled."""
        return self._timer.isActive()

    def _ensure_canvas(self) -> None:
        if self._canvas is not None:
            return
        from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
        from matplotlib.figure import Figure

        import computescore.reports.charts  # noqa: F401  (sets the shared fonts, no mathtext)

        self._figure = Figure(dpi=SCREEN_DPI, layout="constrained")
        self._canvas = FigureCanvasQTAgg(self._figure)  # type: ignore[no-untyped-call]
        self._canvas.setMinimumSize(200, 160)
        self._stack.addWidget(self._canvas)

    def _draw(self) -> None:
        builder = self._builder
        if builder is None:
            return
        try:
            self._ensure_canvas()
            width = self.width() - 12  # the frame is laid out; a new canvas is not yet
            self._figure.set_size_inches(
                max(width, 200) / SCREEN_DPI, max(self.height() - 12, 160) / SCREEN_DPI
            )
            builder(self._figure)
            self._figure.set_layout_engine("constrained")
            fit_legends(self._figure)
            self._stack.setCurrentWidget(self._canvas)
            self._canvas.draw_idle()
            self.draws += 1
        except Exception:
            log.exception("chart could not be drawn")
            self._message.setText("This chart could not be drawn; the details are in the log.")
            self._stack.setCurrentWidget(self._message)

    @property
    def figure(self) -> Any:
        """The matplotlib figure (None until first drawn)."""
        return self._figure


def fit_legends(figure: Any) -> None:
    """Wrap a wide legend under the chart onto more rows when the chart is narrower than a page.

    The shared builders put their legend below the plot as a figure legend laid out
    for the report's page width; on a narrower screen it is rebuilt with fewer columns.
    """
    width_in = figure.get_figwidth()
    fitting = max(2, int(width_in / 1.3))
    for legend in list(figure.legends):
        columns = getattr(legend, "_ncols", 1)
        if columns <= fitting:
            continue
        handles = list(legend.legend_handles)
        labels = [text.get_text() for text in legend.texts]
        size = legend.texts[0].get_fontsize() if legend.texts else 7
        legend.remove()
        figure.legend(
            handles,
            labels,
            loc="outside lower left",
            ncol=fitting,
            fontsize=size,
            frameon=False,
            handlelength=1.2,
            columnspacing=1.0,
        )
