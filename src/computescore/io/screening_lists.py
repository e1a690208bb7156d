"""Reading restricted-party screening lists into :class:`ScreeningList` records.

Formats understood (recognised by their header row):

* the US **Consolidated Screening List** bulk CSV or TSV from data.trade.gov (columns
  ``_id, source, entity_number, type, programs, name, title, addresses, …, alt_names …``;
  several values in one cell are separated by ``;``; each address ends with its ISO
  country code);
* the **EU Consolidated Financial Sanctions List** CSV (semicolon-separated, one row per
  name or alias, rows grouped by ``Entity_LogicalId``; the file's ``fileGenerationDate``
  is its date);
* a **simple CSV** a user can prepare from any other list: a ``name`` column and,
  optionally, ``alt_names`` (or ``aliases``), ``country``, ``programs`` (or
  ``regime``), ``listed_on`` (or ``start_date``), ``source`` and ``remarks``.

Every list keeps its name and date (its version): results say "no match … on list X
dated D". Rows that cannot be used become :class:`Problem` records naming the file and
row; a file that cannot be read at all is refused with an :class:`InputRefused`.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, date, datetime
from pathlib import Path

from computescore.domain.problems import Problem, Severity
from computescore.domain.screening import ScreeningEntry, ScreeningList
from computescore.errors import InputRefused

CSL_NAME = "US Consolidated Screening List"
EU_NAME = "EU Consolidated Financial Sanctions List"
MAX_LIST_BYTES = 300_000_000
"""Lists larger than this are refused before reading (the CSL CSV is about 30 MB)."""

_FIELD_LIMIT = 10_000_000
_ISO2 = re.compile(r"^[A-Z]{2}$")
_CSL_MARKERS = {"name", "source", "alt_names"}
_EU_MARKERS = {"Entity_LogicalId", "NameAlias_WholeName"}
_SIMPLE_SYNONYMS: Mapping[str, tuple[str, ...]] = {
    "name": ("name", "entity name", "entity_name", "whole_name", "wholename", "party"),
    "alt_names": ("alt_names", "aliases", "alias", "alternative names", "also known as", "aka"),
    "country": ("country", "countries", "country_code", "iso2"),
    "programs": ("programs", "programmes", "program", "programme", "regime", "regimes"),
    "start_date": ("listed_on", "start_date", "date listed", "designation_date", "listed"),
    "source": ("source", "list"),
    "remarks": ("remarks", "notes", "comments"),
    "entity_type": ("type", "entity_type", "subject_type"),
    "entry_id": ("id", "_id", "reference", "ref", "unique id"),
}


def _split(value: str | None, separator: str = ";") -> tuple[str, ...]:
    if not value:
        return ()
    return tuple(dict.fromkeys(part.strip() for part in value.split(separator) if part.strip()))


def _codes(values: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(v.strip().upper() for v in values if _ISO2.match(v.strip().upper())))


def _address_countries(value: str | None) -> tuple[str, ...]:
    """The ISO code ending each '; '-separated address ('…, Shenzhen, CN' → CN)."""
    found = []
    for address in _split(value):
        last = address.rsplit(",", 1)[-1].strip()
        if _ISO2.match(last):
            found.append(last)
    return tuple(dict.fromkeys(found))


def _rows(text: str, delimiter: str) -> Iterator[tuple[int, dict[str, str]]]:
    """Each record with the file line it starts on (records may span lines)."""
    old = csv.field_size_limit()
    csv.field_size_limit(_FIELD_LIMIT)
    try:
        reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
        previous = 1
        for row in reader:
            start, previous = previous + 1, reader.line_num
            yield start, {str(k).strip(): (v or "") for k, v in row.items() if k is not None}
    finally:
        csv.field_size_limit(old)


def _header(text: str, delimiter: str) -> list[str]:
    first = text.split("\n", 1)[0]
    return [h.strip().strip('"') for h in next(csv.reader([first], delimiter=delimiter), [])]


def _guess_delimiter(text: str) -> str:
    first = text.split("\n", 1)[0]
    counts = {d: first.count(d) for d in ("\t", ";", ",")}
    return max(counts, key=lambda d: counts[d])


def parse_csl(
    text: str,
    *,
    list_date: date,
    list_name: str = CSL_NAME,
    source_file: str = "CSL",
    delimiter: str = ",",
) -> tuple[ScreeningList, list[Problem]]:
    """Parse the Consolidated Screening List CSV (``delimiter=","``) or TSV (``"\\t"``)."""
    problems: list[Problem] = []
    entries: list[ScreeningEntry] = []
    try:
        for number, row in _rows(text, delimiter):
            name = row.get("name", "").strip()
            if not name:
                problems.append(
                    Problem(
                        f"{source_file}!line {number}", "row has no name; skipped", Severity.WARNING
                    )
                )
                continue
            countries = _address_countries(row.get("addresses"))
            countries += _codes(_split(row.get("nationalities")) + _split(row.get("citizenships")))
            entries.append(
                ScreeningEntry(
                    name=name,
                    alt_names=_split(row.get("alt_names")),
                    countries=tuple(dict.fromkeys(countries)),
                    source=row.get("source", "").strip(),
                    entity_type=row.get("type", "").strip(),
                    programs=_split(row.get("programs")),
                    entry_id=(row.get("_id") or row.get("entity_number") or "").strip(),
                    start_date=row.get("start_date", "").strip(),
                    remarks=row.get("remarks", "").strip(),
                    source_url=(
                        row.get("source_information_url") or row.get("source_list_url") or ""
                    ).strip(),
                )
            )
    except csv.Error as exc:
        raise InputRefused(f"{source_file} is not a readable CSV file: {exc}.") from None
    return ScreeningList(list_name, list_date, tuple(entries), source_file), problems


def _eu_date(value: str) -> date | None:
    for fmt in ("%d/%m/%Y", "%Y-%m-%d"):
        try:
            return datetime.strptime(value.strip(), fmt).date()
        except ValueError:
            continue
    return None


def parse_eu_fsf(
    text: str,
    *,
    list_date: date | None = None,
    list_name: str = EU_NAME,
    source_file: str = "EU FSF",
) -> tuple[ScreeningList, list[Problem]]:
    """Parse the EU Consolidated Financial Sanctions List CSV (one row per name or alias).

    The list's date is ``list_date`` if given, else the file's ``fileGenerationDate``.
    """
    problems: list[Problem] = []
    groups: dict[str, list[dict[str, str]]] = {}
    generated: date | None = None
    try:
        for number, row in _rows(text, ";"):
            logical_id = row.get("Entity_LogicalId", "").strip()
            if not logical_id:
                problems.append(
                    Problem(
                        f"{source_file}!line {number}",
                        "row has no Entity_LogicalId; skipped",
                        Severity.WARNING,
                    )
                )
                continue
            generated = generated or _eu_date(row.get("fileGenerationDate", ""))
            groups.setdefault(logical_id, []).append(row)
    except csv.Error as exc:
        raise InputRefused(f"{source_file} is not a readable CSV file: {exc}.") from None
    entries = []
    for logical_id, rows in groups.items():
        names = list(dict.fromkeys(r.get("NameAlias_WholeName", "").strip() for r in rows))
        names = [n for n in names if n]
        if not names:
            problems.append(
                Problem(
                    f"{source_file}!entity {logical_id}",
                    "entity has no name; skipped",
                    Severity.WARNING,
                )
            )
            continue
        first = rows[0]
        countries = _codes(
            [r.get("Address_CountryIso2Code", "") for r in rows]
            + [r.get("Citizenship_CountryIso2Code", "") for r in rows]
        )
        entries.append(
            ScreeningEntry(
                name=names[0],
                alt_names=tuple(names[1:]),
                countries=countries,
                source=list_name,
                entity_type=(
                    first.get("Entity_SubjectType_ClassificationCode")
                    or first.get("Entity_SubjectType", "")
                ).strip(),
                programs=_split(first.get("Entity_Regulation_Programme")),
                entry_id=logical_id,
                start_date=first.get("Entity_DesignationDate", "").strip(),
                remarks=first.get("Entity_Remark", "").strip(),
                source_url=first.get("Entity_Regulation_PublicationUrl", "").strip(),
            )
        )
    day = list_date or generated
    if day is None:
        raise InputRefused(
            f"{source_file} has no fileGenerationDate; give the list's date when importing it."
        )
    return ScreeningList(list_name, day, tuple(entries), source_file), problems


def _column_key(text: str) -> str:
    return re.sub(r"[\s\-]+", "_", text.strip().lower())


def _simple_columns(header: Sequence[str]) -> dict[str, str]:
    lowered = {_column_key(h): h for h in header}
    mapping = {}
    for field, synonyms in _SIMPLE_SYNONYMS.items():
        for synonym in synonyms:
            if _column_key(synonym) in lowered:
                mapping[field] = lowered[_column_key(synonym)]
                break
    return mapping


def parse_simple(
    text: str,
    *,
    list_name: str,
    list_date: date,
    source_file: str = "list",
    delimiter: str = ",",
) -> tuple[ScreeningList, list[Problem]]:
    """Parse a simple CSV with a ``name`` column and optional aliases, country, programmes."""
    columns = _simple_columns(_header(text, delimiter))
    if "name" not in columns:
        raise InputRefused(
            f"{source_file} has no 'name' column; a screening list needs one "
            "(optional: alt_names, country, programs, listed_on, source, remarks)."
        )
    problems: list[Problem] = []
    entries = []
    try:
        for number, row in _rows(text, delimiter):

            def cell(field: str, row: Mapping[str, str] = row) -> str:
                column = columns.get(field)
                return row.get(column, "").strip() if column else ""

            name = cell("name")
            if not name:
                problems.append(
                    Problem(
                        f"{source_file}!line {number}", "row has no name; skipped", Severity.WARNING
                    )
                )
                continue
            country_cell = cell("country")
            countries = _codes(re.split(r"[;,/ ]+", country_cell)) if country_cell else ()
            entries.append(
                ScreeningEntry(
                    name=name,
                    alt_names=_split(cell("alt_names")),
                    countries=countries,
                    source=cell("source") or list_name,
                    entity_type=cell("entity_type"),
                    programs=_split(cell("programs")),
                    entry_id=cell("entry_id"),
                    start_date=cell("start_date"),
                    remarks=cell("remarks"),
                )
            )
    except csv.Error as exc:
        raise InputRefused(f"{source_file} is not a readable CSV file: {exc}.") from None
    return ScreeningList(list_name, list_date, tuple(entries), source_file), problems


def decode_list(data: bytes, source_file: str) -> tuple[str, list[Problem]]:
    """Decode a list file as UTF-8 (with or without BOM), else Windows-1252 with a warning."""
    try:
        return data.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        problem = Problem(
            source_file,
            "file is not UTF-8; read as Windows-1252, so non-Latin names may be garbled",
            Severity.WARNING,
        )
        return data.decode("cp1252", errors="replace"), [problem]


def parse_list_text(
    text: str,
    *,
    source_file: str,
    list_name: str | None = None,
    list_date: date | None = None,
) -> tuple[ScreeningList, list[Problem]]:
    """Recognise the format from the header row and parse the list.

    Raises:
        InputRefused: the header is not one of the formats understood, or the list's date
            cannot be found and was not given.
    """
    delimiter = _guess_delimiter(text)
    header = set(_header(text, delimiter))
    if header >= _EU_MARKERS:
        return parse_eu_fsf(
            text, list_date=list_date, list_name=list_name or EU_NAME, source_file=source_file
        )
    if list_date is None:
        raise InputRefused(f"{source_file}: give the list's date (its version) when importing it.")
    if header >= _CSL_MARKERS:
        return parse_csl(
            text,
            list_date=list_date,
            list_name=list_name or CSL_NAME,
            source_file=source_file,
            delimiter=delimiter,
        )
    return parse_simple(
        text,
        list_name=list_name or Path(source_file).stem,
        list_date=list_date,
        source_file=source_file,
        delimiter=delimiter,
    )


def read_screening_list(
    path: str | Path,
    *,
    list_name: str | None = None,
    list_date: date | None = None,
) -> tuple[ScreeningList, list[Problem]]:
    """Read a screening list file (CSL CSV/TSV, EU FSF CSV or simple CSV).

    When ``list_date`` is not given and the file does not carry its own date, the file's
    modification date is used as the list's version and a problem says so.

    Raises:
        InputRefused: the file is missing, too large or in no format understood.
    """
    file = Path(path)
    try:
        size = file.stat().st_size
    except OSError as exc:
        raise InputRefused(
            f"Screening list {file} cannot be read: {exc.strerror or exc}."
        ) from None
    if size > MAX_LIST_BYTES:
        raise InputRefused(
            f"Screening list {file} is {size:,} bytes; lists above {MAX_LIST_BYTES:,} bytes "
            "are refused."
        )
    try:
        data = file.read_bytes()
    except OSError as exc:
        raise InputRefused(
            f"Screening list {file} cannot be read: {exc.strerror or exc}."
        ) from None
    text, problems = decode_list(data, str(file))
    day = list_date
    if day is None and not set(_header(text, _guess_delimiter(text))) >= _EU_MARKERS:
        day = datetime.fromtimestamp(file.stat().st_mtime, tz=UTC).date()
        problems.append(
            Problem(
                str(file),
                f"no list date given; the file's modification date {day.isoformat()} is used "
                "as the list's version",
                Severity.INFO,
            )
        )
    screening_list, more = parse_list_text(
        text, source_file=str(file), list_name=list_name, list_date=day
    )
    return screening_list, problems + more
