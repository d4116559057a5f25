"""A small HTTP CONNECT proxy on loopback that counts its tunnels.

The proxy, not the client, resolves the tunnel's host: ``routes`` maps a name such as
``verify.kiosk.test:443`` to the loopback port of a test server. So the client addresses a
non-loopback name (which it would never send to a proxy if it were loopback) without that name
having to exist in DNS, just as a corporate proxy resolves names the kiosk cannot.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from dataclasses import dataclass, field

from tests.unit.api.loopback import LoopbackListener


@dataclass
class ConnectProxy(LoopbackListener):
    """Answers ``CONNECT host:port`` by piping to ``routes[host:port]`` on 127.0.0.1."""

    routes: dict[str, int] = field(default_factory=dict)
    refuse_with: int | None = None  # e.g. 407: answer every CONNECT with this status
    tunnels: list[str] = field(default_factory=list)
    requests_seen: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._listen()

    @property
    def url(self) -> str:
        """``http://127.0.0.1:PORT``, as an administrator would enter it."""
        return f"http://{self.authority}"

    def _handle(self, conn: socket.socket) -> None:
        conn.settimeout(10)
        head = b""
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in head and len(head) < 65536:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                head += chunk
        line = head.split(b"\r\n", 1)[0].decode("latin-1")
        self.requests_seen.append(line)
        method, _, rest = line.partition(" ")
        authority = rest.split(" ", 1)[0]
        port = self.routes.get(authority)
        if method != "CONNECT" or self.refuse_with or port is None:
            status = self.refuse_with or (405 if method != "CONNECT" else 502)
            with contextlib.suppress(OSError):
                conn.sendall(f"HTTP/1.1 {status} No\r\nContent-Length: 0\r\n\r\n".encode())
            conn.close()
            return
        upstream = socket.create_connection(("127.0.0.1", port), timeout=10)
        self._open.append(upstream)
        self.tunnels.append(authority)
        conn.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
        threading.Thread(target=_pipe, args=(upstream, conn), daemon=True).start()
        _pipe(conn, upstream)


def _pipe(source: socket.socket, target: socket.socket) -> None:
    with contextlib.suppress(OSError):
        while True:
            data = source.recv(65536)
            if not data:
                break
            target.sendall(data)
    with contextlib.suppress(OSError):
        target.shutdown(socket.SHUT_WR)
