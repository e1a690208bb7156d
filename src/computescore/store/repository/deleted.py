"""Recently deleted: a deleted record is kept, with everything under it, until the list is emptied.

Deleting a quote, workload, vendor or evaluation through :class:`DeletedRecords`
first copies its row and every row that hangs from it (a quote's lines and terms,
a vendor's certifications, an evaluation's workloads and quotes) into one
``deleted_record`` row as JSON, then deletes it. Restoring inserts the copies again
with new ids, re-linked to their parents; the evaluation and vendor a record
belonged to are found again by name, since their ids may have changed meanwhile.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from sqlalchemy import Table, delete, insert, select
from sqlmodel import col

from computescore.errors import InputRefused, NotFound
from computescore.store.repository.base import _now, os_user
from computescore.store.tables import (
    DeletedRecordRow,
    EvaluationRow,
    ImportBatchRow,
    QuoteRow,
    SQLModel,
    VendorRow,
    WorkloadRow,
)
from computescore.store.types import DecimalText, JsonText
from computescore.wording import plural

if TYPE_CHECKING:
    from computescore.store.repository.unit_of_work import UnitOfWork

KINDS = ("quote", "workload", "vendor", "evaluation")
"""What can be deleted and restored."""

_ROOT_TABLE = {
    "quote": "quote",
    "workload": "workload_profile",
    "vendor": "vendor",
    "evaluation": "evaluation",
}

CHILDREN: dict[str, tuple[tuple[str, str], ...]] = {
    "evaluation": (
        ("workload_profile", "evaluation_id"),
        ("quote", "evaluation_id"),
        ("criterion", "evaluation_id"),
        ("approval", "evaluation_id"),
    ),
    "criterion": (("criterion_score", "criterion_id"), ("consensus_score", "criterion_id")),
    "quote": (
        ("quote_line", "quote_id"),
        ("sla_terms", "quote_id"),
        ("support_terms", "quote_id"),
        ("reliability", "quote_id"),
        ("measured_performance", "quote_id"),
        ("exit_terms", "quote_id"),
    ),
    "sla_terms": (("sla_credit", "sla_id"),),
    "support_terms": (("support_response", "support_id"),),
    "vendor": (("vendor_certification", "vendor_id"), ("mapping_profile", "vendor_id")),
}
"""Which rows hang from which, by table and foreign-key column: what a deletion takes along."""


@dataclass(frozen=True, slots=True)
class DeletedRecord:
    """One entry of the recently deleted list."""

    id: int
    kind: str
    label: str
    evaluation: str
    deleted_at: datetime
    deleted_by: str


def _table(name: str) -> Table:
    table = SQLModel.metadata.tables[name]
    assert isinstance(table, Table)
    return table


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return value


def _typed(table: Table, column: str, value: Any) -> Any:
    """A JSON value back as the column's Python type."""
    if value is None:
        return None
    kind = table.c[column].type
    if isinstance(kind, DecimalText):
        return Decimal(value)
    if isinstance(kind, JsonText):
        return value
    impl = getattr(kind, "impl", kind)
    python_type = impl.python_type
    if python_type is datetime:
        return datetime.fromisoformat(value)
    if python_type is date:
        return date.fromisoformat(value)
    return value


