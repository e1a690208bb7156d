"""Total cost of ownership: hand-worked lines, FX, discounting and laws that must hold."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import date
from decimal import Decimal

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from computescore.domain.buy_vs_rent import affine_from_coefficients, break_even
from computescore.domain.catalog import Precision
from computescore.domain.figures import Figure
from computescore.domain.problems import Severity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    ExitTerms,
    FxRate,
    LineKind,
    MeasuredPerformance,
    PriceUnit,
    QuoteLine,
    ReliabilityTerms,
    VendorKind,
)
from computescore.domain.sensitivity import tornado
from computescore.domain.tco import (
    Assumptions,
    TcoCategory,
    Timing,
    UsefulBasis,
    assumptions_from_mapping,
    compute_tco,
    discount_factor,
    headline_at,
    headline_coefficients,
    scale_to_need,
    stated_flex,
    stated_maximum,
    stated_prepayment,
)
from computescore.domain.tco.commitments import owed_share
from computescore.domain.tco.compute_lines import prepaid_share
from computescore.domain.tco.helpers import sized_offer
from computescore.domain.tco.throughput import (
    DECODE_FORMULA,
    decode_rated,
    served_throughput,
    serving_ceiling,
    throughput_factor,
    within_serving_ceiling,
)
from computescore.domain.workload import Purpose, Workload, WorkloadClass
from tests.domain.engine_records import (
    CATALOGUE,
    DECISION_DATE,
    compute_line,
    cost_line,
    quote,
    workload,
)

RESERVED = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=12)
ON_DEMAND = compute_line("3.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8)
SERVER = compute_line("250000", PriceUnit.PER_UNIT, Deployment.PURCHASE, 8, nodes=1, per_node=8)

NO_DISCOUNT = Assumptions(discount_rate=0.0)
"""Assumptions of the figures worked by hand here: no cost of capital."""


def _tco(*lines: QuoteLine, hours: float = 8.0, months: int = 12, **assumptions: object):
    return compute_tco(
        quote("Vendor", *lines),
        workload(hours_per_day=hours, horizon_months=months),
        CATALOGUE,
        (),
        DECISION_DATE,
        Assumptions(**{"discount_rate": 0.0, **assumptions}),  # type: ignore[arg-type]
    )


def _line(tco, category: TcoCategory):  # type: ignore[no-untyped-def]
    return next(line for line in tco.lines if line.category is category)


def test_reserved_capacity_is_paid_whether_used_or_not() -> None:
    # 8 GPUs × US$2.00 × 12 months × 730 h = US$140,160 at any use.
    at_8 = _tco(RESERVED, hours=8)
    at_24 = _tco(RESERVED, hours=24)
    assert at_8.total_usd == pytest.approx(140_160.0)
    assert at_24.total_usd == pytest.approx(140_160.0)
    # Used: 8 GPUs × 8 h × 12 × 730/24 = 23,360 GPU-h → US$6.00 per GPU-hour used.
    assert at_8.used_gpu_hours.value == pytest.approx(23_360.0)
    assert at_8.usd_per_used_gpu_hour is not None
    assert at_8.usd_per_used_gpu_hour.value == pytest.approx(6.00)
    # Two-thirds of the commitment sits idle at 8 h/day: 140,160 × 16/24 = 93,440.
    assert at_8.idle_committed_usd is not None
    assert at_8.idle_committed_usd.value == pytest.approx(93_440.0)
    line = at_8.lines[0]
    assert "committed" in line.formula
    assert line.note == ""  # a 12-month term on a 12-month horizon needs no note


def test_on_demand_capacity_is_paid_for_hours_used() -> None:
    # 8 GPUs × US$3.00 × 8 h/day × 12 months × 730/24 days = US$70,080; at 16 h/day
    # it is US$140,160, the same as the reservation: 16 h/day is the break-even.
    assert _tco(ON_DEMAND, hours=8).total_usd == pytest.approx(70_080.0)
    assert _tco(ON_DEMAND, hours=16).total_usd == pytest.approx(140_160.0)
    per_used = _tco(ON_DEMAND, hours=8).usd_per_used_gpu_hour
    assert per_used is not None and per_used.value == pytest.approx(3.00)


def test_owned_server_energy_depreciation_and_operations() -> None:
    # One 8 × H100 server at US$250,000, 24 months, 12 h/day, defaults:
    # depreciation 4 years to 10 %: d = 24/48 = 0.5, value left = 250,000 × (1 − 0.5 × 0.9)
    # = 137,500 (so depreciation over the horizon = 112,500).
    # Power 700 W × 8 × 1.8 = 10.08 kW; hours in use 12 × 24 × 730/24 = 8,760.
    # Energy in use 10.08 × 1.5 PUE × 8,760 h × 0.16 = 21,192.192.
    # Energy idle 10.08 × 0.3 × 1.5 × 8,760 idle h × 0.16 = 6,357.6576.
    # Operations run the fleet every hour it exists, busy or idle:
    # US$2 × 8 GPUs × 730 h × 24 months = 280,320.
    tco = _tco(SERVER, hours=12, months=24)
    amounts = {line.category: 0.0 for line in tco.lines}
    for line in tco.lines:
        amounts[line.category] += line.amount_usd
    assert amounts[TcoCategory.HARDWARE] == pytest.approx(250_000.0)
    assert amounts[TcoCategory.RESIDUAL_VALUE] == pytest.approx(-137_500.0)
    assert amounts[TcoCategory.ENERGY] == pytest.approx(21_192.192 + 6_357.6576)
    assert amounts[TcoCategory.OPERATIONS] == pytest.approx(280_320.0)
    assert tco.total_usd == pytest.approx(420_369.8496)
    energy = [line for line in tco.lines if line.category is TcoCategory.ENERGY]
    assert energy[0].amount_usd == pytest.approx(21_192.192)
    assert "kW × PUE" in energy[0].formula
    residual = _line(tco, TcoCategory.RESIDUAL_VALUE)
    assert residual.timing is Timing.END
    assert "$112,500" in residual.note


def test_unit_results_for_the_reserved_quote() -> None:
    wl = workload(hours_per_day=8, horizon_months=12)
    datasheet = compute_tco(quote("V", RESERVED), wl, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    # Useful PFLOP-h = 0.989 PFLOP/s × 0.4 × 23,360 h = 9,241.2; 140,160 / 9,241.2 = 15.1668.
    assert datasheet.usd_per_useful_pflop_hour is not None
    assert datasheet.usd_per_useful_pflop_hour.value == pytest.approx(15.16684, rel=1e-5)
    assert "unmeasured" in datasheet.usd_per_useful_pflop_hour.flags
    assert datasheet.useful_basis is UsefulBasis.DATASHEET
    assert datasheet.useful_rate is not None
    assert datasheet.useful_rate.value == pytest.approx(395.6)  # 989 × 0.4 TFLOP/s
    tco = compute_tco(
        quote("V", RESERVED, performance=MeasuredPerformance(tokens_per_second=1000)),
        wl,
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    # A measurement beats the datasheet: training at 1,000 tokens/s per GPU does
    # 1,000 × 6 × 7e9 = 4.2e13 FLOP/s = 0.042 PFLOP/s of useful work; × 23,360 GPU-h
    # = 981.12 PFLOP-h → 140,160 / 981.12 = US$142.857 per useful PFLOP-hour.
    assert tco.useful_basis is UsefulBasis.MEASURED_TOKENS
    assert tco.useful_rate is not None and tco.useful_rate.value == pytest.approx(42.0)
    assert tco.usd_per_useful_pflop_hour is not None
    assert tco.usd_per_useful_pflop_hour.value == pytest.approx(140_160 / 981.12)
    assert tco.usd_per_useful_pflop_hour.flags == ()
    assert tco.useful_pflops_total == pytest.approx(8 * 0.042)
    # Tokens: 1,000/s per GPU × 3,600 × 23,360 GPU-h / 1e6 = 84,096 Mtok → US$1.6667/Mtok.
    assert tco.usd_per_million_tokens is not None
    assert tco.usd_per_million_tokens.value == pytest.approx(140_160 / 84_096)
    # Training job: 29,491.07 GPU-h × US$6.00 = US$176,946; 29,491.07 / (8 × 24) = 153.6 days.
    assert tco.training_job_usd is not None and tco.training_job_days is not None
    assert tco.training_job_usd.value == pytest.approx(176_946.4, abs=0.1)
    assert tco.training_job_days.value == pytest.approx(153.5993, abs=1e-3)


def _serving_on_cards() -> tuple[Workload, QuoteLine]:
    """A 13 B model served in fp8, 20 h/day for 12 months, and 8 RTX 4090s on demand at
    US$0.50 per GPU-hour."""
    serving = replace(
        workload(hours_per_day=20, horizon_months=12, purpose=Purpose.INFERENCE, params=13e9),
        precision=Precision.FP8,
    )
    cards = compute_line(
        "0.50", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, accelerator="nvidia-rtx-4090"
    )
    return serving, cards


def test_serving_tokens_give_useful_compute_where_the_catalogue_has_no_peak() -> None:
    # The RTX 4090 record has no fp8 peak. Serving a 13 B model at a measured 250
    # tokens/s per card generates 250 × 2 × 13e9 = 6.5e12 FLOP/s = 6.5 TFLOP/s of useful
    # work; the prompt tokens (three in four) are read at its fp16 peak 165.2 × MFU 0.4 =
    # 66.08 TFLOP/s, so it serves 1 ÷ (0.25 ÷ 6.5 + 0.75 ÷ 66.08) = 20.0757 TFLOP/s.
    # 8 cards on demand at US$0.50/GPU-h, 20 h/day, 12 months: used = 8 × 20 × 365
    # = 58,400 GPU-h; TCO 29,200; useful 0.0200757 × 58,400 = 1,172.42 PFLOP-h
    # → US$24.906 per useful PFLOP-hour; tokens served 20.0757e12 ÷ 26e9 = 772.14 a second,
    # 772.14 × 3,600 × 58,400 / 1e6 = 162,334 Mtok → US$0.17987 per million tokens.
    serving, cards = _serving_on_cards()
    measured = quote("Cards", cards, performance=MeasuredPerformance(tokens_per_second=250))
    tco = compute_tco(measured, serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert tco.total_usd == pytest.approx(29_200.0)
    assert tco.useful_basis is UsefulBasis.MEASURED_TOKENS
    served = 1 / (0.25 / 6.5 + 0.75 / (165.2 * 0.4))
    assert tco.useful_rate is not None and tco.useful_rate.value == pytest.approx(served)
    assert served == pytest.approx(20.0757, rel=1e-5)
    assert tco.usd_per_useful_pflop_hour is not None
    assert tco.usd_per_useful_pflop_hour.value == pytest.approx(24.906, rel=1e-4)
    assert tco.usd_per_million_tokens is not None
    assert tco.usd_per_million_tokens.value == pytest.approx(0.17987, rel=1e-4)
    # A measured MFU reads the prompts too, as the load check does: 165.2 × 0.5 = 82.6
    # TFLOP/s, so 1 ÷ (0.25 ÷ 6.5 + 0.75 ÷ 82.6) = 21.034 TFLOP/s served.
    both = quote("Cards", cards, performance=MeasuredPerformance(tokens_per_second=250, mfu=0.5))
    with_mfu = compute_tco(both, serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert with_mfu.useful_rate is not None
    assert with_mfu.useful_rate.value == pytest.approx(1 / (0.25 / 6.5 + 0.75 / 82.6))
    assert with_mfu.useful_rate.value == pytest.approx(21.034, rel=1e-4)
    # The tornado moves the measured generating rate, and names it so: 200 tokens/s is 5.2
    # TFLOP/s, served 1 ÷ (0.25 ÷ 5.2 + 0.75 ÷ 66.08) = 16.827.
    bars = {bar.name: bar for bar in tornado(tco, Assumptions(discount_rate=0.0)).bars}
    generated = bars["measured generated tokens"]
    assert (generated.unit, generated.base_value, generated.low_value) == (
        "tokens/s",
        250.0,
        pytest.approx(200.0),
    )
    low = 1 / (0.25 / 5.2 + 0.75 / 66.08)
    assert low == pytest.approx(16.827, rel=1e-4)
    assert generated.low_unit_usd == pytest.approx(24.906 * served / low, rel=1e-4)
    # Measured on an 8 B model, the rate is scaled per parameter to the 13 B workload for
    # the useful throughput and for the cost per million tokens alike: 250 × 8/13 =
    # 153.85 tokens/s generating, 4 TFLOP/s; over the mix 1 ÷ (0.25 ÷ 4 + 0.75 ÷ 66.08) =
    # 13.541 TFLOP/s, 520.8 tokens/s served → 520.8 × 3,600 × 58,400 / 1e6 = 109,494 Mtok.
    smaller = quote(
        "Cards",
        cards,
        performance=MeasuredPerformance(tokens_per_second=250, method="Llama 3.1 8B, vLLM"),
    )
    scaled = compute_tco(smaller, serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert scaled.useful_rate is not None
    mixed = 1 / (0.25 / (6.5 * 8 / 13) + 0.75 / (165.2 * 0.4))
    assert scaled.useful_rate.value == pytest.approx(mixed)
    assert mixed == pytest.approx(13.541, rel=1e-4)
    assert scaled.usd_per_million_tokens is not None
    assert scaled.usd_per_million_tokens.value == pytest.approx(
        29_200 / (mixed * 1e12 / 26e9 * 3600 * 58_400 / 1e6)
    )
    # The card has no FP8 units: an FP8 model is computed in FP16 on it, so its FP16 peak
    # stands in, and the TCO says so.
    wider = [p for p in tco.problems if "no fp8 peak" in p.message]
    assert wider and wider[0].severity is Severity.WARNING
    assert "its fp16 peak is used" in wider[0].message
    # Without a measurement, serving is bound by the decode step, not by the FP16 peak ×
    # MFU (165.2 × 0.4 = 66.08 TFLOP/s): 13 GB of fp8 weights + 3.429 GB of KV cache (4,096
    # tokens, shape assumed from 13 B) read per token at 80 % of 1,008 GB/s = 49.08
    # tokens/s per card × 2 × 13e9 = 1.276 TFLOP/s generating; the prompt tokens are read
    # at 66.08: 1 ÷ (0.25 ÷ 1.276 + 0.75 ÷ 66.08) = 4.825 TFLOP/s served.
    bare = compute_tco(quote("Cards", cards), serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert bare.useful_basis is UsefulBasis.DATASHEET
    assert bare.useful_rate is not None
    generating = 1008 * 0.8 / (13 + 3.429188460) * 26e9 / 1e12
    assert bare.useful_rate.value == pytest.approx(1 / (0.25 / generating + 0.75 / 66.08), rel=1e-6)
    inputs = {item.name: item for item in bare.useful_rate.inputs}
    assert inputs["generating"].source == "decode rate per accelerator × 2 × params"
    assert inputs["generating"].value == pytest.approx(generating, rel=1e-6)
    assert decode_rated(bare.useful_rate)
    assert "peak × MFU would claim 66.08 TFLOP/s" in bare.useful_rate.note
    assert bare.usd_per_used_gpu_hour is not None  # still US$0.50 per GPU-hour used
    assert bare.usd_per_used_gpu_hour.value == pytest.approx(0.50)
    # A precision with nothing wider to fall back on leaves the useful compute unknown.
    exotic = replace(serving, precision=Precision.FP64)
    unknown = compute_tco(quote("Cards", cards), exotic, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert unknown.useful_basis is UsefulBasis.UNKNOWN
    assert unknown.useful_missing == (
        "NVIDIA GeForce RTX 4090 has no fp64 peak in the catalogue, and the quote has no "
        "measured tokens/s"
    )


def test_a_measurement_beyond_the_peak_is_set_aside() -> None:
    # Serving tokens/s reused for a 70 B training job: 1,000 tokens/s × 6 × 70e9 = 420 useful
    # TFLOP/s per L40S, above its 362.05 TFLOP/s bf16 dense peak (a utilisation of 116 %).
    # It cannot be this workload's measurement: peak × assumed MFU is used instead,
    # 362.05 × 0.4 = 144.82 TFLOP/s, and no cost per million tokens is given.
    l40s = compute_line(
        "1.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, accelerator="nvidia-l40s"
    )
    reused = quote("Pool", l40s, performance=MeasuredPerformance(tokens_per_second=1000))
    tco = compute_tco(
        reused, workload(8, 12, params=70e9), CATALOGUE, (), DECISION_DATE, NO_DISCOUNT
    )
    assert tco.useful_basis is UsefulBasis.DATASHEET
    assert tco.useful_rate is not None and tco.useful_rate.value == pytest.approx(144.82)
    assert "set aside" in tco.useful_rate.note
    assert tco.usd_per_million_tokens is None
    (warning,) = [p for p in tco.problems if "cannot have been measured" in p.message]
    assert warning.severity is Severity.WARNING
    assert "1,000 tokens/s would mean 420 useful TFLOP/s per accelerator" in warning.message
    assert "362.1 TFLOP/s bf16 dense peak" in warning.message
    # Within the peak the measurement stands: 800 tokens/s × 6 × 70e9 = 336 TFLOP/s.
    fits = quote("Pool", l40s, performance=MeasuredPerformance(tokens_per_second=800))
    kept = compute_tco(
        fits, workload(8, 12, params=70e9), CATALOGUE, (), DECISION_DATE, NO_DISCOUNT
    )
    assert kept.useful_basis is UsefulBasis.MEASURED_TOKENS
    assert kept.useful_rate is not None and kept.useful_rate.value == pytest.approx(336.0)


def test_a_serving_rate_above_the_memory_bandwidths_ceiling_is_set_aside() -> None:
    # Serving a 13 B model in fp8 at 4,096 tokens of context, every sequence's KV cache
    # (3.429 GB, shape assumed from 13 B) is read for each token it generates: an RTX 4090
    # at 1,008 GB/s cannot generate more than 1,008 ÷ 3.429 = 293.9 tokens/s at any batch.
    # A measured 2,000 tokens/s was taken under a lighter load (a shorter context, or a
    # model that shares its KV heads): it is set aside, and the card is rated as an
    # unmeasured one is, by its decode step at the workload's batch (1): 1,008 × 0.8 ÷
    # (13 + 3.429) GB = 49.08 tokens/s × 2 × 13e9 = 1.276 TFLOP/s generating; with the
    # prompt tokens read at 66.08 TFLOP/s, 1 ÷ (0.25 ÷ 1.276 + 0.75 ÷ 66.08) = 4.825.
    serving, cards = _serving_on_cards()
    kv = 3.429188460
    fast = quote("Cards", cards, performance=MeasuredPerformance(tokens_per_second=2000))
    tco = compute_tco(fast, serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert tco.useful_basis is UsefulBasis.DATASHEET
    assert tco.useful_rate is not None
    generating = 1008 * 0.8 / (13 + kv) * 26e9 / 1e12
    served = 1 / (0.25 / generating + 0.75 / (165.2 * 0.4))
    assert tco.useful_rate.value == pytest.approx(served, rel=1e-6)
    assert served == pytest.approx(4.8251, rel=1e-4)
    assert "measured 2,000 tokens/s set aside" in tco.useful_rate.note
    assert tco.usd_per_million_tokens is None
    (warning,) = [p for p in tco.problems if "lighter load" in p.message]
    assert warning.severity is Severity.WARNING
    assert (
        "the measured 2,000 tokens/s is more than the NVIDIA GeForce RTX 4090's memory "
        "bandwidth allows for this workload's model at 4,096 tokens of context, at any batch "
        "(at most 293.9 tokens/s per accelerator" in warning.message
    )
    assert warning.message.count("lighter load") == 1
    # The ceiling itself: bandwidth ÷ KV per sequence, below the compute limit (the fp16
    # peak of 165.2 TFLOP/s ÷ 26e9 FLOP per token = 6,354 tokens/s).
    ceiling = serving_ceiling(serving, (8, CATALOGUE["nvidia-rtx-4090"]))
    assert ceiling is not None
    assert ceiling.value == pytest.approx(1008 / kv * 26e9 / 1e12, rel=1e-6)
    # The load check counts the same: 2,000 is not counted, 250 is.
    card = CATALOGUE["nvidia-rtx-4090"]
    assert within_serving_ceiling(2000.0, serving, card) is None
    assert within_serving_ceiling(250.0, serving, card) == 250.0
    # Training is not served: no ceiling.
    assert serving_ceiling(replace(serving, purpose=Purpose.TRAINING), (8, card)) is None


def test_a_quote_without_compute_lines_is_costed_but_not_a_compute_offer() -> None:
    # Colocation for 12 months: 40 kW × US$200 per kW-month = 96,000; remote hands
    # US$1,000 a month = 12,000; cage build-out 15,000 once. Total 123,000.
    colo = quote(
        "Colo",
        cost_line("200", PriceUnit.PER_KW_MONTH, CostCategory.FACILITY, quantity="40"),
        cost_line("1000", PriceUnit.PER_MONTH, CostCategory.SUPPORT),
        cost_line("15000", PriceUnit.TOTAL, CostCategory.INSTALLATION),
        kind=VendorKind.COLOCATION,
    )
    tco = compute_tco(colo, workload(8, 12), CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert tco.total_usd == pytest.approx(123_000.0)
    assert not tco.compute_offer and tco.gpu_count == 0
    assert tco.usd_per_used_gpu_hour is None and tco.usd_per_useful_pflop_hour is None
    assert tco.useful_missing == "no accelerators are quoted"
    assert any("supporting quote" in p.message for p in tco.problems)
    assert _tco(RESERVED).compute_offer


def test_owned_capacity_shows_the_facility_it_assumes() -> None:
    # No facility price: a 0 USD line names the assumption instead of leaving it out.
    facility = _line(_tco(SERVER), TcoCategory.FACILITY)
    assert facility.amount_usd == 0.0 and facility.costed
    assert "premises already paid for" in facility.note
    # With a facility price: 10.08 kW × US$150 × 12 months = 18,144.
    priced = _line(_tco(SERVER, facility_usd_per_kw_month=150.0), TcoCategory.FACILITY)
    assert priced.amount_usd == pytest.approx(18_144.0) and priced.note == ""


def test_spot_adds_a_lost_work_line() -> None:
    # 8 × US$1.00 × 24 h × 12 × 730/24 = 70,080. Lost work (DOMAIN §8), assumed: 0.02
    # interruptions/h × (2 h ÷ 2 + 0.25 h restart) + 0.05 h write ÷ 2 h = 0.025 + 0.025
    # = 5 % → 3,504.
    spot = compute_line("1.00", PriceUnit.PER_GPU_HOUR, Deployment.SPOT, 8)
    tco = _tco(spot, hours=24)
    lost = _line(tco, TcoCategory.SPOT_OVERHEAD)
    assert lost.amount_usd == pytest.approx(3_504.0)
    assert tco.total_usd == pytest.approx(73_584.0)
    interruptions = next(i for i in lost.inputs if i.name == "interruptions")
    assert interruptions.value == 0.02 and interruptions.source == "assumed"
    # A flat share set in the assumptions replaces the model.
    flat = _tco(spot, hours=24, spot_overhead=0.1)
    assert _line(flat, TcoCategory.SPOT_OVERHEAD).amount_usd == pytest.approx(7_008.0)


def test_a_quotes_stated_interruption_rate_wins_over_the_assumption() -> None:
    # Stated 0.1/h: 0.1 × 1.25 + 0.025 = 15 % of 70,080 = 10,512.
    spot = compute_line("1.00", PriceUnit.PER_GPU_HOUR, Deployment.SPOT, 8)
    stated = replace(
        quote("Vendor", spot),
        reliability=ReliabilityTerms(spot_interruptions_per_hour=0.1),
    )
    tco = compute_tco(
        stated,
        workload(hours_per_day=24),
        CATALOGUE,
        (),
        DECISION_DATE,
        Assumptions(discount_rate=0.0),
    )
    lost = _line(tco, TcoCategory.SPOT_OVERHEAD)
    assert lost.amount_usd == pytest.approx(10_512.0)
    assert any(i.source == "stated in the quote" for i in lost.inputs)


@given(
    st.floats(min_value=0, max_value=0.5),
    st.floats(min_value=0.1, max_value=24),
    st.floats(min_value=0, max_value=2),
)
def test_more_interruptions_never_lose_less_work(
    rate: float, interval: float, restart: float
) -> None:
    from computescore.domain.unit_economics import spot_lost_work

    lower = spot_lost_work(rate, interval, restart).value
    higher = spot_lost_work(rate * 1.5 + 0.01, interval, restart).value
    assert higher >= lower


def test_short_terms_are_renewed_or_lapse_and_long_terms_are_capped() -> None:
    six = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=6)
    # Renewed: 12 months × 8 × 730 × 2 = 140,160; not renewed: 6 months = 70,080.
    renewed = _tco(six)
    assert renewed.total_usd == pytest.approx(140_160.0)
    assert "renewed" in renewed.lines[0].note
    lapsed = _tco(six, renew_short_terms=False)
    assert lapsed.total_usd == pytest.approx(70_080.0)
    assert any("not renewed" in p.message for p in lapsed.problems)


def test_a_commitment_longer_than_the_horizon_is_owed_or_its_termination_fee_paid() -> None:
    long_term = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=36)
    # 12 months in the horizon: 8 × 730 × 12 × 2 = 140,160. The 24 months after it are
    # owed: 140,160 × 24 ÷ 12 = 280,320, at the horizon's end; 420,480 in all.
    owed = _tco(long_term)
    assert owed.total_usd == pytest.approx(420_480.0)
    (past,) = [line for line in owed.lines if line.label.startswith("Commitment past")]
    assert past.amount_usd == pytest.approx(280_320.0)
    assert past.timing is Timing.END and past.category is TcoCategory.RENTED_COMPUTE
    assert "24 months owed" in past.label
    # With an early-termination fee of 25 % of the remaining value: 280,320 × 0.25 = 70,080.
    with_fee = compute_tco(
        replace(quote("Vendor", long_term), exit_terms=ExitTerms(termination_fee_pct=25.0)),
        workload(hours_per_day=8.0, horizon_months=12),
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    assert with_fee.total_usd == pytest.approx(210_240.0)
    assert any(line.label.startswith("Early termination: 24 months") for line in with_fee.lines)
    # Assumed to serve other work after the horizon: the months past it are left out, said.
    capped = _tco(long_term, owe_terms_past_horizon=False)
    assert capped.total_usd == pytest.approx(140_160.0)
    assert any("24 months past" in p.message for p in capped.problems)
    # Discounted, the sum owed at the end is worth less than as paid.
    discounted = _tco(long_term, discount_rate=0.08)
    (past,) = [line for line in discounted.lines if line.label.startswith("Commitment past")]
    assert past.present_value_usd < past.amount_usd


def test_a_cost_financed_past_the_horizon_is_owed_like_a_commitment() -> None:
    # Power upgrades financed at US$2,190 a month over 36 months, for a 12-month need:
    # 26,280 in the horizon; the 24 months after it are owed, 52,560, at the horizon's end.
    financed = cost_line("2190", PriceUnit.PER_MONTH, CostCategory.POWER, term=36)
    owed = _tco(RESERVED, financed)
    power = [line for line in owed.lines if line.category is TcoCategory.POWER]
    assert [line.amount_usd for line in power] == pytest.approx([26_280.0, 52_560.0])
    assert power[1].timing is Timing.END
    assert power[1].label == "Commitment past the horizon: 24 months owed, power"
    # A term no longer than the horizon, or no term, owes nothing more.
    for term in (12, 6, None):
        line = cost_line("2190", PriceUnit.PER_MONTH, CostCategory.POWER, term=term)
        within = _tco(RESERVED, line)
        assert [x.amount_usd for x in within.lines if x.category is TcoCategory.POWER] == [
            pytest.approx(26_280.0)
        ]
    # Assumed to be of use after the horizon: left out.
    kept = _tco(RESERVED, financed, owe_terms_past_horizon=False)
    assert sum(x.amount_usd for x in kept.lines if x.category is TcoCategory.POWER) == (
        pytest.approx(26_280.0)
    )


def test_the_share_owed_past_the_horizon() -> None:
    assert owed_share(24, 12, None) == pytest.approx(2.0)
    assert owed_share(24, 12, 25.0) == pytest.approx(0.5)
    assert owed_share(6, 12, 150.0) == pytest.approx(0.5)  # a fee above 100 % is capped
    assert owed_share(6, 12, 0.0) == 0.0


def test_cost_lines_are_priced_by_their_unit() -> None:
    lines = (
        SERVER,
        cost_line("2000", PriceUnit.PER_MONTH, CostCategory.SUPPORT),  # 2,000 × 12 = 24,000
        cost_line("0.05", PriceUnit.PER_GB, CostCategory.EGRESS, quantity="10000"),  # 500
        cost_line("0.02", PriceUnit.PER_GB_MONTH, CostCategory.STORAGE, quantity="50000"),
        cost_line("150", PriceUnit.PER_KW_MONTH, CostCategory.FACILITY),  # 10.08 kW derived
        cost_line("40000", PriceUnit.TOTAL, CostCategory.INSTALLATION),
    )
    tco = _tco(*lines)
    by_label = {line.category: line.amount_usd for line in tco.lines}
    assert by_label[TcoCategory.SUPPORT] == pytest.approx(24_000.0)
    assert by_label[TcoCategory.EGRESS] == pytest.approx(500.0)
    # 50,000 GB × US$0.02 × 12 months = 12,000.
    assert by_label[TcoCategory.STORAGE] == pytest.approx(12_000.0)
    # 150 × 10.08 kW (the server's IT load) × 12 months = 18,144.
    assert by_label[TcoCategory.FACILITY] == pytest.approx(18_144.0)
    installation = _line(tco, TcoCategory.INSTALLATION)
    assert installation.amount_usd == 40_000.0 and installation.timing is Timing.UPFRONT


def test_egress_without_volume_is_visible_not_silently_zero() -> None:
    egress = cost_line("0.05", PriceUnit.PER_GB, CostCategory.EGRESS)
    tco = _tco(RESERVED, egress)
    line = _line(tco, TcoCategory.EGRESS)
    assert line.amount_usd == 0.0 and "not costed" in line.note
    assert not line.costed and tco.not_costed == (line,)
    assert any("without a volume" in p.message for p in tco.problems)
    assert "price = 0.05 USD/GB" in [item.text() for item in line.inputs]
    # Free egress needs no volume: it is costed at 0, with no problem.
    free = _tco(RESERVED, cost_line("0", PriceUnit.PER_GB, CostCategory.EGRESS))
    assert free.not_costed == () and "free" in _line(free, TcoCategory.EGRESS).note
    assert not any("without a volume" in p.message for p in free.problems)
    # With the assumption of 1,000 GB a month: 0.05 × 12,000 GB = 600.
    assumed = _tco(RESERVED, egress, egress_gb_per_month=1000.0)
    assert _line(assumed, TcoCategory.EGRESS).amount_usd == pytest.approx(600.0)


def test_non_cuda_accelerators_add_adaptation_effort() -> None:
    mi = compute_line("15000", PriceUnit.PER_UNIT, Deployment.PURCHASE, 8, accelerator="amd-mi300x")
    tco = _tco(mi)
    line = _line(tco, TcoCategory.ADAPTATION)
    # 2 engineer-months × US$15,000 = 30,000, once.
    assert line.amount_usd == pytest.approx(30_000.0)
    assert "ROCM" in line.label
    assert not any(line.category is TcoCategory.ADAPTATION for line in _tco(SERVER).lines)


# ----------------------------------------------------------------------------- options


def _for(*lines: QuoteLine, hours: float = 8.0, months: int = 12, needed: int = 8, **kw: object):
    return compute_tco(
        quote("Vendor", *lines),
        workload(hours_per_day=hours, horizon_months=months, accelerators=needed),
        CATALOGUE,
        (),
        DECISION_DATE,
        Assumptions(**{"discount_rate": 0.0, **kw}),  # type: ignore[arg-type]
    )


def test_the_need_is_rounded_up_to_whole_nodes() -> None:
    nodes = compute_line(
        "25.20", PriceUnit.PER_NODE_HOUR, Deployment.ON_DEMAND, 32, nodes=4, per_node=8
    )
    # 16 needed at 8 per node = 2 nodes; 12 needed → 1.5 → 2 whole nodes = 16 accelerators;
    # 17 needed → 3 nodes = 24. Prices for the whole line scale by priced ÷ quoted.
    assert (scale_to_need(nodes, 16).nodes, scale_to_need(nodes, 16).accelerators) == (2, 16)
    twelve = scale_to_need(nodes, 12)
    assert (twelve.nodes, twelve.accelerators, twelve.factor) == (2, 16, 0.5)
    assert "rounded up to 2 whole nodes = 16 accelerators" in twelve.how
    assert (scale_to_need(nodes, 17).nodes, scale_to_need(nodes, 17).accelerators) == (3, 24)
    assert scale_to_need(nodes, 17).factor == pytest.approx(24 / 32)
    # No accelerator count on the workload: priced as quoted.
    as_quoted = scale_to_need(nodes, None)
    assert (as_quoted.nodes, as_quoted.accelerators, as_quoted.factor) == (4, 32, 1.0)
    # Per GPU without a node size: exactly the need (12 of 64 quoted = 0.1875).
    cards = compute_line("3.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 64)
    assert (scale_to_need(cards, 12).nodes, scale_to_need(cards, 12).accelerators) == (None, 12)
    assert scale_to_need(cards, 12).factor == pytest.approx(0.1875)
    # Nodes without a node size: 32 over 4 nodes = 8 per node.
    bare = replace(nodes, accelerators_per_node=None)
    assert (scale_to_need(bare, 12).nodes, scale_to_need(bare, 12).accelerators) == (2, 16)


def test_per_node_prices_are_charged_for_whole_nodes() -> None:
    # 4 nodes × 8 quoted at US$25.20 per node-hour; the workload needs 12 at 8 h/day for
    # 12 months (365 days): 2 whole nodes × 25.20 × 8 h × 365 = 147,168. A support line
    # at US$10 per GPU-month follows the 16 accelerators paid for: 10 × 16 × 12 = 1,920.
    nodes = compute_line(
        "25.20", PriceUnit.PER_NODE_HOUR, Deployment.ON_DEMAND, 32, nodes=4, per_node=8
    )
    support = cost_line("10", PriceUnit.PER_GPU_MONTH, CostCategory.SUPPORT)
    tco = _for(nodes, support, needed=12)
    assert _line(tco, TcoCategory.RENTED_COMPUTE).amount_usd == pytest.approx(147_168.0)
    assert _line(tco, TcoCategory.SUPPORT).amount_usd == pytest.approx(1_920.0)
    assert tco.total_usd == pytest.approx(149_088.0)
    assert (tco.accelerators_needed, tco.accelerators_priced, tco.gpu_count) == (12, 16, 12)
    # Used: the 12 the workload runs, 12 × 8 h × 365 = 35,040 GPU-h → 149,088 / 35,040.
    assert tco.used_gpu_hours.value == pytest.approx(35_040.0)
    assert tco.usd_per_used_gpu_hour is not None
    assert tco.usd_per_used_gpu_hour.value == pytest.approx(149_088 / 35_040)
    assert "rounded up to 2 whole nodes" in _line(tco, TcoCategory.RENTED_COMPUTE).note
    # A per-GPU price on 8-GPU instances rounds up too: 3.00 × 16 × 8 h × 365 = 140,160.
    instances = compute_line(
        "3.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 64, nodes=8, per_node=8
    )
    assert _for(instances, needed=12).total_usd == pytest.approx(140_160.0)
    # A server bought per unit: 12 needed → 2 servers × 250,000 = 500,000 of hardware.
    # A cost line keeps its quoted quantity (one installation at 5,000), with a note.
    install = cost_line("5000", PriceUnit.PER_UNIT, CostCategory.INSTALLATION, quantity="1")
    bought = _for(SERVER, install, needed=12)
    assert _line(bought, TcoCategory.HARDWARE).amount_usd == pytest.approx(500_000.0)
    assert _line(bought, TcoCategory.INSTALLATION).amount_usd == pytest.approx(5_000.0)
    assert not any("requote" in p.message for p in bought.problems)
    per_server = cost_line("5000", PriceUnit.PER_UNIT, CostCategory.INSTALLATION, quantity="2")
    noted = _for(SERVER, per_server, needed=24)  # 3 servers; the line stays 2 × 5,000
    assert _line(noted, TcoCategory.INSTALLATION).amount_usd == pytest.approx(10_000.0)
    (requote,) = [p for p in noted.problems if "requote" in p.message]
    assert "priced for 24 accelerators, not the 8 quoted" in requote.message
    # A one-off price for the whole line scales with it: 16 quoted for 400,000, 8 needed
    # → 400,000 × 8/16 = 200,000.
    lot = compute_line("400000", PriceUnit.TOTAL, Deployment.PURCHASE, 16)
    assert _line(_for(lot), TcoCategory.HARDWARE).amount_usd == pytest.approx(200_000.0)


def test_the_cheaper_of_on_demand_and_reserved_at_the_workloads_hours() -> None:
    # 8 GPUs, 12 months. Reserved 2.00 × 8 × 8,760 h = 140,160 at any use; on demand
    # 3.00 × 8 × h × 365. At 8 h/day on demand costs 70,080: it is chosen. At 20 h/day it
    # costs 175,200: the reservation is chosen.
    low = _for(RESERVED, ON_DEMAND, hours=8)
    assert low.chosen is not None and low.chosen.deployment is Deployment.ON_DEMAND
    assert low.total_usd == pytest.approx(70_080.0)
    assert [o.total_usd for o in low.options] == pytest.approx([140_160.0, 70_080.0])
    high = _for(RESERVED, ON_DEMAND, hours=20)
    assert high.chosen is not None and high.chosen.deployment is Deployment.RESERVED
    assert high.chosen_option == 1 and high.total_usd == pytest.approx(140_160.0)
    assert [o.total_usd for o in high.options] == pytest.approx([140_160.0, 175_200.0])
    assert high.choice.startswith(
        "cheapest per useful PFLOP-hour of 2 options for 8 accelerators at 20 h/day: "
        "12-month reserved NVIDIA H100 SXM"
    )
    # Only the chosen option is in the total; both quote lines stay visible.
    assert [line.category for line in high.lines] == [TcoCategory.RENTED_COMPUTE]
    assert [(q.role, q.counted) for q in high.quote_lines] == [
        ("option", True),
        ("option", False),
    ]
    assert [q.line for q in high.quote_lines] == [RESERVED, ON_DEMAND]


@given(
    reserved=st.decimals(min_value=Decimal("0.50"), max_value=Decimal("8"), places=2),
    premium=st.decimals(min_value=Decimal("0.05"), max_value=Decimal("5"), places=2),
    needed=st.integers(1, 40),
    hours=st.floats(0, 24),
)
def test_the_choice_flips_at_the_break_even_hours(
    reserved: Decimal, premium: Decimal, needed: int, hours: float
) -> None:
    # Reserved p_r × n × 8,760 h against on demand p_o × n × h × 365 over 12 months:
    # equal at h* = 24 × p_r / p_o. Below it on demand is chosen, above it the reservation.
    on_demand = reserved + premium
    lines = (
        compute_line(str(reserved), PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=12),
        compute_line(str(on_demand), PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8),
    )
    crossing = 24 * float(reserved) / float(on_demand)
    assume(abs(hours - crossing) > 1e-6)
    tco = _for(*lines, hours=hours, needed=needed)
    assert tco.chosen is not None
    expected = Deployment.ON_DEMAND if hours < crossing else Deployment.RESERVED
    assert tco.chosen.deployment is expected
    assert tco.total_usd == pytest.approx(min(o.total_usd for o in tco.options), rel=1e-12)


def test_purchase_against_lease_of_the_same_server() -> None:
    # One 8 × H100 server for 24 months: bought at 250,000 with a 20,000 installation that
    # belongs to the purchase, or capacity leased from a cloud (which runs it) at 18,000 per
    # node-month = 432,000 at any use.
    # Bought, at 4 h/day: value lost 250,000 − 137,500 = 112,500; energy in use 10.08 kW ×
    # 1.5 × 2,920 h × 0.16 = 7,064.064; idle 10.08 × 0.3 × 1.5 × 14,600 h × 0.16 = 10,596.096;
    # operations (every hour the fleet exists) 2 × 8 × 730 × 24 = 280,320; installation
    # 20,000 → 430,480.16: bought is cheaper.
    lease = compute_line(
        "18000", PriceUnit.PER_NODE_MONTH, Deployment.LEASE, 8, nodes=1, per_node=8, term=24
    )
    install = cost_line(
        "20000", PriceUnit.TOTAL, CostCategory.INSTALLATION, deployment=Deployment.PURCHASE
    )
    low = _for(SERVER, lease, install, hours=4, months=24)
    assert low.chosen is not None and low.chosen.deployment is Deployment.PURCHASE
    assert low.total_usd == pytest.approx(430_480.16)
    assert _line(low, TcoCategory.INSTALLATION).amount_usd == 20_000.0
    # At 12 h/day the purchase costs 420,369.85 (see the owned-server test) + 20,000
    # = 440,369.85 against 432,000: the lease, without the purchase's installation.
    high = _for(SERVER, lease, install, hours=12, months=24)
    assert high.chosen is not None and high.chosen.deployment is Deployment.LEASE
    assert high.total_usd == pytest.approx(432_000.0)
    assert high.options[0].total_usd == pytest.approx(440_369.8496)
    assert not any(line.category is TcoCategory.INSTALLATION for line in high.lines)
    assert (high.quote_lines[2].role, high.quote_lines[2].counted) == ("tied", False)
    # Bought: fixed (at 0 h/day) 112,500 + idle 10.08 × 0.3 × 1.5 × 17,520 × 0.16
    # = 12,715.3152 + operations 280,320 + 20,000 = 425,535.3152; per daily hour 1,766.016
    # (energy) − 529.8048 (less idle) = 1,236.2112. Against 432,000 the two break even at
    # (432,000 − 425,535.3152) / 1,236.2112 = 5.22943 h/day.
    a = Assumptions(discount_rate=0.0)
    owned = affine_from_coefficients(
        "buy", high.options[0].coefficients, a.energy_usd_per_kwh, a.residual_fraction
    )
    leased = affine_from_coefficients(
        "lease", high.options[1].coefficients, a.energy_usd_per_kwh, a.residual_fraction
    )
    assert owned.fixed_usd == pytest.approx(425_535.3152)
    assert owned.usd_per_daily_hour == pytest.approx(1_236.2112)
    crossing = break_even(owned, leased).hours_per_day
    assert crossing is not None and crossing.value == pytest.approx(5.22943, abs=1e-5)
    below = _for(SERVER, lease, install, hours=5.2, months=24).chosen
    above = _for(SERVER, lease, install, hours=5.3, months=24).chosen
    assert below is not None and below.deployment is Deployment.PURCHASE
    assert above is not None and above.deployment is Deployment.LEASE


def test_a_server_makers_lease_runs_at_the_buyers_site_like_a_purchase() -> None:
    # The same server leased from its maker at 9,000 per node-month for 24 months, 12 h/day:
    # the buyer runs it, so the lease carries what the purchase does besides the hardware —
    # 216,000 + operations 2 × 8 × 730 × 24 = 280,320 + energy in use 21,192.192 + idle
    # 6,357.6576 (the owned-server test) = 523,869.8496. A cloud's lease stays 216,000.
    lease = compute_line(
        "9000", PriceUnit.PER_NODE_MONTH, Deployment.LEASE, 8, nodes=1, per_node=8, term=24
    )
    maker = compute_tco(
        quote("Maker", lease, kind=VendorKind.SERVER_MAKER),
        workload(hours_per_day=12, horizon_months=24, accelerators=8),
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    assert maker.total_usd == pytest.approx(523_869.8496)
    categories = {line.category for line in maker.lines}
    assert {TcoCategory.OPERATIONS, TcoCategory.ENERGY, TcoCategory.FACILITY} <= categories
    cloud = _for(lease, hours=12, months=24)
    assert cloud.total_usd == pytest.approx(216_000.0)


def test_cost_per_useful_unit_decides_between_accelerators() -> None:
    # 8 GPUs, 8 h/day, 12 months: 23,360 GPU-h. H100 at 3.00 = 70,080 for 0.989 × 0.4
    # PFLOP/s each → 9,241.216 PFLOP-h → 7.5834 per useful PFLOP-hour. L40S at 1.20 = 28,032
    # for 0.36205 × 0.4 → 3,382.995 PFLOP-h → 8.2862. The H100 does more work per dollar.
    l40s = compute_line(
        "1.20", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, accelerator="nvidia-l40s"
    )
    tco = _for(l40s, ON_DEMAND)
    assert tco.chosen is not None and tco.chosen.accelerator == "nvidia-h100-sxm"
    assert tco.total_usd == pytest.approx(70_080.0)
    per_useful = [o.usd_per_useful_pflop_hour for o in tco.options]
    assert per_useful == pytest.approx([28_032 / 3_382.9952, 70_080 / 9_241.216])


def test_spot_is_not_chosen_for_a_steady_workload() -> None:
    # 8 GPUs, 24 h/day, 12 months: spot 1.00 × 8 × 8,760 = 70,080 + 5 % lost work = 73,584;
    # reserved 140,160.
    spot = compute_line("1.00", PriceUnit.PER_GPU_HOUR, Deployment.SPOT, 8)
    steady = compute_tco(
        quote("V", spot, RESERVED),
        workload(24, 12, workload_class=WorkloadClass.STEADY),
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    assert steady.total_usd == pytest.approx(140_160.0)
    assert not steady.options[0].eligible and steady.options[0].total_usd == pytest.approx(73_584)
    assert "1 spot option priced but not chosen" in steady.choice
    assert _for(spot, RESERVED, hours=24).total_usd == pytest.approx(73_584.0)  # variable
    allowed = compute_tco(
        quote("V", spot, RESERVED),
        workload(24, 12, workload_class=WorkloadClass.STEADY),
        CATALOGUE,
        (),
        DECISION_DATE,
        Assumptions(discount_rate=0.0, spot_for_steady=True),
    )
    assert allowed.total_usd == pytest.approx(73_584.0)


def test_an_option_short_of_the_need_is_priced_for_it_with_a_note() -> None:
    # Needed 16 at 8 h/day for 12 months; both options priced for 16:
    # 2.00 × 16 × 2,920 = 93,440 and 2.50 × 16 × 2,920 = 116,800.
    capped = compute_line(
        "2.00",
        PriceUnit.PER_GPU_HOUR,
        Deployment.ON_DEMAND,
        4,
        description="H100, up to 4 GPUs per customer",
    )
    small = compute_line("2.50", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8)
    tco = _for(capped, small, needed=16)
    assert tco.total_usd == pytest.approx(93_440.0)
    assert [o.total_usd for o in tco.options] == pytest.approx([93_440.0, 116_800.0])
    assert tco.options[0].stated_maximum == 4
    (warning,) = [p for p in tco.problems if "states a maximum of 4" in p.message]
    assert warning.severity is Severity.WARNING and "the workload needs 16" in warning.message
    (note,) = [p for p in tco.problems if "is quoted for 8 accelerators" in p.message]
    assert note.severity is Severity.INFO


@pytest.mark.parametrize(
    ("description", "unit", "expected"),
    [
        ("HGX H100, max. 4 nodes", PriceUnit.PER_NODE_HOUR, 32),
        ("H100 SXM, up to 32 GPUs", PriceUnit.PER_GPU_HOUR, 32),
        ("1x L40S, maximum 1 GPU per customer", PriceUnit.PER_GPU_HOUR, 1),
        ("capacity limited to 2 servers", PriceUnit.PER_GPU_HOUR, 16),
        ("H100 node (max 3)", PriceUnit.PER_NODE_HOUR, 24),
        ("8x H100, 3200 Gbps, up to 400 GB/s storage", PriceUnit.PER_NODE_HOUR, None),
        ("HGX H100 8-GPU server", PriceUnit.PER_NODE_HOUR, None),
    ],
)
def test_a_stated_maximum_is_read_from_the_description(
    description: str, unit: PriceUnit, expected: int | None
) -> None:
    line = compute_line(
        "1", unit, Deployment.ON_DEMAND, 8, nodes=1, per_node=8, description=description
    )
    assert stated_maximum(line) == expected


@pytest.mark.parametrize(
    ("description", "deployment", "flex", "prepaid"),
    [
        ("H100 (min. 64 GPUs; flex +25%)", Deployment.RESERVED, 0.25, None),
        ("H100, flex band 20 %, prepaid 50%", Deployment.RESERVED, 0.2, 0.5),
        ("H100 burst up to 30% above the commitment", Deployment.RESERVED, 0.3, None),
        ("H100 1-year All Upfront", Deployment.RESERVED, None, 1.0),
        ("H100 1-year No Upfront", Deployment.RESERVED, None, 0.0),
        ("H100 12-month, no flex, no prepayment", Deployment.RESERVED, 0.0, 0.0),
        ("H100 12-month, prepaid 0%", Deployment.RESERVED, None, 0.0),
        ("H100 1-year Partial Upfront", Deployment.RESERVED, None, None),  # share unstated
        ("H100 25% upfront, +10% flex", Deployment.LEASE, 0.1, 0.25),
        ("H100 on demand, flex +25%, prepaid 50%", Deployment.ON_DEMAND, None, None),
    ],
)
def test_a_flex_band_and_a_prepayment_are_read_from_a_commitments_description(
    description: str, deployment: Deployment, flex: float | None, prepaid: float | None
) -> None:
    line = compute_line("2", PriceUnit.PER_GPU_HOUR, deployment, 8, description=description)
    assert stated_flex(line) == flex
    assert stated_prepayment(line) == prepaid


def test_a_prepaid_share_is_paid_up_front_and_discounted_less() -> None:
    # 8 GPUs × US$2.00 × 12 months × 730 h = US$140,160; half is prepaid: 70,080 at month 0
    # and 70,080 over the 12 months. Undiscounted the total is the same.
    prepaid = replace(RESERVED, description="H100 reserved (prepaid 50%)")
    plain = _tco(RESERVED)
    tco = _tco(prepaid)
    assert tco.total_usd == pytest.approx(plain.total_usd) == pytest.approx(140_160.0)
    upfront = [line for line in tco.lines if line.timing is Timing.UPFRONT]
    assert [line.amount_usd for line in upfront] == pytest.approx([70_080.0])
    assert upfront[0].label.startswith("Prepaid")
    # At 8 % a year the monthly factor over 12 months is the mean of v^k, k = 0…11, with
    # v = 1.08^(−1/12): 0.965578. PV = 70,080 + 70,080 × 0.965578 = 137,747.68, against
    # 140,160 × 0.965578 = 135,335.36 paid monthly: prepaying costs 2,412.32 of PV.
    assert _tco(prepaid, discount_rate=0.08).present_value_usd == pytest.approx(
        137_747.68, abs=0.05
    )
    assert _tco(RESERVED, discount_rate=0.08).present_value_usd == pytest.approx(
        135_335.36, abs=0.05
    )


def test_the_prepaid_share_of_a_renewed_term() -> None:
    # Half of a 12-month term over 36 months: 0.5 × 12 ÷ 36 = 1/6 of the line's payments.
    assert prepaid_share(0.5, 12, 36) == pytest.approx(1 / 6)
    assert prepaid_share(1.0, 36, 12) == 1.0  # a term past the horizon: all within it
    assert prepaid_share(0.25, None, 24) == 0.25


EUR_RESERVED = compute_line(
    "2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=12, currency="EUR"
)
RATES = (
    FxRate("EUR", Decimal("1.08"), date(2026, 1, 1), "ECB"),
    FxRate("EUR", Decimal("1.10"), date(2026, 6, 1), "ECB"),
    FxRate("EUR", Decimal("1.20"), date(2026, 7, 15), "ECB"),
)


def test_fx_uses_the_newest_rate_on_or_before_the_evaluation_date() -> None:
    # €140,160 at 1.10 (1 June; the 15 July rate is after the 30 June decision) = US$154,176.
    tco = compute_tco(
        quote("V", EUR_RESERVED), workload(8, 12), CATALOGUE, RATES, DECISION_DATE, NO_DISCOUNT
    )
    assert tco.total_usd == pytest.approx(154_176.0)
    assert [fx.text() for fx in tco.fx_used] == ["1 EUR = 1.1000 USD (ECB, 2026-06-01)"]
    assert any(item.name == "FX" for item in tco.lines[0].inputs)
    override = compute_tco(
        quote("V", EUR_RESERVED),
        workload(8, 12),
        CATALOGUE,
        RATES,
        DECISION_DATE,
        Assumptions(discount_rate=0.0, fx_override={"EUR": 1.2}),
    )
    assert override.total_usd == pytest.approx(168_192.0)
    assert override.fx_used[0].source == "user override"


def test_a_missing_rate_is_a_problem_not_a_crash() -> None:
    # A cost line in CNY without a rate: the TCO is incomplete; the USD line is still costed.
    support = cost_line("1000", PriceUnit.PER_MONTH, CostCategory.SUPPORT, currency="CNY")
    tco = compute_tco(
        quote("V", RESERVED, support), workload(8, 12), CATALOGUE, RATES, DECISION_DATE, NO_DISCOUNT
    )
    assert not tco.complete
    assert tco.total_usd == pytest.approx(140_160.0)
    assert any("no CNY → USD rate" in p.message for p in tco.problems)
    # An option in CNY cannot be priced without a rate: the USD option is chosen, its TCO
    # is complete, and a warning says the CNY option was not compared.
    cny = compute_line("15", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, currency="CNY")
    tco = compute_tco(
        quote("V", cny, RESERVED), workload(8, 12), CATALOGUE, RATES, DECISION_DATE, NO_DISCOUNT
    )
    assert tco.complete and tco.total_usd == pytest.approx(140_160.0)
    assert tco.chosen is not None and tco.chosen.number == 2
    assert not tco.options[0].priced
    assert any("no CNY → USD rate" in p.message for p in tco.problems)
    assert any("could not be priced and is not compared" in p.message for p in tco.problems)
    assert tco.choice.endswith("; 1 option could not be priced")


def test_discounting_moves_money_by_timing() -> None:
    # 8 % a year: v = 1.08^(−1/12). Up front: factor 1. End of 24 months: 1.08^−2 = 0.857339.
    # Monthly over 24 months: mean of v^k for k = 0…23 = 0.929816.
    assert discount_factor(Timing.UPFRONT, 0, 24, 0.08) == 1.0
    assert discount_factor(Timing.END, 0, 24, 0.08) == pytest.approx(0.857339, abs=1e-6)
    assert discount_factor(Timing.MONTHLY, 24, 24, 0.08) == pytest.approx(0.929816, abs=1e-6)
    tco = _tco(SERVER, hours=12, months=24, discount_rate=0.08)
    residual = _line(tco, TcoCategory.RESIDUAL_VALUE)
    assert residual.present_value_usd == pytest.approx(-137_500 * 0.857339, rel=1e-6)
    # PV = 250,000 − 137,500 × 0.857339 + (21,192.19 + 6,357.66 + 280,320) × 0.929816
    #    = 250,000 − 117,884.09 + 286,262.17 = 418,378.08: the running costs come monthly and
    #    are discounted, so the present value is below the undiscounted total of 420,369.85.
    assert tco.headline_usd == tco.present_value_usd
    assert tco.present_value_usd == pytest.approx(418_378.08, abs=0.05)


def test_cash_flow_puts_one_offs_first_and_resale_last() -> None:
    tco = _tco(SERVER, hours=12, months=24)
    flows = tco.monthly_cash_flow_usd
    assert len(flows) == 25
    assert flows[0] > 250_000  # hardware plus the first month of running costs
    assert flows[24] == pytest.approx(-137_500.0)
    assert sum(flows) == pytest.approx(tco.total_usd)


def test_assumptions_from_stored_settings_keep_defaults_for_bad_values() -> None:
    assumptions, problems = assumptions_from_mapping(
        {
            "pue": 1.3,
            "residual_fraction": 1.5,
            "energy_usd_per_kwh": "0.2",
            "colour": "red",
            "fx_override": {"eur": 1.1},
        }
    )
    assert assumptions.pue == 1.3
    assert assumptions.energy_usd_per_kwh == 0.2
    assert assumptions.residual_fraction == Assumptions().residual_fraction
    assert assumptions.fx_override == {"EUR": 1.1}
    assert {p.source for p in problems} == {
        "assumptions:residual_fraction",
        "assumptions:colour",
    }


# ----------------------------------------------------------------------------- laws

prices = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("100000"), places=2)
counts = st.integers(min_value=1, max_value=64)


@st.composite
def any_line(draw: st.DrawFn) -> QuoteLine:
    if draw(st.booleans()):
        deployment = draw(st.sampled_from(list(Deployment)))
        if deployment is Deployment.PURCHASE:
            unit = draw(st.sampled_from([PriceUnit.PER_UNIT, PriceUnit.TOTAL]))
        else:
            unit = draw(
                st.sampled_from(
                    [
                        PriceUnit.PER_GPU_HOUR,
                        PriceUnit.PER_NODE_HOUR,
                        PriceUnit.PER_GPU_MONTH,
                        PriceUnit.PER_MONTH,
                        PriceUnit.TOTAL,
                    ]
                )
            )
        return compute_line(
            str(draw(prices)),
            unit,
            deployment,
            draw(counts),
            accelerator=draw(st.sampled_from(sorted(CATALOGUE))),
            term=draw(st.none() | st.integers(1, 48)),
            per_node=draw(st.sampled_from([None, 4, 8])),
        )
    return cost_line(
        str(draw(prices)),
        draw(st.sampled_from(list(PriceUnit))),
        draw(st.sampled_from(list(CostCategory))),
        quantity=draw(st.none() | st.sampled_from(["1", "10", "2500"])),
    )


@given(
    lines=st.lists(any_line(), min_size=1, max_size=8),
    hours=st.floats(0, 24),
    months=st.integers(1, 60),
    rate=st.sampled_from([0.0, 0.05, 0.12]),
)
def test_tco_is_the_sum_of_its_lines_and_of_its_cash_flow(
    lines: list[QuoteLine], hours: float, months: int, rate: float
) -> None:
    tco = _tco(*lines, hours=hours, months=months, discount_rate=rate)
    assert tco.total_usd == math.fsum(line.amount_usd for line in tco.lines)
    assert sum(tco.monthly_cash_flow_usd) == pytest.approx(tco.total_usd, rel=1e-9, abs=1e-6)
    assert tco.present_value_usd == math.fsum(line.present_value_usd for line in tco.lines)
    # Re-evaluating the line models at the same inputs reproduces the headline.
    a = Assumptions(discount_rate=rate)
    assert headline_at(tco, hours, a.energy_usd_per_kwh, a.residual_fraction) == pytest.approx(
        tco.headline_usd, rel=1e-9, abs=1e-6
    )
    # The chosen option's own figures are the TCO's.
    chosen = tco.chosen
    if chosen is not None:
        assert chosen.total_usd == tco.total_usd and chosen.headline_usd == tco.headline_usd
        assert chosen.coefficients == headline_coefficients(tco)
        assert chosen.useful_pflops_total == tco.useful_pflops_total
        unit = tco.usd_per_useful_pflop_hour
        if unit is None:
            assert chosen.usd_per_useful_pflop_hour is None
        else:
            assert chosen.usd_per_useful_pflop_hour == pytest.approx(unit.value, rel=1e-12)
        assert all(option.accelerators_needed == 8 for option in tco.options)


committed_lines = st.lists(
    st.one_of(
        st.builds(
            lambda p, n, t: compute_line(
                str(p), PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, n, term=t
            ),
            prices,
            counts,
            st.none() | st.integers(1, 36),
        ),
        st.builds(
            lambda p, n: compute_line(str(p), PriceUnit.PER_UNIT, Deployment.PURCHASE, n),
            prices,
            counts,
        ),
        st.builds(lambda p: cost_line(str(p), PriceUnit.PER_MONTH, CostCategory.SUPPORT), prices),
    ),
    min_size=1,
    max_size=5,
).filter(lambda lines: any(line.accelerator for line in lines))


@given(lines=committed_lines, low=st.floats(0.5, 24), more=st.floats(0, 23.5))
def test_more_use_never_raises_the_cost_per_used_hour_of_committed_capacity(
    lines: list[QuoteLine], low: float, more: float
) -> None:
    high = min(24.0, low + more)
    at_low = _tco(*lines, hours=low).usd_per_used_gpu_hour
    at_high = _tco(*lines, hours=high).usd_per_used_gpu_hour
    assert at_low is not None and at_high is not None
    assert at_high.value <= at_low.value * (1 + 1e-9)


@pytest.mark.parametrize(
    ("method", "rate", "shifted"),
    [
        # MFU is a fraction of the peak at the precision it was measured at: 0.41 of the
        # H100's bf16 peak is 989 × 0.41 = 405.49 TFLOP/s, not 1,979 × 0.41 = 811.39.
        ("13B chat serving on 8 × H100 SXM, BF16, vLLM", 989.0 * 0.41, True),
        ("13B chat serving, FP8, vLLM", 1979.0 * 0.41, False),
        ("proof of concept on the buyer's model", 1979.0 * 0.41, False),
    ],
)
def test_a_measured_mfu_is_applied_to_the_peak_it_was_measured_at(
    method: str, rate: float, shifted: bool
) -> None:
    serving = replace(
        workload(purpose=Purpose.INFERENCE, params=13e9, training_tokens=None),
        precision=Precision.FP8,
    )
    measured = quote("V", RESERVED, performance=MeasuredPerformance(mfu=0.41, method=method))
    tco = compute_tco(measured, serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert tco.useful_basis is UsefulBasis.MEASURED_MFU
    assert tco.useful_rate is not None
    assert tco.useful_rate.value == pytest.approx(rate)
    notes = [p.message for p in tco.problems if "was measured at" in p.message]
    if shifted:
        assert tco.useful_rate.formula == "dense bf16 peak × MFU"
        assert notes == [
            "The MFU was measured at bf16, so it is applied to the bf16 peak, not to the fp8 "
            "peak the workload assumes."
        ]
    else:
        assert tco.useful_rate.formula == "dense fp8 peak × MFU" and notes == []


def test_a_measurement_belongs_to_the_task_and_model_it_was_taken_on() -> None:
    serving = replace(
        workload(purpose=Purpose.INFERENCE, params=13e9, training_tokens=None),
        precision=Precision.FP8,
    )
    # A pre-training MFU is not a serving MFU: the assumed MFU (and the decode step) is used.
    trained = MeasuredPerformance(mfu=0.41, method="Llama 3 70B pre-training, 64 × H100, BF16")
    tco = compute_tco(
        quote("V", RESERVED, performance=trained),
        serving,
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    assert tco.useful_basis is UsefulBasis.DATASHEET
    assert any(p.message.startswith("The measured MFU was taken on training") for p in tco.problems)
    # Tokens/s on an 8 B model carried to 13 B per parameter: 1,200 × 8 / 13 = 738.5
    # (within the H100's ceiling at this context, 3,350 ÷ 3.429 GB = 976.9 tokens/s),
    # 19.2 TFLOP/s generating; the prompt tokens read at fp8 1,979 × 0.4 = 791.6 TFLOP/s:
    # 1 ÷ (0.25 ÷ 19.2 + 0.75 ÷ 791.6) = 71.59 TFLOP/s served.
    eight = MeasuredPerformance(tokens_per_second=1200, method="Llama-3.1-8B chat serving")
    scaled = compute_tco(
        quote("V", RESERVED, performance=eight), serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT
    )
    assert scaled.useful_basis is UsefulBasis.MEASURED_TOKENS
    assert scaled.useful_rate is not None
    generating = 1200 * 8 / 13 * 2 * 13e9 / 1e12
    assert scaled.useful_rate.value == pytest.approx(1 / (0.25 / generating + 0.75 / 791.6))
    assert scaled.useful_rate.value == pytest.approx(71.59, rel=1e-4)
    assert "scaled per parameter to 13 B (× 0.615)" in scaled.useful_rate.note
    measured = next(item for item in scaled.useful_rate.inputs if item.name == "tokens/s")
    assert measured.source.endswith("scaled × 0.615 per parameter")
    # A 70 B measurement is more than 2× away: not carried over, and said so.
    far = MeasuredPerformance(tokens_per_second=500, method="70B serving, vLLM")
    unused = compute_tco(
        quote("V", RESERVED, performance=far), serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT
    )
    assert unused.useful_basis is UsefulBasis.DATASHEET
    assert any("is for a 70 B model" in p.message for p in unused.problems)


def test_an_mfu_measured_at_a_precision_without_a_peak_keeps_the_workloads() -> None:
    serving = replace(
        workload(purpose=Purpose.INFERENCE, params=13e9, training_tokens=None),
        precision=Precision.FP8,
    )
    performance = MeasuredPerformance(mfu=0.5, method="int4 weights, AWQ")
    tco = compute_tco(
        quote("V", RESERVED, performance=performance),
        serving,
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    # The test catalogue's H100 has no int4 peak: 1,979 × 0.5 = 989.5, said to overstate.
    assert tco.useful_rate is not None and tco.useful_rate.value == pytest.approx(989.5)
    assert any("may overstate the useful compute" in p.message for p in tco.problems)


def test_cost_lines_from_another_region_or_count_are_flagged() -> None:
    # Two 8-GPU nodes quoted in eu-west, the workload needs one; a storage line quoted for
    # us-east and support "per server" for the 2 servers quoted (quantity 2) are counted
    # with the option as quoted, and each is flagged.
    nodes = replace(
        compute_line(
            "20", PriceUnit.PER_NODE_HOUR, Deployment.RESERVED, 16, nodes=2, per_node=8, term=12
        ),
        region="eu-west",
    )
    storage = replace(
        cost_line("0.02", PriceUnit.PER_GB_MONTH, CostCategory.STORAGE, quantity="1000"),
        region="us-east",
    )
    support = cost_line("1200", PriceUnit.PER_UNIT, CostCategory.SUPPORT, quantity="2")
    tco = _for(nodes, storage, support, hours=8, months=12, needed=8)
    warnings = [p.message for p in tco.problems if p.severity is Severity.WARNING]
    assert any("quoted for us-east, but the chosen option runs in eu-west" in m for m in warnings)
    assert any(
        "the quantity 2 is the 2 servers quoted, but 1 are priced for the workload" in m
        for m in warnings
    )
    # Counted as quoted: support 2 × 1,200 = 2,400 (the reader decides whether to scale).
    assert _line(tco, TcoCategory.SUPPORT).amount_usd == pytest.approx(2_400.0)
    # The same lines with the option's own region and count raise nothing.
    local = replace(storage, region="eu-west")
    quiet = _for(nodes, local, hours=8, months=12, needed=16)
    assert not [p for p in quiet.problems if "quoted for" in p.message]


def test_the_scope_of_each_tco_says_where_each_figure_comes_from() -> None:
    from computescore.domain.tco.scope import ScopeState, scope_of

    install = cost_line(
        "20000", PriceUnit.TOTAL, CostCategory.INSTALLATION, deployment=Deployment.PURCHASE
    )
    owned = quote("Maker", SERVER, install, kind=VendorKind.SERVER_MAKER)
    bought = compute_tco(
        owned,
        workload(hours_per_day=12, horizon_months=24),
        CATALOGUE,
        (),
        DECISION_DATE,
        NO_DISCOUNT,
    )
    cells = {cell.item: cell for cell in scope_of(bought, owned.vendor)}
    # Owned: hardware quoted; energy and operations from the assumptions (the owned-server
    # test's 27,549.85 and 280,320); the facility assumed at 0 and shown; installation
    # quoted; no network, storage, support or egress in the quote.
    assert cells["compute"].state is ScopeState.QUOTED
    assert cells["compute"].amount_usd == pytest.approx(250_000 - 137_500)
    assert cells["energy"].state is ScopeState.ASSUMED
    assert cells["energy"].amount_usd == pytest.approx(21_192.192 + 6_357.6576)
    assert cells["operations"].state is ScopeState.ASSUMED
    assert cells["operations"].amount_usd == pytest.approx(280_320.0)
    assert (cells["facility"].state, cells["facility"].amount_usd) == (ScopeState.ASSUMED, 0.0)
    assert cells["installation"].state is ScopeState.QUOTED
    for item in ("network", "storage", "support", "egress"):
        assert cells[item].state is ScopeState.NOT_COSTED
    # A cloud's reservation has power, building and staff in its rent.
    cloud = quote("Cloud", RESERVED)
    rented = compute_tco(cloud, workload(), CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    rented_cells = {cell.item: cell.state for cell in scope_of(rented, cloud.vendor)}
    assert rented_cells["compute"] is ScopeState.QUOTED
    assert {rented_cells[i] for i in ("energy", "facility", "operations")} == {ScopeState.INCLUDED}


def test_the_mfu_moves_a_serving_throughput_only_where_it_counts() -> None:
    # An H100 generating at the decode step's 9.5914 TFLOP/s (368.9 tokens/s of 13 B) and
    # reading prompts at 296.85 (fp8 1,979 × 0.15), a quarter of the tokens generated:
    # 34.975 TFLOP/s served. Half the MFU halves only the prompts' rate: 1 ÷ (0.25 ÷ 9.5914
    # + 0.75 ÷ 148.425) = 32.136, a factor of 0.9188, not 0.5.
    decode = Figure("Useful throughput", 9.5914, "TFLOP/s per accelerator", DECODE_FORMULA)
    served = served_throughput(decode, 296.85, 0.25)
    assert served.value == pytest.approx(34.9754, rel=1e-4)
    assert throughput_factor(served, 0.5) == pytest.approx(0.9188, rel=1e-4)
    assert throughput_factor(decode, 0.5) == 1.0  # bandwidth sets it
    # A measured generating rate moves with itself: 0.8 × 23.4 = 18.72 against 296.85.
    measured = Figure("Useful throughput", 23.4, "TFLOP/s per accelerator", "measured tokens/s")
    mixed = served_throughput(measured, 296.85, 0.25)
    moved = 1 / (0.25 / 18.72 + 0.75 / 296.85)
    assert throughput_factor(mixed, 0.8) == pytest.approx(moved / mixed.value)
    peak = Figure("Useful throughput", 118.74, "TFLOP/s per accelerator", "dense fp8 peak × MFU")
    assert throughput_factor(peak, 0.8) == 0.8
    # Arrays of factors (the Monte Carlo's) give the same figures.
    factors = throughput_factor(served, np.array([0.5, 1.0]))
    assert factors == pytest.approx([0.9188, 1.0], rel=1e-4)


def test_the_tornados_mfu_bar_moves_a_decode_bound_serving_option_only_by_its_prompts() -> None:
    # The RTX 4090s serve the 13 B model unmeasured: generating at the decode step's 1.2762
    # TFLOP/s, reading prompts at 165.2 × 0.4 = 66.08; 4.8251 TFLOP/s served. The assumed
    # MFU moves ±2.5 × 20 % = ±50 %: prompts at 33.04 or 99.12, so the served rate is
    # 1 ÷ (0.25 ÷ 1.2762 + 0.75 ÷ 33.04) = 4.575 or 4.914, and the cost per useful
    # PFLOP-hour moves by 4.8251 ÷ 4.575 and 4.8251 ÷ 4.914, not by 2× and ⅔.
    serving, cards = _serving_on_cards()
    tco = compute_tco(quote("Cards", cards), serving, CATALOGUE, (), DECISION_DATE, NO_DISCOUNT)
    assert tco.usd_per_useful_pflop_hour is not None
    base = tco.usd_per_useful_pflop_hour.value
    (mfu,) = [bar for bar in tornado(tco, Assumptions(discount_rate=0.0)).bars if bar.name == "MFU"]
    generating = 1008 * 0.8 / (13 + 3.429188460) * 26e9 / 1e12
    served = 1 / (0.25 / generating + 0.75 / 66.08)
    low = 1 / (0.25 / generating + 0.75 / 33.04)
    high = 1 / (0.25 / generating + 0.75 / 99.12)
    assert (low, high) == pytest.approx((4.575, 4.914), rel=1e-3)
    assert mfu.low_unit_usd == pytest.approx(base * served / low, rel=1e-6)
    assert mfu.high_unit_usd == pytest.approx(base * served / high, rel=1e-6)


def test_an_offer_that_states_no_quantity_is_priced_for_the_need() -> None:
    # A price list's line: a price per GPU-hour and no count. 64 needed × 4.49 × 24 h ×
    # 365 days = 2,517,273.60 over 12 months; a node of 8 is rounded to whole nodes.
    offer = compute_line("4.49", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, None)
    tco = _for(offer, hours=24.0, months=12, needed=64, discount_rate=0.0)
    assert tco.total_usd == pytest.approx(64 * 4.49 * 8_760)
    assert any(
        "an offer, priced for the workload's 64 accelerators" in p.message for p in tco.problems
    )
    sized = sized_offer(offer, 64)
    assert sized is not None and sized.gpu_count == 64
    node = compute_line("30.00", PriceUnit.PER_NODE_HOUR, Deployment.ON_DEMAND, None, per_node=8)
    twelve = sized_offer(node, 12)
    assert twelve is not None and (twelve.nodes, twelve.accelerator_count) == (2, 16)
    # Nothing to size: a counted line, an unknown need, a node of unknown size.
    assert sized_offer(ON_DEMAND, 64) is None
    assert sized_offer(offer, None) is None
    unknown = compute_line("30.00", PriceUnit.PER_NODE_HOUR, Deployment.ON_DEMAND, None)
    assert sized_offer(unknown, 64) is None


def test_a_discount_quoted_for_another_quantity_is_counted_as_quoted_and_told() -> None:
    from computescore.domain.tco.options import attachment_warnings

    servers = QuoteLine(
        LineKind.COMPUTE,
        "ThinkSystem SR680a V3 (8x B200)",
        Decimal(415800),
        PriceUnit.PER_UNIT,
        "USD",
        accelerator="nvidia-b200",
        accelerators_per_node=8,
        nodes=2,
        deployment=Deployment.PURCHASE,
    )
    discount = QuoteLine(
        LineKind.COST, "Special bid discount (15%)", Decimal(-137130), PriceUnit.TOTAL, "USD"
    )
    (told,) = attachment_warnings("q!9", discount, servers, 64, 8)
    assert "quoted with 16 accelerators, but 64 are priced" in told.message
    assert attachment_warnings("q!9", discount, servers, 16, 2) == []
