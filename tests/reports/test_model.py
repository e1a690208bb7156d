"""The frozen board-pack record: fingerprint, leader, open findings."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.reports.model import (
    AXES,
    AxisScore,
    BoardPack,
    PackMeta,
    Ranking,
    RankingRow,
    canonical_json,
    fingerprint,
)
from tests.fixtures.sample_pack import sample_pack

META = PackMeta("Pool", date(2026, 10, 15), "Team", "Confidential", date(2026, 9, 1))


def _row(key: str, total: float, rank: int | None, ko: tuple[str, ...] = ()) -> RankingRow:
    return RankingRow(key, key, "Q1", tuple(AxisScore(a, total) for a in AXES), total, rank, ko)


def test_fingerprint_ignores_the_render_date_but_not_the_data() -> None:
    pack = sample_pack(4, 3)
    later = replace(pack, meta=replace(pack.meta, generated_on=date(2030, 1, 1)))
    assert fingerprint(pack) == fingerprint(later)
    changed = replace(pack, recommendation=pack.recommendation + " ")
    assert fingerprint(pack) != fingerprint(changed)
    assert len(fingerprint(pack)) == 64


def test_canonical_json_is_stable_and_sorted() -> None:
    pack = BoardPack(META, recommendation="Buy 数据")
    text = canonical_json(pack)
    assert '"recommendation":"Buy 数据"' in text
    assert "generated_on" not in text
    assert canonical_json(pack) == text


def test_leader_and_runner_up_skip_knocked_out_quotes() -> None:
    ranking = Ranking(
        weights=tuple((a, 0.2) for a in AXES),
        rows=(_row("B", 70.0, 2), _row("A", 80.0, 1), _row("K", 95.0, None, ("restricted",))),
    )
    assert ranking.leader is not None and ranking.leader.quote_key == "A"
    assert ranking.runner_up is not None and ranking.runner_up.quote_key == "B"
    assert ranking.rows[2].knocked_out


def test_open_findings_lists_knockouts_then_warnings_only() -> None:
    def finding(severity: FindingSeverity, title: str) -> Finding:
        return Finding("A", severity, FindingCategory.OTHER, title, "", "rule")

    pack = BoardPack(
        META,
        findings=(
            finding(FindingSeverity.INFO, "i"),
            finding(FindingSeverity.WARNING, "w"),
            finding(FindingSeverity.KNOCKOUT, "k"),
        ),
    )
    assert [f.title for f in pack.open_findings()] == ["k", "w"]
    assert BoardPack(META).open_findings() == ()


def test_sample_pack_is_internally_consistent() -> None:
    pack = sample_pack(8, 5)
    assert pack.ranking is not None
    for row in pack.ranking.rows:
        expected = sum(w * row.score(a) for a, w in pack.ranking.weights)
        assert abs(row.weighted_total - expected) < 1e-9
    for item in pack.tco:
        assert abs(item.total_usd - sum(line.amount_usd for line in item.lines)) < 1e-6
    assert len(pack.lines) == 8 * 5
