"""The board pack as an Excel workbook that finance can check and play with.

:func:`render_xlsx` turns a frozen :class:`~computescore.reports.model.BoardPack`
into ``.xlsx`` bytes. The Scores sheet holds axis scores and weights as cells and
the weighted totals and ranks as Excel formulas, so changing a weight in Excel
moves the ranking; TCO totals are ``SUMIFS`` over the itemised lines. Vendor text
only ever reaches a cell through :func:`computescore.reports.safe.write_text`, so
it is always a string, never a formula. Identical packs give identical bytes.
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from datetime import date, datetime
from typing import Any

from openpyxl import Workbook
from openpyxl.chart import BarChart, RadarChart, Reference, Series
from openpyxl.chart.data_source import StrRef
from openpyxl.chart.marker import DataPoint
from openpyxl.chart.series import SeriesLabel
from openpyxl.styles import Alignment, Border
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.worksheet.worksheet import Worksheet

from computescore.domain.findings import FindingSeverity
from computescore.domain.presentation import currency_code, presenting, to_reporting
from computescore.domain.quotes import CANONICAL_LINE_FIELDS
from computescore.reports import theme
from computescore.reports.excel_plan import plan_sheet
from computescore.reports.excel_sheet import (
    BOLD_FONT,
    INPUT_FILL,
    KEY_FONT,
    KO_FILL,
    MUTED_FONT,
    RULE,
    SUB_FONT,
    TITLE_FONT,
    WARNING_FONT,
    Sheet,
    absent,
    band,
)
from computescore.reports.model import AXES, AXIS_TITLES, BoardPack, by_median, fingerprint
from computescore.reports.safe import excel_text
from computescore.vocabulary import (
    ABSENT,
    LINE_FIELD_TITLES,
    UNIT_WORDS,
    category_text,
    deployment_text,
)

QUOTE_FIELDS = CANONICAL_LINE_FIELDS
"""The canonical quote-line fields (DOMAIN.md §6), in the Quotes sheet's column order."""

SCORES_WEIGHT_ROW = 4
"""Row of the editable weights on the Scores sheet (columns D–H)."""

SCORES_HEADER_ROW = 6
SCORES_FIRST_ROW = 7
"""First quote row of the Scores sheet."""

# --- sheets -----------------------------------------------------------------------------


