"""The board pack's energy-and-carbon table, on both engines, read back from the PDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.demo import create_demo
from computescore.services.evaluate import EvaluateOptions
from computescore.services.reporting import export_reports
from computescore.store.repository import Store

FAST = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))


def test_each_chosen_option_has_its_energy_and_carbon(
    db_target: Path | str, tmp_path: Path
) -> None:
    with Store.open(db_target) as store:
        create_demo(store)
        pack = analyse(store, None, FAST).pack
        rows = {row.label: row for row in pack.energy}
        kessler = rows["Kessler Systemhaus GmbH — KS-AN-2026-0419"]
        # 16 × B200 at 1.0 kW × PUE 1.5 × 21,900 h = 525,600 kWh; in Germany × 0.381 kg/kWh
        # = 200,253.6 kg CO2e.
        assert (kessler.accelerators, kessler.power_kw, kessler.pue) == (16, 1.0, 1.5)
        assert kessler.kwh == pytest.approx(16 * 1.0 * 1.5 * 21_900)
        assert kessler.country == "DE" and not kessler.intensity_assumed
        assert kessler.kg_co2e == pytest.approx(525_600 * 0.381)
        assert kessler.kg_per_million_tokens is not None
        # Generating at the decode step's 22.91 useful TFLOP/s per B200, the prompt tokens
        # (three in four) read at fp8 4,500 × MFU 0.15 = 675 TFLOP/s: 1 ÷ (0.25 ÷ 22.91 +
        # 0.75 ÷ 675) = 83.17 TFLOP/s served, 83.17e12 ÷ (2 × 13e9) = 3,198.9 tokens/s on
        # 1,000 W of board power → 3.199 tokens/s per W, the same rate the emissions per
        # million tokens are spread over.
        assert kessler.tokens_per_watt == pytest.approx(3.199, abs=0.001)
        rate = kessler.tokens_per_watt * 1000
        tokens_m = rate * 3600 * 21_900 * 16 / 1e6
        assert kessler.kg_per_million_tokens == pytest.approx(kessler.kg_co2e / tokens_m)
        # Sweden is not in the shipped table: the world average stands in, marked.
        brightline = rows["Brightline GPU Cloud, Inc. — BGC-Q-88213"]
        assert brightline.intensity_assumed and brightline.intensity == pytest.approx(0.481)
        assert "Ember" in pack.energy_source and "2023" in pack.energy_source
        # A workspace's own figure for Sweden wins.
        with store.transaction() as uow:
            uow.set_setting("grid_intensity", {"SE": 0.041})
        again = {row.label: row for row in analyse(store, None, FAST).pack.energy}
        mine = again["Brightline GPU Cloud, Inc. — BGC-Q-88213"]
        assert mine.intensity == pytest.approx(0.041) and not mine.intensity_assumed
        export_reports(pack, pdf=tmp_path / "pack.pdf")
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "pack.pdf").pages)
    assert "Energy and carbon" in text and "200.3" in text and "SE*" in text


def test_the_pack_compares_each_quote_with_a_token_api_when_one_is_stated(
    db_target: Path | str, tmp_path: Path
) -> None:
    from computescore.domain.unit_economics import ApiPrice
    from computescore.errors import InputRefused
    from computescore.services.token_api import TokenApi, save_token_api

    with Store.open(db_target) as store:
        create_demo(store)
        demo = "Lumen Inférence SAS — LI-2026-0412"
        # Without a stated API the yardstick is the demo's token-API offer.
        offered = analyse(store, None, FAST).pack.api
        assert offered is not None and offered.api == demo
        with pytest.raises(InputRefused, match="cannot be negative"):
            save_token_api(store, TokenApi("x", ApiPrice(-1, 1)))
        # 75 % input at US$0.60 + 25 % output at US$1.80 = US$0.90 per million tokens.
        save_token_api(store, TokenApi("Hosted 13B", ApiPrice(0.6, 1.8, 0.0, 0.75, 0.25, 0.0)))
        analysis = analyse(store, None, FAST)
        api = analysis.pack.api
        assert api is not None and api.api == "Hosted 13B"
        assert api.blended_usd == pytest.approx(0.9)
        tcos = {q.label: q.tco for q in analysis.result.quotes}
        for label, per_hour, tokens, per_million, even, verdict in api.rows:
            tco = tcos[label]
            # The TCO spread over the horizon's hours; break-even = that ÷ the API's price
            # of the tokens made in an hour at full load.
            assert per_hour == pytest.approx(tco.headline_usd / (tco.horizon_months * 730))
            assert per_million == pytest.approx(per_hour / (tokens * 3600) * 1e6)
            assert even == pytest.approx(per_hour / (tokens * 3600 / 1e6 * 0.9))
            assert verdict.startswith("never" if even > 1 else "cheaper than the API")
        export_reports(analysis.pack, pdf=tmp_path / "pack.pdf")
        assert [row[0] for row in api.offers] == [demo]  # still listed
        save_token_api(store, None)
        again = analyse(store, None, FAST).pack.api
        assert again is not None and again.api == demo
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "pack.pdf").pages)
    assert "Against a token API" in text and "Hosted 13B costs $0.90 per million" in text


def test_the_pack_says_how_each_option_scales_for_training(
    db_target: Path | str, tmp_path: Path
) -> None:
    from computescore.reports.model import scaling_cells

    with Store.open(db_target) as store:
        create_demo(store)
        pack = analyse(store, None, FAST).pack  # analysed for the serving workload …
        # … yet the curves are drawn for the training workloads of the evaluation.
        assert {row.workload for row in pack.scaling} == {
            "Quarterly fine-tuning (70B)",
            "Research sandbox",
        }
        rows = {
            row.label: row for row in pack.scaling if row.workload == "Quarterly fine-tuning (70B)"
        }
        brightline = rows["Brightline GPU Cloud, Inc. — BGC-Q-88213"]
        # Spot H100 nodes, no fabric named: 70 B needs tensor 8 × pipeline 2. Measured MFU
        # 0.41 × 989.4 = 405.65 TFLOP/s: a 4,096-token step takes 6 × 70e9 × 4,096 ÷
        # 405.65e12 = 4.241 s. 128 accelerators are 8 replicas exchanging 140 ÷ 16 = 8.75 GB
        # each over Ethernet's 3.125 GB/s: 2 × 7/8 × 8.75 ÷ 3.125 = 4.9 s → 86.6 %.
        assert brightline.layout == "tensor 8 × pipeline 2" and brightline.fabric == "unknown"
        at = {p.accelerators: p for p in brightline.points}
        assert at[64].efficiency == 1.0
        assert at[128].efficiency == pytest.approx(4.2409 / 4.9, abs=1e-3)
        assert brightline.efficient == 64
        cells = scaling_cells(brightline)
        assert cells[2] == "NVIDIA H100 SXM5 80GB" and cells[5:7] == ("100% at 64", "64")
        export_reports(pack, pdf=tmp_path / "pack.pdf")
    text = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "pack.pdf").pages)
    flat = " ".join(text.split())  # the table wraps its cells
    assert "How each option scales for training" in flat and "tensor 8 × pipeline 2" in flat
