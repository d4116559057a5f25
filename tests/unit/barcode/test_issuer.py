"""How a card's country is decided when IIN, DCG and DAJ disagree: one test per rule step."""

from __future__ import annotations

import pytest

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.issuer import (
    Issuer,
    IssuerSource,
    decide_issuer,
    issuer_from_header,
    issuer_of,
)
from tests.aamva_factory import CardSpec, build_payload, canadian_spec

ONTARIO_IIN, CALIFORNIA_IIN, UNKNOWN_IIN = "636012", "636014", "999999"


@pytest.mark.parametrize(
    ("iin", "elements", "expected"),
    [
        # 1. IIN and DCG name different countries: disputed, no country.
        (ONTARIO_IIN, {"DCG": "USA", "DAJ": "ON"}, Issuer(None, None, "DL", IssuerSource.DISPUTED)),
        (CALIFORNIA_IIN, {"DCG": "CAN"}, Issuer(None, None, "DL", IssuerSource.DISPUTED)),
        # 2. A known IIN decides (DCG agreeing or absent; the address may be elsewhere).
        (ONTARIO_IIN, {"DCG": "CAN", "DAJ": "ON"}, Issuer("CAN", "ON", "DL", IssuerSource.IIN)),
        (ONTARIO_IIN, {"DAJ": "NY"}, Issuer("CAN", "ON", "DL", IssuerSource.IIN)),
        (CALIFORNIA_IIN, {"DCG": "usa "}, Issuer("USA", "CA", "DL", IssuerSource.IIN)),
        # 3. Unknown IIN, DCG readable: DCG; the jurisdiction from an address in that country.
        (UNKNOWN_IIN, {"DCG": "CAN", "DAJ": "QC"}, Issuer("CAN", "QC", "DL", "dcg")),  # type: ignore[arg-type]
        (UNKNOWN_IIN, {"DCG": "CAN", "DAJ": "TX"}, Issuer("CAN", None, "DL", "dcg")),  # type: ignore[arg-type]
        # 4. Only the address: a guess, never confident.
        (UNKNOWN_IIN, {"DAJ": "BC"}, Issuer("CAN", "BC", "DL", IssuerSource.ADDRESS_ONLY)),
        (None, {"DAO": "NV", "DCG": "XXX"}, Issuer("USA", "NV", "DL", "address")),  # type: ignore[arg-type]
        # 5. Nothing at all.
        (UNKNOWN_IIN, {}, Issuer(None, None, "DL", IssuerSource.UNKNOWN)),
    ],
)
def test_the_country_rule(iin: str | None, elements: dict[str, str], expected: Issuer) -> None:
    decided = decide_issuer(iin, "DL", elements)
    assert decided == expected
    assert decided.confident is (expected.source in {"iin", "dcg"})


def test_the_document_type_is_the_declared_subfile() -> None:
    licence = issuer_of(parse_aamva(build_payload(canadian_spec())))
    card = issuer_of(parse_aamva(build_payload(canadian_spec(document_type="ID"))))
    assert licence.is_licence and licence.document_type == "DL"
    assert not card.is_licence and card.document_type == "ID"


def test_a_damaged_iin_falls_back_to_the_country_element() -> None:
    payload = build_payload(CardSpec()).replace(b"ANSI 636014", b"ANSI 63601X", 1)
    issuer = issuer_of(parse_aamva(payload))
    assert issuer == Issuer("USA", "CA", "DL", IssuerSource.COUNTRY_ELEMENT)


def test_a_cut_short_payload_is_placed_by_its_header_alone() -> None:
    full = build_payload(canadian_spec(jurisdiction="QC"))
    assert issuer_from_header(full[:40]) == Issuer("CAN", "QC", "DL", IssuerSource.IIN)
    card = build_payload(CardSpec(document_type="ID"))
    assert issuer_from_header(card[:40]) == Issuer("USA", "CA", "ID", IssuerSource.IIN)
    assert issuer_from_header(b"@\n\x1e\rANSI 999999") is None
    assert issuer_from_header(b"not a licence") is None
