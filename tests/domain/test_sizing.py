"""Sizing: compute, GPU-hours, memory, minimum accelerators and fit findings."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Peak, Precision
from computescore.domain.figures import UNMEASURED, format_number
from computescore.domain.findings import Finding, FindingSeverity
from computescore.domain.problems import Severity
from computescore.domain.sizing import (
    Fabric,
    ModelShape,
    assumed_shape,
    detect_fabric,
    fit_findings,
    gpu_hours,
    inference_memory_gb,
    kv_cache_gb,
    measurement_precision,
    min_accelerators,
    size_inference,
    size_training,
    training_flops,
    training_memory_gb,
)
from computescore.domain.sizing.serving import Attention, prompt_tokens_of
from computescore.domain.sizing.sizings import ServingSetup
from computescore.domain.workload import Purpose, Workload
from tests.domain.engine_records import H100, L40S, RTX4090


def test_seven_b_on_one_trillion_tokens_matches_the_hand_worked_example() -> None:
    # 6 × 7e9 × 1e12 = 4.2e22 FLOP.
    # 4.2e22 / (989e12 FLOP/s × 0.4 × 3600 s/h) = 4.2e22 / 1.424160e18 = 29,491.07 GPU-h.
    sizing = size_training(7e9, 1e12, H100, assumed_mfu=0.4, gpus=64, usd_per_gpu_hour=2.5)
    assert sizing.flops is not None and sizing.gpu_hours is not None
    assert sizing.flops.value == pytest.approx(4.2e22)
    assert sizing.gpu_hours.value == pytest.approx(29_491.07, abs=0.01)
    assert sizing.gpu_hours.unit == "GPU-h"
    assert "peak × MFU × 3600" in sizing.gpu_hours.formula
    # 29,491.07 GPU-h / (64 × 24 h = 1,536) = 19.1999 days; × US$2.50 = US$73,727.67.
    assert sizing.wall_clock_days is not None and sizing.cost_usd is not None
    assert sizing.wall_clock_days.value == pytest.approx(19.1999, abs=1e-4)
    assert sizing.cost_usd.value == pytest.approx(73_727.67, abs=0.01)
    # 7e9 × 16 B = 112 GB → ceil(112 / 80) = 2 cards.
    assert sizing.memory_gb is not None and sizing.memory_gb.value == pytest.approx(112.0)
    assert sizing.min_accelerators is not None and sizing.min_accelerators.value == 2
    assert UNMEASURED in sizing.gpu_hours.flags
    assert sizing.problems == ()


def test_measured_mfu_replaces_the_assumption_and_drops_the_unmeasured_flag() -> None:
    # 4.2e22 / (989e12 × 0.5 × 3600) = 23,592.86 GPU-h.
    sizing = size_training(7e9, 1e12, H100, assumed_mfu=0.4, measured_mfu=0.5)
    assert sizing.gpu_hours is not None and sizing.mfu is not None
    assert sizing.gpu_hours.value == pytest.approx(23_592.86, abs=0.01)
    assert UNMEASURED not in sizing.gpu_hours.flags
    assert sizing.mfu.formula.startswith("measured")


@pytest.mark.parametrize(
    ("params", "memory", "cards"),
    [(13e9, 208.0, 3), (70e9, 1120.0, 14), (10e9, 160.0, 2)],
)
def test_full_fine_tuning_memory_and_minimum_cards(
    params: float, memory: float, cards: int
) -> None:
    # 16 bytes per parameter: 13 B → 208 GB → 3 × 80 GB; 70 B → 1.12 TB → 14 cards;
    # exactly 160 GB fits two 80 GB cards (no rounding up past an exact fit).
    figure = training_memory_gb(params)
    assert figure.value == pytest.approx(memory)
    assert min_accelerators(figure.value, 80.0).value == cards


def test_kv_cache_of_a_llama_2_7b_shape() -> None:
    # 2 × 32 layers × 4096 × 4096 tokens × 1 sequence × 2 B = 2,147,483,648 B = 2.147 GB.
    shape = ModelShape(layers=32, d_model=4096)
    figure = kv_cache_gb(7e9, 4096, 1, shape)
    assert figure.value == pytest.approx(2.147483648)
    # Grouped-query attention with 8 query heads per KV head needs an eighth.
    gqa = kv_cache_gb(7e9, 4096, 1, replace(shape, kv_fraction=0.125))
    assert gqa.value == pytest.approx(2.147483648 / 8)
    # Doubling the batch doubles the cache; it grows linearly with context.
    assert kv_cache_gb(7e9, 8192, 2, shape).value == pytest.approx(4 * figure.value)


def test_assumed_shape_is_close_to_real_decoders_and_says_it_is_assumed() -> None:
    # (7e9 / (12 × 128²))^(1/3) = 35,604.2^(1/3) = 32.90 layers, width 4,211.
    shape = assumed_shape(7e9)
    assert shape.layers == pytest.approx(32.90, abs=0.01)
    assert shape.d_model == pytest.approx(4211.5, abs=1)
    figure = kv_cache_gb(7e9, 4096, 1)
    assert "assumed" in figure.flags
    assert "architecture assumed" in figure.note


def test_inference_memory_is_weights_plus_cache_by_precision() -> None:
    # 70e9 × 0.5 B (int4) = 35 GB of weights; bf16 would be 140 GB.
    shape = ModelShape(layers=80, d_model=8192, kv_fraction=0.125)
    int4 = inference_memory_gb(70e9, Precision.INT4, 4096, 1, shape)
    bf16 = inference_memory_gb(70e9, Precision.BF16, 4096, 1, shape)
    cache = 2 * 80 * 1024 * 4096 * 1 * 2 / 1e9  # 1.342 GB
    assert int4.value == pytest.approx(35.0 + cache)
    assert bf16.value == pytest.approx(140.0 + cache)


def test_inference_rate_is_limited_by_memory_bandwidth_at_batch_one() -> None:
    # Weights 14 GB + cache 2.147 GB = 16.147 GB read per step; at 80 % of 3,350 GB/s:
    # 2,680 / 16.147 = 165.97 tokens/s, far below the compute bound
    # 989e12 × 0.4 / (2 × 7e9) = 28,257 tokens/s.
    sizing = size_inference(
        7e9, 1e9, H100, assumed_mfu=0.4, shape=ModelShape(layers=32, d_model=4096)
    )
    assert sizing.tokens_per_second is not None and sizing.gpu_hours is not None
    assert sizing.tokens_per_second.value == pytest.approx(2680 / 16.147483648)
    # A quarter of the tokens are generated at 165.97 tokens/s, the prompt tokens read at
    # 28,257.1: 1 ÷ (0.25 ÷ 165.97 + 0.75 ÷ 28,257.1) = 652.39 tokens/s served, so 1e9
    # tokens / (652.39 × 3600) = 425.79 GPU-h per day → 18 accelerators around the clock.
    assert sizing.gpu_hours.value == pytest.approx(425.788, rel=1e-5)
    assert sizing.accelerators_for_load is not None
    assert sizing.accelerators_for_load.value == 18
    # Every token generated (output share 1): 1e9 / (165.97 × 3600) = 1,673.6 GPU-h → 70.
    generated = size_inference(
        7e9,
        1e9,
        H100,
        assumed_mfu=0.4,
        shape=ModelShape(layers=32, d_model=4096),
        output_share=1.0,
    )
    assert generated.gpu_hours is not None and generated.accelerators_for_load is not None
    assert generated.gpu_hours.value == pytest.approx(1e9 / (2680 / 16.147483648) / 3600)
    assert generated.accelerators_for_load.value == 70


def test_a_measured_rate_beyond_the_serving_ceiling_is_used_with_a_warning() -> None:
    # 7 B at 4,096 tokens (shape 32 × 4,096): 2.147 GB of KV cache per sequence, so an H100
    # generates at most 3,350 ÷ 2.147 = 1,560 tokens/s at any batch. A typed-in 2,000 is
    # used as given (the user asked for it) and warned about; 1,500 is not.
    shape = ModelShape(layers=32, d_model=4096)
    fast = size_inference(
        7e9, 1e9, H100, assumed_mfu=0.4, measured_tokens_per_second=2000, shape=shape
    )
    assert fast.tokens_per_second is not None and fast.tokens_per_second.value == 2000
    (warning,) = [p for p in fast.problems if "lighter load" in p.message]
    assert warning.severity is Severity.WARNING and warning.source == "workload"
    assert (
        f"at most {format_number(3350 / 2.147483648)} tokens/s" in warning.message
        and "at 4,096 tokens of context at any batch" in warning.message
    )
    fair = size_inference(
        7e9, 1e9, H100, assumed_mfu=0.4, measured_tokens_per_second=1500, shape=shape
    )
    assert not [p for p in fair.problems if "lighter load" in p.message]


def test_a_model_split_over_two_accelerators_is_not_counted_twice() -> None:
    # 70 B bf16 with GQA (80 layers, 8 KV heads, head dim 128) at 4,096 tokens: 140 GB of
    # weights + 1.342 GB of cache = 141.34 GB → 2 × H100 (80 GB). One step reads 141.34 GB
    # over 2 × 2,680 GB/s = 26.37 ms: the replica makes 37.92 tokens/s, each H100 18.96.
    attention = Attention(layers=80, kv_heads=8, head_dim=128, kv_bytes=2)
    serving = ServingSetup(attention=attention, prompt_tokens=1000, latency_ms=50)
    sizing = size_inference(70e9, 1e8, H100, assumed_mfu=0.4, serving=serving)
    assert sizing.min_accelerators is not None and sizing.min_accelerators.value == 2
    assert sizing.tokens_per_second is not None
    step = (140 + 1.34217728) / (2 * 2680)
    assert sizing.tokens_per_second.value == pytest.approx(1 / step / 2)
    # Prefill of 1,000 tokens: 2 × 70e9 × 1,000 ÷ (2 × 989e12 × 0.4) = 176.9 ms > 50 ms.
    assert sizing.time_to_first_token is not None
    assert sizing.time_to_first_token.value == pytest.approx(2 * 70e9 * 1000 / (2 * 989e12 * 0.4))
    assert "misses the 50 ms target" in sizing.latency
    assert any("misses the 50 ms target" in p.message for p in sizing.problems)


def test_the_first_token_waits_for_the_prompt_not_the_whole_context() -> None:
    # 13 B at 8,192 tokens of context, a quarter of the tokens generated: a typical prompt
    # is 8,192 × 0.75 = 6,144 tokens, read in 2 × 13e9 × 6,144 ÷ (989e12 × 0.4) = 403.8 ms
    # (538.4 ms if the whole context were prompt). Everything generated leaves one token.
    serving = ServingSetup(latency_ms=450)
    mixed = size_inference(13e9, 1e8, H100, assumed_mfu=0.4, context_length=8192, serving=serving)
    assert mixed.time_to_first_token is not None
    assert mixed.time_to_first_token.value == pytest.approx(2 * 13e9 * 6144 / (989e12 * 0.4))
    assert mixed.time_to_first_token.value * 1000 == pytest.approx(403.8, abs=0.05)
    assert "time to first token 403.8 ms" in mixed.latency
    prompts = size_inference(
        13e9, 1e8, H100, assumed_mfu=0.4, context_length=8192, serving=serving, output_share=0
    )
    assert prompts.time_to_first_token is not None
    assert prompts.time_to_first_token.value * 1000 == pytest.approx(538.4, abs=0.05)
    assert "misses the 450 ms target" in prompts.latency
    assert prompt_tokens_of(8192, 0.25) == 6144
    assert prompt_tokens_of(8192, 1.0) == 1
    assert prompt_tokens_of(8192, 0.0) == 8192


def test_measured_tokens_per_second_is_used_as_is() -> None:
    sizing = size_inference(7e9, 3.6e9, H100, assumed_mfu=0.4, measured_tokens_per_second=2500)
    assert sizing.gpu_hours is not None
    # The measured 2,500 tokens/s generates; the prompt tokens (three in four) are read at
    # 28,257.1 tokens/s: 7,902.5 served, 3.6e9 / (7,902.5 × 3,600) = 126.54 GPU-h per day
    # (400 if every token were generated at 2,500).
    assert sizing.gpu_hours.value == pytest.approx(126.542, rel=1e-5)
    assert UNMEASURED not in sizing.gpu_hours.flags
    inputs = {item.name: item.value for item in sizing.gpu_hours.inputs}
    assert inputs["token rate"] == 2500 and inputs["output share"] == 0.25


def test_bad_inputs_become_problems_not_exceptions() -> None:
    sizing = size_training(-1, 1e12, H100, assumed_mfu=1.4)
    assert sizing.gpu_hours is None
    messages = " ".join(p.message for p in sizing.problems)
    assert "params must be a positive number" in messages
    assert "cannot exceed 1" in messages


def test_missing_precision_falls_back_between_bf16_and_fp16() -> None:
    # The RTX 4090 record has an fp16 peak only.
    sizing = size_training(7e9, 1e12, RTX4090, assumed_mfu=0.4)
    assert sizing.gpu_hours is not None and sizing.precision is Precision.FP16
    assert any("fp16 peak is used" in p.message for p in sizing.problems)
    no_peak = replace(H100, peaks=(Peak(Precision.FP8, 1979.0),))
    failed = size_training(7e9, 1e12, no_peak, assumed_mfu=0.4)
    assert failed.gpu_hours is None
    assert any(p.severity.value == "error" for p in failed.problems)


def test_fabric_detection_from_quote_text() -> None:
    assert detect_fabric(["8x H100 SXM", "400G InfiniBand NDR fabric"]) is Fabric.INFINIBAND
    assert detect_fabric(["RoCEv2 100 GbE"]) is Fabric.ROCE
    assert detect_fabric(["2 x 100GbE uplinks"]) is Fabric.ETHERNET
    assert detect_fabric(["GB200 NVL72 rack"]) is Fabric.NVLINK_SWITCH
    assert detect_fabric(["p5.48xlarge with EFA"]) is Fabric.OTHER_RDMA
    assert detect_fabric(["Dedicated servers"]) is Fabric.UNKNOWN


def test_memory_sizes_and_internet_uplinks_are_not_a_fabric() -> None:
    # "80GB", "192GB", "180GB" are memory, not Ethernet speeds.
    for text in ("8x H100 SXM 80GB", "MI300X 192GB, on-demand", "8x B200 180GB, 2 TB RAM"):
        assert detect_fabric([text]) is Fabric.UNKNOWN
    # An internet uplink says nothing of the fabric between nodes.
    assert detect_fabric(["10 Gbps internet uplink, public IPs"]) is Fabric.UNKNOWN
    # 3,200 Gbps per node is RDMA-class (EFA), not plain Ethernet; 1.6 Tb/s too.
    assert detect_fabric(["3200 Gbps cluster networking"]) is Fabric.OTHER_RDMA
    assert detect_fabric(["1.6 Tb/s east-west per node"]) is Fabric.OTHER_RDMA
    assert detect_fabric(["8x 100G network"]) is Fabric.ETHERNET
    # Gaudi 3's catalogue interconnect names its on-die RoCE ports.
    assert detect_fabric(["Gaudi 3 128GB nodes", "24 x 200 GbE RoCE (integrated)"]) is Fabric.ROCE


def _rules(findings: tuple[Finding, ...]) -> dict[str, FindingSeverity]:
    return {f.rule_id: f.severity for f in findings}


def test_seventy_b_training_across_nodes_on_ethernet_is_knocked_out() -> None:
    # 1,120 GB needs 14 cards > 8 per node, and only Ethernet joins the nodes.
    findings = fit_findings(
        quote_key="v/q/r1",
        purpose=Purpose.TRAINING,
        memory_gb=1120,
        accelerator=H100,
        accelerators_quoted=16,
        accelerators_per_node=8,
        fabric=Fabric.ETHERNET,
    )
    rules = _rules(findings)
    assert rules["fit.multinode_fabric"] is FindingSeverity.KNOCKOUT
    assert rules["fit.parallelism"] is FindingSeverity.INFO
    knockout = next(f for f in findings if f.rule_id == "fit.multinode_fabric")
    assert knockout.title == "Model does not fit one node and no multi-node interconnect"
    assert knockout.quote_key == "v/q/r1"


def _sixteen_h100(memory_gb: float, fabric: Fabric) -> dict[str, FindingSeverity]:
    return _rules(
        fit_findings(
            quote_key="k",
            purpose=Purpose.TRAINING,
            memory_gb=memory_gb,
            accelerator=H100,
            accelerators_quoted=16,
            accelerators_per_node=8,
            fabric=fabric,
        )
    )


def test_multinode_fabric_findings_depend_on_the_fabric() -> None:
    assert "fit.multinode_fabric" not in _sixteen_h100(1120, Fabric.INFINIBAND)
    assert _sixteen_h100(1120, Fabric.UNKNOWN)["fit.multinode_fabric"] is FindingSeverity.WARNING
    # The 7 B model fits one node: data parallelism over Ethernet is slow, not impossible.
    assert _sixteen_h100(112, Fabric.ETHERNET)["fit.multinode_fabric"] is FindingSeverity.WARNING


def test_too_few_quoted_cards_is_a_capacity_knockout() -> None:
    findings = fit_findings(
        quote_key="k",
        purpose=Purpose.TRAINING,
        memory_gb=1120,
        accelerator=H100,
        accelerators_quoted=8,
        accelerators_per_node=8,
        fabric=Fabric.INFINIBAND,
    )
    assert _rules(findings)["fit.capacity"] is FindingSeverity.KNOCKOUT


def test_pool_fit_follows_the_accelerator_quadrant() -> None:
    pcie = fit_findings(
        quote_key="k",
        purpose=Purpose.TRAINING,
        memory_gb=112,
        accelerator=L40S,
        accelerators_quoted=8,
        accelerators_per_node=8,
        fabric=Fabric.ROCE,
    )
    assert _rules(pcie)["fit.pool"] is FindingSeverity.WARNING
    consumer = fit_findings(
        quote_key="k",
        purpose=Purpose.TRAINING,
        memory_gb=20,
        accelerator=RTX4090,
        accelerators_quoted=4,
        accelerators_per_node=4,
        fabric=Fabric.ETHERNET,
    )
    assert _rules(consumer)["fit.pool"] is FindingSeverity.WARNING
    experiment = fit_findings(
        quote_key="k",
        purpose=Purpose.EXPERIMENTATION,
        memory_gb=20,
        accelerator=RTX4090,
        accelerators_quoted=1,
        accelerators_per_node=None,
        fabric=Fabric.UNKNOWN,
    )
    assert experiment == ()
    inference = fit_findings(
        quote_key="k",
        purpose=Purpose.INFERENCE,
        memory_gb=16,
        accelerator=H100,
        accelerators_quoted=8,
        accelerators_per_node=8,
        fabric=Fabric.UNKNOWN,
    )
    assert _rules(inference)["fit.pool"] is FindingSeverity.INFO


@given(
    flops=st.floats(1e15, 1e26),
    peak=st.floats(10, 5000),
    mfu=st.floats(0.05, 0.95),
    gain=st.floats(1.0, 3.0),
)
def test_gpu_hours_fall_as_mfu_rises_and_scale_with_work(
    flops: float, peak: float, mfu: float, gain: float
) -> None:
    base = gpu_hours(flops, peak, mfu).value
    assert gpu_hours(flops, peak, min(0.99, mfu * gain)).value <= base * (1 + 1e-12)
    assert gpu_hours(2 * flops, peak, mfu).value == pytest.approx(2 * base)
    assert math.isclose(training_flops(7e9, 1e12).value, 4.2e22)


@pytest.mark.parametrize(
    ("method", "precision"),
    [
        ("Llama 3 70B pre-training, 64 × H100 SXM, BF16", Precision.BF16),
        ("serving in FP8 with TensorRT-LLM", Precision.FP8),
        ("bfloat16 mixed precision", Precision.BF16),
        ("fp8/FP8 both named the same way", Precision.FP8),
        ("BF16 training, FP8 inference", None),  # two precisions: not one measurement's
        ("MFU on the buyer's model", None),
        ("fp80 is no precision", None),
        ("", None),
    ],
)
def test_the_precision_a_measurement_names(method: str, precision: Precision | None) -> None:
    assert measurement_precision(method) is precision


# --- precision-specific MFU and the workload's model shape ---------------------------------


def test_fp8_training_takes_a_precision_specific_mfu() -> None:
    from computescore.domain.catalog import Precision
    from computescore.domain.sizing.sizings import size_workload
    from computescore.domain.workload import FP8_TRAINING_MFU_RATIO
    from tests.domain.engine_records import H100, workload

    bf16 = workload()  # 7 B × 1 T tokens, MFU 0.4
    fp8 = replace(bf16, precision=Precision.FP8)
    assert FP8_TRAINING_MFU_RATIO == 0.6
    assert fp8.mfu_at_precision == pytest.approx(0.24)
    assert "× 0.6 = 24%" in fp8.mfu_note
    # 6 × 7e9 × 1e12 = 4.2e22 FLOP. BF16: 989 TFLOP/s × 0.40 = 395.6 → 29,491 GPU-hours.
    # FP8: 1,979 TFLOP/s × 0.24 = 474.96 → 24,564 GPU-hours: 1.2× faster, not 2×.
    hours_bf16 = size_workload(bf16, H100).gpu_hours
    hours_fp8 = size_workload(fp8, H100).gpu_hours
    assert hours_bf16 is not None and hours_fp8 is not None
    assert hours_bf16.value == pytest.approx(4.2e22 / (989e12 * 0.4) / 3600)
    assert hours_bf16.value == pytest.approx(29_491, abs=1)
    assert hours_fp8.value == pytest.approx(24_564, abs=1)
    stated = replace(fp8, fp8_training_mfu=0.3)
    assert stated.mfu_at_precision == 0.3
    serving = replace(fp8, purpose=Purpose.INFERENCE)
    assert serving.mfu_at_precision == 0.4 and serving.mfu_note == ""


def test_the_workloads_model_shape_sizes_its_kv_cache() -> None:
    from computescore.domain.sizing.sizings import workload_attention, workload_serving_memory
    from computescore.domain.workload import workload_problems
    from tests.domain.engine_records import workload

    llama = replace(
        workload(purpose=Purpose.INFERENCE, params=70e9),
        training_tokens=None,
        tokens_per_day=1e9,
        context_length=131_072,
        batch_size=1,
    )
    assert workload_attention(llama) is None
    shaped = replace(llama, layers=80, kv_heads=8, head_dim=128)
    # 140 GB of bf16 weights + 2 × 80 × 8 × 128 × 2 B × 131,072 = 42.95 GB of cache.
    assert workload_serving_memory(shaped).value == pytest.approx(140 + 42.95, abs=0.01)
    assert workload_serving_memory(llama).value > workload_serving_memory(shaped).value + 200
    fp8_cache = replace(shaped, kv_bytes=1.0)
    assert workload_serving_memory(fp8_cache).value == pytest.approx(140 + 21.47, abs=0.01)
    assert "layers" in workload_problems(replace(llama, layers=80))
    assert "kv_bytes" in workload_problems(replace(shaped, kv_bytes=8))
    assert workload_problems(shaped) == {}


def test_the_tco_decode_bound_uses_the_workloads_shape() -> None:
    from computescore.domain.tco.throughput import decode_bound
    from tests.domain.engine_records import H100, workload

    llama = replace(
        workload(purpose=Purpose.INFERENCE, params=8e9),
        training_tokens=None,
        tokens_per_day=1e9,
        context_length=32_768,
        batch_size=16,
    )
    shaped = replace(llama, layers=32, kv_heads=8, head_dim=128)
    assumed, grouped = decode_bound(llama, (8, H100)), decode_bound(shaped, (8, H100))
    assert assumed is not None and grouped is not None
    # The grouped-query cache is 4.3 GB per sequence against the full multi-head one's
    # far larger: each decode step reads less, so more tokens come out per second.
    assert grouped.value > assumed.value


def _load(workload: Workload, **given: object):  # type: ignore[no-untyped-def]
    """load_findings on 16 × H100 priced, nothing else stated unless ``given``."""
    from computescore.domain.sizing import load_findings
    from tests.domain.engine_records import H100

    stated: dict[str, object] = {
        "accelerators_priced": 16,
        "stated_maximum": None,
        "accelerators_for_load": None,
        "job_days": None,
        **given,
    }
    return load_findings(quote_key="Q", workload=workload, accelerator=H100, **stated)  # type: ignore[arg-type]


def test_an_option_must_carry_the_load_and_the_job_cadence() -> None:
    from computescore.domain.findings import FindingSeverity
    from computescore.domain.sizing.sizings import size_workload
    from tests.domain.engine_records import H100, workload

    serving = replace(workload(purpose=Purpose.INFERENCE), training_tokens=None, tokens_per_day=2e9)
    short = _load(serving, accelerators_for_load=36.2)
    assert [(f.severity, f.rule_id) for f in short] == [(FindingSeverity.WARNING, "fit.load")]
    assert "needs 37 × NVIDIA H100 SXM" in short[0].reason and "priced for 16" in short[0].reason
    capped = _load(serving, accelerators_for_load=36.2, stated_maximum=24)
    assert capped[0].severity is FindingSeverity.KNOCKOUT and "at most 24" in capped[0].reason
    # 7 B × 1 T tokens on 8 × H100 at MFU 0.4: 29,491 GPU-hours ÷ 8 ÷ 24 = 153.6 days, longer
    # than a quarterly (91-day) cadence; 8 × 153.6 / 91 = 13.5 → 14 would finish in time.
    quarterly = replace(workload(accelerators=8), job_every_days=91)
    sizing = size_workload(quarterly, H100, gpus=8)
    assert sizing.wall_clock_days is not None
    assert sizing.wall_clock_days.value == pytest.approx(153.6, abs=0.1)
    late = _load(quarterly, accelerators_priced=8, job_days=sizing.wall_clock_days.value)
    assert [(f.severity, f.rule_id) for f in late] == [(FindingSeverity.KNOCKOUT, "fit.cadence")]
    assert "about 14 would finish in time" in late[0].reason
    assert late[0].workloads == ("fine-tune",)
    on_time = size_workload(quarterly, H100, gpus=14).wall_clock_days
    assert on_time is not None and on_time.value <= 91


def test_hardware_on_the_buyers_site_must_fit_its_power_budget() -> None:
    from computescore.domain.findings import FindingSeverity
    from tests.domain.engine_records import workload

    # 16 × 700 W × 1.8 = 20.16 kW against a 20 kW budget: over; against 25 kW: fits.
    over = _load(workload(), power=(16 * 0.7 * 1.8, 20.0))
    assert [(f.severity, f.rule_id) for f in over] == [(FindingSeverity.KNOCKOUT, "fit.power")]
    assert "20.2 kW of IT load" in over[0].reason and "20.0 kW budget" in over[0].reason
    assert _load(workload(), power=(16 * 0.7 * 1.8, 25.0)) == ()
    assert _load(workload()) == ()
