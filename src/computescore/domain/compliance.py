"""Compliance findings for one quote: export control, certifications, data sovereignty,
exit terms and restricted-party screening.

Each check returns :class:`Finding` records with a severity (info, warning, knockout), the
reason in plain words, and the rule, its date, status and source. Knock-outs disqualify a
quote: a licence that is required and unlikely (presumption of denial, no licence
exception), a potential restricted-party match, data sovereignty violated, or a mandatory
certification expired on the decision date. Thresholds the user can edit live in
:class:`ComplianceThresholds`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from computescore.domain.catalog import Catalogue
from computescore.domain.export_control import (
    ExportControlResult,
    LicenceRequirement,
    Posture,
    Rule,
    RuleKind,
    RuleSet,
    chip_from_accelerator,
    evaluate,
)
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Certification,
    CostCategory,
    Deployment,
    PriceUnit,
    Quote,
    QuoteLine,
)
from computescore.domain.screening import (
    DEFAULT_REVIEW_THRESHOLD,
    DEFAULT_THRESHOLD,
    ScreeningIndex,
    ScreeningOutcome,
    ScreeningResult,
    screen,
)
from computescore.domain.workload import DataClassification, Evaluation, Workload

USER_THRESHOLD = "user threshold"
WORKLOAD_REQUIREMENT = "workload requirement"

EU_MEMBERS = frozenset(
    [
        "AT",
        "BE",
        "BG",
        "HR",
        "CY",
        "CZ",
        "DK",
        "EE",
        "FI",
        "FR",
        "DE",
        "GR",
        "HU",
        "IE",
        "IT",
        "LV",
        "LT",
        "LU",
        "MT",
        "NL",
        "PL",
        "PT",
        "RO",
        "SK",
        "SI",
        "ES",
        "SE",
    ]
)
"""The 27 EU member states (ISO codes)."""

REGIONS: Mapping[str, frozenset[str]] = {
    "EU": EU_MEMBERS,
    "EEA": EU_MEMBERS | {"IS", "LI", "NO"},
    "UK": frozenset({"GB"}),
}
"""Named regions a workload may require, as sets of ISO country codes."""

CLOUD_DEPLOYMENTS = frozenset({Deployment.ON_DEMAND, Deployment.RESERVED, Deployment.SPOT})
"""Deployments where the buyer rents capacity and the hardware stays the provider's."""


@dataclass(frozen=True, slots=True)
class ComplianceThresholds:
    """Exit-clause and screening thresholds the user can edit.

    Attributes:
        max_termination_fee_pct: early-termination fee above this share of the contract
            value (%) is a red flag.
        max_notice_days: notice period above this many days is a red flag.
        max_egress_usd_per_gb: data egress above this price (US$ per GB) is a red flag.
        require_data_return: flag a missing or absent data-return clause.
        require_data_deletion: flag a missing or absent data-deletion clause.
        flag_auto_renewal: flag automatic renewal.
        certificate_warning_days: a required certification expiring within this many days
            after the decision date is noted.
        screening_threshold: name score (0–1) at or above which a full-name match is a
            potential match.
        screening_review_threshold: name score (0–1) at or above which a name goes to review.
    """

    max_termination_fee_pct: float = 10.0
    max_notice_days: int = 90
    max_egress_usd_per_gb: Decimal = Decimal("0.10")
    require_data_return: bool = True
    require_data_deletion: bool = True
    flag_auto_renewal: bool = True
    certificate_warning_days: int = 90
    screening_threshold: float = DEFAULT_THRESHOLD
    screening_review_threshold: float = DEFAULT_REVIEW_THRESHOLD


def thresholds_from_mapping(
    values: Mapping[str, Any], source: str = "settings:compliance_thresholds"
) -> tuple[ComplianceThresholds, list[Problem]]:
    """Build thresholds from stored settings; unknown keys and bad values become problems.

    Values that cannot be used keep their defaults.
    """
    problems: list[Problem] = []
    kwargs: dict[str, Any] = {}
    known = {f.name: f for f in fields(ComplianceThresholds)}
    defaults = ComplianceThresholds()
    for key, value in values.items():
        if key not in known:
            problems.append(
                Problem(source, f"unknown setting {key!r} ignored", Severity.WARNING, str(value))
            )
            continue
        default = getattr(defaults, key)
        try:
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError
                converted: Any = value
            elif isinstance(default, Decimal):
                converted = Decimal(str(value))
            elif isinstance(default, int):
                converted = int(value)
                if converted != float(value):
                    raise ValueError
            else:
                converted = float(value)
        except (ValueError, TypeError, InvalidOperation):
            problems.append(
                Problem(
                    f"{source}.{key}",
                    "value cannot be used; the default is kept",
                    Severity.WARNING,
                    repr(value),
                    f"a value like {default!r}",
                )
            )
            continue
        if not isinstance(converted, bool) and converted < 0:
            problems.append(
                Problem(
                    f"{source}.{key}",
                    "must not be negative; the default is kept",
                    Severity.WARNING,
                    repr(value),
                )
            )
            continue
        if key.startswith("screening") and not 0 <= float(converted) <= 1:
            problems.append(
                Problem(
                    f"{source}.{key}",
                    "must lie between 0 and 1; the default is kept",
                    Severity.WARNING,
                    repr(value),
                )
            )
            continue
        kwargs[key] = converted
    return ComplianceThresholds(**kwargs), problems


