"""The typed licence record: names, dates, codes, the section 2.8 view, derived facts, prefill."""

from __future__ import annotations

import json
from datetime import date

import pytest

from kiosk_app.barcode.aamva import parse_aamva
from kiosk_app.barcode.driver_license import DriverLicense
from kiosk_app.barcode.licence import LicenceRecord, Sex, age_on, parse_date
from tests.aamva_factory import CardSpec, build_payload, canadian_spec, quebec_spec


def _record(spec: CardSpec) -> LicenceRecord:
    return parse_aamva(build_payload(spec))


@pytest.mark.parametrize(
    ("raw", "year_first", "expected"),
    [
        ("01312035", False, date(2035, 1, 31)),
        ("20350131", True, date(2035, 1, 31)),
        ("20221103", False, date(2022, 11, 3)),  # US card written year first (WV): fallback
        ("01312035", True, date(2035, 1, 31)),  # Canadian card written month first: fallback
        ("02032020", True, date(2020, 2, 3)),  # 0203-20-20 is no date, so month first
        ("00000000", False, None),
        ("1312035", False, None),
        ("", False, None),
        (None, True, None),
    ],
)
def test_dates_by_country_and_validity(
    raw: str | None, year_first: bool, expected: date | None
) -> None:
    assert parse_date(raw, year_first) == expected


def test_age_counts_completed_years_and_leap_day_birthdays() -> None:
    assert age_on(date(2000, 2, 29), date(2021, 2, 28)) == 20
    assert age_on(date(2000, 2, 29), date(2021, 3, 1)) == 21
    assert age_on(date(1990, 6, 15), date(2020, 6, 15)) == 30
    assert age_on(date(1990, 6, 15), date(2020, 6, 14)) == 29


def test_card_is_valid_through_its_expiry_date() -> None:
    record = _record(CardSpec(expiry_date=date(2030, 5, 31)))
    on_the_day = record.derived(date(2030, 5, 31))
    assert on_the_day.expired is False and on_the_day.days_to_expiry == 0
    day_after = record.derived(date(2030, 6, 1))
    assert day_after.expired is True and day_after.days_to_expiry == -1


@pytest.mark.parametrize(
    ("today", "age", "u18", "u19", "u21"),
    [
        (date(2025, 1, 30), 17, True, True, True),
        (date(2025, 1, 31), 18, False, True, True),
        (date(2026, 1, 31), 19, False, False, True),
        (date(2028, 1, 30), 20, False, False, True),
        (date(2028, 1, 31), 21, False, False, False),
    ],
)
def test_age_thresholds(today: date, age: int, u18: bool, u19: bool, u21: bool) -> None:
    derived = _record(CardSpec(date_of_birth=date(2007, 1, 31))).derived(today)
    assert (derived.age, derived.under_18, derived.under_19, derived.under_21) == (
        age, u18, u19, u21,
    )  # fmt: skip


def test_derived_is_unknown_without_dates() -> None:
    payload = b"@\n\x1e\rANSI 636014100001DL00310016DLDAQD1234\nDCSX\r"
    derived = parse_aamva(payload).derived(date(2024, 1, 1))
    assert (derived.age, derived.expired, derived.days_to_expiry, derived.under_21) == (
        None, None, None, None,
    )  # fmt: skip


@pytest.mark.parametrize("version", range(1, 11))
def test_us_driver_license_view_uses_section_2_8_names(version: int) -> None:
    spec = CardSpec(version=version, suffix="JR")
    view = _record(spec).driver_license()
    assert isinstance(view, DriverLicense)
    dumped = view.model_dump(by_alias=True)
    assert dumped["Birthdate"] == "1980-01-31" and dumped["ExpirationDate"] == "2031-01-31"
    assert dumped["IssueDate"] == "2023-05-01"
    assert (dumped["DocumentType"], dumped["CountryCode"], dumped["IIN"]) == ("DL", "USA", "636014")
    assert (dumped["FirstName"], dumped["MiddleName"], dumped["LastName"]) == (
        "JOHN", "QUINCY", "PUBLIC",
    )  # fmt: skip
    assert dumped["NameSuffix"] == "JR" and dumped["FullName"] == "JOHN QUINCY PUBLIC JR"
    assert dumped["Gender"] == "M" and dumped["Height"] == "69 in"
    assert dumped["IssuedBy"] == "CA" and dumped["PostalCode"] == "90223"
    assert dumped["OrganDonor"] == (None if version in (2, 3) else "Y")
    assert dumped["Country"] == "United States"
    assert dumped["VehicleClassCode"] == "C" and dumped["RestrictionCode"] is None


def test_version_4_and_later_flags() -> None:
    record = _record(CardSpec(version=9, veteran=True, compliance_type="F"))
    assert record.veteran is True and record.organ_donor is True
    assert record.compliance_type == "F"
    assert record.card_revision_date == date(2020, 1, 1)
    assert record.under_21_until == date(2001, 1, 31)
    assert (record.first_name_truncated, record.last_name_truncated) == (False, False)
    assert record.weight_lbs == 180


