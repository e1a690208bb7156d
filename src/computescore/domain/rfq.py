"""A request for quotation: what the buyer asks each vendor, field by field.

The RFQ workbook (:mod:`computescore.reports.rfq_workbook`) is written from these
records and read back (:mod:`computescore.io.rfq_reader`) by the same keys, so every
answer lands in its field without any guessing. A key names the field it fills
(``sla.uptime_pct``, ``support.response_minutes.1``); the vendor never sees it (it
sits in a hidden row or column that moves with the row or column it belongs to).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum

from computescore.domain.quotes import Deployment, PriceUnit, VendorKind

FORMAT_MARK = "ComputeScore request for quotation"
"""The first cell of the workbook's hidden key sheet: how a returned RFQ is recognised."""

FORMAT_VERSION = 1

KEYS_SHEET = "Keys"
LISTS_SHEET = "Lists"
ANSWER_HEADER = "Your answer"
"""The terms and cover sheets' answer column is found by this header."""
QUESTION_HEADER = "Question"
"""The heading of the questions' column, left of the answers (found by it when the vendor
renamed the answers' header)."""

DEPLOYMENT_LABELS: dict[Deployment, str] = {
    Deployment.ON_DEMAND: "On-demand",
    Deployment.RESERVED: "Reserved",
    Deployment.SPOT: "Spot (interruptible)",
    Deployment.PURCHASE: "Purchase",
    Deployment.LEASE: "Lease",
}
PRICE_UNIT_LABELS: dict[PriceUnit, str] = {
    PriceUnit.PER_GPU_HOUR: "per GPU-hour",
    PriceUnit.PER_NODE_HOUR: "per node-hour",
    PriceUnit.PER_GPU_MONTH: "per GPU-month",
    PriceUnit.PER_NODE_MONTH: "per node-month",
    PriceUnit.PER_UNIT: "per item, one-off",
    PriceUnit.TOTAL: "for the line, one-off",
    PriceUnit.PER_MONTH: "per month",
    PriceUnit.PER_YEAR: "per year",
    PriceUnit.PER_GB: "per GB",
    PriceUnit.PER_GB_MONTH: "per GB-month",
    PriceUnit.PER_KW_MONTH: "per kW-month",
    PriceUnit.PER_MILLION_TOKENS: "per million tokens",
    PriceUnit.PER_MILLION_INPUT_TOKENS: "per million input tokens",
    PriceUnit.PER_MILLION_OUTPUT_TOKENS: "per million output tokens",
    PriceUnit.PER_MILLION_CACHED_TOKENS: "per million cached tokens",
}
CURRENCIES = ("USD", "EUR", "GBP", "CHF", "JPY", "CNY", "SEK", "NOK", "DKK", "CAD", "AUD", "SGD")
YES_NO = ("yes", "no")


class AnswerKind(StrEnum):
    """What an answer cell holds, which decides its validation, format and parsing."""

    TEXT = "text"
    NUMBER = "number"
    WHOLE = "whole"
    PERCENT = "percent"
    MINUTES = "minutes"
    HOURS = "hours"
    DAYS = "days"
    DATE = "date"
    YES_NO = "yes_no"
    MONEY = "money"
    CURRENCY = "currency"
    ACCELERATOR = "accelerator"
    DEPLOYMENT = "deployment"
    PRICE_UNIT = "price_unit"


@dataclass(frozen=True, slots=True)
class Question:
    """One question of the terms sheet.

    Attributes:
        key: the field it fills (dotted, as on a quote).
        section: the heading it sits under.
        label: the question as the vendor reads it.
        kind: what the answer holds.
        hint: how to write the answer ("percent, e.g. 99.95").
        why: why it matters to the decision, in one sentence.
        optional: a blank answer is not reported (a second credit tier, a fifth
            certificate).
    """

    key: str
    section: str
    label: str
    kind: AnswerKind
    hint: str
    why: str
    optional: bool = False


@dataclass(frozen=True, slots=True)
class PricingColumn:
    """One column of the pricing sheet; ``answer`` False for the buyer's own columns."""

    key: str
    header: str
    kind: AnswerKind
    answer: bool = True
    width: float = 16.0


