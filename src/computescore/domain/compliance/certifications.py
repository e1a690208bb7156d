"""Certification findings: required, missing, expired, expiring."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import date

from computescore.domain.compliance.thresholds import WORKLOAD_REQUIREMENT, ComplianceThresholds
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    Certification,
    Quote,
)
from computescore.domain.workload import Workload


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
            severity: FindingSeverity,
            title: str,
            reason: str,
            source: str = source,
            names: tuple[str, ...] = tuple(who),
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
                workloads=names,
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
