"""Header synonyms, content sniffing, overrides and per-vendor profiles."""

from __future__ import annotations

import json

import pytest

from computescore.domain.catalog import Catalogue
from computescore.errors import UsageError
from computescore.io.mapping import (
    Field,
    MappingSource,
    build_mapping,
    match_header,
    normalise_header,
    per_node_in_header,
)
from computescore.io.overrides import parse_override
from computescore.io.values import Basis, Period


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("GPU SKU", Field.ACCELERATOR),
        ("Accelerator type", Field.ACCELERATOR),
        ("Number of GPUs", Field.ACCELERATOR_COUNT),
        ("Instance GPUs", Field.ACCELERATORS_PER_NODE),
        ("GPUs / node", Field.ACCELERATORS_PER_NODE),
        ("Price/hr", Field.PRICE),
        ("Hourly rate (USD)", Field.PRICE),
        ("Monthly fee", Field.PRICE),
        ("Unit cost", Field.PRICE),
        ("USD per node-hour", Field.PRICE),
        ("Monthly recurring (EUR)", Field.PRICE),
        ("Contract length", Field.TERM_MONTHS),
        ("Billing", Field.DEPLOYMENT),
        ("Site", Field.REGION),
        ("Availability zone", Field.REGION),
        ("Line total", Field.LINE_TOTAL),
        ("Cost category", Field.CATEGORY),
        ("Pricing model", Field.DEPLOYMENT),
        ("Node type", Field.DESCRIPTION),
        ("项目 Item", Field.DESCRIPTION),
        ("accelerator_count", Field.ACCELERATOR_COUNT),
        ("Notes", Field.IGNORE),
        # price-list exports name columns as identifiers
        ("PricePerUnit", Field.PRICE),
        ("PriceDescription", Field.DESCRIPTION),
        ("LeaseContractLength", Field.TERM_MONTHS),
        ("TermType", Field.DEPLOYMENT),
        ("unitOfMeasure", Field.PRICE_UNIT),
        ("currencyCode", Field.CURRENCY),
        ("Specifications", Field.DETAILS),
        ("仕様", Field.DETAILS),
        ("规格", Field.DETAILS),
        ("Nodes (8 GPU each)", Field.NODES),
    ],
)
def test_header_synonyms(header: str, field: Field) -> None:
    match = match_header(header)
    assert match is not None and match.field is field


def test_headers_carry_unit_and_currency() -> None:
    match = match_header("Hourly rate (USD)")
    assert match is not None and match.currency == "USD"
    assert match.unit is not None and match.unit.period is Period.HOUR
    match = match_header("Price (EUR/node/month)")
    assert match is not None and match.currency == "EUR"
    assert match.unit is not None and (match.unit.period, match.unit.basis) == (
        Period.MONTH,
        Basis.NODE,
    )


def test_an_identifier_is_read_as_its_words_and_short_ones_stay_whole() -> None:
    assert normalise_header("LeaseContractLength") == "lease contract length"
    assert normalise_header("unitOfMeasure") == "unit of measure"
    assert [normalise_header(h) for h in ("MwSt", "UStId", "vCPU", "GiB")] == [
        "mwst",
        "ustid",
        "vcpu",
        "gib",
    ]
    assert normalise_header("Price per GPU-hour") == "price per gpu hour"


def test_a_count_of_nodes_states_the_node_size_in_its_header() -> None:
    assert per_node_in_header("Nodes (8 GPU each)") == 8
    assert per_node_in_header("Servers, 4x GPUs") == 4
    assert per_node_in_header("Nodes") is None and per_node_in_header(None) is None


def test_unknown_headers_are_left_alone() -> None:
    assert match_header("Fabric") is None
    assert match_header("") is None


def test_offer_price_wins_over_list_price(catalogue: Catalogue) -> None:
    mapping = build_mapping("S", 0, ["Description", "List price", "Our price"], [], catalogue)
    assert mapping.column_for(Field.PRICE) == 2
    assert mapping.columns[1].field is Field.IGNORE


def test_monthly_and_one_time_columns_are_both_prices(catalogue: Catalogue) -> None:
    mapping = build_mapping(
        "S", 0, ["Service", "Monthly recurring (EUR)", "One-time (EUR)"], [], catalogue
    )
    assert [c.index for c in mapping.price_columns()] == [1, 2]
    assert mapping.currency == "EUR"


