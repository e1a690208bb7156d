"""Documents to vendors: the request-for-quotation workbook and the clarification letters."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QFileDialog,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from computescore.errors import UserError
from computescore.gui.errors import guarded
from computescore.gui.preferences import remember_folder, start_folder
from computescore.gui.widgets import label, save_cancel
from computescore.gui.workspace import Workspace


def rfq_file_name(vendor: str) -> str:
    """``RFQ Brightline GPU Cloud Inc.xlsx``: a file name from a vendor's name."""
    cleaned = "".join(ch if ch.isalnum() or ch in " .-_" else " " for ch in vendor)
    return f"RFQ {' '.join(cleaned.split()) or 'vendor'}.xlsx"


class RfqDialog(QDialog):
    """Choose the vendor, the reply date and the contact; write the workbook."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.setWindowTitle("Request for quotation")
        self.written: Path | None = None
        evaluation = workspace.require_evaluation()
        snapshot = workspace.snapshot
        vendors = sorted(v.name for v in snapshot.vendors) if snapshot else []
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                f"An Excel workbook for a vendor to fill in: the workloads of "
                f"'{evaluation.name}', one row per option to price, and the terms the "
                "scorecard needs. Import the returned file like any quote; it is read back "
                "exactly.",
                "Muted",
                wrap=True,
            )
        )
        form = QFormLayout()
        self.vendor = QComboBox()
        self.vendor.setEditable(True)
        self.vendor.addItems(vendors)
        self.vendor.setToolTip("A vendor in the workspace, or type a new vendor's name")
        form.addRow("Vendor", self.vendor)
        self.due = QDateEdit()
        self.due.setCalendarPopup(True)
        self.due.setDisplayFormat("yyyy-MM-dd")
        reply = date.today() + timedelta(days=14)
        self.due.setDate(QDate(reply.year, reply.month, reply.day))
        form.addRow("Reply by", self.due)
        self.contact = QLineEdit(evaluation.prepared_by)
        self.contact.setPlaceholderText("Name and e-mail the vendor writes to")
        form.addRow("Questions to", self.contact)
        self.prefill = QCheckBox("Fill in what the vendor’s latest quote already says")
        self.prefill.setToolTip("The vendor then only fills the gaps")
        form.addRow("", self.prefill)
        layout.addLayout(form)
        buttons, save = save_cancel(self, self.write)
        save.setText("Write workbook…")
        layout.addWidget(buttons)
        self.resize(520, self.sizeHint().height())

    def chosen_path(self, vendor: str) -> Path | None:
        """Ask where to write the workbook; None when the user cancels."""
        suggested = Path(start_folder("reports")) / rfq_file_name(vendor)
        name, _ = QFileDialog.getSaveFileName(
            self, "Write request for quotation", str(suggested), "Excel workbook (*.xlsx)"
        )
        return Path(name) if name else None

    @guarded
    def write(self, _checked: bool = False, path: Path | None = None) -> None:
        """Write the workbook for the chosen vendor."""
        from computescore.services.rfq import RfqOptions, write_rfq
        from computescore.services.workspace import load_catalogue_for

        vendor = self.vendor.currentText().strip()
        if not vendor:
            raise UserError("Choose a vendor or type a new vendor's name.")
        target = path or self.chosen_path(vendor)
        if target is None:
            return
        if target.suffix.lower() != ".xlsx":
            target = target.with_suffix(".xlsx")
        store = self.workspace.require_store()
        due = self.due.date().toPython()
        evaluation = self.workspace.require_evaluation()
        written = write_rfq(
            store,
            target,
            vendor,
            load_catalogue_for(store),
            RfqOptions(
                evaluation_name=evaluation.name,
                due=due if isinstance(due, date) else None,
                contact=self.contact.text().strip(),
                prefill=self.prefill.isChecked(),
            ),
        )
        remember_folder("reports", str(target))
        self.written = written.path
        self.accept()


def write_clarification_letters(
    workspace: Workspace, parent: QWidget | None, folder: Path | None = None
) -> tuple[Path, int, int] | None:
    """Ask for a folder and write each vendor's letter and pre-filled RFQ there.

    Returns:
        The folder, the number of vendors written to and of questions asked; None when
        the user cancelled.
    """
    from computescore.services.clarify import ClarifyOptions, write_clarifications
    from computescore.services.workspace import load_catalogue_for

    evaluation = workspace.require_evaluation()
    store = workspace.require_store()
    if folder is None:
        chosen = QFileDialog.getExistingDirectory(
            parent, "Write the letters to vendors into", start_folder("reports")
        )
        if not chosen:
            return None
        folder = Path(chosen)
    written = write_clarifications(
        store,
        folder,
        load_catalogue_for(store),
        ClarifyOptions(evaluation_name=evaluation.name, contact=evaluation.prepared_by),
    )
    remember_folder("reports", str(folder / "letters"))
    return folder, len(written), sum(len(item.questions) for item in written)
