"""TCO page."""

from __future__ import annotations

from computescore.gui.views.base import View


class TcoView(View):
    """TCO."""

    key = "tco"
    title = "TCO"
    icon_name = "tco"

    def unavailable_reason(self) -> tuple[str, str] | None:
        """Not built yet."""
        return ("Not available yet", "This page is being prepared.")
