"""Explained figures: a number with its unit, the formula that produced it and its inputs.

Every figure the decision engine shows a user is a :class:`Figure`, so a board
member asking "where does 29,491 GPU-hours come from?" gets the formula and the
values that went into it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from computescore.domain import presentation

UNMEASURED = "unmeasured"
"""Flag: the figure rests on a datasheet or an assumption, not a measurement on the workload."""

MISSING = "missing"
"""Flag: the data needed was not supplied; a stated neutral value stands in."""

PARTIAL = "partial"
"""Flag: computed from less data than the method asks for."""

INCOMPLETE = "incomplete"
"""Flag: the figure lacks a part (a line without a rate or price); it counts as the worst."""

ASSUMED = "assumed"
"""Flag: an input came from the user's assumptions rather than from the quote."""


def flag_mark(flags: tuple[str, ...]) -> str:
    """The mark a score carries in a table: ``?`` a missing figure (neutral or worst),
    ``!`` an incomplete cost (counted as worst), ``*`` unmeasured or partial data."""
    if MISSING in flags:
        return "?"
    if INCOMPLETE in flags:
        return "!"
    return "*" if flags else ""


FLAG_LEGEND = (
    "? a figure is missing: scored at the neutral value (or 0 where missing counts as "
    "worst); ! the cost is incomplete and counted as worst; * unmeasured or partial data"
)
"""What the marks of :func:`flag_mark` mean, for table footnotes."""


@dataclass(frozen=True, slots=True)
class Input:
    """One named input of a figure, with its unit and where it came from.

    Attributes:
        name: the symbol or words used in the formula ("params", "MFU").
        value: the number (or text, for a label such as an accelerator id).
        unit: the unit of ``value`` ("GPU-h", "USD/kWh"); "" for pure numbers.
        source: where the value came from ("quote line 3", "assumption", "catalogue").
    """

    name: str
    value: float | str
    unit: str = ""
    source: str = ""

    def text(self) -> str:
        """``name = value unit`` as shown next to a formula."""
        shown = self.value if isinstance(self.value, str) else format_number(self.value)
        unit = f" {self.unit}" if self.unit else ""
        return f"{self.name} = {shown}{unit}"


@dataclass(frozen=True, slots=True)
class Figure:
    """A computed number with its unit, formula, inputs and flags.

    Attributes:
        label: what the figure is ("Training compute").
        value: the number, in ``unit``.
        unit: the unit ("FLOP", "GPU-h", "USD").
        formula: the formula in words and symbols ("6 × params × tokens").
        inputs: the values the formula used.
        flags: markers such as :data:`UNMEASURED` or :data:`MISSING`.
        note: a sentence of context (an assumption, a caveat).
    """

    label: str
    value: float
    unit: str
    formula: str
    inputs: tuple[Input, ...] = ()
    flags: tuple[str, ...] = ()
    note: str = ""

    def text(self) -> str:
        """``label: value unit`` for tables."""
        return f"{self.label}: {format_quantity(self.value, self.unit)}"

    def explain(self) -> str:
        """The figure, its formula and inputs in one paragraph."""
        parts = [f"{self.text()} = {self.formula}"]
        if self.inputs:
            parts.append("where " + ", ".join(item.text() for item in self.inputs))
        if self.flags:
            parts.append("[" + ", ".join(self.flags) + "]")
        if self.note:
            parts.append(self.note)
        return "; ".join(parts)


def format_number(value: float) -> str:
    """A number as people read it: thousands separators, scientific for huge or tiny values."""
    if not math.isfinite(value):
        return str(value)
    magnitude = abs(value)
    if magnitude == 0:
        return "0"
    if magnitude >= 1e9 or magnitude < 1e-3:
        return f"{value:.4g}"
    if magnitude >= 10_000:
        return f"{value:,.0f}"
    if magnitude >= 100:
        return f"{value:,.1f}".removesuffix(".0")
    if magnitude >= 1:
        return f"{value:,.2f}".rstrip("0").rstrip(".")
    return f"{value:.3g}"


def format_count(value: float) -> str:
    """A large count in words: "2 billion", "350 million", "12,000"."""
    for size, word in ((1e12, "trillion"), (1e9, "billion"), (1e6, "million")):
        if abs(value) >= size:
            return f"{value / size:,.3g} {word}"
    return f"{value:,.0f}"


def format_share(share: float) -> str:
    """A share as a whole percentage that never reads 0 % or 100 % when it is not:
    "<1%" and ">99%" at the ends."""
    text = f"{share:.0%}"
    if share > 0 and text == "0%":
        return "<1%"
    if share < 1 and text == "100%":
        return ">99%"
    return text


def format_stated_share(share: float) -> str:
    """A share a contract states, every digit it was written with: 0.125 is "12.5%"."""
    return f"{round(share * 100, 6):g}%"


def format_shares(shares: Sequence[float]) -> list[str]:
    """Shares of one whole as whole percentages that add up to 100 (the largest remainders
    round up), so three thirds read 34 %, 33 %, 33 % and not 33 % three times; "<1%" and
    ">99%" at the ends as :func:`format_share`. Shares that are not of one whole are each
    rounded on their own."""
    if not shares or abs(math.fsum(shares) - 1.0) > 1e-6:
        return [format_share(share) for share in shares]
    points = [math.floor(share * 100 + 1e-9) for share in shares]
    left = 100 - sum(points)
    order = sorted(range(len(shares)), key=lambda i: shares[i] * 100 - points[i], reverse=True)
    for i in order[: max(0, left)]:
        points[i] += 1
    return [
        "<1%" if share > 0 and p == 0 else ">99%" if share < 1 and p == 100 else f"{p}%"
        for share, p in zip(shares, points, strict=True)
    ]


def format_money(value: float, decimals: int | None = None) -> str:
    """A US-dollar amount shown in the reporting currency: ``$1,234`` or ``€1,137`` for
    large sums, ``$3.41`` for unit prices (``decimals`` fixes the digits after the point)."""
    shown = presentation.current()
    amount = shown.convert(value)
    sign = "−" if amount < 0 else ""
    magnitude = abs(amount)
    if decimals is None:
        decimals = 0 if magnitude >= 1000 else 2
    return f"{sign}{shown.symbol}{magnitude:,.{decimals}f}"


def format_money_short(value: float) -> str:
    """A US-dollar amount in the reporting currency in few characters for narrow tables:
    ``$1.2 M``, ``€28 k``, ``$0``."""
    shown = presentation.current()
    amount = shown.convert(value)
    sign = "−" if amount < 0 else ""
    magnitude = abs(amount)
    if magnitude >= 1e6:
        return f"{sign}{shown.symbol}{magnitude / 1e6:,.1f} M"
    if magnitude >= 1e3:
        return f"{sign}{shown.symbol}{magnitude / 1e3:,.0f} k"
    return f"{sign}{shown.symbol}{magnitude:,.0f}"


def format_money_change(value: float | None) -> str:
    """A difference in money: ``+$1,548``, ``−$200``, ``same`` (under half a unit) or a dash."""
    if value is None:
        return "—"
    if abs(presentation.to_reporting(value)) < 0.5:
        return "same"
    return ("+" if value > 0 else "−") + format_money(abs(value))


def format_quantity(value: float, unit: str) -> str:
    """A value with its unit; US-dollar amounts are shown in the reporting currency."""
    if unit == "USD":
        return format_money(value)
    if unit.startswith("USD/"):
        return f"{format_money(value)}/{unit[4:]}"
    shown = format_number(value)
    return f"{shown} {unit}" if unit else shown
