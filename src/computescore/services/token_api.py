"""A token API as the yardstick for self-hosting: its prices kept with the evaluation.

The evaluation's assumptions hold ``token_api`` (name, USD per million input, output
and cached tokens, and the workload's token mix). With it, the board pack compares
each quote's capacity with buying the same tokens from the API: the cost per million
tokens at full load and the utilisation at which owning or renting breaks even.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from computescore.domain.unit_economics import ApiPrice, break_even_utilisation
from computescore.errors import InputRefused

if TYPE_CHECKING:
    from computescore.services.evaluate import EvaluationResult
    from computescore.services.workspace import EvaluationData
    from computescore.store.repository import Store

TOKEN_API_KEY = "token_api"  # noqa: S105 (a settings key, not a secret)
"""Where the evaluation's assumptions keep the token API's prices."""


@dataclass(frozen=True, slots=True)
class TokenApi:
    """A named token API and its prices."""

    name: str
    price: ApiPrice


@dataclass(frozen=True, slots=True)
class ApiRow:
    """One quote's capacity against the token API."""

    label: str
    usd_per_hour: float
    tokens_per_second: float
    usd_per_million_tokens: float
    break_even: float
    verdict: str


def read_token_api(assumptions: Mapping[str, Any]) -> TokenApi | None:
    """The token API stored in an evaluation's assumptions, None when none (or unreadable)."""
    raw = assumptions.get(TOKEN_API_KEY)
    if not isinstance(raw, Mapping):
        return None
    try:
        mix = [float(x) for x in raw.get("mix", (0.75, 0.25, 0.0))]
        price = ApiPrice(
            float(raw["input"]), float(raw["output"]), float(raw.get("cached", 0.0)), *mix[:3]
        )
        price.blended()
    except (KeyError, TypeError, ValueError):
        return None
    return TokenApi(str(raw.get("name") or "token API"), price)


def save_token_api(store: Store, api: TokenApi | None, evaluation: str | None = None) -> None:
    """Keep (or with None, forget) the evaluation's token API, audited."""
    if api is not None:
        p = api.price
        if min(p.input_usd, p.output_usd, p.cached_usd) < 0:
            raise InputRefused("API prices cannot be negative.")
        try:
            p.blended()
        except ValueError as exc:
            raise InputRefused(f"The token mix is not usable: {exc}.") from None
    with store.transaction() as uow:
        row = uow.evaluation_row(evaluation)
        assert row.id is not None
        assumptions = dict(row.assumptions or {})
        if api is None:
            assumptions.pop(TOKEN_API_KEY, None)
        else:
            p = api.price
            assumptions[TOKEN_API_KEY] = {
                "name": api.name,
                "input": p.input_usd,
                "output": p.output_usd,
                "cached": p.cached_usd,
                "mix": [p.input_share, p.output_share, p.cached_share],
            }
        uow.set_evaluation_field(row.id, "assumptions", assumptions)


def api_rows(
    data: EvaluationData, result: EvaluationResult
) -> tuple[TokenApi | None, tuple[ApiRow, ...]]:
    """Each quote's capacity against the evaluation's token API (serving workloads only)."""
    from computescore.domain.sizing import INFERENCE_FLOP_PER_PARAM_TOKEN
    from computescore.domain.units import HOURS_PER_MONTH, TERA
    from computescore.domain.workload import Purpose

    api = read_token_api(data.assumptions)
    workload = result.workload
    if api is None or workload.purpose is not Purpose.INFERENCE or workload.params <= 0:
        return api, ()
    blended = api.price.blended()
    rows = []
    for item in result.quotes:
        tco = item.tco
        if tco.useful_rate is None or tco.gpu_count <= 0 or not tco.complete:
            continue
        per_chip = tco.useful_rate.value * TERA / (INFERENCE_FLOP_PER_PARAM_TOKEN * workload.params)
        tokens_per_second = per_chip * tco.gpu_count
        headline = tco.present_value_usd if tco.discount_rate > 0 else tco.total_usd
        usd_per_hour = headline / (tco.horizon_months * HOURS_PER_MONTH)
        even = break_even_utilisation(usd_per_hour, tokens_per_second, blended)
        rows.append(
            ApiRow(
                item.label,
                usd_per_hour,
                tokens_per_second,
                usd_per_hour / (tokens_per_second * 3600) * 1e6,
                even.value,
                even.note,
            )
        )
    return api, tuple(rows)
