"""Catalogue commands: list the accelerators the app knows, add the user's own."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from computescore.cli.common import add_db_argument, add_json_argument, print_json, print_table
from computescore.errors import InputRefused


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the catalogue commands."""
    acc = sub.add_parser("accelerators", help="list the accelerator catalogue")
    add_db_argument(acc)
    add_json_argument(acc, "every figure")
    acc.set_defaults(func=run_list)

    add = sub.add_parser(
        "add-accelerator", help="add your own accelerator from a JSON file (catalogue shape)"
    )
    add_db_argument(add)
    add.add_argument("file", metavar="FILE", help="JSON file with one accelerator entry")
    add.set_defaults(func=run_add)


def run_list(args: argparse.Namespace) -> int:
    """Print the shipped catalogue plus the workspace's own accelerators."""
    from computescore.services.catalogue import accelerator_to_dict
    from computescore.services.workspace import load_catalogue_for, open_store

    with open_store(args.db) as store:
        catalogue = load_catalogue_for(store)
    accelerators = sorted(catalogue.accelerators.values(), key=lambda a: a.id)
    if args.json:
        print_json(
            {
                "version": catalogue.version,
                "as_of": catalogue.as_of,
                "accelerators": [accelerator_to_dict(a) for a in accelerators],
            }
        )
        return 0
    rows = []
    for a in accelerators:
        bf16 = a.dense_tflops("bf16")
        rows.append(
            [
                a.id,
                a.display_name,
                f"{a.memory_gb:g} GB",
                "" if bf16 is None else f"{bf16:,.0f}",
                f"{a.tdp_w:,.0f} W",
                "yes" if a.datacenter else "no",
                "user" if a.user_defined else "",
            ]
        )
    print(f"Accelerator catalogue {catalogue.version} (as of {catalogue.as_of})")
    print_table(
        ["Id", "Name", "Memory", "BF16 TFLOPS", "Power", "Data centre", ""],
        rows,
        [False, False, True, True, True, False, False],
    )
    return 0


def run_add(args: argparse.Namespace) -> int:
    """Validate an accelerator entry and store it in the workspace."""
    from computescore.services.catalogue import accelerator_from_dict, load_catalogue
    from computescore.services.workspace import open_store

    path = Path(args.file)
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputRefused(f"{path} is not a readable JSON file ({exc}).") from exc
    if not isinstance(entry, dict):
        raise InputRefused(f"{path} must hold one JSON object (an accelerator entry).")
    entry["user_defined"] = True
    accelerator = accelerator_from_dict(entry)  # refuses with a message naming the field
    if load_catalogue().get(accelerator.id) is not None:
        raise InputRefused(
            f"{path}: the id {accelerator.id!r} is already in the shipped "
            "catalogue; choose another id."
        )
    with open_store(args.db) as store, store.transaction() as uow:
        uow.add_custom_accelerator(accelerator.id, entry)
    print(f"Added {accelerator.display_name} ({accelerator.id}) to {store.path}.")
    return 0
