"""Header, subfile and element handling of the AAMVA parser on hand-made payloads."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

import pytest

from kiosk_app.barcode.aamva import looks_like_aamva, parse_aamva, split_payload
from kiosk_app.barcode.consistency import check_consistency
from kiosk_app.barcode.errors import NotAamvaError, TruncatedPayloadError
from kiosk_app.barcode.licence import LicenceRecord
from kiosk_app.barcode.wedge import segment_score, split_at_element_ids
from tests.aamva_factory import CardSpec, build_payload, canadian_spec, damaged

_V8_DL = (
    b"DLDAQD12345678\nDCSDAGOSTINO\nDDEN\nDACANTHONY\nDDFN\nDADMARIO\nDDGN\nDCAD\nDCBNONE\n"
    b"DCDNONE\nDBD08242015\nDBB01311970\nDBA01312035\nDBC1\nDAU069 in\nDAYGRN\n"
    b"DAG789 DAGGETT AVE\nDAIANYTOWN\nDAJAZ\nDAK852010000\nDCF83D9BN217QO983B1\nDCGUSA\n"
    b"DAW180\nDAZBRO\nDDK1\r"
)
_V8_Z = b"ZAZAAN\nZAB\r"
V8 = (
    b"@\n\x1e\rANSI 636026080102"
    + f"DL0041{len(_V8_DL):04d}ZA{41 + len(_V8_DL):04d}{len(_V8_Z):04d}".encode()
    + _V8_DL
    + _V8_Z
)


@pytest.mark.parametrize(
    "payload",
    [
        V8,
        b"\xef\xbb\xbf" + V8,
        b"]L2" + V8,
        b"  " + V8,
        V8.replace(b"ANSI ", b"AAMVA"),
        b"@\n6AAMVA6360060101DL00290182DAACORTEZ,PABLO",
        b"DLDAQ12345\nDCSSMITH\nDBB01011990\n",
    ],
)
def test_looks_like_aamva_accepts_licence_data(payload: bytes) -> None:
    assert looks_like_aamva(payload)


@pytest.mark.parametrize(
    "payload",
    [
        b"",
        b"@",
        b"M1DOE/JANE            EABC123 YULYYZAC 0123 123Y012A0001 100",
        b"http://example.com/ANSI standard",
        b"Hello, world! This is a plain PDF417 text.",
        "not bytes",
    ],
)
def test_looks_like_aamva_refuses_other_data(payload: bytes) -> None:
    assert not looks_like_aamva(payload)


def test_header_fields_and_designators() -> None:
    raw = split_payload(V8)
    assert raw.header.iin == "636026"
    assert (raw.header.version, raw.header.jurisdiction_version, raw.header.entries) == (8, 1, 2)
    assert [d.subfile_type for d in raw.header.designators] == [b"DL", b"ZA"]
    assert raw.document_type == "DL"
    assert raw.jurisdiction_subfiles == {"ZA": b"ZAZAAN\nZAB\r"}
    assert raw.elements["ZAA"] == "N" and raw.elements["ZAB"] == ""


def test_version_01_header_has_no_jurisdiction_version() -> None:
    payload = build_payload(CardSpec(version=1))
    raw = split_payload(payload)
    assert (raw.header.version, raw.header.jurisdiction_version, raw.header.entries) == (1, None, 2)
    assert raw.elements["DAA"] == "PUBLIC,JOHN,QUINCY"


def test_values_are_trimmed_and_first_occurrence_wins() -> None:
    payload = V8.replace(b"DCSDAGOSTINO\n", b"DCSDAGOSTINO    \nDCSOTHER\n")
    assert parse_aamva(payload).last_name == "DAGOSTINO"


def test_subfile_found_when_offsets_point_elsewhere() -> None:
    payload = V8.replace(V8[21:41], b"DL00990288ZA00110015")
    record = parse_aamva(payload)
    assert record.last_name == "DAGOSTINO" and record.elements["ZAA"] == "N"


def test_wedge_recovery_does_not_split_inside_values_holding_element_ids() -> None:
    stripped = damaged(V8, "wedge_no_controls")
    assert b"\n" not in stripped and b"DCSDAGOSTINODDEN" in stripped
    raw = split_payload(stripped)
    assert raw.recovered_from_wedge
    record = parse_aamva(stripped)
    assert record.last_name == "DAGOSTINO"
    assert record.address1 == "789 DAGGETT AVE"
    assert record.date_of_birth is not None and record.date_of_birth.isoformat() == "1970-01-31"
    assert record.elements["DAY"] == "GRN" and record.elements["ZAA"] == "N"


def test_wedge_split_prefers_values_that_fit_their_elements() -> None:
    pairs = split_at_element_ids(b"DBB01311970DBA01312035DBC1DAYBRODAU069 IN")
    assert pairs == [
        ("DBB", b"01311970"), ("DBA", b"01312035"), ("DBC", b"1"), ("DAY", b"BRO"),
        ("DAU", b"069 IN"),
    ]  # fmt: skip
    assert segment_score("DBB", b"0131197", None) < segment_score("DBB", b"01311970", None)
    assert split_at_element_ids(b"no ids here") == []


def test_utf8_encoded_c1_controls_are_dropped() -> None:
    noisy = V8.replace(b"\n", b"\xc2\x90\n\xc2\x90")
    assert parse_aamva(noisy).first_name == "ANTHONY"


def test_piped_separators_declared_in_the_header() -> None:
    piped = V8.replace(b"\n", b"|").replace(b"\r", b"|")
    record = parse_aamva(piped)
    assert record.first_name == "ANTHONY" and record.elements["ZAA"] == "N"


@pytest.mark.parametrize(
    ("payload", "error", "words"),
    [
        (b"hello world, not a licence at all", NotAamvaError, "no AAMVA header"),
        (b"", NotAamvaError, "empty"),
        (b"@\n\x1e\rANSI 636026080102", TruncatedPayloadError, "cut off"),
        (
            b"@\n\x1e\rANSI 636026080101ZA00310026ZAZAAN\nZAB\nZACXXXXXXXXXX\r",
            NotAamvaError,
            "no driver",
        ),
        (b"x" * 70000, NotAamvaError, "too long"),
    ],
)
def test_errors_are_typed_and_name_the_problem(payload: bytes, error: type, words: str) -> None:
    with pytest.raises(error) as caught:
        parse_aamva(payload)
    assert words in str(caught.value)


def test_licence_subfile_without_number_or_birth_date_is_truncated() -> None:
    payload = b"@\n\x1e\rANSI 636026080101DL00310020DLDCSSMITH\nDACJOHN\r"
    with pytest.raises(TruncatedPayloadError) as caught:
        parse_aamva(payload)
    assert "SMITH" not in str(caught.value)


# --- quirks of public fixtures, one parametrised test each -------------------------------------

TODAY = date(2025, 6, 1)
NEW_HAMPSHIRE_V8 = CardSpec(
    version=8, jurisdiction="NH", licence_number="12ABC34567", postal_code="033010000"
)


def _codes(record: LicenceRecord) -> list[str]:
    return check_consistency(record, TODAY).codes()


@pytest.mark.parametrize(
    ("spec", "dav", "inches", "cm", "shown"),
    [
        (NEW_HAMPSHIRE_V8, "5-10", 70, None, "70 in"),  # feet-inches in the cm element
        (NEW_HAMPSHIRE_V8, "5'10\"", 70, None, "70 in"),
        (NEW_HAMPSHIRE_V8, "510", 70, None, "70 in"),
        (NEW_HAMPSHIRE_V8, "178", None, 178, "178 cm"),
        (CardSpec(version=1), "180", None, 180, "180 cm"),
        (CardSpec(version=1), "6-01", 73, None, "73 in"),
        (NEW_HAMPSHIRE_V8, "5", None, None, None),  # never "5 cm"
        (NEW_HAMPSHIRE_V8, "999", None, None, None),
        (NEW_HAMPSHIRE_V8, "5-13", None, None, None),
    ],
)
def test_height_in_the_centimetre_element(
    spec: CardSpec, dav: str, inches: int | None, cm: int | None, shown: str | None
) -> None:
    payload = build_payload(replace(spec, omit=("DAU",), overrides=(("DAV", dav),)))
    record = parse_aamva(payload)
    assert (record.height_inches, record.height_cm, record.height_text()) == (inches, cm, shown)
    assert record.driver_license().height == shown
    assert ("HEIGHT_IMPLAUSIBLE" in _codes(record)) is (shown is None)


@pytest.mark.parametrize(
    ("spec", "old", "new", "code"),
    [
        (CardSpec(), b"DBB01311980", b"DBB01311114", "DATE_IMPLAUSIBLE"),  # a mock year
        (CardSpec(), b"DBB01311980", b"DBB11111111", "DATE_IMPLAUSIBLE"),
        (CardSpec(), b"DBA01312031", b"DBA01312231", "DATE_IMPLAUSIBLE"),
        (canadian_spec(), b"DBB19800131", b"DBB11140131", "DATE_IMPLAUSIBLE"),
        (CardSpec(), b"DBB01311980", b"DBB02301980", "DATE_INVALID"),  # no 30 February
        (CardSpec(), b"DBB01311980", b"DBB13451980", "DATE_INVALID"),
    ],
)
def test_implausible_dates_are_not_called_unreal(
    spec: CardSpec, old: bytes, new: bytes, code: str
) -> None:
    payload = build_payload(spec)
    assert old in payload
    codes = _codes(parse_aamva(payload.replace(old, new)))
    other = {"DATE_IMPLAUSIBLE", "DATE_INVALID"} - {code}
    assert code in codes and not other & set(codes)


UTAH_V9 = CardSpec(
    version=9, jurisdiction="UT", licence_number="123456789", postal_code="841010000",
    jurisdiction_elements=(), overrides=(("DDH", "01311998"),),
)  # fmt: skip


def _declared_more(payload: bytes, kind: bytes, extra: int) -> bytes:
    """``payload`` with the length of subfile ``kind`` declared ``extra`` bytes longer."""
    match = re.search(kind + rb"(\d{4})(\d{4})", payload)
    assert match is not None
    longer = f"{int(match.group(2)) + extra:04d}".encode()
    return payload[: match.start(2)] + longer + payload[match.end(2) :]


@pytest.mark.parametrize(
    ("spec", "kind", "drop", "extra", "short_by"),
    [
        # Whole data, the header declaring a few bytes more (one without its last terminator).
        (NEW_HAMPSHIRE_V8, b"ZN", 1, 3, 4),
        (NEW_HAMPSHIRE_V8, b"ZN", 0, 4, 4),
        (UTAH_V9, b"DL", 1, 11, 12),
        (UTAH_V9, b"DL", 0, 12, 12),
        (replace(UTAH_V9, version=1), b"DL", 0, 16, 16),
        # Cut off: the declared length is right and something is missing.
        (UTAH_V9, b"DL", 6, 0, None),  # the date DDH cut mid-value
        (UTAH_V9, b"DL", 11, 0, None),  # "...\nD": an element id cut
        (replace(UTAH_V9, omit=("DCG",), overrides=(("DCG", "USA"),)), b"DL", 5, 0, None),
        (NEW_HAMPSHIRE_V8, b"ZN", 14, 0, None),  # the ZN subfile never begins
        (UTAH_V9, b"DL", 1, 4, 5),  # the last terminator alone: nothing is missing
    ],
)
def test_newer_cards_a_few_bytes_short_are_read_with_a_note(
    spec: CardSpec, kind: bytes, drop: int, extra: int, short_by: int | None
) -> None:
    full = build_payload(spec)
    payload = _declared_more(full[: len(full) - drop] if drop else full, kind, extra)
    if short_by is None:
        with pytest.raises(TruncatedPayloadError):
            parse_aamva(payload)
        return
    record = parse_aamva(payload)
    assert record.payload_facts is not None and record.payload_facts.short_by == short_by
    assert "HEADER_LENGTH" in _codes(record)
    assert record.elements == parse_aamva(full).elements
    assert record.missing_key_fields == []


def _typed(payload: bytes, kind: bytes, was: bytes = b"DL") -> bytes:
    """``payload`` with its ``was`` subfile typed ``kind`` in the header and in the body."""
    retyped = payload.replace(was + b"00", kind + b"00", 1)
    return retyped.replace(was + b"D", kind + b"D", 1)


@pytest.mark.parametrize(
    ("payload", "document_type", "kind"),
    [
        (_typed(build_payload(NEW_HAMPSHIRE_V8), b"EN"), "DL", "EN"),
        (_typed(build_payload(UTAH_V9), b"EN"), "DL", "EN"),
        (_typed(build_payload(replace(UTAH_V9, document_type="ID")), b"EN", b"ID"), "ID", "EN"),
        (damaged(_typed(build_payload(UTAH_V9), b"EN"), "wedge_no_controls"), "DL", "EN"),
        (_typed(build_payload(CardSpec(version=3)), b"XL"), "DL", "XL"),
        (_typed(build_payload(UTAH_V9), b"DL"), "DL", None),
        # A designated subfile of another type without licence elements: still no licence.
        (b"@\n\x1e\rANSI 636040090001EN00310030ENXAA1\nXAB2\nXAC3\nXAD4\r", None, "EN"),
        (b"@\n\x1e\rANSI 636040090001EN00310024ENDAQ1\nXAB2\nXAC3\r", None, "EN"),
    ],
)
def test_licence_elements_in_a_subfile_of_another_type(
    payload: bytes, document_type: str | None, kind: str | None
) -> None:
    if document_type is None:
        with pytest.raises(NotAamvaError) as caught:
            parse_aamva(payload)
        assert "no driver licence or ID card subfile" in str(caught.value)
        return
    record = parse_aamva(payload)
    assert record.document_type == document_type
    assert (record.last_name, record.licence_number) == ("PUBLIC", record.elements["DAQ"])
    assert record.missing_key_fields == []
    assert record.payload_facts is not None
    assert record.payload_facts.unusual_subfile_type == kind
    codes = _codes(record)
    assert ("SUBFILE_TYPE" in codes) is (kind is not None)
    assert "MANDATORY_ELEMENTS" not in codes


V1 = CardSpec(version=1)
V3 = CardSpec(version=3)


@pytest.mark.parametrize(
    ("spec", "names", "expected"),
    [
        # A full stop ending a name element is an abbreviation mark, not part of the name.
        (UTAH_V9, {"DCS": "PUBLIC.", "DAC": "JOHN.", "DAD": "Q."}, ("JOHN", "Q", "PUBLIC", None)),
        (UTAH_V9, {"DAD": "Q.", "DCU": "JR."}, ("JOHN", "Q", "PUBLIC", "JR.")),
        (UTAH_V9, {"DCS": "ST. CLAIR"}, ("JOHN", "QUINCY", "ST. CLAIR", None)),  # not trailing
        (UTAH_V9, {"DCU": "PH.D."}, ("JOHN", "QUINCY", "PUBLIC", "PH.D.")),  # a suffix keeps it
        (V3, {"DCT": "JOHN Q."}, ("JOHN", "Q", "PUBLIC", None)),
        (V1, {"DAA": "PUBLIC,JOHN,Q."}, ("JOHN", "Q", "PUBLIC", None)),
        (V1, {"DAA": "JOHN Q. PUBLIC"}, ("JOHN", "Q", "PUBLIC", None)),
        # Middle names are separated by commas (versions 04 on); shown with spaces.
        (UTAH_V9, {"DAD": "LUIS,MIGUEL"}, ("JOHN", "LUIS MIGUEL", "PUBLIC", None)),
    ],
)
def test_full_stops_and_commas_in_name_elements(
    spec: CardSpec, names: dict[str, str], expected: tuple[str | None, ...]
) -> None:
    record = parse_aamva(build_payload(replace(spec, overrides=tuple(names.items()))))
    assert (record.first_name, record.middle_name, record.last_name, record.suffix) == expected


@pytest.mark.parametrize(
    ("daa", "expected"),
    [
        # Version 01 full names in the delimiters issuers used: comma, "@", "$", or spaces.
        ("PUBLIC@JOHN@QUINCY", ("JOHN", "QUINCY", "PUBLIC", None)),
        ("PUBLIC@JOHN@Q@JR", ("JOHN", "Q", "PUBLIC", "JR")),
        ("PUBLIC$JOHN$QUINCY", ("JOHN", "QUINCY", "PUBLIC", None)),
        ("PUBLIC, JOHN QUINCY", ("JOHN", "QUINCY", "PUBLIC", None)),
        ("PUBLIC,JOHN, ,", ("JOHN", None, "PUBLIC", None)),
        ("JOHN QUINCY ADAMS PUBLIC", ("JOHN", "QUINCY ADAMS", "PUBLIC", None)),
        ("PUBLIC,JOHN,QUINCY ADAMS,III", ("JOHN", "QUINCY ADAMS", "PUBLIC", "III")),
    ],
)
def test_full_name_element_is_split_by_its_delimiters(
    daa: str, expected: tuple[str | None, ...]
) -> None:
    record = parse_aamva(build_payload(replace(V1, overrides=(("DAA", daa),))))
    assert (record.first_name, record.middle_name, record.last_name, record.suffix) == expected


@pytest.mark.parametrize(
    ("spec", "replaced"),
    [
        (UTAH_V9, (b"\n",)),  # element separators replaced, the subfile terminator kept
        (NEW_HAMPSHIRE_V8, (b"\n",)),
        (CardSpec(version=4), (b"\n",)),
        (V1, (b"\n",)),
        (UTAH_V9, (b"\n", b"\r", b"\x1e")),  # every control character replaced
    ],
)
def test_spaces_in_place_of_element_separators(spec: CardSpec, replaced: tuple[bytes]) -> None:
    full = build_payload(spec)
    spaced = full
    for control in replaced:
        spaced = spaced.replace(control, b" ")
    record = parse_aamva(spaced)
    assert record.elements == parse_aamva(full).elements
    assert record.missing_key_fields == []


def test_spaces_between_words_that_are_no_elements_stay_refused() -> None:
    payload = b"@\n\x1e\rANSI 636040090001DL00310040DLDCSPUBLIC DACJOHN DAGONE MAIN ST\r"
    with pytest.raises(TruncatedPayloadError):
        parse_aamva(payload)
