"""Importing vendor quote files into a workspace: read, validate, store all or nothing.

:func:`import_files` reads every file's cells once (checked and parsed at arm's
length, :func:`~computescore.io.isolated.read_file`) and turns them into drafts
(:func:`~computescore.io.reader.read_quote_book`), refuses the whole import when any
file is refused or any line has an error, and otherwise stores every quote of every
file in one transaction as one import batch. A quote whose vendor and reference are already
stored becomes the next revision, and the differences from the previous revision
are listed. The column mapping used is saved as the vendor's profile and applied to
the next file from that vendor. ``dry_run`` does everything except write.

The command line and the desktop app call this same function.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from computescore.collector import collector_paused
from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import (
    Deployment,
    FxRate,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    Vendor,
    VendorKind,
    sells_tokens,
)
from computescore.domain.workload import Evaluation
from computescore.errors import InputRefused
from computescore.io.preflight import ReadLimits
from computescore.io.reader import FileDraft, QuoteDraft
from computescore.io.values import DecimalMark
from computescore.services.import_read import ReadBatch, ReadOptions, read_batch
from computescore.services.json_contract import canonical_line
from computescore.services.progress import Cancelled, NullProgress, Progress
from computescore.services.revisions import describe_differences as describe_differences
from computescore.store.repository import Store, UnitOfWork, name_key

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
_CONFUSABLES = str.maketrans(
    "аеорсухкмтнвіјѕԁɡАВЕКМНОРСТХІЈЅοαρνικτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxkmthbijsdgABEKMHOPCTXIJSoapvikTuxABEZHIKMNOPTYX",
)


class ImportRefused(InputRefused):
    """An import refused because of errors in the files; nothing was written.

    ``problems`` holds every problem found, so the caller can list them.
    """

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


@dataclass(frozen=True, slots=True)
class QuoteImport:
    """One quote as imported (or, in a dry run, as it would be).

    Attributes:
        source_file: the file it came from.
        vendor: the vendor's name.
        reference: the quote reference stored.
        revision: 1 for a new quote, else the revision it became.
        quote_id: the stored id (None in a dry run).
        lines: the quote's lines.
        differences: what changed from the previous revision, in plain sentences.
        new_vendor: True when the vendor did not exist before.
    """

    source_file: str
    vendor: str
    reference: str
    revision: int
    quote_id: int | None
    lines: tuple[QuoteLine, ...]
    differences: tuple[str, ...] = ()
    new_vendor: bool = False


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did.

    Attributes:
        evaluation: the evaluation the quotes were added to.
        files: the files read.
        quotes: each quote imported (or that would be, in a dry run).
        problems: the warnings found (an import with errors is refused instead).
        dry_run: True when nothing was written.
        batch_id: the import batch (None in a dry run); undoing it removes the quotes.
        drafts: what was read from each file.
    """

    evaluation: str
    files: tuple[str, ...]
    quotes: tuple[QuoteImport, ...]
    problems: tuple[Problem, ...]
    dry_run: bool
    batch_id: int | None = None
    drafts: tuple[FileDraft, ...] = field(default=(), repr=False)
    fx_rates: tuple[FxRate, ...] = field(default=(), repr=False)
    decision_date: date | None = None
    created_evaluation: bool = False
    """True when the import created the evaluation (or would, in a dry run)."""

    @property
    def line_count(self) -> int:
        """Lines imported across all quotes."""
        return sum(len(q.lines) for q in self.quotes)

    def canonical_lines(self) -> list[dict[str, Any]]:
        """Every line as a dict with exactly the canonical field names (DOMAIN.md §6).

        ``usd_per_gpu_hour`` uses 730 h/month and the workspace's newest FX rate on or
        before the evaluation's decision date; null for one-off prices and cost lines.
        """
        lines: list[dict[str, Any]] = []
        day = self.decision_date or date.today()
        drafts = {(d.path.name, q.quote_ref): q for d in self.drafts for q in d.quotes}
        for imported in self.quotes:
            draft = drafts.get((imported.source_file, imported.reference))
            lines.extend(
                canonical_line(
                    line,
                    vendor=imported.vendor,
                    quote_ref=imported.reference,
                    quote_date=draft.quote_date if draft else None,
                    valid_until=draft.valid_until if draft else None,
                    day=day,
                    rates=self.fx_rates,
                )
                for line in imported.lines
            )
        return lines


