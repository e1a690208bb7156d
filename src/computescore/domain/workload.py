"""Workload profiles and the evaluation they belong to."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum

from computescore.domain.catalog import Precision

FP8_TRAINING_MFU_RATIO = 0.6
"""The share of its BF16 MFU that training at 8 bits reaches against the 8-bit peak.

The 8-bit peak is twice the BF16 one, yet end-to-end training in FP8 runs about 1.2–1.4×
as fast as in BF16, not 2×: only the matrix multiplications speed up, while attention,
norms, optimizer steps and communication do not. 0.6 × 2 = 1.2× is the cautious end;
a workload's own ``fp8_training_mfu`` replaces it."""

NARROW_PRECISIONS = frozenset(
    {Precision.FP8, Precision.FP6, Precision.FP4, Precision.INT8, Precision.INT4}
)
"""Formats of 8 bits or fewer, whose peaks are at least twice the BF16 one."""


class Purpose(StrEnum):
    """What the compute is for."""

    TRAINING = "training"
    INFERENCE = "inference"
    EXPERIMENTATION = "experimentation"


class WorkloadClass(StrEnum):
    """How demand behaves over time (seed 000's demand assessment).

    steady: production inference, RAG; variable: seasonal training, event spikes;
    exploratory: trials, data preparation.
    """

    STEADY = "steady"
    VARIABLE = "variable"
    EXPLORATORY = "exploratory"


class DataClassification(StrEnum):
    """How sensitive the workload's data is; drives the sovereignty checks."""

    PUBLIC = "public"
    INTERNAL = "internal"
    CONFIDENTIAL = "confidential"
    RESTRICTED = "restricted"


