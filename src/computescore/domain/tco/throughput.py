"""Useful throughput: measured tokens or MFU × peak at the precision used."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from computescore.domain.catalog import Accelerator, Precision, peak_with_fallback
from computescore.domain.figures import UNMEASURED, Figure, Input, format_number
from computescore.domain.measurement import (
    accelerator_fit,
    tokens_fit,
    usable_tokens_per_second,
)
from computescore.domain.quotes import (
    Quote,
)
from computescore.domain.sizing import (
    INFERENCE_FLOP_PER_PARAM_TOKEN,
    TRAINING_FLOP_PER_PARAM_TOKEN,
    measurement_precision,
)
from computescore.domain.sizing.memory import weights_gb
from computescore.domain.sizing.serving import (
    OUTPUT_SHARE_DEFAULT,
    Chip,
    mixed_throughput,
    serving_ceiling_tokens,
)
from computescore.domain.sizing.sizings import replica_decode, workload_serving_memory
from computescore.domain.tco.records import UsefulBasis
from computescore.domain.units import PETA, TERA
from computescore.domain.workload import Purpose, Workload

MEASURED_ON_WORKLOAD = "tokens/s measured on this workload's model, task and load"
"""What a measured tokens/s set aside was expected to be."""


def dense_peak(accelerator: Accelerator, precision: Precision) -> float | None:
    """Dense peak TFLOP/s at a precision, or at the one the chip runs it in (see below)."""
    found = peak_with_fallback(accelerator, precision)
    return None if found is None else found[0]


def stated_peak(accelerator: Accelerator, precision: Precision) -> float | None:
    """The datasheet's dense peak at exactly this precision (bf16 and fp16 count as one).

    Used for a measured MFU's own precision: a measurement is a fraction of the peak
    it was taken against, which a wider format's peak is not.
    """
    peak = accelerator.dense_tflops(precision)
    if peak is None and precision in _HALF:
        peak = accelerator.dense_tflops(
            Precision.FP16 if precision is Precision.BF16 else Precision.BF16
        )
    return peak


def main_peak_precision(
    main: tuple[int, Accelerator] | None, precision: Precision
) -> Precision | None:
    """The precision whose peak stands for the main accelerator's at ``precision``."""
    if main is None:
        return None
    found = peak_with_fallback(main[1], precision)
    return None if found is None else found[1]


def fallback_note(accelerator: Accelerator, precision: Precision) -> str:
    """The sentence saying a wider precision's peak stands in ("" when none does)."""
    found = peak_with_fallback(accelerator, precision)
    if found is None or found[1] is precision or {found[1], precision} <= _HALF:
        return ""
    return (
        f"{accelerator.display_name} has no {precision.value} peak in the catalogue; its "
        f"{found[1].value} peak is used (a {precision.value} model is computed in "
        f"{found[1].value} on it)"
    )


_HALF = frozenset({Precision.BF16, Precision.FP16})
"""Half precisions whose peaks are the same on the accelerators that have both."""


def _measured_precision(quote: Quote, workload: Workload) -> Precision | None:
    """The precision the quote's measured MFU was taken at, where it names one that is
    not the workload's (bf16 and fp16 count as one)."""
    if quote.performance.mfu is None:
        return None
    at = measurement_precision(quote.performance.method)
    if at is None or at is workload.precision or {at, workload.precision} <= _HALF:
        return None
    return at


def precision_shift(
    workload: Workload, measured_peak: tuple[Precision, float | None] | None
) -> str:
    """What a measured MFU's own precision changes in the useful compute ("" for nothing)."""
    if measured_peak is None:
        return ""
    at, total = measured_peak[0].value, workload.precision.value
    if measured_peak[1]:
        return (
            f"the MFU was measured at {at}, so it is applied to the {at} peak, not to the "
            f"{total} peak the workload assumes"
        )
    return (
        f"the MFU was measured at {at}, for which the catalogue has no peak; it is applied "
        f"to the {total} peak, which may overstate the useful compute"
    )


