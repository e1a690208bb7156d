"""The accelerator catalogue: the shipped figures, their sources and user additions.

The shipped catalogue is ``resources/catalogue/accelerators.json`` (figures, each
with a source) and ``resources/catalogue/aliases.json`` (vendor spellings). Users
add their own accelerators as dictionaries of the same shape as one entry of
``accelerators.json``; :func:`accelerator_to_dict` and :func:`accelerator_from_dict`
convert between that shape and :class:`~computescore.domain.catalog.Accelerator`.

Shape of one accelerator entry::

    {"id": "nvidia-h100-sxm", "maker": "NVIDIA", "model": "H100 SXM5 80GB",
     "form_factor": "sxm", "memory_gb": 80, "memory_bandwidth_gbps": 3350,
     "peaks": [{"precision": "bf16", "dense_tflops": 989.4},
               {"precision": "fp4", "dense_tflops": 9000, "sparse_halved": true}],
     "tdp_w": 700, "die_area_mm2": 814, "interconnect_gbps": 900,
     "interconnect": "NVLink 4", "datacenter": true, "release_year": 2022,
     "ecosystem": "cuda",
     "sources": {"memory_gb": "nv-h100-ds", "peaks.bf16": "nv-hopper-wp", ...},
     "note": "optional free text", "user_defined": false}

A value in ``sources`` is either the id of an entry in the catalogue's top-level
``sources`` table or an inline ``{"document", "date", "url", "note"}`` object
(user entries and :func:`accelerator_to_dict` use the inline form).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, TypeGuard

from computescore.domain.catalog import (
    Accelerator,
    Alias,
    Catalogue,
    Ecosystem,
    FigureSource,
    FormFactor,
    Peak,
    Precision,
    alias_key,
)
from computescore.domain.problems import Problem, Severity
from computescore.errors import InputRefused
from computescore.resources_access import read_text
from computescore.services.instances import INSTANCES_FILE, InstanceCatalogue, parse_instances

CATALOGUE_FILE = "accelerators.json"
ALIASES_FILE = "aliases.json"

SOURCED_FIELDS: tuple[str, ...] = (
    "form_factor",
    "memory_gb",
    "memory_bandwidth_gbps",
    "tdp_w",
    "die_area_mm2",
    "interconnect_gbps",
    "interconnect",
    "datacenter",
    "release_year",
    "ecosystem",
)
"""Fields whose value needs a source; each peak needs one too, under ``peaks.<precision>``."""

_REQUIRED_FIELDS: tuple[str, ...] = ("id", "maker", "model", *SOURCED_FIELDS, "peaks")
_OPTIONAL_FIELDS = frozenset({"sources", "note", "user_defined"})
_ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")
_DATE_PATTERN = re.compile(r"^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$")
_EARLIEST_YEAR = 1990
_LATEST_YEAR = 2100


@dataclass(frozen=True, slots=True)
class _Issue:
    field: str
    message: str
    severity: Severity = Severity.ERROR
    found: str | None = None
    expected: str | None = None


def _is_number(value: object) -> TypeGuard[float]:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value
    return text if len(text) <= 60 else text[:57] + "..."


def _check_source_record(field_name: str, record: Any) -> list[_Issue]:
    """Problems with one source record (inline or in the top-level table)."""
    if not isinstance(record, Mapping):
        return [
            _Issue(
                field_name,
                "must be a source id or an object",
                found=_shown(record),
                expected='{"document", "date", "url"}',
            )
        ]
    issues: list[_Issue] = []
    document = record.get("document")
    if not isinstance(document, str) or not document.strip():
        issues.append(
            _Issue(
                field_name, "the source has no document named", expected="a non-empty 'document'"
            )
        )
    date_text = record.get("date")
    if not isinstance(date_text, str) or not _DATE_PATTERN.match(date_text):
        issues.append(
            _Issue(
                field_name,
                "the source has no valid date",
                found=_shown(date_text),
                expected="YYYY, YYYY-MM or YYYY-MM-DD",
            )
        )
    for optional in ("url", "note"):
        if optional in record and not isinstance(record[optional], str):
            issues.append(
                _Issue(
                    field_name,
                    f"the source's '{optional}' must be text",
                    found=_shown(record[optional]),
                )
            )
    unknown = sorted(set(record) - {"document", "date", "url", "note"})
    if unknown:
        issues.append(
            _Issue(
                field_name,
                f"the source has unknown keys: {', '.join(unknown)}",
                severity=Severity.WARNING,
            )
        )
    return issues


def _check_number(d: Mapping[str, Any], name: str, *, allow_zero: bool = False) -> list[_Issue]:
    value = d.get(name)
    if not _is_number(value) or value < 0 or (value == 0 and not allow_zero):
        expected = "a number of 0 or more" if allow_zero else "a number greater than 0"
        return [_Issue(name, "must be a number", found=_shown(value), expected=expected)]
    return []


def _check_peaks(peaks: Any) -> tuple[list[_Issue], list[str]]:
    """Problems with the peaks list, and the precisions it names."""
    if not isinstance(peaks, list) or not peaks:
        return [
            _Issue(
                "peaks",
                "must be a non-empty list of peaks",
                found=_shown(peaks),
                expected='[{"precision": "bf16", "dense_tflops": 989.4}, ...]',
            )
        ], []
    issues: list[_Issue] = []
    precisions: list[str] = []
    allowed = ", ".join(p.value for p in Precision)
    for index, peak in enumerate(peaks):
        where = f"peaks[{index}]"
        if not isinstance(peak, Mapping):
            issues.append(_Issue(where, "must be an object", found=_shown(peak)))
            continue
        precision = peak.get("precision")
        if precision not in {p.value for p in Precision}:
            issues.append(
                _Issue(
                    f"{where}.precision",
                    "is not a known precision",
                    found=_shown(precision),
                    expected=allowed,
                )
            )
        elif precision in precisions:
            issues.append(_Issue(f"{where}.precision", "is listed twice", found=precision))
        else:
            precisions.append(precision)
        value = peak.get("dense_tflops")
        if not _is_number(value) or value <= 0:
            issues.append(
                _Issue(
                    f"{where}.dense_tflops",
                    "must be a number",
                    found=_shown(value),
                    expected="a number greater than 0",
                )
            )
        if "sparse_halved" in peak and not isinstance(peak["sparse_halved"], bool):
            issues.append(
                _Issue(
                    f"{where}.sparse_halved",
                    "must be true or false",
                    found=_shown(peak["sparse_halved"]),
                )
            )
        unknown = sorted(set(peak) - {"precision", "dense_tflops", "sparse_halved"})
        if unknown:
            issues.append(
                _Issue(where, f"has unknown keys: {', '.join(unknown)}", severity=Severity.WARNING)
            )
    return issues, precisions


def _check_sources(
    sources: Any,
    precisions: list[str],
    table: Mapping[str, Any] | None,
    require_full_sources: bool,
) -> list[_Issue]:
    if sources is None:
        sources = {}
    if not isinstance(sources, Mapping):
        return [
            _Issue(
                "sources",
                "must be an object mapping each field to its source",
                found=_shown(sources),
            )
        ]
    issues: list[_Issue] = []
    wanted = [*SOURCED_FIELDS, *(f"peaks.{p}" for p in precisions)]
    for key, value in sources.items():
        where = f"sources.{key}"
        if key not in wanted:
            issues.append(
                _Issue(where, "names a figure this entry does not have", severity=Severity.WARNING)
            )
        if isinstance(value, str):
            if table is None or value not in table:
                issues.append(
                    _Issue(
                        where,
                        "refers to a source id that is not defined",
                        found=value,
                        expected="an id of the 'sources' table",
                    )
                )
        else:
            issues.extend(_check_source_record(where, value))
    missing = [key for key in wanted if key not in sources]
    if missing:
        if require_full_sources:
            issues.extend(_Issue(f"sources.{key}", "the figure has no source") for key in missing)
        else:
            issues.append(
                _Issue(
                    "sources",
                    f"figures without a source: {', '.join(missing)}",
                    severity=Severity.WARNING,
                )
            )
    return issues


def _check(d: Any, table: Mapping[str, Any] | None, require_full_sources: bool) -> list[_Issue]:
    if not isinstance(d, Mapping):
        return [_Issue("(entry)", "must be an object", found=_shown(d))]
    issues: list[_Issue] = []
    for name in _REQUIRED_FIELDS:
        if name not in d:
            issues.append(_Issue(name, "is missing"))
    accelerator_id = d.get("id")
    if "id" in d and (not isinstance(accelerator_id, str) or not _ID_PATTERN.match(accelerator_id)):
        issues.append(
            _Issue(
                "id",
                "is not a valid catalogue id",
                found=_shown(accelerator_id),
                expected="lower-case maker-model[-variant], e.g. nvidia-h100-sxm",
            )
        )
    for name in ("maker", "model", "interconnect"):
        if name in d and (not isinstance(d[name], str) or not d[name].strip()):
            issues.append(_Issue(name, "must be non-empty text", found=_shown(d[name])))
    if "form_factor" in d and d["form_factor"] not in {f.value for f in FormFactor}:
        issues.append(
            _Issue(
                "form_factor",
                "is not a known form factor",
                found=_shown(d["form_factor"]),
                expected=", ".join(f.value for f in FormFactor),
            )
        )
    if "ecosystem" in d and d["ecosystem"] not in {e.value for e in Ecosystem}:
        issues.append(
            _Issue(
                "ecosystem",
                "is not a known software ecosystem",
                found=_shown(d["ecosystem"]),
                expected=", ".join(e.value for e in Ecosystem),
            )
        )
    for name in ("memory_gb", "memory_bandwidth_gbps", "tdp_w"):
        if name in d:
            issues.extend(_check_number(d, name))
    if "interconnect_gbps" in d:
        issues.extend(_check_number(d, "interconnect_gbps", allow_zero=True))
    if "die_area_mm2" in d and d["die_area_mm2"] is not None:
        issues.extend(
            _Issue(
                i.field,
                "must be a number or null when not published",
                found=i.found,
                expected="a number greater than 0, or null",
            )
            for i in _check_number(d, "die_area_mm2")
        )
    if "datacenter" in d and not isinstance(d["datacenter"], bool):
        issues.append(_Issue("datacenter", "must be true or false", found=_shown(d["datacenter"])))
    if "user_defined" in d and not isinstance(d["user_defined"], bool):
        issues.append(
            _Issue("user_defined", "must be true or false", found=_shown(d["user_defined"]))
        )
    if "note" in d and not isinstance(d["note"], str):
        issues.append(_Issue("note", "must be text", found=_shown(d["note"])))
    year = d.get("release_year")
    if "release_year" in d and (
        not isinstance(year, int)
        or isinstance(year, bool)
        or not _EARLIEST_YEAR <= year <= _LATEST_YEAR
    ):
        issues.append(
            _Issue(
                "release_year",
                "must be a year",
                found=_shown(year),
                expected=f"a whole number from {_EARLIEST_YEAR} to {_LATEST_YEAR}",
            )
        )
    precisions: list[str] = []
    if "peaks" in d:
        peak_issues, precisions = _check_peaks(d["peaks"])
        issues.extend(peak_issues)
    issues.extend(_check_sources(d.get("sources"), precisions, table, require_full_sources))
    unknown = sorted(set(d) - set(_REQUIRED_FIELDS) - _OPTIONAL_FIELDS)
    if unknown:
        issues.append(
            _Issue("(entry)", f"has unknown keys: {', '.join(unknown)}", severity=Severity.WARNING)
        )
    return issues


def _entry_label(d: Any) -> str:
    if isinstance(d, Mapping) and isinstance(d.get("id"), str) and d["id"]:
        return str(d["id"])
    return "(no id)"


def validate_accelerator_dict(
    d: Any,
    *,
    sources: Mapping[str, Any] | None = None,
    require_full_sources: bool = False,
    where: str | None = None,
) -> list[Problem]:
    """Check one accelerator entry and return what is wrong with it.

    Args:
        d: an entry of the shape described in this module's docstring.
        sources: the catalogue's top-level source table, against which source ids
            in ``d["sources"]`` are checked; inline sources need no table.
        require_full_sources: make a figure without a source an error (the shipped
            catalogue) instead of a warning (a user's own accelerator).
        where: prefix of each problem's source; default ``accelerator:<id>``.

    Returns:
        Problems, errors first in field order; an empty list when the entry is sound.
        Each problem's source is ``<where>.<field>``.
    """
    prefix = where if where is not None else f"accelerator:{_entry_label(d)}"
    return [
        Problem(
            f"{prefix}.{issue.field}", issue.message, issue.severity, issue.found, issue.expected
        )
        for issue in _check(d, sources, require_full_sources)
    ]


def _figure_source(value: Any, table: Mapping[str, Any] | None) -> FigureSource:
    record = table[value] if isinstance(value, str) and table is not None else value
    return FigureSource(
        document=str(record["document"]),
        date=str(record["date"]),
        url=str(record.get("url", "")),
        note=str(record.get("note", "")),
    )


def _refuse(problems: list[Problem], what: str) -> InputRefused:
    errors = [p for p in problems if p.severity is Severity.ERROR]
    shown = "; ".join(str(p) for p in errors[:3])
    more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
    return InputRefused(f"{what} is not valid: {shown}{more}.")


def accelerator_from_dict(
    d: Mapping[str, Any], *, sources: Mapping[str, Any] | None = None
) -> Accelerator:
    """Build an :class:`Accelerator` from an entry of the catalogue's JSON shape.

    Args:
        d: the entry; figures in the units the field names carry (GB, GB/s,
            TFLOPS or TOPS, W, mm²).
        sources: the catalogue's source table, needed only when ``d["sources"]``
            refers to sources by id.

    Raises:
        InputRefused: the entry has errors (see :func:`validate_accelerator_dict`,
            which lists them all without raising).
    """
    problems = validate_accelerator_dict(d, sources=sources)
    if any(p.severity is Severity.ERROR for p in problems):
        raise _refuse(problems, f"Accelerator {_entry_label(d)}")
    peaks = tuple(
        Peak(
            Precision(p["precision"]), float(p["dense_tflops"]), bool(p.get("sparse_halved", False))
        )
        for p in d["peaks"]
    )
    die = d["die_area_mm2"]
    return Accelerator(
        id=d["id"],
        maker=d["maker"].strip(),
        model=d["model"].strip(),
        form_factor=FormFactor(d["form_factor"]),
        memory_gb=float(d["memory_gb"]),
        memory_bandwidth_gbps=float(d["memory_bandwidth_gbps"]),
        peaks=peaks,
        tdp_w=float(d["tdp_w"]),
        die_area_mm2=None if die is None else float(die),
        interconnect_gbps=float(d["interconnect_gbps"]),
        interconnect=d["interconnect"].strip(),
        datacenter=d["datacenter"],
        release_year=d["release_year"],
        ecosystem=Ecosystem(d["ecosystem"]),
        sources={
            key: _figure_source(value, sources) for key, value in (d.get("sources") or {}).items()
        },
        user_defined=bool(d.get("user_defined", False)),
    )


def accelerator_to_dict(a: Accelerator) -> dict[str, Any]:
    """The catalogue JSON shape of ``a``, with its sources written inline.

    ``accelerator_from_dict(accelerator_to_dict(a)) == a`` for every accelerator.
    """
    peaks: list[dict[str, Any]] = []
    for peak in a.peaks:
        entry: dict[str, Any] = {
            "precision": peak.precision.value,
            "dense_tflops": peak.dense_tflops,
        }
        if peak.sparse_halved:
            entry["sparse_halved"] = True
        peaks.append(entry)
    sources: dict[str, Any] = {}
    for key, source in a.sources.items():
        record: dict[str, Any] = {
            "document": source.document,
            "date": source.date,
            "url": source.url,
        }
        if source.note:
            record["note"] = source.note
        sources[key] = record
    return {
        "id": a.id,
        "maker": a.maker,
        "model": a.model,
        "form_factor": a.form_factor.value,
        "memory_gb": a.memory_gb,
        "memory_bandwidth_gbps": a.memory_bandwidth_gbps,
        "peaks": peaks,
        "tdp_w": a.tdp_w,
        "die_area_mm2": a.die_area_mm2,
        "interconnect_gbps": a.interconnect_gbps,
        "interconnect": a.interconnect,
        "datacenter": a.datacenter,
        "release_year": a.release_year,
        "ecosystem": a.ecosystem.value,
        "sources": sources,
        "user_defined": a.user_defined,
    }


def _file_error(file_name: str, message: str) -> InputRefused:
    return InputRefused(f"The shipped catalogue file {file_name} is damaged: {message}.")


def _parse_json(file_name: str, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _file_error(
            file_name, f"not valid JSON at line {exc.lineno}, column {exc.colno}"
        ) from exc


def _check_header(file_name: str, data: Any, list_key: str) -> None:
    if not isinstance(data, Mapping):
        raise _file_error(file_name, "the top level must be an object")
    for key in ("version", "as_of"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise _file_error(file_name, f"'{key}' is missing")
    if not _DATE_PATTERN.match(data["as_of"]):
        raise _file_error(file_name, f"'as_of' is not a date: {data['as_of']!r}")
    if not isinstance(data.get(list_key), list):
        raise _file_error(file_name, f"'{list_key}' must be a list")


def parse_catalogue(
    accelerators_text: str,
    aliases_text: str,
    *,
    accelerators_file: str = CATALOGUE_FILE,
    aliases_file: str = ALIASES_FILE,
) -> Catalogue:
    """Parse and validate the two catalogue files' text into a :class:`Catalogue`.

    Every figure must carry a source from the file's ``sources`` table. Raises
    :class:`~computescore.errors.InputRefused` naming the file, the entry and the
    field of the first error found.
    """
    data = _parse_json(accelerators_file, accelerators_text)
    _check_header(accelerators_file, data, "accelerators")
    table = data.get("sources")
    if not isinstance(table, Mapping):
        raise _file_error(accelerators_file, "'sources' must be an object of source records")
    for source_id, record in table.items():
        issues = _check_source_record(source_id, record)
        errors = [i for i in issues if i.severity is Severity.ERROR]
        if errors:
            raise _file_error(accelerators_file, f"source '{source_id}': {errors[0].message}")
    accelerators: dict[str, Accelerator] = {}
    for index, entry in enumerate(data["accelerators"]):
        label = _entry_label(entry)
        issues = _check(entry, table, require_full_sources=True)
        errors = [i for i in issues if i.severity is Severity.ERROR]
        if errors:
            first = errors[0]
            detail = first.message
            if first.found is not None:
                detail += f" (found {first.found!r})"
            if first.expected:
                detail += f"; expected {first.expected}"
            raise _file_error(
                accelerators_file, f"entry {index} ({label}), field {first.field}: {detail}"
            )
        if label in accelerators:
            raise _file_error(accelerators_file, f"entry {index} repeats the id {label}")
        accelerators[label] = accelerator_from_dict(entry, sources=table)

    alias_data = _parse_json(aliases_file, aliases_text)
    _check_header(aliases_file, alias_data, "aliases")
    aliases: list[Alias] = []
    seen: dict[str, str] = {}
    for index, item in enumerate(alias_data["aliases"]):
        if not isinstance(item, Mapping):
            raise _file_error(aliases_file, f"alias {index} must be an object")
        text, target, per_node = item.get("text"), item.get("id"), item.get("per_node")
        if not isinstance(text, str) or not alias_key(text):
            raise _file_error(aliases_file, f"alias {index}: 'text' must name an accelerator")
        if target not in accelerators:
            raise _file_error(aliases_file, f"alias {index} ({text}): unknown id {target!r}")
        if per_node is not None and (
            not isinstance(per_node, int) or isinstance(per_node, bool) or per_node < 1
        ):
            raise _file_error(aliases_file, f"alias {index} ({text}): 'per_node' must be 1 or more")
        key = alias_key(text)
        if key in seen and seen[key] != target:
            raise _file_error(
                aliases_file, f"alias {index} ({text}) also means {seen[key]} in another alias"
            )
        seen[key] = target
        aliases.append(Alias(text, target, per_node))
    return Catalogue(
        accelerators=accelerators,
        aliases=tuple(aliases),
        version=data["version"],
        as_of=data["as_of"],
    )


@cache
def _shipped_accelerators() -> Catalogue:
    return parse_catalogue(
        read_text("catalogue", CATALOGUE_FILE), read_text("catalogue", ALIASES_FILE)
    )


@cache
def _shipped() -> Catalogue:
    catalogue = _shipped_accelerators()
    instances = shipped_instances()
    known = {alias_key(alias.text): alias.accelerator_id for alias in catalogue.aliases}
    for alias in instances.aliases():
        other = known.get(alias_key(alias.text))
        if other is not None and other != alias.accelerator_id:
            raise _file_error(
                ALIASES_FILE,
                f"{alias.text} means {other} there but {alias.accelerator_id} in {INSTANCES_FILE}",
            )
    return replace(catalogue, aliases=catalogue.aliases + instances.aliases())


@cache
def shipped_instances() -> InstanceCatalogue:
    """The shipped cloud instance catalogue, read and validated once per process."""
    return parse_instances(
        read_text("catalogue", INSTANCES_FILE), _shipped_accelerators().accelerators
    )


def load_catalogue(extra: Iterable[Mapping[str, Any]] = ()) -> Catalogue:
    """The shipped catalogue, plus the user's own accelerators when given.

    The shipped files are read and validated once per process. Each extra entry
    uses the shape of one ``accelerators.json`` entry with inline sources (as
    :func:`accelerator_to_dict` writes it); it is marked ``user_defined`` and its
    id, ``model`` and ``maker model`` become spellings that resolve to it.

    Raises:
        InputRefused: a shipped file is damaged, or an extra entry has errors or
            reuses an id already in the catalogue.
    """
    shipped = _shipped()
    extras = list(extra)
    if not extras:
        return shipped
    accelerators = dict(shipped.accelerators)
    aliases = list(shipped.aliases)
    for entry in extras:
        label = _entry_label(entry)
        problems = validate_accelerator_dict(entry)
        if any(p.severity is Severity.ERROR for p in problems):
            raise _refuse(problems, f"Your accelerator {label}")
        if label in accelerators:
            raise InputRefused(
                f"Your accelerator {label} uses an id the catalogue already has; choose another id."
            )
        accelerator = accelerator_from_dict({**entry, "user_defined": True})
        accelerators[label] = accelerator
        aliases.append(Alias(accelerator.model, label))
        aliases.append(Alias(f"{accelerator.maker} {accelerator.model}", label))
    return Catalogue(
        accelerators=accelerators,
        aliases=tuple(aliases),
        version=shipped.version,
        as_of=shipped.as_of,
    )
