"""How long-running work reports progress and learns it was cancelled.

Readers (``io``) and services take any object with the :class:`Progress` shape; the
GUI passes one backed by Qt signals, the command line a quiet :class:`NullProgress`.
"""

from __future__ import annotations

from typing import Protocol


class Progress(Protocol):
    """Receives progress from long-running work."""

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
