"""Explicit records for the decision-engine tests: accelerators, workloads and quote builders.

Figures are the makers' datasheet values (dense peaks), typed out so the tests do
not depend on the shipped catalogue file.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from computescore.domain.catalog import Accelerator, Ecosystem, FormFactor, Peak, Precision
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    LineKind,
    MeasuredPerformance,
    PriceUnit,
    Quote,
    QuoteLine,
    ReliabilityTerms,
    SlaCredit,
    SlaTerms,
    SupportTerms,
    Vendor,
    VendorKind,
)
from computescore.domain.workload import Purpose, Workload, WorkloadClass

H100 = Accelerator(
    id="nvidia-h100-sxm",
    maker="NVIDIA",
    model="H100 SXM",
    form_factor=FormFactor.SXM,
    memory_gb=80,
    memory_bandwidth_gbps=3350,
    peaks=(Peak(Precision.BF16, 989.0), Peak(Precision.FP16, 989.0), Peak(Precision.FP8, 1979.0)),
    tdp_w=700,
    die_area_mm2=814,
    interconnect_gbps=900,
    interconnect="NVLink 4",
    datacenter=True,
    release_year=2022,
    ecosystem=Ecosystem.CUDA,
)

L40S = Accelerator(
    id="nvidia-l40s",
    maker="NVIDIA",
    model="L40S",
    form_factor=FormFactor.PCIE,
    memory_gb=48,
    memory_bandwidth_gbps=864,
    peaks=(Peak(Precision.BF16, 362.05), Peak(Precision.FP8, 733.0)),
    tdp_w=350,
    die_area_mm2=609,
    interconnect_gbps=64,
    interconnect="PCIe 4.0",
    datacenter=True,
    release_year=2023,
    ecosystem=Ecosystem.CUDA,
)

RTX4090 = Accelerator(
    id="nvidia-rtx-4090",
    maker="NVIDIA",
    model="GeForce RTX 4090",
    form_factor=FormFactor.CARD,
    memory_gb=24,
    memory_bandwidth_gbps=1008,
    peaks=(Peak(Precision.FP16, 165.2),),
    tdp_w=450,
    die_area_mm2=609,
    interconnect_gbps=64,
    interconnect="PCIe 4.0",
    datacenter=False,
    release_year=2022,
    ecosystem=Ecosystem.CUDA,
)

MI300X = Accelerator(
    id="amd-mi300x",
    maker="AMD",
    model="Instinct MI300X",
    form_factor=FormFactor.OAM,
    memory_gb=192,
    memory_bandwidth_gbps=5300,
    peaks=(Peak(Precision.BF16, 1307.4), Peak(Precision.FP8, 2614.9)),
    tdp_w=750,
    die_area_mm2=None,
    interconnect_gbps=896,
    interconnect="Infinity Fabric",
    datacenter=True,
    release_year=2023,
    ecosystem=Ecosystem.ROCM,
)

CATALOGUE = {acc.id: acc for acc in (H100, L40S, RTX4090, MI300X)}

DECISION_DATE = date(2026, 6, 30)


def workload(
    hours_per_day: float = 24.0,
    horizon_months: int = 12,
    purpose: Purpose = Purpose.TRAINING,
    workload_class: WorkloadClass = WorkloadClass.VARIABLE,
    params: float = 7e9,
    training_tokens: float | None = 1e12,
    mfu: float = 0.4,
    accelerators: int = 8,
) -> Workload:
    """A workload profile with the values the hand-worked examples use (8 accelerators)."""
    return Workload(
        name="fine-tune",
        purpose=purpose,
        workload_class=workload_class,
        params=params,
        hours_per_day=hours_per_day,
        horizon_months=horizon_months,
        training_tokens=training_tokens,
        accelerators=accelerators,
        assumed_mfu=mfu,
    )


def compute_line(
    price: str,
    unit: PriceUnit,
    deployment: Deployment,
    count: int | None = 8,
    *,
    accelerator: str = "nvidia-h100-sxm",
    currency: str = "USD",
    term: int | None = None,
    nodes: int | None = None,
    per_node: int | None = None,
    quantity: str | None = None,
    description: str = "",
) -> QuoteLine:
    """A compute line."""
    return QuoteLine(
        kind=LineKind.COMPUTE,
        description=description or f"{count or ''} x {accelerator}",
        price=Decimal(price),
        price_unit=unit,
        currency=currency,
        accelerator=accelerator,
        accelerator_count=count,
        nodes=nodes,
        accelerators_per_node=per_node,
        deployment=deployment,
        term_months=term,
        quantity=None if quantity is None else Decimal(quantity),
    )


def cost_line(
    price: str,
    unit: PriceUnit,
    category: CostCategory,
    *,
    quantity: str | None = None,
    currency: str = "USD",
    description: str = "",
    deployment: Deployment | None = None,
    accelerator: str | None = None,
    term: int | None = None,
) -> QuoteLine:
    """A cost line; naming a deployment or accelerator ties it to those options."""
    return QuoteLine(
        kind=LineKind.COST,
        description=description or category.value,
        price=Decimal(price),
        price_unit=unit,
        currency=currency,
        category=category,
        quantity=None if quantity is None else Decimal(quantity),
        deployment=deployment,
        accelerator=accelerator,
        term_months=term,
    )


def quote(
    vendor: str,
    *lines: QuoteLine,
    reference: str = "Q1",
    kind: VendorKind = VendorKind.GPU_CLOUD,
    sla: SlaTerms | None = None,
    support: SupportTerms | None = None,
    reliability: ReliabilityTerms | None = None,
    performance: MeasuredPerformance | None = None,
) -> Quote:
    """A quote with the given lines and terms."""
    return Quote(
        vendor=Vendor(vendor, kind),
        reference=reference,
        lines=tuple(lines),
        sla=sla or SlaTerms(),
        support=support or SupportTerms(),
        reliability=reliability or ReliabilityTerms(),
        performance=performance or MeasuredPerformance(),
    )


STANDARD_SLA = SlaTerms(uptime_pct=99.9, credits=(SlaCredit(99.9, 10.0), SlaCredit(99.0, 25.0)))
