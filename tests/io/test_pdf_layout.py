"""Laying a PDF page's words out as rows of cells (pure functions, hand-placed words)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from computescore.io.pdf_layout import (
    PlacedRow,
    Word,
    block_rows,
    blocks,
    page_rows,
    text_lines,
    without_running_footers,
)


def words_at(top: float, *placed: tuple[float, str], size: float = 9.0) -> list[Word]:
    """Words on one line: each (x0, text), 5 points per letter."""
    return [Word(text, x, x + 5 * len(text), top, top + size) for x, text in placed]


def test_a_word_space_joins_and_a_column_gap_splits() -> None:
    # "NVIDIA" ends at 80, "H100" starts 2.5 pt later (a word space at 9 pt);
    # "$2.49" starts 40 pt after "H100" ends.
    line = text_lines(words_at(100, (50, "NVIDIA"), (82.5, "H100"), (142.5, "$2.49")))
    assert [c.text for c in line[0].chunks] == ["NVIDIA H100", "$2.49"]
    # The threshold is 0.6 × 9 pt = 5.4 pt: a 6 pt gap splits, a 5 pt gap does not.
    assert len(text_lines(words_at(100, (0, "ab"), (16, "cd")))[0].chunks) == 2
    assert len(text_lines(words_at(100, (0, "ab"), (15, "cd")))[0].chunks) == 1


def test_words_a_little_off_the_baseline_are_on_the_same_line() -> None:
    words = [*words_at(100, (0, "Item")), *words_at(103, (80, "Price"))]
    assert len(text_lines(words)) == 1
    words = [*words_at(100, (0, "Item")), *words_at(105, (80, "Price"))]
    assert len(text_lines(words)) == 2


def test_a_missing_cell_keeps_the_others_under_their_headers() -> None:
    header = words_at(100, (0, "Item"), (100, "Region"), (200, "Price"))
    full = words_at(112, (0, "H100"), (100, "us-east"), (205, "2.49"))
    gap = words_at(124, (0, "L40S"), (210, "0.98"))  # no region
    rows = block_rows(blocks(text_lines([*header, *full, *gap]))[0])
    assert [r.cells for r in rows] == [
        ("Item", "Region", "Price"),
        ("H100", "us-east", "2.49"),
        ("L40S", None, "0.98"),
    ]


def test_a_blank_line_ends_a_block_and_becomes_an_empty_row() -> None:
    # 9 pt text: lines 12 pt apart stay together; a 30 pt gap (> 1.5 × 9) splits.
    words = [
        *words_at(100, (0, "Quote no.: Q-1")),
        *words_at(112, (0, "Date: 2026-11-20")),
        *words_at(150, (0, "Item"), (100, "Price")),
        *words_at(162, (0, "H100"), (100, "2.49")),
    ]
    assert [len(b) for b in blocks(text_lines(words))] == [2, 2]
    assert page_rows(words) == [
        ("Quote no.: Q-1",),
        ("Date: 2026-11-20",),
        (),
        ("Item", "Price"),
        ("H100", "2.49"),
    ]


def test_ruled_table_rows_take_their_place_among_the_text() -> None:
    words = [*words_at(100, (0, "Quote no.: Q-1")), *words_at(300, (0, "Notes: none"))]
    table = [
        PlacedRow(200, 212, ("Item", "Price")),
        PlacedRow(212, 224, ("H100", "2.49")),
    ]
    rows = page_rows(words, table)
    assert rows == [
        ("Quote no.: Q-1",),
        (),
        ("Item", "Price"),
        ("H100", "2.49"),
        (),
        ("Notes: none",),
    ]


def test_a_footer_repeated_on_every_page_is_dropped_but_body_text_is_kept() -> None:
    height = 842.0
    pages = [
        [
            *words_at(100, (0, "Item"), (100, "Price")),
            *words_at(800, (0, "Kessler GmbH"), (400, f"Page {n}")),
        ]
        for n in (1, 2)
    ]
    kept = without_running_footers(pages, [height, height])
    # The table header repeated at the top of each page stays.
    assert [[w.text for w in page] for page in kept] == [["Item", "Price"], ["Item", "Price"]]


def test_a_one_page_footer_is_kept_because_nothing_shows_it_repeats() -> None:
    page = words_at(800, (0, "Kessler GmbH"))
    assert without_running_footers([page], [842.0]) == [page]


@given(
    st.lists(
        st.lists(st.text("abcxyz0123456789.$", min_size=1, max_size=8), min_size=1, max_size=6),
        min_size=1,
        max_size=12,
    ),
    st.floats(min_value=2.0, max_value=60.0),
)
def test_no_word_is_lost_or_repeated(lines: list[list[str]], gap: float) -> None:
    words = []
    for number, texts in enumerate(lines):
        x = 0.0
        for text in texts:
            words.append(Word(text, x, x + 5 * len(text), 100 + 12 * number, 109 + 12 * number))
            x += 5 * len(text) + gap
    cells = [cell for row in page_rows(words) for cell in row if cell]
    assert Counter(" ".join(cells).split()) == Counter(w.text for w in words)


def test_a_description_wrapped_on_to_the_next_line_is_joined_to_its_cell() -> None:
    # A table set without rules: descriptions run on to a second line (after a comma,
    # or starting in lower case); a heading of its own is not part of the line above.
    words = [
        *words_at(100, (0, "Description"), (200, "GPUs"), (260, "Price")),
        *words_at(112, (0, "B200 cluster, 8 GPUs per node,"), (200, "128"), (260, "$3.15")),
        *words_at(123, (0, "InfiniBand NDR")),
        *words_at(136, (0, "H100 overflow"), (200, "32"), (260, "$2.99")),
        *words_at(147, (0, "capacity, billed per hour")),
        *words_at(160, (0, "Storage")),
        *words_at(172, (0, "Block storage"), (200, "1"), (260, "$0.07")),
    ]
    rows = block_rows(blocks(text_lines(words))[0])
    assert [r.cells for r in rows] == [
        ("Description", "GPUs", "Price"),
        ("B200 cluster, 8 GPUs per node, InfiniBand NDR", "128", "$3.15"),
        ("H100 overflow capacity, billed per hour", "32", "$2.99"),
        ("Storage", None, None),
        ("Block storage", "1", "$0.07"),
    ]
    assert (rows[1].top, rows[1].bottom) == (112, 132)
