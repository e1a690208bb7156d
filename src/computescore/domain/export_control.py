"""US export-control classification and licensing for AI accelerators, from dated rules.

Two separate, dated layers:

* **Classification** — the ECCN 3A090 tests are arithmetic: total processing performance
  (TPP = dense peak TOPS or TFLOPS × bit length, highest over precisions), performance
  density (PD = TPP ÷ logic-die area in mm²) and whether the part is designed or marketed
  for data centres. Which test applies depends on the date: nothing before 2022-10-07,
  TPP ≥ 4800 with ≥ 600 GB/s interconnect until 2023-11-16, the TPP/PD tests since.
* **Licensing** — who needs a licence for which destination, end-user headquarters and
  date, under which rule, with which review policy and licence exceptions.

The rules themselves (thresholds, country groups, dates, statuses, sources) are data
loaded by ``computescore.services.rules``; this module interprets them. Every result
keeps the arithmetic, the rule ids with their dates, statuses and sources, and the
fixed notice that this is advice and not a legal determination.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from typing import Any

from computescore.domain.catalog import Accelerator

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


# --------------------------------------------------------------------------- figures


@dataclass(frozen=True, slots=True)
class ThroughputTerm:
    """One precision's dense peak and the bit length the TPP formula multiplies it by.

    ``dense_tops`` is TOPS (integer) or TFLOPS (floating point); ``sparse_halved`` marks a
    figure obtained by halving a sparse-only published number.
    """

    name: str
    dense_tops: float
    bits: int
    sparse_halved: bool = False

    @property
    def tpp(self) -> float:
        """This precision's contribution: dense peak × bit length (dimensionless TPP)."""
        return self.dense_tops * self.bits


@dataclass(frozen=True, slots=True)
class ChipFigures:
    """The figures the classification needs, from the catalogue or typed by a user.

    Attributes:
        label: how the chip is named in explanations.
        terms: dense peak per precision.
        die_area_mm2: logic-die area on a non-planar node in mm², None when unknown.
        datacenter: designed or marketed for data centres; None when not confirmed.
        interconnect_gbps: aggregate bidirectional chip-to-chip bandwidth in GB/s.
        memory_bandwidth_gbps: total DRAM (HBM/GDDR) bandwidth in GB/s.
        accelerator_id: catalogue id, when the figures come from the catalogue.
        maker: manufacturer name, when known.
    """

    label: str
    terms: tuple[ThroughputTerm, ...]
    die_area_mm2: float | None
    datacenter: bool | None
    interconnect_gbps: float | None = None
    memory_bandwidth_gbps: float | None = None
    accelerator_id: str | None = None
    maker: str = ""


def chip_from_accelerator(accelerator: Accelerator) -> ChipFigures:
    """The classification inputs of a catalogue accelerator."""
    terms = tuple(
        ThroughputTerm(
            name=peak.precision.value.upper(),
            dense_tops=peak.dense_tflops,
            bits=peak.bits,
            sparse_halved=peak.sparse_halved,
        )
        for peak in accelerator.peaks
    )
    return ChipFigures(
        label=f"{accelerator.display_name} ({accelerator.id})",
        terms=terms,
        die_area_mm2=accelerator.die_area_mm2,
        datacenter=accelerator.datacenter,
        interconnect_gbps=accelerator.interconnect_gbps,
        memory_bandwidth_gbps=accelerator.memory_bandwidth_gbps,
        accelerator_id=accelerator.id,
        maker=accelerator.maker,
    )


def chip_from_figures(
    dense_tops: float,
    bits: int,
    *,
    die_area_mm2: float | None = None,
    interconnect_gbps: float | None = None,
    datacenter: bool | None = None,
    memory_bandwidth_gbps: float | None = None,
    label: str = "figures entered",
) -> ChipFigures:
    """Classification inputs from one dense peak (TOPS or TFLOPS) at one bit length."""
    return ChipFigures(
        label=label,
        terms=(ThroughputTerm(f"{bits}-bit", dense_tops, bits),),
        die_area_mm2=die_area_mm2,
        datacenter=datacenter,
        interconnect_gbps=interconnect_gbps,
        memory_bandwidth_gbps=memory_bandwidth_gbps,
    )


