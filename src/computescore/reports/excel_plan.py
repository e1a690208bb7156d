"""The workbook's Plan sheet: the award plan with live totals, spend per vendor, scenarios.

Each allocation's cost is a formula (accelerators × cost per accelerator + share of
the line's fixed costs); the plan's total and each vendor's spend and share are
``SUM`` and ``SUMIFS`` (keyed by the vendor's number, never by vendor text) over
those cells, so a finance reader can change a price and see the plan's total
move. The scenarios are values: each is its own solved plan.
"""

from __future__ import annotations

from openpyxl import Workbook

from computescore.domain.presentation import currency_code
from computescore.reports import theme
from computescore.reports.excel_sheet import BOLD_FONT, MUTED_FONT, TITLE_FONT, Sheet, absent
from computescore.reports.model import BoardPack, PlanSummary

PLAN_HEADER_ROW = 5
"""Row of the allocation table's header on the Plan sheet."""


def plan_sheet(wb: Workbook, pack: BoardPack) -> None:
    """Add the Plan sheet (a sentence when the pack has no plan)."""
    sheet = Sheet(wb.create_sheet("Plan"), max_width=60)
    sheet.put(1, 1, "The award plan for every workload", font=TITLE_FONT, measure=False)
    plan = pack.plan
    if plan is None:
        absent(sheet, 3, "The award plan was not made for this pack.")
        sheet.finish()
        return
    sheet.put(2, 1, plan.sentence, font=BOLD_FONT, measure=False)
    sheet.put(
        3,
        1,
        "Cost = accelerators × cost per accelerator + share of fixed costs; the totals are "
        "formulas over the table. Demand is counted in H100-equivalents of useful work.",
        font=MUTED_FONT,
        measure=False,
    )
    top = PLAN_HEADER_ROW
    sheet.header(
        top,
        [
            "Workload",
            "Layer",
            "Vendor #",
            "Vendor",
            "Option",
            "Accelerators",
            "H100-equivalents",
            f"Cost per accelerator ({currency_code()})",
            f"Share of fixed costs ({currency_code()})",
            f"Cost ({currency_code()})",
        ],
    )
    numbers = {v: n for n, v in enumerate(dict.fromkeys(r.vendor for r in plan.rows), start=1)}
    row = top
    for item in plan.rows:
        row += 1
        sheet.put(row, 1, item.workload)
        sheet.put(row, 2, item.layer)
        sheet.put(row, 3, numbers[item.vendor], fmt="0")
        sheet.put(row, 4, item.vendor)
        sheet.put(row, 5, item.option)
        sheet.put(row, 6, item.accelerators, fmt="#,##0")
        sheet.put(row, 7, item.equivalents, fmt="#,##0.0")
        sheet.money(row, 8, item.unit_usd)
        sheet.money(row, 9, item.fixed_usd)
        sheet.formula(row, 10, f"=F{row}*H{row}+I{row}", theme.excel_money())
    first, last = top + 1, max(row, top + 1)
    total = row + 1
    sheet.put(total, 1, "Total", font=BOLD_FONT)
    sheet.formula(total, 10, f"=SUM(J{first}:J{last})", theme.excel_money())

    row = total + 2
    sheet.put(row, 1, "Spend per vendor", font=BOLD_FONT)
    row += 1
    sheet.header(row, ["Vendor #", "Vendor", f"Spend ({currency_code()})", "Share of the plan"])
    for vendor, number in numbers.items():
        row += 1
        sheet.put(row, 1, number, fmt="0")
        sheet.put(row, 2, vendor)
        spend = f"=SUMIFS($J${first}:$J${last},$C${first}:$C${last},$A{row})"
        sheet.formula(row, 3, spend, theme.excel_money())
        sheet.formula(row, 4, f"=IF($J${total}=0,0,C{row}/$J${total})", "0.0%")

    row = _scenarios(sheet, plan, row + 2)
    for text in (*plan.layers, *plan.binding):
        row += 2
        sheet.put(row, 1, text, font=MUTED_FONT, measure=False)
    if plan.risks:
        row += 2
        sheet.put(row, 1, "Risks the plan carries", font=BOLD_FONT)
        for text in plan.risks:
            row += 1
            sheet.put(row, 1, text, font=MUTED_FONT, measure=False)
    sheet.ws.freeze_panes = f"B{top + 1}"
    sheet.finish(title_rows=f"{top}:{top}")


def _scenarios(sheet: Sheet, plan: PlanSummary, row: int) -> int:
    """The scenarios table from ``row``; returns its last row."""
    sheet.put(row, 1, "Scenarios side by side", font=BOLD_FONT)
    row += 1
    sheet.header(
        row,
        [
            "Scenario",
            f"Total ({currency_code()})",
            f"Against the recommended ({currency_code()})",
            "Score",
            "Vendors",
            "In words",
        ],
    )
    for scenario in plan.scenarios:
        row += 1
        name = scenario.name + (" (recommended)" if scenario.recommended else "")
        sheet.put(row, 1, name)
        sheet.money(row, 2, scenario.total_usd)
        sheet.money(row, 3, scenario.delta_usd)
        sheet.put(row, 4, scenario.score, fmt="0.0")
        sheet.put(row, 5, scenario.vendors, wrap=True)
        sheet.put(row, 6, scenario.text, wrap=True)
    return row
