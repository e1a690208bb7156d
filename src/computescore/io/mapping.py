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
from computescore.domain.quotes import CostCategory, Deployment
from computescore.errors import UsageError
from computescore.io import header_words
from computescore.io.cell_kinds import (
    counted_in_words,
    is_amount,
    is_billing,
    is_count,
    is_name,
    is_term,
    is_unit,
    refuting_words,
    stated_share,
    term_like,
    unpriced,
)
from computescore.io.column_options import (
    REGION_CODE,
    ColumnOption,
    accelerator_named,
    column_option,
)
from computescore.io.fields import FIELD_NAMES as FIELD_NAMES
from computescore.io.fields import Field as Field
from computescore.io.header_text import NOT_CJK, NOT_LATIN
from computescore.io.header_text import normalise_header as normalise_header
from computescore.io.header_text import per_node_in_header as per_node_in_header
from computescore.io.header_text import strip_accents as strip_accents
from computescore.io.overrides import (
    Override,
    profile_currency,
    profile_decimal_mark,
    profile_fields,
)
from computescore.io.values import (
    AMBIGUOUS_MARKS,
    ISO_CURRENCIES,
    DecimalMark,
    Period,
    UnitHint,
    categorise_cost,
    currency_in_text,
    is_blank,
    parse_kind,
    parse_money,
    parse_terms,
    parse_unit_text,
)
from computescore.io.values.vat import includes_vat
from computescore.io.workbook import CellValue, column_letters, column_number

PROFILE_VERSION = 1


_DISCOUNT_HEADER = re.compile(
    r"^(discount|disc|korting|rabatt|remise|descuento|sconto)( percent| pct| in percent)$"
)
"""A column of discounts in percent off each line's price (headers folded)."""


def headers_in_english(headers: Sequence[str]) -> bool:
    """True when two or more headers name fields in English and none in another
    language ("Qty", "Description", "MRC (USD)"; not "Menge" or "Prix unitaire")."""
    english = 0
    for header in headers:
        keys = _header_keys(normalise_header(header))
        if any(p.search(key) for key in keys for _, p in _ENGLISH):
            english += 1
        elif any(p.search(key) for key in keys for _, p in _OTHER_LANGUAGES):
            return False
    return english >= 2


def _compile(rules: tuple[tuple[str, str], ...]) -> tuple[tuple[Field, re.Pattern[str]], ...]:
    # Patterns are folded like headers, so a kana with a voicing mark matches itself.
    return tuple((Field(name), re.compile(strip_accents(pattern))) for name, pattern in rules)


_ENGLISH = _compile(header_words.ENGLISH)
_OTHER_LANGUAGES = _compile(header_words.OTHER_LANGUAGES)


# A currency code at a header's end ("Monthly total (USD)": "monthly total usd", "Unit
# price INR"); not the codes that are English words too ("try", "pen", "mad").
_CURRENCY_AFTER = re.compile(
    r" ("
    + "|".join(sorted(c.casefold() for c in ISO_CURRENCIES - {"TRY", "PEN", "MAD"}))
    + r"|rmb)$"
)


def _header_keys(key: str) -> tuple[str, ...]:
    """The header whole, then its Latin part and its CJK part (``数量 Qty``), then without
    a currency code at its end."""
    latin = " ".join(NOT_LATIN.sub(" ", key).split())
    cjk = " ".join(NOT_CJK.sub(" ", key).split())
    bare = _CURRENCY_AFTER.sub("", key)
    return tuple(dict.fromkeys(k for k in (key, latin, cjk, bare) if k))


def header_fields(text: object) -> tuple[Field, ...]:
    """Every field a header's words could name, the likeliest first.

    ``"Instances"`` → (nodes,); ``"Menge"`` → (quantity,); ``"单价(元)"`` → (price,).
    The first is the header's reading; the others are tried when the column's values
    contradict it.
    """
    if is_blank(text) or not isinstance(text, str):
        return ()
    key = normalise_header(text)
    if not key or len(key) > 80:
        return ()
    found: list[Field] = []
    for candidate in _header_keys(key):
        for rules in (_ENGLISH, _OTHER_LANGUAGES):
            found.extend(field_ for field_, pattern in rules if pattern.search(candidate))
    return tuple(dict.fromkeys(found))