PRICING_COLUMNS: tuple[PricingColumn, ...] = (
    PricingColumn("option", "Option", AnswerKind.TEXT, answer=False, width=10),
    PricingColumn("workload", "For workload", AnswerKind.TEXT, answer=False, width=34),
    PricingColumn("request", "What we ask for", AnswerKind.TEXT, answer=False, width=28),
    PricingColumn("description", "Your description or SKU", AnswerKind.TEXT, width=34),
    PricingColumn("accelerator", "Accelerator model", AnswerKind.ACCELERATOR, width=26),
    PricingColumn("accelerators_per_node", "Accelerators per node", AnswerKind.WHOLE, width=12),
    PricingColumn("accelerator_count", "Accelerators available", AnswerKind.WHOLE, width=13),
    PricingColumn("deployment", "Deployment", AnswerKind.DEPLOYMENT, width=14),
    PricingColumn("term_months", "Term (months)", AnswerKind.WHOLE, width=10),
    PricingColumn("quantity", "Quantity (kW, racks, items)", AnswerKind.NUMBER, width=12),
    PricingColumn("price", "Price", AnswerKind.MONEY, width=13),
    PricingColumn("price_unit", "Price unit", AnswerKind.PRICE_UNIT, width=18),
    PricingColumn("currency", "Currency", AnswerKind.CURRENCY, width=10),
    PricingColumn("region", "Region or site", AnswerKind.TEXT, width=20),
    PricingColumn("country", "Country (ISO code)", AnswerKind.TEXT, width=10),
    PricingColumn("lead_time_days", "Lead time (days)", AnswerKind.WHOLE, width=10),
    # Two lines at most: the header row holds two.
    PricingColumn("minimum", "Min. commitment (GPUs)", AnswerKind.WHOLE, width=16),
    PricingColumn("flex", "Flex band (%)", AnswerKind.PERCENT, width=11),
    PricingColumn("prepayment", "Prepaid (%)", AnswerKind.PERCENT, width=11),
)
"""The pricing sheet's columns, left to right."""

EXTRA_ROWS = 12
"""Empty answer rows under the requested options, for options the vendor adds."""

SLA = "Service level"
SUPPORT = "Support"
RELIABILITY = "Reliability"
PERFORMANCE = "Measured performance"
CERTIFICATIONS = "Certifications"
DATA = "Data location"
EXIT = "Exit terms"
QUOTE = "Your quote"

CREDIT_TIERS = 3
CERTIFICATE_ROWS = 5

_QUESTIONS: list[Question] = [
    Question(
        "quote_ref",
        QUOTE,
        "Your quote reference",
        AnswerKind.TEXT,
        "as on your quote",
        "Ties later revisions of your quote to this one.",
    ),
    Question(
        "quote_date",
        QUOTE,
        "Date of your quote",
        AnswerKind.DATE,
        "date",
        "Prices are compared as of this date.",
    ),
    Question(
        "valid_until",
        QUOTE,
        "Prices valid until",
        AnswerKind.DATE,
        "date",
        "A quote that expires before the decision date cannot be awarded.",
    ),
    Question(
        "sla.uptime_pct",
        SLA,
        "Monthly uptime commitment",
        AnswerKind.PERCENT,
        "percent, e.g. 99.95",
        "Expected downtime is priced from this figure in the reliability score.",
    ),
]
for _tier in range(1, CREDIT_TIERS + 1):
    _QUESTIONS += [
        Question(
            f"sla.credits.{_tier}.below",
            SLA,
            f"Service credit tier {_tier}: when uptime falls below",
            AnswerKind.PERCENT,
            "percent, e.g. 99.5",
            "Credits are refunds: they lower the cost of downtime to us.",
            _tier > 1,
        ),
        Question(
            f"sla.credits.{_tier}.credit",
            SLA,
            f"Service credit tier {_tier}: credit of the monthly fee",
            AnswerKind.PERCENT,
            "percent, e.g. 10",
            "Credits are refunds: they lower the cost of downtime to us.",
            _tier > 1,
        ),
    ]
for _severity, _example in ((1, "30"), (2, "120"), (3, "480"), (4, "1440")):
    _QUESTIONS.append(
        Question(
            f"support.response_minutes.{_severity}",
            SUPPORT,
            f"Response time, severity {_severity}",
            AnswerKind.MINUTES,
            f"minutes, e.g. {_example}; 'best effort' if none is committed",
            "The service score weighs committed response times.",
        )
    )
