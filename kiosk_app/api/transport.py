"""HTTP plumbing of the client: the one session, its retry policy, URL rules and bounded replies.

Nothing here knows the interface's shapes; ``kiosk_app.api.client`` builds on it.
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Final
from urllib.parse import urlsplit

import requests
from urllib3.util.retry import Retry

from kiosk_app.api import constants
from kiosk_app.api.deadline import watched_adapter
from kiosk_app.api.errors import ApiTimeoutError, ConfigurationError, ReplyTooLargeError
from kiosk_app.hardening import ignore_key_log_setting
from kiosk_app.text import QT_TRANSLATE_NOOP

_CHUNK_BYTES = 64 * 1024
DEADLINE_MESSAGE = (
    "The verification service did not answer in time: its reply was still incomplete at the "
    "time limit. The check may or may not have been counted; do not repeat it straight away."
)
_LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain"})


def connect_only_retry(connect_retries: int = constants.CONNECT_RETRIES) -> Retry:
    """The retry policy: retry ONLY failures to connect, never anything after sending.

    A check is billable, so once the request may have reached the service it is never repeated
    automatically. urllib3 counts a refused or timed-out connection under ``connect`` (no byte of
    the request was sent). ``read=0``/``other=0`` and ``allowed_methods`` without POST make any
    error after sending (dropped connection, read timeout) final (urllib3 checks the method only
    for read errors; an EMPTY collection would mean "every method" there, so it is not used);
    ``status=0`` and no ``status_forcelist`` mean an HTTP status is never retried; redirects
    are not followed.
    """
    return Retry(
        total=connect_retries,
        connect=connect_retries,
        read=0,
        status=0,
        other=0,
        redirect=0,
        allowed_methods=frozenset({"GET", "HEAD"}),  # never POST
        status_forcelist=(),
        backoff_factor=constants.RETRY_BACKOFF_FACTOR_S,
        raise_on_status=False,
        raise_on_redirect=False,
        respect_retry_after_header=False,
    )


def build_session(connect_retries: int = constants.CONNECT_RETRIES) -> requests.Session:
    """A session whose http and https adapters use :func:`connect_only_retry`.

    The adapters' connections also report their sockets to ``deadline.CallDeadline``, so a
    call's total deadline holds even while the status line and headers are still dripping in.
    """
    ignore_key_log_setting()  # urllib3 reads it for every new TLS connection
    session = requests.Session()
    adapter = watched_adapter(max_retries=connect_only_retry(connect_retries))
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session


def is_loopback_host(host: str) -> bool:
    """True for ``localhost`` and loopback IP addresses (127.0.0.0/8, ::1)."""
    name = host.strip("[]").lower()
    if name in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class AddressSentences:
    """What the clerk reads about one address the client checks: whole sentences, each marked
    here, so a translator sees the address's name within its sentence."""

    invalid: str
    credentials: str
    plain_http: str
    not_set: str = ""  # the proxy may be left empty: never "not set"


