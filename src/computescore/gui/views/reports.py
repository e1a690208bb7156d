"""Reports page."""

from __future__ import annotations

from computescore.gui.views.base import View


class ReportsView(View):
    """Reports."""

    key = "reports"
    title = "Reports"
    icon_name = "reports"

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Not built yet."""
        return ("Not available yet", "This page is being prepared.")
