"""Pydantic v2 models, one per documented shape of the verification interface.

Conventions: members keep the interface's own names through aliases (camelCase for v4,
PascalCase for raw results and the legacy service); unknown members are tolerated and kept
(``extra="allow"``); absent or null optional members are ``None``.
"""

from __future__ import annotations

from datetime import datetime
from enum import IntEnum
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from kiosk_app.api.outcome import MatchCategory
from kiosk_app.barcode.driver_license import DriverLicense

_RawT = TypeVar("_RawT", bound=BaseModel)


class PascalModel(BaseModel):
    """Base of PascalCase shapes (raw results, legacy service): tolerant, keeps unknown members."""

    model_config = ConfigDict(extra="allow", populate_by_name=True, serialize_by_alias=True)


# --------------------------------------------------------------------------------------------
# Enums carrying the documented strings
# --------------------------------------------------------------------------------------------


class StatusCode(IntEnum):
    """Section 3: ``serviceVerificationResult.statusCode`` with its documented ``statusString``."""

    FAILED = 0
    PASSED = 1
    FLAGGED = 2
    UNDEFINED = 3

    @property
    def label(self) -> str:
        """The documented ``statusString``."""
        return self.name.capitalize()


# Section 2.3: ``matchStatusCode`` with its documented ``matchStatusString`` (``.label``): the
# same codes as the outcome's per-field category, so one enum serves both.
MatchStatus = MatchCategory


# A documented code becomes its enum member; a code a future service adds stays a plain int.
StatusCodeValue = Annotated[StatusCode | int, Field(union_mode="left_to_right")]
MatchStatusValue = Annotated[MatchStatus | int, Field(union_mode="left_to_right")]


class CamelModel(BaseModel):
    """Base of camelCase shapes (v4 check, DVS): tolerant, keeps unknown members."""

    model_config = ConfigDict(
        extra="allow", populate_by_name=True, alias_generator=to_camel, serialize_by_alias=True
    )


# --------------------------------------------------------------------------------------------
# Check requests (sections 2.1, 2.2)
# --------------------------------------------------------------------------------------------


class CanadaCheckRequest(CamelModel):
    """Section 2.1: Canadian registry verification request body."""

    model_config = ConfigDict(extra="forbid")

    date_of_births: str = Field(alias="dateOfBirths", description="Date of birth, yyyy-MM-dd")
    issued_by: str = Field(description="Two-letter province or territory code")
    services: list[str] = Field(
        min_length=1, max_length=1, description="Exactly one id: the Canadian service"
    )
    driver_license_number: str = Field(description="Licence number as issued by the province")
    driver_license_class: str | None = Field(
        None, max_length=2, description="Optional licence class, at most 2 characters"
    )
    metadata: dict[str, Any] | None = Field(
        None, description="Free key-value pairs echoed back unchanged"
    )


class SignatureCheckRequest(CamelModel):
    """Section 2.2: digital signature verification request body."""

    model_config = ConfigDict(extra="forbid")

    services: list[str] = Field(
        min_length=1, max_length=1, description="Exactly one id: the signature service"
    )
    track_string: str = Field(min_length=1, description="Raw PDF417 barcode string")


# --------------------------------------------------------------------------------------------
# Check response (section 2.3)
# --------------------------------------------------------------------------------------------


class RequestDetail(CamelModel):
    """``requestDetail``: the service's own request id and time."""

    request_log_id: int | None = Field(None, description="Request id assigned by the service")
    request_date_utc: datetime | None = Field(None, description="Time the request was sent (UTC)")


class CheckError(CamelModel):
    """``error``: filled when ``success`` is false."""

    message: str | None = Field(None, description="Error text when success is false")
    trace_id: str | None = Field(None, description="Trace identifier when success is false")


class ServiceInfo(CamelModel):
    """``service``: which service ran (id in lower case)."""

    id: str | None = Field(None, description="Service GUID (lower case in replies)")
    name: str | None = Field(None, description="Service name")
    description: str | None = Field(None, description="Service description")
    is_multiple_profiles: bool | None = Field(None, description="false for both services here")