_QUESTIONS += [
    Question(
        "support.expert_hours_per_month",
        SUPPORT,
        "Expert (engineering) hours included per month",
        AnswerKind.HOURS,
        "hours",
        "Included expert time is support we do not buy separately.",
    ),
    Question(
        "support.coverage",
        SUPPORT,
        "Support coverage",
        AnswerKind.TEXT,
        "e.g. 24x7 for severity 1, business hours otherwise",
        "Tells when a failure is worked on.",
    ),
    Question(
        "reliability.annual_failure_rate",
        RELIABILITY,
        "Annual accelerator failure rate",
        AnswerKind.PERCENT,
        "percent of accelerators failing per year, e.g. 2.1",
        "Without it the reliability score is computed from an assumed rate.",
    ),
    Question(
        "reliability.mttr_hours",
        RELIABILITY,
        "Mean time to repair or replace",
        AnswerKind.HOURS,
        "hours",
        "Repair time turns failures into lost accelerator-hours.",
    ),
    Question(
        "reliability.spot_interruptions_per_hour",
        RELIABILITY,
        "Spot interruptions per hour",
        AnswerKind.NUMBER,
        "per hour of spot capacity, e.g. 0.02; empty if no spot",
        "Interruptions turn spot hours into lost work (checkpoint and restart).",
    ),
    Question(
        "performance.mfu",
        PERFORMANCE,
        "Measured model FLOPs utilisation (MFU)",
        AnswerKind.PERCENT,
        "percent, e.g. 41",
        "The performance score is measured MFU; without it an assumption is used.",
    ),
    Question(
        "performance.tokens_per_second",
        PERFORMANCE,
        "Measured throughput (generated tokens)",
        AnswerKind.NUMBER,
        "output tokens per second per accelerator",
        "It sizes serving; prompt tokens are counted apart: leave them out.",
    ),
    Question(
        "performance.method",
        PERFORMANCE,
        "Benchmark: model, accelerators, precision",
        AnswerKind.TEXT,
        "e.g. Llama 3 70B pre-training, 64 x H100, BF16",
        "A measurement counts only for the model and accelerator it was made on.",
    ),
    Question(
        "performance.measured_on",
        PERFORMANCE,
        "Date of the measurement",
        AnswerKind.DATE,
        "date",
        "Old measurements may predate software improvements.",
    ),
]
for _row in range(1, CERTIFICATE_ROWS + 1):
    _QUESTIONS += [
        Question(
            f"certifications.{_row}.name",
            CERTIFICATIONS,
            f"Certification {_row}",
            AnswerKind.TEXT,
            "e.g. ISO/IEC 27001:2022",
            "Required certifications are knock-outs.",
            _row > 1,
        ),
        Question(
            f"certifications.{_row}.valid_to",
            CERTIFICATIONS,
            f"Certification {_row}: valid until",
            AnswerKind.DATE,
            "date",
            "An expired certificate does not count.",
            _row > 1,
        ),
    ]
_QUESTIONS += [
    Question(
        "data.country",
        DATA,
        "Country where our data is stored and processed",
        AnswerKind.TEXT,
        "ISO code, e.g. DE",
        "Data residency rules are knock-outs.",
    ),
    Question(
        "exit_terms.notice_days",
        EXIT,
        "Termination notice",
        AnswerKind.DAYS,
        "days",
        "Notice and fees are the cost of leaving.",
    ),
    Question(
        "exit_terms.termination_fee_pct",
        EXIT,
        "Early termination fee",
        AnswerKind.PERCENT,
        "percent of the remaining contract value",
        "Notice and fees are the cost of leaving.",
    ),
    Question(
        "exit_terms.data_return",
        EXIT,
        "Data returned on exit",
        AnswerKind.YES_NO,
        "yes or no",
        "Without a return of data, leaving costs a migration.",
    ),
    Question(
        "exit_terms.data_deletion",
        EXIT,
        "Data deleted on exit, with a certificate",
        AnswerKind.YES_NO,
        "yes or no",
        "Deletion is a compliance requirement.",
    ),
    Question(
        "exit_terms.egress",
        EXIT,
        "Data egress price per GB",
        AnswerKind.MONEY,
        "price per GB, in the currency below",
        "Egress is the cost of taking our data out.",
    ),
    Question(
        "exit_terms.egress_currency",
        EXIT,
        "Currency of the egress price",
        AnswerKind.CURRENCY,
        "e.g. USD",
        "Egress is the cost of taking our data out.",
        True,
    ),
    Question(
        "exit_terms.auto_renewal",
        EXIT,
        "Renews automatically",
        AnswerKind.YES_NO,
        "yes or no",
        "Automatic renewal locks us in unless notice is given.",
    ),
    Question(
        "exit_terms.lock_in_notes",
        EXIT,
        "Minimum commitments or exclusivity",
        AnswerKind.TEXT,
        "describe, or 'none'",
        "Commitments limit how capacity can be moved later.",
    ),
]
QUESTIONS: tuple[Question, ...] = tuple(_QUESTIONS)
"""Every question of the RFQ, in the order of the cover and terms sheets."""

