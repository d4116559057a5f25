"""Headers, authentication and routing of the Check endpoint, over real HTTP."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from tests.unit.simulator.sim_http import (
    CANADA_ID,
    CHECK,
    SIGNATURE_ID,
    TIMEOUT,
    VERIFY,
    canada_body,
    check_headers,
    post_check,
)

VALID = canada_body("421450", "1989-12-24", "PE", "1")


@pytest.mark.parametrize(
    "authorization",
    [None, "", "Bearer", "Bearer ", "Bearer  test", "bearer test", "Basic dGVzdA==",
     "Bearer test ", "Bearer wrong-token", "Bearer sim-", "Bearertest"],
)  # fmt: skip
def test_bad_or_missing_bearer_is_401(simulator: Any, authorization: str | None) -> None:
    headers = check_headers()
    if authorization is None:
        del headers["Authorization"]
    else:
        headers["Authorization"] = authorization
    reply = post_check(simulator.base_url, VALID, headers)
    assert reply.status_code == 401
    assert reply.headers["WWW-Authenticate"].startswith("Bearer")
    assert "test" not in reply.text


def test_live_like_token_is_accepted(simulator: Any) -> None:
    reply = post_check(simulator.base_url, VALID, check_headers("sim-live-account-1"))
    assert reply.status_code == 200
    assert reply.json()[0]["serviceVerificationResult"]["statusCode"] == 1


@pytest.mark.parametrize("version", [None, "", "1.0", "4", "v4"])
def test_check_without_api_version_4_is_400(simulator: Any, version: str | None) -> None:
    headers = check_headers()
    if version is None:
        del headers["api-version"]
    else:
        headers["api-version"] = version
    reply = post_check(simulator.base_url, VALID, headers)
    assert reply.status_code == 400
    assert reply.json()["code"] == "UnsupportedApiVersion"


def test_auth_is_checked_before_api_version(simulator: Any) -> None:
    reply = post_check(simulator.base_url, VALID, {"Content-Type": "application/json"})
    assert reply.status_code == 401


def test_check_requires_application_json(simulator: Any) -> None:
    headers = {**check_headers(), "Content-Type": "text/plain"}
    assert post_check(simulator.base_url, VALID, headers).status_code == 415


@pytest.mark.parametrize("body", [b"{not json", b"[1, 2]", b"", b"\xff\xfe"])
def test_body_that_is_not_a_json_object_is_a_field_level_400(simulator: Any, body: bytes) -> None:
    reply = post_check(simulator.base_url, body)
    assert reply.status_code == 400
    problem = reply.json()
    assert problem["status"] == 400 and problem["errors"]


@pytest.mark.parametrize("services", [None, [], "58B76696-75E2-466F-97A2-1B216ED40108"])
def test_services_missing_or_empty_is_refused_for_every_service(
    simulator: Any, services: Any
) -> None:
    body = {**VALID, "services": services}
    elements = post_check(simulator.base_url, body).json()
    assert {e["service"]["id"] for e in elements} == {CANADA_ID.lower(), SIGNATURE_ID}
    assert all(e["success"] is False and e["profiles"] is None for e in elements)


def test_two_services_are_refused(simulator: Any) -> None:
    body = {**VALID, "services": [CANADA_ID, SIGNATURE_ID]}
    elements = post_check(simulator.base_url, body).json()
    assert len(elements) == 2
    assert all(e["success"] is False for e in elements)
    assert "exactly one" in elements[0]["error"]["message"]


def test_unknown_service_is_refused(simulator: Any) -> None:
    body = {**VALID, "services": ["00000000-0000-0000-0000-000000000000"]}
    (element,) = post_check(simulator.base_url, body).json()
    assert element["success"] is False
    assert element["service"]["id"] == "00000000-0000-0000-0000-000000000000"
    assert element["error"]["message"] == "Unknown service identifier"


def test_reply_headers(simulator: Any) -> None:
    reply = post_check(simulator.base_url, VALID)
    assert reply.headers["Content-Type"] == "application/json; charset=utf-8"
    assert int(reply.headers["Content-Length"]) == len(reply.content)


@pytest.mark.parametrize("path", [CHECK, VERIFY])
def test_get_on_an_endpoint_is_405(simulator: Any, path: str) -> None:
    reply = requests.get(simulator.base_url + path, timeout=TIMEOUT)
    assert reply.status_code == 405
    assert reply.headers["Allow"] == "POST"


def test_unknown_path_is_404(simulator: Any) -> None:
    reply = requests.post(simulator.base_url + "/api/v3/Check", json={}, timeout=TIMEOUT)
    assert reply.status_code == 404


def test_request_count_counts_every_request(fresh_simulator: Any) -> None:
    assert fresh_simulator.request_count == 0
    post_check(fresh_simulator.base_url, VALID)
    post_check(fresh_simulator.base_url, VALID, {})
    requests.get(fresh_simulator.base_url + "/", timeout=TIMEOUT)
    assert fresh_simulator.request_count == 3


def test_keep_alive_serves_several_requests_on_one_connection(simulator: Any) -> None:
    with requests.Session() as session:
        for _ in range(3):
            reply = session.post(
                simulator.base_url + CHECK, json=VALID, headers=check_headers(), timeout=TIMEOUT
            )
            assert reply.status_code == 200
