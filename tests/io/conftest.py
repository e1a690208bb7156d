"""Shared fixtures for the importer's tests."""

from __future__ import annotations

import pytest

from computescore.domain.catalog import Catalogue
from computescore.services.catalogue import load_catalogue


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    """The shipped accelerator catalogue (ids and vendor spellings)."""
    return load_catalogue()
