"""``computescore import``: exit 0 with warnings; exit 3 with one sentence, database unchanged."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from computescore.cli import main
from computescore.domain.quotes import FxRate
from computescore.domain.workload import Evaluation
from computescore.services.workspace import CANONICAL_FIELDS
from computescore.store.repository import Store
from tests.fixtures import hostile

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.fixture
def db(db_path: Path) -> Path:
    with Store.open(db_path) as store, store.transaction() as uow:
        uow.add_evaluation(Evaluation("Pool", date(2026, 11, 22)))
        uow.set_fx_rate(FxRate("EUR", Decimal("1.0850"), date(2026, 11, 20)))
    return db_path


def dump(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def test_import_prints_what_was_imported_and_the_warnings(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "import",
            str(SAMPLES / "nordhavn_colocation.xlsx"),
            "--db",
            str(db),
            "--vendor",
            "Nordhavn Data Centres A/S",
            "--vendor-kind",
            "colocation",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert (
        "Imported nordhavn_colocation.xlsx: Nordhavn Data Centres A/S — NDC-2026-311, "
        "6 lines into 'Pool'." in out
    )
    assert "warning: nordhavn_colocation.xlsx!Offer!8: Row 8 is hidden" in out


def test_second_import_reports_the_revision_and_differences(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["import", str(SAMPLES / "meridian_price_list.csv"), "--db", str(db)]
    assert main(args) == 0
    capsys.readouterr()
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "MC-1187, revision 2" in out and "no differences from revision 1" in out


def test_json_and_dry_run(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = dump(db)
    code = main(
        [
            "import",
            str(SAMPLES / "poolgrid_offer.csv"),
            "--db",
            str(db),
            "--vendor",
            "PoolGrid Coöperatie U.A.",
            "--dry-run",
            "--json",
        ]
    )
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["dry_run"] and not result["imported"]
    assert [len(q["lines"]) for q in result["quotes"]] == [7]
    first = result["quotes"][0]["lines"][0]
    assert tuple(first) == CANONICAL_FIELDS
    assert first["price"] == "1.45"
    # 1.45 EUR per GPU-hour × 1.0850 USD per EUR = 1.57325 USD per GPU-hour
    assert first["usd_per_gpu_hour"] == pytest.approx(1.57325)
    assert first["quote_date"] == "2026-11-18"
    assert dump(db) == before


def test_map_option(db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.csv"
    path.write_text('Item,Tarif,Per\nSupport,"1,250.00",per month\n', encoding="utf-8")
    code = main(
        [
            "import",
            str(path),
            "--db",
            str(db),
            "--vendor",
            "Odd",
            "--vendor-kind",
            "gpu_cloud",
            "--map",
            "Tarif=price",
            "--map",
            "Per=price_unit",
            "--currency",
            "USD",
            "--json",
        ]
    )
    assert code == 0
    assert json.loads(capsys.readouterr().out)["quotes"][0]["lines"][0]["price"] == "1250.00"


def test_bad_map_is_a_usage_error(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["import", str(SAMPLES / "meridian_price_list.csv"), "--db", str(db), "--map", "Nope=price"]
    )
    assert code == 2
    assert "Nope" in capsys.readouterr().err


HOSTILE: list[tuple[str, Callable[[Path], Path], str]] = [
    ("empty", hostile.empty_file, "the file is empty"),
    ("truncated", hostile.truncated, "damaged or incomplete"),
    ("encrypted", hostile.encrypted_xlsx, "password-protected"),
    ("legacy", hostile.legacy_xls, "old-format Excel .xls"),
    ("not a workbook", hostile.docx_like, "Word document"),
    ("no sheet", hostile.missing_sheet_part, "no readable worksheets"),
    ("laughs", hostile.billion_laughs_sheet, "XML entities"),
    ("bomb", hostile.big_bomb, "decompression bomb"),
    ("lying header", hostile.lying_header, "damaged"),
    ("far corner", hostile.far_corner, "outside the supported area"),
    ("csv nul", hostile.csv_nul, "NUL character"),
    ("csv wider", hostile.csv_one_row_wider, "line 3 has 4 fields"),
    ("csv giant field", hostile.csv_giant_field, "longer than"),
]


@pytest.mark.parametrize(("case", "make", "reason"), HOSTILE, ids=[c[0] for c in HOSTILE])
def test_hostile_files_exit_3_with_one_sentence_and_the_database_unchanged(
    db: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    case: str,
    make: Callable[[Path], Path],
    reason: str,
) -> None:
    main(["import", str(SAMPLES / "meridian_price_list.csv"), "--db", str(db)])
    capsys.readouterr()
    path = make(tmp_path)
    before = dump(db)
    code = main(["import", str(path), "--db", str(db), "--vendor", "Acme"])
    err = capsys.readouterr().err
    assert code == 3
    sentence = err.strip().splitlines()[-1]
    assert sentence.startswith(f"computescore: Cannot import {path.name}: ")
    assert reason in sentence
    assert "Traceback" not in err
    assert dump(db) == before


def test_line_errors_are_listed_and_nothing_is_stored(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "amb.csv"
    path.write_text(
        "Description,Price (USD),Unit\nSupport,1.234,per month\nOther,5,per month\n",
        encoding="utf-8",
    )
    before = dump(db)
    code = main(["import", str(path), "--db", str(db), "--vendor", "Acme"])
    err = capsys.readouterr().err
    assert code == 3
    assert "error: amb.csv!B2: The price is ambiguous" in err
    assert err.strip().splitlines()[-1].endswith("nothing was imported.")
    assert dump(db) == before


INSTANCES_CSV = (
    "Instances,GPU,GPUs per instance,Region,Price per hour (USD)\n"
    "hx2.8g,H100 SXM,8,eu-west-1,25.60\n"
    "hx2.4g,H100 SXM,4,eu-west-1,12.80\n"
    "lx1.8g,L40S,8,us-east-1,9.60\n"
)


def test_import_into_a_new_database_creates_the_evaluation(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hx_cloud_prices.csv"
    path.write_text(INSTANCES_CSV, encoding="utf-8")
    # A database file that does not exist is made only when asked (a typo must not).
    assert main(["import", str(path), "--db", str(db_path), "--vendor", "Hx Cloud"]) == 3
    assert f"There is no database file {db_path}" in capsys.readouterr().err
    assert not db_path.exists()
    code = main(["import", str(path), "--db", str(db_path), "--vendor", "Hx Cloud", "--create"])
    assert code == 0
    out = capsys.readouterr().out
    assert "Created the evaluation 'Quotes from Hx Cloud'" in out
    with Store.open(db_path) as store, store.reading() as uow:
        assert uow.evaluation_names() == ["Quotes from Hx Cloud"]
        quotes = uow.load_quotes(uow.evaluation_row().id)
        assert [len(quote.lines) for quote in quotes] == [3]


def test_a_dry_run_into_a_new_database_writes_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "prices.csv"
    path.write_text(INSTANCES_CSV, encoding="utf-8")
    db_path = tmp_path / "new.computescore"
    args = ["import", str(path), "--db", str(db_path), "--vendor", "Hx", "--create", "--dry-run"]
    assert main(args) == 0
    assert "Dry run: nothing was written." in capsys.readouterr().out
    assert not db_path.exists()


def test_import_into_a_new_database_uses_the_evaluation_named(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "prices.csv"
    path.write_text(INSTANCES_CSV, encoding="utf-8")
    code = main(
        [
            "import",
            str(path),
            "--db",
            str(db_path),
            "--vendor",
            "Hx",
            "--evaluation",
            "2027 pool",
            "--create",
        ]
    )
    assert code == 0
    with Store.open(db_path) as store, store.reading() as uow:
        assert uow.evaluation_names() == ["2027 pool"]


FOOTNOTED_CSV = (
    INSTANCES_CSV.replace("25.60", "25.60*").replace("12.80", "12.80*").replace("9.60", "9.60*")
)


def test_a_warning_on_every_row_is_printed_once_with_its_rows(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "prices.csv"
    path.write_text(FOOTNOTED_CSV, encoding="utf-8")
    assert main(["import", str(path), "--db", str(db), "--vendor", "Hx", "--dry-run"]) == 0
    out = capsys.readouterr().out
    grouped = [line for line in out.splitlines() if "footnote" in line]
    assert grouped == [
        "  warning: prices.csv!E2–E4 (3 rows): The price carries the footnote mark *; it was "
        "read without the mark, and the vendor's note applies to it (found '25.60*' in the "
        "first); expected the number without the mark"
    ]
    # A decision about the whole table is told once.
    assert out.count("The table states no quantities: 3 compute lines") == 1
    # The dry run says what each column became and why.
    assert "A 'Instances' → description (header “Instances” reads as nodes" in out
    assert "B 'GPU' → accelerator (from its header)" in out


def test_json_keeps_every_row_and_the_column_decisions(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "prices.csv"
    path.write_text(FOOTNOTED_CSV, encoding="utf-8")
    main(["import", str(path), "--db", str(db), "--vendor", "Hx", "--dry-run", "--json"])
    data = json.loads(capsys.readouterr().out)
    rows = [p["source"] for p in data["problems"] if "footnote" in p["message"]]
    assert rows == ["prices.csv!E2", "prices.csv!E3", "prices.csv!E4"]
    first = data["columns"][0]
    assert (first["header"], first["field"], first["decided_by"]) == (
        "Instances",
        "description",
        "content",
    )


PDF_QUOTES = Path(__file__).resolve().parents[1] / "io" / "pdf_quotes" / "files"


def test_a_pdf_quote_is_imported_with_its_terms_and_page_addresses(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["import", str(PDF_QUOTES / "terms_second_table.pdf"), "--db", str(db)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert (
        "Imported terms_second_table.pdf: Brightline GPU Cloud, Inc. — BL-7731, 2 lines into "
        "'Pool'." in out
    )
    with Store.open(db) as store, store.reading() as uow:
        (quote,) = uow.load_quotes(uow.evaluation_row().id)
    assert [line.price for line in quote.lines] == [Decimal("23.60"), Decimal("18.40")]
    assert quote.lines[0].source == "terms_second_table.pdf!page 1!6"
    assert quote.sla.uptime_pct == 99.95
    assert quote.performance.mfu == 0.41
    assert quote.support.response_minutes[1] == 30


def test_a_scanned_pdf_is_refused_and_nothing_is_written(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "scan.pdf"
    canvas = Canvas(str(path), invariant=1)
    canvas.rect(100, 100, 300, 200, fill=1)
    canvas.showPage()
    canvas.save()
    before = dump(db)
    assert main(["import", str(path), "--db", str(db), "--vendor", "Scanner Ltd"]) == 3
    err = capsys.readouterr().err
    assert "Cannot import scan.pdf: this PDF is a scan" in err
    assert "ask the vendor for the spreadsheet or a text PDF" in err
    assert dump(db) == before


def test_a_file_with_no_table_says_so_in_json_and_names_its_sheet(
    db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "letter.csv"
    path.write_text("Dear customer,\nplease find our prices attached.\n", encoding="utf-8")
    code = main(["import", str(path), "--db", str(db), "--vendor", "Acme", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 3 and result["imported"] is False
    assert "no table of quote lines was found in 1 sheet ('letter')" in result["reason"]
