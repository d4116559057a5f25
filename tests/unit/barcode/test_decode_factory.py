"""Every synthetic licence (all versions, US/Canadian/Quebec, DL/ID, each field damage) as a
rendered PDF417, decoded by zxing-cpp back to exactly the same bytes."""

from __future__ import annotations

import pytest

from kiosk_app.barcode.decode import Scanner
from kiosk_app.bench.synthetic import card, rotated
from tests.aamva_factory import DAMAGES, CardSpec, build_payload, damaged, sample_specs
from tests.support.decoding import untimed_scanner
from tests.unit.barcode.images import encode

SPECS = dict(sample_specs())


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return untimed_scanner()  # the default AAMVA acceptance, as the kiosk uses it


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_synthetic_licence_decodes_exactly(scanner: Scanner, name: str) -> None:
    payload = build_payload(SPECS[name])
    picture = card(payload)
    if name.startswith("qc-"):
        # Accented (latin-1) names in a tilted JPEG photo: deskew, then exact bytes.
        picture = rotated(-16.0 if name.endswith(("1", "3", "5", "7", "9")) else 11.0)(picture)
        data = encode(picture, "JPEG", quality=85)
    else:
        data = encode(picture, "PNG")
    assert scanner.decode_bytes(data).payload == payload


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_payloads_are_accepted_and_kept_byte_exact(scanner: Scanner, damage: str) -> None:
    payload = damaged(build_payload(CardSpec(version=8)), damage)
    assert scanner.decode_bytes(encode(card(payload), "PNG")).payload == payload
