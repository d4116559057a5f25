"""Legacy parsing service (sections 2.8, 4.2, 4.3): Parse (barcode text) and ParseImage.

Authentication is the body's ``authKey`` (``test`` is accepted). Failures are HTTP 200 with
``Success: false``, an ``ErrorMessage`` and numeric-string codes in ``ValidationCode.Errors``
(the simulator's codes: 1 bad authKey, 2 input not base64, 3 no AAMVA data, 4 no PDF417 found
on the image, 5 malformed request). ParseImage also reads the known demo pictures
(:mod:`kiosk_app.simulator.known_pictures`).
"""

from __future__ import annotations

import uuid
from typing import Any

from kiosk_app.simulator.aamva import AamvaDocument, read_document
from kiosk_app.simulator.envelope import JsonObject
from kiosk_app.simulator.fields import (
    country,
    decode_base64,
    decode_pdf417,
    full_name,
    gender,
    iso_date,
    weights,
)
from kiosk_app.simulator.known_pictures import known_payload

ACCEPTED_AUTH_KEYS = frozenset({"test"})
_ERRORS = {
    "1": "Invalid authKey",
    "2": "The input is not valid base64",
    "3": "No AAMVA driver licence data found",
    "4": "No PDF417 barcode found on the image",
    "5": "The request body must be a JSON object with authKey and the input",
}


def parse(body: Any) -> JsonObject:
    """Reply of Parse: ``{"ParseResult": {...}}`` for base64 barcode text in ``text``."""
    return {"ParseResult": _result(body, "text", image=False)}


def parse_image(body: Any) -> JsonObject:
    """Reply of ParseImage: ``{"ParseImageResult": {...}}`` for a base64 image in ``data``."""
    return {"ParseImageResult": _result(body, "data", image=True)}


def _result(body: Any, member: str, *, image: bool) -> JsonObject:
    if not isinstance(body, dict) or not isinstance(body.get(member), str):
        return _failure("5")
    if body.get("authKey") not in ACCEPTED_AUTH_KEYS:
        return _failure("1")
    raw = decode_base64(body[member])
    if raw is None:
        return _failure("2")
    if image:
        payload = decode_pdf417(raw) or known_payload(raw)
        if payload is None:
            return _failure("4")
        raw = payload
    document = read_document(raw)
    if document is None:
        return _failure("3")
    return {
        "Confidence": 100,
        "DriverLicense": driver_license(document),
        "ErrorMessage": "OK",
        "Reference": str(uuid.uuid4()),
        "Success": True,
        "ValidationCode": {"Errors": [], "IsValid": True},
    }


def _failure(code: str) -> JsonObject:
    return {
        "Confidence": 0,
        "DriverLicense": None,
        "ErrorMessage": _ERRORS[code],
        "Reference": str(uuid.uuid4()),
        "Success": False,
        "ValidationCode": {"Errors": [code], "IsValid": False},
    }


def _nullable(document: AamvaDocument, element_id: str) -> str | None:
    return document.get(element_id) or None


def driver_license(document: AamvaDocument) -> JsonObject:
    """The ``DriverLicense`` object with the section 2.8 member names; dates yyyy-MM-dd."""
    name, _, abbr3 = country(document)
    kilograms, pounds = weights(document)
    get = document.get
    return {
        "Address1": get("DAG"),
        "Address2": get("DAH"),
        "Birthdate": iso_date(document, "DBB"),
        "CardRevisionDate": iso_date(document, "DDB"),
        "City": get("DAI"),
        "ClassificationCode": get("DCM"),
        "ComplianceType": get("DDA"),
        "Country": name,
        "CountryCode": abbr3,
        "DocumentType": document.document_type,
        "EndorsementCodeDescription": get("DCQ"),
        "EndorsementsCode": get("DCD"),
        "ExpirationDate": iso_date(document, "DBA"),
        "EyeColor": get("DAY"),
        "FirstName": get("DAC"),
        "FullName": full_name(document),
        "Gender": gender(document),
        "HAZMATExpDate": iso_date(document, "DDC") or None,
        "HairColor": get("DAZ"),
        "Height": get("DAU"),
        "IIN": document.iin,
        "IssueDate": iso_date(document, "DBD"),
        "IssuedBy": get("DAJ"),
        "JurisdictionCode": get("DAJ"),
        "LastName": get("DCS"),
        "LicenseNumber": get("DAQ"),
        "LimitedDurationDocument": _nullable(document, "DDD"),
        "MiddleName": get("DAD"),
        "NamePrefix": "",
        "NameSuffix": get("DCU"),
        "OrganDonor": _nullable(document, "DDK"),
        "PostalBox": "",
        "PostalCode": get("DAK"),
        "Race": get("DCL"),
        "RestrictionCode": get("DCB"),
        "RestrictionCodeDescription": get("DCR"),
        "VehicleClassCode": get("DCA"),
        "VehicleClassCodeDescription": get("DCP"),
        "Veteran": _nullable(document, "DDL"),
        "WeightKG": kilograms,
        "WeightLBS": pounds,
    }
