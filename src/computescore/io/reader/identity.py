"""What a row of a table is: the accelerator it names and its size, a cost, or an
instance without accelerators.

The accelerator comes from its own column, else from the description or the detail
texts, through the catalogue's aliases; the row's other cells may then settle what the
name leaves open: a memory column the variant ("8x A100 SXM" with 80 GB), a price per
GPU beside the price per instance the instance's size. Words in the accelerator's column
that name a service, a storage or licence product, or a CPU instance make a cost line,
or a row left out (see :func:`cpu_instance`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from computescore.domain.catalog import AliasMatch
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import LineKind
from computescore.io.accelerators import sized_by_details, variant_by_memory
from computescore.io.cell_kinds import filled as _filled
from computescore.io.cell_kinds import says_nought
from computescore.io.mapping import ColumnMapping, Field
from computescore.io.reader.lines import _amount, _LineBuilder
from computescore.io.table_finder import TableRow
from computescore.io.values import (
    Basis,
    is_blank,
    looks_like_accelerator,
    names_a_cost,
    names_a_service,
    names_cpu_instance,
    normalise_text,
    parse_kind,
    parse_unit_text,
    resolve_accelerator,
)
from computescore.io.workbook import CellValue


def identify(
    builder: _LineBuilder,
    row: TableRow,
    values: Sequence[CellValue],
    desc_text: str,
    problems: list[Problem],
) -> tuple[AliasMatch | None, LineKind]:
    """The accelerator a row names (with its size), and whether it is compute or a cost."""
    stated_kind = None
    kind_value = builder.get(Field.KIND)
    if kind_value is not None:
        found = builder.c_kind.get(kind_value)
        if found is None:
            found = builder.c_kind[kind_value] = parse_kind(kind_value)
        stated_kind, problem = found
        if problem:
            problems.append(replace(problem, source=builder.at(row, builder.columns[Field.KIND])))
    match: AliasMatch | None = None
    if Field.ACCELERATOR in builder.columns:
        named = _from_column(builder, row, desc_text, problems)
        if named is not None:
            return None, named
        match = _sized_by_description(builder, _column_match(builder), desc_text)
    elif stated_kind != "cost":
        match = _from_words(builder, row, values, desc_text, stated_kind, problems)
    if stated_kind == "cost":
        return None, LineKind.COST
    if match is not None and builder.memory_column is not None:
        match = sized_by_memory(builder, match, values)
    if match is not None and builder.gpu_price_column is not None:
        match = sized_by_prices(builder, row, values, match, problems)
    return match, (LineKind.COMPUTE if match is not None else LineKind.COST)


def _column_match(builder: _LineBuilder) -> AliasMatch | None:
    """What the accelerator's column names on this row (cached per value)."""
    value = builder.get(Field.ACCELERATOR)
    if value is None:
        return None
    resolved = builder.c_acc.get(value)
    if resolved is None:
        resolved = builder.c_acc[value] = resolve_column_value(builder, value)
    return resolved[0]


def _from_column(
    builder: _LineBuilder, row: TableRow, desc_text: str, problems: list[Problem]
) -> LineKind | None:
    """The line's kind when the accelerator's column names no accelerator, else None.

    A service or a storage, transfer or licence product makes a cost line, with a
    warning; a CPU instance a cost line (left out in a price list, see
    :func:`cpu_instance`); any other unknown name is an error.
    """
    value = builder.get(Field.ACCELERATOR)
    if value is None:
        return None
    _column_match(builder)
    _, problem = builder.c_acc[value]
    if problem is None:
        return None
    column = builder.columns[Field.ACCELERATOR]
    if names_a_service(value) or names_a_cost(value):
        # "Managed Kubernetes control plane" among the GPUs: a service.
        problems.append(
            Problem(
                builder.at(row, column),
                "The accelerator's column names a service or a product here, not "
                "an accelerator; the line was read as a cost line",
                Severity.WARNING,
                str(value),
                "an accelerator, or a cost line's words in a description column",
            )
        )
        return LineKind.COST
    if names_cpu_instance(value):
        return LineKind.COST  # a CPU instance: see cpu_instance()
    problems.append(replace(problem, source=builder.at(row, column)))
    return LineKind.COMPUTE


def _sized_by_description(
    builder: _LineBuilder, match: AliasMatch | None, desc_text: str
) -> AliasMatch | None:
    """The column's accelerator, with the node size its description states when the
    column states none ("H100" beside "HGX H100 8-GPU")."""
    if (
        match is not None
        and match.per_node is None
        and desc_text
        and builder.get(Field.ACCELERATORS_PER_NODE) is None
    ):
        from_description = builder.r.resolver.resolve(desc_text)
        if from_description is not None and from_description.accelerator_id == match.accelerator_id:
            return from_description
    return match


