"""Reading a vendor file's cells at arm's length.

Workbooks are parsed in a child process started with the "spawn" method (the same on
Windows, macOS and Linux) under a wall-clock limit and a resident-memory watchdog
(psutil), because a small well-formed workbook can make the native reader abort the
whole process or allocate far more memory than the machine has, and no ``except``
catches that. Inside the child, :mod:`~computescore.io.xlsx_scan` bounds each sheet's
cell area from the raw XML and collects its hidden rows, merged ranges and formulas on
the main thread, while python-calamine parses the sheet on a worker thread (it releases
the GIL while it parses). A sheet out of bounds is refused as soon as the check ends,
and the process with it. On a small crafted sheet calamine can finish first and abort
or balloon; the child's death is then already a refusal, and the file is read once more
with every sheet checked before calamine starts, so that the refusal says what is wrong
(:func:`read_workbook_isolated`). openpyxl in read-only mode, with its dimensions reset
and its rows capped, is the fallback for files calamine rejects for reasons that are
not security-relevant.

A sheet crosses the pipe in blocks of rows, each one flat list of cells (the width
alongside) with repeated strings sent once, which costs a fraction of pickling a list
per row. Rows are converted from calamine's cells as they are sent, so the parent
rebuilds one block's rows while the child converts and sends the next, and calamine
parses the next sheet meanwhile. The child never runs the cycle collector: everything
it builds lives until it ends.

What comes back are plain rows of cell values per sheet (:class:`~computescore.io.
workbook.WorkbookData`). Every failure ends as a :class:`~computescore.io.refusal.
FileRefused` naming the file: library exceptions are mapped to plain reasons, and a
child that dies, runs out of time or grows past the memory limit becomes "the file
could not be read safely".

Text files (CSV/TSV) are read by :mod:`~computescore.io.delimited` in this process.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import logging
import multiprocessing
import os
import queue
import sys
import tempfile
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from datetime import time as day_time
from decimal import Decimal
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import psutil

from computescore.io.delimited import read_delimited
from computescore.io.preflight import FileKind, PreflightResult, ReadLimits, preflight
from computescore.io.refusal import FileRefused, ReadCancelled, RefusalCode
from computescore.io.workbook import (
    CellValue,
    FormulaCell,
    SheetData,
    Visibility,
    WorkbookData,
)
from computescore.progress import NullProgress as NullProgress
from computescore.progress import Progress as Progress

log = logging.getLogger("computescore.io")

POLL_SECONDS = 0.02


@dataclass(frozen=True, slots=True)
class _Refusal:
    code: RefusalCode
    reason: str


@dataclass(frozen=True, slots=True)
class _Failure:
    exc_type: str
    message: str


@dataclass(frozen=True, slots=True)
class _SheetHead:
    """A sheet's details (the sheet without its rows), sent before its rows."""

    details: SheetData

    @classmethod
    def of(cls, number: int, scan: Any) -> _SheetHead:
        return cls(
            SheetData(
                name=scan.name,
                index=number,
                rows=[],
                visibility=scan.visibility,
                hidden_rows=scan.hidden_rows,
                hidden_cols=scan.hidden_cols,
                merged=scan.merged,
                formulas={(f.row, f.col): f for f in scan.formulas},
            )
        )

    @property
    def name(self) -> str:
        return self.details.name

    def sheet(self, rows: list[list[CellValue]]) -> SheetData:
        return replace(self.details, rows=rows)


@dataclass(frozen=True, slots=True)
class _RowBlock:
    """Consecutive rows of the sheet being sent.

    Rows of one width travel as one flat list of cells (``width`` to a row), which
    costs a fraction of pickling a list per row; rows of different widths travel as
    they are, in ``ragged``.
    """

    width: int
    count: int
    cells: list[CellValue]
    ragged: list[list[CellValue]] | None = None

    def rows(self) -> list[list[CellValue]]:
        """The block's rows, rebuilt."""
        if self.ragged is not None:
            return self.ragged
        if not self.width:
            return [[] for _ in range(self.count)]
        cells = iter(self.cells)
        return list(map(list, zip(*[cells] * self.width, strict=True)))


