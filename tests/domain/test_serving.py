"""Serving arithmetic, hand-worked: GQA KV cache, decode, prefill, tensor parallelism, latency."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.sizing.serving import (
    Attention,
    Chip,
    decode_rate,
    kv_cache_per_sequence_gb,
    latency_check,
    mixed_throughput,
    prefill_time,
    serving_ceiling_tokens,
)

H100 = Chip("H100 SXM", peak_tflops=989.0, bandwidth_gbps=3350.0)
LLAMA3_70B = Attention(layers=80, kv_heads=8, head_dim=128, kv_bytes=2)
LLAMA2_13B = Attention(layers=40, kv_heads=40, head_dim=128, kv_bytes=2)


def test_grouped_query_attention_shrinks_the_kv_cache_by_its_head_ratio() -> None:
    # 2 × 80 × 8 × 128 × 2 B × 131,072 tokens = 42,949,672,960 B ≈ 42.9 GB: one H200 (141 GB)
    # holds it with the 8-bit weights, where full multi-head attention would need 343.6 GB.
    assert kv_cache_per_sequence_gb(LLAMA3_70B, 131_072).value == pytest.approx(42.94967296)
    full = Attention(layers=80, kv_heads=64, head_dim=128, kv_bytes=2)
    assert kv_cache_per_sequence_gb(full, 131_072).value == pytest.approx(343.59738368)
    fp8 = Attention(layers=80, kv_heads=8, head_dim=128, kv_bytes=1)
    assert kv_cache_per_sequence_gb(fp8, 131_072).value == pytest.approx(21.47483648)


def test_decode_at_batch_one_is_bound_by_memory_bandwidth_not_compute() -> None:
    # 13 B bf16 = 26 GB of weights; KV at 4,096 tokens = 2 × 40 × 40 × 128 × 2 × 4,096 B
    # = 3.3554 GB. Memory: 29.3554 GB ÷ (3,350 GB/s × 0.8) = 10.95 ms; compute:
    # 2 × 13e9 ÷ (989e12 × 0.4) = 0.066 ms. So 1 ÷ 10.95 ms = 91.3 tokens/s, where
    # peak × MFU ÷ (2 × params) would claim 15,215.
    kv = kv_cache_per_sequence_gb(LLAMA2_13B, 4096).value
    assert kv == pytest.approx(3.3554432)
    rate = decode_rate(13e9, 26.0, kv, H100, batch=1)
    assert rate.bound == "memory bandwidth"
    assert rate.step_s.value == pytest.approx(29.3554432 / 2680)
    assert rate.replica_tokens_per_s.value == pytest.approx(91.2946, rel=1e-4)
    assert pytest.approx(15215.4, rel=1e-4) == 989e12 * 0.4 / 26e9


def test_tensor_parallelism_never_multiplies_the_rate_per_accelerator() -> None:
    # 70 B bf16 = 140 GB over 2 × H100: step = 140 ÷ (2 × 3,350 × 0.8) = 26.12 ms;
    # the replica makes 38.29 tokens/s, each accelerator 19.14 — not 2 × 38.29.
    rate = decode_rate(70e9, 140.0, 0.0, H100, batch=1, tensor_parallel=2)
    assert rate.replica_tokens_per_s.value == pytest.approx(38.2857, rel=1e-4)
    assert rate.per_accelerator_tokens_per_s.value == pytest.approx(19.1429, rel=1e-4)


def test_a_larger_batch_raises_the_rate_until_compute_binds() -> None:
    small = decode_rate(13e9, 26.0, 0.5, H100, batch=1)
    large = decode_rate(13e9, 26.0, 0.5, H100, batch=64)
    assert large.replica_tokens_per_s.value > 20 * small.replica_tokens_per_s.value
    huge = decode_rate(13e9, 26.0, 0.0, H100, batch=4096, mfu=0.4)
    assert huge.bound == "compute"
    assert huge.replica_tokens_per_s.value == pytest.approx(989e12 * 0.4 / 26e9)


def test_prefill_and_the_latency_target() -> None:
    # 2 × 13e9 × 2,000 prompt tokens ÷ (989e12 × 0.4) = 131.4 ms to the first token.
    prefill = prefill_time(13e9, 2000, H100)
    assert prefill.value == pytest.approx(0.131446, rel=1e-4)
    decode = decode_rate(13e9, 26.0, 3.3554432, H100, batch=1)
    slow = latency_check(prefill, decode, target_ms=100)
    assert slow.meets is False
    assert slow.sentence == (
        "time to first token 131.4 ms, per output token 10.95 ms: misses the 100 ms target"
    )
    assert latency_check(prefill, decode, target_ms=200).meets is True
    # Split over 2 accelerators the prompt is read twice as fast.
    assert prefill_time(13e9, 2000, H100, tensor_parallel=2).value == pytest.approx(
        prefill.value / 2
    )
    with_attention = prefill_time(13e9, 2000, H100, layers=40, d_model=5120)
    assert with_attention.value == pytest.approx(
        (2 * 13e9 * 2000 + 2 * 40 * 2000**2 * 5120) / (989e12 * 0.4)
    )


@given(
    bandwidth=st.floats(100, 10_000),
    more=st.floats(1.0, 5.0),
    batch=st.integers(1, 512),
    weights=st.floats(1, 400),
    kv=st.floats(0, 50),
)
def test_more_bandwidth_never_lowers_decode_throughput(
    bandwidth: float, more: float, batch: int, weights: float, kv: float
) -> None:
    slow = decode_rate(7e10, weights, kv, Chip("a", 989, bandwidth), batch=batch)
    fast = decode_rate(7e10, weights, kv, Chip("b", 989, bandwidth * more), batch=batch)
    assert fast.replica_tokens_per_s.value >= slow.replica_tokens_per_s.value * (1 - 1e-12)


@given(n=st.integers(1, 16), batch=st.integers(1, 256))
def test_tensor_parallel_per_accelerator_rate_never_exceeds_one_chip_s(n: int, batch: int) -> None:
    one = decode_rate(7e10, 140.0, 1.0, H100, batch=batch, tensor_parallel=1)
    split = decode_rate(7e10, 140.0, 1.0, H100, batch=batch, tensor_parallel=n)
    assert split.per_accelerator_tokens_per_s.value <= one.per_accelerator_tokens_per_s.value * (
        1 + 1e-9
    )


def test_the_serving_ceiling_is_bandwidth_over_one_sequences_kv_cache() -> None:
    # Llama 2 13B at 4,096 tokens: 2 × 40 × 40 × 128 × 2 B × 4,096 = 3.355 GB of KV cache per
    # sequence. Each decode step reads it for every sequence, so however large the batch an
    # H100 generates at most 3,350 ÷ 3.355 = 998.5 tokens/s; its compute (989 TFLOP/s ÷
    # 26e9 FLOP per token = 38,038 tokens/s) is far from binding.
    kv = kv_cache_per_sequence_gb(LLAMA2_13B, 4096).value
    assert kv == pytest.approx(3.3554432)
    ceiling = serving_ceiling_tokens(kv, 13e9, H100)
    assert ceiling.value == pytest.approx(3350 / 3.3554432)
    assert ceiling.note == "memory bandwidth limits it"
    # With no cache to read (a short context rounds to nothing), compute binds.
    assert serving_ceiling_tokens(0.0, 13e9, H100).value == pytest.approx(989e12 / 26e9)


@given(
    batch=st.integers(1, 4096),
    tensor_parallel=st.integers(1, 16),
    weights=st.floats(0.5, 400),
    kv=st.floats(0.001, 50),
    efficiency=st.floats(0.1, 1.0),
    mfu=st.floats(0.05, 1.0),
)
def test_no_batch_or_layout_beats_the_serving_ceiling(
    batch: int, tensor_parallel: int, weights: float, kv: float, efficiency: float, mfu: float
) -> None:
    rate = decode_rate(
        7e10,
        weights,
        kv,
        H100,
        batch=batch,
        tensor_parallel=tensor_parallel,
        mfu=mfu,
        bandwidth_efficiency=efficiency,
    )
    ceiling = serving_ceiling_tokens(kv, 7e10, H100)
    assert rate.per_accelerator_tokens_per_s.value <= ceiling.value * (1 + 1e-9)


def test_prompt_tokens_are_read_at_the_prefill_rate_not_generated() -> None:
    # 13 B at FP8 on an H100: generating 368.9 tokens/s (decode-bound at batch 32, 8k
    # context); reading prompts 1,979 TFLOP/s × 0.4 ÷ 26 GFLOP = 30,446.2 tokens/s.
    # A chat mix of 25 % generated tokens: 1 ÷ (0.25 ÷ 368.9 + 0.75 ÷ 30,446.2) = 1,423.8
    # tokens/s served, so 2e9 tokens a day in 20 h need 2e9 ÷ (1,423.8 × 72,000) = 19.5
    # H100s, where counting every token at the generating rate needs 75.3.
    prefill = 1979e12 * 0.4 / 26e9
    assert prefill == pytest.approx(30446.15, rel=1e-6)
    served = mixed_throughput(368.9, prefill, 0.25)
    assert served == pytest.approx(1423.84, rel=1e-5)
    assert 2e9 / (served * 72_000) == pytest.approx(19.51, rel=1e-3)
    assert pytest.approx(75.30, rel=1e-3) == 2e9 / (368.9 * 72_000)


def test_every_token_generated_or_no_prefill_rate_is_the_generating_rate() -> None:
    assert mixed_throughput(368.9, 30446.2, 1.0) == 368.9
    assert mixed_throughput(368.9, 0.0, 0.25) == 368.9
    # A measured 6,000 tokens/s generating against an assumed prefill of 5,000: the prompt
    # is not read slower than tokens are generated, so the mix never lowers the rate.
    assert mixed_throughput(6000.0, 5000.0, 0.25) == pytest.approx(6000.0)
    # Only prompt tokens (an embedding workload): the prefill rate.
    assert mixed_throughput(368.9, 30446.2, 0.0) == pytest.approx(30446.2)


@given(
    decode=st.floats(1.0, 1e5),
    prefill=st.floats(1.0, 1e6),
    share=st.floats(0.0, 1.0),
    more=st.floats(0.0, 1.0),
)
def test_the_served_rate_is_never_below_generating_and_falls_as_more_is_generated(
    decode: float, prefill: float, share: float, more: float
) -> None:
    served = mixed_throughput(decode, prefill, share)
    assert decode * (1 - 1e-9) <= served <= max(decode, prefill) * (1 + 1e-9)
    heavier = mixed_throughput(decode, prefill, min(1.0, share + more))
    assert heavier <= served * (1 + 1e-9)
