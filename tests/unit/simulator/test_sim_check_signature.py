"""Digital signature check over real HTTP, driven by the demo samples and altered copies."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kiosk_app.simulator.samples import SAMPLES, SAMPLES_BY_KEY
from tests.unit.simulator.sim_http import (
    SIGNATURE_ID,
    check_element,
    fields_by_name,
    raw_result,
    signature_body,
)

SIGNATURE_SAMPLES = [s for s in SAMPLES if s.check == "signature"]


@pytest.mark.parametrize("sample", SIGNATURE_SAMPLES, ids=lambda s: s.key)
def test_each_signature_sample_gives_its_documented_status(simulator: Any, sample: Any) -> None:
    element = check_element(simulator.base_url, signature_body(sample.payload))
    assert element["success"] is True
    assert element["serviceVerificationResult"]["statusCode"] == sample.expected_status
    assert element["service"]["id"] == SIGNATURE_ID
    assert element["service"]["isMultipleProfiles"] is False


def test_valid_sample_reports_valid_and_not_revoked(simulator: Any) -> None:
    element = check_element(
        simulator.base_url, signature_body(SAMPLES_BY_KEY["signature-valid"].payload)
    )
    fields = fields_by_name(element)
    assert fields["IDNumber"]["matchStatusCode"] == 3
    assert fields["IDNumber"]["message"] == "Document is Valid"
    assert fields["RevocationStatus"]["value"] == "Not Revoked"
    assert fields["RevocationStatus"]["message"] == "Document is Not Revoked"
    assert fields["LastName"]["value"] == "RIVERS"
    assert fields["BirthDate"]["value"] == "04/17/1991"
    assert {f["matchStatusCode"] for f in fields.values()} == {3}
    assert raw_result(element) == {
        "DMVDigitalSignatureVerificationResult": {
            "ValidationResult": {"IsValid": True},
            "RevocationResult": {"IsRevoked": False},
        }
    }


def test_revoked_sample(simulator: Any) -> None:
    element = check_element(
        simulator.base_url, signature_body(SAMPLES_BY_KEY["signature-revoked"].payload)
    )
    fields = fields_by_name(element)
    assert fields["IDNumber"]["message"] == "Document is Valid"
    assert fields["RevocationStatus"]["value"] == "Revoked"
    assert fields["RevocationStatus"]["matchStatusCode"] == 1
    assert fields["RevocationStatus"]["message"] == "Document is Revoked"
    raw = raw_result(element)["DMVDigitalSignatureVerificationResult"]
    assert raw == {"ValidationResult": {"IsValid": True}, "RevocationResult": {"IsRevoked": True}}
    assert element["serviceVerificationResult"] == {"statusCode": 0, "statusString": "Failed"}


@pytest.mark.parametrize("position", [45, 60, 120, 200, 250])
def test_changing_one_character_makes_the_document_not_valid(simulator: Any, position: int) -> None:
    payload = bytearray(SAMPLES_BY_KEY["signature-valid"].payload)
    original = payload[position]
    payload[position] = ord("X") if original != ord("X") else ord("Y")
    element = check_element(simulator.base_url, signature_body(bytes(payload)))
    fields = fields_by_name(element)
    assert fields["IDNumber"]["matchStatusCode"] == 1
    assert fields["IDNumber"]["message"] == "Document is Not Valid"
    assert element["serviceVerificationResult"]["statusCode"] == 0
    raw = raw_result(element)["DMVDigitalSignatureVerificationResult"]
    assert raw["ValidationResult"]["IsValid"] is False
    assert {f["matchStatusCode"] for f in fields.values()} <= {1, 3}


def test_unsigned_aamva_payload_is_not_valid(simulator: Any, corpus_dir: Any) -> None:
    payload = (corpus_dir / "aamva/c0shea-IdParser/CO 2013.txt").read_bytes()
    element = check_element(simulator.base_url, signature_body(payload))
    assert fields_by_name(element)["IDNumber"]["message"] == "Document is Not Valid"
    assert element["serviceVerificationResult"]["statusCode"] == 0


@pytest.mark.parametrize("text", ["hello world", "@\n\x1e\rANSI 63", "DAQ123\nDCSX"])
def test_non_aamva_track_string_is_undefined(simulator: Any, text: str) -> None:
    body = {"services": [SIGNATURE_ID], "trackString": text}
    element = check_element(simulator.base_url, body)
    assert element["success"] is True
    assert element["serviceVerificationResult"] == {"statusCode": 3, "statusString": "Undefined"}
    assert element["profiles"][0]["data"] == []
    raw = json.loads(element["profiles"][0]["serviceResponseRaw"])
    assert raw["DMVDigitalSignatureVerificationResult"]["ValidationResult"]["IsValid"] is False


@pytest.mark.parametrize(
    ("track", "message"),
    [
        ("", "Required field TrackString is empty"),
        (None, "Required field TrackString is empty"),
        (12, "Field TrackString must be a string"),
    ],
)
def test_missing_track_string_is_success_false(simulator: Any, track: Any, message: str) -> None:
    element = check_element(simulator.base_url, {"services": [SIGNATURE_ID], "trackString": track})
    assert element["success"] is False
    assert element["error"]["message"] == message
    assert element["profiles"] is None


def test_service_id_matches_case_insensitively(simulator: Any) -> None:
    body = signature_body(SAMPLES_BY_KEY["signature-valid"].payload)
    body["services"] = [SIGNATURE_ID.upper()]
    element = check_element(simulator.base_url, body)
    assert element["serviceVerificationResult"]["statusCode"] == 1
