"""Telling the country from a region or site as vendors write it."""

from __future__ import annotations

import pytest

from computescore.io.places import country_of


@pytest.mark.parametrize(
    ("region", "country"),
    [
        ("us-east-1 (N. Virginia)", "US"),
        ("eu-central-1 (Frankfurt)", "DE"),
        ("europe-west4", "NL"),
        ("NL-AMS", "NL"),
        ("US-East (Ashburn, VA)", "US"),
        ("westeurope", "NL"),
        # Azure's display names are its codes with spaces
        ("West Europe", "NL"),
        ("North Europe", "IE"),
        ("East US 2", "US"),
        ("South Central US", "US"),
        ("Germany West Central", "DE"),
        ("UK South", "GB"),
        # its retail price exports' locations: an area first, not always a country code
        ("EU West", "NL"),
        ("EU North", "IE"),
        ("AP Southeast", "SG"),
        ("JA East", "JP"),
        ("US West 3", "US"),
        ("Frankfurt", "DE"),
    ],
)
def test_country_of_a_region(region: str, country: str) -> None:
    assert country_of(region) == country


@pytest.mark.parametrize("region", ["", "   ", "Region 7", "EU"])
def test_a_region_that_names_no_country_has_none(region: str) -> None:
    assert country_of(region) is None
