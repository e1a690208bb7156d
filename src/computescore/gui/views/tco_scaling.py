"""The TCO page's scaling tab: how each chosen option's useful work and cost per useful
unit change with the accelerator count, and its economically efficient size."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from computescore.gui import format as fmt
from computescore.gui.widgets import label, read_only_table
from computescore.reports.model import SCALING_HEADERS, ScalingRow, scaling_cells

SUMMARY_HEADERS = SCALING_HEADERS[1:]
"""The pack's columns but the workload's, which the tab's chooser shows instead."""

CURVE_HEADERS = ("Quote", "Accelerators", "Efficiency", "Useful PFLOP/s", "Per useful PFLOP-h")


class ScalingTab(QWidget):
    """For the training workload chosen: one line per option (the pack's table), then each
    option's curve point by point."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        row.addWidget(label("Training workload"))
        self.workload = QComboBox()
        self.workload.setAccessibleName("Training workload")
        self.workload.currentTextChanged.connect(self._show)
        row.addWidget(self.workload, 1)
        layout.addLayout(row)
        self.summary = read_only_table(list(SUMMARY_HEADERS))
        header = self.summary.horizontalHeader()
        for column in range(len(SUMMARY_HEADERS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        # The quote takes what the figures leave, elided in the middle so that its
        # reference stays readable ("Kessler Systemh…KS-AN-2026-0419-L").
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.summary.setWordWrap(False)
        self.summary.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        layout.addWidget(self.summary, 1)
        self.curve = read_only_table(list(CURVE_HEADERS))
        self.curve.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.curve, 2)
        self.note = label("", "Muted", wrap=True)
        layout.addWidget(self.note)
        self._rows: tuple[ScalingRow, ...] = ()

    def show_pack(self, pack: Any) -> None:
        """Fill from the board pack's scaling rows (empty without a training workload)."""
        self._rows = tuple(getattr(pack, "scaling", ()) or ())
        chosen = self.workload.currentText()
        names = list(dict.fromkeys(row.workload for row in self._rows))
        self.workload.blockSignals(True)
        self.workload.clear()
        self.workload.addItems(names)
        if chosen in names:
            self.workload.setCurrentText(chosen)
        self.workload.blockSignals(False)
        self.workload.setEnabled(bool(names))
        self._show(self.workload.currentText())
        self.note.setText(
            "Each size runs replicas of the smallest layout that holds the model in data "
            "parallel; their gradients are exchanged over the chip's own links within a node "
            "and over the fabric the quote names between nodes, overlapped with the compute of a "
            "step of the workload's context × batch tokens on each accelerator. ◆ marks the "
            "economically efficient size: the largest whose cost per useful PFLOP-hour is "
            "within 10 % of the cheapest (\u201cor more\u201d when it does not rise within the "
            "sizes drawn)."
            if self._rows
            else "The evaluation has no training workload with a costed option. Serving "
            "replicas do not exchange gradients, so serving scales with the accelerator count; "
            "the curve is drawn for training and experimentation workloads."
        )

    def _show(self, workload: str) -> None:
        rows = [row for row in self._rows if row.workload == workload]
        self.summary.setRowCount(len(rows))
        for index, row in enumerate(rows):
            for column, text in enumerate(scaling_cells(row)[1:]):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.summary.setItem(index, column, item)
        points = [(row, point) for row in rows for point in row.points]
        self.curve.setRowCount(len(points))
        bold = QFont()
        bold.setBold(True)
        for index, (row, point) in enumerate(points):
            efficient = point.accelerators == row.efficient
            cells = (
                row.label,
                f"{point.accelerators:,}" + ("  ◆ efficient" if efficient else ""),
                f"{point.efficiency:.0%}",
                f"{point.useful_pflops:,.2f}",
                "—"
                if point.usd_per_useful_pflop_hour is None
                else fmt.money(point.usd_per_useful_pflop_hour, 2),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if efficient:
                    item.setFont(bold)
                self.curve.setItem(index, column, item)
        self.curve.resizeColumnsToContents()
