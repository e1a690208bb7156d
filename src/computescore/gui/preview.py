"""Sample workspaces for previews, screenshots and benchmarks.

``python -m computescore.gui.views.quotes`` and friends open a view alone on a
database made here. The figures are illustrative and the vendors fictional. When
the shipped demo can be built (``computescore demo``), :func:`preview_database`
uses it; otherwise, and for large synthetic workspaces, :func:`build_sample`
writes quotes straight through the store's unit of work.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

from computescore.domain.quotes import (
    Certification,
    CostCategory,
    Deployment,
    ExitTerms,
    FxRate,
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
    Evaluation,
)

SAMPLE_EVALUATION = "2027 inference pool (sample)"

_VENDORS = (
    ("Helios Cloud", VendorKind.GPU_CLOUD, "NL", ("eu-west", "eu-central"), "EUR"),
    ("Northwind Compute", VendorKind.HYPERSCALE_CLOUD, "US", ("us-east", "eu-west"), "USD"),
    ("Kestrel Systems", VendorKind.SERVER_MAKER, "DE", ("DE",), "EUR"),
    ("Aurora Colocation", VendorKind.COLOCATION, "GB", ("uk-south",), "GBP"),
    ("Lumen GPU Pool", VendorKind.POOLED_COMPUTE, "FR", ("eu-west",), "EUR"),
    ("Dragon Compute 数据", VendorKind.GPU_CLOUD, "SG", ("ap-southeast",), "USD"),
    ("Müller Rechenzentrum", VendorKind.COLOCATION, "DE", ("DE",), "EUR"),
    ("Cascade AI Cloud", VendorKind.GPU_CLOUD, "US", ("us-west",), "USD"),
)

_ACCELERATORS = (
    ("nvidia-h100-sxm", 2.45),
    ("nvidia-h200-sxm", 3.10),
    ("amd-mi300x", 2.20),
    ("nvidia-a100-sxm-80gb", 1.35),
    ("nvidia-l40s", 0.95),
    ("intel-gaudi3", 1.60),
    ("nvidia-b200", 4.60),
)

_DEPLOYMENTS = (
    (Deployment.RESERVED, 36),
    (Deployment.RESERVED, 12),
    (Deployment.ON_DEMAND, None),
    (Deployment.SPOT, None),
    (Deployment.LEASE, 24),
)


def sample_evaluation() -> Evaluation:
    """An evaluation with an inference and a fine-tuning workload (the demo's first two)."""
    from dataclasses import replace

    from computescore.services.demo import demo_evaluation

    demo = demo_evaluation()
    return replace(
        demo,
        name=SAMPLE_EVALUATION,
        description="Illustrative evaluation with fictional vendors.",
        workloads=demo.workloads[:2],
    )


def _vendor(index: int) -> tuple[Vendor, str]:
    name, kind, hq, regions, currency = _VENDORS[index % len(_VENDORS)]
    if index >= len(_VENDORS):
        name = f"{name} {index // len(_VENDORS) + 1}"
    expiry = date(2026, 6, 30) if index % 5 == 3 else date(2027, 9, 30)
    certs = (
        Certification("ISO/IEC 27001", "BSI", date(2024, 1, 15), expiry, f"cert-{index:03d}"),
        Certification("SOC 2 Type II", "AICPA", date(2025, 3, 1), date(2026, 12, 31)),
    )
    return (
        Vendor(name, kind, hq, regions, certs if index % 4 != 2 else certs[:1]),
        currency,
    )


def _quote(rng: random.Random, index: int, lines_per_quote: int) -> Quote:
    vendor, currency = _vendor(index)
    lines: list[QuoteLine] = []
    compute = max(1, lines_per_quote * 2 // 3)
    for number in range(lines_per_quote):
        src = f"{vendor.name[:12]}-quote.xlsx!Pricing!{number + 8}"
        if number < compute:
            accelerator, base = _ACCELERATORS[(index + number) % len(_ACCELERATORS)]
            deployment, term = _DEPLOYMENTS[(index + number) % len(_DEPLOYMENTS)]
            per_node = 8
            nodes = rng.choice((1, 2, 4, 8))
            discount = {Deployment.SPOT: 0.35, Deployment.RESERVED: 0.8}.get(deployment, 1.0)
            price = Decimal(str(round(base * discount * rng.uniform(0.85, 1.2), 4)))
            lines.append(
                QuoteLine(
                    LineKind.COMPUTE,
                    f"{nodes}× {per_node}-GPU {accelerator.split('-', 1)[1].upper()} nodes, "
                    f"{deployment.value.replace('_', ' ')}",
                    price,
                    PriceUnit.PER_GPU_HOUR,
                    currency,
                    accelerator=accelerator,
                    accelerators_per_node=per_node,
                    nodes=nodes,
                    accelerator_count=per_node * nodes,
                    deployment=deployment,
                    term_months=term,
                    region=vendor.regions[0] if vendor.regions else None,
                    country=vendor.hq_country,
                    source=src,
                )
            )
        else:
            category = tuple(CostCategory)[(index + number) % len(CostCategory)]
            lines.append(
                QuoteLine(
                    LineKind.COST,
                    f"{category.value.capitalize()} — {rng.choice(('setup', 'monthly', 'per GB'))}",
                    Decimal(str(round(rng.uniform(200, 25000), 2))),
                    PriceUnit.PER_MONTH if number % 2 else PriceUnit.TOTAL,
                    currency,
                    category=category,
                    quantity=Decimal(1),
                    source=src,
                )
            )
    measured = index % 3 != 1
    return Quote(
        vendor=vendor,
        reference=f"Q-{2026}-{index + 101:04d}",
        lines=tuple(lines),
        quote_date=date(2026, 10, 1) + timedelta(days=index % 28),
        valid_until=date(2027, 1, 31),
        source_file=f"{vendor.name[:12]}-quote.xlsx",
        sla=SlaTerms(
            rng.choice((99.9, 99.95, 99.5, 99.99)),
            (SlaCredit(99.9, 10.0), SlaCredit(99.0, 25.0)),
            "Monthly uptime per cluster",
        ),
        support=SupportTerms(
            {1: rng.choice((15, 30, 60)), 2: 120, 3: 480, 4: None},
            rng.choice((0.0, 10.0, 20.0)),
            rng.choice(("24×7", "business hours")),
        ),
        reliability=ReliabilityTerms(
            round(rng.uniform(0.01, 0.06), 3), rng.choice((4.0, 24.0, 36.0, 72.0)), "vendor"
        ),
        performance=MeasuredPerformance(
            round(rng.uniform(0.33, 0.48), 3) if measured else None,
            round(rng.uniform(1800, 3200), 0) if measured else None,
            "Proof of concept on the buyer's model" if measured else "",
            date(2026, 10, 20) if measured else None,
        ),
        exit_terms=ExitTerms(
            rng.choice((30, 90, 180)),
            rng.choice((0.0, 15.0, 35.0)),
            rng.choice((True, True, None)),
            rng.choice((True, False)),
            Decimal("0.05"),
            rng.choice((True, False)),
            "",
        ),
    )


def build_sample(
    db: str | Path, *, quotes: int = 8, lines_per_quote: int = 6, revisions: bool = True
) -> Path:
    """Write a sample evaluation with ``quotes`` quotes of ``lines_per_quote`` lines to ``db``.

    Adds a second revision of the first quote (a changed price) when ``revisions``.
    Returns the database path.
    """
    from computescore.services.workspace import open_store

    rng = random.Random(20261201)  # fixed seed: previews and benchmarks are reproducible
    with open_store(str(db)) as store:
        with store.transaction() as uow:
            evaluation_id = uow.add_evaluation(sample_evaluation())
            uow.set_fx_rate(FxRate("EUR", Decimal("1.0850"), date(2026, 11, 20), "illustrative"))
            uow.set_fx_rate(FxRate("GBP", Decimal("1.2700"), date(2026, 11, 20), "illustrative"))
            first: Quote | None = None
            for index in range(quotes):
                quote = _quote(rng, index, lines_per_quote)
                uow.add_quote(evaluation_id, quote)
                first = first or quote
            if revisions and first is not None:
                changed = list(first.lines)
                old = changed[0]
                changed[0] = replace(
                    old, price=(old.price * Decimal("0.94")).quantize(Decimal("0.0001"))
                )
                uow.add_quote(
                    evaluation_id,
                    replace(first, lines=tuple(changed), quote_date=date(2026, 11, 12)),
                )
        return store.path


def preview_database(folder: str | Path) -> Path:
    """A database for previews in ``folder``: the shipped demo when it builds, else a sample."""
    path = Path(folder) / "preview.db"
    if path.exists():
        return path
    try:
        from computescore.services.demo import create_demo
        from computescore.services.workspace import open_store

        with open_store(str(path)) as store:
            create_demo(store)
        return path
    except Exception:  # the demo needs the importer; fall back to the sample
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        return build_sample(path)


def run_preview(view_key: str) -> int:
    """Open the main window on a preview database, showing one view (``python -m …``)."""
    import tempfile

    from PySide6.QtWidgets import QApplication

    from computescore.gui import theme
    from computescore.gui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    theme.apply(app)  # type: ignore[arg-type]
    folder = Path(tempfile.gettempdir()) / "computescore-preview"
    folder.mkdir(exist_ok=True)
    window = MainWindow(remember=False)
    window.workspace.open_now(preview_database(folder))
    window.show_view(view_key)
    window.show()
    return app.exec()


if __name__ == "__main__":  # pragma: no cover
    print(build_sample(sys.argv[1] if len(sys.argv) > 1 else "sample.db"))
