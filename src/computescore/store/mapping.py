"""Conversion between table rows and the domain's frozen records."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from computescore.domain.catalog import Precision
from computescore.domain.quotes import (
    Certification,
    CostCategory,
    Deployment,
    ExitTerms,
    FxRate,
    LineKind,
    MeasuredPerformance,
    PriceUnit,
    QuoteLine,
    ReliabilityTerms,
    SlaCredit,
    SlaTerms,
    SupportTerms,
    Vendor,
    VendorKind,
)
from computescore.domain.workload import (
    DataClassification,
    Evaluation,
    Purpose,
    Workload,
    WorkloadClass,
)
from computescore.store.tables import (
    CertificationRow,
    EvaluationRow,
    ExitTermsRow,
    FxRateRow,
    PerformanceRow,
    ReliabilityRow,
    VendorRow,
    WorkloadRow,
)
from computescore.store.types import amount_text

LINE_FIELDS = (
    "kind",
    "category",
    "description",
    "accelerator",
    "accelerators_per_node",
    "nodes",
    "accelerator_count",
    "quantity",
    "deployment",
    "term_months",
    "price",
    "price_unit",
    "currency",
    "region",
    "country",
    "source",
    "lead_time_days",
)
"""QuoteLine fields stored one-to-one in the ``quote_line`` table."""


_LINE_GETTER = operator.attrgetter(*LINE_FIELDS)


def line_to_row(line: QuoteLine) -> tuple[Any, ...]:
    """The ``quote_line`` column values for a line, in ``LINE_FIELDS`` order.

    Enums become their text and amounts their exact text (as ``DecimalText`` stores
    them). This runs once per stored line, so it reads every field in one call and
    converts only the six fields that need it.
    """
    (
        kind,
        category,
        description,
        accelerator,
        per_node,
        nodes,
        count,
        quantity,
        deployment,
        term_months,
        price,
        price_unit,
        currency,
        region,
        country,
        source,
        lead_time_days,
    ) = _LINE_GETTER(line)
    return (
        str(kind),
        None if category is None else str(category),
        description,
        accelerator,
        per_node,
        nodes,
        count,
        None if quantity is None else amount_text(quantity),
        None if deployment is None else str(deployment),
        term_months,
        amount_text(price),
        str(price_unit),
        currency,
        region,
        country,
        source,
        lead_time_days,
    )


_KINDS = {member.value: member for member in LineKind}
_UNITS = {member.value: member for member in PriceUnit}
_CATEGORIES = {member.value: member for member in CostCategory}
_DEPLOYMENTS = {member.value: member for member in Deployment}


def line_from_row(row: Sequence[Any]) -> QuoteLine:
    """A QuoteLine from a ``quote_line`` row's ``LINE_FIELDS`` values, in that order.

    The inverse of :func:`line_to_row`; loading a 100,000-line quote calls it for every
    line, so enum members are looked up by their text in prepared tables (an unknown
    text still raises the enum's own ``ValueError``).
    """
    (
        kind,
        category,
        description,
        accelerator,
        per_node,
        nodes,
        count,
        quantity,
        deployment,
        term_months,
        price,
        price_unit,
        currency,
        region,
        country,
        source,
        lead_time_days,
    ) = row
    return QuoteLine(
        kind=_KINDS.get(kind) or LineKind(kind),
        description=description or "",
        price=Decimal(price),
        price_unit=_UNITS.get(price_unit) or PriceUnit(price_unit),
        currency=currency,
        category=(_CATEGORIES.get(category) or CostCategory(category)) if category else None,
        accelerator=accelerator,
        accelerators_per_node=per_node,
        nodes=nodes,
        accelerator_count=count,
        quantity=None if quantity is None else Decimal(quantity),
        deployment=(_DEPLOYMENTS.get(deployment) or Deployment(deployment)) if deployment else None,
        term_months=term_months,
        region=region,
        country=country,
        source=source,
        lead_time_days=lead_time_days,
    )


def line_from_values(values: Any) -> QuoteLine:
    """A QuoteLine from a ``quote_line`` row given by name (ORM object or row mapping)."""
    if isinstance(values, dict):
        return line_from_row([values[name] for name in LINE_FIELDS])
    return line_from_row([getattr(values, name) for name in LINE_FIELDS])


def vendor_from_row(row: VendorRow, certs: Sequence[CertificationRow]) -> Vendor:
    """A Vendor record from its row and certification rows."""
    return Vendor(
        name=row.name,
        kind=VendorKind(row.kind),
        hq_country=row.hq_country,
        regions=tuple(row.regions or ()),
        certifications=tuple(
            Certification(c.name, c.issuer, c.valid_from, c.valid_to, c.evidence) for c in certs
        ),
        website=row.website,
        notes=row.notes,
    )


def sla_from_rows(
    uptime_pct: float | None, notes: str, credits: Sequence[tuple[float, float]]
) -> SlaTerms:
    """SLA terms from the SLA row's values and its credit rows, sorted by threshold."""
    ordered = sorted(credits, key=lambda c: -c[0])
    return SlaTerms(uptime_pct, tuple(SlaCredit(b, c) for b, c in ordered), notes)


def support_from_rows(
    expert_hours: float | None, coverage: str, responses: Sequence[tuple[int, int | None]]
) -> SupportTerms:
    """Support terms from the support row's values and its response rows."""
    return SupportTerms(dict(sorted(responses)), expert_hours, coverage)


def reliability_from_row(row: ReliabilityRow | None) -> ReliabilityTerms:
    """Reliability terms, empty when the quote has none."""
    if row is None:
        return ReliabilityTerms()
    return ReliabilityTerms(
        row.annual_failure_rate, row.mttr_hours, row.source, row.spot_interruptions_per_hour
    )


def performance_from_row(row: PerformanceRow | None) -> MeasuredPerformance:
    """Measured performance, empty when the quote has none."""
    if row is None:
        return MeasuredPerformance()
    return MeasuredPerformance(row.mfu, row.tokens_per_second, row.method, row.measured_on)


def exit_from_row(row: ExitTermsRow | None) -> ExitTerms:
    """Exit terms, empty when the quote has none."""
    if row is None:
        return ExitTerms()
    return ExitTerms(
        row.notice_days,
        row.termination_fee_pct,
        row.data_return,
        row.data_deletion,
        row.egress_usd_per_gb,
        row.auto_renewal,
        row.lock_in_notes,
    )


def fx_from_row(row: FxRateRow) -> FxRate:
    """An FX rate record."""
    return FxRate(row.currency, row.usd_per_unit, row.as_of, row.source)


def workload_from_row(row: WorkloadRow) -> Workload:
    """A Workload record."""
    return Workload(
        name=row.name,
        purpose=Purpose(row.purpose),
        workload_class=WorkloadClass(row.workload_class),
        params=row.params,
        hours_per_day=row.hours_per_day,
        horizon_months=row.horizon_months,
        training_tokens=row.training_tokens,
        tokens_per_day=row.tokens_per_day,
        context_length=row.context_length,
        batch_size=row.batch_size,
        accelerators=row.accelerators,
        precision=Precision(row.precision),
        assumed_mfu=row.assumed_mfu,
        data_classification=DataClassification(row.data_classification),
        country=row.country,
        required_region=row.required_region,
        latency_ms=row.latency_ms,
        required_certifications=tuple(row.required_certifications or ()),
        baseline_accelerators=row.baseline_accelerators,
        peak_months_per_year=row.peak_months_per_year,
        layers=row.layers,
        kv_heads=row.kv_heads,
        head_dim=row.head_dim,
        kv_bytes=row.kv_bytes,
        fp8_training_mfu=row.fp8_training_mfu,
        job_every_days=row.job_every_days,
        needed_by=row.needed_by,
    )


def workload_values(workload: Workload) -> dict[str, Any]:
    """Column values of the ``workload_profile`` table for a workload."""
    return {
        "name": workload.name,
        "purpose": workload.purpose.value,
        "workload_class": workload.workload_class.value,
        "params": workload.params,
        "training_tokens": workload.training_tokens,
        "tokens_per_day": workload.tokens_per_day,
        "context_length": workload.context_length,
        "batch_size": workload.batch_size,
        "accelerators": workload.accelerators,
        "hours_per_day": workload.hours_per_day,
        "horizon_months": workload.horizon_months,
        "precision": workload.precision.value,
        "assumed_mfu": workload.assumed_mfu,
        "data_classification": workload.data_classification.value,
        "country": workload.country,
        "required_region": workload.required_region,
        "latency_ms": workload.latency_ms,
        "required_certifications": list(workload.required_certifications),
        "baseline_accelerators": workload.baseline_accelerators,
        "peak_months_per_year": workload.peak_months_per_year,
        "layers": workload.layers,
        "kv_heads": workload.kv_heads,
        "head_dim": workload.head_dim,
        "kv_bytes": workload.kv_bytes,
        "fp8_training_mfu": workload.fp8_training_mfu,
        "job_every_days": workload.job_every_days,
        "needed_by": workload.needed_by,
    }


def evaluation_from_row(row: EvaluationRow, workloads: Sequence[WorkloadRow]) -> Evaluation:
    """An Evaluation record with its workloads."""
    return Evaluation(
        name=row.name,
        decision_date=row.decision_date,
        workloads=tuple(workload_from_row(w) for w in workloads),
        end_user=row.end_user,
        end_user_hq=row.end_user_hq,
        prepared_by=row.prepared_by,
        description=row.description,
        id=row.id,
        weights=dict(row.weights or {}),
        reporting_currency=row.reporting_currency or "USD",
    )
