"""Loading export-control rules files: the shipped ones, or a newer one the user supplies.

A rules file is one readable JSON document per jurisdiction (``resources/rules/us-ear.json``)
with a version, an ``as_of`` date, dated country groups and dated rule records. It is
schema-checked at load; any error names the file and the rule so the user can fix it.

Which file is used, in order: an explicit path; else a file of the same name in the
user's rules folder (``<data folder>/rules/``) when its ``as_of`` date (then version) is
newer than the shipped one; else the shipped file. The returned ``RuleSet.origin`` says
which, so every result can show the rules version and date it used.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from computescore import resources_access
from computescore.domain.export_control import (
    CountryGroups,
    ReviewEntry,
    ReviewPolicy,
    Rule,
    RuleKind,
    RuleSet,
    RuleSource,
    RuleStatus,
    Selector,
)
from computescore.domain.screening import ScreeningList
from computescore.errors import InputRefused
from computescore.io.screening_lists import parse_list_text
from computescore.settings import app_paths

SHIPPED_US = "us-ear.json"
"""File name of the shipped US EAR rules."""

SYNTHETIC_LIST = "synthetic-list.csv"
SYNTHETIC_LIST_NAME = "Synthetic screening list (fictional entities)"
SYNTHETIC_LIST_DATE = date(2026, 11, 1)
"""The shipped synthetic list's name and version date: fictional entities for tests and the demo."""

SCHEMA_VERSION = 1
MAX_RULES_BYTES = 5_000_000
"""A rules file larger than this is refused before parsing."""

_SELECTOR_KEYS = ("destinations", "headquarters", "headquarters_must_be")
_COUNTRY = re.compile(r"^[A-Z]{2}$")
_NUMBER_PARAMS = (
    "order",
    "tpp_min",
    "tpp_below",
    "pd_min",
    "pd_below",
    "interconnect_min_gbps",
    "dram_bandwidth_below_gbps",
    "memory_bandwidth_min_gbps",
    "notification_days",
)
_STRING_LIST_PARAMS = (
    "items",
    "licence_exceptions",
    "conditions",
    "accelerator_ids",
    "accelerator_id_prefixes",
    "makers",
)
_BOOL_PARAMS = ("datacenter", "only_if_not_controlled", "only_if_controlled")
_REQUIRED_PARAMS: Mapping[RuleKind, tuple[str, ...]] = {
    RuleKind.CLASSIFICATION: ("order", "eccn"),
    RuleKind.LICENCE_DESTINATION: ("items",),
    RuleKind.LICENCE_WORLDWIDE: ("items",),
    RuleKind.LICENCE_HEADQUARTERS: ("items",),
    RuleKind.REVIEW_LANE: ("items", "policy"),
    RuleKind.LICENCE_EXCEPTION: ("code", "items"),
    RuleKind.COMPANY_SPECIFIC: (),
    RuleKind.DESTINATION_EMBARGO: (),
    RuleKind.RISK_FLAG: ("flag", "action"),
    RuleKind.NOTICE: (),
}
_REQUIRED_SELECTORS: Mapping[RuleKind, tuple[str, ...]] = {
    RuleKind.LICENCE_DESTINATION: ("destinations",),
    RuleKind.LICENCE_WORLDWIDE: ("destinations",),
    RuleKind.LICENCE_HEADQUARTERS: ("headquarters", "destinations"),
    RuleKind.REVIEW_LANE: ("destinations",),
    RuleKind.COMPANY_SPECIFIC: ("destinations",),
    RuleKind.DESTINATION_EMBARGO: ("destinations",),
}
_NEEDS_REVIEW = (
    RuleKind.LICENCE_DESTINATION,
    RuleKind.LICENCE_WORLDWIDE,
    RuleKind.LICENCE_HEADQUARTERS,
    RuleKind.COMPANY_SPECIFIC,
    RuleKind.DESTINATION_EMBARGO,
)


class _Refuse(Exception):
    """A schema error inside one part of the file (caught and reworded with the file name)."""


def _date(value: Any, what: str, *, nullable: bool = True) -> date | None:
    if value is None:
        if nullable:
            return None
        raise _Refuse(f"{what} is missing")
    if not isinstance(value, str):
        raise _Refuse(f"{what} must be a date written YYYY-MM-DD, not {value!r}")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise _Refuse(f"{what} must be a date written YYYY-MM-DD, not {value!r}") from None


def _text(obj: Mapping[str, Any], key: str, what: str, *, required: bool = True) -> str:
    value = obj.get(key)
    if value is None:
        if required:
            raise _Refuse(f"{what}: '{key}' is missing")
        return ""
    if not isinstance(value, str):
        raise _Refuse(f"{what}: '{key}' must be text")
    if required and not value.strip():
        raise _Refuse(f"{what}: '{key}' is empty")
    return value


