"""The unit of work: every read and write of one transaction, each write audited."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlmodel import col

from computescore.collector import collector_paused
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Certification,
    ExitTerms,
    MeasuredPerformance,
    Quote,
    QuoteLine,
    ReliabilityTerms,
    SlaTerms,
    SupportTerms,
    Vendor,
)
from computescore.domain.workload import Evaluation, Workload
from computescore.errors import InputRefused, NotFound, StaleEdit
from computescore.store import mapping
from computescore.store.repository.base import (
    LINES_PER_INSERT,
    QuoteSummary,
    _now,
    name_key,
    os_user,
)
from computescore.store.repository.committee import CommitteeRows
from computescore.store.repository.deleted import DeletedRecords
from computescore.store.repository.workspace_rows import WorkspaceRows
from computescore.store.tables import (
    CertificationRow,
    EvaluationRow,
    ExitTermsRow,
    ImportBatchRow,
    PerformanceRow,
    QuoteLineRow,
    QuoteRow,
    ReliabilityRow,
    SlaCreditRow,
    SlaRow,
    SupportResponseRow,
    SupportRow,
    VendorRow,
    WorkloadRow,
)
from computescore.wording import plural, unknown_name

UNREAD: Any = object()
"""No value was read before the edit: nothing to compare."""


def _shown(value: Any) -> str:
    return "(empty)" if value in (None, "") else str(value)


class UnitOfWork(WorkspaceRows):
    """Reads and writes inside one transaction. Created by :meth:`Store.transaction`."""

    @property
    def committee(self) -> CommitteeRows:
        """The committee's criteria, scores, consensus and approvals."""
        return CommitteeRows(self)

    @property
    def deleted(self) -> DeletedRecords:
        """The recently deleted list: delete to it, restore from it, empty it."""
        return DeletedRecords(self)

    # -- evaluations and workloads ---------------------------------------------------
    def add_evaluation(self, evaluation: Evaluation) -> int:
        """Create an evaluation with its workloads; returns its id."""
        now = _now()
        row = EvaluationRow(
            name=evaluation.name,
            description=evaluation.description,
            decision_date=evaluation.decision_date,
            prepared_by=evaluation.prepared_by,
            end_user=evaluation.end_user,
            end_user_hq=evaluation.end_user_hq,
            reporting_currency=evaluation.reporting_currency,
            weights=dict(evaluation.weights) or None,
            created_at=now,
            updated_at=now,
        )
        self.session.add(row)
        self._flush(f"An evaluation named {evaluation.name!r} already exists.")
        assert row.id is not None
        for workload in evaluation.workloads:
            self.add_workload(row.id, workload)
        self.audit("create", "evaluation", row.id, new=evaluation.name)
        return row.id

    def evaluation_row(self, name: str | None = None) -> EvaluationRow:
        """The evaluation named ``name``; with no name, the only or most recent one."""
        if name:
            row = self.session.exec(select(EvaluationRow).where(EvaluationRow.name == name)).first()
            if row is None:
                raise NotFound(unknown_name("evaluation", name, self.evaluation_names()))
            return row[0]
        rows = self.session.exec(
            select(EvaluationRow).order_by(col(EvaluationRow.updated_at).desc())
        ).all()
        if not rows:
            raise NotFound(
                "The database has no evaluation yet: create one with "
                "'computescore evaluation create NAME' (File ▸ New evaluation… in the app), "
                "or try the demo with 'computescore demo'."
            )
        return rows[0][0]

    def evaluation_names(self) -> list[str]:
        """Names of all evaluations, alphabetically."""
        return list(
            self.session.exec(select(EvaluationRow.name).order_by(EvaluationRow.name))
            .scalars()
            .all()
        )

    def load_evaluation(self, name: str | None = None) -> Evaluation:
        """An evaluation record with its workloads."""
        row = self.evaluation_row(name)
        workloads = (
            self.session.exec(
                select(WorkloadRow)
                .where(WorkloadRow.evaluation_id == row.id)
                .order_by(WorkloadRow.id)
            )
            .scalars()
            .all()
        )
        return mapping.evaluation_from_row(row, workloads)

    def set_evaluation_field(
        self, evaluation_id: int, field: str, value: Any, *, expected: Any = UNREAD
    ) -> None:
        """Change one field of an evaluation (weights, assumptions, dates …), audited.

        With ``expected`` (the value the editor read), a field someone else changed since
        raises :class:`StaleEdit` and nothing is written, unless this unit of work was
        opened to overwrite.
        """
        row = self.session.get(EvaluationRow, evaluation_id)
        if row is None:
            raise NotFound(f"Evaluation {evaluation_id} no longer exists.")
        old = getattr(row, field)
        if expected is not UNREAD and old != expected and not self.overwrite:
            who, when = self.last_change("evaluation", evaluation_id, field)
            raise StaleEdit(
                f"the evaluation's {field.replace('_', ' ')}", _shown(old), _shown(value), who, when
            )
        setattr(row, field, value)
        row.updated_at = _now()
        self.session.add(row)
        self.session.flush()
        self.audit("update", "evaluation", evaluation_id, field, old, value)

    def add_workload(self, evaluation_id: int, workload: Workload) -> int:
        """Add a workload profile to an evaluation; returns its id."""
        row = WorkloadRow(evaluation_id=evaluation_id, **mapping.workload_values(workload))
        self.session.add(row)
        self.session.flush()
        assert row.id is not None
        self.audit("create", "workload_profile", row.id, new=workload.name)
        return row.id

    def update_workload(self, workload_id: int, workload: Workload) -> None:
        """Replace a workload's values, auditing each changed field."""
        row = self.session.get(WorkloadRow, workload_id)
        if row is None:
            raise NotFound(f"Workload {workload_id} no longer exists.")
        for key, value in mapping.workload_values(workload).items():
            old = getattr(row, key)
            if old != value:
                setattr(row, key, value)
                self.audit("update", "workload_profile", workload_id, key, old, value)
        self.session.add(row)
        self.session.flush()

    def delete_workload(self, workload_id: int) -> None:
        """Delete a workload profile, audited."""
        row = self.session.get(WorkloadRow, workload_id)
        if row is None:
            raise NotFound(f"Workload {workload_id} no longer exists.")
        name = row.name
        self.session.delete(row)
        self.session.flush()
        self.audit("delete", "workload_profile", workload_id, old=name)

    def workload_ids(self, evaluation_id: int) -> list[int]:
        """Ids of an evaluation's workloads, in creation order."""
        return list(
            self.session.exec(
                select(WorkloadRow.id)
                .where(WorkloadRow.evaluation_id == evaluation_id)
                .order_by(WorkloadRow.id)
            )
            .scalars()
            .all()
        )

    # -- vendors ---------------------------------------------------------------------
    def vendor_row(self, name: str) -> VendorRow | None:
        """The vendor with exactly this name, or None."""
        found = self.session.exec(select(VendorRow).where(VendorRow.name == name)).first()
        return found[0] if found else None

    def similar_vendor(self, name: str) -> str | None:
        """An existing vendor whose name reads the same as ``name`` but is spelt differently."""
        key = name_key(name)
        found = self.session.exec(
            select(VendorRow.name).where(VendorRow.match_key == key, VendorRow.name != name)
        ).first()
        return found[0] if found else None

    def upsert_vendor(self, vendor: Vendor) -> int:
        """Create or update the vendor (by exact name) and its certifications; returns its id."""
        row = self.vendor_row(vendor.name)
        values = {
            "match_key": name_key(vendor.name),
            "kind": vendor.kind.value,
            "hq_country": vendor.hq_country,
            "regions": list(vendor.regions),
            "website": vendor.website,
            "notes": vendor.notes,
        }
        if row is None:
            row = VendorRow(name=vendor.name, **values)
            self.session.add(row)
            self.session.flush()
            self.audit("create", "vendor", row.id, new=vendor.name)
        else:
            for key, value in values.items():
                old = getattr(row, key)
                if old != value:
                    setattr(row, key, value)
                    self.audit("update", "vendor", row.id, key, old, value)
            self.session.add(row)
            self.session.flush()
        assert row.id is not None
        if vendor.certifications:
            self.replace_certifications(row.id, vendor.certifications)
        return row.id

    def ensure_vendor(self, vendor: Vendor) -> int:
        """The id of the vendor named ``vendor.name``, creating it (as given) when missing."""
        row = self.vendor_row(vendor.name)
        if row is not None and row.id is not None:
            return row.id
        return self.upsert_vendor(vendor)

    def replace_certifications(self, vendor_id: int, certs: Iterable[Certification]) -> None:
        """Set a vendor's certifications to exactly ``certs``."""
        old = (
            self.session.exec(
                select(CertificationRow).where(CertificationRow.vendor_id == vendor_id)
            )
            .scalars()
            .all()
        )
        old_names = sorted(c.name for c in old)
        for row in old:
            self.session.delete(row)
        new = list(certs)
        for cert in new:
            self.session.add(
                CertificationRow(
                    vendor_id=vendor_id,
                    name=cert.name,
                    issuer=cert.issuer,
                    valid_from=cert.valid_from,
                    valid_to=cert.valid_to,
                    evidence=cert.evidence,
                )
            )
        self.session.flush()
        if old_names != sorted(c.name for c in new) or old:
            self.audit(
                "update", "vendor", vendor_id, "certifications", old_names, [c.name for c in new]
            )

    def delete_vendor(self, name: str) -> None:
        """Delete a vendor that has no quotes (its certifications and profile go with it)."""
        row = self.vendor_row(name)
        if row is None:
            raise NotFound(f"There is no vendor named {name!r}.")
        quotes = self.session.exec(
            select(func.count()).select_from(QuoteRow).where(QuoteRow.vendor_id == row.id)
        ).scalar_one()
        if quotes:
            raise InputRefused(
                f"{name} has {plural(quotes, 'quote')}; delete them first so no history is lost."
            )
        self.session.delete(row)
        self.session.flush()
        self.audit("delete", "vendor", row.id, old=name)

    def vendors(self) -> list[Vendor]:
        """Every vendor with its certifications, by name."""
        rows = self.session.exec(select(VendorRow).order_by(VendorRow.name)).scalars().all()
        certs = self.session.exec(select(CertificationRow)).scalars().all()
        by_vendor: dict[int, list[CertificationRow]] = {}
        for cert in certs:
            by_vendor.setdefault(cert.vendor_id, []).append(cert)
        return [mapping.vendor_from_row(r, by_vendor.get(r.id or 0, [])) for r in rows]

    # -- quotes ----------------------------------------------------------------------
    def new_import_batch(self, files: Sequence[str], summary: str = "") -> int:
        """Open an import batch; quotes added with its id can be removed together."""
        row = ImportBatchRow(
            started_at=_now(), os_user=os_user(), files=list(files), summary=summary
        )
        self.session.add(row)
        self.session.flush()
        assert row.id is not None
        self.audit("create", "import_batch", row.id, new=list(files))
        return row.id

    def delete_import_batch(self, batch_id: int) -> int:
        """Remove every quote an import created (undo of an import); returns how many."""
        ids = list(
            self.session.exec(select(QuoteRow.id).where(QuoteRow.import_batch_id == batch_id))
            .scalars()
            .all()
        )
        if ids:
            self.session.exec(delete(QuoteRow).where(col(QuoteRow.id).in_(ids)))
        self.audit("delete", "import_batch", batch_id, old=f"{len(ids)} quotes")
        return len(ids)

    def next_revision(self, evaluation_id: int, vendor_id: int, reference: str) -> int:
        """1 for a new quote, else one more than the latest stored revision."""
        latest = self.session.exec(
            select(func.max(QuoteRow.revision)).where(
                QuoteRow.evaluation_id == evaluation_id,
                QuoteRow.vendor_id == vendor_id,
                QuoteRow.reference == reference,
            )
        ).scalar_one()
        return 1 if latest is None else int(latest) + 1

    def add_quote(
        self, evaluation_id: int, quote: Quote, *, import_batch_id: int | None = None
    ) -> tuple[int, int]:
        """Store a quote with its lines and terms; returns (quote id, revision).

        The vendor is created if it does not exist. A quote whose vendor and
        reference are already stored becomes the next revision (history is kept).
        Lines are written with one Core ``insert`` of a list of rows.
        """
        vendor_id = self.ensure_vendor(quote.vendor)
        revision = self.next_revision(evaluation_id, vendor_id, quote.reference)
        row = QuoteRow(
            evaluation_id=evaluation_id,
            vendor_id=vendor_id,
            reference=quote.reference,
            quote_date=quote.quote_date,
            valid_until=quote.valid_until,
            revision=revision,
            source_file=quote.source_file,
            import_batch_id=import_batch_id,
            created_at=_now(),
        )
        self.session.add(row)
        self._flush("The quote could not be stored.")
        quote_id = row.id
        assert quote_id is not None
        if quote.lines:
            self._insert_lines(quote_id, quote.lines)
        self._write_terms(
            quote_id,
            quote.sla,
            quote.support,
            quote.reliability,
            quote.performance,
            quote.exit_terms,
        )
        self.audit(
            "create",
            "quote",
            quote_id,
            new=f"{quote.vendor.name} {quote.reference} r{revision}, {len(quote.lines)} lines",
        )
        return quote_id, revision

    def set_import_warnings(self, quote_id: int, warnings: Sequence[Problem]) -> None:
        """Keep what the import of a quote warned about (shown and asked about later)."""
        row = self.session.get(QuoteRow, quote_id)
        if row is None:
            raise NotFound(f"There is no quote with id {quote_id}.")
        row.import_warnings = [
            {
                "source": p.source,
                "message": p.message,
                "found": p.found,
                "expected": p.expected,
            }
            for p in warnings
        ] or None
        self.session.add(row)
        self.session.flush()

    def import_warnings(self, quote_ids: Sequence[int]) -> dict[int, list[Problem]]:
        """The warnings kept from each quote's import, by quote id (absent when none)."""
        if not quote_ids:
            return {}
        rows = self.session.exec(
            select(QuoteRow.id, QuoteRow.import_warnings).where(col(QuoteRow.id).in_(quote_ids))
        ).all()
        return {
            quote_id: [
                Problem(
                    item["source"] or "",
                    item["message"] or "",
                    Severity.WARNING,
                    item.get("found"),
                    item.get("expected"),
                )
                for item in warnings
            ]
            for quote_id, warnings in rows
            if warnings
        }

    def _insert_lines(self, quote_id: int, lines: Sequence[QuoteLine]) -> None:
        """Write lines with one ``executemany`` of plain tuples.

        This is the hot path of a large import (100,000 lines): values are converted
        once here (money to exact text) and handed to the driver without per-row
        ORM or type-processing work.
        """
        columns = ("quote_id", "line_no", *mapping.LINE_FIELDS)
        to_row = mapping.line_to_row
        rows = [(quote_id, number, *to_row(line)) for number, line in enumerate(lines, start=1)]
        connection = self.session.connection()
        mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
        one_row = "(" + ", ".join(mark for _ in columns) + ")"
        insert = f"INSERT INTO quote_line ({', '.join(columns)}) VALUES "
        # Many rows to a statement: SQLite then prepares, steps and resets once for
        # every LINES_PER_INSERT lines, which saves about a sixth of the writing.
        whole = len(rows) - len(rows) % LINES_PER_INSERT
        if whole:
            chain = itertools.chain.from_iterable
            batches = [
                tuple(chain(rows[start : start + LINES_PER_INSERT]))
                for start in range(0, whole, LINES_PER_INSERT)
            ]
            connection.exec_driver_sql(insert + ", ".join([one_row] * LINES_PER_INSERT), batches)
        if whole < len(rows):
            connection.exec_driver_sql(insert + one_row, rows[whole:])

    def _write_terms(
        self,
        quote_id: int,
        sla: SlaTerms,
        support: SupportTerms,
        reliability: ReliabilityTerms,
        performance: MeasuredPerformance,
        exit_terms: ExitTerms,
    ) -> None:
        if sla != SlaTerms():
            sla_row = SlaRow(quote_id=quote_id, uptime_pct=sla.uptime_pct, notes=sla.notes)
            self.session.add(sla_row)
            self.session.flush()
            assert sla_row.id is not None
            for credit in sla.credits:
                self.session.add(
                    SlaCreditRow(
                        sla_id=sla_row.id,
                        below_uptime_pct=credit.below_uptime_pct,
                        credit_pct=credit.credit_pct,
                    )
                )
        if support != SupportTerms():
            support_row = SupportRow(
                quote_id=quote_id,
                expert_hours_per_month=support.expert_hours_per_month,
                coverage=support.coverage,
            )
            self.session.add(support_row)
            self.session.flush()
            assert support_row.id is not None
            for severity, minutes in support.response_minutes.items():
                self.session.add(
                    SupportResponseRow(
                        support_id=support_row.id, severity=int(severity), minutes=minutes
                    )
                )
        if reliability != ReliabilityTerms():
            self.session.add(
                ReliabilityRow(
                    quote_id=quote_id,
                    annual_failure_rate=reliability.annual_failure_rate,
                    mttr_hours=reliability.mttr_hours,
                    source=reliability.source,
                    spot_interruptions_per_hour=reliability.spot_interruptions_per_hour,
                )
            )
        if performance != MeasuredPerformance():
            self.session.add(
                PerformanceRow(
                    quote_id=quote_id,
                    mfu=performance.mfu,
                    tokens_per_second=performance.tokens_per_second,
                    method=performance.method,
                    measured_on=performance.measured_on,
                )
            )
        if exit_terms != ExitTerms():
            self.session.add(
                ExitTermsRow(
                    quote_id=quote_id,
                    notice_days=exit_terms.notice_days,
                    termination_fee_pct=exit_terms.termination_fee_pct,
                    data_return=exit_terms.data_return,
                    data_deletion=exit_terms.data_deletion,
                    egress_usd_per_gb=exit_terms.egress_usd_per_gb,
                    auto_renewal=exit_terms.auto_renewal,
                    lock_in_notes=exit_terms.lock_in_notes,
                )
            )
        self.session.flush()

    def replace_terms(self, quote_id: int, quote: Quote) -> None:
        """Replace a stored quote's SLA, support, reliability, performance and exit terms."""
        for table in (SlaRow, SupportRow, ReliabilityRow, PerformanceRow, ExitTermsRow):
            self.session.exec(delete(table).where(table.quote_id == quote_id))
        self._write_terms(
            quote_id,
            quote.sla,
            quote.support,
            quote.reliability,
            quote.performance,
            quote.exit_terms,
        )
        self.audit("update", "quote", quote_id, "terms")

    def update_line(self, quote_id: int, line_no: int, old: QuoteLine, new: QuoteLine) -> None:
        """Replace line ``line_no`` (1-based) of a stored quote, auditing each changed field.

        ``old`` is the line as the editor read it. When the stored line is no longer that
        (someone else saved a change since), :class:`StaleEdit` is raised and nothing is
        written, unless this unit of work was opened to overwrite.
        """
        table = QuoteLineRow.__table__
        if not self.overwrite:
            stored = self.session.execute(
                select(*(table.c[name] for name in mapping.LINE_FIELDS)).where(
                    table.c.quote_id == quote_id, table.c.line_no == line_no
                )
            ).first()
            if stored is None:
                raise NotFound(f"Quote {quote_id} has no line {line_no}.")
            current = mapping.line_from_row(tuple(stored))
            if current != old:
                changed = [n for n in mapping.LINE_FIELDS if getattr(current, n) != getattr(old, n)]
                who, when = self.last_change("quote_line", f"{quote_id}#{line_no}")
                raise StaleEdit(
                    f"line {line_no} of this quote",
                    "; ".join(f"{n.replace('_', ' ')} {getattr(current, n)}" for n in changed),
                    "; ".join(f"{n.replace('_', ' ')} {getattr(new, n)}" for n in changed),
                    who,
                    when,
                )
        values = dict(zip(mapping.LINE_FIELDS, mapping.line_to_row(new), strict=True))
        done = self.session.execute(
            update(table)
            .where(table.c.quote_id == quote_id, table.c.line_no == line_no)
            .values(**values)
        )
        if done.rowcount != 1:
            raise NotFound(f"Quote {quote_id} has no line {line_no}.")
        for name in mapping.LINE_FIELDS:
            before, after = getattr(old, name), getattr(new, name)
            if before != after:
                self.audit("update", "quote_line", f"{quote_id}#{line_no}", name, before, after)

    def delete_quote(self, quote_id: int) -> None:
        """Delete one quote revision with its lines and terms."""
        row = self.session.get(QuoteRow, quote_id)
        if row is None:
            raise NotFound(f"Quote {quote_id} no longer exists.")
        label = f"{row.reference} r{row.revision}"
        self.session.delete(row)
        self.session.flush()
        self.audit("delete", "quote", quote_id, old=label)

    def quote_summaries(self, evaluation_id: int) -> list[QuoteSummary]:
        """Every stored quote revision of an evaluation, newest revision marked ``latest``."""
        counts = (
            select(QuoteLineRow.quote_id, func.count().label("n"))
            .group_by(QuoteLineRow.quote_id)
            .subquery()
        )
        rows = self.session.exec(
            select(
                QuoteRow.id,
                VendorRow.name,
                QuoteRow.reference,
                QuoteRow.revision,
                QuoteRow.quote_date,
                QuoteRow.source_file,
                counts.c.n,
            )
            .join(VendorRow, VendorRow.id == QuoteRow.vendor_id)
            .outerjoin(counts, counts.c.quote_id == QuoteRow.id)
            .where(QuoteRow.evaluation_id == evaluation_id)
            .order_by(VendorRow.name, QuoteRow.reference, QuoteRow.revision)
        ).all()
        latest: dict[tuple[str, str], int] = {}
        for r in rows:
            latest[(r[1], r[2])] = max(latest.get((r[1], r[2]), 0), r[3])
        return [
            QuoteSummary(
                r[0], r[1], r[2], r[3], r[4], r[5], r[6] or 0, latest[(r[1], r[2])] == r[3]
            )
            for r in rows
        ]

    def load_quotes(
        self,
        evaluation_id: int,
        *,
        all_revisions: bool = False,
        quote_ids: Sequence[int] | None = None,
        like: Mapping[int, Sequence[QuoteLine]] | None = None,
    ) -> tuple[Quote, ...]:
        """The evaluation's quotes as records (latest revision of each, unless asked).

        ``like`` gives, by quote id, lines the stored ones may repeat position for
        position (a new revision's, to be compared with the stored one): a stored line
        equal to the one at its position there is that same record, not rebuilt.
        """
        summaries = self.quote_summaries(evaluation_id)
        wanted = [s for s in summaries if all_revisions or s.latest]
        if quote_ids is not None:
            wanted = [s for s in summaries if s.quote_id in set(quote_ids)]
        if not wanted:
            return ()
        ids = [s.quote_id for s in wanted]
        vendors = {v.name: v for v in self.vendors()}
        quote_rows = {
            r.id: r
            for r in self.session.exec(select(QuoteRow).where(col(QuoteRow.id).in_(ids)))
            .scalars()
            .all()
        }
        lines = self._load_lines(ids, like or {})
        terms = self._load_terms(ids)
        result = []
        for summary in wanted:
            row = quote_rows[summary.quote_id]
            sla, support, reliability, performance, exit_terms = terms[summary.quote_id]
            result.append(
                Quote(
                    vendor=vendors[summary.vendor],
                    reference=row.reference,
                    lines=tuple(lines[summary.quote_id]),
                    quote_date=row.quote_date,
                    valid_until=row.valid_until,
                    revision=row.revision,
                    source_file=row.source_file,
                    sla=sla,
                    support=support,
                    reliability=reliability,
                    performance=performance,
                    exit_terms=exit_terms,
                    id=row.id,
                )
            )
        return tuple(result)

    def _load_lines(
        self, ids: Sequence[int], like: Mapping[int, Sequence[QuoteLine]]
    ) -> dict[int, list[QuoteLine]]:
        """Each quote's lines in order: one query, plain tuples, no per-row ORM work.

        A stored line whose values are those of the line at its position in ``like``
        is taken from there (see :meth:`load_quotes`).
        """
        lines: dict[int, list[QuoteLine]] = {i: [] for i in ids}
        connection = self.session.connection()
        mark = "?" if connection.dialect.paramstyle == "qmark" else "%s"
        placeholders = ", ".join(mark for _ in ids)
        # The driver's own cursor, inside this unit of work's transaction: its rows are
        # plain tuples, fetched in one call.
        driver = connection.connection.driver_connection
        assert driver is not None
        rows = driver.execute(
            f"SELECT quote_id, {', '.join(mapping.LINE_FIELDS)} FROM quote_line "
            f"WHERE quote_id IN ({placeholders}) ORDER BY quote_id, line_no",
            tuple(ids),
        ).fetchall()
        from_row, to_row = mapping.line_from_row, mapping.line_to_row
        with collector_paused():
            for quote_id, group in itertools.groupby(rows, key=itemgetter(0)):
                known = like.get(quote_id, ())
                loaded = lines[quote_id]
                for position, row in enumerate(group):
                    values = row[1:]
                    if position < len(known):
                        candidate = known[position]
                        if to_row(candidate) == values:
                            loaded.append(candidate)
                            continue
                    loaded.append(from_row(values))
        return lines

    def _load_terms(
        self, ids: Sequence[int]
    ) -> dict[int, tuple[SlaTerms, SupportTerms, ReliabilityTerms, MeasuredPerformance, ExitTerms]]:
        def by_quote(table: Any) -> dict[int, Any]:
            rows = self.session.exec(select(table).where(col(table.quote_id).in_(ids)))
            return {r.quote_id: r for r in rows.scalars().all()}

        slas = by_quote(SlaRow)
        supports = by_quote(SupportRow)
        reliabilities = by_quote(ReliabilityRow)
        performances = by_quote(PerformanceRow)
        exits = by_quote(ExitTermsRow)
        credits: dict[int, list[tuple[float, float]]] = {}
        if slas:
            for c in self.session.exec(
                select(SlaCreditRow).where(
                    col(SlaCreditRow.sla_id).in_([s.id for s in slas.values()])
                )
            ).scalars():
                credits.setdefault(c.sla_id, []).append((c.below_uptime_pct, c.credit_pct))
        responses: dict[int, list[tuple[int, int | None]]] = {}
        if supports:
            for r in self.session.exec(
                select(SupportResponseRow).where(
                    col(SupportResponseRow.support_id).in_([s.id for s in supports.values()])
                )
            ).scalars():
                responses.setdefault(r.support_id, []).append((r.severity, r.minutes))
        out = {}
        for quote_id in ids:
            sla_row = slas.get(quote_id)
            sup_row = supports.get(quote_id)
            out[quote_id] = (
                mapping.sla_from_rows(
                    sla_row.uptime_pct, sla_row.notes, credits.get(sla_row.id, [])
                )
                if sla_row
                else SlaTerms(),
                mapping.support_from_rows(
                    sup_row.expert_hours_per_month, sup_row.coverage, responses.get(sup_row.id, [])
                )
                if sup_row
                else SupportTerms(),
                mapping.reliability_from_row(reliabilities.get(quote_id)),
                mapping.performance_from_row(performances.get(quote_id)),
                mapping.exit_from_row(exits.get(quote_id)),
            )
        return out
