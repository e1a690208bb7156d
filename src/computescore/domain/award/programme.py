"""The award plan as a mixed-integer programme, solved by HiGHS (``scipy.optimize.milp``).

Variables:

* ``n[o, l]`` — whole units (nodes, or single accelerators) of option ``o`` in layer
  ``l`` of its workload; the accelerators are ``unit × n`` and the demand they meet
  ``unit × n × equivalents``.
* ``u[s]`` — 1 when the quote line ``s`` is used at all (its fixed costs are paid,
  its minimum commitment applies); only lines with fixed costs or a minimum, or every
  line when a rule counts vendors, have one, tied to each unit variable of the line
  (``n ≤ most × u``, the strong form of a fixed charge).
* ``y[v]`` — 1 when vendor ``v`` is in the plan (only when a rule counts vendors).
* ``spend`` — the plan's total, a continuous variable, only under a vendor cap.

Constraints (each has a name so it can be relaxed to measure what it costs):

* demand: each workload's baseline is met by its baseline layer, and its peak by what
  the baseline layer has to spare and the peak layer together (an 8-accelerator node
  bought for a baseline of 4 serves 4 of the peak as well);
* ``capacity:S`` / ``minimum:S``: a line supplies at most its stated capacity and, when
  used, at least its minimum commitment, over all the workloads it supplies;
* ``flex:S``: a flex band above a commitment supplies at most its share of the
  accelerators committed on its line (:attr:`PlanOption.flex_of`), over all workloads;
* ``vendor_cap``: no vendor's spend above the cap's share of the plan's spend;
* ``min_vendors`` / ``max_vendors`` / ``keep_vendor``: how many vendors, and which one
  must stay;
* ``min_score:W``: workload ``W``'s average weighted score (by equivalent-months) at
  least the floor.

The objective is the plan's cost, or its score-adjusted cost (each dollar divided by
the quote's score ÷ 100) when the policy asks for the best value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_array

from computescore.domain.award.model import Layer, Objective, PlanOption, PlanPolicy, PlanWorkload

TIME_LIMIT_S = 20.0
"""The solver's time limit for one plan, in seconds."""

MIP_GAP = 1e-5
"""The relative gap to the optimum at which the solver stops (it proves the bound):
0.001 %, $18 on a $1.75 million plan. Proving the next digit took the demo's 60 % cap
scenario 1.2 s of its 1.4 s, for no figure a reader sees."""

LARGE_COLUMNS = 1_000
"""Above this many unit variables (once dominated ones are set aside) the solver stops
within :data:`LARGE_GAP` instead."""

LARGE_GAP = 1e-3
"""The proven gap accepted on large plans: 0.1 %, far inside the prices' own uncertainty."""


@dataclass(frozen=True, slots=True)
class Column:
    """One ``n[o, l]`` variable: an option in a layer."""

    option: int
    layer: Layer
    usd_per_unit: float
    """What one unit costs in this layer (USD)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """What the solver found: units per column, the objective and the proven gap."""

    status: int
    message: str
    objective: float
    units: tuple[int, ...]
    gap: float = 0.0
    """The proven relative gap to the optimum (0: optimal)."""

    @property
    def optimal(self) -> bool:
        """True when the solver proved the solution optimal."""
        return self.status == 0


@dataclass(slots=True)
class _Rows:
    """A growing sparse constraint matrix with its bounds."""

    rows: list[int]
    cols: list[int]
    values: list[float]
    lower: list[float]
    upper: list[float]

    def add(self, terms: Sequence[tuple[int, float]], lower: float, upper: float) -> None:
        row = len(self.lower)
        for col, value in terms:
            self.rows.append(row)
            self.cols.append(col)
            self.values.append(value)
        self.lower.append(lower)
        self.upper.append(upper)


def columns(
    workloads: Mapping[str, PlanWorkload],
    options: Sequence[PlanOption],
    set_aside: frozenset[str] = frozenset(),
) -> list[Column]:
    """The programme's unit variables: every eligible option in every layer of its workload.

    Options of the lines in ``set_aside`` (dominated: no optimal plan needs them) are left out.
    Capacity paid for the whole horizon has no peak column: it would cost what its
    baseline column costs, and the baseline column serves the peak as well. A flex band
    above a commitment has no baseline column: it is there for peaks, and a vendor does
    not hold capacity paid as used for steady work.
    """
    out = []
    for index, option in enumerate(options):
        workload = workloads.get(option.workload)
        if not option.eligible or workload is None or option.supply in set_aside:
            continue
        for layer in workload.layers:
            if layer is Layer.PEAK and not option.pay_as_used:
                continue
            if layer is Layer.BASELINE and option.flex_of is not None:
                continue  # a flex band serves peaks: steady work is what is committed
            usd = option.unit * option.layer_usd(layer, workload.peak_share)
            out.append(Column(index, layer, usd))
    return out


def _reach(workload: PlanWorkload, layer: Layer, option: PlanOption) -> int:
    """The most demand a column may usefully meet.

    Committed capacity in the baseline layer serves the peak too. Capacity paid as used
    never takes more than the baseline there (beyond whole units): its peak column
    costs only the peak's share of the price.
    """
    if layer is Layer.PEAK:
        return workload.peak
    return workload.baseline + (0 if option.pay_as_used else workload.peak)


def value_factor(score: float | None) -> float:
    """Dollars are divided by score ÷ 100 in the best-value objective."""
    if score is None or score <= 0:
        return math.inf
    return 100.0 / score


def score_floors(
    workloads: Mapping[str, PlanWorkload], options: Sequence[PlanOption], policy: PlanPolicy
) -> dict[str, float]:
    """Each workload's minimum average score under the policy (absent: no floor)."""
    floors: dict[str, float] = {}
    for name in workloads:
        floor = policy.min_score
        if policy.top_score_only:
            scores = [
                o.score
                for o in options
                if o.workload == name and o.eligible and o.score is not None
            ]
            if scores:
                best = max(scores) - 1e-6
                floor = best if floor is None else max(floor, best)
        if floor is not None:
            floors[name] = floor
    return floors