def total_processing_performance(terms: Iterable[ThroughputTerm]) -> float:
    """TPP: the highest dense peak × bit length over the precisions given (0 when none).

    15 CFR 774 Supp. 1, 3A090 technical notes: TPP = 2 × MacTOPS × bit length, where
    2 × MacTOPS is the datasheet's dense TOPS/TFLOPS; the highest value over bit
    lengths is evaluated. E.g. 1,978.9 TFLOPS FP8 × 8 = 15,831.2.
    """
    return max((term.tpp for term in terms), default=0.0)


def driving_term(terms: Sequence[ThroughputTerm]) -> ThroughputTerm | None:
    """The precision that sets TPP (the first of equal maxima), or None when there is none."""
    best: ThroughputTerm | None = None
    for term in terms:
        if best is None or term.tpp > best.tpp:
            best = term
    return best


def performance_density(tpp: float, die_area_mm2: float | None) -> float | None:
    """PD: TPP ÷ applicable die area in mm²; None when the area is unknown or not positive."""
    if die_area_mm2 is None or die_area_mm2 <= 0:
        return None
    return tpp / die_area_mm2


# --------------------------------------------------------------------------- classification


@dataclass(frozen=True, slots=True)
class ConditionCheck:
    """One test of a rule against the figures: True, False or None (figure unknown)."""

    text: str
    result: bool | None


@dataclass(frozen=True, slots=True)
class RuleCheck:
    """How one rule was considered: whether it applies, and why in plain words."""

    rule: Rule
    applies: bool | None
    reason: str


@dataclass(frozen=True, slots=True)
class Classification:
    """The ECCN outcome for a chip on a date, with the working.

    Attributes:
        eccn: ``3A090.a.1``, ``3A090.a.2``, ``3A090.b.1``, ``3A090.b.2``, ``3A090.a``
            (not a data-centre part, TPP ≥ 4800, or the 2022 definition), ``not-3A090``
            or ``indeterminate``.
        tpp: total processing performance.
        pd: performance density, None when the die area is unknown.
        rule: the rule that decided the outcome (None when indeterminate).
        candidates: for an indeterminate outcome, the rules that might apply.
        checks: each classification rule in force and how it was tested.
        system_eccn: how boards and systems containing the chip are classified.
        licence_exceptions: licence exceptions the deciding rule points to (NAC, ACA).
    """

    chip: ChipFigures
    day: date
    eccn: str
    tpp: float
    pd: float | None
    rule: Rule | None
    candidates: tuple[Rule, ...]
    checks: tuple[RuleCheck, ...]
    system_eccn: str
    licence_exceptions: tuple[str, ...]
    explanation: tuple[str, ...]

    @property
    def controlled(self) -> bool | None:
        """True when the chip falls in 3A090, False when outside, None when indeterminate."""
        if self.eccn == INDETERMINATE:
            return None
        return self.eccn != NOT_3A090


def _fmt(value: float, decimals: int = 1) -> str:
    return f"{value:,.{decimals}f}"


def _tpp_lines(chip: ChipFigures, tpp: float) -> list[str]:
    lines = [
        "TPP (total processing performance) = dense peak (TOPS or TFLOPS) × bit length, "
        "highest over precisions (15 CFR 774 Supp. 1, 3A090 technical notes 1–3):"
    ]
    best = driving_term(chip.terms)
    for term in sorted(chip.terms, key=lambda t: -t.tpp):
        marks = []
        if term is best:
            marks.append("highest")
        if term.sparse_halved:
            marks.append("halved from a sparse-only figure")
        if term.bits == 32 and term.name.upper() == "TF32":
            marks.append("TF32 counted at 32 bits, a judgement the rule text does not settle")
        suffix = f"  ({'; '.join(marks)})" if marks else ""
        lines.append(
            f"  {term.name}: {_fmt(term.dense_tops)} × {term.bits} = {_fmt(term.tpp)}{suffix}"
        )
    if not chip.terms:
        lines.append("  no throughput figures: TPP taken as 0")
    lines.append(f"TPP = {_fmt(tpp)}")
    return lines


