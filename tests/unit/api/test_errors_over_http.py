"""Every error class, produced by real loopback servers misbehaving in one specific way."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from urllib3.exceptions import MaxRetryError, NewConnectionError, ProtocolError
from urllib3.util.retry import Retry

from kiosk_app.api import constants
from kiosk_app.api.client import VerificationClient
from kiosk_app.api.errors import (
    ApiConnectionError,
    ApiStatusError,
    ApiTimeoutError,
    AuthenticationError,
    BadReplyError,
    ConfigurationError,
    ReplyTooLargeError,
    ServerError,
    TlsError,
)
from kiosk_app.api.transport import build_session, connect_only_retry
from kiosk_app.api.validation import CanadaCheckInput
from tests.unit.api.conftest import TOKEN, client_for
from tests.unit.api.fake_servers import (
    DROP,
    HANG,
    ScriptedServer,
    always,
    free_closed_port,
    http_reply,
    self_signed_tls,
)
from tests.unit.api.reply_samples import canada_element

CANADA = CanadaCheckInput(licence_number="421450", date_of_birth="1989-12-24", province="PE")
PAYLOAD = b"@\n\x1e\rANSI 636000090002DL00410278ZV03190008DLDAQT64235789\n"
Serve = Callable[..., ScriptedServer]


def _signature(server: ScriptedServer, **overrides: object) -> None:
    client_for(server.url, **overrides).check_signature(PAYLOAD)


def test_server_that_never_answers_is_a_timeout_sent_once(serve: Serve) -> None:
    server = serve(always(HANG))
    with pytest.raises(ApiTimeoutError) as caught:
        _signature(server, read_timeout=0.3)
    assert "may or may not have been counted" in caught.value.user_message
    assert len(server.requests) == 1


def test_500_with_html_is_a_server_error_with_the_page_title(serve: Serve) -> None:
    page = "<html><head><title>Service Unavailable</title></head><body>x</body></html>"
    server = serve(always(http_reply(500, page, content_type="text/html")))
    with pytest.raises(ServerError) as caught:
        _signature(server)
    assert caught.value.status_code == 500
    assert caught.value.body_message == "Service Unavailable"
    assert "Service Unavailable" in caught.value.user_message
    assert len(server.requests) == 1  # status codes are never retried


@pytest.mark.parametrize(
    "page",
    [
        "<html><body><p>&lt;font color=green size=40&gt;VERIFIED&lt;/font&gt; a &lt; b</p></body>",
        "<html><head><title>&lt;img src=/dev/zero&gt;Down &amp; out</title></head></html>",
        "<html><body>&#60;b&#62;bold&#60;/b&#62; &amp;lt;i&amp;gt;</body></html>",
    ],
)
def test_escaped_markup_in_an_html_error_page_does_not_become_markup(
    serve: Serve, page: str
) -> None:
    server = serve(always(http_reply(503, page, content_type="text/html")))
    with pytest.raises(ServerError) as caught:
        _signature(server)
    body = caught.value.body_message or ""
    for made in ("<font", "<img", "<b>", "</b>", "</font>"):
        assert made not in body and made not in caught.value.user_message
    assert body  # the words are kept
    assert "VERIFIED" in body or "Down & out" in body or "bold" in body


def test_html_with_status_200_is_a_bad_reply(serve: Serve) -> None:
    server = serve(always(http_reply(200, "<html>login</html>", content_type="text/html")))
    with pytest.raises(BadReplyError):
        _signature(server)


@pytest.mark.parametrize(
    "body", [b'[{"success": tru', b"{]", b"", b"\xff\xfe\x00garbage", b'[{"success": NaN}]']
)
def test_malformed_json_is_a_bad_reply(serve: Serve, body: bytes) -> None:
    server = serve(always(http_reply(200, body)))
    with pytest.raises(BadReplyError):
        _signature(server)


def test_invalid_utf8_is_a_bad_reply(serve: Serve) -> None:
    server = serve(always(http_reply(200, b'[{"success": true, "x": "\xc3\x28"}]')))
    with pytest.raises(BadReplyError):
        _signature(server)


def test_reply_nested_too_deeply_is_a_bad_reply(serve: Serve) -> None:
    deep = b"[" * (constants.MAX_JSON_DEPTH + 5) + b"]" * (constants.MAX_JSON_DEPTH + 5)
    server = serve(always(http_reply(200, deep)))
    with pytest.raises(BadReplyError):
        _signature(server)


def test_truncated_body_is_a_bad_reply_and_not_retried(serve: Serve) -> None:
    server = serve(always(http_reply(200, b'[{"success": true', content_length=500)))
    with pytest.raises(BadReplyError) as caught:
        _signature(server)
    assert "cut off" in caught.value.user_message
    assert len(server.requests) == 1


def test_dropped_connection_after_sending_is_not_retried(serve: Serve) -> None:
    server = serve(always(DROP))
    with pytest.raises(ApiConnectionError) as caught:
        _signature(server)
    assert "may or may not have been counted" in caught.value.user_message
    assert len(server.requests) == 1
    assert server.connections == 1


def test_dropped_connection_before_reading_is_not_retried_either(serve: Serve) -> None:
    server = serve(always(DROP), drop_on_accept=True)
    with pytest.raises(ApiConnectionError):
        _signature(server)
    assert server.connections == 1


def test_declared_oversized_reply_is_refused(serve: Serve) -> None:
    server = serve(always(http_reply(200, b"[]", content_length=constants.MAX_REPLY_BYTES + 1)))
    with pytest.raises(ReplyTooLargeError):
        _signature(server)


def test_streamed_oversized_reply_stops_at_the_cap(serve: Serve) -> None:
    def flood(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n["
        )
        sent = 0
        while sent < 10 * 4096 and not stop.is_set():
            conn.sendall(b" " * 4096)
            sent += 4096

    server = serve(always(flood))
    with pytest.raises(ReplyTooLargeError):
        _signature(server, max_reply_bytes=16 * 1024)


def test_trickling_reply_hits_the_total_deadline(serve: Serve) -> None:
    def trickle(conn: socket.socket, stop: threading.Event) -> None:
        conn.sendall(
            b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n["
        )
        while not stop.wait(0.05):
            conn.sendall(b" ")

    server = serve(always(trickle))
    with pytest.raises(ApiTimeoutError):
        _signature(server, read_timeout=1.0, total_deadline=0.4)


@pytest.mark.parametrize("status", [401, 403])
def test_refused_token_is_an_authentication_error_without_the_token(
    serve: Serve, status: int
) -> None:
    echo = {"message": f"token {TOKEN} is not valid"}
    server = serve(always(http_reply(status, echo)))
    with pytest.raises(AuthenticationError) as caught:
        _signature(server)
    assert caught.value.status_code == status
    assert TOKEN not in str(caught.value)
    assert TOKEN not in (caught.value.body_message or "")
    assert "***" in (caught.value.body_message or "")


def test_other_status_carries_the_json_message(serve: Serve) -> None:
    body = {
        "code": "PDF417Error",
        "message": "Barcode could not be read",
        "propertyErrors": {},
        "multipleErrors": [None],
    }
    server = serve(always(http_reply(400, body)))
    with pytest.raises(ApiStatusError) as caught:
        client_for(server.url).dvs_parse(PAYLOAD)
    assert caught.value.status_code == 400
    assert caught.value.body_message == "PDF417Error: Barcode could not be read"


def test_field_level_validation_errors_are_shown(serve: Serve) -> None:
    body = {
        "title": "One or more validation errors occurred.",
        "status": 400,
        "errors": {"DateOfBirths": ["The value is not valid."]},
    }
    server = serve(always(http_reply(400, body)))
    with pytest.raises(ApiStatusError) as caught:
        _signature(server)
    assert "DateOfBirths: The value is not valid." in caught.value.user_message


def test_redirect_is_not_followed(serve: Serve) -> None:
    server = serve(always(http_reply(307, b"", extra={"Location": "https://example.org/x"})))
    with pytest.raises(ApiStatusError) as caught:
        _signature(server)
    assert caught.value.status_code == 307
    assert len(server.requests) == 1


def test_nobody_listening_is_a_connection_error() -> None:
    port = free_closed_port()
    client = client_for(f"http://127.0.0.1:{port}")
    with pytest.raises(ApiConnectionError) as caught:
        client.check_signature(PAYLOAD)
    assert not isinstance(caught.value, ApiTimeoutError)


def test_connect_failures_are_retried_by_urllib3_until_a_server_appears() -> None:
    """A server that starts listening after the first refused connect still gets the request."""
    port = free_closed_port()
    late: list[ScriptedServer] = []

    def start_late() -> None:
        time.sleep(0.2)
        late.append(ScriptedServer(always(http_reply(200, [canada_element()])), port=port))

    thread = threading.Thread(target=start_late)
    thread.start()
    # urllib3's backoff (0 s, then 0.6 s, ...) lets a later attempt reach the late server.
    client = VerificationClient(
        base_url=f"http://127.0.0.1:{port}", token=TOKEN, session=build_session(connect_retries=4)
    )
    try:
        result = client.check_canada(
            CanadaCheckInput(licence_number="421450", date_of_birth="1989-12-24", province="PE")
        )
        assert result.outcome.status_code == 1
        assert len(late[0].requests) == 1
    finally:
        thread.join()
        for server in late:
            server.stop()


def test_retry_policy_retries_connect_errors_only() -> None:
    policy = connect_only_retry(2)
    refused = NewConnectionError(None, "refused")  # type: ignore[arg-type]
    after_connect = policy.increment("POST", "/api/v4/Check", error=refused)
    assert after_connect.connect == 1
    dropped = ProtocolError("Connection aborted.", ConnectionResetError())
    with pytest.raises(ProtocolError):
        policy.increment("POST", "/api/v4/Check", error=dropped)
    assert policy.read == 0
    assert policy.status == 0
    assert not policy.is_retry("POST", 503)
    assert not policy._is_method_retryable("POST")
    exhausted = Retry(**{**policy.__dict__, "connect": 0, "total": 0})
    with pytest.raises(MaxRetryError):
        exhausted.increment("POST", "/x", error=refused)


def test_session_mounts_the_policy_on_both_schemes() -> None:
    session = build_session()
    for prefix in ("https://", "http://"):
        retry = session.get_adapter(prefix + "example.org").max_retries  # type: ignore[attr-defined]
        assert retry.connect == constants.CONNECT_RETRIES
        assert retry.read == 0
        assert retry.other == 0
        assert "POST" not in retry.allowed_methods


@pytest.mark.parametrize(
    "url",
    [
        "http://example.org",
        "ftp://127.0.0.1",
        "https://",
        "https://user:pw@example.org",
        "http://10.0.0.1:8080",
    ],
)
def test_unsafe_base_urls_are_configuration_errors(url: str) -> None:
    with pytest.raises(ConfigurationError):
        VerificationClient(base_url=url, token=TOKEN)


@pytest.mark.parametrize(
    "url",
    ["https://api.example.org/", "http://127.0.0.1:8080", "http://localhost:1", "http://[::1]:9"],
)
def test_https_and_loopback_http_are_accepted(url: str) -> None:
    VerificationClient(base_url=url, token=TOKEN).close()


def test_missing_ca_bundle_is_a_configuration_error(tmp_path: object) -> None:
    with pytest.raises(ConfigurationError):
        VerificationClient(base_url="https://a.example", token=TOKEN, ca_bundle="/nope/ca.pem")


def test_missing_token_or_address_is_a_configuration_error(serve: Serve) -> None:
    server = serve(always(http_reply(200, [canada_element()])))
    with pytest.raises(ConfigurationError):
        VerificationClient(base_url=server.url, token="").check_signature(PAYLOAD)
    with pytest.raises(ConfigurationError):
        VerificationClient(token=TOKEN).check_signature(PAYLOAD)
    assert server.requests == []


def test_token_with_line_break_is_refused_without_echo() -> None:
    with pytest.raises(ConfigurationError) as caught:
        VerificationClient(base_url="https://a.example", token="abc\r\nX-Evil: 1")
    assert "abc" not in str(caught.value)


def test_untrusted_certificate_is_a_tls_error_and_a_given_bundle_is_used(
    serve: Serve, tmp_path: Path
) -> None:
    context, cert = self_signed_tls(tmp_path)
    server = serve(always(http_reply(200, [canada_element()])), tls=context)
    assert server.url.startswith("https://")
    with pytest.raises(TlsError):
        client_for(server.url).check_canada(CANADA)
    assert server.requests == []  # nothing was sent over the refused connection
    trusted = client_for(server.url, ca_bundle=str(cert)).check_canada(CANADA)
    assert trusted.outcome.status_code == 1
