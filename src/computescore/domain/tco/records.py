"""The TCO records: lines, options, the per-quote result and its explanation."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum

from computescore.domain.figures import Figure, Input, format_stated_share
from computescore.domain.problems import Problem
from computescore.domain.quotes import (
    Deployment,
    PriceUnit,
    QuoteLine,
)
from computescore.domain.tco.assumptions import DAYS_PER_MONTH
from computescore.domain.units import PETA, TERA


class TcoCategory(StrEnum):
    """What a TCO line pays for."""

    RENTED_COMPUTE = "rented_compute"
    SPOT_OVERHEAD = "spot_overhead"
    HARDWARE = "hardware"
    RESIDUAL_VALUE = "residual_value"
    ENERGY = "energy"
    FACILITY = "facility"
    OPERATIONS = "operations"
    MAINTENANCE = "maintenance"
    ADAPTATION = "adaptation"
    NETWORK = "network"
    STORAGE = "storage"
    INSTALLATION = "installation"
    SUPPORT = "support"
    POWER = "power"
    SOFTWARE = "software"
    EGRESS = "egress"
    TOKENS = "tokens"
    OTHER = "other"


class Timing(StrEnum):
    """When a line's money moves: at the start, evenly each month, or at the horizon's end."""

    UPFRONT = "upfront"
    MONTHLY = "monthly"
    END = "end"


@dataclass(frozen=True, slots=True)
class FxUsed:
    """The FX rate a line was converted with (USD per unit of ``currency``)."""

    currency: str
    usd_per_unit: float
    as_of: date | None
    source: str

    def text(self) -> str:
        """``1 EUR = 1.0850 USD (ECB, 2026-03-31)``."""
        when = f", {self.as_of.isoformat()}" if self.as_of else ""
        source = self.source or "FX table"
        return f"1 {self.currency} = {self.usd_per_unit:.4f} USD ({source}{when})"


@dataclass(frozen=True, slots=True)
class LineModel:
    """A line's amount as an affine function of the uncertain inputs.

    ``amount_usd = fx × (k0 + k_h·h + k_e·e + k_eh·e·h + k_r·r)`` where ``h`` is hours
    used per day, ``e`` the energy price (USD/kWh), ``r`` the residual fraction and
    ``fx`` the USD value of one unit of the line's currency (1 for USD). The ``k``
    are in the line's own currency.
    """

    usd_per_unit: float = 1.0
    foreign: bool = False
    k0: float = 0.0
    k_h: float = 0.0
    k_e: float = 0.0
    k_eh: float = 0.0
    k_r: float = 0.0

    def usd(
        self,
        hours_per_day: float,
        energy_usd_per_kwh: float,
        residual_fraction: float,
        fx_factor: float = 1.0,
    ) -> float:
        """The amount in USD at these inputs; ``fx_factor`` scales a foreign currency's rate."""
        native = (
            self.k0
            + self.k_h * hours_per_day
            + self.k_e * energy_usd_per_kwh
            + self.k_eh * energy_usd_per_kwh * hours_per_day
            + self.k_r * residual_fraction
        )
        factor = fx_factor if self.foreign else 1.0
        return self.usd_per_unit * factor * native

    def scaled(self, factor: float) -> LineModel:
        """The same model with every coefficient multiplied by ``factor``."""
        return replace(
            self,
            k0=self.k0 * factor,
            k_h=self.k_h * factor,
            k_e=self.k_e * factor,
            k_eh=self.k_eh * factor,
            k_r=self.k_r * factor,
        )


@dataclass(frozen=True, slots=True)
class TcoLine:
    """One itemised cost of a quote's TCO.

    Attributes:
        label: what it is ("Reserved compute: 64 × NVIDIA H100 SXM").
        category: the kind of cost.
        amount_usd: the amount over the horizon (negative for a credit such as resale value).
        formula: how the amount was computed.
        inputs: the values the formula used.
        timing: when the money moves.
        months: months over which a monthly line is paid.
        present_value_usd: the amount discounted to month 0 (equal to the amount at rate 0).
        source: the quote line or assumption the line comes from.
        currency: the currency the price was quoted in.
        fx: the FX rate used, None for USD.
        model: the amount as a function of the uncertain inputs.
        note: a caveat ("quantity not stated").
        costed: False when the quote gives too little to price the line (a per-GB
            price without a volume): the amount is then 0 and the TCO misses it.
    """

    label: str
    category: TcoCategory
    amount_usd: float
    formula: str
    inputs: tuple[Input, ...]
    timing: Timing
    months: int
    present_value_usd: float
    source: str
    currency: str
    fx: FxUsed | None
    model: LineModel
    note: str = ""
    costed: bool = True


