"""What each endpoint answers, independent of the HTTP plumbing: request in, :class:`Reply` out."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kiosk_app.simulator import dvs, legacy
from kiosk_app.simulator.canada import check_canada
from kiosk_app.simulator.envelope import (
    CANADA,
    SERVICES,
    JsonObject,
    ServiceInfo,
    error_element,
)
from kiosk_app.simulator.signature_check import check_signature
from kiosk_app.simulator.state import SimulatorState

# The four paths (duplicated from kiosk_app.api.constants: the simulator imports nothing else).
CHECK_PATH = "/api/v4/Check"
DVS_VERIFY_PATH = "/api/v4/verify"
LEGACY_PARSE_PATH = "/DriverLicenseParserRest.svc/Parse"
LEGACY_PARSE_IMAGE_PATH = "/DriverLicenseParserRest.svc/ParseImage"
PATHS = (CHECK_PATH, DVS_VERIFY_PATH, LEGACY_PARSE_PATH, LEGACY_PARSE_IMAGE_PATH)

TEST_TOKEN = "test"  # noqa: S105 - the documented public test token
LIVE_LIKE_TOKEN_PREFIX = "sim-"  # noqa: S105 - tokens "sim-<anything>": a simulated non-test account
API_VERSION = "4.0"
JSON_TYPE = "application/json; charset=utf-8"


@dataclass
class Reply:
    """An HTTP reply: status, body bytes and extra headers."""

    status: int
    body: bytes
    content_type: str = JSON_TYPE
    headers: dict[str, str] = field(default_factory=dict)


def json_reply(status: int, document: Any, headers: dict[str, str] | None = None) -> Reply:
    """A JSON reply (UTF-8, compact)."""
    body = json.dumps(document, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return Reply(status, body, JSON_TYPE, headers or {})


def route(
    path: str, headers: Mapping[str, str], body: bytes, state: SimulatorState, client_ip: str
) -> Reply:
    """Dispatch one POST by path. ``headers`` keys are lower-case."""
    if path == CHECK_PATH:
        return _check(headers, body, state)
    if path == DVS_VERIFY_PATH:
        return _dvs(headers, body, client_ip)
    if path in (LEGACY_PARSE_PATH, LEGACY_PARSE_IMAGE_PATH):
        return _legacy(path, headers, body)
    return json_reply(404, {"message": "Not found"})


def bearer_token_accepted(authorization: str | None) -> bool:
    """True for exactly ``Bearer <token>`` (one space) with the test or a ``sim-`` token."""
    if authorization is None or not authorization.startswith("Bearer "):
        return False
    token = authorization[len("Bearer ") :]
    if not token or token != token.strip() or any(ch.isspace() for ch in token):
        return False
    return token == TEST_TOKEN or (
        token.startswith(LIVE_LIKE_TOKEN_PREFIX) and len(token) > len(LIVE_LIKE_TOKEN_PREFIX)
    )


def _unauthorized() -> Reply:
    return json_reply(
        401,
        {"message": "Authorization has been denied for this request"},
        {"WWW-Authenticate": 'Bearer error="invalid_token"'},
    )


def _media_type(headers: Mapping[str, str]) -> str:
    return headers.get("content-type", "").split(";")[0].strip().lower()


def _unsupported_media(expected: str) -> Reply:
    return json_reply(415, {"message": f"Unsupported media type; send Content-Type: {expected}"})


def _validation_problem(message: str) -> Reply:
    """The field-level (ASP.NET problem-details) shape some validation errors use."""
    return json_reply(
        400,
        {
            "type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
            "title": "One or more validation errors occurred.",
            "status": 400,
            "errors": {"$": [message]},
        },
    )


def _load_json(body: bytes) -> Any:
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return _NOT_JSON


_NOT_JSON = object()


def _check(headers: Mapping[str, str], body: bytes, state: SimulatorState) -> Reply:
    if not bearer_token_accepted(headers.get("authorization")):
        return _unauthorized()
    if headers.get("api-version", "").strip() != API_VERSION:
        return json_reply(
            400,
            {
                "code": "UnsupportedApiVersion",
                "message": "The header api-version: 4.0 is required on every check request",
            },
        )
    if _media_type(headers) != "application/json":
        return _unsupported_media("application/json")
    request = _load_json(body)
    if request is _NOT_JSON or not isinstance(request, dict):
        return _validation_problem("The request body must be a JSON object")
    return json_reply(200, _check_elements(request, state))


def _check_elements(request: dict[str, Any], state: SimulatorState) -> list[JsonObject]:
    metadata = request.get("metadata") if isinstance(request.get("metadata"), dict) else {}
    services = request.get("services")
    if not isinstance(services, list) or not services:
        message = "The simulator requires exactly one service identifier in services"
        return [error_element(s, state.log, metadata or {}, message) for s in SERVICES.values()]
    names = [str(s).strip().lower() for s in services]
    if len(names) > 1:
        message = "services must contain exactly one service identifier"
        named = [SERVICES[n] for n in dict.fromkeys(names) if n in SERVICES]
        return [error_element(s, state.log, metadata or {}, message) for s in named] or [
            _unknown_service(names[0], state, metadata or {})
        ]
    if names[0] not in SERVICES:
        return [_unknown_service(names[0], state, metadata or {})]
    if names[0] == CANADA.id:
        return [check_canada(request, state.log, state.registry)]
    return [check_signature(request, state.log, state.registry)]


def _unknown_service(service_id: str, state: SimulatorState, metadata: JsonObject) -> JsonObject:
    unknown = ServiceInfo(service_id, "", "", {3: "Undefined"})
    return error_element(unknown, state.log, metadata, "Unknown service identifier")


def _dvs(headers: Mapping[str, str], body: bytes, client_ip: str) -> Reply:
    if not bearer_token_accepted(headers.get("authorization")):
        return _unauthorized()
    if _media_type(headers) not in ("text/json", "application/json"):
        return _unsupported_media("text/json")
    request = _load_json(body)
    try:
        if request is _NOT_JSON:
            raise dvs.DvsError("ValidationError", "The request body is not valid JSON")
        return json_reply(200, dvs.verify(request, client_ip))
    except dvs.DvsError as exc:
        return json_reply(exc.status, exc.body)


def _legacy(path: str, headers: Mapping[str, str], body: bytes) -> Reply:
    if _media_type(headers) not in ("text/json", "application/json"):
        return _unsupported_media("text/json")
    request = _load_json(body)
    request = None if request is _NOT_JSON else request
    if path == LEGACY_PARSE_PATH:
        return json_reply(200, legacy.parse(request))
    return json_reply(200, legacy.parse_image(request))