class LocationInfo(CamelModel):
    """``location``: not used by these services (null members)."""

    location_id: str | None = Field(None, description="Not used (null)")
    read_only_access_location_ids: list[Any] | None = Field(None, description="Not used (null)")


class ServiceVerificationResult(CamelModel):
    """``serviceVerificationResult``: the overall status (section 3)."""

    status_code: StatusCodeValue = Field(description="Overall status code, see section 3")
    status_string: str | None = Field(None, description="Overall status text, see section 3")


class FieldResult(CamelModel):
    """One element of ``profiles[].data``: a per-field match result."""

    field_name: str | None = Field(None, description="Field name, e.g. IDNumber, BirthDate")
    caption: str | None = Field(None, description="Human-readable label")
    field_type: str | None = Field(None, description="Always String for both services")
    value: str | None = Field(None, description="Value from the request or the jurisdiction")
    value_string: str | None = Field(None, description="String form of value")
    match_status_code: MatchStatusValue | None = Field(None, description="Match result code")
    match_status_string: str | None = Field(None, description="Text of matchStatusCode")
    message: str | None = Field(None, description="Extra message from the jurisdiction")
    score: int | None = Field(None, description="Always 0 for these services")


class Profile(CamelModel):
    """One element of ``profiles``: the raw result string and the per-field data."""

    service_response_raw: str | None = Field(
        None, description="Raw result of the underlying service: a JSON document as a string"
    )
    data: list[FieldResult] | None = Field(None, description="Per-field match results")


class CheckResponseElement(CamelModel):
    """Section 2.3: one element of the check reply array."""

    request_detail: RequestDetail | None = Field(None, description="Service request id and time")
    metadata: dict[str, Any] | None = Field(None, description="Echo of the request metadata")
    success: bool = Field(description="true when the check completed")
    error: CheckError | None = Field(None, description="Error when success is false")
    service: ServiceInfo | None = Field(None, description="The service that ran")
    location: LocationInfo | None = Field(None, description="Not used by these services")
    service_verification_result: ServiceVerificationResult | None = Field(
        None, description="Overall status (section 3)"
    )
    profiles: list[Profile] | None = Field(None, description="Profiles (one when documented)")


# --------------------------------------------------------------------------------------------
# Canadian raw result (section 2.4)
# --------------------------------------------------------------------------------------------


class MatchCode(PascalModel):
    """``{Code, CodeString}`` inside ``ServiceMatchResult``."""

    code: MatchStatusValue | None = Field(None, alias="Code", description="Match status code")
    code_string: str | None = Field(None, alias="CodeString", description="Match status text")


def _pascal(name: str) -> Any:
    """An optional PascalCase member typed as anything JSON, with its interface name."""
    return Field(None, alias=name, description=f"Raw member {name}")


class ServiceMatchResult(PascalModel):
    """Section 2.4 item 4: per-member match results of the Canadian raw result."""

    first_name: MatchCode | None = Field(None, alias="FirstNameMatchResult", description="First")
    last_name: MatchCode | None = Field(None, alias="LastNameMatchResult", description="Last")
    middle_name: MatchCode | None = Field(None, alias="MiddleNameMatchResult", description="Mid")
    full_name: MatchCode | None = Field(None, alias="FullNameMatchResult", description="Full")
    birth_date: MatchCode | None = Field(None, alias="BirthDateMatchResult", description="DOB")
    person_sex: MatchCode | None = Field(None, alias="PersonSexMatchResult", description="Sex")
    address: MatchCode | None = Field(None, alias="AddressMatchResult", description="Address")
    city: MatchCode | None = Field(None, alias="CityMatchResult", description="City")
    state: MatchCode | None = Field(None, alias="StateMatchResult", description="State")
    postal_code: MatchCode | None = Field(None, alias="PostalCodeMatchResult", description="Zip")
    id_number: MatchCode | None = Field(None, alias="IDNumberMatchResult", description="Number")
    document_type: MatchCode | None = Field(
        None, alias="DocumentTypeMatchResult", description="Document type"
    )
    issued_by: MatchCode | None = Field(None, alias="IssuedByMatchResult", description="Issuer")


