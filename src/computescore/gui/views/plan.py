"""Plan: the award plan for every workload, its scenarios side by side, and why each layer."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QWidget,
)

from computescore.gui import format as fmt
from computescore.gui import tasks
from computescore.gui.charts import ChartView
from computescore.gui.errors import guarded
from computescore.gui.models.table import ROW_ROLE, Column, RowTableModel
from computescore.gui.presenters import plan as present
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import Banner, configure_table, label
from computescore.gui.workspace import Snapshot

if TYPE_CHECKING:
    from computescore.services.plan import PlanOptions

ALLOCATION_COLUMNS = [
    Column("Workload", lambda a: a.workload, width=30),
    Column("Layer", lambda a: a.layer.value, text=fmt.words, width=8),
    Column("Quote", lambda a: a.quote_label, width=22, elide=Qt.TextElideMode.ElideRight),
    Column("Option", lambda a: a.option_label, width=38, tooltip=lambda a: a.why, keep=2),
    Column(
        "Accelerators",
        lambda a: a.accelerators,
        numeric=True,
        width=10,
        tooltip=lambda a: (
            "a token API: H100-equivalents of the workload's tokens" if a.tokens else ""
        ),
    ),
    Column("H100-eq.", lambda a: a.equivalents, text=lambda v: fmt.number(v, 1), numeric=True),
    Column("Cost", lambda a: a.usd, text=fmt.money, numeric=True, width=12),
    Column("Score", lambda a: a.score, text=lambda v: fmt.number(v, 1), numeric=True, width=6),
]

SCENARIO_COLUMNS = [
    Column("Scenario", lambda r: r[0], width=28),
    Column("Total", lambda r: r[1], width=12, align_right=True),
    Column("Against the recommended", lambda r: r[2], width=14, align_right=True),
    Column("Score", lambda r: r[3], width=6, align_right=True),
    Column("Vendors (share of spend)", lambda r: r[4], width=40),
]


class PlanView(View):
    """The award plan: one recommendation for every workload."""

    key = "plan"
    title = "Award plan"
    icon_name = "scorecard"
    subtitle = (
        "Every workload supplied from the eligible options, a baseline and, where demand "
        "varies, a peak committed or rented as the break-even decides, under the scenario's "
        "rules."
    )

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        self.report: Any = None
        self.error = ""
        self._task: tasks.Task | None = None
        self._options: PlanOptions | None = None
        """The rules of the next plan (None: the built-in scenarios only)."""
        bar = QHBoxLayout()
        bar.setSpacing(SPACING)
        bar.addWidget(label("Scenario", "Muted"))
        self.scenario = QComboBox()
        self.scenario.setAccessibleName("Scenario")
        bar.addWidget(self.scenario, 1)
        self.timing = label("", "Muted")
        bar.addWidget(self.timing)
        self.body_layout.addLayout(bar)
        self.body_layout.addLayout(self._rules_bar())
        # The rules' buttons sit beside the scenarios they add to, so the rules fit one row.
        bar.addWidget(self.try_button)
        bar.addWidget(self.save_button)
        self.banner = Banner()
        self.body_layout.addWidget(self.banner)

        self.model = RowTableModel(ALLOCATION_COLUMNS)
        self.table = QTableView()
        self.table.setModel(self.model)
        configure_table(self.table, ALLOCATION_COLUMNS)
        self.table.selectionModel().selectionChanged.connect(self._on_select)
        self.chart = ChartView(min_height=180)
        self.detail = QPlainTextEdit()
        self.detail.setReadOnly(True)
        self.scenarios = RowTableModel(SCENARIO_COLUMNS)
        self.scenario_table = QTableView()
        self.scenario_table.setModel(self.scenarios)
        configure_table(self.scenario_table, SCENARIO_COLUMNS)

        self.tabs = QTabWidget()
        self.tabs.addTab(self.detail, "Why")
        self.tabs.addTab(self.scenario_table, "Scenarios side by side")
        self.tabs.addTab(self.chart, "Spend per vendor")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.tabs)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        self.body_layout.addWidget(split, 1)
        self.scenario.currentIndexChanged.connect(self._show_scenario)

    def _rules_bar(self) -> QHBoxLayout:
        """The user's own award rules: try them, or save them as a scenario."""
        bar = QHBoxLayout()
        bar.setSpacing(SPACING)
        bar.addWidget(label("Your rules: no vendor above", "Muted"))
        self.cap = QSpinBox()
        self.cap.setRange(0, 100)
        self.cap.setSuffix(" %")
        self.cap.setSpecialValueText("no cap")
        self.cap.setAccessibleName("Vendor cap")
        bar.addWidget(self.cap)
        bar.addWidget(label("at least", "Muted"))
        self.min_vendors = QSpinBox()
        self.min_vendors.setRange(1, 20)
        self.min_vendors.setAccessibleName("At least this many vendors")
        bar.addWidget(self.min_vendors)
        bar.addWidget(label("at most", "Muted"))
        self.max_vendors = QSpinBox()
        self.max_vendors.setRange(0, 20)
        self.max_vendors.setSpecialValueText("any")
        self.max_vendors.setAccessibleName("At most this many vendors")
        bar.addWidget(self.max_vendors)
        bar.addWidget(label("vendors,", "Muted"))
        self.objective = QComboBox()
        self.objective.addItem("lowest cost", "cost")
        self.objective.addItem("best value (cost ÷ score)", "value")
        self.objective.setAccessibleName("Objective")
        bar.addWidget(self.objective)
        self.token_apis = QCheckBox("token APIs")
        self.token_apis.setToolTip(
            "Token APIs for serving: let a serving workload be bought from a token API's offer "
            "where it is cheaper. "
            "An API serves its own models: use it when the workload may run on one of them."
        )
        bar.addWidget(self.token_apis)
        self.try_button = QPushButton("Try these rules")
        self.try_button.clicked.connect(self.try_rules)
        self.save_button = QPushButton("Save as scenario…")
        self.save_button.clicked.connect(self._ask_and_save)
        for box in (self.cap, self.min_vendors, self.max_vendors):
            box.setMaximumWidth(96)
        bar.addStretch(1)
        return bar

    def rules(self) -> PlanOptions:
        """The rules set in the bar, as plan options (no rule: the built-in scenarios)."""
        from computescore.domain.award import Objective
        from computescore.services.plan import PlanOptions

        cap = self.cap.value()
        most = self.max_vendors.value()
        return PlanOptions(
            objective=Objective(self.objective.currentData()),
            vendor_cap=cap / 100 if cap else None,
            min_vendors=self.min_vendors.value(),
            max_vendors=most or None,
            token_apis=self.token_apis.isChecked() or None,
        )

    @guarded
    def try_rules(self) -> None:
        """Solve again with the rules in the bar as "Your rules", recommended."""
        self.report = None
        self.error = ""
        self._options = self.rules()
        self.refresh()

    @guarded
    def _ask_and_save(self) -> None:
        name, ok = QInputDialog.getText(self, "Save as scenario", "Name of the scenario:")
        if ok and name.strip():
            self.save_rules(name.strip())

    def save_rules(self, name: str) -> None:
        """Save the rules in the bar under ``name`` in the evaluation (undoable)."""
        from computescore.gui.commands import save_plan_scenario
        from computescore.services.plan import PlanOptions

        snapshot = self.workspace.snapshot
        if snapshot is None or snapshot.evaluation is None or snapshot.evaluation.id is None:
            return
        own = self.rules().own_policy()
        assert own is not None
        policy = replace(own, name=name)

        def after(forward: bool) -> None:
            # Saved: recommend it; undone: the scenario is gone, show the built-in ones.
            self._options = PlanOptions(scenario=name) if forward else None
            self.report = None
            self.refresh()

        save_plan_scenario(self.workspace, snapshot.evaluation.id, policy, after)

    # -- data ------------------------------------------------------------------------
    def unavailable_reason(self) -> tuple[str, str] | None:
        """Say why there is no plan yet."""
        snapshot = self.workspace.snapshot
        evaluation = snapshot.evaluation if snapshot is not None else None
        if evaluation is not None and not evaluation.workloads:
            return ("No workloads yet", "Add a workload profile to plan the award.")
        if self.error:
            return ("The plan could not be made", self.error)
        if self.report is None:
            self._start()
            return ("Planning…", "Pricing every option for every workload, then solving.")
        return None

    def ready(self) -> bool:
        """True when no plan is being made."""
        return self._task is None

    def _on_changed(self) -> None:
        self.report = None
        self.error = ""
        super()._on_changed()

    def _start(self) -> None:
        if self._task is not None:
            return
        store = self.workspace.store
        snapshot = self.workspace.snapshot
        if store is None or snapshot is None or snapshot.evaluation is None:
            return
        from computescore.services.plan import plan_evaluation

        name = snapshot.evaluation.name
        options = self._options

        def done(report: Any) -> None:
            self._task = None
            self.report = report
            self.refresh()

        def failed(info: tasks.ExcInfo) -> None:
            self._task = None
            self.error = str(info[1]) if info[1] is not None else "unknown error"
            self.refresh()

        self._task = tasks.run_task(
            lambda progress: plan_evaluation(store, name, options, progress=progress),
            name="plan",
            on_success=done,
            on_error=failed,
        )

    def populate(self, snapshot: Snapshot) -> None:
        """Fill the scenario list and show the recommended one."""
        report = self.report
        if report is None:
            return
        self.scenario.blockSignals(True)
        self.scenario.clear()
        for item in report.scenarios:
            suffix = " (recommended)" if item.recommended else ""
            self.scenario.addItem(item.plan.policy.name + suffix)
        index = next(i for i, item in enumerate(report.scenarios) if item.recommended)
        self.scenario.setCurrentIndex(index)
        self.scenario.blockSignals(False)
        self.scenarios.set_rows([present.scenario_row(item) for item in report.scenarios])
        self.timing.setText(f"solved in {report.seconds:.1f} s")
        self._show_scenario(index)

    @guarded
    def _show_scenario(self, index: int) -> None:
        report = self.report
        if report is None or not 0 <= index < len(report.scenarios):
            return
        plan = report.scenarios[index].plan
        text, severity = present.headline(plan, report.inputs.discount_rate)
        self.banner.show_message(text, severity)
        self.model.set_rows(list(plan.allocations))
        from computescore.domain.award import difference

        recommended = report.scenarios[index].recommended
        margins = report.margins if recommended else ()
        against = (
            ()
            if recommended
            else difference(plan, report.plan)
            or (
                (
                    "the same plan: its rules change nothing here"
                    if plan.feasible
                    else "no plan keeps its rules"
                ),
            )
        )
        self.detail.setPlainText(present.plan_summary(plan, report.workloads, margins, against))
        if plan.vendors:
            from computescore.reports.charts import vendor_spend_figure

            rows = [(v.vendor, v.usd, v.share) for v in plan.vendors]
            cap = plan.policy.vendor_cap
            self.chart.set_builder(lambda fig: vendor_spend_figure(rows, figure=fig, cap=cap))
        else:
            self.chart.show_message("No spend: no plan keeps this scenario's rules.")

    def extra_screens(self) -> list[tuple[str, Any]]:
        """The other tabs, for the documentation's screenshots."""
        return [
            ("scenarios", lambda: self.tabs.setCurrentIndex(1)),
            ("spend", lambda: self.tabs.setCurrentIndex(2)),
        ]

    @guarded
    def _on_select(self, selected: QItemSelection, _old: QItemSelection) -> None:
        indexes = selected.indexes()
        report = self.report
        if not indexes or report is None:
            return
        allocation = indexes[0].data(ROW_ROLE)
        plan = report.scenarios[self.scenario.currentIndex()].plan
        self.detail.setPlainText(present.allocation_detail(allocation, plan))
