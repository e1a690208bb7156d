"""The combined export-control result for one accelerator, destination and date."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from computescore.domain.export_control.classification import classify
from computescore.domain.export_control.licensing import assess_licence
from computescore.domain.export_control.rules import ADVICE_NOTICE, Posture, RuleKind, RuleStatus

if TYPE_CHECKING:
    from computescore.domain.export_control.classification import Classification
    from computescore.domain.export_control.figures import ChipFigures
    from computescore.domain.export_control.licence_records import LicenceAssessment
    from computescore.domain.export_control.rules import RuleSet


@dataclass(frozen=True, slots=True)
class ExportControlResult:
    """Classification and licensing for one chip, destination, end user and date.

    ``rules_label`` names the rules file version used; ``posture`` the posture applied.
    """

    classification: Classification
    licence: LicenceAssessment
    rules_label: str
    posture_notice: str
    advice: str = ADVICE_NOTICE

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """The classification rule, then every rule that requires a licence or flags a risk."""
        ids = [self.classification.rule.id] if self.classification.rule else []
        ids += [r.id for r in self.classification.candidates]
        ids += list(self.licence.rule_ids)
        return tuple(dict.fromkeys(ids))

    def explanation(self) -> tuple[str, ...]:
        """The full working in plain words: arithmetic, rules, their dates, statuses, sources."""
        lic = self.licence
        lines = [
            f"{self.classification.chip.label}, on {lic.day.isoformat()}, to {lic.destination}"
            + (f", end user headquartered in {lic.end_user_hq}" if lic.end_user_hq else "")
            + ".",
            f"Rules: {self.rules_label}; posture: {lic.posture.value}.",
        ]
        lines += list(self.classification.explanation)
        undetermined = [
            c for c in lic.checks if c.applies is None and c.rule.kind is RuleKind.COMPANY_SPECIFIC
        ]
        if lic.licence_required is None and undetermined:
            lines.append(
                "Licence: cannot be determined — "
                + "; ".join(f"{c.rule.reference}: {c.reason}" for c in undetermined)
                + ". Name the accelerator (its catalogue id gives the maker) to decide it."
            )
        elif lic.licence_required is None:
            lines.append("Licence: cannot be decided until the classification is settled.")
        elif not lic.licence_required:
            lines.append(
                f"Licence: not required by the rules checked, for {lic.destination} on this date."
            )
        for req in lic.requirements:
            verified = (
                ""
                if req.review_verified
                else " (review policy not verified against the regulation text)"
            )
            lines.append(
                f"Licence required under {req.rule.reference}: {req.reason}. "
                f"Review: {req.review_policy.label}{verified}."
                + (f" {req.review_note}" if req.review_note else "")
            )
            if req.rule.source.unverified:
                lines.append(f"  Not verified: {req.rule.source.unverified}")
            for option in req.exceptions:
                lines.append(
                    f"  Licence exception {option.code} may apply ({option.rule.reference}): "
                    f"{option.conditions}"
                )
        for flag in lic.flags:
            lines.append(f"Risk flag {flag.rule.reference}: {flag.text}")
        for note in lic.notes:
            lines.append(f"Note: {note}")
        if self.posture_notice:
            lines.append(self.posture_notice)
        lines.append(self.advice)
        return tuple(lines)


def evaluate(
    chip: ChipFigures,
    destination: str,
    end_user_hq: str | None,
    day: date,
    rules: RuleSet,
    posture: Posture = Posture.ENFORCED,
    *,
    export_from_us: bool | None = None,
) -> ExportControlResult:
    """Classify ``chip`` on ``day`` and decide licensing for the destination and end user."""
    classification = classify(chip, day, rules)
    licence = assess_licence(
        classification, destination, end_user_hq, rules, posture, export_from_us=export_from_us
    )
    # The posture matters only while a codified-but-unenforced rule is in force.
    unenforced = any(
        rule.status is RuleStatus.NOT_ENFORCED and rule.in_force(day) for rule in rules.rules
    )
    return ExportControlResult(
        classification=classification,
        licence=licence,
        rules_label=rules.label,
        posture_notice=rules.posture_notice if unenforced else "",
        advice=rules.disclaimer or ADVICE_NOTICE,
    )