def _from_words(
    builder: _LineBuilder,
    row: TableRow,
    values: Sequence[CellValue],
    desc_text: str,
    stated_kind: str | None,
    problems: list[Problem],
) -> AliasMatch | None:
    """The accelerator the description or the detail texts name, with what is told when
    none is named."""
    texts = [desc_text, *builder._detail_texts(values)]
    match = None
    for text in texts:
        if text:
            match = builder.r.resolver.resolve(text)
            if match is not None:
                break
    match = sized_by_details(match, texts[1:], builder.r.resolver.resolve)
    if match is None and stated_kind == "compute":
        problems.append(
            Problem(
                builder.source(row),
                "The line is marked as compute but names no accelerator the catalogue knows",
                Severity.ERROR,
                desc_text,
                "an accelerator name",
            )
        )
    elif match is None and looks_like_accelerator(desc_text):
        closest = builder.r.catalogue.closest(desc_text)
        problems.append(
            Problem(
                builder.source(row),
                "The description sounds like an accelerator the catalogue does not "
                "know; the line was imported as a cost line"
                + (f" (closest catalogue entries: {', '.join(closest)})" if closest else ""),
                Severity.WARNING,
                desc_text,
                "an accelerator in the catalogue",
            )
        )
    return match


def gpu_price_column(builder: _LineBuilder, mapping: ColumnMapping) -> int | None:
    """A column of prices per GPU left unread beside the one price read per instance
    (None when the price read is per GPU, or there is none): see :func:`sized_by_prices`."""
    if len(builder.prices) != 1:
        return None
    read = builder.prices[0]
    if read.unit is not None and read.unit.basis is Basis.GPU:
        return None
    for column in mapping.columns:
        if column.field is Field.IGNORE and column is not read:
            hint = parse_unit_text(column.header)
            if hint is not None and hint.basis is Basis.GPU:
                return column.index
    return None


def sized_by_prices(
    builder: _LineBuilder,
    row: TableRow,
    values: Sequence[CellValue],
    match: AliasMatch,
    problems: list[Problem],
) -> AliasMatch:
    """The instance's size from its price and its price per GPU, where the name's
    differs or is missing ("GB200 NVL72" at $42.00 an instance and $10.50 a GPU is an
    instance of 4, not a rack of 72)."""
    index = builder.gpu_price_column
    read = builder.prices[0]
    cells = [values[i] if i < len(values) else None for i in (read.index, index or 0)]
    amounts = [builder.money(c, None)[0] if _filled(c) is not None else None for c in cells]
    whole, per_gpu = (a.amount if a is not None else None for a in amounts)
    if index is None or whole is None or per_gpu is None or per_gpu <= 0 or whole <= 0:
        return match
    ratio = whole / per_gpu
    size = int(ratio.to_integral_value())
    if not 1 <= size <= 72 or abs(ratio - size) > Decimal("0.01") * size:
        return match
    if match.per_node == size:
        return match
    if match.per_node is not None:
        problems.append(
            Problem(
                builder.at(row, index),
                f"The instance holds {size} accelerators by its two prices "
                f"({_amount(whole)} an instance ÷ {_amount(per_gpu)} a GPU), not the "
                f"{match.per_node} its name counts; {size} was taken",
                Severity.WARNING,
                str(cells[1]),
                "the instance's accelerators in a column of their own",
            )
        )
    return replace(match, per_node=size)


def cpu_instance(builder: _LineBuilder, values: Sequence[CellValue], desc_text: str) -> str | None:
    """The CPU instance (no accelerators) a line names in its words, or whose count of
    accelerators is nought ("POP2-HC-32C-64G | – | 0 GPUs"); None otherwise."""
    # The detail texts speak for the line only where no accelerator column does (as
    # the short path reads them).
    details = [] if Field.ACCELERATOR in builder.columns else builder._detail_texts(values)
    texts = [desc_text, builder.get(Field.ACCELERATOR), *details]
    named = next((found for t in texts if (found := names_cpu_instance(t))), None)
    if named is None and counts_no_accelerators(builder):
        named = next((str(t).strip() for t in texts if not is_blank(t)), None) or "0 GPUs"
    return named


def counts_no_accelerators(builder: _LineBuilder) -> bool:
    """True when the row's count of accelerators (per instance, or in all) says nought."""
    return says_nought(builder.get(Field.ACCELERATORS_PER_NODE)) or says_nought(
        builder.get(Field.ACCELERATOR_COUNT)
    )


def sized_by_memory(
    builder: _LineBuilder, match: AliasMatch, values: Sequence[CellValue]
) -> AliasMatch:
    """The variant of ``match`` whose memory the row's memory column states."""
    index = builder.memory_column
    cell = values[index] if index is not None and index < len(values) else None
    key = (match, cell)
    found = builder.c_memory.get(key)
    if found is None:
        found = builder.c_memory[key] = variant_by_memory(
            match,
            cell,
            builder.r.resolver.resolve,
            lambda accelerator_id: _memory_of(builder, accelerator_id),
        )
    return found


def _memory_of(builder: _LineBuilder, accelerator_id: str) -> float | None:
    accelerator = builder.r.catalogue.accelerators.get(accelerator_id)
    return None if accelerator is None else accelerator.memory_gb


def resolve_column_value(
    builder: _LineBuilder, value: CellValue
) -> tuple[AliasMatch | None, Problem | None]:
    match = builder.r.resolver.resolve(normalise_text(value))
    if match is not None:
        return match, None
    return resolve_accelerator(value, builder.r.catalogue)
