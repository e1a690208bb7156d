"""Export-control classification and licensing against hand-worked figures.

The accelerator figures are those of the export-control research (§2.1) and DOMAIN.md §5;
the rules are the shipped ``resources/rules/us-ear.json``.
"""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Accelerator, Ecosystem, FormFactor, Peak, Precision
from computescore.domain.export_control import (
    INDETERMINATE,
    NOT_3A090,
    Posture,
    ReviewPolicy,
    RuleSet,
    ThroughputTerm,
    chip_from_accelerator,
    chip_from_figures,
    classify,
    evaluate,
    performance_density,
    total_processing_performance,
)
from computescore.services.rules import shipped_rules


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return shipped_rules()


def _acc(
    acc_id: str,
    maker: str,
    peaks: dict[Precision, float],
    *,
    die: float | None,
    dc: bool,
    link: float,
    mem_bw: float,
    sparse: frozenset[Precision] = frozenset(),
) -> Accelerator:
    return Accelerator(
        id=acc_id,
        maker=maker,
        model=acc_id,
        form_factor=FormFactor.SXM if dc else FormFactor.CARD,
        memory_gb=80,
        memory_bandwidth_gbps=mem_bw,
        peaks=tuple(Peak(p, v, p in sparse) for p, v in peaks.items()),
        tdp_w=700,
        die_area_mm2=die,
        interconnect_gbps=link,
        interconnect="test",
        datacenter=dc,
        release_year=2023,
        ecosystem=Ecosystem.CUDA,
    )


F8, I8, B16, F16, TF32, F4 = (
    Precision.FP8,
    Precision.INT8,
    Precision.BF16,
    Precision.FP16,
    Precision.TF32,
    Precision.FP4,
)
H100 = _acc(
    "nvidia-h100-sxm",
    "NVIDIA",
    {F8: 1978.9, B16: 989.4, TF32: 494.7},
    die=814,
    dc=True,
    link=900,
    mem_bw=3350,
)
H200 = _acc(
    "nvidia-h200-sxm", "NVIDIA", {F8: 1978.9, B16: 989.4}, die=814, dc=True, link=900, mem_bw=4800
)
B200 = _acc(
    "nvidia-b200", "NVIDIA", {F4: 9000, F8: 4500}, die=None, dc=True, link=1800, mem_bw=8000
)
A100 = _acc(
    "nvidia-a100-sxm-80gb", "NVIDIA", {I8: 624, F16: 312}, die=826, dc=True, link=600, mem_bw=2039
)
A800 = _acc(
    "nvidia-a800-sxm", "NVIDIA", {I8: 624, F16: 312}, die=826, dc=True, link=400, mem_bw=2039
)
L40S = _acc("nvidia-l40s", "NVIDIA", {F8: 733, F16: 362}, die=608.5, dc=True, link=64, mem_bw=864)
L4 = _acc("nvidia-l4", "NVIDIA", {F8: 242.5}, die=294.5, dc=True, link=64, mem_bw=300)
L20 = _acc("nvidia-l20", "NVIDIA", {F8: 239, F16: 119.5}, die=608.5, dc=True, link=64, mem_bw=864)
H20 = _acc("nvidia-h20", "NVIDIA", {F8: 296, F16: 148}, die=814, dc=True, link=900, mem_bw=4000)
RTX4090 = _acc(
    "nvidia-rtx-4090", "NVIDIA", {F8: 660.6, F16: 330.3}, die=608.5, dc=False, link=64, mem_bw=1008
)
RTX4090D = _acc(
    "nvidia-rtx-4090d", "NVIDIA", {F8: 588.3}, die=608.5, dc=False, link=64, mem_bw=1008
)
ASCEND = _acc("huawei-ascend-910b", "Huawei", {F16: 320}, die=665.6, dc=True, link=392, mem_bw=1600)

AFTER_2023 = date(2024, 6, 1)
IN_2026 = date(2026, 6, 1)


def _classify(acc: Accelerator, day: date, rules: RuleSet) -> tuple[str, float, float | None]:
    result = classify(chip_from_accelerator(acc), day, rules)
    return result.eccn, result.tpp, result.pd


# --------------------------------------------------------------------------- TPP and PD