def import_files(
    store: Store,
    files: Sequence[str | Path],
    *,
    evaluation: str | None = None,
    create_evaluation: bool = False,
    vendor: str | None = None,
    vendor_kind: VendorKind | None = None,
    sheet: str | None = None,
    overrides: Sequence[str] | Mapping[str, Sequence[str]] = (),
    dry_run: bool = False,
    include_hidden: bool = False,
    decimal_mark: DecimalMark | None = None,
    currency: str | None = None,
    encoding: str | None = None,
    limits: ReadLimits | None = None,
    progress: Progress | None = None,
    today: date | None = None,
) -> ImportReport:
    """Import vendor quote files into an evaluation, all or nothing.

    Args:
        store: the open workspace.
        files: the quote files.
        evaluation: the evaluation's name (default: the most recent one).
        create_evaluation: create the named evaluation when it does not exist.
        vendor: the vendor's name (default: the supplier named in each file).
        vendor_kind: the kind of a vendor that does not exist yet (default: guessed
            from its lines, with a warning).
        sheet: read only this sheet of each file.
        overrides: column mappings chosen by the user (``"Our price=price"``), for every
            file, or per file as a mapping from the file's path (as given) to its list.
        dry_run: read and validate, report what would be stored, write nothing.
        include_hidden: import hidden rows and sheets too.
        decimal_mark: the vendors' decimal mark, when stated.
        currency: the currency of prices that state none.
        encoding: for text files, the encoding to use.
        limits: file, time and memory limits.
        progress: receives progress; cancelling stops before anything is written.
        today: the decision date of a created evaluation (default: today).

    Returns:
        What was imported, with warnings and the differences from earlier revisions.

    Raises:
        FileRefused: a file cannot be read (the message names it and says why).
        ImportRefused: a line or quote has errors; the problems are attached.
        Cancelled: the user cancelled; nothing was written.
        NotFound: the evaluation does not exist.
    """
    with collector_paused():
        return _import_files(
            store,
            files,
            evaluation=evaluation,
            create_evaluation=create_evaluation,
            vendor=vendor,
            vendor_kind=vendor_kind,
            sheet=sheet,
            overrides=overrides,
            dry_run=dry_run,
            include_hidden=include_hidden,
            decimal_mark=decimal_mark,
            currency=currency,
            encoding=encoding,
            limits=limits,
            progress=progress,
            today=today,
        )


def _import_files(
    store: Store,
    files: Sequence[str | Path],
    *,
    evaluation: str | None,
    create_evaluation: bool,
    vendor: str | None,
    vendor_kind: VendorKind | None,
    sheet: str | None,
    overrides: Sequence[str] | Mapping[str, Sequence[str]],
    dry_run: bool,
    include_hidden: bool,
    decimal_mark: DecimalMark | None,
    currency: str | None,
    encoding: str | None,
    limits: ReadLimits | None,
    progress: Progress | None,
    today: date | None,
) -> ImportReport:
    progress = progress or NullProgress()
    first = Path(files[0]) if files else None
    with store.reading() as uow:  # an unknown evaluation is refused before any reading
        _evaluation_name(uow, evaluation, create_evaluation, first, vendor)
    read_options = ReadOptions(
        vendor=vendor,
        sheet=sheet,
        overrides=overrides,
        include_hidden=include_hidden,
        decimal_mark=decimal_mark,
        currency=currency,
        encoding=encoding,
        limits=limits,
    )
    batch = read_batch(store, files, read_options, progress=progress, share=0.8)
    target = StoreTarget(
        evaluation=evaluation,
        create_evaluation=create_evaluation,
        vendor=vendor,
        vendor_kind=vendor_kind,
        today=today,
    )
    return store_batch(store, batch, target, dry_run=dry_run, progress=progress)


