"""Entering, correcting and deleting records: the use cases behind the editors and the CLI.

Every function here checks its input like an import does (a clear sentence naming
the record, the field, the value and what was expected), writes in one
transaction (audited, nothing half-written) and finds records by the names a
person uses, answering a misspelt name with the nearest real ones. Deleting moves
a record to the recently deleted list (``store.repository.deleted``), from which
it can be restored after a restart.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from computescore.domain.quotes import (
    Certification,
    ExitTerms,
    MeasuredPerformance,
    Quote,
    QuoteLine,
    ReliabilityTerms,
    SlaCredit,
    SlaTerms,
    SupportTerms,
    Vendor,
    line_problems,
)
from computescore.domain.workload import (
    Evaluation,
    Purpose,
    Workload,
    WorkloadClass,
    workload_problems,
)
from computescore.errors import InputRefused, NotFound
from computescore.services.fields import apply_changes, field_types, parse_value, unknown_name
from computescore.store.repository import DeletedRecord, QuoteSummary, Store, UnitOfWork
from computescore.store.tables import EvaluationRow

EVALUATION_FIELDS = (
    "name",
    "decision_date",
    "end_user",
    "end_user_hq",
    "prepared_by",
    "description",
    "reporting_currency",
)
"""The evaluation's own fields a person edits (weights and scales have their own commands)."""

NEW_WORKLOAD = Workload(
    name="",
    purpose=Purpose.INFERENCE,
    workload_class=WorkloadClass.STEADY,
    params=7e9,
    hours_per_day=24,
    horizon_months=36,
)
"""What a new workload starts from before the given fields are applied."""

TERMS: dict[str, type] = {
    "sla": SlaTerms,
    "support": SupportTerms,
    "reliability": ReliabilityTerms,
    "performance": MeasuredPerformance,
    "exit": ExitTerms,
}
"""The groups of a quote's terms, as named in ``GROUP.FIELD=VALUE``."""

_TERM_ATTR = {
    "sla": "sla",
    "support": "support",
    "reliability": "reliability",
    "performance": "performance",
    "exit": "exit_terms",
}


@dataclass(frozen=True, slots=True)
class Change:
    """One field changed by an edit, for the confirmation a person reads."""

    field: str
    old: Any
    new: Any


def changes_between(old: Any, new: Any, *, prefix: str = "") -> list[Change]:
    """The fields whose values differ between two records of the same type."""
    return [
        Change(prefix + f.name, getattr(old, f.name), getattr(new, f.name))
        for f in dataclasses.fields(old)
        if getattr(old, f.name) != getattr(new, f.name)
    ]


# -- finding records by name ----------------------------------------------------------------
def evaluation_named(uow: UnitOfWork, name: str | None) -> EvaluationRow:
    """The evaluation named ``name`` (the latest when None), or the nearest names."""
    if name is not None and name not in uow.evaluation_names():
        raise NotFound(unknown_name("evaluation", name, uow.evaluation_names()))
    return uow.evaluation_row(name)


def workload_named(uow: UnitOfWork, evaluation: EvaluationRow, name: str) -> tuple[int, Workload]:
    """(id, record) of the evaluation's workload named ``name``."""
    assert evaluation.id is not None
    loaded = uow.load_evaluation(evaluation.name)
    ids = uow.workload_ids(evaluation.id)
    for workload_id, workload in zip(ids, loaded.workloads, strict=True):
        if workload.name == name:
            return workload_id, workload
    known = [w.name for w in loaded.workloads]
    raise NotFound(unknown_name(f"workload in {evaluation.name!r}", name, known))


def vendor_named(uow: UnitOfWork, name: str) -> Vendor:
    """The vendor named ``name`` with its certifications."""
    vendors = {v.name: v for v in uow.vendors()}
    if name not in vendors:
        raise NotFound(unknown_name("vendor", name, sorted(vendors)))
    return vendors[name]


