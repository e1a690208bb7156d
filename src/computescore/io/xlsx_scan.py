"""A bounded look at a workbook's XML: the area each sheet's cells span, and its details.

python-calamine builds a dense ``rows × columns`` array for each sheet and aborts the
whole process when that allocation fails, so a 5 KB file with one cell at XFD1048576
kills it. This module reads the raw sheet XML with byte-level searches (no XML parser,
no entity expansion) and establishes an upper bound on the area the sheet's cells
span, refusing the sheet when the bound is too large. The
bound is conservative: it counts explicit references (in any case, quoting or
spacing), rows and cells without references, and references with leading zeros.

:func:`workbook_layout` lists the sheets from the workbook part alone (next to no
cost); :func:`check_sheet` bounds one sheet and, in the same read of its part, collects
what calamine does not report: hidden rows and columns, merged ranges and formulas with
their cached values. The reader runs it while calamine parses the sheet in the same
(isolated) process, and refuses the sheet when its bounds are exceeded.
:func:`scan_workbook` does both for every sheet, with the workbook's date system (1900
or 1904).

Every check is a search in C over the raw bytes (``bytes.find``/``count`` and
precompiled patterns whose repetitions are possessive, so a miss costs a few steps per
cell reference); characters that make a spelling unusual (apostrophes, tabs, line
breaks, ``&``) are first looked for with single-byte searches, which cost next to
nothing when, as in files Excel and other tools write, they are absent.
"""

from __future__ import annotations

import html
import itertools
import posixpath
import re
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from computescore.io.preflight import ReadLimits
from computescore.io.refusal import FileRefused, RefusalCode
from computescore.io.workbook import FormulaCell, Visibility, column_letters, parse_ref


@dataclass(frozen=True, slots=True)
class SheetScan:
    """What the byte-level pass learnt about one worksheet (positions 0-based)."""

    name: str
    part: str | None
    visibility: Visibility
    max_row: int
    max_col: int
    hidden_rows: frozenset[int] = frozenset()
    hidden_cols: frozenset[int] = frozenset()
    merged: tuple[tuple[int, int, int, int], ...] = ()
    formulas: tuple[FormulaCell, ...] = ()
    is_worksheet: bool = True


@dataclass(frozen=True, slots=True)
class WorkbookScan:
    """The workbook's sheets in workbook order, and its date system."""

    sheets: tuple[SheetScan, ...]
    date1904: bool = False


MAX_FORMULAS_RECORDED = 200_000

_ATTR = re.compile(rb"([A-Za-z_][\w.:-]*)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")


def digits_greater_than(limit: int) -> bytes:
    """A regex fragment matching decimal integers greater than ``limit`` (leading zeros allowed).

    Used to search megabytes of XML for an out-of-range reference in one C-level pass.
    """
    text = str(limit)
    width = len(text)
    options = [b"[1-9][0-9]{%d,}" % width]
    for index, char in enumerate(text):
        digit = int(char)
        if digit < 9:
            rest = width - index - 1
            options.append(text[:index].encode() + b"[%d-9]" % (digit + 1) + b"[0-9]{%d}" % rest)
    return b"0*(?:" + b"|".join(options) + b")"


def letters_greater_than(limit: int) -> bytes:
    """A regex fragment matching column letters (either case) beyond column number ``limit``."""
    text = column_letters(limit)
    width = len(text)
    options = [b"[A-Za-z]{%d,}" % (width + 1)]
    for index, char in enumerate(text):
        if char < "Z":
            following = chr(ord(char) + 1)
            prefix = "".join(f"[{c}{c.lower()}]" for c in text[:index]).encode()
            options.append(
                prefix
                + f"[{following}-Z{following.lower()}-z]".encode()
                + b"[A-Za-z]{%d}" % (width - index - 1)
            )
    return b"(?:" + b"|".join(options) + b")"


# --------------------------------------------------------------------------- workbook


def _attributes(tag: bytes) -> dict[str, str]:
    found: dict[str, str] = {}
    for match in _ATTR.finditer(tag):
        raw = match.group(2) if match.group(2) is not None else match.group(3) or b""
        name = match.group(1).decode("ascii", "replace")
        found[name.split(":")[-1] if name != "r:id" else name] = html.unescape(
            raw.decode("utf-8", "replace")
        )
    return found


