"""Compliance page."""

from __future__ import annotations

from computescore.gui.views.base import View


class ComplianceView(View):
    """Compliance."""

    key = "compliance"
    title = "Compliance"
    icon_name = "compliance"

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Not built yet."""
        return ("Not available yet", "This page is being prepared.")
