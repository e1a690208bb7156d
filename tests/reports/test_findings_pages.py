"""The findings read as a board reads: a summary by quote, the arithmetic in an appendix,
nothing cut mid-word; the workbook's score chart marks knocked-out quotes."""

from __future__ import annotations

import io
from dataclasses import replace

from openpyxl import load_workbook

from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.reports.excel import render_xlsx
from computescore.reports.model import BoardPack
from computescore.reports.pdf import render_pdf
from tests.reports.conftest import pdf_text

LAST_STEP = "Advice only, not a legal determination: the final licence decision is the exporter's."


def _with_long_reasoning(pack: BoardPack) -> BoardPack:
    key = pack.ranking.rows[0].quote_key if pack.ranking else ""
    steps = [f"Step {n}: TPP = {n * 320:,} × 16 = {n * 5_120:,} against 4,800." for n in range(40)]
    reasoning = "\n".join(["Huawei Ascend 910B, on 2026-12-01, to CN.", *steps, LAST_STEP])
    finding = Finding(
        key,
        FindingSeverity.KNOCKOUT,
        FindingCategory.EXPORT_CONTROL,
        "Licence needed and unlikely: 3A090.a.1 to CN",
        reasoning,
        "us.rs.3A090.v2023",
        "2023-11-17",
        "codified",
        "15 CFR Part 774, Supp. No. 1",
    )
    return replace(pack, findings=(*(pack.findings or ()), finding))


def test_a_summary_by_quote_and_the_reasoning_in_full_in_the_appendix(pack: BoardPack) -> None:
    long = _with_long_reasoning(pack)
    text = pdf_text(render_pdf(long))
    assert "Summary by quote" in text and "Knock-outs and warnings" in text
    assert "(in full in the appendix)" in text
    assert "Appendix: the reasoning behind the findings" in text
    # Every step of the arithmetic is there once in full, and nothing says "(+N chars)".
    assert "Step 39: TPP = 12,480 × 16 = 199,680 against 4,800." in text
    assert " ".join(LAST_STEP.split()) in text
    assert "chars)" not in text
    # The summary comes before the detail, and the appendix after the methodology.
    assert text.index("Summary by quote") < text.index("Knock-outs and warnings")
    assert text.index("Methodology and assumptions") < text.index("Appendix: the reasoning")


def test_the_score_chart_marks_knocked_out_quotes(pack: BoardPack) -> None:
    assert pack.ranking is not None
    knocked = [i for i, row in enumerate(pack.ranking.rows) if row.knocked_out]
    assert knocked, "the sample pack has knocked-out quotes"
    book = load_workbook(io.BytesIO(render_xlsx(pack)))
    bar = next(c for c in book["Summary"]._charts if type(c).__name__ == "BarChart")
    assert sorted(point.idx for point in bar.series[0].dPt) == knocked
    assert "red: knocked out" in str(bar.title.tx.rich.p[0].r[0].t)


def test_a_long_rule_identifier_breaks_after_its_dots_and_underscores() -> None:
    from reportlab.pdfbase import pdfmetrics

    from computescore.reports.pdf.fonts import identifier_lines

    rule = "exit.termination_fee_pct"
    whole = pdfmetrics.stringWidth(rule, "CS-Sans", 6.6)
    head = pdfmetrics.stringWidth("exit.termination_", "CS-Sans", 6.6)
    # Room for "exit.termination_" but not the whole: it breaks after the underscore.
    assert identifier_lines(rule, 6.6, (head + whole) / 2) == ["exit.termination_", "fee_pct"]
    assert identifier_lines(rule, 6.6, whole + 1) == [rule]
    # A part wider than the room stays whole on its line.
    assert identifier_lines("sovereignty.location", 6.6, 5) == ["sovereignty.", "location"]
    assert identifier_lines("", 6.6, 50) == [""]


def test_the_findings_table_cuts_no_rule_identifier_mid_word(pack: BoardPack) -> None:
    finding = Finding(
        pack.ranking.rows[0].quote_key if pack.ranking else "",
        FindingSeverity.WARNING,
        FindingCategory.EXIT_TERMS,
        "Termination fee 35 % above 10 %",
        "Leaving early costs 35 % of the remaining contract value.",
        "exit.termination_fee_pct",
        None,
        None,
        "compliance thresholds: max termination fee 10 %",
    )
    text = pdf_text(render_pdf(replace(pack, findings=(finding,))))
    # Whole, or broken after an underscore; never "exit.termination_fe" / "e_pct".
    assert "exit.termination_ fee_pct" in text or "exit.termination_fee_pct" in text
    assert "e_pct" not in text.replace("fee_pct", "")