def _scores(wb: Workbook, pack: BoardPack) -> tuple[int, int] | None:
    """The Scores sheet; returns (first, last) data rows, or None without a ranking."""
    sheet = Sheet(wb.create_sheet("Scores"))
    ws = sheet.ws
    sheet.put(1, 1, "Scores and weights", font=TITLE_FONT, measure=False)
    ranking = pack.ranking
    if ranking is None or not ranking.rows:
        absent(sheet, 3, ABSENT["scorecard"])
        sheet.finish()
        return None
    sheet.put(
        2,
        1,
        "Change a weight in the yellow cells: weighted totals and ranks recompute. Weights are "
        "divided by their sum, so they need not add up to 1.",
        font=MUTED_FONT,
        measure=False,
    )
    first, last = SCORES_FIRST_ROW, SCORES_FIRST_ROW + len(ranking.rows) - 1
    w = SCORES_WEIGHT_ROW
    sheet.put(w, 3, "Weight", font=BOLD_FONT)
    for offset, axis in enumerate(AXES):
        cell = sheet.put(w, 4 + offset, ranking.weight(axis), fmt=theme.EXCEL_WEIGHT)
        cell.fill = INPUT_FILL
        cell.border = Border(top=RULE, bottom=RULE, left=RULE, right=RULE)
    sheet.put(w, 9, "Sum", font=BOLD_FONT)
    sheet.formula(w, 10, f"=SUM($D${w}:$H${w})", theme.EXCEL_WEIGHT)
    sheet.header(
        SCORES_HEADER_ROW,
        [
            "Rank",
            "Vendor",
            "Quote",
            *[f"{AXIS_TITLES[a]} (0–100)" for a in AXES],
            "Weighted total (0–100)",
            "Knocked out",
            "Knock-out reasons",
            "Total as issued",
            "Quote key",
        ],
    )
    for index, row in enumerate(ranking.rows):
        r = first + index
        sheet.formula(
            r,
            1,
            f'=IF($J{r}="Yes","",COUNTIFS($J${first}:$J${last},"No",'
            f'$I${first}:$I${last},">"&$I{r})+1)',
            "0",
        )
        sheet.put(r, 2, row.vendor)
        sheet.put(r, 3, row.quote_ref)
        for offset, axis in enumerate(AXES):
            sheet.put(r, 4 + offset, row.score(axis), fmt=theme.EXCEL_SCORE)
        sheet.formula(
            r, 9, f"=SUMPRODUCT(D{r}:H{r},$D${w}:$H${w})/SUM($D${w}:$H${w})", theme.EXCEL_SCORE
        )
        sheet.put(r, 10, "Yes" if row.knocked_out else "No")
        sheet.put(r, 11, "; ".join(row.knockout_reasons), wrap=True)
        sheet.put(r, 12, row.weighted_total, fmt=theme.EXCEL_SCORE)
        sheet.put(r, 13, row.quote_key)
        if row.knocked_out:
            band(sheet, r, 1, 13, KO_FILL)
    sheet.widths[1] = 7
    sheet.widths[11] = 50
    for col in range(4, 10):
        sheet.widths[col] = 13
    ws.freeze_panes = f"D{first}"
    ws.auto_filter.ref = f"A{SCORES_HEADER_ROW}:M{last}"
    sheet.finish(title_rows=f"{SCORES_HEADER_ROW}:{SCORES_HEADER_ROW}")

    # Explanations below the table, one row per quote and axis.
    row_no = last + 3
    sheet.put(row_no, 1, "How each score was reached", font=SUB_FONT, measure=False)
    row_no += 1
    sheet.header(row_no, ["", "Vendor", "Quote", "Axis", "Score", "Explanation", "Flags"])
    for ranked in ranking.rows:
        for item in ranked.scores:
            row_no += 1
            sheet.put(row_no, 2, ranked.vendor, measure=False)
            sheet.put(row_no, 3, ranked.quote_ref, measure=False)
            sheet.put(row_no, 4, AXIS_TITLES.get(item.axis, item.axis), measure=False)
            sheet.put(row_no, 5, item.score, fmt=theme.EXCEL_SCORE, measure=False)
            sheet.put(row_no, 6, item.explanation, measure=False)
            sheet.put(row_no, 7, ", ".join(item.flags), measure=False)
    return first, last


def _tco(wb: Workbook, pack: BoardPack) -> None:
    lines = Sheet(wb.create_sheet("TCO lines"))
    lines.put(1, 1, "Total cost of ownership: every line", font=TITLE_FONT, measure=False)
    summary = Sheet(wb.create_sheet("TCO"))
    summary.put(1, 1, "Total cost of ownership per quote", font=TITLE_FONT, measure=False)
    if not pack.tco:
        absent(lines, 3, ABSENT["tco"])
        absent(summary, 3, ABSENT["tco"])
        lines.finish()
        summary.finish()
        return
    lines.header(
        3,
        [
            "Quote #",
            "Quote",
            "Line",
            "Category",
            f"Amount ({currency_code()})",
            "Formula",
            "Inputs",
            "Flags",
        ],
    )
    r = 3
    for number, item in enumerate(pack.tco, start=1):
        for line in item.lines:
            r += 1
            lines.put(r, 1, number, fmt="0")
            lines.put(r, 2, item.label)
            lines.put(r, 3, line.label)
            lines.put(r, 4, line.category)
            lines.money(r, 5, line.amount_usd)
            lines.put(r, 6, line.formula)
            lines.put(
                r,
                7,
                "; ".join(
                    f"{i.text()}" + (f" ({i.source})" if i.source else "") for i in line.inputs
                ),
            )
            lines.put(r, 8, ", ".join(line.flags))
    last_line = r
    lines.ws.freeze_panes = "C4"
    lines.ws.auto_filter.ref = f"A3:H{last_line}"
    lines.finish(title_rows="3:3")

    summary.put(
        2,
        1,
        "Totals are SUMIFS over the sheet “TCO lines”; per-hour figures divide them by the "
        "hours shown.",
        font=MUTED_FONT,
        measure=False,
    )
    summary.header(
        4,
        [
            "Quote #",
            "Quote",
            f"Total ({currency_code()})",
            f"Total as issued ({currency_code()})",
            "Horizon (months)",
            "GPU-hours used",
            f"{currency_code()} per used GPU-hour",
            f"{currency_code()} per useful PFLOP-hour",
            f"{currency_code()} per million tokens",
            "Shortlisted",
        ],
    )
    sheet_ref = quote_sheetname("TCO lines")
    for number, item in enumerate(pack.tco, start=1):
        r = 4 + number
        summary.put(r, 1, number, fmt="0")
        summary.put(r, 2, item.label)
        summary.formula(
            r,
            3,
            f"=SUMIFS({sheet_ref}!$E$4:$E${last_line},{sheet_ref}!$A$4:$A${last_line},$A{r})",
            theme.excel_money(),
        )
        summary.money(r, 4, item.total_usd)
        summary.put(r, 5, item.horizon_months, fmt="0")
        summary.put(r, 6, item.used_gpu_hours, fmt="#,##0")
        if item.used_gpu_hours:
            summary.formula(r, 7, f"=C{r}/F{r}", theme.excel_money(cents=True))
        summary.money(r, 8, item.usd_per_useful_pflop_hour, cents=True)
        summary.money(r, 9, item.usd_per_million_tokens, cents=True)
        summary.put(r, 10, item.shortlisted)
    summary.ws.freeze_panes = "C5"
    summary.finish(title_rows="4:4")


