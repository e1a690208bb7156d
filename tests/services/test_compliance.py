"""Compliance for a whole evaluation stored in a real workspace database.

Vendor and party names are fictional; the screening list is the shipped synthetic one.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from computescore import resources_access
from computescore.domain.export_control import Posture
from computescore.domain.findings import FindingCategory, FindingSeverity
from computescore.domain.quotes import (
    Certification,
    Deployment,
    ExitTerms,
    LineKind,
    PriceUnit,
    Quote,
    QuoteLine,
    Vendor,
    VendorKind,
)
from computescore.domain.workload import (
    DataClassification,
    Evaluation,
    Purpose,
    Workload,
    WorkloadClass,
)
from computescore.errors import InputRefused, NotFound, UsageError
from computescore.services.catalogue import load_catalogue
from computescore.services.compliance import (
    check_evaluation,
    classify_accelerator,
    classify_figures,
    import_screening_list,
    result_to_dict,
    settings_for,
)
from computescore.services.estimates import find_accelerator
from computescore.services.rules import shipped_rules
from computescore.services.workspace import load_evaluation_data, open_store

DECISION = date(2026, 6, 1)


def _line(acc: str, country: str, deployment: Deployment = Deployment.PURCHASE) -> QuoteLine:
    return QuoteLine(
        kind=LineKind.COMPUTE,
        description=f"{acc} x8",
        price=Decimal("2.85"),
        price_unit=PriceUnit.PER_GPU_HOUR,
        currency="USD",
        accelerator=acc,
        accelerator_count=8,
        deployment=deployment,
        term_months=12,
        country=country,
    )


def _workspace(path: Path | str, synthetic_list: bool = True) -> None:
    import tempfile

    workload = Workload(
        name="fine-tuning",
        purpose=Purpose.TRAINING,
        workload_class=WorkloadClass.VARIABLE,
        params=13e9,
        hours_per_day=12,
        horizon_months=12,
        country="FR",
        data_classification=DataClassification.RESTRICTED,
        required_region="EU",
        required_certifications=("ISO 27001",),
    )
    evaluation = Evaluation(
        "Q3 capacity", DECISION, (workload,), end_user="Example Buyer SAS", end_user_hq="FR"
    )
    good = Quote(
        Vendor(
            "Contoso Compute",
            VendorKind.GPU_CLOUD,
            hq_country="FR",
            certifications=(Certification("ISO/IEC 27001:2022", valid_to=date(2027, 3, 1)),),
        ),
        "CC-1",
        (_line("nvidia-h100-sxm", "FR", Deployment.RESERVED),),
        exit_terms=ExitTerms(30, 5, True, True, Decimal("0.02"), False),
    )
    bad = Quote(
        Vendor(
            "Dragonfly Shenzhen Technology Co Ltd",
            VendorKind.SERVER_MAKER,
            hq_country="CN",
            certifications=(Certification("ISO 27001", valid_to=date(2026, 1, 31)),),
        ),
        "DF-7",
        (_line("nvidia-h20", "US", Deployment.RESERVED),),
        exit_terms=ExitTerms(180, 30, None, True, None, True),
    )
    with open_store(path) as store:
        with store.transaction() as uow:
            evaluation_id = uow.add_evaluation(evaluation)
            uow.add_quote(evaluation_id, good)
            uow.add_quote(evaluation_id, bad)
            uow.set_setting("compliance_thresholds", {"max_notice_days": 60})
        if synthetic_list:
            csv_path = Path(tempfile.mkdtemp()) / "synthetic.csv"
            csv_path.write_text(
                resources_access.read_text("rules", "screening", "synthetic-list.csv"),
                encoding="utf-8",
            )
            import_screening_list(
                store, csv_path, list_name="Synthetic list", list_date=date(2026, 11, 1)
            )


def test_check_evaluation_on_a_stored_workspace(db_target: Path | str) -> None:
    _workspace(db_target)
    with open_store(db_target) as store:
        data = load_evaluation_data(store)
        settings = settings_for(data, store=store)
    assert settings.thresholds.max_notice_days == 60
    assert [lst.name for lst in settings.screening_lists] == ["Synthetic list"]
    findings = check_evaluation(data, settings)
    good = [f for f in findings if f.quote_key == "Contoso Compute/CC-1/r1"]
    bad = [f for f in findings if f.quote_key.startswith("Dragonfly")]
    assert not [f for f in good if f.severity is FindingSeverity.KNOCKOUT]
    knocked = {(f.category, f.rule_id) for f in bad if f.severity is FindingSeverity.KNOCKOUT}
    assert knocked == {
        (FindingCategory.SCREENING, "screening.vendor"),
        (FindingCategory.CERTIFICATION, "cert.required"),
        (FindingCategory.DATA_SOVEREIGNTY, "sovereignty.location"),
    }
    notice = next(f for f in bad if f.rule_id == "exit.notice_days")
    assert notice.title == "Notice period 180 days above 60 days"
    screened = next(f for f in bad if f.rule_id == "screening.vendor")
    assert screened.rule_date == "2026-11-01"
    assert "Synthetic list dated 2026-11-01" in screened.source
    for finding in findings:
        assert finding.rule_id and finding.rule_status and finding.source


def test_workspace_posture_setting_and_bad_settings_become_problems(db_target: Path | str) -> None:
    _workspace(db_target, synthetic_list=False)
    with open_store(db_target) as store:
        with store.transaction() as uow:
            uow.set_setting("export_control_posture", "strictest")
            uow.set_setting("screening_threshold", 0.93)
        data = load_evaluation_data(store)
        settings = settings_for(data, store=store)
        assert settings.posture is Posture.ENFORCED
        assert [p.source for p in settings.problems] == ["settings:export_control_posture"]
        assert settings.thresholds.screening_threshold == 0.93
        codified = settings_for(data, store=store, posture="codified")
        assert codified.posture is Posture.CODIFIED
    findings = check_evaluation(data, settings)
    assert {f.title for f in findings if f.category is FindingCategory.SCREENING} == {
        "Not screened: Contoso Compute",
        "Not screened: Dragonfly Shenzhen Technology Co Ltd",
        "Not screened: Example Buyer SAS",
    }


def test_a_rules_file_named_in_the_settings_must_load(
    db_target: Path | str, tmp_path: Path
) -> None:
    _workspace(db_target, synthetic_list=False)
    broken = tmp_path / "rules.json"
    broken.write_text("{}", encoding="utf-8")
    with open_store(db_target) as store:
        with store.transaction() as uow:
            uow.set_setting("rules_file", str(broken))
        data = load_evaluation_data(store)
        with pytest.raises(InputRefused, match=r"rules\.json"):
            settings_for(data, store=store)


def test_classify_by_catalogue_id_or_spelling_and_by_figures() -> None:
    catalogue = load_catalogue()
    rules = shipped_rules()
    assert find_accelerator(catalogue, "nvidia-l4").id == "nvidia-l4"
    with pytest.raises(NotFound, match="No accelerator 'nvidia-h1000'"):
        find_accelerator(catalogue, "nvidia-h1000")
    l4 = classify_accelerator(find_accelerator(catalogue, "nvidia-l4"), "de", None, DECISION, rules)
    data = result_to_dict(l4, rules)
    # FP8 242.5 × 8 = 1,940; PD 1,940 / 294.5 = 6.59 → 3A090.a.2; Germany needs no licence.
    assert (data["eccn"], data["tpp"], round(data["pd"], 2)) == ("3A090.a.2", 1940.0, 6.59)
    assert data["licence_required"] is False
    assert data["rules"] == ["us.3A090.a.2.v2023"]
    raw = classify_figures(600, 8, "CN", None, DECISION, rules, datacenter=True)
    raw_data = result_to_dict(raw, rules)
    assert raw_data["pd"] is None and raw_data["eccn"] == "3A090.a.1"
    assert raw_data["licence_required"] is True
    with pytest.raises(UsageError, match="two-letter ISO country code"):
        classify_figures(600, 8, "China", None, DECISION, rules, datacenter=True)


def test_check_evaluation_without_explicit_settings_reads_the_workspace(
    db_target: Path | str,
) -> None:
    _workspace(db_target)
    with open_store(db_target) as store:
        data = load_evaluation_data(store)
    findings = check_evaluation(data)
    vendor = next(
        f for f in findings if f.rule_id == "screening.vendor" and "Dragonfly" in f.quote_key
    )
    assert vendor.severity is FindingSeverity.KNOCKOUT  # stored list found through the database
    notice = next(f for f in findings if f.rule_id == "exit.notice_days")
    assert "60 days" in notice.title  # stored threshold applied
    overridden = check_evaluation(data, {"compliance_thresholds": {"max_notice_days": 365}})
    assert not [f for f in overridden if f.title.startswith("Notice period 180")]
