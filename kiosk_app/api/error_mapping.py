"""The one place where network, HTTP, JSON and model failures become ``kiosk_app.api.errors``.

Messages are written here, never copied from the underlying exception: library messages can
hold header values or reply fragments (the token, personal data). Body messages of HTTP errors
are shortened and scrubbed of the secrets the caller names.
"""

from __future__ import annotations

import html
import http.client
import re
import ssl
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

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
from kiosk_app.api.replies import decode_json
from kiosk_app.api.transport import RawReply
from kiosk_app.text import QT_TRANSLATE_NOOP

_SENT_MAYBE = " The check may or may not have been counted; do not repeat it straight away."
# ``[^<>]*`` (not ``[^>]*``) keeps tag stripping linear on a page of unclosed ``<``.
_TAGS = re.compile(r"<[^<>]*>")
_SPACES = re.compile(r"\s+")
_ASK_ADMIN = " The connection was stopped; ask the administrator."
_TLS_REASONS = {  # OpenSSL X509_V_ERR codes -> (reason, sentence)
    **dict.fromkeys(
        (9, 10),
        (
            "expired",
            "The service's security certificate has expired or is "
            "not valid yet (check the kiosk's date and time).",
        ),
    ),
    **dict.fromkeys(
        (18, 19, 20, 21),
        (
            "untrusted",
            "The service's security certificate is not "
            "from a trusted authority (on a company network the "
            "administrator can add its CA bundle in the settings).",
        ),
    ),
    **dict.fromkeys(
        (62, 64),
        (
            "hostname",
            "The service's security certificate belongs to "
            "another address than the one in the settings.",
        ),
    ),
}


def map_failure(failure: BaseException, secrets: Iterable[str] = ()) -> KioskApiError:
    """The typed error for any failure of a call: an exception, or (via ``RawReply``) a status.

    ``secrets`` are scrubbed from any text taken from a reply body.
    """
    if isinstance(failure, KioskApiError):
        return failure
    if isinstance(failure, _HttpStatusError):
        return _status_error(failure.reply, tuple(secrets), failure.request_host)
    return _exception_error(failure)


class _HttpStatusError(Exception):
    """Carries a non-2xx reply (and the host it was asked of) to :func:`map_failure`."""

    def __init__(self, reply: RawReply, request_host: str = "") -> None:
        self.reply = reply
        self.request_host = request_host
        super().__init__(f"HTTP {reply.status_code}")


def http_status_failure(reply: RawReply, request_url: str = "") -> Exception:
    """Wrap a non-2xx reply so :func:`map_failure` can turn it into an ``ApiStatusError``."""
    return _HttpStatusError(reply, (urlsplit(request_url).hostname or "").lower())


def _tls_error(exc: BaseException) -> TlsError:
    """A ``TlsError`` naming the reason when the certificate check itself said why."""
    found = _find_in_chain(exc, ssl.SSLCertVerificationError)
    code = getattr(found, "verify_code", None)
    if code in _TLS_REASONS:
        reason, sentence = _TLS_REASONS[code]
        return TlsError(sentence + _ASK_ADMIN, reason=reason)
    if found is not None:
        return TlsError(reason="untrusted")
    return TlsError(
        "A secure connection to the verification service could not be set up." + _ASK_ADMIN
    )


def _find_in_chain(exc: BaseException, wanted: type[BaseException]) -> BaseException | None:
    """The first ``wanted`` among ``exc``, its arguments, reasons, causes and contexts."""
    pending: list[Any] = [exc]
    seen: set[int] = set()
    while pending and len(seen) < 32:
        item = pending.pop(0)
        if not isinstance(item, BaseException) or id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, wanted):
            return item
        pending.extend(item.args)
        pending.extend((getattr(item, "reason", None), item.__cause__, item.__context__))
    return None


