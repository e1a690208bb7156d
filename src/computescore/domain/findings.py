"""Findings: what the compliance and export-control checks say about a quote.

They feed the compliance axis of the scorecard, the knock-outs and the reports.
Every finding names the rule it applied, the rule's date and status, and its source.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class FindingSeverity(StrEnum):
    """info: worth knowing; warning: lowers the compliance score; knockout: disqualifies."""

    INFO = "info"
    WARNING = "warning"
    KNOCKOUT = "knockout"


class FindingCategory(StrEnum):
    """Which check produced the finding."""

    EXPORT_CONTROL = "export_control"
    SCREENING = "screening"
    CERTIFICATION = "certification"
    DATA_SOVEREIGNTY = "data_sovereignty"
    EXIT_TERMS = "exit_terms"
    FIT = "fit"
    OTHER = "other"


@dataclass(frozen=True, slots=True)
class Finding:
    """One result of a check on one quote.

    Attributes:
        quote_key: the quote's ``Quote.key``.
        severity: info, warning or knockout.
        category: which check produced it.
        title: a short headline ("Licence required: 3A090.a.1 to CN").
        reason: the plain-words explanation, with the arithmetic where there is some.
        rule_id: id of the rule applied (``us.3A090.a.1.v2023``, ``exit.notice_days``).
        rule_date: the date the rule took effect (ISO), or "" for user thresholds.
        rule_status: codified / enforced / not enforced / suspended / company-specific /
            reported / user threshold.
        source: the document and section, or the setting the threshold came from.
        lines: indices (in ``Quote.lines``) of the lines the finding is about; empty when
            it is about the quote or the vendor as a whole. A knock-out of some lines
            excludes only those options; one of every compute line, or of the whole
            quote, disqualifies the quote.
        workloads: names of the workloads whose requirement raised it; empty when it
            holds for every workload. A workload's scorecard ignores the others'.
    """

    quote_key: str
    severity: FindingSeverity
    category: FindingCategory
    title: str
    reason: str
    rule_id: str
    rule_date: str = ""
    rule_status: str = ""
    source: str = ""
    lines: tuple[int, ...] = ()
    workloads: tuple[str, ...] = ()

    def concerns(self, workload: str) -> bool:
        """True when the finding holds for the workload named ``workload``."""
        return not self.workloads or workload in self.workloads
