"""Methodology and the appendix of quote lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from computescore.domain.figures import format_money, format_number
from computescore.domain.weights import weights_origin
from computescore.reports.model import (
    AXIS_TITLES,
)
from computescore.reports.pdf.fonts import TEXT_LIMIT, t
from computescore.vocabulary import ABSENT, GLOSSARY

if TYPE_CHECKING:
    from computescore.reports.pdf.blocks import _Builder


def _currencies(b: _Builder) -> None:
    """What was converted at which dated rate, and which currencies had no rate."""
    m = b.pack.methodology
    b.sub("Currency conversion")
    if m.fx_rates:
        b.story.append(b.p(t(m.currency_note()), b.s.body))
        rows = [
            [
                b.cell(t(r.currency)),
                b.num(f"{r.usd_per_unit}"),
                b.cell(r.as_of.isoformat()),
                b.cell(t(r.source) or "—"),
            ]
            for r in m.fx_rates
        ]
        b.story.append(
            b.table(
                ["Currency", "USD per unit", "As of", "Source"],
                rows,
                [0.16, 0.2, 0.18, 0.46],
                numeric=(1,),
            )
        )
    if m.missing_rates:
        b.story.append(b.p(t(m.missing_rate_note()), b.s.body))
    elif not m.fx_rates:
        b.absent(m.currency_note())
    if m.presentation.converted or m.presentation.problem:
        b.story.append(b.p(t(m.reporting_note()), b.s.body))


def _methodology(b: _Builder, fp: str) -> None:
    pack, s = b.pack, b.s
    m = pack.methodology
    b.section("Methodology and assumptions")
    b.sub("Fingerprint of the inputs")
    b.story.append(
        b.p(
            f"SHA-256 of the canonical JSON of every input shown in this pack: <b>{fp}</b>. "
            "Two packs with the same fingerprint were built from identical inputs.",
            s.small,
        )
    )
    b.sub("Formulas")
    if m.formulas:
        rows = [
            [b.cell(t(name), bold=True), b.cell(t(formula, TEXT_LIMIT))]
            for name, formula in m.formulas
        ]
        b.story.append(b.table(["Figure", "Formula"], rows, [0.3, 0.7]))
    else:
        b.absent("No formulas recorded.")
    b.sub("Weights")
    if pack.ranking is not None:
        rows = [
            [b.cell(AXIS_TITLES.get(a, t(a))), b.num(f"{w:.1%}")] for a, w in pack.ranking.weights
        ]
        b.story.append(b.table(["Axis", "Weight"], rows, [0.7, 0.3], numeric=(1,)))
        b.story.append(
            b.p(
                f"The weights start from {t(weights_origin(pack.ranking.preset or 'user'))} "
                "and are normalised to sum to 100 %. " + t(pack.ranking.scale_note),
                s.caption,
            )
        )
    else:
        b.absent(ABSENT["scorecard"])
    b.sub("Assumptions")
    if m.assumptions:
        rows = [
            [
                b.cell(t(a.name)),
                b.num(t(a.value if isinstance(a.value, str) else format_number(a.value))),
                b.cell(t(a.unit) or "—"),
                b.cell(t(a.source) or "—"),
            ]
            for a in m.assumptions
        ]
        b.story.append(
            b.table(
                ["Assumption", "Value", "Unit", "Source"],
                rows,
                [0.38, 0.16, 0.16, 0.3],
                numeric=(1,),
            )
        )
    else:
        b.absent("No assumptions recorded.")
    _currencies(b)
    b.sub("Rules and catalogue")
    rules = (
        f"Export-control rules: <b>{t(m.rules_version)}</b>"
        + (f", dated {t(m.rules_date)}" if m.rules_date else "")
        + "."
        if m.rules_version
        else "Export-control rules: not applied for this evaluation."
    )
    catalogue = (
        f"Accelerator catalogue: <b>{t(m.catalogue_version)}</b>."
        if m.catalogue_version
        else "Accelerator catalogue: version not recorded."
    )
    b.story.append(b.p(rules + " " + catalogue, s.body))
    if m.catalogue_sources:
        for source in m.catalogue_sources:
            b.story.append(b.p("• " + t(source, 400), s.small))
    b.sub("Measured and assumed")
    measured = "<br/>".join("• " + t(x, 400) for x in m.measured) or "Nothing was measured."
    assumed = "<br/>".join("• " + t(x, 400) for x in m.assumed) or "Nothing was assumed."
    b.story.append(
        b.table(
            ["Measured on the buyer's workload", "Assumed or from datasheets"],
            [[b.cell(measured), b.cell(assumed)]],
            [0.5, 0.5],
        )
    )
    if m.notes:
        b.sub("Notes")
        for note in m.notes:
            b.story.append(b.p("• " + t(note, TEXT_LIMIT), s.body))
    b.sub("Terms used")
    rows = [[b.cell(term, bold=True), b.cell(meaning)] for term, meaning in GLOSSARY]
    b.story.append(b.table(["Term", "Meaning"], rows, [0.24, 0.76]))


def _appendix(b: _Builder) -> None:
    pack = b.pack
    b.section("Appendix: every quote line and its source")
    if not pack.lines:
        b.absent(ABSENT["lines"])
        return
    b.story.append(
        b.p(
            f"{len(pack.lines)} lines as the vendors quoted them; the source names the file, "
            "sheet and row each came from.",
            b.s.body,
        )
    )
    tiny = b.s.tiny
    tiny_num = ParagraphStyle("tiny_num", parent=tiny, alignment=TA_RIGHT)
    rows = []
    for line in pack.lines:
        what = line.accelerator or line.category or ""
        count = ""
        if line.accelerator_count is not None:
            count = f"{line.accelerator_count} ×"
        elif line.quantity is not None:
            count = f"{line.quantity} ×"
        deploy = " ".join(
            x
            for x in (line.deployment or "", f"{line.term_months} mo" if line.term_months else "")
            if x
        )
        per_hour = (
            ""
            if line.usd_per_gpu_hour is None
            else f"<br/>= {t(format_money(line.usd_per_gpu_hour))}/GPU-h"
        )
        what_text = " · ".join(x for x in (t(line.kind), t(what, 60)) if x)
        amount = t(f"{count} {deploy}".strip())
        rows.append(
            [
                b.p(f"{t(line.vendor, 160)}<br/>{t(line.quote_ref, 60)}", tiny),
                b.p(t(line.description, 500), tiny),
                b.p(what_text + (f"<br/>{amount}" if amount else ""), tiny),
                b.p(
                    f"{t(line.price)} {t(line.currency)}<br/>{t(line.price_unit)}{per_hour}",
                    tiny_num,
                ),
                b.p(t(line.source or "—", 200), tiny),
            ]
        )
    b.story.append(
        b.table(
            ["Vendor / quote", "Description", "What, count, term", "Quoted price", "Source"],
            rows,
            [0.18, 0.28, 0.18, 0.16, 0.2],
            numeric=(3,),
        )
    )
