"""DVS verify (barcode-only parse) over real HTTP."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from kiosk_app.simulator.samples import SAMPLES_BY_KEY, render_sample_png
from tests.unit.simulator.sim_http import VERIFY, b64, post_text_json

PARSE_SAMPLE = SAMPLES_BY_KEY["dvs-parse"]
SETTINGS = {
    "isOCREnabled": False,
    "isBackOrSecondImageProcessingEnabled": True,
    "isFaceMatchEnabled": False,
}
DOCUMENT_MEMBERS = {
    "abbr3Country", "abbrCountry", "address", "city", "class", "country", "dob", "expires",
    "eyes", "familyName", "firstName", "fullName", "gender", "hair", "height", "id", "idType",
    "issued", "middleName", "postalBox", "state", "issuedBy", "weight", "zip", "ssn",
}  # fmt: skip


def dvs_body(data: str | None, image: str | None = None, **extra: Any) -> dict[str, Any]:
    """The documented barcode-only verify body."""
    body: dict[str, Any] = {
        "documentType": 1,
        "frontImageBase64": None,
        "backOrSecondImageBase64": image,
        "faceImageBase64": None,
        "trackString": {"data": data, "barcodeParams": b64(b'{"format":"PDF417"}')},
        "overriddenSettings": SETTINGS,
        "captureMethod": "kiosk-barcode",
        "userAgent": "kiosk-tests",
    }
    body.update(extra)
    return body


def test_track_string_is_parsed_into_document(simulator: Any) -> None:
    reply = post_text_json(simulator.base_url + VERIFY, dvs_body(b64(PARSE_SAMPLE.payload)))
    assert reply.status_code == 200, reply.text
    result = reply.json()
    assert re.fullmatch(r"[0-9a-f-]{36}", result["requestId"])
    document = result["document"]
    assert set(document) == DOCUMENT_MEMBERS
    assert all(isinstance(value, str) for value in document.values())
    assert document["id"] == "WDL4XK92P1ZB"
    assert (document["firstName"], document["middleName"], document["familyName"]) == (
        "MEI",
        "LIN",
        "TAN",
    )
    assert document["dob"] == "1996-02-29"
    assert document["expires"] == "2031-02-28"
    assert (document["state"], document["abbr3Country"], document["gender"]) == (
        "WA",
        "USA",
        "Female",
    )
    verification = result["documentVerificationResult"]
    assert verification["isPdf417Success"] is True
    assert verification["isDriversLicenseRealID"] is True
    request_data = result["requestData"]
    assert request_data["documentType"] == 1
    assert request_data["trackString"]["data"] == b64(PARSE_SAMPLE.payload)
    assert request_data["metadata"]["captureMethod"] == "kiosk-barcode"
    assert request_data["settings"]["isBackOrSecondImageProcessingEnabled"] is True
    assert set(result["images"]) >= {"frontImage", "faceImage", "signatureImage"}
    assert result["externalVerificationResults"] == [] and result["authenticationResults"] == []


def test_canadian_sample_reads_canadian_dates(simulator: Any) -> None:
    sample = SAMPLES_BY_KEY["canada-passed"]
    document = post_text_json(simulator.base_url + VERIFY, dvs_body(b64(sample.payload))).json()[
        "document"
    ]
    assert (document["dob"], document["abbr3Country"], document["state"]) == (
        "1989-12-24",
        "CAN",
        "PE",
    )


def test_back_image_alone_is_decoded(simulator: Any) -> None:
    image = b64(render_sample_png(PARSE_SAMPLE, scale=2))
    body = dvs_body(None, image, trackString=None)
    reply = post_text_json(simulator.base_url + VERIFY, body)
    assert reply.status_code == 200, reply.text
    assert reply.json()["document"]["id"] == "WDL4XK92P1ZB"


def test_specimen_photo_of_a_real_card_back(simulator: Any, corpus_dir: Path) -> None:
    jpeg = (corpus_dir / "images/ca-dmv-specimen/reverse_side_sample.jpg").read_bytes()
    reply = post_text_json(simulator.base_url + VERIFY, dvs_body(None, b64(jpeg)))
    assert reply.status_code == 200, reply.text
    assert reply.json()["document"]["state"] == "CA"


def error_of(reply: Any) -> dict[str, Any]:
    """The vendor error body of a refused request (asserting its shape)."""
    assert reply.status_code == 400, reply.text
    body: dict[str, Any] = reply.json()
    assert set(body) == {"code", "message", "propertyErrors", "multipleErrors"}
    return body


def test_neither_image_nor_track_string_is_400(simulator: Any) -> None:
    body = dvs_body(None, None)
    error = error_of(post_text_json(simulator.base_url + VERIFY, body))
    assert error["code"] == "BackImageOrTrackStringNotPresentError"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (dvs_body("***not base64***"), "ValidationError"),
        (dvs_body(None, "@@@"), "ValidationError"),
        (dvs_body(b64(b"not a licence at all")), "PDF417Error"),
        (dvs_body(None, b64(b"not an image")), "PDF417Error"),
        (dvs_body(b64(PARSE_SAMPLE.payload), documentType=2), "ValidationError"),
        (dvs_body(b64(PARSE_SAMPLE.payload), documentType="1"), "ValidationError"),
        (
            dvs_body(b64(PARSE_SAMPLE.payload), overriddenSettings={"isOCREnabled": True}),
            "FrontImageRequiredError",
        ),
        ([1, 2, 3], "ValidationError"),
        (b"{broken", "ValidationError"),
    ],
)
def test_refused_requests(simulator: Any, body: Any, code: str) -> None:
    assert error_of(post_text_json(simulator.base_url + VERIFY, body))["code"] == code


def test_verify_requires_bearer(simulator: Any) -> None:
    body = dvs_body(b64(PARSE_SAMPLE.payload))
    assert post_text_json(simulator.base_url + VERIFY, body, token=None).status_code == 401
    assert post_text_json(simulator.base_url + VERIFY, body, token="nope").status_code == 401


def test_verify_rejects_non_json_media_type(simulator: Any) -> None:
    body = dvs_body(b64(PARSE_SAMPLE.payload))
    reply = post_text_json(simulator.base_url + VERIFY, body, content_type="text/plain")
    assert reply.status_code == 415
