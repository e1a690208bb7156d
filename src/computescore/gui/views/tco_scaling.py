"""The TCO page's scaling tab: how each chosen option's useful work and cost per useful
unit change with the accelerator count, and its economically efficient size."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTableWidgetItem, QVBoxLayout, QWidget

from computescore.gui.widgets import label, read_only_table
from computescore.reports.model import SCALING_HEADERS, scaling_cells

CURVE_HEADERS = (
    "Workload",
    "Quote",
    "Accelerators",
    "Efficiency",
    "Useful PFLOP/s",
    "$ per useful PFLOP-h",
)


class ScalingTab(QWidget):
    """One line per option (the pack's table), then each option's curve point by point."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.summary = read_only_table(list(SCALING_HEADERS))
        self.summary.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.summary, 1)
        self.curve = read_only_table(list(CURVE_HEADERS))
        self.curve.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.curve, 2)
        self.note = label("", "Muted", wrap=True)
        layout.addWidget(self.note)

    def show_pack(self, pack: Any) -> None:
        """Fill from the board pack's scaling rows (empty when serving or without a pack)."""
        rows = tuple(getattr(pack, "scaling", ()) or ())
        self.summary.setRowCount(len(rows))
        for index, row in enumerate(rows):
            for column, text in enumerate(scaling_cells(row)):
                self.summary.setItem(index, column, QTableWidgetItem(text))
        self.summary.resizeColumnsToContents()
        points = [(row, point) for row in rows for point in row.points]
        self.curve.setRowCount(len(points))
        bold = QFont()
        bold.setBold(True)
        for index, (row, point) in enumerate(points):
            efficient = point.accelerators == row.efficient
            cells = (
                row.workload,
                row.label,
                f"{point.accelerators:,}" + ("  ◆ efficient" if efficient else ""),
                f"{point.efficiency:.0%}",
                f"{point.useful_pflops:,.2f}",
                "—"
                if point.usd_per_useful_pflop_hour is None
                else f"${point.usd_per_useful_pflop_hour:,.2f}",
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if efficient:
                    item.setFont(bold)
                self.curve.setItem(index, column, item)
        self.curve.resizeColumnsToContents()
        self.note.setText(
            "Each size runs replicas of the smallest layout that holds the model in data "
            "parallel; their gradients are exchanged over the chip's own links within a node "
            "and over the fabric the quote names between nodes, overlapped with the compute of a "
            "step of the workload's context × batch tokens on each accelerator. "
            "◆ marks the economically efficient size: the largest whose cost per useful "
            "PFLOP-hour is within 10 % of the cheapest (\u201cor more\u201d when it does not "
            "rise within the sizes drawn)."
            if rows
            else "The evaluation has no training workload with a costed option. Serving "
            "replicas do not exchange gradients, so serving scales with the accelerator count; "
            "the curve is drawn for training and experimentation workloads."
        )
