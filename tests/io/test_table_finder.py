"""Finding the quote table under titles, banners and blank rows, and where it ends."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Severity
from computescore.io.reader import read_quote_book
from computescore.io.table_finder import (
    SkipReason,
    classify_row,
    find_header,
    find_tables,
    is_tax_label,
    looks_like_line,
    named_accelerators,
    plainly_data,
    read_table,
)
from computescore.io.workbook import SheetData, WorkbookData

HEADER = ["Description", "GPU", "Qty", "Price/hr", "Currency"]
LINES = [
    ["H100 on-demand", "H100 SXM", 8, 3.1, "USD"],
    ["A100 on-demand", "A100 80GB", 16, 1.8, "USD"],
]


def sheet(rows: list[list[object]], **extra: object) -> SheetData:
    return SheetData(name="Quote", index=0, rows=rows, **extra)


def test_header_under_title_and_key_value_rows() -> None:
    rows = [
        ["ACME CLOUD"],
        [],
        ["Quote ref", "Q-1", "Valid until", "2026-12-31"],
        [],
        HEADER,
        *LINES,
    ]
    found = find_header(sheet(rows))
    assert found is not None and found.rows == (4,)


def test_banner_over_sub_headers_is_combined() -> None:
    rows = [
        ["Description", "GPU", "Pricing", None, None],
        [None, None, "Qty", "Price/hr", "Currency"],
        *LINES,
    ]
    found = find_header(sheet(rows, merged=((0, 2, 0, 4),)))
    assert found is not None and found.rows == (0, 1)
    assert list(found.cells) == HEADER


def test_a_pdfs_term_banners_span_their_sub_headers_and_centred_labels_join_them() -> None:
    # A PDF has no merged cells: "1-year reservation" spans the blank beside it where a
    # sub-header stands, and "VM size | Region | VMs", centred between the two header
    # rows, stand on a line of their own; a sentence above the table is no such row.
    rows = [
        ["Reservations are paid partly up front and partly monthly over the term."],
        [None, None, None, "Pay-as-you-go", "1-year reservation", None],
        ["VM size", "Region", "VMs"],
        [None, None, None, "USD per VM-hour", "Upfront per VM", "Monthly per VM"],
        ["ND96isr H100 v5", "Sweden Central", "4", "$98.32", "$250,000.00", "$20,000.00"],
    ]
    found = find_header(sheet(rows))
    assert found is not None and found.rows == (1, 2, 3)
    assert list(found.cells) == [
        "VM size",
        "Region",
        "VMs",
        "Pay-as-you-go USD per VM-hour",
        "1-year reservation Upfront per VM",
        "1-year reservation Monthly per VM",
    ]


def test_table_stops_at_totals_and_skips_blanks_subtotals_and_repeated_headers() -> None:
    rows = [
        HEADER,
        LINES[0],
        [],
        HEADER,
        LINES[1],
        ["Subtotal", None, None, 4.9, None],
        ["Storage"],
        ["Block storage", None, 100, 0.08, "USD"],
        ["Total", None, None, 100.0, "USD"],
        ["Notes: prices exclude tax."],
    ]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert [r.index for r in table.rows] == [1, 4, 7]
    assert table.rows[2].section == "Storage"
    assert dict(table.skipped) == {
        2: SkipReason.BLANK,
        3: SkipReason.REPEATED_HEADER,
        5: SkipReason.SUBTOTAL,
        6: SkipReason.SECTION,
    }
    assert table.stop_reason == "total row 9"


def test_a_line_whose_description_starts_with_total_is_still_a_line() -> None:
    rows = [HEADER, ["Total support package, 12 months", "H100 SXM", 1, 900.0, "USD"]]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert [r.index for r in table.rows] == [1]


def test_section_followed_by_unpriced_rows_ends_the_table() -> None:
    rows = [HEADER, *LINES, [], ["Terms"], ["Uptime commitment", "99.9%"]]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert [r.index for r in table.rows] == [1, 2]


def test_a_row_holding_only_a_dash_is_a_heading_without_a_name() -> None:
    rows = [HEADER, LINES[0], ["-"], LINES[1]]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert [(r.index, r.section) for r in table.rows] == [(1, None), (3, "")]
    assert table.skipped == ((2, SkipReason.SECTION),)


def test_a_heading_that_states_a_unit_in_the_price_column_gives_its_rows_that_unit() -> None:
    rows = [
        HEADER,
        LINES[0],
        ["Storage", None, None, "Price per GB per month"],
        ["File storage", None, None, 0.07, "USD"],
        ["Network", None, None, None, None],
        ["Egress", None, None, 0.01, "USD"],
    ]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert [(r.index, r.section, r.section_unit) for r in table.rows] == [
        (1, None, None),
        (3, "Storage", "Price per GB per month"),
        (5, "Network", None),
    ]
    # a figure in the price column is a line, not a heading
    rows[2] = ["Storage", None, None, "0.07 per GB per month"]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert 2 in [r.index for r in table.rows]


def test_two_tables_in_one_sheet() -> None:
    rows = [
        HEADER,
        *LINES,
        [],
        ["Additional services"],
        ["Item", "Billing", "Quantity", "Price (USD)"],
        ["Onboarding", "one-off", 1, 4500.0],
    ]
    tables = find_tables([sheet(rows)])
    assert [t.header_row for t in tables] == [0, 5]
    assert [r.index for r in tables[1].rows] == [6]


def test_hidden_rows_are_marked() -> None:
    rows = [HEADER, *LINES]
    table = find_tables([sheet(rows, hidden_rows=frozenset({2}))])[0]
    assert table.hidden_rows == (2,)


def test_sheet_without_a_price_header_has_no_table() -> None:
    assert find_tables([sheet([["Term", "Value"], ["Uptime", "99.9%"]])]) == []


NOISE_WORDS = [
    "ACME",
    "Cloud",
    "Proposal",
    "Illustrative",
    "figures",
    "Northwind",
    "2026",
    "Confidential",
    "Page 1",
    "Prepared for",
    "Q-2026-001",
]
title_row = st.one_of(
    st.just([]),
    st.lists(st.sampled_from(NOISE_WORDS), min_size=1, max_size=3).map(lambda w: [" ".join(w)]),
    st.tuples(
        st.sampled_from(["Quote ref", "Valid until", "Date", "Supplier"]),
        st.sampled_from(NOISE_WORDS),
    ).map(list),
    st.integers(min_value=0, max_value=5).map(lambda n: [None] * n),
)


@given(st.lists(title_row, max_size=25), st.integers(min_value=0, max_value=3))
def test_header_is_found_under_any_title_and_blank_rows(
    titles: list[list[object]], offset: int
) -> None:
    header = [None] * offset + HEADER
    lines = [[None] * offset + line for line in LINES]
    rows = [*titles, header, *lines]
    found = find_header(sheet(rows))
    assert found is not None
    assert found.rows[-1] == len(titles)
    table = read_table(sheet(rows), found)
    assert [r.index for r in table.rows] == [len(titles) + 1, len(titles) + 2]


@given(
    st.one_of(st.integers(), st.floats(allow_nan=False)),
    st.lists(st.one_of(st.none(), st.text(max_size=12), st.integers()), max_size=8),
)
def test_a_row_that_starts_with_a_number_is_a_data_row(first: float, rest: list[object]) -> None:
    # read_table takes such rows as data rows without classifying them; this is why.
    header = ["line", "description", "total", "price"]
    assert classify_row([first, *rest], header) is None


cells = st.one_of(
    st.none(),
    st.integers(min_value=0, max_value=99),
    st.sampled_from(["", " ", "1", "12", "Total", "line", "Notes:", "H100", "3.10", "USD"]),
    st.text(max_size=6),
)


@given(st.lists(cells, max_size=7), st.sampled_from(["line", "description", "1", "no", ""]))
def test_a_row_taken_as_plain_data_is_one_classify_row_calls_data(
    row: list[object], first_key: str
) -> None:
    header = [first_key, "description", "gpu", "price"]
    if plainly_data(row, first_key.split(" ")[0]):
        assert classify_row(row, header, first_key) is None


def test_csv_line_numbers_make_plain_data_rows() -> None:
    assert plainly_data(["17", "H100 on-demand", "H100", "3.10"], "line")
    assert not plainly_data(["17", "", "", ""], "line")  # could be a heading: ask
    assert not plainly_data(["Total", "", "", "310"], "line")
    assert plainly_data([3, None], "line")


def test_net_amount_added_tax_and_amount_due_rows_are_not_lines() -> None:
    # A UK and a German purchase quote: a net amount is a subtotal, a tax added on is a
    # tax row wherever its tax word stands, and the amount due ends the table.
    rows = [
        ["Item", "Description", "Qty", "Unit price", "Total"],
        ["1", "DGX H100 system (8 GPUs)", "2", "£265,000.00", "£530,000.00"],
        ["2", "Rack installation", "1", "£6,000.00", "£6,000.00"],
        ["", "Less 5% volume discount", "", "", "(£26,800.00)"],
        ["", "Net amount", "", "", "£509,200.00"],
        ["", "Plus VAT @ 20%", "", "", "£101,840.00"],
        ["", "Amount due", "", "", "£611,040.00"],
        ["", "Deposit payable with order (30%)", "", "", "£183,312.00"],
    ]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert [r.index for r in table.rows] == [1, 2, 3]
    assert dict(table.skipped) == {}
    assert table.stop_reason == "total row 7"
    for label in ("Nettobetrag", "zzgl. 19 % MwSt.", "19% MwSt", "Plus VAT @ 20%", "消費税（10%）"):
        cells = ["", label, "", "", "1.000,00 €"]
        assert classify_row(cells, ["pos", "bezeichnung", "menge", "preis", "gesamt"]) == (
            "subtotal"
        ), label
    assert is_tax_label("zzgl. 19 % MwSt.") and is_tax_label("Plus VAT @ 20%")
    assert not is_tax_label("Versand zzgl. MwSt.")  # a shipping line priced net of tax


def test_a_wrapped_description_that_says_total_does_not_end_the_table() -> None:
    rows = [
        ["Item", "Description", "Qty", "Unit price"],
        ["1", "HGX H100 cluster, 16 nodes", "1", "$2,400,000.00"],
        ["", "InfiniBand NDR, 128 GPUs total"],
        ["2", "Support, 36 months", "1", "$172,000.00"],
        ["", "Grand total", "", "$2,572,000.00"],
    ]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert [r.index for r in table.rows] == [1, 3]
    assert table.stop_reason == "total row 5"


def _two_pages(page_1: list[list[Any]], page_2: list[list[Any]]) -> WorkbookData:
    return WorkbookData(
        path=Path("quote.pdf"),
        kind="pdf",
        sheets=(
            SheetData(name="page 1", index=0, rows=page_1),
            SheetData(name="page 2", index=1, rows=page_2),
        ),
        date1904=False,
    )


_HEADER = ["Item", "Description", "Qty", "Unit price", "Extended price"]


def test_a_pdf_table_carried_over_without_its_header_is_read_under_it(
    catalogue: Catalogue,
) -> None:
    # A PDF quote whose table runs on to page 2 without its header: page 2's lines stand
    # in the table's columns (a figure where it had figures, words where it had words).
    page_1 = [_HEADER, ["1", "HGX H100 8-GPU server", "2", "$289,500.00", "$579,000.00"]]
    page_2 = [
        ["Northwind Systems · Quote Q-77"],
        ["2", "InfiniBand NDR switch", "2", "$34,200.00", "$68,400.00"],
        ["3", "Support, 36 months", "1", "$172,000.00", "$172,000.00"],
        ["", "Grand total", "", "", "$819,400.00"],
        ["Quote date", "2026-11-02", "Valid until", "30 days"],
    ]
    draft = read_quote_book(_two_pages(page_1, page_2), catalogue, vendor="Northwind")
    lines = draft.quotes[0].lines
    assert [line.description for line in lines] == [
        "HGX H100 8-GPU server",
        "InfiniBand NDR switch",
        "Support, 36 months",
    ]
    assert [line.source for line in lines] == [
        "quote.pdf!page 1!2",
        "quote.pdf!page 2!2",
        "quote.pdf!page 2!3",
    ]
    assert lines[1].quantity == Decimal(2) and lines[1].price == Decimal("34200")
    told = [p for p in draft.problems if p.source == "quote.pdf!page 2!2–3"]
    assert len(told) == 1 and told[0].severity is Severity.WARNING
    assert "2 rows continue the table of page 1 without its header" in told[0].message
    # The grand total on page 2 is checked against the lines of both pages: it matches.
    assert not [p for p in draft.all_problems if "add up to" in p.message]
    mappings = draft.quotes[0].mappings
    assert [m.header_place for m in mappings] == [
        "headers on row 1",
        "continues the table of page 1 (its header not repeated)",
    ]


def test_rows_that_read_like_lines_outside_every_table_are_told(catalogue: Catalogue) -> None:
    # Page 2's rows read like lines but not in the table's columns (words where the
    # table has figures), or the table on page 1 ended with its total: they are not
    # guessed into a table, and not dropped unseen either.
    page_1 = [_HEADER, ["1", "HGX H100 8-GPU server", "2", "$289,500.00", "$579,000.00"]]
    shifted = [
        ["InfiniBand NDR switch", "2", "$34,200.00", "$68,400.00", "switching"],
        ["Support, 36 months", "1", "$172,000.00", "$172,000.00", "services"],
    ]
    ended = [*page_1, ["", "Total", "", "", "$579,000.00"]]
    aligned = [["2", "InfiniBand NDR switch", "2", "$34,200.00", "$68,400.00"]]
    for first, second in ((page_1, shifted), (ended, aligned)):
        draft = read_quote_book(_two_pages(first, second), catalogue, vendor="Northwind")
        assert [line.description for line in draft.quotes[0].lines] == ["HGX H100 8-GPU server"]
        told = [p for p in draft.problems if p.source.startswith("quote.pdf!page 2!1")]
        assert len(told) == 1 and told[0].severity is Severity.WARNING
        assert "read like quote lines" in told[0].message
        assert "carried over from the page before" in told[0].message
    assert looks_like_line(shifted[0]) and not looks_like_line(["Quote date", "2026-11-02"])
    assert not looks_like_line(["Sev 1", "15 min", "4 h", "10%"])  # a support table's row
    # a letterhead's company number ("MVA": Norwegian VAT) states no currency
    org = ["Org.nr.", "998", "877 665 MVA", "Sandakerveien", "24", "0473 Oslo", "Norway"]
    assert not looks_like_line(org)
    assert looks_like_line(["H100 node", "8", "20 000 NOK", "month"])  # a currency's code


def test_a_summary_under_the_lines_after_a_blank_row_ends_the_table() -> None:
    rows = [
        ["Description", "Commitment", "GPUs", "Price", "Monthly total"],
        ["HGX B200 cluster", "36 months", "128", "$3.15/GPU-hr", "$294,336.00"],
        ["Cross-connect", "36 months", None, "$1,200.00/mo", "$1,200.00"],
        [],
        ["Estimated monthly recurring (committed)", "$300,036.00"],
    ]
    table = read_table(sheet(rows), find_header(sheet(rows)))
    assert [r.index for r in table.rows] == [1, 2]
    assert table.stop_reason == "end of table before row 5"


def test_accelerators_across_are_a_price_table_only_beside_a_column_of_terms() -> None:
    names = {"h100 sxm", "h200 sxm"}.__contains__

    def named(text: str) -> bool:
        return names(text.casefold())

    priced = ["Commitment", "H100 SXM", "H200 SXM"]
    assert named_accelerators(priced, names=named) == [1, 2]
    assert named_accelerators(["Specification", "H100 SXM", "H200 SXM"], names=named) == []
    assert named_accelerators(["Commitment", "H100 SXM", "H100 SXM"], names=named) == []
    assert named_accelerators(["GPU", "Commitment", "H100 SXM", "H200 SXM"], names=named) == []


def test_a_printouts_rules_and_split_headings_are_read_through() -> None:
    """An ERP printout as a PDF page reads it: its rules drawn with dashes, and "Unit price"
    and "Net value" split by the page's word gaps over a column that holds no value."""
    from computescore.io.header_finder import join_split_words, split_heading_columns

    rule = [None, None, "-" * 60]
    rows: list[list[object]] = [
        rule,
        ["Item", "Material", "Description", "Qty", "UoM", "Unit", "price", "Net", "value"],
        rule,
        ["10", "SRV-1", "HGX B200 8-GPU server", "2", "PC", None, "4,350,000.00", None,
         "8,700,000.00"],
        ["20", "SVC-1", "Installation", "1", "AU", None, "98,000.00", None, "98,000.00"],
        rule,
        [None, None, None, None, "Total", "amount", "NOK", None, "8,798,000.00"],
    ]  # fmt: skip
    page = sheet(rows)
    assert classify_row(rule, []) == "rule"
    assert split_heading_columns(page, 1) == [5, 7]  # "Unit" and "Net" over no value
    assert join_split_words(rows[1], [5, 7])[5:] == [None, "Unit price", None, "Net value"]
    assert join_split_words(rows[6], [5, 7])[4:7] == ["Total", None, "amount NOK"]
    # the header finder keeps a row's own cells: a spreadsheet's column with no value in
    # its first lines ("Discount", "availabilityId") is a column of its own
    header = find_header(page)
    assert header is not None and header.cells[5:7] == ("Unit", "price")
    # the reader joins the words in every row from the header down, as a PDF's are
    joined = sheet([rows[0], *(join_split_words(row, [5, 7]) for row in rows[1:])])
    header = find_header(joined)
    assert header is not None
    table = read_table(joined, header)
    assert [r.index for r in table.rows] == [3, 4]  # the rule under the header is no end
    assert (2, SkipReason.RULE) in table.skipped and table.stop_reason == "total row 7"
    # a word over a column that has values of its own stays a heading of its own
    assert (
        split_heading_columns(sheet([rows[1], ["1", "S", "D", "2", "PC", "x", "3", "4", "5"]]), 0)
        == []
    )


def test_only_words_that_make_one_heading_are_joined() -> None:
    from computescore.io.header_finder import split_heading_columns

    header = ["Description", "Remarks", "Qty", "Notes", "Unit price"]
    lines = [["H100 node", None, "2", None, "2,500.00"], ["A100 node", None, "4", None, "900.00"]]
    # "Remarks Qty" is no heading: "Qty" keeps its own; "Notes Unit price" is still a price
    assert split_heading_columns(sheet([header, *lines]), 0) == [3]
    # a column of notes filled on one line of the page is a column of its own
    noted = [*lines, ["B200 node", None, "1", "ships in Q2", "4,100.00"]]
    assert split_heading_columns(sheet([header, *noted]), 0) == []
