"""HTTP plumbing of the simulator: reads a request, applies injected faults, writes the reply.

Nothing about a request is logged (bodies hold personal data and headers the token).
"""

from __future__ import annotations

import contextlib
import json
import socket
from http.server import BaseHTTPRequestHandler
from typing import Any, ClassVar

from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.routes import PATHS, Reply, json_reply, route
from kiosk_app.simulator.state import SimulatorState

MAX_REQUEST_BYTES = 32 * 1024 * 1024
OVERSIZED_REPLY_BYTES = 5 * 1024 * 1024 + 17
_HTML_PAGE = (
    "<!DOCTYPE html><html><head><title>{status} Error</title></head>"
    "<body><h1>{status} Error</h1><p>The service is unavailable (simulated).</p></body></html>"
)


class SimulatorRequestHandler(BaseHTTPRequestHandler):
    """One connection of the simulator (HTTP/1.1, keep-alive)."""

    protocol_version = "HTTP/1.1"
    server_version = "KioskSimulator/1.0"
    sys_version = ""
    timeout = 30  # seconds an idle keep-alive connection is kept
    # Headers and body are separate writes: without TCP_NODELAY a keep-alive client waits ~40 ms
    # for a delayed ACK on every request.
    disable_nagle_algorithm = True
    state: ClassVar[SimulatorState]  # set on a subclass per server

    def log_message(self, format: str, *args: Any) -> None:
        """Log nothing: requests carry personal data and the token."""

    def do_POST(self) -> None:
        """Every endpoint is a POST."""
        self.state.count_request()
        body = self._read_body()
        if body is None:
            return
        faults = self.state.faults
        if faults.latency_s and self.state.stopping.wait(faults.latency_s):
            self.close_connection = True
            return
        if faults.drop_connection:
            self._drop()
            return
        reply = self._early_fault(faults) or self._routed(body)
        self._send(self._late_fault(faults, reply))

    def _routed(self, body: bytes) -> Reply:
        path = self.path.split("?", 1)[0]
        try:
            return route(path, self._lower_headers(), body, self.state, self.client_address[0])
        except Exception:  # a simulator bug: answer like the service's 500, never hang up
            return json_reply(500, _api_error("Internal error of the simulator"))

    def do_GET(self) -> None:
        """Only POST is served: 405 on a known path, 404 elsewhere."""
        self.state.count_request()
        known = self.path.split("?", 1)[0] in PATHS
        reply = json_reply(405 if known else 404, {"message": "Use POST" if known else "Not found"})
        if known:
            reply.headers["Allow"] = "POST"
        self._send(reply)

    def do_PUT(self) -> None:
        """Not served (see do_GET)."""
        self.do_GET()

    def do_DELETE(self) -> None:
        """Not served (see do_GET)."""
        self.do_GET()

    def _lower_headers(self) -> dict[str, str]:
        return {name.lower(): value for name, value in self.headers.items()}

    def _read_body(self) -> bytes | None:
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            self._send(json_reply(411, {"message": "Content-Length is required"}), close=True)
            return None
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if length < 0 or length > MAX_REQUEST_BYTES:
            self._send(json_reply(413, {"message": "Request body too large"}), close=True)
            return None
        return self.rfile.read(length) if length else b""

    def _drop(self) -> None:
        """Close the connection without answering."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)

    @staticmethod
    def _early_fault(faults: Faults) -> Reply | None:
        if faults.http_status is not None:
            if faults.html_error:
                return _html_reply(faults.http_status)
            return json_reply(faults.http_status, _api_error("Simulated server error"))
        if faults.html_error:
            return _html_reply(502)
        return None

    @staticmethod
    def _late_fault(faults: Faults, reply: Reply) -> Reply:
        if faults.malformed_json:
            return Reply(200, b'[{"requestDetail": {"requestLogId": 1,, <html>oops')
        if faults.truncated_json:
            return Reply(200, reply.body[: max(1, len(reply.body) // 2)])
        if faults.oversized_reply:
            padding = "x" * OVERSIZED_REPLY_BYTES
            return Reply(200, json.dumps([{"padding": padding}]).encode("ascii"))
        return reply

    def _send(self, reply: Reply, close: bool = False) -> None:
        try:
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Content-Length", str(len(reply.body)))
            for name, value in reply.headers.items():
                self.send_header(name, value)
            if close:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            self.wfile.write(reply.body)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (e.g. it refused an oversized reply): nothing left to do.
            self.close_connection = True


def _api_error(message: str) -> dict[str, object]:
    """The vendor's error body with code ApiError (what its HTTP 500 carries)."""
    return {"code": "ApiError", "message": message, "propertyErrors": {}, "multipleErrors": []}


def _html_reply(status: int) -> Reply:
    page = _HTML_PAGE.format(status=status).encode("utf-8")
    return Reply(status, page, "text/html; charset=utf-8")
