"""Mapping a vendor's column headers to the canonical quote-line fields (DOMAIN.md §6).

Headers are matched by synonyms ("GPU SKU", "Accelerator type" → accelerator; "Number
of GPUs" → accelerator_count; "Price/hr", "Hourly rate (USD)", "Monthly fee", "Unit
cost" → price, with the unit and currency the header states …). Columns no header
rule recognises are sniffed by content (accelerator names the catalogue knows, money,
region codes, billing words). The user can override any column ("Our price=price"),
and the mapping used is saved as a per-vendor profile (a JSON-able dict) that the
next import from that vendor starts from.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from computescore.domain.catalog import Catalogue
from computescore.errors import UsageError
from computescore.io.values import (
    DecimalMark,
    Period,
    UnitHint,
    currency_in_text,
    is_blank,
    parse_money,
    parse_terms,
    parse_unit_text,
)
from computescore.io.workbook import CellValue, column_letters, column_number

PROFILE_VERSION = 1


class Field(StrEnum):
    """Canonical fields a column can feed (DOMAIN.md §6), plus a few import helpers."""

    VENDOR = "vendor"
    QUOTE_REF = "quote_ref"
    QUOTE_DATE = "quote_date"
    VALID_UNTIL = "valid_until"
    KIND = "kind"
    CATEGORY = "category"
    DESCRIPTION = "description"
    ACCELERATOR = "accelerator"
    ACCELERATORS_PER_NODE = "accelerators_per_node"
    NODES = "nodes"
    ACCELERATOR_COUNT = "accelerator_count"
    QUANTITY = "quantity"
    DEPLOYMENT = "deployment"
    TERM_MONTHS = "term_months"
    PRICE = "price"
    PRICE_UNIT = "price_unit"
    CURRENCY = "currency"
    REGION = "region"
    COUNTRY = "country"
    LINE_TOTAL = "line_total"
    """The line's total, used to check price × quantity and as the price when no unit price."""
    DETAILS = "details"
    """More text about the line (a configuration or service column beside the description):
    used to recognise the accelerator and the cost category, not imported on its own."""
    TIER = "tier"
    """A service tier or class ("Guaranteed", "Interruptible"): read for the deployment."""
    IGNORE = "ignore"
    """Explicitly not imported (line numbers, notes, list prices next to net prices)."""


FIELD_NAMES = frozenset(item.value for item in Field)


def normalise_header(text: object) -> str:
    """A header folded for matching: NFKC, case-folded, punctuation to spaces, single-spaced."""
    folded = unicodedata.normalize("NFKC", str(text)).casefold()
    folded = folded.replace("#", " number ").replace("%", " percent ")
    folded = re.sub(r"[^0-9a-z$€£¥]+", " ", folded)
    return " ".join(folded.split())