@dataclass(frozen=True, slots=True)
class _Restart:
    """The sheets sent so far are void: the workbook is being read again another way."""


class _Received:
    """The sheets arriving from the reader process, block by block."""

    def __init__(self) -> None:
        self.sheets: list[SheetData] = []
        self._head: _SheetHead | None = None
        self._rows: list[list[CellValue]] = []

    def head(self, head: _SheetHead) -> None:
        self.close()
        self._head = head

    def block(self, block: _RowBlock) -> None:
        self._rows.extend(block.rows())

    def whole(self, sheet: SheetData) -> None:
        self.close()
        self.sheets.append(sheet)

    def restart(self) -> None:
        self._head, self._rows = None, []
        self.sheets.clear()

    def close(self) -> None:
        """Finish the sheet whose rows were arriving."""
        if self._head is not None:
            self.sheets.append(self._head.sheet(self._rows))
        self._head, self._rows = None, []


@dataclass(frozen=True, slots=True)
class _Done:
    date1904: bool
    notes: tuple[str, ...]
    engine: str


def read_file(
    path: str | Path,
    limits: ReadLimits | None = None,
    *,
    progress: Progress | None = None,
    encoding: str | None = None,
    delimiter: str | None = None,
) -> WorkbookData:
    """Check a vendor file, then read its cells safely.

    Args:
        path: the file.
        limits: size, time and memory limits (defaults when None).
        progress: receives progress and can cancel; cancelling kills the child.
        encoding: for text files, an encoding chosen by the user.
        delimiter: for text files, a delimiter chosen by the user.

    Returns:
        The file's sheets as plain rows, with display metadata and notes.

    Raises:
        FileRefused: the file cannot be imported; the message names it and says why.
        ReadCancelled: the user cancelled.
    """
    limits = limits or ReadLimits()
    progress = progress or NullProgress()
    checked = preflight(path, limits)
    progress.report(0.02, "Checked the file")
    if checked.kind is FileKind.TEXT:
        return read_delimited(checked, limits, encoding=encoding, delimiter=delimiter)
    return read_workbook_isolated(checked, limits, progress=progress)


def read_workbook_isolated(
    checked: PreflightResult, limits: ReadLimits, *, progress: Progress | None = None
) -> WorkbookData:
    """Parse a preflighted workbook in a child process under time and memory limits.

    The child checks each sheet's bounds while calamine parses it. When the child dies
    or outgrows its memory limit (a sheet built to make calamine allocate without
    bound can win that race), the file is read once more with every sheet checked
    before calamine starts, so that the refusal names what is wrong with the sheet.
    """
    progress = progress or NullProgress()
    try:
        return _read_workbook(checked, limits, progress, scan_first=False)
    except FileRefused as exc:
        if exc.code not in (RefusalCode.CRASHED, RefusalCode.MEMORY):
            raise
        log.info("reading %s again with its bounds checked first (%s)", checked.path, exc.code)
    return _read_workbook(checked, limits, progress, scan_first=True)


def _read_workbook(
    checked: PreflightResult, limits: ReadLimits, progress: Progress, *, scan_first: bool
) -> WorkbookData:
    # What the child's native code prints before it dies (an allocation failure, say)
    # goes to the log, not to the user's terminal.
    handle, stderr_name = tempfile.mkstemp(prefix="computescore-reader-", suffix=".log")
    os.close(handle)
    try:
        return _run_reader(checked, limits, progress, scan_first, Path(stderr_name))
    finally:
        with contextlib.suppress(OSError):  # a reader that outlived its kill still holds it
            Path(stderr_name).unlink(missing_ok=True)


