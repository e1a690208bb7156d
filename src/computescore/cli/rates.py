"""The ``fx`` command: list, set and delete the exchange rates that convert quotes to USD."""

from __future__ import annotations

import argparse
from datetime import date

from computescore.cli.common import add_db_argument, print_json, print_table
from computescore.errors import UsageError


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise UsageError(f"--as-of {text!r} is not a date: expected YYYY-MM-DD.") from None


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``fx`` command and its actions."""
    fx = sub.add_parser(
        "fx",
        help="exchange rates: list them, set one (fx set EUR 1.085) or delete one",
        description="The dated rates that convert quoted currencies to US dollars. A quote's "
        "TCO uses, for each currency, the latest rate dated on or before the decision date; "
        "without one its lines are left out and its cost is incomplete.",
    )
    add_db_argument(fx)
    fx.add_argument("--json", action="store_true", help="print the rates as JSON")
    actions = fx.add_subparsers(dest="action", metavar="ACTION")
    put = actions.add_parser("set", help="set the rate of a currency on a date")
    put.add_argument("currency", help="ISO code, e.g. EUR")
    put.add_argument("rate", help="US dollars per unit of the currency, e.g. 1.085")
    put.add_argument("--as-of", default=None, help="date of the rate, YYYY-MM-DD (default: today)")
    put.add_argument("--source", default="", help="where the rate comes from, e.g. 'ECB reference'")
    drop = actions.add_parser("delete", help="delete the rate of a currency on a date")
    drop.add_argument("currency", help="ISO code, e.g. EUR")
    drop.add_argument("--as-of", required=True, help="date of the rate, YYYY-MM-DD")
    fx.set_defaults(func=run_fx)


def run_fx(args: argparse.Namespace) -> int:
    """List the rates, or set or delete one, then list them."""
    from computescore.services.rates import delete_rate, list_rates, parse_rate, set_rate
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        if args.action == "set":
            day = _day(args.as_of) if args.as_of else date.today()
            rate = parse_rate(args.currency, args.rate, day, args.source)
            old = set_rate(store, rate)
            change = f" (was {old.usd_per_unit})" if old is not None else ""
            print(f"Set {rate.currency} = {rate.usd_per_unit} USD as of {day.isoformat()}{change}.")
        elif args.action == "delete":
            gone = delete_rate(store, args.currency, _day(args.as_of))
            print(
                f"Deleted {gone.currency} = {gone.usd_per_unit} USD as of {gone.as_of.isoformat()}."
            )
        rates = list_rates(store)
    if args.json:
        print_json(
            [
                {
                    "currency": r.currency,
                    "usd_per_unit": str(r.usd_per_unit),
                    "as_of": r.as_of.isoformat(),
                    "source": r.source,
                }
                for r in rates
            ]
        )
        return 0
    if args.action is None:
        if not rates:
            print(
                "No exchange rates: every quote must be in US dollars (fx set EUR 1.085 adds one)."
            )
            return 0
        print_table(
            ["Currency", "USD per unit", "As of", "Source"],
            [[r.currency, str(r.usd_per_unit), r.as_of.isoformat(), r.source] for r in rates],
            [False, True, False, False],
        )
    return 0
