"""Canadian registry verification (sections 2.1 and 2.4), answered from the fictional registry.

Outcome rules (the simulator's; the real derivation is not published):
- invalid request -> ``success: false`` error element (status 3, profiles null);
- record marked ``simulate: error`` -> ``success: false``; ``simulate: unavailable`` ->
  Undefined (3), the jurisdiction "did not complete" (retry after 15 minutes);
- number not found in the requested province, date of birth No Match, or a licence that is
  not Valid (Suspended, Expired, Cancelled) -> Failed (0);
- date of birth Partial Match (two of year/month/day agree, or month and day swapped) or a
  requested class the licence does not hold -> Flagged (2);
- otherwise Passed (1).
"""

from __future__ import annotations

import json
import re
from datetime import date
from typing import Any

from kiosk_app.simulator.envelope import (
    CANADA,
    MATCH,
    MATCH_STRINGS,
    NO_MATCH,
    NONE,
    PARTIAL_MATCH,
    JsonObject,
    RequestLog,
    element,
    error_element,
    field_result,
)
from kiosk_app.simulator.registry import CanadianRecord, Registry

PROVINCES = frozenset(
    {"AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"}
)
FAILED, PASSED, FLAGGED, UNDEFINED = 0, 1, 2, 3
CLASSES_CAPTION = "Current License Classes (Canadian DMV only)"
RETRY_MESSAGE = "The jurisdiction could not complete the verification; retry after 15 minutes"
JURISDICTION_ERROR = "The jurisdiction's service returned an error (simulated)"
# LicenseVerificationResult per licence status: (Code, Message). Only Valid/1 is documented.
LICENCE_RESULTS = {
    "Valid": (1, "Driver's license is valid"),
    "Suspended": (2, "Driver's license is suspended"),
    "Expired": (2, "Driver's license is expired"),
    "Cancelled": (2, "Driver's license is cancelled"),
    "NotFound": (3, "Driver's license was not found"),
    "Unavailable": (4, RETRY_MESSAGE),
}
_RAW_NULL_MEMBERS = (
    "InternalId",
    "FirstName",
    "MiddleName",
    "LastName",
    "FullName",
    "Sex",
    "Address",
    "CountryName",
    "CountryCode",
    "Street1",
    "Street2",
    "City",
    "PostalCode",
    "County",
    "Convictiontype",
    "Aliases",
    "Offenses",
    "AdditionalAddresses",
    "AdditionalBirthDates",
    "BirthPlaces",
    "Identifiers",
    "Nationalities",
    "PhotoUrl",
    "Source",
    "OtherInformation",
    "DocumentType",
    "Ssn",
    "Questions",
    "VerificationResult",
    "DriverLicenseVerificationResult",
)
_MATCH_MEMBERS = (
    "FirstNameMatchResult",
    "LastNameMatchResult",
    "MiddleNameMatchResult",
    "FullNameMatchResult",
    "BirthDateMatchResult",
    "PersonSexMatchResult",
    "AddressMatchResult",
    "CityMatchResult",
    "StateMatchResult",
    "PostalCodeMatchResult",
    "IDNumberMatchResult",
    "DocumentTypeMatchResult",
    "IssuedByMatchResult",
)


class _InvalidRequestError(Exception):
    """A request the service refuses with an error element."""


def check_canada(body: dict[str, Any], log: RequestLog, registry: Registry) -> JsonObject:
    """The reply element for a Canadian registry check request."""
    metadata = body.get("metadata") if isinstance(body.get("metadata"), dict) else {}
    try:
        number, birth, province, licence_class = _validated(body)
    except _InvalidRequestError as exc:
        return error_element(CANADA, log, metadata or {}, str(exc))
    in_province = [r for r in registry.find_canadian(number) if r.province == province]
    record = in_province[0] if in_province else None
    if record is not None and record.simulate == "error":
        return error_element(CANADA, log, metadata or {}, JURISDICTION_ERROR)
    comparison = _compare(record, bool(registry.find_canadian(number)), birth, licence_class)
    raw = _raw_result(number, birth, province, comparison)
    data = _data_elements(number, birth, province, comparison)
    profile = {"serviceResponseRaw": json.dumps(raw, separators=(",", ":")), "data": data}
    return element(CANADA, log, metadata or {}, comparison.status_code, [profile])


