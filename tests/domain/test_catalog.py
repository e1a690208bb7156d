"""Alias normalisation, counts in names and alias resolution (pure functions)."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import (
    Alias,
    Peak,
    Precision,
    alias_key,
    closest_ids,
    count_in_name,
    resolve_alias,
)

ALIASES = (
    Alias("H100", "nvidia-h100-sxm"),
    Alias("H100 SXM", "nvidia-h100-sxm"),
    Alias("H100 PCIe", "nvidia-h100-pcie"),
    Alias("DGX H100", "nvidia-h100-sxm", 8),
    Alias("HGX H100 4-GPU", "nvidia-h100-sxm", 4),
    Alias("H100 SXM 80GB", "nvidia-h100-sxm"),
    Alias("HGX H100", "nvidia-h100-sxm", 8),
    Alias("A100", "nvidia-a100-sxm-40gb"),
    Alias("A100 80GB", "nvidia-a100-sxm-80gb"),
    Alias("A100 PCIe 80GB", "nvidia-a100-pcie-80gb"),
    Alias("Atlas 800T A2", "huawei-ascend-910b", 8),
    Alias("Ascend 910B", "huawei-ascend-910b"),
    Alias("p5.48xlarge", "nvidia-h100-sxm", 8),
    Alias("gpu_8x_h100_sxm5", "nvidia-h100-sxm", 8),
)
IDS = ("nvidia-h100-sxm", "nvidia-h100-pcie", "nvidia-a100-sxm-40gb")


@pytest.mark.parametrize(
    ("left", "right"),
    [
        ("NVIDIA H100 Tensor Core GPU", "h100"),
        ("H100-SXM5-80GB", "H100 SXM 80 GB"),
        ("h100 sxm4", "H100 SXM"),
        ("A100 PCI-e 80 GB", "a100 pcie 80gb"),
        ("A100 PCI Express 80GB", "A100 PCIe 80GB"),
        ("Ｈ１００", "H100"),  # full-width letters fold to ASCII
        ("AMD Instinct™ MI300X", "mi300x"),
        ("Standard_ND96isr_H100_v5", "standard nd96isr h100 v5"),
    ],
)
def test_alias_key_treats_vendor_spellings_alike(left: str, right: str) -> None:
    assert alias_key(left) == alias_key(right)


def test_alias_key_keeps_letters_of_any_script() -> None:
    assert alias_key("昇腾910B") == "昇腾910b"
    assert alias_key("H100 SXM5 80GB") == "h100 sxm 80gb"


def test_alias_key_keeps_distinct_parts_distinct() -> None:
    assert alias_key("H20") != alias_key("H200")
    assert alias_key("RTX 4090D") != alias_key("RTX 4090")
    assert alias_key("H100 NVL") != alias_key("H100")


_TEXT = st.text(alphabet=string.printable + "×（）Ｈ１００昇腾ßéÉ™·–", max_size=40)


@given(_TEXT)
def test_alias_key_is_idempotent(text: str) -> None:
    once = alias_key(text)
    assert alias_key(once) == once


@given(_TEXT)
def test_alias_key_ignores_case(text: str) -> None:
    assert alias_key(text.upper()) == alias_key(text) == alias_key(text.lower())


@given(_TEXT)
def test_alias_key_has_single_spaces_and_no_punctuation(text: str) -> None:
    key = alias_key(text)
    assert key == key.strip()
    assert "  " not in key
    assert not any(ch in key for ch in "-_.,()/[]")


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("DGX H100 (8 GPUs)", 8),
        ("HGX H100 8-GPU", 8),
        ("8x H100 SXM", 8),
        ("8 × H100", 8),
        ("H100 SXM5 80GB x8", 8),
        ("Server, 4 GPUs", 4),
        ("Atlas 800T A2 (8 NPUs)", 8),
        ("p5.48xlarge", None),
        ("g6e.48xlarge", None),
        ("a3-highgpu-8g", None),
        ("A100 40GB", None),
        ("GB200 NVL72", None),
        ("2 x 400G InfiniBand", None),
        ("24x7 support", None),
        ("x86 host, H100", None),
        ("0x H100", None),
        # A pricing calculator's hours are no count of accelerators.
        ("2 ND96isr H100 v5 (96 vCPUs, 1900 GB RAM) x 730 Hours (Pay as you go)", None),
        ("1 ND96isr H100 v5 x 8760 Hours (3 year reserved)", None),
        ("H100 x 12 months", None),
    ],
)
def test_count_in_name(text: str, count: int | None) -> None:
    assert count_in_name(text) == count


@pytest.mark.parametrize(
    ("text", "accelerator_id", "per_node", "nodes"),
    [
        ("H100", "nvidia-h100-sxm", None, None),
        ("nvidia-h100-pcie", "nvidia-h100-pcie", None, None),  # a catalogue id as written
        ("NVIDIA H100 PCIe Gen5", "nvidia-h100-pcie", None, None),  # most words wins over "H100"
        ("DGX H100", "nvidia-h100-sxm", 8, None),
        ("DGX H100 (8 GPUs)", "nvidia-h100-sxm", 8, None),
        ("2x DGX H100", "nvidia-h100-sxm", 8, 2),  # 2 nodes of 8, not 2 per node
        ("DGX H100 x 3", "nvidia-h100-sxm", 8, 3),
        ("HGX H100 4-GPU", "nvidia-h100-sxm", 4, None),
        ("HGX H100 SXM5 80GB node", "nvidia-h100-sxm", 8, None),  # node alias lends its 8
        ("H100 SXM5 80GB", "nvidia-h100-sxm", None, None),
        ("8x H100 SXM", "nvidia-h100-sxm", 8, None),
        ("H100 SXM x8", "nvidia-h100-sxm", 8, None),
        ("2 x H100 server (8 GPUs)", "nvidia-h100-sxm", 8, 2),
        # before a single accelerator's name, a whole number of nodes' worth counts GPUs
        ("64 × H100 SXM (8 nodes × 8 GPUs)", "nvidia-h100-sxm", 8, 8),
        ("16 x H100 SXM (8 GPUs per node)", "nvidia-h100-sxm", 8, 2),
        ("H100 8卡服务器", "nvidia-h100-sxm", 8, None),  # a server of 8 cards
        ("H100 8枚搭載サーバー", "nvidia-h100-sxm", 8, None),
        ("Atlas 800T A2 (8× Ascend 910B)", "huawei-ascend-910b", 8, None),
        ("Atlas 800T A2 (16 NPUs)", "huawei-ascend-910b", 16, None),
        ("p5.48xlarge", "nvidia-h100-sxm", 8, None),
        # an instance alias's own "8x" is its node size, not a count of nodes
        ("8x NVIDIA H100 SXM", "nvidia-h100-sxm", 8, None),
        ("2x gpu_8x_h100_sxm5", "nvidia-h100-sxm", 8, 2),
        ("A100", "nvidia-a100-sxm-40gb", None, None),
        ("A100 80 GB", "nvidia-a100-sxm-80gb", None, None),
        ("A100 80GB PCIe", "nvidia-a100-pcie-80gb", None, None),  # word order does not matter
    ],
)
def test_resolve_alias(
    text: str, accelerator_id: str, per_node: int | None, nodes: int | None
) -> None:
    match = resolve_alias(text, ALIASES, IDS)
    assert match is not None
    assert (match.accelerator_id, match.per_node, match.nodes) == (accelerator_id, per_node, nodes)


@pytest.mark.parametrize("text", ["", "   ", "MI300X", "-", "TPU v5p"])
def test_resolve_alias_returns_none_when_nothing_matches(text: str) -> None:
    assert resolve_alias(text, ALIASES, IDS) is None


def test_resolve_alias_ties_go_to_the_alias_listed_first() -> None:
    aliases = (Alias("X1 fast", "maker-x1-fast"), Alias("X1 slim", "maker-x1-slim"))
    match = resolve_alias("X1 slim fast", aliases)
    assert match is not None and match.accelerator_id == "maker-x1-fast"
    reversed_match = resolve_alias("X1 slim fast", aliases[::-1])
    assert reversed_match is not None and reversed_match.accelerator_id == "maker-x1-slim"


@given(st.sampled_from(ALIASES), st.sampled_from(["", "NVIDIA ", "nvidia ", "The "]))
def test_every_alias_resolves_to_itself_with_or_without_maker(alias: Alias, prefix: str) -> None:
    match = resolve_alias(prefix + alias.text, ALIASES, IDS)
    assert match is not None
    assert match.accelerator_id == alias.accelerator_id
    assert match.per_node == alias.per_node


def test_closest_ids_suggests_similar_spellings() -> None:
    assert closest_ids("H100 SMX", ALIASES)[0] == "nvidia-h100-sxm"
    assert closest_ids("zzzz", ALIASES) == []


def test_peak_bits_follow_precision() -> None:
    # TPP counts FP8 as 8 bits, TF32 as 32 and FP4 as 4.
    assert Peak(Precision.FP8, 1978.9).bits == 8
    assert Peak(Precision.TF32, 494.7).bits == 32
    assert Peak(Precision.FP4, 9000.0, sparse_halved=True).bits == 4
