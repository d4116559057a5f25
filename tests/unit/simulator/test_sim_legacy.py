"""Legacy Parse and ParseImage over real HTTP."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kiosk_app.simulator.samples import SAMPLES_BY_KEY, render_sample_png
from tests.unit.simulator.sim_http import PARSE, PARSE_IMAGE, b64, post_text_json

DRIVER_LICENSE_MEMBERS = {
    "Address1", "Address2", "Birthdate", "CardRevisionDate", "City", "ClassificationCode",
    "ComplianceType", "Country", "CountryCode", "DocumentType", "EndorsementCodeDescription",
    "EndorsementsCode", "ExpirationDate", "EyeColor", "FirstName", "FullName", "Gender",
    "HAZMATExpDate", "HairColor", "Height", "IIN", "IssueDate", "IssuedBy", "JurisdictionCode",
    "LastName", "LicenseNumber", "LimitedDurationDocument", "MiddleName", "NamePrefix",
    "NameSuffix", "OrganDonor", "PostalBox", "PostalCode", "Race", "RestrictionCode",
    "RestrictionCodeDescription", "VehicleClassCode", "VehicleClassCodeDescription", "Veteran",
    "WeightKG", "WeightLBS",
}  # fmt: skip


def test_parse_barcode_text(simulator: Any) -> None:
    sample = SAMPLES_BY_KEY["signature-revoked"]
    body = {"authKey": "test", "text": b64(sample.payload)}
    reply = post_text_json(simulator.base_url + PARSE, body, token=None)
    assert reply.status_code == 200
    result = reply.json()["ParseResult"]
    assert result["Success"] is True
    assert result["ErrorMessage"] == "OK"
    assert result["ValidationCode"] == {"Errors": [], "IsValid": True}
    licence = result["DriverLicense"]
    assert set(licence) == DRIVER_LICENSE_MEMBERS
    assert licence["LicenseNumber"] == "40918273"
    assert (licence["FirstName"], licence["LastName"], licence["MiddleName"]) == (
        "SAMUEL",
        "OKAFOR",
        "",
    )
    assert licence["Birthdate"] == "1984-08-02"
    assert licence["ExpirationDate"] == "2030-08-02"
    assert (licence["IIN"], licence["CountryCode"], licence["Gender"]) == ("636015", "USA", "Male")
    assert licence["HAZMATExpDate"] is None


def test_parse_image_of_a_sample(simulator: Any) -> None:
    sample = SAMPLES_BY_KEY["canada-failed"]
    body = {"authKey": "test", "data": b64(render_sample_png(sample))}
    result = post_text_json(simulator.base_url + PARSE_IMAGE, body, token=None).json()
    result = result["ParseImageResult"]
    assert result["Success"] is True
    assert result["DriverLicense"]["LicenseNumber"] == "S4102-38475-60915"
    assert result["DriverLicense"]["Birthdate"] == "1990-03-15"
    assert result["DriverLicense"]["Country"] == "Canada"
    assert isinstance(result["Confidence"], int) and isinstance(result["Reference"], str)


def test_parse_image_of_the_specimen_photo(simulator: Any, corpus_dir: Path) -> None:
    jpeg = (corpus_dir / "images/ca-dmv-specimen/reverse_side_sample.jpg").read_bytes()
    body = {"authKey": "test", "data": b64(jpeg)}
    result = post_text_json(simulator.base_url + PARSE_IMAGE, body, token=None).json()
    assert result["ParseImageResult"]["Success"] is True
    assert result["ParseImageResult"]["DriverLicense"]["JurisdictionCode"] == "CA"


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        (PARSE, {"authKey": "wrong", "text": b64(b"x")}, "1"),
        (PARSE, {"text": b64(b"x")}, "1"),
        (PARSE, {"authKey": "test", "text": "%%%"}, "2"),
        (PARSE, {"authKey": "test", "text": b64(b"plain words")}, "3"),
        (PARSE_IMAGE, {"authKey": "test", "data": b64(b"not an image")}, "4"),
        (PARSE_IMAGE, {"authKey": "test"}, "5"),
        (PARSE, [1], "5"),
        (PARSE, b"{oops", "5"),
    ],
)
def test_failures_are_success_false(simulator: Any, path: str, body: Any, code: str) -> None:
    reply = post_text_json(simulator.base_url + path, body, token=None)
    assert reply.status_code == 200
    (result,) = reply.json().values()
    assert result["Success"] is False
    assert result["ErrorMessage"]
    assert result["ValidationCode"] == {"Errors": [code], "IsValid": False}
    assert result["DriverLicense"] is None


def test_bad_auth_key_is_reported(simulator: Any) -> None:
    sample = SAMPLES_BY_KEY["dvs-parse"]
    body = {"authKey": "nope", "data": b64(render_sample_png(sample))}
    result = post_text_json(simulator.base_url + PARSE_IMAGE, body, token=None).json()
    assert result["ParseImageResult"]["ErrorMessage"] == "Invalid authKey"
