"""Reply bodies in the documented shapes (sections 2.3-2.8 and the vendor's published examples)."""

from __future__ import annotations

import json
from typing import Any

from kiosk_app.api import constants

VENDOR_ERROR_ELEMENT: list[dict[str, Any]] = [
    {
        "requestDetail": {
            "requestLogId": 11111233,
            "requestDateUtc": "2025-10-08T08:15:21.7626481Z",
        },
        "metadata": {},
        "success": False,
        "error": {
            "message": "Required field DriverLicenseNumber is empty",
            "traceId": "00-ad23a2b26a1832f69170f5c6c7f6b9e5-b52e28aaba15218c-00",
        },
        "service": {
            "id": "58b76696-75e2-466f-97a2-1b216ed40108",
            "name": "Canadian DMV Verification",
            "description": "Canadian Driver License Data Verification",
            "isMultipleProfiles": False,
        },
        "location": {"locationId": None, "readOnlyAccessLocationIds": None},
        "serviceVerificationResult": {"statusCode": 3, "statusString": "Undefined"},
        "profiles": None,
    }
]

VENDOR_CANADA_REQUEST = {
    "dateOfBirths": "1989-12-24",
    "issuedBy": "PE",
    "services": ["58B76696-75E2-466F-97A2-1B216ED40108"],
    "driverLicenseNumber": "421450",
    "driverLicenseClass": "1",
    "metadata": {"myOwnRequestId": "qw-12345"},
}

VENDOR_DVS_REQUEST = {
    "documentType": 1,
    "frontImageBase64": None,
    "backOrSecondImageBase64": "<base64 image of the back>",
    "faceImageBase64": None,
    "trackString": {
        "data": "<base64 barcode data>",
        "barcodeParams": "<base64 barcode parameters>",
    },
    "overriddenSettings": {
        "isOCREnabled": False,
        "isBackOrSecondImageProcessingEnabled": True,
        "isFaceMatchEnabled": False,
    },
    "captureMethod": "string",
    "userAgent": "string",
}

VENDOR_DVS_ERROR = {
    "code": "string",
    "message": "string",
    "propertyErrors": {},
    "multipleErrors": [None],
}

STATUS_STRINGS = {0: "Failed", 1: "Passed", 2: "Flagged", 3: "Undefined"}
MATCH_STRINGS = {0: "None", 1: "No Match", 2: "Partial Match", 3: "Match"}


def field(
    name: str, caption: str, value: str | None, code: int, message: str | None = None
) -> dict[str, Any]:
    """One field-result element (section 2.3)."""
    return {
        "fieldName": name,
        "caption": caption,
        "fieldType": "String",
        "value": value,
        "valueString": value,
        "matchStatusCode": code,
        "matchStatusString": MATCH_STRINGS[code],
        "message": message,
        "score": 0,
    }


def canada_raw(classes: str = "G", status: str = "Valid", code: int = 1) -> str:
    """A Canadian serviceResponseRaw string (section 2.4, PascalCase)."""
    raw = {
        "InternalId": None,
        "FirstName": "ALEX",
        "MiddleName": None,
        "LastName": "SAMPLE",
        "FullName": None,
        "DateOfBirths": None,
        "IdentiCheckValidationResult": 0,
        "ServiceMatchResult": {
            "BirthDateMatchResult": {"Code": 3, "CodeString": "Match"},
            "IDNumberMatchResult": {"Code": 3, "CodeString": "Match"},
            "FirstNameMatchResult": None,
        },
        "CanadianDriverLicenseVerificationResult": {
            "LicenseVerificationResult": {
                "Status": status,
                "Code": code,
                "Message": "Driver's license is valid",
            },
            "LicenseClassVerificationStatus": "Class Match",
            "CurrentLicenseClasses": classes,
        },
        "FutureMember": {"kept": True},
    }
    return json.dumps(raw)


