"""The canonical fields a column of a quote can feed (DOMAIN.md §6), plus a few that help
the import read a line."""

from __future__ import annotations

from enum import StrEnum


class Field(StrEnum):
    """Canonical fields a column can feed (DOMAIN.md §6), plus a few import helpers."""

    VENDOR = "vendor"
    QUOTE_REF = "quote_ref"
    QUOTE_DATE = "quote_date"
    VALID_UNTIL = "valid_until"
    KIND = "kind"
    CATEGORY = "category"
    DESCRIPTION = "description"
    ACCELERATOR = "accelerator"
    ACCELERATORS_PER_NODE = "accelerators_per_node"
    NODES = "nodes"
    ACCELERATOR_COUNT = "accelerator_count"
    QUANTITY = "quantity"
    DEPLOYMENT = "deployment"
    TERM_MONTHS = "term_months"
    PRICE = "price"
    PRICE_UNIT = "price_unit"
    CURRENCY = "currency"
    REGION = "region"
    COUNTRY = "country"
    LINE_TOTAL = "line_total"
    """The line's total, used to check price × quantity and as the price when no unit price."""
    DETAILS = "details"
    """More text about the line (a configuration or service column beside the description):
    used to recognise the accelerator and the cost category, not imported on its own."""
    TIER = "tier"
    """A service tier or class ("Guaranteed", "Interruptible"): read for the deployment."""
    MAXIMUM = "maximum"
    """The most accelerators (or nodes) the vendor can supply ("Available capacity")."""
    MINIMUM = "minimum"
    """The fewest accelerators (or nodes) the vendor accepts ("Minimum commitment (GPUs)")."""
    LEAD_TIME = "lead_time_days"
    """How soon the capacity is delivered ("Lead time", "Delivery")."""
    FLEX = "flex"
    """The share above a commitment supplied as used at its rate ("Flex band", "Burst")."""
    PREPAYMENT = "prepayment"
    """The share of a commitment paid before service starts ("Prepayment", "Upfront %")."""
    IGNORE = "ignore"
    """Explicitly not imported (line numbers, notes, list prices next to net prices)."""


FIELD_NAMES = frozenset(item.value for item in Field)
