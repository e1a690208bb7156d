"""Knock-outs: which disqualify a quote, and which only exclude one of its options.

A finding about the quote or its vendor (a restricted party, an expired mandatory
certification, a headquarters rule) disqualifies the quote. A finding about some of
its lines (a spot line in a country the data may not go to) excludes only those
options: the TCO is priced on another and the quote stays in the ranking, unless no
compute line is left standing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from computescore.domain.findings import Finding, FindingSeverity
from computescore.domain.quotes import LineKind, Quote

if TYPE_CHECKING:
    from computescore.domain.scoring.inputs import ScoreInput
    from computescore.domain.scoring.outputs import KnockoutRule


def excluded_lines(quote: Quote, findings: Iterable[Finding]) -> dict[int, str]:
    """Line index → why its option is excluded, from the knock-outs of single lines."""
    out: dict[int, str] = {}
    for finding in findings:
        if finding.severity is FindingSeverity.KNOCKOUT and finding.lines:
            for index in finding.lines:
                if 0 <= index < len(quote.lines) and index not in out:
                    out[index] = f"knocked out — {_headline(finding)}"
    return out


def _headline(finding: Finding) -> str:
    """The finding's title, or its general part when it speaks for several lines
    ("Data would leave EU: 'X' runs in US (+3 more)" → "Data would leave EU")."""
    if len(finding.lines) <= 1:
        return finding.title
    return finding.title.split(":", 1)[0].strip()


def line_knockouts(entry: ScoreInput) -> tuple[tuple[Finding, ...], bool]:
    """The knock-outs of single lines, and whether they leave no compute line standing."""
    found = tuple(f for f in entry.findings if f.severity is FindingSeverity.KNOCKOUT and f.lines)
    compute = {i for i, line in enumerate(entry.quote.lines) if line.kind is LineKind.COMPUTE}
    covered = {i for f in found for i in f.lines}
    return found, bool(found) and (not compute or compute <= covered)


def knockouts_of(entry: ScoreInput, rules: Sequence[KnockoutRule] = ()) -> tuple[Finding, ...]:
    """The knock-outs that disqualify a quote: those about the quote or its vendor, those of
    single lines when they leave no compute line standing, and each extra rule's.

    A knock-out of some compute lines only excludes those options (the TCO is priced on
    another, :func:`excluded_lines`); it is reported, not disqualifying.
    """
    of_lines, all_lines = line_knockouts(entry)
    found = [f for f in entry.findings if f.severity is FindingSeverity.KNOCKOUT and not f.lines]
    if all_lines:
        found.extend(of_lines)
    for rule in rules:
        found.extend(f for f in rule(entry) if f.severity is FindingSeverity.KNOCKOUT)
    # The same finding raised for two lines of one quote is one reason, shown once.
    seen: set[tuple[str, str, str]] = set()
    unique: list[Finding] = []
    for finding in found:
        key = (finding.title, finding.reason, finding.rule_id)
        if key not in seen:
            seen.add(key)
            unique.append(finding)
    return tuple(unique)
