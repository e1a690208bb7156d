"""The open workspace: one database, the evaluation shown, its data and the undo stack.

Reading happens on the thread pool and returns plain records (:class:`Snapshot`);
views redraw when :attr:`Workspace.snapshot_changed` fires. Writing happens on the
GUI thread in one short transaction per user action (``Workspace.write``), always
through an undo command so that every edit can be undone; the unit of work audits
each write. The database is the save: an accepted edit is committed at once.

``sqlmodel``/SQLAlchemy are imported only when a database is opened, so the main
window can appear before they load.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from computescore.domain import presentation
from computescore.domain.catalog import Accelerator
from computescore.domain.quotes import FxRate, Quote, Vendor
from computescore.domain.sizing.serving import OUTPUT_SHARE_DEFAULT
from computescore.domain.workload import Evaluation
from computescore.errors import UserError
from computescore.gui import tasks
from computescore.gui.errors import report_exception

if TYPE_CHECKING:
    from computescore.services.committee import CommitteeView
    from computescore.store.repository import QuoteSummary, Store, UnitOfWork

log = logging.getLogger("computescore.gui")

T = TypeVar("T")


SEALED_MESSAGE = (
    "Prices are sealed for you: as a technical evaluator you score the committee's "
    "criteria without seeing prices (the database hides them). A lead reveals them when "
    "the technical scoring is done."
)
SEALED_PAGES = ("workloads", "vendors", "committee")
"""The pages a technical evaluator sealed from prices can use."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What the views show about one evaluation, read in one go.

    ``lines`` are plain dicts (``Store.line_rows`` plus ``usd_per_gpu_hour``) for the
    quotes table; the other members are frozen domain records.
    """

    path: Path | str
    evaluation_names: tuple[str, ...] = ()
    evaluation: Evaluation | None = None
    workload_ids: tuple[int, ...] = ()
    vendors: tuple[Vendor, ...] = ()
    summaries: tuple[QuoteSummary, ...] = ()
    quotes: tuple[Quote, ...] = ()
    lines: list[dict[str, Any]] = field(default_factory=list)
    fx_rates: tuple[FxRate, ...] = ()
    assumptions: Mapping[str, Any] = field(default_factory=dict)
    loaded_in_s: float = 0.0
    roles: tuple[str, ...] | None = None
    """The person's roles on a team database; None when they may do everything."""
    committee: CommitteeView | None = None
    """The committee's criteria and scores as this person may see them."""
    accelerators: Mapping[str, Accelerator] = field(default_factory=dict)
    """The catalogue (the shipped one and the workspace's own), by id."""
    output_share: float = OUTPUT_SHARE_DEFAULT
    """The token mix in force: the share of a serving workload's tokens that are generated
    (the workspace's assumption, overridden by the evaluation's)."""

    @property
    def may_lead(self) -> bool:
        """True when the person may change the evaluation itself (weights, workloads …)."""
        return self.roles is None or "lead" in self.roles

    @property
    def may_evaluate(self) -> bool:
        """True when the person may import and correct quotes."""
        return self.roles is None or bool({"lead", "evaluator"} & set(self.roles))

    @property
    def sealed(self) -> bool:
        """True for a technical evaluator: prices are hidden from them by the database."""
        return (
            self.roles is not None
            and "technical" in self.roles
            and not ({"viewer", "evaluator", "lead", "approver"} & set(self.roles))
        )

    @property
    def may_approve(self) -> bool:
        """True when the person may approve the board pack."""
        return self.roles is None or "approver" in self.roles

    @property
    def evaluation_id(self) -> int | None:
        """The shown evaluation's id, or None when the database has none."""
        return None if self.evaluation is None else self.evaluation.id

    @property
    def latest_summaries(self) -> tuple[QuoteSummary, ...]:
        """The newest revision of each quote."""
        return tuple(s for s in self.summaries if s.latest)

    @property
    def weights(self) -> dict[str, float]:
        """The evaluation's stored weights (empty when it uses its preset)."""
        return dict(self.evaluation.weights) if self.evaluation else {}


