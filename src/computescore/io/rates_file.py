"""Exchange-rate files: the ECB's euro reference rates and a plain ``currency,date,rate`` CSV.

* **ECB** (``eurofxref.csv`` of the day, or ``eurofxref-hist.csv``): a ``Date``
  column, then one column per currency holding units of that currency per euro.
  US dollars per unit follow as ``USD ÷ currency`` (and ``USD`` itself for EUR).
* **Plain**: columns ``currency``, ``date`` and ``rate`` (or ``usd_per_unit``), the
  rate in US dollars per unit of the currency, optionally ``source``.

Every refusal names the file, the row and the column. The file is read in full
only when it is small enough (:data:`MAX_BYTES`).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation
from pathlib import Path

from computescore.errors import InputRefused
from computescore.io.workbook import column_letters

MAX_BYTES = 20 * 1024 * 1024
"""A rates file larger than this is refused (the full ECB history is about 2 MB)."""


@dataclass(frozen=True, slots=True)
class RateRow:
    """One rate read from a file: US dollars per unit of ``currency`` on ``as_of``."""

    currency: str
    usd_per_unit: Decimal
    as_of: date
    source: str


def _day(text: str) -> date | None:
    text = text.strip()
    for pattern in ("%Y-%m-%d", "%d %B %Y", "%d %b %Y", "%d.%m.%Y"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def _number(text: str) -> Decimal | None:
    text = text.strip()
    if not text or text.upper() in ("N/A", "NA", "-"):
        return None
    try:
        value = Decimal(text)
    except InvalidOperation:
        return None
    return value if value.is_finite() and value > 0 else None


def read_rates_file(path: Path) -> list[RateRow]:
    """The rates in an ECB or plain CSV file (see the module's note)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputRefused(f"{path}: no such file.") from None
    if size > MAX_BYTES:
        raise InputRefused(
            f"{path.name}: {size / 1e6:.0f} MB is too large for a rates file "
            f"(at most {MAX_BYTES // 1024 // 1024} MB)."
        )
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    rows = [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text))]
    rows = [row for row in rows if any(row)]
    if not rows:
        raise InputRefused(f"{path.name}: the file is empty.")
    header = [cell.casefold() for cell in rows[0]]
    if header and header[0] == "date" and "usd" in header:
        return _ecb(path.name, rows)
    if {"currency", "date"} <= set(header) and ({"rate", "usd_per_unit"} & set(header)):
        return _plain(path.name, rows, header)
    raise InputRefused(
        f"{path.name}, row 1: expected the ECB reference-rate layout (Date, USD, JPY, …) "
        "or the columns currency, date, rate (US dollars per unit); found "
        + ", ".join(repr(c) for c in rows[0][:6])
        + "."
    )


def _ecb(name: str, rows: list[list[str]]) -> list[RateRow]:
    codes = [cell.upper() for cell in rows[0]]
    usd_at = codes.index("USD")
    out: list[RateRow] = []
    for number, row in enumerate(rows[1:], start=2):
        day = _day(row[0])
        if day is None:
            raise InputRefused(f"{name}, row {number}, column A: {row[0]!r} is not a date.")
        usd = _number(row[usd_at]) if usd_at < len(row) else None
        if usd is None:
            continue  # the ECB writes N/A on days without a fixing
        out.append(RateRow("EUR", usd, day, "ECB euro reference rate"))
        for index, code in enumerate(codes):
            if index in (0, usd_at) or len(code) != 3 or not code.isalpha():
                continue
            per_euro = _number(row[index]) if index < len(row) else None
            if per_euro is None:
                continue
            rate = (usd / per_euro).quantize(Decimal("0.0000001"))
            out.append(RateRow(code, rate, day, "ECB euro reference rate (via EUR)"))
    if not out:
        raise InputRefused(f"{name}: no row has a US dollar rate (column {_letters(usd_at)}).")
    return out


def _plain(name: str, rows: list[list[str]], header: list[str]) -> list[RateRow]:
    at = {cell: index for index, cell in enumerate(header)}
    rate_at = at.get("rate", at.get("usd_per_unit"))
    assert rate_at is not None
    out: list[RateRow] = []
    for number, row in enumerate(rows[1:], start=2):
        cells = row + [""] * (len(header) - len(row))
        code = cells[at["currency"]].upper()
        if len(code) != 3 or not code.isalpha() or code == "USD":
            raise InputRefused(
                f"{name}, row {number}, column {_letters(at['currency'])}: {code!r} is not a "
                "three-letter currency code other than USD."
            )
        day = _day(cells[at["date"]])
        if day is None:
            raise InputRefused(
                f"{name}, row {number}, column {_letters(at['date'])}: "
                f"{cells[at['date']]!r} is not a date (YYYY-MM-DD)."
            )
        rate = _number(cells[rate_at])
        if rate is None:
            raise InputRefused(
                f"{name}, row {number}, column {_letters(rate_at)}: {cells[rate_at]!r} is not "
                f"a positive number of US dollars per {code}."
            )
        source = cells[at["source"]] if "source" in at else name
        out.append(RateRow(code, rate, day, source))
    return out


def _letters(index: int) -> str:
    """The column letters of a 0-based column index."""
    return column_letters(index + 1)