class LicenseVerificationResult(PascalModel):
    """``LicenseVerificationResult``: ``{Status, Code, Message}`` (Valid / 1 observed)."""

    status: str | None = Field(None, alias="Status", description="e.g. Valid")
    code: int | None = Field(None, alias="Code", description="e.g. 1 for a valid licence")
    message: str | None = Field(None, alias="Message", description="Verification message")


class CanadianDriverLicenseVerificationResult(PascalModel):
    """Section 2.4 item 5."""

    license_verification_result: LicenseVerificationResult | None = Field(
        None, alias="LicenseVerificationResult", description="Licence status"
    )
    license_class_verification_status: str | None = Field(
        None, alias="LicenseClassVerificationStatus", description="e.g. Class Match"
    )
    current_license_classes: str | None = Field(
        None, alias="CurrentLicenseClasses", description="Comma-separated classes"
    )


class CanadaRawResult(PascalModel):
    """Section 2.4 item 3: the Canadian ``serviceResponseRaw`` document (PascalCase keys)."""

    internal_id: Any = _pascal("InternalId")
    first_name: str | None = Field(None, alias="FirstName", description="First name")
    middle_name: str | None = Field(None, alias="MiddleName", description="Middle name")
    last_name: str | None = Field(None, alias="LastName", description="Last name")
    full_name: str | None = Field(None, alias="FullName", description="Full name")
    date_of_births: Any = _pascal("DateOfBirths")
    sex: Any = _pascal("Sex")
    address: Any = _pascal("Address")
    country_name: Any = _pascal("CountryName")
    country_code: Any = _pascal("CountryCode")
    street1: Any = _pascal("Street1")
    street2: Any = _pascal("Street2")
    city: Any = _pascal("City")
    state: Any = _pascal("State")
    issued_by: Any = _pascal("IssuedBy")
    postal_code: Any = _pascal("PostalCode")
    county: Any = _pascal("County")
    conviction_type: Any = _pascal("Convictiontype")
    aliases: Any = _pascal("Aliases")
    offenses: Any = _pascal("Offenses")
    additional_addresses: Any = _pascal("AdditionalAddresses")
    additional_birth_dates: Any = _pascal("AdditionalBirthDates")
    birth_places: Any = _pascal("BirthPlaces")
    identifiers: Any = _pascal("Identifiers")
    nationalities: Any = _pascal("Nationalities")
    service_match_result: ServiceMatchResult | None = Field(
        None, alias="ServiceMatchResult", description="Per-member match results"
    )
    photo_url: Any = _pascal("PhotoUrl")
    source: Any = _pascal("Source")
    other_information: Any = _pascal("OtherInformation")
    id_number: Any = _pascal("IDNumber")
    document_type: Any = _pascal("DocumentType")
    ssn: Any = _pascal("Ssn")
    questions: Any = _pascal("Questions")
    current_license_classes: Any = _pascal("CurrentLicenseClasses")
    identi_check_validation_result: int | None = Field(
        None, alias="IdentiCheckValidationResult", description="Integer validation result"
    )
    verification_result: Any = _pascal("VerificationResult")
    driver_license_verification_result: Any = _pascal("DriverLicenseVerificationResult")
    canadian_driver_license_verification_result: CanadianDriverLicenseVerificationResult | None = (
        Field(None, alias="CanadianDriverLicenseVerificationResult", description="Licence result")
    )


# --------------------------------------------------------------------------------------------
# Digital signature raw result (section 2.5)
# --------------------------------------------------------------------------------------------


class SignatureValidationResult(PascalModel):
    """``ValidationResult``: whether the signature verified."""

    is_valid: bool | None = Field(None, alias="IsValid", description="Signature is valid")


class SignatureRevocationResult(PascalModel):
    """``RevocationResult``: whether the document is revoked."""

    is_revoked: bool | None = Field(None, alias="IsRevoked", description="Document is revoked")