@dataclass(frozen=True, slots=True)
class PeakContext:
    """What the datasheet figure rests on besides the quote's total peak.

    Attributes:
        no_peak: why a peak is missing ("X has no fp8 peak in the catalogue").
        measured_peak: the precision a measured MFU was taken at, when it differs from
            the workload's, and the dense peak of all the accelerators at it (PFLOP/s;
            None when the catalogue has none).
        peak_precision: the precision whose peak stands for the workload's.
        decode_cap: for serving, the useful throughput the decode step allows
            (:func:`decode_bound`); it replaces peak × an assumed MFU when lower, since
            generating tokens is bound by memory bandwidth long before compute (a
            measured MFU already includes what bound it).
        decode_ceiling: for serving, the most the accelerator can give at the workload's
            context at any batch (:func:`serving_ceiling`): a measured tokens/s above it
            was taken under a lighter load than the workload's (a shorter context, or a
            model that shares its KV heads).
        output_share: for serving, the share of the workload's tokens that are
            generated; the rest are prompt tokens, read at the prefill's compute-bound
            rate (:func:`served_throughput`).
    """

    no_peak: Sequence[str] = ()
    measured_peak: tuple[Precision, float | None] | None = None
    peak_precision: Precision | None = None
    decode_cap: Figure | None = None
    decode_ceiling: Figure | None = None
    output_share: float = OUTPUT_SHARE_DEFAULT


SERVED_FORMULA = "1 ÷ (output share ÷ generating + (1 − output share) ÷ prefill)"
"""The formula of a serving throughput worked out over the token mix."""

DECODE_FORMULA = "decode rate per accelerator × 2 × params"
"""The formula of the decode step's bound (:func:`decode_bound`)."""


def decode_rated(rate: Figure | None) -> bool:
    """True when a useful throughput rests on the decode step's bound (unmeasured serving),
    alone or over the token mix."""
    if rate is None:
        return False
    if rate.formula == SERVED_FORMULA:
        return any(i.name == "generating" and i.source == DECODE_FORMULA for i in rate.inputs)
    return rate.formula == DECODE_FORMULA


def throughput_factor(rate: Figure | None, factor: Any) -> Any:
    """How much a useful throughput moves when its uncertain input is scaled by ``factor``
    (a number, or an array of them): the MFU, or a measured tokens/s.

    Peak × MFU and a measured rate move in proportion. The decode step's bound does not move
    with the MFU (memory bandwidth sets it). Over the token mix only the part that moves
    does: the prompt tokens' peak × MFU when generating is decode-bound, the generating rate
    when it was measured. 0.5 × the MFU of an H100 generating at 9.59 TFLOP/s and reading
    prompts at 296.85 (a quarter generated) serves 1 ÷ (0.25 ÷ 9.59 + 0.75 ÷ 148.4) = 32.1
    TFLOP/s, 0.92 of its 34.98, not half.
    """
    if rate is None or rate.value <= 0:
        return factor
    if rate.formula == DECODE_FORMULA:
        return factor * 0.0 + 1.0
    if rate.formula != SERVED_FORMULA:
        return factor
    inputs = {item.name: item for item in rate.inputs}
    generating = float(inputs["generating"].value)
    prefill = float(inputs["prefill"].value)
    share = float(inputs["output share"].value)
    if inputs["generating"].source == DECODE_FORMULA:
        moved_generating, moved_prefill = generating + factor * 0.0, prefill * factor
    elif isinstance(factor, int | float) and factor <= 0:
        return 0.0
    else:
        moved_generating, moved_prefill = generating * factor, prefill + factor * 0.0
    # The prompt is never read slower than tokens are generated (as in mixed_throughput);
    # written with abs so that it works on arrays too.
    gap = moved_prefill - moved_generating
    moved_prefill = moved_generating + (gap + abs(gap)) / 2
    moved = 1.0 / (share / moved_generating + (1.0 - share) / moved_prefill)
    return moved / rate.value