class DeletedRecords:
    """Delete to, list, restore from and empty the recently deleted list (one transaction)."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow
        self.session = uow.session

    # -- copying rows --------------------------------------------------------------------
    def _tree(self, table_name: str, row: dict[str, Any]) -> dict[str, Any]:
        """A row with its children, as JSON-ready values."""
        children = []
        for child, fk in CHILDREN.get(table_name, ()):
            table = _table(child)
            rows = self.session.execute(
                select(table).where(table.c[fk] == row["id"]).order_by(table.c["id"])
            ).mappings()
            for child_row in rows:
                children.append({"fk": fk, **self._tree(child, dict(child_row))})
        node: dict[str, Any] = {
            "table": table_name,
            "row": {key: _plain(value) for key, value in row.items()},
        }
        if children:
            node["children"] = children
        return node

    def _row(self, table_name: str, row_id: int) -> dict[str, Any]:
        table = _table(table_name)
        found = self.session.execute(select(table).where(table.c["id"] == row_id)).mappings()
        row = found.first()
        if row is None:
            raise NotFound(f"That {table_name.replace('_', ' ')} no longer exists.")
        return dict(row)

    # -- deleting ------------------------------------------------------------------------
    def delete_quote(self, quote_id: int) -> int:
        """Move one quote revision (lines and terms) to the list; returns the entry's id."""
        quote = self.session.get(QuoteRow, quote_id)
        if quote is None:
            raise NotFound(f"Quote {quote_id} no longer exists.")
        vendor = self.session.get(VendorRow, quote.vendor_id)
        evaluation = self.session.get(EvaluationRow, quote.evaluation_id)
        assert vendor is not None and evaluation is not None
        label = f"{vendor.name} — {quote.reference} (revision {quote.revision})"
        tree = self._tree("quote", self._row("quote", quote_id))
        tree["vendor"] = vendor.name
        entry = self._keep("quote", label, evaluation.name, tree)
        self.uow.delete_quote(quote_id)
        return entry

    def delete_workload(self, workload_id: int) -> int:
        """Move a workload profile to the list; returns the entry's id."""
        workload = self.session.get(WorkloadRow, workload_id)
        if workload is None:
            raise NotFound(f"Workload {workload_id} no longer exists.")
        evaluation = self.session.get(EvaluationRow, workload.evaluation_id)
        assert evaluation is not None
        tree = self._tree("workload_profile", self._row("workload_profile", workload_id))
        entry = self._keep("workload", workload.name, evaluation.name, tree)
        self.uow.delete_workload(workload_id)
        return entry

    def delete_vendor(self, name: str) -> int:
        """Move a vendor with no quotes (and its certifications) to the list."""
        vendor = self.uow.vendor_row(name)
        if vendor is None or vendor.id is None:
            raise NotFound(f"There is no vendor named {name!r}.")
        tree = self._tree("vendor", self._row("vendor", vendor.id))
        self.uow.delete_vendor(name)  # refuses a vendor that still has quotes
        return self._keep("vendor", name, "", tree)

    def delete_evaluation(self, name: str) -> int:
        """Move an evaluation with its workloads and quotes to the list."""
        evaluation = self.uow.evaluation_row(name)
        assert evaluation.id is not None
        tree = self._tree("evaluation", self._row("evaluation", evaluation.id))
        vendors: dict[int, str] = {
            int(vendor_id): name
            for vendor_id, name in self.session.execute(select(VendorRow.id, VendorRow.name))
        }
        for child in tree.get("children", ()):
            if child["table"] == "quote":
                child["vendor"] = vendors[child["row"]["vendor_id"]]
        quotes = sum(1 for c in tree.get("children", ()) if c["table"] == "quote")
        entry = self._keep("evaluation", f"{name} ({plural(quotes, 'quote')})", name, tree)
        self.session.delete(evaluation)  # the database deletes its workloads and quotes
        self.session.flush()
        self.uow.audit("delete", "evaluation", evaluation.id, old=name)
        return entry

    def _keep(self, kind: str, label: str, evaluation: str, tree: dict[str, Any]) -> int:
        row = DeletedRecordRow(
            kind=kind,
            label=label,
            evaluation=evaluation,
            deleted_at=_now(),
            os_user=os_user(),
            payload=json.loads(json.dumps(tree)),
        )
        self.session.add(row)
        self.session.flush()
        assert row.id is not None
        return row.id

    # -- listing and emptying ------------------------------------------------------------
    def entries(self) -> list[DeletedRecord]:
        """Every deleted record, newest first."""
        rows = self.session.exec(
            select(DeletedRecordRow).order_by(col(DeletedRecordRow.id).desc())
        ).scalars()
        return [
            DeletedRecord(r.id or 0, r.kind, r.label, r.evaluation, r.deleted_at, r.os_user)
            for r in rows
        ]

    def empty(self, entry_ids: list[int] | None = None) -> int:
        """Forget deleted records for good (all, or the ones given); returns how many."""
        query = delete(DeletedRecordRow)
        if entry_ids is not None:
            query = query.where(col(DeletedRecordRow.id).in_(entry_ids))
        count = self.session.execute(query).rowcount
        self.session.flush()
        self.uow.audit("purge", "deleted_record", "", old=plural(count, "record"))
        return int(count)

    # -- restoring -----------------------------------------------------------------------
    def restore(self, entry_id: int) -> tuple[str, int]:
        """Put a deleted record back; returns (kind, new id of its top row)."""
        entry = self.session.get(DeletedRecordRow, entry_id)
        if entry is None:
            raise NotFound(f"Nothing with number {entry_id} is in the recently deleted list.")
        tree = dict(entry.payload or {})
        if entry.kind == "evaluation":
            new_id = self._restore_evaluation(entry, tree)
        elif entry.kind == "vendor":
            if self.uow.vendor_row(entry.label) is not None:
                raise InputRefused(
                    f"A vendor named {entry.label!r} exists again; rename or delete it "
                    "before restoring the deleted one."
                )
            new_id = self._insert(tree, {})
        else:
            evaluation = self._evaluation_id(entry, tree["row"].get("evaluation_id"))
            links = {"evaluation_id": evaluation}
            if entry.kind == "quote":
                links["vendor_id"] = self._vendor_id(tree["vendor"], entry.label)
            new_id = self._insert(tree, links)
        self.session.delete(entry)
        self.session.flush()
        self.uow.audit("restore", _ROOT_TABLE[entry.kind], new_id, new=entry.label)
        return entry.kind, new_id

    def _restore_evaluation(self, entry: DeletedRecordRow, tree: dict[str, Any]) -> int:
        name = entry.evaluation
        if name in self.uow.evaluation_names():
            raise InputRefused(
                f"An evaluation named {name!r} exists again; rename it before restoring "
                "the deleted one."
            )
        for child in tree.get("children", ()):
            if child["table"] == "quote":
                child["link"] = {"vendor_id": self._vendor_id(child["vendor"], entry.label)}
        return self._insert(tree, {})

    def _evaluation_id(self, entry: DeletedRecordRow, former_id: int | None) -> int:
        """The evaluation a record goes back to: the same one if it still exists (even
        renamed; one created after the deletion that reuses the id is not it), else the
        one of its name."""
        former = self.session.get(EvaluationRow, former_id) if former_id is not None else None
        if former is not None and former.id is not None and former.created_at <= entry.deleted_at:
            return former.id
        found = self.session.exec(
            select(EvaluationRow.id).where(EvaluationRow.name == entry.evaluation)
        )
        evaluation_id = found.scalars().first()
        if evaluation_id is None:
            raise InputRefused(
                f"{entry.label} belonged to the evaluation {entry.evaluation!r}, which no "
                "longer exists; restore that evaluation first."
            )
        return int(evaluation_id)

    def _vendor_id(self, name: str, label: str) -> int:
        row = self.uow.vendor_row(name)
        if row is None or row.id is None:
            raise InputRefused(
                f"{label} needs the vendor {name!r}, which was deleted; restore the vendor first."
            )
        return row.id

    def _insert(self, node: dict[str, Any], links: dict[str, int]) -> int:
        """Insert a copied row (new id, parents re-linked) and then its children."""
        table = _table(node["table"])
        values = {
            key: _typed(table, key, value) for key, value in node["row"].items() if key != "id"
        }
        values.update(links)
        values.update(node.get("link", {}))
        batch = values.get("import_batch_id")
        if batch is not None and self.session.get(ImportBatchRow, batch) is None:
            values["import_batch_id"] = None
        if table.name == "quote":
            self._check_free_revision(values)
        new_id = self.session.execute(insert(table).values(**values)).inserted_primary_key
        assert new_id is not None
        row_id = int(new_id[0])
        leaves: dict[str, list[dict[str, Any]]] = {}
        for child in node.get("children", ()):
            if "children" in child or child["table"] in CHILDREN or "link" in child:
                self._insert(child, {child["fk"]: row_id})
            else:
                child_table = _table(child["table"])
                leaves.setdefault(child["table"], []).append(
                    {
                        **{
                            key: _typed(child_table, key, value)
                            for key, value in child["row"].items()
                            if key != "id"
                        },
                        child["fk"]: row_id,
                    }
                )
        for name, rows in leaves.items():
            self.session.execute(insert(_table(name)), rows)
        return row_id

    def _check_free_revision(self, values: dict[str, Any]) -> None:
        clash = self.session.exec(
            select(QuoteRow.id).where(
                QuoteRow.evaluation_id == values["evaluation_id"],
                QuoteRow.vendor_id == values["vendor_id"],
                QuoteRow.reference == values["reference"],
                QuoteRow.revision == values["revision"],
            )
        ).first()
        if clash is not None:
            raise InputRefused(
                f"Revision {values['revision']} of quote {values['reference']!r} has been "
                "stored again since it was deleted; delete that one first to restore this."
            )
