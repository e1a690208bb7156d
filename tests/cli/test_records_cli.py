"""Entering, correcting and deleting records from the command line, and the whole job headless."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from computescore.cli import main
from computescore.services.demo import samples_dir
from computescore.services.workspace import load_evaluation_data, open_store

EUR_QUOTE = samples_dir() / "kessler_systemhaus_angebot.xlsx"
USD_QUOTE = samples_dir() / "brightline_gpu_cloud.xlsx"


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def db(db_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """A database with one evaluation, one workload and the EUR purchase quote."""
    path = str(db_path)
    assert (
        cli(
            capsys,
            "evaluation",
            "create",
            "Pool 2027",
            "--db",
            path,
            "--decision-date",
            "2026-12-15",
            "--end-user-hq",
            "de",
        )[0]
        == 0
    )
    assert (
        cli(
            capsys,
            "workload",
            "add",
            "--db",
            path,
            "--set",
            "name=Chat serving",
            "--set",
            "params=13B",
            "--set",
            "tokens_per_day=2B",
            "--set",
            "country=de",
        )[0]
        == 0
    )
    code, _, err = cli(
        capsys,
        "import",
        str(EUR_QUOTE),
        "--db",
        path,
        "--vendor",
        "Kessler Systemhaus",
        "--vendor-kind",
        "server_maker",
    )
    assert code == 0, err
    return path


def test_the_whole_evaluation_runs_headless_from_an_empty_database(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(db_path)
    code, out, _ = cli(
        capsys,
        "evaluation",
        "create",
        "Inference 2027",
        "--db",
        path,
        "--decision-date",
        "2026-12-01",
        "--end-user",
        "Northwind",
        "--end-user-hq",
        "DE",
    )
    assert code == 0 and "Created the evaluation 'Inference 2027'" in out
    assert (
        cli(
            capsys,
            "workload",
            "add",
            "--db",
            path,
            "--set",
            "name=Chat serving",
            "--set",
            "purpose=inference",
            "--set",
            "params=13B",
            "--set",
            "tokens_per_day=2B",
            "--set",
            "accelerators=16",
            "--set",
            "hours_per_day=20",
            "--set",
            "country=DE",
        )[0]
        == 0
    )
    for file, vendor, kind in (
        (EUR_QUOTE, "Kessler Systemhaus", "server_maker"),
        (USD_QUOTE, "Brightline", "gpu_cloud"),
    ):
        code, _, err = cli(
            capsys, "import", str(file), "--db", path, "--vendor", vendor, "--vendor-kind", kind
        )
        assert code == 0, err
    # Without a EUR rate the EUR quote's cost is incomplete and the ranking says so …
    code, out, _ = cli(capsys, "score", "--db", path)
    assert code == 0 and "WARNING: The ranking may change" in out
    assert "no EUR → USD exchange rate" in out
    # … and with one it is not.
    assert cli(capsys, "fx", "set", "EUR", "1.0850", "--date", "2026-11-20", "--db", path)[0] == 0
    code, out, _ = cli(capsys, "score", "--db", path, "--json")
    scored = json.loads(out)
    assert code == 0 and scored["caveat"] is None
    assert {q["label"].split(" — ")[0] for q in scored["quotes"]} == {
        "Kessler Systemhaus",
        "Brightline",
    }
    pdf = tmp_path / "pack.pdf"
    code, _, err = cli(capsys, "report", "--db", path, "--pdf", str(pdf))
    assert code == 0, err
    text = "\n".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
    assert "Inference 2027" in text and "Kessler Systemhaus" in text and "Brightline" in text
    assert "Do not award yet" not in text and "ranking may change" not in text


def test_evaluation_edit_and_delete_then_restore(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(
        capsys,
        "evaluation",
        "edit",
        "--db",
        db,
        "--set",
        "end_user_hq=fr",
        "--set",
        "decision_date=2027-01-10",
    )
    assert code == 0
    assert "decision_date: 2026-12-15 → 2027-01-10" in out and "end_user_hq: DE → FR" in out
    code, _, err = cli(capsys, "evaluation", "edit", "--db", db, "--set", "decision_date=10/1/27")
    assert code == 3 and "expected a date (YYYY-MM-DD)" in err
    code, _, err = cli(capsys, "evaluation", "edit", "Pool 2072", "--db", db, "--set", "name=x")
    assert code == 3 and "did you mean 'Pool 2027'?" in err
    code, out, _ = cli(capsys, "evaluation", "delete", "Pool 2027", "--db", db)
    assert code == 0 and "computescore deleted restore 1" in out
    code, out, _ = cli(capsys, "deleted", "list", "--db", db)
    assert "Pool 2027 (2 quotes)" in out
    assert cli(capsys, "deleted", "restore", "1", "--db", db)[0] == 0
    with open_store(db) as store:
        data = load_evaluation_data(store, "Pool 2027")
    assert [w.name for w in data.evaluation.workloads] == ["Chat serving"]
    assert sum(len(q.lines) for q in data.quotes) == 8


def test_workloads_are_added_edited_and_removed(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "finetune.json"
    spec.write_text(
        json.dumps(
            {
                "name": "Fine-tune",
                "purpose": "training",
                "params": 70e9,
                "training_tokens": "20B",
                "accelerators": 32,
                "hours_per_day": 24,
                "horizon_months": 6,
            }
        )
    )
    assert cli(capsys, "workload", "add", "--db", db, "--from-json", str(spec))[0] == 0
    code, out, _ = cli(capsys, "workload", "list", "--db", db)
    assert "Fine-tune" in out and "training" in out
    code, out, _ = cli(
        capsys,
        "workload",
        "edit",
        "Fine-tune",
        "--db",
        db,
        "--set",
        "precision=FP8",
        "--set",
        "hours_per_day=20",
    )
    assert "precision: bf16 → fp8" in out and "hours_per_day: 24.0 → 20.0" in out
    # A misspelt field, a misspelt name and a broken rule are each refused, naming the fix.
    code, _, err = cli(
        capsys, "workload", "edit", "Fine-tune", "--db", db, "--set", "hours_per_dya=2"
    )
    assert code == 3 and "did you mean 'hours_per_day'" in err
    code, _, err = cli(
        capsys, "workload", "edit", "Fine tune", "--db", db, "--set", "hours_per_day=2"
    )
    assert code == 3 and "did you mean 'Fine-tune'?" in err
    code, _, err = cli(
        capsys, "workload", "edit", "Fine-tune", "--db", db, "--set", "hours_per_day=30"
    )
    assert code == 3 and "Hours per day must be above 0 and at most 24" in err
    code, _, err = cli(
        capsys, "workload", "add", "--db", db, "--set", "name=T", "--set", "purpose=training"
    )
    assert code == 3 and "needs its number of training tokens" in err
    code, _, err = cli(capsys, "workload", "add", "--db", db, "--set", "name")
    assert code == 2 and "is not FIELD=VALUE" in err
    assert cli(capsys, "workload", "remove", "Fine-tune", "--db", db)[0] == 0
    with open_store(db) as store:
        names = [w.name for w in load_evaluation_data(store).evaluation.workloads]
    assert names == ["Chat serving"]


def test_quote_lines_and_terms_are_corrected_and_change_the_cost_at_once(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, "fx", "set", "EUR", "1.10", "--date", "2026-11-01", "--db", db)

    def hardware_usd() -> float:
        code, out, _ = cli(capsys, "tco", "--db", db, "--json")
        assert code == 0
        quote = next(q for q in json.loads(out)["quotes"] if q["reference"] == "KS-AN-2026-0419")
        (line,) = [x for x in quote["lines"] if x["category"] == "hardware"]
        return float(line["amount_usd"])

    # The workload needs 8 accelerators: one 8-GPU server at 438,900 EUR, 1.10 USD per EUR.
    assert hardware_usd() == pytest.approx(438_900 * 1.10)
    code, out, _ = cli(
        capsys,
        "quote",
        "edit",
        "KS-AN-2026-0419",
        "--db",
        db,
        "--line",
        "1",
        "--set",
        "price=429000",
        "--set",
        "country=de",
    )
    assert code == 0
    assert "price: 438900.00 → 429000" in out and "country: (none) → DE" in out
    assert hardware_usd() == pytest.approx(429_000 * 1.10)  # the TCO follows at once
    code, out, _ = cli(
        capsys,
        "quote",
        "edit",
        "KS-AN-2026-0419",
        "--db",
        db,
        "--set",
        "sla.uptime_pct=99.9",
        "--set",
        "sla.credits=99.9:10,99:25",
        "--set",
        "support.response_minutes=1:30,2:120,3:none",
    )
    assert code == 0
    assert "sla.credits: (none) → 99.9:10.0, 99.0:25.0" in out
    assert "support.response_minutes: 1:240, 2:480 → 1:30, 2:120, 3:(none)" in out
    with open_store(db) as store:
        quote = next(q for q in load_evaluation_data(store).quotes if q.reference.endswith("19"))
    assert quote.sla.uptime_pct == 99.9 and quote.support.response_minutes[1] == 30
    for args, expected in (
        (("--line", "1", "--set", "contry=DE"), "did you mean 'country'"),
        (("--line", "1", "--set", "price=abc"), "'price' cannot be 'abc': expected a number"),
        (("--line", "1", "--set", "currency=euro"), "not a three-letter ISO code"),
        (("--line", "9", "--set", "price=1"), "has lines 1 to 6; there is no line 9"),
        (("--set", "sla.uptme=1"), "did you mean 'uptime_pct'"),
        (("--set", "sla.credits=99"), "'99' is not A:B"),
    ):
        code, _, err = cli(capsys, "quote", "edit", "KS-AN-2026-0419", "--db", db, *args)
        assert code == 3 and expected in err, err
    code, _, err = cli(capsys, "quote", "edit", "KS-AN-2026-04", "--db", db, "--set", "sla.notes=x")
    assert code == 3 and "did you mean 'KS-AN-2026-0419'" in err


def test_quotes_and_vendors_are_deleted_and_restored(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, "vendor", "delete", "Kessler Systemhaus", "--db", db)
    assert code == 3 and "delete them first" in err
    for reference in ("KS-AN-2026-0419", "KS-AN-2026-0419-L"):
        assert cli(capsys, "quote", "delete", reference, "--db", db)[0] == 0
    assert cli(capsys, "vendor", "delete", "Kessler Systemhaus", "--db", db)[0] == 0
    code, _, err = cli(capsys, "deleted", "restore", "1", "--db", db)
    assert code == 3 and "restore the vendor first" in err
    code, out, _ = cli(capsys, "deleted", "list", "--db", db, "--json")
    assert [e["kind"] for e in json.loads(out)] == ["vendor", "quote", "quote"]
    for number in ("3", "1", "2"):
        assert cli(capsys, "deleted", "restore", number, "--db", db)[0] == 0
    with open_store(db) as store:
        data = load_evaluation_data(store)
    assert sorted(q.reference for q in data.quotes) == ["KS-AN-2026-0419", "KS-AN-2026-0419-L"]
    assert data.quotes[0].vendor.certifications  # the vendor came back whole
    code, _, err = cli(capsys, "deleted", "empty", "--db", db)
    assert code == 2 and "--yes" in err


def test_vendor_kind_headquarters_and_certifications(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(
        capsys,
        "vendor",
        "edit",
        "Kessler Systemhaus",
        "--db",
        db,
        "--set",
        "hq_country=de",
        "--set",
        "kind=colocation",
        "--add-cert",
        "SOC 2 Type II@2026-01-01..2027-06-30",
        "--remove-cert",
        "ISO 9001:2015",
    )
    assert (
        code == 0 and "hq_country: (none) → DE" in out and "kind: server_maker → colocation" in out
    )
    code, out, _ = cli(capsys, "vendor", "list", "--db", db, "--json")
    (vendor,) = json.loads(out)
    assert [c["name"] for c in vendor["certifications"]] == ["ISO/IEC 27001:2022", "SOC 2 Type II"]
    assert vendor["certifications"][1]["valid_to"] == "2027-06-30"
    code, _, err = cli(capsys, "vendor", "edit", "Kesler", "--db", db, "--set", "kind=gpu_cloud")
    assert code == 3 and "did you mean 'Kessler Systemhaus'?" in err
    code, _, err = cli(
        capsys, "vendor", "edit", "Kessler Systemhaus", "--db", db, "--set", "kind=cloud"
    )
    assert code == 3 and "expected one of hyperscale_cloud, gpu_cloud" in err


def test_rates_files_are_imported(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ecb = tmp_path / "eurofxref.csv"
    ecb.write_text("Date, USD, JPY, GBP, \n24 November 2026, 1.0850, 162.50, 0.8420, \n")
    code, out, _ = cli(capsys, "fx", "import", str(ecb), "--db", db)
    assert code == 0 and "Imported 3 rates (3 currencies, 2026-11-24)" in out
    code, out, _ = cli(capsys, "fx", "list", "--db", db, "--json")
    rates = {r["currency"]: r["usd_per_unit"] for r in json.loads(out)}
    assert rates == {"EUR": "1.0850", "GBP": "1.2885986", "JPY": "0.0066769"}


def test_the_reporting_currency_is_set_and_every_figure_follows(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, "evaluation", "edit", "--db", db, "--set", "reporting_currency=eur")
    assert code == 0 and "reporting_currency: USD → EUR" in out
    # No EUR rate yet: the figures stay in dollars and the warning names the command.
    code, out, _ = cli(capsys, "tco", "--db", db)
    assert code == 0 and "Total USD" in out
    assert "no EUR rate on or before 2026-12-15" in out and "computescore fx set EUR" in out
    assert cli(capsys, "fx", "set", "EUR", "1.25", "--date", "2026-12-01", "--db", db)[0] == 0
    code, json_out, _ = cli(capsys, "tco", "--db", db, "--json")
    total_usd = json.loads(json_out)["quotes"][0]["total_usd"]
    code, out, _ = cli(capsys, "tco", "--db", db)
    assert code == 0 and "Amounts in EUR" in out and "Total EUR" in out
    # The euro total is the dollar total (the machine output stays in dollars) ÷ 1.25.
    assert f"{total_usd / 1.25:,.2f} EUR over" in out
    code, out, _ = cli(capsys, "quotes", "--db", db)
    assert code == 0 and "Per GPU-hour" in out
    code, _, err = cli(capsys, "evaluation", "edit", "--db", db, "--set", "reporting_currency=€")
    assert code == 3 and "is not a three-letter ISO currency code" in err


def test_misspelt_weights_and_missing_database_are_errors(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, "score", "--db", db, "--weights", "cots=0.4")
    assert code == 2 and "There is no axis named 'cots'; did you mean 'cost'?" in err
    missing = tmp_path / "typo.db"
    code, _, err = cli(capsys, "quotes", "--db", str(missing))
    assert code == 3 and f"There is no database file {missing}" in err
    assert not missing.exists()


def test_output_piped_into_head_ends_quietly(db: str) -> None:
    shell = shutil.which("sh")
    assert shell is not None
    command = f"{sys.executable} -m computescore quotes --db '{db}' | head -n 1"
    result = subprocess.run(
        [shell, "-c", command], capture_output=True, text=True, timeout=120, env=os.environ
    )
    assert result.stdout.startswith("Vendor")
    assert result.stderr == ""


def test_the_app_without_a_display_says_so_in_one_sentence(db: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    result = subprocess.run(
        [sys.executable, "-m", "computescore", "gui", "--db", db],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("computescore: No display was found, so the app cannot open")
    assert result.stderr.count("\n") == 1


def test_a_line_s_accelerator_is_looked_up_in_the_catalogue(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(
        capsys,
        "quote",
        "edit",
        "KS-AN-2026-0419",
        "--db",
        db,
        "--line",
        "1",
        "--set",
        "accelerator=H100 SXM5",
    )
    assert code == 0 and "accelerator: nvidia-b200 → nvidia-h100-sxm" in out
    code, _, err = cli(
        capsys,
        "quote",
        "edit",
        "KS-AN-2026-0419",
        "--db",
        db,
        "--line",
        "1",
        "--set",
        "accelerator=B2OO",
    )
    assert code == 3 and "'B2OO' is not an accelerator in the catalogue" in err


def test_a_workload_is_read_from_a_yaml_file_and_an_alias_bomb_is_refused(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "batch.yaml"
    spec.write_text(
        "name: Batch scoring\npurpose: inference\nparams: 8B\ntokens_per_day: 500M\n"
        "hours_per_day: 8\nrequired_certifications: [ISO/IEC 27001, SOC 2 Type II]\n"
    )
    assert cli(capsys, "workload", "add", "--db", db, "--from-file", str(spec))[0] == 0
    with open_store(db) as store:
        (batch,) = [
            w for w in load_evaluation_data(store).evaluation.workloads if w.name == "Batch scoring"
        ]
    assert (batch.params, batch.tokens_per_day, batch.hours_per_day) == (8e9, 5e8, 8.0)
    assert batch.required_certifications == ("ISO/IEC 27001", "SOC 2 Type II")
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text('a: &a ["x","x"]\nb: &b [*a,*a]\nc: &c [*b,*b]\nname: *c\n')
    code, _, err = cli(capsys, "workload", "add", "--db", db, "--from-file", str(bomb))
    assert code == 3 and "anchors and aliases are not accepted" in err
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [unclosed\n")
    code, _, err = cli(capsys, "workload", "add", "--db", db, "--from-file", str(broken))
    assert code == 3 and "broken.yaml: not a YAML file" in err
