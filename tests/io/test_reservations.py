"""Cloud price-list exports: AWS's upfront fees and reserved-capacity billing rows
(io/reader/reservations), Azure's price types and whole-term reservation prices."""

from __future__ import annotations

import csv
from decimal import Decimal
from pathlib import Path

from computescore.domain.catalog import Catalogue
from computescore.domain.problems import Severity
from computescore.domain.quotes import Deployment, PriceUnit
from computescore.io.reader import read_quote_file
from tests.fixtures.xlsx_builder import Sheet, build_xlsx

HEADER = [
    "SKU",
    "OfferTermCode",
    "RateCode",
    "TermType",
    "PriceDescription",
    "Unit",
    "PricePerUnit",
    "Currency",
    "LeaseContractLength",
    "PurchaseOption",
    "Location",
    "Instance Type",
    "Operating System",
    "CapacityStatus",
]
"""The columns of AWS's price-list export that matter here, in its spelling."""


def aws_row(
    term_type: str,
    description: str,
    unit: str,
    price: str,
    lease: str = "",
    option: str = "",
    *,
    rate_code: str = "6YS6EN2CT7",
    status: str = "Used",
) -> list[str]:
    offer = "JRTCKXETXF" if term_type == "OnDemand" else f"{lease}-{option}"
    return [
        "K3XYZ8P5ABCD",
        offer,
        f"K3XYZ8P5ABCD.{offer}.{rate_code}",
        term_type,
        description,
        unit,
        price,
        "USD",
        lease,
        option,
        "US East (N. Virginia)",
        "p5.48xlarge",
        "Linux",
        status,
    ]