def _read_part(archive: zipfile.ZipFile, name: str, path: Path) -> bytes:
    try:
        return archive.read(name)
    except KeyError:
        return b""
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError, ValueError) as exc:
        raise FileRefused(
            path,
            RefusalCode.DAMAGED,
            f"part {name} is damaged or incomplete (an interrupted download?)",
        ) from exc


def _relationship_targets(rels: bytes, base: str) -> dict[str, tuple[str, str]]:
    targets: dict[str, tuple[str, str]] = {}
    for match in re.finditer(rb"<(?:\w+:)?Relationship\b([^>]*)>", rels):
        attrs = _attributes(match.group(1))
        target = attrs.get("Target", "")
        if not target:
            continue
        if target.startswith("/"):
            resolved = target.lstrip("/")
        else:
            resolved = posixpath.normpath(posixpath.join(base, target))
        targets[attrs.get("Id", "")] = (resolved, attrs.get("Type", ""))
    return targets


def _open(file_path: Path) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(file_path)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise FileRefused(
            file_path, RefusalCode.DAMAGED, "the file is damaged or incomplete"
        ) from exc


def workbook_layout(path: str | Path) -> WorkbookScan:
    """The workbook's sheets (names, parts, visibility) and date system, sheets unchecked.

    Reads only the workbook part and its relationships, so it costs next to nothing;
    each sheet's ``max_row``/``max_col`` are 0 until :func:`check_sheet` bounds it.
    Raises :class:`FileRefused` when the workbook has no readable worksheet.
    """
    file_path = Path(path)
    with _open(file_path) as archive:
        names = {name.lower(): name for name in archive.namelist()}
        workbook_xml = _read_part(
            archive, names.get("xl/workbook.xml", "xl/workbook.xml"), file_path
        )
        rels_name = names.get("xl/_rels/workbook.xml.rels", "xl/_rels/workbook.xml.rels")
        targets = _relationship_targets(_read_part(archive, rels_name, file_path), "xl")
    date1904 = bool(
        re.search(
            rb"<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*[\"'](?:1|true)[\"']", workbook_xml
        )
    )
    sheets: list[SheetScan] = []
    for match in re.finditer(rb"<(?:\w+:)?sheet\b([^>]*)>", workbook_xml):
        attrs = _attributes(match.group(1))
        name = attrs.get("name", f"Sheet{len(sheets) + 1}")
        state = attrs.get("state", "visible")
        visibility = {
            "hidden": Visibility.HIDDEN,
            "veryHidden": Visibility.VERY_HIDDEN,
        }.get(state, Visibility.VISIBLE)
        target, rel_type = targets.get(attrs.get("r:id", attrs.get("id", "")), ("", ""))
        part = names.get(target.lower()) if target else None
        is_worksheet = rel_type.endswith("/worksheet") or (
            not rel_type and target.startswith("xl/worksheets/")
        )
        sheets.append(SheetScan(name, part, visibility, 0, 0, is_worksheet=is_worksheet))
    if not any(sheet.part and sheet.is_worksheet for sheet in sheets):
        raise FileRefused(
            file_path, RefusalCode.NO_WORKSHEETS, "the workbook has no readable worksheets"
        )
    return WorkbookScan(tuple(sheets), date1904)


def check_sheet(
    path: str | Path, sheet: SheetScan, limits: ReadLimits | None = None, *, details: bool = True
) -> SheetScan:
    """Bound one worksheet's cell area (refusing it when out of bounds), reading its part once.

    Args:
        path: the workbook.
        sheet: the sheet as :func:`workbook_layout` listed it.
        limits: row, column and cell limits.
        details: also collect hidden rows and columns, merged ranges and formulas.

    Returns:
        The sheet with its bounds (and details) filled in.
    """
    if not sheet.part or not sheet.is_worksheet:
        return sheet
    file_path = Path(path)
    with _open(file_path) as archive:
        data = _read_part(archive, sheet.part, file_path)
    scanned = _check_sheet(
        file_path, sheet.name, sheet.part, sheet.visibility, data, limits or ReadLimits()
    )
    return _with_details(scanned, data) if details else scanned


