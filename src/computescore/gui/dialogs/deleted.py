"""Edit ▸ Recently deleted: what was deleted, kept in the database until the list is emptied.

Restoring puts a quote, workload, vendor or evaluation back whole (undoable);
emptying the list forgets everything in it for good, after asking once.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from computescore.errors import UserError
from computescore.gui import commands
from computescore.gui.widgets import (
    Banner,
    button,
    confirm,
    label,
    primary_button,
    read_only_table,
)
from computescore.gui.workspace import Workspace
from computescore.store.repository import DeletedRecord

KIND_WORDS = {
    "quote": "Quote",
    "workload": "Workload",
    "vendor": "Vendor",
    "evaluation": "Evaluation",
}


class DeletedDialog(QDialog):
    """List, restore and empty the recently deleted records."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.setWindowTitle("Recently deleted")
        self.setMinimumSize(760, 380)
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "Deleted quotes, workloads, vendors and evaluations are kept here, whole, until "
                "you empty the list. Restoring puts one back with everything it held.",
                "Muted",
                wrap=True,
            )
        )
        self.banner = Banner()
        layout.addWidget(self.banner)
        self.table = read_only_table(["What", "Record", "Evaluation", "Deleted", "By"])
        header = self.table.horizontalHeader()
        for column in (0, 2, 3, 4):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.doubleClicked.connect(lambda _index: self.restore_selected())
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        self.restore_button = primary_button("Restore", "undo")
        self.restore_button.clicked.connect(self.restore_selected)
        self.empty_button = button("Empty list…", "trash")
        self.empty_button.clicked.connect(self.empty)
        row.addWidget(self.restore_button)
        row.addWidget(self.empty_button)
        row.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        row.addWidget(close)
        layout.addLayout(row)
        self.entries: list[DeletedRecord] = []
        self.refresh()

    def refresh(self) -> None:
        """Read the list again."""
        store = self.workspace.require_store()
        with store.reading() as uow:
            self.entries = uow.deleted.entries()
        self.table.setRowCount(len(self.entries))
        for number, entry in enumerate(self.entries):
            cells = (
                KIND_WORDS.get(entry.kind, entry.kind),
                entry.label,
                entry.evaluation if entry.kind != "evaluation" else "",
                entry.deleted_at.astimezone().strftime("%Y-%m-%d %H:%M"),
                entry.deleted_by,
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.table.setItem(number, column, item)
        if self.entries:
            self.table.selectRow(0)
        else:
            self.banner.show_message("Nothing has been deleted (or the list was emptied).")
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.restore_button.setEnabled(bool(self.table.selectionModel().selectedRows()))
        self.empty_button.setEnabled(bool(self.entries))

    def selected(self) -> DeletedRecord | None:
        """The selected entry, or None."""
        rows = self.table.selectionModel().selectedRows()
        return self.entries[rows[0].row()] if rows else None

    def restore_selected(self) -> None:
        """Put the selected record back (Edit ▸ Undo deletes it again)."""
        entry = self.selected()
        if entry is None:
            return
        try:
            commands.restore_record(self.workspace, entry)
        except UserError as exc:
            self.banner.show_message(exc.message, "warning")
            return
        self.refresh()
        self.banner.show_message(f"Restored {entry.kind} {entry.label}.", "ok")

    def empty(self) -> None:
        """Forget every deleted record for good, after asking once."""
        text = (
            f"Forget the {len(self.entries)} deleted record(s) for good?\n\n"
            "They cannot be restored afterwards, and deletions can no longer be undone."
        )
        if confirm(self, "Empty recently deleted", text, "Empty list"):
            count = commands.empty_deleted(self.workspace)
            self.refresh()
            self.banner.show_message(f"Forgot {count} deleted record(s).", "ok")
