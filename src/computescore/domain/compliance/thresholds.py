"""Compliance thresholds the user sets, and their defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from decimal import Decimal, InvalidOperation
from typing import Any

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Deployment,
)
from computescore.domain.screening import (
    DEFAULT_REVIEW_THRESHOLD,
    DEFAULT_THRESHOLD,
)

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
