"""The demo workspace: a realistic evaluation built from the quotes in ``samples/``.

Every figure in it is illustrative (the vendors are fictional); the quotes go
through the same import service a user's files do.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from importlib import resources
from pathlib import Path
from typing import Any

from computescore.domain.catalog import Precision
from computescore.domain.quotes import Certification, FxRate, Vendor, VendorKind
from computescore.domain.workload import (
    DataClassification,
    Evaluation,
    Purpose,
    Workload,
    WorkloadClass,
)
from computescore.errors import InputRefused
from computescore.services.progress import NullProgress, Progress
from computescore.store.repository import Store

DEMO_EVALUATION = "2027 AI capacity (demo)"
DEMO_DECISION_DATE = date(2026, 12, 1)

DEMO_FX = (
    FxRate("EUR", Decimal("1.0850"), date(2026, 11, 20), "Illustrative rate for the demo"),
    FxRate("CNY", Decimal("0.1385"), date(2026, 11, 20), "Illustrative rate for the demo"),
    FxRate("GBP", Decimal("1.2700"), date(2026, 11, 20), "Illustrative rate for the demo"),
)


@dataclass(frozen=True, slots=True)
class DemoReport:
    """What the demo created."""

    evaluation: str
    vendors: int
    quotes: int
    lines: int
    files: tuple[str, ...]


def samples_dir() -> Path:
    """The folder of shipped sample quotes."""
    return Path(str(resources.files("computescore.samples")))


def demo_evaluation() -> Evaluation:
    """The demo evaluation and its three workloads (one per workload class)."""
    return Evaluation(
        name=DEMO_EVALUATION,
        decision_date=DEMO_DECISION_DATE,
        end_user="Aldermoor Analytics GmbH",
        end_user_hq="DE",
        prepared_by="Procurement — AI platform team",
        description="Illustrative evaluation: fine-tuning capacity, a production inference "
        "pool and a research sandbox for 2027. All figures are illustrative.",
        workloads=(
            Workload(
                name="Production inference (13B chat model)",
                purpose=Purpose.INFERENCE,
                workload_class=WorkloadClass.STEADY,
                params=13e9,
                tokens_per_day=2.0e9,
                context_length=8192,
                batch_size=32,
                hours_per_day=20,
                horizon_months=36,
                accelerators=16,
                precision=Precision.FP8,
                # Serving is memory-bound: a realistic share of peak for token generation.
                assumed_mfu=0.15,
                data_classification=DataClassification.CONFIDENTIAL,
                country="DE",
                required_region="EU",
                latency_ms=300,
                required_certifications=("ISO/IEC 27001",),
            ),
            Workload(
                name="Quarterly fine-tuning (70B)",
                purpose=Purpose.TRAINING,
                workload_class=WorkloadClass.VARIABLE,
                params=70e9,
                training_tokens=2.0e11,
                context_length=4096,
                hours_per_day=10,
                horizon_months=36,
                accelerators=64,
                # Demand varies: 16 accelerators all year, 64 for three months of it.
                baseline_accelerators=16,
                peak_months_per_year=3,
                # Each quarter's run must finish before the next one starts.
                job_every_days=91,
                precision=Precision.BF16,
                assumed_mfu=0.38,
                data_classification=DataClassification.INTERNAL,
                country="DE",
                required_region="",
                required_certifications=("ISO/IEC 27001",),
            ),
            Workload(
                name="Research sandbox",
                purpose=Purpose.EXPERIMENTATION,
                workload_class=WorkloadClass.EXPLORATORY,
                params=7e9,
                training_tokens=1.0e10,
                hours_per_day=4,
                horizon_months=12,
                accelerators=8,
                data_classification=DataClassification.INTERNAL,
                country="DE",
            ),
        ),
    )


def _vendor_from_json(item: dict[str, Any]) -> Vendor:
    def day(value: str | None) -> date | None:
        return date.fromisoformat(value) if value else None

    return Vendor(
        name=item["name"],
        kind=VendorKind(item["kind"]),
        hq_country=item.get("hq_country"),
        regions=tuple(item.get("regions", ())),
        certifications=tuple(
            Certification(
                c["name"],
                c.get("issuer", ""),
                day(c.get("valid_from")),
                day(c.get("valid_to")),
                c.get("evidence", ""),
            )
            for c in item.get("certifications", ())
        ),
        website=item.get("website", ""),
        notes=item.get("notes", ""),
    )


def demo_vendors(folder: Path | None = None) -> list[tuple[Vendor, list[str]]]:
    """The demo vendors with the sample files each one sent."""
    folder = folder or samples_dir()
    data = json.loads((folder / "vendors.json").read_text(encoding="utf-8"))
    items = data["vendors"] if isinstance(data, dict) else data
    return [(_vendor_from_json(item), list(item.get("files", ()))) for item in items]


def create_demo(store: Store, *, progress: Progress | None = None) -> DemoReport:
    """Create the demo evaluation in ``store``: vendors, FX rates, then import every sample.

    Refuses (``InputRefused``) when the demo evaluation already exists, so a user's
    edits to it are never overwritten.
    """
    from computescore.services.importing import import_files

    progress = progress or NullProgress()
    folder = samples_dir()
    vendors = demo_vendors(folder)
    with store.transaction() as uow:
        if DEMO_EVALUATION in uow.evaluation_names():
            raise InputRefused(
                f"{store.path} already holds the demo evaluation {DEMO_EVALUATION!r}; "
                "nothing was changed."
            )
        uow.add_evaluation(demo_evaluation())
        for vendor, _files in vendors:
            uow.upsert_vendor(vendor)
        for rate in DEMO_FX:
            uow.set_fx_rate(rate)
    files: list[str] = []
    total = sum(len(f) for _v, f in vendors) or 1
    for vendor, vendor_files in vendors:
        for name in vendor_files:
            progress.report(len(files) / total, f"Importing {name}")
            import_files(store, [folder / name], evaluation=DEMO_EVALUATION, vendor=vendor.name)
            files.append(name)
    with store.reading() as uow:
        ev = uow.evaluation_row(DEMO_EVALUATION)
        assert ev.id is not None
        summaries = [s for s in uow.quote_summaries(ev.id) if s.latest]
    # Screen vendors and the end user against the shipped synthetic list (fictional
    # entities only), so the demo shows screening results rather than "not screened".
    from computescore.resources_access import resource
    from computescore.services.compliance import import_screening_list

    with resources.as_file(resource("rules", "screening", "synthetic-list.csv")) as list_file:
        import_screening_list(store, list_file, list_name="Synthetic screening list (demo)")
    progress.report(1.0, "Demo ready")
    return DemoReport(
        DEMO_EVALUATION,
        len(vendors),
        len(summaries),
        sum(s.line_count for s in summaries),
        tuple(files),
    )
