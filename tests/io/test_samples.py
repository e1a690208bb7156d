"""Every sample in samples/ imports with exactly the values in samples/expected/*.json."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from computescore.domain.catalog import Catalogue
from computescore.domain.compliance import region_countries
from computescore.domain.money import usd_per_gpu_hour
from computescore.domain.problems import Severity
from computescore.domain.quotes import FxRate, LineKind, QuoteLine
from computescore.io.reader import QuoteDraft, read_quote_file

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
EXPECTED = sorted((SAMPLES / "expected").glob("*.json"))
LINE_FIELDS = (
    "kind",
    "category",
    "description",
    "accelerator",
    "accelerators_per_node",
    "nodes",
    "accelerator_count",
    "quantity",
    "deployment",
    "term_months",
    "price",
    "price_unit",
    "currency",
    "region",
    "country",
    "source",
)


def vendor_of(file_name: str) -> str:
    vendors = json.loads((SAMPLES / "vendors.json").read_text(encoding="utf-8"))["vendors"]
    return str(next(v["name"] for v in vendors if file_name in v["files"]))


def plain(value: Any) -> Any:
    return getattr(value, "value", value)


def fx_rates(expected: dict[str, Any]) -> tuple[list[FxRate], date]:
    rates = [
        FxRate(code, Decimal(rate["usd_per_unit"]), date.fromisoformat(rate["as_of"]))
        for code, rate in expected.get("fx_used", {}).items()
    ]
    day = max((rate.as_of for rate in rates), default=date(2026, 11, 22))
    return rates, day


@pytest.fixture(scope="module")
def drafts(catalogue: Catalogue) -> dict[str, Any]:
    return {
        path.name: read_quote_file(SAMPLES / path.stem, catalogue, vendor=vendor_of(path.stem))
        for path in EXPECTED
    }


def test_every_sample_has_an_expected_result() -> None:
    samples = {p.name for p in SAMPLES.iterdir() if p.suffix in (".xlsx", ".csv")}
    assert samples == {p.stem for p in EXPECTED}


@pytest.mark.parametrize("expected_path", EXPECTED, ids=lambda p: p.stem)
def test_sample_lines(expected_path: Path, drafts: dict[str, Any]) -> None:
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    draft = drafts[expected_path.name]
    rates, day = fx_rates(expected)
    assert len(draft.quotes) == len(expected["quotes"])
    for quote, wanted in zip(draft.quotes, expected["quotes"], strict=True):
        assert quote.vendor == wanted["vendor"]
        assert quote.quote_ref == wanted["quote_ref"]
        assert str(quote.quote_date) == wanted["quote_date"]
        assert str(quote.valid_until) == wanted["valid_until"]
        assert quote.errors == ()
        got = {(line.source, line.price_unit.value): line for line in quote.lines}
        want = {(line["source"], line["price_unit"]): line for line in wanted["lines"]}
        assert sorted(got) == sorted(want)
        for key, line in want.items():
            check_line(got[key], line, rates, day)
        not_lines = {item["source"] for item in wanted["not_lines"]}
        assert not not_lines & {line.source for line in quote.lines}


def check_line(line: QuoteLine, wanted: dict[str, Any], rates: list[FxRate], day: date) -> None:
    for name in LINE_FIELDS:
        value, target = plain(getattr(line, name)), wanted[name]
        if name in ("price", "quantity") and target is not None:
            assert value == Decimal(target), (line.source, name)
        else:
            assert value == target, (line.source, name)
    assert line.source == wanted["source"]
    converted = usd_per_gpu_hour(line, day, rates)
    if wanted["usd_per_gpu_hour"] is None:
        assert converted is None, line.source
    else:
        assert converted == pytest.approx(wanted["usd_per_gpu_hour"], abs=1e-4), line.source


@pytest.mark.parametrize("expected_path", EXPECTED, ids=lambda p: p.stem)
def test_sample_terms(expected_path: Path, drafts: dict[str, Any]) -> None:
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    draft = drafts[expected_path.name]
    rates, _ = fx_rates(expected)
    for quote, wanted in zip(draft.quotes, expected["quotes"], strict=True):
        check_terms(quote, wanted["terms"], rates)


def check_terms(quote: QuoteDraft, terms: dict[str, Any], rates: list[FxRate]) -> None:
    sla, support, reliability = terms["sla"], terms["support"], terms["reliability"]
    performance, exit_terms = terms["performance"], terms["exit"]
    assert quote.sla.uptime_pct == sla["uptime_pct"]
    assert [(c.below_uptime_pct, c.credit_pct) for c in quote.sla.credits] == [
        (c["below_uptime_pct"], c["credit_pct"]) for c in sla["credits"]
    ]
    assert {str(k): v for k, v in quote.support.response_minutes.items()} == (
        support["response_minutes"]
    )
    assert quote.support.expert_hours_per_month == support["expert_hours_per_month"]
    assert (quote.support.coverage or None) == support["coverage"]
    if reliability["annual_failure_rate"] is None:
        assert quote.reliability.annual_failure_rate is None
    else:
        assert quote.reliability.annual_failure_rate == pytest.approx(
            reliability["annual_failure_rate"]
        )
    assert quote.reliability.mttr_hours == reliability["mttr_hours"]
    assert quote.performance.mfu == performance["mfu"]
    assert quote.performance.tokens_per_second == performance["tokens_per_second"]
    measured_on = quote.performance.measured_on
    assert (None if measured_on is None else measured_on.isoformat()) == (
        performance["measured_on"]
    )
    assert bool(quote.performance.method) == (performance["method"] is not None)
    assert quote.exit_terms.notice_days == exit_terms["notice_days"]
    assert quote.exit_terms.termination_fee_pct == exit_terms["termination_fee_pct"]
    assert quote.exit_terms.data_return == exit_terms["data_return"]
    assert quote.exit_terms.data_deletion == exit_terms["data_deletion"]
    assert quote.exit_terms.auto_renewal == exit_terms["auto_renewal"]
    if exit_terms["egress_price_per_gb"] is None:
        assert quote.egress is None
    else:
        assert quote.egress is not None
        assert quote.egress.amount == Decimal(exit_terms["egress_price_per_gb"])
        assert quote.egress.currency == exit_terms["egress_currency"]
        rate = next(
            (r.usd_per_unit for r in rates if r.currency == quote.egress.currency), Decimal(1)
        )
        usd = (quote.egress.amount * rate).quantize(Decimal("0.0001"))
        assert usd == Decimal(exit_terms["egress_usd_per_gb"]).quantize(Decimal("0.0001"))
        if quote.egress.currency == "USD":
            assert quote.exit_terms.egress_usd_per_gb == quote.egress.amount
    assert list(quote.certifications) == terms["certifications"]


@pytest.mark.parametrize("expected_path", EXPECTED, ids=lambda p: p.stem)
def test_sample_imports_without_errors_and_explains_what_it_left_out(
    expected_path: Path, drafts: dict[str, Any]
) -> None:
    draft = drafts[expected_path.name]
    assert not [p for p in draft.all_problems if p.severity is Severity.ERROR]
    for problem in draft.all_problems:
        assert problem.source.startswith(expected_path.stem)


def compute_countries(drafts: dict[str, Any]) -> dict[str, set[str | None]]:
    """The countries each vendor's imported compute lines run in, by vendor name."""
    found: dict[str, set[str | None]] = {}
    for draft in drafts.values():
        for quote in draft.quotes:
            for line in quote.lines:
                if line.kind is LineKind.COMPUTE:
                    found.setdefault(quote.vendor, set()).add(line.country)
    return found


def test_sample_regions_suit_a_buyer_in_the_eu(drafts: dict[str, Any]) -> None:
    # The demo buyer is in Germany and its inference data must stay in the EU. The clouds
    # quote EU regions (Stratus: Frankfurt; Brightline: Stockholm and Amsterdam); Meridian
    # quotes only the US and Qingyun only China, the demo's residency and export contrasts.
    eu = region_countries("EU")
    assert eu is not None
    countries = compute_countries(drafts)
    assert countries["Stratus Cloud, Inc."] == {"DE"}
    assert countries["Brightline GPU Cloud, Inc."] == {"SE", "NL"}
    assert countries["Meridian Compute LLC"] == {"US"}
    assert countries["Qingyun Zhisuan Technology Co., Ltd."] == {"CN"}
    outside = {
        vendor
        for vendor, places in countries.items()
        if any(place is not None and place not in eu for place in places)
    }
    assert outside == {"Meridian Compute LLC", "Qingyun Zhisuan Technology Co., Ltd."}
