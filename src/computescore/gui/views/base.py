"""What every sidebar page shares: a header, lazy refresh, and a "not available" state."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QStackedWidget, QVBoxLayout, QWidget

from computescore.gui.theme import SPACING
from computescore.gui.widgets import EmptyState, ViewHeader
from computescore.gui.workspace import SEALED_MESSAGE, SEALED_PAGES, Snapshot, Workspace


class View(QWidget):
    """A page of the main window.

    Subclasses set :attr:`key`, :attr:`title`, :attr:`icon_name` and
    :attr:`subtitle`, build their widgets in ``__init__`` into :attr:`body`, and
    fill them in :meth:`populate`. A page that is hidden when the data changes is
    refreshed when it is next shown, so only the visible page does work.
    """

    key = ""
    title = ""
    icon_name = "overview"
    subtitle = ""

    navigate = Signal(str)
    """Asks the window to show a page, or to start a command (see ``MainWindow.show_view``)."""

    def __init__(self, workspace: Workspace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self._dirty = True
        outer = QVBoxLayout(self)
        outer.setContentsMargins(3 * SPACING, 5 * SPACING // 2, 3 * SPACING, 2 * SPACING)
        outer.setSpacing(SPACING)
        self.header = ViewHeader(self.title, self.subtitle)
        outer.addWidget(self.header)
        self.stack = QStackedWidget()
        outer.addWidget(self.stack, 1)
        self.body = QWidget()
        self.body_layout = QVBoxLayout(self.body)
        self.body_layout.setContentsMargins(0, 0, 0, 0)
        self.body_layout.setSpacing(3 * SPACING // 2)
        self.stack.addWidget(self.body)
        self.empty = EmptyState(self.icon_name, "", "")
        self.empty.action_chosen.connect(self.navigate)
        self.stack.addWidget(self.empty)
        workspace.snapshot_changed.connect(self._on_changed)

    # -- refresh ---------------------------------------------------------------------
    def _on_changed(self) -> None:
        if self.isVisible():
            self.refresh()
        else:
            self._dirty = True

    def showEvent(self, event: QShowEvent) -> None:
        """Refresh a page whose data changed while it was hidden."""
        super().showEvent(event)
        if self._dirty:
            self.refresh()

    def refresh(self) -> None:
        """Show the current data now."""
        self._dirty = False
        snapshot = self.workspace.snapshot
        if snapshot is None:
            self.show_empty(
                "No database open",
                "Open a ComputeScore database, or create one, to start.",
            )
            self.empty.set_actions(
                [
                    ("Open database…", "open", "open_database"),
                    ("New database…", "database", "new_database"),
                    ("Open the demo", "overview", "open_demo"),
                ]
            )
            return
        if snapshot.evaluation is None:
            self.show_empty(
                "No evaluation yet",
                "An evaluation is one sourcing event, such as “2027 inference pool”. Create "
                "one, then add its workloads and import the vendors’ quotes — or look around "
                "the demo first.",
            )
            self.empty.set_actions(
                [
                    ("Create an evaluation…", "new", "new_evaluation"),
                    ("Open the demo", "overview", "open_demo"),
                    ("Import quotes…", "import", "import"),
                ]
            )
            return
        if snapshot.sealed and self.key not in SEALED_PAGES:
            self.show_empty("Prices are sealed for you", SEALED_MESSAGE)
            self.empty.set_actions([("Score the committee's criteria", "committee", "committee")])
            return
        reason = self.unavailable_reason()
        if reason:
            self.show_empty(*reason)
            return
        self.stack.setCurrentWidget(self.body)
        self.populate(snapshot)

    def populate(self, snapshot: Snapshot) -> None:
        """Fill the page from ``snapshot`` (only called when an evaluation exists)."""

    def unavailable_reason(self) -> tuple[str, str] | None:
        """(title, sentence) when the page cannot be shown yet, else None."""
        return None

    def show_empty(self, title: str, text: str, action: str = "") -> None:
        """Replace the page body by a calm message (and forget what the header said)."""
        self.header.set_subtitle(self.subtitle)
        self.empty.set_text(title, text, action)
        self.stack.setCurrentWidget(self.empty)

    @property
    def showing_body(self) -> bool:
        """True when the page shows its content (not the empty state)."""
        return self.stack.currentWidget() is self.body
