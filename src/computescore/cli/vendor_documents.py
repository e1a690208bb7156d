"""``computescore rfq`` and ``clarify``: the documents that go out to vendors."""

from __future__ import annotations

import argparse
from datetime import date
from pathlib import Path

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    option_date,
    print_json,
)
from computescore.errors import UsageError


def _day(option: str, text: str | None) -> date | None:
    return None if text is None else option_date(option, text)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rfq`` command."""
    rfq = sub.add_parser(
        "rfq",
        help="write a request-for-quotation workbook for a vendor to fill in",
        description="Write an .xlsx request for quotation: the workloads in words and "
        "figures, one pricing row per option asked of this kind of vendor, and the terms the "
        "scorecard needs. The vendor fills in the yellow cells; the returned file is read "
        "back exactly with 'computescore import'.",
    )
    add_db_argument(rfq)
    rfq.add_argument("--vendor", required=True, help="the vendor's name (stored or new)")
    rfq.add_argument("--out", type=Path, required=True, help="the .xlsx to write")
    add_evaluation_argument(rfq)
    rfq.add_argument("--issued", default=None, help="issue date, YYYY-MM-DD (default: today)")
    rfq.add_argument("--due", default=None, help="reply date, YYYY-MM-DD (default: in 14 days)")
    rfq.add_argument("--contact", default="", help="whom the vendor asks, e.g. 'Ada Roe, ada@…'")
    rfq.add_argument(
        "--prefill",
        action="store_true",
        help="fill in what the vendor's latest quote already says, so only the gaps are asked",
    )
    add_json_argument(rfq, "what was written")
    rfq.set_defaults(func=run_rfq)

    clarify = sub.add_parser(
        "clarify",
        help="write letters asking each vendor for what its quotes lack",
        description="For each vendor (or one), a letter as PDF and as plain text for e-mail "
        "listing what its quotes lack or contradict — missing SLA credits, no measured MFU, "
        "expired certificates, unclear data location, missing exit terms — each as a "
        "numbered question with why it matters, and the RFQ workbook pre-filled with what "
        "is already known.",
    )
    add_db_argument(clarify)
    clarify.add_argument("--out", type=Path, required=True, help="the folder to write into")
    clarify.add_argument("--vendor", default=None, help="only this vendor")
    add_evaluation_argument(clarify)
    clarify.add_argument(
        "--date", default=None, help="the letters' date, YYYY-MM-DD (default: today)"
    )
    clarify.add_argument(
        "--reply-by", default=None, help="answer date, YYYY-MM-DD (default: in 10 days)"
    )
    clarify.add_argument("--contact", default="", help="who signs and whom the vendor answers")
    clarify.add_argument("--no-rfq", action="store_true", help="do not attach the pre-filled RFQ")
    add_json_argument(clarify, "the questions")
    clarify.set_defaults(func=run_clarify)


def run_rfq(args: argparse.Namespace) -> int:
    """Write the workbook and say what it asks."""
    from computescore.services.rfq import RfqOptions, write_rfq
    from computescore.services.workspace import load_catalogue_for, open_store

    if args.out.suffix.lower() != ".xlsx":
        raise UsageError(f"--out {args.out} must end in .xlsx.")
    with open_store(args.db) as store:
        written = write_rfq(
            store,
            args.out,
            args.vendor,
            load_catalogue_for(store),
            RfqOptions(
                evaluation_name=args.evaluation,
                issued=_day("--issued", args.issued),
                due=_day("--due", args.due),
                contact=args.contact,
                prefill=args.prefill,
            ),
        )
    if args.json:
        print_json(
            {
                "path": str(written.path),
                "reference": written.reference,
                "vendor": written.vendor,
                "options": written.options,
                "prefilled": written.prefilled,
            }
        )
    else:
        filled = f", {written.prefilled} answers pre-filled" if written.prefilled else ""
        print(
            f"Wrote {written.path}: request for quotation {written.reference} to "
            f"{written.vendor}, {written.options} options to price{filled}."
        )
    return 0


def run_clarify(args: argparse.Namespace) -> int:
    """Write each vendor's letter and say how many questions it asks."""
    from computescore.services.clarify import ClarifyOptions, write_clarifications
    from computescore.services.workspace import load_catalogue_for, open_store

    with open_store(args.db) as store:
        written = write_clarifications(
            store,
            args.out,
            load_catalogue_for(store),
            ClarifyOptions(
                vendor=args.vendor,
                evaluation_name=args.evaluation,
                written_on=_day("--date", args.date),
                reply_by=_day("--reply-by", args.reply_by),
                contact=args.contact,
                with_rfq=not args.no_rfq,
            ),
        )
    if args.json:
        print_json(
            [
                {
                    "vendor": item.vendor,
                    "files": [str(path) for path in item.files],
                    "questions": [
                        {
                            "topic": q.topic,
                            "question": q.question,
                            "why": q.why,
                            "quotes": list(q.quotes),
                        }
                        for q in item.questions
                    ],
                }
                for item in written
            ]
        )
        return 0
    if not written:
        print("Nothing to ask: every quote states what the scorecard needs.")
    for item in written:
        count = len(item.questions)
        print(
            f"{item.vendor}: {count} question{'s' if count != 1 else ''} → "
            + ", ".join(path.name for path in item.files)
        )
    return 0