def test_second_description_column_becomes_details(catalogue: Catalogue) -> None:
    mapping = build_mapping("S", 0, ["Service", "Description", "Price"], [], catalogue)
    assert mapping.column_for(Field.DESCRIPTION) == 1
    assert mapping.columns[0].field is Field.DETAILS


@pytest.mark.parametrize(
    "headers",
    [["型番", "品名", "単価"], ["型号", "名称", "单价"], ["Artikelnummer", "Bezeichnung", "Preis"]],
)
def test_the_name_of_an_item_is_its_description_not_its_part_number(
    headers: list[str], catalogue: Catalogue
) -> None:
    mapping = build_mapping("S", 0, headers, [], catalogue)
    assert mapping.column_for(Field.DESCRIPTION) == 1
    assert mapping.columns[0].field is Field.DETAILS


def test_the_rfq_pricing_headers_map_when_the_sheet_comes_back_as_csv(
    catalogue: Catalogue,
) -> None:
    headers = [
        "Your description or SKU",
        "Accelerators available",
        "Quantity (kW, racks, items)",
        "Price",
        "Region or site",
        "Country (ISO code)",
    ]
    mapping = build_mapping("S", 0, headers, [], catalogue)
    assert [c.field for c in mapping.columns] == [
        Field.DESCRIPTION,
        Field.MAXIMUM,
        Field.QUANTITY,
        Field.PRICE,
        Field.REGION,
        Field.COUNTRY,
    ]


def test_content_sniffing_finds_accelerators_and_prices(catalogue: Catalogue) -> None:
    rows = [["H100 SXM", "$3.10", "x"], ["A100 80GB", "$1.80", "y"]]
    mapping = build_mapping("S", 0, ["Col A", "Col B", "Col C"], rows, catalogue)
    assert mapping.column_for(Field.ACCELERATOR) == 0
    assert mapping.column_for(Field.PRICE) == 1
    assert mapping.columns[0].source is MappingSource.CONTENT


def test_accelerator_header_over_numbers_is_a_count(catalogue: Catalogue) -> None:
    mapping = build_mapping("S", 0, ["Description", "GPU", "Price"], [["x", 8, 1.0]], catalogue)
    assert mapping.column_for(Field.ACCELERATOR_COUNT) == 1


def test_override_by_header_and_by_letter(catalogue: Catalogue) -> None:
    headers = ["Description", "Our price", "Something"]
    mapping = build_mapping(
        "S",
        0,
        headers,
        [],
        catalogue,
        overrides=[parse_override("Our price=price"), parse_override("C=ignore")],
    )
    assert mapping.column_for(Field.PRICE) == 1
    assert mapping.columns[1].source is MappingSource.OVERRIDE
    assert mapping.columns[2].field is Field.IGNORE


def test_override_moves_a_field_away_from_another_column(catalogue: Catalogue) -> None:
    headers = ["Description", "Price", "Special"]
    mapping = build_mapping(
        "S", 0, headers, [], catalogue, overrides=[parse_override("Special=price")]
    )
    assert mapping.column_for(Field.PRICE) == 2
    assert mapping.columns[1].field is None


@pytest.mark.parametrize("spec", ["no equals sign", "Price=not_a_field", "=price"])
def test_bad_overrides_are_usage_errors(spec: str) -> None:
    with pytest.raises(UsageError):
        parse_override(spec)


def test_override_naming_a_missing_column(catalogue: Catalogue) -> None:
    with pytest.raises(UsageError, match="no column headed"):
        build_mapping(
            "S",
            0,
            ["Description", "Price"],
            [],
            catalogue,
            overrides=[parse_override("Nope=price")],
        )


def test_profile_round_trips_through_json_and_is_reused(catalogue: Catalogue) -> None:
    headers = ["Description", "Tarif", "Monnaie"]
    first = build_mapping(
        "S",
        0,
        headers,
        [],
        catalogue,
        overrides=[parse_override("Tarif=price"), parse_override("Monnaie=currency")],
    )
    profile = json.loads(json.dumps(first.to_profile()))
    assert profile["columns"] == {
        "description": "description",
        "tarif": "price",
        "monnaie": "currency",
    }
    again = build_mapping("S", 0, headers, [], catalogue, profile=profile)
    assert again.column_for(Field.PRICE) == 1
    assert again.column_for(Field.CURRENCY) == 2
    assert again.columns[1].source is MappingSource.PROFILE


