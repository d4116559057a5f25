"""The misbehaving-server cases of the reliability campaign, shared by the client tests, the GUI
tests and the figures script (``python -m tests.unit.api.network_faults``).

Each case builds a fresh fault (a raw reply, ``HANG``, or a ``Streamer`` writing over the raw
socket) and names the typed error and the words of its message that the clerk sees.
"""

from __future__ import annotations

import gzip
import json
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kiosk_app.api import constants
from kiosk_app.api.errors import (
    ApiStatusError,
    ApiTimeoutError,
    BadReplyError,
    CaptivePortalError,
    KioskApiError,
    ReplyTooLargeError,
)
from kiosk_app.api.validation import CanadaCheckInput
from tests.unit.api.fake_servers import (
    HANG,
    STREAM_HEAD,
    ScriptedServer,
    Streamer,
    dripping,
    first_then,
    http_reply,
)
from tests.unit.api.reply_samples import canada_element

CANADA = CanadaCheckInput(licence_number="421450", date_of_birth="1989-12-24", province="PE")
GOOD_REPLY = http_reply(200, [canada_element()])
# Short limits for the tests: the production values (5 s / 30 s / 45 s) behave the same.
LIMITS = {"connect_timeout": 1.0, "read_timeout": 1.5, "total_deadline": 2.5}
DRIP_INTERVAL_S = 0.5
# Peak memory a single faulty call may allocate: the capped body, once as chunks and once
# joined, plus parsing overhead.
MEMORY_BOUND_BYTES = 3 * constants.MAX_REPLY_BYTES

CAPTIVE_PAGE = (
    "<!DOCTYPE html><html><head><title>Welcome to Hotel Guest Wi-Fi</title></head>"
    "<body><form action='/login'>Room number <input name=room></form></body></html>"
)


def _numbers_for_strings() -> bytes:
    element = canada_element()
    element["error"] = {"message": 404, "traceId": 7}
    element["serviceVerificationResult"]["statusString"] = 1.5
    element["requestDetail"]["requestDateUtc"] = 20250101
    return http_reply(200, [element])


def _enormous_json() -> bytes:
    count = (constants.MAX_REPLY_BYTES - 64) // 3  # just under the size cap
    return http_reply(200, b"[" + b"{}," * (count - 1) + b"{}]")


def _nested(levels: int) -> bytes:
    return http_reply(200, b"[" * levels + b"]" * levels)


def _gzip_bomb() -> bytes:
    bomb = gzip.compress(b" " * (64 * constants.MAX_REPLY_BYTES), compresslevel=9)
    return http_reply(200, bomb, extra={"Content-Encoding": "gzip"})


@dataclass(frozen=True)
class FaultCase:
    """One misbehaviour, the typed error it must end in, and words of the clerk's message."""

    name: str
    make: Callable[[], Any]
    error: type[KioskApiError]
    words: str
    description: str