def _countries(value: Any, what: str) -> frozenset[str]:
    if value is None:
        return frozenset()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Refuse(f"{what} must be a list of two-letter country codes")
    bad = [v for v in value if not _COUNTRY.match(v)]
    if bad:
        raise _Refuse(f"{what}: {', '.join(map(repr, bad))} is not a two-letter ISO country code")
    return frozenset(value)


def _groups(value: Any, what: str, known: set[str]) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _Refuse(f"{what} must be a list of country-group names")
    unknown = [v for v in value if v not in known]
    if unknown:
        raise _Refuse(
            f"{what}: unknown country group {', '.join(unknown)} "
            f"(the file defines {', '.join(sorted(known)) or 'none'})"
        )
    return tuple(value)


def _selector(value: Any, what: str, known: set[str]) -> Selector:
    if not isinstance(value, dict):
        raise _Refuse(f"{what} must be an object with countries and/or groups")
    allowed = {
        "countries",
        "groups",
        "exclude_countries",
        "exclude_groups",
        "worldwide",
        "except_countries",
    }
    extra = set(value) - allowed
    if extra:
        raise _Refuse(f"{what}: unknown key {', '.join(sorted(extra))}")
    worldwide = value.get("worldwide", False)
    if not isinstance(worldwide, bool):
        raise _Refuse(f"{what}: 'worldwide' must be true or false")
    sel = Selector(
        countries=_countries(value.get("countries"), f"{what}.countries"),
        groups=_groups(value.get("groups"), f"{what}.groups", known),
        exclude_countries=_countries(value.get("exclude_countries"), f"{what}.exclude_countries"),
        exclude_groups=_groups(value.get("exclude_groups"), f"{what}.exclude_groups", known),
        worldwide=worldwide,
        except_countries=_countries(value.get("except_countries"), f"{what}.except_countries"),
    )
    if not (sel.worldwide or sel.countries or sel.groups):
        raise _Refuse(f"{what} selects no country (give countries, groups or worldwide)")
    return sel


def _source(value: Any, what: str) -> RuleSource:
    if not isinstance(value, dict):
        raise _Refuse(f"{what}: 'source' must be an object with document, section and url")
    return RuleSource(
        document=_text(value, "document", f"{what} source"),
        section=_text(value, "section", f"{what} source", required=False),
        url=_text(value, "url", f"{what} source", required=False),
        verified=_text(value, "verified", f"{what} source", required=False),
        unverified=_text(value, "unverified", f"{what} source", required=False),
    )


