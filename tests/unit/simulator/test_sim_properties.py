"""Property tests: whatever a client sends, the simulator answers in a documented shape."""

from __future__ import annotations

import json
from typing import Any

import pytest
import requests
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.unit.simulator.sim_http import (
    CANADA_ID,
    PARSE,
    SIGNATURE_ID,
    VERIFY,
    post_check,
    post_text_json,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)
canada_like = st.fixed_dictionaries(
    {"services": st.just([CANADA_ID])},
    optional={
        "driverLicenseNumber": json_values,
        "dateOfBirths": st.dates().map(str) | json_values,
        "issuedBy": st.sampled_from(["PE", "ON", "XX", ""]) | json_values,
        "driverLicenseClass": json_values,
        "metadata": json_values,
    },
)
SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def assert_check_shape(reply: requests.Response) -> None:
    """A Check reply is a 200 array of elements (or a documented 400 for non-objects)."""
    assert reply.status_code in (200, 400), reply.text
    if reply.status_code == 400:
        return
    elements = reply.json()
    assert isinstance(elements, list) and elements
    for element in elements:
        assert isinstance(element["success"], bool)
        assert element["serviceVerificationResult"]["statusCode"] in (0, 1, 2, 3)
        if element["success"]:
            assert isinstance(element["profiles"], list)
            json.loads(element["profiles"][0]["serviceResponseRaw"])
        else:
            assert element["profiles"] is None and element["error"]["message"]


@SETTINGS
@given(body=canada_like)
def test_any_canadian_body(simulator: Any, body: dict[str, Any]) -> None:
    assert_check_shape(post_check(simulator.base_url, body))


@SETTINGS
@given(track=st.binary(max_size=400))
def test_any_track_string(simulator: Any, track: bytes) -> None:
    body = {"services": [SIGNATURE_ID], "trackString": track.decode("latin-1")}
    reply = post_check(simulator.base_url, body)
    assert_check_shape(reply)
    assert reply.json()[0]["serviceVerificationResult"]["statusCode"] in (0, 3)


@SETTINGS
@given(body=json_values)
def test_any_json_to_every_endpoint(simulator: Any, body: Any) -> None:
    assert_check_shape(post_check(simulator.base_url, body))
    dvs = post_text_json(simulator.base_url + VERIFY, body)
    assert dvs.status_code in (200, 400)
    assert "code" in dvs.json() or "document" in dvs.json()
    legacy = post_text_json(simulator.base_url + PARSE, body, token=None)
    assert legacy.status_code == 200
    assert legacy.json()["ParseResult"]["Success"] in (True, False)


@pytest.mark.parametrize("path", [PARSE, VERIFY])
def test_stderr_stays_silent(simulator: Any, capfd: pytest.CaptureFixture[str], path: str) -> None:
    post_text_json(simulator.base_url + path, {"authKey": "test", "text": "QUJD"})
    post_check(simulator.base_url, {"services": [CANADA_ID], "driverLicenseNumber": "421450"})
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == ""
