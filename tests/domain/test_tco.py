"""Total cost of ownership: hand-worked lines, FX, discounting and laws that must hold."""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Precision
from computescore.domain.problems import Severity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    FxRate,
    MeasuredPerformance,
    PriceUnit,
    QuoteLine,
    VendorKind,
)
from computescore.domain.tco import (
    Assumptions,
    TcoCategory,
    Timing,
    UsefulBasis,
    assumptions_from_mapping,
    compute_tco,
    discount_factor,
    headline_at,
)
from computescore.domain.workload import Purpose
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


def _tco(*lines: QuoteLine, hours: float = 8.0, months: int = 12, **assumptions: object):
    return compute_tco(
        quote("Vendor", *lines),
        workload(hours_per_day=hours, horizon_months=months),
        CATALOGUE,
        (),
        DECISION_DATE,
        Assumptions(**assumptions),  # type: ignore[arg-type]
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
    # Operations US$2 × 8 GPUs × 8,760 h = 140,160.
    tco = _tco(SERVER, hours=12, months=24)
    amounts = {line.category: 0.0 for line in tco.lines}
    for line in tco.lines:
        amounts[line.category] += line.amount_usd
    assert amounts[TcoCategory.HARDWARE] == pytest.approx(250_000.0)
    assert amounts[TcoCategory.RESIDUAL_VALUE] == pytest.approx(-137_500.0)
    assert amounts[TcoCategory.ENERGY] == pytest.approx(21_192.192 + 6_357.6576)
    assert amounts[TcoCategory.OPERATIONS] == pytest.approx(140_160.0)
    assert tco.total_usd == pytest.approx(280_209.8496)
    energy = [line for line in tco.lines if line.category is TcoCategory.ENERGY]
    assert energy[0].amount_usd == pytest.approx(21_192.192)
    assert "kW × PUE" in energy[0].formula
    residual = _line(tco, TcoCategory.RESIDUAL_VALUE)
    assert residual.timing is Timing.END
    assert "$112,500" in residual.note


def test_unit_results_for_the_reserved_quote() -> None:
    wl = workload(hours_per_day=8, horizon_months=12)
    datasheet = compute_tco(quote("V", RESERVED), wl, CATALOGUE, (), DECISION_DATE)
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


def test_serving_tokens_give_useful_compute_where_the_catalogue_has_no_peak() -> None:
    # The RTX 4090 record has no fp8 peak. Serving a 13 B model at a measured 2,000
    # tokens/s per card does 2,000 × 2 × 13e9 = 5.2e13 FLOP/s = 52 TFLOP/s of useful work.
    # 8 cards on demand at US$0.50/GPU-h, 20 h/day, 12 months: used = 8 × 20 × 365
    # = 58,400 GPU-h; TCO 29,200; useful 0.052 × 58,400 = 3,036.8 PFLOP-h
    # → US$9.6154 per useful PFLOP-hour; tokens 2,000 × 3,600 × 58,400 / 1e6 = 420,480 Mtok
    # → US$0.069444 per million tokens.
    serving = replace(
        workload(hours_per_day=20, horizon_months=12, purpose=Purpose.INFERENCE, params=13e9),
        precision=Precision.FP8,
    )
    cards = compute_line(
        "0.50", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, accelerator="nvidia-rtx-4090"
    )
    measured = quote("Cards", cards, performance=MeasuredPerformance(tokens_per_second=2000))
    tco = compute_tco(measured, serving, CATALOGUE, (), DECISION_DATE)
    assert tco.total_usd == pytest.approx(29_200.0)
    assert tco.useful_basis is UsefulBasis.MEASURED_TOKENS
    assert tco.useful_rate is not None and tco.useful_rate.value == pytest.approx(52.0)
    assert tco.usd_per_useful_pflop_hour is not None
    assert tco.usd_per_useful_pflop_hour.value == pytest.approx(29_200 / 3_036.8)
    assert tco.usd_per_million_tokens is not None
    assert tco.usd_per_million_tokens.value == pytest.approx(29_200 / 420_480)
    # The missing peak is only a note: the measurement stands in for it.
    notes = [p for p in tco.problems if "no fp8 peak" in p.message]
    assert notes and notes[0].severity is Severity.INFO and "measured tokens/s" in notes[0].message
    # Without a measurement the useful compute is unknown, and the TCO says why.
    bare = compute_tco(quote("Cards", cards), serving, CATALOGUE, (), DECISION_DATE)
    assert bare.usd_per_useful_pflop_hour is None and bare.useful_rate is None
    assert bare.useful_basis is UsefulBasis.UNKNOWN
    assert bare.useful_missing == (
        "NVIDIA GeForce RTX 4090 has no fp8 peak in the catalogue, and the quote has no "
        "measured tokens/s"
    )
    assert bare.usd_per_used_gpu_hour is not None  # still US$0.50 per GPU-hour used
    assert bare.usd_per_used_gpu_hour.value == pytest.approx(0.50)


def test_a_measurement_beyond_the_peak_is_set_aside() -> None:
    # Serving tokens/s reused for a 70 B training job: 1,000 tokens/s × 6 × 70e9 = 420 useful
    # TFLOP/s per L40S, above its 362.05 TFLOP/s bf16 dense peak (a utilisation of 116 %).
    # It cannot be this workload's measurement: peak × assumed MFU is used instead,
    # 362.05 × 0.4 = 144.82 TFLOP/s, and no cost per million tokens is given.
    l40s = compute_line(
        "1.00", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, accelerator="nvidia-l40s"
    )
    reused = quote("Pool", l40s, performance=MeasuredPerformance(tokens_per_second=1000))
    tco = compute_tco(reused, workload(8, 12, params=70e9), CATALOGUE, (), DECISION_DATE)
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
    kept = compute_tco(fits, workload(8, 12, params=70e9), CATALOGUE, (), DECISION_DATE)
    assert kept.useful_basis is UsefulBasis.MEASURED_TOKENS
    assert kept.useful_rate is not None and kept.useful_rate.value == pytest.approx(336.0)


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
    tco = compute_tco(colo, workload(8, 12), CATALOGUE, (), DECISION_DATE)
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
    # 8 × US$1.00 × 24 h × 12 × 730/24 = 70,080; lost work 10 % = 7,008.
    spot = compute_line("1.00", PriceUnit.PER_GPU_HOUR, Deployment.SPOT, 8)
    tco = _tco(spot, hours=24)
    assert _line(tco, TcoCategory.SPOT_OVERHEAD).amount_usd == pytest.approx(7_008.0)
    assert tco.total_usd == pytest.approx(77_088.0)


def test_short_terms_are_renewed_or_lapse_and_long_terms_are_capped() -> None:
    six = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=6)
    # Renewed: 12 months × 8 × 730 × 2 = 140,160; not renewed: 6 months = 70,080.
    renewed = _tco(six)
    assert renewed.total_usd == pytest.approx(140_160.0)
    assert "renewed" in renewed.lines[0].note
    lapsed = _tco(six, renew_short_terms=False)
    assert lapsed.total_usd == pytest.approx(70_080.0)
    assert any("not renewed" in p.message for p in lapsed.problems)
    long_term = compute_line("2.00", PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 8, term=36)
    capped = _tco(long_term)
    assert capped.total_usd == pytest.approx(140_160.0)
    assert any("24 months past" in p.message for p in capped.problems)


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
    tco = compute_tco(quote("V", EUR_RESERVED), workload(8, 12), CATALOGUE, RATES, DECISION_DATE)
    assert tco.total_usd == pytest.approx(154_176.0)
    assert [fx.text() for fx in tco.fx_used] == ["1 EUR = 1.1000 USD (ECB, 2026-06-01)"]
    assert any(item.name == "FX" for item in tco.lines[0].inputs)
    override = compute_tco(
        quote("V", EUR_RESERVED),
        workload(8, 12),
        CATALOGUE,
        RATES,
        DECISION_DATE,
        Assumptions(fx_override={"EUR": 1.2}),
    )
    assert override.total_usd == pytest.approx(168_192.0)
    assert override.fx_used[0].source == "user override"


