"""Compliance findings and exit terms."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.platypus import (
    Flowable,
    Spacer,
    Table,
)

from computescore.domain.findings import Finding, FindingSeverity
from computescore.reports.model import (
    QuoteExit,
)
from computescore.reports.pdf.fonts import TEXT_LIMIT, t
from computescore.reports.pdf.ranking import _severity_cell
from computescore.vocabulary import ABSENT

if TYPE_CHECKING:
    from computescore.reports.pdf.blocks import _Builder


def _findings(b: _Builder) -> None:
    pack, s = b.pack, b.s
    b.section("Compliance and export-control findings")
    if pack.findings is None:
        b.absent(ABSENT["compliance"])
        return
    b.story.append(
        b.p(
            "Each finding names the rule applied, the date it took effect and its status, and "
            "the source. Export-control findings are advisory: the final classification is the "
            "exporter's and legal review is required. Screening never clears a party; it "
            "reports matches above a threshold on a dated list.",
            s.body,
        )
    )
    if not pack.findings:
        b.absent("The checks ran and found nothing to report.")
        return
    order = {FindingSeverity.KNOCKOUT: 0, FindingSeverity.WARNING: 1, FindingSeverity.INFO: 2}
    items = sorted(pack.findings, key=lambda f: order.get(f.severity, 3))
    rows = [_finding_row(b, f) for f in items]
    b.story.append(
        b.table(
            ["Quote", "Severity", "Finding", "Rule · date · status", "Source"],
            rows,
            # "Knock-out" in bold needs about 0.12 of the page's width not to break.
            [0.18, 0.12, 0.34, 0.19, 0.17],
        )
    )


def _finding_row(b: _Builder, f: Finding) -> list[Flowable | str]:
    s = b.s
    rule = [t(f.rule_id, 120)]
    rule.append(t(f.rule_date) if f.rule_date else "no date (user threshold)")
    if f.rule_status:
        rule.append(t(f.rule_status, 80))
    return [
        b.cell(t(b.pack.quote_label(f.quote_key), 200)),
        _severity_cell(b, f.severity),
        b.p(f"<b>{t(f.title, 300)}</b><br/>{t(f.reason, TEXT_LIMIT)}", s.cell),
        b.p("<br/>".join(rule), s.tiny),
        b.p(t(f.source, 300) or "—", s.tiny),
    ]


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
        return "—" if v is None else f"${v}/GB"

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