class UsefulBasis(StrEnum):
    """Where a quote's useful throughput (the cost axis's unit of work) comes from."""

    MEASURED_TOKENS = "measured_tokens"
    """Measured tokens/s × FLOP per token (2 × params serving, 6 × params training)."""
    MEASURED_MFU = "measured_mfu"
    """Catalogue dense peak × MFU measured on the buyer's workload."""
    DATASHEET = "datasheet"
    """Catalogue dense peak × the workload's assumed MFU (unmeasured)."""
    UNKNOWN = "unknown"
    """No measurement and no catalogue peak: cost per useful unit cannot be computed."""


Coefficients = tuple[float, float, float, float, float]
"""Sums of (k0, k_h, k_e, k_eh, k_r) in USD, as in :class:`LineModel`."""


@dataclass(frozen=True, slots=True)
class ScaledCount:
    """How many accelerators and nodes one compute line is priced for.

    Attributes:
        accelerators: accelerators paid for: the workload's need, rounded up to whole
            nodes when the node size is known.
        nodes: whole nodes paid for, None when the line gives no node size.
        per_node: accelerators per node, None when unknown.
        quoted_accelerators: the line's own accelerator count.
        quoted_nodes: the line's own node count, None when unknown.
        factor: accelerators paid for ÷ accelerators quoted; scales prices quoted for
            the whole line (one-off totals, per month, per unit).
        how: how the count was found, in words.
    """

    accelerators: int
    nodes: int | None
    per_node: float | None
    quoted_accelerators: int
    quoted_nodes: int | None
    factor: float
    how: str


@dataclass(frozen=True, slots=True)
class TcoOption:
    """One compute line of a quote as an option, priced for the workload.

    The totals are the whole quote's TCO with this option: its own lines plus the
    cost lines that go with it, so options of one quote compare directly.

    Attributes:
        number: 1-based position among the quote's compute lines.
        line_index: 0-based index of the line in ``Quote.lines``.
        label: the option in words ("12-month reserved NVIDIA H100 SXM5 80GB nodes").
        source: the quote line it comes from.
        accelerator: the catalogue id as quoted ("" when none).
        deployment: how the capacity is obtained.
        term_months: the commitment, None when none is stated.
        quoted: what the vendor quoted, in words ("4 nodes × 8 = 32 accelerators at
            25.2 USD/node-h").
        count: accelerators and nodes priced, and the line's own counts.
        accelerators_needed: the workload's accelerators (None when it states none).
        stated_maximum: the most accelerators the vendor states it can supply, None
            when the quote states no maximum.
        lines: the option's own TCO lines (compute, spot overhead, hardware, energy …).
        total_usd: the quote's TCO with this option (USD, undiscounted).
        headline_usd: present value when discounting, else the total (USD).
        usd_per_used_gpu_hour: headline ÷ GPU-hours used, None without use.
        usd_per_useful_pflop_hour: headline ÷ useful PFLOP-hours, None when unknown.
        useful_pflops_total: useful PFLOP/s of the accelerators used, None when unknown.
        coefficients: the headline as (USD-priced, foreign-priced) affine coefficients
            in (1, h, e, e·h, r), as :func:`headline_coefficients` gives.
        priced: False when the line could not be priced (see the TCO's problems).
        complete: False when some line of this option's TCO could not be costed.
        eligible: False when a rule keeps the option from being chosen (``note`` says).
        chosen: True for the option the TCO is built on.
        note: why the option is not eligible, or falls short of the need.
        excluded_by: the knock-out that excludes the option (a line outside the
            required region …); "" when none. An excluded option is never chosen while
            another remains.
    """

    number: int
    line_index: int
    label: str
    source: str
    accelerator: str
    deployment: Deployment
    term_months: int | None
    quoted: str
    count: ScaledCount | None
    accelerators_needed: int | None
    stated_maximum: int | None
    lines: tuple[TcoLine, ...]
    total_usd: float
    headline_usd: float
    usd_per_used_gpu_hour: float | None
    usd_per_useful_pflop_hour: float | None
    useful_pflops_total: float | None
    coefficients: tuple[Coefficients, Coefficients]
    priced: bool
    complete: bool
    eligible: bool
    chosen: bool = False
    note: str = ""
    excluded_by: str = ""

    @property
    def accelerators_per_node(self) -> float | None:
        """Accelerators per node as quoted or derived, None when unknown."""
        return self.count.per_node if self.count is not None else None


