"""Charts on screen: the report's matplotlib figures in a ``FigureCanvasQTAgg``.

matplotlib (about half a second to import) is loaded the first time a chart is
shown, never at start-up (nor on a worker thread, where the import would compete
with the threads that load data and compute results). Redraws are coalesced:
many changes in a row (a weight slider being dragged) cause one redraw after a
short pause, and the canvas paints with ``draw_idle`` so the event loop keeps
running.
"""

from __future__ import annotations

import contextlib
import logging
import warnings
from collections.abc import Callable, Iterator
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

        class Canvas(FigureCanvasQTAgg):
            def draw(self) -> None:
                with squeezed_layout_allowed():
                    super().draw()  # type: ignore[no-untyped-call]

        self._figure = Figure(dpi=SCREEN_DPI, layout="constrained")
        self._canvas = Canvas(self._figure)  # type: ignore[no-untyped-call]
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
            try:
                with squeezed_layout_allowed():
                    tidy_figure(self._figure)
            except Exception:  # a chart that is not tidied is still worth showing
                log.exception("chart could not be tidied")
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


@contextlib.contextmanager
def squeezed_layout_allowed() -> Iterator[None]:
    """Draw a chart squeezed below the room its labels need as it is.

    matplotlib warns when its layout engine gives up on a figure that small (a page
    being laid out, a window made very small); the warning says nothing a user can act
    on, and the next resize draws the chart again.
    """
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message="constrained_layout not applied", category=UserWarning
        )
        yield


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


def tidy_figure(figure: Any) -> None:
    """Make a shared chart read well at the size it is shown on screen.

    The report's builders lay charts out for a page; on a screen of another size
    some of their text can collide. After a layout pass this: turns the labels of a
    radar's axes away from its centre, narrows a legend wider than the chart, widens
    an axis so value labels written next to bars stay inside it (clear of the
    category labels), and thins tick marks whose labels would repeat ("$2.4m, $2.4m").
    """
    from matplotlib.projections.polar import PolarAxes

    for ax in figure.axes:
        if isinstance(ax, PolarAxes):
            _turn_radar_labels(ax)
    figure.draw_without_rendering()
    renderer = figure.canvas.get_renderer()
    if _wrap_titles(figure, renderer):
        figure.draw_without_rendering()
    _narrow_legends(figure)
    for _round in range(2):
        moved = False
        for ax in figure.axes:
            if not isinstance(ax, PolarAxes) and _fit_texts(ax, renderer):
                moved = True
        if not moved:
            break
        figure.draw_without_rendering()
    for ax in figure.axes:
        if not isinstance(ax, PolarAxes):
            _unique_ticks(ax)


def _wrap_titles(figure: Any, renderer: Any) -> bool:
    """Break a chart title (or an axes' subtitle) wider than the figure onto more lines."""
    import textwrap

    texts = [getattr(figure, "_suptitle", None)]
    for ax in figure.axes:
        texts.extend((ax.title, getattr(ax, "_left_title", None)))
    right = figure.bbox.x1 - 6
    changed = False
    for text in texts:
        if text is None or not text.get_visible() or not text.get_text().strip():
            continue
        content = text.get_text()
        box = text.get_window_extent(renderer)
        if box.x1 <= right or "\n" in content:
            continue
        room = right - max(box.x0, 0.0)
        characters = max(12, int(len(content) * room / box.width) - 1)
        text.set_text(textwrap.fill(content, characters))
        changed = True
    return changed


def _turn_radar_labels(ax: Any) -> None:
    import math

    ax.tick_params(axis="x", pad=4)
    for text, angle in zip(ax.get_xticklabels(), ax.get_xticks(), strict=False):
        # Directions measured from the right, anticlockwise (the polar axes' own).
        turned = (angle * ax.get_theta_direction() + ax.get_theta_offset()) % (2 * math.pi)
        x = math.cos(turned)
        if abs(x) < 0.2:
            text.set_horizontalalignment("center")
        else:
            text.set_horizontalalignment("left" if x > 0 else "right")
        y = math.sin(turned)
        text.set_verticalalignment("bottom" if y > 0.5 else "top" if y < -0.5 else "center")


def _narrow_legends(figure: Any) -> None:
    """Rebuild a below-the-chart legend with fewer columns while it is wider than the figure."""
    width = figure.bbox.width
    renderer = figure.canvas.get_renderer()
    for legend in list(figure.legends):
        columns = getattr(legend, "_ncols", 1)
        if columns <= 1 or legend.get_window_extent(renderer).width <= width - 4:
            continue
        handles = list(legend.legend_handles)
        labels = [text.get_text() for text in legend.texts]
        size = legend.texts[0].get_fontsize() if legend.texts else 7
        while columns > 1:
            columns -= 1
            legend.remove()
            legend = figure.legend(
                handles,
                labels,
                loc="outside lower left",
                ncol=columns,
                fontsize=size,
                frameon=False,
                handlelength=1.2,
                columnspacing=1.0,
            )
            if legend.get_window_extent(renderer).width <= width - 4:
                break
        figure.draw_without_rendering()


def _fit_texts(ax: Any, renderer: Any) -> bool:
    """Widen the x range so every text drawn in data coordinates stays inside the axes."""
    texts = [t for t in ax.texts if t.get_visible() and t.get_text().strip()]
    if not texts or ax.get_xscale() != "linear":
        return False
    box = ax.get_window_extent(renderer)
    if box.width <= 10:
        return False
    left_over = max(0.0, max(box.x0 - t.get_window_extent(renderer).x0 for t in texts))
    right_over = max(0.0, max(t.get_window_extent(renderer).x1 - box.x1 for t in texts))
    if left_over < 1 and right_over < 1:
        return False
    low, high = ax.get_xlim()
    # The new range must hold the old one plus the overflow at the new scale:
    # span' = span × width / (width − overflow).
    room = box.width - left_over - right_over - 8
    if room <= box.width * 0.3:
        return False
    per_pixel = (high - low) / room
    ax.set_xlim(
        low - (left_over + 4) * per_pixel if left_over >= 1 else low,
        high + (right_over + 4) * per_pixel if right_over >= 1 else high,
    )
    return True


def _unique_ticks(ax: Any) -> None:
    """Use fewer ticks on an axis whose labels repeat at the current number."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    for axis in (ax.xaxis, ax.yaxis):
        formatter = axis.get_major_formatter()
        if not isinstance(formatter, FuncFormatter):
            continue  # category labels are fixed; only rounded value labels can repeat
        for bins in (8, 6, 5, 4, 3):
            low, high = axis.get_view_interval()
            ticks = [t for t in axis.get_major_locator()() if min(low, high) <= t <= max(low, high)]
            labels = [formatter(t, i) for i, t in enumerate(ticks)]
            shown = [label for label in labels if label]
            if len(shown) == len(set(shown)):
                break
            axis.set_major_locator(MaxNLocator(nbins=bins))
