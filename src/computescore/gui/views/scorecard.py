"""Scorecard page."""

from __future__ import annotations

from computescore.gui.views.base import View


class ScorecardView(View):
    """Scorecard."""

    key = "scorecard"
    title = "Scorecard"
    icon_name = "scorecard"

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Not built yet."""
        return ("Not available yet", "This page is being prepared.")
