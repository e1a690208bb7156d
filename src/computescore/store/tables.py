"""SQLModel table classes: the database schema.

These are storage classes only; the rest of the app works with the frozen
records in ``computescore.domain`` and ``store.mapping`` converts between them.
Quoted money is ``DecimalText`` (exact), never REAL.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import Column, ForeignKey, Index, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel

from computescore.store.types import DecimalText, JsonText

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
SQLModel.metadata.naming_convention = NAMING_CONVENTION


def _fk(target: str, *, nullable: bool = False, ondelete: str = "CASCADE") -> Any:
    """A foreign-key column that deletes (or nulls) with its parent."""
    return Field(
        default=None if nullable else ...,
        sa_column=Column(
            Integer, ForeignKey(target, ondelete=ondelete), nullable=nullable, index=True
        ),
    )


def _money(*, nullable: bool = True) -> Any:
    return Field(default=None, sa_column=Column(DecimalText(), nullable=nullable))


def _json(default: Any = None) -> Any:
    return Field(default=default, sa_column=Column(JsonText(), nullable=True))


class EvaluationRow(SQLModel, table=True):
    """A sourcing event."""

    __tablename__ = "evaluation"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, max_length=200)
    description: str = ""
    decision_date: date
    prepared_by: str = ""
    end_user: str = ""
    end_user_hq: str = Field(default="", max_length=2)
    reporting_currency: str = Field(default="USD", max_length=3)
    """The currency figures are shown in."""
    weights: dict[str, float] | None = _json()
    assumptions: dict[str, Any] | None = _json()
    created_at: datetime
    updated_at: datetime
    blind_scoring: bool = False
    """Evaluators see each other's criterion scores only once they have submitted."""
    disagreement_points: float = 3.0
    """Criterion scores further apart than this are flagged to the lead."""


class WorkloadRow(SQLModel, table=True):
    """A workload profile of an evaluation."""

    __tablename__ = "workload_profile"

    id: int | None = Field(default=None, primary_key=True)
    evaluation_id: int = _fk("evaluation.id")
    name: str
    purpose: str
    workload_class: str
    params: float
    training_tokens: float | None = None
    tokens_per_day: float | None = None
    context_length: int = 4096
    batch_size: int = 1
    accelerators: int = 8
    hours_per_day: float
    horizon_months: int
    precision: str = "bf16"
    assumed_mfu: float = 0.4
    data_classification: str = "internal"
    country: str = "US"
    required_region: str = ""
    latency_ms: float | None = None
    required_certifications: list[str] | None = _json()
    baseline_accelerators: int | None = None
    peak_months_per_year: float | None = None
    layers: int | None = None
    kv_heads: int | None = None
    head_dim: int | None = None
    kv_bytes: float = 2.0
    fp8_training_mfu: float | None = None
    job_every_days: float | None = None
    needed_by: date | None = None


class VendorRow(SQLModel, table=True):
    """A supplier of compute. ``match_key`` is the normalised name used to spot duplicates."""

    __tablename__ = "vendor"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, max_length=300)
    match_key: str = Field(index=True, max_length=300)
    kind: str
    hq_country: str | None = Field(default=None, max_length=2)
    regions: list[str] | None = _json()
    website: str = ""
    notes: str = ""


class CertificationRow(SQLModel, table=True):
    """A certification a vendor holds."""

    __tablename__ = "vendor_certification"

    id: int | None = Field(default=None, primary_key=True)
    vendor_id: int = _fk("vendor.id")
    name: str
    issuer: str = ""
    valid_from: date | None = None
    valid_to: date | None = None
    evidence: str = ""


class ImportBatchRow(SQLModel, table=True):
    """One import: every quote it created carries its id, so it can be undone as a whole."""

    __tablename__ = "import_batch"

    id: int | None = Field(default=None, primary_key=True)
    started_at: datetime
    os_user: str = ""
    files: list[str] | None = _json()
    summary: str = ""


