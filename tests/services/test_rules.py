"""Loading and schema-checking rules files: shipped, user-supplied, and broken ones."""

from __future__ import annotations

import copy
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from computescore import resources_access
from computescore.domain.export_control import RuleKind, RuleStatus
from computescore.errors import InputRefused
from computescore.services.rules import (
    load_rules,
    parse_ruleset,
    read_rules_file,
    shipped_rules,
    user_rules_dir,
)


@pytest.fixture
def shipped_data() -> dict[str, Any]:
    data = json.loads(resources_access.read_text("rules", "us-ear.json"))
    assert isinstance(data, dict)
    return data


def _rule(data: dict[str, Any], rule_id: str) -> dict[str, Any]:
    return next(r for r in data["rules"] if r["id"] == rule_id)


def test_shipped_rules_load_with_version_date_and_every_rule_sourced() -> None:
    rules = shipped_rules()
    assert rules.jurisdiction == "US"
    assert rules.as_of == date(2026, 7, 23)
    assert rules.origin == "shipped us-ear.json"
    assert "version 2026.11.2 (as of 2026-07-23)" in rules.label
    for rule in rules.rules:
        assert rule.source.document, rule.id
        assert rule.summary, rule.id
    kinds = {r.kind for r in rules.rules}
    assert {RuleKind.CLASSIFICATION, RuleKind.LICENCE_DESTINATION, RuleKind.REVIEW_LANE} <= kinds
    diffusion = rules.get("us.rs.3A090a.worldwide.v2025")
    assert diffusion is not None and diffusion.status is RuleStatus.NOT_ENFORCED
    assert diffusion.effective_from == date(2025, 1, 13)


def test_shipped_country_groups() -> None:
    groups = shipped_rules().groups_on(date(2026, 1, 1))
    assert groups.canonical("hk") == "CN"  # Hong Kong counted with China
    assert "MO" not in groups.members["D:5"]  # Macau is named separately
    assert len(groups.members["D:5"]) == 22
    assert groups.groups_of("AE") == ("A:5",)
    assert groups.groups_of("HK") == ("D:1", "D:4", "D:5")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: _rule(d, "us.3A090.a.1.v2023").update(status="rumoured"),
            "rule 'us.3A090.a.1.v2023' status is 'rumoured'; expected one of codified",
        ),
        (
            lambda d: _rule(d, "us.rs.3A090.v2023")["destinations"].update(groups=["D:9"]),
            "rule 'us.rs.3A090.v2023' destinations.groups: unknown country group D:9",
        ),
        (
            lambda d: _rule(d, "us.lane.cn.v2026").update(effective_to="2025-01-01"),
            "rule 'us.lane.cn.v2026': effective_to 2025-01-01 is before effective_from 2026-01-15",
        ),
        (
            lambda d: _rule(d, "us.lane.cn.v2026").update(effective_from="15/01/2026"),
            "rule 'us.lane.cn.v2026' effective_from must be a date written YYYY-MM-DD",
        ),
        (
            lambda d: _rule(d, "us.3A090.a.2.v2023")["parameters"].update(pd_min="5.92"),
            "rule 'us.3A090.a.2.v2023': parameter 'pd_min' must be a number",
        ),
        (
            lambda d: _rule(d, "us.hq.d5mo.v2023").pop("review"),
            "rule 'us.hq.d5mo.v2023': 'review' (the review policy) is required",
        ),
        (
            lambda d: _rule(d, "us.rs.3A090.v2023")["destinations"].update(countries=["China"]),
            "'China' is not a two-letter ISO country code",
        ),
        (
            lambda d: d["rules"].append(copy.deepcopy(d["rules"][0])),
            "rule 'us.3A090.none.pre2022' appears twice",
        ),
        (lambda d: d.update(schema=2), "'schema' is 2; this version of the app reads schema 1"),
    ],
)
def test_schema_errors_name_the_file_and_the_rule(
    shipped_data: dict[str, Any], change: Any, message: str
) -> None:
    change(shipped_data)
    with pytest.raises(InputRefused) as caught:
        parse_ruleset(shipped_data, "my-rules.json")
    assert str(caught.value).startswith("Rules file my-rules.json: ")
    assert message in str(caught.value)
    assert str(caught.value).endswith("nothing was loaded.")


def test_broken_json_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "rules.json"
    path.write_text('{"schema": 1,\n "rules": [}', encoding="utf-8")
    with pytest.raises(InputRefused, match=r"is not valid JSON \(line 2, column"):
        read_rules_file(path)


def _write(path: Path, data: dict[str, Any]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_newer_user_file_replaces_the_shipped_one(shipped_data: dict[str, Any]) -> None:
    shipped_data["version"] = "2027.1.0"
    shipped_data["as_of"] = "2027-01-10"
    _rule(shipped_data, "us.3A090.a.1.v2023")["parameters"]["tpp_min"] = 5000
    path = _write(user_rules_dir() / "us-ear.json", shipped_data)
    rules = load_rules()
    assert rules.origin == str(path)
    assert rules.version == "2027.1.0" and rules.as_of == date(2027, 1, 10)
    rule = rules.get("us.3A090.a.1.v2023")
    assert rule is not None and rule.number("tpp_min") == 5000


def test_an_older_user_file_does_not_shadow_the_shipped_one(shipped_data: dict[str, Any]) -> None:
    shipped_data["as_of"] = "2025-01-01"
    _write(user_rules_dir() / "us-ear.json", shipped_data)
    assert load_rules().origin == "shipped us-ear.json"


def test_an_explicit_file_is_used_and_checked(tmp_path: Path, shipped_data: dict[str, Any]) -> None:
    path = _write(tmp_path / "counsel-rules.json", shipped_data)
    assert load_rules(path).origin == str(path)
    shipped_data["rules"][3]["kind"] = "magic"
    _write(path, shipped_data)
    with pytest.raises(InputRefused, match=r"counsel-rules.json: rule '.*' kind is 'magic'"):
        load_rules(path)
