"""Five-axis vendor scores, knock-outs and ranking (DOMAIN.md §4, seed 000).

Each axis maps its metric to 0–100 on a stated scale:

* **performance** — useful TFLOP/s per accelerator, *relative to the best quote*
  (score = 100 × value / best). Measured tokens/s (× 2 × params FLOP per token for
  inference, × 6 × params for training) or measured MFU × dense peak beat the
  datasheet peak × assumed MFU, which is flagged "unmeasured".
* **reliability** — money: expected cost of downtime over the horizon (failures =
  accelerators × annual failure rate; each takes its node out for the MTTR; the
  lost hours that fall in the hours of use are valued at the quote's cost per used
  GPU-hour plus the user's business loss) less the expected SLA credits (a node's
  failures per month are Poisson; each node-month's uptime meets the credit schedule).
  The net loss as a share of the TCO is scored *linearly* between 0 % (100) and 5 %
  (0) by default.
* **cost** — TCO per useful PFLOP-hour, *relative to the best quote*: score = 100 ×
  best / value. The useful work is the model's own FLOP: measured tokens/s × FLOP
  per token when the quote has it (for serving, the unit is then tokens served),
  else catalogue peak × MFU. A quote whose useful compute is unknown (no measurement
  and no catalogue peak at the workload's precision) gets the neutral score, with
  the reason; it never moves the other quotes to another metric.
* **service** — mean of linear sub-scores: severity-1 response (15 min → 100, 8 h → 0),
  severity-2 response (1 h → 100, 24 h → 0), expert hours included (40 h/month → 100,
  0 → 0) and coverage (24×7 → 100, business hours → 40). "Best effort" scores 0.
* **compliance** — 100 less a penalty per warning finding (15 by default); info
  findings cost nothing; a knockout finding disqualifies the quote. Fit findings
  (sizing) do not count here; their knock-outs still disqualify.

Missing data: an axis whose data is missing gets a stated neutral score (50 by
default), flagged "missing", and its explanation says so; it is never silently 0 or
100. Relative scales compare qualified quotes only (a disqualified quote cannot set
the benchmark), and ties in the weighted total are broken by quote key, so the
ranking does not depend on the order quotes are given in.

Supporting quotes: a quote without compute lines (colocation per kW-month,
cross-connects, remote hands) is not a compute offer. It is not ranked and takes no
part in the relative scales; the scorecard lists it apart with the reason, its own
service and compliance results and the owned options it could be combined with.
"""

from __future__ import annotations

from computescore.domain.scoring.inputs import Downtime as Downtime
from computescore.domain.scoring.inputs import ScoreInput as ScoreInput
from computescore.domain.scoring.inputs import describe_useful as describe_useful
from computescore.domain.scoring.inputs import expected_downtime as expected_downtime
from computescore.domain.scoring.inputs import prepare_input as prepare_input
from computescore.domain.scoring.inputs import (
    useful_tflops_per_accelerator as useful_tflops_per_accelerator,
)
from computescore.domain.scoring.inputs import useful_unit as useful_unit
from computescore.domain.scoring.knockouts import excluded_lines as excluded_lines
from computescore.domain.scoring.knockouts import knockouts_of as knockouts_of
from computescore.domain.scoring.outputs import SUPPORTING_REASON as SUPPORTING_REASON
from computescore.domain.scoring.outputs import TOKEN_API_REASON as TOKEN_API_REASON
from computescore.domain.scoring.outputs import AxisScore as AxisScore
from computescore.domain.scoring.outputs import KnockoutRule as KnockoutRule
from computescore.domain.scoring.outputs import QuoteScore as QuoteScore
from computescore.domain.scoring.outputs import Scorecard as Scorecard
from computescore.domain.scoring.outputs import SupportingQuote as SupportingQuote
from computescore.domain.scoring.outputs import minimum_uptime_rule as minimum_uptime_rule
from computescore.domain.scoring.outputs import weighted_total as weighted_total
from computescore.domain.scoring.qualitative import leave_one_out as leave_one_out
from computescore.domain.scoring.qualitative import with_committee as with_committee
from computescore.domain.scoring.rules import LinearScale as LinearScale
from computescore.domain.scoring.rules import ScoringRules as ScoringRules
from computescore.domain.scoring.scorecard import score_quotes as score_quotes