def _enum_value(enum: type[Any], value: Any, what: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(member.value for member in enum)
        raise _Refuse(f"{what} is {value!r}; expected one of {choices}") from None


def _review(value: Any, what: str, known: set[str]) -> tuple[ReviewEntry, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not value:
        raise _Refuse(f"{what}: 'review' must be a non-empty list")
    entries = []
    for index, item in enumerate(value):
        where = f"{what} review #{index + 1}"
        if not isinstance(item, dict):
            raise _Refuse(f"{where} must be an object")
        verified = item.get("verified", True)
        if not isinstance(verified, bool):
            raise _Refuse(f"{where}: 'verified' must be true or false")
        entries.append(
            ReviewEntry(
                policy=_enum_value(ReviewPolicy, item.get("policy"), f"{where} policy"),
                verified=verified,
                note=_text(item, "note", where, required=False),
                destinations=(
                    _selector(item["destinations"], f"{where}.destinations", known)
                    if item.get("destinations") is not None
                    else None
                ),
                headquarters=(
                    _selector(item["headquarters"], f"{where}.headquarters", known)
                    if item.get("headquarters") is not None
                    else None
                ),
            )
        )
    return tuple(entries)


def _params(kind: RuleKind, value: Any, what: str) -> dict[str, Any]:
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise _Refuse(f"{what}: 'parameters' must be an object")
    for key in _REQUIRED_PARAMS[kind]:
        if value.get(key) is None:
            raise _Refuse(f"{what}: parameter '{key}' is required for a {kind.value} rule")
    for key in _NUMBER_PARAMS:
        item = value.get(key)
        if item is not None and (isinstance(item, bool) or not isinstance(item, int | float)):
            raise _Refuse(f"{what}: parameter '{key}' must be a number, not {item!r}")
        if isinstance(item, int | float) and item < 0:
            raise _Refuse(f"{what}: parameter '{key}' must not be negative")
    for key in _STRING_LIST_PARAMS:
        item = value.get(key)
        if item is not None and (
            not isinstance(item, list) or not all(isinstance(v, str) for v in item)
        ):
            raise _Refuse(f"{what}: parameter '{key}' must be a list of text")
    for key in _BOOL_PARAMS:
        item = value.get(key)
        if item is not None and not isinstance(item, bool):
            raise _Refuse(f"{what}: parameter '{key}' must be true, false or null")
    if kind is RuleKind.REVIEW_LANE:
        _enum_value(ReviewPolicy, value.get("policy"), f"{what} parameter 'policy'")
    for low, high in (("tpp_min", "tpp_below"), ("pd_min", "pd_below")):
        if value.get(low) is not None and value.get(high) is not None and value[low] >= value[high]:
            raise _Refuse(f"{what}: '{low}' must be below '{high}'")
    names_parts = (
        value.get("accelerator_ids") or value.get("accelerator_id_prefixes") or value.get("makers")
    )
    if kind in (RuleKind.COMPANY_SPECIFIC, RuleKind.RISK_FLAG) and not names_parts:
        raise _Refuse(
            f"{what}: name the parts it covers (accelerator_ids, accelerator_id_prefixes or makers)"
        )
    return dict(value)


def _country_groups(value: Any) -> tuple[CountryGroups, ...]:
    if not isinstance(value, list) or not value:
        raise _Refuse("'country_groups' must be a non-empty list of dated tables")
    tables = []
    for index, item in enumerate(value):
        what = f"country-group table #{index + 1}"
        if not isinstance(item, dict):
            raise _Refuse(f"{what} must be an object")
        version = _text(item, "version", what)
        what = f"country-group table '{version}'"
        start = _date(item.get("effective_from"), f"{what} effective_from")
        end = _date(item.get("effective_to"), f"{what} effective_to")
        if start and end and end < start:
            raise _Refuse(f"{what}: effective_to is before effective_from")
        groups = item.get("groups")
        if not isinstance(groups, dict) or not groups:
            raise _Refuse(f"{what}: 'groups' must map group names to country lists")
        members = {
            str(name): _countries(codes, f"{what} group {name}") for name, codes in groups.items()
        }
        aliases = item.get("aliases") or {}
        if not isinstance(aliases, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and _COUNTRY.match(k) and _COUNTRY.match(v)
            for k, v in aliases.items()
        ):
            raise _Refuse(f"{what}: 'aliases' must map country codes to country codes")
        notes = item.get("notes") or {}
        if not isinstance(notes, dict):
            raise _Refuse(f"{what}: 'notes' must be an object")
        tables.append(
            CountryGroups(
                version=version,
                effective_from=start,
                effective_to=end,
                members=members,
                source=_source(item.get("source"), what),
                aliases=dict(aliases),
                notes={str(k): str(v) for k, v in notes.items()},
            )
        )
    return tuple(tables)


def _rule(item: Any, index: int, known_groups: set[str]) -> Rule:
    if not isinstance(item, dict):
        raise _Refuse(f"rule #{index + 1} must be an object")
    rule_id = item.get("id")
    if not isinstance(rule_id, str) or not rule_id.strip():
        raise _Refuse(f"rule #{index + 1}: 'id' is missing")
    what = f"rule '{rule_id}'"
    kind = _enum_value(RuleKind, item.get("kind"), f"{what} kind")
    status = _enum_value(RuleStatus, item.get("status"), f"{what} status")
    start = _date(item.get("effective_from"), f"{what} effective_from")
    end = _date(item.get("effective_to"), f"{what} effective_to")
    if start and end and end < start:
        raise _Refuse(f"{what}: effective_to {end} is before effective_from {start}")
    selectors = {
        key: _selector(item[key], f"{what} {key}", known_groups)
        for key in _SELECTOR_KEYS
        if item.get(key) is not None
    }
    for key in _REQUIRED_SELECTORS.get(kind, ()):
        if key not in selectors:
            raise _Refuse(f"{what}: '{key}' is required for a {kind.value} rule")
    review = _review(item.get("review"), what, known_groups)
    if kind in _NEEDS_REVIEW and not review:
        raise _Refuse(f"{what}: 'review' (the review policy) is required for a {kind.value} rule")
    return Rule(
        id=rule_id,
        title=_text(item, "title", what),
        kind=kind,
        status=status,
        effective_from=start,
        effective_to=end,
        summary=_text(item, "summary", what),
        source=_source(item.get("source"), what),
        params=_params(kind, item.get("parameters"), what),
        selectors=selectors,
        review=review,
    )


def parse_ruleset(data: Any, origin: str) -> RuleSet:
    """Schema-check a parsed rules document and build the rule set.

    Raises:
        InputRefused: naming ``origin`` and the rule at fault.
    """
    try:
        if not isinstance(data, dict):
            raise _Refuse("the file must hold one JSON object")
        schema = data.get("schema")
        if schema != SCHEMA_VERSION:
            raise _Refuse(
                f"'schema' is {schema!r}; this version of the app reads schema {SCHEMA_VERSION}"
            )
        tables = _country_groups(data.get("country_groups"))
        known = {name for table in tables for name in table.members}
        raw_rules = data.get("rules")
        if not isinstance(raw_rules, list) or not raw_rules:
            raise _Refuse("'rules' must be a non-empty list")
        rules = [_rule(item, index, known) for index, item in enumerate(raw_rules)]
        seen: set[str] = set()
        for rule in rules:
            if rule.id in seen:
                raise _Refuse(f"rule '{rule.id}' appears twice")
            seen.add(rule.id)
        as_of = _date(data.get("as_of"), "'as_of'", nullable=False)
        assert as_of is not None
        ruleset = RuleSet(
            jurisdiction=_text(data, "jurisdiction", "file"),
            title=_text(data, "title", "file"),
            version=_text(data, "version", "file"),
            as_of=as_of,
            rules=tuple(rules),
            country_groups=tables,
            disclaimer=_text(data, "disclaimer", "file"),
            posture_notice=_text(data, "posture_notice", "file", required=False),
            origin=origin,
        )
    except _Refuse as exc:
        raise InputRefused(f"Rules file {origin}: {exc}; nothing was loaded.") from None
    return ruleset


def read_rules_file(path: Path) -> RuleSet:
    """Read and schema-check a rules file on disk.

    Raises:
        InputRefused: the file is missing, too large, not JSON, or fails the schema check.
    """
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise InputRefused(f"Rules file {path} cannot be read: {exc.strerror or exc}.") from None
    if size > MAX_RULES_BYTES:
        raise InputRefused(
            f"Rules file {path} is {size:,} bytes; "
            f"rules files above {MAX_RULES_BYTES:,} bytes are refused."
        )
    try:
        text = path.read_text(encoding="utf-8-sig")
        data = json.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputRefused(f"Rules file {path} cannot be read as UTF-8 text: {exc}.") from None
    except json.JSONDecodeError as exc:
        raise InputRefused(
            f"Rules file {path} is not valid JSON "
            f"(line {exc.lineno}, column {exc.colno}: {exc.msg})."
        ) from None
    return parse_ruleset(data, str(path))


def shipped_rules(name: str = SHIPPED_US) -> RuleSet:
    """The rules file shipped with the app (``resources/rules/<name>``)."""
    data = json.loads(resources_access.read_text("rules", name))
    return parse_ruleset(data, f"shipped {name}")


def user_rules_dir() -> Path:
    """The folder where a user may drop a newer rules file."""
    return app_paths().data_dir / "rules"


def _newer(candidate: RuleSet, shipped: RuleSet) -> bool:
    return (candidate.as_of, _version_key(candidate.version)) > (
        shipped.as_of,
        _version_key(shipped.version),
    )


def _version_key(version: str) -> tuple[int | str, ...]:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"[.\-]", version))


