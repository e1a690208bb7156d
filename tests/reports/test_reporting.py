"""The reporting service and the report command, on a real workspace database."""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path

import pytest
from openpyxl import load_workbook

from computescore.cli import main
from computescore.errors import InputRefused
from computescore.reports.excel import SCORES_FIRST_ROW
from computescore.reports.model import BoardPack
from computescore.services.evaluate import evaluate_workspace
from computescore.services.reporting import export_reports, gather_board_pack, write_atomic
from tests.reports.conftest import pdf_text
from tests.reports.formula_eval import FormulaEvaluator
from tests.services.engine_workspace import build_workspace

DAY = date(2026, 7, 1)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_workspace(tmp_path_factory.mktemp("ws") / "workspace.db")


@pytest.fixture(scope="module")
def engine_pack(workspace: Path) -> BoardPack:
    return gather_board_pack(workspace, generated_on=DAY, prepared_by="Sourcing team")


def test_pack_carries_the_engine_results(workspace: Path, engine_pack: BoardPack) -> None:
    result = evaluate_workspace(workspace)
    assert engine_pack.ranking is not None
    by_key = {row.quote_key: row for row in engine_pack.ranking.rows}
    for score in result.scorecard.scores:
        row = by_key[score.quote_key]
        assert row.weighted_total == pytest.approx(score.weighted_total)
        assert row.rank == (None if score.disqualified else score.rank)
        for axis in score.axes:
            assert row.score(axis.axis.value) == pytest.approx(axis.score)
    # Tiny GPU's single L40S cannot hold the 7 B fine-tune: knocked out with the reason.
    tiny = by_key["Tiny GPU/T-1/r1"]
    assert tiny.knocked_out and "cannot hold the model" in tiny.knockout_reasons[0]
    for quote in result.quotes:
        tco = engine_pack.tco_for(quote.quote_key)
        assert tco is not None
        assert tco.total_usd == pytest.approx(quote.tco.total_usd)
        assert sum(line.amount_usd for line in tco.lines) == pytest.approx(tco.total_usd)
    assert engine_pack.findings is not None and engine_pack.findings
    assert engine_pack.methodology.rules_version
    assert engine_pack.meta.prepared_by == "Sourcing team"
    assert len(engine_pack.lines) == sum(len(q.lines) for q in _quotes(workspace))
    assert engine_pack.recommendation.startswith("Award the capacity to Helios Cloud — HC-1")


def _quotes(workspace: Path):  # type: ignore[no-untyped-def]
    from computescore.services.workspace import load_evaluation_data, open_store

    with open_store(workspace) as store:
        return load_evaluation_data(store).quotes


def test_workbook_formulas_recompute_to_the_engine_totals(
    workspace: Path, engine_pack: BoardPack, tmp_path: Path
) -> None:
    result = evaluate_workspace(workspace)
    xlsx = tmp_path / "pack.xlsx"
    export_reports(engine_pack, xlsx=xlsx)
    wb = load_workbook(xlsx)
    ev = FormulaEvaluator(wb)
    assert engine_pack.ranking is not None
    for index, row in enumerate(engine_pack.ranking.rows):
        r = SCORES_FIRST_ROW + index
        engine = next(s for s in result.scorecard.scores if s.quote_key == row.quote_key)
        assert ev.value("Scores", f"I{r}") == pytest.approx(engine.weighted_total, abs=1e-9)
        rank = ev.value("Scores", f"A{r}")
        assert (None if rank == "" else rank) == (None if engine.disqualified else engine.rank)


def test_pdf_names_every_vendor_and_section(engine_pack: BoardPack, tmp_path: Path) -> None:
    pdf = tmp_path / "pack.pdf"
    export_reports(engine_pack, pdf=pdf, paper="letter")
    text = pdf_text(pdf.read_bytes())
    for vendor in ("Helios Cloud", "Kessler Systemhaus", "Euro Compute", "Tiny GPU"):
        assert vendor in text
    for title in ("Executive summary", "TCO detail", "Compliance and export-control findings"):
        assert title in text


def test_without_compliance_the_pack_says_so(workspace: Path, tmp_path: Path) -> None:
    pack = gather_board_pack(workspace, generated_on=DAY, run_compliance=False)
    assert pack.findings is None
    pdf = tmp_path / "pack.pdf"
    export_reports(pack, pdf=pdf)
    assert "Compliance checks not run for this evaluation." in pdf_text(pdf.read_bytes())


