"""Parsed replies -> ``Outcome``: verdict, billability, per-field rows and the documented advice.

Billability follows sections 3 and 8 of the interface: the Canadian service counts status codes
0, 1 and 2, the signature service 0 and 1; code 3 (Undefined) and ``success: false`` elements
are never counted. The interface is silent on the DVS and legacy endpoints: an answered parse is
assumed billable (the account is charged per answered request) unless it reports failure.
"""

from __future__ import annotations

from collections.abc import Sequence

from kiosk_app.api import constants
from kiosk_app.api.errors import BadReplyError
from kiosk_app.api.models import (
    CheckResponseElement,
    DvsResponse,
    FieldResult,
    ParseImageResult,
    Profile,
    StatusCode,
    canada_raw,
    signature_raw,
)
from kiosk_app.api.outcome import (
    BILLABLE_CODES,
    KNOWN_CODES,
    ErrorInfo,
    FieldOutcome,
    MatchCategory,
    Outcome,
)
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.text import QT_TRANSLATE_NOOP

SERVICE_IDS: dict[CheckKind, str] = {
    CheckKind.CANADA: constants.CANADA_SERVICE_ID,
    CheckKind.SIGNATURE: constants.SIGNATURE_SERVICE_ID,
}
_VERDICTS = {
    StatusCode.FAILED: Verdict.FAILED,
    StatusCode.PASSED: Verdict.PASSED,
    StatusCode.FLAGGED: Verdict.FLAGGED,
    StatusCode.UNDEFINED: Verdict.UNDEFINED,
}

ADVICE_CANADA_UNDEFINED = QT_TRANSLATE_NOOP(
    "messages",
    "The registry could not complete the check. Try again in 15 minutes; this check was not "
    "counted.",
)
ADVICE_SIGNATURE_UNDEFINED = QT_TRANSLATE_NOOP(
    "messages",
    "The signature check could not be completed. Check the request for errors (scan the "
    "barcode again); this check was not counted.",
)
ADVICE_FAILED_CALL = QT_TRANSLATE_NOOP(
    "messages", "The service could not complete the check; it was not counted."
)
ADVICE_UNKNOWN_CODE = QT_TRANSLATE_NOOP(
    "messages", "The service returned a status this kiosk does not know; treat as unverified."
)


def same_service_id(left: str | None, right: str | None) -> bool:
    """Service ids compare case-insensitively (requests use upper, replies lower case)."""
    return bool(left and right) and str(left).strip().lower() == str(right).strip().lower()


def select_element(
    elements: Sequence[CheckResponseElement], service: CheckKind
) -> CheckResponseElement:
    """The reply element for the one service that was requested."""
    wanted = SERVICE_IDS[service]
    for element in elements:
        if element.service is not None and same_service_id(element.service.id, wanted):
            return element
    if len(elements) == 1 and (elements[0].service is None or not elements[0].service.id):
        return elements[0]
    if not elements:
        raise BadReplyError(
            QT_TRANSLATE_NOOP("messages", "The verification service sent an empty answer.")
        )
    raise BadReplyError(
        QT_TRANSLATE_NOOP("messages", "The verification service answered for a different check.")
    )


def check_outcome(element: CheckResponseElement, service: CheckKind, *, test_mode: bool) -> Outcome:
    """The outcome of one check element (Canadian or signature)."""
    detail = element.request_detail
    common: dict[str, object] = {
        "service": service,
        "request_log_id": detail.request_log_id if detail else None,
        "request_time": detail.request_date_utc if detail else None,
        "test_mode": test_mode,
    }
    result = element.service_verification_result
    code = int(result.status_code) if result is not None else None
    profile = element.profiles[0] if element.profiles else None
    fields = _field_outcomes(profile.data if profile and profile.data else [])
    extras = _service_extras(service, profile, fields)
    if not element.success:
        error = element.error
        message = (error.message if error else None) or "The service reported a failure."
        return Outcome(
            verdict=Verdict.UNDEFINED,
            status_code=code,
            status_string=_status_string(result, code) or Verdict.UNDEFINED.value,
            billable=False,
            fields=fields,
            error=ErrorInfo(message=message, trace_id=error.trace_id if error else None),
            advice=ADVICE_FAILED_CALL,
            **common,  # type: ignore[arg-type]
            **extras,  # type: ignore[arg-type]
        )
    if code is None:
        raise BadReplyError(
            QT_TRANSLATE_NOOP(
                "messages", "The verification service's answer has no overall status."
            )
        )
    known = code in KNOWN_CODES[service]
    verdict = _VERDICTS[StatusCode(code)] if known else Verdict.UNDEFINED
    undefined_known = known and code == StatusCode.UNDEFINED
    return Outcome(
        verdict=verdict,
        status_code=code,
        status_string=_status_string(result, code) or verdict.value,
        # An unknown code is reported as possibly counted: the kiosk cannot know.
        billable=(code in BILLABLE_CODES[service]) or not known,
        fields=fields,
        retry_after_seconds=(
            constants.CANADA_RETRY_AFTER_S
            if undefined_known and service is CheckKind.CANADA
            else None
        ),
        advice=_advice(service, known, undefined_known),
        **common,  # type: ignore[arg-type]
        **extras,  # type: ignore[arg-type]
    )


def _advice(service: CheckKind, known: bool, undefined: bool) -> str | None:
    if not known:
        return ADVICE_UNKNOWN_CODE
    if not undefined:
        return None
    if service is CheckKind.CANADA:
        return ADVICE_CANADA_UNDEFINED
    return ADVICE_SIGNATURE_UNDEFINED


def _status_string(result: object, code: int | None) -> str | None:
    text = getattr(result, "status_string", None)
    if text:
        return str(text)
    if code is not None and code in {s.value for s in StatusCode}:
        return StatusCode(code).label
    return None


