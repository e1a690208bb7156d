"""The New evaluation dialog: a name, a decision date and who it is for."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.presentation import REPORTING_CURRENCIES
from computescore.errors import UserError
from computescore.gui.errors import report_exception
from computescore.gui.widgets import FieldFeedback, label
from computescore.gui.workspace import Workspace


class NewEvaluationDialog(QDialog):
    """Create an evaluation in the open database and show it."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.setWindowTitle("New evaluation")
        self.setMinimumWidth(480)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "An evaluation is one sourcing event, such as “2027 inference pool”. "
                "You add its workloads next, then import the vendors’ quotes.",
                "Muted",
                wrap=True,
            )
        )
        form = QFormLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText("e.g. 2027 inference pool")
        self.decision = QDateEdit()
        self.decision.setCalendarPopup(True)
        self.decision.setDisplayFormat("yyyy-MM-dd")
        self.decision.setDate(QDate.currentDate().addMonths(2))
        self.end_user = QLineEdit()
        self.end_user.setPlaceholderText("The organisation the compute is for")
        self.end_user_hq = QLineEdit()
        self.end_user_hq.setPlaceholderText("ISO code, e.g. DE")
        self.end_user_hq.setMaxLength(2)
        self.prepared_by = QLineEdit()
        self.currency = QComboBox()
        self.currency.setEditable(True)
        self.currency.addItems(list(REPORTING_CURRENCIES))
        self.currency.setToolTip(
            "Every figure is shown in this currency, converted from US dollars at the newest "
            "rate on or before the decision date (Edit ▸ Exchange rates)"
        )
        form.addRow("Name", self.name)
        form.addRow("Decision date", self.decision)
        form.addRow("End user", self.end_user)
        form.addRow("End user’s headquarters", self.end_user_hq)
        form.addRow("Prepared by", self.prepared_by)
        form.addRow("Reporting currency", self.currency)
        layout.addLayout(form)
        self.feedback = FieldFeedback()
        layout.addWidget(self.feedback)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Create")
        buttons.accepted.connect(self.create_evaluation)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def create_evaluation(self) -> None:
        """Check the fields, create the evaluation, close."""
        name = self.name.text().strip()
        hq = self.end_user_hq.text().strip().upper()
        if not name:
            self.feedback.set_error("Give the evaluation a name.")
            return
        if hq and (len(hq) != 2 or not hq.isalpha()):
            self.feedback.set_error("The headquarters country is a two-letter ISO code, e.g. DE.")
            return
        currency = self.currency.currentText().strip().upper()
        if len(currency) != 3 or not currency.isalpha():
            self.feedback.set_error("The reporting currency is a three-letter ISO code, e.g. EUR.")
            return
        snap = self.workspace.snapshot
        if snap is not None and name in snap.evaluation_names:
            self.feedback.set_error(f"An evaluation named “{name}” already exists.")
            return
        q = self.decision.date()
        try:
            self.workspace.create_evaluation(
                name,
                date(q.year(), q.month(), q.day()),
                end_user=self.end_user.text().strip(),
                end_user_hq=hq,
                prepared_by=self.prepared_by.text().strip(),
                reporting_currency=currency,
            )
        except UserError as exc:
            self.feedback.set_error(exc.message)
            return
        except Exception:
            import sys

            report_exception(*sys.exc_info())
            return
        self.accept()
