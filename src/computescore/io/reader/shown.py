"""What the import shows of where its tables stand: the wizard's preview of each sheet,
the first lines beside a table's columns, and, for an option of a comparison read as
columns (:mod:`~computescore.io.reader.transposed`), the cells of the sheet its own
cells were placed from, so that what is told names the cells the vendor wrote.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from computescore.io.mapping import ColumnMapping
from computescore.io.reader.records import PREVIEW_ROWS, Preview, SheetPreview, preview_text
from computescore.io.table_finder import Table
from computescore.io.values import DecimalMark
from computescore.io.workbook import SheetData, WorkbookData, cell_name

SAMPLE_LINES = 4
"""How many of a table's lines the wizard shows beside its columns."""

Cell = tuple[int, int]


@dataclass(slots=True)
class Placed:
    """The alternatives whose cells were placed from others, by their sheet's identity."""

    read_rows: dict[int, tuple[int, int]] = field(default_factory=dict)
    """The sheet's first and last row (0-based) an option of a comparison is read from."""
    origins: dict[int, Mapping[Cell, Cell]] = field(default_factory=dict)
    """Where each cell of an option of a comparison stands in the sheet."""

    def __contains__(self, sheet: SheetData) -> bool:
        return id(sheet) in self.origins

    def origin(self, sheet: SheetData, row: int, col: int) -> Cell:
        """Where the cell stands in the file (itself unless it was placed from another)."""
        origin = self.origins.get(id(sheet))
        return (row, col) if origin is None else origin.get((row, col), (row, col))

    def line_column(self, sheet: SheetData, row: int) -> int:
        """The column that names a line of a placed sheet: a cell of the option's own
        column (its first value; a priced row's price)."""
        origin = self.origins.get(id(sheet), {})
        return 1 if (row, 1) in origin else 0

    def rows_read(self, table: Table) -> tuple[int, int]:
        """The table's first and last line as the sheet shows them (1-based); for an option
        of a comparison, the rows of the comparison below its heading."""
        span = self.read_rows.get(id(table.sheet))
        if span is not None:
            return span[0] + 2, span[1] + 1
        return table.rows[0].index + 1, table.rows[-1].index + 1

    def header_row(self, table: Table) -> int:
        """The table's header row as the sheet shows it (1-based); for an option of a
        comparison, the comparison's heading."""
        span = self.read_rows.get(id(table.sheet))
        return (table.header_row if span is None else span[0]) + 1

    def shown(self, table: Table, mapping: ColumnMapping) -> ColumnMapping:
        """The mapping with what the wizard shows of its table: its first lines and, for an
        option of a comparison, where the option and each of its headings stand."""
        mapping = replace(mapping, samples=samples(table))
        origin = self.origins.get(id(table.sheet))
        if origin is None:
            return mapping
        cells = {
            c.index: cell_name(*origin[table.header_row, c.index])
            for c in mapping.columns
            if (table.header_row, c.index) in origin
        }
        top, last = self.read_rows[id(table.sheet)]
        heading = cell_name(*origin[top, 0])  # the option's name over its column
        what = "line" if table.header_row == top else "priced rows"
        place = f"{mapping.option}'s {what}: the column under {heading}, rows {top + 2}–{last + 1}"
        return replace(mapping, place=place, header_cells=cells)


def samples(table: Table) -> tuple[tuple[str, ...], ...]:
    """The table's first lines as text, for the wizard's column step."""
    return tuple(tuple(map(preview_text, row.values)) for row in table.rows[:SAMPLE_LINES])


def book_preview(
    book: WorkbookData,
    tables: Sequence[Table],
    placed: Placed,
    mark: DecimalMark | None,
    currency: str | None,
) -> Preview:
    """What the wizard shows of each sheet: its first rows, where its tables' headers and
    lines stand, what is hidden and which cells hold formulas."""
    previews = []
    for sheet in book.sheets:
        # An alternative is a sheet of its own with the index of the sheet it is read from.
        mine = [t for t in tables if t.sheet.index == sheet.index]
        first_rows = tuple(tuple(map(preview_text, row)) for row in sheet.rows[:PREVIEW_ROWS])
        formulas = tuple(
            f"{cell_name(f.row, f.col)}: ={f.formula} → "
            + ("no saved value" if f.cached is None else f"saved value {f.cached}")
            for f in list(sheet.formulas.values())[:200]
        )
        previews.append(
            SheetPreview(
                name=sheet.name,
                visibility=sheet.visibility.value,
                first_rows=first_rows,
                header_rows=tuple(
                    dict.fromkeys(placed.header_row(t) for t in mine if t.header_rows)
                ),
                table_rows=tuple(dict.fromkeys(placed.rows_read(t) for t in mine if t.rows)),
                hidden_rows=tuple(sorted(r + 1 for r in sheet.hidden_rows)),
                hidden_columns=tuple(cell_name(0, c)[:-1] for c in sorted(sheet.hidden_cols)),
                formulas=formulas,
            )
        )
    return Preview(
        book.kind,
        tuple(previews),
        book.encoding,
        book.delimiter,
        mark.value if mark else None,
        currency,
    )
