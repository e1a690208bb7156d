"""The Swing weighting dialog of the Scorecard page: weights from the evaluation's own ranges.

The buyer imagines every axis at its worst level in this evaluation and is asked
which move to its best level matters most (100 points), then what each other move is
worth against it (0–100). The weights are the points over their sum
(``domain.swing.swing_weights``); the answers and the ranges they were given on are
kept with the weights, so the pack can say how they were reached. The dialog only
collects the answer; the page stores it, undoably.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.swing import Swing, swing_weights
from computescore.domain.weights import Axis, Weights
from computescore.gui.widgets import Banner, label, save_cancel
from computescore.vocabulary import AXIS_TITLES


class SwingDialog(QDialog):
    """Ask for the points of each swing and show the weights they give as they change."""

    def __init__(
        self,
        swings: Sequence[Swing],
        points: Mapping[str, float] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Swing weighting")
        self.setMinimumWidth(640)
        self.swings = tuple(swings)
        self.result_weights: Weights | None = None
        self.points: dict[str, float] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "Imagine every axis at its worst level in this evaluation. Which one would you "
                "most like to move to its best level? Give that move 100 points. Then give "
                "each other move the points it is worth against it (0–100). The weights are "
                "the points over their sum.",
                "Muted",
                wrap=True,
            )
        )
        self.banner = Banner()
        layout.addWidget(self.banner)
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        for column, text in enumerate(("Axis", "The move, worst to best here", "Points", "Weight")):
            grid.addWidget(label(text, "Muted"), 0, column)
        self.spins: dict[Axis, QSpinBox] = {}
        self.shares: dict[Axis, Any] = {}
        known = dict(points or {})
        for row, swing in enumerate(self.swings, start=1):
            grid.addWidget(label(AXIS_TITLES.get(swing.axis.value, swing.axis.value)), row, 0)
            grid.addWidget(label(swing.span(), wrap=True), row, 1)
            spin = QSpinBox()
            spin.setRange(0, 100)
            spin.setValue(round(float(known.get(swing.axis.value, 50.0))))
            spin.valueChanged.connect(self._preview)
            self.spins[swing.axis] = spin
            grid.addWidget(spin, row, 2)
            share = label("")
            self.shares[swing.axis] = share
            grid.addWidget(share, row, 3)
        layout.addLayout(grid)
        self.rationale = label("", "Muted", wrap=True)
        layout.addWidget(self.rationale)
        buttons, self.save_button = save_cancel(self, self._save)
        layout.addWidget(buttons)
        self._preview()

    def answer(self) -> dict[Axis, float]:
        """The points given, by axis."""
        return {axis: float(spin.value()) for axis, spin in self.spins.items()}

    def _preview(self) -> None:
        weights, why = swing_weights(self.answer(), self.swings)
        self.save_button.setEnabled(weights is not None)
        if weights is None:
            self.banner.show_message(why[:1].upper() + why[1:] + ".", "warning")
            for share in self.shares.values():
                share.setText("—")
            self.rationale.setText("")
            return
        self.banner.setVisible(False)
        for axis, share in self.shares.items():
            share.setText(f"{weights.as_dict()[axis.value] * 100:.1f} %")
        self.rationale.setText(why)

    def _save(self) -> None:
        weights, _ = swing_weights(self.answer(), self.swings)
        if weights is None:
            return
        self.result_weights = weights
        self.points = {axis.value: value for axis, value in self.answer().items()}
        self.accept()
