"""The import wizard: files, preview, columns, check and import, one dialog."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.problems import Problem
from computescore.domain.quotes import Quote, Vendor, VendorKind
from computescore.errors import UserError
from computescore.gui import format as fmt
from computescore.gui import tasks, theme
from computescore.gui.dialogs.import_wizard.command import ServiceImportCommand, read_files
from computescore.gui.dialogs.import_wizard.preview_model import PROBLEM_COLUMNS, PreviewModel
from computescore.gui.dialogs.import_wizard.words import (
    _MAPPING_NOTE,
    _SOURCE_WORDS,
    FIELD_CHOICES,
    QUOTE_FILTER,
    STEPS,
    column_problems,
    columns_shown,
    flag_key,
    guess_vendor,
    numbers_sentence,
    where_of,
)
from computescore.gui.errors import guarded, report_exception
from computescore.gui.models.table import ROW_ROLE, Column, RowTableModel, key
from computescore.gui.preferences import remember_folder, start_folder
from computescore.gui.theme import SPACING
from computescore.gui.widgets import (
    Banner,
    CellDelegate,
    button,
    configure_table,
    label,
    primary_button,
)
from computescore.gui.workspace import Workspace
from computescore.vocabulary import VENDOR_KIND_WORDS

if TYPE_CHECKING:
    from computescore.gui.dialogs.import_wizard.words import ReadResult


class ImportWizard(QDialog):
    """Import vendor quote files in five steps; the database changes only at the end.

    Signals:
        imported(summary): the quotes were stored (``summary`` is a sentence).
    """

    imported = Signal(str)

    def __init__(
        self, workspace: Workspace, parent: QWidget | None = None, *, files: list[str] | None = None
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.setWindowTitle("Import quotes")
        self.setAcceptDrops(True)
        self.resize(1100, 720)
        self.files: list[str] = []
        self.read_result: ReadResult | None = None
        self.overrides: dict[str, dict[str, str]] = {}
        self.task: tasks.Task | None = None
        self.stored: str | None = None
        self._reading = False
        self._read_key: tuple[Any, ...] | None = None

        outer = QVBoxLayout(self)
        outer.setContentsMargins(3 * SPACING, 2 * SPACING, 3 * SPACING, 2 * SPACING)
        outer.setSpacing(SPACING)
        self.steps = QHBoxLayout()
        self.step_labels: list[QLabel] = []
        for number, (_key, title) in enumerate(STEPS, start=1):
            step = QLabel(f"{number}  {title}")
            step.setObjectName("Muted")
            self.step_labels.append(step)
            self.steps.addWidget(step)
            if number < len(STEPS):
                arrow = QLabel("›")
                arrow.setObjectName("Muted")
                self.steps.addWidget(arrow)
        self.steps.addStretch(1)
        outer.addLayout(self.steps)
        self.banner = Banner()
        outer.addWidget(self.banner)
        self.pages = QStackedWidget()
        outer.addWidget(self.pages, 1)
        self._build_files()
        self._build_preview()
        self._build_mapping()
        self._build_check()
        self._build_import()
        nav = QHBoxLayout()
        self.status = label("", "Muted")
        nav.addWidget(self.status, 1)
        self.back = QPushButton("Back")
        self.next = primary_button("Next")
        self.cancel = QPushButton("Cancel")
        self.back.clicked.connect(self.go_back)
        self.next.clicked.connect(self.go_next)
        self.cancel.clicked.connect(self.reject)
        nav.addWidget(self.cancel)
        nav.addWidget(self.back)
        nav.addWidget(self.next)
        outer.addLayout(nav)
        for path in files or []:
            self.add_file(path)
        self._show_step(0)

    # -- pages -----------------------------------------------------------------------
    def _build_files(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(
            label(
                "Choose the vendors’ spreadsheets (.xlsx, .xlsm, .ods, .csv) or text PDFs, "
                "or drop them here. Each file is checked and read safely; nothing is saved "
                "until the last step.",
                "Muted",
                wrap=True,
            )
        )
        row = QHBoxLayout()
        self.file_list = QListWidget()
        self.file_list.setMinimumHeight(140)
        row.addWidget(self.file_list, 1)
        buttons = QVBoxLayout()
        add = button("Add files…", "plus")
        add.clicked.connect(self.choose_files)
        remove = button("Remove", "trash")
        remove.clicked.connect(self.remove_selected)
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        row.addLayout(buttons)
        layout.addLayout(row, 1)
        form = QFormLayout()
        self.vendor = QComboBox()
        self.vendor.setEditable(True)
        self.vendor.setMinimumContentsLength(28)
        editor = self.vendor.lineEdit()
        if editor is not None:
            editor.setPlaceholderText("The vendor that sent these files")
        self.vendor_kind = QComboBox()
        for kind in VendorKind:
            self.vendor_kind.addItem(VENDOR_KIND_WORDS[kind.value], kind.value)
        self.vendor_kind.setCurrentIndex(self.vendor_kind.findData("gpu_cloud"))
        self.currency = QLineEdit()
        self.currency.setPlaceholderText("only when the file states none, e.g. EUR")
        self.currency.setMaxLength(3)
        self.decimal = QComboBox()
        self.decimal.addItem("Detect from the file", "")
        self.decimal.addItem("1,234.56 (point)", "point")
        self.decimal.addItem("1.234,56 (comma)", "comma")
        form.addRow("Vendor", self.vendor)
        form.addRow("Kind of vendor (if new)", self.vendor_kind)
        form.addRow("Currency", self.currency)
        form.addRow("Numbers written as", self.decimal)
        layout.addLayout(form)
        self.pages.addWidget(page)

    def _build_preview(self) -> None:
        page = QSplitter(Qt.Orientation.Horizontal)
        self.sheet_list = QListWidget()
        self.sheet_list.setMaximumWidth(320)
        self.sheet_list.setWordWrap(True)
        self.sheet_list.setSpacing(2)
        self.sheet_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.sheet_list.currentRowChanged.connect(self._show_sheet)
        self.preview_model = PreviewModel()
        self.preview = QTableView()
        self.preview.setModel(self.preview_model)
        self.preview.setWordWrap(False)
        self.preview.setItemDelegate(CellDelegate(self.preview))
        self.preview.horizontalHeader().setDefaultSectionSize(130)
        self.preview_note = label("", "Muted", wrap=True)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(SPACING, 0, 0, 0)
        right_layout.addWidget(self.preview_note)
        right_layout.addWidget(self.preview, 1)
        page.addWidget(self.sheet_list)
        page.addWidget(right)
        page.setStretchFactor(1, 1)
        self._sheets: list[tuple[str, Any]] = []
        self.pages.addWidget(page)

    def _build_mapping(self) -> None:
        page = QSplitter(Qt.Orientation.Horizontal)
        self.table_list = QListWidget()
        self.table_list.setMaximumWidth(340)
        self.table_list.setWordWrap(True)
        self.table_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table_list.setSpacing(2)
        self.table_list.currentRowChanged.connect(self._show_mapping)
        right = QWidget()
        layout = QVBoxLayout(right)
        layout.setContentsMargins(SPACING, 0, 0, 0)
        self.mapping_note = label(_MAPPING_NOTE, "Muted", wrap=True)
        layout.addWidget(self.mapping_note)
        self.mapping = QTableWidget(0, 5)
        self.mapping.setHorizontalHeaderLabels(
            ["Column", "Header in the file", "Imported as", "Decided", "Sample values"]
        )
        self.mapping.verticalHeader().setVisible(False)
        self.mapping.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.mapping.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.mapping.horizontalHeader().setStretchLastSection(True)
        self.mapping.setItemDelegate(CellDelegate(self.mapping))
        self.mapping.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 16)
        layout.addWidget(self.mapping, 1)
        page.addWidget(self.table_list)
        page.addWidget(right)
        page.setStretchFactor(1, 1)
        self._tables: list[tuple[str, Any, Any]] = []
        self.pages.addWidget(page)

    def _build_check(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        self.check_summary = label("", wrap=True)
        self.check_summary.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        layout.addWidget(self.check_summary)
        self.problem_model = RowTableModel(PROBLEM_COLUMNS)
        self.no_problems = label(
            "No problems: every line was read, every value understood.", wrap=True
        )
        self.no_problems.setStyleSheet(f"color: {theme.current().good};")
        self.no_problems.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.no_problems, 1)
        self.problems = QTableView()
        self.problems.setModel(self.problem_model)
        configure_table(self.problems, PROBLEM_COLUMNS)
        self.problems.doubleClicked.connect(lambda _i: self.show_selected_cell())
        layout.addWidget(self.problems, 1)
        row = QHBoxLayout()
        self.cell_hint = label("Double-click a problem to see its cell in the preview.", "Muted")
        row.addWidget(self.cell_hint)
        row.addStretch(1)
        self.show_cell = button("Show the cell")
        self.show_cell.clicked.connect(self.show_selected_cell)
        row.addWidget(self.show_cell)
        layout.addLayout(row)
        self.pages.addWidget(page)

    def _build_import(self) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        self.import_summary = label("", wrap=True)
        layout.addWidget(self.import_summary)
        self.quote_model = RowTableModel(
            [
                Column("Vendor", key("vendor"), width=24),
                Column("Quote", key("reference"), width=16),
                Column("Stored as", key("revision"), width=14),
                Column("Lines", key("lines"), numeric=True, width=6),
                Column("Blocked lines", key("errors"), numeric=True, width=8),
                Column("From", key("file"), width=30),
            ]
        )
        self.quotes_view = QTableView()
        self.quotes_view.setModel(self.quote_model)
        configure_table(self.quotes_view, self.quote_model.columns)
        layout.addWidget(self.quotes_view, 1)
        self.pages.addWidget(page)

    # -- navigation ------------------------------------------------------------------
    def screenshot_pages(self) -> list[str]:
        """The steps worth a screenshot (the files must be read first)."""
        return ["preview", "mapping", "check"]

    def idle(self) -> bool:
        """True when no file is being read."""
        return not self._reading

    def current_step(self) -> str:
        """The key of the step shown."""
        return STEPS[self.pages.currentIndex()][0]

    def go_to(self, name: str) -> None:
        """Show a step by key (reading the files first when needed)."""
        index = [k for k, _t in STEPS].index(name)
        if index > 0 and self.read_result is None:
            self.read_files(then=name)
            return
        self._show_step(index)

    def _show_step(self, index: int) -> None:
        self.pages.setCurrentIndex(index)
        accent = theme.current().accent
        for number, step in enumerate(self.step_labels):
            if number == index:
                step.setStyleSheet(f"color: {accent}; font-weight: 600;")
            else:
                step.setStyleSheet("")
        self.back.setEnabled(index > 0)
        key_ = STEPS[index][0]
        self.next.setText("Import" if key_ == "import" else "Next")
        if key_ == "files":
            self.next.setEnabled(bool(self.files))
        elif key_ == "check":
            self._fill_check()
        elif key_ == "import":
            self._fill_import()
        else:
            self.next.setEnabled(self.read_result is not None and bool(self.read_result.drafts))

    @guarded
    def go_next(self, _checked: bool = False) -> None:
        """The next step (reading the files after the first, storing after the last)."""
        index = self.pages.currentIndex()
        key_ = STEPS[index][0]
        if key_ == "files":
            self.read_files(then="preview")
        elif key_ == "import":
            self.store()
        else:
            self._show_step(index + 1)

    def go_back(self, _checked: bool = False) -> None:
        """The previous step."""
        index = self.pages.currentIndex()
        if index > 0:
            self._show_step(index - 1)

    # -- files -----------------------------------------------------------------------
    def add_file(self, path: str) -> None:
        """Add a file to read (ignored when already listed)."""
        resolved = str(Path(path).expanduser())
        if resolved in self.files:
            return
        self.files.append(resolved)
        self.file_list.addItem(QListWidgetItem(Path(resolved).name))
        self.file_list.item(self.file_list.count() - 1).setToolTip(resolved)
        self.read_result = None
        if not self.vendor.currentText().strip():
            snap = self.workspace.snapshot
            names = [v.name for v in snap.vendors] if snap else []
            self._fill_vendors(names)
            self._set_vendor(guess_vendor(resolved, names))
        if self.pages.currentIndex() == 0:
            self.next.setEnabled(True)

    def _fill_vendors(self, names: list[str]) -> None:
        if self.vendor.count() == 0:
            self.vendor.addItems(sorted(names, key=str.casefold))
            self._set_vendor("")

    def _set_vendor(self, name: str) -> None:
        index = self.vendor.findText(name) if name else -1
        self.vendor.setCurrentIndex(index)
        editor = self.vendor.lineEdit()
        if editor is not None and index < 0:
            editor.setText(name)

    def choose_files(self, _checked: bool = False) -> None:
        """Ask for files to add."""
        paths, _ = QFileDialog.getOpenFileNames(
            self, "Choose quote files", start_folder("quotes"), QUOTE_FILTER
        )
        if paths:
            remember_folder("quotes", paths[0])
        for path in paths:
            self.add_file(path)

    def remove_selected(self, _checked: bool = False) -> None:
        """Remove the selected file."""
        row = self.file_list.currentRow()
        if 0 <= row < len(self.files):
            self.files.pop(row)
            self.file_list.takeItem(row)
            self.read_result = None
            self.next.setEnabled(bool(self.files))

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept dropped files."""
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Add dropped files."""
        for url in event.mimeData().urls():
            if url.isLocalFile():
                self.add_file(url.toLocalFile())
        self._show_step(0)

    # -- reading ---------------------------------------------------------------------
    def _options(self) -> dict[str, Any]:
        currency = self.currency.text().strip().upper() or None
        mark = self.decimal.currentData() or None
        return {
            "vendor": self.vendor.currentText().strip() or None,
            "currency": currency,
            "decimal_mark": mark,
        }

    def read_files(self, then: str = "preview") -> tasks.Task | None:
        """Read every chosen file on the thread pool, then show step ``then``."""
        if not self.files:
            self.banner.show_message("Add at least one file to import.", "warning")
            return None
        store = self.workspace.require_store()
        options = self._options()
        files = list(self.files)
        overrides = {path: dict(cols) for path, cols in self.overrides.items()}
        self._reading = True
        self.next.setEnabled(False)
        self.status.setText("Reading…")

        def work(progress: tasks.TaskProgress) -> ReadResult:
            return read_files(store, files, options, overrides, progress)

        def done(result: ReadResult) -> None:
            self._reading = False
            self.status.setText("")
            self.read_result = result
            self._after_read()
            if result.drafts:
                self.go_to(then)
            else:
                self._show_step(0)

        def failed(info: tasks.ExcInfo) -> None:
            self._reading = False
            self.status.setText("")
            self._show_step(0)
            exc = info[1]
            if isinstance(exc, UserError):
                self.banner.show_message(exc.message, "error")
            else:
                self.banner.show_message(
                    "The files could not be read: an unexpected error (details in the log).",
                    "error",
                )
                report_exception(*info)

        def cancelled() -> None:
            self._reading = False
            self.status.setText("")
            self._show_step(0)
            self.banner.show_message("Reading cancelled; nothing was imported.", "info")

        self.task = tasks.run_task(
            work,
            name="read quote files",
            on_success=done,
            on_error=failed,
            on_cancel=cancelled,
            parent=self,
            title="Reading the quote files",
        )
        return self.task

    def _after_read(self) -> None:
        result = self.read_result
        assert result is not None
        if result.failures:
            text = " ".join(result.failures.values())
            self.banner.show_message(
                text + (" The other files were read." if result.drafts else ""), "error"
            )
        else:
            self.banner.setVisible(False)
        self._fill_preview()
        self._fill_mapping_list()

    # -- preview ---------------------------------------------------------------------
    def _fill_preview(self) -> None:
        self._sheets = []
        self.sheet_list.blockSignals(True)
        self.sheet_list.clear()
        assert self.read_result is not None
        for path, draft in self.read_result.drafts.items():
            for sheet in draft.preview.sheets:
                self._sheets.append((path, sheet))
                text = f"{Path(path).name}\n{sheet.name}"
                if sheet.visibility != "visible":
                    text += f" ({sheet.visibility})"
                item = QListWidgetItem(text)
                item.setToolTip(
                    text.replace("\n", " ▸ ")
                    + ("" if sheet.table_rows else "\nNo quote table found on this sheet")
                )
                self.sheet_list.addItem(item)
        self.sheet_list.blockSignals(False)
        if self._sheets:
            first = next((i for i, (_p, s) in enumerate(self._sheets) if s.table_rows), 0)
            self.sheet_list.setCurrentRow(first)
            self._show_sheet(first)

    def _show_sheet(self, row: int, marked: tuple[int, int] | None = None) -> None:
        if not (0 <= row < len(self._sheets)):
            return
        path, sheet = self._sheets[row]
        self.preview_model.set_sheet(sheet, marked)
        notes = []
        if sheet.header_rows:
            notes.append(
                "Header detected on row "
                + ", ".join(str(r) for r in sheet.header_rows)
                + " (shaded)"
            )
        if sheet.table_rows:
            spans = ", ".join(f"{a}–{b}" for a, b in sheet.table_rows)
            notes.append(f"quote lines on rows {spans}; grey rows are not imported")
        else:
            notes.append("no quote table on this sheet (terms are read from key–value rows)")
        if sheet.hidden_rows:
            rows = "hidden row " if len(sheet.hidden_rows) == 1 else "hidden rows "
            notes.append(rows + ", ".join(map(str, sheet.hidden_rows)))
        if sheet.hidden_columns:
            columns = "hidden column " if len(sheet.hidden_columns) == 1 else "hidden columns "
            notes.append(columns + ", ".join(sheet.hidden_columns))
        if sheet.formulas:
            notes.append(f"{len(sheet.formulas)} formula cells read as their cached values")
        self.preview_note.setText(f"{Path(path).name} ▸ {sheet.name}: " + "; ".join(notes) + ".")
        if marked is not None:
            self.preview.scrollTo(self.preview_model.index(*marked))
            self.preview.setCurrentIndex(self.preview_model.index(*marked))

    # -- mapping ---------------------------------------------------------------------
    def _fill_mapping_list(self) -> None:
        self._tables = []
        self.table_list.blockSignals(True)
        self.table_list.clear()
        assert self.read_result is not None
        for path, draft in self.read_result.drafts.items():
            for quote in draft.quotes:
                for mapping in quote.mappings:
                    self._tables.append((path, quote, mapping))
                    ref = quote.quote_ref or "no reference"
                    item = QListWidgetItem(
                        f"{Path(path).name}\n{mapping.sheet}, {mapping.header_place} · {ref}"
                    )
                    item.setToolTip(item.text().replace("\n", " ▸ "))
                    self.table_list.addItem(item)
        self.table_list.blockSignals(False)
        if self._tables:
            self.table_list.setCurrentRow(0)
            self._show_mapping(0)

    def _show_mapping(self, row: int) -> None:
        if not (0 <= row < len(self._tables)):
            return
        path, quote, mapping = self._tables[row]
        draft = self.read_result.drafts.get(path) if self.read_result else None
        sheet = next((s for p, s in self._sheets if p == path and s.name == mapping.sheet), None)
        problems_of = draft.all_problems if draft is not None else quote.problems
        flagged = column_problems(problems_of, sheet, mapping)
        t = theme.current()
        if draft is not None:
            self.mapping_note.setText(_MAPPING_NOTE + " " + numbers_sentence(draft))
        columns = columns_shown(mapping)
        self.mapping.setRowCount(len(columns))
        for index, column in enumerate(columns):
            samples = [
                cells[column.index]
                for cells in mapping.samples
                if column.index < len(cells) and cells[column.index]
            ]
            values = [mapping.column_place(column), column.header or "(no header)"]
            for position, value in ((0, values[0]), (1, values[1])):
                self.mapping.setItem(index, position, QTableWidgetItem(value))
            combo = QComboBox()
            for field_value, text in FIELD_CHOICES:
                combo.addItem(text, field_value)
            current = column.field.value if column.field is not None else ""
            combo.setCurrentIndex(max(combo.findData(current), 0))
            combo.currentIndexChanged.connect(
                lambda _i, c=combo, p=path, h=column.header: self._mapping_changed(p, h, c)
            )
            self.mapping.setCellWidget(index, 2, combo)
            decided = QTableWidgetItem(
                column.reason or _SOURCE_WORDS.get(column.source.value, column.source.value)
            )
            decided.setToolTip(column.reason)
            self.mapping.setItem(index, 3, decided)
            sample = QTableWidgetItem(" · ".join(samples[:3]))
            if samples:
                sample.setToolTip("\n".join(samples))
            self.mapping.setItem(index, 4, sample)
            problems = flagged.get(flag_key(mapping, column), [])
            background = None
            if problems:
                background = theme.severity_colors("error")[1]
            elif column.field is None or column.field.value == "ignore":
                background = t.color("warning_bg")
            for position in (0, 1, 3, 4):
                item = self.mapping.item(index, position)
                if item is None:
                    continue
                if background is not None:
                    item.setBackground(QBrush(background))
                if problems:
                    item.setToolTip("\n".join(problems[:5]))
        self.mapping.resizeColumnsToContents()
        self.mapping.setColumnWidth(2, max(self.mapping.columnWidth(2), 220))

    @guarded
    def _mapping_changed(self, path: str, header: str, combo: QComboBox) -> None:
        value = combo.currentData() or "ignore"
        if not header:
            return
        self.overrides.setdefault(path, {})[header] = value
        self.read_files(then="mapping")

    # -- check -----------------------------------------------------------------------
    def all_problems(self) -> list[Problem]:
        """Every problem of every file read, errors first."""
        if self.read_result is None:
            return []
        found = [p for d in self.read_result.drafts.values() for p in d.all_problems]
        order = {"error": 0, "warning": 1, "info": 2}
        return sorted(found, key=lambda p: order.get(p.severity.value, 3))

    def _missing_vendor(self) -> bool:
        if self._options()["vendor"]:
            return False
        assert self.read_result is not None
        return any(q.vendor is None for d in self.read_result.drafts.values() for q in d.quotes)

    def _fill_check(self) -> None:
        problems = self.all_problems()
        self.problem_model.set_rows(problems)
        self.no_problems.setVisible(not problems)
        self.problems.setVisible(bool(problems))
        self.show_cell.setVisible(bool(problems))
        self.cell_hint.setVisible(bool(problems))
        assert self.read_result is not None
        drafts = list(self.read_result.drafts.values())
        quotes = sum(len(d.quotes) for d in drafts)
        lines = sum(len(d.lines) for d in drafts)
        errors = sum(1 for p in problems if p.severity.value == "error")
        warnings = sum(1 for p in problems if p.severity.value == "warning")
        parts = [
            f"{fmt.plural(quotes, 'quote')} with {fmt.plural(lines, 'line')} ready to import.",
            f"{fmt.plural(errors, 'error')} (each blocks its line) and "
            f"{fmt.plural(warnings, 'warning')} (shown, not blocking).",
        ]
        blocked = self._missing_vendor()
        if blocked:
            parts.append("Name the vendor on the first step: the file does not say who sent it.")
        if errors:
            blocked = True
            parts.append(
                "Files with errors are not imported (all or nothing): correct the column "
                "mapping on the previous step, or the file, and read it again."
            )
        self.check_summary.setText(" ".join(parts))
        self.next.setEnabled(lines > 0 and not blocked)
        if problems:
            self.problems.selectRow(0)

    @guarded
    def show_selected_cell(self, _checked: bool = False) -> None:
        """Jump to the selected problem's cell in the preview."""
        rows = self.problems.selectionModel().selectedRows()
        if not rows:
            return
        problem = rows[0].data(ROW_ROLE)
        file_name, sheet_name, cell = where_of(problem)
        from computescore.services.import_read import parse_ref

        target = parse_ref(cell) if cell else None
        for index, (path, sheet) in enumerate(self._sheets):
            if Path(path).name == file_name and (not sheet_name or sheet.name == sheet_name):
                self._show_step([k for k, _t in STEPS].index("preview"))
                self.sheet_list.blockSignals(True)
                self.sheet_list.setCurrentRow(index)
                self.sheet_list.blockSignals(False)
                visible = target if target and target[0] < len(sheet.first_rows) else None
                self._show_sheet(index, visible)
                if target and visible is None:
                    self.preview_note.setText(
                        self.preview_note.text()
                        + f" Cell {cell} is below the rows shown here; open the file to see it."
                    )
                return

    # -- import ----------------------------------------------------------------------
    def planned_quotes(self) -> list[tuple[Vendor, Quote, dict[str, Any], str]]:
        """(vendor, quote, mapping profile, file) for every quote that will be stored."""
        assert self.read_result is not None
        chosen = self._options()["vendor"]
        kind = VendorKind(self.vendor_kind.currentData())
        snap = self.workspace.snapshot
        known = {v.name: v for v in snap.vendors} if snap else {}
        out = []
        for path, draft in self.read_result.drafts.items():
            for quote in draft.quotes:
                if not quote.lines:
                    continue
                name = chosen or quote.vendor
                if not name:
                    continue
                vendor = known.get(name) or Vendor(
                    name, kind, certifications=quote.certification_records()
                )
                out.append((vendor, quote.to_quote(vendor), draft.profile(), path))
        return out

    def _fill_import(self) -> None:
        planned = self.planned_quotes()
        snap = self.workspace.snapshot
        existing = (
            {(s.vendor, s.reference): s.revision for s in snap.latest_summaries} if snap else {}
        )
        rows = []
        for vendor, quote, _profile, path in planned:
            previous = existing.get((vendor.name, quote.reference))
            rows.append(
                {
                    "vendor": vendor.name,
                    "reference": quote.reference,
                    "revision": "new quote" if previous is None else f"revision {previous + 1}",
                    "lines": len(quote.lines),
                    "errors": sum(
                        1
                        for d in (self.read_result.drafts[path],)
                        for p in d.all_problems
                        if p.severity.value == "error"
                    )
                    if self.read_result
                    else 0,
                    "file": Path(path).name,
                }
            )
        self.quote_model.set_rows(rows)
        evaluation = snap.evaluation.name if snap and snap.evaluation else "—"
        similar = self._similar_vendor()
        text = (
            f"{fmt.plural(len(rows), 'quote')} will be added to “{evaluation}” in one step. "
            "A quote already imported becomes its next revision; nothing is overwritten. "
            "Edit ▸ Undo removes the whole import."
        )
        if similar:
            text += f" Note: {similar}"
        self.import_summary.setText(text)
        self.next.setEnabled(bool(rows))

    def _similar_vendor(self) -> str:
        name = self._options()["vendor"]
        store = self.workspace.store
        if not name or store is None:
            return ""
        with store.reading() as uow:
            if uow.vendor_row(name) is not None:
                return ""
            other = uow.similar_vendor(name)
        return f"“{name}” looks like the existing vendor “{other}”." if other else ""

    def import_options(self) -> dict[str, Any]:
        """The importer's options for these files, as chosen in the wizard."""
        from computescore.services.import_read import DecimalMark

        options = self._options()
        merged = [
            f"{header}={value}"
            for cols in self.overrides.values()
            for header, value in cols.items()
        ]
        return {
            "files": list(self.files),
            # None in an empty workspace: the import creates an evaluation and says so.
            "evaluation": self._evaluation_name(),
            "vendor": options["vendor"],
            "vendor_kind": VendorKind(self.vendor_kind.currentData()),
            "overrides": merged,
            "decimal_mark": DecimalMark(options["decimal_mark"])
            if options["decimal_mark"]
            else None,
            "currency": options["currency"],
        }

    def _evaluation_name(self) -> str | None:
        snap = self.workspace.snapshot
        return snap.evaluation.name if snap is not None and snap.evaluation else None

    @guarded
    def store(self, _checked: bool = False) -> None:
        """Store every quote in one transaction, as one undoable import."""
        planned = self.planned_quotes()
        if not planned:
            return
        self._store_with_service(planned)

    def _store_with_service(self, planned: list[tuple[Vendor, Quote, dict[str, Any], str]]) -> None:
        store = self.workspace.require_store()
        options = self.import_options()
        self._reading = True
        self.next.setEnabled(False)

        assert self.read_result is not None
        # The drafts on screen are the ones stored: the files are not read a second time.
        read = self.read_result.drafts
        drafts = tuple(read[path] for path in options["files"] if path in read)

        def work(progress: tasks.TaskProgress) -> Any:
            from computescore.services.import_read import ReadBatch
            from computescore.services.importing import StoreTarget, store_batch

            target = StoreTarget(
                evaluation=options["evaluation"],
                vendor=options["vendor"],
                vendor_kind=options["vendor_kind"],
            )
            return store_batch(store, ReadBatch(drafts), target, progress=progress)

        arguments = dict(options)

        def done(report: Any) -> None:
            self._reading = False
            arguments["evaluation"] = report.evaluation  # redo goes to the same evaluation
            command = ServiceImportCommand(self.workspace, arguments, report)
            self.workspace.undo_stack.push(command)
            self.workspace.saved.emit(command.text())
            self.workspace.reload()
            self._finish(planned, report)

        def failed(info: tasks.ExcInfo) -> None:
            self._reading = False
            self.next.setEnabled(True)
            exc = info[1]
            if isinstance(exc, UserError):
                self.banner.show_message(exc.message, "error")
            else:
                self.banner.show_message(
                    "Nothing was imported: an unexpected error (details in the log).", "error"
                )
                report_exception(*info)

        def cancelled() -> None:
            self._reading = False
            self.next.setEnabled(True)
            self.banner.show_message("Import cancelled; nothing was stored.", "info")

        self.task = tasks.run_task(
            work,
            name="import",
            on_success=done,
            on_error=failed,
            on_cancel=cancelled,
            parent=self,
            title="Importing the quotes",
        )

    def _finish(
        self, planned: list[tuple[Vendor, Quote, dict[str, Any], str]], report: Any
    ) -> None:
        files = sorted({Path(p).name for *_rest, p in planned})
        summary = (
            f"Imported {fmt.plural(len(report.quotes), 'quote')} with "
            f"{fmt.plural(report.line_count, 'line')} from " + ", ".join(files)
        )
        if report.created_evaluation:
            summary += f" into the new evaluation “{report.evaluation}”"
        self.stored = summary
        self.imported.emit(summary)
        self.accept()
