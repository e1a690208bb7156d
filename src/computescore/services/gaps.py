"""What an evaluation is still missing, in plain sentences for the Overview page."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from computescore.domain.catalog import Accelerator
from computescore.domain.compliance import certification_key
from computescore.domain.money import rate_on
from computescore.domain.quotes import FxRate, Quote, QuoteLine, Vendor
from computescore.domain.tco import stated_flex, stated_maximum, stated_prepayment
from computescore.domain.tco.throughput import measured_under_lighter_load
from computescore.domain.workload import Evaluation


@dataclass(frozen=True, slots=True)
class Gap:
    """One missing or doubtful item.

    Attributes:
        severity: ``warning`` (lowers confidence in the result) or ``info``.
        text: the sentence shown ("3 quotes have no measured MFU").
        view: the page where it can be fixed or inspected.
    """

    severity: str
    text: str
    view: str


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _whose(quotes: Sequence[Quote], shown: int = 3) -> str:
    """The vendors of ``quotes``, with how many each sent where more than one:
    "Kessler Systemhaus GmbH (2 quotes), Meridian Compute LLC"."""
    counts: dict[str, int] = {}
    for quote in quotes:
        counts[quote.vendor.name] = counts.get(quote.vendor.name, 0) + 1
    names = [
        name if count == 1 else f"{name} ({count} quotes)"
        for name, count in sorted(counts.items(), key=lambda item: item[0].casefold())
    ]
    return ", ".join(names[:shown]) + ("…" if len(names) > shown else "")


def find_gaps(
    evaluation: Evaluation,
    quotes: Sequence[Quote],
    vendors: Iterable[Vendor],
    fx_rates: Sequence[FxRate],
    currencies: Iterable[str],
    accelerators: Mapping[str, Accelerator] | None = None,
) -> list[Gap]:
    """The evaluation's gaps, most important first.

    Looks for: no workloads, no quotes, quotes without measured MFU, without an SLA
    uptime, without support response times, without reliability figures or exit
    terms, or without a stated capacity or, where a workload has a need-by date, lead
    time (the award plan needs them); measured serving rates
    set aside as taken under a lighter load than a workload's (with ``accelerators``, the
    catalogue); quotes that expire
    before the decision date; required certifications
    missing or expired on the decision date; quoted currencies with no FX rate on
    or before the decision date.
    """
    gaps: list[Gap] = []
    day: date = evaluation.decision_date
    if not evaluation.workloads:
        gaps.append(Gap("warning", "No workload profile yet: sizing and TCO need one", "workloads"))
    if not quotes:
        gaps.append(Gap("warning", "No quotes imported yet", "quotes"))
        return gaps

    # A quote without compute lines (colocation, services) has no performance or
    # hardware failure rate to measure: those gaps concern compute offers only.
    compute = [q for q in quotes if q.compute_lines]

    def quotes_without(
        predicate_missing: object, one: str, many: str, view: str, among: Sequence[Quote] = quotes
    ) -> None:
        missing = [q for q in among if predicate_missing(q)]  # type: ignore[operator]
        if missing:
            gaps.append(
                Gap("warning", f"{_count(len(missing), one, many)} ({_whose(missing)})", view)
            )

    quotes_without(
        lambda q: q.performance.mfu is None and q.performance.tokens_per_second is None,
        "quote has no measured MFU or throughput",
        "quotes have no measured MFU or throughput",
        "quotes",
        compute,
    )
    gaps.extend(_lighter_loads(evaluation, compute, accelerators or {}))
    quotes_without(
        lambda q: q.sla.uptime_pct is None,
        "quote states no SLA uptime",
        "quotes state no SLA uptime",
        "quotes",
    )
    quotes_without(
        lambda q: not q.support.response_minutes,
        "quote states no support response times",
        "quotes state no support response times",
        "quotes",
    )
    quotes_without(
        lambda q: q.reliability.annual_failure_rate is None and q.reliability.mttr_hours is None,
        "quote gives no failure rate or repair time",
        "quotes give no failure rate or repair time",
        "quotes",
        compute,
    )
    quotes_without(
        lambda q: q.exit_terms.notice_days is None and q.exit_terms.data_return is None,
        "quote states no exit terms",
        "quotes state no exit terms",
        "quotes",
    )
    expired = [q for q in quotes if q.valid_until is not None and q.valid_until < day]
    if expired:
        gaps.append(
            Gap(
                "warning",
                f"{_count(len(expired), 'quote expires', 'quotes expire')} before the decision "
                f"date {day.isoformat()} ({_whose(expired)})",
                "quotes",
            )
        )
    required = {c for w in evaluation.workloads for c in w.required_certifications}
    quoted_vendors = {q.vendor.name for q in quotes}
    without: dict[str, list[str]] = {}
    for vendor in sorted(vendors, key=lambda v: v.name.casefold()):
        if vendor.name not in quoted_vendors:
            continue
        for name in sorted(required):
            # "ISO/IEC 27001:2022" on record meets a required "ISO/IEC 27001", as in the
            # compliance checks.
            want = certification_key(name)
            held = [c for c in vendor.certifications if certification_key(c.name).startswith(want)]
            if not held:
                without.setdefault(name, []).append(vendor.name)
            elif not any(c.valid_on(day) for c in held):
                cert = max(held, key=lambda c: c.valid_to or date.min)
                until = cert.valid_to.isoformat() if cert.valid_to else "?"
                gaps.append(
                    Gap(
                        "warning",
                        f"{vendor.name}’s {name} is not valid on the decision date "
                        f"(valid until {until})",
                        "vendors",
                    )
                )
    for name, names in sorted(without.items()):
        shown = ", ".join(names[:3]) + ("…" if len(names) > 3 else "")
        gaps.append(
            Gap(
                "warning",
                f"{_count(len(names), 'vendor has', 'vendors have')} no {name} on record ({shown})",
                "vendors",
            )
        )
    for currency in sorted({c.upper() for c in currencies if c}):
        if currency != "USD" and rate_on(currency, day, fx_rates) is None:
            gaps.append(
                Gap(
                    "warning",
                    f"No FX rate for {currency} on or before {day.isoformat()}: its prices "
                    "cannot be converted, so those quotes' costs are incomplete",
                    "fx",
                )
            )
    gaps.extend(_plan_gaps(evaluation, compute))
    return gaps


def _plan_gaps(evaluation: Evaluation, compute: Sequence[Quote]) -> list[Gap]:
    """What the award plan needs from the compute quotes and they do not state: a
    capacity, and a lead time where a workload has a need-by date."""
    gaps: list[Gap] = []
    uncapped = [q for q in compute if all(stated_maximum(line) is None for line in q.compute_lines)]
    if uncapped:
        gaps.append(
            Gap(
                "info",
                f"{_count(len(uncapped), 'quote states', 'quotes state')} no capacity on "
                f"{'its' if len(uncapped) == 1 else 'their'} compute lines: the award plan "
                "assumes any amount can be supplied; ask for "
                f"“max. N nodes” ({_whose(uncapped)})",
                "plan",
            )
        )
    needed = sorted(
        (w for w in evaluation.workloads if w.needed_by is not None),
        key=lambda w: w.needed_by or date.max,
    )
    undated = [q for q in compute if any(line.lead_time_days is None for line in q.compute_lines)]
    if needed and undated:
        gaps.append(
            Gap(
                "info",
                f"{_count(len(undated), 'quote states', 'quotes state')} no lead time on "
                f"{'its' if len(undated) == 1 else 'their'} compute lines, and "
                f"{needed[0].name!r} is needed by {needed[0].needed_by}: the award plan "
                f"cannot tell whether they arrive in time ({_whose(undated)})",
                "plan",
            )
        )
    committed = [
        q
        for q in compute
        if any(
            line.deployment is not None and line.deployment.committed for line in q.compute_lines
        )
    ]
    unbanded = [q for q in committed if all(stated_flex(line) is None for line in q.compute_lines)]
    peaked = next((w for w in evaluation.workloads if w.peak_share > 0), None)
    if peaked is not None and unbanded:
        gaps.append(
            Gap(
                "info",
                f"{_count(len(unbanded), 'quote states', 'quotes state')} no flex band above "
                f"{'its' if len(unbanded) == 1 else 'their'} commitments, and {peaked.name!r} "
                "has peaks: the award plan rents every peak elsewhere; ask whether use above "
                f"the commitment is billed at its rate (“flex +25%”) ({_whose(unbanded)})",
                "plan",
            )
        )
    unpaid = [
        q for q in committed if all(stated_prepayment(line) is None for line in q.compute_lines)
    ]
    if unpaid:
        gaps.append(
            Gap(
                "info",
                f"{_count(len(unpaid), 'quote does', 'quotes do')} not say whether "
                f"{'its' if len(unpaid) == 1 else 'their'} commitments are paid in advance: the "
                "award plan counts them paid monthly and carries no prepayment risk; ask "
                f"(“prepaid 50%”, “no prepayment”) ({_whose(unpaid)})",
                "plan",
            )
        )
    return gaps


def _committed(line: QuoteLine) -> bool:
    return line.deployment is not None and line.deployment.committed


def _lighter_loads(
    evaluation: Evaluation, compute: Sequence[Quote], accelerators: Mapping[str, Accelerator]
) -> list[Gap]:
    """One gap per serving workload whose context some quotes' measured tokens/s cannot
    have been taken at (:func:`measured_under_lighter_load`); none without a catalogue."""
    gaps = []
    for workload in evaluation.workloads if accelerators else ():
        lighter = [q for q in compute if measured_under_lighter_load(q, workload, accelerators)]
        if lighter:
            gaps.append(
                Gap(
                    "warning",
                    f"{_count(len(lighter), 'quote’s', 'quotes’')} measured tokens/s "
                    f"{'is' if len(lighter) == 1 else 'are'} more than "
                    f"{'its' if len(lighter) == 1 else 'their'} accelerators can give at the "
                    f"{workload.context_length:,} tokens of context of “{workload.name}”, so "
                    f"set aside ({_whose(lighter)}); ask for tokens/s measured at this context",
                    "quotes",
                )
            )
    return gaps
