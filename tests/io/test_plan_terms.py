"""What a price list states for the award plan beside each line: capacity, minimum and
lead time (io/reader/plan_terms)."""

from __future__ import annotations

from pathlib import Path

import pytest

from computescore.domain.catalog import Catalogue
from computescore.domain.tco import stated_flex, stated_maximum, stated_minimum, stated_prepayment
from computescore.io.mapping import Field
from computescore.io.reader import read_quote_file
from computescore.io.values.lead_times import lead_time_days


def read(tmp_path: Path, catalogue: Catalogue, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "list.csv"
    path.write_text(text, encoding="utf-8")
    return read_quote_file(path, catalogue, vendor="Nimbus")


def test_capacity_minimum_and_lead_time_columns(tmp_path: Path, catalogue: Catalogue) -> None:
    draft = read(
        tmp_path,
        catalogue,
        "GPU,Commitment,Price per GPU-hour (USD),Available capacity (GPUs),"
        "Minimum commitment (GPUs),Lead time\n"
        "H100 SXM,12 months,2.10,512,64,6 weeks\n"
        "H200 SXM,On-demand,3.50,Unlimited,,immediate\n"
        "B200,36 months,4.20,16 nodes,2 nodes,45\n",
    )
    h100, h200, b200 = draft.lines
    assert h100.description == "H100 SXM (max. 512 GPUs; min. 64 GPUs)"
    assert (stated_maximum(h100), stated_minimum(h100), h100.lead_time_days) == (512, 64, 42)
    # "Unlimited" states no limit, and says nothing worth a warning.
    assert (h200.description, stated_maximum(h200), h200.lead_time_days) == ("H200 SXM", None, 0)
    # Nodes of a line that does not say its node's size are reported; a bare 45 is days.
    assert b200.description == "B200 (max. 16 nodes; min. 2 nodes)"
    assert b200.lead_time_days == 45
    (nodes,) = [p for p in draft.all_problems if "capacity" in p.message or "lead" in p.message]
    assert nodes.source == "list.csv!4" and "how many accelerators a node holds" in nodes.message


def test_a_minimum_commitment_in_months_is_the_term(tmp_path: Path, catalogue: Catalogue) -> None:
    draft = read(
        tmp_path,
        catalogue,
        "GPU,Price per GPU-hour (USD),Minimum commitment\n"
        "H100 SXM,2.10,12 months\nH200 SXM,2.90,24 months\n",
    )
    assert [(line.term_months, line.description) for line in draft.lines] == [
        (12, "H100 SXM"),
        (24, "H200 SXM"),
    ]
    counted = read(
        tmp_path,
        catalogue,
        "GPU,Price per GPU-hour (USD),Minimum commitment\n"
        "H100 SXM,2.10,64 GPUs\nH200 SXM,2.90,8 nodes\n",
    )
    assert [stated_minimum(line) for line in counted.lines] == [64, 8]
    assert counted.lines[0].term_months is None


def test_a_delivery_date_or_a_word_is_reported_not_guessed(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    draft = read(
        tmp_path,
        catalogue,
        "GPU,Price per GPU-hour (USD),Lead time (weeks),Max GPUs\n"
        "H100 SXM,2.10,6,lots\nH200 SXM,2.90,Q2 2027,256\n",
    )
    h100, h200 = draft.lines
    assert (h100.lead_time_days, h200.lead_time_days) == (42, None)
    assert (stated_maximum(h100), stated_maximum(h200)) == (None, 256)
    messages = {p.source: p.message for p in draft.all_problems}
    assert "not a number of accelerators" in messages["list.csv!D2"]
    assert "stated as a date" in messages["list.csv!C3"]


def test_nodes_of_a_stated_size_count_their_accelerators(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    # By hand: at most 4 nodes of 8 H100s is 32 accelerators; at least 2 nodes, 16.
    draft = read(
        tmp_path,
        catalogue,
        "Configuration,GPUs per node,Price per node-hour (USD),Max nodes,Minimum nodes\n"
        "HGX H100 node,8,19.60,4,2\n",
    )
    (line,) = draft.lines
    assert line.description == "HGX H100 node (max. 4 nodes; min. 2 nodes)"
    assert (stated_maximum(line), stated_minimum(line)) == (32, 16)


@pytest.mark.parametrize(
    ("value", "header", "days"),
    [
        ("6 weeks", "", 42),
        ("6 Wochen", "", 42),
        ("6 semaines", "", 42),
        ("8 semanas", "", 56),
        ("4週間", "", 28),
        ("14天", "", 14),
        ("3个月", "", 90),
        ("6–8 Wochen", "", 56),  # a range: its later end
        ("4-6 weeks", "", 42),
        ("ca. 6 Wochen", "", 42),
        ("immédiat", "", 0),
        ("现货", "", 0),
        ("2", "交期（周）", 14),  # the header counts weeks
        (45, "Lead time", 45),
        ("2027年6月", "", None),  # dates and quarters are no lead time
        ("KW 14/2027", "", None),
        ("15.03.2027", "", None),
        ("Q2 2027", "", None),
        ("end of March 2027", "", None),
        ("soon", "", None),
    ],
)
def test_lead_times_in_the_vendors_words(value: object, header: str, days: int | None) -> None:
    found, why = lead_time_days(value, header)  # type: ignore[arg-type]
    assert found == days
    assert bool(why) == (days is None)


def test_counts_in_other_languages(tmp_path: Path, catalogue: Catalogue) -> None:
    draft = read(
        tmp_path,
        catalogue,
        "GPU,Preis pro GPU-Stunde (EUR),Verfügbar (Knoten),起订量（卡）\nH100 SXM,2.10,6,64\n",
    )
    (line,) = draft.lines
    assert line.description == "H100 SXM (max. 6 nodes; min. 64 GPUs)"


def test_an_item_column_of_numbers_gives_the_names_column_the_description(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    draft = read(
        tmp_path,
        catalogue,
        "Item,Configuration,Billing unit,Unit price (EUR)\n"
        "1,8x NVIDIA H100 SXM 80GB node,per node-hour,20.00\n"
        "2,8x NVIDIA H200 SXM 141GB node,per node-hour,28.00\n",
    )
    assert [line.description for line in draft.lines] == [
        "8x NVIDIA H100 SXM 80GB node",
        "8x NVIDIA H200 SXM 141GB node",
    ]
    (item,) = [c for c in draft.quotes[0].mappings[0].columns if c.header == "Item"]
    assert "its values are numbers (“1”, “2”)" in item.reason


def test_instances_of_no_stated_size_are_reported_too(tmp_path: Path, catalogue: Catalogue) -> None:
    draft = read(
        tmp_path,
        catalogue,
        "GPU,Price per GPU-hour (USD),Max instances\nH100 SXM,2.10,4 instances\n",
    )
    (line,) = draft.lines
    assert line.description == "H100 SXM (max. 4 instances)"
    assert any("how many accelerators a node holds" in p.message for p in draft.all_problems)


def test_a_commitments_flex_band_and_prepayment_columns(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    draft = read(
        tmp_path,
        catalogue,
        "GPU,Commitment,Price per GPU-hour (USD),Flex above commitment,Prepayment\n"
        "H100 SXM,12 months,2.10,25 %,100%\n"
        "H100 SXM,On-demand,2.90,,\n"
        "H200 SXM,36 months,3.10,none,All upfront\n",
    )
    reserved, on_demand, h200 = draft.lines
    assert reserved.description == "H100 SXM (flex +25%; prepaid 100%)"
    assert (stated_flex(reserved), stated_prepayment(reserved)) == (0.25, 1.0)
    assert on_demand.description == "H100 SXM"
    assert h200.description == "H200 SXM (no flex; prepaid 100%)"
    assert (stated_flex(h200), stated_prepayment(h200)) == (0.0, 1.0)
    assert not [p for p in draft.all_problems if "flex" in p.message or "prepa" in p.message]


def test_commitment_columns_in_other_languages_and_money_under_upfront(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    german = read(
        tmp_path,
        catalogue,
        "GPU;Laufzeit (Monate);Preis pro GPU-Stunde (EUR);Flexibilität;Vorauszahlung\n"
        "H100 SXM;12;2,10;+20 %;50 %\n",
    )
    assert german.lines[0].description == "H100 SXM (flex +20%; prepaid 50%)"
    # A "Prepayment" column of money is no share: the values win over the header, and the
    # column is left for the user to map.
    fee = read(
        tmp_path,
        catalogue,
        "GPU,Commitment,Price per GPU-hour (USD),Prepayment\n"
        "H100 SXM,12 months,2.10,125000\nH200 SXM,12 months,2.90,180000\n",
    )
    assert [line.description for line in fee.lines] == ["H100 SXM", "H200 SXM"]
    (column,) = [c for c in fee.quotes[0].mappings[0].columns if c.header == "Prepayment"]
    assert column.field is Field.IGNORE
    assert "are not shares such as 25 % (“125000”, “180000”)" in column.reason


def test_a_share_keeps_its_digits_and_a_description_that_says_otherwise_is_reported(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    draft = read(
        tmp_path,
        catalogue,
        "Description,GPU,Commitment,Price per GPU-hour (USD),Flex band,Prepayment\n"
        'H100 reserved,H100 SXM,12 months,2.10,"12,5 %",7.5%\n'
        "H100 reserved (flex +10%),H100 SXM,12 months,2.00,30%,\n",
    )
    first, second = draft.lines
    assert stated_flex(second) == 0.1  # the description's own words
    assert first.description == "H100 reserved (flex +12.5%; prepaid 7.5%)"
    assert (stated_flex(first), stated_prepayment(first)) == (0.125, 0.075)
    (told,) = [p for p in draft.all_problems if "description states" in p.message]
    assert told.source == "list.csv!E3"
    assert "a flex band of 10%, its column 30%; the description's is read" in told.message


def test_the_delivery_a_quotes_terms_state_is_the_lead_time_of_its_compute_lines() -> None:
    from decimal import Decimal

    from computescore.domain.quotes import LineKind, PriceUnit, QuoteLine
    from computescore.io.key_values import key_values
    from computescore.io.reader.plan_terms import with_terms_lead_time
    from computescore.io.terms import read_terms
    from computescore.io.values.lead_times import stated_lead_time
    from computescore.io.workbook import SheetData

    cases = {
        "12 weeks after order confirmation, DAP Oslo": 84,
        "8–10 weeks after receipt of order.": 70,  # the later end
        "10-12 weeks ARO. Payment terms: Net 45.": 84,
        "6 Wochen nach Auftragseingang": 42,
        "sous 30 jours": 30,
        "immediately": 0,
        "DAP Oslo": None,  # a place, not a time
        "by 15 March 2027": None,  # a date: the plan needs the time from the order
        "2 x 8 GPU nodes in Frankfurt": None,
    }
    for text, days in cases.items():
        assert stated_lead_time(text) == days, text
    rows = [["Delivery:", "12 weeks after order confirmation"], ["Delivery address:", "Oslo"]]
    pairs = key_values(SheetData("Terms", 0, rows), range(2), "q.pdf!page 1")
    stated = read_terms(pairs).lead_time
    assert stated is not None and (stated.days, stated.source) == (84, "q.pdf!page 1!B1")

    def line(kind: LineKind, lead: int | None = None) -> QuoteLine:
        return QuoteLine(kind, "x", Decimal(1), PriceUnit.PER_UNIT, "NOK", lead_time_days=lead)

    quoted = [line(LineKind.COMPUTE, 14), line(LineKind.COMPUTE), line(LineKind.COST)]
    lines, told = with_terms_lead_time(quoted, stated)
    # a line's own lead time wins; a cost line has none
    assert [item.lead_time_days for item in lines] == [14, 84, None]
    assert len(told) == 1 and "the compute line stating none: 84 days" in told[0].message
    assert with_terms_lead_time(quoted[:1], stated) == (quoted[:1], [])
