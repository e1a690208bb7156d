"""``computescore estimate energy | api | spot | layout``: the figures behind a choice."""

from __future__ import annotations

import argparse
from typing import Any

from computescore.cli.common import add_json_argument, print_json
from computescore.cli.engine.values import figure_value


def register_estimates(kinds: Any) -> None:
    """Add the energy, API, spot and layout estimates to ``computescore estimate``."""
    energy = kinds.add_parser("energy", help="kWh and kg CO2e of running accelerators")
    energy.add_argument("--accelerator", required=True, help="catalogue id or name")
    energy.add_argument("--count", type=float, required=True, help="accelerators")
    energy.add_argument("--hours", type=float, required=True, help="hours they run")
    energy.add_argument("--pue", type=float, default=1.3, help="power usage effectiveness")
    energy.add_argument("--utilisation", type=float, default=1.0, help="share of board power")
    energy.add_argument("--country", default="", help="where it runs (ISO code)")
    energy.add_argument("--renewable-share", type=float, help="vendor-stated share, 0–1")
    energy.add_argument("--grid-intensity", type=float, help="kg CO2e per kWh (overrides)")
    energy.add_argument("--tokens-per-second", type=float, help="serving rate of the whole set")
    energy.add_argument("--db", metavar="PATH", help="use this workspace's own intensities")
    add_json_argument(energy)
    energy.set_defaults(func=run_energy)

    api = kinds.add_parser("api", help="cost per million tokens against a token API")
    api.add_argument("--usd-per-hour", type=float, required=True, help="the option's cost/hour")
    api.add_argument("--tokens-per-second", type=float, required=True, help="at full load")
    api.add_argument("--input", type=float, required=True, help="API USD per M input tokens")
    api.add_argument("--output", type=float, required=True, help="API USD per M output tokens")
    api.add_argument("--cached", type=float, default=0.0, help="API USD per M cached tokens")
    api.add_argument(
        "--mix", default="0.75,0.25,0", help="shares of input,output,cached tokens (0.75,0.25,0)"
    )
    add_json_argument(api)
    api.set_defaults(func=run_api)

    spot = kinds.add_parser("spot", help="work lost on spot capacity")
    spot.add_argument("--interruptions-per-hour", type=float, required=True)
    spot.add_argument("--checkpoint-hours", type=float, required=True, help="interval")
    spot.add_argument("--restart-hours", type=float, default=0.25)
    spot.add_argument("--write-hours", type=float, default=0.0, help="time to write one")
    add_json_argument(spot)
    spot.set_defaults(func=run_spot)

    layout = kinds.add_parser("layout", help="memory to train and the parallel layout that fits")
    layout.add_argument("--params", type=float, required=True)
    layout.add_argument("--method", choices=["full", "lora", "qlora"], default="full")
    layout.add_argument("--accelerator", required=True, help="catalogue id or name")
    layout.add_argument("--count", type=int, required=True, help="accelerators offered")
    layout.add_argument("--per-node", type=int, default=8, help="accelerators per node")
    layout.add_argument("--activations-gb", type=float, default=0.0)
    layout.add_argument("--bus-gbps", type=float, help="all-reduce bandwidth, GB/s")
    layout.add_argument("--step-seconds", type=float, help="compute time of one step")
    add_json_argument(layout)
    layout.set_defaults(func=run_layout)
    _register_curve(kinds)


def _register_curve(kinds: Any) -> None:
    curve = kinds.add_parser(
        "curve",
        help="useful throughput and cost per useful unit by cluster size, with the efficient size",
    )
    curve.add_argument("--params", type=float, required=True, help="model parameters, e.g. 70e9")
    curve.add_argument("--accelerator", required=True, help="catalogue id or name")
    curve.add_argument("--mfu", type=float, default=0.4, help="model FLOPs utilisation, 0–1")
    curve.add_argument("--precision", default="bf16", help="bf16, fp8 …")
    curve.add_argument(
        "--fabric",
        choices=["infiniband", "roce", "nvlink_switch", "other_rdma", "ethernet", "unknown"],
        default="infiniband",
        help="the network between nodes",
    )
    curve.add_argument("--per-node", type=int, default=8, help="accelerators per node")
    curve.add_argument(
        "--tokens-per-step", type=float, default=4096, help="tokens per accelerator per step"
    )
    curve.add_argument("--up-to", type=int, default=256, help="largest cluster drawn")
    curve.add_argument("--usd-per-gpu-hour", type=float, help="price, for the cost per unit")
    add_json_argument(curve)
    curve.set_defaults(func=run_curve)