def _pd_line(tpp: float, area: float | None, pd: float | None) -> str:
    if pd is None or area is None:
        return (
            "PD (performance density) = TPP ÷ logic-die area: unknown, the die area is not "
            "published or was not entered"
        )
    return (
        "PD (performance density) = TPP ÷ logic-die area = "
        f"{_fmt(tpp)} ÷ {_fmt(area)} mm² = {pd:.2f}"
    )


def _yes_no(value: bool | None) -> str:
    return "unknown" if value is None else ("yes" if value else "no")


def _conditions(
    rule: Rule, chip: ChipFigures, tpp: float, pd: float | None
) -> list[ConditionCheck]:
    """Test each threshold the classification rule states."""
    checks: list[ConditionCheck] = []
    wanted_dc = rule.flag("datacenter")
    if "datacenter" in rule.params and wanted_dc is not None:
        result = None if chip.datacenter is None else chip.datacenter == wanted_dc
        checks.append(
            ConditionCheck(
                f"designed or marketed for data centres: {_yes_no(chip.datacenter)} "
                f"(rule wants {_yes_no(wanted_dc)})",
                result,
            )
        )
    tpp_min = rule.number("tpp_min")
    if tpp_min is not None:
        checks.append(ConditionCheck(f"TPP {_fmt(tpp)} ≥ {_fmt(tpp_min, 0)}", tpp >= tpp_min))
    tpp_below = rule.number("tpp_below")
    if tpp_below is not None:
        checks.append(ConditionCheck(f"TPP {_fmt(tpp)} < {_fmt(tpp_below, 0)}", tpp < tpp_below))
    for key, op in (("pd_min", "≥"), ("pd_below", "<")):
        limit = rule.number(key)
        if limit is None:
            continue
        if pd is None:
            checks.append(ConditionCheck(f"PD unknown {op} {limit:g}", None))
        else:
            ok = pd >= limit if op == "≥" else pd < limit
            checks.append(ConditionCheck(f"PD {pd:.2f} {op} {limit:g}", ok))
    link_min = rule.number("interconnect_min_gbps")
    if link_min is not None:
        if chip.interconnect_gbps is None:
            checks.append(ConditionCheck(f"interconnect unknown ≥ {_fmt(link_min, 0)} GB/s", None))
        else:
            checks.append(
                ConditionCheck(
                    f"interconnect {_fmt(chip.interconnect_gbps, 0)} GB/s "
                    f"≥ {_fmt(link_min, 0)} GB/s",
                    chip.interconnect_gbps >= link_min,
                )
            )
    return checks


def _all_of(checks: Sequence[ConditionCheck]) -> bool | None:
    if any(c.result is False for c in checks):
        return False
    if any(c.result is None for c in checks):
        return None
    return True


def _mark(result: bool | None) -> str:
    return {True: "met", False: "not met", None: "cannot tell"}[result]


def _decide(
    rules_in_order: Sequence[Rule], chip: ChipFigures, tpp: float, pd: float | None
) -> tuple[Rule | None, list[Rule], list[RuleCheck]]:
    """Try the rules in order: the deciding rule, those that could not be tested, the checks."""
    checks: list[RuleCheck] = []
    undecided: list[Rule] = []
    for rule in rules_in_order:
        conds = _conditions(rule, chip, tpp, pd)
        result = _all_of(conds)
        detail = "; ".join(f"{c.text} — {_mark(c.result)}" for c in conds) or "no conditions"
        checks.append(RuleCheck(rule, result, detail))
        if result is None:
            undecided.append(rule)
        elif result:
            return rule, undecided, checks
    return None, undecided, checks


