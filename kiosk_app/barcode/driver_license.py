"""The interface's section 2.8 ``DriverLicense`` shape: a licence's fields under their wire names.

It lives with the barcode layer because the local AAMVA parser produces it
(:meth:`kiosk_app.barcode.licence.LicenceRecord.driver_license`); the service models
(:mod:`kiosk_app.api.models`, the legacy parsing reply) use the same class, so ``barcode`` never
imports ``api``. PascalCase members through aliases, unknown members kept, like the other
PascalCase shapes of the interface.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class DriverLicense(BaseModel):
    """Section 2.8 ``DriverLicense``: parsed licence fields; dates are yyyy-MM-dd strings."""

    model_config = ConfigDict(extra="allow", populate_by_name=True, serialize_by_alias=True)

    address1: str | None = Field(None, alias="Address1", description="Street address, line 1")
    address2: str | None = Field(None, alias="Address2", description="Street address, line 2")
    birthdate: str | None = Field(None, alias="Birthdate", description="Date of birth, yyyy-MM-dd")
    card_revision_date: str | None = Field(
        None, alias="CardRevisionDate", description="Card design revision date, yyyy-MM-dd"
    )
    city: str | None = Field(None, alias="City", description="City of the address")
    classification_code: str | None = Field(
        None, alias="ClassificationCode", description="Standard vehicle classification"
    )
    compliance_type: str | None = Field(
        None, alias="ComplianceType", description="REAL ID compliance type (F, N, ...)"
    )
    country: str | None = Field(None, alias="Country", description="Country name")
    country_code: str | None = Field(None, alias="CountryCode", description='"USA" or "CAN"')
    document_type: str | None = Field(None, alias="DocumentType", description='"DL" or "ID"')
    endorsement_code_description: str | None = Field(
        None, alias="EndorsementCodeDescription", description="Endorsements, in words"
    )
    endorsements_code: str | None = Field(
        None, alias="EndorsementsCode", description="Jurisdiction endorsement codes"
    )
    expiration_date: str | None = Field(
        None, alias="ExpirationDate", description="Expiry date, yyyy-MM-dd"
    )
    eye_color: str | None = Field(None, alias="EyeColor", description="Eye colour code")
    first_name: str | None = Field(None, alias="FirstName", description="First name")
    full_name: str | None = Field(None, alias="FullName", description="Full name")
    gender: str | None = Field(None, alias="Gender", description="Sex as printed")
    hazmat_exp_date: str | None = Field(
        None, alias="HAZMATExpDate", description="HAZMAT endorsement expiry (nullable)"
    )
    hair_color: str | None = Field(None, alias="HairColor", description="Hair colour code")
    height: str | None = Field(None, alias="Height", description="Height as encoded")
    iin: str | None = Field(None, alias="IIN", description="Issuer identification number")
    issue_date: str | None = Field(None, alias="IssueDate", description="Issue date, yyyy-MM-dd")
    issued_by: str | None = Field(None, alias="IssuedBy", description="Issuing jurisdiction code")
    jurisdiction_code: str | None = Field(
        None, alias="JurisdictionCode", description="Jurisdiction of the address"
    )
    last_name: str | None = Field(None, alias="LastName", description="Family name")
    license_number: str | None = Field(
        None, alias="LicenseNumber", description="Customer ID / licence number"
    )
    limited_duration_document: str | None = Field(
        None, alias="LimitedDurationDocument", description="Limited duration indicator (nullable)"
    )
    middle_name: str | None = Field(None, alias="MiddleName", description="Middle name(s)")
    name_prefix: str | None = Field(None, alias="NamePrefix", description="Name prefix")
    name_suffix: str | None = Field(None, alias="NameSuffix", description="Name suffix")
    organ_donor: str | None = Field(
        None, alias="OrganDonor", description="Organ donor indicator (nullable)"
    )
    postal_box: str | None = Field(None, alias="PostalBox", description="Postal box")
    postal_code: str | None = Field(None, alias="PostalCode", description="Postal code")
    race: str | None = Field(None, alias="Race", description="Race / ethnicity code")
    restriction_code: str | None = Field(
        None, alias="RestrictionCode", description="Restriction codes"
    )
    restriction_code_description: str | None = Field(
        None, alias="RestrictionCodeDescription", description="Restrictions, in words"
    )
    vehicle_class_code: str | None = Field(
        None, alias="VehicleClassCode", description="Jurisdiction vehicle class"
    )
    vehicle_class_code_description: str | None = Field(
        None, alias="VehicleClassCodeDescription", description="Vehicle class, in words"
    )
    veteran: str | None = Field(None, alias="Veteran", description="Veteran indicator (nullable)")
    weight_kg: str | None = Field(None, alias="WeightKG", description="Weight in kilograms")
    weight_lbs: str | None = Field(None, alias="WeightLBS", description="Weight in pounds")