class DmvDigitalSignatureVerificationResult(PascalModel):
    """``DMVDigitalSignatureVerificationResult`` with its two sub-objects."""

    validation_result: SignatureValidationResult | None = Field(
        None, alias="ValidationResult", description="Signature validity"
    )
    revocation_result: SignatureRevocationResult | None = Field(
        None, alias="RevocationResult", description="Revocation status"
    )


class SignatureRawResult(PascalModel):
    """Section 2.5 item 4: the digital-signature ``serviceResponseRaw`` document."""

    dmv_digital_signature_verification_result: DmvDigitalSignatureVerificationResult | None = Field(
        None, alias="DMVDigitalSignatureVerificationResult", description="Result object"
    )


# --------------------------------------------------------------------------------------------
# Document verification endpoint (sections 2.6, 2.7; error body from vendor-examples.md)
# --------------------------------------------------------------------------------------------


class DvsTrackString(CamelModel):
    """``trackString``: base64 barcode data and base64 barcode parameters."""

    data: str | None = Field(None, description="Base64 of the barcode payload bytes")
    barcode_params: str | None = Field(None, description="Base64 barcode parameters")


class DvsOverriddenSettings(CamelModel):
    """``overriddenSettings``: which processing steps run."""

    is_ocr_enabled: bool | None = Field(None, alias="isOCREnabled", description="OCR on/off")
    is_back_or_second_image_processing_enabled: bool | None = Field(
        None, description="Back image processing on/off"
    )
    is_face_match_enabled: bool | None = Field(None, description="Face match on/off")


class DvsRequest(CamelModel):
    """Section 2.6: the document verification request body."""

    document_type: int = Field(description="Document type selector (1 = ID)")
    front_image_base64: str | None = Field(None, description="Base64 front image")
    back_or_second_image_base64: str | None = Field(None, description="Base64 back image")
    face_image_base64: str | None = Field(None, description="Base64 face image")
    track_string: DvsTrackString = Field(description="Barcode data and parameters")
    overridden_settings: DvsOverriddenSettings = Field(description="Processing switches")
    capture_method: str = Field(description="Capture method label")
    user_agent: str = Field(description="Client user-agent label")


class DvsDocument(CamelModel):
    """``document``: the parsed document fields (all strings)."""

    abbr3_country: str | None = Field(None, alias="abbr3Country", description="ISO alpha-3")
    abbr_country: str | None = Field(None, description="ISO alpha-2 country")
    address: str | None = Field(None, description="Street address")
    city: str | None = Field(None, description="City")
    class_: str | None = Field(None, alias="class", description="Licence class")
    country: str | None = Field(None, description="Country")
    dob: str | None = Field(None, description="Date of birth")
    expires: str | None = Field(None, description="Expiry date")
    eyes: str | None = Field(None, description="Eye colour")
    family_name: str | None = Field(None, description="Family name")
    first_name: str | None = Field(None, description="First name")
    full_name: str | None = Field(None, description="Full name")
    gender: str | None = Field(None, description="Sex")
    hair: str | None = Field(None, description="Hair colour")
    height: str | None = Field(None, description="Height")
    id: str | None = Field(None, description="Document number")
    id_type: str | None = Field(None, description="Document type")
    issued: str | None = Field(None, description="Issue date")
    middle_name: str | None = Field(None, description="Middle name")
    postal_box: str | None = Field(None, description="Postal box")
    state: str | None = Field(None, description="State / province")
    issued_by: str | None = Field(None, description="Issuing jurisdiction")
    weight: str | None = Field(None, description="Weight")
    zip: str | None = Field(None, description="Postal code")
    ssn: str | None = Field(None, description="Social security number (US)")


class DvsDocumentVerificationResult(CamelModel):
    """``documentVerificationResult`` (more members may appear, e.g. ``isInvalidated``)."""

    is_document_expired: bool | None = Field(None, description="Document is expired")
    is_ocr_success: bool | None = Field(None, alias="isOcrSuccess", description="OCR succeeded")
    is_pdf417_success: bool | None = Field(
        None, alias="isPdf417Success", description="Barcode parsed"
    )
    is_mrz_success: bool | None = Field(None, alias="isMrzSuccess", description="MRZ read")
    is_third_party_success: bool | None = Field(None, description="Third-party check passed")
    is_drivers_license_real_id: bool | None = Field(
        None, alias="isDriversLicenseRealID", description="REAL ID compliant"
    )
    document_confidence: float | None = Field(None, description="Confidence score")


