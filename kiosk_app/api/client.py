"""The typed client of the verification interface: one ``requests.Session`` for every endpoint.

Every call: validate input (nothing is sent when it is refused), build the documented body and
headers, POST with connect+read timeouts, read the reply within a size cap and a total deadline,
parse it into the models, and turn it into an ``Outcome``. Every failure is raised as one of
``kiosk_app.api.errors`` (mapped in ``kiosk_app.api.error_mapping``); a ``success: false``
element is NOT raised, it is an ``Outcome`` with ``error`` filled.

Retries: only failures to connect are retried (``transport.connect_only_retry``); a check is
billable, so nothing is repeated once the request may have reached the service.
"""

from __future__ import annotations

import base64
import json
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, cast
from urllib.parse import urlsplit

import requests
import urllib3.exceptions

from kiosk_app import __version__, timeouts
from kiosk_app.api import constants
from kiosk_app.api.deadline import CallDeadline
from kiosk_app.api.error_mapping import http_status_failure, json_error_message, map_failure
from kiosk_app.api.errors import (
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    BadReplyError,
    CaptivePortalError,
    ConfigurationError,
    KioskApiError,
    ServerError,
)
from kiosk_app.api.models import (
    CanadaCheckRequest,
    CheckResponseElement,
    DvsOverriddenSettings,
    DvsRequest,
    DvsResponse,
    DvsTrackString,
    ParseImageResult,
    SignatureCheckRequest,
)
from kiosk_app.api.outcome import ErrorInfo, Outcome
from kiosk_app.api.replies import (
    decode_json,
    looks_like_web_page,
    parse_check_reply,
    parse_dvs_reply,
    parse_legacy_reply,
)
from kiosk_app.api.transport import (
    ADDRESS_SENTENCES,
    DEADLINE_MESSAGE,
    RawReply,
    build_session,
    checked_base_url,
    checked_ca_bundle,
    is_loopback_host,
    read_bounded,
)
from kiosk_app.api.validation import (
    CanadaCheckInput,
    validate_barcode_payload,
    validate_canada_input,
    validate_image,
)
from kiosk_app.api.verdicts import (
    check_outcome,
    dvs_outcome,
    legacy_outcome,
    select_element,
)
from kiosk_app.barcode.payload import barcode_params, dvs_track_data, track_string
from kiosk_app.barcode.symbol import SymbolInfo
from kiosk_app.kinds import CheckKind, Verdict
from kiosk_app.text import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

USER_AGENT = f"kiosk-app/{__version__}"
REDACTED = "***"
_HANDLED = (
    KioskApiError,
    requests.exceptions.RequestException,
    urllib3.exceptions.HTTPError,
    OSError,
    ValueError,
    RecursionError,
)


# Section 4.4, rule 2: only the back image, the barcode parsed, no other verification.
BARCODE_ONLY = DvsOverriddenSettings(
    is_ocr_enabled=False,
    is_back_or_second_image_processing_enabled=True,
    is_face_match_enabled=False,
)


@dataclass(frozen=True)
class CheckResult:
    """One answered call: the body sent (secrets redacted), the parsed reply and the outcome.

    ``results`` is a list of ``CheckResponseElement`` for checks, a ``DvsResponse`` for DVS and a
    ``ParseImageResult`` for the legacy service.
    """

    request: dict[str, Any]
    results: Any
    outcome: Outcome


class _BearerAuth(requests.auth.AuthBase):
    """``Authorization: Bearer <token>``: the scheme word, exactly one space, the token."""

    def __init__(self, token: str) -> None:
        self._token = token

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        request.headers["Authorization"] = f"Bearer {self._token}"
        return request

    def __repr__(self) -> str:
        return "_BearerAuth(***)"


class _NoAuth(requests.auth.AuthBase):
    """No Authorization header at all (legacy service; also stops ``.netrc`` from adding one)."""

    def __call__(self, request: requests.PreparedRequest) -> requests.PreparedRequest:
        request.headers.pop("Authorization", None)
        return request


