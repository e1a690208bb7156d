"""Numbers written as text in any supported style read back exactly, file by file.

A price list whose prices are text in a local style (``1.234,56 €``, ``$1,234.56``,
``CHF 1'234.50``, ``1 234,56``) is read through the real reader: when the file holds
one value that proves its style, every other value (even ``12.600`` or ``1,250``, which
alone read two ways) comes back exactly; when nothing proves it, the ambiguous cells are
reported by address, never guessed.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from computescore.domain.catalog import Catalogue
from computescore.io.reader import read_quote_file
from computescore.io.refusal import FileRefused
from computescore.services.catalogue import load_catalogue

# style: (thousands separator, decimal mark)
STYLES = {
    "en": (",", "."),
    "de": (".", ","),
    "fr": ("\u202f", ","),
    "ch": ("'", "."),
    "es": (".", ","),
}
# currency: (code, how an amount is written around the number)
CURRENCIES = {
    "USD": "${}",
    "EUR": "{} €",
    "GBP": "£{}",
    "CHF": "CHF {}",
    "SEK": "{} kr",
}


def written(amount: Decimal, style: str, decimals: bool = True) -> str:
    """``Decimal("1234.5")`` in the German style → ``"1.234,50"``."""
    thousands, mark = STYLES[style]
    whole, _, cents = f"{amount:,.2f}".partition(".")
    whole = whole.replace(",", thousands)
    return f"{whole}{mark}{cents}" if decimals else whole


def _file(tmp: Path, lines: list[str]) -> Path:
    path = tmp / "prices.csv"
    rows = ["Description;Category;Monthly fee"] + [
        f"Service {n};Support;{cell}" for n, cell in enumerate(lines, 1)
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


amounts = st.decimals(min_value=Decimal(1000), max_value=Decimal(10**7), places=2)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    style=st.sampled_from(sorted(STYLES)),
    currency=st.sampled_from(sorted(CURRENCIES)),
    values=st.lists(amounts, min_size=1, max_size=8),
    whole=st.lists(st.integers(min_value=1, max_value=999), min_size=1, max_size=3),
)
def test_every_style_reads_back_exactly_with_one_proving_value(
    tmp_path_factory: pytest.TempPathFactory,
    style: str,
    currency: str,
    values: list[Decimal],
    whole: list[int],
) -> None:
    catalogue = load_catalogue()
    proving = Decimal("2930000.00")  # 2.930.000,00 / 2,930,000.00: one reading only
    # Ambiguous on their own: whole thousands written without decimals (12.600, 1,250).
    tricky = [Decimal(n * 1000 + 600) for n in whole]
    cells = [CURRENCIES[currency].format(written(proving, style))]
    cells += [CURRENCIES[currency].format(written(v, style)) for v in values]
    cells += [CURRENCIES[currency].format(written(v, style, decimals=False)) for v in tricky]
    path = _file(tmp_path_factory.mktemp("styles"), cells)
    # "kr" names a crown without saying whose: the user says SEK, as the message asks.
    stated = "SEK" if currency == "SEK" else None
    draft = read_quote_file(path, catalogue, vendor="V", currency=stated)
    errors = [p for p in draft.all_problems if p.severity.value == "error"]
    assert not errors, [str(p) for p in errors]
    prices = [line.price for line in draft.lines]
    assert prices == [proving, *values, *tricky]
    assert {line.currency for line in draft.lines} == {currency}


def test_without_a_proving_value_the_ambiguous_cells_are_named(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    path = _file(tmp_path, ["1.250 €", "12.600 €", "980 €"])
    draft = read_quote_file(path, catalogue, vendor="V")
    ambiguous = [p for p in draft.all_problems if "ambiguous" in p.message]
    assert [p.source for p in ambiguous] == ["prices.csv!C2", "prices.csv!C3"]
    assert all("number format" in p.message for p in ambiguous)


def test_values_proving_both_styles_are_not_guessed(tmp_path: Path, catalogue: Catalogue) -> None:
    path = _file(tmp_path, ["1.234,56 €", "1,234.56 €", "1.250 €"])
    try:
        draft = read_quote_file(path, catalogue, vendor="V")
    except FileRefused:
        return
    by_source = {p.source: p for p in draft.all_problems if p.severity.value == "error"}
    assert "prices.csv!C4" in by_source  # 1.250 stays ambiguous
    assert not any(line.source == "prices.csv!4" for line in draft.lines)
