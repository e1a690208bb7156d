"""A token API's offer entered as a quote: priced for the workload's tokens, hand-worked."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.compliance.sovereignty import check_data_sovereignty
from computescore.domain.findings import FindingSeverity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    Vendor,
    VendorKind,
    line_problems,
    sells_tokens,
)
from computescore.domain.tco import Assumptions, assumptions_from_mapping, compute_tco
from computescore.domain.tco.records import TcoCategory
from computescore.domain.token_offer import choose_model, model_name, model_size
from computescore.domain.unit_economics import token_cost, token_share
from computescore.domain.workload import (
    DataClassification,
    Purpose,
    Workload,
    WorkloadClass,
)

ON = date(2026, 11, 20)
API = Vendor("Tokenly", VendorKind.TOKEN_API, hq_country="US")


def tokens(description: str, price: str, unit: PriceUnit, **more: object) -> QuoteLine:
    return QuoteLine(
        LineKind.COST,
        description,
        Decimal(price),
        unit,
        str(more.pop("currency", "USD")),
        category=CostCategory.TOKENS,
        **more,  # type: ignore[arg-type]
    )


def serving(params: float = 70e9, per_day: float | None = 2e9, months: int = 12) -> Workload:
    return Workload(
        "chat",
        Purpose.INFERENCE,
        WorkloadClass.STEADY,
        params,
        24,
        months,
        tokens_per_day=per_day,
    )


LLAMA_70B = (
    tokens("Llama 3.1 70B input tokens", "0.60", PriceUnit.PER_MILLION_INPUT_TOKENS),
    tokens("Llama 3.1 70B output tokens", "1.80", PriceUnit.PER_MILLION_OUTPUT_TOKENS),
)


def test_the_share_of_tokens_each_price_applies_to() -> None:
    assert token_share(PriceUnit.PER_MILLION_INPUT_TOKENS, 0.25, 0.1) == pytest.approx(0.65)
    assert token_share(PriceUnit.PER_MILLION_OUTPUT_TOKENS, 0.25, 0.1) == 0.25
    assert token_share(PriceUnit.PER_MILLION_CACHED_TOKENS, 0.25, 0.1) == 0.1
    assert token_share(PriceUnit.PER_MILLION_TOKENS, 0.25, 0.1) == 1.0
    assert token_share(PriceUnit.PER_GPU_HOUR, 0.25, 0.1) == 0.0
    # USD 0.60 per million input tokens, 2 billion tokens a day, 75 % input, 365 days:
    # 0.60 × 2e9 × 0.75 × 365 ÷ 1e6 = USD 328,500.
    assert token_cost(0.60, 2e9, 0.75, 365).value == pytest.approx(328_500)


def test_a_token_api_quote_is_priced_for_the_workloads_tokens() -> None:
    tco = compute_tco(Quote(API, "T-1", LLAMA_70B), serving(), {}, [], ON)
    # 12 months × 730/24 = 365 days. Input: 0.60 × 2e9 × 0.75 × 365 ÷ 1e6 = 328,500;
    # output: 1.80 × 2e9 × 0.25 × 365 ÷ 1e6 = 328,500; together 657,000.
    assert [line.amount_usd for line in tco.lines] == pytest.approx([328_500, 328_500])
    assert {line.category for line in tco.lines} == {TcoCategory.TOKENS}
    assert tco.total_usd == pytest.approx(657_000) and tco.complete
    # Per million of the workload's tokens, on the basis the capacity offers' figure uses
    # (present value at the default 8 % a year): the present value ÷ (2e9 × 365 ÷ 1e6).
    assert tco.usd_per_million_tokens is not None
    present = sum(line.present_value_usd for line in tco.lines)
    assert present < 657_000
    assert tco.usd_per_million_tokens.value == pytest.approx(present / (2e9 * 365 / 1e6))
    # Undiscounted it is the blended price: 657,000 ÷ (2e9 × 365 ÷ 1e6) = 0.90 =
    # 0.75 × 0.60 + 0.25 × 1.80.
    flat = compute_tco(
        Quote(API, "T-1", LLAMA_70B), serving(), {}, [], ON, Assumptions(discount_rate=0.0)
    )
    assert flat.usd_per_million_tokens is not None
    assert flat.usd_per_million_tokens.value == pytest.approx(0.90)
    assert tco.gpu_count == 0 and not tco.compute_offer
    assert any("token-API offer" in p.message for p in tco.problems)


def test_the_token_mix_is_the_evaluations_assumption() -> None:
    mixed = Assumptions(token_output_share=0.5, token_cached_share=0.0)
    tco = compute_tco(Quote(API, "T-1", LLAMA_70B), serving(), {}, [], ON, mixed)
    # Half input at 0.60, half output at 1.80: 1.20 per million; 2e9 × 365 ÷ 1e6 × 1.20.
    assert tco.total_usd == pytest.approx(876_000)
    _, problems = assumptions_from_mapping({"token_output_share": 0.8, "token_cached_share": 0.3})
    assert any("cannot be more than all tokens" in p.message for p in problems)


def test_a_stated_volume_wins_and_no_tokens_leave_the_offer_incomplete() -> None:
    committed = tokens(
        "Reserved throughput", "0.50", PriceUnit.PER_MILLION_TOKENS, quantity=Decimal(3000)
    )
    tco = compute_tco(Quote(API, "T-2", (committed,)), serving(per_day=None), {}, [], ON)
    # 3,000 million tokens a month × 12 months × 0.50 = 18,000.
    assert tco.total_usd == pytest.approx(18_000) and tco.complete
    unknown = compute_tco(Quote(API, "T-1", LLAMA_70B), serving(per_day=None), {}, [], ON)
    assert not unknown.complete
    assert unknown.usd_per_million_tokens is None
    assert any("states no tokens per day" in p.message for p in unknown.problems)


@pytest.mark.parametrize(
    ("params", "costed", "warned"),
    [
        (13e9, "Llama 3.1 70B", False),  # the smallest model at least as large
        (8e9, "Llama 3.1 8B", False),
        (405e9, "Llama 3.1 70B", True),  # none large enough: the largest, with a warning
    ],
)
def test_a_price_list_of_several_models_costs_one(params: float, costed: str, warned: bool) -> None:
    lines = (
        *LLAMA_70B,
        tokens("Llama 3.1 8B input tokens", "0.10", PriceUnit.PER_MILLION_INPUT_TOKENS),
        tokens("Llama 3.1 8B output tokens", "0.30", PriceUnit.PER_MILLION_OUTPUT_TOKENS),
    )
    choice = choose_model(lines, params)
    assert choice.model == costed and choice.warning is warned
    assert len(choice.counted) == 2 and len(choice.left_out) == 2
    tco = compute_tco(Quote(API, "T-3", lines), serving(params), {}, [], ON)
    expected = 657_000 if costed.endswith("70B") else 109_500  # 0.15 × 2e9 × 365 ÷ 1e6
    assert tco.total_usd == pytest.approx(expected)
    assert sum(1 for q in tco.quote_lines if not q.counted) == 2
    assert any(costed in p.message for p in tco.problems)


def test_model_names_and_sizes() -> None:
    assert model_name("Llama 3.1 70B input tokens") == "Llama 3.1 70B"
    assert model_name("Output ($/1M tokens) — Mistral Large 2") == "Mistral Large 2"
    assert model_size("Llama 3.1 70B") == pytest.approx(70e9)
    assert model_size("Mixtral 8x7B") == pytest.approx(56e9)
    assert model_size("Mistral Large 2") is None
    unsized = (
        tokens("Large input", "2", PriceUnit.PER_MILLION_INPUT_TOKENS),
        tokens("Small input", "1", PriceUnit.PER_MILLION_INPUT_TOKENS),
    )
    choice = choose_model(unsized, 13e9)
    assert choice.model == "Large" and choice.warning


def test_token_prices_beside_compute_lines_are_not_added_to_the_capacity() -> None:
    rent = QuoteLine(
        LineKind.COMPUTE,
        "H100 on demand",
        Decimal("2.00"),
        PriceUnit.PER_GPU_HOUR,
        "USD",
        accelerator="nvidia-h100-sxm",
        accelerator_count=8,
        deployment=Deployment.ON_DEMAND,
    )
    cloud = Vendor("Cloud", VendorKind.GPU_CLOUD)
    tco = compute_tco(Quote(cloud, "C-1", (rent, *LLAMA_70B)), serving(), {}, [], ON)
    # 8 GPUs × 2.00 × 24 h × 365 days = 140,160: the token prices are not in the total.
    assert tco.total_usd == pytest.approx(140_160)
    assert not sells_tokens((rent, *LLAMA_70B))
    assert sum("alternative to it" in p.message for p in tco.problems) == 2
    # A token price on a compute line is a mistake the line check names.
    wrong = QuoteLine(
        LineKind.COMPUTE,
        "API",
        Decimal(1),
        PriceUnit.PER_MILLION_TOKENS,
        "USD",
        accelerator="nvidia-h100-sxm",
    )
    assert any("buys tokens" in problem for problem in line_problems(wrong))


def test_where_the_api_processes_the_prompts_is_checked_like_compute() -> None:
    workload = Workload(
        "EU chat",
        Purpose.INFERENCE,
        WorkloadClass.STEADY,
        70e9,
        24,
        12,
        tokens_per_day=2e9,
        data_classification=DataClassification.CONFIDENTIAL,
        required_region="EU",
    )
    us = tuple(
        QuoteLine(
            line.kind,
            line.description,
            line.price,
            line.price_unit,
            line.currency,
            category=line.category,
            country="US",
        )
        for line in LLAMA_70B
    )
    findings = check_data_sovereignty(Quote(API, "T-1", us), [workload])
    knockouts = [f for f in findings if f.severity is FindingSeverity.KNOCKOUT]
    assert len(knockouts) == 2 and all("runs in US" in f.title for f in knockouts)


@given(
    per_day=st.floats(min_value=1e6, max_value=1e12),
    more=st.floats(min_value=1.0, max_value=10.0),
    output=st.floats(min_value=0.0, max_value=1.0),
)
def test_more_tokens_never_cost_less(per_day: float, more: float, output: float) -> None:
    a = Assumptions(token_output_share=output)
    quote = Quote(API, "T-1", LLAMA_70B)
    less = compute_tco(quote, serving(per_day=per_day), {}, [], ON, a).total_usd
    most = compute_tco(quote, serving(per_day=per_day * more), {}, [], ON, a).total_usd
    assert most >= less * (1 - 1e-12)
    # The cost per million tokens does not depend on the volume: it is the blended price.
    blended = (1 - output) * 0.60 + output * 1.80
    assert less / (per_day * 365 / 1e6) == pytest.approx(blended)
