"""The grid-intensity table: the shipped, dated and sourced one, with the user's own figures.

``resources/energy/grid_intensity.json`` ships with its source and year; a workspace
may override or add countries in its ``grid_intensity`` setting (country → kg CO2e per
kWh), which then win and are named as the user's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from computescore.domain.energy import GridTable
from computescore.resources_access import read_json

if TYPE_CHECKING:
    from computescore.reports.model import EnergyRow
    from computescore.services.evaluate import EvaluationResult
    from computescore.services.workspace import EvaluationData
    from computescore.store.repository import Store

SETTING = "grid_intensity"
"""The workspace setting holding the user's own intensities."""


def shipped_grid_table() -> GridTable:
    """The table shipped with the app."""
    data: Mapping[str, Any] = read_json("energy", "grid_intensity.json")
    return GridTable(
        {str(k).upper(): float(v) for k, v in dict(data["by_country"]).items()},
        float(data["world_average"]),
        str(data["as_of"]),
        str(data["source"]),
    )


def grid_table(
    store: Store | None = None,
    overrides: Mapping[str, float] | None = None,
    *,
    stored: Any = None,
) -> GridTable:
    """The shipped table with the workspace's own figures (``stored``, else read from
    ``store``) and then ``overrides`` on top."""
    table = shipped_grid_table()
    own: dict[str, float] = {}
    if stored is None and store is not None:
        with store.reading() as uow:
            stored = uow.get_setting(SETTING)
    if isinstance(stored, Mapping):
        own.update(
            {
                str(k).upper(): float(v)
                for k, v in stored.items()
                if isinstance(v, int | float) and not isinstance(v, bool) and v >= 0
            }
        )
    own.update({k.upper(): v for k, v in (overrides or {}).items()})
    if not own:
        return table
    source = table.source + "; " + ", ".join(sorted(own)) + " set by the user"
    return GridTable({**table.by_country, **own}, table.world_average, table.as_of, source)


def energy_rows(
    data: EvaluationData, result: EvaluationResult
) -> tuple[tuple[EnergyRow, ...], str]:
    """Energy and carbon of every quote's chosen option over the horizon, and the table's
    source. The option runs where its quote line says (else at the vendor's headquarters)."""
    from computescore.domain.energy import carbon_kg, energy_kwh, tokens_per_watt
    from computescore.reports.model import EnergyRow

    table = grid_table(stored=data.settings.get(SETTING))
    quotes = {q.key: q for q in data.quotes}
    accelerators = data.catalogue.accelerators
    pue = result.assumptions.pue
    rows = []
    for item in result.quotes:
        option, quote = item.tco.chosen, quotes.get(item.quote_key)
        accelerator = accelerators.get(option.accelerator) if option is not None else None
        if option is None or quote is None or accelerator is None or item.tco.gpu_count <= 0:
            continue
        line = quote.lines[option.line_index]
        country = (line.country or quote.vendor.hq_country or "").upper()
        hours = item.tco.used_gpu_hours.value / item.tco.gpu_count
        energy = energy_kwh(item.tco.gpu_count, accelerator.tdp_w / 1000, pue, hours)
        intensity = table.intensity(country)
        carbon = carbon_kg(energy, intensity)
        rate = _tokens_per_second(result, item.tco.useful_rate)
        tokens = rate * 3600 * hours * item.tco.gpu_count
        rows.append(
            EnergyRow(
                label=item.label,
                accelerator=accelerator.display_name,
                accelerators=item.tco.gpu_count,
                hours=hours,
                power_kw=accelerator.tdp_w / 1000,
                pue=pue,
                kwh=energy.value,
                country=country or "?",
                intensity=intensity.value,
                intensity_assumed=bool(intensity.flags),
                kg_co2e=carbon.value,
                kg_per_million_tokens=carbon.value / (tokens / 1e6) if tokens > 0 else None,
                tokens_per_watt=(
                    tokens_per_watt(rate, accelerator.tdp_w).value if rate > 0 else None
                ),
            )
        )
    return tuple(rows), f"{table.source} ({table.as_of})"


def _tokens_per_second(result: EvaluationResult, useful_rate: Any) -> float:
    """Tokens/s per accelerator when serving (useful FLOP/s ÷ 2 × params); 0 otherwise."""
    from computescore.domain.sizing import INFERENCE_FLOP_PER_PARAM_TOKEN
    from computescore.domain.units import TERA
    from computescore.domain.workload import Purpose

    workload = result.workload
    if workload.purpose is not Purpose.INFERENCE or useful_rate is None or workload.params <= 0:
        return 0.0
    return float(useful_rate.value) * TERA / (INFERENCE_FLOP_PER_PARAM_TOKEN * workload.params)
