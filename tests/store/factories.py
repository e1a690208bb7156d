"""Small builders of domain records for store tests."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from computescore.domain.catalog import Precision
from computescore.domain.quotes import (
    Certification,
    CostCategory,
    Deployment,
    ExitTerms,
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
from computescore.domain.workload import (
    DataClassification,
    Evaluation,
    Purpose,
    Workload,
    WorkloadClass,
)


def workload(name: str = "Inference pool") -> Workload:
    return Workload(
        name=name,
        purpose=Purpose.INFERENCE,
        workload_class=WorkloadClass.STEADY,
        params=13e9,
        hours_per_day=20,
        horizon_months=36,
        tokens_per_day=2e9,
        context_length=8192,
        batch_size=16,
        accelerators=16,
        precision=Precision.FP8,
        assumed_mfu=0.35,
        data_classification=DataClassification.CONFIDENTIAL,
        country="DE",
        required_region="EU",
        latency_ms=250,
        required_certifications=("ISO/IEC 27001",),
        baseline_accelerators=8,
        peak_months_per_year=2.5,
        layers=40,
        kv_heads=8,
        head_dim=128,
        kv_bytes=1.0,
        fp8_training_mfu=0.25,
        job_every_days=91,
    )


def evaluation(name: str = "Pool 2027") -> Evaluation:
    return Evaluation(
        name=name,
        decision_date=date(2026, 12, 1),
        workloads=(workload(),),
        end_user="Northwind",
        end_user_hq="DE",
        prepared_by="Procurement",
        description="test",
        weights={"cost": 0.4, "performance": 0.6},
    )


def vendor(name: str = "Helios Cloud") -> Vendor:
    return Vendor(
        name=name,
        kind=VendorKind.GPU_CLOUD,
        hq_country="NL",
        regions=("eu-west", "eu-central"),
        certifications=(
            Certification(
                "ISO/IEC 27001", "BSI", date(2025, 1, 1), date(2027, 12, 31), "certificate 123"
            ),
        ),
        website="https://helios.example",
        notes="fictional",
    )


def quote(
    vendor_name: str = "Helios Cloud", reference: str = "HC-1", price: str = "2.8700"
) -> Quote:
    lines = (
        QuoteLine(
            LineKind.COMPUTE,
            "8x H100 SXM, 3-year reserved",
            Decimal(price),
            PriceUnit.PER_GPU_HOUR,
            "EUR",
            accelerator="nvidia-h100-sxm",
            accelerators_per_node=8,
            nodes=2,
            accelerator_count=16,
            deployment=Deployment.RESERVED,
            term_months=36,
            region="eu-west",
            country="NL",
            source="quote.xlsx!Pricing!7",
        ),
        QuoteLine(
            LineKind.COST,
            "Egress",
            Decimal("0.05"),
            PriceUnit.PER_GB,
            "EUR",
            category=CostCategory.EGRESS,
            quantity=Decimal("120000"),
            source="quote.xlsx!Pricing!9",
        ),
    )
    return Quote(
        vendor=vendor(vendor_name),
        reference=reference,
        lines=lines,
        quote_date=date(2026, 11, 2),
        valid_until=date(2027, 1, 31),
        source_file="quote.xlsx",
        sla=SlaTerms(99.95, (SlaCredit(99.95, 10), SlaCredit(99.0, 25)), "monthly"),
        support=SupportTerms({1: 30, 2: 120, 3: None}, 20, "24x7"),
        reliability=ReliabilityTerms(0.021, 36, "vendor fleet data"),
        performance=MeasuredPerformance(0.41, 2450.0, "PoC on Llama-class 13B", date(2026, 10, 20)),
        exit_terms=ExitTerms(90, 25.0, True, True, Decimal("0.05"), True, "proprietary API"),
    )
