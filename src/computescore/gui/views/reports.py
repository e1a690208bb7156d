"""Reports: the board pack (PDF) and the working workbook (Excel), written in the background."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from computescore.gui import analysis as an
from computescore.gui import tasks
from computescore.gui.errors import guarded
from computescore.gui.preferences import remember_folder, start_folder
from computescore.gui.theme import SPACING
from computescore.gui.views.base import View
from computescore.gui.widgets import (
    Banner,
    button,
    clear_layout,
    label,
    primary_button,
    section_title,
)
from computescore.gui.workspace import Snapshot

SECTIONS = (
    ("monte_carlo", "Monte Carlo P10 / P50 / P90 (runs 10,000 samples)", True),
    ("tornado", "Sensitivity of the leader’s cost (tornado)", True),
    ("break_even", "Buy or rent: break-even curve", True),
    ("findings", "Compliance and export-control findings", True),
    ("lines", "Appendix: every quote line with its source", True),
)


@dataclass(frozen=True, slots=True)
class HeldExport:
    """An export held back until the user accepts the pack's warning."""

    caveat: str


def reporting_available() -> bool:
    """True when the reporting service can be imported."""
    try:
        import computescore.services.reporting  # noqa: F401
    except ImportError:
        return False
    return True


def safe_file_stem(name: str) -> str:
    """A file name from an evaluation name: no path separators or reserved characters."""
    stem = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', " ", name).strip(" .")
    return re.sub(r"\s+", " ", stem) or "evaluation"


def trim_pack(pack: Any, keep: set[str]) -> Any:
    """The pack without the sections not in ``keep`` (the reports then say they were left out)."""
    changes: dict[str, Any] = {}
    for key, _text, _default in SECTIONS:
        if key in keep:
            continue
        changes[key] = () if key == "lines" else None
    return replace(pack, **changes) if changes else pack