@dataclass(frozen=True, slots=True)
class StoreTarget:
    """Where a batch goes.

    Attributes:
        evaluation: the evaluation's name (default: the most recent one; a workspace
            with none gets one).
        create_evaluation: create the named evaluation when it does not exist.
        vendor: the vendor's name (default: the supplier named in each file).
        vendor_kind: the kind of a vendor that does not exist yet.
        today: the decision date of a created evaluation (default: today).
    """

    evaluation: str | None = None
    create_evaluation: bool = False
    vendor: str | None = None
    vendor_kind: VendorKind | None = None
    today: date | None = None


def store_batch(
    store: Store,
    batch: ReadBatch,
    target: StoreTarget | None = None,
    *,
    dry_run: bool = False,
    progress: Progress | None = None,
) -> ImportReport:
    """Store a batch read by :func:`~services.import_read.read_batch`, all or nothing.

    Raises:
        ImportRefused: a file was refused or a line has an error; nothing was written.
        Cancelled: the user cancelled; nothing was written.
        NotFound: the evaluation does not exist.
    """
    target = target or StoreTarget()
    progress = progress or NullProgress()
    if progress.cancelled():
        raise Cancelled("Cancelled by the user; nothing was imported.")
    if batch.failures:
        name, why = next(iter(batch.failures.items()))
        raise ImportRefused(f"{why} Nothing was imported." if name in why else why)
    drafts = list(batch.drafts)
    first = drafts[0].path if drafts else None
    with store.reading() as uow:
        evaluation_name, create = _evaluation_name(
            uow, target.evaluation, target.create_evaluation, first, target.vendor
        )
    _validate(drafts, target.vendor)
    progress.report(0.85, "Storing the quotes" if not dry_run else "Checking against the store")
    with store.reading() if dry_run else store.transaction() as uow:
        report = _store(
            uow,
            drafts,
            evaluation_name,
            target.vendor,
            target.vendor_kind,
            dry_run=dry_run,
            create=create,
            today=target.today,
        )
    progress.report(1.0, "Imported" if not dry_run else "Checked")
    return report


def _evaluation_name(
    uow: UnitOfWork, name: str | None, create: bool, first_file: Path | None, vendor: str | None
) -> tuple[str, bool]:
    """The evaluation to import into, and whether it must be created.

    A workspace with no evaluation yet gets one, named ``name`` or after the vendor
    or the first file, so importing into a new database just works.
    """
    known = uow.evaluation_names()
    if not known:
        return name or default_evaluation_name(first_file, vendor), True
    if name and create and name not in known:
        return name, True
    return uow.evaluation_row(name).name, False


def default_evaluation_name(first_file: Path | None, vendor: str | None) -> str:
    """``Quotes from Hx Cloud`` or ``Quotes from kessler angebot`` (the file's name)."""
    if vendor:
        return f"Quotes from {vendor.strip()}"
    if first_file is not None:
        stem = " ".join(first_file.stem.replace("_", " ").replace("-", " ").split())
        return f"Quotes from {stem}"[:120]
    return "Quotes"


def _validate(drafts: Sequence[FileDraft], vendor: str | None) -> None:
    """Refuse the whole import when any file has an error, naming the first."""
    for draft in drafts:
        errors = [p for p in draft.all_problems if p.severity is Severity.ERROR]
        if errors:
            first = errors[0]
            more = f" and {len(errors) - 1} more" if len(errors) > 1 else ""
            raise ImportRefused(
                f"Cannot import {draft.path.name}: {first.source}: {first.message}{more}; "
                "nothing was imported.",
                draft.all_problems,
            )
        for quote in draft.quotes:
            name = vendor or quote.vendor
            if not name:
                raise ImportRefused(
                    f"Cannot import {draft.path.name}: the file does not name the vendor; give "
                    "the vendor's name (--vendor); nothing was imported.",
                    draft.all_problems,
                )
            if _BIDI_CONTROLS & set(name):
                raise ImportRefused(
                    f"Cannot import {draft.path.name}: the vendor name {name!r} contains "
                    "invisible text-direction characters; nothing was imported.",
                    draft.all_problems,
                )


