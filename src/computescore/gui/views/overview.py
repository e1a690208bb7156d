"""Overview: the evaluation at a glance — quotes in, findings open, the leader, what is missing."""

from __future__ import annotations

from dataclasses import dataclass
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
from computescore.gui.models.table import Column, RowTableModel, SortFilterProxy, key
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import (
    Card,
    button,
    clear_layout,
    configure_table,
    label,
    scroll_page,
    section_title,
)
from computescore.gui.workspace import Snapshot
from computescore.services.gaps import Gap, find_gaps


@dataclass(frozen=True, slots=True)
class Standing:
    """A quote's place in the evaluation as the Overview shows it.

    Attributes:
        text: the cell ("1st · 80.0", "Knocked out", "Supporting").
        order: sorts the column: rank, then knocked out, then supporting.
        detail: the tooltip (knock-out reasons, why a supporting quote is not ranked).
        supporting: True for a quote without compute lines.
        sentence: for a supporting quote, one sentence naming it with the reason.
    """

    text: str
    order: float
    detail: str = ""
    supporting: bool = False
    sentence: str = ""


def standings(card: Any) -> dict[str, Standing]:
    """Each quote's :class:`Standing` by quote key, from a scorecard."""
    out: dict[str, Standing] = {}
    for score in card.scores:
        if score.rank is not None:
            out[score.quote_key] = Standing(
                f"#{score.rank} · {score.weighted_total:.1f}",
                float(score.rank),
                f"Ranked {score.rank} with {score.weighted_total:.1f} points",
            )
        else:
            reasons = "\n".join(f"{k.title}: {k.reason}" for k in score.knockouts)
            out[score.quote_key] = Standing("Knocked out", 1000.0, reasons)
    for item in card.supporting:
        house = " " + item.housing_text() if item.housing_text() else ""
        knocked = (
            " Knocked out: " + "; ".join(k.title for k in item.knockouts) + "."
            if item.knockouts
            else ""
        )
        out[item.quote_key] = Standing(
            "Supporting",
            2000.0,
            f"Supporting quote, not ranked: {item.reason}.{house}{knocked}",
            True,
            f"{item.label}: supporting quote, not ranked — {item.reason}.{house}{knocked}",
        )
    return out


def summary_key(summary: Any) -> str:
    """The engine's quote key of a stored quote summary (``vendor/reference/rN``)."""
    return f"{summary.vendor}/{summary.reference}/r{summary.revision}"


def quote_columns(standing: dict[str, Standing]) -> list[Column]:
    """Columns of the Overview's quote list; ``standing`` is filled from the engine's results."""

    def place(summary: Any) -> Standing | None:
        return standing.get(summary_key(summary))

    return [
        Column("Vendor", key("vendor"), width=22, tooltip=_from_file, keep=2),
        Column(
            "Quote",
            key("reference"),
            width=14,
            elide=Qt.TextElideMode.ElideMiddle,
            tooltip=_from_file,
            keep=3,
        ),
        Column(
            "Standing",
            place,
            text=lambda v: fmt.DASH if v is None else v.text,
            numeric=True,
            align_right=False,
            width=12,
            sort_value=lambda s: None if place(s) is None else place(s).order,  # type: ignore[union-attr]
            tooltip=lambda s: None if place(s) is None else place(s).detail or None,  # type: ignore[union-attr]
            foreground=lambda s: (
                theme.current().color("muted")
                if place(s) is not None and place(s).order >= 1000  # type: ignore[union-attr]
                else None
            ),
            description="rank and weighted score; knocked out; or supporting (not ranked)",
        ),
        Column("Lines", key("line_count"), numeric=True, width=5),
        Column("Quoted", key("quote_date"), text=fmt.day, width=10),
    ]