def served_throughput(decode: Figure, prefill_tflops: float, output_share: float) -> Figure:
    """The useful throughput of serving the workload's mix of tokens (DOMAIN §7).

    ``decode`` is the rate of generating tokens (a measured tokens/s, or the decode
    step's bound) in TFLOP/s; prompt tokens are read in the prefill, compute-bound at
    ``prefill_tflops`` (peak × MFU). Both do 2 × params FLOP a token, so the served rate
    is their harmonic mean weighted by the mix (:func:`~computescore.domain.sizing.
    serving.mixed_throughput`). Unchanged when every token is generated or no prefill
    rate is known.
    """
    value = mixed_throughput(decode.value, prefill_tflops, output_share)
    if value == decode.value:
        return decode
    share = min(1.0, max(0.0, output_share))
    return Figure(
        decode.label,
        value,
        decode.unit,
        SERVED_FORMULA,
        (
            Input("generating", decode.value, decode.unit, decode.formula),
            Input("prefill", prefill_tflops, decode.unit, "peak × MFU (compute-bound)"),
            Input("output share", share, "", "token mix: the rest are prompt tokens"),
            *decode.inputs,
        ),
        flags=decode.flags,
        note="; ".join(
            part
            for part in (
                f"{format_number(share * 100)} % of the tokens are generated at "
                f"{format_number(decode.value)} TFLOP/s, the prompt tokens are read at "
                f"{format_number(prefill_tflops)} TFLOP/s",
                decode.note,
            )
            if part
        ),
    )