def _run_reader(
    checked: PreflightResult,
    limits: ReadLimits,
    progress: Progress,
    scan_first: bool,
    stderr_path: Path,
) -> WorkbookData:
    path = checked.path
    context = multiprocessing.get_context("spawn")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(
        target=child_main,
        args=(sender, str(path), checked.kind.value, limits, scan_first, str(stderr_path)),
        name="computescore-reader",
        daemon=True,
    )
    with without_main_module():
        child.start()
    sender.close()
    received = _Received()
    done: _Done | None = None
    started = time.monotonic()
    try:
        watched = psutil.Process(child.pid)
    except psutil.Error:  # pragma: no cover - the child died before we could look
        watched = None
    watched_at = started
    try:
        while done is None:
            if receiver.poll(POLL_SECONDS):
                try:
                    message = receiver.recv()
                except (EOFError, OSError):
                    break
                is_progress = isinstance(message, tuple) and message[:1] == ("progress",)
                if isinstance(message, _RowBlock):
                    received.block(message)
                elif is_progress:
                    progress.report(float(message[1]), str(message[2]))
                elif isinstance(message, _SheetHead):
                    received.head(message)
                elif isinstance(message, SheetData):
                    received.whole(message)
                elif isinstance(message, _Restart):
                    received.restart()
                elif isinstance(message, _Done):
                    received.close()
                    done = message
                elif isinstance(message, _Refusal):
                    raise FileRefused(path, message.code, message.reason)
                elif isinstance(message, _Failure):
                    log.warning(
                        "reading %s failed: %s: %s", path, message.exc_type, message.message
                    )
                    raise FileRefused(
                        path,
                        RefusalCode.UNREADABLE,
                        "the file is damaged or in a format this app cannot read "
                        "(details are in the log)",
                    )
                # While blocks stream in, the limits and a cancel are still looked at:
                # after every progress report (one follows each block), and at least
                # as often as when the reader is silent.
                if is_progress or time.monotonic() - watched_at >= POLL_SECONDS:
                    _watch(child, watched, started, limits, progress, path)
                    watched_at = time.monotonic()
                continue
            if not child.is_alive():
                if receiver.poll(0):
                    continue
                break
            _watch(child, watched, started, limits, progress, path)
            watched_at = time.monotonic()
    finally:
        if child.is_alive():
            child.kill()
        child.join(5)
        receiver.close()
    if done is None:
        log.warning(
            "reader process for %s ended with exit code %s%s",
            path,
            child.exitcode,
            _last_words(stderr_path),
        )
        raise FileRefused(
            path,
            RefusalCode.CRASHED,
            "the file could not be read safely (the reader stopped unexpectedly); the file "
            "is damaged or built to attack spreadsheet readers",
        )
    return WorkbookData(
        path=path,
        kind=checked.kind.value,
        sheets=tuple(received.sheets),
        date1904=done.date1904,
        notes=(*checked.notes, *done.notes),
        engine=done.engine,
    )


@contextlib.contextmanager
def without_main_module() -> Iterator[None]:
    """Start a spawned child without running the program's main module in it.

    A "spawn" child imports the parent's ``__main__`` again before it runs its target.
    When the program's main module does work as it is imported (a script that loads the
    import service, a test runner), that work ran again in every reader: 0.6 s a
    workbook for such a script, more than half of calamine's read of a 100,000-row
    sheet. The child's target is named by its module, so an empty main module is all
    it needs.
    """
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is None:
            sys.modules.pop("__main__", None)
        else:
            sys.modules["__main__"] = main