def test_tpp_takes_the_highest_precision_h100() -> None:
    # FP8 1,978.9 × 8 = 15,831.2; BF16 989.4 × 16 = 15,830.4; TF32 494.7 × 32 = 15,830.4.
    chip = chip_from_accelerator(H100)
    assert total_processing_performance(chip.terms) == pytest.approx(15831.2)


def test_pd_is_tpp_over_die_area() -> None:
    # 15,831.2 / 814 mm² = 19.449…
    assert performance_density(15831.2, 814) == pytest.approx(19.449, abs=1e-3)
    assert performance_density(15831.2, None) is None
    assert performance_density(15831.2, 0) is None


def test_bis_worked_examples_reach_the_threshold() -> None:
    # BIS technical note 2: 600 TOPS at 8 bits = 4,800; 300 TFLOPS at 16 bits = 4,800.
    assert total_processing_performance([ThroughputTerm("INT8", 600, 8)]) == 4800
    assert total_processing_performance([ThroughputTerm("FP16", 300, 16)]) == 4800


def test_sparse_halved_figure_is_flagged_in_the_explanation(rules: RuleSet) -> None:
    # RTX 5090: "AI TOPS" 3,352 is sparse FP4 → 1,676 dense × 4 = 6,704.
    rtx5090 = _acc(
        "nvidia-rtx-5090",
        "NVIDIA",
        {F4: 1676, F8: 838},
        die=750,
        dc=False,
        link=64,
        mem_bw=1792,
        sparse=frozenset({F4}),
    )
    result = classify(chip_from_accelerator(rtx5090), AFTER_2023, rules)
    assert result.tpp == pytest.approx(6704)
    text = "\n".join(result.explanation)
    assert "FP4: 1,676.0 × 4 = 6,704.0  (highest; halved from a sparse-only figure)" in text


@given(
    st.lists(
        st.tuples(st.floats(0, 1e5, allow_nan=False), st.sampled_from([4, 6, 8, 16, 32, 64])),
        min_size=1,
        max_size=6,
    ),
    st.integers(0, 5),
    st.floats(0, 1e4, allow_nan=False),
)
def test_tpp_is_monotone_in_throughput(
    figures: list[tuple[float, int]], index: int, extra: float
) -> None:
    terms = [ThroughputTerm(f"p{i}", tops, bits) for i, (tops, bits) in enumerate(figures)]
    i = index % len(terms)
    raised = list(terms)
    raised[i] = ThroughputTerm(terms[i].name, terms[i].dense_tops + extra, terms[i].bits)
    assert total_processing_performance(raised) >= total_processing_performance(terms)


# --------------------------------------------------------------------------- classification


def test_h100_is_3a090_a1(rules: RuleSet) -> None:
    # TPP 15,831.2 ≥ 4,800, data-centre part → 3A090.a.1; PD 19.45.
    eccn, tpp, pd = _classify(H100, AFTER_2023, rules)
    assert eccn == "3A090.a.1"
    assert tpp == pytest.approx(15831.2)
    assert pd == pytest.approx(19.45, abs=0.01)


def test_h100_explanation_names_rule_date_status_source_and_system(rules: RuleSet) -> None:
    result = classify(chip_from_accelerator(H100), AFTER_2023, rules)
    text = "\n".join(result.explanation)
    assert "FP8: 1,978.9 × 8 = 15,831.2" in text
    assert "15,831.2 ÷ 814.0 mm² = 19.45" in text
    assert "us.3A090.a.1.v2023 (from 2023-11-17; codified; 15 CFR Part 774" in text
    assert result.system_eccn.startswith("4A090.a")


def test_a100_is_a1_just_over_the_line(rules: RuleSet) -> None:
    # INT8 624 × 8 = 4,992 = FP16 312 × 16; 4,992 ≥ 4,800 → .a.1; PD 4,992 / 826 = 6.04.
    eccn, tpp, pd = _classify(A100, AFTER_2023, rules)
    assert (eccn, tpp) == ("3A090.a.1", pytest.approx(4992))
    assert pd == pytest.approx(6.04, abs=0.01)


def test_a800_outside_the_2022_test_inside_from_2023_11_17(rules: RuleSet) -> None:
    # 2022 test: TPP 4,992 ≥ 4,800 but NVLink 400 GB/s < 600 GB/s → outside.
    assert _classify(A800, date(2023, 11, 16), rules)[0] == NOT_3A090
    # From 2023-11-17 the interconnect test is gone: TPP 4,992 ≥ 4,800 → .a.1.
    assert _classify(A800, date(2023, 11, 17), rules)[0] == "3A090.a.1"


