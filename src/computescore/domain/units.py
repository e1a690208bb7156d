"""Unit constants shared by every calculation.

Names carry their unit; these constants are the only place the conversions live.
"""

from __future__ import annotations

HOURS_PER_MONTH = 730
"""Hours in an average month (8760 / 12), the convention cloud price lists use."""

HOURS_PER_YEAR = 8760
"""Hours in a 365-day year."""

MONTHS_PER_YEAR = 12

SECONDS_PER_HOUR = 3600

GIGA = 1e9
TERA = 1e12
PETA = 1e15

BYTES_PER_GB = 1e9
"""Decimal gigabytes, as accelerator datasheets count memory."""
