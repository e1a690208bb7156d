"""Reading the chosen files (worker thread) and the undoable import command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QUndoCommand

from computescore.gui import tasks
from computescore.gui.dialogs.import_wizard.words import ReadResult
from computescore.gui.errors import report_exception
from computescore.gui.workspace import Workspace


class ServiceImportCommand(QUndoCommand):
    """An import done by the import service: undo removes its batch, redo imports again."""

    def __init__(self, workspace: Workspace, arguments: dict[str, Any], report: Any) -> None:
        names = ", ".join(Path(f).name for f in arguments.get("files", []))
        super().__init__(f"Import {names}")
        self.workspace = workspace
        self.arguments = arguments
        self.batch_id: int | None = report.batch_id
        self._first = True

    def redo(self) -> None:
        """Import the same files again (skipped when pushed: the import just ran)."""
        if self._first:
            self._first = False
            return
        from computescore.services.importing import import_files as service_import

        arguments = dict(self.arguments)
        files = arguments.pop("files")
        try:
            report = service_import(self.workspace.require_store(), files, **arguments)
        except Exception:
            import sys

            self.setObsolete(True)
            report_exception(*sys.exc_info())
            return
        self.batch_id = report.batch_id
        self.workspace.saved.emit(f"Redo: {self.text()}")
        self.workspace.reload()

    def undo(self) -> None:
        """Remove the quotes of this import."""
        batch_id = self.batch_id
        if batch_id is None:
            return
        try:
            self.workspace.write(
                f"Undo: {self.text()}", lambda uow: uow.delete_import_batch(batch_id)
            )
        except Exception:
            import sys

            self.setObsolete(True)
            report_exception(*sys.exc_info())
            return
        self.workspace.reload()


def read_files(
    store: Any,
    files: list[str],
    options: dict[str, Any],
    overrides: dict[str, dict[str, str]],
    progress: tasks.TaskProgress,
) -> ReadResult:
    """Read each file through the import service (worker thread); a refused file is a
    message, not a stop."""
    from computescore.services.import_read import DecimalMark, ReadOptions, read_batch

    mark = options.get("decimal_mark")
    read_options = ReadOptions(
        vendor=options.get("vendor") or None,
        overrides={
            path: [f"{header}={value}" for header, value in overrides.get(path, {}).items()]
            for path in files
        },
        decimal_mark=DecimalMark(mark) if mark else None,
        currency=options.get("currency"),
    )
    batch = read_batch(store, files, read_options, progress=progress, keep_going=True)
    progress.report(1.0, "Read")
    return ReadResult(batch.by_path(), dict(batch.failures))