def test_failed_render_leaves_previous_files_byte_identical(
    engine_pack: BoardPack, tmp_path: Path
) -> None:
    from dataclasses import replace

    pdf, xlsx = tmp_path / "pack.pdf", tmp_path / "pack.xlsx"
    pdf.write_bytes(b"previous pdf")
    xlsx.write_bytes(b"previous workbook")
    # A clause longer than an Excel cell makes the workbook refuse to render.
    too_long = replace(engine_pack.lines[0], description="clause " * 5000)
    broken = replace(engine_pack, lines=(too_long, *engine_pack.lines[1:]))
    with pytest.raises(InputRefused, match="more than the 32,767"):
        export_reports(broken, pdf=pdf, xlsx=xlsx)
    assert pdf.read_bytes() == b"previous pdf"
    assert xlsx.read_bytes() == b"previous workbook"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pack.pdf", "pack.xlsx"]


def test_write_atomic_replaces_whole_files(tmp_path: Path) -> None:
    target = tmp_path / "report.pdf"
    target.write_bytes(b"old")
    write_atomic(target, b"new contents")
    assert target.read_bytes() == b"new contents"
    assert [p.name for p in tmp_path.iterdir()] == ["report.pdf"]


def test_write_atomic_failure_leaves_nothing_behind(tmp_path: Path) -> None:
    target = tmp_path / ("x" * 300 + ".pdf")  # longer than any file system allows
    with pytest.raises(InputRefused, match="Cannot write the report"):
        write_atomic(target, b"data")
    assert list(tmp_path.iterdir()) == []


def test_report_command_writes_both_files(
    workspace: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf, xlsx = tmp_path / "board.pdf", tmp_path / "board.xlsx"
    code = main(["report", "--db", str(workspace), "--pdf", str(pdf), "--xlsx", str(xlsx)])
    assert code == 0
    out = capsys.readouterr().out
    assert f"Wrote {pdf}" in out and "Fingerprint of the inputs (SHA-256):" in out
    assert pdf.read_bytes().startswith(b"%PDF")
    assert load_workbook(io.BytesIO(xlsx.read_bytes())).sheetnames[0] == "Summary"


def test_report_command_refuses_an_unwritable_path(
    workspace: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing-folder" / "board.pdf"
    code = main(["report", "--db", str(workspace), "--pdf", str(target)])
    assert code == 3
    err = capsys.readouterr().err
    assert "Cannot write the report to" in err and "does not exist" in err
    folder_target = tmp_path
    assert main(["report", "--db", str(workspace), "--xlsx", str(folder_target)]) == 3
    assert "that is a folder" in capsys.readouterr().err


def test_report_command_needs_an_output(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", "--db", str(workspace)]) == 2
    assert "--pdf FILE, --xlsx FILE or both" in capsys.readouterr().err


def test_assumptions_and_simulated_ranges_are_named_in_words(engine_pack: BoardPack) -> None:
    names = [item.name for item in engine_pack.methodology.assumptions]
    assert "energy price" in names and "PUE (facility power ÷ IT power)" in names
    assert all("_" not in name for name in names)
    assert engine_pack.monte_carlo is not None
    assert [text.split(":")[0] for text in engine_pack.monte_carlo.ranges] == [
        "hours of use per day",
        "energy price",
        "residual value, share of the hardware price",
        "MFU, × its base value",
        "exchange rates, × the rate used",
        "expected downtime loss, × the stated one",
    ]


def test_methodology_notes_name_quotes_and_workloads_as_a_reader_knows_them(
    engine_pack: BoardPack,
) -> None:
    notes = engine_pack.methodology.notes
    assert notes
    assert not [n for n in notes if n.startswith(("quote:", "workload:", "vendor:"))]
    # Sentences start with a capital letter and end with a full stop, after any place.
    for note in notes:
        text = note.split(": ", 1)[1] if ": " in note and "!" in note.split(": ")[0] else note
        assert text[:1].isupper() or text.startswith(("…", "‘")), note
        assert note.endswith((".", ")")), note


def test_the_pack_says_what_each_total_covers(engine_pack: BoardPack, tmp_path: Path) -> None:
    from computescore.domain.tco.scope import ScopeState

    scope = {item.label.split(" — ")[0]: item.scope for item in engine_pack.tco}
    kessler = {cell.item: cell for cell in scope["Kessler Systemhaus"]}
    helios = {cell.item: cell.state for cell in scope["Helios Cloud"]}
    # Kessler's purchase: operations from the assumptions, 2 × 8 × 730 × 12 = 140,160
    # (the evaluate tests); Helios's reservation has power, building and staff in its rent.
    assert kessler["operations"].state is ScopeState.ASSUMED
    assert kessler["operations"].amount_usd == pytest.approx(140_160.0)
    assert helios["operations"] is ScopeState.INCLUDED
    pdf = tmp_path / "pack.pdf"
    export_reports(engine_pack, pdf=pdf)
    text = pdf_text(pdf.read_bytes())
    assert "What each total covers" in text and "$140 k*" in text and "in rent" in text