@pytest.mark.parametrize(
    ("header", "field"),
    [
        ("Menge", Field.QUANTITY),
        ("Einzelpreis (EUR)", Field.PRICE),
        ("Gesamtpreis", Field.LINE_TOTAL),
        ("Bezeichnung", Field.DESCRIPTION),
        ("Vertragslaufzeit (Monate)", Field.TERM_MONTHS),
        ("Währung", Field.CURRENCY),
        ("Anzahl GPUs", Field.ACCELERATOR_COUNT),
        ("GPUs pro Knoten", Field.ACCELERATORS_PER_NODE),
        ("Prix unitaire", Field.PRICE),
        ("Quantité", Field.QUANTITY),
        ("Désignation", Field.DESCRIPTION),
        ("Nb GPU", Field.ACCELERATOR_COUNT),
        ("Nbre de nœuds", Field.NODES),
        ("Montant HT", Field.LINE_TOTAL),
        ("Durée d'engagement", Field.TERM_MONTHS),
        ("Cantidad", Field.QUANTITY),
        ("Precio unitario", Field.PRICE),
        ("Descripción", Field.DESCRIPTION),
        ("Importe", Field.LINE_TOTAL),
        ("Quantità", Field.QUANTITY),
        ("Prezzo unitario", Field.PRICE),
        ("Descrizione", Field.DESCRIPTION),
        ("Aantal", Field.QUANTITY),
        ("Stukprijs", Field.PRICE),
        ("Omschrijving", Field.DESCRIPTION),
        ("Looptijd", Field.TERM_MONTHS),
        ("型号", Field.DESCRIPTION),
        ("数量", Field.QUANTITY),
        ("单价(元)", Field.PRICE),
        ("合同期限", Field.TERM_MONTHS),
        ("GPU型号", Field.ACCELERATOR),
        ("金额", Field.LINE_TOTAL),
        ("计费方式", Field.DEPLOYMENT),
        ("単価", Field.PRICE),
        ("品名", Field.DESCRIPTION),
        ("数量 Qty", Field.QUANTITY),
        ("リージョン", Field.REGION),
        ("備考", Field.IGNORE),
        ("契約", Field.DEPLOYMENT),
        ("Flexibilität", Field.FLEX),
        ("Prepayment (%)", Field.PREPAYMENT),
        ("Vorauszahlung", Field.PREPAYMENT),
        ("Netto (EUR)", Field.PRICE),
        ("弾性", Field.FLEX),
        ("枚数", Field.ACCELERATOR_COUNT),
        ("Aantal GPU's", Field.ACCELERATOR_COUNT),
        ("Brutto (EUR)", Field.PRICE),
    ],
)
def test_headers_in_the_vendors_language(header: str, field: Field) -> None:
    match = match_header(header)
    assert match is not None and match.field is field, (header, match)


def test_a_count_header_over_names_is_overruled_by_its_values(catalogue: Catalogue) -> None:
    headers = ["Instances", "GPU", "GPUs per instance", "Price per hour (USD)"]
    rows = [
        ["hx2.8g", "H100 SXM", 8, 25.6],
        ["hx2.4g", "H100 SXM", 4, 12.8],
        ["lx1.8g", "L40S", 8, 9.6],
    ]
    mapping = build_mapping("Prices", 0, headers, rows, catalogue)
    instances = mapping.columns[0]
    assert instances.field is Field.DESCRIPTION
    assert instances.source is MappingSource.CONTENT
    assert "Instances" in instances.reason and "hx2.8g" in instances.reason
    assert mapping.column_for(Field.NODES) is None
    assert mapping.column_for(Field.ACCELERATORS_PER_NODE) == 2
    assert mapping.column_for(Field.PRICE) == 3


