"""Classifying an accelerator: which ECCN it falls under and why, by date."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from computescore.domain.export_control.figures import (
    ChipFigures,
    driving_term,
    performance_density,
    total_processing_performance,
)
from computescore.domain.export_control.rules import INDETERMINATE, NOT_3A090, RuleKind

if TYPE_CHECKING:
    from computescore.domain.export_control.rules import Rule, RuleSet


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