def quote_named(
    uow: UnitOfWork,
    evaluation: EvaluationRow,
    reference: str,
    *,
    vendor: str | None = None,
    revision: int | None = None,
) -> QuoteSummary:
    """The quote with this reference (its latest revision unless one is given)."""
    assert evaluation.id is not None
    summaries = uow.quote_summaries(evaluation.id)
    matching = [
        s
        for s in summaries
        if s.reference == reference
        and (vendor is None or s.vendor == vendor)
        and (s.revision == revision if revision is not None else s.latest)
    ]
    if not matching:
        known = sorted({s.reference for s in summaries if vendor is None or s.vendor == vendor})
        sentence = unknown_name(f"quote in {evaluation.name!r}", reference, known)
        if revision is not None and any(s.reference == reference for s in summaries):
            revisions = sorted(s.revision for s in summaries if s.reference == reference)
            sentence = (
                f"Quote {reference!r} has no revision {revision} "
                f"(it has {', '.join(map(str, revisions))})."
            )
        raise NotFound(sentence)
    if len(matching) > 1:
        vendors = ", ".join(sorted(s.vendor for s in matching))
        raise InputRefused(
            f"Several vendors use the quote reference {reference!r} ({vendors}); "
            "name the vendor too (--vendor)."
        )
    return matching[0]


# -- evaluations ----------------------------------------------------------------------------
def create_evaluation(store: Store, values: Mapping[str, Any]) -> Evaluation:
    """Create an evaluation from named fields (``name`` and ``decision_date`` at least)."""
    if not str(values.get("name", "")).strip():
        raise InputRefused("A new evaluation needs a name.")
    base = Evaluation(name="", decision_date=date.today())
    evaluation = apply_changes(base, values, what="evaluation", skip=("workloads", "id", "weights"))
    check_evaluation(evaluation)
    with store.transaction() as uow:
        if evaluation.name in uow.evaluation_names():
            raise InputRefused(f"An evaluation named {evaluation.name!r} already exists.")
        new_id = uow.add_evaluation(evaluation)
    return dataclasses.replace(evaluation, id=new_id)


def edit_evaluation(
    store: Store, name: str | None, values: Mapping[str, Any]
) -> tuple[Evaluation, list[Change]]:
    """Change an evaluation's own fields; returns the new record and what changed."""
    with store.transaction() as uow:
        row = evaluation_named(uow, name)
        assert row.id is not None
        old = uow.load_evaluation(row.name)
        new = apply_changes(old, values, what="evaluation", skip=("workloads", "id", "weights"))
        check_evaluation(new)
        if new.name != old.name and new.name in uow.evaluation_names():
            raise InputRefused(f"An evaluation named {new.name!r} already exists.")
        changes = changes_between(old, new)
        for change in changes:
            uow.set_evaluation_field(row.id, change.field, change.new)
    return new, changes


def check_evaluation(evaluation: Evaluation) -> None:
    """Refuse an evaluation without a name or with a headquarters that is not an ISO code."""
    if not evaluation.name.strip():
        raise InputRefused("An evaluation needs a name.")
    hq = evaluation.end_user_hq
    if hq and (len(hq) != 2 or not hq.isalpha()):
        raise InputRefused(
            f"The end user's headquarters {hq!r} is not a two-letter ISO country code (e.g. DE)."
        )
    code = evaluation.reporting_currency
    if len(code) != 3 or not code.isalpha() or not code.isupper():
        raise InputRefused(
            f"The reporting currency {code!r} is not a three-letter ISO currency code (e.g. EUR)."
        )


def delete_evaluation(store: Store, name: str) -> DeletedRecord:
    """Move an evaluation, with its workloads and quotes, to the recently deleted list."""
    with store.transaction() as uow:
        row = evaluation_named(uow, name)
        entry = uow.deleted.delete_evaluation(row.name)
        return _entry(uow, entry)


# -- workloads ------------------------------------------------------------------------------
VALUES_FILE_MAX_BYTES = 1_000_000
"""A field-values file larger than this is refused (a workload is a few hundred bytes)."""


def read_values_file(path: Path) -> dict[str, Any]:
    """An object of field values (a workload, a quote's terms …) from a JSON or YAML file.

    YAML is read with the safe loader, and a document with anchors or aliases is
    refused (they are how a small YAML file expands into a huge one).
    """
    try:
        size = path.stat().st_size
        if size > VALUES_FILE_MAX_BYTES:
            raise InputRefused(f"{path}: {size:,} bytes is too large for a file of field values.")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputRefused(f"{path}: no such file.") from None
    except UnicodeDecodeError:
        raise InputRefused(f"{path}: not a UTF-8 text file.") from None
    if path.suffix.lower() in (".yaml", ".yml"):
        data = _yaml_values(path, text)
        what = "YAML mapping"
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputRefused(f"{path}: not a JSON file ({exc}).") from None
        what = "JSON object"
    if not isinstance(data, dict):
        raise InputRefused(f"{path}: expected a {what} of field names and values.")
    return {str(key): value for key, value in data.items()}


