"""Vendors: who they are, where they are, and their certifications with expiry highlighted."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from PySide6.QtCore import QDate, QItemSelection, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.quotes import Certification, Vendor, VendorKind
from computescore.gui import commands, theme
from computescore.gui import format as fmt
from computescore.gui.errors import guarded
from computescore.gui.forms import Form, country_parser, text_parser
from computescore.gui.models.table import Column, RowTableModel, SortFilterProxy
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import (
    Banner,
    FieldFeedback,
    button,
    configure_table,
    confirm,
    label,
    section_title,
)
from computescore.gui.workspace import Snapshot
from computescore.vocabulary import VENDOR_KIND_WORDS

KIND_WORDS = VENDOR_KIND_WORDS
KINDS = [(k.value, KIND_WORDS.get(k.value, fmt.words(k.value))) for k in VendorKind]

EXPIRY_WARNING_DAYS = 90
"""A certification ending within this many days after the decision date is flagged."""


def certification_status(cert: Certification, decision: date) -> tuple[str, str]:
    """(severity, words) for a certification judged on the decision date.

    ``bad`` when not valid on that date (expired or not yet valid), ``warning`` when it
    ends within :data:`EXPIRY_WARNING_DAYS` days after it, else ``ok``.
    """
    if cert.valid_from is not None and decision < cert.valid_from:
        return "error", f"Not yet valid on {decision.isoformat()}"
    if cert.valid_to is not None and decision > cert.valid_to:
        return "error", f"Expired {cert.valid_to.isoformat()}"
    if cert.valid_to is not None and cert.valid_to <= decision + timedelta(
        days=EXPIRY_WARNING_DAYS
    ):
        return "warning", f"Ends {cert.valid_to.isoformat()}, within {EXPIRY_WARNING_DAYS} days"
    if cert.valid_to is None:
        return "ok", "Valid (no end date stated)"
    return "ok", f"Valid until {cert.valid_to.isoformat()}"


class CertificationDialog(QDialog):
    """Add or edit one certification, with its validity dates."""

    def __init__(self, cert: Certification | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Certification")
        self.setMinimumWidth(440)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit(cert.name if cert else "")
        self.name.setPlaceholderText("e.g. ISO/IEC 27001")
        self.issuer = QLineEdit(cert.issuer if cert else "")
        self.evidence = QLineEdit(cert.evidence if cert else "")
        self.evidence.setPlaceholderText("Certificate number or document")
        self.valid_from, self.has_from = self._date(cert.valid_from if cert else None)
        self.valid_to, self.has_to = self._date(cert.valid_to if cert else None)
        form.addRow("Name", self.name)
        form.addRow("Issuer", self.issuer)
        form.addRow("Valid from", self._pair(self.has_from, self.valid_from))
        form.addRow("Valid until", self._pair(self.has_to, self.valid_to))
        form.addRow("Evidence", self.evidence)
        layout.addLayout(form)
        self.feedback = FieldFeedback()
        layout.addWidget(self.feedback)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.result_cert: Certification | None = None

    @staticmethod
    def _date(value: date | None) -> tuple[QDateEdit, QCheckBox]:
        editor = QDateEdit()
        editor.setCalendarPopup(True)
        editor.setDisplayFormat("yyyy-MM-dd")
        editor.setDate(QDate(value.year, value.month, value.day) if value else QDate.currentDate())
        check = QCheckBox("stated")
        check.setChecked(value is not None)
        editor.setEnabled(value is not None)
        check.toggled.connect(editor.setEnabled)
        return editor, check

    @staticmethod
    def _pair(check: QCheckBox, editor: QDateEdit) -> QWidget:
        widget = QWidget()
        row = QHBoxLayout(widget)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(check)
        row.addWidget(editor, 1)
        return widget

    def certification(self) -> tuple[Certification | None, str | None]:
        """The certification entered, or why it cannot be accepted."""
        name = self.name.text().strip()
        if not name:
            return None, "Enter the certification's name."

        def day(check: QCheckBox, editor: QDateEdit) -> date | None:
            if not check.isChecked():
                return None
            q = editor.date()
            return date(q.year(), q.month(), q.day())

        start, end = day(self.has_from, self.valid_from), day(self.has_to, self.valid_to)
        if start and end and end < start:
            return None, f"“Valid until” ({end}) is before “valid from” ({start})."
        cert = Certification(
            name, self.issuer.text().strip(), start, end, self.evidence.text().strip()
        )
        return cert, None

    def _accept(self) -> None:
        cert, error = self.certification()
        self.feedback.set_error(error)
        if cert is not None:
            self.result_cert = cert
            self.accept()


class VendorsView(View):
    """Every vendor with its details and certifications."""

    key = "vendors"
    title = "Vendors"
    icon_name = "vendors"
    subtitle = "Certifications are judged on the evaluation's decision date."

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        self._decision = date.today()
        self.vendor_model = RowTableModel(
            [
                Column("Vendor", lambda v: v.name, width=20, keep=3),
                Column(
                    "Kind",
                    lambda v: v.kind.value,
                    text=lambda k: KIND_WORDS.get(k, k),
                    width=12,
                    keep=2,
                ),
                Column("HQ", lambda v: v.hq_country, width=2),
                Column(
                    "Certifications",
                    self._cert_summary,
                    foreground=lambda v: self._cert_colour(v),
                    width=12,
                ),
            ]
        )
        self.proxy = SortFilterProxy()
        self.proxy.setSourceModel(self.vendor_model)
        self.vendors = QTableView()
        self.vendors.setModel(self.proxy)
        self.vendors.setSortingEnabled(True)
        self.vendors.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        configure_table(self.vendors, self.vendor_model.columns)
        self.vendors.selectionModel().selectionChanged.connect(self._on_select)

        detail = QWidget()
        right = QVBoxLayout(detail)
        right.setContentsMargins(2 * SPACING, 0, 0, 0)
        right.setSpacing(SPACING)
        heading = QHBoxLayout()
        self.name = label("", "SectionTitle")
        heading.addWidget(self.name, 1)
        self.delete_vendor_button = button("Delete vendor…", "trash")
        self.delete_vendor_button.setToolTip(
            "Move a vendor with no quotes to Edit ▸ Recently deleted (it can be restored)"
        )
        self.delete_vendor_button.clicked.connect(self.delete_vendor)
        self.delete_vendor_button.setEnabled(False)
        heading.addWidget(self.delete_vendor_button)
        right.addLayout(heading)
        self.banner = Banner()
        right.addWidget(self.banner)
        self.form = Form(columns=2)
        self.form.choice("kind", "Kind", KINDS)
        self.form.line(
            "hq_country", "Headquarters", country_parser("Headquarters", optional=True), "ISO code"
        )
        self.form.line(
            "regions",
            "Regions offered",
            text_parser("Regions"),
            hint="Comma-separated, e.g. eu-west, DE",
        )
        self.form.line("website", "Website", text_parser("Website"))
        self.form.committed.connect(self._on_commit)
        right.addWidget(self.form.widget)
        right.addWidget(section_title("Certifications"))
        self.cert_model = RowTableModel(
            [
                Column("Certification", lambda c: c.name, width=20, keep=3),
                Column("Issuer", lambda c: c.issuer, width=10),
                Column("Valid from", lambda c: c.valid_from, text=fmt.day, width=10, keep=4),
                Column("Valid until", lambda c: c.valid_to, text=fmt.day, width=10, keep=4),
                Column(
                    "On the decision date",
                    lambda c: certification_status(c, self._decision)[1],
                    keep=3,
                    foreground=lambda c: theme.severity_colors(
                        certification_status(c, self._decision)[0]
                    )[0],
                    background=lambda c: self._status_bg(c),
                    width=28,
                ),
                Column("Evidence", lambda c: c.evidence, width=14),
            ]
        )
        self.certs = QTableView()
        self.certs.setModel(self.cert_model)
        configure_table(self.certs, self.cert_model.columns)
        self.certs.doubleClicked.connect(lambda _i: self.edit_certification())
        right.addWidget(self.certs, 1)
        actions = QHBoxLayout()
        self.add_cert = button("Add certification", "plus")
        self.add_cert.clicked.connect(self.add_certification)
        self.edit_cert = button("Edit…")
        self.edit_cert.clicked.connect(self.edit_certification)
        self.remove_cert = button("Remove", "trash")
        self.remove_cert.clicked.connect(self.remove_certification)
        for widget in (self.add_cert, self.edit_cert, self.remove_cert):
            actions.addWidget(widget)
        actions.addStretch(1)
        right.addLayout(actions)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.vendors)
        splitter.addWidget(detail)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([560, 640])
        splitter.setChildrenCollapsible(False)
        self.body_layout.addWidget(splitter, 1)
        self._vendor: Vendor | None = None

    # -- helpers ---------------------------------------------------------------------
    def _cert_summary(self, vendor: Vendor) -> str:
        if not vendor.certifications:
            return "none on record"
        bad = [
            c
            for c in vendor.certifications
            if certification_status(c, self._decision)[0] == "error"
        ]
        if bad:
            return f"{len(bad)} expired"
        soon = [
            c
            for c in vendor.certifications
            if certification_status(c, self._decision)[0] == "warning"
        ]
        if soon:
            return f"{len(soon)} ending soon"
        return f"{len(vendor.certifications)} valid"

    def _cert_colour(self, vendor: Vendor) -> QColor | None:
        severities = {certification_status(c, self._decision)[0] for c in vendor.certifications}
        if "error" in severities:
            return theme.severity_colors("error")[0]
        if "warning" in severities:
            return theme.severity_colors("warning")[0]
        return None

    def _status_bg(self, cert: Certification) -> QColor | None:
        severity = certification_status(cert, self._decision)[0]
        return None if severity == "ok" else theme.severity_colors(severity)[1]

    # -- data ------------------------------------------------------------------------
    def unavailable_reason(self) -> tuple[str, str] | None:
        """No vendors yet."""
        snap = self.workspace.snapshot
        if snap is not None and not snap.vendors:
            return ("No vendors yet", "Vendors are added when their quotes are imported.")
        return None

    def populate(self, snapshot: Snapshot) -> None:
        """List the vendors; keep the selected one."""
        assert snapshot.evaluation is not None
        self._decision = snapshot.evaluation.decision_date
        selected = self._vendor.name if self._vendor else None
        self.vendor_model.set_rows(list(snapshot.vendors))
        names = [v.name for v in snapshot.vendors]
        target = selected if selected in names else (names[0] if names else None)
        if target is not None:
            for row in range(self.proxy.rowCount()):
                vendor = self.proxy.index(row, 0).data(Qt.ItemDataRole.UserRole + 2)
                if vendor.name == target:
                    self.vendors.selectRow(row)
                    self._show(vendor)
                    break

    @guarded
    def _on_select(self, selected: QItemSelection, _old: QItemSelection) -> None:
        indexes = selected.indexes()
        if indexes:
            self._show(indexes[0].data(Qt.ItemDataRole.UserRole + 2))

    def _show(self, vendor: Vendor) -> None:
        self._vendor = vendor
        self.name.setText(vendor.name)
        self.delete_vendor_button.setEnabled(True)
        f = self.form.fields
        f["kind"].show(vendor.kind.value)
        f["hq_country"].show(vendor.hq_country or "")
        f["regions"].show(", ".join(vendor.regions))
        f["website"].show(vendor.website)
        self.cert_model.set_rows(list(vendor.certifications))
        expired = [
            c
            for c in vendor.certifications
            if certification_status(c, self._decision)[0] == "error"
        ]
        if expired:
            self.banner.show_message(
                f"{', '.join(c.name for c in expired)} not valid on the decision date "
                f"{self._decision.isoformat()}.",
                "error",
            )
        else:
            self.banner.setVisible(False)

    # -- edits -----------------------------------------------------------------------
    def _save(self, new: Vendor) -> None:
        old = self._vendor
        if old is None or new == old:
            return
        commands.update_vendor(self.workspace, old, new)
        self._vendor = new

    @guarded
    def _on_commit(self, _key: str) -> None:
        if self._vendor is None:
            return
        values, errors = self.form.values()
        if errors:
            self.banner.show_message("Not saved: " + next(iter(errors.values())) + ".", "warning")
            return
        regions = tuple(r.strip() for r in values["regions"].split(",") if r.strip())
        self._save(
            replace(
                self._vendor,
                kind=VendorKind(values["kind"]),
                hq_country=values["hq_country"] or None,
                regions=regions,
                website=values["website"],
            )
        )

    def _selected_cert(self) -> int:
        rows = self.certs.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    @guarded
    def add_certification(self, _checked: bool = False) -> None:
        """Add a certification to the selected vendor."""
        if self._vendor is None:
            return
        dialog = CertificationDialog(None, self)
        if dialog.exec() and dialog.result_cert is not None:
            certs = (*self._vendor.certifications, dialog.result_cert)
            self._save(replace(self._vendor, certifications=certs))

    @guarded
    def edit_certification(self, _checked: bool = False) -> None:
        """Edit the selected certification."""
        row = self._selected_cert()
        if self._vendor is None or row < 0:
            return
        dialog = CertificationDialog(self._vendor.certifications[row], self)
        if dialog.exec() and dialog.result_cert is not None:
            certs = list(self._vendor.certifications)
            certs[row] = dialog.result_cert
            self._save(replace(self._vendor, certifications=tuple(certs)))

    @guarded
    def remove_certification(self, _checked: bool = False) -> None:
        """Remove the selected certification (undo brings it back)."""
        row = self._selected_cert()
        if self._vendor is None or row < 0:
            return
        certs = list(self._vendor.certifications)
        del certs[row]
        self._save(replace(self._vendor, certifications=tuple(certs)))

    @guarded
    def delete_vendor(self, _checked: bool = False) -> None:
        """Move the selected vendor to the recently deleted list, after asking once."""
        vendor = self._vendor
        if vendor is None:
            return
        text = (
            f"Delete the vendor {vendor.name}?\n\nA vendor with quotes cannot be deleted: "
            "delete its quotes first. The vendor stays in Edit ▸ Recently deleted until you "
            "empty that list, and Edit ▸ Undo puts it back at once."
        )
        if confirm(self, "Delete vendor", text, "Delete"):
            commands.delete_record(self.workspace, "vendor", vendor.name, vendor.name)
