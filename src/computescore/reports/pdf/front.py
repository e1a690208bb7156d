"""The cover and the executive summary."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib import colors
from reportlab.platypus import (
    Flowable,
    KeepInFrame,
    Spacer,
    Table,
)

from computescore.domain.figures import format_money, format_money_change
from computescore.domain.findings import FindingSeverity
from computescore.reports import theme
from computescore.reports.pdf.blocks import _table_style
from computescore.reports.pdf.fonts import t
from computescore.reports.pdf.ranking import _robustness_sentence, _severity_cell
from computescore.vocabulary import ABSENT
from computescore.wording import plural

if TYPE_CHECKING:
    from computescore.reports.model import QuoteTco
    from computescore.reports.pdf.blocks import _Builder


# --- sections -----------------------------------------------------------------------------


def _cover(b: _Builder, fp: str, band_height: float) -> None:
    s, meta = b.s, b.pack.meta
    top: list[Flowable] = [b.p("VENDOR EVALUATION  ·  BOARD PACK", s.cover_kicker)]
    top.append(b.p(t(meta.evaluation, 160), s.cover_title))
    if meta.description:
        top.append(b.p(t(meta.description, 400), s.cover_sub))
    block = Table(
        [[KeepInFrame(b.width, band_height - 24, top, mode="shrink")]],
        colWidths=[b.width],
        rowHeights=[band_height],
    )
    block.setStyle(
        _table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 26),
            ]
        )
    )
    b.story.append(block)
    b.story.append(Spacer(1, 26))
    rows = [
        ("Decision date", meta.decision_date.isoformat()),
        ("Prepared by", meta.prepared_by or "—"),
        ("For", meta.end_user or "—"),
        ("Generated", meta.generated_on.isoformat()),
        ("Confidentiality", meta.confidentiality or "—"),
        ("Fingerprint (SHA-256 of the inputs)", fp),
        ("Approval", meta.approval or "Not approved yet."),
    ]
    data = [[b.p(label, s.muted), b.p(t(value, 300), s.small)] for label, value in rows]
    table = Table(data, colWidths=[b.width * 0.3, b.width * 0.7])
    table.setStyle(
        _table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor(theme.RULE)),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    b.story.append(table)
    if meta.workloads:
        b.story.append(Spacer(1, 8))
        b.story.append(b.p("Workloads", s.muted))
        for line in meta.workloads:
            b.story.append(b.p("• " + t(line, 300), s.small))
    b.story.append(Spacer(1, 10))
    b.story.append(
        b.p(
            "Prices are as quoted; modelled figures (TCO, scores, simulations) are estimates "
            "rounded for presentation. Export-control findings are advisory: the final "
            "classification is the exporter's and legal review is required.",
            s.muted,
        )
    )


def _total_text(item: QuoteTco | None) -> str:
    if item is None:
        return "—"
    return format_money(item.total_usd) if item.complete else "incomplete"


def _warning_box(b: _Builder, text: str) -> Table:
    """A warning the reader cannot miss: amber rule, bold lead-in, the sentence in full."""
    box = Table(
        [[b.p(f'<font color="{theme.WARNING}"><b>Warning.</b></font> ' + t(text, 900), b.s.body)]],
        colWidths=[b.width],
    )
    box.setStyle(
        _table_style(
            [
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#FFF4E0")),
                ("LINEBEFORE", (0, 0), (0, -1), 4, colors.HexColor(theme.WARNING)),
                ("LEFTPADDING", (0, 0), (-1, -1), 12),
                ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                ("TOPPADDING", (0, 0), (-1, -1), 7),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    return box


def _summary(b: _Builder) -> None:
    pack, s = b.pack, b.s
    ranking = pack.ranking
    leader = ranking.leader if ranking else None
    runner = ranking.runner_up if ranking else None
    lead_tco = pack.tco_for(leader.quote_key) if leader else None
    parts: list[Flowable] = []

    recommendation = pack.headline
    callout = Table(
        [[b.p(t(recommendation, 700), s.callout)]],
        colWidths=[b.width],
    )
    callout.setStyle(
        _table_style(
            [
                ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(theme.BAND)),
                ("LINEBEFORE", (0, 0), (0, -1), 4, colors.HexColor(theme.ACCENT)),
                ("LEFTPADDING", (0, 0), (-1, -1), 12),
                ("RIGHTPADDING", (0, 0), (-1, -1), 10),
                ("TOPPADDING", (0, 0), (-1, -1), 9),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 10),
            ]
        )
    )
    parts += [b.p("Recommendation", s.h2), callout, Spacer(1, 6)]
    if pack.caveat:
        parts += [_warning_box(b, pack.caveat), Spacer(1, 6)]
    if pack.plan is not None and pack.ranking_sentence:
        parts += [
            b.p("<b>The ranking:</b> " + t(pack.ranking_sentence, 600), s.body),
            Spacer(1, 6),
        ]

    open_findings = pack.open_findings()
    knockouts = [f for f in open_findings if f.severity is FindingSeverity.KNOCKOUT]
    tiles = [
        (
            "Leader",
            t(leader.vendor, 60) if leader else "—",
            t(leader.quote_ref, 60) if leader else "no quote survived the knock-outs",
        ),
        (
            "Margin over runner-up",
            f"{ranking.margin_points:.1f} pts"
            if ranking and ranking.margin_points is not None
            else "—",
            ("ahead of " + t(runner.vendor, 50)) if runner else "no runner-up",
        ),
        (
            pack.lead_cost_label,
            _total_text(lead_tco),
            (
                f"over {lead_tco.horizon_months} months"
                + (f"; {t(lead_tco.present_value_text())}" if lead_tco.present_value_text() else "")
                if lead_tco and lead_tco.complete
                else "a line could not be costed"
                if lead_tco
                else "TCO not computed"
            ),
        ),
        (
            "Open compliance findings",
            str(len(open_findings)) if pack.findings is not None else "—",
            plural(len(knockouts), "knock-out") if pack.findings is not None else "checks not run",
        ),
    ]
    tile_cells = [
        [b.p(label, s.tile_label), b.p(value, s.tile_value), b.p(note, s.tile_note)]
        for label, value, note in tiles
    ]
    tile_table = Table([tile_cells], colWidths=[b.width / 4] * 4)
    tile_table.setStyle(
        _table_style(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEABOVE", (0, 0), (-1, 0), 2, colors.HexColor(theme.HEADER_FILL)),
                ("LINEAFTER", (0, 0), (-2, -1), 0.4, colors.HexColor(theme.RULE)),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    parts += [tile_table, Spacer(1, 12)]
    parts += _plan_section(b)

    parts.append(b.p("How robust is the ranking?", s.h2))
    if ranking is None:
        parts.append(b.p(ABSENT["scorecard"], s.absent))
    else:
        parts.append(b.p(t(ranking.robustness or _robustness_sentence(ranking), 600), s.body))

    # With a plan, the ranking's risks are its leader's: the plan's own are listed with it.
    heading = "Top risks of the ranking's leader" if b.pack.plan is not None else "Top risks"
    parts.append(b.p(heading, s.h2))
    if pack.risks:
        for number, risk in enumerate(pack.risks[:3], start=1):
            parts.append(b.p(f"<b>{number}.</b> {t(risk, 500)}", s.body))
    else:
        parts.append(b.p(ABSENT["risks"], s.absent))

    parts.append(b.p("Open compliance findings", s.h2))
    if pack.findings is None:
        parts.append(b.p(ABSENT["compliance"], s.absent))
    elif not open_findings:
        parts.append(b.p(ABSENT["open_findings"], s.absent))
    else:
        shown = open_findings[:8]
        rows = [
            [
                b.cell(t(pack.quote_label(f.quote_key), 120)),
                _severity_cell(b, f.severity),
                b.cell(t(f.title, 240)),
            ]
            for f in shown
        ]
        parts.append(b.table(["Quote", "Severity", "Finding"], rows, [0.38, 0.12, 0.5]))
        if len(open_findings) > len(shown):
            parts.append(
                b.p(
                    f"… and {len(open_findings) - len(shown)} more in "
                    "“Compliance and export-control findings”.",
                    s.muted,
                )
            )
    b.section("Executive summary")
    b.story.append(KeepInFrame(b.width, b.height - 40, parts, mode="shrink"))


PLAN_RISKS_SHOWN = 6
"""The plan's risks listed in the executive summary; the rest are counted."""