def scan_workbook(
    path: str | Path, limits: ReadLimits | None = None, *, details: bool = True
) -> WorkbookScan:
    """Scan an .xlsx/.xlsm file's sheets; raise :class:`FileRefused` if one is out of bounds.

    Args:
        path: the workbook (already through :func:`~computescore.io.preflight.preflight`).
        limits: row, column and cell limits.
        details: also collect hidden rows and columns, merged ranges and formulas
            (otherwise :func:`sheet_details` adds them later).

    Returns:
        Per-sheet bounds (and metadata), in workbook order.
    """
    layout = workbook_layout(path)
    sheets = tuple(check_sheet(path, sheet, limits, details=details) for sheet in layout.sheets)
    return replace(layout, sheets=sheets)


# --------------------------------------------------------------------------- sheet


_ODD_EQUALS = re.compile(rb"r(?:\s+=|=\s)")


def _unusual(data: bytes, body: int) -> bool:
    """True when some ``r`` attribute may be spelt other than `` r="…"``.

    The same answer as searching for ``r='``, ``r\\s+=``, ``r=\\s``, ``\\nr=``, ``\\tr=``
    and ``\\rr=`` everywhere, but each rare character is first looked for alone; line
    breaks and tabs that only occur in the XML declaration before ``body`` (where
    Excel puts one) are checked there alone.
    """
    if data.find(b"'") >= 0 and data.find(b"r='") >= 0:
        return True
    if _ODD_EQUALS.search(data):
        return True
    for space in (b"\n", b"\t", b"\r"):
        needle = space + b"r="
        if data.find(space, body) >= 0:
            if data.find(needle) >= 0:
                return True
        elif data.find(needle, 0, body + len(needle)) >= 0:
            return True
    return False


def _beyond_rows(attr: bytes, letters: bytes, limit: int) -> re.Pattern[bytes]:
    """A reference (``attr`` + letters + digits + quote) whose row number exceeds ``limit``.

    Letters, ``$`` and leading zeros are matched possessively and the digit count is
    checked ahead, so an ordinary reference is rejected in a few steps.
    """
    return re.compile(
        attr
        + letters
        + rb"+\$?+0*+(?=[0-9]{%d})" % len(str(limit))
        + digits_greater_than(limit)
        + rb"[\"']"
    )


def _beyond_columns(attr: bytes, limit: int) -> re.Pattern[bytes]:
    """A reference (``attr`` + letters + digit) whose column is beyond column ``limit``."""
    return re.compile(
        attr
        + rb"(?=[A-Za-z]{%d})" % len(column_letters(limit))
        + letters_greater_than(limit)
        + rb"\$?[0-9]"
    )


