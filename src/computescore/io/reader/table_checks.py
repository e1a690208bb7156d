"""A table's checks and what it states once for all its lines: the quote's own fields in
columns, totals rows, decisions told once per column."""

from __future__ import annotations

from collections.abc import Sequence

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import QuoteLine
from computescore.io.cell_kinds import filled as _filled
from computescore.io.mapping import Field
from computescore.io.reader.lines import _amount, _distinct_texts, _LineBuilder
from computescore.io.table_finder import SkipReason, is_tax_label
from computescore.io.totals import TotalRow
from computescore.io.totals import check_totals as lines_against_totals
from computescore.wording import plural


def column_notes(builder: _LineBuilder) -> None:
    """Decisions taken for a whole column or table, told once rather than on every row."""
    prefix = builder.r.prefix(builder.sheet)
    table = builder.table
    # A table carried over without its header is told by its first line's row.
    header_row = builder.r.row_number(
        builder.sheet, table.header_row if table.header_rows else table.first_row
    )
    columns = builder.mapping.columns_by_index()
    for (index, reason), example in builder.assumed.items():
        column = columns[index]
        builder.group.problems.append(
            Problem(
                f"{prefix}!{column.letter}{header_row}",
                f"The prices in column {column.letter} (“{column.header}”) were {reason}",
                Severity.WARNING,
                example,
                "a price per month" if "by the hour" in reason else "a unit that names GPU or node",
            )
        )
    if builder.discounted and builder.discount_column is not None:
        column = builder.discount_column
        builder.group.problems.append(
            Problem(
                f"{prefix}!{column.letter}{header_row}",
                f"{plural(len(builder.discounted), 'price')} "
                f"{'was' if len(builder.discounted) == 1 else 'were'} taken net of the discount "
                f"in column {column.letter} (“{column.header}”): "
                f"{builder.discounted[0]}",
                Severity.WARNING,
                None,
                "net prices, or the discount applied as the column says",
            )
        )
    if builder.uncounted:
        builder.group.problems.append(
            Problem(
                f"{prefix}!{header_row}",
                f"The table states no quantities: {builder.uncounted:,} compute lines are "
                "offers priced per GPU or per instance, and the TCO sizes each for the "
                "workload",
                Severity.WARNING,
                None,
                "a count column if the quote is for a fixed amount",
            )
        )


def quote_fields(builder: _LineBuilder) -> None:
    """The quote's own fields a column states (vendor, reference, dates): the first value,
    with a warning when the column holds several."""
    for name in (Field.VENDOR, Field.QUOTE_REF, Field.QUOTE_DATE, Field.VALID_UNTIL):
        column = builder.columns.get(name)
        if column is None:
            continue
        cells = [
            row.values[column.index] if column.index < len(row.values) else None
            for row in builder.table.rows
        ]
        first = next((cell for cell in cells if _filled(cell) is not None), None)
        if first is not None:
            builder.group.column_fields.setdefault(name.value, str(first))
            distinct = sorted(_distinct_texts(cells))
            if len(distinct) > 1:
                builder.group.problems.append(
                    Problem(
                        f"{builder.r.prefix(builder.sheet)}!{column.letter}",
                        f"The {name.value.replace('_', ' ')} column holds several values; "
                        "the first was used",
                        Severity.WARNING,
                        ", ".join(distinct[:5]),
                    )
                )


def check_table_totals(
    builder: _LineBuilder,
    lines: Sequence[QuoteLine],
    lines_before: Sequence[tuple[int, int]],
    count: int,
) -> None:
    """Warn when a subtotal or total row is not what the table's lines add up to."""
    rows = [index for index, why in builder.table.skipped if why is SkipReason.SUBTOTAL]
    # Rows after the last line up to the totals row that ended the table (subtotal,
    # discount, VAT, shipping): the table does not keep them, the check reads them.
    last = builder.table.rows[-1].index if builder.table.rows else builder.table.header_row
    end = builder.table.end_row
    if (builder.table.stop_reason or "").startswith("total"):
        end += 1
    rows.extend(range(last + 1, min(end, len(builder.sheet.rows))))
    totals = []
    for index in sorted(rows):
        found = total_row(builder, index, lines_before, count)
        if found is not None:
            totals.append(found)
    for mismatch in lines_against_totals(lines, totals):
        total = mismatch.total
        builder.group.problems.append(
            Problem(
                builder.r.prefix(builder.sheet)
                + f"!{builder.r.row_number(builder.sheet, total.row)}",
                f"The row “{total.label}” states {_amount(total.amount)}, but the lines "
                f"above it add up to {_amount(mismatch.expected)}"
                + (" with the taxes listed" if any(t.tax for t in totals) else ""),
                Severity.WARNING,
                _amount(total.amount),
                _amount(mismatch.expected),
            )
        )


def total_row(
    builder: _LineBuilder, index: int, lines_before: Sequence[tuple[int, int]], count: int
) -> TotalRow | None:
    if index >= len(builder.sheet.rows):
        return None
    cells = builder.sheet.rows[index]
    label = next((c for c in cells if isinstance(c, str) and c.strip()), None)
    amount = None
    for cell in reversed(cells):
        if _filled(cell) is None or isinstance(cell, bool):
            continue
        if cell is label:
            break
        money, problem = builder.money(cell, builder.mapping.currency or builder.r.currency)
        if money is not None and problem is None:
            amount = money.amount
            break
    if label is None or amount is None:
        return None
    # Lines of the rows above it: as many as there were before the first row below it.
    above = next((n for row, n in lines_before if row > index), count)
    return TotalRow(index, label.strip(), amount, is_tax_label(label), above)