# --------------------------------------------------------------------------- export control


def _rule_source(rule: Rule) -> str:
    text = rule.source.citation
    return f"{text} <{rule.source.url}>" if rule.source.url else text


def _rule_date(rule: Rule | None) -> str:
    if rule is None or rule.effective_from is None:
        return ""
    return rule.effective_from.isoformat()


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
    seen: set[tuple[str, str, bool]] = set()
    for line in quote.compute_lines:
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
                )
            )
            continue
        cloud = line.deployment in CLOUD_DEPLOYMENTS
        for dest in destinations:
            key = (accelerator.id, dest, cloud)
            if key in seen:
                continue
            seen.add(key)
            result = evaluate(
                chip_from_accelerator(accelerator),
                dest,
                hq,
                day,
                rules,
                posture,
                export_from_us=export_from_us,
            )
            findings.extend(_export_findings(quote, result, line))
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


# --------------------------------------------------------------------------- certifications


def certification_key(name: str) -> str:
    """A comparable key for a certification name: "ISO/IEC 27001:2022" → "iso27001"."""
    text = name.casefold()
    text = re.sub(r"[:\-]\s*(19|20)\d\d\b", "", text)
    text = re.sub(r"\biec\b", "", text)
    return re.sub(r"[^0-9a-z]+", "", text)


def _held(required: str, certifications: Iterable[Certification]) -> list[Certification]:
    want = certification_key(required)
    return [c for c in certifications if want and certification_key(c.name).startswith(want)]


def check_certifications(
    quote: Quote,
    workloads: Sequence[Workload],
    day: date,
    thresholds: ComplianceThresholds = ComplianceThresholds(),
) -> list[Finding]:
    """Required certifications missing, expired, not yet valid or expiring soon on ``day``."""
    findings: list[Finding] = []
    required: dict[str, list[str]] = {}
    for workload in workloads:
        for name in workload.required_certifications:
            required.setdefault(name, []).append(workload.name)
    for name, who in required.items():
        source = f"workload {', '.join(repr(w) for w in who)}: required certifications"
        held = _held(name, quote.vendor.certifications)
        valid = [c for c in held if c.valid_on(day)]

        def finding(
            severity: FindingSeverity, title: str, reason: str, source: str = source
        ) -> Finding:
            return Finding(
                quote.key,
                severity,
                FindingCategory.CERTIFICATION,
                title,
                reason,
                "cert.required",
                "",
                WORKLOAD_REQUIREMENT,
                source,
            )

        if valid:
            cert = max(valid, key=lambda c: c.valid_to or date.max)
            until = cert.valid_to.isoformat() if cert.valid_to else "no expiry stated"
            days_left = (cert.valid_to - day).days if cert.valid_to else None
            if days_left is not None and days_left <= thresholds.certificate_warning_days:
                findings.append(
                    finding(
                        FindingSeverity.INFO,
                        f"{name}: valid, but expires on {until}",
                        f"{quote.vendor.name} holds {cert.name} (evidence: "
                        f"{cert.evidence or 'not recorded'}), valid on the decision date "
                        f"{day.isoformat()} and expiring {days_left} days later; ask for the "
                        "renewal.",
                    )
                )
            else:
                findings.append(
                    finding(
                        FindingSeverity.INFO,
                        f"{name}: valid on the decision date",
                        f"{quote.vendor.name} holds {cert.name}, valid on {day.isoformat()} "
                        f"(until {until}; evidence: {cert.evidence or 'not recorded'}).",
                    )
                )
            continue
        if not held:
            findings.append(
                finding(
                    FindingSeverity.WARNING,
                    f"{name}: not on record",
                    f"The workload requires {name}, and {quote.vendor.name} has no such "
                    "certification on record. Ask for the certificate before deciding.",
                )
            )
            continue
        latest = max(held, key=lambda c: c.valid_to or date.max)
        if latest.valid_from is not None and latest.valid_from > day:
            findings.append(
                finding(
                    FindingSeverity.WARNING,
                    f"{name}: not yet valid on the decision date",
                    f"{latest.name} is valid from {latest.valid_from.isoformat()}, after the "
                    f"decision date {day.isoformat()}.",
                )
            )
        else:
            expired = latest.valid_to.isoformat() if latest.valid_to else "an unknown date"
            findings.append(
                finding(
                    FindingSeverity.KNOCKOUT,
                    f"{name}: expired on {expired}",
                    f"The workload requires {name}. {quote.vendor.name}'s {latest.name} expired "
                    f"on {expired}, before the decision date {day.isoformat()}: a mandatory "
                    "certification is not in force.",
                )
            )
    return findings


