"""Reading a batch of vendor files into drafts: what the import wizard shows, nothing written.

:func:`read_batch` reads every file's cells once (checked and parsed at arm's length,
:func:`~computescore.io.isolated.read_file`) and turns them into drafts
(:func:`~computescore.io.reader.read_quote_book`) with their previews, column decisions
and problems. The import wizard shows the batch and then stores it
(:func:`services.importing.store_batch`); the command line reads and stores in one call
(:func:`services.importing.import_files`). Both go through this one reading path.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from computescore.errors import UserError
from computescore.io.isolated import read_file
from computescore.io.preflight import ReadLimits
from computescore.io.reader import FileDraft, read_quote_book
from computescore.io.refusal import ReadCancelled
from computescore.io.values import DecimalMark
from computescore.io.workbook import WorkbookData, column_letters, parse_ref
from computescore.services.progress import Cancelled, NullProgress, Progress
from computescore.services.workspace import load_catalogue_for
from computescore.store.repository import Store

__all__ = [
    "DecimalMark",
    "ReadBatch",
    "ReadOptions",
    "column_letters",
    "parse_ref",
    "read_batch",
]


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """How to read the files.

    Attributes:
        vendor: the vendor's name (default: the supplier each file names); its saved
            column mapping is applied.
        sheet: read only this sheet of each file.
        overrides: column mappings chosen by the user (``"Our price=price"``), for every
            file, or per file as a mapping from the file's path (as given) to its list.
        include_hidden: read hidden rows and sheets too.
        decimal_mark: the vendors' decimal mark, when stated.
        currency: the currency of prices that state none.
        encoding: for text files, the encoding to use.
        limits: file, time and memory limits.
    """

    vendor: str | None = None
    sheet: str | None = None
    overrides: Sequence[str] | Mapping[str, Sequence[str]] = ()
    include_hidden: bool = False
    decimal_mark: DecimalMark | None = None
    currency: str | None = None
    encoding: str | None = None
    limits: ReadLimits | None = None


@dataclass(frozen=True, slots=True)
class ReadBatch:
    """What a batch of files holds, as read.

    Attributes:
        drafts: each file read, in the order given.
        failures: each file that was refused, by its path as given, with why.
    """

    drafts: tuple[FileDraft, ...]
    failures: Mapping[str, str] = field(default_factory=dict)

    def by_path(self) -> dict[str, FileDraft]:
        """Each draft by its file's path."""
        return {str(draft.path): draft for draft in self.drafts}


class _Step:
    """Progress of one file mapped onto its share of the whole batch."""

    def __init__(self, outer: Progress, start: float, span: float) -> None:
        self.outer, self.start, self.span = outer, start, span

    def report(self, fraction: float, message: str) -> None:
        self.outer.report(self.start + self.span * fraction, message)

    def cancelled(self) -> bool:
        return self.outer.cancelled()


def read_batch(
    store: Store,
    files: Sequence[str | Path],
    options: ReadOptions | None = None,
    *,
    progress: Progress | None = None,
    share: float = 1.0,
    keep_going: bool = False,
) -> ReadBatch:
    """Read vendor files into drafts, writing nothing.

    Args:
        store: the open workspace (its catalogue and the vendors' saved mappings).
        files: the quote files.
        options: how to read them.
        progress: receives progress; cancelling stops at the next step.
        share: the part of ``progress`` (0–1) the reading takes.
        keep_going: record a refused file in ``failures`` and read the others (the
            wizard); otherwise the first refusal is raised (the command line).

    Raises:
        FileRefused: a file cannot be read (only without ``keep_going``).
        Cancelled: the user cancelled.
    """
    options = options or ReadOptions()
    progress = progress or NullProgress()
    catalogue = load_catalogue_for(store)
    with store.reading() as uow:
        saved_profile = uow.mapping_profile(options.vendor) if options.vendor else None
    drafts: list[FileDraft] = []
    failures: dict[str, str] = {}
    for number, name in enumerate(files):
        step = _Step(progress, share * number / len(files), share / len(files))
        try:
            drafts.append(
                _read_one(store, Path(name), name, options, saved_profile, step, catalogue)
            )
        except UserError as exc:
            if not keep_going or isinstance(exc, Cancelled):
                raise
            failures[str(name)] = exc.message
        if progress.cancelled():
            raise Cancelled("Cancelled by the user; nothing was imported.")
    return ReadBatch(tuple(drafts), failures)


def _read_one(
    store: Store,
    path: Path,
    name: str | Path,
    options: ReadOptions,
    saved_profile: Mapping[str, Any] | None,
    step: _Step,
    catalogue: Any,
) -> FileDraft:
    wanted = _overrides_for(name, options.overrides)
    book = _cells(path, step, encoding=options.encoding, limits=options.limits)
    settings: dict[str, Any] = {
        "sheet": options.sheet,
        "include_hidden": options.include_hidden,
        "decimal_mark": options.decimal_mark,
        "currency": options.currency,
    }
    draft = read_quote_book(
        book,
        catalogue,
        progress=step,
        vendor=options.vendor,
        overrides=wanted,
        profile=saved_profile,
        **settings,
    )
    if options.vendor is None and not wanted:
        found = next((q.vendor for q in draft.quotes if q.vendor), None)
        if found:
            with store.reading() as uow:
                profile = uow.mapping_profile(found)
            if profile:
                # The file named its vendor, whose saved mapping applies: the same cells
                # are read again with it (the file is not opened again).
                draft = read_quote_book(
                    book, catalogue, progress=step, vendor=None, profile=profile, **settings
                )
    return draft


def _overrides_for(
    file: str | Path, overrides: Sequence[str] | Mapping[str, Sequence[str]]
) -> list[str]:
    if isinstance(overrides, Mapping):
        return list(overrides.get(str(file), ()))
    return list(overrides)


def _cells(
    path: Path, progress: Progress, *, encoding: str | None, limits: ReadLimits | None
) -> WorkbookData:
    """The file's cells, checked and read at arm's length."""
    try:
        return read_file(path, limits, progress=progress, encoding=encoding)
    except ReadCancelled as exc:
        raise Cancelled(str(exc)) from exc
