"""The command line: exit codes, plain error sentences, quote lines as JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from computescore import __version__
from computescore.cli import main
from computescore.services.workspace import CANONICAL_FIELDS
from computescore.store.repository import Store
from tests.store.factories import evaluation, quote


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real console entry point in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "computescore", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"ComputeScore {__version__}"


def test_usage_error_exits_2_with_one_sentence() -> None:
    result = run("quotes", "--no-such-option")
    assert result.returncode == 2
    assert "unrecognized arguments: --no-such-option" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_command_exits_2() -> None:
    assert run("frobnicate").returncode == 2


def test_not_a_database_exits_3_and_leaves_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    path.write_text("hello")
    result = run("quotes", "--db", str(path), "--json")
    assert result.returncode == 3
    assert (
        result.stderr.strip() == f"computescore: {path} is not a ComputeScore database "
        "(not an SQLite file)."
    )
    assert path.read_text() == "hello"


def test_empty_database_says_how_to_start(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["quotes", "--db", str(db_path), "--create"]) == 3
    err = capsys.readouterr().err
    assert "no evaluation yet" in err and "computescore evaluation create NAME" in err


def test_quotes_json_lists_canonical_fields(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(db_path) as store, store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote())
    assert main(["quotes", "--db", str(db_path), "--json"]) == 0
    lines = json.loads(capsys.readouterr().out)
    assert [list(line) for line in lines] == [list(CANONICAL_FIELDS)] * 2
    compute = lines[0]
    assert compute["vendor"] == "Helios Cloud"
    assert compute["price"] == "2.8700" and compute["currency"] == "EUR"
    assert compute["accelerator_count"] == 16
    assert compute["source"] == "quote.xlsx!Pricing!7"
    # No EUR rate stored: the USD figure is unknown rather than guessed.
    assert compute["usd_per_gpu_hour"] is None


def test_quotes_shows_prices_without_the_zeros_of_the_files_number_format(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store.open(db_path) as store, store.transaction() as uow:
        eid = uow.add_evaluation(evaluation())
        uow.add_quote(eid, quote())  # its compute line is priced "2.8700" EUR
    assert main(["quotes", "--db", str(db_path)]) == 0
    out = capsys.readouterr().out
    assert "2.87 EUR" in out and "2.8700" not in out


def test_db_from_environment(
    db_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with Store.open(db_path) as store, store.transaction() as uow:
        uow.add_evaluation(evaluation())
    monkeypatch.setenv("COMPUTESCORE_DB", str(db_path))
    assert main(["evaluations", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["name"] == "Pool 2027"


def test_unexpected_error_exits_1_and_names_the_log(tmp_path: Path) -> None:
    # A directory where the database file should be makes SQLite fail in an unplanned way.
    folder = tmp_path / "dir.db"
    folder.mkdir()
    result = run("quotes", "--db", str(folder))
    assert result.returncode in (1, 3)
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("computescore: ")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("price", "shown"),
    [("98.3200000000", "98.32"), ("0.04500", "0.045"), ("268500.0", "268,500.00"), ("7", "7.00")],
)
def test_a_price_shows_two_decimals_or_the_ones_it_has(price: str, shown: str) -> None:
    from decimal import Decimal

    from computescore.cli.workspace import _quoted

    assert _quoted(Decimal(price)) == shown
