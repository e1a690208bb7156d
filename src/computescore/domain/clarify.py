"""What to ask a vendor: the gaps and contradictions in its quotes, as numbered questions.

Each question says what is missing or doubtful, what to send, and why it matters to
the decision ("your reliability score is computed from an assumed failure rate"). The
checks read the vendor's latest quotes and the evaluation's requirements on its
decision date; they are the same gaps the Overview lists, per vendor and in a
vendor's terms.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from computescore.domain.catalog import Accelerator
from computescore.domain.compliance import certification_key
from computescore.domain.figures import format_number
from computescore.domain.problems import Problem
from computescore.domain.quotes import Quote, Vendor
from computescore.domain.tco import stated_maximum
from computescore.domain.tco.throughput import measured_under_lighter_load
from computescore.domain.workload import Evaluation


@dataclass(frozen=True, slots=True)
class Clarification:
    """One question to a vendor.

    Attributes:
        topic: the heading it sits under ("Service level").
        question: what we ask, addressed to the vendor.
        why: why it matters to the decision.
        quotes: the references of the quotes it concerns.
        rfq_key: the RFQ answer that carries the reply, when there is one.
    """

    topic: str
    question: str
    why: str
    quotes: tuple[str, ...] = ()
    rfq_key: str = ""


def _refs(quotes: Sequence[Quote]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(q.reference for q in quotes))


TOTALS_MISMATCH = "but the lines above it add up to"
"""The words of the import's warning for a total row that does not match its lines."""


def clarifications(
    vendor: Vendor,
    quotes: Sequence[Quote],
    evaluation: Evaluation,
    warnings: Mapping[str, Sequence[Problem]] | None = None,
    accelerators: Mapping[str, Accelerator] | None = None,
) -> list[Clarification]:
    """The questions for ``vendor`` about its ``quotes`` (latest revisions), in topic order.

    Args:
        vendor: the vendor, with its certifications.
        quotes: its latest quotes.
        evaluation: the requirements and the decision date.
        warnings: what each quote's import warned about, by quote reference (a total
            that does not add up becomes a question).
        accelerators: the catalogue, to tell a measured serving rate taken under a lighter
            load than a workload's (it becomes a question); none: not asked.
    """
    day = evaluation.decision_date
    compute = [q for q in quotes if q.compute_lines]
    asks: list[Clarification] = []

    def ask(topic: str, question: str, why: str, among: Sequence[Quote], key: str = "") -> None:
        if among:
            asks.append(Clarification(topic, question, why, _refs(among), key))

    expired = [q for q in quotes if q.valid_until is not None and q.valid_until < day]
    ask(
        "Validity",
        f"Your quote expires before our decision date ({day.isoformat()}). Please extend "
        "its validity or send a current quote.",
        "An expired quote cannot be awarded.",
        expired,
        "valid_until",
    )
    for reference, found in sorted((warnings or {}).items()):
        for problem in found:
            if TOTALS_MISMATCH not in problem.message:
                continue
            asks.append(
                Clarification(
                    "Totals",
                    f"In your quote {reference}, {_lower_first(problem.message)} "
                    f"({problem.source}). Please confirm the total or correct the lines.",
                    "We price every line as quoted; a total that does not match them means a "
                    "line is missing, doubled or mispriced.",
                    (reference,),
                )
            )
    ask(
        "Service level",
        "State your monthly uptime commitment, as a percentage.",
        "Expected downtime is priced from it; without it the reliability score assumes a default.",
        [q for q in quotes if q.sla.uptime_pct is None],
        "sla.uptime_pct",
    )
    ask(
        "Service level",
        "State your service-credit schedule: below which monthly uptime which share of the "
        "monthly fee is credited.",
        "Credits are refunds: they lower the cost of downtime to us, and without them "
        "downtime is priced at its full cost.",
        [q for q in quotes if q.sla.uptime_pct is not None and not q.sla.credits],
        "sla.credits.1.below",
    )
    ask(
        "Support",
        "State your committed response time for each severity (1 to 4), or 'best effort'.",
        "The service score weighs committed response times; none are on record.",
        [q for q in quotes if not q.support.response_minutes],
        "support.response_minutes.1",
    )
    ask(
        "Reliability",
        "State your annual accelerator failure rate (share of accelerators failing per "
        "year) and the fleet and period it was measured on.",
        "Your reliability score is computed from an assumed failure rate.",
        [q for q in compute if q.reliability.annual_failure_rate is None],
        "reliability.annual_failure_rate",
    )
    ask(
        "Reliability",
        "State your mean time to repair or replace a failed accelerator or node, in hours.",
        "Repair time turns failures into lost accelerator-hours in the reliability score.",
        [q for q in compute if q.reliability.mttr_hours is None],
        "reliability.mttr_hours",
    )
    workloads = ", ".join(w.name for w in evaluation.workloads) or "our workloads"
    ask(
        "Measured performance",
        f"Send a measured model FLOPs utilisation (MFU) or generated (output) tokens per "
        f"second per accelerator on a workload like ours ({workloads}): the model, the "
        f"accelerators, the precision, the prompt and output lengths and the date.",
        "The performance score is measured MFU; without a measurement an assumption is "
        "used and the quote cannot score above it.",
        [
            q
            for q in compute
            if q.performance.mfu is None and q.performance.tokens_per_second is None
        ],
        "performance.mfu",
    )
    ask(
        "Measured performance",
        "Name the benchmark behind your measured figure: model, accelerators, precision and date.",
        "A measurement counts only for the model and accelerator it was made on.",
        [
            q
            for q in compute
            if (q.performance.mfu is not None or q.performance.tokens_per_second is not None)
            and not q.performance.method
        ],
        "performance.method",
    )
    for workload in evaluation.workloads if accelerators else ():
        lighter = [
            q for q in compute if measured_under_lighter_load(q, workload, accelerators or {})
        ]
        ask(
            "Measured performance",
            f"Your measured tokens/s is more than the accelerators' memory bandwidth allows at "
            f"the {workload.context_length:,} tokens of context of our workload "
            f"“{workload.name}”: send tokens/s per accelerator measured at that context, with "
            f"a batch of {max(1, workload.batch_size)} and a model of "
            f"{format_number(workload.params / 1e9)} B parameters, and the method.",
            "A rate measured under a lighter load than ours (a shorter context) is set aside, "
            "and the quote is rated from the datasheet instead.",
            lighter,
            "performance.tokens_per_second",
        )
    asks.extend(_certifications(vendor, quotes, evaluation))
    ask(
        "Data location",
        "State, for each option, the region and the country where it runs and where our data "
        "is stored.",
        "Data residency rules are knock-outs; an option without a stated location cannot "
        "be checked against them.",
        [
            q
            for q in compute
            if any(not line.region and not line.country for line in q.compute_lines)
        ],
        "data.country",
    )
    ask(
        "Capacity",
        "State how many accelerators (or nodes) you can supply for each option, and from when.",
        "The award plan splits capacity across vendors; without a maximum it assumes any "
        "amount can be supplied.",
        [q for q in compute if all(stated_maximum(line) is None for line in q.compute_lines)],
        "",
    )
    needed = sorted(w.needed_by for w in evaluation.workloads if w.needed_by is not None)
    if needed:
        ask(
            "Lead time",
            "State, for each option, the days from order to the capacity being in service.",
            f"Capacity is needed from {needed[0].isoformat()}; the award plan leaves out options "
            "delivered later, and cannot judge an option whose lead time is not stated.",
            [q for q in compute if any(line.lead_time_days is None for line in q.compute_lines)],
            "",
        )
    ask(
        "Exit terms",
        "State your termination notice period and any early-termination fee.",
        "Notice and fees are the cost of leaving, part of the exit score.",
        [q for q in quotes if q.exit_terms.notice_days is None],
        "exit_terms.notice_days",
    )
    ask(
        "Exit terms",
        "Confirm whether our data is returned on exit, and deleted with a certificate.",
        "Without a return of data, leaving costs a migration; deletion is a compliance "
        "requirement.",
        [
            q
            for q in quotes
            if q.exit_terms.data_return is None or q.exit_terms.data_deletion is None
        ],
        "exit_terms.data_return",
    )
    ask(
        "Exit terms",
        "State your data egress price per GB.",
        "Egress is the cost of taking our data out at the end of the contract.",
        [q for q in compute if q.exit_terms.egress_usd_per_gb is None and not _egress_line(q)],
        "exit_terms.egress",
    )
    return asks


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _egress_line(quote: Quote) -> bool:
    return any(
        line.category is not None and line.category.value == "egress" for line in quote.lines
    )


