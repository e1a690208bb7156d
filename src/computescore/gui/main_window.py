"""The main window: sidebar, pages, toolbar, menus, status bar, drag-and-drop of quote files."""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QSize, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDesktopServices,
    QDragEnterEvent,
    QDropEvent,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from computescore import __version__
from computescore.gui import commands, icons, tasks, theme
from computescore.gui import format as fmt
from computescore.gui.errors import guarded
from computescore.gui.preferences import Preferences, remember_folder, start_folder
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.window_sharing import SharingActions
from computescore.gui.workspace import Workspace
from computescore.services.workspace import is_server_url

log = logging.getLogger("computescore.gui")

QUOTE_FILE_SUFFIXES = (".xlsx", ".xlsm", ".csv", ".tsv", ".ods", ".xls", ".txt", ".pdf")

DATABASE_FILTER = "ComputeScore databases (*.db *.sqlite *.computescore);;All files (*)"


def _view_classes() -> list[type[View]]:
    from computescore.gui.views.committee import CommitteePage
    from computescore.gui.views.compliance import ComplianceView
    from computescore.gui.views.overview import OverviewView
    from computescore.gui.views.plan import PlanView
    from computescore.gui.views.quotes import QuotesView
    from computescore.gui.views.reports import ReportsView
    from computescore.gui.views.scorecard import ScorecardView
    from computescore.gui.views.tco import TcoView
    from computescore.gui.views.vendors import VendorsView
    from computescore.gui.views.workloads import WorkloadsView

    return [
        OverviewView,
        WorkloadsView,
        VendorsView,
        QuotesView,
        ScorecardView,
        CommitteePage,
        PlanView,
        TcoView,
        ComplianceView,
        ReportsView,
    ]


RATES_KEY = "fx"
"""Where a link to the exchange rates points (the Overview's "no FX rate" gap)."""


