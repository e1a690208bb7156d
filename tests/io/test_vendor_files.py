"""The vendor-file corpus (tests/io/vendor_files) imports with exactly the lines each file states.

Each file's expected lines are written by hand beside the file's layout in
``vendor_files/make_vendor_files.py``; only the fields stated there are compared, each
one exactly. Files whose style the importer cannot read yet are marked ``pending`` with
what is missing, and must fail (strict), so a file that starts to pass is noticed.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from computescore.domain.catalog import Catalogue
from computescore.io.reader import read_quote_file

HERE = Path(__file__).resolve().parent / "vendor_files"
EXPECTED = sorted((HERE / "expected").glob("*.json"))


def plain(value: Any) -> Any:
    value = getattr(value, "value", value)
    return None if value is None else str(value) if not isinstance(value, int) else value


def test_the_corpus_is_large_and_complete() -> None:
    files = {p.name for p in (HERE / "files").iterdir()}
    assert files == {p.stem for p in EXPECTED}
    assert len(files) >= 30


def _cases() -> list[Any]:
    cases = []
    for path in EXPECTED:
        expected = json.loads(path.read_text(encoding="utf-8"))
        marks = (
            [pytest.mark.xfail(reason="not read yet: " + expected["pending"], strict=True)]
            if expected["pending"]
            else []
        )
        cases.append(pytest.param(expected, id=expected["file"], marks=marks))
    return cases


@pytest.mark.parametrize("expected", _cases())
def test_vendor_file_lines(expected: dict[str, Any], catalogue: Catalogue) -> None:
    draft = read_quote_file(
        HERE / "files" / expected["file"], catalogue, vendor="Vendor", **expected["options"]
    )
    lines = [line for quote in draft.quotes for line in quote.lines]
    messages = [str(p) for quote in draft.quotes for p in quote.problems]
    for wanted in expected["warnings"]:
        assert any(wanted in message for message in messages), (wanted, messages)
    # A totals mismatch is reported only where the file's total is really wrong.
    mismatches = [m for m in messages if "add up to" in m]
    assert all(any(w in m for w in expected["warnings"]) for m in mismatches), mismatches
    # A row that states only its total is told, unless it is a discount, shipping or a fee.
    totals_as_prices = [m for m in messages if "no unit price" in m]
    assert all(any(w in m for w in expected["warnings"]) for m in totals_as_prices), messages
    errors = [p for quote in draft.quotes for p in quote.problems if p.severity.value == "error"]
    assert not errors, [str(p) for p in errors]
    assert len(lines) == len(expected["lines"]), [line.description for line in lines]
    for got, wanted in zip(lines, expected["lines"], strict=True):
        for name, value in wanted.items():
            found = getattr(got, name)
            if name in ("price", "quantity") and found is not None:
                assert Decimal(found) == Decimal(value), (got.source, name, found)
            else:
                assert plain(found) == value, (got.source, name)


def test_a_bare_yen_in_english_is_the_currency_of_the_addresses(catalogue: Catalogue) -> None:
    # written in English, so the language cannot say which ¥; "Tokyo …, Japan" does, and
    # the import says so
    draft = read_quote_file(HERE / "files" / "jp_quotation_in_english_yen.xlsx", catalogue)
    messages = [p.message for p in draft.all_problems]
    assert "Prices in ¥ were read as Japanese yen (JPY): the file is from Japan" in messages
    assert {line.currency for q in draft.quotes for line in q.lines} == {"JPY"}
