"""The one place where network, HTTP, JSON and model failures become ``kiosk_app.api.errors``.

Messages are written here, never copied from the underlying exception: library messages can
hold header values or reply fragments (the token, personal data). Body messages of HTTP errors
are shortened and scrubbed of the secrets the caller names.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from typing import Any

import pydantic
import requests
import urllib3.exceptions as u3

from kiosk_app.api import constants
from kiosk_app.api.errors import (
    ApiConnectionError,
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    BadReplyError,
    ConfigurationError,
    KioskApiError,
    ServerError,
    TlsError,
)
from kiosk_app.api.transport import RawReply

_SENT_MAYBE = " The check may or may not have been counted; do not repeat it straight away."
_TAGS = re.compile(r"<[^>]*>")
_SPACES = re.compile(r"\s+")
_TITLE = re.compile(r"<title[^>]*>(.*?)</title>", re.IGNORECASE | re.DOTALL)
_SCRIPT = re.compile(r"<(script|style)[^>]*>.*?</\1>", re.IGNORECASE | re.DOTALL)


def map_failure(failure: BaseException, secrets: Iterable[str] = ()) -> KioskApiError:
    """The typed error for any failure of a call: an exception, or (via ``RawReply``) a status.

    ``secrets`` are scrubbed from any text taken from a reply body.
    """
    if isinstance(failure, KioskApiError):
        return failure
    if isinstance(failure, _HttpStatusError):
        return _status_error(failure.reply, tuple(secrets))
    return _exception_error(failure)


class _HttpStatusError(Exception):
    """Carries a non-2xx reply to :func:`map_failure`."""

    def __init__(self, reply: RawReply) -> None:
        self.reply = reply
        super().__init__(f"HTTP {reply.status_code}")


def http_status_failure(reply: RawReply) -> Exception:
    """Wrap a non-2xx reply so :func:`map_failure` can turn it into an ``ApiStatusError``."""
    return _HttpStatusError(reply)


def _exception_error(exc: BaseException) -> KioskApiError:
    if isinstance(exc, requests.exceptions.SSLError | u3.SSLError):
        return TlsError()
    if isinstance(exc, requests.exceptions.ConnectTimeout | u3.ConnectTimeoutError) and not (
        isinstance(exc, u3.NewConnectionError)
    ):
        return ApiTimeoutError(
            "The verification service could not be reached in time. Nothing was sent; "
            "check the network and try again."
        )
    if isinstance(exc, requests.exceptions.ReadTimeout | u3.ReadTimeoutError | TimeoutError):
        return ApiTimeoutError("The verification service did not answer in time." + _SENT_MAYBE)
    if isinstance(exc, requests.exceptions.ProxyError | u3.ProxyError):
        return ApiConnectionError("The proxy server refused the connection. Ask the administrator.")
    if isinstance(
        exc,
        requests.exceptions.InvalidURL
        | requests.exceptions.MissingSchema
        | requests.exceptions.InvalidSchema
        | requests.exceptions.InvalidHeader
        | u3.LocationParseError,
    ):
        return ConfigurationError()
    if isinstance(
        exc,
        requests.exceptions.ChunkedEncodingError
        | requests.exceptions.ContentDecodingError
        | u3.ProtocolError
        | u3.DecodeError,
    ):
        return BadReplyError("The verification service's reply was cut off." + _SENT_MAYBE)
    if isinstance(exc, requests.exceptions.ConnectionError) and _sent_before_failure(exc):
        return ApiConnectionError(
            "The connection to the verification service was lost before the reply came."
            + _SENT_MAYBE
        )
    if isinstance(exc, requests.exceptions.RequestException | u3.HTTPError | OSError):
        return ApiConnectionError()
    if isinstance(
        exc, ValueError | UnicodeError | RecursionError | pydantic.ValidationError | TypeError
    ):
        return BadReplyError()
    return BadReplyError()


def _sent_before_failure(exc: requests.exceptions.ConnectionError) -> bool:
    """True when the failure came after the request was sent (a protocol error, not a refusal)."""
    reason: Any = exc.args[0] if exc.args else None
    inner = getattr(reason, "reason", reason)
    return isinstance(inner, u3.ProtocolError | ConnectionResetError | BrokenPipeError)


def _status_error(reply: RawReply, secrets: tuple[str, ...]) -> ApiStatusError:
    code = reply.status_code
    body = scrub(body_message(reply), secrets)
    detail = f" (HTTP {code}{': ' + body if body else ''})"
    if code in (401, 403):
        return AuthenticationError(
            AuthenticationError.default_message + detail, status_code=code, body_message=body
        )
    if code >= 500:
        return ServerError(ServerError.default_message + detail, status_code=code,
                           body_message=body)
    if 300 <= code < 400:
        return ApiStatusError(
            "The verification service redirected the request; the address in the settings is "
            f"probably wrong{detail}.", status_code=code, body_message=body
        )
    if code == 429:
        return ApiStatusError(
            "The verification service is receiving too many requests; wait a minute" + detail,
            status_code=code, body_message=body,
        )
    return ApiStatusError(
        "The verification service refused the request" + detail, status_code=code,
        body_message=body,
    )


def scrub(text: str | None, secrets: Iterable[str]) -> str | None:
    """``text`` with every non-trivial secret replaced by ``***``."""
    if text is None:
        return None
    for secret in secrets:
        if secret and len(secret) >= 3:
            text = text.replace(secret, "***")
    return text


def body_message(reply: RawReply) -> str | None:
    """The human message of an error body: JSON members first, else the text of the HTML/plain."""
    text = reply.body[: constants.MAX_REPLY_BYTES].decode("utf-8", errors="replace").strip()
    if not text:
        return None
    message: str | None
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        message = _html_text(text)
    else:
        message = json_error_message(document)
    if not message:
        return None
    message = _SPACES.sub(" ", message).strip()
    limit = constants.MAX_ERROR_TEXT_CHARS
    return message if len(message) <= limit else message[: limit - 1] + "…"


def json_error_message(document: Any) -> str | None:
    """A message from any common error shape: DVS ``{code, message}``, field-level ``errors``,
    problem details ``{title, detail}``, the check element ``error.message``, or a list of them."""
    if isinstance(document, list):
        found = [m for m in (json_error_message(d) for d in document[:5]) if m]
        return "; ".join(found) or None
    if isinstance(document, str):
        return document
    if not isinstance(document, dict):
        return None
    parts: list[str] = []
    for key in ("message", "Message", "title", "detail", "ErrorMessage", "error_description"):
        value = document.get(key)
        if isinstance(value, str) and value and value not in parts:
            parts.append(value)
    error = document.get("error")
    if isinstance(error, dict | str):
        nested = json_error_message(error)
        if nested:
            parts.append(nested)
    for key in ("errors", "propertyErrors"):
        field_errors = document.get(key)
        if isinstance(field_errors, dict):
            parts.extend(_field_errors(field_errors))
    code = document.get("code")
    if isinstance(code, str) and code and not parts:
        parts.append(code)
    elif isinstance(code, str) and code:
        parts[0] = f"{code}: {parts[0]}"
    return "; ".join(parts) or None


def _field_errors(errors: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for name, value in list(errors.items())[:10]:
        texts = value if isinstance(value, list) else [value]
        joined = ", ".join(str(t) for t in texts[:3] if isinstance(t, str | int | float))
        found.append(f"{name}: {joined}" if joined else str(name))
    return found


def _html_text(text: str) -> str:
    title = _TITLE.search(text)
    if title and title.group(1).strip():
        return html.unescape(_TAGS.sub(" ", title.group(1)))
    return html.unescape(_TAGS.sub(" ", _SCRIPT.sub(" ", text)))
