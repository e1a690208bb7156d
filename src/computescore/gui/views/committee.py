"""Committee: qualitative criteria, every evaluator's scores side by side, and consensus."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QTableWidgetItem, QWidget

from computescore.domain.committee import Criterion
from computescore.domain.figures import format_number
from computescore.gui import theme
from computescore.gui.errors import guarded
from computescore.gui.preferences import remember_folder, start_folder
from computescore.gui.views.base import View
from computescore.gui.widgets import (
    Banner,
    button,
    confirm,
    label,
    primary_button,
    read_only_table,
    section_title,
)

if TYPE_CHECKING:
    from computescore.gui import analysis as an
    from computescore.gui.workspace import Snapshot
    from computescore.services.committee import CommitteeView


class CommitteePage(View):
    """The criteria, the scores of each evaluator with their spread, and the consensus."""

    key = "committee"
    title = "Committee"
    icon_name = "committee"
    subtitle = (
        "Qualitative criteria each evaluator scores alone; the lead compares the scores "
        "and records the consensus."
    )

    def __init__(self, workspace: Any, parent: QWidget | None = None) -> None:
        super().__init__(workspace, parent)
        self.analysis: an.Analysis | None = None
        self.view: CommitteeView | None = None
        self.banner = Banner()
        self.body_layout.addWidget(self.banner)
        actions = QHBoxLayout()
        self.summary = label("", "Muted", wrap=True)
        actions.addWidget(self.summary, 1)
        self.add_button = button("Add criterion…", "plus")
        self.add_button.clicked.connect(self.add_criterion)
        self.edit_button = button("Edit…", "edit")
        self.edit_button.clicked.connect(self.edit_criterion)
        self.remove_button = button("Remove", "trash")
        self.remove_button.clicked.connect(self.remove_criterion)
        for widget in (self.add_button, self.edit_button, self.remove_button):
            actions.addWidget(widget)
        self.body_layout.addLayout(actions)
        self.criteria = read_only_table(["Criterion", "Feeds", "Share", "Scale", "What it means"])
        self.criteria.horizontalHeader().setStretchLastSection(True)
        self.criteria.setMaximumHeight(150)
        self.criteria.doubleClicked.connect(lambda _i: self.edit_criterion())
        self.body_layout.addWidget(self.criteria)
        heading = QHBoxLayout()
        heading.addWidget(section_title("Scores side by side"), 1)
        self.workbook_button = button("Evaluator workbook…", "export")
        self.workbook_button.setToolTip(
            "An .xlsx for an evaluator without access: their criteria and vendors, no prices"
        )
        self.workbook_button.clicked.connect(self.write_workbook)
        self.import_button = button("Import workbook…", "import")
        self.import_button.clicked.connect(self.import_workbook)
        self.submit_button = primary_button("Submit my scores", "check")
        self.submit_button.clicked.connect(self.submit_scores)
        for widget in (self.workbook_button, self.import_button, self.submit_button):
            heading.addWidget(widget)
        self.body_layout.addLayout(heading)
        self.scores = read_only_table(["Criterion", "Vendor"])
        self.scores.doubleClicked.connect(lambda _i: self.score_selected())
        self.scores.setToolTip("Double-click a row to score it (and, as lead, to agree it)")
        self.body_layout.addWidget(self.scores, 1)
        self.check = label("", wrap=True)
        self.body_layout.addWidget(self.check)

    def set_analysis(self, analysis: an.Analysis) -> None:
        """Follow the engine's results (for the leave-one-evaluator-out check)."""
        self.analysis = analysis
        analysis.changed.connect(self._show_check)

    # -- showing ---------------------------------------------------------------------
    def populate(self, snapshot: Snapshot) -> None:
        """Fill the criteria and the side-by-side scores."""
        view = snapshot.committee
        self.view = view
        lead = snapshot.may_lead
        for widget in (self.add_button, self.edit_button, self.remove_button):
            widget.setEnabled(lead)
            widget.setToolTip("" if lead else "Only the evaluation's lead changes the criteria")
        self.import_button.setEnabled(lead)
        if view is None:
            return
        committee = view.committee
        self.criteria.setRowCount(len(committee.criteria))
        for row, criterion in enumerate(committee.criteria):
            values = (
                criterion.name,
                criterion.axis.value.capitalize(),
                f"{criterion.weight:.0%}",
                f"0–{format_number(criterion.scale_max)}",
                criterion.description,
            )
            for column, text in enumerate(values):
                self.criteria.setItem(row, column, QTableWidgetItem(text))
        self.criteria.resizeColumnsToContents()
        self._fill_scores(view)
        blind = "blind (scores hidden until submitted)" if committee.blind else "open"
        evaluators = committee.evaluators
        self.summary.setText(
            f"You score as {view.me}. Scoring is {blind}; a spread of "
            f"{format_number(committee.disagreement_points)} points or more is flagged. "
            + (
                f"Submitted so far: {', '.join(evaluators)}."
                if evaluators
                else "No one has submitted yet."
            )
            + (f" Drafts: {', '.join(view.waiting)}." if view.waiting else "")
        )
        flagged = sum(1 for row in view.rows if row.flagged and row.consensus is None)
        if not committee.criteria:
            self.banner.show_message(
                "No qualitative criteria yet. Add one (e.g. reference calls, feeding service) "
                "and the committee's scores become part of that axis.",
                "info",
            )
        elif flagged:
            self.banner.show_message(
                f"{flagged} score{'s' if flagged != 1 else ''} far apart and not yet agreed: "
                "discuss them and record the consensus (double-click the row).",
                "warning",
            )
        else:
            self.banner.setVisible(False)
        self.submit_button.setEnabled(
            any(s.evaluator == view.me and not s.submitted for s in committee.scores)
        )
        self._show_check()

    def _fill_scores(self, view: CommitteeView) -> None:
        committee = view.committee
        evaluators = list(committee.evaluators)
        headers = ["Criterion", "Vendor", *evaluators, "Spread", "Consensus", "Reason"]
        self.scores.clear()
        self.scores.setColumnCount(len(headers))
        self.scores.setHorizontalHeaderLabels(headers)
        by_key = {(row.criterion, row.vendor): row for row in view.rows}
        pairs = [(c.name, v) for c in committee.criteria for v in view.vendors]
        self.scores.setRowCount(len(pairs))
        warning_fg, warning_bg = theme.severity_colors("warning")
        for index, (criterion, vendor) in enumerate(pairs):
            found = by_key.get((criterion, vendor))
            given = dict(found.scores) if found else {}
            mine = view.mine(criterion, vendor)
            cells = [criterion, vendor]
            cells += [format_number(given[e]) if e in given else "—" for e in evaluators]
            spread = "—" if found is None or len(given) < 2 else format_number(found.spread)
            if found is not None and found.flagged:
                spread += "  ⚑ discuss"
            agreed = found.consensus if found else None
            cells += [
                spread,
                "—" if agreed is None else format_number(agreed.score),
                "" if agreed is None else agreed.reason,
            ]
            if mine is not None and not mine[2]:
                cells[1] += f"   (your draft: {format_number(mine[0])})"
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, (criterion, vendor))
                if found is not None and found.flagged and agreed is None:
                    item.setBackground(warning_bg)
                    if column == len(evaluators) + 2:
                        item.setForeground(warning_fg)
                self.scores.setItem(index, column, item)
        self.scores.resizeColumnsToContents()
        self.scores.horizontalHeader().setStretchLastSection(True)

    def _show_check(self) -> None:
        outcome = self.analysis.outcome if self.analysis is not None else None
        check = getattr(getattr(outcome, "result", None), "committee", None)
        if check is None:
            self.check.setText(
                "Leave-one-evaluator-out: shown once criteria have submitted scores."
            )
            return
        self.check.setText(f"Leave-one-evaluator-out: {check.sentence()}")

    # -- editing ---------------------------------------------------------------------
    def _evaluation_id(self) -> int:
        evaluation = self.workspace.require_evaluation()
        assert evaluation.id is not None
        return int(evaluation.id)

    def _selected_criterion(self) -> Criterion | None:
        if self.view is None:
            return None
        rows = self.criteria.selectionModel().selectedRows()
        criteria = self.view.committee.criteria
        if rows and rows[0].row() < len(criteria):
            return criteria[rows[0].row()]
        return criteria[0] if len(criteria) == 1 else None

    def _write(self, description: str, action: Any) -> None:
        self.workspace.write(description, action)
        self.workspace.reload()

    @guarded
    def add_criterion(self, _checked: bool = False) -> None:
        """Define a new criterion (the lead)."""
        from computescore.gui.views.committee_dialogs import CriterionDialog

        others = self.view.committee.criteria if self.view else ()
        dialog = CriterionDialog(others, None, self)
        if dialog.exec() and dialog.criterion is not None:
            criterion, evaluation = dialog.criterion, self._evaluation_id()
            self._write(
                f"Added the criterion {criterion.name}",
                lambda uow: uow.committee.save_criterion(evaluation, criterion),
            )

    @guarded
    def edit_criterion(self, _checked: bool = False) -> None:
        """Change the selected criterion (the lead)."""
        current = self._selected_criterion()
        if current is None or self.view is None or not self.add_button.isEnabled():
            return
        from computescore.gui.views.committee_dialogs import CriterionDialog

        others = tuple(c for c in self.view.committee.criteria if c != current)
        dialog = CriterionDialog(others, current, self)
        if dialog.exec() and dialog.criterion is not None:
            criterion, evaluation = dialog.criterion, self._evaluation_id()
            self._write(
                f"Changed the criterion {current.name}",
                lambda uow: uow.committee.save_criterion(
                    evaluation, criterion, old_name=current.name
                ),
            )

    @guarded
    def remove_criterion(self, _checked: bool = False) -> None:
        """Delete the selected criterion with its scores (the audit trail keeps them)."""
        current = self._selected_criterion()
        if current is None:
            return
        text = (
            f"Remove the criterion {current.name} and every score given on it?\n\n"
            "The scores stay in the audit trail, but the ranking no longer uses them."
        )
        if confirm(self, "Remove criterion", text, "Remove"):
            evaluation = self._evaluation_id()
            self._write(
                f"Removed the criterion {current.name}",
                lambda uow: uow.committee.remove_criterion(evaluation, current.name),
            )

    @guarded
    def score_selected(self, _checked: bool = False) -> None:
        """Score the selected criterion × vendor (and, as lead, record the consensus)."""
        from computescore.gui.views.committee_dialogs import ScoreDialog

        view, snapshot = self.view, self.workspace.snapshot
        items = self.scores.selectedItems()
        if view is None or snapshot is None or not items:
            return
        criterion_name, vendor = items[0].data(Qt.ItemDataRole.UserRole)
        criterion = next(c for c in view.committee.criteria if c.name == criterion_name)
        store = self.workspace.require_store()
        dialog = ScoreDialog(
            view.committee,
            criterion,
            vendor,
            view.me,
            may_lead=snapshot.may_lead,
            name_editable=not store.on_server,
            parent=self,
        )
        if not dialog.exec():
            return
        evaluation = self._evaluation_id()
        who = dialog.evaluator.text().strip()
        score, note = dialog.score.value(), dialog.note.text().strip()
        submit = dialog.submit.isChecked()
        agreed = dialog.consensus_record()

        def save(uow: Any) -> None:
            if dialog.wants_score:
                uow.committee.record_score(
                    evaluation, criterion.name, vendor, who, score, note, submit=submit
                )
            if agreed is not None:
                uow.committee.record_consensus(
                    evaluation, criterion.name, vendor, agreed.score, agreed.reason, view.me
                )

        self._write(f"Scored {vendor} on {criterion.name}", save)

    @guarded
    def submit_scores(self, _checked: bool = False) -> None:
        """Submit my draft scores (final: the lead then sees them)."""
        view = self.view
        if view is None:
            return
        text = (
            f"Submit your draft scores as {view.me}?\n\nA submitted score is final; "
            "the lead may record a consensus score instead."
        )
        if confirm(self, "Submit scores", text, "Submit"):
            evaluation, me = self._evaluation_id(), view.me
            self._write(f"{me} submitted scores", lambda uow: uow.committee.submit(evaluation, me))

    @guarded
    def write_workbook(self, _checked: bool = False, path: Path | None = None) -> None:
        """Write an offline evaluator workbook for a named evaluator."""
        from PySide6.QtWidgets import QInputDialog

        from computescore.services.committee_workbook import write_evaluator_workbook

        evaluator, ok = QInputDialog.getText(
            self, "Evaluator workbook", "The evaluator's name (as they will score):"
        )
        if not ok or not evaluator.strip():
            return
        target = path
        if target is None:
            suggested = Path(start_folder("reports")) / f"scores {evaluator.strip()}.xlsx"
            name, _ = QFileDialog.getSaveFileName(
                self, "Write evaluator workbook", str(suggested), "Excel workbook (*.xlsx)"
            )
            if not name:
                return
            target = Path(name)
        store = self.workspace.require_store()
        evaluation = self.workspace.require_evaluation()
        written = write_evaluator_workbook(store, evaluator.strip(), target, evaluation.name)
        remember_folder("reports", str(written))
        self.banner.show_message(f"Wrote {written.name} for {evaluator.strip()}.", "ok")

    @guarded
    def import_workbook(self, _checked: bool = False, path: Path | None = None) -> None:
        """Read a filled-in evaluator workbook back (every score, or none)."""
        from computescore.services.committee_workbook import import_evaluator_workbook

        target = path
        if target is None:
            name, _ = QFileDialog.getOpenFileName(
                self, "Import evaluator workbook", start_folder("reports"), "Excel (*.xlsx)"
            )
            if not name:
                return
            target = Path(name)
        store = self.workspace.require_store()
        evaluation = self.workspace.require_evaluation()
        done = import_evaluator_workbook(store, target, evaluation.name)
        self.workspace.saved.emit(f"Imported {done.count} scores of {done.evaluator}")
        self.workspace.reload()