def useful_throughput(
    quote: Quote,
    workload: Workload,
    peak_pflops_total: float | None,
    gpus: int,
    mfu: Figure,
    context: PeakContext | None = None,
) -> tuple[Figure | None, UsefulBasis, str, str]:
    """Useful throughput of one accelerator on this workload, in TFLOP/s of the model's FLOP.

    Measured tokens/s per accelerator × FLOP per token (2 × params to serve, 6 × params
    to train) comes first; else the catalogue's mean dense peak at the workload's
    precision × MFU (measured, else the workload's assumption, flagged unmeasured).
    A measured MFU is a fraction of the peak at the precision it was measured at: when
    the measurement names another precision than the workload's, that precision's peak
    is used (where the catalogue has it), and the figure's note says so.
    A measurement that implies more useful work than the accelerators' dense peak
    (a utilisation above 100 %) cannot have been taken on this workload — typically
    serving tokens/s of a smaller model applied to a training job — and is set aside
    with a warning.

    Args:
        quote: the quote (its measured performance).
        workload: purpose, parameters and precision.
        peak_pflops_total: dense peak of all the quote's accelerators (PFLOP/s), None
            when some accelerator has no peak at the precision.
        gpus: accelerators quoted.
        mfu: the MFU used (:func:`~computescore.domain.sizing.mfu_used`).
        context: missing peaks, a measured MFU's own precision, and for serving the
            decode step's bound (:class:`PeakContext`).

    Returns:
        (figure or None, where it comes from, why it is unknown — "" when known, a
        warning about a measurement set aside — "" when none).
    """
    context = context or PeakContext()
    no_peak, measured_peak = context.no_peak, context.measured_peak
    peak_precision, decode_cap = context.peak_precision, context.decode_cap
    if gpus <= 0:
        return None, UsefulBasis.UNKNOWN, "no accelerators are quoted", ""
    peak_tflops = (
        peak_pflops_total * PETA / TERA / gpus
        if peak_pflops_total is not None and peak_pflops_total > 0
        else None
    )
    tokens = quote.performance.tokens_per_second
    rejected = aside = ""
    fit = tokens_fit(quote.performance.method, workload)
    if tokens is not None and tokens > 0 and not fit.usable:
        rejected = aside = fit.note
        tokens = None
    elif tokens is not None and fit.scale != 1.0:
        tokens *= fit.scale
    if tokens is not None and tokens > 0 and workload.params > 0:
        per_token = (
            INFERENCE_FLOP_PER_PARAM_TOKEN
            if workload.purpose is Purpose.INFERENCE
            else TRAINING_FLOP_PER_PARAM_TOKEN
        )
        method = quote.performance.method.strip()
        figure = Figure(
            "Useful throughput",
            tokens * per_token * workload.params / TERA,
            "TFLOP/s per accelerator",
            f"measured tokens/s × {per_token:g} FLOP per parameter and token × parameters",
            (
                Input(
                    "tokens/s",
                    tokens,
                    "tokens/s per accelerator",
                    (f"measured: {method}" if method else "measured")
                    + (
                        f", scaled × {round(fit.scale, 3):g} per parameter"
                        if fit.scale != 1
                        else ""
                    ),
                ),
                Input(
                    "FLOP per parameter and token",
                    per_token,
                    "",
                    "serving" if workload.purpose is Purpose.INFERENCE else "training",
                ),
                Input("parameters", workload.params, "", f"workload {workload.name}"),
            ),
            note=fit.note,
        )
        ceiling = context.decode_ceiling
        if ceiling is not None and 0 < ceiling.value < figure.value:
            rejected, aside = _above_ceiling(
                tokens, quote.performance.tokens_per_second, figure, ceiling, workload
            )
        elif peak_tflops is None or figure.value <= peak_tflops:
            if workload.purpose is Purpose.INFERENCE and peak_tflops is not None:
                # Prompts are read at peak × the MFU used: the measured one where the quote
                # has it (as the load check reads them), else the workload's.
                prefill = peak_tflops * mfu.value
                figure = served_throughput(figure, prefill, context.output_share)
            return figure, UsefulBasis.MEASURED_TOKENS, "", ""
        else:
            rejected, aside = _above_peak(tokens, figure, peak_tflops, workload)
    if peak_tflops is None:
        reasons = sorted(set(no_peak)) or ["no catalogue peak"]
        return (
            None,
            UsefulBasis.UNKNOWN,
            "; ".join(reasons) + ", and the quote has no measured tokens/s",
            rejected,
        )
    measured = UNMEASURED not in mfu.flags
    precision_at, peak_at = peak_precision or workload.precision, peak_tflops
    peak_where = "catalogue, mean over the accelerators quoted"
    shift = precision_shift(workload, measured_peak) if measured else ""
    if measured and measured_peak is not None and measured_peak[1]:
        precision_at = measured_peak[0]
        peak_at = measured_peak[1] * PETA / TERA / gpus
        peak_where += ", at the precision the MFU was measured at"
    figure = Figure(
        "Useful throughput",
        peak_at * mfu.value,
        "TFLOP/s per accelerator",
        f"dense {precision_at.value} peak × MFU",
        (
            Input("precision", precision_at.value),
            Input("peak", peak_at, "TFLOP/s", peak_where),
            Input("MFU", mfu.value, "", "measured" if measured else "workload assumption"),
        ),
        flags=mfu.flags,
        note="; ".join(part for part in (aside, shift) if part),
    )
    basis = UsefulBasis.MEASURED_MFU if measured else UsefulBasis.DATASHEET
    if not measured and decode_cap is not None and 0 < decode_cap.value < figure.value:
        served = served_throughput(decode_cap, figure.value, context.output_share)
        capped = Figure(
            served.label,
            served.value,
            served.unit,
            served.formula,
            served.inputs,
            flags=tuple(dict.fromkeys((*mfu.flags, *decode_cap.flags))),
            note="; ".join(
                part
                for part in (
                    f"serving is bound by the decode step: peak × MFU would claim "
                    f"{format_number(figure.value)} TFLOP/s",
                    served.note,
                    aside,
                )
                if part
            ),
        )
        return capped, basis, "", rejected
    return figure, basis, "", rejected


