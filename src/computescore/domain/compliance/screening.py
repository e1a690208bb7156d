"""Screening findings: vendors named on restricted-party lists."""

from __future__ import annotations

from datetime import date

from computescore.domain.compliance.thresholds import ComplianceThresholds
from computescore.domain.export_control import (
    RuleKind,
    RuleSet,
)
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    Quote,
)
from computescore.domain.screening import (
    ScreeningIndex,
    ScreeningOutcome,
    ScreeningResult,
    screen,
)
from computescore.domain.workload import Evaluation


def _screening_finding(
    quote: Quote, result: ScreeningResult, rules: RuleSet | None, day: date
) -> Finding:
    severity = {
        ScreeningOutcome.POTENTIAL_MATCH: FindingSeverity.KNOCKOUT,
        ScreeningOutcome.REVIEW: FindingSeverity.WARNING,
        ScreeningOutcome.NO_LIST_MATCH: FindingSeverity.INFO,
    }[result.outcome]
    if not result.lists:
        severity = FindingSeverity.WARNING
    reason = result.wording
    if rules is not None:
        for rule in rules.in_force(RuleKind.NOTICE, day):
            if rule.text("context") == "screening":
                reason += f"\n{rule.title} ({rule.status.label}, {rule.date_text}): {rule.summary}"
    best = result.best
    if best is not None:
        list_date = best.list_date.isoformat()
        source = f"{best.list_name} dated {list_date}; {result.algorithm}"
    else:
        newest = max((d for _, d, _ in result.lists), default=None)
        list_date = newest.isoformat() if newest else ""
        source = "; ".join(f"{n} dated {d.isoformat()}" for n, d, _ in result.lists)
        source = f"{source or 'no list loaded'}; {result.algorithm}"
    title = {
        ScreeningOutcome.POTENTIAL_MATCH: f"Restricted party potential match: {result.party}",
        ScreeningOutcome.REVIEW: f"Screening needs review: {result.party}",
        ScreeningOutcome.NO_LIST_MATCH: f"No list match: {result.party}",
    }[result.outcome]
    if not result.lists:
        title = f"Not screened: {result.party}"
    return Finding(
        quote.key,
        severity,
        FindingCategory.SCREENING,
        title,
        reason,
        f"screening.{result.role.replace(' ', '_')}",
        list_date,
        "published list",
        source,
    )


def check_screening(
    quote: Quote,
    evaluation: Evaluation,
    index: ScreeningIndex,
    thresholds: ComplianceThresholds = ComplianceThresholds(),
    rules: RuleSet | None = None,
) -> list[Finding]:
    """Screen the vendor and the evaluation's end user against the loaded lists."""
    parties = [(quote.vendor.name, quote.vendor.hq_country, "vendor")]
    if evaluation.end_user:
        parties.append((evaluation.end_user, evaluation.end_user_hq or None, "end user"))
    findings = []
    for name, country, role in parties:
        result = screen(
            name,
            index,
            country=country,
            role=role,
            threshold=thresholds.screening_threshold,
            review_threshold=thresholds.screening_review_threshold,
        )
        findings.append(_screening_finding(quote, result, rules, evaluation.decision_date))
    return findings
