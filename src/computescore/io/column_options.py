"""Price columns that are options of one line, read from their headers (a wide layout).

Tiers, regions or kinds of token as columns (``On-demand | 12-month | 36-month``,
``us-east | eu-west``, ``Input ($/1M tokens) | Output ($/1M tokens)``) are options of each
row's line: each such column gives its own line with the deployment, term, region or
price unit its header names. Accelerators as columns (``Term | H100 SXM | H200 SXM``, a
GPU cloud's reserved-capacity sheet) are read the same way: each column gives the line
of its accelerator, on the terms its row names.

A reservation paid partly up front stands as two columns under one banner ("1-year
reservation" over "Upfront per VM | Monthly per VM"): the same option, one column its
upfront payment (:attr:`ColumnOption.upfront`), folded into the other's rate by
:mod:`~computescore.io.reader.upfront_columns`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from computescore.domain.quotes import Deployment
from computescore.io.places import country_of
from computescore.io.values import Basis, parse_terms, parse_unit_text

REGION_CODE = re.compile(
    r"^(?:[a-z]{2}-[a-z]+-\d|[a-z]+-[a-z]+\d|(?:east|west|north|south|central)[a-z]*\d*|"
    r"[a-z]{2,}(?:east|west|north|south|central)\d*)$"
)
"""A cloud region's code: ``eu-west-1``, ``westeurope``, ``us-east1``."""

_REGION_HEADER = re.compile(
    r"^(?:[a-z]{2}-)?(?:us|eu|ap|sa|ca|me|af|uk|jp|cn|in|au|europe|asia|northamerica|"
    r"southamerica|australia)[- ]?(?:east|west|north|south|central|southeast|northeast|"
    r"southwest|northwest)(?:[- ]?\d+)?$"
)
_HEADER_UNITS = re.compile(r"\s*[(\[][^)\]]*[)\]]\s*$")
_UPFRONT = re.compile(
    r"(?<!\bno )(?<!\ball )(?<!\bpartial )\b(upfront|up-front|up front|one[- ]time|one[- ]off|"
    r"prepaid|prepayment|initial payment)\b",
    re.I,
)
"""A column's role as an option's payment up front ("Upfront per VM"), not the kind of
offer a whole column prices ("All Upfront", "No Upfront", "Partial Upfront")."""
_TOKEN_BASES = frozenset(
    {Basis.TOKENS, Basis.INPUT_TOKENS, Basis.OUTPUT_TOKENS, Basis.CACHED_TOKENS}
)


@dataclass(frozen=True, slots=True)
class ColumnOption:
    """What a price column's header says about the offer in it, in a wide layout."""

    deployment: Deployment | None = None
    term_months: int | None = None
    region: str | None = None
    tokens: str | None = None
    """The tokens a token API's price column is for (``input tokens``)."""
    accelerator: str | None = None
    """The accelerator the column's header names (``H100 SXM``), when accelerators stand
    as columns."""
    upfront: bool = False
    """The column holds the option's payment up front; another column of the same
    option holds its rate."""

    def words(self) -> str:
        """``reserved, 12 months``, ``region us-east``, ``output tokens`` or ``H100 SXM``."""
        parts = [] if self.accelerator is None else [self.accelerator]
        if self.deployment is not None:
            parts.append(self.deployment.value.replace("_", "-"))
        if self.term_months is not None:
            parts.append(f"{self.term_months} months")
        if self.region is not None:
            parts.append(f"region {self.region}")
        if self.tokens is not None:
            parts.append(self.tokens)
        if self.upfront:
            parts.append("paid up front")
        return ", ".join(parts)


def accelerator_named(header: str, names: Callable[[str], bool]) -> str | None:
    """The accelerator a price column's header names, without its unit: ``H100 SXM`` for
    "H100 SXM ($/GPU-hr)"; None when ``names`` (the catalogue) does not know it."""
    text = _HEADER_UNITS.sub("", unicodedata.normalize("NFKC", header)).strip()
    if not text or len(text) > 40:
        return None
    return text if names(text) else None


def column_option(header: str) -> ColumnOption | None:
    """The deployment, term, region or kind of token a price column's header names, if any."""
    unit = parse_unit_text(unicodedata.normalize("NFKC", header))
    if unit is not None and unit.basis in _TOKEN_BASES:
        return ColumnOption(tokens=unit.basis.value.replace("_", " "))
    text = _HEADER_UNITS.sub("", header).strip()  # "On-demand (USD/GPU-h)" → "On-demand"
    if not text or len(text) > 40:
        return None
    folded = text.casefold()
    # "US East (Virginia)": the brackets name the place, not a unit; the region keeps it.
    brackets = _HEADER_UNITS.search(header)
    placed = brackets is not None and country_of(brackets.group(0).strip(" ()[]")) is not None
    region = header.strip() if placed else text
    if _REGION_HEADER.match(folded) or REGION_CODE.match(folded):
        return ColumnOption(region=region)
    reading, _ = parse_terms(text)
    if reading is None or (reading.deployment is None and reading.term_months is None):
        # A place a person names ("Europe (Frankfurt)", "Asia Pacific (Tokyo)", "London").
        return ColumnOption(region=region) if country_of(header) is not None else None
    upfront = _UPFRONT.search(text) is not None
    return ColumnOption(reading.deployment, reading.term_months, upfront=upfront)
