"""All checks of one quote, and findings consolidated into knock-outs."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from computescore.domain.catalog import Catalogue
from computescore.domain.compliance.certifications import check_certifications
from computescore.domain.compliance.exit_terms import check_exit_terms
from computescore.domain.compliance.export_control import check_export_control
from computescore.domain.compliance.screening import check_screening
from computescore.domain.compliance.sovereignty import check_data_sovereignty
from computescore.domain.compliance.thresholds import ComplianceThresholds
from computescore.domain.export_control import (
    Posture,
    RuleSet,
)
from computescore.domain.findings import Finding, FindingSeverity
from computescore.domain.quotes import (
    Quote,
)
from computescore.domain.screening import (
    ScreeningIndex,
)
from computescore.domain.workload import Evaluation


def check_quote(
    quote: Quote,
    evaluation: Evaluation,
    *,
    catalogue: Catalogue,
    rules: RuleSet,
    screening: ScreeningIndex,
    thresholds: ComplianceThresholds = ComplianceThresholds(),
    posture: Posture = Posture.ENFORCED,
    export_from_us: bool | None = None,
) -> list[Finding]:
    """Every compliance finding for one quote, on the evaluation's decision date."""
    day = evaluation.decision_date
    workloads = evaluation.workloads
    return consolidate(
        [
            *check_export_control(
                quote, evaluation, catalogue, rules, posture, export_from_us=export_from_us
            ),
            *check_screening(quote, evaluation, screening, thresholds, rules),
            *check_certifications(quote, workloads, day, thresholds),
            *check_data_sovereignty(quote, workloads),
            *check_exit_terms(quote, thresholds),
        ]
    )


def consolidate(findings: Sequence[Finding]) -> list[Finding]:
    """Merge findings that say the same thing about several lines of one quote.

    Findings with the same quote, severity, category, rule and source become one, in
    the place of the first: its title gains "(+N more)" and its reason names the other
    occurrences, so a board reads "data would leave the EU" once per quote, not once
    per line. The merged finding concerns every line of the group. Order is otherwise
    kept.
    """
    groups: dict[tuple[str, ...], list[Finding]] = {}
    for finding in findings:
        key = (
            finding.quote_key,
            finding.severity.value,
            finding.category.value,
            finding.rule_id,
            finding.rule_date,
            finding.rule_status,
            finding.source,
            "lines" if finding.lines else "quote",
            *finding.workloads,
        )
        groups.setdefault(key, []).append(finding)
    merged: list[Finding] = []
    for group in groups.values():
        first, rest = group[0], group[1:]
        if rest and first.lines:
            lines = tuple(dict.fromkeys(i for f in group for i in f.lines))
            first = replace(first, lines=lines)
        others = [f.title for f in rest if f.title != first.title]
        if not rest or not others:
            merged.append(first)
        else:
            merged.append(
                replace(
                    first,
                    title=f"{first.title} (+{len(others)} more)",
                    reason=f"{first.reason} The same applies to: " + "; ".join(others) + ".",
                )
            )
    return merged


def knockouts(findings: Iterable[Finding]) -> list[Finding]:
    """The findings that disqualify their quote."""
    return [f for f in findings if f.severity is FindingSeverity.KNOCKOUT]