class QuoteRow(SQLModel, table=True):
    """A vendor's quote (one revision of it)."""

    __tablename__ = "quote"
    __table_args__ = (
        UniqueConstraint(
            "evaluation_id",
            "vendor_id",
            "reference",
            "revision",
            name="uq_quote_evaluation_vendor_reference_revision",
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    evaluation_id: int = _fk("evaluation.id")
    vendor_id: int = _fk("vendor.id", ondelete="RESTRICT")
    reference: str
    quote_date: date | None = None
    valid_until: date | None = None
    revision: int = 1
    source_file: str = ""
    import_batch_id: int | None = _fk("import_batch.id", nullable=True, ondelete="SET NULL")
    created_at: datetime
    import_warnings: list[dict[str, str | None]] | None = _json()
    """What the import warned about in the file (a total that does not add up …)."""


class QuoteLineRow(SQLModel, table=True):
    """One line of a quote: compute or cost. Prices are exact decimals."""

    __tablename__ = "quote_line"
    __table_args__ = (Index("ix_quote_line_quote_id_line_no", "quote_id", "line_no"),)

    id: int | None = Field(default=None, primary_key=True)
    quote_id: int = Field(
        sa_column=Column(Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False)
    )
    line_no: int
    kind: str
    category: str | None = None
    description: str = ""
    accelerator: str | None = None
    accelerators_per_node: int | None = None
    nodes: int | None = None
    accelerator_count: int | None = None
    quantity: Decimal | None = _money()
    deployment: str | None = None
    term_months: int | None = None
    price: Decimal = _money(nullable=False)
    price_unit: str
    currency: str = Field(max_length=3)
    region: str | None = None
    country: str | None = Field(default=None, max_length=2)
    source: str | None = None
    lead_time_days: int | None = None


class SlaRow(SQLModel, table=True):
    """A quote's uptime commitment."""

    __tablename__ = "sla_terms"

    id: int | None = Field(default=None, primary_key=True)
    quote_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False, unique=True
        )
    )
    uptime_pct: float | None = None
    notes: str = ""


class SlaCreditRow(SQLModel, table=True):
    """One row of a credit schedule."""

    __tablename__ = "sla_credit"

    id: int | None = Field(default=None, primary_key=True)
    sla_id: int = _fk("sla_terms.id")
    below_uptime_pct: float
    credit_pct: float


class SupportRow(SQLModel, table=True):
    """A quote's support terms."""

    __tablename__ = "support_terms"

    id: int | None = Field(default=None, primary_key=True)
    quote_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False, unique=True
        )
    )
    expert_hours_per_month: float | None = None
    coverage: str = ""


class SupportResponseRow(SQLModel, table=True):
    """Committed response time for one severity; NULL minutes is best effort."""

    __tablename__ = "support_response"
    __table_args__ = (
        UniqueConstraint("support_id", "severity", name="uq_support_response_support_id_severity"),
    )

    id: int | None = Field(default=None, primary_key=True)
    support_id: int = _fk("support_terms.id")
    severity: int
    minutes: int | None = None


class ReliabilityRow(SQLModel, table=True):
    """Failure figures for a quote's hardware."""

    __tablename__ = "reliability"

    id: int | None = Field(default=None, primary_key=True)
    quote_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False, unique=True
        )
    )
    annual_failure_rate: float | None = None
    mttr_hours: float | None = None
    source: str = ""
    spot_interruptions_per_hour: float | None = None


class PerformanceRow(SQLModel, table=True):
    """Performance measured on the buyer's workload."""

    __tablename__ = "measured_performance"

    id: int | None = Field(default=None, primary_key=True)
    quote_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False, unique=True
        )
    )
    mfu: float | None = None
    tokens_per_second: float | None = None
    method: str = ""
    measured_on: date | None = None


class ExitTermsRow(SQLModel, table=True):
    """What it takes to leave a vendor."""

    __tablename__ = "exit_terms"

    id: int | None = Field(default=None, primary_key=True)
    quote_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("quote.id", ondelete="CASCADE"), nullable=False, unique=True
        )
    )
    notice_days: int | None = None
    termination_fee_pct: float | None = None
    data_return: bool | None = None
    data_deletion: bool | None = None
    egress_usd_per_gb: Decimal | None = _money()
    auto_renewal: bool | None = None
    lock_in_notes: str = ""


class FxRateRow(SQLModel, table=True):
    """US dollars per unit of a currency on a date."""

    __tablename__ = "fx_rate"
    __table_args__ = (UniqueConstraint("currency", "as_of", name="uq_fx_rate_currency_as_of"),)

    id: int | None = Field(default=None, primary_key=True)
    currency: str = Field(max_length=3)
    usd_per_unit: Decimal = _money(nullable=False)
    as_of: date
    source: str = ""


class MappingProfileRow(SQLModel, table=True):
    """How a vendor's spreadsheets map to canonical fields, reused on the next import."""

    __tablename__ = "mapping_profile"

    id: int | None = Field(default=None, primary_key=True)
    vendor_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("vendor.id", ondelete="CASCADE"), nullable=False, unique=True
        )
    )
    profile: dict[str, Any] | None = _json()
    updated_at: datetime


