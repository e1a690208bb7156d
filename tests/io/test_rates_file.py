"""Exchange-rate files: the ECB's euro reference rates and a plain currency,date,rate CSV."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from computescore.errors import InputRefused
from computescore.io.rates_file import MAX_BYTES, RateRow, read_rates_file

ECB_DAILY = "Date, USD, JPY, GBP, \n24 November 2026, 1.0850, 162.50, 0.8420, \n"
ECB_HISTORY = (
    "Date,USD,JPY,GBP,CYP,\n"
    "2026-11-24,1.0850,162.50,0.8420,N/A,\n"
    "2026-11-23,N/A,N/A,N/A,N/A,\n"
    "2026-11-20,1.0800,160.00,0.8400,N/A,\n"
)


def _file(tmp_path: Path, text: str, name: str = "rates.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_ecb_daily_file_gives_dollars_per_unit(tmp_path: Path) -> None:
    rows = read_rates_file(_file(tmp_path, ECB_DAILY, "eurofxref.csv"))
    day = date(2026, 11, 24)
    source = "ECB euro reference rate"
    # Hand-worked: 1 GBP = 1.0850 / 0.8420 USD = 1.2885986 USD; 1 JPY = 1.0850 / 162.50.
    assert rows == [
        RateRow("EUR", Decimal("1.0850"), day, source),
        RateRow("JPY", Decimal("0.0066769"), day, source + " (via EUR)"),
        RateRow("GBP", Decimal("1.2885986"), day, source + " (via EUR)"),
    ]


def test_the_ecb_history_skips_days_and_currencies_without_a_fixing(tmp_path: Path) -> None:
    rows = read_rates_file(_file(tmp_path, ECB_HISTORY))
    assert {r.as_of for r in rows} == {date(2026, 11, 24), date(2026, 11, 20)}
    assert {r.currency for r in rows} == {"EUR", "JPY", "GBP"}


def test_a_plain_file_is_read_as_dollars_per_unit(tmp_path: Path) -> None:
    rows = read_rates_file(
        _file(tmp_path, "Currency,Date,Rate,Source\nEUR,2026-11-20,1.085,treasury\n")
    )
    assert rows == [RateRow("EUR", Decimal("1.085"), date(2026, 11, 20), "treasury")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("currency,date,rate\nEUR,2026-11-20,abc\n", "row 2, column C: 'abc' is not a positive"),
        ("currency,date,rate\nEUR,20/11/2026,1.08\n", "row 2, column B: '20/11/2026' is not"),
        ("currency,date,rate\nUSD,2026-11-20,1\n", "row 2, column A: 'USD' is not a three"),
        ("Datum;Kurs\n2026-11-20;1,08\n", "row 1: expected the ECB reference-rate layout"),
        ("Date, USD\nyesterday, 1.08\n", "row 2, column A: 'yesterday' is not a date"),
        ("", "the file is empty"),
    ],
)
def test_a_bad_file_is_refused_naming_row_and_column(
    tmp_path: Path, text: str, message: str
) -> None:
    with pytest.raises(InputRefused, match=message):
        read_rates_file(_file(tmp_path, text))


def test_an_oversized_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    with pytest.raises(InputRefused, match="too large for a rates file"):
        read_rates_file(path)
