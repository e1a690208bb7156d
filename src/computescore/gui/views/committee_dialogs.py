"""The committee's dialogs: a criterion, and one vendor's score on one criterion."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.committee import (
    Committee,
    Consensus,
    Criterion,
    EvaluatorScore,
    check_criteria,
)
from computescore.domain.figures import format_number
from computescore.domain.weights import Axis
from computescore.gui.widgets import FieldFeedback, label, save_cancel


class CriterionDialog(QDialog):
    """Define (or change) a qualitative criterion: name, axis, share, scale, description."""

    def __init__(
        self,
        others: tuple[Criterion, ...],
        current: Criterion | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Criterion")
        self.setMinimumWidth(480)
        self.others = others
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = QLineEdit(current.name if current else "")
        self.name.setPlaceholderText("e.g. Reference calls")
        self.axis = QComboBox()
        for axis in Axis:
            self.axis.addItem(axis.value.capitalize(), axis.value)
        self.axis.setCurrentIndex(list(Axis).index(current.axis if current else Axis.SERVICE))
        self.share = QDoubleSpinBox()
        self.share.setRange(1, 100)
        self.share.setSuffix(" % of the axis")
        self.share.setValue(100 * (current.weight if current else 0.3))
        self.scale = QDoubleSpinBox()
        self.scale.setRange(1, 100)
        self.scale.setDecimals(0)
        self.scale.setPrefix("0 to ")
        self.scale.setValue(current.scale_max if current else 10)
        self.description = QLineEdit(current.description if current else "")
        self.description.setPlaceholderText("What a high score means")
        form.addRow("Name", self.name)
        form.addRow("Feeds", self.axis)
        form.addRow("Share", self.share)
        form.addRow("Scale", self.scale)
        form.addRow("Description", self.description)
        layout.addLayout(form)
        layout.addWidget(
            label(
                "The axis keeps the rest of its computed score: with 30 %, service becomes "
                "0.7 × computed + 0.3 × this criterion.",
                "Muted",
                wrap=True,
            )
        )
        self.feedback = FieldFeedback()
        layout.addWidget(self.feedback)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.criterion: Criterion | None = None

    def _accept(self) -> None:
        criterion = Criterion(
            self.name.text().strip(),
            Axis(self.axis.currentData()),
            self.share.value() / 100,
            self.scale.value(),
            self.description.text().strip(),
        )
        problems = check_criteria((*self.others, criterion))
        self.feedback.set_error(problems[0] if problems else None)
        if not problems:
            self.criterion = criterion
            self.accept()


class ScoreDialog(QDialog):
    """One vendor on one criterion: my score and note; for a lead, the consensus too."""

    def __init__(
        self,
        committee: Committee,
        criterion: Criterion,
        vendor: str,
        me: str,
        *,
        may_lead: bool,
        name_editable: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{criterion.name} — {vendor}")
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        top = f"{criterion.name}: 0 to {format_number(criterion.scale_max)}"
        if criterion.description:
            top += f" — {criterion.description}"
        layout.addWidget(label(top, wrap=True))
        mine = next(
            (
                s
                for s in committee.scores
                if (s.criterion, s.vendor, s.evaluator) == (criterion.name, vendor, me)
            ),
            None,
        )
        others = [
            s
            for s in committee.scores
            if s.criterion == criterion.name and s.vendor == vendor and s.evaluator != me
        ]
        if others:
            shown = "; ".join(
                f"{s.evaluator} {format_number(s.score)}" + ("" if s.submitted else " (draft)")
                for s in others
            )
            layout.addWidget(label(f"Others: {shown}", "Muted", wrap=True))
        locked = mine is not None and mine.submitted
        layout.addWidget(
            self._own_box(criterion, me, mine, locked=locked, name_editable=name_editable)
        )
        agreed = next(
            (c for c in committee.consensus if (c.criterion, c.vendor) == (criterion.name, vendor)),
            None,
        )
        self.consensus_box = self._consensus_box(criterion, agreed)
        self.consensus_box.setVisible(may_lead)
        self._may_lead = may_lead
        layout.addWidget(self.consensus_box)
        self.feedback = FieldFeedback()
        layout.addWidget(self.feedback)
        buttons, _save = save_cancel(self, self._accept)
        layout.addWidget(buttons)
        self._agreed = agreed
        self._locked = locked

    def _own_box(
        self,
        criterion: Criterion,
        me: str,
        mine: EvaluatorScore | None,
        *,
        locked: bool,
        name_editable: bool,
    ) -> QGroupBox:
        own = QGroupBox("Your score")
        form = QFormLayout(own)
        self.evaluator = QLineEdit(me)
        self.evaluator.setEnabled(name_editable)
        self.evaluator.setToolTip(
            "On a team database you score as yourself; on a file, type the evaluator's name."
        )
        self.score = QDoubleSpinBox()
        self.score.setRange(0, criterion.scale_max)
        self.score.setSingleStep(0.5)
        self.score.setValue(mine.score if mine else 0)
        self.note = QLineEdit(mine.note if mine else "")
        self.note.setPlaceholderText("Why (shown to the lead)")
        self.submit = QCheckBox("Submit now (a submitted score is final)")
        self.scored = QCheckBox("Record my score")
        self.scored.setChecked(not locked)
        for widget in (self.score, self.note, self.submit, self.scored):
            widget.setEnabled(not locked)
        if locked:
            form.addRow(
                label("You submitted this score; the lead can record a consensus.", "Muted")
            )
        form.addRow("Evaluator", self.evaluator)
        form.addRow("Score", self.score)
        form.addRow("Note", self.note)
        form.addRow("", self.scored)
        form.addRow("", self.submit)
        return own

    def _consensus_box(self, criterion: Criterion, agreed: Consensus | None) -> QGroupBox:
        box = QGroupBox("Consensus (the lead)")
        form = QFormLayout(box)
        self.consensus = QDoubleSpinBox()
        self.consensus.setRange(0, criterion.scale_max)
        self.consensus.setSingleStep(0.5)
        self.consensus.setValue(agreed.score if agreed else 0)
        self.reason = QPlainTextEdit(agreed.reason if agreed else "")
        self.reason.setPlaceholderText("What the committee agreed, and why (required)")
        self.reason.setFixedHeight(64)
        form.addRow("Score", self.consensus)
        form.addRow("Reason", self.reason)
        return box

    @property
    def wants_score(self) -> bool:
        """True when the dialog records the evaluator's own score."""
        return not self._locked and self.scored.isChecked()

    def consensus_record(self) -> Consensus | None:
        """The consensus entered (None when the lead left it empty or unchanged)."""
        reason = self.reason.toPlainText().strip()
        if not self._may_lead or not reason:
            return None
        record = Consensus("", "", self.consensus.value(), reason)
        agreed = self._agreed
        if agreed is not None and (agreed.score, agreed.reason) == (record.score, record.reason):
            return None
        return record

    def _accept(self) -> None:
        if self.wants_score and not self.evaluator.text().strip():
            self.feedback.set_error("Enter the evaluator's name.")
            return
        self.accept()
