"""Data sovereignty findings: where data is held against where it must stay."""

from __future__ import annotations

import re
from collections.abc import Sequence

from computescore.domain.compliance.thresholds import REGIONS, WORKLOAD_REQUIREMENT
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    Deployment,
    LineKind,
    Quote,
)
from computescore.domain.workload import DataClassification, Workload


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

    The lines checked are those that hold the data: compute lines and a token API's
    prices per million tokens (the prompts are processed where the API runs).

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
                        workloads=(workload.name,),
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
                    workloads=(workload.name,),
                )
            )
            continue
        for index, line in enumerate(quote.lines):
            if line.kind is not LineKind.COMPUTE and not line.price_unit.per_tokens:
                continue  # a token API's line processes the data like compute does
            where = (line.country or "").strip().upper()
            label = f"'{line.description}'" + (f" in {line.region}" if line.region else "")
            if not where and line.deployment in (Deployment.PURCHASE, Deployment.LEASE):
                # Bought or leased hardware runs where the buyer installs it.
                continue
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
                        lines=(index,),
                        workloads=(workload.name,),
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
                    lines=(index,),
                    workloads=(workload.name,),
                )
            )
        hq_finding = _vendor_hq(quote, workload, allowed, source)
        if hq_finding is not None:
            findings.append(hq_finding)
    return findings


def _vendor_hq(
    quote: Quote, workload: Workload, allowed: frozenset[str], source: str
) -> Finding | None:
    """Where the vendor is headquartered, against the region the workload's data must stay in."""
    klass = workload.data_classification
    hq = (quote.vendor.hq_country or "").strip().upper()
    if klass is DataClassification.PUBLIC:
        return None
    if not hq:
        if klass not in _STRICT:
            return None
        return Finding(
            quote.key,
            FindingSeverity.INFO,
            FindingCategory.DATA_SOVEREIGNTY,
            f"Vendor headquarters not recorded ({quote.vendor.name})",
            "Record the vendor's headquarters country to check foreign-law access "
            f"to {klass.value} data.",
            "sovereignty.vendor_hq",
            rule_status=WORKLOAD_REQUIREMENT,
            source=source,
            workloads=(workload.name,),
        )
    if hq in allowed:
        return None
    return Finding(
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
        workloads=(workload.name,),
    )
