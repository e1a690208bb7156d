"""US export-control classification and licensing for AI accelerators, from dated rules.

Two separate, dated layers:

* **Classification** — the ECCN 3A090 tests are arithmetic: total processing performance
  (TPP = dense peak TOPS or TFLOPS × bit length, highest over precisions), performance
  density (PD = TPP ÷ logic-die area in mm²) and whether the part is designed or marketed
  for data centres. Which test applies depends on the date: nothing before 2022-10-07,
  TPP ≥ 4800 with ≥ 600 GB/s interconnect until 2023-11-16, the TPP/PD tests since.
* **Licensing** — who needs a licence for which destination, end-user headquarters and
  date, under which rule, with which review policy and licence exceptions.

The rules themselves (thresholds, country groups, dates, statuses, sources) are data
loaded by ``computescore.services.rules``; this module interprets them. Every result
keeps the arithmetic, the rule ids with their dates, statuses and sources, and the
fixed notice that this is advice and not a legal determination.
"""

from __future__ import annotations

from computescore.domain.export_control.classification import Classification as Classification
from computescore.domain.export_control.classification import ConditionCheck as ConditionCheck
from computescore.domain.export_control.classification import RuleCheck as RuleCheck
from computescore.domain.export_control.classification import classify as classify
from computescore.domain.export_control.combined import ExportControlResult as ExportControlResult
from computescore.domain.export_control.combined import evaluate as evaluate
from computescore.domain.export_control.figures import ChipFigures as ChipFigures
from computescore.domain.export_control.figures import ThroughputTerm as ThroughputTerm
from computescore.domain.export_control.figures import (
    chip_from_accelerator as chip_from_accelerator,
)
from computescore.domain.export_control.figures import chip_from_figures as chip_from_figures
from computescore.domain.export_control.figures import driving_term as driving_term
from computescore.domain.export_control.figures import performance_density as performance_density
from computescore.domain.export_control.figures import (
    total_processing_performance as total_processing_performance,
)
from computescore.domain.export_control.licence_records import ExceptionOption as ExceptionOption
from computescore.domain.export_control.licence_records import (
    LicenceAssessment as LicenceAssessment,
)
from computescore.domain.export_control.licence_records import (
    LicenceRequirement as LicenceRequirement,
)
from computescore.domain.export_control.licence_records import RiskFlag as RiskFlag
from computescore.domain.export_control.licence_records import applies_under as applies_under
from computescore.domain.export_control.licensing import assess_licence as assess_licence
from computescore.domain.export_control.rules import ADVICE_NOTICE as ADVICE_NOTICE
from computescore.domain.export_control.rules import INDETERMINATE as INDETERMINATE
from computescore.domain.export_control.rules import NOT_3A090 as NOT_3A090
from computescore.domain.export_control.rules import CountryGroups as CountryGroups
from computescore.domain.export_control.rules import Posture as Posture
from computescore.domain.export_control.rules import ReviewEntry as ReviewEntry
from computescore.domain.export_control.rules import ReviewPolicy as ReviewPolicy
from computescore.domain.export_control.rules import Rule as Rule
from computescore.domain.export_control.rules import RuleKind as RuleKind
from computescore.domain.export_control.rules import RuleSet as RuleSet
from computescore.domain.export_control.rules import RuleSource as RuleSource
from computescore.domain.export_control.rules import RuleStatus as RuleStatus
from computescore.domain.export_control.rules import Selector as Selector