class MainWindow(SharingActions):
    """The ComputeScore workspace window."""

    def __init__(self, *, remember: bool = True, workspace: Workspace | None = None) -> None:
        super().__init__()
        self.remember = remember
        self.preferences = Preferences()
        if remember:
            fmt.set_number_style(self.preferences.number_style())
        self.workspace = workspace or Workspace(self)
        self.setWindowTitle("ComputeScore")
        self.setWindowIcon(icons.app_icon())
        self.setAcceptDrops(True)
        self.setMinimumSize(QSize(1024, 640))
        self.views: dict[str, View] = {}
        from computescore.gui.analysis import Analysis

        self.analysis = Analysis(self.workspace, self)
        self._build_pages()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._build_status_bar()
        self._connect_workspace()
        self._restore_geometry()

    # -- construction ----------------------------------------------------------------
    def _build_pages(self) -> None:
        central = QWidget()
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.sidebar = QListWidget()
        self.sidebar.setObjectName("Sidebar")
        self.sidebar.setIconSize(QSize(20, 20))
        self.sidebar.setFixedWidth(212)
        self.sidebar.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.sidebar.setAccessibleName("Sections")
        self.pages = QStackedWidget()
        for cls in _view_classes():
            view = cls(self.workspace)
            self.views[view.key] = view
            attach = getattr(view, "set_analysis", None)
            if callable(attach):
                attach(self.analysis)
            navigate = getattr(view, "navigate", None)
            if navigate is not None:
                navigate.connect(self.show_view)
            item = QListWidgetItem(icons.icon(view.icon_name), view.title)
            item.setData(Qt.ItemDataRole.UserRole, view.key)
            item.setSizeHint(QSize(180, 38))
            self.sidebar.addItem(item)
            self.pages.addWidget(view)
        self.sidebar.currentRowChanged.connect(self._on_page)
        layout.addWidget(self.sidebar)
        layout.addWidget(self.pages, 1)
        self.setCentralWidget(central)

    def _action(
        self,
        text: str,
        slot: object,
        shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
        icon_name: str | None = None,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self)
        if icon_name:
            action.setIcon(icons.icon(icon_name))
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(
                f"{tip} ({action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)})"
                if action.shortcut()
                else tip
            )
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        std = QKeySequence.StandardKey
        self.act_new_db = self._action(
            "New database…", self.new_database, None, "database", "Create an empty database file"
        )
        self.act_open = self._action(
            "Open database…", self.open_database, std.Open, "open", "Open a database file"
        )
        self.act_open_team = self._action(
            "Open team database…",
            self.open_team_database,
            None,
            "database",
            "Open the shared database on your team's PostgreSQL server",
        )
        self.act_new_eval = self._action(
            "New evaluation…", self.new_evaluation, std.New, "new", "Start a new sourcing event"
        )
        self.act_import = self._action(
            "Import quotes…",
            self.import_quotes,
            "Ctrl+I",
            "import",
            "Import vendor quote spreadsheets",
        )
        self.act_export = self._action(
            "Export report…",
            self.export_report,
            "Ctrl+E",
            "export",
            "Write the board pack (PDF) and workbook (Excel)",
        )
        self.act_team = self._action(
            "Team…",
            self.show_team,
            None,
            None,
            "Who may do what on this team database",
        )
        self.act_rfq = self._action(
            "Request for quotation…",
            self.request_quotation,
            None,
            None,
            "Write an Excel workbook for a vendor to fill in and send back",
        )
        self.act_clarify = self._action(
            "Ask vendors for what is missing…",
            self.ask_vendors,
            None,
            None,
            "Write each vendor a letter (PDF and text) listing what its quotes lack",
        )
        self.act_rates = self._action(
            "Exchange rates…",
            self.edit_rates,
            None,
            None,
            "The dated rates that convert quoted currencies to US dollars",
        )
        self.act_deleted = self._action(
            "Recently deleted…",
            self.show_deleted,
            None,
            "trash",
            "Restore a deleted quote, workload, vendor or evaluation",
        )
        self.act_edit_eval = self._action(
            "Evaluation details…",
            self.edit_evaluation,
            None,
            "edit",
            "Rename the evaluation, change its decision date or end user",
        )
        self.act_delete_eval = self._action(
            "Delete evaluation…",
            self.delete_evaluation,
            None,
            None,
            "Move the evaluation shown to Edit ▸ Recently deleted",
        )
        self.act_quit = self._action("Quit", self.close, std.Quit)
        self.act_quit.setMenuRole(QAction.MenuRole.QuitRole)
        stack = self.workspace.undo_stack
        self.act_undo = stack.createUndoAction(self, "Undo")
        self.act_undo.setShortcut(QKeySequence("Ctrl+Z"))
        self.act_undo.setIcon(icons.icon("undo"))
        self.act_redo = stack.createRedoAction(self, "Redo")
        self.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.act_redo.setIcon(icons.icon("redo"))
        self.addAction(self.act_undo)
        self.addAction(self.act_redo)
        self.act_find = self._action("Find in quotes", self.find_in_quotes, std.Find)
        self.act_refresh = self._action(
            "Reload", self.reload, std.Refresh, "refresh", "Read the database again"
        )
        self.act_guide = self._action(
            "User guide",
            lambda: self.show_help("guide"),
            std.HelpContents,
            None,
            "How to run an evaluation from an empty database to the board pack",
        )
        self.act_format = self._action(
            "Quote file format",
            lambda: self.show_help("format"),
            None,
            None,
            "What the importer reads and how vendors' files are understood",
        )
        self.act_shortcuts = self._action(
            "Keyboard shortcuts",
            lambda: self.show_help("shortcuts"),
            None,
            None,
            "Every command that has a key",
        )
        self.act_log = self._action("Open log folder", self.open_log_folder)
        self.act_about = self._action("About ComputeScore", self.about)
        self.act_about.setMenuRole(QAction.MenuRole.AboutRole)
        self.page_actions: list[QAction] = []
        for number, view in enumerate(self.views.values(), start=1):
            action = QAction(view.title, self)
            if number <= 10:  # Ctrl+1 … Ctrl+9, then Ctrl+0 for the tenth page
                action.setShortcut(QKeySequence(f"Ctrl+{number % 10}"))
            action.triggered.connect(lambda _c=False, k=view.key: self.show_view(k))
            self.addAction(action)
            self.page_actions.append(action)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.act_new_eval)
        file_menu.addAction(self.act_new_db)
        file_menu.addAction(self.act_open)
        file_menu.addAction(self.act_open_team)
        self.recent_menu = QMenu("Open recent", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        file_menu.addMenu(self.recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.act_import)
        file_menu.addAction(self.act_export)
        file_menu.addAction(self.act_rfq)
        file_menu.addAction(self.act_clarify)
        file_menu.addSeparator()
        file_menu.addAction(self.act_delete_eval)
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)
        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_edit_eval)
        edit_menu.addAction(self.act_rates)
        edit_menu.addAction(self.act_deleted)
        edit_menu.addAction(self.act_team)
        edit_menu.addSeparator()
        edit_menu.addAction(self.act_find)
        view_menu = bar.addMenu("&View")
        for action in self.page_actions:
            view_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addMenu(self._number_menu())
        view_menu.addAction(self.act_refresh)
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.act_guide)
        help_menu.addAction(self.act_format)
        help_menu.addAction(self.act_shortcuts)
        help_menu.addSeparator()
        help_menu.addAction(self.act_log)
        help_menu.addAction(self.act_about)

    def _number_menu(self) -> QMenu:
        """View ▸ Number format: how the app writes thousands and decimals."""
        menu = QMenu("Number format", self)
        group = QActionGroup(self)
        self.number_actions: dict[str, QAction] = {}
        for key, (example, _grouping, _decimal) in fmt.NUMBER_STYLES.items():
            action = QAction(example, self, checkable=True)
            action.setChecked(fmt.number_style() == key)
            action.triggered.connect(lambda _checked=False, k=key: self.set_number_style(k))
            group.addAction(action)
            menu.addAction(action)
            self.number_actions[key] = action
        return menu

    def set_number_style(self, style: str) -> None:
        """Write numbers in the app in ``style`` (``de``: 1.234,56) and redraw the pages."""
        fmt.set_number_style(style)
        self.number_actions[style].setChecked(True)
        if self.remember:
            self.preferences.set_number_style(style)
        if self.workspace.snapshot is not None:
            self.workspace.snapshot_changed.emit()

    def _build_toolbar(self) -> None:
        bar = QToolBar("Main toolbar")
        bar.setObjectName("MainToolbar")
        bar.setMovable(False)
        bar.setIconSize(QSize(20, 20))
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.act_open, self.act_new_eval, self.act_import, self.act_export):
            bar.addAction(action)
        bar.addSeparator()
        # The toolbar's Undo and Redo keep a short label whatever the command is called
        # (the menu's say "Undo Edit vendor …"), so the evaluation box never moves off.
        stack = self.workspace.undo_stack
        self.tool_undo = QAction(icons.icon("undo"), "Undo", self)
        self.tool_undo.triggered.connect(stack.undo)
        self.tool_redo = QAction(icons.icon("redo"), "Redo", self)
        self.tool_redo.triggered.connect(stack.redo)
        for action, can, text in (
            (self.tool_undo, stack.canUndoChanged, stack.undoTextChanged),
            (self.tool_redo, stack.canRedoChanged, stack.redoTextChanged),
        ):
            action.setEnabled(False)
            can.connect(action.setEnabled)
            text.connect(
                lambda words, a=action: a.setToolTip(f"{a.text()}: {words}" if words else a.text())
            )
            bar.addAction(action)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        bar.addWidget(spacer)
        caption = QLabel("Evaluation")
        caption.setObjectName("Muted")
        bar.addWidget(caption)
        self.evaluation_box = QComboBox()
        self.evaluation_box.setMinimumContentsLength(24)
        self.evaluation_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.evaluation_box.setToolTip("The evaluation shown on every page")
        self.evaluation_box.currentTextChanged.connect(self._on_evaluation_chosen)
        bar.addWidget(self.evaluation_box)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbar = bar

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        status.setSizeGripEnabled(True)
        self.busy_label = QLabel("")
        status.addWidget(self.busy_label, 1)
        self.db_icon = QLabel()
        self.db_icon.setPixmap(icons.icon("database", theme.current().muted).pixmap(QSize(14, 14)))
        self.db_label = QLabel("No database open")
        self.db_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.save_label = QLabel("")
        status.addPermanentWidget(self.db_icon)
        status.addPermanentWidget(self.db_label)
        status.addPermanentWidget(self.save_label)

    def _connect_workspace(self) -> None:
        ws = self.workspace
        ws.opened.connect(self._on_opened)
        ws.open_failed.connect(self._on_open_failed)
        ws.password_needed.connect(self.ask_password)
        ws.snapshot_changed.connect(self._on_snapshot)
        ws.saved.connect(self._on_saved)
        ws.changed_elsewhere.connect(self._on_changed_elsewhere)
        ws.busy_changed.connect(self._on_busy)
        ws.undo_stack.indexChanged.connect(lambda _i: self._update_save_label())
        self._update_actions()

    def _restore_geometry(self) -> None:
        geometry = self.preferences.window_geometry() if self.remember else None
        if geometry is not None:
            self.restoreGeometry(geometry)
            state = self.preferences.window_state()
            if state is not None:
                self.restoreState(state)
        else:
            screen = self.screen().availableGeometry() if self.screen() else None
            if screen is not None:
                width = min(1440, int(screen.width() * 0.9))
                height = min(900, int(screen.height() * 0.9))
                self.resize(width, height)
                self.move(
                    screen.x() + (screen.width() - width) // 2,
                    screen.y() + (screen.height() - height) // 2,
                )
        last = self.preferences.last_view() if self.remember else None
        self.show_view(last if last in self.views else "overview")

    # -- pages -----------------------------------------------------------------------
    def show_view(self, key: str) -> View:
        """Show the page ``key`` (overview, quotes, scorecard …) and return it.

        A few keys start a command instead (the empty pages' buttons and the Overview's
        links): ``fx`` opens the Exchange rates dialog over the page shown;
        ``new_evaluation``, ``open_demo``, ``import``, ``open_database`` and
        ``new_database`` do what their names say.
        """
        commands_by_key = {
            RATES_KEY: self.edit_rates,
            "new_evaluation": self.new_evaluation,
            "open_demo": self.open_demo,
            "import": self.import_quotes,
            "open_database": self.open_database,
            "new_database": self.new_database,
        }
        if key in commands_by_key:
            commands_by_key[key]()
            return self.current_view()
        keys = list(self.views)
        if key not in self.views:
            key = keys[0]
        self.sidebar.setCurrentRow(keys.index(key))
        return self.views[key]

    def current_view(self) -> View:
        """The page shown."""
        widget = self.pages.currentWidget()
        assert isinstance(widget, View)
        return widget

    def _on_page(self, row: int) -> None:
        if 0 <= row < self.pages.count():
            self.pages.setCurrentIndex(row)
            if self.remember:
                self.preferences.set_last_view(list(self.views)[row])

    # -- workspace events ------------------------------------------------------------
    def _on_opened(self, path: str) -> None:
        self.db_label.setText(path)
        self.db_label.setToolTip(path)
        self.setWindowFilePath(path)
        self.setWindowTitle(f"{Path(path).name} — ComputeScore")
        if self.remember:
            self.preferences.set_last_database(path)
        self._update_actions()

    def _on_open_failed(self, message: str) -> None:
        self.busy_label.setText(message)
        from computescore.gui.errors import reporter

        reporter().show_user_error.emit(message)
        self._update_actions()

    def _on_snapshot(self) -> None:
        snap = self.workspace.snapshot
        self.evaluation_box.blockSignals(True)
        self.evaluation_box.clear()
        if snap is not None:
            self.evaluation_box.addItems(list(snap.evaluation_names))
            if snap.evaluation is not None:
                self.evaluation_box.setCurrentText(snap.evaluation.name)
                if self.remember:
                    self.preferences.set_last_evaluation(str(snap.path), snap.evaluation.name)
        self.evaluation_box.setEnabled(self.evaluation_box.count() > 1)
        self.evaluation_box.blockSignals(False)
        self._update_actions()
        self._update_save_label()

    def _on_saved(self, description: str) -> None:
        self.statusBar().showMessage(f"Saved: {description}", 4000)

    def _on_changed_elsewhere(self, users: str) -> None:
        by = f" by {users}" if users else " by someone else"
        self.statusBar().showMessage(f"Updated: changes saved{by}", 8000)
        self._update_save_label()

    def _on_busy(self, message: str) -> None:
        self.busy_label.setText(message)

    def _update_save_label(self) -> None:
        ws = self.workspace
        t = theme.current()
        if not ws.is_open:
            self.save_label.setText("")
            return
        if ws.last_error:
            self.save_label.setText("● Not saved")
            self.save_label.setStyleSheet(f"color: {t.bad};")
            self.save_label.setToolTip(ws.last_error)
            return
        self.save_label.setText("✓ All changes saved")
        self.save_label.setStyleSheet(f"color: {t.good};")
        self.save_label.setToolTip(
            "Every change is written to the database the moment you make it."
        )

    def _update_actions(self) -> None:
        ws = self.workspace
        snap = ws.snapshot
        has_eval = snap is not None and snap.evaluation is not None
        # On a team database, what the person's role does not allow is greyed out (the
        # database would refuse it anyway).
        lead = snap is None or snap.may_lead
        evaluate = snap is None or snap.may_evaluate
        self.act_new_eval.setEnabled(ws.is_open and lead)
        # An import into an empty workspace makes an evaluation.
        self.act_import.setEnabled(ws.is_open and evaluate)
        self.act_export.setEnabled(has_eval)
        self.act_rates.setEnabled(ws.is_open and evaluate)
        self.act_deleted.setEnabled(ws.is_open and evaluate)
        self.act_delete_eval.setEnabled(has_eval and lead)
        self.act_edit_eval.setEnabled(has_eval and lead)
        self.act_refresh.setEnabled(ws.is_open)
        self.act_team.setEnabled(ws.is_open and ws.store is not None and ws.store.on_server)

    @guarded
    def _on_evaluation_chosen(self, name: str) -> None:
        if name:
            self.workspace.select_evaluation(name)

    # -- commands --------------------------------------------------------------------
    def open_path(self, path: str) -> None:
        """Open the database at ``path`` in the background, on the evaluation shown last time."""
        evaluation = (
            self.preferences.last_evaluation(str(Path(path).expanduser()))
            if self.remember
            else None
        )
        self.workspace.open(path, evaluation=evaluation)

    @guarded
    def open_database(self, _checked: bool = False) -> None:
        """Ask for a database file and open it."""
        start = start_folder("database")
        path, _ = QFileDialog.getOpenFileName(self, "Open database", start, DATABASE_FILTER)
        if path:
            remember_folder("database", path)
            self.open_path(path)

    @guarded
    def new_database(self, _checked: bool = False) -> None:
        """Ask where to create a new database file and open it."""
        start = start_folder("database")
        path, _ = QFileDialog.getSaveFileName(
            self, "New database", str(Path(start) / "evaluation.db"), DATABASE_FILTER
        )
        if not path:
            return
        remember_folder("database", path)
        if Path(path).exists():
            QMessageBox.information(
                self, "ComputeScore", f"{path} already exists; it was opened instead."
            )
        self.open_path(path)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        recent = [
            p for p in self.preferences.recent_databases() if is_server_url(p) or Path(p).exists()
        ]
        if not recent:
            action = self.recent_menu.addAction("No recent databases")
            action.setEnabled(False)
        for path in recent:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _c=False, p=path: self.open_path(p))

    @guarded
    def new_evaluation(self, _checked: bool = False) -> None:
        """Create an evaluation (dialog)."""
        from computescore.gui.dialogs.new_evaluation import NewEvaluationDialog

        self.workspace.require_store()
        dialog = NewEvaluationDialog(self.workspace, self)
        if dialog.exec():
            self.show_view("workloads")

    @guarded
    def edit_rates(self, _checked: bool = False) -> None:
        """Open the Exchange rates dialog."""
        from computescore.gui.dialogs.rates import RatesDialog

        self.workspace.require_store()
        RatesDialog(self.workspace, self).exec()

    @guarded
    def open_demo(self, _checked: bool = False) -> None:
        """Open the demo workspace (an illustrative evaluation), creating it on first use."""
        from computescore.services.demo import DEMO_EVALUATION, create_demo
        from computescore.services.workspace import open_store
        from computescore.settings import app_paths

        path = app_paths().data_dir / "demo.db"
        path.parent.mkdir(parents=True, exist_ok=True)
        with open_store(path) as store:
            with store.reading() as uow:
                present = DEMO_EVALUATION in uow.evaluation_names()
            if not present:
                self.statusBar().showMessage("Creating the demo workspace…")
                create_demo(store)
        self.workspace.open_now(path, evaluation=DEMO_EVALUATION)
        self.show_view("overview")

    @guarded
    def show_help(self, key: str) -> None:
        """Show the user guide, the quote-format reference or the shortcut list."""
        from computescore.gui.dialogs.help import HelpDialog, help_dialog, shortcuts_markdown

        if key == "shortcuts":
            actions = [*self.actions(), *self.findChildren(QAction)]
            dialog = HelpDialog("Keyboard shortcuts", shortcuts_markdown(actions), self)
        else:
            dialog = help_dialog(key, self)
        dialog.setModal(False)
        dialog.show()
        self.help_dialog = dialog

    @guarded
    def show_deleted(self, _checked: bool = False) -> None:
        """Open the Recently deleted dialog."""
        from computescore.gui.dialogs.deleted import DeletedDialog

        self.workspace.require_store()
        DeletedDialog(self.workspace, self).exec()

    @guarded
    def edit_evaluation(self, _checked: bool = False) -> None:
        """Edit the evaluation's name, decision date and end user (undoable)."""
        from computescore.gui.record_form import EvaluationDialog

        evaluation = self.workspace.require_evaluation()
        dialog = EvaluationDialog(evaluation, self)
        if dialog.exec() and dialog.result_evaluation is not None:
            commands.edit_evaluation(self.workspace, evaluation, dialog.result_evaluation)

    @guarded
    def delete_evaluation(self, _checked: bool = False) -> None:
        """Move the evaluation shown to the recently deleted list, after asking once."""
        from computescore.gui.widgets import confirm

        evaluation = self.workspace.require_evaluation()
        snap = self.workspace.snapshot
        quotes = 0 if snap is None else len(snap.latest_summaries)
        text = (
            f"Delete the evaluation “{evaluation.name}” with its "
            f"{len(evaluation.workloads)} workload(s) and {quotes} quote(s)?\n\n"
            "It stays in Edit ▸ Recently deleted until you empty that list, and Edit ▸ Undo "
            "puts it back at once."
        )
        if confirm(self, "Delete evaluation", text, "Delete"):
            commands.delete_record(self.workspace, "evaluation", evaluation.name, evaluation.name)

    @guarded
    def import_quotes(self, _checked: bool = False, files: list[str] | None = None) -> None:
        """Open the import wizard (optionally with files already chosen)."""
        from computescore.gui.dialogs.import_wizard import ImportWizard

        self.workspace.require_store()  # an empty workspace is fine: the import creates one
        wizard = ImportWizard(self.workspace, self, files=files or [])
        wizard.imported.connect(lambda _summary: self.show_view("quotes"))
        wizard.open()
        self.import_wizard = wizard

    @guarded
    def export_report(self, _checked: bool = False) -> None:
        """Go to the Reports page and start an export."""
        view = self.show_view("reports")
        start = getattr(view, "start_export", None)
        if callable(start):
            start()

    def find_in_quotes(self) -> None:
        """Show the quotes table with the filter box focused."""
        view = self.show_view("quotes")
        focus = getattr(view, "focus_filter", None)
        if callable(focus):
            focus()

    @guarded
    def reload(self, _checked: bool = False) -> None:
        """Read the database again."""
        self.workspace.reload()

    def open_log_folder(self) -> None:
        """Show the folder holding the log file."""
        from computescore.settings import app_paths

        folder = app_paths().log_dir
        folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def about(self) -> None:
        """The About box."""
        QMessageBox.about(
            self,
            "About ComputeScore",
            f"ComputeScore {__version__}\n\nCompare AI compute vendors on total cost, "
            "performance, reliability, service and compliance.\n\nExport-control results are "
            "advice: the final classification is the exporter’s, and legal review is required.",
        )

    # -- drag and drop ---------------------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept quote files dragged onto the window."""
        if _dropped_files(event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        """Dropped quote files open the import wizard with those files."""
        files = _dropped_files(event.mimeData().urls())
        if files:
            event.acceptProposedAction()
            QTimer.singleShot(0, lambda: self.import_quotes(files=files))

    # -- closing ---------------------------------------------------------------------
    def closeEvent(self, event: QCloseEvent) -> None:
        """Remember the window, wait for background work, release the database."""
        if tasks.running_tasks():
            tasks.pool().waitForDone(3000)
        if self.remember:
            self.preferences.save_window(self.saveGeometry(), self.saveState())
            self.preferences.sync()
        self.workspace.close()
        super().closeEvent(event)


def _dropped_files(urls: list[QUrl]) -> list[str]:
    return [
        url.toLocalFile()
        for url in urls
        if url.isLocalFile() and url.toLocalFile().lower().endswith(QUOTE_FILE_SUFFIXES)
    ]


__all__ = ["SPACING", "MainWindow"]
