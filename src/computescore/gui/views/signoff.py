"""The Reports page's sign-off card: approve the pack the page exports, sign a PDF of it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QInputDialog,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from computescore.gui import tasks
from computescore.gui.errors import guarded
from computescore.gui.preferences import remember_folder, start_folder
from computescore.gui.theme import SPACING
from computescore.gui.widgets import button, label, section_title

if TYPE_CHECKING:
    from computescore.gui.workspace import Workspace

PackBuilder = Callable[[tasks.TaskProgress], Any]
"""Builds (on a worker thread) the pack exactly as the page would export it."""


class SignOffCard(QFrame):
    """Where the pack stands with its approvers, and the approver's two actions."""

    def __init__(
        self,
        workspace: Workspace,
        build_pack: Callable[[], PackBuilder],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("Card")
        self.workspace = workspace
        self.build_pack = build_pack
        layout = QHBoxLayout(self)
        layout.setContentsMargins(3 * SPACING, 2 * SPACING, 3 * SPACING, 2 * SPACING)
        text = QVBoxLayout()
        text.addWidget(section_title("Sign-off"))
        self.status = label(
            "An approver approves the pack of the current inputs (its fingerprint); any "
            "later change shows the approval as superseded. Export to see where it stands.",
            "Muted",
            wrap=True,
        )
        text.addWidget(self.status)
        layout.addLayout(text, 1)
        self.approve_button = button("Approve the pack…", "check")
        self.approve_button.clicked.connect(self.approve)
        layout.addWidget(self.approve_button)
        self.sign_button = button("Sign a PDF…", "edit")
        self.sign_button.setToolTip("Sign an approved board pack PDF with your certificate (PAdES)")
        self.sign_button.clicked.connect(self.sign)
        layout.addWidget(self.sign_button)
        self.task: tasks.Task | None = None

    def set_allowed(self, allowed: bool) -> None:
        """Grey the actions for anyone who is not an approver."""
        for widget in (self.approve_button, self.sign_button):
            widget.setEnabled(allowed)
            widget.setToolTip("" if allowed else "Only an approver signs off the pack")

    def set_status(self, sentence: str) -> None:
        """Show where the exported pack stands."""
        if sentence:
            self.status.setText(sentence)

    @guarded
    def approve(self, _checked: bool = False, note: str | None = None) -> tasks.Task | None:
        """Approve the pack the page would export now (after asking for a note)."""
        if note is None:
            note, ok = QInputDialog.getText(
                self, "Approve the pack", "A note for the record (e.g. the board meeting):"
            )
            if not ok:
                return None
        store = self.workspace.require_store()
        build = self.build_pack()

        def work(progress: tasks.TaskProgress) -> Any:
            from computescore.services.signoff import approve_pack

            return approve_pack(store, build(progress), note=note.strip())

        def done(approval: Any) -> None:
            self.approve_button.setEnabled(True)
            self.status.setText(
                f"Approved by {approval.approver} on {approval.approved_at:%Y-%m-%d %H:%M} UTC "
                f"for exactly these inputs (fingerprint {approval.fingerprint[:12]}…). "
                "Export the pack to print the approval on its cover."
            )
            self.workspace.saved.emit("Approved the board pack")

        def failed(info: tasks.ExcInfo) -> None:
            from computescore.gui.errors import report_exception

            self.approve_button.setEnabled(True)
            report_exception(*info)

        self.approve_button.setEnabled(False)
        self.task = tasks.run_task(
            work,
            name="approve",
            on_success=done,
            on_error=failed,
            parent=self,
            title="Approving the board pack",
        )
        return self.task

    @guarded
    def sign(
        self,
        _checked: bool = False,
        pdf: Path | None = None,
        certificate: Path | None = None,
        password: str | None = None,
    ) -> Path | None:
        """Sign an approved pack PDF with the approver's certificate; returns the signed file."""
        from computescore.services.signoff import sign_pack

        if pdf is None:
            name, _ = QFileDialog.getOpenFileName(
                self, "Board pack to sign", start_folder("reports"), "PDF (*.pdf)"
            )
            if not name:
                return None
            pdf = Path(name)
        if certificate is None:
            name, _ = QFileDialog.getOpenFileName(
                self, "Your certificate", start_folder("certificates"), "Certificates (*.p12 *.pfx)"
            )
            if not name:
                return None
            certificate = Path(name)
            remember_folder("certificates", name)
        if password is None:
            password, ok = QInputDialog.getText(
                self,
                "Certificate password",
                f"The password of {certificate.name} (not stored):",
                QLineEdit.EchoMode.Password,
            )
            if not ok:
                return None
        out = pdf.with_name(f"{pdf.stem}-signed.pdf")
        store = self.workspace.require_store()
        evaluation = self.workspace.require_evaluation()
        approval = sign_pack(
            store, pdf, certificate, password or None, out, evaluation=evaluation.name
        )
        self.status.setText(
            f"Signed {out.name} for the approval by {approval.approver} on "
            f"{approval.approved_at:%Y-%m-%d}."
        )
        return out
