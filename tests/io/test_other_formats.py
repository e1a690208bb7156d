"""OpenDocument spreadsheets, the openpyxl fallback, and the fast accelerator resolver."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from computescore.domain.catalog import Catalogue
from computescore.io.accelerators import AcceleratorResolver
from computescore.io.isolated import read_file
from computescore.io.preflight import FileKind, preflight
from computescore.io.reader import read_quote_file
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.services.catalogue import load_catalogue
from tests.fixtures import hostile


def test_ods_quote_is_read(tmp_path: Path, catalogue: Catalogue) -> None:
    path = hostile.ods(tmp_path, [hostile.QUOTE_HEADER, *hostile.QUOTE_ROWS])
    assert preflight(path).kind is FileKind.ODS
    lines = read_quote_file(path, catalogue).lines
    assert [(line.accelerator, line.accelerator_count) for line in lines] == [
        ("nvidia-h100-sxm", 8),
        ("nvidia-a100-sxm-80gb", 16),
    ]


def test_ods_with_a_value_repeated_a_million_times_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileRefused) as caught:
        read_file(hostile.ods_repeated_rows(tmp_path))
    assert caught.value.code is RefusalCode.TOO_MANY_ROWS


def test_ods_trailing_empty_rows_are_harmless(tmp_path: Path) -> None:
    book = read_file(hostile.ods_trailing_empty_rows(tmp_path))
    assert len(book.sheets[0].rows) == 3


def test_cells_calamine_refuses_are_read_by_the_fallback(tmp_path: Path) -> None:
    book = read_file(hostile.calamine_rejects(tmp_path))
    assert book.engine == "openpyxl"
    assert any("slower reader" in note for note in book.notes)
    rows = book.sheets[0].rows
    assert rows[1][:2] == ["H100 on-demand", "H100 SXM"]
    assert rows[8][5] is True


_CATALOGUE = load_catalogue()
_WORDS = sorted(
    {word for alias in _CATALOGUE.aliases for word in alias.text.split()}
    | {
        "node",
        "GPUs",
        "(8",
        "GPUs)",
        "2x",
        "x8",
        "cluster",
        "—",
        "on-demand",
        "sx5.48xlarge",
        "nvidia-h100-sxm",
        "80GB",
        "整机租赁",
    }
)


@given(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=6))
def test_fast_resolver_gives_the_catalogues_answers(words: list[str]) -> None:
    text = " ".join(words)
    assert AcceleratorResolver(_CATALOGUE).resolve(text) == _CATALOGUE.resolve(text)


def test_fast_resolver_on_every_alias() -> None:
    resolver = AcceleratorResolver(_CATALOGUE)
    for alias in _CATALOGUE.aliases:
        for text in (alias.text, f"2x {alias.text}", f"{alias.text} (8 GPUs) node"):
            assert resolver.resolve(text) == _CATALOGUE.resolve(text), text