def _watch(
    child: Any,
    watched: psutil.Process | None,
    started: float,
    limits: ReadLimits,
    progress: Progress,
    path: Path,
) -> None:
    """Kill the child and refuse the file when it runs too long, grows too big or is cancelled."""
    if progress.cancelled():
        child.kill()
        raise ReadCancelled("Cancelled by the user; nothing was written.")
    if time.monotonic() - started > limits.timeout_s:
        child.kill()
        raise FileRefused(
            path,
            RefusalCode.TIMEOUT,
            f"the file could not be read safely: reading took longer than {limits.timeout_s:g} s",
        )
    if watched is None:
        return
    try:
        rss_mb = watched.memory_info().rss >> 20
    except psutil.Error:
        return
    if rss_mb > limits.max_rss_mb:
        child.kill()
        raise FileRefused(
            path,
            RefusalCode.MEMORY,
            f"the file could not be read safely: reading it needed more than "
            f"{limits.max_rss_mb:,} MiB of memory",
        )


# --------------------------------------------------------------------------- child side


def _last_words(stderr_path: Path) -> str:
    """The start of what the reader process wrote to its error stream, for the log."""
    try:
        with stderr_path.open("rb") as stream:
            text = stream.read(2000).decode("utf-8", "replace").strip()
    except OSError:
        return ""
    return f": {text}" if text else ""


def child_main(
    conn: Connection,
    path_text: str,
    kind: str,
    limits: ReadLimits,
    scan_first: bool = False,
    stderr_path: str | None = None,
) -> None:
    """Entry point of the reader process: parse the workbook and send plain results."""
    if stderr_path:
        stream = os.open(stderr_path, os.O_WRONLY | os.O_APPEND)
        os.dup2(stream, 2)
        os.close(stream)
    # Everything this short-lived process builds lives until it ends and forms no
    # cycles; the cycle collector would only walk the sheet's rows again and again.
    gc.disable()
    path = Path(path_text)
    try:
        _read_in_child(conn.send, path, FileKind(kind), limits, scan_first)
    except FileRefused as exc:
        conn.send(_Refusal(exc.code, exc.reason))
    except MemoryError:
        conn.send(
            _Refusal(
                RefusalCode.MEMORY, "the file could not be read safely: it needed too much memory"
            )
        )
    except Exception as exc:  # every library failure becomes a plain message
        refusal = map_reader_exception(exc)
        if refusal is not None:
            conn.send(refusal)
        else:
            conn.send(_Failure(type(exc).__name__, str(exc)[:500]))
    finally:
        conn.close()


def _read_in_child(
    send: Callable[[Any], None],
    path: Path,
    kind: FileKind,
    limits: ReadLimits,
    scan_first: bool = False,
) -> None:
    import python_calamine

    notes: list[str] = []
    if kind is FileKind.ODS:
        _read_ods(send, path, limits, notes)
        return
    if kind is FileKind.PDF:
        from computescore.io.pdf_reader import ENGINE, read_pdf

        read_pdf(send, path, limits, notes)
        send(_Done(False, tuple(notes), ENGINE))
        return
    from computescore.io.xlsx_scan import check_sheet, iter_worksheets, workbook_layout

    send(("progress", 0.05, "Checking the workbook's structure"))
    layout = workbook_layout(path)
    worksheets = list(iter_worksheets(layout))
    for skipped in layout.sheets:
        if skipped.is_worksheet and not skipped.part:
            notes.append(f"sheet '{skipped.name}' has no readable content and was skipped")
    if scan_first:
        worksheets = [check_sheet(path, sheet, limits) for sheet in worksheets]
    reading = _CalamineSheets(path, [sheet.name for sheet in worksheets])
    checked = []
    sent_any = False
    fallback: python_calamine.CalamineError | None = None
    count = max(len(worksheets), 1)
    for number, sheet_scan in enumerate(worksheets):
        send(("progress", 0.1 + 0.8 * number / count, f"Reading sheet '{sheet_scan.name}'"))
        # The sheet's bounds are checked from its XML while calamine parses it (without
        # the GIL) on the reading thread; a sheet out of bounds is refused here, and the
        # process ends, whatever calamine is doing.
        detailed = sheet_scan if scan_first else check_sheet(path, sheet_scan, limits)
        checked.append(detailed)
        if fallback is not None:
            continue
        try:
            sheet = reading.result(sheet_scan.name)
        except python_calamine.CalamineError as exc:
            if map_reader_exception(exc) is not None:
                raise
            fallback = exc
            continue
        if sheet is None:
            notes.append(f"sheet '{sheet_scan.name}' has no readable content and was skipped")
            continue
        # Sent while calamine parses the next sheet; the parent rebuilds each block's
        # rows while the next block is converted.
        span = (0.1 + 0.8 * number / count, 0.1 + 0.8 * (number + 1) / count)
        _send_sheet(send, _SheetHead.of(number, detailed), sheet, limits, span)
        sent_any = True
        del sheet
    engine = "calamine"
    if fallback is not None:
        # calamine refuses some cell encodings openpyxl accepts (a boolean written as 7,
        # an unknown cell type); every sheet's bounds are checked by now, so the
        # streaming reader may try.
        if sent_any:
            send(_Restart())
        notes = [note for note in notes if "no readable content" in note]
        notes.append(f"the workbook was read with the slower reader ({fallback})")
        for whole in _read_with_openpyxl(send, path, checked, limits, notes):
            send(whole)
        engine = "openpyxl"
    send(_Done(layout.date1904, tuple(notes), engine))


