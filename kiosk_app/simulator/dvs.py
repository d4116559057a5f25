"""Document verification endpoint (sections 2.6, 2.7, 4.4): barcode-only parse.

The simulator parses the barcode (``trackString.data``, else the PDF417 on the back image, else
the sample a known demo picture shows: :mod:`kiosk_app.simulator.known_pictures`) and
returns the document fields; it does no OCR, face match or anti-spoofing. Errors use the
vendor's body ``{code, message, propertyErrors, multipleErrors}`` with HTTP 400.
"""

from __future__ import annotations

import uuid
from datetime import date
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
)
from kiosk_app.simulator.known_pictures import known_payload

SUPPORTED_DOCUMENT_TYPE = 1  # 1 = ID (driver licence / ID card) in the vendor's manual
_SETTINGS_FLAGS = (
    "isOCREnabled",
    "isCrossMatchRequired",
    "isGenderCheckEnabled",
    "isAgeCheckEnabled",
    "isDocTypeChangeEnabled",
    "isExternalAddressVerificationEnabled",
    "isExternalThirdPartyEnabled",
    "isFaceMatchOptional",
    "isBackOrSecondImageProcessingEnabled",
    "isFaceMatchEnabled",
)
_IMAGES = (
    "frontImage",
    "backOrSecondImage",
    "frontImageUv",
    "backOrSecondImageUv",
    "frontImageIr",
    "backOrSecondImageIr",
    "faceImage",
    "croppedFaceImage",
    "croppedFaceImageFromDocument",
    "signatureImage",
)
_GEO_TEXT = (
    "continentCode",
    "continent",
    "countryCode",
    "country",
    "stateCode",
    "state",
    "city",
    "postCode",
    "timeZone",
    "network",
)


class DvsError(Exception):
    """A refused request: HTTP status and the vendor's error body."""

    def __init__(
        self, code: str, message: str, property_errors: dict[str, list[str]] | None = None
    ) -> None:
        super().__init__(message)
        self.status = 400
        self.body: JsonObject = {
            "code": code,
            "message": message,
            "propertyErrors": property_errors or {},
            "multipleErrors": [],
        }


def verify(body: Any, client_ip: str) -> JsonObject:
    """The reply of a verify request; raises :class:`DvsError` for refused requests."""
    if not isinstance(body, dict):
        raise DvsError("ValidationError", "The request body must be a JSON object")
    document_type = _document_type(body)
    settings = _object_member(body, "overriddenSettings")
    if settings.get("isOCREnabled") is True and not body.get("frontImageBase64"):
        raise DvsError("FrontImageRequiredError", "OCR needs a front image (none sent)")
    track = _object_member(body, "trackString")
    payload = _payload(track.get("data"), body.get("backOrSecondImageBase64"))
    document = read_document(payload)
    if document is None:
        raise DvsError("PDF417Error", "The barcode is not an AAMVA driver licence or ID")
    request_data = _request_data(body, document_type, track, settings, client_ip)
    return {
        "requestId": str(uuid.uuid4()),
        "document": document_fields(document),
        "documentVerificationResult": _verification_result(document),
        "faceMatchVerificationResult": {
            "falseAcceptanceRate": 0,
            "faceMatchConfidence": 0,
            "isAgeCheckSuccess": False,
            "isGenderCheckSuccess": False,
        },
        "antiSpoofingVerificationResult": {
            "antiSpoofingFaceImageConfidence": 0,
            "isDataFieldsTampered": False,
            "isPhotoFromDocumentTampered": False,
        },
        "externalVerificationResults": [],
        "authenticationResults": [],
        "requestData": request_data,
        "images": dict.fromkeys(_IMAGES),
    }


def _object_member(body: dict[str, Any], name: str) -> dict[str, Any]:
    value = body.get(name)
    return value if isinstance(value, dict) else {}


