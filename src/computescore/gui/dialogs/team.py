"""Edit ▸ Team: who is on a team database, what each may do, and (for a lead) adding people."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from computescore.gui.errors import guarded
from computescore.gui.widgets import button, label, read_only_table, section_title
from computescore.gui.workspace import Workspace

ROLES = ("viewer", "evaluator", "lead", "approver", "technical")


class TeamDialog(QDialog):
    """The team's members and roles; a lead (or the owner) gives people roles."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        from computescore.services.team import my_rights

        super().__init__(parent)
        self.workspace = workspace
        self.setWindowTitle("Team")
        store = workspace.require_store()
        layout = QVBoxLayout(self)
        layout.addWidget(label(my_rights(store), wrap=True))
        layout.addWidget(
            label(
                "The database enforces the roles: a viewer reads; an evaluator also imports "
                "and corrects quotes; a lead also changes workloads, weights, knock-outs and "
                "scenarios and manages the team; an approver approves the board pack; a "
                "technical evaluator scores the committee's criteria sealed from prices "
                "until a lead reveals them. Passwords are set on the server, never here.",
                "Muted",
                wrap=True,
            )
        )
        layout.addWidget(section_title("Members"))
        self.table = read_only_table(["Member", "Roles"])
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.table)
        row = QHBoxLayout()
        self.name = QLineEdit()
        self.name.setPlaceholderText("database user name, e.g. ada_roe")
        self.role = QComboBox()
        self.role.addItems(list(ROLES))
        self.role.setCurrentText("evaluator")
        self.add_button = button("Give role", "new")
        self.add_button.clicked.connect(self.add)
        self.reveal_button = button("Reveal prices")
        self.reveal_button.setToolTip(
            "Open the prices to the selected technical evaluator (recorded in the audit trail)"
        )
        self.reveal_button.clicked.connect(self.reveal)
        row.addWidget(self.name, 1)
        row.addWidget(self.role)
        row.addWidget(self.add_button)
        row.addWidget(self.reveal_button)
        layout.addLayout(row)
        snapshot = workspace.snapshot
        may_manage = snapshot is None or snapshot.may_lead
        for widget in (self.name, self.role, self.add_button, self.reveal_button):
            widget.setEnabled(may_manage)
            if not may_manage:
                widget.setToolTip("Only a lead gives people roles")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.refresh()
        self.resize(680, 560)

    def refresh(self) -> None:
        """Read the members again."""
        from computescore.services.team import list_members

        members = list_members(self.workspace.require_store())
        self.table.setRowCount(len(members))
        for index, member in enumerate(members):
            self.table.setItem(index, 0, QTableWidgetItem(member.name))
            roles = ", ".join(role.value for role in member.roles)
            self.table.setItem(index, 1, QTableWidgetItem(roles))

    @guarded
    def add(self, _checked: bool = False) -> None:
        """Give the person the chosen role."""
        from computescore.services.team import add_member

        name = self.name.text().strip()
        add_member(self.workspace.require_store(), name, self.role.currentText())
        self.name.clear()
        self.refresh()

    @guarded
    def reveal(self, _checked: bool = False) -> None:
        """Open the prices to the selected technical evaluator."""
        from computescore.services.team import reveal_prices

        items = self.table.selectedItems()
        if not items:
            return
        name, roles = (self.table.item(items[0].row(), c) for c in (0, 1))
        if name is None or roles is None or "technical" not in roles.text():
            return
        reveal_prices(self.workspace.require_store(), name.text())
        self.refresh()