def _from_file(summary: Any) -> str | None:
    revision = f"revision {summary.revision}"
    return f"{revision}, from {summary.source_file}" if summary.source_file else revision


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
        gaps_head = QHBoxLayout()
        gaps_head.addWidget(section_title("What is missing"))
        gaps_head.addStretch(1)
        self.ask_button = button("Ask vendors…", "export")
        self.ask_button.setToolTip(
            "Write each vendor a letter (PDF and text) listing what its quotes lack, with "
            "its request for quotation pre-filled"
        )
        self.ask_button.clicked.connect(self.ask_vendors)
        gaps_head.addWidget(self.ask_button)
        left.addLayout(gaps_head)
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
        self._standing: dict[str, Standing] = {}
        self.quotes_model = RowTableModel(quote_columns(self._standing))
        self.quotes_proxy = SortFilterProxy()
        self.quotes_proxy.setSourceModel(self.quotes_model)
        self.quotes_table = QTableView()
        self.quotes_table.setModel(self.quotes_proxy)
        self.quotes_table.setSortingEnabled(True)
        self.quotes_table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
        configure_table(self.quotes_table, self.quotes_model.columns)
        self.quotes_table.setMinimumHeight(120)
        right.addWidget(self.quotes_table)
        self.supporting_frame = QFrame()
        self.supporting_frame.setObjectName("Card")
        self.supporting_layout = QVBoxLayout(self.supporting_frame)
        self.supporting_layout.setContentsMargins(2 * SPACING, 10, 2 * SPACING, 10)
        self.supporting_layout.setSpacing(4)
        self.supporting_heading = section_title("Not ranked")
        right.addWidget(self.supporting_heading)
        right.addWidget(self.supporting_frame)
        self.supporting_heading.setVisible(False)
        self.supporting_frame.setVisible(False)
        right.addStretch(1)
        columns.addLayout(left, 5)
        columns.addLayout(right, 6)
        layout.addLayout(columns, 1)
        self.body_layout.addWidget(scroll_page(content))
        self.analysis: Any = None

    def set_analysis(self, analysis: Any) -> None:
        """Use the engine's results (leader, margin, findings) when they exist."""
        self.analysis = analysis
        analysis.changed.connect(self._on_changed)

    def ask_vendors(self, _checked: bool = False) -> None:
        """Ask the window to write the letters to vendors (File ▸ Ask vendors …)."""
        write = getattr(self.window(), "ask_vendors", None)
        if callable(write):
            write()

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
        self._fill_standing()
        supporting = [item for item in self._standing.values() if item.supporting]
        self.card_quotes.set(
            str(len(latest)),
            f"from {fmt.plural(len(vendors), 'vendor')} · "
            f"{fmt.plural(sum(s.line_count for s in latest), 'line')}"
            + (f" · {len(supporting)} supporting, not ranked" if supporting else ""),
        )
        self._fill_engine_cards()
        self._fill_supporting(supporting)
        days = (evaluation.decision_date - _today()).days
        self.card_decision.set(
            fmt.day(evaluation.decision_date),
            f"in {fmt.plural(days, 'day')}" if days >= 0 else f"{fmt.plural(-days, 'day')} ago",
        )

        currencies = {row.get("currency") or "" for row in snapshot.lines}
        gaps = find_gaps(
            evaluation,
            snapshot.quotes,
            snapshot.vendors,
            snapshot.fx_rates,
            currencies,
            snapshot.accelerators,
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
        rows = min(max(len(latest), 3), 14)
        self.quotes_table.setFixedHeight(
            self.quotes_table.horizontalHeader().sizeHint().height()
            + rows * self.quotes_table.verticalHeader().defaultSectionSize()
            + 2 * self.quotes_table.frameWidth()
        )

    def _fill_standing(self) -> None:
        """Each quote's place in the ranking (or why it has none), from the engine's results."""
        self._standing.clear()
        result = getattr(self.analysis, "result", None) if self.analysis is not None else None
        ranked = self.analysis.current() if result is not None else None
        if result is None or ranked is None:
            return
        self._standing.update(standings(ranked.scorecard))

    def _fill_supporting(self, supporting: list[Standing]) -> None:
        clear_layout(self.supporting_layout)
        self.supporting_heading.setVisible(bool(supporting))
        self.supporting_frame.setVisible(bool(supporting))
        for item in supporting:
            row = QHBoxLayout()
            row.setSpacing(SPACING)
            text = label(item.sentence, wrap=True)
            text.setToolTip(item.detail)
            row.addWidget(text, 1)
            link = QPushButton("Show")
            link.setFlat(True)
            link.setCursor(Qt.CursorShape.PointingHandCursor)
            link.setStyleSheet(f"color: {theme.current().accent}; border: none; padding: 0 6px;")
            link.setToolTip("Its costs on the TCO page")
            link.clicked.connect(lambda _checked=False: self.navigate.emit("tco"))
            row.addWidget(link, 0, Qt.AlignmentFlag.AlignTop)
            self.supporting_layout.addLayout(row)

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