def test_a_billing_header_over_price_units_gives_them_the_unit(catalogue: Catalogue) -> None:
    headers = ["GPU", "Billing", "Price (USD)", "GPUs per node"]
    rows = [["H100 SXM", "per node-hour", 23.9, 8], ["H200 SXM", "per GPU-hour", 3.5, 8]]
    mapping = build_mapping("Prices", 0, headers, rows, catalogue)
    billing = mapping.columns[1]
    assert billing.field is Field.PRICE_UNIT and billing.source is MappingSource.CONTENT
    assert "so it feeds price unit" in billing.reason
    # Beside a deployment column, words of units with their basis are the unit too.
    headers = ["GPU", "Deployment", "Billing", "Price (EUR)"]
    rows = [
        ["H100 SXM", "On-demand", "hourly, per node", 23],
        ["H100", "On-demand", "per GPU per hour", 2.9],
    ]
    mapping = build_mapping("Prices", 0, headers, rows, catalogue)
    assert [c.field for c in mapping.columns[1:3]] == [Field.DEPLOYMENT, Field.PRICE_UNIT]
    assert "its values are price units (“hourly, per node”" in mapping.columns[2].reason


def test_a_lead_time_header_over_ways_of_buying_gives_them_the_deployment(
    catalogue: Catalogue,
) -> None:
    # "Bereitstellung" heads delivery times as often as ways of buying.
    headers = ["GPU", "Bereitstellung", "Preis pro GPU-Stunde (EUR)"]
    rows = [["H100 SXM", "Spot", 1.4], ["H100 SXM", "On-Demand", 2.9], ["H100", "Reserviert", 2.1]]
    mapping = build_mapping("Preise", 0, headers, rows, catalogue)
    assert mapping.columns[1].field is Field.DEPLOYMENT
    assert mapping.column_for(Field.LEAD_TIME) is None
    weeks = build_mapping("Preise", 0, headers, [["H100 SXM", "6 Wochen", 2.1]], catalogue)
    assert weeks.columns[1].field is Field.LEAD_TIME


def test_a_price_column_with_its_unit_after_a_slash_stays_the_price(catalogue: Catalogue) -> None:
    headers = ["型号", "卡数", "单价(元)"]
    rows = [["H100 SXM", 64, "¥15.50/卡小时"], ["H100 SXM", 8, "¥22.00/卡小时"]]
    mapping = build_mapping("报价", 0, headers, rows, catalogue)
    assert mapping.columns[2].field is Field.PRICE


def test_a_count_header_over_counts_stays(catalogue: Catalogue) -> None:
    mapping = build_mapping(
        "S", 0, ["Description", "Servers", "Price"], [["HGX", 3, 100], ["HGX", "2", 90]], catalogue
    )
    assert mapping.column_for(Field.NODES) == 1
    assert mapping.columns[1].reason == ""


def test_a_price_header_over_names_gives_way(catalogue: Catalogue) -> None:
    headers = ["Rate card", "Monthly fee"]
    rows = [["Gold", "1.250,00 €"], ["Silver", "980,00 €"]]
    mapping = build_mapping("S", 0, headers, rows, catalogue)
    assert mapping.columns[0].field is Field.DESCRIPTION
    assert mapping.column_for(Field.PRICE) == 1


def test_a_user_override_is_not_second_guessed(catalogue: Catalogue) -> None:
    mapping = build_mapping(
        "S",
        0,
        ["Item", "Units"],
        [["a", "hx2.8g"], ["b", "hx2.4g"]],
        catalogue,
        overrides=[parse_override("Units=quantity")],
    )
    assert mapping.column_for(Field.QUANTITY) == 1


def test_tiers_as_columns_are_options_of_one_line(catalogue: Catalogue) -> None:
    from computescore.domain.quotes import Deployment

    headers = ["GPU", "GPUs", "On-demand", "6-month", "12-month", "3-year reserved"]
    rows = [["H100 SXM", 64, 2.49, 2.19, 1.99, 1.69], ["H200 SXM", 64, 3.29, 2.89, 2.59, 2.19]]
    mapping = build_mapping("Pricing", 0, headers, rows, catalogue)
    options = [(c.letter, c.option) for c in mapping.price_columns()]
    assert [letter for letter, _ in options] == ["C", "D", "E", "F"]
    assert [(o.deployment, o.term_months) for _, o in options if o] == [
        (Deployment.ON_DEMAND, None),
        (None, 6),
        (None, 12),
        (Deployment.RESERVED, 36),
    ]
    assert "one line per option" in mapping.columns[3].reason


def test_regions_as_columns_are_options_of_one_line(catalogue: Catalogue) -> None:
    headers = ["Accelerator", "GPUs", "us-east", "eu-west", "ap-south-1"]
    mapping = build_mapping("S", 0, headers, [["A100", 8, "1.10", "1.25", "1.05"]], catalogue)
    assert [c.option.region for c in mapping.price_columns() if c.option] == [
        "us-east",
        "eu-west",
        "ap-south-1",
    ]