def _quotes(wb: Workbook, pack: BoardPack) -> None:
    sheet = Sheet(wb.create_sheet("Quotes"), max_width=45)
    titles = {**LINE_FIELD_TITLES, "usd_per_gpu_hour": f"{currency_code()} per GPU-hour"}
    sheet.header(1, [titles[name] for name in QUOTE_FIELDS])
    words = {
        "kind": lambda v: str(v).capitalize(),
        "category": category_text,
        "deployment": deployment_text,
        "price_unit": lambda v: UNIT_WORDS.get(str(v), str(v)),
    }
    formats = {
        "price": "#,##0.00##",
        "quantity": "#,##0.##",
        "accelerators_per_node": "0",
        "nodes": "0",
        "accelerator_count": "0",
        "term_months": "0",
    }
    if not pack.lines:
        absent(sheet, 2, ABSENT["lines"])
    for index, line in enumerate(pack.lines, start=2):
        for col, name in enumerate(QUOTE_FIELDS, start=1):
            value = getattr(line, name)
            if name in words and value:
                value = words[name](value)
            if name == "usd_per_gpu_hour":
                sheet.money(index, col, value, cents=True)
            else:
                sheet.put(index, col, value, fmt=formats.get(name))
    last = max(2, len(pack.lines) + 1)
    sheet.ws.freeze_panes = "A2"
    sheet.ws.auto_filter.ref = f"A1:{get_column_letter(len(QUOTE_FIELDS))}{last}"
    sheet.finish(title_rows="1:1")


def _findings(wb: Workbook, pack: BoardPack) -> None:
    sheet = Sheet(wb.create_sheet("Findings"), max_width=50)
    headers = [
        "Quote",
        "Severity",
        "Category",
        "Title",
        "Reason",
        "Rule",
        "Rule date",
        "Rule status",
        "Source",
    ]
    sheet.header(1, headers)
    if pack.findings is None:
        absent(sheet, 2, ABSENT["compliance"])
    elif not pack.findings:
        absent(sheet, 2, ABSENT["compliance_clean"])
    else:
        order = {FindingSeverity.KNOCKOUT: 0, FindingSeverity.WARNING: 1, FindingSeverity.INFO: 2}
        for r, f in enumerate(
            sorted(pack.findings, key=lambda f: order.get(f.severity, 3)), start=2
        ):
            values = [
                pack.quote_label(f.quote_key),
                f.severity.value,
                f.category.value,
                f.title,
                f.reason,
                f.rule_id,
                f.rule_date,
                f.rule_status,
                f.source,
            ]
            for col, value in enumerate(values, start=1):
                sheet.put(r, col, value, wrap=col in (4, 5))
            if f.severity is FindingSeverity.KNOCKOUT:
                band(sheet, r, 1, len(headers), KO_FILL)
        sheet.ws.auto_filter.ref = f"A1:I{len(pack.findings) + 1}"
    sheet.ws.freeze_panes = "A2"
    sheet.widths[5] = 60
    sheet.finish(title_rows="1:1")