# --------------------------------------------------------------------------- sovereignty


def region_countries(region: str) -> frozenset[str] | None:
    """The ISO codes a required region covers ("EU", "EEA", "UK" or a country code)."""
    key = region.strip().upper()
    if key in REGIONS:
        return REGIONS[key]
    if re.fullmatch(r"[A-Z]{2}", key):
        return frozenset({key})
    return None


_STRICT = (DataClassification.RESTRICTED, DataClassification.CONFIDENTIAL)


def check_data_sovereignty(quote: Quote, workloads: Sequence[Workload]) -> list[Finding]:
    """Where the quote runs and who runs it, against each workload's required region.

    A line outside the required region is a knock-out for restricted and confidential data,
    a warning for internal data and a note for public data. A vendor headquartered outside
    the region is a warning for restricted and confidential data (its home jurisdiction
    may compel access) and a note for internal data.
    """
    findings: list[Finding] = []
    for workload in workloads:
        if not workload.required_region:
            if workload.data_classification is DataClassification.RESTRICTED:
                findings.append(
                    Finding(
                        quote.key,
                        FindingSeverity.INFO,
                        FindingCategory.DATA_SOVEREIGNTY,
                        f"No required region set for restricted data ({workload.name})",
                        "The workload holds restricted data but states no region it must stay "
                        "in, so data location was not checked.",
                        "sovereignty.location",
                        rule_status=WORKLOAD_REQUIREMENT,
                        source=f"workload {workload.name!r}",
                    )
                )
            continue
        klass = workload.data_classification
        source = (
            f"workload {workload.name!r}: data classification {klass.value}, "
            f"required region {workload.required_region}"
        )
        allowed = region_countries(workload.required_region)
        if allowed is None:
            findings.append(
                Finding(
                    quote.key,
                    FindingSeverity.WARNING,
                    FindingCategory.DATA_SOVEREIGNTY,
                    f"Required region {workload.required_region!r} not understood",
                    "Use EU, EEA, UK or a two-letter country code.",
                    "sovereignty.location",
                    rule_status=WORKLOAD_REQUIREMENT,
                    source=source,
                )
            )
            continue
        for line in quote.compute_lines:
            where = (line.country or "").strip().upper()
            label = f"'{line.description}'" + (f" in {line.region}" if line.region else "")
            if not where:
                findings.append(
                    Finding(
                        quote.key,
                        FindingSeverity.WARNING,
                        FindingCategory.DATA_SOVEREIGNTY,
                        f"Location not stated for {label}",
                        f"The line does not state a country, so it cannot be confirmed that "
                        f"{klass.value} data stays in {workload.required_region}.",
                        "sovereignty.location",
                        rule_status=WORKLOAD_REQUIREMENT,
                        source=source,
                    )
                )
                continue
            if where in allowed:
                continue
            severity = (
                FindingSeverity.KNOCKOUT
                if klass in _STRICT
                else FindingSeverity.WARNING
                if klass is DataClassification.INTERNAL
                else FindingSeverity.INFO
            )
            findings.append(
                Finding(
                    quote.key,
                    severity,
                    FindingCategory.DATA_SOVEREIGNTY,
                    f"Data would leave {workload.required_region}: {label} runs in {where}",
                    f"Workload {workload.name!r} holds {klass.value} data that must stay in "
                    f"{workload.required_region}; this line runs in {where}.",
                    "sovereignty.location",
                    rule_status=WORKLOAD_REQUIREMENT,
                    source=source,
                )
            )
        hq = (quote.vendor.hq_country or "").strip().upper()
        if klass is DataClassification.PUBLIC:
            continue
        if not hq:
            if klass in _STRICT:
                findings.append(
                    Finding(
                        quote.key,
                        FindingSeverity.INFO,
                        FindingCategory.DATA_SOVEREIGNTY,
                        f"Vendor headquarters not recorded ({quote.vendor.name})",
                        "Record the vendor's headquarters country to check foreign-law access "
                        f"to {klass.value} data.",
                        "sovereignty.vendor_hq",
                        rule_status=WORKLOAD_REQUIREMENT,
                        source=source,
                    )
                )
            continue
        if hq not in allowed:
            findings.append(
                Finding(
                    quote.key,
                    FindingSeverity.WARNING if klass in _STRICT else FindingSeverity.INFO,
                    FindingCategory.DATA_SOVEREIGNTY,
                    f"Vendor headquartered outside {workload.required_region} ({hq})",
                    f"{quote.vendor.name} is headquartered in {hq}; the law there may compel "
                    f"access to {klass.value} data held in {workload.required_region}. Check "
                    "the contract's data-access and transfer terms.",
                    "sovereignty.vendor_hq",
                    rule_status=WORKLOAD_REQUIREMENT,
                    source=source,
                )
            )
    return findings