_DESCRIPTION_PREFERENCE = (
    # A cloud's SKU export: "SKU description" names the line, "Service description" the cloud.
    re.compile(r"\b(sku|item|line|product|price) description\b"),
    re.compile(r"\bdescription\b"),
    re.compile(r"\b(item|product|service|offering|name)\b"),
    # a name before a part number: 品名 before 型番, 名称 before 型号, Bezeichnung before
    # Artikelnummer
    re.compile(
        r"bezeichnung|beschreibung|designation|libelle|descripcion|descrizione|omschrijving|"
        r"品名|名称|製品名|商品名|品目|描述|产品名|품명|제품명"
    ),
    re.compile(r"."),
)

_GROSS = re.compile(r"(?i)\b(gross|brutto)\b")
"""A gross price column: with VAT, or the list price before the discount."""

_PRICE_PREFERENCE = (
    re.compile(
        r"\b(net|netto|our|offer|your|discounted|special|contract|final|proposed|private|"
        r"negotiated|agreed)\b"
    ),
    re.compile(r"\bunit (price|cost|rate)\b"),
    re.compile(r"^(?!.*usd per gpu hour)"),
    re.compile(r"."),  # a column converted to USD per GPU-hour is the last choice
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
    fields = header_fields(text)
    if not fields or not isinstance(text, str):
        return None
    field_ = fields[0]
    unit = currency = None
    if field_ in (Field.PRICE, Field.LINE_TOTAL):
        unit = _header_unit(text)
        code, _ = currency_in_text(text)
        currency = code if code not in AMBIGUOUS_MARKS else ("USD" if code == "$" else None)
    return HeaderMatch(field_, unit, currency)


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
    reason: str = ""
    """Why the column feeds its field, in words, when the header alone does not say it
    (the values contradicted the header, or the values decided an unlabelled column)."""
    option: ColumnOption | None = None
    """For one of several price columns that are options of the same line (a wide layout)."""

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
        continues: for a table carried over from the page before without its header,
            the page whose header it stands under (``header_row`` is then the row above
            its first line).
        option: one of several alternatives side by side on a sheet: its banner.
        option_terms: the deployment and term the banner states, for lines stating none.
        samples: the table's first lines, as text.
        place, header_cells: for a table put in shape from cells laid out otherwise,
            where it stands in words and where each column's header is read from.
    """

    sheet: str
    header_row: int
    columns: tuple[MappedColumn, ...]
    decimal_mark: DecimalMark | None = None
    currency: str | None = None
    continues: str | None = None
    option: str | None = None
    option_terms: tuple[Deployment | None, int | None] | None = None
    samples: tuple[tuple[str, ...], ...] = field(default=(), compare=False)
    """The table's first lines as the import wizard shows them beside its columns
    (cell values as text), read from the table itself: an alternative's own values."""
    place: str | None = None
    """Where the table stands, in words, when it was put in shape from cells laid out
    otherwise (an option of a comparison read as columns)."""
    header_cells: Mapping[int, str] = field(default_factory=dict, compare=False)
    """Then the cell each column's header is read from (``A7``), by column."""
    _by_field: dict[Field, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def header_place(self) -> str:
        """Where the table's headers stand, in words: "headers on row 5", or the page a
        table carried over without its header continues."""
        if self.continues is not None:
            return f"continues the table of {self.continues} (its header not repeated)"
        if self.place is not None:
            return self.place
        place = f"headers on row {self.header_row + 1}"
        if self.option is not None and self.columns:
            first = next((c for c in self.columns if c.header), self.columns[0])
            place += f" from column {first.letter} ({self.option})"
        return place

    def column_place(self, column: MappedColumn) -> str:
        """Where a column's header stands: its letters, or the cell it is read from in a
        table put in shape from cells laid out otherwise."""
        return self.header_cells.get(column.index, column.letter)

    def __post_init__(self) -> None:
        index: dict[Field, int] = {}
        for column in self.columns:
            if column.field is not None and column.field not in (Field.IGNORE, Field.DETAILS):
                index.setdefault(column.field, column.index)
        object.__setattr__(self, "_by_field", index)

    def price_columns(self) -> list[MappedColumn]:
        """Every column kept as a price (a monthly and a one-time column give two lines)."""
        return [column for column in self.columns if column.field is Field.PRICE]

    def fee_columns(self) -> frozenset[int]:
        """One-off price columns beside another price (a fee to set up): a charge of their
        own, not what the line total adds up, and no line where the fee is nil."""
        prices = self.price_columns()
        return frozenset(
            c.index
            for c in prices
            if len(prices) > 1 and c.unit is not None and c.unit.period is Period.ONCE
        )

    def discount_column(self) -> MappedColumn | None:
        """The column of discounts in percent off each line's price ("Korting %"): prices
        are taken net of it."""
        return next(
            (c for c in self.columns if _DISCOUNT_HEADER.match(normalise_header(c.header))), None
        )

    def header_per_node(self) -> int | None:
        """The node size the count of nodes states in its header ("Nodes (8 GPU each)")."""
        nodes = self.mapped(Field.NODES)
        return per_node_in_header(nodes.header) if nodes is not None else None

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
    saved = profile_fields(profile)
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
            currency if currency not in AMBIGUOUS_MARKS else None,
        )
        for index, other in enumerate(columns):
            if (
                index != target
                and other.field is override.field
                and (other.source is not MappingSource.OVERRIDE)
            ):
                columns[index] = replace(other, field=None)

    _confirm_by_values(columns, samples, catalogue)
    _find_option_columns(columns, samples, catalogue)
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
    all kept: each gives its own line. Among price columns of the same kind a price
    without VAT wins over one that includes it, then the one that reads as the vendor's
    offer ("Net price", "Our price", "Unit price") over list prices. A second
    description column becomes details.
    """
    by_field: dict[Field, list[int]] = {}
    for index, column in enumerate(columns):
        if column.option is not None:
            continue  # every option of a wide layout gives its own line
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
            elif (
                "unknown" in classes
                and "once" in classes
                and all(
                    categorise_cost(columns[i].header) is CostCategory.INSTALLATION
                    for i in classes["once"]
                )
            ):
                # "Prix unitaire HT" beside "Frais de mise en service HT": a fee to set
                # up is a charge of its own, whatever the price beside it is per.
                groups = [classes["unknown"], classes["once"], []]
        for group in groups:
            if not group:
                continue
            if overridden:
                keep = overridden[0]
            elif field_ is Field.PRICE:
                # A price with VAT, or a gross one, loses to the same price without.
                keep = min(
                    group,
                    key=lambda i: (
                        includes_vat(columns[i].header) or bool(_GROSS.search(columns[i].header)),
                        _rank(_PRICE_PREFERENCE, columns[i].header),
                        i,
                    ),
                )
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


_REGION_CODE = REGION_CODE


_COUNT_FIELDS = frozenset(
    {Field.NODES, Field.ACCELERATOR_COUNT, Field.ACCELERATORS_PER_NODE, Field.QUANTITY}
) | {Field.MAXIMUM, Field.MINIMUM}


_AMOUNT_FIELDS = frozenset({Field.PRICE, Field.LINE_TOTAL})
ROW_TERMS = frozenset({Field.DEPLOYMENT, Field.TERM_MONTHS, Field.TIER})  # a row's own terms
_REFUTING_SHARE = 0.6
"""A header is overruled when at least this share of its column's values contradict it."""


def _values_agree(field_: Field, values: Sequence[CellValue], header: str = "") -> bool:
    """Whether a column's values are what a column of that field holds."""
    folded = normalise_header(header)
    if field_ is Field.MINIMUM and term_like(folded):
        # "Minimum commitment" over "12" or "12 months" is a term; over "64 GPUs", a count.
        return counted_in_words(values, 1 - _REFUTING_SHARE)
    if field_ in _COUNT_FIELDS:
        test = is_count
    elif field_ in _AMOUNT_FIELDS:
        test = is_amount
    elif field_ is Field.LEAD_TIME:
        # "Bereitstellung" heads delivery times as often as ways of buying ("Reserviert").
        return sum(1 for value in values if is_term(value)) < _REFUTING_SHARE * len(values)
    elif field_ in (Field.FLEX, Field.PREPAYMENT):
        shares = sum(1 for value in values if stated_share(value, folded) is not None)
        return shares >= (1 - _REFUTING_SHARE) * len(values)
    elif field_ is Field.KIND:
        # "type" heads a price list's price type ("Consumption", "Reservation") as often
        # as a line's kind: refuted when most values read as no kind.
        kinds = sum(1 for value in values if parse_kind(value)[0] is not None)
        return kinds >= (1 - _REFUTING_SHARE) * len(values)
    elif field_ is Field.DESCRIPTION and folded in ("item", "items", "line item"):
        # "Item" over 1, 2, 3 numbers the lines; the names stand in another column.
        numbers = sum(1 for value in values if isinstance(value, int | float) or is_count(value))
        return numbers < _REFUTING_SHARE * len(values)
    elif field_ is Field.DEPLOYMENT:
        # "Model" heads model names in a token API's price list: refuted only when no
        # value reads as a way of buying (a tier column mixes "Guaranteed" and "Spot"),
        # or when most are price units ("Billing" over "hourly, per node").
        if sum(map(is_unit, values)) >= _REFUTING_SHARE * len(values):
            return False
        return not any(is_name(value) for value in values) or any(map(is_billing, values))
    else:
        return True
    refuting = sum(1 for value in values if not test(value) and is_name(value))
    return refuting < _REFUTING_SHARE * len(values)


def _confirm_by_values(
    columns: list[MappedColumn], samples: Sequence[Sequence[CellValue]], catalogue: Catalogue
) -> None:
    """Overrule a header its own column contradicts, and try the next reading.

    A column headed "Instances" (a count of nodes) that holds names such as
    ``hx2.8g`` is not a count: the values win. The header's other readings are tried
    in order, then what the values show (accelerator names, else a description, else
    details about the line). The user's overrides and saved profiles are not second-guessed.
    """
    for index, column in enumerate(columns):
        if column.source is not MappingSource.HEADER or column.field is None:
            continue
        values = _values(samples, index)[:50]
        if not values or _values_agree(column.field, values, column.header):
            continue
        claimed = {c.field for i, c in enumerate(columns) if i != index and c.field is not None}
        chosen = _next_reading(column, values, claimed, catalogue)
        reason = (
            f"header “{column.header}” reads as {column.field.value.replace('_', ' ')}, "
            f"but its values {refuting_words(column.field.value, values)}"
        )
        if chosen in (None, Field.IGNORE):
            reason += "; not imported unless you map it"
        else:
            reason += f", so it feeds {chosen.value.replace('_', ' ')}"
        columns[index] = replace(
            column,
            field=chosen,
            source=MappingSource.CONTENT,
            unit=None,
            currency=None,
            reason=reason,
        )


def _next_reading(
    column: MappedColumn,
    values: Sequence[CellValue],
    claimed: set[Field],
    catalogue: Catalogue,
) -> Field | None:
    if column.field in (Field.DESCRIPTION, Field.FLEX, Field.PREPAYMENT):
        return Field.IGNORE  # "Item" over line numbers; "Prepayment" over amounts
    for candidate in header_fields(column.header)[1:]:
        usable = candidate not in claimed and candidate is not Field.IGNORE
        if usable and _values_agree(candidate, values, column.header):
            return candidate
    names = [value for value in values if isinstance(value, str)]
    known = sum(1 for value in names if catalogue.resolve(value) is not None)
    if names and known >= _REFUTING_SHARE * len(names) and Field.ACCELERATOR not in claimed:
        return Field.ACCELERATOR
    units = sum(1 for value in names if parse_unit_text(value) is not None and not is_term(value))
    units = max(units, sum(map(is_unit, names)))
    if names and units >= _REFUTING_SHARE * len(names) and Field.PRICE_UNIT not in claimed:
        return Field.PRICE_UNIT  # "Billing" over "per node-hour", not over "12-month reserved"
    billing = sum(1 for value in names if parse_terms(value)[0] is not None)
    if names and billing >= _REFUTING_SHARE * len(names) and Field.DEPLOYMENT not in claimed:
        return Field.DEPLOYMENT
    if Field.DESCRIPTION not in claimed:
        return Field.DESCRIPTION
    return Field.DETAILS


def _find_option_columns(
    columns: list[MappedColumn], samples: Sequence[Sequence[CellValue]], catalogue: Catalogue
) -> None:
    """Find tiers, regions or accelerators laid out as columns, and make each a price
    column of its own.

    Two or more columns whose headers name different deployments, terms, regions or
    accelerators, and whose values are amounts, are options of each row's line.
    Accelerators are read from headers only where no column names the accelerator and
    one names each row's terms.
    """
    fields = {column.field for column in columns}
    by_name = Field.ACCELERATOR not in fields and bool(fields & ROW_TERMS)
    found: list[tuple[int, ColumnOption]] = []
    for index, column in enumerate(columns):
        movable = column.field in (None, Field.PRICE) and column.source in (
            MappingSource.HEADER,
            MappingSource.CONTENT,
            MappingSource.PROFILE,  # a saved profile names each option column "price"
        )
        if not movable or not column.header:
            continue
        option = column_option(column.header)
        named = (
            accelerator_named(column.header, lambda text: catalogue.resolve(text) is not None)
            if by_name
            else None
        )
        if named is not None:
            option = replace(option or ColumnOption(), accelerator=named)
        # Words where a tier is not offered ("N/A", "Contact sales", "—") are no evidence.
        values = [value for value in _values(samples, index)[:50] if not unpriced(value)]
        if option is None or not values:
            continue
        if sum(1 for value in values if is_amount(value)) >= 0.8 * len(values):
            found.append((index, option))
    if len(found) < 2 or len({option for _, option in found}) < len(found):
        return
    for index, option in found:
        column = columns[index]
        unit = column.unit if column.field is Field.PRICE else _header_unit(column.header)
        if option.term_months is not None and unit is not None and unit.basis is None:
            unit = None  # "6-month" names the term, not a price per month
        if option.upfront:
            # "1-year reservation Upfront per VM": paid once per VM, not per year.
            unit = UnitHint(Period.ONCE, None if unit is None else unit.basis)
        columns[index] = replace(
            column,
            field=Field.PRICE,
            source=MappingSource.CONTENT,
            unit=unit,
            option=option,
            reason=(
                f"prices of {option.words()} (accelerators as columns): one line per row "
                "and accelerator"
                if option.accelerator is not None
                else f"an option of the line ({option.words()}): one line per option"
            ),
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
            what = f"header “{column.header}” is not known" if column.header else "has no header"
            reason = f"{what}; its values look like {guess.value.replace('_', ' ')}"
            columns[index] = replace(
                column, field=guess, source=MappingSource.CONTENT, reason=reason
            )
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
            columns[index] = replace(
                column,
                field=target,
                source=MappingSource.CONTENT,
                reason=f"header “{column.header}” names accelerators, but it holds whole numbers",
            )