def classify(chip: ChipFigures, day: date, rules: RuleSet) -> Classification:
    """Classify a chip under the 3A090 definition in force on ``day``.

    The classification rules in force are tried in their stated order; the first whose
    conditions all hold decides. A rule that cannot be tested for want of a figure (die
    area, interconnect) before a deciding rule makes the outcome ``indeterminate``, naming
    the candidate paragraphs: the app never guesses. When the data-centre flag is not
    confirmed, both answers are tried and the outcome is indeterminate only if they differ.
    """
    tpp = total_processing_performance(chip.terms)
    pd = performance_density(tpp, chip.die_area_mm2)
    in_force = sorted(
        rules.in_force(RuleKind.CLASSIFICATION, day), key=lambda r: int(r.number("order") or 0)
    )
    lines = _tpp_lines(chip, tpp)
    lines.append(_pd_line(tpp, chip.die_area_mm2, pd))
    lines.append(f"Designed or marketed for data centres: {_yes_no(chip.datacenter)}.")

    asks_dc = any(r.flag("datacenter") is not None for r in in_force)
    if chip.datacenter is None and asks_dc:
        branches = []
        for answer in (True, False):
            branch = ChipFigures(
                chip.label,
                chip.terms,
                chip.die_area_mm2,
                answer,
                chip.interconnect_gbps,
                chip.memory_bandwidth_gbps,
                chip.accelerator_id,
                chip.maker,
            )
            branches.append(_decide(in_force, branch, tpp, pd))
        outcomes = {
            (b[0].text("eccn") if b[0] is not None and not b[1] else INDETERMINATE)
            for b in branches
        }
        if len(outcomes) == 1 and INDETERMINATE not in outcomes:
            decided, undecided, checks = branches[0]
            lines.append("The outcome is the same whether or not it is a data-centre part.")
        else:
            decided = None
            undecided = []
            checks = []
            for answer, (b_rule, b_undecided, b_checks) in zip(
                (True, False), branches, strict=True
            ):
                label = "a data-centre part" if answer else "not a data-centre part"
                what = (
                    b_rule.text("eccn") if b_rule is not None and not b_undecided else INDETERMINATE
                )
                lines.append(f"If {label}: {what}.")
                undecided += [r for r in b_undecided if r not in undecided]
                if b_rule is not None and b_rule not in undecided:
                    undecided.append(b_rule)
                checks += [
                    RuleCheck(c.rule, c.applies, f"if {label}: {c.reason}") for c in b_checks
                ]
    else:
        decided, undecided, checks = _decide(in_force, chip, tpp, pd)

    if decided is not None and not undecided:
        eccn = decided.text("eccn", NOT_3A090)
        lines.append(
            f"Rule {decided.reference}: {decided.summary} Tests: {checks[-1].reason}. "
            f"Outcome: {eccn}."
        )
        candidates: tuple[Rule, ...] = ()
        exceptions = decided.strings("licence_exceptions")
        system = decided.text("system_eccn")
    else:
        eccn = INDETERMINATE if undecided else NOT_3A090
        candidates = tuple(undecided) + (
            (decided,) if decided is not None and decided not in undecided else ()
        )
        exceptions = ()
        system = ""
        decided = None if undecided else decided
        if undecided:
            names = ", ".join(dict.fromkeys(r.text("eccn", r.id) for r in candidates))
            lines.append(
                "Outcome: indeterminate — a figure the rules need is missing or unconfirmed "
                f"(die area, interconnect or data-centre use). It could be: {names}. Enter the "
                "missing figure or ask the vendor for its published ECCN."
            )
        else:
            lines.append("No classification rule matched: outside 3A090.")
    for check in checks:
        if check.rule is not decided:
            lines.append(f"  considered {check.rule.id}: {check.reason} ({_mark(check.applies)})")
    if system:
        lines.append(f"Boards, servers and systems containing this chip: {system}.")
    if exceptions:
        lines.append("Licence exceptions this paragraph points to: " + ", ".join(exceptions) + ".")
    return Classification(
        chip=chip,
        day=day,
        eccn=eccn,
        tpp=tpp,
        pd=pd,
        rule=decided,
        candidates=candidates,
        checks=tuple(checks),
        system_eccn=system,
        licence_exceptions=exceptions,
        explanation=tuple(lines),
    )