def confusable_key(name: str) -> str:
    """A vendor name reduced to how it looks.

    Case, width, invisible characters and spaces are dropped and Cyrillic or Greek
    look-alike letters folded to Latin: ``"Асме Ltd"``, ``"Acme\u200bLtd"`` and
    ``"ＡＣＭＥ Ltd"`` all become ``"acmeltd"``.
    """
    folded = name_key(name.translate(_CONFUSABLES)).translate(_CONFUSABLES)
    return "".join(folded.split())


def _mixed_script(name: str) -> bool:
    scripts = set()
    for char in name:
        if char.isalpha():
            scripts.add(unicodedata.name(char, "UNKNOWN").split(" ")[0])
    return len(scripts & {"LATIN", "CYRILLIC", "GREEK"}) > 1


def _store(
    uow: UnitOfWork,
    drafts: Sequence[FileDraft],
    evaluation_name: str,
    vendor: str | None,
    vendor_kind: VendorKind | None,
    *,
    dry_run: bool,
    create: bool,
    today: date | None,
) -> ImportReport:
    problems: list[Problem] = [p for d in drafts for p in d.all_problems]
    evaluation_id: int | None = None
    decision = today or date.today()
    if evaluation_name in uow.evaluation_names():
        row = uow.evaluation_row(evaluation_name)
        evaluation_id, decision = row.id, row.decision_date
    elif create and not dry_run:
        evaluation_id = uow.add_evaluation(Evaluation(evaluation_name, decision))
    batch_id = None
    if not dry_run:
        batch_id = uow.new_import_batch(
            [d.path.name for d in drafts],
            f"{sum(len(d.quotes) for d in drafts)} quotes from "
            + ", ".join(d.path.name for d in drafts),
        )
    known = {v.name: v for v in uow.vendors()}
    imported: list[QuoteImport] = []
    for draft in drafts:
        for quote_draft in draft.quotes:
            name = vendor or quote_draft.vendor or ""
            existing = known.get(name)
            new_vendor = existing is None
            if existing is None:
                kind = vendor_kind or guess_vendor_kind(quote_draft)
                if vendor_kind is None:
                    problems.append(
                        Problem(
                            f"vendor:{name}",
                            "The vendor is new and was recorded as "
                            f"{kind.value.replace('_', ' ')}; change its kind in the vendor list "
                            "if that is wrong",
                            Severity.WARNING,
                        )
                    )
                similar = uow.similar_vendor(name) or next(
                    (
                        other
                        for other in known
                        if other != name and confusable_key(other) == confusable_key(name)
                    ),
                    None,
                )
                if similar:
                    problems.append(
                        Problem(
                            f"vendor:{name}",
                            f"Possible duplicate of ‘{similar}’: the names read the "
                            "same; check that this is really a different vendor",
                            Severity.WARNING,
                            name,
                            similar,
                        )
                    )
                if _mixed_script(name):
                    problems.append(
                        Problem(
                            f"vendor:{name}",
                            "The vendor name mixes letters from different alphabets "
                            "(for example Latin and Cyrillic)",
                            Severity.WARNING,
                            name,
                        )
                    )
                existing = Vendor(
                    name=name, kind=kind, certifications=quote_draft.certification_records()
                )
                known[name] = existing
            quote = quote_draft.to_quote(existing)
            previous = _previous_revision(uow, evaluation_id, name, quote)
            differences = describe_differences(previous, quote) if previous else ()
            if dry_run:
                revision = previous.revision + 1 if previous else 1
                quote_id = None
            else:
                assert evaluation_id is not None
                vendor_id = _stored_vendor(uow, existing, quote_draft, new=new_vendor)
                quote_id, revision = uow.add_quote(evaluation_id, quote, import_batch_id=batch_id)
                kept = [p for p in quote_draft.problems if p.severity is Severity.WARNING]
                if kept:
                    uow.set_import_warnings(quote_id, kept)
                profile = draft.profile()
                if profile.get("columns"):
                    uow.save_mapping_profile(vendor_id, profile)
            imported.append(
                QuoteImport(
                    draft.path.name,
                    name,
                    quote.reference,
                    revision,
                    quote_id,
                    quote.lines,
                    differences,
                    new_vendor,
                )
            )
    warnings = tuple(p for p in problems if p.severity is not Severity.ERROR)
    return ImportReport(
        evaluation_name,
        tuple(d.path.name for d in drafts),
        tuple(imported),
        warnings,
        dry_run,
        batch_id,
        tuple(drafts),
        uow.fx_rates(),
        decision,
        created_evaluation=create,
    )


