"""Clarification requests: for each vendor, a letter asking for what its quotes lack.

:func:`write_clarifications` finds each vendor's questions
(:func:`~computescore.domain.clarify.clarifications`) on its latest quotes, and writes
for every vendor with questions a PDF letter, the same letter as plain text for an
e-mail, and the request-for-quotation workbook pre-filled with what is already known,
so the vendor only fills the gaps. Every file is rendered in full before any is
written, and each is written atomically.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

from computescore.domain.catalog import Accelerator, Catalogue
from computescore.domain.clarify import Clarification, clarifications
from computescore.domain.problems import Problem
from computescore.domain.quotes import Quote, Vendor
from computescore.domain.workload import Evaluation
from computescore.errors import NotFound
from computescore.reports.letter import Letter, render_pdf, render_text
from computescore.reports.rfq_workbook import render_rfq
from computescore.services.reporting import write_atomic
from computescore.services.rfq import build_rfq
from computescore.store.repository import Store
from computescore.wording import unknown_name

REPLY_DAYS = 10
REPLY_BEFORE_DECISION_DAYS = 2
"""Answers are asked for at least this many days before the decision date."""


@dataclass(frozen=True, slots=True)
class VendorQuestions:
    """One vendor's questions and the files written for them."""

    vendor: str
    questions: tuple[Clarification, ...]
    files: tuple[Path, ...] = ()


@dataclass(frozen=True, slots=True)
class ClarifyOptions:
    """How the letters are written.

    Attributes:
        vendor: only this vendor (all vendors with questions when None).
        evaluation_name: the evaluation (the one changed last when None).
        written_on: the letters' date (today when None).
        reply_by: the answer date (when None, :func:`default_reply_by`).
        contact: who signs and whom the vendor answers.
        with_rfq: attach the pre-filled RFQ workbook.
    """

    vendor: str | None = None
    evaluation_name: str | None = None
    written_on: date | None = None
    reply_by: date | None = None
    contact: str = ""
    with_rfq: bool = True


def vendor_questions(
    evaluation: Evaluation,
    quotes: tuple[Quote, ...],
    vendors: list[Vendor],
    warnings: Mapping[int, Sequence[Problem]] | None = None,
    accelerators: Mapping[str, Accelerator] | None = None,
) -> list[VendorQuestions]:
    """Each quoting vendor's questions, vendors in name order (none when nothing is asked).

    ``warnings`` are the import warnings kept with each quote, by quote id; ``accelerators``
    the catalogue (:func:`~computescore.domain.clarify.clarifications`).
    """
    found = []
    for vendor in sorted(vendors, key=lambda v: v.name.casefold()):
        mine = [q for q in quotes if q.vendor.name == vendor.name]
        if not mine:
            continue
        by_reference = {
            q.reference: (warnings or {}).get(q.id, []) for q in mine if q.id is not None
        }
        asked = clarifications(vendor, mine, evaluation, by_reference, accelerators)
        if asked:
            found.append(VendorQuestions(vendor.name, tuple(asked)))
    return found


def default_reply_by(written_on: date, decision_date: date) -> date:
    """Ten days after the letter, but no later than two days before the decision, so that
    the answers can still count (10 days from 2026-11-26 is 2026-12-06; a decision on
    2026-12-01 makes it 2026-11-29). A decision that close or past leaves the ten days."""
    ten = written_on + timedelta(days=REPLY_DAYS)
    latest = decision_date - timedelta(days=REPLY_BEFORE_DECISION_DAYS)
    return min(ten, latest) if latest > written_on else ten


def file_stem(vendor: str) -> str:
    """A file-name stem from a vendor's name: letters, digits, spaces, dots and dashes."""
    cleaned = "".join(ch if ch.isalnum() or ch in " .-_" else " " for ch in vendor)
    return " ".join(cleaned.split()).strip(" .") or "vendor"


def write_clarifications(
    store: Store, out: Path, catalogue: Catalogue, options: ClarifyOptions | None = None
) -> list[VendorQuestions]:
    """Write the letters (PDF and text) and pre-filled RFQs into the folder ``out``."""
    options = options or ClarifyOptions()
    with store.reading() as uow:
        evaluation = uow.load_evaluation(options.evaluation_name)
        assert evaluation.id is not None
        quotes = uow.load_quotes(evaluation.id)
        vendors = uow.vendors()
        warnings = uow.import_warnings([q.id for q in quotes if q.id is not None])
    if options.vendor is not None and options.vendor not in {q.vendor.name for q in quotes}:
        raise NotFound(
            unknown_name(
                f"vendor with a quote in {evaluation.name!r}",
                options.vendor,
                sorted({q.vendor.name for q in quotes}),
            )
        )
    asked = [
        v
        for v in vendor_questions(evaluation, quotes, vendors, warnings, catalogue.accelerators)
        if options.vendor is None or v.vendor == options.vendor
    ]
    today = options.written_on or date.today()
    reply_by = options.reply_by or default_reply_by(today, evaluation.decision_date)
    names = sorted(a.display_name for a in catalogue.accelerators.values())
    by_name = {v.name: v for v in vendors}
    rendered: list[tuple[VendorQuestions, list[tuple[Path, bytes]]]] = []
    for item in asked:
        stem = file_stem(item.vendor)
        files: list[tuple[Path, bytes]] = []
        attachment = ""
        if options.with_rfq:
            latest = max(
                (q for q in quotes if q.vendor.name == item.vendor),
                key=lambda q: (q.quote_date or date.min, q.revision),
            )
            rfq = build_rfq(
                evaluation,
                by_name[item.vendor],
                issued=today,
                due=reply_by,
                contact=options.contact,
                known_quote=latest,
            )
            attachment = f"RFQ {stem}.xlsx"
            files.append((out / attachment, render_rfq(rfq, names)))
        letter = Letter(
            buyer=evaluation.end_user or evaluation.prepared_by or "The buyer",
            vendor=item.vendor,
            evaluation=evaluation.name,
            written_on=today,
            reply_by=reply_by,
            contact=options.contact or evaluation.prepared_by,
            questions=item.questions,
            attachment=attachment,
        )
        files.insert(0, (out / f"Questions to {stem}.pdf", render_pdf(letter)))
        files.insert(1, (out / f"Questions to {stem}.txt", render_text(letter).encode("utf-8")))
        rendered.append((item, files))
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for item, files in rendered:
        for path, data in files:
            write_atomic(path, data)
        written.append(
            VendorQuestions(item.vendor, item.questions, tuple(path for path, _ in files))
        )
    return written
