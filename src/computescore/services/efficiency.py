"""How each quote's chosen option scales for a training workload: the efficiency curve.

Useful throughput and cost per useful PFLOP-hour against the accelerator count (seed
002: "don't assume that doubling GPUs halves your training time"), from the option's
useful rate per accelerator, its price per GPU-hour used, the smallest layout that holds
the model, and the all-reduce over the chip's links within a node and the fabric the
quote names between nodes (:mod:`computescore.domain.sizing.parallel`).
"""

from __future__ import annotations

from computescore.domain.sizing import detect_fabric
from computescore.domain.sizing.parallel import (
    efficient_size,
    training_curve,
    training_curve_inputs,
)
from computescore.domain.tco import Tco, compute_tco
from computescore.domain.units import PETA, TERA
from computescore.domain.workload import Purpose, Workload
from computescore.reports.model import ScalingPoint, ScalingRow
from computescore.services.evaluate import EvaluationResult
from computescore.services.workspace import EvaluationData

NODE_DEFAULT = 8
"""Accelerators per node where the quote does not say."""


def scaling_rows(data: EvaluationData, result: EvaluationResult) -> tuple[ScalingRow, ...]:
    """The efficiency curve of every quote's chosen option, for each training workload of
    the evaluation (none for serving: replicas that serve do not exchange gradients, so
    they scale linearly). The analysed workload's TCOs are reused; another workload's
    quotes are costed for it with the same assumptions."""
    rows: list[ScalingRow] = []
    for workload in data.evaluation.workloads:
        if workload.purpose is Purpose.INFERENCE or workload.params <= 0:
            continue
        if workload == result.workload:
            costed = [(item.label, item.quote_key, item.tco) for item in result.quotes]
        else:
            costed = [
                (
                    quote.label,
                    quote.key,
                    compute_tco(
                        quote,
                        workload,
                        data.catalogue.accelerators,
                        data.fx_rates,
                        data.evaluation.decision_date,
                        result.assumptions,
                        housings=result.housings,
                    ),
                )
                for quote in data.quotes
            ]
        rows.extend(_rows(data, workload, costed))
    return tuple(rows)


def _rows(
    data: EvaluationData, workload: Workload, costed: list[tuple[str, str, Tco]]
) -> list[ScalingRow]:
    quotes = {q.key: q for q in data.quotes}
    largest = max(4 * workload.accelerators, 64)
    rows = []
    for label, key, tco in costed:
        option, quote = tco.chosen, quotes.get(key)
        accelerator = data.catalogue.get(option.accelerator) if option is not None else None
        rate = tco.useful_rate
        if option is None or quote is None or accelerator is None or rate is None:
            continue
        if rate.value <= 0 or option.usd_per_used_gpu_hour is None:
            continue
        fabric = detect_fabric(
            [*(line.description for line in quote.lines), accelerator.interconnect]
        )
        per_node = quote.lines[option.line_index].accelerators_per_node or NODE_DEFAULT
        setup = training_curve_inputs(
            workload.params,
            float(workload.context_length * max(1, workload.batch_size)),
            rate.value,
            accelerator.memory_gb,
            accelerator.interconnect_gbps,
            fabric.value,
            per_node,
            largest,
        )
        points = training_curve(setup, rate.value * TERA / PETA, option.usd_per_used_gpu_hour)
        best = efficient_size(points)
        rows.append(
            ScalingRow(
                label=label,
                accelerator=accelerator.display_name,
                layout=f"tensor {setup.layout.tensor} × pipeline {setup.layout.pipeline}",
                fabric=fabric.value.replace("_", " "),
                points=tuple(
                    ScalingPoint(p.accelerators, p.efficiency, p.useful_total, p.cost_per_unit)
                    for p in points
                ),
                efficient=None if best is None else best.accelerators,
                needed=workload.accelerators,
                workload=workload.name,
            )
        )
    return rows