def test_accelerators_as_columns_are_options_of_one_line(catalogue: Catalogue) -> None:
    headers = ["Commitment", "H100 SXM ($/GPU-hr)", "H200 SXM ($/GPU-hr)", "B200"]
    rows = [["On-demand", 2.99, 3.79, 5.49], ["12 months", 2.19, 2.89, 4.39]]
    mapping = build_mapping("Reserved", 0, headers, rows, catalogue)
    options = [c.option for c in mapping.price_columns()]
    assert [o.accelerator for o in options if o] == ["H100 SXM", "H200 SXM", "B200"]
    assert mapping.column_for(Field.DEPLOYMENT) == 0
    assert mapping.columns[1].reason == (
        "prices of H100 SXM (accelerators as columns): one line per row and accelerator"
    )


def test_accelerator_names_in_headers_are_not_options_beside_an_accelerator_column(
    catalogue: Catalogue,
) -> None:
    # The accelerator has its own column: headers naming others are something else.
    headers = ["GPU", "H100 SXM", "H200 SXM", "Price"]
    rows = [["H100 SXM", 1.0, 2.0, 2.99]]
    mapping = build_mapping("S", 0, headers, rows, catalogue)
    assert all(c.option is None or c.option.accelerator is None for c in mapping.columns)


def test_one_price_column_naming_a_term_is_not_a_wide_layout(catalogue: Catalogue) -> None:
    headers = ["Description", "GPU", "12-month price (USD/GPU-h)"]
    mapping = build_mapping("S", 0, headers, [["x", "H100", 1.99]], catalogue)
    assert [c.option for c in mapping.price_columns()] == [None]


def test_columns_of_words_are_not_options(catalogue: Catalogue) -> None:
    headers = ["Description", "On-demand", "Reserved", "Price"]
    rows = [["x", "yes", "no", 2.0], ["y", "no", "yes", 3.0]]
    mapping = build_mapping("S", 0, headers, rows, catalogue)
    assert all(c.option is None for c in mapping.columns)


def test_a_token_price_list_gives_a_line_per_kind_of_token_again_and_again(
    catalogue: Catalogue,
) -> None:
    headers = ["Model", "Input ($/1M tokens)", "Output ($/1M tokens)", "Cached input ($/1M tokens)"]
    rows = [["Llama 3.1 70B Instruct", 0.6, 1.8, 0.15], ["Llama 3.1 8B Instruct", 0.1, 0.3, 0.03]]
    first = build_mapping("S", 0, headers, rows, catalogue)
    # "Model" names a deployment model in a cloud price list; here its values are model
    # names, so it is the description.
    assert first.columns[0].field is Field.DESCRIPTION
    kinds = [column.option.tokens for column in first.price_columns() if column.option]
    assert kinds == ["input tokens", "output tokens", "cached tokens"]
    # The vendor's saved profile names each option column "price"; reading the next file
    # with it still gives one line per option, not one price and two ignored columns.
    profile = json.loads(json.dumps(first.to_profile()))
    again = build_mapping("S", 0, headers, rows, catalogue, profile=profile)
    assert [c.option for c in again.price_columns()] == [c.option for c in first.price_columns()]


def test_a_table_of_specifications_across_accelerators_is_not_a_price_list(
    catalogue: Catalogue,
) -> None:
    headers = ["Specification", "H100 SXM", "H200 SXM"]
    rows = [["Memory (GB)", 80, 141], ["TDP (W)", 700, 700]]
    mapping = build_mapping("Specs", 0, headers, rows, catalogue)
    assert all(c.option is None for c in mapping.columns)


@pytest.mark.parametrize(
    ("header", "period"),
    [
        ("Monthly total (USD)", "month"),
        ("Monthly Estimate (EUR)", "month"),
        ("Total (EUR)", "once"),
        ("Monthly total INR", "month"),  # any ISO code the values know
        ("Monthly total (TWD)", "month"),
    ],
)
def test_totals_headed_with_their_currency_and_period_are_line_totals(
    header: str, period: str
) -> None:
    found = match_header(header)
    assert found is not None and found.field is Field.LINE_TOTAL
    assert found.unit is not None and found.unit.period is not None
    assert found.unit.period.value == period