# --------------------------------------------------------------------------- licensing


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


def _review_for(
    rule: Rule, groups: CountryGroups, destination: str, hq: str
) -> tuple[ReviewPolicy, bool, str]:
    """The review policy of the first entry whose selector matches (default last)."""
    default: ReviewEntry | None = None
    for entry in rule.review:
        if entry.destinations is None and entry.headquarters is None:
            default = default or entry
            continue
        if entry.destinations is not None and groups.contains(entry.destinations, destination):
            return entry.policy, entry.verified, entry.note
        if entry.headquarters is not None and hq and groups.contains(entry.headquarters, hq):
            return entry.policy, entry.verified, entry.note
    if default is not None:
        return default.policy, default.verified, default.note
    return ReviewPolicy.NOT_PUBLISHED, False, "the rules file states no review policy"


def _exceptions_for(
    eccn: str,
    basis: str,
    destination: str,
    hq: str,
    day: date,
    rules: RuleSet,
    groups: CountryGroups,
    posture: Posture,
) -> tuple[ExceptionOption, ...]:
    options: list[ExceptionOption] = []
    for rule in rules.in_force(RuleKind.LICENCE_EXCEPTION, day):
        if not applies_under(rule.status, posture):
            continue
        if not _item_matches(rule.strings("items"), eccn):
            continue
        dest_sel = rule.selector("destinations")
        hq_sel = rule.selector("headquarters")
        hq_must = rule.selector("headquarters_must_be")
        if basis == "headquarters":
            ok = hq_sel is not None and bool(hq) and groups.contains(hq_sel, hq)
        else:
            ok = dest_sel is not None and groups.contains(dest_sel, destination)
        if ok and hq_must is not None:
            ok = not hq or groups.contains(hq_must, hq)
        if ok:
            days = rule.number("notification_days")
            cond = rule.text("exception_conditions")
            if days:
                cond = f"{cond} Notify BIS {int(days)} days before shipment.".strip()
            options.append(ExceptionOption(rule.text("code", rule.id), rule, cond))
    return tuple(options)


def _chip_matches(rule: Rule, chip: ChipFigures) -> tuple[bool | None, str]:
    """Whether a company-specific or risk-flag rule names this chip, and why."""
    acc_id = chip.accelerator_id or ""
    if acc_id and acc_id in rule.strings("accelerator_ids"):
        return True, f"names {acc_id}"
    for prefix in rule.strings("accelerator_id_prefixes"):
        if acc_id and acc_id.startswith(prefix):
            return True, f"covers ids starting {prefix!r}"
    makers = {m.casefold() for m in rule.strings("makers")}
    if not makers:
        return False, "does not name this part"
    if not chip.maker:
        return None, "maker unknown, so it cannot be told whether this maker's rule covers it"
    if chip.maker.casefold() not in makers:
        return False, f"covers parts by {', '.join(rule.strings('makers'))} only"
    mem_min = rule.number("memory_bandwidth_min_gbps")
    link_min = rule.number("interconnect_min_gbps")
    if mem_min is None and link_min is None:
        return True, f"covers {chip.maker} parts"
    reasons = []
    mem = chip.memory_bandwidth_gbps
    if mem_min is not None and mem is not None and mem >= mem_min:
        reasons.append(f"memory bandwidth {_fmt(mem, 0)} ≥ {_fmt(mem_min, 0)} GB/s")
    link = chip.interconnect_gbps
    if link_min is not None and link is not None and link >= link_min:
        reasons.append(f"interconnect {_fmt(link, 0)} ≥ {_fmt(link_min, 0)} GB/s")
    if reasons:
        return True, "; ".join(reasons)
    return False, "below the named part's memory and interconnect bandwidth"