def _stored_vendor(uow: UnitOfWork, vendor: Vendor, draft: QuoteDraft, *, new: bool) -> int:
    """The vendor's id, storing a new vendor; a returned RFQ's certificates update it.

    A returned RFQ states each certificate with its expiry: the statement replaces the
    vendor's certificates of the same name and adds the others.
    """
    if new:
        return uow.upsert_vendor(vendor)
    vendor_id = uow.ensure_vendor(vendor)
    if draft.certificates:
        merged = {c.name: c for c in vendor.certifications}
        merged.update({c.name: c for c in draft.certificates})
        uow.replace_certifications(vendor_id, merged.values())
    return vendor_id


def _previous_revision(
    uow: UnitOfWork, evaluation_id: int | None, vendor: str, quote: Quote
) -> Quote | None:
    """The stored latest revision of ``quote`` (same vendor and reference), if any.

    Its lines that are unchanged in ``quote``, position for position, are loaded as
    ``quote``'s own records, so that listing the differences skips them at once.
    """
    if evaluation_id is None:
        return None
    matches = [
        s
        for s in uow.quote_summaries(evaluation_id)
        if s.latest and s.vendor == vendor and s.reference == quote.reference
    ]
    if not matches:
        return None
    quote_id = matches[0].quote_id
    loaded = uow.load_quotes(evaluation_id, quote_ids=[quote_id], like={quote_id: quote.lines})
    return loaded[0] if loaded else None


_HYPERSCALERS = re.compile(
    r"^(aws|amazon( web services)?|microsoft( azure)?|azure|google( cloud)?|gcp|"
    r"oracle( cloud)?|oci|ibm cloud|alibaba cloud|aliyun|tencent cloud|huawei cloud)\b"
)
"""The clouds that sell far more than GPUs, by the names their price lists carry."""


def guess_vendor_kind(draft: QuoteDraft) -> VendorKind:
    """A new vendor's kind as its quote suggests: colocation, server maker, cloud …

    Prices per million tokens and no compute → token API; only kW-priced space and power →
    colocation; hardware bought or leased → server
    maker; domestic accelerators → domestic accelerator; the hyperscalers by name (AWS,
    Azure, Google Cloud, Oracle Cloud …) → hyperscale cloud; otherwise GPU cloud.
    """
    lines = draft.lines
    if sells_tokens(lines):
        return VendorKind.TOKEN_API
    if draft.vendor and _HYPERSCALERS.search(draft.vendor.casefold()):
        return VendorKind.HYPERSCALE_CLOUD
    # One pass: a price list repeats a few accelerators and deployments many times.
    compute = {
        (line.accelerator or "", line.deployment) for line in lines if line.kind is LineKind.COMPUTE
    }
    if not compute and any(line.price_unit is PriceUnit.PER_KW_MONTH for line in lines):
        return VendorKind.COLOCATION
    if any(accelerator.startswith("huawei-") for accelerator, _ in compute):
        return VendorKind.DOMESTIC_ACCELERATOR
    if compute and all(
        deployment in (Deployment.PURCHASE, Deployment.LEASE) for _, deployment in compute
    ):
        return VendorKind.SERVER_MAKER
    return VendorKind.GPU_CLOUD
