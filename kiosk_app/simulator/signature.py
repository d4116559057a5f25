"""The simulator's OWN barcode signature scheme (not the real service's, which is not published).

A payload is "signed" when its last subfile is of type ``ZS`` holding one element ``ZSS``: the
base64 of the raw ECDSA P-256 / SHA-256 signature (r || s, 64 bytes, so always 88 characters)
over every byte of the payload before that subfile (compliance indicator, header, designators
including the ``ZS`` designator, and the DL/ID subfile). Changing any of those bytes makes the
signature fail. The key in ``data/demo_signing_key.pem`` is a public DEMO key shipped in the
package: anyone can sign with it, so the scheme proves nothing about a real document.
"""

from __future__ import annotations

import base64
import binascii
import enum
from functools import cache
from importlib import resources

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import (
    decode_dss_signature,
    encode_dss_signature,
)

from kiosk_app.simulator.aamva import AamvaDocument, build_payload, read_document, subfile

SIGNATURE_SUBFILE = "ZS"
SIGNATURE_ELEMENT = "ZSS"
_COORDINATE_BYTES = 32
SIGNATURE_TEXT_LENGTH = 88  # base64 of 64 bytes
_PLACEHOLDER = "A" * SIGNATURE_TEXT_LENGTH


class SignatureVerdict(enum.Enum):
    """What the scheme says about a payload."""

    VALID = "valid"
    INVALID = "invalid"  # an AAMVA payload whose signature is missing, malformed or wrong
    UNREADABLE = "unreadable"  # not an AAMVA payload with a DL/ID subfile: nothing to check


@cache
def demo_private_key() -> ec.EllipticCurvePrivateKey:
    """The simulator's demo signing key (shipped in the package; not a secret)."""
    pem = resources.files("kiosk_app.simulator").joinpath("data/demo_signing_key.pem")
    key = serialization.load_pem_private_key(pem.read_bytes(), password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise TypeError("the demo signing key must be an EC key")
    return key


def sign_document(
    iin: str,
    version: int,
    jurisdiction_version: int,
    document_subfile: tuple[str, bytes],
    key: ec.EllipticCurvePrivateKey | None = None,
) -> bytes:
    """Build a payload with ``document_subfile`` followed by its ``ZS`` signature subfile.

    Deterministic (RFC 6979 nonces): the same input and key always give the same bytes.
    """
    placeholder = subfile(SIGNATURE_SUBFILE, [(SIGNATURE_ELEMENT, _PLACEHOLDER)])
    unsigned = build_payload(
        iin, version, jurisdiction_version, [document_subfile, (SIGNATURE_SUBFILE, placeholder)]
    )
    signed_part = unsigned[: len(unsigned) - len(placeholder)]
    signature = _sign(signed_part, key or demo_private_key())
    return signed_part + subfile(SIGNATURE_SUBFILE, [(SIGNATURE_ELEMENT, signature)])


def _sign(message: bytes, key: ec.EllipticCurvePrivateKey) -> str:
    der = key.sign(message, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    r, s = decode_dss_signature(der)
    raw = r.to_bytes(_COORDINATE_BYTES, "big") + s.to_bytes(_COORDINATE_BYTES, "big")
    return base64.b64encode(raw).decode("ascii")


def verify_payload(
    payload: bytes, public_key: ec.EllipticCurvePublicKey | None = None
) -> tuple[SignatureVerdict, AamvaDocument | None]:
    """Check a payload under the scheme; also returns the document read (None if unreadable)."""
    document = read_document(payload)
    if document is None:
        return SignatureVerdict.UNREADABLE, None
    designator = next(
        (d for d in document.designators if d.subfile_type == SIGNATURE_SUBFILE), None
    )
    if (
        designator is None
        or payload[designator.offset : designator.offset + 2] != SIGNATURE_SUBFILE.encode()
        or designator.offset + designator.length != len(payload)
    ):
        return SignatureVerdict.INVALID, document
    text = document.subfiles.get(SIGNATURE_SUBFILE, {}).get(SIGNATURE_ELEMENT, "")
    key = public_key or demo_private_key().public_key()
    valid = _verify(payload[: designator.offset], text, key)
    return (SignatureVerdict.VALID if valid else SignatureVerdict.INVALID), document


def _verify(message: bytes, text: str, key: ec.EllipticCurvePublicKey) -> bool:
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return False
    if len(raw) != 2 * _COORDINATE_BYTES:
        return False
    r = int.from_bytes(raw[:_COORDINATE_BYTES], "big")
    s = int.from_bytes(raw[_COORDINATE_BYTES:], "big")
    try:
        key.verify(encode_dss_signature(r, s), message, ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        return False
    return True