class _CalamineSheets:
    """python-calamine parsing a workbook's sheets, one after another, on its own thread.

    The thread is a daemon: when a sheet is refused the process ends without waiting
    for it. Each parsed sheet (None for a sheet calamine does not find) or the
    exception that stopped the parsing is collected in order.
    """

    def __init__(self, path: Path, names: Sequence[str]) -> None:
        self._results: queue.Queue[tuple[Any, BaseException | None]] = queue.Queue()
        self._names = list(names)
        self._next = 0
        self._failure: BaseException | None = None
        thread = threading.Thread(target=self._run, args=(path,), name="calamine", daemon=True)
        thread.start()

    def _run(self, path: Path) -> None:
        import python_calamine

        try:
            with python_calamine.CalamineWorkbook.from_path(str(path)) as workbook:
                for name in self._names:
                    try:
                        sheet = workbook.get_sheet_by_name(name)
                    except python_calamine.WorksheetNotFound:
                        self._results.put((None, None))
                        continue
                    self._results.put((sheet, None))
        except BaseException as exc:  # handed to the reading thread's caller
            self._results.put((None, exc))

    def result(self, name: str) -> Any:
        """The next parsed sheet (sheets are asked for in the order they were given)."""
        if self._failure is not None:
            raise self._failure
        assert self._names[self._next] == name, "sheets are read in order"
        self._next += 1
        sheet, failure = self._results.get()
        if failure is not None:
            self._failure = failure
            raise failure
        return sheet


BLOCK_CELLS = 200_000
"""About how many cells one message from the reader process carries."""


def _calamine_rows(sheet: Any) -> Iterator[list[Any]]:
    """A parsed sheet's rows from A1, as ``to_python(skip_empty_area=False)`` gives them.

    Where the used area starts at A1 the rows are converted one by one as they are sent
    (``iter_rows``), so that the parent rebuilds each block while the next is converted.
    Elsewhere ``iter_rows`` would leave out the empty columns before the used area, so
    the rows are converted at once.
    """
    if sheet.start in (None, (0, 0)):
        return iter(sheet.iter_rows())
    return iter(sheet.to_python(skip_empty_area=False))


def _send_sheet(
    send: Callable[[Any], None],
    head: _SheetHead,
    sheet: Any,
    limits: ReadLimits,
    span: tuple[float, float],
) -> None:
    """Send a parsed sheet: its details, then its rows (at most ``limits.max_rows``) in
    blocks, with the progress of the reading moving across ``span``."""
    end = sheet.end
    total = min(end[0] + 1, limits.max_rows) if end else 0
    send(head)
    sent = 0
    for block in _row_blocks(_calamine_rows(sheet), limits):
        send(block)
        sent += block.count
        fraction = span[0] + (span[1] - span[0]) * sent / max(total, 1)
        send(("progress", fraction, f"Reading sheet '{head.name}': {sent:,} of {total:,} rows"))


