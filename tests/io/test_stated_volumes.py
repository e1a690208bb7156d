"""A storage line's volume stated in its description (io/reader/stated_volumes.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from computescore.io.reader.stated_volumes import described_volume


@pytest.mark.parametrize(
    ("text", "gb"),
    [
        ("Shared storage (VAST), 200 TB", Decimal(200_000)),
        ("Objektspeicher S3-kompatibel, 100 TB", Decimal(100_000)),
        ("Stockage bloc NVMe 50 To", Decimal(50_000)),
        ("Block storage 500 GB", Decimal(500)),
        ("Archive storage 1,5 PB", Decimal(1_500_000)),
        ("NVMe 2x 3.84 TB", Decimal("3840.00")),
    ],
)
def test_the_one_volume_a_description_states_in_gb(text: str, gb: Decimal) -> None:
    assert described_volume(text) == gb


@pytest.mark.parametrize(
    "text",
    [
        "Managed Slurm and 24x7 operations",  # no volume
        "Hot tier 100 TB, cold tier 400 TB",  # two: which is priced is not said
        "HGX H200 8-GPU, 2 TB RAM, 30 TB NVMe",
        "Storage",
    ],
)
def test_no_volume_or_several_is_none(text: str) -> None:
    assert described_volume(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Internet data transfer out (first 10 TB per month)",
        "Object storage, up to 50 TB",
        "Archive storage over 1 PB",
        "Stockage au-delà de 100 To",
    ],
)
def test_a_tier_s_bound_is_no_volume_bought(text: str) -> None:
    assert described_volume(text) is None
