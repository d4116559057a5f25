"""Real-world variants of licence payloads, one class each, built with ``tests/aamva_factory.py``:
name suffixes in every name layout, heights in the text forms cards use, trailing separators, a
header declaring more bytes than present, incomplete reads."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.consistency import check_consistency
from kiosk_app.barcode.errors import TruncatedPayloadError
from kiosk_app.barcode.licence import LicenceRecord
from tests.aamva_factory import CardSpec, build_payload, canadian_spec


def _parse(spec: CardSpec) -> LicenceRecord:
    return parse_aamva(build_payload(spec))


def _names(record: LicenceRecord) -> tuple[str | None, ...]:
    return (record.first_name, record.middle_name, record.last_name, record.suffix)


# --- name suffixes ---------------------------------------------------------------------------

V1 = CardSpec(version=1)
V3 = CardSpec(version=3)
V10 = CardSpec(version=10)


@pytest.mark.parametrize(
    ("spec", "daa_or_names", "expected"),
    [
        # AAMVA 2000 one-element full name, space separated
        (V1, {"DAA": "JOHN CHESTER DOE JR"}, ("JOHN", "CHESTER", "DOE", "JR")),
        (V1, {"DAA": "JOHN DOE III"}, ("JOHN", None, "DOE", "III")),
        (V1, {"DAA": "JOHN CHESTER DOE V"}, ("JOHN", "CHESTER", "DOE", "V")),
        (V1, {"DAA": "JOHN CHESTER DOE SR."}, ("JOHN", "CHESTER", "DOE", "SR")),
        # comma separated, suffix in its own part, at the end of the given names, on the family
        (V1, {"DAA": "DOE,JOHN,CHESTER,JR"}, ("JOHN", "CHESTER", "DOE", "JR")),
        (V1, {"DAA": "DOE,JOHN CHESTER JR"}, ("JOHN", "CHESTER", "DOE", "JR")),
        (V1, {"DAA": "DOE,JOHN,CHESTER IV"}, ("JOHN", "CHESTER", "DOE", "IV")),
        (V1, {"DAA": "DOE JR,JOHN,CHESTER"}, ("JOHN", "CHESTER", "DOE", "JR")),
        (V1, {"DAA": "DOE,JOHN JR,"}, ("JOHN", None, "DOE", "JR")),
        # version 02-03 given names
        (V3, {"DCT": "JOHN CHESTER ESQ", "DCS": "DOE"}, ("JOHN", "CHESTER", "DOE", "ESQ")),
        # separate elements, the suffix appended to the middle or family name
        (V10, {"DAD": "CHESTER JR", "DCU": ""}, ("JOHN", "CHESTER", "PUBLIC", "JR")),
        (V10, {"DCS": "DOE 2ND", "DAD": "NONE", "DCU": ""}, ("JOHN", None, "DOE", "2ND")),
        (V10, {"DCU": "JR"}, ("JOHN", "QUINCY", "PUBLIC", "JR")),
    ],
)
def test_suffix_is_found_in_every_name_layout(
    spec: CardSpec, daa_or_names: dict[str, str], expected: tuple[str | None, ...]
) -> None:
    record = _parse(replace(spec, overrides=tuple(daa_or_names.items())))
    assert _names(record) == expected


@pytest.mark.parametrize(
    ("full", "expected"),
    [
        ("JOHN V DOE", ("JOHN", "V", "DOE", None)),  # an initial, not a suffix
        ("JOHN DOE", ("JOHN", None, "DOE", None)),
        ("DOE,JOHN,V", ("JOHN", "V", "DOE", None)),
    ],
)
def test_initials_are_not_taken_for_suffixes(full: str, expected: tuple[str | None, ...]) -> None:
    assert _names(_parse(replace(V1, overrides=(("DAA", full),)))) == expected


def test_middle_initial_v_stays_a_middle_name_with_separate_elements() -> None:
    record = _parse(replace(V10, overrides=(("DAD", "V"), ("DCU", ""))))
    assert (record.middle_name, record.suffix) == ("V", None)


# --- heights -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "inches", "cm"),
    [
        ("5-10", 70, None),
        ("5'-04\"", 64, None),
        ("5'10\"", 70, None),
        ("5' 10\"", 70, None),
        ("6'00\"", 72, None),
        ("510", 70, None),
        ("070 IN", 70, None),
        ("069 in", 69, None),
        ("72", 72, None),
        ("175 CM", None, 175),
        ("180 cm", None, 180),
        ("5", None, None),  # feet alone: no height rather than "5 in"
        ("5-13", None, None),  # 13 inches is not a feet-and-inches value
        ("999 IN", None, None),
        ("HEIGHT", None, None),
    ],
)
def test_heights_in_the_text_forms_cards_use(text: str, inches: int | None, cm: int | None) -> None:
    for version in (1, 4, 10):
        record = _parse(replace(CardSpec(), version=version, overrides=(("DAU", text),)))
        assert (record.height_inches, record.height_cm) == (inches, cm), (text, version)


def test_unitless_canadian_height_is_centimetres() -> None:
    record = _parse(canadian_spec(overrides=(("DAU", "168"),)))
    assert (record.height_inches, record.height_cm) == (None, 168)


# --- trailing separators -------------------------------------------------------------------


def test_trailing_commas_are_stripped_from_every_name_and_address_field() -> None:
    values = {"DCS": "TESTER,", "DAC": "JANE,", "DAD": "Q,", "DAG": "1 MAIN ST,",
              "DAH": "APT 2,", "DAI": "OTTAWA,", "DCU": ""}  # fmt: skip
    record = _parse(canadian_spec(overrides=tuple(values.items())))
    assert (record.last_name, record.first_name, record.middle_name) == ("TESTER", "JANE", "Q")
    assert (record.address1, record.address2, record.city) == ("1 MAIN ST", "APT 2", "OTTAWA")
    assert record.full_name == "JANE Q TESTER"


def test_trailing_comma_in_a_full_name() -> None:
    record = _parse(replace(V1, overrides=(("DAA", "TESTER,JANE,"),)))
    assert _names(record) == ("JANE", None, "TESTER", None)


# --- header declaring more bytes than present ----------------------------------------------------


def _declared_longer(payload: bytes, extra: int) -> bytes:
    match = re.search(rb"DL(\d{4})(\d{4})", payload)
    assert match is not None
    longer = f"{int(match.group(2)) + extra:04d}".encode()
    return payload[: match.start(2)] + longer + payload[match.end(2) :]


SINGLE = replace(CardSpec(), jurisdiction_elements=())


def test_short_payload_ending_on_a_complete_element_is_parsed_with_a_warning() -> None:
    payload = _declared_longer(build_payload(SINGLE), 12)
    record = parse_aamva(payload)
    assert record.last_name == "PUBLIC" and record.missing_key_fields == []
    assert record.payload_facts is not None and record.payload_facts.short_by == 12
    assert "HEADER_LENGTH" in check_consistency(record).codes()


def test_the_same_data_with_a_right_or_a_damaged_header_reads_the_same() -> None:
    good = build_payload(SINGLE)
    short = parse_aamva(_declared_longer(good, 12))
    damaged = parse_aamva(good.replace(b"DL0031", b"DL0099", 1))
    assert short.elements == parse_aamva(good).elements == damaged.elements


def test_short_payload_cut_inside_an_element_is_refused() -> None:
    payload = build_payload(SINGLE)
    cut = payload[: payload.index(b"\nDAQ") + 6]  # "DAQD12": the number is cut
    with pytest.raises(TruncatedPayloadError):
        parse_aamva(cut)


# --- incomplete reads ----------------------------------------------------------------------------


def test_a_byte_breaking_the_element_split_gives_an_incomplete_read() -> None:
    payload = build_payload(CardSpec()).replace(b"\nDCSPUBLIC", b"\nDXSPUBLIC")
    record = parse_aamva(payload)
    assert record.missing_key_fields == ["name"]


def test_missing_birth_date_and_number_are_named() -> None:
    record = _parse(CardSpec(omit=("DBB", "DBA")))
    assert record.missing_key_fields == ["dateOfBirth", "expiryDate"]
    record = _parse(CardSpec(omit=("DAQ",)))
    assert record.missing_key_fields == ["licenceNumber"]


def test_a_complete_read_misses_nothing() -> None:
    assert _parse(CardSpec()).missing_key_fields == []
