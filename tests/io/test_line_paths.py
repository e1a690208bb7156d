"""Problem-free rows are read on a shorter path; it must give exactly what the full path gives.

Tables are generated from cell values that parse, with some that do not (few or
many, per table), and values on the edges (dashes, zero and negative zero, node
counts in names, formulas, hidden rows, a second price column in another currency),
and each is read twice: with the short path for problem-free rows, and with every
row on the full path. Lines, problems, mappings and previews must be identical.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import FrozenInstanceError
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from computescore.domain.catalog import Catalogue
from computescore.domain.quotes import Deployment, LineKind, PriceUnit, QuoteLine
from computescore.errors import UsageError
from computescore.io.overrides import parse_override
from computescore.io.reader import FileDraft, _line_maker, _LineBuilder, _Reader
from computescore.io.refusal import FileRefused
from computescore.io.workbook import FormulaCell, SheetData, WorkbookData
from computescore.services.catalogue import load_catalogue

CATALOGUE = load_catalogue()

VALID: dict[str, list[Any]] = {
    "description": [
        "H100 SXM 8x node",
        "2x DGX H100",
        "Network egress",
        "Installation",
        "A100 80GB",
        "Support plan",
        "DGX H100 (8 GPUs)",
        "lease H100 36 months",
        "B200 reserved 12 months",
        "storage 10TB",
        None,
    ],
    "kind": ["compute", "cost", None],
    "accelerator": ["H100 SXM", "A100 80GB", "L40S", "2x DGX H100", "h100", "-", None],
    "accelerators_per_node": [8, 4, "8", None, 8.0],
    "nodes": [1, 2, "3", None, 1.0, 64],
    "accelerator_count": [8, 16, None, 24],
    "quantity": [1, 2, "3", None, 8],
    "deployment": ["On-demand", "Reserved", "Spot", "lease", "purchase", None],
    "term_months": ["12 months", "3 yrs", None, 36],
    "tier": ["Guaranteed", "Interruptible", None],
    "price": [3.1, 4.08, 0.0, -0.0, 1.0, 1, "$3.10/hr", "€ 1.234,56", "2.50", "-", None],
    "price_unit": ["per GPU-hour", "per node-month", "one-off", "per GB", "per month", None],
    "currency": ["USD", "EUR", None],
    "region": ["us-east-1", "eu-central-1", "Frankfurt", None],
    "country": ["US", "DE", "Germany", None],
    "category": ["network", "support", None],
    "line_total": [24.8, "100", 3.1, None],
    "details": ["8x H100", "network", None],
}
ODD: dict[str, list[Any]] = {
    "description": ["Mystery GPU X9", "-", 12],
    "kind": ["banana"],
    "accelerator": ["Unknown9000", 5],
    "accelerators_per_node": ["x", 2.5, 0],
    "nodes": ["abc", True, -1],
    "accelerator_count": [7, "many"],
    "quantity": [1.5, "x", "1,5"],
    "deployment": ["weird", "hourly"],
    "term_months": ["forever"],
    "tier": ["Gold"],
    "price": ["TBD", "abc", "(1,200.00)", "USD 3"],
    "price_unit": ["per banana"],
    "currency": ["$", "XYZ"],
    "region": ["Mars", 7],
    "country": ["Atlantis"],
    "category": ["foo"],
    "line_total": ["x", 0],
    "details": [""],
}
PRICE_HEADERS = [
    "Price per GPU-hour (USD)",
    "Monthly fee per node EUR",
    "One-off price USD",
    "Unit cost",
]


@contextmanager
def every_row_on_the_full_path() -> Iterator[None]:
    _LineBuilder.fast_rows = False
    try:
        yield
    finally:
        _LineBuilder.fast_rows = True


def read(book: WorkbookData, catalogue: Catalogue, overrides: list[str], **options: Any) -> str:
    try:
        draft = _read(book, catalogue, overrides, **options)
    except (FileRefused, UsageError) as exc:
        return f"refused: {exc}"
    return repr((draft.quotes, draft.problems, draft.preview, draft.decimal_mark, draft.currency))


def _read(
    book: WorkbookData, catalogue: Catalogue, overrides: list[str], **options: Any
) -> FileDraft:
    return _Reader(
        book,
        catalogue,
        vendor="Acme",
        sheet=None,
        overrides=[parse_override(text) for text in overrides],
        profile=None,
        include_hidden=options.get("include_hidden", False),
        decimal_mark=None,
        currency=options.get("currency"),
        progress=None,
    ).run()


@st.composite
def tables(draw: st.DrawFn) -> tuple[WorkbookData, list[str], dict[str, Any]]:
    named = draw(st.sampled_from(["description", "accelerator"]))
    others = draw(
        st.lists(st.sampled_from(sorted(set(VALID) - {"price", named})), max_size=9, unique=True)
    )
    odd_one_in = draw(st.sampled_from([4, 20, 1000]))
    fields = ["price", named, *others]
    if draw(st.booleans()):
        fields.append("price")
    headers = [
        f"{number} " + (draw(st.sampled_from(PRICE_HEADERS)) if name == "price" else name)
        for number, name in enumerate(fields)
    ]
    text = draw(st.booleans())
    rows: list[list[Any]] = [list(headers)]
    formulas: dict[tuple[int, int], FormulaCell] = {}
    hidden: set[int] = set()
    for number in range(draw(st.integers(min_value=1, max_value=12))):
        shape = draw(st.sampled_from(["line"] * 8 + ["blank", "section"]))
        if shape == "blank":
            rows.append([])
            continue
        if shape == "section":
            rows.append(["Network services"])
            continue
        cells = [
            draw(
                st.sampled_from(
                    ODD[name]
                    if draw(st.integers(min_value=1, max_value=odd_one_in)) == 1
                    else VALID[name]
                )
            )
            for name in fields
        ]
        if text:
            cells = [None if value is None else str(value) for value in cells]
        elif draw(st.integers(min_value=0, max_value=15)) == 0:
            formulas[(len(rows), 0)] = FormulaCell(
                len(rows), 0, "B2*2", draw(st.sampled_from([None, "3.5"]))
            )
        if not text and draw(st.integers(min_value=0, max_value=15)) == 0:
            hidden.add(len(rows))
        rows.append(cells)
        del number
    sheet = SheetData(
        name="Quote",
        index=0,
        rows=rows,
        hidden_rows=frozenset(hidden),
        formulas=formulas,
        line_numbers=list(range(1, len(rows) + 1)) if text else (),
    )
    book = WorkbookData(
        path=Path("quote.csv" if text else "quote.xlsx"),
        kind="text" if text else "xlsx",
        sheets=(sheet,),
    )
    options = {
        "include_hidden": draw(st.booleans()),
        "currency": draw(st.sampled_from([None, "USD"])),
    }
    return book, [f"{header}={name}" for header, name in zip(headers, fields, strict=True)], options


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_problem_free_rows_read_the_same_on_both_paths(
    table: tuple[WorkbookData, list[str], dict[str, Any]],
) -> None:
    book, overrides, options = table
    short = read(book, CATALOGUE, overrides, **options)
    with every_row_on_the_full_path():
        full = read(book, CATALOGUE, overrides, **options)
    assert short == full


EDGES: dict[str, list[list[Any]]] = {
    # Zero and negative zero stay apart (Decimal('0.0') and Decimal('-0.0')); a dash is
    # no price (an error); "2x DGX H100" is two nodes of eight (2 × 8 = 16 GPUs); 1.0
    # and 1 stay as written.
    "edges": [
        ["Description", "GPU", "GPUs per node", "Nodes", "Price per GPU-hour (USD)", "Region"],
        ["H100 on-demand", "H100 SXM", 8, 2, 0.0, "us-east-1"],
        ["H100 on-demand", "H100 SXM", 8, 2, -0.0, "us-east-1"],
        ["H100 on-demand", "H100 SXM", 8, 2, " - ", "us-east-1"],
        ["DGX pair", "2x DGX H100", None, None, 3.1, "us-east-1"],
        ["H100 on-demand", "H100 SXM", 8, 1, 1.0, "eu-central-1"],
        ["H100 on-demand", "H100 SXM", 8, 1, 1, "eu-central-1"],
    ],
    # Per hour without GPU or node: read per GPU-hour, told once for the price column.
    "assumed basis": [
        ["Description", "GPU", "GPUs", "Price per hour (USD)"],
        ["H100 on-demand", "H100 SXM", 8, 3.1],
        ["A100 on-demand", "A100 80GB", 8, 2.0],
    ],
    # 1000 × 8 = 8000 matches the first total; the second (9000) is reported.
    "line totals": [
        ["Description", "GPU", "GPUs", "Monthly price per GPU (USD)", "Line total (USD)"],
        ["H100 reserved", "H100 SXM", 8, 1000.0, 8000.0],
        ["H100 reserved", "H100 SXM", 8, 1000.0, 9000.0],
    ],
    # Rows that repeat every cell but the price share what those cells say; a description
    # or region written 1, 1.0 or True (equal as keys) still keeps its own text.
    "repeated cells": [
        ["Description", "GPU", "GPUs", "Price per GPU-hour (USD)", "Region"],
        [1, "H100 SXM", 8, 3.1, 7],
        [1.0, "H100 SXM", 8, 3.2, 7.0],
        [True, "H100 SXM", 8, 3.3, 7],
        [-0.0, "H100 SXM", 8, 3.4, 0.0],
        [0.0, "H100 SXM", 8, 3.5, -0.0],
        [1, "H100 SXM", 8, 3.6, 7],
    ],
    # What the plan needs, beside the price: read alike on both paths, once per distinct cells.
    "plan columns": [
        ["GPU", "Price per GPU-hour (USD)", "Max GPUs", "Minimum commitment (GPUs)", "Lead time"],
        ["H100 SXM", 2.1, 512, 64, "6 weeks"],
        ["H100 SXM", 2.2, 512, 64, "6 weeks"],
        ["H200 SXM", 3.1, "lots", "", "Q2 2027"],
    ],
    # A commitment's flex band and prepayment join its description; on capacity paid as
    # used they are reported (once per row), and a share no one can read is reported too.
    "commitment columns": [
        ["GPU", "Pricing", "Price per GPU-hour (USD)", "Flex band", "Prepayment (%)"],
        ["H100 SXM", "12-month reserved", 2.1, "+25%", 50],
        ["H100 SXM", "36-month reserved", 1.8, 0.2, "none"],
        ["H100 SXM", "On-demand", 3.1, "—", 100],
        ["H200 SXM", "12-month reserved", 3.0, "ask", "Partial upfront"],
    ],
}
EXPECTED_PRICES = {
    "edges": ["0.0", "-0.0", "3.1", "1.0", "1"],
    "assumed basis": ["3.1", "2.0"],
    "line totals": ["1000.0", "1000.0"],
    "repeated cells": ["3.1", "3.2", "3.3", "3.4", "3.5", "3.6"],
    "plan columns": ["2.1", "2.2", "3.1"],
    "commitment columns": ["2.1", "1.8", "3.1", "3.0"],
}
EXPECTED_PROBLEMS = {
    "edges": 3,
    "assumed basis": 1,
    "line totals": 1,
    "repeated cells": 0,
    "plan columns": 3,  # "lots", "Q2 2027", and the table states no quantities
    "commitment columns": 4,  # on demand, "ask", "Partial upfront", no quantities
}
"""Problems with an address: the dash row has no price, and the two rents of zero are
doubted; the price column's assumed basis (one warning for the column, not one per
line); one wrong total."""


@pytest.mark.parametrize("name", sorted(EDGES))
def test_edges_read_the_same_on_both_paths(name: str) -> None:
    book = WorkbookData(
        path=Path("quote.xlsx"),
        kind="xlsx",
        sheets=(SheetData(name="Quote", index=0, rows=EDGES[name]),),
    )
    draft = _read(book, CATALOGUE, [])
    with every_row_on_the_full_path():
        full = _read(book, CATALOGUE, [])
    assert repr(draft) == repr(full)
    (quote,) = draft.quotes
    assert [str(line.price) for line in quote.lines] == EXPECTED_PRICES[name]
    about_lines = [p for p in quote.problems if "!" in p.source]
    assert len(about_lines) == EXPECTED_PROBLEMS[name]
    if name == "edges":
        assert [line.accelerator_count for line in quote.lines] == [16, 16, 16, 8, 8]
    if name == "plan columns":
        assert [(line.description, line.lead_time_days) for line in quote.lines] == [
            ("H100 SXM (max. 512 GPUs; min. 64 GPUs)", 42),
            ("H100 SXM (max. 512 GPUs; min. 64 GPUs)", 42),
            ("H200 SXM", None),
        ]
    if name == "commitment columns":
        assert [line.description for line in quote.lines] == [
            "H100 SXM (flex +25%; prepaid 50%)",
            "H100 SXM (flex +20%; no prepayment)",
            "H100 SXM",
            "H200 SXM",
        ]
    if name == "repeated cells":
        assert [(line.description, line.region) for line in quote.lines] == [
            ("1", "7"),
            ("1.0", "7.0"),
            ("True", "7"),
            ("-0.0", "0.0"),
            ("0.0", "-0.0"),
            ("1", "7"),
        ]


def test_lines_made_through_the_slots_equal_constructed_ones() -> None:
    values = (
        LineKind.COMPUTE,
        "H100 on-demand",
        Decimal("3.10"),
        PriceUnit.PER_GPU_HOUR,
        "USD",
        None,
        "nvidia-h100-sxm",
        8,
        2,
        16,
        None,
        Deployment.ON_DEMAND,
        None,
        "us-east-1",
        "US",
        "quote.xlsx!Quote!2",
        21,
    )
    maker = _line_maker()
    # The slots are used, not the constructor: a field added to QuoteLine and not to the
    # maker would quietly fall back to the constructor and slow every price list down.
    assert maker is not QuoteLine
    made = maker(*values)
    built = QuoteLine(*values)
    assert type(made) is QuoteLine
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    with pytest.raises(FrozenInstanceError):
        made.price = Decimal(0)  # type: ignore[misc]


def test_rows_that_never_repeat_read_the_same_on_both_paths() -> None:
    """Past the first thousand rows, rows whose cells do not repeat are read one by one."""
    rows: list[list[Any]] = [["Description", "GPU", "Nodes", "Price per GPU-hour (USD)", "Region"]]
    rows += [
        [f"H100 node option {n}", "H100 SXM", 1 + n % 3, 2.5 + n / 100, "us-east-1"]
        for n in range(1_500)
    ]
    rows.append(["H100 node option X", "H100 SXM", "two", 2.5, "us-east-1"])
    book = WorkbookData(
        path=Path("quote.xlsx"), kind="xlsx", sheets=(SheetData(name="Quote", index=0, rows=rows),)
    )
    draft = _read(book, CATALOGUE, [])
    with every_row_on_the_full_path():
        full = _read(book, CATALOGUE, [])
    assert repr(draft) == repr(full)
    (quote,) = draft.quotes
    assert len(quote.lines) == 1_500
    assert quote.lines[1_499].description == "H100 node option 1499"
    assert quote.lines[1_499].nodes == 1 + 1_499 % 3
    assert [(p.source, p.message) for p in quote.problems if "!" in p.source] == [
        ("quote.xlsx!Quote!C1502", "The number of nodes is not a whole number"),
        ("quote.xlsx!Quote!1502", "The line does not say how many accelerators it provides"),
    ]


def test_a_quote_reference_column_with_several_values_is_reported_with_each_text() -> None:
    rows: list[list[Any]] = [["Quote ref", "Description", "GPU", "GPUs", "Price (USD/GPU-hour)"]]
    refs: list[Any] = ["Q-7", "Q-7", 1, 1.0, 0.0, -0.0, "-", None]
    rows += [[ref, "H100 on-demand", "H100 SXM", 8, 2.5] for ref in refs]
    book = WorkbookData(
        path=Path("quote.xlsx"), kind="xlsx", sheets=(SheetData(name="Quote", index=0, rows=rows),)
    )
    (quote,) = _read(book, CATALOGUE, []).quotes
    assert quote.quote_ref == "Q-7"
    (several,) = [p for p in quote.problems if "several values" in p.message]
    assert several.source == "quote.xlsx!Quote!A"
    assert several.found == "-0.0, 0.0, 1, 1.0, Q-7"
