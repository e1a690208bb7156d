"""Energy, carbon, token-API break-even and spot lost work, hand-worked (DOMAIN §8)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.energy import (
    GridTable,
    carbon_kg,
    energy_kwh,
    per_million_tokens,
    tokens_per_watt,
)
from computescore.domain.figures import ASSUMED
from computescore.domain.unit_economics import (
    ApiPrice,
    break_even_utilisation,
    cost_per_million_tokens,
    spot_lost_work,
)

GRID = GridTable({"DE": 0.381, "FR": 0.056}, world_average=0.481, as_of="2023", source="test")


def test_energy_and_carbon_of_a_month_on_eight_accelerators() -> None:
    # 8 × 0.7 kW × PUE 1.3 × 730 h = 5,314.4 kWh; in Germany × 0.381 = 2,024.8 kg CO2e.
    energy = energy_kwh(8, 0.7, 1.3, 730)
    assert energy.value == pytest.approx(5314.4)
    german = carbon_kg(energy, GRID.intensity("de"))
    assert german.value == pytest.approx(2024.7864)
    # A vendor-stated 60 % renewable share cuts the grid part to 40 %: 809.9 kg.
    stated = carbon_kg(energy, GRID.intensity("DE"), renewable_share=0.6)
    assert stated.value == pytest.approx(809.91456)
    assert "vendor-stated" in stated.formula
    # France's grid: 297.6 kg. A country not in the table: the world average, flagged.
    assert carbon_kg(energy, GRID.intensity("FR")).value == pytest.approx(297.6064)
    unknown = carbon_kg(energy, GRID.intensity("XX"))
    assert unknown.value == pytest.approx(5314.4 * 0.481) and ASSUMED in unknown.flags
    assert "add XX to the grid-intensity table" in unknown.note
    # Per million tokens: 2,024.8 kg over 15.77 billion tokens = 0.1284 kg per million.
    per_m = per_million_tokens(german, 15.768e9, "kg CO2e")
    assert per_m is not None and per_m.value == pytest.approx(2024.7864 / 15768)
    # 1,500 tokens/s at 700 W = 2.14 tokens per joule.
    assert tokens_per_watt(1500, 700).value == pytest.approx(2.142857, rel=1e-6)


def test_self_hosting_against_a_token_api() -> None:
    # US$2.00 per hour at 1,500 tokens/s: 2 ÷ 5.4 M tokens × 1e6 = US$0.370 per million.
    assert cost_per_million_tokens(2.0, 1500).value == pytest.approx(0.37037, rel=1e-4)
    # API at US$3 input, US$15 output, US$0.30 cached per million; mix 70 / 20 / 10:
    # 2.10 + 3.00 + 0.03 = US$5.13 per million.
    api = ApiPrice(3.0, 15.0, 0.30, 0.7, 0.2, 0.1).blended()
    assert api.value == pytest.approx(5.13)
    # 8 × H100 at US$2 = US$16/h making 12,000 tokens/s = 43.2 M tokens/h at full load,
    # worth 43.2 × 5.13 = US$221.62 at API prices: break-even at 16 ÷ 221.62 = 7.22 %.
    even = break_even_utilisation(16.0, 12_000, api)
    assert even.value == pytest.approx(16 / 221.616)
    assert even.note == "cheaper than the API when busy more than 7.2% of the hours"
    never = break_even_utilisation(16.0, 100, api)
    assert never.value > 1 and never.note.startswith("never breaks even")


def test_spot_lost_work_from_interruptions_and_checkpoints() -> None:
    # 0.05 interruptions/h × (2 h ÷ 2 + 0.25 h) + 0.05 h ÷ 2 h = 0.0625 + 0.025 = 8.75 %.
    lost = spot_lost_work(0.05, 2.0, 0.25, 0.05)
    assert lost.value == pytest.approx(0.0875)
    assert lost.inputs[0].source == "assumed"
    assert spot_lost_work(0.05, 2.0, 0.25, 0.05, stated=True).inputs[0].source == (
        "stated in the quote"
    )
    with pytest.raises(ValueError, match="checkpoint interval"):
        spot_lost_work(0.05, 0, 0.25)


@given(
    rate=st.floats(0.0, 1.0),
    interval=st.floats(0.1, 24.0),
    more=st.floats(0.0, 1.0),
)
def test_more_interruptions_never_lose_less_work(rate: float, interval: float, more: float) -> None:
    assert (
        spot_lost_work(rate + more, interval, 0.2).value
        >= spot_lost_work(rate, interval, 0.2).value
    )


@given(price=st.floats(0.01, 100.0), faster=st.floats(1.0, 10.0), tps=st.floats(1.0, 1e5))
def test_a_faster_option_never_raises_its_break_even(
    price: float, faster: float, tps: float
) -> None:
    api = ApiPrice(1.0, 4.0).blended()
    assert break_even_utilisation(price, tps * faster, api).value <= break_even_utilisation(
        price, tps, api
    ).value * (1 + 1e-12)
