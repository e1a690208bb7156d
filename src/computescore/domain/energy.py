"""Energy and carbon of running accelerators (DOMAIN §8).

Energy (kWh) = accelerators × power per accelerator (kW) × utilisation × PUE × hours.
Carbon (kg CO2e) = kWh × the grid intensity of the country it runs in, from a dated,
sourced table; a renewable share reduces the grid part only when the vendor states
it, and is then labelled vendor-stated. A country missing from the table gets the
world average, flagged as assumed, never a silent zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from computescore.domain.figures import ASSUMED, Figure, Input, format_number


@dataclass(frozen=True, slots=True)
class GridTable:
    """Grid carbon intensity by country (ISO code → kg CO2e per kWh), with its provenance."""

    by_country: Mapping[str, float] = field(default_factory=dict)
    world_average: float = 0.0
    as_of: str = ""
    source: str = ""

    def intensity(self, country: str | None) -> Figure:
        """The intensity where the compute runs; the world average (flagged) when unknown."""
        code = (country or "").strip().upper()
        if code in self.by_country:
            value = self.by_country[code]
            return Figure(
                "Grid intensity",
                value,
                "kg CO2e/kWh",
                f"grid intensity of {code}, {self.as_of}",
                (Input("intensity", value, "kg CO2e/kWh", f"{self.source} ({self.as_of})"),),
            )
        where = code or "an unstated country"
        return Figure(
            "Grid intensity",
            self.world_average,
            "kg CO2e/kWh",
            f"world average, {self.as_of} (no figure for {where} in the table)",
            (Input("intensity", self.world_average, "kg CO2e/kWh", "world average, assumed"),),
            flags=(ASSUMED,),
            note=f"add {where} to the grid-intensity table for a real figure",
        )


def energy_kwh(
    accelerators: float,
    power_kw: float,
    pue: float,
    hours: float,
    *,
    utilisation: float = 1.0,
) -> Figure:
    """Energy drawn: accelerators × kW each × utilisation × PUE × hours.

    8 H100 at 0.7 kW, PUE 1.3, 730 h = 5,314.4 kWh.
    """
    value = accelerators * power_kw * utilisation * pue * hours
    return Figure(
        "Energy",
        value,
        "kWh",
        "accelerators × power × utilisation × PUE × hours",
        (
            Input("accelerators", accelerators),
            Input("power", power_kw, "kW each"),
            Input("utilisation", utilisation),
            Input("PUE", pue),
            Input("hours", hours, "h"),
        ),
    )


def carbon_kg(energy: Figure, intensity: Figure, renewable_share: float | None = None) -> Figure:
    """Emissions: kWh × grid intensity × (1 − the vendor-stated renewable share, if any)."""
    share = min(max(renewable_share or 0.0, 0.0), 1.0)
    inputs = [
        Input("energy", energy.value, "kWh"),
        Input("grid intensity", intensity.value, "kg CO2e/kWh", intensity.formula),
    ]
    formula = "energy × grid intensity"
    if renewable_share is not None:
        inputs.append(Input("renewable share", share, "", "vendor-stated"))
        formula += " × (1 − vendor-stated renewable share)"
    return Figure(
        "Emissions",
        energy.value * intensity.value * (1.0 - share),
        "kg CO2e",
        formula,
        tuple(inputs),
        flags=intensity.flags,
        note=intensity.note,
    )


def per_million_tokens(total: Figure, tokens: float, unit: str) -> Figure | None:
    """``total`` per million tokens served (None without tokens)."""
    if tokens <= 0:
        return None
    return Figure(
        f"{total.label} per million tokens",
        total.value / (tokens / 1e6),
        f"{unit} per million tokens",
        f"{total.label.lower()} ÷ (tokens ÷ 1e6)",
        (Input(total.label.lower(), total.value, total.unit), Input("tokens", tokens)),
        flags=total.flags,
    )


def tokens_per_watt(tokens_per_second: float, power_w: float) -> Figure:
    """Inference efficiency: tokens/s per watt of accelerator power (= tokens per joule)."""
    return Figure(
        "Tokens per watt",
        tokens_per_second / power_w if power_w > 0 else 0.0,
        "tokens/s per W",
        "tokens/s ÷ power",
        (Input("tokens/s", tokens_per_second), Input("power", power_w, "W")),
        note=f"{format_number(tokens_per_second)} tokens/s at {format_number(power_w)} W",
    )