# The addresses the client checks, by their label (``checked_base_url``; the admin settings
# name the same labels in ``kiosk_app.app.admin.URL_FIELDS``).
ADDRESS_SENTENCES: Final[Mapping[str, AddressSentences]] = MappingProxyType(
    {
        "check service": AddressSentences(
            QT_TRANSLATE_NOOP(
                "messages", "The check service address is not a valid https address."
            ),
            QT_TRANSLATE_NOOP(
                "messages",
                "The check service address must not contain a user name, password, query or "
                "fragment.",
            ),
            QT_TRANSLATE_NOOP(
                "messages",
                "The check service address must use https (plain http is allowed only on this "
                "computer).",
            ),
            QT_TRANSLATE_NOOP(
                "messages", "The check service address is not set. Ask the administrator."
            ),
        ),
        "document verification": AddressSentences(
            QT_TRANSLATE_NOOP(
                "messages", "The document verification address is not a valid https address."
            ),
            QT_TRANSLATE_NOOP(
                "messages",
                "The document verification address must not contain a user name, password, "
                "query or fragment.",
            ),
            QT_TRANSLATE_NOOP(
                "messages",
                "The document verification address must use https (plain http is allowed only "
                "on this computer).",
            ),
            QT_TRANSLATE_NOOP(
                "messages", "The document verification address is not set. Ask the administrator."
            ),
        ),
        "legacy parsing service": AddressSentences(
            QT_TRANSLATE_NOOP(
                "messages", "The legacy parsing service address is not a valid https address."
            ),
            QT_TRANSLATE_NOOP(
                "messages",
                "The legacy parsing service address must not contain a user name, password, "
                "query or fragment.",
            ),
            QT_TRANSLATE_NOOP(
                "messages",
                "The legacy parsing service address must use https (plain http is allowed only "
                "on this computer).",
            ),
            QT_TRANSLATE_NOOP(
                "messages",
                "The legacy parsing service address is not set. Ask the administrator.",
            ),
        ),
        "proxy": AddressSentences(
            QT_TRANSLATE_NOOP("messages", "The proxy address is not a valid https address."),
            QT_TRANSLATE_NOOP(
                "messages",
                "The proxy address must not contain a user name, password, query or fragment.",
            ),
            QT_TRANSLATE_NOOP(
                "messages",
                "The proxy address must use https (plain http is allowed only on this computer).",
            ),
        ),
    }
)


def checked_base_url(url: str, label: str) -> str:
    """``url`` without a trailing slash, if it is https (or http on loopback); else an error
    in the sentences of ``label`` (a key of :data:`ADDRESS_SENTENCES`)."""
    sentences = ADDRESS_SENTENCES[label]
    text = url.strip()
    parts = urlsplit(text)
    host = parts.hostname or ""
    if parts.scheme not in ("https", "http") or not host:
        raise ConfigurationError(sentences.invalid)
    if parts.username or parts.password or parts.query or parts.fragment:
        raise ConfigurationError(sentences.credentials)
    if parts.scheme == "http" and not is_loopback_host(host):
        raise ConfigurationError(sentences.plain_http)
    return text.rstrip("/")


def checked_ca_bundle(ca_bundle: str | None) -> str | bool:
    """The ``verify`` argument: a CA bundle path when given, else ``True``. Never ``False``."""
    if not ca_bundle:
        return True
    if not Path(ca_bundle).is_file():
        raise ConfigurationError(
            QT_TRANSLATE_NOOP("messages", "The CA bundle file in the settings does not exist.")
        )
    return str(ca_bundle)


@dataclass(frozen=True)
class RawReply:
    """A reply read in full within the limits: status, content type, body bytes, redirect."""

    status_code: int
    content_type: str
    body: bytes
    location: str = ""


def read_bounded(
    response: requests.Response,
    *,
    max_bytes: int = constants.MAX_REPLY_BYTES,
    deadline_s: float = constants.TOTAL_REPLY_DEADLINE_S,
    started: float | None = None,
) -> RawReply:
    """Read a streamed reply, stopping at ``max_bytes`` or when the total deadline has passed.

    ``read1`` returns whatever has arrived, so a server trickling bytes is still checked against
    the deadline between chunks; the size counts decoded bytes, so a compressed bomb stops too.
    """
    begin = time.monotonic() if started is None else started
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > max_bytes:
        raise ReplyTooLargeError()
    chunks: list[bytes] = []
    size = 0
    raw = response.raw
    while True:
        chunk = raw.read1(_CHUNK_BYTES, decode_content=True)
        if not chunk:
            break
        size += len(chunk)
        if size > max_bytes:
            raise ReplyTooLargeError()
        chunks.append(chunk)
        if time.monotonic() - begin > deadline_s:
            raise ApiTimeoutError(DEADLINE_MESSAGE)
    return RawReply(
        status_code=response.status_code,
        content_type=response.headers.get("Content-Type", ""),
        body=b"".join(chunks),
        location=response.headers.get("Location", ""),
    )