def _validated(body: dict[str, Any]) -> tuple[str, date, str, str | None]:
    for name in ("driverLicenseNumber", "dateOfBirths", "issuedBy", "driverLicenseClass"):
        if body.get(name) is not None and not isinstance(body[name], str):
            raise _InvalidRequestError(f"Field {name[0].upper() + name[1:]} must be a string")
    if (
        "metadata" in body
        and body["metadata"] is not None
        and not isinstance(body["metadata"], dict)
    ):
        raise _InvalidRequestError("Field Metadata must be an object")
    number = (body.get("driverLicenseNumber") or "").strip()
    if not number:
        raise _InvalidRequestError("Required field DriverLicenseNumber is empty")
    birth_text = (body.get("dateOfBirths") or "").strip()
    if not birth_text:
        raise _InvalidRequestError("Required field DateOfBirths is empty")
    try:
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", birth_text):
            raise ValueError(birth_text)
        birth = date.fromisoformat(birth_text)
    except ValueError:
        raise _InvalidRequestError(
            "Field DateOfBirths must be a date in yyyy-MM-dd format"
        ) from None
    province = (body.get("issuedBy") or "").strip().upper()
    if not province:
        raise _InvalidRequestError("Required field IssuedBy is empty")
    if province not in PROVINCES:
        raise _InvalidRequestError("Field IssuedBy must be a Canadian province or territory code")
    licence_class = (body.get("driverLicenseClass") or "").strip() or None
    if licence_class is not None and len(licence_class) > 2:
        raise _InvalidRequestError("Field DriverLicenseClass must be at most 2 characters")
    return number, birth, province, licence_class


class _Comparison:
    """Field-by-field result of comparing a request with the registry."""

    def __init__(self) -> None:
        self.id_match = NONE
        self.birth_match = NONE
        self.issued_by_match = NONE
        self.licence_status = "NotFound"
        self.class_status = "Not Requested"
        self.classes = ""
        self.status_code = FAILED


def _compare(
    record: CanadianRecord | None, known_elsewhere: bool, birth: date, licence_class: str | None
) -> _Comparison:
    result = _Comparison()
    if record is None:
        result.id_match = NO_MATCH
        result.issued_by_match = NO_MATCH if known_elsewhere else NONE
        return result
    if record.simulate == "unavailable":
        result.licence_status = "Unavailable"
        result.status_code = UNDEFINED
        return result
    result.id_match = MATCH
    result.issued_by_match = MATCH
    result.birth_match = _birth_match(record.date_of_birth, birth)
    result.licence_status = record.status
    result.classes = ",".join(record.classes)
    if licence_class is not None:
        held = licence_class.upper() in {c.upper() for c in record.classes}
        result.class_status = "Class Match" if held else "Class Mismatch"
    if result.birth_match == NO_MATCH or record.status != "Valid":
        result.status_code = FAILED
    elif result.birth_match == PARTIAL_MATCH or result.class_status == "Class Mismatch":
        result.status_code = FLAGGED
    else:
        result.status_code = PASSED
    return result


def _birth_match(expected: date, given: date) -> int:
    if expected == given:
        return MATCH
    agreeing = sum(
        (expected.year == given.year, expected.month == given.month, expected.day == given.day)
    )
    swapped = (expected.year, expected.month, expected.day) == (given.year, given.day, given.month)
    return PARTIAL_MATCH if agreeing == 2 or swapped else NO_MATCH


def _data_elements(
    number: str, birth: date, province: str, comparison: _Comparison
) -> list[JsonObject]:
    message = LICENCE_RESULTS[comparison.licence_status][1]
    return [
        field_result("FirstName", "First Name", "", NONE),
        field_result("MiddleName", "Middle Name", "", NONE),
        field_result("LastName", "Last Name", "", NONE),
        field_result("FullName", "Full Name", "", NONE),
        field_result("BirthDate", "Birth Date", birth.strftime("%m/%d/%Y"), comparison.birth_match),
        field_result("State", "State", province, comparison.issued_by_match),
        field_result("IssuedBy", "Issued By", province, comparison.issued_by_match),
        field_result("IDNumber", "ID Number", number, comparison.id_match, message),
        field_result("CurrentLicenseClasses", CLASSES_CAPTION, comparison.classes, NONE),
    ]


def _match_object(code: int) -> dict[str, Any]:
    return {"Code": code, "CodeString": MATCH_STRINGS[code]}


def _raw_result(number: str, birth: date, province: str, comparison: _Comparison) -> JsonObject:
    code, message = LICENCE_RESULTS[comparison.licence_status]
    raw: JsonObject = dict.fromkeys(_RAW_NULL_MEMBERS)
    matches: dict[str, Any] = dict.fromkeys(_MATCH_MEMBERS)
    matches["BirthDateMatchResult"] = _match_object(comparison.birth_match)
    matches["StateMatchResult"] = _match_object(comparison.issued_by_match)
    matches["IssuedByMatchResult"] = _match_object(comparison.issued_by_match)
    matches["IDNumberMatchResult"] = _match_object(comparison.id_match)
    raw.update(
        DateOfBirths=birth.isoformat(),
        State=province,
        IssuedBy=province,
        IDNumber=number,
        CurrentLicenseClasses=comparison.classes or None,
        ServiceMatchResult=matches,
        IdentiCheckValidationResult=comparison.status_code,
        CanadianDriverLicenseVerificationResult={
            "LicenseVerificationResult": {
                "Status": comparison.licence_status,
                "Code": code,
                "Message": message,
            },
            "LicenseClassVerificationStatus": comparison.class_status,
            "CurrentLicenseClasses": comparison.classes or None,
        },
    )
    return raw