def unmeasured_useful(
    peak_times_mfu: float,
    accelerator: Accelerator,
    workload: Workload,
    output_share: float = OUTPUT_SHARE_DEFAULT,
) -> float:
    """An accelerator's useful TFLOP/s on the workload with nothing measured: peak × MFU,
    or for serving, when the decode step's bound is lower, the workload's mix of tokens
    generated at that bound and prompt tokens read at peak × MFU (the rule
    :func:`useful_throughput` applies to a quote without measured performance)."""
    cap = decode_bound(workload, (0, accelerator))
    if cap is not None and 0 < cap.value < peak_times_mfu:
        return mixed_throughput(cap.value, peak_times_mfu, output_share)
    return peak_times_mfu


def _above_peak(
    tokens: float, figure: Figure, peak_tflops: float, workload: Workload
) -> tuple[str, str]:
    """Why a measured tokens/s above the dense peak is set aside: (warning, note)."""
    shown, useful, peak = (
        format_number(tokens),
        format_number(figure.value),
        format_number(peak_tflops),
    )
    return (
        f"the measured {shown} tokens/s would mean {useful} useful TFLOP/s per accelerator "
        f"for this {workload.purpose.value} workload, more than the {peak} TFLOP/s "
        f"{workload.precision.value} dense peak: it cannot have been measured on this "
        "workload and is set aside (peak × MFU is used)",
        f"measured {shown} tokens/s set aside: it implies {useful} TFLOP/s per "
        f"accelerator, above the {peak} TFLOP/s peak",
    )


def _above_ceiling(
    tokens: float, measured: float | None, figure: Figure, ceiling: Figure, workload: Workload
) -> tuple[str, str]:
    """Why a measured tokens/s above the serving ceiling is set aside: (warning, note).

    1,850.5 tokens/s measured on an 8 B model stands for 1,138.8 on a 13 B one, against an
    L40S ceiling of 126 at 8,192 tokens of context: it was measured under a lighter load.
    """
    most = tokens * ceiling.value / figure.value
    shown, limit = f"{format_number(tokens)} tokens/s", format_number(most)
    if measured is not None and measured != tokens:
        shown = f"{format_number(measured)} tokens/s ({format_number(tokens)} scaled to this model)"
    chip = next((item.value for item in ceiling.inputs if item.name == "accelerator"), None)
    context = f"{format_number(workload.context_length)} tokens of context"
    return (
        f"the measured {shown} is more than the "
        + (f"{chip}'s" if chip else "accelerator's")
        + f" memory bandwidth allows for this workload's model at {context}, at any batch "
        f"(at most {limit} tokens/s per accelerator: every sequence's KV cache is read for "
        "each token, at the full datasheet bandwidth): it was measured under a lighter load "
        "and is set aside (the useful throughput is worked out without it). Ask for tokens/s "
        "measured at this context, or state the model's layers, KV heads and head size on "
        "the workload if it shares its KV heads",
        f"measured {shown} set aside: above the {limit} tokens/s the memory bandwidth allows "
        f"at {context}",
    )


def within_serving_ceiling(
    tokens_per_second: float | None, workload: Workload, accelerator: Accelerator
) -> float | None:
    """A measured tokens/s per accelerator as this workload's load may count it: None when
    it is above the serving ceiling (:func:`serving_ceiling`), as the useful throughput
    sets it aside."""
    if tokens_per_second is None or workload.params <= 0:
        return tokens_per_second
    ceiling = serving_ceiling(workload, (0, accelerator))
    if ceiling is None or ceiling.value <= 0:
        return tokens_per_second
    most = ceiling.value * TERA / (INFERENCE_FLOP_PER_PARAM_TOKEN * workload.params)
    return tokens_per_second if tokens_per_second <= most else None


