"""A token API as the yardstick for self-hosting.

The yardstick is the token API the user states (the evaluation's assumptions hold
``token_api``: name and USD per million input, output and cached tokens), else the
cheapest token-API offer imported as a quote that no must-have knocks out. The token
mix (output and cached shares) is the evaluation's assumption, one mix for both. The
board pack compares each quote's capacity with buying the same tokens from the API: the
cost per million tokens at full load and the utilisation at which owning or renting
breaks even; and it lists every token-API offer with its cost of the workload's tokens
and its compliance.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from computescore.domain.tco import Assumptions, assumptions_from_mapping
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
    """The token API stored in an evaluation's assumptions, None when none (or unreadable).

    Its token mix is the assumptions' (``token_output_share``, ``token_cached_share``);
    a mix kept with the API by an earlier version is used when the assumptions state none.
    """
    raw = assumptions.get(TOKEN_API_KEY)
    if not isinstance(raw, Mapping):
        return None
    try:
        mix = [float(x) for x in raw.get("mix", token_mix(Assumptions()))][:3]
        if "token_output_share" in assumptions or "token_cached_share" in assumptions:
            mix = list(token_mix(assumptions_from_mapping(_shares(assumptions))[0]))
        price = ApiPrice(
            float(raw["input"]), float(raw["output"]), float(raw.get("cached", 0.0)), *mix
        )
        price.blended()
    except (KeyError, TypeError, ValueError):
        return None
    return TokenApi(str(raw.get("name") or "token API"), price)


def token_mix(a: Assumptions) -> tuple[float, float, float]:
    """The input, output and cached shares of the workload's tokens."""
    rest = max(0.0, 1.0 - a.token_output_share - a.token_cached_share)
    return rest, a.token_output_share, a.token_cached_share


def _shares(assumptions: Mapping[str, Any]) -> dict[str, Any]:
    return {
        key: assumptions[key]
        for key in ("token_output_share", "token_cached_share")
        if key in assumptions
    }


def save_token_api(store: Store, api: TokenApi | None, evaluation: str | None = None) -> None:
    """Keep (or with None, forget) the evaluation's token API, audited.

    Its mix is kept as the evaluation's token-mix assumptions, the one mix a token-API
    offer imported as a quote is priced with too.
    """
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
            }
            total = p.input_share + p.output_share + p.cached_share
            assumptions["token_output_share"] = p.output_share / total
            assumptions["token_cached_share"] = p.cached_share / total
        uow.set_evaluation_field(row.id, "assumptions", assumptions)


@dataclass(frozen=True, slots=True)
class OfferRow:
    """A token-API offer imported as a quote, costed for the workload's tokens."""

    label: str
    total_usd: float | None
    usd_per_million_tokens: float | None
    qualified: bool
    status: str
    """"qualified", or the must-haves it fails; or why it is not costed."""


@dataclass(frozen=True, slots=True)
class ApiView:
    """The yardstick API, each capacity offer against it, and every token-API offer.

    ``yardstick`` is the stated API's name, or the offer's label; ``blended_usd`` its
    price per million tokens (an offer's: its TCO ÷ the workload's tokens, support and
    other lines included); ``prices`` how that price is made, in words.
    """

    yardstick: str
    blended_usd: float
    prices: str
    rows: tuple[ApiRow, ...]
    offers: tuple[OfferRow, ...]


def token_offers(result: EvaluationResult) -> tuple[OfferRow, ...]:
    """Every token-API offer of the evaluation, cheapest qualified first."""
    from computescore.domain.scoring import TOKEN_API_REASON

    rows = []
    for support in result.scorecard.supporting:
        if support.reason != TOKEN_API_REASON:
            continue
        tco = result.quote(support.quote_key).tco
        per_million = tco.usd_per_million_tokens
        costed = tco.complete and per_million is not None
        status = (
            "; ".join(f.title for f in support.knockouts)
            if support.knockouts
            else "qualified"
            if costed
            else "not costed: " + _first_problem(tco)
        )
        rows.append(
            OfferRow(
                support.label,
                tco.headline_usd if costed else None,
                per_million.value if costed and per_million is not None else None,
                costed and not support.knockouts,
                status,
            )
        )
    return tuple(
        sorted(
            rows,
            key=lambda r: (
                not r.qualified,
                r.usd_per_million_tokens if r.usd_per_million_tokens is not None else 1e300,
                r.label,
            ),
        )
    )


def _first_problem(tco: Any) -> str:
    for problem in tco.problems:
        if problem.severity.value != "info":
            return str(problem.message)
    return "the workload states no tokens per day"


def api_view(data: EvaluationData, result: EvaluationResult) -> ApiView | None:
    """The capacity offers against the yardstick API (serving workloads only), None when
    there is no yardstick and no token-API offer."""
    from computescore.domain.workload import Purpose

    workload = result.workload
    if workload.purpose is not Purpose.INFERENCE or workload.params <= 0:
        return None
    offers = token_offers(result)
    api = read_token_api(data.assumptions)
    if api is not None:
        p = api.price
        name, blended = api.name, api.price.blended().value
        prices = (
            f"USD {p.input_usd:g} input, {p.output_usd:g} output, {p.cached_usd:g} cached per "
            f"million tokens; mix {p.input_share:g} / {p.output_share:g} / {p.cached_share:g}"
        )
    else:
        best = next((o for o in offers if o.qualified), None)
        if best is None or best.usd_per_million_tokens is None:
            return ApiView("", 0.0, "", (), offers) if offers else None
        name, blended = best.label, best.usd_per_million_tokens
        input_share, output_share, cached_share = token_mix(result.assumptions)
        basis = " at present value" if result.assumptions.discount_rate > 0 else ""
        prices = (
            f"the cheapest qualified token-API offer, all its lines{basis} over the workload's "
            f"tokens; mix {input_share:g} / {output_share:g} / {cached_share:g}"
        )
    return ApiView(name, blended, prices, _capacity_rows(result, blended), offers)


def _capacity_rows(result: EvaluationResult, blended: float) -> tuple[ApiRow, ...]:
    from computescore.domain.figures import Figure
    from computescore.domain.sizing import INFERENCE_FLOP_PER_PARAM_TOKEN
    from computescore.domain.units import HOURS_PER_MONTH, TERA

    workload = result.workload
    price = Figure("API price", blended, "USD per million tokens", "")
    rows = []
    for item in result.quotes:
        tco = item.tco
        if tco.useful_rate is None or tco.gpu_count <= 0 or not tco.complete:
            continue
        per_chip = tco.useful_rate.value * TERA / (INFERENCE_FLOP_PER_PARAM_TOKEN * workload.params)
        tokens_per_second = per_chip * tco.gpu_count
        headline = tco.present_value_usd if tco.discount_rate > 0 else tco.total_usd
        usd_per_hour = headline / (tco.horizon_months * HOURS_PER_MONTH)
        even = break_even_utilisation(usd_per_hour, tokens_per_second, price)
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
    return tuple(rows)