class VerificationClient:
    """Client of the check service, the document verification endpoint and the legacy parser."""

    def __init__(
        self,
        base_url: str = "",
        dvs_url: str = "",
        parse_url: str = "",
        token: str = "",
        auth_key: str = "",
        connect_timeout: float = timeouts.CONNECT_TIMEOUT_S,
        read_timeout: float = timeouts.READ_TIMEOUT_S,
        ca_bundle: str | None = None,
        proxy: str | None = None,
        session: requests.Session | None = None,
        *,
        total_deadline: float = constants.TOTAL_REPLY_DEADLINE_S,
        max_reply_bytes: int = constants.MAX_REPLY_BYTES,
    ) -> None:
        self._urls = {
            "base": checked_base_url(base_url, "check service") if base_url else "",
            "dvs": checked_base_url(dvs_url, "document verification") if dvs_url else "",
            "parse": checked_base_url(parse_url, "legacy parsing service") if parse_url else "",
        }
        self._token = _checked_secret(token, "API token")
        self._auth_key = _checked_secret(auth_key, "legacy auth key")
        if connect_timeout <= 0 or read_timeout <= 0 or total_deadline <= 0:
            raise ConfigurationError(
                QT_TRANSLATE_NOOP("messages", "The service time limits must be positive.")
            )
        self._timeout = (float(connect_timeout), float(read_timeout))
        self._deadline = float(total_deadline)
        self._max_bytes = int(max_reply_bytes)
        self._verify = checked_ca_bundle(ca_bundle)
        self._proxy = proxy or None
        if self._proxy:
            checked_base_url(self._proxy, "proxy")
        self._session = session if session is not None else build_session()

    def __repr__(self) -> str:
        return f"VerificationClient(base_url={self._urls['base']!r}, token=***)"

    @property
    def test_mode(self) -> bool:
        """True when the documented public test token is in use."""
        return self._token == constants.TEST_TOKEN

    # ---------------------------------------------------------------- checks (section 4.1)

    def check_canada(self, data: CanadaCheckInput) -> CheckResult:
        """Canadian registry verification (validated first; nothing is sent when refused)."""
        valid = validate_canada_input(data)
        body = CanadaCheckRequest(
            date_of_births=valid.date_of_birth,
            issued_by=valid.province,
            services=[constants.CANADA_SERVICE_ID],
            driver_license_number=valid.licence_number,
            driver_license_class=valid.licence_class,
            metadata=valid.metadata,
        ).model_dump(by_alias=True, exclude_none=True)
        return self._check(body, CheckKind.CANADA)

    def check_signature(self, payload: bytes) -> CheckResult:
        """Digital signature and revocation check of a raw PDF417 payload (byte-exact)."""
        validate_barcode_payload(payload)
        body = SignatureCheckRequest(
            services=[constants.SIGNATURE_SERVICE_ID], track_string=track_string(payload)
        ).model_dump(by_alias=True)
        return self._check(body, CheckKind.SIGNATURE)

    def _check(self, body: dict[str, Any], service: CheckKind) -> CheckResult:
        if len(body.get("services") or []) != 1:  # never null/empty: it would bill every service
            raise ConfigurationError(
                QT_TRANSLATE_NOOP("messages", "A check must name exactly one service.")
            )
        url, headers = self._check_endpoint()
        document = self._post_json(url, body, headers, self._bearer())
        elements = parse_check_reply(document) if _looks_like_check(document) else None
        if elements is None:
            outcome = _unshaped_failure(document, service, self.test_mode)
            return CheckResult(request=_redacted(body), results=document, outcome=outcome)
        element = select_element(elements, service)
        outcome = check_outcome(element, service, test_mode=self.test_mode)
        return CheckResult(request=_redacted(body), results=elements, outcome=outcome)

    # ------------------------------------------------------ document verification (4.4)

    def dvs_parse(
        self,
        payload: bytes,
        *,
        symbol: SymbolInfo | None = None,
        back_image: bytes | None = None,
    ) -> CheckResult:
        """Barcode-only parse by the document verification endpoint (OCR and face match off)."""
        validate_barcode_payload(payload)
        body = DvsRequest(
            document_type=constants.DVS_DOCUMENT_TYPE_ID,
            back_or_second_image_base64=_b64(back_image) if back_image else None,
            track_string=DvsTrackString(
                data=dvs_track_data(payload), barcode_params=barcode_params(symbol)
            ),
            overridden_settings=BARCODE_ONLY,
            capture_method=constants.DVS_CAPTURE_METHOD,
            user_agent=USER_AGENT,
        ).model_dump(by_alias=True)
        return self._post_verify(body)

    def dvs_read_picture(self, image: bytes) -> CheckResult:
        """The document verification endpoint reads the barcode on a picture of the back of
        the card, and nothing else (section 4.4, rule 2: OCR and face match off, back image
        processing on): no barcode data is sent, only the picture."""
        validate_image(image)
        body = DvsRequest(
            document_type=constants.DVS_DOCUMENT_TYPE_ID,
            back_or_second_image_base64=_b64(image),
            track_string=DvsTrackString(),
            overridden_settings=BARCODE_ONLY,
            capture_method=constants.DVS_PICTURE_CAPTURE_METHOD,
            user_agent=USER_AGENT,
        ).model_dump(by_alias=True)
        return self._post_verify(body)

    def _post_verify(self, body: dict[str, Any]) -> CheckResult:
        url = self._url("dvs", "document verification") + constants.DVS_VERIFY_PATH
        document = self._post_json(url, body, {"Content-Type": "text/json"}, self._bearer())
        reply: DvsResponse = parse_dvs_reply(document)
        outcome = dvs_outcome(reply, test_mode=self.test_mode)
        return CheckResult(request=_redacted(body), results=reply, outcome=outcome)

    # ------------------------------------------------------------ legacy parsing (4.2, 4.3)

    def legacy_parse(self, payload: bytes) -> CheckResult:
        """Legacy Parse of barcode text (``text`` is the base64 of the payload bytes)."""
        validate_barcode_payload(payload)
        return self._legacy(constants.LEGACY_PARSE_PATH, "text", _b64(payload))

    def legacy_parse_image(self, image: bytes) -> CheckResult:
        """Legacy ParseImage of a picture of the back of the licence."""
        validate_image(image)
        return self._legacy(constants.LEGACY_PARSE_IMAGE_PATH, "data", _b64(image))

    def _legacy(self, path: str, member: str, value: str) -> CheckResult:
        if not self._auth_key:
            raise ConfigurationError(
                QT_TRANSLATE_NOOP(
                    "messages", "No legacy auth key is configured. Ask the administrator."
                )
            )
        body = {"authKey": self._auth_key, member: value}
        url = self._url("parse", "legacy parsing service") + path
        headers = {"Content-Type": "text/json", "Cache-Control": "no-cache"}
        document = self._post_json(url, body, headers, _NoAuth())
        result: ParseImageResult = parse_legacy_reply(document)
        outcome = legacy_outcome(result, test_mode=self.test_mode)
        return CheckResult(request=_redacted(body), results=result, outcome=outcome)

    # ------------------------------------------------------------------- housekeeping

    def test_connection(self) -> str:
        """Reach the check service and have the token judged, without a billable check.

        Sends a Canadian check with the required fields left empty: the service refuses it with
        a ``success: false`` element, and the interface's vendor notes state that errors are
        never counted against the quota. A refused token raises ``AuthenticationError``.
        """
        body = {
            "services": [constants.CANADA_SERVICE_ID],
            "driverLicenseNumber": "",
            "dateOfBirths": "",
            "issuedBy": "",
        }
        url, headers = self._check_endpoint()
        try:
            self._post_json(url, body, headers, self._bearer())
        except (AuthenticationError, ServerError):
            raise
        except ApiStatusError as err:
            return f"Connected; the service answered (HTTP {err.status_code}) and took the token."
        mode = " (test token: results are test data)" if self.test_mode else ""
        return "Connected; the service accepted the token" + mode + "."

    def close(self) -> None:
        """Close the session and its pooled connections."""
        self._session.close()

    def __enter__(self) -> VerificationClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------------------------- plumbing

    def _url(self, key: str, label: str) -> str:
        url = self._urls[key]
        if not url:
            raise ConfigurationError(ADDRESS_SENTENCES[label].not_set)
        return url

    def _check_endpoint(self) -> tuple[str, dict[str, str]]:
        """The check service's URL and headers (section 4.1)."""
        url = self._url("base", "check service") + constants.CHECK_PATH
        headers = {
            "Content-Type": "application/json",
            constants.API_VERSION_HEADER: constants.API_VERSION,
        }
        return url, headers

    def _bearer(self) -> _BearerAuth:
        if not self._token:
            raise ConfigurationError(
                QT_TRANSLATE_NOOP("messages", "No API token is configured. Ask the administrator.")
            )
        return _BearerAuth(self._token)

    def _secrets(self) -> tuple[str, ...]:
        return (self._token, self._auth_key)

    def _post_json(
        self,
        url: str,
        body: dict[str, Any],
        headers: dict[str, str],
        auth: Callable[[requests.PreparedRequest], requests.PreparedRequest],
    ) -> Any:
        data = json.dumps(body, ensure_ascii=True, separators=(",", ":")).encode("ascii")
        reply = self._post(url, data, {"Accept": "application/json", **headers}, auth)
        if looks_like_web_page(reply.content_type, reply.body):
            raise CaptivePortalError()
        try:
            return decode_json(reply.body)
        except _HANDLED as exc:
            raise map_failure(exc, self._secrets()) from None

    def _post(
        self,
        url: str,
        data: bytes,
        headers: dict[str, str],
        auth: Callable[[requests.PreparedRequest], requests.PreparedRequest],
    ) -> RawReply:
        started = time.monotonic()
        path = url.split("/", 3)[-1]
        deadline = CallDeadline(self._deadline)
        try:
            with deadline:
                reply = self._send(url, data, headers, auth, started)
            if deadline.expired:  # the reply may look complete: it was cut at the deadline
                raise ApiTimeoutError(DEADLINE_MESSAGE)
        except _HANDLED as exc:
            error = (
                ApiTimeoutError(DEADLINE_MESSAGE)
                if deadline.expired
                else map_failure(exc, self._secrets())
            )
            log.warning("POST /%s failed: %s", path, type(error).__name__)
            raise error from None
        log.info(
            "POST /%s -> HTTP %d, %d bytes, %.0f ms",
            path,
            reply.status_code,
            len(reply.body),
            (time.monotonic() - started) * 1000,
        )
        if not 200 <= reply.status_code < 300:
            raise map_failure(http_status_failure(reply, url), self._secrets()) from None
        return reply

    def _send(
        self,
        url: str,
        data: bytes,
        headers: dict[str, str],
        auth: Callable[[requests.PreparedRequest], requests.PreparedRequest],
        started: float,
    ) -> RawReply:
        response = self._session.post(
            url,
            data=data,
            headers=headers,
            auth=auth,
            timeout=self._timeout,
            verify=self._verify,
            proxies=cast(dict[str, str], self._proxies_for(url)),
            stream=True,
            allow_redirects=False,  # a redirected POST could be sent (and billed) twice
        )
        try:
            return read_bounded(
                response, max_bytes=self._max_bytes, deadline_s=self._deadline, started=started
            )
        finally:
            response.close()

    def _proxies_for(self, url: str) -> dict[str, str | None]:
        host = urlsplit(url).hostname or ""
        if is_loopback_host(host):
            return {"http": None, "https": None}  # never send loopback traffic to a proxy
        if self._proxy:
            return {"http": self._proxy, "https": self._proxy}
        return {}