class DvsResponse(CamelModel):
    """Section 2.7: the document verification reply (nested extras kept as plain JSON)."""

    request_id: str | None = Field(None, description="Request GUID")
    document: DvsDocument | None = Field(None, description="Parsed document fields")
    document_verification_result: DvsDocumentVerificationResult | None = Field(
        None, description="Document verification results"
    )
    face_match_verification_result: dict[str, Any] | None = Field(None, description="Face")
    anti_spoofing_verification_result: dict[str, Any] | None = Field(None, description="Spoof")
    external_verification_results: list[Any] | None = Field(None, description="External")
    authentication_results: list[Any] | None = Field(None, description="Authentication")
    request_data: dict[str, Any] | None = Field(None, description="Echo of the request data")
    images: dict[str, Any] | None = Field(None, description="Processed images (base64)")


class DvsErrorBody(CamelModel):
    """DVS error body (HTTP 400; HTTP 500 carries code ``ApiError``)."""

    code: str | None = Field(None, description="e.g. ValidationError, PDF417Error, ApiError")
    message: str | None = Field(None, description="Error text")
    property_errors: dict[str, Any] | None = Field(None, description="Per-property errors")
    multiple_errors: list[Any] | None = Field(None, description="Several errors")


# --------------------------------------------------------------------------------------------
# Legacy parsing service (section 2.8; Parse reply from vendor-examples.md)
# --------------------------------------------------------------------------------------------


class ValidationCode(PascalModel):
    """``ValidationCode``: numeric-string error codes and a validity flag."""

    errors: list[str] | None = Field(None, alias="Errors", description="Numeric error codes")
    is_valid: bool | None = Field(None, alias="IsValid", description="Input was valid")


class ParseImageResult(PascalModel):
    """Section 2.8: the legacy parse result (image; the text Parse reply has the same members)."""

    confidence: int | None = Field(None, alias="Confidence", description="Parse confidence")
    driver_license: DriverLicense | None = Field(
        None, alias="DriverLicense", description="Parsed licence fields"
    )
    error_message: str | None = Field(None, alias="ErrorMessage", description="OK on success")
    reference: str | None = Field(None, alias="Reference", description="Service reference")
    success: bool | None = Field(None, alias="Success", description="Parse succeeded")
    validation_code: ValidationCode | None = Field(
        None, alias="ValidationCode", description="Validation errors"
    )


class ParseReply(PascalModel):
    """Legacy text Parse reply as public clients read it: ``{"ParseResult": {...}}``."""

    parse_result: ParseImageResult = Field(alias="ParseResult", description="The parse result")


class ParseImageReply(PascalModel):
    """Legacy ParseImage reply when wrapped as ``{"ParseImageResult": {...}}``."""

    parse_image_result: ParseImageResult = Field(
        alias="ParseImageResult", description="The parse result"
    )


def parse_raw_result(raw: str | None, model: type[_RawT]) -> _RawT | None:
    """``serviceResponseRaw`` parsed into ``model``; ``None`` when absent or unreadable.

    The raw string is secondary information (the per-field ``data`` carries the verdict), so a
    raw document that does not parse is tolerated rather than failing the whole reply.
    """
    if not raw:
        return None
    try:
        return model.model_validate_json(raw)
    except (ValueError, RecursionError):
        return None


def canada_raw(profile: Profile) -> CanadaRawResult | None:
    """The Canadian raw result of a profile (original string stays in the profile)."""
    return parse_raw_result(profile.service_response_raw, CanadaRawResult)


def signature_raw(profile: Profile) -> SignatureRawResult | None:
    """The digital-signature raw result of a profile (original string stays in the profile)."""
    return parse_raw_result(profile.service_response_raw, SignatureRawResult)
