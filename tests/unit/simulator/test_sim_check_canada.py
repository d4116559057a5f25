"""Canadian registry check over real HTTP: every outcome from the documented input table."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.unit.simulator.sim_http import (
    canada_body,
    check_element,
    fields_by_name,
    raw_result,
)

VENDOR_EXAMPLE = {
    "dateOfBirths": "1989-12-24",
    "issuedBy": "PE",
    "services": ["58B76696-75E2-466F-97A2-1B216ED40108"],
    "driverLicenseNumber": "421450",
    "driverLicenseClass": "1",
    "metadata": {"myOwnRequestId": "qw-12345"},
}
RAW_MEMBERS = {
    "InternalId", "FirstName", "MiddleName", "LastName", "FullName", "DateOfBirths", "Sex",
    "Address", "CountryName", "CountryCode", "Street1", "Street2", "City", "State", "IssuedBy",
    "PostalCode", "County", "Convictiontype", "Aliases", "Offenses", "AdditionalAddresses",
    "AdditionalBirthDates", "BirthPlaces", "Identifiers", "Nationalities", "ServiceMatchResult",
    "PhotoUrl", "Source", "OtherInformation", "IDNumber", "DocumentType", "Ssn", "Questions",
    "CurrentLicenseClasses", "IdentiCheckValidationResult", "VerificationResult",
    "DriverLicenseVerificationResult", "CanadianDriverLicenseVerificationResult",
}  # fmt: skip
MATCH_MEMBERS = {
    "FirstNameMatchResult", "LastNameMatchResult", "MiddleNameMatchResult",
    "FullNameMatchResult", "BirthDateMatchResult", "PersonSexMatchResult", "AddressMatchResult",
    "CityMatchResult", "StateMatchResult", "PostalCodeMatchResult", "IDNumberMatchResult",
    "DocumentTypeMatchResult", "IssuedByMatchResult",
}  # fmt: skip
FIELD_MEMBERS = {
    "fieldName", "caption", "fieldType", "value", "valueString", "matchStatusCode",
    "matchStatusString", "message", "score",
}  # fmt: skip


def test_vendor_example_is_a_valid_licence(simulator: Any) -> None:
    element = check_element(simulator.base_url, VENDOR_EXAMPLE)
    assert element["success"] is True
    assert element["error"] == {"message": None, "traceId": None}
    assert element["metadata"] == {"myOwnRequestId": "qw-12345"}
    assert element["service"] == {
        "id": "58b76696-75e2-466f-97a2-1b216ed40108",
        "name": "Canadian DMV Verification",
        "description": "Canadian Driver License Data Verification",
        "isMultipleProfiles": False,
    }
    assert element["location"] == {"locationId": None, "readOnlyAccessLocationIds": None}
    assert element["serviceVerificationResult"] == {"statusCode": 1, "statusString": "Passed"}
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{7}Z", element["requestDetail"]["requestDateUtc"]
    )
    assert isinstance(element["requestDetail"]["requestLogId"], int)
    fields = fields_by_name(element)
    assert list(fields) == [
        "FirstName", "MiddleName", "LastName", "FullName", "BirthDate", "State", "IssuedBy",
        "IDNumber", "CurrentLicenseClasses",
    ]  # fmt: skip
    for field in fields.values():
        assert set(field) == FIELD_MEMBERS
        assert field["fieldType"] == "String"
        assert field["score"] == 0
        assert field["valueString"] == field["value"]
    assert fields["BirthDate"]["value"] == "12/24/1989"
    assert fields["BirthDate"]["matchStatusString"] == "Match"
    assert fields["IDNumber"]["value"] == "421450"
    assert fields["IDNumber"]["message"] == "Driver's license is valid"
    assert fields["IDNumber"]["matchStatusCode"] == 3
    assert fields["State"]["value"] == fields["IssuedBy"]["value"] == "PE"
    classes = fields["CurrentLicenseClasses"]
    assert classes["caption"] == "Current License Classes (Canadian DMV only)"
    assert (classes["value"], classes["matchStatusCode"]) == ("1", 0)
    raw = raw_result(element)
    assert set(raw) == RAW_MEMBERS
    assert set(raw["ServiceMatchResult"]) == MATCH_MEMBERS
    assert raw["ServiceMatchResult"]["IDNumberMatchResult"] == {"Code": 3, "CodeString": "Match"}
    assert raw["FirstName"] is None and raw["Aliases"] is None
    assert isinstance(raw["IdentiCheckValidationResult"], int)
    canadian = raw["CanadianDriverLicenseVerificationResult"]
    assert canadian["LicenseVerificationResult"]["Status"] == "Valid"
    assert canadian["LicenseVerificationResult"]["Code"] == 1
    assert canadian["LicenseClassVerificationStatus"] == "Class Match"
    assert canadian["CurrentLicenseClasses"] == "1"


# (number, date of birth, province, class) -> (statusCode, IDNumber match, BirthDate match)
OUTCOMES = [
    (("421450", "1989-12-24", "PE", None), (1, 3, 3)),
    (("m2048 19375 50612", "2001-09-14", "ON", "G2"), (1, 3, 3)),
    (("S4102-38475-60915", "1990-03-15", "ON", "G"), (0, 3, 3)),  # suspended
    (("7045821", "1985-07-02", "BC", "5"), (0, 3, 3)),  # expired
    (("G6204-48210-91207", "1991-12-07", "QC", None), (0, 3, 3)),  # cancelled
    (("999999", "1989-12-24", "PE", None), (0, 1, 0)),  # not found
    (("421450", "1989-12-24", "NB", None), (0, 1, 0)),  # another province's number
    (("421450", "1970-01-01", "PE", None), (0, 3, 1)),  # birth date differs
    (("183456-002", "1978-11-30", "AB", None), (2, 3, 2)),  # day differs: partial
    (("183456-002", "1978-03-11", "AB", None), (2, 3, 2)),  # month and day swapped
    (("183456-002", "1978-11-03", "AB", "3"), (2, 3, 3)),  # class not held
    (("LEBLA150380412", "1980-03-15", "NS", "5"), (3, 0, 0)),  # jurisdiction unavailable
]


@pytest.mark.parametrize(("request_fields", "expected"), OUTCOMES)
def test_outcome_table(
    simulator: Any, request_fields: tuple[str, str, str, str | None], expected: tuple[int, ...]
) -> None:
    element = check_element(simulator.base_url, canada_body(*request_fields))
    assert element["success"] is True
    fields = fields_by_name(element)
    status = element["serviceVerificationResult"]["statusCode"]
    observed = (
        status,
        fields["IDNumber"]["matchStatusCode"],
        fields["BirthDate"]["matchStatusCode"],
    )
    assert observed == expected
    strings = {0: "Failed", 1: "Passed", 2: "Flagged", 3: "Undefined"}
    assert element["serviceVerificationResult"]["statusString"] == strings[status]
    raw = raw_result(element)
    assert raw["IdentiCheckValidationResult"] == status


def test_flagged_class_mismatch_is_reported_in_raw(simulator: Any) -> None:
    element = check_element(simulator.base_url, canada_body("183456-002", "1978-11-03", "AB", "3"))
    canadian = raw_result(element)["CanadianDriverLicenseVerificationResult"]
    assert canadian["LicenseClassVerificationStatus"] == "Class Mismatch"
    assert canadian["CurrentLicenseClasses"] == "5"


def test_undefined_carries_retry_advice(simulator: Any) -> None:
    element = check_element(simulator.base_url, canada_body("LEBLA150380412", "1980-03-15", "NS"))
    assert element["serviceVerificationResult"] == {"statusCode": 3, "statusString": "Undefined"}
    assert "15 minutes" in fields_by_name(element)["IDNumber"]["message"]


def test_suspended_licence_message(simulator: Any) -> None:
    element = check_element(
        simulator.base_url, canada_body("S4102-38475-60915", "1990-03-15", "ON")
    )
    assert fields_by_name(element)["IDNumber"]["message"] == "Driver's license is suspended"


def test_jurisdiction_error_is_success_false(simulator: Any) -> None:
    body = canada_body("30418257", "1975-06-20", "SK", "5", metadata={"k": "v"})
    element = check_element(simulator.base_url, body)
    assert element["success"] is False
    assert element["profiles"] is None
    assert element["metadata"] == {"k": "v"}
    assert element["error"]["message"]
    assert re.fullmatch(r"00-[0-9a-f]{32}-[0-9a-f]{16}-00", element["error"]["traceId"])
    assert element["serviceVerificationResult"] == {"statusCode": 3, "statusString": "Undefined"}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"driverLicenseNumber": ""}, "Required field DriverLicenseNumber is empty"),
        ({"driverLicenseNumber": None}, "Required field DriverLicenseNumber is empty"),
        ({"dateOfBirths": ""}, "Required field DateOfBirths is empty"),
        ({"dateOfBirths": "24/12/1989"}, "Field DateOfBirths must be a date in yyyy-MM-dd format"),
        ({"dateOfBirths": "1989-02-30"}, "Field DateOfBirths must be a date in yyyy-MM-dd format"),
        ({"issuedBy": ""}, "Required field IssuedBy is empty"),
        ({"issuedBy": "NY"}, "Field IssuedBy must be a Canadian province or territory code"),
        ({"driverLicenseClass": "ABC"}, "Field DriverLicenseClass must be at most 2 characters"),
        ({"driverLicenseNumber": 421450}, "Field DriverLicenseNumber must be a string"),
        ({"metadata": [1, 2]}, "Field Metadata must be an object"),
    ],
)
def test_invalid_bodies_give_the_error_element(
    simulator: Any, changes: dict[str, Any], message: str
) -> None:
    body = {**VENDOR_EXAMPLE, **changes}
    element = check_element(simulator.base_url, body)
    assert element["success"] is False
    assert element["error"]["message"] == message
    assert element["error"]["traceId"]
    assert element["profiles"] is None
    assert element["serviceVerificationResult"]["statusCode"] == 3
    assert element["service"]["id"] == "58b76696-75e2-466f-97a2-1b216ed40108"


def test_request_log_ids_increase_and_metadata_is_echoed(simulator: Any) -> None:
    ids = []
    for index in range(3):
        body = canada_body("421450", "1989-12-24", "PE", metadata={"n": index, "s": "é"})
        element = check_element(simulator.base_url, body)
        assert element["metadata"] == {"n": index, "s": "é"}
        ids.append(element["requestDetail"]["requestLogId"])
    assert ids == sorted(ids) and len(set(ids)) == 3


def test_metadata_absent_is_an_empty_object(simulator: Any) -> None:
    element = check_element(simulator.base_url, canada_body("421450", "1989-12-24", "PE"))
    assert element["metadata"] == {}
    assert json.loads(element["profiles"][0]["serviceResponseRaw"])["IDNumber"] == "421450"
