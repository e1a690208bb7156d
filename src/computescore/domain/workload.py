"""Workload profiles and the evaluation they belong to."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum

from computescore.domain.catalog import Precision


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
    if len(workload.country) != 2 or not workload.country.isalpha():
        problems["country"] = "The country is a two-letter ISO code, e.g. DE"
    return problems