def test_a100_under_the_2022_test_and_before_it(rules: RuleSet) -> None:
    # 2022: TPP 4,992 ≥ 4,800 and 600 GB/s ≥ 600 GB/s → 3A090.a.
    assert _classify(A100, date(2023, 1, 1), rules)[0] == "3A090.a"
    # Before 2022-10-07 the ECCN did not exist.
    result = classify(chip_from_accelerator(A100), date(2022, 10, 6), rules)
    assert result.eccn == NOT_3A090
    assert result.rule is not None and result.rule.id == "us.3A090.none.pre2022"


def test_l40s_escapes_2022_but_not_2023(rules: RuleSet) -> None:
    # FP8 733 × 8 = 5,864; PCIe 64 GB/s < 600 → outside in 2022, .a.1 from 2023-11-17.
    assert _classify(L40S, date(2023, 6, 1), rules)[0] == NOT_3A090
    assert _classify(L40S, AFTER_2023, rules)[:2] == ("3A090.a.1", pytest.approx(5864))


def test_l4_is_caught_by_density(rules: RuleSet) -> None:
    # FP8 242.5 × 8 = 1,940 (< 4,800, ≥ 1,600); PD 1,940 / 294.5 = 6.59 ≥ 5.92 → .a.2.
    eccn, tpp, pd = _classify(L4, AFTER_2023, rules)
    assert (eccn, tpp) == ("3A090.a.2", pytest.approx(1940))
    assert pd == pytest.approx(6.59, abs=0.01)


def test_l20_sits_just_below_b2(rules: RuleSet) -> None:
    # FP8 239 × 8 = 1,912 (< 2,400 so not .b.1); PD 1,912 / 608.5 = 3.14 < 3.2 → not 3A090.
    eccn, tpp, pd = _classify(L20, AFTER_2023, rules)
    assert (eccn, tpp) == (NOT_3A090, pytest.approx(1912))
    assert pd == pytest.approx(3.14, abs=0.01)


def test_h20_sits_below_both_b_lines(rules: RuleSet) -> None:
    # FP8 296 × 8 = 2,368 < 2,400 (not .b.1); PD 2,368 / 814 = 2.91 < 3.2 (not .b.2).
    eccn, tpp, pd = _classify(H20, AFTER_2023, rules)
    assert (eccn, tpp) == (NOT_3A090, pytest.approx(2368))
    assert pd == pytest.approx(2.91, abs=0.01)


def test_rtx_4090_is_3a090a_not_designed_for_data_centres(rules: RuleSet) -> None:
    # FP8 660.6 × 8 = 5,284.8 ≥ 4,800, not a data-centre part → 3A090.a with NAC/ACA.
    result = classify(chip_from_accelerator(RTX4090), AFTER_2023, rules)
    assert (result.eccn, result.tpp) == ("3A090.a", pytest.approx(5284.8))
    assert result.licence_exceptions == ("NAC", "ACA")


def test_rtx_4090d_is_outside_by_note_2(rules: RuleSet) -> None:
    # FP8 588.3 × 8 = 4,706.4 < 4,800 and not a data-centre part → outside (Note 2).
    result = classify(chip_from_accelerator(RTX4090D), AFTER_2023, rules)
    assert (result.eccn, result.tpp) == (NOT_3A090, pytest.approx(4706.4))
    assert result.rule is not None and result.rule.id == "us.3A090.note2.v2023"


def test_b_paragraphs_from_raw_figures(rules: RuleSet) -> None:
    # 200 TFLOPS × 16 = 3,200; area 1,000 mm² → PD 3.2 → .b.1 (2,400 ≤ 3,200 < 4,800, 1.6 ≤ 3.2).
    chip = chip_from_figures(200, 16, die_area_mm2=1000, datacenter=True)
    assert classify(chip, AFTER_2023, rules).eccn == "3A090.b.1"
    # 110 TFLOPS × 16 = 1,760 (< 2,400); area 500 → PD 3.52 (3.2 ≤ 3.52 < 5.92) → .b.2.
    chip = chip_from_figures(110, 16, die_area_mm2=500, datacenter=True)
    assert classify(chip, AFTER_2023, rules).eccn == "3A090.b.2"


