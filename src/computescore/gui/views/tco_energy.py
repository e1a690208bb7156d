"""The TCO page's energy-and-carbon tab: each chosen option's energy and emissions."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QTableWidgetItem, QVBoxLayout, QWidget

from computescore.gui.widgets import label, read_only_table
from computescore.reports.model import ENERGY_HEADERS, energy_cells


class EnergyTab(QWidget):
    """Energy over the horizon and emissions where each option runs (the pack's table)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.table = read_only_table(list(ENERGY_HEADERS))
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        self.note = label("", "Muted", wrap=True)
        layout.addWidget(self.note)

    def show_pack(self, pack: Any) -> None:
        """Fill from the board pack's energy rows (empty when there is no pack)."""
        rows = tuple(getattr(pack, "energy", ()) or ())
        self.table.setRowCount(len(rows))
        for index, row in enumerate(rows):
            cells = energy_cells(row)
            for column, text in enumerate(cells):
                self.table.setItem(index, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        source = getattr(pack, "energy_source", "")
        self.note.setText(
            "Energy = accelerators × board power × PUE × hours used; emissions = energy × the "
            "grid intensity where the option runs (* the world average: the country is not in "
            "the table; set your own with the workspace setting grid_intensity); tokens/s per "
            f"W = the serving rate per accelerator ÷ its board power. {source}"
            if rows
            else "No option has an accelerator the catalogue knows, so energy is not estimated."
        )
