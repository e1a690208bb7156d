"""The one place that reads files shipped in ``resources/``.

``resources/`` sits at the top of the repository and is installed as the package
``computescore.resources`` (see ``pyproject.toml``), so the same
``importlib.resources`` call works in a checkout, an installed wheel and a
PyInstaller bundle.
"""

from __future__ import annotations

import json
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

_PACKAGE = "computescore.resources"


def resource(*parts: str) -> Traversable:
    """Return a handle on a shipped file, e.g. ``resource("catalogue", "accelerators.json")``."""
    node: Traversable = resources.files(_PACKAGE)
    for part in parts:
        node = node.joinpath(part)
    return node


def read_text(*parts: str) -> str:
    """Read a shipped text file as UTF-8."""
    return resource(*parts).read_text(encoding="utf-8")


def read_bytes(*parts: str) -> bytes:
    """Read a shipped binary file."""
    return resource(*parts).read_bytes()


def read_json(*parts: str) -> Any:
    """Read and parse a shipped JSON file."""
    return json.loads(read_text(*parts))


def list_dir(*parts: str) -> list[str]:
    """Names of the entries of a shipped folder, sorted."""
    return sorted(entry.name for entry in resource(*parts).iterdir())