@dataclass(frozen=True, slots=True)
class QuotedLine:
    """A quote line exactly as the vendor wrote it, and what the TCO made of it.

    ``role`` is ``option`` (a compute line), ``shared`` (a cost line counted with
    every option) or ``tied`` (a cost line naming an accelerator or deployment,
    counted only with its options); ``counted`` says whether it is in the TCO.
    """

    line: QuoteLine
    role: str
    counted: bool
    option: int | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Tco:
    """The TCO of one quote over the horizon, with its lines and unit results.

    ``total_usd`` is exactly the sum of ``lines``' amounts. ``headline_usd`` is the
    present value when a discount rate is set, else the total; scores and rankings
    use it. ``complete`` is False when some line could not be costed (see
    ``problems``; ``fx_missing`` names the currencies that had no rate); lines priced
    at 0 for want of a quantity are in :attr:`not_costed`.

    The useful throughput (``useful_rate``: TFLOP/s per accelerator of the model's
    own FLOP) comes from measured tokens/s when the quote has it, else from the
    catalogue's dense peak × MFU (measured, else assumed); ``useful_basis`` says
    which and ``useful_missing`` why it is unknown. ``compute_offer`` is False for a
    quote without compute lines (a facility or services quote).

    Options: ``lines`` are the chosen option's lines and the cost lines that go with
    it; ``options`` lists every compute line priced for the workload (with its own
    totals), ``chosen_option`` the chosen one's ``number`` and ``choice`` why.
    ``gpu_count`` is the accelerators the workload uses (its need; the quoted count
    when the workload states none), ``accelerators_priced`` those paid for (the need
    rounded up to whole nodes). ``quote_lines`` keeps every line as quoted.
    """

    quote_key: str
    quote_label: str
    horizon_months: int
    hours_per_day: float
    lines: tuple[TcoLine, ...]
    total_usd: float
    present_value_usd: float
    discount_rate: float
    monthly_cash_flow_usd: tuple[float, ...]
    gpu_count: int
    used_gpu_hours: Figure
    mfu: Figure
    usd_per_used_gpu_hour: Figure | None
    useful_pflop_hours: Figure | None
    usd_per_useful_pflop_hour: Figure | None
    usd_per_million_tokens: Figure | None
    training_job_gpu_hours: Figure | None
    training_job_usd: Figure | None
    training_job_days: Figure | None
    idle_committed_usd: Figure | None
    fx_used: tuple[FxUsed, ...]
    problems: tuple[Problem, ...]
    complete: bool
    peak_pflops_total: float | None
    tokens_per_second: float | None
    useful_rate: Figure | None = None
    useful_basis: UsefulBasis = UsefulBasis.UNKNOWN
    useful_missing: str = ""
    fx_missing: tuple[str, ...] = ()
    compute_offer: bool = True
    accelerators_needed: int | None = None
    accelerators_priced: int = 0
    options: tuple[TcoOption, ...] = ()
    chosen_option: int | None = None
    choice: str = ""
    quote_lines: tuple[QuotedLine, ...] = ()
    housed_at: str = ""
    """The key of the facility quote the owned option is housed in ("" for none)."""

    @property
    def chosen(self) -> TcoOption | None:
        """The option the TCO is built on, None for a quote without compute lines."""
        for option in self.options:
            if option.chosen:
                return option
        return None

    @property
    def useful_pflops_total(self) -> float | None:
        """Useful PFLOP/s of all the quote's accelerators while in use, None when unknown."""
        if self.useful_rate is None or self.gpu_count <= 0:
            return None
        return self.useful_rate.value * TERA / PETA * self.gpu_count

    @property
    def not_costed(self) -> tuple[TcoLine, ...]:
        """Lines the quote gives too little to price (counted as 0 USD)."""
        return tuple(line for line in self.lines if not line.costed)

    @property
    def headline_usd(self) -> float:
        """Present value when discounting, else the undiscounted total (USD)."""
        return self.present_value_usd if self.discount_rate > 0 else self.total_usd

    @property
    def used_hours_per_daily_hour(self) -> float:
        """GPU-hours used over the horizon per hour of daily use (so used = this × h)."""
        return self.gpu_count * self.horizon_months * DAYS_PER_MONTH

    def total_by_category(self) -> dict[TcoCategory, float]:
        """Sum of line amounts per category (USD)."""
        sums: dict[TcoCategory, float] = {}
        for line in self.lines:
            sums[line.category] = sums.get(line.category, 0.0) + line.amount_usd
        return sums


