"""Export-control rules as data: statuses, kinds, selectors, country groups, rule sets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any

ADVICE_NOTICE = (
    "Advice only, not a legal determination: the final classification and licence decision "
    "are the exporter's, and legal review is required before relying on this result."
)
"""Shown with every export-control result."""

NOT_3A090 = "not-3A090"
"""Outcome for an item outside ECCN 3A090 on the date asked about."""

INDETERMINATE = "indeterminate"
"""Outcome when a missing figure (die area, interconnect, data-centre flag) decides it."""


class RuleStatus(StrEnum):
    """How a rule stands.

    codified: in the regulation text; enforced: codified and BIS has confirmed it enforces
    it; not_enforced: codified but BIS announced it will not enforce it; suspended: codified
    but suspended for a period; company_specific: imposed on one company by letter, not
    codified; reported: known only from press or company statements; guidance: official
    guidance interpreting codified rules (a red flag, not a licence requirement).
    """

    CODIFIED = "codified"
    ENFORCED = "enforced"
    NOT_ENFORCED = "not_enforced"
    SUSPENDED = "suspended"
    COMPANY_SPECIFIC = "company_specific"
    REPORTED = "reported"
    GUIDANCE = "guidance"

    @property
    def label(self) -> str:
        """The status in plain words ("not enforced")."""
        return self.value.replace("_", " ")


class RuleKind(StrEnum):
    """What a rule record does, which decides how its parameters are read."""

    CLASSIFICATION = "classification"
    LICENCE_DESTINATION = "licence_destination"
    LICENCE_HEADQUARTERS = "licence_headquarters"
    LICENCE_WORLDWIDE = "licence_worldwide"
    REVIEW_LANE = "review_lane"
    COMPANY_SPECIFIC = "company_specific"
    DESTINATION_EMBARGO = "destination_embargo"
    LICENCE_EXCEPTION = "licence_exception"
    RISK_FLAG = "risk_flag"
    NOTICE = "notice"


class ReviewPolicy(StrEnum):
    """How BIS reviews licence applications under a rule."""

    PRESUMPTION_OF_DENIAL = "presumption_of_denial"
    NOT_PUBLISHED = "not_published"
    CASE_BY_CASE = "case_by_case"
    PRESUMPTION_OF_APPROVAL = "presumption_of_approval"

    @property
    def label(self) -> str:
        """The policy in plain words."""
        return {
            ReviewPolicy.PRESUMPTION_OF_DENIAL: "presumption of denial",
            ReviewPolicy.NOT_PUBLISHED: "review policy not published",
            ReviewPolicy.CASE_BY_CASE: "case-by-case review",
            ReviewPolicy.PRESUMPTION_OF_APPROVAL: "presumption of approval",
        }[self]

    @property
    def strictness(self) -> int:
        """Higher is harder to get a licence; used to report the strictest policy."""
        return {
            ReviewPolicy.PRESUMPTION_OF_APPROVAL: 0,
            ReviewPolicy.CASE_BY_CASE: 1,
            ReviewPolicy.NOT_PUBLISHED: 2,
            ReviewPolicy.PRESUMPTION_OF_DENIAL: 3,
        }[self]


class Posture(StrEnum):
    """Which truth the licensing layer applies.

    enforced (default): the codified rules BIS enforces, plus company-specific letters;
    rules BIS announced it will not enforce are reported but not applied.
    codified: the regulation text as written, including rules BIS does not enforce.
    """

    ENFORCED = "enforced"
    CODIFIED = "codified"


@dataclass(frozen=True, slots=True)
class RuleSource:
    """Where a rule comes from and how far it was checked.

    ``verified`` says what was checked against which text; ``unverified`` what was not.
    """

    document: str
    section: str = ""
    url: str = ""
    verified: str = ""
    unverified: str = ""

    @property
    def citation(self) -> str:
        """Document and section on one line."""
        return f"{self.document}, {self.section}" if self.section else self.document


@dataclass(frozen=True, slots=True)
class Selector:
    """A set of countries: listed ISO codes, or members of country groups minus exclusions.

    Exclusions apply to the group members only, as the regulation words it ("the UAE or
    destinations in D:1, D:4 and D:5, excluding any destination also in A:5 or A:6").
    ``worldwide`` matches every country except ``except_countries``.
    """

    countries: frozenset[str] = frozenset()
    groups: tuple[str, ...] = ()
    exclude_countries: frozenset[str] = frozenset()
    exclude_groups: tuple[str, ...] = ()
    worldwide: bool = False
    except_countries: frozenset[str] = frozenset()

    def describe(self) -> str:
        """The set in plain words ("MO, D:5 excluding A:5/A:6")."""
        if self.worldwide:
            return "any destination" + (
                f" except {', '.join(sorted(self.except_countries))}"
                if self.except_countries
                else ""
            )
        parts = sorted(self.countries)
        if self.groups:
            text = "Country Groups " + ", ".join(self.groups)
            excluded = list(self.exclude_groups) + sorted(self.exclude_countries)
            if excluded:
                text += " excluding " + "/".join(excluded)
            parts.append(text)
        return " or ".join(parts) if parts else "nothing"


@dataclass(frozen=True, slots=True)
class ReviewEntry:
    """A review policy and the destinations or headquarters it is for.

    An entry with neither selector is the default for the rule.
    """

    policy: ReviewPolicy
    verified: bool = True
    note: str = ""
    destinations: Selector | None = None
    headquarters: Selector | None = None


@dataclass(frozen=True, slots=True)
class Rule:
    """One dated rule record.

    ``params`` holds the plain parameters (numbers, strings, lists of strings, flags) as
    the rules file states them; ``selectors`` the country sets by name
    (``destinations``, ``headquarters`` …) and ``review`` the review policies.
    """

    id: str
    title: str
    kind: RuleKind
    status: RuleStatus
    effective_from: date | None
    effective_to: date | None
    summary: str
    source: RuleSource
    params: Mapping[str, Any] = field(default_factory=dict)
    selectors: Mapping[str, Selector] = field(default_factory=dict)
    review: tuple[ReviewEntry, ...] = ()

    def in_force(self, day: date) -> bool:
        """True when ``day`` lies within the rule's dates (both ends inclusive)."""
        if self.effective_from is not None and day < self.effective_from:
            return False
        return self.effective_to is None or day <= self.effective_to

    @property
    def date_text(self) -> str:
        """The dates the rule covers, in words."""
        start = self.effective_from.isoformat() if self.effective_from else "(no start recorded)"
        end = f" to {self.effective_to.isoformat()}" if self.effective_to else ""
        return f"from {start}{end}"

    @property
    def reference(self) -> str:
        """Id, dates, status and source on one line, as findings cite a rule."""
        return f"{self.id} ({self.date_text}; {self.status.label}; {self.source.citation})"

    def number(self, key: str) -> float | None:
        """A numeric parameter, or None when absent."""
        value = self.params.get(key)
        return None if value is None else float(value)

    def strings(self, key: str) -> tuple[str, ...]:
        """A list-of-strings parameter (empty when absent)."""
        return tuple(str(item) for item in self.params.get(key) or ())

    def text(self, key: str, default: str = "") -> str:
        """A string parameter."""
        value = self.params.get(key)
        return default if value is None else str(value)

    def flag(self, key: str) -> bool | None:
        """A true/false parameter; None when absent or null."""
        value = self.params.get(key)
        return None if value is None else bool(value)

    def selector(self, key: str) -> Selector | None:
        """A country set by name, or None."""
        return self.selectors.get(key)


@dataclass(frozen=True, slots=True)
class CountryGroups:
    """Country Group membership (15 CFR 740 Supp. 1) for a span of dates.

    ``aliases`` maps codes counted as another (Hong Kong is treated as China).
    """

    version: str
    effective_from: date | None
    effective_to: date | None
    members: Mapping[str, frozenset[str]]
    source: RuleSource
    aliases: Mapping[str, str] = field(default_factory=dict)
    notes: Mapping[str, str] = field(default_factory=dict)

    def in_force(self, day: date) -> bool:
        """True when ``day`` lies within this table's dates."""
        if self.effective_from is not None and day < self.effective_from:
            return False
        return self.effective_to is None or day <= self.effective_to

    def canonical(self, code: str) -> str:
        """The ISO code the rules count ``code`` as (``HK`` → ``CN``)."""
        upper = code.strip().upper()
        return self.aliases.get(upper, upper)

    def groups_of(self, code: str) -> tuple[str, ...]:
        """The groups ``code`` belongs to, sorted."""
        canon = self.canonical(code)
        return tuple(sorted(name for name, codes in self.members.items() if canon in codes))

    def contains(self, selector: Selector, code: str) -> bool:
        """True when ``code`` is in the set ``selector`` describes."""
        canon = self.canonical(code)
        if selector.worldwide and canon not in selector.except_countries:
            return True
        if canon in selector.countries:
            return True
        in_group = any(canon in self.members.get(group, frozenset()) for group in selector.groups)
        if not in_group:
            return False
        if canon in selector.exclude_countries:
            return False
        return not any(
            canon in self.members.get(group, frozenset()) for group in selector.exclude_groups
        )


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One jurisdiction's rules file: its rules, country groups and version.

    ``origin`` names the file the rules came from (the shipped file or the user's).
    """

    jurisdiction: str
    title: str
    version: str
    as_of: date
    rules: tuple[Rule, ...]
    country_groups: tuple[CountryGroups, ...]
    disclaimer: str = ADVICE_NOTICE
    posture_notice: str = ""
    origin: str = ""

    def get(self, rule_id: str) -> Rule | None:
        """The rule with this id, or None."""
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        return None

    def in_force(self, kind: RuleKind, day: date) -> list[Rule]:
        """Rules of ``kind`` in force on ``day``, in file order."""
        return [rule for rule in self.rules if rule.kind is kind and rule.in_force(day)]

    def groups_on(self, day: date) -> CountryGroups:
        """The country-group table in force on ``day`` (the nearest one when none is)."""
        for table in self.country_groups:
            if table.in_force(day):
                return table
        ordered = sorted(self.country_groups, key=lambda t: t.effective_from or date.min)
        earlier = [t for t in ordered if (t.effective_from or date.min) <= day]
        return earlier[-1] if earlier else ordered[0]

    @property
    def label(self) -> str:
        """Title, version and date, as results cite the rules used."""
        return f"{self.title}, version {self.version} (as of {self.as_of.isoformat()})"