def _check_sheet(
    path: Path, name: str, part: str, visibility: Visibility, data: bytes, limits: ReadLimits
) -> SheetScan:
    """Bound the area the sheet's cells span; refuse the sheet when it is out of bounds."""
    root = re.search(rb"<(\w+:)?worksheet\b", data[:4096])
    prefix = (root.group(1) or b"") if root else b""
    row_tag = b"<" + prefix + b"row"
    cell_tag = b"<" + prefix + b"c"
    unusual = _unusual(data, root.start() if root else 0)
    character_code = rb"\sr\s*=\s*[\"'][^\"'>]{0,24}&" if unusual else rb' r="[^"&>]{0,24}&'
    if data.find(b"&") >= 0 and re.search(character_code, data):
        raise _outside(path, name, "a cell reference written with character codes")
    # Cells and rows are counted inside <sheetData>, where no other tag starts with them.
    start = data.find(b"<" + prefix + b"sheetData")
    end = data.rfind(b"</" + prefix + b"sheetData>")
    start, end = (0, len(data)) if start < 0 else (start, end if end > start else len(data))
    row_count = data.count(row_tag, start, end)
    if row_count > limits.max_rows:
        raise _too_many_rows(path, name, row_count, limits)
    row_pattern = re.escape(row_tag) + rb"\b[^>]*?\sr\s*=\s*[\"']0*([0-9]+)"
    numbers = re.findall(row_pattern, data)
    if numbers and max(map(len, numbers)) > 9:
        numbers = [value for value in numbers if len(value) <= 9]
    max_row = max(max(map(int, numbers), default=0), row_count)
    attr = rb"\sr\s*=\s*[\"']" if unusual else rb' r="'
    if max_row > limits.max_rows:
        far = _beyond_rows(attr, rb"[A-Za-z]{1,3}", limits.max_rows).search(data)
        if far:
            raise _outside(path, name, f"a cell at {_ref_text(far.group(0))}")
        raise _outside(path, name, f"a row numbered {max_row:,}")
    beyond_rows = _beyond_rows(attr, rb"[A-Za-z]{0,3}", max_row).search(data)
    if beyond_rows:
        raise _outside(path, name, f"a cell at {_ref_text(beyond_rows.group(0))}")

    allowed_cols = max(1, min(limits.max_columns, limits.max_cells // max(max_row, 1)))
    beyond_cols = _beyond_columns(attr, allowed_cols).search(data)
    if beyond_cols:
        if allowed_cols < limits.max_columns and not _beyond_columns(
            attr, limits.max_columns
        ).search(data):
            raise FileRefused(
                path,
                RefusalCode.TOO_MANY_COLUMNS,
                f"sheet '{name}' spans {max_row:,} rows and more than {allowed_cols:,} columns, "
                f"more than the {limits.max_cells:,} cells a quote may hold",
            )
        raise _outside(path, name, f"a cell at {_ref_text(beyond_cols.group(0))}")

    # A cell without its own reference is placed after the previous one, so rows of
    # such cells are counted; one search tells whether there are any.
    without_reference = re.compile(re.escape(cell_tag) + rb'(?! r=")').search(data, start, end)
    if without_reference or unusual:
        widest = _widest_row(data, row_tag, cell_tag)
        if widest > allowed_cols:
            raise _outside(path, name, f"a row of {widest:,} cells")

    return SheetScan(
        name=name, part=part, visibility=visibility, max_row=max_row, max_col=allowed_cols
    )


def _with_details(scan: SheetScan, data: bytes) -> SheetScan:
    root = re.search(rb"<(\w+:)?worksheet\b", data[:4096])
    prefix = (root.group(1) or b"") if root else b""
    return replace(
        scan,
        hidden_rows=_hidden_rows(data, b"<" + prefix + b"row"),
        hidden_cols=_hidden_cols(data, prefix),
        merged=_merged(data, prefix),
        formulas=_formulas(data, prefix),
    )


def sheet_details(path: str | Path, scan: SheetScan) -> SheetScan:
    """The sheet's hidden rows and columns, merged ranges and formulas, added to its scan.

    Reads the sheet's part again; called for a sheet :func:`scan_workbook` has already
    bounded (with ``details=False``).
    """
    if not scan.part:
        return scan
    file_path = Path(path)
    with _open(file_path) as archive:
        data = _read_part(archive, scan.part, file_path)
    return _with_details(scan, data)


def _ref_text(match: bytes) -> str:
    """``XFD1048576`` from a matched ``r="xfd0001048576"`` (letters upper-cased, zeros dropped)."""
    value = re.sub(rb"^\s*r\s*=\s*[\"']", b"", match.strip()).strip(b"\"'")
    text = value.decode("ascii", "replace").replace("$", "")
    found = re.match(r"([A-Za-z]*)0*([0-9]+)", text)
    if not found:
        return text
    letters, digits = found.groups()
    return f"{letters.upper()}{int(digits)}" if letters else f"row {int(digits):,}"


def _outside(path: Path, sheet: str, what: str) -> FileRefused:
    return FileRefused(
        path,
        RefusalCode.OUTSIDE_AREA,
        f"sheet '{sheet}' has {what}, outside the area a quote can use "
        "(cells outside the supported area)",
    )


def _too_many_rows(path: Path, sheet: str, rows: int, limits: ReadLimits) -> FileRefused:
    return FileRefused(
        path,
        RefusalCode.TOO_MANY_ROWS,
        f"sheet '{sheet}' has {rows:,} rows, more than the {limits.max_rows:,} a quote may "
        "have; is this really a quote?",
    )


def _widest_row(data: bytes, row_tag: bytes, cell_tag: bytes) -> int:
    """Most cells in any one row, counting cells without references (slow path)."""
    widest = 0
    cell_pattern = re.compile(re.escape(cell_tag) + rb"[\s>/]")
    row_pattern = re.compile(re.escape(row_tag) + rb"[\s>/]")
    starts = [match.start() for match in row_pattern.finditer(data)]
    starts.append(len(data))
    for begin, end in itertools.pairwise(starts):
        count = len(cell_pattern.findall(data, begin, end))
        widest = max(widest, count)
    return widest


_HIDDEN_ROW = re.compile(rb"\bhidden\s*=\s*[\"'](?:1|true)[\"']")


def _hidden_rows(data: bytes, row_tag: bytes) -> frozenset[int]:
    if data.find(b"hidden") < 0:
        return frozenset()
    hidden: set[int] = set()
    pattern = re.compile(re.escape(row_tag) + rb"(\s[^>]*)?>")
    position = 0
    for match in pattern.finditer(data):
        position += 1
        attrs = match.group(1) or b""
        if b"hidden" not in attrs:
            continue
        explicit = re.search(rb"\sr\s*=\s*[\"']0*([0-9]{1,9})", attrs)
        if explicit:
            position = int(explicit.group(1))
        if _HIDDEN_ROW.search(attrs):
            hidden.add(position - 1)
    return frozenset(hidden)


def _hidden_cols(data: bytes, prefix: bytes) -> frozenset[int]:
    end = data.find(b"<" + prefix + b"sheetData")
    head = data[: end if end >= 0 else 0]
    hidden: set[int] = set()
    for match in re.finditer(b"<" + re.escape(prefix) + rb"col\b([^>]*)>", head):
        attrs = _attributes(match.group(1))
        if attrs.get("hidden") in ("1", "true"):
            try:
                low, high = int(attrs.get("min", "0")), int(attrs.get("max", "0"))
            except ValueError:
                continue
            hidden.update(range(max(low, 1) - 1, min(high, 16384)))
    return frozenset(hidden)


def _merged(data: bytes, prefix: bytes) -> tuple[tuple[int, int, int, int], ...]:
    start = data.rfind(b"<" + prefix + b"mergeCells")
    if start < 0:
        return ()
    ranges: list[tuple[int, int, int, int]] = []
    for match in re.finditer(rb"<(?:\w+:)?mergeCell\b([^>]*)>", data[start:]):
        ref = _attributes(match.group(1)).get("ref", "")
        first, _, last = ref.partition(":")
        top_left, bottom_right = parse_ref(first), parse_ref(last or first)
        if top_left and bottom_right:
            ranges.append((*top_left, *bottom_right))
    return tuple(ranges)


def _formulas(data: bytes, prefix: bytes) -> tuple[FormulaCell, ...]:
    f_tag = b"<" + prefix + b"f"
    if data.find(f_tag) < 0:
        return ()
    cell_open = b"<" + prefix + b"c"
    cell_close = b"</" + prefix + b"c>"
    found: list[FormulaCell] = []
    pattern = re.compile(re.escape(f_tag) + rb"[\s>/]")
    search_from = 0
    for match in pattern.finditer(data):
        if match.start() < search_from:
            continue
        start = data.rfind(cell_open, 0, match.start())
        end = data.find(cell_close, match.end())
        if start < 0 or end < 0:
            continue
        search_from = end
        cell = data[start:end]
        tag_end = cell.find(b">")
        ref = _attributes(cell[:tag_end]).get("r", "")
        position = parse_ref(ref)
        if position is None:
            continue
        formula = re.search(
            re.escape(f_tag) + rb"\b[^>]*?(?:/>|>(.*?)</" + re.escape(prefix) + rb"f>)",
            cell,
            re.DOTALL,
        )
        text = ""
        if formula and formula.group(1):
            text = html.unescape(formula.group(1).decode("utf-8", "replace"))[:300]
        value = re.search(
            rb"<" + re.escape(prefix) + rb"v\b[^>]*?(?:/>|>(.*?)</" + re.escape(prefix) + rb"v>)",
            cell,
            re.DOTALL,
        )
        cached = None
        if value is not None:
            cached = html.unescape((value.group(1) or b"").decode("utf-8", "replace"))[:300]
        found.append(FormulaCell(position[0], position[1], text or "(shared formula)", cached))
        if len(found) >= MAX_FORMULAS_RECORDED:
            break
    return tuple(found)


def iter_worksheets(scan: WorkbookScan) -> Iterable[SheetScan]:
    """The scanned sheets that are worksheets with a readable part."""
    return (sheet for sheet in scan.sheets if sheet.is_worksheet and sheet.part)
