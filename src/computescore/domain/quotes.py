"""Vendors, quotes and the terms around them, as plain frozen records.

Quoted prices are ``Decimal`` exactly as the vendor wrote them; modelled figures
elsewhere are floats.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum

CANONICAL_LINE_FIELDS: tuple[str, ...] = (
    "vendor",
    "quote_ref",
    "quote_date",
    "valid_until",
    "kind",
    "category",
    "description",
    "accelerator",
    "accelerators_per_node",
    "nodes",
    "accelerator_count",
    "quantity",
    "deployment",
    "term_months",
    "price",
    "price_unit",
    "currency",
    "usd_per_gpu_hour",
    "region",
    "country",
    "source",
)
"""Field names of a quote line in the import/JSON contract and exports, in order (DOMAIN.md §6)."""


class VendorKind(StrEnum):
    """What kind of supplier a vendor is."""

    HYPERSCALE_CLOUD = "hyperscale_cloud"
    GPU_CLOUD = "gpu_cloud"
    SERVER_MAKER = "server_maker"
    COLOCATION = "colocation"
    POOLED_COMPUTE = "pooled_compute"
    DOMESTIC_ACCELERATOR = "domestic_accelerator"
    TOKEN_API = "token_api"  # noqa: S105 (a kind of vendor, not a secret)
    """Sells model serving by the token (a hosted API), not capacity."""


class LineKind(StrEnum):
    """A quote line either buys compute or is a cost around it."""

    COMPUTE = "compute"
    COST = "cost"


class CostCategory(StrEnum):
    """What a cost line pays for."""

    NETWORK = "network"
    STORAGE = "storage"
    INSTALLATION = "installation"
    SUPPORT = "support"
    FACILITY = "facility"
    POWER = "power"
    SOFTWARE = "software"
    EGRESS = "egress"
    TOKENS = "tokens"
    OTHER = "other"


class Deployment(StrEnum):
    """How compute is obtained. A commitment of N months on cloud capacity is ``reserved``."""

    PURCHASE = "purchase"
    LEASE = "lease"
    RESERVED = "reserved"
    ON_DEMAND = "on_demand"
    SPOT = "spot"

    @property
    def committed(self) -> bool:
        """Paid whether used or not (reserved, lease)."""
        return self in (Deployment.RESERVED, Deployment.LEASE)

    @property
    def owned(self) -> bool:
        """Bought outright."""
        return self is Deployment.PURCHASE


class PriceUnit(StrEnum):
    """What one unit of a quoted price buys.

    The first six are the canonical units of the import contract; the others
    cover recurring cost lines (support per month, egress per GB, colocation per
    kW-month) and a token API's prices per million tokens (all tokens, or only the
    input, output or cached ones).
    """

    PER_GPU_HOUR = "per_gpu_hour"
    PER_NODE_HOUR = "per_node_hour"
    PER_GPU_MONTH = "per_gpu_month"
    PER_NODE_MONTH = "per_node_month"
    PER_UNIT = "per_unit"
    TOTAL = "total"
    PER_MONTH = "per_month"
    PER_YEAR = "per_year"
    PER_GB = "per_gb"
    PER_GB_MONTH = "per_gb_month"
    PER_KW_MONTH = "per_kw_month"
    PER_MILLION_TOKENS = "per_million_tokens"
    PER_MILLION_INPUT_TOKENS = "per_million_input_tokens"
    PER_MILLION_OUTPUT_TOKENS = "per_million_output_tokens"
    PER_MILLION_CACHED_TOKENS = "per_million_cached_tokens"

    @property
    def recurring(self) -> bool:
        """True for prices paid per period of time."""
        return not self.per_tokens and self not in (
            PriceUnit.PER_UNIT,
            PriceUnit.TOTAL,
            PriceUnit.PER_GB,
        )

    @property
    def per_tokens(self) -> bool:
        """True for a token API's prices per million tokens."""
        return self in TOKEN_UNITS