class CustomAcceleratorRow(SQLModel, table=True):
    """An accelerator the user added, in the catalogue's JSON shape."""

    __tablename__ = "custom_accelerator"

    id: int | None = Field(default=None, primary_key=True)
    accelerator_id: str = Field(unique=True, max_length=100)
    spec: dict[str, Any] | None = _json()
    created_at: datetime


class SettingRow(SQLModel, table=True):
    """A workspace setting (thresholds, posture, last opened evaluation)."""

    __tablename__ = "setting"

    key: str = Field(primary_key=True, max_length=200)
    value: Any = _json()


class AuditRow(SQLModel, table=True):
    """Append-only record of every change: what, old, new, when, by which OS user.

    Each row carries the hash of the one before, so an edit made outside the app
    can be detected (``verify_audit_chain``). Triggers refuse UPDATE and DELETE.
    """

    __tablename__ = "audit_log"

    id: int | None = Field(default=None, primary_key=True)
    at: datetime
    os_user: str = ""
    action: str
    entity: str
    entity_id: str = ""
    field_name: str = ""
    old: str | None = None
    new: str | None = None
    prev_hash: str = ""
    hash: str = ""


class ScreeningListRow(SQLModel, table=True):
    """A restricted-party list file the user imported (name and date kept for every result)."""

    __tablename__ = "screening_list"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    list_date: date | None = None
    source_file: str = ""
    imported_at: datetime
    entry_count: int = 0


class ScreeningEntryRow(SQLModel, table=True):
    """One party on a screening list."""

    __tablename__ = "screening_entry"

    id: int | None = Field(default=None, primary_key=True)
    list_id: int = _fk("screening_list.id")
    name: str
    alt_names: list[str] | None = _json()
    country: str = ""
    source: str = ""
    programs: str = ""
    remarks: str = ""


class DeletedRecordRow(SQLModel, table=True):
    """A deleted quote, workload, vendor or evaluation, kept until the user empties the list.

    ``payload`` holds the deleted rows and their children as JSON, so restoring puts
    every line, term and certification back; ``evaluation`` and ``vendor`` name what
    the record belonged to (their ids may have changed by the time it is restored).
    """

    __tablename__ = "deleted_record"

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=20)
    label: str
    evaluation: str = ""
    deleted_at: datetime
    os_user: str = ""
    payload: dict[str, Any] | None = _json()


class CriterionRow(SQLModel, table=True):
    """A qualitative criterion of an evaluation, with the axis it feeds and its share of it."""

    __tablename__ = "criterion"
    __table_args__ = (
        UniqueConstraint("evaluation_id", "name", name="uq_criterion_evaluation_id_name"),
    )

    id: int | None = Field(default=None, primary_key=True)
    evaluation_id: int = _fk("evaluation.id")
    name: str = Field(max_length=200)
    axis: str = Field(max_length=20)
    weight: float
    scale_max: float = 10.0
    description: str = ""
    position: int = 0


class CriterionScoreRow(SQLModel, table=True):
    """One evaluator's score of one vendor on one criterion.

    ``evaluator`` is the database user on a server (row-level security lets each
    evaluator write only their own rows), a name typed locally on a file.
    ``submitted_at`` is empty for a draft; only submitted scores count.
    """

    __tablename__ = "criterion_score"
    __table_args__ = (
        UniqueConstraint(
            "criterion_id", "vendor_id", "evaluator", name="uq_criterion_score_one_per_evaluator"
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    criterion_id: int = _fk("criterion.id")
    vendor_id: int = _fk("vendor.id")
    evaluator: str = Field(max_length=100)
    score: float
    note: str = ""
    scored_at: datetime
    submitted_at: datetime | None = None


class ConsensusRow(SQLModel, table=True):
    """The score the lead recorded for a vendor on a criterion after comparing the scores."""

    __tablename__ = "consensus_score"
    __table_args__ = (
        UniqueConstraint("criterion_id", "vendor_id", name="uq_consensus_score_criterion_vendor"),
    )

    id: int | None = Field(default=None, primary_key=True)
    criterion_id: int = _fk("criterion.id")
    vendor_id: int = _fk("vendor.id")
    score: float
    reason: str
    decided_by: str = ""
    decided_at: datetime


class ApprovalRow(SQLModel, table=True):
    """An approver's approval of a board pack, tied to the pack's fingerprint."""

    __tablename__ = "approval"

    id: int | None = Field(default=None, primary_key=True)
    evaluation_id: int = _fk("evaluation.id")
    approver: str = Field(max_length=100)
    approved_at: datetime
    fingerprint: str = Field(max_length=64)
    workload: str = ""
    note: str = ""