def test_missing_die_area_between_1600_and_4800_is_indeterminate(rules: RuleSet) -> None:
    # 3,000 TPP could be .a.2, .b.1, .b.2 or outside depending on PD: do not guess.
    chip = chip_from_figures(375, 8, datacenter=True)
    result = classify(chip, AFTER_2023, rules)
    assert result.eccn == INDETERMINATE
    assert result.pd is None
    assert {r.text("eccn") for r in result.candidates} == {
        "3A090.a.2",
        "3A090.b.1",
        "3A090.b.2",
        NOT_3A090,
    }
    assert result.controlled is None


def test_missing_die_area_above_4800_still_decides(rules: RuleSet) -> None:
    chip = chip_from_figures(9000, 4, datacenter=True)  # 36,000 TPP, area unknown
    assert classify(chip, AFTER_2023, rules).eccn == "3A090.a.1"


def test_missing_interconnect_under_the_2022_test_is_indeterminate(rules: RuleSet) -> None:
    chip = chip_from_figures(600, 8, datacenter=True)  # 4,800 TPP, interconnect unknown
    assert classify(chip, date(2023, 3, 1), rules).eccn == INDETERMINATE


def test_unconfirmed_datacenter_flag(rules: RuleSet) -> None:
    # 5,000 TPP: .a.1 if a data-centre part, .a (NAC/ACA) if not → indeterminate, both named.
    result = classify(chip_from_figures(625, 8, die_area_mm2=600), AFTER_2023, rules)
    assert result.eccn == INDETERMINATE
    assert {r.text("eccn") for r in result.candidates} == {"3A090.a.1", "3A090.a"}
    # 1,000 TPP is outside either way.
    assert classify(chip_from_figures(125, 8), AFTER_2023, rules).eccn == NOT_3A090


# --------------------------------------------------------------------------- licensing


def _licence(acc: Accelerator, dest: str, hq: str | None, day: date, rules: RuleSet, **kw):  # type: ignore[no-untyped-def]
    return evaluate(chip_from_accelerator(acc), dest, hq, day, rules, **kw)


def test_h20_company_specific_requirement_starts_2025_04_09(rules: RuleSet) -> None:
    before = _licence(H20, "CN", None, date(2025, 4, 8), rules)
    assert before.licence.licence_required is False
    after = _licence(H20, "CN", None, date(2025, 4, 9), rules)
    assert after.licence.licence_required is True
    (req,) = after.licence.requirements
    assert req.rule.id == "us.letter.h20.v2025"
    assert req.rule.status.value == "company_specific"
    assert req.review_policy is ReviewPolicy.NOT_PUBLISHED
    assert "us.letter.h20.v2025" in after.rule_ids


def test_h20_letter_reaches_china_headquartered_buyers_abroad(rules: RuleSet) -> None:
    result = _licence(H20, "FR", "CN", IN_2026, rules)
    assert [r.rule.id for r in result.licence.requirements] == ["us.letter.h20.v2025"]
    assert _licence(H20, "FR", "FR", IN_2026, rules).licence.licence_required is False


def test_china_headquartered_buyer_for_a_french_site(rules: RuleSet) -> None:
    result = _licence(H100, "FR", "CN", IN_2026, rules)
    lic = result.licence
    assert lic.licence_required is True
    assert [r.rule.id for r in lic.requirements] == ["us.hq.d5mo.v2023"]
    assert lic.review_policy is ReviewPolicy.PRESUMPTION_OF_DENIAL
    assert lic.unlikely
    text = "\n".join(result.explanation())
    assert "end user headquartered in CN" in text
    assert "2023-11-17" in text and "enforced" in text
    assert result.advice in text


def test_french_buyer_for_a_french_site_needs_no_licence_under_enforced_posture(
    rules: RuleSet,
) -> None:
    result = _licence(H100, "FR", "FR", IN_2026, rules)
    assert result.licence.licence_required is False
    # The AI Diffusion text is reported, not applied.
    assert any("us.rs.3A090a.worldwide.v2025" in n for n in result.licence.notes)
    assert result.posture_notice in "\n".join(result.explanation())