QUESTION_BY_KEY: Mapping[str, Question] = {q.key: q for q in QUESTIONS}


@dataclass(frozen=True, slots=True)
class RequestedOption:
    """One row the buyer asks the vendor to price."""

    option: str
    workload: str
    request: str
    deployment: Deployment | None = None
    term_months: int | None = None
    price_unit: PriceUnit | None = None


@dataclass(frozen=True, slots=True)
class WorkloadBrief:
    """A workload described for the vendor, in words and figures (label, value) pairs."""

    name: str
    facts: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Rfq:
    """Everything an RFQ workbook says and asks.

    Attributes:
        reference: ties the returned workbook to this request.
        buyer: who asks.
        evaluation: the evaluation's name.
        vendor: who is asked.
        vendor_kind: decides which options are asked for.
        issued, due: when it was sent and when it must come back.
        contact: whom the vendor asks questions.
        workloads: the workloads described.
        options: the rows to price.
        known: answers already known (a clarification request pre-fills them), by key;
            pricing answers as ``pricing.<option>.<column>``.
    """

    reference: str
    buyer: str
    evaluation: str
    vendor: str
    vendor_kind: VendorKind | None
    issued: date
    due: date
    contact: str
    workloads: tuple[WorkloadBrief, ...]
    options: tuple[RequestedOption, ...]
    known: Mapping[str, object] = field(default_factory=dict)


def rfq_reference(evaluation_id: int, vendor: str, issued: date) -> str:
    """``RFQ-0007-BRIGHTLINE-20261126``: evaluation, vendor and issue date."""
    letters = "".join(ch for ch in vendor.upper() if ch.isalnum())[:12] or "VENDOR"
    return f"RFQ-{evaluation_id:04d}-{letters}-{issued:%Y%m%d}"


def requested_options(
    workloads: tuple[tuple[str, str], ...], kind: VendorKind | None
) -> tuple[RequestedOption, ...]:
    """The rows asked of a vendor of this kind, for each (workload name, purpose).

    A cloud is asked for on-demand and reserved (12 and 36 months) capacity, and spot
    for training; a server maker for purchase and a 36-month lease; pooled compute for
    guaranteed and interruptible capacity; a colocation site for power, space and
    build-out. An unknown kind is asked for what a cloud is.
    """
    rows: list[RequestedOption] = []
    for number, (name, purpose) in enumerate(workloads, start=1):
        for suffix, text, deployment, term, unit in _asks(kind, purpose):
            rows.append(RequestedOption(f"W{number}-{suffix}", name, text, deployment, term, unit))
    return tuple(rows)


def _asks(
    kind: VendorKind | None, purpose: str
) -> list[tuple[str, str, Deployment | None, int | None, PriceUnit | None]]:
    hour = PriceUnit.PER_GPU_HOUR
    if kind is VendorKind.SERVER_MAKER:
        return [
            ("BUY", "Purchase, per node", Deployment.PURCHASE, None, PriceUnit.PER_UNIT),
            (
                "L36",
                "Lease, 36 months, per node-month",
                Deployment.LEASE,
                36,
                PriceUnit.PER_NODE_MONTH,
            ),
        ]
    if kind is VendorKind.COLOCATION:
        return [
            ("PWR", "Power, per kW-month", None, None, PriceUnit.PER_KW_MONTH),
            ("RACK", "Cabinet or rack space, per month", None, None, PriceUnit.PER_MONTH),
            ("BUILD", "Build-out and installation, one-off", None, None, PriceUnit.TOTAL),
        ]
    if kind is VendorKind.POOLED_COMPUTE:
        return [
            ("OD", "Guaranteed capacity, per GPU-hour", Deployment.ON_DEMAND, None, hour),
            ("SPOT", "Interruptible capacity, per GPU-hour", Deployment.SPOT, None, hour),
        ]
    asks: list[tuple[str, str, Deployment | None, int | None, PriceUnit | None]] = [
        ("OD", "On-demand, per GPU-hour", Deployment.ON_DEMAND, None, hour),
        ("R12", "Reserved 12 months, per GPU-hour", Deployment.RESERVED, 12, hour),
        ("R36", "Reserved 36 months, per GPU-hour", Deployment.RESERVED, 36, hour),
    ]
    if purpose != "inference":
        asks.append(("SPOT", "Spot, per GPU-hour", Deployment.SPOT, None, hour))
    return asks
