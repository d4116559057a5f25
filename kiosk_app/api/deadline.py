"""A hard deadline for a whole call, however slowly the server drips its reply.

Socket timeouts bound each wait for *a* byte, not the call: a server (or a captive portal, or a
broken middlebox) sending one byte a second keeps every wait short and never finishes its
status line and headers, which ``requests`` reads before handing anything back. So each call
runs inside :class:`CallDeadline`; the session's connections (see :func:`watched_adapter`)
report their socket to the running deadline just before the reply is read, and when the
deadline passes a timer shuts that socket down. The blocked read then ends at once and the
client reports a timeout.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType
from typing import Any

from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.poolmanager import PoolManager

_current = threading.local()


class CallDeadline:
    """Context manager: sockets reported while it is active are shut down when it expires."""

    def __init__(self, seconds: float) -> None:
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._expired = False
        self._finished = False
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    @property
    def expired(self) -> bool:
        """True once the deadline has passed during the call."""
        return self._expired

    def __enter__(self) -> CallDeadline:
        _current.deadline = self
        self._timer.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._timer.cancel()
        with self._lock:
            self._finished = True
            self._sockets.clear()
        _current.deadline = None

    def watch(self, sock: socket.socket | None) -> None:
        """Shut ``sock`` down if the deadline passes before the call ends."""
        if sock is None:
            return
        with self._lock:
            if self._finished:
                return
            if self._expired:
                _shut(sock)
            else:
                self._sockets.append(sock)

    def _expire(self) -> None:
        with self._lock:
            if self._finished:
                return
            self._expired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    # The base-class method acts on the descriptor only: for a TLS socket this leaves the
    # SSL object to the reading thread, whose blocked read then sees end-of-stream.
    with contextlib.suppress(OSError):
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


def _watch_current(sock: Any) -> None:
    deadline: CallDeadline | None = getattr(_current, "deadline", None)
    if deadline is not None and isinstance(sock, socket.socket):
        deadline.watch(sock)


class _WatchedHTTPConnection(HTTPConnection):
    """An HTTP connection that hands its socket to the running deadline."""

    def _new_conn(self) -> socket.socket:
        sock = super()._new_conn()
        _watch_current(sock)  # covers a proxy's CONNECT reply too
        return sock

    def getresponse(self) -> Any:
        _watch_current(self.sock)
        return super().getresponse()


class _WatchedHTTPSConnection(_WatchedHTTPConnection, HTTPSConnection):
    """An HTTPS connection that hands its socket to the running deadline.

    Its method order: the watching methods, then ``HTTPSConnection``, then ``HTTPConnection``.
    """


class _WatchedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _WatchedHTTPConnection


class _WatchedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _WatchedHTTPSConnection


def _use_watched_pools(manager: PoolManager) -> PoolManager:
    manager.pool_classes_by_scheme = {"http": _WatchedHTTPPool, "https": _WatchedHTTPSPool}
    return manager


class _WatchedAdapter(HTTPAdapter):
    """``HTTPAdapter`` whose pools (direct and through proxies) use the watched connections."""

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        """Build the pool manager, then switch it to the watched pool classes."""
        super().init_poolmanager(*args, **kwargs)
        _use_watched_pools(self.poolmanager)

    def proxy_manager_for(self, proxy: str, **proxy_kwargs: Any) -> Any:
        """The proxy's pool manager, switched to the watched pool classes."""
        return _use_watched_pools(super().proxy_manager_for(proxy, **proxy_kwargs))


def watched_adapter(**kwargs: Any) -> HTTPAdapter:
    """An ``HTTPAdapter`` (same arguments) whose connections honour :class:`CallDeadline`."""
    return _WatchedAdapter(**kwargs)