def test_codified_posture_applies_ai_diffusion_with_aia_for_tier_1(rules: RuleSet) -> None:
    fr = _licence(H100, "FR", "US", IN_2026, rules, posture=Posture.CODIFIED)
    (req,) = fr.licence.requirements
    assert req.rule.id == "us.rs.3A090a.worldwide.v2025"
    assert [o.code for o in req.exceptions] == ["AIA"]
    assert not fr.licence.unlikely
    india = _licence(H100, "IN", "IN", IN_2026, rules, posture=Posture.CODIFIED)
    (req,) = india.licence.requirements
    assert req.review_policy is ReviewPolicy.CASE_BY_CASE and req.exceptions == ()
    # Before 2025-01-13 the worldwide rule did not exist.
    early = _licence(H100, "IN", "IN", date(2024, 12, 1), rules, posture=Posture.CODIFIED)
    assert early.licence.licence_required is False


def test_h100_to_china_across_the_dates(rules: RuleSet) -> None:
    # 2022 rule: China incl. Hong Kong, presumption of denial.
    r2022 = _licence(H100, "HK", None, date(2022, 12, 1), rules)
    assert [r.rule.id for r in r2022.licence.requirements] == ["us.rs.3A090.cn.v2022"]
    assert r2022.licence.destination == "CN"
    # Macau only from 2023-01-17.
    assert _licence(H100, "MO", None, date(2022, 12, 1), rules).licence.licence_required is False
    assert _licence(H100, "MO", None, date(2023, 2, 1), rules).licence.licence_required is True
    # Before any rule, only NVIDIA's company-specific letter (from 2022-08-26).
    assert _licence(H100, "CN", None, date(2022, 8, 1), rules).licence.licence_required is False
    letter = _licence(H100, "CN", None, date(2022, 9, 1), rules)
    assert [r.rule.id for r in letter.licence.requirements] == ["us.letter.nvidia.2022"]


def test_h100_to_china_2024_is_presumption_of_denial(rules: RuleSet) -> None:
    result = _licence(H100, "CN", None, AFTER_2023, rules)
    (req,) = result.licence.requirements
    assert req.rule.id == "us.rs.3A090.v2023"
    assert req.review_policy is ReviewPolicy.PRESUMPTION_OF_DENIAL and req.review_verified
    assert result.licence.unlikely


def test_2026_china_lane_h200_versus_b200(rules: RuleSet) -> None:
    # H200: TPP 15,831 < 21,000 and 4,800 GB/s < 6,500 GB/s → case-by-case if exported from the US.
    h200 = _licence(H200, "CN", None, IN_2026, rules, export_from_us=True)
    assert h200.licence.review_policy is ReviewPolicy.CASE_BY_CASE
    assert "us.lane.cn.v2026" in h200.rule_ids
    assert not h200.licence.unlikely
    # Origin not known: the lane is explained but the presumption of denial stays.
    unknown = _licence(H200, "CN", None, IN_2026, rules)
    assert unknown.licence.review_policy is ReviewPolicy.PRESUMPTION_OF_DENIAL
    assert "us.lane.cn.v2026" in unknown.licence.requirements[0].review_note
    # Before the lane existed.
    early = _licence(H200, "CN", None, date(2026, 1, 14), rules, export_from_us=True)
    assert early.licence.review_policy is ReviewPolicy.PRESUMPTION_OF_DENIAL
    # B200: FP4 9,000 × 4 = 36,000 ≥ 21,000 → outside the lane.
    b200 = _licence(B200, "CN", None, IN_2026, rules, export_from_us=True)
    assert b200.licence.review_policy is ReviewPolicy.PRESUMPTION_OF_DENIAL


def test_lane_does_not_help_d5_headquartered_buyers_elsewhere(rules: RuleSet) -> None:
    result = _licence(H200, "MY", "CN", IN_2026, rules, export_from_us=True)
    assert [r.rule.id for r in result.licence.requirements] == ["us.hq.d5mo.v2023"]
    assert result.licence.review_policy is ReviewPolicy.PRESUMPTION_OF_DENIAL


def test_rtx_4090_to_china_may_use_nac_and_to_vietnam_aca(rules: RuleSet) -> None:
    cn = _licence(RTX4090, "CN", None, AFTER_2023, rules)
    (req,) = cn.licence.requirements
    assert req.review_policy is ReviewPolicy.PRESUMPTION_OF_DENIAL
    assert [o.code for o in req.exceptions] == ["NAC"]
    assert "25 days" in req.exceptions[0].conditions
    assert not cn.licence.unlikely
    vn = _licence(RTX4090, "VN", None, AFTER_2023, rules)
    (req,) = vn.licence.requirements
    assert [o.code for o in req.exceptions] == ["ACA"]
    assert req.review_policy is ReviewPolicy.PRESUMPTION_OF_APPROVAL
    assert req.review_verified is False  # not found in the regulation text