def load_rules(path: str | Path | None = None, name: str = SHIPPED_US) -> RuleSet:
    """The rules to apply: ``path`` if given, else the user's newer file, else the shipped one.

    A user file in :func:`user_rules_dir` is used only when it is newer (``as_of``, then
    version) than the shipped file, so an app update is never shadowed by a stale copy.

    Raises:
        InputRefused: the chosen file fails to load or the schema check.
    """
    if path is not None:
        return read_rules_file(Path(path))
    shipped = shipped_rules(name)
    candidate = user_rules_dir() / name
    if candidate.is_file():
        user = read_rules_file(candidate)
        if _newer(user, shipped):
            return user
    return shipped


def describe_rules(rules: RuleSet) -> str:
    """One line naming the rules used: title, version, date and file."""
    return f"{rules.label} — {rules.origin}"


def rule_lines(rules: RuleSet, ids: Sequence[str]) -> list[str]:
    """The citation of each rule id, for reports (unknown ids are skipped)."""
    out = []
    for rule_id in ids:
        rule = rules.get(rule_id)
        if rule is not None:
            out.append(rule.reference)
    return out


def shipped_screening_list() -> ScreeningList:
    """The shipped synthetic screening list (fictional entities only, for tests and the demo).

    It has the columns of the US Consolidated Screening List CSV; it is not a real list and
    screening against it says nothing about real parties.
    """
    text = resources_access.read_text("rules", "screening", SYNTHETIC_LIST)
    screening_list, _ = parse_list_text(
        text,
        source_file=f"shipped {SYNTHETIC_LIST}",
        list_name=SYNTHETIC_LIST_NAME,
        list_date=SYNTHETIC_LIST_DATE,
    )
    return screening_list
