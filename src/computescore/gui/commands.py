"""Undoable edits. Each command's redo and undo is one audited transaction.

The first application happens in :func:`push` *before* the command enters the
undo stack, so a refused edit (a busy database, a value the store rejects) never
leaves a command on the stack that was not applied. ``undo`` and later ``redo``
write the old or new value in their own transaction; if one fails the user sees
why, and the command is dropped from the stack so the stack never lies about the
database.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

from computescore.domain.quotes import FxRate, Quote, QuoteLine, Vendor
from computescore.domain.weights import Axis, Weights
from computescore.domain.workload import Evaluation, Workload
from computescore.errors import StaleEdit
from computescore.gui.errors import report_exception
from computescore.services.records import EVALUATION_FIELDS

if TYPE_CHECKING:
    from computescore.gui.workspace import Workspace
    from computescore.store.repository import DeletedRecord, UnitOfWork

log = logging.getLogger("computescore.gui")

Write = Callable[["UnitOfWork"], Any]


class EditCommand(QUndoCommand):
    """An edit with a forward and a backward write and a refresh after each."""

    def __init__(
        self,
        workspace: Workspace,
        text: str,
        forward: Write,
        backward: Write,
        *,
        after: Callable[[bool], None] | None = None,
        merge_id: int = -1,
    ) -> None:
        super().__init__(text)
        self.workspace = workspace
        self.forward = forward
        self.backward = backward
        self.after = after
        self._merge_id = merge_id
        self.applied = False

    def id(self) -> int:
        """Commands with the same id (≥ 0) may merge (consecutive edits of one field)."""
        return self._merge_id

    def apply(self, *, overwrite: bool = False) -> None:
        """Write the new value now (called once, before the command is pushed)."""
        self.workspace.write(self.text(), self.forward, overwrite=overwrite)
        self.applied = True
        if self.after is not None:
            self.after(True)

    def redo(self) -> None:
        """Write the new value (skipped on push: :meth:`apply` already did)."""
        if self.applied:
            self.applied = False
            return
        self._run(self.forward, True)

    def undo(self) -> None:
        """Write the old value."""
        self._run(self.backward, False)

    def _run(self, write: Write, forward: bool) -> None:
        verb = "Redo" if forward else "Undo"
        try:
            self.workspace.write(f"{verb}: {self.text()}", write)
        except Exception as exc:
            import sys

            self.setObsolete(True)
            log.warning("%s failed for %r: %s", verb, self.text(), exc)
            report_exception(*sys.exc_info())
            return
        if self.after is not None:
            self.after(forward)

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Merge a following edit of the same field: undo then returns to the first old value."""
        if not isinstance(other, EditCommand) or other.id() != self.id() or self.id() < 0:
            return False
        self.forward = other.forward
        self.setText(other.text())
        return True


def changed_fields(old: Any, new: Any) -> str:
    """What an edit changed, for the Undo label: "region", "3 fields", or "" for nothing."""
    changed: list[str] = [
        name for name in old.__slots__ if getattr(old, name) != getattr(new, name)
    ]
    if len(changed) == 1:
        return changed[0].replace("_", " ")
    return f"{len(changed)} fields" if changed else ""


def push(workspace: Workspace, command: EditCommand) -> None:
    """Apply ``command`` and, when that succeeded, put it on the undo stack.

    A failure raises (a ``UserError`` for the user) and leaves the stack unchanged.
    When someone else changed the value since it was read, the user sees both values
    and chooses: reload (nothing written) or overwrite theirs.
    """
    try:
        command.apply()
    except StaleEdit as stale:
        if not choose_overwrite(stale):
            workspace.reload()
            return
        command.apply(overwrite=True)
    workspace.undo_stack.push(command)


