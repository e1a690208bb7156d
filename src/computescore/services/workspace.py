"""Opening a workspace database and loading an evaluation's data for the engines.

This is the service every front end starts from:

* :func:`open_store` resolves the database path (``--db``, ``COMPUTESCORE_DB`` or the
  user data folder), opens it, migrates it (backing it up first) and returns a
  :class:`~computescore.store.repository.Store`.
* :func:`load_evaluation_data` gathers, in one read transaction, everything the
  decision engine, the compliance checks and the reports need about one
  evaluation, as frozen records (:class:`EvaluationData`).
* :func:`canonical_lines` lists quote lines with the canonical field names of the
  import/JSON contract (DOMAIN.md §6).

Writing goes through ``Store.transaction()``, which yields a ``UnitOfWork`` whose
methods (``add_evaluation``, ``upsert_vendor``, ``add_quote`` — a repeated vendor +
reference becomes the next revision —, ``new_import_batch``, ``save_mapping_profile``,
``mapping_profile``, ``set_fx_rate``, ``set_setting`` …) all write an audit row in the
same transaction; nothing is committed unless the whole block succeeds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from computescore.domain.catalog import Catalogue
from computescore.domain.committee import Committee
from computescore.domain.quotes import CANONICAL_LINE_FIELDS, FxRate, Quote
from computescore.domain.workload import Evaluation
from computescore.settings import app_paths, resolve_db_target
from computescore.store.repository import Store
from computescore.store.server import PasswordNeeded as PasswordNeeded
from computescore.store.server import is_server_url as is_server_url
from computescore.store.server import listen_for_changes as listen_for_changes
from computescore.store.server import masked as masked
from computescore.store.server import remember_password as remember_password

CANONICAL_FIELDS = CANONICAL_LINE_FIELDS
"""Field names of a quote line in JSON and exports, in this order (DOMAIN.md §6)."""


@dataclass(frozen=True, slots=True)
class EvaluationData:
    """Everything the engines need about one evaluation, read at one moment.

    ``settings`` holds the workspace settings (compliance thresholds, export-control
    posture, TCO assumptions) as stored; each engine reads its own keys.
    """

    evaluation: Evaluation
    quotes: tuple[Quote, ...]
    fx_rates: tuple[FxRate, ...]
    catalogue: Catalogue
    settings: Mapping[str, Any] = field(default_factory=dict)
    assumptions: Mapping[str, Any] = field(default_factory=dict)
    db_path: str = ""
    committee: Committee = field(default_factory=Committee)
    """The qualitative criteria and the committee's scores (what this user may read)."""


def open_store(db: str | Path | None = None) -> Store:
    """Open the workspace database named by ``db`` (or the default), migrated and checked."""
    target = resolve_db_target(db)
    return Store.open(target, backup_dir=app_paths().backup_dir if db is None else None)


def load_catalogue_for(store: Store) -> Catalogue:
    """The shipped catalogue plus the user's own accelerators stored in this workspace."""
    from computescore.services.catalogue import load_catalogue

    with store.reading() as uow:
        extra = uow.custom_accelerators()
    return load_catalogue(extra)


def load_evaluation_data(store: Store, name: str | None = None) -> EvaluationData:
    """Load one evaluation (by name, else the most recently changed) with its quotes."""
    catalogue = load_catalogue_for(store)
    with store.reading() as uow:
        evaluation = uow.load_evaluation(name)
        assert evaluation.id is not None
        quotes = uow.load_quotes(evaluation.id)
        rates = uow.fx_rates()
        settings = {
            key: uow.get_setting(key)
            for key in (
                "compliance_thresholds",
                "export_control_posture",
                "screening_threshold",
                "rules_file",
                "tco_assumptions",
                "grid_intensity",
            )
            if uow.get_setting(key) is not None
        }
        row = uow.evaluation_row(evaluation.name)
        assumptions = dict(row.assumptions or {})
        committee = uow.committee.load(evaluation.id)
    return EvaluationData(
        evaluation,
        quotes,
        rates,
        catalogue,
        settings,
        assumptions,
        store.url or str(store.path),
        committee,
    )


def canonical_lines(
    store: Store, evaluation: str | None = None, *, on: date | None = None
) -> list[dict[str, Any]]:
    """Every current quote line as a dict with exactly the canonical field names.

    ``usd_per_gpu_hour`` is converted with 730 h/month and the newest FX rate on or
    before ``on`` (default: the evaluation's decision date); null for one-off prices.
    Prices keep the exact text the vendor quoted.
    """
    from computescore.services.json_contract import canonical_line
    from computescore.store.mapping import line_from_values

    with store.reading() as uow:
        ev = uow.evaluation_row(evaluation)
        rates = uow.fx_rates()
    day = on or ev.decision_date
    out = []
    for row in store.line_rows(ev.id):
        out.append(
            canonical_line(
                line_from_values(row),
                vendor=row["vendor"],
                quote_ref=row["quote_ref"],
                quote_date=row["quote_date"],
                valid_until=row["valid_until"],
                day=day,
                rates=rates,
            )
        )
    return out