def test_canadian_card_dates_height_and_prefill() -> None:
    record = _record(canadian_spec(version=8))
    assert record.country == "CAN" and record.jurisdiction == "ON"
    assert record.date_of_birth == date(1980, 1, 31) and record.height_cm == 175
    assert record.postal_code == "K1A 0B1" and record.sex is Sex.FEMALE
    prefill = record.canada_prefill()
    assert prefill is not None
    assert (prefill.licence_number, prefill.date_of_birth, prefill.province) == (
        "T76543210987654", "1980-01-31", "ON",
    )  # fmt: skip
    assert prefill.licence_class == "G"
    assert "T76543210987654" not in repr(prefill)


def test_quebec_id_card_prefill_has_no_class() -> None:
    record = _record(quebec_spec(version=10, document_type="ID"))
    prefill = record.canada_prefill()
    assert prefill is not None and prefill.province == "QC" and prefill.licence_class is None
    assert record.driver_license().document_type == "ID"
    assert record.driver_license().country == "Canada"


def test_long_class_is_not_prefilled_and_us_cards_get_none() -> None:
    prefill = _record(canadian_spec(vehicle_class="G1M")).canada_prefill()
    assert prefill is not None and prefill.licence_class is None
    assert _record(CardSpec()).canada_prefill() is None


@pytest.mark.parametrize(
    ("full", "first", "middle", "last", "suffix"),
    [
        ("PUBLIC,JOHN,QUINCY,JR", "JOHN", "QUINCY", "PUBLIC", "JR"),
        ("SMITH, MARY JONES", "MARY", "JONES", "SMITH", None),
        ("LAST,FIRST, ,", "FIRST", None, "LAST", None),
        ("JOHN ROBERT LEE SMITH", "JOHN", "ROBERT LEE", "SMITH", None),
        ("CHER", None, None, "CHER", None),
    ],
)
def test_version_1_full_name_forms(
    full: str, first: str | None, middle: str | None, last: str, suffix: str | None
) -> None:
    payload = build_payload(CardSpec(version=1)).replace(
        b"DAAPUBLIC,JOHN,QUINCY", b"DAA" + full.encode()
    )
    record = parse_aamva(payload)
    assert (record.first_name, record.middle_name, record.last_name, record.suffix) == (
        first, middle, last, suffix,
    )  # fmt: skip


@pytest.mark.parametrize(("given", "first", "middle"), [("JOHN,QUINCY", "JOHN", "QUINCY"),
                                                      ("JOHN QUINCY ADAMS", "JOHN", "QUINCY ADAMS"),
                                                      ("JOHN", "JOHN", None)])  # fmt: skip
def test_given_names_of_versions_2_and_3(given: str, first: str, middle: str | None) -> None:
    payload = build_payload(CardSpec(version=3))
    payload = payload.replace(b"DCTJOHN QUINCY", b"DCT" + given.encode())
    record = parse_aamva(payload)
    assert (record.first_name, record.middle_name) == (first, middle)


@pytest.mark.parametrize(("code", "sex"), [("1", Sex.MALE), ("M", Sex.MALE), ("2", Sex.FEMALE),
                                          ("F", Sex.FEMALE), ("9", Sex.UNSPECIFIED),
                                          ("X", Sex.UNSPECIFIED), ("7", None)])  # fmt: skip
def test_sex_codes(code: str, sex: Sex | None) -> None:
    payload = build_payload(CardSpec()).replace(b"DBC1", b"DBC" + code.encode())
    assert parse_aamva(payload).sex is sex


@pytest.mark.parametrize(
    ("raw", "version", "inches", "cm"),
    [("069 IN", 10, 69, None), ("175 cm", 10, None, 175), ("509", 1, 69, None),
     ("67 in ", 3, 67, None), ("180", 10, None, 180)],
)  # fmt: skip
def test_heights(raw: str, version: int, inches: int | None, cm: int | None) -> None:
    spec = CardSpec(version=version)
    original = b"DAU509" if version == 1 else b"DAU069 IN"
    record = parse_aamva(build_payload(spec).replace(original, b"DAU" + raw.encode()))
    assert (record.height_inches, record.height_cm) == (inches, cm)


def test_to_json_shape_and_no_personal_data_in_repr() -> None:
    record = _record(CardSpec())
    document = record.to_json(date(2024, 6, 1))
    assert set(document) == {"driverLicense", "derived", "elements"}
    assert document["driverLicense"]["LicenseNumber"] == "D1234567"
    assert document["derived"] == {
        "asOf": "2024-06-01", "age": 44, "expired": False, "daysToExpiry": 2435,
        "under18": False, "under19": False, "under21": False,
    }  # fmt: skip
    assert document["elements"]["DAQ"] == "D1234567" and document["elements"]["ZCA"] == "Y"
    json.dumps(document)
    text = repr(record)
    assert "D1234567" not in text and "PUBLIC" not in text and "1980" not in text
