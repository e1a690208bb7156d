"""The ``estimate training`` and ``estimate inference`` commands: sizing on an accelerator."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from computescore.cli.common import print_json, print_table
from computescore.cli.engine.values import explanations, figure_value, problem_dicts
from computescore.errors import UsageError


def _refuse_bad_input(sizing: Any) -> None:
    errors = [p for p in sizing.problems if p.severity.value == "error"]
    if errors and sizing.flops is None:
        raise UsageError("; ".join(p.message for p in errors) + ".")


def _catalogue(db: str | None) -> Any:
    from computescore.services.catalogue import load_catalogue

    if db is None:
        return load_catalogue()
    from computescore.services.workspace import load_catalogue_for, open_store

    with open_store(db) as store:
        return load_catalogue_for(store)


def _figure_rows(figures: Sequence[tuple[str, Any]]) -> list[list[str]]:
    rows = []
    for name, figure in figures:
        if figure is None:
            continue
        flags = f" [{', '.join(figure.flags)}]" if figure.flags else ""
        rows.append([name, f"{figure.value:,.6g}", figure.unit, figure.formula + flags])
    return rows


def _print_sizing(title: str, figures: Sequence[tuple[str, Any]], problems: Sequence[Any]) -> None:
    print(title)
    print_table(
        ["Figure", "Value", "Unit", "Formula"], _figure_rows(figures), [False, True, False, False]
    )
    for problem in problems:
        print(f"note: {problem}")


def run_estimate_training(args: argparse.Namespace) -> int:
    """Print the sizing of a training job."""
    from computescore.services.estimates import estimate_training

    sizing = estimate_training(
        _catalogue(args.db),
        params=args.params,
        tokens=args.tokens,
        accelerator=args.accelerator,
        mfu=args.mfu,
        precision=args.precision,
        gpus=args.gpus,
        usd_per_gpu_hour=args.usd_per_gpu_hour,
    )
    _refuse_bad_input(sizing)
    figures = {
        "flops": sizing.flops,
        "gpu_hours": sizing.gpu_hours,
        "memory_gb": sizing.memory_gb,
        "min_accelerators": sizing.min_accelerators,
        "wall_clock_days": sizing.wall_clock_days,
        "cost_usd": sizing.cost_usd,
    }
    if args.json:
        out: dict[str, Any] = {
            "purpose": "training",
            "accelerator": sizing.accelerator_id,
            "precision": sizing.precision.value,
            "params": args.params,
            "tokens": args.tokens,
            "mfu": args.mfu,
            "flops": figure_value(sizing.flops),
            "gpu_hours": figure_value(sizing.gpu_hours),
            "memory_gb": figure_value(sizing.memory_gb),
            "min_accelerators": None
            if sizing.min_accelerators is None
            else int(sizing.min_accelerators.value),
        }
        if args.gpus is not None:
            out["gpus"] = args.gpus
            out["wall_clock_days"] = figure_value(sizing.wall_clock_days)
        _print_estimate_json(out, args, sizing, figures, "cost_usd")
        return 0
    _print_sizing(
        f"Training {args.params:.3g} parameters on {args.tokens:.3g} tokens, "
        f"{sizing.accelerator_id} at {sizing.precision.value}",
        [
            ("Compute", sizing.flops),
            ("GPU-hours", sizing.gpu_hours),
            ("Memory (full fine-tune)", sizing.memory_gb),
            ("Minimum accelerators", sizing.min_accelerators),
            ("Wall-clock time", sizing.wall_clock_days),
            ("Job cost", sizing.cost_usd),
        ],
        sizing.problems,
    )
    return 0


def run_estimate_inference(args: argparse.Namespace) -> int:
    """Print the sizing of an inference load."""
    from computescore.services.estimates import estimate_inference

    sizing = estimate_inference(
        _catalogue(args.db),
        params=args.params,
        tokens_per_day=args.tokens_per_day,
        accelerator=args.accelerator,
        mfu=args.mfu,
        precision=args.precision,
        context_length=args.context,
        batch_size=args.batch,
        hours_per_day=args.hours_per_day,
        tokens_per_second=args.tokens_per_second,
        usd_per_gpu_hour=args.usd_per_gpu_hour,
        serving=_serving(args),
        output_share=_output_share(args.output_share),
    )
    _refuse_bad_input(sizing)
    figures = {
        "flops_per_day": sizing.flops,
        "memory_gb": sizing.memory_gb,
        "min_accelerators": sizing.min_accelerators,
        "tokens_per_second": sizing.tokens_per_second,
        "gpu_hours_per_day": sizing.gpu_hours,
        "accelerators_needed": sizing.accelerators_for_load,
        "cost_usd_per_day": sizing.cost_usd,
        "time_to_first_token_s": sizing.time_to_first_token,
        "time_per_output_token_s": sizing.time_per_output_token,
    }
    if args.json:
        out: dict[str, Any] = {
            "purpose": "inference",
            "accelerator": sizing.accelerator_id,
            "precision": sizing.precision.value,
            "params": args.params,
            "tokens_per_day": args.tokens_per_day,
            "context_length": args.context,
            "batch_size": args.batch,
            "hours_per_day": args.hours_per_day,
            "output_share": args.output_share,
            "mfu": args.mfu,
            "flops_per_day": figure_value(sizing.flops),
            "memory_gb": figure_value(sizing.memory_gb),
            "min_accelerators": None
            if sizing.min_accelerators is None
            else int(sizing.min_accelerators.value),
            "tokens_per_second": figure_value(sizing.tokens_per_second),
            "gpu_hours_per_day": figure_value(sizing.gpu_hours),
            "accelerators_needed": None
            if sizing.accelerators_for_load is None
            else int(sizing.accelerators_for_load.value),
            "time_to_first_token_s": figure_value(sizing.time_to_first_token),
            "time_per_output_token_s": figure_value(sizing.time_per_output_token),
            "latency": sizing.latency,
        }
        _print_estimate_json(out, args, sizing, figures, "cost_usd_per_day")
        return 0
    _print_sizing(
        f"Serving {args.params:.3g} parameters, {args.tokens_per_day:.3g} tokens/day, "
        f"{sizing.accelerator_id} at {sizing.precision.value}",
        [
            ("Compute per day", sizing.flops),
            ("Memory (weights + KV cache)", sizing.memory_gb),
            ("Minimum accelerators", sizing.min_accelerators),
            ("Token rate per accelerator (generating)", sizing.tokens_per_second),
            ("GPU-hours per day", sizing.gpu_hours),
            ("Accelerators for the load", sizing.accelerators_for_load),
            ("Cost per day", sizing.cost_usd),
            ("Time to first token", sizing.time_to_first_token),
            ("Time per output token", sizing.time_per_output_token),
        ],
        sizing.problems,
    )
    if sizing.latency:
        print(f"Latency: {sizing.latency}")
    return 0


def _output_share(share: float) -> float:
    """The token mix given on the command line, refused outside 0–1."""
    if not 0.0 <= share <= 1.0:
        raise UsageError(
            f"--output-share is the share of the tokens that are generated: a number from 0 "
            f"(an embedding model, prompts only) to 1 (found {share:g})."
        )
    return share


def _serving(args: argparse.Namespace) -> Any:
    """The model shape and latency target given on the command line."""
    from computescore.domain.sizing.serving import Attention
    from computescore.domain.sizing.sizings import ServingSetup
    from computescore.errors import UsageError

    shape = (args.layers, args.kv_heads, args.head_dim)
    if any(v is not None for v in shape) and not all(v is not None for v in shape):
        raise UsageError("Give all of --layers, --kv-heads and --head-dim, or none of them.")
    attention = (
        Attention(args.layers, args.kv_heads, args.head_dim, args.kv_bytes)
        if all(v is not None for v in shape)
        else None
    )
    return ServingSetup(
        attention=attention,
        prompt_tokens=args.prompt_tokens,
        latency_ms=args.latency_ms,
        bandwidth_efficiency=args.bandwidth_efficiency,
    )


def _print_estimate_json(
    out: dict[str, Any], args: argparse.Namespace, sizing: Any, figures: dict[str, Any], cost: str
) -> None:
    """The JSON tail both estimates share: the cost asked for, flags, explanations, problems."""
    if args.usd_per_gpu_hour is not None:
        out["usd_per_gpu_hour"] = args.usd_per_gpu_hour
        out[cost] = figure_value(sizing.cost_usd)
    out["flags"] = sorted({flag for f in figures.values() if f for flag in f.flags})
    out["explanations"] = explanations(**figures)
    out["problems"] = problem_dicts(sizing.problems)
    print_json(out)