@dataclass(slots=True)
class _Programme:
    """The programme's arrays, built rule family by rule family."""

    workloads: Mapping[str, PlanWorkload]
    options: Sequence[PlanOption]
    policy: PlanPolicy
    cols: Sequence[Column]
    drop: frozenset[str]
    supplies: list[str] = field(default_factory=list)
    supply_index: dict[str, int] = field(default_factory=dict)
    vendor_index: dict[str, int] = field(default_factory=dict)
    vendor_of: dict[str, str] = field(default_factory=dict)
    fixed: dict[str, float] = field(default_factory=dict)
    capacity: dict[str, int | None] = field(default_factory=dict)
    minimum: dict[str, int] = field(default_factory=dict)
    mean_score: dict[str, float | None] = field(default_factory=dict)
    by_layer: dict[tuple[str, Layer], list[tuple[int, float]]] = field(default_factory=dict)
    rows: _Rows = field(default_factory=lambda: _Rows([], [], [], [], []))

    def __post_init__(self) -> None:
        options, cols = self.options, self.cols
        self.supplies = sorted({options[c.option].supply for c in cols})
        self.supply_index = {s: len(cols) + i for i, s in enumerate(self.supplies)}
        scores: dict[str, list[float]] = {s: [] for s in self.supplies}
        self.fixed = dict.fromkeys(self.supplies, 0.0)
        for j, c in enumerate(cols):
            option = options[c.option]
            self.vendor_of[option.supply] = option.vendor
            self.fixed[option.supply] = max(self.fixed[option.supply], option.fixed_usd)
            self.capacity[option.supply] = option.capacity
            self.minimum[option.supply] = option.minimum
            if option.score is not None:
                scores[option.supply].append(option.score)
            self.by_layer.setdefault((option.workload, c.layer), []).append(
                (j, option.unit * option.equivalents)
            )
        self.mean_score = {s: sum(v) / len(v) if v else None for s, v in scores.items()}
        if self.counts_vendors:
            start = len(cols) + len(self.supplies)
            vendors = sorted(set(self.vendor_of.values()))
            self.vendor_index = {v: start + i for i, v in enumerate(vendors)}

    def keeps(self, rule: str) -> bool:
        """True unless the rule is dropped (to measure what it costs)."""
        return rule not in self.drop

    @property
    def counts_vendors(self) -> bool:
        p = self.policy
        return (
            (p.min_vendors > 1 and self.keeps("min_vendors"))
            or (p.max_vendors is not None and self.keeps("max_vendors"))
            or (p.keep_vendor is not None and self.keeps("keep_vendor"))
        )

    @property
    def capped(self) -> bool:
        """True when a vendor cap applies (a spend variable carries the plan's total)."""
        return self.policy.vendor_cap is not None and self.keeps("vendor_cap")

    @property
    def spend_index(self) -> int:
        """The continuous variable holding the plan's total spend (when capped)."""
        return len(self.cols) + len(self.supplies) + len(self.vendor_index)

    @property
    def size(self) -> int:
        return self.spend_index + (1 if self.capped else 0)

    def integrality(self) -> np.ndarray:
        """1 for the whole-unit and yes/no variables, 0 for the spend."""
        out = np.ones(self.size)
        if self.capped:
            out[self.spend_index] = 0
        return out

    def _factor(self, score: float | None) -> float:
        return value_factor(score) if self.policy.objective is Objective.VALUE else 1.0

    def costs_and_bounds(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(objective, money, lower, upper) per variable."""
        cost, money = np.zeros(self.size), np.zeros(self.size)
        lower, upper = np.zeros(self.size), np.ones(self.size)
        if self.capped:
            upper[self.spend_index] = np.inf
        for j, c in enumerate(self.cols):
            option = self.options[c.option]
            workload = self.workloads[option.workload]
            money[j] = c.usd_per_unit
            factor = self._factor(option.score)
            cost[j] = c.usd_per_unit * factor if math.isfinite(factor) else 0.0
            per_unit = option.unit * max(option.equivalents, 1e-9)
            most = max(
                math.ceil(_reach(workload, c.layer, option) / per_unit - 1e-9),
                math.ceil(self.minimum[option.supply] / option.unit),
            )
            cap = self.capacity[option.supply]
            if cap is not None and self.keeps(f"capacity:{option.supply}"):
                most = min(most, cap // option.unit)
            upper[j] = most if math.isfinite(factor) else 0
        for s, j in self.supply_index.items():
            money[j] = self.fixed[s]
            factor = self._factor(self.mean_score[s])
            cost[j] = self.fixed[s] * factor if math.isfinite(factor) else 0.0
        return cost, money, lower, upper

    def demand_rows(self) -> None:
        """The baseline from the baseline layer; baseline and peak from both layers."""
        for name, workload in self.workloads.items():
            baseline = self.by_layer.get((name, Layer.BASELINE), [])
            self.rows.add(baseline, workload.baseline, np.inf)
            if workload.peak > 0:
                peak = self.by_layer.get((name, Layer.PEAK), [])
                self.rows.add([*baseline, *peak], workload.baseline + workload.peak, np.inf)

    def supply_rows(self, upper: np.ndarray) -> None:
        """Each line: its capacity, and its minimum commitment and fixed costs once used.

        A line with fixed costs, a minimum or a rule counting vendors gets a "used"
        variable, tied to each of its unit variables (``n ≤ most × used``: the strong
        form, whose relaxation pays the fixed costs in proportion); other lines need
        none, only their capacity.
        """
        by_supply: dict[str, list[tuple[int, float]]] = {s: [] for s in self.supplies}
        for j, c in enumerate(self.cols):
            option = self.options[c.option]
            by_supply[option.supply].append((j, float(option.unit)))
        for s, terms in by_supply.items():
            u = self.supply_index[s]
            cap = self.capacity[s] if self.keeps(f"capacity:{s}") else None
            least = self.minimum[s] if self.keeps(f"minimum:{s}") else 0
            if not (self.fixed[s] > 0 or least > 0 or self.vendor_index):
                upper[u] = 0
                if cap is not None:
                    self.rows.add(terms, -np.inf, float(cap))
                continue
            for j, _ in terms:
                self.rows.add([(j, 1.0), (u, -float(upper[j]))], -np.inf, 0.0)
            if cap is not None:
                self.rows.add([*terms, (u, -float(cap))], -np.inf, 0.0)
            self.rows.add([*terms, (u, -float(max(least, 1)))], 0.0, np.inf)

    def flex_rows(self) -> None:
        """A flex band above a commitment: at most its share of the line's accelerators.

        ``Σ unit × n`` of the flex columns ``− share × Σ unit × n`` of the committed line's
        columns ``≤ 0``: no commitment, no flex.
        """
        flex: dict[str, list[tuple[int, float]]] = {}
        share: dict[str, tuple[str, float]] = {}
        by_supply: dict[str, list[tuple[int, float]]] = {}
        for j, c in enumerate(self.cols):
            option = self.options[c.option]
            by_supply.setdefault(option.supply, []).append((j, float(option.unit)))
            if option.flex_of is not None:
                flex.setdefault(option.supply, []).append((j, float(option.unit)))
                share[option.supply] = (option.flex_of, option.flex_share)
        for supply, terms in flex.items():
            parent, band = share[supply]
            if not self.keeps(f"flex:{supply}"):
                continue
            committed = [(j, -band * unit) for j, unit in by_supply.get(parent, [])]
            self.rows.add([*terms, *committed], -np.inf, 0.0)

    def vendor_rows(self, lower: np.ndarray) -> bool:
        """How many vendors, and which must stay; False when the kept one cannot be."""
        if not self.vendor_index:
            return True
        for v, y in self.vendor_index.items():
            own = [self.supply_index[s] for s in self.supplies if self.vendor_of[s] == v]
            self.rows.add([(y, 1.0), *((u, -1.0) for u in own)], -np.inf, 0.0)
            for u in own:
                self.rows.add([(u, 1.0), (y, -1.0)], -np.inf, 0.0)
        ys = [(y, 1.0) for y in self.vendor_index.values()]
        p = self.policy
        if p.min_vendors > 1 and self.keeps("min_vendors"):
            self.rows.add(ys, float(p.min_vendors), np.inf)
        if p.max_vendors is not None and self.keeps("max_vendors"):
            self.rows.add(ys, -np.inf, float(p.max_vendors))
        if p.keep_vendor is not None and self.keeps("keep_vendor"):
            kept = self.vendor_index.get(p.keep_vendor)
            if kept is None:
                return False
            lower[kept] = 1
        return True

    def cap_rows(self, money: np.ndarray) -> None:
        """Each vendor's spend at most the cap's share of all spend.

        A continuous variable ``spend`` equals the plan's total; each vendor's row
        then reads ``own spend − cap × spend ≤ 0`` and stays sparse.
        """
        cap = self.policy.vendor_cap
        if cap is None or not self.capped:
            return
        owner = [self.options[c.option].vendor for c in self.cols] + [
            self.vendor_of[s] for s in self.supplies
        ]
        spend = self.spend_index
        paid = [(j, float(money[j])) for j in range(len(owner)) if money[j]]
        self.rows.add([*paid, (spend, -1.0)], 0.0, 0.0)
        own: dict[str, list[tuple[int, float]]] = {}
        for j, value in paid:
            own.setdefault(owner[j], []).append((j, value))
        for terms in own.values():
            self.rows.add([*terms, (spend, -cap)], -np.inf, 0.0)

    def score_rows(self) -> None:
        """Each workload's average score (by equivalent-months) at least its floor."""
        for name, floor in score_floors(self.workloads, self.options, self.policy).items():
            if not (self.keeps(f"min_score:{name}") and self.keeps("min_score")):
                continue
            workload = self.workloads[name]
            terms = []
            for layer in workload.layers:
                weight = 1.0 if layer is Layer.BASELINE else max(workload.peak_share, 1e-9)
                for j, supplied in self.by_layer.get((name, layer), []):
                    score = self.options[self.cols[j].option].score or 0.0
                    terms.append((j, (score - floor) * supplied * weight))
            self.rows.add(terms, 0.0, np.inf)


MONEY_SPAN = 1e3
"""The largest cost coefficient the solver sees once dollars are scaled."""


def money_scale(cost: np.ndarray, money: np.ndarray) -> float:
    """The dollars one unit of the programme's money stands for, so that the largest cost or
    spend coefficient is :data:`MONEY_SPAN` (1 when there is no money at all).

    Large enough that the solver's feasibility tolerance stays far below a cent of spend
    share, small enough that the coefficients sit near the demand rows' ones.
    """
    largest = float(max(np.max(np.abs(cost), initial=0.0), np.max(np.abs(money), initial=0.0)))
    return largest / MONEY_SPAN if largest > 0 and math.isfinite(largest) else 1.0


def solve(
    workloads: Mapping[str, PlanWorkload],
    options: Sequence[PlanOption],
    policy: PlanPolicy,
    cols: Sequence[Column],
    drop: frozenset[str] = frozenset(),
    time_limit_s: float = TIME_LIMIT_S,
) -> Solution:
    """Solve the plan's programme without the rules named in ``drop``.

    The solver stops at a proven gap of :data:`MIP_GAP` or after ``time_limit_s``
    seconds with the best plan found and its proven gap (``Solution.gap``).
    """
    programme = _Programme(workloads, options, policy, cols, drop)
    cost, money, lower, upper = programme.costs_and_bounds()
    # Dollars are scaled so the largest cost is about a thousand: coefficients of 1e6 and
    # more beside the demand rows' ones slow the solver badly (HiGHS warns of them).
    scale = money_scale(cost, money)
    cost, money = cost / scale, money / scale
    programme.demand_rows()
    programme.supply_rows(upper)
    programme.flex_rows()
    if not programme.vendor_rows(lower):
        return Solution(2, "the vendor to keep has no eligible option", math.inf, ())
    programme.cap_rows(money)
    programme.score_rows()
    rows = programme.rows
    constraints = []
    if rows.lower:
        matrix = coo_array(
            (rows.values, (rows.rows, rows.cols)), shape=(len(rows.lower), programme.size)
        ).tocsr()
        constraints.append(LinearConstraint(matrix, rows.lower, rows.upper))
    result = milp(
        cost,
        integrality=programme.integrality(),
        bounds=Bounds(lower, upper),
        constraints=constraints,
        options={
            "time_limit": time_limit_s,
            "disp": False,
            "mip_rel_gap": LARGE_GAP if len(cols) > LARGE_COLUMNS else MIP_GAP,
        },
    )
    if result.x is None:
        return Solution(int(result.status), str(result.message), math.inf, ())
    gap = getattr(result, "mip_gap", None)
    x = np.rint(result.x).astype(int)
    return Solution(
        int(result.status),
        str(result.message),
        float(result.fun) * scale,
        tuple(int(v) for v in x[: len(cols)]),
        float(gap) if gap is not None and math.isfinite(gap) else 0.0,
    )