def measured_under_lighter_load(
    quote: Quote, workload: Workload, accelerators: Mapping[str, Accelerator]
) -> float | None:
    """The quote's measured tokens/s (as measured) when it is set aside for this serving
    workload because it is above the serving ceiling of an accelerator it was measured on
    (:func:`within_serving_ceiling`); None when it stands, or there is none to judge."""
    performance = quote.performance
    tokens = usable_tokens_per_second(performance.tokens_per_second, performance.method, workload)
    if tokens is None or workload.purpose is not Purpose.INFERENCE:
        return None
    for line in quote.compute_lines:
        accelerator = accelerators.get(line.accelerator or "")
        if (
            accelerator is None
            or not accelerator_fit(performance.method, accelerator, accelerators.values()).usable
        ):
            continue
        if within_serving_ceiling(tokens, workload, accelerator) is None:
            return performance.tokens_per_second
    return None


def serving_ceiling(workload: Workload, main: tuple[int, Accelerator] | None) -> Figure | None:
    """The most useful throughput one accelerator can give serving this workload's model at
    its context, at any batch (:func:`~computescore.domain.sizing.serving.serving_ceiling_tokens`
    × 2 × params). None for training, or when the catalogue lacks the accelerator's peak
    or bandwidth.
    """
    if workload.purpose is not Purpose.INFERENCE or main is None or workload.params <= 0:
        return None
    accelerator = main[1]
    peak = dense_peak(accelerator, workload.precision)
    if not peak or accelerator.memory_bandwidth_gbps <= 0:
        return None
    batch = max(1, workload.batch_size)
    memory = workload_serving_memory(workload)
    kv = max(0.0, memory.value - weights_gb(workload.params, workload.precision).value) / batch
    chip = Chip(accelerator.display_name, peak, accelerator.memory_bandwidth_gbps)
    tokens = serving_ceiling_tokens(kv, workload.params, chip)
    return Figure(
        "Serving ceiling",
        tokens.value * INFERENCE_FLOP_PER_PARAM_TOKEN * workload.params / TERA,
        "TFLOP/s per accelerator",
        "most tokens/s per accelerator at any batch × 2 × params",
        (
            Input("most tokens/s", tokens.value, "tokens/s per accelerator", tokens.formula),
            Input("accelerator", accelerator.display_name, "", "catalogue"),
            Input("context", workload.context_length, "tokens"),
            Input("KV cache per sequence", kv, "GB", memory.note),
            Input("parameters", workload.params, "", f"workload {workload.name}"),
        ),
        note=tokens.note,
    )


def decode_bound(workload: Workload, main: tuple[int, Accelerator] | None) -> Figure | None:
    """The useful throughput one accelerator can give when serving, as the decode step allows.

    The workload's model at its precision, context and batch on the quote's main
    accelerator, spread over as many of them as hold a replica (tensor parallelism):
    decode rate per accelerator × 2 × params (DOMAIN §7). None for training, or when
    the catalogue lacks the accelerator's peak, memory or bandwidth.
    """
    if workload.purpose is not Purpose.INFERENCE or main is None or workload.params <= 0:
        return None
    accelerator = main[1]
    peak = dense_peak(accelerator, workload.precision)
    if not peak or accelerator.memory_bandwidth_gbps <= 0 or accelerator.memory_gb <= 0:
        return None
    batch = max(1, workload.batch_size)
    memory = workload_serving_memory(workload)
    decode, _chip = replica_decode(
        workload.params,
        workload.precision,
        memory.value,
        batch,
        accelerator,
        peak,
        workload.mfu_at_precision,
    )
    per_chip = decode.per_accelerator_tokens_per_s.value
    return Figure(
        "Useful throughput",
        per_chip * INFERENCE_FLOP_PER_PARAM_TOKEN * workload.params / TERA,
        "TFLOP/s per accelerator",
        DECODE_FORMULA,
        (
            Input("decode rate", per_chip, "tokens/s per accelerator", decode.step_s.formula),
            Input("batch", batch, "sequences"),
            Input("context", workload.context_length, "tokens"),
            Input("KV cache", memory.value, "GB", memory.note),
            Input("accelerators per replica", decode.tensor_parallel),
            Input("parameters", workload.params, "", f"workload {workload.name}"),
        ),
        flags=(UNMEASURED,),
        note=f"decode step: {decode.step_s.note}",
    )
