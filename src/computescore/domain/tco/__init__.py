"""Total cost of ownership of one quote over the evaluation horizon (DOMAIN.md §3).

Every cost is a :class:`TcoLine` with its formula and inputs; the total is the sum
of the lines. The TCO is the cost of running *the workload* on the quote, not the
sum of everything the vendor listed. Conventions:

* **Options.** Each compute line of a quote is an alternative (an accelerator at a
  deployment, term and price): "4 nodes on-demand, 16 nodes 12-month reserved, 8
  nodes spot" are three ways to buy the same capacity, not 28 nodes. Each option is
  priced for the accelerators the workload needs at once (``Workload.accelerators``):
  per-GPU prices × the need; where the price is per node or the line states
  accelerators per node, the need is rounded up to whole nodes
  (:func:`scale_to_need`); prices for the whole line (one-off totals, per month, per
  unit) are scaled by accelerators priced ÷ accelerators quoted. The option with
  the lowest cost per useful PFLOP-hour is chosen (the lowest headline TCO when the
  useful compute of some option is unknown); every option's figures are kept on
  :attr:`Tco.options`, the choice and its reason on :attr:`Tco.choice`. Spot
  capacity is priced but not chosen for a steady workload unless
  ``Assumptions.spot_for_steady``. An option quoting fewer accelerators than needed
  is still priced for the need, with a note (a warning when the vendor states a
  maximum).
* **Cost lines and options.** A cost line is shared by every option and counted
  once, as quoted (a quantity stays the quantity quoted), except that prices per GPU
  or per node are multiplied by the chosen option's accelerators or nodes. A cost
  line that names an accelerator or a deployment belongs to the options with that
  accelerator and deployment and is counted only when one of them is chosen. A cost
  line quoted for another region than the chosen option, or whose quantity is the
  quote's server or accelerator count while the option is priced for another, is
  counted as quoted and flagged (``attachment_warnings``).

* **Hours.** 730 hours per month. A GPU used ``h`` hours a day for ``H`` months runs
  ``h × H × 730 / 24`` hours.
* **Rented capacity.** Reserved and leased capacity is paid whether used or not:
  ``count × months × 730`` hours. A term shorter than the horizon is assumed renewed
  at the quoted price (``Assumptions.renew_short_terms``); a term longer than the
  horizon is owed past it: its remaining months, or the quote's early-termination fee on
  them, are a line paid at the horizon's end (``Assumptions.owe_terms_past_horizon``;
  off, those months are left out and reported). On-demand
  and spot capacity is paid for the hours used. Spot adds a lost-work line: the spot
  compute × interruptions per hour × (checkpoint interval ÷ 2 + restart) + write time ÷
  interval (DOMAIN §8), with the quote's stated interruption rate where it gives one,
  else the assumed rate, labelled (``compute_lines.spot_lost_share``).
  A lease from a cloud is capacity the vendor operates (power and facility included);
  a lease from a server maker (:data:`~computescore.domain.tco.compute_lines.ON_SITE_LESSORS`)
  is servers at the buyer's site, which carry the running costs of owned hardware
  (operations, energy, facility) on top of the lease payments, so a lease and a
  purchase of the same servers compare like for like.
* **Owned capacity** (``purchase``). The hardware is paid up front; its value at the
  horizon's end is credited back: straight-line depreciation over the part's economic
  life (``depreciation_years``, cut by ``generation_life_cut`` for each newer, faster
  generation already on sale: :mod:`computescore.domain.resale`) from the price down to
  ``residual_fraction`` × price, so hardware line + value line = depreciation over the
  horizon. Energy while in use =
  kW × PUE × hours used × $/kWh, energy while idle = kW × idle fraction × PUE × idle
  hours × $/kWh, where kW = TDP × count × ``server_overhead_factor`` / 1000 (CPUs,
  memory, fans and NICs: a DGX H100 draws up to 10.2 kW for 8 × 700 W of GPUs, ≈ 1.8×).
  Operations overhead (staff, tooling, spares) is charged per GPU-hour of every hour
  the fleet exists, busy or idle — it is a fixed cost of owning, which is what makes
  renting cheaper at low use; maintenance as a yearly fraction of the hardware price;
  facility (colocation) per kW-month of IT load.
* **Cost lines** of the quote (network, storage, installation, support, power and
  cooling upgrades, software, egress, other) are priced by their unit.
* **Ecosystem adaptation.** Accelerators outside the CUDA ecosystem add
  ``adaptation_months`` × ``engineer_usd_per_month`` once per ecosystem (seed 000:
  budget 1–3 engineering months).
* **Currency.** Each line is converted with the newest FX rate on or before the
  evaluation date (or the user's override); the rate is kept on the line. A missing
  rate is a :class:`~computescore.domain.problems.Problem` and leaves the TCO
  incomplete.
* **Discounting.** With a discount rate, cash flows are discounted monthly at
  ``(1 + rate)^(month / 12)``: one-off payments at month 0, monthly costs at the start
  of each month, resale value at the horizon's end.

Each line also carries a :class:`LineModel`: its amount as an affine function of
the uncertain inputs (hours per day, energy price, residual fraction, FX), which
the tornado and the Monte Carlo evaluate without rebuilding the lines.
"""

