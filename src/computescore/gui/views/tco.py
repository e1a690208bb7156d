"""TCO: every quote's total cost with each line, unit costs, buy or rent, and the Monte Carlo.

Each quote is priced for the workload: every compute line is an option (an
accelerator at a deployment, term and price) costed for the accelerators the
workload needs, and the quote's TCO is built on the cheapest eligible one. The
"Per quote" tab lists the quotes on the left; on the right the selected quote's
options (the chosen one marked, with the engine's sentence saying why) and the
cost lines of the chosen option. Quotes without compute lines (a colocation or
services quote) are listed apart as supporting quotes: costed, never ranked.

The assumptions above the tables are edited in place; each accepted value is
saved as one undoable change and the costs are recomputed in the background.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.presentation import currency_code
from computescore.gui import analysis as an
from computescore.gui import commands
from computescore.gui import format as fmt
from computescore.gui.charts import ChartView
from computescore.gui.errors import guarded
from computescore.gui.forms import Form, format_number, number_parser
from computescore.gui.models.table import ROW_ROLE, RowTableModel, SortFilterProxy
from computescore.gui.presenters.tco import (
    QuoteCost,
    assumption_text,
    basis_text,
    quote_costs,
)
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.views.tco_columns import (
    LINE_COLUMNS,
    MC_COLUMNS,
    option_columns,
    summary_columns,
)
from computescore.gui.widgets import (
    Banner,
    ElidedLabel,
    button,
    configure_table,
    label,
    rows_height,
    section_title,
)
from computescore.gui.workspace import Snapshot
from computescore.vocabulary import (
    FORM_ASSUMPTIONS,
    assumption,
)
from computescore.wording import sentence


class QuoteCostDetail(QWidget):
    """The selected quote: how it was priced for the workload, its options and cost lines."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._accelerator_name: Any = lambda accelerator_id: accelerator_id or fmt.DASH
        self._counts = (0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(SPACING, 0, 0, 0)
        layout.setSpacing(4)
        head = QHBoxLayout()
        head.setSpacing(SPACING)
        self.title = ElidedLabel("", "SectionTitle")
        self.total = label("", "Muted")
        head.addWidget(self.title, 1)
        head.addWidget(self.total)
        layout.addLayout(head)
        self.choice = label("", wrap=True)
        self.choice.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.choice)
        self.figures = label("", "Muted", wrap=True)
        layout.addWidget(self.figures)

        self.options_model = RowTableModel(option_columns(self._name))
        self.options = QTableView()
        self.options.setModel(self.options_model)
        configure_table(self.options, self.options_model.columns)
        self.options_title = label("", "Muted", wrap=True)
        self.options_box = QWidget()
        options_layout = QVBoxLayout(self.options_box)
        options_layout.setContentsMargins(0, 4, 0, 0)
        options_layout.setSpacing(2)
        options_layout.addWidget(self.options_title)
        options_layout.addWidget(self.options, 1)

        self.lines_model = RowTableModel(LINE_COLUMNS)
        self.lines = QTableView()
        self.lines.setModel(self.lines_model)
        configure_table(self.lines, LINE_COLUMNS)
        self.lines_title = label("", "Muted", wrap=True)
        lines_box = QWidget()
        lines_layout = QVBoxLayout(lines_box)
        lines_layout.setContentsMargins(0, 4, 0, 0)
        lines_layout.setSpacing(2)
        lines_layout.addWidget(self.lines_title)
        lines_layout.addWidget(self.lines, 1)

        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self.options_box)
        self.split.addWidget(lines_box)
        self.split.setChildrenCollapsible(False)
        layout.addWidget(self.split, 1)
        self.clear()

    def _name(self, accelerator_id: str) -> str:
        return str(self._accelerator_name(accelerator_id))

    def set_catalogue(self, catalogue: Any) -> None:
        """Name accelerators as the catalogue does ("NVIDIA H100 SXM5 80GB"), not by id."""

        def name(accelerator_id: str) -> str:
            if not accelerator_id:
                return fmt.DASH
            item = catalogue.get(accelerator_id) if catalogue is not None else None
            return str(item.display_name) if item is not None else accelerator_id

        self._accelerator_name = name

    def clear(self) -> None:
        """Show nothing selected."""
        self.title.setText("Select a quote")
        self.total.setText("")
        self.choice.setText("Its options, the one chosen for the workload and its cost lines.")
        self.figures.setText("")
        self.options_model.set_rows([])
        self.lines_model.set_rows([])
        self.lines_title.setText("")
        self.options_title.setText("")

    def show_quote(self, row: QuoteCost, hours_per_day: float) -> None:
        """Show ``row``'s pricing for the workload: the choice, the options, the cost lines."""
        tco = row.tco
        self.title.setText(row.label)
        self.total.setText(f"{fmt.money(row.total_usd)} over {row.horizon_months} months")
        options = list(tco.options)
        if row.supporting:
            text = f"Supporting quote, not ranked: {row.reason}."
            if row.housing:
                text += " " + row.housing
            self.choice.setText(text)
            self.figures.setText("")
        else:
            choice = tco.choice or "no option could be priced for the workload"
            self.choice.setText(sentence(choice))
            self.figures.setText(self._figures(row, hours_per_day))
        self.figures.setVisible(bool(self.figures.text()))
        self.options_box.setVisible(bool(options))
        self.options_model.set_rows(options)
        if options:
            eligible = sum(1 for o in options if o.eligible and o.priced)
            self.options_title.setText(
                f"Options: {len(options)} priced for the workload, {eligible} eligible; "
                "✓ = chosen. Hover an option for what was quoted."
            )
        lines = list(tco.lines)
        self.lines_model.set_rows(lines)
        missing = sum(1 for line in lines if not line.costed)
        self.lines_title.setText(
            ("Cost lines with the chosen option: " if options else "Cost lines: ")
            + f"{len(lines)}, total {fmt.money(row.total_usd)} as paid"
            + (
                f", {fmt.money(row.headline_usd)} at present value ({row.discount_rate:.0%} a year)"
                if row.discount_rate
                else ""
            )
            + (f"; {missing} not costed (amber)" if missing else "")
            + ". Hover a line for its inputs and source."
        )
        self._counts = (len(options), len(lines))
        self._share_height(*self._counts)

    def resizeEvent(self, event: Any) -> None:
        """Share the height between the tables again for the new size."""
        super().resizeEvent(event)
        self._share_height(*self._counts)

    def _share_height(self, options: int, lines: int) -> None:
        """Split the height between the two tables by the rows each has."""
        total = sum(self.split.sizes())
        if not options or total <= 0:
            return
        row = self.lines.verticalHeader().defaultSectionSize()
        header = self.options.horizontalHeader().sizeHint().height()
        want_options = self.options_title.sizeHint().height() + header + options * row + 12
        want_lines = self.lines_title.sizeHint().height() + row + max(lines, 2) * row + 12
        if want_options + want_lines <= total:
            first = want_options
        else:
            first = total * want_options // (want_options + want_lines)
        first = max(first, min(total // 2, header + 3 * row))
        self.split.setSizes([first, total - first])

    @staticmethod
    def _figures(row: QuoteCost, hours_per_day: float) -> str:
        tco = row.tco
        parts = [
            f"{fmt.number(row.used_gpu_hours)} GPU-hours used "
            f"({tco.gpu_count:,} accelerators × {hours_per_day:g} h/day)"
        ]
        if row.usd_per_used_gpu_hour is not None:
            parts.append(f"{fmt.money(row.usd_per_used_gpu_hour, 2)} per used GPU-hour")
        if row.usd_per_useful_pflop_hour is not None:
            parts.append(f"{fmt.money(row.usd_per_useful_pflop_hour, 2)} per useful PFLOP-hour")
        if row.usd_per_million_tokens is not None:
            parts.append(f"{fmt.money(row.usd_per_million_tokens, 3)} per million tokens")
        rate = tco.useful_rate
        basis = str(getattr(tco.useful_basis, "value", tco.useful_basis))
        if rate is not None:
            parts.append(
                f"useful {rate.value:,.1f} TFLOP/s per accelerator from {basis_text(basis, rate)}"
            )
        elif tco.useful_missing:
            parts.append(f"useful throughput unknown: {tco.useful_missing}")
        return " · ".join(parts)


class TcoView(View):
    """Total cost of ownership per quote."""

    key = "tco"
    title = "TCO"
    icon_name = "tco"
    subtitle = "Every cost over the horizon. Change an assumption and the costs follow."

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        self.analysis: an.Analysis | None = None
        self._hours = 0.0
        self.banner = Banner()
        self.body_layout.addWidget(self.banner)

        assumptions = QFrame()
        assumptions.setObjectName("Card")
        box = QVBoxLayout(assumptions)
        box.setContentsMargins(2 * SPACING, 6, 2 * SPACING, 6)
        box.setSpacing(4)
        head = QHBoxLayout()
        head.setSpacing(SPACING)
        head.addWidget(section_title("Assumptions"))
        self.assumption_summary = ElidedLabel("", "Muted")
        head.addWidget(self.assumption_summary, 1)
        self.assumption_note = label("", "Muted", wrap=True)
        head.addWidget(self.assumption_note, 1)
        self.edit_assumptions = button("Edit")
        self.edit_assumptions.setCheckable(True)
        self.edit_assumptions.setToolTip("Show the assumptions to change them")
        self.edit_assumptions.setAccessibleName("Edit the TCO assumptions")
        self.edit_assumptions.toggled.connect(self._show_assumptions)
        head.addWidget(self.edit_assumptions)
        box.addLayout(head)
        self.form = Form(columns=4)
        for item in FORM_ASSUMPTIONS:
            self.form.line(
                item.key,
                item.caption,
                number_parser(item.caption, minimum=item.minimum, maximum=item.maximum),
                item.form_unit,
            )
        self.form.committed.connect(self._on_assumption)
        box.addWidget(self.form.widget)
        self.spot_for_steady = _switch(
            box,
            "Choose spot capacity for a steady workload",
            "Off by default: production serving cannot be pre-empted, so spot options are "
            "priced and shown but not chosen for a steady workload.",
            self._on_spot_for_steady,
        )
        self.house_owned = _switch(
            box,
            "House owned hardware in the cheapest facility quote",
            "On by default: a purchase (or a lease installed at your site) is costed in the "
            "evaluation's colocation quote that houses its load most cheaply. Off: the "
            "facility assumption houses it (0 when your premises are already paid for).",
            self._on_house_owned,
        )
        self.owe_past_horizon = _switch(
            box,
            "Owe commitment months past the horizon",
            "On by default: a commitment longer than the workload's horizon (a 36-month lease "
            "for a 12-month need) costs its remaining months, or the quote's early-termination "
            "fee on them. Off: the capacity serves other work afterwards.",
            self._on_owe_past_horizon,
        )
        self.body_layout.addWidget(assumptions)
        self._show_assumptions(False)

        self.summary_model = RowTableModel(summary_columns())
        self.summary_proxy = SortFilterProxy()
        self.summary_proxy.setSourceModel(self.summary_model)
        self.summary = QTableView()
        self.summary.setModel(self.summary_proxy)
        self.summary.setSortingEnabled(True)
        configure_table(self.summary, self.summary_model.columns)
        self.summary.selectionModel().selectionChanged.connect(self._on_select)
        self.supporting_model = RowTableModel(summary_columns())
        self.supporting = QTableView()
        self.supporting.setModel(self.supporting_model)
        # Same columns as the list above, without a header: widths follow the list's.
        configure_table(self.supporting, self.supporting_model.columns).manual = True
        self.supporting.horizontalHeader().setVisible(False)
        self.summary.horizontalHeader().sectionResized.connect(
            lambda index, _old, new: self.supporting.setColumnWidth(index, new)
        )
        self.supporting.selectionModel().selectionChanged.connect(self._on_select_supporting)
        self.supporting_title = label("", "Muted", wrap=True)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.setSpacing(4)
        left_layout.addWidget(self.summary, 10)
        self.knocked_note = label("Grey: knocked out on the scorecard; hover for why.", "Muted")
        left_layout.addWidget(self.knocked_note)
        left_layout.addWidget(self.supporting_title)
        left_layout.addWidget(self.supporting)
        left_layout.addStretch(1)
        self.detail = QuoteCostDetail()
        self.options_model = self.detail.options_model
        self.lines_model = self.detail.lines_model
        self.lines = self.detail.lines
        self.lines_title = self.detail.lines_title

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
        # The table's five columns need about 600 px; the chart reads well narrower.
        mc_split.setStretchFactor(0, 3)
        mc_split.setStretchFactor(1, 2)
        mc_split.setSizes([620, 480])
        mc_split.setChildrenCollapsible(False)
        mc_layout.addWidget(mc_split, 1)

        self.per_quote = QSplitter(Qt.Orientation.Horizontal)
        self.per_quote.addWidget(left)
        self.per_quote.addWidget(self.detail)
        self.per_quote.setChildrenCollapsible(False)
        self.per_quote.setStretchFactor(0, 2)
        self.per_quote.setStretchFactor(1, 3)
        self.per_quote.setSizes([440, 660])
        self.tabs = QTabWidget()
        self.tabs.addTab(self.per_quote, "Per quote")
        self.tabs.addTab(self._pair(self.breakdown, self.pflop), "Breakdown")
        self.tabs.addTab(self._pair(self.break_even, self.tornado), "Buy or rent · sensitivity")
        self.tabs.addTab(mc_page, "Monte Carlo")
        from computescore.gui.views.tco_energy import EnergyTab

        self.energy = EnergyTab()
        self.tabs.addTab(self.energy, "Energy and carbon")
        from computescore.gui.views.tco_scaling import ScalingTab

        self.scaling = ScalingTab()
        self.tabs.addTab(self.scaling, "Scaling")
        from computescore.gui.views.tco_token_api import TokenApiTab

        self.token_api = TokenApiTab()
        self.tabs.addTab(self.token_api, "Against a token API")
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
        """Further states worth a screenshot: the assumptions open, the chart tabs."""

        def supporting() -> None:
            self.edit_assumptions.setChecked(False)
            self.tabs.setCurrentIndex(0)
            if self.supporting_model.rowCount():
                self.supporting.selectRow(0)

        return [
            ("assumptions", lambda: self.edit_assumptions.setChecked(True)),
            ("supporting", supporting),
            ("breakdown", lambda: self.tabs.setCurrentIndex(1)),
            ("buy-or-rent", lambda: self.tabs.setCurrentIndex(2)),
            ("energy", lambda: self.tabs.setCurrentWidget(self.energy)),
            ("scaling", lambda: self.tabs.setCurrentWidget(self.scaling)),
            ("token-api", lambda: self.tabs.setCurrentWidget(self.token_api)),
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
    def _show_assumptions(self, shown: bool) -> None:
        self.form.widget.setVisible(shown)
        self.assumption_note.setVisible(shown)
        self.spot_for_steady.setVisible(shown)
        self.house_owned.setVisible(shown)
        self.owe_past_horizon.setVisible(shown)
        self.assumption_summary.setVisible(not shown)
        self.edit_assumptions.setText("Done" if shown else "Edit")

    def populate(self, snapshot: Snapshot) -> None:
        """Show the assumptions, the quotes with their options and lines, and the charts."""
        assert self.analysis is not None
        outcome = self.analysis.outcome
        if outcome is None:
            return
        result = outcome.result
        stored = dict(snapshot.assumptions)
        summary = []
        for key, scale in ((item.key, item.scale) for item in FORM_ASSUMPTIONS):
            value = getattr(result.assumptions, key, None)
            if key == "hours_per_day" and value is None:
                value = result.workload.hours_per_day
            shown = None if value is None else value / scale
            self.form.fields[key].show(shown, lambda v: format_number(v, 4))
            self.form.fields[key].editor.setToolTip(
                "Set for this evaluation" if key in stored else "Default value"
            )
            summary.append(assumption_text(key, shown))
        summary[:0] = self._show_switches(result.assumptions)
        self.assumption_summary.setText(" · ".join(summary))
        self.assumption_summary.set_tip(
            (f"{len(stored)} set for this evaluation, the others are defaults. " if stored else "")
            + "Press Edit to change them."
        )
        self.assumption_note.setText(
            (f"{len(stored)} set for this evaluation; " if stored else "All defaults; ")
            + "hover a value to see which."
        )
        workload = result.workload
        hours = result.assumptions.hours_per_day or workload.hours_per_day
        self._hours = float(hours)
        need = (
            f"{fmt.plural(workload.accelerators, 'accelerator')} at {hours:g} h/day"
            if workload.accelerators
            else f"{hours:g} h/day"
        )
        self.header.set_subtitle(
            f"Every cost over {workload.horizon_months} months in {currency_code()}, "
            f"for “{workload.name}”: "
            f"{need}. Each quote is costed with its eligible option that costs least per "
            "useful PFLOP-hour (not always its lowest total)."
        )
        self.detail.set_catalogue(outcome.data.catalogue)
        self.energy.show_pack(outcome.pack)
        self.scaling.show_pack(outcome.pack)
        self.token_api.show_pack(outcome.pack)
        rows = quote_costs(result)
        compute = [r for r in rows if not r.supporting]
        supporting = [r for r in rows if r.supporting]
        previous = self._selected_key()
        basis = "Present\nvalue" if result.assumptions.discount_rate > 0 else "Total"
        self.summary_model.retitle(1, basis)
        self.supporting_model.retitle(1, basis)
        self.summary_model.set_rows(compute)
        self.summary.sortByColumn(1, Qt.SortOrder.AscendingOrder)
        # As tall as its rows (the supporting quotes follow right under), scrolling beyond.
        self.summary.setMaximumHeight(rows_height(self.summary, max(len(compute), 3)))
        self.knocked_note.setVisible(any(r.knocked_out for r in compute))
        self.supporting_model.set_rows(supporting)
        self.supporting.setVisible(bool(supporting))
        self.supporting_title.setVisible(bool(supporting))
        self.supporting.setFixedHeight(
            rows_height(self.supporting, min(max(1, len(supporting)), 4))
        )
        self.supporting_title.setText(
            ("Supporting quotes" if len(supporting) != 1 else "Supporting quote")
            + " — no compute lines, so not ranked; costed on its own:"
        )
        problems = [p for p in result.problems if p.severity.value == "error"]
        if problems:
            self.banner.show_message(
                f"{fmt.plural(len(problems), 'cost problem')}: {problems[0].message}"
                + (" (hover for all)" if len(problems) > 1 else ""),
                "warning",
            )
            self.banner.setToolTip("\n".join(f"{p.source}: {p.message}" for p in problems))
        else:
            self.banner.setVisible(False)
        self._select(previous)
        leader = result.scorecard.winner
        highlight = leader.quote_key if leader else None
        knocked = [score.quote_key for score in result.scorecard.scores if score.disqualified]
        tcos = an.to_tco(result) if outcome.pack is None else outcome.pack.tco
        tco_items = tuple(tcos)

        def breakdown(figure: Any) -> None:
            from computescore.reports.charts import tco_breakdown_figure

            tco_breakdown_figure(tco_items, figure=figure)

        def pflop(figure: Any) -> None:
            from computescore.reports.charts import cost_per_pflop_figure

            cost_per_pflop_figure(
                tco_items, figure=figure, highlight_key=highlight, knocked_out=knocked
            )

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

    def _selected_key(self) -> str | None:
        for table in (self.summary, self.supporting):
            indexes = table.selectionModel().selectedRows()
            if indexes:
                return str(indexes[0].data(ROW_ROLE).quote_key)
        return None

    def _select(self, quote_key: str | None) -> None:
        """Select ``quote_key`` (else the first compute offer) and show its detail."""
        if quote_key is not None:
            for table in (self.summary, self.supporting):
                model = table.model()
                for row in range(model.rowCount()):
                    if model.index(row, 0).data(ROW_ROLE).quote_key == quote_key:
                        table.selectRow(row)
                        return
        if self.summary_proxy.rowCount():
            self.summary.selectRow(0)
        elif self.supporting_model.rowCount():
            self.supporting.selectRow(0)
        else:
            self.detail.clear()

    def select_quote(self, quote_key: str) -> None:
        """Show one quote's options and cost lines."""
        self._select(quote_key)

    @guarded
    def _on_select(self, selected: QItemSelection, _old: QItemSelection) -> None:
        indexes = selected.indexes()
        if not indexes:
            return
        self.supporting.clearSelection()
        self.detail.show_quote(indexes[0].data(ROW_ROLE), self._hours)

    @guarded
    def _on_select_supporting(self, selected: QItemSelection, _old: QItemSelection) -> None:
        indexes = selected.indexes()
        if not indexes:
            return
        self.summary.clearSelection()
        self.detail.show_quote(indexes[0].data(ROW_ROLE), self._hours)

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
            self.edit_assumptions.setChecked(True)
            self.banner.show_message(f"Not saved: {error}.", "warning")
            return
        scale = assumption(key).scale
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
        caption = assumption(key).caption
        commands.set_evaluation_field(
            self.workspace, "assumptions", current, f"Set {caption.lower()} to {field.text()}"
        )
        self.banner.setVisible(False)

    def _show_switches(self, assumptions: Any) -> list[str]:
        """Tick the on/off assumptions as used; what the summary says of those not at default."""
        said = []
        for box, on, default, words in (
            (
                self.spot_for_steady,
                assumptions.spot_for_steady,
                False,
                "spot chosen for steady workloads",
            ),
            (
                self.house_owned,
                assumptions.house_in_facility_quotes,
                True,
                "owned hardware not housed in facility quotes",
            ),
            (
                self.owe_past_horizon,
                assumptions.owe_terms_past_horizon,
                True,
                "commitment months past the horizon not owed",
            ),
        ):
            box.blockSignals(True)
            box.setChecked(bool(on))
            box.blockSignals(False)
            if bool(on) != default:
                said.append(words)
        return said

    @guarded
    def _on_spot_for_steady(self, checked: bool) -> None:
        self._set_switch(
            "spot_for_steady",
            checked,
            False,
            "Choose spot for steady workloads"
            if checked
            else "Do not choose spot for steady workloads",
        )

    @guarded
    def _on_house_owned(self, checked: bool) -> None:
        self._set_switch(
            "house_in_facility_quotes",
            checked,
            True,
            "House owned hardware in facility quotes"
            if checked
            else "Do not house owned hardware in facility quotes",
        )

    @guarded
    def _on_owe_past_horizon(self, checked: bool) -> None:
        self._set_switch(
            "owe_terms_past_horizon",
            checked,
            True,
            "Owe commitment months past the horizon"
            if checked
            else "Do not owe commitment months past the horizon",
        )

    def _set_switch(self, key: str, checked: bool, default: bool, undo_text: str) -> None:
        """Store an on/off assumption undoably (its default is stored as no entry)."""
        snap = self.workspace.snapshot
        if snap is None:
            return
        current = dict(snap.assumptions)
        if bool(current.get(key, default)) == checked:
            return
        if checked == default:
            current.pop(key, None)
        else:
            current[key] = checked
        commands.set_evaluation_field(self.workspace, "assumptions", current, undo_text)

    @guarded
    def run_monte_carlo(self, _checked: bool = False) -> None:
        """Run the Monte Carlo with progress and Cancel."""
        if self.analysis is not None:
            self.analysis.run_monte_carlo(parent=self)


def _switch(box: Any, text: str, tip: str, toggled: Any) -> QCheckBox:
    """An on/off assumption's check box, added to ``box``."""
    check = QCheckBox(text)
    check.setToolTip(tip)
    check.toggled.connect(toggled)
    box.addWidget(check)
    return check
