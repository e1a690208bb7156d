"""How long-running services report progress and learn they were cancelled.

Services take any object with this shape; the GUI passes one backed by Qt
signals, the CLI a quiet one.
"""

from __future__ import annotations

from typing import Protocol


class Cancelled(Exception):
    """Raised inside a service when the user pressed Cancel; nothing is written."""


class Progress(Protocol):
    """Receives progress from a long-running service."""

    def report(self, fraction: float, message: str) -> None:
        """Record that ``fraction`` (0–1) of the work is done, with a short message."""

    def cancelled(self) -> bool:
        """True once the user asked to stop."""


class NullProgress:
    """Progress that goes nowhere and is never cancelled."""

    def report(self, fraction: float, message: str) -> None:
        """Ignore the report."""

    def cancelled(self) -> bool:
        """Never cancelled."""
        return False


def check_cancel(progress: Progress) -> None:
    """Raise :class:`Cancelled` when the user has asked to stop."""
    if progress.cancelled():
        raise Cancelled("Cancelled by the user; nothing was written.")
