"""Small real servers on loopback for the client's error tests: each answers by a script.

``ScriptedServer(action)`` accepts connections, reads one HTTP request per connection
(headers and ``Content-Length`` body), records it, and then does what ``action(request)``
returns: bytes to send (then close), ``HANG`` (never answer), ``DROP`` (close without a reply),
or a callable given the socket (for trickling). ``drop_on_accept`` closes before reading.
"""

from __future__ import annotations

import contextlib
import json
import socket
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from ipaddress import ip_address
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from tests.unit.api.loopback import LoopbackListener

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
class ScriptedServer(LoopbackListener):
    """A loopback server whose replies come from ``action``; counts what it received."""

    action: Action
    requests: list[Recorded] = field(default_factory=list)
    connections: int = 0
    port: int = 0
    drop_on_accept: bool = False
    tls: ssl.SSLContext | None = None
    greeting: bytes = b""  # sent (then close) as soon as a client connects, before any TLS

    def __post_init__(self) -> None:
        self._listen(self.port, reuse_address=True)

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT`` (``https://`` when serving TLS)."""
        scheme = "https" if self.tls is not None else "http"
        return f"{scheme}://{self.authority}"

    def _accepted(self, conn: socket.socket) -> None:
        self.connections += 1

    def _handle(self, conn: socket.socket) -> None:
        conn.settimeout(5)
        if self.greeting:
            with contextlib.suppress(OSError):
                conn.sendall(self.greeting)
            conn.close()
            return
        if self.tls is not None:
            try:
                conn = self.tls.wrap_socket(conn, server_side=True)
            except (ssl.SSLError, OSError):
                conn.close()
                return
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
    headers = {
        "Content-Type": content_type,
        "Content-Length": str(length),
        "Connection": "close",
        **(extra or {}),
    }
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


def self_signed_tls(directory: Path) -> tuple[ssl.SSLContext, Path]:
    """A server TLS context with a fresh self-signed certificate for 127.0.0.1, and its PEM."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.now(UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(days=1))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ip_address("127.0.0.1"))]), critical=False
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path = directory / "server.pem"
    key_path = directory / "server.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert_path, key_path)
    return context, cert_path


def first_then(fault: Any, good: Any) -> Action:
    """An action doing ``fault`` for the first request and answering ``good`` afterwards."""
    seen: list[int] = []

    def action(_request: Recorded) -> Any:
        seen.append(1)
        return fault if len(seen) == 1 else good

    return action


@dataclass
class Streamer:
    """A reply written piece by piece: ``head``, then ``piece`` every ``interval_s`` seconds
    until ``limit`` bytes of body went out, the client hung up, or the server stopped.

    ``sent`` counts every byte written (head included), so a test can tell that the client
    gave up long before the server would have finished.
    """

    head: bytes
    piece: bytes = b" "
    interval_s: float = 0.0
    limit: int = 64 * 1024 * 1024
    sent: int = 0

    def __call__(self, conn: socket.socket, stop: threading.Event) -> None:
        """Write the reply; ends quietly when the client closes the connection."""
        try:
            self._write(conn, stop, self.head, self.interval_s if not self.piece else 0.0)
            body = 0
            while body < self.limit and not stop.is_set():
                conn.sendall(self.piece)
                self.sent += len(self.piece)
                body += len(self.piece)
                if self.interval_s and stop.wait(self.interval_s):
                    return
        except OSError:
            return

    def _write(
        self, conn: socket.socket, stop: threading.Event, data: bytes, interval_s: float
    ) -> None:
        if not interval_s:
            conn.sendall(data)
            self.sent += len(data)
            return
        for byte in data:  # one byte at a time, status line and headers included
            if stop.wait(interval_s):
                return
            conn.sendall(bytes([byte]))
            self.sent += 1


def dripping(reply: bytes, interval_s: float) -> Streamer:
    """A complete ``reply`` sent one byte every ``interval_s`` seconds, head included."""
    return Streamer(head=reply, piece=b"", interval_s=interval_s, limit=0)


STREAM_HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
