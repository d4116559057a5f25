"""Small HTTP helpers of the simulator tests (real requests to the real loopback server)."""

from __future__ import annotations

import base64
import json
from typing import Any

import requests

CANADA_ID = "58B76696-75E2-466F-97A2-1B216ED40108"
SIGNATURE_ID = "19862c3a-513f-4d48-ab36-fa583e8df90a"
CHECK = "/api/v4/Check"
VERIFY = "/api/v4/verify"
PARSE = "/DriverLicenseParserRest.svc/Parse"
PARSE_IMAGE = "/DriverLicenseParserRest.svc/ParseImage"
TIMEOUT = (5, 30)


def check_headers(token: str = "test") -> dict[str, str]:
    """The headers of a well-formed check request."""
    return {
        "Authorization": f"Bearer {token}",
        "api-version": "4.0",
        "Content-Type": "application/json",
    }


def post_check(
    base_url: str, body: Any, headers: dict[str, str] | None = None
) -> requests.Response:
    """POST a check body (JSON-encoded here so odd bodies can be sent too)."""
    data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
    return requests.post(
        base_url + CHECK,
        data=data,
        headers=check_headers() if headers is None else headers,
        timeout=TIMEOUT,
    )


def check_element(base_url: str, body: dict[str, Any]) -> dict[str, Any]:
    """The single element of a successful (HTTP 200) check reply."""
    reply = post_check(base_url, body)
    assert reply.status_code == 200, reply.text
    elements = reply.json()
    assert isinstance(elements, list)
    assert len(elements) == 1
    element: dict[str, Any] = elements[0]
    return element


def canada_body(
    number: str, birth: str, province: str, licence_class: str | None = None, **extra: Any
) -> dict[str, Any]:
    """A Canadian registry check request body."""
    body: dict[str, Any] = {
        "dateOfBirths": birth,
        "issuedBy": province,
        "services": [CANADA_ID],
        "driverLicenseNumber": number,
    }
    if licence_class is not None:
        body["driverLicenseClass"] = licence_class
    body.update(extra)
    return body


def signature_body(payload: bytes) -> dict[str, Any]:
    """A digital signature check body for raw payload bytes (one character per byte)."""
    return {"services": [SIGNATURE_ID], "trackString": payload.decode("latin-1")}


def fields_by_name(element: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The profile's data elements by fieldName."""
    return {field["fieldName"]: field for field in element["profiles"][0]["data"]}


def raw_result(element: dict[str, Any]) -> dict[str, Any]:
    """The parsed serviceResponseRaw of the first profile."""
    raw: dict[str, Any] = json.loads(element["profiles"][0]["serviceResponseRaw"])
    return raw


def b64(data: bytes) -> str:
    """Base64 text of bytes."""
    return base64.b64encode(data).decode("ascii")


def post_text_json(
    url: str, body: Any, token: str | None = "test", content_type: str = "text/json"
) -> requests.Response:
    """POST with Content-Type text/json (DVS and legacy), optionally with a Bearer token."""
    headers = {"Content-Type": content_type, "Cache-Control": "no-cache"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
    return requests.post(url, data=data, headers=headers, timeout=TIMEOUT)
