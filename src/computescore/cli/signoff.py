"""``computescore approve | approvals | sign | verify-signature``: the sign-off."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    add_workload_argument,
    print_json,
    print_table,
)

if TYPE_CHECKING:
    from computescore.services.analysis import AnalysisOptions

PASSWORD_VARIABLE = "COMPUTESCORE_CERT_PASSWORD"  # noqa: S105 (the name of a variable, not a password)
"""Where ``sign`` reads the certificate's password when it cannot ask for it."""


def _pack_options(parser: argparse.ArgumentParser) -> None:
    add_evaluation_argument(parser)
    add_workload_argument(parser)
    parser.add_argument("--prepared-by", metavar="TEXT", help="as given to report")
    parser.add_argument("--marking", metavar="TEXT", default="Confidential", help="as for report")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the sign-off commands."""
    approve = sub.add_parser(
        "approve",
        help="approve the board pack of the current inputs (an approver's task)",
        description="Record that you approve the board pack the current inputs make: who, "
        "when, and the pack's fingerprint. A pack built later from the same inputs carries "
        "the approval; after any change to the inputs it says the approval is superseded. "
        "Give the same --prepared-by and --marking as the report you approve.",
    )
    add_db_argument(approve)
    _pack_options(approve)
    approve.add_argument("--note", default="", help="e.g. the board meeting")
    approve.set_defaults(func=run_approve)
    listing = sub.add_parser(
        "approvals", help="whether the current pack is approved, and every approval"
    )
    add_db_argument(listing)
    _pack_options(listing)
    add_json_argument(listing)
    listing.set_defaults(func=run_approvals)
    sign = sub.add_parser(
        "sign",
        help="sign an approved board pack PDF with your certificate (PAdES)",
        description="Sign a board pack PDF whose inputs were approved, with your own "
        "certificate (a .p12/.pfx file). The password is asked for, or read from "
        f"{PASSWORD_VARIABLE}; it is never stored.",
    )
    add_db_argument(sign)
    sign.add_argument("pdf", type=Path, help="the board pack (computescore report --pdf)")
    sign.add_argument("--cert", type=Path, required=True, help="your PKCS#12 certificate file")
    sign.add_argument("--out", type=Path, help="the signed PDF (default: NAME-signed.pdf)")
    add_evaluation_argument(sign)
    sign.set_defaults(func=run_sign)
    verify = sub.add_parser("verify-signature", help="check the signatures of a signed board pack")
    verify.add_argument("pdf", type=Path)
    verify.add_argument(
        "--trust", type=Path, action="append", default=[], help="a certificate you trust (PEM/DER)"
    )
    add_json_argument(verify)
    verify.set_defaults(func=run_verify)


def _options(args: argparse.Namespace) -> AnalysisOptions:
    from computescore.services.analysis import AnalysisOptions
    from computescore.services.evaluate import EvaluateOptions

    return AnalysisOptions(
        engine=EvaluateOptions(workload=args.workload),
        prepared_by=args.prepared_by,
        confidentiality=args.marking,
        plan=True,
    )


def run_approve(args: argparse.Namespace) -> int:
    """Record the approval."""
    from computescore.services.signoff import approve
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        done = approve(store, args.evaluation, note=args.note, options=_options(args))
    print(
        f"Approved by {done.approver} at {done.approved_at:%Y-%m-%d %H:%M} UTC; pack "
        f"fingerprint {done.fingerprint}."
    )
    return 0


def run_approvals(args: argparse.Namespace) -> int:
    """Say whether the current pack is approved and list the approvals."""
    from computescore.services.signoff import pack_status
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        status = pack_status(store, args.evaluation, _options(args))
    if args.json:
        print_json(
            {
                "evaluation": status.evaluation,
                "fingerprint": status.fingerprint,
                "state": status.state.value,
                "sentence": status.sentence,
                "approvals": [
                    {
                        "approver": a.approver,
                        "approved_at": a.approved_at.isoformat(),
                        "fingerprint": a.fingerprint,
                        "current": a.fingerprint == status.fingerprint,
                        "note": a.note,
                    }
                    for a in status.approvals
                ],
            }
        )
        return 0
    print(f"{status.evaluation}: {status.sentence}")
    print(f"Fingerprint of the current inputs: {status.fingerprint}")
    if status.approvals:
        print_table(
            ["Approver", "When (UTC)", "Fingerprint", "For", "Note"],
            [
                [
                    a.approver,
                    f"{a.approved_at:%Y-%m-%d %H:%M}",
                    a.fingerprint[:16] + "…",
                    "these inputs" if a.fingerprint == status.fingerprint else "earlier inputs",
                    a.note,
                ]
                for a in status.approvals
            ],
        )
    return 0


def _password() -> str | None:
    if PASSWORD_VARIABLE in os.environ:
        return os.environ[PASSWORD_VARIABLE]
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass("Certificate password (empty for none): ") or None
    return None


def run_sign(args: argparse.Namespace) -> int:
    """Sign the pack."""
    from computescore.services.signoff import sign_pack
    from computescore.services.workspace import open_store

    out = args.out or args.pdf.with_name(f"{args.pdf.stem}-signed.pdf")
    with open_store(args.db) as store:
        approval = sign_pack(
            store, args.pdf, args.cert, _password(), out, evaluation=args.evaluation
        )
    print(
        f"Signed {out} (PAdES) for the approval by {approval.approver} on "
        f"{approval.approved_at:%Y-%m-%d}."
    )
    return 0


def run_verify(args: argparse.Namespace) -> int:
    """Check a signed pack's signatures; exit 1 when one is broken or untrusted."""
    from computescore.errors import InputRefused
    from computescore.reports.signature import read_signatures

    try:
        found = read_signatures(args.pdf.read_bytes(), [p.read_bytes() for p in args.trust])
    except OSError as exc:
        raise InputRefused(f"Cannot read {args.pdf}: {exc.strerror or exc}.") from exc
    if args.json:
        print_json(
            [
                {
                    "field": s.field,
                    "signer": s.signer,
                    "signed_at": s.signed_at.isoformat() if s.signed_at else None,
                    "intact": s.intact,
                    "valid": s.valid,
                    "trusted": s.trusted,
                    "covers_whole_file": s.covers_whole_file,
                    "pades": s.pades,
                }
                for s in found
            ]
        )
    elif not found:
        print(f"{args.pdf.name} carries no signature.")
    for s in found if not args.json else ():
        state = "intact and valid" if s.intact and s.valid else "BROKEN"
        trust = "trusted" if s.trusted else "certificate not trusted (give it with --trust)"
        whole = "" if s.covers_whole_file else "; the file was changed after signing"
        print(f"{s.field}: signed by {s.signer}, {state}, {trust}{whole}.")
    good = found and all(s.intact and s.valid and s.trusted and s.covers_whole_file for s in found)
    return 0 if good else 1
