"""What owned hardware is worth when the horizon ends: age, generation and economic life.

Used accelerators lose value with age and, faster, when a newer generation ships
(seed 002: "new GPU generations … ship 4× speedups, shrinking the economic lifetime of
older cards"; its worked example resells a US$1,200 RTX 4090 for US$600 after two
years, which the straight line below gives within 5 %: 1 − 2/4 × (1 − 0.1) = 0.55).

* **Economic life.** The depreciation life of a current part (DOMAIN §3: 4–5 years),
  cut by ``generation_life_cut`` (a quarter by default) for each newer generation
  already on sale by the decision date, at most three cuts and never below a year.
* **A newer generation** is a release year, after the part's own and no later than the
  decision date, in which its maker shipped a part for the same market (data centre or
  not) with a dense BF16 peak at least :data:`NEXT_GENERATION_SPEEDUP` × the part's.
  A refresh at the same speed (H100 → H200) is not a new generation; B200 is.
* **Value at the horizon's end** = price × (1 − d × (1 − residual)), d = min(1, horizon
  ÷ economic life): straight-line to the residual share, then flat. Linear in the
  residual share, so the robustness ranges vary it exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from computescore.domain.catalog import Accelerator, Precision
from computescore.domain.figures import Figure, Input, format_number

NEXT_GENERATION_SPEEDUP = 1.25
"""A newer part at least this much faster (dense BF16) is a new generation."""

MAX_GENERATION_CUTS = 3
MIN_ECONOMIC_LIFE_YEARS = 1.0


def _bf16(accelerator: Accelerator) -> float | None:
    return accelerator.dense_tflops(Precision.BF16) or accelerator.dense_tflops(Precision.FP16)


def newer_generations(
    accelerator: Accelerator, catalogue: Iterable[Accelerator], on: date
) -> tuple[tuple[int, str], ...]:
    """The release years of newer generations on sale by ``on``, each with the part
    that made it one (the fastest of that year), oldest first."""
    own = _bf16(accelerator)
    if not own:
        return ()
    fastest: dict[int, tuple[float, str]] = {}
    for other in catalogue:
        peak = _bf16(other)
        if (
            other.maker == accelerator.maker
            and other.datacenter == accelerator.datacenter
            and accelerator.release_year < other.release_year <= on.year
            and peak is not None
            and peak >= NEXT_GENERATION_SPEEDUP * own
            and peak > fastest.get(other.release_year, (0.0, ""))[0]
        ):
            fastest[other.release_year] = (peak, other.display_name)
    return tuple((year, fastest[year][1]) for year in sorted(fastest))


def economic_life(
    depreciation_years: float, cut: float, generations: tuple[tuple[int, str], ...]
) -> Figure:
    """Years the part keeps resale value: the depreciation life cut for each newer generation.

    4 years with two newer generations on sale and a cut of 0.25: 4 × (1 − 2 × 0.25) = 2.
    """
    n = min(len(generations), MAX_GENERATION_CUTS)
    years = max(MIN_ECONOMIC_LIFE_YEARS, depreciation_years * (1 - cut * n))
    years = min(years, depreciation_years)
    named = ", ".join(f"{name} ({year})" for year, name in generations)
    return Figure(
        "Economic life",
        years,
        "years",
        "depreciation life × (1 − cut × newer generations), at least 1 year",
        (
            Input("depreciation life", depreciation_years, "years", "assumption"),
            Input("cut per generation", cut, "", "assumption"),
            Input("newer generations", n, "", named or "none on sale by the decision date"),
        ),
        note=(
            f"{n} newer generation{'s' if n != 1 else ''} on sale ({named}): economic life "
            f"{format_number(years)} years, not {format_number(depreciation_years)}"
            if n
            else ""
        ),
    )


def value_share(horizon_months: float, life_years: float, residual: float) -> float:
    """Share of the price the hardware is worth after ``horizon_months``.

    1 − d × (1 − residual), d = min(1, horizon ÷ life): 36 months of a 4-year life with a
    10 % residual → 1 − 0.75 × 0.9 = 0.325; of a 2-year life → the 10 % residual.
    """
    d = min(1.0, horizon_months / (life_years * 12)) if life_years > 0 else 1.0
    return 1 - d * (1 - residual)
