"""PAdES signatures on a board pack, with pyHanko.

The approver signs the PDF with their own certificate (a PKCS#12 file and its
password, neither kept by the app). The signature is added as an incremental update,
so the pack's pages stay byte for byte as rendered and any later change to them
breaks the signature. :func:`read_signatures` reads signatures back and checks them
against the certificates the caller trusts.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from computescore.errors import InputRefused

FINGERPRINT_KEYWORD = "computescore-fingerprint:"
"""Prefix of the pack's fingerprint in the PDF's keywords (see the PDF renderer)."""

_FINGERPRINT = re.compile(re.escape(FINGERPRINT_KEYWORD) + r"([0-9a-f]{64})")


@dataclass(frozen=True, slots=True)
class SignatureInfo:
    """A signature read back from a PDF.

    Attributes:
        field: the signature field's name.
        signer: the signing certificate's subject (its common name).
        signed_at: the signing time the signature states.
        intact: the signed bytes are unchanged.
        valid: the cryptographic signature checks out.
        trusted: the certificate chains to one the caller trusts.
        covers_whole_file: nothing was added after the signature.
        pades: the signature is a PAdES (ETSI.CAdES.detached) one.
    """

    field: str
    signer: str
    signed_at: datetime | None
    intact: bool
    valid: bool
    trusted: bool
    covers_whole_file: bool
    pades: bool


def pack_fingerprint(pdf: bytes) -> str | None:
    """The fingerprint a board pack PDF carries in its keywords, or None."""
    from pyhanko.pdf_utils.reader import PdfFileReader

    try:
        reader = PdfFileReader(io.BytesIO(pdf), strict=False)
        keywords = " ".join(reader.document_meta_view.keywords or ())
    except Exception:  # not a PDF pyHanko can read
        return None
    found = _FINGERPRINT.search(keywords)
    return found.group(1) if found else None


def sign_pdf(
    pdf: bytes, certificate: bytes, password: str | None, *, reason: str, location: str = ""
) -> bytes:
    """``pdf`` with a PAdES signature made with the PKCS#12 ``certificate``.

    Raises:
        InputRefused: the certificate file cannot be opened with that password, or the
            PDF cannot be signed.
    """
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import fields, signers

    try:
        signer = signers.SimpleSigner.load_pkcs12_data(
            certificate, other_certs=(), passphrase=password.encode() if password else None
        )
    except (ValueError, TypeError) as exc:
        raise InputRefused(
            "The certificate file cannot be opened: check that it is a PKCS#12 file "
            f"(.p12 or .pfx) and that the password is right ({exc})."
        ) from exc
    meta = signers.PdfSignatureMetadata(
        field_name="Approval",
        reason=reason[:200],
        location=location[:200] or None,
        subfilter=fields.SigSeedSubFilter.PADES,
        md_algorithm="sha256",
    )
    try:
        writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
        signed = signers.sign_pdf(writer, meta, signer=signer)
    except Exception as exc:  # pyHanko raises its own errors for unreadable PDFs
        raise InputRefused(f"The PDF cannot be signed: {exc}.") from exc
    return bytes(signed.getbuffer())


@contextmanager
def _quiet_validator() -> Iterator[None]:
    logger = logging.getLogger("pyhanko")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def read_signatures(pdf: bytes, trusted: list[bytes] | None = None) -> list[SignatureInfo]:
    """Every signature of ``pdf``, checked; ``trusted`` are DER or PEM certificates."""
    from asn1crypto import pem, x509
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext

    roots = []
    for data in trusted or []:
        der = pem.unarmor(data)[2] if pem.detect(data) else data
        roots.append(x509.Certificate.load(der))
    context = ValidationContext(trust_roots=roots, allow_fetching=False)
    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    found = []
    for embedded in reader.embedded_signatures:
        with _quiet_validator():  # an untrusted certificate is a result here, not an error
            status = validate_pdf_signature(embedded, context)
        cert = embedded.signer_cert
        found.append(
            SignatureInfo(
                field=embedded.field_name,
                signer=cert.subject.native.get("common_name", cert.subject.human_friendly),
                signed_at=embedded.self_reported_timestamp,
                intact=bool(status.intact),
                valid=bool(status.valid),
                trusted=bool(status.trusted),
                covers_whole_file=status.coverage is not None
                and status.coverage.name == "ENTIRE_FILE",
                pades=str(embedded.sig_object.get("/SubFilter")) == "/ETSI.CAdES.detached",
            )
        )
    return found
