"""Compliance findings for one quote: export control, certifications, data sovereignty,
exit terms and restricted-party screening.

Each check returns :class:`Finding` records with a severity (info, warning, knockout), the
reason in plain words, and the rule, its date, status and source. Knock-outs disqualify a
quote: a licence that is required and unlikely (presumption of denial, no licence
exception), a potential restricted-party match, data sovereignty violated, or a mandatory
certification expired on the decision date. Thresholds the user can edit live in
:class:`ComplianceThresholds`.
"""

from __future__ import annotations

from computescore.domain.compliance.certifications import certification_key as certification_key
from computescore.domain.compliance.certifications import (
    check_certifications as check_certifications,
)
from computescore.domain.compliance.checks import check_quote as check_quote
from computescore.domain.compliance.checks import consolidate as consolidate
from computescore.domain.compliance.checks import knockouts as knockouts
from computescore.domain.compliance.exit_terms import check_exit_terms as check_exit_terms
from computescore.domain.compliance.export_control import (
    check_export_control as check_export_control,
)
from computescore.domain.compliance.screening import check_screening as check_screening
from computescore.domain.compliance.sovereignty import (
    check_data_sovereignty as check_data_sovereignty,
)
from computescore.domain.compliance.sovereignty import region_countries as region_countries
from computescore.domain.compliance.thresholds import CLOUD_DEPLOYMENTS as CLOUD_DEPLOYMENTS
from computescore.domain.compliance.thresholds import EU_MEMBERS as EU_MEMBERS
from computescore.domain.compliance.thresholds import REGIONS as REGIONS
from computescore.domain.compliance.thresholds import USER_THRESHOLD as USER_THRESHOLD
from computescore.domain.compliance.thresholds import WORKLOAD_REQUIREMENT as WORKLOAD_REQUIREMENT
from computescore.domain.compliance.thresholds import ComplianceThresholds as ComplianceThresholds
from computescore.domain.compliance.thresholds import (
    thresholds_from_mapping as thresholds_from_mapping,
)
