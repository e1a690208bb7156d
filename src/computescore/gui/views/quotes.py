"""Quotes: every current quote line in one sortable, filterable table, with the quote's terms."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QItemSelection, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.quotes import Quote
from computescore.gui import commands, icons, theme
from computescore.gui import format as fmt
from computescore.gui.errors import guarded
from computescore.gui.models.lines import LinesModel
from computescore.gui.models.table import Column, RowTableModel, key
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import (
    button,
    clear_layout,
    configure_table,
    confirm,
    debounce,
    label,
    scroll_page,
)
from computescore.gui.workspace import Snapshot
from computescore.services.revisions import Difference, quote_differences
from computescore.vocabulary import DEPLOYMENT_WORDS

ALL = "All"


class QuoteDetail(QWidget):
    """The selected quote: dates, terms side by side, revisions and their differences."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(SPACING, 0, 0, 0)
        layout.setSpacing(SPACING)
        self.title = label("", "SectionTitle", wrap=True)
        self.meta = label("", "Muted", wrap=True)
        layout.addWidget(self.title)
        layout.addWidget(self.meta)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs, 1)
        terms_body = QWidget()
        self.terms = QGridLayout(terms_body)
        self.terms.setContentsMargins(SPACING, SPACING, SPACING, SPACING)
        self.terms.setSpacing(SPACING)
        self.tabs.addTab(scroll_page(terms_body), "Terms")
        history = QWidget()
        history_layout = QVBoxLayout(history)
        history_layout.setContentsMargins(SPACING, SPACING, SPACING, SPACING)
        self.revisions = QListWidget()
        self.revisions.setMaximumHeight(110)
        self.revisions.currentRowChanged.connect(self._show_difference)
        history_layout.addWidget(self.revisions)
        self.diff_title = label("", "Muted", wrap=True)
        history_layout.addWidget(self.diff_title)
        self.diff_model = RowTableModel(
            [
                Column("Change", key("change"), text=fmt.words),
                Column("Line", key("line")),
                Column("Field", key("field")),
                Column("Before", key("before")),
                Column("After", key("after")),
            ]
        )
        self.diff_view = QTableView()
        self.diff_view.setModel(self.diff_model)
        configure_table(self.diff_view, self.diff_model.columns)
        history_layout.addWidget(self.diff_view, 1)
        self.tabs.addTab(history, icons.icon("history"), "Revisions")
        self._revisions: list[Quote] = []
        self.clear()

    def clear(self) -> None:
        """Show nothing selected."""
        self.title.setText("Select a line to see its quote")
        self.meta.setText(
            "SLA, support, reliability, measured performance and exit terms appear here."
        )
        clear_layout(self.terms)
        self.revisions.clear()
        self.diff_model.set_rows([])
        self.diff_title.setText("")
        self.tabs.setEnabled(False)

    def show_quote(self, quote: Quote, revisions: list[Quote]) -> None:
        """Show ``quote`` with all stored ``revisions`` (oldest first)."""
        self.tabs.setEnabled(True)
        self.title.setText(f"{quote.vendor.name} — {quote.reference}")
        parts = [
            f"Revision {quote.revision}",
            f"quoted {fmt.day(quote.quote_date)}",
            f"valid until {fmt.day(quote.valid_until)}",
            f"{fmt.plural(len(quote.lines), 'line')}",
        ]
        if quote.source_file:
            parts.append(f"from {quote.source_file}")
        self.meta.setText(" · ".join(parts))
        clear_layout(self.terms)
        boxes = [
            self._sla(quote),
            self._support(quote),
            self._reliability(quote),
            self._performance(quote),
            self._exit(quote),
        ]
        columns = 3
        for index, box in enumerate(boxes):
            self.terms.addWidget(box, index // columns, index % columns)
        self.terms.setRowStretch(len(boxes) // columns + 1, 1)
        self._revisions = revisions
        self.revisions.blockSignals(True)
        self.revisions.clear()
        for rev in revisions:
            item = QListWidgetItem(
                f"Revision {rev.revision} · {fmt.day(rev.quote_date)} · "
                f"{fmt.plural(len(rev.lines), 'line')}"
                + (f" · {rev.source_file}" if rev.source_file else "")
            )
            self.revisions.addItem(item)
        self.revisions.blockSignals(False)
        self.revisions.setCurrentRow(len(revisions) - 1)
        self._show_difference(len(revisions) - 1)

    def _show_difference(self, row: int) -> None:
        if not (0 <= row < len(self._revisions)):
            return
        if row == 0:
            self.diff_title.setText("The first revision: nothing to compare with.")
            self.diff_model.set_rows([])
            return
        old, new = self._revisions[row - 1], self._revisions[row]
        # The same comparison the import report tells in sentences.
        changes: list[Difference] = quote_differences(old, new)
        self.diff_title.setText(
            f"Revision {new.revision} against revision {old.revision}: "
            + (fmt.plural(len(changes), "difference") if changes else "no differences")
        )
        self.diff_model.set_rows(changes)

    # -- term boxes ------------------------------------------------------------------
    @staticmethod
    def _box(title: str, rows: list[tuple[str, str, str | None]]) -> QGroupBox:
        box = QGroupBox(title)
        form = QFormLayout(box)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        form.setHorizontalSpacing(2 * SPACING)
        form.setVerticalSpacing(4)
        for caption, value, tone in rows:
            text = QLabel(value)
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            if tone:
                text.setStyleSheet(f"color: {theme.severity_colors(tone)[0].name()};")
            form.addRow(label(caption, "Muted"), text)
        return box

    def _sla(self, quote: Quote) -> QGroupBox:
        sla = quote.sla
        credits = ", ".join(
            f"below {c.below_uptime_pct:g} %: {c.credit_pct:g} % credit" for c in sla.credits
        )
        return self._box(
            "SLA",
            [
                (
                    "Uptime",
                    fmt.pct_value(sla.uptime_pct),
                    "warning" if sla.uptime_pct is None else None,
                ),
                ("Credits", credits or "none stated", None if credits else "warning"),
                ("Notes", sla.notes or fmt.DASH, None),
            ],
        )

    def _support(self, quote: Quote) -> QGroupBox:
        support = quote.support
        rows: list[tuple[str, str, str | None]] = [
            (f"Severity {sev} response", fmt.minutes(minutes), None)
            for sev, minutes in sorted(support.response_minutes.items())
        ]
        if not rows:
            rows.append(("Response times", "not stated", "warning"))
        rows.append(
            (
                "Expert hours",
                fmt.DASH
                if support.expert_hours_per_month is None
                else f"{support.expert_hours_per_month:g} h / month",
                None,
            )
        )
        rows.append(("Coverage", support.coverage or fmt.DASH, None))
        return self._box("Support", rows)

    def _reliability(self, quote: Quote) -> QGroupBox:
        rel = quote.reliability
        return self._box(
            "Reliability",
            [
                (
                    "Annual failure rate",
                    fmt.pct(rel.annual_failure_rate, 1),
                    "warning" if rel.annual_failure_rate is None else None,
                ),
                (
                    "Mean time to repair",
                    fmt.DASH if rel.mttr_hours is None else f"{rel.mttr_hours:g} h",
                    "warning" if rel.mttr_hours is None else None,
                ),
                ("Source", rel.source or fmt.DASH, None),
            ],
        )

    def _performance(self, quote: Quote) -> QGroupBox:
        perf = quote.performance
        measured = perf.mfu is not None or perf.tokens_per_second is not None
        return self._box(
            "Measured performance",
            [
                (
                    "MFU",
                    fmt.pct(perf.mfu, 1) if perf.mfu is not None else "not measured",
                    None if perf.mfu is not None else "warning",
                ),
                (
                    "Throughput",
                    fmt.DASH
                    if perf.tokens_per_second is None
                    else f"{perf.tokens_per_second:,.0f} tokens/s",
                    None,
                ),
                ("Method", perf.method or ("—" if measured else "datasheet only"), None),
                ("Measured on", fmt.day(perf.measured_on), None),
            ],
        )

    def _exit(self, quote: Quote) -> QGroupBox:
        ex = quote.exit_terms
        return self._box(
            "Exit terms",
            [
                ("Notice", fmt.DASH if ex.notice_days is None else f"{ex.notice_days} days", None),
                (
                    "Termination fee",
                    fmt.pct_value(ex.termination_fee_pct, 0),
                    "warning" if (ex.termination_fee_pct or 0) > 20 else None,
                ),
                (
                    "Data returned",
                    fmt.yes_no(ex.data_return),
                    None if ex.data_return else "warning",
                ),
                (
                    "Data deleted",
                    fmt.yes_no(ex.data_deletion),
                    None if ex.data_deletion else "warning",
                ),
                (
                    "Egress",
                    fmt.DASH
                    if ex.egress_usd_per_gb is None
                    else f"{fmt.money(ex.egress_usd_per_gb, 2)} / GB",
                    None,
                ),
                (
                    "Auto-renewal",
                    fmt.yes_no(ex.auto_renewal),
                    "warning" if ex.auto_renewal else None,
                ),
                ("Lock-in", ex.lock_in_notes or fmt.DASH, None),
            ],
        )


class QuotesView(View):
    """Every current quote line, sortable and filterable, with the selected quote's terms."""

    key = "quotes"
    title = "Quotes"
    icon_name = "quotes"
    subtitle = "Every current line of every quote. Click a header to sort; type to filter."

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        bar = QHBoxLayout()
        bar.setSpacing(SPACING)
        self.search = QLineEdit()
        self.search.setPlaceholderText("Filter lines: vendor, accelerator, region, description…")
        self.search.setClearButtonEnabled(True)
        self.search.addAction(icons.icon("search"), QLineEdit.ActionPosition.LeadingPosition)
        self._schedule_filter = debounce(self, 120, self._apply_filter)
        self.search.textChanged.connect(lambda _text: self._schedule_filter())
        bar.addWidget(self.search, 3)
        self.kind = QComboBox()
        self.kind.addItems([ALL, "Compute", "Cost"])
        self.kind.setToolTip("Show compute lines, cost lines or both")
        self.vendor = QComboBox()
        self.vendor.setToolTip("Show one vendor's lines")
        self.vendor.setMinimumContentsLength(14)
        self.deployment = QComboBox()
        self.deployment.addItem(ALL, "")
        for value, words in DEPLOYMENT_WORDS.items():
            self.deployment.addItem(words, value)
        self.deployment.setToolTip("Show one deployment model")
        for combo, caption in (
            (self.kind, "Kind"),
            (self.vendor, "Vendor"),
            (self.deployment, "Deployment"),
        ):
            bar.addWidget(label(caption, "Muted"))
            bar.addWidget(combo, 1)
            combo.currentIndexChanged.connect(self._apply_filter)
        self.count = label("", "Muted")
        bar.addWidget(self.count)
        self.body_layout.addLayout(bar)

        self.model = LinesModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSortingEnabled(True)
        configure_table(self.table, self.model.columns, refit_on_reset=False)
        self.table.selectionModel().selectionChanged.connect(self._on_selection)
        self.detail = QuoteDetail()
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.table)
        frame = QFrame()
        frame_layout = QVBoxLayout(frame)
        frame_layout.setContentsMargins(0, SPACING, 0, 0)
        frame_layout.addLayout(self._edit_buttons())
        frame_layout.addWidget(self.detail)
        self.splitter.addWidget(frame)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([600, 340])
        self.splitter.setChildrenCollapsible(False)
        self.body_layout.addWidget(self.splitter, 1)

    def _edit_buttons(self) -> QHBoxLayout:
        """Edit line, Edit terms and Delete quote, enabled while a line is selected."""
        actions = QHBoxLayout()
        actions.setSpacing(SPACING)
        self.edit_line_button = button("Edit line…", "edit")
        self.edit_line_button.setToolTip("Correct the selected line (price, unit, country …)")
        self.edit_line_button.clicked.connect(self.edit_line)
        self.edit_terms_button = button("Edit terms…", "edit")
        self.edit_terms_button.setToolTip(
            "Correct the quote's SLA, support, reliability, performance and exit terms"
        )
        self.edit_terms_button.clicked.connect(self.edit_terms)
        self.delete_button = button("Delete quote…", "trash")
        self.delete_button.setToolTip(
            "Move the quote to Edit ▸ Recently deleted (it can be restored)"
        )
        self.delete_button.clicked.connect(self.delete_quote)
        for widget in (self.edit_line_button, self.edit_terms_button, self.delete_button):
            actions.addWidget(widget)
            widget.setEnabled(False)
        actions.addStretch(1)
        return actions

    def unavailable_reason(self) -> tuple[str, str] | None:
        """No table until a quote is in."""
        snap = self.workspace.snapshot
        if snap is not None and not snap.lines:
            return (
                "No quotes yet",
                "Import the vendors’ spreadsheets (File ▸ Import quotes…, or drop files on the "
                "window). Each quote’s lines, terms and revisions appear here.",
            )
        return None

    def populate(self, snapshot: Snapshot) -> None:
        """Load every current line."""
        selected_vendor = self.vendor.currentText()
        self.vendor.blockSignals(True)
        self.vendor.clear()
        names = sorted({row["vendor"] for row in snapshot.lines}, key=str.casefold)
        self.vendor.addItems([ALL, *names])
        if selected_vendor in names:
            self.vendor.setCurrentText(selected_vendor)
        self.vendor.blockSignals(False)
        self.model.set_rows(snapshot.lines)
        self._apply_filter()
        self.detail.clear()
        if self.model.rowCount():
            self.table.selectRow(0)

    def _predicate(self) -> Callable[[dict[str, Any]], bool] | None:
        kind = self.kind.currentText()
        vendor = self.vendor.currentText()
        deployment = self.deployment.currentData() or ALL
        tests: list[Callable[[dict[str, Any]], bool]] = []
        if kind != ALL:
            wanted_kind = kind.lower()
            tests.append(lambda row: row.get("kind") == wanted_kind)
        if vendor and vendor != ALL:
            tests.append(lambda row: row.get("vendor") == vendor)
        if deployment != ALL:
            tests.append(lambda row: row.get("deployment") == deployment)
        if not tests:
            return None
        return lambda row: all(test(row) for test in tests)

    @guarded
    def _apply_filter(self, *_args: Any) -> None:
        self.model.set_filter(self.search.text(), self._predicate())
        shown, total = self.model.rowCount(), self.model.total
        self.count.setText(
            fmt.plural(total, "line") if shown == total else f"{shown:,} of {total:,} lines"
        )

    @guarded
    def _on_selection(self, selected: QItemSelection, _deselected: QItemSelection) -> None:
        indexes = selected.indexes()
        for widget in (self.edit_line_button, self.edit_terms_button, self.delete_button):
            widget.setEnabled(bool(indexes))
        if not indexes:
            return
        row = self.model.row(indexes[0].row())
        self.show_quote(row["quote_id"])

    def selected_line(self) -> tuple[Quote, int] | None:
        """The selected line's quote (as stored) and line number, or None."""
        indexes = self.table.selectionModel().selectedRows()
        snap, store = self.workspace.snapshot, self.workspace.store
        if not indexes or snap is None or store is None or snap.evaluation_id is None:
            return None
        row = self.model.row(indexes[0].row())
        with store.reading() as uow:
            (quote,) = uow.load_quotes(snap.evaluation_id, quote_ids=[row["quote_id"]])
        return quote, int(row["line_no"])

    @guarded
    def edit_line(self, _checked: bool = False) -> None:
        """Correct the selected line in a dialog (undoable)."""
        from computescore.gui.record_form import LineDialog

        found = self.selected_line()
        if found is None:
            return
        quote, line_no = found
        old = quote.lines[line_no - 1]
        dialog = LineDialog(old, f"{quote.label}, line {line_no}", self)
        if dialog.exec() and dialog.result_line is not None:
            assert quote.id is not None
            new = dialog.result_line
            if new.accelerator and new.accelerator != old.accelerator:
                from dataclasses import replace

                from computescore.services.records import catalogue_id

                store = self.workspace.require_store()
                new = replace(new, accelerator=catalogue_id(store, new.accelerator))
            commands.update_line(self.workspace, quote.id, line_no, old, new)

    @guarded
    def edit_terms(self, _checked: bool = False) -> None:
        """Correct the selected quote's terms in a dialog (undoable)."""
        from computescore.gui.record_form import TermsDialog

        found = self.selected_line()
        if found is None:
            return
        quote, _ = found
        dialog = TermsDialog(quote, self)
        if dialog.exec() and dialog.result_quote is not None:
            assert quote.id is not None
            commands.replace_terms(self.workspace, quote.id, quote, dialog.result_quote)

    @guarded
    def delete_quote(self, _checked: bool = False) -> None:
        """Move the selected quote to the recently deleted list, after asking once."""
        found = self.selected_line()
        if found is None:
            return
        quote, _ = found
        assert quote.id is not None
        text = (
            f"Delete {quote.label} (revision {quote.revision}, "
            f"{fmt.plural(len(quote.lines), 'line')})?\n\nIt stays in Edit ▸ Recently deleted "
            "until you empty that list, and Edit ▸ Undo puts it back at once."
        )
        if confirm(self, "Delete quote", text, "Delete"):
            commands.delete_record(self.workspace, "quote", quote.id, quote.label)

    def show_quote(self, quote_id: int) -> None:
        """Show the quote with this id (and its revisions) in the detail pane."""
        snap = self.workspace.snapshot
        store = self.workspace.store
        if snap is None or store is None or snap.evaluation_id is None:
            return
        summary = next((s for s in snap.summaries if s.quote_id == quote_id), None)
        if summary is None:
            return
        ids = [
            s.quote_id
            for s in snap.summaries
            if s.vendor == summary.vendor and s.reference == summary.reference
        ]
        with store.reading() as uow:
            revisions = sorted(
                uow.load_quotes(snap.evaluation_id, quote_ids=ids), key=lambda q: q.revision
            )
        current = next((q for q in revisions if q.id == quote_id), None)
        if current is not None:
            self.detail.show_quote(current, revisions)

    def focus_filter(self) -> None:
        """Put the cursor in the filter box (Ctrl+F)."""
        self.search.setFocus()
        self.search.selectAll()