from __future__ import annotations

from computescore.domain.tco.assumptions import ASSUMPTION_NOTES as ASSUMPTION_NOTES
from computescore.domain.tco.assumptions import DAYS_PER_MONTH as DAYS_PER_MONTH
from computescore.domain.tco.assumptions import Assumptions as Assumptions
from computescore.domain.tco.assumptions import assumptions_from_mapping as assumptions_from_mapping
from computescore.domain.tco.entry import compute_tco as compute_tco
from computescore.domain.tco.helpers import cash_flow as cash_flow
from computescore.domain.tco.helpers import discount_factor as discount_factor
from computescore.domain.tco.helpers import fx_expected as fx_expected
from computescore.domain.tco.helpers import price_unit_text as price_unit_text
from computescore.domain.tco.helpers import scale_to_need as scale_to_need
from computescore.domain.tco.options import choose_option as choose_option
from computescore.domain.tco.options import comparable_options as comparable_options
from computescore.domain.tco.options import option_label as option_label
from computescore.domain.tco.records import Coefficients as Coefficients
from computescore.domain.tco.records import FxUsed as FxUsed
from computescore.domain.tco.records import LineModel as LineModel
from computescore.domain.tco.records import QuotedLine as QuotedLine
from computescore.domain.tco.records import ScaledCount as ScaledCount
from computescore.domain.tco.records import Tco as Tco
from computescore.domain.tco.records import TcoCategory as TcoCategory
from computescore.domain.tco.records import TcoLine as TcoLine
from computescore.domain.tco.records import TcoOption as TcoOption
from computescore.domain.tco.records import Timing as Timing
from computescore.domain.tco.records import UsefulBasis as UsefulBasis
from computescore.domain.tco.records import flex_words as flex_words
from computescore.domain.tco.records import prepaid_words as prepaid_words
from computescore.domain.tco.records import stated_flex as stated_flex
from computescore.domain.tco.records import stated_maximum as stated_maximum
from computescore.domain.tco.records import stated_minimum as stated_minimum
from computescore.domain.tco.records import stated_prepayment as stated_prepayment
from computescore.domain.tco.reevaluation import choice_at as choice_at
from computescore.domain.tco.reevaluation import headline_at as headline_at
from computescore.domain.tco.reevaluation import headline_coefficients as headline_coefficients
from computescore.domain.tco.reevaluation import headline_from as headline_from
from computescore.domain.tco.throughput import precision_shift as precision_shift
from computescore.domain.tco.throughput import useful_throughput as useful_throughput