def read_snapshot(store: Store, evaluation: str | None = None) -> Snapshot:
    """Read everything the views need about ``evaluation`` (default: the latest changed).

    Runs on a worker thread: only plain records leave it.
    """
    from computescore.domain.money import usd_per_gpu_hour
    from computescore.errors import NotFound
    from computescore.services.committee import committee_view
    from computescore.services.scales import output_share_of
    from computescore.store.mapping import line_from_values

    started = time.perf_counter()
    with store.reading() as uow:
        names = tuple(uow.evaluation_names())
        if not names:
            return Snapshot(
                store.path or store.location,
                (),
                vendors=tuple(uow.vendors()),
                fx_rates=uow.fx_rates(),
                roles=_roles(store),
            )
        try:
            record = uow.load_evaluation(evaluation if evaluation in names else None)
        except NotFound:
            record = uow.load_evaluation(None)
        assert record.id is not None
        workload_ids = tuple(uow.workload_ids(record.id))
        vendors = tuple(uow.vendors())
        roles = _roles(store)
        if roles is not None and Snapshot(store.location, roles=roles).sealed:
            # The database hides prices from this person: read only what they may see.
            return Snapshot(
                path=store.path or store.location,
                evaluation_names=names,
                evaluation=record,
                workload_ids=workload_ids,
                vendors=vendors,
                loaded_in_s=time.perf_counter() - started,
                roles=roles,
                committee=committee_view(store, record.name),
            )
        summaries = tuple(uow.quote_summaries(record.id))
        quotes = uow.load_quotes(record.id)
        rates = uow.fx_rates()
        row = uow.evaluation_row(record.name)
        assumptions = dict(row.assumptions or {})
        output_share = output_share_of(uow.get_setting("tco_assumptions"), assumptions)
    lines = store.line_rows(record.id)
    day = record.decision_date
    catalogue = catalogue_accelerators(store)
    display_names = {key: item.display_name for key, item in catalogue.items()}
    for item in lines:
        accelerator = item.get("accelerator")
        if accelerator:
            item["accelerator_name"] = display_names.get(accelerator, accelerator)
        try:
            item["usd_per_gpu_hour"] = usd_per_gpu_hour(line_from_values(item), day, rates)
        except (ValueError, ArithmeticError):
            item["usd_per_gpu_hour"] = None
    return Snapshot(
        path=store.path or store.location,
        evaluation_names=names,
        evaluation=record,
        workload_ids=workload_ids,
        vendors=vendors,
        summaries=summaries,
        quotes=quotes,
        lines=lines,
        fx_rates=rates,
        assumptions=assumptions,
        loaded_in_s=time.perf_counter() - started,
        roles=roles,
        committee=committee_view(store, record.name),
        accelerators=catalogue,
        output_share=output_share,
    )


def _roles(store: Store) -> tuple[str, ...] | None:
    held = store.roles()
    return None if held is None else tuple(role.value for role in held)


def catalogue_accelerators(store: Store) -> dict[str, Accelerator]:
    """The catalogue's accelerators by id (the shipped ones and the workspace's own), or {}."""
    from computescore.services.workspace import load_catalogue_for

    try:
        catalogue = load_catalogue_for(store)
    except UserError:
        log.warning("the accelerator catalogue could not be read; ids are shown instead")
        return {}
    return dict(catalogue.accelerators)