_RULES: tuple[tuple[Field, str], ...] = (
    (
        Field.IGNORE,
        r"^(line|row|pos|position)( number| no| nr)?$|^item (number|no|nr|id)$|"
        r"^number$|^no$|^s ?n$|"
        r"^(notes?|remarks?|comments?)$|usd per gpu hour|^list price\b|^msrp\b|"
        r"^discount( percent)?$|^savings?\b",
    ),
    (
        Field.ACCELERATORS_PER_NODE,
        r"^(gpus?|accelerators?|cards?|chips?) (per )?(node|instance|"
        r"server|system|vm|host|box)s?$|"
        r"\b(gpus?|accelerators?|cards?|chips?) (per|number per|/) "
        r"(node|instance|server|system|vm|host|box)\b|"
        r"^(instance|node|server) (gpus?|accelerators?|cards?)\b|"
        r"^(gpus?|cards?) in (node|server|instance)|accelerators per node",
    ),
    (
        Field.ACCELERATOR_COUNT,
        r"^(number|num|no|count|total|qty|quantity) (of )?(gpus|accelerators|"
        r"cards|gpu)\b|^(gpus?|accelerators?|cards?) (count|qty|quantity|"
        r"number|total)\b|^(gpus|accelerators|cards)$|^total (gpus?|"
        r"accelerators?)\b|accelerator count",
    ),
    (
        Field.NODES,
        r"^(number|num|no|count|qty|quantity) (of )?(nodes|servers|instances|systems|"
        r"machines|vms|hosts)\b|^(nodes?|servers?|instances?|systems?|machines?|vms?)"
        r"( count| qty| quantity| number)?$|^node count|^instance count",
    ),
    (
        Field.PRICE_UNIT,
        r"^(unit|uom|unit of measure|pricing unit|price unit|billing unit|charge "
        r"unit|per|unit of sale|billing basis|price basis|rate unit)$",
    ),
    (Field.CURRENCY, r"^(currency|ccy|cur|curr|currency code)$"),
    (
        Field.CATEGORY,
        r"^(category|cost category|cost type|service category|charge type|"
        r"fee type|group)$",
    ),
    (
        Field.DEPLOYMENT,
        r"^(billing|billing model|billing type|pricing model|pricing type|"
        r"commitment|commitment type|deployment|deployment model|purchase type|"
        r"payment model|payment terms|offer type|contract type|plan|purchase option|"
        r"consumption model|service model|model|procurement model|capacity type)$",
    ),
    (
        Field.LINE_TOTAL,
        r"^(line |extended |ext |total |grand )?(total|amount|extended price|"
        r"ext price)( price| cost| amount| value)?\b|^total\b|^amount\b|"
        r"^extended\b|\btotal (price|cost|value|amount)\b|\btotal$",
    ),
    (
        Field.PRICE,
        r"^(monthly |annual |yearly |hourly )?(recurring|one time|one off|onetime|"
        r"non recurring|mrc|nrc|upfront|setup)( charges?| fees?| costs?| prices?| amount)?"
        r"( (usd|eur|gbp|cny|rmb|jpy|chf|sek|nok|dkk|\$|€|£|¥))?$|"
        r"^(usd|eur|gbp|cny|rmb|jpy|chf|\$|€|£|¥)( per\b|$)|"
        r"\b(price|pricing|rate|cost|fee|charge|tariff|prix|preis|precio)s?\b|"
        r"^(net|unit|our|offer|your|discounted|special|contract) (price|rate|cost)|"
        r"\$ ?/ ?(hr|h|hour|month)|^usd$|^eur$|^amount per",
    ),
    (
        Field.ACCELERATOR,
        r"^(gpu|accelerator|chip|card|xpu|npu|tpu)( sku| type| model| name|"
        r" kind| family| part| product)?$|^(gpu|accelerator) ?/ ?accelerator|"
        r"^(sku|part) ?(gpu|accelerator)|^hardware( type| model)?$|"
        r"^accelerator\b|\bgpu (sku|type|model)\b",
    ),
    (
        Field.QUANTITY,
        r"^(qty|quantity|units|unit count|count|number of units|volume|no of units|"
        r"amount of units|pcs|pieces)$",
    ),
    (
        Field.TERM_MONTHS,
        r"^(term|contract length|contract term|commitment term|commitment length|"
        r"commitment period|duration|contract duration|term length|length|"
        r"period|contract period|minimum term)( in)?( months?| mos?| years?)?$|"
        r"^term months$|^months$",
    ),
    (Field.KIND, r"^(type|line type|kind|line kind|item type)$"),
    (
        Field.TIER,
        r"^(tier|service tier|capacity tier|class|service class|priority class|"
        r"capacity class|sla tier|priority)$",
    ),
    (
        Field.REGION,
        r"^(region|site|location|availability zone|az|data ?cent(er|re)|dc|zone|"
        r"facility|city|cloud region|delivery location|metro|campus)( name| code)?$",
    ),
    (Field.COUNTRY, r"^(country|country code|jurisdiction|nation|country of operation)$"),
    (
        Field.DESCRIPTION,
        r"^(description|item|line item|product|service|offering|item description|"
        r"details|name|item name|product name|service name|configuration|"
        r"config|instance|instance type|instance name|sku|product description|"
        r"node type|server type|machine type|system type|node configuration|"
        r"server model|system|server|model|"
        r"service description|offer|package|bundle|what)( description)?$|"
        r"\bdescription\b",
    ),
    (Field.VENDOR, r"^(vendor|supplier|provider|seller|company)( name)?$"),
    (Field.QUOTE_REF, r"^(quote|quotation|offer|proposal) ?(ref|reference|number|no|id)$"),
    (Field.QUOTE_DATE, r"^(quote|quotation|offer) date$"),
    (Field.VALID_UNTIL, r"^(valid until|validity|expires?|expiry|valid to|expiration)( date)?$"),
)
_COMPILED = tuple((field_, re.compile(pattern)) for field_, pattern in _RULES)