def write_csv(path: Path, rows: list[list[object]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, quoting=csv.QUOTE_ALL).writerows(rows)
    return path


def write_export(path: Path, rows: list[list[str]]) -> Path:
    """An AWS price-list export: its metadata rows, its header, the rows."""
    return write_csv(path, [["FormatVersion", "v1.0"], ["OfferCode", "AmazonEC2"], HEADER, *rows])


APPLIED = "Linux/UNIX (Amazon VPC), p5.48xlarge reserved instance applied"


def test_an_upfront_fee_is_spread_over_its_term_and_reservation_billing_left_out(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [
        aws_row("OnDemand", "$55.04 per On Demand Linux p5.48xlarge Instance Hour", "Hrs", "55.04"),
        # All upfront, one year: $290,000 now and $0.00 an hour.
        aws_row("Reserved", "Upfront Fee", "Quantity", "290000", "1yr", "All Upfront",
                rate_code="2TG2D8R56U"),
        aws_row("Reserved", "USD 0.0 per " + APPLIED, "Hrs", "0.0000000000", "1yr", "All Upfront"),
        # Partial upfront, three years: $450,000 now and $18.20 an hour.
        aws_row("Reserved", APPLIED, "Hrs", "18.2000000000", "3yr", "Partial Upfront"),
        aws_row("Reserved", "Upfront Fee", "Quantity", "450000", "3yr", "Partial Upfront",
                rate_code="2TG2D8R56U"),
        aws_row("Reserved", APPLIED, "Hrs", "35.7760000000", "3yr", "No Upfront"),
        aws_row("OnDemand", "$0.00 per Reservation Linux p5.48xlarge Instance Hour", "Hrs",
                "0.0000000000", status="AllocatedCapacityReservation"),
        aws_row("OnDemand", "$55.04 per Unused Reservation Linux p5.48xlarge Instance Hour",
                "Hrs", "55.04", status="UnusedCapacityReservation"),
    ]  # fmt: skip
    path = write_export(tmp_path / "ec2.csv", rows)
    draft = read_quote_file(path, catalogue, vendor="AWS")
    lines = draft.quotes[0].lines
    assert [(line.deployment, line.term_months) for line in lines] == [
        (Deployment.ON_DEMAND, None),
        (Deployment.RESERVED, 12),
        (Deployment.RESERVED, 36),
        (Deployment.RESERVED, 36),
    ]
    # 290,000 / (12 × 730 h) = 33.1050 an hour; 18.20 + 450,000 / (36 × 730 h) = 35.3233.
    assert [line.price for line in lines] == [
        Decimal("55.04"),
        Decimal("33.105"),
        Decimal("35.3233"),
        Decimal("35.776"),
    ]
    assert {line.price_unit for line in lines} == {PriceUnit.PER_NODE_HOUR}
    assert lines[1].description == (
        f"USD 0.0 per {APPLIED} (upfront fee 290,000.00 spread over 12 months)"
    )
    assert lines[1].source == "ec2.csv!6"  # the rate's row, which now states the cost
    told = {p.message.split(":")[0]: p for p in draft.all_problems}
    folded = told["2 upfront fees of a reserved term were spread over the term and added to the "
                  "offer's rate"]  # fmt: skip
    assert folded.severity is Severity.WARNING
    assert "row 5's 290,000.00 over 8,760 hours adds 33.1050 to row 6's 0.00" in folded.message
    billing = [p for p in draft.all_problems if "capacity already reserved" in p.message]
    assert [p.source for p in billing] == ["ec2.csv!10–11"]
    assert not [p for p in draft.all_problems if p.severity is Severity.ERROR]


def test_the_usage_range_of_the_full_export_does_not_part_a_fee_from_its_rate(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # The whole export states each price's usage range: 0 to Inf for a rate, nothing for
    # a fee. The fee is still its offer's.
    rows = [
        [*aws_row("OnDemand", "$55.04 per On Demand Linux p5.48xlarge Instance Hour", "Hrs",
                  "55.04"), "0", "Inf"],
        [*aws_row("Reserved", "Upfront Fee", "Quantity", "290000", "1yr", "All Upfront",
                  rate_code="2TG2D8R56U"), "", ""],
        [*aws_row("Reserved", "USD 0.0 per " + APPLIED, "Hrs", "0.0000000000", "1yr",
                  "All Upfront"), "0", "Inf"],
    ]  # fmt: skip
    header = [*HEADER, "StartingRange", "EndingRange"]
    path = write_csv(tmp_path / "ec2.csv", [["FormatVersion", "v1.0"], header, *rows])
    draft = read_quote_file(path, catalogue, vendor="AWS")
    assert not [p for p in draft.all_problems if p.severity is Severity.ERROR]
    lines = draft.quotes[0].lines
    assert [(line.deployment, line.term_months, line.price) for line in lines] == [
        (Deployment.ON_DEMAND, None, Decimal("55.04")),
        (Deployment.RESERVED, 12, Decimal("33.105")),
    ]


def test_a_fee_whose_offer_is_not_one_row_is_not_guessed(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # Two offers state the same in every column but the price: the fee belongs to
    # neither for certain, stays a row of its own, and its unit is told.
    rows = [
        aws_row("Reserved", "Upfront Fee", "Quantity", "290000", "1yr", "All Upfront"),
        aws_row("Reserved", APPLIED, "Hrs", "0.0", "1yr", "All Upfront"),
        aws_row("Reserved", APPLIED, "Hrs", "0.0", "1yr", "All Upfront"),
    ]
    path = write_export(tmp_path / "ec2.csv", rows)
    draft = read_quote_file(path, catalogue, vendor="AWS")
    assert not [p for p in draft.all_problems if "spread over the term" in p.message]
    unit = [p for p in draft.all_problems if p.found == "Quantity"]
    assert [p.severity for p in unit] == [Severity.ERROR]


def test_a_monthly_rate_takes_the_fee_per_month(tmp_path: Path, catalogue: Catalogue) -> None:
    header = ["Description", "GPU", "Term", "Unit", "Price (USD)"]
    rows = [
        ["Upfront payment", "H100 SXM", "12 months", "one-off", "12000"],
        ["H100 reserved", "H100 SXM", "12 months", "per GPU-month", "1500"],
    ]
    path = write_csv(tmp_path / "monthly.csv", [header, *rows])
    lines = read_quote_file(path, catalogue, vendor="Cloud").quotes[0].lines
    # 1,500 + 12,000 / 12 = 2,500 a GPU-month.
    assert [(line.price, line.price_unit) for line in lines] == [
        (Decimal(2500), PriceUnit.PER_GPU_MONTH)
    ]


AZURE = [
    "currencyCode",
    "retailPrice",
    "unitPrice",
    "armRegionName",
    "location",
    "meterName",
    "productName",
    "skuName",
    "unitOfMeasure",
    "type",
    "armSkuName",
    "reservationTerm",
]
"""The columns of Azure's retail prices export that matter here, in its spelling."""


def azure_row(meter: str, price: float, kind: str, term: str = "") -> list[object]:
    return [
        "USD",
        price,
        price,
        "westeurope",
        "EU West",
        meter,
        "Virtual Machines NDSRH100v5 Series",
        meter,
        "1 Hour",
        kind,
        "Standard_ND96isr_H100_v5",
        term,
    ]


def test_azure_price_types_and_whole_term_reservations(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [
        azure_row("ND96isr H100 v5", 98.32, "Consumption"),
        azure_row("ND96isr H100 v5 Spot", 39.33, "Consumption"),
        # A reservation's price is its whole term's, under a unit of "1 Hour".
        azure_row("ND96isr H100 v5", 560432.0, "Reservation", "1 Year"),
        azure_row("ND96isr H100 v5", 1204430.0, "Reservation", "3 Years"),
    ]
    path = write_csv(tmp_path / "azure.csv", [AZURE, *rows])
    draft = read_quote_file(path, catalogue, vendor="Azure")
    lines = draft.quotes[0].lines
    assert [(line.deployment, line.term_months) for line in lines] == [
        (Deployment.ON_DEMAND, None),
        (Deployment.SPOT, None),
        (Deployment.RESERVED, 12),
        (Deployment.RESERVED, 36),
    ]
    # 560,432 / (12 × 730 h) = 63.9763; 1,204,430 / (36 × 730 h) = 45.8307 a node-hour.
    assert [line.price for line in lines] == [
        Decimal("98.32"),
        Decimal("39.33"),
        Decimal("63.9763"),
        Decimal("45.8307"),
    ]
    assert {line.price_unit for line in lines} == {PriceUnit.PER_NODE_HOUR}
    spread = [p for p in draft.all_problems if "whole 12-month term's" in p.message]
    assert [p.source for p in spread] == ["azure.csv!C4"]
    assert "560,432.0 over 8,760 hours = 63.9763 per node hour" in spread[0].message
    columns = {c.header: c for m in draft.quotes[0].mappings for c in m.columns}
    assert columns["type"].field.value == "deployment"
    assert "its values are names" in columns["type"].reason
    assert not [p for p in draft.all_problems if p.severity is Severity.ERROR]


def test_a_rent_above_any_accelerator_s_stays_doubted_when_no_term_explains_it(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # On demand, or a term over which it still is no rent: told, not spread.
    rows = [
        azure_row("ND96isr H100 v5", 560432.0, "Consumption"),
        azure_row("ND96isr H100 v5", 99_000_000.0, "Reservation", "1 Year"),
    ]
    path = write_csv(tmp_path / "azure.csv", [AZURE, *rows])
    draft = read_quote_file(path, catalogue, vendor="Azure")
    assert [line.price for line in draft.quotes[0].lines] == [
        Decimal(560432),
        Decimal(99_000_000),
    ]
    doubts = [p for p in draft.all_problems if "more than any accelerator rents" in p.message]
    assert [p.source for p in doubts] == ["azure.csv!C2", "azure.csv!C3"]


def test_a_price_list_with_a_metric_column_commitment_columns_and_region_columns(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # Oracle's list: the unit in a "Metric" column ("GPU Per Hour", "Port Hour"), and a
    # column per way of buying ("Pay as You Go", "Annual Flex": a year's commitment).
    rows = [
        ["Oracle Cloud Infrastructure — Compute pricing (USD)"],
        [],
        ["Product", "Part Number", "Metric", "Pay as You Go (Unit Price)",
         "Annual Flex (Unit Price)"],
        ["Compute - GPU - BM.GPU.H100.8", "B98415", "GPU Per Hour", 10.0, 9.0],
        ["Block Volume - Storage", "B91961", "Gigabyte Storage Capacity Per Month", 0.0255,
         0.0255],
        ["FastConnect 100 Gbps", "B93128", "Port Hour", 10.75, 10.75],
    ]  # fmt: skip
    path = build_xlsx(tmp_path / "oci.xlsx", [Sheet("OCI", rows)])
    draft = read_quote_file(path, catalogue, vendor="Oracle")
    lines = draft.quotes[0].lines
    assert [
        (line.price, line.price_unit, line.deployment, line.term_months) for line in lines[:2]
    ] == [
        (Decimal(10), PriceUnit.PER_GPU_HOUR, Deployment.ON_DEMAND, None),
        (Decimal(9), PriceUnit.PER_GPU_HOUR, Deployment.RESERVED, 12),
    ]
    assert lines[2].price_unit is PriceUnit.PER_GB_MONTH
    # A port billed by the hour runs all month: 10.75 × 730 = 7,847.50 a month.
    assert (lines[4].price, lines[4].price_unit) == (Decimal("7847.50"), PriceUnit.PER_MONTH)
    assert any("read as a month of 730 hours" in p.message for p in draft.all_problems)
    # Regions written as a person names them are options of the line, each its own.
    rows = [
        ["Stratus GPU Cloud Inc. — On-demand GPU rates (USD per GPU-hour)"],
        [],
        ["GPU", "US East (Virginia)", "Europe (Frankfurt)", "Asia Pacific (Tokyo)"],
        ["H100 SXM 80GB, 8-GPU nodes", 2.89, 3.19, 3.49],
    ]
    path = build_xlsx(tmp_path / "regions.xlsx", [Sheet("Rates", rows)])
    lines = read_quote_file(path, catalogue, vendor="Stratus").quotes[0].lines
    assert [(line.region, line.country, line.price) for line in lines] == [
        ("US East (Virginia)", "US", Decimal("2.89")),
        ("Europe (Frankfurt)", "DE", Decimal("3.19")),
        ("Asia Pacific (Tokyo)", "JP", Decimal("3.49")),
    ]


def test_a_machine_named_spot_is_spot_when_no_column_says_how_it_is_bought(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    rows = [
        ["Machine type", "GPU", "Price per hour (USD)"],
        ["ND96isr H100 v5", "ND96isr H100 v5", 98.32],
        ["ND96isr H100 v5 Spot", "ND96isr H100 v5 Spot", 39.33],
    ]
    path = build_xlsx(tmp_path / "vms.xlsx", [Sheet("VMs", rows)])
    lines = read_quote_file(path, catalogue, vendor="Azure").quotes[0].lines
    assert [line.deployment for line in lines] == [Deployment.ON_DEMAND, Deployment.SPOT]


GCP = [
    "Google Service",
    "Service description",
    "Service ID",
    "SKU ID",
    "SKU description",
    "Product taxonomy",
    "Geo taxonomy type",
    "Geo taxonomy regions",
    "Per unit quantity",
    "Unit description",
    "Tiered usage start",
    "List price ($)",
    "Contract price ($)",
    "Effective discount",
]


def gcp_row(sku: str, taxonomy: str, regions: str, list_price: float, price: float) -> list[str]:
    """One row of Google Cloud's SKU pricing export (Cloud Billing → Pricing)."""
    return [
        "Compute Engine",
        "Compute Engine",
        "6F81-5844-456A",
        "A2F3-1B2C-0001",
        sku,
        f"GCP > Compute > GPUs > {taxonomy}",
        "MULTI_REGIONAL",
        regions,
        "1",
        "hour",
        "0",
        str(list_price),
        str(price),
        "",
    ]


def test_google_clouds_sku_export(tmp_path: Path, catalogue: Catalogue) -> None:
    # The SKU description names the line, not the service description ("Compute Engine");
    # the contract price is read, not the list price; the taxonomy says how it is bought.
    rows = [
        gcp_row(
            "Nvidia H100 80GB GPU running in Americas",
            "GPUs On Demand",
            "us-central1 us-east4",
            11.06,
            9.40,
        ),
        gcp_row(
            "Nvidia H100 80GB GPU attached to Spot Preemptible VMs running in Americas",
            "GPUs Preemptible",
            "us-central1",
            3.93,
            3.93,
        ),
        gcp_row(
            "Commitment v1: Nvidia H100 80GB GPU running in Americas for 3 Year",
            "GPUs Commit 3Yr",
            "us-central1",
            4.98,
            4.98,
        ),
        gcp_row(
            "Nvidia Tesla A100 GPU running in Belgium", "GPUs On Demand", "europe-west1", 3.21, 3.21
        ),
    ]
    path = write_csv(tmp_path / "gcp.csv", [GCP, *rows])
    lines = read_quote_file(path, catalogue, vendor="Google Cloud").quotes[0].lines
    assert [line.description for line in lines] == [row[4] for row in rows]
    assert [(line.price, line.price_unit, line.currency) for line in lines] == [
        (Decimal("9.40"), PriceUnit.PER_GPU_HOUR, "USD"),
        (Decimal("3.93"), PriceUnit.PER_GPU_HOUR, "USD"),
        (Decimal("4.98"), PriceUnit.PER_GPU_HOUR, "USD"),
        (Decimal("3.21"), PriceUnit.PER_GPU_HOUR, "USD"),
    ]
    assert [(line.deployment, line.term_months) for line in lines] == [
        (Deployment.ON_DEMAND, None),
        (Deployment.SPOT, None),
        (Deployment.RESERVED, 36),
        (Deployment.ON_DEMAND, None),
    ]
    assert [line.accelerator for line in lines] == [
        "nvidia-h100-sxm",
        "nvidia-h100-sxm",
        "nvidia-h100-sxm",
        "nvidia-a100-sxm-40gb",
    ]
    assert [(line.region, line.country) for line in lines][-1] == ("europe-west1", "BE")
