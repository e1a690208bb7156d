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