def _yaml_values(path: Path, text: str) -> Any:
    import yaml

    try:
        if any(isinstance(event, yaml.AliasEvent) for event in yaml.parse(text)):
            raise InputRefused(f"{path}: anchors and aliases are not accepted in a YAML file.")
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise InputRefused(f"{path}: not a YAML file ({exc}).") from None


def _checked_workload(workload: Workload) -> Workload:
    problems = workload_problems(workload)
    if problems:
        field_name, message = next(iter(problems.items()))
        raise InputRefused(f"Workload {workload.name or '(unnamed)'}: {message} ({field_name}).")
    return workload


def add_workload(store: Store, evaluation: str | None, values: Mapping[str, Any]) -> Workload:
    """Add a workload to an evaluation from named fields (``name`` and what its purpose needs)."""
    workload = _checked_workload(apply_changes(NEW_WORKLOAD, _scaled(values), what="workload"))
    with store.transaction() as uow:
        row = evaluation_named(uow, evaluation)
        assert row.id is not None
        names = [w.name for w in uow.load_evaluation(row.name).workloads]
        if workload.name in names:
            raise InputRefused(f"{row.name!r} already has a workload named {workload.name!r}.")
        uow.add_workload(row.id, workload)
    return workload


def edit_workload(
    store: Store, evaluation: str | None, name: str, values: Mapping[str, Any]
) -> tuple[Workload, list[Change]]:
    """Change a workload's fields; returns the new record and what changed."""
    with store.transaction() as uow:
        row = evaluation_named(uow, evaluation)
        workload_id, old = workload_named(uow, row, name)
        new = _checked_workload(apply_changes(old, _scaled(values), what="workload"))
        uow.update_workload(workload_id, new)
    return new, changes_between(old, new)


def remove_workload(store: Store, evaluation: str | None, name: str) -> DeletedRecord:
    """Move a workload to the recently deleted list."""
    with store.transaction() as uow:
        row = evaluation_named(uow, evaluation)
        workload_id, _ = workload_named(uow, row, name)
        return _entry(uow, uow.deleted.delete_workload(workload_id))


_SCALE = {"k": 1e3, "m": 1e6, "b": 1e9, "bn": 1e9, "g": 1e9, "t": 1e12}


def _scaled(values: Mapping[str, Any]) -> dict[str, Any]:
    """Model sizes and token counts may be written 13B, 1T, 2.5bn."""
    out = dict(values)
    for key in ("params", "training_tokens", "tokens_per_day"):
        text = out.get(key)
        if isinstance(text, str):
            stripped = text.strip().lower()
            for suffix in sorted(_SCALE, key=len, reverse=True):
                number = stripped.removesuffix(suffix)
                if number != stripped:
                    with contextlib.suppress(ValueError):
                        out[key] = str(float(number) * _SCALE[suffix])
                    break
    return out


# -- vendors --------------------------------------------------------------------------------
def edit_vendor(
    store: Store,
    name: str,
    values: Mapping[str, Any],
    *,
    add_certifications: Sequence[Certification] = (),
    remove_certifications: Sequence[str] = (),
) -> tuple[Vendor, list[Change]]:
    """Change a vendor's fields and certifications; returns the new record and what changed."""
    with store.transaction() as uow:
        old = vendor_named(uow, name)
        new = apply_changes(old, values, what="vendor", skip=("certifications", "name"))
        hq = new.hq_country
        if hq and (len(hq) != 2 or not hq.isalpha()):
            raise InputRefused(f"The headquarters {hq!r} is not a two-letter ISO code (e.g. DE).")
        held = [c.name for c in old.certifications]
        for cert_name in remove_certifications:
            if cert_name not in held:
                raise NotFound(unknown_name(f"certification of {name}", cert_name, held))
        kept = [c for c in old.certifications if c.name not in remove_certifications]
        replaced = {c.name for c in add_certifications}
        certs = tuple([c for c in kept if c.name not in replaced] + list(add_certifications))
        new = dataclasses.replace(new, certifications=certs)
        if new == old:
            return new, []
        uow.upsert_vendor(new)
        if not certs and old.certifications:
            vendor_row = uow.vendor_row(name)
            assert vendor_row is not None and vendor_row.id is not None
            uow.replace_certifications(vendor_row.id, ())
    return new, changes_between(old, new)