def _exception_error(exc: BaseException) -> KioskApiError:
    if isinstance(exc, requests.exceptions.SSLError | u3.SSLError | ssl.SSLError):
        return _tls_error(exc)
    if isinstance(exc, requests.exceptions.ConnectTimeout | u3.ConnectTimeoutError) and not (
        isinstance(exc, u3.NewConnectionError)
    ):
        return ApiTimeoutError(
            QT_TRANSLATE_NOOP(
                "messages",
                "The verification service could not be reached in time. Nothing was sent; "
                "check the network and try again.",
            )
        )
    if isinstance(exc, requests.exceptions.ReadTimeout | u3.ReadTimeoutError | TimeoutError):
        return ApiTimeoutError("The verification service did not answer in time." + _SENT_MAYBE)
    if isinstance(exc, requests.exceptions.ProxyError | u3.ProxyError):
        return ApiConnectionError(
            QT_TRANSLATE_NOOP(
                "messages", "The proxy server refused the connection. Ask the administrator."
            )
        )
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
    if isinstance(exc, requests.exceptions.ConnectionError) and _malformed_head(exc):
        return BadReplyError(
            "The verification service's reply was not valid HTTP (broken or endless headers)."
            + _SENT_MAYBE
        )
    if isinstance(exc, requests.exceptions.ConnectionError) and _sent_before_failure(exc):
        return ApiConnectionError(
            "The connection to the verification service was lost before the reply came."
            + _SENT_MAYBE
        )
    if isinstance(exc, requests.exceptions.RequestException | u3.HTTPError | OSError):
        return ApiConnectionError()
    # Anything else came from reading the reply (ValueError, UnicodeError, RecursionError,
    # pydantic.ValidationError, TypeError, ...).
    return BadReplyError()


def _sent_before_failure(exc: requests.exceptions.ConnectionError) -> bool:
    """True when the failure came after the request was sent (a protocol error, not a refusal)."""
    reason: Any = exc.args[0] if exc.args else None
    inner = getattr(reason, "reason", reason)
    return isinstance(inner, u3.ProtocolError | ConnectionResetError | BrokenPipeError)


def _malformed_head(exc: requests.exceptions.ConnectionError) -> bool:
    """True when the status line or headers were garbage (not a lost connection)."""
    found = _find_in_chain(exc, http.client.HTTPException)
    return found is not None and not isinstance(found, ConnectionError)


def _status_error(
    reply: RawReply, secrets: tuple[str, ...], request_host: str = ""
) -> ApiStatusError:
    code = reply.status_code
    body = scrub(body_message(reply), secrets)
    detail = f" (HTTP {code}{': ' + body if body else ''})"
    if code in (401, 403):
        return AuthenticationError(status_code=code, body_message=body, detail=detail)
    if code >= 500:
        return ServerError(status_code=code, body_message=body, detail=detail)
    if 300 <= code < 400:
        elsewhere = _redirect_host(reply.location)
        if elsewhere and elsewhere != request_host:
            return ApiStatusError(
                f"The network sent the kiosk to another site ({elsewhere}) instead of the "
                "verification service, probably a Wi-Fi sign-in page. Sign in to the network "
                f"or ask the administrator{detail}.",
                status_code=code,
                body_message=body,
            )
        return ApiStatusError(
            "The verification service redirected the request; the address in the settings is "
            f"probably wrong{detail}.",
            status_code=code,
            body_message=body,
        )
    if code == 429:
        return ApiStatusError(
            QT_TRANSLATE_NOOP(
                "messages",
                "The verification service is receiving too many requests; wait a minute.",
            ),
            status_code=code,
            body_message=body,
            detail=detail,
        )
    return ApiStatusError(
        QT_TRANSLATE_NOOP("messages", "The verification service refused the request."),
        status_code=code,
        body_message=body,
        detail=detail,
    )


# The documented public test token and key: hiding them would only mangle words like "test".
_PUBLIC_VALUES = frozenset({constants.TEST_TOKEN, constants.TEST_AUTH_KEY})