def test_a_missing_rate_is_a_problem_not_a_crash() -> None:
    cny = compute_line("15", PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, 8, currency="CNY")
    tco = compute_tco(quote("V", cny, RESERVED), workload(8, 12), CATALOGUE, RATES, DECISION_DATE)
    assert not tco.complete
    assert tco.total_usd == pytest.approx(140_160.0)  # the USD line is still costed
    assert any("no CNY → USD rate" in p.message for p in tco.problems)


def test_discounting_moves_money_by_timing() -> None:
    # 8 % a year: v = 1.08^(−1/12). Up front: factor 1. End of 24 months: 1.08^−2 = 0.857339.
    # Monthly over 24 months: mean of v^k for k = 0…23 = 0.929816.
    assert discount_factor(Timing.UPFRONT, 0, 24, 0.08) == 1.0
    assert discount_factor(Timing.END, 0, 24, 0.08) == pytest.approx(0.857339, abs=1e-6)
    assert discount_factor(Timing.MONTHLY, 24, 24, 0.08) == pytest.approx(0.929816, abs=1e-6)
    tco = _tco(SERVER, hours=12, months=24, discount_rate=0.08)
    residual = _line(tco, TcoCategory.RESIDUAL_VALUE)
    assert residual.present_value_usd == pytest.approx(-137_500 * 0.857339, rel=1e-6)
    # PV = 250,000 − 137,500 × 0.857339 + (21,192.19 + 6,357.66 + 140,160) × 0.929816
    #    = 250,000 − 117,884.09 + 155,939.24 = 288,055.15: the resale credit comes late, so the
    #    present value is above the undiscounted total of 280,209.85.
    assert tco.headline_usd == tco.present_value_usd
    assert tco.present_value_usd == pytest.approx(288_055.13, abs=0.05)


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
