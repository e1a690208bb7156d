"""Compliance findings and exit terms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.platypus import (
    Flowable,
    Spacer,
    Table,
)

from computescore.domain.figures import format_money
from computescore.domain.findings import Finding, FindingSeverity
from computescore.reports.model import (
    QuoteExit,
)
from computescore.reports.pdf.fonts import identifier_lines, t
from computescore.reports.pdf.ranking import _severity_cell
from computescore.reports.safe import clip, first_paragraph
from computescore.vocabulary import ABSENT

if TYPE_CHECKING:
    from computescore.reports.pdf.blocks import _Builder


_ORDER = {FindingSeverity.KNOCKOUT: 0, FindingSeverity.WARNING: 1, FindingSeverity.INFO: 2}

SHORT_REASON = 360
"""Characters of a finding's reason shown in the findings table; the rest goes to the appendix."""


def _findings(b: _Builder) -> None:
    pack, s = b.pack, b.s
    b.section("Compliance and export-control findings")
    if pack.findings is None:
        b.absent(ABSENT["compliance"])
        return
    b.story.append(
        b.p(
            "The summary counts each quote's findings by severity; the knock-outs and warnings "
            "follow with the rule, its date and status, and the source. The arithmetic behind "
            "a finding (export-control thresholds, rule excerpts) is in the appendix. "
            "Export-control findings are advisory: the final classification is the exporter's "
            "and legal review is required. Screening never clears a party; it reports matches "
            "above a threshold on a dated list.",
            s.body,
        )
    )
    if not pack.findings:
        b.absent("The checks ran and found nothing to report.")
        return
    _summary_table(b)
    items = sorted(pack.findings, key=lambda f: _ORDER.get(f.severity, 3))
    serious = [f for f in items if f.severity is not FindingSeverity.INFO]
    b.sub("Knock-outs and warnings")
    if not serious:
        b.absent("No quote has a knock-out or a warning.")
    else:
        b.story.append(
            b.table(
                ["Quote", "Severity", "Finding", "Rule · date · status", "Source"],
                [_finding_row(b, f) for f in serious],
                # "Knock-out" in bold needs about 0.12 of the page's width not to break.
                [0.17, 0.12, 0.38, RULE_COLUMN, 0.18],
            )
        )
    notes = [f for f in items if f.severity is FindingSeverity.INFO]
    if notes:
        b.sub("Notes")
        b.story.append(
            b.table(
                ["Quote", "Note", "Rule"],
                [
                    [
                        b.cell(t(b.pack.quote_label(f.quote_key), 200)),
                        b.cell(t(f.title, 300)),
                        b.p(t(f.rule_id, 120), s.tiny),
                    ]
                    for f in notes
                ],
                [0.3, 0.5, 0.2],
            )
        )


def _summary_table(b: _Builder) -> None:
    """One row per quote: how many knock-outs, warnings and notes, and the ones that matter."""
    pack = b.pack
    findings = pack.findings or ()
    keys = list(dict.fromkeys(f.quote_key for f in findings))
    rows: list[list[Flowable | str]] = []
    for key in keys:
        own = [f for f in findings if f.quote_key == key]
        count = {
            severity: sum(1 for f in own if f.severity is severity) for severity in FindingSeverity
        }
        serious = sorted(
            (f for f in own if f.severity is not FindingSeverity.INFO),
            key=lambda f: _ORDER.get(f.severity, 3),
        )
        titles = [t(f.title, 160) for f in serious[:3]]
        if len(serious) > 3:
            titles.append(f"and {len(serious) - 3} more")
        rows.append(
            [
                b.cell(t(pack.quote_label(key), 200), bold=True),
                b.num(str(count[FindingSeverity.KNOCKOUT] or "—")),
                b.num(str(count[FindingSeverity.WARNING] or "—")),
                b.num(str(count[FindingSeverity.INFO] or "—")),
                b.p("<br/>".join("• " + title for title in titles) or "—", b.s.cell),
            ]
        )
    b.sub("Summary by quote")
    b.story.append(
        b.table(
            ["Quote", "Knock-outs", "Warnings", "Notes", "What matters"],
            rows,
            [0.24, 0.1, 0.1, 0.08, 0.48],
            numeric=(1, 2, 3),
            compact_head=True,
        )
    )


