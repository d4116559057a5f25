"""Shared, thread-safe state of one running simulator: counters, faults, data, stop signal."""

from __future__ import annotations

import threading

from kiosk_app.simulator.envelope import RequestLog
from kiosk_app.simulator.faults import Faults
from kiosk_app.simulator.registry import Registry, load_registry


class SimulatorState:
    """What every request handler of one simulator shares."""

    def __init__(self, faults: Faults | None = None, registry: Registry | None = None) -> None:
        self._lock = threading.Lock()
        self._faults = faults or Faults()
        self._request_count = 0
        self.registry = registry or load_registry()
        self.log = RequestLog()
        self.stopping = threading.Event()

    @property
    def faults(self) -> Faults:
        """The faults applied to the next requests."""
        with self._lock:
            return self._faults

    @faults.setter
    def faults(self, faults: Faults) -> None:
        with self._lock:
            self._faults = faults

    @property
    def request_count(self) -> int:
        """Requests received so far."""
        with self._lock:
            return self._request_count

    def count_request(self) -> None:
        """Record one more received request."""
        with self._lock:
            self._request_count += 1
