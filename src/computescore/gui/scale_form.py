"""The Score scales dialog of the Scorecard page: the anchors that map cost and performance
to 0–100.

The buyer states what scores 100 and what scores 0 (a target and a ceiling for the
cost per useful PFLOP-hour, a target and a floor for the useful TFLOP/s per
accelerator), so a quote's score never depends on which other quotes are present.
Either axis can be scored relative to the best quote present instead — an explicit,
labelled choice. The dialog only collects the answer; the Scorecard page stores it
in the evaluation, undoably.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QGridLayout,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.scoring.rules import LinearScale
from computescore.domain.scoring.scales import ScoreScales, check_anchors
from computescore.gui.widgets import FieldFeedback, button, label, section_title

Anchors = tuple[float, float] | str


@dataclass(frozen=True, slots=True)
class ScalesAnswer:
    """What the user chose: new anchors for each axis, or back to the defaults."""

    performance: Anchors
    cost: Anchors
    reset: bool = False


class _AxisRow:
    """Two anchors and a "relative" switch for one axis."""

    def __init__(
        self,
        grid: QGridLayout,
        row: int,
        title: str,
        hundred_text: str,
        zero_text: str,
        unit: str,
        decimals: int,
    ) -> None:
        grid.addWidget(section_title(title), row, 0, 1, 3)
        self.hundred = self._spin(decimals)
        self.zero = self._spin(decimals)
        grid.addWidget(label(hundred_text), row + 1, 0)
        grid.addWidget(self.hundred, row + 1, 1)
        grid.addWidget(label(unit, "Muted"), row + 1, 2)
        grid.addWidget(label(zero_text), row + 2, 0)
        grid.addWidget(self.zero, row + 2, 1)
        grid.addWidget(label(unit, "Muted"), row + 2, 2)
        self.relative = QCheckBox("Score relative to the best quote present instead")
        self.relative.setToolTip(
            "100 for the best quote present: adding or removing a quote then moves "
            "every other quote's score on this axis"
        )
        self.relative.toggled.connect(self._toggle)
        grid.addWidget(self.relative, row + 3, 0, 1, 3)

    @staticmethod
    def _spin(decimals: int) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setDecimals(decimals)
        spin.setRange(0.0, 1e9)
        spin.setMinimumWidth(140)
        return spin

    def _toggle(self, relative: bool) -> None:
        self.hundred.setEnabled(not relative)
        self.zero.setEnabled(not relative)

    def show(self, scale: LinearScale | None, fallback: LinearScale | None) -> None:
        shown = scale or fallback
        if shown is not None:
            self.hundred.setValue(shown.ideal)
            self.zero.setValue(shown.floor)
        self.relative.setChecked(scale is None)
        self._toggle(scale is None)

    def value(self) -> Anchors:
        if self.relative.isChecked():
            return "relative"
        return (self.zero.value(), self.hundred.value())


class ScalesDialog(QDialog):
    """Edit one workload's cost and performance anchors."""

    def __init__(
        self,
        workload: str,
        current: ScoreScales,
        default: ScoreScales,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Score scales")
        self.setMinimumWidth(560)
        self.default = default
        self.answer: ScalesAnswer | None = None
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                f"How cost and performance map to 0–100 for ‘{workload}’. A quote's score "
                "depends only on its own figures and these anchors, so no other quote can "
                "move it. Between the anchors the score is linear; beyond them it is 0 or 100.",
                "Muted",
                wrap=True,
            )
        )
        grid = QGridLayout()
        grid.setColumnStretch(2, 1)
        self.cost = _AxisRow(
            grid,
            0,
            "Cost",
            "Target (scores 100)",
            "Ceiling (scores 0)",
            "USD per useful PFLOP-hour",
            2,
        )
        self.performance = _AxisRow(
            grid,
            4,
            "Performance",
            "Target (scores 100)",
            "Floor (scores 0)",
            "useful TFLOP/s per accelerator",
            1,
        )
        layout.addLayout(grid)
        origin = current.origin[:1].upper() + current.origin[1:]
        self.origin = label(origin, "Muted", wrap=True)
        layout.addWidget(self.origin)
        self.feedback = FieldFeedback()
        layout.addWidget(self.feedback)
        self.cost.show(current.cost, default.cost)
        self.performance.show(current.performance, default.performance)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.reset_button = button("Use the defaults")
        self.reset_button.setToolTip(default.origin)
        buttons.addButton(self.reset_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.reset_button.clicked.connect(self.use_defaults)
        buttons.accepted.connect(self.check_and_accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def use_defaults(self) -> None:
        """Back to the anchors derived from the workload and the catalogue."""
        self.answer = ScalesAnswer("relative", "relative", reset=True)
        self.accept()

    def check_and_accept(self) -> None:
        """Refuse anchors that cannot be used, with the reason; else accept."""
        cost, performance = self.cost.value(), self.performance.value()
        for axis, value in (("cost", cost), ("performance", performance)):
            if isinstance(value, tuple):
                why = check_anchors(axis, *value)
                if why is not None:
                    self.feedback.set_error(why[0].upper() + why[1:] + ".")
                    return
        self.answer = ScalesAnswer(performance, cost)
        self.accept()