TOKEN_UNITS: frozenset[PriceUnit] = frozenset(
    {
        PriceUnit.PER_MILLION_TOKENS,
        PriceUnit.PER_MILLION_INPUT_TOKENS,
        PriceUnit.PER_MILLION_OUTPUT_TOKENS,
        PriceUnit.PER_MILLION_CACHED_TOKENS,
    }
)
"""The price units of a token API: what a million tokens (of one kind, or all) cost."""


def sells_tokens(quote_lines: Sequence[QuoteLine]) -> bool:
    """True when lines price tokens and buy no compute: a token-API offer."""
    # Compute is looked for first: a price list of compute says so on its first line.
    return not any(line.kind is LineKind.COMPUTE for line in quote_lines) and any(
        line.price_unit.per_tokens for line in quote_lines
    )


@dataclass(frozen=True, slots=True)
class QuoteLine:
    """One line of a vendor quote (the canonical import and JSON contract, DOMAIN.md §6).

    Compute lines carry the accelerator, counts, deployment and term; cost lines a
    category and quantity. ``price`` is exactly what the vendor quoted, in
    ``currency`` per ``price_unit``.
    """

    kind: LineKind
    description: str
    price: Decimal
    price_unit: PriceUnit
    currency: str
    category: CostCategory | None = None
    accelerator: str | None = None
    accelerators_per_node: int | None = None
    nodes: int | None = None
    accelerator_count: int | None = None
    quantity: Decimal | None = None
    deployment: Deployment | None = None
    term_months: int | None = None
    region: str | None = None
    country: str | None = None
    source: str | None = None
    lead_time_days: int | None = None
    """Days from order to capacity, when the vendor states it (not in the import contract)."""

    @property
    def gpu_count(self) -> int:
        """Accelerators this line provides: the count, else nodes × per node, else 0."""
        if self.accelerator_count is not None:
            return self.accelerator_count
        if self.nodes is not None and self.accelerators_per_node is not None:
            return self.nodes * self.accelerators_per_node
        return 0


def line_problems(line: QuoteLine) -> list[str]:
    """What makes a quote line unusable (empty when it is sound), as sentences."""
    problems = []
    if line.price < 0 and line.kind is LineKind.COMPUTE:
        # a discount or a credit is a cost line of its own, negative as quoted
        problems.append("the price of a compute line cannot be negative")
    if len(line.currency) != 3 or not line.currency.isalpha() or not line.currency.isupper():
        problems.append(f"the currency {line.currency!r} is not a three-letter ISO code")
    for name in (
        "accelerators_per_node",
        "nodes",
        "accelerator_count",
        "term_months",
        "lead_time_days",
    ):
        value = getattr(line, name)
        if value is not None and value < 0:
            problems.append(f"{name.replace('_', ' ')} cannot be negative")
    if line.quantity is not None and line.quantity < 0:
        problems.append("the quantity cannot be negative")
    if line.kind is LineKind.COMPUTE and not line.accelerator:
        problems.append("a compute line needs its accelerator")
    if line.kind is LineKind.COMPUTE and line.price_unit.per_tokens:
        problems.append(
            "a price per million tokens buys tokens, not accelerators: make it a cost line "
            "in the category tokens"
        )
    if line.kind is LineKind.COST and line.category is None:
        problems.append("a cost line needs its category")
    if (
        line.country is not None
        and line.country
        and (len(line.country) != 2 or not line.country.isalpha())
    ):
        problems.append(f"the country {line.country!r} is not a two-letter ISO code")
    return problems


@dataclass(frozen=True, slots=True)
class SlaCredit:
    """One row of a credit schedule.

    Below ``below_uptime_pct`` uptime in a month the vendor refunds ``credit_pct`` of
    that month's fee.
    """

    below_uptime_pct: float
    credit_pct: float


@dataclass(frozen=True, slots=True)
class SlaTerms:
    """Uptime commitment and the credits paid when it is missed."""

    uptime_pct: float | None = None
    credits: tuple[SlaCredit, ...] = ()
    notes: str = ""


