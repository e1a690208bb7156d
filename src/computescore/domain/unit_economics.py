"""Unit economics against a token API, and the lost work of spot capacity (DOMAIN §8).

* Cost per million tokens = cost per hour ÷ (tokens/s × 3,600) × 1e6.
* A token API's blended price = Σ share × price over input, output and cached tokens.
* Self-hosting breaks even at the utilisation u where the cost per hour ÷ u equals
  what the API would charge for the tokens the option makes at full load in an hour:
  u = cost per hour ÷ (tokens per hour at full load ÷ 1e6 × blended API price).
  Above 100 % it never breaks even.
* A token API's line priced per million tokens of one kind costs
  price × tokens per day × that kind's share × days ÷ 1e6 over the horizon
  (:func:`token_share`, :func:`token_cost`).
* Spot lost work = interruptions per hour × (checkpoint interval ÷ 2 + restart time)
  + checkpoint write time ÷ interval, as a share of the hours paid.
"""

from __future__ import annotations

from dataclasses import dataclass

from computescore.domain.figures import Figure, Input, format_number
from computescore.domain.quotes import PriceUnit
from computescore.domain.units import SECONDS_PER_HOUR


def cost_per_million_tokens(usd_per_hour: float, tokens_per_second: float) -> Figure:
    """What a million tokens cost on an option running at ``tokens_per_second``."""
    per_hour = tokens_per_second * SECONDS_PER_HOUR
    return Figure(
        "Cost per million tokens",
        usd_per_hour / per_hour * 1e6 if per_hour > 0 else float("inf"),
        "USD per million tokens",
        "cost per hour ÷ (tokens/s × 3,600) × 1e6",
        (Input("cost per hour", usd_per_hour, "USD/h"), Input("tokens/s", tokens_per_second)),
    )


@dataclass(frozen=True, slots=True)
class ApiPrice:
    """A token API's prices (USD per million tokens) and the workload's token mix (shares)."""

    input_usd: float
    output_usd: float
    cached_usd: float = 0.0
    input_share: float = 0.75
    output_share: float = 0.25
    cached_share: float = 0.0

    def blended(self) -> Figure:
        """Σ share × price, the shares normalised to one."""
        total = self.input_share + self.output_share + self.cached_share
        if total <= 0:
            raise ValueError("the token mix needs a positive share")
        shares = (self.input_share / total, self.output_share / total, self.cached_share / total)
        prices = (self.input_usd, self.output_usd, self.cached_usd)
        return Figure(
            "Blended API price",
            sum(s * p for s, p in zip(shares, prices, strict=True)),
            "USD per million tokens",
            "input share × input price + output share × output price + cached share × cached price",
            tuple(
                Input(f"{name} price", price, "USD/M tokens", f"{share:.0%} of tokens")
                for name, price, share in zip(
                    ("input", "output", "cached"), prices, shares, strict=True
                )
            ),
        )


def token_share(unit: PriceUnit, output_share: float, cached_share: float) -> float:
    """The share of all tokens a price per million tokens applies to.

    Output and cached input tokens are the stated shares; plain input tokens are the rest
    (never below 0); a price for all tokens applies to all of them. Other units: 0.
    """
    if unit is PriceUnit.PER_MILLION_TOKENS:
        return 1.0
    if unit is PriceUnit.PER_MILLION_OUTPUT_TOKENS:
        return output_share
    if unit is PriceUnit.PER_MILLION_CACHED_TOKENS:
        return cached_share
    if unit is PriceUnit.PER_MILLION_INPUT_TOKENS:
        return max(0.0, 1.0 - output_share - cached_share)
    return 0.0


def token_cost(usd_per_million: float, tokens_per_day: float, share: float, days: float) -> Figure:
    """What a token API charges for ``share`` of ``tokens_per_day`` tokens over ``days`` days.

    USD 0.60 per million input tokens, 2 billion tokens a day, 75 % input, 365 days:
    0.60 × 2e9 × 0.75 × 365 ÷ 1e6 = USD 328,500.
    """
    millions = tokens_per_day * share * days / 1e6
    return Figure(
        "Token API cost",
        usd_per_million * millions,
        "USD",
        "price × tokens per day × share × days ÷ 1e6",
        (
            Input("price", usd_per_million, "USD/M tokens"),
            Input("tokens per day", tokens_per_day),
            Input("share", share, "of tokens"),
            Input("days", days),
        ),
    )


def break_even_utilisation(usd_per_hour: float, tokens_per_second: float, api: Figure) -> Figure:
    """The share of the hours an option must be busy to cost no more than the API."""
    full_load = tokens_per_second * SECONDS_PER_HOUR / 1e6 * api.value
    value = usd_per_hour / full_load if full_load > 0 else float("inf")
    verdict = (
        "never breaks even: even at full load it costs more than the API"
        if value > 1
        else f"cheaper than the API when busy more than {value:.1%} of the hours"
    )
    return Figure(
        "Break-even utilisation",
        value,
        "share of hours",
        "cost per hour ÷ (tokens per hour at full load ÷ 1e6 × API price)",
        (
            Input("cost per hour", usd_per_hour, "USD/h"),
            Input("tokens/s at full load", tokens_per_second),
            Input("API price", api.value, "USD/M tokens", api.label),
        ),
        note=verdict,
    )


def spot_lost_work(
    interruptions_per_hour: float,
    checkpoint_interval_h: float,
    restart_h: float,
    checkpoint_write_h: float = 0.0,
    *,
    stated: bool = False,
) -> Figure:
    """Share of spot hours lost to interruptions and checkpoints.

    0.05 interruptions/h, a checkpoint every 2 h taking 0.05 h, 0.25 h to restart:
    0.05 × (1 + 0.25) + 0.05 ÷ 2 = 8.75 %.
    """
    if checkpoint_interval_h <= 0:
        raise ValueError("the checkpoint interval must be positive")
    value = (
        interruptions_per_hour * (checkpoint_interval_h / 2 + restart_h)
        + checkpoint_write_h / checkpoint_interval_h
    )
    origin = "stated in the quote" if stated else "assumed"
    return Figure(
        "Spot lost work",
        min(value, 1.0),
        "share of hours",
        "interruptions per hour × (checkpoint interval ÷ 2 + restart) + write time ÷ interval",
        (
            Input("interruptions", interruptions_per_hour, "per hour", origin),
            Input("checkpoint interval", checkpoint_interval_h, "h"),
            Input("restart", restart_h, "h"),
            Input("checkpoint write", checkpoint_write_h, "h"),
        ),
        note=f"{format_number(value * 100)} % of the hours paid are lost",
    )