class Workspace(QObject):
    """The database the window works on, and what is known about it.

    Signals:
        opening(path): a database is being opened.
        opened(path): the database is open and the first snapshot is loaded.
        open_failed(message): the database could not be opened.
        snapshot_changed(): new data for the views.
        saved(description): an edit was committed.
        busy_changed(message): background work started ("" when idle).
        weights_previewed(weights): weights being dragged, not yet saved.
        changed_elsewhere(users): someone else saved to the team database; the views
            were refreshed.
        password_needed(url, why): the team database asks for a password (the window asks
            the person and opens again).
    """

    opening = Signal(str)
    opened = Signal(str)
    open_failed = Signal(str)
    snapshot_changed = Signal()
    saved = Signal(str)
    busy_changed = Signal(str)
    weights_previewed = Signal(object)
    changed_elsewhere = Signal(str)
    password_needed = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        from computescore.gui.change_watch import ChangeWatcher

        self.watcher = ChangeWatcher(self)
        self.watcher.changed.connect(self._changed_elsewhere)
        self.store: Store | None = None
        self._snapshot: Snapshot | None = None
        self.undo_stack = QUndoStack(self)
        self.last_saved_at: float | None = None
        self.last_error: str | None = None
        self._evaluation: str | None = None
        self._generation = 0
        self._loading: tasks.Task | None = None

    @property
    def snapshot(self) -> Snapshot | None:
        """What the views show about the evaluation (None when nothing is open)."""
        return self._snapshot

    @snapshot.setter
    def snapshot(self, snapshot: Snapshot | None) -> None:
        # Money on every page is shown in the evaluation's reporting currency.
        self._snapshot = snapshot
        presentation.use(snapshot_presentation(snapshot))

    # -- opening ---------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        """The open database file."""
        return None if self.store is None else self.store.path

    @property
    def is_open(self) -> bool:
        """True when a database is open."""
        return self.store is not None

    def open(self, path: str | Path, *, evaluation: str | None = None) -> tasks.Task:
        """Open ``path`` (creating and migrating it when needed) on the thread pool.

        ``path`` is a file, or the ``postgresql://`` URL of a team database on a server.
        """
        from computescore.services.workspace import is_server_url, masked

        server = is_server_url(str(path))
        target = str(path).strip() if server else str(Path(path).expanduser())
        self.opening.emit(masked(target) if server else target)
        self.busy_changed.emit(f"Opening {masked(target) if server else Path(target).name}…")
        self._generation += 1
        generation = self._generation

        def work(_progress: tasks.TaskProgress) -> tuple[Store, Snapshot]:
            from computescore.services.workspace import open_store

            store = open_store(target)
            try:
                return store, read_snapshot(store, evaluation)
            except BaseException:
                store.close()
                raise

        def done(result: tuple[Store, Snapshot]) -> None:
            store, snapshot = result
            if generation != self._generation:
                store.close()
                return
            self._replace_store(store)
            self._evaluation = snapshot.evaluation.name if snapshot.evaluation else None
            self.snapshot = snapshot
            self.busy_changed.emit("")
            self.opened.emit(store.location)
            self.snapshot_changed.emit()

        def failed(info: tasks.ExcInfo) -> None:
            from computescore.services.workspace import PasswordNeeded

            self.busy_changed.emit("")
            exc = info[1]
            if isinstance(exc, PasswordNeeded):
                self.password_needed.emit(target, exc.message)
                return
            message = exc.message if isinstance(exc, UserError) else None
            if message is None:
                report_exception(*info)
                message = f"{target} could not be opened."
            self.last_error = message
            self.open_failed.emit(message)

        self._loading = tasks.run_task(work, name="open", on_success=done, on_error=failed)
        return self._loading

    def open_now(self, path: str | Path, *, evaluation: str | None = None) -> None:
        """Open ``path`` on the calling thread (scripts, screenshots, tests)."""
        from computescore.services.workspace import open_store

        self._generation += 1
        self.opening.emit(str(path))
        from computescore.services.workspace import is_server_url

        store = open_store(str(path) if is_server_url(str(path)) else str(Path(path).expanduser()))
        snapshot = read_snapshot(store, evaluation)
        self._replace_store(store)
        self._evaluation = snapshot.evaluation.name if snapshot.evaluation else None
        self.snapshot = snapshot
        self.opened.emit(store.location)
        self.snapshot_changed.emit()

    def _replace_store(self, store: Store) -> None:
        if self.store is not None and self.store is not store:
            self.store.close()
        self.store = store
        self.undo_stack.clear()
        self.watcher.stop()
        if store.url is not None:
            self.watcher.start(store.url)

    def _changed_elsewhere(self, users: str) -> None:
        """Someone else saved: read the database again and say who."""
        if self.store is None:
            return
        self.reload()
        self.changed_elsewhere.emit(users)

    def close(self) -> None:
        """Release the database."""
        self._generation += 1
        self.watcher.stop()
        if self.store is not None:
            self.store.close()
        self.store = None
        self.snapshot = None
        self.undo_stack.clear()

    # -- reading ---------------------------------------------------------------------
    @property
    def evaluation_name(self) -> str | None:
        """The evaluation shown."""
        return self._evaluation

    def select_evaluation(self, name: str) -> None:
        """Show another evaluation of the same database."""
        if name == self._evaluation:
            return
        self._evaluation = name
        self.reload()

    def reload(self, *, wait: bool = False) -> None:
        """Read the snapshot again (after an edit or an import)."""
        store = self.store
        if store is None:
            return
        if wait:
            self.snapshot = read_snapshot(store, self._evaluation)
            self._evaluation = self.snapshot.evaluation.name if self.snapshot.evaluation else None
            self.snapshot_changed.emit()
            return
        self._generation += 1
        generation = self._generation
        evaluation = self._evaluation
        self.busy_changed.emit("Loading…")

        def done(snapshot: Snapshot) -> None:
            if generation != self._generation or store is not self.store:
                return
            self.snapshot = snapshot
            self._evaluation = snapshot.evaluation.name if snapshot.evaluation else None
            self.busy_changed.emit("")
            self.snapshot_changed.emit()

        def failed(info: tasks.ExcInfo) -> None:
            self.busy_changed.emit("")
            report_exception(*info)

        self._loading = tasks.run_task(
            lambda _p: read_snapshot(store, evaluation),
            name="reload",
            on_success=done,
            on_error=failed,
        )

    def require_store(self) -> Store:
        """The open store; a plain message when no database is open."""
        if self.store is None:
            raise UserError("Open or create a database first (File ▸ Open database…).")
        return self.store

    def require_evaluation(self) -> Evaluation:
        """The evaluation shown; a plain message when there is none."""
        snap = self.snapshot
        if snap is None or snap.evaluation is None:
            raise UserError("Create an evaluation first (File ▸ New evaluation…).")
        return snap.evaluation

    # -- writing ---------------------------------------------------------------------
    def write(
        self, description: str, action: Callable[[UnitOfWork], T], *, overwrite: bool = False
    ) -> T:
        """Run ``action`` in one transaction on the GUI thread; commit or change nothing.

        Used by undo commands. Emits :attr:`saved` after the commit. ``overwrite`` writes
        over a value someone else changed since it was read (the user chose to).
        """
        store = self.require_store()
        with store.transaction(overwrite=overwrite) as uow:
            result = action(uow)
        self.last_saved_at = time.time()
        self.last_error = None
        self.saved.emit(description)
        return result

    def patch_evaluation(self, **changes: Any) -> None:
        """Update the evaluation record in the snapshot without a reload (weights, assumptions)."""
        snap = self.snapshot
        if snap is None or snap.evaluation is None:
            return
        assumptions = changes.pop("assumptions", None)
        evaluation = replace(snap.evaluation, **changes) if changes else snap.evaluation
        self.snapshot = replace(
            snap,
            evaluation=evaluation,
            assumptions=snap.assumptions if assumptions is None else dict(assumptions),
        )
        self.snapshot_changed.emit()

    def create_evaluation(self, name: str, decision_date: date, **details: Any) -> None:
        """Create an evaluation and show it (not undoable: like creating a document)."""
        evaluation = Evaluation(name=name, decision_date=decision_date, **details)
        self.write(f"Created evaluation {name}", lambda uow: uow.add_evaluation(evaluation))
        self._evaluation = name
        self.reload(wait=True)


def snapshot_presentation(snapshot: Snapshot | None) -> presentation.Presentation:
    """The evaluation's reporting currency at the rate on its decision date (US dollars
    when nothing is open)."""
    if snapshot is None or snapshot.evaluation is None:
        return presentation.USD
    return presentation.reporting_in(snapshot.evaluation, snapshot.fx_rates)


def vendor_names(snapshot: Snapshot | None) -> list[str]:
    """Names of every vendor in the database."""
    return [] if snapshot is None else [v.name for v in snapshot.vendors]
