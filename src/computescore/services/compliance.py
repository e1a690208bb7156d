"""Compliance checks for a whole evaluation, and the export-control classification use case.

Front ends (the CLI's ``check`` and ``classify``, the desktop app) call these:

* :func:`settings_for` gathers what the checks apply — the rules file (shipped, the
  user's newer one, or one named in the workspace settings), the export-control posture,
  the user's thresholds and the screening lists stored in the workspace — and turns bad
  stored settings into :class:`Problem` records instead of failing.
* :func:`check_evaluation` returns every compliance finding for every quote of an
  evaluation (:class:`~computescore.services.workspace.EvaluationData`).
* :func:`classify_accelerator` and :func:`classify_figures` run the export-control
  classification and licensing for one chip, destination, end user and date.
* :func:`import_screening_list` reads a list file and stores it in the workspace.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any

from computescore.domain.catalog import Accelerator
from computescore.domain.compliance import (
    ComplianceThresholds,
    check_quote,
    thresholds_from_mapping,
)
from computescore.domain.export_control import (
    ExportControlResult,
    Posture,
    RuleSet,
    chip_from_accelerator,
    chip_from_figures,
    evaluate,
)
from computescore.domain.findings import Finding
from computescore.domain.problems import Problem, Severity
from computescore.domain.screening import ScreeningEntry, ScreeningList, prepare
from computescore.errors import UsageError
from computescore.io.screening_lists import read_screening_list
from computescore.services.rules import load_rules
from computescore.services.workspace import EvaluationData
from computescore.store.repository import Store

POSTURE_SETTING = "export_control_posture"
THRESHOLDS_SETTING = "compliance_thresholds"
SCREENING_THRESHOLD_SETTING = "screening_threshold"
RULES_FILE_SETTING = "rules_file"


@dataclass(frozen=True, slots=True)
class ComplianceSettings:
    """What the compliance checks apply, and any problems found assembling it.

    ``export_from_us`` says whether the goods leave from the United States (the 2026
    China case-by-case lane needs it); None when unknown.
    """

    rules: RuleSet
    posture: Posture = Posture.ENFORCED
    thresholds: ComplianceThresholds = field(default_factory=ComplianceThresholds)
    screening_lists: tuple[ScreeningList, ...] = ()
    export_from_us: bool | None = None
    problems: tuple[Problem, ...] = ()


def parse_posture(
    value: Any, source: str = f"settings:{POSTURE_SETTING}"
) -> tuple[Posture, list[Problem]]:
    """The posture named by ``value`` ("enforced" or "codified"); the default if unusable."""
    if value is None or value == "":
        return Posture.ENFORCED, []
    try:
        return Posture(str(value).strip().lower()), []
    except ValueError:
        return Posture.ENFORCED, [
            Problem(
                source,
                "unknown export-control posture; 'enforced' is used",
                Severity.WARNING,
                repr(value),
                "enforced or codified",
            )
        ]


def screening_lists_from_store(store: Store) -> list[ScreeningList]:
    """The screening lists stored in a workspace, as domain records.

    A list stored without a date is dated by its import, and says so in its note.
    """
    lists = []
    with store.reading() as uow:
        stored = uow.screening_lists()
    for row, entries in stored:
        day = row.list_date or row.imported_at.date()
        note = "" if row.list_date else "no list date recorded; dated by its import"
        lists.append(
            ScreeningList(
                name=row.name,
                list_date=day,
                entries=tuple(
                    ScreeningEntry(
                        name=str(e["name"]),
                        alt_names=tuple(e.get("alt_names") or ()),
                        countries=tuple(
                            c.strip() for c in str(e.get("country") or "").split(",") if c.strip()
                        ),
                        source=str(e.get("source") or ""),
                        programs=tuple(
                            p.strip() for p in str(e.get("programs") or "").split(";") if p.strip()
                        ),
                        remarks=str(e.get("remarks") or ""),
                    )
                    for e in entries
                ),
                source_file=row.source_file,
                note=note,
            )
        )
    return lists


def import_screening_list(
    store: Store,
    path: str | Path,
    *,
    list_name: str | None = None,
    list_date: date | None = None,
) -> tuple[ScreeningList, list[Problem]]:
    """Read a list file (CSL CSV/TSV, EU FSF CSV or simple CSV) and store it in the workspace."""
    screening_list, problems = read_screening_list(path, list_name=list_name, list_date=list_date)
    entries = [
        {
            "name": e.name,
            "alt_names": list(e.alt_names),
            "country": ",".join(e.countries),
            "source": e.source,
            "programs": "; ".join(e.programs),
            "remarks": e.remarks,
        }
        for e in screening_list.entries
    ]
    with store.transaction() as uow:
        uow.add_screening_list(
            screening_list.name, screening_list.list_date, screening_list.source_file, entries
        )
    return screening_list, problems


RULES_STALE_DAYS = 90
"""A rules file older than this on the decision date is flagged: export rules change often."""


def rules_age_problem(as_of: date, decision: date, title: str = "") -> Problem | None:
    """A warning when the rules file is older than :data:`RULES_STALE_DAYS` on the decision date."""
    age = (decision - as_of).days
    if age <= RULES_STALE_DAYS:
        return None
    months = age // 30
    return Problem(
        "settings:rules_file",
        f"the export-control rules file{f' ({title})' if title else ''} is dated "
        f"{as_of.isoformat()}, {months} months before the decision date "
        f"{decision.isoformat()}; rules change often — check for a newer file before relying "
        "on the licence findings",
        Severity.WARNING,
        found=as_of.isoformat(),
        expected=f"a rules file at most {RULES_STALE_DAYS} days old on the decision date",
    )


def settings_for(
    data: EvaluationData,
    *,
    store: Store | None = None,
    posture: str | Posture | None = None,
    rules_file: str | Path | None = None,
    extra_lists: Sequence[ScreeningList] = (),
    export_from_us: bool | None = None,
) -> ComplianceSettings:
    """Assemble the compliance settings for an evaluation.

    Explicit arguments win over the workspace settings (``export_control_posture``,
    ``rules_file``, ``compliance_thresholds``, ``screening_threshold``), which win over
    the defaults. Screening lists come from ``store`` (when given) plus ``extra_lists``.

    Raises:
        InputRefused: the rules file named cannot be loaded.
    """
    stored: Mapping[str, Any] = data.settings
    problems: list[Problem] = []
    chosen, more = parse_posture(posture if posture is not None else stored.get(POSTURE_SETTING))
    problems += more
    raw_thresholds = stored.get(THRESHOLDS_SETTING) or {}
    if isinstance(raw_thresholds, Mapping):
        thresholds, more = thresholds_from_mapping(raw_thresholds)
        problems += more
    else:
        thresholds = ComplianceThresholds()
        problems.append(
            Problem(
                f"settings:{THRESHOLDS_SETTING}",
                "not a set of named values; defaults used",
                Severity.WARNING,
                repr(raw_thresholds),
            )
        )
    screening_threshold = stored.get(SCREENING_THRESHOLD_SETTING)
    if screening_threshold is not None:
        try:
            value = float(screening_threshold)
            if not 0 <= value <= 1:
                raise ValueError
            thresholds = replace(
                thresholds,
                screening_threshold=value,
                screening_review_threshold=min(thresholds.screening_review_threshold, value),
            )
        except (TypeError, ValueError):
            problems.append(
                Problem(
                    f"settings:{SCREENING_THRESHOLD_SETTING}",
                    "must be a number between 0 and 1; the default is kept",
                    Severity.WARNING,
                    repr(screening_threshold),
                )
            )
    rules = load_rules(rules_file if rules_file is not None else stored.get(RULES_FILE_SETTING))
    stale = rules_age_problem(rules.as_of, data.evaluation.decision_date, rules.title)
    if stale is not None:
        problems.append(stale)
    lists = list(screening_lists_from_store(store)) if store is not None else []
    lists += list(extra_lists)
    return ComplianceSettings(
        rules=rules,
        posture=chosen,
        thresholds=thresholds,
        screening_lists=tuple(lists),
        export_from_us=export_from_us,
        problems=tuple(problems),
    )


def check_evaluation(
    data: EvaluationData,
    settings: ComplianceSettings | Mapping[str, Any] | None = None,
) -> list[Finding]:
    """Every compliance finding for every quote of the evaluation, quote by quote.

    Export control uses each compute line's accelerator, its country (else the workload's)
    and the evaluation's end-user headquarters, on the evaluation's decision date.

    Args:
        data: the evaluation as loaded by ``services.workspace.load_evaluation_data``.
        settings: what to apply (see :func:`settings_for`). A mapping is read as workspace
            settings overriding the stored ones; None uses the stored settings. In both
            cases the screening lists are read from the workspace at ``data.db_path``.
    """
    if not isinstance(settings, ComplianceSettings):
        overrides = dict(settings or {})
        merged = replace(data, settings={**data.settings, **overrides})
        lists = _stored_lists(data.db_path)
        settings = settings_for(merged, extra_lists=lists)
    index = prepare(settings.screening_lists)
    findings: list[Finding] = []
    for quote in data.quotes:
        findings.extend(
            check_quote(
                quote,
                data.evaluation,
                catalogue=data.catalogue,
                rules=settings.rules,
                screening=index,
                thresholds=settings.thresholds,
                posture=settings.posture,
                export_from_us=settings.export_from_us,
            )
        )
    return findings


def _stored_lists(db_path: str) -> list[ScreeningList]:
    """The screening lists of the workspace the evaluation was loaded from, if any
    (a file, or a database on a server)."""
    from computescore.store.server import is_server_url

    if not db_path or not (is_server_url(db_path) or Path(db_path).is_file()):
        return []
    with Store.open(db_path) as store:
        return screening_lists_from_store(store)


def classify_accelerator(
    accelerator: Accelerator,
    destination: str,
    end_user_hq: str | None,
    day: date,
    rules: RuleSet,
    posture: Posture = Posture.ENFORCED,
    *,
    datacenter: bool | None = None,
    export_from_us: bool | None = None,
) -> ExportControlResult:
    """Classify a catalogue accelerator and decide licensing.

    ``datacenter`` overrides the catalogue's data-centre flag when the user confirms
    otherwise (how a part is marketed to the buyer counts).
    """
    chip = chip_from_accelerator(accelerator)
    if datacenter is not None and datacenter != chip.datacenter:
        chip = replace(
            chip,
            datacenter=datacenter,
            label=f"{chip.label}, data-centre use set to {_yes_no(datacenter)} by the user",
        )
    return evaluate(
        chip,
        _country(destination),
        end_user_hq and _country(end_user_hq),
        day,
        rules,
        posture,
        export_from_us=export_from_us,
    )


def classify_figures(
    dense_tops: float,
    bits: int,
    destination: str,
    end_user_hq: str | None,
    day: date,
    rules: RuleSet,
    posture: Posture = Posture.ENFORCED,
    *,
    datacenter: bool | None,
    die_area_mm2: float | None = None,
    interconnect_gbps: float | None = None,
    memory_bandwidth_gbps: float | None = None,
    export_from_us: bool | None = None,
) -> ExportControlResult:
    """Classify a chip from one dense peak (TOPS or TFLOPS) at one bit length."""
    if dense_tops < 0 or bits <= 0:
        raise UsageError("--tops must not be negative and --bits must be positive.")
    for name, value in (
        ("--die-area", die_area_mm2),
        ("--interconnect-gbps", interconnect_gbps),
        ("--memory-bandwidth-gbps", memory_bandwidth_gbps),
    ):
        if value is not None and value < 0:
            raise UsageError(f"{name} must not be negative.")
    chip = chip_from_figures(
        dense_tops,
        bits,
        die_area_mm2=die_area_mm2,
        interconnect_gbps=interconnect_gbps,
        datacenter=datacenter,
        memory_bandwidth_gbps=memory_bandwidth_gbps,
    )
    return evaluate(
        chip,
        _country(destination),
        end_user_hq and _country(end_user_hq),
        day,
        rules,
        posture,
        export_from_us=export_from_us,
    )


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _country(code: str) -> str:
    text = code.strip().upper()
    if len(text) != 2 or not text.isalpha():
        raise UsageError(f"{code!r} is not a two-letter ISO country code (e.g. FR, CN, US).")
    return text


def result_to_dict(result: ExportControlResult, rules: RuleSet) -> dict[str, Any]:
    """The classification and licence result as plain JSON values.

    Keys: ``tpp``, ``pd`` (null when unknown), ``eccn``, ``licence_required`` (true,
    false, or null when the classification is indeterminate), ``rules`` (ids applied),
    ``explanation`` (the working in plain words), plus the details behind them.
    """
    c = result.classification
    lic = result.licence

    def rule_dict(rule: Any) -> dict[str, Any]:
        return {
            "id": rule.id,
            "title": rule.title,
            "effective_from": rule.effective_from.isoformat() if rule.effective_from else None,
            "effective_to": rule.effective_to.isoformat() if rule.effective_to else None,
            "status": rule.status.value,
            "source": rule.source.citation,
            "url": rule.source.url,
            "verified": rule.source.verified,
            "unverified": rule.source.unverified,
        }

    return {
        "tpp": round(c.tpp, 3),
        "pd": None if c.pd is None else round(c.pd, 4),
        "eccn": c.eccn,
        "licence_required": lic.licence_required,
        "rules": list(result.rule_ids),
        "explanation": "\n".join(result.explanation()),
        "chip": c.chip.label,
        "date": lic.day.isoformat(),
        "destination": lic.destination,
        "end_user_hq": lic.end_user_hq or None,
        "posture": lic.posture.value,
        "review_policy": lic.review_policy.value if lic.review_policy else None,
        "licence_unlikely": lic.unlikely,
        "system_eccn": c.system_eccn or None,
        "tpp_terms": [
            {
                "precision": t.name,
                "dense_tops": t.dense_tops,
                "bits": t.bits,
                "tpp": t.tpp,
                "sparse_halved": t.sparse_halved,
            }
            for t in c.chip.terms
        ],
        "classification_rule": rule_dict(c.rule) if c.rule else None,
        "candidates": [r.text("eccn") for r in c.candidates],
        "requirements": [
            {
                "rule": rule_dict(req.rule),
                "basis": req.basis,
                "reason": req.reason,
                "review_policy": req.review_policy.value,
                "review_verified": req.review_verified,
                "review_note": req.review_note,
                "licence_exceptions": [
                    {"code": o.code, "rule": o.rule.id, "conditions": o.conditions}
                    for o in req.exceptions
                ],
                "review_lane": req.lane.id if req.lane else None,
            }
            for req in lic.requirements
        ],
        "risk_flags": [{"rule": rule_dict(f.rule), "text": f.text} for f in lic.flags],
        "considered": [
            {"rule": chk.rule.id, "applies": chk.applies, "reason": chk.reason}
            for chk in (*c.checks, *lic.checks)
        ],
        "notes": list(lic.notes),
        "posture_notice": result.posture_notice or None,
        "rules_version": rules.version,
        "rules_as_of": rules.as_of.isoformat(),
        "rules_file": rules.origin,
        "advice": result.advice,
    }