def canada_element(
    status: int = 1, *, service_id: str | None = None, success: bool = True
) -> dict[str, Any]:
    """A Canadian check element with the documented data rows."""
    return {
        "requestDetail": {"requestLogId": 4242, "requestDateUtc": "2026-01-02T03:04:05.123Z"},
        "metadata": {},
        "success": success,
        "error": {"message": None, "traceId": None},
        "service": {
            "id": service_id or constants.CANADA_SERVICE_ID.lower(),
            "name": "Canadian DMV Verification",
            "description": "d",
            "isMultipleProfiles": False,
        },
        "location": {"locationId": None, "readOnlyAccessLocationIds": None},
        "serviceVerificationResult": {
            "statusCode": status,
            "statusString": STATUS_STRINGS.get(status, "?"),
        },
        "profiles": [
            {
                "serviceResponseRaw": canada_raw(),
                "data": [
                    field("BirthDate", "Birth Date", "12/24/1989", 3),
                    field("IssuedBy", "Issued By", "PE", 3),
                    field("IDNumber", "ID Number", "421450", 3, "Driver's license is valid"),
                    field(
                        "CurrentLicenseClasses",
                        "Current License Classes (Canadian DMV only)",
                        "1,5",
                        0,
                    ),
                    field("FirstName", "First Name", None, 0),
                ],
            }
        ],
    }


def signature_element(
    status: int = 1, *, valid: bool = True, revoked: bool = False, with_rows: bool = True
) -> dict[str, Any]:
    """A digital-signature check element (section 2.5)."""
    raw = {
        "DMVDigitalSignatureVerificationResult": {
            "ValidationResult": {"IsValid": valid},
            "RevocationResult": {"IsRevoked": revoked},
        }
    }
    rows = [
        field(
            "IDNumber",
            "ID Number",
            "D1234567",
            3 if valid else 1,
            "Document is Valid" if valid else "Document is Not Valid",
        ),
        field(
            "RevocationStatus",
            "Revocation Status",
            "Revoked" if revoked else "Not Revoked",
            1 if revoked else 3,
            "Document is Revoked" if revoked else "Document is Not Revoked",
        ),
        field("FirstName", "First Name", "ALEX", 3),
    ]
    element = canada_element(status)
    element["service"]["id"] = constants.SIGNATURE_SERVICE_ID
    element["profiles"] = [
        {"serviceResponseRaw": json.dumps(raw), "data": rows if with_rows else []}
    ]
    return element


def dvs_reply(parsed: bool = True) -> dict[str, Any]:
    """A document verification reply (section 2.7) for a barcode-only parse."""
    return {
        "requestId": "6f1c1d7e-0000-4000-8000-000000000001",
        "document": {
            "firstName": "ALEX",
            "familyName": "SAMPLE",
            "dob": "1989-12-24",
            "id": "D1234567",
            "class": "C",
            "state": "VA",
            "address": "",
        }
        if parsed
        else {},
        "documentVerificationResult": {
            "isPdf417Success": parsed,
            "isOcrSuccess": False,
            "isInvalidated": False,
            "documentConfidence": 0.0,
        },
        "documentConfidenceScores": {"dob": -1},
        "faceMatchVerificationResult": None,
        "externalVerificationResults": [],
        "authenticationResults": [],
        "requestData": {"id": "x", "documentType": 1},
        "images": {},
    }


def legacy_reply(success: bool = True, wrapper: str | None = "ParseResult") -> dict[str, Any]:
    """A legacy parse reply (section 2.8), wrapped as public clients read it."""
    result = {
        "Confidence": 100 if success else 0,
        "DriverLicense": {
            "FirstName": "ALEX",
            "LastName": "SAMPLE",
            "Birthdate": "1989-12-24",
            "LicenseNumber": "D1234567",
            "HAZMATExpDate": None,
        }
        if success
        else None,
        "ErrorMessage": "OK" if success else "Unable to parse",
        "Reference": "ref-1",
        "Success": success,
        "ValidationCode": {"Errors": [] if success else ["12", "40"], "IsValid": success},
    }
    return {wrapper: result} if wrapper else result