def _plan_section(b: _Builder) -> list[Flowable]:
    """The award plan for every workload, and the scenarios side by side."""
    plan, s = b.pack.plan, b.s
    if plan is None:
        return []
    parts: list[Flowable] = [
        b.p("The award plan for every workload", s.h2),
    ]
    if plan.rows:
        rows = [
            [
                b.cell(t(r.workload, 80)),
                b.cell(t(r.layer, 20)),
                b.cell(t(r.option, 120)),
                b.num("tokens" if r.tokens else f"{r.accelerators:,}"),
                b.num(f"{r.equivalents:,.1f}"),
                b.num(format_money(r.usd)),
            ]
            for r in plan.rows
        ]
        parts.append(
            b.table(
                ["Workload", "Layer", "Option", "Accel.", "Equiv.", "Cost"],
                rows,
                [0.22, 0.09, 0.38, 0.08, 0.09, 0.14],
                numeric=(3, 4, 5),
            )
        )
    parts.append(
        b.p(
            "Demand is counted in H100-equivalents of useful work: "
            + t("; ".join(plan.demand), 600)
            + ".",
            s.muted,
        )
    )
    for text in plan.layers:
        parts.append(b.p(t(text, 600), s.body))
    parts += _scenario_parts(b)
    for text in plan.binding:
        parts.append(b.p("Rule that bound: " + t(text, 400), s.muted))
    if plan.risks:
        parts.append(b.p("<b>Risks the plan carries</b>", s.body))
        for text in plan.risks[:PLAN_RISKS_SHOWN]:
            parts.append(b.p("• " + t(text, 300), s.muted))
        if len(plan.risks) > PLAN_RISKS_SHOWN:
            more = len(plan.risks) - PLAN_RISKS_SHOWN
            whole = f"• and {more} more (the workbook's Plan sheet lists them all)"
            parts.append(b.p(whole, s.muted))
    if plan.margins:
        parts.append(b.p("<b>How far prices may move before the plan changes</b>", s.body))
        for text in plan.margins[:6]:
            parts.append(b.p("• " + t(text, 300), s.muted))
    parts.append(Spacer(1, 8))
    return parts


def _scenario_parts(b: _Builder) -> list[Flowable]:
    """The scenarios side by side, and why any cheaper one is not the recommendation."""
    plan, s = b.pack.plan, b.s
    assert plan is not None
    if not plan.scenarios:
        return []
    rows = [
        [
            b.cell(t(r.name, 60) + (" (recommended)" if r.recommended else "")),
            b.num("no plan" if r.total_usd is None else format_money(r.total_usd)),
            b.num(format_money_change(r.delta_usd)),
            b.num("—" if r.score is None else f"{r.score:.1f}"),
            b.cell(t(r.vendors, 160)),
        ]
        for r in plan.scenarios
    ]
    parts: list[Flowable] = [
        Spacer(1, 6),
        b.table(
            ["Scenario", "Total", "Against it", "Score", "Vendors (share of spend)"],
            rows,
            [0.27, 0.14, 0.13, 0.07, 0.39],
            numeric=(1, 2, 3),
        ),
    ]
    # A scenario cheaper than the recommendation is what a board asks about: say why.
    for r in plan.scenarios:
        if r.delta_usd is not None and r.delta_usd < 0:
            parts.append(b.p(t(r.text, 600), s.muted))
    return parts
