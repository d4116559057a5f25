"""Digital signature and revocation check (sections 2.2 and 2.5) under the simulator's scheme.

Outcomes: signature valid and number not revoked -> Passed (1); signature invalid or missing,
or number on the revocation list -> Failed (0); ``trackString`` not an AAMVA payload with a
DL/ID subfile -> Undefined (3); ``trackString`` absent, empty or not a string -> ``success: false``.
"""

from __future__ import annotations

import json
from typing import Any

from kiosk_app.simulator.aamva import AamvaDocument
from kiosk_app.simulator.envelope import (
    MATCH,
    NO_MATCH,
    SIGNATURE,
    JsonObject,
    RequestLog,
    element,
    error_element,
    field_result,
)
from kiosk_app.simulator.registry import Registry
from kiosk_app.simulator.signature import SignatureVerdict, verify_payload

FAILED, PASSED, UNDEFINED = 0, 1, 3
UNREADABLE_MESSAGE = "The trackString is not an AAMVA driver licence or ID barcode"
# Personal fields reported back, read from the barcode: (fieldName, caption, element id).
_EXTRACTED = (
    ("FirstName", "First Name", "DAC"),
    ("MiddleName", "Middle Name", "DAD"),
    ("LastName", "Last Name", "DCS"),
    ("Address", "Address", "DAG"),
    ("City", "City", "DAI"),
    ("State", "State", "DAJ"),
    ("PostalCode", "Postal Code", "DAK"),
)


def check_signature(body: dict[str, Any], log: RequestLog, registry: Registry) -> JsonObject:
    """The reply element for a digital signature check request."""
    metadata = body.get("metadata") if isinstance(body.get("metadata"), dict) else {}
    track = body.get("trackString")
    if track is not None and not isinstance(track, str):
        return error_element(SIGNATURE, log, metadata or {}, "Field TrackString must be a string")
    if not track:
        return error_element(SIGNATURE, log, metadata or {}, "Required field TrackString is empty")
    payload = _payload_bytes(track)
    verdict, document = verify_payload(payload)
    if verdict is SignatureVerdict.UNREADABLE or document is None:
        raw: JsonObject = {
            "DMVDigitalSignatureVerificationResult": {
                "ValidationResult": {"IsValid": False, "Message": UNREADABLE_MESSAGE},
                "RevocationResult": None,
            }
        }
        profile: JsonObject = {
            "serviceResponseRaw": json.dumps(raw, separators=(",", ":")),
            "data": [],
        }
        return element(SIGNATURE, log, metadata or {}, UNDEFINED, [profile])
    valid = verdict is SignatureVerdict.VALID
    revoked = registry.is_revoked(document.get("DAQ"))
    raw = {
        "DMVDigitalSignatureVerificationResult": {
            "ValidationResult": {"IsValid": valid},
            "RevocationResult": {"IsRevoked": revoked},
        }
    }
    profile = {
        "serviceResponseRaw": json.dumps(raw, separators=(",", ":")),
        "data": _data_elements(document, valid, revoked),
    }
    status = PASSED if valid and not revoked else FAILED
    return element(SIGNATURE, log, metadata or {}, status, [profile])


def _payload_bytes(track: str) -> bytes:
    """The payload as the kiosk sends it: one character per byte (latin-1), else UTF-8."""
    try:
        return track.encode("latin-1")
    except UnicodeEncodeError:
        return track.encode("utf-8")


def _data_elements(document: AamvaDocument, valid: bool, revoked: bool) -> list[JsonObject]:
    match = MATCH if valid else NO_MATCH
    data = [
        field_result(
            "IDNumber",
            "ID Number",
            document.get("DAQ"),
            match,
            "Document is Valid" if valid else "Document is Not Valid",
        ),
        field_result(
            "RevocationStatus",
            "Revocation Status",
            "Revoked" if revoked else "Not Revoked",
            NO_MATCH if revoked else MATCH,
            "Document is Revoked" if revoked else "Document is Not Revoked",
        ),
    ]
    data += [
        field_result(name, caption, document.get(element_id), match)
        for name, caption, element_id in _EXTRACTED
        if document.get(element_id)
    ]
    birth = document.date("DBB")
    if birth is not None:
        data.append(field_result("BirthDate", "Birth Date", birth.strftime("%m/%d/%Y"), match))
    return data
