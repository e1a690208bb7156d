"""Compliance findings per quote: export control, certifications, sovereignty, exit terms,
screening. Vendor and party names are fictional."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from computescore.domain.catalog import (
    Accelerator,
    Catalogue,
    Ecosystem,
    FormFactor,
    Peak,
    Precision,
)
from computescore.domain.compliance import (
    ComplianceThresholds,
    certification_key,
    check_certifications,
    check_data_sovereignty,
    check_exit_terms,
    check_export_control,
    check_quote,
    check_screening,
    knockouts,
    thresholds_from_mapping,
)
from computescore.domain.export_control import RuleSet
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    Certification,
    CostCategory,
    Deployment,
    ExitTerms,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    Vendor,
    VendorKind,
)
from computescore.domain.screening import ScreeningEntry, ScreeningList, prepare
from computescore.domain.workload import (
    DataClassification,
    Evaluation,
    Purpose,
    Workload,
    WorkloadClass,
)
from computescore.services.rules import shipped_rules

DECISION = date(2026, 6, 1)


def _acc(
    acc_id: str, peaks: dict[Precision, float], die: float, link: float, bw: float
) -> Accelerator:
    return Accelerator(
        id=acc_id,
        maker="NVIDIA",
        model=acc_id,
        form_factor=FormFactor.SXM,
        memory_gb=80,
        memory_bandwidth_gbps=bw,
        peaks=tuple(Peak(p, v) for p, v in peaks.items()),
        tdp_w=700,
        die_area_mm2=die,
        interconnect_gbps=link,
        interconnect="NVLink",
        datacenter=True,
        release_year=2023,
        ecosystem=Ecosystem.CUDA,
    )


CATALOGUE = Catalogue(
    {
        "nvidia-h100-sxm": _acc(
            "nvidia-h100-sxm", {Precision.FP8: 1978.9, Precision.BF16: 989.4}, 814, 900, 3350
        ),
        "nvidia-h20": _acc("nvidia-h20", {Precision.FP8: 296, Precision.FP16: 148}, 814, 900, 4000),
    }
)
INDEX = prepare(
    [
        ScreeningList(
            "Test list",
            date(2026, 5, 1),
            (
                ScreeningEntry("Quillfeather Compute Co., Ltd.", ("Quillfeather",), ("CN",)),
                ScreeningEntry("Tarnwell Logistics FZE", countries=("AE",)),
            ),
        )
    ]
)


@pytest.fixture(scope="module")
def rules() -> RuleSet:
    return shipped_rules()


def _workload(**kw: object) -> Workload:
    base: dict[str, object] = {
        "name": "inference pool",
        "purpose": Purpose.INFERENCE,
        "workload_class": WorkloadClass.STEADY,
        "params": 7e9,
        "hours_per_day": 20,
        "horizon_months": 24,
        "country": "FR",
    }
    base.update(kw)
    return Workload(**base)  # type: ignore[arg-type]


def _evaluation(
    *workloads: Workload, hq: str = "FR", day: date = DECISION, end_user: str = "Example Buyer SAS"
) -> Evaluation:
    return Evaluation(
        "2027 pool", day, workloads or (_workload(),), end_user=end_user, end_user_hq=hq
    )


def _line(
    acc: str | None = "nvidia-h100-sxm",
    country: str | None = "FR",
    deployment: Deployment = Deployment.PURCHASE,
) -> QuoteLine:
    return QuoteLine(
        kind=LineKind.COMPUTE,
        description="8 GPU node",
        price=Decimal("250000"),
        price_unit=PriceUnit.PER_UNIT,
        currency="USD",
        accelerator=acc,
        accelerator_count=8,
        deployment=deployment,
        country=country,
    )


def _quote(
    *lines: QuoteLine, vendor: Vendor | None = None, exit_terms: ExitTerms | None = None
) -> Quote:
    return Quote(
        vendor=vendor or Vendor("Contoso Compute", VendorKind.SERVER_MAKER, hq_country="FR"),
        reference="Q-1",
        lines=lines or (_line(),),
        exit_terms=exit_terms or ExitTerms(),
    )


def _only(findings: list[Finding], category: FindingCategory) -> list[Finding]:
    return [f for f in findings if f.category is category]


# --------------------------------------------------------------------------- export control


def test_china_headquartered_buyer_for_a_french_site_is_a_knockout(rules: RuleSet) -> None:
    quote = _quote(_line(country="FR"))
    findings = check_export_control(quote, _evaluation(hq="CN"), CATALOGUE, rules)
    (finding,) = findings
    assert finding.severity is FindingSeverity.KNOCKOUT
    assert finding.rule_id == "us.hq.d5mo.v2023"
    assert finding.rule_date == "2023-11-17"
    assert finding.rule_status == "enforced"
    assert "742.6(a)(6)(iii)(A)" in finding.source
    assert "FP8: 1,978.9 × 8 = 15,831.2" in finding.reason
    assert "legal review is required" in finding.reason
    assert finding.quote_key == "Contoso Compute/Q-1/r1"


def test_same_buyer_renting_cloud_capacity_gets_a_warning(rules: RuleSet) -> None:
    quote = _quote(_line(country="FR", deployment=Deployment.ON_DEMAND))
    (finding,) = check_export_control(quote, _evaluation(hq="CN"), CATALOGUE, rules)
    assert finding.severity is FindingSeverity.WARNING
    assert "rented capacity" in finding.reason


def test_french_buyer_for_a_french_site_gets_an_info(rules: RuleSet) -> None:
    (finding,) = check_export_control(_quote(), _evaluation(), CATALOGUE, rules)
    assert finding.severity is FindingSeverity.INFO
    assert finding.title == "No licence required: 3A090.a.1 to FR"
    assert finding.rule_id == "us.3A090.a.1.v2023"


def test_line_country_falls_back_to_the_workload_country(rules: RuleSet) -> None:
    quote = _quote(_line(country=None))
    evaluation = _evaluation(_workload(country="CN"), hq="")
    (finding,) = check_export_control(quote, evaluation, CATALOGUE, rules)
    assert finding.severity is FindingSeverity.KNOCKOUT
    assert finding.rule_id == "us.rs.3A090.v2023"


def test_h20_company_specific_requirement_before_and_after(rules: RuleSet) -> None:
    quote = _quote(_line("nvidia-h20", country="CN"))
    before = check_export_control(
        quote, _evaluation(hq="CN", day=date(2025, 4, 8)), CATALOGUE, rules
    )
    assert [f.severity for f in before] == [FindingSeverity.INFO]
    assert before[0].title == "No licence required: not-3A090 to CN"
    after = check_export_control(
        quote, _evaluation(hq="CN", day=date(2025, 4, 9)), CATALOGUE, rules
    )
    (finding,) = after
    assert finding.severity is FindingSeverity.WARNING  # no published policy, not a knock-out
    assert (finding.rule_id, finding.rule_status) == ("us.letter.h20.v2025", "company specific")


def test_unknown_and_missing_accelerators_are_reported(rules: RuleSet) -> None:
    quote = _quote(_line("vendorx-mystery-9000"), _line(None))
    findings = check_export_control(quote, _evaluation(), CATALOGUE, rules)
    assert [f.rule_id for f in findings] == [
        "export.unknown_accelerator",
        "export.unidentified_accelerator",
    ]
    assert all(f.severity is FindingSeverity.WARNING for f in findings)


# --------------------------------------------------------------------------- certifications


def test_certification_keys() -> None:
    assert certification_key("ISO/IEC 27001:2022") == certification_key("ISO 27001") == "iso27001"
    assert certification_key("SOC 2 Type II").startswith(certification_key("SOC 2"))


def test_expired_missing_and_valid_certifications() -> None:
    vendor = Vendor(
        "Contoso Compute",
        VendorKind.GPU_CLOUD,
        hq_country="FR",
        certifications=(
            Certification(
                "ISO/IEC 27001:2022", valid_from=date(2023, 4, 1), valid_to=date(2026, 3, 31)
            ),
            Certification("SOC 2 Type II", valid_to=date(2026, 7, 15), evidence="report 2025"),
            Certification("C5", valid_to=date(2028, 1, 1)),
        ),
    )
    workload = _workload(required_certifications=("ISO 27001", "SOC 2", "C5", "HDS"))
    findings = check_certifications(_quote(vendor=vendor), [workload], DECISION)
    by_title = {f.title: f for f in findings}
    expired = by_title["ISO 27001: expired on 2026-03-31"]
    assert expired.severity is FindingSeverity.KNOCKOUT
    assert (expired.rule_id, expired.rule_status) == ("cert.required", "workload requirement")
    # 2026-07-15 is 44 days after 2026-06-01, within the 90-day warning window.
    assert by_title["SOC 2: valid, but expires on 2026-07-15"].severity is FindingSeverity.INFO
    assert "44 days later" in by_title["SOC 2: valid, but expires on 2026-07-15"].reason
    assert by_title["C5: valid on the decision date"].severity is FindingSeverity.INFO
    assert by_title["HDS: not on record"].severity is FindingSeverity.WARNING


# --------------------------------------------------------------------------- sovereignty


def test_restricted_data_required_in_eu_but_quoted_in_us_is_a_knockout() -> None:
    workload = _workload(data_classification=DataClassification.RESTRICTED, required_region="EU")
    quote = _quote(_line(country="US"))
    findings = check_data_sovereignty(quote, [workload])
    (finding,) = findings
    assert finding.severity is FindingSeverity.KNOCKOUT
    assert finding.title == "Data would leave EU: '8 GPU node' runs in US"
    assert finding.source == (
        "workload 'inference pool': data classification restricted, required region EU"
    )


def test_confidential_data_with_a_vendor_headquartered_outside_is_a_warning() -> None:
    workload = _workload(data_classification=DataClassification.CONFIDENTIAL, required_region="EU")
    vendor = Vendor("Fabrikam Cloud", VendorKind.HYPERSCALE_CLOUD, hq_country="US")
    findings = check_data_sovereignty(_quote(_line(country="DE"), vendor=vendor), [workload])
    (finding,) = findings
    assert finding.severity is FindingSeverity.WARNING
    assert finding.rule_id == "sovereignty.vendor_hq"


def test_internal_and_public_data_outside_the_region() -> None:
    quote = _quote(_line(country="US"))
    internal = _workload(data_classification=DataClassification.INTERNAL, required_region="FR")
    public = _workload(data_classification=DataClassification.PUBLIC, required_region="FR")
    assert [f.severity for f in check_data_sovereignty(quote, [internal])] == [
        FindingSeverity.WARNING
    ]
    assert [f.severity for f in check_data_sovereignty(quote, [public])] == [FindingSeverity.INFO]


# --------------------------------------------------------------------------- exit terms


def test_exit_clause_red_flags() -> None:
    terms = ExitTerms(
        notice_days=180,
        termination_fee_pct=25,
        data_return=None,
        data_deletion=True,
        egress_usd_per_gb=Decimal("0.12"),
        auto_renewal=True,
    )
    cloud = _line(deployment=Deployment.RESERVED)
    findings = check_exit_terms(_quote(cloud, exit_terms=terms))
    titles = {f.title for f in findings if f.severity is FindingSeverity.WARNING}
    assert titles == {
        "Termination fee 25 % above 10 %",
        "Notice period 180 days above 90 days",
        "Egress US$ 0.12/GB above US$ 0.10/GB",
        "No data-return clause (not stated)",
        "Automatic renewal",
    }
    assert all(f.rule_status == "user threshold" for f in findings)
    # The fee is on what is left of the contract, as the TCO charges it past the horizon.
    fee = next(f for f in findings if f.title.startswith("Termination fee"))
    assert "25 % of the remaining contract value" in fee.reason


def test_cloud_exit_clauses_do_not_apply_to_hardware_on_the_buyers_site() -> None:
    # The same terms on a purchase: the data stays on the buyer's own hardware, and a
    # purchase has no notice or fee. On a lease the notice and fee still bind.
    terms = ExitTerms(
        notice_days=180,
        termination_fee_pct=25,
        data_return=None,
        data_deletion=None,
        egress_usd_per_gb=Decimal("0.12"),
        auto_renewal=True,
    )

    def warnings(deployment: Deployment) -> set[str]:
        quote = _quote(_line(deployment=deployment), exit_terms=terms)
        return {f.title for f in check_exit_terms(quote) if f.severity is FindingSeverity.WARNING}

    assert warnings(Deployment.PURCHASE) == {"Automatic renewal"}
    assert warnings(Deployment.LEASE) == {
        "Termination fee 25 % above 10 %",
        "Notice period 180 days above 90 days",
        "Automatic renewal",
    }
    bought = check_exit_terms(_quote(exit_terms=terms))
    assert any(f.rule_id == "exit.on_site" for f in bought)
    # Owned hardware without a stated country runs where the buyer installs it.
    region = _workload(required_region="EU")
    assert check_data_sovereignty(_quote(_line(country=None)), [region]) == []
    rented = _quote(_line(country=None, deployment=Deployment.RESERVED))
    assert next(f.title for f in check_data_sovereignty(rented, [region])).startswith(
        "Location not stated"
    )


def test_exit_thresholds_are_editable_and_egress_can_come_from_a_cost_line() -> None:
    egress_line = QuoteLine(
        kind=LineKind.COST,
        description="Internet egress",
        price=Decimal("0.05"),
        price_unit=PriceUnit.PER_GB,
        currency="USD",
        category=CostCategory.EGRESS,
    )
    terms = ExitTerms(notice_days=180, termination_fee_pct=25, data_return=True, data_deletion=True)
    relaxed = ComplianceThresholds(max_termination_fee_pct=30, max_notice_days=365)
    cloud = _line(deployment=Deployment.ON_DEMAND)
    findings = check_exit_terms(_quote(cloud, egress_line, exit_terms=terms), relaxed)
    assert [f for f in findings if f.severity is not FindingSeverity.INFO] == []
    strict = ComplianceThresholds(max_egress_usd_per_gb=Decimal("0.01"))
    flagged = check_exit_terms(_quote(cloud, egress_line, exit_terms=terms), strict)
    egress = next(f for f in flagged if f.rule_id == "exit.egress_usd_per_gb")
    assert egress.severity is FindingSeverity.WARNING
    assert "cost line 'Internet egress'" in egress.reason


def test_an_egress_line_in_another_currency_states_the_price() -> None:
    # PoolGrid's "Data egress" line is free, in EUR: free in any currency, so nothing is
    # missing and no cap is exceeded. Qingyun's 0.50 CNY per GB is stated, not missing;
    # the US$ cap is not compared across currencies here.
    def egress(price: str, currency: str) -> QuoteLine:
        return QuoteLine(
            kind=LineKind.COST,
            description="Data egress",
            price=Decimal(price),
            price_unit=PriceUnit.PER_GB,
            currency=currency,
            category=CostCategory.EGRESS,
        )

    cloud = _line(deployment=Deployment.ON_DEMAND)
    strict = ComplianceThresholds(max_egress_usd_per_gb=Decimal("0.01"))
    free = check_exit_terms(_quote(cloud, egress("0", "EUR")), strict)
    assert not [f for f in free if f.rule_id == "exit.egress_usd_per_gb"]
    priced = check_exit_terms(_quote(cloud, egress("0.50", "CNY")), strict)
    (finding,) = [f for f in priced if f.rule_id == "exit.egress_usd_per_gb"]
    assert finding.severity is FindingSeverity.INFO
    assert finding.title == "Egress 0.50 CNY/GB"
    assert "cost line 'Data egress'" in finding.reason
    none = check_exit_terms(_quote(cloud), strict)
    assert [f.title for f in none if f.rule_id == "exit.egress_usd_per_gb"] == [
        "Egress price not stated"
    ]


# --------------------------------------------------------------------------- screening


def test_listed_vendor_is_a_knockout_and_clean_end_user_an_info(rules: RuleSet) -> None:
    vendor = Vendor("Quillfeather Compute Company Limited", VendorKind.GPU_CLOUD, hq_country="CN")
    findings = check_screening(_quote(vendor=vendor), _evaluation(), INDEX, rules=rules)
    vendor_f, user_f = findings
    assert vendor_f.severity is FindingSeverity.KNOCKOUT
    assert (vendor_f.rule_id, vendor_f.rule_date) == ("screening.vendor", "2026-05-01")
    assert vendor_f.source.startswith("Test list dated 2026-05-01; normalised name")
    assert user_f.severity is FindingSeverity.INFO
    assert user_f.rule_id == "screening.end_user"
    assert "no match at or above 0.80 on list Test list dated 2026-05-01" in user_f.reason
    # The Affiliates Rule notice in force on the decision date is attached.
    assert "Affiliates Rule suspended" in user_f.reason


def test_no_list_loaded_is_a_warning() -> None:
    findings = check_screening(_quote(), _evaluation(), prepare([]))
    assert {f.severity for f in findings} == {FindingSeverity.WARNING}
    assert findings[0].title == "Not screened: Contoso Compute"


def test_screening_threshold_is_the_users() -> None:
    vendor = Vendor("Quilfeather Compute", VendorKind.GPU_CLOUD, hq_country="CN")
    default = check_screening(_quote(vendor=vendor), _evaluation(end_user=""), INDEX)
    assert default[0].severity is FindingSeverity.KNOCKOUT
    # One letter dropped from 20: Jaro-Winkler 0.990, token set 0.974 → only an exact
    # match reaches a threshold of 1.
    strict = ComplianceThresholds(screening_threshold=1.0, screening_review_threshold=1.0)
    relaxed = check_screening(_quote(vendor=vendor), _evaluation(end_user=""), INDEX, strict)
    assert relaxed[0].severity is FindingSeverity.INFO


# --------------------------------------------------------------------------- all together


def test_check_quote_collects_every_category_and_knockouts(rules: RuleSet) -> None:
    workload = _workload(
        data_classification=DataClassification.RESTRICTED,
        required_region="EU",
        required_certifications=("ISO 27001",),
    )
    quote = _quote(_line(country="US"))
    findings = check_quote(
        quote, _evaluation(workload), catalogue=CATALOGUE, rules=rules, screening=INDEX
    )
    assert {f.category for f in findings} == {
        FindingCategory.EXPORT_CONTROL,
        FindingCategory.SCREENING,
        FindingCategory.CERTIFICATION,
        FindingCategory.DATA_SOVEREIGNTY,
        FindingCategory.EXIT_TERMS,
    }
    assert [f.rule_id for f in knockouts(findings)] == ["sovereignty.location"]
    for finding in findings:
        assert finding.rule_id and finding.rule_status and finding.source


def test_thresholds_from_settings() -> None:
    thresholds, problems = thresholds_from_mapping(
        {"max_notice_days": 60, "max_egress_usd_per_gb": "0.05", "flag_auto_renewal": False}
    )
    assert thresholds.max_notice_days == 60
    assert thresholds.max_egress_usd_per_gb == Decimal("0.05")
    assert thresholds.flag_auto_renewal is False
    assert problems == []
    thresholds, problems = thresholds_from_mapping(
        {"max_notice_days": "soon", "screening_threshold": 1.5, "colour": "red"}
    )
    assert thresholds == ComplianceThresholds()
    assert [p.source for p in problems] == [
        "settings:compliance_thresholds.max_notice_days",
        "settings:compliance_thresholds.screening_threshold",
        "settings:compliance_thresholds",
    ]


def test_findings_about_several_lines_of_a_quote_are_merged() -> None:
    from computescore.domain.compliance import consolidate
    from computescore.domain.findings import Finding, FindingCategory, FindingSeverity

    def finding(quote: str, title: str, rule: str = "sovereignty.location") -> Finding:
        return Finding(
            quote,
            FindingSeverity.KNOCKOUT,
            FindingCategory.DATA_SOVEREIGNTY,
            title,
            f"{title}: reason.",
            rule,
        )

    merged = consolidate(
        [
            finding("A/1/r1", "Line 1 runs in US"),
            finding("A/1/r1", "Line 2 runs in US"),
            finding("A/1/r1", "Notice too long", rule="exit.notice_days"),
            finding("B/1/r1", "Line 1 runs in US"),
        ]
    )
    assert [f.title for f in merged] == [
        "Line 1 runs in US (+1 more)",
        "Notice too long",
        "Line 1 runs in US",
    ]
    assert merged[0].reason == "Line 1 runs in US: reason. The same applies to: Line 2 runs in US."


def test_a_prc_made_part_used_in_china_is_flagged_for_counsel_not_knocked_out(
    rules: RuleSet,
) -> None:
    # Ascend 910B (3A090.a.1) rented in CN: a US licence requirement reaches it only
    # through US content or the foreign-direct-product rules, as the note says.
    from computescore.services.catalogue import load_catalogue

    shipped = load_catalogue(())
    line = _line("huawei-ascend-910b", "CN", Deployment.ON_DEMAND)
    findings = check_export_control(_quote(line), _evaluation(hq="DE"), shipped, rules)
    assert findings and all(f.severity is not FindingSeverity.KNOCKOUT for f in findings)
    flagged = [f for f in findings if "may not reach" in f.title]
    assert flagged and "foreign-direct-product" in flagged[0].reason
    # The same part shipped to Russia stays a knock-out.
    abroad = _line("huawei-ascend-910b", "RU", Deployment.PURCHASE)
    elsewhere = check_export_control(_quote(abroad), _evaluation(hq="DE"), shipped, rules)
    assert any(f.severity is FindingSeverity.KNOCKOUT for f in elsewhere)


def test_an_old_rules_file_is_flagged() -> None:
    from computescore.services.compliance import rules_age_problem

    # 2026-07-23 to 2026-12-01 is 131 days: more than 90, so flagged as 4 months old.
    problem = rules_age_problem(date(2026, 7, 23), date(2026, 12, 1), "US EAR")
    assert problem is not None and "4 months before the decision date" in problem.message
    assert rules_age_problem(date(2026, 10, 1), date(2026, 12, 1)) is None
