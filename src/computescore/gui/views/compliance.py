"""Compliance: every finding with its severity, rule, date, status and source; export control."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from computescore.gui import analysis as an
from computescore.gui import format as fmt
from computescore.gui import icons, theme
from computescore.gui.errors import guarded
from computescore.gui.models.table import ROW_ROLE, Column, RowTableModel, SortFilterProxy
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import Banner, configure_table, label
from computescore.gui.workspace import Snapshot

SEVERITY_ORDER = {"knockout": 0, "warning": 1, "info": 2}
SEVERITY_WORDS = {"knockout": "Knock-out", "warning": "Warning", "info": "Info"}


def finding_columns(labels: dict[str, str]) -> list[Column]:
    """Columns of the findings table."""

    def severity(f: Any) -> str:
        return str(f.severity.value)

    return [
        Column(
            "Severity",
            lambda f: SEVERITY_ORDER.get(severity(f), 3),
            text=lambda v: next(
                (SEVERITY_WORDS[k] for k, o in SEVERITY_ORDER.items() if o == v), "—"
            ),
            numeric=True,
            align_right=False,
            width=10,
            foreground=lambda f: theme.severity_colors(severity(f))[0],
            background=lambda f: (
                theme.severity_colors(severity(f))[1] if severity(f) != "info" else None
            ),
            bold=lambda f: severity(f) == "knockout",
        ),
        Column(
            "Quote",
            lambda f: labels.get(f.quote_key, f.quote_key),
            width=26,
            elide=Qt.TextElideMode.ElideMiddle,
            keep=2,
        ),
        Column("Check", lambda f: f.category.value, text=fmt.words, width=14, keep=3),
        Column("Finding", lambda f: f.title, width=36, tooltip=lambda f: f.reason, keep=2),
        Column("Rule", lambda f: f.rule_id, width=22),
        Column("Rule date", lambda f: f.rule_date, width=10, keep=4),
        Column("Status", lambda f: f.rule_status, width=12),
        Column("Source", lambda f: f.source.split(" <")[0], width=30, tooltip=lambda f: f.source),
    ]


CLASSIFICATION_COLUMNS = [
    Column("Accelerator", lambda c: c[0], width=26, keep=3),
    Column(
        "TPP",
        lambda c: c[1].classification.tpp,
        text=lambda v: fmt.number(v, 0),
        numeric=True,
        width=8,
    ),
    Column(
        "PD",
        lambda c: c[1].classification.pd,
        text=lambda v: fmt.number(v, 2),
        numeric=True,
        width=6,
    ),
    Column("ECCN", lambda c: c[1].classification.eccn, width=12),
    Column(
        "Licence",
        lambda c: c[1].licence.licence_required,
        text=lambda v: "undetermined" if v is None else ("required" if v else "not required"),
        width=12,
        foreground=lambda c: (
            theme.severity_colors("knockout" if c[1].licence.licence_required else "ok")[0]
            if c[1].licence.licence_required is not None
            else None
        ),
    ),
    Column("Rules applied", lambda c: ", ".join(c[1].rule_ids), width=30),
]


class ComplianceView(View):
    """Compliance and export-control findings."""

    key = "compliance"
    title = "Compliance"
    icon_name = "compliance"
    subtitle = (
        "Advice, not a legal determination: the final classification is the exporter’s and "
        "legal review is required."
    )

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        self.analysis: an.Analysis | None = None
        self.banner = Banner()
        self.body_layout.addWidget(self.banner)
        bar = QHBoxLayout()
        bar.setSpacing(SPACING)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Filter findings: quote, rule, words…")
        self.search.setClearButtonEnabled(True)
        self.search.addAction(icons.icon("search"), QLineEdit.ActionPosition.LeadingPosition)
        self.severity = QComboBox()
        self.severity.addItem("Knock-outs and warnings", "open")
        self.severity.addItem("Knock-outs", "knockout")
        self.severity.addItem("Warnings", "warning")
        self.severity.addItem("Everything, with information", "all")
        bar.addWidget(self.search, 2)
        bar.addWidget(label("Show", "Muted"))
        bar.addWidget(self.severity, 1)
        self.count = label("", "Muted")
        bar.addWidget(self.count)

        self.model = RowTableModel(finding_columns({}))
        self.proxy = SortFilterProxy()
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        configure_table(self.table, self.model.columns)
        self.table.selectionModel().selectionChanged.connect(self._on_select)
        self.detail = QPlainTextEdit()
        self.detail.setReadOnly(True)
        self.detail.setPlaceholderText(
            "Select a finding to read its reasoning and the rule applied."
        )
        findings_page = QWidget()
        findings_layout = QVBoxLayout(findings_page)
        findings_layout.setContentsMargins(SPACING, SPACING, SPACING, SPACING)
        findings_layout.addLayout(bar)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setChildrenCollapsible(False)
        findings_layout.addWidget(split, 1)

        self.class_model = RowTableModel(CLASSIFICATION_COLUMNS)
        self.class_table = QTableView()
        self.class_table.setModel(self.class_model)
        configure_table(self.class_table, CLASSIFICATION_COLUMNS)
        self.class_table.selectionModel().selectionChanged.connect(self._on_class_select)
        self.class_detail = QPlainTextEdit()
        self.class_detail.setReadOnly(True)
        class_page = QWidget()
        class_layout = QVBoxLayout(class_page)
        class_layout.setContentsMargins(SPACING, SPACING, SPACING, SPACING)
        self.class_note = label("", "Muted", wrap=True)
        class_layout.addWidget(self.class_note)
        class_split = QSplitter(Qt.Orientation.Vertical)
        class_split.addWidget(self.class_table)
        class_split.addWidget(self.class_detail)
        class_split.setChildrenCollapsible(False)
        class_layout.addWidget(class_split, 1)

        self.tabs = QTabWidget()
        self.tabs.addTab(findings_page, "Findings")
        self.tabs.addTab(class_page, "Export-control classification")
        self.body_layout.addWidget(self.tabs, 1)
        self.search.textChanged.connect(self._apply_filter)
        self.severity.currentIndexChanged.connect(self._apply_filter)
        self._all: list[Any] = []

    def set_analysis(self, analysis: an.Analysis) -> None:
        """Follow the engine's results."""
        self.analysis = analysis
        analysis.changed.connect(self._on_changed)

    def ready(self) -> bool:
        """True when the results are shown."""
        return self.analysis is None or self.analysis.idle()

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Say why there are no findings."""
        if not an.compliance_available() or not an.engine_available():
            return (
                "Not available yet",
                "Findings appear here once the compliance checks are installed.",
            )
        analysis = self.analysis
        if analysis is not None and analysis.error and not analysis.available:
            return ("Checks could not be run", analysis.error)
        if analysis is not None and not analysis.available:
            return ("Checking…", "The findings appear in a moment.")
        return None

    def populate(self, snapshot: Snapshot) -> None:
        """Show findings and classifications."""
        assert self.analysis is not None
        outcome = self.analysis.outcome
        if outcome is None:
            return
        labels = {q.key: q.label for q in outcome.data.quotes}
        self.model.columns = finding_columns(labels)
        findings = list(outcome.findings or ())
        findings.extend(f for q in outcome.result.quotes for f in q.fit_findings)
        self._all = sorted(
            findings, key=lambda f: (SEVERITY_ORDER.get(f.severity.value, 3), f.quote_key)
        )
        self._apply_filter()
        knockouts = sum(1 for f in self._all if f.severity.value == "knockout")
        warnings = sum(1 for f in self._all if f.severity.value == "warning")
        text = (
            f"{fmt.plural(knockouts, 'knock-out')} and {fmt.plural(warnings, 'warning')} "
            f"on the decision date {fmt.day(outcome.data.evaluation.decision_date)}. "
            f"Rules applied: {outcome.rules_label or 'none'}."
        )
        self.banner.show_message(text, "error" if knockouts else ("warning" if warnings else "ok"))
        self.class_model.set_rows(list(outcome.classifications))
        evaluation = outcome.data.evaluation
        where = evaluation.workloads[0].country if evaluation.workloads else "—"
        self.class_note.setText(
            f"Each accelerator quoted, classified for use in {where} by an end user "
            f"headquartered in {evaluation.end_user_hq or '—'} on "
            f"{fmt.day(evaluation.decision_date)}. Select one to read the arithmetic and the rules."
        )
        if self.class_model.rowCount():
            self.class_table.selectRow(0)

    def _apply_filter(self, *_args: Any) -> None:
        mode = self.severity.currentData()
        words = self.search.text().casefold().split()
        labels = {}
        if self.analysis is not None and self.analysis.outcome is not None:
            labels = {q.key: q.label for q in self.analysis.outcome.data.quotes}

        def keep(f: Any) -> bool:
            sev = f.severity.value
            if mode == "open" and sev == "info":
                return False
            if mode in ("knockout", "warning") and sev != mode:
                return False
            text = " ".join(
                (labels.get(f.quote_key, f.quote_key), f.title, f.reason, f.rule_id, f.source)
            ).casefold()
            return all(w in text for w in words)

        rows = [f for f in self._all if keep(f)]
        self.model.set_rows(rows)
        self.count.setText(f"{len(rows):,} of {len(self._all):,} findings")
        self.detail.clear()
        if rows:
            self.table.selectRow(0)

    @guarded
    def _on_select(self, selected: QItemSelection, _old: QItemSelection) -> None:
        indexes = selected.indexes()
        if not indexes:
            return
        f = indexes[0].data(ROW_ROLE)
        status = ", ".join(x for x in (f.rule_date and f"from {f.rule_date}", f.rule_status) if x)
        self.detail.setPlainText(
            f"{SEVERITY_WORDS.get(f.severity.value, f.severity.value)}: {f.title}\n\n"
            f"{f.reason}\n\nRule: {f.rule_id}"
            + (f" ({status})" if status else "")
            + f"\nSource: {f.source or '—'}"
        )

    @guarded
    def _on_class_select(self, selected: QItemSelection, _old: QItemSelection) -> None:
        indexes = selected.indexes()
        if not indexes:
            return
        _name, verdict = self.class_model.row(indexes[0].row())
        self.class_detail.setPlainText("\n".join(verdict.explanation()))
