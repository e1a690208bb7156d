"""``computescore token-api``: the token API the evaluation compares self-hosting with."""

from __future__ import annotations

import argparse
from typing import Any

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    print_json,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``token-api`` command."""
    parser = sub.add_parser(
        "token-api",
        help="the token API prices self-hosting is compared with in the board pack",
        description="Keep a token API's prices with the evaluation (USD per million input, "
        "output and cached tokens, and the workload's token mix). The board pack then "
        "shows each quote's cost per million tokens and the utilisation at which it breaks "
        "even against the API. Without one, the cheapest token-API offer imported as a quote "
        "(vendor kind token_api, prices per million tokens) that no must-have knocks out is "
        "the yardstick.",
    )
    add_db_argument(parser)
    parser.add_argument("action", choices=["show", "set", "clear"], nargs="?", default="show")
    add_evaluation_argument(parser)
    parser.add_argument("--name", default="token API", help="the API, e.g. 'Vendor X 13B'")
    parser.add_argument("--input", type=float, help="USD per million input tokens")
    parser.add_argument("--output", type=float, help="USD per million output tokens")
    parser.add_argument("--cached", type=float, default=0.0, help="USD per million cached")
    parser.add_argument(
        "--mix",
        help="input,output,cached shares of the workload's tokens (default: the evaluation's "
        "token-mix assumptions, 0.75,0.25,0 unless set); kept as those assumptions, so the "
        "output share also sizes the capacity serving needs",
    )
    add_json_argument(parser)
    parser.set_defaults(func=run_token_api)


def run_token_api(args: argparse.Namespace) -> int:
    """Show, set or clear the evaluation's token API."""
    from computescore.domain.unit_economics import ApiPrice
    from computescore.errors import UsageError
    from computescore.services.token_api import TokenApi, read_token_api, save_token_api
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        if args.action == "set":
            if args.input is None or args.output is None:
                raise UsageError("token-api set needs --input and --output (USD per million).")
            mix = _mix(args.mix) if args.mix else list(_current_mix(store, args.evaluation))
            price = ApiPrice(args.input, args.output, args.cached, *mix)
            save_token_api(store, TokenApi(args.name, price), args.evaluation)
        elif args.action == "clear":
            save_token_api(store, None, args.evaluation)
            print("The evaluation no longer states a token API.")
            return 0
        with store.reading() as uow:
            row = uow.evaluation_row(args.evaluation)
            api = read_token_api(dict(row.assumptions or {}))
    if api is None:
        print(
            "No token API is stated; the yardstick is the cheapest qualified token-API offer "
            "among the quotes, if any ('computescore tco' lists them). State one with "
            "computescore token-api set --input 3 --output 15 …"
        )
        return 0
    blended = api.price.blended()
    if args.json:
        print_json({"name": api.name, "blended_usd_per_million": blended.value})
        return 0
    print(f"{api.name}: {blended.value:,.4g} USD per million tokens, blended ({blended.formula}).")
    return 0


def _mix(text: str) -> list[float]:
    from computescore.errors import UsageError

    try:
        shares = [float(x) for x in text.split(",")]
    except ValueError:
        shares = []
    if len(shares) != 3 or min(shares) < 0 or sum(shares) <= 0:
        raise UsageError(f"--mix {text!r}: give three shares of zero or more, e.g. 0.7,0.2,0.1")
    return shares


def _current_mix(store: Any, evaluation: str | None) -> tuple[float, float, float]:
    """The evaluation's token mix as its assumptions state it."""
    from computescore.domain.tco import assumptions_from_mapping
    from computescore.services.assumption_edits import EDITABLE
    from computescore.services.token_api import token_mix

    with store.reading() as uow:
        stored = dict(uow.evaluation_row(evaluation).assumptions or {})
    assumptions, _ = assumptions_from_mapping({k: v for k, v in stored.items() if k in EDITABLE})
    return token_mix(assumptions)