def _certifications(
    vendor: Vendor, quotes: Sequence[Quote], evaluation: Evaluation
) -> list[Clarification]:
    """Required certifications missing or not valid on the decision date, and expiries unknown."""
    day: date = evaluation.decision_date
    refs = _refs(quotes)
    asks = []
    required = sorted({c for w in evaluation.workloads for c in w.required_certifications})
    for name in required:
        want = certification_key(name)
        held = [c for c in vendor.certifications if certification_key(c.name).startswith(want)]
        if not held:
            asks.append(
                Clarification(
                    "Certifications",
                    f"Send your {name} certificate with its scope and expiry date, or say that "
                    "you do not hold it.",
                    f"{name} is required for our workloads; without it the quote is knocked out.",
                    refs,
                    "certifications.1.name",
                )
            )
        elif not any(c.valid_on(day) for c in held):
            until = max(c.valid_to or date.min for c in held)
            asks.append(
                Clarification(
                    "Certifications",
                    f"Your {name} certificate on record expired on {until.isoformat()}. Send "
                    "the current certificate.",
                    f"{name} must be valid on our decision date ({day.isoformat()}).",
                    refs,
                    "certifications.1.valid_to",
                )
            )
    undated = [c.name for c in vendor.certifications if c.valid_to is None]
    if undated:
        asks.append(
            Clarification(
                "Certifications",
                "State until when each of these certificates is valid: " + ", ".join(undated) + ".",
                "An expired certificate does not count; its expiry is not on record.",
                refs,
                "certifications.1.valid_to",
            )
        )
    return asks
