"""The quote-lines table: every current line of every quote, 100,000 rows and more."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from PySide6.QtCore import Qt

from computescore.gui import format as fmt
from computescore.gui.models.table import Column, FastTableModel, key
from computescore.vocabulary import deployment_text


def _what(row: dict[str, Any]) -> Any:
    """The accelerator by its catalogue name (its id when unknown), or the cost category."""
    accelerator = row.get("accelerator")
    if accelerator:
        return row.get("accelerator_name") or accelerator
    category = row.get("category")
    return fmt.words(category) if category else None


def _unit(row: dict[str, Any]) -> str:
    """``USD / node-hour``; ``EUR (one-off total)``."""
    currency = row.get("currency") or ""
    unit = row.get("price_unit")
    if not unit:
        return currency or fmt.DASH
    if unit == "total":
        return f"{currency} (one-off total)".strip()
    return f"{currency} / {fmt.unit_label(unit)}".strip(" /")


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
    Column("Vendor", key("vendor"), width=18, keep=3),
    Column("Quote", key("quote_ref"), width=13, elide=Qt.TextElideMode.ElideMiddle, keep=3),
    Column("Rev.", key("revision"), numeric=True, width=4, description="revision"),
    Column(
        "Accelerator / category",
        _what,
        width=22,
        keep=2,
        tooltip=lambda row: row.get("accelerator") or None,
    ),
    Column("Count", _count, text=_count_text, numeric=True, width=7),
    Column(
        "Price (as quoted)",
        key("price"),
        text=_exact,
        numeric=True,
        width=12,
        description="the number the vendor wrote, in the unit of the next column",
    ),
    Column("Unit", _unit, width=16, keep=2, description="currency and what the price is per"),
    Column(
        "Per GPU-hour\n(converted)",
        key("usd_per_gpu_hour"),
        text=lambda v: fmt.money(v, 2),
        numeric=True,
        tooltip=lambda row: "Converted with 730 h/month and the FX rate on the decision date",
        width=10,
    ),
    Column("Kind", key("kind"), text=fmt.words, width=8),
    Column(
        "Deployment",
        key("deployment"),
        text=lambda value: deployment_text(value) if value else fmt.DASH,
        width=11,
        keep=2,
    ),
    Column(
        "Term\n(months)",
        key("term_months"),
        text=lambda v: fmt.number(v),
        numeric=True,
        description="commitment in months",
    ),
    Column("Region", key("region"), width=12),
    Column("Description", key("description"), width=34),
    Column("Source", key("source"), width=28, elide=Qt.TextElideMode.ElideMiddle),
)
"""Columns of the quote-lines table."""

SEARCH_COLUMNS = (0, 1, 3, 4, 6, 9, 11, 12, 13)
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
            row.get("accelerator_name") or "",
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
