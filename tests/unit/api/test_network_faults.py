"""Raw-socket servers misbehaving on purpose: every case ends in its typed error within the
client's limits, with bounded memory, and the same client's next check works."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from kiosk_app.api import constants
from kiosk_app.api.errors import ApiStatusError, InputRejectedError, ServerError
from kiosk_app.api.replies import decode_json, looks_like_web_page, within_json_budget
from tests.unit.api.conftest import client_for
from tests.unit.api.fake_servers import (
    STREAM_HEAD,
    ScriptedServer,
    Streamer,
    always,
    first_then,
    http_reply,
)
from tests.unit.api.network_faults import (
    CANADA,
    CASES,
    GOOD_REPLY,
    LIMITS,
    MEMORY_BOUND_BYTES,
    FaultCase,
    run_fault,
)
from tests.unit.api.reply_samples import canada_element, dvs_reply

Serve = Callable[..., ScriptedServer]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_fault_ends_in_its_typed_error_with_bounded_memory_and_the_next_check_works(
    serve: Serve, case: FaultCase
) -> None:
    fault = case.make()
    server = serve(first_then(fault, GOOD_REPLY))
    client = client_for(server.url, **LIMITS)

    measured = run_fault(fault, lambda: client.check_canada(CANADA))

    assert type(measured.error) is case.error, repr(measured.error)
    assert case.words in str(measured.error)
    assert measured.peak_bytes < MEMORY_BOUND_BYTES
    if isinstance(fault, Streamer):  # the client stopped reading long before the server would
        assert fault.sent < max(fault.limit, len(fault.head)) // 2
    assert client.check_canada(CANADA).outcome.status_code == 1
    assert len(server.requests) == 2  # never retried: one faulty call, one good one


def test_endless_body_is_cut_at_the_cap_while_streaming(serve: Serve) -> None:
    """With a small cap the client stops after about cap bytes, not after the whole stream."""
    stream = Streamer(STREAM_HEAD, b"[" * 4096, limit=64 * 1024 * 1024)
    server = serve(always(stream))
    measured = run_fault(
        stream, lambda: client_for(server.url, max_reply_bytes=64 * 1024).check_canada(CANADA)
    )
    assert type(measured.error).__name__ == "ReplyTooLargeError"
    assert measured.peak_bytes < 8 * 1024 * 1024
    # Socket buffers hold a few MB at most; the server was stopped far short of 64 MiB.
    assert stream.sent < 16 * 1024 * 1024


def test_redirect_to_the_same_host_blames_the_address(serve: Serve) -> None:
    server = serve(always(http_reply(308, b"", extra={"Location": "/v5/Check"})))
    with pytest.raises(ApiStatusError) as caught:
        client_for(server.url).check_canada(CANADA)
    assert "address in the settings is probably wrong" in caught.value.user_message
    assert len(server.requests) == 1


def test_redirect_host_with_odd_characters_is_not_shown(serve: Serve) -> None:
    location = "http://evil<script>.example/"
    server = serve(always(http_reply(302, b"", extra={"Location": location})))
    with pytest.raises(ApiStatusError) as caught:
        client_for(server.url).check_canada(CANADA)
    assert "<script>" not in caught.value.user_message


def test_error_page_with_a_deep_error_chain_is_a_server_error(serve: Serve) -> None:
    text = '{"error":' * 2000 + '{"message":"inner"}' + "}" * 2000
    server = serve(always(http_reply(500, text)))
    with pytest.raises(ServerError) as caught:
        client_for(server.url).check_canada(CANADA)
    assert caught.value.status_code == 500


def test_error_page_of_unclosed_tags_is_a_server_error_with_text(serve: Serve) -> None:
    page = "<title>" + "<script>" * 20_000 + "<<<<" * 20_000
    server = serve(always(http_reply(503, page, content_type="text/html")))
    with pytest.raises(ServerError) as caught:
        client_for(server.url).check_canada(CANADA)
    assert len(caught.value.user_message) < 600


def test_error_page_scripts_and_styles_are_not_shown(serve: Serve) -> None:
    page = (
        "<html><style>p{color:red}</style><script>var t='x';</script>"
        "<p>Gateway &amp; proxy error</p></html>"
    )
    server = serve(always(http_reply(502, page, content_type="text/html")))
    with pytest.raises(ServerError) as caught:
        client_for(server.url).check_canada(CANADA)
    assert caught.value.body_message == "Gateway & proxy error"


def test_json_mislabelled_as_html_is_still_read(serve: Serve) -> None:
    server = serve(always(http_reply(200, [canada_element()], content_type="text/html")))
    assert client_for(server.url).check_canada(CANADA).outcome.status_code == 1


def test_a_large_real_reply_is_within_the_json_budget() -> None:
    reply = dvs_reply()
    reply["images"] = {"backOrSecondImage": "QUJD" * 700_000}  # a 2.8 MB picture
    body = json.dumps(reply).encode()
    assert len(body) < constants.MAX_REPLY_BYTES
    assert within_json_budget(body)
    assert decode_json(body)["images"]["backOrSecondImage"].startswith("QUJD")


@pytest.mark.parametrize(
    ("content_type", "body", "page"),
    [
        ("text/html", b"<html></html>", True),
        ("application/json", b"\xef\xbb\xbf \r\n<!DOCTYPE html>", True),
        ("text/html; charset=utf-8", b"Please sign in", True),
        ("text/html", b'[{"success": true}]', False),
        ("application/json", b'{"a": "<b>"}', False),
        ("", b"", False),
    ],
)
def test_web_page_detection(content_type: str, body: bytes, page: bool) -> None:
    assert looks_like_web_page(content_type, body) is page


def test_enormous_json_error_page_is_read_cheaply(serve: Serve) -> None:
    body = b"[" + b"{}," * (constants.MAX_REPLY_BYTES // 3 - 1) + b"{}]"
    server = serve(always(http_reply(500, body)))
    measured = run_fault(None, lambda: client_for(server.url).check_canada(CANADA))
    assert isinstance(measured.error, ServerError)
    assert measured.peak_bytes < MEMORY_BOUND_BYTES


@pytest.mark.parametrize("flood", [b"@\nANSI " + b"7" * 1_000_000, bytes(range(256)) * 4096])
def test_a_megabyte_from_a_flooding_scanner_is_never_sent(serve: Serve, flood: bytes) -> None:
    server = serve(always(GOOD_REPLY))
    client = client_for(server.url)
    for call in (client.check_signature, client.dvs_parse, client.legacy_parse):
        with pytest.raises(InputRejectedError) as caught:
            call(flood)
        assert caught.value.field == "barcode"
    assert server.requests == []