def _scope_match(
    rule: Rule, groups: CountryGroups, destination: str, hq: str
) -> tuple[str | None, str]:
    """For rules with a destination and/or headquarters scope: which matched, and why."""
    dest_sel = rule.selector("destinations")
    hq_sel = rule.selector("headquarters")
    if dest_sel is not None and groups.contains(dest_sel, destination):
        return "destination", f"destination {destination} is in {dest_sel.describe()}"
    if hq_sel is not None and hq and groups.contains(hq_sel, hq):
        return "headquarters", f"end user headquartered in {hq}, in {hq_sel.describe()}"
    parts = []
    if dest_sel is not None:
        parts.append(f"destination {destination} is not in {dest_sel.describe()}")
    if hq_sel is not None:
        parts.append(
            f"end-user headquarters {hq} is not in {hq_sel.describe()}"
            if hq
            else "end-user headquarters not given"
        )
    return None, "; ".join(parts)


def assess_licence(
    classification: Classification,
    destination: str,
    end_user_hq: str | None,
    rules: RuleSet,
    posture: Posture = Posture.ENFORCED,
    *,
    export_from_us: bool | None = None,
) -> LicenceAssessment:
    """Decide whether a licence is required for a classified chip, destination and end user.

    Args:
        classification: the chip's classification on the date of interest.
        destination: ISO code of the country the chip goes to (where it will run).
        end_user_hq: ISO code of the end user's (or its ultimate parent's) headquarters.
        rules: the rules file to apply.
        posture: ``enforced`` applies what BIS enforces; ``codified`` the text as written.
        export_from_us: whether the goods leave from the United States (the 2026 China
            case-by-case lane needs it); None when not known.

    Returns:
        The requirements with their rules, review policies and possible exceptions,
        every rule considered with the reason it did or did not apply, risk flags and
        notes (e.g. codified rules not applied under the enforced posture).
    """
    day = classification.day
    groups = rules.groups_on(day)
    dest = groups.canonical(destination)
    hq = groups.canonical(end_user_hq) if end_user_hq else ""
    eccn = classification.eccn
    chip = classification.chip
    requirements: list[LicenceRequirement] = []
    checks: list[RuleCheck] = []
    flags: list[RiskFlag] = []
    notes: list[str] = []
    if destination.strip().upper() != dest:
        notes.append(f"{destination.strip().upper()} is counted as {dest} by these rules.")

    def gate(rule: Rule) -> bool:
        if applies_under(rule.status, posture):
            return True
        checks.append(
            RuleCheck(
                rule,
                False,
                f"not applied: status {rule.status.label} under the {posture.value} posture",
            )
        )
        return False

    def add(rule: Rule, basis: str, reason: str) -> None:
        policy, verified, note = _review_for(rule, groups, dest, hq)
        exceptions = _exceptions_for(eccn, basis, dest, hq, day, rules, groups, posture)
        requirements.append(
            LicenceRequirement(rule, basis, reason, policy, verified, note, exceptions)
        )
        checks.append(RuleCheck(rule, True, reason))

    for rule in rules.in_force(RuleKind.LICENCE_DESTINATION, day) + rules.in_force(
        RuleKind.LICENCE_WORLDWIDE, day
    ):
        if not _item_matches(rule.strings("items"), eccn):
            checks.append(
                RuleCheck(
                    rule, False, f"covers {', '.join(rule.strings('items'))}; this chip is {eccn}"
                )
            )
            continue
        sel = rule.selector("destinations")
        if sel is None or not groups.contains(sel, dest):
            where = sel.describe() if sel else "no destinations"
            checks.append(RuleCheck(rule, False, f"destination {dest} is not in {where}"))
            continue
        if not applies_under(rule.status, posture):
            checks.append(
                RuleCheck(
                    rule,
                    False,
                    f"would require a licence for {eccn} to {dest} under the codified text, but "
                    f"its status is {rule.status.label}; not applied under the enforced posture",
                )
            )
            notes.append(
                f"Under the codified text, {rule.id} would also require a licence ({rule.summary})"
            )
            continue
        basis = "worldwide" if rule.kind is RuleKind.LICENCE_WORLDWIDE else "destination"
        add(rule, basis, f"{eccn} to {dest}: destination is in {sel.describe()}")

    for rule in rules.in_force(RuleKind.LICENCE_HEADQUARTERS, day):
        if not _item_matches(rule.strings("items"), eccn):
            checks.append(
                RuleCheck(
                    rule, False, f"covers {', '.join(rule.strings('items'))}; this chip is {eccn}"
                )
            )
            continue
        hq_sel = rule.selector("headquarters")
        dest_sel = rule.selector("destinations")
        if not hq:
            checks.append(
                RuleCheck(
                    rule, None, "end-user headquarters not given, so this rule cannot be checked"
                )
            )
            continue
        if hq_sel is None or not groups.contains(hq_sel, hq):
            checks.append(
                RuleCheck(
                    rule,
                    False,
                    f"end user headquartered in {hq}, not in "
                    f"{hq_sel.describe() if hq_sel else 'the scope'}",
                )
            )
            continue
        if dest_sel is not None and not groups.contains(dest_sel, dest):
            checks.append(
                RuleCheck(
                    rule, False, f"destination {dest} is outside its scope ({dest_sel.describe()})"
                )
            )
            continue
        if not gate(rule):
            continue
        add(
            rule,
            "headquarters",
            f"{eccn} for an end user headquartered in {hq} ({hq_sel.describe()}), wherever located",
        )

    for rule in rules.in_force(RuleKind.COMPANY_SPECIFIC, day):
        named, why = _chip_matches(rule, chip)
        if named is False:
            checks.append(RuleCheck(rule, False, f"does not cover this chip: {why}"))
            continue
        if named is None:
            checks.append(RuleCheck(rule, None, why))
            continue
        if rule.flag("only_if_not_controlled") and classification.controlled:
            checks.append(
                RuleCheck(
                    rule,
                    False,
                    f"covers this chip ({why}) but it is already {eccn}, so the 3A090 rules govern",
                )
            )
            continue
        scope, scope_why = _scope_match(rule, groups, dest, hq)
        if scope is None:
            checks.append(RuleCheck(rule, False, f"covers this chip ({why}) but {scope_why}"))
            continue
        if not gate(rule):
            continue
        policy, verified, note = _review_for(rule, groups, dest, hq)
        reason = f"company-specific requirement: {why}; {scope_why}"
        requirements.append(
            LicenceRequirement(rule, "company_specific", reason, policy, verified, note)
        )
        checks.append(RuleCheck(rule, True, reason))

    for rule in rules.in_force(RuleKind.DESTINATION_EMBARGO, day):
        sel = rule.selector("destinations")
        if sel is None or not groups.contains(sel, dest):
            checks.append(
                RuleCheck(
                    rule,
                    False,
                    f"destination {dest} is not in {sel.describe() if sel else 'its scope'}",
                )
            )
            continue
        if not gate(rule):
            continue
        add(
            rule,
            "embargo",
            f"destination {dest} is under a comprehensive licence requirement "
            "for items subject to the EAR",
        )

    _apply_review_lanes(
        requirements, checks, classification, dest, day, rules, groups, posture, export_from_us
    )

    for rule in rules.in_force(RuleKind.RISK_FLAG, day):
        named, why = _chip_matches(rule, chip)
        if named and rule.flag("only_if_controlled") and classification.controlled is False:
            checks.append(RuleCheck(rule, False, f"{why}, but the part is {eccn}"))
            continue
        if named:
            flags.append(
                RiskFlag(rule, f"{rule.text('flag', rule.title)}: {rule.text('action')} ({why})")
            )
            checks.append(RuleCheck(rule, True, why))
        else:
            checks.append(RuleCheck(rule, False if named is False else None, why))

    for rule in rules.in_force(RuleKind.NOTICE, day):
        if rule.text("context", "licence") != "licence":
            continue
        scope, _ = _scope_match(rule, groups, dest, hq)
        has_scope = (
            rule.selector("destinations") is not None or rule.selector("headquarters") is not None
        )
        if has_scope and scope is None:
            continue
        notes.append(f"{rule.title} ({rule.status.label}, {rule.date_text}): {rule.summary}")

    if requirements:
        required: bool | None = True
    elif classification.eccn == INDETERMINATE:
        required = None
    else:
        required = False
    return LicenceAssessment(
        destination=dest,
        end_user_hq=hq,
        day=day,
        posture=posture,
        licence_required=required,
        requirements=tuple(requirements),
        checks=tuple(checks),
        flags=tuple(flags),
        notes=tuple(dict.fromkeys(notes)),
    )


