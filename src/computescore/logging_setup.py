"""Logging to a rotating file in the user's log folder."""

from __future__ import annotations

import logging
from logging.handlers import RotatingFileHandler
from pathlib import Path

from computescore.settings import app_paths

_configured: Path | None = None


def configure_logging(level: int = logging.INFO) -> Path:
    """Send the ``computescore`` logger to the log file; returns the file's path.

    Safe to call more than once. If the log folder cannot be created the log goes
    to stderr instead, and the returned path says so.
    """
    global _configured
    if _configured is not None:
        return _configured
    log_file = app_paths().log_file
    logger = logging.getLogger("computescore")
    logger.setLevel(level)
    try:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = RotatingFileHandler(
            log_file, maxBytes=2_000_000, backupCount=5, encoding="utf-8", delay=True
        )
    except OSError:
        handler = logging.StreamHandler()
        log_file = Path("<stderr>")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    _configured = log_file
    return log_file
