"""Requests for quotation: the workbook sent to a vendor, from what the evaluation needs.

:func:`build_rfq` describes the evaluation's workloads in words and figures, asks for
the options that suit the vendor's kind, and (for a clarification) pre-fills what the
vendor's latest quote already says, so the vendor only fills the gaps.
:func:`write_rfq` writes the workbook atomically. A returned workbook is imported like
any quote (``computescore import``): it is recognised by its hidden keys and read
without guessing (:mod:`computescore.io.rfq_reader`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from computescore.domain.catalog import Catalogue
from computescore.domain.quotes import Quote, Vendor
from computescore.domain.rfq import (
    CERTIFICATE_ROWS,
    CREDIT_TIERS,
    Rfq,
    WorkloadBrief,
    requested_options,
    rfq_reference,
)
from computescore.domain.workload import Evaluation, Purpose, Workload
from computescore.reports.rfq_workbook import render_rfq
from computescore.services.records import vendor_named
from computescore.services.reporting import write_atomic
from computescore.store.repository import Store

DEFAULT_REPLY_DAYS = 14


@dataclass(frozen=True, slots=True)
class RfqWritten:
    """What was written: where, the reference, and how many options were asked."""

    path: Path
    reference: str
    vendor: str
    options: int
    prefilled: int


def build_rfq(
    evaluation: Evaluation,
    vendor: Vendor | str,
    *,
    issued: date,
    due: date | None = None,
    contact: str = "",
    known_quote: Quote | None = None,
) -> Rfq:
    """The request for one vendor.

    Args:
        evaluation: the evaluation (its id ties the reference to it).
        vendor: the vendor record (its kind decides the options), or a new vendor's name.
        issued: the day the request goes out.
        due: the reply date (two weeks after ``issued`` when None).
        contact: whom the vendor asks (name and e-mail).
        known_quote: the vendor's latest quote, whose answers are pre-filled.
    """
    name = vendor if isinstance(vendor, str) else vendor.name
    kind = None if isinstance(vendor, str) else vendor.kind
    workloads = evaluation.workloads
    options = requested_options(tuple((w.name, w.purpose.value) for w in workloads), kind)
    return Rfq(
        reference=rfq_reference(evaluation.id or 0, name, issued),
        buyer=evaluation.end_user or evaluation.prepared_by or "the buyer",
        evaluation=evaluation.name,
        vendor=name,
        vendor_kind=kind,
        issued=issued,
        due=due or issued + timedelta(days=DEFAULT_REPLY_DAYS),
        contact=contact or evaluation.prepared_by,
        workloads=tuple(describe_workload(w) for w in workloads),
        options=options,
        known=known_answers(known_quote) if known_quote is not None else {},
    )


def describe_workload(workload: Workload) -> WorkloadBrief:
    """A workload in the words and figures a vendor needs to quote for it."""
    facts: list[tuple[str, str]] = [
        ("Purpose", _purpose(workload)),
        (
            "Demand",
            "steady, all year"
            if workload.workload_class.value == "steady"
            else "variable, with peaks",
        ),
        ("Model size", f"{workload.params / 1e9:,.0f} billion parameters"),
        ("Precision", workload.precision.value.upper()),
    ]
    if workload.purpose is Purpose.TRAINING and workload.training_tokens:
        facts.append(("Training tokens", f"{workload.training_tokens / 1e9:,.0f} billion per job"))
    if workload.tokens_per_day:
        facts.append(("Tokens per day", f"{workload.tokens_per_day / 1e9:,.2f} billion"))
    if workload.latency_ms:
        facts.append(("Latency target", f"{workload.latency_ms:,.0f} ms"))
    facts += [
        ("Accelerators we size for", f"{workload.accelerators:,} (your sizing may differ; say so)"),
        ("Hours per day", f"{workload.hours_per_day:g}"),
        ("Horizon", f"{workload.horizon_months} months"),
        ("Where it must run", _place(workload)),
        ("Data classification", workload.data_classification.value),
    ]
    if workload.baseline_accelerators:
        peak = workload.peak_months_per_year or 0
        facts.append(
            (
                "Capacity profile",
                f"{workload.baseline_accelerators:,} accelerators all year, "
                f"{workload.accelerators:,} for {peak:g} months a year",
            )
        )
    if workload.needed_by is not None:
        facts.append(
            ("In service by", f"{workload.needed_by.isoformat()} (state your lead time per option)")
        )
    if workload.required_certifications:
        facts.append(("Certifications required", ", ".join(workload.required_certifications)))
    return WorkloadBrief(workload.name, tuple(facts))


def known_answers(quote: Quote) -> dict[str, object]:
    """What a quote already says, by RFQ key, for a pre-filled request."""
    known: dict[str, object] = {
        "quote_ref": quote.reference,
        "quote_date": quote.quote_date,
        "valid_until": quote.valid_until,
        "sla.uptime_pct": quote.sla.uptime_pct,
        "support.expert_hours_per_month": quote.support.expert_hours_per_month,
        "support.coverage": quote.support.coverage or None,
        "reliability.mttr_hours": quote.reliability.mttr_hours,
        "reliability.spot_interruptions_per_hour": quote.reliability.spot_interruptions_per_hour,
        "performance.tokens_per_second": quote.performance.tokens_per_second,
        "performance.method": quote.performance.method or None,
        "performance.measured_on": quote.performance.measured_on,
        "exit_terms.notice_days": quote.exit_terms.notice_days,
        "exit_terms.termination_fee_pct": quote.exit_terms.termination_fee_pct,
        "exit_terms.data_return": quote.exit_terms.data_return,
        "exit_terms.data_deletion": quote.exit_terms.data_deletion,
        "exit_terms.auto_renewal": quote.exit_terms.auto_renewal,
        "exit_terms.lock_in_notes": quote.exit_terms.lock_in_notes or None,
    }
    if quote.reliability.annual_failure_rate is not None:
        known["reliability.annual_failure_rate"] = quote.reliability.annual_failure_rate * 100
    if quote.performance.mfu is not None:
        known["performance.mfu"] = quote.performance.mfu * 100
    if quote.exit_terms.egress_usd_per_gb is not None:
        known["exit_terms.egress"] = quote.exit_terms.egress_usd_per_gb
        known["exit_terms.egress_currency"] = "USD"
    for tier, credit in enumerate(quote.sla.credits[:CREDIT_TIERS], start=1):
        known[f"sla.credits.{tier}.below"] = credit.below_uptime_pct
        known[f"sla.credits.{tier}.credit"] = credit.credit_pct
    for severity, minutes in quote.support.response_minutes.items():
        known[f"support.response_minutes.{severity}"] = (
            "best effort" if minutes is None else minutes
        )
    for row, cert in enumerate(quote.vendor.certifications[:CERTIFICATE_ROWS], start=1):
        known[f"certifications.{row}.name"] = cert.name
        known[f"certifications.{row}.valid_to"] = cert.valid_to
    return {key: value for key, value in known.items() if value is not None}


@dataclass(frozen=True, slots=True)
class RfqOptions:
    """How a request is written.

    Attributes:
        evaluation_name: the evaluation (the one changed last when None).
        issued: the issue date (today when None).
        due: the reply date (two weeks after issue when None).
        contact: whom the vendor asks.
        prefill: fill in what the vendor's latest quote already says.
    """

    evaluation_name: str | None = None
    issued: date | None = None
    due: date | None = None
    contact: str = ""
    prefill: bool = False


def write_rfq(
    store: Store,
    out: Path,
    vendor: str,
    catalogue: Catalogue,
    options: RfqOptions | None = None,
) -> RfqWritten:
    """Write the RFQ workbook for ``vendor`` (a stored vendor, or a new one by name).

    Args:
        store: the workspace.
        out: the .xlsx to write (replaced atomically).
        vendor: the vendor's name.
        catalogue: accelerator names for the model list.
        options: dates, contact, pre-filling.
    """
    options = options or RfqOptions()
    evaluation_name, issued, due = options.evaluation_name, options.issued, options.due
    contact, prefill = options.contact, options.prefill
    with store.reading() as uow:
        evaluation = uow.load_evaluation(evaluation_name)
        known = {v.name: v for v in uow.vendors()}
        record: Vendor | str = vendor_named(uow, vendor) if vendor in known else vendor
        latest = None
        if prefill and evaluation.id is not None:
            mine = [q for q in uow.load_quotes(evaluation.id) if q.vendor.name == vendor]
            latest = max(mine, key=lambda q: (q.quote_date or date.min, q.revision), default=None)
    rfq = build_rfq(
        evaluation,
        record,
        issued=issued or date.today(),
        due=due,
        contact=contact,
        known_quote=latest,
    )
    names = sorted(a.display_name for a in catalogue.accelerators.values())
    write_atomic(out, render_rfq(rfq, names))
    return RfqWritten(out, rfq.reference, rfq.vendor, len(rfq.options), len(rfq.known))


def _purpose(workload: Workload) -> str:
    if workload.purpose is Purpose.TRAINING:
        return "training"
    if workload.purpose is Purpose.INFERENCE:
        return "inference (serving)"
    return workload.purpose.value


def _place(workload: Workload) -> str:
    region = f", region {workload.required_region}" if workload.required_region else ""
    return f"{workload.country}{region}"
