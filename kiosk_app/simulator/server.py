"""Start and stop the embedded simulator: a stdlib ``ThreadingHTTPServer`` on loopback.

>>> handle = start_simulator(port=0)      # returns once it is listening
>>> handle.base_url                       # "http://127.0.0.1:PORT"
>>> handle.stop()                         # closes every connection and joins every thread
"""

from __future__ import annotations

import contextlib
import socket
import threading
from http.server import ThreadingHTTPServer
from types import TracebackType
from typing import Any

from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.handlers import SimulatorRequestHandler
from kiosk_app.simulator.state import SimulatorState

_JOIN_TIMEOUT_S = 5.0


class _TrackingServer(ThreadingHTTPServer):
    """A threading server that remembers its connections and workers so stop() can end them."""

    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], handler: type[SimulatorRequestHandler]) -> None:
        super().__init__(address, handler)
        self._tracked_lock = threading.Lock()
        self._connections: set[socket.socket] = set()
        self._workers: set[threading.Thread] = set()

    def process_request(self, request: Any, client_address: Any) -> None:
        """Serve the connection in a daemon worker thread that is tracked until it ends."""
        worker = threading.Thread(
            target=self._serve_connection,
            args=(request, client_address),
            name="kiosk-simulator-connection",
            daemon=True,
        )
        with self._tracked_lock:
            self._connections.add(request)
            self._workers.add(worker)
        worker.start()

    def _serve_connection(self, request: Any, client_address: Any) -> None:
        try:
            self.process_request_thread(request, client_address)
        finally:
            with self._tracked_lock:
                self._connections.discard(request)
                self._workers.discard(threading.current_thread())

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Swallow per-connection errors silently (the default prints a traceback to stderr)."""

    def close_connections_and_join(self) -> None:
        """Shut every open connection down and wait for the workers."""
        with self._tracked_lock:
            connections, workers = list(self._connections), list(self._workers)
        for connection in connections:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
        for worker in workers:
            worker.join(_JOIN_TIMEOUT_S)


class SimulatorHandle:
    """A running simulator: its base URL, request counter, fault switch and stop()."""

    def __init__(self, server: _TrackingServer, state: SimulatorState, host: str) -> None:
        self._server = server
        self._state = state
        port = server.server_address[1]
        self.base_url = f"http://{host}:{port}"
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="kiosk-simulator",
            daemon=True,
        )
        self._stop_lock = threading.Lock()
        self._stopped = False

    @property
    def request_count(self) -> int:
        """Requests received since start (any path, any method)."""
        return self._state.request_count

    @property
    def faults(self) -> Faults:
        """The faults currently applied."""
        return self._state.faults

    def set_faults(self, faults: Faults) -> None:
        """Apply ``faults`` to every request from now on."""
        self._state.faults = faults

    def _start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop serving, close every connection and join every thread. Idempotent."""
        with self._stop_lock:
            if self._stopped:
                return
            self._stopped = True
        self._state.stopping.set()
        if self._thread.is_alive():
            self._server.shutdown()
        self._server.close_connections_and_join()
        self._server.server_close()
        self._thread.join(_JOIN_TIMEOUT_S)

    def __enter__(self) -> SimulatorHandle:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


def start_simulator(
    host: str = "127.0.0.1", port: int = 0, faults: Faults | None = None
) -> SimulatorHandle:
    """Start a simulator in a background thread; returns once it accepts connections.

    ``port=0`` picks a free port. Bind only to loopback unless you mean to expose it.
    """
    state = SimulatorState(faults)
    handler = type("BoundSimulatorHandler", (SimulatorRequestHandler,), {"state": state})
    server = _TrackingServer((host, port), handler)
    handle = SimulatorHandle(server, state, host)
    handle._start()
    return handle
