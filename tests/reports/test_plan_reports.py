"""The award plan in the board pack: the PDF's summary and the workbook's Plan sheet.

The pack is the demo evaluation's, analysed from a real SQLite file; the PDF is read
back with pypdf and the workbook's formulas are evaluated and moved like a user would.
"""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook

from computescore.reports.excel import render_xlsx
from computescore.reports.model import BoardPack
from computescore.reports.pdf import render_pdf
from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.demo import create_demo
from computescore.services.evaluate import EvaluateOptions
from computescore.services.workspace import open_store
from tests.reports.conftest import pdf_text, squash
from tests.reports.formula_eval import FormulaEvaluator


@pytest.fixture(scope="module")
def demo_pack(tmp_path_factory: pytest.TempPathFactory) -> BoardPack:
    path: Path = tmp_path_factory.mktemp("plan-pack") / "demo.computescore"
    with open_store(path) as store:
        create_demo(store)
        options = AnalysisOptions(
            engine=EvaluateOptions(monte_carlo_samples=200),
            generated_on=date(2026, 12, 1),
            plan=True,
        )
        return analyse(store, None, options).pack


def test_the_pack_carries_the_plan_for_every_workload(demo_pack: BoardPack) -> None:
    plan = demo_pack.plan
    assert plan is not None
    assert plan.sentence.startswith("Supply all 3 workloads under “Lowest cost, compliant”")
    assert {row.workload for row in plan.rows} == {
        "Production inference (13B chat model)",
        "Quarterly fine-tuning (70B)",
        "Research sandbox",
    }
    assert sum(row.usd for row in plan.rows) == pytest.approx(plan.total_usd)
    for row in plan.rows:
        assert row.usd == pytest.approx(row.accelerators * row.unit_usd + row.fixed_usd)
    assert [s.recommended for s in plan.scenarios].count(True) == 1


def test_pdf_summary_recommends_the_plan(demo_pack: BoardPack) -> None:
    text = pdf_text(render_pdf(demo_pack))
    assert "The award plan for every workload" in text
    assert "Supply all 3 workloads under" in text
    # The ranking of one workload is not a second award: it says what it is.
    assert "Award the capacity to" not in text
    assert "alone; the award is the plan for every workload." in text
    assert "Total cost of the ranking's leader" in text
    assert "Total cost of the recommended option" not in text
    assert "No vendor above 60 %" in text
    assert "Demand is counted in H100-equivalents of useful work" in text
    # The plan's own risks are on the page; the ranking's are its leader's, and say so.
    assert demo_pack.plan is not None and demo_pack.plan.risks
    assert "Risks the plan carries" in text
    assert squash(demo_pack.plan.risks[0]) in text
    assert "Top risks of the ranking's leader" in text
    # The token-API scenario costs less than the recommendation: the page says why it is
    # not the recommendation.
    cheaper = [r for r in demo_pack.plan.scenarios if r.delta_usd is not None and r.delta_usd < 0]
    assert cheaper and all("whose own model serves them" in r.text for r in cheaper)
    assert all(squash(r.text) in text for r in cheaper)


def test_workbook_summary_leads_with_the_plan(demo_pack: BoardPack) -> None:
    assert demo_pack.plan is not None
    wb = load_workbook(io.BytesIO(render_xlsx(demo_pack)))
    texts = [c.value for row in wb["Summary"].iter_rows() for c in row if c.value]
    assert demo_pack.plan.sentence in texts
    assert f"The ranking: {demo_pack.ranking_sentence}" in texts
    assert not any(str(t).startswith("Award the capacity to") for t in texts)
    assert any(str(t).startswith("Total cost of the ranking's leader") for t in texts)
    # Every risk the plan carries is on its sheet.
    plan_texts = {c.value for row in wb["Plan"].iter_rows() for c in row if c.value}
    assert "Risks the plan carries" in plan_texts
    assert set(demo_pack.plan.risks) <= plan_texts


def test_workbook_plan_sheet_has_live_totals(demo_pack: BoardPack) -> None:
    plan = demo_pack.plan
    assert plan is not None
    wb = load_workbook(io.BytesIO(render_xlsx(demo_pack)))
    assert "Plan" in wb.sheetnames
    ws = wb["Plan"]
    first = 6
    last = first + len(plan.rows) - 1
    total = last + 1
    assert ws.cell(total, 10).value == f"=SUM(J{first}:J{last})"
    ev = FormulaEvaluator(wb)
    assert ev.value("Plan", f"J{total}") == pytest.approx(plan.total_usd)
    # Vendor spend and shares are formulas over the table; the shares add up to one.
    vendors = {row.vendor for row in plan.rows}
    start = total + 4
    shares = [ev.value("Plan", f"D{r}") for r in range(start, start + len(vendors))]
    assert sum(shares) == pytest.approx(1.0)
    # A price typed in moves the plan's total: 10 more accelerators' worth on row 1.
    price = ws.cell(first, 8).value
    ev.set("Plan", f"F{first}", ws.cell(first, 6).value + 10)
    assert ev.value("Plan", f"J{total}") == pytest.approx(plan.total_usd + 10 * price)
    assert ev.value("Plan", f"C{start}") == pytest.approx(
        sum(r.usd for r in plan.rows if r.vendor == plan.rows[0].vendor) + 10 * price
    )


def test_the_pack_says_which_measurements_the_scored_workload_used(demo_pack: BoardPack) -> None:
    """The pack is scored for the inference workload: PoolGrid's 1,850.5 tokens/s per L40S
    is above what an L40S can generate at its 8,192 tokens of context, and Brightline's MFU
    was measured on pre-training; neither is listed as measured on the buyer's workload."""
    method = demo_pack.methodology
    assert not any("PoolGrid" in line for line in method.measured)
    assert not any("Brightline" in line for line in method.measured)
    (poolgrid,) = [line for line in method.assumed if "PoolGrid" in line]
    assert "its measured 1,850 tokens/s (Llama 3.1 8B, vLLM, 1 × L40S, batch 32)" in poolgrid
    assert "is set aside for this workload" in poolgrid
    # An unmeasured serving quote is rated by its decode step, not by peak × MFU, and its
    # prompt tokens at peak × MFU.
    (stratus,) = [line for line in method.assumed if line.startswith("Stratus")]
    assert stratus.endswith(
        "rated by the decode step's memory-bandwidth bound at the workload's context and "
        "batch, the prompt tokens at peak × MFU"
    )