def _exit_terms(wb: Workbook, pack: BoardPack) -> None:
    sheet = Sheet(wb.create_sheet("Exit terms"), max_width=50)
    headers = [
        "Quote",
        "Notice (days)",
        "Termination fee (%)",
        "Data returned",
        "Data deleted",
        f"Egress ({currency_code()}/GB)",
        "Auto-renewal",
        "Lock-in notes",
    ]
    sheet.header(1, headers)
    if not pack.exit_terms:
        absent(sheet, 2, ABSENT["exit_terms"])
    for r, item in enumerate(pack.exit_terms, start=2):
        terms = item.terms
        sheet.put(r, 1, item.label)
        sheet.put(r, 2, terms.notice_days, fmt="0")
        sheet.put(r, 3, terms.termination_fee_pct, fmt="0.0")
        sheet.put(r, 4, terms.data_return)
        sheet.put(r, 5, terms.data_deletion)
        sheet.money(r, 6, terms.egress_usd_per_gb, cents=True)
        sheet.put(r, 7, terms.auto_renewal)
        sheet.put(r, 8, terms.lock_in_notes, wrap=True)
    sheet.ws.freeze_panes = "B2"
    sheet.finish(title_rows="1:1")


def _sensitivity(wb: Workbook, pack: BoardPack) -> None:
    sheet = Sheet(wb.create_sheet("Sensitivity"), max_width=50)
    sheet.put(1, 1, "Sensitivity, simulation and break-even", font=TITLE_FONT, measure=False)
    r = 3
    sheet.put(r, 1, "Tornado: TCO at each input's low and high value", font=SUB_FONT, measure=False)
    r += 1
    if pack.tornado is None or not pack.tornado.bars:
        absent(sheet, r, ABSENT["sensitivity"])
    else:
        sheet.put(r, 1, "Quote", font=BOLD_FONT)
        sheet.put(r, 2, pack.tornado.quote_label)
        sheet.put(r + 1, 1, f"Base TCO ({currency_code()})", font=BOLD_FONT)
        sheet.money(r + 1, 2, pack.tornado.base_usd)
        r += 3
        sheet.header(
            r,
            [
                "Input",
                "Low",
                "High",
                f"TCO at low ({currency_code()})",
                f"TCO at high ({currency_code()})",
                f"Swing ({currency_code()})",
            ],
        )
        for bar in sorted(pack.tornado.bars, key=lambda b: b.swing_usd, reverse=True):
            r += 1
            sheet.put(r, 1, bar.input_name)
            sheet.put(r, 2, bar.low_text)
            sheet.put(r, 3, bar.high_text)
            sheet.money(r, 4, bar.tco_at_low_usd)
            sheet.money(r, 5, bar.tco_at_high_usd)
            sheet.formula(r, 6, f"=ABS(E{r}-D{r})", theme.excel_money())
    r += 3
    sheet.put(r, 1, "Monte Carlo: TCO percentiles", font=SUB_FONT, measure=False)
    r += 1
    mc = pack.monte_carlo
    if mc is None or not mc.rows:
        absent(sheet, r, ABSENT["monte_carlo"])
    else:
        sheet.put(r, 1, "Samples", font=BOLD_FONT)
        sheet.put(r, 2, mc.samples, fmt="#,##0")
        sheet.put(r + 1, 1, "Seed", font=BOLD_FONT)
        sheet.put(r + 1, 2, mc.seed)
        sheet.put(r + 2, 1, "Ranges", font=BOLD_FONT)
        sheet.put(r + 2, 2, "; ".join(mc.ranges), measure=False)
        r += 4
        sheet.header(
            r,
            [
                "Quote",
                f"P10 ({currency_code()})",
                f"P50 ({currency_code()})",
                f"P90 ({currency_code()})",
                "Ranks first",
            ],
        )
        for row in sorted(mc.rows, key=by_median):
            r += 1
            sheet.put(r, 1, row.label)
            sheet.money(r, 2, row.p10_usd)
            sheet.money(r, 3, row.p50_usd)
            sheet.money(r, 4, row.p90_usd)
            sheet.put(r, 5, row.probability_first, fmt=theme.EXCEL_PERCENT)
    r += 3
    sheet.put(
        r, 1, "Buy or rent: total cost against hours of use per day", font=SUB_FONT, measure=False
    )
    r += 1
    curve = pack.break_even
    if curve is None:
        absent(sheet, r, ABSENT["break_even"])
    else:
        sheet.put(r, 1, "Break-even (h/day)", font=BOLD_FONT)
        sheet.put(r, 2, curve.break_even_hours_per_day, fmt="0.0")
        r += 2
        sheet.header(
            r, ["Hours per day", f"Owned: {curve.owned_label}", f"Rented: {curve.rented_label}"]
        )
        for hours, owned, rented in zip(
            curve.hours_per_day, curve.owned_usd, curve.rented_usd, strict=True
        ):
            r += 1
            sheet.put(r, 1, hours, fmt="0.0")
            sheet.money(r, 2, owned, measure=False)
            sheet.money(r, 3, rented, measure=False)
    sheet.widths[2] = max(sheet.widths.get(2, 0), 18)
    sheet.widths[3] = max(sheet.widths.get(3, 0), 18)
    sheet.finish(landscape=False)


