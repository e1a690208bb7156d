"""What a licence assessment says: requirements, exceptions, risk flags."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from computescore.domain.export_control.rules import Posture, ReviewPolicy, RuleStatus

if TYPE_CHECKING:
    from computescore.domain.export_control.classification import RuleCheck
    from computescore.domain.export_control.rules import Rule


def _item_matches(patterns: Iterable[str], eccn: str) -> bool:
    """True when ``eccn`` matches a pattern: exact, or a prefix when it ends with ``*``."""
    for pattern in patterns:
        if pattern.endswith("*"):
            if eccn.startswith(pattern[:-1]):
                return True
        elif eccn == pattern:
            return True
    return False


def applies_under(status: RuleStatus, posture: Posture) -> bool:
    """Whether a rule with ``status`` creates a licence requirement under ``posture``."""
    if status in (RuleStatus.CODIFIED, RuleStatus.ENFORCED, RuleStatus.COMPANY_SPECIFIC):
        return True
    return status is RuleStatus.NOT_ENFORCED and posture is Posture.CODIFIED


@dataclass(frozen=True, slots=True)
class ExceptionOption:
    """A licence exception that may apply instead of a licence, and what it needs."""

    code: str
    rule: Rule
    conditions: str


@dataclass(frozen=True, slots=True)
class LicenceRequirement:
    """One rule that requires a licence for this chip, destination and end user.

    ``basis`` is destination, headquarters, worldwide, company_specific or embargo.
    ``review_verified`` is False when the review policy comes from secondary sources only.
    ``lane`` is the review-lane rule that changed the policy, if any.
    """

    rule: Rule
    basis: str
    reason: str
    review_policy: ReviewPolicy
    review_verified: bool
    review_note: str = ""
    exceptions: tuple[ExceptionOption, ...] = ()
    lane: Rule | None = None

    @property
    def unlikely(self) -> bool:
        """Presumption of denial with no licence exception available."""
        return self.review_policy is ReviewPolicy.PRESUMPTION_OF_DENIAL and not self.exceptions


@dataclass(frozen=True, slots=True)
class RiskFlag:
    """A warning that is not a licence requirement (e.g. General Prohibition 10 guidance)."""

    rule: Rule
    text: str


@dataclass(frozen=True, slots=True)
class LicenceAssessment:
    """Whether a licence is needed, under which rules, and what was considered.

    ``licence_required`` is None when the chip's classification is indeterminate and no
    other rule decides it.
    """

    destination: str
    end_user_hq: str
    day: date
    posture: Posture
    licence_required: bool | None
    requirements: tuple[LicenceRequirement, ...]
    checks: tuple[RuleCheck, ...]
    flags: tuple[RiskFlag, ...]
    notes: tuple[str, ...]

    @property
    def review_policy(self) -> ReviewPolicy | None:
        """The strictest review policy among the requirements (None when none apply)."""
        if not self.requirements:
            return None
        return max((r.review_policy for r in self.requirements), key=lambda p: p.strictness)

    @property
    def unlikely(self) -> bool:
        """True when some requirement has a presumption of denial and no exception."""
        return any(r.unlikely for r in self.requirements)

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Ids of the rules that require a licence, then of the risk flags."""
        ids = [r.rule.id for r in self.requirements]
        ids += [r.lane.id for r in self.requirements if r.lane is not None]
        ids += [f.rule.id for f in self.flags]
        return tuple(dict.fromkeys(ids))
