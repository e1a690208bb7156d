"""The shipped accelerator catalogue: coverage, sources, export-control arithmetic, aliases,
user accelerators and the messages a damaged file gives."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from computescore.domain.catalog import Accelerator, Peak
from computescore.domain.problems import Severity
from computescore.errors import InputRefused, UserError
from computescore.resources_access import read_json, read_text
from computescore.services.catalogue import (
    accelerator_from_dict,
    accelerator_to_dict,
    load_catalogue,
    parse_catalogue,
    validate_accelerator_dict,
)

# DOMAIN.md §6: every id the import contract names, and the catalogue's own additions.
DOMAIN_IDS = [
    "nvidia-h100-sxm", "nvidia-h100-pcie", "nvidia-h100-nvl", "nvidia-h200-sxm",
    "nvidia-h800-sxm", "nvidia-h20", "nvidia-b200", "nvidia-gb200", "nvidia-a100-sxm-40gb",
    "nvidia-a100-sxm-80gb", "nvidia-a100-pcie-80gb", "nvidia-a800-sxm", "nvidia-l40s",
    "nvidia-l4", "nvidia-l20", "nvidia-rtx-4090", "nvidia-rtx-4090d", "nvidia-rtx-5090",
    "amd-mi300x", "amd-mi325x", "intel-gaudi3", "google-tpu-v5p", "google-tpu-v6e",
    "google-tpu7x", "huawei-ascend-910b", "nvidia-b300", "nvidia-gb300", "amd-mi350x",
    "amd-mi355x", "huawei-ascend-910c", "nvidia-h20-141gb", "nvidia-gh200", "nvidia-gh200-144gb",
    "nvidia-a10", "nvidia-a40", "nvidia-rtx-6000-ada",
]  # fmt: skip

FIGURE_FIELDS = [
    "form_factor", "memory_gb", "memory_bandwidth_gbps", "tdp_w", "die_area_mm2",
    "interconnect_gbps", "interconnect", "datacenter", "release_year", "ecosystem",
]  # fmt: skip
DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    data: dict[str, Any] = read_json("catalogue", "accelerators.json")
    return data


def _tpp(accelerator: Accelerator) -> float:
    """Total processing performance: max over precisions of dense TOPS × bit length."""
    return max(peak.dense_tflops * peak.bits for peak in accelerator.peaks)


def test_every_domain_id_is_in_the_catalogue() -> None:
    catalogue = load_catalogue()
    assert sorted(catalogue.accelerators) == sorted(DOMAIN_IDS)


def test_catalogue_is_dated_and_versioned() -> None:
    catalogue = load_catalogue()
    assert catalogue.version
    assert catalogue.as_of.startswith("2026-11-")


def test_every_figure_has_a_dated_source(raw: dict[str, Any]) -> None:
    sources = raw["sources"]
    unsourced: list[str] = []
    for entry in raw["accelerators"]:
        wanted = FIGURE_FIELDS + [f"peaks.{p['precision']}" for p in entry["peaks"]]
        for field in wanted:
            source_id = entry["sources"].get(field)
            record = sources.get(source_id)
            if record is None or not DATE.match(record.get("date", "")) or not record["document"]:
                unsourced.append(f"{entry['id']}.{field}")
    assert unsourced == []


def test_every_source_in_the_table_is_used(raw: dict[str, Any]) -> None:
    used = {sid for entry in raw["accelerators"] for sid in entry["sources"].values()}
    assert set(raw["sources"]) == used


def test_loaded_records_carry_their_sources() -> None:
    h100 = load_catalogue().get("nvidia-h100-sxm")
    assert h100 is not None
    assert "H100 Tensor Core GPU Architecture" in h100.sources["peaks.bf16"].document
    assert h100.sources["memory_gb"].date == "2023"


def test_unpublished_die_areas_are_unknown_not_guessed() -> None:
    catalogue = load_catalogue()
    for accelerator_id in ("nvidia-b200", "nvidia-gb200", "intel-gaudi3", "google-tpu-v5p"):
        accelerator = catalogue.get(accelerator_id)
        assert accelerator is not None and accelerator.die_area_mm2 is None
        assert "not published" in accelerator.sources["die_area_mm2"].document


def test_h100_sxm_bf16_dense_peak() -> None:
    h100 = load_catalogue().get("nvidia-h100-sxm")
    assert h100 is not None
    assert h100.dense_tflops("bf16") == pytest.approx(989.4)


def test_sparse_only_figures_are_flagged() -> None:
    catalogue = load_catalogue()
    l4 = catalogue.get("nvidia-l4")
    rtx5090 = catalogue.get("nvidia-rtx-5090")
    assert l4 is not None and rtx5090 is not None
    # L4 datasheet: FP8 485 TFLOPS with sparsity -> 242.5 dense.
    assert l4.peak("fp8") == Peak(l4.peaks[4].precision, 242.5, sparse_halved=True)
    # RTX 5090 "AI TOPS" 3,352 is sparse FP4 -> 1,676 dense.
    fp4 = rtx5090.peak("fp4")
    assert fp4 is not None and fp4.dense_tflops == 1676 and fp4.sparse_halved


@pytest.mark.parametrize(
    ("accelerator_id", "tpp"),
    [
        ("nvidia-h100-sxm", 15831),  # FP8 1,978.9 × 8 = 15,831.2
        ("nvidia-h200-sxm", 15831),  # same GH100 compute
        ("nvidia-h800-sxm", 15831),  # same compute, slower NVLink
        ("nvidia-gh200", 15831),  # the Hopper GPU of a Grace Hopper superchip
        ("nvidia-gh200-144gb", 15831),
        ("nvidia-h100-pcie", 12104),  # FP8 1,513 × 8
        ("nvidia-a100-sxm-40gb", 4992),  # INT8 624 × 8 = BF16 312 × 16 = INT4 1,248 × 4
        ("nvidia-a100-sxm-80gb", 4992),
        ("nvidia-a100-pcie-80gb", 4992),
        ("nvidia-a800-sxm", 4992),
        ("nvidia-l40s", 5864),  # FP8 733 × 8
        ("nvidia-l4", 1940),  # FP8 242.5 × 8
        ("nvidia-a10", 2000),  # BF16 125 × 16 = INT8 250 × 8 = INT4 500 × 4
        ("nvidia-a40", 2395),  # BF16 149.7 × 16 = 2,395.2 (INT8 299.3 × 8 is 2,394.4)
        ("nvidia-rtx-6000-ada", 5828),  # FP8 728.5 × 8 (the datasheet's 1,457 sparse, halved)
        ("nvidia-h20", 2368),  # FP8 296 × 8
        ("nvidia-l20", 1912),  # FP8 239 × 8
        ("nvidia-rtx-4090", 5285),  # FP8 660.6 × 8 = 5,284.8
        ("nvidia-rtx-4090d", 4707),  # 114/128 of the 4090: FP16 294.2 × 16 = 4,707.2
        ("nvidia-rtx-5090", 6704),  # FP4 1,676 × 4
        ("nvidia-b200", 36000),  # FP4 9,000 × 4 = FP8 4,500 × 8
        ("nvidia-gb200", 40000),  # FP4 10,000 × 4
        ("amd-mi300x", 20919),  # FP8 2,614.9 × 8 = 20,919.2
        ("amd-mi325x", 20919),
        ("intel-gaudi3", 29360),  # BF16 1,835 × 16 (FP8 1,835 × 8 is only 14,680)
        ("google-tpu-v5p", 7344),  # BF16 459 × 16 = INT8 918 × 8
        ("huawei-ascend-910b", 5120),  # FP16 320 × 16
    ],
)
def test_tpp_reproduces_the_worked_figures(accelerator_id: str, tpp: int) -> None:
    accelerator = load_catalogue().get(accelerator_id)
    assert accelerator is not None
    assert round(_tpp(accelerator)) == pytest.approx(tpp, abs=1)


@pytest.mark.parametrize(
    ("accelerator_id", "pd"),
    [
        ("nvidia-h100-sxm", 19.45),  # 15,831.2 / 814
        ("nvidia-a100-sxm-40gb", 6.04),  # 4,992 / 826
        ("nvidia-l40s", 9.64),  # 5,864 / 608.5
        ("nvidia-l4", 6.59),  # 1,940 / 294.5 = 6.587
        ("nvidia-h20", 2.91),  # 2,368 / 814 = 2.909
        ("nvidia-l20", 3.14),  # 1,912 / 608.5 = 3.142
    ],
)
def test_performance_density_reproduces_the_worked_figures(accelerator_id: str, pd: float) -> None:
    accelerator = load_catalogue().get(accelerator_id)
    assert accelerator is not None and accelerator.die_area_mm2 is not None
    assert round(_tpp(accelerator) / accelerator.die_area_mm2, 2) == pd


def test_datacenter_flag_separates_consumer_cards() -> None:
    catalogue = load_catalogue()
    consumer = {a.id for a in catalogue.accelerators.values() if not a.datacenter}
    assert consumer == {"nvidia-rtx-4090", "nvidia-rtx-4090d", "nvidia-rtx-5090"}


ALIAS_TABLE = [
    ("H100 80GB HBM3 SXM5", "nvidia-h100-sxm", None),
    ("H100", "nvidia-h100-sxm", None),
    ("H100 SXM", "nvidia-h100-sxm", None),
    ("NVIDIA H100 Tensor Core GPU", "nvidia-h100-sxm", None),
    ("DGX H100", "nvidia-h100-sxm", 8),
    ("DGX H100 (8 GPUs)", "nvidia-h100-sxm", 8),
    ("HGX H100 8-GPU", "nvidia-h100-sxm", 8),
    ("8x H100 SXM", "nvidia-h100-sxm", 8),
    ("p5.48xlarge", "nvidia-h100-sxm", 8),
    ("ND H100 v5", "nvidia-h100-sxm", 8),
    ("Standard_ND96isr_H100_v5", "nvidia-h100-sxm", 8),
    ("a3-highgpu-8g", "nvidia-h100-sxm", 8),
    ("H100 PCIe 80GB", "nvidia-h100-pcie", None),
    ("H100 NVL", "nvidia-h100-nvl", None),
    ("HGX H200", "nvidia-h200-sxm", 8),
    ("HGX H100 SXM5 80GB node", "nvidia-h100-sxm", 8),
    ("NVIDIA DGX B200 (8x B200 180GB, 2 TB RAM)", "nvidia-b200", 8),
    ("H200 SXM 141GB", "nvidia-h200-sxm", None),
    ("H800", "nvidia-h800-sxm", None),
    ("H20", "nvidia-h20", None),
    ("DGX B200", "nvidia-b200", 8),
    ("GB200 NVL72", "nvidia-gb200", 72),
    ("NVIDIA GH200 Grace Hopper Superchip", "nvidia-gh200", None),  # not the H200 in its name
    ("GH200 96GB", "nvidia-gh200", None),
    ("GH200 144GB HBM3e", "nvidia-gh200-144gb", None),
    ("GH200 NVL2", "nvidia-gh200-144gb", 2),
    ("NVIDIA RTX 6000 Ada Generation", "nvidia-rtx-6000-ada", None),
    ("A10", "nvidia-a10", None),  # not the A100 it begins
    ("NVIDIA A40", "nvidia-a40", None),
    ("VM.GPU.A10.2", "nvidia-a10", 2),
    ("gpu_1x_gh200", "nvidia-gh200", 1),
    ("A100", "nvidia-a100-sxm-40gb", None),
    ("A100 40GB", "nvidia-a100-sxm-40gb", None),
    ("A100 80GB", "nvidia-a100-sxm-80gb", None),
    ("A100 SXM4 80GB", "nvidia-a100-sxm-80gb", None),
    ("A100 PCIe 80GB", "nvidia-a100-pcie-80gb", None),
    ("A800", "nvidia-a800-sxm", None),
    ("L40S", "nvidia-l40s", None),
    ("NVIDIA L4", "nvidia-l4", None),
    ("L20 48GB", "nvidia-l20", None),
    ("RTX 4090", "nvidia-rtx-4090", None),
    ("GeForce RTX 4090", "nvidia-rtx-4090", None),
    ("RTX 4090 D", "nvidia-rtx-4090d", None),
    ("RTX 5090", "nvidia-rtx-5090", None),
    ("MI300X", "amd-mi300x", None),
    ("Instinct MI300X", "amd-mi300x", None),
    ("AMD Instinct™ MI325X", "amd-mi325x", None),
    ("Gaudi 3", "intel-gaudi3", None),
    ("Gaudi3", "intel-gaudi3", None),
    ("TPU v5p", "google-tpu-v5p", None),
    ("Ascend 910B", "huawei-ascend-910b", None),
    ("昇腾910B", "huawei-ascend-910b", None),
    ("Atlas 800T A2", "huawei-ascend-910b", 8),
    ("Huawei Atlas 800T A2 (8× Ascend 910B 64GB)", "huawei-ascend-910b", 8),
]


@pytest.mark.parametrize(("text", "accelerator_id", "per_node"), ALIAS_TABLE)
def test_vendor_spellings_resolve(text: str, accelerator_id: str, per_node: int | None) -> None:
    match = load_catalogue().resolve(text)
    assert match is not None, text
    assert (match.accelerator_id, match.per_node) == (accelerator_id, per_node)


def test_node_count_in_name_multiplies_per_node() -> None:
    # "2x DGX H100 (8 GPUs)" is 2 nodes of 8 = 16 accelerators.
    match = load_catalogue().resolve("2x DGX H100 (8 GPUs)")
    assert match is not None
    assert (match.accelerator_id, match.per_node, match.nodes) == ("nvidia-h100-sxm", 8, 2)


def test_every_shipped_alias_resolves_to_its_own_id() -> None:
    catalogue = load_catalogue()
    wrong = []
    for alias in catalogue.aliases:
        match = catalogue.resolve(alias.text)
        if match is None or (match.accelerator_id, match.per_node) != (
            alias.accelerator_id,
            alias.per_node,
        ):
            wrong.append((alias.text, match))
    assert wrong == []


def test_every_accelerator_has_at_least_one_alias() -> None:
    catalogue = load_catalogue()
    assert {a.accelerator_id for a in catalogue.aliases} == set(catalogue.accelerators)


def test_unknown_spelling_gets_suggestions() -> None:
    catalogue = load_catalogue()
    assert catalogue.resolve("Rubin Ultra R300") is None
    assert "nvidia-h100-sxm" in catalogue.closest("H10O SXM")
    # Other cards named "RTX 6000" are not the Ada one: the Turing Quadro (24 GB) and the
    # Blackwell RTX PRO (96 GB) stay unknown, with the Ada card offered as the closest.
    for name in ("Quadro RTX 6000", "RTX PRO 6000 Blackwell", "RTX 6000"):
        assert catalogue.resolve(name) is None, name
    assert catalogue.closest("RTX PRO 6000 Blackwell")[0] == "nvidia-rtx-6000-ada"


def test_shipped_catalogue_is_cached() -> None:
    assert load_catalogue() is load_catalogue()


USER_ENTRY: dict[str, Any] = {
    "id": "acme-nova-1",
    "maker": "Acme",
    "model": "Nova 1 96GB",
    "form_factor": "pcie",
    "memory_gb": 96,
    "memory_bandwidth_gbps": 2400,
    "peaks": [
        {"precision": "bf16", "dense_tflops": 400},
        {"precision": "fp8", "dense_tflops": 800, "sparse_halved": True},
    ],
    "tdp_w": 450,
    "die_area_mm2": None,
    "interconnect_gbps": 128,
    "interconnect": "PCIe 5.0 x16",
    "datacenter": True,
    "release_year": 2026,
    "ecosystem": "other",
    "sources": {
        "memory_gb": {"document": "Acme Nova 1 datasheet rev B", "date": "2026-09-01",
                      "url": "https://example.com/nova1.pdf"},
        "peaks.bf16": {"document": "Acme Nova 1 datasheet rev B", "date": "2026-09-01"},
    },
}  # fmt: skip


def test_user_accelerator_round_trips_through_json() -> None:
    accelerator = accelerator_from_dict(USER_ENTRY)
    stored = json.dumps(accelerator_to_dict(accelerator))  # as the store layer would keep it
    again = accelerator_from_dict(json.loads(stored))
    assert again == accelerator
    assert again.peak("fp8") == Peak(again.peaks[1].precision, 800.0, sparse_halved=True)
    assert again.sources["memory_gb"].url == "https://example.com/nova1.pdf"


def test_every_shipped_accelerator_round_trips() -> None:
    for accelerator in load_catalogue().accelerators.values():
        stored = json.loads(json.dumps(accelerator_to_dict(accelerator)))
        assert accelerator_from_dict(stored) == accelerator


def test_user_accelerators_join_the_catalogue() -> None:
    catalogue = load_catalogue([USER_ENTRY])
    nova = catalogue.get("acme-nova-1")
    assert nova is not None and nova.user_defined
    assert len(catalogue.accelerators) == len(DOMAIN_IDS) + 1
    for spelling in ("Acme Nova 1 96GB", "Nova 1 96GB", "acme-nova-1", "4x Acme Nova 1 96GB"):
        match = catalogue.resolve(spelling)
        assert match is not None and match.accelerator_id == "acme-nova-1", spelling
    assert load_catalogue().get("acme-nova-1") is None  # the shipped catalogue is untouched


def test_user_accelerator_may_not_reuse_a_shipped_id() -> None:
    with pytest.raises(InputRefused, match="nvidia-h100-sxm uses an id the catalogue already has"):
        load_catalogue([{**USER_ENTRY, "id": "nvidia-h100-sxm"}])


def test_validation_lists_every_problem_with_its_field() -> None:
    entry = copy.deepcopy(USER_ENTRY)
    entry["memory_gb"] = "ninety-six"
    entry["peaks"].append({"precision": "fp12", "dense_tflops": -1})
    entry["ecosystem"] = "metal"
    problems = validate_accelerator_dict(entry)
    errors = {p.source for p in problems if p.severity is Severity.ERROR}
    assert errors == {
        "accelerator:acme-nova-1.memory_gb",
        "accelerator:acme-nova-1.peaks[2].precision",
        "accelerator:acme-nova-1.peaks[2].dense_tflops",
        "accelerator:acme-nova-1.ecosystem",
    }
    warnings = [p for p in problems if p.severity is Severity.WARNING]
    assert len(warnings) == 1 and "figures without a source" in warnings[0].message
    assert "tdp_w" in warnings[0].message


def test_a_sound_user_entry_has_only_source_warnings() -> None:
    problems = validate_accelerator_dict(USER_ENTRY)
    assert [p.severity for p in problems] == [Severity.WARNING]


def test_bad_user_entry_is_refused_with_a_clear_message() -> None:
    with pytest.raises(UserError) as caught:
        accelerator_from_dict({**USER_ENTRY, "tdp_w": 0})
    message = str(caught.value)
    assert "acme-nova-1" in message and "tdp_w" in message and "greater than 0" in message


def _shipped_texts() -> tuple[dict[str, Any], str]:
    return json.loads(read_text("catalogue", "accelerators.json")), read_text(
        "catalogue", "aliases.json"
    )


def test_shipped_files_parse() -> None:
    data, aliases = _shipped_texts()
    assert len(parse_catalogue(json.dumps(data), aliases).accelerators) == len(DOMAIN_IDS)


@pytest.mark.parametrize(
    ("breakage", "expected"),
    [
        (
            lambda d: d["accelerators"][0].update(memory_gb="eighty"),
            "accelerators.json is damaged: entry 0 (nvidia-h100-sxm), field memory_gb: "
            "must be a number (found 'eighty'); expected a number greater than 0",
        ),
        (
            lambda d: d["accelerators"][3]["sources"].pop("peaks.fp8"),
            "entry 3 (nvidia-h200-sxm), field sources.peaks.fp8: the figure has no source",
        ),
        (
            lambda d: d["accelerators"][1]["sources"].update(tdp_w="no-such-source"),
            "entry 1 (nvidia-h100-pcie), field sources.tdp_w: refers to a source id that is "
            "not defined (found 'no-such-source')",
        ),
        (
            lambda d: d["accelerators"][2].pop("release_year"),
            "entry 2 (nvidia-h100-nvl), field release_year: is missing",
        ),
        (
            lambda d: d["sources"]["nv-h100-ds"].update(date="last year"),
            "source 'nv-h100-ds': the source has no valid date",
        ),
        (
            lambda d: d["accelerators"].append(copy.deepcopy(d["accelerators"][0])),
            "entry 36 repeats the id nvidia-h100-sxm",  # the appended copy, after the 36 shipped
        ),
    ],
)
def test_damaged_catalogue_names_file_entry_and_field(breakage: Any, expected: str) -> None:
    data, aliases = _shipped_texts()
    breakage(data)
    with pytest.raises(InputRefused) as caught:
        parse_catalogue(json.dumps(data), aliases)
    assert expected in str(caught.value)


def test_damaged_json_names_the_position() -> None:
    _, aliases = _shipped_texts()
    with pytest.raises(
        InputRefused, match=r"accelerators.json is damaged: not valid JSON at line 2"
    ):
        parse_catalogue('{\n  "version": ,\n}', aliases)


def test_alias_to_unknown_id_is_refused() -> None:
    data, aliases_text = _shipped_texts()
    aliases = json.loads(aliases_text)
    aliases["aliases"].append({"text": "Nova 1", "id": "acme-nova-1"})
    with pytest.raises(InputRefused, match=r"aliases.json is damaged: alias \d+ \(Nova 1\)"):
        parse_catalogue(json.dumps(data), json.dumps(aliases))


def test_ambiguous_alias_is_refused() -> None:
    data, aliases_text = _shipped_texts()
    aliases = json.loads(aliases_text)
    aliases["aliases"].append({"text": "h100-sxm5", "id": "nvidia-h800-sxm"})
    with pytest.raises(InputRefused, match="also means nvidia-h100-sxm"):
        parse_catalogue(json.dumps(data), json.dumps(aliases))


def test_no_peak_is_claimed_that_the_maker_does_not_publish() -> None:
    # Google publishes BF16 (459 TFLOPS) and INT8 (918 TOPS) for TPU v5p, no FP8 figure.
    v5p = load_catalogue().get("google-tpu-v5p")
    assert v5p is not None
    assert v5p.dense_tflops("fp8") is None
    assert v5p.dense_tflops("bf16") == 459 and v5p.dense_tflops("int8") == 918
    assert "peaks.fp8" not in v5p.sources


def test_the_newer_tpus_carry_googles_published_peaks() -> None:
    catalogue = load_catalogue()
    trillium, ironwood = catalogue.get("google-tpu-v6e"), catalogue.get("google-tpu7x")
    assert trillium is not None and ironwood is not None
    assert (trillium.dense_tflops("bf16"), trillium.dense_tflops("int8")) == (918, 1836)
    assert trillium.dense_tflops("fp8") is None  # costed at the BF16 peak, with a warning
    assert (ironwood.dense_tflops("bf16"), ironwood.dense_tflops("fp8")) == (2307, 4614)
    # TPP = 4,614 × 8 = 36,912: 3A090.a.1 like any part above 4,800.
    assert _tpp(ironwood) == pytest.approx(36_912)
    assert catalogue.resolve("Ironwood").accelerator_id == "google-tpu7x"
    assert catalogue.resolve("ct6e-standard-8t").per_node == 8