def _print(rows: list[tuple[str, Any]], notes: list[str]) -> None:
    from computescore.cli.common import print_table
    from computescore.domain.figures import format_number

    print_table(
        ["Figure", "Value", "Unit", "Formula"],
        [[name, format_number(f.value), f.unit, f.formula] for name, f in rows if f is not None],
    )
    for note in notes:
        if note:
            print(note)


def run_energy(args: argparse.Namespace) -> int:
    """Energy and emissions of ``count`` accelerators over ``hours``."""
    from computescore.domain.energy import (
        carbon_kg,
        energy_kwh,
        per_million_tokens,
        tokens_per_watt,
    )
    from computescore.services.energy import grid_table
    from computescore.services.estimates import find_accelerator
    from computescore.services.workspace import load_catalogue_for, open_store

    if args.db:
        with open_store(args.db) as store:
            catalogue, table = load_catalogue_for(store), grid_table(store)
    else:
        from computescore.services.catalogue import load_catalogue

        catalogue, table = load_catalogue(), grid_table()
    if args.grid_intensity is not None:
        table = grid_table(overrides={args.country or "??": args.grid_intensity})
    accelerator = find_accelerator(catalogue, args.accelerator)
    power_kw = accelerator.tdp_w / 1000
    energy = energy_kwh(args.count, power_kw, args.pue, args.hours, utilisation=args.utilisation)
    intensity = table.intensity(args.country or ("??" if args.grid_intensity is not None else ""))
    carbon = carbon_kg(energy, intensity, args.renewable_share)
    tokens = args.tokens_per_second * 3600 * args.hours if args.tokens_per_second else 0.0
    rows: list[tuple[str, Any]] = [
        ("Energy", energy),
        ("Grid intensity", intensity),
        ("Emissions", carbon),
        ("kWh per million tokens", per_million_tokens(energy, tokens, "kWh")),
        ("kg CO2e per million tokens", per_million_tokens(carbon, tokens, "kg CO2e")),
    ]
    if args.tokens_per_second:
        rows.append(
            (
                "Tokens per watt",
                tokens_per_watt(args.tokens_per_second, args.count * accelerator.tdp_w),
            )
        )
    if args.json:
        print_json(
            {
                "accelerator": accelerator.id,
                "power_kw_each": power_kw,
                **{name.lower().replace(" ", "_"): figure_value(f) for name, f in rows},
                "grid_source": intensity.formula,
                "assumed": bool(intensity.flags),
            }
        )
        return 0
    _print(rows, [f"Grid intensity: {intensity.formula}.", intensity.note])
    return 0


def run_api(args: argparse.Namespace) -> int:
    """Cost per million tokens of an option and its break-even against a token API."""
    from computescore.domain.unit_economics import (
        ApiPrice,
        break_even_utilisation,
        cost_per_million_tokens,
    )
    from computescore.errors import UsageError

    try:
        shares = [float(x) for x in args.mix.split(",")]
        mix = [*shares, 0.0, 0.0, 0.0][:3]
        api = ApiPrice(args.input, args.output, args.cached, *mix).blended()
    except ValueError as exc:
        raise UsageError(
            f"--mix {args.mix!r}: {exc}; give three shares, e.g. 0.7,0.2,0.1"
        ) from None
    own = cost_per_million_tokens(args.usd_per_hour, args.tokens_per_second)
    even = break_even_utilisation(args.usd_per_hour, args.tokens_per_second, api)
    rows = [
        ("Cost per million tokens at full load", own),
        ("Blended API price", api),
        ("Break-even utilisation", even),
    ]
    if args.json:
        print_json(
            {
                "usd_per_million_tokens": own.value,
                "api_usd_per_million_tokens": api.value,
                "break_even_utilisation": even.value,
                "verdict": even.note,
            }
        )
        return 0
    _print(rows, [f"Self-hosting is {even.note}."])
    return 0


def run_spot(args: argparse.Namespace) -> int:
    """Share of spot hours lost to interruptions and checkpoints."""
    from computescore.domain.unit_economics import spot_lost_work
    from computescore.errors import UsageError

    try:
        lost = spot_lost_work(
            args.interruptions_per_hour, args.checkpoint_hours, args.restart_hours, args.write_hours
        )
    except ValueError as exc:
        raise UsageError(f"{exc}.") from None
    if args.json:
        print_json({"lost_share": lost.value, "note": lost.note})
        return 0
    _print([("Spot lost work", lost)], [lost.note])
    return 0