class ReportsView(View):
    """Export the board pack and the workbook."""

    key = "reports"
    title = "Reports"
    icon_name = "reports"
    subtitle = "A board-ready PDF and a workbook finance can check, from the same figures."

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        self.banner = Banner()
        self.body_layout.addWidget(self.banner)
        card = QFrame()
        card.setObjectName("Card")
        grid = QGridLayout(card)
        grid.setContentsMargins(3 * SPACING, 2 * SPACING, 3 * SPACING, 2 * SPACING)
        grid.setHorizontalSpacing(2 * SPACING)
        grid.setVerticalSpacing(SPACING)
        grid.setColumnStretch(1, 1)
        row = 0
        grid.addWidget(section_title("Evaluation"), row, 0)
        self.evaluation = QComboBox()
        grid.addWidget(self.evaluation, row, 1, 1, 2)
        row += 1
        grid.addWidget(section_title("Sections"), row, 0, Qt.AlignmentFlag.AlignTop)
        sections = QVBoxLayout()
        self.sections: dict[str, QCheckBox] = {}
        for key, text, default in SECTIONS:
            box = QCheckBox(text)
            box.setChecked(default)
            self.sections[key] = box
            sections.addWidget(box)
        sections.addWidget(
            label(
                "Always included: cover, executive summary, ranking, TCO, exit terms, "
                "methodology and assumptions.",
                "Muted",
                wrap=True,
            )
        )
        grid.addLayout(sections, row, 1, 1, 2)
        row += 1
        grid.addWidget(section_title("Paper"), row, 0)
        paper = QHBoxLayout()
        self.a4 = QRadioButton("A4")
        self.letter = QRadioButton("Letter")
        self.a4.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.a4)
        group.addButton(self.letter)
        paper.addWidget(self.a4)
        paper.addWidget(self.letter)
        paper.addStretch(1)
        grid.addLayout(paper, row, 1, 1, 2)
        row += 1
        grid.addWidget(section_title("PDF board pack"), row, 0)
        self.pdf_on = QCheckBox()
        self.pdf_on.setChecked(True)
        self.pdf_path = QLineEdit()
        pdf_row = QHBoxLayout()
        pdf_row.addWidget(self.pdf_on)
        pdf_row.addWidget(self.pdf_path, 1)
        browse_pdf = button("Choose…")
        browse_pdf.clicked.connect(lambda: self._browse(self.pdf_path, "PDF (*.pdf)"))
        pdf_row.addWidget(browse_pdf)
        grid.addLayout(pdf_row, row, 1, 1, 2)
        row += 1
        grid.addWidget(section_title("Excel workbook"), row, 0)
        self.xlsx_on = QCheckBox()
        self.xlsx_on.setChecked(True)
        self.xlsx_path = QLineEdit()
        xlsx_row = QHBoxLayout()
        xlsx_row.addWidget(self.xlsx_on)
        xlsx_row.addWidget(self.xlsx_path, 1)
        browse_xlsx = button("Choose…")
        browse_xlsx.clicked.connect(lambda: self._browse(self.xlsx_path, "Excel workbook (*.xlsx)"))
        xlsx_row.addWidget(browse_xlsx)
        grid.addLayout(xlsx_row, row, 1, 1, 2)
        row += 1
        self.export_button = primary_button("Export", "export")
        self.export_button.clicked.connect(self.start_export)
        actions = QHBoxLayout()
        actions.addStretch(1)
        actions.addWidget(self.export_button)
        grid.addLayout(actions, row, 0, 1, 3)
        self.body_layout.addWidget(card)
        from computescore.gui.views.signoff import SignOffCard

        self.signoff = SignOffCard(workspace, self.pack_builder)
        self.body_layout.addWidget(self.signoff)
        self.body_layout.addWidget(self._vendor_card())
        self.results_title = section_title("Written")
        self.results_title.setVisible(False)
        self.body_layout.addWidget(self.results_title)
        self.results = QVBoxLayout()
        self.body_layout.addLayout(self.results)
        self.body_layout.addStretch(1)
        self.last_written: list[Any] = []
        self.task: tasks.Task | None = None
        self._paths_for: str | None = None
        # The warning the user has seen and accepted for this evaluation ("" none yet).
        self._accepted_caveat: str = ""

    def _vendor_card(self) -> QFrame:
        """Documents that go out to vendors."""
        card = QFrame()
        card.setObjectName("Card")
        layout = QHBoxLayout(card)
        layout.setContentsMargins(3 * SPACING, 2 * SPACING, 3 * SPACING, 2 * SPACING)
        text = QVBoxLayout()
        text.addWidget(section_title("To vendors"))
        text.addWidget(
            label(
                "A request for quotation: an Excel workbook a vendor fills in and sends back, "
                "read back exactly by Import. Or a letter to each vendor asking for what its "
                "quotes lack, with its request pre-filled.",
                "Muted",
                wrap=True,
            )
        )
        layout.addLayout(text, 1)
        self.rfq_button = button("Request for quotation…", "export")
        self.rfq_button.clicked.connect(self.request_quotation)
        layout.addWidget(self.rfq_button)
        self.ask_button = button("Ask vendors for what is missing…")
        self.ask_button.clicked.connect(self.ask_vendors)
        layout.addWidget(self.ask_button)
        return card

    def ask_vendors(self, _checked: bool = False) -> None:
        """Ask the window to write the letters to vendors."""
        write = getattr(self.window(), "ask_vendors", None)
        if callable(write):
            write()

    def request_quotation(self, _checked: bool = False) -> None:
        """Ask the window for its request-for-quotation dialog (File ▸ Request for quotation)."""
        open_dialog = getattr(self.window(), "request_quotation", None)
        if callable(open_dialog):
            open_dialog()

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Say why reports cannot be written yet."""
        if not reporting_available() or not an.engine_available():
            return (
                "Not available yet",
                "Reports can be written once the report service is installed.",
            )
        return None

    def populate(self, snapshot: Snapshot) -> None:
        """Fill the evaluation list and default file names."""
        assert snapshot.evaluation is not None
        self.signoff.set_allowed(snapshot.may_approve)
        self.evaluation.blockSignals(True)
        self.evaluation.clear()
        self.evaluation.addItems(list(snapshot.evaluation_names))
        self.evaluation.setCurrentText(snapshot.evaluation.name)
        self.evaluation.blockSignals(False)
        if self._paths_for != snapshot.evaluation.name:
            self._paths_for = snapshot.evaluation.name
            self._accepted_caveat = ""
            self.export_button.setText("Export")
            from computescore.settings import app_paths

            folder = app_paths().export_dir
            stem = safe_file_stem(snapshot.evaluation.name)
            self.pdf_path.setText(str(folder / f"{stem} — board pack.pdf"))
            self.xlsx_path.setText(str(folder / f"{stem} — workbook.xlsx"))

    def _browse(self, target: QLineEdit, pattern: str) -> None:
        current = Path(target.text())
        start = str(current) if current.parent.is_dir() else start_folder("reports")
        path, _ = QFileDialog.getSaveFileName(self, "Save as", start, pattern)
        if path:
            remember_folder("reports", path)
            target.setText(path)

    def pack_builder(self) -> Callable[[tasks.TaskProgress], Any]:
        """What builds the pack Export would write with the current choices (worker side)."""
        store = self.workspace.require_store()
        name = self.evaluation.currentText() or self.workspace.require_evaluation().name
        keep = {key for key, box in self.sections.items() if box.isChecked()}
        samples = 10_000 if "monte_carlo" in keep else 0

        def build(progress: tasks.TaskProgress) -> Any:
            from computescore.errors import UserError
            from computescore.services.analysis import with_approval

            progress.report(0.02, "Computing the figures")
            outcome = an.compute(store, name, monte_carlo_samples=samples, plan=True)
            if outcome.pack is None:
                raise UserError("The report service is not available in this installation.")
            pack = trim_pack(outcome.pack, keep)
            return with_approval(store, pack, outcome.data.evaluation.id)

        return build

    @guarded
    def start_export(self, _checked: bool = False) -> tasks.Task | None:
        """Render and write the chosen reports on the thread pool, with progress and Cancel."""
        build = self.pack_builder()  # says so when no database or evaluation is open
        pdf = Path(self.pdf_path.text()).expanduser() if self.pdf_on.isChecked() else None
        xlsx = Path(self.xlsx_path.text()).expanduser() if self.xlsx_on.isChecked() else None
        if pdf is None and xlsx is None:
            self.banner.show_message("Choose at least one of the PDF and the workbook.", "warning")
            return None
        if not self._make_folders(pdf, xlsx):
            return None
        paper = "letter" if self.letter.isChecked() else "a4"
        from computescore.reports.pdf import prepare_fonts

        # Font files are parsed here, once, rather than in the worker while Qt draws.
        prepare_fonts()

        accepted = self._accepted_caveat

        approval: list[str] = []

        def work(progress: tasks.TaskProgress) -> list[Any] | HeldExport:
            from computescore.services.reporting import export_reports

            pack = build(progress)
            if pack.caveat and pack.caveat != accepted:
                # Warn before writing a pack whose award rests on an incomplete cost.
                return HeldExport(pack.caveat)
            approval.append(pack.meta.approval)
            return export_reports(pack, pdf=pdf, xlsx=xlsx, paper=paper, progress=progress)

        self.export_button.setEnabled(False)
        self.banner.show_message("Writing the reports…", "info")

        def done(written: list[Any] | HeldExport) -> None:
            self.export_button.setEnabled(True)
            if isinstance(written, HeldExport):
                self._hold(written.caveat)
                return
            self.last_written = written
            self._show_written(written)
            self.signoff.set_status(approval[-1] if approval else "")

        def failed(info: tasks.ExcInfo) -> None:
            from computescore.errors import UserError

            self.export_button.setEnabled(True)
            exc = info[1]
            if isinstance(exc, UserError):
                self.banner.show_message(f"Nothing was written: {exc.message}", "error")
            else:
                self.banner.show_message(
                    "Nothing was written: an unexpected error occurred (details in the log).",
                    "error",
                )
                from computescore.gui.errors import report_exception

                report_exception(*info)

        def cancelled() -> None:
            self.export_button.setEnabled(True)
            self.banner.show_message("Cancelled; no report was written.", "info")

        self.task = tasks.run_task(
            work,
            name="export",
            on_success=done,
            on_error=failed,
            on_cancel=cancelled,
            parent=self,
            title="Writing the reports",
        )
        return self.task

    def _make_folders(self, *paths: Path | None) -> bool:
        """Create the target folders; False (and the reason shown) when one cannot be."""
        for path in paths:
            if path is None:
                continue
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                self.banner.show_message(
                    f"Nothing was written: cannot create the folder {path.parent} "
                    f"({exc.strerror or exc}).",
                    "error",
                )
                return False
        return True

    def _hold(self, caveat: str) -> None:
        """Say why nothing was written yet and let the user write the pack anyway."""
        self._accepted_caveat = caveat
        self.export_button.setText("Export anyway")
        self.banner.show_message(
            f"Nothing was written yet. {caveat} Choose “Export anyway” to write the pack "
            "with this warning on its first page.",
            "warning",
        )

    def _show_written(self, written: list[Any]) -> None:
        self.export_button.setText("Export")
        clear_layout(self.results)
        self.results_title.setVisible(bool(written))
        self.banner.show_message(
            f"Written: {', '.join(w.path.name for w in written)}. "
            f"Fingerprint {written[0].fingerprint[:12]}… (equal for equal inputs).",
            "ok",
        )
        for item in written:
            row = QHBoxLayout()
            row.addWidget(label(f"{item.kind.upper()} · {item.size_bytes / 1024:,.0f} KB"), 0)
            path = label(str(item.path), "Muted")
            row.addWidget(path, 1)
            open_button = button("Open", "external")
            open_button.clicked.connect(
                lambda _c=False, p=item.path: QDesktopServices.openUrl(QUrl.fromLocalFile(str(p)))
            )
            folder = button("Show folder", "open")
            folder.clicked.connect(
                lambda _c=False, p=item.path: QDesktopServices.openUrl(
                    QUrl.fromLocalFile(str(p.parent))
                )
            )
            row.addWidget(open_button)
            row.addWidget(folder)
            self.results.addLayout(row)
