"""The award plan: every workload supplied from the eligible options, layered across vendors.

``model`` holds the records, ``programme`` the mixed-integer programme (HiGHS through
``scipy.optimize.milp``), ``plan`` solves and explains one plan, and ``scenarios``
compares named policies side by side.
"""

from computescore.domain.award.model import (
    Allocation,
    AwardPlan,
    Binding,
    Exclusion,
    Layer,
    LayerDecision,
    Objective,
    PlanOption,
    PlanPolicy,
    PlanWorkload,
    Shortfall,
    VendorSpend,
)
from computescore.domain.award.plan import plan_award
from computescore.domain.award.scenarios import (
    BUILT_IN,
    ScenarioResult,
    built_in,
    compare,
    difference,
    find,
)

__all__ = [
    "BUILT_IN",
    "Allocation",
    "AwardPlan",
    "Binding",
    "Exclusion",
    "Layer",
    "LayerDecision",
    "Objective",
    "PlanOption",
    "PlanPolicy",
    "PlanWorkload",
    "ScenarioResult",
    "Shortfall",
    "VendorSpend",
    "built_in",
    "compare",
    "difference",
    "find",
    "plan_award",
]
