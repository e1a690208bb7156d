"""Assessing the licence a shipment needs: rules in force, scope, review lanes."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from computescore.domain.export_control.classification import (
    ConditionCheck,
    RuleCheck,
    _all_of,
    _fmt,
    _mark,
    _yes_no,
)
from computescore.domain.export_control.licence_records import (
    ExceptionOption,
    LicenceAssessment,
    LicenceRequirement,
    RiskFlag,
    _item_matches,
    applies_under,
)
from computescore.domain.export_control.rules import INDETERMINATE, Posture, ReviewPolicy, RuleKind

if TYPE_CHECKING:
    from computescore.domain.export_control.classification import Classification
    from computescore.domain.export_control.figures import ChipFigures
    from computescore.domain.export_control.rules import CountryGroups, ReviewEntry, Rule, RuleSet


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


def _covers_destination(
    rule: Rule, groups: CountryGroups, dest: str, checks: list[RuleCheck]
) -> bool:
    """True when the rule's destinations include ``dest``; otherwise the check says why not."""
    sel = rule.selector("destinations")
    if sel is not None and groups.contains(sel, dest):
        return True
    where = sel.describe() if sel else "its scope"
    checks.append(RuleCheck(rule, False, f"destination {dest} is not in {where}"))
    return False


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
            scope, scope_why = _scope_match(rule, groups, dest, hq)
            if scope is None:
                checks.append(RuleCheck(rule, False, f"{scope_why}, whatever the maker"))
            else:
                # In scope, and the maker that decides it is unknown: undetermined.
                checks.append(RuleCheck(rule, None, f"{why}; {scope_why}"))
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
        if not _covers_destination(rule, groups, dest, checks):
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

    undetermined = any(
        check.applies is None and check.rule.kind is RuleKind.COMPANY_SPECIFIC for check in checks
    )
    if requirements:
        required: bool | None = True
    elif classification.eccn == INDETERMINATE or undetermined:
        # A rule that may apply could not be tested (a chip entered by its figures has
        # no maker): "no licence" would be a guess.
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
        if not _covers_destination(rule, groups, dest, checks):
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