@dataclass(frozen=True, slots=True)
class SupportTerms:
    """Support: response time by severity (1 = most severe), expert hours and coverage.

    A severity mapped to None is "best effort" (no committed time).
    """

    response_minutes: Mapping[int, int | None] = field(default_factory=dict)
    expert_hours_per_month: float | None = None
    coverage: str = ""


@dataclass(frozen=True, slots=True)
class ReliabilityTerms:
    """Failure figures the vendor states or the buyer measured.

    ``annual_failure_rate`` is a fraction of accelerators failing per year (0.02 = 2 %).
    ``spot_interruptions_per_hour`` is how often the vendor's spot capacity is taken
    back, as stated in the quote (0.02 = one interruption in 50 hours).
    """

    annual_failure_rate: float | None = None
    mttr_hours: float | None = None
    source: str = ""
    spot_interruptions_per_hour: float | None = None


@dataclass(frozen=True, slots=True)
class MeasuredPerformance:
    """Performance measured on the buyer's workload (a proof of concept), not a datasheet."""

    mfu: float | None = None
    tokens_per_second: float | None = None
    method: str = ""
    measured_on: date | None = None


@dataclass(frozen=True, slots=True)
class ExitTerms:
    """What it takes to leave: notice, fees, data return and deletion, egress, lock-in."""

    notice_days: int | None = None
    termination_fee_pct: float | None = None
    data_return: bool | None = None
    data_deletion: bool | None = None
    egress_usd_per_gb: Decimal | None = None
    auto_renewal: bool | None = None
    lock_in_notes: str = ""


@dataclass(frozen=True, slots=True)
class Certification:
    """A certification a vendor holds, with its validity window."""

    name: str
    issuer: str = ""
    valid_from: date | None = None
    valid_to: date | None = None
    evidence: str = ""

    def valid_on(self, day: date) -> bool:
        """True when the certification is in force on ``day``."""
        if self.valid_from is not None and day < self.valid_from:
            return False
        return self.valid_to is None or day <= self.valid_to


@dataclass(frozen=True, slots=True)
class Vendor:
    """A supplier of compute."""

    name: str
    kind: VendorKind
    hq_country: str | None = None
    regions: tuple[str, ...] = ()
    certifications: tuple[Certification, ...] = ()
    website: str = ""
    notes: str = ""


@dataclass(frozen=True, slots=True)
class Quote:
    """A vendor's quote with its lines and terms.

    ``id`` is the store's id when the quote was loaded from a database, else None.
    """

    vendor: Vendor
    reference: str
    lines: tuple[QuoteLine, ...]
    quote_date: date | None = None
    valid_until: date | None = None
    revision: int = 1
    source_file: str = ""
    sla: SlaTerms = field(default_factory=SlaTerms)
    support: SupportTerms = field(default_factory=SupportTerms)
    reliability: ReliabilityTerms = field(default_factory=ReliabilityTerms)
    performance: MeasuredPerformance = field(default_factory=MeasuredPerformance)
    exit_terms: ExitTerms = field(default_factory=ExitTerms)
    id: int | None = None

    @property
    def key(self) -> str:
        """A stable identity within an evaluation: ``vendor/reference/rN``."""
        return f"{self.vendor.name}/{self.reference}/r{self.revision}"

    @property
    def label(self) -> str:
        """``Vendor — reference`` as shown in tables and charts."""
        return f"{self.vendor.name} — {self.reference}"

    @property
    def compute_lines(self) -> tuple[QuoteLine, ...]:
        """The lines that buy compute."""
        return tuple(line for line in self.lines if line.kind is LineKind.COMPUTE)

    @property
    def cost_lines(self) -> tuple[QuoteLine, ...]:
        """The lines around the compute (network, support, …)."""
        return tuple(line for line in self.lines if line.kind is LineKind.COST)


@dataclass(frozen=True, slots=True)
class FxRate:
    """How many US dollars one unit of ``currency`` buys, as of a date."""

    currency: str
    usd_per_unit: Decimal
    as_of: date
    source: str = ""