_DESCRIPTION_PREFERENCE = (
    re.compile(r"\bdescription\b"),
    re.compile(r"\b(item|product|service|offering|name)\b"),
    re.compile(r"."),
)

_PRICE_PREFERENCE = (
    re.compile(r"\b(net|our|offer|your|discounted|special|contract|final|proposed)\b"),
    re.compile(r"\bunit (price|cost|rate)\b"),
    re.compile(r"."),
)


@dataclass(frozen=True, slots=True)
class HeaderMatch:
    """What a header says: the field, and any unit or currency it names."""

    field: Field
    unit: UnitHint | None = None
    currency: str | None = None


def match_header(text: object) -> HeaderMatch | None:
    """The canonical field a header names, with the unit and currency in it, or None.

    ``"Hourly rate (USD)"`` → price per hour in USD; ``"Price (EUR/node/month)"`` → price
    per node-month in EUR; ``"GPU SKU"`` → accelerator; ``"Instance GPUs"`` →
    accelerators per node.
    """
    if is_blank(text) or not isinstance(text, str):
        return None
    key = normalise_header(text)
    if not key or len(key) > 80:
        return None
    for field_, pattern in _COMPILED:
        if pattern.search(key):
            unit = currency = None
            if field_ in (Field.PRICE, Field.LINE_TOTAL):
                unit = _header_unit(text)
                code, _ = currency_in_text(text)
                currency = code if code not in ("$", "¥") else ("USD" if code == "$" else None)
            return HeaderMatch(field_, unit, currency)
    return None


def _header_unit(text: str) -> UnitHint | None:
    """The unit a price header states; "Unit price" alone states none."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    folded = re.sub(r"\bunit (price|cost|rate)\b", " ", folded)
    return parse_unit_text(folded)


class MappingSource(StrEnum):
    """How a column's field was decided."""

    HEADER = "header"
    CONTENT = "content"
    PROFILE = "profile"
    OVERRIDE = "override"


@dataclass(frozen=True, slots=True)
class MappedColumn:
    """One column of the table and the field it feeds (None: not imported)."""

    index: int
    header: str
    field: Field | None
    source: MappingSource = MappingSource.HEADER
    unit: UnitHint | None = None
    currency: str | None = None

    @property
    def letter(self) -> str:
        """The column's spreadsheet letters (``D``)."""
        return column_letters(self.index + 1)


