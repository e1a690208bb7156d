"""A small real workspace for the decision-engine service and CLI tests.

One evaluation ("Capacity 2027", decided 2026-06-30) with a 7 B fine-tuning workload
(1 T tokens, 12 h/day, 12 months, variable demand, 8 accelerators at once) and four
quotes on catalogue accelerators (H100 SXM, L40S); each quote is priced for the
workload's 8 accelerators:

* Helios Cloud — 8 × H100 reserved 12 months at US$2.00/GPU-h, InfiniBand;
* Kessler Systemhaus — one 8 × H100 server bought at US$250,000 plus US$20,000 installation;
* Euro Compute — 2 nodes of 8 × H100 (16) on demand at €4.00/GPU-h over 100 GbE (EUR at
  1.10 on 2026-06-01), priced for 8;
* Tiny GPU — one L40S on demand at US$1.00/GPU-h, "maximum 1 GPU per customer": priced
  for 8, but the vendor's single card cannot hold the 112 GB the job needs.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

from computescore.domain.catalog import Precision
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    FxRate,
    LineKind,
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
from computescore.domain.workload import Evaluation, Purpose, Workload, WorkloadClass
from computescore.store.repository import Store

EVALUATION = "Capacity 2027"
DECISION = date(2026, 6, 30)

WORKLOAD = Workload(
    name="7B fine-tune",
    purpose=Purpose.TRAINING,
    workload_class=WorkloadClass.VARIABLE,
    params=7e9,
    training_tokens=1e12,
    hours_per_day=12,
    horizon_months=12,
    accelerators=8,
    precision=Precision.BF16,
    assumed_mfu=0.4,
    country="DE",
)


def _compute(
    description: str,
    price: str,
    unit: PriceUnit,
    deployment: Deployment,
    count: int,
    *,
    accelerator: str = "nvidia-h100-sxm",
    currency: str = "USD",
    term: int | None = None,
    nodes: int | None = None,
) -> QuoteLine:
    return QuoteLine(
        kind=LineKind.COMPUTE,
        description=description,
        price=Decimal(price),
        price_unit=unit,
        currency=currency,
        accelerator=accelerator,
        accelerator_count=count,
        accelerators_per_node=8 if count >= 8 else count,
        nodes=nodes,
        deployment=deployment,
        term_months=term,
        country="DE",
    )


def quotes() -> list[Quote]:
    """The four quotes."""
    sla = SlaTerms(99.9, (SlaCredit(99.9, 10.0), SlaCredit(99.0, 25.0)))
    return [
        Quote(
            Vendor("Helios Cloud", VendorKind.GPU_CLOUD, "NL"),
            "HC-1",
            (
                _compute(
                    "8x H100 SXM, 400G InfiniBand NDR",
                    "2.00",
                    PriceUnit.PER_GPU_HOUR,
                    Deployment.RESERVED,
                    8,
                    term=12,
                ),
            ),
            sla=sla,
            support=SupportTerms({1: 15, 2: 60}, 20.0, "24x7"),
            reliability=ReliabilityTerms(0.03, 24.0),
        ),
        Quote(
            Vendor("Kessler Systemhaus", VendorKind.SERVER_MAKER, "DE"),
            "KS-7",
            (
                _compute(
                    "HGX H100 8-GPU server",
                    "250000",
                    PriceUnit.PER_UNIT,
                    Deployment.PURCHASE,
                    8,
                    nodes=1,
                ),
                QuoteLine(
                    kind=LineKind.COST,
                    description="Installation and burn-in",
                    price=Decimal("20000"),
                    price_unit=PriceUnit.TOTAL,
                    currency="USD",
                    category=CostCategory.INSTALLATION,
                ),
            ),
            support=SupportTerms({1: 240}, None, "business hours"),
        ),
        Quote(
            Vendor("Euro Compute", VendorKind.GPU_CLOUD, "FR"),
            "EC-22",
            (
                _compute(
                    "2 nodes of 8x H100, 100GbE",
                    "4.00",
                    PriceUnit.PER_GPU_HOUR,
                    Deployment.ON_DEMAND,
                    16,
                    currency="EUR",
                ),
            ),
            sla=sla,
        ),
        Quote(
            Vendor("Tiny GPU", VendorKind.GPU_CLOUD, "US"),
            "T-1",
            (
                _compute(
                    "1x L40S, maximum 1 GPU per customer",
                    "1.00",
                    PriceUnit.PER_GPU_HOUR,
                    Deployment.ON_DEMAND,
                    1,
                    accelerator="nvidia-l40s",
                ),
            ),
        ),
    ]


def build_workspace(path: Path | str) -> Path | str:
    """Write the evaluation, the EUR rate and the quotes to a new database at ``path``
    (a file, or a server database's URL)."""
    with Store.open(path) as store, store.transaction() as uow:
        evaluation_id = uow.add_evaluation(
            Evaluation(EVALUATION, DECISION, (WORKLOAD,), end_user="Northwind", end_user_hq="DE")
        )
        # The figures of the tests are worked by hand without a cost of capital.
        uow.set_evaluation_field(evaluation_id, "assumptions", {"discount_rate": 0.0})
        uow.set_fx_rate(FxRate("EUR", Decimal("1.10"), date(2026, 6, 1), "ECB reference rate"))
        for item in quotes():
            uow.add_quote(evaluation_id, item)
    return path