def _assumptions(wb: Workbook, pack: BoardPack, fp: str) -> None:
    sheet = Sheet(wb.create_sheet("Assumptions"), max_width=70)
    m = pack.methodology
    sheet.put(1, 1, "Methodology and assumptions", font=TITLE_FONT, measure=False)
    r = 3

    def block(
        title: str,
        headers: list[str],
        rows: list[list[Any]],
        empty: str,
        formats: dict[int, str] | None = None,
    ) -> None:
        nonlocal r
        sheet.put(r, 1, title, font=SUB_FONT, measure=False)
        r += 1
        if not rows:
            absent(sheet, r, empty)
            r += 2
            return
        sheet.header(r, headers)
        for values in rows:
            r += 1
            for col, value in enumerate(values, start=1):
                sheet.put(r, col, value, fmt=(formats or {}).get(col))
        r += 2

    block(
        "Assumptions",
        ["Assumption", "Value", "Unit", "Source"],
        [[a.name, a.value, a.unit, a.source] for a in m.assumptions],
        "No assumptions recorded.",
    )
    block(
        "FX rates",
        ["Currency", "USD per unit", "As of", "Source"],
        [[x.currency, x.usd_per_unit, x.as_of, x.source] for x in m.fx_rates],
        m.currency_note(),
        {2: "0.000000"},
    )
    if m.missing_rates:
        sheet.put(r - 1, 1, m.missing_rate_note(), font=WARNING_FONT, measure=False)
        r += 1
    if m.presentation.converted or m.presentation.problem:
        font = WARNING_FONT if m.presentation.problem else BOLD_FONT
        sheet.put(r - 1, 1, m.reporting_note(), font=font, measure=False)
        r += 1
    if pack.ranking is not None and pack.ranking.method:
        block(
            "How the scores are made",
            ["Topic", "How"],
            [[topic, text] for topic, text in pack.ranking.method],
            "",
        )
    block(
        "Export-control rules",
        ["Version", "Date"],
        [[m.rules_version, m.rules_date]] if m.rules_version else [],
        "Export-control rules not applied for this evaluation.",
    )
    block(
        "Accelerator catalogue",
        ["Version / source"],
        [[f"Version {m.catalogue_version}"]] * bool(m.catalogue_version)
        + [[s] for s in m.catalogue_sources],
        "Catalogue version not recorded.",
    )
    if pack.ranking is not None:
        block(
            "Weights",
            ["Axis", "Weight"],
            [[AXIS_TITLES.get(a, a), w] for a, w in pack.ranking.weights],
            "",
            {2: theme.EXCEL_PERCENT},
        )
    block(
        "Formulas", ["Figure", "Formula"], [[n, f] for n, f in m.formulas], "No formulas recorded."
    )
    block(
        "Measured on the buyer's workload",
        ["Item"],
        [[x] for x in m.measured],
        "Nothing was measured.",
    )
    block("Assumed or from datasheets", ["Item"], [[x] for x in m.assumed], "Nothing was assumed.")
    block("Notes", ["Note"], [[x] for x in m.notes], "No notes.")
    block("Fingerprint", ["SHA-256 of the canonical JSON of the inputs"], [[fp]], "")
    sheet.finish(landscape=False)


def _value(sheet: Sheet, row: int, cell: Any) -> None:
    """Summary values: left-aligned and wrapped, the row tall enough for the text."""
    cell.alignment = Alignment(wrap_text=True, vertical="top", horizontal="left")
    if isinstance(cell.value, str) and len(cell.value) > 95:
        sheet.ws.row_dimensions[row].height = 13.5 * math.ceil(len(cell.value) / 95)


