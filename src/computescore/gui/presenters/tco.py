"""What the TCO page shows, as plain text and records: no widgets, testable without a window.

The page (``gui.views.tco``) turns these into table cells and tooltips; the words
themselves come from :mod:`computescore.vocabulary`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from computescore.domain.figures import Figure
from computescore.domain.tco.throughput import SERVED_FORMULA, decode_rated
from computescore.gui import format as fmt
from computescore.vocabulary import assumption_summary
from computescore.wording import sentence

BASIS_WORDS = {
    "measured_tokens": "measured tokens/s",
    "measured_mfu": "measured MFU × peak",
    "datasheet": "datasheet peak × assumed MFU (unmeasured)",
}


def basis_text(basis: str, rate: Figure) -> str:
    """Where a useful throughput comes from, in words: an unmeasured serving option is
    rated by its decode step's bound, not by peak × MFU, and a serving rate is counted
    over the token mix; each is called so."""
    mixed = rate.formula == SERVED_FORMULA
    mix = ", prompt tokens at peak × MFU" if mixed else ""
    if basis == "datasheet" and decode_rated(rate):
        return f"the decode step's memory-bandwidth bound{mix} (unmeasured)"
    words = BASIS_WORDS.get(basis, fmt.words(basis))
    return f"{words} generating{mix}" if mixed and basis == "measured_tokens" else words


TIMING_WORDS = {"upfront": "Up front", "monthly": "Monthly", "end": "At the end"}


def assumption_text(key: str, shown: float | None) -> str:
    """One assumption as the summary line reads it: ``energy $0.16/kWh``."""
    return assumption_summary(key, fmt.DASH if shown is None else fmt.format_number(shown, 4))


def priced_for_text(option: Any) -> str:
    """How many accelerators an option is priced for: ``2 nodes × 8 = 16`` or ``16``."""
    count = option.count
    if count is None:
        return fmt.DASH
    accelerators = f"{count.accelerators:,}"
    if count.nodes and count.per_node:
        return f"{count.nodes:,} nodes × {count.per_node:g} = {accelerators}"
    return accelerators


def option_note(option: Any) -> str:
    """What the options table says about an option, in a few words (the tooltip has the rest).

    Chosen or not, and why not (the first clause of the engine's note); for an option
    the vendor quoted for fewer accelerators than the workload needs, that it was
    priced for the need at the quoted rate.
    """
    first = sentence(str(option.note).split(";")[0]).rstrip(".") if option.note else ""
    if not option.priced:
        return "Not priced" + (f": {first}" if first else "")
    if not option.eligible:
        return first or "Not eligible"
    count = option.count
    short = count is not None and count.quoted_accelerators < count.accelerators
    caveat = (
        f"Quoted for {count.quoted_accelerators:,}; priced for {count.accelerators:,} at the "
        "quoted rate"
        if short and count is not None
        else first
    )
    if option.chosen:
        return "Chosen" + (f" — {caveat}" if caveat else "")
    return caveat


def option_tip(option: Any) -> str:
    parts = [f"Option {option.number}: {option.label}", f"Quoted: {option.quoted}"]
    if option.count is not None and option.count.how:
        parts.append(f"Priced for: {option.count.how}")
    if option.note:
        parts.append(option.note)
    if option.source:
        parts.append(f"Source: {option.source}")
    return "\n".join(parts)


@dataclass(frozen=True, slots=True)
class QuoteCost:
    """One quote's TCO as the TCO page lists it (the engine's record kept for the detail)."""

    quote_key: str
    label: str
    total_usd: float
    usd_per_useful_pflop_hour: float | None
    usd_per_used_gpu_hour: float | None
    usd_per_million_tokens: float | None
    used_gpu_hours: float | None
    horizon_months: int
    supporting: bool
    reason: str
    """Why a supporting quote is not ranked, or a compute offer's knock-outs ("" if none)."""
    knocked_out: bool
    tco: Any
    housing: str = ""
    """Which owned options a supporting facility quote houses or could house."""
    headline_usd: float = 0.0
    """What is compared: the present value when discounting, else the total as paid."""
    discount_rate: float = 0.0


def quote_costs(result: Any) -> list[QuoteCost]:
    """Every quote of the engine's result as a :class:`QuoteCost`, in the scorecard's order."""
    card = result.scorecard
    knocked = {
        score.quote_key: "; ".join(k.title for k in score.knockouts)
        for score in card.scores
        if score.knockouts
    }
    supporting = {item.quote_key: item for item in card.supporting}

    def value(figure: Any) -> float | None:
        return None if figure is None else float(figure.value)

    out = []
    for item in result.quotes:
        tco = item.tco
        support = supporting.get(item.quote_key)
        out.append(
            QuoteCost(
                item.quote_key,
                item.label,
                tco.total_usd,
                value(tco.usd_per_useful_pflop_hour),
                value(tco.usd_per_used_gpu_hour),
                value(tco.usd_per_million_tokens),
                None if support is not None else value(tco.used_gpu_hours),
                tco.horizon_months,
                support is not None,
                support.reason if support is not None else knocked.get(item.quote_key, ""),
                item.quote_key in knocked,
                tco,
                support.housing_text() if support is not None else "",
                tco.headline_usd,
                tco.discount_rate,
            )
        )
    return out


def line_when(line: Any) -> str:
    timing = str(getattr(line.timing, "value", line.timing))
    words = TIMING_WORDS.get(timing, fmt.words(timing))
    if timing == "monthly" and line.months:
        return f"{words} × {line.months}"
    return words


def line_tip(line: Any) -> str | None:
    parts = [line.formula] if line.formula else []
    parts.extend(i.text() for i in line.inputs)
    if line.note:
        parts.append(line.note)
    if line.source:
        parts.append(f"Source: {line.source}")
    return "\n".join(parts) or None
