"""Vendors page."""

from __future__ import annotations

from computescore.gui.views.base import View


class VendorsView(View):
    """Vendors."""

    key = "vendors"
    title = "Vendors"
    icon_name = "vendors"

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Not built yet."""
        return ("Not available yet", "This page is being prepared.")
