"""Contract tests: the client against the embedded simulator over real HTTP, every endpoint and
every outcome the test token can produce (inputs from ``kiosk_app.simulator.samples``)."""

from __future__ import annotations

from typing import Any

import pytest

from kiosk_app.api.client import VerificationClient
from kiosk_app.api.errors import (
    ApiConnectionError,
    ApiTimeoutError,
    AuthenticationError,
    BadReplyError,
    ReplyTooLargeError,
    ServerError,
)
from kiosk_app.api.validation import CanadaCheckInput
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.samples import SAMPLES, SAMPLES_BY_KEY, Sample, render_sample_png

VERDICTS = {0: Verdict.FAILED, 1: Verdict.PASSED, 2: Verdict.FLAGGED, 3: Verdict.UNDEFINED}


def _client(url: str, token: str = "test", **options: Any) -> VerificationClient:
    return VerificationClient(
        base_url=url, dvs_url=url, parse_url=url, token=token, auth_key="test", **options
    )


def _run(client: VerificationClient, sample: Sample) -> Any:
    if sample.check == "signature":
        return client.check_signature(sample.payload)
    if sample.check == "canada":
        assert sample.canada is not None
        c = sample.canada
        return client.check_canada(
            CanadaCheckInput(c.licence_number, c.date_of_birth, c.province, c.licence_class)
        )
    return client.dvs_parse(sample.payload)


@pytest.mark.parametrize(
    "sample", [s for s in SAMPLES if s.check != "dvs-parse"], ids=lambda s: s.key
)
def test_every_check_outcome(simulator: Any, sample: Sample) -> None:
    outcome = _run(_client(simulator.base_url), sample).outcome
    assert outcome.test_mode
    if sample.expected_status is None:  # success: false
        assert outcome.error is not None and outcome.error.message and outcome.error.trace_id
        assert outcome.verdict is Verdict.UNDEFINED
        assert outcome.billable is False
        return
    assert outcome.error is None
    assert outcome.status_code == sample.expected_status
    assert outcome.verdict is VERDICTS[sample.expected_status]
    assert outcome.billable is (sample.expected_status != 3)
    if sample.expected_status != 3:
        assert outcome.fields, "per-field results are shown"
    else:
        assert outcome.advice


def test_signature_details(simulator: Any) -> None:
    client = _client(simulator.base_url)
    valid = client.check_signature(SAMPLES_BY_KEY["signature-valid"].payload).outcome
    tampered = client.check_signature(SAMPLES_BY_KEY["signature-tampered"].payload).outcome
    revoked = client.check_signature(SAMPLES_BY_KEY["signature-revoked"].payload).outcome
    assert (valid.signature_valid, valid.revoked) == (True, False)
    assert tampered.signature_valid is False
    assert (revoked.signature_valid, revoked.revoked) == (True, True)


def test_canada_undefined_carries_retry_advice(simulator: Any) -> None:
    outcome = _run(_client(simulator.base_url), SAMPLES_BY_KEY["canada-undefined"]).outcome
    assert outcome.retry_after_seconds == 900
    assert outcome.service is CheckKind.CANADA


def test_dvs_parse(simulator: Any) -> None:
    sample = SAMPLES_BY_KEY["dvs-parse"]
    result = _client(simulator.base_url).dvs_parse(sample.payload)
    assert result.outcome.verdict is Verdict.PASSED
    assert result.outcome.document
    assert result.results.document is not None


def test_legacy_parse_text_and_image(simulator: Any) -> None:
    sample = SAMPLES_BY_KEY["dvs-parse"]
    client = _client(simulator.base_url)
    text = client.legacy_parse(sample.payload).outcome
    image = client.legacy_parse_image(render_sample_png(sample)).outcome
    assert text.verdict is Verdict.PASSED
    assert image.verdict is Verdict.PASSED
    assert text.document.get("LastName") == image.document.get("LastName")
    assert text.document.get("LastName")


def test_legacy_wrong_key_is_an_error_outcome(simulator: Any) -> None:
    url = simulator.base_url
    client = VerificationClient(parse_url=url, token="test", auth_key="wrong-key")
    outcome = client.legacy_parse(SAMPLES_BY_KEY["dvs-parse"].payload).outcome
    assert outcome.error is not None
    assert outcome.verdict is Verdict.UNDEFINED


def test_wrong_token_is_an_authentication_error(simulator: Any) -> None:
    with pytest.raises(AuthenticationError):
        _client(simulator.base_url, token="not-the-token").check_signature(
            SAMPLES_BY_KEY["signature-valid"].payload
        )


def test_test_connection(simulator: Any) -> None:
    assert _client(simulator.base_url).test_connection().startswith("Connected")
    with pytest.raises(AuthenticationError):
        _client(simulator.base_url, token="nope").test_connection()


@pytest.mark.parametrize(
    ("faults", "error"),
    [
        (Faults(http_status=500), ServerError),
        (Faults(http_status=503, html_error=True), ServerError),
        (Faults(html_error=True), ServerError),
        (Faults(malformed_json=True), BadReplyError),
        (Faults(truncated_json=True), BadReplyError),
        (Faults(drop_connection=True), ApiConnectionError),
        (Faults(oversized_reply=True), ReplyTooLargeError),
        (Faults(latency_s=1.0), ApiTimeoutError),
    ],
    ids=[
        "500",
        "503-html",
        "502-html",
        "malformed",
        "truncated",
        "dropped",
        "oversized",
        "latency",
    ],
)
def test_faults_become_typed_errors(
    fresh_simulator: Any, faults: Faults, error: type[Exception]
) -> None:
    fresh_simulator.set_faults(faults)
    client = _client(fresh_simulator.base_url, read_timeout=0.3)
    before = fresh_simulator.request_count
    with pytest.raises(error):
        client.check_signature(SAMPLES_BY_KEY["signature-valid"].payload)
    assert fresh_simulator.request_count - before == 1  # never retried after sending
