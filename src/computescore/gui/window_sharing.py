"""The window's actions for working with others: team databases, the team, vendors' documents.

The base of :class:`~computescore.gui.main_window.MainWindow`, kept apart so that the
window's module holds the window and this one what goes out to (or comes in from)
other people.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QInputDialog, QMainWindow

from computescore.errors import UserError
from computescore.gui.errors import guarded, show_message
from computescore.services.workspace import is_server_url


class SharingActions(QMainWindow):
    """Open a team database, show the team, write an RFQ, ask vendors for what is missing."""

    workspace: Any

    def open_path(self, path: str) -> None:
        """Open a database (the window does it)."""
        raise NotImplementedError

    @guarded
    def open_team_database(self, _checked: bool = False) -> None:
        """Ask for a team database's URL on a PostgreSQL server and open it."""
        url, ok = QInputDialog.getText(
            self,
            "Open team database",
            "The database on your team's PostgreSQL server, e.g.\n"
            "postgresql://ada@db.example:5432/sourcing\n"
            "(the password comes from PGPASSWORD or ~/.pgpass, or is asked for):",
        )
        if ok and url.strip():
            if not is_server_url(url):
                raise UserError("A team database's address starts with postgresql://.")
            self.open_path(url.strip())

    def ask_password(self, url: str, why: str, answer: str | None = None) -> None:
        """Ask for a team database's password, keep it in memory for this session, open again."""
        from PySide6.QtWidgets import QLineEdit

        from computescore.services.workspace import masked, remember_password

        password = answer
        if password is None:
            password, ok = QInputDialog.getText(
                self,
                "Password",
                f"{why}\n\nPassword for {masked(url)} (kept only while ComputeScore runs):",
                QLineEdit.EchoMode.Password,
            )
            if not ok:
                self.statusBar().showMessage(f"Not opened: {masked(url)} needs a password.", 8000)
                return
        if not password:
            return
        remember_password(url, password)
        self.open_path(url)

    @guarded
    def show_team(self, _checked: bool = False) -> None:
        """Who is on the team database and what each may do; a lead adds people."""
        from computescore.gui.dialogs.team import TeamDialog

        TeamDialog(self.workspace, self).exec()

    @guarded
    def request_quotation(self, _checked: bool = False) -> None:
        """Write a request-for-quotation workbook for a vendor."""
        from computescore.gui.dialogs.rfq import RfqDialog

        dialog = RfqDialog(self.workspace, self)
        if dialog.exec() and dialog.written is not None:
            self.statusBar().showMessage(f"Wrote {dialog.written}", 8000)

    @guarded
    def ask_vendors(self, _checked: bool = False) -> None:
        """Write each vendor a letter asking for what its quotes lack."""
        from computescore.gui.dialogs.rfq import write_clarification_letters

        done = write_clarification_letters(self.workspace, self)
        if done is None:
            return
        folder, vendors, questions = done
        if vendors == 0:
            show_message(self, "Nothing to ask: every quote states what the scorecard needs.")
            return
        show_message(
            self,
            f"Wrote letters with {questions} questions to {vendors} vendors, each with its "
            f"request for quotation pre-filled, in {folder}.",
        )