@dataclass(frozen=True, slots=True)
class ColumnMapping:
    """The columns of one sheet's table and the canonical field each feeds.

    Attributes:
        sheet: the sheet's name.
        header_row: the 0-based row holding the headers.
        columns: every column with a header or data, in order.
        decimal_mark: the vendor's decimal mark, when known (from a profile, a flag
            or cells written unambiguously).
        currency: the currency of the table when the headers or a flag state one.
    """

    sheet: str
    header_row: int
    columns: tuple[MappedColumn, ...]
    decimal_mark: DecimalMark | None = None
    currency: str | None = None
    _by_field: dict[Field, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        index: dict[Field, int] = {}
        for column in self.columns:
            if column.field is not None and column.field not in (Field.IGNORE, Field.DETAILS):
                index.setdefault(column.field, column.index)
        object.__setattr__(self, "_by_field", index)

    def price_columns(self) -> list[MappedColumn]:
        """Every column kept as a price (a monthly and a one-time column give two lines)."""
        return [column for column in self.columns if column.field is Field.PRICE]

    def detail_columns(self) -> list[MappedColumn]:
        """Columns of extra text about a line."""
        return [column for column in self.columns if column.field is Field.DETAILS]

    def column_for(self, wanted: Field) -> int | None:
        """The 0-based column feeding a field, or None."""
        return self._by_field.get(wanted)

    def mapped(self, wanted: Field) -> MappedColumn | None:
        """The column feeding a field, or None."""
        index = self._by_field.get(wanted)
        return None if index is None else self.columns_by_index()[index]

    def columns_by_index(self) -> dict[int, MappedColumn]:
        """Columns keyed by their 0-based index."""
        return {column.index: column for column in self.columns}

    @property
    def fields(self) -> dict[str, str]:
        """Header → field name for every mapped column (for display and JSON)."""
        return {
            (column.header or column.letter): column.field.value
            for column in self.columns
            if column.field is not None
        }

    def to_profile(self) -> dict[str, Any]:
        """The mapping as a per-vendor profile: plain JSON values, keyed by normalised header."""
        return {
            "version": PROFILE_VERSION,
            "columns": {
                normalise_header(column.header): column.field.value
                for column in self.columns
                if column.header and column.field is not None
            },
            "decimal_mark": self.decimal_mark.value if self.decimal_mark else None,
            "currency": self.currency,
        }


@dataclass(frozen=True, slots=True)
class Override:
    """A user's instruction that a column (by header text or letters) feeds a field."""

    column: str
    field: Field


def parse_override(spec: str) -> Override:
    """Parse ``"Our price=price"`` or ``"D=ignore"`` into an :class:`Override`.

    Raises:
        UsageError: the text has no ``=`` or names no known field.
    """
    column, sep, name = spec.rpartition("=")
    name = name.strip().lower().replace("-", "_").replace(" ", "_")
    if not sep or not column.strip():
        raise UsageError(f'--map needs HEADER=field, for example "Our price=price" (got {spec!r})')
    if name not in FIELD_NAMES:
        raise UsageError(
            f"--map {spec!r}: unknown field {name!r}; use one of " + ", ".join(sorted(FIELD_NAMES))
        )
    return Override(column.strip(), Field(name))


def _profile_fields(profile: Mapping[str, Any] | None) -> dict[str, Field]:
    if not profile:
        return {}
    columns = profile.get("columns", {})
    if not isinstance(columns, Mapping):
        return {}
    found: dict[str, Field] = {}
    for header, name in columns.items():
        if isinstance(name, str) and name in FIELD_NAMES:
            found[normalise_header(header)] = Field(name)
    return found


def profile_decimal_mark(profile: Mapping[str, Any] | None) -> DecimalMark | None:
    """The decimal mark a saved profile records, if any."""
    if not profile:
        return None
    value = profile.get("decimal_mark")
    return DecimalMark(value) if value in ("point", "comma") else None


def profile_currency(profile: Mapping[str, Any] | None) -> str | None:
    """The currency a saved profile records, if any."""
    if not profile:
        return None
    value = profile.get("currency")
    return value if isinstance(value, str) and len(value) == 3 else None


def build_mapping(
    sheet: str,
    header_row: int,
    headers: Sequence[CellValue],
    sample_rows: Iterable[Sequence[CellValue]],
    catalogue: Catalogue,
    *,
    overrides: Sequence[Override] = (),
    profile: Mapping[str, Any] | None = None,
    width: int | None = None,
) -> ColumnMapping:
    """Decide which column feeds which field.

    Order of precedence for each column: the user's overrides, the vendor's saved
    profile, the header synonyms, then content sniffing for fields still unmapped.
    When several columns claim the price, the one that reads as the vendor's offer
    ("Net price", "Our price", "Unit price") wins and the others are not imported.

    Args:
        sheet: the sheet's name.
        header_row: the 0-based row of the headers.
        headers: the header cells (merged header cells already filled in).
        sample_rows: some data rows, for content sniffing.
        catalogue: accelerator names for sniffing.
        overrides: the user's explicit column → field instructions.
        profile: the vendor's saved profile.
        width: how many columns to consider (defaults to the widest of headers/samples).
    """
    samples = [list(row) for row in sample_rows]
    total = width or max([len(headers), *(len(row) for row in samples)], default=0)
    saved = _profile_fields(profile)
    header_texts = [
        "" if is_blank(h) else " ".join(str(h).split())
        for h in list(headers) + [None] * (total - len(headers))
    ]
    columns: list[MappedColumn] = []
    for index in range(total):
        text = header_texts[index]
        column = MappedColumn(index, text, None)
        match = match_header(text) if text else None
        if match is not None:
            column = MappedColumn(
                index, text, match.field, MappingSource.HEADER, match.unit, match.currency
            )
        key = normalise_header(text) if text else ""
        if key and key in saved:
            unit = match.unit if match else None
            currency = match.currency if match else None
            column = MappedColumn(index, text, saved[key], MappingSource.PROFILE, unit, currency)
        columns.append(column)

    for override in overrides:
        target = _find_column(override.column, header_texts)
        if target is None:
            raise UsageError(
                f"--map {override.column}={override.field.value}: sheet '{sheet}' has no column "
                f"headed {override.column!r}; its headers are: "
                + ", ".join(repr(h) for h in header_texts if h)
            )
        previous = columns[target]
        unit = _header_unit(previous.header) if previous.header else None
        currency, _ = currency_in_text(previous.header) if previous.header else (None, None)
        columns[target] = MappedColumn(
            target,
            previous.header,
            override.field,
            MappingSource.OVERRIDE,
            unit,
            currency if currency not in ("$", "¥") else None,
        )
        for index, other in enumerate(columns):
            if (
                index != target
                and other.field is override.field
                and (other.source is not MappingSource.OVERRIDE)
            ):
                columns[index] = replace(other, field=None)

    _settle_duplicates(columns)
    _sniff_content(columns, samples, catalogue)
    _fix_accelerator_counts(columns, samples, catalogue)
    header_currencies = {c.currency for c in columns if c.field is Field.PRICE and c.currency}
    currency = profile_currency(profile) or (
        next(iter(header_currencies)) if len(header_currencies) == 1 else None
    )
    return ColumnMapping(sheet, header_row, tuple(columns), profile_decimal_mark(profile), currency)


def _find_column(wanted: str, headers: Sequence[str]) -> int | None:
    key = normalise_header(wanted)
    for index, header in enumerate(headers):
        if header and normalise_header(header) == key:
            return index
    if re.fullmatch(r"[A-Za-z]{1,3}", wanted.strip()):
        index = column_number(wanted.strip()) - 1
        return index if index < len(headers) else None
    return None


def _rank(patterns: Sequence[re.Pattern[str]], header: str) -> int:
    key = normalise_header(header)
    return next(rank for rank, pattern in enumerate(patterns) if pattern.search(key))


def _price_class(column: MappedColumn) -> str:
    """Recurring, one-off or unknown: price columns of different classes are all kept."""
    period = column.unit.period if column.unit else None
    if period is None:
        return "unknown"
    return "once" if period is Period.ONCE else "recurring"


def _settle_duplicates(columns: list[MappedColumn]) -> None:
    """Keep one column per field, with two exceptions.

    Price columns for different kinds of charge (a monthly and a one-time column) are
    all kept: each gives its own line. Among price columns of the same kind the one
    that reads as the vendor's offer ("Net price", "Our price", "Unit price") wins over
    list prices. A second description column becomes details.
    """
    by_field: dict[Field, list[int]] = {}
    for index, column in enumerate(columns):
        if column.field is not None and column.field not in (Field.IGNORE, Field.DETAILS):
            by_field.setdefault(column.field, []).append(index)
    for field_, indexes in by_field.items():
        if len(indexes) < 2:
            continue
        overridden = [i for i in indexes if columns[i].source is MappingSource.OVERRIDE]
        groups: list[list[int]] = [indexes]
        if field_ is Field.PRICE and not overridden:
            classes: dict[str, list[int]] = {}
            for i in indexes:
                classes.setdefault(_price_class(columns[i]), []).append(i)
            if "recurring" in classes and "once" in classes:
                groups = [classes["recurring"], classes["once"], classes.get("unknown", [])]
        for group in groups:
            if not group:
                continue
            if overridden:
                keep = overridden[0]
            elif field_ is Field.PRICE:
                keep = min(group, key=lambda i: (_rank(_PRICE_PREFERENCE, columns[i].header), i))
            elif field_ is Field.DESCRIPTION:
                keep = min(
                    group, key=lambda i: (_rank(_DESCRIPTION_PREFERENCE, columns[i].header), i)
                )
            else:
                keep = group[0]
            for index in group:
                if index != keep:
                    loser = Field.DETAILS if field_ is Field.DESCRIPTION else Field.IGNORE
                    columns[index] = replace(columns[index], field=loser)
            if field_ is Field.PRICE and len(groups) > 1 and group is groups[-1]:
                for index in group:
                    columns[index] = replace(columns[index], field=Field.IGNORE)


def _values(samples: Sequence[Sequence[CellValue]], index: int) -> list[CellValue]:
    return [row[index] for row in samples if index < len(row) and not is_blank(row[index])]


_REGION_CODE = re.compile(
    r"^(?:[a-z]{2}-[a-z]+-\d|[a-z]+-[a-z]+\d|(?:east|west|north|south|central)[a-z]*\d*|"
    r"[a-z]{2,}(?:east|west|north|south|central)\d*)$"
)


def _sniff_content(
    columns: list[MappedColumn], samples: Sequence[Sequence[CellValue]], catalogue: Catalogue
) -> None:
    """Give unmapped columns a field their contents clearly show, if that field is unclaimed."""
    claimed = {c.field for c in columns if c.field is not None}
    for index, column in enumerate(columns):
        if column.field is not None:
            continue
        values = _values(samples, index)[:50]
        if len(values) < 1:
            continue

        def share(test: Any, values: list[CellValue] = values) -> float:
            return sum(1 for value in values if test(value)) / len(values)

        guess: Field | None = None
        if (
            Field.ACCELERATOR not in claimed
            and share(lambda v: isinstance(v, str) and catalogue.resolve(v) is not None) >= 0.6
        ):
            guess = Field.ACCELERATOR
        elif (
            Field.PRICE not in claimed
            and share(
                lambda v: (
                    isinstance(v, str)
                    and currency_in_text(v)[0] is not None
                    and parse_money(v)[0] is not None
                )
            )
            >= 0.6
        ):
            guess = Field.PRICE
        elif (
            Field.REGION not in claimed
            and share(lambda v: isinstance(v, str) and bool(_REGION_CODE.match(v.strip().lower())))
            >= 0.6
        ):
            guess = Field.REGION
        elif (
            Field.DEPLOYMENT not in claimed
            and share(
                lambda v: (
                    isinstance(v, str) and not v.strip().isdigit() and parse_terms(v)[0] is not None
                )
            )
            >= 0.6
        ):
            guess = Field.DEPLOYMENT
        elif (
            Field.DESCRIPTION not in claimed
            and column.header == ""
            and share(lambda v: isinstance(v, str) and len(v) > 3) >= 0.8
        ):
            guess = Field.DESCRIPTION
        if guess is not None:
            columns[index] = replace(column, field=guess, source=MappingSource.CONTENT)
            claimed.add(guess)


def _fix_accelerator_counts(
    columns: list[MappedColumn], samples: Sequence[Sequence[CellValue]], catalogue: Catalogue
) -> None:
    """A column headed like an accelerator but holding whole numbers is a count."""
    for index, column in enumerate(columns):
        if column.field is not Field.ACCELERATOR or column.source is MappingSource.OVERRIDE:
            continue
        values = _values(samples, index)
        numeric = [
            v
            for v in values
            if isinstance(v, int | float) or (isinstance(v, str) and v.strip().isdigit())
        ]
        if values and len(numeric) == len(values):
            taken = {c.field for c in columns}
            target = (
                Field.ACCELERATOR_COUNT if Field.ACCELERATOR_COUNT not in taken else (Field.IGNORE)
            )
            columns[index] = replace(column, field=target, source=MappingSource.CONTENT)