# --------------------------------------------------------------------------- exit terms


def _egress_price(quote: Quote) -> tuple[Decimal | None, str]:
    if quote.exit_terms.egress_usd_per_gb is not None:
        return quote.exit_terms.egress_usd_per_gb, "exit terms"
    for line in quote.cost_lines:
        if (
            line.category is CostCategory.EGRESS
            and line.price_unit is PriceUnit.PER_GB
            and line.currency.upper() == "USD"
        ):
            return line.price, f"cost line '{line.description}'"
    return None, ""


def check_exit_terms(
    quote: Quote, thresholds: ComplianceThresholds = ComplianceThresholds()
) -> list[Finding]:
    """Exit-clause red flags against the user's thresholds."""
    terms = quote.exit_terms
    findings: list[Finding] = []

    def add(severity: FindingSeverity, rule_id: str, title: str, reason: str, src: str) -> None:
        findings.append(
            Finding(
                quote.key,
                severity,
                FindingCategory.EXIT_TERMS,
                title,
                reason,
                rule_id,
                "",
                USER_THRESHOLD,
                f"compliance thresholds: {src}",
            )
        )

    limit = thresholds.max_termination_fee_pct
    if terms.termination_fee_pct is None:
        add(
            FindingSeverity.INFO,
            "exit.termination_fee_pct",
            "Termination fee not stated",
            "The quote states no early-termination fee.",
            f"max termination fee {limit:g} %",
        )
    elif terms.termination_fee_pct > limit:
        add(
            FindingSeverity.WARNING,
            "exit.termination_fee_pct",
            f"Termination fee {terms.termination_fee_pct:g} % above {limit:g} %",
            f"Leaving early costs {terms.termination_fee_pct:g} % of the contract value, above "
            f"the {limit:g} % the buyer accepts.",
            f"max termination fee {limit:g} %",
        )

    days = thresholds.max_notice_days
    if terms.notice_days is None:
        add(
            FindingSeverity.INFO,
            "exit.notice_days",
            "Notice period not stated",
            "The quote states no notice period.",
            f"max notice {days} days",
        )
    elif terms.notice_days > days:
        add(
            FindingSeverity.WARNING,
            "exit.notice_days",
            f"Notice period {terms.notice_days} days above {days} days",
            f"The vendor requires {terms.notice_days} days' notice to leave, above the "
            f"{days} days the buyer accepts.",
            f"max notice {days} days",
        )

    egress, where = _egress_price(quote)
    cap = thresholds.max_egress_usd_per_gb
    if egress is None:
        add(
            FindingSeverity.INFO,
            "exit.egress_usd_per_gb",
            "Egress price not stated",
            "The quote states no price for moving data out.",
            f"max egress US$ {cap}/GB",
        )
    elif egress > cap:
        add(
            FindingSeverity.WARNING,
            "exit.egress_usd_per_gb",
            f"Egress US$ {egress}/GB above US$ {cap}/GB",
            f"Moving data out costs US$ {egress} per GB ({where}), above the US$ {cap} per GB "
            "the buyer accepts.",
            f"max egress US$ {cap}/GB",
        )

    for flag, value, rule_id, what in (
        (thresholds.require_data_return, terms.data_return, "exit.data_return", "data-return"),
        (
            thresholds.require_data_deletion,
            terms.data_deletion,
            "exit.data_deletion",
            "data-deletion",
        ),
    ):
        if not flag or value is True:
            continue
        state = "not stated" if value is None else "excluded"
        add(
            FindingSeverity.WARNING,
            rule_id,
            f"No {what} clause ({state})",
            f"The quote has no {what} clause on exit ({state}); the buyer requires one.",
            f"{what} clause required",
        )

    if thresholds.flag_auto_renewal and terms.auto_renewal:
        add(
            FindingSeverity.WARNING,
            "exit.auto_renewal",
            "Automatic renewal",
            "The contract renews automatically unless notice is given in time.",
            "automatic renewal flagged",
        )
    return findings


# --------------------------------------------------------------------------- screening


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


# --------------------------------------------------------------------------- all checks


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
    per line. Order is otherwise kept.
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
        )
        groups.setdefault(key, []).append(finding)
    merged: list[Finding] = []
    for group in groups.values():
        first, rest = group[0], group[1:]
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