def _apply_review_lanes(
    requirements: list[LicenceRequirement],
    checks: list[RuleCheck],
    classification: Classification,
    dest: str,
    day: date,
    rules: RuleSet,
    groups: CountryGroups,
    posture: Posture,
    export_from_us: bool | None,
) -> None:
    """Replace a presumption of denial by a lane's policy where the lane's tests hold."""
    chip = classification.chip
    for rule in rules.in_force(RuleKind.REVIEW_LANE, day):
        sel = rule.selector("destinations")
        if sel is None or not groups.contains(sel, dest):
            checks.append(
                RuleCheck(
                    rule,
                    False,
                    f"destination {dest} is not in {sel.describe() if sel else 'its scope'}",
                )
            )
            continue
        if not _item_matches(rule.strings("items"), classification.eccn):
            checks.append(
                RuleCheck(
                    rule,
                    False,
                    f"covers {', '.join(rule.strings('items'))}; "
                    f"this chip is {classification.eccn}",
                )
            )
            continue
        if not applies_under(rule.status, posture):
            checks.append(RuleCheck(rule, False, f"not applied: status {rule.status.label}"))
            continue
        tests: list[ConditionCheck] = []
        tpp_below = rule.number("tpp_below")
        if tpp_below is not None:
            tests.append(
                ConditionCheck(
                    f"TPP {_fmt(classification.tpp)} < {_fmt(tpp_below, 0)}",
                    classification.tpp < tpp_below,
                )
            )
        bw_below = rule.number("dram_bandwidth_below_gbps")
        if bw_below is not None:
            bw = chip.memory_bandwidth_gbps
            bw_text = "unknown" if bw is None else f"{_fmt(bw, 0)} GB/s"
            tests.append(
                ConditionCheck(
                    f"total DRAM bandwidth {bw_text} < {_fmt(bw_below, 0)} GB/s",
                    None if bw is None else bw < bw_below,
                )
            )
        origin = rule.text("origin")
        if origin == "US":
            tests.append(
                ConditionCheck(
                    f"exported from the United States: {_yes_no(export_from_us)}",
                    export_from_us,
                )
            )
        result = _all_of(tests)
        detail = "; ".join(f"{t.text} — {_mark(t.result)}" for t in tests)
        if result is False:
            checks.append(RuleCheck(rule, False, detail))
            continue
        figures_ok = _all_of([t for t in tests if not t.text.startswith("exported")])
        if figures_ok is not True:
            checks.append(RuleCheck(rule, None, detail))
            continue
        policy = ReviewPolicy(rule.text("policy", ReviewPolicy.CASE_BY_CASE.value))
        conditions = "; ".join(rule.strings("conditions"))
        changed = False
        for index, req in enumerate(requirements):
            if req.review_policy is not ReviewPolicy.PRESUMPTION_OF_DENIAL:
                continue
            if req.basis not in ("destination", "headquarters", "worldwide"):
                continue
            if export_from_us:
                new_policy = policy
                note = (
                    f"{rule.id}: {policy.label} instead of a presumption of denial, provided the "
                    f"exporter meets all conditions: {conditions}."
                )
            else:
                # Without knowing the goods leave from the US the lane cannot be counted on.
                new_policy = req.review_policy
                note = (
                    f"{rule.id}: {policy.label} would replace the presumption of denial if the "
                    f"goods are exported from the United States and the exporter meets all "
                    f"conditions: {conditions}."
                )
            requirements[index] = LicenceRequirement(
                req.rule,
                req.basis,
                req.reason,
                new_policy,
                req.review_verified,
                note,
                req.exceptions,
                lane=rule if export_from_us else None,
            )
            changed = True
        checks.append(RuleCheck(rule, True if changed else None, detail))


# --------------------------------------------------------------------------- combined result


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
        if lic.licence_required is None:
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
