"""Synthetic payloads: every version 01-10, US and Canadian (Quebec in ISO 8859-1), DL and ID,
each clean and with every kind of field damage the parser must tolerate."""

from __future__ import annotations

import pytest

from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva
from kiosk_app.barcode.consistency_rules import missing_mandatory
from kiosk_app.barcode.errors import NotAamvaError, TruncatedPayloadError
from kiosk_app.barcode.licence import LicenceRecord
from tests.aamva_factory import DAMAGES, CardSpec, build_payload, damaged, sample_specs

SPECS = dict(sample_specs())


def _assert_matches(record: LicenceRecord, spec: CardSpec) -> None:
    assert record.version == spec.version
    assert record.iin == spec.iin
    assert (record.jurisdiction, record.country) == (spec.jurisdiction, spec.country)
    assert record.document_type == spec.document_type
    assert record.last_name == spec.family_name
    assert record.first_name == spec.first_name
    assert record.middle_name == spec.middle_name
    assert record.licence_number == spec.licence_number
    assert record.date_of_birth == spec.date_of_birth
    assert record.issue_date == spec.issue_date
    assert record.expiry_date == spec.expiry_date
    assert record.sex is not None and record.sex.value == spec.sex
    assert record.city == spec.city
    if spec.country == "CAN":
        assert record.height_cm == spec.height_cm
    else:
        assert record.height_inches == spec.height_inches
    assert record.eye_colour == spec.eye_colour
    z_type = "Z" + spec.jurisdiction[0]
    assert record.elements[z_type + "A"] == "Y"
    assert record.jurisdiction_subfiles[z_type].startswith(z_type.encode() * 2)


@pytest.mark.parametrize("name", list(SPECS))
def test_clean_payload_of_every_version_parses(name: str) -> None:
    spec = SPECS[name]
    payload = build_payload(spec)
    assert looks_like_aamva(payload)
    _assert_matches(parse_aamva(payload), spec)


@pytest.mark.parametrize("damage", list(DAMAGES))
@pytest.mark.parametrize("name", list(SPECS))
def test_damaged_payload_parses_to_the_same_values(name: str, damage: str) -> None:
    spec = SPECS[name]
    payload = damaged(build_payload(spec), damage)
    assert payload != build_payload(spec)
    assert looks_like_aamva(payload)
    _assert_matches(parse_aamva(payload), spec)


def test_damages_combine() -> None:
    spec = SPECS["qc-dl-v10"]
    payload = build_payload(spec)
    for damage in ("zero_offsets", "rs_missing", "aamva_file_type", "crlf", "bom", "aim_prefix"):
        payload = damaged(payload, damage)
    _assert_matches(parse_aamva(payload), spec)


def test_quebec_accents_are_read_from_latin_1_bytes() -> None:
    payload = build_payload(SPECS["qc-dl-v04"])
    assert "BÉLANGER-CÔTÉ".encode("latin-1") in payload
    record = parse_aamva(payload)
    assert record.last_name == "BÉLANGER-CÔTÉ" and record.first_name == "JOSÉE"


def test_accents_sent_as_utf8_are_read_as_utf8() -> None:
    spec = SPECS["qc-dl-v10"]
    payload = build_payload(spec).replace(
        "BÉLANGER-CÔTÉ".encode("latin-1"), "BÉLANGER-CÔTÉ".encode()
    )
    assert parse_aamva(payload).last_name == "BÉLANGER-CÔTÉ"


@pytest.mark.parametrize("name", ["us-dl-v01", "us-dl-v04", "on-dl-v10", "qc-id-v08"])
@pytest.mark.parametrize("keep", [0.12, 0.3, 0.6, 0.9, 0.97])
def test_truncated_payload_is_refused_or_read_with_a_note(name: str, keep: float) -> None:
    """Cut anywhere: refused when something is seen missing (an element cut mid-value, a
    subfile never begun, an element the version requires); else read, never as a normal read
    (the header's length note), with every element but a cut free-text last one as in full."""
    payload = build_payload(SPECS[name])
    cut = payload[: int(len(payload) * keep)]
    try:
        record = parse_aamva(cut)
    except TruncatedPayloadError:
        return
    except NotAamvaError:
        assert keep < 0.15
        return
    assert record.payload_facts is not None and record.payload_facts.short_by > 0
    assert missing_mandatory(record.elements, record.version, record.document_type) == []
    full = parse_aamva(payload).elements
    changed = [eid for eid, value in record.elements.items() if full.get(eid) != value]
    assert changed in ([], list(record.elements)[-1:])


def test_truncated_error_names_the_problem_not_the_data() -> None:
    spec = SPECS["us-dl-v10"]
    payload = build_payload(spec)
    cut = payload[: int(len(payload) * 0.9) - 4]
    assert cut[-1:] not in (b"\n", b"\r")  # inside an element
    with pytest.raises(TruncatedPayloadError) as caught:
        parse_aamva(cut)
    message = str(caught.value)
    assert "cut off" in message
    for secret in (spec.family_name, spec.first_name, spec.licence_number, "1980"):
        assert secret not in message
