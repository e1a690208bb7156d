"""Reading screening lists: CSL CSV/TSV, EU FSF CSV and simple CSV (fictional entries only)."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from computescore.domain.problems import Severity
from computescore.errors import InputRefused
from computescore.io import screening_lists
from computescore.io.screening_lists import (
    CSL_NAME,
    EU_NAME,
    parse_csl,
    parse_list_text,
    read_screening_list,
)
from computescore.services.rules import shipped_screening_list

CSL_HEADER = (
    "_id,source,entity_number,type,programs,name,title,addresses,federal_register_notice,"
    "start_date,end_date,standard_order,license_requirement,license_policy,call_sign,"
    "vessel_type,gross_tonnage,gross_registered_tonnage,vessel_flag,vessel_owner,remarks,"
    "source_list_url,alt_names,citizenships,dates_of_birth,nationalities,places_of_birth,"
    "source_information_url,ids"
)
CSL_ROWS = [
    # A quoted name with a comma, two addresses (the second spread over two lines),
    # two aliases separated by "; ".
    'x1,Entity List (EL) - test,1,Entity,EAR,"Quillfeather Systems Co., Ltd.",,'
    '"1 Sample Road, Shenzhen, , 518000, CN; 2 Other Road,\nKowloon, , HK",,2024-01-02,'
    ',,,,,,,,,,fictional,,"Quillfeather Sys; QFS Holdings",,,,,https://example.invalid/x1,',
    # No name: skipped with a problem.
    "x2,Entity List (EL) - test,2,Entity,EAR,,,,,,,,,,,,,,,,,,,,,,,,",
    "x3,Specially Designated Nationals (SDN) - test,3,Entity,PROG-A; PROG-B,Tarnwell Logistics,,"
    '"5 Test Street, Minsk, , BY",,2023-05-06,,,,,,,,,,,,,,,,,,,',
]


def _csl_text(delimiter: str = ",") -> str:
    if delimiter == ",":
        return "\n".join([CSL_HEADER, *CSL_ROWS]) + "\n"
    header = CSL_HEADER.replace(",", "\t")
    row = "\t".join(
        [
            "t1",
            "Entity List (EL) - test",
            "9",
            "Entity",
            "EAR",
            "Umbervale Devices GmbH",
            "",
            "Teststrasse 1, Musterstadt, , 12345, DE",
            *[""] * 13,
            "",
            "Umbervale",
            *[""] * 6,
        ]
    )
    return f"{header}\n{row}\n"


def test_csl_csv_keeps_names_aliases_countries_and_source() -> None:
    lst, problems = parse_csl(_csl_text(), list_date=date(2026, 10, 31), source_file="csl.csv")
    assert lst.name == CSL_NAME and lst.list_date == date(2026, 10, 31)
    assert [e.name for e in lst.entries] == ["Quillfeather Systems Co., Ltd.", "Tarnwell Logistics"]
    first = lst.entries[0]
    assert first.alt_names == ("Quillfeather Sys", "QFS Holdings")
    assert first.countries == ("CN", "HK")
    assert first.source == "Entity List (EL) - test"
    assert first.entry_id == "x1"
    assert first.source_url == "https://example.invalid/x1"
    assert lst.entries[1].programs == ("PROG-A", "PROG-B")
    (problem,) = problems
    assert problem.source == "csl.csv!line 4"  # header line 1; the first record spans lines 2-3
    assert problem.severity is Severity.WARNING


def test_csl_tsv_is_recognised_by_its_header() -> None:
    lst, problems = parse_list_text(
        _csl_text("\t"), source_file="csl.tsv", list_date=date(2026, 10, 31)
    )
    assert problems == []
    (entry,) = lst.entries
    assert (entry.name, entry.alt_names, entry.countries) == (
        "Umbervale Devices GmbH",
        ("Umbervale",),
        ("DE",),
    )


def test_eu_fsf_rows_are_grouped_and_dated_by_the_file() -> None:
    header = (
        "fileGenerationDate;Entity_LogicalId;Entity_SubjectType_ClassificationCode;"
        "Entity_Regulation_Programme;Entity_DesignationDate;NameAlias_WholeName;"
        "Address_CountryIso2Code"
    )
    text = "\n".join(
        [
            header,
            "05/08/2026;101;enterprise;TEST;2025-02-03;Veldmark Trading Limited;CY",
            "05/08/2026;101;enterprise;TEST;2025-02-03;Veldmark Trade;",
            "05/08/2026;102;enterprise;TEST;2025-02-03;Ostrava Fictive Works;CZ",
        ]
    )
    lst, problems = parse_list_text(text, source_file="eu.csv")
    assert problems == []
    assert lst.name == EU_NAME and lst.list_date == date(2026, 8, 5)
    first = lst.entries[0]
    assert (first.name, first.alt_names, first.countries) == (
        "Veldmark Trading Limited",
        ("Veldmark Trade",),
        ("CY",),
    )
    assert first.entry_id == "101" and first.programs == ("TEST",)


def test_simple_csv_with_synonym_columns() -> None:
    text = (
        "Name,Aliases,Country,Regime,Listed On\n"
        "Fernhollow Analytics Ltd,Fernhollow; FHA,GB,UK-TEST,2026-01-05\n"
    )
    lst, problems = parse_list_text(
        text, source_file="uk-extract.csv", list_name="UK extract", list_date=date(2026, 11, 2)
    )
    assert problems == []
    (entry,) = lst.entries
    assert entry.alt_names == ("Fernhollow", "FHA")
    assert entry.countries == ("GB",) and entry.programs == ("UK-TEST",)
    assert entry.start_date == "2026-01-05"
    assert entry.source == "UK extract"


def test_file_without_a_name_column_is_refused() -> None:
    with pytest.raises(InputRefused, match="no 'name' column"):
        parse_list_text("a,b\n1,2\n", source_file="odd.csv", list_date=date(2026, 1, 1))


def test_a_list_without_its_date_is_refused_in_memory() -> None:
    with pytest.raises(InputRefused, match="give the list's date"):
        parse_list_text(_csl_text(), source_file="csl.csv")


def test_reading_a_file_uses_its_modification_date_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "consolidated.csv"
    path.write_text(_csl_text(), encoding="utf-8")
    stamp = 1_790_000_000  # 2026-09-21 UTC
    os.utime(path, (stamp, stamp))
    lst, problems = read_screening_list(path)
    assert lst.list_date == date(2026, 9, 21)
    assert any("modification date 2026-09-21" in p.message for p in problems)


def test_non_utf8_file_is_read_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes("name,country\nCafé Nordlys AS,NO\n".encode("cp1252"))
    lst, problems = read_screening_list(path, list_name="Latin-1", list_date=date(2026, 1, 1))
    assert lst.entries[0].name == "Café Nordlys AS"
    assert any("not UTF-8" in p.message for p in problems)


def test_oversized_and_missing_files_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.csv"
    path.write_text(_csl_text(), encoding="utf-8")
    monkeypatch.setattr(screening_lists, "MAX_LIST_BYTES", 100)
    with pytest.raises(InputRefused, match="are refused"):
        read_screening_list(path, list_date=date(2026, 1, 1))
    with pytest.raises(InputRefused, match="cannot be read"):
        read_screening_list(tmp_path / "absent.csv", list_date=date(2026, 1, 1))


def test_shipped_synthetic_list() -> None:
    lst = shipped_screening_list()
    assert lst.list_date == date(2026, 11, 1)
    assert len(lst.entries) == 7
    assert all("SYNTHETIC" in e.remarks for e in lst.entries)
    assert all("synthetic" in e.source for e in lst.entries)
