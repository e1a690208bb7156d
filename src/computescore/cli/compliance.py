"""Compliance commands: classify a chip for export control, check an evaluation, import lists.

``classify`` works without a database: from a catalogue accelerator or from raw figures,
for a destination, end-user headquarters and date. ``check`` prints every compliance
finding of an evaluation, each naming its rule, the rule's date and status, and its
source. ``import-list`` stores a restricted-party list (CSL CSV/TSV, EU CSV or a simple
CSV) in the workspace so ``check`` screens against it.
"""

from __future__ import annotations

import argparse
import sys
from datetime import date
from pathlib import Path

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    print_json,
)
from computescore.errors import UsageError


def _iso_date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date written YYYY-MM-DD") from None


def _yes_no(text: str) -> bool:
    value = text.strip().lower()
    if value in ("yes", "y", "true"):
        return True
    if value in ("no", "n", "false"):
        return False
    raise argparse.ArgumentTypeError(f"{text!r}: answer yes or no")


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must not be negative")
    return value


def _bits(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of bits") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("the bit length must be positive")
    return value


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the compliance commands."""
    cls = sub.add_parser(
        "classify",
        help="export-control classification (ECCN 3A090) and licence check for one chip",
        description="Work out TPP, PD and the ECCN 3A090 outcome for an accelerator on a date, "
        "and whether a licence is required for a destination and end-user headquarters. "
        "Advice only: the final classification is the exporter's and legal review is required.",
    )
    what = cls.add_mutually_exclusive_group(required=True)
    what.add_argument("--accelerator", metavar="ID", help="catalogue id or vendor spelling")
    what.add_argument(
        "--tops", type=_positive_float, metavar="N", help="dense peak TOPS or TFLOPS (no sparsity)"
    )
    cls.add_argument(
        "--bits", type=_bits, metavar="B", help="bit length of that peak (with --tops)"
    )
    cls.add_argument(
        "--die-area",
        type=_positive_float,
        metavar="MM2",
        help="logic-die area in mm² (with --tops)",
    )
    cls.add_argument(
        "--interconnect-gbps",
        type=_positive_float,
        metavar="G",
        help="aggregate bidirectional chip-to-chip bandwidth in GB/s (with --tops)",
    )
    cls.add_argument(
        "--memory-bandwidth-gbps",
        type=_positive_float,
        metavar="G",
        help="total DRAM bandwidth in GB/s (with --tops)",
    )
    cls.add_argument(
        "--datacenter",
        type=_yes_no,
        metavar="yes|no",
        help="designed or marketed for data centres (required with --tops)",
    )
    cls.add_argument(
        "--destination",
        required=True,
        metavar="CC",
        help="ISO code of the country the chip goes to",
    )
    cls.add_argument(
        "--end-user-hq",
        metavar="CC",
        help="ISO code of the end user's (or its parent's) headquarters",
    )
    cls.add_argument("--date", type=_iso_date, metavar="YYYY-MM-DD", help="date (default: today)")
    cls.add_argument(
        "--posture",
        choices=("enforced", "codified"),
        default="enforced",
        help="apply what BIS enforces (default) or the codified text",
    )
    cls.add_argument(
        "--export-from-us",
        type=_yes_no,
        metavar="yes|no",
        help="whether the goods leave from the United States (2026 China lane)",
    )
    cls.add_argument("--rules", metavar="FILE", help="rules file to use instead of the shipped one")
    add_json_argument(cls)
    cls.set_defaults(func=run_classify)

    chk = sub.add_parser(
        "check",
        help="all compliance findings of an evaluation",
        description="Export control, screening, certifications, data sovereignty and exit terms "
        "for every quote of an evaluation; each finding names its rule, date, status and source.",
    )
    add_db_argument(chk)
    add_evaluation_argument(chk)
    chk.add_argument(
        "--posture",
        choices=("enforced", "codified"),
        help="override the workspace's export-control posture",
    )
    chk.add_argument("--rules", metavar="FILE", help="rules file to use instead of the shipped one")
    chk.add_argument(
        "--screening-list",
        metavar="FILE",
        action="append",
        default=[],
        help="also screen against this list file (not stored); repeatable",
    )
    chk.add_argument(
        "--list-date",
        type=_iso_date,
        metavar="YYYY-MM-DD",
        help="date (version) of the --screening-list files",
    )
    chk.add_argument(
        "--export-from-us",
        type=_yes_no,
        metavar="yes|no",
        help="whether the goods leave from the United States (2026 China lane)",
    )
    chk.add_argument("--verbose", action="store_true", help="print each finding's full reason")
    chk.add_argument("--json", action="store_true", help="print the findings as a JSON list")
    chk.set_defaults(func=run_check)

    imp = sub.add_parser(
        "import-list",
        help="store a restricted-party screening list in the workspace",
        description="Read a US Consolidated Screening List CSV/TSV, an EU Consolidated "
        "Financial Sanctions List CSV, or a simple CSV with a 'name' column, and store it with "
        "its name and date.",
    )
    add_db_argument(imp)
    imp.add_argument("file", metavar="FILE", help="list file")
    imp.add_argument("--name", metavar="TEXT", help="list name (default: from the format)")
    imp.add_argument(
        "--list-date",
        type=_iso_date,
        metavar="YYYY-MM-DD",
        help="the list's date (default: from the file)",
    )
    add_json_argument(imp)
    imp.set_defaults(func=run_import_list)


def run_classify(args: argparse.Namespace) -> int:
    """Classify one chip and print the result."""
    from computescore.domain.export_control import Posture
    from computescore.services.catalogue import load_catalogue
    from computescore.services.compliance import (
        classify_accelerator,
        classify_figures,
        result_to_dict,
    )
    from computescore.services.estimates import find_accelerator
    from computescore.services.rules import load_rules

    rules = load_rules(args.rules)
    day = args.date or date.today()
    posture = Posture(args.posture)
    if args.accelerator is not None:
        for flag, value in (
            ("--bits", args.bits),
            ("--die-area", args.die_area),
            ("--interconnect-gbps", args.interconnect_gbps),
            ("--memory-bandwidth-gbps", args.memory_bandwidth_gbps),
        ):
            if value is not None:
                raise UsageError(f"{flag} goes with --tops, not with --accelerator.")
        accelerator = find_accelerator(load_catalogue(), args.accelerator)
        result = classify_accelerator(
            accelerator,
            args.destination,
            args.end_user_hq,
            day,
            rules,
            posture,
            datacenter=args.datacenter,
            export_from_us=args.export_from_us,
        )
    else:
        if args.bits is None:
            raise UsageError("--tops needs --bits (the bit length of that peak).")
        if args.datacenter is None:
            raise UsageError(
                "--tops needs --datacenter yes|no (designed or marketed for data centres)."
            )
        result = classify_figures(
            args.tops,
            args.bits,
            args.destination,
            args.end_user_hq,
            day,
            rules,
            posture,
            datacenter=args.datacenter,
            die_area_mm2=args.die_area,
            interconnect_gbps=args.interconnect_gbps,
            memory_bandwidth_gbps=args.memory_bandwidth_gbps,
            export_from_us=args.export_from_us,
        )
    data = result_to_dict(result, rules)
    if args.json:
        print_json(data)
        return 0
    pd = "unknown" if data["pd"] is None else f"{data['pd']:.2f}"
    required = {True: "yes", False: "no", None: "cannot tell"}[data["licence_required"]]
    print(f"ECCN: {data['eccn']}    TPP: {data['tpp']:,.1f}    PD: {pd}")
    line = f"Licence required: {required}"
    if data["review_policy"]:
        line += f" ({data['review_policy'].replace('_', ' ')})"
    print(line)
    print(f"Rules applied: {', '.join(data['rules']) or 'none'}")
    print(f"Rules file: {rules.label} — {rules.origin}")
    print()
    for text in data["explanation"].splitlines():
        print(text)
    return 0


def _finding_lines(finding: object, verbose: bool) -> list[str]:
    from computescore.domain.findings import Finding, FindingCategory

    assert isinstance(finding, Finding)
    if not finding.rule_date:
        date_text = "no date"
    elif finding.category is FindingCategory.SCREENING:
        date_text = f"list dated {finding.rule_date}"
    else:
        date_text = f"in force from {finding.rule_date}"
    lines = [
        f"[{finding.severity.value.upper()}] {finding.quote_key} — {finding.title}",
        f"    rule {finding.rule_id} · {date_text} · {finding.rule_status or 'no status'} · "
        f"source: {finding.source or 'none'}",
    ]
    if verbose:
        lines += [f"    {text}" for text in finding.reason.splitlines()]
    return lines


def run_check(args: argparse.Namespace) -> int:
    """Print every compliance finding of an evaluation."""
    from computescore.domain.findings import FindingSeverity
    from computescore.io.screening_lists import read_screening_list
    from computescore.services.compliance import check_evaluation, settings_for
    from computescore.services.workspace import load_evaluation_data, open_store

    extra = []
    file_problems = []
    for path in args.screening_list:
        screening_list, problems = read_screening_list(path, list_date=args.list_date)
        extra.append(screening_list)
        file_problems += problems
    with open_store(args.db) as store:
        data = load_evaluation_data(store, args.evaluation)
        settings = settings_for(
            data,
            store=store,
            posture=args.posture,
            rules_file=args.rules,
            extra_lists=extra,
            export_from_us=args.export_from_us,
        )
    findings = check_evaluation(data, settings)
    for problem in [*settings.problems, *file_problems]:
        sys.stderr.write(f"computescore: {problem}\n")
    if args.json:
        print_json(findings)
        return 0
    ev = data.evaluation
    print(f"Compliance check: {ev.name} (decision date {ev.decision_date.isoformat()})")
    print(
        f"Rules: {settings.rules.label} — {settings.rules.origin}; posture {settings.posture.value}"
    )
    if settings.screening_lists:
        for lst in settings.screening_lists:
            print(f"Screening list: {lst.label}")
    else:
        print("Screening lists: none loaded (import one with 'computescore import-list').")
    print()
    order = {FindingSeverity.KNOCKOUT: 0, FindingSeverity.WARNING: 1, FindingSeverity.INFO: 2}
    for finding in sorted(findings, key=lambda f: (f.quote_key, order[f.severity])):
        for text in _finding_lines(finding, args.verbose):
            print(text)
    counts = {s: sum(1 for f in findings if f.severity is s) for s in order}
    print()
    print(
        f"{len(findings)} findings: {counts[FindingSeverity.KNOCKOUT]} knock-out, "
        f"{counts[FindingSeverity.WARNING]} warning, {counts[FindingSeverity.INFO]} info."
    )
    print(settings.rules.disclaimer)
    return 0


def run_import_list(args: argparse.Namespace) -> int:
    """Read a screening list file and store it in the workspace."""
    from computescore.services.compliance import import_screening_list
    from computescore.services.workspace import open_store

    with open_store(args.db) as store:
        screening_list, problems = import_screening_list(
            store, Path(args.file), list_name=args.name, list_date=args.list_date
        )
    for problem in problems:
        sys.stderr.write(f"computescore: {problem}\n")
    if args.json:
        print_json(
            {
                "name": screening_list.name,
                "list_date": screening_list.list_date,
                "entries": len(screening_list.entries),
                "source_file": screening_list.source_file,
                "problems": [str(p) for p in problems],
            }
        )
        return 0
    print(f"Stored {screening_list.label} from {screening_list.source_file}.")
    return 0