# The sentence refusing each secret (``_checked_secret``), marked whole for the translator.
SECRET_SENTENCES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "API token": QT_TRANSLATE_NOOP(
            "messages", "The API token contains characters that are not allowed."
        ),
        "legacy auth key": QT_TRANSLATE_NOOP(
            "messages", "The legacy auth key contains characters that are not allowed."
        ),
    }
)


def _checked_secret(value: Any, label: str) -> str:
    """The secret as text; refused (without echoing it) when it cannot be a header value."""
    text = value.get_secret_value() if hasattr(value, "get_secret_value") else str(value or "")
    text = text.strip()
    if any(ch in text for ch in "\r\n\0") or not text.isascii():
        raise ConfigurationError(SECRET_SENTENCES[label])
    return text


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _redacted(body: dict[str, Any]) -> dict[str, Any]:
    """The body as shown to people: auth key hidden, images summarised (not personal data)."""
    shown = dict(body)
    if "authKey" in shown:
        shown["authKey"] = REDACTED
    image_keys = ["frontImageBase64", "backOrSecondImageBase64", "faceImageBase64"]
    if "authKey" in body:
        image_keys.append("data")  # legacy ParseImage: the image itself
    for key in image_keys:
        value = shown.get(key)
        if isinstance(value, str):
            shown[key] = f"<base64 image, {len(value)} characters>"
    return shown


def _looks_like_check(document: Any) -> bool:
    return isinstance(document, list) or (isinstance(document, dict) and "success" in document)


def _unshaped_failure(document: Any, service: CheckKind, test_mode: bool) -> Outcome:
    """A 200 reply in another shape (e.g. field-level validation errors): show its message."""
    message = json_error_message(document)
    if not message:
        raise BadReplyError()
    return Outcome(
        service=service,
        verdict=Verdict.UNDEFINED,
        status_code=None,
        status_string=Verdict.UNDEFINED.value,
        billable=False,
        error=ErrorInfo(message=message[: constants.MAX_ERROR_TEXT_CHARS]),
        test_mode=test_mode,
    )


__all__ = [
    "CanadaCheckInput",
    "CheckResponseElement",
    "CheckResult",
    "VerificationClient",
]
