"""The Exchange rates dialog: the dated rates that convert quoted currencies to US dollars.

Each row is "one unit of the currency buys this many US dollars on this date". Setting
or deleting a rate is undoable (Edit ▸ Undo) and audited; the currencies the quotes
are priced in that have no rate on the decision date are named at the top, because
their quotes' costs are incomplete until they have one.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.money import rate_on
from computescore.errors import UserError
from computescore.gui import commands
from computescore.gui.widgets import (
    Banner,
    FieldFeedback,
    button,
    label,
    primary_button,
    read_only_table,
)
from computescore.gui.workspace import Workspace


def missing_currencies(workspace: Workspace) -> list[str]:
    """Currencies the shown evaluation's lines are priced in with no rate on its decision date."""
    snap = workspace.snapshot
    if snap is None or snap.evaluation is None:
        return []
    day = snap.evaluation.decision_date
    quoted = sorted({(row.get("currency") or "").upper() for row in snap.lines} - {"", "USD"})
    return [code for code in quoted if rate_on(code, day, snap.fx_rates) is None]


class RatesDialog(QDialog):
    """List, set and delete exchange rates, undoably."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.setWindowTitle("Exchange rates")
        self.setMinimumWidth(620)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "US dollars per unit of each currency, by date. A quote's cost uses, for each "
                "currency, the latest rate dated on or before the evaluation's decision date.",
                "Muted",
                wrap=True,
            )
        )
        self.banner = Banner()
        layout.addWidget(self.banner)
        self.table = read_only_table(["Currency", "USD per unit", "As of", "Source"])
        header = self.table.horizontalHeader()
        for column in range(3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)
        layout.addWidget(self.table, 1)
        form = QHBoxLayout()
        self.currency = QComboBox()
        self.currency.setEditable(True)
        self.currency.setMinimumContentsLength(5)
        self.currency.setToolTip("ISO code, e.g. EUR")
        self.rate = QLineEdit()
        self.rate.setPlaceholderText("USD per unit, e.g. 1.085")
        self.as_of = QDateEdit()
        self.as_of.setCalendarPopup(True)
        self.as_of.setDisplayFormat("yyyy-MM-dd")
        self.as_of.setDate(QDate.currentDate())
        self.source = QLineEdit()
        self.source.setPlaceholderText("Source, e.g. ECB reference rate")
        self.set_button = primary_button("Set rate")
        self.set_button.clicked.connect(self.set_rate)
        for widget in (self.currency, self.rate, self.as_of, self.source):
            form.addWidget(widget)
        form.addWidget(self.set_button)
        layout.addLayout(form)
        self.feedback = FieldFeedback()
        layout.addWidget(self.feedback)
        layout.addLayout(self._action_row())
        self._note = ""
        workspace.snapshot_changed.connect(self.refresh)
        self.refresh()

    def _action_row(self) -> QHBoxLayout:
        actions = QHBoxLayout()
        self.delete_button = button("Delete selected rate")
        self.delete_button.clicked.connect(self.delete_selected)
        actions.addWidget(self.delete_button)
        self.import_button = button("Import rates file…", "import")
        self.import_button.setToolTip(
            "The ECB's euro reference rates (eurofxref.csv) or a CSV with currency, date, rate"
        )
        self.import_button.clicked.connect(lambda _checked=False: self.import_file())
        actions.addWidget(self.import_button)
        actions.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        close.accepted.connect(self.accept)
        actions.addWidget(close)
        return actions

    def refresh(self) -> None:
        """Show the stored rates and which quoted currencies still lack one."""
        snap = self.workspace.snapshot
        rates = snap.fx_rates if snap is not None else ()
        self.table.setRowCount(len(rates))
        for row, rate in enumerate(rates):
            for column, text in enumerate(
                (rate.currency, str(rate.usd_per_unit), rate.as_of.isoformat(), rate.source)
            ):
                self.table.setItem(row, column, QTableWidgetItem(text))
        missing = missing_currencies(self.workspace)
        if missing:
            day = snap.evaluation.decision_date.isoformat() if snap and snap.evaluation else ""
            self.banner.show_message(
                f"No rate on or before the decision date {day} for {', '.join(missing)}: the "
                "quotes priced in it have incomplete costs (scored 0 on cost) until it is set.",
                "warning",
            )
        elif self._note:
            self.banner.show_message(self._note, "ok")
        else:
            self.banner.setVisible(False)
        known = sorted({r.currency for r in rates} | set(missing))
        current = self.currency.currentText()
        self.currency.clear()
        self.currency.addItems(missing + [code for code in known if code not in missing])
        self.currency.setCurrentText(current or (missing[0] if missing else ""))
        self.delete_button.setEnabled(bool(rates))

    def set_rate(self) -> None:
        """Check the fields and set the rate (undoably)."""
        from computescore.services.rates import parse_rate

        picked = self.as_of.date()
        day = date(picked.year(), picked.month(), picked.day())
        try:
            rate = parse_rate(
                self.currency.currentText(), self.rate.text(), day, self.source.text()
            )
        except UserError as exc:
            self.feedback.set_error(exc.message)
            return
        snap = self.workspace.snapshot
        old = next(
            (
                r
                for r in (snap.fx_rates if snap is not None else ())
                if r.currency == rate.currency and r.as_of == rate.as_of
            ),
            None,
        )
        try:
            commands.set_fx_rate(self.workspace, old, rate)
        except UserError as exc:
            self.feedback.set_error(exc.message)
            return
        self.feedback.set_error(None)
        self.rate.clear()
        self.refresh()

    def import_file(self, path: str | None = None) -> None:
        """Read a rates file (the newest date in it) and store its rates, undoably."""
        from PySide6.QtWidgets import QFileDialog

        from computescore.gui.preferences import remember_folder, start_folder
        from computescore.services.rates import rates_from_file

        if path is None:
            path, _ = QFileDialog.getOpenFileName(
                self, "Import exchange rates", start_folder("rates"), "Rates (*.csv *.txt)"
            )
            if not path:
                return
            remember_folder("rates", path)
        try:
            rates = rates_from_file(Path(path))
            commands.import_fx_rates(self.workspace, rates, Path(path).name)
        except UserError as exc:
            self.feedback.set_error(exc.message)
            return
        days = sorted({r.as_of.isoformat() for r in rates})
        self.feedback.set_error(None)
        self._note = f"Imported {len(rates)} rates dated {', '.join(days)} from {Path(path).name}."
        self.refresh()

    def delete_selected(self) -> None:
        """Delete the selected rate (undoably)."""
        snap = self.workspace.snapshot
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        if snap is None or not rows:
            self.feedback.set_error("Select the rate to delete.")
            return
        rate = snap.fx_rates[rows[0]]
        try:
            commands.delete_fx_rate(self.workspace, rate)
        except UserError as exc:
            self.feedback.set_error(exc.message)
            return
        self.feedback.set_error(None)
        self.refresh()