def _summary(wb: Workbook, pack: BoardPack, score_rows: tuple[int, int] | None, fp: str) -> None:
    ws = wb.active
    assert isinstance(ws, Worksheet)
    ws.title = "Summary"
    sheet = Sheet(ws, max_width=70)
    meta = pack.meta
    sheet.put(1, 1, "Board pack", font=MUTED_FONT, measure=False)
    sheet.put(2, 1, meta.evaluation, font=TITLE_FONT, measure=False)
    rows: list[tuple[str, Any, str | None]] = [
        ("Decision date", meta.decision_date, theme.EXCEL_DATE),
        ("Prepared by", meta.prepared_by, None),
        ("For", meta.end_user, None),
        ("Confidentiality", meta.confidentiality, None),
        ("Generated", meta.generated_on, theme.EXCEL_DATE),
        ("Fingerprint (SHA-256)", fp, None),
        ("Approval", meta.approval or "Not approved yet.", None),
    ]
    r = 4
    for label, value, fmt in rows:
        sheet.put(r, 1, label, font=BOLD_FONT)
        sheet.put(r, 2, value, fmt=fmt, measure=False)
        r += 1
    r += 1
    sheet.put(r, 1, "Recommendation", font=SUB_FONT)
    r += 1
    sheet.put(r, 1, pack.headline, font=BOLD_FONT, measure=False)
    if pack.plan is not None and pack.ranking_sentence:
        r += 1
        sheet.put(r, 1, f"The ranking: {pack.ranking_sentence}", measure=False)
    if pack.caveat:
        r += 1
        sheet.put(r, 1, f"Warning: {pack.caveat}", font=WARNING_FONT, measure=False)
    r += 2
    ranking = pack.ranking
    leader = ranking.leader if ranking else None
    lead_tco = pack.tco_for(leader.quote_key) if leader else None
    facts: list[tuple[str, Any, str | None]] = [
        ("Leader", leader.label if leader else "—", None),
        ("Margin (points)", ranking.margin_points if ranking else None, "0.0"),
        (
            f"{pack.lead_cost_label} ({currency_code()})",
            (to_reporting(lead_tco.total_usd) if lead_tco.complete else "incomplete")
            if lead_tco
            else None,
            theme.excel_money(),
        ),
        ("Robustness", (ranking.robustness if ranking else "") or "—", None),
        (
            "Open compliance findings",
            len(pack.open_findings()) if pack.findings is not None else "checks not run",
            "0",
        ),
    ]
    for label, value, fmt in facts:
        sheet.put(r, 1, label, font=BOLD_FONT)
        cell = sheet.put(r, 2, value, fmt=fmt, measure=False)
        if label in ("Leader", f"{pack.lead_cost_label} ({currency_code()})"):
            cell.font = KEY_FONT
        _value(sheet, r, cell)
        r += 1
    r += 1
    sheet.put(r, 1, "Top risks", font=SUB_FONT)
    for number, risk in enumerate(pack.risks[:3] or ("No risks were recorded.",), start=1):
        r += 1
        sheet.put(r, 1, f"{number}.", font=BOLD_FONT)
        _value(sheet, r, sheet.put(r, 2, risk, measure=False))
    sheet.widths[1] = 42
    sheet.widths[2] = 90
    sheet.finish(landscape=False)

    if ranking is None or score_rows is None:
        return
    first, last = score_rows
    scores_ws = wb["Scores"]
    anchor_row = r + 3
    bar = BarChart()
    bar.type = "bar"
    bar.style = 10
    bar.title = "Weighted total (live from the Scores sheet)"
    bar.y_axis.title = "Points (0–100)"
    bar.y_axis.scaling.min = 0
    bar.y_axis.scaling.max = 100
    bar.x_axis.scaling.orientation = "maxMin"
    bar.legend = None
    bar.gapWidth = 40
    bar.x_axis.tickLblSkip = 1
    bar.x_axis.delete = False
    bar.y_axis.delete = False
    data = Reference(scores_ws, min_col=9, min_row=SCORES_HEADER_ROW, max_row=last)
    cats = Reference(scores_ws, min_col=2, min_row=first, max_row=last)
    bar.add_data(data, titles_from_data=True)
    bar.set_categories(cats)
    bar.series[0].graphicalProperties.solidFill = theme.excel_colour(theme.ACCENT)
    # Knocked-out quotes are drawn in the knock-out colour: a tall bar must not read as a win.
    for index, row in enumerate(ranking.rows):
        if row.knocked_out:
            point = DataPoint(idx=index)
            point.graphicalProperties.solidFill = theme.excel_colour(theme.KNOCKOUT)
            bar.series[0].dPt.append(point)
    if any(row.knocked_out for row in ranking.rows):
        bar.title = "Weighted total (live from the Scores sheet); red: knocked out, not ranked"
    bar.height = max(7.5, 0.75 * len(ranking.rows) + 3)
    bar.width = 22
    sheet.ws.add_chart(bar, f"A{anchor_row}")

    radar = RadarChart()
    radar.type = "marker"
    radar.style = 26
    radar.title = "Five-axis scores of the best-ranked quotes"
    ranked = [row for row in ranking.rows if row.rank is not None][:5]
    index_of = {row.quote_key: i for i, row in enumerate(ranking.rows)}
    for number, row in enumerate(ranked):
        r_no = first + index_of[row.quote_key]
        values = Reference(scores_ws, min_col=4, max_col=8, min_row=r_no, max_row=r_no)
        series = Series(values, title=None)
        series.tx = SeriesLabel(strRef=StrRef(f"{quote_sheetname('Scores')}!$B${r_no}"))
        series.graphicalProperties.line.solidFill = theme.excel_colour(theme.series_colour(number))
        radar.series.append(series)
    radar.set_categories(
        Reference(
            scores_ws, min_col=4, max_col=8, min_row=SCORES_HEADER_ROW, max_row=SCORES_HEADER_ROW
        )
    )
    radar.y_axis.scaling.min = 0
    radar.y_axis.scaling.max = 100
    radar.x_axis.delete = False
    radar.y_axis.delete = False
    radar.height = 12
    radar.width = 22
    sheet.ws.add_chart(radar, f"A{anchor_row + int(bar.height * 2) + 2}")


