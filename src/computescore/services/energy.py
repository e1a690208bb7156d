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
    store: Store | None = None, overrides: Mapping[str, float] | None = None
) -> GridTable:
    """The shipped table with the workspace's own figures (and then ``overrides``) on top."""
    table = shipped_grid_table()
    own: dict[str, float] = {}
    if store is not None:
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