CASES: list[FaultCase] = [
    FaultCase(
        "never-answers",
        lambda: HANG,
        ApiTimeoutError,
        "did not answer in time",
        "accepts the request and never answers",
    ),
    FaultCase(
        "drips-whole-reply",
        lambda: dripping(GOOD_REPLY, DRIP_INTERVAL_S),
        ApiTimeoutError,
        "reply was still incomplete",
        "sends a valid reply one byte at a time, status line included",
    ),
    FaultCase(
        "drips-body",
        lambda: Streamer(STREAM_HEAD, b" ", DRIP_INTERVAL_S),
        ApiTimeoutError,
        "reply was still incomplete",
        "sends the headers, then one body byte at a time, forever",
    ),
    FaultCase(
        "endless-body",
        lambda: Streamer(STREAM_HEAD, b" " * 65536),
        ReplyTooLargeError,
        "far too large",
        "sends an endless body as fast as it can",
    ),
    FaultCase(
        "gzip-bomb",
        _gzip_bomb,
        ReplyTooLargeError,
        "far too large",
        "sends 260 KB of gzip that inflates to 256 MiB",
    ),
    FaultCase(
        "endless-headers",
        lambda: Streamer(b"HTTP/1.1 200 OK\r\n", b"X-Filler: " + b"a" * 100 + b"\r\n"),
        BadReplyError,
        "not valid HTTP",
        "sends header lines forever",
    ),
    FaultCase(
        "closes-mid-status-line",
        lambda: b"HTTP/1.1 20",
        BadReplyError,
        "not valid HTTP",
        "closes the connection in the middle of the status line",
    ),
    FaultCase(
        "closes-mid-headers",
        lambda: b"HTTP/1.1 200 OK\r\nContent-Type: appl",
        BadReplyError,
        "empty reply",
        "closes the connection in the middle of a header",
    ),
    FaultCase(
        "closes-after-length-header",
        lambda: b"HTTP/1.1 200 OK\r\nContent-Length: 400\r\n",
        BadReplyError,
        "cut off",
        "announces a 400-byte body, then closes",
    ),
    FaultCase(
        "invalid-utf8",
        lambda: http_reply(200, b'[{"success": true, "x": "\xc3\x28"}]'),
        BadReplyError,
        "cannot read",
        "sends JSON that is not valid UTF-8",
    ),
    FaultCase(
        "nested-70-levels",
        lambda: _nested(70),
        BadReplyError,
        "nested too deeply",
        "sends JSON nested 70 levels deep (limit 64)",
    ),
    FaultCase(
        "nested-500k-levels",
        lambda: _nested(500_000),
        BadReplyError,
        "far too many entries",
        "sends JSON nested 500,000 levels deep",
    ),
    FaultCase(
        "enormous-json",
        _enormous_json,
        BadReplyError,
        "far too many entries",
        "sends 4 MiB of tiny JSON objects (1.4 million), just under the size cap",
    ),
    FaultCase(
        "numbers-for-strings",
        _numbers_for_strings,
        BadReplyError,
        "cannot read",
        "sends numbers where the interface has strings",
    ),
    FaultCase(
        "captive-portal-200",
        lambda: http_reply(200, CAPTIVE_PAGE, content_type="text/html; charset=utf-8"),
        CaptivePortalError,
        "Wi-Fi sign-in page",
        "answers 200 with a sign-in web page",
    ),
    FaultCase(
        "redirect-other-host",
        lambda: http_reply(302, b"", extra={"Location": "http://portal.hotel.example/"}),
        ApiStatusError,
        "another site (portal.hotel.example)",
        "redirects to another host (not followed)",
    ),
]
CASES_BY_NAME = {case.name: case for case in CASES}


@dataclass
class Measured:
    """What one faulty call did: the error, the seconds it took, peak traced memory."""

    error: BaseException | None
    seconds: float
    peak_bytes: int


def run_fault(server_action: Any, call: Callable[[], Any]) -> Measured:
    """Run ``call`` once, timing it and tracing the memory it allocates."""
    tracemalloc.start()
    started = time.monotonic()
    error: BaseException | None = None
    try:
        call()
    except Exception as exc:  # the caller judges what came out
        error = exc
    seconds = time.monotonic() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return Measured(error, seconds, peak)


def _figures() -> None:
    """Print, per case, the error, the time to give up and the peak memory (production limits
    except the short test timeouts in ``LIMITS``)."""
    from tests.unit.api.conftest import client_for

    print(f"{'case':28} {'error':20} {'seconds':>8} {'peak MiB':>9}  next check")
    for case in CASES:
        fault = case.make()
        server = ScriptedServer(first_then(fault, GOOD_REPLY))
        try:
            client = client_for(server.url, **LIMITS)
            measured = run_fault(fault, lambda c=client: c.check_canada(CANADA))  # type: ignore[misc]
            status = client.check_canada(CANADA).outcome.status_string
        finally:
            server.stop()
        name = type(measured.error).__name__ if measured.error else "none"
        print(
            f"{case.name:28} {name:20} {measured.seconds:8.2f} "
            f"{measured.peak_bytes / 2**20:9.1f}  {status}"
        )
    print(json.dumps({"limits": LIMITS, "max_reply_bytes": constants.MAX_REPLY_BYTES}))


if __name__ == "__main__":
    _figures()
