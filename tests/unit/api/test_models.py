"""The models accept the vendor's published bodies and every documented shape, tolerantly."""

from __future__ import annotations

import pytest

from kiosk_app.api.models import (
    CanadaCheckRequest,
    CheckResponseElement,
    DvsErrorBody,
    DvsRequest,
    MatchStatus,
    ParseImageResult,
    StatusCode,
    canada_raw,
    signature_raw,
)
from kiosk_app.api.replies import parse_check_reply, parse_dvs_reply, parse_legacy_reply
from tests.unit.api.reply_samples import (
    VENDOR_CANADA_REQUEST,
    VENDOR_DVS_ERROR,
    VENDOR_DVS_REQUEST,
    VENDOR_ERROR_ELEMENT,
    canada_element,
    dvs_reply,
    legacy_reply,
    signature_element,
)


def test_vendor_error_element_parses() -> None:
    (element,) = parse_check_reply(VENDOR_ERROR_ELEMENT)
    assert element.success is False
    assert element.profiles is None
    assert element.service_verification_result is not None
    assert element.service_verification_result.status_code is StatusCode.UNDEFINED
    assert element.error is not None and element.error.trace_id
    assert element.model_dump(mode="json")["serviceVerificationResult"] == {
        "statusCode": 3,
        "statusString": "Undefined",
    }


def test_vendor_requests_round_trip_with_interface_names() -> None:
    canada = CanadaCheckRequest.model_validate(VENDOR_CANADA_REQUEST)
    assert canada.model_dump(exclude_none=True) == VENDOR_CANADA_REQUEST
    dvs = DvsRequest.model_validate(VENDOR_DVS_REQUEST)
    assert dvs.model_dump() == VENDOR_DVS_REQUEST


def test_canada_request_refuses_two_services() -> None:
    body = {**VENDOR_CANADA_REQUEST, "services": ["a", "b"]}
    with pytest.raises(ValueError):
        CanadaCheckRequest.model_validate(body)


def test_vendor_dvs_error_body_parses() -> None:
    body = DvsErrorBody.model_validate(VENDOR_DVS_ERROR)
    assert body.code == "string"
    assert body.multiple_errors == [None]


def test_canadian_raw_result_is_typed_and_the_string_kept() -> None:
    (element,) = parse_check_reply([canada_element()])
    assert element.profiles is not None
    profile = element.profiles[0]
    raw = canada_raw(profile)
    assert raw is not None
    assert isinstance(profile.service_response_raw, str)
    licence = raw.canadian_driver_license_verification_result
    assert licence is not None and licence.license_verification_result is not None
    assert licence.license_verification_result.status == "Valid"
    assert licence.license_class_verification_status == "Class Match"
    assert raw.service_match_result is not None
    assert raw.service_match_result.birth_date is not None
    assert raw.service_match_result.birth_date.code is MatchStatus.MATCH
    assert raw.model_extra == {"FutureMember": {"kept": True}}


def test_signature_raw_result_is_typed() -> None:
    (element,) = parse_check_reply([signature_element(valid=False, revoked=True)])
    assert element.profiles is not None
    raw = signature_raw(element.profiles[0])
    assert raw is not None and raw.dmv_digital_signature_verification_result is not None
    result = raw.dmv_digital_signature_verification_result
    assert result.validation_result is not None and result.validation_result.is_valid is False
    assert result.revocation_result is not None and result.revocation_result.is_revoked is True


def test_unknown_members_and_codes_are_kept() -> None:
    element = canada_element(status=7)
    element["newTopLevel"] = [1, 2]
    element["profiles"][0]["data"][0]["matchStatusCode"] = 9
    (parsed,) = parse_check_reply([element])
    assert parsed.model_extra == {"newTopLevel": [1, 2]}
    assert parsed.service_verification_result is not None
    assert parsed.service_verification_result.status_code == 7
    assert parsed.profiles is not None and parsed.profiles[0].data is not None
    assert parsed.profiles[0].data[0].match_status_code == 9


def test_dvs_reply_with_extra_members_parses() -> None:
    reply = parse_dvs_reply(dvs_reply())
    assert reply.document is not None and reply.document.class_ == "C"
    assert reply.model_dump(mode="json")["document"]["class"] == "C"
    assert reply.document_verification_result is not None
    assert reply.document_verification_result.model_extra == {"isInvalidated": False}
    assert reply.model_extra == {"documentConfidenceScores": {"dob": -1}}


@pytest.mark.parametrize("wrapper", ["ParseResult", "ParseImageResult", None])
def test_legacy_reply_wrapped_or_bare(wrapper: str | None) -> None:
    result = parse_legacy_reply(legacy_reply(wrapper=wrapper))
    assert isinstance(result, ParseImageResult)
    assert result.driver_license is not None
    assert result.driver_license.birthdate == "1989-12-24"
    assert result.driver_license.hazmat_exp_date is None


def test_enums_carry_documented_strings() -> None:
    assert [s.label for s in StatusCode] == ["Failed", "Passed", "Flagged", "Undefined"]
    assert [m.label for m in MatchStatus] == ["None", "No Match", "Partial Match", "Match"]


def test_every_model_field_is_described() -> None:
    import inspect

    from kiosk_app.api import models

    for _, cls in inspect.getmembers(models, inspect.isclass):
        if issubclass(cls, models.BaseModel) and cls.__module__ == models.__name__:  # type: ignore[attr-defined]
            for name, info in cls.model_fields.items():
                assert info.description, f"{cls.__name__}.{name} has no description"


def test_check_element_rejects_number_where_string_belongs() -> None:
    element = canada_element()
    element["error"]["message"] = 12
    from kiosk_app.api.errors import BadReplyError

    with pytest.raises(BadReplyError):
        parse_check_reply([element])
    assert CheckResponseElement.model_fields["success"].is_required()
