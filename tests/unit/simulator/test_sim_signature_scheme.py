"""The simulator's own signature scheme, without HTTP."""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric import ec

from kiosk_app.simulator.aamva import subfile
from kiosk_app.simulator.samples import SAMPLES_BY_KEY
from kiosk_app.simulator.signature import (
    SIGNATURE_TEXT_LENGTH,
    SignatureVerdict,
    demo_private_key,
    sign_document,
    verify_payload,
)

DL = ("DL", subfile("DL", [("DAQ", "A123"), ("DCS", "DOE"), ("DBB", "01021990")]))


def test_signed_payload_verifies_and_signing_is_deterministic() -> None:
    payload = sign_document("636020", 9, 0, DL)
    assert sign_document("636020", 9, 0, DL) == payload
    verdict, document = verify_payload(payload)
    assert verdict is SignatureVerdict.VALID
    assert document is not None and document.get("DAQ") == "A123"
    assert payload.endswith(b"\r") and b"ZSZSS" in payload


def test_every_single_byte_change_before_the_signature_is_detected() -> None:
    payload = sign_document("636020", 9, 0, DL)
    signed_length = len(payload) - (len("ZSZSS") + SIGNATURE_TEXT_LENGTH + 1)
    for position in range(signed_length):
        altered = bytearray(payload)
        altered[position] ^= 0x01
        verdict, _ = verify_payload(bytes(altered))
        assert verdict is not SignatureVerdict.VALID, position


def test_altered_signature_text_is_invalid() -> None:
    payload = bytearray(sign_document("636020", 9, 0, DL))
    payload[-10] = ord("A") if payload[-10] != ord("A") else ord("B")
    assert verify_payload(bytes(payload))[0] is SignatureVerdict.INVALID


def test_other_key_and_extra_bytes_are_invalid() -> None:
    other = ec.derive_private_key(12345, ec.SECP256R1())
    foreign = sign_document("636020", 9, 0, DL, key=other)
    assert verify_payload(foreign)[0] is SignatureVerdict.INVALID
    assert verify_payload(foreign, other.public_key())[0] is SignatureVerdict.VALID
    genuine = sign_document("636020", 9, 0, DL)
    assert verify_payload(genuine + b"\n")[0] is SignatureVerdict.INVALID


def test_unreadable_payloads() -> None:
    for payload in (b"", b"hello", b"@\n\x1e\rANSI 636020", b"\xff" * 50):
        assert verify_payload(payload) == (SignatureVerdict.UNREADABLE, None)


def test_committed_samples_are_consistent_with_the_demo_key() -> None:
    public_key = demo_private_key().public_key()
    assert verify_payload(SAMPLES_BY_KEY["signature-valid"].payload, public_key)[0] is (
        SignatureVerdict.VALID
    )
    assert verify_payload(SAMPLES_BY_KEY["signature-revoked"].payload, public_key)[0] is (
        SignatureVerdict.VALID
    )
    tampered = SAMPLES_BY_KEY["signature-tampered"].payload
    assert verify_payload(tampered, public_key)[0] is SignatureVerdict.INVALID
    valid = SAMPLES_BY_KEY["signature-valid"].payload
    assert len(tampered) == len(valid)
    assert sum(a != b for a, b in zip(tampered, valid, strict=True)) == 1
