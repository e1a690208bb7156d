"""TCO: every quote's total cost with each line, unit costs, buy or rent, and the Monte Carlo.

The assumptions above the tables are edited in place; each accepted value is
saved as one undoable change and the costs are recomputed in the background.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from computescore.gui import analysis as an
from computescore.gui import commands
from computescore.gui import format as fmt
from computescore.gui.charts import ChartView
from computescore.gui.errors import guarded
from computescore.gui.forms import Form, format_number, number_parser
from computescore.gui.models.table import ROW_ROLE, Column, RowTableModel, SortFilterProxy
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import (
    Banner,
    button,
    configure_table,
    label,
    section_title,
)
from computescore.gui.workspace import Snapshot

ASSUMPTION_FIELDS = (
    # key, caption, unit, minimum, maximum, shown scale (stored = shown × scale)
    ("hours_per_day", "Utilisation", "h / day", 0.0, 24.0, 1.0),
    ("energy_usd_per_kwh", "Energy price", "USD / kWh", 0.0, 5.0, 1.0),
    ("pue", "PUE", "× IT load", 1.0, 3.0, 1.0),
    ("ops_usd_per_gpu_hour", "Operations", "USD / GPU-h", 0.0, 50.0, 1.0),
    ("residual_fraction", "Residual value", "% of price", 0.0, 100.0, 0.01),
    ("discount_rate", "Discount rate", "% / year", 0.0, 50.0, 0.01),
    ("spot_overhead", "Spot lost work", "% of spot", 0.0, 100.0, 0.01),
    ("depreciation_years", "Depreciation", "years", 1.0, 15.0, 1.0),
)


def summary_columns() -> list[Column]:
    """Columns of the per-quote TCO table."""
    return [
        Column("Quote", lambda t: t.label, width=28),
        Column("Total over horizon", lambda t: t.total_usd, text=fmt.usd, numeric=True, width=14),
        Column(
            "USD / used GPU-h",
            lambda t: t.usd_per_used_gpu_hour,
            text=lambda v: fmt.usd(v, 2),
            numeric=True,
            width=10,
        ),
        Column(
            "USD / useful PFLOP-h",
            lambda t: t.usd_per_useful_pflop_hour,
            text=lambda v: fmt.usd(v, 2),
            numeric=True,
            width=12,
            tooltip=lambda t: "TCO ÷ (peak × MFU × hours used)",
        ),
        Column(
            "USD / M tokens",
            lambda t: t.usd_per_million_tokens,
            text=lambda v: fmt.usd(v, 3),
            numeric=True,
            width=10,
        ),
        Column(
            "Used GPU-hours",
            lambda t: t.used_gpu_hours,
            text=lambda v: fmt.number(v),
            numeric=True,
            width=12,
        ),
        Column(
            "Notes",
            lambda t: "; ".join(t.notes[:2]),
            width=30,
            tooltip=lambda t: "\n".join(t.notes) or None,
        ),
    ]


LINE_COLUMNS = [
    Column("Cost line", lambda ln: ln.label, width=34),
    Column("Category", lambda ln: ln.category, text=fmt.words, width=12),
    Column("Amount", lambda ln: ln.amount_usd, text=fmt.usd, numeric=True, width=12),
    Column(
        "How it was computed",
        lambda ln: ln.formula,
        width=40,
        tooltip=lambda ln: "\n".join(i.text() for i in ln.inputs) or None,
    ),
    Column("Flags", lambda ln: ", ".join(ln.flags), width=12),
]

MC_COLUMNS = [
    Column("Quote", lambda r: r.label, width=28),
    Column("P10", lambda r: r.p10_usd, text=fmt.usd, numeric=True, width=12),
    Column("P50", lambda r: r.p50_usd, text=fmt.usd, numeric=True, width=12),
    Column("P90", lambda r: r.p90_usd, text=fmt.usd, numeric=True, width=12),
    Column(
        "Chance of ranking first",
        lambda r: r.probability_first,
        text=lambda v: fmt.pct(v, 0),
        numeric=True,
        width=14,
    ),
]


class TcoView(View):
    """Total cost of ownership per quote."""

    key = "tco"
    title = "TCO"
    icon_name = "tco"
    subtitle = "Every cost over the horizon, in USD. Change an assumption and the costs follow."

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        self.analysis: an.Analysis | None = None
        self.banner = Banner()
        self.body_layout.addWidget(self.banner)

        assumptions = QFrame()
        assumptions.setObjectName("Card")
        box = QVBoxLayout(assumptions)
        box.setContentsMargins(2 * SPACING, 10, 2 * SPACING, 6)
        box.setSpacing(4)
        head = QHBoxLayout()
        head.addWidget(section_title("Assumptions"))
        self.assumption_note = label("", "Muted", wrap=True)
        head.addWidget(self.assumption_note, 1)
        box.addLayout(head)
        self.form = Form(columns=4)
        for key, caption, unit, low, high, _scale in ASSUMPTION_FIELDS:
            self.form.line(key, caption, number_parser(caption, minimum=low, maximum=high), unit)
        self.form.committed.connect(self._on_assumption)
        box.addWidget(self.form.widget)
        self.body_layout.addWidget(assumptions)

        self.summary_model = RowTableModel(summary_columns())
        self.summary_proxy = SortFilterProxy()
        self.summary_proxy.setSourceModel(self.summary_model)
        self.summary = QTableView()
        self.summary.setModel(self.summary_proxy)
        self.summary.setSortingEnabled(True)
        configure_table(self.summary, self.summary_model.columns)
        self.summary.selectionModel().selectionChanged.connect(self._on_select)
        self.lines_model = RowTableModel(LINE_COLUMNS)
        self.lines = QTableView()
        self.lines.setModel(self.lines_model)
        configure_table(self.lines, LINE_COLUMNS)
        self.lines_title = label("", "Muted")
        lines_box = QWidget()
        lines_layout = QVBoxLayout(lines_box)
        lines_layout.setContentsMargins(0, 0, 0, 0)
        lines_layout.addWidget(self.lines_title)
        lines_layout.addWidget(self.lines, 1)

        self.breakdown = ChartView(220)
        self.pflop = ChartView(220)
        self.break_even = ChartView(220)
        self.tornado = ChartView(220)
        self.mc_chart = ChartView(220)
        self.mc_model = RowTableModel(MC_COLUMNS)
        self.mc_table = QTableView()
        self.mc_table.setModel(self.mc_model)
        configure_table(self.mc_table, MC_COLUMNS)
        mc_page = QWidget()
        mc_layout = QVBoxLayout(mc_page)
        mc_layout.setContentsMargins(SPACING, SPACING, SPACING, SPACING)
        mc_bar = QHBoxLayout()
        self.mc_note = label(
            "Varies utilisation, energy price, MFU, FX and residual value over ±20 % "
            "(triangular ranges), 10,000 samples.",
            "Muted",
            wrap=True,
        )
        self.mc_button = button("Run Monte Carlo", "dice")
        self.mc_button.clicked.connect(self.run_monte_carlo)
        mc_bar.addWidget(self.mc_note, 1)
        mc_bar.addWidget(self.mc_button)
        mc_layout.addLayout(mc_bar)
        mc_split = QSplitter(Qt.Orientation.Horizontal)
        mc_split.addWidget(self.mc_table)
        mc_split.addWidget(self.mc_chart)
        mc_layout.addWidget(mc_split, 1)

        summary_page = QSplitter(Qt.Orientation.Vertical)
        summary_page.addWidget(self.summary)
        summary_page.addWidget(lines_box)
        summary_page.setChildrenCollapsible(False)
        self.tabs = QTabWidget()
        self.tabs.addTab(summary_page, "Per quote")
        self.tabs.addTab(self._pair(self.breakdown, self.pflop), "Breakdown")
        self.tabs.addTab(self._pair(self.break_even, self.tornado), "Buy or rent · sensitivity")
        self.tabs.addTab(mc_page, "Monte Carlo")
        self.body_layout.addWidget(self.tabs, 1)

    @staticmethod
    def _pair(left: QWidget, right: QWidget) -> QWidget:
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setChildrenCollapsible(False)
        return split

    # -- wiring ----------------------------------------------------------------------
    def set_analysis(self, analysis: an.Analysis) -> None:
        """Follow the engine's results."""
        self.analysis = analysis
        analysis.changed.connect(self._on_changed)
        analysis.monte_carlo_done.connect(self._show_monte_carlo)

    def extra_screens(self) -> list[tuple[str, Any]]:
        """Further states worth a screenshot: the chart tabs."""
        return [
            ("breakdown", lambda: self.tabs.setCurrentIndex(1)),
            ("buy-or-rent", lambda: self.tabs.setCurrentIndex(2)),
        ]

    def ready(self) -> bool:
        """True when results are shown and no redraw is pending."""
        charts = (self.breakdown, self.pflop, self.break_even, self.tornado, self.mc_chart)
        idle = self.analysis is None or self.analysis.idle()
        return idle and not any(c.pending() for c in charts)

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Say why there are no costs."""
        if not an.engine_available():
            return ("Not available yet", "Costs appear here once the decision engine is installed.")
        snap = self.workspace.snapshot
        if snap is not None and not snap.quotes:
            return ("No quotes to cost", "Import quotes first.")
        analysis = self.analysis
        if analysis is not None and analysis.error and not analysis.available:
            return ("Costs could not be computed", analysis.error)
        if analysis is not None and not analysis.available:
            return ("Computing costs…", "The figures appear in a moment.")
        return None

    # -- showing ---------------------------------------------------------------------
    def populate(self, snapshot: Snapshot) -> None:
        """Show the assumptions, the per-quote table and the charts."""
        assert self.analysis is not None
        outcome = self.analysis.outcome
        if outcome is None:
            return
        result = outcome.result
        stored = dict(snapshot.assumptions)
        for key, _caption, _unit, _low, _high, scale in ASSUMPTION_FIELDS:
            value = getattr(result.assumptions, key, None)
            if key == "hours_per_day" and value is None:
                value = result.workload.hours_per_day
            shown = None if value is None else value / scale
            self.form.fields[key].show(shown, lambda v: format_number(v, 4))
            self.form.fields[key].editor.setToolTip(
                "Set for this evaluation" if key in stored else "Default value"
            )
        self.assumption_note.setText(
            f"For the workload “{result.workload.name}”. "
            + (f"{len(stored)} set for this evaluation; " if stored else "")
            + "Hover a value to see whether it is a default."
        )
        tcos = an.to_tco(result) if outcome.pack is None else outcome.pack.tco
        self.summary_model.set_rows(list(tcos))
        self.summary.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        problems = [p for p in result.problems if p.severity.value == "error"]
        if problems:
            self.banner.show_message(
                f"{fmt.plural(len(problems), 'cost problem')}: {problems[0]}", "warning"
            )
        else:
            self.banner.setVisible(False)
        if self.summary_proxy.rowCount():
            self.summary.selectRow(0)
        leader = result.scorecard.winner
        highlight = leader.quote_key if leader else None
        tco_items = tuple(tcos)

        def breakdown(figure: Any) -> None:
            from computescore.reports.charts import tco_breakdown_figure

            tco_breakdown_figure(tco_items, figure=figure)

        def pflop(figure: Any) -> None:
            from computescore.reports.charts import cost_per_pflop_figure

            cost_per_pflop_figure(tco_items, figure=figure, highlight_key=highlight)

        self.breakdown.set_builder(breakdown)
        self.pflop.set_builder(pflop)
        curve = outcome.pack.break_even if outcome.pack is not None else an.to_break_even(result)
        if curve is None:
            advice = result.buy_vs_rent.recommendation
            self.break_even.show_message(
                "No break-even curve: it needs a quote to own and a quote to rent.\n\n"
                f"{advice.headline}\n" + "\n".join(f"• {r}" for r in advice.reasons)
            )
        else:

            def break_even(figure: Any) -> None:
                from computescore.reports.charts import break_even_figure

                break_even_figure(curve, figure=figure)

            self.break_even.set_builder(break_even)
        spread = outcome.pack.tornado if outcome.pack is not None else an.to_tornado(result)
        if spread is None:
            self.tornado.show_message("No leader, so no sensitivity to show.")
        else:

            def tornado(figure: Any) -> None:
                from computescore.reports.charts import tornado_figure

                tornado_figure(spread, figure=figure)

            self.tornado.set_builder(tornado)
        self._show_monte_carlo()

    @guarded
    def _on_select(self, selected: QItemSelection, _old: QItemSelection) -> None:
        indexes = selected.indexes()
        if not indexes:
            return
        item = indexes[0].data(ROW_ROLE)
        self.lines_model.set_rows(list(item.lines))
        self.lines_title.setText(
            f"{item.label}: {fmt.plural(len(item.lines), 'cost line')}, total "
            f"{fmt.usd(item.total_usd)} over {item.horizon_months} months. Hover a formula for "
            "its inputs."
        )

    def _show_monte_carlo(self) -> None:
        analysis = self.analysis
        result = analysis.monte_carlo if analysis else None
        if result is None:
            self.mc_model.set_rows([])
            self.mc_chart.show_message("Not run yet. Press “Run Monte Carlo”.")
            return
        record = an.to_monte_carlo(result)
        assert record is not None
        self.mc_model.set_rows(list(record.rows))
        self.mc_note.setText(
            f"{result.samples:,} samples, seed {result.seed}. P10/P50/P90 of the total cost; "
            "the chance each quote ranks first on the weighted score."
        )

        def chart(figure: Any) -> None:
            from computescore.reports.charts import monte_carlo_figure

            monte_carlo_figure(record, figure=figure)

        self.mc_chart.set_builder(chart)

    # -- editing ---------------------------------------------------------------------
    @guarded
    def _on_assumption(self, key: str) -> None:
        field = self.form.fields[key]
        value, error = field.read()
        if error is not None or value is None:
            self.banner.show_message(f"Not saved: {error}.", "warning")
            return
        scale = next(s for k, *_rest, s in ASSUMPTION_FIELDS if k == key)
        snap = self.workspace.snapshot
        if snap is None:
            return
        current = dict(snap.assumptions)
        stored = value * scale
        if current.get(key) is not None and abs(float(current[key]) - stored) < 1e-12:
            return
        result = self.analysis.result if self.analysis else None
        if key not in current and result is not None:
            default = getattr(result.assumptions, key, None)
            if key == "hours_per_day" and default is None:
                default = result.workload.hours_per_day
            if default is not None and abs(float(default) - stored) < 1e-12:
                return
        current[key] = stored
        caption = next(c for k, c, *_rest in ASSUMPTION_FIELDS if k == key)
        commands.set_evaluation_field(
            self.workspace, "assumptions", current, f"Set {caption.lower()} to {field.text()}"
        )
        self.banner.setVisible(False)

    @guarded
    def run_monte_carlo(self, _checked: bool = False) -> None:
        """Run the Monte Carlo with progress and Cancel."""
        if self.analysis is not None:
            self.analysis.run_monte_carlo(parent=self)


if __name__ == "__main__":  # pragma: no cover
    from computescore.gui.preview import run_preview

    raise SystemExit(run_preview("tco"))
