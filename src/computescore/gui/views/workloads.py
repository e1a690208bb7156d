"""Workloads page."""

from __future__ import annotations

from computescore.gui.views.base import View


class WorkloadsView(View):
    """Workloads."""

    key = "workloads"
    title = "Workloads"
    icon_name = "workloads"

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Not built yet."""
        return ("Not available yet", "This page is being prepared.")
