"""The quote-lines table: every current line of every quote, 100,000 rows and more."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from computescore.gui import format as fmt
from computescore.gui.models.table import Column, FastTableModel, key


def _what(row: dict[str, Any]) -> Any:
    return row.get("accelerator") or row.get("category")


def _count(row: dict[str, Any]) -> Any:
    count = row.get("accelerator_count")
    if count is None and row.get("nodes") and row.get("accelerators_per_node"):
        count = row["nodes"] * row["accelerators_per_node"]
    if count is None:
        quantity = row.get("quantity")
        return None if quantity is None else float(quantity)
    return count


def _count_text(value: Any) -> str:
    if value is None:
        return fmt.DASH
    number = float(value)
    return f"{number:,.0f}" if number.is_integer() else f"{number:,.2f}"


def _exact(value: Any) -> str:
    """The price exactly as quoted, with thousands separators."""
    if value is None:
        return fmt.DASH
    return f"{Decimal(str(value)):,f}"


LINE_COLUMNS = (
    Column("Vendor", key("vendor"), width=22),
    Column("Quote", key("quote_ref"), width=14),
    Column("Rev.", key("revision"), numeric=True, width=4),
    Column("Kind", key("kind"), text=fmt.words, width=8),
    Column("Accelerator / category", _what, width=22),
    Column("Count", _count, text=_count_text, numeric=True, width=7),
    Column("Deployment", key("deployment"), text=fmt.words, width=11),
    Column("Term (months)", key("term_months"), text=lambda v: fmt.number(v), numeric=True),
    Column("Price (as quoted)", key("price"), text=_exact, numeric=True, width=12),
    Column("Currency", key("currency"), width=6),
    Column("Per", key("price_unit"), text=fmt.unit_label, width=12),
    Column(
        "USD / GPU-hour",
        key("usd_per_gpu_hour"),
        text=lambda v: fmt.DASH if v is None else f"${v:,.2f}",
        numeric=True,
        tooltip=lambda row: "Converted with 730 h/month and the FX rate on the decision date",
        width=10,
    ),
    Column("Region", key("region"), width=12),
    Column("Description", key("description"), width=34),
    Column("Source", key("source"), width=28),
)
"""Columns of the quote-lines table."""

SEARCH_COLUMNS = (0, 1, 3, 4, 6, 9, 12, 13, 14)
"""Columns the filter box searches."""


def search_text(row: dict[str, Any]) -> str:
    """What the filter box searches in a line: names, items, deployment, region, text, source."""
    deployment = row.get("deployment") or ""
    return "\x1f".join(
        (
            row.get("vendor") or "",
            row.get("quote_ref") or "",
            row.get("kind") or "",
            row.get("accelerator") or row.get("category") or "",
            deployment,
            deployment.replace("_", " "),
            row.get("currency") or "",
            row.get("region") or "",
            row.get("description") or "",
            row.get("source") or "",
        )
    )


class LinesModel(FastTableModel):
    """Quote lines (``Store.line_rows`` dicts) with fast sort and filter."""

    def __init__(self, rows: list[dict[str, Any]] | None = None) -> None:
        super().__init__(
            LINE_COLUMNS, rows or [], search_columns=SEARCH_COLUMNS, search_text=search_text
        )