def choose_overwrite(stale: StaleEdit) -> bool:
    """Ask whether to overwrite another person's change; True to overwrite."""
    from PySide6.QtWidgets import QApplication, QMessageBox

    box = QMessageBox(QApplication.activeWindow())
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle("Changed by someone else")
    by = f" by {stale.who}" if stale.who else ""
    at = f" at {stale.when}" if stale.when else ""
    box.setText(f"{stale.what[:1].upper()}{stale.what[1:]} was changed{by}{at}.")
    box.setInformativeText(f"Now: {stale.theirs}\nYours: {stale.mine}")
    reload_button = box.addButton("Reload", QMessageBox.ButtonRole.RejectRole)
    overwrite = box.addButton("Overwrite", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(reload_button)
    box.exec()
    return box.clickedButton() is overwrite


def push_reloading(workspace: Workspace, text: str, forward: Write, backward: Write) -> None:
    """:func:`push` an edit after which every page reads the database again."""
    push(
        workspace,
        EditCommand(workspace, text, forward, backward, after=lambda _f: workspace.reload()),
    )


# -- concrete edits ----------------------------------------------------------------

MERGE_WEIGHTS = 1
MERGE_ASSUMPTIONS = 2


def set_evaluation_field(
    workspace: Workspace,
    field: str,
    new: Any,
    text: str,
    *,
    merge_id: int = -1,
    patch: bool = True,
) -> None:
    """Change one field of the shown evaluation (weights, assumptions, dates …), undoably.

    With ``patch`` the views are updated from the new value without reading the
    database again (weights and assumptions change often and are cheap to patch).
    """
    evaluation = workspace.require_evaluation()
    snapshot = workspace.snapshot
    assert evaluation.id is not None and snapshot is not None
    evaluation_id = evaluation.id
    if field == "assumptions":
        old: Any = dict(snapshot.assumptions)
    else:
        old = getattr(evaluation, field)
    if isinstance(old, Mapping):
        old = dict(old)

    def forward(uow: UnitOfWork) -> None:
        uow.set_evaluation_field(evaluation_id, field, new)

    def backward(uow: UnitOfWork) -> None:
        uow.set_evaluation_field(evaluation_id, field, old)

    def after(is_forward: bool) -> None:
        value = new if is_forward else old
        if patch and field in ("weights", "assumptions"):
            workspace.patch_evaluation(**{field: dict(value or {})})
        else:
            workspace.reload()

    push(
        workspace,
        EditCommand(workspace, text, forward, backward, after=after, merge_id=merge_id),
    )


def edit_evaluation(workspace: Workspace, old: Evaluation, new: Evaluation) -> None:
    """Change the evaluation's own fields (name, dates, end user), undoably."""
    evaluation_id = old.id
    assert evaluation_id is not None
    changed = [name for name in EVALUATION_FIELDS if getattr(old, name) != getattr(new, name)]
    if not changed:
        return

    def write(source: Evaluation, read: Evaluation) -> Write:
        # ``read`` is what the editor saw: a field someone else changed since is refused.
        def run(uow: UnitOfWork) -> None:
            for name in changed:
                uow.set_evaluation_field(
                    evaluation_id, name, getattr(source, name), expected=getattr(read, name)
                )

        return run

    def after(is_forward: bool) -> None:
        workspace.select_evaluation((new if is_forward else old).name)
        workspace.reload()

    what = changed[0].replace("_", " ") if len(changed) == 1 else f"{len(changed)} fields"
    push(
        workspace,
        EditCommand(
            workspace, f"Edit evaluation: {what}", write(new, old), write(old, new), after=after
        ),
    )


def set_swing_weights(workspace: Workspace, weights: Weights, points: Mapping[str, float]) -> None:
    """Store weights reached by swing weighting with the answers, undoably (one step)."""
    from computescore.services.weighting import with_swing

    _set_weighting(workspace, "Swing weighting", weights, lambda a: with_swing(a, weights, points))


def set_ahp_weights(
    workspace: Workspace, weights: Weights, pairs: Mapping[tuple[Axis, Axis], float]
) -> None:
    """Store weights reached by pairwise comparison with the answers, undoably (one step)."""
    from computescore.services.weighting import with_ahp

    _set_weighting(workspace, "Pairwise comparison", weights, lambda a: with_ahp(a, weights, pairs))


def _set_weighting(
    workspace: Workspace,
    title: str,
    weights: Weights,
    recorded: Callable[[dict[str, Any]], dict[str, Any]],
) -> None:
    evaluation = workspace.require_evaluation()
    snapshot = workspace.snapshot
    assert evaluation.id is not None and snapshot is not None
    evaluation_id = evaluation.id
    old_weights, old_assumptions = dict(evaluation.weights), dict(snapshot.assumptions)
    new_assumptions = recorded(old_assumptions)

    def write(values: Mapping[str, float], assumptions: Mapping[str, Any]) -> Write:
        def run(uow: UnitOfWork) -> None:
            uow.set_evaluation_field(evaluation_id, "weights", dict(values) or None)
            uow.set_evaluation_field(evaluation_id, "assumptions", dict(assumptions))

        return run

    push_reloading(
        workspace,
        title,
        write(weights.as_dict(), new_assumptions),
        write(old_weights, old_assumptions),
    )


def update_workload(workspace: Workspace, workload_id: int, old: Workload, new: Workload) -> None:
    """Replace a workload's values, undoably."""
    what = changed_fields(old, new)
    if not what:
        return
    push_reloading(
        workspace,
        f"Edit {new.name}: {what}",
        lambda uow: uow.update_workload(workload_id, new),
        lambda uow: uow.update_workload(workload_id, old),
    )


def add_workload(workspace: Workspace, workload: Workload) -> None:
    """Add a workload profile to the shown evaluation, undoably."""
    evaluation = workspace.require_evaluation()
    assert evaluation.id is not None
    evaluation_id = evaluation.id
    created: list[int] = []

    def forward(uow: UnitOfWork) -> None:
        created.append(uow.add_workload(evaluation_id, workload))

    def backward(uow: UnitOfWork) -> None:
        if created:
            delete_workload(uow, created.pop())

    push_reloading(workspace, f"Add workload {workload.name}", forward, backward)


def delete_workload(uow: UnitOfWork, workload_id: int) -> None:
    """Remove one workload profile (the undo of adding it), audited."""
    uow.delete_workload(workload_id)


def update_vendor(workspace: Workspace, old: Vendor, new: Vendor) -> None:
    """Replace a vendor's details and certifications, undoably (the name is the key)."""

    def write(vendor: Vendor) -> Write:
        def run(uow: UnitOfWork) -> None:
            vendor_id = uow.upsert_vendor(vendor)
            uow.replace_certifications(vendor_id, vendor.certifications)

        return run

    push_reloading(workspace, f"Edit vendor {new.name}", write(new), write(old))


def set_fx_rate(workspace: Workspace, old: FxRate | None, new: FxRate) -> None:
    """Set an FX rate, undoably (undo restores the previous rate of that currency and date)."""
    _put_rates(workspace, f"FX rate {new.currency} = {new.usd_per_unit} USD", (new,), [old])


def import_fx_rates(workspace: Workspace, rates: tuple[FxRate, ...], source: str) -> None:
    """Store rates read from a file, undoably (undo puts back what each replaced)."""
    store = workspace.require_store()
    with store.reading() as uow:
        before = {(r.currency, r.as_of): r for r in uow.fx_rates()}
    replaced = [before.get((r.currency, r.as_of)) for r in rates]
    _put_rates(workspace, f"Import {len(rates)} exchange rates from {source}", rates, replaced)


def _put_rates(
    workspace: Workspace,
    text: str,
    rates: tuple[FxRate, ...],
    replaced: list[FxRate | None],
) -> None:
    """Store ``rates`` as one undoable step; undo puts back the rate each one replaced."""

    def forward(uow: UnitOfWork) -> None:
        for rate in rates:
            uow.set_fx_rate(rate)

    def backward(uow: UnitOfWork) -> None:
        for rate, old in zip(rates, replaced, strict=True):
            if old is None:
                uow.delete_fx_rate(rate.currency, rate.as_of)
            else:
                uow.set_fx_rate(old)

    push_reloading(workspace, text, forward, backward)


def delete_fx_rate(workspace: Workspace, rate: FxRate) -> None:
    """Delete an FX rate, undoably (undo puts it back)."""
    push_reloading(
        workspace,
        f"Delete FX rate {rate.currency} of {rate.as_of.isoformat()}",
        lambda uow: uow.delete_fx_rate(rate.currency, rate.as_of),
        lambda uow: uow.set_fx_rate(rate),
    )


def save_plan_scenario(
    workspace: Workspace, evaluation_id: int, policy: Any, after: Callable[[bool], None]
) -> None:
    """Save the user's award rules as a scenario of the evaluation, undoably."""
    from computescore.services.scenarios import setting_key, with_saved

    key = setting_key(evaluation_id)
    store = workspace.require_store()
    with store.reading() as uow:
        old = uow.get_setting(key, [])
    new = with_saved(old, policy)
    push(
        workspace,
        EditCommand(
            workspace,
            f"Save scenario {policy.name}",
            lambda uow: uow.set_setting(key, new),
            lambda uow: uow.set_setting(key, old),
            after=after,
        ),
    )


# -- deleting and restoring ----------------------------------------------------------


class Removal:
    """A record moved to and from the recently deleted list, in either order.

    ``key`` finds the record while it is stored (a quote's or workload's id, a
    vendor's or evaluation's name); a restored quote or workload has a new id,
    which the next deletion uses.
    """

    def __init__(self, kind: str, key: int | str | None = None, entry: int | None = None) -> None:
        self.kind = kind
        self.key = key
        self.entry = entry

    def delete(self, uow: UnitOfWork) -> None:
        """Move the record to the list."""
        removed = uow.deleted
        by_kind: dict[str, Callable[[Any], int]] = {
            "quote": removed.delete_quote,
            "workload": removed.delete_workload,
            "vendor": removed.delete_vendor,
            "evaluation": removed.delete_evaluation,
        }
        self.entry = by_kind[self.kind](self.key)

    def restore(self, uow: UnitOfWork) -> None:
        """Put the record back from the list."""
        assert self.entry is not None
        _, new_id = uow.deleted.restore(self.entry)
        if self.kind in ("quote", "workload"):
            self.key = new_id


def delete_record(workspace: Workspace, kind: str, key: int | str, label: str) -> None:
    """Move a quote, workload, vendor or evaluation to the recently deleted list, undoably."""
    removal = Removal(kind, key)
    push_reloading(workspace, f"Delete {kind} {label}", removal.delete, removal.restore)


def restore_record(workspace: Workspace, entry: DeletedRecord) -> None:
    """Put a deleted record back, undoably (undo deletes it again)."""
    key: str | None = {"vendor": entry.label, "evaluation": entry.evaluation}.get(entry.kind)
    removal = Removal(entry.kind, key, entry.id)
    push_reloading(
        workspace, f"Restore {entry.kind} {entry.label}", removal.restore, removal.delete
    )


def empty_deleted(workspace: Workspace) -> int:
    """Forget every deleted record for good (not undoable: the dialog asks first)."""
    count: int = workspace.write("Empty recently deleted", lambda uow: uow.deleted.empty())
    workspace.undo_stack.clear()  # the deletions on the stack can no longer be undone
    return count


# -- correcting quotes ---------------------------------------------------------------


def update_line(
    workspace: Workspace, quote_id: int, line_no: int, old: QuoteLine, new: QuoteLine
) -> None:
    """Correct one line of a stored quote, undoably."""
    what = changed_fields(old, new)
    if not what:
        return
    push_reloading(
        workspace,
        f"Edit line {line_no}: {what}",
        lambda uow: uow.update_line(quote_id, line_no, old, new),
        lambda uow: uow.update_line(quote_id, line_no, new, old),
    )


def replace_terms(workspace: Workspace, quote_id: int, old: Quote, new: Quote) -> None:
    """Correct a stored quote's terms, undoably."""
    if new == old:
        return
    push_reloading(
        workspace,
        f"Edit terms of {new.reference}",
        lambda uow: uow.replace_terms(quote_id, new),
        lambda uow: uow.replace_terms(quote_id, old),
    )