def _field_outcomes(data: Sequence[FieldResult]) -> tuple[FieldOutcome, ...]:
    rows = []
    for item in data:
        code = item.match_status_code
        known = code is not None and int(code) in {m.value for m in MatchCategory}
        match = MatchCategory(int(code)) if known and code is not None else MatchCategory.NONE
        rows.append(
            FieldOutcome(
                field_name=item.field_name or "",
                caption=item.caption or item.field_name or "",
                value=item.value if item.value is not None else item.value_string,
                match=match,
                message=item.message,
            )
        )
    return tuple(rows)


def _find(fields: Sequence[FieldOutcome], name: str) -> FieldOutcome | None:
    wanted = name.lower()
    return next((f for f in fields if f.field_name.lower() == wanted), None)


def _service_extras(
    service: CheckKind, profile: Profile | None, fields: Sequence[FieldOutcome]
) -> dict[str, object]:
    if service is CheckKind.CANADA:
        return _canada_extras(profile, fields)
    return _signature_extras(profile, fields)


def _canada_extras(profile: Profile | None, fields: Sequence[FieldOutcome]) -> dict[str, object]:
    classes_row = _find(fields, "CurrentLicenseClasses")
    id_row = _find(fields, "IDNumber")
    classes = classes_row.value if classes_row and classes_row.value else None
    message = id_row.message if id_row and id_row.message else None
    raw = canada_raw(profile) if profile else None
    licence = raw.canadian_driver_license_verification_result if raw else None
    class_status = None
    if licence is not None:
        class_status = licence.license_class_verification_status
        classes = classes or licence.current_license_classes
        lvr = licence.license_verification_result
        message = message or (lvr.message if lvr else None)
    return {"licence_classes": classes, "licence_message": message, "class_status": class_status}


def _signature_extras(profile: Profile | None, fields: Sequence[FieldOutcome]) -> dict[str, object]:
    id_row = _find(fields, "IDNumber")
    revocation_row = _find(fields, "RevocationStatus")
    valid = _flag(id_row, when_match=True)
    revoked = _flag(revocation_row, when_match=False)
    raw = signature_raw(profile) if profile else None
    result = raw.dmv_digital_signature_verification_result if raw else None
    if result is not None:
        if valid is None and result.validation_result is not None:
            valid = result.validation_result.is_valid
        if revoked is None and result.revocation_result is not None:
            revoked = result.revocation_result.is_revoked
    return {"signature_valid": valid, "revoked": revoked}


def _flag(row: FieldOutcome | None, *, when_match: bool) -> bool | None:
    """Match (3) -> ``when_match``, No Match (1) -> its opposite, anything else unknown."""
    if row is None:
        return None
    if row.match is MatchCategory.MATCH:
        return when_match
    if row.match is MatchCategory.NO_MATCH:
        return not when_match
    return None


def dvs_outcome(reply: DvsResponse, *, test_mode: bool) -> Outcome:
    """DVS barcode parse: Passed when the barcode was parsed, Failed otherwise.

    "Parsed" means ``isPdf417Success`` is true, or (when the service leaves it out) the
    ``document`` holds at least one non-empty member.
    """
    document = document_members(reply)
    result = reply.document_verification_result
    flag = result.is_pdf417_success if result is not None else None
    parsed = flag if flag is not None else bool(document)
    verdict = Verdict.PASSED if parsed else Verdict.FAILED
    return Outcome(
        service=CheckKind.DVS_PARSE,
        verdict=verdict,
        status_code=None,
        status_string=verdict.value,
        billable=True,
        document=document,
        advice=None
        if parsed
        else QT_TRANSLATE_NOOP(
            "messages", "The service could not read the barcode; scan it again."
        ),
        test_mode=test_mode,
    )


def document_members(reply: DvsResponse) -> dict[str, str]:
    """The non-empty string members of the DVS ``document``, under their interface names."""
    if reply.document is None:
        return {}
    dumped = reply.document.model_dump(by_alias=True, exclude_none=True)
    return {k: v for k, v in dumped.items() if isinstance(v, str) and v.strip()}


def legacy_outcome(result: ParseImageResult, *, test_mode: bool) -> Outcome:
    """Legacy parse: Passed with the licence fields; ``Success: false`` is an error outcome."""
    licence = result.driver_license
    document: dict[str, str] = {}
    if licence is not None:
        dumped = licence.model_dump(by_alias=True, exclude_none=True)
        document = {k: v for k, v in dumped.items() if isinstance(v, str) and v.strip()}
    succeeded = result.success if result.success is not None else bool(document)
    if succeeded:
        return Outcome(
            service=CheckKind.LEGACY_PARSE,
            verdict=Verdict.PASSED,
            status_code=None,
            status_string=Verdict.PASSED.value,
            billable=True,
            document=document,
            test_mode=test_mode,
        )
    return Outcome(
        service=CheckKind.LEGACY_PARSE,
        verdict=Verdict.UNDEFINED,
        status_code=None,
        status_string=Verdict.UNDEFINED.value,
        billable=False,
        document=document,
        error=ErrorInfo(message=_legacy_message(result), trace_id=result.reference or None),
        advice=QT_TRANSLATE_NOOP(
            "messages", "The parsing service could not read the data; scan again or use the image."
        ),
        test_mode=test_mode,
    )


def _legacy_message(result: ParseImageResult) -> str:
    parts = []
    if result.error_message and result.error_message.strip().upper() != "OK":
        parts.append(result.error_message.strip())
    codes = result.validation_code.errors if result.validation_code else None
    if codes:
        parts.append("error codes " + ", ".join(codes[:10]))
    return "; ".join(parts) or "The parsing service reported a failure."
