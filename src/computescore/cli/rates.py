"""The ``fx`` command: list, set and delete the exchange rates that convert quotes to USD."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from computescore.cli.common import (
    add_db_argument,
    add_json_argument,
    option_date,
    print_json,
    print_table,
)


def _day(text: str) -> date:
    return option_date("--as-of", text)


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
    add_json_argument(fx, "the rates")
    actions = fx.add_subparsers(dest="action", metavar="ACTION")
    put = actions.add_parser("set", help="set the rate of a currency on a date")
    put.add_argument("currency", help="ISO code, e.g. EUR")
    put.add_argument("rate", help="US dollars per unit of the currency, e.g. 1.085")
    put.add_argument(
        "--as-of", "--date", default=None, help="date of the rate, YYYY-MM-DD (default: today)"
    )
    put.add_argument("--source", default="", help="where the rate comes from, e.g. 'ECB reference'")
    drop = actions.add_parser("delete", help="delete the rate of a currency on a date")
    drop.add_argument("currency", help="ISO code, e.g. EUR")
    drop.add_argument("--as-of", "--date", required=True, help="date of the rate, YYYY-MM-DD")
    listing = actions.add_parser("list", help="list the rates (the same as fx with no action)")
    load = actions.add_parser(
        "import",
        help="import a rates file: the ECB's euro reference rates CSV, or currency,date,rate",
        description="Import exchange rates from the ECB's euro reference-rate CSV "
        "(eurofxref.csv or eurofxref-hist.csv) or from a CSV with the columns currency, "
        "date, rate (US dollars per unit) and optionally source.",
    )
    load.add_argument("file", type=Path, help="the rates file (.csv)")
    load.add_argument("--currencies", default="", metavar="EUR,GBP", help="only these currencies")
    load.add_argument(
        "--all-dates",
        action="store_true",
        help="every date in the file (default: only its newest date)",
    )
    for action in (put, drop, listing, load):
        add_db_argument(action, inherited=True)
        action.add_argument("--json", action="store_true", default=argparse.SUPPRESS)
    fx.set_defaults(func=run_fx)


def run_fx(args: argparse.Namespace) -> int:
    """List the rates, or set or delete one, then list them."""
    from computescore.services.rates import (
        delete_rate,
        import_rates,
        list_rates,
        parse_rate,
        set_rate,
    )
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        if args.action == "set":
            day = _day(args.as_of) if args.as_of else date.today()
            rate = parse_rate(args.currency, args.rate, day, args.source)
            old = set_rate(store, rate)
            change = f" (was {old.usd_per_unit})" if old is not None else ""
            print(f"Set {rate.currency} = {rate.usd_per_unit} USD as of {day.isoformat()}{change}.")
        elif args.action == "import":
            loaded = import_rates(
                store,
                args.file,
                currencies=args.currencies.split(",") if args.currencies else (),
                all_dates=args.all_dates,
            )
            days = sorted({r.as_of for r in loaded})
            span = days[0].isoformat() if len(days) == 1 else f"{days[0]} to {days[-1]}"
            print(
                f"Imported {len(loaded)} rates ({len({r.currency for r in loaded})} currencies, "
                f"{span}) from {args.file.name}."
            )
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
    if args.action in (None, "list"):
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
