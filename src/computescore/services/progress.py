"""Cancelling long-running services; the progress shape itself is ``computescore.progress``."""

from __future__ import annotations

from computescore.progress import NullProgress as NullProgress
from computescore.progress import Progress as Progress


class Cancelled(Exception):
    """Raised inside a service when the user pressed Cancel; nothing is written."""


def check_cancel(progress: Progress) -> None:
    """Raise :class:`Cancelled` when the user has asked to stop."""
    if progress.cancelled():
        raise Cancelled("Cancelled by the user; nothing was written.")