_MAXIMUM = re.compile(
    r"\b(?:max(?:imum)?\.?|up\s+to|at\s+most|limited\s+to|no\s+more\s+than)\s*"
    r"(?P<n>\d[\d,]*)(?:\s*(?:x\s*)?(?P<noun>nodes?|servers?|instances?|gpus?|cards?|"
    r"accelerators?|units?)\b|(?=\s*(?:[)\];,]|$)))",
    re.IGNORECASE,
)


def stated_maximum(line: QuoteLine) -> int | None:
    """The most accelerators a compute line's description says the vendor can supply.

    Reads "max. 4 nodes", "up to 32 GPUs", "maximum 1 GPU per customer", "limited to
    2 servers": a count of nodes, servers or instances is multiplied by the
    accelerators per node; a bare number counts nodes when the price is per node,
    else accelerators. None when the description states no maximum.
    """
    match = _MAXIMUM.search(line.description)
    if match is None:
        return None
    number = int(match.group("n").replace(",", ""))
    noun = (match.group("noun") or "").lower()
    per_node = line.accelerators_per_node or (
        line.gpu_count // line.nodes if line.nodes and line.gpu_count % line.nodes == 0 else None
    )
    by_node = noun.startswith(("node", "server", "instance")) or (
        not noun and line.price_unit in (PriceUnit.PER_NODE_HOUR, PriceUnit.PER_NODE_MONTH)
    )
    return number * per_node if by_node and per_node else number


_MINIMUM = re.compile(
    r"\b(?:min(?:imum)?\.?(?:\s+(?:commitment|commit|order|purchase|quantity|volume))?"
    r"(?:\s+of)?|at\s+least|no\s+fewer\s+than)\s*:?\s*"
    r"(?P<n>\d[\d,]*)\s*(?:x\s*)?(?P<noun>nodes?|servers?|instances?|gpus?|cards?|"
    r"accelerators?|units?)\b",
    re.IGNORECASE,
)


def stated_minimum(line: QuoteLine) -> int:
    """The fewest accelerators a compute line's description says the vendor accepts.

    Reads "minimum commitment 8 nodes", "min. 16 GPUs", "at least 2 servers": a count
    of nodes, servers or instances is multiplied by the accelerators per node. 0 when
    the description states no minimum (a bare number is not read: it may be a term).
    """
    match = _MINIMUM.search(line.description)
    if match is None:
        return 0
    number = int(match.group("n").replace(",", ""))
    noun = match.group("noun").lower()
    per_node = line.accelerators_per_node or (
        line.gpu_count // line.nodes if line.nodes and line.gpu_count % line.nodes == 0 else None
    )
    by_node = noun.startswith(("node", "server", "instance"))
    return number * per_node if by_node and per_node else number


