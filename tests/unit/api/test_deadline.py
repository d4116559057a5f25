"""``CallDeadline``: sockets watched during a call are shut down when it expires, never after."""

from __future__ import annotations

import socket
import threading

from kiosk_app.api.deadline import CallDeadline
from kiosk_app.api.transport import build_session


def test_expiry_ends_a_blocked_read() -> None:
    ours, theirs = socket.socketpair()
    with ours, theirs:
        ours.settimeout(30)  # far longer than the deadline: only the shutdown can end the read
        with CallDeadline(0.2) as deadline:
            deadline.watch(ours)
            assert ours.recv(10) == b""
        assert deadline.expired


def test_a_socket_watched_after_expiry_is_shut_at_once() -> None:
    ours, theirs = socket.socketpair()
    with ours, theirs:
        ours.settimeout(30)
        with CallDeadline(0.05) as deadline:
            threading.Event().wait(0.2)
            deadline.watch(ours)
            assert ours.recv(10) == b""


def test_a_finished_call_leaves_its_sockets_alone() -> None:
    ours, theirs = socket.socketpair()
    with ours, theirs:
        with CallDeadline(0.05) as deadline:
            deadline.watch(ours)
        threading.Event().wait(0.2)  # the timer would have fired by now
        assert not deadline.expired
        theirs.sendall(b"still open")
        assert ours.recv(10) == b"still open"


def test_watch_of_nothing_is_harmless() -> None:
    with CallDeadline(1.0) as deadline:
        deadline.watch(None)
    assert not deadline.expired


def test_the_session_uses_watched_connections_direct_and_through_proxies() -> None:
    session = build_session()
    adapter = session.get_adapter("https://example.org")
    pools = adapter.poolmanager.pool_classes_by_scheme  # type: ignore[attr-defined]
    assert {cls.__name__ for cls in pools.values()} == {"_WatchedHTTPPool", "_WatchedHTTPSPool"}
    proxy_manager = adapter.proxy_manager_for("http://127.0.0.1:3128")  # type: ignore[attr-defined]
    assert proxy_manager.pool_classes_by_scheme == pools