def run_layout(args: argparse.Namespace) -> int:
    """Memory to train the model and the smallest parallel layout that holds it."""
    from computescore.domain.sizing.parallel import (
        FineTune,
        allreduce_seconds,
        allreduce_share,
        fine_tune_memory_gb,
        parallel_layout,
    )
    from computescore.services.catalogue import load_catalogue
    from computescore.services.estimates import find_accelerator

    accelerator = find_accelerator(load_catalogue(), args.accelerator)
    memory = fine_tune_memory_gb(
        args.params, FineTune(args.method), activations_gb=args.activations_gb
    )
    layout = parallel_layout(memory.value, accelerator.memory_gb, args.per_node, args.count)
    rows: list[tuple[str, Any]] = [("Training memory", memory)]
    share = None
    if args.bus_gbps and args.step_seconds and layout.data > 1:
        # Only the trained weights' gradients are exchanged (bf16: 2 bytes each), and each
        # accelerator of a replica holds its share of them.
        trained = args.params * (1.0 if args.method == "full" else 0.01)
        shard_gb = trained * 2 / 1e9 / layout.per_replica
        ar = allreduce_seconds(shard_gb, layout.data, args.bus_gbps)
        rows.append(("All-reduce per step", ar))
        share = allreduce_share(args.step_seconds, ar.value)
    if args.json:
        print_json(
            {
                "memory_gb": memory.value,
                "tensor": layout.tensor,
                "pipeline": layout.pipeline,
                "data": layout.data,
                "fits": layout.fits,
                "interconnect": layout.interconnect,
                "allreduce_share": share,
            }
        )
        return 0 if layout.fits else 1
    notes = [
        f"Layout on {accelerator.display_name}: {layout.sentence}.",
        f"Needs: {layout.interconnect}.",
    ]
    if share is not None:
        notes.append(
            f"All-reduce outlasts the compute by {share:.1%} of each step (the rest is hidden "
            "behind the backward pass)."
            if share
            else "All-reduce is hidden behind the compute of each step."
        )
    notes.append(memory.note)
    _print(rows, notes)
    return 0 if layout.fits else 1


def run_curve(args: argparse.Namespace) -> int:
    """The efficiency curve of full training on one accelerator, marking the efficient size."""
    from computescore.cli.common import print_table
    from computescore.domain.catalog import Precision
    from computescore.domain.sizing.parallel import (
        efficient_size,
        training_curve,
        training_curve_inputs,
    )
    from computescore.domain.tco.throughput import dense_peak
    from computescore.errors import UsageError
    from computescore.services.catalogue import load_catalogue
    from computescore.services.estimates import find_accelerator

    accelerator = find_accelerator(load_catalogue(), args.accelerator)
    peak = dense_peak(accelerator, Precision(args.precision))
    if not peak:
        raise UsageError(
            f"{accelerator.display_name} has no {args.precision} peak in the catalogue."
        )
    useful = peak * args.mfu
    setup = training_curve_inputs(
        args.params,
        args.tokens_per_step,
        useful,
        accelerator.memory_gb,
        accelerator.interconnect_gbps,
        args.fabric,
        args.per_node,
        args.up_to,
    )
    points = training_curve(setup, useful / 1000, args.usd_per_gpu_hour)
    best = efficient_size(points)
    if args.json:
        print_json(
            {
                "accelerator": accelerator.id,
                "tensor": setup.layout.tensor,
                "pipeline": setup.layout.pipeline,
                "step_seconds": setup.step_compute_s,
                "gradient_gb_per_accelerator": setup.gradient_gb,
                "inter_node_gbps": setup.inter_node_gbps,
                "within_node_gbps": setup.within_node_gbps,
                "points": [
                    {
                        "accelerators": p.accelerators,
                        "efficiency": p.efficiency,
                        "useful_pflops": p.useful_total,
                        "usd_per_useful_pflop_hour": p.cost_per_unit,
                    }
                    for p in points
                ],
                "efficient_size": None if best is None else best.accelerators,
            }
        )
        return 0
    print(
        f"Full training of {args.params:.3g} parameters on {accelerator.display_name}: "
        f"{setup.layout.sentence}; a step of {args.tokens_per_step:,.0f} tokens per "
        f"accelerator computes in {setup.step_compute_s:,.2f} s; each replica member "
        f"all-reduces {setup.gradient_gb:,.2f} GB over {setup.within_node_gbps:,.0f} GB/s "
        f"within a node and {setup.inter_node_gbps:,.3g} GB/s between nodes ({args.fabric})."
    )
    print_table(
        ["Accelerators", "Efficiency", "Useful PFLOP/s", "$ per useful PFLOP-h", ""],
        [
            [
                f"{p.accelerators:,}",
                f"{p.efficiency:.0%}",
                f"{p.useful_total:,.2f}",
                "—" if p.cost_per_unit is None else f"{p.cost_per_unit:,.2f}",
                "◆ efficient size" if best is not None and p is best else "",
            ]
            for p in points
        ],
        [True, True, True, True, False],
    )
    if best is None:
        print("Give --usd-per-gpu-hour to mark the economically efficient size.")
    return 0
