"""Small real servers on loopback for the client's error tests: each answers by a script.

``ScriptedServer(action)`` accepts connections, reads one HTTP request per connection
(headers and ``Content-Length`` body), records it, and then does what ``action(request)``
returns: bytes to send (then close), ``HANG`` (never answer), ``DROP`` (close without a reply),
or a callable given the socket (for trickling). ``drop_on_accept`` closes before reading.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

HANG = "hang"
DROP = "drop"


@dataclass
class Recorded:
    """One request as the server received it."""

    method: str
    path: str
    headers: dict[str, str]
    raw_headers: list[tuple[str, str]]
    body: bytes

    def json(self) -> Any:
        """The body parsed as JSON."""
        return json.loads(self.body)


Action = Callable[[Recorded], Any]


@dataclass
class ScriptedServer:
    """A loopback server whose replies come from ``action``; counts what it received."""

    action: Action
    requests: list[Recorded] = field(default_factory=list)
    connections: int = 0
    port: int = 0
    drop_on_accept: bool = False

    def __post_init__(self) -> None:
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", self.port))
        self._sock.listen(16)
        self._sock.settimeout(0.1)
        self._stop = threading.Event()
        self._clients: list[socket.socket] = []
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self._sock.getsockname()[1]}"

    def stop(self) -> None:
        """Stop accepting and close every connection."""
        self._stop.set()
        self._thread.join(5)
        for client in self._clients:
            client.close()
        self._sock.close()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            self._clients.append(conn)
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        conn.settimeout(5)
        if self.drop_on_accept:
            conn.close()
            return
        try:
            request = _read_request(conn)
            if request is None:
                conn.close()
                return
            self.requests.append(request)
            outcome = self.action(request)
            if outcome == DROP:
                conn.close()
            elif outcome == HANG:
                self._stop.wait(30)
            elif callable(outcome):
                outcome(conn, self._stop)
                conn.close()
            else:
                conn.sendall(outcome)
                conn.close()
        except OSError:
            conn.close()


def _read_request(conn: socket.socket) -> Recorded | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    raw_headers = [tuple(x.strip() for x in line.split(":", 1)) for line in lines[1:]]
    headers = {k.lower(): v for k, v in raw_headers}
    length = int(headers.get("content-length", "0"))
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        rest += chunk
    return Recorded(method, path, headers, raw_headers, rest[:length])  # type: ignore[arg-type]


def http_reply(
    status: int,
    body: bytes | str | Any = b"",
    *,
    content_type: str = "application/json; charset=utf-8",
    content_length: int | None = None,
    extra: dict[str, str] | None = None,
) -> bytes:
    """A complete HTTP/1.1 reply (JSON-encodes ``body`` unless it is bytes or str)."""
    if isinstance(body, str):
        payload = body.encode("utf-8")
    elif isinstance(body, bytes):
        payload = body
    else:
        payload = json.dumps(body).encode("utf-8")
    length = len(payload) if content_length is None else content_length
    headers = {"Content-Type": content_type, "Content-Length": str(length),
               "Connection": "close", **(extra or {})}
    head = f"HTTP/1.1 {status} X\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return head.encode("latin-1") + b"\r\n" + payload


def always(reply: Any) -> Action:
    """An action answering every request with the same thing."""
    return lambda _request: reply


def free_closed_port() -> int:
    """A loopback port nobody listens on (bound then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