def test_rtx_4090d_needs_no_licence_for_china(rules: RuleSet) -> None:
    assert _licence(RTX4090D, "CN", None, AFTER_2023, rules).licence.licence_required is False


def test_d4_and_a5_exclusions(rules: RuleSet) -> None:
    # Saudi Arabia (D:4, not A:5/A:6) needs a licence; Israel (D:4 but A:6) does not.
    assert _licence(L40S, "SA", None, AFTER_2023, rules).licence.licence_required is True
    assert _licence(L40S, "IL", None, AFTER_2023, rules).licence.licence_required is False
    # The UAE is named explicitly although it is in A:5.
    assert _licence(L40S, "AE", None, AFTER_2023, rules).licence.licence_required is True


def test_deployment_in_the_united_states_is_not_an_export(rules: RuleSet) -> None:
    assert _licence(H100, "US", "CN", IN_2026, rules).licence.licence_required is False


def test_russia_needs_a_licence_even_below_3a090(rules: RuleSet) -> None:
    result = _licence(L20, "RU", None, IN_2026, rules)
    assert [r.rule.id for r in result.licence.requirements] == ["us.746.8.ru_by"]
    assert result.licence.unlikely


def test_ascend_gp10_flag_from_2025_05_13(rules: RuleSet) -> None:
    # FP16 320 × 16 = 5,120 → would be 3A090.a.1.
    assert _licence(ASCEND, "DE", None, date(2025, 5, 12), rules).licence.flags == ()
    result = _licence(ASCEND, "DE", None, date(2025, 5, 13), rules)
    (flag,) = result.licence.flags
    assert flag.rule.id == "us.gp10.prc_ics.v2025"
    assert "GP10 risk" in flag.text
    assert "us.gp10.prc_ics.v2025" in result.rule_ids


def test_indeterminate_classification_leaves_licence_undecided(rules: RuleSet) -> None:
    chip = chip_from_figures(375, 8, datacenter=True)
    result = evaluate(chip, "SA", None, AFTER_2023, rules)
    assert result.licence.licence_required is None
    assert "cannot be decided" in "\n".join(result.explanation())


# --------------------------------------------------------------------------- shipped catalogue

# DOMAIN.md §5 worked results and research §2.1, for the catalogue entries as shipped.
SHIPPED_EXPECTED = {
    "nvidia-h100-sxm": ("3A090.a.1", 15831.2, "3A090.a"),
    "nvidia-h800-sxm": ("3A090.a.1", 15831.2, NOT_3A090),  # NVLink 400 GB/s in 2022
    "nvidia-h200-sxm": ("3A090.a.1", 15831.2, "3A090.a"),
    "nvidia-a100-sxm-80gb": ("3A090.a.1", 4992, "3A090.a"),
    "nvidia-a800-sxm": ("3A090.a.1", 4992, NOT_3A090),
    "nvidia-l40s": ("3A090.a.1", 5864, NOT_3A090),
    "nvidia-l4": ("3A090.a.2", 1940, NOT_3A090),
    "nvidia-l20": (NOT_3A090, 1912, NOT_3A090),
    "nvidia-h20": (NOT_3A090, 2368, NOT_3A090),
    "nvidia-rtx-4090": ("3A090.a", 5284.8, NOT_3A090),
    "nvidia-rtx-4090d": (NOT_3A090, 4707, NOT_3A090),
    "nvidia-b200": ("3A090.a.1", 36000, "3A090.a"),
}


@pytest.mark.parametrize("acc_id", sorted(SHIPPED_EXPECTED))
def test_shipped_catalogue_classifications(acc_id: str, rules: RuleSet) -> None:
    from computescore.services.catalogue import load_catalogue

    accelerator = load_catalogue().get(acc_id)
    assert accelerator is not None, f"{acc_id} missing from the shipped catalogue"
    now, tpp, in_2023 = SHIPPED_EXPECTED[acc_id]
    result = classify(chip_from_accelerator(accelerator), IN_2026, rules)
    assert result.eccn == now
    assert result.tpp == pytest.approx(tpp, rel=1e-3)
    assert classify(chip_from_accelerator(accelerator), date(2023, 6, 1), rules).eccn == in_2023