RULE_COLUMN = 0.15
"""The findings table's rule column, as a share of the page's width."""


def _finding_row(b: _Builder, f: Finding) -> list[Flowable | str]:
    s = b.s
    # The identifier is broken after its dots and underscores, not mid-word.
    room = b.width * RULE_COLUMN - 8  # the cell's padding, 4 points each side
    rule = [t(line) for line in identifier_lines(clip(f.rule_id, 120), s.tiny.fontSize, room)]
    rule.append(t(f.rule_date) if f.rule_date else "no date (user threshold)")
    if f.rule_status:
        rule.append(t(f.rule_status, 80))
    reason, cut = first_paragraph(f.reason, SHORT_REASON)
    more = " <i>(in full in the appendix)</i>" if cut else ""
    return [
        b.cell(t(b.pack.quote_label(f.quote_key), 200)),
        _severity_cell(b, f.severity),
        b.p(f"<b>{t(f.title, 300)}</b><br/>{t(reason)}{more}", s.cell),
        b.p("<br/>".join(rule), s.tiny),
        b.p(_source_text(f.source), s.tiny),
    ]


def _source_text(source: str) -> str:
    """The source, with long addresses broken where a reader can follow them."""
    return t(source, 400) or "—"


def _reasoning_appendix(b: _Builder) -> None:
    """Every finding whose reasoning was shortened in the findings table, in full."""
    findings = sorted(
        (f for f in b.pack.findings or () if f.severity is not FindingSeverity.INFO),
        key=lambda f: _ORDER.get(f.severity, 3),
    )
    long = [f for f in findings if first_paragraph(f.reason, SHORT_REASON)[1]]
    if not long:
        return
    b.section("Appendix: the reasoning behind the findings")
    b.story.append(
        b.p(
            "The full reasoning of each finding shortened in “Compliance and export-control "
            "findings”: the figures, the thresholds and the rule text they were tested against.",
            b.s.body,
        )
    )
    for f in long:
        b.sub(t(f"{b.pack.quote_label(f.quote_key)} — {f.title}", 300))
        for paragraph in (p.strip() for p in f.reason.splitlines()):
            if paragraph:
                b.story.append(b.p(t(paragraph), b.s.small))
        if f.source:
            b.story.append(b.p("Source: " + t(f.source), b.s.tiny))


def _yes_no(value: bool | None) -> str:
    return "—" if value is None else ("Yes" if value else "No")


def _exit_terms(b: _Builder) -> None:
    pack = b.pack
    b.section("Exit terms compared")
    if not pack.exit_terms:
        b.absent(ABSENT["exit_terms"])
        return
    b.story.append(
        b.p(
            "What it takes to leave each supplier. A dash means the quote does not say; "
            "ask before signing.",
            b.s.body,
        )
    )
    per_table = 4
    for start in range(0, len(pack.exit_terms), per_table):
        group = pack.exit_terms[start : start + per_table]
        b.story.append(_exit_table(b, group, per_table))
        b.story.append(Spacer(1, 8))


def _exit_table(b: _Builder, group: Sequence[QuoteExit], per_table: int) -> Table:
    def fee(v: float | None) -> str:
        return "—" if v is None else f"{v:g} %"

    def notice(v: int | None) -> str:
        return "—" if v is None else f"{v} days"

    def egress(v: object) -> str:
        return "—" if v is None else f"{format_money(float(str(v)))}/GB"

    terms = [
        ("Notice period", [notice(q.terms.notice_days) for q in group]),
        ("Termination fee", [fee(q.terms.termination_fee_pct) for q in group]),
        ("Data returned", [_yes_no(q.terms.data_return) for q in group]),
        ("Data deleted", [_yes_no(q.terms.data_deletion) for q in group]),
        ("Egress price", [egress(q.terms.egress_usd_per_gb) for q in group]),
        ("Auto-renewal", [_yes_no(q.terms.auto_renewal) for q in group]),
        ("Lock-in", [t(q.terms.lock_in_notes, 400) or "—" for q in group]),
    ]
    header = ["Term", *[t(q.label, 160) for q in group]]
    header += [""] * (per_table + 1 - len(header))
    rows = [
        [b.cell(name, bold=True), *values, *[""] * (per_table - len(values))]
        for name, values in terms
    ]
    return b.table(header, rows, [0.16] + [0.84 / per_table] * per_table)
