"""From a priced quote line to a plan option: its cost as a line, its unit, its residency.

Small pure steps the plan's inputs are built from (``services/plan``):

* :func:`affine_cost` — a line's cost priced at two accelerator counts gives its cost
  for any count: a fixed part and a part per accelerator;
* :func:`whole_unit` — how many accelerators come together (a node when priced per
  node or per server);
* :func:`residency` — whether a line may hold a workload's data, option by option;
* :func:`delivery` — whether a line is in service by the workload's need-by date.
"""

from __future__ import annotations

from datetime import date, timedelta

from computescore.domain.compliance.sovereignty import region_countries
from computescore.domain.quotes import PriceUnit, QuoteLine
from computescore.domain.workload import DataClassification, Workload

_BY_NODE = frozenset({PriceUnit.PER_NODE_HOUR, PriceUnit.PER_NODE_MONTH, PriceUnit.PER_UNIT})
_STRICT = frozenset({DataClassification.RESTRICTED, DataClassification.CONFIDENTIAL})


def affine_cost(
    accelerators: int, usd: float, more_accelerators: int, more_usd: float
) -> tuple[float, float]:
    """(fixed USD, USD per accelerator) through two priced points of one line.

    Its cost lines priced per server or per GPU grow with the count; support
    contracts, installation and software adaptation do not. A line priced at one
    count only (or whose cost would fall as it grows) is taken as proportional.

    >>> affine_cost(8, 10_000.0, 16, 18_000.0)
    (2000.0, 1000.0)
    """
    if accelerators <= 0:
        return 0.0, 0.0
    if more_accelerators != accelerators:
        slope = (more_usd - usd) / (more_accelerators - accelerators)
        fixed = usd - slope * accelerators
        if slope > 0 and fixed >= 0:
            return fixed, slope
    return 0.0, usd / accelerators


def whole_unit(line: QuoteLine, per_node: float | None) -> int:
    """Accelerators that come together: a node when priced per node or per server, else 1."""
    if per_node is None or per_node < 1 or not float(per_node).is_integer():
        return 1
    if line.price_unit in _BY_NODE or (line.accelerators_per_node is not None and line.nodes):
        return int(per_node)
    return 1


def residency(line: QuoteLine, workload: Workload) -> str:
    """Why the line may not hold the workload's data ("" when it may).

    Restricted and confidential data must stay in the workload's required region: a
    line elsewhere is not eligible for it. Internal and public data may go elsewhere,
    and a line that does not say where it runs stays eligible, as in the compliance
    findings, whose warning ("Location not stated") the plan carries as a risk.
    """
    if not workload.required_region or workload.data_classification not in _STRICT:
        return ""
    allowed = region_countries(workload.required_region)
    if allowed is None:
        return ""
    where = (line.country or "").strip().upper()
    klass = workload.data_classification.value
    if where and where not in allowed:
        return f"runs in {where}; {klass} data must stay in {workload.required_region}"
    return ""


def delivery(line: QuoteLine, workload: Workload, decision_date: date) -> tuple[str, str]:
    """(why the line cannot supply the workload in time, what the plan should confirm).

    A line ordered on the decision date is in service its lead time later; after the
    workload's need-by date it is not eligible. With a need-by date and no lead time
    stated, the line stays eligible and the plan carries the question.
    """
    if workload.needed_by is None:
        return "", ""
    need = workload.needed_by.isoformat()
    if line.lead_time_days is None:
        return "", f"{line.description}: no lead time is stated; it must be in service by {need}"
    ready = decision_date + timedelta(days=line.lead_time_days)
    if ready > workload.needed_by:
        return (
            f"in service on {ready.isoformat()} at the earliest ({line.lead_time_days} days "
            f"from the decision date), after the workload's need-by date {need}",
            "",
        )
    return "", ""
