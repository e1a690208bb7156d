"""The TCO page's token-API tab: the capacity against buying tokens, and every token offer."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from computescore.gui.widgets import label, read_only_table
from computescore.reports.model import (
    API_HEADERS,
    OFFER_HEADERS,
    api_cells,
    api_sentence,
    offer_cells,
)


class TokenApiTab(QWidget):
    """Each quote's capacity against the yardstick API, then the token-API offers (the
    pack's "Against a token API" section)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.summary = label("", wrap=True)
        layout.addWidget(self.summary)
        self.table = read_only_table(list(API_HEADERS))
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 2)
        self.offers_title = label("Token-API offers", "SectionTitle")
        layout.addWidget(self.offers_title)
        self.offers = read_only_table(list(OFFER_HEADERS))
        self.offers.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.offers, 1)
        self.note = label("", "Muted", wrap=True)
        layout.addWidget(self.note)

    def show_pack(self, pack: Any) -> None:
        """Fill from the board pack's token-API comparison (None: nothing to compare)."""
        api = getattr(pack, "api", None)
        rows = tuple(api.rows) if api is not None and api.api else ()
        offers = tuple(api.offers) if api is not None else ()
        _fill(self.table, [api_cells(row) for row in rows], numeric=range(1, 5))
        _fill(self.offers, [offer_cells(row) for row in offers], numeric=range(1, 3))
        self.table.setVisible(bool(rows))
        self.offers.setVisible(bool(offers))
        self.offers_title.setVisible(bool(offers))
        self.summary.setText(
            api_sentence(api)
            if api is not None and api.api
            else "No token API to compare with. State one with 'computescore token-api set "
            "--input … --output …', or import a token-API vendor's price list as a quote "
            "(vendor kind: token API); the cheapest one that qualifies becomes the yardstick."
            if not offers
            else "No token-API offer qualifies, and none is stated: the capacity is not compared."
        )
        self.note.setText(
            "Token-API offers are priced for the workload's tokens a day at the token mix (the "
            "assumptions' output and cached input tokens) and listed here, not ranked: they sell "
            "tokens, not capacity. Where the API processes the prompts is checked like any "
            "compute line."
            if offers
            else ""
        )


def _fill(table: QTableWidget, rows: list[tuple[str, ...]], numeric: range) -> None:
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    table.setRowCount(len(rows))
    for index, cells in enumerate(rows):
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column in numeric:
                item.setTextAlignment(right)
            table.setItem(index, column, item)
    table.resizeColumnsToContents()