def test_every_shipped_accelerator_gets_a_definite_outcome(rules: RuleSet) -> None:
    from computescore.services.catalogue import load_catalogue

    for accelerator in load_catalogue().accelerators.values():
        result = classify(chip_from_accelerator(accelerator), IN_2026, rules)
        assert result.eccn != INDETERMINATE, accelerator.id
        assert result.explanation


@pytest.mark.parametrize(
    ("acc_id", "inside"),
    [
        ("nvidia-h200-sxm", True),  # 15,831 < 21,000 and 4,800 < 6,500 GB/s
        ("amd-mi325x", True),  # 20,919 < 21,000 and 6,000 < 6,500 GB/s
        ("nvidia-b200", False),  # 36,000 ≥ 21,000
        ("intel-gaudi3", False),  # 29,360 ≥ 21,000 although 3,670 GB/s < 6,500
    ],
)
def test_shipped_parts_and_the_2026_china_lane(acc_id: str, inside: bool, rules: RuleSet) -> None:
    from computescore.services.catalogue import load_catalogue

    accelerator = load_catalogue().get(acc_id)
    assert accelerator is not None
    result = evaluate(
        chip_from_accelerator(accelerator), "CN", None, IN_2026, rules, export_from_us=True
    )
    expected = ReviewPolicy.CASE_BY_CASE if inside else ReviewPolicy.PRESUMPTION_OF_DENIAL
    assert result.licence.review_policy is expected


def test_a_chip_entered_by_figures_to_a_company_rule_destination_cannot_be_decided(
    rules: RuleSet,
) -> None:
    # H20-like figures (148 TFLOPS × 16 = TPP 2,368, below every 3A090 line) without a
    # maker: the NVIDIA-specific rule for CN might cover it, so "no licence" would be a
    # guess. Named as the catalogue's H20, the maker is known and the rule applies.
    chip = chip_from_figures(
        148.0,
        16,
        die_area_mm2=814.0,
        interconnect_gbps=900.0,
        memory_bandwidth_gbps=4000.0,
        datacenter=True,
    )
    day = date(2026, 11, 25)
    unknown = evaluate(chip, "CN", None, day, rules)
    assert unknown.licence.licence_required is None
    assert any(line.startswith("Licence: cannot be determined") for line in unknown.explanation())
    # The same figures to Germany: outside the rule's scope whatever the maker.
    assert evaluate(chip, "DE", None, day, rules).licence.licence_required is False
    from computescore.services.catalogue import load_catalogue

    h20 = load_catalogue(()).get("nvidia-h20")
    assert h20 is not None
    named = evaluate(chip_from_accelerator(h20), "CN", None, day, rules)
    assert named.licence.licence_required is True


MI308X = _acc(
    "amd-mi308x", "AMD", {F8: 1000.0, B16: 500.0}, die=None, dc=True, link=896, mem_bw=5300
)
"""A user's own MI308X record (the figures are the user's: AMD publishes none)."""


def test_the_mi308_licence_requirement_applies_from_2025_04_15(rules: RuleSet) -> None:
    before = _licence(MI308X, "CN", None, date(2025, 4, 14), rules)
    assert "us.letter.mi308.v2025" not in [r.rule.id for r in before.licence.requirements]
    after = _licence(MI308X, "CN", None, date(2025, 4, 15), rules)
    assert after.licence.licence_required is True
    assert "us.letter.mi308.v2025" in [r.rule.id for r in after.licence.requirements]
    # Companies headquartered in China need it wherever the chip goes; others do not.
    abroad = _licence(MI308X, "FR", "CN", IN_2026, rules)
    assert "us.letter.mi308.v2025" in [r.rule.id for r in abroad.licence.requirements]
    french = _licence(MI308X, "FR", "FR", IN_2026, rules)
    assert "us.letter.mi308.v2025" not in [r.rule.id for r in french.licence.requirements]


def test_hbm_on_its_own_is_noted_from_december_2024(rules: RuleSet) -> None:
    before = _licence(H100, "FR", None, date(2024, 12, 1), rules)
    after = _licence(H100, "FR", None, date(2024, 12, 2), rules)
    assert not any("3A090.c" in note for note in before.licence.notes)
    (note,) = [note for note in after.licence.notes if "3A090.c" in note]
    assert "is not 3A090.c" in note and "§ 740.25" in note
