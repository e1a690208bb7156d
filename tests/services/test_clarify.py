"""Clarification requests: a letter per vendor (PDF and text) and the pre-filled RFQ."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook
from pypdf import PdfReader

from computescore.cli import main
from computescore.domain.clarify import Clarification
from computescore.domain.rfq import FORMAT_MARK
from computescore.reports.letter import Letter, render_pdf, render_text
from computescore.services.clarify import default_reply_by
from computescore.services.demo import create_demo
from computescore.store.repository import Store


@pytest.fixture
def demo_db(db_target: Path | str) -> Path | str:
    """The demo on each engine (a file, then a database on the PostgreSQL server)."""
    path = db_target
    with Store.open(path) as store:
        create_demo(store)
    return path


def pdf_text(path_or_bytes: Path | bytes) -> str:
    import io

    source = io.BytesIO(path_or_bytes) if isinstance(path_or_bytes, bytes) else path_or_bytes
    return " ".join(
        " ".join((page.extract_text() or "").split()) for page in PdfReader(source).pages
    )


def test_clarify_writes_a_letter_and_a_prefilled_rfq_for_a_vendor(
    demo_db: Path | str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "letters"
    code = main(
        [
            "clarify",
            "--db",
            str(demo_db),
            "--out",
            str(out),
            "--vendor",
            "Meridian Compute LLC",
            "--date",
            "2026-11-26",
            "--contact",
            "Ada Roe",
        ]
    )
    printed = capsys.readouterr().out
    assert code == 0
    assert printed.startswith("Meridian Compute LLC: 11 questions → Questions to Meridian")
    assert sorted(p.name for p in out.iterdir()) == [
        "Questions to Meridian Compute LLC.pdf",
        "Questions to Meridian Compute LLC.txt",
        "RFQ Meridian Compute LLC.xlsx",
    ]
    text = (out / "Questions to Meridian Compute LLC.txt").read_text(encoding="utf-8")
    # Ten days would be 2026-12-06, after the decision on 2026-12-01: the answers are asked
    # for two days before it.
    assert " ".join(text.split()).count("answers to the 11 questions below by 2026-11-29") == 1
    assert "Why it matters: Your reliability score is computed from an assumed failure" in text
    pdf = pdf_text(out / "Questions to Meridian Compute LLC.pdf")
    assert "questions about your quote" in pdf
    assert "State your annual accelerator failure rate" in pdf
    assert "RFQ Meridian Compute LLC.xlsx" in pdf
    rfq = load_workbook(out / "RFQ Meridian Compute LLC.xlsx")
    assert rfq["Keys"]["A1"].value == FORMAT_MARK
    cover = {row[0].value: row[2].value for row in rfq["Cover"].iter_rows(max_col=3)}
    assert cover["quote_ref"] == "MC-1187"  # what is known is pre-filled


def test_clarify_for_every_vendor_as_json(
    demo_db: Path | str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    out = tmp_path / "letters"
    assert main(["clarify", "--db", str(demo_db), "--out", str(out), "--no-rfq", "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    vendors = [item["vendor"] for item in written]
    assert vendors == sorted(vendors, key=str.casefold) and len(vendors) == 8
    assert all(len(item["files"]) == 2 for item in written)
    meridian = next(item for item in written if item["vendor"] == "Meridian Compute LLC")
    assert meridian["questions"][0]["topic"] == "Validity"


def test_an_unknown_vendor_is_refused_in_a_sentence(
    demo_db: Path | str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["clarify", "--db", str(demo_db), "--out", str(tmp_path / "x"), "--vendor", "Meridan"]
    )
    assert code != 0
    err = capsys.readouterr().err
    assert "There is no vendor with a quote in '2027 AI capacity (demo)' named 'Meridan'" in err
    assert "Meridian Compute LLC" in err
    assert not (tmp_path / "x").exists()


def test_vendor_text_in_a_letter_stays_text() -> None:
    letter = Letter(
        buyer="Buyer <b>GmbH</b>",
        vendor='Evil <font color="white">Corp</font> & Co',
        evaluation="Pool",
        written_on=date(2026, 11, 26),
        reply_by=date(2026, 12, 6),
        contact="Ada",
        questions=(Clarification("Validity", "Extend <i>it</i>.", "Because.", ("Q<1>",)),),
    )
    text = pdf_text(render_pdf(letter))
    assert 'Evil <font color="white">Corp</font> & Co' in text
    assert "Extend <i>it</i>." in text
    assert render_text(letter).startswith('To: Evil <font color="white">Corp</font> & Co')
    assert render_pdf(letter) == render_pdf(letter)  # identical bytes


def test_a_total_that_did_not_add_up_at_import_is_asked_about(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = Path(__file__).resolve().parents[1] / "io" / "vendor_files" / "files"
    db = tmp_path / "w.db"
    assert (
        main(
            [
                "import",
                str(wrong / "oem_quote_wrong_total.xlsx"),
                "--db",
                str(db),
                "--vendor",
                "Oem Ltd",
                "--create",
            ]
        )
        == 0
    )
    capsys.readouterr()
    with Store.open(db) as store, store.reading() as uow:
        evaluation = uow.evaluation_row()
        assert evaluation.id is not None
        (quote,) = uow.load_quotes(evaluation.id)
        assert quote.id is not None
        kept = uow.import_warnings([quote.id])[quote.id]
    assert any("add up to" in p.message for p in kept)
    out = tmp_path / "letters"
    assert main(["clarify", "--db", str(db), "--out", str(out), "--no-rfq"]) == 0
    text = (out / "Questions to Oem Ltd.txt").read_text(encoding="utf-8")
    flat = " ".join(text.split())
    assert "TOTALS" in text
    assert "but the lines above it add up to 596,400" in flat
    assert "Please confirm the total or correct the lines." in flat


def test_answers_are_asked_for_before_the_decision() -> None:
    decided = date(2026, 12, 1)
    assert default_reply_by(date(2026, 11, 26), decided) == date(2026, 11, 29)
    # Far from the decision: ten days.
    assert default_reply_by(date(2026, 10, 1), decided) == date(2026, 10, 11)
    # Too close to it (or past it): ten days still, rather than a date already gone.
    assert default_reply_by(date(2026, 11, 30), decided) == date(2026, 12, 10)
