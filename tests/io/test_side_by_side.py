"""Alternatives side by side on one sheet, and totals that count by the month
(io/reader/side_by_side, io/reader/pricing)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Severity
from computescore.domain.quotes import Deployment, PriceUnit
from computescore.io.reader import read_quote_file
from computescore.io.reader.side_by_side import side_by_side
from computescore.io.workbook import SheetData
from tests.fixtures.xlsx_builder import Sheet, build_xlsx

HEADER = ["Item", "Qty", "Unit", "Unit price (USD)", "Monthly total (USD)"]


def proposal_rows() -> list[list[object]]:
    """A proposal with two options, A in columns A–E and B in G–K, each with its total."""
    left = [
        ["H100 SXM 80GB (8 GPUs/node), InfiniBand NDR", 256, "GPU-hour rate", 2.10, 392448.00],
        ["Parallel storage (VAST), 2 PB", 2000, "TB-month", 28.00, 56000.00],
        ["Dedicated support engineer", 1, "month", 9500.00, 9500.00],
    ]
    right = [
        ["B200 180GB (8 GPUs/node), InfiniBand XDR", 256, "GPU-hour rate", 3.35, 626016.00],
        ["Parallel storage (VAST), 2 PB", 2000, "TB-month", 25.00, 50000.00],
        ["Dedicated support engineer", 1, "month", 0, 0],
    ]
    rows: list[list[object]] = [
        ["Helios Compute Inc. — Reserved cluster proposal for ACME AI"],
        ["Proposal ref: HC-2026-031"],
        ["Valid until: 2026-02-15"],
        [],
        ["Option A — H100 SXM, 12-month term", None, None, None, None, None,
         "Option B — B200, 24-month term"],
        [*HEADER, None, *HEADER],
    ]  # fmt: skip
    rows += [[*a, None, *b] for a, b in zip(left, right, strict=True)]
    rows.append(["Total monthly", None, None, None, 457948.00, None, "Total monthly", None,
                 None, None, 676016.00])  # fmt: skip
    return rows


def test_a_header_repeated_across_the_sheet_splits_it_into_its_alternatives() -> None:
    sheet = SheetData(name="Proposal", index=0, rows=proposal_rows())
    left, right = side_by_side(sheet)
    assert (left.label, right.label) == (
        "Option A — H100 SXM, 12-month term",
        "Option B — B200, 24-month term",
    )
    # The shared rows stay whole; the banners and everything under them are the block's.
    assert left.sheet.rows[1][0] == right.sheet.rows[1][0] == "Proposal ref: HC-2026-031"
    assert (
        right.sheet.rows[4][0] is None
        and right.sheet.rows[4][6] == "Option B — B200, 24-month term"
    )
    assert left.sheet.rows[6][6] is None and right.sheet.rows[6][0] is None
    assert right.sheet.rows[6][6].startswith("B200")


def test_one_table_or_two_different_ones_side_by_side_are_not_split() -> None:
    plain = SheetData(name="S", index=0, rows=[HEADER, ["H100 SXM", 8, "GPU-hour", 2.0, 11680]])
    assert [b.label for b in side_by_side(plain)] == [None]
    other = ["Item", "Qty", "Unit price (USD)"]
    mixed = SheetData(
        name="S", index=0, rows=[[*HEADER, None, *other], ["H100 SXM", 8, "GPU-hour", 2.0, 11680]]
    )
    assert [b.label for b in side_by_side(mixed)] == [None]


def test_alternatives_side_by_side_are_quotes_of_their_own_on_their_banners_terms(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = build_xlsx(tmp_path / "helios.xlsx", [Sheet("Proposal", proposal_rows())])
    draft = read_quote_file(path, catalogue)
    assert [(q.vendor, q.quote_ref, len(q.lines)) for q in draft.quotes] == [
        ("Helios Compute Inc.", "HC-2026-031 Option A", 3),
        ("Helios Compute Inc.", "HC-2026-031 Option B", 3),
    ]
    a, b = (quote.lines[0] for quote in draft.quotes)
    assert (a.accelerator, a.deployment, a.term_months) == (
        "nvidia-h100-sxm",
        Deployment.RESERVED,
        12,
    )
    assert (b.accelerator, b.deployment, b.term_months) == ("nvidia-b200", Deployment.RESERVED, 24)
    # Option B's cells keep their own columns, and the import report says where it stands.
    assert b.source == "helios.xlsx!Proposal!7"
    assert draft.quotes[1].mappings[0].header_place == (
        "headers on row 6 from column G (Option B — B200, 24-month term)"
    )
    problems = [p for q in draft.quotes for p in q.problems]
    assert any(p.source == "helios.xlsx!Proposal!K7" for p in problems)
    assert not [p for p in problems if p.severity is Severity.ERROR]
    # the wizard's preview shows where both read, once, and each its own sample values
    (sheet,) = draft.preview.sheets
    assert (sheet.header_rows, sheet.table_rows) == ((6,), ((7, 9),))
    assert draft.quotes[1].mappings[0].samples[0][6].startswith("B200")


def test_a_monthly_total_shows_a_quantity_counts_gpus_not_nodes(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # 256 at $2.10 per GPU-hour is $392,448 a month over 730 hours: 256 GPUs, not 256
    # nodes of 8 (2,048 GPUs, $3,139,584).
    path = build_xlsx(tmp_path / "q.xlsx", [Sheet("Q", proposal_rows())])
    first = read_quote_file(path, catalogue).quotes[0]
    gpu = first.lines[0]
    assert (gpu.accelerator_count, gpu.nodes, gpu.price_unit) == (256, 32, PriceUnit.PER_GPU_HOUR)
    told = [p for p in first.problems if "counts GPUs" in p.message]
    assert [(p.source, p.severity) for p in told] == [("q.xlsx!Q!E7", Severity.WARNING)]


def test_a_quantity_stated_in_terabytes_is_brought_to_gigabytes_with_its_price(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # 2,000 TB at $28 a TB-month is $56,000 a month: 2,000,000 GB at $0.028.
    path = build_xlsx(tmp_path / "q.xlsx", [Sheet("Q", proposal_rows())])
    storage = read_quote_file(path, catalogue).quotes[0].lines[1]
    assert (storage.price, storage.price_unit, storage.quantity) == (
        Decimal("0.028"),
        PriceUnit.PER_GB_MONTH,
        Decimal(2_000_000),
    )
    assert storage.price * storage.quantity == Decimal(56000)


def test_an_hourly_price_is_checked_against_a_monthly_total(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [HEADER, ["H100 SXM (1 GPU)", 16, "GPU-hour", 2.10, 30000.00]]
    path = build_xlsx(tmp_path / "q.xlsx", [Sheet("Q", rows)])
    quote = read_quote_file(path, catalogue, vendor="V", currency="USD").quotes[0]
    (told,) = [p for p in quote.problems if "line total" in p.message]
    assert told.source == "q.xlsx!Q!E2"
    assert "2.1 × 16 × 730 hours = 24528" in told.message


def test_a_list_printed_in_two_column_sets_without_banners_stays_one_quote(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    header = ["GPU", "Price per GPU-hour (USD)"]
    rows = [
        [*header, None, *header],
        ["H100 SXM", 2.49, None, "H200 SXM", 3.19],
        ["A100 80GB", 1.29, None, "B200", 4.99],
    ]
    path = build_xlsx(tmp_path / "list.xlsx", [Sheet("Prices", rows)])
    (quote,) = read_quote_file(path, catalogue, vendor="V").quotes
    assert [line.accelerator for line in quote.lines] == [
        "nvidia-h100-sxm",
        "nvidia-a100-sxm-80gb",
        "nvidia-h200-sxm",
        "nvidia-b200",
    ]


def test_terms_across_the_sheet_above_the_banners_belong_to_every_alternative(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # "Quote ref" on the left and "Valid until" on the right, over both blocks.
    rows = proposal_rows()
    rows[1] = ["Proposal ref: HC-2026-031", None, None, None, None, None, "Valid until: 2026-02-15"]
    rows[2] = []
    path = build_xlsx(tmp_path / "helios.xlsx", [Sheet("Proposal", rows)])
    quotes = read_quote_file(path, catalogue).quotes
    assert [(q.quote_ref, str(q.valid_until)) for q in quotes] == [
        ("HC-2026-031 Option A", "2026-02-15"),
        ("HC-2026-031 Option B", "2026-02-15"),
    ]


def test_a_note_under_the_tables_states_the_currency_the_prices_do_not(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    bare = [
        [c.replace(" (USD)", "") if isinstance(c, str) else c for c in r] for r in proposal_rows()
    ]
    rows = [*bare, [], ["All prices in USD, excluding applicable taxes."]]
    path = build_xlsx(tmp_path / "helios.xlsx", [Sheet("Proposal", rows)])
    draft = read_quote_file(path, catalogue)
    assert {line.currency for q in draft.quotes for line in q.lines} == {"USD"}
    (told,) = [p for p in draft.problems if "are in USD, as the file says" in p.message]
    assert (told.source, told.severity) == ("helios.xlsx!Proposal!12", Severity.INFO)
    # Two notes naming two currencies decide nothing: the prices stay refused.
    rows = [*bare, ["All prices in USD."], ["Prices in EUR for EU customers."]]
    path = build_xlsx(tmp_path / "two.xlsx", [Sheet("Proposal", rows)])
    assert not read_quote_file(path, catalogue).quotes[0].lines


def test_terabytes_counted_in_a_column_other_than_the_quantity_are_brought_to_gigabytes(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = tmp_path / "store.csv"
    path.write_text("Item,Nodes,Unit,Unit price (USD)\nStorage,2000,TB-month,28.00\n")
    (line,) = read_quote_file(path, catalogue, vendor="V").quotes[0].lines
    assert (line.quantity, line.price, line.price_unit) == (
        Decimal(2_000_000),
        Decimal("0.028"),
        PriceUnit.PER_GB_MONTH,
    )


def test_alternatives_stacked_under_their_banners_are_quotes_of_their_own(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    def option(number: int, gpu: str, price: int) -> list[list[object]]:
        return [
            [f"Option {number} - HGX {gpu} configuration"],
            ["Line", "Description", "Qty", "Unit Price", "Extended Price"],
            ["1", f"SuperServer, NVIDIA HGX {gpu} 8-GPU", 4, price, 4 * price],
            [None, None, None, "Option Total", 4 * price],
            [],
        ]

    rows = [["Super Micro Computer, Inc."], ["Quote #: SMC-1"], [], *option(1, "H200", 265000)]
    rows.append(["Prices in USD."])
    stacked = [*rows[:-1], *option(2, "B200", 358000), rows[-1]]
    path = build_xlsx(tmp_path / "smc.xlsx", [Sheet("Quote", stacked)])
    draft = read_quote_file(path, catalogue)
    assert [(q.quote_ref, [line.accelerator for line in q.lines]) for q in draft.quotes] == [
        ("SMC-1 Option 1", ["nvidia-h200-sxm"]),
        ("SMC-1 Option 2", ["nvidia-b200"]),
    ]
    # one banner alone names no alternative: the sheet stays one quote
    path = build_xlsx(tmp_path / "one.xlsx", [Sheet("Quote", rows)])
    assert [q.quote_ref for q in read_quote_file(path, catalogue).quotes] == ["SMC-1"]