def _row_blocks(rows: Iterable[list[Any]], limits: ReadLimits) -> Iterator[_RowBlock]:
    """Rows in blocks of about :data:`BLOCK_CELLS` cells, ready to send."""
    remaining = iter(itertools.islice(rows, limits.max_rows))
    for first in remaining:
        size = max(1, BLOCK_CELLS // max(len(first), 1))
        yield _row_block([first, *itertools.islice(remaining, size - 1)])


def _row_block(rows: list[list[Any]]) -> _RowBlock:
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        return _RowBlock(0, len(rows), [], _plain_rows(rows))
    return _RowBlock(width, len(rows), _plain_cells(itertools.chain.from_iterable(rows)))


def _sheet_data(number: int, scan: Any, rows: list[list[CellValue]]) -> SheetData:
    return _SheetHead.of(number, scan).sheet(rows)


def _plain_cells(values: Iterable[Any]) -> list[CellValue]:
    """Empty strings become None; repeated strings share one object (sent once)."""
    memo: dict[str, str | None] = {"": None}
    keep = memo.setdefault
    return [keep(value, value) if value.__class__ is str else value for value in values]


def _plain_rows(raw_rows: Iterable[list[Any]]) -> list[list[CellValue]]:
    """Empty strings become None; repeated strings share one object (smaller transfer)."""
    memo: dict[str, str] = {}
    return [
        [
            (memo.setdefault(value, value) if value != "" else None)
            if type(value) is str
            else value
            for value in raw
        ]
        for raw in raw_rows
    ]


def _read_with_openpyxl(
    send: Callable[[Any], None],
    path: Path,
    worksheets: list[Any],
    limits: ReadLimits,
    notes: list[str],
) -> list[SheetData]:
    import warnings

    import openpyxl

    if not openpyxl.DEFUSEDXML:
        raise FileRefused(
            path,
            RefusalCode.UNREADABLE,
            "the safe XML reader is not active (check the OPENPYXL_DEFUSEDXML setting)",
        )
    sheets: list[SheetData] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        book = openpyxl.load_workbook(path, read_only=True, data_only=True, keep_links=False)
        try:
            for number, sheet_scan in enumerate(worksheets):
                if sheet_scan.name not in book.sheetnames:
                    notes.append(
                        f"sheet '{sheet_scan.name}' has no readable content and was skipped"
                    )
                    continue
                send(
                    (
                        "progress",
                        0.1 + 0.8 * number / max(len(worksheets), 1),
                        f"Reading sheet '{sheet_scan.name}'",
                    )
                )
                sheet = book[sheet_scan.name]
                reset = getattr(sheet, "reset_dimensions", None)
                if reset is not None:
                    reset()
                rows: list[list[CellValue]] = []
                memo: dict[str, str] = {}
                for values in sheet.iter_rows(values_only=True, max_col=limits.max_columns):
                    if len(rows) >= limits.max_rows:
                        raise FileRefused(
                            path,
                            RefusalCode.TOO_MANY_ROWS,
                            f"sheet '{sheet_scan.name}' has more than {limits.max_rows:,} rows",
                        )
                    rows.append([_plain_value(value, memo) for value in values])
                sheets.append(_sheet_data(number, sheet_scan, rows))
        finally:
            book.close()
    return sheets


def _plain_value(value: object, memo: dict[str, str]) -> CellValue:
    """An openpyxl cell value as a plain one (rich text and array formulas become text)."""
    if value is None or isinstance(value, bool | int | float | date | day_time | timedelta):
        return value
    if isinstance(value, Decimal):
        return float(value)
    text = str(value)
    return memo.setdefault(text, text) if text else None


def _read_ods(
    send: Callable[[Any], None], path: Path, limits: ReadLimits, notes: list[str]
) -> None:
    import python_calamine

    from computescore.io.ods_scan import scan_ods
    from computescore.io.xlsx_scan import SheetScan

    send(("progress", 0.05, "Checking the spreadsheet's structure"))
    scan_ods(path, limits)
    with python_calamine.CalamineWorkbook.from_path(str(path)) as workbook:
        metadata = workbook.sheets_metadata
        for number, meta in enumerate(metadata):
            if meta.typ != python_calamine.SheetTypeEnum.WorkSheet:
                continue
            sheet = workbook.get_sheet_by_index(number)
            if sheet.height > limits.max_rows or sheet.width > limits.max_columns:
                raise FileRefused(
                    path,
                    RefusalCode.TOO_MANY_ROWS,
                    f"sheet '{meta.name}' spans {sheet.height:,} rows × {sheet.width:,} "
                    "columns, more than a quote may have",
                )
            if meta.visible == python_calamine.SheetVisibleEnum.Hidden:
                visibility = Visibility.HIDDEN
            elif meta.visible == python_calamine.SheetVisibleEnum.VeryHidden:
                visibility = Visibility.VERY_HIDDEN
            else:
                visibility = Visibility.VISIBLE
            merged = tuple(
                (top, left, bottom, right)
                for (top, left), (bottom, right) in (sheet.merged_cell_ranges or [])
            )
            scan = SheetScan(meta.name, None, visibility, 0, 0, merged=merged)
            span = (0.1 + 0.8 * number / len(metadata), 0.1 + 0.8 * (number + 1) / len(metadata))
            _send_sheet(send, _SheetHead.of(number, scan), sheet, limits, span)
    send(_Done(False, tuple(notes), "calamine"))


def map_reader_exception(exc: BaseException) -> _Refusal | None:
    """A plain reason for a known reader exception, or None for an unexpected one.

    Looks at the exception and its ``__cause__`` chain (openpyxl wraps defusedxml's
    refusals in ``ValueError``).
    """
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and len(chain) < 10:
        chain.append(current)
        current = current.__cause__ or current.__context__
    for item in chain:
        name = type(item).__name__
        text = str(item).lower()
        if name == "PasswordError" or "password" in text:
            return _Refusal(
                RefusalCode.ENCRYPTED,
                "the workbook is password-protected; ask the vendor for an unprotected copy",
            )
        if name in ("EntitiesForbidden", "DTDForbidden", "ExternalReferenceForbidden") or (
            "entity" in text and name in ("XmlError", "ParseError", "ValueError")
        ):
            return _Refusal(
                RefusalCode.XML_ENTITIES,
                "the workbook contains XML entities or a DTD, which spreadsheets never need",
            )
        if (
            "declared uncompressed size" in text
            or "bad crc" in text
            or name
            in (
                "ZipError",
                "BadZipFile",
                "error",
                "EOFError",
            )
        ):
            return _Refusal(
                RefusalCode.DAMAGED,
                "the file is damaged or incomplete (an interrupted download?); ask the vendor "
                "to send it again",
            )
        if name in ("PdfminerException", "PDFSyntaxError", "PSEOF", "PDFNoValidXRef") or (
            "is this really a pdf" in text
        ):
            return _Refusal(
                RefusalCode.DAMAGED,
                "the PDF is damaged or incomplete (an interrupted download?); ask the vendor "
                "to send it again",
            )
        if name == "WorksheetNotFound":
            return _Refusal(RefusalCode.NO_WORKSHEETS, "the workbook has no readable worksheets")
    return None


def formulas_without_cache(sheet: SheetData) -> list[FormulaCell]:
    """The sheet's formula cells whose result was never saved in the file."""
    return [cell for cell in sheet.formulas.values() if cell.cached is None]
