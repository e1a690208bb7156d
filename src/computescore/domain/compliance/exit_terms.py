"""Exit-term findings: notice, fees, egress, data return and auto-renewal."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from computescore.domain.compliance.thresholds import USER_THRESHOLD, ComplianceThresholds
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    CostCategory,
    Deployment,
    PriceUnit,
    Quote,
)


def _egress_price(quote: Quote) -> tuple[Decimal | None, str, str]:
    """The price of moving a GB out, its currency and where it is stated: the exit terms
    (US$), else the quote's per-GB egress line in its own currency (None: not stated)."""
    if quote.exit_terms.egress_usd_per_gb is not None:
        return quote.exit_terms.egress_usd_per_gb, "USD", "exit terms"
    for line in quote.cost_lines:
        if line.category is CostCategory.EGRESS and line.price_unit is PriceUnit.PER_GB:
            return line.price, line.currency.upper(), f"cost line '{line.description}'"
    return None, "", ""


_Add = Callable[[FindingSeverity, str, str, str, str], None]


def check_exit_terms(
    quote: Quote, thresholds: ComplianceThresholds = ComplianceThresholds()
) -> list[Finding]:
    """Exit-clause red flags against the user's thresholds.

    Hardware the buyer owns or leases runs on the buyer's site: its data never sits with
    the vendor, so the data-return, data-deletion and egress clauses of a cloud contract
    do not apply to it; a purchase has no notice period or termination fee either.
    """
    findings: list[Finding] = []
    compute = quote.compute_lines
    on_site = bool(compute) and all(
        line.deployment in (Deployment.PURCHASE, Deployment.LEASE) for line in compute
    )
    bought = bool(compute) and all(line.deployment is Deployment.PURCHASE for line in compute)

    def add(severity: FindingSeverity, rule_id: str, title: str, reason: str, src: str) -> None:
        findings.append(
            Finding(
                quote.key,
                severity,
                FindingCategory.EXIT_TERMS,
                title,
                reason,
                rule_id,
                "",
                USER_THRESHOLD,
                f"compliance thresholds: {src}",
            )
        )

    if on_site:
        add(
            FindingSeverity.INFO,
            "exit.on_site",
            "Hardware on the buyer's site: cloud exit clauses do not apply",
            "Every compute line is bought or leased hardware: the data stays on the buyer's "
            "own equipment, so data return, data deletion and egress are not checked"
            + (", and a purchase has no notice period or termination fee." if bought else "."),
            "owned or leased hardware",
        )
    if not bought:
        _commitment(quote, thresholds, add)
    if not on_site:
        _data(quote, thresholds, add)
    if thresholds.flag_auto_renewal and quote.exit_terms.auto_renewal:
        add(
            FindingSeverity.WARNING,
            "exit.auto_renewal",
            "Automatic renewal",
            "The contract renews automatically unless notice is given in time.",
            "automatic renewal flagged",
        )
    return findings


def _commitment(quote: Quote, thresholds: ComplianceThresholds, add: _Add) -> None:
    """The termination fee and the notice period."""
    terms = quote.exit_terms
    limit = thresholds.max_termination_fee_pct
    if terms.termination_fee_pct is None:
        add(
            FindingSeverity.INFO,
            "exit.termination_fee_pct",
            "Termination fee not stated",
            "The quote states no early-termination fee.",
            f"max termination fee {limit:g} %",
        )
    elif terms.termination_fee_pct > limit:
        add(
            FindingSeverity.WARNING,
            "exit.termination_fee_pct",
            f"Termination fee {terms.termination_fee_pct:g} % above {limit:g} %",
            f"Leaving early costs {terms.termination_fee_pct:g} % of the remaining contract "
            f"value, above the {limit:g} % the buyer accepts.",
            f"max termination fee {limit:g} %",
        )
    days = thresholds.max_notice_days
    if terms.notice_days is None:
        add(
            FindingSeverity.INFO,
            "exit.notice_days",
            "Notice period not stated",
            "The quote states no notice period.",
            f"max notice {days} days",
        )
    elif terms.notice_days > days:
        add(
            FindingSeverity.WARNING,
            "exit.notice_days",
            f"Notice period {terms.notice_days} days above {days} days",
            f"The vendor requires {terms.notice_days} days' notice to leave, above the "
            f"{days} days the buyer accepts.",
            f"max notice {days} days",
        )


def _data(quote: Quote, thresholds: ComplianceThresholds, add: _Add) -> None:
    """Getting the data out: the egress price and the data-return and deletion clauses."""
    terms = quote.exit_terms
    egress, currency, where = _egress_price(quote)
    cap = thresholds.max_egress_usd_per_gb
    if egress is None:
        add(
            FindingSeverity.INFO,
            "exit.egress_usd_per_gb",
            "Egress price not stated",
            "The quote states no price for moving data out.",
            f"max egress US$ {cap}/GB",
        )
    elif currency != "USD" and egress > 0:
        # Free is free in any currency; a price in another currency is stated, and is
        # compared with the US$ cap where the TCO converts it, not here.
        add(
            FindingSeverity.INFO,
            "exit.egress_usd_per_gb",
            f"Egress {egress} {currency}/GB",
            f"Moving data out costs {egress} {currency} per GB ({where}); the buyer's cap of "
            f"US$ {cap} per GB is in US dollars and is not compared across currencies.",
            f"max egress US$ {cap}/GB",
        )
    elif egress > cap:
        add(
            FindingSeverity.WARNING,
            "exit.egress_usd_per_gb",
            f"Egress US$ {egress}/GB above US$ {cap}/GB",
            f"Moving data out costs US$ {egress} per GB ({where}), above the US$ {cap} per GB "
            "the buyer accepts.",
            f"max egress US$ {cap}/GB",
        )
    for flag, value, rule_id, what in (
        (thresholds.require_data_return, terms.data_return, "exit.data_return", "data-return"),
        (
            thresholds.require_data_deletion,
            terms.data_deletion,
            "exit.data_deletion",
            "data-deletion",
        ),
    ):
        if not flag or value is True:
            continue
        state = "not stated" if value is None else "excluded"
        add(
            FindingSeverity.WARNING,
            rule_id,
            f"No {what} clause ({state})",
            f"The quote has no {what} clause on exit ({state}); the buyer requires one.",
            f"{what} clause required",
        )
