"""The cloud instance catalogue: instance names read as accelerators per instance."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Catalogue
from computescore.errors import InputRefused
from computescore.resources_access import read_text
from computescore.services.catalogue import load_catalogue, shipped_instances
from computescore.services.instances import parse_instances


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


# Cell texts as price lists and quotes write them: (text, accelerator id, per instance).
CELLS = [
    ("p5.48xlarge", "nvidia-h100-sxm", 8),
    ("AWS p4d.24xlarge On-Demand", "nvidia-a100-sxm-40gb", 8),
    ("p4de.24xlarge (8x A100 80GB)", "nvidia-a100-sxm-80gb", 8),
    ("p5e.48xlarge", "nvidia-h200-sxm", 8),
    ("P5EN.48XLARGE", "nvidia-h200-sxm", 8),
    ("p6-b200.48xlarge, 1-year savings plan", "nvidia-b200", 8),
    ("g6e.xlarge", "nvidia-l40s", 1),
    ("g6e.12xlarge", "nvidia-l40s", 4),
    ("g6e.48xlarge", "nvidia-l40s", 8),
    ("g6.12xlarge", "nvidia-l4", 4),
    ("Standard_ND96isr_H100_v5", "nvidia-h100-sxm", 8),
    ("ND96isr H100 v5", "nvidia-h100-sxm", 8),
    ("Standard_ND96isr_H200_v5 (West Europe)", "nvidia-h200-sxm", 8),
    ("Standard_ND96asr_v4", "nvidia-a100-sxm-40gb", 8),
    ("Standard_ND96amsr_A100_v4", "nvidia-a100-sxm-80gb", 8),
    ("Standard_ND96is_MI300X_v5", "amd-mi300x", 8),
    ("Standard_NC40ads_H100_v5", "nvidia-h100-nvl", 1),
    ("Standard_NC80adis_H100_v5", "nvidia-h100-nvl", 2),
    # Azure's price exports and calculator name sizes without "Standard_".
    ("NC24ads A100 v4", "nvidia-a100-pcie-80gb", 1),
    ("4 NC24ads A100 v4 (24 vCPUs, 220 GB RAM) x 730 Hours", "nvidia-a100-pcie-80gb", 1),
    ("ND96asr_v4", "nvidia-a100-sxm-40gb", 8),
    ("ND96amsr A100 v4", "nvidia-a100-sxm-80gb", 8),
    ("a3-highgpu-8g", "nvidia-h100-sxm", 8),
    ("a3-highgpu-4g", "nvidia-h100-sxm", 4),
    ("GCP a3-megagpu-8g (spot)", "nvidia-h100-sxm", 8),
    ("a3-ultragpu-8g", "nvidia-h200-sxm", 8),
    ("a2-ultragpu-2g", "nvidia-a100-sxm-80gb", 2),
    ("a2-megagpu-16g", "nvidia-a100-sxm-40gb", 16),
    ("g2-standard-48", "nvidia-l4", 4),
    ("BM.GPU.H100.8", "nvidia-h100-sxm", 8),
    ("Oracle BM.GPU4.8 bare metal", "nvidia-a100-sxm-40gb", 8),
    ("BM.GPU.MI300X.8", "amd-mi300x", 8),
    ("gpu_8x_h100_sxm5", "nvidia-h100-sxm", 8),
    ("Lambda gpu_1x_h100_pcie", "nvidia-h100-pcie", 1),
    ("H100-SXM-4-80G", "nvidia-h100-sxm", 4),
]


@pytest.mark.parametrize(("text", "accelerator", "count"), CELLS)
def test_instance_names_in_real_cells(
    catalogue: Catalogue, text: str, accelerator: str, count: int
) -> None:
    match = catalogue.resolve(text)
    assert match is not None, text
    assert (match.accelerator_id, match.per_node) == (accelerator, count)


@pytest.mark.parametrize("text", ["p9.96xlarge", "m5.large", "Standard_D4s_v5", "n2-standard-8"])
def test_names_not_in_the_catalogue_are_not_guessed(catalogue: Catalogue, text: str) -> None:
    assert catalogue.resolve(text) is None


def _respelled(text: str, upper: list[bool], separator: str) -> str:
    letters = [c.upper() if up else c.lower() for c, up in zip(text, upper, strict=False)]
    spelled = "".join(letters) + text[len(letters) :]
    return spelled.replace("_", separator).replace(" ", separator)


@given(
    st.sampled_from([name for name, _, _ in CELLS if " " not in name]),
    st.lists(st.booleans(), min_size=40, max_size=40),
    st.sampled_from(["_", " ", "-"]),
)
def test_case_and_separators_never_change_the_match(
    name: str, upper: list[bool], separator: str
) -> None:
    catalogue = load_catalogue()
    original = catalogue.resolve(name)
    again = catalogue.resolve(_respelled(name, upper, separator))
    assert again is not None and original is not None
    assert (again.accelerator_id, again.per_node) == (original.accelerator_id, original.per_node)


def test_the_shipped_file_is_dated_sourced_and_covers_the_major_clouds() -> None:
    instances = shipped_instances()
    assert instances.as_of == "2026-11-27"
    providers = {i.provider for i in instances.instances}
    assert {"AWS", "Microsoft Azure", "Google Cloud", "Oracle Cloud"} <= providers
    assert all(i.source.startswith("https://") for i in instances.instances)
    assert len(instances.instances) >= 60


def _damaged(change: dict[str, object]) -> str:
    data = json.loads(read_text("catalogue", "instances.json"))
    data["instances"] = [{**data["instances"][0], **change}]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"accelerator": "nvidia-h900"}, "'nvidia-h900' is not in the catalogue"),
        ({"count": 0}, "'count' must be a whole number from 1 to 72"),
        ({"source": "ftp://x"}, "'source' must be an https address"),
        ({"provider": ""}, "'provider' is missing"),
    ],
)
def test_a_damaged_entry_is_refused_by_name(
    catalogue: Catalogue, change: dict[str, object], message: str
) -> None:
    with pytest.raises(InputRefused, match=r"entry 0 \(p5\.48xlarge\)") as caught:
        parse_instances(_damaged(change), catalogue.accelerators)
    assert message in str(caught.value)


def test_an_instance_listed_twice_is_refused(catalogue: Catalogue) -> None:
    data = json.loads(read_text("catalogue", "instances.json"))
    data["instances"].append({**data["instances"][0], "name": "P5.48XLARGE"})
    with pytest.raises(InputRefused, match="listed twice"):
        parse_instances(json.dumps(data), catalogue.accelerators)
