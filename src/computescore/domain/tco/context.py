"""What pricing one option needs to know: the quote, the workload, the assumptions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from computescore.domain.catalog import Accelerator
from computescore.domain.problems import Problem
from computescore.domain.quotes import (
    FxRate,
    Quote,
)
from computescore.domain.workload import Workload

if TYPE_CHECKING:
    from computescore.domain.tco.assumptions import Assumptions
    from computescore.domain.tco.records import TcoLine


@dataclass(frozen=True, slots=True)
class _Context:
    """What every option of one quote is priced with.

    ``cost_lines`` keeps each cost line's TCO lines and problems by the inputs they
    depend on, so options that share them do not price them again. ``left_out`` are the
    indexes of lines not priced at all (a token API's other models). ``housings`` are
    the facility quotes owned hardware may be housed in.
    """

    quote: Quote
    workload: Workload
    accelerators: Mapping[str, Accelerator]
    fx_rates: Sequence[FxRate]
    on: date
    a: Assumptions
    h: float
    horizon: int
    needed: int | None
    left_out: frozenset[int] = frozenset()
    housings: tuple[Quote, ...] = ()
    cost_lines: dict[
        tuple[int, tuple[float | bool, ...]],
        tuple[tuple[TcoLine, ...], tuple[Problem, ...], bool, str],
    ] = field(default_factory=dict)
