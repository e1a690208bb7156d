"""The Pairwise comparison dialog of the Scorecard page: weights from axis-by-axis answers.

The buyer compares the five axes two at a time on Saaty's scale ("cost is a little more
important than service: 3×"); the weights are the comparison matrix's principal
eigenvector (``domain.ahp``). The consistency ratio is shown as the answers change, and
answers that contradict each other too much (above 0.10) cannot be saved: the dialog
names the answer to revisit. The dialog only collects the answer; the page stores it,
undoably.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QGridLayout,
    QVBoxLayout,
    QWidget,
)

from computescore.domain.ahp import CR_LIMIT, ahp_to_weights, pair_key
from computescore.domain.weights import AXES, Axis, Weights
from computescore.gui.widgets import Banner, label, save_cancel
from computescore.vocabulary import AXIS_TITLES

CHOICES: tuple[tuple[str, float], ...] = (
    ("far more important (9×)", 9.0),
    ("much more important (7×)", 7.0),
    ("more important (5×)", 5.0),
    ("a little more important (3×)", 3.0),
    ("as important (1×)", 1.0),
    ("a little less important (1/3)", 1 / 3),
    ("less important (1/5)", 1 / 5),
    ("much less important (1/7)", 1 / 7),
    ("far less important (1/9)", 1 / 9),
)
"""Saaty's scale as the buyer reads it: how the first axis compares with the second."""


def _title(axis: Axis) -> str:
    return AXIS_TITLES.get(axis.value, axis.value.capitalize())


def _nearest(value: float) -> int:
    """The choice closest to a stored ratio (on a log scale)."""
    import math

    return min(range(len(CHOICES)), key=lambda i: abs(math.log(CHOICES[i][1] / value)))


class AhpDialog(QDialog):
    """Ask for the ten pairwise comparisons and show the weights and their consistency."""

    def __init__(
        self, earlier: Mapping[str, float] | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Pairwise comparison (AHP)")
        self.setMinimumWidth(640)
        self.result_weights: Weights | None = None
        self.pairs: dict[tuple[Axis, Axis], float] = {}
        layout = QVBoxLayout(self)
        layout.addWidget(
            label(
                "Compare the axes two at a time: how important is the first against the "
                "second for this decision? The weights are the principal eigenvector of "
                f"the answers; answers that contradict each other (consistency ratio above "
                f"{CR_LIMIT:.2f}) cannot be saved.",
                "Muted",
                wrap=True,
            )
        )
        self.banner = Banner()
        layout.addWidget(self.banner)
        grid = QGridLayout()
        self.combos: dict[tuple[Axis, Axis], QComboBox] = {}
        known = dict(earlier or {})
        for row, (first, second) in enumerate(combinations(AXES, 2)):
            grid.addWidget(label(_title(first)), row, 0)
            combo = QComboBox()
            for text, _value in CHOICES:
                combo.addItem(text)
            combo.setAccessibleName(f"{_title(first)} against {_title(second)}")
            stored = known.get(pair_key(first, second))
            if stored is None and pair_key(second, first) in known:
                stored = 1 / float(known[pair_key(second, first)])
            combo.setCurrentIndex(_nearest(float(stored)) if stored else 4)
            combo.currentIndexChanged.connect(self._preview)
            self.combos[(first, second)] = combo
            grid.addWidget(combo, row, 1)
            grid.addWidget(label(f"than {_title(second)}"), row, 2)
        layout.addLayout(grid)
        self.shares = label("", wrap=True)
        layout.addWidget(self.shares)
        self.rationale = label("", "Muted", wrap=True)
        layout.addWidget(self.rationale)
        buttons, self.save_button = save_cancel(self, self._save)
        layout.addWidget(buttons)
        self._preview()

    def answer(self) -> dict[tuple[Axis, Axis], float]:
        """The ratios chosen, by pair."""
        return {pair: CHOICES[combo.currentIndex()][1] for pair, combo in self.combos.items()}

    def _preview(self) -> None:
        weights, why, result = ahp_to_weights(self.answer())
        self.save_button.setEnabled(weights is not None)
        if result is not None:
            self.shares.setText(
                "Weights: "
                + " · ".join(f"{_title(a)} {w * 100:.1f} %" for a, w in result.weights.items())
                + f" — consistency ratio {result.consistency_ratio:.3f}"
            )
        if weights is None:
            self.banner.show_message(why[:1].upper() + why[1:] + ".", "warning")
            self.rationale.setText("")
            return
        self.banner.setVisible(False)
        self.rationale.setText(why)

    def _save(self) -> None:
        weights, _why, _result = ahp_to_weights(self.answer())
        if weights is None:
            return
        self.result_weights = weights
        self.pairs = self.answer()
        self.accept()
