"""Token-API offers imported as quotes: compared per million tokens, checked, never ranked."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from computescore.domain.quotes import VendorKind
from computescore.domain.scoring import TOKEN_API_REASON
from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.assumption_edits import set_assumptions
from computescore.services.demo import create_demo
from computescore.services.evaluate import EvaluateOptions
from computescore.services.importing import import_files
from computescore.services.reporting import export_reports
from computescore.store.repository import Store

FAST = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))


def offer(path: Path, country: str, currency: str, input_price: str, output_price: str) -> Path:
    path.write_text(
        "Item,Unit,Price,Currency,Country\n"
        f"Llama 3.1 70B input tokens,per 1M input tokens,{input_price},{currency},{country}\n"
        f"Llama 3.1 70B output tokens,per 1M output tokens,{output_price},{currency},{country}\n",
        encoding="utf-8",
    )
    return path


def test_token_api_offers_are_compared_and_checked_but_change_no_ranking(
    db_target: Path | str, tmp_path: Path
) -> None:
    with Store.open(db_target) as store:
        create_demo(store)
        set_assumptions(store, {"discount_rate": 0.0})  # the figures are worked undiscounted
        before = analyse(store, None, FAST)
        eu = offer(tmp_path / "eu.csv", "DE", "EUR", "0.10", "0.30")
        us = offer(tmp_path / "us.csv", "US", "USD", "0.05", "0.15")
        report = import_files(store, [eu], vendor="Hosted EU")
        assert any("recorded as token api" in p.message for p in report.problems)
        import_files(store, [us], vendor="Hosted US", vendor_kind=VendorKind.TOKEN_API)
        after = analyse(store, None, FAST)

        # An offer that sells tokens wins nothing: the ranking and its scores are unchanged.
        def ranking(analysis: object) -> list[tuple[str, float]]:
            card = analysis.result.scorecard  # type: ignore[attr-defined]
            return [(s.label, round(s.weighted_total, 9)) for s in card.ranked]

        assert ranking(after) == ranking(before)
        supporting = {s.label: s for s in after.result.scorecard.supporting}
        eu_offer, us_offer = supporting["Hosted EU — eu"], supporting["Hosted US — us"]
        assert eu_offer.reason == us_offer.reason == TOKEN_API_REASON
        assert not eu_offer.combine_with
        # The first workload keeps confidential data in the EU: the US API is knocked out.
        assert not eu_offer.disqualified and us_offer.disqualified

        api = after.pack.api
        assert api is not None
        # No API is stated, so the yardstick is the cheapest qualified offer: the EU one,
        # at EUR 0.15 blended (0.75 × 0.10 + 0.25 × 0.30) × the demo's 1.0850 USD/EUR. The
        # US one is cheaper still, but knocked out; the demo's own offer comes between.
        assert api.api == "Hosted EU — eu"
        assert api.blended_usd == pytest.approx(0.15 * 1.085)
        labels = [row[0] for row in api.offers]
        assert labels == ["Hosted EU — eu", "Lumen Inférence SAS — LI-2026-0412", "Hosted US — us"]
        eu_row, _lumen, us_row = api.offers
        # 2e9 tokens a day over the 36-month horizon (1,095 days) at USD 0.16275 per million.
        assert eu_row[1] == pytest.approx(2e9 * 1095 / 1e6 * 0.15 * 1.085)
        assert eu_row[3] == "qualified" and "US" in us_row[3]
        assert us_row[2] == pytest.approx(0.05 * 0.75 + 0.15 * 0.25)
        for _label, per_hour, tokens, _per_million, even, _verdict in api.rows:
            assert even == pytest.approx(per_hour / (tokens * 3600 / 1e6 * 0.15 * 1.085))
        export_reports(after.pack, pdf=tmp_path / "pack.pdf")
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "pack.pdf").pages)
    assert "Token-API offers" in text and "Hosted EU" in text
    assert "the cheapest qualified token-API" in text
