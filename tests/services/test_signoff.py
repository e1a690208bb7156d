"""Sign-off on both engines: approve the pack's inputs, supersede on change, sign (PAdES)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from computescore.cli import main
from computescore.domain.signoff import ApprovalState
from computescore.errors import InputRefused
from computescore.reports.signature import pack_fingerprint, read_signatures
from computescore.services.analysis import AnalysisOptions, analyse
from computescore.services.demo import create_demo
from computescore.services.evaluate import EvaluateOptions
from computescore.services.reporting import export_reports
from computescore.services.signoff import approve, pack_status, sign_pack
from computescore.store.repository import Store
from tests.fixtures.certificates import make_certificate

FAST = AnalysisOptions(engine=EvaluateOptions(monte_carlo_samples=200), plan=False)


@pytest.fixture
def store(db_target: Path | str) -> Iterator[Store]:
    with Store.open(db_target) as opened:
        create_demo(opened)
        yield opened


def _pdf(store: Store, path: Path) -> Path:
    export_reports(analyse(store, None, FAST).pack, pdf=path)
    return path


def test_an_approval_holds_for_its_inputs_and_is_superseded_when_they_change(
    store: Store, tmp_path: Path
) -> None:
    assert pack_status(store, options=FAST).state is ApprovalState.NOT_APPROVED
    done = approve(store, note="Board of 1 December", options=FAST)
    status = pack_status(store, options=FAST)
    assert status.state is ApprovalState.APPROVED and status.fingerprint == done.fingerprint
    pdf = _pdf(store, tmp_path / "pack.pdf")
    cover = PdfReader(pdf).pages[0].extract_text()
    assert f"Approved by {done.approver} on" in cover and "for exactly these inputs" in cover
    assert pack_fingerprint(pdf.read_bytes()) == done.fingerprint
    with store.transaction() as uow:
        row = uow.evaluation_row()
        assert row.id is not None
        uow.set_evaluation_field(row.id, "prepared_by", "Someone else")
    later = pack_status(store, options=FAST)
    assert later.state is ApprovalState.SUPERSEDED and later.fingerprint != done.fingerprint
    assert "the inputs have changed since; it needs approving again" in later.sentence
    assert "Superseded:" in PdfReader(_pdf(store, tmp_path / "later.pdf")).pages[0].extract_text()


def test_the_approver_signs_an_approved_pack_and_the_signature_reads_back(
    store: Store, tmp_path: Path
) -> None:
    cert = make_certificate(tmp_path)
    pdf = _pdf(store, tmp_path / "pack.pdf")
    with pytest.raises(InputRefused, match="has no approval in"):
        sign_pack(store, pdf, cert.p12, cert.password, tmp_path / "x.pdf")
    approve(store, options=FAST)
    with pytest.raises(InputRefused, match="the password is right"):
        sign_pack(store, pdf, cert.p12, "wrong", tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()
    signed = tmp_path / "signed.pdf"
    sign_pack(store, pdf, cert.p12, cert.password, signed)
    (signature,) = read_signatures(signed.read_bytes(), [cert.pem.read_bytes()])
    assert signature.signer == "Ada Approver"
    assert signature.intact and signature.valid and signature.trusted and signature.pades
    assert signature.covers_whole_file
    # The signed pack's pages are the rendered pack's, byte for byte (an incremental update).
    assert signed.read_bytes().startswith(pdf.read_bytes())
    (untrusted,) = read_signatures(signed.read_bytes(), [])
    assert untrusted.intact and not untrusted.trusted
    # A byte changed inside the signed range breaks the signature.
    data = bytearray(signed.read_bytes())
    spot = data.index(b"Board pack")
    data[spot] = ord("b")
    (broken,) = read_signatures(bytes(data), [cert.pem.read_bytes()])
    assert not broken.intact


def test_the_commands_approve_list_sign_and_verify(
    db_target: Path | str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with Store.open(db_target) as opened:
        create_demo(opened)
    db = str(db_target)
    cert = make_certificate(tmp_path)
    pdf = tmp_path / "pack.pdf"
    assert main(["report", "--pdf", str(pdf), "--db", db]) == 0
    assert main(["approve", "--note", "Board", "--db", db]) == 0
    capsys.readouterr()
    assert main(["approvals", "--db", db]) == 0
    assert "for exactly these inputs (Board)." in capsys.readouterr().out
    monkeypatch.setenv("COMPUTESCORE_CERT_PASSWORD", cert.password)
    assert main(["sign", str(pdf), "--cert", str(cert.p12), "--db", db]) == 0
    signed = tmp_path / "pack-signed.pdf"
    assert main(["verify-signature", str(signed), "--trust", str(cert.pem)]) == 0
    assert "signed by Ada Approver, intact and valid, trusted." in capsys.readouterr().out
    assert main(["verify-signature", str(signed)]) == 1
    assert main(["verify-signature", str(pdf)]) == 1
    assert "carries no signature" in capsys.readouterr().out