def parse_certification(text: str) -> Certification:
    """``NAME[@VALID_TO]`` or ``NAME@VALID_FROM..VALID_TO`` as a certification."""
    name, _, dates = text.partition("@")
    if not name.strip():
        raise InputRefused(f"--add-cert {text!r}: expected NAME or NAME@YYYY-MM-DD.")
    start, _, end = dates.rpartition("..")
    try:
        valid_from = date.fromisoformat(start) if start else None
        valid_to = date.fromisoformat(end) if end else None
    except ValueError:
        raise InputRefused(
            f"--add-cert {text!r}: the dates are not YYYY-MM-DD "
            "(NAME@VALID_TO or NAME@VALID_FROM..VALID_TO)."
        ) from None
    return Certification(name.strip(), valid_from=valid_from, valid_to=valid_to)


def delete_vendor(store: Store, name: str) -> DeletedRecord:
    """Move a vendor with no quotes to the recently deleted list."""
    with store.transaction() as uow:
        vendor_named(uow, name)
        return _entry(uow, uow.deleted.delete_vendor(name))


# -- quotes ---------------------------------------------------------------------------------
def _load_quote(uow: UnitOfWork, evaluation: EvaluationRow, summary: QuoteSummary) -> Quote:
    assert evaluation.id is not None
    (quote,) = uow.load_quotes(evaluation.id, quote_ids=[summary.quote_id])
    return quote


def edit_line(
    store: Store,
    evaluation: str | None,
    reference: str,
    line_no: int,
    values: Mapping[str, Any],
    *,
    vendor: str | None = None,
) -> tuple[QuoteLine, list[Change]]:
    """Correct fields of one line (1-based) of a quote's latest revision.

    A new accelerator is looked up in the catalogue (an id or a vendor's spelling) and
    stored as its id; an unknown one is refused with the closest ids.
    """
    if values.get("accelerator"):
        values = {**values, "accelerator": catalogue_id(store, str(values["accelerator"]))}
    with store.transaction() as uow:
        row = evaluation_named(uow, evaluation)
        summary = quote_named(uow, row, reference, vendor=vendor)
        quote = _load_quote(uow, row, summary)
        if not 1 <= line_no <= len(quote.lines):
            raise NotFound(
                f"Quote {reference!r} has lines 1 to {len(quote.lines)}; "
                f"there is no line {line_no}."
            )
        old = quote.lines[line_no - 1]
        new = corrected_line(old, values, where=f"Quote {reference!r}, line {line_no}")
        uow.update_line(summary.quote_id, line_no, old, new)
    return new, changes_between(old, new)


def catalogue_id(store: Store, text: str) -> str:
    """The catalogue id of an accelerator named by its id or a vendor's spelling."""
    from computescore.services.workspace import load_catalogue_for

    catalogue = load_catalogue_for(store)
    if catalogue.get(text.strip().lower()) is not None:
        return text.strip().lower()
    match = catalogue.resolve(text)
    if match is not None:
        return match.accelerator_id
    close = catalogue.closest(text)
    hint = f"; the closest are {', '.join(close)}" if close else ""
    raise InputRefused(
        f"{text!r} is not an accelerator in the catalogue{hint} (add your own with "
        "computescore add-accelerator)."
    )


def corrected_line(old: QuoteLine, values: Mapping[str, Any], *, where: str) -> QuoteLine:
    """``old`` with the given fields (text or JSON values), checked like an imported line.

    Changing the nodes or accelerators per node recounts the accelerators unless the
    count is given too.
    """
    new = apply_changes(old, values, what="quote line")
    counts_changed = "nodes" in values or "accelerators_per_node" in values
    if counts_changed and "accelerator_count" not in values and new.nodes is not None:
        per_node = new.accelerators_per_node
        if per_node is not None:
            new = dataclasses.replace(new, accelerator_count=new.nodes * per_node)
    problems = line_problems(new)
    if problems:
        raise InputRefused(f"{where}: {problems[0]}.")
    return new


