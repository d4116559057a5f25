"""Lifecycle of the embedded server: concurrency, clean stop, no thread left behind."""

from __future__ import annotations

import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit

import pytest
import requests

from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.server import start_simulator
from tests.unit.simulator.sim_http import CHECK, canada_body, check_headers, post_check

VALID = canada_body("421450", "1989-12-24", "PE", "1")


def simulator_threads() -> list[threading.Thread]:
    """Live threads started by any simulator."""
    return [t for t in threading.enumerate() if t.name.startswith("kiosk-simulator")]


def address(base_url: str) -> tuple[str, int]:
    """(host, port) of a base URL."""
    parts = urlsplit(base_url)
    assert parts.hostname is not None and parts.port is not None
    return parts.hostname, parts.port


def test_listens_on_loopback_with_a_free_port() -> None:
    with start_simulator(port=0) as handle:
        host, port = address(handle.base_url)
        assert handle.base_url == f"http://127.0.0.1:{port}"
        assert host == "127.0.0.1" and port > 0


def test_a_pending_request_does_not_block_another_client(fresh_simulator: Any) -> None:
    """Client A sends half a request and waits; client B is still answered meanwhile."""
    with socket.create_connection(address(fresh_simulator.base_url), timeout=10) as stalled:
        stalled.sendall(b"POST /api/v4/Check HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n{")
        reply = post_check(fresh_simulator.base_url, VALID)
        assert reply.status_code == 200
        stalled.sendall(b'"a": 1}   ')
        answer = stalled.recv(64)
        assert answer.startswith(b"HTTP/1.1 401")


def test_two_clients_at_once(fresh_simulator: Any) -> None:
    fresh_simulator.set_faults(Faults(latency_s=0.2))
    barrier = threading.Barrier(2)

    def one_check(_: int) -> dict[str, Any]:
        barrier.wait(timeout=10)
        reply = post_check(fresh_simulator.base_url, VALID)
        assert reply.status_code == 200
        element: dict[str, Any] = reply.json()[0]
        return element

    with ThreadPoolExecutor(max_workers=2) as pool:
        elements = list(pool.map(one_check, range(2)))
    ids = {e["requestDetail"]["requestLogId"] for e in elements}
    assert len(ids) == 2
    assert all(e["serviceVerificationResult"]["statusCode"] == 1 for e in elements)
    assert fresh_simulator.request_count == 2


def test_stop_closes_idle_keep_alive_connections_and_joins_threads() -> None:
    before = set(simulator_threads())
    handle = start_simulator()
    session = requests.Session()
    reply = session.post(handle.base_url + CHECK, json=VALID, headers=check_headers(), timeout=10)
    assert reply.status_code == 200
    assert len(set(simulator_threads()) - before) >= 2  # server loop + the idle connection
    handle.stop()
    handle.stop()  # idempotent
    assert set(simulator_threads()) - before == set()
    with pytest.raises(requests.ConnectionError):
        requests.post(handle.base_url + CHECK, json=VALID, headers=check_headers(), timeout=5)
    session.close()


def test_stop_ends_a_request_waiting_on_latency() -> None:
    before = set(simulator_threads())
    handle = start_simulator(faults=Faults(latency_s=60))
    errors: list[BaseException] = []

    def call() -> None:
        try:
            post_check(handle.base_url, VALID)
        except requests.RequestException as exc:
            errors.append(exc)

    caller = threading.Thread(target=call)
    caller.start()
    while handle.request_count == 0 and caller.is_alive():
        threading.Event().wait(0.01)
    handle.stop()
    caller.join(10)
    assert not caller.is_alive()
    assert len(errors) == 1 and isinstance(errors[0], requests.ConnectionError)
    assert set(simulator_threads()) - before == set()


def test_port_is_free_again_after_stop() -> None:
    handle = start_simulator()
    host, port = address(handle.base_url)
    handle.stop()
    again = start_simulator(port=port)
    try:
        assert again.base_url == f"http://{host}:{port}"
        assert post_check(again.base_url, VALID).status_code == 200
    finally:
        again.stop()