# --- entry point --------------------------------------------------------------------------

_MODIFIED = re.compile(rb"<dcterms:modified([^>]*)>[^<]*</dcterms:modified>")


def reproducible_zip(data: bytes, when: date) -> bytes:
    """Rewrite the zip with fixed timestamps so identical packs give identical bytes."""
    stamp = (when.year, when.month, when.day, 0, 0, 0)
    iso = f"{when.isoformat()}T00:00:00Z".encode()
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                content = _MODIFIED.sub(
                    lambda m: (
                        b"<dcterms:modified" + m.group(1) + b">" + iso + b"</dcterms:modified>"
                    ),
                    content,
                )
            entry = zipfile.ZipInfo(info.filename, date_time=stamp)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o600 << 16
            target.writestr(entry, content)
    return out.getvalue()


def render_xlsx(pack: BoardPack) -> bytes:
    """Render the board pack as ``.xlsx`` bytes.

    Sheets: Summary (with native bar and radar charts), Scores (live formulas),
    Plan (the award plan, live totals), TCO, TCO lines, Quotes, Findings, Exit terms,
    Sensitivity, Assumptions.

    Raises:
        CellTextTooLong: a text exceeds Excel's 32,767-character cell limit.
    """
    with presenting(pack.presentation):
        return _render_xlsx(pack)


def _render_xlsx(pack: BoardPack) -> bytes:
    fp = fingerprint(pack)
    wb = Workbook()
    stamp = datetime(
        pack.meta.generated_on.year, pack.meta.generated_on.month, pack.meta.generated_on.day
    )
    wb.properties.creator = "ComputeScore"
    wb.properties.title = excel_text(f"Board pack: {pack.meta.evaluation}")[:250]
    wb.properties.created = stamp
    wb.properties.lastModifiedBy = "ComputeScore"
    score_rows = _scores(wb, pack)
    plan_sheet(wb, pack)
    _tco(wb, pack)
    _quotes(wb, pack)
    _findings(wb, pack)
    _exit_terms(wb, pack)
    _sensitivity(wb, pack)
    _assumptions(wb, pack, fp)
    _summary(wb, pack, score_rows, fp)
    wb.active = 0
    buffer = io.BytesIO()
    wb.save(buffer)
    return reproducible_zip(buffer.getvalue(), pack.meta.generated_on)