def scrub(text: str | None, secrets: Iterable[str]) -> str | None:
    """``text`` with every non-trivial secret replaced by ``***``.

    Matching ignores letter case, and any run of ``SECRET_RUN_REDACTED`` or more characters of
    a secret is redacted too, so an echo of the token upper-cased or cut short stays hidden.
    """
    if text is None:
        return None
    for secret in secrets:
        if len(secret) >= constants.MIN_SCRUBBED_SECRET and secret not in _PUBLIC_VALUES:
            text = re.sub(re.escape(secret), "***", text, flags=re.IGNORECASE)
            text = _scrub_runs(text, secret.casefold())
    return text


def _scrub_runs(text: str, secret: str) -> str:
    """``text`` with every stretch made of ``SECRET_RUN_REDACTED``-long pieces of ``secret``
    replaced by ``***`` (case-insensitive)."""
    run = constants.SECRET_RUN_REDACTED
    if len(secret) < run or len(text) < run:
        return text
    pieces = sorted({secret[i : i + run] for i in range(len(secret) - run + 1)})
    # A look-ahead finds overlapping pieces; the regex engine does the scanning.
    finder = re.compile("(?=(?:" + "|".join(map(re.escape, pieces)) + "))", re.IGNORECASE)
    out: list[str] = []
    kept_from = 0  # text before this index is already in ``out``
    covered_to = 0  # end of the redacted stretch being built
    for found in finder.finditer(text):
        start = found.start()
        if start > covered_to or covered_to == 0:
            out.append(text[kept_from:start])
            out.append("***")
        covered_to = start + run
        kept_from = covered_to
    out.append(text[kept_from:])
    return "".join(out)


def _redirect_host(location: str) -> str:
    """The host a redirect points to (lower case, at most 100 characters), or ``""``."""
    try:
        host = urlsplit(location.strip()).hostname or ""
    except ValueError:
        return ""
    return host.lower()[:100] if re.fullmatch(r"[a-z0-9.:\-\[\]]+", host.lower()) else ""


def body_message(reply: RawReply) -> str | None:
    """The human message of an error body: JSON members first, else the text of the HTML/plain.

    Only the first ``MAX_ERROR_BODY_SCAN_BYTES`` are read, and JSON goes through the same
    depth and size limits as a successful reply, so a hostile error page costs little.
    """
    head = reply.body[: constants.MAX_ERROR_BODY_SCAN_BYTES]
    message: str | None
    try:
        document = decode_json(head)
    except BadReplyError:
        text = head.decode("utf-8", errors="replace").strip()
        if not text:
            return None
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
    """The page title if there is one, else the page's text without tags, scripts and styles.

    Written with ``str.find`` rather than lazy regular expressions, which go quadratic on a
    page full of unclosed ``<title>`` or ``<script>`` tags.
    """
    lower = text.lower()
    title = _between(text, lower, "<title", "</title")
    if title and title.strip():
        return _page_words(title)
    for block in ("script", "style"):
        text, lower = _without_blocks(text, lower, block)
    return _page_words(text)


def _page_words(markup: str) -> str:
    """The words of a piece of HTML: tags dropped, entities decoded, and any tag the decoding
    made (``&lt;font&gt;`` becomes ``<font>``) dropped too, so no markup leaves this module."""
    return _TAGS.sub(" ", html.unescape(_TAGS.sub(" ", markup)))


def _between(text: str, lower: str, opening: str, closing: str) -> str | None:
    start = lower.find(opening)
    if start < 0:
        return None
    body_start = lower.find(">", start)
    end = lower.find(closing, body_start + 1) if body_start >= 0 else -1
    return text[body_start + 1 : end] if end >= 0 else None


def _without_blocks(text: str, lower: str, tag: str) -> tuple[str, str]:
    """``text`` (and its lower-case copy) with every ``<tag ...>...</tag>`` block removed."""
    kept: list[tuple[int, int]] = []
    position = 0
    while True:
        start = lower.find("<" + tag, position)
        end = lower.find("</" + tag, start + 1) if start >= 0 else -1
        if start < 0 or end < 0:
            kept.append((position, len(text)))
            break
        kept.append((position, start))
        close = lower.find(">", end)
        position = len(text) if close < 0 else close + 1
    return "".join(text[a:b] for a, b in kept), "".join(lower[a:b] for a, b in kept)
