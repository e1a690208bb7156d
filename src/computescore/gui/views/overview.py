"""Overview: the evaluation at a glance — quotes in, findings open, the leader, what is missing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from computescore.gui import format as fmt
from computescore.gui import icons, theme
from computescore.gui.gaps import Gap, find_gaps
from computescore.gui.models.table import Column, RowTableModel, SortFilterProxy, key
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import (
    Card,
    clear_layout,
    configure_table,
    label,
    scroll_page,
    section_title,
)
from computescore.gui.workspace import Snapshot


class GapRow(QFrame):
    """One missing item with its icon and a link to the page that shows it."""

    go = Signal(str)

    def __init__(self, gap: Gap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(SPACING)
        fg, _bg = theme.severity_colors(gap.severity)
        icon = QLabel()
        icon.setPixmap(
            icons.icon("warning" if gap.severity == "warning" else "info", fg.name()).pixmap(
                QSize(16, 16)
            )
        )
        icon.setFixedSize(18, 18)
        text = label(gap.text, wrap=True)
        layout.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(text, 1)
        link = QPushButton("Show")
        link.setFlat(True)
        link.setCursor(Qt.CursorShape.PointingHandCursor)
        link.setStyleSheet(f"color: {theme.current().accent}; border: none; padding: 0 6px;")
        link.clicked.connect(lambda: self.go.emit(gap.view))
        layout.addWidget(link, 0, Qt.AlignmentFlag.AlignTop)


class OverviewView(View):
    """The state of the evaluation at a glance."""

    key = "overview"
    title = "Overview"
    icon_name = "overview"
    subtitle = ""

    navigate = Signal(str)

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, SPACING, 0)
        layout.setSpacing(2 * SPACING)
        cards = QGridLayout()
        cards.setSpacing(2 * SPACING)
        self.card_quotes = Card("Quotes in")
        self.card_findings = Card("Findings open")
        self.card_leader = Card("Current leader")
        self.card_decision = Card("Decision date")
        for column, card in enumerate(
            (self.card_quotes, self.card_findings, self.card_leader, self.card_decision)
        ):
            cards.addWidget(card, 0, column)
            cards.setColumnStretch(column, 1)
        layout.addLayout(cards)

        columns = QHBoxLayout()
        columns.setSpacing(2 * SPACING)
        left = QVBoxLayout()
        left.setSpacing(SPACING)
        left.addWidget(section_title("What is missing"))
        self.gaps_frame = QFrame()
        self.gaps_frame.setObjectName("Card")
        self.gaps_layout = QVBoxLayout(self.gaps_frame)
        self.gaps_layout.setContentsMargins(2 * SPACING, 12, 2 * SPACING, 12)
        self.gaps_layout.setSpacing(4)
        left.addWidget(self.gaps_frame)
        left.addWidget(section_title("Workloads"))
        self.workloads_frame = QFrame()
        self.workloads_frame.setObjectName("Card")
        self.workloads_layout = QVBoxLayout(self.workloads_frame)
        self.workloads_layout.setContentsMargins(2 * SPACING, 12, 2 * SPACING, 12)
        left.addWidget(self.workloads_frame)
        left.addStretch(1)
        right = QVBoxLayout()
        right.setSpacing(SPACING)
        right.addWidget(section_title("Quotes"))
        self.quotes_model = RowTableModel(
            [
                Column("Vendor", key("vendor"), width=22),
                Column("Quote", key("reference"), width=12),
                Column("Rev.", key("revision"), numeric=True, width=4),
                Column("Lines", key("line_count"), numeric=True, width=5),
                Column("Quoted", key("quote_date"), text=fmt.day, width=10),
                Column("Source file", key("source_file"), width=20),
            ]
        )
        self.quotes_proxy = SortFilterProxy()
        self.quotes_proxy.setSourceModel(self.quotes_model)
        self.quotes_table = QTableView()
        self.quotes_table.setModel(self.quotes_proxy)
        self.quotes_table.setSortingEnabled(True)
        self.quotes_table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        configure_table(self.quotes_table, self.quotes_model.columns)
        self.quotes_table.setMinimumHeight(220)
        right.addWidget(self.quotes_table, 1)
        columns.addLayout(left, 5)
        columns.addLayout(right, 6)
        layout.addLayout(columns, 1)
        self.body_layout.addWidget(scroll_page(content))
        self.analysis: Any = None

    def set_analysis(self, analysis: Any) -> None:
        """Use the engine's results (leader, margin, findings) when they exist."""
        self.analysis = analysis
        analysis.changed.connect(self._on_changed)

    def populate(self, snapshot: Snapshot) -> None:
        """Fill the cards, the gaps and the quote list."""
        evaluation = snapshot.evaluation
        assert evaluation is not None
        self.header.title.setText(evaluation.name)
        sub = [f"Decision date {fmt.day(evaluation.decision_date)}"]
        if evaluation.end_user:
            sub.append(f"for {evaluation.end_user}")
        if evaluation.prepared_by:
            sub.append(f"prepared by {evaluation.prepared_by}")
        self.header.set_subtitle(" · ".join(sub))

        latest = snapshot.latest_summaries
        vendors = {s.vendor for s in latest}
        self.card_quotes.set(
            str(len(latest)),
            f"from {fmt.plural(len(vendors), 'vendor')} · "
            f"{fmt.plural(sum(s.line_count for s in latest), 'line')}",
        )
        self._fill_engine_cards()
        days = (evaluation.decision_date - _today()).days
        self.card_decision.set(
            fmt.day(evaluation.decision_date),
            f"in {fmt.plural(days, 'day')}" if days >= 0 else f"{fmt.plural(-days, 'day')} ago",
        )

        currencies = {row.get("currency") or "" for row in snapshot.lines}
        gaps = find_gaps(
            evaluation, snapshot.quotes, snapshot.vendors, snapshot.fx_rates, currencies
        )
        clear_layout(self.gaps_layout)
        if not gaps:
            ok = label(
                "Nothing missing: every quote has measured performance, SLA, support, "
                "reliability and exit terms.",
                wrap=True,
            )
            ok.setStyleSheet(f"color: {theme.current().good};")
            self.gaps_layout.addWidget(ok)
        for gap in gaps:
            row = GapRow(gap)
            row.go.connect(self.navigate)
            self.gaps_layout.addWidget(row)

        clear_layout(self.workloads_layout)
        if not evaluation.workloads:
            self.workloads_layout.addWidget(label("No workload profile yet.", "Muted"))
        for workload in evaluation.workloads:
            title = label(workload.name)
            title.setStyleSheet("font-weight: 600;")
            kind = (
                f"{fmt.words(workload.purpose.value)} · {fmt.words(workload.workload_class.value)}"
            )
            detail = label(
                f"{kind} · "
                f"{workload.params / 1e9:g} B parameters · {workload.accelerators} accelerators · "
                f"{workload.hours_per_day:g} h/day · {workload.horizon_months} months · "
                f"runs in {workload.country}",
                "Muted",
                wrap=True,
            )
            self.workloads_layout.addWidget(title)
            self.workloads_layout.addWidget(detail)
        self.quotes_model.set_rows(list(latest))

    def _fill_engine_cards(self) -> None:
        analysis = self.analysis
        if analysis is None:
            self.card_leader.set(fmt.DASH, "appears once scoring is available")
            self.card_findings.set(fmt.DASH, "appears once the compliance checks are available")
            return
        leader = analysis.leader_text()
        self.card_leader.set(*leader)
        self.card_findings.set(*analysis.findings_text())


def _today() -> Any:
    from datetime import date

    return date.today()


if __name__ == "__main__":  # pragma: no cover
    from computescore.gui.preview import run_preview

    raise SystemExit(run_preview("overview"))