_PERCENT = r"(?P<p>\d{1,3}(?:[.,]\d+)?)\s*%"
_FLEX = re.compile(
    rf"\b(?:flex(?:ible|ibility)?(?:\s+band)?|burst(?:ing)?)\s*(?:of|up\s+to|:)?\s*\+?\s*{_PERCENT}"
    rf"|\+?\s*{_PERCENT.replace('<p>', '<q>')}\s*(?:flex(?:ible|ibility)?|burst)\b"
    r"|\b(?P<none>no\s+(?:flex(?:ible|ibility)?(?:\s+band)?|burst(?:ing)?))\b",
    re.IGNORECASE,
)


def stated_flex(line: QuoteLine) -> float | None:
    """The share above a commitment the vendor supplies as used, at the committed rate.

    Reads "flex +25%", "flex band 20 %", "burst up to 30%", "+25% flex" in a committed
    line's description: 0.25 for "flex +25%", 0 for "no flex". None when the line does not
    say, or is not a commitment (capacity paid as used needs none).

    >>> from decimal import Decimal
    >>> from computescore.domain.quotes import Deployment, LineKind, PriceUnit
    >>> stated_flex(QuoteLine(LineKind.COMPUTE, "H100 (min. 64 GPUs; flex +25%)",
    ...     Decimal(2), PriceUnit.PER_GPU_HOUR, "USD", deployment=Deployment.RESERVED))
    0.25
    """
    return _stated_share(line, _FLEX, math.inf)


_PREPAID = re.compile(
    rf"\bpre-?pa(?:id|yment|y)\s*(?:of|:)?\s*{_PERCENT}"
    rf"|{_PERCENT.replace('<p>', '<q>')}\s*(?:pre-?paid|pre-?payment|up-?front|in\s+advance)\b"
    r"|\b(?P<all>all\s+up-?front|(?:fully\s+)?pre-?paid\s+in\s+full|paid\s+(?:up-?front|"
    r"in\s+advance))\b"
    r"|\b(?P<none>no\s+(?:pre-?payment|up-?front(?:\s+payment)?)|not\s+pre-?paid|"
    r"without\s+pre-?payment|paid\s+monthly\s+in\s+arrears)\b",
    re.IGNORECASE,
)


def stated_prepayment(line: QuoteLine) -> float | None:
    """The share of a commitment paid before service starts (0–1), None when unstated.

    Reads "prepaid 50%", "prepayment 100 %", "25% upfront", "all upfront" (AWS's "All
    Upfront" reservation) and "paid in advance" in a committed line's description; "no
    prepayment" and "no upfront" are 0. Bought hardware is paid up front anyway; capacity
    paid as used is never prepaid. "Partial upfront" names no share: None.

    >>> from decimal import Decimal
    >>> from computescore.domain.quotes import Deployment, LineKind, PriceUnit
    >>> stated_prepayment(QuoteLine(LineKind.COMPUTE, "H100 12-month (prepaid 50%)",
    ...     Decimal(2), PriceUnit.PER_GPU_HOUR, "USD", deployment=Deployment.RESERVED))
    0.5
    """
    return _stated_share(line, _PREPAID, 1.0)


def flex_words(share: float) -> str:
    """A flex band in the words :func:`stated_flex` reads: "flex +12.5%", or "no flex"."""
    return f"flex +{format_stated_share(share)}" if share else "no flex"


def prepaid_words(share: float) -> str:
    """A prepaid share in the words :func:`stated_prepayment` reads: "prepaid 50%", or
    "no prepayment"."""
    return f"prepaid {format_stated_share(share)}" if share else "no prepayment"


def _stated_share(line: QuoteLine, pattern: re.Pattern[str], most: float) -> float | None:
    """The share a committed line's description states in ``pattern``'s words: its percent
    (``p`` or ``q``, at most ``most``), 1 for the whole (``all``), 0 for none (``none``)."""
    if line.deployment is None or not line.deployment.committed:
        return None
    match = pattern.search(line.description)
    if match is None:
        return None
    said = match.groupdict()
    if said.get("all"):
        return 1.0
    if said.get("none"):
        return 0.0
    return min(float((said["p"] or said["q"]).replace(",", ".")) / 100, most)