def _term_groups(values: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """``{"sla.uptime_pct": …}`` as ``{"sla": {"uptime_pct": …}}``; a bad group is refused."""
    by_group: dict[str, dict[str, Any]] = {}
    for key, value in values.items():
        group, _, name = key.partition(".")
        if group not in TERMS or not name:
            raise InputRefused(unknown_name("term", key, list(term_fields())))
        by_group.setdefault(group, {})[name] = value
    return by_group


def corrected_terms(old: Quote, values: Mapping[str, Any]) -> tuple[Quote, list[Change]]:
    """``old`` with the given terms (``group.field`` → value) and what changed."""
    by_group = _term_groups(values)
    new = old
    changes: list[Change] = []
    for group, fields in by_group.items():
        attr = _TERM_ATTR[group]
        before = getattr(old, attr)
        after = _apply_terms(group, before, fields)
        new = dataclasses.replace(new, **{attr: after})
        changes += changes_between(before, after, prefix=f"{group}.")
    return new, changes


def term_fields() -> dict[str, Any]:
    """Every editable term as ``group.field`` → type."""
    out: dict[str, Any] = {}
    for group, record in TERMS.items():
        for name, kind in field_types(record).items():
            out[f"{group}.{name}"] = kind
    return out


def edit_terms(
    store: Store,
    evaluation: str | None,
    reference: str,
    values: Mapping[str, Any],
    *,
    vendor: str | None = None,
) -> tuple[Quote, list[Change]]:
    """Correct a quote's terms, given as ``group.field`` (``sla.uptime_pct``, ``exit.notice_days``).

    ``sla.credits`` is written ``BELOW:CREDIT,…`` (``99.9:10,99:25``) and
    ``support.response_minutes`` ``SEVERITY:MINUTES,…`` (``1:30,2:120,3:none``).
    """
    _term_groups(values)  # a misspelt group is refused before the quote is looked up
    with store.transaction() as uow:
        row = evaluation_named(uow, evaluation)
        summary = quote_named(uow, row, reference, vendor=vendor)
        old = _load_quote(uow, row, summary)
        new, changes = corrected_terms(old, values)
        if changes:
            uow.replace_terms(summary.quote_id, new)
    return new, changes


def _apply_terms(group: str, record: Any, fields: Mapping[str, Any]) -> Any:
    special = dict(fields)
    extra: dict[str, Any] = {}
    if group == "sla" and "credits" in special:
        extra["credits"] = _pairs(
            "sla.credits", special.pop("credits"), float, lambda text: SlaCredit(*text)
        )
    if group == "support" and "response_minutes" in special:
        pairs = _pairs("support.response_minutes", special.pop("response_minutes"), int, tuple)
        extra["response_minutes"] = dict(pairs)
    updated = apply_changes(record, special, what=f"{group} term")
    return dataclasses.replace(updated, **extra)


def _pairs(name: str, value: Any, kind: type, build: Any) -> tuple[Any, ...]:
    text = ",".join(value) if isinstance(value, list) else str(value)
    out = []
    for part in (p.strip() for p in text.split(",") if p.strip()):
        left, sep, right = part.partition(":")
        try:
            if not sep:
                raise ValueError
            second = parse_value(float | None if kind is float else int | None, right)
            out.append(build((kind(left), second)))
        except (ValueError, TypeError):
            raise InputRefused(
                f"{name}: {part!r} is not A:B (e.g. {'99.9:10' if kind is float else '1:30'})."
            ) from None
    return tuple(out)


def delete_quote(
    store: Store,
    evaluation: str | None,
    reference: str,
    *,
    vendor: str | None = None,
    revision: int | None = None,
) -> DeletedRecord:
    """Move one revision of a quote (the latest unless given) to the recently deleted list."""
    with store.transaction() as uow:
        row = evaluation_named(uow, evaluation)
        summary = quote_named(uow, row, reference, vendor=vendor, revision=revision)
        return _entry(uow, uow.deleted.delete_quote(summary.quote_id))


# -- the recently deleted list ---------------------------------------------------------------
def _entry(uow: UnitOfWork, entry_id: int) -> DeletedRecord:
    return next(e for e in uow.deleted.entries() if e.id == entry_id)


def deleted_records(store: Store) -> list[DeletedRecord]:
    """Everything deleted and not yet forgotten, newest first."""
    with store.reading() as uow:
        return uow.deleted.entries()


def restore(store: Store, entry_id: int) -> DeletedRecord:
    """Put a deleted record back; returns what was restored."""
    with store.transaction() as uow:
        entries = {e.id: e for e in uow.deleted.entries()}
        if entry_id not in entries:
            known = ", ".join(str(i) for i in sorted(entries)) or "the list is empty"
            raise NotFound(
                f"Nothing numbered {entry_id} is in the recently deleted list ({known})."
            )
        uow.deleted.restore(entry_id)
        return entries[entry_id]


def empty_deleted(store: Store) -> int:
    """Forget every deleted record for good; returns how many."""
    with store.transaction() as uow:
        return uow.deleted.empty()
