"""An accelerator's control figures: TPP, performance density, their arithmetic."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from computescore.domain.catalog import Accelerator


@dataclass(frozen=True, slots=True)
class ThroughputTerm:
    """One precision's dense peak and the bit length the TPP formula multiplies it by.

    ``dense_tops`` is TOPS (integer) or TFLOPS (floating point); ``sparse_halved`` marks a
    figure obtained by halving a sparse-only published number.
    """

    name: str
    dense_tops: float
    bits: int
    sparse_halved: bool = False

    @property
    def tpp(self) -> float:
        """This precision's contribution: dense peak × bit length (dimensionless TPP)."""
        return self.dense_tops * self.bits


@dataclass(frozen=True, slots=True)
class ChipFigures:
    """The figures the classification needs, from the catalogue or typed by a user.

    Attributes:
        label: how the chip is named in explanations.
        terms: dense peak per precision.
        die_area_mm2: logic-die area on a non-planar node in mm², None when unknown.
        datacenter: designed or marketed for data centres; None when not confirmed.
        interconnect_gbps: aggregate bidirectional chip-to-chip bandwidth in GB/s.
        memory_bandwidth_gbps: total DRAM (HBM/GDDR) bandwidth in GB/s.
        accelerator_id: catalogue id, when the figures come from the catalogue.
        maker: manufacturer name, when known.
    """

    label: str
    terms: tuple[ThroughputTerm, ...]
    die_area_mm2: float | None
    datacenter: bool | None
    interconnect_gbps: float | None = None
    memory_bandwidth_gbps: float | None = None
    accelerator_id: str | None = None
    maker: str = ""


def chip_from_accelerator(accelerator: Accelerator) -> ChipFigures:
    """The classification inputs of a catalogue accelerator."""
    terms = tuple(
        ThroughputTerm(
            name=peak.precision.value.upper(),
            dense_tops=peak.dense_tflops,
            bits=peak.bits,
            sparse_halved=peak.sparse_halved,
        )
        for peak in accelerator.peaks
    )
    return ChipFigures(
        label=f"{accelerator.display_name} ({accelerator.id})",
        terms=terms,
        die_area_mm2=accelerator.die_area_mm2,
        datacenter=accelerator.datacenter,
        interconnect_gbps=accelerator.interconnect_gbps,
        memory_bandwidth_gbps=accelerator.memory_bandwidth_gbps,
        accelerator_id=accelerator.id,
        maker=accelerator.maker,
    )


def chip_from_figures(
    dense_tops: float,
    bits: int,
    *,
    die_area_mm2: float | None = None,
    interconnect_gbps: float | None = None,
    datacenter: bool | None = None,
    memory_bandwidth_gbps: float | None = None,
    label: str = "figures entered",
) -> ChipFigures:
    """Classification inputs from one dense peak (TOPS or TFLOPS) at one bit length."""
    return ChipFigures(
        label=label,
        terms=(ThroughputTerm(f"{bits}-bit", dense_tops, bits),),
        die_area_mm2=die_area_mm2,
        datacenter=datacenter,
        interconnect_gbps=interconnect_gbps,
        memory_bandwidth_gbps=memory_bandwidth_gbps,
    )


def total_processing_performance(terms: Iterable[ThroughputTerm]) -> float:
    """TPP: the highest dense peak × bit length over the precisions given (0 when none).

    15 CFR 774 Supp. 1, 3A090 technical notes: TPP = 2 × MacTOPS × bit length, where
    2 × MacTOPS is the datasheet's dense TOPS/TFLOPS; the highest value over bit
    lengths is evaluated. E.g. 1,978.9 TFLOPS FP8 × 8 = 15,831.2.
    """
    return max((term.tpp for term in terms), default=0.0)


def driving_term(terms: Sequence[ThroughputTerm]) -> ThroughputTerm | None:
    """The precision that sets TPP (the first of equal maxima), or None when there is none."""
    best: ThroughputTerm | None = None
    for term in terms:
        if best is None or term.tpp > best.tpp:
            best = term
    return best


def performance_density(tpp: float, die_area_mm2: float | None) -> float | None:
    """PD: TPP ÷ applicable die area in mm²; None when the area is unknown or not positive."""
    if die_area_mm2 is None or die_area_mm2 <= 0:
        return None
    return tpp / die_area_mm2