@dataclass(frozen=True, slots=True)
class Workload:
    """A workload profile: what must run, how much, for how long, and where.

    Attributes:
        params: model parameters (count, e.g. 7e9).
        training_tokens: tokens to train on (training workloads).
        tokens_per_day: tokens served per day (inference workloads).
        context_length: tokens of context per sequence (inference memory).
        batch_size: concurrent sequences (inference memory).
        hours_per_day: hours per day the capacity is really used.
        horizon_months: evaluation horizon in months.
        accelerators: accelerators the workload needs at once (at its peak).
        baseline_accelerators: accelerators needed all the time when demand varies
            (None: always ``accelerators``); the award plan commits or rents the rest.
        peak_months_per_year: months a year demand is at its peak (None: all year).
        assumed_mfu: model FLOPs utilisation assumed where no measurement exists (0–1).
        country: ISO 3166 code of where the compute will run.
        required_region: region the data must stay in ("EU", "CN", a country code), or "".
        required_certifications: certifications a vendor must hold on the decision date.
        layers, kv_heads, head_dim: the model's architecture for its KV cache (all three
            or none; None: full multi-head attention is assumed from the parameter count).
        kv_bytes: bytes per cached key/value element (2 for bf16, 1 for an fp8/int8 cache).
        fp8_training_mfu: the MFU assumed when training at 8 bits or fewer, as a share of
            that format's peak (None: ``assumed_mfu`` × :data:`FP8_TRAINING_MFU_RATIO`).
        job_every_days: for a training job that recurs, the days between runs (91 for a
            quarterly fine-tune): each run must finish within them. None: no deadline.
        needed_by: the day the capacity must be in service; a line whose lead time from
            the decision date ends later cannot supply the workload. None: no date.
    """

    name: str
    purpose: Purpose
    workload_class: WorkloadClass
    params: float
    hours_per_day: float
    horizon_months: int
    training_tokens: float | None = None
    tokens_per_day: float | None = None
    context_length: int = 4096
    batch_size: int = 1
    accelerators: int = 8
    precision: Precision = Precision.BF16
    assumed_mfu: float = 0.4
    data_classification: DataClassification = DataClassification.INTERNAL
    country: str = "US"
    required_region: str = ""
    latency_ms: float | None = None
    required_certifications: tuple[str, ...] = ()
    baseline_accelerators: int | None = None
    peak_months_per_year: float | None = None
    layers: int | None = None
    kv_heads: int | None = None
    head_dim: int | None = None
    kv_bytes: float = 2.0
    fp8_training_mfu: float | None = None
    job_every_days: float | None = None
    needed_by: date | None = None

    @property
    def narrow_training(self) -> bool:
        """True when the model is trained at 8 bits or fewer (FP8, FP6, FP4, INT8, INT4)."""
        return self.purpose is not Purpose.INFERENCE and self.precision in NARROW_PRECISIONS

    @property
    def mfu_at_precision(self) -> float:
        """The MFU assumed where none is measured, as a share of the workload precision's peak.

        ``assumed_mfu`` is a BF16 figure. Training at 8 bits or fewer runs on a peak
        twice as high but gains far less than twice the speed (attention, norms and
        communication stay in wider formats), so its MFU is ``fp8_training_mfu`` when
        set, else ``assumed_mfu`` × :data:`FP8_TRAINING_MFU_RATIO`.
        """
        if not self.narrow_training:
            return self.assumed_mfu
        if self.fp8_training_mfu is not None:
            return self.fp8_training_mfu
        return self.assumed_mfu * FP8_TRAINING_MFU_RATIO

    @property
    def mfu_note(self) -> str:
        """How :attr:`mfu_at_precision` was found ("" when it is ``assumed_mfu``)."""
        if not self.narrow_training:
            return ""
        at = self.precision.value
        if self.fp8_training_mfu is not None:
            return f"{at} training: the workload's {at} MFU is used"
        return (
            f"{at} training: the BF16 MFU {self.assumed_mfu:.0%} × {FP8_TRAINING_MFU_RATIO:g} "
            f"= {self.mfu_at_precision:.0%} of the {at} peak (about "
            f"{2 * FP8_TRAINING_MFU_RATIO:.1f}× the BF16 speed, not 2×); set the workload's "
            "FP8 training MFU to change it"
        )

    @property
    def peak_share(self) -> float:
        """The share of the time demand is above the baseline (0 when demand is flat)."""
        if self.baseline_accelerators is None or self.peak_months_per_year is None:
            return 0.0
        if self.baseline_accelerators >= self.accelerators:
            return 0.0
        return min(max(self.peak_months_per_year / 12.0, 0.0), 1.0)

    @property
    def baseline(self) -> int:
        """Accelerators needed all the time: the baseline when demand varies, else all."""
        if self.peak_share <= 0 or self.baseline_accelerators is None:
            return self.accelerators
        return max(self.baseline_accelerators, 0)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A sourcing event ("2027 inference pool"): its workloads and who it is for.

    ``end_user_hq`` is the ISO code of the end user's (or its ultimate parent's)
    headquarters, which export-control rules look at as well as the destination.
    ``reporting_currency`` is the currency the app, command line and reports show money
    in; costs are computed in US dollars and converted at the rate on the decision date.
    """

    name: str
    decision_date: date
    workloads: tuple[Workload, ...] = ()
    end_user: str = ""
    end_user_hq: str = ""
    prepared_by: str = ""
    description: str = ""
    id: int | None = None
    weights: dict[str, float] = field(default_factory=dict)
    reporting_currency: str = "USD"
    """The ISO code of the currency every figure is shown in (converted from US dollars)."""


def workload_problems(workload: Workload) -> dict[str, str]:
    """What makes a workload unusable, by field name (empty when it is sound).

    The rules each field obeys alone and the ones that join two fields; the app's
    form, the command line and a JSON file are checked by the same rules.
    """
    problems: dict[str, str] = {}
    if not workload.name.strip():
        problems["name"] = "A workload needs a name"
    if workload.params <= 0:
        problems["params"] = "The model size must be above zero parameters"
    if not 0 < workload.hours_per_day <= 24:
        problems["hours_per_day"] = "Hours per day must be above 0 and at most 24"
    if workload.horizon_months < 1:
        problems["horizon_months"] = "The horizon must be at least one month"
    if workload.accelerators < 1:
        problems["accelerators"] = "At least one accelerator is needed"
    if not 0 < workload.assumed_mfu <= 1:
        problems["assumed_mfu"] = "The assumed MFU is a fraction above 0 and at most 1"
    if workload.purpose is Purpose.TRAINING and not workload.training_tokens:
        problems["training_tokens"] = "A training workload needs its number of training tokens"
    if workload.purpose is Purpose.INFERENCE and not workload.tokens_per_day:
        problems["tokens_per_day"] = "An inference workload needs the tokens it serves per day"
    if workload.baseline_accelerators is not None and (
        workload.baseline_accelerators > workload.accelerators
    ):
        problems["baseline_accelerators"] = (
            "The baseline cannot exceed the accelerators needed at the peak"
        )
    if workload.peak_months_per_year is not None and not 0 <= workload.peak_months_per_year <= 12:
        problems["peak_months_per_year"] = "Peak months per year must be between 0 and 12"
    problems.update(_model_problems(workload))
    if len(workload.country) != 2 or not workload.country.isalpha():
        problems["country"] = "The country is a two-letter ISO code, e.g. DE"
    return problems


def _model_problems(workload: Workload) -> dict[str, str]:
    """What is wrong with the model's shape and its 8-bit training MFU."""
    problems: dict[str, str] = {}
    shape = (workload.layers, workload.kv_heads, workload.head_dim)
    if any(v is not None for v in shape) and not all(v is not None for v in shape):
        problems["layers"] = (
            "The model's shape needs all of layers, KV heads and head dimension, or none"
        )
    for name, value in zip(("layers", "kv_heads", "head_dim"), shape, strict=True):
        if value is not None and value < 1:
            problems[name] = f"{name.replace('_', ' ').capitalize()} must be at least 1"
    if not 0.25 <= workload.kv_bytes <= 4:
        problems["kv_bytes"] = "Bytes per cached value are between 0.25 and 4 (2 bf16, 1 fp8)"
    if workload.job_every_days is not None and workload.job_every_days <= 0:
        problems["job_every_days"] = "The days between runs of the job must be above zero"
    if workload.fp8_training_mfu is not None and not 0 < workload.fp8_training_mfu <= 1:
        problems["fp8_training_mfu"] = "The FP8 training MFU is a fraction above 0 and at most 1"
    return problems
