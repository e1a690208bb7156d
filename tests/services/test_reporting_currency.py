"""An evaluation's reporting currency: the analysis, the pack and the workbook show every
figure in it, at the rate on the decision date, and the ranking does not move."""

from __future__ import annotations

import io
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from computescore.domain.quotes import FxRate
from computescore.errors import InputRefused
from computescore.reports.excel import render_xlsx
from computescore.reports.pdf import render_pdf
from computescore.services import records
from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.demo import create_demo
from computescore.services.evaluate import EvaluateOptions
from computescore.services.rates import set_rate
from computescore.store.repository import Store

FAST = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=0))


def _ranking(analysis: object) -> list[tuple[str, float]]:
    card = analysis.result.scorecard  # type: ignore[attr-defined]
    return [(s.label, round(s.weighted_total, 9)) for s in card.ranked]


def test_a_eur_evaluation_is_shown_in_euros_and_ranks_as_in_dollars(db_path: Path) -> None:
    with Store.open(db_path) as store:
        create_demo(store)
        in_usd = analyse(store, None, FAST)
        # The demo's EUR rate converts EUR quotes to dollars; a rate dated after the
        # decision date is not used to report.
        later = in_usd.data.evaluation.decision_date + timedelta(days=1)
        set_rate(store, FxRate("EUR", Decimal("2"), later, "after the decision"))
        _new, changes = records.edit_evaluation(store, None, {"reporting_currency": "eur"})
        assert [c.field for c in changes] == ["reporting_currency"]
        in_eur = analyse(store, None, FAST)

    assert in_eur.presentation.currency == "EUR" and in_eur.presentation.usd_per_unit == 1.085
    # Only how money is written changes: the same quotes, the same scores, the same order.
    assert _ranking(in_eur) == _ranking(in_usd)
    leader = in_eur.pack.tco[0]
    assert leader.total_usd == in_usd.pack.tco[0].total_usd
    # The leader is priced in euros: its cost moves with the rate when shown in dollars,
    # and its euro price does not when shown in euros.
    assert any("priced in EUR; its cost in USD moves" in r for r in in_usd.pack.risks)
    assert not any("priced in EUR" in r for r in in_eur.pack.risks)

    # The workbook's totals are the dollar totals divided by 1.085, in a euro format.
    book = load_workbook(io.BytesIO(render_xlsx(in_eur.pack)))
    tco = book["TCO"]
    headers = [c.value for c in tco[4]]
    assert "Total as issued (EUR)" in headers and not any("USD" in str(h) for h in headers)
    column = headers.index("Total as issued (EUR)") + 1
    cell = tco.cell(row=5, column=column)
    assert cell.value == pytest.approx(leader.total_usd / 1.085)
    assert cell.number_format.startswith('"€"')
    notes = " ".join(
        str(c.value) for row in book["Assumptions"].iter_rows() for c in row if c.value
    )
    assert "Figures are shown in EUR, converted from US dollars at 1.085 USD per EUR" in notes

    # The pack says so, and its money is in euros: the leader's total appears as €….
    text = "\n".join(
        page.extract_text() or "" for page in PdfReader(io.BytesIO(render_pdf(in_eur.pack))).pages
    )
    assert "Figures are shown in EUR" in text
    assert f"€{leader.total_usd / 1.085:,.0f}" in text
    assert f"${leader.total_usd:,.0f}" not in text


def test_a_reporting_currency_without_a_rate_stays_in_dollars_with_a_warning(
    db_path: Path,
) -> None:
    with Store.open(db_path) as store:
        create_demo(store)
        records.edit_evaluation(store, None, {"reporting_currency": "CHF"})
        analysis = analyse(store, None, FAST)
        with pytest.raises(InputRefused, match="three-letter ISO currency code"):
            records.edit_evaluation(store, None, {"reporting_currency": "pounds"})
    assert analysis.presentation.currency == "USD"
    warnings = [p.message for p in analysis.problems if p.source == "evaluation:reporting currency"]
    assert len(warnings) == 1 and "no CHF rate on or before" in warnings[0]
    assert "computescore fx set CHF" in warnings[0]
    text = "\n".join(
        page.extract_text() or "" for page in PdfReader(io.BytesIO(render_pdf(analysis.pack))).pages
    )
    assert "Figures are shown in US dollars: there is no CHF rate" in text
