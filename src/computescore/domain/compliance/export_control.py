"""Export-control findings for the lines of a quote."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from computescore.domain.catalog import Catalogue
from computescore.domain.compliance.thresholds import CLOUD_DEPLOYMENTS
from computescore.domain.export_control import (
    ExportControlResult,
    LicenceRequirement,
    Posture,
    Rule,
    RuleSet,
    chip_from_accelerator,
    evaluate,
)
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    LineKind,
    Quote,
    QuoteLine,
)
from computescore.domain.workload import Evaluation, Workload


def _rule_source(rule: Rule) -> str:
    text = rule.source.citation
    return f"{text} <{rule.source.url}>" if rule.source.url else text


def _rule_date(rule: Rule | None) -> str:
    if rule is None or rule.effective_from is None:
        return ""
    return rule.effective_from.isoformat()


DOMESTIC_MAKERS: dict[str, frozenset[str]] = {
    "CN": frozenset(
        {"huawei", "cambricon", "hygon", "biren", "moore threads", "enflame", "iluvatar", "metax"}
    ),
}
"""Accelerator makers by home country. A part made there and used there never leaves the
United States, so a US licence requirement reaches it only through the foreign-direct-
product rules: flagged for counsel, not a knock-out."""


def made_and_used_in(maker: str, destination: str) -> bool:
    """True when ``maker`` is a manufacturer of the destination country itself."""
    return maker.strip().casefold() in DOMESTIC_MAKERS.get(destination.upper(), frozenset())


def _requirement_finding(
    quote: Quote,
    result: ExportControlResult,
    req: LicenceRequirement,
    line: QuoteLine,
    explanation: str,
) -> Finding:
    eccn = result.classification.eccn
    dest = result.licence.destination
    cloud = line.deployment in CLOUD_DEPLOYMENTS
    maker = result.classification.chip.maker
    if made_and_used_in(maker, dest):
        return Finding(
            quote_key=quote.key,
            severity=FindingSeverity.WARNING,
            category=FindingCategory.EXPORT_CONTROL,
            title=f"US rule {req.rule.id} may not reach a {maker} part used in {dest}",
            reason=(
                f"The {maker} accelerator is made in {dest} and used there: nothing is "
                "exported from the United States, so the US licence requirement applies only "
                "if the part is subject to the EAR through US content or the foreign-direct-"
                "product rules. Confirm with counsel; check the destination's own rules.\n"
                + explanation
            ),
            rule_id=req.rule.id,
            rule_date=_rule_date(req.rule),
            rule_status=req.rule.status.label,
            source=_rule_source(req.rule),
        )
    if req.unlikely and not (cloud and req.basis == "headquarters"):
        severity = FindingSeverity.KNOCKOUT
        title = f"Licence needed and unlikely: {eccn} to {dest} ({req.rule.id})"
    else:
        severity = FindingSeverity.WARNING
        title = f"Licence required: {eccn} to {dest} ({req.rule.id})"
    reason = explanation
    if cloud and req.basis == "headquarters":
        reason = (
            f"This line is rented capacity ({line.deployment.value if line.deployment else ''}): "
            "the hardware is exported to the provider, not to the end user. BIS treats "
            "training compute for D:5/Macau-headquartered parties as a red flag, and providers' "
            "terms commonly restrict it; confirm with the provider and counsel.\n" + reason
        )
    return Finding(
        quote_key=quote.key,
        severity=severity,
        category=FindingCategory.EXPORT_CONTROL,
        title=title,
        reason=reason,
        rule_id=req.rule.id,
        rule_date=_rule_date(req.rule),
        rule_status=req.rule.status.label,
        source=_rule_source(req.rule),
    )


def _destinations(line: QuoteLine, workloads: Sequence[Workload]) -> list[str]:
    if line.country:
        return [line.country.strip().upper()]
    return list(dict.fromkeys(w.country.strip().upper() for w in workloads if w.country))


def check_export_control(
    quote: Quote,
    evaluation: Evaluation,
    catalogue: Catalogue,
    rules: RuleSet,
    posture: Posture = Posture.ENFORCED,
    *,
    export_from_us: bool | None = None,
) -> list[Finding]:
    """Export-control findings for each accelerator and deployment country in the quote.

    The destination is the line's country, else each workload's country; the end user's
    headquarters is the evaluation's; the date is the evaluation's decision date.
    """
    findings: list[Finding] = []
    day = evaluation.decision_date
    hq = evaluation.end_user_hq or None
    groups: dict[tuple[str, str, bool], list[int]] = {}
    first: dict[tuple[str, str, bool], QuoteLine] = {}
    for index, line in enumerate(quote.lines):
        if line.kind is not LineKind.COMPUTE:
            continue
        if not line.accelerator:
            findings.append(
                Finding(
                    quote.key,
                    FindingSeverity.WARNING,
                    FindingCategory.EXPORT_CONTROL,
                    "Accelerator not identified: export control not checked",
                    f"The compute line '{line.description}' names no catalogue accelerator, so "
                    "its export classification cannot be worked out.",
                    "export.unidentified_accelerator",
                    rule_status="data check",
                    source=line.source or "quote line",
                    lines=(index,),
                )
            )
            continue
        accelerator = catalogue.get(line.accelerator)
        if accelerator is None:
            findings.append(
                Finding(
                    quote.key,
                    FindingSeverity.WARNING,
                    FindingCategory.EXPORT_CONTROL,
                    f"Unknown accelerator {line.accelerator!r}: export control not checked",
                    f"'{line.accelerator}' is not in the accelerator catalogue; add it with its "
                    "dense peaks, die area and data-centre flag to classify it.",
                    "export.unknown_accelerator",
                    rule_status="data check",
                    source=line.source or "quote line",
                    lines=(index,),
                )
            )
            continue
        destinations = _destinations(line, evaluation.workloads)
        if not destinations:
            findings.append(
                Finding(
                    quote.key,
                    FindingSeverity.WARNING,
                    FindingCategory.EXPORT_CONTROL,
                    f"Deployment country unknown for {accelerator.id}",
                    "Neither the quote line nor the workload states where the compute will run, "
                    "so the licence requirement cannot be checked.",
                    "export.unknown_destination",
                    rule_status="data check",
                    source=line.source or "quote line",
                    lines=(index,),
                )
            )
            continue
        cloud = line.deployment in CLOUD_DEPLOYMENTS
        for dest in destinations:
            key = (accelerator.id, dest, cloud)
            groups.setdefault(key, []).append(index)
            first.setdefault(key, line)
    # One classification per accelerator, destination and deployment kind; its findings
    # name every line it concerns.
    for key, indices in groups.items():
        accelerator_id, dest, _cloud = key
        accelerator = catalogue.get(accelerator_id)
        assert accelerator is not None
        result = evaluate(
            chip_from_accelerator(accelerator),
            dest,
            hq,
            day,
            rules,
            posture,
            export_from_us=export_from_us,
        )
        findings.extend(
            replace(finding, lines=tuple(indices))
            for finding in _export_findings(quote, result, first[key])
        )
    return findings


def _export_findings(quote: Quote, result: ExportControlResult, line: QuoteLine) -> list[Finding]:
    explanation = "\n".join(result.explanation())
    classification = result.classification
    lic = result.licence
    out: list[Finding] = []
    for req in lic.requirements:
        out.append(_requirement_finding(quote, result, req, line, explanation))
    for flag in lic.flags:
        out.append(
            Finding(
                quote.key,
                FindingSeverity.WARNING,
                FindingCategory.EXPORT_CONTROL,
                f"{flag.rule.text('flag', 'Risk flag')}: {classification.chip.label}",
                flag.text + "\n" + explanation,
                flag.rule.id,
                _rule_date(flag.rule),
                flag.rule.status.label,
                _rule_source(flag.rule),
            )
        )
    if lic.licence_required is None:
        candidates = ", ".join(dict.fromkeys(r.text("eccn") for r in classification.candidates))
        first = classification.candidates[0] if classification.candidates else None
        out.append(
            Finding(
                quote.key,
                FindingSeverity.WARNING,
                FindingCategory.EXPORT_CONTROL,
                f"Classification indeterminate for {classification.chip.label} "
                f"(could be {candidates})",
                explanation,
                first.id if first else "export.classification",
                _rule_date(first),
                first.status.label if first else "",
                _rule_source(first) if first else "",
            )
        )
    elif not lic.requirements:
        rule = classification.rule
        out.append(
            Finding(
                quote.key,
                FindingSeverity.INFO,
                FindingCategory.EXPORT_CONTROL,
                f"No licence required: {classification.eccn} to {lic.destination}",
                explanation,
                rule.id if rule else "export.classification",
                _rule_date(rule),
                rule.status.label if rule else "",
                _rule_source(rule) if rule else "",
            )
        )
    return out