def _document_type(body: dict[str, Any]) -> int:
    value = body.get("documentType", SUPPORTED_DOCUMENT_TYPE)
    if not isinstance(value, int) or isinstance(value, bool):
        raise DvsError(
            "ValidationError",
            "documentType must be an integer",
            {"documentType": ["must be an integer"]},
        )
    if value != SUPPORTED_DOCUMENT_TYPE:
        raise DvsError(
            "ValidationError",
            "The simulator supports documentType 1 (ID) only",
            {"documentType": ["only 1 (ID) is supported by the simulator"]},
        )
    return value


def _payload(data: object, back_image: object) -> bytes:
    if not data and not back_image:
        raise DvsError(
            "BackImageOrTrackStringNotPresentError",
            "Either backOrSecondImageBase64 or trackString.data must be present",
        )
    if data:
        payload = decode_base64(data)
        if payload is None:
            raise DvsError(
                "ValidationError",
                "trackString.data is not valid base64",
                {"trackString.data": ["not valid base64"]},
            )
        return payload
    image = decode_base64(back_image)
    if image is None:
        raise DvsError(
            "ValidationError",
            "backOrSecondImageBase64 is not valid base64",
            {"backOrSecondImageBase64": ["not valid base64"]},
        )
    payload = decode_pdf417(image) or known_payload(image)
    if payload is None:
        raise DvsError("PDF417Error", "No PDF417 barcode could be read on the back image")
    return payload


def document_fields(document: AamvaDocument) -> dict[str, str]:
    """The ``document`` object: every member a string ("" when the barcode lacks it)."""
    name, abbr, abbr3 = country(document)
    address = " ".join(p for p in (document.get("DAG"), document.get("DAH")) if p)
    return {
        "abbr3Country": abbr3,
        "abbrCountry": abbr,
        "address": address,
        "city": document.get("DAI"),
        "class": document.get("DCA"),
        "country": name,
        "dob": iso_date(document, "DBB"),
        "expires": iso_date(document, "DBA"),
        "eyes": document.get("DAY"),
        "familyName": document.get("DCS"),
        "firstName": document.get("DAC"),
        "fullName": full_name(document),
        "gender": gender(document),
        "hair": document.get("DAZ"),
        "height": document.get("DAU"),
        "id": document.get("DAQ"),
        "idType": document.document_type,
        "issued": iso_date(document, "DBD"),
        "middleName": document.get("DAD"),
        "postalBox": "",
        "state": document.get("DAJ"),
        "issuedBy": document.get("DAJ"),
        "weight": document.get("DAW") or document.get("DAX"),
        "zip": document.get("DAK"),
        "ssn": document.get("DBK"),
    }


def _verification_result(document: AamvaDocument) -> JsonObject:
    expires = document.date("DBA")
    return {
        "isDocumentExpired": expires is not None and expires < date.today(),
        "isOcrSuccess": False,
        "isPdf417Success": True,
        "isMrzSuccess": False,
        "isThirdPartySuccess": False,
        "isDriversLicenseRealID": document.get("DDA").upper() == "F",
        "documentConfidence": 1.0,
    }


def _request_data(
    body: dict[str, Any],
    document_type: int,
    track: dict[str, Any],
    settings: dict[str, Any],
    client_ip: str,
) -> JsonObject:
    geolocation: JsonObject = dict.fromkeys(_GEO_TEXT, "")
    geolocation.update(accuracyRadius=0, latitude=0, longitude=0)
    merged = {flag: bool(settings.get(flag, False)) for flag in _SETTINGS_FLAGS}
    return {
        "id": str(uuid.uuid4()),
        "documentType": document_type,
        "requestIpAddress": client_ip,
        "geolocation": geolocation,
        "trackString": {
            "data": str(track.get("data") or ""),
            "barcodeParams": str(track.get("barcodeParams") or ""),
        },
        "metadata": {
            "captureMethod": str(body.get("captureMethod") or ""),
            "userAgent": str(body.get("userAgent") or ""),
            "frontEndMetadata": "",
            "otherMetadata": "",
        },
        "settings": {**merged, "bothSidedScreeningStrategy": 0, "oneSidedScreeningStrategy": 0},
    }
