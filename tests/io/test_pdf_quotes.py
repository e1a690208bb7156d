"""Text PDF quotes (tests/io/pdf_quotes) import with exactly the lines and terms each states.

Each PDF's expected lines and terms are written by hand beside its layout in
``pdf_quotes/make_pdf_quotes.py``; only the fields stated there are compared, each one
exactly, after the file has gone through the isolated reader, the table finder, the
column mapping and the terms reader like any spreadsheet.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from computescore.domain.catalog import Catalogue
from computescore.io.reader import read_quote_file
from computescore.io.reader.records import QuoteDraft

HERE = Path(__file__).resolve().parent / "pdf_quotes"
EXPECTED = sorted((HERE / "expected").glob("*.json"))


def plain(value: Any) -> Any:
    value = getattr(value, "value", value)
    if value is None or isinstance(value, bool | int | float | list):
        return value
    if isinstance(value, tuple):
        return list(value)
    return str(value)


def term(draft: QuoteDraft, dotted: str) -> Any:
    """A quote's term by dotted name (``sla.uptime_pct``, ``support.response_minutes.1``)."""
    value: Any = draft
    for part in dotted.split("."):
        value = value.get(int(part)) if isinstance(value, dict) else getattr(value, part)
    if dotted == "certifications":
        return list(value)
    return plain(value)


def test_the_corpus_has_eight_styles_and_every_file_its_expectations() -> None:
    files = {p.name for p in (HERE / "files").iterdir()}
    assert files == {p.stem for p in EXPECTED}
    assert len(files) >= 8


@pytest.mark.parametrize(
    "expected",
    [pytest.param(json.loads(p.read_text("utf-8")), id=p.stem) for p in EXPECTED],
)
def test_pdf_quote_lines_and_terms(expected: dict[str, Any], catalogue: Catalogue) -> None:
    draft = read_quote_file(HERE / "files" / expected["file"], catalogue, **expected["options"])
    assert len(draft.quotes) == 1, [q.quote_ref for q in draft.quotes]
    quote = draft.quotes[0]
    errors = [str(p) for p in quote.problems if p.severity.value == "error"]
    assert not errors, errors
    messages = [str(p) for p in draft.all_problems]
    for wanted in expected["warnings"]:
        assert any(wanted in message for message in messages), (wanted, messages)
    assert not [m for m in messages if "add up to" in m], messages
    assert [line.description for line in quote.lines] == [
        line["description"] for line in expected["lines"]
    ]
    for got, wanted in zip(quote.lines, expected["lines"], strict=True):
        for name, value in wanted.items():
            found = getattr(got, name)
            if name in ("price", "quantity") and found is not None:
                assert Decimal(found) == Decimal(value), (got.source, name, found)
            else:
                assert plain(found) == value, (got.source, name, found)
        assert got.source is not None and got.source.startswith(f"{expected['file']}!page ")
    for name, value in expected["terms"].items():
        assert term(quote, name) == value, (name, term(quote, name))
